//! The lobby page (`/lobby`): quick pairing, the open seeks, the form to
//! post one, and challenges. The server writes the forms; `lobby.js` keeps
//! the lists live over the lobby's WebSocket and sends the actions.

use super::QUICK_POOLS;
use crate::html::{html, Markup};
use crate::i18n::{t, Lang};
use crate::pages::{Page, PageLang};
use crate::Shared;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use mancala_rules::RULESETS;

/// `GET /lobby`. A browser without a guest identity gets one here, so that
/// its socket and its requests are the same person.
pub(crate) async fn lobby_page(
    State(state): State<Shared>,
    headers: HeaderMap,
    PageLang { lang, remember }: PageLang,
) -> Response {
    let signed_in = crate::pages::session::signed_in().map(|player| player.name);
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
fn lobby_body(lang: Lang, signed_in: bool) -> Markup {
    let games = game_options();
    let sides = side_options(lang);
    html! {
        h1 { (t(lang, "lobby.title")) }
        p class="lead" { (t(lang, "lobby.intro")) }
        p class="notice" id="lobby-status" role="status" aria-live="polite" hidden {}
        section aria-labelledby="quick-h" {
            h2 id="quick-h" { (t(lang, "lobby.quick")) }
            p class="note" { (t(lang, "lobby.quick-note")) }
            p { (quick_rated(lang, signed_in)) }
            div class="quick-grid" id="quick" { (quick_buttons()) }
            p id="quick-status" role="status" aria-live="polite" {}
            button type="button" class="button" id="quick-stop" hidden {
                (t(lang, "lobby.quick-stop"))
            }
        }
        section aria-labelledby="challenges-h" id="challenges-section" hidden {
            h2 id="challenges-h" { (t(lang, "lobby.challenges")) }
            ul class="lobby-list" id="challenges" {}
        }
        section aria-labelledby="seeks-h" {
            h2 id="seeks-h" { (t(lang, "lobby.seeks")) }
            p id="seeks-empty" { (t(lang, "lobby.no-seeks")) }
            ul class="lobby-list" id="seeks" aria-live="polite" {}
        }
        section aria-labelledby="post-h" {
            h2 id="post-h" { (t(lang, "lobby.post")) }
            @if !signed_in {
                p class="note" { (t(lang, "lobby.guest-note")) }
            }
            form id="seek-form" class="form" {
                @if !signed_in {
                    label {
                        (t(lang, "new.name"))
                        input name="name" maxlength="40" autocomplete="nickname";
                    }
                }
                label {
                    (t(lang, "finished.game"))
                    select name="game" { (games) }
                }
                (timing(lang, "seek"))
                (rated(lang, !signed_in))
                fieldset {
                    legend { (t(lang, "lobby.range")) }
                    label {
                        (t(lang, "lobby.range-min"))
                        input type="number" name="rating_min" min="0" max="4000" step="1";
                    }
                    label {
                        (t(lang, "lobby.range-max"))
                        input type="number" name="rating_max" min="0" max="4000" step="1";
                    }
                }
                label {
                    (t(lang, "new.side"))
                    select name="colour" { (sides) }
                }
                p class="error" role="alert" hidden {}
                button type="submit" class="button" { (t(lang, "lobby.post-button")) }
            }
        }
        section aria-labelledby="challenge-h" {
            h2 id="challenge-h" { (t(lang, "lobby.challenge")) }
            (challenge_form(lang, signed_in, &games, &sides))
        }
        script src=(super::SCRIPT.path()) defer {}
    }
}

/// One button for each quick pairing pool, with its count of players waiting.
fn quick_buttons() -> Markup {
    html! {
        @for (id, minutes, increment) in QUICK_POOLS {
            @let name = mancala_rules::ruleset(id).map_or(id, |r| r.name);
            @let seconds = minutes * 60;
            button type="button" class="button quick" data-game=(id) data-clock=(seconds)
                data-increment=(increment)
            {
                (name) " " (minutes) "+" (increment)
                span class="count" data-pool={ (id) " " (seconds) "+" (increment) } {}
            }
        }
    }
}

/// Accounts choose casual or rated for quick pairing, as for seeks and
/// challenges; guests see why they cannot.
fn quick_rated(lang: Lang, signed_in: bool) -> Markup {
    let text = if signed_in { "lobby.rated" } else { "lobby.rated-guest" };
    html! {
        label class="choice" {
            input type="checkbox" id="quick-rated" disabled[!signed_in];
            " " (t(lang, text))
        }
    }
}

/// Every game, as the options of a select.
fn game_options() -> Markup {
    html! {
        @for r in RULESETS {
            option value=(r.id) { (r.name) }
        }
    }
}

/// The sides to play, as the options of a select.
fn side_options(lang: Lang) -> Markup {
    html! {
        option value="random" { (t(lang, "new.side-random")) }
        option value="south" { (t(lang, "side.south")) }
        option value="north" { (t(lang, "side.north")) }
    }
}

/// The time control, the same in both forms (`form` names its minutes'
/// field).
fn timing(lang: Lang, form: &str) -> Markup {
    html! {
        fieldset {
            legend { (t(lang, "lobby.timing")) }
            (crate::pages::radios(lang, "timing", &[
                ("clock", "new.clock"),
                ("days", "lobby.days"),
                ("none", "lobby.untimed"),
            ]))
            label data-timing="clock" {
                (t(lang, "new.minutes"))
                input type="number" name="minutes" min="1" max="180" value="5"
                    id={ (form) "-minutes" };
            }
            label data-timing="clock" {
                (t(lang, "new.increment"))
                input type="number" name="increment" min="0" max="180" value="3";
            }
            label data-timing="days" hidden {
                (t(lang, "lobby.days"))
                select name="days" {
                    @for n in crate::play::DAYS_PER_MOVE {
                        option value=(n) selected[n == 3] { (n) }
                    }
                }
            }
        }
    }
}

/// The rated choice of a form, greyed out for guests.
fn rated(lang: Lang, disabled: bool) -> Markup {
    html! {
        label class="choice" {
            input type="checkbox" name="rated" disabled[disabled];
            " " (t(lang, "lobby.rated"))
        }
    }
}

/// The challenge form (accounts only; guests read why).
fn challenge_form(lang: Lang, signed_in: bool, games: &Markup, sides: &Markup) -> Markup {
    html! {
        @if signed_in {
            form id="challenge-form" class="form" {
                label {
                    (t(lang, "lobby.challenge-name"))
                    input name="opponent" required maxlength="20" autocomplete="off";
                }
                label {
                    (t(lang, "finished.game"))
                    select name="game" { (games) }
                }
                (timing(lang, "challenge"))
                (rated(lang, false))
                label {
                    (t(lang, "new.side"))
                    select name="colour" { (sides) }
                }
                p class="error" role="alert" hidden {}
                button type="submit" class="button" { (t(lang, "lobby.challenge-send")) }
            }
        } @else {
            p class="note" { (t(lang, "lobby.challenge-guest")) }
        }
    }
}
