//! The puzzle pages: `/puzzles` (by game and by theme) and `/puzzles/{id}`
//! (a skeleton that `puzzles.js` fills from the API), and the daily puzzle
//! on the home page.

use super::api::{catalog, daily, find, today};
use crate::i18n::Lang;
use crate::pages::{esc, json_in_html, language, not_found, LangQuery, Page};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::Router;
use mancala_puzzles::{Kind, Puzzle};
use mancala_rules::{ruleset, RULESETS};
use serde::Deserialize;
use std::fmt::Write;

pub fn routes() -> Router<Shared> {
    Router::new().route("/puzzles", get(index)).route("/puzzles/{id}", get(puzzle_page))
}

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
    lang: Option<String>,
    game: Option<String>,
    theme: Option<String>,
}

fn puzzle_item(lang: Lang, p: &Puzzle) -> String {
    format!(
        "<li><a href=\"/puzzles/{id}\">{theme}</a> · {game} · {rating}</li>",
        id = esc(&p.id),
        theme = esc(theme(lang, p.kind)),
        game = esc(game_name(lang, p.ruleset.id)),
        rating = esc(&pt(lang, "pz.rating").replace("{r}", &p.rating.to_string())),
    )
}

/// A composed study in the list: also the length of its solution.
fn study_item(lang: Lang, p: &Puzzle) -> String {
    format!(
        "<li><a href=\"/puzzles/{id}\">{theme}</a> · {game} · {plies} · {rating}</li>",
        id = esc(&p.id),
        theme = esc(theme(lang, p.kind)),
        game = esc(game_name(lang, p.ruleset.id)),
        plies = esc(&pt(lang, "pz.plies").replace("{n}", &p.moves.len().to_string())),
        rating = esc(&pt(lang, "pz.rating").replace("{r}", &p.rating.to_string())),
    )
}

/// The daily puzzle's box, for the home page: the puzzle of `day` (days
/// since the Unix epoch).
pub fn daily_box(lang: Lang, day: i64) -> String {
    let Some(p) = daily(day) else { return String::new() };
    format!(
        "<section class=\"daily-puzzle\"><h2>{title}</h2><p>{theme} · {game} · {rating}</p>\
         <p><a class=\"button\" href=\"/puzzles/{id}\">{open}</a> <a href=\"/puzzles\">{all}</a></p></section>",
        title = esc(pt(lang, "pz.daily")),
        theme = esc(theme(lang, p.kind)),
        game = esc(game_name(lang, p.ruleset.id)),
        rating = esc(&pt(lang, "pz.rating").replace("{r}", &p.rating.to_string())),
        id = esc(&p.id),
        open = esc(pt(lang, "pz.open")),
        all = esc(pt(lang, "pz.title")),
    )
}

async fn index(
    State(state): State<Shared>,
    Query(q): Query<IndexQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&LangQuery { lang: q.lang.clone() }, &headers);
    let game = q.game.as_deref().and_then(|g| ruleset(g).ok());
    let kind = q.theme.as_deref().and_then(Kind::parse);
    // `?theme=studies`: the composed studies (puzzles/studies.txt).
    let studies = q.theme.as_deref() == Some("studies");
    let mut body = format!(
        "<h1>{}</h1><p class=\"lead\">{}</p>{}",
        esc(pt(lang, "pz.title")),
        esc(pt(lang, "pz.intro")),
        daily_box(lang, today(&state.time))
    );
    // The filters: one link per game, one per theme.
    body.push_str("<nav class=\"puzzle-filters\" aria-label=\"");
    body.push_str(&esc(pt(lang, "pz.game")));
    body.push_str("\"><ul>");
    for r in &RULESETS {
        let n = catalog().iter().filter(|p| p.ruleset.id == r.id).count();
        // A game without puzzles is not offered as a filter.
        if n == 0 {
            continue;
        }
        let current =
            if game.is_some_and(|g| g.id == r.id) { " aria-current=\"page\"" } else { "" };
        let _ = write!(
            body,
            "<li><a href=\"/puzzles?game={id}\"{current}>{name}</a> ({count})</li>",
            id = r.id,
            name = esc(crate::i18n::game_name(lang, r)),
            count = esc(&pt(lang, "pz.count").replace("{n}", &n.to_string())),
        );
    }
    body.push_str("</ul><ul>");
    let base = game.map_or(String::new(), |g| format!("game={}&", g.id));
    let _ = write!(
        body,
        "<li><a href=\"/puzzles?{}\">{}</a></li>",
        base.trim_end_matches('&'),
        esc(pt(lang, "pz.all-themes"))
    );
    for k in Kind::ALL {
        let current = if kind == Some(k) { " aria-current=\"page\"" } else { "" };
        let _ = write!(
            body,
            "<li><a href=\"/puzzles?{base}theme={slug}\"{current}>{name}</a></li>",
            slug = k.slug(),
            name = esc(theme(lang, k)),
        );
    }
    let current = if studies { " aria-current=\"page\"" } else { "" };
    let _ = write!(
        body,
        "<li><a href=\"/puzzles?{base}theme=studies\"{current}>{name}</a></li>",
        name = esc(pt(lang, "pz.studies")),
    );
    body.push_str("</ul></nav>");
    let _ = write!(
        body,
        "<p class=\"compositions-link\"><a href=\"/compositions{}\">{}</a></p>",
        game.map_or(String::new(), |g| format!("?game={}", g.id)),
        esc(super::compositions::pages::ct(lang, "cp.title"))
    );
    let chosen: Vec<&Puzzle> = if studies {
        let _ = write!(
            body,
            "<section class=\"studies\"><h2>{}</h2><p>{}</p></section>",
            esc(pt(lang, "pz.studies")),
            esc(pt(lang, "pz.studies-intro"))
        );
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
    if chosen.is_empty() {
        let _ = write!(body, "<p>{}</p>", esc(pt(lang, "pz.none")));
    } else {
        let _ = write!(
            body,
            "<p>{}</p><ol class=\"puzzle-list\">",
            esc(&pt(lang, "pz.count").replace("{n}", &chosen.len().to_string()))
        );
        for p in chosen.iter().take(300) {
            if studies {
                body.push_str(&study_item(lang, p));
            } else {
                body.push_str(&puzzle_item(lang, p));
            }
        }
        body.push_str("</ol>");
    }
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: pt(lang, "pz.title").into(),
        body,
        script: None,
    }
}

/// The board to solve `p` on, with its task, hint, status and solution
/// (filled by `puzzles.js` from `/api/puzzles/{id}`), and a link to `next`.
/// Puzzles and the compositions solved as puzzles share it.
pub(crate) fn solve_section(lang: Lang, p: &Puzzle, next: &str) -> String {
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
    format!(
        "<p class=\"task\"><strong>{task}</strong></p>\
         <div id=\"puzzle-board\" data-pits=\"{pits}\"></div>\
         <p id=\"puzzle-status\" role=\"status\" aria-live=\"polite\"></p>\
         <p class=\"actions\"><button type=\"button\" id=\"puzzle-hint\" class=\"button secondary\">{hint}</button> \
         <a class=\"button\" id=\"puzzle-next\" href=\"{next}\">{next_label}</a></p>\
         <p class=\"note\">{hint_cost}</p><p class=\"note keys-help\">{keys}</p>\
         <p id=\"puzzle-player\" class=\"note\"></p>\
         <section id=\"puzzle-solution\" hidden><h2>{solution}</h2><ol id=\"puzzle-line\"></ol></section>\
         <script id=\"puzzle-data\" type=\"application/json\">{data}</script>\
         <script src=\"{script}\" defer></script>",
        task = esc(&pt(lang, task).replace("{side}", side)),
        pits = p.ruleset.rules.pits_per_row,
        hint = esc(pt(lang, "pz.hint")),
        next = esc(next),
        next_label = esc(pt(lang, "pz.next")),
        hint_cost = esc(pt(lang, "pz.hint-cost")),
        keys = esc(pt(lang, "pz.keys")),
        solution = esc(pt(lang, "pz.solution")),
        data = json_in_html(&data.to_string()),
        script = super::SCRIPT.path(),
    )
}

async fn puzzle_page(
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&q, &headers);
    let Some(p) = find(&id) else { return not_found(lang, remember) };
    // The next puzzle: the following one of the same game.
    let same: Vec<&Puzzle> = catalog().iter().filter(|x| x.ruleset.id == p.ruleset.id).collect();
    let at = same.iter().position(|x| x.id == p.id).unwrap_or(0);
    let next = same.get((at + 1) % same.len().max(1)).map_or(p.id.as_str(), |x| x.id.as_str());
    let body = format!(
        "<h1>{title}: {theme}</h1><p class=\"lead\">{game} · <span id=\"puzzle-rating\">{rating}</span></p>{solve}",
        title = esc(pt(lang, "pz.title")),
        theme = esc(theme(lang, p.kind)),
        game = esc(game_name(lang, p.ruleset.id)),
        rating = esc(&pt(lang, "pz.rating").replace("{r}", &p.rating.to_string())),
        solve = solve_section(lang, p, &format!("/puzzles/{next}")),
    );
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: format!("{}: {}", pt(lang, "pz.title"), theme(lang, p.kind)),
        body,
        script: None,
    }
}
