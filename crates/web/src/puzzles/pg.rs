//! Puzzle ratings and attempts on PostgreSQL (see `sqlite.rs`).

use super::store::{rating_from, store_rated, AttemptToRate, PuzzleRater, PuzzleRatingRow};
use super::store::{PuzzleStore, RatedAttempt, RATING_COLUMNS};
use crate::store::{Columns, Postgres, Query, StoreError};

impl Postgres {
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
        self.transaction(|tx| {
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
            let before = [
                read("puzzle_players", "player_id", &a.player)?,
                read("puzzle_ratings", "puzzle_id", &a.puzzle)?,
            ];
            Ok(Some(store_rated(tx, a, rate, before)?))
        })
    }
}

impl PuzzleStore for Postgres {
    super::store::puzzle_methods!();
}
