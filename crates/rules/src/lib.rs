//! The rules of Barbados Warri (Speightstown and Bridgetown), Wahree, Anywoli
//! and Oware (Abapa): exact, data-driven, and fast enough for search.
//!
//! A [`Rules`] value is the whole ruleset as data; [`Position`] is plain data
//! that the rules act on by copy-make (no allocation per move); [`Game`] adds
//! the history that the repetition rule needs. Pure: no I/O, no JSON.
//!
//! ```
//! use mancala_rules::{ruleset, Game, Pit};
//!
//! let rules = ruleset("wahree").unwrap().rules;
//! let mut game = Game::new(rules);
//! let c = Pit::parse("c", &rules).unwrap();
//! game.play(c).unwrap();
//! assert_eq!(game.position().to_string(), "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N");
//! assert_eq!(game.legal_moves().letters(&rules), "A B C D E F");
//! ```

mod engine;
mod event;
mod explain;
mod game;
mod lap;
mod matches;
mod moves;
mod perft;
mod playout;
mod position;
mod record;
mod rules;
mod side;
mod wdl;

pub use engine::{Illegal, IllegalMove};
pub use event::{Event, Observer};
pub use explain::{describe_outcome, explain};
pub use game::{lot_winner, Game, MoveReport};
pub use matches::{Match, MatchOver};
pub use moves::{MoveError, Moves, Pit};
pub use perft::{divide, perft, perft_leaves, EndReasonKey, Leaves};
pub use playout::{random_game, random_games, Signature};
pub use position::{EndReason, Outcome, Position, Setup, SetupError};
pub use record::{Ending, Record, RecordError};
pub use rules::*;
pub use side::{BySide, Side};
pub use wdl::Wdl;

/// The README's examples run as tests, so the first code a user reads works.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
