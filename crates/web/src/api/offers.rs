//! Offers to end the game by agreement that the seeds circulate.

use super::*;

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

/// Offers to end the game by agreement that the seeds circulate. At one
/// screen it ends at once; the computer accepts unless it would lose, or
/// would draw while ahead; online, the opponent must accept.
pub(crate) async fn offer(State(state): State<Shared>, seated: Seated) -> ApiResult {
    let (mut live, seats) = seated.lock().await?;
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
pub(crate) async fn save_offer(
    state: &Shared,
    live: &mut Live,
    offer: Option<Side>,
) -> Result<(), ApiError> {
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

pub(crate) async fn accept(State(state): State<Shared>, seated: Seated) -> ApiResult {
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

pub(crate) async fn decline(State(state): State<Shared>, seated: Seated) -> ApiResult {
    let (mut live, _) = seated.lock().await?;
    if live.offer().is_none() {
        return Err(error(StatusCode::CONFLICT, "no_offer", "there is no offer to decline"));
    }
    save_offer(&state, &mut live, None).await?;
    Ok(Json(live.state()))
}
