//! The home page (`/`): the catalogue of games, the player's games, the
//! way to the lobby and the daily puzzle. It shows what the features offer,
//! so it sits above them (`pages.rs` is what they share).

use crate::content;
use crate::html::html;
use crate::i18n::t;
use crate::pages::{board_size, rich, Page, PageLang};
use crate::Shared;
use axum::extract::State;
use mancala_rules::{ruleset, RULESETS};

pub(crate) async fn catalogue(
    State(state): State<Shared>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    // Games waiting for this browser's move (lobby.js fills the list from
    // the seats it keeps) and the way to the lobby.
    let i = lang.index();
    let body = html! {
        h1 { (t(lang, "nav.catalogue")) }
        p.lead { (t(lang, "cat.intro")) }
        p { a.button href="/lobby" { (t(lang, "home.lobby")) } }
        section #waiting aria-labelledby="waiting-h" hidden {
            h2 #waiting-h { (t(lang, "home.waiting")) }
            ul.lobby-list {}
        }
        (crate::accounts::pages::my_games_section(&state, lang).await)
        div.cards {
            @for page in content::PAGES {
                @let first = page.variants[0].0;
                article.card {
                    h2 { a href={ "/games/" (page.id) } { (page.name) } }
                    (crate::diagram::thumbnail(lang, &ruleset(first).map_or(RULESETS[0].rules, |r| r.rules)))
                    p.character { (rich(page.character[i])) }
                    dl {
                        dt { (t(lang, "cat.where")) }
                        dd { (page.place[i]) }
                        dt { (t(lang, "cat.board")) }
                        dd { (board_size(lang, first)) }
                    }
                    p.actions {
                        a.button href={ "/new?game=" (first) } { (t(lang, "cat.play")) } " "
                        a href={ "/games/" (page.id) } { (t(lang, "cat.rules")) }
                    }
                }
            }
        }
        (crate::puzzles::pages::daily_box(lang, crate::puzzles::api::today(&state.time)))
        script src=(crate::lobby::SCRIPT.path()) defer {}
    };
    Page::new(lang, remember, t(lang, "nav.catalogue"), body)
        .with_script(serde_json::json!({ "page": "home" }))
}
