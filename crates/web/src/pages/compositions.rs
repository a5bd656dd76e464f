//! The compositions' pages: `/compositions?game=ID&sort=newest|solved`
//! (a game's compositions, newest or most solved first) and
//! `/compositions/{id}` (one composition: solved like a puzzle where its key
//! is the only move keeping the result, else shown with its proven line).
//! Players publish them from the analysis board (`api/compositions.rs`).

use super::puzzles::solve_section;
use super::{esc, language, LangQuery, Page};
use crate::api::compositions::{as_puzzle, load, order_of};
use crate::i18n::Lang;
use crate::store::{CompositionOrder, CompositionRow};
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

/// The compositions' texts, `[en, vi, nl]`.
pub const TEXTS: &[(&str, [&str; 3])] = &[
    ("cp.title", ["Compositions", "Bài cờ sáng tác", "Composities"]),
    (
        "cp.intro",
        [
            "Endgame problems set by players, each proven by the solver before it was published. The Anuak compose such problems for Anywoli; here anyone can: set a position up on the analysis board and choose \"Publish as a composition\".",
            "Các bài cờ tàn do người chơi đặt ra, bài nào cũng được máy giải chứng minh trước khi đăng. Người Anuak có truyền thống sáng tác những bài như thế cho Anywoli; ở đây ai cũng làm được: bày thế cờ trên bàn phân tích rồi chọn \"Đăng thành bài cờ sáng tác\".",
            "Eindspelproblemen die spelers hebben opgesteld, elk door de oplosser bewezen voordat het werd gepubliceerd. De Anuak componeren zulke problemen voor Anywoli; hier kan iedereen het: zet een stelling op het analysebord en kies \"Publiceren als compositie\".",
        ],
    ),
    ("cp.newest", ["Newest", "Mới nhất", "Nieuwste"]),
    ("cp.most-solved", ["Most solved", "Được giải nhiều nhất", "Vaakst opgelost"]),
    ("cp.by", ["by {name}", "của {name}", "door {name}"]),
    ("cp.solved", ["solved {n} times", "đã được giải {n} lần", "{n} keer opgelost"]),
    (
        "cp.none",
        [
            "No compositions for this game yet: set one up on the analysis board.",
            "Trò chơi này chưa có bài cờ sáng tác nào: hãy bày một thế cờ trên bàn phân tích.",
            "Nog geen composities voor dit spel: zet er een op het analysebord.",
        ],
    ),
    ("cp.value.win", ["{side} to move wins", "{side} đi trước và thắng", "{side} aan zet wint"]),
    ("cp.value.draw", ["{side} to move draws", "{side} đi trước và hòa", "{side} aan zet speelt remise"]),
    ("cp.value.loss", ["{side} to move loses", "{side} đi trước và thua", "{side} aan zet verliest"]),
    (
        "cp.study",
        [
            "A study: more than one first move keeps the result, so it is shown with the solver's line rather than solved.",
            "Một thế cờ nghiên cứu: có hơn một nước đầu giữ được kết quả, nên thế cờ được trình bày cùng đường đi của máy giải thay vì để giải.",
            "Een studie: meer dan één eerste zet behoudt het resultaat, dus ze wordt getoond met de variant van de oplosser in plaats van opgelost.",
        ],
    ),
    ("cp.keeping", ["First moves that keep the result: {moves}", "Các nước đầu giữ được kết quả: {moves}", "Eerste zetten die het resultaat behouden: {moves}"]),
    ("cp.line", ["The solver's line: {moves}", "Đường đi của máy giải: {moves}", "De variant van de oplosser: {moves}"]),
    ("cp.all", ["All compositions of this game", "Mọi bài cờ sáng tác của trò chơi này", "Alle composities van dit spel"]),
    ("cp.analyse", ["Open on the analysis board", "Mở trên bàn phân tích", "Openen op het analysebord"]),
    ("cp.game", ["Game", "Trò chơi", "Spel"]),
    ("cp.order", ["Order", "Thứ tự", "Volgorde"]),
];

/// A compositions page text.
pub fn ct(lang: Lang, key: &str) -> &'static str {
    TEXTS.iter().find(|(k, _)| *k == key).map_or("", |(_, v)| v[super::lang_index(lang)])
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
    let Ok(Some(row)) = load(&state, &id).await else { return super::not_found(lang, remember) };
    let Ok(game) = ruleset(&row.ruleset) else { return super::not_found(lang, remember) };
    let Ok(position) = game.rules.parse_position(&row.position) else {
        return super::not_found(lang, remember);
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
        position = super::percent(&row.position),
        analyse = esc(ct(lang, "cp.analyse")),
    );
    Page::new(lang, remember, &row.title, body)
}
