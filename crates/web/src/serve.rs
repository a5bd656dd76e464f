//! The accept loop: hyper's HTTP/1 connection, with its header read
//! timeout (which also closes a kept-alive connection left idle that long),
//! and a cap on the connections one client address holds open at once.
//! Every request carries its connection's address (`ConnectInfo`) and its
//! client's (`ClientAddr`: the same, or behind a trusted proxy the one the
//! proxy names, see `proxy.rs`) for the limits and the computer's fair
//! share.
//!
//! Connections from a trusted proxy carry many clients, so they are not
//! counted at accept; each of their requests (a WebSocket for as long as
//! it is open) takes a place of its client's instead, under the same cap.

use crate::scheduler::address_key;
use axum::extract::connect_info::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// The address of the client a request is for: its connection's, or
/// behind a trusted proxy the one the proxy names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The connection limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open connections per client address (IPv6: per /64).
    pub per_address: usize,
    /// Time to send a request's headers, and the longest idle time of a
    /// kept-alive connection.
    pub header_timeout: Duration,
    /// The proxies whose client-address header is believed.
    pub proxies: Arc<crate::proxy::Proxies>,
}

/// Open connections per address.
#[derive(Default)]
pub struct Connections {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection, counted until it is dropped.
pub struct Slot {
    connections: Arc<Connections>,
    key: IpAddr,
}

impl Connections {
    /// Counts a new connection from `ip`, or `None` if its address already
    /// holds `cap`.
    pub fn open(self: &Arc<Self>, ip: IpAddr, cap: usize) -> Option<Slot> {
        let key = address_key(ip);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(key).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(Slot { connections: self.clone(), key })
    }

    /// Connections open from `ip`'s address.
    pub fn count(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&address_key(ip)).copied().unwrap_or(0)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.connections.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// The answer to a connection over its address's cap, before it is closed.
const TOO_MANY: &str = "HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\
    Content-Type: text/plain; charset=utf-8\r\nContent-Length: 62\r\n\r\n\
    Too many open connections from your address; close some first.";

/// The 429 for a request over its client's cap (behind a proxy; the
/// proxy's connection, which carries other clients too, stays open).
fn too_many() -> axum::response::Response {
    axum::response::IntoResponse::into_response((
        axum::http::StatusCode::TOO_MANY_REQUESTS,
        "Too many open connections from your address; close some first.",
    ))
}

/// The listening socket's backlog: connections the kernel completes before
/// the accept loop takes them. tokio's `TcpListener::bind` asks for 128 here,
/// which a burst of new connections overflows (500 players asking to be
/// paired at once in scripts/lobby-loadtest.sh): the kernel then drops their
/// handshakes, each client waits a second to try again, and some connections
/// are reset. The kernel caps it at `net.core.somaxconn`.
pub const BACKLOG: u32 = 4096;

/// Listens on `addr` (`HOST:PORT`, the first of its addresses that binds)
/// with a backlog of [`BACKLOG`], and `SO_REUSEADDR` as tokio sets it (a
/// restarted server gets its port back at once).
pub async fn listen(addr: &str) -> std::io::Result<TcpListener> {
    let mut last = None;
    for address in tokio::net::lookup_host(addr).await? {
        let socket = if address.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        #[cfg(unix)]
        socket.set_reuseaddr(true)?;
        if let Err(e) = socket.bind(address) {
            last = Some(e);
            continue;
        }
        match socket.listen(BACKLOG) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{addr} names no address"))
    }))
}

/// Serves connections until `stop` turns true; then stops accepting (the
/// listener is closed), lets every open connection finish the request in
/// progress, and returns once they are all closed.
pub async fn accept_loop(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    let serving = Serving {
        app,
        limits,
        connections: Arc::new(Connections::default()),
        http: Arc::new(http),
    };
    let mut open = tokio::task::JoinSet::new();
    loop {
        // Forget the connections that have ended.
        while open.try_join_next().is_some() {}
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, say: wait a moment rather
                    // than spin.
                    tracing::warn!("accepting a connection failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        let from_proxy = serving.limits.proxies.trusts(remote.ip());
        let slot = if from_proxy {
            None
        } else {
            serving.connections.open(remote.ip(), serving.limits.per_address)
        };
        if slot.is_none() && !from_proxy {
            tracing::debug!(client = %remote.ip(), "connection refused: too many from this address");
            turn_away(stream);
            continue;
        }
        let _ = stream.set_nodelay(true);
        open.spawn(serving.clone().connection(stream, remote, slot, stop.clone()));
    }
    // Stopped: the listener closes here; wait for the open connections to
    // finish their requests (the caller bounds the wait).
    drop(listener);
    while open.join_next().await.is_some() {}
}

/// Answers a connection over its address's cap with [`TOO_MANY`], and
/// closes it.
fn turn_away(mut stream: TcpStream) {
    tokio::spawn(async move {
        let _ = tokio::time::timeout(Duration::from_secs(1), async {
            let _ = stream.write_all(TOO_MANY.as_bytes()).await;
            let _ = stream.shutdown().await;
        })
        .await;
    });
}

/// What each connection is served with.
#[derive(Clone)]
struct Serving {
    app: Router,
    limits: Limits,
    connections: Arc<Connections>,
    http: Arc<hyper::server::conn::http1::Builder>,
}

impl Serving {
    /// Serves one connection (holding `slot`, its place, unless it comes
    /// from a trusted proxy) until it closes, or until `stop` turns true
    /// and the request in progress is answered.
    async fn connection(
        self,
        stream: TcpStream,
        remote: SocketAddr,
        slot: Option<Slot>,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) {
        // Each request carries the connection's place: a WebSocket keeps
        // it for as long as the socket is open, after the upgrade. Behind a
        // proxy, the request takes a place of its client's.
        let slot = slot.map(Arc::new);
        let place = slot.clone();
        let Serving { app, limits, connections, http } = self;
        let service = tower::service_fn(move |mut request: axum::extract::Request<_>| {
            let app = app.clone();
            let client = limits.proxies.client(remote.ip(), request.headers());
            let place = match &place {
                Some(place) => Some(place.clone()),
                None => connections.open(client, limits.per_address).map(Arc::new),
            };
            async move {
                let Some(place) = place else {
                    tracing::debug!(%client, "request refused: too many open from this address");
                    return Ok(too_many());
                };
                request.extensions_mut().insert(ConnectInfo::<SocketAddr>(remote));
                request.extensions_mut().insert(ClientAddr(client));
                request.extensions_mut().insert(place.clone());
                let response = app.oneshot(request.map(axum::body::Body::new)).await;
                drop(place);
                response
            }
        });
        let connection = http
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
            .with_upgrades();
        tokio::pin!(connection);
        tokio::select! {
            _ = connection.as_mut() => {}
            _ = stop.changed() => {
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
            }
        }
        // The connection's place is given back only now.
        drop(slot);
    }
}
