//! The one-line position notation, against every ruleset: never a panic,
//! every error says something, and every accepted position satisfies the
//! engine's invariants, round-trips, and plays on consistently.

#![no_main]

#[path = "common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use mancala_rules::*;
use std::str::FromStr;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Setup::from_str(text) {
        Ok(setup) => assert_eq!(Setup::from_str(&setup.to_string()), Ok(setup.clone())),
        Err(e) => assert!(e.to_string().starts_with("bad position"), "{e}"),
    }
    for rules in common::all_rules() {
        match rules.parse_position(text) {
            Ok(pos) => {
                assert_eq!(pos.quiet_moves(), 0);
                common::check_position(&rules, &pos);
                common::check_notation(&rules, &pos);
                // Perft agrees with legal_moves, divide and perft_leaves.
                let p1 = perft(&rules, &pos, 1);
                assert_eq!(p1, rules.legal_moves(&pos).len() as u64);
                let p2 = perft(&rules, &pos, 2);
                assert_eq!(divide(&rules, &pos, 2).iter().map(|&(_, n)| n).sum::<u64>(), p2);
                assert_eq!(perft_leaves(&rules, &pos, 2).total, p2);
                // Play on, choosing moves with the input's bytes.
                let mut game = Game::from_position(rules, pos);
                common::play_on(&mut game, data, 40);
                for p in game.positions() {
                    common::check_notation(&rules, p);
                }
            }
            Err(e) => assert!(e.to_string().starts_with("bad position"), "{e}"),
        }
    }
});
