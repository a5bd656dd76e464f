//! Server-rendered pages: the catalogue, a page per game, the new-game form,
//! the play and replay pages (a skeleton that `app.js` fills from the API),
//! and the finished games. Every page is written with maud's `html!`
//! (`crate::html`), which escapes all text it splices in.

use crate::content;
use crate::html::{html, script_json, Markup, PreEscaped};
use crate::i18n::{t, variant_name, Lang};
use axum::extract::{Path, Query};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use mancala_rules::{ruleset, RULESETS};
use serde::Deserialize;
use std::fmt::Write;

pub use crate::i18n::classes::TEXTS as CLASS_TEXTS;
pub use crate::i18n::compositions::TEXTS as COMPOSITION_TEXTS;
pub use crate::i18n::puzzles::TEXTS as PUZZLE_TEXTS;
pub(crate) mod session;
pub use session::scope as signed_in_scope;

/// Unknown paths: a JSON error under `/api/`, a page elsewhere.
pub(crate) async fn fallback(
    uri: axum::http::Uri,
    PageLang { lang, remember }: PageLang,
) -> Response {
    if uri.path().starts_with("/api/") {
        return crate::api::error(StatusCode::NOT_FOUND, "not_found", "no such API route")
            .into_response();
    }
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

/// The link to the classes that the learning and tournament pages show.
pub fn teachers_link(lang: Lang) -> Markup {
    html! {
        p.for-teachers { a href="/classes" { (crate::i18n::text(lang, "classes", "cl.for-teachers")) } }
    }
}

/// The game a page's `?game=` names (an id or an alias), if it names one.
pub(crate) fn named_game(game: Option<&str>) -> Option<&'static mancala_rules::Ruleset> {
    game.and_then(|g| ruleset(g).ok())
}

/// A group of radio buttons named `name`, each `(value, text key)` with its
/// words after it (`label.choice`); the first is checked.
pub(crate) fn radios(lang: Lang, name: &str, choices: &[(&str, &str)]) -> Markup {
    html! {
        @for (i, (value, key)) in choices.iter().enumerate() {
            label class="choice" {
                input type="radio" name=(name) value=(value) checked[i == 0];
                " " (t(lang, key))
            }
        }
    }
}

/// A table's head: a column heading for each text key (`""`: an empty
/// one).
pub(crate) fn table_head(lang: Lang, keys: &[&str]) -> Markup {
    html! {
        thead {
            tr {
                @for key in keys {
                    th { @if !key.is_empty() { (t(lang, key)) } }
                }
            }
        }
    }
}

/// Text with `code` spans for words in backticks.
pub(crate) fn rich(text: &str) -> Markup {
    html! {
        @for (i, part) in text.split('`').enumerate() {
            @if i % 2 == 1 { code { (part) } } @else { (part) }
        }
    }
}

#[derive(Deserialize, Default)]
struct LangQuery {
    lang: Option<String>,
}

/// A page request's language ([`language`]), as an extractor: a page
/// handler takes `PageLang { lang, remember }` instead of the query and the
/// headers. A query that is not a query string is refused as `Query` refuses
/// it (400).
pub(crate) struct PageLang {
    pub(crate) lang: Lang,
    /// Chosen by `?lang=`: the answer sets the `lang` cookie.
    pub(crate) remember: bool,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PageLang {
    type Rejection = axum::extract::rejection::QueryRejection;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let Query(query) = Query::<LangQuery>::try_from_uri(&parts.uri)?;
        let (lang, remember) = language(&query, &parts.headers);
        Ok(PageLang { lang, remember })
    }
}

/// The page language: `?lang=`, then the `lang` cookie, then the browser's
/// Accept-Language. Returns whether it came from the query (to remember it).
fn language(query: &LangQuery, headers: &HeaderMap) -> (Lang, bool) {
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
    pub(crate) body: Markup,
    /// Data for `app.js`: which page and its parameters.
    pub(crate) script: Option<String>,
}

impl IntoResponse for Page {
    fn into_response(self) -> Response {
        let lang = self.lang;
        let app = crate::assets::APP.path();
        let site = t(lang, "site.name");
        let html = html! {
            (PreEscaped("<!doctype html>\n"))
            html lang=(lang.code()) {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { (self.title) " · " (site) }
                    link rel="stylesheet" href=(crate::assets::STYLE.path());
                    link rel="icon" href="/favicon.ico" sizes="48x48";
                    link rel="icon" href=(crate::assets::FAVICON.path()) type="image/svg+xml";
                    // Deferred scripts run in document order: the helpers
                    // in the head come before every page script in the body.
                    script src=(crate::assets::COMMON.path()) defer {}
                }
                body {
                    a.skip href="#main" { (t(lang, "nav.skip")) }
                    header.top {
                        a.brand href="/" { (site) }
                        a.menu-toggle href="#site-menu" role="button" aria-controls="site-menu"
                            aria-expanded="false" { (t(lang, "nav.menu")) }
                        div.menu #site-menu {
                            nav aria-label=(t(lang, "nav.site")) {
                                a href="/" { (t(lang, "nav.catalogue")) } " "
                                a href="/lobby" { (t(lang, "nav.lobby")) } " "
                                a href="/finished" { (t(lang, "nav.finished")) } " "
                                a href="/learn" { (crate::lessons::word(lang, "learn.title")) } " "
                                a href="/analysis" { (crate::lessons::word(lang, "analysis.title")) } " "
                                a href="/puzzles" { (crate::i18n::text(lang, "puzzles", "pz.title")) } " "
                                a href="/tournaments" { (crate::i18n::text(lang, "tournaments", "t.title")) } " "
                                (session::header_links(lang))
                            }
                            nav.langs aria-label=(t(lang, "nav.language")) data-lang=(lang.code()) {
                                @for other in Lang::ALL {
                                    // A relative link (the same page in another
                                    // language): nothing of the request's path is
                                    // written into the page, so a path like
                                    // `//elsewhere.example/` cannot make a link to
                                    // another host.
                                    a href={ "?lang=" (other.code()) } lang=(other.code())
                                        hreflang=(other.code())
                                        aria-current=[(other == lang).then_some("true")]
                                        { (other.own_name()) }
                                    " "
                                }
                            }
                        }
                    }
                    (session::challenge_bar(lang))
                    main #main { (self.body) }
                    @if let Some(data) = &self.script {
                        script #page-data type="application/json" { (script_json(data)) }
                        script #i18n type="application/json" {
                            (script_json(&crate::i18n::bundle(lang).to_string()))
                        }
                    }
                    script src=(app) defer {}
                }
            }
        }
        .into_string();
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
    pub(crate) fn new(lang: Lang, remember: bool, title: &str, body: Markup) -> Page {
        Page { lang, remember, status: StatusCode::OK, title: title.into(), body, script: None }
    }

    /// The page with data for `app.js` (which page, and its parameters).
    pub(crate) fn with_script(self, data: serde_json::Value) -> Page {
        Page { script: Some(data.to_string()), ..self }
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
) -> Markup {
    html! {
        script id={ (id) "-data" } type="application/json" { (script_json(&data.to_string())) }
        script id={ (id) "-i18n" } type="application/json" { (script_json(&texts.to_string())) }
        script src=(script.path()) defer {}
    }
}

pub(crate) fn not_found(lang: Lang, remember: bool) -> Page {
    Page {
        lang,
        remember,
        status: StatusCode::NOT_FOUND,
        title: t(lang, "notfound").to_string(),
        body: html! { h1 { (t(lang, "notfound")) } p { a href="/" { (t(lang, "nav.catalogue")) } } },
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
        body: html! {
            h1 { (t(lang, "server.problem")) }
            p { (t(lang, "server.problem-detail").replace("{incident}", incident)) }
            p { a href="/" { (t(lang, "nav.catalogue")) } }
        },
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
pub fn start_diagram(lang: Lang, ruleset_id: &str) -> Markup {
    let rules = ruleset(ruleset_id).map(|r| r.rules).unwrap_or(RULESETS[0].rules);
    html! {
        div.start-board {
            (crate::diagram::html(
                lang,
                &rules,
                &rules.start(),
                &crate::diagram::Marks::default(),
                mancala_rules::Side::South,
            ))
            p.note { (t(lang, "page.start-note")) }
            @if rules.pits_per_row == 12 {
                // Shown instead of the note above where the style sheet
                // stands the board upright (narrow screens).
                p.note.upright-note { (t(lang, "page.start-upright")) }
            }
        }
    }
}

/// The sections as HTML; `diagram` goes right after the board section.
/// Worked examples (items of `ruleset_id`'s page) get their board diagrams.
fn sections_html(
    lang: Lang,
    ruleset_id: &str,
    sections: &[content::Section],
    diagram: Option<&Markup>,
) -> Markup {
    let i = lang.index();
    html! {
        @for section in sections {
            section {
                h2 { (t(lang, section.title)) }
                // Runs of bullets ("- ") make one list each.
                @for run in section.items.chunk_by(|a, b| a[i].starts_with("- ") == b[i].starts_with("- ")) {
                    @if run[0][i].starts_with("- ") {
                        ul {
                            @for item in run {
                                li {
                                    (rich(&item[i][2..]))
                                    @if let Some(figure) = crate::lessons::example_diagram(lang, ruleset_id, item[0]) {
                                        (figure)
                                    }
                                }
                            }
                        }
                    } @else {
                        @for item in run { p { (rich(item[i])) } }
                    }
                }
                @if let (true, Some(diagram)) = (section.title == "sec.board", diagram) {
                    h3 { (t(lang, "page.start")) }
                    (diagram)
                }
            }
        }
    }
}

pub(crate) async fn game_page(
    Path(id): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let Some((page, selected)) = content::find_page(&id) else { return not_found(lang, remember) };
    let i = lang.index();
    let first = page.variants[0].0;
    let tabs = page.variants.len() > 1;
    let panels = html! {
        @for (n, (id, sections)) in page.variants.iter().zip(page.variant_sections).enumerate() {
            div.panel role="tabpanel" id={ "panel-" (id.0) } hidden[tabs && n != selected] {
                (sections_html(lang, id.0, sections, None))
                p {
                    a.button href={ "/new?game=" (id.0) } {
                        (t(lang, "cat.play")) " (" (variant_name(lang, id.0, id.1)) ")"
                    }
                }
            }
        }
    };
    let body = html! {
        h1 { (page.name) }
        p.lead { (rich(page.character[i])) }
        p { a.button href={ "/new?game=" (page.variants[selected].0) } { (t(lang, "cat.play")) } }
        (sections_html(lang, first, page.sections, Some(&start_diagram(lang, first))))
        @if tabs {
            section.variants {
                h2 { (t(lang, "page.variants")) }
                div.tabs role="tablist" {
                    @for (n, (id, name)) in page.variants.iter().enumerate() {
                        a role="tab" id={ "tab-" (id) } href={ "/games/" (id) }
                            aria-controls={ "panel-" (id) } aria-selected=(n == selected)
                            data-tab=(id) { (variant_name(lang, id, name)) }
                    }
                }
                (panels)
            }
        } @else {
            (panels)
        }
        (sections_html(lang, first, page.house, None))
        (sections_html(lang, first, page.history, None))
    };
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
