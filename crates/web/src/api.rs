//! The HTTP/JSON API and the WebSocket.
//!
//! Every error is JSON, `{"error": {"code": ..., "message": ...}}`, with the
//! HTTP status that fits (400 malformed, 403 not your seat, 404 unknown game,
//! 409 not now, 413 too large, 429 too many), and a refused request changes
//! nothing.

use crate::live::{
    new_game, now_ms, parse_side, report_json, side_name, winner_text, Live, MatchState, NoClaim,
};
use crate::store::{Clock, GameRow, MatchRow, StoreError, StoredGame, StoredReview};
use crate::Shared;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use mancala_ai::analysis::{self, for_side};
use mancala_ai::{Limits, Player, PlayerSpec, Score, Searcher};
use mancala_rules::{ruleset, Ending, Game, Pit, Record, Ruleset, Side};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::Mutex;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/offer", post(offer))
        .route("/api/games/{id}/accept", post(accept))
        .route("/api/games/{id}/decline", post(decline))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/review", get(review))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/ws", get(websocket))
        .route("/api/records", post(upload))
}

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: Value,
}

pub fn error(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
    ApiError { status, body: json!({ "error": { "code": code, "message": message.into() } }) }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        error(StatusCode::INTERNAL_SERVER_ERROR, "storage", e.to_string())
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

/// A JSON body whose errors are JSON too: 413 past the body limit, 400 for
/// anything that is not the expected JSON.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "body_too_large",
                    format!("the request body is larger than {} bytes", crate::BODY_LIMIT),
                )
            } else {
                error(StatusCode::BAD_REQUEST, "bad_body", rejection.body_text())
            }
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            error(
                StatusCode::BAD_REQUEST,
                "malformed_json",
                format!("the body is not the expected JSON: {e}"),
            )
        })
    }
}

pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// A random secret: 128 bits from the OS, in hex.
pub fn secret() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: fall back to a seeded generator rather than fail.
        let mut rng = fastrand::Rng::new();
        bytes.iter_mut().for_each(|b| *b = rng.u8(..));
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A short game id: 10 characters of lowercase letters and digits.
fn game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; 10];
    if getrandom::fill(&mut bytes).is_err() {
        let mut rng = fastrand::Rng::new();
        bytes.iter_mut().for_each(|b| *b = rng.u8(..));
    }
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// A player's name as given: trimmed, at most 40 characters, no control
/// characters. Escaping happens where it is shown.
pub fn clean_name(name: Option<&str>, default: &str) -> String {
    let name: String = name
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect::<String>()
        .trim()
        .to_string();
    if name.is_empty() {
        default.to_string()
    } else {
        name
    }
}

/// Runs blocking storage work off the async threads.
async fn blocking<R: Send + 'static>(
    state: &Shared,
    f: impl FnOnce(&dyn crate::store::Store) -> Result<R, StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    let store = state.store.clone();
    tokio::task::spawn_blocking(move || f(store.as_ref()))
        .await
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?
        .map_err(ApiError::from)
}

fn unknown_game(id: &str) -> ApiError {
    error(StatusCode::NOT_FOUND, "unknown_game", format!("there is no game '{id}'"))
}

/// Games kept in memory before idle ones are dropped (a guess: a game in
/// memory is a few kilobytes).
const CACHED_GAMES: usize = 10_000;

/// The game in memory, loading (and replaying) it from storage if needed.
pub async fn live(state: &Shared, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
    if id.is_empty() || id.len() > 32 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(unknown_game(id));
    }
    if let Some(game) = state.games.lock().unwrap_or_else(|e| e.into_inner()).get(id) {
        return Ok(game.clone());
    }
    let key = id.to_string();
    let (stored, in_match) = blocking(state, move |s| {
        let Some(stored) = s.load(&key)? else { return Ok((None, None)) };
        let in_match = match (&stored.row.match_id, stored.row.match_game) {
            (Some(match_id), Some(number)) => s.load_match(match_id)?.map(|(m, games)| {
                let earlier = games
                    .iter()
                    .filter(|g| g.match_game.is_some_and(|n| n < number))
                    .map(|g| g.result.as_deref().and_then(parse_side))
                    .collect();
                MatchState { id: m.id, first_to: m.first_to, earlier }
            }),
            _ => None,
        };
        Ok((Some(stored), in_match))
    })
    .await?;
    let stored = stored.ok_or_else(|| unknown_game(id))?;
    let mut live = Live::rebuild(stored)
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e.0))?;
    live.abandon_ms = state.abandon_ms;
    live.in_match = in_match;
    let game = {
        let mut games = state.games.lock().unwrap_or_else(|e| e.into_inner());
        // Another request may have loaded it meanwhile: keep the first.
        if let Some(game) = games.get(id) {
            return Ok(game.clone());
        }
        if games.len() >= CACHED_GAMES {
            // Forget games nobody holds (no request, watcher, computer or
            // clock task has them): everything about them is stored, so
            // they reload.
            games.retain(|_, game| Arc::strong_count(game) > 1);
        }
        let game = Arc::new(Mutex::new(live));
        games.insert(id.to_string(), game.clone());
        game
    };
    // A game stored while the computer was to move (the server stopped
    // while it was thinking) goes on, and a running clock is watched.
    schedule_computer(state.clone(), game.clone());
    watch_clock(state, &game, &mut *game.lock().await);
    Ok(game)
}

/// Loads every game whose clock was running when the server stopped, so
/// that each is watched again (run once at start).
pub async fn resume_clocks(state: Shared) {
    let ids = match blocking(&state, |s| s.running_clocks()).await {
        Ok(ids) => ids,
        Err(e) => {
            eprintln!("error: cannot list the games with running clocks: {}", e.body);
            return;
        }
    };
    for id in ids {
        if let Err(e) = live(&state, &id).await {
            eprintln!("error: game {id}: {}", e.body);
        }
    }
}

/// Ends the game on time when the running clock reaches zero, without
/// waiting for a request: a task sleeps until then. Called after every
/// change that can start, stop or move a clock; it replaces the previous
/// task.
pub fn watch_clock(state: &Shared, game: &Arc<Mutex<Live>>, live: &mut Live) {
    if let Some(task) = live.clock_task.take() {
        task.abort();
    }
    let Some((_, mut at)) = live.flag_at() else { return };
    let (state, game) = (state.clone(), game.clone());
    let task = tokio::spawn(async move {
        loop {
            let wait = at - now_ms();
            if wait > 0 {
                tokio::time::sleep(Duration::from_millis(wait as u64)).await;
            }
            let mut live = game.lock().await;
            match live.flag_at() {
                Some((side, due)) if due <= now_ms() => {
                    // Dropped only if storage fails; the next request
                    // that finds the flag down ends the game then.
                    live.clock_task = None;
                    let _ = finish(&state, &mut live, Some(!side), "time").await;
                    return;
                }
                Some((_, due)) => at = due,
                None => return,
            }
        }
    });
    live.clock_task = Some(task.abort_handle());
}

fn game_url(state: &Shared, id: &str) -> String {
    format!("{}/g/{id}", state.public_url)
}

#[derive(Deserialize)]
pub struct CreateGame {
    /// A ruleset id (or alias).
    pub game: String,
    /// `computer`, `local` or `online`.
    pub mode: String,
    pub level: Option<u8>,
    pub name: Option<String>,
    /// The second name in a local game.
    pub opponent: Option<String>,
    /// The creator's seat: `south` (default), `north` or `random`.
    pub side: Option<String>,
    /// A clock: each player's time in seconds (none: no clock).
    pub clock_seconds: Option<u32>,
    /// Seconds added to a player's time after each of their moves.
    pub increment_seconds: Option<u32>,
    /// A match (in games that have match play): the first to win the
    /// ruleset's number of games (Barbados: six) wins it.
    #[serde(rename = "match")]
    pub in_match: Option<bool>,
}

/// The longest clock a game can have: three hours a player.
const CLOCK_SECONDS_MAX: u32 = 3 * 60 * 60;
/// The largest increment: three minutes a move.
const INCREMENT_SECONDS_MAX: u32 = 3 * 60;

/// The clock a new game asks for, checked.
fn clock_of(body: &CreateGame) -> Result<Option<Clock>, ApiError> {
    match (body.clock_seconds, body.increment_seconds) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(error(
            StatusCode::BAD_REQUEST,
            "bad_clock",
            "increment_seconds needs clock_seconds (each player's time)",
        )),
        (Some(seconds), increment) => {
            let increment = increment.unwrap_or(0);
            if !(1..=CLOCK_SECONDS_MAX).contains(&seconds) || increment > INCREMENT_SECONDS_MAX {
                return Err(error(
                    StatusCode::BAD_REQUEST,
                    "bad_clock",
                    format!(
                        "clock_seconds must be from 1 to {CLOCK_SECONDS_MAX} and \
                         increment_seconds from 0 to {INCREMENT_SECONDS_MAX}"
                    ),
                ));
            }
            let initial_ms = i64::from(seconds) * 1000;
            Ok(Some(Clock {
                initial_ms,
                increment_ms: i64::from(increment) * 1000,
                south_ms: initial_ms,
                north_ms: initial_ms,
            }))
        }
    }
}

async fn create(State(state): State<Shared>, JsonBody(body): JsonBody<CreateGame>) -> ApiResult {
    let ruleset = ruleset(&body.game)
        .map_err(|e| error(StatusCode::BAD_REQUEST, "unknown_ruleset", e.to_string()))?;
    let side = match body.side.as_deref().unwrap_or("south") {
        "random" => {
            if fastrand::bool() {
                Side::South
            } else {
                Side::North
            }
        }
        text => parse_side(text).ok_or_else(|| {
            error(StatusCode::BAD_REQUEST, "bad_side", "side must be south, north or random")
        })?,
    };
    let clock = clock_of(&body)?;
    let first_to = match (body.in_match.unwrap_or(false), ruleset.match_first_to) {
        (false, _) => None,
        (true, Some(n)) => Some(n),
        (true, None) => {
            let with: Vec<&str> = mancala_rules::RULESETS
                .iter()
                .filter(|r| r.match_first_to.is_some())
                .map(|r| r.id)
                .collect();
            return Err(error(
                StatusCode::BAD_REQUEST,
                "no_match_play",
                format!(
                    "{} has no match play; matches are played in {}",
                    ruleset.id,
                    with.join(", ")
                ),
            ));
        }
    };
    let name = clean_name(body.name.as_deref(), default_name(side));
    let token = secret();
    let mut row = GameRow {
        id: game_id(),
        ruleset: ruleset.id.to_string(),
        version: ruleset.version,
        setup: None,
        mode: body.mode.clone(),
        level: None,
        south_name: String::new(),
        north_name: String::new(),
        south_token: None,
        north_token: None,
        invite: None,
        computer: None,
        status: "active".into(),
        result: None,
        ending: None,
        rematch: None,
        created: now(),
        updated: now(),
        clock,
        // An online game's clock starts when the second player arrives.
        turn_started: (body.mode != "online").then(now_ms),
        ..GameRow::default()
    };
    let (mine, theirs) = seat_fields(&mut row, side);
    *mine.0 = name;
    *mine.1 = Some(token.clone());
    match body.mode.as_str() {
        "computer" => {
            let level = body.level.unwrap_or(3);
            if !(1..=8).contains(&level) {
                return Err(error(
                    StatusCode::BAD_REQUEST,
                    "bad_level",
                    "level must be from 1 to 8",
                ));
            }
            *theirs.0 = format!("Computer {level}");
            row.level = Some(level);
            row.computer = Some(side_name(!side).into());
        }
        "local" => {
            *theirs.0 = clean_name(body.opponent.as_deref(), default_name(!side));
            *theirs.1 = Some(token.clone());
        }
        "online" => row.invite = Some(secret()),
        other => {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "bad_mode",
                format!("mode '{other}' is not one of computer, local, online"),
            ))
        }
    }
    let invite = row.invite.clone();
    let id = row.id.clone();
    match first_to {
        Some(first_to) => {
            let contest =
                MatchRow { id: game_id(), ruleset: ruleset.id.into(), first_to, created: now() };
            row.match_id = Some(contest.id.clone());
            row.match_game = Some(0);
            let stored = row.clone();
            blocking(&state, move |s| s.create_match(&contest, &stored)).await?;
        }
        None => {
            let stored = row.clone();
            blocking(&state, move |s| s.create(&stored, &[])).await?;
        }
    }
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    Ok(Json(json!({
        "id": id,
        "token": token,
        "side": side_name(side),
        "url": game_url(&state, &id),
        "invite_url": invite.map(|code| format!("{}?invite={code}", game_url(&state, &id))),
        "state": live.state(),
    })))
}

fn default_name(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

type Seat<'a> = (&'a mut String, &'a mut Option<String>);

/// The name and token fields of `side` and of the other seat.
fn seat_fields(row: &mut GameRow, side: Side) -> (Seat<'_>, Seat<'_>) {
    let south = (&mut row.south_name, &mut row.south_token);
    let north = (&mut row.north_name, &mut row.north_token);
    match side {
        Side::South => (south, north),
        Side::North => (north, south),
    }
}

async fn show(State(state): State<Shared>, Path(id): Path<String>) -> ApiResult {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    Ok(Json(live.state()))
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
    limit: Option<u32>,
    offset: Option<u32>,
    game: Option<String>,
    player: Option<String>,
}

async fn list(
    State(state): State<Shared>,
    q: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let Query(q) = q.map_err(|e| error(StatusCode::BAD_REQUEST, "bad_query", e.body_text()))?;
    if q.status.as_deref().unwrap_or("finished") != "finished" {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_status",
            "only status=finished can be listed",
        ));
    }
    let filter = crate::store::Finished {
        game: q.game.filter(|g| !g.is_empty()),
        player: q.player.map(|p| p.trim().to_string()).filter(|p| !p.is_empty()),
        limit: q.limit.unwrap_or(100).clamp(1, 500),
        offset: q.offset.unwrap_or(0),
    };
    let rows = blocking(&state, move |s| s.finished(&filter)).await?;
    Ok(Json(Value::Array(rows.iter().map(|(row, moves)| summary(row, *moves)).collect())))
}

pub fn summary(row: &GameRow, moves: u32) -> Value {
    let name = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name);
    json!({
        "id": row.id, "game": row.ruleset, "name": name, "mode": row.mode,
        "south": row.south_name, "north": row.north_name,
        "result": row.result, "ending": row.ending, "moves": moves, "updated": row.updated,
    })
}

#[derive(Deserialize)]
struct TokenBody {
    token: String,
}

#[derive(Deserialize)]
struct JoinBody {
    invite: String,
    name: Option<String>,
}

/// Takes an online game's free seat with its invitation code.
async fn join(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<JoinBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let valid =
        live.row.invite.as_deref().is_some_and(|code| crate::live::same_secret(code, &body.invite));
    if !valid {
        return Err(error(
            StatusCode::FORBIDDEN,
            "seat_taken",
            "this invitation has already been used (or is wrong): you can watch the game",
        ));
    }
    let side = if live.row.south_token.is_none() { Side::South } else { Side::North };
    let token = secret();
    let mut row = live.row.clone();
    let (mine, _) = seat_fields(&mut row, side);
    *mine.0 = clean_name(body.name.as_deref(), default_name(side));
    *mine.1 = Some(token.clone());
    row.invite = None;
    row.updated = now();
    // Both seats are taken: the game, and its clock, start.
    row.turn_started = Some(now_ms());
    let saved = row.clone();
    blocking(&state, move |s| s.save(&saved)).await?;
    live.row = row;
    watch_clock(&state, &game, &mut live);
    let state_json = live.state();
    live.publish(json!({ "type": "state", "state": state_json }));
    Ok(Json(json!({ "token": token, "side": side_name(side), "state": live.state() })))
}

/// The seats a token holds in this game, or 403.
fn seats(live: &Live, token: &str) -> Result<Vec<Side>, ApiError> {
    let seats = live.seats(token);
    if seats.is_empty() {
        Err(error(
            StatusCode::FORBIDDEN,
            "not_a_player",
            "this token holds no seat in this game: spectators can only watch",
        ))
    } else {
        Ok(seats)
    }
}

fn finished_error() -> ApiError {
    error(StatusCode::CONFLICT, "game_over", "the game is over")
}

fn lost_on_time() -> ApiError {
    error(StatusCode::CONFLICT, "lost_on_time", "the game is over: it was lost on time")
}

/// The answer to a move in a game that is over.
fn over_error(live: &Live) -> ApiError {
    if live.row.ending.as_deref() == Some("time") {
        lost_on_time()
    } else {
        finished_error()
    }
}

#[derive(Deserialize)]
struct MoveBody {
    token: String,
    #[serde(rename = "move")]
    pit: String,
}

async fn play(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<MoveBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let seats = seats(&live, &body.token)?;
    let rules = *live.game.rules();
    let pit = Pit::parse(&body.pit, &rules)
        .map_err(|e| error(StatusCode::BAD_REQUEST, "bad_move", e.to_string()))?;
    if let Some((side, due)) = live.flag_at() {
        if due <= now_ms() {
            // Too late: the flag fell before the timer got to it.
            finish(&state, &mut live, Some(!side), "time").await?;
        }
    }
    let Some(to_move) = live.to_move() else { return Err(over_error(&live)) };
    if !seats.contains(&to_move) {
        return Err(error(
            StatusCode::CONFLICT,
            "not_your_turn",
            format!("it is {}'s turn", side_name(to_move)),
        ));
    }
    let legal = live.game.legal_moves();
    if !legal.contains(pit) {
        let letters: Vec<String> = legal.map(|p| p.letter(&rules).to_string()).collect();
        let mut err = error(
            StatusCode::CONFLICT,
            "illegal_move",
            format!("{} is not a legal move now; legal moves: {}", body.pit, letters.join(" ")),
        );
        err.body["error"]["legal"] = json!(letters);
        return Err(err);
    }
    let report = apply_move(&state, &mut live, pit).await?;
    watch_clock(&state, &game, &mut live);
    let answer = json!({ "move": report, "state": live.state() });
    drop(live);
    schedule_computer(state, game);
    Ok(Json(answer))
}

/// Plays a legal move: stores it, then updates the game in memory and tells
/// every watcher. Nothing changes if storing fails.
async fn apply_move(state: &Shared, live: &mut Live, pit: Pit) -> Result<Value, ApiError> {
    let mut game = live.game.clone();
    let report = game
        .play_reported(pit)
        .map_err(|e| error(StatusCode::CONFLICT, "illegal_move", format!("{e}")))?;
    let mut row = live.row.clone();
    row.updated = now();
    row.offer = None;
    live.clock_after_move(&mut row, report.mover, now_ms());
    if let Some(outcome) = game.position().outcome() {
        row.status = "finished".into();
        row.result = Some(winner_text(outcome.winner).into());
        row.ending = Some(outcome.reason.id().into());
    }
    let ply = game.moves().len() as u32;
    let letter = pit.letter(game.rules()).to_string();
    let saved = row.clone();
    blocking(state, move |s| s.append_move(&saved, ply, &letter)).await?;
    live.game = game;
    live.row = row;
    let json = report_json(live.ruleset, &report);
    live.last = Some(report);
    let state_json = live.state();
    live.publish(json!({ "type": "move", "move": json, "state": state_json }));
    Ok(json)
}

/// If it is the computer's turn, thinks (bounded by the semaphore, on a
/// blocking thread) and plays its move, as often as it stays its turn.
pub fn schedule_computer(state: Shared, game: Arc<Mutex<Live>>) {
    tokio::spawn(async move {
        loop {
            let (snapshot, revision, level) = {
                let live = game.lock().await;
                match (live.to_move(), live.computer(), live.row.level) {
                    (Some(turn), Some(computer), Some(level)) if turn == computer => {
                        (live.game.clone(), live.revision, level)
                    }
                    _ => return,
                }
            };
            let Ok(permit) = state.ai.clone().acquire_owned().await else { return };
            let seed = fastrand::u64(..);
            let rules = *snapshot.rules();
            let choice = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                Player::with_table(PlayerSpec::Level(level), rules, seed, table_megabytes(level))
                    .choose(&snapshot, None)
            })
            .await;
            let Ok(Some(pit)) = choice else { return };
            let mut live = game.lock().await;
            if live.revision != revision {
                // Something changed meanwhile (an undo, a resignation):
                // look again.
                continue;
            }
            if apply_move(&state, &mut live, pit).await.is_err() {
                return;
            }
            watch_clock(&state, &game, &mut live);
        }
    });
}

/// The transposition table for one computer move at `level`. A player is
/// made for every move, and making one allocates and clears its table. The
/// library's default (32 MiB, a 16 MiB table) did that for searches of depth
/// 1 and 2 that visit a few dozen positions: in the load test
/// (`scripts/loadtest.sh`, 100 games at levels 1-2 among 200) the server
/// used 47 s of CPU and 760 MiB of memory with it, 28 s and 65 MiB without.
/// Levels up to 4 search at most 4 moves deep (a few thousand positions),
/// which fits in 1 MiB; deeper and timed levels keep the default.
fn table_megabytes(level: u8) -> usize {
    if level <= 4 {
        1
    } else {
        32
    }
}

/// Takes back the player's last move and the computer's reply.
async fn undo(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    seats(&live, &body.token)?;
    let Some(computer) = live.computer() else {
        return Err(error(
            StatusCode::CONFLICT,
            "no_undo",
            "moves can be taken back only in games against the computer",
        ));
    };
    if live.is_finished() && !live.game.is_over() {
        return Err(error(
            StatusCode::CONFLICT,
            "game_over",
            "a game ended by resignation, agreement, time or a claim cannot be undone",
        ));
    }
    let human = !computer;
    let positions = live.game.positions();
    let Some(keep) = (0..live.game.moves().len()).rev().find(|&i| positions[i].to_move() == human)
    else {
        return Err(error(
            StatusCode::CONFLICT,
            "nothing_to_undo",
            "you have made no move to take back",
        ));
    };
    let letters: Vec<String> =
        live.game.moves()[..keep].iter().map(|p| p.letter(live.game.rules()).to_string()).collect();
    if live.in_match.is_some() && live.is_finished() {
        return Err(error(
            StatusCode::CONFLICT,
            "game_over",
            "a finished game of a match counts in the match and cannot be undone",
        ));
    }
    let mut row = live.row.clone();
    row.status = "active".into();
    row.result = None;
    row.ending = None;
    row.updated = now();
    row.offer = None;
    // The clocks keep the time used; the player's turn starts again now.
    let now = now_ms();
    live.stopped_clock(&mut row, now);
    row.turn_started = Some(now);
    let rebuilt = Live::rebuild(StoredGame { row: row.clone(), moves: letters })
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e.0))?;
    let saved = row.clone();
    blocking(&state, move |s| s.truncate_moves(&saved, keep as u32)).await?;
    live.game = rebuilt.game;
    live.last = rebuilt.last;
    live.row = row;
    watch_clock(&state, &game, &mut live);
    let state_json = live.state();
    live.publish(json!({ "type": "state", "state": state_json }));
    let answer = live.state();
    drop(live);
    schedule_computer(state, game);
    Ok(Json(answer))
}

/// Ends the game with a result that is not the rules' (resignation or an
/// agreed end), stores it and tells everyone.
async fn finish(
    state: &Shared,
    live: &mut Live,
    winner: Option<Side>,
    ending: &str,
) -> Result<(), ApiError> {
    let mut row = live.row.clone();
    row.status = "finished".into();
    row.result = Some(winner_text(winner).into());
    row.ending = Some(ending.into());
    row.updated = now();
    row.offer = None;
    live.stopped_clock(&mut row, now_ms());
    let saved = row.clone();
    blocking(state, move |s| s.save(&saved)).await?;
    live.row = row;
    if let Some(task) = live.clock_task.take() {
        task.abort();
    }
    let state_json = live.state();
    live.publish(json!({ "type": "state", "state": state_json }));
    Ok(())
}

async fn resign(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let seats = seats(&live, &body.token)?;
    let Some(to_move) = live.to_move() else { return Err(finished_error()) };
    // At one screen both seats share a token: the player to move resigns.
    let loser = if seats.len() == 2 { to_move } else { seats[0] };
    finish(&state, &mut live, Some(!loser), "resignation").await?;
    Ok(Json(live.state()))
}

/// Ends the game by agreement, as at a cycle.
async fn agree(state: &Shared, live: &mut Live) -> Result<(), ApiError> {
    let mut game = live.game.clone();
    let Some(pos) = game.agree_to_end() else { return Err(finished_error()) };
    let winner = pos.outcome().and_then(|o| o.winner);
    let before = std::mem::replace(&mut live.game, game);
    if let Err(e) = finish(state, live, winner, "agreed").await {
        live.game = before;
        return Err(e);
    }
    Ok(())
}

/// Offers to end the game by agreement that the seeds circulate. At one
/// screen it ends at once; the computer accepts unless it would lose, or
/// would draw while ahead; online, the opponent must accept.
async fn offer(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let seats = seats(&live, &body.token)?;
    if live.to_move().is_none() {
        return Err(finished_error());
    }
    if seats.len() == 2 {
        agree(&state, &mut live).await?;
        return Ok(Json(json!({ "accepted": true, "state": live.state() })));
    }
    let me = seats[0];
    if let Some(computer) = live.computer() {
        let mut trial = live.game.clone();
        let outcome = trial.agree_to_end().and_then(|p| p.outcome());
        let captured = live.game.position().captured();
        let (theirs, mine) = match computer {
            Side::South => (captured.south, captured.north),
            Side::North => (captured.north, captured.south),
        };
        let accepts = match outcome.map(|o| o.winner) {
            Some(Some(winner)) => winner == computer,
            Some(None) => theirs <= mine,
            None => false,
        };
        if accepts {
            agree(&state, &mut live).await?;
        }
        return Ok(Json(json!({ "accepted": accepts, "state": live.state() })));
    }
    save_offer(&state, &mut live, Some(me)).await?;
    Ok(Json(json!({ "accepted": false, "state": live.state() })))
}

/// Stores a new pending offer (or none), then tells everyone.
async fn save_offer(state: &Shared, live: &mut Live, offer: Option<Side>) -> Result<(), ApiError> {
    let mut row = live.row.clone();
    row.offer = offer.map(|side| side_name(side).to_string());
    row.updated = now();
    let saved = row.clone();
    blocking(state, move |s| s.save(&saved)).await?;
    live.row = row;
    let state_json = live.state();
    live.publish(json!({ "type": "state", "state": state_json }));
    Ok(())
}

async fn accept(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let seats = seats(&live, &body.token)?;
    match live.offer() {
        Some(by) if !seats.contains(&by) || seats.len() == 2 => {
            agree(&state, &mut live).await?;
            Ok(Json(live.state()))
        }
        _ => Err(error(
            StatusCode::CONFLICT,
            "no_offer",
            "your opponent has not offered to end the game",
        )),
    }
}

async fn decline(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    seats(&live, &body.token)?;
    if live.offer().is_none() {
        return Err(error(StatusCode::CONFLICT, "no_offer", "there is no offer to decline"));
    }
    save_offer(&state, &mut live, None).await?;
    Ok(Json(live.state()))
}

/// A new game between the same players with the seats swapped, and the
/// same clock. The first player to ask makes it; the other gets their seat
/// in it by asking too. In a match it is the match's next game: each player
/// keeps their token (which moves to the other seat), and once a player has
/// won the match there is none.
async fn rematch(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let seats = seats(&live, &body.token)?;
    if !live.is_finished() {
        return Err(error(
            StatusCode::CONFLICT,
            "not_over",
            "a rematch can be asked for once the game is over",
        ));
    }
    let old_side = seats[0];
    let new_side = if seats.len() == 2 { Side::South } else { !old_side };
    if let Some(next) = live.row.rematch.clone() {
        drop(live);
        let next_game = self::live(&state, &next).await?;
        let next_live = next_game.lock().await;
        let token = match new_side {
            Side::South => next_live.row.south_token.clone(),
            Side::North => next_live.row.north_token.clone(),
        };
        let token = token.or_else(|| next_live.row.south_token.clone()).unwrap_or_default();
        return Ok(Json(json!({
            "id": next, "token": token, "side": side_name(new_side),
            "url": game_url(&state, &next), "state": next_live.state(),
        })));
    }
    if let Some(contest) = &live.in_match {
        let tally = contest.tally(live.decided());
        if let Some(player) = tally.winner() {
            let score = tally.score();
            return Err(error(
                StatusCode::CONFLICT,
                "match_over",
                format!(
                    "the match is over: player {} won it {}-{}",
                    player + 1,
                    score[player],
                    score[1 - player]
                ),
            ));
        }
    }
    let ruleset = ruleset(&live.row.ruleset)
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    let old = &live.row;
    let (south_token, north_token) = match old.mode.as_str() {
        _ if old.match_id.is_some() => (old.north_token.clone(), old.south_token.clone()),
        "local" => {
            let t = secret();
            (Some(t.clone()), Some(t))
        }
        "computer" => {
            let human = old.computer.as_deref().and_then(parse_side).map_or(Side::South, |c| !c);
            let t = Some(secret());
            if human == Side::South {
                (None, t)
            } else {
                (t, None)
            }
        }
        _ => (Some(secret()), Some(secret())),
    };
    let row = GameRow {
        id: game_id(),
        ruleset: ruleset.id.to_string(),
        version: ruleset.version,
        setup: None,
        mode: old.mode.clone(),
        level: old.level,
        south_name: old.north_name.clone(),
        north_name: old.south_name.clone(),
        south_token,
        north_token,
        invite: None,
        computer: old.computer.as_deref().and_then(parse_side).map(|c| side_name(!c).to_string()),
        status: "active".into(),
        result: None,
        ending: None,
        rematch: None,
        created: now(),
        updated: now(),
        clock: old.clock.map(|c| Clock { south_ms: c.initial_ms, north_ms: c.initial_ms, ..c }),
        turn_started: Some(now_ms()),
        match_id: old.match_id.clone(),
        match_game: old.match_game.map(|n| n + 1),
        ..GameRow::default()
    };
    let mut old_row = live.row.clone();
    old_row.rematch = Some(row.id.clone());
    old_row.updated = now();
    let (new_row, saved_old) = (row.clone(), old_row.clone());
    blocking(&state, move |s| s.create_next(&saved_old, &new_row)).await?;
    live.row = old_row;
    let state_json = live.state();
    live.publish(json!({ "type": "state", "state": state_json }));
    drop(live);
    let next_game = self::live(&state, &row.id).await?;
    let next_live = next_game.lock().await;
    let token = match new_side {
        Side::South => row.south_token.clone(),
        Side::North => row.north_token.clone(),
    };
    Ok(Json(json!({
        "id": row.id, "token": token.unwrap_or_default(), "side": side_name(new_side),
        "url": game_url(&state, &row.id), "state": next_live.state(),
    })))
}

/// Claims the win in an online game whose player to move has left: no
/// page of theirs open, and no move, for the server's abandon time.
async fn claim(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    let seats = seats(&live, &body.token)?;
    if live.is_finished() {
        return Err(over_error(&live));
    }
    let claimer = seats[0];
    match live.claim_wait(claimer, now_ms()) {
        Ok(_) => {
            finish(&state, &mut live, Some(claimer), "abandoned").await?;
            Ok(Json(live.state()))
        }
        Err(NoClaim::NotOnline) => Err(error(
            StatusCode::CONFLICT,
            "no_claim",
            "only an online game under way can be claimed, once the opponent has left it",
        )),
        Err(NoClaim::YourTurn) => Err(error(
            StatusCode::CONFLICT,
            "your_turn",
            "it is your turn: a game can be claimed only while the opponent is to move",
        )),
        Err(NoClaim::Connected) => Err(error(
            StatusCode::CONFLICT,
            "opponent_connected",
            "your opponent has the game open: it cannot be claimed",
        )),
        Err(NoClaim::TooEarly(ms)) => {
            let seconds = (ms + 999) / 1000;
            let mut err = error(
                StatusCode::CONFLICT,
                "too_early",
                format!(
                    "your opponent may still come back: you can claim the win in {seconds} s \
                     if they have not returned or moved by then"
                ),
            );
            err.body["error"]["seconds_left"] = json!(seconds);
            Err(err)
        }
    }
}

/// A hint's search: a fixed depth and node budget and no time limit, so the
/// same position always gets the same hint, answered in a moment (a few
/// tenths of a second in a release build).
const HINT_LIMITS: Limits = Limits { depth: Some(12), nodes: Some(200_000), time: None };

/// A value for people: seeds ahead (from the player to move's view), or a
/// proven result with its margin.
fn score_json(score: Score) -> Value {
    if score.is_decisive() {
        json!({ "result": score.result().name(), "seeds": score.margin() })
    } else {
        json!({ "result": null, "seeds": f64::from(score.0) / 10.0 })
    }
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    error(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
}

/// The computer's suggestion for the player to move, with its value: in
/// games against the computer and at one screen (not between two people
/// online, where it would be help from outside the game).
async fn hint(
    State(state): State<Shared>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<TokenBody>,
) -> ApiResult {
    let game = live(&state, &id).await?;
    let snapshot = {
        let live = game.lock().await;
        let seats = seats(&live, &body.token)?;
        if !live.hints_allowed() {
            return Err(error(
                StatusCode::CONFLICT,
                "no_hints",
                "hints are given in games against the computer and at one screen, \
                 not in games between two people online",
            ));
        }
        let Some(to_move) = live.to_move() else { return Err(over_error(&live)) };
        if !seats.contains(&to_move) {
            return Err(error(
                StatusCode::CONFLICT,
                "not_your_turn",
                format!("it is {}'s turn", side_name(to_move)),
            ));
        }
        live.game.clone()
    };
    let permit = state.ai.clone().acquire_owned().await.map_err(internal)?;
    let rules = *snapshot.rules();
    let report = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        Searcher::with_table(rules, 8).search(&snapshot, HINT_LIMITS)
    })
    .await
    .map_err(internal)?;
    let best = report.best.ok_or_else(finished_error)?;
    Ok(Json(json!({
        "move": best.letter(&rules).to_string(),
        "value": score_json(report.score),
        "depth": report.depth,
    })))
}

/// The review's search, per position: at most this deep...
const REVIEW_DEPTH: u32 = 10;
/// ...and this many nodes for the whole game, shared out between its
/// positions, each getting at least and at most these. Node limits, not
/// time, so that a game always gets the same review, whatever the load.
const REVIEW_NODES: u64 = 3_000_000;
const REVIEW_NODES_PER_POSITION: (u64, u64) = (5_000, 100_000);
/// A move that gives away this many tenths of a seed (or changes the
/// result) is a mistake.
const REVIEW_THRESHOLD: i32 = 10;

/// Every position of a game valued (for South, for the graph) and every
/// move judged against the best one.
fn review_of(ruleset: &Ruleset, start: &Game, end: &Game) -> Result<Value, String> {
    let rules = ruleset.rules;
    let moves = end.moves();
    let per_position = (REVIEW_NODES / (moves.len() as u64 + 1))
        .clamp(REVIEW_NODES_PER_POSITION.0, REVIEW_NODES_PER_POSITION.1);
    let limits = Limits { depth: Some(REVIEW_DEPTH), nodes: Some(per_position), time: None };
    let values =
        analysis::analyse(start, moves, limits, None, &mut |_, _| {}).map_err(|e| e.to_string())?;
    let last = match end.position().outcome() {
        Some(_) => Score::of_outcome(&rules, end.position(), Side::South),
        None => {
            let report = Searcher::new(rules).search(end, limits);
            for_side(report.score, end.position().to_move(), Side::South)
        }
    };
    let mut positions: Vec<Value> = values
        .iter()
        .enumerate()
        .map(|(ply, v)| json!({ "ply": ply, "south": score_json(for_side(v.best, v.mover, Side::South)) }))
        .collect();
    positions.push(json!({ "ply": moves.len(), "south": score_json(last) }));
    let mut mistakes = [0u32; 2];
    let judged: Vec<Value> = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mistake = v.is_mistake(REVIEW_THRESHOLD);
            if mistake {
                mistakes[v.mover.index()] += 1;
            }
            json!({
                "ply": i + 1,
                "mover": side_name(v.mover),
                "move": v.played.letter(&rules).to_string(),
                "best": score_json(v.best),
                "played": score_json(v.kept),
                "lost": f64::from(v.lost()) / 10.0,
                "changes_result": v.changes_result(),
                "mistake": mistake,
                "better": v.better.map(|p| p.letter(&rules).to_string()),
            })
        })
        .collect();
    Ok(json!({
        "depth": REVIEW_DEPTH,
        "nodes_per_position": per_position,
        "threshold": f64::from(REVIEW_THRESHOLD) / 10.0,
        "positions": positions,
        "moves": judged,
        "mistakes": { "south": mistakes[0], "north": mistakes[1] },
    }))
}

/// The review of a finished game: computed once (one review at a time on
/// the whole server, on a blocking thread behind the computer's semaphore)
/// and stored.
async fn review(State(state): State<Shared>, Path(id): Path<String>) -> ApiResult {
    let game = live(&state, &id).await?;
    let (ruleset, start, end) = {
        let live = game.lock().await;
        if !live.is_finished() {
            return Err(error(
                StatusCode::CONFLICT,
                "not_over",
                "a game is reviewed once it is over",
            ));
        }
        let start = new_game(live.ruleset, live.row.setup.as_deref())
            .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e))?;
        (live.ruleset, start, live.game.clone())
    };
    let rules = ruleset.rules;
    let key: Vec<String> = end.moves().iter().map(|p| p.letter(&rules).to_string()).collect();
    let key = key.join(" ");
    let stored = || {
        let (id, key) = (id.clone(), key.clone());
        let store = state.store.clone();
        async move {
            tokio::task::spawn_blocking(move || store.load_review(&id))
                .await
                .map_err(internal)?
                .map(|review| review.filter(|r| r.moves == key).map(|r| r.review))
                .map_err(ApiError::from)
        }
    };
    if let Some(text) = stored().await? {
        return serde_json::from_str(&text).map(Json).map_err(internal);
    }
    let _one = state.reviewing.lock().await;
    // Another request may have made it while this one waited.
    if let Some(text) = stored().await? {
        return serde_json::from_str(&text).map(Json).map_err(internal);
    }
    let permit = state.ai.clone().acquire_owned().await.map_err(internal)?;
    let value = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        review_of(ruleset, &start, &end)
    })
    .await
    .map_err(internal)?
    .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e))?;
    let review = StoredReview { moves: key, review: value.to_string() };
    blocking(&state, move |s| s.save_review(&id, &review)).await?;
    Ok(Json(value))
}

/// The date of a Unix time, `YYYY-MM-DD` (the civil calendar, UTC).
pub fn date(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{:04}-{:02}-{:02}", if m <= 2 { y + 1 } else { y }, m, d)
}

/// The game as a record (the project's record format).
pub fn record_of(live: &Live) -> Record {
    let row = &live.row;
    let mut tags = vec![
        ("South".to_string(), row.south_name.clone()),
        ("North".to_string(), row.north_name.clone()),
        ("Date".to_string(), date(row.created)),
        ("Site".to_string(), format!("mancala-web game {}", row.id)),
    ];
    if let Some(clock) = row.clock {
        // Seconds per player + seconds a move, as chess records write it.
        let control = format!("{}+{}", clock.initial_ms / 1000, clock.increment_ms / 1000);
        tags.push(("TimeControl".to_string(), control));
    }
    if let (Some(contest), Some(number)) = (&row.match_id, row.match_game) {
        tags.push(("Match".to_string(), format!("{contest} game {}", number + 1)));
    }
    if live.is_finished() {
        // The final score, South's seeds first, as every page writes it.
        let captured = live.game.position().captured();
        tags.push(("Score".to_string(), format!("{}-{}", captured.south, captured.north)));
    }
    let loser = row.result.as_deref().and_then(parse_side).map(|w| !w);
    let ending = match (row.ending.as_deref(), loser) {
        (Some("resignation"), Some(loser)) => Ending::Resignation { loser },
        (Some("time"), Some(loser)) => Ending::Time { loser },
        (Some("abandoned"), Some(loser)) => Ending::Abandoned { loser },
        _ => Ending::Unfinished,
    };
    Record::new(*live.ruleset, &live.game, tags, ending)
}

async fn record(State(state): State<Shared>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    let text = record_of(&live).to_string();
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-{id}.txt\"", live.ruleset.id),
            ),
        ],
        text,
    )
        .into_response())
}

/// Every position of the game, for replaying it move by move.
async fn replay(State(state): State<Shared>, Path(id): Path<String>) -> ApiResult {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    let mut replayed = new_game(live.ruleset, live.row.setup.as_deref())
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e))?;
    let start = replayed.position();
    let mut plies = vec![json!({
        "ply": 0, "board": start.pits(), "captured": [start.captured().south, start.captured().north],
    })];
    for &pit in live.game.moves() {
        let report = replayed
            .play_reported(pit)
            .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e.to_string()))?;
        let pos = replayed.position();
        plies.push(json!({
            "ply": replayed.moves().len(),
            "board": pos.pits(),
            "captured": [pos.captured().south, pos.captured().north],
            "report": crate::live::settled_report_json(
                live.ruleset,
                &report,
                live.is_finished() && replayed.moves().len() == live.game.moves().len(),
            ),
        }));
    }
    Ok(Json(json!({ "state": live.state(), "plies": plies })))
}

#[derive(Deserialize)]
struct UploadBody {
    record: String,
}

/// Stores a game record as a new game at one screen: a finished record can
/// be replayed, an unfinished one played on (the answer holds its token).
async fn upload(State(state): State<Shared>, JsonBody(body): JsonBody<UploadBody>) -> ApiResult {
    let record = Record::parse(&body.record)
        .map_err(|e| error(StatusCode::BAD_REQUEST, "bad_record", e.to_string()))?;
    let game = record.game();
    let rules = record.ruleset.rules;
    let (status, result, ending) = match record.ending {
        Ending::Unfinished => ("active", None, None),
        Ending::Rules(reason) => {
            ("finished", record.result().flatten().map(Some), Some(reason.id()))
        }
        Ending::Resignation { loser } => ("finished", Some(Some(!loser)), Some("resignation")),
        Ending::Time { loser } => ("finished", Some(Some(!loser)), Some("time")),
        Ending::Abandoned { loser } => ("finished", Some(Some(!loser)), Some("abandoned")),
    };
    let result = match (status, result) {
        ("finished", Some(w)) => Some(winner_text(w).to_string()),
        ("finished", None) => Some("draw".to_string()),
        _ => None,
    };
    let token = secret();
    let row = GameRow {
        id: game_id(),
        ruleset: record.ruleset.id.to_string(),
        version: record.ruleset.version,
        setup: record.setup.as_ref().map(|s| s.to_string()),
        mode: "local".into(),
        level: None,
        south_name: clean_name(record.tag("South"), "South"),
        north_name: clean_name(record.tag("North"), "North"),
        south_token: Some(token.clone()),
        north_token: Some(token.clone()),
        invite: None,
        computer: None,
        status: status.into(),
        result,
        ending: ending.map(str::to_string),
        rematch: None,
        created: now(),
        updated: now(),
        ..GameRow::default()
    };
    let moves: Vec<String> = game.moves().iter().map(|p| p.letter(&rules).to_string()).collect();
    let id = row.id.clone();
    let stored = row.clone();
    blocking(&state, move |s| s.create(&stored, &moves)).await?;
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    Ok(Json(json!({
        "id": id, "token": token, "url": game_url(&state, &id), "state": live.state(),
    })))
}

async fn websocket(
    State(state): State<Shared>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = live(&state, &id).await?;
    Ok(upgrade.max_message_size(4096).on_upgrade(move |socket| watch(socket, game)))
}

/// Pushes the state, then every change, to one watcher (player or
/// spectator). The browser may name its seat once, `{"type": "seat",
/// "token": ...}`: in an online game the player then counts as present
/// until the socket closes (a player with no socket open has left, and may
/// lose the game to a claim). Other messages are ignored; a client that
/// floods them is disconnected.
async fn watch(socket: WebSocket, game: Arc<Mutex<Live>>) {
    let mut seated: Vec<Side> = Vec::new();
    pump(socket, &game, &mut seated).await;
    if !seated.is_empty() {
        let mut live = game.lock().await;
        let now = now_ms();
        for side in seated {
            let present = &mut live.present[side.index()];
            *present = present.saturating_sub(1);
            if *present == 0 {
                live.left[side.index()] = Some(now);
            }
        }
        let state_json = live.state();
        live.publish(json!({ "type": "state", "state": state_json }));
    }
}

/// The seat token in a `{"type": "seat", "token": ...}` message.
fn seat_token(text: &str) -> Option<String> {
    let message: Value = serde_json::from_str(text).ok()?;
    if message["type"] != "seat" {
        return None;
    }
    message["token"].as_str().map(str::to_string)
}

async fn pump(mut socket: WebSocket, game: &Arc<Mutex<Live>>, seated: &mut Vec<Side>) {
    let (mut rx, first) = {
        let live = game.lock().await;
        (live.tx.subscribe(), json!({ "type": "state", "state": live.state() }).to_string())
    };
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    let mut window = tokio::time::Instant::now();
    let mut received = 0u32;
    loop {
        tokio::select! {
            message = rx.recv() => match message {
                Ok(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    let text = json!({ "type": "state", "state": game.lock().await.state() }).to_string();
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
                Err(_) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(message)) => {
                    if window.elapsed() > Duration::from_secs(1) {
                        window = tokio::time::Instant::now();
                        received = 0;
                    }
                    received += 1;
                    if received > 20 {
                        let _ = socket.send(Message::Close(None)).await;
                        return;
                    }
                    let token = match &message {
                        Message::Text(text) if seated.is_empty() => seat_token(text),
                        _ => None,
                    };
                    if let Some(token) = token {
                        let mut live = game.lock().await;
                        if live.row.mode == "online" {
                            *seated = live.seats(&token);
                            for side in seated.iter() {
                                live.present[side.index()] += 1;
                            }
                            if !seated.is_empty() {
                                let state_json = live.state();
                                live.publish(json!({ "type": "state", "state": state_json }));
                            }
                        }
                    }
                }
            },
        }
    }
}
