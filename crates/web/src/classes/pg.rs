//! Classes on PostgreSQL (see `sqlite.rs`).

use super::store::{class_from, pupil_from, pupil_key, ClassRow, ClassStore, Progress, PupilRow};
use super::store::{CLASS_COLUMNS, PUPIL_COLUMNS, PUPIL_TABLES};
use crate::store::StoreError;
use crate::store::{delete_account_pg, name_key, Columns, Failure, PlayerRow, Postgres, Query};

impl Postgres {
    pub(super) fn progress_of(&self, player: &str) -> Result<Progress, StoreError> {
        self.run(|c| {
            let answers = c
                .query(
                    "SELECT ruleset, lesson, exercise FROM lesson_answers WHERE player_id = $1
                     ORDER BY ruleset COLLATE \"C\", lesson COLLATE \"C\", exercise",
                    &[&player],
                )?
                .iter()
                .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
                .collect::<Result<Vec<_>, Failure>>()?;
            let solved = c.query_one(
                "SELECT COUNT(*) FROM puzzle_attempts WHERE player_id = $1 AND solved",
                &[&player],
            )?;
            let games = c.query_one(
                "SELECT COUNT(*) FROM games WHERE south_player = $1 OR north_player = $1",
                &[&player],
            )?;
            Ok(Progress { answers, puzzles_solved: solved.count(0)?, games: games.count(0)? })
        })
    }
}

impl ClassStore for Postgres {
    super::store::class_methods!();

    fn create_class(&self, c: &ClassRow) -> Result<bool, StoreError> {
        let n = self.run(|client| {
            Ok(client.execute(
                &format!(
                    "INSERT INTO classes ({CLASS_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
                     ON CONFLICT DO NOTHING"
                ),
                &[&c.id, &c.code, &c.name, &c.ruleset, &c.teacher, &c.created, &c.tournament],
            )?)
        })?;
        Ok(n == 1)
    }

    /// The account and the pupil together; `false` if the account's name
    /// or the first name in the class is taken (nothing stored).
    fn add_pupil(&self, p: &PlayerRow, pupil: &PupilRow) -> Result<bool, StoreError> {
        let key = pupil_key(&pupil.name);
        self.run(|c| {
            let mut tx = c.transaction()?;
            let n = tx.execute(
                "INSERT INTO players (id, name, name_key, password, created, deleted)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
                &[&p.id, &p.name, &name_key(&p.name), &p.password, &p.created, &p.deleted],
            )?;
            if n != 1 {
                return Ok(false);
            }
            let n = tx.execute(
                &format!(
                    "INSERT INTO class_pupils ({PUPIL_COLUMNS}, name_key)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING"
                ),
                &[
                    &pupil.class_id,
                    &pupil.player,
                    &pupil.name,
                    &pupil.code,
                    &pupil.joined,
                    &pupil.last_seen,
                    &key,
                ],
            )?;
            if n != 1 {
                return Ok(false);
            }
            tx.commit()?;
            Ok(true)
        })
    }

    fn set_pupil_code(&self, player: &str, code: &str) -> Result<bool, StoreError> {
        self.transaction(|tx| {
            let n = tx.execute(
                "UPDATE class_pupils SET code = $2 WHERE player_id = $1",
                &[&player, &code],
            )?;
            tx.execute("DELETE FROM sessions WHERE player_id = $1", &[&player])?;
            Ok(n == 1)
        })
    }

    fn remove_pupil(&self, player: &str) -> Result<(), StoreError> {
        self.transaction(|tx| {
            for table in PUPIL_TABLES {
                tx.execute(&format!("DELETE FROM {table} WHERE player_id = $1"), &[&player])?;
            }
            delete_account_pg(tx, player)
        })
    }
}
