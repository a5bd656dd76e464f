//! Learning the evaluation's tables ([`crate::eval::learned`]) from games.
//!
//! Two steps, each a `mancala tune` subcommand:
//!
//! 1. [`self_play`]: games of the engine against itself from random
//!    openings, every position after the opening kept with the game's
//!    result for its player to move (1 won, 0.5 drawn, 0 lost).
//! 2. [`fit`]: logistic regression of those results on the tables'
//!    features ([`Features`]): the chance to win is modelled as
//!    `1 / (1 + e^-z)`, `z` a weighted sum of the captured difference, the
//!    move, the empty opponent row and one value per pit and seed count for
//!    a full and an empty board, blended by the seeds on the board. The
//!    weights minimise the cross-entropy, with a small penalty on their size
//!    and on the difference between neighbouring seed counts (so that rare
//!    counts borrow from common ones). Scaled so that a captured seed is
//!    worth 10 (tenths of a seed), they are the evaluation's tables:
//!    [`Fitted::to_source`] writes them as the Rust source of a
//!    [`crate::eval::learned::Learned`].
//!
//! The method is the one chess programmers call Texel tuning, with the
//! evaluation's own features; docs/ai.md has the commands that made the
//! shipped tables and what they gained.

use crate::eval::learned::{has_threats, Features, BINS, THREATS};
use crate::search::{Limits, Searcher};
use mancala_rules::{Game, Position, Rules, Side, Wdl};

/// One position and the result its player to move went on to get.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub pos: Position,
    /// 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
}

/// How the games of [`self_play`] are played.
#[derive(Clone, Copy, Debug)]
pub struct PlayOptions {
    pub games: usize,
    /// Nodes each move's search may visit.
    pub nodes: u64,
    /// Random moves at the start of each game: from the first to the second
    /// number, inclusive, uniformly.
    pub random_plies: (u32, u32),
    pub seed: u64,
    pub threads: usize,
}

/// Plays `options.games` games and hands each game's samples to `sink` as
/// it ends (games in any order; the same options give the same games).
pub fn self_play(rules: Rules, options: &PlayOptions, sink: &mut dyn FnMut(Vec<Sample>)) {
    let threads = options.threads.max(1);
    let (tx, rx) = std::sync::mpsc::channel::<Vec<Sample>>();
    std::thread::scope(|scope| {
        for t in 0..threads {
            let tx = tx.clone();
            scope.spawn(move || {
                let mut searcher = Searcher::with_table(rules, 16);
                let mut g = t;
                while g < options.games {
                    let seed = options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g as u64;
                    let samples = play_one(rules, options, seed, &mut searcher);
                    if tx.send(samples).is_err() {
                        return;
                    }
                    g += threads;
                }
            });
        }
        drop(tx);
        for samples in rx {
            sink(samples);
        }
    });
}

fn play_one(
    rules: Rules,
    options: &PlayOptions,
    seed: u64,
    searcher: &mut Searcher,
) -> Vec<Sample> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (lo, hi) = options.random_plies;
    let random = rng.u32(lo..=hi.max(lo));
    let mut game = Game::new(rules).with_lot_seed(rng.u64(..));
    for _ in 0..random {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pit = legal.nth(rng.usize(..legal.len())).expect("a legal move");
        game.play(pit).expect("a legal move");
    }
    searcher.clear();
    let mut kept = Vec::new();
    let mut guard = 0;
    while !game.is_over() && guard < 2_000 {
        guard += 1;
        kept.push(*game.position());
        let report = searcher.search(&game, Limits::nodes(options.nodes));
        let Some(pit) = report.best else { break };
        if game.play(pit).is_err() {
            break;
        }
    }
    if !game.is_over() {
        return Vec::new();
    }
    let winner = rules.winner_of(game.position());
    kept.into_iter().map(|pos| Sample { pos, result: result_for(winner, pos.to_move()) }).collect()
}

fn result_for(winner: Option<Side>, side: Side) -> f32 {
    match Wdl::for_side(winner, side) {
        Wdl::Win => 1.0,
        Wdl::Draw => 0.5,
        Wdl::Loss => 0.0,
    }
}

/// A sample as one line of text: the position's notation, then the result.
pub fn sample_line(sample: &Sample) -> String {
    format!("{} {}", sample.pos, sample.result)
}

/// Reads [`sample_line`]'s line back.
pub fn parse_sample(rules: &Rules, line: &str) -> Result<Sample, String> {
    let (pos, result) = line
        .trim()
        .rsplit_once(' ')
        .ok_or_else(|| format!("expected a position and a result (1, 0.5 or 0), got `{line}`"))?;
    let result: f32 = match result {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("the result `{other}` is not 1, 0.5 or 0")),
    };
    let pos = rules.parse_position(pos).map_err(|e| format!("`{pos}`: {e}"))?;
    Ok(Sample { pos, result })
}

/// How [`fit`] learns.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Passes over the samples.
    pub epochs: usize,
    /// Penalty on the squared pit values (in the logistic model's units).
    pub l2: f32,
    /// Penalty on the squared difference of neighbouring seed counts.
    pub smooth: f32,
    /// Adam's step size.
    pub rate: f32,
    pub seed: u64,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions { epochs: 40, l2: 1e-6, smooth: 1e-5, rate: 0.01, seed: 1 }
    }
}

/// What [`fit`] learnt, in the logistic model's units (logits).
#[derive(Clone, Debug)]
pub struct Fitted {
    pub pits: usize,
    pub captured: f32,
    pub tempo: f32,
    pub empty_opponent: f32,
    pub full: Vec<[f32; BINS]>,
    pub empty: Vec<[f32; BINS]>,
    /// The threats' values (empty where the rules have none).
    pub mover_threat: Vec<f32>,
    pub opponent_threat: Vec<f32>,
    /// The mean cross-entropy on the training samples with the captured
    /// difference alone (fitted), and with everything.
    pub loss_material: f64,
    pub loss: f64,
    /// The same on the held-out samples (every tenth game's positions are
    /// not trained on).
    pub held_out_material: f64,
    pub held_out: f64,
}

struct Row {
    bins: [u8; 24],
    pits: u8,
    full: f32,
    captured: f32,
    empty_opponent: f32,
    threats: [u8; 2],
    target: f32,
}

fn rows(rules: &Rules, samples: &[Sample]) -> Vec<Row> {
    samples
        .iter()
        .map(|s| {
            let f = Features::of(rules, &s.pos);
            let mut bins = [0u8; 24];
            bins[..f.pits as usize].copy_from_slice(&f.bins[..f.pits as usize]);
            Row {
                bins,
                pits: f.pits,
                full: f.full,
                captured: f.captured as f32,
                empty_opponent: f.empty_opponent as u8 as f32,
                threats: [f.threats[0].min(THREATS as u8 - 1), f.threats[1].min(THREATS as u8 - 1)],
                target: s.result,
            }
        })
        .collect()
}

/// The parameters as one vector: captured, tempo, empty opponent, then the
/// full board's table, then the empty board's, then (where the rules have
/// threats) the mover's threats' and the opponent's.
struct Model {
    pits: usize,
    threats: bool,
    w: Vec<f32>,
}

impl Model {
    fn new(pits: usize, threats: bool) -> Model {
        let len = 3 + 2 * pits * BINS + if threats { 2 * THREATS } else { 0 };
        Model { pits, threats, w: vec![0.0; len] }
    }
    fn threat(&self, who: usize, t: u8) -> usize {
        3 + 2 * self.pits * BINS + who * THREATS + t as usize
    }
    fn full(&self, pit: usize, bin: usize) -> usize {
        3 + pit * BINS + bin
    }
    fn empty(&self, pit: usize, bin: usize) -> usize {
        3 + (self.pits + pit) * BINS + bin
    }
    fn z(&self, r: &Row) -> f32 {
        let w = &self.w;
        let mut z = w[0] * r.captured + w[1] + w[2] * r.empty_opponent;
        for p in 0..r.pits as usize {
            let b = r.bins[p] as usize;
            z += r.full * w[self.full(p, b)] + (1.0 - r.full) * w[self.empty(p, b)];
        }
        if self.threats {
            z += w[self.threat(0, r.threats[0])] + w[self.threat(1, r.threats[1])];
        }
        z
    }
}

fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

fn cross_entropy(p: f32, y: f32) -> f64 {
    let p = (p as f64).clamp(1e-7, 1.0 - 1e-7);
    let y = y as f64;
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Learns the tables from `train` (and reports the loss on `held_out`).
pub fn fit(rules: &Rules, train: &[Sample], held_out: &[Sample], options: &FitOptions) -> Fitted {
    let pits = 2 * rules.pits_per_row as usize;
    let data = rows(rules, train);
    let test = rows(rules, held_out);
    let mut model = Model::new(pits, has_threats(rules));
    let n = model.w.len();
    let (mut m, mut v) = (vec![0.0f32; n], vec![0.0f32; n]);
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut order: Vec<usize> = (0..data.len()).collect();
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let batch = 4096;
    let mut step = 0i32;
    let mut grad = vec![0.0f32; n];
    // Material alone first: the captured weight's starting point.
    let material = |w0: f32, rows: &[Row]| -> f64 {
        rows.iter().map(|r| cross_entropy(sigmoid(w0 * r.captured), r.target)).sum::<f64>()
            / rows.len().max(1) as f64
    };
    let mut w0 = 0.1f32;
    for _ in 0..200 {
        let (mut g, mut h) = (0.0f64, 0.0f64);
        for r in &data {
            let p = sigmoid(w0 * r.captured);
            g += ((p - r.target) * r.captured) as f64;
            h += (p * (1.0 - p) * r.captured * r.captured) as f64;
        }
        if h <= 0.0 {
            break;
        }
        w0 -= (g / h) as f32;
    }
    let loss_material = material(w0, &data);
    let held_out_material = material(w0, &test);
    model.w[0] = w0;
    for _ in 0..options.epochs {
        rng.shuffle(&mut order);
        for chunk in order.chunks(batch) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in chunk {
                let r = &data[i];
                let e = sigmoid(model.z(r)) - r.target;
                grad[0] += e * r.captured;
                grad[1] += e;
                grad[2] += e * r.empty_opponent;
                for p in 0..r.pits as usize {
                    let b = r.bins[p] as usize;
                    grad[model.full(p, b)] += e * r.full;
                    grad[model.empty(p, b)] += e * (1.0 - r.full);
                }
                if model.threats {
                    grad[model.threat(0, r.threats[0])] += e;
                    grad[model.threat(1, r.threats[1])] += e;
                }
            }
            let scale = 1.0 / chunk.len() as f32;
            grad.iter_mut().for_each(|g| *g *= scale);
            // Penalties on the tables: size, and neighbouring counts apart.
            for table in 0..2 {
                for p in 0..pits {
                    let at = |b: usize| 3 + (table * pits + p) * BINS + b;
                    for b in 0..BINS {
                        grad[at(b)] += 2.0 * options.l2 * model.w[at(b)];
                        if b + 1 < BINS {
                            let d = model.w[at(b + 1)] - model.w[at(b)];
                            grad[at(b + 1)] += 2.0 * options.smooth * d;
                            grad[at(b)] -= 2.0 * options.smooth * d;
                        }
                    }
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for k in 0..n {
                m[k] = beta1 * m[k] + (1.0 - beta1) * grad[k];
                v[k] = beta2 * v[k] + (1.0 - beta2) * grad[k] * grad[k];
                model.w[k] -= options.rate * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
            }
        }
    }
    let loss = |rows: &[Row]| -> f64 {
        rows.iter().map(|r| cross_entropy(sigmoid(model.z(r)), r.target)).sum::<f64>()
            / rows.len().max(1) as f64
    };
    let table = |t: usize| -> Vec<[f32; BINS]> {
        (0..pits).map(|p| std::array::from_fn(|b| model.w[3 + (t * pits + p) * BINS + b])).collect()
    };
    let threat_table = |who: usize| -> Vec<f32> {
        if model.threats {
            (0..THREATS).map(|t| model.w[model.threat(who, t as u8)]).collect()
        } else {
            Vec::new()
        }
    };
    Fitted {
        pits,
        mover_threat: threat_table(0),
        opponent_threat: threat_table(1),
        captured: model.w[0],
        tempo: model.w[1],
        empty_opponent: model.w[2],
        full: table(0),
        empty: table(1),
        loss_material,
        loss: loss(&data),
        held_out_material,
        held_out: loss(&test),
    }
}

impl Fitted {
    /// The weights as the Rust source of a `Learned` named `name`, scaled
    /// so that a captured seed is worth 10 (tenths of a seed). Refused when
    /// the fit did not make captured seeds worth something.
    pub fn to_source(&self, name: &str, ruleset: &str, source: &str) -> Result<String, String> {
        if self.captured.is_nan() || self.captured <= 0.0 {
            return Err(format!(
                "the fit values a captured seed at {} (logits): not positive, so it cannot be \
                 the unit; more or better games are needed",
                self.captured
            ));
        }
        let scale = 10.0 / self.captured;
        let q = |x: f32| (x * scale).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let table = |t: &[[f32; BINS]]| -> String {
            t.iter()
                .map(|row| {
                    let cells: Vec<String> = row.iter().map(|&x| q(x).to_string()).collect();
                    format!("    [{}],\n", cells.join(", "))
                })
                .collect()
        };
        let list = |t: &[f32]| -> String {
            let cells: Vec<String> = t.iter().map(|&x| q(x).to_string()).collect();
            format!("[{}]", cells.join(", "))
        };
        Ok(format!(
            "// Made by `mancala tune`: do not edit by hand (docs/ai.md, \"The learned evaluation\").\n\
             use crate::eval::learned::{{Learned, BINS}};\n\n\
             pub static {name}: Learned = Learned {{\n    ruleset: {ruleset:?},\n    source: {source:?},\n    \
             tempo: {},\n    empty_opponent: {},\n    full: &FULL,\n    empty: &EMPTY,\n    \
             mover_threat: &{},\n    opponent_threat: &{},\n}};\n\n\
             #[rustfmt::skip]\nstatic FULL: [[i16; BINS]; {}] = [\n{}];\n\n\
             #[rustfmt::skip]\nstatic EMPTY: [[i16; BINS]; {}] = [\n{}];\n",
            q(self.tempo),
            q(self.empty_opponent),
            list(&self.mover_threat),
            list(&self.opponent_threat),
            self.pits,
            table(&self.full),
            self.pits,
            table(&self.empty),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples made so that the first pit's seeds decide the game: the fit
    /// must find that pit's value rising with its seeds, and beat material
    /// alone on held-out samples.
    #[test]
    fn the_fit_finds_what_decides_the_games() {
        let rules = mancala_rules::ruleset("oware-abapa").unwrap().rules;
        let mut rng = fastrand::Rng::with_seed(5);
        let mut make = |count: usize| -> Vec<Sample> {
            (0..count)
                .map(|_| {
                    let first = rng.u8(0..8);
                    let mut pits = [4u8; 12];
                    pits[0] = first;
                    pits[6] = 8 - first;
                    let text = format!(
                        "{}/{} 0-0 S",
                        pits[..6].iter().map(|p| p.to_string()).collect::<Vec<_>>().join(","),
                        pits[6..].iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
                    );
                    let pos = rules.parse_position(&text).unwrap();
                    // More seeds in the mover's first pit win more often.
                    let won = rng.f32() < 0.1 + 0.1 * first as f32;
                    Sample { pos, result: if won { 1.0 } else { 0.0 } }
                })
                .collect()
        };
        let (train, held) = (make(20_000), make(2_000));
        let options = FitOptions { epochs: 20, ..FitOptions::default() };
        let fitted = fit(&rules, &train, &held, &options);
        assert!(fitted.held_out < fitted.held_out_material - 0.02, "{fitted:?}");
        // The model's value with `b` seeds in the mover's first pit (and
        // 8 - b in the opponent's first), the other pits alike.
        let value = |b: usize| fitted.full[0][b] + fitted.full[6][8 - b];
        assert!(value(7) > value(4) && value(4) > value(1), "{:?}", fitted.full[0]);
    }

    #[test]
    fn a_sample_line_reads_back() {
        let rules = mancala_rules::ruleset("wahree").unwrap().rules;
        let pos = rules.parse_position("0,1,2,3,4,5/6,7,8,0,0,0 12-0 N").unwrap();
        let line = sample_line(&Sample { pos, result: 0.5 });
        let back = parse_sample(&rules, &line).unwrap();
        assert_eq!((back.pos, back.result), (pos, 0.5));
        assert!(parse_sample(&rules, "0,1,2,3,4,5/6,7,8,0,0,0 12-0 N 2")
            .unwrap_err()
            .contains("not 1"));
        assert!(parse_sample(&rules, "nonsense").is_err());
    }

    /// The games are played from the same seed alike, and every sample's
    /// result is the game's for its mover.
    #[test]
    fn self_play_is_repeatable_and_labels_each_side() {
        let rules = mancala_rules::ruleset("oware-abapa").unwrap().rules;
        let options =
            PlayOptions { games: 4, nodes: 300, random_plies: (2, 6), seed: 9, threads: 2 };
        let collect = || {
            let mut all = Vec::new();
            self_play(rules, &options, &mut |s| all.push(s));
            let mut lines: Vec<String> = all
                .iter()
                .map(|g| g.iter().map(sample_line).collect::<Vec<_>>().join("|"))
                .collect();
            lines.sort();
            (all, lines)
        };
        let (games, first) = collect();
        let (_, second) = collect();
        assert_eq!(first, second);
        assert_eq!(games.len(), 4);
        for g in &games {
            assert!(!g.is_empty());
            // Positions of the same mover share a result; the two movers'
            // results add to 1.
            let south = g.iter().find(|s| s.pos.to_move() == Side::South).unwrap().result;
            let north = g.iter().find(|s| s.pos.to_move() == Side::North).unwrap().result;
            assert_eq!(south + north, 1.0);
            assert!(g
                .iter()
                .all(|s| s.result == if s.pos.to_move() == Side::South { south } else { north }));
        }
    }
}
