//! Uniformly random games through the [`Game`] API, for benchmarks and tests.

use crate::game::Game;
use crate::lap::LapPlayout;
use crate::position::Position;
use crate::rules::{Rules, Sowing};
use crate::side::Side;

/// A deterministic summary of a batch of random games: any change in the
/// rules' behaviour changes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Signature {
    pub games: u64,
    pub plies: u64,
    pub south_wins: u64,
    pub north_wins: u64,
    pub draws: u64,
}

/// Plays `games` uniformly random games from `start`. `pick(n)` must return
/// a number below `n`; it is the only source of randomness.
pub fn random_games(
    rules: &Rules,
    start: &Position,
    games: u64,
    mut pick: impl FnMut(usize) -> usize,
) -> Signature {
    let mut sig = Signature { games, ..Signature::default() };
    if let Some(mut playout) = LapPlayout::new(rules) {
        // The Oware family: the same games, move for move, much faster.
        for _ in 0..games {
            sig.plies += u64::from(playout.random_game(start, &mut pick));
            sig.count(playout.position().outcome().and_then(|o| o.winner));
        }
        return sig;
    }
    let mut game = Game::from_position(*rules, *start);
    for _ in 0..games {
        sig.plies += u64::from(random_game(&mut game, &mut pick));
        sig.count(game.position().outcome().and_then(|o| o.winner));
    }
    sig
}

impl Signature {
    fn count(&mut self, winner: Option<Side>) {
        match winner {
            Some(Side::South) => self.south_wins += 1,
            Some(Side::North) => self.north_wins += 1,
            None => self.draws += 1,
        }
    }
}

/// Plays one uniformly random game to its end from `game`'s start (the game
/// is restarted first) and returns the plies played. `pick(n)` must return
/// a number below `n`.
#[inline]
pub fn random_game(game: &mut Game, pick: &mut impl FnMut(usize) -> usize) -> u32 {
    let rules = *game.rules();
    game.restart();
    let mut plies = 0;
    'game: loop {
        // Relay moves must be sown to know they are legal (not endless):
        // rather than sowing them all, try a random non-empty pit and
        // discard it if illegal; the pick stays uniform over the legal
        // moves (and, with no endless move, draws the same numbers).
        let mut options = match rules.sowing {
            Sowing::Relay => rules.candidate_moves(game.position()),
            Sowing::SingleLap => game.legal_moves(),
        };
        loop {
            if options.is_empty() {
                break 'game;
            }
            let Some(pit) = options.nth(pick(options.len())) else {
                break 'game;
            };
            // (`play_with` is `play` compiled into this loop.)
            if game.play_with(pit, &mut ()).is_ok() {
                break;
            }
            options.remove(pit);
        }
        plies += 1;
    }
    plies
}
