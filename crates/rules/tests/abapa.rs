//! Oware Abapa (as OpenSpiel's `oware`): a grand slam is legal but captures
//! nothing; a feeding move is one that sows into the opponent's row; if the
//! opponent's row is empty and no move feeds, the game ends; the game ends as
//! soon as a player has more than 24 or both have 24; at every end each
//! player takes the seeds in their own row; more seeds wins.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

const R: Rules = ABAPA;

#[test]
fn grand_slam_captures_nothing() {
    // f makes A=2 B=3 C=2 D=3 with E, F empty: that would take North's whole
    // row, so nothing is taken and the move stands.
    let before = "3,3,3,3,3,4/1,2,1,2,0,0 8-15 S";
    assert_goes_on(&play(&R, before, "f"), "3,3,3,3,3,0/2,3,2,3,0,0 8-15 N");
    let ev = events(&R, before, "f");
    assert!(ev.contains(&Event::GrandSlamVoided { seeds: 10 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Capture { .. })));
}

#[test]
fn capture_that_leaves_a_seed_is_no_grand_slam() {
    // The same with one seed in E: the capture stands.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,1,0 8-14 S", "f");
    assert_goes_on(&after, "3,3,3,3,3,0/0,0,0,0,1,0 18-14 N");
}

#[test]
fn feeding_move_is_one_that_sows_into_opponent_row() {
    // f sows into North's empty row (and would take it all, but a grand slam
    // takes nothing): it feeds, like e.
    let before = "0,0,0,0,2,17/0,0,0,0,0,0 14-15 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "e f");
    assert_goes_on(&play(&R, before, "f"), "1,1,1,1,3,0/2,2,2,2,2,2 14-15 N");
}

#[test]
fn game_ends_when_cannot_feed() {
    // North's F (1 seed) goes to a: North's row is then empty and neither a
    // nor b can reach it: the game ends; each takes their own row.
    let after = play(&R, "0,1,0,0,0,0/0,0,0,0,0,1 22-24 N", "F");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 24-24", EndReason::Unfed, DRAW);
    // At set-up too: no move can feed, so the game is over at once.
    let p = pos(&R, "1,1,0,0,0,0/0,0,0,0,0,0 23-23 S");
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 25-23", EndReason::Unfed, S);
    assert!(R.legal_moves(&p).is_empty());
}

#[test]
fn game_ends_when_a_player_has_more_than_24() {
    // f takes 10: 25 > 24. The game ends; South takes the 15 in South's row,
    // North the 1 in E.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,1,0 15-7 S", "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 40-8", EndReason::Target, S);
}

#[test]
fn exactly_24_does_not_end_the_game() {
    // f takes 10: 24, which is not more than 24; North has 7.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,1,0 14-8 S", "f");
    assert_goes_on(&after, "3,3,3,3,3,0/0,0,0,0,1,0 24-8 N");
}

#[test]
fn game_ends_when_both_have_24() {
    // Both at 24 can only be set up (taking the last seeds would be a grand
    // slam, which takes nothing).
    let p = pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S");
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 24-24", EndReason::Target, DRAW);
    let p = pos(&R, "0,0,0,0,0,1/1,0,0,0,0,0 25-21 N");
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 26-22", EndReason::Target, S);
}

#[test]
fn player_to_move_without_seeds_each_takes_own_row() {
    // South to move with an empty row: no legal move, the game ends, North
    // takes the 3 in North's row.
    let p = pos(&R, "0,0,0,0,0,0/3,0,0,0,0,0 21-24 S");
    assert_eq!(board_and_score(&p), "0,0,0,0,0,0/0,0,0,0,0,0 21-27");
    assert_eq!(p.outcome().unwrap().winner, N);
}

#[test]
fn cycle_each_player_takes_own_row() {
    let g = game(&R, "0,0,0,0,0,1/0,0,0,0,0,1 24-22 S", "f F a A b B c C d D e E");
    assert_ends(g.position(), "0,0,0,0,0,0/0,0,0,0,0,0 25-23", EndReason::Cycle, S);
}

#[test]
fn more_seeds_wins() {
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 25-23 S")), S);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S")), DRAW);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 20-28 S")), N);
}
