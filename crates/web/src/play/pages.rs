//! The pages a game is played on: `/new` (the new-game form), `/g/{id}`
//! (play), `/replay/{id}` and `/finished` (the finished games). `app.js`
//! draws the board from the API.

use crate::content;
use crate::i18n::{game_name, t, Lang};
use crate::pages::session;
use crate::pages::{
    date_time, esc, language, not_found, percent, server_problem, shown_name, LangQuery, Page,
};
use crate::store::GameEnding;
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::Router;
use mancala_rules::{ruleset, RULESETS};
use serde::Deserialize;
use std::fmt::Write;

/// `/new`, `/g/{id}`, `/replay/{id}` and `/finished`.
pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/new", get(new_game))
        .route("/g/{id}", get(play_page))
        .route("/replay/{id}", get(replay_page))
        .route("/finished", get(finished))
}

#[derive(Deserialize, Default)]
pub struct NewQuery {
    lang: Option<String>,
    game: Option<String>,
}

async fn new_game(Query(q): Query<NewQuery>, headers: HeaderMap) -> Page {
    let (lang, remember) = language(&LangQuery { lang: q.lang.clone() }, &headers);
    let selected = q.game.as_deref().and_then(|g| ruleset(g).ok()).map_or(RULESETS[0].id, |r| r.id);
    let mut options = String::new();
    // In the order of the games' pages, each game's variants together.
    let mut rulesets: Vec<_> = RULESETS.iter().collect();
    rulesets.sort_by_key(|r| {
        content::PAGES.iter().enumerate().find_map(|(p, page)| {
            page.variants.iter().position(|(id, _)| *id == r.id).map(|v| (p, v))
        })
    });
    for r in rulesets {
        let sel = if r.id == selected { " selected" } else { "" };
        // Games with match play say how many wins take the match.
        let first_to = r.match_first_to.map(|n| format!(" data-match=\"{n}\"")).unwrap_or_default();
        let _ = write!(
            options,
            "<option value=\"{}\"{first_to}{sel}>{}</option>",
            r.id,
            esc(game_name(lang, r))
        );
    }
    let mut levels = String::new();
    for n in 1..=8 {
        let sel = if n == 3 { " selected" } else { "" };
        let _ = write!(levels, "<option value=\"{n}\"{sel}>{n}</option>");
    }
    let body = format!(
        "<h1>{title}</h1><form id=\"new-game\" class=\"form\">\
         <label>{game_label}<select name=\"game\">{options}</select></label>\
         <fieldset><legend>{opponent}</legend>\
         <label class=\"choice\"><input type=\"radio\" name=\"mode\" value=\"computer\" checked> {computer}</label>\
         <label class=\"choice\"><input type=\"radio\" name=\"mode\" value=\"local\"> {local}</label>\
         <label class=\"choice\"><input type=\"radio\" name=\"mode\" value=\"online\"> {online}</label></fieldset>\
         <label data-for=\"computer\">{level}<select name=\"level\">{levels}</select></label>\
         {name}\
         <label data-for=\"local\" hidden>{second}<input name=\"opponent\" maxlength=\"40\"></label>\
         <label>{side}<select name=\"side\"><option value=\"south\">{south}</option><option value=\"north\">{north}</option>\
         <option value=\"random\">{random}</option></select></label><p class=\"note\">{first}</p>\
         <fieldset class=\"clock\"><legend>{clock}</legend>\
         <label class=\"choice\"><input type=\"checkbox\" name=\"timed\"> {timed}</label>\
         <label data-timed hidden>{minutes}<input type=\"number\" name=\"minutes\" min=\"1\" max=\"180\" step=\"1\" value=\"10\"></label>\
         <label data-timed hidden>{increment}<input type=\"number\" name=\"increment\" min=\"0\" max=\"180\" step=\"1\" value=\"5\"></label>\
         <p class=\"note\" data-timed hidden>{clock_note}</p>\
         <label data-for=\"online\" hidden>{days_label}<select name=\"days\"><option value=\"\">{no_days}</option>{days}</select></label></fieldset>\
         <label class=\"choice\" data-match hidden><input type=\"checkbox\" name=\"match\"> <span data-match-text>{match_text}</span></label>{rated}\
         <p class=\"error\" role=\"alert\" hidden></p><button type=\"submit\" class=\"button\">{start}</button></form>",
        title = esc(t(lang, "new.title")),
        game_label = esc(t(lang, "finished.game")),
        opponent = esc(t(lang, "new.opponent")),
        computer = esc(t(lang, "mode.computer")),
        local = esc(t(lang, "mode.local")),
        online = esc(t(lang, "mode.online")),
        level = esc(t(lang, "new.level")),
        // Signed in, the game is played under the account's name: no name
        // is asked for.
        name = match session::signed_in() {
            Some(player) => format!(
                "<p class=\"playing-as\">{} {}</p>",
                esc(&t(lang, "account.signed-in-as").replace("{name}", &player.name)),
                esc(t(lang, "new.account-name"))
            ),
            None => format!(
                "<label>{}<input name=\"name\" maxlength=\"40\" autocomplete=\"nickname\"></label>",
                esc(t(lang, "new.name"))
            ),
        },
        second = esc(t(lang, "new.second-name")),
        side = esc(t(lang, "new.side")),
        south = esc(t(lang, "side.south")),
        north = esc(t(lang, "side.north")),
        random = esc(t(lang, "new.side-random")),
        first = esc(t(lang, "new.south-first")),
        clock = esc(t(lang, "new.clock")),
        timed = esc(t(lang, "new.timed")),
        minutes = esc(t(lang, "new.minutes")),
        increment = esc(t(lang, "new.increment")),
        clock_note = esc(t(lang, "new.clock-note")),
        match_text = esc(&t(lang, "new.match").replace("{n}", &mancala_rules::Match::BARBADOS_FIRST_TO.to_string())),
        start = esc(t(lang, "new.start")),
        days_label = esc(t(lang, "new.days")),
        no_days = esc(t(lang, "new.no-days")),
        days = super::DAYS_PER_MOVE
            .iter()
            .map(|n| format!("<option value=\"{n}\">{n}</option>"))
            .collect::<String>(),
        // Rated games are for signed-in players, online.
        rated = if session::signed_in().is_some() {
            format!(
                "<label class=\"choice\" data-for=\"online\" hidden><input type=\"checkbox\" name=\"rated\"> {}</label>",
                esc(t(lang, "new.rated"))
            )
        } else {
            String::new()
        },
    );
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: t(lang, "new.title").into(),
        body,
        script: Some(serde_json::json!({ "page": "new" }).to_string()),
    }
}

async fn play_page(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Page {
    game_view(state, id, q, headers, "play").await
}

async fn replay_page(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Page {
    game_view(state, id, q, headers, "replay").await
}

/// The play or replay page: names and game in the heading (escaped), the
/// rest drawn by `app.js` from the API.
async fn game_view(
    state: Shared,
    id: String,
    q: LangQuery,
    headers: HeaderMap,
    kind: &str,
) -> Page {
    let (lang, remember) = language(&q, &headers);
    let game = match super::live(&state, &id).await {
        Ok(game) => game,
        Err(e) if e.status == StatusCode::NOT_FOUND => return not_found(lang, remember),
        // Storage failed (logged with its incident id): say so, rather
        // than that the game does not exist.
        Err(e) => return server_problem(lang, remember, e.status, &e),
    };
    let (name, south, north, pits, analysable) = {
        let live = game.lock().await;
        (
            game_name(lang, live.ruleset),
            shown_name(lang, &live.row, true),
            shown_name(lang, &live.row, false),
            live.ruleset.rules.pits_per_row,
            // Not while two people online are still playing it.
            live.is_finished() || live.hints_allowed(),
        )
    };
    let title = format!("{name}: {south} – {north}");
    let mut body = format!(
        "<h1 class=\"game-title\">{}</h1><div id=\"game\" class=\"game\" data-pits=\"{pits}\"><p class=\"loading\">…</p></div>",
        esc(&title)
    );
    if analysable {
        let _ = write!(
            body,
            "<p><a class=\"analyse-link\" href=\"/analysis?from={}&amp;lang={}\">{}</a></p>",
            percent(&id),
            lang.code(),
            esc(crate::lessons::word(lang, "analysis.from-game"))
        );
    }
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title,
        body,
        script: Some(
            serde_json::json!({ "page": kind, "id": id, "lang": lang.code() }).to_string(),
        ),
    }
}

#[derive(Deserialize, Default)]
pub struct FinishedQuery {
    lang: Option<String>,
    game: Option<String>,
    player: Option<String>,
    page: Option<u32>,
}

/// Finished games shown on one page of `/finished`.
const FINISHED_PAGE: u32 = 20;

/// How a game ended, naming the player: "Bram resigned", "Anh ran out of
/// time", or the rule that ended it. The browser builds the same sentence
/// from the same keys (`app.js`, `endingText`).
pub fn ending_line(
    lang: Lang,
    rules: &mancala_rules::Rules,
    ending: Option<GameEnding>,
    result: Option<&str>,
    names: [&str; 2],
) -> String {
    let Some(ending) = ending else { return String::new() };
    let loser = match result {
        Some("south") => Some(names[1]),
        Some("north") => Some(names[0]),
        _ => None,
    };
    match (ending, loser) {
        (GameEnding::Resignation | GameEnding::Time | GameEnding::Abandoned, Some(loser)) => {
            t(lang, &format!("end-by.{}", ending.id())).replace("{name}", loser)
        }
        _ => crate::explain::capitalise(t(lang, &crate::explain::ending_key(rules, ending.id()))),
    }
}

/// The result's headline: who won, or a draw.
pub fn result_line(lang: Lang, result: Option<&str>, names: [&str; 2]) -> String {
    match result {
        Some("south") => t(lang, "play.wins").replace("{name}", names[0]),
        Some("north") => t(lang, "play.wins").replace("{name}", names[1]),
        _ => t(lang, "play.draw").to_string(),
    }
}

/// The score as it is written everywhere: South's name and seeds first.
pub fn score_line(names: [&str; 2], captured: [u32; 2]) -> String {
    format!("{} {} – {} {}", names[0], captured[0], captured[1], names[1])
}

async fn finished(
    State(state): State<Shared>,
    Query(q): Query<FinishedQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&LangQuery { lang: q.lang.clone() }, &headers);
    let game = q.game.clone().filter(|g| ruleset(g).is_ok());
    let player = q.player.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(String::from);
    let page = q.page.unwrap_or(1).clamp(1, 100_000);
    let filter = crate::store::Finished {
        game: game.clone(),
        player: player.clone(),
        // One more than shown: whether an older page exists.
        limit: FINISHED_PAGE + 1,
        offset: (page - 1) * FINISHED_PAGE,
    };
    // Each listed game is replayed for its final score (a page holds 20).
    let listed = crate::api::blocking(&state, move |store| {
        let rows = store.finished(&filter)?;
        let mut games = Vec::new();
        for (row, moves) in rows {
            let captured = store
                .load(&row.id)?
                .and_then(|stored| crate::live::Live::rebuild(stored).ok())
                .map(|live| {
                    let c = live.game.position().captured();
                    [u32::from(c.south), u32::from(c.north)]
                });
            games.push((row, moves, captured));
        }
        Ok(games)
    })
    .await;
    // A failed read is the server's problem (logged with its incident id),
    // not an empty list.
    let listed = match listed {
        Ok(listed) => listed,
        Err(e) => return server_problem(lang, remember, e.status, &e),
    };
    let more = listed.len() > FINISHED_PAGE as usize;
    let shown = &listed[..listed.len().min(FINISHED_PAGE as usize)];
    let filtered = game.is_some() || player.is_some() || page > 1;
    let mut body = format!("<h1>{}</h1>", esc(t(lang, "nav.finished")));
    body.push_str(&finished_filters(lang, game.as_deref(), player.as_deref()));
    body.push_str(&finished_table(lang, shown, filtered));
    body.push_str(&finished_pages(lang, page, more, game.as_deref(), player.as_deref()));
    body.push_str(&upload_form(lang));
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: t(lang, "nav.finished").into(),
        body,
        script: Some(serde_json::json!({ "page": "finished" }).to_string()),
    }
}

/// The finished games' filters: a plain GET form, so that a filtered list
/// has its own address.
fn finished_filters(lang: Lang, game: Option<&str>, player: Option<&str>) -> String {
    let mut body = String::new();
    let mut options = format!("<option value=\"\">{}</option>", esc(t(lang, "finished.all-games")));
    for r in RULESETS {
        let sel = if game == Some(r.id) { " selected" } else { "" };
        let _ = write!(
            options,
            "<option value=\"{}\"{sel}>{}</option>",
            r.id,
            esc(game_name(lang, &r))
        );
    }
    let _ = write!(
        body,
        "<form class=\"filters\" method=\"get\" action=\"/finished\">\
         <label>{game_label}<select name=\"game\">{options}</select></label>\
         <label>{player_label}<input type=\"search\" name=\"player\" maxlength=\"40\" value=\"{player}\"></label>\
         <button class=\"button\" type=\"submit\">{show}</button></form>",
        game_label = esc(t(lang, "finished.game")),
        player_label = esc(t(lang, "finished.player")),
        player = esc(player.unwrap_or("")),
        show = esc(t(lang, "finished.show")),
    );
    body
}

/// The table of one page of finished games (each with its final score,
/// where its replay gave one), or a line saying there are none.
fn finished_table(
    lang: Lang,
    shown: &[(crate::store::GameRow, u32, Option<[u32; 2]>)],
    filtered: bool,
) -> String {
    let mut body = String::new();
    if shown.is_empty() {
        let none = if filtered { "finished.none-match" } else { "finished.none" };
        let _ = write!(body, "<p class=\"none\">{}</p>", esc(t(lang, none)));
    } else {
        let _ = write!(
            body,
            "<div class=\"table-wrap\"><table class=\"games\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th></th></tr></thead><tbody>",
            esc(t(lang, "finished.game")),
            esc(t(lang, "finished.players")),
            esc(t(lang, "finished.result")),
            esc(t(lang, "finished.moves")),
            esc(t(lang, "finished.date")),
        );
        for (row, moves, captured) in shown {
            let name = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| game_name(lang, r));
            let south = shown_name(lang, row, true);
            let north = shown_name(lang, row, false);
            let names = [south.as_str(), north.as_str()];
            let result = result_line(lang, row.result.map(crate::store::GameResult::id), names);
            let rules = ruleset(&row.ruleset).map_or(RULESETS[0].rules, |r| r.rules);
            let why = ending_line(
                lang,
                &rules,
                row.ending,
                row.result.map(crate::store::GameResult::id),
                names,
            );
            let score = captured.map(|c| score_line(names, c)).unwrap_or_default();
            let (when, datetime) = date_time(row.updated);
            let _ = write!(
                body,
                "<tr><td>{}</td><td>{} – {}</td><td><strong>{}</strong><br><span class=\"score\">{}</span><br><small class=\"why\">{}</small></td>\
                 <td data-label=\"{moves_label}: \">{moves}</td><td><time datetime=\"{datetime}\">{when}</time></td>\
                 <td><a href=\"/replay/{id}\">{}</a> · <a href=\"/api/games/{id}/record\" download>{}</a></td></tr>",
                esc(name),
                esc(&south),
                esc(&north),
                esc(&result),
                esc(&score),
                esc(&why),
                esc(t(lang, "replay.title")),
                esc(t(lang, "play.download")),
                id = esc(&row.id),
                moves_label = esc(t(lang, "finished.moves")),
            );
        }
        body.push_str("</tbody></table></div>");
    }
    body
}

/// The links to the newer and the older page, keeping the filters.
fn finished_pages(
    lang: Lang,
    page: u32,
    more: bool,
    game: Option<&str>,
    player: Option<&str>,
) -> String {
    let mut body = String::new();
    let link = |to: u32| {
        let mut query = vec![format!("page={to}")];
        if let Some(g) = game {
            query.push(format!("game={g}"));
        }
        if let Some(p) = player {
            query.push(format!("player={}", percent(p)));
        }
        format!("/finished?{}", query.join("&"))
    };
    if page > 1 || more {
        body.push_str("<nav class=\"pages\">");
        if page > 1 {
            let _ = write!(
                body,
                "<a rel=\"prev\" href=\"{}\">{}</a> ",
                esc(&link(page - 1)),
                esc(t(lang, "finished.newer"))
            );
        }
        let _ = write!(
            body,
            "<span>{}</span>",
            esc(&t(lang, "finished.page").replace("{n}", &page.to_string()))
        );
        if more {
            let _ = write!(
                body,
                " <a rel=\"next\" href=\"{}\">{}</a>",
                esc(&link(page + 1)),
                esc(t(lang, "finished.older"))
            );
        }
        body.push_str("</nav>");
    }
    body
}

/// The form that uploads a game record to replay it.
fn upload_form(lang: Lang) -> String {
    let mut body = String::new();
    let _ = write!(
        body,
        "<section><h2>{}</h2><p>{}</p><form id=\"upload\" class=\"form\">\
         <label>{}<input type=\"file\" name=\"file\" accept=\".txt,text/plain\"></label>\
         <label>{}<textarea name=\"record\" rows=\"8\" spellcheck=\"false\"></textarea></label><p class=\"error\" role=\"alert\" hidden></p>\
         <button class=\"button\" type=\"submit\">{}</button></form></section>",
        esc(t(lang, "finished.upload")),
        esc(t(lang, "finished.upload-note")),
        esc(t(lang, "finished.file")),
        esc(t(lang, "finished.record")),
        esc(t(lang, "finished.upload-button")),
    );
    body
}
