//! Puzzles: the bundled collections (proven by `crates/puzzles`), the
//! daily puzzle, each account's puzzle rating, and the compositions players
//! publish once the solver has proved them (`compositions/`).
//!
//! The feature's parts:
//! - `api.rs`: the HTTP API (`/api/puzzles...`) and the rating of an
//!   attempt (a pure function);
//! - `pages.rs`: the pages (`/puzzles...`) and `puzzles.js`, the script of
//!   the puzzle and composition pages;
//! - `store.rs`: the stored ratings and attempts and [`PuzzleStore`], the
//!   feature's part of the store, kept by `sqlite.rs` and `pg.rs`.
//!
//! Their interface texts are in `i18n/puzzles.rs` and
//! `i18n/compositions.rs`.

pub mod api;
pub mod compositions;
pub mod pages;
mod pg;
mod sqlite;
mod store;

pub use store::{AttemptToRate, PuzzleRater, PuzzleRatingRow, PuzzleStore, RatedAttempt};

/// The script of the puzzle and composition pages.
pub static SCRIPT: crate::assets::Asset =
    crate::assets::Asset::script("puzzles", include_bytes!("puzzles.js"));
