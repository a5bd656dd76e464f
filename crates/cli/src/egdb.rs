//! `mancala egdb`: build, describe and probe endgame databases.

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_ai::egdb::cluster::{build_distributed, ClusterOptions};
use mancala_ai::egdb::{self, BuildOptions, BuildReport, Builder, Egdb, Phase};
use mancala_rules::{ruleset, Wdl};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct EgdbArgs {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand)]
enum EgdbCommand {
    /// Build a database (or finish one that was interrupted, or extend one).
    ///
    /// With -n/--processes, one process of a distributed build (timely
    /// dataflow over TCP; the retrograde builder): start the same command
    /// with each -p/--process from 0 to N-1 (scripts/egdb-cluster.sh does
    /// it on this machine). Process 0 writes the file.
    // `-h` is the host file, as in timely's own arguments: help is `--help`.
    #[command(disable_help_flag = true)]
    Build {
        /// Game id (see `mancala games`).
        #[arg(long)]
        game: String,
        /// Cover every board with up to this many seeds.
        #[arg(long)]
        seeds: u32,
        /// The file (default: egdb/GAME.egdb).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Worker threads (default: one per core; in a distributed build,
        /// per process, default 1).
        #[arg(long, short = 'w')]
        threads: Option<usize>,
        /// Layer builder: auto (retro where the rules allow it), retro (no
        /// stored moves; single-lap sowing without passes, or relay sowing
        /// as in Anywoli) or edges (stores every quiet move; any rules).
        /// The files are the same.
        #[arg(long, default_value = "auto", value_parser = parse_builder)]
        builder: Builder,
        /// Distributed build: the number of processes (timely's -n).
        #[arg(short = 'n', long)]
        processes: Option<usize>,
        /// Distributed build: this process's index, 0 to N-1 (timely's -p;
        /// default 0).
        #[arg(short = 'p', long, requires = "processes")]
        process: Option<usize>,
        /// Distributed build: a file with every process's host:port, one a
        /// line, in process order (timely's -h; default: localhost:2101,
        /// localhost:2102, ...).
        #[arg(short = 'h', long, requires = "processes")]
        hostfile: Option<PathBuf>,
        /// Distributed build: print timely's connection progress (-r).
        #[arg(short = 'r', long, requires = "processes")]
        report: bool,
        /// Distributed build: give up (exit 2) if the processes are not all
        /// connected after this many seconds.
        #[arg(long, default_value_t = 60.0, requires = "processes")]
        connect_timeout: f64,
        /// Print help.
        #[arg(long, action = clap::ArgAction::Help)]
        help: Option<bool>,
    },
    /// Describe a database file: its rules, layers and counts.
    Info {
        /// The database file.
        path: PathBuf,
    },
    /// Check a database: its checksums, then random boards of every layer
    /// (each side to move, every split of the captured seeds) against the
    /// rules engine: each stored value must be what the position's moves
    /// give, the children read from the database. Exits 1 on a mismatch.
    Verify {
        /// The database file.
        path: PathBuf,
        /// Check this position (the one-line notation) instead of random
        /// boards: its stored value and each child's against their moves.
        /// Repeat it for several. Exits 1 on a mismatch, and on a position
        /// the database does not hold.
        #[arg(long, value_name = "POSITION")]
        from: Vec<String>,
        /// Boards to check in each layer.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        boards: u64,
        /// Only the layer with this many seeds on the board.
        #[arg(long)]
        layer: Option<u32>,
        /// The boards' random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Look a position up.
    Probe {
        /// Game id.
        #[arg(long)]
        game: String,
        /// The position, in the one-line notation.
        #[arg(long)]
        from: String,
        /// The database file (default: egdb/GAME.egdb).
        #[arg(long)]
        db: Option<PathBuf>,
    },
}

pub fn run(args: EgdbArgs) -> Result<()> {
    match args.command {
        EgdbCommand::Build {
            game,
            seeds,
            out,
            threads,
            builder,
            processes: Some(processes),
            process,
            hostfile,
            report,
            connect_timeout,
            ..
        } => {
            let cluster = Cluster { processes, process, hostfile, report, connect_timeout };
            build_cluster(&game, seeds, out, threads, builder, cluster)
        }
        EgdbCommand::Build { game, seeds, out, threads, builder, .. } => {
            build(&game, seeds, out, threads, builder)
        }
        EgdbCommand::Info { path } => info(&path),
        EgdbCommand::Verify { path, from, .. } if !from.is_empty() => {
            verify_positions(&path, &from)
        }
        EgdbCommand::Verify { path, boards, layer, seed, .. } => verify(&path, boards, layer, seed),
        EgdbCommand::Probe { game, from, db } => probe(&game, &from, db),
    }
}

fn parse_builder(text: &str) -> std::result::Result<Builder, String> {
    match text {
        "auto" => Ok(Builder::Auto),
        "retro" => Ok(Builder::Retro),
        "edges" => Ok(Builder::Edges),
        _ => Err(format!("unknown builder '{text}'; expected auto, retro or edges")),
    }
}

fn build(
    game: &str,
    seeds: u32,
    out: Option<PathBuf>,
    threads: Option<usize>,
    builder: Builder,
) -> Result<()> {
    let ruleset = ruleset(game)?;
    let path = out.unwrap_or_else(|| egdb::default_path(ruleset.id));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut options = BuildOptions { max_seeds: seeds, builder, ..BuildOptions::default() };
    if let Some(t) = threads {
        if t == 0 {
            bail!("--threads must be at least 1");
        }
        options.threads = t;
    }
    eprintln!(
        "building {} ({} seeds at most, {} thread(s), {}) into {}",
        ruleset.id,
        seeds,
        options.threads,
        // `auto` may change builder with the layer (relay sowing: retrograde
        // where un-sowing is exact, edges above).
        match (
            builder.resolve_layer(&ruleset.rules, 0),
            builder.resolve_layer(&ruleset.rules, seeds)
        ) {
            (Builder::Retro, Builder::Retro) => "retrograde builder".to_string(),
            (Builder::Retro, _) => {
                let last = (0..=seeds)
                    .take_while(|&n| builder.resolve_layer(&ruleset.rules, n) == Builder::Retro)
                    .last()
                    .unwrap_or(0);
                format!("retrograde builder to {last} seeds, edges builder above")
            }
            _ => "edges builder".to_string(),
        },
        path.display()
    );
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>12} {msg:<10} [{bar:30}] {human_pos}/{human_len} ({per_sec}, {eta})",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let mut current = None;
    // User CPU seconds of the process when each layer started.
    let mut cpu_at: Vec<(u32, f64)> = Vec::new();
    // Without a terminal (a build run in the background with its output in
    // a log) the bar is hidden: a line a layer says how far it got.
    let log_layers = !std::io::stderr().is_terminal();
    let started = std::time::Instant::now();
    let report = egdb::build(ruleset, &path, &options, &mut |p| {
        if !matches!(cpu_at.last(), Some(&(n, _)) if n == p.seeds) {
            if log_layers {
                eprintln!(
                    "layer {}/{} started after {:.0} s ({:.0} CPU s)",
                    p.seeds,
                    p.max_seeds,
                    started.elapsed().as_secs_f64(),
                    user_cpu_seconds().unwrap_or(0.0)
                );
            }
            if let Some(cpu) = user_cpu_seconds() {
                cpu_at.push((p.seeds, cpu));
            }
        }
        if current != Some((p.seeds, p.phase)) {
            current = Some((p.seeds, p.phase));
            bar.reset();
            bar.set_prefix(format!("layer {}/{}", p.seeds, p.max_seeds));
            bar.set_message(match p.phase {
                Phase::Moves => "moves".to_string(),
                Phase::Sweep(k) => format!("sweep {k}"),
                Phase::Count => "count".to_string(),
            });
        }
        bar.set_length(p.total.max(1));
        bar.set_position(p.done);
    });
    bar.finish_and_clear();
    let report = report.with_context(|| format!("building {}", path.display()))?;
    // Each layer's CPU time: from its start to the next one's (or the end).
    if let Some(end) = user_cpu_seconds() {
        cpu_at.push((u32::MAX, end));
    }
    let cpu: Vec<(u32, f64)> = cpu_at.windows(2).map(|w| (w[0].0, w[1].1 - w[0].1)).collect();
    print_report(&report, &path, options.threads, &cpu);
    Ok(())
}

/// A distributed build's process: `egdb build -n N -p P -h FILE`.
struct Cluster {
    processes: usize,
    process: Option<usize>,
    hostfile: Option<PathBuf>,
    report: bool,
    connect_timeout: f64,
}

fn build_cluster(
    game: &str,
    seeds: u32,
    out: Option<PathBuf>,
    threads: Option<usize>,
    builder: Builder,
    cluster: Cluster,
) -> Result<()> {
    let ruleset = ruleset(game)?;
    if builder == Builder::Edges {
        bail!("a distributed build (-n/--processes) uses the retrograde builder; drop --builder edges");
    }
    if !(cluster.connect_timeout > 0.0 && cluster.connect_timeout.is_finite()) {
        bail!("--connect-timeout must be a positive number of seconds");
    }
    let me = cluster.process.unwrap_or(0);
    let mut options = ClusterOptions::new(cluster.processes, me, cluster.hostfile.as_deref())?;
    options.report = cluster.report;
    options.connect_timeout = std::time::Duration::from_secs_f64(cluster.connect_timeout);
    let path = out.unwrap_or_else(|| egdb::default_path(ruleset.id));
    if me == 0 {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
    }
    let threads = match threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(t) => t,
        None => 1,
    };
    let build_options = BuildOptions {
        max_seeds: seeds,
        threads,
        builder: Builder::Retro,
        ..BuildOptions::default()
    };
    let processes = cluster.processes;
    eprintln!(
        "process {me} of {processes}: building {} ({seeds} seeds at most, {threads} thread(s), \
         distributed retrograde builder){}",
        ruleset.id,
        if me == 0 { format!(" into {}", path.display()) } else { String::new() }
    );
    let started = std::time::Instant::now();
    let progress = std::sync::Arc::new(move |line: &str| {
        eprintln!("process {me}: {:.1} s: {line}", started.elapsed().as_secs_f64());
    });
    let report = build_distributed(ruleset, &path, &build_options, &options, progress)
        .with_context(|| {
            format!("distributed build of {} (process {me} of {processes})", ruleset.id)
        })?;
    if let Some(build) = &report.build {
        // The file's layers; the CPU time is per process (below), not the
        // build's, so it is left out here.
        print_report(build, &path, threads, &[]);
    }
    println!("process {me} of {processes}: its share of each layer computed");
    println!(
        "{:>5} {:>12} {:>12} {:>6} {:>9} {:>9} {:>9} {:>14} {:>14} {:>14} {:>10}",
        "seeds",
        "positions",
        "owned",
        "sweeps",
        "seconds",
        "cpu s",
        "sys s",
        "owned/cpu s",
        "bytes sent",
        "bytes recvd",
        "peak MiB"
    );
    for l in &report.layers {
        println!(
            "{:>5} {:>12} {:>12} {:>6} {:>9.2} {:>9.2} {:>9.2} {:>14} {:>14} {:>14} {:>10.1}",
            l.seeds,
            l.positions,
            l.owned,
            l.sweeps,
            l.seconds,
            l.cpu_seconds,
            l.sys_seconds,
            if l.cpu_seconds >= 0.1 {
                format!("{:.0}", l.owned as f64 / l.cpu_seconds)
            } else {
                "-".to_string()
            },
            l.bytes_sent,
            l.bytes_received,
            mib(l.peak_rss)
        );
    }
    Ok(())
}

/// The process's user CPU time so far, from `/proc/self/stat` (Linux; the
/// kernel counts it in ticks of 1/100 s); `None` elsewhere.
fn user_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces), from field 3;
    // utime is field 14.
    let rest = &stat[stat.rfind(')')? + 1..];
    let ticks: u64 = rest.split_whitespace().nth(11)?.parse().ok()?;
    Some(ticks as f64 / 100.0)
}

fn print_report(report: &BuildReport, path: &Path, threads: usize, cpu: &[(u32, f64)]) {
    if !report.discarded.is_empty() {
        println!("layers found damaged or cut short and computed again: {:?}", report.discarded);
    }
    let stalls = report.layers.iter().any(|l| l.inexact.is_some());
    println!(
        "{:>5} {:>12} {:>9} {:>9} {:>12} {:>6} {:>6} {:>9} {:>14} {:>14} {:>14}{}",
        "seeds",
        "positions",
        "seconds",
        "cpu s",
        "covered/s",
        "sweeps",
        "quiet",
        "revisits",
        "win",
        "loss",
        "unresolved",
        if stalls { format!(" {:>14}", "inexact") } else { String::new() }
    );
    let mut positions = 0;
    let mut covers = 0;
    let mut seconds = 0.0;
    for l in &report.layers {
        let cpu_s = cpu
            .iter()
            .find(|&&(n, _)| n == l.seeds && l.computed)
            .map_or("-".to_string(), |&(_, c)| format!("{c:.2}"));
        let (secs, rate) = if l.computed {
            positions += l.positions;
            covers += l.covers;
            seconds += l.seconds;
            (format!("{:.2}", l.seconds), format!("{:.0}", l.covers as f64 / l.seconds.max(1e-9)))
        } else {
            ("reused".to_string(), "-".to_string())
        };
        // Positions computed again after the first sweep, per position.
        let revisits = if l.computed && l.positions > 0 {
            format!("{:.2}", l.revisits as f64 / l.positions as f64)
        } else {
            "-".to_string()
        };
        let inexact = match (stalls, l.inexact) {
            (false, _) => String::new(),
            (true, Some(x)) => format!(" {x:>14}"),
            (true, None) => format!(" {:>14}", "-"),
        };
        println!(
            "{:>5} {:>12} {:>9} {:>9} {:>12} {:>6} {:>6} {:>9} {:>14} {:>14} {:>14}{}",
            l.seeds,
            l.positions,
            secs,
            cpu_s,
            rate,
            l.sweeps,
            l.quiet_bound,
            revisits,
            l.win,
            l.loss,
            l.unresolved,
            inexact
        );
    }
    // Rates count the positions covered (every board, either side to
    // move), as before one side was stored for side-symmetric rules.
    let rate = covers as f64 / seconds.max(1e-9);
    println!(
        "computed {} position(s), covering {} with either side to move, in {:.1} s: {:.0} \
         covered positions/s, {:.0} per thread ({} threads); total time {:.1} s",
        positions,
        covers,
        seconds,
        rate,
        rate / threads as f64,
        threads,
        report.seconds
    );
    let cpu_total: f64 = cpu.iter().map(|&(_, c)| c).sum();
    if cpu_total > 0.0 {
        println!(
            "user CPU time {:.1} s: {:.0} covered positions per CPU-second",
            cpu_total,
            covers as f64 / cpu_total
        );
    }
    println!("{}: {} bytes ({:.1} MiB)", path.display(), report.file_size, mib(report.file_size));
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn verify(path: &Path, boards: u64, only: Option<u32>, seed: u64) -> Result<()> {
    let db = Egdb::open_any(path).with_context(|| format!("opening {}", path.display()))?;
    db.verify().with_context(|| format!("checking {}", path.display()))?;
    let max = db.max_seeds().context("the database holds no layer")?;
    if let Some(n) = only {
        if n > max {
            bail!("--layer {n}: {} holds layers 0 to {max}", path.display());
        }
    }
    println!("{}: {}, layers 0 to {max}; checksums match", path.display(), db.ruleset().id);
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut values, mut bad) = (0u64, 0u64);
    for seeds in 0..=max {
        if only.is_some_and(|n| n != seeds) {
            continue;
        }
        let started = std::time::Instant::now();
        let check = egdb::check::check_layer(&db, seeds, boards, &mut rng);
        if check.boards == 0 {
            continue;
        }
        values += check.values;
        bad += check.mismatch_count;
        println!(
            "layer {seeds:>2}: {} boards, {} values, {} in {:.1} s",
            check.boards,
            check.values,
            agreement(check.mismatch_count),
            started.elapsed().as_secs_f64()
        );
        for m in &check.mismatches {
            println!("  {m}");
        }
    }
    verdict(bad, values)
}

/// `egdb verify --from`: each named position's stored value, and its
/// children's, against their moves.
fn verify_positions(path: &Path, positions: &[String]) -> Result<()> {
    let db = Egdb::open_any(path).with_context(|| format!("opening {}", path.display()))?;
    db.verify().with_context(|| format!("checking {}", path.display()))?;
    let rules = db.ruleset().rules;
    let max = db.max_seeds().map_or("none".to_string(), |m| format!("0 to {m}"));
    println!("{}: {}, layers {max}; checksums match", path.display(), db.ruleset().id);
    let (mut values, mut bad) = (0u64, 0u64);
    for text in positions {
        let pos = rules
            .parse_position(text)
            .with_context(|| format!("--from {text:?} is not a {} position", db.ruleset().id))?;
        let Some(check) = egdb::check::check_position(&db, &pos) else {
            bail!(
                "--from {text:?}: {} does not hold it (the game is over there, or its {} seeds \
                 on the board are more than its layers {max})",
                path.display(),
                pos.board_seeds()
            );
        };
        values += check.values;
        bad += check.mismatches.len() as u64;
        let side = pos.to_move();
        let stored = match check.stored {
            Some(Wdl::Win) => format!("{side} (to move) can force a win"),
            Some(Wdl::Loss) => format!("{side} (to move) loses"),
            _ if egdb::unresolved_is_draw(&rules) => "draw".to_string(),
            _ => "unresolved (neither side can force a win by ending the game)".to_string(),
        };
        println!(
            "{pos}: stored {stored}; {} values (it and its children), {}",
            check.values,
            agreement(check.mismatches.len() as u64)
        );
        for m in &check.mismatches {
            println!("  {m}");
        }
    }
    verdict(bad, values)
}

/// How many of a check's values disagree, in words.
fn agreement(mismatches: u64) -> String {
    if mismatches == 0 {
        "all agree with their moves".to_string()
    } else {
        format!("{mismatches} DISAGREE")
    }
}

/// A check's last line, or its error when any value disagreed.
fn verdict(bad: u64, values: u64) -> Result<()> {
    if bad > 0 {
        bail!("{bad} of {values} values disagree with the rules engine");
    }
    println!("verified: {values} values, each what its moves give");
    Ok(())
}

fn info(path: &Path) -> Result<()> {
    let db = Egdb::open_any(path).with_context(|| format!("opening {}", path.display()))?;
    // Opening maps the file and reads only its header; the layers'
    // checksums are checked here, reading the whole file.
    db.verify().with_context(|| format!("checking {}", path.display()))?;
    let r = db.ruleset();
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    println!("file:        {} ({} bytes, {:.1} MiB)", path.display(), size, mib(size));
    let bounds = db.position_bounds(0).is_some();
    println!(
        "format:      version {} ({}; {})",
        db.format_version(),
        if bounds {
            "3 bytes a position: thresholds and quiet-move bound"
        } else {
            "2 bytes a position: thresholds"
        },
        if db.sides_stored() == 1 {
            "South to move stored, North to move read as the mirror"
        } else {
            "both sides to move stored"
        }
    );
    println!("checksums:   every layer's data matches its checksum");
    println!("game:        {} ({}), rules version {}", r.id, r.name, r.version);
    println!(
        "board:       {} pits a row, {} seeds; positions with 0 to {} seeds on the board",
        r.rules.pits_per_row,
        r.rules.total_seeds(),
        db.max_seeds().map_or("-".to_string(), |n| n.to_string())
    );
    println!(
        "unresolved:  {}",
        if egdb::unresolved_is_draw(&r.rules) {
            "a draw (every cycle is a draw in these rules)"
        } else {
            "the result depends on how the seeds circulate"
        }
    );
    println!(
        "{:>5} {:>12} {:>6} {:>6} {:>14} {:>14} {:>14} {:>16}",
        "seeds", "positions", "sweeps", "quiet", "win", "loss", "unresolved", "checksum"
    );
    for (n, e) in db.layers().iter().enumerate() {
        println!(
            "{:>5} {:>12} {:>6} {:>6} {:>14} {:>14} {:>14} {:>16x}",
            n,
            e.positions,
            e.sweeps,
            db.quiet_bound(n as u32).unwrap_or(0),
            e.win,
            e.loss,
            e.unresolved,
            e.checksum
        );
    }
    if let mancala_rules::Stall::QuietMoves(limit) = r.rules.stall {
        let held = |n: &usize| db.layers()[*n].positions > 0;
        let not: Vec<String> = (0..db.layers().len())
            .filter(|n| held(n) && !db.carries_exactness(*n as u32))
            .map(|n| n.to_string())
            .collect();
        let what = if not.is_empty() {
            "every layer: a forced result is exact wherever its own forcing line fits in what \
             the stall count leaves"
                .to_string()
        } else {
            format!(
                "not in layer(s) {}: a lower layer holds forcing lines of {limit} quiet moves or \
                 more, which these layers were computed from as they are; proofs do not use \
                 them, play does where the line fits (a file built again carries it)",
                not.join(", ")
            )
        };
        println!("exactness:   {what}");
    }
    if bounds {
        // How long the forcing lines' quiet stretches are, by position.
        let edges = [0u32, 50, 100, 150, 200, 255];
        println!("positions by quiet-move bound (255: 255 or more):");
        println!(
            "{:>5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}",
            "seeds", "0-49", "50-99", "100-149", "150-199", "200-254", "255"
        );
        for n in 0..db.layers().len() as u32 {
            let Some(b) = db.position_bounds(n).filter(|b| !b.is_empty()) else { continue };
            let mut counts = [0u64; 6];
            for &x in b {
                counts[edges.iter().rposition(|&e| x as u32 >= e).unwrap_or(0)] += 1;
            }
            println!(
                "{:>5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12}",
                n, counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]
            );
        }
    }
    Ok(())
}

fn probe(game: &str, from: &str, db: Option<PathBuf>) -> Result<()> {
    let ruleset = ruleset(game)?;
    let pos = ruleset.rules.parse_position(from)?;
    let path = db.unwrap_or_else(|| egdb::default_path(ruleset.id));
    let db = Egdb::open(&path, ruleset).with_context(|| format!("opening {}", path.display()))?;
    if pos.is_over() {
        bail!("the game is already over in this position");
    }
    let n = pos.board_seeds();
    let Some(probe) = db.probe(&pos) else {
        bail!(
            "{n} seeds on the board; the database covers at most {}",
            db.max_seeds().map_or("none".to_string(), |m| m.to_string())
        );
    };
    let side = pos.to_move();
    let what = match (probe.value, probe.result) {
        (Wdl::Win, _) => format!("{side} (to move) can force a win"),
        (Wdl::Loss, _) => format!("{side} (to move) loses: the opponent can force a win"),
        (Wdl::Draw, Some(Wdl::Draw)) => {
            "draw: neither side can force a win (the seeds circulate)".to_string()
        }
        (Wdl::Draw, _) => "unresolved: neither side can force a win by play that ends \
             the game; the result depends on how the seeds circulate"
            .to_string(),
    };
    println!("{pos}");
    println!("{what}");
    let m = ruleset.rules.total_seeds() - n;
    let never = |t: u8| t as u32 > m;
    let win = if never(probe.win) {
        format!("{side} cannot force a win with any number of seeds captured")
    } else {
        format!("{side} forces a win with {}+ of the {m} captured seeds", probe.win)
    };
    let lose = if never(probe.lose) {
        "the opponent cannot force a win with any number".to_string()
    } else {
        format!("the opponent forces a win with {}+", probe.lose)
    };
    println!("thresholds: {win}; {lose}");
    if probe.result.is_some() && ruleset.rules.stall != mancala_rules::Stall::None {
        println!(
            "the forcing line reaches a capture or the end within {} moves ({} made since \
             the last capture)",
            probe.bound,
            pos.quiet_moves()
        );
    }
    if probe.result.is_some() && !probe.exact {
        println!(
            "note: the stall rule could cut the forcing line short (here, or after a capture)"
        );
    }
    println!("(for the position with no repetition history)");
    Ok(())
}
