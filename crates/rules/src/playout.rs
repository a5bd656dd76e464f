//! Uniformly random games through the [`Game`] API, for benchmarks and tests.

use crate::game::Game;
use crate::position::Position;
use crate::rules::Rules;
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
    let mut game = Game::from_position(*rules, *start);
    let mut sig = Signature { games, ..Signature::default() };
    for _ in 0..games {
        game.restart();
        loop {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let Some(pit) = legal.nth(pick(legal.len())) else {
                break;
            };
            if game.play(pit).is_err() {
                break;
            }
            sig.plies += 1;
        }
        match game.position().outcome().and_then(|o| o.winner) {
            Some(Side::South) => sig.south_wins += 1,
            Some(Side::North) => sig.north_wins += 1,
            None => sig.draws += 1,
        }
    }
    sig
}
