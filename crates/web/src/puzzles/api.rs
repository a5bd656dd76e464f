//! Puzzles: the bundled collections (crates/puzzles), played move by move
//! against the stored solution, with a puzzle rating for signed-in players.
//!
//! The solution never leaves the server before the attempt is over: the
//! browser sends the moves played so far, and the answer says whether the
//! last one is the solution's, gives the defence's reply, and once the
//! puzzle is solved or failed, the whole line with every position.
//!
//! Ratings, as lichess does: the solver and the puzzle are the two players
//! of one rated game (Glicko-2, `crate::rating`), which the solver wins by
//! solving it. Only an account's first attempt at a puzzle counts, and
//! asking for a hint makes it a failure. A puzzle no one has tried yet has
//! its collection's rating with the deviation of a newcomer.

use super::store::{AttemptToRate, PuzzleRatingRow};
use crate::api::{blocking, error, signed_in, ApiError, ApiResult};
use crate::rating::{periods, Rating, START_DEVIATION, START_VOLATILITY};
use crate::Shared;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use mancala_puzzles::{bundled, Kind, Puzzle};
use mancala_rules::{Game, Pit, RULESETS};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::borrow::Cow;
use std::sync::OnceLock;

/// Every bundled puzzle, every ruleset, parsed once.
pub fn catalog() -> &'static [Puzzle] {
    static CATALOG: OnceLock<Vec<Puzzle>> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut all = Vec::new();
        for ruleset in &RULESETS {
            match bundled(ruleset.id) {
                Ok(puzzles) => all.extend(puzzles),
                // The collections are tested to parse; a broken one is left
                // out rather than taking the server down.
                Err(e) => tracing::error!("puzzles of {}: {e}", ruleset.id),
            }
        }
        all
    })
}

/// The puzzle with this id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    catalog().iter().find(|p| p.id == id)
}

/// The puzzle of the day `day` (days since the Unix epoch): every puzzle in
/// turn, in an order that moves through the games.
pub fn daily(day: i64) -> Option<&'static Puzzle> {
    let all = catalog();
    if all.is_empty() {
        return None;
    }
    // 7919 is prime, so stepping by it visits every index of any collection
    // not a multiple of it.
    let i = (day.rem_euclid(all.len() as i64) as usize * 7919) % all.len();
    all.get(i)
}

/// The day number (days since the Unix epoch) on `time`.
pub fn today(time: &crate::time::Time) -> i64 {
    time.now_secs().div_euclid(86_400)
}

/// A bundled puzzle, or a published composition that is solved as one.
pub(crate) async fn lookup(state: &Shared, id: &str) -> Result<Cow<'static, Puzzle>, ApiError> {
    if let Some(p) = find(id) {
        return Ok(Cow::Borrowed(p));
    }
    match super::compositions::api::load(state, id).await? {
        Some(row) => {
            super::compositions::api::as_puzzle(&row).map(Cow::Owned).ok_or_else(|| unknown(id))
        }
        None => Err(unknown(id)),
    }
}

fn unknown(id: &str) -> ApiError {
    error(StatusCode::NOT_FOUND, "unknown_puzzle", format!("no puzzle has the id '{id}'"))
}

/// A puzzle as listed: no solution.
pub fn summary(p: &Puzzle, rating: Option<f64>) -> Summary {
    Summary {
        id: p.id.clone(),
        ruleset: p.ruleset.id.to_string(),
        kind: p.kind.name().to_string(),
        theme: p.kind.slug().to_string(),
        result: p.result.name().to_string(),
        position: p.position.to_string(),
        rating: rating.unwrap_or(p.rating as f64).round() as i64,
        solver: p.solver().name().to_string(),
    }
}

/// A puzzle as listed (no solution).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub id: String,
    pub ruleset: String,
    pub kind: String,
    pub theme: String,
    pub result: String,
    pub position: String,
    pub rating: i64,
    pub solver: String,
}

/// The puzzles of a list.
#[derive(Serialize)]
pub(crate) struct Listed {
    puzzles: Vec<Summary>,
}

/// A puzzle to solve: its summary, its position as a state, how many moves
/// are the solver's, and the signed-in player's part (none for a guest).
#[derive(Serialize)]
pub(crate) struct Shown {
    #[serde(flatten)]
    summary: Summary,
    state: Value,
    solver_moves: usize,
    player: Option<PlayerPart>,
}

/// A signed-in player's puzzle rating and earlier attempt at this puzzle.
#[derive(Serialize)]
pub(crate) struct PlayerPart {
    rating: RatingView,
    attempted: bool,
    solved: Option<bool>,
}

/// A rating as shown: whole points.
#[derive(Serialize)]
pub(crate) struct RatingView {
    rating: i64,
    deviation: i64,
}

/// A rating before and after an attempt.
#[derive(Serialize)]
pub(crate) struct Change {
    before: RatingView,
    after: RatingView,
}

/// What a first attempt did to the player's and the puzzle's ratings.
#[derive(Serialize)]
pub(crate) struct Rated {
    player: Change,
    puzzle: Change,
}

/// The whole solution with the state after each move.
#[derive(Serialize)]
pub(crate) struct Solution {
    moves: Vec<String>,
    states: Vec<Value>,
}

/// The answer to moves played: whether the newest was right, the defence's
/// reply, the states; once over, the solution and the rating change.
#[derive(Serialize)]
pub(crate) struct Played {
    correct: bool,
    solved: bool,
    over: bool,
    reply: Option<Vec<String>>,
    states: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Solution>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<Option<Rated>>,
}

/// A hint: the pit to play, and what asking did to the ratings.
#[derive(Serialize)]
pub(crate) struct Hint {
    pit: String,
    rating: Option<Rated>,
}

/// The states along `moves` from the puzzle's position (the state after
/// each move, as the game pages get them).
fn states(p: &Puzzle, moves: &[Pit]) -> Vec<Value> {
    let rules = p.ruleset.rules;
    let mut game = Game::from_position(rules, p.position);
    let mut out = Vec::new();
    for &pit in moves {
        match game.play_reported(pit) {
            Ok(report) => out.push(mancala_json::state(&rules, &game, Some(&report), false)),
            Err(_) => break,
        }
    }
    out
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    game: Option<String>,
    kind: Option<String>,
}

/// `GET /api/puzzles?game=ID&kind=KIND`: the puzzles, filtered.
pub(crate) async fn list(Query(q): Query<ListQuery>) -> ApiResult<Listed> {
    let game = match q.game.as_deref() {
        Some(id) => Some(
            mancala_rules::ruleset(id)
                .map_err(|e| error(StatusCode::BAD_REQUEST, "unknown_game", e.to_string()))?,
        ),
        None => None,
    };
    let kind = match q.kind.as_deref() {
        Some(k) => Some(Kind::parse(k).ok_or_else(|| {
            error(
                StatusCode::BAD_REQUEST,
                "unknown_kind",
                format!(
                    "unknown kind '{k}'; the kinds are {}",
                    Kind::ALL.map(Kind::slug).join(", ")
                ),
            )
        })?),
        None => None,
    };
    let puzzles = catalog()
        .iter()
        .filter(|p| game.is_none_or(|g| g.id == p.ruleset.id))
        .filter(|p| kind.is_none_or(|k| k == p.kind))
        .map(|p| summary(p, None))
        .collect();
    Ok(Json(Listed { puzzles }))
}

/// `GET /api/puzzles/daily`: today's puzzle.
pub(crate) async fn daily_puzzle(State(state): State<Shared>) -> ApiResult<Summary> {
    let p = daily(today(&state.time)).ok_or_else(|| unknown("daily"))?;
    let rating = current_rating(&state, p).await?;
    Ok(Json(summary(p, Some(rating.rating))))
}

/// The puzzle's rating now: the store's once tried, else its collection's.
async fn current_rating(state: &Shared, p: &Puzzle) -> Result<Rating, ApiError> {
    let id = p.id.clone();
    let stored = blocking(state, move |store| store.puzzle_rating(&id)).await?;
    Ok(stored.map(|r| rating_of(&r)).unwrap_or(Rating {
        rating: p.rating as f64,
        deviation: START_DEVIATION,
        volatility: START_VOLATILITY,
    }))
}

fn rating_of(r: &PuzzleRatingRow) -> Rating {
    Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

fn rating_view(r: &Rating) -> RatingView {
    RatingView { rating: r.rating.round() as i64, deviation: r.deviation.round() as i64 }
}

/// The signed-in player, if any (a request without a session is a guest's;
/// a failing store is still an error).
async fn player(state: &Shared, headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    match signed_in(state, headers).await {
        Ok((player, _)) => Ok(Some(player.id)),
        Err(e) if e.status == StatusCode::UNAUTHORIZED => Ok(None),
        Err(e) => Err(e),
    }
}

/// `GET /api/puzzles/{id}`: the puzzle to solve (its position as a state,
/// no solution), its rating, and the signed-in player's rating and earlier
/// attempt.
pub(crate) async fn show(
    State(state): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Shown> {
    let p = lookup(&state, &id).await?;
    let p: &Puzzle = &p;
    let rating = current_rating(&state, p).await?;
    let game = Game::from_position(p.ruleset.rules, p.position);
    let player = match player(&state, &headers).await? {
        Some(player) => {
            let (mine, attempt) = {
                let (a, b, pz) = (player.clone(), player, p.id.clone());
                let mine = blocking(&state, move |s| s.player_puzzle_rating(&a)).await?;
                let attempt = blocking(&state, move |s| s.puzzle_attempt(&b, &pz)).await?;
                (mine, attempt)
            };
            let r = mine.as_ref().map(rating_of).unwrap_or_default();
            Some(PlayerPart {
                rating: rating_view(&r),
                attempted: attempt.is_some(),
                solved: attempt,
            })
        }
        None => None,
    };
    Ok(Json(Shown {
        summary: summary(p, Some(rating.rating)),
        state: mancala_json::state(&p.ruleset.rules, &game, None, false),
        solver_moves: solver_plies(p).len(),
        player,
    }))
}

/// The plies of the solution that are the solver's.
fn solver_plies(p: &Puzzle) -> Vec<usize> {
    let mut game = Game::from_position(p.ruleset.rules, p.position);
    let mut plies = Vec::new();
    for (i, &pit) in p.moves.iter().enumerate() {
        if game.position().to_move() == p.solver() {
            plies.push(i);
        }
        if game.play(pit).is_err() {
            break;
        }
    }
    plies
}

#[derive(Deserialize)]
pub(crate) struct MovesBody {
    /// Every move since the puzzle's position, the one just played last.
    moves: Vec<String>,
}

/// A try at the puzzle in the path: the moves its JSON body sends (read
/// first), and the puzzle (404 if there is none).
pub(crate) struct Attempt {
    puzzle: Cow<'static, Puzzle>,
    moves: Vec<String>,
}

impl FromRequest<Shared> for Attempt {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Shared) -> Result<Self, ApiError> {
        let (id, MovesBody { moves }) = crate::api::path_and_body(req, state).await?;
        Ok(Attempt { puzzle: lookup(state, &id).await?, moves })
    }
}

/// Checks the moves sent: letters, legal, following the solution up to the
/// last one, and the last one the solver's. Returns the pits.
fn check_moves(p: &Puzzle, moves: &[String]) -> Result<Vec<Pit>, ApiError> {
    let rules = &p.ruleset.rules;
    let bad = |code: &str, message: String| error(StatusCode::BAD_REQUEST, code, message);
    if moves.is_empty() || moves.len() > p.moves.len() {
        return Err(bad(
            "bad_moves",
            format!("send 1 to {} moves: those played since the puzzle's position", p.moves.len()),
        ));
    }
    let mut game = Game::from_position(*rules, p.position);
    let mut pits = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let pit =
            Pit::parse(text, rules).map_err(|e| bad("bad_move", format!("move {}: {e}", i + 1)))?;
        let legal = game.legal_moves();
        if !legal.contains(pit) {
            return Err(bad(
                "illegal_move",
                format!("move {} ({text}) is not legal; legal: {}", i + 1, legal.letters(rules)),
            ));
        }
        let last = i + 1 == moves.len();
        if !last && pit != p.moves[i] {
            return Err(bad(
                "off_the_line",
                format!("move {} ({text}) is not the puzzle's: the attempt ended there", i + 1),
            ));
        }
        if last && game.position().to_move() != p.solver() {
            return Err(bad(
                "not_your_move",
                format!("move {} is the defence's, not yours", i + 1),
            ));
        }
        let _ = game.play(pit);
        pits.push(pit);
    }
    Ok(pits)
}

/// A solver's rating before an attempt: a new solver's is the starting
/// one; a known one's deviation has grown with the time since.
fn player_before(row: Option<&PuzzleRatingRow>, at: i64) -> Rating {
    row.map(|r| rating_of(r).after_idle(periods(at - r.rated))).unwrap_or_default()
}

/// A puzzle's rating before an attempt: its collection's until someone
/// has tried it.
fn puzzle_before(row: Option<&PuzzleRatingRow>, start: f64) -> Rating {
    row.map(rating_of).unwrap_or(Rating {
        rating: start,
        deviation: START_DEVIATION,
        volatility: START_VOLATILITY,
    })
}

/// How a first attempt changes the two ratings (pure; the store runs it in
/// the transaction that reads and writes them): one Glicko-2 game between
/// the solver and the puzzle, won by the solver when solved, each row's
/// attempts counted.
pub fn rate_attempt(
    a: &AttemptToRate,
    mine: Option<&PuzzleRatingRow>,
    stored: Option<&PuzzleRatingRow>,
) -> (PuzzleRatingRow, PuzzleRatingRow) {
    let before = player_before(mine, a.at);
    let puzzle = puzzle_before(stored, a.start_rating);
    let score = if a.solved { 1.0 } else { 0.0 };
    let after = before.after_game(puzzle, score);
    let puzzle_after = puzzle.after_game(before, 1.0 - score);
    let row = |r: &Rating, old: Option<&PuzzleRatingRow>| PuzzleRatingRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        attempts: old.map_or(0, |o| o.attempts) + 1,
        solved: old.map_or(0, |o| o.solved) + u32::from(a.solved),
        rated: a.at,
    };
    (row(&after, mine), row(&puzzle_after, stored))
}

/// Rates an account's first attempt at a puzzle and stores it, in one
/// store transaction; `None` for a guest or an account that had tried it
/// before.
async fn rate(
    state: &Shared,
    player: Option<String>,
    p: &Puzzle,
    solved: bool,
) -> Result<Option<Rated>, ApiError> {
    let Some(player) = player else { return Ok(None) };
    let attempt = AttemptToRate {
        player,
        puzzle: p.id.clone(),
        solved,
        at: state.time.now_secs(),
        start_rating: p.rating as f64,
    };
    let at = attempt.at;
    let rated = blocking(state, move |s| s.rate_puzzle_attempt(&attempt, rate_attempt)).await?;
    let Some(rated) = rated else { return Ok(None) };
    let before = player_before(rated.player_before.as_ref(), at);
    let puzzle = puzzle_before(rated.puzzle_before.as_ref(), p.rating as f64);
    Ok(Some(Rated {
        player: Change {
            before: rating_view(&before),
            after: rating_view(&rating_of(&rated.player_after)),
        },
        puzzle: Change {
            before: rating_view(&puzzle),
            after: rating_view(&rating_of(&rated.puzzle_after)),
        },
    }))
}

/// The whole solution with the state after each move.
fn solution(p: &Puzzle) -> Solution {
    let rules = &p.ruleset.rules;
    Solution {
        moves: p.moves.iter().map(|m| m.letter(rules).to_string()).collect(),
        states: states(p, &p.moves),
    }
}

/// `POST /api/puzzles/{id}/moves` `{"moves": [...]}`: the moves played so
/// far, the solver's newest last. The answer: `correct`, and if so the
/// defence's `reply` (or none) and `solved` once the line is played out;
/// `states` after the solver's move and the reply; once over (solved or
/// not), the `solution` and, for a signed-in first attempt, `rating`.
pub(crate) async fn play(
    State(state): State<Shared>,
    headers: HeaderMap,
    Attempt { puzzle: p, moves }: Attempt,
) -> ApiResult<Played> {
    let pits = check_moves(&p, &moves)?;
    let rules = &p.ruleset.rules;
    let n = pits.len();
    let correct = pits[n - 1] == p.moves[n - 1];
    let mut played = pits.clone();
    let mut reply = None;
    if correct {
        // The defence answers until the solver is to move again.
        let mut game = Game::from_position(*rules, p.position);
        for &pit in &played {
            let _ = game.play(pit);
        }
        while played.len() < p.moves.len() && game.position().to_move() != p.solver() {
            let pit = p.moves[played.len()];
            let _ = game.play(pit);
            played.push(pit);
            reply.get_or_insert_with(Vec::new).push(pit.letter(rules).to_string());
        }
    }
    let solved = correct && played.len() == p.moves.len();
    let over = solved || !correct;
    let mut body = Played {
        correct,
        solved,
        over,
        reply,
        states: states(&p, &played)[n - 1..].to_vec(),
        solution: None,
        rating: None,
    };
    if over {
        body.solution = Some(solution(&p));
        let who = player(&state, &headers).await?;
        body.rating = Some(rate(&state, who, &p, solved).await?);
    }
    Ok(Json(body))
}

/// `POST /api/puzzles/{id}/hint` `{"moves": [...]}` (the moves so far, may
/// be empty): the pit to play next. For a signed-in player's first attempt
/// it counts as not solved.
pub(crate) async fn hint(
    State(state): State<Shared>,
    headers: HeaderMap,
    Attempt { puzzle: p, moves }: Attempt,
) -> ApiResult<Hint> {
    let rules = &p.ruleset.rules;
    let plies = solver_plies(&p);
    let next = moves.len();
    if !plies.contains(&next) {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "no_hint",
            format!("after {next} moves it is not your move in this puzzle"),
        ));
    }
    for (i, text) in moves.iter().enumerate() {
        if Pit::parse(text, rules).ok() != Some(p.moves[i]) {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "off_the_line",
                format!("move {} ({text}) is not the puzzle's", i + 1),
            ));
        }
    }
    let who = player(&state, &headers).await?;
    let rating = rate(&state, who, &p, false).await?;
    Ok(Json(Hint { pit: p.moves[next].letter(rules).to_string(), rating }))
}
