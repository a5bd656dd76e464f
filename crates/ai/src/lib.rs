//! Players for the mancala rules: evaluation, alpha-beta search, MCTS,
//! strength levels and endgame databases. Rules, evaluation and move choice
//! are kept apart; everything works on [`mancala_rules::Rules`] plus
//! positions, with the game's history where the repetition rule needs it.

pub mod analysis;
pub mod bench;
pub mod clock;
pub mod cycle_bounds;
pub mod eval;
pub mod mcts;
pub mod player;
pub mod protocol;
mod score;
pub mod search;
pub mod solve;
pub mod stretch;
mod tt;
pub mod tune;

pub use clock::Clock;
/// The endgame databases: the `mancala-egdb` crate.
pub use mancala_egdb as egdb;
pub use mancala_rules::Wdl;
pub use mcts::{Mcts, MctsReport};
pub use player::{Player, PlayerSpec, PlayerSpecError, LEVELS};
pub use score::Score;
pub use search::{Horizon, Limits, Oracle, Report, SearchOptions, Searcher};
pub use solve::{keep_going, solve, solve_with_table, stop_at_result, Solution};
