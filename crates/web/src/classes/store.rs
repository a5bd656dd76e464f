//! Where classes are kept: their rows, and the trait both stores implement
//! (`sqlite.rs`, `pg.rs`), which run through the same storage tests.

use crate::store::{from_columns, Columns, PlayerRow, StoreError};

/// A teacher's class, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassRow {
    pub id: String,
    /// The join code pupils type (unique, upper-case letters and digits).
    pub code: String,
    pub name: String,
    /// The game the class learns (its ratings and tournaments).
    pub ruleset: String,
    /// The teacher's account id.
    pub teacher: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// The class's latest tournament, where its pupils are sent.
    pub tournament: Option<String>,
}

/// A pupil of a class, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PupilRow {
    pub class_id: String,
    /// The pupil's account id.
    pub player: String,
    /// The first name the pupil joined with, as typed.
    pub name: String,
    /// The pupil code that signs the pupil in on another device.
    pub code: String,
    /// Seconds since the Unix epoch.
    pub joined: i64,
    pub last_seen: i64,
}

/// What is kept of a pupil's work: each exercise answered right
/// (`(ruleset, lesson, exercise)`, exercise 0 for a lesson without
/// exercises, read), the puzzles solved and the games played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub answers: Vec<(String, String, i64)>,
    pub puzzles_solved: u32,
    pub games: u32,
}

/// The key that makes a first name unique in its class: lower case, with
/// runs of spaces as one.
pub fn pupil_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The tables that hold a pupil's data, emptied of it when the pupil is
/// removed (its games stay, under `deleted player`: they are their
/// opponents' too).
pub(super) const PUPIL_TABLES: [&str; 6] = [
    "class_pupils",
    "lesson_answers",
    "puzzle_attempts",
    "puzzle_players",
    "rating_history",
    "ratings",
];

pub(super) const CLASS_COLUMNS: &str = "id, code, name, ruleset, teacher, created, tournament";
pub(super) const PUPIL_COLUMNS: &str = "class_id, player_id, name, code, joined, last_seen";

/// A class from a row of either store with the [`CLASS_COLUMNS`].
pub(super) fn class_from<R: Columns>(r: &R) -> Result<ClassRow, R::Error> {
    from_columns!(r => ClassRow { id, code, name, ruleset, teacher, created, tournament })
}

/// A pupil from a row of either store with the [`PUPIL_COLUMNS`].
pub(super) fn pupil_from<R: Columns>(r: &R) -> Result<PupilRow, R::Error> {
    from_columns!(r => PupilRow { class_id, player, name, code, joined, last_seen })
}

const NO_CLASSES: &str = "this store keeps no classes";

/// The classes' part of the store. A store without classes (one made for a
/// test) says so: each method's default answers `Unsupported`.
pub trait ClassStore {
    crate::store::unsupported! { NO_CLASSES;
        /// Stores a new class; `false` (nothing stored) if its id or code is
        /// taken.
        fn create_class(&self, row: &ClassRow) -> Result<bool, StoreError>;
        /// The class with this id.
        fn class(&self, id: &str) -> Result<Option<ClassRow>, StoreError>;
        /// The class with this join code (upper case).
        fn class_by_code(&self, code: &str) -> Result<Option<ClassRow>, StoreError>;
        /// A teacher's classes, newest first.
        fn classes_of(&self, teacher: &str) -> Result<Vec<ClassRow>, StoreError>;
        /// Sends the class's pupils to this tournament.
        fn set_class_tournament(&self, class: &str, tournament: &str) -> Result<(), StoreError>;
        /// A pupil's account and place in its class, stored together; `false`
        /// (nothing stored) if the account's name or the first name in the
        /// class is taken.
        fn add_pupil(&self, account: &PlayerRow, pupil: &PupilRow) -> Result<bool, StoreError>;
        /// A class's pupils, by first name.
        fn pupils(&self, class: &str) -> Result<Vec<PupilRow>, StoreError>;
        /// The pupil with this pupil code.
        fn pupil_by_code(&self, code: &str) -> Result<Option<PupilRow>, StoreError>;
        /// The pupil this account is, if it is one.
        fn pupil_of(&self, player: &str) -> Result<Option<PupilRow>, StoreError>;
        /// A new pupil code for a pupil, whose sessions end; `false` if there
        /// is no such pupil.
        fn set_pupil_code(&self, player: &str, code: &str) -> Result<bool, StoreError>;
        /// Removes a pupil and deletes its data (see `sqlite.rs`).
        fn remove_pupil(&self, player: &str) -> Result<(), StoreError>;
        /// A pupil was seen at `at` (nothing for an account that is not one).
        fn pupil_seen(&self, player: &str, at: i64) -> Result<(), StoreError>;
        /// A lesson's exercise answered right by an account (0: a lesson
        /// without exercises read); kept once.
        fn record_answer(&self, player: &str, ruleset: &str, lesson: &str, exercise: i64, at: i64)
            -> Result<(), StoreError>;
        /// What an account has done: exercises answered, puzzles solved,
        /// games played.
        fn progress(&self, player: &str) -> Result<Progress, StoreError>;
    }
}

/// The [`ClassStore`] methods written once for both stores (`sqlite.rs`,
/// `pg.rs`), in SQL for both (`crate::store::Query`); each store has its
/// own `progress_of` and other writes.
macro_rules! class_methods {
    () => {
        fn class(&self, id: &str) -> Result<Option<ClassRow>, StoreError> {
            self.find("classes", CLASS_COLUMNS, "id", id, |r| class_from(r))
        }

        fn class_by_code(&self, code: &str) -> Result<Option<ClassRow>, StoreError> {
            self.find("classes", CLASS_COLUMNS, "code", code, |r| class_from(r))
        }

        fn classes_of(&self, teacher: &str) -> Result<Vec<ClassRow>, StoreError> {
            let sql = format!(
                "SELECT {CLASS_COLUMNS} FROM classes WHERE teacher = ?1
                 ORDER BY created DESC, id {}",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&teacher], |r| class_from(r))
        }

        fn pupils(&self, class: &str) -> Result<Vec<PupilRow>, StoreError> {
            let sql = format!(
                "SELECT {PUPIL_COLUMNS} FROM class_pupils WHERE class_id = ?1
                 ORDER BY name_key {}, joined",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&class], |r| pupil_from(r))
        }

        fn pupil_by_code(&self, code: &str) -> Result<Option<PupilRow>, StoreError> {
            self.find("class_pupils", PUPIL_COLUMNS, "code", code, |r| pupil_from(r))
        }

        fn pupil_of(&self, player: &str) -> Result<Option<PupilRow>, StoreError> {
            self.find("class_pupils", PUPIL_COLUMNS, "player_id", player, |r| pupil_from(r))
        }

        fn progress(&self, player: &str) -> Result<Progress, StoreError> {
            self.progress_of(player)
        }

        fn set_class_tournament(&self, class: &str, tournament: &str) -> Result<(), StoreError> {
            self.exec("UPDATE classes SET tournament = ?2 WHERE id = ?1", &[&class, &tournament])?;
            Ok(())
        }

        fn pupil_seen(&self, player: &str, at: i64) -> Result<(), StoreError> {
            self.exec(
                "UPDATE class_pupils SET last_seen = ?2 WHERE player_id = ?1 AND last_seen < ?2",
                &[&player, &at],
            )?;
            Ok(())
        }

        fn record_answer(
            &self,
            player: &str,
            ruleset: &str,
            lesson: &str,
            exercise: i64,
            at: i64,
        ) -> Result<(), StoreError> {
            self.exec(
                "INSERT INTO lesson_answers (player_id, ruleset, lesson, exercise, at)
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
                &[&player, &ruleset, &lesson, &exercise, &at],
            )?;
            Ok(())
        }
    };
}
pub(super) use class_methods;
