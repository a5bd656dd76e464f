//! What an operator watches: `GET /healthz` (does the store read and write?),
//! `GET /metrics` (Prometheus' text format, through `prometheus-client`)
//! and the request log, one line per request.
//!
//! Requests are counted and logged by their route's template
//! (`/api/games/{id}/moves`), never by the path they came with: a path
//! holds game ids (one series each would grow without end), and neither
//! the log nor the metrics ever hold a query string, a header or a body,
//! where seat tokens, session cookies and passwords travel.

use crate::serve::ClientAddr;
use crate::Shared;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Metric, Registry};
use serde_json::json;
use std::time::{Duration, Instant};

/// How long `/healthz` waits for the store.
pub const HEALTH_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: u16,
}

/// The server's metrics. Each is a handle (cloning shares the value).
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    /// Seconds from a move request's arrival to its answer (stored,
    /// applied, pushed to the watchers).
    pub move_seconds: Histogram,
    /// WebSockets open now.
    pub websockets: Gauge,
    /// Games held in memory (set when scraped).
    games: Gauge,
    /// The computer's moves waiting for a worker slot.
    pub computer_queued: Gauge,
    /// Seconds a computer move waited for a worker slot.
    pub computer_wait: Histogram,
    /// Storage calls that failed or took too long.
    pub store_errors: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("mancala");
        let r = &mut registry;
        let requests = registered(
            r,
            "http_requests",
            "HTTP requests answered, by method, route template and status",
            Family::<RequestLabels, Counter>::default(),
        );
        let move_seconds = registered(
            r,
            "move_duration_seconds",
            "Time from a move request's arrival to its answer (successful moves)",
            seconds(),
        );
        let websockets = registered(r, "websockets_open", "WebSockets open now", Gauge::default());
        let games = registered(r, "games_in_memory", "Games held in memory", Gauge::default());
        let computer_queued = registered(
            r,
            "computer_moves_queued",
            "Computer moves waiting for a worker slot",
            Gauge::default(),
        );
        let computer_wait = registered(
            r,
            "computer_move_wait_seconds",
            "Time a computer move waited for a worker slot",
            seconds(),
        );
        let store_errors = registered(
            r,
            "store_errors",
            "Storage calls that failed or took longer than --storage-timeout-seconds",
            Counter::default(),
        );
        Metrics {
            registry,
            requests,
            move_seconds,
            websockets,
            games,
            computer_queued,
            computer_wait,
            store_errors,
        }
    }
}

/// Registers a metric under its name and help text; the handle to keep
/// (it shares the registered value).
fn registered<M: Metric + Clone>(registry: &mut Registry, name: &str, help: &str, metric: M) -> M {
    registry.register(name, help, metric.clone());
    metric
}

/// A histogram of durations from 0.5 ms to about 16 s: a move is a few ms,
/// one waiting for a slow disk's flush a few hundred (see the load test in
/// the README).
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

impl Metrics {
    /// The text exposition.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// A gauge counted up while this lives (a WebSocket open, a computer move
/// queued).
pub struct GaugeGuard(Gauge);

impl GaugeGuard {
    pub fn new(gauge: &Gauge) -> GaugeGuard {
        gauge.inc();
        GaugeGuard(gauge.clone())
    }
}

impl Drop for GaugeGuard {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// A method as a label: the usual ones by name, anything else as `other`
/// (a client may send any token there).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::PUT => "PUT",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        _ => "other",
    }
}

/// Counts and logs every request: one line with its method, route
/// template, status, latency and client address (an error for a 5xx).
pub async fn observe(State(state): State<Shared>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let client = request.extensions().get::<ClientAddr>().map(|c| c.0);
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    if route == "/api/games/{id}/moves" && method == "POST" && response.status().is_success() {
        state.metrics.move_seconds.observe(elapsed.as_secs_f64());
    }
    state
        .metrics
        .requests
        .get_or_create(&RequestLabels { method, route: route.clone(), status })
        .inc();
    let latency_ms = elapsed.as_secs_f64() * 1000.0;
    let client = client.map_or_else(|| "-".to_string(), |ip| ip.to_string());
    if response.status().is_server_error() {
        tracing::error!(target: "mancala_web::request", method, route, status, latency_ms, client, "request");
    } else {
        tracing::info!(target: "mancala_web::request", method, route, status, latency_ms, client, "request");
    }
    response
}

/// `/healthz` and `/metrics`, for the main router and for
/// `--metrics-bind`.
pub fn routes() -> Router<Shared> {
    Router::new().route("/healthz", get(healthz)).route("/metrics", get(metrics))
}

/// 200 `{"status": "ok"}` when the store answers a trivial query and
/// stores a write (`Store::probe_write`) within [`HEALTH_TIMEOUT`]; 503 with what went wrong (in words, no details:
/// those go to the log) otherwise.
pub async fn healthz(State(state): State<Shared>) -> Response {
    let store = state.store.clone();
    let started = Instant::now();
    // A read, then a write that must reach the disk: a store that answers
    // reads while every write fails (a full disk) is not healthy.
    let at = state.time.now_secs();
    let check = tokio::task::spawn_blocking(move || {
        store.ping().map_err(|e| ("read", e))?;
        store.probe_write(at).map_err(|e| ("write", e))
    });
    let problem = match tokio::time::timeout(HEALTH_TIMEOUT, check).await {
        Ok(Ok(Ok(()))) => None,
        Ok(Ok(Err((what, e)))) => {
            tracing::error!("health check: the store failed a {what}: {e}");
            Some(format!("the store failed a {what}"))
        }
        Ok(Err(e)) => {
            tracing::error!("health check: the store's call crashed: {e}");
            Some("the store's call crashed".to_string())
        }
        Err(_) => Some(format!("the store did not answer within {} s", HEALTH_TIMEOUT.as_secs())),
    };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut response = match problem {
        None => (StatusCode::OK, Json(json!({"status": "ok", "store_ms": ms}))).into_response(),
        Some(problem) => {
            state.metrics.store_errors.inc();
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({"status": "unavailable", "problem": problem})),
            )
                .into_response()
        }
    };
    response.headers_mut().insert(header::CACHE_CONTROL, "no-store".parse().unwrap());
    response
}

/// Whether `/metrics` is answered to this request: on the main address only
/// to a client on this machine (loopback; behind a trusted proxy, the
/// client the proxy names), on `--metrics-bind` to anyone.
#[derive(Clone, Copy)]
pub struct MetricsOpen;

async fn metrics(State(state): State<Shared>, request: Request) -> Response {
    let open = request.extensions().get::<MetricsOpen>().is_some();
    let local = request.extensions().get::<ClientAddr>().is_some_and(|c| c.0.is_loopback());
    if !(open || local) {
        return crate::error::error(
            StatusCode::NOT_FOUND,
            "not_found",
            "/metrics is answered only to this machine or on --metrics-bind",
        )
        .into_response();
    }
    let games = state.games.len();
    state.metrics.games.set(games as i64);
    let mut response = state.metrics.encode().into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        "application/openmetrics-text; version=1.0.0; charset=utf-8".parse().unwrap(),
    );
    response.headers_mut().insert(header::CACHE_CONTROL, "no-store".parse().unwrap());
    response
}
