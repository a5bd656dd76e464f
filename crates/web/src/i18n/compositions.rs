//! The composition pages' texts (`puzzles/compositions/pages.rs`).
//! Part of the one text table ([`super::text`]), namespace `compositions`.

/// The compositions' texts, `[en, vi, nl]`: the table
/// `src/i18n/compositions.tsv`, made into this constant by `build.rs`.
pub const TEXTS: &[(&str, [&str; 3])] =
    include!(concat!(env!("OUT_DIR"), "/texts/compositions.rs"));
