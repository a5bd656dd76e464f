//! The generator: random positions with few seeds on the board, each
//! proven move by move; those with exactly one move keeping the best result
//! become puzzles, with the line that proves them.

use crate::prove::{keeping, Need, Prover};
use crate::{has_margin, kind_of, puzzle_id, seed_rating_of, Kind, Puzzle};
use mancala_rules::{BySide, Capture, Game, Ruleset, Setup, Side, Wdl};
use std::collections::HashSet;

/// The longest solution kept (plies): longer forced lines are rare and
/// make poor puzzles to play through.
pub const MAX_LINE: usize = 24;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// Seeds on the board, at least and at most.
    pub min_seeds: u32,
    pub max_seeds: u32,
    /// Puzzles wanted.
    pub count: usize,
    /// Candidate positions to try at most.
    pub attempts: usize,
    /// The random generator's seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// The most positions one proof may search.
    pub nodes: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            min_seeds: 4,
            max_seeds: 10,
            count: 200,
            attempts: 200_000,
            seed: 1,
            nodes: 200_000,
        }
    }
}

/// What a generation found.
#[derive(Clone, Debug, Default)]
pub struct Found {
    pub puzzles: Vec<Puzzle>,
    /// Candidates tried, and those the node budget could not prove.
    pub tried: usize,
    pub unproven: usize,
}

/// A random candidate position: `n` seeds dropped one by one into random
/// pits, the captured seeds split near evenly (so that the result is still
/// open), a random side to move. `None` if it is not a position worth a
/// puzzle (over already, or fewer than two moves).
fn candidate(ruleset: &Ruleset, rng: &mut fastrand::Rng, n: u32) -> Option<Game> {
    let rules = &ruleset.rules;
    let mut pits = vec![0u8; rules.pit_count()];
    for _ in 0..n {
        let pit = rng.usize(..pits.len());
        pits[pit] += 1;
    }
    let captured = rules.total_seeds() - n;
    let spread = n as i64;
    let south = (captured as i64 / 2 + rng.i64(-spread..=spread)).clamp(0, captured as i64) as u32;
    let to_move = if rng.bool() { Side::South } else { Side::North };
    let captured = BySide { south, north: captured - south };
    let setup = Setup { pits, captured, to_move, first_lap_capture: None };
    let position = rules.setup(&setup).ok()?;
    if position.is_over() {
        return None;
    }
    let game = Game::from_position(*rules, position);
    (game.legal_moves().len() >= 2).then_some(game)
}

/// Finds puzzles for a ruleset. `prover` proves results (with the database
/// where there is one), `margins` proves margins (without).
pub fn generate<'a>(
    ruleset: &'static Ruleset,
    options: &Options,
    prover: &mut Prover<'a>,
    margins: &mut Prover<'a>,
    progress: &mut dyn FnMut(&Found),
) -> Found {
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let mut found = Found::default();
    let mut seen = HashSet::new();
    let step = if matches!(ruleset.rules.capture, Capture::Fours { .. }) { 4 } else { 1 };
    let low = options.min_seeds.div_ceil(step) * step;
    let high = options.max_seeds / step * step;
    if low > high {
        return found;
    }
    while found.puzzles.len() < options.count && found.tried < options.attempts {
        let n = low + step * rng.u32(0..=(high - low) / step);
        let Some(game) = candidate(ruleset, &mut rng, n) else { continue };
        if !seen.insert(game.position().to_string()) {
            continue;
        }
        found.tried += 1;
        match examine(ruleset, &game, prover, margins) {
            Examined::Puzzle(p) => {
                found.puzzles.push(*p);
                progress(&found);
            }
            Examined::Unproven => found.unproven += 1,
            Examined::Nothing => {}
        }
    }
    found
}

enum Examined {
    Puzzle(Box<Puzzle>),
    Unproven,
    Nothing,
}

fn examine<'a>(
    ruleset: &'static Ruleset,
    game: &Game,
    prover: &mut Prover<'a>,
    margins: &mut Prover<'a>,
) -> Examined {
    // With a database, only positions it settles are worth the search:
    // the rest are left to the cycles, slow to prove and poor puzzles.
    match prover.database_result(game) {
        Some(None) => return Examined::Unproven,
        Some(Some(Wdl::Loss)) => return Examined::Nothing,
        _ => {}
    }
    let Some(values) = prover.move_values(game, Need::Result) else { return Examined::Unproven };
    let best = values.iter().map(|&(_, s)| s.result()).max().expect("moves");
    if best == Wdl::Loss {
        return Examined::Nothing;
    }
    let keep = keeping(&values, Need::Result);
    let (need, first, keep_first) = if keep.len() == 1 {
        (Need::Result, keep[0], keep)
    } else if best == Wdl::Win && has_margin(ruleset) {
        // Several moves win: is one of them the only largest margin?
        let Some(margin_values) = margins.move_values(game, Need::Margin) else {
            return Examined::Unproven;
        };
        let keep = keeping(&margin_values, Need::Margin);
        if keep.len() != 1 {
            return Examined::Nothing;
        }
        (Need::Margin, keep[0], keep)
    } else {
        return Examined::Nothing;
    };
    let solver = game.position().to_move();
    let mut line_game = game.clone();
    let mut moves = vec![first];
    if line_game.play(first).is_err() {
        return Examined::Nothing;
    }
    let line_prover: &mut Prover<'a> = if need == Need::Margin { margins } else { prover };
    while !line_game.is_over() {
        if moves.len() > MAX_LINE {
            return Examined::Nothing;
        }
        let Some(values) = line_prover.move_values(&line_game, need) else {
            return Examined::Unproven;
        };
        let keep = keeping(&values, need);
        if line_game.position().to_move() == solver && keep.len() != 1 {
            break;
        }
        // The defence: the first (in board order) of the moves keeping the
        // defender's best; the solver: the only move keeping the result.
        let pit = keep[0];
        if line_game.play(pit).is_err() {
            return Examined::Nothing;
        }
        moves.push(pit);
    }
    let kind = kind_of(game, first, best, need == Need::Margin);
    let rating = seed_rating_of(game, &moves, &keep_first);
    Examined::Puzzle(Box::new(Puzzle {
        id: puzzle_id(ruleset, game.position()),
        ruleset,
        position: *game.position(),
        kind,
        moves,
        result: best,
        rating,
    }))
}

impl Kind {
    /// Whether the generator can find puzzles of this kind in a ruleset.
    pub fn applies(self, ruleset: &Ruleset) -> bool {
        self != Kind::WinTheMostSeeds || has_margin(ruleset)
    }
}
