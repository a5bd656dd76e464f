//! The flood of issue 11, against a running `mancala-web`: one address
//! plays `--flood` games against the computer at `--flood-level` (8: a
//! second's search a move) as fast as the computer answers, while another
//! address plays one game at `--level` (1) and times each of the computer's
//! replies (from sending its move to seeing the reply in the game's state).
//! Prints the replies' p50, p90 and max.
//!
//! The two clients are told apart the way the server tells clients apart,
//! by the connection's address: the flood's sockets are bound to 127.0.0.2
//! and the player's to 127.0.0.3 (Linux routes all of 127.0.0.0/8 to the
//! loopback interface), so the server must listen on 127.0.0.1 (or
//! 0.0.0.0). Start it with `--rate-limit 0` and a
//! `--games-per-address-per-hour` of at least `--flood`.
//!
//! ```sh
//! scripts/flood.sh        # builds, starts a server, runs this, stops it
//! ```
//!
//! With `--hints N` the flood address also keeps N hint requests open at
//! once in a game at one screen (each refused one is asked again after
//! 50 ms).

use clap::Parser;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

mod support;

#[derive(Parser, Clone)]
#[command(name = "flood", about = "One address floods the computer; another's replies are timed")]
struct Args {
    /// The server's address, e.g. 127.0.0.1:8080.
    #[arg(long)]
    addr: SocketAddr,
    /// Games the flood plays at once against the computer.
    #[arg(long, default_value_t = 60)]
    flood: usize,
    /// The flood's level.
    #[arg(long, default_value_t = 8)]
    flood_level: u8,
    /// Hint requests the flood keeps open at once (0: none).
    #[arg(long, default_value_t = 0)]
    hints: usize,
    /// The measured player's level.
    #[arg(long, default_value_t = 1)]
    level: u8,
    /// The computer's replies timed.
    #[arg(long, default_value_t = 20)]
    replies: usize,
    /// Seconds the flood runs before the measurement starts.
    #[arg(long, default_value_t = 3)]
    warmup: u64,
    #[arg(long, default_value = "oware-abapa")]
    game: String,
}

const FLOOD_FROM: &str = "127.0.0.2";
const PLAYER_FROM: &str = "127.0.0.3";

/// One request on a new connection from `from`: the status and the JSON.
async fn request(
    addr: SocketAddr,
    from: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket.bind(SocketAddr::new(from.parse().unwrap(), 0)).map_err(|e| e.to_string())?;
    let mut stream = socket.connect(addr).await.map_err(|e| format!("connect: {e}"))?;
    let head =
        support::request_text(method, path, &addr.to_string(), "Connection: close\r\n", body);
    stream.write_all(head.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text.split_once("\r\n\r\n").ok_or("no answer")?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        let mut out = String::new();
        let mut text = rest;
        while let Some((size, more)) = text.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 || more.len() < n + 2 {
                break;
            }
            out.push_str(&more[..n]);
            text = &more[n + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    Ok((status, serde_json::from_str(&body).unwrap_or(Value::Null)))
}

/// Creates a game; returns its id, token and side.
async fn create(args: &Args, from: &str, body: Value) -> Result<(String, String), String> {
    let (status, created) = request(args.addr, from, "POST", "/api/games", Some(&body)).await?;
    if status != 200 {
        return Err(format!("creating a game: {status} {created}"));
    }
    Ok((
        created["id"].as_str().unwrap_or("").into(),
        created["token"].as_str().unwrap_or("").into(),
    ))
}

/// One flood game: plays a random legal move whenever it is the person's
/// turn, a new game when one ends.
async fn flood_game(args: Args, seed: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    loop {
        let body = json!({"game": args.game, "mode": "computer", "level": args.flood_level, "side": "north"});
        let Ok((id, token)) = create(&args, FLOOD_FROM, body).await else {
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let Ok((_, state)) =
                request(args.addr, FLOOD_FROM, "GET", &format!("/api/games/{id}"), None).await
            else {
                continue;
            };
            if state["over"] == true {
                break;
            }
            if state["to_move"] != "north" {
                continue;
            }
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let pit = legal[rng.usize(..legal.len())].clone();
            let body = json!({"token": token, "move": pit});
            let _ = request(
                args.addr,
                FLOOD_FROM,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&body),
            )
            .await;
        }
    }
}

/// Keeps asking for hints in a game at one screen.
async fn hint_flood(args: Args) {
    let body = json!({"game": "anywoli", "mode": "local"});
    let Ok((id, token)) = create(&args, FLOOD_FROM, body).await else { return };
    let body = json!({"token": token});
    loop {
        match request(args.addr, FLOOD_FROM, "POST", &format!("/api/games/{id}/hint"), Some(&body))
            .await
        {
            Ok((200, _)) => {}
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    for n in 0..args.flood {
        tokio::spawn(flood_game(args.clone(), n as u64));
    }
    for _ in 0..args.hints {
        tokio::spawn(hint_flood(args.clone()));
    }
    tokio::time::sleep(Duration::from_secs(args.warmup)).await;
    let mut times = Vec::new();
    let mut rng = fastrand::Rng::with_seed(7);
    'games: while times.len() < args.replies {
        let body = json!({"game": args.game, "mode": "computer", "level": args.level});
        let (id, token) = match create(&args, PLAYER_FROM, body).await {
            Ok(created) => created,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let path = format!("/api/games/{id}");
        while times.len() < args.replies {
            let Ok((_, state)) = request(args.addr, PLAYER_FROM, "GET", &path, None).await else {
                continue;
            };
            if state["over"] == true {
                continue 'games;
            }
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            let pit = legal[rng.usize(..legal.len())].clone();
            let started = Instant::now();
            let body = json!({"token": token, "move": pit});
            match request(args.addr, PLAYER_FROM, "POST", &format!("{path}/moves"), Some(&body))
                .await
            {
                Ok((200, answer)) if answer["state"]["to_move"] != "north" => continue,
                Ok((200, _)) => {}
                other => {
                    eprintln!("error: a move was refused: {other:?}");
                    return ExitCode::FAILURE;
                }
            }
            loop {
                tokio::time::sleep(Duration::from_millis(5)).await;
                let Ok((_, state)) = request(args.addr, PLAYER_FROM, "GET", &path, None).await
                else {
                    continue;
                };
                if state["to_move"] != "north" {
                    times.push(started.elapsed());
                    break;
                }
                if started.elapsed() > Duration::from_secs(300) {
                    eprintln!("error: no reply within 300 s");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    times.sort();
    println!(
        "flood: {} level-{} games from {FLOOD_FROM}{}; measured: {} level-{} replies to {PLAYER_FROM}",
        args.flood,
        args.flood_level,
        if args.hints > 0 { format!(" and {} hint requests open at once", args.hints) } else { String::new() },
        times.len(),
        args.level,
    );
    println!(
        "level-{} reply: p50 {:.3} s, p90 {:.3} s, max {:.3} s",
        args.level,
        percentile(&times, 0.5).as_secs_f64(),
        percentile(&times, 0.9).as_secs_f64(),
        times.last().map_or(0.0, Duration::as_secs_f64),
    );
    ExitCode::SUCCESS
}
