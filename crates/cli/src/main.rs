//! The `mancala` command: thin subcommands over the rules library.

mod ai;
mod board;
mod egdb;
mod play;
mod puzzles;
mod rules_text;
mod tune;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use mancala_rules::{
    divide, explain, perft, perft_leaves, random_games, ruleset, Game, Pit, Position, Record,
    Rules, Ruleset, RULESETS,
};
use std::io::Write;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "mancala",
    version,
    about = "Play and study Barbados Warri, Round-and-Round Warri, Wahree, Anywoli and Oware"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games.
    Games,
    /// Endgame databases: build, info, probe.
    Egdb(egdb::EgdbArgs),
    /// Print a game's rules.
    Rules {
        /// Game id (see `mancala games`).
        game: String,
        /// The web site's rules page as plain text, in English (en),
        /// Vietnamese (vi) or Dutch (nl), instead of docs/rules/ID.md.
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(mancala_content::LANGS))]
        lang: Option<String>,
    },
    /// Play a game in the terminal.
    Play(play::PlayArgs),
    /// Replay a game move by move.
    Replay(ReplayArgs),
    /// Count move sequences of a given length.
    Perft {
        #[arg(long)]
        game: String,
        #[arg(long)]
        depth: u32,
        /// Start from a position in the one-line notation.
        #[arg(long)]
        from: Option<String>,
        /// Print the count after each first move.
        #[arg(long)]
        divide: bool,
        /// Break the leaves down by end reason and winner.
        #[arg(long)]
        breakdown: bool,
    },
    /// The best move in a position.
    Bestmove(ai::BestmoveArgs),
    /// Prove the result of a position (database and search together).
    Solve(ai::SolveArgs),
    /// Value every move of a recorded game and flag the mistakes.
    Analyse(ai::AnalyseArgs),
    /// Play engines against each other.
    Match(ai::MatchArgs),
    /// The strength levels, and their measured mistakes.
    Levels(ai::LevelsArgs),
    /// Search speed on a fixed suite of positions.
    Searchbench(ai::SearchbenchArgs),
    /// Speak the line-based engine protocol on stdin/stdout (docs/protocol.md).
    Engine(ai::EngineArgs),
    /// Puzzles: generate them, export a collection.
    Puzzles(puzzles::PuzzlesArgs),
    /// Learn the evaluation from games: `tune play`, then `tune fit`.
    Tune(tune::TuneArgs),
    /// Play uniformly random games and report the speed.
    Bench {
        #[arg(long)]
        game: String,
        #[arg(long, default_value_t = 100_000)]
        playouts: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        from: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Jsonl,
}

#[derive(clap::Args)]
struct ReplayArgs {
    /// A game record file to replay (instead of --moves).
    record: Option<std::path::PathBuf>,
    /// Game id; taken from the record when one is given.
    #[arg(long)]
    game: Option<String>,
    /// The moves, as pit letters separated by spaces.
    #[arg(long)]
    moves: Option<String>,
    /// Start from a position in the one-line notation.
    #[arg(long)]
    from: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Include every event of each move (JSON) or list them (text).
    #[arg(long)]
    events: bool,
}

fn main() {
    // Like other Unix tools, stop quietly when the reader of our output
    // goes away (`mancala replay ... | head`), instead of failing to print.
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal at start-up, before
    // any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games => games(),
        Command::Egdb(args) => egdb::run(args),
        Command::Rules { game, lang } => rules_text(&game, lang.as_deref()),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay(args),
        Command::Perft { game, depth, from, divide, breakdown } => {
            perft_cmd(&game, depth, from.as_deref(), divide, breakdown)
        }
        Command::Bestmove(args) => ai::bestmove(args),
        Command::Solve(args) => ai::solve_cmd(args),
        Command::Analyse(args) => ai::analyse(args),
        Command::Match(args) => ai::match_cmd(args),
        Command::Levels(args) => ai::levels(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Searchbench(args) => ai::searchbench(args),
        Command::Engine(args) => ai::engine(args),
        Command::Bench { game, playouts, seed, from } => {
            bench(&game, playouts, seed, from.as_deref())
        }
    };
    if let Err(error) = result {
        let _ = std::io::stdout().flush();
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}

pub(crate) fn find(game: &str) -> Result<&'static Ruleset> {
    Ok(ruleset(game)?)
}

pub(crate) fn start_position(rules: &Rules, from: Option<&str>) -> Result<Position> {
    match from {
        Some(text) => Ok(rules.parse_position(text)?),
        None => Ok(rules.start()),
    }
}

fn games() -> Result<()> {
    for r in RULESETS {
        println!("{:<30} {} (rules version {})", r.id, r.name, r.version);
    }
    println!("{:<30} alias of barbados-warri-speightstown", "barbados-warri");
    Ok(())
}

/// The rules page (docs/rules/ID.md) of a ruleset, by its id; `None` for an
/// id that is not a preset. Every preset is named here: a new ruleset without
/// a page is a test failure, not a silent fallback to another game's rules.
pub(crate) fn rules_page(id: &str) -> Option<&'static str> {
    Some(match id {
        "barbados-warri-speightstown" => {
            include_str!("../../../docs/rules/barbados-warri-speightstown.md")
        }
        "barbados-warri-bridgetown" => {
            include_str!("../../../docs/rules/barbados-warri-bridgetown.md")
        }
        "wahree" => include_str!("../../../docs/rules/wahree.md"),
        "anywoli" => include_str!("../../../docs/rules/anywoli.md"),
        "anywoli-gering" => include_str!("../../../docs/rules/anywoli-gering.md"),
        "anywoli-lot" => include_str!("../../../docs/rules/anywoli-lot.md"),
        "oware-abapa" => include_str!("../../../docs/rules/oware-abapa.md"),
        "round-and-round-warri" => include_str!("../../../docs/rules/round-and-round-warri.md"),
        _ => return None,
    })
}

/// [`rules_page`] for a ruleset the caller already found: an error (never
/// another game's text) if a preset has no page.
pub(crate) fn rules_page_of(ruleset: &Ruleset) -> Result<&'static str> {
    rules_page(ruleset.id).with_context(|| format!("no rules page for {}", ruleset.id))
}

fn rules_text(game: &str, lang: Option<&str>) -> Result<()> {
    let ruleset = find(game)?;
    let Some(lang) = lang else {
        print!("{}", rules_page_of(ruleset)?);
        return Ok(());
    };
    let Some(index) = mancala_content::LANGS.iter().position(|l| *l == lang) else {
        bail!("no language {lang}; the rules are in {}", mancala_content::LANGS.join(", "));
    };
    let text = rules_text::plain(ruleset.id, index)
        .with_context(|| format!("no rules page for {} in {lang}", ruleset.id))?;
    print!("{text}");
    Ok(())
}

fn replay(args: ReplayArgs) -> Result<()> {
    let (ruleset, start, words): (Ruleset, Position, Vec<String>);
    let mut agreed = false;
    if let Some(path) = &args.record {
        if args.moves.is_some() || args.from.is_some() {
            bail!("give either a record file or --moves/--from, not both");
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read record file {}", path.display()))?;
        let record = Record::parse(&text)?;
        if let Some(game) = &args.game {
            let wanted = find(game)?;
            if wanted.id != record.ruleset.id {
                bail!(
                    "--game {} does not match the record's game {}",
                    wanted.id,
                    record.ruleset.id
                );
            }
        }
        ruleset = record.ruleset;
        start = record.game().start().to_owned();
        words = record.moves.iter().map(|p| p.letter(&ruleset.rules).to_string()).collect();
        agreed = record.ending == mancala_rules::Ending::Rules(mancala_rules::EndReason::Agreed);
    } else {
        let Some(game) = &args.game else {
            bail!("say which game with --game ID, or give a record file");
        };
        ruleset = *find(game)?;
        start = start_position(&ruleset.rules, args.from.as_deref())?;
        words =
            args.moves.as_deref().unwrap_or("").split_whitespace().map(str::to_string).collect();
    }
    let rules = ruleset.rules;
    let mut game = Game::from_position(rules, start);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let text = args.format == Format::Text;
    if text {
        writeln!(
            out,
            "{} — start\n{}{}",
            ruleset.name,
            board::draw(&rules, game.position(), None),
            board::status(game.position())
        )?;
    } else {
        writeln!(out, "{}", json_line(&rules, &game, None, args.events))?;
    }
    for (i, word) in words.iter().enumerate() {
        let number = i + 1;
        let pit = match Pit::parse(word, &rules) {
            Ok(pit) => pit,
            Err(e) => {
                out.flush()?;
                bail!("move {number}: {e}");
            }
        };
        let report = match game.play_reported(pit) {
            Ok(report) => report,
            Err(e) => {
                out.flush()?;
                bail!("move {number} ({word}) is illegal: {e}");
            }
        };
        if text {
            writeln!(
                out,
                "\n{number}. {} plays {word}: {}",
                board::title(report.mover),
                explain(&rules, &report)
            )?;
            if args.events {
                for e in &report.events {
                    writeln!(out, "   {e:?}")?;
                }
            }
            write!(out, "{}", board::draw(&rules, game.position(), Some(&report)))?;
            writeln!(out, "{}", board::status(game.position()))?;
        } else {
            writeln!(out, "{}", json_line(&rules, &game, Some(&report), args.events))?;
        }
    }
    if agreed && game.agree_to_end().is_some() {
        if text {
            writeln!(
                out,
                "\nThe players agree that the seeds circulate.\n{}",
                board::status(game.position())
            )?;
        } else {
            writeln!(out, "{}", json_line(&rules, &game, None, false))?;
        }
    }
    out.flush()?;
    Ok(())
}

fn json_line(
    rules: &Rules,
    game: &Game,
    report: Option<&mancala_rules::MoveReport>,
    events: bool,
) -> String {
    mancala_json::state(rules, game, report, events).to_string()
}

fn perft_cmd(
    game: &str,
    depth: u32,
    from: Option<&str>,
    divide_flag: bool,
    breakdown: bool,
) -> Result<()> {
    let ruleset = find(game)?;
    let rules = ruleset.rules;
    let start = start_position(&rules, from)?;
    let started = Instant::now();
    let count = if breakdown {
        let leaves = perft_leaves(&rules, &start, depth);
        println!("ongoing: {}", leaves.ongoing);
        println!("grand slams (last move): {}", leaves.grand_slams);
        println!("feeding (last move): {}", leaves.feeding);
        for ((reason, winner), n) in &leaves.ended {
            println!("ended {} {}: {n}", reason.reason().id(), winner.map_or("draw", |s| s.name()));
        }
        leaves.total
    } else if divide_flag {
        let mut total = 0;
        for (pit, n) in divide(&rules, &start, depth) {
            println!("{}: {n}", pit.letter(&rules));
            total += n;
        }
        total
    } else {
        perft(&rules, &start, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("{:.3} s, {:.0} leaves/s", seconds, count as f64 / seconds.max(1e-9));
    println!("perft {depth}: {count}");
    Ok(())
}

fn bench(game: &str, playouts: u64, seed: u64, from: Option<&str>) -> Result<()> {
    let ruleset = find(game)?;
    let rules = ruleset.rules;
    let start = start_position(&rules, from)?;
    if playouts == 0 {
        bail!("--playouts must be at least 1");
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    let started = Instant::now();
    // (`move`: the generator lives in the loop's frame, in registers.)
    let sig = random_games(&rules, &start, playouts, move |n| rng.usize(..n));
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    println!("game: {}", ruleset.id);
    println!(
        "signature: games {} plies {} south {} north {} draws {}",
        sig.games, sig.plies, sig.south_wins, sig.north_wins, sig.draws
    );
    println!("seconds: {seconds:.3}");
    println!("plies/s: {:.0}", sig.plies as f64 / seconds);
    println!("games/s: {:.0}", sig.games as f64 / seconds);
    Ok(())
}
