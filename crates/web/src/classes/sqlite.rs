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
use crate::store::{delete_account, name_key, AccountStore, Apply, PlayerRow, Sqlite, StoreError};
use rusqlite::{params, Connection};

/// The writes of classes, run by the SQLite writer thread.
enum Write {
    Create(ClassRow),
    SetTournament {
        class: String,
        tournament: String,
    },
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
    Seen {
        player: String,
        at: i64,
    },
    Answer {
        player: String,
        ruleset: String,
        lesson: String,
        exercise: i64,
        at: i64,
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
            Write::SetTournament { class, tournament } => {
                conn.execute(
                    "UPDATE classes SET tournament = ?2 WHERE id = ?1",
                    params![class, tournament],
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
                if n != 1 {
                    return Err(StoreError::NotFound(format!("no pupil {player}")));
                }
                conn.execute("DELETE FROM sessions WHERE player_id = ?1", [player])?;
            }
            Write::Remove { player } => {
                for table in PUPIL_TABLES {
                    conn.execute(&format!("DELETE FROM {table} WHERE player_id = ?1"), [player])?;
                }
                delete_account(conn, player)?;
            }
            Write::Seen { player, at } => {
                conn.execute(
                    "UPDATE class_pupils SET last_seen = ?2 WHERE player_id = ?1 AND last_seen < ?2",
                    params![player, at],
                )?;
            }
            Write::Answer { player, ruleset, lesson, exercise, at } => {
                conn.execute(
                    "INSERT INTO lesson_answers (player_id, ruleset, lesson, exercise, at)
                     VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
                    params![player, ruleset, lesson, exercise, at],
                )?;
            }
        }
        Ok(())
    }
}

impl Sqlite {
    pub(super) fn class_where(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<ClassRow>, StoreError> {
        self.query_one(
            &format!("SELECT {CLASS_COLUMNS} FROM classes WHERE {column} = ?1"),
            [value],
            |r| class_from(r),
        )
    }

    pub(super) fn classes_of_teacher(&self, teacher: &str) -> Result<Vec<ClassRow>, StoreError> {
        self.query_all(
            &format!(
                "SELECT {CLASS_COLUMNS} FROM classes WHERE teacher = ?1 ORDER BY created DESC, id"
            ),
            [teacher],
            |r| class_from(r),
        )
    }

    pub(super) fn pupils_of(&self, class: &str) -> Result<Vec<PupilRow>, StoreError> {
        self.query_all(
            &format!(
                "SELECT {PUPIL_COLUMNS} FROM class_pupils WHERE class_id = ?1 ORDER BY name_key, joined"
            ),
            [class],
            |r| pupil_from(r),
        )
    }

    pub(super) fn pupil_where(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<PupilRow>, StoreError> {
        self.query_one(
            &format!("SELECT {PUPIL_COLUMNS} FROM class_pupils WHERE {column} = ?1"),
            [value],
            |r| pupil_from(r),
        )
    }

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
    super::store::class_reads!();

    fn create_class(&self, row: &ClassRow) -> Result<bool, StoreError> {
        match self.write(Write::Create(row.clone())) {
            Ok(()) => Ok(true),
            Err(e) => {
                let taken = self.class_where("id", &row.id)?.is_some()
                    || self.class_where("code", &row.code)?.is_some();
                if taken {
                    Ok(false)
                } else {
                    Err(e)
                }
            }
        }
    }

    fn set_class_tournament(&self, class: &str, tournament: &str) -> Result<(), StoreError> {
        self.write(Write::SetTournament { class: class.into(), tournament: tournament.into() })
    }

    fn add_pupil(&self, account: &PlayerRow, pupil: &PupilRow) -> Result<bool, StoreError> {
        let write = Write::AddPupil { account: account.clone(), pupil: pupil.clone() };
        match self.write(write) {
            Ok(()) => Ok(true),
            Err(e) => {
                let in_class = self
                    .pupils_of(&pupil.class_id)?
                    .iter()
                    .any(|p| pupil_key(&p.name) == pupil_key(&pupil.name));
                if in_class || self.player_named(&account.name)?.is_some() {
                    Ok(false)
                } else {
                    Err(e)
                }
            }
        }
    }

    fn set_pupil_code(&self, player: &str, code: &str) -> Result<bool, StoreError> {
        let write = Write::SetCode { player: player.into(), code: code.into() };
        match self.write(write) {
            Ok(()) => Ok(true),
            Err(e) => match self.pupil_of(player)? {
                None => Ok(false),
                Some(_) => Err(e),
            },
        }
    }

    fn remove_pupil(&self, player: &str) -> Result<(), StoreError> {
        self.write(Write::Remove { player: player.into() })
    }

    fn pupil_seen(&self, player: &str, at: i64) -> Result<(), StoreError> {
        self.write(Write::Seen { player: player.into(), at })
    }

    fn record_answer(
        &self,
        player: &str,
        ruleset: &str,
        lesson: &str,
        exercise: i64,
        at: i64,
    ) -> Result<(), StoreError> {
        self.write(Write::Answer {
            player: player.into(),
            ruleset: ruleset.into(),
            lesson: lesson.into(),
            exercise,
            at,
        })
    }
}
