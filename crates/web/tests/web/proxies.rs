//! Behind a reverse proxy: the client's address is read from the proxy's
//! header only when the connection comes from a trusted proxy, and every
//! limit then counts the real client.

use super::*;
use axum::http::{HeaderMap, HeaderValue};
use mancala_web::proxy::{Cidr, ForwardedHeader, Proxies};
use std::net::IpAddr;

fn proxies(trusted: &[&str], header: ForwardedHeader) -> Proxies {
    Proxies { trusted: trusted.iter().map(|t| t.parse().unwrap()).collect(), header }
}

fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (k, v) in pairs {
        map.append(*k, HeaderValue::from_str(v).unwrap());
    }
    map
}

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

#[test]
fn proxies_client_is_the_right_most_untrusted_address() {
    let xff = proxies(&["127.0.0.1", "10.0.0.0/8"], ForwardedHeader::XForwardedFor);
    let peer = ip("127.0.0.1");
    let cases: &[(&[(&'static str, &str)], &str)] = &[
        (&[("x-forwarded-for", "203.0.113.7")], "203.0.113.7"),
        // A client's made-up entry on the left is skipped.
        (&[("x-forwarded-for", "1.2.3.4, 203.0.113.7")], "203.0.113.7"),
        // Our own proxies on the right are skipped.
        (&[("x-forwarded-for", "203.0.113.7, 10.1.2.3")], "203.0.113.7"),
        // Two header lines read as one list.
        (&[("x-forwarded-for", "9.9.9.9"), ("x-forwarded-for", "198.51.100.2")], "198.51.100.2"),
        // All trusted: the left-most.
        (&[("x-forwarded-for", "10.0.0.9, 10.0.0.8")], "10.0.0.9"),
        // Unreadable where the client should be: the unknown client, never
        // the proxy (issue 31: the proxy then got /metrics and everyone
        // shared its limits).
        (&[("x-forwarded-for", "1.2.3.4, unknown")], "::"),
        (&[("x-forwarded-for", "1.2.3.4, ")], "::"),
        (&[("x-forwarded-for", "")], "::"),
        (&[("x-forwarded-for", "unknown, 10.0.0.7")], "::"),
        (&[], "127.0.0.1"),
        (&[("x-forwarded-for", "2001:db8::1")], "2001:db8::1"),
        // The other header is not read.
        (&[("forwarded", "for=198.51.100.9")], "127.0.0.1"),
    ];
    for (pairs, expected) in cases {
        assert_eq!(xff.client(peer, &headers(pairs)), ip(expected), "{pairs:?}");
    }
    // From a peer that is not a proxy, nothing is believed.
    let untrusted = ip("192.0.2.50");
    assert_eq!(xff.client(untrusted, &headers(&[("x-forwarded-for", "1.2.3.4")])), untrusted);

    let forwarded = proxies(&["::1"], ForwardedHeader::Forwarded);
    let peer = ip("::1");
    let cases: &[(&str, &str)] = &[
        ("for=192.0.2.60;proto=https;by=203.0.113.43", "192.0.2.60"),
        ("for=\"[2001:db8:cafe::17]:4711\"", "2001:db8:cafe::17"),
        ("for=\"192.0.2.61:8080\", For=198.51.100.17", "198.51.100.17"),
        ("for=1.1.1.1, for=\"[::1]\"", "1.1.1.1"),
        ("for=_hidden", "::"),
        ("for=unknown", "::"),
    ];
    for (value, expected) in cases {
        assert_eq!(
            forwarded.client(peer, &headers(&[("forwarded", value)])),
            ip(expected),
            "{value}"
        );
    }
    assert_eq!(forwarded.client(peer, &headers(&[("x-forwarded-for", "1.2.3.4")])), peer);
    // An IPv4-mapped peer counts as its IPv4 address.
    assert!(xff.trusts(ip("::ffff:127.0.0.1")));
    assert!(!xff.trusts(ip("11.0.0.1")));
    assert!("::/0".parse::<Cidr>().unwrap().contains(ip("2001:db8::5")));
    assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains(ip("8.8.8.8")));
    for bad in ["10.0.0.0/33", "::1/129", "proxy", "10.0.0/8", ""] {
        assert!(bad.parse::<Cidr>().is_err(), "{bad}");
    }
}

/// A server behind a trusted proxy on this machine (X-Forwarded-For) with
/// `rate_limit` and what `change` sets.
async fn behind_proxy(db: &PathBuf, rate_limit: u32, change: impl FnOnce(&mut Config)) -> Server {
    start_configured(db, |c| {
        c.rate_limit = rate_limit;
        c.proxies = proxies(&["127.0.0.1"], ForwardedHeader::XForwardedFor);
        change(c);
    })
    .await
}

async fn get_as(server: &Server, path: &str, forwarded_for: &str) -> u16 {
    http(server, "GET", path, &[("X-Forwarded-For", forwarded_for)], b"").await.status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn proxies_a_client_cannot_escape_its_limit_with_x_forwarded_for() {
    // No trusted proxy: the header is ignored, every request is 127.0.0.1.
    let (_dir, db) = temp_db();
    let server = start(&db, 1).await;
    let mut statuses = Vec::new();
    for made_up in ["1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"] {
        statuses.push(get_as(&server, "/api/games", made_up).await);
    }
    assert_eq!(statuses, [200, 200, 429, 429]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn proxies_behind_a_trusted_proxy_each_client_has_its_own_limits() {
    let (_dir, db) = temp_db();
    let server = behind_proxy(&db, 1, |c| {
        c.games_per_address_per_hour = 1;
        c.max_connections_per_address = 2;
    })
    .await;
    // The request rate: 2 (the burst) for each client, whatever the left.
    let mut statuses = Vec::new();
    for client in ["198.51.100.1", "198.51.100.1", "6.6.6.6, 198.51.100.1", "198.51.100.2"] {
        statuses.push(get_as(&server, "/api/games", client).await);
    }
    assert_eq!(statuses, [200, 200, 429, 200]);

    // Games an hour: one each.
    let create = |client: &'static str| {
        let body = json!({"game": "wahree", "mode": "local"}).to_string();
        let server = &server;
        async move {
            http(server, "POST", "/api/games", &[("X-Forwarded-For", client)], body.as_bytes())
                .await
        }
    };
    let first = create("198.51.100.3").await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(create("198.51.100.3").await.status, 429);
    assert_eq!(create("198.51.100.4").await.status, 200);

    let id = first.json()["id"].as_str().unwrap().to_string();
    server.stop().await;

    // Open connections: the proxy's own connections are not capped, each
    // client's WebSockets are (2 here).
    let server = behind_proxy(&db, 0, |c| c.max_connections_per_address = 2).await;
    let socket = |client: &'static str| {
        let mut request =
            tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
                format!("ws://{}/api/games/{id}/ws", server.addr),
            )
            .unwrap();
        request.headers_mut().insert("x-forwarded-for", HeaderValue::from_static(client));
        tokio_tungstenite::connect_async(request)
    };
    let a = socket("198.51.100.5").await.unwrap();
    let b = socket("198.51.100.5").await.unwrap();
    let refused = socket("198.51.100.5").await;
    assert!(
        matches!(&refused, Err(tokio_tungstenite::tungstenite::Error::Http(r))
            if r.status() == 429
                && String::from_utf8_lossy(r.body().as_deref().unwrap_or_default())
                    .contains("Too many open connections")),
        "{refused:?}"
    );
    let other = socket("198.51.100.6").await.unwrap();
    drop((a, b, other));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn proxies_an_unreadable_client_entry_is_never_the_proxy_itself() {
    let (_dir, db) = temp_db();
    let server = behind_proxy(&db, 1, |_| {}).await;
    // The proxy itself (no header) is on this machine: /metrics answers it.
    assert_eq!(http(&server, "GET", "/metrics", &[], b"").await.status, 200);
    // The attack: an empty or `unknown` right-most entry made the proxy
    // the client, so /metrics answered it.
    for entry in ["unknown", "", "1.2.3.4, unknown", "1.2.3.4, "] {
        assert_eq!(get_as(&server, "/metrics", entry).await, 404, "{entry:?}");
    }
    // The unknown clients share one bucket of their own (burst 2), which is
    // not the proxy's nor a named client's.
    let unknown: Vec<u16> = {
        let mut s = Vec::new();
        for _ in 0..3 {
            s.push(get_as(&server, "/api/games", "unknown").await);
        }
        s
    };
    assert_eq!(unknown, [200, 200, 429]);
    assert_eq!(get_as(&server, "/api/games", "198.51.100.9").await, 200);
    assert_eq!(http(&server, "GET", "/api/games", &[], b"").await.status, 200);
    server.stop().await;
}
