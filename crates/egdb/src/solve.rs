//! Retrograde analysis of one layer (every board with `n` seeds, both sides
//! to move), given the finished layers below it. See `docs/egdb.md`.
//!
//! A layer's values are two thresholds per position, `win` and `lose`
//! (bytes `2 * index` and `2 * index + 1` of the layer's data); with
//! `m = total - n` seeds captured in all and `cm` of them the mover's, the
//! mover forces a win iff `cm >= win`, the opponent forces a win iff
//! `m - cm >= lose`, and `m + 1` means "never". A result for the mover
//! with a given split is a [`Wdl`] of the database's model: `Draw` when
//! nobody forces a win (the game ends level, or is unresolved).

use super::index::{next_board, Binomials, Sides};
use super::EgdbError;
use mancala_rules::{BySide, Capture, Position, Rules, Side, Stall, Wdl, MAX_PITS};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a position of the layer is.
pub(crate) const NORMAL: u8 = 0;
/// Over as set up, whatever the captured seeds (a player without seeds...).
pub(crate) const TERMINAL: u8 = 1;
/// Anywoli: the side named has no move and passes at once; same as the
/// other side to move (one quiet edge to it).
pub(crate) const PASSED: u8 = 2;

/// A quiet predecessor of a changed child, with what the change means to
/// it: its set-up endings and the child's new and old values as its mover
/// sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parent {
    pub pi: usize,
    pub tw: u8,
    pub tl: u8,
    pub w_new: u8,
    pub l_new: u8,
    pub l_old: u8,
}

/// A position's `(win, lose)` in one `u16` (win in the low byte).
#[inline]
pub(crate) fn pack(win: u8, lose: u8) -> u16 {
    win as u16 | (lose as u16) << 8
}

/// [`pack`] undone.
#[inline]
pub(crate) fn unpack(v: u16) -> (u8, u8) {
    (v as u8, (v >> 8) as u8)
}

/// How a capturing move's child in a lower layer counts for the mover: the
/// seeds the move captured for the mover (`dm`) and the opponent (`dop`),
/// and whether the child has the mover to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CaptureMove {
    pub dm: u8,
    pub dop: u8,
    pub same: bool,
}

impl CaptureMove {
    /// The move's `(w, l)` for the mover from its child's `(win, lose)`,
    /// with `never` the layer's "never" (`m + 1`).
    #[inline]
    pub(crate) fn value(self, never: u8, (win, lose): (u8, u8)) -> (u8, u8) {
        let (w, l) = if self.same {
            (win.saturating_sub(self.dm), lose.saturating_sub(self.dop))
        } else {
            (lose.saturating_sub(self.dm), win.saturating_sub(self.dop))
        };
        (w.min(never), l.min(never))
    }
}

/// See [`Solver::lower_read`].
pub(crate) type LowerRead<'a> =
    dyn Fn(usize, usize, Option<CaptureMove>) -> Option<(u8, u8)> + Sync + 'a;

/// The part of a position's value that does not change during the sweeps.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Static {
    /// The least `cm` for which a capturing or game-ending move wins.
    pub wm: u8,
    /// The least `co` for which every capturing or game-ending move loses
    /// (0 when there are none: the quiet moves decide).
    pub lm: u8,
    /// The least `cm` (resp. `co`) at which the position is already over
    /// as set up, a win (resp. a loss) for the mover: a target reached.
    pub tw: u8,
    pub tl: u8,
    pub kind: u8,
}

/// The value of a position from its static part and the combined values
/// of its quiet children (`wm`: least `win` seen from the mover, `lm`:
/// greatest `lose`), as one sweep computes it. `m1` is `m + 1`.
#[inline]
pub(crate) fn combine(m1: u8, tw: u8, tl: u8, wm: u8, lm: u8) -> (u8, u8) {
    // Over as set up for cm >= tw (won) or co >= tl (lost).
    ((m1 - tl).max(tw.min(wm)), tl.min((m1 - tw).max(lm)))
}

/// The quiet-move bound stored for a position that last changed in sweep
/// `round` (a byte saturating at 255; 0: never changed). See
/// [`Layer::data`].
#[inline]
pub(crate) fn bound_of_round(round: u8) -> u8 {
    match round {
        0 => 0,
        255 => 255,
        r => r - 1,
    }
}

/// Whether these rules' databases store a quiet-move bound per position
/// (rules with a stall limit).
pub(crate) fn has_bounds(rules: &Rules) -> bool {
    !matches!(rules.stall, Stall::None)
}

/// The stall limit, if any.
pub(crate) fn stall_limit(rules: &Rules) -> Option<u32> {
    match rules.stall {
        Stall::None => None,
        Stall::QuietMoves(limit) => Some(limit as u32),
    }
}

/// Counts of live (board, side, split) triples by value.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally {
    pub win: u64,
    pub loss: u64,
    pub unresolved: u64,
    /// Forced (won or lost) triples whose quiet-move bound reaches the
    /// stall limit: not exact even with a fresh stall count.
    pub inexact: u64,
}

impl Tally {
    /// Adds a NORMAL position's live splits: `m` seeds captured, final
    /// thresholds `w`, `l`, set-up endings `tw`, `tl`, quiet-move bound.
    #[inline]
    pub(crate) fn add(&mut self, m: u64, w: u8, l: u8, tw: u8, tl: u8, stalls: bool) {
        let (w, l) = (w as u64, l as u64);
        // Live splits: m - cm < tl and cm < tw.
        let lo = (m + 1).saturating_sub(tl as u64);
        let hi = (tw as u64).min(m + 1); // exclusive
        if lo >= hi {
            return;
        }
        let wins = hi.saturating_sub(w.max(lo));
        // Lost for cm <= m - l.
        let losses = if l > m { 0 } else { (m - l + 1).min(hi).saturating_sub(lo) };
        self.win += wins;
        self.loss += losses;
        self.unresolved += (hi - lo) - wins - losses;
        if stalls {
            self.inexact += wins + losses;
        }
    }

    pub(crate) fn merge(&mut self, other: &Tally) {
        self.win += other.win;
        self.loss += other.loss;
        self.unresolved += other.unresolved;
        self.inexact += other.inexact;
    }
}

/// The result of analysing one layer.
pub(crate) struct Layer {
    /// The layer's bytes in the file: two per position, `win` then `lose`;
    /// then, for rules with a stall limit, one per position: the bound on
    /// the quiet moves of its forcing lines (the sweep in which the
    /// position last changed, minus one; 0 if it never changed; 255: 255
    /// or more).
    pub data: Vec<u8>,
    pub positions: u64,
    /// Jacobi sweeps run, the last one changing nothing.
    pub sweeps: u32,
    /// (board, side, captured split) triples that are not over as set up
    /// and whose side to move really moves, by value for the mover.
    pub tally: Tally,
    /// Positions computed again after round 1 (every position in every
    /// further sweep for the edges builder).
    pub revisits: u64,
}

impl Layer {
    pub(crate) fn empty() -> Layer {
        Layer { data: Vec::new(), positions: 0, sweeps: 0, tally: Tally::default(), revisits: 0 }
    }
}

/// Where a layer build is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Generating every position's moves.
    Moves,
    /// Jacobi sweep number `k` (from 1) over the quiet moves (for the
    /// retrograde builder: round `k`, which visits only the positions a
    /// change in round `k - 1` can affect).
    Sweep(u32),
    /// Counting the results.
    Count,
}

pub(crate) struct Solver<'a> {
    pub rules: &'a Rules,
    pub binom: &'a Binomials,
    /// The finished layers below, by seeds on the board.
    pub lower: &'a [&'a [u8]],
    /// Where the lower layers' values are read instead of `lower` when
    /// this process holds only part of them (the distributed build,
    /// `cluster.rs`): `(seeds, index, capture)` to `(win, lose)`, or
    /// `None` for a value not here. A capturing move's read (`capture`
    /// given) that gets `None` is left out of the position's static part
    /// and the hook keeps it, to be folded in with [`CaptureMove::value`]
    /// once the value is fetched; any other read that gets `None` makes
    /// the result meaningless (the caller computes the position again).
    pub lower_read: Option<&'a LowerRead<'a>>,
    pub n: usize,
    pub threads: usize,
    /// Which positions the layers store (see `index.rs`).
    pub sides: Sides,
    /// The set-up endings `(tw, tl)` of a position not over as set up, by
    /// `2 * seeds in South's row + side` ([`target_thresholds`]).
    ends: Vec<Option<(u8, u8)>>,
    /// By lower layer: where its quiet-move bounds start in `lower`, if
    /// some of its positions have a forcing line as long as the stall
    /// limit and those are read as unresolved ([`Solver::long_lines_unresolved`]).
    long: Vec<Option<usize>>,
}

/// A chunk of the layer handled by one thread: positions `start..start +
/// statics.len()`, with their quiet moves in compressed rows: each edge
/// is `2 * child + same`, `same` 1 where the child's mover is the parent's
/// (the index alone does not say so when one side is stored).
#[derive(Default)]
struct Chunk {
    start: usize,
    statics: Vec<Static>,
    offsets: Vec<u32>,
    edges: Vec<u32>,
}

/// The thresholds of the set-up endings (a target reached by the captured
/// seeds alone) of a position that is not over with 0-0 captured, from
/// the seeds in each row; `None` where the rules break the assumption that
/// more captured seeds are never worse.
pub(crate) fn target_thresholds(
    rules: &Rules,
    m: usize,
    rows: BySide<u32>,
    side: Side,
) -> Option<(u8, u8)> {
    let captured = |cm: usize| {
        let mut c = BySide::new(0u32, 0u32);
        c[side] = cm as u32;
        c[!side] = (m - cm) as u32;
        c
    };
    let targets: Vec<Option<Wdl>> = (0..=m)
        .map(|cm| target_end(rules, captured(cm), rows, side).map(|w| Wdl::for_side(w, side)))
        .collect();
    thresholds(&targets).filter(|&(tw, tl)| {
        // Only wins above and losses below, nothing else terminal.
        targets.iter().enumerate().all(|(cm, v)| {
            let expected = if cm >= tw as usize {
                Some(Wdl::Win)
            } else if m - cm >= tl as usize {
                Some(Wdl::Loss)
            } else {
                None
            };
            *v == expected
        })
    })
}

/// Whether the layer with `n` seeds holds positions that can occur
/// (with captures of fours, the seeds in play are a multiple of four).
pub(crate) fn layer_exists(rules: &Rules, n: usize) -> bool {
    !matches!(rules.capture, Capture::Fours { .. }) || n.is_multiple_of(4)
}

/// The thresholds of a vector of results indexed by `cm` (`None`: not
/// needed). The known results must not get worse as `cm` grows.
fn thresholds(values: &[Option<Wdl>]) -> Option<(u8, u8)> {
    let m = values.len() - 1;
    let mut last = Wdl::Loss;
    for v in values.iter().flatten() {
        if *v < last {
            return None;
        }
        last = *v;
    }
    let win = values.iter().position(|v| *v == Some(Wdl::Win)).unwrap_or(m + 1);
    let lose = values.iter().rposition(|v| *v == Some(Wdl::Loss)).map_or(m + 1, |cm| m - cm);
    Some((win as u8, lose as u8))
}

fn result_for(rules: &Rules, pos: &Position, mover: Side) -> Wdl {
    Wdl::for_side(rules.winner_of(pos), mover)
}

/// If these captured seeds reach the ruleset's target, the result of the
/// game that it ends at once (the leftover award on `rows`), as
/// `Rules::settle` does first thing: the rules library's own answers to
/// the target, award and winner questions.
pub(crate) fn target_end(
    rules: &Rules,
    captured: BySide<u32>,
    rows: BySide<u32>,
    to_move: Side,
) -> Option<Option<Side>> {
    if !rules.target_reached(captured) {
        return None;
    }
    let got = rules.leftover.shares(rows, to_move);
    Some(
        rules.winner_by_scores(BySide::new(captured.south + got.south, captured.north + got.north)),
    )
}

impl<'a> Solver<'a> {
    pub(crate) fn new(
        rules: &'a Rules,
        binom: &'a Binomials,
        lower: &'a [&'a [u8]],
        n: usize,
        threads: usize,
        sides: Sides,
    ) -> Solver<'a> {
        let m = rules.total_seeds() as usize - n;
        let ends = (0..=n as u32)
            .flat_map(|south| Side::ALL.map(move |side| (south, side)))
            .map(|(south, side)| {
                target_thresholds(rules, m, BySide::new(south, n as u32 - south), side)
            })
            .collect();
        Solver { rules, binom, lower, lower_read: None, n, threads, sides, ends, long: Vec::new() }
    }

    /// The same solver reading each lower position whose forcing line is
    /// as long as the stall limit (its bound, the byte after the layer's
    /// values, is the limit or more) as unresolved: `m + 1` for both
    /// thresholds. The layer's forced results then rest only on lower
    /// results that hold right after a capture, when the stall count is 0
    /// (docs/egdb.md, "Anywoli's stall rule"). Nothing changes for rules
    /// without a stall limit or lower layers without such a line.
    pub(crate) fn long_lines_unresolved(mut self) -> Solver<'a> {
        let Some(limit) = stall_limit(self.rules) else { return self };
        self.long = self
            .lower
            .iter()
            .map(|layer| {
                // Two bytes of values and one of bound a position.
                let at = layer.len() / 3 * 2;
                let bounds = layer.get(at..).filter(|b| 3 * b.len() == layer.len())?;
                bounds.iter().any(|&b| b as u32 >= limit).then_some(at)
            })
            .collect();
        self
    }

    /// The same solver reading the lower layers through `read` (see
    /// [`Solver::lower_read`]); only the distributed build uses it.
    #[cfg_attr(not(feature = "cluster"), allow(dead_code))]
    pub(crate) fn with_lower_read<'b>(&'b self, read: &'b LowerRead<'b>) -> Solver<'b> {
        Solver { lower_read: Some(read), ends: self.ends.clone(), long: self.long.clone(), ..*self }
    }

    /// The `(win, lose)` of position `idx` of the finished lower layer
    /// with `seeds` on the board (`None`: see [`Solver::lower_read`]).
    #[inline]
    fn lower_value(
        &self,
        seeds: usize,
        idx: usize,
        capture: Option<CaptureMove>,
    ) -> Option<(u8, u8)> {
        match self.lower_read {
            Some(read) => read(seeds, idx, capture),
            None => {
                let layer = self.lower[seeds];
                if let Some(Some(at)) = self.long.get(seeds) {
                    if stall_limit(self.rules).is_some_and(|l| layer[at + idx] as u32 >= l) {
                        let never = (self.total() - seeds + 1) as u8;
                        return Some((never, never));
                    }
                }
                Some((layer[2 * idx], layer[2 * idx + 1]))
            }
        }
    }

    /// The set-up endings of a position not over as set up (`None`: the
    /// rules are not monotone in the captured seeds there).
    #[inline]
    pub(crate) fn ends(&self, pits: &[u8], side: Side) -> Option<(u8, u8)> {
        let south: usize = pits[..self.pits() / 2].iter().map(|&s| s as usize).sum();
        self.ends_by_row(south, side)
    }

    /// [`Solver::ends`] of a board with `south` seeds in South's row.
    #[inline]
    pub(crate) fn ends_by_row(&self, south: usize, side: Side) -> Option<(u8, u8)> {
        self.ends.get(2 * south + side.index()).copied().flatten()
    }

    pub(crate) fn total(&self) -> usize {
        self.rules.total_seeds() as usize
    }

    pub(crate) fn m(&self) -> usize {
        self.total() - self.n
    }

    pub(crate) fn pits(&self) -> usize {
        self.rules.pit_count()
    }

    fn captured(&self, side: Side, cm: usize) -> BySide<u8> {
        let mut captured = BySide::new(0u8, 0u8);
        captured[side] = cm as u8;
        captured[!side] = (self.m() - cm) as u8;
        captured
    }

    /// The layer index of a board with `seeds` on it and `side` to move.
    #[inline]
    pub(crate) fn index(&self, pits: &[u8], seeds: usize, side: Side) -> usize {
        self.binom.index(pits, seeds, side, self.sides)
    }

    /// The sides to move stored for each board.
    pub(crate) fn stored_sides(&self) -> &'static [Side] {
        match self.sides {
            Sides::Both => &Side::ALL,
            Sides::Mover => &[Side::South],
        }
    }

    /// Positions in the layer (0 for a layer that cannot occur).
    pub(crate) fn positions(&self) -> u64 {
        if !layer_exists(self.rules, self.n) {
            return 0;
        }
        self.sides.per_board() * self.binom.boards(self.n, self.pits())
    }

    /// The value for `mover` of a position reached with the real captured
    /// seeds: over, or in a finished lower layer.
    fn value_of(&self, pos: &Position, mover: Side) -> Result<Wdl, EgdbError> {
        if pos.is_over() {
            return Ok(result_for(self.rules, pos, mover));
        }
        let seeds = pos.board_seeds() as usize;
        if seeds >= self.n {
            return Err(EgdbError::Internal(format!(
                "a position that is not over, reached after a capture, still has {seeds} seeds"
            )));
        }
        let idx = self.index(pos.pits(), seeds, pos.to_move());
        // Not here (the distributed build): any value will do, the caller
        // computes the position again once it is fetched.
        let Some((win, lose)) = self.lower_value(seeds, idx, None) else {
            return Ok(Wdl::Draw);
        };
        let m = self.total() - seeds;
        let cm = pos.captured()[pos.to_move()] as usize;
        let v = if cm >= win as usize {
            Wdl::Win
        } else if m - cm >= lose as usize {
            Wdl::Loss
        } else {
            Wdl::Draw
        };
        Ok(if pos.to_move() == mover { v } else { v.flip() })
    }

    fn unsupported(&self, pits: &[u8], side: Side, what: &str) -> EgdbError {
        let mut setup = self.rules.setup_unchecked(pits, self.captured(side, 0), side).to_setup();
        setup.to_move = side;
        EgdbError::Unsupported(format!(
            "{what} (board {} with {side} to move): these rules break the \
             assumption that more captured seeds are never worse",
            setup
        ))
    }

    /// The static part of one position's value; `quiet` is called with
    /// each quiet move's child (same layer), and for a side that passes at
    /// once, with the same board and the other side to move.
    pub(crate) fn position(
        &self,
        pits: &[u8],
        side: Side,
        quiet: &mut impl FnMut(&[u8], Side),
    ) -> Result<Static, EgdbError> {
        let rules = self.rules;
        let m = self.m();
        let never = (m + 1) as u8;
        let pos0 = rules.setup_unchecked(pits, BySide::new(0, 0), side);
        if pos0.is_over() {
            // Over whatever the captured seeds: ask the engine for each split.
            let values: Vec<Option<Wdl>> = (0..=m)
                .map(|cm| {
                    let real = rules.setup_unchecked(pits, self.captured(side, cm), side);
                    Some(result_for(rules, &real, side))
                })
                .collect();
            let (tw, tl) = thresholds(&values)
                .ok_or_else(|| self.unsupported(pits, side, "a finished position"))?;
            return Ok(Static { wm: never, lm: never, tw, tl, kind: TERMINAL });
        }
        // A target reached by the captured seeds alone ends it as set up.
        let (tw, tl) = self
            .ends(pits, side)
            .ok_or_else(|| self.unsupported(pits, side, "a target reached"))?;
        if pos0.to_move() != side {
            // The side named passes at once: the same as the other to move.
            quiet(pits, !side);
            return Ok(Static { wm: never, lm: 0, tw, tl, kind: PASSED });
        }
        let terminal_at = |cm: usize| cm >= tw as usize || m - cm >= tl as usize;
        let mut wm = never;
        let mut lm = 0u8;
        for pit in rules.legal_moves(&pos0) {
            let child = rules.play_unchecked(&pos0, pit);
            let (w, l) = if child.is_over() {
                // Game-ending moves: the ending may depend on the captured
                // seeds (a target reached first), so play each split.
                let mut values = vec![None; m + 1];
                for (cm, value) in values.iter_mut().enumerate() {
                    if terminal_at(cm) {
                        continue;
                    }
                    let real = rules.setup_unchecked(pits, self.captured(side, cm), side);
                    *value = Some(self.value_of(&rules.play_unchecked(&real, pit), side)?);
                }
                thresholds(&values)
                    .ok_or_else(|| self.unsupported(pits, side, "a game-ending move"))?
            } else {
                let seeds = child.board_seeds() as usize;
                if seeds == self.n {
                    quiet(child.pits(), child.to_move());
                    continue;
                }
                let idx = self.index(child.pits(), seeds, child.to_move());
                let captured = child.captured();
                let capture = CaptureMove {
                    dm: captured[side],
                    dop: captured[!side],
                    same: child.to_move() == side,
                };
                match self.lower_value(seeds, idx, Some(capture)) {
                    Some(value) => capture.value(never, value),
                    // Kept by the hook, folded in later.
                    None => continue,
                }
            };
            wm = wm.min(w);
            lm = lm.max(l);
        }
        Ok(Static { wm, lm, tw, tl, kind: NORMAL })
    }

    /// Generates the chunk of the positions of boards `first..last`.
    fn chunk(&self, first: u64, last: u64, done: &AtomicU64) -> Result<Chunk, EgdbError> {
        let p = self.pits();
        let mut board = [0u8; MAX_PITS];
        let board = &mut board[..p];
        let per_board = self.sides.per_board();
        let mut chunk = Chunk { start: (per_board * first) as usize, ..Chunk::default() };
        let count = (last - first) as usize;
        chunk.statics.reserve(per_board as usize * count);
        chunk.offsets.reserve(per_board as usize * count + 1);
        chunk.offsets.push(0);
        if count == 0 {
            return Ok(chunk);
        }
        self.binom.unrank(first, self.n, board);
        for b in first..last {
            for &side in self.stored_sides() {
                let edges = &mut chunk.edges;
                let s = self.position(board, side, &mut |pits, child_side| {
                    let same = (child_side == side) as u32;
                    edges.push(2 * self.index(pits, self.n, child_side) as u32 + same);
                })?;
                chunk.statics.push(s);
                let end = u32::try_from(chunk.edges.len())
                    .map_err(|_| EgdbError::Internal("too many moves in one chunk".into()))?;
                chunk.offsets.push(end);
            }
            if b + 1 < last {
                next_board(board);
            }
            if b % 4096 == 0 {
                done.store(per_board * (b + 1 - first), Ordering::Relaxed);
            }
        }
        done.store(per_board * count as u64, Ordering::Relaxed);
        Ok(chunk)
    }

    /// One Jacobi sweep of a chunk: `out` (its positions' two bytes each)
    /// from `cur` (the whole layer). Returns how many positions changed;
    /// `rounds` (the chunk's, if kept) records `sweep` for each of them.
    fn sweep(
        &self,
        chunk: &Chunk,
        cur: &[u8],
        out: &mut [u8],
        mut rounds: Option<&mut [u8]>,
        sweep: u32,
    ) -> u64 {
        let m1 = (self.m() + 1) as u8;
        let mut changed = 0;
        for (i, s) in chunk.statics.iter().enumerate() {
            let idx = chunk.start + i;
            let (win, lose) = if s.kind == TERMINAL {
                (s.tw, s.tl)
            } else {
                let mut wm = s.wm;
                let mut lm = s.lm;
                for &e in &chunk.edges[chunk.offsets[i] as usize..chunk.offsets[i + 1] as usize] {
                    let c = (e / 2) as usize;
                    let (wc, lc) = (cur[2 * c], cur[2 * c + 1]);
                    let (w, l) = if e & 1 == 1 { (wc, lc) } else { (lc, wc) };
                    wm = wm.min(w);
                    lm = lm.max(l);
                }
                combine(m1, s.tw, s.tl, wm, lm)
            };
            if win != cur[2 * idx] || lose != cur[2 * idx + 1] {
                changed += 1;
                if let Some(rounds) = rounds.as_deref_mut() {
                    rounds[i] = sweep.min(255) as u8;
                }
            }
            out[2 * i] = win;
            out[2 * i + 1] = lose;
        }
        changed
    }

    /// Analyses the layer with the quiet moves stored (the reference
    /// builder, for any rules). `progress` is called from this thread.
    pub(crate) fn run_edges(
        &self,
        progress: &mut dyn FnMut(Phase, u64, u64),
    ) -> Result<Layer, EgdbError> {
        let p = self.pits();
        let boards = self.binom.boards(self.n, p);
        if !layer_exists(self.rules, self.n) {
            return Ok(Layer::empty());
        }
        let positions = self.positions();
        // An edge holds a child's index and a flag in 32 bits.
        if positions > (u32::MAX / 2) as u64 {
            return Err(EgdbError::TooBig { seeds: self.n as u32, positions });
        }
        let threads = self.threads.max(1).min(boards as usize).max(1);
        // Chunks of equal numbers of boards.
        let bounds: Vec<u64> = (0..=threads).map(|t| boards * t as u64 / threads as u64).collect();
        let counters: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
        let (finished, all_done) = std::sync::mpsc::channel::<()>();
        let chunks: Vec<Result<Chunk, EgdbError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (counters, bounds, finished) = (&counters, &bounds, finished.clone());
                    scope.spawn(move || {
                        let chunk = self.chunk(bounds[t], bounds[t + 1], &counters[t]);
                        let _ = finished.send(());
                        chunk
                    })
                })
                .collect();
            drop(finished);
            wait_for_threads(&all_done, threads, || {
                let done: u64 = counters.iter().map(|c| c.load(Ordering::Relaxed)).sum();
                progress(Phase::Moves, done, positions);
            });
            handles.into_iter().map(|h| h.join().expect("layer thread panicked")).collect()
        });
        let chunks = chunks.into_iter().collect::<Result<Vec<Chunk>, EgdbError>>()?;
        progress(Phase::Moves, positions, positions);

        // Sweeps from "nothing forced" until nothing changes.
        let never = (self.m() + 1) as u8;
        let mut cur = vec![never; 2 * positions as usize];
        let mut next = cur.clone();
        let bounds = has_bounds(self.rules);
        let mut rounds = vec![0u8; if bounds { positions as usize } else { 0 }];
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            progress(Phase::Sweep(sweeps), 0, positions);
            let changed: u64 = std::thread::scope(|scope| {
                let mut rest: &mut [u8] = &mut next;
                let mut rest_rounds: &mut [u8] = &mut rounds;
                let mut handles = Vec::new();
                for chunk in &chunks {
                    let (mine, others) = rest.split_at_mut(2 * chunk.statics.len());
                    rest = others;
                    let mine_rounds = if bounds {
                        let (r, others) = rest_rounds.split_at_mut(chunk.statics.len());
                        rest_rounds = others;
                        Some(r)
                    } else {
                        None
                    };
                    let cur = &cur;
                    handles.push(
                        scope.spawn(move || self.sweep(chunk, cur, mine, mine_rounds, sweeps)),
                    );
                }
                handles.into_iter().map(|h| h.join().expect("sweep thread panicked")).sum()
            });
            progress(Phase::Sweep(sweeps), positions, positions);
            std::mem::swap(&mut cur, &mut next);
            if changed == 0 {
                break;
            }
        }
        drop(next);

        // Counts over the positions that are really in play.
        let m = self.m() as u64;
        let limit = stall_limit(self.rules);
        let mut tally = Tally::default();
        for chunk in &chunks {
            for (i, s) in chunk.statics.iter().enumerate() {
                if s.kind != NORMAL {
                    continue;
                }
                let idx = chunk.start + i;
                let stalls = limit.is_some_and(|limit| bound_of_round(rounds[idx]) as u32 >= limit);
                tally.add(m, cur[2 * idx], cur[2 * idx + 1], s.tw, s.tl, stalls);
            }
        }
        let mut data = cur;
        data.extend(rounds.iter().map(|&r| bound_of_round(r)));
        Ok(Layer { data, positions, sweeps, tally, revisits: (sweeps as u64 - 1) * positions })
    }
}

/// Waits until `threads` worker threads have each sent on `all_done` (or all
/// senders are gone: a thread that panics drops its sender without
/// sending), calling `tick` every 100 ms meanwhile for progress reports.
pub(super) fn wait_for_threads(
    all_done: &std::sync::mpsc::Receiver<()>,
    threads: usize,
    mut tick: impl FnMut(),
) {
    let mut running = threads;
    while running > 0 {
        match all_done.recv_timeout(std::time::Duration::from_millis(100)) {
            Ok(()) => running -= 1,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => tick(),
        }
    }
}
