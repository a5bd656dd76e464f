//! Finds small positions where two rulesets' best moves differ, solved
//! exactly: the source of the per-ruleset test positions in tests/rules.rs.
//!
//!     cargo run --release -p mancala-ai --example rule_positions -- A B [count]

use mancala_ai::{Limits, SearchOptions, Searcher};
use mancala_rules::{ruleset, BySide, Game, Side};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = ruleset(&args[1]).unwrap().rules;
    let b = ruleset(&args[2]).unwrap().rules;
    let count: usize = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(5);
    let mut rng = fastrand::Rng::with_seed(5);
    let mut found = 0;
    while found < count {
        let seeds = rng.u32(3..=7);
        let mut board = vec![0u8; 12];
        for _ in 0..seeds {
            board[rng.usize(..12)] += 1;
        }
        let rest = 48 - seeds;
        let south = rng.u32(rest / 2 - 4..=rest / 2 + 4);
        let captured = BySide::new(south as u8, (rest - south) as u8);
        let pa = a.setup_unchecked(&board, captured, Side::South);
        let pb = b.setup_unchecked(&board, captured, Side::South);
        if pa.is_over() || pb.is_over() || a.legal_moves(&pa).len() < 2 {
            continue;
        }
        let ra = Searcher::new(a).search(
            &Game::from_position(a, pa),
            SearchOptions::new(Limits {
                depth: Some(80),
                nodes: Some(3_000_000),
                ..Limits::default()
            })
            .exact(),
        );
        let rb = Searcher::new(b).search(
            &Game::from_position(b, pb),
            SearchOptions::new(Limits {
                depth: Some(80),
                nodes: Some(3_000_000),
                ..Limits::default()
            })
            .exact(),
        );
        if !(ra.exact && rb.exact) {
            continue;
        }
        // Best moves that are unique and differ.
        let unique = |r: &mancala_ai::Report| r.root.iter().filter(|m| m.1 == r.score).count() == 1;
        let every = |limits| SearchOptions::new(limits).every_root_move();
        let all_a = Searcher::new(a).search(
            &Game::from_position(a, pa),
            every(Limits { depth: Some(80), nodes: Some(3_000_000), ..Limits::default() }),
        );
        let all_b = Searcher::new(b).search(
            &Game::from_position(b, pb),
            every(Limits { depth: Some(80), nodes: Some(3_000_000), ..Limits::default() }),
        );
        if !(unique(&all_a) && unique(&all_b)) || all_a.best == all_b.best {
            continue;
        }
        found += 1;
        println!(
            "{}: {} best {} ({}), {} best {} ({})",
            pa,
            args[1],
            all_a.best.unwrap().letter(&a),
            all_a.score,
            args[2],
            all_b.best.unwrap().letter(&b),
            all_b.score
        );
    }
}
