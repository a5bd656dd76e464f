//! Sentences for people about what a move did, built from its events.

use crate::event::Event;
use crate::game::MoveReport;
use crate::moves::Pit;
use crate::position::{EndReason, Outcome};
use crate::rules::Rules;
use crate::side::Side;

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

fn plural(n: u32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// One or two sentences explaining a move: what was sown, relayed and
/// captured and why, and what happens next.
pub fn explain(rules: &Rules, report: &MoveReport) -> String {
    let letter = |p: Pit| p.letter(rules);
    let mover = capitalised(report.mover);
    let mut parts: Vec<String> = Vec::new();
    let mut lap_drops: Vec<char> = Vec::new();
    let mut skipped = false;
    let mut captures: Vec<String> = Vec::new();
    let mut chain: Vec<(char, u8)> = Vec::new();
    let mut tail: Vec<String> = Vec::new();
    // Each lap is told as "into d, e, f and A", or "round the board to A"
    // when it is long, appended to the sentence part before it.
    let flush_lap = |parts: &mut Vec<String>, drops: &mut Vec<char>, skipped: &mut bool| {
        if let (Some(last), Some(part)) = (drops.last(), parts.last_mut()) {
            if drops.len() <= 6 {
                let mut names: Vec<String> = drops.iter().map(char::to_string).collect();
                let tail = names.pop().unwrap_or_default();
                if names.is_empty() {
                    part.push_str(&format!(" into {tail}"));
                } else {
                    part.push_str(&format!(" into {} and {tail}", names.join(", ")));
                }
            } else {
                part.push_str(&format!(" round the board to {last}"));
            }
            if *skipped {
                part.push_str(if matches!(rules.origin, crate::Origin::SkippedByEachLap) {
                    " (skipping the pit it was lifted from)"
                } else {
                    " (skipping the emptied pit)"
                });
            }
        }
        drops.clear();
        *skipped = false;
    };
    for event in &report.events {
        match *event {
            Event::Take { pit, seeds } => {
                parts.push(format!("{mover} sowed {} from {}", plural(seeds as u32, "seed"), letter(pit)))
            }
            Event::Drop { pit } => lap_drops.push(letter(pit)),
            Event::Skip { .. } => skipped = true,
            Event::Relay { pit, seeds } => {
                flush_lap(&mut parts, &mut lap_drops, &mut skipped);
                parts.push(format!(
                    "{} was occupied, so its {} were lifted and sown on",
                    letter(pit),
                    plural(seeds as u32, "seed")
                ));
            }
            Event::Capture { pit, seeds, by } => {
                if seeds == 4 && matches!(rules.capture, crate::Capture::Fours { .. }) {
                    let whose = if by == report.mover { "the mover" } else { "its owner" };
                    captures.push(format!(
                        "{} captured the four in {} ({whose})",
                        capitalised(by),
                        letter(pit)
                    ));
                } else if matches!(rules.capture, crate::Capture::Opposite) {
                    let landed = lap_drops.last().copied().unwrap_or('?');
                    captures.push(format!(
                        "the last seed fell in the empty {landed}, so {} captured the {} in {}, \
                         the pit opposite",
                        capitalised(by),
                        plural(seeds as u32, "seed"),
                        letter(pit)
                    ));
                } else {
                    chain.push((letter(pit), seeds));
                }
            }
            Event::GrandSlam { .. } => {
                tail.push("that was every seed in the opponent's row: a grand slam".to_string())
            }
            Event::GrandSlamVoided { seeds } => tail.push(format!(
                "taking all {} in the opponent's row would be a grand slam, which captures nothing here",
                plural(seeds as u32, "seed")
            )),
            Event::ExtraTurn { side } => {
                tail.push(format!("{} made four with the last seed and moves again", capitalised(side)))
            }
            Event::Pass { side } => tail.push(format!("{} cannot move and passes", capitalised(side))),
            Event::Lot { side } => {
                tail.push(format!("the lot gives the last four seeds to {}", capitalised(side)))
            }
            Event::Award { side, seeds } => tail.push(format!(
                "{} takes the {} left",
                capitalised(side),
                plural(seeds as u32, "seed")
            )),
            Event::End(outcome) => tail.push(outcome_sentence(
                &report.after.captured(),
                outcome,
                reason_in(rules, outcome.reason),
            )),
        }
    }
    flush_lap(&mut parts, &mut lap_drops, &mut skipped);
    if !chain.is_empty() {
        let total: u32 = chain.iter().map(|&(_, s)| s as u32).sum();
        let pits: Vec<String> = chain.iter().map(|(p, s)| format!("{s} in {p}")).collect();
        let why = if chain.len() == 1 {
            "it made 2 or 3 there".to_string()
        } else {
            "it made 2 or 3, and so did each pit before it".to_string()
        };
        let capture =
            format!(", capturing {} ({}) because {why}", plural(total, "seed"), pits.join(", "));
        if let Some(last) = parts.last_mut() {
            last.push_str(&capture);
        }
    }
    if !captures.is_empty() {
        if let Some(last) = parts.last_mut() {
            last.push_str(", and ");
            last.push_str(&captures.join(", "));
        }
    }
    // Laps are separated by semicolons; a lap's details by commas.
    let mut text = parts.join("; ");
    text.push('.');
    for t in tail {
        text.push(' ');
        let mut chars = t.chars();
        if let Some(first) = chars.next() {
            text.extend(first.to_uppercase());
            text.push_str(chars.as_str());
        }
        text.push('.');
    }
    if !report.after.is_over()
        && !report.events.iter().any(|e| matches!(e, Event::ExtraTurn { .. } | Event::Pass { .. }))
    {
        text.push_str(&format!(" {} to move.", capitalised(report.after.to_move())));
    }
    text
}

/// "Game over: a position repeated. South wins 25-23."
pub fn describe_outcome(captured: &crate::BySide<u8>, outcome: Outcome) -> String {
    outcome_sentence(captured, outcome, outcome.reason.describe())
}

fn outcome_sentence(captured: &crate::BySide<u8>, outcome: Outcome, reason: &str) -> String {
    let score = format!("{}-{}", captured.south, captured.north);
    let result = match outcome.winner {
        Some(side) => format!("{} wins {score}", capitalised(side)),
        None => format!("a draw, {score}"),
    };
    format!("game over: {reason}; {result}")
}

/// Why a game ended, in `rules`' words: in a game of fours (Anywoli) no
/// seeds are left in play because the last four were taken, so that is
/// what is said.
fn reason_in(rules: &Rules, reason: EndReason) -> &'static str {
    match (rules.capture, reason) {
        (crate::Capture::Fours { .. }, EndReason::Exhausted) => "the last four seeds were taken",
        (_, EndReason::NoMoves) if matches!(rules.starved, crate::Starved::GameEnds(_)) => {
            "the player to move had no legal move (every move would relay forever)"
        }
        _ => reason.describe(),
    }
}
