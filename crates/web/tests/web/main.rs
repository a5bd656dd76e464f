//! The web platform's tests: each starts the server in-process on
//! 127.0.0.1:0 with a temporary SQLite file and talks to it over HTTP (a
//! tiny client below) and WebSocket.
//!
//! The storage tests run on PostgreSQL too, each in a database of its own:
//! [`on_both_stores!`] makes one test body into `NAME::sqlite` and
//! `NAME::postgres` (a few that need more than a database URL are written
//! out as `..._on_postgres`). They run on the server that
//! `MANCALA_TEST_POSTGRES` names (`postgres://USER:PASSWORD@HOST:PORT/DB`, a
//! role that may create databases). `scripts/postgres.sh`, which `scripts/test.sh` uses, starts a
//! throwaway server and sets it. Without it those tests fail, saying how to
//! run them: a storage backend that is never tested must not look tested.

/// One test body, `async fn BODY(db: &impl Database)`, run on both stores:
/// the tests `NAME::sqlite` (a temporary file) and `NAME::postgres` (a
/// fresh database on `MANCALA_TEST_POSTGRES`; `--skip postgres` leaves it
/// out). Written once here instead of a hand-made twin per test.
macro_rules! on_both_stores {
    ($(#[$meta:meta])* $name:ident => $body:ident) => {
        $(#[$meta])*
        mod $name {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let (_dir, db) = temp_db();
                $body(&db).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                $body(&postgres_db()).await;
            }
        }
    };
}

/// One store contract, `fn BODY(store: &dyn Store)`, run on both stores:
/// the tests `NAME::sqlite` and `NAME::postgres`, as with
/// [`on_both_stores!`].
macro_rules! store_on_both {
    ($(#[$meta:meta])* $name:ident => $body:ident) => {
        $(#[$meta])*
        mod $name {
            use super::*;

            #[test]
            fn sqlite() {
                let (_dir, db) = temp_db();
                db.with_store($body);
            }

            #[test]
            fn postgres() {
                postgres_db().with_store($body);
            }
        }
    };
}

use futures_util::{SinkExt, StreamExt};
use mancala_web::i18n::{Lang, SAME_EVERYWHERE, TEXTS};
use mancala_web::store::{
    AccountStore, Clock, Finished, GameEnding, GameResult, GameRow, GameStore, MatchRow, Mode,
    NewSession, Postgres, Sqlite, Status, StoredReview,
};
use mancala_web::time::Time;
use mancala_web::Store;
use mancala_web::{serve, Config, Server};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

mod accounts;
mod attacks;
mod classes;
mod clocks;
mod compositions;
mod fairness;
mod games;
mod learn;
mod limits;
mod lobby;
mod migrations;
mod observe;
mod ops;
mod pages;
mod pairing;
mod proxies;
mod puzzles;
mod rated;
mod rating;
mod resources;
mod restart;
mod settings;
mod social;
mod store;
mod tournaments;

/// A client's WebSocket.
type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The server's binary, for the tests that run it as a process.
const BINARY: &str = env!("CARGO_BIN_EXE_mancala-web");

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

/// A server on a free port whose time of day stands still until the test
/// moves it on (`time.advance`): a clock runs down, a claim opens or an
/// invitation expires exactly when the test says, with no sleeping. Start
/// it again with the same `time` to keep the day across a restart.
async fn start_at(db: &impl Database, time: &Time, change: impl FnOnce(&mut Config)) -> Server {
    let time = time.clone();
    start_unlimited(db, move |config| {
        config.time = time;
        change(config);
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

/// A server (no rate limit) on a temporary SQLite file: the file's folder
/// (the file goes with it), its path and the server.
async fn fresh_server() -> (tempfile::TempDir, PathBuf, Server) {
    let (dir, db) = temp_db();
    let server = start(&db, 0).await;
    (dir, db, server)
}

/// A server on a temporary SQLite file whose time of day stands still
/// until the test moves it on (see [`start_at`]), with what `change` sets:
/// the file's folder, its path, the time and the server.
async fn fresh_server_at(
    change: impl FnOnce(&mut Config),
) -> (tempfile::TempDir, PathBuf, Time, Server) {
    let (dir, db) = temp_db();
    let time = Time::manual_from_now();
    let server = start_at(&db, &time, change).await;
    (dir, db, time, server)
}

/// A server with no request rate limit and what `change` sets.
async fn start_unlimited(db: &impl Database, change: impl FnOnce(&mut Config)) -> Server {
    start_configured(db, |config| {
        config.rate_limit = 0;
        change(config);
    })
    .await
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
        off_async(move || f(mancala_web::open_store(&url).unwrap().as_ref()))
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
    http_at(server.addr, method, path, headers, body).await
}

/// One HTTP/1.1 request on a fresh connection to `addr`.
async fn http_at(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
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
    read_reply(&mut stream).await
}

/// The answer on `stream`, read until the server closes it.
async fn read_reply(stream: &mut tokio::net::TcpStream) -> Reply {
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

/// A session for `AccountStore::create_session`, its fields in order.
fn new_session<'a>(hash: &'a str, player: &'a str, password: &'a str, at: i64) -> NewSession<'a> {
    NewSession { token_hash: hash, player, password, created: at }
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
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

/// A local Oware Abapa game with `seconds` on each clock: its id and token.
async fn clocked_game(server: &Server, seconds: u64) -> (String, String) {
    let body = json!({"game": "oware-abapa", "mode": "local", "clock_seconds": seconds});
    let (id, token, _) = create(server, body).await;
    (id, token)
}

async fn state_of(server: &Server, id: &str) -> Value {
    get(server, &format!("/api/games/{id}")).await.json()
}

/// The grand-slam puzzle (Speightstown): South wins at once with f.
const PUZZLE: &str = "1,0,0,0,0,2/1,1,0,0,0,0 22-21 S";

/// A response header's value (the head is lower-cased).
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| line.strip_prefix(&format!("{name}: ")))
}

fn ms(value: &Value) -> i64 {
    value.as_i64().unwrap_or_else(|| panic!("not a number of ms: {value}"))
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

/// A request with a cookie (`name=value`, or empty for none) and a JSON
/// body (null: none).
async fn with_cookie(
    server: &Server,
    method: &str,
    path: &str,
    cookie: &str,
    body: Value,
) -> Reply {
    with_cookie_at(server.addr, method, path, cookie, body).await
}

/// A request to `addr` with a cookie (`name=value`, or empty for none) and
/// a JSON body (null: none).
async fn with_cookie_at(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    cookie: &str,
    body: Value,
) -> Reply {
    let body = if body.is_null() { String::new() } else { body.to_string() };
    let headers: Vec<(&str, &str)> =
        if cookie.is_empty() { Vec::new() } else { vec![("Cookie", cookie)] };
    http_at(addr, method, path, &headers, body.as_bytes()).await
}

/// A POST with a cookie (`name=value`, or empty for none) and a JSON body.
async fn post_as(server: &Server, path: &str, cookie: &str, body: Value) -> Reply {
    with_cookie(server, "POST", path, cookie, body).await
}

/// A new account (password "a long password"), signed in: its session
/// cookie.
async fn account(server: &Server, name: &str) -> String {
    let reply =
        post(server, "/api/account", json!({ "name": name, "password": "a long password" })).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    session_of(&reply)
}

/// A tournament made by `cookie`'s account (201): its id and the answer.
async fn new_tournament(server: &Server, cookie: &str, body: Value) -> (String, Value) {
    let made = post_as(server, "/api/tournaments", cookie, body).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let made = made.json();
    (made["id"].as_str().unwrap().to_string(), made)
}

/// Each of `names` joins tournament `id` as a guest (201).
async fn guests_join(
    server: &Server,
    id: &str,
    names: impl IntoIterator<Item = impl Into<String>>,
) {
    for name in names {
        let name: String = name.into();
        let joined =
            post_as(server, &format!("/api/tournaments/{id}/join"), "", json!({"name": name}))
                .await;
        assert_eq!(joined.status, 201, "{}", joined.body);
    }
}

/// The `Set-Cookie` header of a reply.
fn set_cookie(reply: &Reply) -> String {
    reply
        .headers
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: ").or_else(|| l.strip_prefix("Set-Cookie: ")))
        .unwrap_or_else(|| panic!("no Set-Cookie in {}", reply.headers))
        .to_string()
}

/// The `name=value` part of a reply's (first) `Set-Cookie`.
fn session_of(reply: &Reply) -> String {
    set_cookie(reply).split(';').next().unwrap().to_string()
}

/// The error code of a refused request's answer (empty if none).
fn code(reply: &Reply) -> String {
    reply.json()["error"]["code"].as_str().unwrap_or_default().to_string()
}

/// An online game between Ann (South) and Ben (North), Ben joined; `body`
/// gives the rest (the ruleset, a clock, ...). Its id and the two tokens.
async fn online_game(server: &Server, body: Value) -> (String, String, String) {
    online_game_between(server, body, "Ann", "Ben").await
}

/// An online game that `south` creates and `north` joins by its
/// invitation; `body` gives the rest. Its id and the two tokens.
async fn online_game_between(
    server: &Server,
    mut body: Value,
    south: &str,
    north: &str,
) -> (String, String, String) {
    body["mode"] = json!("online");
    body["name"] = json!(south);
    let (id, south, created) = create(server, body).await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let joined =
        post(server, &format!("/api/games/{id}/join"), json!({"invite": invite, "name": north}))
            .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    (id, south, joined.json()["token"].as_str().unwrap().to_string())
}

/// Opens the game's WebSocket, as a watcher.
async fn game_socket(server: &Server, id: &str) -> Socket {
    let (ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr))
            .await
            .unwrap();
    ws
}

/// Opens the game's WebSocket and names the seat of `token`.
async fn seat_socket(server: &Server, id: &str, token: &str) -> Socket {
    let mut ws = game_socket(server, id).await;
    let seat = json!({"type": "seat", "token": token}).to_string();
    ws.send(tokio_tungstenite::tungstenite::Message::Text(seat.into())).await.unwrap();
    ws
}

/// Waits (up to 5 s) until the game's state satisfies `test`.
async fn until(server: &Server, id: &str, test: impl Fn(&Value) -> bool) -> Value {
    let mut state = Value::Null;
    for _ in 0..500 {
        state = state_of(server, id).await;
        if test(&state) {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the state never got there: {state}");
}

/// Plays `letter` with the seat of `token`: accepted (200).
async fn play_move(server: &Server, id: &str, token: &str, letter: &str) -> Reply {
    let moved =
        post(server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": letter}))
            .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    moved
}

/// The next message on a socket, within 5 s.
async fn next_message(ws: &mut Socket) -> tokio_tungstenite::tungstenite::Message {
    tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap()
}

/// The `key` of each object in the array `list`.
fn each<'a>(list: &'a Value, key: &str) -> Vec<&'a str> {
    list.as_array().unwrap().iter().map(|item| item[key].as_str().unwrap()).collect()
}
