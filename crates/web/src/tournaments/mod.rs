//! Tournaments: round robin, Swiss and knockout events, organised by an
//! account, joined by accounts and guests, played online or over the board.
//!
//! The feature's parts:
//! - here, without I/O: who plays whom and the standings with their
//!   tie-breaks (the tests feed it literal tables), and a tournament as
//!   stored ([`Document`]);
//! - `api.rs`: the HTTP API (`/api/tournaments...`);
//! - `pages.rs`: the pages (`/tournaments...`) and `tournament.js`, their
//!   script;
//! - `store.rs`: the stored row and [`TournamentStore`], the feature's part
//!   of the store, kept by `sqlite.rs` and `pg.rs`.
//!
//! Their interface texts are in `i18n/tournaments.rs`.
//!
//! Players are numbered `0..n` in the order of their seeding (registration
//! order: the first to register is seed 1). A pairing's `first` player
//! plays South, the side that moves first; `second` is `None` for a bye.
//! The rules followed are written out in `docs/tournaments.md`.

pub mod api;
pub mod pages;
mod pg;
mod sqlite;
mod store;
pub mod view;

pub use api::TournamentLocks;
pub use store::{TournamentRow, TournamentStore};

/// The tournament pages' script.
pub static SCRIPT: crate::assets::Asset =
    crate::assets::Asset::script("tournament", include_bytes!("tournament.js"));

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashSet;

/// How the players are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// Everyone plays everyone once (Berger tables).
    RoundRobin,
    /// Players of equal score meet, nobody twice (the Dutch system,
    /// simplified: see `docs/tournaments.md`).
    Swiss,
    /// The loser of each pairing is out; the winners meet in the next round.
    Knockout,
}

impl System {
    pub const ALL: [System; 3] = [System::RoundRobin, System::Swiss, System::Knockout];

    /// The name stored and sent in JSON.
    pub const fn id(self) -> &'static str {
        match self {
            System::RoundRobin => "round_robin",
            System::Swiss => "swiss",
            System::Knockout => "knockout",
        }
    }

    pub fn parse(text: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.id() == text)
    }
}

/// A pairing's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
}

impl Outcome {
    /// The name stored and sent in JSON.
    pub const fn id(self) -> &'static str {
        match self {
            Outcome::FirstWins => "first",
            Outcome::SecondWins => "second",
            Outcome::Draw => "draw",
        }
    }

    pub fn parse(text: &str) -> Option<Outcome> {
        [Outcome::FirstWins, Outcome::SecondWins, Outcome::Draw]
            .into_iter()
            .find(|o| o.id() == text)
    }

    /// The points of the first and second player: 1 a win, ½ a draw.
    pub fn points(self) -> (f64, f64) {
        match self {
            Outcome::FirstWins => (1.0, 0.0),
            Outcome::SecondWins => (0.0, 1.0),
            Outcome::Draw => (0.5, 0.5),
        }
    }
}

/// Stored and sent as its [`Outcome::id`].
impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let text = String::deserialize(d)?;
        Outcome::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("result '{text}' is not one of first, second, draw"))
        })
    }
}

/// One board of a round: two players, or one with a bye, and the result
/// once known (a bye needs none: it is a point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub first: usize,
    pub second: Option<usize>,
    pub result: Option<Outcome>,
}

impl Pairing {
    pub fn new(first: usize, second: Option<usize>) -> Pairing {
        Pairing { first, second, result: None }
    }

    /// Whether the board needs no more results.
    pub fn is_done(&self) -> bool {
        self.second.is_none() || self.result.is_some()
    }

    /// The winner, if decided (a bye is won by its player).
    pub fn winner(&self) -> Option<usize> {
        match (self.second, self.result) {
            (None, _) => Some(self.first),
            (Some(_), Some(Outcome::FirstWins)) => Some(self.first),
            (Some(second), Some(Outcome::SecondWins)) => Some(second),
            _ => None,
        }
    }
}

/// Why no round could be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer than two players to pair.
    TooFewPlayers,
    /// Every way of pairing would make two players meet again.
    NoPairingWithoutRepeat,
    /// A knockout round has a pairing without a winner yet (a drawn game
    /// needs a decisive result from the organiser).
    Undecided { board: usize },
    /// The tournament has no further round (the knockout has its winner,
    /// or the round robin's schedule is played).
    Over,
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairingError::TooFewPlayers => write!(f, "at least two players are needed"),
            PairingError::NoPairingWithoutRepeat => {
                write!(f, "every pairing of this round would make two players meet again")
            }
            PairingError::Undecided { board } => write!(
                f,
                "board {} of the last round has no winner yet: a knockout game that was drawn \
                 needs a decisive result entered by the organiser",
                board + 1
            ),
            PairingError::Over => write!(f, "the tournament has no further round"),
        }
    }
}

// ---------------------------------------------------------------------------
// Round robin

/// The rounds of a round robin of `n` players: `n - 1` rounds (`n` when `n`
/// is odd, each player sitting out once), by the circle method (Berger
/// tables): player `n - 1` (or the bye) stays in place, the others turn one
/// step a round. Colours alternate for the fixed player and, for the
/// others, follow the board, so each player's colours differ by at most
/// one.
pub fn round_robin(n: usize) -> Vec<Vec<Pairing>> {
    if n < 2 {
        return Vec::new();
    }
    // With an odd count, a ghost (None) gives a bye.
    let mut ring: Vec<Option<usize>> = (0..n).map(Some).collect();
    if n % 2 == 1 {
        ring.push(None);
    }
    let m = ring.len();
    let mut rounds = Vec::with_capacity(m - 1);
    for round in 0..m - 1 {
        // Positions 0..m-1 turn; the last one is fixed.
        let at = |i: usize| ring[(i + round) % (m - 1)];
        let mut boards = Vec::with_capacity(m / 2);
        // The fixed seat meets position 0; it alternates colours.
        let pairs = std::iter::once((at(0), ring[m - 1], round.is_multiple_of(2)))
            .chain((1..m / 2).map(|i| (at(i), at(m - 1 - i), i % 2 == 1)));
        for (a, b, a_first) in pairs {
            let (first, second) = if a_first { (a, b) } else { (b, a) };
            match (first, second) {
                (Some(x), Some(y)) => boards.push(Pairing::new(x, Some(y))),
                (Some(x), None) | (None, Some(x)) => boards.push(Pairing::new(x, None)),
                (None, None) => {}
            }
        }
        // Byes last, as on a printed pairing list.
        boards.sort_by_key(|p| p.second.is_none());
        rounds.push(boards);
    }
    rounds
}

// ---------------------------------------------------------------------------
// Standings

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: usize,
    /// 1 for a win or a bye, ½ for a draw.
    pub points: f64,
    /// The sum of the points of the player's opponents (byes add nothing).
    pub buchholz: f64,
    /// Sonneborn-Berger: the points of each opponent beaten, plus half the
    /// points of each opponent drawn with.
    pub sonneborn_berger: f64,
    /// Games won over the board (not byes).
    pub wins: u32,
    /// Games with a result (not byes).
    pub played: u32,
    /// The place: players equal on points and every tie-break share it.
    pub rank: usize,
}

/// The standings of `n` players after `rounds` (results not yet known are
/// left out): by points, then Buchholz, then Sonneborn-Berger, then wins;
/// players equal on all of them share a rank and are listed by seed.
/// `f64` is exact here: every value is a sum of halves and quarters.
pub fn standings(n: usize, rounds: &[Vec<Pairing>]) -> Vec<Standing> {
    let mut points = vec![0.0; n];
    let mut wins = vec![0u32; n];
    let mut played = vec![0u32; n];
    // (opponent, points scored against them) per player.
    let mut met: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for pairing in rounds.iter().flatten() {
        match (pairing.second, pairing.result) {
            (None, _) => points[pairing.first] += 1.0,
            (Some(second), Some(outcome)) => {
                let (a, b) = outcome.points();
                let first = pairing.first;
                points[first] += a;
                points[second] += b;
                played[first] += 1;
                played[second] += 1;
                wins[first] += u32::from(a == 1.0);
                wins[second] += u32::from(b == 1.0);
                met[first].push((second, a));
                met[second].push((first, b));
            }
            (Some(_), None) => {}
        }
    }
    let mut table: Vec<Standing> = (0..n)
        .map(|player| Standing {
            player,
            points: points[player],
            buchholz: met[player].iter().map(|&(o, _)| points[o]).sum(),
            sonneborn_berger: met[player].iter().map(|&(o, scored)| scored * points[o]).sum(),
            wins: wins[player],
            played: played[player],
            rank: 0,
        })
        .collect();
    let key = |s: &Standing| (s.points, s.buchholz, s.sonneborn_berger, s.wins);
    table.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        kb.0.total_cmp(&ka.0)
            .then(kb.1.total_cmp(&ka.1))
            .then(kb.2.total_cmp(&ka.2))
            .then(kb.3.cmp(&ka.3))
            .then(a.player.cmp(&b.player))
    });
    for i in 0..table.len() {
        table[i].rank =
            if i > 0 && key(&table[i]) == key(&table[i - 1]) { table[i - 1].rank } else { i + 1 };
    }
    table
}

// ---------------------------------------------------------------------------
// Swiss

/// What the Swiss pairing needs to know of one player.
#[derive(Clone, Debug, Default)]
struct History {
    points: f64,
    opponents: HashSet<usize>,
    /// +1 for each game as first, -1 for each as second.
    balance: i32,
    /// The colour of the last game played: `Some(true)` first.
    last_first: Option<bool>,
    had_bye: bool,
}

fn histories(n: usize, rounds: &[Vec<Pairing>]) -> Vec<History> {
    let mut h = vec![History::default(); n];
    for pairing in rounds.iter().flatten() {
        match pairing.second {
            None => {
                h[pairing.first].had_bye = true;
                h[pairing.first].points += 1.0;
            }
            Some(second) => {
                let (a, b) = pairing.result.map_or((0.0, 0.0), Outcome::points);
                let first = &mut h[pairing.first];
                first.points += a;
                first.opponents.insert(second);
                first.balance += 1;
                first.last_first = Some(true);
                let second = &mut h[second];
                second.points += b;
                second.opponents.insert(pairing.first);
                second.balance -= 1;
                second.last_first = Some(false);
            }
        }
    }
    h
}

/// How many pairing attempts the search may make before it gives up: far
/// more than any class or club tournament needs (a 64-player field pairs in
/// a few hundred), small enough to answer at once.
const SEARCH_LIMIT: usize = 200_000;

/// The next Swiss round for the players `present` (those not withdrawn),
/// after `rounds` (all of whose results are known).
///
/// 1. Players are ranked by points, then by seed.
/// 2. With an odd number, the lowest-ranked player who has not had a bye
///    gets it (a point), provided the others can still be paired.
/// 3. From the top, each unpaired player meets the first opponent, in order
///    of preference, whom they have not met: first the players of the same
///    score group, starting with the one half a group below (top half
///    against bottom half, 1 v 5, 2 v 6 ...), then lower groups in order.
///    If the rest cannot be paired after that, the search goes back and
///    tries the next preference (so nobody meets twice when it can be
///    avoided; if it cannot, the round is refused).
/// 4. Colours: the player who has had fewer firsts plays first; if equal,
///    the one who was second last time; if still equal, the higher-ranked
///    player alternates from their last game (first on odd boards in the
///    first round).
pub fn swiss(
    n: usize,
    present: &[bool],
    rounds: &[Vec<Pairing>],
) -> Result<Vec<Pairing>, PairingError> {
    let history = histories(n, rounds);
    let mut ranked: Vec<usize> =
        (0..n).filter(|&p| present.get(p).copied().unwrap_or(false)).collect();
    if ranked.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    ranked.sort_by(|&a, &b| history[b].points.total_cmp(&history[a].points).then(a.cmp(&b)));
    let mut budget = SEARCH_LIMIT;
    let mut found = None;
    if ranked.len() % 2 == 1 {
        // The bye: lowest-ranked first, among those without one (if all
        // have had one, anyone may get a second).
        let candidates: Vec<usize> = ranked.iter().rev().copied().collect();
        let fresh = candidates.iter().copied().filter(|&p| !history[p].had_bye);
        let order: Vec<usize> = fresh.chain(candidates.iter().copied()).collect();
        for bye in order {
            let rest: Vec<usize> = ranked.iter().copied().filter(|&p| p != bye).collect();
            if let Some(pairs) = pair_group(&rest, &history, &mut budget) {
                found = Some((pairs, Some(bye)));
                break;
            }
        }
    } else if let Some(pairs) = pair_group(&ranked, &history, &mut budget) {
        found = Some((pairs, None));
    }
    let (pairs, bye) = found.ok_or(PairingError::NoPairingWithoutRepeat)?;
    let mut boards: Vec<Pairing> = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (high, low))| {
            let (first, second) = colours(high, low, board, &history);
            Pairing::new(first, Some(second))
        })
        .collect();
    if let Some(bye) = bye {
        boards.push(Pairing::new(bye, None));
    }
    Ok(boards)
}

/// Pairs every player of `ranked` (in rank order), nobody with someone
/// they met; `None` if that cannot be done within the budget.
fn pair_group(
    ranked: &[usize],
    history: &[History],
    budget: &mut usize,
) -> Option<Vec<(usize, usize)>> {
    let mut pairs = Vec::with_capacity(ranked.len() / 2);
    let mut free = ranked.to_vec();
    search(&mut free, history, budget, &mut pairs).then_some(pairs)
}

fn search(
    free: &mut Vec<usize>,
    history: &[History],
    budget: &mut usize,
    pairs: &mut Vec<(usize, usize)>,
) -> bool {
    if free.is_empty() {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let top = free.remove(0);
    for candidate in preferences(top, free, history) {
        let at = free.iter().position(|&p| p == candidate).unwrap_or(0);
        free.remove(at);
        pairs.push((top, candidate));
        if search(free, history, budget, pairs) {
            return true;
        }
        pairs.pop();
        free.insert(at, candidate);
    }
    free.insert(0, top);
    false
}

/// The opponents `top` may meet among `free` (ranked), best first: the
/// player half a score group below, then the rest of the group downwards,
/// then the group's upper players, then the lower groups in order.
fn preferences(top: usize, free: &[usize], history: &[History]) -> Vec<usize> {
    let score = history[top].points;
    let allowed = |p: &usize| !history[top].opponents.contains(p);
    let group: Vec<usize> = free.iter().copied().filter(|&p| history[p].points == score).collect();
    // `top` is the highest of its group still free: its group had
    // `group.len() + 1` players, so the one half a group below is at
    // `(group.len() + 1) / 2 - 1` (rounded down) among the others.
    let half = group.len().div_ceil(2);
    let start = half.saturating_sub(1).min(group.len());
    let mut order: Vec<usize> =
        group[start..].iter().chain(group[..start].iter()).copied().collect();
    order.extend(free.iter().copied().filter(|&p| history[p].points != score));
    order.retain(allowed);
    order
}

/// Who of a pair plays first (South).
fn colours(high: usize, low: usize, board: usize, history: &[History]) -> (usize, usize) {
    let (h, l) = (&history[high], &history[low]);
    let high_first = if h.balance != l.balance {
        h.balance < l.balance
    } else if h.last_first != l.last_first {
        // Whoever was second last time (or had no game) goes first.
        h.last_first != Some(true)
    } else {
        match h.last_first {
            Some(was_first) => !was_first,
            None => board.is_multiple_of(2),
        }
    };
    if high_first {
        (high, low)
    } else {
        (low, high)
    }
}

// ---------------------------------------------------------------------------
// Knockout

/// The number of rounds of a knockout of `n` players.
pub fn knockout_rounds(n: usize) -> usize {
    n.max(2).next_power_of_two().trailing_zeros() as usize
}

/// The seeds' places in a bracket of `size` (a power of two): 1 v size,
/// and the top two seeds can only meet in the final (0-based seeds).
fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![0usize];
    while order.len() < size {
        let len = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, len - 1 - s]).collect();
    }
    order
}

/// The first round of a knockout of `n` players: the bracket is the next
/// power of two, and the places beyond `n` are byes, which fall to the top
/// seeds. The higher seed plays first.
pub fn knockout_first(n: usize) -> Result<Vec<Pairing>, PairingError> {
    if n < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    let order = bracket_order(n.next_power_of_two());
    Ok(order
        .chunks(2)
        .map(|pair| {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            Pairing::new(a, (b < n).then_some(b))
        })
        .collect())
}

/// The next knockout round: the winners of boards 1 and 2 meet, of 3 and
/// 4, and so on; the higher seed plays first.
pub fn knockout_next(last: &[Pairing]) -> Result<Vec<Pairing>, PairingError> {
    if last.len() < 2 {
        return Err(PairingError::Over);
    }
    let winners = last
        .iter()
        .enumerate()
        .map(|(board, p)| p.winner().ok_or(PairingError::Undecided { board }))
        .collect::<Result<Vec<usize>, _>>()?;
    Ok(winners
        .chunks(2)
        .map(|pair| Pairing::new(pair[0].min(pair[1]), Some(pair[0].max(pair[1]))))
        .collect())
}

/// The knockout's winner, once its final is decided.
pub fn knockout_winner(rounds: &[Vec<Pairing>]) -> Option<usize> {
    match rounds.last() {
        Some(last) if last.len() == 1 => last[0].winner(),
        _ => None,
    }
}

/// How each pairing is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One game.
    Game,
    /// A match: the first to win the ruleset's number of games (Barbados:
    /// six).
    Match,
}

/// Where the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// On this site: each pairing gets its game.
    Online,
    /// On real boards: the organiser enters the results.
    Board,
}

/// A tournament's players and rounds, stored as JSON in its row. Every
/// field is named here, so the stored format changes only on purpose.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Document {
    /// The organiser's name when the tournament was made.
    organiser: String,
    format: Format,
    play: Play,
    clock_seconds: Option<u32>,
    increment_seconds: Option<u32>,
    /// When the organiser means to start, seconds since the Unix epoch.
    starts: Option<i64>,
    /// The Swiss's planned rounds (the other systems' follow from the
    /// number of players once started).
    planned: Option<u32>,
    started: bool,
    entrants: Vec<Entrant>,
    rounds: Vec<Vec<Board>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Entrant {
    name: String,
    /// The account's id, for a signed-in player.
    account: Option<String>,
    /// The SHA-256 of a guest's token (hex).
    guest: Option<String>,
    withdrawn: bool,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Board {
    first: usize,
    second: Option<usize>,
    /// Stored as `first`, `second` or `draw`.
    result: Option<Outcome>,
    /// Whether the organiser entered the result (it then stands, whatever
    /// the game says).
    entered: bool,
    /// The game being played (a match's latest), and its number in the
    /// match.
    game: Option<String>,
    match_game: Option<u32>,
    match_id: Option<String>,
    /// The seat tokens of the first and the second player.
    first_token: Option<String>,
    second_token: Option<String>,
}

impl Board {
    pub fn pairing(&self) -> Pairing {
        Pairing { first: self.first, second: self.second, result: self.result }
    }
}

impl Document {
    pub fn pairings(&self) -> Vec<Vec<Pairing>> {
        self.rounds.iter().map(|r| r.iter().map(Board::pairing).collect()).collect()
    }

    /// The rounds the tournament will have (known once started, or
    /// planned for a Swiss).
    pub fn total_rounds(&self, system: System) -> Option<usize> {
        let n = self.entrants.len();
        match system {
            System::Swiss => self.planned.map(|r| r as usize),
            _ if !self.started => None,
            System::RoundRobin => Some(round_robin(n).len()),
            System::Knockout => Some(knockout_rounds(n)),
        }
    }

    pub fn last_round_done(&self) -> bool {
        self.rounds.last().is_none_or(|r| r.iter().all(|b| b.pairing().is_done()))
    }

    pub fn finished(&self, system: System) -> bool {
        self.started
            && self.last_round_done()
            && self.total_rounds(system).is_some_and(|t| self.rounds.len() >= t)
    }
}

#[cfg(test)]
mod document_tests {
    use super::*;

    /// A stored tournament as the server has always written it.
    const STORED: &str = r#"{"organiser":"Ama","format":"game","play":"board","clock_seconds":null,"increment_seconds":null,"starts":null,"planned":null,"started":true,"entrants":[{"name":"Ama","account":"a1","guest":null,"withdrawn":false},{"name":"Kofi","account":null,"guest":"ff","withdrawn":false},{"name":"Esi","account":"e1","guest":null,"withdrawn":false}],"rounds":[[{"first":0,"second":1,"result":"first","entered":true,"game":null,"match_game":null,"match_id":null,"first_token":null,"second_token":null},{"first":2,"second":null,"result":null,"entered":false,"game":null,"match_game":null,"match_id":null,"first_token":null,"second_token":null}]]}"#;

    /// The stored JSON reads into typed results and writes back the same,
    /// byte for byte: the format changes only on purpose.
    #[test]
    fn a_stored_tournament_reads_and_writes_back_unchanged() {
        let doc: Document = serde_json::from_str(STORED).unwrap();
        assert_eq!(doc.rounds[0][0].result, Some(Outcome::FirstWins));
        assert_eq!(doc.rounds[0][1].result, None);
        assert_eq!(serde_json::to_string(&doc).unwrap(), STORED);
        let bad = STORED.replace(r#""result":"first""#, r#""result":"south""#);
        let error = serde_json::from_str::<Document>(&bad).unwrap_err().to_string();
        assert!(error.contains("'south' is not one of first, second, draw"), "{error}");
    }

    /// A round robin of three has three rounds: the tournament is over once
    /// all three are played out, not before; a bye needs no result.
    #[test]
    fn a_round_robin_is_over_after_its_last_round() {
        let mut doc: Document = serde_json::from_str(STORED).unwrap();
        assert_eq!(doc.total_rounds(System::RoundRobin), Some(3));
        assert!(doc.last_round_done());
        assert!(!doc.finished(System::RoundRobin));
        for round in round_robin(3).into_iter().skip(1) {
            doc.rounds.push(
                round
                    .iter()
                    .map(|p| Board {
                        first: p.first,
                        second: p.second,
                        result: p.second.map(|_| Outcome::Draw),
                        ..Board::default()
                    })
                    .collect(),
            );
        }
        assert!(doc.finished(System::RoundRobin));
        doc.rounds[2][0].result = None;
        let open = doc.rounds[2].iter().any(|b| b.second.is_some() && b.result.is_none());
        assert_eq!(doc.finished(System::RoundRobin), !open);
        // A Swiss has the rounds planned for it, started or not.
        doc.planned = Some(5);
        assert_eq!(doc.total_rounds(System::Swiss), Some(5));
        assert_eq!(doc.pairings().len(), 3);
    }
}
