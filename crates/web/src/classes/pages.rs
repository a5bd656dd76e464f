//! The classes' pages: `/classes` (a teacher's classes and the form to make
//! one; a code box to join one), `/classes/join/{code}` (a pupil joins with
//! a first name, picks their name on a shared computer, or signs in with a
//! pupil code; then waits there for the class tournament) and
//! `/classes/{id}` (the teacher's page: code, link, QR code, the roster and
//! the class tournament). Skeletons that `classes.js` fills from the API
//! (`api.rs`); their texts are in `i18n/classes.rs`.

use crate::html::{html, Text};
use crate::i18n::Lang;
use crate::pages::{feature_script, not_found, texts_json, Page, PageLang};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

/// A class page's text ([`crate::i18n::text`], namespace `classes`).
pub fn text(lang: Lang, key: &str) -> &'static str {
    crate::i18n::text(lang, "classes", key)
}

/// The texts of `lang` for the script: these, and from the tournaments'
/// pages the systems' names and the words for any other error.
fn bundle(lang: Lang) -> serde_json::Value {
    let systems = crate::i18n::entries(lang, "tournaments")
        .filter(|(k, _)| k.starts_with("sys.") || *k == "err.other");
    texts_json(crate::i18n::entries(lang, "classes").chain(systems))
}

/// The games (id and name) for the script's menus and links.
fn games() -> serde_json::Value {
    mancala_rules::RULESETS
        .iter()
        .map(|r| serde_json::json!({ "id": r.id, "name": r.name }))
        .collect()
}

/// A page of the classes: its heading and lead, and the element the script
/// fills with `data`.
fn page(lang: Lang, remember: bool, title: &str, lead: &str, data: serde_json::Value) -> Page {
    // The title is a class's name on its join page.
    let body = html! {
        h1 { (Text(title)) }
        p.lead { (lead) }
        div id="classes" class="classes" { p.loading { "…" } }
        (feature_script("classes", &data, &bundle(lang), &super::SCRIPT))
    };
    Page::new(lang, remember, title, body)
}

pub(crate) async fn index(
    State(state): State<Shared>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let me = crate::pages::session::signed_in();
    // A pupil's account is sent on to its class.
    let pupil = match &me {
        Some(player) => {
            let id = player.id.clone();
            let found = crate::api::blocking(&state, move |s| {
                let Some(pupil) = s.pupil_of(&id)? else { return Ok(None) };
                s.class(&pupil.class_id)
            })
            .await;
            found.ok().flatten().map(|c| serde_json::json!({ "class": c.name, "code": c.code }))
        }
        None => None,
    };
    let data = serde_json::json!({
        "page": "list",
        "signed_in": me.map(|p| p.name),
        "pupil": pupil,
        "games": games(),
    });
    page(lang, remember, text(lang, "cl.title"), text(lang, "cl.lead"), data)
}

/// Whether a class code (normalised) could be one: 1 to 16 letters and
/// digits.
fn valid_code(code: &str) -> bool {
    !code.is_empty() && code.len() <= 16 && code.chars().all(|c| c.is_ascii_alphanumeric())
}

#[derive(Deserialize)]
pub(crate) struct CodeQuery {
    code: Option<String>,
    lang: Option<String>,
}

/// `/classes/join?code=...` (the code box's form): to the class's page.
pub(crate) async fn join_by_query(Query(q): Query<CodeQuery>) -> Response {
    let code = super::api::normal_code(q.code.as_deref().unwrap_or(""));
    let valid = valid_code(&code);
    let lang = q.lang.as_deref().filter(|l| Lang::from_code(l).is_some());
    let suffix = lang.map_or(String::new(), |l| format!("?lang={l}"));
    if valid {
        Redirect::to(&format!("/classes/join/{code}{suffix}")).into_response()
    } else {
        Redirect::to(&format!("/classes{suffix}")).into_response()
    }
}

pub(crate) async fn join_page(
    State(state): State<Shared>,
    Path(code): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let code = super::api::normal_code(&code);
    let valid = valid_code(&code);
    let class = if valid {
        let key = code.clone();
        crate::api::blocking(&state, move |s| s.class_by_code(&key)).await.ok().flatten()
    } else {
        None
    };
    let Some(class) = class else {
        let mut page = page(
            lang,
            remember,
            text(lang, "cl.join-title"),
            text(lang, "cl.unknown-code"),
            serde_json::json!({ "page": "unknown" }),
        );
        page.status = StatusCode::NOT_FOUND;
        return page;
    };
    let game = mancala_rules::ruleset(&class.ruleset).map_or(class.ruleset.as_str(), |r| r.name);
    let lead = format!("{} · {}", text(lang, "cl.join-title"), game);
    let data = serde_json::json!({
        "page": "join",
        "code": class.code,
        "class": class.name,
        "game": class.ruleset,
        "signed_in": crate::pages::session::signed_in().map(|p| p.name),
    });
    page(lang, remember, &class.name, &lead, data)
}

pub(crate) async fn class_page(
    Path(id): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Response {
    if !crate::api::valid_id(&id) {
        return not_found(lang, remember).into_response();
    }
    // The class itself comes from the API, which tells its teacher from
    // anyone else.
    let data = serde_json::json!({ "page": "class", "id": id, "games": games() });
    page(lang, remember, text(lang, "cl.title"), text(lang, "cl.lead"), data).into_response()
}

/// `GET /classes/{id}/qr.svg`: the QR code of the class's join link, for
/// its teacher (the link carries the class code).
pub(crate) async fn qr_code(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    if !crate::api::valid_id(&id) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let Some(me) = crate::pages::session::signed_in() else {
        return StatusCode::UNAUTHORIZED.into_response();
    };
    let key = id.clone();
    let class = match crate::api::blocking(&state, move |s| s.class(&key)).await {
        Ok(Some(class)) => class,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return e.into_response(),
    };
    if class.teacher != me.id {
        return StatusCode::FORBIDDEN.into_response();
    }
    crate::pages::qr_svg(
        &format!("{}/classes/join/{}", state.public_url, class.code),
        "private, no-store",
    )
}
