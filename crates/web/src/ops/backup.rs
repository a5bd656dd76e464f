//! `mancala-web backup` and `mancala-web restore` (SQLite; PostgreSQL has
//! pg_dump and pg_restore, which these explain).
//!
//! A backup is taken with SQLite's online backup API in one step: it copies
//! every page within one read transaction, so the copy is the database as
//! it was at one moment, and in WAL mode that read blocks no writer (the
//! server goes on storing moves meanwhile). The copy is written beside the
//! target under a temporary name, checked (`PRAGMA integrity_check`), made a
//! self-contained file (rollback journal, no WAL), flushed to disk and only
//! then renamed to the name asked for, so a backup file is never half
//! written.
//!
//! Restoring writes the backup into the database through the same API.
//! It first makes sure no server has the database open: a server keeps it
//! in WAL mode, and SQLite lets a connection leave WAL mode only when it is
//! the only one, so leaving it is the test; the connection then holds an
//! exclusive lock until the restore is done, so no server can open the
//! database in between.

use super::{size, target, without_password, Target};
use crate::store::schema;
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a backup or restore waits for SQLite's locks.
const BUSY: Duration = Duration::from_secs(10);

/// What `backup` answers for a PostgreSQL URL: PostgreSQL's own tools.
fn pg_dump_routine(url: &str) -> String {
    let url = without_password(url);
    format!(
        "mancala-web backup copies SQLite databases only; for PostgreSQL use its own tools, \
         which also take a consistent copy while the server runs:\n\
         \n    pg_dump --format=custom --file=mancala.dump '{url}'\n\
         \nand to restore it into an empty database (then start mancala-web on it):\n\
         \n    pg_restore --no-owner --exit-on-error --dbname='{url}' mancala.dump\n\
         \n(the password from ~/.pgpass or PGPASSWORD; see docs/deploy.md). No backup was made."
    )
}

/// Opens an existing SQLite database file (never creates one).
fn open_existing(path: &Path, flags: OpenFlags) -> Result<Connection, String> {
    if !path.is_file() {
        return Err(format!("there is no database file {}", path.display()));
    }
    let conn = Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    conn.busy_timeout(BUSY).map_err(|e| e.to_string())?;
    Ok(conn)
}

/// What a mancala-web database holds, in words ("12 games, 340 moves, ...").
struct Contents {
    games: i64,
    moves: i64,
    players: i64,
    version: i64,
}

impl Contents {
    /// Reads it, refusing a file that is not a mancala-web database.
    fn of(conn: &Connection, what: &Path) -> Result<Contents, String> {
        let not_ours =
            |e: rusqlite::Error| format!("{} is not a mancala-web database ({e})", what.display());
        let has = |table: &str| -> Result<bool, String> {
            conn.query_row(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1",
                [table],
                |_| Ok(()),
            )
            .optional()
            .map(|found| found.is_some())
            .map_err(not_ours)
        };
        if !has("games")? || !has("moves")? {
            return Err(format!(
                "{} is not a mancala-web database: it has no games and moves tables",
                what.display()
            ));
        }
        let count = |table: &str| -> Result<i64, String> {
            if !has(table)? {
                return Ok(0);
            }
            conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))
                .map_err(not_ours)
        };
        let version = if has("schema_version")? {
            conn.query_row("SELECT MAX(version) FROM schema_version", [], |r| {
                r.get::<_, Option<i64>>(0)
            })
            .map_err(not_ours)?
            .unwrap_or(0)
        } else {
            0
        };
        Ok(Contents {
            games: count("games")?,
            moves: count("moves")?,
            players: count("players")?,
            version,
        })
    }

    fn describe(&self) -> String {
        let version = match self.version {
            0 => "a schema from before numbered migrations".to_string(),
            v => format!("schema version {v}"),
        };
        format!("{} games, {} moves, {} accounts, {version}", self.games, self.moves, self.players)
    }
}

/// `PRAGMA integrity_check` on a connection: `Ok` if the file is sound.
fn integrity(conn: &Connection, what: &Path) -> Result<(), String> {
    let answer: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| format!("cannot check {}: {e}", what.display()))?;
    if answer == "ok" {
        Ok(())
    } else {
        Err(format!("{} is damaged (SQLite's integrity check: {answer})", what.display()))
    }
}

/// Copies every page of `from` into `to` in one step (one read transaction
/// on `from`, so one consistent moment), waiting while SQLite says busy.
fn copy_pages(from: &Connection, to: &mut Connection) -> Result<(), String> {
    let copy = Backup::new(from, to).map_err(|e| format!("cannot start the copy: {e}"))?;
    let deadline = Instant::now() + BUSY;
    loop {
        match copy.step(-1).map_err(|e| format!("the copy failed: {e}"))? {
            StepResult::Done => return Ok(()),
            StepResult::More | StepResult::Busy | StepResult::Locked
                if Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(50));
            }
            _ => {
                return Err(format!(
                    "the copy could not get at the database for {} s",
                    BUSY.as_secs()
                ))
            }
        }
    }
}

/// Flushes a file (or a directory's entries) to disk.
fn sync(path: &Path) -> Result<(), String> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(|e| format!("cannot flush {} to disk: {e}", path.display()))
}

/// Whether two paths name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// `mancala-web backup --database sqlite://FILE --out BACKUP [--force]`.
pub fn backup(database: &str, out: &Path, force: bool) -> Result<String, String> {
    let path = match target(database)? {
        Target::Postgres => return Err(pg_dump_routine(database)),
        Target::Sqlite(path) => path,
    };
    if same_file(path, out) {
        return Err(format!("--out {} is the database itself: name another file", out.display()));
    }
    if out.exists() && !force {
        return Err(format!(
            "{} exists already: name a new file, or add --force to replace it",
            out.display()
        ));
    }
    if out.is_dir() {
        return Err(format!("{} is a directory: name a file", out.display()));
    }
    let started = Instant::now();
    let source = open_existing(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    Contents::of(&source, path)?;
    // Beside the target, so that the rename below is atomic.
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let partial: PathBuf = out.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let result = (|| -> Result<Contents, String> {
        let _ = std::fs::remove_file(&partial);
        let mut copy = Connection::open(&partial)
            .map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
        copy_pages(&source, &mut copy)?;
        // One self-contained file: the copy's journal is a rollback one.
        copy.pragma_update(None, "journal_mode", "DELETE")
            .map_err(|e| format!("cannot finish {}: {e}", partial.display()))?;
        integrity(&copy, out)?;
        let contents = Contents::of(&copy, out)?;
        drop(copy);
        sync(&partial)?;
        std::fs::rename(&partial, out)
            .map_err(|e| format!("cannot name the backup {}: {e}", out.display()))?;
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            sync(dir)?;
        }
        Ok(contents)
    })();
    let contents = result.inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })?;
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    Ok(format!(
        "backed up {} to {} ({}; {}) in {:.2} s",
        path.display(),
        out.display(),
        contents.describe(),
        size(bytes),
        started.elapsed().as_secs_f64()
    ))
}

/// `mancala-web restore --database sqlite://FILE --from BACKUP [--force]`.
pub fn restore(database: &str, from: &Path, force: bool) -> Result<String, String> {
    let path = restore_target(database, from)?;
    let backup = checked_backup(from)?;
    let existed = path.exists();
    let mut conn = lock_exclusive(path)?;
    let replaced = replaced(&conn, path, existed, force)?;
    conn.busy_timeout(BUSY).map_err(|e| e.to_string())?;
    copy_pages(&backup, &mut conn)?;
    integrity(&conn, path)?;
    let now = Contents::of(&conn, path)?;
    drop(conn);
    sync(path)?;
    let before = match replaced {
        Some(old) => format!(", replacing {}", old.describe()),
        None => String::new(),
    };
    let upgrade = if now.version < i64::from(schema::VERSION) {
        format!("; the server brings it to schema version {} when it starts", schema::VERSION)
    } else {
        String::new()
    };
    Ok(format!(
        "restored {} from {} ({}{before}){upgrade}",
        path.display(),
        from.display(),
        now.describe()
    ))
}

/// The SQLite file `--database` names, once it is not the backup itself.
fn restore_target<'a>(database: &'a str, from: &Path) -> Result<&'a Path, String> {
    let path = match target(database)? {
        Target::Postgres => {
            return Err(format!(
                "mancala-web restore restores SQLite databases only; for PostgreSQL restore a \
                 pg_dump file with pg_restore into an empty database:\n\
                 \n    pg_restore --no-owner --exit-on-error --dbname='{}' mancala.dump\n\
                 \n(see docs/deploy.md). Nothing was changed.",
                without_password(database)
            ))
        }
        Target::Sqlite(path) => path,
    };
    if same_file(path, from) {
        return Err(format!(
            "--from {} is the database itself: name the backup file. Nothing was changed.",
            from.display()
        ));
    }
    Ok(path)
}

/// The backup, opened read-only once it is whole and at a schema version
/// this server knows.
fn checked_backup(from: &Path) -> Result<Connection, String> {
    let backup = open_existing(from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    integrity(&backup, from)?;
    let incoming = Contents::of(&backup, from)?;
    if incoming.version > i64::from(schema::VERSION) {
        return Err(format!(
            "{} is at schema version {}, but this mancala-web knows versions up to {}: \
             restore it with the newer mancala-web that made it. Nothing was changed.",
            from.display(),
            incoming.version,
            schema::VERSION
        ));
    }
    Ok(backup)
}

/// The database to restore into, opened as the only connection to it: an
/// error if a server (or another program) has it open.
fn lock_exclusive(path: &Path) -> Result<Connection, String> {
    let conn =
        Connection::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    // No waiting: a lock held by someone else is the answer here.
    conn.busy_timeout(Duration::ZERO).map_err(|e| e.to_string())?;
    let in_use = |e: rusqlite::Error| match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => format!(
            "{} is open in a running mancala-web server (or another program): stop it first, \
             then restore (SQLite: {e}). Nothing was changed.",
            path.display()
        ),
        _ => format!("cannot restore into {}: {e}. Nothing was changed.", path.display()),
    };
    // Leaving WAL mode needs the only connection; then the exclusive
    // locking mode keeps every other one out until this one closes.
    conn.pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get::<_, String>(0))
        .map_err(in_use)?;
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE").map_err(in_use)?;
    conn.execute_batch("BEGIN EXCLUSIVE; COMMIT").map_err(in_use)?;
    Ok(conn)
}

/// What the restore replaces in the database at `path` (`None` for a new
/// or empty file): an error where it holds games and the restore is not
/// `force`d, or where it is no mancala-web database.
fn replaced(
    conn: &Connection,
    path: &Path,
    existed: bool,
    force: bool,
) -> Result<Option<Contents>, String> {
    if !existed {
        return Ok(None);
    }
    match Contents::of(conn, path) {
        Ok(contents) if contents.games > 0 && !force => Err(format!(
            "{} holds {} games: restoring would replace them. Back it up first \
             (mancala-web backup), then add --force to replace it. Nothing was changed.",
            path.display(),
            contents.games
        )),
        Ok(contents) => Ok(Some(contents)),
        // An empty file SQLite made just now, or one with no games.
        Err(_) if std::fs::metadata(path).map(|m| m.len()).unwrap_or(1) == 0 => Ok(None),
        Err(e) => Err(format!(
            "{e}: restore into a new file, or into a mancala-web database. Nothing was changed."
        )),
    }
}
