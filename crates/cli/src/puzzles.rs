//! `mancala puzzles`: generate puzzles, export a collection (the work is in
//! the mancala-puzzles crate).

use anyhow::{bail, Context, Result};
use mancala_puzzles::{generate, parse_collection, Kind, Options, Prover};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(clap::Subcommand)]
enum PuzzlesCommand {
    /// Find puzzles in random positions, proven by the solver (and the
    /// endgame database where there is one), and write them as JSON lines.
    Generate(GenerateArgs),
    /// Print a collection, one JSON object per line (id, ruleset, position,
    /// kind, moves, result, rating).
    Export(ExportArgs),
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// Game id (see `mancala games`).
    #[arg(long)]
    game: String,
    /// Seeds on the board: MIN-MAX (or one number).
    #[arg(long, default_value = "4-10")]
    seeds: String,
    /// Puzzles wanted.
    #[arg(long, default_value_t = 200)]
    count: usize,
    /// Endgame database (default: egdb/ID.egdb if it exists).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Seed of the random positions: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Candidate positions to try at most.
    #[arg(long, default_value_t = 200_000)]
    attempts: usize,
    /// The most positions one proof may search.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// Where to write the puzzles (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
struct ExportArgs {
    /// Game id (see `mancala games`).
    #[arg(long)]
    game: String,
    /// A collection file (default: the one bundled with the program).
    #[arg(long)]
    from: Option<PathBuf>,
    /// Only puzzles of this kind (win, save-the-draw, win-the-most-seeds,
    /// capture-chain, grand-slam).
    #[arg(long)]
    kind: Option<String>,
}

pub fn run(args: PuzzlesArgs) -> Result<()> {
    match args.command {
        PuzzlesCommand::Generate(args) => generate_cmd(args),
        PuzzlesCommand::Export(args) => export(args),
    }
}

/// `MIN-MAX` or `N`.
fn seed_range(text: &str) -> Result<(u32, u32)> {
    let parse = |t: &str| {
        t.trim().parse::<u32>().with_context(|| {
            format!("--seeds {text:?}: expected MIN-MAX or N, whole numbers of seeds")
        })
    };
    let (low, high) = match text.split_once('-') {
        Some((a, b)) => (parse(a)?, parse(b)?),
        None => (parse(text)?, parse(text)?),
    };
    if low > high || high == 0 {
        bail!("--seeds {text:?}: expected MIN-MAX with 1 <= MIN <= MAX");
    }
    Ok((low.max(1), high))
}

fn generate_cmd(args: GenerateArgs) -> Result<()> {
    let ruleset = crate::find(&args.game)?;
    let (min_seeds, max_seeds) = seed_range(&args.seeds)?;
    if max_seeds > ruleset.rules.total_seeds() {
        bail!("--seeds: {} has {} seeds in all", ruleset.id, ruleset.rules.total_seeds());
    }
    let oracle = crate::ai::load_oracle(ruleset.id, args.db.as_deref())?;
    let options = Options {
        min_seeds,
        max_seeds,
        count: args.count,
        attempts: args.attempts,
        seed: args.seed,
        nodes: args.nodes,
    };
    let started = Instant::now();
    let mut prover = Prover::new(ruleset.rules, oracle.as_deref(), args.nodes);
    let mut margins = Prover::new(ruleset.rules, None, args.nodes);
    // Each puzzle is written as soon as it is found, so that a long run
    // stopped early keeps what it found.
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut written = Ok(());
    let found = generate(ruleset, &options, &mut prover, &mut margins, &mut |f| {
        if let Some(p) = f.puzzles.last() {
            if written.is_ok() {
                written = writeln!(out, "{}", p.to_json()).and_then(|()| out.flush());
            }
        }
        eprint!("\r{} puzzles from {} positions", f.puzzles.len(), f.tried);
    });
    eprintln!();
    written.context("cannot write the puzzles")?;
    let mut by_kind: BTreeMap<Kind, usize> = BTreeMap::new();
    for p in &found.puzzles {
        *by_kind.entry(p.kind).or_default() += 1;
    }
    let mut lengths: Vec<usize> = found.puzzles.iter().map(|p| p.moves.len()).collect();
    lengths.sort_unstable();
    eprintln!(
        "{}: {} puzzles from {} positions ({} not proven within the node budget) in {:.1} s{}",
        ruleset.id,
        found.puzzles.len(),
        found.tried,
        found.unproven,
        started.elapsed().as_secs_f64(),
        if oracle.is_some() { ", with the endgame database" } else { "" }
    );
    for kind in Kind::ALL.into_iter().filter(|k| k.applies(ruleset)) {
        eprintln!("  {:<20} {}", kind.name(), by_kind.get(&kind).copied().unwrap_or(0));
    }
    if let Some(median) = lengths.get(lengths.len() / 2) {
        eprintln!(
            "  median solution length: {median} plies (longest {})",
            lengths[lengths.len() - 1]
        );
    }
    Ok(())
}

fn export(args: ExportArgs) -> Result<()> {
    let ruleset = crate::find(&args.game)?;
    let kind = match &args.kind {
        Some(k) => Some(Kind::parse(k).with_context(|| {
            format!("unknown --kind {k:?}; the kinds are {}", Kind::ALL.map(Kind::slug).join(", "))
        })?),
        None => None,
    };
    let text = match &args.from {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => mancala_puzzles::bundled_text(ruleset.id).to_string(),
    };
    let puzzles = parse_collection(&text).context("not a puzzle collection")?;
    let mut out = std::io::stdout().lock();
    for puzzle in puzzles {
        if puzzle.ruleset.id != ruleset.id {
            bail!("puzzle {} is for {}, not {}", puzzle.id, puzzle.ruleset.id, ruleset.id);
        }
        if kind.is_some_and(|k| k != puzzle.kind) {
            continue;
        }
        writeln!(out, "{}", puzzle.to_json())?;
    }
    Ok(())
}
