//! `mancala-web`: the web platform's server.

use clap::Parser;
use mancala_web::{serve, Config};
use std::process::ExitCode;

/// Serves the mancala catalogue, rules pages and games in the browser.
#[derive(Parser)]
#[command(name = "mancala-web", version)]
struct Options {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// Address others use to reach this server, for invitation links
    /// (default: http://BIND).
    #[arg(long)]
    public_url: Option<String>,
    /// Where games are stored: sqlite://FILE, or
    /// postgres://USER:PASSWORD@HOST:PORT/DATABASE (postgresql:// too).
    #[arg(long, default_value = "sqlite://mancala.db")]
    database: String,
    /// Requests per second allowed from one address (0: no limit); bursts of
    /// twice that are allowed.
    #[arg(long, default_value_t = 50)]
    rate_limit: u32,
    /// Computer moves thought about at once (default: the number of CPUs).
    #[arg(long)]
    ai_threads: Option<usize>,
    /// Seconds a player to move may be away from an online game (no page
    /// open, no move) before the opponent can claim the win.
    #[arg(long, default_value_t = mancala_web::ABANDON_SECONDS)]
    abandon_seconds: u64,
    /// Connections one address (an IPv6 /64) may hold open at once; more
    /// are answered 429 and closed.
    #[arg(long, default_value_t = Config::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers, and that an idle
    /// kept-alive connection stays open.
    #[arg(long, default_value_t = Config::default().header_timeout_seconds)]
    header_timeout_seconds: u64,
    /// Seconds a request may take (its body included) before it is
    /// answered 503.
    #[arg(long, default_value_t = Config::default().request_timeout_seconds)]
    request_timeout_seconds: u64,
    /// Seconds a storage call may take before the request is answered 503.
    #[arg(long, default_value_t = Config::default().storage_timeout_seconds)]
    storage_timeout_seconds: u64,
    /// Games one address (an IPv6 /64) may create an hour (0: no limit).
    #[arg(long, default_value_t = Config::default().games_per_address_per_hour)]
    games_per_address_per_hour: u32,
    /// Hints and reviews one address may have waiting or being computed;
    /// more are answered 429.
    #[arg(long, default_value_t = Config::default().analyses_per_address)]
    analyses_per_address: usize,
    /// Hours an online game's invitation can be taken.
    #[arg(long, default_value_t = mancala_web::INVITATION_HOURS)]
    invitation_hours: u64,
    /// Seconds between the server's pings on each WebSocket; a socket silent
    /// for two pings is closed and its player counts as gone.
    #[arg(long, default_value_t = mancala_web::PING_SECONDS)]
    ping_seconds: u64,
    /// The folder of endgame databases (DIR/GAME.egdb, as `mancala egdb
    /// build` writes them), for the analysis board and reviews; missing
    /// files mean no database for that game.
    #[arg(long, default_value = "egdb")]
    egdb_dir: std::path::PathBuf,
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = Options::parse();
    // The log goes to standard error: RUST_LOG filters it (default info).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let listener = match tokio::net::TcpListener::bind(&options.bind).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!("cannot listen on {}: {e}", options.bind);
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or(options.bind.clone());
    let config = Config {
        public_url: options.public_url.unwrap_or_else(|| format!("http://{addr}")),
        database: options.database,
        rate_limit: options.rate_limit,
        ai_threads: options
            .ai_threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        abandon_seconds: options.abandon_seconds,
        max_connections_per_address: options.max_connections_per_address,
        header_timeout_seconds: options.header_timeout_seconds,
        request_timeout_seconds: options.request_timeout_seconds,
        storage_timeout_seconds: options.storage_timeout_seconds,
        games_per_address_per_hour: options.games_per_address_per_hour,
        analyses_per_address: options.analyses_per_address,
        invitation_hours: options.invitation_hours,
        ping_seconds: options.ping_seconds,
        egdb_dir: Some(options.egdb_dir),
    };
    let server = match serve(listener, &config).await {
        Ok(server) => server,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("Open http://{addr} in your browser (invitation links use {})", config.public_url);
    let _ = tokio::signal::ctrl_c().await;
    server.stop().await;
    ExitCode::SUCCESS
}
