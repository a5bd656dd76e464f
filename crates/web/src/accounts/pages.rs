//! The pages of accounts and ratings: the account page (register, sign in
//! and out, change the password, delete the account), a player's page
//! (ratings per game with a graph over time, recent games, head to head),
//! the leaderboards (and their JSON), and the player's unfinished games on
//! the home page.
//!
//! Who is signed in is the core's (`crate::pages::session`).

use crate::api::{blocking, error, ApiError};
use crate::html::{html, Markup, Text};
use crate::i18n::{t, Lang};
use crate::pages::session::signed_in;
use crate::pages::{date_time, server_problem, Page, PageLang};
use crate::rated::{rated_players, rating_at};
use crate::store::{GameRow, HistoryRow, PlayerGames, PlayerRow, RatingRow, DELETED_PLAYER};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use mancala_rules::{ruleset, RULESETS};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A leaderboard lists players whose deviation (grown for time away) is
/// under this...
pub const LEADERBOARD_DEVIATION: f64 = 110.0;
/// ...who played a rated game in the last this many days.
pub const LEADERBOARD_DAYS: i64 = 90;

/// Recent games on a player's page.
const RECENT: u32 = 20;

/// The home page's list of the signed-in player's unfinished games (empty
/// without one, or without games).
pub async fn my_games_section(state: &Shared, lang: Lang) -> Markup {
    let Some(player) = signed_in() else { return html! {} };
    let id = player.id.clone();
    let query = PlayerGames { active: true, limit: 20, ..PlayerGames::default() };
    let Ok(rows) = blocking(state, move |s| s.player_games(&id, &query)).await else {
        return html! {};
    };
    if rows.is_empty() {
        return html! {};
    }
    html! {
        section.my-games {
            h2 { (t(lang, "home.my-games")) }
            ul {
                @for (row, _) in &rows {
                    @let south = row.south_player.as_deref() == Some(player.id.as_str());
                    @let opponent = crate::pages::shown_name(lang, row, !south);
                    @let game = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name);
                    li {
                        a href={ "/g/" (row.id) } { (game) }
                        " " (Text(&t(lang, "home.against").replace("{name}", &opponent)))
                        @if row.rated { " · " (t(lang, "play.rated")) }
                    }
                }
            }
        }
    }
}

/// `/account`: the forms of accounts (`app.js` sends them to the API).
pub(crate) async fn account_page(PageLang { lang, remember }: PageLang) -> Page {
    let body = html! {
        h1 { (t(lang, "account.title")) }
        @match signed_in() {
            None => { (guest_forms(lang)) }
            Some(player) => { (player_forms(lang, &player)) }
        }
    };
    Page::new(lang, remember, t(lang, "account.title"), body)
        .with_script(json!({ "page": "account" }))
}

/// The account page of a guest: why have an account, and the forms to
/// sign in and register.
fn guest_forms(lang: Lang) -> Markup {
    let tx = |key: &str| t(lang, key);
    html! {
        p.lead { (tx("account.why")) }
        div.account-forms {
            form id="sign-in" class="form" {
                h2 { (tx("account.sign-in")) }
                label {
                    (tx("account.name"))
                    input name="name" required minlength="2" maxlength="20"
                        autocomplete="username" autocapitalize="none" spellcheck="false";
                }
                label {
                    (tx("account.password"))
                    input type="password" name="password" required
                        autocomplete="current-password";
                }
                p.error role="alert" hidden {}
                button type="submit" class="button" { (tx("account.sign-in")) }
            }
            form id="register" class="form" {
                h2 { (tx("account.register")) }
                label {
                    (tx("account.name"))
                    input name="name" required minlength="2" maxlength="20"
                        pattern="[A-Za-z0-9_\\-]{2,20}" autocomplete="username"
                        autocapitalize="none" spellcheck="false";
                }
                label {
                    (tx("account.password"))
                    input type="password" name="password" required minlength="8"
                        maxlength="200" autocomplete="new-password";
                }
                p.error role="alert" hidden {}
                button type="submit" class="button" { (tx("account.register")) }
            }
        }
    }
}

/// The account page of a signed-in player: their page, and the forms to
/// sign out, change the password and delete the account.
fn player_forms(lang: Lang, player: &PlayerRow) -> Markup {
    let tx = |key: &str| t(lang, key);
    html! {
        p.lead { (Text(&t(lang, "account.signed-in-as").replace("{name}", &player.name))) }
        p { a href={ "/players/" (Text(&player.name)) } { (tx("account.my-page")) } }
        form id="sign-out" class="form" {
            p.error role="alert" hidden {}
            button type="submit" class="button" { (tx("account.sign-out")) }
        }
        form id="change-password" class="form" {
            h2 { (tx("account.change-password")) }
            input type="hidden" name="name" value=(Text(&player.name))
                autocomplete="username";
            label {
                (tx("account.old-password"))
                input type="password" name="old" required autocomplete="current-password";
            }
            label {
                (tx("account.new-password"))
                input type="password" name="new" required minlength="8" maxlength="200"
                    autocomplete="new-password";
            }
            p.error role="alert" hidden {}
            p.done role="status" hidden { (tx("account.changed")) }
            button type="submit" class="button" { (tx("account.change-password")) }
        }
        form id="delete-account" class="form danger" {
            h2 { (tx("account.delete")) }
            p { (tx("account.delete-note")) }
            label {
                (tx("account.old-password"))
                input type="password" name="password" required
                    autocomplete="current-password";
            }
            label.choice {
                input type="checkbox" name="confirm" required;
                " " (tx("account.delete-confirm"))
            }
            p.error role="alert" hidden {}
            button type="submit" class="button" { (tx("account.delete")) }
        }
    }
}

#[derive(Deserialize, Default)]
pub struct PlayerQuery {
    /// Another player's name: the head-to-head record against them.
    vs: Option<String>,
}

/// Everything a player's page shows, read in one storage call.
struct PlayerData {
    player: PlayerRow,
    ratings: Vec<RatingRow>,
    history: Vec<HistoryRow>,
    recent: Vec<(GameRow, u32)>,
    /// The opponent asked for and the games against them (none if there
    /// is no such player).
    versus: Option<(PlayerRow, Vec<(GameRow, u32)>)>,
}

/// How a finished game ended for `player`: 0 won, 1 drawn, 2 lost (the
/// order of the head-to-head record).
fn outcome_for(row: &GameRow, player: &str) -> usize {
    let south = row.south_player.as_deref() == Some(player);
    use crate::store::GameResult;
    match (row.result, south) {
        (Some(GameResult::Draw), _) => 1,
        (Some(GameResult::South), true) | (Some(GameResult::North), false) => 0,
        _ => 2,
    }
}

fn result_word(lang: Lang, outcome: usize) -> &'static str {
    t(lang, ["player.won", "player.drawn", "player.lost"][outcome.min(2)])
}

/// A seat's name as a link to its player's page when an account holds it.
fn name_html(lang: Lang, row: &GameRow, south: bool) -> Markup {
    let shown = crate::pages::shown_name(lang, row, south);
    let account = if south { &row.south_player } else { &row.north_player };
    let name = if south { &row.south_name } else { &row.north_name };
    html! {
        @if account.is_some() && name != DELETED_PLAYER {
            a href={ "/players/" (Text(name)) } { (Text(&shown)) }
        } @else {
            (Text(&shown))
        }
    }
}

/// The table of games on a player's page: opponent, game, result, rating
/// change, date, replay.
fn games_table(
    lang: Lang,
    player: &str,
    games: &[(GameRow, u32)],
    history: &[HistoryRow],
) -> Markup {
    let tx = |key: &str| t(lang, key);
    html! {
        div.table-wrap {
            table.games {
                (crate::pages::table_head(
                    lang,
                    &[
                        "player.opponent",
                        "finished.game",
                        "finished.result",
                        "player.change",
                        "finished.date",
                        "",
                    ],
                ))
                tbody {
                    @for (row, _) in games {
                        @let south = row.south_player.as_deref() == Some(player);
                        @let game = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name);
                        @let change = history.iter().find(|h| h.game == row.id).map(|h| h.change);
                        @let rating_note = match change {
                            Some(c) => format!("{:+.0}", c),
                            None if row.rated && rated_players(row).is_some() => {
                                tx("player.aborted").to_string()
                            }
                            None => tx("player.casual").to_string(),
                        };
                        @let (when, datetime) = date_time(row.updated);
                        tr {
                            td { (name_html(lang, row, !south)) }
                            td { (game) }
                            td data-label={ (tx("finished.result")) ": " } {
                                (result_word(lang, outcome_for(row, player)))
                            }
                            td data-label={ (tx("player.change")) ": " } { (rating_note) }
                            td { time datetime=(datetime) { (when) } }
                            td { a href={ "/replay/" (row.id) } { (tx("replay.title")) } }
                        }
                    }
                }
            }
        }
    }
}

/// A rating's graph over its rated games, as inline SVG: the rating before
/// the first game (the start), then after each game, oldest on the left,
/// with the first and last dates under the axis; so even one game is a
/// line from where the player started, with its date.
fn graph(lang: Lang, game: &str, history: &[&HistoryRow]) -> Markup {
    const W: f64 = 600.0;
    const H: f64 = 196.0;
    const PAD: f64 = 36.0;
    let Some(first) = history.first() else { return html! {} };
    // (rating, when, change): the start has no change of its own.
    let points: Vec<(f64, i64, Option<f64>)> =
        std::iter::once((first.rating - first.change, first.at, None))
            .chain(history.iter().map(|p| (p.rating, p.at, Some(p.change))))
            .collect();
    let low = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let high = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    // At least 50 points of rating from bottom to top, so that small
    // changes are not blown up.
    let mid = (low + high) / 2.0;
    let span = (high - low).max(50.0);
    let (bottom, top) = (mid - span / 2.0, mid + span / 2.0);
    let x = |i: usize| PAD + (W - 2.0 * PAD) * i as f64 / (points.len() - 1) as f64;
    // The plot leaves the bottom 16 units for the dates.
    let y = |r: f64| H - 16.0 - PAD / 2.0 - (H - 16.0 - PAD) * (r - bottom) / (top - bottom);
    let label = t(lang, "player.graph")
        .replace("{game}", game)
        .replace("{low}", &format!("{low:.0}"))
        .replace("{high}", &format!("{high:.0}"));
    let line: Vec<String> =
        points.iter().enumerate().map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.0))).collect();
    // The dates of the first and the last game, under the axis.
    let (from, _) = date_time(first.at);
    let (to, _) = date_time(history.last().map_or(first.at, |p| p.at));
    // SVG elements have no void elements: each is closed with its end tag.
    html! {
        figure.rating-graph {
            svg viewBox={ "0 0 " (W) " " (H) } role="img" aria-label=(label) {
                title { (label) }
                @for r in [top, bottom] {
                    line class="grid" x1=(PAD) x2=(W - PAD / 2.0) y1=(format!("{:.1}", y(r)))
                        y2=(format!("{:.1}", y(r))) {}
                    text class="axis" x="2" y=(format!("{:.1}", y(r) + 4.0)) { (format!("{r:.0}")) }
                }
                polyline class="line" points=(line.join(" ")) {}
                @for (i, &(rating, at, change)) in points.iter().enumerate() {
                    @let (when, _) = date_time(at);
                    @let what = match change {
                        Some(change) => format!("{rating:.0} ({change:+.0}) · {when}"),
                        None => format!("{} {rating:.0} · {when}", t(lang, "player.graph-start")),
                    };
                    @let class = if change.is_some() { "point" } else { "point start" };
                    circle class=(class) cx=(format!("{:.1}", x(i))) cy=(format!("{:.1}", y(rating)))
                        r="3.5" { title { (what) } }
                }
                text class="axis date" x=(PAD) y=(H - 2.0) { (from) }
                text class="axis date" x=(W - PAD) y=(H - 2.0) text-anchor="end" { (to) }
            }
            figcaption { (label) }
        }
    }
}

/// `/players/NAME` (and `?vs=OTHER`).
pub(crate) async fn player_page(
    State(state): State<Shared>,
    Path(name): Path<String>,
    Query(q): Query<PlayerQuery>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let unknown = |who: &str| {
        let mut page = crate::pages::not_found(lang, remember);
        let text = t(lang, "player.unknown").replace("{name}", who);
        page.body = html! {
            h1 { (Text(&text)) }
            p { a href="/leaderboard" { (t(lang, "nav.leaderboard")) } }
        };
        page.title = text;
        page
    };
    if crate::api::check_name(&name).is_err() {
        return unknown(&name);
    }
    let vs = q.vs.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(String::from);
    let data = match load_player(&state, &name, vs.clone()).await {
        Ok(Some(data)) => data,
        Ok(None) => return unknown(&name),
        Err(e) => return server_problem(lang, remember, e.status, &e),
    };
    let p = &data.player;
    let (since, _) = date_time(p.created);
    let body = html! {
        h1 { (Text(&p.name)) }
        p.lead { (t(lang, "player.since").replace("{date}", &since[..10])) }
        (ratings_section(lang, &data, state.time.now_secs()))
        (versus_section(lang, &data, vs.as_deref()))
        section {
            h2 { (t(lang, "player.recent")) }
            @if data.recent.is_empty() {
                p.none { (t(lang, "player.no-games")) }
            } @else {
                (games_table(lang, &p.id, &data.recent, &data.history))
            }
        }
    };
    Page::new(lang, remember, &p.name, body).with_script(json!({ "page": "player" }))
}

/// What a player's page shows of `name` (`None`: no such player), with
/// the games against `vs` if that names a player.
async fn load_player(
    state: &Shared,
    name: &str,
    vs: Option<String>,
) -> Result<Option<PlayerData>, ApiError> {
    let key = name.to_string();
    blocking(state, move |s| {
        let Some(player) = s.player_named(&key)? else { return Ok(None) };
        let ratings = s.ratings(&player.id)?;
        let history = s.rating_history(&player.id)?;
        let recent =
            s.player_games(&player.id, &PlayerGames { limit: RECENT, ..PlayerGames::default() })?;
        let versus = match vs.as_deref().filter(|v| crate::api::check_name(v).is_ok()) {
            Some(other) => match s.player_named(other)? {
                Some(other) => {
                    let games = s.player_games(
                        &player.id,
                        &PlayerGames {
                            opponent: Some(other.id.clone()),
                            limit: 10_000,
                            ..PlayerGames::default()
                        },
                    )?;
                    Some((other, games))
                }
                None => None,
            },
            None => None,
        };
        Ok(Some(PlayerData { player, ratings, history, recent, versus }))
    })
    .await
}

/// A player's ratings, one row and one graph a game; `now` grows each
/// deviation for the time away.
fn ratings_section(lang: Lang, data: &PlayerData, now: i64) -> Markup {
    let tx = |key: &str| t(lang, key);
    html! {
        section {
            h2 { (tx("player.ratings")) }
            @if data.ratings.is_empty() {
                p.none { (tx("player.no-ratings")) }
            } @else {
                div.table-wrap {
                    table.ratings {
                        (crate::pages::table_head(
                            lang,
                            &[
                                "finished.game",
                                "player.rating",
                                "player.deviation",
                                "player.games",
                                "player.results",
                            ],
                        ))
                        tbody {
                            @for r in &data.ratings {
                                @let game = ruleset(&r.ruleset).map_or(r.ruleset.as_str(), |g| g.name);
                                // The deviation as it stands today, grown for time away.
                                @let now_rating = rating_at(Some(r), now);
                                tr {
                                    td { a href={ "/leaderboard/" (r.ruleset) } { (game) } }
                                    td { strong { (format!("{:.0}", r.rating)) } }
                                    td { "±" (format!("{:.0}", now_rating.deviation)) }
                                    td { (r.games) }
                                    td { (r.won) " · " (r.drawn) " · " (r.lost) }
                                }
                            }
                        }
                    }
                }
                @for r in &data.ratings {
                    @let game = ruleset(&r.ruleset).map_or(r.ruleset.as_str(), |g| g.name);
                    @let points: Vec<&HistoryRow> =
                        data.history.iter().filter(|h| h.ruleset == r.ruleset).collect();
                    (graph(lang, game, &points))
                }
            }
        }
    }
}

/// Head to head: the form asking for an opponent (`vs`), then the record
/// and the games against them.
fn versus_section(lang: Lang, data: &PlayerData, vs: Option<&str>) -> Markup {
    let tx = |key: &str| t(lang, key);
    let p = &data.player;
    html! {
        section #vs {
            h2 { (tx("player.vs")) }
            form class="filters" method="get" action={ "/players/" (Text(&p.name)) "#vs" } {
                label {
                    (tx("player.vs-label"))
                    input name="vs" maxlength="20" value=(Text(vs.unwrap_or("")))
                        autocapitalize="none" spellcheck="false";
                }
                button class="button" type="submit" { (tx("player.vs-show")) }
            }
            @match (vs, &data.versus) {
                (Some(_), Some((other, games))) => {
                    p.vs-record { (Text(&vs_record(lang, &p.id, other, games))) }
                    @if !games.is_empty() {
                        @let shown: Vec<(GameRow, u32)> =
                            games.iter().take(RECENT as usize).cloned().collect();
                        (games_table(lang, &p.id, &shown, &data.history))
                    }
                }
                (Some(other), None) => {
                    p.none { (Text(&t(lang, "player.unknown").replace("{name}", other))) }
                }
                _ => {}
            }
        }
    }
}

/// The head-to-head record of `player` against `other` in `games`, in words.
fn vs_record(lang: Lang, player: &str, other: &PlayerRow, games: &[(GameRow, u32)]) -> String {
    let mut counts = [0u32; 3];
    for (row, _) in games {
        counts[outcome_for(row, player)] += 1;
    }
    t(lang, "player.vs-record")
        .replace("{name}", &other.name)
        .replace("{won}", &counts[0].to_string())
        .replace("{drawn}", &counts[1].to_string())
        .replace("{lost}", &counts[2].to_string())
}

/// One line of a leaderboard.
#[derive(Serialize)]
struct Ranked {
    name: String,
    rating: f64,
    deviation: f64,
    games: u32,
}

/// A game's leaderboard as it stands at `at`, of the players rated in the
/// last [`LEADERBOARD_DAYS`], highest first: those whose deviation, grown
/// for the time since their last rated game, is under
/// [`LEADERBOARD_DEVIATION`] (ranked), and the others (provisional: a
/// newcomer needs about ten games to get under it, so they are shown too,
/// marked with a `?` after the rating as lichess marks them, unranked).
async fn ranked(
    state: &Shared,
    game: &'static str,
    at: i64,
) -> Result<(Vec<Ranked>, Vec<Ranked>), ApiError> {
    let since = at - LEADERBOARD_DAYS * 86_400;
    let rows = blocking(state, move |s| s.leaderboard(game, since)).await?;
    let (mut established, mut provisional): (Vec<Ranked>, Vec<Ranked>) = rows
        .into_iter()
        .map(|(player, r)| {
            let now = rating_at(Some(&r), at);
            Ranked { name: player.name, rating: r.rating, deviation: now.deviation, games: r.games }
        })
        .partition(|r| r.deviation < LEADERBOARD_DEVIATION);
    established.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    provisional.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    Ok((established, provisional))
}

fn known_game(game: &str) -> Option<&'static str> {
    ruleset(game).ok().map(|r| r.id)
}

/// `GET /api/leaderboard/{game}`: `{game, name, players: [{rank, name,
/// rating, deviation, games}], provisional: [{name, rating, deviation,
/// games}]}`.
pub(crate) async fn leaderboard_json(
    State(state): State<Shared>,
    Path(game): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    let Some(id) = known_game(&game) else {
        let known: Vec<&str> = RULESETS.iter().map(|r| r.id).collect();
        return Err(error(
            StatusCode::NOT_FOUND,
            "unknown_ruleset",
            format!("there is no game '{game}'; the games are {}", known.join(", ")),
        ));
    };
    let (list, provisional) = ranked(&state, id, state.time.now_secs()).await?;
    let players = list
        .into_iter()
        .enumerate()
        .map(|(i, ranked)| Line { rank: Some(i + 1), ranked })
        .collect();
    let provisional = provisional.into_iter().map(|ranked| Line { rank: None, ranked }).collect();
    let name = ruleset(id).map_or(id, |r| r.name);
    Ok(Json(Leaderboard { game: id, name, players, provisional }))
}

/// A game's leaderboard in JSON: the ranked players, and the provisional
/// ones (no rank).
#[derive(Serialize)]
pub(crate) struct Leaderboard {
    game: &'static str,
    name: &'static str,
    players: Vec<Line>,
    provisional: Vec<Line>,
}

/// A line of a leaderboard.
#[derive(Serialize)]
struct Line {
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<usize>,
    #[serde(flatten)]
    ranked: Ranked,
}

fn other_boards(lang: Lang, current: Option<&str>) -> Markup {
    html! {
        nav class="boards" aria-label=(t(lang, "board.others")) {
            ul {
                @for r in RULESETS {
                    li {
                        a href={ "/leaderboard/" (r.id) }
                            aria-current=[(current == Some(r.id)).then_some("page")] { (r.name) }
                    }
                }
            }
        }
    }
}

/// `/leaderboard`: the list of games' leaderboards.
pub(crate) async fn leaderboards(PageLang { lang, remember }: PageLang) -> Page {
    let title = t(lang, "nav.leaderboard");
    let body = html! {
        h1 { (title) }
        p.lead { (t(lang, "board.note")) }
        (other_boards(lang, None))
    };
    Page::new(lang, remember, title, body)
}

/// `/leaderboard/{game}`.
pub(crate) async fn leaderboard_page(
    State(state): State<Shared>,
    Path(game): Path<String>,
    PageLang { lang, remember }: PageLang,
) -> Page {
    let Some(id) = known_game(&game) else { return crate::pages::not_found(lang, remember) };
    let (list, provisional) = match ranked(&state, id, state.time.now_secs()).await {
        Ok(lists) => lists,
        Err(e) => return server_problem(lang, remember, e.status, &e),
    };
    let name = ruleset(id).map_or(id, |r| r.name);
    let title = t(lang, "board.title").replace("{game}", name);
    let tx = |key: &str| t(lang, key);
    let body = html! {
        h1 { (title) }
        p.lead { (tx("board.note")) }
        @if list.is_empty() && provisional.is_empty() {
            p.none { (tx("board.empty")) }
        }
        @if !list.is_empty() {
            div.table-wrap {
                table.leaderboard {
                    (crate::pages::table_head(
                        lang,
                        &[
                            "board.rank",
                            "board.player",
                            "player.rating",
                            "player.deviation",
                            "player.games",
                        ],
                    ))
                    tbody {
                        @for (i, r) in list.iter().enumerate() {
                            tr {
                                td { (i + 1) }
                                td { a href={ "/players/" (Text(&r.name)) } { (Text(&r.name)) } }
                                td { strong { (format!("{:.0}", r.rating)) } }
                                td { "±" (format!("{:.0}", r.deviation)) }
                                td { (r.games) }
                            }
                        }
                    }
                }
            }
        }
        @if !provisional.is_empty() {
            h2 #provisional { (tx("board.provisional")) }
            p.note { (tx("board.provisional-note")) }
            div.table-wrap {
                table.leaderboard.provisional {
                    (crate::pages::table_head(
                        lang,
                        &[
                            "board.player",
                            "player.rating",
                            "player.deviation",
                            "player.games",
                        ],
                    ))
                    tbody {
                        @for r in &provisional {
                            tr {
                                td { a href={ "/players/" (Text(&r.name)) } { (Text(&r.name)) } }
                                td { strong { (format!("{:.0}?", r.rating)) } }
                                td { "±" (format!("{:.0}", r.deviation)) }
                                td { (r.games) }
                            }
                        }
                    }
                }
            }
        }
        (other_boards(lang, Some(id)))
    };
    Page { lang, remember, status: StatusCode::OK, title, body, script: None }
}
