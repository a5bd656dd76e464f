//! The puzzle pages: `/puzzles` (by game and by theme) and `/puzzles/{id}`
//! (a skeleton that `puzzles.js` fills from the API), and the daily puzzle
//! on the home page.

use super::api::{catalog, daily, find, today};
use crate::html::{html, script_json, Markup};
use crate::i18n::Lang;
use crate::pages::{not_found, Page, PageLang};
use crate::Shared;
use axum::extract::{Path, Query, State};
use mancala_puzzles::{Kind, Puzzle};
use mancala_rules::{ruleset, RULESETS};
use serde::Deserialize;

/// A puzzle page text.
pub fn pt(lang: Lang, key: &str) -> &'static str {
    crate::i18n::text(lang, "puzzles", key)
}

fn theme(lang: Lang, kind: Kind) -> &'static str {
    pt(lang, &format!("pz.theme.{}", kind.slug()))
}

fn game_name(lang: Lang, id: &str) -> &'static str {
    ruleset(id).map_or("", |r| crate::i18n::game_name(lang, r))
}

#[derive(Deserialize, Default)]
pub(crate) struct IndexQuery {
    game: Option<String>,
    theme: Option<String>,
}

fn rating(lang: Lang, p: &Puzzle) -> String {
    pt(lang, "pz.rating").replace("{r}", &p.rating.to_string())
}

fn puzzle_item(lang: Lang, p: &Puzzle) -> Markup {
    html! {
        li {
            a href={ "/puzzles/" (p.id) } { (theme(lang, p.kind)) }
            " · " (game_name(lang, p.ruleset.id)) " · " (rating(lang, p))
        }
    }
}

/// A composed study in the list: also the length of its solution.
fn study_item(lang: Lang, p: &Puzzle) -> Markup {
    html! {
        li {
            a href={ "/puzzles/" (p.id) } { (theme(lang, p.kind)) }
            " · " (game_name(lang, p.ruleset.id))
            " · " (pt(lang, "pz.plies").replace("{n}", &p.moves.len().to_string()))
            " · " (rating(lang, p))
        }
    }
}

/// The daily puzzle's box, for the home page: the puzzle of `day` (days
/// since the Unix epoch).
pub fn daily_box(lang: Lang, day: i64) -> Markup {
    let Some(p) = daily(day) else { return html! {} };
    html! {
        section.daily-puzzle {
            h2 { (pt(lang, "pz.daily")) }
            p { (theme(lang, p.kind)) " · " (game_name(lang, p.ruleset.id)) " · " (rating(lang, p)) }
            p {
                a.button href={ "/puzzles/" (p.id) } { (pt(lang, "pz.open")) }
                " "
                a href="/puzzles" { (pt(lang, "pz.title")) }
            }
        }
    }
}

/// `aria-current="page"` on the filter link chosen.
fn current(chosen: bool) -> Option<&'static str> {
    chosen.then_some("page")
}

pub(crate) async fn index(
    State(state): State<Shared>,
    Query(q): Query<IndexQuery>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let game = crate::pages::named_game(q.game.as_deref());
    let kind = q.theme.as_deref().and_then(Kind::parse);
    // `?theme=studies`: the composed studies (puzzles/studies.txt).
    let studies = q.theme.as_deref() == Some("studies");
    let base = game.map_or(String::new(), |g| format!("game={}&", g.id));
    let compositions = game.map_or(String::new(), |g| format!("?game={}", g.id));
    let chosen: Vec<&Puzzle> = if studies {
        mancala_puzzles::study_ids()
            .into_iter()
            .filter_map(find)
            .filter(|p| game.is_none_or(|g| g.id == p.ruleset.id))
            .collect()
    } else {
        catalog()
            .iter()
            .filter(|p| game.is_none_or(|g| g.id == p.ruleset.id))
            .filter(|p| kind.is_none_or(|k| k == p.kind))
            .collect()
    };
    let body = html! {
        h1 { (pt(lang, "pz.title")) }
        p.lead { (pt(lang, "pz.intro")) }
        (daily_box(lang, today(&state.time)))
        // The filters: one link per game, one per theme.
        nav.puzzle-filters aria-label=(pt(lang, "pz.game")) {
            ul {
                @for r in &RULESETS {
                    @let n = catalog().iter().filter(|p| p.ruleset.id == r.id).count();
                    // A game without puzzles is not offered as a filter.
                    @if n > 0 {
                        li {
                            a href={ "/puzzles?game=" (r.id) }
                                aria-current=[current(game.is_some_and(|g| g.id == r.id))]
                                { (crate::i18n::game_name(lang, r)) }
                            " (" (pt(lang, "pz.count").replace("{n}", &n.to_string())) ")"
                        }
                    }
                }
            }
            ul {
                li { a href={ "/puzzles?" (base.trim_end_matches('&')) } { (pt(lang, "pz.all-themes")) } }
                @for k in Kind::ALL {
                    li {
                        a href={ "/puzzles?" (base) "theme=" (k.slug()) }
                            aria-current=[current(kind == Some(k))] { (theme(lang, k)) }
                    }
                }
                li {
                    a href={ "/puzzles?" (base) "theme=studies" } aria-current=[current(studies)]
                        { (pt(lang, "pz.studies")) }
                }
            }
        }
        p.compositions-link {
            a href={ "/compositions" (compositions) } { (super::compositions::pages::ct(lang, "cp.title")) }
        }
        @if studies {
            section.studies {
                h2 { (pt(lang, "pz.studies")) }
                p { (pt(lang, "pz.studies-intro")) }
            }
        }
        @if chosen.is_empty() {
            p { (pt(lang, "pz.none")) }
        } @else {
            p { (pt(lang, "pz.count").replace("{n}", &chosen.len().to_string())) }
            ol.puzzle-list {
                @for p in chosen.iter().take(300) {
                    @if studies { (study_item(lang, p)) } @else { (puzzle_item(lang, p)) }
                }
            }
        }
    };
    Page::new(lang, remember, pt(lang, "pz.title"), body)
}

/// The board to solve `p` on, with its task, hint, status and solution
/// (filled by `puzzles.js` from `/api/puzzles/{id}`), and a link to `next`.
/// Puzzles and the compositions solved as puzzles share it.
pub(crate) fn solve_section(lang: Lang, p: &Puzzle, next: &str) -> Markup {
    let side = crate::i18n::t(lang, &format!("side.{}", p.solver().name()));
    let task = match (p.kind, p.result) {
        (Kind::WinTheMostSeeds, _) => "pz.task.margin",
        (_, mancala_ai::Wdl::Draw) => "pz.task.draw",
        _ => "pz.task.win",
    };
    let texts: serde_json::Map<String, serde_json::Value> = crate::i18n::entries(lang, "puzzles")
        .map(|(k, v)| (k.to_string(), v.into()))
        .chain(
            ["side.south", "side.north"].map(|k| (k.to_string(), crate::i18n::t(lang, k).into())),
        )
        .collect();
    let data = serde_json::json!({ "id": p.id, "next": next, "texts": texts, "pits": p.ruleset.rules.pits_per_row });
    html! {
        p.task { strong { (pt(lang, task).replace("{side}", side)) } }
        div id="puzzle-board" data-pits=(p.ruleset.rules.pits_per_row) {}
        p id="puzzle-status" role="status" aria-live="polite" {}
        p.actions {
            button type="button" id="puzzle-hint" class="button secondary" { (pt(lang, "pz.hint")) }
            " "
            a class="button" id="puzzle-next" href=(next) { (pt(lang, "pz.next")) }
        }
        p.note { (pt(lang, "pz.hint-cost")) }
        p.note.keys-help { (pt(lang, "pz.keys")) }
        p id="puzzle-player" class="note" {}
        section id="puzzle-solution" hidden {
            h2 { (pt(lang, "pz.solution")) }
            ol id="puzzle-line" {}
        }
        script id="puzzle-data" type="application/json" { (script_json(&data.to_string())) }
        script src=(super::SCRIPT.path()) defer {}
    }
}

pub(crate) async fn puzzle_page(
    Path(id): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let Some(p) = find(&id) else { return not_found(lang, remember) };
    // The next puzzle: the following one of the same game.
    let same: Vec<&Puzzle> = catalog().iter().filter(|x| x.ruleset.id == p.ruleset.id).collect();
    let at = same.iter().position(|x| x.id == p.id).unwrap_or(0);
    let next = same.get((at + 1) % same.len().max(1)).map_or(p.id.as_str(), |x| x.id.as_str());
    let body = html! {
        h1 { (pt(lang, "pz.title")) ": " (theme(lang, p.kind)) }
        p.lead { (game_name(lang, p.ruleset.id)) " · " span id="puzzle-rating" { (rating(lang, p)) } }
        (solve_section(lang, p, &format!("/puzzles/{next}")))
    };
    Page::new(lang, remember, &format!("{}: {}", pt(lang, "pz.title"), theme(lang, p.kind)), body)
}
