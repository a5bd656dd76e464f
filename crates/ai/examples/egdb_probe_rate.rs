//! How fast a database answers probes at random boards, mapped from its
//! file (`Egdb::open_any`, what the players use) and read into memory
//! (`Egdb::from_bytes`), and how long each takes to open.
//!
//! ```sh
//! cargo run --release -p mancala-ai --example egdb_probe_rate -- FILE [PROBES]
//! ```

use mancala_ai::egdb::Egdb;
use mancala_rules::Side;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: egdb_probe_rate FILE [PROBES]");
        std::process::exit(2);
    };
    let probes: usize = match args.next().map(|s| s.parse()) {
        None => 2_000_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("PROBES must be a positive whole number");
            std::process::exit(2);
        }
    };
    let path = std::path::Path::new(&path);
    let started = Instant::now();
    let mapped = Egdb::open_any(path).unwrap_or_else(|e| {
        eprintln!("{}: {e}", path.display());
        std::process::exit(1);
    });
    println!("open (mapped):          {:>9.3} ms", started.elapsed().as_secs_f64() * 1e3);
    let started = Instant::now();
    let bytes = std::fs::read(path).expect("read");
    let memory = Egdb::from_bytes(bytes, mapped.ruleset()).expect("the same file");
    println!("read + check in memory: {:>9.3} ms", started.elapsed().as_secs_f64() * 1e3);

    // Random boards spread over the layers as the positions are.
    let max = mapped.max_seeds().unwrap_or(0);
    let pits = mapped.ruleset().rules.pit_count();
    let mut rng = fastrand::Rng::with_seed(15);
    let boards: Vec<(Vec<u8>, Side)> = (0..probes)
        .map(|_| {
            let mut board = vec![0u8; pits];
            for _ in 0..rng.u32(0..=max) {
                board[rng.usize(..pits)] += 1;
            }
            (board, if rng.bool() { Side::South } else { Side::North })
        })
        .collect();
    for round in 1..=2 {
        for (name, db) in [("mapped", &mapped), ("in memory", &memory)] {
            let started = Instant::now();
            let mut sum = 0u64;
            for (board, side) in &boards {
                let (w, l) = db.thresholds(board, *side).expect("covered");
                sum += w as u64 + l as u64;
            }
            let ns = started.elapsed().as_secs_f64() * 1e9 / probes as f64;
            println!("round {round}, {name:>9}: {ns:>7.1} ns a probe (checksum {sum})");
        }
    }
}
