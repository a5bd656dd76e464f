//! The web platform's tests: each starts the server in-process on
//! 127.0.0.1:0 with a temporary SQLite file and talks to it over HTTP (a
//! tiny client below) and WebSocket.
//!
//! The storage tests run on PostgreSQL too (`..._on_postgres`), each in a
//! database of its own, on the server that `MANCALA_TEST_POSTGRES` names
//! (`postgres://USER:PASSWORD@HOST:PORT/DB`, a role that may create
//! databases). `scripts/postgres.sh`, which `scripts/test.sh` uses, starts a
//! throwaway server and sets it. Without it those tests fail, saying how to
//! run them: a storage backend that is never tested must not look tested.

use futures_util::StreamExt;
use mancala_web::i18n::{Lang, SAME_EVERYWHERE, TEXTS};
use mancala_web::store::{
    Clock, Finished, GameEnding, GameRow, MatchRow, Mode, Postgres, Sqlite, Status, Store,
    StoredReview,
};
use mancala_web::{serve, Config, Server};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

mod fairness;
mod resources;

struct Reply {
    status: u16,
    headers: String,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

async fn start(db: &impl Database, rate_limit: u32) -> Server {
    start_with(db, rate_limit, mancala_web::ABANDON_SECONDS).await
}

async fn start_with(db: &impl Database, rate_limit: u32, abandon_seconds: u64) -> Server {
    start_configured(db, |config| {
        config.rate_limit = rate_limit;
        config.abandon_seconds = abandon_seconds;
    })
    .await
}

/// A server on a free port with the defaults but for what `change` sets.
async fn start_configured(db: &impl Database, change: impl FnOnce(&mut Config)) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mut config = Config {
        public_url: format!("http://{addr}"),
        database: db.url(),
        ai_threads: 2,
        ..Config::default()
    };
    change(&mut config);
    serve(listener, &config).await.unwrap()
}

fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    (dir, path)
}

/// Where a test's server keeps its games, read directly (not through the
/// store under test) to see what is really stored.
trait Database: Sync {
    /// The `--database` URL.
    fn url(&self) -> String;
    /// A game's stored moves, in order.
    fn stored_moves(&self, id: &str) -> Vec<String>;
    /// Runs `f` on the store for this database, opened on a thread where
    /// blocking is allowed.
    fn with_store<T: Send>(&self, f: impl FnOnce(&dyn Store) -> T + Send) -> T {
        let url = self.url();
        off_async(move || f(mancala_web::store::open(&url).unwrap().as_ref()))
    }
}

/// A SQLite file.
impl Database for PathBuf {
    fn url(&self) -> String {
        format!("sqlite://{}", self.display())
    }

    fn stored_moves(&self, id: &str) -> Vec<String> {
        let conn = rusqlite::Connection::open(self).unwrap();
        let mut stmt =
            conn.prepare("SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply").unwrap();
        stmt.query_map([id], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    }
}

/// Runs blocking database work on a thread of its own: the synchronous
/// PostgreSQL client refuses to block a thread that drives async tasks.
fn off_async<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

/// A PostgreSQL database of a test's own, on the server that
/// `MANCALA_TEST_POSTGRES` names; dropped at the end.
struct PgDb {
    admin: String,
    name: String,
    url: String,
}

fn postgres_server() -> String {
    std::env::var("MANCALA_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "MANCALA_TEST_POSTGRES is not set, so the PostgreSQL tests have no server. \
             Run ./scripts/test.sh, or `scripts/postgres.sh cargo test -p mancala-web --test web`, \
             which start a throwaway server on 127.0.0.1 and set it; or point it at a server \
             (postgres://USER:PASSWORD@HOST:PORT/DB, a role that may create databases); \
             or leave these tests out with `cargo test -- --skip postgres`."
        )
    })
}

/// `url` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let host = base.find("://").expect("a URL") + 3;
    let base = base[host..].find('/').map_or(base, |slash| &base[..host + slash]);
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

fn postgres_db() -> PgDb {
    use std::hash::{BuildHasher, Hasher};
    let admin = postgres_server();
    // Random (RandomState is seeded per process and per use) and told
    // apart by process, so parallel tests and runs never share one.
    let random = std::collections::hash_map::RandomState::new().build_hasher().finish();
    let name = format!("mancala_test_{}_{random:016x}", std::process::id());
    off_async(|| {
        let mut client = postgres::Client::connect(&admin, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot reach the MANCALA_TEST_POSTGRES server: {e}"));
        client.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
    });
    let url = with_database(&admin, &name);
    PgDb { admin, name, url }
}

impl PgDb {
    fn client(&self) -> postgres::Client {
        postgres::Client::connect(&self.url, postgres::NoTls).unwrap()
    }
}

impl Database for PgDb {
    fn url(&self) -> String {
        self.url.clone()
    }

    fn stored_moves(&self, id: &str) -> Vec<String> {
        off_async(|| {
            let rows = self
                .client()
                .query("SELECT move FROM moves WHERE game_id = $1 ORDER BY ply", &[&id])
                .unwrap();
            rows.iter().map(|r| r.get(0)).collect()
        })
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        let _ = off_async(|| {
            let mut client = postgres::Client::connect(&self.admin, postgres::NoTls)?;
            client.batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name))
        });
    }
}

/// One HTTP/1.1 request on a fresh connection.
async fn http(
    server: &Server,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", server.addr);
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    // The server may answer (413) before reading a large body: ignore a
    // write error then.
    let _ = stream.write_all(body).await;
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) =
        text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no HTTP answer: {text:?}"));
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Reply { status, headers: head.to_string(), body }
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        text = &rest[n + 2..];
    }
    out
}

async fn get(server: &Server, path: &str) -> Reply {
    http(server, "GET", path, &[], b"").await
}

async fn post(server: &Server, path: &str, body: Value) -> Reply {
    http(server, "POST", path, &[], body.to_string().as_bytes()).await
}

fn stored_moves(db: &impl Database, id: &str) -> Vec<String> {
    db.stored_moves(id)
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// Waits until it is `side`'s turn or the game is over.
async fn wait_for_turn(server: &Server, id: &str, side: &str) -> Value {
    for _ in 0..2000 {
        let state = get(server, &format!("/api/games/{id}")).await.json();
        if state["over"] == json!(true) || state["to_move"] == json!(side) {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the computer never moved in game {id}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_game_is_played_to_its_end_and_every_move_is_stored_before_its_answer() {
    let (_dir, db) = temp_db();
    computer_game_to_its_end(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_game_is_played_to_its_end_and_every_move_is_stored_on_postgres() {
    computer_game_to_its_end(&postgres_db()).await;
}

async fn computer_game_to_its_end(db: &impl Database) {
    let server = start(db, 0).await;
    let created = post(
        &server,
        "/api/games",
        json!({"game": "wahree", "mode": "computer", "level": 1, "name": "Ann"}),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    assert_eq!(created["side"], "south");
    assert_eq!(created["state"]["players"]["north"]["kind"], "computer");
    let mut plies = 0;
    loop {
        let state = wait_for_turn(&server, &id, "south").await;
        if state["over"] == json!(true) {
            assert!(["south", "north", "draw"].contains(&state["winner"].as_str().unwrap()));
            assert!(state["ending"].is_string());
            break;
        }
        let pick = strings(&state["legal"])[0].clone();
        let answer =
            post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": pick}))
                .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let answer = answer.json();
        // Stored before it was acknowledged: the database already holds at
        // least every move the answer reports.
        let reported = strings(&answer["state"]["moves"]);
        let stored = stored_moves(db, &id);
        assert!(stored.len() >= reported.len() && stored[..reported.len()] == reported[..]);
        assert_eq!(answer["move"]["move"], json!(pick));
        assert_eq!(answer["move"]["events"][0]["type"], "take");
        for lang in ["en", "vi", "nl"] {
            assert!(!answer["move"]["explanation"][lang].as_str().unwrap().is_empty());
        }
        plies += 1;
        assert!(plies < 1000, "game too long");
    }
    let record = get(&server, &format!("/api/games/{id}/record")).await;
    assert_eq!(record.status, 200);
    let parsed = mancala_rules::Record::parse(&record.body).unwrap();
    assert_eq!(parsed.moves.len(), stored_moves(db, &id).len());
    assert_eq!(parsed.tag("South"), Some("Ann"));
    // Listed among the finished games.
    let list = get(&server, "/api/games?status=finished").await.json();
    assert!(list.as_array().unwrap().iter().any(|g| g["id"] == json!(id)));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_a_move_against_the_computer_only() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let c =
        post(&server, "/api/games", json!({"game": "oware-abapa", "mode": "computer", "level": 1}))
            .await
            .json();
    let (id, token) = (c["id"].as_str().unwrap(), c["token"].as_str().unwrap());
    post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"})).await;
    let state = wait_for_turn(&server, id, "south").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    let undone = post(&server, &format!("/api/games/{id}/undo"), json!({"token": token})).await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(undone.json()["moves"], json!([]));
    assert!(stored_moves(&db, id).is_empty());
    let again = post(&server, &format!("/api/games/{id}/undo"), json!({"token": token})).await;
    assert_eq!(again.status, 409);
    let local =
        post(&server, "/api/games", json!({"game": "wahree", "mode": "local"})).await.json();
    let (lid, ltoken) = (local["id"].as_str().unwrap(), local["token"].as_str().unwrap());
    post(&server, &format!("/api/games/{lid}/moves"), json!({"token": ltoken, "move": "a"})).await;
    let refused = post(&server, &format!("/api/games/{lid}/undo"), json!({"token": ltoken})).await;
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["error"]["code"], "no_undo");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_seats_move_in_turn_and_others_only_watch() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let c =
        post(&server, "/api/games", json!({"game": "anywoli", "mode": "online", "name": "Ann"}))
            .await
            .json();
    let id = c["id"].as_str().unwrap().to_string();
    let south = c["token"].as_str().unwrap().to_string();
    let invite_url = c["invite_url"].as_str().unwrap();
    let code = invite_url.split("invite=").nth(1).unwrap();
    assert!(invite_url.starts_with(&format!("http://{}/g/{id}", server.addr)));

    // A spectator watching over the WebSocket from the start.
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .unwrap();
    let first: Value =
        serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(first["type"], "state");

    let joined =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": code, "name": "Ben"}))
            .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    assert_eq!(joined["side"], "north");
    let north = joined["token"].as_str().unwrap().to_string();
    // The invitation works once: a third person is a spectator.
    let third =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": code, "name": "Cy"}))
            .await;
    assert_eq!(third.status, 403);
    assert_eq!(third.json()["error"]["code"], "seat_taken");

    // The public state shows names but never a token or the code.
    let state = get(&server, &format!("/api/games/{id}")).await;
    assert!(
        !state.body.contains(&south) && !state.body.contains(&north) && !state.body.contains(code)
    );
    assert_eq!(state.json()["players"]["north"]["name"], "Ben");

    // North cannot move first, nor can a stranger, nor South twice.
    let early =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": north, "move": "A"}))
            .await;
    assert_eq!(early.status, 409);
    assert_eq!(early.json()["error"]["code"], "not_your_turn");
    let stranger =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": "0123", "move": "a"}))
            .await;
    assert_eq!(stranger.status, 403);
    let mut expected_moves = Vec::new();
    for (token, side) in
        [(&south, "south"), (&north, "north"), (&south, "south"), (&north, "north")]
    {
        let state = get(&server, &format!("/api/games/{id}")).await.json();
        if state["to_move"] != json!(side) {
            break;
        }
        let pick = strings(&state["legal"])[0].clone();
        let answer =
            post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": pick}))
                .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        expected_moves.push(pick);
    }
    assert!(expected_moves.len() >= 2);
    assert_eq!(stored_moves(&db, &id), expected_moves);
    // The spectator saw the join and every move, with its events.
    let mut seen = Vec::new();
    while seen.len() < expected_moves.len() {
        let message = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] == "move" {
            assert!(message["move"]["events"].as_array().unwrap().len() > 1);
            seen.push(message["move"]["move"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen, expected_moves);

    // An agreed end needs both: offered by one, accepted by the other.
    let offer = post(&server, &format!("/api/games/{id}/offer"), json!({"token": south})).await;
    assert_eq!(offer.status, 200);
    assert_eq!(offer.json()["state"]["offer"], "south");
    let self_accept =
        post(&server, &format!("/api/games/{id}/accept"), json!({"token": south})).await;
    assert_eq!(self_accept.status, 409);
    let accepted = post(&server, &format!("/api/games/{id}/accept"), json!({"token": north})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let accepted = accepted.json();
    assert_eq!(accepted["over"], true);
    assert_eq!(accepted["ending"], "agreed");

    // Rematch: seats swap, each player gets their new seat.
    let r1 =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": south})).await.json();
    let r2 =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": north})).await.json();
    assert_eq!(r1["id"], r2["id"]);
    assert_eq!((r1["side"].as_str(), r2["side"].as_str()), (Some("north"), Some("south")));
    assert_eq!(r1["state"]["players"]["south"]["name"], "Ben");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_clear_errors_and_change_nothing() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let c = post(
        &server,
        "/api/games",
        json!({"game": "barbados-warri", "mode": "local", "name": "A"}),
    )
    .await
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let before = get(&server, &format!("/api/games/{id}")).await.body;
    let moves = format!("/api/games/{id}/moves");
    let cases: Vec<(u16, &str, Reply)> = vec![
        (400, "malformed_json", http(&server, "POST", &moves, &[], b"{not json").await),
        (400, "malformed_json", post(&server, &moves, json!({"token": token})).await),
        (400, "bad_move", post(&server, &moves, json!({"token": token, "move": "7"})).await),
        (400, "bad_move", post(&server, &moves, json!({"token": token, "move": "g"})).await),
        (403, "not_a_player", post(&server, &moves, json!({"token": "wrong", "move": "a"})).await),
        (409, "illegal_move", post(&server, &moves, json!({"token": token, "move": "A"})).await),
        (
            404,
            "unknown_game",
            post(&server, "/api/games/nosuchgame/moves", json!({"token": token, "move": "a"}))
                .await,
        ),
        (404, "unknown_game", get(&server, "/api/games/nosuchgame").await),
        (404, "unknown_game", get(&server, "/api/games/..%2f..%2fetc").await),
        (413, "body_too_large", http(&server, "POST", &moves, &[], &vec![b' '; 70 * 1024]).await),
        (
            400,
            "unknown_ruleset",
            post(&server, "/api/games", json!({"game": "chess", "mode": "local"})).await,
        ),
        (
            400,
            "bad_mode",
            post(&server, "/api/games", json!({"game": "wahree", "mode": "solo"})).await,
        ),
        (
            400,
            "bad_level",
            post(&server, "/api/games", json!({"game": "wahree", "mode": "computer", "level": 9}))
                .await,
        ),
        (
            400,
            "bad_record",
            post(&server, "/api/records", json!({"record": "[Game \"wahree\"]\n\nz"})).await,
        ),
        (400, "bad_query", get(&server, "/api/games?limit=many").await),
        (
            409,
            "no_offer",
            post(&server, &format!("/api/games/{id}/accept"), json!({"token": token})).await,
        ),
    ];
    for (status, code, reply) in &cases {
        assert_eq!(reply.status, *status, "{code}: {}", reply.body);
        assert_eq!(reply.json()["error"]["code"], *code, "{}", reply.body);
        assert!(reply.json()["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // An illegal move names the legal ones: in Abapa South must feed North.
    let abapa = post(
        &server,
        "/api/records",
        json!({"record":
        "[Game \"oware-abapa\"]\n[Setup \"0,0,0,0,2,10/0,0,0,0,0,0 20-16 S\"]\n\n"}),
    )
    .await;
    assert_eq!(abapa.status, 200, "{}", abapa.body);
    let abapa = abapa.json();
    let (aid, atoken) = (abapa["id"].as_str().unwrap(), abapa["token"].as_str().unwrap());
    let illegal =
        post(&server, &format!("/api/games/{aid}/moves"), json!({"token": atoken, "move": "a"}))
            .await;
    assert_eq!(illegal.status, 409, "{}", illegal.body);
    assert_eq!(illegal.json()["error"]["code"], "illegal_move");
    assert_eq!(illegal.json()["error"]["legal"], json!(["e", "f"]));
    // Nothing changed.
    assert_eq!(get(&server, &format!("/api/games/{id}")).await.body, before);
    assert!(stored_moves(&db, &id).is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_with_429() {
    let (_dir, db) = temp_db();
    let server = start(&db, 5).await;
    let mut statuses = Vec::new();
    for _ in 0..30 {
        statuses.push(get(&server, "/api/games/nosuchgame").await);
    }
    let limited: Vec<&Reply> = statuses.iter().filter(|r| r.status == 429).collect();
    assert!(limited.len() >= 10, "only {} refused", limited.len());
    assert_eq!(limited[0].json()["error"]["code"], "rate_limited");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_server_restart() {
    let (_dir, db) = temp_db();
    survives_a_restart(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_server_restart_on_postgres() {
    survives_a_restart(&postgres_db()).await;
}

async fn survives_a_restart(db: &impl Database) {
    let server = start(db, 0).await;
    let c =
        post(&server, "/api/games", json!({"game": "barbados-warri-bridgetown", "mode": "local"}))
            .await
            .json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut acknowledged = Vec::new();
    for _ in 0..6 {
        let state = get(&server, &format!("/api/games/{id}")).await.json();
        let pick = strings(&state["legal"]).last().unwrap().clone();
        let answer =
            post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": pick}))
                .await;
        assert_eq!(answer.status, 200);
        acknowledged.push(pick);
    }
    let before = get(&server, &format!("/api/games/{id}")).await.json();
    server.stop().await;
    let server = start(db, 0).await;
    let after = get(&server, &format!("/api/games/{id}")).await.json();
    assert_eq!(strings(&after["moves"]), acknowledged);
    assert_eq!(after, before);
    // And play goes on with the same token.
    let pick = strings(&after["legal"])[0].clone();
    let answer =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": pick}))
            .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_download_and_upload_round_trip() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let c = post(
        &server,
        "/api/games",
        json!({"game": "oware-abapa", "mode": "local", "name": "Ann", "opponent": "Ben \"B\""}),
    )
    .await
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    for letter in ["c", "F", "a", "B"] {
        let r = post(
            &server,
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": letter}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let resigned =
        post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await.json();
    assert_eq!(
        (resigned["winner"].as_str(), resigned["ending"].as_str()),
        (Some("north"), Some("resignation"))
    );
    let text = get(&server, &format!("/api/games/{id}/record")).await;
    assert!(text.headers.to_ascii_lowercase().contains("content-disposition: attachment"));
    let original = mancala_rules::Record::parse(&text.body).unwrap();
    let uploaded = post(&server, "/api/records", json!({"record": text.body})).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.body);
    let new_id = uploaded.json()["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, id);
    let state = uploaded.json()["state"].clone();
    assert_eq!((state["over"].as_bool(), state["winner"].as_str()), (Some(true), Some("north")));
    let again = mancala_rules::Record::parse(
        &get(&server, &format!("/api/games/{new_id}/record")).await.body,
    )
    .unwrap();
    assert_eq!(again.moves, original.moves);
    assert_eq!(again.ending, original.ending);
    assert_eq!(again.tag("North"), Some("Ben \"B\""));
    // Replay gives every position.
    let replay = get(&server, &format!("/api/games/{new_id}/replay")).await.json();
    assert_eq!(replay["plies"].as_array().unwrap().len(), 5);
    assert_eq!(replay["plies"][1]["report"]["move"], "c");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_escaped_wherever_they_are_shown() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let evil = "<script>alert('x')</script>&";
    let c = post(
        &server,
        "/api/games",
        json!({"game": "wahree", "mode": "local", "name": evil, "opponent": "\"><img src=x>"}),
    )
    .await
    .json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await;
    for path in [format!("/g/{id}"), format!("/replay/{id}"), "/finished".to_string()] {
        let page = get(&server, &path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(!page.body.contains("<script>alert"), "{path}");
        assert!(!page.body.contains("<img src=x>"), "{path}");
        assert!(
            page.body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"),
            "{path}"
        );
    }
    // The API gives the name as data, for the browser to set as text.
    assert_eq!(
        get(&server, &format!("/api/games/{id}")).await.json()["players"]["south"]["name"],
        evil
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_served_in_the_chosen_language() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let vi =
        http(&server, "GET", "/", &[("Accept-Language", "vi-VN,vi;q=0.9,en;q=0.5")], b"").await;
    assert!(vi.body.contains("<html lang=\"vi\""));
    let nl = http(&server, "GET", "/", &[("Accept-Language", "fr, nl;q=0.8")], b"").await;
    assert!(nl.body.contains("<html lang=\"nl\""));
    let chosen = get(&server, "/?lang=nl").await;
    assert!(chosen.headers.contains("lang=nl"), "{}", chosen.headers);
    let remembered =
        http(&server, "GET", "/", &[("Cookie", "lang=vi"), ("Accept-Language", "nl")], b"").await;
    assert!(remembered.body.contains("<html lang=\"vi\""));
    let en = get(&server, "/").await;
    assert!(en.body.contains("<html lang=\"en\""));
    for page in mancala_web::content::PAGES {
        assert!(en.body.contains(page.name), "{} missing from the catalogue", page.name);
        for lang in ["en", "vi", "nl"] {
            let reply = get(&server, &format!("/games/{}?lang={lang}", page.id)).await;
            assert_eq!(reply.status, 200);
            assert!(reply.body.contains("/new?game="));
            // The history and its sources close the page.
            let chosen = Lang::from_code(lang).unwrap();
            let history = format!("<h2>{}</h2>", mancala_web::i18n::t(chosen, "sec.history"));
            let sources = format!("<h2>{}</h2>", mancala_web::i18n::t(chosen, "sec.sources"));
            let (h, s) = (reply.body.find(&history), reply.body.find(&sources));
            assert!(h.is_some() && s > h, "{} {lang}: no history and sources", page.id);
            assert!(reply.body.contains("CC BY-SA"));
        }
        for (variant, _) in page.variants {
            assert_eq!(get(&server, &format!("/games/{variant}")).await.status, 200);
        }
    }
    assert_eq!(get(&server, "/games/chess").await.status, 404);
    let missing = get(&server, "/no/such/page?lang=vi").await;
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("<html lang=\"vi\""));
    assert_eq!(get(&server, "/api/nothing").await.json()["error"]["code"], "not_found");
    for path in ["/new", "/new?game=anywoli", "/finished", "/assets/app.js", "/assets/style.css"] {
        assert_eq!(get(&server, path).await.status, 200, "{path}");
    }
    server.stop().await;
}

fn holes(text: &str) -> Vec<&str> {
    let mut holes: Vec<&str> =
        text.split('{').skip(1).filter_map(|s| s.split('}').next()).collect();
    holes.sort();
    holes
}

#[test]
fn every_text_is_in_every_language_and_translated() {
    let mut keys = std::collections::HashSet::new();
    for (key, texts) in TEXTS {
        assert!(keys.insert(key), "key {key} twice");
        for (lang, text) in Lang::ALL.iter().zip(texts) {
            assert!(!text.trim().is_empty(), "{key} is empty in {lang:?}");
            assert_eq!(holes(text), holes(texts[0]), "{key} in {lang:?} has other {{holes}}");
        }
        for text in &texts[1..] {
            assert!(
                text != &texts[0] || SAME_EVERYWHERE.contains(key),
                "{key} is not translated: {text}"
            );
        }
    }
    for lang in Lang::ALL {
        assert_eq!(mancala_web::i18n::bundle(lang).as_object().unwrap().len(), TEXTS.len());
    }
}

#[test]
fn every_rules_page_is_in_every_language_and_translated() {
    use mancala_web::content::{Section, PAGES};
    let check = |where_: &str, texts: &[&str; 3]| {
        for text in texts {
            assert!(!text.trim().is_empty(), "{where_}: empty text");
        }
        assert_ne!(texts[1], texts[0], "{where_}: Vietnamese is the English: {}", texts[0]);
        assert_ne!(texts[2], texts[0], "{where_}: Dutch is the English: {}", texts[0]);
        // Lists stay lists in every language.
        let bullets: Vec<bool> = texts.iter().map(|t| t.starts_with("- ")).collect();
        assert!(
            bullets.iter().all(|b| *b == bullets[0]),
            "{where_}: list item in one language only"
        );
        // Notation in backticks is the same in every language.
        let code =
            |t: &str| t.split('`').skip(1).step_by(2).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            code(texts[1]).len(),
            code(texts[0]).len(),
            "{where_}: notation differs: {}",
            texts[1]
        );
        assert_eq!(
            code(texts[2]).len(),
            code(texts[0]).len(),
            "{where_}: notation differs: {}",
            texts[2]
        );
    };
    let sections = |page: &str, list: &[Section]| {
        for s in list {
            assert!(TEXTS.iter().any(|(k, _)| *k == s.title), "{page}: unknown title {}", s.title);
            for (i, item) in s.items.iter().enumerate() {
                check(&format!("{page} {} #{i}", s.title), item);
            }
        }
    };
    assert_eq!(
        PAGES.iter().map(|p| p.variants.len()).sum::<usize>(),
        mancala_rules::RULESETS.len()
    );
    for page in PAGES {
        check(page.id, &page.place);
        check(page.id, &page.character);
        sections(page.id, page.sections);
        assert_eq!(page.variant_sections.len(), page.variants.len());
        for list in page.variant_sections {
            sections(page.id, list);
        }
        sections(page.id, page.house);
        sections(page.id, page.history);
        // The house rules (cycles; stalls for Anywoli) are stated.
        assert!(page
            .house
            .iter()
            .flat_map(|s| s.items)
            .any(|t| t[0].contains("cycle") || t[0].contains("repeat")));
    }
}

/// Every paragraph of a rules page with where it sits: (page, part, text).
/// The part is "shared", "house", "history" or the variant's ruleset id.
fn rules_texts() -> Vec<(&'static str, &'static str, &'static [&'static str; 3])> {
    use mancala_web::content::PAGES;
    let mut all = Vec::new();
    for page in PAGES {
        let parts = [("shared", page.sections), ("house", page.house), ("history", page.history)]
            .into_iter()
            .chain(page.variants.iter().zip(page.variant_sections).map(|((id, _), s)| (*id, *s)));
        for (part, sections) in parts {
            for item in sections.iter().flat_map(|s| s.items) {
                all.push((page.id, part, item));
            }
        }
        all.push((page.id, "character", &page.character));
    }
    all
}

#[test]
fn rules_pages_keep_the_issue_11_fixes() {
    use mancala_web::content::PAGES;
    let texts = rules_texts();
    // Every text the site shows, per language: rules pages and interface.
    let in_lang = |i: usize| -> Vec<&str> {
        texts.iter().map(|(_, _, t)| t[i]).chain(TEXTS.iter().map(|(_, t)| t[i])).collect()
    };
    let (en, vi, nl) = (in_lang(0), in_lang(1), in_lang(2));
    // Repetition ends the game at a position's first return (its second
    // occurrence); "repeats for the second time" reads as a third one.
    for text in &en {
        assert!(!text.contains("second time"), "ambiguous repetition: {text}");
    }
    for text in &nl {
        assert!(!text.contains("tweede keer terug"), "ambiguous repetition: {text}");
    }
    // Dutch says "remise" for a draw, everywhere.
    for text in &nl {
        assert!(!text.to_lowercase().contains("gelijkspel"), "draw is \"remise\": {text}");
        assert!(!text.contains("af te rekenen") && !text.contains("afreken"), "{text}");
    }
    assert!(TEXTS.iter().any(|(k, t)| *k == "res.draw" && t[2] == "Remise"));
    // Vietnamese: a lap is "đợt gieo", a turn "lượt"; a mistake is "nước sai
    // lầm" and a game record "bản ghi".
    for text in &vi {
        for wrong in ["lượt gieo", "lượt này đến lượt", "nước hỏng", "là nước hỏng", "biên bản"]
        {
            assert!(!text.contains(wrong), "\"{wrong}\" in: {text}");
        }
    }
    assert!(TEXTS.iter().any(|(k, t)| *k == "review.mistake" && t[1].contains("nước sai lầm")));
    // A grand slam backfires only in Speightstown: the sentence that says so
    // is in Speightstown's own section, in every language, and nowhere else.
    let backfire = ["backfire", "gây hại cho chính người đi", "tegen je keren"];
    for (page, part, item) in &texts {
        for (lang, word) in backfire.iter().enumerate() {
            if item[lang].contains(word) {
                assert_eq!(*part, "barbados-warri-speightstown", "{page}/{part}: {}", item[lang]);
                assert!(backfire.iter().zip(item.iter()).all(|(w, t)| t.contains(w)));
            }
        }
    }
    assert!(texts
        .iter()
        .any(|(_, part, item)| *part == "barbados-warri-speightstown"
            && item[0].contains("backfire")));
    // Anywoli's last four go to the player credited with the capture that
    // leaves them, the pit's owner for a four made on the way.
    let last_four = texts
        .iter()
        .find(|(page, _, item)| *page == "anywoli" && item[0].starts_with("- Last four"))
        .expect("Anywoli states the last-four rule");
    assert!(!last_four.2[0].contains("whoever made"), "{}", last_four.2[0]);
    assert!(last_four.2[0].contains("credited") && last_four.2[0].contains("owner"));
    assert!(last_four.2[1].contains("chủ ô") && last_four.2[2].contains("eigenaar"));
    // Every game page tells its history and ends with its sources: Mancala
    // World with its licence, and printed works with title and year.
    for page in PAGES {
        let titles: Vec<&str> = page.history.iter().map(|s| s.title).collect();
        assert_eq!(titles, ["sec.history", "sec.sources"], "{}", page.id);
        assert!(page.history[0].items.len() >= 2, "{}: history too short", page.id);
        let sources = page.history[1].items;
        for text in &sources[0] {
            assert!(
                text.contains("Mancala World") && text.contains("CC BY-SA"),
                "{}: Mancala World and its licence first: {text}",
                page.id
            );
        }
        assert!(sources.len() >= 2, "{}: no printed source", page.id);
        for source in &sources[1..] {
            let text = source[0];
            let year = text.split(|c: char| !c.is_ascii_digit()).any(|w| {
                w.len() == 4 && (w.starts_with("18") || w.starts_with("19") || w.starts_with("20"))
            });
            assert!(text.starts_with("- ") && year, "{}: source without a year: {text}", page.id);
            assert_eq!(text.matches('"').count(), 2, "{}: source without a title: {text}", page.id);
        }
    }
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        ruleset: "wahree".into(),
        version: 1,
        setup: None,
        mode: Mode::Local,
        level: None,
        south_name: "A".into(),
        north_name: "B".into(),
        south_token: Some("t".into()),
        north_token: Some("t".into()),
        invite: None,
        computer: None,
        status: Status::Active,
        result: None,
        ending: None,
        rematch: None,
        created: 1,
        updated: 1,
        ..GameRow::default()
    }
}

/// What every `Store` must do; run on SQLite and on PostgreSQL.
fn store_contract(store: &dyn Store) {
    let mut row = row("g1");
    store.create(&row, &[]).unwrap();
    assert!(store.create(&row, &[]).is_err(), "an id is stored once");
    store.append_move(&row, 1, "c").unwrap();
    assert!(store.append_move(&row, 1, "d").is_err(), "a ply is stored once");
    store.append_move(&row, 2, "A").unwrap();
    row.status = Status::Finished;
    row.result = Some("draw".into());
    store.append_move(&row, 3, "d").unwrap();
    let loaded = store.load("g1").unwrap().unwrap();
    assert_eq!(loaded.moves, ["c", "A", "d"]);
    assert_eq!(loaded.row, row);
    store.truncate_moves(&row, 1).unwrap();
    assert_eq!(store.load("g1").unwrap().unwrap().moves, ["c"]);
    assert_eq!(store.finished(&Finished::newest(10)).unwrap(), vec![(row.clone(), 1)]);
    assert!(store.load("nope").unwrap().is_none());
    let mut other = self::row("g2");
    other.updated = 5;
    store.create(&other, &["a".into(), "B".into()]).unwrap();
    assert_eq!(store.load("g2").unwrap().unwrap().moves, ["a", "B"]);
    other.status = Status::Finished;
    other.north_name = "Ben".into();
    store.save(&other).unwrap();
    let finished = store.finished(&Finished::newest(10)).unwrap();
    assert_eq!(
        finished.iter().map(|(r, n)| (r.id.as_str(), *n)).collect::<Vec<_>>(),
        [("g2", 2), ("g1", 1)]
    );
    assert_eq!(finished[0].0.north_name, "Ben");
    // Filtered by game and by part of a player's name (any case), and paged.
    let ids = |filter: Finished| -> Vec<String> {
        store.finished(&filter).unwrap().into_iter().map(|(r, _)| r.id).collect()
    };
    let all = Finished::newest(10);
    assert_eq!(ids(Finished { player: Some("bE".into()), ..all.clone() }), ["g2"]);
    assert_eq!(ids(Finished { player: Some("b".into()), ..all.clone() }), ["g2", "g1"]);
    assert_eq!(ids(Finished { player: Some("%".into()), ..all.clone() }), Vec::<String>::new());
    assert_eq!(ids(Finished { game: Some("wahree".into()), ..all.clone() }), ["g2", "g1"]);
    assert_eq!(ids(Finished { game: Some("anywoli".into()), ..all.clone() }), Vec::<String>::new());
    assert_eq!(ids(Finished { limit: 1, ..all.clone() }), ["g2"]);
    assert_eq!(ids(Finished { limit: 1, offset: 1, ..all.clone() }), ["g1"]);
    assert_eq!(ids(Finished { offset: 2, ..all.clone() }), Vec::<String>::new());
    assert!(store.save(&self::row("missing")).is_err());

    // Offers, clocks and the turn's start are kept with the header.
    let mut timed = self::row("g3");
    timed.clock =
        Some(Clock { initial_ms: 60_000, increment_ms: 2_000, south_ms: 61_500, north_ms: 60_000 });
    timed.turn_started = Some(1_700_000_000_123);
    timed.offer = Some("north".into());
    store.create(&timed, &[]).unwrap();
    assert_eq!(store.load("g3").unwrap().unwrap().row, timed);
    assert_eq!(store.running_clocks().unwrap(), ["g3"]);
    timed.clock.as_mut().unwrap().south_ms = 1;
    timed.offer = None;
    store.append_move(&timed, 1, "a").unwrap();
    assert_eq!(store.load("g3").unwrap().unwrap().row, timed);
    timed.status = Status::Finished;
    timed.turn_started = None;
    store.save(&timed).unwrap();
    assert!(store.running_clocks().unwrap().is_empty());

    // A match and its games, in order; a rematch stored with its link.
    let contest = MatchRow { id: "m1".into(), ruleset: "wahree".into(), first_to: 6, created: 3 };
    let mut first = self::row("m1g0");
    first.match_id = Some("m1".into());
    first.match_game = Some(0);
    store.create_match(&contest, &first).unwrap();
    let mut second = self::row("m1g1");
    second.match_id = Some("m1".into());
    second.match_game = Some(1);
    first.status = Status::Finished;
    first.result = Some("north".into());
    first.rematch = Some("m1g1".into());
    store.create_next(&first, &second).unwrap();
    let (loaded, games) = store.load_match("m1").unwrap().unwrap();
    assert_eq!(loaded, contest);
    assert_eq!(games, vec![first.clone(), second.clone()]);
    assert!(store.load_match("m2").unwrap().is_none());
    let mut again = self::row("m1g1b");
    again.match_id = Some("m1".into());
    again.match_game = Some(1);
    assert!(store.create_next(&first, &again).is_err(), "a match's game number is stored once");
    assert!(store.load("m1g1b").unwrap().is_none(), "and nothing of it is kept");

    // Reviews are kept per game, with the moves they were made for.
    assert!(store.load_review("g1").unwrap().is_none());
    let review = StoredReview { moves: "c".into(), review: "{}".into() };
    store.save_review("g1", &review).unwrap();
    let newer = StoredReview { moves: "c A".into(), review: "{\"a\":1}".into() };
    store.save_review("g1", &newer).unwrap();
    assert_eq!(store.load_review("g1").unwrap(), Some(newer));
}

#[test]
fn the_sqlite_store_keeps_games_and_moves() {
    let (_dir, db) = temp_db();
    let store = Sqlite::open(&db).unwrap();
    store_contract(&store);
    drop(store);
    // Reopened: the same.
    let store = Sqlite::open(&db).unwrap();
    assert_eq!(store.load("g1").unwrap().unwrap().moves, ["c"]);
}

#[test]
fn the_postgres_store_keeps_games_and_moves() {
    let db = postgres_db();
    let store = mancala_web::store::open(&db.url).unwrap();
    store_contract(store.as_ref());
    drop(store);
    // Reopened (the postgresql:// spelling too): the same.
    let store = mancala_web::store::open(&db.url.replacen("postgres://", "postgresql://", 1));
    assert_eq!(store.unwrap().load("g1").unwrap().unwrap().moves, ["c"]);
    // Out-of-range numbers are refused on the way out, not wrapped round.
    let mut client = db.client();
    client.execute("UPDATE games SET level = 300 WHERE id = 'g1'", &[]).unwrap();
    let err = Postgres::open(&db.url).unwrap().load("g1").err().unwrap();
    assert!(err.to_string().contains("level"), "{err}");
    // A wrong password is refused with the server's reason.
    let wrong = db.url.replacen("postgres://mancala:", "postgres://mancala:wrong", 1);
    let err = Postgres::open(&wrong).err().unwrap().to_string();
    assert!(err.contains("cannot connect to PostgreSQL at") && err.contains("password"), "{err}");
    assert!(!err.contains("wrong"), "the password is never shown: {err}");
}

/// Many writers at once, as a busy server has them: `games` games each
/// get moves from a thread of their own while another thread tries to
/// store, in every game, a ply that is already stored (with a different
/// header). Every move that was acknowledged is stored with the header
/// after it; every duplicate fails, alone, and changes nothing. Returns the
/// number of writes that succeeded.
fn concurrent_writes(store: &dyn Store, games: usize, plies: u32) -> u64 {
    let ids: Vec<String> = (0..games).map(|g| format!("busy{g}")).collect();
    for id in &ids {
        let mut game = row(id);
        store.create(&game, &[]).unwrap();
        game.updated = 1;
        store.append_move(&game, 1, "a").unwrap();
    }
    let start = std::sync::Barrier::new(games + 1);
    std::thread::scope(|s| {
        for id in &ids {
            let start = &start;
            s.spawn(move || {
                let mut game = row(id);
                start.wait();
                for ply in 2..=plies {
                    game.updated = i64::from(ply);
                    store.append_move(&game, ply, if ply % 2 == 0 { "A" } else { "b" }).unwrap();
                }
            });
        }
        let (ids, start) = (&ids, &start);
        s.spawn(move || {
            start.wait();
            for round in 0..plies {
                let id = &ids[round as usize % ids.len()];
                let mut intruder = row(id);
                intruder.south_name = "Intruder".into();
                intruder.updated = -1;
                let refused = store.append_move(&intruder, 1, "z");
                assert!(refused.is_err(), "ply 1 of {id} stored twice");
            }
        });
    });
    for id in &ids {
        let stored = store.load(id).unwrap().unwrap();
        let expected: Vec<&str> = (1..=plies)
            .map(|ply| match ply {
                1 => "a",
                _ if ply % 2 == 0 => "A",
                _ => "b",
            })
            .collect();
        assert_eq!(stored.moves, expected, "{id}");
        let mut header = row(id);
        header.updated = i64::from(plies);
        assert_eq!(stored.row, header, "{id}: the header after its last move, no other");
    }
    // The creations, the first moves, then the rest.
    (games as u64) * (1 + u64::from(plies))
}

/// Group commit on SQLite: concurrent writes share transactions (fewer
/// commits than writes), and a failing one fails alone.
#[test]
fn the_sqlite_store_commits_concurrent_writes_together() {
    let (_dir, db) = temp_db();
    let store = Sqlite::open(&db).unwrap();
    let before = store.write_stats();
    let (games, plies) = (16, 40);
    let writes = concurrent_writes(&store, games, plies);
    let stats = store.write_stats();
    assert_eq!(stats.writes - before.writes, writes, "every committed write counted once");
    let transactions = stats.transactions - before.transactions;
    assert!(
        transactions < writes && stats.largest > 1,
        "{writes} writes from {} threads at once took {transactions} transactions (at most {} \
         writes in one): no commit was shared",
        games + 1,
        stats.largest
    );
    println!("{writes} writes in {transactions} transactions, at most {} in one", stats.largest);
    drop(store);
    // Durable: reopened, the same.
    let store = Sqlite::open(&db).unwrap();
    assert_eq!(store.load("busy0").unwrap().unwrap().moves.len(), plies as usize);
    // A file that cannot be shared by two connections is refused clearly.
    let err = Sqlite::open(std::path::Path::new(":memory:")).err().unwrap().to_string();
    assert!(err.contains("in-memory"), "{err}");
}

#[test]
fn the_postgres_store_takes_concurrent_writes() {
    let db = postgres_db();
    let store = Postgres::open(&db.url).unwrap();
    concurrent_writes(&store, 16, 40);
}

/// The server's connections ended under it (as a PostgreSQL restart does):
/// the next operations reconnect instead of failing for ever.
#[test]
fn the_postgres_store_reconnects_when_its_connections_are_ended() {
    let db = postgres_db();
    let store = Postgres::open(&db.url).unwrap();
    let mut game = row("r1");
    store.create(&game, &[]).unwrap();
    let end_connections = || {
        let ended: i64 = db
            .client()
            .query_one(
                "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .unwrap()
            .get(0);
        assert!(ended >= 1, "the store kept no connection open");
    };
    end_connections();
    game.updated = 2;
    store.append_move(&game, 1, "a").unwrap();
    end_connections();
    assert_eq!(store.load("r1").unwrap().unwrap().moves, ["a"]);
    end_connections();
    // A refusal is still a refusal, not retried into something else.
    assert!(store.append_move(&game, 1, "b").is_err(), "a ply is stored once");
    assert_eq!(db.stored_moves("r1"), ["a"]);
}

/// The server refuses to start on a database it cannot use, saying why,
/// with a non-zero exit status and without a panic.
#[test]
fn a_bad_or_unreachable_database_stops_the_server_with_a_message() {
    for (url, says) in [
        // Port 1 on loopback: nothing listens there, so refused at once.
        (
            "postgres://mancala:secret@127.0.0.1:1/games",
            "cannot connect to PostgreSQL at 127.0.0.1:1/games: error connecting to server: Connection refused",
        ),
        ("postgresql://mancala:secret@127.0.0.1:notaport/games", "bad PostgreSQL URL"),
        ("postgres:///games", "names no host"),
        ("mysql://mancala:secret@127.0.0.1/games", "unknown kind of database URL 'mysql:...'"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-web"))
            .args(["--bind", "127.0.0.1:0", "--database", url])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{url} was accepted");
        assert!(stderr.contains(says), "{url}: {stderr}");
        assert!(!stderr.contains("panicked") && !stderr.contains("secret"), "{url}: {stderr}");
    }
}

/// A database made before offers, clocks and matches were stored opens, and
/// its games load with none of them.
#[test]
fn an_older_database_gets_the_new_columns() {
    let (_dir, db) = temp_db();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, version INTEGER NOT NULL,
             setup TEXT, mode TEXT NOT NULL, level INTEGER, south_name TEXT NOT NULL,
             north_name TEXT NOT NULL, south_token TEXT, north_token TEXT, invite TEXT,
             computer TEXT, status TEXT NOT NULL, result TEXT, ending TEXT, rematch TEXT,
             created INTEGER NOT NULL, updated INTEGER NOT NULL);
         CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
             move TEXT NOT NULL, PRIMARY KEY (game_id, ply));
         INSERT INTO games VALUES ('old1', 'wahree', 1, NULL, 'local', NULL, 'A', 'B', 't', 't',
             NULL, NULL, 'active', NULL, NULL, NULL, 1, 1);
         INSERT INTO moves VALUES ('old1', 1, 'c');",
    )
    .unwrap();
    drop(conn);
    let store = Sqlite::open(&db).unwrap();
    let old = store.load("old1").unwrap().unwrap();
    assert_eq!(old.row, row("old1"));
    assert_eq!(old.moves, ["c"]);
    drop(store);
    // Opening it again changes nothing more.
    assert_eq!(Sqlite::open(&db).unwrap().load("old1").unwrap().unwrap().row, row("old1"));
}

/// The same on PostgreSQL: a database made by the first PostgreSQL store
/// gets the new columns and tables, and opening it again adds nothing twice.
#[test]
fn an_older_postgres_database_gets_the_new_columns() {
    let db = postgres_db();
    db.client()
        .batch_execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL,
                 version BIGINT NOT NULL, setup TEXT, mode TEXT NOT NULL, level SMALLINT,
                 south_name TEXT NOT NULL, north_name TEXT NOT NULL, south_token TEXT,
                 north_token TEXT, invite TEXT, computer TEXT, status TEXT NOT NULL, result TEXT,
                 ending TEXT, rematch TEXT, created BIGINT NOT NULL, updated BIGINT NOT NULL);
             CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply BIGINT NOT NULL,
                 move TEXT NOT NULL, PRIMARY KEY (game_id, ply));
             INSERT INTO games VALUES ('old1', 'wahree', 1, NULL, 'local', NULL, 'A', 'B', 't',
                 't', NULL, NULL, 'active', NULL, NULL, NULL, 1, 1);
             INSERT INTO moves VALUES ('old1', 1, 'c');",
        )
        .unwrap();
    for _ in 0..2 {
        let old = Postgres::open(&db.url).unwrap().load("old1").unwrap().unwrap();
        assert_eq!(old.row, row("old1"));
        assert_eq!(old.moves, ["c"]);
    }
    let constraints: i64 = db
        .client()
        .query_one(
            "SELECT COUNT(*) FROM pg_constraint WHERE conrelid = 'games'::regclass AND contype = 'f'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(constraints, 1, "one reference to matches, however often it is opened");
    // The upgraded database takes games with clocks and matches.
    let store = Postgres::open(&db.url).unwrap();
    let mut first = row("m1g0");
    first.match_id = Some("m1".into());
    first.match_game = Some(0);
    first.clock = Some(Clock { initial_ms: 1, increment_ms: 0, south_ms: 1, north_ms: 1 });
    first.turn_started = Some(5);
    let contest = MatchRow { id: "m1".into(), ruleset: "wahree".into(), first_to: 6, created: 3 };
    store.create_match(&contest, &first).unwrap();
    assert_eq!(store.load_match("m1").unwrap().unwrap(), (contest, vec![first]));
    assert_eq!(store.running_clocks().unwrap(), ["m1g0"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_game_stored_at_the_computers_turn_goes_on_after_a_restart() {
    let (_dir, db) = temp_db();
    computer_turn_after_a_restart(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_game_stored_at_the_computers_turn_goes_on_after_a_restart_on_postgres() {
    computer_turn_after_a_restart(&postgres_db()).await;
}

async fn computer_turn_after_a_restart(db: &impl Database) {
    let mut game = row("waiting1");
    game.mode = Mode::Computer;
    game.level = Some(1);
    game.computer = Some("south".into());
    game.south_token = None;
    off_async(|| mancala_web::store::open(&db.url()).unwrap().create(&game, &[]).unwrap());
    let server = start(db, 0).await;
    let state = wait_for_turn(&server, "waiting1", "north").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 1);
    assert_eq!(stored_moves(db, "waiting1").len(), 1);
    server.stop().await;
}

#[test]
fn explanations_exist_in_every_language() {
    let rules = mancala_rules::ruleset("anywoli").unwrap();
    let mut game = mancala_rules::Game::new(rules.rules);
    let report = game.play_reported(mancala_rules::Pit::parse("a", &rules.rules).unwrap()).unwrap();
    let texts = mancala_web::explain::explanations(rules, &report);
    assert!(texts["vi"].as_str().unwrap().contains("ô"), "{texts}");
    assert!(texts["nl"].as_str().unwrap().contains("zaaide"), "{texts}");
    assert!(texts["en"].as_str().unwrap().contains("sowed"), "{texts}");
}

/// The real binary, killed with SIGKILL right after acknowledged moves,
/// loses none of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_right_after_an_acknowledged_move_loses_nothing() {
    let (_dir, db) = temp_db();
    kill_9_loses_nothing(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_right_after_an_acknowledged_move_loses_nothing_on_postgres() {
    kill_9_loses_nothing(&postgres_db()).await;
}

async fn kill_9_loses_nothing(db: &impl Database) {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let launch = || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-web"))
            .args(["--bind", "127.0.0.1:0", "--database", &db.url()])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        // "Open http://127.0.0.1:PORT in your browser ..."
        let addr: std::net::SocketAddr = line
            .split("http://")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        (child, addr)
    };
    // The same tiny client, addressed to the child process.
    async fn call(addr: std::net::SocketAddr, method: &str, path: &str, body: Value) -> Reply {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let body = if method == "POST" { body.to_string() } else { String::new() };
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(body.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw).await;
        let text = String::from_utf8_lossy(&raw).to_string();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap();
        Reply {
            status: head.split(' ').nth(1).unwrap().parse().unwrap(),
            headers: head.into(),
            body: rest.into(),
        }
    }
    let (mut child, addr) = launch();
    let c =
        call(addr, "POST", "/api/games", json!({"game": "wahree", "mode": "local"})).await.json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut acknowledged = Vec::new();
    for _ in 0..5 {
        let state = call(addr, "GET", &format!("/api/games/{id}"), Value::Null).await.json();
        let pick = strings(&state["legal"])[0].clone();
        let r = call(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": pick}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        acknowledged.push(pick);
    }
    child.kill().unwrap(); // SIGKILL: no shutdown, no flush
    child.wait().unwrap();
    assert_eq!(stored_moves(db, &id), acknowledged);
    let (mut child, addr) = launch();
    let state = call(addr, "GET", &format!("/api/games/{id}"), Value::Null).await.json();
    assert_eq!(strings(&state["moves"]), acknowledged);
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A WebSocket client that floods the server with messages is disconnected;
/// the game is untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_flood_is_disconnected() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let c = post(&server, "/api/games", json!({"game": "wahree", "mode": "local"})).await.json();
    let id = c["id"].as_str().unwrap().to_string();
    let unknown =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/nosuchgame/ws", server.addr))
            .await;
    assert!(unknown.is_err(), "no WebSocket for an unknown game");
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .unwrap();
    ws.next().await.unwrap().unwrap(); // the state
    for _ in 0..50 {
        if ws.send(Message::Text("spam".into())).await.is_err() {
            break;
        }
    }
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .unwrap_or(false);
    assert!(closed, "the flooding client was not disconnected");
    assert_eq!(get(&server, &format!("/api/games/{id}")).await.json()["moves"], json!([]));
    server.stop().await;
}

/// Stored moves a second on each backend: one game at a time, then several
/// games moving at once (each move is a committed, durable transaction).
/// Prints numbers and asserts only that every move was stored;
/// `scripts/bench_store.sh` runs it.
#[test]
#[ignore = "a benchmark: run scripts/bench_store.sh"]
fn store_speed() {
    let (_dir, path) = temp_db();
    let pg = postgres_db();
    let moves: u32 = std::env::var("MOVES").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    println!("| backend | games at once | moves | seconds | moves/s |");
    println!("|---|---|---|---|---|");
    for (backend, url) in [("SQLite", path.url()), ("PostgreSQL", pg.url())] {
        let store = mancala_web::store::open(&url).unwrap();
        for games in [1, 4, 32] {
            let ids: Vec<String> = (0..games).map(|g| format!("speed-{games}-{g}")).collect();
            for id in &ids {
                store.create(&row(id), &[]).unwrap();
            }
            let started = std::time::Instant::now();
            std::thread::scope(|s| {
                for id in &ids {
                    let store = &store;
                    s.spawn(move || {
                        let mut game = row(id);
                        for ply in 1..=moves {
                            game.updated = i64::from(ply);
                            store.append_move(&game, ply, "a").unwrap();
                        }
                    });
                }
            });
            let seconds = started.elapsed().as_secs_f64();
            for id in &ids {
                assert_eq!(store.load(id).unwrap().unwrap().moves.len(), moves as usize);
            }
            let total = moves * games;
            println!(
                "| {backend} | {games} | {total} | {seconds:.2} | {:.0} |",
                f64::from(total) / seconds
            );
        }
    }
}

/// A game row as stored, read from the database by a store of its own.
fn stored_row(db: &impl Database, id: &str) -> GameRow {
    db.with_store(|store| store.load(id).unwrap().unwrap().row)
}

async fn create(server: &Server, body: Value) -> (String, String, Value) {
    let created = post(server, "/api/games", body).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    (id, token, created)
}

async fn state_of(server: &Server, id: &str) -> Value {
    get(server, &format!("/api/games/{id}")).await.json()
}

fn ms(value: &Value) -> i64 {
    value.as_i64().unwrap_or_else(|| panic!("not a number of ms: {value}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_for_the_player_to_move_and_the_increment_is_added() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    for (body, why) in [
        (json!({"clock_seconds": 0}), "no time"),
        (json!({"clock_seconds": 10801}), "over three hours"),
        (json!({"clock_seconds": 60, "increment_seconds": 181}), "increment too large"),
        (json!({"increment_seconds": 5}), "increment without a clock"),
    ] {
        let mut request = json!({"game": "wahree", "mode": "local"});
        request.as_object_mut().unwrap().extend(body.as_object().unwrap().clone());
        let refused = post(&server, "/api/games", request).await;
        assert_eq!(refused.status, 400, "{why}: {}", refused.body);
        assert_eq!(refused.json()["error"]["code"], "bad_clock", "{why}");
    }
    let (id, token, created) = create(
        &server,
        json!({"game": "wahree", "mode": "local", "clock_seconds": 60, "increment_seconds": 5}),
    )
    .await;
    let clock = &created["state"]["clock"];
    assert_eq!(clock["running"], "south");
    assert_eq!(clock["initial_ms"], 60_000);
    assert_eq!(clock["increment_ms"], 5_000);
    assert_eq!(clock["north_ms"], 60_000);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let ticking = state_of(&server, &id).await;
    let south = ms(&ticking["clock"]["south_ms"]);
    assert!((55_000..=59_700).contains(&south), "South's clock ran: {south}");
    assert_eq!(ticking["clock"]["north_ms"], 60_000, "North's did not");
    let answer =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"}))
            .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let clock = &answer.json()["state"]["clock"];
    let south = ms(&clock["south_ms"]);
    // 60 s, less the time taken (at least 0.3 s), plus 5 s.
    assert!((60_000..=64_700).contains(&south), "the increment was added: {south}");
    assert_eq!(clock["running"], "north");
    // Stored with the move.
    let stored = stored_row(&db, &id);
    assert_eq!(stored.clock.unwrap().south_ms, south);
    assert_eq!(stored_moves(&db, &id), ["c"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_time_runs_out_loses_without_any_request() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let (id, token, _) =
        create(&server, json!({"game": "oware-abapa", "mode": "local", "clock_seconds": 1})).await;
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .unwrap();
    // Nothing but the WebSocket until the flag falls.
    let over = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let message = ws.next().await.unwrap().unwrap();
            let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
            if message["state"]["over"] == json!(true) {
                return message["state"].clone();
            }
        }
    })
    .await
    .expect("the game ended on time by itself");
    assert_eq!(over["ending"], "time");
    assert_eq!(over["winner"], "north");
    assert_eq!(over["clock"]["south_ms"], 0);
    assert_eq!(over["clock"]["running"], Value::Null);
    assert_eq!(stored_row(&db, &id).ending, Some(GameEnding::Time));
    let late =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"}))
            .await;
    assert_eq!(late.status, 409);
    assert_eq!(late.json()["error"]["code"], "lost_on_time");
    assert!(stored_moves(&db, &id).is_empty());
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(
        record.contains("[Ending \"time\"]") && record.contains("[Result \"north\"]"),
        "{record}"
    );
    assert!(record.contains("[TimeControl \"1+0\"]"), "{record}");
    let parsed = mancala_rules::Record::parse(&record).unwrap();
    assert_eq!(parsed.ending, mancala_rules::Ending::Time { loser: mancala_rules::Side::South });
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_survives_a_restart_and_a_late_move_is_refused() {
    let (_dir, db) = temp_db();
    clock_survives_a_restart(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_survives_a_restart_and_a_late_move_is_refused_on_postgres() {
    clock_survives_a_restart(&postgres_db()).await;
}

async fn clock_survives_a_restart(db: &impl Database) {
    let server = start(db, 0).await;
    let (id, token, _) = create(
        &server,
        json!({"game": "barbados-warri", "mode": "local", "clock_seconds": 60, "increment_seconds": 2}),
    )
    .await;
    let moved =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"}))
            .await
            .json();
    let south = ms(&moved["state"]["clock"]["south_ms"]);
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let server = start(db, 0).await;
    let after = state_of(&server, &id).await;
    assert_eq!(after["clock"]["running"], "north");
    assert_eq!(ms(&after["clock"]["south_ms"]), south, "South's time is kept exactly");
    let north = ms(&after["clock"]["north_ms"]);
    assert!((50_000..=59_800).contains(&north), "North's time ran on: {north}");
    server.stop().await;

    // A game stored with its player's time already gone: on start, the
    // server ends it by itself, and a move for it is refused.
    let mut gone = stored_row(db, &id);
    gone.id = "flagged1".into();
    gone.clock =
        Some(Clock { initial_ms: 60_000, increment_ms: 0, south_ms: 1_000, north_ms: 500 });
    gone.turn_started = Some(mancala_web::live::now_ms() - 5_000);
    db.with_store(|store| store.create(&gone, &["c".into()]).unwrap());
    let server = start(db, 0).await;
    let late =
        post(&server, "/api/games/flagged1/moves", json!({"token": token.clone(), "move": "A"}))
            .await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert_eq!(late.json()["error"]["code"], "lost_on_time");
    let row = stored_row(db, "flagged1");
    assert_eq!((row.ending, row.result.as_deref()), (Some(GameEnding::Time), Some("south")));
    assert_eq!(stored_moves(db, "flagged1"), ["c"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_online_game_can_be_claimed_after_the_timeout_only() {
    use futures_util::SinkExt;
    let (_dir, db) = temp_db();
    let server = start_with(&db, 0, 1).await;
    let (id, ann, created) =
        create(&server, json!({"game": "wahree", "mode": "online", "name": "Ann"})).await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let joined =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite, "name": "Ben"}))
            .await
            .json();
    let ben = joined["token"].as_str().unwrap().to_string();
    let claim = |token: String| {
        let server = &server;
        let id = id.clone();
        async move { post(server, &format!("/api/games/{id}/claim"), json!({"token": token})).await }
    };
    // Ann moves; Ben is to move and has the game open.
    post(&server, &format!("/api/games/{id}/moves"), json!({"token": ann, "move": "c"})).await;
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .unwrap();
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        json!({"type": "seat", "token": ben}).to_string().into(),
    ))
    .await
    .unwrap();
    let mut present = false;
    for _ in 0..200 {
        if state_of(&server, &id).await["presence"]["north"] == json!(true) {
            present = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(present, "Ben's page counts as present");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let connected = claim(ann.clone()).await;
    assert_eq!(connected.status, 409);
    assert_eq!(connected.json()["error"]["code"], "opponent_connected");
    // Ben leaves: the timeout starts again from now.
    ws.close(None).await.unwrap();
    drop(ws);
    let mut away = Value::Null;
    for _ in 0..200 {
        away = state_of(&server, &id).await;
        if away["presence"]["north"] == json!(false) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(away["presence"]["north"], false);
    assert!(ms(&away["claim_in_ms"]) > 500, "{}", away["claim_in_ms"]);
    let early = claim(ann.clone()).await;
    assert_eq!(early.status, 409);
    let early = early.json();
    assert_eq!(early["error"]["code"], "too_early");
    assert_eq!(early["error"]["seconds_left"], 1);
    assert!(early["error"]["message"].as_str().unwrap().contains("claim the win in 1 s"));
    let own = claim(ben.clone()).await;
    assert_eq!((own.status, own.json()["error"]["code"].clone()), (409, json!("your_turn")));
    assert_eq!(claim("nobody".into()).await.status, 403);
    assert_eq!(stored_row(&db, &id).status, Status::Active, "a refused claim changes nothing");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let claimed = claim(ann.clone()).await;
    assert_eq!(claimed.status, 200, "{}", claimed.body);
    let claimed = claimed.json();
    assert_eq!(
        (claimed["winner"].clone(), claimed["ending"].clone()),
        (json!("south"), json!("abandoned"))
    );
    assert_eq!(
        claimed["ending_text"]["en"],
        "a player left the game and their opponent claimed the win"
    );
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(record.contains("[Ending \"abandoned\"]"), "{record}");
    assert_eq!(claim(ann.clone()).await.status, 409, "once over, nothing to claim");
    // Not in a game at one screen.
    let (local, token, _) = create(&server, json!({"game": "wahree", "mode": "local"})).await;
    let refused =
        post(&server, &format!("/api/games/{local}/claim"), json!({"token": token})).await;
    assert_eq!((refused.status, refused.json()["error"]["code"].clone()), (409, json!("no_claim")));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_barbados_match_is_played_to_six_wins_with_colours_alternating() {
    let (_dir, db) = temp_db();
    match_to_six_wins(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_barbados_match_is_played_to_six_wins_with_colours_alternating_on_postgres() {
    match_to_six_wins(&postgres_db()).await;
}

async fn match_to_six_wins(db: &impl Database) {
    let mut server = start(db, 0).await;
    let refused =
        post(&server, "/api/games", json!({"game": "wahree", "mode": "online", "match": true}))
            .await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.json()["error"]["code"], "no_match_play");
    let (mut id, ann, created) = create(
        &server,
        json!({"game": "barbados-warri-speightstown", "mode": "online", "name": "Ann", "match": true}),
    )
    .await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let ben =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite, "name": "Ben"}))
            .await
            .json()["token"]
            .as_str()
            .unwrap()
            .to_string();
    let match_id = created["state"]["match"]["id"].as_str().unwrap().to_string();
    // Game 1 is drawn by agreement (nothing captured yet: 0-0), and does
    // not count; then Ann resigns every game, and Ben wins six.
    for game in 0..7usize {
        let state = state_of(&server, &id).await;
        let ann_side = if game % 2 == 0 { "south" } else { "north" };
        let ben_side = if ann_side == "south" { "north" } else { "south" };
        assert_eq!(state["players"][ann_side]["name"], "Ann", "game {}", game + 1);
        assert_eq!(state["players"][ben_side]["name"], "Ben", "game {}", game + 1);
        assert_eq!(state["match"]["game"], game + 1);
        assert_eq!(state["match"]["first_to"], 6);
        assert_eq!(state["match"]["wins"][ann_side], 0);
        assert_eq!(state["match"]["wins"][ben_side], game.saturating_sub(1));
        let over = if game == 0 {
            post(&server, &format!("/api/games/{id}/offer"), json!({"token": ann})).await;
            post(&server, &format!("/api/games/{id}/accept"), json!({"token": ben})).await.json()
        } else {
            post(&server, &format!("/api/games/{id}/resign"), json!({"token": ann})).await.json()
        };
        assert_eq!(over["over"], true, "{over}");
        let expected = if game == 0 { "draw" } else { ben_side };
        assert_eq!(over["winner"], expected);
        assert_eq!(over["match"]["wins"][ben_side], game.saturating_sub(1) + usize::from(game > 0));
        assert_eq!(over["match"]["draws"], 1);
        if game < 6 {
            assert_eq!(over["match"]["winner"], Value::Null);
            if game == 3 {
                // The match is stored: a restart keeps it.
                server.stop().await;
                server = start(db, 0).await;
            }
            // Ben asks for the next game first; Ann gets her seat in it.
            let next = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ben}))
                .await
                .json();
            let again = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann}))
                .await
                .json();
            assert_eq!(next["id"], again["id"]);
            assert_eq!(
                (next["token"].as_str(), again["token"].as_str()),
                (Some(ben.as_str()), Some(ann.as_str()))
            );
            assert_eq!(again["side"], ben_side, "Ann changes seats");
            // Watchers of the finished game learn of the next one.
            let left = get(&server, &format!("/api/games/{id}")).await.json();
            assert_eq!((&left["next_game"], &left["match"]["next"]), (&next["id"], &next["id"]));
            id = next["id"].as_str().unwrap().to_string();
        } else {
            assert_eq!(over["match"]["winner"], ben_side);
            assert_eq!(over["match"]["wins"][ben_side], 6);
            let no_more =
                post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await;
            assert_eq!(no_more.status, 409);
            assert_eq!(no_more.json()["error"]["code"], "match_over");
        }
    }
    let (stored, games) = db.with_store(|store| store.load_match(&match_id).unwrap().unwrap());
    assert_eq!(stored.first_to, 6);
    assert_eq!(games.len(), 7);
    let results: Vec<&str> = games.iter().map(|g| g.result.as_deref().unwrap()).collect();
    assert_eq!(results, ["draw", "south", "north", "south", "north", "south", "north"]);
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(record.contains(&format!("[Match \"{match_id} game 7\"]")), "{record}");
    server.stop().await;
}

/// The grand-slam puzzle (Speightstown): South wins at once with f.
const PUZZLE: &str = "1,0,0,0,0,2/1,1,0,0,0,0 22-21 S";

async fn upload(server: &Server, moves: &str) -> (String, String, Value) {
    let record =
        format!("[Game \"barbados-warri-speightstown\"]\n[Setup \"{PUZZLE}\"]\n\n{moves}\n");
    let uploaded = post(server, "/api/records", json!({"record": record})).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.body);
    let uploaded = uploaded.json();
    let id = uploaded["id"].as_str().unwrap().to_string();
    let token = uploaded["token"].as_str().unwrap().to_string();
    (id, token, uploaded["state"].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_move_and_only_where_hints_are_allowed() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let (id, token, _) =
        create(&server, json!({"game": "oware-abapa", "mode": "computer", "level": 1})).await;
    let hint = post(&server, &format!("/api/games/{id}/hint"), json!({"token": token})).await;
    assert_eq!(hint.status, 200, "{}", hint.body);
    let hint = hint.json();
    let legal = strings(&state_of(&server, &id).await["legal"]);
    assert!(legal.contains(&hint["move"].as_str().unwrap().to_string()), "{hint}");
    assert!(hint["value"]["seeds"].is_number(), "{hint}");
    assert_eq!(
        post(&server, &format!("/api/games/{id}/hint"), json!({"token": "nobody"})).await.status,
        403
    );
    // A won position: the hint is the winning move.
    let (puzzle, token, state) = upload(&server, "").await;
    assert_eq!(state["hints"], true);
    let hint =
        post(&server, &format!("/api/games/{puzzle}/hint"), json!({"token": token})).await.json();
    assert_eq!(hint["move"], "f", "{hint}");
    assert_eq!(hint["value"]["result"], "win", "{hint}");
    // Not between two people online.
    let (online, token, created) =
        create(&server, json!({"game": "wahree", "mode": "online"})).await;
    assert_eq!(created["state"]["hints"], false);
    let refused =
        post(&server, &format!("/api/games/{online}/hint"), json!({"token": token})).await;
    assert_eq!((refused.status, refused.json()["error"]["code"].clone()), (409, json!("no_hints")));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_values_every_position_and_flags_a_blunder() {
    let (_dir, db) = temp_db();
    review_of_a_blunder(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_values_every_position_and_flags_a_blunder_on_postgres() {
    review_of_a_blunder(&postgres_db()).await;
}

async fn review_of_a_blunder(db: &impl Database) {
    let server = start(db, 0).await;
    // South plays a instead of the winning f, then resigns.
    let (id, token, _) = upload(&server, "a").await;
    let early = get(&server, &format!("/api/games/{id}/review")).await;
    assert_eq!((early.status, early.json()["error"]["code"].clone()), (409, json!("not_over")));
    post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await;
    let review = get(&server, &format!("/api/games/{id}/review")).await;
    assert_eq!(review.status, 200, "{}", review.body);
    let review = review.json();
    assert_eq!(review["positions"].as_array().unwrap().len(), 2, "{review}");
    let blunder = &review["moves"][0];
    assert_eq!(blunder["move"], "a");
    assert_eq!(blunder["mistake"], true, "{review}");
    assert_eq!(blunder["changes_result"], true, "{review}");
    assert_eq!(blunder["better"], "f");
    assert_eq!(blunder["best"]["result"], "win");
    assert_eq!(review["positions"][0]["south"]["result"], "win");
    assert_eq!(review["mistakes"]["south"], 1);
    // Computed once: stored, and the same answer again.
    assert!(db.with_store(|store| store.load_review(&id).unwrap().is_some()));
    assert_eq!(get(&server, &format!("/api/games/{id}/review")).await.json(), review);
    // The winning move is no mistake.
    let (won, _, state) = upload(&server, "f").await;
    assert_eq!(state["over"], true);
    let review = get(&server, &format!("/api/games/{won}/review")).await.json();
    assert_eq!(review["moves"][0]["mistake"], false, "{review}");
    assert_eq!(review["moves"][0]["better"], Value::Null);
    assert_eq!(review["positions"][1]["south"]["result"], "win", "{review}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_offer_survives_a_restart() {
    let (_dir, db) = temp_db();
    offer_survives_a_restart(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_offer_survives_a_restart_on_postgres() {
    offer_survives_a_restart(&postgres_db()).await;
}

async fn offer_survives_a_restart(db: &impl Database) {
    let server = start(db, 0).await;
    let (id, ann, created) = create(&server, json!({"game": "wahree", "mode": "online"})).await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let ben = post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite}))
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let offered = post(&server, &format!("/api/games/{id}/offer"), json!({"token": ann})).await;
    assert_eq!(offered.json()["state"]["offer"], "south");
    server.stop().await;
    let server = start(db, 0).await;
    assert_eq!(state_of(&server, &id).await["offer"], "south");
    let accepted = post(&server, &format!("/api/games/{id}/accept"), json!({"token": ben})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.json()["ending"], "agreed");
    assert_eq!(stored_row(db, &id).offer, None);
    server.stop().await;
}

/// One GET on a fresh connection, the body kept as bytes (a gzipped body
/// is not text).
async fn get_raw(server: &Server, path: &str, headers: &[(&str, &str)]) -> (u16, String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let mut head = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", server.addr);
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("no HTTP answer");
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head, raw[end + 4..].to_vec())
}

/// A response header's value (the head is lower-cased).
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| line.strip_prefix(&format!("{name}: ")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn static_assets_are_cached_by_version_and_gzipped() {
    use std::io::Read;
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let page = get(&server, "/").await.body;
    for (plain, ext, content_type) in
        [("app", "js", "text/javascript"), ("style", "css", "text/css")]
    {
        // Pages link the versioned name: a hash of the content.
        let at = page.find(&format!("/assets/{plain}.")).expect("the page links the asset");
        let path: String = page[at..].chars().take_while(|&c| c != '"').collect();
        let hash = path
            .trim_start_matches(&format!("/assets/{plain}."))
            .trim_end_matches(&format!(".{ext}"));
        assert_eq!(hash.len(), 16, "{path}");
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()), "{path}");

        let (status, head, body) = get_raw(&server, &path, &[]).await;
        assert_eq!(status, 200);
        assert!(header(&head, "content-type").unwrap().starts_with(content_type), "{head}");
        assert_eq!(header(&head, "cache-control"), Some("public, max-age=31536000, immutable"));
        assert_eq!(header(&head, "content-encoding"), None, "no gzip unless asked");
        assert_eq!(header(&head, "vary"), Some("accept-encoding"));
        let etag = header(&head, "etag").expect("an etag").to_string();
        let plain_text = body;

        // Revalidation: the same tag gets 304 and no body.
        let (status, head, body) = get_raw(&server, &path, &[("If-None-Match", &etag)]).await;
        assert_eq!(status, 304, "{head}");
        assert!(body.is_empty());
        assert_eq!(header(&head, "etag"), Some(etag.as_str()));
        let (status, ..) =
            get_raw(&server, &path, &[("If-None-Match", "\"0000000000000000\"")]).await;
        assert_eq!(status, 200, "another tag gets the file");

        // gzip for a client that accepts it, and the same bytes inside.
        let (status, head, body) =
            get_raw(&server, &path, &[("Accept-Encoding", "br;q=1.0, gzip;q=0.8, *;q=0.1")]).await;
        assert_eq!(status, 200);
        assert_eq!(header(&head, "content-encoding"), Some("gzip"));
        assert_ne!(header(&head, "etag"), Some(etag.as_str()), "each encoding has its own tag");
        assert!(body.len() * 2 < plain_text.len(), "{} of {} bytes", body.len(), plain_text.len());
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, plain_text);
        let (_, head, _) = get_raw(&server, &path, &[("Accept-Encoding", "gzip;q=0")]).await;
        assert_eq!(header(&head, "content-encoding"), None, "q=0 refuses gzip");

        // The plain name and a stale hash still work, revalidated each time.
        for other in
            [format!("/assets/{plain}.{ext}"), format!("/assets/{plain}.0123456789abcdef.{ext}")]
        {
            let (status, head, body) = get_raw(&server, &other, &[]).await;
            assert_eq!(status, 200, "{other}");
            assert_eq!(header(&head, "cache-control"), Some("no-cache"), "{other}");
            assert_eq!(body, plain_text, "{other}");
            let (status, ..) = get_raw(&server, &other, &[("If-None-Match", &etag)]).await;
            assert_eq!(status, 304, "{other}");
        }
    }
    assert_eq!(get(&server, "/assets/app.123.js").await.status, 404);
    assert_eq!(get(&server, "/assets/other.js").await.status, 404);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ending_names_the_player_and_watchers_learn_of_the_next_game() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let c =
        post(&server, "/api/games", json!({"game": "wahree", "mode": "online", "name": "Bram"}))
            .await
            .json();
    let id = c["id"].as_str().unwrap().to_string();
    let bram = c["token"].as_str().unwrap().to_string();
    let code = c["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    let anh =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": code, "name": "Anh"}))
            .await
            .json()["token"]
            .as_str()
            .unwrap()
            .to_string();
    let state = get(&server, &format!("/api/games/{id}")).await.json();
    assert_eq!(state["next_game"], Value::Null);
    let pick = strings(&state["legal"])[0].clone();
    let moved =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": bram, "move": pick}))
            .await
            .json();
    let text = moved["state"]["last"]["explanation"]["en"].as_str().unwrap().to_string();
    assert!(text.ends_with("North to move."), "{text}");

    // A spectator watches from here.
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .unwrap();
    let _first = ws.next().await.unwrap().unwrap();

    // Anh resigns: nobody is to move any more, in any language.
    let over = post(&server, &format!("/api/games/{id}/resign"), json!({"token": anh})).await;
    assert_eq!(over.status, 200, "{}", over.body);
    let over = get(&server, &format!("/api/games/{id}")).await.json();
    assert_eq!(
        (over["winner"].as_str(), over["ending"].as_str()),
        (Some("south"), Some("resignation"))
    );
    for lang in ["en", "vi", "nl"] {
        let text = over["last"]["explanation"][lang].as_str().unwrap();
        assert!(!text.is_empty());
        assert!(
            !text.contains("North to move")
                && !text.contains("Đến lượt")
                && !text.contains("aan zet"),
            "{lang}: {text}"
        );
    }
    let replay = get(&server, &format!("/api/games/{id}/replay")).await.json();
    let last = replay["plies"].as_array().unwrap().last().unwrap();
    assert!(!last["report"]["explanation"]["en"].as_str().unwrap().contains("to move"));

    // The finished list names the player and gives the score as the game
    // page does: South's name and seeds first; the record has the score.
    let list = get(&server, "/finished").await.body;
    assert!(list.contains("Anh resigned"), "{list}");
    assert!(list.contains("Bram wins"));
    let captured = (over["captured"][0].as_u64().unwrap(), over["captured"][1].as_u64().unwrap());
    assert!(list.contains(&format!("Bram {} – {} Anh", captured.0, captured.1)));
    let nl = get(&server, "/finished?lang=nl").await.body;
    assert!(nl.contains("Anh gaf op"), "{nl}");
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(record.contains(&format!("[Score \"{}-{}\"]", captured.0, captured.1)), "{record}");

    // A rematch: the old game's state names it, and watchers are told.
    let next =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": bram})).await.json();
    let next_id = next["id"].as_str().unwrap().to_string();
    assert_eq!(get(&server, &format!("/api/games/{id}")).await.json()["next_game"], json!(next_id));
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("the watcher hears of the rematch")
            .unwrap()
            .unwrap();
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] == "state" && message["state"]["next_game"] == json!(next_id) {
            break;
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_are_filtered_and_paged() {
    let (_dir, db) = temp_db();
    finished_filtered_and_paged(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_are_filtered_and_paged_on_postgres() {
    finished_filtered_and_paged(&postgres_db()).await;
}

async fn finished_filtered_and_paged(db: &impl Database) {
    let server = start(db, 0).await;
    // 23 games at one screen, each resigned at once: Wahree between Ann and
    // Ben (14), Anywoli between Cy and Dee (9).
    let mut ids = Vec::new();
    for i in 0..23 {
        let (game, name, opponent) =
            if i % 7 < 4 { ("wahree", "Ann", "Ben") } else { ("anywoli", "Cy", "Dee") };
        let c = post(
            &server,
            "/api/games",
            json!({"game": game, "mode": "local", "name": name, "opponent": opponent}),
        )
        .await
        .json();
        let id = c["id"].as_str().unwrap().to_string();
        let token = c["token"].as_str().unwrap();
        assert_eq!(
            post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await.status,
            200
        );
        ids.push((id, game));
    }
    let wahree = ids.iter().filter(|(_, g)| *g == "wahree").count();
    assert_eq!((wahree, ids.len() - wahree), (14, 9));
    let listed =
        |body: &str| ids.iter().filter(|(id, _)| body.contains(&format!("/replay/{id}\""))).count();

    // The page: labelled filters, 20 games, a link to the older ones.
    let first = get(&server, "/finished").await.body;
    assert!(first.contains("<label>Game<select name=\"game\">"), "{first}");
    assert!(first.contains("<label>Player (part of a name)<input type=\"search\" name=\"player\""));
    assert!(first.contains("<label>A record file<input type=\"file\""));
    assert_eq!(listed(&first), 20);
    assert!(first.contains("<time datetime=\""));
    assert!(first.contains("href=\"/finished?page=2\""), "{first}");
    assert!(!first.contains("rel=\"prev\""));
    let second = get(&server, "/finished?page=2").await.body;
    assert_eq!(listed(&second), 3);
    assert!(second.contains("href=\"/finished?page=1\"") && !second.contains("rel=\"next\""));

    // By game, by player (part of a name, any case), both.
    let anywoli = get(&server, "/finished?game=anywoli").await.body;
    assert_eq!(listed(&anywoli), 9);
    assert!(anywoli.contains("<option value=\"anywoli\" selected>"));
    let ann = get(&server, "/finished?player=aN").await.body;
    assert_eq!(listed(&ann), 14);
    assert!(ann.contains("value=\"aN\""));
    assert_eq!(listed(&get(&server, "/finished?player=dee&game=anywoli").await.body), 9);
    let none = get(&server, "/finished?player=ann&game=anywoli").await.body;
    assert_eq!(listed(&none), 0);
    assert!(none.contains("No finished game matches these filters."));
    // A filter is kept in the page links ("e": Ben and Dee, every game).
    let e = get(&server, "/finished?player=e").await.body;
    assert_eq!(listed(&e), 20);
    assert!(e.contains("href=\"/finished?page=2&amp;player=e\""), "{e}");
    assert_eq!(listed(&get(&server, "/finished?player=e&page=2").await.body), 3);

    // The API: the same filters, with limit and offset.
    let api = |q: &str| {
        let q = q.to_string();
        let server = &server;
        async move { get(server, &format!("/api/games?status=finished&{q}")).await.json() }
    };
    assert_eq!(api("game=wahree&limit=100").await.as_array().unwrap().len(), 14);
    assert_eq!(api("player=CY").await.as_array().unwrap().len(), 9);
    assert_eq!(api("limit=5&offset=20").await.as_array().unwrap().len(), 3);
    let pages: Vec<String> = [api("limit=12").await, api("limit=12&offset=12").await]
        .iter()
        .flat_map(|p| p.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()))
        .collect();
    let mut every: Vec<String> = ids.iter().map(|(id, _)| id.clone()).collect();
    let mut paged = pages.clone();
    every.sort();
    paged.sort();
    assert_eq!(paged, every, "two pages hold every game once");
    server.stop().await;
}
