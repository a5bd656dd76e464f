//! Where puzzles' ratings and attempts are kept: their rows, and the trait
//! both stores implement (`sqlite.rs`, `pg.rs`). The puzzles themselves
//! are data of the build (`crates/puzzles`), not rows.

use crate::store::{from_columns, Columns, Db, StoreError};

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

/// The columns of a rating row, as [`rating_from`] reads them.
pub(super) const RATING_COLUMNS: &str = "rating, deviation, volatility, attempts, solved, rated";

/// A rating from a row of either store with the [`RATING_COLUMNS`].
pub(super) fn rating_from<R: Columns>(r: &R) -> Result<PuzzleRatingRow, R::Error> {
    from_columns!(r => PuzzleRatingRow {
        rating, deviation, volatility, attempts: count, solved: count, rated
    })
}

/// Rates a first attempt whose ratings before it are `before` (the
/// player's, then the puzzle's) and stores the attempt and both ratings
/// after it, in the caller's transaction (either store's).
pub(super) fn store_rated<D: Db>(
    mut db: D,
    a: &AttemptToRate,
    rate: PuzzleRater,
    before: [Option<PuzzleRatingRow>; 2],
) -> Result<RatedAttempt, D::Failure> {
    let [player_before, puzzle_before] = before;
    let (player_after, puzzle_after) = rate(a, player_before.as_ref(), puzzle_before.as_ref());
    db.exec(
        "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at) VALUES (?1, ?2, ?3, ?4)",
        &[&a.player, &a.puzzle, &a.solved, &a.at],
    )?;
    for (table, key, id, r) in [
        ("puzzle_players", "player_id", &a.player, &player_after),
        ("puzzle_ratings", "puzzle_id", &a.puzzle, &puzzle_after),
    ] {
        let (attempts, solved) = (i64::from(r.attempts), i64::from(r.solved));
        db.exec(
            &format!(
                "INSERT INTO {table} ({key}, {RATING_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT ({key}) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     attempts = excluded.attempts, solved = excluded.solved, rated = excluded.rated"
            ),
            &[id, &r.rating, &r.deviation, &r.volatility, &attempts, &solved, &r.rated],
        )?;
    }
    Ok(RatedAttempt { player_before, puzzle_before, player_after, puzzle_after })
}

/// The puzzles' part of the store. A store without them (one made for a
/// test) says so: each method's default answers `Unsupported`.
pub trait PuzzleStore {
    crate::store::unsupported! { "this store keeps no puzzle ratings";
        /// A puzzle's rating once someone has tried it.
        fn puzzle_rating(&self, puzzle: &str) -> Result<Option<PuzzleRatingRow>, StoreError>;
        /// An account's puzzle rating, once it has tried a puzzle.
        fn player_puzzle_rating(&self, player: &str) -> Result<Option<PuzzleRatingRow>, StoreError>;
    }
    crate::store::unsupported! { "this store keeps no puzzle attempts";
        /// An account's attempt at a puzzle: whether it solved it; `None` if it
        /// has not tried it.
        fn puzzle_attempt(&self, player: &str, puzzle: &str) -> Result<Option<bool>, StoreError>;
        /// Rates an account's first attempt at a puzzle in one transaction:
        /// reads both ratings, computes both after it with `rate`, stores the
        /// attempt and both, so that two servers on one database lose no
        /// update; `None` (nothing stored) if it had tried the puzzle before.
        fn rate_puzzle_attempt(&self, attempt: &AttemptToRate, rate: PuzzleRater)
            -> Result<Option<RatedAttempt>, StoreError>;
    }
}

/// The [`PuzzleStore`] methods, written once for both stores (`sqlite.rs`,
/// `pg.rs`) in SQL for both (`crate::store::Query`): each store rates an
/// attempt in its own `rate_attempt`.
macro_rules! puzzle_methods {
    () => {
        fn puzzle_rating(&self, puzzle: &str) -> Result<Option<PuzzleRatingRow>, StoreError> {
            self.find("puzzle_ratings", RATING_COLUMNS, "puzzle_id", puzzle, |r| rating_from(r))
        }

        fn player_puzzle_rating(
            &self,
            player: &str,
        ) -> Result<Option<PuzzleRatingRow>, StoreError> {
            self.find("puzzle_players", RATING_COLUMNS, "player_id", player, |r| rating_from(r))
        }

        fn puzzle_attempt(&self, player: &str, puzzle: &str) -> Result<Option<bool>, StoreError> {
            self.query(
                "SELECT solved FROM puzzle_attempts WHERE player_id = ?1 AND puzzle_id = ?2",
                &[&player, &puzzle],
                |r| r.at(0),
            )
        }

        fn rate_puzzle_attempt(
            &self,
            attempt: &AttemptToRate,
            rate: PuzzleRater,
        ) -> Result<Option<RatedAttempt>, StoreError> {
            self.rate_attempt(attempt, rate)
        }
    };
}
pub(super) use puzzle_methods;
