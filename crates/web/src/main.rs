//! `mancala-web`: the web platform's server. Its settings (flags,
//! `MANCALA_*` variables, the `--config` file) are `mancala_web::config`.

use mancala_web::config::{LogFormat, Settings};
use mancala_web::serve;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    // The operator's commands (backup, restore, migrate) instead of serving.
    if let Some(code) = mancala_web::ops::main() {
        return code;
    }
    let settings = match Settings::load(std::env::args_os()) {
        // A bad flag or variable: clap's message, exit status 2.
        Err(e) => {
            if let Some(env) = Settings::variable_in(&e) {
                eprintln!("mancala-web: the environment variable {env} is not valid:");
            }
            e.exit()
        }
        Ok(Err(e)) => {
            eprintln!("mancala-web: {e}");
            return ExitCode::from(2);
        }
        Ok(Ok(settings)) => settings,
    };
    // The log goes to standard error: RUST_LOG filters it (default info).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let log = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match settings.log_format {
        LogFormat::Json => log.json().init(),
        LogFormat::Text => {
            log.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())).init()
        }
    }
    for name in Settings::unknown_variables() {
        tracing::warn!("the environment variable {name} names no setting; it is ignored");
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            tracing::error!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(run(settings));
    // A storage call still running after the stop's time limit is not
    // waited for.
    runtime.shutdown_timeout(Duration::from_secs(1));
    code
}

async fn run(mut settings: Settings) -> ExitCode {
    let listener = match mancala_web::serve::listen(&settings.bind).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!("cannot listen on {}: {e}", settings.bind);
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or(settings.bind.clone());
    let metrics_listener = if settings.metrics_bind.is_empty() {
        None
    } else {
        match mancala_web::serve::listen(&settings.metrics_bind).await {
            Ok(listener) => Some(listener),
            Err(e) => {
                tracing::error!("cannot listen on {} (--metrics-bind): {e}", settings.metrics_bind);
                return ExitCode::FAILURE;
            }
        }
    };
    if settings.public_url.is_empty() {
        settings.public_url = format!("http://{addr}");
    }
    tracing::info!("effective configuration: {}", settings.describe());
    let mut server = match serve(listener, &settings.config()).await {
        Ok(server) => server,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(listener) = metrics_listener {
        if let Ok(addr) = listener.local_addr() {
            tracing::info!("metrics and health on http://{addr}/metrics and /healthz");
        }
        server.serve_metrics(listener);
    }
    println!("Open http://{addr} in your browser (invitation links use {})", settings.public_url);
    let signal = stop_signal().await;
    let limit = Duration::from_secs(settings.shutdown_seconds.max(1));
    tracing::info!("{signal}: stopping within {} s", limit.as_secs());
    if server.shutdown(limit).await {
        tracing::info!("stopped: every request answered, the store closed");
    } else {
        tracing::warn!("stopped after {} s with work left undone", limit.as_secs());
    }
    ExitCode::SUCCESS
}

/// Waits for SIGTERM (a service manager's stop) or Ctrl-C (SIGINT).
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            return tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = tokio::signal::ctrl_c() => "SIGINT",
            };
        }
    }
    let _ = tokio::signal::ctrl_c().await;
    "SIGINT"
}
