//! Games: creating one, loading it into memory, showing and listing games,
//! joining through an invitation, and the rematch (or a match's next game).

use super::clocks::{clock_from, days_of, watch_clock};
use super::computer::{nudge_computer, schedule_computer};
use super::rated::{check_rated_join, check_rated_request};
use super::{unknown_game, Seated};
use crate::api::{
    blocking, clean_name, count_games, error, game_id, internal, name_error, secret, ApiError,
    ApiResult, ClientOf, JsonBody,
};
use crate::game::lot_seed_for_new_game;
use crate::live::{parse_side, side_name, Live, MatchState, Push};
use crate::store::{Clock, GameEnding, GameRow, MatchRow, Mode, Status};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use mancala_rules::{ruleset, Ruleset, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::Mutex;

/// Games kept in memory before idle ones are dropped (a guess: a game in
/// memory is a few kilobytes).
pub const CACHED_GAMES: usize = 10_000;

/// The memory the games in memory may take, by [`Live::approx_bytes`],
/// before idle ones are dropped: a game's size grows with its moves (an
/// uploaded record of 64 KiB holds thousands), so a count alone does not
/// bound it.
pub const CACHED_BYTES: usize = 256 << 20;

/// The games in memory, each behind its own lock (moves in one game are
/// applied one at a time, in order), bounded by count and by size: past
/// either bound, the games nobody holds are forgotten (everything about
/// them is stored, so they reload). Games held by a request, a WebSocket
/// or a computer move stay, so the bound is exceeded only by games in use.
pub struct GameCache {
    inner: std::sync::Mutex<CacheInner>,
    max_games: usize,
    max_bytes: usize,
}

#[derive(Default)]
struct CacheInner {
    /// Each game and its size when it was loaded.
    games: std::collections::HashMap<String, (Arc<Mutex<Live>>, usize)>,
    bytes: usize,
}

impl GameCache {
    pub fn new(max_games: usize, max_bytes: usize) -> GameCache {
        GameCache { inner: Default::default(), max_games, max_bytes }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CacheInner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Live>>> {
        self.lock().games.get(id).map(|(game, _)| game.clone())
    }

    pub fn contains(&self, id: &str) -> bool {
        self.lock().games.contains_key(id)
    }

    /// Every game in memory.
    pub fn all(&self) -> Vec<Arc<Mutex<Live>>> {
        self.lock().games.values().map(|(game, _)| game.clone()).collect()
    }

    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The size of the games in memory (as they were loaded).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Keeps `live` as game `id`, unless another request loaded it
    /// meanwhile (that one is kept and returned); makes room first.
    pub fn insert(&self, id: &str, live: Live) -> Arc<Mutex<Live>> {
        let bytes = live.approx_bytes();
        let mut inner = self.lock();
        if let Some((game, _)) = inner.games.get(id) {
            return game.clone();
        }
        if inner.games.len() >= self.max_games || inner.bytes + bytes > self.max_bytes {
            forget_idle(&mut inner);
        }
        let game = Arc::new(Mutex::new(live));
        inner.games.insert(id.to_string(), (game.clone(), bytes));
        inner.bytes += bytes;
        game
    }

    /// Forgets every idle game now; returns how many stay.
    pub fn evict_idle(&self) -> usize {
        let mut inner = self.lock();
        forget_idle(&mut inner);
        inner.games.len()
    }
}

/// The game in memory, loading (and replaying) it from storage if needed.
pub async fn live(state: &Shared, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
    if id.is_empty() || id.len() > 32 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(unknown_game(id));
    }
    if let Some(game) = state.games.get(id) {
        return Ok(game);
    }
    let key = id.to_string();
    let (stored, in_match, tournament, previous) = blocking(state, move |s| {
        let Some(stored) = s.load(&key)? else { return Ok((None, None, None, None)) };
        // A tournament's games are online, with both seats dealt and no
        // rating: only those are looked for among the tournaments.
        let row = &stored.row;
        let unstarted = row.mode == Mode::Online
            && row.invite.is_none()
            && row.status == Status::Active
            && stored.moves.is_empty();
        let tournament = if row.mode == Mode::Online && row.invite.is_none() && !row.rated {
            s.tournament_of_game(&row.id, row.match_id.as_deref())?
        } else {
            None
        };
        // A rematch (not a match's next game) still waiting: the game it
        // follows, from which it can be called off.
        let previous = if unstarted && row.match_id.is_none() && tournament.is_none() {
            s.previous_of(&row.id)?
        } else {
            None
        };
        let in_match = match (&stored.row.match_id, stored.row.match_game) {
            (Some(match_id), Some(number)) => s.load_match(match_id)?.map(|(m, games)| {
                let earlier = games
                    .iter()
                    .filter(|g| g.match_game.is_some_and(|n| n < number))
                    .map(|g| g.result.and_then(crate::store::GameResult::winner))
                    .collect();
                MatchState { id: m.id, first_to: m.first_to, earlier }
            }),
            _ => None,
        };
        Ok((Some(stored), in_match, tournament, previous))
    })
    .await?;
    let stored = stored.ok_or_else(|| unknown_game(id))?;
    let mut live = Live::rebuild(stored).map_err(|e| internal(e.0))?;
    live.abandon_ms = state.abandon_ms;
    live.time = state.time.clone();
    live.in_match = in_match;
    live.tournament = tournament;
    live.previous = previous;
    // Another request may have loaded it meanwhile: the first is kept.
    let game = state.games.insert(id, live);
    // A game stored while the computer was to move (the server stopped
    // while it was thinking) goes on, and a running clock is watched.
    schedule_computer(state.clone(), game.clone());
    watch_clock(state, &*game.lock().await);
    Ok(game)
}

/// Forgets games nobody holds (no request, WebSocket or computer move has
/// them; a running clock is a deadline in `AppState::deadlines`, which
/// holds only the id): everything about them is stored, so they reload.
fn forget_idle(inner: &mut CacheInner) {
    let mut freed = 0;
    inner.games.retain(|_, (game, bytes)| {
        let held = Arc::strong_count(game) > 1;
        if !held {
            freed += *bytes;
        }
        held
    });
    inner.bytes -= freed;
}

/// Forgets every idle game now (the server does it when
/// [`CACHED_GAMES`] or [`CACHED_BYTES`] are reached); returns how many
/// stay.
pub fn evict_idle(state: &Shared) -> usize {
    state.games.evict_idle()
}

pub(crate) fn game_url(state: &Shared, id: &str) -> String {
    format!("{}/g/{id}", state.public_url)
}

#[derive(Deserialize)]
pub struct CreateGame {
    /// A ruleset id (or alias).
    game: String,
    /// `computer`, `local` or `online`.
    mode: String,
    level: Option<u8>,
    name: Option<String>,
    /// The second name in a local game.
    opponent: Option<String>,
    /// The creator's seat: `south` (default), `north` or `random`.
    side: Option<String>,
    /// A clock: each player's time in seconds (none: no clock).
    clock_seconds: Option<u32>,
    /// Seconds added to a player's time after each of their moves.
    increment_seconds: Option<u32>,
    /// A match (in games that have match play): the first to win the
    /// ruleset's number of games (Barbados: six) wins it.
    #[serde(rename = "match")]
    in_match: Option<bool>,
    /// A correspondence game (online only): days per move (1, 2, 3 or 7)
    /// instead of a clock.
    days_per_move: Option<u32>,
    /// A rated game (online, signed in; the joiner must be signed in too).
    rated: Option<bool>,
}

/// A seat in a game, as its player gets it: on creating a game, uploading
/// a record, or coming to a rematch or a match's next game.
#[derive(Serialize)]
pub(crate) struct SeatAnswer {
    pub(crate) id: String,
    /// The secret that moves for this seat (keep it: it is the seat).
    pub(crate) token: String,
    /// `south`, `north`; absent at one screen, where the token holds both.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) side: Option<&'static str>,
    pub(crate) url: String,
    /// The link for the friend, in an online game with its seat free.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) invite_url: Option<Option<String>>,
    pub(crate) state: Value,
}

/// The answer to joining through an invitation.
#[derive(Serialize)]
pub(crate) struct Joined {
    token: String,
    side: &'static str,
    state: Value,
}

/// A finished game in a list.
#[derive(Serialize)]
pub struct Summary<'a> {
    id: &'a str,
    game: &'a str,
    name: &'a str,
    mode: &'static str,
    south: &'a str,
    north: &'a str,
    result: Option<&'a str>,
    ending: Option<&'static str>,
    moves: u32,
    updated: i64,
}

/// A new game as asked for, checked: each field in turn, so that the
/// answer names the first problem.
struct NewGame {
    ruleset: &'static Ruleset,
    /// The creator's seat.
    side: Side,
    clock: Option<Clock>,
    days: Option<u8>,
    /// A match: the wins that take it.
    first_to: Option<u32>,
    mode: Mode,
    rated: bool,
}

impl CreateGame {
    /// The game asked for, checked.
    fn check(&self) -> Result<NewGame, ApiError> {
        let ruleset = crate::api::ruleset_named(&self.game)?;
        let side = match self.side.as_deref().unwrap_or("south") {
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
        let clock = clock_from(self.clock_seconds, self.increment_seconds)?;
        let days = days_of(self.days_per_move, clock.as_ref())?;
        let first_to = match (self.in_match.unwrap_or(false), ruleset.match_first_to) {
            (false, _) => None,
            (true, Some(n)) => Some(n),
            (true, None) => return Err(no_match_play(ruleset)),
        };
        let mode = Mode::parse(&self.mode).ok_or_else(|| {
            crate::api::not_one_of("bad_mode", "mode", &self.mode, "computer, local, online")
        })?;
        if days.is_some() && mode != Mode::Online {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "days_need_online",
                "days per move are for online games between two people (mode online)",
            ));
        }
        let rated = self.rated.unwrap_or(false);
        Ok(NewGame { ruleset, side, clock, days, first_to, mode, rated })
    }
}

pub(crate) async fn create(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<CreateGame>,
) -> ApiResult<SeatAnswer> {
    count_games(&state, &client, 1)?;
    let new = body.check()?;
    // A game made while signed in belongs to the account, under its name.
    let account = crate::api::signed_in_player(&state, &headers).await?;
    if new.rated {
        check_rated_request(account.as_ref(), new.mode, false)?;
    }
    let token = secret();
    let row = new_row(&state, &new, &body, account, &token)?;
    let (id, invite) = (row.id.clone(), row.invite.clone());
    store_new(&state, row, new.ruleset, new.first_to).await?;
    let game = live(&state, &id).await?;
    let mut live = game.lock().await;
    live.client = client;
    Ok(Json(SeatAnswer {
        token,
        side: Some(side_name(new.side)),
        url: game_url(&state, &id),
        invite_url: Some(invite.map(|code| format!("{}?invite={code}", game_url(&state, &id)))),
        state: live.state(),
        id,
    }))
}

/// A new game's row: the creator's seat (their account if signed in, their
/// name, `token`) and the other one: the computer's at its level, the
/// second name at one screen (the same token), or an invitation online.
fn new_row(
    state: &Shared,
    new: &NewGame,
    body: &CreateGame,
    account: Option<crate::store::PlayerRow>,
    token: &str,
) -> Result<GameRow, ApiError> {
    let (side, mode) = (new.side, new.mode);
    let name = match &account {
        Some(player) => player.name.clone(),
        None => clean_name(body.name.as_deref(), default_name(side)).map_err(name_error)?,
    };
    let mut row = GameRow {
        id: game_id(),
        ruleset: new.ruleset.id.to_string(),
        version: new.ruleset.version,
        mode,
        created: state.time.now_secs(),
        updated: state.time.now_secs(),
        clock: new.clock,
        // An online game's clock starts when the second player arrives.
        turn_started: (mode != Mode::Online).then(|| state.time.now_ms()),
        days: new.days,
        lot_seed: Some(lot_seed_for_new_game()),
        ..GameRow::default()
    };
    row.rated = new.rated;
    *seat_player(&mut row, side) = account.map(|p| p.id);
    let (mine, theirs) = seat_fields(&mut row, side);
    *mine.0 = name;
    *mine.1 = Some(token.to_string());
    match mode {
        Mode::Computer => {
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
            row.computer = Some(!side);
        }
        Mode::Local => {
            *theirs.0 =
                clean_name(body.opponent.as_deref(), default_name(!side)).map_err(name_error)?;
            *theirs.1 = Some(token.to_string());
        }
        Mode::Online => row.invite = Some(secret()),
    }
    Ok(row)
}

/// Stores a new game, as the first of a match of `first_to` wins if it
/// opens one.
async fn store_new(
    state: &Shared,
    mut row: GameRow,
    ruleset: &Ruleset,
    first_to: Option<u32>,
) -> Result<(), ApiError> {
    match first_to {
        Some(first_to) => {
            let contest = MatchRow {
                id: game_id(),
                ruleset: ruleset.id.into(),
                first_to,
                created: state.time.now_secs(),
            };
            row.match_id = Some(contest.id.clone());
            row.match_game = Some(0);
            blocking(state, move |s| s.create_match(&contest, &row)).await
        }
        None => blocking(state, move |s| s.create(&row, &[])).await,
    }
}

pub(crate) fn default_name(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

pub(crate) type Seat<'a> = (&'a mut String, &'a mut Option<String>);

/// The account field of a seat.
pub(crate) fn seat_player(row: &mut GameRow, side: Side) -> &mut Option<String> {
    match side {
        Side::South => &mut row.south_player,
        Side::North => &mut row.north_player,
    }
}

/// The name and token fields of `side` and of the other seat.
pub(crate) fn seat_fields(row: &mut GameRow, side: Side) -> (Seat<'_>, Seat<'_>) {
    let south = (&mut row.south_name, &mut row.south_token);
    let north = (&mut row.north_name, &mut row.north_token);
    match side {
        Side::South => (south, north),
        Side::North => (north, south),
    }
}

pub(crate) async fn show(State(state): State<Shared>, Path(id): Path<String>) -> ApiResult<Value> {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    nudge_computer(&state, &game, &live);
    Ok(Json(live.state()))
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    status: Option<String>,
    limit: Option<u32>,
    offset: Option<u32>,
    game: Option<String>,
    player: Option<String>,
}

pub(crate) async fn list(
    State(state): State<Shared>,
    q: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Value> {
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
    let list: Vec<Summary> = rows.iter().map(|(row, moves)| summary(row, *moves)).collect();
    serde_json::to_value(list).map(Json).map_err(internal)
}

pub fn summary(row: &GameRow, moves: u32) -> Summary<'_> {
    Summary {
        id: &row.id,
        game: &row.ruleset,
        name: ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name),
        mode: row.mode.id(),
        south: &row.south_name,
        north: &row.north_name,
        result: row.result.map(crate::store::GameResult::id),
        ending: row.ending.map(GameEnding::id),
        moves,
        updated: row.updated,
    }
}

#[derive(Deserialize)]
pub(crate) struct JoinBody {
    invite: String,
    name: Option<String>,
}

/// Takes an online game's free seat with its invitation code.
pub(crate) async fn join(
    State(state): State<Shared>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<JoinBody>,
) -> ApiResult<Joined> {
    let account = crate::api::signed_in_player(&state, &headers).await?;
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
    if state.time.now_secs() - live.row.created > state.invitation_seconds {
        return Err(error(
            StatusCode::GONE,
            "invitation_expired",
            format!(
                "this invitation expired: an invitation can be taken for {} hours after the \
                 game was made; ask for a new one",
                state.invitation_seconds / 3600
            ),
        ));
    }
    let side = if live.row.south_token.is_none() { Side::South } else { Side::North };
    if live.row.rated {
        let mut other = live.row.clone();
        check_rated_join(account.as_ref(), seat_player(&mut other, !side).as_deref())?;
    }
    let name = match &account {
        Some(player) => player.name.clone(),
        None => clean_name(body.name.as_deref(), default_name(side)).map_err(name_error)?,
    };
    let token = secret();
    let mut row = live.row.clone();
    *seat_player(&mut row, side) = account.map(|p| p.id);
    let (mine, _) = seat_fields(&mut row, side);
    *mine.0 = name;
    *mine.1 = Some(token.clone());
    row.invite = None;
    row.updated = state.time.now_secs();
    // Both seats are taken: the game, and its clock, start.
    row.turn_started = Some(state.time.now_ms());
    let saved = row.clone();
    blocking(&state, move |s| s.save(&saved)).await?;
    live.row = row;
    watch_clock(&state, &live);
    let state_json = live.state();
    live.publish(&Push::State { state: &state_json });
    Ok(Json(Joined { token, side: side_name(side), state: state_json }))
}

/// A new game between the same players with the seats swapped, and the
/// same clock. The first player to ask makes it; the other gets their seat
/// in it by asking too. In a match it is the match's next game: each player
/// keeps their token (which moves to the other seat), and once a player has
/// won the match there is none.
pub(crate) async fn rematch(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    seated: Seated,
) -> ApiResult<SeatAnswer> {
    let (mut live, seats) = seated.lock().await?;
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
        return come_to_rematch(&state, next, new_side).await;
    }
    match_not_over(&live)?;
    // The one who asks first makes the game: it counts for their address.
    count_games(&state, &client, 1)?;
    let row = rematch_row(&state, &live.row)?;
    let mut old_row = live.row.clone();
    old_row.rematch = Some(row.id.clone());
    old_row.updated = state.time.now_secs();
    let (new_row, saved_old) = (row.clone(), old_row.clone());
    blocking(&state, move |s| s.create_next(&saved_old, &new_row)).await?;
    live.row = old_row;
    live.called_off = None;
    live.publish_state();
    drop(live);
    come_to_rematch(&state, row.id, new_side).await
}

/// The asker comes to the rematch `next` (made now, or asked for first by
/// the other player) in the seat of `side`: their seat, and the game.
async fn come_to_rematch(state: &Shared, next: String, side: Side) -> ApiResult<SeatAnswer> {
    let next_game = live(state, &next).await?;
    let mut next_live = next_game.lock().await;
    arrive(state, &mut next_live, &[side]).await?;
    let token = match side {
        Side::South => next_live.row.south_token.clone(),
        Side::North => next_live.row.north_token.clone(),
    };
    let token = token.or_else(|| next_live.row.south_token.clone()).unwrap_or_default();
    Ok(Json(SeatAnswer {
        token,
        side: Some(side_name(side)),
        url: game_url(state, &next),
        invite_url: None,
        state: next_live.state(),
        id: next,
    }))
}

/// 409 once the game's match has been won: no next game.
fn match_not_over(live: &Live) -> Result<(), ApiError> {
    let Some(contest) = &live.in_match else { return Ok(()) };
    let tally = contest.tally(live.decided());
    let Some(player) = tally.winner() else { return Ok(()) };
    let score = tally.score();
    Err(error(
        StatusCode::CONFLICT,
        "match_over",
        format!(
            "the match is over: player {} won it {}-{}",
            player + 1,
            score[player],
            score[1 - player]
        ),
    ))
}

/// The seat tokens of a rematch of `old`: a match's next game keeps the
/// players' tokens (seats swapped); one screen has one token for both
/// seats, a computer game one for the human's; online, two new ones.
fn rematch_tokens(old: &GameRow) -> (Option<String>, Option<String>) {
    match old.mode {
        _ if old.match_id.is_some() => (old.north_token.clone(), old.south_token.clone()),
        Mode::Local => {
            let t = secret();
            (Some(t.clone()), Some(t))
        }
        Mode::Computer => {
            let human = old.computer.map_or(Side::South, |c| !c);
            let t = Some(secret());
            if human == Side::South {
                (None, t)
            } else {
                (t, None)
            }
        }
        _ => (Some(secret()), Some(secret())),
    }
}

/// The row of a rematch of `old` (or its match's next game): the same
/// game, clock and players, seats swapped.
fn rematch_row(state: &Shared, old: &GameRow) -> Result<GameRow, ApiError> {
    let ruleset = ruleset(&old.ruleset)
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    let (south_token, north_token) = rematch_tokens(old);
    Ok(GameRow {
        id: game_id(),
        ruleset: ruleset.id.to_string(),
        version: ruleset.version,
        mode: old.mode,
        level: old.level,
        south_name: old.north_name.clone(),
        north_name: old.south_name.clone(),
        south_token,
        north_token,
        computer: old.computer.map(|c| !c),
        created: state.time.now_secs(),
        updated: state.time.now_secs(),
        clock: old.clock.map(|c| Clock { south_ms: c.initial_ms, north_ms: c.initial_ms, ..c }),
        // Between two people online, the game (and its clocks) starts once
        // the other player is in it too (`arrive`).
        turn_started: (old.mode != Mode::Online).then(|| state.time.now_ms()),
        match_id: old.match_id.clone(),
        match_game: old.match_game.map(|n| n + 1),
        days: old.days,
        // The same players, seats swapped; rated if this one was (both
        // agree again by asking for the rematch).
        rated: old.rated,
        south_player: old.north_player.clone(),
        north_player: old.south_player.clone(),
        // A new lot: the last game's seed is public once it is over.
        lot_seed: Some(lot_seed_for_new_game()),
        ..GameRow::default()
    })
}

/// Who calls a rematch off: the player asked, who declines it, or the one
/// who asked, who withdraws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallOff {
    Decline,
    Withdraw,
}

/// `POST /api/games/{id}/rematch/decline` (the player asked) and
/// `.../rematch/cancel` (the player who asked), on the finished game with
/// its seat's token: the rematch waiting for the other player is called
/// off. The rematch game, never begun, is deleted (with the link to it, in
/// one transaction); both games' pages are told at once over their
/// sockets (`called_off` in their states), so neither player is left
/// waiting. A match's next game is not a rematch: it is played or
/// resigned.
/// A rematch called off: why, and the game's state after it.
#[derive(Serialize)]
pub(crate) struct CalledOffAnswer {
    called_off: &'static str,
    game: Value,
}

pub(crate) async fn call_off(
    state: &Shared,
    seated: Seated,
    how: CallOff,
) -> ApiResult<CalledOffAnswer> {
    let (mut live, seats) = seated.lock().await?;
    let Some(next) = live.row.rematch.clone() else {
        return Err(error(StatusCode::CONFLICT, "no_rematch", "no rematch was asked for"));
    };
    if live.row.match_id.is_some() || live.row.mode != Mode::Online || seats.len() != 1 {
        return Err(error(
            StatusCode::CONFLICT,
            "not_declinable",
            "only a rematch between two people online can be declined or withdrawn (a match's \
             next game is played or resigned)",
        ));
    }
    let previous_id = live.row.id.clone();
    let next_game = self::live(state, &next).await?;
    let mut next_live = next_game.lock().await;
    // The caller's seat in the rematch is the other colour.
    let asked = next_live.arrived[(!seats[0]).index()];
    match (how, asked) {
        (CallOff::Decline, true) => {
            return Err(error(
                StatusCode::CONFLICT,
                "you_asked",
                "you asked for this rematch: withdraw it (rematch/cancel) instead",
            ))
        }
        (CallOff::Withdraw, false) => {
            return Err(error(
                StatusCode::CONFLICT,
                "not_yours",
                "the other player asked for this rematch: decline it (rematch/decline) instead",
            ))
        }
        _ => {}
    }
    if !next_live.waiting_for_opponent() || !next_live.game.moves().is_empty() {
        return Err(error(
            StatusCode::CONFLICT,
            "rematch_started",
            "the rematch has begun: play it, or resign",
        ));
    }
    let mut previous = live.row.clone();
    previous.rematch = None;
    previous.updated = state.time.now_secs();
    let (row, id) = (previous.clone(), next.clone());
    if !blocking(state, move |s| s.call_off_rematch(&row, &id)).await? {
        return Err(error(
            StatusCode::CONFLICT,
            "rematch_started",
            "the rematch has begun: play it, or resign",
        ));
    }
    let why = match how {
        CallOff::Decline => "declined",
        CallOff::Withdraw => "withdrawn",
    };
    live.row = previous;
    live.called_off = Some(crate::live::CalledOff { why, back: None });
    live.publish_state();
    next_live.called_off = Some(crate::live::CalledOff { why, back: Some(previous_id) });
    next_live.publish_state();
    Ok(Json(CalledOffAnswer { called_off: why, game: live.state() }))
}

pub(crate) async fn decline_rematch(
    State(state): State<Shared>,
    seated: Seated,
) -> ApiResult<CalledOffAnswer> {
    call_off(&state, seated, CallOff::Decline).await
}

pub(crate) async fn cancel_rematch(
    State(state): State<Shared>,
    seated: Seated,
) -> ApiResult<CalledOffAnswer> {
    call_off(&state, seated, CallOff::Withdraw).await
}

/// Counts the players of `sides` as come to a game that waits for both (a
/// rematch or a match's next game between two people online: asking for
/// it, or opening it with their seat, brings a player in). Once both are
/// in, the game starts: the turn, the clock and the abandonment timer begin
/// now, not when the first of them asked.
pub(crate) async fn arrive(
    state: &Shared,
    live: &mut Live,
    sides: &[Side],
) -> Result<(), ApiError> {
    if !live.waiting_for_opponent() || live.row.invite.is_some() {
        return Ok(());
    }
    let before = live.arrived;
    for side in sides {
        live.arrived[side.index()] = true;
    }
    if live.arrived == before {
        return Ok(());
    }
    if live.arrived == [true, true] {
        let mut row = live.row.clone();
        row.turn_started = Some(state.time.now_ms());
        row.updated = state.time.now_secs();
        let saved = row.clone();
        if let Err(e) = blocking(state, move |s| s.save(&saved)).await {
            live.arrived = before;
            return Err(e);
        }
        live.row = row;
        watch_clock(state, live);
    }
    live.publish_state();
    Ok(())
}

/// The refusal of a match in a ruleset without match play: 400
/// `no_match_play`, naming the rulesets that have it.
pub(crate) fn no_match_play(ruleset: &mancala_rules::Ruleset) -> ApiError {
    let with: Vec<&str> = mancala_rules::RULESETS
        .iter()
        .filter(|r| r.match_first_to.is_some())
        .map(|r| r.id)
        .collect();
    error(
        StatusCode::BAD_REQUEST,
        "no_match_play",
        format!("{} has no match play; matches are played in {}", ruleset.id, with.join(", ")),
    )
}
