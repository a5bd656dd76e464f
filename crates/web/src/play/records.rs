//! Game records: download, upload, and the replay of every position.

use super::games::{game_url, live, SeatAnswer};
use crate::api::{
    blocking, clean_name, count_games, error, game_id, secret, ApiError, ApiResult, ClientOf,
    JsonBody,
};
use crate::game::{lot_seed_for_new_game, new_game};
use crate::live::Live;
use crate::store::{GameEnding, GameRow, Mode, Status};
use crate::Shared;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala_rules::{Ending, Record};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::time::date;

/// The game as a record (the project's record format).
pub fn record_of(live: &Live) -> Record {
    let row = &live.row;
    let mut tags = vec![
        ("South".to_string(), row.south_name.clone()),
        ("North".to_string(), row.north_name.clone()),
        ("Date".to_string(), date(row.created)),
        ("Site".to_string(), format!("mancala-web game {}", row.id)),
    ];
    if let Some(clock) = row.clock {
        // Seconds per player + seconds a move, as chess records write it.
        let control = format!("{}+{}", clock.initial_ms / 1000, clock.increment_ms / 1000);
        tags.push(("TimeControl".to_string(), control));
    }
    if let (Some(contest), Some(number)) = (&row.match_id, row.match_game) {
        tags.push(("Match".to_string(), format!("{contest} game {}", number + 1)));
    }
    if live.is_finished() {
        // The final score, South's seeds first, as every page writes it.
        let captured = live.game.position().captured();
        tags.push(("Score".to_string(), format!("{}-{}", captured.south, captured.north)));
    }
    let loser = row.result.and_then(crate::store::GameResult::winner).map(|w| !w);
    let ending = match (row.ending, loser) {
        (Some(GameEnding::Resignation), Some(loser)) => Ending::Resignation { loser },
        (Some(GameEnding::Time), Some(loser)) => Ending::Time { loser },
        (Some(GameEnding::Abandoned), Some(loser)) => Ending::Abandoned { loser },
        _ => Ending::Unfinished,
    };
    let mut record = Record::new(*live.ruleset, &live.game, tags, ending);
    if !live.is_finished() {
        // The lot's seed would tell who takes the last four before the end.
        record.lot_seed = None;
    }
    record
}

pub(crate) async fn record(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    let text = record_of(&live).to_string();
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-{id}.txt\"", live.ruleset.id),
            ),
        ],
        text,
    )
        .into_response())
}

/// The answer to a replay: the game's state and every position.
#[derive(Serialize)]
pub(crate) struct Replay {
    state: Value,
    plies: Vec<ReplayedPly>,
}

#[derive(Serialize)]
struct ReplayedPly {
    ply: usize,
    board: Vec<u8>,
    /// `[south, north]`.
    captured: [u8; 2],
    /// The move that led here (none at the start).
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<Value>,
}

/// Every position of the game, for replaying it move by move.
pub(crate) async fn replay(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Replay>, ApiError> {
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    let mut replayed = new_game(live.ruleset, &live.row)
        .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e))?;
    let start = replayed.position();
    let mut plies = vec![ReplayedPly {
        ply: 0,
        board: start.pits().to_vec(),
        captured: [start.captured().south, start.captured().north],
        report: None,
    }];
    for &pit in live.game.moves() {
        let report = replayed
            .play_reported(pit)
            .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, "corrupt_game", e.to_string()))?;
        let pos = replayed.position();
        plies.push(ReplayedPly {
            ply: replayed.moves().len(),
            board: pos.pits().to_vec(),
            captured: [pos.captured().south, pos.captured().north],
            report: Some(crate::live::settled_report_json(
                live.ruleset,
                &report,
                live.is_finished() && replayed.moves().len() == live.game.moves().len(),
            )),
        });
    }
    // An agreed end is no move: it settles the last position in place (the
    // seeds on the board split, or given to their rows' owners), so the
    // last board is the game's own, as the result's score counts it.
    if let Some(last) = plies.last_mut() {
        let end = live.game.position();
        last.board = end.pits().to_vec();
        last.captured = [end.captured().south, end.captured().north];
    }
    Ok(Json(Replay { state: live.state(), plies }))
}

#[derive(Deserialize)]
pub(crate) struct UploadBody {
    record: String,
}

/// Stores a game record as a new game at one screen: a finished record can
/// be replayed, an unfinished one played on (the answer holds its token).
pub(crate) async fn upload(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    JsonBody(body): JsonBody<UploadBody>,
) -> ApiResult<SeatAnswer> {
    let record = Record::parse(&body.record)
        .map_err(|e| error(StatusCode::BAD_REQUEST, "bad_record", e.to_string()))?;
    // A stored record is a stored game like any other.
    count_games(&state, &client, 1)?;
    let game = record.game();
    let rules = record.ruleset.rules;
    let (winner, ending) = match record.ending {
        Ending::Unfinished => (None, None),
        Ending::Rules(reason) => {
            (record.result().flatten().map(Some), Some(GameEnding::Rules(reason)))
        }
        Ending::Resignation { loser } => (Some(Some(!loser)), Some(GameEnding::Resignation)),
        Ending::Time { loser } => (Some(Some(!loser)), Some(GameEnding::Time)),
        Ending::Abandoned { loser } => (Some(Some(!loser)), Some(GameEnding::Abandoned)),
    };
    let status = if ending.is_some() { Status::Finished } else { Status::Active };
    let result = ending.map(|_| crate::store::GameResult::of(winner.flatten()));
    let token = secret();
    let row = GameRow {
        id: game_id(),
        ruleset: record.ruleset.id.to_string(),
        version: record.ruleset.version,
        setup: record.setup.as_ref().map(|s| s.to_string()),
        mode: Mode::Local,
        // A recorded name that poses as the computer is shown as the seat.
        south_name: clean_name(record.tag("South"), "South").unwrap_or_else(|_| "South".into()),
        north_name: clean_name(record.tag("North"), "North").unwrap_or_else(|_| "North".into()),
        south_token: Some(token.clone()),
        north_token: Some(token.clone()),
        status,
        result,
        ending,
        created: state.time.now_secs(),
        updated: state.time.now_secs(),
        // The record's own seed, so the stored game replays as the record
        // does (one without a `[Lot]` tag was replayed with 0); an
        // unfinished record's lot is still to come, so it gets a secret one.
        lot_seed: Some(match (record.lot_seed, status) {
            (Some(seed), _) => seed,
            (None, Status::Finished) => 0,
            (None, _) => lot_seed_for_new_game(),
        }),
        ..GameRow::default()
    };
    let moves: Vec<String> = game.moves().iter().map(|p| p.letter(&rules).to_string()).collect();
    let id = row.id.clone();
    let stored = row.clone();
    blocking(&state, move |s| s.create(&stored, &moves)).await?;
    let game = live(&state, &id).await?;
    let live = game.lock().await;
    Ok(Json(SeatAnswer {
        token,
        side: None,
        url: game_url(&state, &id),
        invite_url: None,
        state: live.state(),
        id,
    }))
}
