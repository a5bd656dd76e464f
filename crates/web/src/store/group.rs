//! Group commit for the SQLite store: one writer thread owns the writing
//! connection and commits every write waiting for it in one transaction.
//!
//! With `synchronous=FULL` each commit waits for an fsync, which costs
//! milliseconds on a real disk; one connection committing one move at a time
//! caps the server at a few hundred moves a second, whatever the CPU. Here a
//! caller hands its write to the writer and blocks until it is answered, as
//! before; the writer takes the first waiting write and every other one
//! queued behind it (at most [`MAX_BATCH`]), runs each in a savepoint of one
//! transaction, commits once, and only then answers each caller. So the
//! contract is unchanged (durable on return; a write and the header after it
//! in one transaction, since a savepoint is all or nothing), and a batch
//! forms only when writes really wait: a lone write is committed at once,
//! with no timer holding it back.
//!
//! A write that fails (a ply already stored, an unknown game) is rolled back
//! to its savepoint and fails alone; the others commit. If the commit itself
//! fails (a full disk, an I/O error), the whole batch is rolled back and each
//! write is tried again alone, in a transaction of its own, so each caller
//! gets its own answer.

use super::{
    changed_one, insert_game, name_key, save_existing, save_game, GameRow, MatchRow, Param,
    PlayerRow, RatingRow, StoreError, StoredReview,
};
use rusqlite::types::{ToSqlOutput, Value};
use rusqlite::{params, Connection, ToSql};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Writes committed in one transaction, at most. Enough for every player of
/// a busy server to be in one batch, small enough that a batch's statements
/// take well under the fsync they share.
const MAX_BATCH: usize = 1024;

/// One of the store's writes, with its data (the caller waits, but the
/// writer is another thread, so the data is owned).
pub(crate) enum Write {
    Create {
        row: GameRow,
        moves: Vec<String>,
    },
    Save(GameRow),
    Append {
        row: GameRow,
        ply: u32,
        letter: String,
    },
    Truncate {
        row: GameRow,
        plies: u32,
    },
    // Boxed: two headers would make every write as large as this one.
    CreateNext {
        previous: Box<GameRow>,
        next: Box<GameRow>,
    },
    CreateMatch {
        row: MatchRow,
        first: GameRow,
    },
    SaveReview {
        game: String,
        review: StoredReview,
    },
    Account(Account),
    /// A feature's own write (a tournament's, say), which the store runs
    /// without knowing what it is.
    Feature(Box<dyn Apply>),
    /// The health check's write (see `Store::probe_write`).
    Probe(i64),
    /// A rematch called off (see `Store::call_off_rematch`).
    CallOff {
        previous: Box<GameRow>,
        next: String,
    },
}

/// A write of a feature's own, run by the writer thread like the store's:
/// in a savepoint of the batch's transaction, and again alone (so more than
/// once) if the batch's commit fails. An error rolls back what it ran.
pub(crate) trait Apply: Send {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError>;
}

/// One statement of the SQL written for both stores, run by the writer
/// (see `Query::exec`): how many rows it changed is left in `changed` (the
/// last run of the write is the one committed, when a failed batch is
/// retried one write at a time).
pub(crate) struct Statement {
    sql: String,
    /// The parameters, copied: the writer is another thread.
    params: Vec<Value>,
    changed: Arc<AtomicUsize>,
}

impl Statement {
    pub(crate) fn new(sql: &str, params: &[&dyn Param]) -> rusqlite::Result<Statement> {
        let owned = |p: &&dyn Param| match p.to_sql()? {
            ToSqlOutput::Borrowed(value) => Ok(value.into()),
            ToSqlOutput::Owned(value) => Ok(value),
            _ => Err(rusqlite::Error::ToSqlConversionFailure("not a plain value".into())),
        };
        let params = params.iter().map(owned).collect::<rusqlite::Result<_>>()?;
        Ok(Statement { sql: sql.to_string(), params, changed: Arc::default() })
    }

    /// Where the number of rows changed will be.
    pub(crate) fn changed(&self) -> Arc<AtomicUsize> {
        self.changed.clone()
    }
}

impl Apply for Statement {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        let n = conn.execute(&self.sql, rusqlite::params_from_iter(&self.params))?;
        self.changed.store(n, Ordering::Relaxed);
        Ok(())
    }
}

/// What calling off a rematch answers when it has begun meanwhile.
pub(crate) const BEGUN: &str = "the rematch has begun";

/// The writes of accounts, sessions and ratings.
pub(crate) enum Account {
    CreatePlayer(PlayerRow),
    SetPassword { player: String, password: String, keep: String },
    DeletePlayer(String),
    SaveRating { player: String, rating: RatingRow },
}

/// Deletes an account as a deleted account is kept: no name, no password,
/// no session, and its name gone from its games' seats.
pub(crate) fn delete_account(conn: &Connection, player: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE players SET deleted = 1, name_key = NULL, password = '' WHERE id = ?1",
        [player],
    )?;
    conn.execute("DELETE FROM sessions WHERE player_id = ?1", [player])?;
    super::rated::forget_names(conn, player)
}

impl Account {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        match self {
            Account::CreatePlayer(p) => {
                conn.execute(
                    "INSERT INTO players (id, name, name_key, password, created, deleted)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![p.id, p.name, name_key(&p.name), p.password, p.created, p.deleted],
                )?;
            }
            Account::SetPassword { player, password, keep } => {
                let n = conn.execute(
                    "UPDATE players SET password = ?2 WHERE id = ?1 AND deleted = 0",
                    params![player, password],
                )?;
                changed_one(n, || format!("no living account {player}"))?;
                conn.execute(
                    "DELETE FROM sessions WHERE player_id = ?1 AND token_hash <> ?2",
                    params![player, keep],
                )?;
            }
            Account::DeletePlayer(player) => delete_account(conn, player)?,
            Account::SaveRating { player, rating } => {
                super::rated::save_rating(conn, player, rating)?
            }
        }
        Ok(())
    }
}

impl Write {
    /// Runs the write's statements in the transaction (or savepoint) open
    /// on `conn`. On an error some of them may have run: the caller rolls
    /// them back.
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        const INSERT_MOVE: &str = "INSERT INTO moves (game_id, ply, move) VALUES (?1, ?2, ?3)";
        match self {
            Write::Create { row, moves } => {
                insert_game(conn, row)?;
                for (i, letter) in moves.iter().enumerate() {
                    conn.execute(INSERT_MOVE, params![row.id, i as u32 + 1, letter])?;
                }
            }
            // A game's end and its rating change (if rated) in one
            // transaction: see `rated.rs`.
            Write::Save(row) => {
                save_existing(conn, row)?;
                super::rated::settle(conn, row)?;
            }
            Write::Append { row, ply, letter } => {
                conn.execute(INSERT_MOVE, params![row.id, ply, letter])?;
                save_game(conn, row)?;
                super::rated::settle(conn, row)?;
            }
            Write::Truncate { row, plies } => {
                conn.execute(
                    "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
                    params![row.id, plies],
                )?;
                save_game(conn, row)?;
            }
            Write::CreateNext { previous, next } => {
                insert_game(conn, next)?;
                save_existing(conn, previous)?;
            }
            Write::CreateMatch { row, first } => {
                conn.execute(
                    "INSERT INTO matches (id, ruleset, first_to, created) VALUES (?1, ?2, ?3, ?4)",
                    params![row.id, row.ruleset, row.first_to, row.created],
                )?;
                insert_game(conn, first)?;
            }
            Write::SaveReview { game, review } => {
                conn.execute(
                    "INSERT INTO reviews (game_id, moves, review) VALUES (?1, ?2, ?3)
                     ON CONFLICT (game_id) DO UPDATE
                     SET moves = excluded.moves, review = excluded.review",
                    params![game, review.moves, review.review],
                )?;
            }
            Write::Account(account) => account.apply(conn)?,
            Write::CallOff { previous, next } => {
                let n = conn.execute(
                    "DELETE FROM games WHERE id = ?1 AND status = 'active'
                     AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = ?1)",
                    [next],
                )?;
                if n != 1 {
                    return Err(StoreError::Conflict(BEGUN.into()));
                }
                save_existing(conn, previous)?;
            }
            Write::Probe(at) => {
                conn.execute(
                    "INSERT INTO health (id, checked) VALUES (1, ?1)
                     ON CONFLICT (id) DO UPDATE SET checked = excluded.checked",
                    [at],
                )?;
            }
            Write::Feature(write) => write.apply(conn)?,
        }
        Ok(())
    }
}

type Answer = Result<(), StoreError>;

/// A write waiting for the writer, and where its answer goes.
struct Job {
    write: Write,
    done: SyncSender<Answer>,
}

/// What the writer has committed so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteStats {
    /// Transactions committed that stored at least one write.
    pub transactions: u64,
    /// Writes committed in them.
    pub writes: u64,
    /// The most writes committed in one transaction.
    pub largest: u64,
}

#[derive(Default)]
struct Counters {
    transactions: AtomicU64,
    writes: AtomicU64,
    largest: AtomicU64,
}

impl Counters {
    fn committed(&self, writes: usize) {
        self.transactions.fetch_add(1, Ordering::Relaxed);
        self.writes.fetch_add(writes as u64, Ordering::Relaxed);
        self.largest.fetch_max(writes as u64, Ordering::Relaxed);
    }
}

/// The handle of the writer thread: sends it writes and waits for their
/// answers. Dropping it lets the writer finish the writes already sent,
/// close its connection and end (and waits for that).
pub(crate) struct Writer {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
    counters: Arc<Counters>,
}

impl Writer {
    /// Starts the writer on `conn` (set up: WAL, `synchronous=FULL`,
    /// foreign keys, busy timeout).
    pub(crate) fn start(conn: Connection) -> Result<Writer, StoreError> {
        let (jobs, queue) = mpsc::channel();
        let counters = Arc::new(Counters::default());
        let shared = counters.clone();
        let thread = std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run(conn, queue, &shared))
            .map_err(|e| {
                StoreError::Failed(format!("cannot start the SQLite writer thread: {e}"))
            })?;
        Ok(Writer { jobs: Some(jobs), thread: Some(thread), counters })
    }

    /// Hands `write` to the writer and blocks until it is committed (or
    /// failed).
    pub(crate) fn write(&self, write: Write) -> Answer {
        let stopped = || StoreError::Unavailable("the SQLite writer thread has stopped".into());
        let (done, answer) = mpsc::sync_channel(1);
        self.jobs.as_ref().ok_or_else(stopped)?.send(Job { write, done }).map_err(|_| stopped())?;
        answer.recv().map_err(|_| stopped())?
    }

    pub(crate) fn stats(&self) -> WriteStats {
        WriteStats {
            transactions: self.counters.transactions.load(Ordering::Relaxed),
            writes: self.counters.writes.load(Ordering::Relaxed),
            largest: self.counters.largest.load(Ordering::Relaxed),
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Closing the channel ends the writer's loop once the queue is
        // empty; every caller has had its answer by then (a caller holds a
        // reference to the store, so none can still be waiting).
        drop(self.jobs.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The writer thread: takes a batch (the first waiting write and every one
/// queued behind it), commits it, answers, and again until the store is
/// dropped.
fn run(mut conn: Connection, queue: Receiver<Job>, counters: &Counters) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        if batch.len() == 1 {
            alone(&mut conn, batch, counters);
        } else {
            together(&mut conn, batch, counters);
        }
    }
}

/// Commits each write in a transaction of its own and answers it.
fn alone(conn: &mut Connection, batch: Vec<Job>, counters: &Counters) {
    for job in batch {
        let answer = (|| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            job.write.apply(&tx)?;
            tx.commit()?;
            Ok(())
        })();
        if answer.is_ok() {
            counters.committed(1);
        }
        let _ = job.done.send(answer);
    }
}

/// Commits the writes in one transaction, each in a savepoint, and answers
/// each once the commit is durable. Falls back to [`alone`] if the
/// transaction itself fails.
fn together(conn: &mut Connection, batch: Vec<Job>, counters: &Counters) {
    let mut answers: Vec<Answer> = Vec::with_capacity(batch.len());
    let ran = (|| -> rusqlite::Result<()> {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        for job in &batch {
            conn.execute_batch("SAVEPOINT write")?;
            let answer = job.write.apply(conn);
            if answer.is_err() {
                conn.execute_batch("ROLLBACK TO write")?;
            }
            conn.execute_batch("RELEASE write")?;
            answers.push(answer);
        }
        conn.execute_batch("COMMIT")
    })();
    if ran.is_err() {
        // The batch is undone as a whole (BEGIN, a savepoint or the commit
        // failed): nothing of it is stored, and each write is tried again
        // alone, to be answered on its own.
        if !conn.is_autocommit() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        alone(conn, batch, counters);
        return;
    }
    let committed = answers.iter().filter(|a| a.is_ok()).count();
    if committed > 0 {
        counters.committed(committed);
    }
    for (job, answer) in batch.into_iter().zip(answers) {
        let _ = job.done.send(answer);
    }
}
