//! The lobby's load test, against a running `mancala-web`: many players ask
//! for a quick pairing at once and each measures the time until the lobby
//! tells it its game (from sending `POST /api/lobby/quick` to the `paired`
//! message on its lobby socket, or the answer itself for the player who
//! completes a pair).
//!
//! Each player is an account made directly in the server's SQLite file
//! (`--database`; no password hashing, which would only measure Argon2),
//! with a session and a rating drawn around 1500 (so that the rating
//! windows have to widen for some), and opens the lobby's WebSocket first.
//! Once every socket is open, all of them ask at once, spread over the
//! given pools. Checked: every player is paired exactly once, each game has
//! two different players on opposite seats, and the game exists on the
//! server. The exit status is 1 on any error.
//!
//! ```sh
//! scripts/lobby-loadtest.sh              # builds, starts a server, runs this
//! ```

use clap::Parser;
use futures_util::StreamExt;
use mancala_web::store::{NewSession, PlayerRow, RatingRow};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Clone)]
#[command(name = "lobby_loadtest", about = "Many players pair through the lobby at once")]
struct Args {
    /// The server, e.g. http://127.0.0.1:8080.
    #[arg(long)]
    url: String,
    /// The server's SQLite file, where the players' accounts are made.
    #[arg(long)]
    database: PathBuf,
    #[arg(long, default_value_t = 500)]
    players: usize,
    /// Quick-pairing settings, `RULESET:SECONDS+INCREMENT`, given to the
    /// players in turn.
    #[arg(long, default_value = "wahree:300+3,oware-abapa:300+3")]
    pools: String,
    /// The spread of the players' ratings around 1500 (uniform, +-).
    #[arg(long, default_value_t = 400.0)]
    spread: f64,
    /// How long a player waits for its game before it counts as an error.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
}

/// One HTTP/1.1 request on a fresh connection: the status and the body.
async fn http(
    addr: &str,
    method: &str,
    path: &str,
    cookie: &str,
    body: &Value,
) -> Result<(u16, String), String> {
    let mut stream = TcpStream::connect(addr).await.map_err(|e| format!("connect: {e}"))?;
    let body = if body.is_null() { String::new() } else { body.to_string() };
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nCookie: {cookie}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.map_err(|e| format!("write: {e}"))?;
    stream.write_all(body.as_bytes()).await.map_err(|e| format!("write: {e}"))?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(|e| format!("read: {e}"))?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").ok_or("no HTTP answer")?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    Ok((status, rest.to_string()))
}

/// What one player saw.
struct Outcome {
    /// Seconds from asking to being paired.
    waited: f64,
    game: String,
    side: String,
    rating: f64,
}

async fn player(
    addr: String,
    cookie: String,
    pool: (String, u32, u32),
    rating: f64,
    start: Arc<tokio::sync::Barrier>,
    timeout: Duration,
) -> Result<Outcome, String> {
    let mut request =
        format!("ws://{addr}/api/lobby/ws").into_client_request().map_err(|e| e.to_string())?;
    request.headers_mut().insert("Cookie", cookie.parse().map_err(|_| "bad cookie")?);
    let (mut ws, _) =
        tokio_tungstenite::connect_async(request).await.map_err(|e| format!("socket: {e}"))?;
    // The first message: everything open in the lobby.
    ws.next().await.ok_or("the socket closed at once")?.map_err(|e| e.to_string())?;
    start.wait().await;
    let asked = Instant::now();
    let body = json!({"game": pool.0, "clock_seconds": pool.1, "increment_seconds": pool.2});
    let (status, text) = http(&addr, "POST", "/api/lobby/quick", &cookie, &body)
        .await
        .map_err(|e| format!("{e} (after {:.0} s)", asked.elapsed().as_secs_f64()))?;
    if status != 200 {
        return Err(format!("quick pairing answered {status}: {text}"));
    }
    let answer: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let seat = if answer["paired"].is_object() {
        answer["paired"].clone()
    } else {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let message = tokio::time::timeout_at(deadline, ws.next())
                .await
                .map_err(|_| format!("not paired within {} s", timeout.as_secs()))?
                .ok_or("the socket closed")?
                .map_err(|e| e.to_string())?;
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
                if value["type"] == "paired" {
                    break value;
                }
                if value["type"] == "pairing_failed" {
                    return Err("the server could not start the game".into());
                }
            }
        }
    };
    let waited = asked.elapsed().as_secs_f64();
    let _ = ws.close(None).await;
    Ok(Outcome {
        waited,
        game: seat["id"].as_str().unwrap_or_default().to_string(),
        side: seat["side"].as_str().unwrap_or_default().to_string(),
        rating,
    })
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p / 100.0 * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let addr = args.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let pools: Vec<(String, u32, u32)> = args
        .pools
        .split(',')
        .map(|p| {
            let (game, clock) = p.split_once(':').expect("RULESET:SECONDS+INCREMENT");
            let (seconds, increment) = clock.split_once('+').expect("SECONDS+INCREMENT");
            (game.to_string(), seconds.parse().unwrap(), increment.parse().unwrap())
        })
        .collect();

    // The players: accounts with sessions and ratings, made in the file.
    let url = format!("sqlite://{}", args.database.display());
    let mut rng = fastrand::Rng::with_seed(12);
    let players: Vec<(String, (String, u32, u32), f64)> = (0..args.players)
        .map(|i| {
            let rating = 1500.0 + (rng.f64() * 2.0 - 1.0) * args.spread;
            (format!("lt{i}-{:08x}", rng.u32(..)), pools[i % pools.len()].clone(), rating)
        })
        .collect();
    let made = Instant::now();
    let cookies: Vec<String> = {
        let store = mancala_web::open_store(&url).expect("the server's database");
        let now =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
                as i64;
        players
            .iter()
            .map(|(name, pool, rating)| {
                let id = format!("id-{name}");
                let player = PlayerRow {
                    id: id.clone(),
                    name: name.clone(),
                    password: String::new(),
                    created: now,
                    deleted: false,
                };
                assert!(store.create_player(&player).unwrap(), "a fresh name");
                let token = format!("{:032x}", fastrand::u128(..));
                let hash: String =
                    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
                assert!(store
                    .create_session(NewSession {
                        token_hash: &hash,
                        player: &id,
                        password: "",
                        created: now
                    })
                    .unwrap());
                let row = RatingRow {
                    ruleset: pool.0.clone(),
                    rating: *rating,
                    deviation: 80.0,
                    volatility: 0.06,
                    games: 20,
                    won: 10,
                    drawn: 0,
                    lost: 10,
                    rated: now,
                };
                store.save_rating(&id, &row).unwrap();
                format!("mancala_session={token}")
            })
            .collect()
    };
    println!(
        "{} players made in {:.1} s (accounts, sessions, ratings 1500 +- {})",
        players.len(),
        made.elapsed().as_secs_f64(),
        args.spread
    );

    let start = Arc::new(tokio::sync::Barrier::new(players.len()));
    let began = Instant::now();
    let tasks: Vec<_> = players
        .iter()
        .zip(&cookies)
        .map(|((_, pool, rating), cookie)| {
            tokio::spawn(player(
                addr.clone(),
                cookie.clone(),
                pool.clone(),
                *rating,
                start.clone(),
                Duration::from_secs(args.timeout),
            ))
        })
        .collect();
    let mut outcomes = Vec::new();
    let mut errors: HashMap<String, usize> = HashMap::new();
    for task in tasks {
        match task.await {
            Ok(Ok(outcome)) => outcomes.push(outcome),
            Ok(Err(e)) => *errors.entry(e).or_default() += 1,
            Err(e) => *errors.entry(format!("task: {e}")).or_default() += 1,
        }
    }
    let total = began.elapsed().as_secs_f64();

    // Every game: two players, opposite seats, and the server knows it.
    let mut games: HashMap<&str, Vec<&Outcome>> = HashMap::new();
    for o in &outcomes {
        games.entry(&o.game).or_default().push(o);
    }
    let mut gaps = Vec::new();
    for (id, seats) in &games {
        let sides: Vec<&str> = seats.iter().map(|o| o.side.as_str()).collect();
        if seats.len() != 2 || !(sides.contains(&"south") && sides.contains(&"north")) {
            *errors.entry(format!("game {id} has seats {sides:?}")).or_default() += 1;
            continue;
        }
        gaps.push((seats[0].rating - seats[1].rating).abs());
        match http(&addr, "GET", &format!("/api/games/{id}"), "", &Value::Null).await {
            Ok((200, _)) => {}
            other => {
                *errors.entry(format!("game {id} not on the server: {other:?}")).or_default() += 1
            }
        }
    }
    let mut waits: Vec<f64> = outcomes.iter().map(|o| o.waited).collect();
    waits.sort_by(f64::total_cmp);
    gaps.sort_by(f64::total_cmp);
    println!(
        "{} players paired into {} games in {:.2} s; pools {}",
        outcomes.len(),
        games.len(),
        total,
        args.pools
    );
    println!(
        "time to be paired: p50 {:.3} s, p90 {:.3} s, p99 {:.3} s, max {:.3} s",
        percentile(&waits, 50.0),
        percentile(&waits, 90.0),
        percentile(&waits, 99.0),
        percentile(&waits, 100.0)
    );
    println!(
        "rating gap within a pair: p50 {:.0}, p90 {:.0}, max {:.0}",
        percentile(&gaps, 50.0),
        percentile(&gaps, 90.0),
        percentile(&gaps, 100.0)
    );
    let count: usize = errors.values().sum();
    println!("errors: {count}");
    for (e, n) in &errors {
        println!("  {n} x {e}");
    }
    if count == 0 && outcomes.len() == players.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
