//! Puzzle ratings and attempts (SQLite; PostgreSQL in `pg.rs`).
//!
//! Three tables, made by migration 5 (`schema.rs`):
//! - `puzzle_ratings`: each puzzle's Glicko-2 rating once someone has tried
//!   it (before that it is the rating its collection gives it);
//! - `puzzle_players`: each account's puzzle rating;
//! - `puzzle_attempts`: an account's first attempt at each puzzle, the only
//!   one that counts.

use super::store::{AttemptToRate, PuzzleRater, PuzzleRatingRow, PuzzleStore, RatedAttempt};
use crate::store::{Apply, Sqlite, StoreError};
use rusqlite::{params, Connection, OptionalExtension};
use std::sync::{Arc, Mutex};

const RATING_COLUMNS: &str = "rating, deviation, volatility, attempts, solved, rated";

fn rating_from(r: &rusqlite::Row<'_>) -> rusqlite::Result<PuzzleRatingRow> {
    crate::store::from_columns!(r => PuzzleRatingRow {
        rating, deviation, volatility, attempts, solved, rated
    })
}

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
            rating_from,
        )
        .optional()
    };
    let player_before = read("puzzle_players", "player_id", &a.player)?;
    let puzzle_before = read("puzzle_ratings", "puzzle_id", &a.puzzle)?;
    let (player_after, puzzle_after) = rate(a, player_before.as_ref(), puzzle_before.as_ref());
    conn.execute(
        "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at) VALUES (?1, ?2, ?3, ?4)",
        params![a.player, a.puzzle, a.solved as i64, a.at],
    )?;
    for (table, key, id, r) in [
        ("puzzle_players", "player_id", &a.player, &player_after),
        ("puzzle_ratings", "puzzle_id", &a.puzzle, &puzzle_after),
    ] {
        conn.execute(
            &format!(
                "INSERT INTO {table} ({key}, {RATING_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT ({key}) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     attempts = excluded.attempts, solved = excluded.solved, rated = excluded.rated"
            ),
            params![id, r.rating, r.deviation, r.volatility, r.attempts, r.solved, r.rated],
        )?;
    }
    Ok(Some(RatedAttempt { player_before, puzzle_before, player_after, puzzle_after }))
}

impl Sqlite {
    fn puzzle_rating_row(
        &self,
        table: &str,
        key: &str,
        id: &str,
    ) -> Result<Option<PuzzleRatingRow>, StoreError> {
        self.query_one(
            &format!("SELECT {RATING_COLUMNS} FROM {table} WHERE {key} = ?1"),
            [id],
            rating_from,
        )
    }

    fn puzzle_attempt_of(&self, player: &str, puzzle: &str) -> Result<Option<bool>, StoreError> {
        let solved: Option<i64> = self.query_one(
            "SELECT solved FROM puzzle_attempts WHERE player_id = ?1 AND puzzle_id = ?2",
            [player, puzzle],
            |r| r.get(0),
        )?;
        Ok(solved.map(|s| s != 0))
    }
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

impl PuzzleStore for Sqlite {
    super::store::puzzle_reads!();

    fn rate_puzzle_attempt(
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
