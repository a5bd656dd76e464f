//! Tournaments in SQLite (the PostgreSQL counterpart is `pg.rs`).
//!
//! A tournament is one row: what is searched or listed by has columns of
//! its own (organiser, name, game, system, times), and its players and
//! rounds are one JSON document (`state`, written by the API from named
//! fields, see `api.rs`), read and written whole. A tournament
//! changes a few times a round, always whole, and is never queried inside,
//! so a document costs nothing and keeps the two stores identical. Its
//! games are ordinary rows of `games`. Every save names the revision it
//! replaces, so two servers on one database cannot both save over the
//! same state: the second is told it lost (`Ok(false)`) and tries again.
//! The table is made by migration 5 (`schema.rs`).

use super::store::{board_patterns, entrant_pattern, TournamentRow, TournamentStore, COLUMNS};
use super::System;
use crate::game::stored;
use crate::store::{insert_row, Apply, GameRow, MatchRow, Sqlite, StoreError};
use rusqlite::{params, Connection};

fn row_from(r: &rusqlite::Row<'_>) -> rusqlite::Result<TournamentRow> {
    let system: String = r.get(4)?;
    Ok(TournamentRow {
        id: r.get(0)?,
        organiser: r.get(1)?,
        name: r.get(2)?,
        ruleset: r.get(3)?,
        system: stored("system", &system, System::parse).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, e.into())
        })?,
        created: r.get(5)?,
        updated: r.get(6)?,
        revision: r.get(7)?,
        state: r.get(8)?,
    })
}

/// The writes of tournaments, run by the SQLite writer thread.
enum Write {
    Create(TournamentRow),
    /// Saves a row whose revision is one more than the stored one.
    Save(TournamentRow),
    /// A round's games (and matches) stored, then the row saved as by
    /// `Save`: one savepoint, so all or nothing.
    StartRound {
        row: TournamentRow,
        games: Vec<(GameRow, Option<MatchRow>)>,
    },
}

/// The error a save gets when another one came first.
const STALE: &str = "the tournament was changed meanwhile";

impl Apply for Write {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        match self {
            Write::Create(t) => {
                conn.execute(
                    &format!("INSERT INTO tournaments ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
                    params![
                        t.id,
                        t.organiser,
                        t.name,
                        t.ruleset,
                        t.system.id(),
                        t.created,
                        t.updated,
                        t.revision,
                        t.state
                    ],
                )?;
            }
            Write::StartRound { row, games } => {
                for (game, contest) in games {
                    if let Some(m) = contest {
                        insert_match(conn, m)?;
                    }
                    insert_row(conn, game)?;
                }
                Write::Save(row.clone()).apply(conn)?;
            }
            Write::Save(t) => {
                let n = conn.execute(
                    "UPDATE tournaments SET name = ?2, updated = ?3, revision = ?4, state = ?5
                     WHERE id = ?1 AND revision = ?4 - 1",
                    params![t.id, t.name, t.updated, t.revision, t.state],
                )?;
                if n != 1 {
                    return Err(StoreError::Conflict(STALE.into()));
                }
            }
        }
        Ok(())
    }
}

fn insert_match(conn: &Connection, m: &MatchRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO matches (id, ruleset, first_to, created) VALUES (?1, ?2, ?3, ?4)",
        params![m.id, m.ruleset, m.first_to, m.created],
    )?;
    Ok(())
}

fn of_game(
    store: &Sqlite,
    game: &str,
    match_id: Option<&str>,
) -> Result<Option<(String, String)>, StoreError> {
    let (by_game, by_match) = board_patterns(game, match_id);
    store.query_one(
        "SELECT id, name FROM tournaments WHERE state LIKE ?1 OR state LIKE ?2
         ORDER BY created DESC LIMIT 1",
        params![by_game, by_match],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

fn of_player(store: &Sqlite, player: &str, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
    store.query_all(
        &format!(
            "SELECT {COLUMNS} FROM tournaments WHERE organiser_id = ?1 OR state LIKE ?2
             ORDER BY created DESC, id LIMIT ?3"
        ),
        params![player, entrant_pattern(player), limit],
        row_from,
    )
}

fn load(store: &Sqlite, id: &str) -> Result<Option<TournamentRow>, StoreError> {
    store.query_one(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"), [id], row_from)
}

fn newest(store: &Sqlite, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
    store.query_all(
        &format!("SELECT {COLUMNS} FROM tournaments ORDER BY created DESC, id LIMIT ?1"),
        [limit],
        row_from,
    )
}

/// Whether a write lost to another one (the stored revision moved on).
fn saved(answer: Result<(), StoreError>) -> Result<bool, StoreError> {
    match answer {
        Ok(()) => Ok(true),
        Err(StoreError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

impl TournamentStore for Sqlite {
    super::store::tournament_reads!();

    fn create_tournament(&self, row: &TournamentRow) -> Result<(), StoreError> {
        self.write(Write::Create(row.clone()))
    }

    fn save_tournament(&self, row: &TournamentRow) -> Result<bool, StoreError> {
        saved(self.write(Write::Save(row.clone())))
    }

    fn start_round(
        &self,
        row: &TournamentRow,
        games: &[(GameRow, Option<MatchRow>)],
    ) -> Result<bool, StoreError> {
        saved(self.write(Write::StartRound { row: row.clone(), games: games.to_vec() }))
    }
}
