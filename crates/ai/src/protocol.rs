//! A line-based engine protocol over any reader and writer (in the spirit of
//! UCI), so other programs can drive the engine. Documented with examples in
//! docs/protocol.md.
//!
//! Requests, one per line (words separated by spaces):
//!
//! | request | answer |
//! |---|---|
//! | `mancala` | `id name ...`, `id games ...`, then `mancalaok` |
//! | `isready` | `readyok`, once any running search has answered |
//! | `newgame ID` | nothing (the game from its start; forgets learnt values) |
//! | `position startpos [moves M...]` | nothing |
//! | `position fen PITS SCORES SIDE [moves M...]` | nothing |
//! | `moves M...` | nothing (plays more moves on the current game) |
//! | `go [depth D] [nodes N] [movetime MS] [level L] [mcts MS]` | `info ...` lines, then `bestmove M` (`bestmove none` once the game is over) |
//! | `stop` | ends a running `go` at once (it still answers `bestmove`) |
//! | `legal` | `legal M...` |
//! | `show` | `position PITS SCORES SIDE`, and `over REASON WINNER` once over |
//! | `quit` | ends the session |
//!
//! `go` returns at once and thinks in the background: `stop` and `quit` act
//! on it immediately; any other request waits until it has answered. At the
//! end of the input a running search finishes and answers.
//!
//! Anything wrong gets one line `error ...` saying what was wrong and what is
//! accepted, and changes nothing.

use crate::clock::Clock;
use crate::player::{Player, PlayerSpec};
use crate::search::{Limits, Oracle, SearchOptions, Searcher};
use crate::Mcts;
use mancala_rules::{ruleset, Game, Pit, Ruleset, RULESETS};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Duration;

/// What a `go` request asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Go {
    Search(Limits),
    Level(u8),
    Mcts(u64),
}

struct Session {
    ruleset: &'static Ruleset,
    game: Game,
    searcher: Arc<Mutex<Searcher>>,
    /// The player of the last `go level L`, kept (with what its search
    /// learnt) until another level is asked for or a new game starts.
    level: Arc<Mutex<Option<(u8, Player)>>>,
}

/// How an engine session searches, whatever its requests.
#[derive(Clone)]
pub struct EngineConfig {
    /// An endgame database, used by searches (and level 8) when it covers
    /// the game.
    pub oracle: Option<Arc<dyn Oracle + Send + Sync>>,
    /// The transposition table's size in MiB (each `newgame` starts it
    /// empty).
    pub table_mb: usize,
    /// The clock `go movetime` and the timed levels run on.
    pub clock: Clock,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig { oracle: None, table_mb: DEFAULT_TABLE_MB, clock: Clock::Wall }
    }
}

/// The transposition table of `mancala engine` unless `--hash` says
/// otherwise.
pub const DEFAULT_TABLE_MB: usize = 64;

/// Runs the protocol until `quit` or the end of the input, searching as
/// `config` says.
pub fn run<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    config: EngineConfig,
) -> std::io::Result<()> {
    let EngineConfig { oracle, table_mb, clock } = config;
    let output = Arc::new(Mutex::new(output));
    let say = |line: &str| -> std::io::Result<()> {
        let mut out = output.lock().expect("output lock");
        writeln!(out, "{line}")?;
        out.flush()
    };
    let default = ruleset("barbados-warri").expect("the default ruleset exists");
    let mut session = Session {
        ruleset: default,
        game: Game::new(default.rules),
        searcher: Arc::new(Mutex::new(Searcher::with_table(default.rules, table_mb))),
        level: Arc::new(Mutex::new(None)),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut running: Option<(thread::JoinHandle<()>, mpsc::Receiver<()>)> = None;
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else { continue };
        // A finished search thread is collected before anything else.
        if let Some((_, done)) = &running {
            if done.try_recv().is_ok() {
                if let Some((handle, _)) = running.take() {
                    let _ = handle.join();
                }
            }
        }
        match command {
            "quit" => {
                stop.store(true, Ordering::Relaxed);
                break;
            }
            "stop" => {
                stop.store(true, Ordering::Relaxed);
                if let Some((handle, _)) = running.take() {
                    let _ = handle.join();
                }
                continue;
            }
            _ => {
                // Anything else waits for a running search to answer, so
                // requests are handled in order.
                if let Some((handle, _)) = running.take() {
                    let _ = handle.join();
                }
            }
        }
        if command == "isready" {
            say("readyok")?;
            continue;
        }
        let reply = match command {
            "mancala" => {
                let ids: Vec<&str> = RULESETS.iter().map(|r| r.id).collect();
                Ok(vec![
                    format!("id name mancala-ai {}", env!("CARGO_PKG_VERSION")),
                    format!("id games {}", ids.join(" ")),
                    "mancalaok".to_string(),
                ])
            }
            "newgame" => new_game(&mut session, &words[1..], table_mb).map(|()| Vec::new()),
            "position" => position(&mut session, &words[1..]).map(|()| Vec::new()),
            "moves" => play_moves(&mut session.game, &words[1..]).map(|()| Vec::new()),
            "legal" => {
                let rules = session.game.rules();
                let letters: Vec<String> =
                    session.game.legal_moves().map(|p| p.letter(rules).to_string()).collect();
                Ok(vec![format!("legal {}", letters.join(" ")).trim_end().to_string()])
            }
            "show" => {
                let pos = session.game.position();
                let mut lines = vec![format!("position {pos}")];
                if let Some(outcome) = pos.outcome() {
                    let winner = outcome.winner.map_or("draw", |w| w.name());
                    lines.push(format!("over {} {winner}", outcome.reason.id()));
                }
                Ok(lines)
            }
            "go" => match parse_go(&words[1..]) {
                Ok(go) => {
                    stop.store(false, Ordering::Relaxed);
                    let game = session.game.clone();
                    let searcher = Arc::clone(&session.searcher);
                    let level = Arc::clone(&session.level);
                    let output = Arc::clone(&output);
                    let stop = Arc::clone(&stop);
                    let oracle = oracle.clone();
                    let (done_tx, done_rx) = mpsc::channel();
                    let handle = thread::spawn(move || {
                        let engine = Engine { searcher: &searcher, level: &level, clock };
                        let lines = think(&game, go, engine, &stop, oracle.as_deref(), &output);
                        let mut out = output.lock().expect("output lock");
                        for line in lines {
                            let _ = writeln!(out, "{line}");
                        }
                        let _ = out.flush();
                        let _ = done_tx.send(());
                    });
                    running = Some((handle, done_rx));
                    Ok(Vec::new())
                }
                Err(e) => Err(e),
            },
            other => Err(format!(
                "unknown request `{other}`; requests are mancala, isready, newgame, position, \
                 moves, go, stop, legal, show, quit"
            )),
        };
        match reply {
            Ok(lines) => {
                for l in lines {
                    say(&l)?;
                }
            }
            Err(message) => say(&format!("error {message}"))?,
        }
    }
    // At `quit` the search was told to stop; at the end of the input it
    // finishes and answers.
    if let Some((handle, _)) = running.take() {
        let _ = handle.join();
    }
    Ok(())
}

fn new_game(session: &mut Session, args: &[&str], table_mb: usize) -> Result<(), String> {
    let [id] = args else {
        return Err("newgame takes one game id, e.g. `newgame wahree`".into());
    };
    let found = ruleset(id).map_err(|e| e.to_string())?;
    session.ruleset = found;
    session.game = Game::new(found.rules);
    session.searcher = Arc::new(Mutex::new(Searcher::with_table(found.rules, table_mb)));
    session.level = Arc::new(Mutex::new(None));
    Ok(())
}

fn position(session: &mut Session, args: &[&str]) -> Result<(), String> {
    let rules = session.ruleset.rules;
    let (mut game, rest) = match args {
        ["startpos", rest @ ..] => (Game::new(rules), rest),
        ["fen", pits, scores, side, rest @ ..] => {
            let text = format!("{pits} {scores} {side}");
            let pos = rules.parse_position(&text).map_err(|e| format!("bad position: {e}"))?;
            (Game::from_position(rules, pos), rest)
        }
        _ => {
            return Err("position takes `startpos` or `fen PITS SCORES SIDE` \
                        (e.g. `fen 4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`), then optionally `moves ...`"
                .into())
        }
    };
    match rest {
        [] => {}
        ["moves", moves @ ..] => play_moves(&mut game, moves)?,
        _ => return Err(format!("expected `moves` after the position, found `{}`", rest[0])),
    }
    session.game = game;
    Ok(())
}

/// Plays moves on a copy, so that a bad move changes nothing.
fn play_moves(game: &mut Game, moves: &[&str]) -> Result<(), String> {
    let mut copy = game.clone();
    let rules = *copy.rules();
    for (i, text) in moves.iter().enumerate() {
        let pit = Pit::parse(text, &rules).map_err(|e| format!("move {}: {e}", i + 1))?;
        copy.play(pit).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    *game = copy;
    Ok(())
}

fn parse_go(args: &[&str]) -> Result<Go, String> {
    let usage =
        "go takes depth D, nodes N, movetime MS (any together), or level L (1-8), or mcts MS";
    let mut limits = Limits::default();
    let mut level = None;
    let mut mcts = None;
    let mut words = args.iter();
    while let Some(&key) = words.next() {
        let value = words.next().ok_or_else(|| format!("`{key}` needs a number; {usage}"))?;
        let n: u64 = value
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{value}` is not a positive whole number; {usage}"))?;
        match key {
            "depth" => limits.depth = Some(n.min(120) as u32),
            "nodes" => limits.nodes = Some(n),
            "movetime" => limits.time = Some(Duration::from_millis(n)),
            "level" if (1..=8).contains(&n) => level = Some(n as u8),
            "level" => return Err(format!("level {n} does not exist; levels are 1 to 8")),
            "mcts" => mcts = Some(n),
            _ => return Err(format!("unknown limit `{key}`; {usage}")),
        }
    }
    match (level, mcts) {
        (Some(l), None) if limits.is_none() => Ok(Go::Level(l)),
        (None, Some(ms)) if limits.is_none() => Ok(Go::Mcts(ms)),
        (None, None) => {
            if limits.is_none() {
                limits.time = Some(Duration::from_millis(1000));
            }
            Ok(Go::Search(limits))
        }
        _ => Err(format!("level and mcts cannot be combined with other limits; {usage}")),
    }
}

/// What a `go` searches with: the session's searcher, its level player,
/// and the clock.
struct Engine<'a> {
    searcher: &'a Mutex<Searcher>,
    level: &'a Mutex<Option<(u8, Player)>>,
    clock: Clock,
}

/// Runs one `go`; returns the lines to print at the end (info lines are
/// printed as they come).
fn think<W: Write>(
    game: &Game,
    go: Go,
    engine: Engine,
    stop: &AtomicBool,
    oracle: Option<&(dyn Oracle + Send + Sync)>,
    output: &Mutex<W>,
) -> Vec<String> {
    let rules = *game.rules();
    if game.is_over() {
        return vec!["bestmove none".to_string()];
    }
    let oracle: Option<&dyn Oracle> = match oracle {
        Some(o) => Some(o),
        None => None,
    };
    let best = match go {
        Go::Search(mut limits) => {
            limits.clock = engine.clock;
            let mut searcher = engine.searcher.lock().expect("searcher lock");
            let report = searcher.search_reporting(
                game,
                SearchOptions::new(limits).oracle(oracle).stop(stop),
                &mut |p| {
                    let nps = (p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-6)) as u64;
                    let pv: Vec<String> =
                        p.pv.iter().map(|m| m.letter(&rules).to_string()).collect();
                    let mut out = output.lock().expect("output lock");
                    let _ = writeln!(
                        out,
                        "info depth {} score {} nodes {} nps {} time {} pv {}",
                        p.depth,
                        p.score.0,
                        p.nodes,
                        nps,
                        p.elapsed.as_millis(),
                        pv.join(" ")
                    );
                    let _ = out.flush();
                },
            );
            report.best
        }
        Go::Level(level) => {
            let mut kept = engine.level.lock().expect("level lock");
            if kept.as_ref().map(|(l, _)| *l) != Some(level) {
                let mut player = Player::new(PlayerSpec::Level(level), rules, fastrand::u64(..));
                player.set_clock(engine.clock);
                *kept = Some((level, player));
            }
            let (_, player) = kept.as_mut().expect("a level player");
            player.choose(game, oracle)
        }
        Go::Mcts(ms) => {
            let mut mcts = Mcts::new(rules, fastrand::u64(..));
            let report = mcts.search(game, Limits::millis(ms).on(engine.clock));
            let mut out = output.lock().expect("output lock");
            let _ = writeln!(
                out,
                "info mcts iterations {} time {}",
                report.iterations,
                report.elapsed.as_millis()
            );
            report.best
        }
    };
    match best {
        Some(pit) => vec![format!("bestmove {}", pit.letter(&rules))],
        None => vec!["bestmove none".to_string()],
    }
}
