//! What the tournaments' API answers: a tournament as shown (its rounds,
//! boards and standings, and the asker's seats), the list, and the short
//! answers of each change. Built from the stored document alone.

use super::api::Visitor;
use super::{self as pairing, Document, Format, Outcome, Play, System, TournamentRow};
use crate::play::game_url;
use crate::Shared;
use mancala_rules::ruleset;
use serde::Serialize;

/// A tournament in the list (`GET /api/tournaments`).
#[derive(Serialize)]
pub(crate) struct Listed {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) game: String,
    pub(super) game_name: String,
    pub(super) system: &'static str,
    pub(super) status: &'static str,
    pub(super) players: usize,
    pub(super) starts: Option<i64>,
    pub(super) created: i64,
}

/// A ruleset's name, or its id if the ruleset is not known (any more).
pub(super) fn game_name(id: &str) -> String {
    ruleset(id).map_or(id, |r| r.name).to_string()
}

/// A tournament as `GET /api/tournaments/ID` shows it.
#[derive(Serialize)]
pub(crate) struct View {
    id: String,
    name: String,
    game: String,
    game_name: String,
    system: &'static str,
    format: Format,
    play: Play,
    clock_seconds: Option<u32>,
    increment_seconds: Option<u32>,
    starts: Option<i64>,
    created: i64,
    organiser: String,
    status: &'static str,
    rounds_total: Option<usize>,
    url: String,
    players: Vec<PlayerView>,
    rounds: Vec<RoundView>,
    standings: Vec<StandingView>,
    winner: Option<String>,
    you: You,
}

/// An entrant, numbered from 1 in the order of registration.
#[derive(Serialize)]
pub(crate) struct PlayerView {
    number: usize,
    name: String,
    guest: bool,
    withdrawn: bool,
}

/// A round's boards.
#[derive(Serialize)]
pub(crate) struct RoundView {
    number: usize,
    boards: Vec<BoardView>,
}

/// A board: who plays whom (a bye has no second), its result once known
/// (`entered` when the organiser entered it), its game.
#[derive(Serialize)]
pub(crate) struct BoardView {
    board: usize,
    first: String,
    first_number: usize,
    second: Option<String>,
    second_number: Option<usize>,
    result: Option<Outcome>,
    entered: bool,
    game: Option<String>,
    url: Option<String>,
}

/// A line of the standings.
#[derive(Serialize)]
pub(crate) struct StandingView {
    rank: usize,
    number: usize,
    name: String,
    points: f64,
    buchholz: f64,
    sonneborn_berger: f64,
    wins: u32,
    played: u32,
    withdrawn: bool,
}

/// The one asking: their entrant (if any), account, whether they organise
/// it, and their seats in the current round.
#[derive(Serialize)]
pub(crate) struct You {
    number: Option<usize>,
    name: Option<String>,
    signed_in: Option<String>,
    organiser: bool,
    seats: Vec<SeatView>,
}

/// A seat of the asker's in the current round, with its token.
#[derive(Serialize)]
pub(crate) struct SeatView {
    round: usize,
    board: usize,
    game: String,
    token: String,
    side: &'static str,
    done: bool,
}

pub(super) fn status(row: &TournamentRow, doc: &Document) -> &'static str {
    if !doc.started {
        "registering"
    } else if doc.finished(row.system) {
        "finished"
    } else {
        "playing"
    }
}

pub(super) fn view(state: &Shared, row: &TournamentRow, doc: &Document, who: &Visitor) -> View {
    let me = who.entrant(doc);
    View {
        id: row.id.clone(),
        name: row.name.clone(),
        game: row.ruleset.clone(),
        game_name: game_name(&row.ruleset),
        system: row.system.id(),
        format: doc.format,
        play: doc.play,
        clock_seconds: doc.clock_seconds,
        increment_seconds: doc.increment_seconds,
        starts: doc.starts,
        created: row.created,
        organiser: doc.organiser.clone(),
        status: status(row, doc),
        rounds_total: doc.total_rounds(row.system),
        url: format!("{}/tournaments/{}", state.public_url, row.id),
        players: players(doc),
        rounds: rounds(state, doc),
        standings: standings(doc),
        winner: winner(row, doc),
        you: You {
            number: me.map(|i| i + 1),
            name: me.map(|i| entrant_name(doc, i)),
            signed_in: who.account.as_ref().map(|p| p.name.clone()),
            organiser: who.organises(row),
            seats: me.map_or_else(Vec::new, |me| seats(doc, me)),
        },
    }
}

/// The name of entrant `i` (empty if there is none).
fn entrant_name(doc: &Document, i: usize) -> String {
    doc.entrants.get(i).map_or("", |e| e.name.as_str()).to_string()
}

fn players(doc: &Document) -> Vec<PlayerView> {
    doc.entrants
        .iter()
        .enumerate()
        .map(|(i, e)| PlayerView {
            number: i + 1,
            name: e.name.clone(),
            guest: e.account.is_none(),
            withdrawn: e.withdrawn,
        })
        .collect()
}

fn rounds(state: &Shared, doc: &Document) -> Vec<RoundView> {
    let name = |i: usize| entrant_name(doc, i);
    doc.rounds
        .iter()
        .enumerate()
        .map(|(r, boards)| RoundView {
            number: r + 1,
            boards: boards
                .iter()
                .enumerate()
                .map(|(b, board)| BoardView {
                    board: b + 1,
                    first: name(board.first),
                    first_number: board.first + 1,
                    second: board.second.map(name),
                    second_number: board.second.map(|s| s + 1),
                    result: board.result,
                    entered: board.entered,
                    game: board.game.clone(),
                    url: board.game.as_ref().map(|g| game_url(state, g)),
                })
                .collect(),
        })
        .collect()
}

fn standings(doc: &Document) -> Vec<StandingView> {
    pairing::standings(doc.entrants.len(), &doc.pairings())
        .iter()
        .map(|s| StandingView {
            rank: s.rank,
            number: s.player + 1,
            name: entrant_name(doc, s.player),
            points: s.points,
            buchholz: s.buchholz,
            sonneborn_berger: s.sonneborn_berger,
            wins: s.wins,
            played: s.played,
            withdrawn: doc.entrants[s.player].withdrawn,
        })
        .collect()
}

/// The seats of entrant `me` in the current round whose games have begun.
fn seats(doc: &Document, me: usize) -> Vec<SeatView> {
    let Some(round) = doc.rounds.last() else {
        return Vec::new();
    };
    round
        .iter()
        .enumerate()
        .filter_map(|(b, board)| {
            let game = board.game.as_ref()?;
            let (token, first) = if board.first == me {
                (board.first_token.as_ref()?, true)
            } else if board.second == Some(me) {
                (board.second_token.as_ref()?, false)
            } else {
                return None;
            };
            // In a match the players change seats every game.
            let swapped = board.match_game.unwrap_or(0) % 2 == 1;
            Some(SeatView {
                round: doc.rounds.len(),
                board: b + 1,
                game: game.clone(),
                token: token.clone(),
                side: if first != swapped { "south" } else { "north" },
                done: board.result.is_some(),
            })
        })
        .collect()
}

/// The winner of a finished knockout (other systems have standings).
fn winner(row: &TournamentRow, doc: &Document) -> Option<String> {
    match row.system {
        System::Knockout => pairing::knockout_winner(&doc.pairings())
            .filter(|_| doc.finished(row.system))
            .map(|i| entrant_name(doc, i)),
        _ => None,
    }
}

/// A new tournament's answer: where it is.
#[derive(Serialize)]
pub(crate) struct Created {
    pub(super) id: String,
    pub(super) url: String,
}

/// A player's place once registered.
#[derive(Serialize)]
pub(crate) struct Joined {
    pub(super) number: usize,
    pub(super) name: String,
}

/// The round just paired.
#[derive(Serialize)]
pub(crate) struct RoundStarted {
    pub(super) round: usize,
}

/// A result as entered.
#[derive(Serialize)]
pub(crate) struct Entered {
    pub(super) round: usize,
    pub(super) board: usize,
    pub(super) result: &'static str,
}

/// The player taken out.
#[derive(Serialize)]
pub(crate) struct Removed {
    pub(super) removed: usize,
}
