//! The search benchmark (`mancala searchbench`): a fixed suite of positions,
//! each searched to a fixed depth with a fresh table. The total node count
//! is a signature of the search's behaviour: a change to move ordering, the
//! table or pruning shows in it (`tests/bench.rs` pins it), while a change
//! that only makes the search faster leaves it as it is.

use crate::search::{Limits, Searcher};
use mancala_rules::{ruleset, Game, Pit, Rules, Ruleset};
use std::time::{Duration, Instant};

/// The suite's rulesets, by id: named rather than every preset, so that a
/// new ruleset does not change the signature.
pub const RULESETS: [&str; 5] = [
    "barbados-warri-speightstown",
    "barbados-warri-bridgetown",
    "wahree",
    "anywoli",
    "oware-abapa",
];

/// The depth of the 2 x 6 games' searches by default; Anywoli's (2 x 12)
/// are three plies shallower.
pub const DEPTH: u32 = 11;

/// The table of each search, in MiB: 2^19 entries (of 8 bytes; until the
/// entries were packed it was 16 MiB of 16-byte entries, the same count).
const TABLE_MB: usize = 8;

/// What one ruleset's part of the suite took.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    pub ruleset: &'static Ruleset,
    pub depth: u32,
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// This thread's processor time, where the system reports it: on a
    /// busy machine a fairer measure than the wall clock.
    pub cpu: Option<Duration>,
}

/// The suite's games for one ruleset: the start, and seeded random openings
/// of 4, 8 and 12 moves.
pub fn positions(rules: Rules) -> Vec<Game> {
    let mut rng = fastrand::Rng::with_seed(1);
    (0..4)
        .map(|k| {
            let mut game = Game::new(rules);
            for pit in opening(rules, 4 * k, &mut rng) {
                game.play(pit).expect("an opening's moves are legal");
            }
            game
        })
        .collect()
}

/// Runs the suite with `depth` for the 2 x 6 games ([`DEPTH`] by default),
/// calling `each` after every ruleset; returns the total node count.
pub fn run(depth: u32, each: &mut dyn FnMut(&Part)) -> u64 {
    let mut total = 0;
    for id in RULESETS {
        let ruleset = ruleset(id).expect("the suite's rulesets exist");
        let rules = ruleset.rules;
        let depth = if rules.pits_per_row == 12 { depth.saturating_sub(3).max(1) } else { depth };
        let games = positions(rules);
        let (started, cpu_started) = (Instant::now(), crate::clock::thread_time());
        let mut nodes = 0;
        for game in &games {
            nodes += Searcher::with_table(rules, TABLE_MB).search(game, Limits::depth(depth)).nodes;
        }
        let cpu =
            cpu_started.zip(crate::clock::thread_time()).map(|(from, to)| to.saturating_sub(from));
        each(&Part { ruleset, depth, nodes, elapsed: started.elapsed(), cpu });
        total += nodes;
    }
    total
}

/// A seeded random opening of `plies` moves that does not end the game
/// (empty if 100 tries all ended it). The suite's positions and the
/// openings of `mancala match` both come from here; `tests/bench.rs` pins
/// the suite's node counts, so a change to it shows there.
pub fn opening(rules: Rules, plies: u32, rng: &mut fastrand::Rng) -> Vec<Pit> {
    'retry: for _ in 0..100 {
        let mut game = Game::new(rules);
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                continue 'retry;
            }
            let pit = legal.nth(rng.usize(..legal.len())).expect("a move");
            game.play(pit).expect("legal");
            moves.push(pit);
        }
        if !game.is_over() {
            return moves;
        }
    }
    Vec::new()
}

/// The depth of the search that judges an opening in
/// [`balanced_opening`].
pub const BALANCE_DEPTH: u32 = 8;

/// A seeded random opening of `plies` moves (as [`opening`]) that a
/// depth-[`BALANCE_DEPTH`] search values within `max_tenths` tenths of a
/// seed of even, for the player to move, and not as a proven result: random
/// openings of a sharp game (Anywoli's relays) often hand one side a won
/// game, and a match from those measures who got the better opening, not
/// who plays better. `None` if 1,000 openings were all further from even.
pub fn balanced_opening(
    rules: Rules,
    plies: u32,
    max_tenths: i32,
    rng: &mut fastrand::Rng,
) -> Option<Vec<Pit>> {
    let mut searcher = Searcher::with_table(rules, 4);
    for _ in 0..1000 {
        let line = opening(rules, plies, rng);
        let mut game = Game::new(rules);
        for &pit in &line {
            game.play(pit).ok()?;
        }
        if game.is_over() {
            continue;
        }
        searcher.clear();
        let score = searcher.search(&game, Limits::depth(BALANCE_DEPTH)).score;
        if !score.is_decisive() && score.0.abs() <= max_tenths {
            return Some(line);
        }
    }
    None
}
