//! Barbados Warri, Speightstown (the default variant): grand slam captures
//! all, 25 ends the game at once with the rest left on the board, a player
//! to move without seeds takes every seed left, a cycle leaves the seeds
//! uncaptured, and only 25 wins.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

const R: Rules = SPEIGHTSTOWN;

#[test]
fn is_the_default_barbados_warri() {
    assert_eq!(ruleset("barbados-warri").unwrap().rules, SPEIGHTSTOWN);
    assert_eq!(ruleset("barbados-warri-speightstown").unwrap().rules, SPEIGHTSTOWN);
}

#[test]
fn grand_slam_captures_whole_row() {
    // f makes A=2 B=3 C=2 D=3 with E, F empty: all 10 are taken (18). North
    // is then to move without seeds: the game ends and North takes the 15
    // still in South's row (30, a win).
    let before = "3,3,3,3,3,4/1,2,1,2,0,0 8-15 S";
    let after = play(&R, before, "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 18-30", EndReason::Starved, N);
    let ev = events(&R, before, "f");
    for p in ["A", "B", "C", "D"] {
        assert!(
            ev.iter().any(|e| matches!(e, Event::Capture { pit, by: Side::South, .. } if *pit == scenario_support::pit(&R, p))),
            "{p} captured"
        );
    }
    assert!(!ev.iter().any(|e| matches!(e, Event::GrandSlamVoided { .. })));
    assert!(ev.contains(&Event::Award { side: Side::North, seeds: 15 }));
}

#[test]
fn grand_slam_short_of_25_hands_victim_the_movers_seeds() {
    // The sentence's own example, with a draw: 22-24, f takes North's last 2
    // (24-24); North, to move without seeds, takes what is left: nothing.
    let after = play(&R, "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S", "f");
    assert_eq!(board_and_score(&after), "0,0,0,0,0,0/0,0,0,0,0,0 24-24");
    assert_eq!(after.outcome().unwrap().winner, DRAW);
    // And with seeds left on South's side: 1 in a goes to North.
    let after = play(&R, "1,0,0,0,0,1/1,0,0,0,0,0 21-24 S", "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 23-25", EndReason::Starved, N);
}

#[test]
fn reaching_25_ends_game_at_once_seeds_stay_uncaptured() {
    // f takes D (3) and C (2): 25. The game ends; the 18 seeds on the
    // board stay there.
    let after = play(&R, "1,1,1,1,1,4/1,3,1,2,1,1 20-10 S", "f");
    assert_ends(&after, "1,1,1,1,1,0/2,4,0,0,1,1 25-10", EndReason::Target, S);
}

#[test]
fn target_comes_first_grand_slam_reaching_25() {
    // The grand slam brings South to 25: the game ends there. North has no
    // seeds but does not take South's 15: no award applies.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,0,0 15-8 S", "f");
    assert_ends(&after, "3,3,3,3,3,0/0,0,0,0,0,0 25-8", EndReason::Target, S);
}

#[test]
fn target_reached_at_setup_ends_the_game() {
    let p = pos(&R, "0,0,0,0,0,1/1,0,0,0,0,0 25-21 S");
    assert_ends(&p, "0,0,0,0,0,1/1,0,0,0,0,0 25-21", EndReason::Target, S);
    assert!(R.legal_moves(&p).is_empty());
    assert_eq!(refused(&R, "0,0,0,0,0,1/1,0,0,0,0,0 25-21 S", "f").reason, Illegal::GameOver);
}

#[test]
fn starved_player_takes_all_seeds_speightstown() {
    // North's row is empty and neither a (to b) nor b (to c) can reach it,
    // so any move is legal. After a, North is to move without seeds: the
    // game ends and North takes the 2 seeds left (25: North wins).
    let before = "1,1,0,0,0,0/0,0,0,0,0,0 23-23 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "a b");
    let after = play(&R, before, "a");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 23-25", EndReason::Starved, N);
}

#[test]
fn starved_player_at_setup_takes_all_seeds() {
    // South to move with an empty row takes North's 2: 24-24, a draw (no 25).
    let p = pos(&R, "0,0,0,0,0,0/1,1,0,0,0,0 22-24 S");
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 24-24", EndReason::Starved, DRAW);
}

#[test]
fn any_move_legal_when_no_move_can_feed() {
    let before = "0,0,0,0,0,17/0,0,0,0,0,0 16-15 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "f");
    // 17 from f: A..F, a..e, f skipped, A..F: every North pit holds 2, the
    // last is in F: a grand slam of 12 (28), which ends the game at 25+
    // with South's 5 left uncaptured.
    let after = play(&R, before, "f");
    assert_ends(&after, "1,1,1,1,1,0/0,0,0,0,0,0 28-15", EndReason::Target, S);
}

#[test]
fn feeding_move_must_leave_seeds_after_captures() {
    // f would sow into North's empty row and capture it all: North is left
    // with nothing, so f does not feed. e (f, A) does.
    let before = "0,0,0,0,2,17/0,0,0,0,0,0 14-15 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "e");
    let e = refused(&R, before, "f");
    assert_eq!(e.reason, Illegal::MustFeed);
    assert_goes_on(&play(&R, before, "e"), "0,0,0,0,0,18/1,0,0,0,0,0 14-15 N");
}

#[test]
fn cycle_leaves_seeds_uncaptured() {
    // 24-22 with two seeds circulating: the game ends at the repetition,
    // the two seeds stay on the board, and it is a draw (nobody has 25).
    let g = game(&R, "0,0,0,0,0,1/0,0,0,0,0,1 24-22 S", "f F a A b B c C d D e E");
    assert_ends(g.position(), "0,0,0,0,0,1/0,0,0,0,0,1 24-22", EndReason::Cycle, DRAW);
}

#[test]
fn only_25_wins() {
    // More seeds is not enough: 24-22 at an agreed end is a draw.
    let p = R.finish(&pos(&R, "1,0,0,0,0,0/1,0,0,0,0,0 24-22 S"), EndReason::Agreed);
    assert_ends(&p, "1,0,0,0,0,0/1,0,0,0,0,0 24-22", EndReason::Agreed, DRAW);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 25-23 S")), S);
    assert_eq!(R.winner_of(&pos(&R, "1,0,0,0,0,0/1,0,0,0,0,0 24-22 S")), DRAW);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 23-25 S")), N);
}
