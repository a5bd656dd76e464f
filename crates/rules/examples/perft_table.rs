//! Finds endgame positions whose perft trees reach as many endings (reason
//! and winner) as possible, and prints the regression table
//! `tests/data/perft.txt` for them.
//!
//! `cargo run --release -p mancala-rules --example perft_table > crates/rules/tests/data/perft.txt`
//!
//! The table is checked by `tests/perft.rs`; regenerate it only when a rule
//! change is intended, and review the diff.

use mancala_rules::{perft_leaves, Game, Leaves, Position, Rules, RULESETS};
use std::collections::BTreeSet;

/// Most leaves a table line may have, so the test stays quick.
const MAX_LEAVES: u64 = 60_000;
const POSITIONS_PER_RULESET: usize = 6;

fn endings(leaves: &Leaves) -> BTreeSet<String> {
    leaves
        .ended
        .keys()
        .map(|(r, w)| format!("{} {}", r.reason().id(), w.map_or("draw", |s| s.name())))
        .collect()
}

fn format_line(id: &str, pos: &Position, depth: u32, leaves: &Leaves) -> String {
    let mut ended: Vec<String> = leaves
        .ended
        .iter()
        .map(|((r, w), n)| format!("{} {} {n}", r.reason().id(), w.map_or("draw", |s| s.name())))
        .collect();
    ended.sort();
    format!(
        "{id} | {pos} | {depth} | {} | {} | {} | {} | {}",
        leaves.total,
        leaves.grand_slams,
        leaves.feeding,
        leaves.ongoing,
        ended.join(", ")
    )
}

/// Positions from random games once few seeds are left on the board.
fn candidates(rules: &Rules, seed: u64, max_on_board: u32) -> Vec<Position> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    for _ in 0..800 {
        let mut game = Game::new(*rules);
        while !game.is_over() {
            let pos = *game.position();
            if pos.board_seeds() <= max_on_board && rng.u32(..6) == 0 {
                out.push(pos);
                break;
            }
            let legal = game.legal_moves();
            let pit = legal.nth(rng.usize(..legal.len())).expect("not over");
            game.play(pit).expect("legal");
        }
    }
    // Sparse boards with 4 or 8 seeds in play, where seeds can circulate
    // without a capture: random play rarely gets there before the end.
    if rules.pits_per_row == 12 {
        for _ in 0..300 {
            let in_play = 4 * rng.u32(1..=2);
            let mut pits = vec![0u8; rules.pit_count()];
            for _ in 0..in_play {
                let i = rng.usize(..pits.len());
                if pits[i] < 2 {
                    pits[i] += 1;
                }
            }
            let on_board: u32 = pits.iter().map(|&p| p as u32).sum();
            if !on_board.is_multiple_of(4) {
                continue;
            }
            let south = 4 * rng.u32(..=(rules.total_seeds() - on_board) / 4);
            let north = rules.total_seeds() - on_board - south;
            let side = if rng.bool() { "S" } else { "N" };
            let half = pits.len() / 2;
            let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let text =
                format!("{}/{} {south}-{north} {side}", row(&pits[..half]), row(&pits[half..]));
            if let Ok(pos) = rules.parse_position(&text) {
                if !pos.is_over() {
                    out.push(pos);
                }
            }
        }
    }
    out
}

fn main() {
    println!("# Perft regression table: ruleset | position | depth | leaves | grand slams | feeding moves | ongoing | ended by reason and winner");
    println!("# Made by `cargo run --release -p mancala-rules --example perft_table`; checked by tests/perft.rs.");
    for r in RULESETS {
        let rules = r.rules;
        let max_on_board = if rules.pits_per_row == 12 { 16 } else { 12 };
        let mut scored: Vec<(BTreeSet<String>, Position, u32)> = Vec::new();
        for pos in candidates(&rules, 7, max_on_board) {
            // The deepest depth under the leaf limit.
            let mut depth = 1;
            let mut all = BTreeSet::new();
            loop {
                let leaves = perft_leaves(&rules, &pos, depth);
                if leaves.total > MAX_LEAVES || leaves.total == 0 || depth > 14 {
                    break;
                }
                all.extend(endings(&leaves));
                if leaves.grand_slams > 0 {
                    all.insert("grand slam".to_string());
                }
                if leaves.feeding > 0 {
                    all.insert("feeding".to_string());
                }
                depth += 1;
            }
            if depth > 1 {
                scored.push((all, pos, depth - 1));
            }
        }
        // Greedy cover of the endings seen.
        let mut covered = BTreeSet::new();
        let mut chosen = Vec::new();
        while chosen.len() < POSITIONS_PER_RULESET && !scored.is_empty() {
            let (i, _) = scored
                .iter()
                .enumerate()
                .max_by_key(|(_, (e, _, d))| (e.difference(&covered).count(), *d))
                .expect("not empty");
            let (e, pos, depth) = scored.swap_remove(i);
            covered.extend(e);
            chosen.push((pos, depth));
        }
        eprintln!("{}: covered {:?}", r.id, covered);
        for (pos, depth) in chosen {
            for d in 1..=depth {
                println!("{}", format_line(r.id, &pos, d, &perft_leaves(&rules, &pos, d)));
            }
        }
    }
}
