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
    /// Seconds between the server's pings on each WebSocket; a socket silent
    /// for two pings is closed and its player counts as gone.
    #[arg(long, default_value_t = mancala_web::PING_SECONDS)]
    ping_seconds: u64,
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = Options::parse();
    let listener = match tokio::net::TcpListener::bind(&options.bind).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("error: cannot listen on {}: {e}", options.bind);
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
        ping_seconds: options.ping_seconds,
    };
    let server = match serve(listener, &config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("Open http://{addr} in your browser (invitation links use {})", config.public_url);
    let _ = tokio::signal::ctrl_c().await;
    server.stop().await;
    ExitCode::SUCCESS
}
