//! Solvers for the endgame database tests, written from the engine alone
//! (none of the database's code): an exhaustive solver of the real game,
//! and a search for forced wins under the real rules (which may use a
//! database to order its moves, never for a result).

// Each test file uses its own part of this module.
#![allow(dead_code)]

use mancala_ai::egdb::Egdb;
use mancala_ai::Wdl;
use mancala_rules::{BySide, EndReason, Pit, Position, Rules, Side, Stall};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

pub fn split(side: Side, cm: u32, co: u32) -> BySide<u8> {
    let mut c = BySide::new(0, 0);
    c[side] = cm as u8;
    c[!side] = co as u8;
    c
}

pub fn outcome_for(rules: &Rules, pos: &Position, side: Side) -> Wdl {
    match rules.winner_of(pos) {
        Some(w) if w == side => Wdl::Win,
        Some(_) => Wdl::Loss,
        None => Wdl::Draw,
    }
}

/// Plain minimax (negamax with alpha-beta over win/draw/loss) over the real
/// game tree, with the repetition rule applied along the path (positions
/// since the last capture), from a position with no history. Bounds are
/// memoised only for positions that start a fresh history (the root and
/// positions right after a capture), where the path before them cannot
/// matter.
pub struct Exhaustive {
    rules: Rules,
    /// Lower and upper bounds on the value (-1, 0, 1) for the mover.
    memo: HashMap<Position, (i8, i8)>,
    nodes: u64,
    budget: u64,
}

pub fn result_of(v: i8) -> Wdl {
    match v {
        1 => Wdl::Win,
        0 => Wdl::Draw,
        _ => Wdl::Loss,
    }
}

impl Exhaustive {
    /// The last position of `path` after `pit`, ended as a cycle if the
    /// move is quiet and repeats a position since `window` (the last
    /// capture); and whether it captured.
    fn play(&self, path: &[Position], window: usize, pit: Pit) -> (Position, bool) {
        let pos = path.last().unwrap();
        let child = self.rules.play_unchecked(pos, pit);
        let captured = child.captured() != pos.captured();
        if !captured && !child.is_over() && path[window..].iter().any(|p| p.same_place(&child)) {
            (self.rules.finish(&child, EndReason::Cycle), false)
        } else {
            (child, captured)
        }
    }

    pub fn new(rules: Rules) -> Exhaustive {
        Exhaustive { rules, memo: HashMap::new(), nodes: 0, budget: 0 }
    }

    fn end_value(&self, pos: &Position, side: Side) -> i8 {
        match outcome_for(&self.rules, pos, side) {
            Wdl::Win => 1,
            Wdl::Draw => 0,
            Wdl::Loss => -1,
        }
    }

    /// The result for the player to move, or `None` past `budget` nodes.
    pub fn solve(&mut self, pos: &Position, budget: u64) -> Option<Wdl> {
        if pos.is_over() {
            return Some(outcome_for(&self.rules, pos, pos.to_move()));
        }
        self.nodes = 0;
        self.budget = budget;
        let mut path = vec![*pos];
        self.search(&mut path, 0, -1, 1).map(result_of)
    }

    /// Negamax: the value for the mover of the last position of `path`,
    /// exact if strictly between `alpha` and `beta`, else a bound on the
    /// side of the window it fell.
    fn search(
        &mut self,
        path: &mut Vec<Position>,
        window: usize,
        alpha: i8,
        beta: i8,
    ) -> Option<i8> {
        let pos = *path.last().unwrap();
        let fresh = window == path.len() - 1;
        let (mut alpha, mut beta) = (alpha, beta);
        let (alpha0, beta0) = (alpha, beta);
        if fresh {
            if let Some(&(lo, hi)) = self.memo.get(&pos) {
                if lo == hi || lo >= beta {
                    return Some(lo);
                }
                if hi <= alpha {
                    return Some(hi);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mover = pos.to_move();
        // Children: those that end the game at once (endings, cycles) first,
        // then captures, then quiet moves.
        let mut children: Vec<(u8, bool, Position)> = Vec::new();
        for pit in self.rules.legal_moves(&pos) {
            let (child, captured) = self.play(path, window, pit);
            let order = if child.is_over() {
                0
            } else if captured {
                1
            } else {
                2
            };
            children.push((order, captured, child));
        }
        children.sort_by_key(|c| c.0);
        let mut best = -1i8;
        for (_, captured, child) in children {
            let v = if child.is_over() {
                self.end_value(&child, mover)
            } else {
                let start = if captured { path.len() } else { window };
                path.push(child);
                let same = child.to_move() == mover;
                let r = if same {
                    self.search(path, start, alpha, beta)
                } else {
                    self.search(path, start, -beta, -alpha).map(|v| -v)
                };
                path.pop();
                r?
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if fresh && pos.quiet_moves() == 0 {
            let (lo, hi) = self.memo.get(&pos).copied().unwrap_or((-1, 1));
            let bound = if best <= alpha0 {
                (lo, hi.min(best))
            } else if best >= beta0 {
                (lo.max(best), hi)
            } else {
                (best, best)
            };
            self.memo.insert(pos, bound);
        }
        Some(best)
    }
}

impl Exhaustive {
    /// Iterative deepening over plies: a win or loss proven within `depth`
    /// plies under the real rules (repetition included) is the exact
    /// result, so forced results deep in circulating positions are
    /// confirmed where the full search runs out of nodes. `None` if nothing
    /// is proven within `budget` nodes.
    pub fn prove(&mut self, pos: &Position, budget: u64) -> Option<Wdl> {
        self.nodes = 0;
        self.budget = budget;
        for depth in 1..=60 {
            let mut path = vec![*pos];
            match self.limited(&mut path, 0, depth) {
                Err(()) => return None,
                Ok(Some(v)) if v != 0 => return Some(result_of(v)),
                Ok(_) => {}
            }
        }
        None
    }

    /// `Ok(None)`: not decided within `depth` plies; `Err`: over budget.
    fn limited(
        &mut self,
        path: &mut Vec<Position>,
        window: usize,
        depth: u32,
    ) -> Result<Option<i8>, ()> {
        let pos = *path.last().unwrap();
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(());
        }
        if depth == 0 {
            return Ok(None);
        }
        let mover = pos.to_move();
        let mut best = Some(-1i8);
        for pit in self.rules.legal_moves(&pos) {
            let (child, captured) = self.play(path, window, pit);
            let v = if child.is_over() {
                Some(self.end_value(&child, mover))
            } else {
                let start = if captured { path.len() } else { window };
                path.push(child);
                let r = self.limited(path, start, depth - 1);
                path.pop();
                r?.map(|v| if child.to_move() == mover { v } else { -v })
            };
            match v {
                Some(1) => return Ok(Some(1)),
                Some(v) => best = best.map(|b| b.max(v)),
                None => best = None,
            }
        }
        Ok(best)
    }
}

/// Every board of `n` seeds on `pits` pits (small cases only).
pub fn boards(n: usize, pits: usize) -> Vec<Vec<u8>> {
    fn go(n: usize, pits: usize, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if pits == 1 {
            prefix.push(n as u8);
            out.push(prefix.clone());
            prefix.pop();
            return;
        }
        for v in 0..=n {
            prefix.push(v as u8);
            go(n - v, pits - 1, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(n, pits, &mut Vec::new(), &mut out);
    out
}

/// Whether a side can force a win by play that ends the game within a
/// number of moves: what the database calls a forced win, searched
/// forwards with the engine alone. The moves and endings are the engine's
/// on the real position (its captured seeds and its stall count, so a line
/// that reaches the stall limit ends there). An ending by stall, a draw and
/// a line cut at the depth are "not forced".
///
/// From a position with no repetition history (as set up, or right after
/// a capture) the repetition rule changes none of these results: if a side
/// can force a win within `d` moves, it can by moving each time to a
/// position where it forces it in fewer moves than from the last one,
/// every move of the other side leading to such a position too; the moves
/// needed fall at every move, so no line of that strategy repeats a
/// position and the rule never ends one. And the rule only takes wins
/// away. [`Forcing::wins`] therefore searches without the rule, which lets
/// it memoise every result by position, exactly: a win it finds is a real
/// win, and "none within `d`" holds with the rule too.
/// [`Forcing::proves`] applies the rule along its path, as a game would.
///
/// Memoised by board, side to move, captured seeds and the moves left (the
/// depth, cut by the stall count: from stall count `q` with limit `L` every
/// line ends by play within `L - q` moves or by stall, so depth `d` acts as
/// `min(d, L - q)`).
pub struct Forcing<'a> {
    rules: Rules,
    limit: Option<u32>,
    memo: HashMap<Key, Entry, BuildHasherDefault<FxHasher>>,
    nodes: u64,
    budget: u64,
    /// Orders the prover's moves (never changes a result): the database's
    /// forced wins for the prover first, shortest first.
    hint: Option<&'a Egdb>,
    /// Takes this database's exact results for the positions a capture
    /// leads to with fewer seeds than the root's layer (see
    /// [`Forcing::with_lower`]), and the root's seeds on the board.
    lower: Option<&'a Egdb>,
    root_seeds: u32,
    /// Whether the repetition rule applies along the path (see
    /// [`Forcing::proves`]), and the path.
    along_path: bool,
    path: Vec<Position>,
}

/// The search went past its node budget.
#[derive(Debug)]
pub struct OverBudget;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    pits: [u8; 24],
    to_move: u8,
    prover: u8,
    captured: [u8; 2],
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let word = |i: usize| u64::from_le_bytes(self.pits[i..i + 8].try_into().unwrap());
        state.write_u64(word(0));
        state.write_u64(word(8));
        state.write_u64(word(16));
        state.write_u32(u32::from_le_bytes([
            self.to_move,
            self.prover,
            self.captured[0],
            self.captured[1],
        ]));
    }
}

/// The moves a win found needs at most (`u32::MAX`: none found yet) and
/// the most moves within which none exists (0: not known).
#[derive(Clone, Copy)]
struct Entry {
    won: u32,
    failed: u32,
}

/// A small multiplicative hasher for the memo's keys.
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
}

impl<'a> Forcing<'a> {
    pub fn new(rules: Rules) -> Forcing<'a> {
        let limit = match rules.stall {
            Stall::None => None,
            Stall::QuietMoves(l) => Some(l as u32),
        };
        Forcing {
            rules,
            limit,
            memo: HashMap::default(),
            nodes: 0,
            budget: 0,
            hint: None,
            lower: None,
            root_seeds: 0,
            along_path: false,
            path: Vec::new(),
        }
    }

    /// Orders the prover's moves by this database's values: a speed-up
    /// only, every result is still proved by playing the moves.
    pub fn with_hint(mut self, db: &'a Egdb) -> Forcing<'a> {
        self.hint = Some(db);
        self
    }

    /// Takes `db`'s exact results (`Oracle::result`: forced, with the stall
    /// rule accounted for) for the positions a capture leads to in a layer
    /// below the root's, instead of searching on: a check of a layer by the
    /// search and the layers below it, which are checked in their turn. A
    /// capture starts a fresh stall count and no repetition history, which
    /// is what those results are exact for.
    pub fn with_lower(mut self, db: &'a Egdb) -> Forcing<'a> {
        self.lower = Some(db);
        self
    }

    /// Nodes visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions memoised by the last call: (won, failed).
    pub fn memoised(&self) -> (usize, usize) {
        let won = self.memo.values().filter(|e| e.won != u32::MAX).count();
        (won, self.memo.len() - won)
    }

    /// Whether `prover` can force a win from `pos` (taken as having no
    /// repetition history) within `plies` moves of both players (passes
    /// are not moves): `Some(moves)` the win found needs at most, `None` if
    /// no forced win exists within `plies`. `Err` past `budget` nodes.
    pub fn wins(
        &mut self,
        pos: &Position,
        prover: Side,
        plies: u32,
        budget: u64,
    ) -> Result<Option<u32>, OverBudget> {
        self.run(pos, prover, plies, budget, false)
    }

    /// [`Forcing::wins`] with the repetition rule applied along the path
    /// (the positions since the last capture, the root included): a move to
    /// one of them ends the game as a cycle, which is not a forced win.
    /// Results are memoised all the same, though a "none" can depend on the
    /// path: so a win found is a real win (it is one without the rule, see
    /// above), but "none" only means none was found; [`Forcing::wins`]
    /// settles it. Much faster for long forcing lines, where the plain
    /// search spends its time going round in circles.
    pub fn proves(
        &mut self,
        pos: &Position,
        prover: Side,
        plies: u32,
        budget: u64,
    ) -> Result<Option<u32>, OverBudget> {
        self.run(pos, prover, plies, budget, true)
    }

    fn run(
        &mut self,
        pos: &Position,
        prover: Side,
        plies: u32,
        budget: u64,
        along_path: bool,
    ) -> Result<Option<u32>, OverBudget> {
        self.memo.clear();
        self.nodes = 0;
        self.budget = budget;
        self.along_path = along_path;
        self.path.clear();
        self.root_seeds = pos.board_seeds();
        if pos.is_over() {
            return Ok(None);
        }
        self.search(pos, 0, prover, plies)
    }

    /// The moves left from `pos`: `plies`, or fewer where the stall limit
    /// ends every longer line first.
    fn moves_left(&self, pos: &Position, plies: u32) -> u32 {
        match self.limit {
            Some(l) => plies.min(l.saturating_sub(pos.quiet_moves() as u32)),
            None => plies,
        }
    }

    fn key(pos: &Position, prover: Side) -> Key {
        let mut pits = [0u8; 24];
        pits[..pos.pits().len()].copy_from_slice(pos.pits());
        let c = pos.captured();
        Key {
            pits,
            to_move: pos.to_move().index() as u8,
            prover: prover.index() as u8,
            captured: [c.south, c.north],
        }
    }

    /// Whether `prover` forces a win from `pos` within `plies` moves: the
    /// moves the win found needs at most. `pos` is the last position of
    /// the path, whose positions since the last capture start at `window`.
    fn search(
        &mut self,
        pos: &Position,
        window: usize,
        prover: Side,
        plies: u32,
    ) -> Result<Option<u32>, OverBudget> {
        let left = self.moves_left(pos, plies);
        if left == 0 {
            return Ok(None);
        }
        let key = Self::key(pos, prover);
        if let Some(e) = self.memo.get(&key) {
            if e.won <= left {
                return Ok(Some(e.won));
            }
            if e.failed >= left {
                return Ok(None);
            }
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OverBudget);
        }
        let proving = pos.to_move() == prover;
        let mut children: Vec<(u32, Position)> = self
            .rules
            .legal_moves(pos)
            .into_iter()
            .map(|pit| {
                let mut child = self.rules.play_unchecked(pos, pit);
                if self.along_path
                    && child.captured() == pos.captured()
                    && !child.is_over()
                    && (child.same_place(pos)
                        || self.path[window..].iter().any(|p| p.same_place(&child)))
                {
                    child = self.rules.finish(&child, EndReason::Cycle);
                }
                let order = match (child.is_over(), proving) {
                    (true, _) => 0,
                    (false, true) => 1 + self.hint_order(&child, prover),
                    (false, false) => 1,
                };
                (order, child)
            })
            .collect();
        // Endings first: they decide a node without a search.
        children.sort_by_key(|c| c.0);
        // The prover's node: the first win found; the other's: the longest.
        let mut result = if proving { None } else { Some(1) };
        self.path.push(*pos);
        for (_, child) in children {
            let won = if let Some(outcome) = child.outcome() {
                let by_play = !matches!(outcome.reason, EndReason::Stall | EndReason::Cycle);
                (by_play && outcome.winner == Some(prover)).then_some(1)
            } else if let Some(v) = self.lower_result(pos, &child) {
                (v.winner(child.to_move()) == Some(prover)).then_some(1)
            } else if left == 1 {
                None
            } else {
                let start =
                    if child.captured() == pos.captured() { window } else { self.path.len() };
                self.search(&child, start, prover, left - 1)?.map(|d| d + 1)
            };
            match (proving, won) {
                (true, Some(d)) => {
                    result = Some(d);
                    break;
                }
                (false, None) => {
                    result = None;
                    break;
                }
                (false, Some(d)) => result = result.map(|r| r.max(d)),
                (true, None) => {}
            }
        }
        self.path.pop();
        let e = self.memo.entry(key).or_insert(Entry { won: u32::MAX, failed: 0 });
        match result {
            Some(d) => e.won = e.won.min(d),
            None => e.failed = e.failed.max(left),
        }
        Ok(result)
    }

    /// The exact result of `child`, reached from `pos` by a capture into a
    /// layer below the root's, where [`Forcing::with_lower`] gives one.
    fn lower_result(&self, pos: &Position, child: &Position) -> Option<Wdl> {
        use mancala_ai::egdb::play::Oracle;
        let db = self.lower?;
        let below = child.captured() != pos.captured() && child.board_seeds() < self.root_seeds;
        below.then(|| db.result(child)).flatten()
    }

    /// The database's view of a child, for move ordering: its bound if the
    /// prover wins there, else a large number.
    fn hint_order(&self, child: &Position, prover: Side) -> u32 {
        let Some(db) = self.hint else { return 0 };
        let Some(p) = db.probe(child) else { return 1000 };
        if p.value.winner(child.to_move()) == Some(prover) {
            p.bound
        } else {
            1000
        }
    }
}
