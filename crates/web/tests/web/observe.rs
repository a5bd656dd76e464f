//! What an operator watches: /healthz, /metrics and the request log.

use super::restart::Process;
use super::*;
use mancala_web::proxy::{ForwardedHeader, Proxies};

/// The value of the sample `name` (with its labels, as written) in a
/// metrics text, 0 if absent.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

async fn scrape(server: &Server) -> String {
    let reply = get(server, "/metrics").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(
        header(&reply.headers.to_ascii_lowercase(), "content-type")
            .is_some_and(|t| t.starts_with("application/openmetrics-text")),
        "{}",
        reply.headers
    );
    assert!(reply.body.ends_with("# EOF\n"), "{}", reply.body);
    reply.body
}

async fn healthz_answers(db: &impl Database) {
    let server = start(db, 0).await;
    let reply = get(&server, "/healthz").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["status"], "ok");
    assert!(reply.json()["store_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(header(&reply.headers.to_ascii_lowercase(), "cache-control"), Some("no-store"));
    server.stop().await;
}

on_both_stores!(observe_healthz_answers_when_the_store_does => healthz_answers);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn observe_metrics_move_with_the_games() {
    let (_dir, _, server) = fresh_server().await;
    let moves = "mancala_move_duration_seconds_count";
    let before = scrape(&server).await;
    assert_eq!(sample(&before, moves), 0.0, "{before}");
    let (id, token, _) = create(&server, json!({"game": "oware-abapa", "mode": "local"})).await;
    let mut socket = game_socket(&server, &id).await;
    socket.next().await.unwrap().unwrap();
    for letter in ["a", "A"] {
        play_move(&server, &id, &token, letter).await;
    }
    let refused =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": "nope", "move": "b"}))
            .await;
    assert_eq!(refused.status, 403);
    let after = scrape(&server).await;
    assert_eq!(sample(&after, moves), 2.0, "{after}");
    assert!(sample(&after, "mancala_move_duration_seconds_sum") > 0.0);
    assert_eq!(sample(&after, "mancala_websockets_open"), 1.0, "{after}");
    assert_eq!(sample(&after, "mancala_games_in_memory"), 1.0, "{after}");
    let route = "route=\"/api/games/{id}/moves\"";
    assert_eq!(
        sample(
            &after,
            &format!("mancala_http_requests_total{{method=\"POST\",{route},status=\"200\"}}")
        ),
        2.0,
        "{after}"
    );
    assert_eq!(
        sample(
            &after,
            &format!("mancala_http_requests_total{{method=\"POST\",{route},status=\"403\"}}")
        ),
        1.0,
        "{after}"
    );
    // Routes by their template: no game id, no token in any label.
    assert!(!after.contains(&id) && !after.contains(&token), "{after}");
    drop(socket);

    // The computer's move: queued, waited for, played.
    let (cid, ctoken, _) =
        create(&server, json!({"game": "oware-abapa", "mode": "computer", "level": 1})).await;
    let moved =
        post(&server, &format!("/api/games/{cid}/moves"), json!({"token": ctoken, "move": "a"}))
            .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    wait_for_turn(&server, &cid, "south").await;
    let mut last = String::new();
    for _ in 0..100 {
        last = scrape(&server).await;
        if sample(&last, "mancala_websockets_open") == 0.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(sample(&last, "mancala_websockets_open"), 0.0, "{last}");
    assert_eq!(sample(&last, "mancala_computer_move_wait_seconds_count"), 1.0, "{last}");
    assert_eq!(sample(&last, "mancala_computer_moves_queued"), 0.0, "{last}");
    assert_eq!(sample(&last, "mancala_games_in_memory"), 2.0, "{last}");
    assert_eq!(sample(&last, "mancala_store_errors_total"), 0.0, "{last}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn observe_metrics_only_for_this_machine_or_on_the_metrics_address() {
    let (_dir, db) = temp_db();
    let mut server = start_configured(&db, |c| {
        c.proxies = Proxies {
            trusted: vec!["127.0.0.1".parse().unwrap()],
            header: ForwardedHeader::XForwardedFor,
        };
    })
    .await;
    // Through the proxy, from a client elsewhere: not shown.
    let from_outside =
        http(&server, "GET", "/metrics", &[("X-Forwarded-For", "203.0.113.9")], b"").await;
    assert_eq!(from_outside.status, 404);
    assert!(!from_outside.body.contains("mancala_"), "{}", from_outside.body);
    // The health check is for everyone.
    let health = http(&server, "GET", "/healthz", &[("X-Forwarded-For", "203.0.113.9")], b"").await;
    assert_eq!(health.status, 200);
    // A client on this machine sees it.
    assert_eq!(get(&server, "/metrics").await.status, 200);
    // --metrics-bind: /metrics and /healthz, nothing else.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics_addr = listener.local_addr().unwrap();
    server.serve_metrics(listener);
    let scraped =
        http_at(metrics_addr, "GET", "/metrics", &[("X-Forwarded-For", "203.0.113.9")], b"").await;
    assert_eq!(scraped.status, 200);
    assert!(scraped.body.contains("mancala_http_requests_total"), "{}", scraped.body);
    assert_eq!(http_at(metrics_addr, "GET", "/healthz", &[], b"").await.status, 200);
    assert_eq!(http_at(metrics_addr, "GET", "/api/games", &[], b"").await.status, 404);
    server.stop().await;
    // The stop closes that listener too.
    assert!(tokio::net::TcpStream::connect(metrics_addr).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn observe_log_has_a_line_per_request_and_no_secret() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("games.db").display());
    let mut server = Process::start(
        dir.path(),
        "log",
        &["--bind", "127.0.0.1:0", "--database", &db, "--log-format", "json", "--rate-limit", "0"],
        &[],
    );
    let addr = server.addr;
    let body = json!({"game": "wahree", "mode": "local"}).to_string();
    let created = http_at(addr, "POST", "/api/games", &[], body.as_bytes()).await.json();
    let (id, token) = (created["id"].as_str().unwrap(), created["token"].as_str().unwrap());
    let body = json!({"token": token, "move": "a"}).to_string();
    let moved =
        http_at(addr, "POST", &format!("/api/games/{id}/moves"), &[], body.as_bytes()).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    // A token in a query string and a header, where a careless client or
    // page could put it.
    let watched = http_at(
        addr,
        "GET",
        &format!("/g/{id}?seat={token}"),
        &[("Authorization", &format!("Bearer {token}"))],
        b"",
    )
    .await;
    assert_eq!(watched.status, 200);
    let password = "correct horse battery staple";
    let body = json!({"name": "Abena", "password": password}).to_string();
    let registered = http_at(addr, "POST", "/api/account", &[], body.as_bytes()).await;
    assert_eq!(registered.status, 201, "{}", registered.body);
    let cookie = registered_cookie(&registered.headers);
    let session = cookie.split_once('=').unwrap().1.to_string();
    let who = http_at(addr, "GET", "/api/session", &[("Cookie", &cookie)], b"").await;
    assert_eq!(who.status, 200, "{}", who.body);
    let (status, _) = server.terminate();
    assert!(status.success());

    let log = server.log();
    let events: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let requests: Vec<&Value> = events
        .iter()
        .filter(|e| e["target"] == "mancala_web::request")
        .map(|e| &e["fields"])
        .collect();
    assert_eq!(requests.len(), 5, "{log}");
    let the_move = requests.iter().find(|r| r["route"] == "/api/games/{id}/moves").unwrap();
    assert_eq!(the_move["method"], "POST");
    assert_eq!(the_move["status"], 200);
    assert_eq!(the_move["client"], "127.0.0.1");
    assert!(the_move["latency_ms"].as_f64().unwrap() > 0.0, "{the_move}");
    assert!(requests.iter().any(|r| r["route"] == "/g/{id}" && r["status"] == 200), "{log}");
    for secret in [token, password, session.as_str()] {
        assert!(!log.contains(secret), "{secret:?} is in the log:\n{log}");
    }
}

/// The `name=value` of a response's Set-Cookie, for a Cookie header.
fn registered_cookie(headers: &str) -> String {
    let line =
        headers.lines().find(|l| l.to_ascii_lowercase().starts_with("set-cookie: ")).unwrap();
    line["set-cookie: ".len()..].split(';').next().unwrap().to_string()
}
