//! Storage of games and their moves, behind a small blocking trait with two
//! implementations, SQLite (below, the default) and PostgreSQL (`pg.rs`),
//! which run through the same storage tests. The server calls it from
//! `spawn_blocking`.
//!
//! A game is stored as its header row and its moves; the position is never
//! stored: it is rebuilt by replaying the moves with the rules library, which
//! also validates them.

mod accounts;
mod group;
mod pg;
mod rated;
pub mod schema;

pub use accounts::{AccountStore, NewSession};
pub(crate) use group::Apply;
use group::Write;
pub use group::WriteStats;

pub(crate) use group::delete_account;
pub use pg::Postgres;
pub(crate) use pg::{delete_account as delete_account_pg, Failure};
use rusqlite::{params, Connection, OptionalExtension};
use std::fmt;
use std::path::Path;
use std::sync::{LazyLock, Mutex};

use crate::game::stored;
pub use crate::game::{
    side_id, side_of, Clock, GameEnding, GameResult, GameRow, MatchRow, Mode, SeatTokens, Status,
    StoredGame, StoredReview,
};
pub use crate::rating::{HistoryRow, RatingRow};

/// A value both stores read alike (text, integers, booleans, and their
/// `NULL`able forms).
pub(crate) trait Value:
    rusqlite::types::FromSql + for<'a> postgres::types::FromSql<'a>
{
}

impl<T: rusqlite::types::FromSql + for<'a> postgres::types::FromSql<'a>> Value for T {}

/// A parameter both stores bind alike. PostgreSQL is strict about types:
/// `i64` for a `BIGINT`, `i16` for a `SMALLINT`, `bool` for a `BOOLEAN`, and
/// never `u32` (which it binds as an object id).
pub(crate) trait Param: rusqlite::ToSql + Sync {
    /// The value as PostgreSQL binds it.
    fn pg(&self) -> &(dyn postgres::types::ToSql + Sync);
}

impl<T: rusqlite::ToSql + postgres::types::ToSql + Sync> Param for T {
    fn pg(&self) -> &(dyn postgres::types::ToSql + Sync) {
        self
    }
}

/// A row of either store, read by column index: one function maps a
/// table's rows for both (SQLite's `get`, PostgreSQL's `try_get`).
pub(crate) trait Columns {
    type Error;
    /// Column `i`.
    fn at<T: Value>(&self, i: usize) -> Result<T, Self::Error>;
    /// The error that column `i` holds what cannot be read back (`why`).
    fn unreadable(&self, i: usize, why: String) -> Self::Error;

    /// Column `i`, stored as the wider integer `S` (PostgreSQL has no
    /// unsigned types), as a `T`; out of its range, the stored `what` is
    /// unreadable.
    fn narrowed<S, T>(&self, i: usize, what: &str) -> Result<T, Self::Error>
    where
        S: Value + Copy + fmt::Display,
        T: TryFrom<S>,
    {
        narrow(self, i, what, self.at::<S>(i)?)
    }

    /// [`Columns::narrowed`] for a column that may be `NULL`.
    fn narrowed_or_null<S, T>(&self, i: usize, what: &str) -> Result<Option<T>, Self::Error>
    where
        S: Value + Copy + fmt::Display,
        T: TryFrom<S>,
    {
        self.at::<Option<S>>(i)?.map(|value| narrow(self, i, what, value)).transpose()
    }

    /// Column `i`, a count (a `BIGINT` in PostgreSQL).
    fn count(&self, i: usize) -> Result<u32, Self::Error> {
        self.narrowed::<i64, u32>(i, "count")
    }

    /// Column `i`, the text stored for an enum (`NULL` is `None`), read by
    /// `parse` (`column` names it in errors).
    fn parsed<T>(
        &self,
        i: usize,
        column: &str,
        parse: fn(&str) -> Option<T>,
    ) -> Result<Option<T>, Self::Error> {
        let text: Option<String> = self.at(i)?;
        text.map(|t| stored(column, &t, parse)).transpose().map_err(|why| self.unreadable(i, why))
    }
}

impl Columns for rusqlite::Row<'_> {
    type Error = rusqlite::Error;
    fn at<T: Value>(&self, i: usize) -> rusqlite::Result<T> {
        self.get(i)
    }
    fn unreadable(&self, i: usize, why: String) -> rusqlite::Error {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, why.into())
    }
}

impl Columns for postgres::Row {
    type Error = Failure;
    fn at<T: Value>(&self, i: usize) -> Result<T, Failure> {
        Ok(self.try_get(i)?)
    }
    fn unreadable(&self, _: usize, why: String) -> Failure {
        Failure::Data(why)
    }
}

/// `value`, read from column `i` of `r`, as a `T` (see [`Columns::narrowed`]).
fn narrow<R, S, T>(r: &R, i: usize, what: &str, value: S) -> Result<T, R::Error>
where
    R: Columns + ?Sized,
    S: Copy + fmt::Display,
    T: TryFrom<S>,
{
    T::try_from(value)
        .map_err(|_| r.unreadable(i, format!("stored {what} {value} is out of range")))
}

/// `Ok($ty { .. })` from a row of either store ([`Columns`]): its fields
/// named in column order, from the first, each read by [`Columns::at`] or
/// by the method named after it (`games: count`).
macro_rules! from_columns {
    ($r:expr => $ty:ident { $($field:ident $(: $read:ident)?),+ $(,)? }) => {{
        let (r, mut column) = ($r, 0..);
        Ok($ty {
            $($field: $crate::store::from_columns!(@read r, column.next() $(, $read)?)?),+
        })
    }};
    (@read $r:ident, $i:expr) => {
        $crate::store::Columns::at($r, $i.unwrap_or_default())
    };
    (@read $r:ident, $i:expr, $read:ident) => {
        $crate::store::Columns::$read($r, $i.unwrap_or_default())
    };
}
pub(crate) use from_columns;

/// Declares trait methods whose default answers `Unsupported(why)`: the
/// parts of the store that a store made for one purpose (a test's) may
/// lack. Each is written as a declaration in a trait is.
macro_rules! unsupported {
    ($why:expr; $($(#[$attr:meta])* fn $name:ident(&self $(, $arg:ident: $ty:ty)* $(,)?) -> $ret:ty;)*) => {
        $(
            $(#[$attr])*
            #[allow(unused_variables)]
            fn $name(&self $(, $arg: $ty)*) -> $ret {
                Err($crate::store::StoreError::Unsupported($why))
            }
        )*
    };
}
pub(crate) use unsupported;

/// What a query answers, as the caller's type says (like `collect`): every
/// row (a `Vec`), or the first, if any (an `Option`).
pub(crate) trait Answer<T>: Sized {
    /// Takes what it keeps of `rows`.
    fn read<E>(rows: impl Iterator<Item = Result<T, E>>) -> Result<Self, E>;
}

impl<T> Answer<T> for Vec<T> {
    fn read<E>(rows: impl Iterator<Item = Result<T, E>>) -> Result<Self, E> {
        rows.collect()
    }
}

impl<T> Answer<T> for Option<T> {
    fn read<E>(mut rows: impl Iterator<Item = Result<T, E>>) -> Result<Self, E> {
        rows.next().transpose()
    }
}

/// Either store, read and written with SQL written once for both: its
/// parameters are `?1`, `?2`, ... (the PostgreSQL store makes them `$1`,
/// `$2`, ...) of types both bind alike ([`Param`]), and its rows are read
/// by one function for both ([`Columns`]).
pub(crate) trait Query {
    /// A row of this store's answers.
    type Row<'r>: Columns<Error = Self::Failure>;
    /// What reading a row fails with.
    type Failure;
    /// The rows `sql` finds with `params`, each read by `from`: all of them
    /// or the first ([`Answer`]).
    fn query<T, A: Answer<T>>(
        &self,
        sql: &str,
        params: &[&dyn Param],
        from: impl FnMut(&Self::Row<'_>) -> Result<T, Self::Failure>,
    ) -> Result<A, StoreError>;

    /// Runs one write, `sql` with `params`, in a transaction of its own;
    /// how many rows it changed.
    fn exec(&self, sql: &str, params: &[&dyn Param]) -> Result<usize, StoreError>;

    /// The row of `table` whose `key` column is `value`, if any: its
    /// `columns`, read by `from`.
    fn find<T>(
        &self,
        table: &str,
        columns: &str,
        key: &str,
        value: &str,
        from: impl FnMut(&Self::Row<'_>) -> Result<T, Self::Failure>,
    ) -> Result<Option<T>, StoreError> {
        self.query(&format!("SELECT {columns} FROM {table} WHERE {key} = ?1"), &[&value], from)
    }

    /// What makes an `ORDER BY` of text compare bytes, as SQLite does by
    /// default: nothing there, `COLLATE "C"` in PostgreSQL (whose default
    /// follows the database's locale).
    const BYTE_ORDER: &'static str = "";
    /// What makes a `SELECT` lock the rows it reads until its transaction
    /// ends, so that a change to them waits: nothing in SQLite (whose one
    /// writer makes one change at a time), `FOR SHARE` in PostgreSQL.
    const SHARE_ROWS: &'static str = "";
}

/// A connection or transaction of either store, in which the statements of
/// a write written once for both run (SQL as for [`Query`]).
pub(crate) trait Db {
    /// What a statement fails with.
    type Failure;
    /// Runs `sql` with `params`; how many rows it changed.
    fn exec(&mut self, sql: &str, params: &[&dyn Param]) -> Result<usize, Self::Failure>;
}

impl Db for &Connection {
    type Failure = rusqlite::Error;
    fn exec(&mut self, sql: &str, params: &[&dyn Param]) -> rusqlite::Result<usize> {
        self.execute(sql, rusqlite::params_from_iter(params))
    }
}

impl<D: Db + ?Sized> Db for &mut D {
    type Failure = D::Failure;
    fn exec(&mut self, sql: &str, params: &[&dyn Param]) -> Result<usize, D::Failure> {
        (**self).exec(sql, params)
    }
}

/// A player's account. The name keeps the case it was registered with;
/// two names that differ only in case are the same name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// A random id, never shown: games and sessions refer to it, so a
    /// deleted account's name can be taken again.
    pub id: String,
    pub name: String,
    /// The Argon2id hash in the PHC string format (salt and parameters
    /// included); empty once the account is deleted.
    pub password: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    pub deleted: bool,
}

/// Which of an account's games to list: unfinished ones (`active`) or
/// finished ones, all or only those against `opponent` (an account id),
/// all or only rated ones, and a page; newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerGames {
    pub active: bool,
    pub opponent: Option<String>,
    pub rated_only: bool,
    pub limit: u32,
    pub offset: u32,
}

pub use rated::DELETED_PLAYER;

/// A storage failure (the database itself, not the caller's input), by
/// what the caller can do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Another write came first: a rematch that has begun, a tournament
    /// saved over since it was read. Read again and decide again.
    Conflict(String),
    /// What the write needs is not there: an unknown game, no living
    /// account with that password, a removed pupil.
    NotFound(String),
    /// The database cannot be reached, or stayed busy: a later try may work.
    Unavailable(String),
    /// This store does not keep that (a store made for one purpose).
    Unsupported(&'static str),
    /// Anything else the database said, or stored data that cannot be read
    /// back.
    Failed(String),
}

impl StoreError {
    /// What went wrong, in words (for the log).
    pub fn message(&self) -> &str {
        match self {
            StoreError::Conflict(m)
            | StoreError::NotFound(m)
            | StoreError::Unavailable(m)
            | StoreError::Failed(m) => m,
            StoreError::Unsupported(m) => m,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage: {}", self.message())
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode::{DatabaseBusy, DatabaseLocked};
        match e.sqlite_error_code() {
            Some(DatabaseBusy | DatabaseLocked) => StoreError::Unavailable(e.to_string()),
            _ => StoreError::Failed(e.to_string()),
        }
    }
}

/// Which finished games to list: one game (a ruleset id) or all, the games
/// of one player (part of a name, compared without regard to case: ASCII
/// letters only in SQLite, every letter in PostgreSQL) or all, and a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finished {
    pub game: Option<String>,
    pub player: Option<String>,
    pub limit: u32,
    pub offset: u32,
}

impl Finished {
    /// The newest `limit` finished games, of every game and player.
    pub fn newest(limit: u32) -> Finished {
        Finished { limit, ..Finished::default() }
    }
}

/// Games and moves, matches, clocks, reviews and the health check: the
/// store's part of the game's life. Every method is blocking and durable on
/// return: a move is on disk before `append_move` returns, so it can be
/// acknowledged. The whole store a server uses is [`crate::Store`]: this,
/// [`AccountStore`] and each feature's part (tournaments', classes',
/// puzzles', compositions').
pub trait GameStore: Send + Sync + 'static {
    /// Stores a new game with its moves so far (an uploaded record has some).
    fn create(&self, row: &GameRow, moves: &[String]) -> Result<(), StoreError>;
    /// A game and its moves, or `None` if there is no such game.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// Replaces a game's header (status, names, tokens, ...).
    fn save(&self, row: &GameRow) -> Result<(), StoreError>;
    /// Stores move number `ply` (1-based) and the header after it, in one
    /// transaction. Fails if that ply is already stored.
    fn append_move(&self, row: &GameRow, ply: u32, letter: &str) -> Result<(), StoreError>;
    /// Keeps only the first `plies` moves (an undo) and saves the header.
    fn truncate_moves(&self, row: &GameRow, plies: u32) -> Result<(), StoreError>;
    /// Finished games that pass `filter`, newest first, with their move
    /// counts: at most `filter.limit` of them, after skipping `filter.offset`.
    fn finished(&self, filter: &Finished) -> Result<Vec<(GameRow, u32)>, StoreError>;

    // Rematches, matches, clocks and reviews.

    /// Stores a new game and saves the header of the game it follows (its
    /// `rematch` now naming the new one), in one transaction.
    fn create_next(&self, previous: &GameRow, next: &GameRow) -> Result<(), StoreError>;
    /// The game whose rematch is `next`, if any.
    fn previous_of(&self, next: &str) -> Result<Option<String>, StoreError>;
    /// Calls off a rematch that has not begun: deletes game `next` (only if
    /// it is unfinished and has no move) and saves `previous` (its
    /// `rematch` cleared), in one transaction. `false`, and nothing
    /// changed, if `next` has begun (or is gone).
    fn call_off_rematch(&self, previous: &GameRow, next: &str) -> Result<bool, StoreError>;
    /// Stores a new match and its first game, in one transaction.
    fn create_match(&self, row: &MatchRow, first: &GameRow) -> Result<(), StoreError>;
    /// A match and its games in order, or `None` if there is no such match.
    fn load_match(&self, id: &str) -> Result<Option<(MatchRow, Vec<GameRow>)>, StoreError>;
    /// The ids of unfinished games whose clock is running, so that the
    /// server can watch them again after a restart.
    fn running_clocks(&self) -> Result<Vec<String>, StoreError>;
    /// The seat tokens (south's, north's) of the unfinished online games
    /// among `ids`, by id: what `POST /api/waiting` checks a page's seats
    /// against before it loads any game.
    fn online_seats(&self, ids: &[String]) -> Result<Vec<SeatTokens>, StoreError>;
    /// A trivial query, for `GET /healthz`: a game that does not exist is
    /// looked up.
    fn ping(&self) -> Result<(), StoreError> {
        self.load("healthz-probe").map(|_| ())
    }
    /// A write that must reach the disk, for `GET /healthz`: the one row
    /// of the `health` table gets the time of the check (seconds since the
    /// epoch). A store that reads but cannot write fails here.
    fn probe_write(&self, at: i64) -> Result<(), StoreError>;
    /// The stored review of a game, if any.
    fn load_review(&self, game: &str) -> Result<Option<StoredReview>, StoreError>;
    /// Stores (or replaces) a game's review.
    fn save_review(&self, game: &str, review: &StoredReview) -> Result<(), StoreError>;
}

/// SQLite in WAL mode with `synchronous=FULL`: a committed transaction
/// survives a crash or power loss, so an acknowledged move is never lost.
///
/// Writes go through one writer thread with a connection of its own, which
/// commits every write waiting for it in one transaction (group commit, see
/// `group.rs`): the callers still block until their write is durable, but
/// many of them share one fsync. Reads use a second connection, so they
/// never wait behind a commit (WAL lets them read while it writes).
pub struct Sqlite {
    read: Mutex<Connection>,
    writer: group::Writer,
}

/// The games table's columns, in the order of [`game_values`] and
/// [`game_from`], which both stores write and read them with: adding one
/// means adding it there and a numbered migration of each store to
/// `schema.rs` (which upgrades an older database on opening).
const COLUMNS: &str = "id, ruleset, version, setup, mode, level, south_name, north_name, \
     south_token, north_token, invite, computer, status, result, ending, rematch, created, updated, \
     offer, clock_initial_ms, clock_increment_ms, clock_south_ms, clock_north_ms, turn_started, \
     match_id, match_game, rated, south_player, north_player, correspondence_days, lot_seed";

/// How many columns `COLUMNS` names.
const COLUMN_COUNT: usize = 31;

/// The columns set when a game is created and never changed by `save`;
/// every other column is saved.
const FIXED: &str = "id, ruleset, version, setup, mode, level, computer, created, match_id, \
     match_game, rated, correspondence_days, lot_seed";

/// A header's values, in [`COLUMNS`] order. Unsigned numbers go in signed
/// columns one size up (PostgreSQL has no unsigned types), so writing
/// cannot fail.
fn game_values(row: &GameRow) -> [Box<dyn Param + '_>; COLUMN_COUNT] {
    let clock = |part: fn(&Clock) -> i64| row.clock.as_ref().map(part);
    [
        Box::new(&row.id),
        Box::new(&row.ruleset),
        Box::new(i64::from(row.version)),
        Box::new(&row.setup),
        Box::new(row.mode.id()),
        Box::new(row.level.map(i16::from)),
        Box::new(&row.south_name),
        Box::new(&row.north_name),
        Box::new(&row.south_token),
        Box::new(&row.north_token),
        Box::new(&row.invite),
        Box::new(row.computer.map(side_id)),
        Box::new(row.status.id()),
        Box::new(row.result.map(GameResult::id)),
        Box::new(row.ending.map(GameEnding::id)),
        Box::new(&row.rematch),
        Box::new(row.created),
        Box::new(row.updated),
        Box::new(row.offer.map(side_id)),
        Box::new(clock(|c| c.initial_ms)),
        Box::new(clock(|c| c.increment_ms)),
        Box::new(clock(|c| c.south_ms)),
        Box::new(clock(|c| c.north_ms)),
        Box::new(row.turn_started),
        Box::new(&row.match_id),
        Box::new(row.match_game.map(i64::from)),
        Box::new(row.rated),
        Box::new(&row.south_player),
        Box::new(&row.north_player),
        Box::new(row.days.map(i64::from)),
        // The signed 64-bit integer with the same bits.
        Box::new(row.lot_seed.map(|s| s as i64)),
    ]
}

/// The statements that write a header, built from [`COLUMNS`] once.
struct GameSql {
    insert: String,
    /// `UPDATE games SET ... WHERE id = ?1`, and which values (indices into
    /// [`COLUMNS`]) its parameters are, in order.
    update: String,
    update_values: Vec<usize>,
}

static GAME_SQL: LazyLock<GameSql> = LazyLock::new(|| {
    let columns: Vec<&str> = COLUMNS.split(", ").collect();
    assert_eq!(columns.len(), COLUMN_COUNT, "COLUMNS names COLUMN_COUNT columns");
    let placeholders: Vec<String> = (1..=COLUMN_COUNT).map(|i| format!("?{i}")).collect();
    let mut update_values = vec![0]; // the id, ?1
    let mut sets = Vec::new();
    for (i, column) in columns.iter().enumerate() {
        if !FIXED.split(", ").any(|fixed| fixed == *column) {
            update_values.push(i);
            sets.push(format!("{column} = ?{}", update_values.len()));
        }
    }
    GameSql {
        insert: format!("INSERT INTO games ({COLUMNS}) VALUES ({})", placeholders.join(", ")),
        update: format!("UPDATE games SET {} WHERE id = ?1", sets.join(", ")),
        update_values,
    }
});

/// Inserts a game's header, in the caller's transaction (either store's).
pub(crate) fn insert_game<D: Db>(mut db: D, row: &GameRow) -> Result<usize, D::Failure> {
    let values = game_values(row);
    let params: Vec<&dyn Param> = values.iter().map(|v| &**v).collect();
    db.exec(&GAME_SQL.insert, &params)
}

/// Saves a game's header (every column but the [`FIXED`] ones), in the
/// caller's transaction (either store's); how many rows it changed (none:
/// there is no such game).
pub(crate) fn save_game<D: Db>(mut db: D, row: &GameRow) -> Result<usize, D::Failure> {
    let values = game_values(row);
    let params: Vec<&dyn Param> = GAME_SQL.update_values.iter().map(|&i| &*values[i]).collect();
    db.exec(&GAME_SQL.update, &params)
}

/// Column `i`, the text stored for an enum that is never `NULL` (see
/// [`Columns::parsed`]).
pub(crate) fn required<R: Columns, T>(
    r: &R,
    i: usize,
    column: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<T, R::Error> {
    stored(column, &r.at::<String>(i)?, parse).map_err(|why| r.unreadable(i, why))
}

/// A game's header from a row of either store whose first columns are the
/// [`COLUMNS`].
pub(crate) fn game_from<R: Columns>(r: &R) -> Result<GameRow, R::Error> {
    let clock = match (r.at(19)?, r.at(20)?, r.at(21)?, r.at(22)?) {
        (Some(initial_ms), Some(increment_ms), Some(south_ms), Some(north_ms)) => {
            Some(Clock { initial_ms, increment_ms, south_ms, north_ms })
        }
        _ => None,
    };
    Ok(GameRow {
        id: r.at(0)?,
        ruleset: r.at(1)?,
        version: r.narrowed::<i64, _>(2, "rules version")?,
        setup: r.at(3)?,
        mode: required(r, 4, "mode", Mode::parse)?,
        level: r.narrowed_or_null::<i16, _>(5, "level")?,
        south_name: r.at(6)?,
        north_name: r.at(7)?,
        south_token: r.at(8)?,
        north_token: r.at(9)?,
        invite: r.at(10)?,
        computer: r.parsed(11, "computer", side_of)?,
        status: required(r, 12, "status", Status::parse)?,
        result: r.parsed(13, "result", GameResult::parse)?,
        ending: r.parsed(14, "ending", GameEnding::parse)?,
        rematch: r.at(15)?,
        created: r.at(16)?,
        updated: r.at(17)?,
        offer: r.parsed(18, "offer", side_of)?,
        clock,
        turn_started: r.at(23)?,
        match_id: r.at(24)?,
        match_game: r.narrowed_or_null::<i64, _>(25, "match game")?,
        rated: r.at(26)?,
        south_player: r.at(27)?,
        north_player: r.at(28)?,
        days: r.narrowed_or_null::<i64, _>(29, "days per move")?,
        // Stored as the signed 64-bit integer with the same bits.
        lot_seed: r.at::<Option<i64>>(30)?.map(|s| s as u64),
    })
}

/// A header with its number of moves, from a row of either store that has
/// the [`COLUMNS`] and then the count.
pub(crate) fn game_with_plies<R: Columns>(r: &R) -> Result<(GameRow, u32), R::Error> {
    Ok((game_from(r)?, r.count(COLUMN_COUNT)?))
}

/// Whether a write that can lose to another was stored: `false` if it
/// failed and `lost()` finds why (what it would store is taken), else its
/// error.
pub(crate) fn stored_unless(
    answer: Result<(), StoreError>,
    lost: impl FnOnce() -> Result<bool, StoreError>,
) -> Result<bool, StoreError> {
    let Err(e) = answer else { return Ok(true) };
    if lost()? {
        Ok(false)
    } else {
        Err(e)
    }
}

/// `Ok` if a write changed one row (`n` of them), else `NotFound` with
/// `missing()`.
pub(crate) fn changed_one(n: usize, missing: impl FnOnce() -> String) -> Result<(), StoreError> {
    match n {
        1 => Ok(()),
        _ => Err(StoreError::NotFound(missing())),
    }
}

impl Sqlite {
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        if path.as_os_str().is_empty() || path.as_os_str() == ":memory:" {
            // The writer and the readers have connections of their own,
            // which would each get a database of their own.
            return Err(StoreError::Failed(
                "an in-memory SQLite database cannot be shared by the store's connections: \
                 name a file (sqlite://FILE)"
                    .into(),
            ));
        }
        let mut conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        schema::upgrade_sqlite(&mut conn, None)?;
        let read = Connection::open(path)?;
        read.busy_timeout(std::time::Duration::from_secs(5))?;
        read.pragma_update(None, "query_only", "ON")?;
        Ok(Sqlite { read: Mutex::new(read), writer: group::Writer::start(conn)? })
    }

    /// Hands a feature's write to the writer thread and waits until it is
    /// committed (see `group.rs`).
    pub(crate) fn write(&self, write: impl Apply + 'static) -> Result<(), StoreError> {
        self.writer.write(Write::Feature(Box::new(write)))
    }

    /// The reading connection.
    pub(crate) fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done
        // transaction behind (rusqlite rolls back on drop), so a poisoned
        // lock is still usable.
        self.read.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many transactions the writer has committed, and how many writes
    /// they held (more writes than transactions: commits were shared).
    pub fn write_stats(&self) -> WriteStats {
        self.writer.stats()
    }
}

/// Saves a header that must exist.
fn save_existing(conn: &Connection, row: &GameRow) -> Result<(), StoreError> {
    changed_one(save_game(conn, row)?, || format!("no game {}", row.id))
}

impl Query for Sqlite {
    type Row<'r> = rusqlite::Row<'r>;
    type Failure = rusqlite::Error;

    /// On the reading connection.
    fn query<T, A: Answer<T>>(
        &self,
        sql: &str,
        params: &[&dyn Param],
        from: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<A, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(sql)?;
        let answer = A::read(stmt.query_map(rusqlite::params_from_iter(params), from)?)?;
        Ok(answer)
    }

    /// On the writer thread, in its group commit (see `group.rs`).
    fn exec(&self, sql: &str, params: &[&dyn Param]) -> Result<usize, StoreError> {
        let statement = group::Statement::new(sql, params)?;
        let changed = statement.changed();
        self.write(statement)?;
        Ok(changed.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl GameStore for Sqlite {
    fn create(&self, row: &GameRow, moves: &[String]) -> Result<(), StoreError> {
        self.writer.write(Write::Create { row: row.clone(), moves: moves.to_vec() })
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let mut conn = self.conn();
        // One snapshot for the header and the moves: the writer may commit
        // between the two queries.
        let conn = conn.transaction()?;
        let row = conn
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], |r| {
                game_from(r)
            })
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let mut stmt = conn.prepare("SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let moves = stmt.query_map([id], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        drop(stmt);
        conn.finish()?;
        Ok(Some(StoredGame { row, moves }))
    }

    fn save(&self, row: &GameRow) -> Result<(), StoreError> {
        self.writer.write(Write::Save(row.clone()))
    }

    fn append_move(&self, row: &GameRow, ply: u32, letter: &str) -> Result<(), StoreError> {
        self.writer.write(Write::Append { row: row.clone(), ply, letter: letter.to_string() })
    }

    fn truncate_moves(&self, row: &GameRow, plies: u32) -> Result<(), StoreError> {
        self.writer.write(Write::Truncate { row: row.clone(), plies })
    }

    fn finished(&self, filter: &Finished) -> Result<Vec<(GameRow, u32)>, StoreError> {
        let conn = self.conn();
        let columns: Vec<String> = COLUMNS.split(", ").map(|c| format!("g.{c}")).collect();
        // instr, not LIKE: a name may hold % or _.
        let mut stmt = conn.prepare(&format!(
            "SELECT {}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM games g WHERE g.status = 'finished'
             AND (?1 IS NULL OR g.ruleset = ?1)
             AND (?2 IS NULL OR instr(lower(g.south_name), lower(?2)) > 0
                  OR instr(lower(g.north_name), lower(?2)) > 0)
             ORDER BY g.updated DESC, g.id LIMIT ?3 OFFSET ?4",
            columns.join(", ")
        ))?;
        let rows = stmt
            .query_map(params![filter.game, filter.player, filter.limit, filter.offset], |r| {
                game_with_plies(r)
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    fn create_next(&self, previous: &GameRow, next: &GameRow) -> Result<(), StoreError> {
        self.writer.write(Write::CreateNext {
            previous: Box::new(previous.clone()),
            next: Box::new(next.clone()),
        })
    }

    fn create_match(&self, row: &MatchRow, first: &GameRow) -> Result<(), StoreError> {
        self.writer.write(Write::CreateMatch { row: row.clone(), first: first.clone() })
    }

    fn previous_of(&self, next: &str) -> Result<Option<String>, StoreError> {
        let conn = self.conn();
        Ok(conn
            .query_row("SELECT id FROM games WHERE rematch = ?1 LIMIT 1", [next], |r| r.get(0))
            .optional()?)
    }

    fn call_off_rematch(&self, previous: &GameRow, next: &str) -> Result<bool, StoreError> {
        let write = Write::CallOff { previous: Box::new(previous.clone()), next: next.to_string() };
        match self.writer.write(write) {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    fn load_match(&self, id: &str) -> Result<Option<(MatchRow, Vec<GameRow>)>, StoreError> {
        let mut conn = self.conn();
        // One snapshot for the match and its games.
        let conn = conn.transaction()?;
        let row = conn
            .query_row(
                "SELECT id, ruleset, first_to, created FROM matches WHERE id = ?1",
                [id],
                |r| {
                    Ok(MatchRow {
                        id: r.get(0)?,
                        ruleset: r.get(1)?,
                        first_to: r.get(2)?,
                        created: r.get(3)?,
                    })
                },
            )
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let mut stmt = conn.prepare(&format!(
            "SELECT {COLUMNS} FROM games WHERE match_id = ?1 ORDER BY match_game"
        ))?;
        let games = stmt.query_map([id], |r| game_from(r))?.collect::<Result<Vec<_>, _>>()?;
        drop(stmt);
        conn.finish()?;
        Ok(Some((row, games)))
    }

    fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE status = 'active' AND turn_started IS NOT NULL
             AND clock_initial_ms IS NOT NULL ORDER BY id",
        )?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    fn probe_write(&self, at: i64) -> Result<(), StoreError> {
        self.writer.write(Write::Probe(at))
    }

    fn online_seats(&self, ids: &[String]) -> Result<Vec<SeatTokens>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, south_token, north_token FROM games
             WHERE id = ?1 AND mode = 'online' AND status = 'active'",
        )?;
        let mut seats = Vec::new();
        for id in ids {
            let found =
                stmt.query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional()?;
            seats.extend(found);
        }
        Ok(seats)
    }

    fn load_review(&self, game: &str) -> Result<Option<StoredReview>, StoreError> {
        let conn = self.conn();
        let review = conn
            .query_row("SELECT moves, review FROM reviews WHERE game_id = ?1", [game], |r| {
                Ok(StoredReview { moves: r.get(0)?, review: r.get(1)? })
            })
            .optional()?;
        Ok(review)
    }

    fn save_review(&self, game: &str, review: &StoredReview) -> Result<(), StoreError> {
        self.writer.write(Write::SaveReview { game: game.to_string(), review: review.clone() })
    }
}

/// The key that makes names unique without regard to case (names are
/// ASCII, see the API's rule).
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}
