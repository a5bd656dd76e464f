//! Play: a game's life over HTTP and its WebSocket, and the pages a game
//! is played and replayed on.
//!
//! - `games.rs`: new games, joining, showing, rematches, the games in
//!   memory ([`GameCache`]);
//! - `moves.rs`, `offers.rs`, `clocks.rs`: moves, undo, resignation,
//!   claims, draw and undo offers, the clocks and their flag-fall;
//! - `computer.rs`: the computer's moves, scheduled fairly;
//! - `records.rs`: a game's record, its replay, uploads;
//! - `rated.rs`: games between accounts (seated games, rated games,
//!   an account's games);
//! - `ws.rs`: a game's WebSocket;
//! - `pages.rs`: `/new`, `/g/{id}`, `/replay/{id}`, `/finished` (the
//!   board is drawn by `app.js`, which every page loads).
//!
//! The game's life itself (its state, the rules' events, settlement) is the
//! core's (`crate::live`, `crate::game`); this module serves it.

pub mod clocks;
pub mod computer;
pub mod games;
pub mod moves;
pub mod offers;
pub mod pages;
pub mod rated;
pub mod records;
pub mod ws;

pub(crate) use clocks::{clock_from, days_of};
pub use clocks::{resume_clocks, watch_clock, watch_deadlines, Deadlines, DAYS_PER_MOVE};
pub use computer::{schedule_computer, COMPUTER_RETRIES_MS};
pub use games::{evict_idle, live, summary, GameCache, CACHED_BYTES, CACHED_GAMES};
pub(crate) use games::{game_url, no_match_play};
pub use offers::computer_accepts_end;
pub(crate) use rated::forget_names_in_memory;
pub use rated::{
    create_seated_game, create_seated_game_with_days, NewSeatedGame, SeatSpec, SeatedGame,
};
pub use records::record_of;

use crate::api::{error, ApiError};
use crate::live::Live;
use crate::store::GameEnding;
use crate::Shared;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use mancala_rules::Side;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::{Mutex, MutexGuard};

/// The account-gone hook (`AppState::account_gone`): the games in memory
/// show a deleted account's name as every stored game does.
pub(crate) fn forget(state: &Shared, player: &str) -> crate::api::Pending<'static> {
    let (state, player) = (state.clone(), player.to_string());
    Box::pin(async move {
        forget_names_in_memory(&state, &player).await;
        Ok(())
    })
}

pub(crate) fn unknown_game(id: &str) -> ApiError {
    error(StatusCode::NOT_FOUND, "unknown_game", format!("there is no game '{id}'"))
}

/// The body of most requests by a player: the seat token alone.
#[derive(Deserialize)]
pub(crate) struct TokenBody {
    pub(crate) token: String,
}

/// A request body that carries a seat token.
pub(crate) trait SeatBody: DeserializeOwned + Send {
    fn token(&self) -> &str;
}

impl SeatBody for TokenBody {
    fn token(&self) -> &str {
        &self.token
    }
}

/// A request by a player of a game: the game from the path (loaded, 404 if
/// there is none) and the JSON body with its seat token (400 if malformed).
/// The token is checked against the seats when the game is locked
/// ([`Seated::lock`]), since a seat can change hands (an invitation taken)
/// until then.
pub(crate) struct Seated<B = TokenBody> {
    pub(crate) game: Arc<Mutex<Live>>,
    pub(crate) body: B,
}

impl<B: SeatBody> FromRequest<Shared> for Seated<B> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Shared) -> Result<Self, ApiError> {
        let (id, body) = crate::api::path_and_body(req, state).await?;
        let game = live(state, &id).await?;
        Ok(Seated { game, body })
    }
}

impl<B: SeatBody> Seated<B> {
    /// Locks the game: the guard and the seats the token holds, or 403 if
    /// it holds none.
    pub(crate) async fn lock(&self) -> Result<(MutexGuard<'_, Live>, Vec<Side>), ApiError> {
        let live = self.game.lock().await;
        let seats = seats(&live, self.body.token())?;
        Ok((live, seats))
    }
}

/// The seats a token holds in this game, or 403.
pub(crate) fn seats(live: &Live, token: &str) -> Result<Vec<Side>, ApiError> {
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

/// The answer to a move or an offer before both players are in the game.
pub(crate) fn waiting_error() -> ApiError {
    error(
        StatusCode::CONFLICT,
        "waiting_for_opponent",
        "your opponent has not come to the game yet: it starts, and the clocks run, once both \
         players are in it",
    )
}

pub(crate) fn finished_error() -> ApiError {
    error(StatusCode::CONFLICT, "game_over", "the game is over")
}

pub(crate) fn lost_on_time() -> ApiError {
    error(StatusCode::CONFLICT, "lost_on_time", "the game is over: it was lost on time")
}

/// The answer to a move in a game that is over.
pub(crate) fn over_error(live: &Live) -> ApiError {
    if live.row.ending == Some(GameEnding::Time) {
        lost_on_time()
    } else {
        finished_error()
    }
}
