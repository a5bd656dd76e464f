//! Offers to end the game by agreement that the seeds circulate.

use super::moves::finish;
use super::{finished_error, waiting_error, Seated};
use crate::api::{blocking, error, internal, refused, ApiError, ApiResult, ClientOf};
use crate::live::Live;
use crate::scheduler::Kind;
use crate::store::GameEnding;
use crate::Shared;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use mancala_ai::analysis::for_side;
use mancala_ai::{Limits, Searcher};
use mancala_rules::{Game, Side};
use serde::Serialize;
use serde_json::Value;

/// Ends the game by agreement, as at a cycle.
pub(crate) async fn agree(state: &Shared, live: &mut Live) -> Result<(), ApiError> {
    let mut game = live.game.clone();
    let Some(pos) = game.agree_to_end() else { return Err(finished_error()) };
    let winner = pos.outcome().and_then(|o| o.winner);
    let before = std::mem::replace(&mut live.game, game);
    if let Err(e) = finish(state, live, winner, GameEnding::AGREED).await {
        live.game = before;
        return Err(e);
    }
    Ok(())
}

/// The answer to an offer to end the game: whether it ended now.
#[derive(Serialize)]
pub(crate) struct OfferAnswer {
    accepted: bool,
    state: Value,
}

/// Offers to end the game by agreement that the seeds circulate. At one
/// screen it ends at once; the computer accepts only when its search sees
/// no progress for either side ([`computer_accepts_end`]); online, the
/// opponent must accept.
pub(crate) async fn offer(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    seated: Seated,
) -> Result<Json<OfferAnswer>, ApiError> {
    let (mut live, seats) = seated.lock().await?;
    if live.to_move().is_none() {
        return Err(finished_error());
    }
    if live.waiting_for_opponent() {
        return Err(waiting_error());
    }
    if seats.len() == 2 {
        agree(&state, &mut live).await?;
        return Ok(Json(OfferAnswer { accepted: true, state: live.state() }));
    }
    let me = seats[0];
    if let Some(computer) = live.computer() {
        let (snapshot, revision) = (live.game.clone(), live.revision);
        drop(live);
        // A search like a hint's: queued under the client who offers.
        let accepts = state
            .scheduler
            .run(client, Kind::Analysis, move || computer_accepts_end(&snapshot, computer))
            .await
            .map_err(refused)?
            .ok_or_else(|| internal("the computer's look at the offer ended without an answer"))?;
        let (mut live, _) = seated.lock().await?;
        if live.revision != revision {
            return Err(error(
                StatusCode::CONFLICT,
                "game_changed",
                "the game changed while the computer considered the offer: offer again",
            ));
        }
        if accepts {
            agree(&state, &mut live).await?;
        }
        return Ok(Json(OfferAnswer { accepted: accepts, state: live.state() }));
    }
    save_offer(&state, &mut live, Some(me)).await?;
    Ok(Json(OfferAnswer { accepted: false, state: live.state() }))
}

/// Stores a new pending offer (or none), then tells everyone.
pub(crate) async fn save_offer(
    state: &Shared,
    live: &mut Live,
    offer: Option<Side>,
) -> Result<(), ApiError> {
    let mut row = live.row.clone();
    row.offer = offer;
    row.updated = state.time.now_secs();
    let saved = row.clone();
    blocking(state, move |s| s.save(&saved)).await?;
    live.row = row;
    live.publish_state();
    Ok(())
}

pub(crate) async fn accept(State(state): State<Shared>, seated: Seated) -> ApiResult<Value> {
    let (mut live, seats) = seated.lock().await?;
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

pub(crate) async fn decline(State(state): State<Shared>, seated: Seated) -> ApiResult<Value> {
    let (mut live, _) = seated.lock().await?;
    if live.offer().is_none() {
        return Err(error(StatusCode::CONFLICT, "no_offer", "there is no offer to decline"));
    }
    save_offer(&state, &mut live, None).await?;
    Ok(Json(live.state()))
}

/// The search that decides whether the computer sees progress: fixed, so
/// the same position always gets the same answer (a few tenths of a second
/// at most in a release build).
const AGREEMENT_LIMITS: Limits =
    Limits { depth: Some(12), nodes: Some(300_000), time: None, clock: mancala_ai::Clock::Wall };

/// How far ahead no capture may be possible, by any line of play, for the
/// computer to agree to end the game, and how many positions it looks at
/// to be sure (more, and it refuses).
const QUIET_PLIES: u32 = 8;
const QUIET_NODES: u64 = 200_000;

/// Whether the computer, playing `computer`, accepts to end `game` by
/// agreement that the seeds circulate: only when its search sees no
/// progress for either side (no capture possible within [`QUIET_PLIES`] by
/// any line, and no forced result), so that the game would only go round
/// until the repetition rule ended it the same way (a result the search can
/// force must be the agreed one); and never to lose. An offer that would hand it a win while the game is still open is
/// refused too: the agreed end is for games that cannot move on, not a way
/// to resign.
pub fn computer_accepts_end(game: &Game, computer: Side) -> bool {
    let mut agreed = game.clone();
    let Some(outcome) = agreed.agree_to_end().and_then(|p| p.outcome()) else { return false };
    if outcome.winner.is_some_and(|winner| winner != computer) {
        return false;
    }
    let mut nodes = 0;
    if capture_within(game.rules(), game.position(), QUIET_PLIES, &mut nodes) != Some(false) {
        return false;
    }
    // A result the search can force must be the agreed one: then agreeing
    // only saves the moves that lead there.
    let report = Searcher::with_table(*game.rules(), 8).search(game, AGREEMENT_LIMITS);
    if !report.score.is_decisive() {
        return true;
    }
    let forced = for_side(report.score, game.position().to_move(), computer).result();
    let agreed = match outcome.winner {
        Some(_) => mancala_ai::Wdl::Win,
        None => mancala_ai::Wdl::Draw,
    };
    forced == agreed
}

/// Whether some line of play from `pos` captures (or ends the game) within
/// `plies`; `None` if that takes more than [`QUIET_NODES`] positions to tell.
fn capture_within(
    rules: &mancala_rules::Rules,
    pos: &mancala_rules::Position,
    plies: u32,
    nodes: &mut u64,
) -> Option<bool> {
    if plies == 0 {
        return Some(false);
    }
    for pit in rules.legal_moves(pos) {
        *nodes += 1;
        if *nodes > QUIET_NODES {
            return None;
        }
        let next = rules.play_unchecked(pos, pit);
        if next.captured() != pos.captured() || next.outcome().is_some() {
            return Some(true);
        }
        if capture_within(rules, &next, plies - 1, nodes)? {
            return Some(true);
        }
    }
    Some(false)
}
