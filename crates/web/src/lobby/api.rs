//! The lobby's API: seeks, quick pairing and challenges over HTTP, and the
//! lobby's WebSocket, which pushes every change to everyone on `/lobby` and
//! tells each person when a game starts for them (with their seat token).
//!
//! A person is an account (the session cookie) or a guest, known by a
//! random identity cookie (`mancala_guest`, set by the lobby page or by the
//! first lobby request that needs it). Rated games need an account.

use super::{
    Challenge, Colour, LobbyView, Message, Paired, Pairing, Person, Refusal, Seek, Terms, Timing,
    Waiting, Why, QUICK_POOLS, RATING_BOUNDS,
};
use crate::api::{
    blocking, clean_name, count_games, error, game_id, guest_cookie, guest_id, name_error, secret,
    signed_in, ApiError, ApiResult, ClientOf, JsonBody,
};
use crate::live::{side_name, Live};
use crate::play::{
    clock_from, create_seated_game_with_days, days_of, live, NewSeatedGame, SeatSpec, SeatedGame,
};
use crate::rating::START_RATING;
use crate::scheduler::Client;
use crate::store::{Mode, SeatTokens};
use crate::Shared;
use axum::extract::ws::Message as Frame;
use axum::extract::ws::WebSocket;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::header;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::response::Response;
use axum::Json;
use mancala_rules::Side;
use serde::Deserialize;
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;

/// Who asks, as the lobby knows them: their account if they are signed in
/// (a missing or ended session is no error here: the person is a guest),
/// the guest identity their cookie carries, and their address. Every lobby
/// request that acts for someone starts here.
pub(crate) struct Asker {
    account: Option<Person>,
    guest: Option<String>,
    client: crate::scheduler::Client,
}

impl FromRequestParts<Shared> for Asker {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &Shared) -> Result<Self, ApiError> {
        let Ok(ClientOf(client)) = ClientOf::from_request_parts(parts, state).await;
        let account = match signed_in(state, &parts.headers).await {
            Ok((player, _)) => Some(account_person(player)),
            Err(e) if e.status == StatusCode::UNAUTHORIZED => None,
            Err(e) => return Err(e),
        };
        Ok(Asker { account, guest: guest_id(&parts.headers), client })
    }
}

impl Asker {
    /// Who is looking at the lobby: the account, or a guest known by the
    /// identity cookie (with no name), or no one yet.
    fn viewer(&self) -> Option<Person> {
        match &self.account {
            Some(person) => Some(person.clone()),
            None => self.guest.as_ref().map(|id| Person {
                key: format!("guest:{id}"),
                name: String::new(),
                account: None,
            }),
        }
    }

    /// The person who asks, and the cookie to set for a guest seen for the
    /// first time. A guest's name is the one given (cleaned as every
    /// player's name), or "Guest".
    fn person(
        &self,
        state: &Shared,
        name: Option<&str>,
    ) -> Result<(Person, Option<String>), ApiError> {
        if let Some(person) = &self.account {
            return Ok((person.clone(), None));
        }
        let name = clean_name(name, "Guest").map_err(name_error)?;
        let (id, cookie) = match &self.guest {
            Some(id) => (id.clone(), None),
            None => {
                let id = secret();
                let cookie = guest_cookie(state, &id);
                (id, Some(cookie))
            }
        };
        Ok((Person { key: format!("guest:{id}"), name, account: None }, cookie))
    }

    /// The signed-in person, or 401.
    fn member(&self) -> Result<Person, ApiError> {
        self.account.clone().ok_or_else(|| {
            error(
                StatusCode::UNAUTHORIZED,
                "not_signed_in",
                "sign in first: challenges are between accounts",
            )
        })
    }

    /// The person who offers to play on `terms` (a seek or quick pairing),
    /// the guest cookie to set, and their rating in the game; rated terms
    /// need an account.
    async fn player(
        &self,
        state: &Shared,
        name: Option<&str>,
        terms: &Terms,
    ) -> Result<(Person, Option<String>, f64), ApiError> {
        let (person, cookie) = self.person(state, name)?;
        if terms.rated && person.account.is_none() {
            return Err(needs_account());
        }
        let rating = rating(state, &person, terms.ruleset).await?;
        Ok((person, cookie, rating))
    }

    /// The games the address may create this hour (a game from the lobby
    /// counts against the address of whoever starts it).
    fn may_create(&self, state: &Shared) -> Result<(), ApiError> {
        count_games(state, &self.client, 1)
    }
}

/// The person of an account.
fn account_person(player: crate::store::PlayerRow) -> Person {
    Person { key: format!("account:{}", player.id), name: player.name, account: Some(player.id) }
}

/// A person's rating in a game: the account's, or the start rating (guests,
/// and accounts with no rated game in it yet).
async fn rating(state: &Shared, person: &Person, ruleset: &str) -> Result<f64, ApiError> {
    let Some(account) = person.account.clone() else { return Ok(START_RATING) };
    let rows = blocking(state, move |s| s.ratings(&account)).await?;
    Ok(rows.iter().find(|r| r.ruleset == ruleset).map_or(START_RATING, |r| r.rating))
}

/// An answer with a status, a JSON body and maybe a guest cookie.
fn answer(status: StatusCode, body: impl Serialize, cookie: Option<String>) -> Response {
    match cookie {
        Some(cookie) => (status, [(header::SET_COOKIE, cookie)], Json(body)).into_response(),
        None => (status, Json(body)).into_response(),
    }
}

/// The answer to joining quick pairing: paired at once (the seat), or
/// waiting in a pool.
#[derive(Serialize)]
#[serde(untagged)]
enum QuickAnswer {
    Paired { waiting: bool, paired: Option<Paired> },
    Waiting { waiting: bool, pool: String },
}

/// A game waiting for its player's move.
#[derive(Serialize)]
pub(crate) struct WaitingGame {
    id: String,
    game: &'static str,
    name: &'static str,
    side: &'static str,
    opponent: String,
    /// Correspondence: days per move and the move's deadline (ms).
    days: Option<u8>,
    deadline: Option<i64>,
}

/// The answer to each refusal.
fn refusal(why: Refusal) -> ApiError {
    match why {
        Refusal::SeekExists(id) => {
            let e = error(
                StatusCode::CONFLICT,
                "seek_exists",
                "you already have an open seek for this game: one at a time per game; \
                 cancel it (DELETE /api/seeks/ID) to post another",
            );
            e.with(crate::api::Detail::Seek { seek: id.to_string() })
        }
        Refusal::TooManySeeks => error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_seeks",
            format!(
                "your address already has {} open seeks; wait for them to be taken",
                crate::lobby::SEEKS_PER_ADDRESS
            ),
        ),
        Refusal::TooManyChallenges => error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_challenges",
            format!(
                "you already have {} open challenges; wait for answers or withdraw some",
                crate::lobby::CHALLENGES_PER_PERSON
            ),
        ),
        Refusal::Gone => error(
            StatusCode::GONE,
            "gone",
            "this is no longer open: it was taken, cancelled or declined, or its owner left",
        ),
        Refusal::NotYours => error(
            StatusCode::FORBIDDEN,
            "not_yours",
            "only its owner (or the one challenged) may do that",
        ),
        Refusal::OwnSeek => error(
            StatusCode::CONFLICT,
            "own_seek",
            "this is your own seek: someone else has to take it",
        ),
        Refusal::OutOfRange { rating, min, max } => error(
            StatusCode::FORBIDDEN,
            "out_of_range",
            format!("this seek is for ratings {min}-{max}; yours in this game is {rating}"),
        ),
        Refusal::NeedsAccount => needs_account(),
        Refusal::AlreadyChallenged => error(
            StatusCode::CONFLICT,
            "already_challenged",
            "you already challenged this player; wait for the answer or withdraw it",
        ),
    }
}

fn needs_account() -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "rated_for_accounts",
        "rated games are between signed-in players: sign in, or play a casual game",
    )
}

/// The game and timing a seek or a challenge asks for (a quick pairing's
/// come from its own fields).
#[derive(Deserialize)]
pub(crate) struct TermsBody {
    game: String,
    clock_seconds: Option<u32>,
    increment_seconds: Option<u32>,
    days_per_move: Option<u32>,
    #[serde(default)]
    rated: bool,
}

impl TermsBody {
    /// The terms, checked as a new game's are.
    fn check(&self) -> Result<Terms, ApiError> {
        let ruleset = crate::api::ruleset_named(&self.game)?;
        let clock = clock_from(self.clock_seconds, self.increment_seconds)?;
        let days = days_of(self.days_per_move, clock.as_ref())?;
        let timing = match (self.clock_seconds, days) {
            (Some(seconds), _) => {
                Timing::Clock { seconds, increment: self.increment_seconds.unwrap_or(0) }
            }
            (None, Some(days)) => Timing::Days(days),
            (None, None) => Timing::Untimed,
        };
        Ok(Terms { ruleset: ruleset.id, timing, rated: self.rated })
    }
}

// The requests' bodies.

#[derive(Deserialize)]
pub(crate) struct SeekBody {
    #[serde(flatten)]
    terms: TermsBody,
    rating_min: Option<i64>,
    rating_max: Option<i64>,
    /// The poster's seat: `south`, `north` or `random` (default).
    colour: Option<String>,
    /// A guest's name.
    name: Option<String>,
}

#[derive(Deserialize, Default)]
pub(crate) struct NameBody {
    name: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct QuickBody {
    game: String,
    clock_seconds: u32,
    increment_seconds: u32,
    #[serde(default)]
    rated: bool,
    name: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct ChallengeBody {
    /// The challenged player's account name.
    name: String,
    #[serde(flatten)]
    terms: TermsBody,
    colour: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct SeatRef {
    id: String,
    token: String,
}

#[derive(Deserialize)]
pub(crate) struct WaitingBody {
    seats: Vec<SeatRef>,
}

/// A seek's rating range: both ends within [`RATING_BOUNDS`], the first
/// not above the second; one end alone leaves the other open.
fn range_of(min: Option<i64>, max: Option<i64>) -> Result<Option<(u32, u32)>, ApiError> {
    if min.is_none() && max.is_none() {
        return Ok(None);
    }
    let (low, high) = (*RATING_BOUNDS.start(), *RATING_BOUNDS.end());
    let check = |value: i64| {
        u32::try_from(value).ok().filter(|v| RATING_BOUNDS.contains(v)).ok_or_else(|| {
            error(
                StatusCode::BAD_REQUEST,
                "bad_range",
                format!("a rating range's ends must be from {low} to {high}, not {value}"),
            )
        })
    };
    let min = min.map(check).transpose()?.unwrap_or(low);
    let max = max.map(check).transpose()?.unwrap_or(high);
    if min > max {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_range",
            format!("rating_min ({min}) is above rating_max ({max}): no rating fits"),
        ));
    }
    Ok(Some((min, max)))
}

fn colour_of(text: Option<&str>) -> Result<Colour, ApiError> {
    Colour::parse(text.unwrap_or("random")).ok_or_else(|| {
        error(StatusCode::BAD_REQUEST, "bad_colour", "colour must be south, north or random")
    })
}

/// The seat of a person in the lobby, for [`create_seated_game`]: an
/// account (only its id and name are read), or a guest by name.
fn seat_spec(person: &Person) -> SeatSpec {
    match &person.account {
        Some(id) => SeatSpec::account(crate::store::PlayerRow {
            id: id.clone(),
            name: person.name.clone(),
            password: String::new(),
            created: 0,
            deleted: false,
        }),
        None => SeatSpec::guest(&person.name),
    }
}

/// Starts the game of a pairing: an online game between the two, both
/// seats taken (no invitation), linked to their accounts and rated if they
/// agreed to that, which begins, with its clock, once both players have
/// opened it (as a rematch does). Every game the lobby makes is made here,
/// through the one function that makes seated games (`api/rated.rs`).
pub(crate) async fn start_game(state: &Shared, pairing: &Pairing) -> Result<SeatedGame, ApiError> {
    let (clock, days) = match pairing.terms.timing {
        Timing::Clock { seconds, increment } => {
            (Some((i64::from(seconds) * 1000, i64::from(increment) * 1000)), None)
        }
        Timing::Days(days) => (None, Some(days)),
        Timing::Untimed => (None, None),
    };
    let spec = NewSeatedGame {
        ruleset: pairing.terms.ruleset.to_string(),
        clock,
        rated: pairing.terms.rated,
        south: seat_spec(&pairing.south),
        north: seat_spec(&pairing.north),
    };
    create_seated_game_with_days(state, spec, days).await
}

/// Starts a pairing's game and tells both players (on their lobby
/// sockets); the seat of `asking` (who made the request, if one did) is
/// the answer. If the game cannot be made, both are told.
async fn pair(
    state: &Shared,
    pairing: Pairing,
    asking: Option<&Person>,
) -> Result<Option<Paired>, ApiError> {
    let started = match start_game(state, &pairing).await {
        Ok(started) => started,
        Err(e) => {
            for person in [&pairing.south, &pairing.north] {
                state.lobby.tell(person, Message::PairingFailed);
            }
            return Err(e);
        }
    };
    let mut mine = None;
    for (person, side, token) in [
        (&pairing.south, "south", &started.south_token),
        (&pairing.north, "north", &started.north_token),
    ] {
        let opponent = if side == "south" { &pairing.north } else { &pairing.south };
        let seat = Paired {
            id: started.id.clone(),
            url: started.url.clone(),
            token: token.clone(),
            side,
            game: pairing.terms.ruleset,
            opponent: opponent.name.clone(),
        };
        if asking.is_some_and(|a| a.key == person.key) {
            mine = Some(seat.clone());
        }
        state.lobby.tell(person, Message::Paired(seat));
    }
    Ok(mine)
}

/// `GET /api/lobby`: the open seeks, the quick-pairing counts, and the
/// asker's challenges.
pub(crate) async fn show_lobby(State(state): State<Shared>, asker: Asker) -> ApiResult<LobbyView> {
    Ok(Json(state.lobby.list(asker.viewer().as_ref())))
}

/// `POST /api/seeks`: posts a seek (201 and the seek).
pub(crate) async fn post_seek(
    State(state): State<Shared>,
    asker: Asker,
    JsonBody(body): JsonBody<SeekBody>,
) -> Result<Response, ApiError> {
    let terms = body.terms.check()?;
    let range = range_of(body.rating_min, body.rating_max)?;
    let colour = colour_of(body.colour.as_deref())?;
    let (owner, cookie, rating) = asker.player(&state, body.name.as_deref(), &terms).await?;
    let address = match asker.client {
        crate::scheduler::Client::Address(ip) => Some(ip),
        crate::scheduler::Client::Unknown => None,
    };
    let seek = Seek { id: game_id(), owner, rating, terms, range, colour, address };
    let json = state.lobby.post(seek).map_err(refusal)?;
    Ok(answer(StatusCode::CREATED, json, cookie))
}

/// `DELETE /api/seeks/ID`: the owner cancels a seek.
pub(crate) async fn cancel_seek(
    State(state): State<Shared>,
    Path(id): Path<String>,
    asker: Asker,
) -> Result<StatusCode, ApiError> {
    let (owner, _) = asker.person(&state, None)?;
    state.lobby.cancel(&id, &owner).map_err(refusal)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/seeks/ID/accept`: takes a seek; the game starts for both
/// (the answer is the taker's seat, the owner's comes on their socket).
pub(crate) async fn take_seek(
    State(state): State<Shared>,
    Path(id): Path<String>,
    asker: Asker,
    JsonBody(body): JsonBody<NameBody>,
) -> Result<Response, ApiError> {
    let (taker, cookie) = asker.person(&state, body.name.as_deref())?;
    let terms = state.lobby.terms_of(&id).ok_or_else(|| refusal(Refusal::Gone))?;
    let rating = rating(&state, &taker, terms.ruleset).await?;
    asker.may_create(&state)?;
    let pairing = state.lobby.take(&id, &taker, rating).map_err(refusal)?;
    let seat = pair(&state, pairing, Some(&taker)).await?;
    Ok(answer(StatusCode::OK, seat, cookie))
}

/// `POST /api/lobby/quick`: waits for a quick pairing with one of the
/// offered settings; `{"waiting": true}`, or the seat at once if a player
/// close enough in rating was waiting.
pub(crate) async fn quick(
    State(state): State<Shared>,
    asker: Asker,
    JsonBody(body): JsonBody<QuickBody>,
) -> Result<Response, ApiError> {
    let terms = TermsBody {
        game: body.game.clone(),
        clock_seconds: Some(body.clock_seconds),
        increment_seconds: Some(body.increment_seconds),
        days_per_move: None,
        rated: body.rated,
    }
    .check()?;
    let offered = QUICK_POOLS.iter().any(|&(game, minutes, increment)| {
        terms.ruleset == game
            && body.clock_seconds == minutes * 60
            && body.increment_seconds == increment
    });
    if !offered {
        let list: Vec<String> =
            QUICK_POOLS.iter().map(|(g, m, i)| format!("{g} {}+{i}", m * 60)).collect();
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_quick",
            format!(
                "quick pairing offers these pools (game clock_seconds+increment_seconds): {}",
                list.join(", ")
            ),
        ));
    }
    let (person, cookie, rating) = asker.player(&state, body.name.as_deref(), &terms).await?;
    asker.may_create(&state)?;
    let waiting = Waiting { person: person.clone(), rating, terms, since: state.time.now_ms() };
    let body = match state.lobby.wait(waiting) {
        Some(pairing) => QuickAnswer::Paired {
            waiting: false,
            paired: pair(&state, pairing, Some(&person)).await?,
        },
        None => QuickAnswer::Waiting { waiting: true, pool: super::pool_id(&terms) },
    };
    Ok(answer(StatusCode::OK, body, cookie))
}

/// `DELETE /api/lobby/quick`: stops waiting.
pub(crate) async fn stop_quick(
    State(state): State<Shared>,
    asker: Asker,
) -> Result<StatusCode, ApiError> {
    let (person, _) = asker.person(&state, None)?;
    state.lobby.stop_waiting(&person);
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/challenges`: challenges a named player (both signed in).
pub(crate) async fn post_challenge(
    State(state): State<Shared>,
    asker: Asker,
    JsonBody(body): JsonBody<ChallengeBody>,
) -> Result<Response, ApiError> {
    let from = asker.member()?;
    let terms = body.terms.check()?;
    let colour = colour_of(body.colour.as_deref())?;
    let name = body.name.trim().to_string();
    let looked_up = name.clone();
    let found = if name.is_empty() || name.len() > 40 {
        None
    } else {
        blocking(&state, move |s| s.player_named(&looked_up)).await?
    };
    let player = found.filter(|p| !p.deleted).ok_or_else(|| {
        error(StatusCode::NOT_FOUND, "unknown_player", format!("there is no player named '{name}'"))
    })?;
    if from.account.as_deref() == Some(player.id.as_str()) {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "self_challenge",
            "you cannot challenge yourself: name another player",
        ));
    }
    let to = account_person(player);
    let challenge = Challenge { id: game_id(), from, to, terms, colour };
    let json = state.lobby.challenge(challenge).map_err(refusal)?;
    Ok((StatusCode::CREATED, Json(json)).into_response())
}

/// `POST /api/challenges/ID/accept`: the game starts for both.
pub(crate) async fn accept_challenge(
    State(state): State<Shared>,
    Path(id): Path<String>,
    asker: Asker,
) -> ApiResult<Option<Paired>> {
    let person = asker.member()?;
    asker.may_create(&state)?;
    let pairing = state.lobby.answer(&id, &person, true).map_err(refusal)?;
    let Some(pairing) = pairing else { return Err(refusal(Refusal::Gone)) };
    let challenger = if pairing.south.key == person.key { &pairing.north } else { &pairing.south };
    state.lobby.tell(challenger, Message::ChallengeGone { id: id.clone(), why: Why::Accepted });
    Ok(Json(pair(&state, pairing, Some(&person)).await?))
}

/// `POST /api/challenges/ID/decline`.
pub(crate) async fn decline_challenge(
    State(state): State<Shared>,
    Path(id): Path<String>,
    asker: Asker,
) -> Result<StatusCode, ApiError> {
    state.lobby.answer(&id, &asker.member()?, false).map_err(refusal)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/challenges/ID`: the challenger withdraws it.
pub(crate) async fn withdraw_challenge(
    State(state): State<Shared>,
    Path(id): Path<String>,
    asker: Asker,
) -> Result<StatusCode, ApiError> {
    state.lobby.withdraw(&id, &asker.member()?).map_err(refusal)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/lobby/ws`: the lobby's socket.
pub(crate) async fn lobby_socket(
    State(state): State<Shared>,
    place: Option<axum::Extension<Arc<crate::serve::Slot>>>,
    upgrade: WebSocketUpgrade,
    asker: Asker,
) -> Result<Response, ApiError> {
    let person = asker.viewer();
    Ok(upgrade.max_message_size(1024).on_upgrade(move |socket| async move {
        let _place = place;
        let snapshot = state.lobby.subscribe(person.as_ref());
        lobby_pump(&state, socket, snapshot, person.as_ref()).await;
        if let Some(person) = &person {
            state.lobby.leave(person);
        }
    }))
}

/// Sends everything open, then every change, to one lobby socket, until it
/// closes or stays silent for two pings (then its person has left). The
/// page sends nothing but pongs: every action is an HTTP request, under the
/// per-address limits; a client that floods the socket is dropped.
async fn lobby_pump(
    state: &Shared,
    mut socket: WebSocket,
    snapshot: crate::lobby::Snapshot,
    person: Option<&Person>,
) {
    let crate::lobby::Snapshot { message, mut public, mut personal, mailbox } = snapshot;
    for text in std::iter::once(message).chain(mailbox) {
        if socket.send(Frame::Text(text.into())).await.is_err() {
            return;
        }
    }
    let mut alive = crate::api::socket::Keepalive::new(state.ping, state.time.clone());
    loop {
        let mine = async {
            match personal.as_mut() {
                Some(rx) => rx.recv().await,
                None => std::future::pending().await,
            }
        };
        let text = tokio::select! {
            there = alive.due() => {
                if !crate::api::socket::ping(&mut socket, there).await {
                    return;
                }
                continue;
            }
            message = public.recv() => match message {
                Ok(text) => text,
                // Too far behind: everything open, afresh.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    Message::Lobby(state.lobby.list(person)).text()
                }
                Err(_) => return,
            },
            message = mine => match message {
                Ok(text) => text,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(_) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(message)) => {
                    // The page sends nothing but pongs: the rest is counted
                    // against the flood limit and dropped.
                    if alive.heard(&message) == crate::api::socket::Heard::Flood {
                        crate::api::socket::close(&mut socket).await;
                        return;
                    }
                    continue;
                }
            },
        };
        if socket.send(Frame::Text(text.into())).await.is_err() {
            return;
        }
    }
}

/// Pairs waiting players whose rating windows have grown, and clears what
/// people who left owned: every half second, for the whole server.
pub async fn sweep_lobby(state: Shared) {
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    loop {
        tick.tick().await;
        for pairing in state.lobby.sweep() {
            let state = state.clone();
            tokio::spawn(async move {
                let _ = pair(&state, pairing, None).await;
            });
        }
    }
}

/// Seats a page asks about: at most this many (a browser keeps the seats
/// of the games played on it).
const WAITING_SEATS_MAX: usize = 200;

/// `POST /api/waiting` `{seats: [{id, token}]}`: of the games these seats
/// are in (the home page sends the ones its browser keeps), those online
/// whose player to move holds the seat, correspondence games first, each
/// by its deadline.
pub(crate) async fn waiting_games(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    JsonBody(body): JsonBody<WaitingBody>,
) -> ApiResult<Vec<WaitingGame>> {
    allow_waiting(&state, client, body.seats.len())?;
    let seats = distinct_seats(body.seats);
    let stored = stored_seats(&state, &seats).await?;
    let mut out: Vec<WaitingGame> = Vec::new();
    for seat in seats {
        if out.iter().any(|g| g.id == seat.id) {
            continue;
        }
        if !state.games.contains(&seat.id) && !holds(&stored, &seat) {
            continue;
        }
        // A game that is gone or unreadable is simply not waiting.
        let Ok(game) = live(&state, &seat.id).await else { continue };
        let live = game.lock().await;
        if let Some(waiting) = WaitingGame::on_turn(&live, &seat.token) {
            out.push(waiting);
        }
    }
    out.sort_by_key(|g| (g.deadline.is_none(), g.deadline));
    Ok(Json(out))
}

/// 400 for more than [`WAITING_SEATS_MAX`] seats, 429 for an address
/// that asks too often.
fn allow_waiting(state: &Shared, client: Client, seats: usize) -> Result<(), ApiError> {
    if seats > WAITING_SEATS_MAX {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "too_many_seats",
            format!("ask about at most {WAITING_SEATS_MAX} seats at once"),
        ));
    }
    if let Client::Address(ip) = client {
        if !state.waiting.allow(ip) {
            return Err(error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "your address asks about waiting games too often; a page asks once when it opens",
            ));
        }
    }
    Ok(())
}

/// Each seat once; only well-formed ids.
fn distinct_seats(seats: Vec<SeatRef>) -> Vec<SeatRef> {
    let mut seen = std::collections::HashSet::new();
    seats
        .into_iter()
        .filter(|s| s.id.len() <= 32 && s.id.chars().all(|c| c.is_ascii_alphanumeric()))
        .filter(|s| seen.insert((s.id.clone(), s.token.clone())))
        .collect()
}

/// The stored seats of the games of `seats` not in memory. A game not in
/// memory is loaded only if the store says the seat's token is one of its
/// seats (one query for all): a page cannot make the server load games it
/// does not play in.
async fn stored_seats(state: &Shared, seats: &[SeatRef]) -> Result<Vec<SeatTokens>, ApiError> {
    let mut absent: Vec<String> =
        seats.iter().filter(|s| !state.games.contains(&s.id)).map(|s| s.id.clone()).collect();
    absent.sort_unstable();
    absent.dedup();
    if absent.is_empty() {
        return Ok(Vec::new());
    }
    blocking(state, move |s| s.online_seats(&absent)).await
}

/// Whether the stored seats say `seat`'s token holds a seat of its game.
fn holds(stored: &[SeatTokens], seat: &SeatRef) -> bool {
    stored.iter().any(|(id, south, north)| {
        *id == seat.id && [south, north].iter().any(|t| t.as_deref() == Some(seat.token.as_str()))
    })
}

impl WaitingGame {
    /// The game, if it is online, both seats taken and not over, and the
    /// player to move is the one `token` seats (and only them).
    fn on_turn(live: &Live, token: &str) -> Option<WaitingGame> {
        let to_move = live.to_move()?;
        let mine = live.seats(token);
        if live.row.mode != Mode::Online
            || live.waiting_for_opponent()
            || live.is_finished()
            || mine != [to_move]
        {
            return None;
        }
        let opponent = match to_move {
            Side::South => live.row.north_name.clone(),
            Side::North => live.row.south_name.clone(),
        };
        Some(WaitingGame {
            id: live.row.id.clone(),
            game: live.ruleset.id,
            name: live.ruleset.name,
            side: side_name(to_move),
            opponent,
            days: live.row.days,
            deadline: live.deadline(),
        })
    }
}
