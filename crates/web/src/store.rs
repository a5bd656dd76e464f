//! Storage of games and their moves, behind a small blocking trait with two
//! implementations, SQLite (below, the default) and PostgreSQL (`pg.rs`),
//! which run through the same storage tests. The server calls it from
//! `spawn_blocking`.
//!
//! A game is stored as its header row and its moves; the position is never
//! stored: it is rebuilt by replaying the moves with the rules library, which
//! also validates them.

mod pg;

pub use pg::Postgres;
use rusqlite::{params, Connection, OptionalExtension};
use std::fmt;
use std::path::Path;
use std::sync::Mutex;

/// One game's header: everything but its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    /// The ruleset's id and the version of its rules the game is played by.
    pub ruleset: String,
    pub version: u32,
    /// The start position in the one-line notation, if not the usual one.
    pub setup: Option<String>,
    /// `computer`, `local` or `online`.
    pub mode: String,
    /// The computer's level (1-8) in games against it.
    pub level: Option<u8>,
    pub south_name: String,
    pub north_name: String,
    /// Secret seat tokens (random, 128 bits). In a local game both seats
    /// share one token; the computer's seat has none.
    pub south_token: Option<String>,
    pub north_token: Option<String>,
    /// The invitation code of an online game's free seat, until it is taken.
    pub invite: Option<String>,
    /// Which seat the computer plays (`south`/`north`), in computer games.
    pub computer: Option<String>,
    /// `active` or `finished`.
    pub status: String,
    /// `south`, `north` or `draw` once finished.
    pub result: Option<String>,
    /// How it ended, as in the record format: a rules ending id, `agreed`,
    /// `resignation`.
    pub ending: Option<String>,
    /// The rematch game, once one was made.
    pub rematch: Option<String>,
    /// Seconds since the Unix epoch.
    pub created: i64,
    pub updated: i64,
}

/// A stored game: the header and the moves in order (letters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub row: GameRow,
    pub moves: Vec<String>,
}

/// A storage failure (the database itself, not the caller's input).
#[derive(Debug)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// Games and moves. Every method is blocking and durable on return: a move
/// is on disk before `append_move` returns, so it can be acknowledged.
pub trait Store: Send + Sync + 'static {
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
    /// Finished games, newest first, with their move counts.
    fn finished(&self, limit: u32) -> Result<Vec<(GameRow, u32)>, StoreError>;
}

/// Opens the store a `--database` URL names: `sqlite://FILE` or
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (`postgresql://` too).
/// Blocking (it connects and creates the tables): call it where blocking is
/// allowed, not on a thread that drives async tasks.
pub fn open(url: &str) -> Result<Box<dyn Store>, StoreError> {
    if let Some(path) = url.strip_prefix("sqlite://") {
        Ok(Box::new(Sqlite::open(Path::new(path))?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Box::new(Postgres::open(url)?))
    } else {
        // Only up to the first ':' is echoed: the rest may hold a password.
        let kind: String = url.chars().take_while(|&c| c != ':').take(40).collect();
        Err(StoreError(format!(
            "unknown kind of database URL '{kind}:...': use sqlite://FILE or \
             postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        )))
    }
}

/// SQLite in WAL mode with `synchronous=FULL`: a committed transaction
/// survives a crash or power loss, so an acknowledged move is never lost.
pub struct Sqlite {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    version INTEGER NOT NULL,
    setup TEXT,
    mode TEXT NOT NULL,
    level INTEGER,
    south_name TEXT NOT NULL,
    north_name TEXT NOT NULL,
    south_token TEXT,
    north_token TEXT,
    invite TEXT,
    computer TEXT,
    status TEXT NOT NULL,
    result TEXT,
    ending TEXT,
    rematch TEXT,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_status ON games(status, updated);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

const COLUMNS: &str = "id, ruleset, version, setup, mode, level, south_name, north_name, \
     south_token, north_token, invite, computer, status, result, ending, rematch, created, updated";

fn row_from(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        ruleset: r.get(1)?,
        version: r.get(2)?,
        setup: r.get(3)?,
        mode: r.get(4)?,
        level: r.get(5)?,
        south_name: r.get(6)?,
        north_name: r.get(7)?,
        south_token: r.get(8)?,
        north_token: r.get(9)?,
        invite: r.get(10)?,
        computer: r.get(11)?,
        status: r.get(12)?,
        result: r.get(13)?,
        ending: r.get(14)?,
        rematch: r.get(15)?,
        created: r.get(16)?,
        updated: r.get(17)?,
    })
}

impl Sqlite {
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        Ok(Sqlite { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done
        // transaction behind (rusqlite rolls back on drop), so a poisoned
        // lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn save_row(conn: &Connection, row: &GameRow) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE games SET south_name = ?2, north_name = ?3, south_token = ?4, north_token = ?5,
             invite = ?6, status = ?7, result = ?8, ending = ?9, rematch = ?10, updated = ?11
         WHERE id = ?1",
        params![
            row.id,
            row.south_name,
            row.north_name,
            row.south_token,
            row.north_token,
            row.invite,
            row.status,
            row.result,
            row.ending,
            row.rematch,
            row.updated
        ],
    )
}

impl Store for Sqlite {
    fn create(&self, row: &GameRow, moves: &[String]) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            &format!(
                "INSERT INTO games ({COLUMNS}) VALUES \
                 (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"
            ),
            params![
                row.id,
                row.ruleset,
                row.version,
                row.setup,
                row.mode,
                row.level,
                row.south_name,
                row.north_name,
                row.south_token,
                row.north_token,
                row.invite,
                row.computer,
                row.status,
                row.result,
                row.ending,
                row.rematch,
                row.created,
                row.updated
            ],
        )?;
        for (i, letter) in moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (game_id, ply, move) VALUES (?1, ?2, ?3)",
                params![row.id, i as u32 + 1, letter],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"), [id], row_from)
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let mut stmt = conn.prepare("SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let moves = stmt.query_map([id], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(Some(StoredGame { row, moves }))
    }

    fn save(&self, row: &GameRow) -> Result<(), StoreError> {
        match save_row(&self.conn(), row)? {
            1 => Ok(()),
            _ => Err(StoreError(format!("no game {}", row.id))),
        }
    }

    fn append_move(&self, row: &GameRow, ply: u32, letter: &str) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (game_id, ply, move) VALUES (?1, ?2, ?3)",
            params![row.id, ply, letter],
        )?;
        save_row(&tx, row)?;
        tx.commit()?;
        Ok(())
    }

    fn truncate_moves(&self, row: &GameRow, plies: u32) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2", params![row.id, plies])?;
        save_row(&tx, row)?;
        tx.commit()?;
        Ok(())
    }

    fn finished(&self, limit: u32) -> Result<Vec<(GameRow, u32)>, StoreError> {
        let conn = self.conn();
        let columns: Vec<String> = COLUMNS.split(", ").map(|c| format!("g.{c}")).collect();
        let mut stmt = conn.prepare(&format!(
            "SELECT {}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM games g WHERE g.status = 'finished' ORDER BY g.updated DESC, g.id LIMIT ?1",
            columns.join(", ")
        ))?;
        let rows = stmt
            .query_map([limit], |r| Ok((row_from(r)?, r.get::<_, u32>(18)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}
