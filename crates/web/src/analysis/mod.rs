//! Analysis: the analysis board (`/analysis`, `board.rs`, with its script
//! `analysis.js`) and, for the players of a game, hints and the review of
//! a finished game (`api.rs`). The engine and the endgame databases do the
//! work (`crates/ai`, `crate::egdb`); the move-by-move explanations are the
//! core's (`crate::explain`), as the game pages show them too.

pub mod api;
pub mod board;

/// The analysis board's script (only its page loads it).
pub static SCRIPT: crate::assets::Asset =
    crate::assets::Asset::script("analysis", include_bytes!("analysis.js"));
