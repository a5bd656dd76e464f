//! A load test of a running `mancala-web`: many games at once, each played
//! by its own task over HTTP (one kept-alive connection per seat) and the
//! WebSocket, moves picked at random (seeded) from the state's `legal` list.
//!
//! - Games between people (mode `online`): the creator takes south, a second
//!   seat joins with the invitation, the seats move in turn; a third
//!   connection watches on the WebSocket and must see every move.
//! - Games against the computer (mode `computer`, levels from `--levels`):
//!   the person moves, then waits on the WebSocket for the computer's
//!   reply.
//!
//! Each task plays games until one of them has reached `--min-moves` moves
//! (both sides' moves, the computer's included); a game that ends sooner is
//! counted, checked and reported as a short game. Once every task is done,
//! every game's moves are read back (the API's state and, with `--database`,
//! the SQLite file itself) and must equal the moves sent and seen.
//!
//! ```sh
//! scripts/loadtest.sh     # builds, starts a server, runs this, stops it
//! cargo run --release -p mancala-web --example loadtest -- --url http://127.0.0.1:8080
//! ```
//!
//! Start the server with `--rate-limit 0`: every client here shares one
//! address, so the per-address limit would refuse most of the requests.
//! The exit status is 1 if anything went wrong (an HTTP error, an unexpected
//! status, a timeout, a missing WebSocket message, stored moves that differ).

use clap::Parser;
use futures_util::StreamExt;
use rusqlite::OpenFlags;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

mod support;

#[derive(Parser, Clone)]
#[command(name = "loadtest", about = "Plays many games at once against a running mancala-web")]
struct Args {
    /// The server, e.g. http://127.0.0.1:8080.
    #[arg(long)]
    url: String,
    /// Games between two people played at once.
    #[arg(long, default_value_t = 100)]
    people: usize,
    /// Games against the computer played at once.
    #[arg(long, default_value_t = 100)]
    computer: usize,
    /// Each task plays games until one has at least this many moves.
    #[arg(long, default_value_t = 50)]
    min_moves: usize,
    /// Games a task starts at most while looking for a long enough one.
    #[arg(long, default_value_t = 10)]
    max_games: usize,
    /// A ruleset id, or `all` to give the tasks each ruleset in turn.
    #[arg(long, default_value = "all")]
    game: String,
    /// The computer's levels, given to the computer games in turn.
    #[arg(long, value_delimiter = ',', default_value = "1,2")]
    levels: Vec<u8>,
    /// Seed of the random move choices (task i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds to wait for any one answer, WebSocket message or reply.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    /// The server's SQLite file: the stored moves are then also read from it
    /// directly, not only through the API.
    #[arg(long)]
    database: Option<PathBuf>,
    /// Seconds a person thinks before each move, uniform at random between
    /// MIN and MAX (seeded), e.g. `1-3`; each task also starts after a
    /// random delay of up to MAX. Without it, every move is sent as soon as
    /// the previous answer arrives (flat out).
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_think)]
    think: Option<(f64, f64)>,
    /// Stop after this many seconds: each task ends its game at its next
    /// move (against the computer, once the computer has replied), and the
    /// games so far are checked as usual.
    #[arg(long, value_name = "SECONDS")]
    duration: Option<f64>,
}

/// `MIN-MAX` (or one number) in seconds, for `--think`.
fn parse_think(text: &str) -> Result<(f64, f64), String> {
    let (min, max) = text.split_once('-').unwrap_or((text, text));
    let number = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n >= 0.0 && *n <= 3600.0)
            .ok_or_else(|| format!("'{s}' is not a number of seconds from 0 to 3600"))
    };
    let (min, max) = (number(min)?, number(max)?);
    if min > max {
        return Err(format!("MIN {min} is more than MAX {max}"));
    }
    Ok((min, max))
}

/// How the players pace themselves: thinking between moves, and when to
/// stop.
#[derive(Clone, Copy)]
struct Pace {
    think: Option<(f64, f64)>,
    until: Option<Instant>,
}

impl Pace {
    async fn think(&self, rng: &mut fastrand::Rng) {
        if let Some((min, max)) = self.think {
            let seconds = min + (max - min) * rng.f64();
            tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
        }
    }

    fn stopped(&self) -> bool {
        self.until.is_some_and(|until| Instant::now() >= until)
    }
}

/// A small HTTP/1.1 client on one kept-alive connection. A request that
/// fails is not retried: the load test counts it as an error.
struct Http {
    addr: String,
    conn: Option<BufReader<TcpStream>>,
    timeout: Duration,
}

impl Http {
    fn new(addr: &str, timeout: Duration) -> Http {
        Http { addr: addr.to_string(), conn: None, timeout }
    }

    async fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Value, String> {
        let what = format!("{method} {path}");
        match tokio::time::timeout(self.timeout, self.exchange(method, path, body)).await {
            Err(_) => {
                self.conn = None;
                Err(format!("{what}: no answer within {:?}", self.timeout))
            }
            Ok(Err(e)) => {
                self.conn = None;
                Err(format!("{what}: {e}"))
            }
            Ok(Ok((200, value))) => Ok(value),
            Ok(Ok((status, value))) => Err(format!("{what}: status {status}: {value}")),
        }
    }

    async fn exchange(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Value), String> {
        if self.conn.is_none() {
            let stream =
                TcpStream::connect(&self.addr).await.map_err(|e| format!("connect: {e}"))?;
            stream.set_nodelay(true).map_err(|e| e.to_string())?;
            self.conn = Some(BufReader::new(stream));
        }
        let conn = self.conn.as_mut().expect("connected above");
        let request = support::request_text(method, path, &self.addr, "", body);
        conn.get_mut().write_all(request.as_bytes()).await.map_err(|e| format!("send: {e}"))?;

        let mut line = String::new();
        conn.read_line(&mut line).await.map_err(|e| format!("read: {e}"))?;
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("not an HTTP answer: {line:?}"))?;
        let (mut length, mut chunked, mut close) = (None, false, false);
        loop {
            line.clear();
            conn.read_line(&mut line).await.map_err(|e| format!("read: {e}"))?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            let (name, value) = (name.to_ascii_lowercase(), value.trim().to_ascii_lowercase());
            match name.as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.contains("chunked"),
                "connection" => close = value == "close",
                _ => {}
            }
        }
        let mut raw = Vec::new();
        if chunked {
            loop {
                line.clear();
                conn.read_line(&mut line).await.map_err(|e| format!("read: {e}"))?;
                let size = usize::from_str_radix(line.trim(), 16)
                    .map_err(|_| format!("bad chunk size {line:?}"))?;
                let mut chunk = vec![0; size + 2];
                conn.read_exact(&mut chunk).await.map_err(|e| format!("read: {e}"))?;
                if size == 0 {
                    break;
                }
                raw.extend_from_slice(&chunk[..size]);
            }
        } else if let Some(n) = length {
            raw.resize(n, 0);
            conn.read_exact(&mut raw).await.map_err(|e| format!("read: {e}"))?;
        } else {
            conn.read_to_end(&mut raw).await.map_err(|e| format!("read: {e}"))?;
            close = true;
        }
        if close {
            self.conn = None;
        }
        let value = serde_json::from_slice(&raw).unwrap_or_else(|_| {
            Value::String(String::from_utf8_lossy(&raw).chars().take(300).collect())
        });
        Ok((status, value))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    People,
    Computer,
}

/// One game as the load test saw it.
struct GameLog {
    id: String,
    kind: Kind,
    ruleset: String,
    /// Every move of the game in order: the ones sent and, against the
    /// computer, its replies as they were seen on the WebSocket.
    moves: Vec<String>,
    /// Whether it was played to its end.
    over: bool,
}

/// What one task measured.
#[derive(Default)]
struct TaskLog {
    games: Vec<GameLog>,
    /// Seconds each move request took, from sending it to the whole answer.
    move_latency: Vec<f64>,
    /// Against the computer: seconds from the answer to the person's move
    /// until the computer's reply arrived on the WebSocket.
    reply_time: Vec<f64>,
    /// WebSocket `move` messages received by spectators and players.
    ws_moves: usize,
    /// `state` messages that stood in for moves a slow reader missed.
    ws_catch_ups: usize,
    errors: Vec<String>,
    /// Whether a game of at least `--min-moves` moves was played.
    long_enough: bool,
    /// Seconds from the start of the load test until the task was done.
    done_at: f64,
    /// Whether `--duration` ended it before it had a long enough game.
    stopped: bool,
}

struct Plan {
    kind: Kind,
    ruleset: String,
    level: u8,
    seed: u64,
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn text(value: &Value, key: &str) -> Result<String, String> {
    value[key].as_str().map(str::to_string).ok_or_else(|| format!("no '{key}' in {value}"))
}

/// The moves a watcher knows of: a `move` message adds one, a `state`
/// message (sent first, and instead of moves a slow reader missed) gives
/// them all.
struct Watched {
    moves: Vec<String>,
    state: Value,
    move_messages: usize,
    catch_ups: usize,
}

impl Watched {
    fn new() -> Watched {
        Watched { moves: Vec::new(), state: Value::Null, move_messages: 0, catch_ups: 0 }
    }

    fn take(&mut self, message: Message) -> Result<(), String> {
        let Message::Text(text) = message else { return Ok(()) };
        let value: Value =
            serde_json::from_str(&text).map_err(|e| format!("WebSocket message not JSON: {e}"))?;
        match value["type"].as_str() {
            Some("move") => {
                let letter = value["move"]["move"]
                    .as_str()
                    .ok_or_else(|| format!("move message without its move: {value}"))?;
                self.moves.push(letter.to_string());
                self.move_messages += 1;
            }
            Some("state") => {
                let moves = strings(&value["state"]["moves"]);
                if moves.len() > self.moves.len() && self.state != Value::Null {
                    self.catch_ups += 1;
                }
                self.moves = moves;
            }
            _ => return Err(format!("unexpected WebSocket message: {value}")),
        }
        self.state = value["state"].clone();
        Ok(())
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn next_message(ws: &mut Socket, timeout: Duration) -> Result<Message, String> {
    match tokio::time::timeout(timeout, ws.next()).await {
        Err(_) => Err(format!("no WebSocket message within {timeout:?}")),
        Ok(None) => Err("the WebSocket closed".into()),
        Ok(Some(Err(e))) => Err(format!("WebSocket: {e}")),
        Ok(Some(Ok(m))) => Ok(m),
    }
}

async fn watch(addr: &str, id: &str, timeout: Duration) -> Result<Socket, String> {
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (ws, _) = tokio::time::timeout(timeout, tokio_tungstenite::connect_async(&url))
        .await
        .map_err(|_| format!("{url}: no WebSocket within {timeout:?}"))?
        .map_err(|e| format!("{url}: {e}"))?;
    Ok(ws)
}

/// Picks one of `state`'s legal moves at random, or says that there is none
/// although the game is not over.
fn random_move(state: &Value, rng: &mut fastrand::Rng, id: &str) -> Result<String, String> {
    let legal = strings(&state["legal"]);
    if legal.is_empty() {
        return Err(format!("game {id}: no legal move and not over: {state}"));
    }
    Ok(legal[rng.usize(..legal.len())].clone())
}

/// Sends the move `pick` with the seat's `token`, adds its latency to `task`
/// and the move to `game`, and checks that the answer reports it and all the
/// moves sent so far; returns the game's new state.
async fn send_move(
    http: &mut Http,
    token: &str,
    pick: String,
    task: &mut TaskLog,
    game: &mut GameLog,
) -> Result<Value, String> {
    let id = &game.id;
    let path = format!("/api/games/{id}/moves");
    let body = json!({"token": token, "move": pick});
    let started = Instant::now();
    let answer = http.call("POST", &path, Some(&body)).await?;
    task.move_latency.push(started.elapsed().as_secs_f64());
    game.moves.push(pick.clone());
    if answer["move"]["move"] != json!(pick) {
        return Err(format!("game {id}: sent {pick}, the answer reports {}", answer["move"]));
    }
    let state = answer["state"].clone();
    if strings(&state["moves"]) != game.moves {
        return Err(format!("game {id}: the answer's moves differ from the moves sent"));
    }
    Ok(state)
}

/// One task's player: the server, what it plays, its random choices, its
/// log, and how long it waits for answers and thinks.
struct Player {
    addr: String,
    plan: Plan,
    rng: fastrand::Rng,
    log: TaskLog,
    timeout: Duration,
    pace: Pace,
}

/// Plays one game between two people; `game.moves` holds what was sent even
/// when it fails halfway.
async fn people_game(player: &mut Player, game: &mut GameLog) -> Result<(), String> {
    let Player { ref addr, ref plan, ref mut rng, log: ref mut task, timeout, pace } = *player;
    let mut south = Http::new(addr, timeout);
    let mut north = Http::new(addr, timeout);
    let body = json!({"game": plan.ruleset, "mode": "online", "name": "Load South"});
    let created = south.call("POST", "/api/games", Some(&body)).await?;
    game.id = text(&created, "id")?;
    let id = game.id.clone();
    let creator_side = text(&created, "side")?;
    let invite_url = text(&created, "invite_url")?;
    let code = invite_url.split("invite=").nth(1).ok_or("no invitation code")?.to_string();
    // The spectator connects before the second seat joins, so it sees
    // everything from the first move on.
    let mut ws = watch(addr, &id, timeout).await?;
    let body = json!({"invite": code, "name": "Load North"});
    let joined = north.call("POST", &format!("/api/games/{id}/join"), Some(&body)).await?;
    let mut tokens = [
        (creator_side, text(&created, "token")?),
        (text(&joined, "side")?, text(&joined, "token")?),
    ];
    if tokens[0].0 != "south" {
        tokens.swap(0, 1);
    }
    // Once the players stop (`--duration`), how many moves the spectator
    // must have seen.
    let (stop, mut stop_at) = tokio::sync::watch::channel(None::<usize>);
    let spectator = tokio::spawn(async move {
        let mut watched = Watched::new();
        loop {
            let seen_all = stop_at.borrow().is_some_and(|n| watched.moves.len() >= n);
            if watched.state["over"] == json!(true) || seen_all {
                let _ = ws.close(None).await;
                return Ok::<Watched, String>(watched);
            }
            tokio::select! {
                message = next_message(&mut ws, timeout) => watched.take(message?)?,
                changed = stop_at.changed() => {
                    changed.map_err(|_| "the players went away".to_string())?;
                }
            }
        }
    });
    let mut state = joined["state"].clone();
    while state["over"] != json!(true) {
        pace.think(rng).await;
        if pace.stopped() {
            break;
        }
        let pick = random_move(&state, rng, &id)?;
        let (seat, token) = match state["to_move"].as_str() {
            Some("south") => (&mut south, &tokens[0].1),
            Some("north") => (&mut north, &tokens[1].1),
            _ => return Err(format!("game {id}: nobody to move: {state}")),
        };
        state = send_move(seat, token, pick, task, game).await?;
    }
    game.over = state["over"] == json!(true);
    let _ = stop.send(Some(game.moves.len()));
    let watched = spectator.await.map_err(|e| format!("game {id}: spectator task: {e}"))?;
    let watched = watched.map_err(|e| format!("game {id}: spectator: {e}"))?;
    task.ws_moves += watched.move_messages;
    task.ws_catch_ups += watched.catch_ups;
    if watched.moves != game.moves {
        return Err(format!(
            "game {id}: the spectator saw {} moves, {} were played",
            watched.moves.len(),
            game.moves.len()
        ));
    }
    Ok(())
}

/// Plays one game against the computer, the person in the south seat.
async fn computer_game(player: &mut Player, game: &mut GameLog) -> Result<(), String> {
    let Player { ref addr, ref plan, ref mut rng, log: ref mut task, timeout, pace } = *player;
    let mut http = Http::new(addr, timeout);
    let body = json!({"game": plan.ruleset, "mode": "computer", "level": plan.level,
                      "name": "Load", "side": "south"});
    let created = http.call("POST", "/api/games", Some(&body)).await?;
    game.id = text(&created, "id")?;
    let id = game.id.clone();
    let me = text(&created, "side")?;
    let token = text(&created, "token")?;
    let mut ws = watch(addr, &id, timeout).await?;
    let mut watched = Watched::new();
    let mut state = created["state"].clone();
    // When the person's last answer came, to time the computer's reply.
    let mut answered: Option<Instant> = None;
    loop {
        if state["over"] == json!(true) {
            break;
        }
        if state["to_move"] == json!(me) {
            pace.think(rng).await;
            if pace.stopped() {
                break;
            }
            let pick = random_move(&state, rng, &id)?;
            state = send_move(&mut http, &token, pick, task, game).await?;
            answered = Some(Instant::now());
            continue;
        }
        // The computer's turn: read the WebSocket (which also carries the
        // person's own moves) until it has moved and it is our turn again,
        // or the game is over.
        loop {
            let message = next_message(&mut ws, timeout)
                .await
                .map_err(|e| format!("game {id}: waiting for the computer: {e}"))?;
            watched.take(message).map_err(|e| format!("game {id}: {e}"))?;
            let known = game.moves.len();
            if watched.moves.len() > known
                && (watched.state["over"] == json!(true) || watched.state["to_move"] == json!(me))
            {
                break;
            }
        }
        if let Some(at) = answered.take() {
            task.reply_time.push(at.elapsed().as_secs_f64());
        }
        let known = game.moves.len();
        if watched.moves[..known] != game.moves[..] {
            return Err(format!("game {id}: the WebSocket's moves differ from the moves sent"));
        }
        game.moves.extend_from_slice(&watched.moves[known..]);
        state = watched.state.clone();
    }
    game.over = state["over"] == json!(true);
    let _ = ws.close(None).await;
    task.ws_moves += watched.move_messages;
    task.ws_catch_ups += watched.catch_ups;
    Ok(())
}

async fn run_task(addr: String, plan: Plan, args: Args, pace: Pace) -> TaskLog {
    let timeout = Duration::from_secs(args.timeout);
    let rng = fastrand::Rng::with_seed(plan.seed);
    let mut player = Player { addr, plan, rng, log: TaskLog::default(), timeout, pace };
    if let Some((_, max)) = pace.think {
        // Players arrive over a few seconds, not all in the same instant.
        tokio::time::sleep(Duration::from_secs_f64(max * player.rng.f64())).await;
    }
    for _ in 0..args.max_games {
        if pace.stopped() {
            player.log.stopped = true;
            return player.log;
        }
        let mut game = GameLog {
            id: String::new(),
            kind: player.plan.kind,
            ruleset: player.plan.ruleset.clone(),
            moves: Vec::new(),
            over: false,
        };
        let played = match player.plan.kind {
            Kind::People => people_game(&mut player, &mut game).await,
            Kind::Computer => computer_game(&mut player, &mut game).await,
        };
        let task = &mut player.log;
        let long_enough = game.moves.len() >= args.min_moves;
        if !game.id.is_empty() {
            task.games.push(game);
        }
        if let Err(e) = played {
            task.errors.push(e);
            // One failure is enough to report; more from the same task would
            // only repeat it.
            return player.log;
        }
        if long_enough {
            task.long_enough = true;
            return player.log;
        }
        if !task.games.last().is_some_and(|g| g.over) {
            // Stopped by --duration in the middle of the game.
            task.stopped = true;
            return player.log;
        }
    }
    player.log
}

/// The value below which `p` percent of the sorted samples lie (nearest
/// rank).
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn summary(name: &str, samples: &mut [f64]) {
    samples.sort_by(f64::total_cmp);
    let ms = |s: f64| s * 1000.0;
    println!(
        "{name:<34} n={:<6} p50 {:7.1} ms  p90 {:7.1} ms  p99 {:7.1} ms  max {:7.1} ms",
        samples.len(),
        ms(percentile(samples, 50.0)),
        ms(percentile(samples, 90.0)),
        ms(percentile(samples, 99.0)),
        ms(samples.last().copied().unwrap_or(f64::NAN)),
    );
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Reads every game's moves back through the API and, if given, from the
/// SQLite file; returns the errors.
async fn check_stored(addr: &str, args: &Args, games: &[&GameLog]) -> Vec<String> {
    let mut errors = Vec::new();
    let timeout = Duration::from_secs(args.timeout);
    let mut http = Http::new(addr, timeout);
    for game in games {
        match http.call("GET", &format!("/api/games/{}", game.id), None).await {
            Ok(state) => {
                let moves = strings(&state["moves"]);
                if moves != game.moves {
                    errors.push(format!(
                        "game {}: the API holds {} moves, {} were played (or differ)",
                        game.id,
                        moves.len(),
                        game.moves.len()
                    ));
                }
                if game.over && state["over"] != json!(true) {
                    errors.push(format!("game {}: over for the players, not for the API", game.id));
                }
            }
            Err(e) => errors.push(e),
        }
    }
    let Some(path) = &args.database else { return errors };
    let conn = match rusqlite::Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY) {
        Ok(conn) => conn,
        Err(e) => {
            errors.push(format!("{}: {e}", path.display()));
            return errors;
        }
    };
    let stored = |id: &str| -> rusqlite::Result<(Vec<String>, String)> {
        let mut stmt = conn.prepare("SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let moves =
            stmt.query_map([id], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
        let status =
            conn.query_row("SELECT status FROM games WHERE id = ?1", [id], |r| r.get(0))?;
        Ok((moves, status))
    };
    for game in games {
        match stored(&game.id) {
            Ok((moves, status)) => {
                if moves != game.moves {
                    errors.push(format!(
                        "game {}: the database holds {} moves, {} were played (or differ)",
                        game.id,
                        moves.len(),
                        game.moves.len()
                    ));
                }
                if game.over && status != "finished" {
                    errors.push(format!("game {}: over but stored as '{status}'", game.id));
                }
            }
            Err(e) => errors.push(format!("game {}: database: {e}", game.id)),
        }
    }
    errors
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let addr = args.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    if addr.contains('/') || addr.is_empty() {
        eprintln!("error: --url must be http://HOST:PORT, not {}", args.url);
        return ExitCode::FAILURE;
    }
    let rulesets: Vec<String> = if args.game == "all" {
        mancala_rules::RULESETS.iter().map(|r| r.id.to_string()).collect()
    } else {
        match mancala_rules::ruleset(&args.game) {
            Ok(r) => vec![r.id.to_string()],
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    if args.levels.is_empty() || args.levels.iter().any(|l| !(1..=8).contains(l)) {
        eprintln!("error: --levels must list levels from 1 to 8");
        return ExitCode::FAILURE;
    }
    if args.max_games == 0 {
        eprintln!("error: --max-games must be at least 1");
        return ExitCode::FAILURE;
    }
    println!(
        "load test of {}: {} games between people and {} against the computer (levels {:?}) \
         at once, rulesets {}, each task playing until one game has >= {} moves (at most {} games), seed {}",
        args.url,
        args.people,
        args.computer,
        args.levels,
        rulesets.join(" "),
        args.min_moves,
        args.max_games,
        args.seed
    );
    match args.think {
        Some((min, max)) => println!(
            "pace: each person thinks {min}-{max} s (uniform, seeded) before each move; \
             tasks start over the first {max} s"
        ),
        None => println!("pace: flat out (each move sent as soon as the previous answer came)"),
    }
    if let Some(seconds) = args.duration {
        println!("duration: the players stop after {seconds} s, at their next move");
    }
    let load_before = load_average();
    let started = Instant::now();
    let pace = Pace {
        think: args.think,
        until: args.duration.map(|s| started + Duration::from_secs_f64(s)),
    };
    let mut handles = Vec::new();
    for i in 0..args.people + args.computer {
        let kind = if i < args.people { Kind::People } else { Kind::Computer };
        let plan = Plan {
            kind,
            ruleset: rulesets[i % rulesets.len()].clone(),
            level: args.levels[i % args.levels.len()],
            seed: args.seed.wrapping_add(i as u64),
        };
        let args = args.clone();
        let addr = addr.clone();
        handles.push(tokio::spawn(async move {
            let mut task = run_task(addr, plan, args, pace).await;
            task.done_at = started.elapsed().as_secs_f64();
            task
        }));
    }
    let mut tasks = Vec::new();
    for handle in handles {
        match handle.await {
            Ok(task) => tasks.push(task),
            Err(e) => {
                let mut task = TaskLog::default();
                task.errors.push(format!("a task panicked: {e}"));
                tasks.push(task);
            }
        }
    }
    let wall = started.elapsed().as_secs_f64();
    let load_after = load_average();

    let games: Vec<&GameLog> = tasks.iter().flat_map(|t| &t.games).collect();
    let checked = Instant::now();
    let stored_errors = check_stored(&addr, &args, &games).await;
    let check_seconds = checked.elapsed().as_secs_f64();

    let mut errors: Vec<String> = tasks.iter().flat_map(|t| t.errors.clone()).collect();
    let short_tasks =
        tasks.iter().filter(|t| t.errors.is_empty() && !t.long_enough && !t.stopped).count();
    if short_tasks > 0 {
        errors.push(format!(
            "{short_tasks} tasks played {} games without one of >= {} moves",
            args.max_games, args.min_moves
        ));
    }
    errors.extend(stored_errors);

    let mut people_latency: Vec<f64> = Vec::new();
    let mut computer_latency: Vec<f64> = Vec::new();
    let mut reply: Vec<f64> = Vec::new();
    for (i, task) in tasks.iter().enumerate() {
        if i < args.people {
            people_latency.extend(&task.move_latency);
        } else {
            computer_latency.extend(&task.move_latency);
        }
        reply.extend(&task.reply_time);
    }
    let all_moves: usize = games.iter().map(|g| g.moves.len()).sum();
    let sent = people_latency.len() + computer_latency.len();
    let ws_moves: usize = tasks.iter().map(|t| t.ws_moves).sum();
    let catch_ups: usize = tasks.iter().map(|t| t.ws_catch_ups).sum();
    let long = games.iter().filter(|g| g.moves.len() >= args.min_moves).count();
    let finished = games.iter().filter(|g| g.over).count();
    let mut lengths: Vec<f64> = games.iter().map(|g| g.moves.len() as f64).collect();
    lengths.sort_by(f64::total_cmp);

    println!("wall time                          {wall:.1} s (then {check_seconds:.1} s to read every game back)");
    println!("load average (1, 5, 15 min)        before {load_before}, after {load_after}");
    let mut done: Vec<f64> = tasks.iter().map(|t| t.done_at).collect();
    done.sort_by(f64::total_cmp);
    println!(
        "tasks playing at once              all {} until {:.1} s (the first one done), half until {:.1} s",
        tasks.len(),
        done.first().copied().unwrap_or(0.0),
        percentile(&done, 50.0)
    );
    println!(
        "games                              {} ({} between people, {} against the computer), {} played to the end, \
         {} stopped by --duration",
        games.len(),
        games.iter().filter(|g| g.kind == Kind::People).count(),
        games.iter().filter(|g| g.kind == Kind::Computer).count(),
        finished,
        games.len() - finished
    );
    println!(
        "games of >= {} moves                {long} (and {} shorter ones, which ended first; \
         their tasks then started another)",
        args.min_moves,
        games.len() - long
    );
    println!(
        "moves per game                     min {} p50 {} max {}",
        lengths.first().copied().unwrap_or(0.0),
        percentile(&lengths, 50.0),
        lengths.last().copied().unwrap_or(0.0)
    );
    let mut by_ruleset: Vec<String> = Vec::new();
    for id in &rulesets {
        let of: Vec<&&GameLog> = games.iter().filter(|g| &g.ruleset == id).collect();
        if !of.is_empty() {
            let moves: usize = of.iter().map(|g| g.moves.len()).sum();
            by_ruleset.push(format!(
                "{id} {} games {:.0} moves",
                of.len(),
                moves as f64 / of.len() as f64
            ));
        }
    }
    println!("mean length per ruleset            {}", by_ruleset.join(", "));
    println!(
        "moves                              {all_moves} in all: {sent} sent by people ({} in games between \
         people, {} against the computer), {} by the computer",
        people_latency.len(),
        computer_latency.len(),
        all_moves - sent
    );
    println!(
        "throughput                         {:.0} moves/s ({:.0} move requests/s)",
        all_moves as f64 / wall,
        sent as f64 / wall
    );
    println!(
        "WebSocket                          {ws_moves} move messages received; {catch_ups} times a state \
         message stood in for missed moves"
    );
    let mut all_latency: Vec<f64> =
        people_latency.iter().chain(&computer_latency).copied().collect();
    summary("move request (round trip), all", &mut all_latency);
    summary("move request, people vs people", &mut people_latency);
    summary("move request, vs the computer", &mut computer_latency);
    summary("computer's reply seen (WebSocket)", &mut reply);
    println!(
        "stored moves checked               {} games through GET /api/games/ID{}",
        games.len(),
        if args.database.is_some() { " and in the SQLite file" } else { "" }
    );
    println!("errors                             {}", errors.len());
    for e in errors.iter().take(20) {
        println!("  {e}");
    }
    if errors.len() > 20 {
        println!("  ... and {} more", errors.len() - 20);
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
