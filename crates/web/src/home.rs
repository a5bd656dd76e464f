//! The home page (`/`): the catalogue of games, the player's games, the
//! way to the lobby and the daily puzzle. It shows what the features offer,
//! so it sits above them (`pages.rs` is what they share).

use crate::content;
use crate::i18n::t;
use crate::pages::{board_size, esc, language, rich, LangQuery, Page};
use crate::Shared;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::Router;
use mancala_rules::{ruleset, RULESETS};
use std::fmt::Write;

/// `/`.
pub fn routes() -> Router<Shared> {
    Router::new().route("/", get(catalogue))
}

pub(crate) async fn catalogue(
    State(state): State<Shared>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&q, &headers);
    // Games waiting for this browser's move (lobby.js fills the list from
    // the seats it keeps) and the way to the lobby.
    let mut body = format!(
        "<h1>{}</h1><p class=\"lead\">{}</p><p><a class=\"button\" href=\"/lobby\">{}</a></p>\
         <section id=\"waiting\" aria-labelledby=\"waiting-h\" hidden><h2 id=\"waiting-h\">{}</h2>\
         <ul class=\"lobby-list\"></ul></section>{}<div class=\"cards\">",
        esc(t(lang, "nav.catalogue")),
        esc(t(lang, "cat.intro")),
        esc(t(lang, "home.lobby")),
        esc(t(lang, "home.waiting")),
        crate::accounts::pages::my_games_section(&state, lang).await,
    );
    for page in content::PAGES {
        let i = lang.index();
        let _ = write!(
            body,
            "<article class=\"card\"><h2><a href=\"/games/{id}\">{name}</a></h2>{board_picture}\
             <p class=\"character\">{character}</p><dl><dt>{where_label}</dt><dd>{where_}</dd>\
             <dt>{board_label}</dt><dd>{board}</dd></dl><p class=\"actions\">\
             <a class=\"button\" href=\"/new?game={first}\">{play}</a> <a href=\"/games/{id}\">{rules}</a></p></article>",
            id = page.id,
            name = esc(page.name),
            character = rich(page.character[i]),
            where_label = esc(t(lang, "cat.where")),
            where_ = esc(page.place[i]),
            board_label = esc(t(lang, "cat.board")),
            board = esc(&board_size(lang, page.variants[0].0)),
            board_picture = crate::diagram::thumbnail(
                lang,
                &ruleset(page.variants[0].0).map_or(RULESETS[0].rules, |r| r.rules)
            ),
            first = page.variants[0].0,
            play = esc(t(lang, "cat.play")),
            rules = esc(t(lang, "cat.rules")),
        );
    }
    body.push_str("</div>");
    body.push_str(&crate::puzzles::pages::daily_box(lang, crate::puzzles::api::today(&state.time)));
    let _ = write!(body, "<script src=\"{}\" defer></script>", crate::lobby::SCRIPT.path());
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: t(lang, "nav.catalogue").into(),
        body,
        script: Some(serde_json::json!({ "page": "home" }).to_string()),
    }
}
