//! Clocks: checking a new game's clock, and ending a game on time without
//! waiting for a request.

use super::games::live;
use super::moves::finish;
use crate::api::{blocking, error, ApiError};
use crate::live::Live;
use crate::store::{Clock, GameEnding};
use crate::Shared;
use axum::http::StatusCode;

/// Loads every game whose clock was running when the server stopped, so
/// that each is watched again (run once at start).
pub async fn resume_clocks(state: Shared) {
    let ids = match blocking(&state, |s| s.running_clocks()).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!("cannot list the games with running clocks: {e}");
            return;
        }
    };
    for id in ids {
        if let Err(e) = live(&state, &id).await {
            tracing::error!(game = %id, "cannot watch the game's clock: {e}");
        }
    }
}

/// When each running clock runs out: game ids by deadline (ms since the
/// epoch). One task ([`watch_deadlines`]) sleeps until the first and loads
/// that game then, so that a game with a running clock is held by nothing
/// and leaves memory when idle like any other.
#[derive(Default)]
pub struct Deadlines {
    inner: std::sync::Mutex<DeadlineSet>,
    changed: tokio::sync::Notify,
}

#[derive(Default)]
struct DeadlineSet {
    by_time: std::collections::BTreeSet<(i64, String)>,
    by_game: std::collections::HashMap<String, i64>,
}

impl Deadlines {
    /// Sets (or with `None` clears) a game's deadline.
    pub fn set(&self, game: &str, at: Option<i64>) {
        {
            let mut guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            let inner = &mut *guard;
            if inner.by_game.get(game).copied() == at {
                return;
            }
            if let Some(old) = inner.by_game.remove(game) {
                inner.by_time.remove(&(old, game.to_string()));
            }
            if let Some(at) = at {
                inner.by_game.insert(game.to_string(), at);
                inner.by_time.insert((at, game.to_string()));
            }
        }
        self.changed.notify_one();
    }

    /// The first deadline.
    pub fn first(&self) -> Option<(i64, String)> {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.by_time.first().cloned()
    }

    /// How many games have a deadline.
    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).by_game.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes a deadline that has come, if it is still the game's.
    fn take(&self, at: i64, game: &str) -> bool {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if inner.by_game.get(game) == Some(&at) {
            inner.by_game.remove(game);
            inner.by_time.remove(&(at, game.to_string()));
            true
        } else {
            false
        }
    }
}

/// The one task that ends games on time, without waiting for a request.
pub async fn watch_deadlines(state: Shared) {
    loop {
        let Some((at, game)) = state.deadlines.first() else {
            state.deadlines.changed.notified().await;
            continue;
        };
        if at > state.time.now_ms() {
            tokio::select! {
                _ = state.time.sleep_until_ms(at) => {}
                _ = state.deadlines.changed.notified() => {}
            }
            continue;
        }
        if state.deadlines.take(at, &game) {
            tokio::spawn(flag_falls(state.clone(), game));
        }
    }
}

/// Ends a game whose running clock reached zero (loading it if it left
/// memory). If storage fails, the deadline is set again a second later.
async fn flag_falls(state: Shared, id: String) {
    let game = match live(&state, &id).await {
        Ok(game) => game,
        Err(e) => {
            tracing::error!(game = %id, "a flag fell but the game cannot be loaded: {e}");
            state.deadlines.set(&id, Some(state.time.now_ms() + 1000));
            return;
        }
    };
    let mut live = game.lock().await;
    match live.flag_at() {
        Some((side, due)) if due <= state.time.now_ms() => {
            if let Err(e) = finish(&state, &mut live, Some(!side), GameEnding::Time).await {
                tracing::error!(game = %id, "a flag fell but the end could not be stored: {e}");
                state.deadlines.set(&id, Some(state.time.now_ms() + 1000));
            }
        }
        _ => watch_clock(&state, &live),
    }
}

/// Keeps the game's deadline in step with its clock: called after every
/// change that can start, stop or move a clock.
pub fn watch_clock(state: &Shared, live: &Live) {
    state.deadlines.set(&live.row.id, live.flag_at().map(|(_, at)| at));
}

/// The longest clock a game can have: three hours a player.
pub(crate) const CLOCK_SECONDS_MAX: u32 = 3 * 60 * 60;
/// The largest increment: three minutes a move.
pub(crate) const INCREMENT_SECONDS_MAX: u32 = 3 * 60;

/// The days a correspondence game may give per move.
pub const DAYS_PER_MOVE: [u8; 4] = [1, 2, 3, 7];

/// A correspondence game's days per move, checked: one of
/// [`DAYS_PER_MOVE`], and never with a clock.
pub(crate) fn days_of(days: Option<u32>, clock: Option<&Clock>) -> Result<Option<u8>, ApiError> {
    let Some(days) = days else { return Ok(None) };
    if clock.is_some() {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "clock_and_days",
            "a game has either a clock (clock_seconds) or days per move (days_per_move), not both",
        ));
    }
    match u8::try_from(days) {
        Ok(days) if DAYS_PER_MOVE.contains(&days) => Ok(Some(days)),
        _ => Err(error(
            StatusCode::BAD_REQUEST,
            "bad_days",
            format!("days_per_move must be 1, 2, 3 or 7, not {days}"),
        )),
    }
}

/// A clock of `clock_seconds` each and `increment_seconds` a move (none
/// without `clock_seconds`), or why not.
pub(crate) fn clock_from(
    clock_seconds: Option<u32>,
    increment_seconds: Option<u32>,
) -> Result<Option<Clock>, ApiError> {
    match (clock_seconds, increment_seconds) {
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
