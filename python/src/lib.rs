//! The Python extension `mancala._mancala`: the rules library, the engine
//! and batches of games, for Python (the package `mancala` re-exports it;
//! see ../README.md and docs/python.md). Every rule question is answered by
//! `mancala-rules`; every state is written by `mancala-json`, as
//! `mancala replay --format jsonl` writes it. Bad input raises `ValueError`.

use mancala_ai::egdb::Egdb as Database;
use mancala_ai::eval::Linear;
use mancala_ai::player::levels_for;
use mancala_ai::search::{Limits, Oracle, SearchOptions, Searcher};
use mancala_ai::{Player, PlayerSpec, Score};
use mancala_rules::{
    ruleset, BySide, EndReason, Ending, Game as RsGame, MoveReport, Pit, Record, Rules, Ruleset,
    Side, RULESETS,
};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;
use std::time::Duration;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A seed: any Python integer, taken modulo 2^64 (negative ones too).
fn seed_of(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(s) = seed.extract::<u64>() {
        return Ok(s);
    }
    if let Ok(s) = seed.extract::<i64>() {
        return Ok(s as u64);
    }
    let py = seed.py();
    let is_int = seed.is_instance(&py.get_type::<pyo3::types::PyInt>())?;
    if !is_int {
        return Err(value_error(format!("a seed is an integer, not {}", seed.repr()?)));
    }
    seed.call_method1("__and__", (u64::MAX,))?.extract::<u64>()
}

fn find(id: &str) -> PyResult<&'static Ruleset> {
    ruleset(id).map_err(value_error)
}

/// A JSON value as Python objects (through the standard `json` module, so
/// the dict is exactly what a reader of the JSON line gets).
fn to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (value.to_string(),))?.unbind())
}

fn letters(rules: &Rules, moves: impl IntoIterator<Item = Pit>) -> Vec<String> {
    moves.into_iter().map(|p| p.letter(rules).to_string()).collect()
}

/// The ids of every ruleset.
#[pyfunction]
fn rulesets() -> Vec<&'static str> {
    RULESETS.iter().map(|r| r.id).collect()
}

/// The names of the linear evaluation's features under a ruleset, in the
/// order of `Engine(..., weights=[...])`.
#[pyfunction]
fn features(ruleset_id: &str) -> PyResult<Vec<String>> {
    Ok(Linear::feature_names(&find(ruleset_id)?.rules))
}

/// The hand-set weights: the linear evaluation that values every position
/// as the hand-set evaluation does (the engine's default for a ruleset
/// without learned tables).
#[pyfunction]
fn default_weights(ruleset_id: &str) -> PyResult<Vec<f32>> {
    Ok(Linear::hand_set(&find(ruleset_id)?.rules).weights().to_vec())
}

/// The features of a game's position for its player to move (zeros once
/// the game is over are not special: the position's seeds still count).
#[pyfunction]
fn feature_values(game: &Game) -> Vec<f32> {
    Linear::features(&game.ruleset.rules, game.game.position())
}

/// A game: a ruleset, a start and the moves since.
#[pyclass(module = "mancala")]
#[derive(Clone)]
struct Game {
    ruleset: Ruleset,
    game: RsGame,
    /// The report of every move, in order (for `state()` and `events()`).
    reports: Vec<MoveReport>,
    /// Tags and an ending from a record read (kept for `record()`).
    tags: Vec<(String, String)>,
    ending: Ending,
}

impl Game {
    fn rules(&self) -> &Rules {
        &self.ruleset.rules
    }

    fn legal_text(&self) -> String {
        let legal = letters(self.rules(), self.game.legal_moves());
        if legal.is_empty() {
            "there is no legal move (the game is over)".to_string()
        } else {
            format!("legal moves: {}", legal.join(" "))
        }
    }

    fn play_pit(&mut self, pit: Pit) -> PyResult<()> {
        let report = self.game.play_reported(pit).map_err(value_error)?;
        self.reports.push(report);
        if self.ending != Ending::Unfinished && !self.game.is_over() {
            self.ending = Ending::Unfinished;
        }
        Ok(())
    }

    /// The last move's report, unless an agreed end came after it.
    fn last_report(&self) -> Option<&MoveReport> {
        let agreed = self.game.position().outcome().is_some_and(|o| o.reason == EndReason::Agreed);
        if agreed {
            None
        } else {
            self.reports.last()
        }
    }

    /// The pit of action `action` (the `action`-th pit of the mover's row).
    fn action_pit(&self, action: i64) -> Option<Pit> {
        let n = self.rules().pits_per_row as i64;
        if !(0..n).contains(&action) {
            return None;
        }
        let side = self.game.position().to_move();
        Some(Pit((side.index() as i64 * n + action) as u8))
    }
}

#[pymethods]
impl Game {
    /// A new game of `ruleset_id`, from the start or from `position` (the
    /// one-line notation, e.g. "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"). A ruleset
    /// whose last four go by lot (`anywoli-lot`) draws it from `lot_seed`
    /// (an integer; a random one when not given), which the record keeps.
    #[new]
    #[pyo3(signature = (ruleset_id, position=None, lot_seed=None))]
    fn new(
        ruleset_id: &str,
        position: Option<&str>,
        lot_seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let ruleset = *find(ruleset_id)?;
        let start = match position {
            Some(text) => ruleset.rules.parse_position(text).map_err(value_error)?,
            None => ruleset.rules.start(),
        };
        let lot_seed = match lot_seed {
            Some(_) if !ruleset.rules.draws_lots() => {
                return Err(value_error(format!(
                    "lot_seed is only for rulesets whose last four go by lot (anywoli-lot), \
                     not {}",
                    ruleset.id
                )))
            }
            Some(seed) => seed_of(seed)?,
            None if ruleset.rules.draws_lots() => fastrand::u64(..),
            None => 0,
        };
        Ok(Game {
            ruleset,
            game: RsGame::from_position(ruleset.rules, start).with_lot_seed(lot_seed),
            reports: Vec::new(),
            tags: Vec::new(),
            ending: Ending::Unfinished,
        })
    }

    /// Reads a game record (tags, then the moves), checking it.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<Game> {
        let record = Record::parse(text).map_err(value_error)?;
        let rules = record.ruleset.rules;
        let start = match &record.setup {
            Some(setup) => rules.setup(setup).map_err(value_error)?,
            None => rules.start(),
        };
        let mut game = Game {
            ruleset: record.ruleset,
            game: RsGame::from_position(rules, start).with_lot_seed(record.lot_seed.unwrap_or(0)),
            reports: Vec::new(),
            tags: record.tags.clone(),
            ending: Ending::Unfinished,
        };
        for &pit in &record.moves {
            game.play_pit(pit)?;
        }
        if record.ending == Ending::Rules(EndReason::Agreed) {
            game.game.agree_to_end();
        }
        game.ending = record.ending;
        Ok(game)
    }

    /// Plays a move: a pit letter (lowercase for South, uppercase for
    /// North). An illegal or malformed move raises ValueError saying why,
    /// with the legal moves, and changes nothing.
    #[pyo3(name = "play", signature = (move_))]
    fn play_py(&mut self, move_: &Bound<'_, PyAny>) -> PyResult<()> {
        let Ok(word) = move_.extract::<String>() else {
            return Err(PyValueError::new_err(format!(
                "a move is a pit letter (a string), not {}; {}",
                move_.repr().map_or_else(|_| "this".to_string(), |r| r.to_string()),
                self.legal_text()
            )));
        };
        let pit = Pit::parse(word.trim(), self.rules())
            .map_err(|e| PyValueError::new_err(format!("{e}; {}", self.legal_text())))?;
        self.play_pit(pit)
    }

    /// Takes back the last move; returns its letter, or None at the start.
    fn undo(&mut self) -> Option<String> {
        let pit = self.game.undo()?;
        self.reports.pop();
        self.ending = Ending::Unfinished;
        Some(pit.letter(self.rules()).to_string())
    }

    /// An independent copy.
    fn clone(&self) -> Game {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Game {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        Clone::clone(self)
    }

    /// Pickled as its record (which holds the start, the moves and the
    /// ending), through `mancala._game_from_record`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_record = py.import("mancala")?.getattr("_game_from_record")?;
        Ok((from_record, (self.record(None)?,)))
    }

    /// The state as a dict: exactly a line of `mancala replay --format
    /// jsonl` for this position.
    fn state(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let line = mancala_json::state(self.rules(), &self.game, self.last_report(), false);
        to_python(py, &line)
    }

    /// The last move's report: every event in order (as in `replay
    /// --events`); empty at the start.
    fn events(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.reports.last() {
            Some(report) => to_python(py, &mancala_json::events_json(self.rules(), report)),
            None => Ok(PyList::empty(py).into_any().unbind()),
        }
    }

    /// The game record as text; `tags` (a dict) adds tags such as South,
    /// North, Date.
    #[pyo3(signature = (tags=None))]
    fn record(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut all = self.tags.clone();
        if let Some(tags) = tags {
            for (k, v) in tags.iter() {
                let k: String = k.extract().map_err(|_| value_error("tag names are strings"))?;
                let v: String = v.str()?.to_string();
                all.retain(|(k2, _)| *k2 != k);
                all.push((k, v));
            }
        }
        Ok(Record::new(self.ruleset, &self.game, all, self.ending).to_string())
    }

    /// The ruleset's id.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.ruleset.id
    }

    /// The seed the game's lot is drawn from (`anywoli-lot`); None for
    /// rulesets that draw no lots.
    #[getter]
    fn lot_seed(&self) -> Option<u64> {
        self.rules().draws_lots().then(|| self.game.lot_seed())
    }

    /// The position in the one-line notation.
    #[getter]
    fn position(&self) -> String {
        self.game.position().to_string()
    }

    /// The legal moves, as letters in board order.
    fn legal_moves(&self) -> Vec<String> {
        letters(self.rules(), self.game.legal_moves())
    }

    /// The moves played, as letters.
    fn moves(&self) -> Vec<String> {
        letters(self.rules(), self.game.moves().iter().copied())
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Seeds per pit in sowing order (South's row, then North's).
    fn board(&self) -> Vec<u32> {
        self.game.position().pits().iter().map(|&s| s as u32).collect()
    }

    /// `[south, north]`: the seeds captured.
    fn captured(&self) -> Vec<u32> {
        let c = self.game.position().captured();
        vec![c.south as u32, c.north as u32]
    }

    /// 0 (South) or 1 (North): who moves next; None once over.
    fn player(&self) -> Option<usize> {
        (!self.game.is_over()).then(|| self.game.position().to_move().index())
    }

    /// 0 (South), 1 (North), -1 (a draw) once over; None before.
    fn winner(&self) -> Option<i8> {
        self.game.position().outcome().map(|o| o.winner.map_or(-1, |s| s.index() as i8))
    }

    /// The legal actions: indices of the pits of the mover's row (in sowing
    /// order) that may be sown, as in OpenSpiel's `oware`.
    fn legal_actions(&self) -> Vec<usize> {
        let n = self.rules().pits_per_row as usize;
        self.game.legal_moves().map(|p| p.0 as usize % n).collect()
    }

    /// Plays action `action` (see `legal_actions`).
    fn play_action(&mut self, action: i64) -> PyResult<()> {
        match self.action_pit(action) {
            Some(pit) => self.play_pit(pit),
            None => Err(PyValueError::new_err(format!(
                "action {action} is not a pit of the mover's row (0-{}); legal actions: {:?}",
                self.rules().pits_per_row - 1,
                self.legal_actions()
            ))),
        }
    }

    /// The observation of `observation()`'s layout for `player` (0 or 1;
    /// the player to move by default): that player's row then the other's,
    /// each in sowing order, then that player's and the other's captures.
    #[pyo3(signature = (player=None))]
    fn observation(&self, player: Option<usize>) -> PyResult<Vec<f32>> {
        let side = match player {
            None => self.game.position().to_move(),
            Some(0) => Side::South,
            Some(1) => Side::North,
            Some(p) => return Err(value_error(format!("player {p} is neither 0 nor 1"))),
        };
        let mut out = vec![0.0; observation_size(self.rules())];
        write_observation(self.game.position(), side, &mut out);
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!("mancala.Game({:?}, {:?})", self.ruleset.id, self.game.position().to_string())
    }

    fn __str__(&self) -> String {
        self.record(None).unwrap_or_default()
    }
}

fn observation_size(rules: &Rules) -> usize {
    2 * rules.pits_per_row as usize + 2
}

fn write_observation(pos: &mancala_rules::Position, side: Side, out: &mut [f32]) {
    let n = pos.pits_per_row() as usize;
    for (o, &s) in out[..n].iter_mut().zip(pos.row(side)) {
        *o = s as f32;
    }
    for (o, &s) in out[n..2 * n].iter_mut().zip(pos.row(!side)) {
        *o = s as f32;
    }
    let c = pos.captured();
    out[2 * n] = c[side] as f32;
    out[2 * n + 1] = c[!side] as f32;
}

/// An endgame database file (built with `mancala egdb build`).
#[pyclass(module = "mancala")]
struct Egdb {
    db: Arc<Database>,
}

#[pymethods]
impl Egdb {
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<Egdb> {
        Ok(Egdb { db: Arc::new(Database::open_any(&path).map_err(value_error)?) })
    }

    /// The ruleset the database is for.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.db.ruleset().id
    }

    /// The database's word on the game's position (taken without repetition
    /// history): a dict with `value` ("win", "loss" or "unresolved" for the
    /// player to move), `result` ("win", "draw", "loss" or None when it
    /// depends on how the seeds circulate) and `exact`; None when the
    /// position is over or holds more seeds than the database.
    fn probe(&self, py: Python<'_>, game: &Game) -> PyResult<Option<Py<PyAny>>> {
        if self.db.ruleset().rules != *game.rules() {
            return Err(value_error(format!(
                "this database is for {}, the game is {}",
                self.db.ruleset().id,
                game.ruleset.id
            )));
        }
        let Some(probe) = self.db.probe(game.game.position()) else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        // The database's model calls "neither side can force a win" a draw;
        // to Python it is "unresolved" (the game's result is `result`).
        let value = if probe.is_forced() { probe.value.name() } else { "unresolved" };
        dict.set_item("value", value)?;
        dict.set_item("result", probe.result.map(|r| r.name()))?;
        dict.set_item("exact", probe.exact)?;
        Ok(Some(dict.into_any().unbind()))
    }
}

/// A player: a strength level, or an alpha-beta search under a depth, time
/// or node limit, optionally with set evaluation weights and a database.
#[pyclass(module = "mancala")]
struct Engine {
    ruleset: &'static Ruleset,
    player: Player,
    limits: Limits,
    linear: Option<Linear>,
    db: Option<Arc<Database>>,
    /// The searcher for `analyse` (made when first needed).
    analyser: Option<Searcher>,
    table_mb: usize,
}

impl Engine {
    fn check(&self, game: &Game) -> PyResult<()> {
        if game.ruleset.rules != self.ruleset.rules {
            return Err(value_error(format!(
                "this engine plays {}, the game is {}",
                self.ruleset.id, game.ruleset.id
            )));
        }
        Ok(())
    }
}

fn score_dict<'py>(py: Python<'py>, score: Score) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("score", score.0)?;
    dict.set_item("text", score.to_string())?;
    dict.set_item("proven", score.is_decisive().then(|| score.result().name()))?;
    Ok(dict)
}

#[pymethods]
impl Engine {
    /// `level` (1-8) or any of `depth`, `movetime_ms`, `nodes` (a level
    /// alone, or limits; level 7 when nothing is given); `db`: an Egdb or a
    /// path to one; `weights`: the linear evaluation's weights (see
    /// `mancala.features`); `seed`: for the levels' human-like choices;
    /// `table_mb`: the transposition table's size in MiB (small ones suit
    /// many engines at shallow depths, as in an evolutionary run).
    #[new]
    #[pyo3(signature = (ruleset_id, level=None, depth=None, movetime_ms=None, nodes=None, db=None, weights=None, seed=None, table_mb=32))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        ruleset_id: &str,
        level: Option<i64>,
        depth: Option<i64>,
        movetime_ms: Option<i64>,
        nodes: Option<i64>,
        db: Option<&Bound<'_, PyAny>>,
        weights: Option<Vec<f32>>,
        seed: Option<&Bound<'_, PyAny>>,
        table_mb: i64,
    ) -> PyResult<Engine> {
        if !(1..=65_536).contains(&table_mb) {
            return Err(value_error(format!("table_mb must be from 1 to 65536, not {table_mb}")));
        }
        let ruleset = find(ruleset_id)?;
        let positive = |name: &str, v: Option<i64>| -> PyResult<Option<u64>> {
            match v {
                Some(v) if v < 1 => Err(value_error(format!("{name} must be at least 1, not {v}"))),
                v => Ok(v.map(|v| v as u64)),
            }
        };
        let (depth, time_ms, nodes) = (
            positive("depth", depth)?,
            positive("movetime_ms", movetime_ms)?,
            positive("nodes", nodes)?,
        );
        if depth.is_some_and(|d| d > 120) {
            return Err(value_error("depth must be at most 120"));
        }
        let limited = depth.is_some() || time_ms.is_some() || nodes.is_some();
        let (spec, limits) = match level {
            Some(_) if limited => {
                return Err(value_error("give a level or depth/movetime_ms/nodes, not both"))
            }
            Some(n @ 1..=8) => {
                (PlayerSpec::Level(n as u8), levels_for(&ruleset.rules)[n as usize - 1].limits)
            }
            Some(n) => return Err(value_error(format!("level must be from 1 to 8, not {n}"))),
            None if limited => {
                let limits = Limits {
                    depth: depth.map(|d| d as u32),
                    nodes,
                    time: time_ms.map(Duration::from_millis),
                    ..Limits::NONE
                };
                (PlayerSpec::AlphaBeta { limits, temperature: None }, limits)
            }
            None => (PlayerSpec::Level(7), levels_for(&ruleset.rules)[6].limits),
        };
        let linear = match weights {
            Some(w) => Some(Linear::new(&ruleset.rules, w).map_err(value_error)?),
            None => None,
        };
        let db = match db {
            None => None,
            Some(obj) => match obj.cast::<Egdb>() {
                Ok(egdb) => Some(egdb.borrow().db.clone()),
                Err(_) => {
                    let path: std::path::PathBuf = obj
                        .extract()
                        .map_err(|_| value_error("db is an Egdb or the path of a database file"))?;
                    Some(Arc::new(Database::open_any(&path).map_err(value_error)?))
                }
            },
        };
        if let Some(db) = &db {
            if db.ruleset().rules != ruleset.rules {
                return Err(value_error(format!(
                    "the database is for {}, the engine plays {}",
                    db.ruleset().id,
                    ruleset.id
                )));
            }
        }
        let seed = seed.map(seed_of).transpose()?.unwrap_or(0);
        let mut player = Player::with_table(spec, ruleset.rules, seed, table_mb as usize);
        player.set_linear(linear.clone());
        Ok(Engine {
            ruleset,
            player,
            limits,
            linear,
            db,
            analyser: None,
            table_mb: table_mb as usize,
        })
    }

    /// The move to play in the game's position, or None once it is over.
    fn best_move(&mut self, py: Python<'_>, game: &Game) -> PyResult<Option<String>> {
        self.check(game)?;
        let db = self.db.clone();
        let player = &mut self.player;
        let pit = py.detach(|| player.choose(&game.game, db.as_deref().map(|d| d as &dyn Oracle)));
        Ok(pit.map(|p| p.letter(game.rules()).to_string()))
    }

    /// Every legal move valued by the engine's search (best first): a list
    /// of dicts with `move`, `score` (tenths of a seed for the mover; proven
    /// results beyond +-8000), `text` (e.g. "+1.5" or "win +6") and `proven`.
    fn analyse(&mut self, py: Python<'_>, game: &Game) -> PyResult<Py<PyAny>> {
        self.check(game)?;
        let rules = self.ruleset.rules;
        let linear = self.linear.clone();
        let table_mb = self.table_mb;
        let analyser = self.analyser.get_or_insert_with(|| {
            let mut s = Searcher::with_table(rules, table_mb);
            s.set_linear(linear);
            s
        });
        let limits = self.limits;
        let db = self.db.clone();
        let report = py.detach(|| {
            let options = SearchOptions::new(limits)
                .oracle(db.as_deref().map(|d| d as &dyn Oracle))
                .every_root_move();
            analyser.search(&game.game, options)
        });
        let mut root = report.root.clone();
        root.sort_by_key(|m| std::cmp::Reverse(m.1));
        let list = PyList::empty(py);
        for (pit, score) in root {
            let dict = score_dict(py, score)?;
            dict.set_item("move", pit.letter(&rules).to_string())?;
            list.append(dict)?;
        }
        Ok(list.into_any().unbind())
    }

    /// Tries to prove the position's result within `time_ms`: a dict with
    /// `result` ("win", "draw", "loss" for the player to move, or None if
    /// unproven), `exact` (the margin settled too), `lower`/`upper` (bounds
    /// as `score_dict`s), `depth`, `line` (moves) and `final_scores`
    /// (`[south, north]` at the end of the line, when it reaches the end).
    /// With `result_only`, it stops as soon as the result is proven and
    /// leaves the margin open.
    #[pyo3(signature = (game, time_ms, result_only=false))]
    fn solve(
        &mut self,
        py: Python<'_>,
        game: &Game,
        time_ms: i64,
        result_only: bool,
    ) -> PyResult<Py<PyAny>> {
        self.check(game)?;
        if time_ms < 0 {
            return Err(value_error(format!("time_ms must be 0 or more, not {time_ms}")));
        }
        let time_ms = time_ms as u64;
        let db = self.db.clone();
        let mut progress =
            if result_only { mancala_ai::stop_at_result } else { mancala_ai::keep_going };
        let solution = py.detach(|| {
            mancala_ai::solve(
                &game.game,
                Limits::millis(time_ms),
                db.as_deref().map(|d| d as &dyn Oracle),
                &mut progress,
            )
        });
        let dict = PyDict::new(py);
        dict.set_item("result", solution.result().map(|r| r.name()))?;
        dict.set_item("exact", solution.exact())?;
        dict.set_item("lower", score_dict(py, solution.lower)?)?;
        dict.set_item("upper", score_dict(py, solution.upper)?)?;
        dict.set_item("depth", solution.depth)?;
        dict.set_item("line", letters(game.rules(), solution.line.iter().copied()))?;
        dict.set_item(
            "final_scores",
            solution.final_scores.map(|c: BySide<u8>| [c.south, c.north]),
        )?;
        Ok(dict.into_any().unbind())
    }

    /// Forget what the search learnt (for a new game).
    fn new_game(&mut self) {
        self.player.new_game();
        if let Some(a) = &mut self.analyser {
            a.clear();
        }
    }
}

/// splitmix64: a seed per game from the batch's seed and the game's number.
fn game_seed(seed: u64, i: u64) -> u64 {
    let mut x = seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x632B_E59B_D9B4_E019);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays one uniformly random game to its end from the start of `game`
/// (restarted), as `mancala bench` does; returns the plies played.
fn random_game(game: &mut RsGame, rng: &mut fastrand::Rng) -> u32 {
    mancala_rules::random_game(game, &mut |n| rng.usize(..n))
}

type PlayoutArrays<'py> =
    (Bound<'py, PyArray2<i16>>, Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<u32>>);

/// `n` uniformly random games played inside Rust on `threads` threads:
/// `(scores, winners, lengths)` as NumPy arrays: final scores `[south,
/// north]` (n x 2), winners (0 South, 1 North, -1 draw), lengths in plies.
/// Game `i` depends only on `seed` and `i`, not on the thread count.
#[pyfunction]
#[pyo3(signature = (ruleset_id, n, seed, threads=1))]
fn playouts<'py>(
    py: Python<'py>,
    ruleset_id: &str,
    n: i64,
    seed: &Bound<'py, PyAny>,
    threads: i64,
) -> PyResult<PlayoutArrays<'py>> {
    let rules = find(ruleset_id)?.rules;
    let seed = seed_of(seed)?;
    if n < 0 {
        return Err(value_error(format!("n must be 0 or more, not {n}")));
    }
    if !(1..=1024).contains(&threads) {
        return Err(value_error(format!("threads must be from 1 to 1024, not {threads}")));
    }
    let n = n as usize;
    let mut scores = vec![0i16; 2 * n];
    let mut winners = vec![0i8; n];
    let mut lengths = vec![0u32; n];
    py.detach(|| {
        let chunk = n.div_ceil(threads as usize).max(1);
        std::thread::scope(|scope| {
            for (t, ((s, w), l)) in scores
                .chunks_mut(2 * chunk)
                .zip(winners.chunks_mut(chunk))
                .zip(lengths.chunks_mut(chunk))
                .enumerate()
            {
                scope.spawn(move || {
                    let mut game = RsGame::new(rules);
                    for j in 0..w.len() {
                        let i = (t * chunk + j) as u64;
                        let mut rng = fastrand::Rng::with_seed(game_seed(seed, i));
                        if rules.draws_lots() {
                            // Apart from the moves' generator, so that the
                            // moves are those of the same game without a lot.
                            game.set_lot_seed(game_seed(!seed, i));
                        }
                        l[j] = random_game(&mut game, &mut rng);
                        let pos = game.position();
                        let c = pos.captured();
                        s[2 * j] = c.south as i16;
                        s[2 * j + 1] = c.north as i16;
                        w[j] = match pos.outcome().and_then(|o| o.winner) {
                            Some(side) => side.index() as i8,
                            None => -1,
                        };
                    }
                });
            }
        });
    });
    let scores = scores.into_pyarray(py).reshape([n, 2])?;
    Ok((scores, winners.into_pyarray(py), lengths.into_pyarray(py)))
}

/// `n` games stepped together by one array of actions; a finished game
/// starts again at once.
#[pyclass(module = "mancala")]
struct VecGame {
    ruleset: &'static Ruleset,
    games: Vec<RsGame>,
    rng: fastrand::Rng,
    /// Each (re)started game's lot seed (`anywoli-lot`), from the batch's
    /// seed, apart from `rng` so that the sampled actions do not change.
    lots: fastrand::Rng,
}

impl VecGame {
    /// Game `i` back to the start, with a new lot where the rules draw one.
    fn restart(&mut self, i: usize) {
        let game = &mut self.games[i];
        game.restart();
        if self.ruleset.rules.draws_lots() {
            game.set_lot_seed(self.lots.u64(..));
        }
    }

    fn width(&self) -> usize {
        self.ruleset.rules.pits_per_row as usize
    }

    fn observations_vec(&self) -> Vec<f32> {
        let size = observation_size(&self.ruleset.rules);
        let mut out = vec![0.0; self.games.len() * size];
        for (g, o) in self.games.iter().zip(out.chunks_mut(size)) {
            write_observation(g.position(), g.position().to_move(), o);
        }
        out
    }

    fn actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        let py = actions.py();
        let array = match actions.extract::<PyReadonlyArray1<i64>>() {
            Ok(a) => a,
            Err(_) => {
                let np = py.import("numpy")?;
                let converted = np.call_method1("asarray", (actions,)).map_err(|e| {
                    value_error(format!("actions must be an array of integers: {e}"))
                })?;
                let dtype_kind: String = converted.getattr("dtype")?.getattr("kind")?.extract()?;
                if !matches!(dtype_kind.as_str(), "i" | "u") {
                    let dtype = converted.getattr("dtype")?.str()?.to_string();
                    return Err(value_error(format!(
                        "actions must be integers, not an array of {dtype}"
                    )));
                }
                let shape: Vec<usize> = converted.getattr("shape")?.extract()?;
                if shape.len() != 1 {
                    return Err(value_error(format!(
                        "actions must have shape ({},), not {shape:?}",
                        self.games.len()
                    )));
                }
                converted
                    .call_method1("astype", ("int64",))?
                    .extract::<PyReadonlyArray1<i64>>()
                    .map_err(|e| value_error(format!("actions: {e}")))?
            }
        };
        let slice = array.as_slice().map_err(value_error)?;
        if slice.len() != self.games.len() {
            return Err(value_error(format!(
                "actions must have shape ({},), not ({},)",
                self.games.len(),
                slice.len()
            )));
        }
        Ok(slice.to_vec())
    }
}

#[pymethods]
impl VecGame {
    #[new]
    #[pyo3(signature = (ruleset_id, n, seed=None))]
    fn new(ruleset_id: &str, n: i64, seed: Option<&Bound<'_, PyAny>>) -> PyResult<VecGame> {
        let ruleset = find(ruleset_id)?;
        let seed = seed.map(seed_of).transpose()?.unwrap_or(0);
        if !(1..=10_000_000).contains(&n) {
            return Err(value_error(format!("n must be from 1 to 10000000, not {n}")));
        }
        let mut batch = VecGame {
            ruleset,
            games: (0..n).map(|_| RsGame::new(ruleset.rules)).collect(),
            rng: fastrand::Rng::with_seed(seed),
            lots: fastrand::Rng::with_seed(!seed),
        };
        for i in 0..batch.games.len() {
            batch.restart(i);
        }
        Ok(batch)
    }

    /// Each game's lot seed (`anywoli-lot`; a new one whenever a game
    /// starts again), so that a game can be followed or replayed with
    /// `Game(ruleset, lot_seed=...)`; None for each game under rules that
    /// draw no lots.
    fn lot_seeds(&self) -> Vec<Option<u64>> {
        let lots = self.ruleset.rules.draws_lots();
        self.games.iter().map(|g| lots.then(|| g.lot_seed())).collect()
    }

    #[getter]
    fn ruleset(&self) -> &'static str {
        self.ruleset.id
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    /// Actions per game: the pits of a row.
    #[getter]
    fn num_actions(&self) -> usize {
        self.width()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        observation_size(&self.ruleset.rules)
    }

    /// Every game back to the start; returns the observations.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        for i in 0..self.games.len() {
            self.restart(i);
        }
        self.observations(py)
    }

    /// The observations (n x (2 * pits + 2), float32), each from its mover's
    /// view: the mover's row then the opponent's, each in sowing order, then
    /// the mover's and the opponent's captures.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let size = observation_size(&self.ruleset.rules);
        self.observations_vec().into_pyarray(py).reshape([self.games.len(), size])
    }

    /// Who moves in each game: 0 (South) or 1 (North), int8.
    fn to_play<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = self.games.iter().map(|g| g.position().to_move().index() as i8).collect();
        v.into_pyarray(py)
    }

    /// The legal actions of each game as a boolean mask (n x pits).
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let w = self.width();
        let mut mask = vec![false; self.games.len() * w];
        for (g, m) in self.games.iter().zip(mask.chunks_mut(w)) {
            for pit in g.legal_moves() {
                m[pit.0 as usize % w] = true;
            }
        }
        mask.into_pyarray(py).reshape([self.games.len(), w])
    }

    /// A uniformly random legal action for each game (int64), from the
    /// batch's seeded generator.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let w = self.width();
        let rng = &mut self.rng;
        let v: Vec<i64> = self
            .games
            .iter()
            .map(|g| {
                let legal = g.legal_moves();
                legal.nth(rng.usize(..legal.len().max(1))).map_or(0, |p| (p.0 as usize % w) as i64)
            })
            .collect();
        v.into_pyarray(py)
    }

    /// Plays one action in every game (action `i`: the `i`-th pit of the
    /// mover's row). Returns `(observations, rewards, dones)`: rewards
    /// (float32) are for the player who just moved, +1 for a win, -1 for a
    /// loss, 0 otherwise; a game that ended is restarted and its
    /// observation is of the new start. An illegal action changes no game.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<bool>>)>
    {
        let actions = self.actions(actions)?;
        let w = self.width() as i64;
        // Check every action first, so that a bad one changes nothing.
        for (i, (g, &a)) in self.games.iter().zip(&actions).enumerate() {
            let side = g.position().to_move();
            let ok = (0..w).contains(&a)
                && g.legal_moves().contains(Pit((side.index() as i64 * w + a) as u8));
            if !ok {
                let legal: Vec<i64> = g.legal_moves().map(|p| p.0 as i64 % w).collect();
                return Err(value_error(format!(
                    "game {i}: action {a} is not legal; legal actions: {legal:?}"
                )));
            }
        }
        let n = self.games.len();
        let mut rewards = vec![0f32; n];
        let mut dones = vec![false; n];
        for (i, (g, &a)) in self.games.iter_mut().zip(&actions).enumerate() {
            let mover = g.position().to_move();
            let pit = Pit((mover.index() as i64 * w + a) as u8);
            g.play_with(pit, &mut ()).map_err(value_error)?;
            if let Some(outcome) = g.position().outcome() {
                rewards[i] = match outcome.winner {
                    Some(side) if side == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                dones[i] = true;
            }
        }
        for (i, &done) in dones.iter().enumerate() {
            if done {
                self.restart(i);
            }
        }
        Ok((self.observations(py)?, rewards.into_pyarray(py), dones.into_pyarray(py)))
    }
}

#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(features, m)?)?;
    m.add_function(wrap_pyfunction!(default_weights, m)?)?;
    m.add_function(wrap_pyfunction!(feature_values, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<Engine>()?;
    m.add_class::<Egdb>()?;
    m.add_class::<VecGame>()?;
    Ok(())
}
