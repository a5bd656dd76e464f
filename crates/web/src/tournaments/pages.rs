//! The tournament pages: `/tournaments` (the list and the form to organise
//! one) and `/tournaments/ID` (registration, rounds, standings), skeletons
//! that `tournament.js` fills from the API and keeps up to date. Their
//! interface text (`i18n/tournaments.rs`) goes to the script with the page.

use crate::html::{html, Markup, Text};
use crate::i18n::Lang;
use crate::pages::{feature_script, not_found, server_problem, texts_json, Page, PageLang};
use crate::Shared;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A tournament page's text ([`crate::i18n::text`], namespace
/// `tournaments`).
pub fn text(lang: Lang, key: &str) -> &'static str {
    crate::i18n::text(lang, "tournaments", key)
}

/// The page's data and texts for `tournament.js`, and the script itself.
fn script(lang: Lang, data: serde_json::Value) -> Markup {
    let texts = texts_json(crate::i18n::entries(lang, "tournaments"));
    feature_script("tournament", &data, &texts, &super::SCRIPT)
}

pub(crate) async fn list_page(PageLang { lang, remember }: PageLang) -> Page {
    // Who is signed in comes with the page: the script asks nothing that a
    // guest would be refused (no 401 in a guest's console).
    let signed_in = crate::pages::session::signed_in().map(|player| player.name);
    let games: Vec<serde_json::Value> = mancala_rules::RULESETS
        .iter()
        .map(|r| {
            serde_json::json!({ "id": r.id, "name": r.name, "match": r.match_first_to.is_some() })
        })
        .collect();
    let body = html! {
        h1 { (text(lang, "t.title")) }
        p.lead { (text(lang, "t.lead")) }
        (crate::pages::teachers_link(lang))
        div #tournaments .tournament { p.loading { "…" } }
        (script(lang, serde_json::json!({ "page": "list", "games": games, "signed_in": signed_in })))
    };
    Page::new(lang, remember, text(lang, "t.title"), body)
}

/// `GET /tournaments/{id}/qr.svg`: the QR code of the tournament's link
/// (what its players open to join), drawn here as SVG by the `qrcode`
/// crate: a class scans it from the projector, and no outside service
/// learns of the tournament.
pub(crate) async fn qr_code(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    if !crate::api::valid_id(&id) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let key = id.clone();
    match crate::api::blocking(&state, move |s| s.load_tournament(&key)).await {
        Ok(Some(_)) => {}
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return e.into_response(),
    }
    crate::pages::qr_svg(&format!("{}/tournaments/{id}", state.public_url), "public, max-age=86400")
}

pub(crate) async fn tournament_page(
    State(state): State<Shared>,
    Path(id): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Response {
    if !crate::api::valid_id(&id) {
        return not_found(lang, remember).into_response();
    }
    let key = id.clone();
    let found = crate::api::blocking(&state, move |s| s.load_tournament(&key)).await;
    let row = match found {
        Ok(Some(row)) => row,
        Ok(None) => return not_found(lang, remember).into_response(),
        Err(e) => return server_problem(lang, remember, e.status, &e).into_response(),
    };
    let game = mancala_rules::ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name);
    let body = html! {
        h1 { (Text(&row.name)) }
        p.lead { (game) " · " (text(lang, &format!("sys.{}", row.system.id()))) }
        div #tournament .tournament { p.loading { "…" } }
        (script(lang, serde_json::json!({ "page": "tournament", "id": id })))
    };
    Page { lang, remember, status: StatusCode::OK, title: row.name, body, script: None }
        .into_response()
}
