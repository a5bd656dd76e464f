//! What every request shares: the store, the games in use, the
//! computer's scheduler, the limits, the lobby and the rest
//! ([`AppState`], behind [`crate::Shared`]), and the count of work a stop
//! waits for ([`Busy`]). Made once at start by `crate::state_with`.

use crate::classes::ClassStore;
use crate::puzzles::compositions::CompositionStore;
use crate::puzzles::PuzzleStore;
use crate::store::{AccountStore, GameStore, Postgres, Sqlite, StoreError};
use crate::tournaments::TournamentStore;
use crate::{api, egdb, limit, lobby, metrics, scheduler};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Everything a server keeps: the games' part of the store and each
/// feature's. Both stores, SQLite and PostgreSQL, are all of it.
pub trait Store:
    GameStore + AccountStore + TournamentStore + ClassStore + PuzzleStore + CompositionStore
{
}

impl<T> Store for T where
    T: GameStore + AccountStore + TournamentStore + ClassStore + PuzzleStore + CompositionStore
{
}

/// Opens the store a `--database` URL names: `sqlite://FILE` or
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (`postgresql://` too).
/// Blocking (it connects and creates the tables): call it where blocking is
/// allowed, not on a thread that drives async tasks.
pub fn open_store(url: &str) -> Result<Box<dyn Store>, StoreError> {
    if let Some(path) = url.strip_prefix("sqlite://") {
        Ok(Box::new(Sqlite::open(Path::new(path))?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Box::new(Postgres::open(url)?))
    } else {
        // Only up to the first ':' is echoed: the rest may hold a password.
        let kind: String = url.chars().take_while(|&c| c != ':').take(40).collect();
        Err(StoreError::Failed(format!(
            "unknown kind of database URL '{kind}:...': use sqlite://FILE or \
             postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        )))
    }
}

/// Shared by every request.
pub struct AppState {
    pub store: Arc<dyn Store>,
    /// The time of day (`Config::time`): every clock, deadline and timeout
    /// of play reads it.
    pub time: crate::time::Time,
    /// Games in use, each behind its own lock so that moves in one game are
    /// applied one at a time, in order.
    pub games: crate::play::GameCache,
    /// The computer's thinking (its moves, hints, reviews): at most
    /// `--ai-threads` searches at once, on blocking threads, each client's
    /// queue served in turn.
    pub scheduler: Arc<scheduler::Scheduler>,
    /// Every running clock's deadline, watched by one task.
    pub deadlines: crate::play::Deadlines,
    /// Games created per address.
    pub creations: limit::RateLimiter,
    /// `Config::storage_timeout_seconds`.
    pub store_timeout: Duration,
    /// `Config::invitation_hours`, in seconds.
    pub invitation_seconds: i64,
    pub public_url: String,
    pub limiter: limit::RateLimiter,
    /// `POST /api/waiting` per address.
    pub waiting: limit::RateLimiter,
    /// Sign-in attempts per address and per name.
    pub sign_ins: api::SignInLimits,
    /// `Config::abandon_seconds`, in milliseconds.
    pub abandon_ms: i64,
    /// `Config::ping_seconds`.
    pub ping: std::time::Duration,
    /// The endgame databases (analysis board, reviews).
    pub egdb: egdb::Databases,
    /// One lock per tournament: its changes are made one at a time.
    pub tournaments: crate::tournaments::TournamentLocks,
    /// What `/metrics` shows.
    pub metrics: metrics::Metrics,
    /// Turns true when the server stops: every WebSocket is then closed
    /// with [`RESTARTING`], so that its page reconnects.
    pub closing: tokio::sync::watch::Sender<bool>,
    /// The computer's turns being played (thought about or stored), which
    /// a stop waits for.
    pub computing: Arc<Busy>,
    /// Open seeks, quick pairing and challenges (in memory).
    pub lobby: lobby::Lobby,
    /// When each signed-in account was last marked seen (a pupil's
    /// last-seen time is written once a minute at most).
    pub pupils_seen: api::SeenLog,
    /// What the features do once an account is gone ([`api::account_gone`]).
    pub account_gone: &'static [api::AccountGone],
}

/// Work in progress that a stop waits for: a count and its guards.
#[derive(Default)]
pub struct Busy(std::sync::atomic::AtomicUsize);

/// One piece of work counted by a [`Busy`] until dropped.
pub struct BusyGuard(Arc<Busy>);

impl Busy {
    pub fn enter(self: &Arc<Self>) -> BusyGuard {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        BusyGuard(self.clone())
    }

    pub fn count(&self) -> usize {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.0 .0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}
