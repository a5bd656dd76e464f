//! A game held in memory while people use it: the stored header, the rules
//! library's `Game` rebuilt by replaying the stored moves, and the channel
//! that pushes changes to every open WebSocket. The JSON the browser sees is
//! made here, at the server's edge; the rules library knows nothing of JSON.

use crate::explain;
use crate::store::{GameRow, StoredGame};
use mancala_rules::{ruleset_version, Event, Game, MoveReport, Pit, Ruleset, Side};
use serde_json::{json, Value};
use tokio::sync::broadcast;

pub struct Live {
    pub row: GameRow,
    pub ruleset: &'static Ruleset,
    pub game: Game,
    /// The last move's report, for highlighting it after a reload.
    pub last: Option<MoveReport>,
    /// A pending offer to end the game by agreement, by this side.
    pub offer: Option<Side>,
    /// Bumped on every change, so a computer move computed for an older
    /// state (before an undo, say) is thrown away.
    pub revision: u64,
    pub tx: broadcast::Sender<String>,
}

/// Why a stored game could not be rebuilt.
#[derive(Debug)]
pub struct Corrupt(pub String);

pub fn side_name(side: Side) -> &'static str {
    side.name()
}

pub fn parse_side(text: &str) -> Option<Side> {
    match text {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    }
}

/// Builds a game from its start (the ruleset's, or a stored set-up).
pub fn new_game(ruleset: &Ruleset, setup: Option<&str>) -> Result<Game, String> {
    let rules = ruleset.rules;
    let start = match setup {
        Some(text) => rules.parse_position(text).map_err(|e| e.to_string())?,
        None => rules.start(),
    };
    Ok(Game::from_position(rules, start))
}

impl Live {
    /// Rebuilds a stored game by replaying its moves: each one is checked by
    /// the rules, so a stored game is always a legal one.
    pub fn rebuild(stored: StoredGame) -> Result<Live, Corrupt> {
        let StoredGame { row, moves } = stored;
        let ruleset = ruleset_version(&row.ruleset, row.version)
            .map_err(|e| Corrupt(format!("game {}: {e}", row.id)))?;
        let rules = ruleset.rules;
        let mut game = new_game(ruleset, row.setup.as_deref())
            .map_err(|e| Corrupt(format!("game {}: {e}", row.id)))?;
        let mut last = None;
        for (i, text) in moves.iter().enumerate() {
            let pit = Pit::parse(text, &rules)
                .map_err(|e| Corrupt(format!("game {} move {}: {e}", row.id, i + 1)))?;
            let report = game
                .play_reported(pit)
                .map_err(|e| Corrupt(format!("game {} move {} ({text}): {e}", row.id, i + 1)))?;
            last = Some(report);
        }
        if row.ending.as_deref() == Some("agreed") {
            game.agree_to_end();
        }
        let (tx, _) = broadcast::channel(64);
        Ok(Live { row, ruleset, game, last, offer: None, revision: 0, tx })
    }

    pub fn is_finished(&self) -> bool {
        self.row.status == "finished"
    }

    /// The side the computer plays, if any.
    pub fn computer(&self) -> Option<Side> {
        self.row.computer.as_deref().and_then(parse_side)
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
            self.row.status = "finished".into();
            self.row.result = Some(winner_text(outcome.winner).into());
            self.row.ending = Some(outcome.reason.id().into());
        }
    }

    pub fn publish(&mut self, message: Value) {
        self.revision += 1;
        // No receivers is fine: nobody is watching.
        let _ = self.tx.send(message.to_string());
    }

    /// The public state: no tokens, no invitation code.
    pub fn state(&self) -> Value {
        let rules = self.game.rules();
        let pos = self.game.position();
        let letter = |p: Pit| p.letter(rules).to_string();
        let legal: Vec<String> = if self.is_finished() {
            Vec::new()
        } else {
            self.game.legal_moves().map(letter).collect()
        };
        let moves: Vec<String> = self.game.moves().iter().map(|&p| letter(p)).collect();
        let computer = self.computer();
        let player = |side: Side| {
            let (name, token) = match side {
                Side::South => (&self.row.south_name, &self.row.south_token),
                Side::North => (&self.row.north_name, &self.row.north_token),
            };
            let kind = if computer == Some(side) { "computer" } else { "human" };
            json!({ "name": name, "kind": kind, "seated": token.is_some() || computer == Some(side) })
        };
        let ending = self.row.ending.clone();
        json!({
            "id": self.row.id,
            "game": self.ruleset.id,
            "name": self.ruleset.name,
            "version": self.ruleset.version,
            "pits_per_row": rules.pits_per_row,
            "mode": self.row.mode,
            "level": self.row.level,
            "board": pos.pits(),
            "captured": [pos.captured().south, pos.captured().north],
            "to_move": self.to_move().map(side_name),
            "legal": legal,
            "over": self.is_finished(),
            "winner": self.row.result,
            "ending": ending,
            "ending_text": ending.as_deref().map(explain::ending_texts),
            "position": pos.to_string(),
            "moves": moves,
            "players": { "south": player(Side::South), "north": player(Side::North) },
            "offer": self.offer.map(side_name),
            "invite_open": self.row.invite.is_some(),
            "rematch": self.row.rematch,
            "last": self.last.as_ref().map(|r| report_json(self.ruleset, r)),
        })
    }
}

pub fn winner_text(winner: Option<Side>) -> &'static str {
    match winner {
        Some(side) => side.name(),
        None => "draw",
    }
}

/// Compares two secrets in time independent of where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A move report as JSON: the move, the mover, every event, and the
/// explaining sentence in each interface language.
pub fn report_json(ruleset: &Ruleset, report: &MoveReport) -> Value {
    let rules = &ruleset.rules;
    let letter = |p: Pit| p.letter(rules).to_string();
    let events: Vec<Value> = report
        .events
        .iter()
        .map(|event| match *event {
            Event::Take { pit, seeds } => {
                json!({"type": "take", "pit": letter(pit), "seeds": seeds})
            }
            Event::Drop { pit } => json!({"type": "drop", "pit": letter(pit)}),
            Event::Skip { pit } => json!({"type": "skip", "pit": letter(pit)}),
            Event::Relay { pit, seeds } => {
                json!({"type": "relay", "pit": letter(pit), "seeds": seeds})
            }
            Event::Capture { pit, seeds, by } => {
                json!({"type": "capture", "pit": letter(pit), "seeds": seeds, "by": by.name()})
            }
            Event::GrandSlam { seeds } => json!({"type": "grand-slam", "seeds": seeds}),
            Event::GrandSlamVoided { seeds } => {
                json!({"type": "grand-slam-voided", "seeds": seeds})
            }
            Event::ExtraTurn { side } => json!({"type": "extra-turn", "side": side.name()}),
            Event::Pass { side } => json!({"type": "pass", "side": side.name()}),
            Event::Award { side, seeds } => {
                json!({"type": "award", "side": side.name(), "seeds": seeds})
            }
            Event::End(outcome) => json!({
                "type": "end",
                "reason": outcome.reason.id(),
                "winner": winner_text(outcome.winner),
            }),
        })
        .collect();
    json!({
        "move": letter(report.pit),
        "mover": report.mover.name(),
        "before": report.before.pits(),
        "captured_before": [report.before.captured().south, report.before.captured().north],
        "events": events,
        "explanation": explain::explanations(ruleset, report),
    })
}
