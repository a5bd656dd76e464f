//! The web platform: the catalogue of games, a rules page per game, and play
//! in the browser (against the computer, two people at one screen, or two
//! people over an invitation link, with spectators), over an HTTP/JSON API
//! and a WebSocket. Games are stored (SQLite or PostgreSQL) move by move
//! before a move is acknowledged, and rebuilt by replaying their moves with
//! the rules library.
//!
//! The browser holds no rules: every move's report (its events, seed by
//! seed) comes from `mancala_rules` and is turned into JSON here.

pub mod accounts;
pub mod analysis;
pub mod api;
pub mod assets;
pub mod classes;
pub mod config;
/// The rules pages' text (its own crate, shared with the `mancala` command).
pub use mancala_content as content;
pub mod diagram;
pub mod egdb;
pub mod error;
pub mod explain;
pub mod game;
pub mod home;
pub mod html;
pub mod i18n;
pub mod learn;
pub mod lessons;
pub mod limit;
pub mod live;
pub mod lobby;
pub mod metrics;
pub mod ops;
pub mod pages;
pub mod play;
pub mod proxy;
pub mod puzzles;
pub mod rated;
pub mod rating;
mod routes;
pub mod same_origin;
pub mod scheduler;
pub mod serve;
pub mod state;
pub mod store;
pub mod time;
pub mod tournaments;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

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
    /// Connections one client address (an IPv6 /64) may hold open at once.
    pub max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers, and that an idle
    /// kept-alive connection stays open.
    pub header_timeout_seconds: u64,
    /// Seconds a request may take, its body included (the WebSocket's life
    /// after the upgrade is not counted), before it gets a 503.
    pub request_timeout_seconds: u64,
    /// Seconds a storage call may take before the request gets a 503.
    pub storage_timeout_seconds: u64,
    /// Games one address (an IPv6 /64) may create an hour (0: no limit),
    /// all of them at once if it likes.
    pub games_per_address_per_hour: u32,
    /// Hints and reviews one address may have waiting or being computed.
    pub analyses_per_address: usize,
    /// Hours an online game's invitation can be taken; then it expires.
    pub invitation_hours: u64,
    /// How often the server pings each WebSocket; one silent for two pings
    /// is closed (and its player counts as gone).
    pub ping_seconds: u64,
    /// Where the endgame databases are (`DIR/GAME.egdb`); `None`: none.
    pub egdb_dir: Option<std::path::PathBuf>,
    /// The reverse proxies whose client-address header is believed.
    pub proxies: proxy::Proxies,
    /// The time of day every rule of play counts in: the system's; a test
    /// gives a [`time::Time::manual`] one and moves it on.
    pub time: time::Time,
}

/// The default for `--ping-seconds`: often enough that a vanished player is
/// noticed within a minute, rarely enough to cost nothing.
pub const PING_SECONDS: u64 = 20;

/// The default for `--abandon-seconds`: three minutes, long enough to
/// reload a page or change networks, short enough that a deserted game does
/// not keep its opponent waiting long.
pub const ABANDON_SECONDS: u64 = 180;

/// The default for `--invitation-hours`: a day.
pub const INVITATION_HOURS: u64 = 24;

impl Default for Config {
    /// The command line's defaults.
    fn default() -> Config {
        Config {
            public_url: "http://127.0.0.1:8080".into(),
            database: "sqlite://mancala.db".into(),
            rate_limit: 50,
            ai_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            abandon_seconds: ABANDON_SECONDS,
            max_connections_per_address: 64,
            header_timeout_seconds: 20,
            request_timeout_seconds: 60,
            storage_timeout_seconds: 10,
            games_per_address_per_hour: 120,
            analyses_per_address: 4,
            invitation_hours: INVITATION_HOURS,
            ping_seconds: PING_SECONDS,
            egdb_dir: Some(std::path::PathBuf::from("egdb")),
            proxies: proxy::Proxies::default(),
            time: time::Time::system(),
        }
    }
}

/// The WebSocket close code when the server stops: 1012, "Service
/// Restart" in IANA's registry. The page reconnects, with a notice.
pub const RESTARTING: u16 = 1012;

pub use state::{open_store, AppState, Busy, BusyGuard, Store};

pub type Shared = Arc<AppState>;

/// What pages may load: their own script, stylesheet and API, nothing
/// inline, and no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The features' own files (their page scripts), served beside the core's.
static FEATURE_ASSETS: &[&assets::Asset] =
    &[&lobby::SCRIPT, &analysis::SCRIPT, &tournaments::SCRIPT, &classes::SCRIPT, &puzzles::SCRIPT];

/// The whole application: pages, assets and the API, with the hardening
/// headers on every answer and a time limit on every request.
pub fn app(state: Shared, request_timeout: Duration) -> Router {
    let headers = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
    ];
    // The routes are the table `src/routes` (`routes.rs`). Answers of the
    // API carry seat tokens, session details and invitation codes: no cache
    // (the browser's, or a proxy's) may keep them.
    let api = routes::api().layer(SetResponseHeaderLayer::if_not_present(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    ));
    let mut app = routes::pages()
        .merge(assets::routes(FEATURE_ASSETS))
        .merge(api)
        .fallback(pages::fallback)
        .layer(axum::middleware::from_fn_with_state(state.clone(), pages::signed_in_scope))
        .layer(axum::middleware::from_fn_with_state(state.clone(), limit::middleware))
        // Health checks and scrapes are not rate limited.
        .merge(metrics::routes())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(refuse_large_bodies))
        .layer(axum::middleware::from_fn_with_state(state.clone(), same_origin::middleware))
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, request_timeout))
        .layer(axum::middleware::from_fn_with_state(state.clone(), metrics::observe))
        .with_state(state);
    for (name, value) in headers {
        app = app
            .layer(SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value)));
    }
    app
}

/// A request whose `Content-Length` is over [`BODY_LIMIT`] is answered 413
/// at once, and its connection closed: otherwise the server would wait for
/// a body it will refuse anyway (up to the request's time limit).
async fn refuse_large_bodies(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        let mut response = api::error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("the request body is larger than {BODY_LIMIT} bytes"),
        )
        .into_response();
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return response;
    }
    next.run(request).await
}

/// Opens the database and builds the shared state.
pub fn state(config: &Config) -> Result<Shared, store::StoreError> {
    let store: Arc<dyn Store> = Arc::from(open_store(&config.database)?);
    Ok(state_with(config, store))
}

/// The shared state over an open store.
pub fn state_with(config: &Config, store: Arc<dyn Store>) -> Shared {
    std::thread::spawn(accounts::api::prepare);
    Arc::new(AppState {
        store,
        time: config.time.clone(),
        games: play::GameCache::new(play::CACHED_GAMES, play::CACHED_BYTES),
        scheduler: scheduler::Scheduler::new(
            config.ai_threads.max(1),
            config.analyses_per_address.max(1),
        ),
        deadlines: play::Deadlines::default(),
        creations: limit::RateLimiter::per_hour(config.games_per_address_per_hour),
        store_timeout: Duration::from_secs(config.storage_timeout_seconds.max(1)),
        invitation_seconds: config.invitation_hours.min(1 << 40) as i64 * 3600,
        public_url: config.public_url.trim_end_matches('/').to_string(),
        limiter: limit::RateLimiter::new(config.rate_limit),
        sign_ins: api::SignInLimits::default(),
        // A page asks once when it opens: a class behind one address
        // opening the home page at once is a burst of thirty.
        waiting: limit::RateLimiter::with(2.0, 30.0),
        abandon_ms: config.abandon_seconds.min(i64::MAX as u64 / 1000) as i64 * 1000,
        ping: std::time::Duration::from_secs(config.ping_seconds.clamp(1, 3600)),
        egdb: egdb::Databases::new(config.egdb_dir.clone()),
        tournaments: tournaments::TournamentLocks::default(),
        pupils_seen: api::SeenLog::default(),
        account_gone: &[play::forget, tournaments::api::forget],
        metrics: metrics::Metrics::default(),
        closing: tokio::sync::watch::channel(false).0,
        computing: Arc::default(),
        // What a person posted over HTTP without opening the lobby's socket
        // lasts two pings (a page's socket opens within that).
        lobby: lobby::Lobby::new(
            Duration::from_secs(2 * config.ping_seconds.clamp(1, 3600)),
            config.time.clone(),
        ),
    })
}

/// Waits until `busy` counts nothing.
async fn until_idle(state: &AppState, busy: impl Fn(&AppState) -> usize) {
    while busy(state) > 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A running server: its address and a way to stop it.
pub struct Server {
    pub addr: SocketAddr,
    pub state: Shared,
    stop: tokio::sync::watch::Sender<bool>,
    /// The accept loops (the main one first), which end once their
    /// connections have.
    accepting: Vec<tokio::task::JoinHandle<()>>,
    /// The clock watchers, stopped last.
    tasks: Vec<tokio::task::JoinHandle<()>>,
    limits: serve::Limits,
}

impl Server {
    /// Stops the server within the default ten seconds (see
    /// [`Server::shutdown`]).
    pub async fn stop(self) {
        self.shutdown(Duration::from_secs(10)).await;
    }

    /// Stops gracefully, within `limit`: stops accepting connections (the
    /// port is free at once), lets every open connection finish the
    /// request in progress, waits for the computer's turns being played
    /// (thought about and stored), closes every WebSocket with
    /// [`RESTARTING`] so that its page reconnects, ends the clock watchers
    /// and closes the store. Returns false if `limit` ran out first (what
    /// was left is dropped; every move acknowledged was stored before its
    /// answer).
    pub async fn shutdown(mut self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        let _ = self.stop.send(true);
        let mut finished = true;
        for accepting in self.accepting.drain(..) {
            finished &= tokio::time::timeout_at(deadline, accepting).await.is_ok();
        }
        finished &=
            tokio::time::timeout_at(deadline, until_idle(&self.state, |s| s.computing.count()))
                .await
                .is_ok();
        let _ = self.state.closing.send(true);
        let sockets = |s: &AppState| s.metrics.websockets.get().max(0) as usize;
        finished &=
            tokio::time::timeout_at(deadline, until_idle(&self.state, sockets)).await.is_ok();
        for task in self.tasks.drain(..) {
            task.abort();
            let _ = task.await;
        }
        // The store closes with the last reference to the state (SQLite's
        // writer thread finishes its queue and is joined): on a blocking
        // thread, since closing blocks.
        if Arc::strong_count(&self.state) > 1 {
            tracing::warn!("a task still holds the store at the stop; it closes when that ends");
        }
        let state = self.state;
        let closing = tokio::task::spawn_blocking(move || drop(state));
        finished &= tokio::time::timeout_at(deadline, closing).await.is_ok();
        finished
    }

    /// Serves `GET /metrics` and `GET /healthz` alone, to anyone, on a
    /// second listener (`--metrics-bind`), until the server stops.
    pub fn serve_metrics(&mut self, listener: TcpListener) {
        let app = metrics::routes()
            .layer(axum::Extension(metrics::MetricsOpen))
            .with_state(self.state.clone());
        let limits = serve::Limits { proxies: Arc::default(), ..self.limits.clone() };
        let accept = serve::accept_loop(listener, app, limits, self.stop.subscribe());
        self.accepting.push(tokio::spawn(accept));
    }
}

/// Starts the server on an already bound listener (tests bind 127.0.0.1:0).
pub async fn serve(listener: TcpListener, config: &Config) -> Result<Server, store::StoreError> {
    // Opening the store blocks (it may connect to a database server).
    let opening = config.database.clone();
    let store = tokio::task::spawn_blocking(move || open_store(&opening))
        .await
        .map_err(|e| store::StoreError::Failed(format!("opening the store failed: {e}")))??;
    serve_store(listener, config, Arc::from(store)).await
}

/// Starts the server on a store already open (tests wrap one to make it
/// fail on purpose).
pub async fn serve_store(
    listener: TcpListener,
    config: &Config,
    store: Arc<dyn Store>,
) -> Result<Server, store::StoreError> {
    let state = state_with(config, store);
    let addr = listener.local_addr().map_err(|e| store::StoreError::Failed(e.to_string()))?;
    let app = app(state.clone(), Duration::from_secs(config.request_timeout_seconds.max(1)));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // One task ends games on time, for every game with a running clock;
    // games whose clock was running when the server stopped are watched
    // again, so that a flag falls without anyone asking.
    let clocks = tokio::spawn(play::watch_deadlines(state.clone()));
    let resume = tokio::spawn(play::resume_clocks(state.clone()));
    let lobby = tokio::spawn(lobby::sweep_lobby(state.clone()));
    let limits = serve::Limits {
        per_address: config.max_connections_per_address.max(1),
        header_timeout: Duration::from_secs(config.header_timeout_seconds.max(1)),
        proxies: Arc::new(config.proxies.clone()),
    };
    let accept = tokio::spawn(serve::accept_loop(listener, app, limits.clone(), stopped));
    Ok(Server {
        addr,
        state,
        stop,
        accepting: vec![accept],
        tasks: vec![clocks, resume, lobby],
        limits,
    })
}
