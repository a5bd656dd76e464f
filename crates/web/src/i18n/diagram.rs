//! The board diagram's texts (`diagram.rs`).
//! Part of the one text table ([`super::text`]), namespace `diagram`.

/// The board diagram's words (its text alternative), `[en, vi, nl]`: the table
/// `src/i18n/diagram.tsv`, made into this constant by `build.rs`.
pub const TEXTS: &[(&str, [&str; 3])] = include!(concat!(env!("OUT_DIR"), "/texts/diagram.rs"));
