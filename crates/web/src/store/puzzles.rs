//! Puzzle ratings and attempts (SQLite; PostgreSQL in `pg/puzzles.rs`).
//!
//! Three tables, made by migration 5 (`schema.rs`):
//! - `puzzle_ratings`: each puzzle's Glicko-2 rating once someone has tried
//!   it (before that it is the rating its collection gives it);
//! - `puzzle_players`: each account's puzzle rating;
//! - `puzzle_attempts`: an account's first attempt at each puzzle, the only
//!   one that counts.

use super::{Sqlite, StoreError};
use rusqlite::{params, Connection, OptionalExtension};

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

const RATING_COLUMNS: &str = "rating, deviation, volatility, attempts, solved, rated";

fn rating_from(r: &rusqlite::Row<'_>) -> rusqlite::Result<PuzzleRatingRow> {
    Ok(PuzzleRatingRow {
        rating: r.get(0)?,
        deviation: r.get(1)?,
        volatility: r.get(2)?,
        attempts: r.get(3)?,
        solved: r.get(4)?,
        rated: r.get(5)?,
    })
}

/// Rates a first attempt in the writer's transaction (the writer is the
/// only one, so nothing changes between the reads and the writes); `None`,
/// nothing stored, if the account had tried the puzzle before.
pub(super) fn apply_rating(
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
    pub(super) fn puzzle_rating_row(
        &self,
        table: &str,
        key: &str,
        id: &str,
    ) -> Result<Option<PuzzleRatingRow>, StoreError> {
        let conn = self.conn();
        Ok(conn
            .query_row(
                &format!("SELECT {RATING_COLUMNS} FROM {table} WHERE {key} = ?1"),
                [id],
                rating_from,
            )
            .optional()?)
    }

    pub(super) fn puzzle_attempt_of(
        &self,
        player: &str,
        puzzle: &str,
    ) -> Result<Option<bool>, StoreError> {
        let conn = self.conn();
        let solved: Option<i64> = conn
            .query_row(
                "SELECT solved FROM puzzle_attempts WHERE player_id = ?1 AND puzzle_id = ?2",
                [player, puzzle],
                |r| r.get(0),
            )
            .optional()?;
        Ok(solved.map(|s| s != 0))
    }
}
