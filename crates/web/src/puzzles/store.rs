//! Where puzzles' ratings and attempts are kept: their rows, and the trait
//! both stores implement (`sqlite.rs`, `pg.rs`). The puzzles themselves
//! are data of the build (`crates/puzzles`), not rows.

use crate::store::StoreError;

/// A Glicko-2 rating with its attempts: a puzzle's, or a solver's.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRatingRow {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated attempts, and how many of them solved the puzzle.
    pub attempts: u32,
    pub solved: u32,
    /// When the last one was, in seconds since the Unix epoch.
    pub rated: i64,
}

/// An account's attempt at a puzzle, to be rated: the puzzle's starting
/// rating is its collection's until someone has tried it.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptToRate {
    pub player: String,
    pub puzzle: String,
    pub solved: bool,
    pub at: i64,
    pub start_rating: f64,
}

/// A rated first attempt: both ratings before it (`None`: never rated)
/// and after it, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedAttempt {
    pub player_before: Option<PuzzleRatingRow>,
    pub puzzle_before: Option<PuzzleRatingRow>,
    pub player_after: PuzzleRatingRow,
    pub puzzle_after: PuzzleRatingRow,
}

/// How an attempt changes the two ratings: the player's and the puzzle's
/// after it, from both before it. A pure function the caller gives (the
/// Glicko-2 rules are not the store's), run inside the store's transaction.
pub type PuzzleRater = fn(
    &AttemptToRate,
    Option<&PuzzleRatingRow>,
    Option<&PuzzleRatingRow>,
) -> (PuzzleRatingRow, PuzzleRatingRow);

/// The puzzles' part of the store. A store without them (one made for a
/// test) says so: each method's default answers `Unsupported`.
pub trait PuzzleStore {
    /// A puzzle's rating once someone has tried it.
    fn puzzle_rating(&self, _puzzle: &str) -> Result<Option<PuzzleRatingRow>, StoreError> {
        Err(StoreError::Unsupported("this store keeps no puzzle ratings"))
    }
    /// An account's puzzle rating, once it has tried a puzzle.
    fn player_puzzle_rating(&self, _player: &str) -> Result<Option<PuzzleRatingRow>, StoreError> {
        Err(StoreError::Unsupported("this store keeps no puzzle ratings"))
    }
    /// An account's attempt at a puzzle: whether it solved it; `None` if it
    /// has not tried it.
    fn puzzle_attempt(&self, _player: &str, _puzzle: &str) -> Result<Option<bool>, StoreError> {
        Err(StoreError::Unsupported("this store keeps no puzzle attempts"))
    }
    /// Rates an account's first attempt at a puzzle in one transaction:
    /// reads both ratings, computes both after it with `rate`, stores the
    /// attempt and both, so that two servers on one database lose no
    /// update; `None` (nothing stored) if it had tried the puzzle before.
    fn rate_puzzle_attempt(
        &self,
        _attempt: &AttemptToRate,
        _rate: PuzzleRater,
    ) -> Result<Option<RatedAttempt>, StoreError> {
        Err(StoreError::Unsupported("this store keeps no puzzle attempts"))
    }
}

/// The [`PuzzleStore`] reads, the same in both stores (`sqlite.rs`,
/// `pg.rs`): each asks the store's own `puzzle_rating_row` or
/// `puzzle_attempt_of`.
macro_rules! puzzle_reads {
    () => {
        fn puzzle_rating(&self, puzzle: &str) -> Result<Option<PuzzleRatingRow>, StoreError> {
            self.puzzle_rating_row("puzzle_ratings", "puzzle_id", puzzle)
        }

        fn player_puzzle_rating(
            &self,
            player: &str,
        ) -> Result<Option<PuzzleRatingRow>, StoreError> {
            self.puzzle_rating_row("puzzle_players", "player_id", player)
        }

        fn puzzle_attempt(&self, player: &str, puzzle: &str) -> Result<Option<bool>, StoreError> {
            self.puzzle_attempt_of(player, puzzle)
        }
    };
}
pub(super) use puzzle_reads;
