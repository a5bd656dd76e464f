//! `mancala tune`: learn the evaluation's tables from games
//! (mancala_ai::tune; docs/ai.md, "The learned evaluation").

use anyhow::{bail, Context, Result};
use mancala_ai::tune::{self, FitOptions, PlayOptions, Sample};
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: TuneCommand,
}

#[derive(clap::Subcommand)]
enum TuneCommand {
    /// Play games of the engine against itself and write every position
    /// with the result its mover went on to get, one a line (an empty line
    /// after each game).
    Play {
        #[arg(long)]
        game: String,
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Nodes a move's search may visit.
        #[arg(long, default_value_t = 10_000)]
        nodes: u64,
        /// Random moves at the start of each game, e.g. `2-10`.
        #[arg(long, default_value = "2-10", value_parser = parse_range)]
        random_plies: (u32, u32),
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Where the positions go (appended to if it exists).
        #[arg(long)]
        out: PathBuf,
    },
    /// Learn the tables from positions written by `play` and write them as
    /// Rust source (crates/ai/src/eval/weights/).
    Fit {
        #[arg(long)]
        game: String,
        /// Files written by `tune play`.
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
        /// The Rust name of the weights (e.g. OWARE_ABAPA).
        #[arg(long)]
        name: String,
        #[arg(long, default_value_t = 40)]
        epochs: usize,
        #[arg(long, default_value_t = 1e-6)]
        l2: f32,
        #[arg(long, default_value_t = 1e-5)]
        smooth: f32,
        /// How the data was made, recorded in the source.
        #[arg(long, default_value = "")]
        source: String,
    },
}

fn parse_range(text: &str) -> Result<(u32, u32), String> {
    let bad =
        || format!("`{text}` is not a range like 2-10 (two whole numbers, the first not larger)");
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b): (u32, u32) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

pub fn run(args: TuneArgs) -> Result<()> {
    match args.command {
        TuneCommand::Play { game, games, nodes, random_plies, seed, threads, out } => {
            let ruleset = crate::find(&game)?;
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&out)
                .with_context(|| format!("cannot write {}", out.display()))?;
            let mut out_file = BufWriter::new(file);
            let options = PlayOptions { games, nodes, random_plies, seed, threads };
            let started = std::time::Instant::now();
            let (mut done, mut positions) = (0usize, 0usize);
            let mut failed = None;
            tune::self_play(ruleset.rules, &options, &mut |samples| {
                done += 1;
                positions += samples.len();
                // A game's positions, then an empty line.
                for s in &samples {
                    if let Err(e) = writeln!(out_file, "{}", tune::sample_line(s)) {
                        failed.get_or_insert(e);
                    }
                }
                if let Err(e) = writeln!(out_file) {
                    failed.get_or_insert(e);
                }
                if done % 100 == 0 {
                    eprintln!(
                        "{done} games, {positions} positions, {:.0} s",
                        started.elapsed().as_secs_f64()
                    );
                }
            });
            out_file.flush()?;
            if let Some(e) = failed {
                bail!("writing {}: {e}", out.display());
            }
            println!(
                "{done} games, {positions} positions in {:.0} s -> {}",
                started.elapsed().as_secs_f64(),
                out.display()
            );
            Ok(())
        }
        TuneCommand::Fit { game, data, out, name, epochs, l2, smooth, source } => {
            let ruleset = crate::find(&game)?;
            let rules = ruleset.rules;
            let (mut train, mut held): (Vec<Sample>, Vec<Sample>) = (Vec::new(), Vec::new());
            for path in &data {
                let file = std::fs::File::open(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                // A game's positions stay together (games end with an empty
                // line): every tenth game is held out.
                let mut game_index = 0usize;
                for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
                    let line = line?;
                    if line.trim().is_empty() {
                        game_index += 1;
                        continue;
                    }
                    let sample = tune::parse_sample(&rules, &line)
                        .map_err(|e| anyhow::anyhow!("{} line {}: {e}", path.display(), i + 1))?;
                    if game_index % 10 == 9 {
                        held.push(sample);
                    } else {
                        train.push(sample);
                    }
                }
            }
            if train.is_empty() {
                bail!("no positions in the data files");
            }
            println!("{} positions to learn from, {} held out", train.len(), held.len());
            let options = FitOptions { epochs, l2, smooth, ..FitOptions::default() };
            let fitted = tune::fit(&rules, &train, &held, &options);
            println!(
                "cross-entropy: material alone {:.4} (held out {:.4}); learned {:.4} (held out {:.4})",
                fitted.loss_material, fitted.held_out_material, fitted.loss, fitted.held_out
            );
            println!("a captured seed: {:.4} logits", fitted.captured);
            let text = fitted.to_source(&name, ruleset.id, &source).map_err(anyhow::Error::msg)?;
            std::fs::write(&out, text)
                .with_context(|| format!("cannot write {}", out.display()))?;
            println!("-> {}", out.display());
            Ok(())
        }
    }
}
