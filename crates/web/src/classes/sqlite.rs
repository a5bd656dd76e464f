//! Classes in SQLite (the PostgreSQL counterpart is `pg.rs`): a
//! teacher's classes, their pupils, and the lesson exercises players
//! answered right. Made by migration 11 (`schema.rs`).
//!
//! A pupil is an ordinary account with no password (nobody can sign in to
//! it with one) and a row in `class_pupils` that gives its first name in
//! the class, its pupil code (what signs it in on another device; the
//! teacher sees it and can change it) and when it was last seen. Removing
//! a pupil deletes the account as a deleted account is (its name leaves its
//! games) and everything kept about it: its class row, answers, puzzle
//! attempts and ratings.

use super::store::{class_from, pupil_from, pupil_key, ClassRow, ClassStore, Progress, PupilRow};
use super::store::{CLASS_COLUMNS, PUPIL_COLUMNS, PUPIL_TABLES};
use crate::store::{changed_one, delete_account, name_key, AccountStore, Apply, PlayerRow};
use crate::store::{stored_unless, Query, Sqlite, StoreError};
use rusqlite::{params, Connection};

/// The writes of classes that the SQLite store makes its own way (the others
/// are `class_methods!`), run by its writer thread.
enum Write {
    Create(ClassRow),
    /// The pupil's account and its place in the class, together.
    AddPupil {
        account: PlayerRow,
        pupil: PupilRow,
    },
    /// A new pupil code; the pupil's sessions end.
    SetCode {
        player: String,
        code: String,
    },
    Remove {
        player: String,
    },
}

impl Apply for Write {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        match self {
            Write::Create(c) => {
                conn.execute(
                    &format!(
                        "INSERT INTO classes ({CLASS_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
                    ),
                    params![c.id, c.code, c.name, c.ruleset, c.teacher, c.created, c.tournament],
                )?;
            }
            Write::AddPupil { account: p, pupil } => {
                conn.execute(
                    "INSERT INTO players (id, name, name_key, password, created, deleted)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![p.id, p.name, name_key(&p.name), p.password, p.created, p.deleted],
                )?;
                conn.execute(
                    &format!(
                        "INSERT INTO class_pupils ({PUPIL_COLUMNS}, name_key)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
                    ),
                    params![
                        pupil.class_id,
                        pupil.player,
                        pupil.name,
                        pupil.code,
                        pupil.joined,
                        pupil.last_seen,
                        pupil_key(&pupil.name)
                    ],
                )?;
            }
            Write::SetCode { player, code } => {
                let n = conn.execute(
                    "UPDATE class_pupils SET code = ?2 WHERE player_id = ?1",
                    params![player, code],
                )?;
                changed_one(n, || format!("no pupil {player}"))?;
                conn.execute("DELETE FROM sessions WHERE player_id = ?1", [player])?;
            }
            Write::Remove { player } => {
                for table in PUPIL_TABLES {
                    conn.execute(&format!("DELETE FROM {table} WHERE player_id = ?1"), [player])?;
                }
                delete_account(conn, player)?;
            }
        }
        Ok(())
    }
}

impl Sqlite {
    pub(super) fn progress_of(&self, player: &str) -> Result<Progress, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT ruleset, lesson, exercise FROM lesson_answers WHERE player_id = ?1
             ORDER BY ruleset, lesson, exercise",
        )?;
        let answers = stmt
            .query_map([player], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        let puzzles_solved = conn.query_row(
            "SELECT COUNT(*) FROM puzzle_attempts WHERE player_id = ?1 AND solved = 1",
            [player],
            |r| r.get(0),
        )?;
        let games = conn.query_row(
            "SELECT COUNT(*) FROM games WHERE south_player = ?1 OR north_player = ?1",
            [player],
            |r| r.get(0),
        )?;
        Ok(Progress { answers, puzzles_solved, games })
    }
}

impl ClassStore for Sqlite {
    super::store::class_methods!();

    fn create_class(&self, row: &ClassRow) -> Result<bool, StoreError> {
        stored_unless(self.write(Write::Create(row.clone())), || {
            Ok(self.class(&row.id)?.is_some() || self.class_by_code(&row.code)?.is_some())
        })
    }

    fn add_pupil(&self, account: &PlayerRow, pupil: &PupilRow) -> Result<bool, StoreError> {
        let write = Write::AddPupil { account: account.clone(), pupil: pupil.clone() };
        stored_unless(self.write(write), || {
            let in_class = self
                .pupils(&pupil.class_id)?
                .iter()
                .any(|p| pupil_key(&p.name) == pupil_key(&pupil.name));
            Ok(in_class || self.player_named(&account.name)?.is_some())
        })
    }

    fn set_pupil_code(&self, player: &str, code: &str) -> Result<bool, StoreError> {
        let write = Write::SetCode { player: player.into(), code: code.into() };
        stored_unless(self.write(write), || Ok(self.pupil_of(player)?.is_none()))
    }

    fn remove_pupil(&self, player: &str) -> Result<(), StoreError> {
        self.write(Write::Remove { player: player.into() })
    }
}
