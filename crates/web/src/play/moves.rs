//! Moves and the ends of a game that players choose: a move, undo,
//! resignation and the claim against a player who left.

use super::clocks::watch_clock;
use super::computer::schedule_computer;
use super::{finished_error, over_error, waiting_error, SeatBody, Seated};
use crate::api::{blocking, error, ApiError, ApiResult, ClientOf};
use crate::live::{report_json, side_name, Live, NoClaim, Push};
use crate::store::{GameEnding, Status, StoredGame};
use crate::Shared;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use mancala_rules::{Pit, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Deserialize)]
pub(crate) struct MoveBody {
    pub(crate) token: String,
    #[serde(rename = "move")]
    pit: String,
}

impl SeatBody for MoveBody {
    fn token(&self) -> &str {
        &self.token
    }
}

/// The answer to a move: its report and the state after it.
#[derive(Serialize)]
pub(crate) struct Moved {
    #[serde(rename = "move")]
    report: Value,
    state: Value,
}

pub(crate) async fn play(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    seated: Seated<MoveBody>,
) -> ApiResult<Moved> {
    let game = &seated.game;
    let (mut live, seats) = seated.lock().await?;
    // The computer's reply is queued under whoever plays against it.
    live.client = client;
    let rules = *live.game.rules();
    let pit = Pit::parse(&seated.body.pit, &rules)
        .map_err(|e| error(StatusCode::BAD_REQUEST, "bad_move", e.to_string()))?;
    if let Some((side, due)) = live.flag_at() {
        if due <= state.time.now_ms() {
            // Too late: the flag fell before the timer got to it.
            finish(&state, &mut live, Some(!side), GameEnding::Time).await?;
        }
    }
    let Some(to_move) = live.to_move() else { return Err(over_error(&live)) };
    if live.waiting_for_opponent() {
        return Err(waiting_error());
    }
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
        let err = error(
            StatusCode::CONFLICT,
            "illegal_move",
            format!(
                "{} is not a legal move now; legal moves: {}",
                seated.body.pit,
                letters.join(" ")
            ),
        );
        return Err(err.with(crate::api::Detail::Legal { legal: letters }));
    }
    let answer = apply_move(&state, &mut live, pit).await?;
    watch_clock(&state, &live);
    drop(live);
    schedule_computer(state, game.clone());
    Ok(Json(answer))
}

/// Plays a legal move: stores it, then updates the game in memory and tells
/// every watcher. Nothing changes if storing fails.
pub(crate) async fn apply_move(
    state: &Shared,
    live: &mut Live,
    pit: Pit,
) -> Result<Moved, ApiError> {
    let mut game = live.game.clone();
    let report = game
        .play_reported(pit)
        .map_err(|e| error(StatusCode::CONFLICT, "illegal_move", format!("{e}")))?;
    let mut row = live.row.clone();
    row.updated = state.time.now_secs();
    row.offer = None;
    live.clock_after_move(&mut row, report.mover, state.time.now_ms());
    if let Some(outcome) = game.position().outcome() {
        row.status = Status::Finished;
        row.result = Some(crate::store::GameResult::of(outcome.winner));
        row.ending = Some(GameEnding::Rules(outcome.reason));
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
    live.publish(&Push::Move { report: &json, state: &state_json });
    // The mover's answer is what every watcher was just sent.
    Ok(Moved { report: json, state: state_json })
}

/// Takes back the player's last move and the computer's reply.
pub(crate) async fn undo(State(state): State<Shared>, seated: Seated) -> ApiResult<Value> {
    let game = &seated.game;
    let (mut live, _) = seated.lock().await?;
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
    row.status = Status::Active;
    row.result = None;
    row.ending = None;
    row.updated = state.time.now_secs();
    row.offer = None;
    // The clocks keep the time used; the player's turn starts again now.
    let now = state.time.now_ms();
    live.stopped_clock(&mut row, now);
    row.turn_started = Some(now);
    let rebuilt = Live::rebuild(StoredGame { row: row.clone(), moves: letters })
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e.0))?;
    let saved = row.clone();
    blocking(&state, move |s| s.truncate_moves(&saved, keep as u32)).await?;
    live.game = rebuilt.game;
    live.last = rebuilt.last;
    live.row = row;
    watch_clock(&state, &live);
    live.publish_state();
    let answer = live.state();
    drop(live);
    schedule_computer(state, game.clone());
    Ok(Json(answer))
}

/// Ends the game with a result that is not the rules' (resignation or an
/// agreed end), stores it and tells everyone.
pub(crate) async fn finish(
    state: &Shared,
    live: &mut Live,
    winner: Option<Side>,
    ending: GameEnding,
) -> Result<(), ApiError> {
    let mut row = live.row.clone();
    row.status = Status::Finished;
    row.result = Some(crate::store::GameResult::of(winner));
    row.ending = Some(ending);
    row.updated = state.time.now_secs();
    row.offer = None;
    live.stopped_clock(&mut row, state.time.now_ms());
    let saved = row.clone();
    blocking(state, move |s| s.save(&saved)).await?;
    live.row = row;
    watch_clock(state, live);
    live.publish_state();
    Ok(())
}

pub(crate) async fn resign(State(state): State<Shared>, seated: Seated) -> ApiResult<Value> {
    let (mut live, seats) = seated.lock().await?;
    let Some(to_move) = live.to_move() else { return Err(finished_error()) };
    // At one screen both seats share a token: the player to move resigns.
    let loser = if seats.len() == 2 { to_move } else { seats[0] };
    finish(&state, &mut live, Some(!loser), GameEnding::Resignation).await?;
    Ok(Json(live.state()))
}

/// Claims the win in an online game whose player to move has left: no
/// page of theirs open, and no move, for the server's abandon time.
pub(crate) async fn claim(State(state): State<Shared>, seated: Seated) -> ApiResult<Value> {
    let (mut live, seats) = seated.lock().await?;
    if live.is_finished() {
        return Err(over_error(&live));
    }
    let claimer = seats[0];
    match live.claim_wait(claimer, state.time.now_ms()) {
        Ok(_) => {
            finish(&state, &mut live, Some(claimer), GameEnding::Abandoned).await?;
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
            let err = error(
                StatusCode::CONFLICT,
                "too_early",
                format!(
                    "your opponent may still come back: you can claim the win in {seconds} s \
                     if they have not returned or moved by then"
                ),
            );
            Err(err.with(crate::api::Detail::SecondsLeft { seconds_left: seconds }))
        }
    }
}
