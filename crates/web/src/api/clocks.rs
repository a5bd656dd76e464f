//! Clocks: checking a new game's clock, and ending a game on time without
//! waiting for a request.

use super::*;

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
                    let _ = finish(&state, &mut live, Some(!side), GameEnding::Time).await;
                    return;
                }
                Some((_, due)) => at = due,
                None => return,
            }
        }
    });
    live.clock_task = Some(task.abort_handle());
}

/// The longest clock a game can have: three hours a player.
pub(crate) const CLOCK_SECONDS_MAX: u32 = 3 * 60 * 60;
/// The largest increment: three minutes a move.
pub(crate) const INCREMENT_SECONDS_MAX: u32 = 3 * 60;

/// The clock a new game asks for, checked.
pub(crate) fn clock_of(body: &CreateGame) -> Result<Option<Clock>, ApiError> {
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
