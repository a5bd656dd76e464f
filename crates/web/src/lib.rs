//! The web platform: the catalogue of games, a rules page per game, and play
//! in the browser (against the computer, two people at one screen, or two
//! people over an invitation link, with spectators), over an HTTP/JSON API
//! and a WebSocket. Games are stored (SQLite or PostgreSQL) move by move
//! before a move is acknowledged, and rebuilt by replaying their moves with
//! the rules library.
//!
//! The browser holds no rules: every move's report (its events, seed by
//! seed) comes from `mancala_rules` and is turned into JSON here.

pub mod api;
pub mod assets;
pub mod content;
pub mod explain;
pub mod i18n;
pub mod limit;
pub mod live;
pub mod pages;
pub mod store;

use axum::extract::DefaultBodyLimit;
use axum::Router;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Largest request body accepted (a game record upload is the largest
/// legitimate one; 64 KiB holds records of thousands of moves).
pub const BODY_LIMIT: usize = 64 * 1024;

/// What the server is started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The base of invitation links, e.g. `http://192.168.1.5:8080`.
    pub public_url: String,
    /// `sqlite://FILE` or `postgres://USER:PASSWORD@HOST:PORT/DATABASE`.
    pub database: String,
    /// Requests a second allowed per client address (0: no limit), with a
    /// burst of twice that.
    pub rate_limit: u32,
    /// Computer moves thought about at once (at least 1).
    pub ai_threads: usize,
    /// How long a player to move may be away from an online game (no page
    /// open, no move) before the opponent can claim it.
    pub abandon_seconds: u64,
    /// How often the server pings each WebSocket; one silent for two pings
    /// is closed (and its player counts as gone).
    pub ping_seconds: u64,
}

/// The default for `--ping-seconds`: often enough that a vanished player is
/// noticed within a minute, rarely enough to cost nothing.
pub const PING_SECONDS: u64 = 20;

/// The default for `--abandon-seconds`: three minutes, long enough to
/// reload a page or change networks, short enough that a deserted game does
/// not keep its opponent waiting long.
pub const ABANDON_SECONDS: u64 = 180;

impl Default for Config {
    /// The command line's defaults.
    fn default() -> Config {
        Config {
            public_url: "http://127.0.0.1:8080".into(),
            database: "sqlite://mancala.db".into(),
            rate_limit: 50,
            ai_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            abandon_seconds: ABANDON_SECONDS,
            ping_seconds: PING_SECONDS,
        }
    }
}

/// Shared by every request.
pub struct AppState {
    pub store: Arc<dyn store::Store>,
    /// Games in use, each behind its own lock so that moves in one game are
    /// applied one at a time, in order.
    pub games: Mutex<HashMap<String, Arc<tokio::sync::Mutex<live::Live>>>>,
    /// Bounds the computer's thinking: at most this many searches run at
    /// once, each on a blocking thread, so they cannot starve the server.
    pub ai: Arc<Semaphore>,
    pub public_url: String,
    pub limiter: limit::RateLimiter,
    /// `Config::abandon_seconds`, in milliseconds.
    pub abandon_ms: i64,
    /// `Config::ping_seconds`.
    pub ping: std::time::Duration,
    /// Held while a game's review is computed: one at a time, so reviews
    /// cannot take every thread the computer's moves need.
    pub reviewing: tokio::sync::Mutex<()>,
}

pub type Shared = Arc<AppState>;

/// The whole application: pages, assets and the API.
pub fn app(state: Shared) -> Router {
    Router::new()
        .merge(pages::routes())
        .merge(api::routes())
        .layer(axum::middleware::from_fn_with_state(state.clone(), limit::middleware))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

/// Opens the database and builds the shared state.
pub fn state(config: &Config) -> Result<Shared, store::StoreError> {
    let store: Arc<dyn store::Store> = Arc::from(store::open(&config.database)?);
    Ok(Arc::new(AppState {
        store,
        games: Mutex::new(HashMap::new()),
        ai: Arc::new(Semaphore::new(config.ai_threads.max(1))),
        public_url: config.public_url.trim_end_matches('/').to_string(),
        limiter: limit::RateLimiter::new(config.rate_limit),
        abandon_ms: config.abandon_seconds.min(i64::MAX as u64 / 1000) as i64 * 1000,
        ping: std::time::Duration::from_secs(config.ping_seconds.clamp(1, 3600)),
        reviewing: tokio::sync::Mutex::new(()),
    }))
}

/// A running server: its address and a way to stop it.
pub struct Server {
    pub addr: SocketAddr,
    pub state: Shared,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// Stops accepting connections, ends open ones and waits for the server
    /// task to finish.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.task.abort();
        let _ = self.task.await;
    }
}

/// Starts the server on an already bound listener (tests bind 127.0.0.1:0).
pub async fn serve(listener: TcpListener, config: &Config) -> Result<Server, store::StoreError> {
    // Opening the store blocks (it may connect to a database server).
    let opening = config.clone();
    let state = tokio::task::spawn_blocking(move || state(&opening))
        .await
        .map_err(|e| store::StoreError(format!("opening the store failed: {e}")))??;
    let addr = listener.local_addr().map_err(|e| store::StoreError(e.to_string()))?;
    let app = app(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    // Games whose clock was running when the server stopped: watch them
    // again, so that a flag falls without anyone asking.
    tokio::spawn(api::resume_clocks(state.clone()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await
    });
    Ok(Server { addr, state, stop: Some(stop), task })
}
