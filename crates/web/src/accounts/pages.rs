//! The pages of accounts and ratings: the account page (register, sign in
//! and out, change the password, delete the account), a player's page
//! (ratings per game with a graph over time, recent games, head to head),
//! the leaderboards (and their JSON), and the player's unfinished games on
//! the home page.
//!
//! Who is signed in is the core's (`crate::pages::session`).

use crate::api::{blocking, error, ApiError};
use crate::i18n::{t, Lang};
use crate::pages::session::signed_in;
use crate::pages::{date_time, esc, language, server_problem, LangQuery, Page};
use crate::rated::{rated_players, rating_at};
use crate::store::{GameRow, HistoryRow, PlayerGames, PlayerRow, RatingRow, DELETED_PLAYER};
use crate::Shared;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::{Json, Router};
use mancala_rules::{ruleset, RULESETS};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::fmt::Write;

/// A leaderboard lists players whose deviation (grown for time away) is
/// under this...
pub const LEADERBOARD_DEVIATION: f64 = 110.0;
/// ...who played a rated game in the last this many days.
pub const LEADERBOARD_DAYS: i64 = 90;

/// Recent games on a player's page.
const RECENT: u32 = 20;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/account", get(account_page))
        .route("/players/{name}", get(player_page))
        .route("/leaderboard", get(leaderboards))
        .route("/leaderboard/{game}", get(leaderboard_page))
        .route("/api/leaderboard/{game}", get(leaderboard_json))
}

/// The home page's list of the signed-in player's unfinished games (empty
/// without one, or without games).
pub async fn my_games_section(state: &Shared, lang: Lang) -> String {
    let Some(player) = signed_in() else { return String::new() };
    let id = player.id.clone();
    let query = PlayerGames { active: true, limit: 20, ..PlayerGames::default() };
    let Ok(rows) = blocking(state, move |s| s.player_games(&id, &query)).await else {
        return String::new();
    };
    if rows.is_empty() {
        return String::new();
    }
    let mut html =
        format!("<section class=\"my-games\"><h2>{}</h2><ul>", esc(t(lang, "home.my-games")));
    for (row, _) in &rows {
        let south = row.south_player.as_deref() == Some(player.id.as_str());
        let opponent = crate::pages::shown_name(lang, row, !south);
        let game = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name);
        let rated =
            if row.rated { format!(" · {}", esc(t(lang, "play.rated"))) } else { String::new() };
        let _ = write!(
            html,
            "<li><a href=\"/g/{id}\">{game}</a> {against}{rated}</li>",
            id = esc(&row.id),
            game = esc(game),
            against = esc(&t(lang, "home.against").replace("{name}", &opponent)),
        );
    }
    html.push_str("</ul></section>");
    html
}

/// `/account`: the forms of accounts (`app.js` sends them to the API).
async fn account_page(Query(q): Query<LangQuery>, headers: HeaderMap) -> Page {
    let (lang, remember) = language(&q, &headers);
    let tx = |key: &str| esc(t(lang, key));
    let mut body = format!("<h1>{}</h1>", tx("account.title"));
    match signed_in() {
        None => {
            let _ = write!(
                body,
                "<p class=\"lead\">{why}</p><div class=\"account-forms\">\
                 <form id=\"sign-in\" class=\"form\"><h2>{sign_in}</h2>\
                 <label>{name}<input name=\"name\" required minlength=\"2\" maxlength=\"20\" autocomplete=\"username\" autocapitalize=\"none\" spellcheck=\"false\"></label>\
                 <label>{password}<input type=\"password\" name=\"password\" required autocomplete=\"current-password\"></label>\
                 <p class=\"error\" role=\"alert\" hidden></p><button type=\"submit\" class=\"button\">{sign_in}</button></form>\
                 <form id=\"register\" class=\"form\"><h2>{register}</h2>\
                 <label>{name}<input name=\"name\" required minlength=\"2\" maxlength=\"20\" pattern=\"[A-Za-z0-9_\\-]{{2,20}}\" autocomplete=\"username\" autocapitalize=\"none\" spellcheck=\"false\"></label>\
                 <label>{new_password}<input type=\"password\" name=\"password\" required minlength=\"8\" maxlength=\"200\" autocomplete=\"new-password\"></label>\
                 <p class=\"error\" role=\"alert\" hidden></p><button type=\"submit\" class=\"button\">{register}</button></form></div>",
                why = tx("account.why"),
                sign_in = tx("account.sign-in"),
                register = tx("account.register"),
                name = tx("account.name"),
                password = tx("account.password"),
                new_password = tx("account.password"),
            );
        }
        Some(player) => {
            let _ = write!(
                body,
                "<p class=\"lead\">{signed}</p><p><a href=\"/players/{name_url}\">{my_page}</a></p>\
                 <form id=\"sign-out\" class=\"form\"><p class=\"error\" role=\"alert\" hidden></p>\
                 <button type=\"submit\" class=\"button\">{sign_out}</button></form>\
                 <form id=\"change-password\" class=\"form\"><h2>{change}</h2>\
                 <input type=\"hidden\" name=\"name\" value=\"{name}\" autocomplete=\"username\">\
                 <label>{old}<input type=\"password\" name=\"old\" required autocomplete=\"current-password\"></label>\
                 <label>{new}<input type=\"password\" name=\"new\" required minlength=\"8\" maxlength=\"200\" autocomplete=\"new-password\"></label>\
                 <p class=\"error\" role=\"alert\" hidden></p><p class=\"done\" role=\"status\" hidden>{changed}</p>\
                 <button type=\"submit\" class=\"button\">{change}</button></form>\
                 <form id=\"delete-account\" class=\"form danger\"><h2>{delete}</h2><p>{delete_note}</p>\
                 <label>{old}<input type=\"password\" name=\"password\" required autocomplete=\"current-password\"></label>\
                 <label class=\"choice\"><input type=\"checkbox\" name=\"confirm\" required> {confirm}</label>\
                 <p class=\"error\" role=\"alert\" hidden></p><button type=\"submit\" class=\"button\">{delete}</button></form>",
                signed = esc(&t(lang, "account.signed-in-as").replace("{name}", &player.name)),
                name = esc(&player.name),
                name_url = esc(&player.name),
                my_page = tx("account.my-page"),
                sign_out = tx("account.sign-out"),
                change = tx("account.change-password"),
                old = tx("account.old-password"),
                new = tx("account.new-password"),
                changed = tx("account.changed"),
                delete = tx("account.delete"),
                delete_note = tx("account.delete-note"),
                confirm = tx("account.delete-confirm"),
            );
        }
    }
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: t(lang, "account.title").into(),
        body,
        script: Some(json!({ "page": "account" }).to_string()),
    }
}

#[derive(Deserialize, Default)]
pub struct PlayerQuery {
    lang: Option<String>,
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
fn name_html(lang: Lang, row: &GameRow, south: bool) -> String {
    let shown = crate::pages::shown_name(lang, row, south);
    let account = if south { &row.south_player } else { &row.north_player };
    let name = if south { &row.south_name } else { &row.north_name };
    if account.is_some() && name != DELETED_PLAYER {
        format!("<a href=\"/players/{}\">{}</a>", esc(name), esc(&shown))
    } else {
        esc(&shown)
    }
}

/// The table of games on a player's page: opponent, game, result, rating
/// change, date, replay.
fn games_table(
    lang: Lang,
    player: &str,
    games: &[(GameRow, u32)],
    history: &[HistoryRow],
) -> String {
    let tx = |key: &str| esc(t(lang, key));
    let mut html = format!(
        "<div class=\"table-wrap\"><table class=\"games\"><thead><tr><th>{}</th><th>{}</th><th>{}</th>\
         <th>{}</th><th>{}</th><th></th></tr></thead><tbody>",
        tx("player.opponent"),
        tx("finished.game"),
        tx("finished.result"),
        tx("player.change"),
        tx("finished.date"),
    );
    for (row, _) in games {
        let south = row.south_player.as_deref() == Some(player);
        let game = ruleset(&row.ruleset).map_or(row.ruleset.as_str(), |r| r.name);
        let change = history.iter().find(|h| h.game == row.id).map(|h| h.change);
        let rating_note = match change {
            Some(c) => format!("{:+.0}", c),
            None if row.rated && rated_players(row).is_some() => tx("player.aborted"),
            None => tx("player.casual"),
        };
        let (when, datetime) = date_time(row.updated);
        let _ = write!(
            html,
            "<tr><td>{opponent}</td><td>{game}</td><td data-label=\"{result_label}: \">{result}</td>\
             <td data-label=\"{change_label}: \">{rating_note}</td>\
             <td><time datetime=\"{datetime}\">{when}</time></td><td><a href=\"/replay/{id}\">{replay}</a></td></tr>",
            result_label = tx("finished.result"),
            change_label = tx("player.change"),
            opponent = name_html(lang, row, !south),
            game = esc(game),
            result = esc(result_word(lang, outcome_for(row, player))),
            id = esc(&row.id),
            replay = tx("replay.title"),
        );
    }
    html.push_str("</tbody></table></div>");
    html
}

/// A rating's graph over its rated games, as inline SVG: the rating before
/// the first game (the start), then after each game, oldest on the left,
/// with the first and last dates under the axis; so even one game is a
/// line from where the player started, with its date.
fn graph(lang: Lang, game: &str, history: &[&HistoryRow]) -> String {
    const W: f64 = 600.0;
    const H: f64 = 196.0;
    const PAD: f64 = 36.0;
    let Some(first) = history.first() else { return String::new() };
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
    let mut svg = format!(
        "<figure class=\"rating-graph\"><svg viewBox=\"0 0 {W} {H}\" role=\"img\" \
         aria-label=\"{}\"><title>{}</title>",
        esc(&label),
        esc(&label)
    );
    for r in [top, bottom] {
        let _ = write!(
            svg,
            "<line class=\"grid\" x1=\"{PAD}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>\
             <text class=\"axis\" x=\"2\" y=\"{ty:.1}\">{r:.0}</text>",
            W - PAD / 2.0,
            y = y(r),
            ty = y(r) + 4.0,
        );
    }
    let line: Vec<String> =
        points.iter().enumerate().map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.0))).collect();
    let _ = write!(svg, "<polyline class=\"line\" points=\"{}\"/>", line.join(" "));
    for (i, &(rating, at, change)) in points.iter().enumerate() {
        let (when, _) = date_time(at);
        let what = match change {
            Some(change) => format!("{rating:.0} ({change:+.0}) · {when}"),
            None => format!("{} {rating:.0} · {when}", t(lang, "player.graph-start")),
        };
        let class = if change.is_some() { "point" } else { "point start" };
        let _ = write!(
            svg,
            "<circle class=\"{class}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\"><title>{}</title></circle>",
            x(i),
            y(rating),
            esc(&what)
        );
    }
    // The dates of the first and the last game, under the axis.
    let (from, _) = date_time(first.at);
    let (to, _) = date_time(history.last().map_or(first.at, |p| p.at));
    let _ = write!(
        svg,
        "<text class=\"axis date\" x=\"{PAD}\" y=\"{}\">{}</text>\
         <text class=\"axis date\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
        H - 2.0,
        esc(&from),
        W - PAD,
        H - 2.0,
        esc(&to)
    );
    svg.push_str("</svg>");
    let _ = write!(svg, "<figcaption>{}</figcaption></figure>", esc(&label));
    svg
}

/// `/players/NAME` (and `?vs=OTHER`).
async fn player_page(
    State(state): State<Shared>,
    Path(name): Path<String>,
    Query(q): Query<PlayerQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&LangQuery { lang: q.lang.clone() }, &headers);
    let unknown = |who: &str| {
        let mut page = crate::pages::not_found(lang, remember);
        let text = t(lang, "player.unknown").replace("{name}", who);
        page.title = text.clone();
        page.body = format!(
            "<h1>{}</h1><p><a href=\"/leaderboard\">{}</a></p>",
            esc(&text),
            esc(t(lang, "nav.leaderboard"))
        );
        page
    };
    if crate::api::check_name(&name).is_err() {
        return unknown(&name);
    }
    let vs = q.vs.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(String::from);
    let key = name.clone();
    let vs_key = vs.clone();
    let data = blocking(&state, move |s| {
        let Some(player) = s.player_named(&key)? else { return Ok(None) };
        let ratings = s.ratings(&player.id)?;
        let history = s.rating_history(&player.id)?;
        let recent =
            s.player_games(&player.id, &PlayerGames { limit: RECENT, ..PlayerGames::default() })?;
        let versus = match vs_key.as_deref().filter(|v| crate::api::check_name(v).is_ok()) {
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
    .await;
    let data = match data {
        Ok(Some(data)) => data,
        Ok(None) => return unknown(&name),
        Err(e) => return server_problem(lang, remember, e.status, &e),
    };
    let tx = |key: &str| esc(t(lang, key));
    let p = &data.player;
    let (since, _) = date_time(p.created);
    let mut body = format!(
        "<h1>{}</h1><p class=\"lead\">{}</p><section><h2>{}</h2>",
        esc(&p.name),
        esc(&t(lang, "player.since").replace("{date}", &since[..10])),
        tx("player.ratings"),
    );
    if data.ratings.is_empty() {
        let _ = write!(body, "<p class=\"none\">{}</p>", tx("player.no-ratings"));
    } else {
        let _ = write!(
            body,
            "<div class=\"table-wrap\"><table class=\"ratings\"><thead><tr><th>{}</th><th>{}</th>\
             <th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            tx("finished.game"),
            tx("player.rating"),
            tx("player.deviation"),
            tx("player.games"),
            tx("player.results"),
        );
        for r in &data.ratings {
            let game = ruleset(&r.ruleset).map_or(r.ruleset.as_str(), |g| g.name);
            // The deviation as it stands today, grown for time away.
            let now_rating = rating_at(Some(r), state.time.now_secs());
            let _ = write!(
                body,
                "<tr><td><a href=\"/leaderboard/{id}\">{game}</a></td><td><strong>{:.0}</strong></td>\
                 <td>±{:.0}</td><td>{}</td><td>{} · {} · {}</td></tr>",
                r.rating,
                now_rating.deviation,
                r.games,
                r.won,
                r.drawn,
                r.lost,
                id = esc(&r.ruleset),
                game = esc(game),
            );
        }
        body.push_str("</tbody></table></div>");
        for r in &data.ratings {
            let game = ruleset(&r.ruleset).map_or(r.ruleset.as_str(), |g| g.name);
            let points: Vec<&HistoryRow> =
                data.history.iter().filter(|h| h.ruleset == r.ruleset).collect();
            body.push_str(&graph(lang, game, &points));
        }
    }
    body.push_str("</section>");
    // Head to head.
    let _ = write!(
        body,
        "<section id=\"vs\"><h2>{title}</h2><form class=\"filters\" method=\"get\" action=\"/players/{name}#vs\">\
         <label>{label}<input name=\"vs\" maxlength=\"20\" value=\"{value}\" autocapitalize=\"none\" spellcheck=\"false\"></label>\
         <button class=\"button\" type=\"submit\">{show}</button></form>",
        title = tx("player.vs"),
        name = esc(&p.name),
        label = tx("player.vs-label"),
        value = esc(vs.as_deref().unwrap_or("")),
        show = tx("player.vs-show"),
    );
    match (&vs, &data.versus) {
        (Some(_), Some((other, games))) => {
            let mut counts = [0u32; 3];
            for (row, _) in games {
                counts[outcome_for(row, &p.id)] += 1;
            }
            let record = t(lang, "player.vs-record")
                .replace("{name}", &other.name)
                .replace("{won}", &counts[0].to_string())
                .replace("{drawn}", &counts[1].to_string())
                .replace("{lost}", &counts[2].to_string());
            let _ = write!(body, "<p class=\"vs-record\">{}</p>", esc(&record));
            if !games.is_empty() {
                let shown: Vec<(GameRow, u32)> =
                    games.iter().take(RECENT as usize).cloned().collect();
                body.push_str(&games_table(lang, &p.id, &shown, &data.history));
            }
        }
        (Some(other), None) => {
            let _ = write!(
                body,
                "<p class=\"none\">{}</p>",
                esc(&t(lang, "player.unknown").replace("{name}", other))
            );
        }
        _ => {}
    }
    body.push_str("</section>");
    let _ = write!(body, "<section><h2>{}</h2>", tx("player.recent"));
    if data.recent.is_empty() {
        let _ = write!(body, "<p class=\"none\">{}</p>", tx("player.no-games"));
    } else {
        body.push_str(&games_table(lang, &p.id, &data.recent, &data.history));
    }
    body.push_str("</section>");
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: p.name.clone(),
        body,
        script: Some(json!({ "page": "player" }).to_string()),
    }
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
async fn leaderboard_json(
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
struct Leaderboard {
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

fn other_boards(lang: Lang, current: Option<&str>) -> String {
    let mut html =
        format!("<nav class=\"boards\" aria-label=\"{}\"><ul>", esc(t(lang, "board.others")));
    for r in RULESETS {
        let here = if current == Some(r.id) { " aria-current=\"page\"" } else { "" };
        let _ =
            write!(html, "<li><a href=\"/leaderboard/{}\"{here}>{}</a></li>", r.id, esc(r.name));
    }
    html.push_str("</ul></nav>");
    html
}

/// `/leaderboard`: the list of games' leaderboards.
async fn leaderboards(Query(q): Query<LangQuery>, headers: HeaderMap) -> Page {
    let (lang, remember) = language(&q, &headers);
    Page {
        lang,
        remember,
        status: StatusCode::OK,
        title: t(lang, "nav.leaderboard").into(),
        body: format!(
            "<h1>{}</h1><p class=\"lead\">{}</p>{}",
            esc(t(lang, "nav.leaderboard")),
            esc(t(lang, "board.note")),
            other_boards(lang, None)
        ),
        script: None,
    }
}

/// `/leaderboard/{game}`.
async fn leaderboard_page(
    State(state): State<Shared>,
    Path(game): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Page {
    let (lang, remember) = language(&q, &headers);
    let Some(id) = known_game(&game) else { return crate::pages::not_found(lang, remember) };
    let (list, provisional) = match ranked(&state, id, state.time.now_secs()).await {
        Ok(lists) => lists,
        Err(e) => return server_problem(lang, remember, e.status, &e),
    };
    let name = ruleset(id).map_or(id, |r| r.name);
    let title = t(lang, "board.title").replace("{game}", name);
    let tx = |key: &str| esc(t(lang, key));
    let mut body = format!("<h1>{}</h1><p class=\"lead\">{}</p>", esc(&title), tx("board.note"));
    if list.is_empty() && provisional.is_empty() {
        let _ = write!(body, "<p class=\"none\">{}</p>", tx("board.empty"));
    }
    if !list.is_empty() {
        let _ = write!(
            body,
            "<div class=\"table-wrap\"><table class=\"leaderboard\"><thead><tr><th>{}</th><th>{}</th>\
             <th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            tx("board.rank"),
            tx("board.player"),
            tx("player.rating"),
            tx("player.deviation"),
            tx("player.games"),
        );
        for (i, r) in list.iter().enumerate() {
            let _ = write!(
                body,
                "<tr><td>{}</td><td><a href=\"/players/{name}\">{name}</a></td><td><strong>{:.0}</strong></td>\
                 <td>±{:.0}</td><td>{}</td></tr>",
                i + 1,
                r.rating,
                r.deviation,
                r.games,
                name = esc(&r.name),
            );
        }
        body.push_str("</tbody></table></div>");
    }
    if !provisional.is_empty() {
        let _ = write!(
            body,
            "<h2 id=\"provisional\">{}</h2><p class=\"note\">{}</p>\
             <div class=\"table-wrap\"><table class=\"leaderboard provisional\"><thead><tr>\
             <th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            tx("board.provisional"),
            tx("board.provisional-note"),
            tx("board.player"),
            tx("player.rating"),
            tx("player.deviation"),
            tx("player.games"),
        );
        for r in &provisional {
            let _ = write!(
                body,
                "<tr><td><a href=\"/players/{name}\">{name}</a></td>\
                 <td><strong>{:.0}?</strong></td><td>±{:.0}</td><td>{}</td></tr>",
                r.rating,
                r.deviation,
                r.games,
                name = esc(&r.name),
            );
        }
        body.push_str("</tbody></table></div>");
    }
    body.push_str(&other_boards(lang, Some(id)));
    Page { lang, remember, status: StatusCode::OK, title, body, script: None }
}
