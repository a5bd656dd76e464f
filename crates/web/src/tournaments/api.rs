//! Tournaments over HTTP: create one (a signed-in organiser), join it (a
//! signed-in player, or a guest with a name, known afterwards by a cookie),
//! start its rounds, enter results, and read it all back with the
//! standings. Pairings and standings come from the feature's root (pure);
//! this file stores, checks who may do what, and makes the games.
//!
//! A guest is known by a random token in the `mancala_guest` cookie
//! (`HttpOnly`); the tournament keeps only its SHA-256, so a pupil who
//! joins on a phone finds their games there again, and nobody else can
//! take their seat. Each pairing played online is an ordinary online game
//! (or a match of them) with both seats' tokens made at once; a player
//! gets their own token from this API and the page hands it to the game.

use super::view::{
    game_name, status, view, Created, Entered, Joined, Listed, Removed, RoundStarted, View,
};
use super::{
    self as pairing, Board, Document, Entrant, Format, Outcome, Pairing, PairingError, Play,
    System, TournamentRow,
};
use crate::api::{
    blocking, count_games, error, game_id, internal, look_alike, not_one_of, required_name, secret,
    signed_in, ApiError, ApiResult, ClientOf, JsonBody,
};
use crate::game::lot_seed_for_new_game;
use crate::play::{clock_from, no_match_play};
use crate::store::{Clock, GameRow, MatchRow, Mode, Status};
use crate::Shared;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::header;
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::response::Response;
use axum::Json;
use mancala_rules::{ruleset, Ruleset};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::Mutex;

/// The guest cookie is the site's: one identity for a guest everywhere.
use crate::api::guest_cookie;

/// Players a tournament may have: a large school year or club (pairing a
/// round of this many takes well under a millisecond).
pub const MAX_PLAYERS: usize = 256;

/// Tournaments an account may organise that are not over (registering or
/// playing): a club runs one or two at a time; more is someone making
/// games by the hundred.
pub const OPEN_PER_ORGANISER: usize = 4;

/// Rounds a Swiss may be planned with.
pub const MAX_SWISS_ROUNDS: u32 = 20;

/// Characters a tournament's or a guest's name may have.
const NAME_CHARS: usize = 40;
const GUEST_NAME_CHARS: usize = 20;

/// The per-tournament locks: changes to one tournament (a join, a round,
/// a result, results collected from its games) are made one at a time.
/// Only a well-formed id gets a lock, and a lock is kept only while a
/// request holds it or waits for it (the last to let go removes it), so the
/// map holds at most one entry per request in progress.
#[derive(Default)]
pub struct TournamentLocks(Arc<std::sync::Mutex<HashMap<String, Arc<Mutex<()>>>>>);

/// A tournament's lock, held until dropped.
pub(crate) struct Held {
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
    lock: Arc<Mutex<()>>,
    locks: Arc<std::sync::Mutex<HashMap<String, Arc<Mutex<()>>>>>,
    id: String,
}

impl TournamentLocks {
    /// Waits for the tournament's lock; 404 for an id no tournament can
    /// have (checked before anything is kept).
    pub(crate) async fn hold(&self, id: &str) -> Result<Held, ApiError> {
        check_id(id)?;
        let lock = {
            let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
            map.entry(id.to_string()).or_default().clone()
        };
        let guard = lock.clone().lock_owned().await;
        Ok(Held { guard: Some(guard), lock, locks: self.0.clone(), id: id.to_string() })
    }

    /// Locks kept now (held or waited for).
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        drop(self.guard.take());
        let mut map = self.locks.lock().unwrap_or_else(|e| e.into_inner());
        // The map's reference and this one: nobody else holds or waits for
        // it, and nobody can get it without the map's lock.
        if Arc::strong_count(&self.lock) == 2 {
            map.remove(&self.id);
        }
    }
}

fn not_found(id: &str) -> ApiError {
    let shown: String = id.chars().take(32).collect();
    error(StatusCode::NOT_FOUND, "unknown_tournament", format!("no tournament '{shown}'"))
}

fn not_organiser(what: &str) -> ApiError {
    error(
        StatusCode::FORBIDDEN,
        "not_organiser",
        format!("only the organiser of this tournament can {what}"),
    )
}

/// The guest token the request's cookie carries (the lobby's identity).
use crate::api::guest_id as guest_token;
use crate::api::token_hash as hash;

/// Who is asking: their account (if signed in) and guest token's hash.
pub(super) struct Visitor {
    pub(super) account: Option<crate::store::PlayerRow>,
    guest: Option<String>,
}

async fn visitor(state: &Shared, headers: &HeaderMap) -> Result<Visitor, ApiError> {
    let account = match signed_in(state, headers).await {
        Ok((player, _)) => Some(player),
        Err(e) if e.status == StatusCode::UNAUTHORIZED => None,
        Err(e) => return Err(e),
    };
    Ok(Visitor { account, guest: guest_token(headers).map(|t| hash(&t)) })
}

impl Visitor {
    /// The visitor's place among the entrants.
    pub(super) fn entrant(&self, doc: &Document) -> Option<usize> {
        doc.entrants.iter().position(|e| {
            let by_account =
                matches!((&e.account, &self.account), (Some(a), Some(p)) if *a == p.id);
            let by_guest = matches!((&e.guest, &self.guest), (Some(a), Some(b)) if a == b);
            by_account || by_guest
        })
    }

    pub(super) fn organises(&self, row: &TournamentRow) -> bool {
        self.account.as_ref().is_some_and(|p| p.id == row.organiser)
    }
}

/// 404 for an id that no tournament can have (ids are [`game_id`]s).
fn check_id(id: &str) -> Result<(), ApiError> {
    if id.is_empty() || id.len() > 32 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(not_found(id));
    }
    Ok(())
}

async fn load(state: &Shared, id: &str) -> Result<(TournamentRow, Document), ApiError> {
    check_id(id)?;
    let key = id.to_string();
    let row =
        blocking(state, move |s| s.load_tournament(&key)).await?.ok_or_else(|| not_found(id))?;
    let doc: Document = serde_json::from_str(&row.state)
        .map_err(|e| internal(format!("stored tournament {id} is not readable: {e}")))?;
    Ok((row, doc))
}

/// Saves a changed document (the caller holds the tournament's lock).
async fn save(state: &Shared, mut row: TournamentRow, doc: &Document) -> Result<(), ApiError> {
    row.state = serde_json::to_string(doc).map_err(internal)?;
    row.revision += 1;
    row.updated = state.time.now_secs();
    let saved = blocking(state, move |s| s.save_tournament(&row)).await?;
    if !saved {
        return Err(changed_meanwhile());
    }
    Ok(())
}

fn changed_meanwhile() -> ApiError {
    error(
        StatusCode::CONFLICT,
        "changed_meanwhile",
        "the tournament was changed by another request meanwhile: please try again",
    )
}

#[derive(Deserialize, Default)]
pub(crate) struct CreateBody {
    pub(crate) name: String,
    /// A ruleset id (or alias).
    pub(crate) game: String,
    /// `round_robin`, `swiss` or `knockout`.
    pub(crate) system: String,
    /// A Swiss's rounds.
    pub(crate) rounds: Option<u32>,
    /// `game` (default) or `match`.
    pub(crate) format: Option<String>,
    /// `online` (default) or `board`.
    pub(crate) play: Option<String>,
    pub(crate) clock_seconds: Option<u32>,
    pub(crate) increment_seconds: Option<u32>,
    pub(crate) starts: Option<i64>,
}

/// `POST /api/tournaments`: a new tournament, organised by the signed-in
/// player.
pub(crate) async fn create(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CreateBody>,
) -> Result<Response, ApiError> {
    let (organiser, _) = signed_in(&state, &headers).await.map_err(|_| {
        error(StatusCode::UNAUTHORIZED, "not_signed_in", "sign in to organise a tournament")
    })?;
    let id = create_with(&state, client, organiser, body, Vec::new()).await?;
    let url = format!("{}/tournaments/{id}", state.public_url);
    Ok((StatusCode::CREATED, Json(Created { id, url })).into_response())
}

/// A new tournament as asked for, checked field by field.
struct NewTournament {
    name: String,
    ruleset: &'static Ruleset,
    system: System,
    planned: Option<u32>,
    format: Format,
    play: Play,
}

impl CreateBody {
    /// The tournament asked for, checked (its clock by a single game's
    /// rules).
    fn check(&self) -> Result<NewTournament, ApiError> {
        let name = required_name(Some(&self.name), NAME_CHARS, "a tournament needs")?;
        let ruleset = crate::api::ruleset_named(&self.game)?;
        let system = System::parse(&self.system).ok_or_else(|| {
            not_one_of("bad_system", "system", &self.system, "round_robin, swiss, knockout")
        })?;
        let planned = planned_rounds(system, self.rounds)?;
        let format = match self.format.as_deref().unwrap_or("game") {
            "game" => Format::Game,
            "match" if ruleset.match_first_to.is_some() => Format::Match,
            "match" => return Err(no_match_play(ruleset)),
            other => return Err(not_one_of("bad_format", "format", other, "game, match")),
        };
        let play = match self.play.as_deref().unwrap_or("online") {
            "online" => Play::Online,
            "board" => Play::Board,
            other => return Err(not_one_of("bad_play", "play", other, "online, board")),
        };
        clock_from(self.clock_seconds, self.increment_seconds)?;
        Ok(NewTournament { name, ruleset, system, planned, format, play })
    }
}

/// A Swiss's planned rounds (it needs 1 to [`MAX_SWISS_ROUNDS`]); none for
/// the other systems, whose rounds follow from the number of players.
fn planned_rounds(system: System, rounds: Option<u32>) -> Result<Option<u32>, ApiError> {
    match (system, rounds) {
        (System::Swiss, Some(r)) if (1..=MAX_SWISS_ROUNDS).contains(&r) => Ok(Some(r)),
        (System::Swiss, _) => Err(error(
            StatusCode::BAD_REQUEST,
            "bad_rounds",
            format!("a Swiss needs rounds, from 1 to {MAX_SWISS_ROUNDS}"),
        )),
        (_, Some(_)) => Err(error(
            StatusCode::BAD_REQUEST,
            "bad_rounds",
            "the rounds of a round robin or a knockout follow from the number of players: leave \
             rounds out",
        )),
        (_, None) => Ok(None),
    }
}

/// 409 once the organiser has [`OPEN_PER_ORGANISER`] tournaments that are
/// not over and were touched in the last 30 days (one left registering for
/// a month no longer holds a place).
async fn check_open(state: &Shared, organiser: &crate::store::PlayerRow) -> Result<(), ApiError> {
    let organiser_id = organiser.id.clone();
    let theirs = blocking(state, move |s| s.tournaments_of(&organiser_id, 200)).await?;
    let recent = state.time.now_secs() - 30 * 86_400;
    let open = theirs
        .iter()
        .filter(|t| t.organiser == organiser.id && t.updated > recent)
        .filter_map(|t| serde_json::from_str::<Document>(&t.state).ok().map(|d| (t, d)))
        .filter(|(t, d)| !d.finished(t.system))
        .count();
    if open >= OPEN_PER_ORGANISER {
        return Err(error(
            StatusCode::CONFLICT,
            "too_many_tournaments",
            format!(
                "you already organise {open} tournaments that are not over (at most \
                 {OPEN_PER_ORGANISER}): finish one first"
            ),
        ));
    }
    Ok(())
}

/// A new tournament organised by `organiser`, with these players
/// registered (`(name, account id)`: a class's pupils); its id.
pub(crate) async fn create_with(
    state: &Shared,
    client: crate::scheduler::Client,
    organiser: crate::store::PlayerRow,
    body: CreateBody,
    players: Vec<(String, String)>,
) -> Result<String, ApiError> {
    let new = body.check()?;
    check_open(state, &organiser).await?;
    count_games(state, &client, 1)?;
    let doc = Document {
        organiser: organiser.name.clone(),
        format: new.format,
        play: new.play,
        clock_seconds: body.clock_seconds,
        increment_seconds: body.clock_seconds.and(body.increment_seconds),
        starts: body.starts,
        planned: new.planned,
        started: false,
        entrants: players
            .into_iter()
            .map(|(name, account)| Entrant {
                name,
                account: Some(account),
                guest: None,
                withdrawn: false,
            })
            .collect(),
        rounds: Vec::new(),
    };
    let row = TournamentRow {
        id: game_id(),
        organiser: organiser.id,
        name: new.name,
        ruleset: new.ruleset.id.into(),
        system: new.system,
        created: state.time.now_secs(),
        updated: state.time.now_secs(),
        revision: 1,
        state: serde_json::to_string(&doc).map_err(internal)?,
    };
    let id = row.id.clone();
    blocking(state, move |s| s.create_tournament(&row)).await?;
    Ok(id)
}

/// `GET /api/tournaments`: the newest tournaments.
pub(crate) async fn list(State(state): State<Shared>) -> ApiResult<Vec<Listed>> {
    let rows = blocking(&state, |s| s.tournaments(100)).await?;
    let mut list = Vec::with_capacity(rows.len());
    for row in rows {
        let Ok(doc) = serde_json::from_str::<Document>(&row.state) else { continue };
        list.push(Listed {
            game_name: game_name(&row.ruleset),
            system: row.system.id(),
            status: status(&row, &doc),
            players: doc.entrants.len(),
            starts: doc.starts,
            created: row.created,
            id: row.id,
            name: row.name,
            game: row.ruleset,
        });
    }
    Ok(Json(list))
}

/// `GET /api/tournaments/ID`: everything about it, with the standings; for
/// a player, their own seats in the current round.
pub(crate) async fn show(
    State(state): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<View> {
    let who = visitor(&state, &headers).await?;
    let held = state.tournaments.hold(&id).await?;
    let (row, mut doc) = load(&state, &id).await?;
    if collect_results(&state, &mut doc).await? {
        save(&state, row.clone(), &doc).await?;
    }
    drop(held);
    Ok(Json(view(&state, &row, &doc, &who)))
}

/// Reads the games of the last round for results; whether any was new.
async fn collect_results(state: &Shared, doc: &mut Document) -> Result<bool, ApiError> {
    let Some(round) = doc.rounds.last_mut() else { return Ok(false) };
    let mut changed = false;
    for board in round.iter_mut() {
        if board.result.is_some() || board.second.is_none() {
            continue;
        }
        if let Some(match_id) = board.match_id.clone() {
            let found = blocking(state, move |s| s.load_match(&match_id)).await?;
            let Some((contest, games)) = found else { continue };
            let mut tally = mancala_rules::Match::new(contest.first_to);
            for game in &games {
                if game.status == Status::Finished {
                    let winner = game.result.and_then(crate::store::GameResult::winner);
                    let _ = tally.record(winner);
                }
            }
            if let Some(latest) = games.last() {
                if board.game.as_deref() != Some(&latest.id) {
                    board.game = Some(latest.id.clone());
                    board.match_game = latest.match_game;
                    changed = true;
                }
            }
            if let Some(winner) = tally.winner() {
                board.result =
                    Some(if winner == 0 { Outcome::FirstWins } else { Outcome::SecondWins });
                changed = true;
            }
        } else if let Some(game) = board.game.clone() {
            // A game being played is in memory (no storage read for it);
            // one that left memory is read from storage.
            let cached = state.games.get(&game);
            let header = match cached {
                Some(live) => live.lock().await.row.clone(),
                None => match blocking(state, move |s| s.load(&game)).await? {
                    Some(stored) => stored.row,
                    None => continue,
                },
            };
            if header.status == Status::Finished {
                let outcome = match header.result {
                    Some(crate::store::GameResult::South) => Outcome::FirstWins,
                    Some(crate::store::GameResult::North) => Outcome::SecondWins,
                    _ => Outcome::Draw,
                };
                board.result = Some(outcome);
                changed = true;
            }
        }
    }
    Ok(changed)
}

/// A change to the tournament in the path: its JSON body (read first),
/// then the tournament loaded under its lock (held while this lives), and
/// who asks.
pub(crate) struct Locked<B> {
    held: Held,
    who: Visitor,
    row: TournamentRow,
    doc: Document,
    body: B,
}

impl<B: DeserializeOwned + Send> FromRequest<Shared> for Locked<B> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Shared) -> Result<Self, ApiError> {
        let headers = req.headers().clone();
        let (id, body) = crate::api::path_and_body(req, state).await?;
        let held = state.tournaments.hold(&id).await?;
        let who = visitor(state, &headers).await?;
        let (row, doc) = load(state, &id).await?;
        Ok(Locked { held, who, row, doc, body })
    }
}

#[derive(Deserialize, Default)]
pub(crate) struct JoinBody {
    /// A guest's name (a signed-in player plays under their account's).
    name: Option<String>,
}

/// `POST /api/tournaments/ID/join`: registers the signed-in player, or a
/// guest under a name (setting the guest cookie if the browser has none).
pub(crate) async fn join(
    State(state): State<Shared>,
    Locked { held: _held, who, row, mut doc, body }: Locked<JoinBody>,
) -> Result<Response, ApiError> {
    if doc.started {
        return Err(error(
            StatusCode::CONFLICT,
            "registration_closed",
            "the tournament has started: registration is closed",
        ));
    }
    if who.entrant(&doc).is_some() {
        return Err(error(StatusCode::CONFLICT, "already_joined", "you are already registered"));
    }
    if doc.entrants.len() >= MAX_PLAYERS {
        return Err(error(
            StatusCode::CONFLICT,
            "tournament_full",
            format!("the tournament is full ({MAX_PLAYERS} players)"),
        ));
    }
    let mut new_token = None;
    let entrant = match &who.account {
        Some(player) => Entrant {
            name: player.name.clone(),
            account: Some(player.id.clone()),
            guest: None,
            withdrawn: false,
        },
        None => {
            let name = required_name(body.name.as_deref(), GUEST_NAME_CHARS, "a guest joins with")?;
            let guest = match &who.guest {
                Some(hash) => hash.clone(),
                None => {
                    let token = secret();
                    let hashed = hash(&token);
                    new_token = Some(token);
                    hashed
                }
            };
            Entrant { name, account: None, guest: Some(guest), withdrawn: false }
        }
    };
    if doc.entrants.iter().any(|e| look_alike(&e.name, &entrant.name)) {
        return Err(error(
            StatusCode::CONFLICT,
            "name_taken",
            format!(
                "a player named '{}' (or a name that looks like it) is already registered: \
                 choose another name",
                entrant.name
            ),
        ));
    }
    if entrant.account.is_none() {
        let names = blocking(&state, |s| s.player_names()).await?;
        if names.iter().any(|n| look_alike(n, &entrant.name)) {
            return Err(error(
                StatusCode::CONFLICT,
                "account_name",
                format!(
                    "'{}' is the name of a registered player (or looks like it): a guest \
                     plays under a name of their own, or signs in to play as that player",
                    entrant.name
                ),
            ));
        }
    }
    let number = doc.entrants.len() + 1;
    let name = entrant.name.clone();
    doc.entrants.push(entrant);
    save(&state, row, &doc).await?;
    let mut response = (StatusCode::CREATED, Json(Joined { number, name })).into_response();
    if let Some(token) = new_token {
        if let Ok(value) = header::HeaderValue::from_str(&guest_cookie(&state, &token)) {
            response.headers_mut().insert(header::SET_COOKIE, value);
        }
    }
    Ok(response)
}

/// After an account is deleted: its name leaves every tournament it
/// organised or played in (shown as `deleted player`, as its games'
/// seats are), each under the tournament's lock.
/// [`forget_account`] as the hook the server runs when an account is gone
/// (`AppState::account_gone`).
pub(crate) fn forget(state: &Shared, player: &str) -> crate::api::Pending<'static> {
    let (state, player) = (state.clone(), player.to_string());
    Box::pin(async move { forget_account(&state, &player).await })
}

async fn forget_account(state: &Shared, player: &str) -> Result<(), ApiError> {
    let key = player.to_string();
    let rows = blocking(state, move |s| s.tournaments_of(&key, u32::MAX)).await?;
    for found in rows {
        let _held = state.tournaments.hold(&found.id).await?;
        let (row, mut doc) = load(state, &found.id).await?;
        let mut changed = false;
        for entrant in &mut doc.entrants {
            if entrant.account.as_deref() == Some(player) {
                entrant.name = crate::store::DELETED_PLAYER.to_string();
                changed = true;
            }
        }
        if row.organiser == player {
            doc.organiser = crate::store::DELETED_PLAYER.to_string();
            changed = true;
        }
        if changed {
            save(state, row, &doc).await?;
        }
    }
    Ok(())
}

/// The organiser's check for an action, with the tournament loaded under
/// its lock.
async fn as_organiser(
    state: &Shared,
    id: &str,
    headers: &HeaderMap,
    what: &str,
) -> Result<(TournamentRow, Document), ApiError> {
    let who = visitor(state, headers).await?;
    let (row, doc) = load(state, id).await?;
    if !who.organises(&row) {
        return Err(not_organiser(what));
    }
    Ok((row, doc))
}

/// The body of a change that only the organiser may make, and what the
/// change is called in the 403 ("only the organiser ... can WHAT").
pub(crate) trait OrganiserChange: DeserializeOwned + Send {
    const WHAT: &'static str;
}

impl OrganiserChange for ResultBody {
    const WHAT: &'static str = "enter a result";
}

impl OrganiserChange for RemoveBody {
    const WHAT: &'static str = "remove a player";
}

/// A [`Locked`] change that only the organiser may make (403 for anyone
/// else, as [`as_organiser`] answers).
pub(crate) struct Organising<B>(Locked<B>);

impl<B: OrganiserChange> FromRequest<Shared> for Organising<B> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Shared) -> Result<Self, ApiError> {
        let locked = Locked::<B>::from_request(req, state).await?;
        if !locked.who.organises(&locked.row) {
            return Err(not_organiser(B::WHAT));
        }
        Ok(Organising(locked))
    }
}

/// `POST /api/tournaments/ID/start-round`: closes registration (the first
/// time) and pairs the next round, making its games.
pub(crate) async fn start_round(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<RoundStarted> {
    let _held = state.tournaments.hold(&id).await?;
    let (row, mut doc) = as_organiser(&state, &id, &headers, "start a round").await?;
    // Results that came in since the last look count (saved with the round).
    collect_results(&state, &mut doc).await?;
    ready_for_round(&row, &doc)?;
    let mut boards: Vec<Board> = next_pairings(&row, &doc)?
        .iter()
        .map(|p| Board { first: p.first, second: p.second, ..Board::default() })
        .collect();
    let games = if doc.play == Play::Online {
        online_games(&state, &row, &doc, &mut boards)?
    } else {
        Vec::new()
    };
    // Each game of the round counts against the organiser's address, as
    // any game made by a request does.
    count_games(&state, &client, u32::try_from(games.len()).unwrap_or(u32::MAX))?;
    doc.started = true;
    doc.rounds.push(boards);
    let number = doc.rounds.len();
    let mut row = row;
    row.state = serde_json::to_string(&doc).map_err(internal)?;
    row.revision += 1;
    row.updated = state.time.now_secs();
    // The games and the round that links them, in one transaction: a
    // crash leaves no game outside the tournament.
    if !blocking(&state, move |s| s.start_round(&row, &games)).await? {
        return Err(changed_meanwhile());
    }
    Ok(Json(RoundStarted { round: number }))
}

/// 409 unless the next round can start: the tournament is not over, the
/// last round is done, and (the first time) the players are enough for it.
fn ready_for_round(row: &TournamentRow, doc: &Document) -> Result<(), ApiError> {
    if doc.finished(row.system) {
        return Err(error(StatusCode::CONFLICT, "tournament_over", "the tournament is over"));
    }
    if !doc.last_round_done() {
        let open =
            doc.rounds.last().map_or(0, |r| r.iter().filter(|b| !b.pairing().is_done()).count());
        return Err(error(
            StatusCode::CONFLICT,
            "round_unfinished",
            format!(
                "round {} still has {open} game(s) without a result: they must end (or the \
                 organiser enter their results) first",
                doc.rounds.len()
            ),
        ));
    }
    if doc.started {
        return Ok(());
    }
    let players = doc.entrants.iter().filter(|e| !e.withdrawn).count();
    if players < 2 {
        return Err(error(
            StatusCode::CONFLICT,
            "too_few_players",
            "a tournament needs at least two players to start",
        ));
    }
    if let (System::Swiss, Some(planned)) = (row.system, doc.planned) {
        if planned as usize >= players {
            return Err(error(
                StatusCode::CONFLICT,
                "too_many_rounds",
                format!(
                    "a Swiss of {players} players can have at most {} rounds (nobody \
                     meets twice); {planned} were planned",
                    players - 1
                ),
            ));
        }
    }
    Ok(())
}

/// The pairings of the next round under the tournament's system (409 where
/// there is none).
fn next_pairings(row: &TournamentRow, doc: &Document) -> Result<Vec<Pairing>, ApiError> {
    let n = doc.entrants.len();
    let present: Vec<bool> = doc.entrants.iter().map(|e| !e.withdrawn).collect();
    match row.system {
        System::RoundRobin => {
            pairing::round_robin(n).get(doc.rounds.len()).cloned().ok_or(PairingError::Over)
        }
        System::Swiss => pairing::swiss(n, &present, &doc.pairings()),
        System::Knockout => match doc.rounds.last() {
            None => pairing::knockout_first(n),
            Some(last) => {
                pairing::knockout_next(&last.iter().map(Board::pairing).collect::<Vec<_>>())
            }
        },
    }
    .map_err(|e| match e {
        PairingError::Over => error(StatusCode::CONFLICT, "tournament_over", e.to_string()),
        PairingError::Undecided { .. } => {
            error(StatusCode::CONFLICT, "round_unfinished", e.to_string())
        }
        _ => error(StatusCode::CONFLICT, "no_pairing", e.to_string()),
    })
}

/// The games of a round played online, one for each board with two
/// players (whose game and tokens are set on it).
fn online_games(
    state: &Shared,
    row: &TournamentRow,
    doc: &Document,
    boards: &mut [Board],
) -> Result<Vec<(GameRow, Option<MatchRow>)>, ApiError> {
    let mut games = Vec::new();
    for board in boards {
        if let Some(second) = board.second {
            let names =
                [doc.entrants[board.first].name.as_str(), doc.entrants[second].name.as_str()];
            games.push(round_game(row, doc, board, names, state.time.now_secs())?);
        }
    }
    Ok(games)
}

/// A board's game (or match), both seats taken, to be stored with the
/// round: it starts once both players have opened it, as a rematch between
/// two people online does. (`api::create_seated_game` stores single games
/// at once; a round's games are stored together with the round, and a
/// pairing may be a match, so the rows are made here, the same way.)
fn round_game(
    row: &TournamentRow,
    doc: &Document,
    board: &mut Board,
    names: [&str; 2],
    now: i64,
) -> Result<(GameRow, Option<MatchRow>), ApiError> {
    let ruleset = ruleset(&row.ruleset).map_err(|e| internal(e.to_string()))?;
    let (first_token, second_token) = (secret(), secret());
    let clock = doc.clock_seconds.map(|s| {
        let initial_ms = i64::from(s) * 1000;
        Clock {
            initial_ms,
            increment_ms: i64::from(doc.increment_seconds.unwrap_or(0)) * 1000,
            south_ms: initial_ms,
            north_ms: initial_ms,
        }
    });
    let mut game = GameRow {
        id: game_id(),
        ruleset: ruleset.id.into(),
        version: ruleset.version,
        mode: Mode::Online,
        south_name: names[0].into(),
        north_name: names[1].into(),
        south_token: Some(first_token.clone()),
        north_token: Some(second_token.clone()),
        // Signed-in players' games are theirs (their page lists them);
        // guests' seats belong to no account. Tournament games are not
        // rated.
        south_player: doc.entrants[board.first].account.clone(),
        north_player: board.second.and_then(|s| doc.entrants[s].account.clone()),
        created: now,
        updated: now,
        clock,
        lot_seed: Some(lot_seed_for_new_game()),
        ..GameRow::default()
    };
    board.game = Some(game.id.clone());
    board.first_token = Some(first_token);
    board.second_token = Some(second_token);
    match (doc.format, ruleset.match_first_to) {
        (Format::Match, Some(first_to)) => {
            let contest =
                MatchRow { id: game_id(), ruleset: ruleset.id.into(), first_to, created: now };
            game.match_id = Some(contest.id.clone());
            game.match_game = Some(0);
            board.match_id = Some(contest.id.clone());
            board.match_game = Some(0);
            Ok((game, Some(contest)))
        }
        _ => Ok((game, None)),
    }
}

/// The index of the `number`th of `count` (a round, a board, a player,
/// counted from 1), or 400 `code` with the message `why` gives.
fn nth(
    number: usize,
    count: usize,
    code: &str,
    why: impl FnOnce() -> String,
) -> Result<usize, ApiError> {
    match number.checked_sub(1) {
        Some(index) if index < count => Ok(index),
        _ => Err(error(StatusCode::BAD_REQUEST, code, why())),
    }
}

#[derive(Deserialize)]
pub(crate) struct ResultBody {
    round: usize,
    board: usize,
    /// `first`, `second` or `draw`.
    result: String,
}

/// `POST /api/tournaments/ID/result`: the organiser enters a board's
/// result (a game on a real board, or one that was not played).
pub(crate) async fn enter_result(
    State(state): State<Shared>,
    Organising(Locked { held: _held, row, mut doc, body, .. }): Organising<ResultBody>,
) -> ApiResult<Entered> {
    let outcome = Outcome::parse(&body.result)
        .ok_or_else(|| not_one_of("bad_result", "result", &body.result, "first, second, draw"))?;
    let rounds = doc.rounds.len();
    let round = nth(body.round, rounds, "bad_round", || {
        format!("round {} is not one of the rounds started (1 to {rounds})", body.round)
    })?;
    if body.round < rounds && row.system == System::Knockout {
        return Err(error(
            StatusCode::CONFLICT,
            "round_closed",
            "a knockout round's results cannot change once the next round is paired",
        ));
    }
    let boards = doc.rounds[round].len();
    let at = nth(body.board, boards, "bad_board", || {
        format!("board {} is not one of round {}'s (1 to {boards})", body.board, body.round)
    })?;
    let board = &mut doc.rounds[round][at];
    if board.second.is_none() {
        return Err(error(StatusCode::CONFLICT, "bye", "a bye has no result to enter"));
    }
    board.result = Some(outcome);
    board.entered = true;
    save(&state, row, &doc).await?;
    Ok(Json(Entered { round: body.round, board: body.board, result: outcome.id() }))
}

#[derive(Deserialize)]
pub(crate) struct RemoveBody {
    /// The player's number (1 first registered).
    player: usize,
}

/// `POST /api/tournaments/ID/remove`: the organiser takes a player out:
/// before the start off the list, in a Swiss after it out of the next
/// rounds (their results stay).
pub(crate) async fn remove(
    State(state): State<Shared>,
    Organising(Locked { held: _held, row, mut doc, body, .. }): Organising<RemoveBody>,
) -> ApiResult<Removed> {
    let count = doc.entrants.len();
    let index = nth(body.player, count, "bad_player", || {
        format!("player {} is not one of the {count} registered", body.player)
    })?;
    match (doc.started, row.system) {
        (false, _) => {
            doc.entrants.remove(index);
        }
        (true, System::Swiss) => doc.entrants[index].withdrawn = true,
        (true, _) => {
            return Err(error(
                StatusCode::CONFLICT,
                "registration_closed",
                "a player can leave a round robin or a knockout only before it starts",
            ))
        }
    }
    save(&state, row, &doc).await?;
    Ok(Json(Removed { removed: body.player }))
}
