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

use super::store::COLUMNS;
use super::store::{board_patterns, entrant_pattern, row_from, TournamentRow, TournamentStore};
use crate::store::{insert_game, Apply, Columns, GameRow, MatchRow, Query, Sqlite, StoreError};
use rusqlite::{params, Connection};

/// The writes of tournaments that the SQLite store makes its own way (the
/// others are `tournament_methods!`), run by its writer thread.
enum Write {
    /// Saves a row whose revision is one more than the stored one.
    Save(TournamentRow),
    /// A round's games (and matches) stored, then the row saved as by
    /// `Save`: one savepoint, so all or nothing.
    StartRound { row: TournamentRow, games: Vec<(GameRow, Option<MatchRow>)> },
}

/// The error a save gets when another one came first.
const STALE: &str = "the tournament was changed meanwhile";

impl Apply for Write {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        match self {
            Write::StartRound { row, games } => {
                for (game, contest) in games {
                    if let Some(m) = contest {
                        insert_match(conn, m)?;
                    }
                    insert_game(conn, game)?;
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

/// Whether a write lost to another one (the stored revision moved on).
fn saved(answer: Result<(), StoreError>) -> Result<bool, StoreError> {
    match answer {
        Ok(()) => Ok(true),
        Err(StoreError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

impl TournamentStore for Sqlite {
    super::store::tournament_methods!();

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
