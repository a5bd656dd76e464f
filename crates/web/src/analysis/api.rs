//! Analysis for players of a game: hints and the review of a finished
//! game.

use crate::api::{blocking, error, internal, refused, ApiResult, ClientOf};
use crate::game::new_game;
use crate::live::{side_name, BySide};
use crate::play::{finished_error, live, over_error, Seated};
use crate::scheduler::Kind;
use crate::store::StoredReview;
use crate::Shared;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use mancala_ai::analysis::{for_side, MoveValue};
use mancala_ai::{Limits, Score, Searcher};
use mancala_rules::{Game, Pit, Rules, Ruleset, Side};
use serde::Serialize;
use serde_json::Value;

/// A hint's search: a fixed depth and node budget and no time limit, so the
/// same position always gets the same hint, answered in a moment (a few
/// tenths of a second in a release build).
pub(crate) const HINT_LIMITS: Limits =
    Limits { depth: Some(12), nodes: Some(200_000), time: None, clock: mancala_ai::Clock::Wall };

/// A value for people: seeds ahead (from the player to move's view), or a
/// proven result (`win`, `loss`, `draw`) with its margin.
#[derive(Serialize)]
pub(crate) struct ScoreView {
    result: Option<&'static str>,
    seeds: Seeds,
}

/// A proven margin is a whole number of seeds; an estimate has tenths.
#[derive(Serialize)]
#[serde(untagged)]
enum Seeds {
    Proven(i32),
    Estimate(f64),
}

pub(crate) fn score_view(score: Score) -> ScoreView {
    if score.is_decisive() {
        ScoreView { result: Some(score.result().name()), seeds: Seeds::Proven(score.margin()) }
    } else {
        ScoreView { result: None, seeds: Seeds::Estimate(f64::from(score.0) / 10.0) }
    }
}

/// The answer to a hint.
#[derive(Serialize)]
pub(crate) struct Hint {
    #[serde(rename = "move")]
    pit: String,
    value: ScoreView,
    depth: u32,
}

/// A finished game's review, as answered and stored.
#[derive(Serialize)]
struct Review {
    depth: u32,
    nodes_per_position: u64,
    /// Seeds a move may give away before it counts as a mistake.
    threshold: f64,
    /// Every position's value for South, for the graph.
    positions: Vec<ReviewedPosition>,
    moves: Vec<ReviewedMove>,
    mistakes: BySide<u32>,
}

#[derive(Serialize)]
struct ReviewedPosition {
    ply: usize,
    south: ScoreView,
    /// The endgame database's exact result here (`south`, `north`,
    /// `draw`), where the position is in it and has no repetition history
    /// (the start, or right after a capture); `None` elsewhere.
    database: Option<&'static str>,
}

#[derive(Serialize)]
struct ReviewedMove {
    ply: usize,
    mover: &'static str,
    #[serde(rename = "move")]
    pit: String,
    best: ScoreView,
    played: ScoreView,
    lost: f64,
    changes_result: bool,
    mistake: bool,
    better: Option<String>,
    /// Whether the position before the move is valued exactly by an
    /// endgame database (then `best` is that exact result).
    exact: bool,
}

/// The computer's suggestion for the player to move, with its value: in
/// games against the computer and at one screen (not between two people
/// online, where it would be help from outside the game).
pub(crate) async fn hint(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    seated: Seated,
) -> ApiResult<Hint> {
    let snapshot = {
        let (live, seats) = seated.lock().await?;
        if !live.hints_allowed() {
            return Err(error(
                StatusCode::CONFLICT,
                "no_hints",
                "hints are given in games against the computer and at one screen, \
                 not in games between two people online",
            ));
        }
        let Some(to_move) = live.to_move() else { return Err(over_error(&live)) };
        if !seats.contains(&to_move) {
            return Err(error(
                StatusCode::CONFLICT,
                "not_your_turn",
                format!("it is {}'s turn", side_name(to_move)),
            ));
        }
        live.game.clone()
    };
    let rules = *snapshot.rules();
    let search = move || Searcher::with_table(rules, 8).search(&snapshot, HINT_LIMITS);
    let report = state
        .scheduler
        .run(client, Kind::Analysis, search)
        .await
        .map_err(refused)?
        .ok_or_else(|| internal("the hint's search ended without an answer"))?;
    let best = report.best.ok_or_else(finished_error)?;
    Ok(Json(Hint {
        pit: best.letter(&rules).to_string(),
        value: score_view(report.score),
        depth: report.depth,
    }))
}

/// The review's search, per position: at most this deep...
pub(crate) const REVIEW_DEPTH: u32 = 10;
/// ...and this many nodes for the whole game, shared out between its
/// positions, each getting at least and at most these. Node limits, not
/// time, so that a game always gets the same review, whatever the load.
pub(crate) const REVIEW_NODES: u64 = 3_000_000;
pub(crate) const REVIEW_NODES_PER_POSITION: (u64, u64) = (5_000, 100_000);
/// A move that gives away this many tenths of a seed (or changes the
/// result) is a mistake.
pub(crate) const REVIEW_THRESHOLD: i32 = 10;

/// Every position of a game valued (for South, for the graph) and every
/// move judged against the best one.
pub(crate) fn review_of(
    ruleset: &Ruleset,
    start: &Game,
    end: &Game,
    egdb: Option<&mancala_ai::egdb::Egdb>,
) -> Result<Value, String> {
    let rules = ruleset.rules;
    let moves = end.moves();
    let exact = exact_results(start, moves, egdb)?;
    let oracle = egdb.map(|db| db as &dyn mancala_ai::Oracle);
    let per_position = (REVIEW_NODES / (moves.len() as u64 + 1))
        .clamp(REVIEW_NODES_PER_POSITION.0, REVIEW_NODES_PER_POSITION.1);
    let limits =
        Limits { depth: Some(REVIEW_DEPTH), nodes: Some(per_position), ..Limits::default() };
    let values = mancala_ai::analysis::analyse(start, moves, limits, oracle, &mut |_, _| {})
        .map_err(|e| e.to_string())?;
    let last = match end.position().outcome() {
        Some(_) => Score::of_outcome(&rules, end.position(), Side::South),
        None => {
            let options = mancala_ai::SearchOptions::new(limits).oracle(oracle);
            let report = Searcher::new(rules).search(end, options);
            for_side(report.score, end.position().to_move(), Side::South)
        }
    };
    let mut positions: Vec<ReviewedPosition> = values
        .iter()
        .enumerate()
        .map(|(ply, v)| ReviewedPosition {
            ply,
            south: score_view(for_side(v.best, v.mover, Side::South)),
            database: exact[ply],
        })
        .collect();
    positions.push(ReviewedPosition {
        ply: moves.len(),
        south: score_view(last),
        database: exact[moves.len()],
    });
    let (judged, mistakes) = judged_moves(&rules, &values, &exact);
    let review = Review {
        depth: REVIEW_DEPTH,
        nodes_per_position: per_position,
        threshold: f64::from(REVIEW_THRESHOLD) / 10.0,
        positions,
        moves: judged,
        mistakes: BySide { south: mistakes[0], north: mistakes[1] },
    };
    serde_json::to_value(review).map_err(|e| e.to_string())
}

/// Each position's exact result from the database, where it has one:
/// only positions with no repetition history (the start, or right after
/// a capture), for which the database's value is exact.
fn exact_results(
    start: &Game,
    moves: &[Pit],
    egdb: Option<&mancala_ai::egdb::Egdb>,
) -> Result<Vec<Option<&'static str>>, String> {
    let mut exact: Vec<Option<&'static str>> = Vec::with_capacity(moves.len() + 1);
    let mut replay = start.clone();
    for i in 0..=moves.len() {
        let fresh = replay.repeatable_positions().len() == 1;
        let known = egdb.filter(|_| fresh).and_then(|db| {
            crate::egdb::exact_in(db, replay.position())
                .map(|e| e.winner.map_or("draw", |side| side.name()))
        });
        exact.push(known);
        if let Some(&pit) = moves.get(i) {
            replay.play(pit).map_err(|e| e.to_string())?;
        }
    }
    Ok(exact)
}

/// Every move judged against the best one, and the mistakes of each side
/// (South's first).
fn judged_moves(
    rules: &Rules,
    values: &[MoveValue],
    exact: &[Option<&'static str>],
) -> (Vec<ReviewedMove>, [u32; 2]) {
    let mut mistakes = [0u32; 2];
    let judged = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mistake = v.is_mistake(REVIEW_THRESHOLD);
            if mistake {
                mistakes[v.mover.index()] += 1;
            }
            ReviewedMove {
                ply: i + 1,
                mover: side_name(v.mover),
                pit: v.played.letter(rules).to_string(),
                best: score_view(v.best),
                played: score_view(v.kept),
                lost: f64::from(v.lost()) / 10.0,
                changes_result: v.changes_result(),
                mistake,
                better: v.better.map(|p| p.letter(rules).to_string()),
                exact: exact[i].is_some(),
            }
        })
        .collect();
    (judged, mistakes)
}

/// The review of a finished game: computed once (queued under the client
/// who asks, like the computer's moves) and stored.
pub(crate) async fn review(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    Path(id): Path<String>,
) -> ApiResult<Value> {
    let game = live(&state, &id).await?;
    let (ruleset, start, end) = {
        let live = game.lock().await;
        if !live.is_finished() {
            return Err(error(
                StatusCode::CONFLICT,
                "not_over",
                "a game is reviewed once it is over",
            ));
        }
        let start = new_game(live.ruleset, &live.row).map_err(internal)?;
        (live.ruleset, start, live.game.clone())
    };
    let rules = ruleset.rules;
    let key: Vec<String> = end.moves().iter().map(|p| p.letter(&rules).to_string()).collect();
    let key = key.join(" ");
    let (game_id, wanted) = (id.clone(), key.clone());
    let stored = blocking(&state, move |s| s.load_review(&game_id)).await?;
    if let Some(review) = stored.filter(|r| r.moves == wanted) {
        return serde_json::from_str(&review.review).map(Json).map_err(internal);
    }
    let shared = state.clone();
    let value = state
        .scheduler
        .run(client, Kind::Analysis, move || {
            let db = shared.egdb.get(ruleset);
            review_of(ruleset, &start, &end, db.as_deref())
        })
        .await
        .map_err(refused)?
        .ok_or_else(|| internal("the review's search ended without an answer"))?
        .map_err(internal)?;
    let review = StoredReview { moves: key, review: value.to_string() };
    blocking(&state, move |s| s.save_review(&id, &review)).await?;
    Ok(Json(value))
}
