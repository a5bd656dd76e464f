//! Bounds on a position's value under the repetition rule that hold with no
//! search of the history: from the positions right after a capture (or as
//! set up), where the value depends on the position alone.
//!
//! Under rules whose cycles are awarded by the board (each row to its
//! owner, or the board split), the game ends at the first position that
//! comes back since the last capture, with an award read from that
//! position, so a position's value depends on the positions visited since
//! the capture ([`crate::stretch`]). This module bounds the value of a
//! position *without* history by two games on the graph of its stretch
//! (every position its quiet moves reach), with no history at all:
//!
//! - **the lower bound** for South is the best `t` (win, draw, loss) such
//!   that South can force every play either to leave the stretch (a capture
//!   or the end of the game) with a value at least `t`, or to go on for
//!   ever while, from some point on, every position it visits would award
//!   South at least `t` as a cycle (a co-Büchi objective);
//! - **the upper bound** is the same for North.
//!
//! Why the lower bound holds in the real game: South plays the memoryless
//! strategy that wins the graph game. A real play from the position either
//! leaves the stretch, with a value the strategy guarantees, or reaches a
//! position `q` a second time, which ends it with `q`'s award. In the second
//! case North could have repeated its moves of the loop from `q` back to `q`
//! for ever, and the strategy, being memoryless, would have answered alike:
//! an infinite play visiting the loop's positions for ever, which the
//! strategy wins, so every position of the loop awards South at least `t`,
//! `q` included.
//!
//! The exits' values are bounds themselves: exact where the database holds
//! them, else the same bounds one capture further on (computed, and kept,
//! for every position of that stretch at once). Where the two bounds meet,
//! the value is proven; [`crate::stretch::StretchSolver`] uses them at
//! every position right after a capture and stops there when they do.
//!
//! Rules with a limit on quiet moves (Anywoli's stall rule) are refused:
//! their positions carry a count the repetition rule does not compare.

use crate::egdb::play::Oracle;
use crate::stretch::Stopped;
use mancala_rules::{EndReason, Position, Rules, Side, Stall, Wdl};
use std::collections::HashMap;
use std::time::Instant;

/// What identifies a position without history: the board (six bits a
/// pit), the side to move, the captured seeds and the first lap capturer
/// (which changes only at captures), packed (see [`CycleBounds::supports`]).
type Key = u128;

fn key(pos: &Position) -> Key {
    let captured = pos.captured();
    let first = pos.first_lap_capture().map_or(0, |s| 1 + s as u128);
    place_key(pos) << 14 | u128::from(captured.south) << 8 | u128::from(captured.north) << 2 | first
}

/// Bounds on a value for South: `lo <= value <= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SouthBounds {
    pub lo: Wdl,
    pub hi: Wdl,
}

impl SouthBounds {
    /// No bounds at all.
    pub const ANY: SouthBounds = SouthBounds { lo: Wdl::Loss, hi: Wdl::Win };

    fn exact(v: Wdl) -> SouthBounds {
        SouthBounds { lo: v, hi: v }
    }

    /// The same bounds for `side` (South's, or North's seen from North).
    pub fn for_side(self, side: Side) -> (Wdl, Wdl) {
        match side {
            Side::South => (self.lo, self.hi),
            Side::North => (self.hi.flip(), self.lo.flip()),
        }
    }
}

/// Counts of what [`CycleBounds`] did.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoundsStats {
    /// Stretches whose graph was built and solved.
    pub stretches: u64,
    /// Their positions, all together.
    pub positions: u64,
    /// The largest one.
    pub largest: u64,
    /// Positions after a capture answered by the database.
    pub database_hits: u64,
    /// Positions kept with their bounds.
    pub kept: usize,
    /// Positions whose bounds met.
    pub exact: u64,
    /// Strongly connected components of the stretches (a repetition can
    /// only happen inside one), and the largest.
    pub components: u64,
    pub largest_component: u64,
    /// Stretches given up on, larger than [`CycleBounds::max_stretch`].
    pub too_large: u64,
}

/// The bounds of positions without history, kept between calls.
pub struct CycleBounds<'a> {
    rules: Rules,
    oracle: Option<&'a dyn Oracle>,
    /// Every position of the stretches solved so far. Each stretch is
    /// closed under quiet moves (what it reaches is in it, or was kept
    /// before it), which is what lets a later stretch stop at them.
    known: HashMap<Key, SouthBounds>,
    /// The most positions one stretch's graph may hold (see
    /// [`CycleBounds::max_stretch`]).
    max_stretch: usize,
    /// Positions of stretches found larger than that: no bounds.
    too_large: std::collections::HashSet<Key>,
    deadline: Option<Instant>,
    stats: BoundsStats,
}

/// The most positions a stretch's graph holds by default: 12-seed
/// stretches of a 2 x 6 board (at most 2.7 million) fit.
pub const DEFAULT_MAX_STRETCH: usize = 8_000_000;

/// One stretch's graph: positions, their moves, and the exits as sinks.
struct Graph {
    /// The positions, then one sink a distinct exit value.
    owner: Vec<Side>,
    /// The award of a cycle at the position, for South (sinks: unused).
    award: Vec<Wdl>,
    /// Each sink's bounds (`sinks[i]` is node `positions + i`).
    sinks: Vec<SouthBounds>,
    positions: usize,
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<u32>,
}

impl<'a> CycleBounds<'a> {
    /// Whether it can bound games under `rules`: not with a limit on quiet
    /// moves (their positions carry a count the repetition rule ignores),
    /// nor where the stretch search cannot go (`anywoli-lot`).
    pub fn supports(rules: &Rules) -> bool {
        rules.stall == Stall::None
            && crate::stretch::StretchSolver::supports(rules)
            // The packed keys: six bits a pit and 15 more in 128.
            && rules.pit_count() * 6 + 15 <= 128
            && rules.total_seeds() < 64
    }

    pub fn new(rules: Rules, oracle: Option<&'a dyn Oracle>) -> CycleBounds<'a> {
        CycleBounds {
            rules,
            oracle: oracle.filter(|o| o.covers(&rules)),
            known: HashMap::new(),
            max_stretch: DEFAULT_MAX_STRETCH,
            too_large: std::collections::HashSet::new(),
            deadline: None,
            stats: BoundsStats::default(),
        }
    }

    /// Gives up on a stretch whose graph grows past `positions` (its
    /// positions then have no bounds: loss to win), so that memory stays
    /// within about 300 bytes a position of it (the default,
    /// [`DEFAULT_MAX_STRETCH`], about 2.5 GiB).
    pub fn max_stretch(mut self, positions: usize) -> Self {
        self.max_stretch = positions;
        self
    }

    /// Stops at `deadline`.
    pub fn deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Moves the deadline (what is kept stays).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    pub fn stats(&self) -> BoundsStats {
        BoundsStats { kept: self.known.len(), ..self.stats }
    }

    /// Bounds for the player to move on the value of `pos`, taken as a
    /// position without history (as set up, or right after a capture).
    pub fn bounds(&mut self, pos: &Position) -> Result<(Wdl, Wdl), Stopped> {
        Ok(self.south_bounds(pos)?.for_side(pos.to_move()))
    }

    /// South's bounds on `pos` without history where its stretch has been
    /// bounded already (nothing is built).
    pub fn known(&self, pos: &Position) -> Option<SouthBounds> {
        self.known.get(&key(pos)).copied()
    }

    /// Bounds for the player to move on the value of `pos` after
    /// `history`, the positions since the last capture before it: its
    /// stretch's graph is built again with the history's positions as ends
    /// (moving onto one is a cycle, with its award), so it costs a whole
    /// stretch each call; nothing of it is kept.
    pub fn bounds_after(
        &mut self,
        history: &[Position],
        pos: &Position,
    ) -> Result<(Wdl, Wdl), Stopped> {
        if history.is_empty() || pos.is_over() {
            return self.bounds(pos);
        }
        let bounds = match self.build(pos, Some(history))? {
            Some((graph, _)) => graph.solve()[0],
            None => SouthBounds::ANY,
        };
        Ok(bounds.for_side(pos.to_move()))
    }

    fn award(&self, pos: &Position) -> Wdl {
        cycle_award(&self.rules, pos)
    }

    /// The same, for South.
    pub fn south_bounds(&mut self, pos: &Position) -> Result<SouthBounds, Stopped> {
        if pos.is_over() {
            return Ok(SouthBounds::exact(Wdl::for_side(self.rules.winner_of(pos), Side::South)));
        }
        if let Some(b) = self.known.get(&key(pos)) {
            return Ok(*b);
        }
        // The database's answers are not kept with the stretches' bounds:
        // those stand for every position their stretch reaches as well
        // (see `build`), which a database answer does not.
        if let Some(result) = self.oracle.and_then(|o| o.result(pos)) {
            self.stats.database_hits += 1;
            return Ok(SouthBounds::exact(Wdl::for_side(
                result.winner(pos.to_move()),
                Side::South,
            )));
        }
        if self.too_large.contains(&key(pos)) {
            return Ok(SouthBounds::ANY);
        }
        let Some((graph, places)) = self.build(pos, None)? else {
            return Ok(SouthBounds::ANY);
        };
        self.stats.stretches += 1;
        self.stats.positions += graph.positions as u64;
        self.stats.largest = self.stats.largest.max(graph.positions as u64);
        let bounds = graph.solve();
        let (comp, count) = graph.components();
        let mut sizes = vec![0u64; count as usize];
        comp.iter().for_each(|&c| sizes[c as usize] += 1);
        self.stats.components += u64::from(count);
        self.stats.largest_component =
            self.stats.largest_component.max(sizes.iter().copied().max().unwrap_or(0));
        let mut root = None;
        for (i, place) in places.into_iter().enumerate() {
            if i == 0 {
                root = Some(bounds[i]);
            }
            if bounds[i].lo == bounds[i].hi {
                self.stats.exact += 1;
            }
            self.known.insert(place, bounds[i]);
        }
        Ok(root.expect("a stretch holds its root"))
    }

    /// The graph of `root`'s stretch (the root is node 0), with each
    /// position's key; the exits' bounds are found first.
    fn build(
        &mut self,
        root: &Position,
        history: Option<&[Position]>,
    ) -> Result<Option<(Graph, Vec<Key>)>, Stopped> {
        let seen: HashMap<Key, Wdl> =
            history.unwrap_or_default().iter().map(|p| (place_key(p), self.award(p))).collect();
        let mut index: HashMap<Key, u32> = HashMap::new();
        let mut nodes: Vec<Position> = vec![*root];
        index.insert(place_key(root), 0);
        // The moves, position by position as they are reached: to a
        // position (its index) or to a sink (an exit's bounds: `SINK` and
        // its place among the sinks, numbered after the positions once
        // their count is known).
        const SINK: u32 = 1 << 31;
        let mut sinks: Vec<SouthBounds> = Vec::new();
        let sink_of = |b: SouthBounds, sinks: &mut Vec<SouthBounds>| -> u32 {
            SINK | match sinks.iter().position(|s| *s == b) {
                Some(i) => i as u32,
                None => {
                    sinks.push(b);
                    (sinks.len() - 1) as u32
                }
            }
        };
        let mut succ_start: Vec<u32> = Vec::new();
        let mut succ: Vec<u32> = Vec::new();
        let mut at = 0;
        while at < nodes.len() {
            if nodes.len() > self.max_stretch || nodes.len() >= SINK as usize {
                self.stats.too_large += 1;
                self.too_large.extend(nodes.iter().map(key));
                return Ok(None);
            }
            if at % 4096 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Stopped::Time);
            }
            let pos = nodes[at];
            succ_start.push(succ.len() as u32);
            for pit in self.rules.legal_moves(&pos) {
                let Ok(next) = self.rules.play(&pos, pit) else { continue };
                // A position of a stretch solved before is an exit too:
                // everything it reaches was solved with it, so play that
                // enters it never comes back to this graph's own positions,
                // and from there on the history before it cannot repeat.
                // (Not with a history: what the known stretches reach may
                // hold its positions.) The exits not yet known are
                // stretches of fewer seeds: no circle back here.
                let target = if next.is_over() || next.captured() != pos.captured() {
                    sink_of(self.south_bounds(&next)?, &mut sinks)
                } else if let Some(&award) = seen.get(&place_key(&next)) {
                    // Back onto a position of the history: a cycle.
                    sink_of(SouthBounds::exact(award), &mut sinks)
                } else if self.too_large.contains(&key(&next))
                    || (history.is_none() && self.known.contains_key(&key(&next)))
                {
                    sink_of(self.south_bounds(&next)?, &mut sinks)
                } else {
                    *index.entry(place_key(&next)).or_insert_with(|| {
                        nodes.push(next);
                        (nodes.len() - 1) as u32
                    })
                };
                succ.push(target);
            }
            at += 1;
        }
        drop(index);
        let positions = nodes.len();
        for t in succ.iter_mut().filter(|t| **t & SINK != 0) {
            *t = positions as u32 + (*t & !SINK);
        }
        // Each sink loops on itself: play stays there for ever.
        for i in 0..sinks.len() {
            succ_start.push(succ.len() as u32);
            succ.push((positions + i) as u32);
        }
        succ_start.push(succ.len() as u32);
        let total = positions + sinks.len();
        let mut pred_count = vec![0u32; total + 1];
        for &t in &succ {
            pred_count[t as usize + 1] += 1;
        }
        for i in 0..total {
            pred_count[i + 1] += pred_count[i];
        }
        let pred_start = pred_count.clone();
        let mut fill = pred_count;
        let mut pred = vec![0u32; succ.len()];
        for v in 0..total {
            for &t in &succ[succ_start[v] as usize..succ_start[v + 1] as usize] {
                pred[fill[t as usize] as usize] = v as u32;
                fill[t as usize] += 1;
            }
        }
        let mut owner: Vec<Side> = nodes.iter().map(|p| p.to_move()).collect();
        owner.extend(std::iter::repeat_n(Side::South, sinks.len()));
        let award: Vec<Wdl> = nodes.iter().map(|p| self.award(p)).collect();
        let keys = nodes.iter().map(key).collect();
        Ok(Some((
            Graph { owner, award, sinks, positions, succ_start, succ, pred_start, pred },
            keys,
        )))
    }
}

/// South's result if the game ended as a cycle at `pos`.
pub(crate) fn cycle_award(rules: &Rules, pos: &Position) -> Wdl {
    Wdl::for_side(rules.winner_of(&rules.finish(pos, EndReason::Cycle)), Side::South)
}

/// The board and side to move: what the repetition rule compares (the
/// captured seeds are the same throughout a stretch).
fn place_key(pos: &Position) -> Key {
    pos.pits().iter().fold(0u128, |k, &seeds| k << 6 | u128::from(seeds)) << 1
        | pos.to_move() as u128
}

impl Graph {
    fn total(&self) -> usize {
        self.owner.len()
    }

    /// The strongly connected components of the positions (sinks left
    /// out): each position's component, numbered from 0.
    fn components(&self) -> (Vec<u32>, u32) {
        let n = self.positions;
        const NONE: u32 = u32::MAX;
        let mut index = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut comp = vec![NONE; n];
        let mut stack: Vec<u32> = Vec::new();
        let mut next_index = 0u32;
        let mut count = 0u32;
        // (node, next successor to look at)
        let mut work: Vec<(u32, u32)> = Vec::new();
        for start in 0..n {
            if index[start] != NONE {
                continue;
            }
            work.push((start as u32, self.succ_start[start]));
            index[start] = next_index;
            low[start] = next_index;
            next_index += 1;
            stack.push(start as u32);
            on_stack[start] = true;
            while let Some(&mut (v, ref mut at)) = work.last_mut() {
                let v = v as usize;
                if *at < self.succ_start[v + 1] {
                    let w = self.succ[*at as usize] as usize;
                    *at += 1;
                    if w >= n {
                        continue;
                    }
                    if index[w] == NONE {
                        index[w] = next_index;
                        low[w] = next_index;
                        next_index += 1;
                        stack.push(w as u32);
                        on_stack[w] = true;
                        work.push((w as u32, self.succ_start[w]));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                } else {
                    work.pop();
                    if let Some(&(u, _)) = work.last() {
                        low[u as usize] = low[u as usize].min(low[v]);
                    }
                    if low[v] == index[v] {
                        loop {
                            let w = stack.pop().expect("Tarjan's stack") as usize;
                            on_stack[w] = false;
                            comp[w] = count;
                            if w == v {
                                break;
                            }
                        }
                        count += 1;
                    }
                }
            }
        }
        (comp, count)
    }

    fn succs(&self, v: usize) -> &[u32] {
        &self.succ[self.succ_start[v] as usize..self.succ_start[v + 1] as usize]
    }

    fn preds(&self, v: usize) -> &[u32] {
        &self.pred[self.pred_start[v] as usize..self.pred_start[v + 1] as usize]
    }

    /// Every position's bounds for South.
    fn solve(&self) -> Vec<SouthBounds> {
        let n = self.positions;
        let good = |player: Side, t: Wdl| -> Vec<bool> {
            (0..self.total())
                .map(|v| match (player, v < n) {
                    (Side::South, true) => self.award[v] >= t,
                    (Side::North, true) => self.award[v] <= t,
                    (Side::South, false) => self.sinks[v - n].lo >= t,
                    (Side::North, false) => self.sinks[v - n].hi <= t,
                })
                .collect()
        };
        // The best result each player forces: the first threshold it wins
        // at, from its best down; its worst where it wins none.
        let forced = |player: Side, thresholds: [Wdl; 2], worst: Wdl| -> Vec<Wdl> {
            let wins: Vec<Vec<bool>> =
                thresholds.iter().map(|&t| self.co_buchi(player, &good(player, t))).collect();
            (0..n)
                .map(|v| {
                    thresholds.iter().zip(&wins).find(|(_, w)| w[v]).map_or(worst, |(&t, _)| t)
                })
                .collect()
        };
        let lo = forced(Side::South, [Wdl::Win, Wdl::Draw], Wdl::Loss);
        let hi = forced(Side::North, [Wdl::Loss, Wdl::Draw], Wdl::Win);
        lo.into_iter()
            .zip(hi)
            .map(|(lo, hi)| {
                debug_assert!(lo <= hi, "bounds crossed");
                // Cannot cross (both strategies would win one play); stay
                // sound whatever.
                if lo > hi {
                    SouthBounds::ANY
                } else {
                    SouthBounds { lo, hi }
                }
            })
            .collect()
    }

    /// Where `player` can force every infinite play to stay, from some
    /// point on, inside `good` (the sinks loop on themselves, so reaching
    /// a good sink wins and a bad one loses): the classic algorithm, by
    /// removing the opponent's Büchi attractors' complements one by one.
    fn co_buchi(&self, player: Side, good: &[bool]) -> Vec<bool> {
        let total = self.total();
        let mut alive = vec![true; total];
        let mut wins = vec![false; total];
        let mut attr = vec![false; total];
        let mut count = vec![0u32; total];
        let mut queue: Vec<u32> = Vec::new();
        loop {
            // The opponent's attractor to the bad positions.
            let bad: Vec<u32> =
                (0..total).filter(|&v| alive[v] && !good[v]).map(|v| v as u32).collect();
            self.attractor(!player, &bad, &alive, &mut attr, &mut count, &mut queue);
            let trap: Vec<u32> =
                (0..total).filter(|&v| alive[v] && !attr[v]).map(|v| v as u32).collect();
            if trap.is_empty() {
                break;
            }
            // The player stays out of the bad positions for ever from the
            // trap; it wins from wherever it can force play into it.
            self.attractor(player, &trap, &alive, &mut attr, &mut count, &mut queue);
            for v in 0..total {
                if alive[v] && attr[v] {
                    wins[v] = true;
                    alive[v] = false;
                }
            }
        }
        wins
    }

    /// Sets `attr` to the positions (among the `alive`) from which `who`
    /// can force play into `target`, moving only among the alive.
    fn attractor(
        &self,
        who: Side,
        target: &[u32],
        alive: &[bool],
        attr: &mut [bool],
        count: &mut [u32],
        queue: &mut Vec<u32>,
    ) {
        attr.iter_mut().for_each(|a| *a = false);
        for v in 0..self.total() {
            if alive[v] {
                count[v] = self.succs(v).iter().filter(|&&t| alive[t as usize]).count() as u32;
            }
        }
        queue.clear();
        for &t in target {
            if !attr[t as usize] {
                attr[t as usize] = true;
                queue.push(t);
            }
        }
        while let Some(u) = queue.pop() {
            for &p in self.preds(u as usize) {
                let p = p as usize;
                if !alive[p] || attr[p] {
                    continue;
                }
                if self.owner_of(p) == who {
                    attr[p] = true;
                    queue.push(p as u32);
                } else {
                    count[p] -= 1;
                    if count[p] == 0 {
                        attr[p] = true;
                        queue.push(p as u32);
                    }
                }
            }
        }
    }

    /// Who moves at `v` (a sink has one move, so its owner is irrelevant).
    fn owner_of(&self, v: usize) -> Side {
        self.owner[v]
    }
}
