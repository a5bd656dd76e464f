//! Players for the mancala rules: evaluation, alpha-beta search, MCTS,
//! strength levels and endgame databases. Rules, evaluation and move choice
//! are kept apart; everything works on [`mancala_rules::Rules`] plus
//! positions, with the game's history where the repetition rule needs it.

pub mod egdb;
pub mod eval;
mod score;
pub mod search;
mod tt;

pub use score::{Result3, Score};
pub use search::{Horizon, Limits, Report, Searcher};
