//! The JSON forms of a game's state and of a move's events, written in one
//! place: `mancala replay --format jsonl` prints [`state`] once per
//! position, and the Python package's `Game.state()` and `Game.events()`
//! return the very same objects.
//!
//! A state holds `ply`, `move` (the last move's letter, `null` at the start
//! or after an agreed end), `board` (seeds per pit in sowing order),
//! `captured` (`[south, north]`), `to_move` (`"south"`/`"north"`, the player
//! who really moves next, `null` once over), `legal` (pit letters in board
//! order), `over`, `winner` (`"south"`, `"north"`, `"draw"`, `null` until
//! over), `end` and `ending` (why the game ended, the same id under both
//! names: `ending` is the name records use), `position` (the one-line
//! notation), and after a move its `explanation` (and with events asked
//! for, `events`), both from the move's report.
//!
//! A move's report ([`move_report`]) holds `move`, `mover`, `before`,
//! `captured_before`, `events` and `explanation`; the web server sends it
//! after each move (with the explanation in every interface language), and
//! the lines of `replay` take their `explanation` and `events` from it.

use mancala_rules::{explain, Event, Game, MoveReport, Pit, Rules};
use serde_json::{json, Value};

/// The state of `game` after `report` (the move that led to it, if any),
/// as one line of `mancala replay --format jsonl`.
pub fn state(rules: &Rules, game: &Game, report: Option<&MoveReport>, events: bool) -> Value {
    let pos = game.position();
    let outcome = pos.outcome();
    let mut line = json!({
        "ply": game.moves().len(),
        "move": null,
        "board": pos.pits(),
        "captured": [pos.captured().south, pos.captured().north],
        "to_move": if pos.is_over() { None } else { Some(pos.to_move().name()) },
        "legal": game.legal_moves().map(|p| p.letter(rules).to_string()).collect::<Vec<_>>(),
        "over": pos.is_over(),
        "winner": outcome.map(|o| o.winner.map_or("draw", |s| s.name())),
        "end": outcome.map(|o| o.reason.id()),
        "ending": outcome.map(|o| o.reason.id()),
        "position": pos.to_string(),
    });
    if let Some(report) = report {
        let mut json = move_report(rules, report, explain(rules, report).into());
        line["move"] = json["move"].take();
        line["explanation"] = json["explanation"].take();
        if events {
            line["events"] = json["events"].take();
        }
    }
    line
}

/// A move's report as JSON: `move` (the pit's letter), `mover`
/// (`"south"`/`"north"`), `before` (the board before the move, seeds per
/// pit in sowing order), `captured_before` (`[south, north]` before it),
/// `events` (every event in order, as [`event`] writes each) and
/// `explanation`, as given: the English sentence of [`explain`] for the
/// command and the Python package, one per language for the web server.
pub fn move_report(rules: &Rules, report: &MoveReport, explanation: Value) -> Value {
    let before = &report.before;
    json!({
        "move": report.pit.letter(rules).to_string(),
        "mover": report.mover.name(),
        "before": before.pits(),
        "captured_before": [before.captured().south, before.captured().north],
        "events": events_json(rules, report),
        "explanation": explanation,
    })
}

/// Every event of a move, in order.
pub fn events_json(rules: &Rules, report: &MoveReport) -> Value {
    report.events.iter().map(|e| event(rules, e)).collect()
}

/// One event: `{"type": "take", "pit": "c", "seeds": 4}` and so on.
pub fn event(rules: &Rules, event: &Event) -> Value {
    use mancala_rules::Event::*;
    let l = |p: &Pit| p.letter(rules).to_string();
    match event {
        Take { pit, seeds } => json!({"type": "take", "pit": l(pit), "seeds": seeds}),
        Drop { pit } => json!({"type": "drop", "pit": l(pit)}),
        Skip { pit } => json!({"type": "skip", "pit": l(pit)}),
        Relay { pit, seeds } => json!({"type": "relay", "pit": l(pit), "seeds": seeds}),
        Capture { pit, seeds, by } => {
            json!({"type": "capture", "pit": l(pit), "seeds": seeds, "by": by.name()})
        }
        GrandSlam { seeds } => json!({"type": "grand-slam", "seeds": seeds}),
        GrandSlamVoided { seeds } => json!({"type": "grand-slam-voided", "seeds": seeds}),
        ExtraTurn { side } => json!({"type": "extra-turn", "side": side.name()}),
        Pass { side } => json!({"type": "pass", "side": side.name()}),
        Lot { side } => json!({"type": "lot", "side": side.name()}),
        Award { side, seeds } => json!({"type": "award", "side": side.name(), "seeds": seeds}),
        End(o) => {
            json!({"type": "end", "reason": o.reason.id(), "winner": o.winner.map_or("draw", |s| s.name())})
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::ruleset;

    #[test]
    fn a_state_after_a_move_names_it_and_explains_it() {
        let rules = ruleset("oware-abapa").unwrap().rules;
        let mut game = Game::new(rules);
        let start = state(&rules, &game, None, false);
        assert_eq!(start["move"], Value::Null);
        assert_eq!(start["legal"], json!(["a", "b", "c", "d", "e", "f"]));
        assert_eq!(start["ending"], Value::Null);
        let c = Pit::parse("c", &rules).unwrap();
        let report = game.play_reported(c).unwrap();
        let after = state(&rules, &game, Some(&report), true);
        assert_eq!(after["ply"], 1);
        assert_eq!(after["move"], "c");
        assert_eq!(after["board"], json!([4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]));
        assert_eq!(after["to_move"], "north");
        assert_eq!(after["events"][0], json!({"type": "take", "pit": "c", "seeds": 4}));
        assert!(after["explanation"].as_str().is_some_and(|s| !s.is_empty()));
    }

    #[test]
    fn a_move_report_holds_the_move_the_board_before_it_and_every_event() {
        // Oware (Abapa): South sows e (3 seeds) into f, A and B, and takes
        // the 2 and 3 now in A and B.
        let rules = ruleset("oware-abapa").unwrap().rules;
        let pos = rules.parse_position("0,0,0,0,3,0/1,2,0,0,0,1 20-21 S").unwrap();
        let mut game = Game::from_position(rules, pos);
        let e = Pit::parse("e", &rules).unwrap();
        let report = game.play_reported(e).unwrap();
        let json = move_report(&rules, &report, "a sentence".into());
        assert_eq!(json["move"], "e");
        assert_eq!(json["mover"], "south");
        assert_eq!(json["before"], json!([0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 1]));
        assert_eq!(json["captured_before"], json!([20, 21]));
        assert_eq!(json["explanation"], "a sentence");
        let events = json["events"].as_array().unwrap();
        assert_eq!(events[0], json!({"type": "take", "pit": "e", "seeds": 3}));
        let captures: Vec<&Value> = events.iter().filter(|e| e["type"] == "capture").collect();
        assert_eq!(
            captures,
            [
                &json!({"type": "capture", "pit": "B", "seeds": 3, "by": "south"}),
                &json!({"type": "capture", "pit": "A", "seeds": 2, "by": "south"}),
            ]
        );
        assert_eq!(json.as_object().unwrap().len(), 6, "{json}");
        // A replay line takes the move, its explanation and its events from
        // the report.
        let line = state(&rules, &game, Some(&report), true);
        let english = move_report(&rules, &report, explain(&rules, &report).into());
        for key in ["move", "explanation", "events"] {
            assert_eq!(line[key], english[key], "{key}");
        }
    }

    #[test]
    fn a_finished_game_names_its_ending_under_both_names() {
        let rules = ruleset("barbados-warri").unwrap().rules;
        let pos = rules.parse_position("0,0,0,0,0,1/1,0,0,0,0,0 23-23 S").unwrap();
        let mut game = Game::from_position(rules, pos);
        game.agree_to_end().unwrap();
        let line = state(&rules, &game, None, false);
        assert_eq!(line["over"], true);
        assert_eq!(line["to_move"], Value::Null);
        assert_eq!(line["end"], "agreed");
        assert_eq!(line["ending"], "agreed");
        assert!(line["winner"].is_string());
    }
}
