//! The pages a game is played on: `/new` (the new-game form), `/g/{id}`
//! (play), `/replay/{id}` and `/finished` (the finished games). `app.js`
//! draws the board from the API.

use crate::content;
use crate::html::{html, Markup, Text};
use crate::i18n::{game_name, t, Lang};
use crate::pages::session;
use crate::pages::{date_time, not_found, percent, server_problem, shown_name, Page, PageLang};
use crate::store::{GameEnding, PlayerRow};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use mancala_rules::{ruleset, RULESETS};
use serde::Deserialize;

#[derive(Deserialize, Default)]
pub struct NewQuery {
    game: Option<String>,
}

pub(crate) async fn new_game(
    Query(q): Query<NewQuery>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let selected = crate::pages::named_game(q.game.as_deref()).map_or(RULESETS[0].id, |r| r.id);
    let signed_in = session::signed_in();
    let body = html! {
        h1 { (t(lang, "new.title")) }
        form id="new-game" class="form" {
            (game_choice(lang, selected))
            (opponent_fields(lang, signed_in.as_ref()))
            (clock_fields(lang))
            (match_and_rated(lang, signed_in.is_some()))
            p class="error" role="alert" hidden {}
            button type="submit" class="button" { (t(lang, "new.start")) }
        }
    };
    Page::new(lang, remember, t(lang, "new.title"), body)
        .with_script(serde_json::json!({ "page": "new" }))
}

/// The opponents a new game may have, as radio choices.
const MODES: [(&str, &str); 3] =
    [("computer", "mode.computer"), ("local", "mode.local"), ("online", "mode.online")];

/// The new-game form's choice of game (`selected` first chosen): in the
/// order of the games' pages, each game's variants together.
fn game_choice(lang: Lang, selected: &str) -> Markup {
    let mut rulesets: Vec<_> = RULESETS.iter().collect();
    rulesets.sort_by_key(|r| {
        content::PAGES.iter().enumerate().find_map(|(p, page)| {
            page.variants.iter().position(|(id, _)| *id == r.id).map(|v| (p, v))
        })
    });
    html! {
        label {
            (t(lang, "finished.game"))
            select name="game" {
                @for r in rulesets {
                    // Games with match play say how many wins take the match.
                    option value=(r.id) data-match=[r.match_first_to]
                        selected[r.id == selected]
                    {
                        (game_name(lang, r))
                    }
                }
            }
        }
    }
}

/// The new-game form's opponent (the computer and its level, at one
/// screen, or online), the names and the creator's side.
fn opponent_fields(lang: Lang, signed_in: Option<&PlayerRow>) -> Markup {
    html! {
        fieldset {
            legend { (t(lang, "new.opponent")) }
            (crate::pages::radios(lang, "mode", &MODES))
        }
        label data-for="computer" {
            (t(lang, "new.level"))
            select name="level" {
                @for n in 1..=8 {
                    option value=(n) selected[n == 3] { (n) }
                }
            }
        }
        // Signed in, the game is played under the account's name: no
        // name is asked for.
        @match signed_in {
            Some(player) => {
                p class="playing-as" {
                    (Text(&t(lang, "account.signed-in-as").replace("{name}", &player.name)))
                    " " (t(lang, "new.account-name"))
                }
            }
            None => {
                label {
                    (t(lang, "new.name"))
                    input name="name" maxlength="40" autocomplete="nickname";
                }
            }
        }
        label data-for="local" hidden {
            (t(lang, "new.second-name"))
            input name="opponent" maxlength="40";
        }
        label {
            (t(lang, "new.side"))
            select name="side" {
                option value="south" { (t(lang, "side.south")) }
                option value="north" { (t(lang, "side.north")) }
                option value="random" { (t(lang, "new.side-random")) }
            }
        }
        p class="note" { (t(lang, "new.south-first")) }
    }
}

/// The new-game form's clock, or days per move online.
fn clock_fields(lang: Lang) -> Markup {
    html! {
        fieldset class="clock" {
            legend { (t(lang, "new.clock")) }
            label class="choice" {
                input type="checkbox" name="timed";
                " " (t(lang, "new.timed"))
            }
            label data-timed hidden {
                (t(lang, "new.minutes"))
                input type="number" name="minutes" min="1" max="180" step="1" value="10";
            }
            label data-timed hidden {
                (t(lang, "new.increment"))
                input type="number" name="increment" min="0" max="180" step="1" value="5";
            }
            p class="note" data-timed hidden { (t(lang, "new.clock-note")) }
            label data-for="online" hidden {
                (t(lang, "new.days"))
                select name="days" {
                    option value="" { (t(lang, "new.no-days")) }
                    @for n in super::DAYS_PER_MOVE {
                        option value=(n) { (n) }
                    }
                }
            }
        }
    }
}

/// The new-game form's match play (in games that have it) and, for a
/// signed-in player, the rated choice (online games).
fn match_and_rated(lang: Lang, signed_in: bool) -> Markup {
    let match_text =
        t(lang, "new.match").replace("{n}", &mancala_rules::Match::BARBADOS_FIRST_TO.to_string());
    html! {
        label class="choice" data-match hidden {
            input type="checkbox" name="match";
            " " span data-match-text { (match_text) }
        }
        // Rated games are for signed-in players, online.
        @if signed_in {
            label class="choice" data-for="online" hidden {
                input type="checkbox" name="rated";
                " " (t(lang, "new.rated"))
            }
        }
    }
}

pub(crate) async fn play_page(state: State<Shared>, id: Path<String>, page: PageLang) -> Page {
    game_view(state, id, page, "play").await
}

pub(crate) async fn replay_page(state: State<Shared>, id: Path<String>, page: PageLang) -> Page {
    game_view(state, id, page, "replay").await
}

/// The play or replay page: names and game in the heading (escaped), the
/// rest drawn by `app.js` from the API.
async fn game_view(
    State(state): State<Shared>,
    Path(id): Path<String>,
    PageLang { lang, remember }: PageLang,
    kind: &str,
) -> Page {
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
    let body = html! {
        h1 class="game-title" { (Text(&title)) }
        div id="game" class="game" data-pits=(pits) { p class="loading" { "…" } }
        @if analysable {
            p {
                a class="analyse-link"
                    href={ "/analysis?from=" (percent(&id)) "&lang=" (lang.code()) }
                    { (crate::lessons::word(lang, "analysis.from-game")) }
            }
        }
    };
    Page::new(lang, remember, &title, body)
        .with_script(serde_json::json!({ "page": kind, "id": id, "lang": lang.code() }))
}

#[derive(Deserialize, Default)]
pub struct FinishedQuery {
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

pub(crate) async fn finished(
    State(state): State<Shared>,
    Query(q): Query<FinishedQuery>,
    PageLang { lang, remember }: PageLang,
) -> Page {
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
    let body = html! {
        h1 { (t(lang, "nav.finished")) }
        (finished_filters(lang, game.as_deref(), player.as_deref()))
        (finished_table(lang, shown, filtered))
        (finished_pages(lang, page, more, game.as_deref(), player.as_deref()))
        (upload_form(lang))
    };
    Page::new(lang, remember, t(lang, "nav.finished"), body)
        .with_script(serde_json::json!({ "page": "finished" }))
}

/// The finished games' filters: a plain GET form, so that a filtered list
/// has its own address.
fn finished_filters(lang: Lang, game: Option<&str>, player: Option<&str>) -> Markup {
    html! {
        form class="filters" method="get" action="/finished" {
            label {
                (t(lang, "finished.game"))
                select name="game" {
                    option value="" { (t(lang, "finished.all-games")) }
                    @for r in RULESETS {
                        option value=(r.id) selected[game == Some(r.id)] { (game_name(lang, &r)) }
                    }
                }
            }
            label {
                (t(lang, "finished.player"))
                input type="search" name="player" maxlength="40" value=(Text(player.unwrap_or("")));
            }
            button class="button" type="submit" { (t(lang, "finished.show")) }
        }
    }
}

/// The table of one page of finished games (each with its final score,
/// where its replay gave one), or a line saying there are none.
fn finished_table(
    lang: Lang,
    shown: &[(crate::store::GameRow, u32, Option<[u32; 2]>)],
    filtered: bool,
) -> Markup {
    if shown.is_empty() {
        let none = if filtered { "finished.none-match" } else { "finished.none" };
        return html! { p class="none" { (t(lang, none)) } };
    }
    html! {
        div class="table-wrap" {
            table class="games" {
                (crate::pages::table_head(
                    lang,
                    &[
                        "finished.game",
                        "finished.players",
                        "finished.result",
                        "finished.moves",
                        "finished.date",
                        "",
                    ],
                ))
                tbody {
                    @for (row, moves, captured) in shown {
                        (finished_row(lang, row, *moves, *captured))
                    }
                }
            }
        }
    }
}

/// One finished game's row: its game, players, result (with the final
/// score and how it ended), moves, date, and links to its replay and record.
fn finished_row(
    lang: Lang,
    row: &crate::store::GameRow,
    moves: u32,
    captured: Option<[u32; 2]>,
) -> Markup {
    let name = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| game_name(lang, r));
    let south = shown_name(lang, row, true);
    let north = shown_name(lang, row, false);
    let names = [south.as_str(), north.as_str()];
    let result = result_line(lang, row.result.map(crate::store::GameResult::id), names);
    let rules = ruleset(&row.ruleset).map_or(RULESETS[0].rules, |r| r.rules);
    let why =
        ending_line(lang, &rules, row.ending, row.result.map(crate::store::GameResult::id), names);
    let score = captured.map(|c| score_line(names, c)).unwrap_or_default();
    let (when, datetime) = date_time(row.updated);
    html! {
        tr {
            td { (name) }
            td { (Text(&south)) " – " (Text(&north)) }
            td {
                strong { (Text(&result)) }
                br;
                span class="score" { (Text(&score)) }
                br;
                small class="why" { (Text(&why)) }
            }
            td data-label={ (t(lang, "finished.moves")) ": " } { (moves) }
            td { time datetime=(datetime) { (when) } }
            td {
                a href={ "/replay/" (row.id) } { (t(lang, "replay.title")) }
                " · "
                a href={ "/api/games/" (row.id) "/record" } download { (t(lang, "play.download")) }
            }
        }
    }
}

/// The links to the newer and the older page, keeping the filters.
fn finished_pages(
    lang: Lang,
    page: u32,
    more: bool,
    game: Option<&str>,
    player: Option<&str>,
) -> Markup {
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
    html! {
        @if page > 1 || more {
            nav class="pages" {
                @if page > 1 {
                    a rel="prev" href=(link(page - 1)) { (t(lang, "finished.newer")) }
                    " "
                }
                span { (t(lang, "finished.page").replace("{n}", &page.to_string())) }
                @if more {
                    " "
                    a rel="next" href=(link(page + 1)) { (t(lang, "finished.older")) }
                }
            }
        }
    }
}

/// The form that uploads a game record to replay it.
fn upload_form(lang: Lang) -> Markup {
    html! {
        section {
            h2 { (t(lang, "finished.upload")) }
            p { (t(lang, "finished.upload-note")) }
            form id="upload" class="form" {
                label {
                    (t(lang, "finished.file"))
                    input type="file" name="file" accept=".txt,text/plain";
                }
                label {
                    (t(lang, "finished.record"))
                    textarea name="record" rows="8" spellcheck="false" {}
                }
                p class="error" role="alert" hidden {}
                button class="button" type="submit" { (t(lang, "finished.upload-button")) }
            }
        }
    }
}
