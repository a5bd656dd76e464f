//! Alpha-beta search: negamax with principal-variation search, iterative
//! deepening, a transposition table and move ordering (table move, captures,
//! history), under depth, node and time limits.
//!
//! The repetition rule makes a position's value depend on the positions seen
//! since the last capture. The search applies it along the path exactly as
//! [`mancala_rules::Game`] does: a move that repeats a position of the game
//! or of the line ends the game there, valued as the rules value a cycle.
//!
//! How the transposition table treats that history depends on what the
//! search is for:
//!
//! - **Exact searches** (proofs with a pessimistic or optimistic horizon,
//!   every root move valued, the strict-depth mode of the tests) key the
//!   table on the position together with the *set* of positions since the
//!   last capture, so a stored value is only reused where the future is the
//!   same: they return the same value as plain minimax with the repetition
//!   rule (tested). The price is that two move orders reaching one position
//!   without a capture in between do not share an entry.
//! - **Playing searches** key it on the position alone (with the captured
//!   seeds, and the quiet moves where a stall limit counts them), as game
//!   engines do: a position reached by another route reuses its value
//!   although the two routes' histories differ. Repetitions on the line
//!   itself are always scored exactly, and a value that a repetition of a
//!   position *above* the node decided (one of its route's history) is
//!   not stored under the position: each node tracks the lowest place on
//!   the path that a line below it repeated, and such a value goes under
//!   the exact key of its route (position and set), where only the same
//!   route finds it (looked up only once the search has stored one). What
//!   remains is the other way round: a value found where no repetition was
//!   in reach may be reused on a route whose history the line would
//!   repeat. Measured: the position key +131 ± 49 Elo at 50 ms a move on
//!   Oware (docs/ai.md, "Beyond Aalina"); keeping route-decided values to
//!   their route, about even with not doing so (same docs).
//!   Playing searches also reduce late quiet moves by a ply (searched
//!   again at full depth when they beat alpha).
//!
//! Extra turns and passes are handled by the mover at each node: a child
//! whose player to move is the same player is not negated.

use crate::clock::{Clock, Stopwatch};
use crate::egdb::play;
use crate::eval::{Evaluation, Linear};
use crate::score::Score;
use crate::tt::{Bound, Entry, Table};
use mancala_rules::{
    EndReason, Feeding, Game, Moves, Pit, Position, Rules, Side, Sowing, Stall, Wdl, MAX_PITS,
    MAX_PITS_PER_ROW,
};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest the search goes (plies from the root).
pub const MAX_PLY: usize = 128;

/// When a player stops thinking: the one shape of limits for every player
/// (the alpha-beta search, MCTS, the levels, `ab:` and `mcts:` players,
/// the solver). Every limit set applies; the first reached wins. With none
/// set a search runs to [`MAX_PLY`] or until the result is proven. A node
/// limit alone is deterministic (the same move every time).
///
/// - `depth`: plies (alpha-beta and the solver; MCTS has no depth);
/// - `nodes`: positions searched, or for MCTS playouts;
/// - `time`: think time, on `clock`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    /// The clock `time` runs on.
    pub clock: Clock,
}

impl Limits {
    /// No limit.
    pub const NONE: Limits = Limits { depth: None, nodes: None, time: None, clock: Clock::Wall };

    pub const fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::NONE }
    }

    pub const fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::NONE }
    }

    pub const fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::NONE }
    }

    /// `time` in milliseconds.
    pub const fn millis(ms: u64) -> Limits {
        Limits::time(Duration::from_millis(ms))
    }

    /// The same limits with `time` on `clock`.
    pub const fn on(self, clock: Clock) -> Limits {
        Limits { clock, ..self }
    }

    /// Whether no limit is set.
    pub const fn is_none(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time.is_none()
    }
}

/// Everything one search is given besides the game: its [`Limits`], a flag
/// another thread may set to stop it, what an unfinished line is worth, an
/// endgame database, and what must be exact. The one way to call
/// [`Searcher::search`]; a plain [`Limits`] converts into the options of a
/// playing search (heuristic horizon, no database, no stop flag).
///
/// ```
/// # use mancala_ai::{Limits, SearchOptions, Horizon};
/// let proof = SearchOptions::new(Limits::depth(9)).horizon(Horizon::Pessimistic);
/// let review = SearchOptions::new(Limits::nodes(100_000)).every_root_move();
/// # let _ = (proof, review);
/// ```
#[derive(Clone, Copy, Default)]
pub struct SearchOptions<'a> {
    /// Depth, nodes and time: the first reached ends the search.
    pub limits: Limits,
    /// When another thread sets it, the search stops (and reports the last
    /// depth completed).
    pub stop: Option<&'a AtomicBool>,
    /// What an unfinished line is worth at the horizon.
    pub horizon: Horizon,
    /// An endgame database, asked where it is exact (ignored when it does
    /// not cover the searcher's rules).
    pub oracle: Option<&'a dyn Oracle>,
    /// Value every root move exactly (with a full window), not only the
    /// best: [`Report::root`] then holds exact values (for analysis and
    /// the levels that choose among near-best moves).
    pub every_root_move: bool,
    /// Reuse a table value only at exactly the depth it was searched to,
    /// so that a fixed-depth search returns exactly the depth-limited
    /// minimax value (for tests; slightly weaker for play). Implies
    /// [`SearchOptions::exact`].
    pub strict_depth: bool,
    /// Keep each position's history in the table and reduce no move, so
    /// that the value is exactly minimax's with the repetition rule (and
    /// [`Report::exact`] can say when it is the game's value). Implied by a
    /// proof's horizon, [`SearchOptions::every_root_move`] and
    /// [`SearchOptions::strict_depth`]. Without it a search plays: faster,
    /// its table shared between routes to a position (see the module's
    /// documentation), and it never claims an exact value.
    pub exact: bool,
}

impl<'a> SearchOptions<'a> {
    /// A playing search under `limits`.
    pub fn new(limits: Limits) -> SearchOptions<'a> {
        SearchOptions { limits, ..SearchOptions::default() }
    }

    /// Stops when `flag` is set.
    pub fn stop(self, flag: &'a AtomicBool) -> SearchOptions<'a> {
        SearchOptions { stop: Some(flag), ..self }
    }

    pub fn horizon(self, horizon: Horizon) -> SearchOptions<'a> {
        SearchOptions { horizon, ..self }
    }

    /// Asks `oracle` (if any) where it is exact.
    pub fn oracle(self, oracle: Option<&'a dyn Oracle>) -> SearchOptions<'a> {
        SearchOptions { oracle, ..self }
    }

    /// Values every root move exactly.
    pub fn every_root_move(self) -> SearchOptions<'a> {
        SearchOptions { every_root_move: true, ..self }
    }

    /// Reuses table values only at the depth they were searched to.
    pub fn strict_depth(self) -> SearchOptions<'a> {
        SearchOptions { strict_depth: true, ..self }
    }

    /// An exact search rather than a playing one (see
    /// [`SearchOptions::exact`]).
    pub fn exact(self) -> SearchOptions<'a> {
        SearchOptions { exact: true, ..self }
    }
}

impl From<Limits> for SearchOptions<'_> {
    fn from(limits: Limits) -> Self {
        SearchOptions::new(limits)
    }
}

impl std::fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchOptions")
            .field("limits", &self.limits)
            .field("stop", &self.stop)
            .field("horizon", &self.horizon)
            .field("oracle", &self.oracle.map(|_| "database"))
            .field("every_root_move", &self.every_root_move)
            .field("strict_depth", &self.strict_depth)
            .field("exact", &self.exact)
            .finish()
    }
}

/// What an unfinished line is worth at the search horizon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Horizon {
    /// The heuristic evaluation: for playing.
    #[default]
    Evaluate,
    /// The worst possible result for the root player: the root value is
    /// then a proven lower bound.
    Pessimistic,
    /// The best possible result for the root player: a proven upper bound.
    Optimistic,
}

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Pit>,
    /// The value for the player to move at the root.
    pub score: Score,
    /// The last depth completed.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Pit>,
    /// The value of every root move searched to the last completed depth
    /// (exact for the best; for others a bound unless
    /// [`SearchOptions::every_root_move`] was set).
    pub root: Vec<(Pit, Score)>,
    /// Whether the search saw every line to its end (or to a database
    /// value): `score` is then exact. Only an exact search
    /// ([`SearchOptions::exact`]) says so.
    pub exact: bool,
}

/// The database interface the search takes (defined with the database's
/// play code, [`crate::egdb::play`]).
pub use crate::egdb::play::Oracle;

/// One line of progress: a depth completed.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pit>,
}

#[derive(Clone, Copy)]
struct Frame {
    pos: Position,
    key: u64,
    /// Index in `path` of the first position that can still repeat.
    window: usize,
    /// XOR of the mixed keys of `path[window..=this]`.
    set: u64,
    /// One bit for each position of `path[window..=this]`, chosen by its
    /// key: a position whose bit is not set repeats none of them, and the
    /// path need not be searched.
    seen: u64,
}

/// A position's bit in [`Frame::seen`].
#[inline]
fn seen_bit(key: u64) -> u64 {
    1 << (key >> 58)
}

/// A reusable searcher: keeps its transposition table and history between
/// searches of one game.
pub struct Searcher {
    rules: Rules,
    /// The evaluation: learned where the rules have one, else hand-set.
    evaluator: Evaluation,
    /// Set weights for the linear evaluation, used instead of the default
    /// one when present.
    linear: Option<Linear>,
    tt: Table,
    path: Vec<Frame>,
    history: [[i32; MAX_PITS]; 2],
    pv: Vec<[Pit; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    node_limit: u64,
    /// The think time's clock, started with the search, and its budget.
    deadline: Option<(Stopwatch, Duration)>,
    stopped: bool,
    horizon: Horizon,
    root_side: Side,
    salt: u64,
    /// Horizon values (and inexact table entries) used so far: when an
    /// iteration uses none, its value is the game's exact value.
    horizon_hits: u64,
    /// This search's [`SearchOptions::every_root_move`].
    all_exact: bool,
    /// This search's [`SearchOptions::strict_depth`].
    strict_depth: bool,
    /// The root moves the search may choose from.
    root_moves: Moves,
    /// Whether this search plays (heuristic horizon, no exact depth, no
    /// exact value for every root move): then the table is keyed on the
    /// position alone and late moves are reduced.
    play: bool,
    /// The lowest index in `path` of a position that a line searched since
    /// it was last reset ended by repeating: a node above that index has a
    /// value that depends on the route to it (see [`Searcher::node`]).
    repeat_low: usize,
    /// Whether a playing search stored a value under its route's exact key
    /// since the table was cleared: only then is that key looked up too.
    routed_stored: bool,
}

#[inline]
fn mix(mut x: u64) -> u64 {
    // splitmix64's finaliser: turns position keys into set-hash members.
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Searcher {
    pub fn new(rules: Rules) -> Searcher {
        Searcher::with_table(rules, 16)
    }

    /// A searcher with a transposition table of about `megabytes` MiB.
    pub fn with_table(rules: Rules, megabytes: usize) -> Searcher {
        Searcher {
            rules,
            evaluator: Evaluation::for_rules(&rules),
            linear: None,
            tt: Table::new(megabytes),
            path: Vec::with_capacity(512),
            history: [[0; MAX_PITS]; 2],
            pv: vec![[Pit(0); MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            horizon: Horizon::Evaluate,
            root_side: Side::South,
            salt: 0,
            horizon_hits: 0,
            all_exact: false,
            strict_depth: false,
            root_moves: Moves::EMPTY,
            play: false,
            repeat_low: usize::MAX,
            routed_stored: false,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Evaluates the horizon with `evaluation` (for these rules) from now
    /// on. Clears what was learnt, which was valued by the old one.
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluator = evaluation;
        self.clear();
    }

    /// The evaluation the horizon is valued with (when no linear weights
    /// are set).
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluator
    }

    /// Evaluates the horizon with a linear evaluation of set weights
    /// instead of the default one (`None`: back to the default). Clears
    /// what was learnt, which was valued by the old evaluation.
    pub fn set_linear(&mut self, linear: Option<Linear>) {
        self.linear = linear;
        self.clear();
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.routed_stored = false;
        self.history = [[0; MAX_PITS]; 2];
    }

    /// Searches the current position of `game` (its history since the last
    /// capture counts for the repetition rule) under `options` (or a plain
    /// [`Limits`]).
    pub fn search<'a>(&mut self, game: &Game, options: impl Into<SearchOptions<'a>>) -> Report {
        self.search_reporting(game, options, &mut |_| {})
    }

    /// [`Searcher::search`], calling `progress` after every depth completed.
    pub fn search_reporting<'a>(
        &mut self,
        game: &Game,
        options: impl Into<SearchOptions<'a>>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Report {
        let started = Instant::now();
        let SearchOptions { limits, stop, horizon, oracle, every_root_move, strict_depth, exact } =
            options.into();
        let egdb = oracle.filter(|o| o.covers(&self.rules));
        self.horizon = horizon;
        self.all_exact = every_root_move;
        self.strict_depth = strict_depth;
        let play = horizon == Horizon::Evaluate && !every_root_move && !strict_depth && !exact;
        if play != self.play {
            // The two modes key the table differently.
            self.tt.clear();
            self.routed_stored = false;
            self.play = play;
        }
        // Playing relies on every result the database gives for play;
        // proving only on its exact ones.
        let for_play = egdb.filter(|_| play).map(play::ForPlay);
        let egdb = match &for_play {
            Some(o) => Some(o as &dyn Oracle),
            None => egdb,
        };

        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| (Stopwatch::start(limits.clock), t));
        self.stopped = false;
        self.repeat_low = usize::MAX;
        self.load_path(game);
        let root = self.path.last().expect("the path holds the root").pos;
        self.root_side = root.to_move();
        // Table entries depend on the horizon's values, which depend only on
        // whom the horizon is worst for: a pessimistic search for one player
        // shares entries with an optimistic search for the other.
        self.salt = match horizon {
            Horizon::Evaluate => 0,
            Horizon::Pessimistic | Horizon::Optimistic => {
                let worst_for_root = horizon == Horizon::Pessimistic;
                let worst_for = if worst_for_root { self.root_side } else { !self.root_side };
                match worst_for {
                    Side::South => 0x5DEE_CE66_D1CE_4E5B,
                    Side::North => 0xA076_1D64_78BD_642F,
                }
            }
        };
        let mut report = Report {
            best: None,
            score: Score::ZERO,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            root: Vec::new(),
            exact: false,
        };
        let legal = self.rules.legal_moves(&root);
        if legal.is_empty() {
            report.score = if root.is_over() {
                Score::of_outcome(&self.rules, &root, root.to_move())
            } else {
                Score::ZERO
            };
            report.exact = true;
            return report;
        }
        self.root_moves = legal;
        if let Some(oracle) = egdb {
            let history: Vec<Position> =
                self.path[..self.path.len() - 1].iter().map(|f| f.pos).collect();
            if horizon == Horizon::Evaluate {
                // Playing: a won position is won by the shortest way out of
                // its stretch without captures, which never repeats; other
                // results are kept move by move, cycles counted.
                self.root_moves = play::moves_to_play(
                    &self.rules,
                    oracle,
                    &history,
                    &root,
                    legal,
                    self.node_limit,
                    self.deadline.map(|(watch, budget)| watch.wall_deadline(budget)),
                );
            } else if history.is_empty() {
                // Proving: the database is exact only without history.
                self.root_moves = play::keep_result(&self.rules, oracle, &root, legal, &[]);
            }
        }
        report.best = self.root_moves.into_iter().next();
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            let mut root_scores = Vec::new();
            self.horizon_hits = 0;
            let score = self.root_search(depth, egdb, stop, &mut root_scores);
            if self.stopped && depth > 1 {
                break;
            }
            report.depth = depth;
            report.score = score;
            report.pv = self.pv[0][..self.pv_len[0]].to_vec();
            report.best = report.pv.first().copied().or(report.best);
            report.root = root_scores;
            report.nodes = self.nodes;
            report.elapsed = started.elapsed();
            progress(&Progress {
                depth,
                score,
                nodes: self.nodes,
                elapsed: report.elapsed,
                pv: report.pv.clone(),
            });
            if self.stopped {
                break;
            }
            // No line reached the horizon: the value is the game's exact
            // value and deeper searches would find nothing new. (A playing
            // search stops there too, but does not claim it: its table may
            // hold values of other routes' histories.)
            if self.horizon_hits == 0 {
                report.exact = !self.play;
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = started.elapsed();
        report
    }

    /// The game's positions since the last capture become the bottom of the
    /// path.
    fn load_path(&mut self, game: &Game) {
        self.path.clear();
        let (mut set, mut seen) = (0, 0);
        for pos in game.repeatable_positions() {
            let key = pos.key();
            set ^= mix(key);
            seen |= seen_bit(key);
            self.path.push(Frame { pos: *pos, key, window: 0, set, seen });
        }
    }

    fn root_search(
        &mut self,
        depth: u32,
        egdb: Option<&dyn Oracle>,
        stop: Option<&AtomicBool>,
        root_scores: &mut Vec<(Pit, Score)>,
    ) -> Score {
        let mut ctx = Ctx { egdb, stop };
        if self.all_exact {
            // Every root move with a full window, for analysis.
            let frame = *self.path.last().expect("root");
            let mut best = -Score::INFINITY;
            let mut best_pv: Vec<Pit> = Vec::new();
            let root_moves = self.root_moves;
            let children: Vec<(Pit, Position)> =
                self.children(&frame.pos).filter(|(pit, _)| root_moves.contains(*pit)).collect();
            for (pit, child) in children {
                let (score, line) = self.child_value(&mut ctx, &frame, child, depth, 1);
                root_scores.push((pit, score));
                if score > best {
                    best = score;
                    best_pv = std::iter::once(pit).chain(line).collect();
                }
            }
            self.pv_len[0] = best_pv.len().min(MAX_PLY);
            self.pv[0][..self.pv_len[0]].copy_from_slice(&best_pv[..self.pv_len[0]]);
            return best;
        }
        let key = self.tt_key(self.path.last().expect("root"));
        self.negamax(
            &mut ctx,
            depth as i32,
            0,
            key,
            -Score::INFINITY,
            Score::INFINITY,
            Some(root_scores),
        )
    }

    /// The exact value of one root move (full window), with its line.
    fn child_value(
        &mut self,
        ctx: &mut Ctx,
        frame: &Frame,
        child: Position,
        depth: u32,
        ply: usize,
    ) -> (Score, Vec<Pit>) {
        let mover = frame.pos.to_move();
        let child = self.frame_of(child);
        if let Some(score) = self.enter(&child, mover) {
            return (score, Vec::new());
        }
        let same = child.pos.to_move() == mover;
        let (a, b) = (-Score::INFINITY, Score::INFINITY);
        let key = self.tt_key(&child);
        let score = self.negamax(ctx, depth as i32 - 1, ply, key, a, b, None);
        let line = self.pv[ply][..self.pv_len[ply]].to_vec();
        self.path.pop();
        (if same { score } else { -score }, line)
    }

    /// The legal moves of `pos` with the positions they lead to.
    #[inline]
    fn children(&self, pos: &Position) -> impl Iterator<Item = (Pit, Position)> + '_ {
        let pos = *pos;
        self.rules.legal_moves(&pos).map(move |pit| (pit, self.rules.play_unchecked(&pos, pit)))
    }

    /// The frame `child` of the last position on the path would have on
    /// the path (before the repetition rule is applied).
    #[inline]
    fn frame_of(&self, child: Position) -> Frame {
        let parent = self.path.last().expect("path");
        let key = child.key();
        if child.captured() != parent.pos.captured() {
            // A capture: nothing before it can repeat.
            Frame { pos: child, key, window: self.path.len(), set: mix(key), seen: seen_bit(key) }
        } else {
            Frame {
                pos: child,
                key,
                window: parent.window,
                set: parent.set ^ mix(key),
                seen: parent.seen | seen_bit(key),
            }
        }
    }

    /// Pushes `child` (from [`Searcher::frame_of`]) onto the path, applying
    /// the repetition rule. Returns its value for `mover` (without pushing)
    /// when the game is over there.
    #[inline]
    fn enter(&mut self, child: &Frame, mover: Side) -> Option<Score> {
        if child.pos.is_over() {
            return Some(Score::of_outcome(&self.rules, &child.pos, mover));
        }
        let window = child.window;
        let parent = self.path.last().expect("path");
        if window < self.path.len() && parent.seen & seen_bit(child.key) != 0 {
            if let Some(at) = self.repeats(window, child.key, &child.pos) {
                self.repeat_low = self.repeat_low.min(at);
                return Some(self.cycle_value(&child.pos, mover));
            }
        }
        self.path.push(*child);
        None
    }

    /// Where `pos` (its key `key`) is on the path from `window` on, if it
    /// is: the index in `path` of the position it repeats.
    #[inline(always)]
    fn repeats(&self, window: usize, key: u64, pos: &Position) -> Option<usize> {
        self.path[window..]
            .iter()
            .position(|f| f.key == key && f.pos.same_place(pos))
            .map(|i| window + i)
    }

    /// The value for `mover` of the game ended by a repetition at `pos`.
    #[cold]
    fn cycle_value(&self, pos: &Position, mover: Side) -> Score {
        let ended = self.rules.finish(pos, EndReason::Cycle);
        Score::of_outcome(&self.rules, &ended, mover)
    }

    /// [`Searcher::enter`] for a child at the horizon (its parent at depth
    /// 1, no database), valued where it is made and never pushed: a bare
    /// position. Its frame is not needed: its key is made only where the
    /// repetition rule can apply (no capture by the move, so its window is
    /// its parent's), and its set and filter are a parent's, for children
    /// and a table key it does not have.
    #[inline(always)]
    fn leaf_ended(&mut self, child: &Position, mover: Side) -> Option<Score> {
        if child.is_over() {
            return Some(Score::of_outcome(&self.rules, child, mover));
        }
        let parent = self.path.last().expect("path");
        if child.captured() == parent.pos.captured() {
            let key = child.key();
            if parent.seen & seen_bit(key) != 0 {
                if let Some(at) = self.repeats(parent.window, key, child) {
                    self.repeat_low = self.repeat_low.min(at);
                    return Some(self.cycle_value(child, mover));
                }
            }
        }
        None
    }

    #[inline]
    fn tt_key(&self, frame: &Frame) -> u64 {
        let pos = &frame.pos;
        let captured = pos.captured();
        if self.play {
            // Playing: one entry a position, whatever the route to it (see
            // the module's documentation); the quiet moves only where a
            // stall limit makes them part of the position's future. (A
            // value a repetition of the route decided goes under the exact
            // key instead: `Searcher::route_key`.)
            let quiet = match self.rules.stall {
                Stall::None => 0,
                Stall::QuietMoves(_) => (pos.quiet_moves() as u64) << 16,
            };
            let extra = (captured.south as u64) | (captured.north as u64) << 8 | quiet;
            return frame.key ^ mix(extra ^ self.salt);
        }
        self.route_key(frame)
    }

    /// The exact key: the position with the set of positions since the
    /// last capture, which decides every repetition below it.
    #[inline]
    fn route_key(&self, frame: &Frame) -> u64 {
        let pos = &frame.pos;
        let captured = pos.captured();
        let extra = (captured.south as u64)
            | (captured.north as u64) << 8
            | (pos.quiet_moves() as u64) << 16;
        frame.key ^ frame.set.rotate_left(17) ^ mix(extra ^ self.salt)
    }

    fn horizon_value(&mut self, pos: &Position) -> Score {
        self.horizon_hits += 1;
        match self.horizon {
            Horizon::Evaluate => Score::heuristic(match &self.linear {
                None => self.evaluator.evaluate(&self.rules, pos),
                Some(linear) => linear.evaluate(&self.rules, pos),
            }),
            Horizon::Pessimistic | Horizon::Optimistic => {
                let root_best =
                    (pos.to_move() == self.root_side) == (self.horizon == Horizon::Optimistic);
                if root_best {
                    Score::BEST
                } else {
                    Score::WORST
                }
            }
        }
    }

    /// A database value for a position with no repetition history.
    fn probe(&mut self, ctx: &Ctx, frame: &Frame) -> Option<Score> {
        let egdb = ctx.egdb?;
        let here = self.path.len() - 1;
        if frame.window != here {
            return None;
        }
        let result = egdb.result(&frame.pos)?;
        // The margin within the result is not known.
        self.horizon_hits += 1;
        let pos = &frame.pos;
        let captured = pos.captured();
        let me = pos.to_move();
        let margin_now = captured[me] as i32 - captured[!me] as i32;
        // The database knows the result, not the margin: within the band,
        // the horizon decides (a guess for play; the band's end for proofs).
        let (lo, hi) = match result {
            Wdl::Win => {
                (Score(Score::WIN - Score::MARGIN_MAX), Score(Score::WIN + Score::MARGIN_MAX))
            }
            Wdl::Loss => {
                (Score(-Score::WIN - Score::MARGIN_MAX), Score(-Score::WIN + Score::MARGIN_MAX))
            }
            Wdl::Draw => (Score(-Score::MARGIN_MAX), Score(Score::MARGIN_MAX)),
        };
        Some(match self.horizon {
            Horizon::Evaluate => {
                Score((Score::proven(result, 0).0 + 10 * margin_now).clamp(lo.0, hi.0))
            }
            Horizon::Pessimistic | Horizon::Optimistic => {
                let root_best = (me == self.root_side) == (self.horizon == Horizon::Optimistic);
                if root_best {
                    hi
                } else {
                    lo
                }
            }
        })
    }

    #[inline]
    fn out_of_budget(&mut self, ctx: &Ctx) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            if let Some((watch, budget)) = self.deadline {
                if watch.elapsed() >= budget {
                    self.stopped = true;
                }
            }
            if let Some(stop) = ctx.stop {
                if stop.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// The value of the last position on the path for its player to move;
    /// `key` is its table key ([`Searcher::tt_key`], made where its parent
    /// prefetched the slot).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn negamax(
        &mut self,
        ctx: &mut Ctx,
        depth: i32,
        ply: usize,
        key: u64,
        alpha: Score,
        beta: Score,
        root_scores: Option<&mut Vec<(Pit, Score)>>,
    ) -> Score {
        // A node whose children are leaves has its own compiled copy, in
        // which nothing asks whether they are.
        if depth == 1 && ctx.egdb.is_none() {
            self.node::<true>(ctx, depth, ply, key, alpha, beta, root_scores)
        } else {
            self.node::<false>(ctx, depth, ply, key, alpha, beta, root_scores)
        }
    }

    /// [`Searcher::negamax`], `LEAVES` saying whether the children are
    /// leaves (depth 1, no database): valued where they are made.
    #[allow(clippy::too_many_arguments)]
    fn node<const LEAVES: bool>(
        &mut self,
        ctx: &mut Ctx,
        depth: i32,
        ply: usize,
        key: u64,
        mut alpha: Score,
        beta: Score,
        mut root_scores: Option<&mut Vec<(Pit, Score)>>,
    ) -> Score {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        let frame = *self.path.last().expect("path");
        let pos = frame.pos;
        if ply > 0 {
            if let Some(score) = self.probe(ctx, &frame) {
                return score;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.horizon_value(&pos);
        }
        if ply > 0 && self.out_of_budget(ctx) {
            return Score::ZERO;
        }
        let mut tt_move = 255u8;
        let mut cut_before = false;
        let mut found = self.tt.probe(key);
        if found.is_none() && self.routed_stored && self.play && frame.window < self.path.len() - 1
        {
            // A value this route's history decided, if one was stored.
            found = self.tt.probe(self.route_key(&frame));
        }
        if let Some(entry) = found {
            tt_move = entry.best;
            cut_before = entry.bound == Bound::Lower;
            let deep_enough = if self.strict_depth {
                entry.depth as i32 == depth
            } else {
                entry.depth as i32 >= depth || entry.exact
            };
            if ply > 0 && deep_enough {
                let s = entry.score;
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    if !entry.exact {
                        self.horizon_hits += 1;
                    }
                    return s;
                }
            }
        }
        let mover = pos.to_move();
        // Generate and order the moves: a player's moves are in their own
        // row; the children stay where they are made, and the order is an
        // index sort (cheaper than moving the frames).
        // Relay moves must be sown to know they are legal (not endless):
        // sow each candidate once, and drop the endless ones, rather than
        // sowing them all twice.
        let relay = matches!(self.rules.sowing, Sowing::Relay)
            && matches!(self.rules.feeding, Feeding::NotRequired);
        let options =
            if relay { self.rules.candidate_moves(&pos) } else { self.rules.legal_moves(&pos) };
        let options = if ply == 0 { Moves(options.0 & self.root_moves.0) } else { options };
        let plan = Plan {
            mover,
            before: pos.captured()[mover] as i32 - pos.captured()[!mover] as i32,
            relay,
            tt_move,
            depth,
            leaf: LEAVES,
            history: self.history[mover.index()],
        };
        let mut kids = Children::new(plan.leaf);
        // The table's move comes first whatever the others' ranks: where it
        // is known, it is made and searched alone, and its siblings only
        // made if it does not cut off (their ranks from the history as it
        // was before it was searched, so the order is the one all made at
        // once would have had).
        // Only where the table's move cut off before (a bound from below):
        // elsewhere the siblings are likely to be searched too, and making
        // them at once hides the table's move's probe (its slot prefetched
        // as it is made) behind their making. The order is the same.
        let lazy = cut_before && options.contains(Pit(tt_move));
        let mut rest = options;
        if lazy {
            rest.remove(Pit(tt_move));
            self.make_children(&pos, Moves(options.0 & !rest.0), &plan, &mut kids);
        } else {
            self.make_children(&pos, rest, &plan, &mut kids);
            rest = Moves::EMPTY;
            sort_children(&mut kids.order, 0, kids.count);
        }
        let alpha_in = alpha;
        let hits_before = self.horizon_hits;
        // Which positions the lines below end by repeating: those above
        // this node make its value depend on the route to it.
        let low_before = std::mem::replace(&mut self.repeat_low, usize::MAX);
        let mut best = -Score::INFINITY;
        let mut best_pit = Pit(0);
        let mut i = 0;
        loop {
            if i == kids.count {
                if rest.is_empty() {
                    break;
                }
                self.make_children(&pos, rest, &plan, &mut kids);
                rest = Moves::EMPTY;
                sort_children(&mut kids.order, i, kids.count);
                if i == kids.count {
                    break;
                }
            }
            let pit = kids.pit(i);
            if i == 0 {
                best_pit = pit;
            }
            let mut line = true;
            let score = if plan.leaf {
                let child = kids.leaf(i);
                match self.leaf_ended(&child, mover) {
                    Some(score) => {
                        line = false;
                        score
                    }
                    None => {
                        // A leaf: what the child's own call would do (count
                        // it, value it at the horizon), without the call or
                        // a place on the path. A re-search of it would find
                        // the same value; it is counted as the call would
                        // count it.
                        self.nodes += 1;
                        self.pv_len[ply + 1] = 0;
                        let value = self.horizon_value(&child);
                        let s = if child.to_move() == mover { value } else { -value };
                        if i > 0 && s > alpha && s < beta && !self.stopped {
                            self.nodes += 1;
                            self.horizon_hits += 1;
                        }
                        s
                    }
                }
            } else {
                let (child, key) = kids.frame(i);
                match self.enter(&child, mover) {
                    Some(score) => {
                        line = false;
                        score
                    }
                    None => {
                        let same = child.pos.to_move() == mover;
                        let (d, p) = (depth - 1, ply + 1);
                        // The first child with the full window, the others
                        // with a null one, searched again if inside it.
                        // Late move reductions (playing only): a quiet
                        // move ordered fourth or later is searched a ply
                        // shallower first, and again at full depth only
                        // if it beats alpha there.
                        let reduce = self.play
                            && i >= 3
                            && depth >= 3
                            && ply > 0
                            && child.window != self.path.len() - 1
                            && pit.0 != plan.tt_move;
                        let s = if i == 0 {
                            self.child_search(ctx, same, d, p, key, alpha, beta)
                        } else if reduce {
                            let null = Score(alpha.0 + 1);
                            let s = self.child_search(ctx, same, d - 1, p, key, alpha, null);
                            if s > alpha && !self.stopped {
                                let s = self.child_search(ctx, same, d, p, key, alpha, null);
                                if s > alpha && s < beta && !self.stopped {
                                    self.child_search(ctx, same, d, p, key, alpha, beta)
                                } else {
                                    s
                                }
                            } else {
                                s
                            }
                        } else {
                            let null = Score(alpha.0 + 1);
                            let s = self.child_search(ctx, same, d, p, key, alpha, null);
                            if s > alpha && s < beta && !self.stopped {
                                self.child_search(ctx, same, d, p, key, alpha, beta)
                            } else {
                                s
                            }
                        };
                        self.path.pop();
                        s
                    }
                }
            };
            if self.stopped && ply > 0 {
                return Score::ZERO;
            }
            if let Some(scores) = root_scores.as_deref_mut() {
                scores.push((pit, score));
            }
            if score > best {
                best = score;
                best_pit = pit;
                if score > alpha {
                    alpha = score;
                    // Update the principal variation.
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply][0] = pit;
                    let child_len = if line { self.pv_len[ply + 1].min(MAX_PLY - 1) } else { 0 };
                    head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
                    self.pv_len[ply] = child_len + 1;
                }
                if score >= beta {
                    let bonus = depth * depth;
                    let h = &mut self.history[mover.index()][pit.index()];
                    *h = (*h + bonus).min(1 << 20);
                    break;
                }
            }
            i += 1;
        }
        if kids.count == 0 {
            // Cannot happen with settled positions (a player without a
            // legal move has passed, or the game is over); be safe.
            return self.horizon_value(&pos);
        }
        if self.stopped && ply == 0 && best == -Score::INFINITY {
            return Score::ZERO;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let here = self.path.len() - 1;
        let routed = self.repeat_low < here;
        self.repeat_low = self.repeat_low.min(low_before);
        if !self.stopped {
            let exact = self.horizon_hits == hits_before;
            // A playing search keys the table on the position alone, so a
            // value that a repetition of a position above this one decided
            // is not the position's own: another route to it need not
            // repeat there. It is stored under the route's exact key (the
            // position and the positions it could repeat), where only the
            // same route finds it (the next iteration, a re-search). An
            // exact search's key is that key already.
            let entry = Entry {
                key,
                score: best,
                depth: depth.min(255) as u8,
                bound,
                best: best_pit.0,
                exact,
            };
            if !(self.play && routed) {
                self.tt.store(entry);
            } else {
                self.routed_stored = true;
                self.tt.store(Entry { key: self.route_key(&frame), ..entry });
            }
        }
        best
    }

    /// Makes the children of `pos` by `moves` (those that are legal), each
    /// with its place in the order, after those in `kids`.
    #[inline(always)]
    fn make_children(&self, pos: &Position, moves: Moves, plan: &Plan, kids: &mut Children) {
        let mover = plan.mover;
        for pit in moves {
            let child = if plan.relay {
                match self.rules.play(pos, pit) {
                    Ok(child) => child,
                    Err(_) => continue,
                }
            } else {
                self.rules.play_unchecked(pos, pit)
            };
            let gain =
                child.captured()[mover] as i32 - child.captured()[!mover] as i32 - plan.before;
            let rank = if pit.0 == plan.tt_move {
                1 << 30
            } else {
                gain * 100_000 + plan.history[pit.index()].min(99_999)
            };
            if plan.leaf {
                kids.push_leaf(pit, child, rank);
                continue;
            }
            let child = self.frame_of(child);
            let mut key = 0;
            if plan.depth > 1 {
                // The child's table slot, loaded while its siblings are made.
                key = self.tt_key(&child);
                self.tt.prefetch(key);
            }
            kids.push(pit, child, key, rank);
        }
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child_search(
        &mut self,
        ctx: &mut Ctx,
        same: bool,
        depth: i32,
        ply: usize,
        key: u64,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if same {
            self.negamax(ctx, depth, ply, key, alpha, beta, None)
        } else {
            -self.negamax(ctx, depth, ply, key, -beta, -alpha, None)
        }
    }
}

/// The children of a node, in the order made: the order to search them
/// in is `order` (see [`sort_key`]).
struct Children {
    pits: [Pit; MAX_PITS_PER_ROW],
    /// The first `count` are set; for leaves, only their `pos`. (Left
    /// unset rather than filled: a node has a dozen children at most, often
    /// fewer, and filling 768 bytes a node cost more than the check in
    /// [`Children::at`].)
    frames: [MaybeUninit<Frame>; MAX_PITS_PER_ROW],
    /// The children's table keys (not set for leaves, nor at depth 1).
    keys: [u64; MAX_PITS_PER_ROW],
    /// Whether the children are leaves (bare positions) or not.
    leaf: bool,
    order: [u64; MAX_PITS_PER_ROW],
    count: usize,
}

impl Children {
    #[inline(always)]
    fn new(leaf: bool) -> Children {
        Children {
            pits: [Pit(0); MAX_PITS_PER_ROW],
            frames: [MaybeUninit::uninit(); MAX_PITS_PER_ROW],
            keys: [0; MAX_PITS_PER_ROW],
            leaf,
            order: [0; MAX_PITS_PER_ROW],
            count: 0,
        }
    }

    /// Adds a child of rank `rank` (higher first).
    #[inline(always)]
    fn push(&mut self, pit: Pit, frame: Frame, key: u64, rank: i32) {
        assert!(!self.leaf, "frames for children that are not leaves");
        let at = self.count;
        self.pits[at] = pit;
        self.keys[at] = key;
        self.frames[at] = MaybeUninit::new(frame);
        self.order[at] = sort_key(rank, at);
        self.count += 1;
    }

    /// Adds a leaf of rank `rank` (all of a node's children are leaves or
    /// none is).
    #[inline(always)]
    fn push_leaf(&mut self, pit: Pit, pos: Position, rank: i32) {
        assert!(self.leaf, "bare positions for leaves");
        let at = self.count;
        self.pits[at] = pit;
        // SAFETY: a write to a field of an array element in bounds.
        unsafe { std::ptr::addr_of_mut!((*self.frames[at].as_mut_ptr()).pos).write(pos) };
        self.order[at] = sort_key(rank, at);
        self.count += 1;
    }

    /// Where the `i`-th child in the order (once `order[..=i]` is sorted)
    /// was made.
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        let at = (self.order[i] & 0xFF) as usize;
        assert!(at < self.count, "a child that was made");
        at
    }

    /// The `i`-th child's move.
    #[inline(always)]
    fn pit(&self, i: usize) -> Pit {
        self.pits[self.at(i)]
    }

    /// The `i`-th child's frame and table key (made by [`Children::push`]).
    #[inline(always)]
    fn frame(&self, i: usize) -> (Frame, u64) {
        assert!(!self.leaf, "leaves have no frames");
        let at = self.at(i);
        // SAFETY: `push` (the only way to add children that are not
        // leaves) set `frames[at]` for every `at < count`.
        (unsafe { self.frames[at].assume_init() }, self.keys[at])
    }

    /// The `i`-th leaf (made by [`Children::push_leaf`]).
    #[inline(always)]
    fn leaf(&self, i: usize) -> Position {
        assert!(self.leaf, "children that are not leaves are frames");
        // SAFETY: `push_leaf` (the only way to add leaves) set the `pos`
        // of `frames[at]` for every `at < count`, and only it is read.
        unsafe { std::ptr::addr_of!((*self.frames[self.at(i)].as_ptr()).pos).read() }
    }
}

/// What a node's children are made and ranked with.
struct Plan {
    mover: Side,
    /// The mover's captures minus the opponent's, before the move.
    before: i32,
    /// Relay sowing without feeding: the candidates are sown to find the
    /// legal ones.
    relay: bool,
    tt_move: u8,
    depth: i32,
    /// The children are leaves, valued where they are made (depth 1, no
    /// database): see [`Searcher::leaf_ended`].
    leaf: bool,
    /// The mover's history row as the node began.
    history: [i32; MAX_PITS],
}

/// A move's place in the order as one number: its rank (higher first),
/// then the order it was made in (earlier first, as a stable sort keeps it),
/// then its index in the low byte.
#[inline]
fn sort_key(rank: i32, index: usize) -> u64 {
    (((rank as i64 + (1 << 31)) as u64) << 16) | ((0xFF - index as u64) << 8) | index as u64
}

/// Sorts `order[from..count]` largest first. The slots past `count` hold
/// 0, below every key ([`sort_key`] is never 0), so up to six keys are
/// sorted by a network of twelve compare-exchanges on `order[from..from +
/// 6]`, without a branch on the keys (an insertion sort's comparisons
/// mispredicted about once a node, a sixth of all the search's
/// mispredictions); longer lists (Anywoli) by insertion.
#[inline]
fn sort_children(order: &mut [u64; MAX_PITS_PER_ROW], from: usize, count: usize) {
    if count - from <= 1 {
        return;
    }
    if count - from <= 6 && from + 6 <= order.len() {
        let k: &mut [u64; 6] = (&mut order[from..from + 6]).try_into().expect("six keys");
        for (i, j) in [
            (0, 5),
            (1, 3),
            (2, 4),
            (1, 2),
            (3, 4),
            (0, 3),
            (2, 5),
            (0, 1),
            (2, 3),
            (4, 5),
            (1, 2),
            (3, 4),
        ] {
            let (a, b) = (k[i], k[j]);
            k[i] = a.max(b);
            k[j] = a.min(b);
        }
    } else {
        sort_descending(&mut order[from..count]);
    }
}

/// Insertion sort, largest first: the lists are a dozen long at most.
#[inline]
fn sort_descending(keys: &mut [u64]) {
    for i in 1..keys.len() {
        let key = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = key;
    }
}

struct Ctx<'a> {
    egdb: Option<&'a dyn Oracle>,
    stop: Option<&'a AtomicBool>,
}

/// Plain minimax with the repetition rule along the path, no pruning, no
/// table: the reference the search is tested against. Returns the value for
/// the player to move in the game's current position, searching `depth`
/// moves (the searcher's default evaluation at the horizon).
pub fn minimax(game: &Game, depth: u32) -> Score {
    let rules = *game.rules();
    let weights = Evaluation::for_rules(&rules);
    let mut game = game.clone();
    fn go(game: &mut Game, rules: &Rules, weights: &Evaluation, depth: u32) -> Score {
        let pos = *game.position();
        if pos.is_over() {
            return Score::of_outcome(rules, &pos, pos.to_move());
        }
        if depth == 0 {
            return Score::heuristic(weights.evaluate(rules, &pos));
        }
        let mover = pos.to_move();
        let mut best = -Score::INFINITY;
        for pit in game.legal_moves() {
            game.play(pit).expect("a legal move");
            let after = *game.position();
            let score = if after.is_over() {
                Score::of_outcome(rules, &after, mover)
            } else if after.to_move() == mover {
                go(game, rules, weights, depth - 1)
            } else {
                -go(game, rules, weights, depth - 1)
            };
            game.undo();
            best = best.max(score);
        }
        best
    }
    go(&mut game, &rules, &weights, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_ordered_as_a_plain_sort_orders_them() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..20_000 {
            let count = rng.usize(0..=MAX_PITS_PER_ROW);
            let from = rng.usize(0..=count);
            let mut order = [0u64; MAX_PITS_PER_ROW];
            for (at, slot) in order.iter_mut().enumerate().take(count) {
                // Few distinct ranks, so that ties are broken by the index.
                *slot = sort_key(rng.i32(-3..=3) * 100_000 + rng.i32(0..3), at);
            }
            let mut expected = order;
            expected[from..count].sort_unstable_by(|a, b| b.cmp(a));
            sort_children(&mut order, from, count);
            assert_eq!(order, expected, "count {count}, from {from}");
        }
    }
}
