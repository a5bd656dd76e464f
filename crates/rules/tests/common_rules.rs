//! Rules shared by the Oware family (Barbados Warri Speightstown and
//! Bridgetown, Wahree, Oware Abapa) and the board notation: each scenario is
//! run over all four presets; where the games differ only in who gets the
//! seeds at the end, the expected end is given per preset.
//!
//! Pits: South a b c d e f, then North A B C D E F, in sowing order.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

// ---------------------------------------------------------------- board

#[test]
fn south_moves_first_and_sowing_runs_counter_clockwise() {
    for (name, rules) in OWARE_FAMILY {
        let start = rules.start();
        assert_eq!(start.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "{name}");
        assert_eq!(start.to_move(), Side::South, "{name}");
        assert_eq!(rules.legal_moves(&start).letters(&rules), "a b c d e f", "{name}");
        // c's four seeds go to d, e, f, then on into North's A.
        let after_c = play(&rules, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "c");
        assert_goes_on(&after_c, "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N");
        assert_eq!(rules.legal_moves(&after_c).letters(&rules), "A B C D E F", "{name}");
        // North's F sows on round into South's a, b, c, d (d ends with 6: no capture).
        let after_f = play(&rules, "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N", "F");
        assert_goes_on(&after_f, "5,5,1,6,5,5/5,4,4,4,4,0 0-0 S");
    }
}

#[test]
fn move_letters_are_case_sensitive() {
    for (name, rules) in OWARE_FAMILY {
        assert_eq!(Pit::parse("a", &rules), Ok(Pit(0)), "{name}");
        assert_eq!(Pit::parse("f", &rules), Ok(Pit(5)), "{name}");
        assert_eq!(Pit::parse("A", &rules), Ok(Pit(6)), "{name}");
        assert_eq!(Pit::parse("F", &rules), Ok(Pit(11)), "{name}");
        for bad in ["g", "G", "", "aa", "1", " a"] {
            assert!(Pit::parse(bad, &rules).is_err(), "{name}: '{bad}' is no pit");
        }
        assert_eq!(Pit(0).letter(&rules), 'a');
        assert_eq!(Pit(6).letter(&rules), 'A');
        // Uppercase is North's: South may not play A, North may not play a.
        let e = refused(&rules, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "A");
        assert_eq!(e.reason, Illegal::NotYourPit, "{name}");
        assert_eq!(e.legal.letters(&rules), "a b c d e f", "{name}");
        let e = refused(&rules, "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N", "a");
        assert_eq!(e.reason, Illegal::NotYourPit, "{name}");
        assert_eq!(e.legal.letters(&rules), "A B C D E F", "{name}");
    }
}

#[test]
fn empty_pit_cannot_be_played() {
    for (name, rules) in OWARE_FAMILY {
        let e = refused(&rules, "0,4,4,4,4,8/4,4,4,4,4,4 0-0 S", "a");
        assert_eq!(e.reason, Illegal::EmptyPit, "{name}");
        assert_eq!(e.legal.letters(&rules), "b c d e f", "{name}");
    }
}

#[test]
fn position_notation_round_trips() {
    for (name, rules) in OWARE_FAMILY {
        for text in [
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N",
            "12,1,1,1,1,1/5,5,5,5,5,6 0-0 S",
            "0,1,0,0,0,2/0,1,0,0,0,0 21-23 S",
        ] {
            assert_eq!(pos(&rules, text).to_string(), text, "{name}");
        }
    }
}

#[test]
fn game_record_is_moves_separated_by_spaces() {
    for id in ["barbados-warri-speightstown", "barbados-warri-bridgetown", "wahree", "oware-abapa"]
    {
        let record = Record::parse(&format!("[Game \"{id}\"]\n\nc F\n")).unwrap();
        let rules = record.ruleset.rules;
        let moves: Vec<char> = record.moves.iter().map(|p| p.letter(&rules)).collect();
        assert_eq!(moves, ['c', 'F'], "{id}");
        assert_eq!(record.game().position().to_string(), "5,5,1,6,5,5/5,4,4,4,4,0 0-0 S", "{id}");
        assert_eq!(record.ending, Ending::Unfinished);
        // Case matters in records too: after c it is North's turn, f is South's.
        assert!(
            matches!(
                Record::parse(&format!("[Game \"{id}\"]\n\nc f\n")),
                Err(RecordError::Illegal { number: 2, .. })
            ),
            "{id}"
        );
    }
}

// ---------------------------------------------------------------- move

#[test]
fn emptied_pit_is_skipped_from_12_seeds() {
    for (name, rules) in OWARE_FAMILY {
        // 12 seeds from a: b..f and A..F get one each (11), a is skipped, b
        // gets the 12th. The last seed is in South's own row: no capture.
        let after = play(&rules, "12,1,1,1,1,1/5,5,5,5,5,6 0-0 S", "a");
        assert_goes_on(&after, "0,3,2,2,2,2/6,6,6,6,6,7 0-0 N");
        let ev = events(&rules, "12,1,1,1,1,1/5,5,5,5,5,6 0-0 S", "a");
        assert_eq!(ev.iter().filter(|e| matches!(e, Event::Skip { .. })).count(), 1, "{name}");
        assert!(ev.contains(&Event::Skip { pit: Pit(0) }), "{name}");
        // Mirror for North: 12 from A, A skipped, B gets the 12th.
        let after = play(&rules, "5,5,5,5,5,6/12,1,1,1,1,1 0-0 N", "A");
        assert_goes_on(&after, "6,6,6,6,6,7/0,3,2,2,2,2 0-0 S");
    }
}

#[test]
fn eleven_seeds_do_not_come_round_to_the_emptied_pit() {
    for (name, rules) in OWARE_FAMILY {
        // 11 seeds from a end in F (8 seeds: no capture); nothing is skipped.
        let after = play(&rules, "11,1,1,1,1,1/5,5,5,5,5,7 0-0 S", "a");
        assert_goes_on(&after, "0,2,2,2,2,2/6,6,6,6,6,8 0-0 N");
        let ev = events(&rules, "11,1,1,1,1,1/5,5,5,5,5,7 0-0 S", "a");
        assert!(!ev.iter().any(|e| matches!(e, Event::Skip { .. })), "{name}");
    }
}

#[test]
fn emptied_pit_is_skipped_on_every_lap() {
    for (_, rules) in OWARE_FAMILY {
        // 23 seeds from a: two full rounds of the 11 other pits, then b.
        let after = play(&rules, "23,0,0,0,0,0/5,5,5,5,5,0 0-0 S", "a");
        assert_goes_on(&after, "0,3,2,2,2,2/7,7,7,7,7,2 0-0 N");
    }
}

// ---------------------------------------------------------------- capture

#[test]
fn capture_twos_and_threes_chained_backwards() {
    for (_, rules) in OWARE_FAMILY {
        // f's 4 seeds make A=2 B=3 C=2 D=3; last in D: D, C, B, A captured
        // (10), E and F keep their seeds, so no grand slam.
        let after = play(&rules, "5,5,5,5,5,4/1,2,1,2,5,5 3-0 S", "f");
        assert_goes_on(&after, "5,5,5,5,5,0/0,0,0,0,5,5 13-0 N");
    }
}

#[test]
fn capture_chain_stops_at_first_pit_not_two_or_three() {
    for (_, rules) in OWARE_FAMILY {
        // f makes A=2 B=4 C=2 D=3: D and C are taken, B (4) stops the chain,
        // so A's 2 stay.
        let after = play(&rules, "5,5,5,5,5,4/1,3,1,2,1,1 5-5 S", "f");
        assert_goes_on(&after, "5,5,5,5,5,0/2,4,0,0,1,1 10-5 N");
    }
}

#[test]
fn capture_chain_stays_on_opponents_side() {
    for (_, rules) in OWARE_FAMILY {
        // e's 2 seeds make f=2 (South's own) and A=2 (last): only A is taken.
        let after = play(&rules, "5,5,5,5,2,1/1,4,4,4,4,4 2-2 S", "e");
        assert_goes_on(&after, "5,5,5,5,0,2/0,4,4,4,4,4 4-2 N");
    }
}

#[test]
fn no_capture_unless_the_last_seed_makes_two_or_three() {
    for (_, rules) in OWARE_FAMILY {
        // f's 2 seeds: A becomes 2 (not the last seed), B becomes 4 (last).
        let after = play(&rules, "5,5,5,5,5,2/1,3,4,4,4,4 1-0 S", "f");
        assert_goes_on(&after, "5,5,5,5,5,0/2,4,4,4,4,4 1-0 N");
        // The last seed makes 2 in the mover's own row: nothing.
        let after = play(&rules, "4,4,4,4,1,1/5,5,5,5,5,5 0-0 S", "e");
        assert_goes_on(&after, "4,4,4,4,0,2/5,5,5,5,5,5 0-0 N");
    }
}

#[test]
fn north_captures_in_south_row() {
    for (_, rules) in OWARE_FAMILY {
        // F's 3 seeds make a=2 b=3 c=3; last in c: c, b, a are taken (8).
        let after = play(&rules, "1,2,2,4,4,4/4,4,4,4,4,3 4-4 N", "F");
        assert_goes_on(&after, "0,0,0,4,4,4/4,4,4,4,4,0 4-12 S");
    }
}

// ---------------------------------------------------------------- feeding

#[test]
fn feeding_move_required_when_opponent_row_empty() {
    for (name, rules) in OWARE_FAMILY {
        let before = "1,0,0,0,0,1/0,0,0,0,0,0 23-23 S";
        assert_eq!(rules.legal_moves(&pos(&rules, before)).letters(&rules), "f", "{name}");
        let e = refused(&rules, before, "a");
        assert_eq!(e.reason, Illegal::MustFeed, "{name}");
        assert_eq!(e.legal.letters(&rules), "f", "{name}");
        assert_goes_on(&play(&rules, before, "f"), "1,0,0,0,0,0/1,0,0,0,0,0 23-23 N");
        // The same for North.
        let before = "0,0,0,0,0,0/1,0,0,0,0,1 23-23 N";
        assert_eq!(rules.legal_moves(&pos(&rules, before)).letters(&rules), "F", "{name}");
        assert_eq!(refused(&rules, before, "A").reason, Illegal::MustFeed, "{name}");
        assert_goes_on(&play(&rules, before, "F"), "1,0,0,0,0,0/1,0,0,0,0,0 23-23 S");
    }
}

#[test]
fn feeding_move_may_capture_when_seeds_remain() {
    for (name, rules) in OWARE_FAMILY {
        // f's 13 seeds: A..F, a..e, f skipped, A, B. A=2 B=2 (last): B and A
        // are taken, C..F keep one each, so it feeds.
        let before = "0,0,0,0,0,13/0,0,0,0,0,0 17-18 S";
        assert_eq!(rules.legal_moves(&pos(&rules, before)).letters(&rules), "f", "{name}");
        assert_goes_on(&play(&rules, before, "f"), "1,1,1,1,1,0/0,0,1,1,1,1 21-18 N");
    }
}

// ---------------------------------------------------------------- repetition

/// Two single seeds, six pits apart, chase each other round the board: after
/// 12 moves the start position (board and side to move) comes back.
const CHASE_START: &str = "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S";
const CHASE: [(&str, &str); 12] = [
    ("f", "0,0,0,0,0,0/1,0,0,0,0,1 23-23 N"),
    ("F", "1,0,0,0,0,0/1,0,0,0,0,0 23-23 S"),
    ("a", "0,1,0,0,0,0/1,0,0,0,0,0 23-23 N"),
    ("A", "0,1,0,0,0,0/0,1,0,0,0,0 23-23 S"),
    ("b", "0,0,1,0,0,0/0,1,0,0,0,0 23-23 N"),
    ("B", "0,0,1,0,0,0/0,0,1,0,0,0 23-23 S"),
    ("c", "0,0,0,1,0,0/0,0,1,0,0,0 23-23 N"),
    ("C", "0,0,0,1,0,0/0,0,0,1,0,0 23-23 S"),
    ("d", "0,0,0,0,1,0/0,0,0,1,0,0 23-23 N"),
    ("D", "0,0,0,0,1,0/0,0,0,0,1,0 23-23 S"),
    ("e", "0,0,0,0,0,1/0,0,0,0,1,0 23-23 N"),
    ("E", "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S"),
];

#[test]
fn repetition_ends_the_game_at_second_occurrence_of_start_position() {
    for (name, rules) in OWARE_FAMILY {
        let mut g = Game::from_position(rules, pos(&rules, CHASE_START));
        for (i, (m, expected)) in CHASE.iter().enumerate() {
            if i == 1 {
                // South's row is empty: North must feed with F.
                assert_eq!(g.legal_moves().letters(&rules), "F", "{name}");
            }
            g.play(pit(&rules, m)).unwrap();
            if i < 11 {
                assert_goes_on(g.position(), expected);
            }
        }
        let end = g.position();
        let (board, winner) = match name {
            // The circulating seeds stay uncaptured.
            "speightstown" => ("0,0,0,0,0,1/0,0,0,0,0,1 23-23", DRAW),
            // Split 2: one each.
            "bridgetown" => ("0,0,0,0,0,0/0,0,0,0,0,0 24-24", DRAW),
            // Each takes their own row.
            _ => ("0,0,0,0,0,0/0,0,0,0,0,0 24-24", DRAW),
        };
        assert_ends(end, board, EndReason::Cycle, winner);
        assert_eq!(g.moves().len(), 12, "{name}");
    }
}

#[test]
fn repetition_needs_a_game_history() {
    for (_, rules) in OWARE_FAMILY {
        // A lone position knows nothing of the past: the same 12 moves on bare
        // positions just reach the start position again.
        let moves: Vec<&str> = CHASE.iter().map(|(m, _)| *m).collect();
        let back = play(&rules, CHASE_START, &moves.join(" "));
        assert_goes_on(&back, CHASE_START);
    }
}

#[test]
fn position_right_after_a_capture_counts_for_repetition() {
    for (name, rules) in OWARE_FAMILY {
        // f: A=1, B=2 (last): B's 2 are taken, A=1 stops the chain. The
        // position right after that capture comes back after 12 more moves.
        let after_capture = "0,1,0,0,0,0/1,0,0,0,0,0 23-23 N";
        let mut g = game(&rules, "0,1,0,0,0,2/0,1,0,0,0,0 21-23 S", "f");
        assert_goes_on(g.position(), after_capture);
        for (i, m) in "A b B c C d D e E f F".split_whitespace().enumerate() {
            g.play(pit(&rules, m)).unwrap();
            assert!(!g.is_over(), "{name}: over after {} moves", i + 2);
        }
        assert_goes_on(g.position(), "1,0,0,0,0,0/1,0,0,0,0,0 23-23 S");
        g.play(pit(&rules, "a")).unwrap();
        let (board, winner) = match name {
            "speightstown" => ("0,1,0,0,0,0/1,0,0,0,0,0 23-23", DRAW),
            _ => ("0,0,0,0,0,0/0,0,0,0,0,0 24-24", DRAW),
        };
        assert_ends(g.position(), board, EndReason::Cycle, winner);
        assert_eq!(g.moves().len(), 13, "{name}");
    }
}

// ---------------------------------------------------------------- beyond a game

#[test]
fn agreed_end_ends_as_at_a_cycle() {
    for (name, rules) in OWARE_FAMILY {
        let before = "4,0,0,0,0,0/1,0,0,0,0,0 20-23 S";
        let (board, winner) = match name {
            // Seeds stay uncaptured; nobody has 25.
            "speightstown" => ("4,0,0,0,0,0/1,0,0,0,0,0 20-23", DRAW),
            // 5 seeds: 2 each, the odd one to South (4 in South's row vs 1).
            "bridgetown" => ("0,0,0,0,0,0/0,0,0,0,0,0 23-25", N),
            // Each takes their own row: 24-24.
            _ => ("0,0,0,0,0,0/0,0,0,0,0,0 24-24", DRAW),
        };
        let mut g = Game::from_position(rules, pos(&rules, before));
        g.agree_to_end().unwrap();
        assert_ends(g.position(), board, EndReason::Agreed, winner);
        assert!(g.agree_to_end().is_none(), "{name}: already over");
        let finished = rules.finish(&pos(&rules, before), EndReason::Agreed);
        assert_ends(&finished, board, EndReason::Agreed, winner);
        // The same award as a real cycle gives from that board.
        let cycle = rules.finish(&pos(&rules, before), EndReason::Cycle);
        assert_eq!(board_and_score(&cycle), board, "{name}");
    }
}

#[test]
fn agreed_end_is_a_record_ending() {
    for id in ["barbados-warri-speightstown", "barbados-warri-bridgetown", "wahree", "oware-abapa"]
    {
        let text = format!(
            "[Game \"{id}\"]\n[Setup \"4,0,0,0,0,0/1,0,0,0,0,0 20-23 S\"]\n[Ending \"agreed\"]\n\n"
        );
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.ending, Ending::Rules(EndReason::Agreed), "{id}");
        let end = *record.game().position();
        assert_eq!(end.outcome().map(|o| o.reason), Some(EndReason::Agreed), "{id}");
    }
}

#[test]
fn resignation_and_time_are_endings_of_the_record_not_the_rules() {
    for id in ["barbados-warri-speightstown", "barbados-warri-bridgetown", "wahree", "oware-abapa"]
    {
        let text = format!("[Game \"{id}\"]\n[Result \"north\"]\n[Ending \"resignation\"]\n\nc\n");
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.ending, Ending::Resignation { loser: Side::South }, "{id}");
        assert_eq!(record.result(), Some(Some(Side::North)), "{id}");
        // The rules themselves have not ended the game.
        assert_eq!(record.game().position().outcome(), None, "{id}");
        let text = format!("[Game \"{id}\"]\n[Result \"south\"]\n[Ending \"time\"]\n\nc F\n");
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.ending, Ending::Time { loser: Side::North }, "{id}");
        assert_eq!(record.game().position().outcome(), None, "{id}");
        assert_eq!(Record::parse(&record.to_string()).unwrap(), record, "{id}");
        let text = format!("[Game \"{id}\"]\n[Result \"north\"]\n[Ending \"abandoned\"]\n\nc F\n");
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.ending, Ending::Abandoned { loser: Side::South }, "{id}");
        assert_eq!(record.result(), Some(Some(Side::North)), "{id}");
        assert_eq!(record.game().position().outcome(), None, "{id}");
        assert_eq!(Record::parse(&record.to_string()).unwrap(), record, "{id}");
        let text = format!("[Game \"{id}\"]\n[Ending \"abandoned\"]\n\nc F\n");
        let error = Record::parse(&text).unwrap_err().to_string();
        assert!(error.contains("needs [Result \"south\"]"), "{error}");
    }
}

#[test]
fn setup_seeds_must_make_48() {
    for (name, rules) in OWARE_FAMILY {
        let parse = |t: &str| rules.parse_position(t);
        assert_eq!(
            parse("4,4,4,4,4,4/4,4,4,4,4,4 0-1 S"),
            Err(SetupError::Total { expected: 48, found: 49 }),
            "{name}"
        );
        assert_eq!(
            parse("4,4,4,4,4,4/4,4,4,4,4,3 0-0 S"),
            Err(SetupError::Total { expected: 48, found: 47 }),
            "{name}"
        );
        assert_eq!(
            parse("4,4,4,4,4/4,4,4,4,4 8-0 S"),
            Err(SetupError::PitCount { expected: 12, found: 10 }),
            "{name}"
        );
        for bad in [
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0",
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 X",
            "4,4,4,4,4,4,4,4,4,4,4,4 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4 4-0 S",
            "4,4,4,4,4,x/4,4,4,4,4,4 4-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4 0:0 S",
        ] {
            assert!(matches!(parse(bad), Err(SetupError::Syntax(_))), "{name}: {bad}");
        }
        // A valid set-up: any spread of 48 seeds.
        let p = pos(&rules, "0,0,0,0,0,13/0,0,0,0,0,0 17-18 S");
        assert_eq!(p.to_string(), "0,0,0,0,0,13/0,0,0,0,0,0 17-18 S");
    }
}

#[test]
fn play_from_setup_starts_with_no_history() {
    for (name, rules) in OWARE_FAMILY {
        let p = pos(&rules, CHASE_START);
        assert_eq!(p.quiet_moves(), 0, "{name}");
        let g = Game::from_position(rules, p);
        assert_eq!(g.positions().len(), 1, "{name}");
        assert!(g.moves().is_empty(), "{name}");
        assert_eq!(g.start(), &p, "{name}");
    }
}

// ---------------------------------------------------------------- the end of a game as functions

/// The answers the engine gives at the end of a game, as functions the
/// endgame databases call: who gets the seeds left on the board
/// (`Award::shares`), whether the captured seeds end the game
/// (`Rules::target_reached`) and who wins (`Rules::winner_by_scores`).
#[test]
fn award_target_and_winner_answer_as_the_rules_say() {
    let rows = BySide::new(5, 2);
    assert_eq!(Award::Uncaptured.shares(rows, Side::South), BySide::new(0, 0));
    assert_eq!(Award::OwnRow.shares(rows, Side::North), BySide::new(5, 2));
    // Seven split: the odd seed to the fuller row, whoever moves.
    assert_eq!(Award::Split.shares(rows, Side::North), BySide::new(4, 3));
    assert_eq!(Award::Split.shares(BySide::new(1, 4), Side::South), BySide::new(2, 3));
    assert_eq!(Award::Split.shares(BySide::new(3, 3), Side::South), BySide::new(3, 3));
    assert_eq!(Award::ToPlayerToMove.shares(rows, Side::North), BySide::new(0, 7));

    // Speightstown: 25 ends the game and wins; Abapa: more than half, or
    // both exactly half; Wahree: no target, the most seeds win.
    assert!(!SPEIGHTSTOWN.target_reached(BySide::new(24, 24)));
    assert!(SPEIGHTSTOWN.target_reached(BySide::new(3, 25)));
    assert_eq!(SPEIGHTSTOWN.winner_by_scores(BySide::new(24, 20)), None);
    assert_eq!(SPEIGHTSTOWN.winner_by_scores(BySide::new(3, 25)), Some(Side::North));
    assert!(!ABAPA.target_reached(BySide::new(24, 23)));
    assert!(ABAPA.target_reached(BySide::new(24, 24)));
    assert!(ABAPA.target_reached(BySide::new(25, 0)));
    assert_eq!(ABAPA.winner_by_scores(BySide::new(24, 24)), None);
    assert_eq!(ABAPA.winner_by_scores(BySide::new(25, 23)), Some(Side::South));
    assert!(!WAHREE.target_reached(BySide::new(48, 0)));
    assert_eq!(WAHREE.winner_by_scores(BySide::new(20, 28)), Some(Side::North));

    // The engine ends games by the same answers: Bridgetown splits the
    // seven left at a cycle 4-3 to the fuller row and the scores decide.
    let before = pos(&BRIDGETOWN, "0,0,0,0,0,5/0,0,0,0,2,0 20-21 N");
    let ended = BRIDGETOWN.finish(&before, EndReason::Cycle);
    assert_eq!(ended.captured(), BySide::new(24u8, 24u8));
    assert_eq!(ended.outcome().unwrap().winner, None);
}

#[test]
fn a_smaller_start_puts_k_seeds_in_each_pit_and_splits_the_rest_between_the_stores() {
    for ruleset in RULESETS {
        let rules = ruleset.rules;
        let per_pit = rules.seeds_per_pit;
        assert_eq!(
            rules.start_with_seeds_per_pit(per_pit).unwrap(),
            rules.start(),
            "{}",
            ruleset.id
        );
        let small = rules.start_with_seeds_per_pit(1).unwrap();
        let pits = rules.pit_count();
        assert!(small.pits()[..pits].iter().all(|&s| s == 1), "{}", ruleset.id);
        let store = (rules.total_seeds() - pits as u32) / 2;
        assert_eq!(small.captured().south as u32, store, "{}", ruleset.id);
        assert_eq!(small.captured().north as u32, store, "{}", ruleset.id);
        assert_eq!(small.to_move(), Side::South);
        let too_many = rules.start_with_seeds_per_pit(per_pit + 1).unwrap_err().to_string();
        assert!(too_many.contains(&format!("must be 1 to {per_pit}")), "{too_many}");
        assert!(rules.start_with_seeds_per_pit(0).is_err());
    }
}
