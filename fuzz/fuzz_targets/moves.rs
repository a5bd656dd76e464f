//! Move letters, parsed with `Pit::parse` and replayed in a `Game` for every
//! ruleset: a move is accepted iff it is legal, an illegal move changes
//! nothing, every position satisfies the invariants, a replay from the start
//! and an undo reproduce the game, and (for the catalogue) the game's record
//! round-trips.

#![no_main]

#[path = "common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use mancala_rules::*;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (index, rules) in common::all_rules().into_iter().enumerate() {
        let mut game = Game::new(rules);
        let mut legal = game.legal_moves();
        for word in text.split_whitespace().take(600) {
            let pit = match Pit::parse(word, &rules) {
                Ok(pit) => pit,
                Err(e) => {
                    assert!(e.to_string().contains("is not a pit"));
                    continue;
                }
            };
            assert_eq!(pit.letter(&rules).to_string(), word);
            let before = game.positions().len();
            match game.play(pit) {
                Ok(pos) => {
                    assert!(legal.contains(pit), "{word} played but not legal");
                    let c = pos.captured();
                    assert_eq!(
                        pos.board_seeds() + c.south as u32 + c.north as u32,
                        rules.total_seeds(),
                        "seeds not conserved: {pos}"
                    );
                    legal = game.legal_moves();
                    assert_eq!(legal.is_empty(), game.is_over(), "{}", game.position());
                }
                Err(e) => {
                    assert!(!legal.contains(pit), "{word} legal but refused: {e}");
                    assert_eq!(game.positions().len(), before);
                }
            }
        }
        // The full invariants (every pit tried) now and then, and at the end.
        let last = game.positions().len() - 1;
        for (i, p) in game.positions().iter().enumerate() {
            if i % 16 == 0 || i == last {
                common::check_position(&rules, p);
            }
            if i % 4 == 0 || i == last {
                common::check_notation(&rules, p);
            }
        }
        // Replaying the moves reproduces every position.
        let mut replay = Game::new(rules);
        for &pit in game.moves() {
            replay.play(pit).unwrap();
        }
        assert_eq!(replay.positions(), game.positions());
        // Undo a few moves, play them again.
        let back = game.moves().len().min(data.len() % 8);
        let tail: Vec<Pit> = game.moves()[game.moves().len() - back..].to_vec();
        for _ in 0..back {
            replay.undo().unwrap();
        }
        for &pit in &tail {
            replay.play(pit).unwrap();
        }
        assert_eq!(replay.positions(), game.positions());
        // The game's record round-trips (only the catalogue has ids).
        if let Some(ruleset) = RULESETS.get(index) {
            let mut game = game.clone();
            // Agreed ends too, before any move included (a fixed bug).
            if data.len().is_multiple_of(3) {
                game.agree_to_end();
            }
            let record = Record::new(*ruleset, &game, vec![], Ending::Unfinished);
            let text = record.to_string();
            let parsed = Record::parse(&text)
                .unwrap_or_else(|e| panic!("record does not parse: {e}\n{text}"));
            assert_eq!(parsed, record);
            assert_eq!(parsed.to_string(), text);
        }
    }
});
