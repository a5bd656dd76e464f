//! The compositions' pages: `/compositions?game=ID&sort=newest|solved`
//! (a game's compositions, newest or most solved first) and
//! `/compositions/{id}` (one composition: solved like a puzzle where its key
//! is the only move keeping the result, else shown with its proven line).
//! Players publish them from the analysis board (`api.rs`).

use super::api::{as_puzzle, load, order_of};
use super::store::{CompositionOrder, CompositionRow};
use crate::html::{html, Text};
use crate::i18n::Lang;
use crate::pages::{not_found, percent, Page, PageLang};
use crate::puzzles::pages::solve_section;
use crate::Shared;
use axum::extract::{Path, Query, State};
use mancala_rules::{ruleset, Ruleset, Side, RULESETS};
use serde::Deserialize;

/// A compositions page text.
pub fn ct(lang: Lang, key: &str) -> &'static str {
    crate::i18n::text(lang, "compositions", key)
}

fn value_text(lang: Lang, row: &CompositionRow, to_move: Side) -> String {
    let side = crate::i18n::t(lang, &format!("side.{}", to_move.name()));
    ct(lang, &format!("cp.value.{}", row.value)).replace("{side}", side)
}

#[derive(Deserialize, Default)]
pub(crate) struct IndexQuery {
    game: Option<String>,
    sort: Option<String>,
}

pub(crate) async fn index(
    State(state): State<Shared>,
    Query(q): Query<IndexQuery>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let game: &'static Ruleset =
        crate::pages::named_game(q.game.as_deref()).unwrap_or(&RULESETS[0]);
    let order = order_of(q.sort.as_deref()).unwrap_or(CompositionOrder::Newest);
    let sort = if order == CompositionOrder::MostSolved { "solved" } else { "newest" };
    let id = game.id;
    let listed = crate::api::blocking(&state, move |s| s.compositions(id, order)).await;
    let body = html! {
        h1 { (ct(lang, "cp.title")) }
        p.lead { (ct(lang, "cp.intro")) }
        nav.puzzle-filters aria-label=(ct(lang, "cp.game")) {
            ul {
                @for r in &RULESETS {
                    li {
                        a href={ "/compositions?game=" (r.id) "&sort=" (sort) }
                            aria-current=[(r.id == game.id).then_some("page")]
                            { (crate::i18n::game_name(lang, r)) }
                    }
                }
            }
            ul aria-label=(ct(lang, "cp.order")) {
                @for (key, label, o) in [
                    ("newest", "cp.newest", CompositionOrder::Newest),
                    ("solved", "cp.most-solved", CompositionOrder::MostSolved),
                ] {
                    li {
                        a href={ "/compositions?game=" (game.id) "&sort=" (key) }
                            aria-current=[(o == order).then_some("page")] { (ct(lang, label)) }
                    }
                }
            }
        }
        @match listed {
            Ok(rows) if rows.is_empty() => {
                p { (ct(lang, "cp.none")) }
                p { a.button href={ "/analysis?game=" (game.id) } { (ct(lang, "cp.analyse")) } }
            }
            Ok(rows) => {
                ol.composition-list {
                    @for (row, solved) in rows {
                        @let to_move = game
                            .rules
                            .parse_position(&row.position)
                            .map_or(Side::South, |p| p.to_move());
                        li {
                            a href={ "/compositions/" (row.id) } { (Text(&row.title)) }
                            " · " (Text(&ct(lang, "cp.by").replace("{name}", &row.composer)))
                            " · " (value_text(lang, &row, to_move))
                            " · " (ct(lang, "cp.solved").replace("{n}", &solved.to_string()))
                        }
                    }
                }
            }
            Err(e) => {
                p.error { (e.message) }
            }
        }
    };
    Page::new(lang, remember, ct(lang, "cp.title"), body)
}

pub(crate) async fn page(
    State(state): State<Shared>,
    Path(id): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let Ok(Some(row)) = load(&state, &id).await else { return not_found(lang, remember) };
    let Ok(game) = ruleset(&row.ruleset) else { return not_found(lang, remember) };
    let Ok(position) = game.rules.parse_position(&row.position) else {
        return not_found(lang, remember);
    };
    let all = format!("/compositions?game={}", game.id);
    let body = html! {
        h1 { (Text(&row.title)) }
        p.lead {
            (crate::i18n::game_name(lang, game))
            " · " (Text(&ct(lang, "cp.by").replace("{name}", &row.composer)))
            " · " (value_text(lang, &row, position.to_move()))
        }
        @for paragraph in row.comment.split('\n').filter(|p| !p.trim().is_empty()) {
            p.composition-comment { (Text(paragraph)) }
        }
        @match as_puzzle(&row) {
            Some(puzzle) => { (solve_section(lang, &puzzle, &all)) }
            None => {
                (crate::diagram::html(
                    lang,
                    &game.rules,
                    &position,
                    &crate::diagram::Marks::default(),
                    position.to_move(),
                ))
                p.note { (ct(lang, "cp.study")) }
                p { (ct(lang, "cp.keeping").replace("{moves}", &row.keeping)) }
                p { (ct(lang, "cp.line").replace("{moves}", &row.line)) }
            }
        }
        p {
            a href=(all) { (ct(lang, "cp.all")) }
            " · "
            a href={ "/analysis?game=" (game.id) "&position=" (percent(&row.position)) } {
                (ct(lang, "cp.analyse"))
            }
        }
    };
    Page::new(lang, remember, &row.title, body)
}
