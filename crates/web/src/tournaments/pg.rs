//! Tournaments in PostgreSQL: the same table and contract as `sqlite.rs`.

use super::store::COLUMNS;
use super::store::{board_patterns, entrant_pattern, row_from, TournamentRow, TournamentStore};
use crate::store::{insert_game, Columns, GameRow, MatchRow, Postgres, Query, StoreError};

fn save(store: &Postgres, t: &TournamentRow) -> Result<bool, StoreError> {
    let n = store.run(|c| {
        Ok(c.execute(
            "UPDATE tournaments SET name = $2, updated = $3, revision = $4, state = $5
             WHERE id = $1 AND revision = $4::bigint - 1",
            &[&t.id, &t.name, &t.updated, &t.revision, &t.state],
        )?)
    })?;
    Ok(n == 1)
}

fn start_round(
    store: &Postgres,
    t: &TournamentRow,
    games: &[(GameRow, Option<MatchRow>)],
) -> Result<bool, StoreError> {
    store.run(|c| {
        let mut tx = c.transaction()?;
        for (game, contest) in games {
            if let Some(m) = contest {
                tx.execute(
                    "INSERT INTO matches (id, ruleset, first_to, created) VALUES ($1, $2, $3, $4)",
                    &[&m.id, &m.ruleset, &i64::from(m.first_to), &m.created],
                )?;
            }
            insert_game(&mut tx, game)?;
        }
        let n = tx.execute(
            "UPDATE tournaments SET name = $2, updated = $3, revision = $4, state = $5
             WHERE id = $1 AND revision = $4::bigint - 1",
            &[&t.id, &t.name, &t.updated, &t.revision, &t.state],
        )?;
        if n != 1 {
            // Dropped without a commit: rolled back.
            return Ok(false);
        }
        tx.commit()?;
        Ok(true)
    })
}

impl TournamentStore for Postgres {
    super::store::tournament_methods!();

    fn save_tournament(&self, row: &TournamentRow) -> Result<bool, StoreError> {
        save(self, row)
    }

    fn start_round(
        &self,
        row: &TournamentRow,
        games: &[(GameRow, Option<MatchRow>)],
    ) -> Result<bool, StoreError> {
        start_round(self, row, games)
    }
}
