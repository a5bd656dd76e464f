//! Who is signed in on a page: looked up once per page request by
//! [`scope`] (only when the request carries a session cookie) and kept in a
//! task-local, so that every page's header can show it (and the challenge
//! bar) without each handler asking. The accounts' own pages are
//! `crate::accounts::pages`.

use crate::html::{html, Markup, Text};
use crate::i18n::{t, Lang};
use crate::store::PlayerRow;
use crate::Shared;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use mancala_rules::RULESETS;
use serde_json::Value;

tokio::task_local! {
    /// The signed-in player of the page request being answered.
    static SIGNED_IN: Option<PlayerRow>;
}

/// Middleware: looks up the signed-in player of a page request (a GET
/// outside `/api/` and `/assets/` that carries a session cookie) and
/// answers it with them in [`SIGNED_IN`].
pub async fn scope(State(state): State<Shared>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let page = request.method() == axum::http::Method::GET
        && !path.starts_with("/api/")
        && !path.starts_with("/assets/");
    let player = if page {
        crate::api::signed_in_player(&state, request.headers()).await.ok().flatten()
    } else {
        None
    };
    SIGNED_IN.scope(player, next.run(request)).await
}

/// The signed-in player of the page being made, if any.
pub fn signed_in() -> Option<PlayerRow> {
    SIGNED_IN.try_with(Clone::clone).ok().flatten()
}

/// For a signed-in player, on every page: the place where a challenge to
/// them shows, with Accept and Decline (`common.js` fills it from the
/// lobby's socket; `/lobby` shows challenges itself), and its texts.
pub fn challenge_bar(lang: Lang) -> Markup {
    if signed_in().is_none() {
        return html! {};
    }
    let mut texts = serde_json::Map::new();
    for key in [
        "lobby.challenge-from",
        "lobby.accept",
        "lobby.decline",
        "lobby.rated-short",
        "lobby.casual",
        "lobby.untimed",
        "lobby.day-1",
        "lobby.days-n",
    ] {
        texts.insert(key.to_string(), Value::from(t(lang, key)));
    }
    let games: serde_json::Map<String, Value> =
        RULESETS.iter().map(|r| (r.id.to_string(), Value::from(r.name))).collect();
    texts.insert("games".into(), Value::Object(games));
    html! {
        section #challenge-bar .notice.challenge-bar aria-live="polite" hidden {}
        script #challenge-i18n type="application/json" {
            (crate::html::script_json(&Value::Object(texts).to_string()))
        }
    }
}

/// The header's links: the leaderboards, and the signed-in player's name
/// (to the account page) or "Sign in".
pub fn header_links(lang: Lang) -> Markup {
    html! {
        a href="/leaderboard" { (t(lang, "nav.leaderboard")) } " "
        @match signed_in() {
            Some(player) => {
                a href="/account" class="account" data-account=(Text(&player.name))
                    aria-label={ (t(lang, "nav.account")) ": " (Text(&player.name)) }
                    { (Text(&player.name)) }
            }
            None => a href="/account" { (t(lang, "nav.sign-in")) },
        }
    }
}
