//! The analysis board: `/analysis?game=ID&position=...` sets up any
//! position the notation allows, plays moves freely in a tree of variations
//! (kept by `analysis.js`), and shows the engine's evaluation and
//! best line and, where the position is in an endgame database, its exact
//! result. The browser holds no rules: every position is checked, and every
//! move played, here.
//!
//! Every position on the board is taken as set up: no history, a stall
//! count of 0 (as the notation says). So a database's value, which is exact
//! for positions without repetition history, is exact here.
//!
//! API (GET, pure functions of their query):
//! - `/api/analysis/position?game=ID&position=P[&move=X][&lang=L]`: the
//!   position (or the one after `move`), its legal moves, whether it is
//!   over, the move's explanation, and the database's result if any;
//! - `/api/analysis/evaluate?game=ID&position=P`: the engine's value and
//!   best line, computed through the scheduler under the client's share and
//!   the analyses-per-address cap, like hints.

use crate::api::{error, internal, refused, ApiError, ClientOf};
use crate::egdb::Exact;
use crate::explain::side_word;
use crate::html::{html, script_json};
use crate::i18n::Lang;
use crate::learn::words;
use crate::pages::{Page, PageLang};
use crate::scheduler::Kind;
use crate::Shared;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use mancala_ai::analysis::for_side;
use mancala_ai::{Oracle, SearchOptions, Searcher};
use mancala_rules::{ruleset, Capture, Game, Pit, Position, Ruleset, SetupError, Side, RULESETS};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Default)]
pub struct BoardQuery {
    game: Option<String>,
    position: Option<String>,
    #[serde(rename = "move")]
    pit: Option<String>,
    lang: Option<String>,
    /// A game of this site to start from, with `ply` (default: its last
    /// position).
    from: Option<String>,
    ply: Option<usize>,
    /// The row drawn at the bottom: `north` turns the board (the player's
    /// own row, when opened from their game).
    bottom: Option<String>,
}

fn texts(key: &str) -> [&'static str; 3] {
    words()
        .find(|(k, _)| *k == key)
        .map_or(["", "", ""], |(_, t)| [t.en.as_str(), t.vi.as_str(), t.nl.as_str()])
}

fn word(lang: Lang, key: &str) -> &'static str {
    texts(key)[lang.index()]
}

fn find_ruleset(game: Option<&str>) -> Result<&'static Ruleset, ApiError> {
    let Some(id) = game else {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "no_game",
            format!("say which game: game={}", ids()),
        ));
    };
    ruleset(id).map_err(|_| {
        error(StatusCode::NOT_FOUND, "unknown_game", format!("no game '{id}'; games: {}", ids()))
    })
}

fn ids() -> String {
    RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")
}

/// A position's error in the asker's language.
fn setup_message(lang: Lang, ruleset: &Ruleset, e: &SetupError) -> String {
    match (lang, e) {
        (Lang::En, _) => e.to_string(),
        (_, SetupError::Total { expected, found }) => word(lang, "analysis.total")
            .replace("{found}", &found.to_string())
            .replace("{expected}", &expected.to_string()),
        (_, SetupError::NotFours { in_play }) => {
            word(lang, "analysis.fours").replace("{n}", &in_play.to_string())
        }
        (_, SetupError::FirstLapCapture) => word(lang, "analysis.first").to_string(),
        (_, SetupError::PitCount { .. }) | (_, SetupError::Syntax(_)) => {
            word(lang, "analysis.notation")
                .replace("{pits}", &ruleset.rules.pits_per_row.to_string())
        }
    }
}

fn parse(lang: Lang, ruleset: &Ruleset, text: Option<&str>) -> Result<Position, ApiError> {
    let Some(text) = text else { return Ok(ruleset.rules.start()) };
    ruleset.rules.parse_position(text).map_err(|e| {
        error(StatusCode::BAD_REQUEST, "bad_position", setup_message(lang, ruleset, &e))
    })
}

/// The database's verdict, for people: `result` is `south`, `north` or
/// `draw`.
#[derive(Serialize, Clone)]
pub struct DatabaseView {
    result: &'static str,
    text: String,
}

fn database_view(lang: Lang, exact: Exact) -> DatabaseView {
    match exact.winner {
        Some(side) => DatabaseView {
            result: side.name(),
            text: word(lang, "analysis.db-win").replace("{side}", side_word(lang, side)),
        },
        None => DatabaseView { result: "draw", text: word(lang, "analysis.db-draw").to_string() },
    }
}

/// A position on the board, as the page draws it.
#[derive(Serialize)]
pub(crate) struct PositionView {
    position: String,
    board: Vec<u8>,
    captured: [u8; 2],
    to_move: Option<&'static str>,
    legal: Vec<String>,
    over: bool,
    winner: Option<&'static str>,
    /// Why it ended, in the asked language.
    end: Option<String>,
    /// The move just played and its explanation (with `move`).
    #[serde(rename = "move")]
    pit: Option<String>,
    explanation: Option<String>,
    database: Option<DatabaseView>,
}

pub(crate) async fn position(
    State(state): State<Shared>,
    Query(q): Query<BoardQuery>,
) -> Result<Json<PositionView>, ApiError> {
    let lang = q.lang.as_deref().and_then(Lang::from_code).unwrap_or(Lang::En);
    let ruleset = find_ruleset(q.game.as_deref())?;
    let rules = ruleset.rules;
    let mut pos = parse(lang, ruleset, q.position.as_deref())?;
    let mut played = None;
    if let Some(letter) = q.pit.as_deref() {
        let pit = Pit::parse(letter, &rules)
            .map_err(|e| error(StatusCode::BAD_REQUEST, "bad_move", e.to_string()))?;
        let mut game = Game::from_position(rules, pos);
        let report = game
            .play_reported(pit)
            .map_err(|e| error(StatusCode::CONFLICT, "illegal_move", e.to_string()))?;
        played = Some((letter.to_string(), crate::explain::explanation(lang, ruleset, &report)));
        // The position after the move, set up afresh: no history.
        pos = *game.position();
    }
    let probe = pos;
    let database = if pos.is_over() {
        None
    } else {
        let state = state.clone();
        tokio::task::spawn_blocking(move || state.egdb.exact(ruleset, &probe))
            .await
            .map_err(internal)?
    };
    let outcome = pos.outcome();
    let captured = pos.captured();
    let winner = outcome.map(|_| match rules.winner_of(&pos) {
        Some(side) => side.name(),
        None => "draw",
    });
    Ok(Json(PositionView {
        position: pos.to_setup().to_string(),
        board: pos.pits().to_vec(),
        captured: [captured.south, captured.north],
        to_move: (!pos.is_over()).then(|| pos.to_move().name()),
        legal: rules.legal_moves(&pos).map(|p| p.letter(&rules).to_string()).collect(),
        over: pos.is_over(),
        winner,
        end: outcome.map(|o| {
            crate::i18n::t(lang, &crate::explain::ending_key(&rules, o.reason.id())).to_string()
        }),
        explanation: played.as_ref().map(|p| p.1.clone()),
        pit: played.map(|p| p.0),
        database: database.map(|d| database_view(lang, d)),
    }))
}

/// The engine's view of a position.
#[derive(Serialize)]
pub(crate) struct Evaluation {
    /// For South: seeds ahead, or a proven result.
    south: super::api::ScoreView,
    best: Option<String>,
    line: Vec<String>,
    depth: u32,
    /// The database's exact result, when the position is in one.
    database: Option<DatabaseView>,
}

pub(crate) async fn evaluate(
    State(state): State<Shared>,
    ClientOf(client): ClientOf,
    Query(q): Query<BoardQuery>,
) -> Result<Json<Evaluation>, ApiError> {
    let lang = q.lang.as_deref().and_then(Lang::from_code).unwrap_or(Lang::En);
    let ruleset = find_ruleset(q.game.as_deref())?;
    let rules = ruleset.rules;
    let pos = parse(lang, ruleset, q.position.as_deref())?;
    if pos.is_over() {
        return Err(error(StatusCode::CONFLICT, "game_over", "the game is over in this position"));
    }
    let shared = state.clone();
    let search = move || {
        let db = shared.egdb.get(ruleset);
        let exact = db.as_deref().and_then(|db| crate::egdb::exact_in(db, &pos));
        let oracle = db.as_deref().map(|db| db as &dyn Oracle);
        let game = Game::from_position(rules, pos);
        let options = SearchOptions::new(super::api::HINT_LIMITS).oracle(oracle);
        let report = Searcher::with_table(rules, 8).search(&game, options);
        (report, exact)
    };
    let (report, exact) = state
        .scheduler
        .run(client, Kind::Analysis, search)
        .await
        .map_err(refused)?
        .ok_or_else(|| internal("the analysis ended without an answer"))?;
    Ok(Json(Evaluation {
        south: super::api::score_view(for_side(report.score, pos.to_move(), Side::South)),
        best: report.best.map(|p| p.letter(&rules).to_string()),
        line: report.pv.iter().map(|p| p.letter(&rules).to_string()).collect(),
        depth: report.depth,
        database: exact.map(|d| database_view(lang, d)),
    }))
}

/// The words analysis.js shows, in the page's language.
fn script_words(lang: Lang) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = words()
        .filter(|(k, _)| k.starts_with("analysis."))
        .map(|(k, t)| (k.to_string(), t.get(lang).into()))
        .collect();
    serde_json::Value::Object(map)
}

/// The position of a game of this site, for `from=ID`: only once the game
/// is over, or in games where hints are given (never help from outside a
/// game between two people that is still going on).
async fn game_position(
    state: &Shared,
    id: &str,
    ply: Option<usize>,
) -> Result<(&'static Ruleset, String), ApiError> {
    let game = crate::play::live(state, id).await?;
    let live = game.lock().await;
    if !live.is_finished() && !live.hints_allowed() {
        return Err(error(
            StatusCode::CONFLICT,
            "game_in_progress",
            "a game between two people is analysed once it is over",
        ));
    }
    let positions = live.game.positions();
    let pos = positions[ply.unwrap_or(usize::MAX).min(positions.len() - 1)];
    Ok((live.ruleset, pos.to_setup().to_string()))
}

pub(crate) async fn page(
    State(state): State<Shared>,
    Query(q): Query<BoardQuery>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let mut problem = None;
    let (ruleset, position) = match q.from.as_deref() {
        Some(id) => match game_position(&state, id, q.ply).await {
            Ok(found) => (found.0, Some(found.1)),
            Err(e) => {
                problem = Some(e.message.clone());
                (&RULESETS[0], None)
            }
        },
        None => {
            let ruleset = crate::pages::named_game(q.game.as_deref()).unwrap_or(&RULESETS[0]);
            (ruleset, q.position.clone())
        }
    };
    let rules = ruleset.rules;
    let title = word(lang, "analysis.title");
    let data = serde_json::json!({
        "page": "analysis",
        "lang": lang.code(),
        "game": ruleset.id,
        "name": crate::i18n::game_name(lang, ruleset),
        "pits": rules.pits_per_row,
        "total": rules.total_seeds(),
        "fours": matches!(rules.capture, Capture::Fours { .. }),
        "position": position,
        "bottom": if q.bottom.as_deref() == Some("north") { "north" } else { "south" },
        "start": rules.start().to_setup().to_string(),
        "words": script_words(lang),
    });
    let body = html! {
        h1 { (title) }
        form.analysis-game.form method="get" action="/analysis" {
            label {
                (word(lang, "analysis.game"))
                select name="game" {
                    @for r in RULESETS {
                        option value=(r.id) selected[r.id == ruleset.id] {
                            (crate::i18n::game_name(lang, &r))
                        }
                    }
                }
            }
            input type="hidden" name="lang" value=(lang.code());
            button.button type="submit" { (word(lang, "analysis.open")) }
        }
        @if let Some(problem) = &problem {
            p.error role="alert" { (problem) }
        }
        div id="analysis" class="analysis" data-pits=(rules.pits_per_row) {
            p.loading { (word(lang, "analysis.loading")) }
        }
        noscript { p { (word(lang, "analysis.noscript")) } }
        script src=(super::SCRIPT.path()) defer {}
        // The data goes in its own element (no inline script may run).
        script id="analysis-data" type="application/json" { (script_json(&data.to_string())) }
    };
    Page::new(lang, remember, title, body)
}
