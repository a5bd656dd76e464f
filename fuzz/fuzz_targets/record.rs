//! Game records: never a panic, every error says something, and a record
//! that parses writes back as text that parses to the same record.

#![no_main]

#[path = "common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use mancala_rules::*;

const STRUCTURAL: [&str; 5] = ["Game", "Version", "Setup", "Result", "Ending"];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Record::parse(text) {
        Ok(record) => {
            for (k, _) in &record.tags {
                assert!(!STRUCTURAL.contains(&k.as_str()), "structural tag [{k}] kept");
            }
            let written = record.to_string();
            let again = Record::parse(&written).unwrap_or_else(|e| {
                panic!("written record does not parse: {e}\n--- input:\n{text}\n--- written:\n{written}")
            });
            assert_eq!(again, record, "\n--- input:\n{text}\n--- written:\n{written}");
            assert_eq!(again.to_string(), written);
            let game = record.game();
            assert_eq!(game.moves(), record.moves.as_slice());
            let _ = record.result();
            if let Ending::Rules(reason) = record.ending {
                assert_eq!(game.position().outcome().map(|o| o.reason), Some(reason));
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with("record"), "{message}");
        }
    }
});
