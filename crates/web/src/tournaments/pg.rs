//! Tournaments in PostgreSQL: the same table and contract as `sqlite.rs`.

use super::store::{board_patterns, entrant_pattern, TournamentRow, TournamentStore, COLUMNS};
use super::System;
use crate::game::stored;
use crate::store::{Failure, GameRow, MatchRow, Postgres, StoreError};
use postgres::Row;

fn row_from(r: &Row) -> Result<TournamentRow, Failure> {
    let system: String = r.try_get(4)?;
    Ok(TournamentRow {
        id: r.try_get(0)?,
        organiser: r.try_get(1)?,
        name: r.try_get(2)?,
        ruleset: r.try_get(3)?,
        system: stored("system", &system, System::parse).map_err(Failure::Data)?,
        created: r.try_get(5)?,
        updated: r.try_get(6)?,
        revision: r.try_get(7)?,
        state: r.try_get(8)?,
    })
}

fn create(store: &Postgres, t: &TournamentRow) -> Result<(), StoreError> {
    store.run(|c| {
        c.execute(
            &format!(
                "INSERT INTO tournaments ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
            ),
            &[
                &t.id,
                &t.organiser,
                &t.name,
                &t.ruleset,
                &t.system.id(),
                &t.created,
                &t.updated,
                &t.revision,
                &t.state,
            ],
        )?;
        Ok(())
    })
}

fn load(store: &Postgres, id: &str) -> Result<Option<TournamentRow>, StoreError> {
    store.query_one(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"), &[&id], row_from)
}

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
            store.insert_game(&mut tx, game)?;
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

fn of_game(
    store: &Postgres,
    game: &str,
    match_id: Option<&str>,
) -> Result<Option<(String, String)>, StoreError> {
    let (by_game, by_match) = board_patterns(game, match_id);
    store.query_one(
        "SELECT id, name FROM tournaments WHERE state LIKE $1 OR state LIKE $2
         ORDER BY created DESC LIMIT 1",
        &[&by_game, &by_match],
        |r| Ok((r.try_get(0)?, r.try_get(1)?)),
    )
}

fn of_player(store: &Postgres, player: &str, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
    let pattern = entrant_pattern(player);
    store.query_all(
        &format!(
            "SELECT {COLUMNS} FROM tournaments WHERE organiser_id = $1 OR state LIKE $2
             ORDER BY created DESC, id COLLATE \"C\" LIMIT $3"
        ),
        &[&player, &pattern, &i64::from(limit)],
        row_from,
    )
}

fn newest(store: &Postgres, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
    store.query_all(
        &format!(
            "SELECT {COLUMNS} FROM tournaments ORDER BY created DESC, id COLLATE \"C\" LIMIT $1"
        ),
        &[&i64::from(limit)],
        row_from,
    )
}

impl TournamentStore for Postgres {
    super::store::tournament_reads!();

    fn create_tournament(&self, row: &TournamentRow) -> Result<(), StoreError> {
        create(self, row)
    }

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
