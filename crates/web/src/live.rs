//! A game held in memory while people use it: the stored header, the rules
//! library's `Game` rebuilt by replaying the stored moves, and the channel
//! that pushes changes to every open WebSocket. The JSON the browser sees is
//! made here, at the server's edge; the rules library knows nothing of JSON.

use crate::explain;
use crate::game::{new_game, GameEnding, GameResult, GameRow, Mode, Status, StoredGame};
use mancala_rules::{ruleset_version, Game, Match, MoveReport, Pit, Ruleset, Side};
use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::broadcast;

/// A message pushed to every watcher of a game on its WebSocket.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Push<'a> {
    /// The game changed (a player came, an offer, the end...).
    State { state: &'a Value },
    /// A move was played: its report, seed by seed, and the state after it.
    Move {
        #[serde(rename = "move")]
        report: &'a Value,
        state: &'a Value,
    },
}

pub struct Live {
    pub row: GameRow,
    pub ruleset: &'static Ruleset,
    pub game: Game,
    /// The last move's report, for highlighting it after a reload.
    pub last: Option<MoveReport>,
    /// Bumped on every change, so a computer move computed for an older
    /// state (before an undo, say) is thrown away.
    pub revision: u64,
    pub tx: broadcast::Sender<String>,
    /// Open WebSockets of each seat's player (South, North), in online
    /// games: a player with none is away.
    pub present: [u32; 2],
    /// When each seat's last WebSocket closed (ms since the epoch).
    pub left: [Option<i64>; 2],
    /// Which seats' players are in a rematch or a match's next game between
    /// two people online (asked for it, or opened it): the game, its clocks
    /// and its abandonment timer start only once both are. Kept in memory
    /// only: after a restart the pages' reconnections count again.
    pub arrived: [bool; 2],
    /// How long a player to move may be away before the opponent can claim
    /// the game (ms): the server's `--abandon-seconds`.
    pub abandon_ms: i64,
    /// The server's time of day (`AppState::time`), which the clocks shown
    /// count in.
    pub time: crate::time::Time,
    /// Whom the computer's moves in this game are queued under: the
    /// address of the player who created the game or moved last (in memory
    /// only; `Unknown` after a restart until the player's next move).
    pub client: crate::scheduler::Client,
    /// A task is playing the computer's moves in this game (thinking,
    /// storing, or waiting to store again): no second one is started.
    pub thinking: bool,
    /// The match this game is part of, if any.
    pub in_match: Option<MatchState>,
    /// The tournament whose round made this game (its id and name), found
    /// when the game is loaded.
    pub tournament: Option<(String, String)>,
    /// The game this one is the rematch of, while it waits for the other
    /// player (found when the game is loaded): the asker may call it off.
    pub previous: Option<String>,
    /// A rematch called off (declined by the other player, or withdrawn by
    /// the asker), kept in memory to tell the pages of both games.
    pub called_off: Option<CalledOff>,
}

/// A rematch that will not be played, as both games' pages are told.
#[derive(Clone, Debug, Serialize)]
pub struct CalledOff {
    /// `declined` (by the player who was asked) or `withdrawn` (by the
    /// player who asked).
    pub why: &'static str,
    /// The game the rematch followed (on the rematch's page: the way back).
    pub back: Option<String>,
}

/// What a game of a match knows of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchState {
    pub id: String,
    pub first_to: u32,
    /// The winners of the games before this one, each as the side that won
    /// in that game (`None`: a draw).
    pub earlier: Vec<Option<Side>>,
}

impl MatchState {
    /// The match so far: the earlier games, and this one if it is decided
    /// (`this` is its winner, `Some(None)` a draw). Player 0 played South in
    /// the first game.
    pub fn tally(&self, this: Option<Option<Side>>) -> Match {
        let mut tally = Match::new(self.first_to);
        for &winner in self.earlier.iter().chain(this.as_ref()) {
            // A result offered to a decided match is not counted; no game
            // of a decided match is made, so none is offered.
            let _ = tally.record(winner);
        }
        tally
    }

    /// The match player (0 or 1) who plays `side` in this game.
    pub fn player(&self, side: Side) -> usize {
        (self.earlier.len() + side.index()) % 2
    }
}

/// Why the opponent's game cannot be claimed now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoClaim {
    /// Not an online game between two people, or not under way.
    NotOnline,
    /// The claimer is to move.
    YourTurn,
    /// The opponent has the game open.
    Connected,
    /// The opponent may still come back: this many ms remain.
    TooEarly(i64),
}

/// A day in milliseconds (correspondence games count whole days).
pub const DAY_MS: i64 = 86_400_000;

/// Why a stored game could not be rebuilt.
#[derive(Debug)]
pub struct Corrupt(pub String);

pub fn side_name(side: Side) -> &'static str {
    side.name()
}

/// A side's name as the API and the store write it (`south`, `north`).
pub use crate::game::side_of as parse_side;

impl Live {
    /// Rebuilds a stored game by replaying its moves: each one is checked by
    /// the rules, so a stored game is always a legal one.
    pub fn rebuild(stored: StoredGame) -> Result<Live, Corrupt> {
        let StoredGame { row, moves } = stored;
        let ruleset = ruleset_version(&row.ruleset, row.version)
            .map_err(|e| Corrupt(format!("game {}: {e}", row.id)))?;
        let rules = ruleset.rules;
        let mut game =
            new_game(ruleset, &row).map_err(|e| Corrupt(format!("game {}: {e}", row.id)))?;
        let mut last = None;
        for (i, text) in moves.iter().enumerate() {
            let pit = Pit::parse(text, &rules)
                .map_err(|e| Corrupt(format!("game {} move {}: {e}", row.id, i + 1)))?;
            let report = game
                .play_reported(pit)
                .map_err(|e| Corrupt(format!("game {} move {} ({text}): {e}", row.id, i + 1)))?;
            last = Some(report);
        }
        if row.ending == Some(GameEnding::AGREED) {
            game.agree_to_end();
        }
        let (tx, _) = broadcast::channel(64);
        Ok(Live {
            row,
            ruleset,
            game,
            last,
            revision: 0,
            tx,
            present: [0, 0],
            left: [None, None],
            arrived: [false, false],
            abandon_ms: 0,
            time: crate::time::Time::system(),
            client: crate::scheduler::Client::Unknown,
            thinking: false,
            in_match: None,
            tournament: None,
            previous: None,
            called_off: None,
        })
    }

    pub fn is_finished(&self) -> bool {
        self.row.status == Status::Finished
    }

    /// The pending offer to end the game, by this side.
    pub fn offer(&self) -> Option<Side> {
        self.row.offer
    }

    /// The side whose clock runs now: the player to move in a game with a
    /// clock that has started. The computer's thinking is not timed, and
    /// between two people online no clock runs before the game's first
    /// move (as on lichess): the players may still be finding the page,
    /// and the first move is not charged. Then the second player's clock
    /// starts.
    pub fn running(&self) -> Option<Side> {
        self.row.clock?;
        self.row.turn_started?;
        if self.row.mode == Mode::Online && self.game.moves().is_empty() {
            return None;
        }
        self.to_move().filter(|&side| self.computer() != Some(side))
    }

    /// Each side's time left at `now` (ms, never below 0).
    pub fn time_left(&self, now: i64) -> Option<[i64; 2]> {
        let clock = self.row.clock?;
        let mut left = [clock.south_ms, clock.north_ms];
        if let (Some(side), Some(started)) = (self.running(), self.row.turn_started) {
            left[side.index()] -= now - started;
        }
        Some(left.map(|ms| ms.max(0)))
    }

    /// The running side and the moment its time runs out.
    pub fn flag_at(&self) -> Option<(Side, i64)> {
        let side = self.running()?;
        let clock = self.row.clock?;
        let left = match side {
            Side::South => clock.south_ms,
            Side::North => clock.north_ms,
        };
        Some((side, self.row.turn_started? + left))
    }

    /// `row` with the clock stopped at `now`: the running side is charged
    /// the time since its turn began, and no turn runs.
    pub fn stopped_clock(&self, row: &mut GameRow, now: i64) {
        if let (Some(left), Some(clock)) = (self.time_left(now), row.clock.as_mut()) {
            clock.south_ms = left[0];
            clock.north_ms = left[1];
        }
        row.turn_started = None;
    }

    /// `row` after `mover` moved at `now`: their time is charged and the
    /// increment added (not for the computer), and the next turn begins.
    /// A game whose clock has not started yet keeps it stopped.
    pub fn clock_after_move(&self, row: &mut GameRow, mover: Side, now: i64) {
        let Some(started) = self.row.turn_started else { return };
        if let (Some(clock), true) = (row.clock.as_mut(), self.running() == Some(mover)) {
            let left = match mover {
                Side::South => &mut clock.south_ms,
                Side::North => &mut clock.north_ms,
            };
            *left = (*left - (now - started)).max(0) + clock.increment_ms;
        }
        row.turn_started = Some(now);
    }

    /// How long until the player not to move can claim an online game
    /// whose player to move has left: 0 once it can be claimed.
    pub fn claim_wait(&self, claimer: Side, now: i64) -> Result<i64, NoClaim> {
        let Some(to_move) = self.to_move() else { return Err(NoClaim::NotOnline) };
        let Some(started) = self.row.turn_started else { return Err(NoClaim::NotOnline) };
        if self.row.mode != Mode::Online || self.computer().is_some() {
            return Err(NoClaim::NotOnline);
        }
        if to_move == claimer {
            return Err(NoClaim::YourTurn);
        }
        if let Some(deadline) = self.deadline() {
            // Correspondence: the days per move, whether or not the page is
            // open (a player may keep it open for days without moving).
            return match deadline - now {
                wait if wait > 0 => Err(NoClaim::TooEarly(wait)),
                _ => Ok(0),
            };
        }
        if self.present[to_move.index()] > 0 {
            return Err(NoClaim::Connected);
        }
        let since = self.left[to_move.index()].map_or(started, |left| left.max(started));
        match self.abandon_ms - (now - since) {
            wait if wait > 0 => Err(NoClaim::TooEarly(wait)),
            _ => Ok(0),
        }
    }

    /// A correspondence game's deadline for the move in progress (ms since
    /// the epoch): the turn's start and the days per move. `None` for other
    /// games and while the game has not started.
    pub fn deadline(&self) -> Option<i64> {
        let days = i64::from(self.row.days?);
        Some(self.row.turn_started? + days * DAY_MS)
    }

    /// Whether the game waits for a player before it can start: an online
    /// game whose invitation is still open, or a rematch or match game
    /// between two people online that one of them has not come to yet. No
    /// move, offer or claim is possible, and no clock runs, until then.
    pub fn waiting_for_opponent(&self) -> bool {
        self.row.mode == Mode::Online
            && !self.is_finished()
            && (self.row.invite.is_some() || self.row.turn_started.is_none())
    }

    /// Whether the players may ask the computer for a hint: against the
    /// computer and at one screen, never between two people online.
    pub fn hints_allowed(&self) -> bool {
        matches!(self.row.mode, Mode::Computer | Mode::Local)
    }

    /// The result of this game for its match: `Some(winner)` once over.
    pub fn decided(&self) -> Option<Option<Side>> {
        self.is_finished().then(|| self.row.result.and_then(GameResult::winner))
    }

    /// The match as the page shows it, seen from this game's seats.
    fn match_json(&self) -> Option<Value> {
        let m = self.in_match.as_ref()?;
        let tally = m.tally(self.decided());
        let score = tally.score();
        let wins = |side: Side| score[m.player(side)];
        let winner = tally.winner().map(|player| {
            if m.player(Side::South) == player {
                Side::South
            } else {
                Side::North
            }
        });
        Some(json!({
            "id": m.id,
            "first_to": m.first_to,
            "game": m.earlier.len() + 1,
            "wins": { "south": wins(Side::South), "north": wins(Side::North) },
            "draws": tally.games_played() as u32 - score[0] - score[1],
            "winner": winner.map(side_name),
            "next": self.row.rematch,
        }))
    }

    /// The side the computer plays, if any.
    pub fn computer(&self) -> Option<Side> {
        self.row.computer
    }

    /// Whose turn it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        (!self.is_finished() && !self.game.is_over()).then(|| self.game.position().to_move())
    }

    /// Which seats a token holds.
    pub fn seats(&self, token: &str) -> Vec<Side> {
        let holds = |t: &Option<String>| t.as_deref().is_some_and(|t| same_secret(t, token));
        let mut seats = Vec::new();
        if holds(&self.row.south_token) {
            seats.push(Side::South);
        }
        if holds(&self.row.north_token) {
            seats.push(Side::North);
        }
        seats
    }

    /// Marks the game finished if the rules ended it.
    pub fn settle(&mut self) {
        if let Some(outcome) = self.game.position().outcome() {
            self.row.status = Status::Finished;
            self.row.result = Some(GameResult::of(outcome.winner));
            self.row.ending = Some(GameEnding::Rules(outcome.reason));
        }
    }

    /// Tells every watcher, and marks the game changed (a computer move
    /// thought about before this is thrown away).
    pub fn publish(&mut self, message: &Push<'_>) {
        self.revision += 1;
        // No receivers is fine: nobody is watching.
        let _ = self.tx.send(serde_json::to_string(message).unwrap_or_default());
    }

    /// Tells every watcher the new state.
    pub fn publish_state(&mut self) {
        let state = self.state();
        self.publish(&Push::State { state: &state });
    }

    /// The public state as JSON: no tokens, no invitation code.
    pub fn state(&self) -> Value {
        serde_json::to_value(self.view()).unwrap_or(Value::Null)
    }

    /// The public state: no tokens, no invitation code.
    pub fn view(&self) -> GameState<'_> {
        let rules = self.game.rules();
        let pos = self.game.position();
        let letter = |p: Pit| p.letter(rules).to_string();
        let legal: Vec<String> = if self.is_finished() {
            Vec::new()
        } else {
            self.game.legal_moves().map(letter).collect()
        };
        let ending = self.row.ending.map(GameEnding::id);
        let now = self.time.now_ms();
        GameState {
            id: &self.row.id,
            game: self.ruleset.id,
            name: self.ruleset.name,
            version: self.ruleset.version,
            pits_per_row: rules.pits_per_row,
            mode: self.row.mode.id(),
            level: self.row.level,
            board: pos.pits(),
            captured: [pos.captured().south, pos.captured().north],
            to_move: self.to_move().map(side_name),
            legal,
            over: self.is_finished(),
            winner: self.row.result.map(GameResult::id),
            ending,
            ending_text: ending.map(|e| explain::ending_texts(rules, e)),
            position: pos.to_string(),
            moves: self.game.moves().iter().map(|&p| letter(p)).collect(),
            players: BySide { south: self.player(Side::South), north: self.player(Side::North) },
            offer: self.offer().map(side_name),
            invite_open: self.row.invite.is_some(),
            waiting_for_opponent: self.waiting_for_opponent(),
            rematch: self.row.rematch.as_deref(),
            next_game: self.row.rematch.as_deref(),
            rematch_of: self.previous.as_deref().filter(|_| self.waiting_for_opponent()),
            called_off: self.called_off.clone(),
            last: self
                .last
                .as_ref()
                .map(|r| settled_report_json(self.ruleset, r, self.is_finished())),
            clock: self.clock_view(now),
            presence: (self.row.mode == Mode::Online)
                .then(|| BySide { south: self.present[0] > 0, north: self.present[1] > 0 }),
            claim_in_ms: self.claim_in_ms(now),
            correspondence: self.row.days.map(|days| Correspondence {
                days,
                deadline: if self.is_finished() { None } else { self.deadline() },
            }),
            hints: self.hints_allowed() && !self.is_finished(),
            in_match: self.match_json(),
            tournament: self.tournament.as_ref().map(|(id, name)| TournamentLink {
                url: format!("/tournaments/{id}"),
                id: id.clone(),
                name: name.clone(),
            }),
            rated: self.row.rated,
            aborted: self.aborted(),
        }
    }

    /// A seat as the state shows it.
    fn player(&self, side: Side) -> PlayerView<'_> {
        let computer = self.computer();
        let (name, token) = match side {
            Side::South => (&self.row.south_name, &self.row.south_token),
            Side::North => (&self.row.north_name, &self.row.north_token),
        };
        let account = match side {
            Side::South => self.row.south_player.is_some(),
            Side::North => self.row.north_player.is_some(),
        };
        PlayerView {
            name,
            account,
            kind: if computer == Some(side) { "computer" } else { "human" },
            seated: token.is_some() || computer == Some(side),
        }
    }

    /// The clocks at `now`, in a game with a clock.
    fn clock_view(&self, now: i64) -> Option<ClockView> {
        self.row.clock.map(|clock| {
            let left = self.time_left(now).unwrap_or([clock.south_ms, clock.north_ms]);
            ClockView {
                at: now,
                initial_ms: clock.initial_ms,
                increment_ms: clock.increment_ms,
                south_ms: left[0],
                north_ms: left[1],
                running: self.running().map(side_name),
            }
        })
    }

    /// The player not to move may claim a game whose player to move has
    /// left: how long until then, counted from `now`.
    fn claim_in_ms(&self, now: i64) -> Option<i64> {
        self.to_move().and_then(|side| match self.claim_wait(!side, now) {
            Ok(ms) | Err(NoClaim::TooEarly(ms)) => Some(ms),
            Err(_) => None,
        })
    }

    /// About how much memory the game takes (for the cache's bound): its
    /// positions and moves, and a guess for its header and the last
    /// messages its channel keeps.
    pub fn approx_bytes(&self) -> usize {
        let positions = std::mem::size_of_val(self.game.positions());
        let moves = std::mem::size_of_val(self.game.moves());
        std::mem::size_of::<Live>() + positions + moves + 4096
    }

    /// Whether the game ended before each side had made two moves (see
    /// `crate::rated`): an aborted game is not rated.
    pub fn aborted(&self) -> bool {
        if !self.is_finished() {
            return false;
        }
        let positions = self.game.positions();
        let sides = positions.iter().take(self.game.moves().len()).map(|p| p.to_move());
        crate::rated::too_short(crate::rated::moves_by_side(sides))
    }
}

/// Something for each side, as the JSON names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

/// A game as every page and watcher sees it (`GET /api/games/ID`, and in
/// every answer and push that carries `state`).
#[derive(Serialize)]
pub struct GameState<'a> {
    pub id: &'a str,
    /// The ruleset's id, name and rules version.
    pub game: &'static str,
    pub name: &'static str,
    pub version: u32,
    pub pits_per_row: u8,
    /// `computer`, `local` or `online`.
    pub mode: &'static str,
    pub level: Option<u8>,
    /// Seeds per pit: South's row, then North's, each in sowing order.
    pub board: &'a [u8],
    /// `[south, north]`.
    pub captured: [u8; 2],
    pub to_move: Option<&'static str>,
    /// The pits that may be played now, as letters.
    pub legal: Vec<String>,
    pub over: bool,
    /// `south`, `north` or `draw` once over.
    pub winner: Option<&'a str>,
    pub ending: Option<&'static str>,
    /// The ending in each interface language.
    pub ending_text: Option<Value>,
    /// The one-line notation.
    pub position: String,
    pub moves: Vec<String>,
    pub players: BySide<PlayerView<'a>>,
    /// The side with a pending offer to end the game.
    pub offer: Option<&'static str>,
    pub invite_open: bool,
    /// See [`Live::waiting_for_opponent`].
    pub waiting_for_opponent: bool,
    pub rematch: Option<&'a str>,
    /// The game that follows this one (a rematch or the match's next game),
    /// for everyone: spectators are taken on to it.
    pub next_game: Option<&'a str>,
    /// The last move's report.
    pub last: Option<Value>,
    pub clock: Option<ClockView>,
    /// Online: whether each player has the game open.
    pub presence: Option<BySide<bool>>,
    /// Until the player not to move may claim the game (ms), once the player
    /// to move has left.
    pub claim_in_ms: Option<i64>,
    /// A correspondence game: its days per move, and the move in
    /// progress's deadline.
    pub correspondence: Option<Correspondence>,
    pub hints: bool,
    #[serde(rename = "match")]
    pub in_match: Option<Value>,
    /// Whether the players agreed to a rated game (it counts for their
    /// ratings once over, unless aborted: see `crate::rated`).
    pub rated: bool,
    /// Whether the game ended before each side had made a move.
    pub aborted: bool,
    /// The tournament the game was paired in: its page is the way back.
    pub tournament: Option<TournamentLink>,
    /// A rematch waiting for the other player: the game it follows (its
    /// asker may call it off there).
    pub rematch_of: Option<&'a str>,
    /// The rematch was declined or withdrawn (on both games' states).
    pub called_off: Option<CalledOff>,
}

/// A tournament game's way back to its tournament.
#[derive(Serialize)]
pub struct TournamentLink {
    pub id: String,
    pub name: String,
    /// The tournament's page (a path on this site).
    pub url: String,
}

/// A correspondence game's days per move and the deadline (ms since the
/// epoch) of the move in progress, after which the opponent may claim.
#[derive(Serialize)]
pub struct Correspondence {
    pub days: u8,
    pub deadline: Option<i64>,
}

#[derive(Serialize)]
pub struct PlayerView<'a> {
    pub name: &'a str,
    /// Whether a signed-in account holds the seat (its page is
    /// `/players/NAME`; a deleted one's name is `deleted player`).
    pub account: bool,
    /// `human` or `computer`.
    pub kind: &'static str,
    pub seated: bool,
}

/// Each side's time left when the state was made (`at`, ms since the
/// epoch); the page counts down from there.
#[derive(Serialize)]
pub struct ClockView {
    pub at: i64,
    pub initial_ms: i64,
    pub increment_ms: i64,
    pub south_ms: i64,
    pub north_ms: i64,
    pub running: Option<&'static str>,
}

/// Compares two secrets in time independent of where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A move report as JSON for a game that may have ended after it (by
/// resignation, time, agreement or abandonment): then its explanation does
/// not end by saying who is to move.
pub fn settled_report_json(ruleset: &Ruleset, report: &MoveReport, finished: bool) -> Value {
    let mut json = report_json(ruleset, report);
    if finished {
        explain::drop_to_move(&mut json["explanation"], report);
    }
    json
}

/// A move report as JSON ([`mancala_json::move_report`], as the command
/// writes it) with the explaining sentence in each interface language.
pub fn report_json(ruleset: &Ruleset, report: &MoveReport) -> Value {
    mancala_json::move_report(&ruleset.rules, report, explain::explanations(ruleset, report))
}
