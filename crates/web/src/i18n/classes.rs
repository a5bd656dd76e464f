//! The class pages' texts (`classes/pages.rs`, `classes/classes.js`).
//! Part of the one text table ([`super::text`]), namespace `classes`.

/// Every key and its texts, `[en, vi, nl]`: the table
/// `src/i18n/classes.tsv`, made into this constant by `build.rs`.
pub const TEXTS: &[(&str, [&str; 3])] = include!(concat!(env!("OUT_DIR"), "/texts/classes.rs"));
