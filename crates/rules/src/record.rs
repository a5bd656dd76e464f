//! Game records: a small tag-and-moves text format.
//!
//! ```text
//! [Game "barbados-warri-speightstown"]
//! [Version "1"]
//! [South "Ann"]
//! [North "Ben"]
//! [Date "2026-11-29"]
//! [Result "south"]
//! [Ending "resignation"]
//!
//! c F a B e A
//! ```
//!
//! `Game` and `Version` name the rules the game was played by; `Lot` (a
//! number, for rulesets whose last four go by lot, such as `anywoli-lot`) is
//! the seed the lot is drawn from, so a replay draws the same; `Setup` (a
//! position in the one-line notation) is present when the game did not start
//! from the usual position; `Result` is `south`, `north`, `draw` or `*`;
//! `Ending` says how the game ended: one of the rules' endings (`target`,
//! `no-seeds`, `wipe-out`, `cannot-feed`, `no-seeds-in-play`, `cycle`,
//! `stall`, `no-legal-move`), or `agreed`, `resignation`, `time`,
//! `abandoned` (an online opponent left and the winner claimed the game), or
//! `unfinished`. Any other tag (players, date, event, place...) is kept in
//! order. A record is checked by replaying it.

use crate::game::Game;
use crate::moves::{MoveError, Pit};
use crate::position::{EndReason, Setup, SetupError};
use crate::rules::{ruleset, ruleset_version, Ruleset, VersionError};
use crate::side::Side;
use std::fmt;

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Not finished.
    Unfinished,
    /// By the rules (an agreed end is `Rules(EndReason::Agreed)`).
    Rules(EndReason),
    /// The loser resigned.
    Resignation { loser: Side },
    /// The loser ran out of time.
    Time { loser: Side },
    /// The loser left the game (an online opponent gone past a time limit)
    /// and the winner claimed it.
    Abandoned { loser: Side },
}

impl Ending {
    /// The loser of an ending decided outside the rules (resignation, time,
    /// abandonment).
    pub fn loser(self) -> Option<Side> {
        match self {
            Ending::Resignation { loser }
            | Ending::Time { loser }
            | Ending::Abandoned { loser } => Some(loser),
            Ending::Unfinished | Ending::Rules(_) => None,
        }
    }
}

/// A game record, checked: its moves are legal and its ending is true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub ruleset: Ruleset,
    /// Tags other than Game, Version, Setup, Result and Ending, in order.
    pub tags: Vec<(String, String)>,
    pub setup: Option<Setup>,
    /// The seed of the lot ([`crate::LastFour::Lot`] only; see
    /// [`Game::with_lot_seed`]). A lot ruleset's record without one draws
    /// from seed 0.
    pub lot_seed: Option<u64>,
    pub moves: Vec<Pit>,
    pub ending: Ending,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Syntax { line: usize, message: String },
    MissingGame,
    Version(VersionError),
    Setup(SetupError),
    Move { number: usize, error: MoveError },
    Illegal { number: usize, text: String, error: crate::IllegalMove },
    Ending(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, message } => write!(f, "record line {line}: {message}"),
            RecordError::MissingGame => write!(
                f,
                "record has no [Game \"...\"] tag naming the ruleset (e.g. [Game \"wahree\"])"
            ),
            RecordError::Version(e) => write!(f, "record: {e}"),
            RecordError::Setup(e) => write!(f, "record [Setup]: {e}"),
            RecordError::Move { number, error } => write!(f, "record move {number}: {error}"),
            RecordError::Illegal { number, text, error } => {
                write!(f, "record move {number} ({text}) is illegal: {error}")
            }
            RecordError::Ending(message) => write!(f, "record: {message}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// The tags whose values the record derives itself.
const STRUCTURAL: [&str; 6] = ["Game", "Version", "Lot", "Setup", "Result", "Ending"];

fn result_text(winner: Option<Side>) -> &'static str {
    match winner {
        Some(side) => side.name(),
        None => "draw",
    }
}

impl Record {
    /// A record of a game, with an ending for one that the rules have not
    /// ended (`Unfinished`, `Resignation`, `Time`, `Abandoned`, or
    /// `Rules(Agreed)`).
    /// Control characters in tag values (which the format cannot hold) become
    /// spaces, tag names keep only letters, digits and `_`, and the five
    /// structural tags (derived from the game) and repeated names are dropped.
    pub fn new(
        ruleset: Ruleset,
        game: &Game,
        tags: Vec<(String, String)>,
        ending: Ending,
    ) -> Record {
        let mut clean: Vec<(String, String)> = Vec::new();
        for (k, v) in tags {
            let k: String = k.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let v: String = v.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
            if k.is_empty()
                || STRUCTURAL.contains(&k.as_str())
                || clean.iter().any(|(k2, _)| *k2 == k)
            {
                continue;
            }
            clean.push((k, v));
        }
        let tags = clean;
        let start = game.start();
        let setup = (*start != game.rules().start()).then(|| start.to_setup());
        let ending = match game.position().outcome() {
            Some(o) => Ending::Rules(o.reason),
            None => ending,
        };
        let lot_seed = ruleset.rules.draws_lots().then(|| game.lot_seed());
        Record { ruleset, tags, setup, lot_seed, moves: game.moves().to_vec(), ending }
    }

    /// Replays the record into a game (with an agreed end applied).
    pub fn game(&self) -> Game {
        let rules = self.ruleset.rules;
        let start = match &self.setup {
            Some(setup) => rules.setup(setup).unwrap_or_else(|_| rules.start()),
            None => rules.start(),
        };
        let mut game = Game::from_position(rules, start).with_lot_seed(self.lot_seed.unwrap_or(0));
        for &pit in &self.moves {
            if game.play(pit).is_err() {
                break;
            }
        }
        if self.ending == Ending::Rules(EndReason::Agreed) {
            game.agree_to_end();
        }
        game
    }

    /// The result: `Some(winner)`, `Some(None)` for a draw, `None` if
    /// unfinished.
    pub fn result(&self) -> Option<Option<Side>> {
        match self.ending {
            Ending::Unfinished => None,
            Ending::Resignation { loser }
            | Ending::Time { loser }
            | Ending::Abandoned { loser } => Some(Some(!loser)),
            Ending::Rules(_) => self.game().position().outcome().map(|o| o.winner),
        }
    }

    /// A tag's value (other than the six structural tags).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Parses and checks a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut move_words: Vec<(usize, String)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                if !move_words.is_empty() {
                    return Err(RecordError::Syntax {
                        line: line_no,
                        message: "tags must come before the moves".into(),
                    });
                }
                tags.push(
                    parse_tag(line)
                        .map_err(|message| RecordError::Syntax { line: line_no, message })?,
                );
            } else {
                move_words.extend(line.split_whitespace().map(|w| (line_no, w.to_string())));
            }
        }
        for (i, (k, _)) in tags.iter().enumerate() {
            if tags[..i].iter().any(|(k2, _)| k2 == k) {
                return Err(RecordError::Ending(format!("tag [{k}] appears more than once")));
            }
        }
        let take = |tags: &mut Vec<(String, String)>, name: &str| -> Option<String> {
            let i = tags.iter().position(|(k, _)| k == name)?;
            Some(tags.remove(i).1)
        };
        let game_id = take(&mut tags, "Game").ok_or(RecordError::MissingGame)?;
        let version = match take(&mut tags, "Version") {
            Some(v) => v.parse::<u32>().map_err(|_| {
                RecordError::Ending(format!(
                    "[Version \"{}\"] is not a version number",
                    v.escape_debug()
                ))
            })?,
            None => {
                ruleset(&game_id)
                    .map_err(|e| RecordError::Version(VersionError::Unknown(e)))?
                    .version
            }
        };
        let ruleset = *ruleset_version(&game_id, version).map_err(RecordError::Version)?;
        let rules = ruleset.rules;
        let setup = match take(&mut tags, "Setup") {
            Some(text) => {
                let setup: Setup = text.parse().map_err(RecordError::Setup)?;
                rules.setup(&setup).map_err(RecordError::Setup)?;
                Some(setup)
            }
            None => None,
        };
        let lot_seed = match take(&mut tags, "Lot") {
            Some(_) if !ruleset.rules.draws_lots() => {
                return Err(RecordError::Ending(format!(
                    "[Lot] is only for rulesets whose last four go by lot (anywoli-lot), not {}",
                    ruleset.id
                )))
            }
            Some(v) => Some(v.parse::<u64>().map_err(|_| {
                RecordError::Ending(format!(
                    "[Lot \"{}\"] is not a seed (a whole number from 0 to {})",
                    v.escape_debug(),
                    u64::MAX
                ))
            })?),
            None => None,
        };
        let result = take(&mut tags, "Result");
        let ending_text = take(&mut tags, "Ending");

        let start = match &setup {
            Some(s) => rules.setup(s).map_err(RecordError::Setup)?,
            None => rules.start(),
        };
        let mut game = Game::from_position(rules, start).with_lot_seed(lot_seed.unwrap_or(0));
        let mut moves = Vec::with_capacity(move_words.len());
        for (number, (_, word)) in move_words.iter().enumerate() {
            let number = number + 1;
            let pit =
                Pit::parse(word, &rules).map_err(|error| RecordError::Move { number, error })?;
            game.play(pit).map_err(|error| RecordError::Illegal {
                number,
                text: word.clone(),
                error,
            })?;
            moves.push(pit);
        }

        let over = game.position().outcome();
        let ending = match ending_text.as_deref() {
            None => match over {
                Some(o) => Ending::Rules(o.reason),
                None => Ending::Unfinished,
            },
            Some("unfinished") => Ending::Unfinished,
            Some(kind @ ("resignation" | "time" | "abandoned")) => {
                let loser = match result.as_deref() {
                    Some("south") => Side::North,
                    Some("north") => Side::South,
                    other => {
                        return Err(RecordError::Ending(format!(
                        "an ending by {kind} needs [Result \"south\"] or [Result \"north\"], not {:?}",
                        other.unwrap_or("nothing")
                    )))
                    }
                };
                match kind {
                    "time" => Ending::Time { loser },
                    "abandoned" => Ending::Abandoned { loser },
                    _ => Ending::Resignation { loser },
                }
            }
            Some(id) => Ending::Rules(EndReason::parse(id).ok_or_else(|| {
                RecordError::Ending(format!(
                    "unknown [Ending \"{}\"]; expected one of: {}, resignation, time, abandoned, unfinished",
                    id.escape_debug(),
                    EndReason::ALL.map(|r| r.id()).join(", ")
                ))
            })?),
        };
        match (ending, over) {
            (Ending::Rules(reason), Some(o)) if reason == o.reason => {}
            (Ending::Rules(EndReason::Agreed), None) => {
                game.agree_to_end();
            }
            (_, Some(o)) => {
                return Err(RecordError::Ending(format!(
                    "the moves end the game ({}, ending \"{}\"), but the record says otherwise",
                    o.reason.describe(),
                    o.reason.id()
                )))
            }
            (Ending::Rules(reason), None) => {
                return Err(RecordError::Ending(format!(
                    "the record says the game ended \"{}\", but after its moves the game goes on",
                    reason.id()
                )))
            }
            _ => {}
        }
        let record = Record { ruleset, tags, setup, lot_seed, moves, ending };
        let expected = record.result_from(&game);
        if let Some(result) = result {
            if result != expected {
                return Err(RecordError::Ending(format!(
                    "[Result \"{}\"] disagrees with the game, whose result is \"{expected}\"",
                    result.escape_debug()
                )));
            }
        }
        Ok(record)
    }

    fn result_from(&self, game: &Game) -> &'static str {
        match self.ending {
            Ending::Unfinished => "*",
            Ending::Resignation { loser }
            | Ending::Time { loser }
            | Ending::Abandoned { loser } => (!loser).name(),
            Ending::Rules(_) => result_text(game.position().outcome().and_then(|o| o.winner)),
        }
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let help = "a tag is written [Name \"value\"]";
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("unclosed tag; {help}"))?;
    let (name, value) =
        inner.split_once(' ').ok_or_else(|| format!("tag without a value; {help}"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "tag name '{}' must be letters, digits or _; {help}",
            name.escape_debug()
        ));
    }
    let value = value.trim();
    let quoted = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .filter(|v| !v.is_empty() || value.len() == 2)
        .ok_or_else(|| format!("the value of [{name}] must be in double quotes; {help}"))?;
    let mut out = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => out.push(e),
                _ => return Err(format!("in [{name}], a backslash must be followed by \\ or \"")),
            },
            '"' => {
                return Err(format!(
                    "in [{name}], a double quote inside the value must be written \\\""
                ))
            }
            c if c.is_control() => return Err(format!("[{name}] contains a control character")),
            c => out.push(c),
        }
    }
    Ok((name.to_string(), out))
}

fn quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The canonical text: parsing it gives the same record, and writing that
/// gives the same text.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Game {}]", quote(self.ruleset.id))?;
        writeln!(f, "[Version \"{}\"]", self.ruleset.version)?;
        if let Some(seed) = self.lot_seed {
            writeln!(f, "[Lot \"{seed}\"]")?;
        }
        for (k, v) in &self.tags {
            writeln!(f, "[{k} {}]", quote(v))?;
        }
        if let Some(setup) = &self.setup {
            writeln!(f, "[Setup \"{setup}\"]")?;
        }
        let game = self.game();
        writeln!(f, "[Result \"{}\"]", self.result_from(&game))?;
        let ending = match self.ending {
            Ending::Unfinished => "unfinished",
            Ending::Rules(reason) => reason.id(),
            Ending::Resignation { .. } => "resignation",
            Ending::Time { .. } => "time",
            Ending::Abandoned { .. } => "abandoned",
        };
        writeln!(f, "[Ending \"{ending}\"]")?;
        writeln!(f)?;
        let rules = self.ruleset.rules;
        let mut width = 0;
        for (i, pit) in self.moves.iter().enumerate() {
            if width >= 60 {
                writeln!(f)?;
                width = 0;
            } else if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{}", pit.letter(&rules))?;
            width += 2;
        }
        writeln!(f)
    }
}
