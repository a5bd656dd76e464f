//! Server-rendered pages: the catalogue, a page per game, the new-game form,
//! the play and replay pages (a skeleton that `app.js` fills from the API),
//! and the finished games. Every piece of user text is escaped here.

use crate::content;
use crate::i18n::{t, variant_name, Lang};
use crate::Shared;
use axum::extract::{Path, Query};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use mancala_rules::{ruleset, RULESETS};
use serde::Deserialize;
use std::fmt::Write;

pub use crate::i18n::classes::TEXTS as CLASS_TEXTS;
pub use crate::i18n::compositions::TEXTS as COMPOSITION_TEXTS;
pub use crate::i18n::puzzles::TEXTS as PUZZLE_TEXTS;
pub(crate) mod session;
pub use session::scope as signed_in_scope;

pub fn routes() -> Router<Shared> {
    Router::new().route("/games/{id}", get(game_page)).fallback(fallback)
}

/// Unknown paths: a JSON error under `/api/`, a page elsewhere.
async fn fallback(
    uri: axum::http::Uri,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    if uri.path().starts_with("/api/") {
        return crate::api::error(StatusCode::NOT_FOUND, "not_found", "no such API route")
            .into_response();
    }
    let (lang, remember) = language(&q, &headers);
    not_found(lang, remember).into_response()
}

/// Percent-encodes a query value (everything but unreserved characters).
pub(crate) fn percent(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

pub use crate::html::esc;

/// The link to the classes that the learning and tournament pages show.
pub fn teachers_link(lang: Lang) -> String {
    format!(
        "<p class=\"for-teachers\"><a href=\"/classes\">{}</a></p>",
        esc(crate::i18n::text(lang, "classes", "cl.for-teachers"))
    )
}

/// Escaped text with `code` spans for words in backticks.
pub(crate) fn rich(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", esc(part));
        } else {
            out.push_str(&esc(part));
        }
    }
    out
}

#[derive(Deserialize, Default)]
pub struct LangQuery {
    pub(crate) lang: Option<String>,
}

impl LangQuery {
    pub(crate) fn of(lang: Option<String>) -> LangQuery {
        LangQuery { lang }
    }
}

/// The page language: `?lang=`, then the `lang` cookie, then the browser's
/// Accept-Language. Returns whether it came from the query (to remember it).
pub(crate) fn language(query: &LangQuery, headers: &HeaderMap) -> (Lang, bool) {
    if let Some(lang) = query.lang.as_deref().and_then(Lang::from_code) {
        return (lang, true);
    }
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| c.trim().strip_prefix("lang=").and_then(Lang::from_code));
    if let Some(lang) = cookie {
        return (lang, false);
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    (Lang::negotiate(accept), false)
}

pub(crate) struct Page {
    pub(crate) lang: Lang,
    pub(crate) remember: bool,
    pub(crate) status: StatusCode,
    pub(crate) title: String,
    pub(crate) body: String,
    /// Data for `app.js`: which page and its parameters.
    pub(crate) script: Option<String>,
}

impl IntoResponse for Page {
    fn into_response(self) -> Response {
        let lang = self.lang;
        let mut switch = String::new();
        for other in Lang::ALL {
            let current = if other == lang { " aria-current=\"true\"" } else { "" };
            // A relative link (the same page in another language): nothing
            // of the request's path is written into the page, so a path
            // like `//elsewhere.example/` cannot make a link to another
            // host.
            let _ = write!(
                switch,
                "<a href=\"?lang={}\" lang=\"{}\" hreflang=\"{}\"{current}>{}</a> ",
                other.code(),
                other.code(),
                other.code(),
                other.own_name()
            );
        }
        let script = match &self.script {
            Some(data) => format!(
                "<script id=\"page-data\" type=\"application/json\">{}</script>\
                 <script id=\"i18n\" type=\"application/json\">{}</script>\
                 <script src=\"{}\" defer></script>",
                json_in_html(data),
                json_in_html(&crate::i18n::bundle(lang).to_string()),
                crate::assets::APP.path(),
            ),
            None => format!("<script src=\"{}\" defer></script>", crate::assets::APP.path()),
        };
        let html = format!(
            "<!doctype html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{title} · {site}</title><link rel=\"stylesheet\" href=\"{style}\">\
             <link rel=\"icon\" href=\"/favicon.ico\" sizes=\"48x48\">\
             <link rel=\"icon\" href=\"{icon}\" type=\"image/svg+xml\">\
             <script src=\"{common}\" defer></script></head>\
             <body><a class=\"skip\" href=\"#main\">{skip}</a><header class=\"top\">\
             <a class=\"brand\" href=\"/\">{site}</a>\
             <a class=\"menu-toggle\" href=\"#site-menu\" role=\"button\" aria-controls=\"site-menu\" \
             aria-expanded=\"false\">{menu}</a><div class=\"menu\" id=\"site-menu\"><nav aria-label=\"{site_nav}\">\
             <a href=\"/\">{catalogue}</a> <a href=\"/lobby\">{lobby}</a> <a href=\"/finished\">{finished}</a> \
             <a href=\"/learn\">{learn}</a> <a href=\"/analysis\">{analysis}</a> <a href=\"/puzzles\">{puzzles}</a> \
             <a href=\"/tournaments\">{tournaments}</a> {account}</nav>\
             <nav class=\"langs\" aria-label=\"{language}\" data-lang=\"{code}\">{switch}</nav></div></header>\
             {challenges}<main id=\"main\">{body}</main>{script}</body></html>",
            code = lang.code(),
            title = esc(&self.title),
            site = esc(t(lang, "site.name")),
            skip = esc(t(lang, "nav.skip")),
            menu = esc(t(lang, "nav.menu")),
            site_nav = esc(t(lang, "nav.site")),
            catalogue = esc(t(lang, "nav.catalogue")),
            finished = esc(t(lang, "nav.finished")),
            learn = esc(crate::lessons::word(lang, "learn.title")),
            analysis = esc(crate::lessons::word(lang, "analysis.title")),
            lobby = esc(t(lang, "nav.lobby")),
            puzzles = esc(crate::i18n::text(lang, "puzzles", "pz.title")),
            account = session::header_links(lang),
            challenges = session::challenge_bar(lang),
            tournaments = esc(crate::i18n::text(lang, "tournaments", "t.title")),
            language = esc(t(lang, "nav.language")),
            body = self.body,
            style = crate::assets::STYLE.path(),
            icon = crate::assets::FAVICON.path(),
            // Deferred scripts run in document order: the helpers in the
            // head come before every page script in the body.
            common = crate::assets::COMMON.path(),
        );
        let mut response =
            (self.status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html)
                .into_response();
        if self.remember {
            if let Ok(cookie) = HeaderValue::from_str(&format!(
                "lang={}; Path=/; Max-Age=31536000; SameSite=Lax",
                lang.code()
            )) {
                response.headers_mut().insert(header::SET_COOKIE, cookie);
            }
        }
        response
    }
}

impl Page {
    /// A page with a body and no script data.
    pub(crate) fn new(lang: Lang, remember: bool, title: &str, body: String) -> Page {
        Page { lang, remember, status: StatusCode::OK, title: title.into(), body, script: None }
    }
}

/// A link's QR code as an SVG answer, drawn here by the `qrcode` crate: a
/// class scans it from the projector, and no outside service learns the
/// link. `cache` is the answer's `Cache-Control`.
pub(crate) fn qr_svg(url: &str, cache: &'static str) -> Response {
    let Ok(code) = qrcode::QrCode::new(url.as_bytes()) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    ([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, cache)], svg).into_response()
}

/// A page script's texts as one JSON object, key to text.
pub(crate) fn texts_json(
    entries: impl Iterator<Item = (&'static str, &'static str)>,
) -> serde_json::Value {
    entries.map(|(k, v)| (k.to_string(), serde_json::Value::from(v))).collect()
}

/// What a feature's page hands its script: its data and its texts as JSON
/// elements (`ID-data`, `ID-i18n`), then the script itself, deferred.
pub(crate) fn feature_script(
    id: &str,
    data: &serde_json::Value,
    texts: &serde_json::Value,
    script: &crate::assets::Asset,
) -> String {
    format!(
        "<script id=\"{id}-data\" type=\"application/json\">{}</script>\
         <script id=\"{id}-i18n\" type=\"application/json\">{}</script>\
         <script src=\"{}\" defer></script>",
        json_in_html(&data.to_string()),
        json_in_html(&texts.to_string()),
        script.path(),
    )
}

/// JSON placed inside a `<script>` element: `<` is escaped so that no text
/// can close the element.
pub(crate) fn json_in_html(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

pub(crate) fn not_found(lang: Lang, remember: bool) -> Page {
    Page {
        lang,
        remember,
        status: StatusCode::NOT_FOUND,
        title: t(lang, "notfound").to_string(),
        body: format!(
            "<h1>{}</h1><p><a href=\"/\">{}</a></p>",
            esc(t(lang, "notfound")),
            esc(t(lang, "nav.catalogue"))
        ),
        script: None,
    }
}

/// The page for a failure of the server (storage): it says the server has
/// a problem and gives the incident id the log has the details under.
pub(crate) fn server_problem(
    lang: Lang,
    remember: bool,
    status: StatusCode,
    e: &crate::api::ApiError,
) -> Page {
    let incident = match &e.detail {
        Some(crate::api::Detail::Incident { incident }) => incident.as_str(),
        _ => "",
    };
    Page {
        lang,
        remember,
        status,
        title: t(lang, "server.problem").to_string(),
        body: format!(
            "<h1>{}</h1><p>{}</p><p><a href=\"/\">{}</a></p>",
            esc(t(lang, "server.problem")),
            esc(&t(lang, "server.problem-detail").replace("{incident}", incident)),
            esc(t(lang, "nav.catalogue"))
        ),
        script: None,
    }
}

pub(crate) fn board_size(lang: Lang, ruleset_id: &str) -> String {
    let rules = ruleset(ruleset_id).map(|r| r.rules).unwrap_or(RULESETS[0].rules);
    t(lang, "cat.size")
        .replace("{rows}", "2")
        .replace("{pits}", &rules.pits_per_row.to_string())
        .replace("{seeds}", &rules.total_seeds().to_string())
}

/// The starting board as players see it (South's row at the bottom), the
/// board component drawn by the server (`diagram::html`); `common.js`
/// draws the seeds in each hole, and without it the counts remain.
pub fn start_diagram(lang: Lang, ruleset_id: &str) -> String {
    let rules = ruleset(ruleset_id).map(|r| r.rules).unwrap_or(RULESETS[0].rules);
    let mut html = String::from("<div class=\"start-board\">");
    html.push_str(&crate::diagram::html(
        lang,
        &rules,
        &rules.start(),
        &crate::diagram::Marks::default(),
        mancala_rules::Side::South,
    ));
    let _ = write!(html, "<p class=\"note\">{}</p>", esc(t(lang, "page.start-note")));
    if rules.pits_per_row == 12 {
        // Shown instead of the note above where the style sheet stands the
        // board upright (narrow screens).
        let _ = write!(
            html,
            "<p class=\"note upright-note\">{}</p>",
            esc(t(lang, "page.start-upright"))
        );
    }
    html.push_str("</div>");
    html
}

/// The sections as HTML; `diagram` goes right after the board section.
/// Worked examples (items of `ruleset_id`'s page) get their board diagrams.
fn sections_html(
    lang: Lang,
    ruleset_id: &str,
    sections: &[content::Section],
    diagram: Option<&str>,
) -> String {
    let i = lang.index();
    let mut html = String::new();
    for section in sections {
        let _ = write!(html, "<section><h2>{}</h2>", esc(t(lang, section.title)));
        let mut in_list = false;
        for item in section.items {
            let text = item[i];
            if let Some(bullet) = text.strip_prefix("- ") {
                if !in_list {
                    html.push_str("<ul>");
                    in_list = true;
                }
                let figure = crate::lessons::example_diagram(lang, ruleset_id, item[0]);
                let _ = write!(html, "<li>{}{}</li>", rich(bullet), figure.unwrap_or_default());
            } else {
                if in_list {
                    html.push_str("</ul>");
                    in_list = false;
                }
                let _ = write!(html, "<p>{}</p>", rich(text));
            }
        }
        if in_list {
            html.push_str("</ul>");
        }
        if let (true, Some(diagram)) = (section.title == "sec.board", diagram) {
            let _ = write!(html, "<h3>{}</h3>{diagram}", esc(t(lang, "page.start")));
        }
        html.push_str("</section>");
    }
    html
}

async fn game_page(Path(id): Path<String>, Query(q): Query<LangQuery>, headers: HeaderMap) -> Page {
    let (lang, remember) = language(&q, &headers);
    let Some((page, selected)) = content::find_page(&id) else { return not_found(lang, remember) };
    let i = lang.index();
    let mut body = format!(
        "<h1>{}</h1><p class=\"lead\">{}</p><p><a class=\"button\" href=\"/new?game={}\">{}</a></p>",
        esc(page.name),
        rich(page.character[i]),
        page.variants[selected].0,
        esc(t(lang, "cat.play"))
    );
    let first = page.variants[0].0;
    body.push_str(&sections_html(
        lang,
        first,
        page.sections,
        Some(&start_diagram(lang, page.variants[0].0)),
    ));
    if page.variants.len() > 1 {
        let _ = write!(
            body,
            "<section class=\"variants\"><h2>{}</h2><div class=\"tabs\" role=\"tablist\">",
            esc(t(lang, "page.variants"))
        );
        for (n, (id, name)) in page.variants.iter().enumerate() {
            let _ = write!(
                body,
                "<a role=\"tab\" id=\"tab-{id}\" href=\"/games/{id}\" aria-controls=\"panel-{id}\" aria-selected=\"{}\" data-tab=\"{id}\">{}</a>",
                n == selected,
                esc(variant_name(lang, id, name))
            );
        }
        body.push_str("</div>");
    }
    for (n, (id, sections)) in page.variants.iter().zip(page.variant_sections).enumerate() {
        let hidden = if page.variants.len() > 1 && n != selected { " hidden" } else { "" };
        let _ = write!(
            body,
            "<div class=\"panel\" role=\"tabpanel\" id=\"panel-{}\"{hidden}>{}<p><a class=\"button\" href=\"/new?game={}\">{} ({})</a></p></div>",
            id.0,
            sections_html(lang, id.0, sections, None),
            id.0,
            esc(t(lang, "cat.play")),
            esc(variant_name(lang, id.0, id.1))
        );
    }
    if page.variants.len() > 1 {
        body.push_str("</section>");
    }
    body.push_str(&sections_html(lang, first, page.house, None));
    body.push_str(&sections_html(lang, first, page.history, None));
    Page { lang, remember, status: StatusCode::OK, title: page.name.into(), body, script: None }
}

/// `YYYY-MM-DD HH:MM` (UTC) of a Unix time, and the same as an HTML
/// `datetime` (the page's script shows it in the reader's own time).
pub(crate) fn date_time(secs: i64) -> (String, String) {
    let day = crate::time::date(secs);
    let minutes = secs.rem_euclid(86_400) / 60;
    let (h, m) = (minutes / 60, minutes % 60);
    (format!("{day} {h:02}:{m:02}"), format!("{day}T{h:02}:{m:02}Z"))
}

/// A player's name as shown: unnamed players and the computer get words in
/// the page's language (the stored names are `South`, `North`, `Computer N`).
pub(crate) fn shown_name(lang: Lang, row: &crate::store::GameRow, south: bool) -> String {
    let (name, side, key) = if south {
        (&row.south_name, "South", "side.south")
    } else {
        (&row.north_name, "North", "side.north")
    };
    let computer = row.computer
        == Some(if south { mancala_rules::Side::South } else { mancala_rules::Side::North });
    let account = if south { &row.south_player } else { &row.north_player };
    if account.is_some() && name == crate::store::DELETED_PLAYER {
        t(lang, "player.deleted").to_string()
    } else if computer {
        t(lang, "play.computer").replace("{n}", &row.level.unwrap_or(0).to_string())
    } else if name.is_empty() {
        t(lang, "play.waiting-seat").to_string()
    } else if name == side {
        t(lang, key).to_string()
    } else {
        name.clone()
    }
}
