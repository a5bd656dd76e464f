//! The puzzle pages' texts (`puzzles/pages.rs`, `puzzles/puzzles.js`).
//! Part of the one text table ([`super::text`]), namespace `puzzles`.

/// The puzzle pages' texts, `[en, vi, nl]`: the table
/// `src/i18n/puzzles.tsv`, made into this constant by `build.rs`.
pub const TEXTS: &[(&str, [&str; 3])] = include!(concat!(env!("OUT_DIR"), "/texts/puzzles.rs"));
