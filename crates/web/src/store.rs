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

pub use accounts::AccountStore;
pub(crate) use group::Apply;
use group::Write;
pub use group::WriteStats;

pub(crate) use group::delete_account;
pub use pg::Postgres;
pub(crate) use pg::{count, delete_account as delete_account_pg, Failure};
use rusqlite::{params, Connection, OptionalExtension};
use std::fmt;
use std::path::Path;
use std::sync::Mutex;

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

/// A row of either store, read by column index: one function maps a
/// table's rows for both (SQLite's `get`, PostgreSQL's `try_get`).
pub(crate) trait Columns {
    type Error;
    /// Column `i`.
    fn at<T: Value>(&self, i: usize) -> Result<T, Self::Error>;
}

impl Columns for rusqlite::Row<'_> {
    type Error = rusqlite::Error;
    fn at<T: Value>(&self, i: usize) -> rusqlite::Result<T> {
        self.get(i)
    }
}

impl Columns for postgres::Row {
    type Error = Failure;
    fn at<T: Value>(&self, i: usize) -> Result<T, Failure> {
        Ok(self.try_get(i)?)
    }
}

/// `Ok($ty { .. })` from a row of either store ([`Columns`]): its fields
/// named in column order, from the first.
macro_rules! from_columns {
    ($r:expr => $ty:ident { $($field:ident),+ $(,)? }) => {{
        let (r, mut column) = ($r, 0..);
        Ok($ty { $($field: $crate::store::Columns::at(r, column.next().unwrap_or_default())?),+ })
    }};
}
pub(crate) use from_columns;

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

const COLUMNS: &str = "id, ruleset, version, setup, mode, level, south_name, north_name, \
     south_token, north_token, invite, computer, status, result, ending, rematch, created, updated, \
     offer, clock_initial_ms, clock_increment_ms, clock_south_ms, clock_north_ms, turn_started, \
     match_id, match_game, rated, south_player, north_player, correspondence_days, lot_seed";

/// How many columns `COLUMNS` names.
const COLUMN_COUNT: usize = 31;

/// Column `i`, text stored for one of the enums above (`NULL` is `None`).
fn enum_column<T>(
    r: &rusqlite::Row<'_>,
    i: usize,
    column: &str,
    parse: fn(&str) -> Option<T>,
) -> rusqlite::Result<Option<T>> {
    let value: Option<String> = r.get(i)?;
    value.map(|v| stored(column, &v, parse)).transpose().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())
    })
}

/// A value that must not be `NULL` in column `i`.
fn required<T>(value: Option<T>, i: usize) -> rusqlite::Result<T> {
    value.ok_or(rusqlite::Error::InvalidColumnType(i, "NULL".into(), rusqlite::types::Type::Null))
}

fn row_from(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        ruleset: r.get(1)?,
        version: r.get(2)?,
        setup: r.get(3)?,
        mode: required(enum_column(r, 4, "mode", Mode::parse)?, 4)?,
        level: r.get(5)?,
        south_name: r.get(6)?,
        north_name: r.get(7)?,
        south_token: r.get(8)?,
        north_token: r.get(9)?,
        invite: r.get(10)?,
        computer: enum_column(r, 11, "computer", side_of)?,
        status: required(enum_column(r, 12, "status", Status::parse)?, 12)?,
        result: enum_column(r, 13, "result", GameResult::parse)?,
        ending: enum_column(r, 14, "ending", GameEnding::parse)?,
        rematch: r.get(15)?,
        created: r.get(16)?,
        updated: r.get(17)?,
        offer: enum_column(r, 18, "offer", side_of)?,
        clock: match (r.get(19)?, r.get(20)?, r.get(21)?, r.get(22)?) {
            (Some(initial_ms), Some(increment_ms), Some(south_ms), Some(north_ms)) => {
                Some(Clock { initial_ms, increment_ms, south_ms, north_ms })
            }
            _ => None,
        },
        turn_started: r.get(23)?,
        match_id: r.get(24)?,
        match_game: r.get(25)?,
        rated: r.get(26)?,
        south_player: r.get(27)?,
        north_player: r.get(28)?,
        days: r.get(29)?,
        // Stored as the signed 64-bit integer with the same bits.
        lot_seed: r.get::<_, Option<i64>>(30)?.map(|s| s as u64),
    })
}

/// The clock's four columns, all `NULL` for a game without one.
fn clock_columns(clock: Option<Clock>) -> [Option<i64>; 4] {
    match clock {
        Some(c) => [Some(c.initial_ms), Some(c.increment_ms), Some(c.south_ms), Some(c.north_ms)],
        None => [None; 4],
    }
}

pub(crate) fn insert_row(conn: &Connection, row: &GameRow) -> rusqlite::Result<usize> {
    let placeholders: Vec<String> = (1..=COLUMN_COUNT).map(|i| format!("?{i}")).collect();
    let [initial, increment, south, north] = clock_columns(row.clock);
    conn.execute(
        &format!("INSERT INTO games ({COLUMNS}) VALUES ({})", placeholders.join(", ")),
        params![
            row.id,
            row.ruleset,
            row.version,
            row.setup,
            row.mode.id(),
            row.level,
            row.south_name,
            row.north_name,
            row.south_token,
            row.north_token,
            row.invite,
            row.computer.map(side_id),
            row.status.id(),
            row.result.map(GameResult::id),
            row.ending.map(GameEnding::id),
            row.rematch,
            row.created,
            row.updated,
            row.offer.map(side_id),
            initial,
            increment,
            south,
            north,
            row.turn_started,
            row.match_id,
            row.match_game,
            row.rated,
            row.south_player,
            row.north_player,
            row.days,
            row.lot_seed.map(|s| s as i64)
        ],
    )
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

    /// The row `sql` finds with `params` (on the reading connection), if
    /// any, read by `from`.
    pub(crate) fn query_one<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        from: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        Ok(self.conn().query_row(sql, params, from).optional()?)
    }

    /// Every row `sql` finds with `params` (on the reading connection),
    /// read by `from`.
    pub(crate) fn query_all<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        from: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map(params, from)?.collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
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

fn save_row(conn: &Connection, row: &GameRow) -> rusqlite::Result<usize> {
    let [initial, increment, south, north] = clock_columns(row.clock);
    conn.execute(
        "UPDATE games SET south_name = ?2, north_name = ?3, south_token = ?4, north_token = ?5,
             invite = ?6, status = ?7, result = ?8, ending = ?9, rematch = ?10, updated = ?11,
             offer = ?12, clock_initial_ms = ?13, clock_increment_ms = ?14,
             clock_south_ms = ?15, clock_north_ms = ?16, turn_started = ?17,
             south_player = ?18, north_player = ?19
         WHERE id = ?1",
        params![
            row.id,
            row.south_name,
            row.north_name,
            row.south_token,
            row.north_token,
            row.invite,
            row.status.id(),
            row.result.map(GameResult::id),
            row.ending.map(GameEnding::id),
            row.rematch,
            row.updated,
            row.offer.map(side_id),
            initial,
            increment,
            south,
            north,
            row.turn_started,
            row.south_player,
            row.north_player
        ],
    )
}

/// Saves a header that must exist.
fn save_existing(conn: &Connection, row: &GameRow) -> Result<(), StoreError> {
    match save_row(conn, row)? {
        1 => Ok(()),
        _ => Err(StoreError::NotFound(format!("no game {}", row.id))),
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
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], row_from)
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
                Ok((row_from(r)?, r.get::<_, u32>(COLUMN_COUNT)?))
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
        let games = stmt.query_map([id], row_from)?.collect::<Result<Vec<_>, _>>()?;
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
