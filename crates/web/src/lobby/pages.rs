//! The lobby page (`/lobby`): quick pairing, the open seeks, the form to
//! post one, and challenges. The server writes the forms; `lobby.js` keeps
//! the lists live over the lobby's WebSocket and sends the actions.

use super::QUICK_POOLS;
use crate::i18n::{t, Lang};
use crate::pages::{esc, language, LangQuery, Page};
use crate::Shared;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use mancala_rules::RULESETS;
use std::fmt::Write;

/// `/lobby`.
pub fn routes() -> Router<Shared> {
    Router::new().route("/lobby", get(lobby_page))
}

/// `GET /lobby`. A browser without a guest identity gets one here, so that
/// its socket and its requests are the same person.
async fn lobby_page(
    State(state): State<Shared>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let (lang, remember) = language(&q, &headers);
    let signed_in = crate::api::signed_in_name(&state, &headers).await;
    let body = lobby_body(lang, signed_in.is_some());
    let mut response = Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: t(lang, "lobby.title").into(),
        body,
        script: Some(serde_json::json!({ "page": "lobby", "signed_in": signed_in }).to_string()),
    }
    .into_response();
    if let Some(cookie) = crate::api::new_guest_cookie(&state, &headers) {
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    response
}

/// The lobby page's body: the quick pairing buttons, the lists `lobby.js`
/// fills, the form that posts a seek and the one that sends a challenge.
fn lobby_body(lang: Lang, signed_in: bool) -> String {
    let games = game_options();
    let sides = side_options(lang);
    let guest_note = if signed_in {
        String::new()
    } else {
        format!("<p class=\"note\">{}</p>", esc(t(lang, "lobby.guest-note")))
    };
    let name_field = if signed_in {
        String::new()
    } else {
        format!(
            "<label>{}<input name=\"name\" maxlength=\"40\" autocomplete=\"nickname\"></label>",
            esc(t(lang, "new.name"))
        )
    };
    let quick = quick_buttons();
    let quick_rated = quick_rated(lang, signed_in);
    let challenge = challenge_form(lang, signed_in, &games, &sides);
    let body = format!(
        "<h1>{title}</h1><p class=\"lead\">{intro}</p>\
         <p class=\"notice\" id=\"lobby-status\" role=\"status\" aria-live=\"polite\" hidden></p>\
         <section aria-labelledby=\"quick-h\"><h2 id=\"quick-h\">{quick_h}</h2><p class=\"note\">{quick_note}</p>\
         <p>{quick_rated}</p><div class=\"quick-grid\" id=\"quick\">{quick}</div>\
         <p id=\"quick-status\" role=\"status\" aria-live=\"polite\"></p>\
         <button type=\"button\" class=\"button\" id=\"quick-stop\" hidden>{quick_stop}</button></section>\
         <section aria-labelledby=\"challenges-h\" id=\"challenges-section\" hidden><h2 id=\"challenges-h\">{challenges_h}</h2>\
         <ul class=\"lobby-list\" id=\"challenges\"></ul></section>\
         <section aria-labelledby=\"seeks-h\"><h2 id=\"seeks-h\">{seeks_h}</h2>\
         <p id=\"seeks-empty\">{no_seeks}</p><ul class=\"lobby-list\" id=\"seeks\" aria-live=\"polite\"></ul></section>\
         <section aria-labelledby=\"post-h\"><h2 id=\"post-h\">{post_h}</h2>{guest_note}\
         <form id=\"seek-form\" class=\"form\">{name_field}\
         <label>{game_label}<select name=\"game\">{games}</select></label>{timing}{rated}\
         <fieldset><legend>{range}</legend>\
         <label>{range_min}<input type=\"number\" name=\"rating_min\" min=\"0\" max=\"4000\" step=\"1\"></label>\
         <label>{range_max}<input type=\"number\" name=\"rating_max\" min=\"0\" max=\"4000\" step=\"1\"></label></fieldset>\
         <label>{side}<select name=\"colour\">{sides}</select></label>\
         <p class=\"error\" role=\"alert\" hidden></p>\
         <button type=\"submit\" class=\"button\">{post}</button></form></section>\
         <section aria-labelledby=\"challenge-h\"><h2 id=\"challenge-h\">{challenge_h}</h2>{challenge}</section>\
         <script src=\"{script}\" defer></script>",
        title = esc(t(lang, "lobby.title")),
        intro = esc(t(lang, "lobby.intro")),
        quick_h = esc(t(lang, "lobby.quick")),
        quick_note = esc(t(lang, "lobby.quick-note")),
        quick_stop = esc(t(lang, "lobby.quick-stop")),
        challenges_h = esc(t(lang, "lobby.challenges")),
        seeks_h = esc(t(lang, "lobby.seeks")),
        no_seeks = esc(t(lang, "lobby.no-seeks")),
        post_h = esc(t(lang, "lobby.post")),
        game_label = esc(t(lang, "finished.game")),
        timing = timing(lang, "seek"),
        rated = rated(lang, !signed_in),
        range = esc(t(lang, "lobby.range")),
        range_min = esc(t(lang, "lobby.range-min")),
        range_max = esc(t(lang, "lobby.range-max")),
        side = esc(t(lang, "new.side")),
        post = esc(t(lang, "lobby.post-button")),
        challenge_h = esc(t(lang, "lobby.challenge")),
        script = super::SCRIPT.path(),
    );
    body
}

/// One button for each quick pairing pool, with its count of players waiting.
fn quick_buttons() -> String {
    let mut quick = String::new();
    for (id, minutes, increment) in QUICK_POOLS {
        let name = mancala_rules::ruleset(id).map_or(id, |r| r.name);
        let _ = write!(
            quick,
            "<button type=\"button\" class=\"button quick\" data-game=\"{id}\" \
             data-clock=\"{seconds}\" data-increment=\"{increment}\">{name} {minutes}+{increment}\
             <span class=\"count\" data-pool=\"{id} {seconds}+{increment}\"></span></button>",
            name = esc(name),
            seconds = minutes * 60,
        );
    }
    quick
}

/// Accounts choose casual or rated for quick pairing, as for seeks and
/// challenges; guests see why they cannot.
fn quick_rated(lang: Lang, signed_in: bool) -> String {
    if signed_in {
        format!(
            "<label class=\"choice\"><input type=\"checkbox\" id=\"quick-rated\"> {}</label>",
            esc(t(lang, "lobby.rated"))
        )
    } else {
        format!(
            "<label class=\"choice\"><input type=\"checkbox\" id=\"quick-rated\" disabled> {}</label>",
            esc(t(lang, "lobby.rated-guest"))
        )
    }
}

/// Every game, as the options of a select.
fn game_options() -> String {
    let mut games = String::new();
    for r in RULESETS {
        let _ = write!(games, "<option value=\"{}\">{}</option>", r.id, esc(r.name));
    }
    games
}

/// The sides to play, as the options of a select.
fn side_options(lang: Lang) -> String {
    format!(
        "<option value=\"random\">{}</option><option value=\"south\">{}</option>\
         <option value=\"north\">{}</option>",
        esc(t(lang, "new.side-random")),
        esc(t(lang, "side.south")),
        esc(t(lang, "side.north")),
    )
}

/// The time control, the same in both forms (`form` names its minutes'
/// field).
fn timing(lang: Lang, form: &str) -> String {
    let mut days = String::new();
    for n in crate::play::DAYS_PER_MOVE {
        let sel = if n == 3 { " selected" } else { "" };
        let _ = write!(days, "<option value=\"{n}\"{sel}>{n}</option>");
    }
    format!(
        "<fieldset><legend>{legend}</legend>\
         <label class=\"choice\"><input type=\"radio\" name=\"timing\" value=\"clock\" checked> {clock}</label>\
         <label class=\"choice\"><input type=\"radio\" name=\"timing\" value=\"days\"> {days_label}</label>\
         <label class=\"choice\"><input type=\"radio\" name=\"timing\" value=\"none\"> {untimed}</label>\
         <label data-timing=\"clock\">{minutes}<input type=\"number\" name=\"minutes\" min=\"1\" max=\"180\" value=\"5\" id=\"{form}-minutes\"></label>\
         <label data-timing=\"clock\">{increment}<input type=\"number\" name=\"increment\" min=\"0\" max=\"180\" value=\"3\"></label>\
         <label data-timing=\"days\" hidden>{days_label}<select name=\"days\">{days}</select></label></fieldset>",
        legend = esc(t(lang, "lobby.timing")),
        clock = esc(t(lang, "new.clock")),
        days_label = esc(t(lang, "lobby.days")),
        untimed = esc(t(lang, "lobby.untimed")),
        minutes = esc(t(lang, "new.minutes")),
        increment = esc(t(lang, "new.increment")),
    )
}

/// The rated choice of a form, greyed out for guests.
fn rated(lang: Lang, disabled: bool) -> String {
    format!(
        "<label class=\"choice\"><input type=\"checkbox\" name=\"rated\"{}> {}</label>",
        if disabled { " disabled" } else { "" },
        esc(t(lang, "lobby.rated"))
    )
}

/// The challenge form (accounts only; guests read why).
fn challenge_form(lang: Lang, signed_in: bool, games: &str, sides: &str) -> String {
    if signed_in {
        format!(
            "<form id=\"challenge-form\" class=\"form\">\
             <label>{who}<input name=\"opponent\" required maxlength=\"20\" autocomplete=\"off\"></label>\
             <label>{game_label}<select name=\"game\">{games}</select></label>{timing}{rated}\
             <label>{side}<select name=\"colour\">{sides}</select></label>\
             <p class=\"error\" role=\"alert\" hidden></p>\
             <button type=\"submit\" class=\"button\">{send}</button></form>",
            who = esc(t(lang, "lobby.challenge-name")),
            game_label = esc(t(lang, "finished.game")),
            timing = timing(lang, "challenge"),
            rated = rated(lang, false),
            side = esc(t(lang, "new.side")),
            send = esc(t(lang, "lobby.challenge-send")),
        )
    } else {
        format!("<p class=\"note\">{}</p>", esc(t(lang, "lobby.challenge-guest")))
    }
}
