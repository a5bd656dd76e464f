//! Proving the result of a position: two searches to the same depth, one
//! valuing every unfinished line as the worst possible result for the player
//! to move at the root and one as the best. Minimax is monotone in its leaf
//! values, so the two root values bound the true value; when they meet, it is
//! proven. Database results (exact where the database says so) stop lines
//! early; they give the result but not the margin, so with them a proof may
//! settle win/draw/loss while the margin stays open.

use crate::clock::Stopwatch;
use crate::egdb::play;
use crate::score::Score;
use crate::search::{Horizon, Limits, Oracle, SearchOptions, Searcher};
use mancala_rules::{BySide, Game, Pit, Wdl};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// The outcome of [`solve`].
#[derive(Clone, Debug)]
pub struct Solution {
    /// Lower and upper bounds of the value for the player to move at the
    /// last depth completed.
    pub lower: Score,
    pub upper: Score,
    /// The depth the bounds come from.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// A best line from the position (to the end of the game when proven).
    pub line: Vec<Pit>,
    /// The final scores at the end of `line`, when it reaches the end.
    pub final_scores: Option<BySide<u8>>,
}

impl Solution {
    /// The proven result, if win/draw/loss is settled.
    pub fn result(&self) -> Option<Wdl> {
        (self.lower.result() == self.upper.result()).then(|| self.lower.result())
    }

    /// Whether the margin is settled too.
    pub fn exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// Tries to prove the value of the game's position within `limits` (its
/// time, on its clock; the deepest pair of searches, `depth`; the positions
/// both searches may visit in all, `nodes`), reporting each depth's bounds
/// to `progress`. `progress` returning `Break` stops the deepening there,
/// as reaching a limit does: [`stop_at_result`] stops once win/draw/loss
/// is proven, without narrowing the margin; [`keep_going`] runs on until
/// the value is exact.
pub fn solve(
    game: &Game,
    limits: Limits,
    oracle: Option<&dyn Oracle>,
    progress: &mut dyn FnMut(u32, Score, Score) -> ControlFlow<()>,
) -> Solution {
    solve_with_table(game, limits, DEFAULT_TABLE_MB, oracle, progress)
}

/// The transposition table each of [`solve`]'s two searches uses, MiB.
pub const DEFAULT_TABLE_MB: usize = 64;

/// [`solve`] with tables of `table_mb` MiB for its two searches: a proof
/// with another table size reaches the same value by other paths (a
/// second check of a published value).
pub fn solve_with_table(
    game: &Game,
    limits: Limits,
    table_mb: usize,
    oracle: Option<&dyn Oracle>,
    progress: &mut dyn FnMut(u32, Score, Score) -> ControlFlow<()>,
) -> Solution {
    let started = Instant::now();
    let rules = *game.rules();
    let mut low = Searcher::with_table(rules, table_mb);
    let mut high = Searcher::with_table(rules, table_mb);
    let mut solution = Solution {
        lower: Score::WORST,
        upper: Score::BEST,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        line: Vec::new(),
        final_scores: None,
    };
    if game.is_over() {
        let pos = game.position();
        let score = Score::of_outcome(&rules, pos, pos.to_move());
        solution.lower = score;
        solution.upper = score;
        solution.final_scores = Some(pos.captured());
        return solution;
    }
    // A database that knows the position exactly (no repetition history
    // yet) settles the result at once; the searches then only narrow the
    // margin, which it does not hold.
    let oracle = oracle.filter(|o| o.covers(&rules));
    let known = oracle
        .filter(|_| game.repeatable_positions().len() == 1)
        .and_then(|o| o.result(game.position()))
        .map(band);
    if let Some((lo, hi)) = known {
        solution.lower = lo;
        solution.upper = hi;
    }
    let watch = Stopwatch::start(limits.clock);
    // What one search may still use: the time and nodes left (none: no
    // limit), to this depth.
    let left = |depth: u32, nodes: u64| Limits {
        depth: Some(depth),
        nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
        time: limits.time.map(|t| t.saturating_sub(watch.elapsed())),
        clock: limits.clock,
    };
    let spent = |l: &Limits| l.time.is_some_and(|t| t.is_zero()) || l.nodes == Some(0);
    let mut best_line = Vec::new();
    for depth in 1..=limits.depth.unwrap_or(126).min(126) {
        let these = left(depth, solution.nodes);
        if spent(&these) {
            break;
        }
        let options = SearchOptions::new(these).horizon(Horizon::Pessimistic).oracle(oracle);
        let lower = low.search(game, options);
        solution.nodes += lower.nodes;
        if lower.depth < depth {
            break; // out of time or nodes
        }
        let mut these = left(depth, solution.nodes);
        if spent(&these) {
            break;
        }
        these.time = these.time.map(|t| t.max(Duration::from_millis(1)));
        let options = SearchOptions::new(these).horizon(Horizon::Optimistic).oracle(oracle);
        let upper = high.search(game, options);
        solution.nodes += upper.nodes;
        if upper.depth < depth {
            break;
        }
        let (lo, hi) = known.unwrap_or((Score::WORST, Score::BEST));
        solution.lower = lower.score.max(lo);
        solution.upper = upper.score.min(hi);
        solution.depth = depth;
        best_line.clone_from(&lower.pv);
        let asked = progress(depth, solution.lower, solution.upper);
        if solution.lower == solution.upper || lower.exact {
            solution.upper = lower.score;
            break;
        }
        if asked.is_break() {
            break;
        }
    }
    solution.elapsed = started.elapsed();
    // The line: each player moves by a search whose horizon is worst for
    // them, so both follow the strategies that prove the bounds, and the
    // line's end lies between them.
    let root_side = game.position().to_move();
    let mut line_game = game.clone();
    let mut line = Vec::new();
    let proven = solution.result().is_some();
    if proven {
        // The walk has its own budget: half the solving time, at least a
        // second and at most ten. Past it, the line is finished by short
        // searches, so that it always reaches the end of the game.
        let walk_budget = (limits.time.unwrap_or(Duration::MAX) / 2)
            .clamp(Duration::from_secs(1), Duration::from_secs(10));
        let walk_deadline = Instant::now() + walk_budget;
        let mut quick = Searcher::with_table(rules, 4);
        let mut guard = 0;
        while !line_game.is_over() && guard < 1000 {
            guard += 1;
            // A position the database calls won is played by the shortest
            // way out of its stretch without captures, as in a game: moving
            // from won position to won position alone can walk in a circle,
            // and a circle ends the game as a cycle, not a win.
            if let Some(way) = oracle.and_then(|o| {
                let positions = line_game.repeatable_positions();
                let (pos, history) = positions.split_last().expect("the game has a position");
                let deadline = walk_deadline.max(Instant::now() + Duration::from_millis(200));
                play::winning_move(&rules, o, history, pos, play::WAY_OUT_NODES, Some(deadline))
            }) {
                if line_game.play(way.pit).is_err() {
                    break;
                }
                line.push(way.pit);
                continue;
            }
            let left = walk_deadline.saturating_duration_since(Instant::now());
            let report = if left.is_zero() {
                quick.search(&line_game, Limits::depth(4))
            } else {
                let depth_left = solution.depth.saturating_sub(line.len() as u32).max(1);
                let limits =
                    Limits { depth: Some(depth_left), time: Some(left), ..Limits::default() };
                let mover = line_game.position().to_move();
                // Pessimistic for the mover: `low`'s table holds the root
                // player's, `high`'s the opponent's.
                let searcher = if mover == root_side { &mut low } else { &mut high };
                let options =
                    SearchOptions::new(limits).horizon(Horizon::Pessimistic).oracle(oracle);
                searcher.search(&line_game, options)
            };
            let Some(pit) = report.best else { break };
            if line_game.play(pit).is_err() {
                break;
            }
            line.push(pit);
        }
        if line_game.is_over() {
            solution.final_scores = Some(line_game.position().captured());
        }
        solution.line = line;
    } else {
        solution.line = best_line;
    }
    solution
}

/// A `progress` for [`solve`] that asks for the exact value.
pub fn keep_going(_depth: u32, _lower: Score, _upper: Score) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// A `progress` for [`solve`] that stops as soon as win, draw or loss is
/// proven (the bounds' results agree), leaving the margin open.
pub fn stop_at_result(_depth: u32, lower: Score, upper: Score) -> ControlFlow<()> {
    if lower.result() == upper.result() {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

/// The scores a database result allows: the result is known, the margin
/// is not.
fn band(result: Wdl) -> (Score, Score) {
    let centre = match result {
        Wdl::Win => Score::WIN,
        Wdl::Draw => 0,
        Wdl::Loss => -Score::WIN,
    };
    (Score(centre - Score::MARGIN_MAX), Score(centre + Score::MARGIN_MAX))
}
