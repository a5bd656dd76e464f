//! The compositions' pages: `/compositions?game=ID&sort=newest|solved`
//! (a game's compositions, newest or most solved first) and
//! `/compositions/{id}` (one composition: solved like a puzzle where its key
//! is the only move keeping the result, else shown with its proven line).
//! Players publish them from the analysis board (`api.rs`).

use super::api::{as_puzzle, load, order_of};
use super::store::{CompositionOrder, CompositionRow};
use crate::i18n::Lang;
use crate::pages::{esc, language, not_found, percent, LangQuery, Page};
use crate::puzzles::pages::solve_section;
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::Router;
use mancala_rules::{ruleset, Ruleset, Side, RULESETS};
use serde::Deserialize;
use std::fmt::Write;

pub fn routes() -> Router<Shared> {
    Router::new().route("/compositions", get(index)).route("/compositions/{id}", get(page))
}

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
    lang: Option<String>,
    game: Option<String>,
    sort: Option<String>,
}

async fn index(
    State(state): State<Shared>,
    Query(q): Query<IndexQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&LangQuery { lang: q.lang.clone() }, &headers);
    let game: &'static Ruleset =
        q.game.as_deref().and_then(|g| ruleset(g).ok()).unwrap_or(&RULESETS[0]);
    let order = order_of(q.sort.as_deref()).unwrap_or(CompositionOrder::Newest);
    let mut body = format!(
        "<h1>{}</h1><p class=\"lead\">{}</p><nav class=\"puzzle-filters\" aria-label=\"{}\"><ul>",
        esc(ct(lang, "cp.title")),
        esc(ct(lang, "cp.intro")),
        esc(ct(lang, "cp.game")),
    );
    let sort = if order == CompositionOrder::MostSolved { "solved" } else { "newest" };
    for r in &RULESETS {
        let current = if r.id == game.id { " aria-current=\"page\"" } else { "" };
        let _ = write!(
            body,
            "<li><a href=\"/compositions?game={id}&amp;sort={sort}\"{current}>{name}</a></li>",
            id = r.id,
            name = esc(crate::i18n::game_name(lang, r)),
        );
    }
    let _ = write!(body, "</ul><ul aria-label=\"{}\">", esc(ct(lang, "cp.order")));
    for (key, label, o) in [
        ("newest", "cp.newest", CompositionOrder::Newest),
        ("solved", "cp.most-solved", CompositionOrder::MostSolved),
    ] {
        let current = if o == order { " aria-current=\"page\"" } else { "" };
        let _ = write!(
            body,
            "<li><a href=\"/compositions?game={id}&amp;sort={key}\"{current}>{label}</a></li>",
            id = game.id,
            label = esc(ct(lang, label)),
        );
    }
    body.push_str("</ul></nav>");
    let id = game.id;
    let listed = crate::api::blocking(&state, move |s| s.compositions(id, order)).await;
    match listed {
        Ok(rows) if rows.is_empty() => {
            let _ = write!(
                body,
                "<p>{}</p><p><a class=\"button\" href=\"/analysis?game={}\">{}</a></p>",
                esc(ct(lang, "cp.none")),
                game.id,
                esc(ct(lang, "cp.analyse"))
            );
        }
        Ok(rows) => {
            body.push_str("<ol class=\"composition-list\">");
            for (row, solved) in rows {
                let to_move =
                    game.rules.parse_position(&row.position).map_or(Side::South, |p| p.to_move());
                let _ = write!(
                    body,
                    "<li><a href=\"/compositions/{id}\">{title}</a> · {by} · {value} · {solved}</li>",
                    id = esc(&row.id),
                    title = esc(&row.title),
                    by = esc(&ct(lang, "cp.by").replace("{name}", &row.composer)),
                    value = esc(&value_text(lang, &row, to_move)),
                    solved = esc(&ct(lang, "cp.solved").replace("{n}", &solved.to_string())),
                );
            }
            body.push_str("</ol>");
        }
        Err(e) => {
            let _ = write!(body, "<p class=\"error\">{}</p>", esc(&e.message));
        }
    }
    Page::new(lang, remember, ct(lang, "cp.title"), body)
}

async fn page(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&q, &headers);
    let Ok(Some(row)) = load(&state, &id).await else { return not_found(lang, remember) };
    let Ok(game) = ruleset(&row.ruleset) else { return not_found(lang, remember) };
    let Ok(position) = game.rules.parse_position(&row.position) else {
        return not_found(lang, remember);
    };
    let mut body = format!(
        "<h1>{title}</h1><p class=\"lead\">{game} · {by} · {value}</p>",
        title = esc(&row.title),
        game = esc(crate::i18n::game_name(lang, game)),
        by = esc(&ct(lang, "cp.by").replace("{name}", &row.composer)),
        value = esc(&value_text(lang, &row, position.to_move())),
    );
    for paragraph in row.comment.split('\n').filter(|p| !p.trim().is_empty()) {
        let _ = write!(body, "<p class=\"composition-comment\">{}</p>", esc(paragraph));
    }
    let all = format!("/compositions?game={}", game.id);
    match as_puzzle(&row) {
        Some(puzzle) => body.push_str(&solve_section(lang, &puzzle, &all)),
        None => {
            let marks = crate::diagram::Marks::default();
            body.push_str(&crate::diagram::html(
                lang,
                &game.rules,
                &position,
                &marks,
                position.to_move(),
            ));
            let _ = write!(
                body,
                "<p class=\"note\">{study}</p><p>{keeping}</p><p>{line}</p>",
                study = esc(ct(lang, "cp.study")),
                keeping = esc(&ct(lang, "cp.keeping").replace("{moves}", &row.keeping)),
                line = esc(&ct(lang, "cp.line").replace("{moves}", &row.line)),
            );
        }
    }
    let _ = write!(
        body,
        "<p><a href=\"{all}\">{all_label}</a> · <a href=\"/analysis?game={game_id}&amp;position={position}\">{analyse}</a></p>",
        all = esc(&all),
        all_label = esc(ct(lang, "cp.all")),
        game_id = game.id,
        position = percent(&row.position),
        analyse = esc(ct(lang, "cp.analyse")),
    );
    Page::new(lang, remember, &row.title, body)
}
