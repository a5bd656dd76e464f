//! The tournament pages' texts (`tournaments/pages.rs`, `tournaments/tournament.js`).
//! Part of the one text table ([`super::text`]), namespace `tournaments`.

/// Keys whose text is the same in every language (proper names).
pub const SAME_EVERYWHERE: &[&str] = &["col.buchholz", "col.sb"];

/// Every key and its texts, `[en, vi, nl]`: the table
/// `src/i18n/tournaments.tsv`, made into this constant by `build.rs`.
pub const TEXTS: &[(&str, [&str; 3])] = include!(concat!(env!("OUT_DIR"), "/texts/tournaments.rs"));
