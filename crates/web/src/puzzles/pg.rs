//! Puzzle ratings and attempts on PostgreSQL (see `sqlite.rs`).

use super::store::{AttemptToRate, PuzzleRater, PuzzleRatingRow, PuzzleStore, RatedAttempt};
use crate::store::{count, Failure, Postgres, StoreError};
use postgres::Row;

const RATING_COLUMNS: &str = "rating, deviation, volatility, attempts, solved, rated";

fn rating_from(r: &Row) -> Result<PuzzleRatingRow, Failure> {
    Ok(PuzzleRatingRow {
        rating: r.try_get(0)?,
        deviation: r.try_get(1)?,
        volatility: r.try_get(2)?,
        attempts: count(r, 3)?,
        solved: count(r, 4)?,
        rated: r.try_get(5)?,
    })
}

impl Postgres {
    fn puzzle_rating_row(
        &self,
        table: &str,
        key: &str,
        id: &str,
    ) -> Result<Option<PuzzleRatingRow>, StoreError> {
        self.query_one(
            &format!("SELECT {RATING_COLUMNS} FROM {table} WHERE {key} = $1"),
            &[&id],
            rating_from,
        )
    }

    fn puzzle_attempt_of(&self, player: &str, puzzle: &str) -> Result<Option<bool>, StoreError> {
        self.run(|c| {
            Ok(c.query_opt(
                "SELECT solved FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2",
                &[&player, &puzzle],
            )?
            .map(|r| r.try_get::<_, bool>(0))
            .transpose()?)
        })
    }

    /// Rates a first attempt in one transaction. Two servers on one
    /// database rate attempts at one puzzle, or by one player, one at a
    /// time: each takes the puzzle's, then the player's advisory lock (in
    /// that order, so no two wait on each other), then reads, computes and
    /// writes; the locks go with the transaction.
    fn rate_attempt(
        &self,
        a: &AttemptToRate,
        rate: PuzzleRater,
    ) -> Result<Option<RatedAttempt>, StoreError> {
        self.run(|c| {
            let mut tx = c.transaction()?;
            for key in [format!("puzzle:{}", a.puzzle), format!("puzzle-player:{}", a.player)] {
                tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&key])?;
            }
            let tried = tx.query_opt(
                "SELECT 1 FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2",
                &[&a.player, &a.puzzle],
            )?;
            if tried.is_some() {
                return Ok(None);
            }
            let mut read = |table: &str, key: &str, id: &str| {
                tx.query_opt(
                    &format!("SELECT {RATING_COLUMNS} FROM {table} WHERE {key} = $1"),
                    &[&id],
                )?
                .map(|r| rating_from(&r))
                .transpose()
            };
            let player_before = read("puzzle_players", "player_id", &a.player)?;
            let puzzle_before = read("puzzle_ratings", "puzzle_id", &a.puzzle)?;
            let (player_after, puzzle_after) =
                rate(a, player_before.as_ref(), puzzle_before.as_ref());
            tx.execute(
                "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at)
                 VALUES ($1, $2, $3, $4)",
                &[&a.player, &a.puzzle, &a.solved, &a.at],
            )?;
            for (table, key, id, r) in [
                ("puzzle_players", "player_id", &a.player, &player_after),
                ("puzzle_ratings", "puzzle_id", &a.puzzle, &puzzle_after),
            ] {
                tx.execute(
                    &format!(
                        "INSERT INTO {table} ({key}, {RATING_COLUMNS})
                         VALUES ($1, $2, $3, $4, $5, $6, $7)
                         ON CONFLICT ({key}) DO UPDATE SET rating = excluded.rating,
                             deviation = excluded.deviation,
                             volatility = excluded.volatility,
                             attempts = excluded.attempts, solved = excluded.solved,
                             rated = excluded.rated"
                    ),
                    &[
                        id,
                        &r.rating,
                        &r.deviation,
                        &r.volatility,
                        &i64::from(r.attempts),
                        &i64::from(r.solved),
                        &r.rated,
                    ],
                )?;
            }
            tx.commit()?;
            Ok(Some(RatedAttempt { player_before, puzzle_before, player_after, puzzle_after }))
        })
    }
}

impl PuzzleStore for Postgres {
    super::store::puzzle_reads!();

    fn rate_puzzle_attempt(
        &self,
        attempt: &AttemptToRate,
        rate: PuzzleRater,
    ) -> Result<Option<RatedAttempt>, StoreError> {
        self.rate_attempt(attempt, rate)
    }
}
