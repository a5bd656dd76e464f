//! The AI subcommands: bestmove, solve, analyse, match, levels, searchbench
//! and the engine protocol. Glue over `mancala-ai`.

use anyhow::{bail, Context, Result};
use mancala_ai::analysis::{self, MoveValue};
use mancala_ai::search::Progress;
use mancala_ai::{
    keep_going, solve_with_table, stop_at_result, Limits, Oracle, Player, PlayerSpec, Score,
    SearchOptions, Searcher, LEVELS,
};
use mancala_rules::{Game, Match, Pit, Record, Rules, Ruleset, Side};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Where a command's game comes from: a game id with moves and/or a start.
#[derive(clap::Args, Clone)]
pub struct GameArgs {
    /// Game id (see `mancala games`).
    #[arg(long)]
    game: String,
    /// Moves played so far, as pit letters separated by spaces.
    #[arg(long)]
    moves: Option<String>,
    /// Start from a position in the one-line notation.
    #[arg(long)]
    from: Option<String>,
    /// An endgame database (default: egdb/GAME.egdb when it exists).
    #[arg(long)]
    db: Option<PathBuf>,
}

impl GameArgs {
    fn load(&self) -> Result<(Ruleset, Game)> {
        let ruleset = *crate::find(&self.game)?;
        let start = crate::start_position(&ruleset.rules, self.from.as_deref())?;
        let mut game = Game::from_position(ruleset.rules, start);
        play_words(&mut game, self.moves.as_deref().unwrap_or(""))?;
        Ok((ruleset, game))
    }
}

/// Plays moves given as letters, with errors naming the move's number.
pub fn play_words(game: &mut Game, moves: &str) -> Result<()> {
    let rules = *game.rules();
    for (i, word) in moves.split_whitespace().enumerate() {
        let pit = Pit::parse(word, &rules).with_context(|| format!("move {} `{word}`", i + 1))?;
        game.play(pit).with_context(|| format!("move {} `{word}`", i + 1))?;
    }
    Ok(())
}

/// The endgame database for a ruleset: the given file, or egdb/ID.egdb if it
/// exists. A given file that cannot be used is an error.
pub fn load_oracle(id: &str, path: Option<&Path>) -> Result<Option<Box<dyn Oracle>>> {
    let default = PathBuf::from(format!("egdb/{id}.egdb"));
    let (path, given) = match path {
        Some(p) => (p.to_path_buf(), true),
        None => (default, false),
    };
    if !given && !path.exists() {
        return Ok(None);
    }
    match open_database(id, &path) {
        Ok(db) => Ok(Some(db)),
        Err(e) if given => Err(e),
        Err(e) => {
            eprintln!("note: not using {}: {e:#}", path.display());
            Ok(None)
        }
    }
}

fn open_database(id: &str, path: &Path) -> Result<Box<dyn Oracle>> {
    let ruleset = crate::find(id)?;
    let db = mancala_ai::egdb::Egdb::open(path, ruleset)
        .with_context(|| format!("cannot use the endgame database {}", path.display()))?;
    Ok(Box::new(db))
}

fn letters(rules: &Rules, pits: &[Pit]) -> String {
    pits.iter().map(|p| p.letter(rules).to_string()).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------- bestmove

#[derive(clap::Args)]
pub struct BestmoveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Think for this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search to this depth (moves).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=120))]
    depth: Option<u32>,
    /// Search this many nodes (deterministic).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Play at a strength level (1-8) instead of a raw search.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: Option<u8>,
}

pub fn bestmove(args: BestmoveArgs) -> Result<()> {
    let (ruleset, game) = args.game.load()?;
    let rules = ruleset.rules;
    if let Some(outcome) = game.position().outcome() {
        bail!(
            "the game is over ({}), so there is no move to find",
            mancala_rules::describe_outcome(&game.position().captured(), outcome)
        );
    }
    let oracle = load_oracle(ruleset.id, args.game.db.as_deref())?;
    if let Some(level) = args.level {
        if args.movetime.is_some() || args.depth.is_some() || args.nodes.is_some() {
            bail!("--level cannot be combined with --movetime, --depth or --nodes");
        }
        let mut player = Player::new(PlayerSpec::Level(level), rules, fastrand::u64(..));
        let pit = player.choose(&game, oracle.as_deref()).context("no legal move")?;
        println!("{}", pit.letter(&rules));
        return Ok(());
    }
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        time: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits == Limits::default() {
        limits.time = Some(Duration::from_millis(1000));
    }
    let mut searcher = Searcher::new(rules);
    let options = SearchOptions::new(limits).oracle(oracle.as_deref());
    let report = searcher.search_reporting(&game, options, &mut |p| print_progress(&rules, p));
    let best = report.best.context("no legal move")?;
    println!("{}", best.letter(&rules));
    Ok(())
}

fn print_progress(rules: &Rules, p: &Progress) {
    let nps = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-6);
    println!(
        "depth {:>2}  score {:>9}  nodes {:>10}  nps {:>9.0}  time {:>6} ms  pv {}",
        p.depth,
        p.score.to_string(),
        p.nodes,
        nps,
        p.elapsed.as_millis(),
        letters(rules, &p.pv)
    );
}

// ------------------------------------------------------------------- solve

#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 10.0)]
    time: f64,
    /// Stop as soon as win, draw or loss is proven, without narrowing the
    /// margin (at once where the endgame database knows the position).
    #[arg(long)]
    result_only: bool,
    /// Solve a smaller start of the game: K seeds in every pit, the game's
    /// other seeds split evenly between the stores, South to move (the
    /// first values of docs/solving.md).
    #[arg(long, value_name = "K", conflicts_with_all = ["from", "moves"])]
    seeds_per_pit: Option<u8>,
    /// Once the result is proven, prove each first move's result too (each
    /// with the same --time) and list those that keep it.
    #[arg(long)]
    first_moves: bool,
    /// The transposition table of each of the proof's two searches, MiB
    /// (another size finds the same value by other paths: a second check);
    /// with --stretch, the size of its two tables together. Default: 64 for
    /// the proof, 1024 for --stretch.
    #[arg(long, value_name = "MB")]
    hash: Option<usize>,
    /// Also print the outcome as one JSON object on the last line
    /// (the fields of docs/solving-values.jsonl).
    #[arg(long)]
    json: bool,
    /// Prove win, draw or loss by the exhaustive search that follows the
    /// repetition rule to the end of every line, with no depth limit
    /// (docs/solving.md): for rules whose cycles are awarded by the board,
    /// where the depth-bounded proof cannot settle long capture-free play.
    /// Implies --result-only.
    #[arg(long)]
    stretch: bool,
    /// With --stretch: play the moves in the rules' order instead of the
    /// promising first (another search order, for a second check).
    #[arg(long, requires = "stretch")]
    plain_order: bool,
    /// With --stretch: bound every position right after a capture, and the
    /// start, by the games on its stretch's graph that need no history
    /// (docs/solving.md, "Bounds without history"), and stop there where
    /// the bounds meet.
    #[arg(long, requires = "stretch")]
    bounds: bool,
    /// With --bounds: give up bounding a stretch whose graph holds more
    /// positions than this (about 200 bytes of memory each while it is
    /// solved; default 8,000,000).
    #[arg(long, requires = "bounds", value_name = "POSITIONS")]
    max_stretch: Option<usize>,
}

pub fn solve_cmd(args: SolveArgs) -> Result<()> {
    let (ruleset, mut game) = args.game.load()?;
    let rules = ruleset.rules;
    if let Some(k) = args.seeds_per_pit {
        let start = rules.start_with_seeds_per_pit(k).context("--seeds-per-pit")?;
        println!("position: {start}");
        game = Game::from_position(rules, start);
    }
    if !(args.time > 0.0 && args.time < 1e7) {
        bail!("--time must be a positive number of seconds, not {}", args.time);
    }
    if let Some(mb) = args.hash.filter(|mb| !(1..=65536).contains(mb)) {
        bail!("--hash must be 1 to 65536 MiB, not {mb}");
    }
    if args.stretch {
        // The search recurses once a move, and capture-free stretches run
        // to thousands of moves: on a thread with the stack for it (the
        // database opened there, as it is not shared between threads).
        return std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(mancala_ai::stretch::STACK_BYTES)
                .spawn_scoped(scope, || {
                    let oracle = load_oracle(ruleset.id, args.game.db.as_deref())?;
                    stretch_cmd(&args, ruleset, &game, oracle.as_deref())
                })
                .context("starting the search's thread")?
                .join()
                .map_err(|_| anyhow::anyhow!("the search's thread failed"))?
        });
    }
    let oracle = load_oracle(ruleset.id, args.game.db.as_deref())?;
    let side = game.position().to_move();
    let stop = if args.result_only { stop_at_result } else { keep_going };
    let time = Duration::from_secs_f64(args.time);
    let started = Instant::now();
    let solution = solve_with_table(
        &game,
        Limits::time(time),
        args.hash.unwrap_or(mancala_ai::solve::DEFAULT_TABLE_MB),
        oracle.as_deref(),
        &mut |depth, lower, upper| {
            println!("depth {depth:>2}: between {lower} and {upper}");
            stop(depth, lower, upper)
        },
    );
    println!("searched {} nodes in {:.2} s", solution.nodes, solution.elapsed.as_secs_f64());
    let mut nodes = solution.nodes;
    let (result, scores) = match (solution.result(), game.is_over()) {
        (_, true) => {
            let c = game.position().captured();
            println!("the game is over");
            let result = Score::of_outcome(&rules, game.position(), side).result();
            println!("result: {} {}-{}", result.name(), c.south, c.north);
            (Some(result), Some(c))
        }
        (Some(result), false) => {
            println!("best line: {}", letters(&rules, &solution.line));
            if !solution.exact() {
                println!(
                    "the result is proven; the margin is between {} and {}",
                    solution.lower.margin(),
                    solution.upper.margin()
                );
            }
            // The line's final score is the score under perfect play only
            // where the margin is exact; otherwise it is one way the game
            // can go (the margin's bounds are printed above), shown only
            // where it agrees with the result: the line's moves were chosen
            // by searches that knew only win, draw or loss, and it can end
            // otherwise (a "draw" line ending 20-26).
            let agrees = |c: &mancala_rules::BySide<u8>| {
                let winner = rules.winner_by_scores(c.map(u32::from));
                solution.exact() || mancala_rules::Wdl::for_side(winner, side) == result
            };
            match solution.final_scores.filter(agrees) {
                Some(c) => println!("result: {} {}-{}", result.name(), c.south, c.north),
                None => println!("result: {}", result.name()),
            }
            // The line's end is the score under perfect play only where
            // the margin is exact.
            (Some(result), solution.final_scores.filter(|_| solution.exact()))
        }
        (None, false) => {
            println!(
                "not proven in {:.1} s (value between {} and {} for {})",
                args.time, solution.lower, solution.upper, side
            );
            println!("result: unknown");
            (None, None)
        }
    };
    // Each first move proven in turn, in the time left.
    let mut keeping = Vec::new();
    let mut all_proven = true;
    if let (true, Some(result), false) = (args.first_moves, result, game.is_over()) {
        for pit in game.legal_moves() {
            let mut child = game.clone();
            child.play(pit)?;
            let proof = solve_with_table(
                &child,
                Limits::time(time),
                args.hash.unwrap_or(mancala_ai::solve::DEFAULT_TABLE_MB),
                oracle.as_deref(),
                &mut stop_at_result,
            );
            nodes += proof.nodes;
            let mover = child.position().to_move();
            let theirs = if child.is_over() {
                Some(Score::of_outcome(&rules, child.position(), mover).result())
            } else {
                proof.result()
            };
            let ours = theirs.map(|r| if mover == side { r } else { r.flip() });
            let name = pit.letter(&rules);
            match ours {
                Some(r) => println!("first move {name}: {}", r.name()),
                None => {
                    all_proven = false;
                    println!("first move {name}: not proven")
                }
            }
            if ours == Some(result) {
                keeping.push(name.to_string());
            }
        }
        let how = if all_proven { "" } else { " (some not proven)" };
        println!("first moves that keep the result{how}: {}", keeping.join(" "));
    }
    if args.json {
        let row = ValuesRow {
            ruleset: ruleset.id,
            seeds_per_pit: args.seeds_per_pit,
            position: game.position().to_string(),
            result: result.map(|r| (r, side)),
            score: scores.map(|c| [c.south, c.north]),
            moves: (args.first_moves && result.is_some() && all_proven).then_some(keeping),
            seconds: started.elapsed().as_secs_f64(),
            nodes,
        };
        println!("{}", row.json());
    }
    Ok(())
}

/// One row of docs/solving-values.jsonl, as `mancala solve --json` prints it.
struct ValuesRow {
    ruleset: &'static str,
    seeds_per_pit: Option<u8>,
    position: String,
    /// The proven result, for the side to move.
    result: Option<(mancala_rules::Wdl, Side)>,
    score: Option<[u8; 2]>,
    moves: Option<Vec<String>>,
    seconds: f64,
    nodes: u64,
}

impl ValuesRow {
    fn json(&self) -> serde_json::Value {
        // The value is South's.
        let value = self.result.map(|(r, side)| match r.winner(side) {
            Some(Side::South) => "win",
            Some(Side::North) => "loss",
            None => "draw",
        });
        serde_json::json!({
            "ruleset": self.ruleset,
            "seeds_per_pit": self.seeds_per_pit,
            "position": self.position,
            "proven": self.result.is_some(),
            "value": value,
            "score": self.score,
            "moves": self.moves,
            "seconds": (self.seconds * 100.0).round() / 100.0,
            "nodes": self.nodes,
        })
    }
}

/// `mancala solve --stretch`: the exhaustive search of
/// [`mancala_ai::stretch`], its first moves and its JSON line.
fn stretch_cmd(
    args: &SolveArgs,
    ruleset: mancala_rules::Ruleset,
    game: &Game,
    oracle: Option<&dyn mancala_ai::search::Oracle>,
) -> Result<()> {
    use mancala_ai::stretch::{Stopped, StretchSolver};
    let rules = ruleset.rules;
    if !StretchSolver::supports(&rules) {
        bail!(
            "--stretch cannot solve {}: the last four goes by a lot drawn for each game, which no position holds; solve it without --stretch",
            ruleset.id
        );
    }
    let side = game.position().to_move();
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(args.time);
    let mut solver = StretchSolver::new(rules, oracle)
        .deadline(Some(deadline))
        .table_mb(args.hash.unwrap_or(mancala_ai::stretch::DEFAULT_TABLE_MB));
    if args.plain_order {
        solver = solver.plain_order();
    }
    if args.bounds {
        if !mancala_ai::cycle_bounds::CycleBounds::supports(&rules) {
            bail!(
                "--bounds cannot bound {}: its positions count the quiet moves (the stall rule), which the repetition rule does not compare; solve it with --stretch alone",
                ruleset.id
            );
        }
        solver = solver
            .cycle_bounds(true)
            .max_stretch(args.max_stretch.unwrap_or(mancala_ai::cycle_bounds::DEFAULT_MAX_STRETCH));
    }
    let seen = game.repeatable_positions();
    let (history, pos) = seen.split_at(seen.len() - 1);
    let pos = &pos[0];
    let result = if game.is_over() {
        Ok(Score::of_outcome(&rules, pos, side).result())
    } else {
        let outcome = solver.solve(history, pos);
        println!(
            "searched {} positions in {:.2} s: the longest capture-free stretch {} moves, {} positions after a capture and {} with history kept, {} answered by the database",
            outcome.nodes,
            started.elapsed().as_secs_f64(),
            outcome.longest_stretch,
            outcome.fresh_kept,
            outcome.routes_kept,
            outcome.database_hits
        );
        if let Some(b) = solver.cycle_bounds_stats() {
            println!(
                "bounds: {} stretches of {} positions in all (the largest {}), {} kept, {} with bounds that meet, {} answered by the database, {} searched positions settled by them",
                b.stretches, b.positions, b.largest, b.kept, b.exact, b.database_hits, outcome.bounded
            );
            println!(
                "bounds: {} strongly connected components, the largest {} positions; {} stretches larger than {} positions given up",
                b.components,
                b.largest_component,
                b.too_large,
                args.max_stretch.unwrap_or(mancala_ai::cycle_bounds::DEFAULT_MAX_STRETCH)
            );
            if let Some((lo, hi)) = solver.known_bounds(pos) {
                println!("bounds without history here: {} to {}", lo.name(), hi.name());
            }
        }
        outcome.result
    };
    let stopped = |why: Stopped| match why {
        Stopped::Time => format!("not proven in {:.1} s", args.time),
        Stopped::Nodes => "not proven: the node limit was reached".to_string(),
        Stopped::Depth => format!(
            "not proven: a capture-free stretch longer than {} moves",
            mancala_ai::stretch::MAX_STRETCH
        ),
    };
    match result {
        Ok(r) => println!("result: {}", r.name()),
        Err(why) => {
            println!("{}", stopped(why));
            println!("result: unknown");
        }
    }
    let mut keeping = Vec::new();
    let mut all_proven = true;
    if let (true, Ok(result), false) = (args.first_moves, result, game.is_over()) {
        let moves: Vec<_> = rules.legal_moves(pos).collect();
        for pit in moves {
            // Each first move gets --time of its own, as in the proof.
            solver.set_deadline(Some(Instant::now() + Duration::from_secs_f64(args.time)));
            let theirs = solver.move_result_below(history, pos, pit, result);
            let name = pit.letter(&rules);
            match theirs {
                Ok(r) => {
                    println!("first move {name}: {}", r.name());
                    if r == result {
                        keeping.push(name.to_string());
                    }
                }
                Err(why) => {
                    all_proven = false;
                    println!("first move {name}: {}", stopped(why));
                }
            }
        }
        let how = if all_proven { "" } else { " (some not proven)" };
        println!("first moves that keep the result{how}: {}", keeping.join(" "));
    }
    if args.json {
        let row = ValuesRow {
            ruleset: ruleset.id,
            seeds_per_pit: args.seeds_per_pit,
            position: game.position().to_string(),
            result: result.ok().map(|r| (r, side)),
            score: None,
            moves: (args.first_moves && result.is_ok() && all_proven).then_some(keeping),
            seconds: started.elapsed().as_secs_f64(),
            // The search's positions and the bounds' graphs' together.
            nodes: solver.nodes() + solver.cycle_bounds_stats().map_or(0, |b| b.positions),
        };
        println!("{}", row.json());
    }
    Ok(())
}

// ----------------------------------------------------------------- analyse

#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// The game record to analyse.
    record: PathBuf,
    /// Thinking time per position, in milliseconds.
    #[arg(long, default_value_t = 300)]
    movetime: u64,
    /// A move this many seeds worse than the best (or one that changes the
    /// result) is flagged as a mistake.
    #[arg(long, default_value_t = 1.0)]
    threshold: f64,
    /// An endgame database (default: egdb/GAME.egdb when it exists).
    #[arg(long)]
    db: Option<PathBuf>,
}

pub fn analyse(args: AnalyseArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.record)
        .with_context(|| format!("cannot read record file {}", args.record.display()))?;
    let record = Record::parse(&text)?;
    let rules = record.ruleset.rules;
    let oracle = load_oracle(record.ruleset.id, args.db.as_deref())?;
    let start = match &record.setup {
        Some(setup) => rules.setup(setup)?,
        None => rules.start(),
    };
    let game = Game::from_position(rules, start);
    let threshold = (args.threshold * 10.0).round() as i32;
    let mut mistakes = [0u32; 2];
    println!(
        "{} ({} moves), {} ms a position",
        record.ruleset.name,
        record.moves.len(),
        args.movetime
    );
    println!("values are for the player who moves, in seeds (win/draw/loss once proven)");
    let limits = Limits::time(Duration::from_millis(args.movetime));
    let mut each = |i: usize, value: &MoveValue| {
        let mut line = format!(
            "{:>3}. {:<5} plays {}  best {:>9}  played {:>9}",
            i + 1,
            value.mover.name(),
            value.played.letter(&rules),
            value.best.to_string(),
            value.kept.to_string()
        );
        if value.is_mistake(threshold) {
            mistakes[value.mover.index()] += 1;
            let size = if value.changes_result() {
                format!("{} to {}", value.best.result().name(), value.kept.result().name())
            } else {
                format!("-{:.1}", value.lost() as f64 / 10.0)
            };
            line.push_str(&format!(
                "  MISTAKE ({size}); better {}",
                value.better.map(|b| b.letter(&rules).to_string()).unwrap_or_default()
            ));
        }
        println!("{line}");
    };
    analysis::analyse(&game, &record.moves, limits, oracle.as_deref(), &mut each)
        .context("a move of the record")?;
    let game = record.game();
    if let Some(outcome) = game.position().outcome() {
        println!("end: {}", mancala_rules::describe_outcome(&game.position().captured(), outcome));
    }
    println!("mistakes: south {} north {}", mistakes[0], mistakes[1]);
    Ok(())
}

// ------------------------------------------------------------------- match

#[derive(clap::Args)]
pub struct MatchArgs {
    #[arg(long)]
    game: String,
    /// First player (see `mancala levels`): a level 1-8, ab:depth=D,
    /// ab:time=MS, ab:nodes=N, mcts:time=MS, mcts:iterations=N, greedy, random.
    #[arg(long)]
    a: String,
    /// Second player, as --a.
    #[arg(long)]
    b: String,
    /// Games to play (each opening twice, colours swapped).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Play a match instead: the first to win N games (Barbados: 6).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=99))]
    first_to: Option<u32>,
    /// Random moves at the start of each game (seeded).
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Keep only openings that a depth-8 search values within this many
    /// seeds of even (for sharp games, Anywoli's above all, where random
    /// openings often decide the game).
    #[arg(long, value_name = "SEEDS", value_parser = clap::value_parser!(u32).range(0..=48))]
    balanced: Option<u32>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// An endgame database for both players.
    #[arg(long)]
    db: Option<PathBuf>,
    /// The clock think times run on (`ab:time`, `mcts:time`, levels 7 and
    /// 8): `wall`, real time; or `cpu`, each player's own processor time, so
    /// that a match played beside other work, or several at once, plays as
    /// on an idle machine.
    #[arg(long, default_value = "wall", value_name = "wall|cpu")]
    clock: mancala_ai::Clock,
    /// Print every game's moves.
    #[arg(long)]
    verbose: bool,
}

/// Plays one game; `players[0]` is South. Returns the finished game.
fn play_one(
    rules: Rules,
    opening: &[Pit],
    players: [&mut Player; 2],
    oracle: Option<&dyn Oracle>,
    lot_seed: u64,
) -> Game {
    let mut game = Game::new(rules).with_lot_seed(lot_seed);
    for &pit in opening {
        if game.play(pit).is_err() {
            break;
        }
    }
    let [south, north] = players;
    south.new_game();
    north.new_game();
    let mut guard = 0;
    while !game.is_over() && guard < 10_000 {
        guard += 1;
        let side = game.position().to_move();
        let player = if side == Side::South { &mut *south } else { &mut *north };
        let Some(pit) = player.choose(&game, oracle) else { break };
        if game.play(pit).is_err() {
            break;
        }
    }
    game
}

/// Elo difference for a score fraction, with a 95% margin from the games'
/// spread.
pub fn elo(points: &[f64]) -> (f64, f64) {
    let n = points.len() as f64;
    if n == 0.0 {
        return (0.0, f64::INFINITY);
    }
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let to_elo = |p: f64| {
        let p = p.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let diff = to_elo(mean);
    let margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2.0;
    (diff, margin)
}

pub fn match_cmd(args: MatchArgs) -> Result<()> {
    let ruleset = *crate::find(&args.game)?;
    let rules = ruleset.rules;
    let spec_a: PlayerSpec = args.a.parse().context("--a")?;
    let spec_b: PlayerSpec = args.b.parse().context("--b")?;
    let oracle = load_oracle(ruleset.id, args.db.as_deref())?;
    let mut a = Player::new(spec_a, rules, args.seed.wrapping_mul(2).wrapping_add(1));
    let mut b = Player::new(spec_b, rules, args.seed.wrapping_mul(2).wrapping_add(2));
    a.set_clock(args.clock);
    b.set_clock(args.clock);
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let mut points = Vec::new();
    let mut distinct = HashSet::new();
    let mut tally = [0u32; 3]; // a wins, b wins, draws
    let mut contest = args.first_to.map(Match::new);
    let total = if contest.is_some() { u32::MAX } else { args.games };
    let started = Instant::now();
    let mut moves_total = 0usize;
    let mut line = Vec::new();
    println!("{}: {} (a) against {} (b)", ruleset.name, spec_a, spec_b);
    if args.clock == mancala_ai::Clock::Thread {
        println!("think times on each player's processor time (--clock cpu)");
    }
    if let Some(seeds) = args.balanced {
        println!(
            "openings: {} random moves, each valued within {seeds} seeds of even by a depth-{} \
             search",
            args.opening_plies,
            mancala_ai::bench::BALANCE_DEPTH
        );
    }
    let mut i = 0;
    while i < total {
        if let Some(m) = &contest {
            if m.winner().is_some() {
                break;
            }
            if m.games_played() >= 1000 {
                println!("stopping the match after 1000 games");
                break;
            }
        }
        if i % 2 == 0 {
            line = match args.balanced {
                None => mancala_ai::bench::opening(rules, args.opening_plies, &mut rng),
                Some(seeds) => mancala_ai::bench::balanced_opening(
                    rules,
                    args.opening_plies,
                    seeds as i32 * 10,
                    &mut rng,
                )
                .with_context(|| {
                    format!(
                        "no opening of {} random moves within {seeds} seeds of even in 1,000 \
                         tries; allow more seeds (--balanced) or fewer moves (--opening-plies)",
                        args.opening_plies
                    )
                })?,
            };
        }
        // In a match, colours follow the match; otherwise a plays South in
        // even games.
        let a_south = match &contest {
            Some(m) => m.player(Side::South) == 0,
            None => i % 2 == 0,
        };
        // Each game's lot (anywoli-lot) from the match's seed and the game's
        // number, without drawing on `rng`, whose openings stay as they were.
        let lot_seed = args.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let game = if a_south {
            play_one(rules, &line, [&mut a, &mut b], oracle.as_deref(), lot_seed)
        } else {
            play_one(rules, &line, [&mut b, &mut a], oracle.as_deref(), lot_seed)
        };
        moves_total += game.moves().len();
        distinct.insert(game.moves().iter().map(|p| p.0).collect::<Vec<u8>>());
        let winner = game.position().outcome().and_then(|o| o.winner);
        let a_side = if a_south { Side::South } else { Side::North };
        let point = match winner {
            Some(w) if w == a_side => {
                tally[0] += 1;
                1.0
            }
            Some(_) => {
                tally[1] += 1;
                0.0
            }
            None => {
                tally[2] += 1;
                0.5
            }
        };
        points.push(point);
        if let Some(m) = &mut contest {
            let _ = m.record(winner);
        }
        if args.verbose {
            let c = game.position().captured();
            println!(
                "game {:>3}: a plays {:<5} {}-{} {}  {}",
                i + 1,
                a_side.name(),
                c.south,
                c.north,
                match point {
                    1.0 => "a wins",
                    0.0 => "b wins",
                    _ => "draw",
                },
                letters(&rules, game.moves())
            );
        }
        i += 1;
    }
    let n = points.len();
    let score: f64 = points.iter().sum();
    let (diff, margin) = elo(&points);
    println!(
        "games: {n} (a won {}, b won {}, drawn {}), {} distinct, {:.0} moves a game, {:.1} s",
        tally[0],
        tally[1],
        tally[2],
        distinct.len(),
        moves_total as f64 / n.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
    if let Some(m) = &contest {
        let s = m.score();
        println!(
            "match (first to {}): a {} b {}{}",
            m.first_to(),
            s[0],
            s[1],
            match m.winner() {
                Some(0) => ", a wins the match",
                Some(_) => ", b wins the match",
                None => ", undecided",
            }
        );
    }
    if score == 0.0 || score == n as f64 {
        let bound = if score == 0.0 { "< -1200" } else { "> +1200" };
        println!("elo: a - b {bound} (one side won every game: no margin can be given)");
    } else {
        println!("elo: a - b = {diff:+.0} ± {margin:.0} (95%)");
    }
    println!("score: a {score} - b {}", n as f64 - score);
    Ok(())
}

// ------------------------------------------------------------------ levels

#[derive(clap::Args)]
pub struct LevelsArgs {
    /// Measure mistakes on this game's positions (else just list the levels).
    #[arg(long)]
    game: Option<String>,
    /// Number of test positions (seeded random play, 6 to 60 moves in).
    #[arg(long, default_value_t = 100)]
    positions: u32,
    /// Depth of the reference search that judges the moves.
    #[arg(long, default_value_t = 16)]
    reference_depth: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn levels(args: LevelsArgs) -> Result<()> {
    let Some(id) = &args.game else {
        for level in LEVELS {
            println!("level {}: {}", level.number, level.description);
        }
        return Ok(());
    };
    let ruleset = *crate::find(id)?;
    let rules = ruleset.rules;
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let mut positions = Vec::new();
    while positions.len() < args.positions as usize {
        let plies = rng.u32(6..=60);
        let mut game = Game::new(rules);
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal.nth(rng.usize(..legal.len())).expect("move")).expect("legal");
        }
        if game.legal_moves().len() >= 2 {
            positions.push(game);
        }
    }
    // The reference: every move valued at a fixed depth.
    let mut reference = Searcher::new(rules);
    let every = SearchOptions::new(Limits::depth(args.reference_depth)).every_root_move();
    let values: Vec<Vec<(Pit, Score)>> =
        positions.iter().map(|g| reference.search(g, every).root).collect();
    println!(
        "{}: {} positions, moves judged by a depth-{} search",
        ruleset.name, args.positions, args.reference_depth
    );
    println!("level | mistakes | mean size (seeds) | changes the result | description");
    println!(
        "(a mistake: a move at least one seed worse than the best, or one that turns a proven"
    );
    println!(" result into a worse one; each size is capped at 10 seeds)");
    for level in LEVELS {
        let mut player = Player::new(PlayerSpec::Level(level.number), rules, args.seed);
        let (mut count, mut total, mut blunders) = (0u32, 0f64, 0u32);
        for (game, root) in positions.iter().zip(&values) {
            let pit = player.choose(game, None).expect("a move");
            let best = root.iter().map(|m| m.1).max().expect("moves");
            let chosen = root.iter().find(|m| m.0 == pit).map(|m| m.1).unwrap_or(best);
            let loss = (best.0 - chosen.0) as f64 / 10.0;
            if loss >= 1.0 || chosen.result() != best.result() {
                count += 1;
                total += loss.min(10.0);
                blunders += (chosen.result() != best.result()) as u32;
            }
        }
        println!(
            "{:>5} | {:>5.1}% | {:>5.2} | {:>5.1}% | {}",
            level.number,
            100.0 * count as f64 / positions.len() as f64,
            if count > 0 { total / count as f64 } else { 0.0 },
            100.0 * blunders as f64 / positions.len() as f64,
            level.description
        );
    }
    Ok(())
}

// ------------------------------------------------------------- searchbench

#[derive(clap::Args)]
pub struct SearchbenchArgs {
    /// Depth of each search (Anywoli's three plies less).
    #[arg(long, default_value_t = mancala_ai::bench::DEPTH)]
    depth: u32,
}

/// The fixed suite of `mancala_ai::bench`: the node count is a signature of
/// the search's behaviour; the speed is given by the wall clock and, where
/// the system reports it, by the processor time (fairer on a busy machine).
pub fn searchbench(args: SearchbenchArgs) -> Result<()> {
    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64().max(1e-9);
    let (mut elapsed, mut cpu) = (Duration::ZERO, Some(Duration::ZERO));
    let nodes = mancala_ai::bench::run(args.depth, &mut |part| {
        let on_cpu =
            part.cpu.map(|t| format!(", {:>9.0} nodes/s of CPU time", rate(part.nodes, t)));
        println!(
            "{:<28} depth {:>2}: {:>10} nodes, {:>9.0} nodes/s{}",
            part.ruleset.id,
            part.depth,
            part.nodes,
            rate(part.nodes, part.elapsed),
            on_cpu.unwrap_or_default()
        );
        elapsed += part.elapsed;
        cpu = cpu.zip(part.cpu).map(|(a, b)| a + b);
    });
    println!("nodes/s: {:.0}", rate(nodes, elapsed));
    if let Some(cpu) = cpu {
        println!("nodes/s of CPU time: {:.0}", rate(nodes, cpu));
    }
    println!("Bench: {nodes}");
    Ok(())
}

// ------------------------------------------------------------------ engine

#[derive(clap::Args)]
pub struct EngineArgs {
    /// An endgame database for the searches; used only while the game set
    /// with `newgame` is the database's.
    #[arg(long)]
    db: Option<PathBuf>,
    /// The transposition table's size in MiB.
    #[arg(long, default_value_t = mancala_ai::protocol::DEFAULT_TABLE_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    hash: u64,
    /// The clock `go movetime` and the timed levels count on: `wall` (real
    /// time) or `cpu` (the searching thread's processor time, for matches
    /// played beside other work).
    #[arg(long, default_value = "wall", value_name = "wall|cpu")]
    clock: mancala_ai::Clock,
}

pub fn engine(args: EngineArgs) -> Result<()> {
    let oracle: Option<std::sync::Arc<dyn Oracle + Send + Sync>> = match &args.db {
        Some(path) => {
            let db = mancala_ai::egdb::Egdb::open_any(path)
                .with_context(|| format!("cannot use the endgame database {}", path.display()))?;
            Some(std::sync::Arc::new(db))
        }
        None => None,
    };
    let stdin = std::io::stdin();
    let config = mancala_ai::protocol::EngineConfig {
        oracle,
        table_mb: args.hash as usize,
        clock: args.clock,
    };
    mancala_ai::protocol::run(stdin.lock(), std::io::stdout(), config)?;
    Ok(())
}
