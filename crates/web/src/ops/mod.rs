//! The operator's commands, `mancala-web COMMAND` (without one it serves):
//! `backup` and `restore` of a SQLite database, and `migrate`, which moves
//! a SQLite database's rows into PostgreSQL. Each prints what it did on
//! standard output, or fails with a message saying what was wrong; none of
//! them needs the server to be stopped but `restore`, which refuses a
//! database a server has open.

mod backup;
mod copy;

pub use backup::{backup, restore};
pub use copy::migrate;

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `mancala-web COMMAND ...`: the commands' own parser, so that the
/// server's options stay as they are.
#[derive(Parser, Debug)]
#[command(name = "mancala-web", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The names of the commands (a first argument that is one of them means
/// a command, not serving).
pub const COMMANDS: [&str; 3] = ["backup", "restore", "migrate"];

/// If the command line names a command, runs it, prints what it did (or
/// why it did nothing, on standard error) and returns the exit status;
/// `None` if the command line is the server's. Blocking; it may be called
/// on a thread that drives async tasks (the command runs on a thread of its
/// own, as the PostgreSQL client must).
pub fn main() -> Option<ExitCode> {
    let first = std::env::args_os().nth(1)?;
    if !COMMANDS.iter().any(|c| first == *c) {
        return None;
    }
    let cli = Cli::try_parse().unwrap_or_else(|e| e.exit());
    let outcome = std::thread::spawn(move || run(cli.command)).join();
    Some(match outcome {
        Ok(Ok(done)) => {
            println!("{done}");
            ExitCode::SUCCESS
        }
        Ok(Err(why)) => {
            eprintln!("mancala-web: {why}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("mancala-web: the command stopped unexpectedly");
            ExitCode::FAILURE
        }
    })
}

/// What `mancala-web COMMAND` does.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Copies a running SQLite database to FILE, consistently (SQLite's
    /// online backup API): games may be played meanwhile. For PostgreSQL it
    /// explains the pg_dump routine instead.
    Backup {
        /// The database: sqlite://FILE.
        #[arg(long)]
        database: String,
        /// The backup file to write (refused if it exists, unless --force).
        #[arg(long)]
        out: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Replaces a SQLite database with a backup. Refused while a server has
    /// the database open, and if it holds games unless --force.
    Restore {
        /// The database to restore into: sqlite://FILE (made if missing).
        #[arg(long)]
        database: String,
        /// The backup file, as `backup` wrote it.
        #[arg(long)]
        from: PathBuf,
        /// Replace the games the database holds.
        #[arg(long)]
        force: bool,
    },
    /// Moves every row of a SQLite database (games, moves, matches,
    /// reviews, accounts, sessions, ratings, ...) into an empty PostgreSQL
    /// database, in one transaction.
    Migrate {
        /// The SQLite database: sqlite://FILE.
        #[arg(long)]
        from: String,
        /// The PostgreSQL database: postgres://USER:PASSWORD@HOST:PORT/DATABASE
        /// (empty, or with the tables but no rows).
        #[arg(long)]
        to: String,
    },
}

/// Runs a subcommand (blocking): what it did, or why it did nothing.
pub fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Backup { database, out, force } => backup(&database, &out, force),
        Command::Restore { database, from, force } => restore(&database, &from, force),
        Command::Migrate { from, to } => migrate(&from, &to),
    }
}

/// Where a database URL points, for these subcommands.
enum Target<'a> {
    Sqlite(&'a Path),
    Postgres,
}

fn target(url: &str) -> Result<Target<'_>, String> {
    if let Some(path) = url.strip_prefix("sqlite://") {
        if path.is_empty() {
            return Err("the SQLite URL names no file: use sqlite://FILE".into());
        }
        Ok(Target::Sqlite(Path::new(path)))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Target::Postgres)
    } else {
        let kind: String = url.chars().take_while(|&c| c != ':').take(40).collect();
        Err(format!(
            "unknown kind of database URL '{kind}:...': use sqlite://FILE or \
             postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        ))
    }
}

/// A PostgreSQL URL without its password, for messages and commands shown.
fn without_password(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else { return url.to_string() };
    let rest = &url[start..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => {
            let user = &rest[..at];
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{}{user}{}", &url[..start], &rest[at..])
        }
        None => url.to_string(),
    }
}

/// A byte count in words.
fn size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}
