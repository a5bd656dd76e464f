//! Puzzle ratings and attempts (SQLite; PostgreSQL in `pg.rs`).
//!
//! Three tables, made by migration 5 (`schema.rs`):
//! - `puzzle_ratings`: each puzzle's Glicko-2 rating once someone has tried
//!   it (before that it is the rating its collection gives it);
//! - `puzzle_players`: each account's puzzle rating;
//! - `puzzle_attempts`: an account's first attempt at each puzzle, the only
//!   one that counts.

use super::store::{rating_from, store_rated, AttemptToRate, PuzzleRater, PuzzleRatingRow};
use super::store::{PuzzleStore, RatedAttempt, RATING_COLUMNS};
use crate::store::{Apply, Columns, Query, Sqlite, StoreError};
use rusqlite::{Connection, OptionalExtension};
use std::sync::{Arc, Mutex};

/// Rates a first attempt in the writer's transaction (the writer is the
/// only one, so nothing changes between the reads and the writes); `None`,
/// nothing stored, if the account had tried the puzzle before.
fn apply_rating(
    conn: &Connection,
    a: &AttemptToRate,
    rate: PuzzleRater,
) -> Result<Option<RatedAttempt>, StoreError> {
    let tried: Option<i64> = conn
        .query_row(
            "SELECT 1 FROM puzzle_attempts WHERE player_id = ?1 AND puzzle_id = ?2",
            [&a.player, &a.puzzle],
            |r| r.get(0),
        )
        .optional()?;
    if tried.is_some() {
        return Ok(None);
    }
    let read = |table: &str, key: &str, id: &str| {
        conn.query_row(
            &format!("SELECT {RATING_COLUMNS} FROM {table} WHERE {key} = ?1"),
            [id],
            |r| rating_from(r),
        )
        .optional()
    };
    let before = [
        read("puzzle_players", "player_id", &a.player)?,
        read("puzzle_ratings", "puzzle_id", &a.puzzle)?,
    ];
    Ok(Some(store_rated(conn, a, rate, before)?))
}

/// A first attempt at a puzzle rated (see `PuzzleStore::rate_puzzle_attempt`):
/// what was rated is left in `answer` (the last run of the write is the one
/// committed, when a failed batch is retried one write at a time).
struct RatePuzzle {
    attempt: AttemptToRate,
    rate: PuzzleRater,
    answer: Arc<Mutex<Option<RatedAttempt>>>,
}

impl Apply for RatePuzzle {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        let rated = apply_rating(conn, &self.attempt, self.rate)?;
        *self.answer.lock().unwrap_or_else(|e| e.into_inner()) = rated;
        Ok(())
    }
}

impl Sqlite {
    /// Rates a first attempt on the writer thread (see [`apply_rating`]).
    fn rate_attempt(
        &self,
        attempt: &AttemptToRate,
        rate: PuzzleRater,
    ) -> Result<Option<RatedAttempt>, StoreError> {
        let answer = Arc::new(Mutex::new(None));
        self.write(RatePuzzle { attempt: attempt.clone(), rate, answer: answer.clone() })?;
        let rated = answer.lock().unwrap_or_else(|e| e.into_inner()).take();
        Ok(rated)
    }
}

impl PuzzleStore for Sqlite {
    super::store::puzzle_methods!();
}
