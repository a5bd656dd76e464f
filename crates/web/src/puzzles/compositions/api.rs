//! Compositions: a player sets a position (on the analysis board), the
//! solver proves it, and it is published with a title, the composer's name
//! and a comment. One that has a single key move keeping a win or a draw is
//! solved like a puzzle (`/api/puzzles/comp-...`, the same attempts and
//! ratings); the others are shown with their proven line, as studies.
//!
//! - `POST /api/compositions {game, position, title, composer, comment}`:
//!   201 `{id, value, line, unique, keeping, solvable, url}`; 422
//!   `not_proven` (with `why`) when the solver cannot prove it within its
//!   limit; 409 `already_published` (with the `id`) for a position that is
//!   published already; 400 for a bad field.
//! - `GET /api/compositions?game=ID&sort=newest|solved`: a game's
//!   compositions, newest first or most solved first.
//! - `GET /api/compositions/{id}`: one composition (the line only once it
//!   is not a puzzle to solve).

use super::store::{CompositionOrder, CompositionRow};
use crate::api::{
    blocking, count_games, error, invisible, refused, signed_in_name, ApiError, ApiResult,
    ClientOf, Detail, JsonBody,
};
use crate::scheduler::{Client, Kind as Work};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use mancala_ai::Oracle;
use mancala_puzzles::{compose, puzzle_id, Composition, Kind, NotProven, Prover, Puzzle};
use mancala_rules::{ruleset, Game, Pit, Position, Ruleset, Wdl};
use serde::{Deserialize, Serialize};

/// The most positions one proof may search: the bundled puzzles' own
/// re-proof budget, about a second of one core.
pub const PROOF_NODES: u64 = 2_000_000;

/// Field lengths, in characters.
const TITLE_MAX: usize = 80;
const COMPOSER_MAX: usize = 40;
const COMMENT_MAX: usize = 1000;

/// The id prefix that tells a composition from a bundled puzzle.
pub const PREFIX: &str = "comp-";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewComposition {
    game: String,
    position: String,
    title: String,
    #[serde(default)]
    composer: String,
    #[serde(default)]
    comment: String,
}

fn bad(code: &str, message: impl Into<String>) -> ApiError {
    error(StatusCode::BAD_REQUEST, code, message)
}

/// A text field: trimmed, within `max` characters, no control characters
/// (a comment may have line breaks), and not empty where `required`.
fn text_field(
    name: &str,
    value: &str,
    max: usize,
    required: bool,
    lines: bool,
) -> Result<String, ApiError> {
    let value = value.trim();
    let code = format!("bad_{name}");
    if required && value.is_empty() {
        return Err(bad(&code, format!("give the composition a {name} (1 to {max} characters)")));
    }
    if value.chars().count() > max {
        return Err(bad(&code, format!("the {name} is longer than {max} characters")));
    }
    let allowed = |c: char| lines && c == '\n';
    if value.chars().any(|c| !allowed(c) && (c.is_control() || invisible(c))) {
        return Err(bad(&code, format!("the {name} has control or invisible characters")));
    }
    Ok(value.to_string())
}

fn letters(ruleset: &Ruleset, pits: &[Pit]) -> Vec<String> {
    pits.iter().map(|p| p.letter(&ruleset.rules).to_string()).collect()
}

/// `POST /api/compositions`.
pub(crate) async fn create(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    headers: HeaderMap,
    JsonBody(body): JsonBody<NewComposition>,
) -> Result<(StatusCode, Json<Published>), ApiError> {
    let (ruleset, position) = game_and_position(&body)?;
    let title = text_field("title", &body.title, TITLE_MAX, true, false)?;
    let signed_in = signed_in_name(&state, &headers).await;
    let composer = match text_field("composer", &body.composer, COMPOSER_MAX, false, false)? {
        name if name.is_empty() => signed_in.clone().unwrap_or_default(),
        name => name,
    };
    if composer.is_empty() {
        return Err(bad("bad_composer", "say who composed it (1 to 40 characters)"));
    }
    let comment = text_field("comment", &body.comment, COMMENT_MAX, false, true)?;
    if position.is_over() {
        return Err(error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "game_over",
            "the game is over in this position: there is nothing to solve",
        ));
    }
    let id = format!("{PREFIX}{}", puzzle_id(ruleset, &position));
    refuse_published(&state, &id).await?;
    let composition = prove(&state, client, ruleset, position, &id).await?;
    let author = match signed_in {
        Some(name) => {
            blocking(&state, move |s| s.player_named(&name)).await?.map(|player| player.id)
        }
        None => None,
    };
    count_games(&state, &client, 1)?;
    let row = CompositionRow {
        id: id.clone(),
        ruleset: ruleset.id.to_string(),
        position: position.to_string(),
        title,
        composer,
        comment,
        value: composition.value.name().to_string(),
        line: letters(ruleset, &composition.line).join(" "),
        keeping: letters(ruleset, &composition.keeping).join(" "),
        kind: composition.puzzle.as_ref().map(|p| p.kind.name().to_string()),
        rating: composition.puzzle.as_ref().map(|p| p.rating),
        author,
        created: state.time.now_secs(),
    };
    let stored = row.clone();
    blocking(&state, move |s| s.create_composition(&stored)).await?;
    Ok((
        StatusCode::CREATED,
        Json(Published {
            url: format!("/compositions/{id}"),
            id,
            value: row.value,
            line: letters(ruleset, &composition.line),
            unique: composition.unique(),
            keeping: letters(ruleset, &composition.keeping),
            solvable: composition.puzzle.is_some(),
        }),
    ))
}

/// The ruleset and position a new composition names (400 for an unknown
/// game or a position that cannot be read).
fn game_and_position(body: &NewComposition) -> Result<(&'static Ruleset, Position), ApiError> {
    let ruleset = ruleset(&body.game).map_err(|e| bad("unknown_game", e.to_string()))?;
    let position = ruleset.rules.parse_position(&body.position).map_err(|e| {
        bad(
            "bad_position",
            format!(
                "{e}; a position is written as in the notation, e.g. \
                 `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S` (South's pits, North's pits, the stores, \
                 the side to move)"
            ),
        )
    })?;
    Ok((ruleset, position))
}

/// 409 `already_published` where the composition `id` is stored already.
async fn refuse_published(state: &Shared, id: &str) -> Result<(), ApiError> {
    let key = id.to_string();
    if blocking(state, move |s| s.composition(&key)).await?.is_some() {
        let e = error(
            StatusCode::CONFLICT,
            "already_published",
            "this position is published already; each position is published once",
        );
        return Err(e.with(Detail::Id { id: id.to_string() }));
    }
    Ok(())
}

/// The solver's proof of `position` as composition `id`, within
/// [`PROOF_NODES`] (422 `not_proven` beyond it).
async fn prove(
    state: &Shared,
    client: Client,
    ruleset: &'static Ruleset,
    position: Position,
    id: &str,
) -> Result<Composition, ApiError> {
    let shared = state.clone();
    let proof_id = id.to_string();
    let prove = move || {
        let db = shared.egdb.get(ruleset);
        let oracle = db.as_deref().map(|db| db as &dyn Oracle);
        let mut prover = Prover::new(ruleset.rules, oracle, PROOF_NODES);
        compose(ruleset, &Game::from_position(ruleset.rules, position), &mut prover, &proof_id)
    };
    let proven = state
        .scheduler
        .run(client, Work::Analysis, prove)
        .await
        .map_err(refused)?
        .ok_or_else(|| crate::api::internal("the proof ended without an answer"))?;
    match proven {
        Ok(c) => Ok(c),
        Err(why @ NotProven::Budget(_)) => {
            let e = error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "not_proven",
                format!(
                    "{why} ({PROOF_NODES} positions): a composition is published once it is \
                     proven; try a position with fewer seeds on the board"
                ),
            );
            Err(e.with(Detail::Why { why: why.to_string() }))
        }
        Err(NotProven::Over) => {
            Err(error(StatusCode::UNPROCESSABLE_ENTITY, "game_over", "the game is over"))
        }
    }
}

/// A stored composition as the puzzle it is, where it is one.
pub fn as_puzzle(row: &CompositionRow) -> Option<Puzzle> {
    let ruleset = ruleset(&row.ruleset).ok()?;
    let rules = &ruleset.rules;
    let kind = Kind::parse(row.kind.as_deref()?)?;
    let moves = row.line.split(' ').map(|m| Pit::parse(m, rules).ok()).collect::<Option<_>>()?;
    let result = match row.value.as_str() {
        "win" => Wdl::Win,
        "draw" => Wdl::Draw,
        _ => return None,
    };
    Some(Puzzle {
        id: row.id.clone(),
        ruleset,
        position: rules.parse_position(&row.position).ok()?,
        kind,
        moves,
        result,
        rating: row.rating?,
    })
}

/// A stored composition, by id: `None` for an id that cannot be one.
pub(crate) async fn load(state: &Shared, id: &str) -> Result<Option<CompositionRow>, ApiError> {
    if !id.starts_with(PREFIX) || id.len() > 80 {
        return Ok(None);
    }
    let key = id.to_string();
    blocking(state, move |s| s.composition(&key)).await
}

/// A composition as listed or shown. The line and the moves that keep the
/// value are left out of one that is solved as a puzzle (the puzzle's
/// answers give them once an attempt is over).
pub fn view(row: &CompositionRow, solved: Option<u32>) -> View {
    let solvable = row.kind.is_some();
    let words = |text: &str| text.split(' ').map(str::to_string).collect::<Vec<_>>();
    View {
        id: row.id.clone(),
        game: row.ruleset.clone(),
        position: row.position.clone(),
        title: row.title.clone(),
        composer: row.composer.clone(),
        comment: row.comment.clone(),
        value: row.value.clone(),
        unique: !row.keeping.contains(' '),
        solvable,
        created: row.created,
        url: format!("/compositions/{}", row.id),
        line: (!solvable).then(|| words(&row.line)),
        keeping: (!solvable).then(|| words(&row.keeping)),
        solved,
    }
}

/// A composition just published: its value, the line that proves it and
/// the first moves that keep it, and whether it is a puzzle to solve.
#[derive(Serialize)]
pub(crate) struct Published {
    id: String,
    value: String,
    line: Vec<String>,
    unique: bool,
    keeping: Vec<String>,
    solvable: bool,
    url: String,
}

/// A composition as listed and shown. The line and the moves that keep
/// the value are given only where it is no puzzle (a puzzle's are what
/// its solver is to find); `solved` only in a list.
#[derive(Serialize)]
pub struct View {
    id: String,
    game: String,
    position: String,
    title: String,
    composer: String,
    comment: String,
    value: String,
    unique: bool,
    solvable: bool,
    created: i64,
    url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keeping: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solved: Option<u32>,
}

/// A game's compositions.
#[derive(Serialize)]
pub(crate) struct Listed {
    game: &'static str,
    compositions: Vec<View>,
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    game: Option<String>,
    sort: Option<String>,
}

/// The order a `sort` asks for.
pub fn order_of(sort: Option<&str>) -> Result<CompositionOrder, String> {
    match sort {
        None | Some("newest") => Ok(CompositionOrder::Newest),
        Some("solved") => Ok(CompositionOrder::MostSolved),
        Some(other) => Err(format!("unknown sort '{other}'; use newest or solved")),
    }
}

/// `GET /api/compositions?game=ID&sort=newest|solved`.
pub(crate) async fn list(
    State(state): State<Shared>,
    Query(q): Query<ListQuery>,
) -> ApiResult<Listed> {
    let game = q.game.as_deref().ok_or_else(|| {
        bad("unknown_game", "say which game: ?game=ID (the ids of `GET /api/games`' rulesets)")
    })?;
    let ruleset = ruleset(game).map_err(|e| bad("unknown_game", e.to_string()))?;
    let order = order_of(q.sort.as_deref()).map_err(|e| bad("bad_sort", e))?;
    let id = ruleset.id;
    let rows = blocking(&state, move |s| s.compositions(id, order)).await?;
    Ok(Json(Listed {
        game: ruleset.id,
        compositions: rows.iter().map(|(row, solved)| view(row, Some(*solved))).collect(),
    }))
}

/// `GET /api/compositions/{id}`.
pub(crate) async fn show(State(state): State<Shared>, Path(id): Path<String>) -> ApiResult<View> {
    let row = load(&state, &id).await?.ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            "unknown_composition",
            format!("no composition has the id '{id}'"),
        )
    })?;
    Ok(Json(view(&row, None)))
}
