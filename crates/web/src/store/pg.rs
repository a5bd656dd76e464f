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
//! The games table's columns are listed once for both stores (`COLUMNS`
//! in `store.rs`, with their values and their reading); the SQL written
//! once for both stores (see `Query`) has its parameters `?1`, `?2`, ...
//! made `$1`, `$2`, ... here ([`pg_sql`]).

mod accounts;
mod rated;

use super::{
    game_from, game_with_plies, insert_game, save_game, schema, Answer, Db, Finished, GameRow,
    GameStore, MatchRow, Param, PlayerGames, Query, SeatTokens, StoreError, StoredGame,
    StoredReview, COLUMNS,
};

use postgres::config::Host;
use postgres::error::SqlState;
use postgres::types::ToSql;
use postgres::{Client, Config, GenericClient, IsolationLevel, NoTls, Row};
use std::borrow::Cow;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// SQL written for both stores as PostgreSQL takes it: each parameter
/// `?N` is `$N` (a `?` followed by a digit is nothing else in that SQL).
fn pg_sql(sql: &str) -> Cow<'_, str> {
    if !sql.contains('?') {
        return Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        let numbered = c == '?' && chars.peek().is_some_and(char::is_ascii_digit);
        out.push(if numbered { '$' } else { c });
    }
    Cow::Owned(out)
}

/// Parameters of either store as PostgreSQL binds them.
fn pg_params<'a>(params: &[&'a dyn Param]) -> Vec<&'a (dyn ToSql + Sync)> {
    params.iter().map(|p| p.pg()).collect()
}

/// Runs a statement written for both stores on a connection or in a
/// transaction; how many rows it changed.
fn pg_exec(c: &mut impl GenericClient, sql: &str, params: &[&dyn Param]) -> Result<usize, Failure> {
    let n = c.execute(&*pg_sql(sql), &pg_params(params))?;
    // A count of rows fits.
    Ok(n as usize)
}

impl Db for Client {
    type Failure = Failure;
    fn exec(&mut self, sql: &str, params: &[&dyn Param]) -> Result<usize, Failure> {
        pg_exec(self, sql, params)
    }
}

impl Db for postgres::Transaction<'_> {
    type Failure = Failure;
    fn exec(&mut self, sql: &str, params: &[&dyn Param]) -> Result<usize, Failure> {
        pg_exec(self, sql, params)
    }
}

impl Query for Postgres {
    type Row<'r> = Row;
    type Failure = Failure;
    const BYTE_ORDER: &'static str = "COLLATE \"C\"";
    const SHARE_ROWS: &'static str = "FOR SHARE";

    fn query<T, A: Answer<T>>(
        &self,
        sql: &str,
        params: &[&dyn Param],
        mut from: impl FnMut(&Row) -> Result<T, Failure>,
    ) -> Result<A, StoreError> {
        let (sql, params) = (pg_sql(sql), pg_params(params));
        self.run(|c| A::read(c.query(&*sql, &params)?.iter().map(&mut from)))
    }

    fn exec(&self, sql: &str, params: &[&dyn Param]) -> Result<usize, StoreError> {
        self.run(|c| pg_exec(c, sql, params))
    }
}

/// A read-only transaction that sees one snapshot of the database
/// (repeatable read): rows read in it belong together.
fn snapshot(c: &mut Client) -> Result<postgres::Transaction<'_>, postgres::Error> {
    c.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()
}

/// The statements that read games, built from [`COLUMNS`] once.
struct Sql {
    select: String,
    finished: String,
    match_games: String,
    /// An account's games (see `rated::player_games`).
    player_games: String,
}

impl Sql {
    fn new() -> Sql {
        let prefixed: Vec<String> = COLUMNS.split(", ").map(|c| format!("g.{c}")).collect();
        Sql {
            select: format!("SELECT {COLUMNS} FROM games WHERE id = $1"),
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
                "SELECT {COLUMNS} FROM games WHERE match_id = $1 ORDER BY match_game"
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
    /// Runs `op` in a transaction on a pooled connection (see
    /// [`Postgres::run`]), committed if `op` succeeds: an error rolls it
    /// back.
    pub(crate) fn transaction<T>(
        &self,
        mut op: impl FnMut(&mut postgres::Transaction<'_>) -> Result<T, Failure>,
    ) -> Result<T, StoreError> {
        self.run(|c| {
            let mut tx = c.transaction()?;
            let value = op(&mut tx)?;
            tx.commit()?;
            Ok(value)
        })
    }
}

/// Saves the header of a game that must exist, in the caller's transaction.
fn save_existing(tx: &mut postgres::Transaction<'_>, row: &GameRow) -> Result<(), Failure> {
    match save_game(tx, row)? {
        1 => Ok(()),
        _ => Err(Failure::Data(format!("no game {}", row.id))),
    }
}

/// Stores move number `ply` of a game, in the caller's transaction.
fn insert_move(
    tx: &mut postgres::Transaction<'_>,
    game: &str,
    ply: u32,
    letter: &str,
) -> Result<(), Failure> {
    tx.execute(
        "INSERT INTO moves (game_id, ply, move) VALUES ($1, $2, $3)",
        &[&game, &i64::from(ply), &letter],
    )?;
    Ok(())
}

impl GameStore for Postgres {
    fn create(&self, row: &GameRow, moves: &[String]) -> Result<(), StoreError> {
        self.transaction(|tx| {
            insert_game(&mut *tx, row)?;
            for (ply, letter) in (1..).zip(moves) {
                insert_move(tx, &row.id, ply, letter)?;
            }
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
            let row = game_from(&header)?;
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
        self.transaction(|tx| {
            save_existing(tx, row)?;
            // A game's end and its rating change (if rated) in one
            // transaction: see `rated.rs`.
            rated::settle(tx, row)
        })
    }

    fn append_move(&self, row: &GameRow, ply: u32, letter: &str) -> Result<(), StoreError> {
        self.transaction(|tx| {
            insert_move(tx, &row.id, ply, letter)?;
            save_game(&mut *tx, row)?;
            rated::settle(tx, row)
        })
    }

    fn truncate_moves(&self, row: &GameRow, plies: u32) -> Result<(), StoreError> {
        self.transaction(|tx| {
            tx.execute(
                "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
                &[&row.id, &i64::from(plies)],
            )?;
            save_game(&mut *tx, row)?;
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
        self.transaction(|tx| {
            insert_game(&mut *tx, next)?;
            save_existing(tx, previous)
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
            save_existing(&mut tx, previous)?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn create_match(&self, row: &MatchRow, first: &GameRow) -> Result<(), StoreError> {
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO matches (id, ruleset, first_to, created) VALUES ($1, $2, $3, $4)",
                &[&row.id, &row.ruleset, &i64::from(row.first_to), &row.created],
            )?;
            insert_game(&mut *tx, first)?;
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
                .map(game_from)
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
