//! The sentence explaining a move, in every interface language. English is
//! the rules library's own (`mancala_rules::explain`); Vietnamese and Dutch
//! are built here from the same events with the translated templates of
//! [`crate::i18n`].

use crate::i18n::{t, Lang};
use mancala_rules::{explain, Capture, Event, MoveReport, Pit, Rules, Ruleset, Side};
use serde_json::{json, Value};

fn fill(template: &str, args: &[(&str, String)]) -> String {
    let mut text = template.to_string();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

pub fn side_word(lang: Lang, side: Side) -> &'static str {
    match side {
        Side::South => t(lang, "side.south"),
        Side::North => t(lang, "side.north"),
    }
}

pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The explanation of a move in one language, built from its events.
pub fn sentence(lang: Lang, ruleset: &Ruleset, report: &MoveReport) -> String {
    let rules = &ruleset.rules;
    let mut sowing = Sowing::new(lang, rules, report.mover);
    let mut tail: Vec<String> = Vec::new();
    for event in &report.events {
        match after_sowing(lang, rules, report, event) {
            Some(sentence) => tail.push(sentence),
            None => sowing.event(event),
        }
    }
    let mut text = sowing.text();
    text.push('.');
    for sentence in tail {
        text.push(' ');
        text.push_str(&capitalise(&sentence));
        text.push('.');
    }
    let moves_on =
        report.events.iter().any(|e| matches!(e, Event::ExtraTurn { .. } | Event::Pass { .. }));
    if !report.after.is_over() && !moves_on {
        text.push(' ');
        text.push_str(&fill(
            t(lang, "ex.to-move"),
            &[("side", side_word(lang, report.after.to_move()).to_string())],
        ));
    }
    text
}

/// The first sentence of a move's explanation, built as its sowing events
/// come: one part per lap, then the seeds captured.
struct Sowing<'a> {
    lang: Lang,
    rules: &'a Rules,
    mover: &'static str,
    parts: Vec<String>,
    last_drop: Option<Pit>,
    /// The pits and seeds of the captures but fours, said together.
    chain: Vec<(String, u8)>,
    fours: Vec<String>,
}

impl<'a> Sowing<'a> {
    fn new(lang: Lang, rules: &'a Rules, mover: Side) -> Self {
        Sowing {
            lang,
            rules,
            mover: side_word(lang, mover),
            parts: Vec::new(),
            last_drop: None,
            chain: Vec::new(),
            fours: Vec::new(),
        }
    }

    fn letter(&self, pit: Pit) -> String {
        pit.letter(self.rules).to_string()
    }

    /// Takes in a sowing event (the others are said after it).
    fn event(&mut self, event: &Event) {
        let lang = self.lang;
        match *event {
            Event::Take { pit, seeds } => self.parts.push(fill(
                t(lang, if seeds == 1 { "ex.sow-one" } else { "ex.sow" }),
                &[
                    ("side", self.mover.to_string()),
                    ("n", seeds.to_string()),
                    ("pit", self.letter(pit)),
                ],
            )),
            Event::Drop { pit } => self.last_drop = Some(pit),
            Event::Relay { pit, seeds } => {
                self.end_lap();
                let part = fill(
                    t(lang, "ex.relay"),
                    &[("pit", self.letter(pit)), ("n", seeds.to_string())],
                );
                self.parts.push(part);
            }
            Event::Capture { pit, seeds, by } => {
                if seeds == 4 && matches!(self.rules.capture, Capture::Fours { .. }) {
                    let four = fill(
                        t(lang, "ex.four"),
                        &[("side", side_word(lang, by).to_string()), ("pit", self.letter(pit))],
                    );
                    self.fours.push(four);
                } else {
                    let pit = self.letter(pit);
                    self.chain.push((pit, seeds));
                }
            }
            _ => {}
        }
    }

    /// Ends the lap under way with the pit its last seed fell in.
    fn end_lap(&mut self) {
        if let Some(pit) = self.last_drop.take() {
            let last = fill(t(self.lang, "ex.last"), &[("pit", self.letter(pit))]);
            if let Some(part) = self.parts.last_mut() {
                part.push_str(&last);
            }
        }
    }

    /// The laps and captures, without the closing full stop.
    fn text(mut self) -> String {
        let lang = self.lang;
        self.end_lap();
        if !self.chain.is_empty() {
            let total: u32 = self.chain.iter().map(|(_, s)| *s as u32).sum();
            let list: Vec<String> = self
                .chain
                .iter()
                .map(|(pit, seeds)| {
                    fill(t(lang, "ex.in"), &[("n", seeds.to_string()), ("pit", pit.clone())])
                })
                .collect();
            if let Some(part) = self.parts.last_mut() {
                part.push_str(&fill(
                    t(lang, "ex.capture"),
                    &[("n", total.to_string()), ("list", list.join(", "))],
                ));
            }
        }
        if let Some(part) = self.parts.last_mut() {
            for four in self.fours {
                part.push_str("; ");
                part.push_str(&four);
            }
        }
        self.parts.join("; ")
    }
}

/// The sentence an event after the sowing adds (a grand slam, an extra
/// turn, a pass, the end of the game...); `None` for a sowing event.
fn after_sowing(lang: Lang, rules: &Rules, report: &MoveReport, event: &Event) -> Option<String> {
    let about =
        |template: &str, side: Side| fill(template, &[("side", side_word(lang, side).to_string())]);
    Some(match *event {
        Event::Take { .. }
        | Event::Drop { .. }
        | Event::Skip { .. }
        | Event::Relay { .. }
        | Event::Capture { .. } => return None,
        Event::GrandSlam { .. } => t(lang, "ex.grand-slam").to_string(),
        Event::GrandSlamVoided { seeds } => {
            fill(t(lang, "ex.grand-slam-voided"), &[("n", seeds.to_string())])
        }
        Event::ExtraTurn { side } => about(t(lang, "ex.extra-turn"), side),
        Event::Pass { side } => about(t(lang, "ex.pass"), side),
        Event::Lot { side } => about(t(lang, "ex.lot"), side),
        Event::Award { side, seeds } => fill(
            t(lang, if seeds == 1 { "ex.award-one" } else { "ex.award" }),
            &[("side", side_word(lang, side).to_string()), ("n", seeds.to_string())],
        ),
        Event::End(outcome) => {
            let captured = report.after.captured();
            let score = format!("{}-{}", captured.south, captured.north);
            let result = match outcome.winner {
                Some(side) => fill(
                    t(lang, "ex.wins"),
                    &[("side", side_word(lang, side).to_string()), ("score", score)],
                ),
                None => fill(t(lang, "ex.draw"), &[("score", score)]),
            };
            fill(
                t(lang, "ex.end"),
                &[
                    ("reason", t(lang, &ending_key(rules, outcome.reason.id())).to_string()),
                    ("result", result),
                ],
            )
        }
    })
}

/// The move's explanation in every language: `{"en": ..., "vi": ..., "nl": ...}`.
pub fn explanations(ruleset: &Ruleset, report: &MoveReport) -> Value {
    json!({
        "en": explain(&ruleset.rules, report),
        "vi": sentence(Lang::Vi, ruleset, report),
        "nl": sentence(Lang::Nl, ruleset, report),
    })
}

/// Takes "South to move." off the end of each explanation of `report`, for
/// a game that ended after that move other than by its rules (resignation,
/// time, agreement, abandonment): nobody is to move any more.
pub fn drop_to_move(explanations: &mut Value, report: &MoveReport) {
    if report.after.is_over() {
        return;
    }
    let side = report.after.to_move();
    for lang in Lang::ALL {
        let suffix = format!(
            " {}",
            fill(t(lang, "ex.to-move"), &[("side", side_word(lang, side).to_string())])
        );
        if let Some(Value::String(text)) = explanations.get_mut(lang.code()) {
            if let Some(kept) = text.strip_suffix(&suffix) {
                *text = kept.to_string();
            }
        }
    }
}

/// Why a game ended under `rules`, in every language (a rules ending,
/// `agreed`, `resignation`, `time` or `abandoned`).
pub fn ending_texts(rules: &Rules, ending: &str) -> Value {
    let key = ending_key(rules, ending);
    json!({ "en": t(Lang::En, &key), "vi": t(Lang::Vi, &key), "nl": t(Lang::Nl, &key) })
}

/// The text key of an ending (`end.ID`): in a game of fours (Anywoli) no
/// seeds are left in play because the last four were taken, and that is
/// what is said.
pub fn ending_key(rules: &Rules, ending: &str) -> String {
    match (rules.capture, ending) {
        (Capture::Fours { .. }, "no-seeds-in-play") => "end.last-four".to_string(),
        _ => format!("end.{ending}"),
    }
}

/// A move's explanation in one language: the rules library's own sentence
/// in English, the translated one otherwise (as the game pages show them).
pub fn explanation(lang: Lang, ruleset: &Ruleset, report: &MoveReport) -> String {
    match lang {
        Lang::En => mancala_rules::explain(&ruleset.rules, report),
        _ => sentence(lang, ruleset, report),
    }
}
