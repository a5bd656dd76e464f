//! Win, draw or loss under the repetition rule itself, with no depth limit.
//!
//! The game ends at the first position (board and side to move) that comes
//! back since the last capture, with an award read from that position (its
//! rows split, or each to its owner, by the ruleset). So a stretch of play
//! between two captures is a game on the graph of its positions in which
//! returning to a visited one ends it, and a position's value depends on
//! the positions visited since the capture. [`StretchSolver`] searches that
//! game exactly: a depth-first alpha-beta over win/draw/loss that follows
//! every line to its end (a capture, a cycle, or the end of the game), with
//! two tables:
//!
//! - positions right after a capture (and the root), whose value depends on
//!   the position alone: their bounds are kept by position, and an endgame
//!   database ([`Oracle`]) answers those it holds exactly;
//! - every other position, whose value depends on the set of positions
//!   since the capture as well: bounds kept under the position and that set
//!   (two 64-bit hashes of the set; a line that reaches the same position
//!   through the same positions in another order is the same game).
//!
//! This is what `mancala solve --stretch` runs; the depth-bounded proof
//! (`crate::solve`) cannot settle a position whose capture-free lines are
//! longer than its depth.

use crate::cycle_bounds::{CycleBounds, SouthBounds};
use crate::egdb::play::Oracle;
use mancala_rules::{Capture, EndReason, LastFour, Pit, Position, Rules, Wdl};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::time::Instant;

/// Why a search stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It visited as many positions as it was allowed.
    Nodes,
    /// Its time ran out.
    Time,
    /// A capture-free stretch grew longer than [`MAX_STRETCH`] moves (the
    /// search recurses once a move: run it on a thread with
    /// [`STACK_BYTES`] of stack).
    Depth,
}

/// The longest capture-free stretch the search follows.
pub const MAX_STRETCH: usize = 200_000;

/// The stack a thread running the search needs for [`MAX_STRETCH`] moves.
pub const STACK_BYTES: usize = 2 << 30;

/// What [`StretchSolver::solve`] proved.
#[derive(Clone, Debug)]
pub struct StretchOutcome {
    /// The result for the player to move, or why there is none.
    pub result: Result<Wdl, Stopped>,
    /// The positions searched (each move played once counts one).
    pub nodes: u64,
    /// The longest capture-free stretch followed, in moves.
    pub longest_stretch: usize,
    /// Positions kept in the two tables at the end.
    pub fresh_kept: usize,
    pub routes_kept: usize,
    /// Positions answered by the database.
    pub database_hits: u64,
    /// Positions settled by the cycle bounds.
    pub bounded: u64,
}

/// The least and the most South would get as a cycle's award at the
/// positions since the last capture before a position (South's results),
/// tracked where the cycle bounds are on; `None` where there are none (or
/// the bounds are off).
type AwardRange = Option<(Wdl, Wdl)>;

/// What a move leads to, from its mover's side.
enum Step {
    /// The end of the game, or a cycle: the result for the mover.
    End(Wdl),
    /// A capture: the position starts a fresh history.
    Capture(Position),
    /// The stretch goes on.
    Quiet(Position),
}

/// Bounds on a value for the player to move: `lo <= value <= hi`.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lo: Wdl,
    hi: Wdl,
}

/// The exhaustive solver, its tables kept between calls (a second root in
/// the same game reuses what the first proved).
pub struct StretchSolver<'a> {
    rules: Rules,
    oracle: Option<&'a dyn Oracle>,
    /// Every cycle is a draw and only reaching the target wins
    /// (`egdb::unresolved_is_draw`): the database then bounds a position
    /// with history too (see [`StretchSolver::search`]).
    cycles_draw: bool,
    /// Values of positions with no history (right after a capture).
    fresh: HashMap<Position, Bounds>,
    /// Values of positions with history: keyed by the position and the hash
    /// of the positions since the last capture.
    routes: HashMap<(Position, u128), Bounds>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    longest: usize,
    database_hits: u64,
    /// The most entries the tables keep: a full table is emptied (they are
    /// caches; what they forget is searched again).
    max_entries: usize,
    /// Whether children are tried the promising first (see
    /// [`StretchSolver::plain_order`]).
    order_moves: bool,
    /// Bounds on positions right after a capture that hold with no search
    /// of the history ([`StretchSolver::cycle_bounds`]).
    cycle_bounds: Option<CycleBounds<'a>>,
    /// Positions the cycle bounds settled.
    bounded: u64,
}

impl<'a> StretchSolver<'a> {
    /// Whether it can solve games under `rules`: not where a lot drawn at
    /// the start gives the last four (`anywoli-lot`), since the game's lot
    /// is not part of its positions.
    pub fn supports(rules: &Rules) -> bool {
        !matches!(rules.capture, Capture::Fours { last_four: LastFour::Lot })
    }

    pub fn new(rules: Rules, oracle: Option<&'a dyn Oracle>) -> StretchSolver<'a> {
        StretchSolver {
            rules,
            oracle: oracle.filter(|o| o.covers(&rules)),
            cycles_draw: crate::egdb::unresolved_is_draw(&rules),
            fresh: HashMap::new(),
            routes: HashMap::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            longest: 0,
            database_hits: 0,
            max_entries: table_entries(DEFAULT_TABLE_MB),
            order_moves: true,
            cycle_bounds: None,
            bounded: 0,
        }
    }

    /// Bounds every position right after a capture (and the root, where it
    /// has no history) by [`crate::cycle_bounds`] before searching it, and
    /// stops there where the bounds meet. Ignored where they do not apply
    /// ([`CycleBounds::supports`]).
    pub fn cycle_bounds(mut self, on: bool) -> Self {
        self.cycle_bounds = (on && CycleBounds::supports(&self.rules))
            .then(|| CycleBounds::new(self.rules, self.oracle).deadline(self.deadline));
        self
    }

    /// The cycle bounds of `pos` as a position without history, for its
    /// player to move, where they are on and its stretch was bounded.
    pub fn known_bounds(&self, pos: &Position) -> Option<(Wdl, Wdl)> {
        Some(self.cycle_bounds.as_ref()?.known(pos)?.for_side(pos.to_move()))
    }

    /// The largest stretch the cycle bounds build a graph of
    /// ([`CycleBounds::max_stretch`]).
    pub fn max_stretch(mut self, positions: usize) -> Self {
        self.cycle_bounds = self.cycle_bounds.map(|b| b.max_stretch(positions));
        self
    }

    /// What the bounds did, where they are on.
    pub fn cycle_bounds_stats(&self) -> Option<crate::cycle_bounds::BoundsStats> {
        self.cycle_bounds.as_ref().map(CycleBounds::stats)
    }

    /// Stops after `nodes` positions in all (`None`: no limit).
    pub fn node_limit(mut self, nodes: Option<u64>) -> Self {
        self.node_limit = nodes.unwrap_or(u64::MAX);
        self
    }

    /// Keeps the tables within about `mb` MiB.
    pub fn table_mb(mut self, mb: usize) -> Self {
        self.max_entries = table_entries(mb);
        self
    }

    /// Stops at `deadline`.
    pub fn deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self.cycle_bounds = self.cycle_bounds.map(|b| b.deadline(deadline));
        self
    }

    /// Plays children in the order the rules give them instead of trying
    /// the promising ones first (another move order: a second check).
    pub fn plain_order(mut self) -> Self {
        self.order_moves = false;
        self
    }

    /// The result for the player to move in `pos`, where `history` holds
    /// the positions since the last capture before it (empty for a position
    /// as set up or right after a capture).
    pub fn solve(&mut self, history: &[Position], pos: &Position) -> StretchOutcome {
        let mut path: Vec<Position> = history.to_vec();
        path.push(*pos);
        let set = path.iter().fold(0u128, |h, p| h ^ place_hash(p));
        let range = self.award_range(history);
        let result = self.search(&mut path, set, range, Wdl::Loss, Wdl::Win);
        StretchOutcome {
            result,
            nodes: self.nodes,
            longest_stretch: self.longest,
            fresh_kept: self.fresh.len(),
            routes_kept: self.routes.len(),
            database_hits: self.database_hits,
            bounded: self.bounded,
        }
    }

    /// The result of each legal move of `pos` (after `history`, as in
    /// [`StretchSolver::solve`]) for the player to move there.
    pub fn move_results(
        &mut self,
        history: &[Position],
        pos: &Position,
    ) -> Vec<(Pit, Result<Wdl, Stopped>)> {
        let mut path: Vec<Position> = history.to_vec();
        path.push(*pos);
        let set = path.iter().fold(0u128, |h, p| h ^ place_hash(p));
        let range = self.award_range(&path);
        let mut results = Vec::new();
        for pit in self.rules.legal_moves(pos) {
            let Ok(next) = self.rules.play(pos, pit) else { continue };
            let step = self.step(&path, next);
            results.push((pit, self.child(&mut path, set, range, step, Wdl::Loss, Wdl::Win)));
        }
        results
    }

    /// The result of each legal move of `pos` (after `history`) for the
    /// player to move there, given `value`, that position's own proven
    /// result: no move is better, so each needs only a search of whether
    /// it keeps `value` (a null window), and a full one only for a move
    /// that does not keep a win (draw or loss). Where `value` is a loss,
    /// every move loses, unsearched.
    pub fn move_results_below(
        &mut self,
        history: &[Position],
        pos: &Position,
        value: Wdl,
    ) -> Vec<(Pit, Result<Wdl, Stopped>)> {
        let moves: Vec<Pit> = self.rules.legal_moves(pos).collect();
        moves
            .into_iter()
            .map(|pit| (pit, self.move_result_below(history, pos, pit, value)))
            .collect()
    }

    /// One move's result in [`StretchSolver::move_results_below`] (a
    /// caller that gives each move its own time sets the deadline
    /// between them).
    pub fn move_result_below(
        &mut self,
        history: &[Position],
        pos: &Position,
        pit: Pit,
        value: Wdl,
    ) -> Result<Wdl, Stopped> {
        let below = match value {
            Wdl::Loss => return Ok(Wdl::Loss),
            Wdl::Draw => Wdl::Loss,
            Wdl::Win => Wdl::Draw,
        };
        let mut path: Vec<Position> = history.to_vec();
        path.push(*pos);
        let set = path.iter().fold(0u128, |h, p| h ^ place_hash(p));
        let range = self.award_range(&path);
        let Ok(next) = self.rules.play(pos, pit) else { return Ok(Wdl::Loss) };
        let step = self.step(&path, next);
        // A quiet move: first the bounds of its stretch with this history
        // (a whole stretch's graph, once a move, so not inside the search).
        if let (Step::Quiet(next), Some(cycle_bounds)) = (&step, self.cycle_bounds.as_mut()) {
            let (lo, hi) = cycle_bounds.bounds_after(&path, next)?;
            let (lo, hi) = (hi.flip(), lo.flip().min(value));
            if lo >= value || lo == hi {
                self.bounded += 1;
                return Ok(lo);
            }
        }
        match self.child(&mut path, set, range, step, value.flip(), below.flip())? {
            v if v >= value => Ok(value),
            _ if below == Wdl::Loss => Ok(Wdl::Loss),
            _ => {
                let step = self.step(&path, next);
                self.child(&mut path, set, range, step, Wdl::Loss, Wdl::Win)
            }
        }
    }

    /// Moves the deadline (the tables are kept).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        if let Some(b) = self.cycle_bounds.as_mut() {
            b.set_deadline(deadline);
        }
    }

    /// The positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value for the mover of the position at the end of `path`
    /// (the positions since the last capture, itself last), within
    /// `alpha`..`beta` (fail-soft).
    fn search(
        &mut self,
        path: &mut Vec<Position>,
        set: u128,
        range: AwardRange,
        mut alpha: Wdl,
        mut beta: Wdl,
    ) -> Result<Wdl, Stopped> {
        let pos = *path.last().expect("a path holds its position");
        let fresh = path.len() == 1;
        self.longest = self.longest.max(path.len() - 1);
        if path.len() > MAX_STRETCH {
            return Err(Stopped::Depth);
        }
        let known = if fresh { self.fresh.get(&pos) } else { self.routes.get(&(pos, set)) };
        if let Some(b) = known.copied() {
            if b.lo == b.hi || b.lo >= beta {
                return Ok(b.lo);
            }
            if b.hi <= alpha {
                return Ok(b.hi);
            }
            alpha = alpha.max(b.lo);
            beta = beta.min(b.hi);
        }
        if let Some(result) = self.oracle.and_then(|o| o.result(&pos)) {
            self.database_hits += 1;
            if fresh {
                self.fresh.insert(pos, Bounds { lo: result, hi: result });
                return Ok(result);
            }
            // With history, where every cycle is a draw: the history only
            // adds ways to end the game drawn (moving back onto one of its
            // positions), open to both players. A position neither can
            // force stays a draw; a forced win stays at least a draw (the
            // winner's forcing lines never repeat their own positions, so
            // the only other end is such a draw), a forced loss at most.
            if self.cycles_draw {
                match result {
                    Wdl::Draw => return Ok(Wdl::Draw),
                    Wdl::Win => alpha = alpha.max(Wdl::Draw),
                    Wdl::Loss => beta = beta.min(Wdl::Draw),
                }
                if alpha >= beta {
                    return Ok(if result == Wdl::Win { alpha } else { beta });
                }
            }
        }
        if let Some(cycle_bounds) = self.cycle_bounds.as_mut() {
            // Without history: the bounds of the position's stretch. With
            // history: the same bounds widened by the awards of the
            // positions before it, the only other way its play can end
            // (moving back onto one of them), once its stretch is bounded.
            let bounds = match range {
                None => Some(cycle_bounds.bounds(&pos)?),
                Some((least, most)) => cycle_bounds.known(&pos).map(|b| {
                    SouthBounds { lo: b.lo.min(least), hi: b.hi.max(most) }.for_side(pos.to_move())
                }),
            };
            if let Some((lo, hi)) = bounds {
                if fresh {
                    let slot =
                        self.fresh.entry(pos).or_insert(Bounds { lo: Wdl::Loss, hi: Wdl::Win });
                    slot.lo = slot.lo.max(lo);
                    slot.hi = slot.hi.min(hi);
                }
                if lo == hi || lo >= beta {
                    self.bounded += 1;
                    return Ok(lo);
                }
                if hi <= alpha {
                    self.bounded += 1;
                    return Ok(hi);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            return Err(Stopped::Nodes);
        }
        if self.nodes.is_multiple_of(4096) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stopped::Time);
        }
        let (alpha0, beta0) = (alpha, beta);
        let children = self.children(path);
        let child_range = match self.cycle_bounds {
            Some(_) => {
                let here = self.award(&pos);
                Some(range.map_or((here, here), |(l, m)| (l.min(here), m.max(here))))
            }
            None => None,
        };
        let mut best = Wdl::Loss;
        for step in children {
            let value = self.child(path, set, child_range, step, beta.flip(), alpha.flip())?;
            best = best.max(value);
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        let bounds = if best <= alpha0 {
            Bounds { lo: Wdl::Loss, hi: best }
        } else if best >= beta0 {
            Bounds { lo: best, hi: Wdl::Win }
        } else {
            Bounds { lo: best, hi: best }
        };
        if self.routes.len() >= self.max_entries {
            self.routes.clear();
        }
        if self.fresh.len() >= self.max_entries {
            self.fresh.clear();
        }
        let slot = if fresh {
            self.fresh.entry(pos).or_insert(Bounds { lo: Wdl::Loss, hi: Wdl::Win })
        } else {
            self.routes.entry((pos, set)).or_insert(Bounds { lo: Wdl::Loss, hi: Wdl::Win })
        };
        slot.lo = slot.lo.max(bounds.lo);
        slot.hi = slot.hi.min(bounds.hi);
        Ok(best)
    }

    /// What moving from the position at the end of `path` to `next` is,
    /// decided once: the end of the game or a cycle (its result for the
    /// mover), a capture (a fresh start), or the stretch going on.
    fn step(&self, path: &[Position], next: Position) -> Step {
        let pos = path.last().expect("a path holds its position");
        let end = |p: &Position| Step::End(Wdl::for_side(self.rules.winner_of(p), pos.to_move()));
        if next.is_over() {
            end(&next)
        } else if next.captured() != pos.captured() {
            Step::Capture(next)
        } else if path.iter().any(|p| p.same_place(&next)) {
            end(&self.rules.finish(&next, EndReason::Cycle))
        } else {
            Step::Quiet(next)
        }
    }

    /// The value for the mover of the position at the end of `path` of
    /// taking `step`. `alpha`..`beta` is the window seen from the next
    /// position's mover.
    fn child(
        &mut self,
        path: &mut Vec<Position>,
        set: u128,
        range: AwardRange,
        step: Step,
        alpha: Wdl,
        beta: Wdl,
    ) -> Result<Wdl, Stopped> {
        match step {
            Step::End(result) => Ok(result),
            Step::Capture(next) => {
                let mut fresh = vec![next];
                Ok(self.search(&mut fresh, place_hash(&next), None, alpha, beta)?.flip())
            }
            Step::Quiet(next) => {
                path.push(next);
                let value = self.search(path, set ^ place_hash(&next), range, alpha, beta);
                path.pop();
                Ok(value?.flip())
            }
        }
    }

    /// South's result if the game ended as a cycle at `pos`.
    fn award(&self, pos: &Position) -> Wdl {
        crate::cycle_bounds::cycle_award(&self.rules, pos)
    }

    /// The least and the most South's [`StretchSolver::award`] over
    /// `positions` where the bounds are on and there are any (`None`
    /// otherwise).
    fn award_range(&self, positions: &[Position]) -> AwardRange {
        self.cycle_bounds.as_ref()?;
        positions
            .iter()
            .map(|p| self.award(p))
            .fold(None, |r, a| Some(r.map_or((a, a), |(l, m): (Wdl, Wdl)| (l.min(a), m.max(a)))))
    }

    /// Each legal move's [`Step`], the promising first (unless
    /// `order_moves` is off): won ends, then captures and quiet moves by
    /// the seeds they gain the mover, then lost ends.
    fn children(&self, path: &[Position]) -> Vec<Step> {
        let pos = path.last().expect("a path holds its position");
        let mover = pos.to_move();
        let mut steps: Vec<(i32, Step)> = self
            .rules
            .legal_moves(pos)
            .filter_map(|pit| self.rules.play(pos, pit).ok())
            .map(|next| {
                let step = self.step(path, next);
                let rank = match (&step, self.order_moves) {
                    (_, false) => 0,
                    (Step::End(Wdl::Win), _) => 1000,
                    (Step::End(Wdl::Draw), _) => 0,
                    (Step::End(Wdl::Loss), _) => -1000,
                    (Step::Capture(n) | Step::Quiet(n), _) => {
                        let gain =
                            |side| i32::from(n.captured()[side]) - i32::from(pos.captured()[side]);
                        10 * (gain(mover) - gain(!mover))
                    }
                };
                (rank, step)
            })
            .collect();
        steps.sort_by_key(|(rank, _)| -rank);
        steps.into_iter().map(|(_, step)| step).collect()
    }
}

/// The tables' size without `--hash`, MiB.
pub const DEFAULT_TABLE_MB: usize = 1024;

/// About how many entries `mb` MiB of table hold (a hash map's entry with
/// its key, a position and a 128-bit set hash, takes about 96 bytes).
fn table_entries(mb: usize) -> usize {
    (mb << 20) / 96
}

/// A 128-bit hash of a position's board and side to move (what the
/// repetition rule compares), XORed into a set's hash.
fn place_hash(pos: &Position) -> u128 {
    let mut a = std::hash::DefaultHasher::new();
    (pos.pits(), pos.to_move() as u8, pos.first_lap_capture().map(|s| s as u8)).hash(&mut a);
    let first = a.finish();
    (u128::from(first) << 64) | u128::from(pos.key())
}
