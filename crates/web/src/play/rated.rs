//! Games that belong to accounts: the signed-in player's unfinished games
//! (so they can go on from another device), a game made between two known
//! seats (for the lobby and tournaments), and what a rated game asks of
//! its players. The ratings themselves change in the store, with the
//! game's end (see `crate::rated`).

use super::games::{default_name, game_url, live};
use crate::api::SignedIn;
use crate::api::{blocking, clean_name, error, game_id, name_error, secret, ApiError, ApiResult};
use crate::game::lot_seed_for_new_game;
use crate::live::Live;
use crate::store::{Clock, GameRow, Mode};
use crate::store::{PlayerGames, PlayerRow, DELETED_PLAYER};
use crate::Shared;
use axum::extract::Path;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use mancala_rules::ruleset;
use mancala_rules::Side;
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::Mutex;

/// Why a rated game cannot be asked for here (none: it can).
pub(crate) fn check_rated_request(
    account: Option<&PlayerRow>,
    mode: Mode,
    computer_seat: bool,
) -> Result<(), ApiError> {
    if mode != Mode::Online || computer_seat {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "rated_online_only",
            "only an online game between two people can be rated (not one against the computer \
             or at one screen)",
        ));
    }
    if account.is_none() {
        return Err(error(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            "a rated game is played between two accounts: sign in (or register) first, or \
             play a casual game",
        ));
    }
    Ok(())
}

/// Why `joiner` cannot take the free seat of a rated game whose other seat
/// `holder` holds (none: they can).
pub(crate) fn check_rated_join(
    joiner: Option<&PlayerRow>,
    holder: Option<&str>,
) -> Result<(), ApiError> {
    let Some(joiner) = joiner else {
        return Err(error(
            StatusCode::UNAUTHORIZED,
            "rated_needs_account",
            "this game is rated: sign in (or register) to take the seat, or watch it",
        ));
    };
    if holder == Some(joiner.id.as_str()) {
        return Err(error(
            StatusCode::CONFLICT,
            "same_account",
            "you already hold the other seat of this rated game: a rated game is played \
             against another account",
        ));
    }
    Ok(())
}

/// A seat of a game made by [`create_seated_game`]: an account's (it plays
/// under the account's name) or a guest's, under `name`.
#[derive(Clone, Debug)]
pub struct SeatSpec {
    pub name: String,
    pub account: Option<PlayerRow>,
}

impl SeatSpec {
    pub fn account(player: PlayerRow) -> SeatSpec {
        SeatSpec { name: player.name.clone(), account: Some(player) }
    }

    pub fn guest(name: &str) -> SeatSpec {
        SeatSpec { name: name.to_string(), account: None }
    }
}

/// A game between two known seats (a lobby pairing, a tournament round).
#[derive(Clone, Debug)]
pub struct NewSeatedGame {
    /// A ruleset id (or alias).
    pub ruleset: String,
    /// Each player's time and the increment, in milliseconds (none: no
    /// clock).
    pub clock: Option<(i64, i64)>,
    /// Rated: both seats must be accounts, two different ones.
    pub rated: bool,
    pub south: SeatSpec,
    pub north: SeatSpec,
}

/// The game made: its id, its page, and each seat's token (which the
/// caller hands to that seat's player; an account's player also finds it
/// through `GET /api/my/games`).
#[derive(Clone, Debug, Serialize)]
pub struct SeatedGame {
    pub id: String,
    pub url: String,
    pub south_token: String,
    pub north_token: String,
}

/// Makes an online game between two seats, both taken: it starts (and its
/// clock runs) once both players have come to it, as a rematch does. The
/// one function the lobby and tournaments call to start a game.
pub async fn create_seated_game(
    state: &Shared,
    spec: NewSeatedGame,
) -> Result<SeatedGame, ApiError> {
    create_seated_game_with_days(state, spec, None).await
}

/// [`create_seated_game`], for a correspondence game too: `days` per move
/// (checked by the caller: 1, 2, 3 or 7) instead of a clock.
pub async fn create_seated_game_with_days(
    state: &Shared,
    spec: NewSeatedGame,
    days: Option<u8>,
) -> Result<SeatedGame, ApiError> {
    let ruleset = crate::api::ruleset_named(&spec.ruleset)?;
    if spec.rated {
        let (Some(south), Some(north)) = (&spec.south.account, &spec.north.account) else {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "rated_needs_accounts",
                "a rated game is played between two signed-in accounts",
            ));
        };
        if south.id == north.id {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "same_account",
                "a rated game is played between two different accounts",
            ));
        }
    }
    let seat_name = |seat: &SeatSpec, side: Side| match &seat.account {
        Some(player) => Ok(player.name.clone()),
        None => clean_name(Some(&seat.name), default_name(side)).map_err(name_error),
    };
    let (south_token, north_token) = (secret(), secret());
    let row = GameRow {
        id: game_id(),
        ruleset: ruleset.id.to_string(),
        version: ruleset.version,
        mode: Mode::Online,
        south_name: seat_name(&spec.south, Side::South)?,
        north_name: seat_name(&spec.north, Side::North)?,
        south_token: Some(south_token.clone()),
        north_token: Some(north_token.clone()),
        created: state.time.now_secs(),
        updated: state.time.now_secs(),
        clock: spec.clock.map(|(initial_ms, increment_ms)| Clock {
            initial_ms,
            increment_ms,
            south_ms: initial_ms,
            north_ms: initial_ms,
        }),
        rated: spec.rated,
        days,
        south_player: spec.south.account.map(|p| p.id),
        north_player: spec.north.account.map(|p| p.id),
        lot_seed: Some(lot_seed_for_new_game()),
        ..GameRow::default()
    };
    let id = row.id.clone();
    blocking(state, move |s| s.create(&row, &[])).await?;
    Ok(SeatedGame { url: game_url(state, &id), id, south_token, north_token })
}

/// The seat an account holds in a game, as the page keeps it: `south`,
/// `north`, or `both` at one screen.
fn seat_of(row: &GameRow, player: &str) -> Option<(&'static str, String)> {
    let south = row.south_player.as_deref() == Some(player);
    let north = row.north_player.as_deref() == Some(player);
    let token = |t: &Option<String>| t.clone();
    match (south, north) {
        _ if row.mode == Mode::Local && (south || north) => {
            Some(("both", token(&row.south_token).or(token(&row.north_token))?))
        }
        (true, false) => Some(("south", token(&row.south_token)?)),
        (false, true) => Some(("north", token(&row.north_token)?)),
        // One account on both seats of an online game: the first.
        (true, true) => Some(("south", token(&row.south_token)?)),
        (false, false) => None,
    }
}

/// An unfinished game of the signed-in player, with their seat.
#[derive(Serialize)]
pub(crate) struct MyGame {
    id: String,
    /// The ruleset's id and name.
    game: String,
    name: String,
    mode: &'static str,
    /// The player's seat (`south`, `north`, or `both` at one screen) and
    /// its token: the page keeps them to play from this device.
    side: &'static str,
    token: String,
    url: String,
    /// The other seat's name.
    opponent: String,
    rated: bool,
    moves: u32,
    updated: i64,
}

/// Games listed at most.
const MY_GAMES: u32 = 100;

/// `GET /api/my/games`: the signed-in player's unfinished games, newest
/// first, with their seats.
pub(crate) async fn my_games(
    State(state): State<Shared>,
    SignedIn { player, .. }: SignedIn,
) -> Result<Json<Vec<MyGame>>, ApiError> {
    let id = player.id.clone();
    let query = PlayerGames { active: true, limit: MY_GAMES, ..PlayerGames::default() };
    let rows = blocking(&state, move |s| s.player_games(&id, &query)).await?;
    let games = rows
        .into_iter()
        .filter_map(|(row, moves)| {
            let (side, token) = seat_of(&row, &player.id)?;
            let opponent = if side == "north" { &row.south_name } else { &row.north_name };
            Some(MyGame {
                game: row.ruleset.clone(),
                name: ruleset(&row.ruleset).map_or(row.ruleset.clone(), |r| r.name.to_string()),
                mode: row.mode.id(),
                side,
                token,
                url: game_url(&state, &row.id),
                opponent: opponent.clone(),
                rated: row.rated,
                moves,
                updated: row.updated,
                id: row.id,
            })
        })
        .collect();
    Ok(Json(games))
}

/// A signed-in player's seat in one of their games.
#[derive(Serialize)]
pub(crate) struct MySeat {
    id: String,
    side: &'static str,
    token: String,
    url: String,
}

/// `GET /api/my/games/{id}`: the signed-in player's seat in one game
/// (finished ones too): `{id, side, token, url}`, 404 if they hold none.
pub(crate) async fn my_game(
    State(state): State<Shared>,
    Path(id): Path<String>,
    SignedIn { player, .. }: SignedIn,
) -> ApiResult<MySeat> {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    let Some((side, token)) = seat_of(&live.row, &player.id) else {
        return Err(error(
            StatusCode::NOT_FOUND,
            "no_seat",
            "your account holds no seat in this game: you can watch it",
        ));
    };
    Ok(Json(MySeat { url: game_url(&state, &id), id, side, token }))
}

/// After an account is deleted: the games in memory show its seats as
/// [`DELETED_PLAYER`] too (the store has renamed them), so that saving one
/// cannot bring the name back.
pub(crate) async fn forget_names_in_memory(state: &Shared, player: &str) {
    let games: Vec<Arc<Mutex<Live>>> = state.games.all();
    for game in games {
        let mut live = game.lock().await;
        let mut changed = false;
        if live.row.south_player.as_deref() == Some(player) {
            live.row.south_name = DELETED_PLAYER.to_string();
            changed = true;
        }
        if live.row.north_player.as_deref() == Some(player) {
            live.row.north_name = DELETED_PLAYER.to_string();
            changed = true;
        }
        if changed {
            live.publish_state();
        }
    }
}
