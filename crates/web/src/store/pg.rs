//! PostgreSQL storage (`--database postgres://USER:PASSWORD@HOST:PORT/DB`).
//!
//! The client is the synchronous `postgres` crate: the `Store` trait is
//! blocking and runs on `spawn_blocking` threads, which is exactly what that
//! crate is made for, and it is the same protocol code as `tokio-postgres`
//! without an async pool around it. Connections are kept in a small pool of
//! our own (below) rather than r2d2: it is a few lines, it adds no crates,
//! and it does the two things this server needs that a generic pool does
//! not: forget every idle connection once one is found broken (the server
//! restarted), and close connections on a thread of their own (closing one
//! blocks, which panics on a thread that drives async tasks, where the
//! server's state may be dropped).
//!
//! Durability: a move is committed with `synchronous_commit` at least `on`
//! (raised for our sessions if the server's default is `off`), so
//! `append_move` returns once the commit is flushed to the server's disk.
//!
//! The games table's columns are listed once, in [`COLUMNS`] with their
//! values in [`values`] and their reading in [`game_row`]; adding a column
//! means adding it there and a numbered migration to `schema.rs` (which
//! upgrades an older database on opening).

mod accounts;
mod rated;

use super::SeatTokens;
use super::{
    schema, side_id, side_of, stored, Clock, Finished, GameEnding, GameResult, GameRow, GameStore,
    HistoryRow, MatchRow, Mode, PlayerGames, PlayerRow, RatingRow, Status, StoreError, StoredGame,
    StoredReview,
};

use postgres::config::Host;
use postgres::error::SqlState;
use postgres::types::ToSql;
use postgres::{Client, Config, IsolationLevel, NoTls, Row};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The games table's columns, in the order of [`values`].
const COLUMNS: [&str; 31] = [
    "id",
    "ruleset",
    "version",
    "setup",
    "mode",
    "level",
    "south_name",
    "north_name",
    "south_token",
    "north_token",
    "invite",
    "computer",
    "status",
    "result",
    "ending",
    "rematch",
    "created",
    "updated",
    "offer",
    "clock_initial_ms",
    "clock_increment_ms",
    "clock_south_ms",
    "clock_north_ms",
    "turn_started",
    "match_id",
    "match_game",
    "rated",
    "south_player",
    "north_player",
    "correspondence_days",
    "lot_seed",
];

/// Columns set when a game is created and never changed by `save` (as in
/// the SQLite store); every other column is saved.
const FIXED: [&str; 13] = [
    "id",
    "ruleset",
    "version",
    "setup",
    "mode",
    "level",
    "computer",
    "created",
    "match_id",
    "match_game",
    "rated",
    "correspondence_days",
    "lot_seed",
];

type Value<'a> = Box<dyn ToSql + Sync + 'a>;

/// A header's values, in [`COLUMNS`] order (the array's length ties the two
/// together). Unsigned numbers go in signed columns one size up, so writing
/// cannot fail.
fn values(row: &GameRow) -> [Value<'_>; COLUMNS.len()] {
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

impl Postgres {
    /// The row `sql` finds with `params`, if any, read by `from`.
    pub(crate) fn query_one<T>(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
        from: impl Fn(&Row) -> Result<T, Failure>,
    ) -> Result<Option<T>, StoreError> {
        self.run(|c| c.query_opt(sql, params)?.map(|r| from(&r)).transpose())
    }

    /// Every row `sql` finds with `params`, read by `from`.
    pub(crate) fn query_all<T>(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
        from: impl Fn(&Row) -> Result<T, Failure>,
    ) -> Result<Vec<T>, StoreError> {
        self.run(|c| c.query(sql, params)?.iter().map(&from).collect())
    }
}

/// A read-only transaction that sees one snapshot of the database
/// (repeatable read): rows read in it belong together.
fn snapshot(c: &mut Client) -> Result<postgres::Transaction<'_>, postgres::Error> {
    c.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()
}

/// Text stored for one of the header's enums in `column` (`NULL` is
/// `None`).
fn enum_column<T>(
    r: &Row,
    column: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, Failure> {
    r.try_get::<_, Option<String>>(column)?
        .map(|e| stored(column, &e, parse))
        .transpose()
        .map_err(Failure::Data)
}

/// A header with its number of moves, from a row that has the
/// [`COLUMNS`] and `plies`.
fn game_with_plies(r: &Row) -> Result<(GameRow, u32), Failure> {
    let plies: i64 = r.try_get("plies")?;
    let plies = u32::try_from(plies)
        .map_err(|_| Failure::Data(format!("{plies} moves is out of range")))?;
    Ok((game_row(r)?, plies))
}

/// Reads a header from a row that has the [`COLUMNS`] (by name).
fn game_row(r: &Row) -> Result<GameRow, Failure> {
    let version: i64 = r.try_get("version")?;
    let level: Option<i16> = r.try_get("level")?;
    let match_game: Option<i64> = r.try_get("match_game")?;
    let days: Option<i64> = r.try_get("correspondence_days")?;
    let clock = match (
        r.try_get("clock_initial_ms")?,
        r.try_get("clock_increment_ms")?,
        r.try_get("clock_south_ms")?,
        r.try_get("clock_north_ms")?,
    ) {
        (Some(initial_ms), Some(increment_ms), Some(south_ms), Some(north_ms)) => {
            Some(Clock { initial_ms, increment_ms, south_ms, north_ms })
        }
        _ => None,
    };
    Ok(GameRow {
        id: r.try_get("id")?,
        ruleset: r.try_get("ruleset")?,
        version: u32::try_from(version).map_err(|_| {
            Failure::Data(format!("stored rules version {version} is out of range"))
        })?,
        setup: r.try_get("setup")?,
        mode: stored("mode", &r.try_get::<_, String>("mode")?, Mode::parse)
            .map_err(Failure::Data)?,
        level: level
            .map(u8::try_from)
            .transpose()
            .map_err(|_| Failure::Data(format!("stored level {level:?} is out of range")))?,
        south_name: r.try_get("south_name")?,
        north_name: r.try_get("north_name")?,
        south_token: r.try_get("south_token")?,
        north_token: r.try_get("north_token")?,
        invite: r.try_get("invite")?,
        computer: enum_column(r, "computer", side_of)?,
        status: stored("status", &r.try_get::<_, String>("status")?, Status::parse)
            .map_err(Failure::Data)?,
        result: enum_column(r, "result", GameResult::parse)?,
        ending: enum_column(r, "ending", GameEnding::parse)?,
        rematch: r.try_get("rematch")?,
        created: r.try_get("created")?,
        updated: r.try_get("updated")?,
        offer: enum_column(r, "offer", side_of)?,
        clock,
        turn_started: r.try_get("turn_started")?,
        match_id: r.try_get("match_id")?,
        match_game: match_game.map(u32::try_from).transpose().map_err(|_| {
            Failure::Data(format!("stored match game {match_game:?} is out of range"))
        })?,
        rated: r.try_get("rated")?,
        south_player: r.try_get("south_player")?,
        north_player: r.try_get("north_player")?,
        days: days.map(u8::try_from).transpose().map_err(|_| {
            Failure::Data(format!("stored days per move {days:?} are out of range"))
        })?,
        lot_seed: r.try_get::<_, Option<i64>>("lot_seed")?.map(|s| s as u64),
    })
}

/// The statements built from [`COLUMNS`] once.
struct Sql {
    insert: String,
    /// `UPDATE games SET ... WHERE id = $1`, and which values (indices into
    /// [`COLUMNS`]) its parameters are, in order.
    update: String,
    update_values: Vec<usize>,
    select: String,
    finished: String,
    match_games: String,
    /// An account's games (see `rated::player_games`).
    player_games: String,
}

impl Sql {
    fn new() -> Sql {
        let placeholders: Vec<String> = (1..=COLUMNS.len()).map(|i| format!("${i}")).collect();
        let mut update_values = vec![0]; // the id, $1
        let mut sets = Vec::new();
        for (i, column) in COLUMNS.iter().enumerate() {
            if !FIXED.contains(column) {
                update_values.push(i);
                sets.push(format!("{column} = ${}", update_values.len()));
            }
        }
        let columns = COLUMNS.join(", ");
        let prefixed: Vec<String> = COLUMNS.iter().map(|c| format!("g.{c}")).collect();
        Sql {
            insert: format!("INSERT INTO games ({columns}) VALUES ({})", placeholders.join(", ")),
            update: format!("UPDATE games SET {} WHERE id = $1", sets.join(", ")),
            update_values,
            select: format!("SELECT {columns} FROM games WHERE id = $1"),
            finished: format!(
                "SELECT {}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies
                 FROM games g WHERE g.status = 'finished'
                 AND ($1::text IS NULL OR g.ruleset = $1)
                 AND ($2::text IS NULL OR strpos(lower(g.south_name), lower($2)) > 0
                      OR strpos(lower(g.north_name), lower($2)) > 0)
                 ORDER BY g.updated DESC, g.id COLLATE \"C\" LIMIT $3 OFFSET $4",
                prefixed.join(", ")
            ),
            match_games: format!(
                "SELECT {columns} FROM games WHERE match_id = $1 ORDER BY match_game"
            ),
            player_games: rated::player_games_sql(&prefixed.join(", ")),
        }
    }
}

/// Why an operation failed: the database said no, or what it holds cannot
/// be read back as a game.
pub(crate) enum Failure {
    Db(postgres::Error),
    Data(String),
}

impl From<postgres::Error> for Failure {
    fn from(e: postgres::Error) -> Failure {
        Failure::Db(e)
    }
}

/// Deletes an account as a deleted account is kept (see the SQLite store's
/// `delete_account`), in the caller's transaction.
pub(crate) fn delete_account(
    tx: &mut postgres::Transaction<'_>,
    player: &str,
) -> Result<(), Failure> {
    tx.execute(
        "UPDATE players SET deleted = TRUE, name_key = NULL, password = '' WHERE id = $1",
        &[&player],
    )?;
    tx.execute("DELETE FROM sessions WHERE player_id = $1", &[&player])?;
    rated::forget_names(tx, player)?;
    Ok(())
}

/// Connections open at once, at most. Each operation holds one for a few
/// round trips; more would only queue inside PostgreSQL (whose default
/// limit is 100 connections, shared with everything else on it).
const MAX_CONNECTIONS: usize = 8;

/// How long an operation waits for a free connection before failing.
const WAIT: Duration = Duration::from_secs(10);

/// How long connecting may take when the URL does not say
/// (`connect_timeout=`): an unreachable server fails in seconds, not minutes.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

struct Pool {
    idle: Vec<Client>,
    /// Connections that exist: idle ones and those in use.
    open: usize,
}

/// Games and moves in PostgreSQL.
pub struct Postgres {
    config: Config,
    /// `HOST:PORT/DB` for messages; never the password.
    target: String,
    sql: Sql,
    pool: Mutex<Pool>,
    freed: Condvar,
}

impl Postgres {
    /// Connects, checks the server is reachable and creates the tables if
    /// missing. Blocking: call it where blocking is allowed (not on a
    /// thread that drives async tasks).
    pub fn open(url: &str) -> Result<Postgres, StoreError> {
        let mut config: Config = url.parse().map_err(|e| {
            StoreError::Failed(format!(
                "bad PostgreSQL URL ({}): expected postgres://USER:PASSWORD@HOST:PORT/DATABASE",
                message(&e)
            ))
        })?;
        if config.get_hosts().is_empty() {
            return Err(StoreError::Failed(
                "the PostgreSQL URL names no host: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE"
                    .to_string(),
            ));
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        config.application_name("mancala-web");
        let store = Postgres {
            target: target(&config),
            config,
            sql: Sql::new(),
            pool: Mutex::new(Pool { idle: Vec::new(), open: 0 }),
            freed: Condvar::new(),
        };
        // The schema brought up to date (see schema.rs), under an advisory
        // lock, so two servers starting at once do not both migrate.
        store.run(|c| match schema::upgrade_postgres(c, None)? {
            Ok(_) => Ok(()),
            Err(why) => Err(Failure::Data(why)),
        })?;
        Ok(store)
    }

    fn lock(&self) -> MutexGuard<'_, Pool> {
        // Nothing is left half-done under this lock, so a poisoned one is
        // still consistent.
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new connection, with durable commits.
    fn connect(&self) -> Result<Client, StoreError> {
        let mut client = self.config.connect(NoTls).map_err(|e| {
            StoreError::Unavailable(format!(
                "cannot connect to PostgreSQL at {}: {}",
                self.target,
                message(&e)
            ))
        })?;
        let setting = client
            .query_one("SHOW synchronous_commit", &[])
            .and_then(|r| r.try_get::<_, String>(0))
            .map_err(|e| self.failure(Failure::Db(e)))?;
        if setting == "off" {
            client
                .batch_execute("SET synchronous_commit = on")
                .map_err(|e| self.failure(e.into()))?;
        }
        Ok(client)
    }

    /// An idle connection, or a new one if fewer than [`MAX_CONNECTIONS`]
    /// are open; else waits for one to be freed.
    fn checkout(&self) -> Result<Client, StoreError> {
        let deadline = Instant::now() + WAIT;
        let mut pool = self.lock();
        loop {
            if let Some(client) = pool.idle.pop() {
                return Ok(client);
            }
            if pool.open < MAX_CONNECTIONS {
                pool.open += 1;
                drop(pool);
                return self.connect().inspect_err(|_| self.forget(1));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(StoreError::Unavailable(format!(
                    "all {MAX_CONNECTIONS} connections to PostgreSQL at {} stayed busy for {} s",
                    self.target,
                    WAIT.as_secs()
                )));
            }
            pool = self.freed.wait_timeout(pool, left).unwrap_or_else(|e| e.into_inner()).0;
        }
    }

    fn checkin(&self, client: Client) {
        if client.is_closed() {
            self.discard(client);
        } else {
            self.lock().idle.push(client);
            self.freed.notify_one();
        }
    }

    /// Counts `n` connections as closed and lets waiters open new ones.
    fn forget(&self, n: usize) {
        self.lock().open -= n;
        self.freed.notify_all();
    }

    fn discard(&self, client: Client) {
        drop(client);
        self.forget(1);
    }

    /// Runs `op` on a pooled connection. If the connection turns out to be
    /// broken (the server restarted or ended it), every idle one is
    /// forgotten too and `op` runs once more on a new connection. That
    /// retry never turns a failure into a false success: an `op` that did
    /// commit before the connection broke fails the second time (its id or
    /// ply is already stored), and the others write the same values again.
    pub(crate) fn run<T>(
        &self,
        mut op: impl FnMut(&mut Client) -> Result<T, Failure>,
    ) -> Result<T, StoreError> {
        let mut client = self.checkout()?;
        let first = op(&mut client);
        let failure = match first {
            Ok(value) => {
                self.checkin(client);
                return Ok(value);
            }
            Err(failure) if broken(&client, &failure) => failure,
            Err(failure) => {
                self.checkin(client);
                return Err(self.failure(failure));
            }
        };
        self.discard(client);
        let stale = std::mem::take(&mut self.lock().idle);
        let n = stale.len();
        drop(stale);
        self.forget(n);
        let mut client = self.checkout().map_err(|e| {
            StoreError::Unavailable(format!(
                "{} (after the connection broke: {})",
                e.message(),
                self.failure(failure).message()
            ))
        })?;
        let second = op(&mut client);
        match &second {
            Err(failure) if broken(&client, failure) => self.discard(client),
            _ => self.checkin(client),
        }
        second.map_err(|f| self.failure(f))
    }

    fn failure(&self, failure: Failure) -> StoreError {
        match failure {
            Failure::Data(text) => StoreError::Failed(text),
            Failure::Db(e) if e.as_db_error().is_none() && e.is_closed() => {
                StoreError::Unavailable(format!(
                    "the connection to PostgreSQL at {} was lost: {}",
                    self.target,
                    message(&e)
                ))
            }
            Failure::Db(e) => StoreError::Failed(format!("PostgreSQL: {}", message(&e))),
        }
    }
}

/// `HOST:PORT/DB` of a configuration, for messages.
fn target(config: &Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let host = match host {
                Host::Tcp(name) => name.clone(),
                Host::Unix(path) => path.display().to_string(),
            };
            let port = config.get_ports().get(i).or(config.get_ports().first()).unwrap_or(&5432);
            format!("{host}:{port}")
        })
        .collect();
    format!("{}/{}", hosts.join(","), config.get_dbname().or(config.get_user()).unwrap_or(""))
}

/// The server's own words for a database error (message and detail), else
/// the client's description with its causes ("error connecting to server:
/// Connection refused (os error 111)").
pub(super) fn message(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return match db.detail() {
            Some(detail) => format!("{} ({detail})", db.message()),
            None => db.message().to_string(),
        };
    }
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

/// Whether a failure means the connection is unusable, rather than the
/// statement being refused.
fn broken(client: &Client, failure: &Failure) -> bool {
    let Failure::Db(e) = failure else { return false };
    if client.is_closed() || e.is_closed() {
        return true;
    }
    match e.code() {
        // Class 08: connection exception; 57P01-57P03: the server is
        // shutting down, crashed or not yet accepting connections.
        Some(code) => {
            code.code().starts_with("08")
                || [
                    SqlState::ADMIN_SHUTDOWN,
                    SqlState::CRASH_SHUTDOWN,
                    SqlState::CANNOT_CONNECT_NOW,
                ]
                .contains(code)
        }
        // Not from the server and not a closed connection: an I/O error
        // on the socket.
        None => {
            e.as_db_error().is_none()
                && std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>())
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let idle = std::mem::take(&mut self.pool.get_mut().unwrap_or_else(|e| e.into_inner()).idle);
        if idle.is_empty() {
            return;
        }
        // Closing a connection blocks on its own small runtime, which
        // panics on a thread that drives async tasks (where the server's
        // state is often dropped): close them on a thread of their own. If
        // no thread can be had, they are left to the process's exit
        // (ManuallyDrop) rather than closed here.
        let idle = std::mem::ManuallyDrop::new(idle);
        let closing = std::thread::Builder::new()
            .name("postgres-close".into())
            .spawn(move || drop(std::mem::ManuallyDrop::into_inner(idle)));
        if let Ok(thread) = closing {
            let _ = thread.join();
        }
    }
}

impl Postgres {
    /// Inserts a game's header row in the caller's transaction.
    pub(crate) fn insert_game(
        &self,
        tx: &mut postgres::Transaction<'_>,
        row: &GameRow,
    ) -> Result<(), Failure> {
        let values = values(row);
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        tx.execute(&self.sql.insert, &params)?;
        Ok(())
    }
}

impl GameStore for Postgres {
    fn create(&self, row: &GameRow, moves: &[String]) -> Result<(), StoreError> {
        let values = values(row);
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        self.run(|c| {
            let mut tx = c.transaction()?;
            tx.execute(&self.sql.insert, &params)?;
            for (i, letter) in moves.iter().enumerate() {
                tx.execute(
                    "INSERT INTO moves (game_id, ply, move) VALUES ($1, $2, $3)",
                    &[&row.id, &(i as i64 + 1), letter],
                )?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn online_seats(&self, ids: &[String]) -> Result<Vec<SeatTokens>, StoreError> {
        self.run(|c| {
            c.query(
                "SELECT id, south_token, north_token FROM games
                 WHERE id = ANY($1) AND mode = 'online' AND status = 'active'",
                &[&ids],
            )?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
        })
    }

    fn probe_write(&self, at: i64) -> Result<(), StoreError> {
        self.run(|c| {
            c.execute(
                "INSERT INTO health (id, checked) VALUES (1, $1)
                 ON CONFLICT (id) DO UPDATE SET checked = excluded.checked",
                &[&at],
            )?;
            Ok(())
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.run(|c| {
            // One snapshot for the header and the moves.
            let mut tx = snapshot(c)?;
            let Some(header) = tx.query_opt(&self.sql.select, &[&id])? else {
                return Ok(None);
            };
            let row = game_row(&header)?;
            let moves = tx
                .query("SELECT move FROM moves WHERE game_id = $1 ORDER BY ply", &[&id])?
                .iter()
                .map(|r| r.try_get(0))
                .collect::<Result<Vec<String>, _>>()?;
            tx.commit()?;
            Ok(Some(StoredGame { row, moves }))
        })
    }

    fn save(&self, row: &GameRow) -> Result<(), StoreError> {
        let params = self.update_params(row);
        let params = params.refs();
        self.run(|c| {
            let mut tx = c.transaction()?;
            if tx.execute(&self.sql.update, &params)? != 1 {
                return Err(Failure::Data(format!("no game {}", row.id)));
            }
            // A game's end and its rating change (if rated) in one
            // transaction: see `rated.rs`.
            rated::settle(&mut tx, row)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn append_move(&self, row: &GameRow, ply: u32, letter: &str) -> Result<(), StoreError> {
        let params = self.update_params(row);
        let params = params.refs();
        self.run(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO moves (game_id, ply, move) VALUES ($1, $2, $3)",
                &[&row.id, &i64::from(ply), &letter],
            )?;
            tx.execute(&self.sql.update, &params)?;
            rated::settle(&mut tx, row)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn truncate_moves(&self, row: &GameRow, plies: u32) -> Result<(), StoreError> {
        let params = self.update_params(row);
        let params = params.refs();
        self.run(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
                &[&row.id, &i64::from(plies)],
            )?;
            tx.execute(&self.sql.update, &params)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn finished(&self, filter: &Finished) -> Result<Vec<(GameRow, u32)>, StoreError> {
        let (limit, offset) = (i64::from(filter.limit), i64::from(filter.offset));
        self.run(|c| {
            c.query(&self.sql.finished, &[&filter.game, &filter.player, &limit, &offset])?
                .iter()
                .map(game_with_plies)
                .collect()
        })
    }

    fn create_next(&self, previous: &GameRow, next: &GameRow) -> Result<(), StoreError> {
        let values = values(next);
        let insert: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        let update = self.update_params(previous);
        let update = update.refs();
        self.run(|c| {
            let mut tx = c.transaction()?;
            tx.execute(&self.sql.insert, &insert)?;
            if tx.execute(&self.sql.update, &update)? != 1 {
                return Err(Failure::Data(format!("no game {}", previous.id)));
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn previous_of(&self, next: &str) -> Result<Option<String>, StoreError> {
        self.run(|c| {
            c.query_opt("SELECT id FROM games WHERE rematch = $1 LIMIT 1", &[&next])?
                .map(|r| Ok(r.try_get(0)?))
                .transpose()
        })
    }

    fn call_off_rematch(&self, previous: &GameRow, next: &str) -> Result<bool, StoreError> {
        let params = self.update_params(previous);
        let params = params.refs();
        self.run(|c| {
            let mut tx = c.transaction()?;
            let n = tx.execute(
                "DELETE FROM games WHERE id = $1 AND status = 'active'
                 AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = $1)",
                &[&next],
            )?;
            if n != 1 {
                return Ok(false);
            }
            if tx.execute(&self.sql.update, &params)? != 1 {
                return Err(Failure::Data(format!("no game {}", previous.id)));
            }
            tx.commit()?;
            Ok(true)
        })
    }

    fn create_match(&self, row: &MatchRow, first: &GameRow) -> Result<(), StoreError> {
        let values = values(first);
        let insert: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v.as_ref()).collect();
        self.run(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO matches (id, ruleset, first_to, created) VALUES ($1, $2, $3, $4)",
                &[&row.id, &row.ruleset, &i64::from(row.first_to), &row.created],
            )?;
            tx.execute(&self.sql.insert, &insert)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn load_match(&self, id: &str) -> Result<Option<(MatchRow, Vec<GameRow>)>, StoreError> {
        self.run(|c| {
            // One snapshot for the match and its games.
            let mut tx = snapshot(c)?;
            let Some(r) = tx.query_opt(
                "SELECT ruleset, first_to, created FROM matches WHERE id = $1",
                &[&id],
            )?
            else {
                return Ok(None);
            };
            let first_to: i64 = r.try_get("first_to")?;
            let row = MatchRow {
                id: id.to_string(),
                ruleset: r.try_get("ruleset")?,
                first_to: u32::try_from(first_to).map_err(|_| {
                    Failure::Data(format!("stored match length {first_to} is out of range"))
                })?,
                created: r.try_get("created")?,
            };
            let games = tx
                .query(&self.sql.match_games, &[&id])?
                .iter()
                .map(game_row)
                .collect::<Result<Vec<_>, _>>()?;
            tx.commit()?;
            Ok(Some((row, games)))
        })
    }

    fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        self.run(|c| {
            c.query(
                "SELECT id FROM games WHERE status = 'active' AND turn_started IS NOT NULL
                 AND clock_initial_ms IS NOT NULL ORDER BY id COLLATE \"C\"",
                &[],
            )?
            .iter()
            .map(|r| Ok(r.try_get(0)?))
            .collect()
        })
    }

    fn load_review(&self, game: &str) -> Result<Option<StoredReview>, StoreError> {
        self.run(|c| {
            let Some(r) =
                c.query_opt("SELECT moves, review FROM reviews WHERE game_id = $1", &[&game])?
            else {
                return Ok(None);
            };
            Ok(Some(StoredReview { moves: r.try_get(0)?, review: r.try_get(1)? }))
        })
    }

    fn save_review(&self, game: &str, review: &StoredReview) -> Result<(), StoreError> {
        self.run(|c| {
            c.execute(
                "INSERT INTO reviews (game_id, moves, review) VALUES ($1, $2, $3)
                 ON CONFLICT (game_id) DO UPDATE SET moves = excluded.moves, review = excluded.review",
                &[&game, &review.moves, &review.review],
            )?;
            Ok(())
        })
    }
}

/// A count stored as BIGINT.
pub(crate) fn count(r: &Row, i: usize) -> Result<u32, Failure> {
    let n: i64 = r.try_get(i)?;
    u32::try_from(n).map_err(|_| Failure::Data(format!("stored count {n} is out of range")))
}

/// The values of the update statement, kept alive while it runs.
struct UpdateParams<'a> {
    values: [Value<'a>; COLUMNS.len()],
    order: &'a [usize],
}

impl<'a> UpdateParams<'a> {
    fn refs(&self) -> Vec<&(dyn ToSql + Sync)> {
        self.order.iter().map(|&i| self.values[i].as_ref()).collect()
    }
}

impl Postgres {
    fn update_params<'a>(&'a self, row: &'a GameRow) -> UpdateParams<'a> {
        UpdateParams { values: values(row), order: &self.sql.update_values }
    }
}
