//! Wahree: a wipe-out (capturing the opponent's whole row) ends the game and
//! the mover takes the rest, but feeding comes first; no 25-seed stop; a
//! player to move without seeds, or a cycle, ends the game with each player
//! taking their own row; more seeds wins.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

const R: Rules = WAHREE;

#[test]
fn wipe_out_ends_game_mover_takes_rest() {
    // f takes A..D (10, North's whole row): the game ends and South also
    // takes the 15 left in South's row: 8 + 10 + 15.
    let before = "3,3,3,3,3,4/1,2,1,2,0,0 8-15 S";
    let after = play(&R, before, "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 33-15", EndReason::WipeOut, S);
    let ev = events(&R, before, "f");
    assert!(ev.contains(&Event::Award { side: Side::South, seeds: 15 }));
}

#[test]
fn wipe_out_by_north() {
    // F's 3 seeds make a=2 b=3 c=2: South's whole row is taken (7); North
    // also takes the 8 left in North's row: 21 + 7 + 8.
    let after = play(&R, "1,2,1,0,0,0/2,2,2,2,0,3 12-21 N", "F");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 12-36", EndReason::WipeOut, N);
}

#[test]
fn wipe_out_is_not_a_feeding_move() {
    // North's row is empty; f would sow into it and wipe it out: not a
    // feeding move, so it is illegal while e feeds.
    let before = "0,0,0,0,2,17/0,0,0,0,0,0 14-15 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "e");
    assert_eq!(refused(&R, before, "f").reason, Illegal::MustFeed);
    assert_goes_on(&play(&R, before, "e"), "0,0,0,0,0,18/1,0,0,0,0,0 14-15 N");
}

#[test]
fn wipe_out_legal_when_no_feeding_move_exists() {
    // f is the only move: it sows 2 into every North pit and takes all 12,
    // then South takes the 5 left in a..e: 16 + 12 + 5.
    let before = "0,0,0,0,0,17/0,0,0,0,0,0 16-15 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "f");
    let after = play(&R, before, "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 33-15", EndReason::WipeOut, S);
}

#[test]
fn no_25_seed_stop() {
    // f takes 10 (25) but leaves E's seed: the game goes on.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,1,0 15-7 S", "f");
    assert_goes_on(&after, "3,3,3,3,3,0/0,0,0,0,1,0 25-7 N");
    assert_goes_on(
        &play(&R, "3,3,3,3,3,0/0,0,0,0,1,0 25-7 N", "E"),
        "3,3,3,3,3,0/0,0,0,0,0,1 25-7 S",
    );
    // Even 30 at set-up does not end it.
    assert_eq!(pos(&R, "0,0,0,0,0,1/1,0,0,0,0,0 30-16 S").outcome(), None);
}

#[test]
fn player_without_seeds_ends_game_each_takes_own_row() {
    // No move of South can reach North's empty row, so any is legal; after a,
    // North is to move without seeds: South takes the 2 in South's row.
    let before = "1,1,0,0,0,0/0,0,0,0,0,0 23-23 S";
    assert_eq!(R.legal_moves(&pos(&R, before)).letters(&R), "a b");
    let after = play(&R, before, "a");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 25-23", EndReason::Starved, S);
}

#[test]
fn cycle_each_player_takes_own_row() {
    let g = game(&R, "0,0,0,0,0,1/0,0,0,0,0,1 24-22 S", "f F a A b B c C d D e E");
    assert_ends(g.position(), "0,0,0,0,0,0/0,0,0,0,0,0 25-23", EndReason::Cycle, S);
}

#[test]
fn more_seeds_wins_equal_is_draw() {
    let p = R.finish(&pos(&R, "2,0,0,0,0,0/1,1,0,0,0,0 22-22 S"), EndReason::Agreed);
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 24-24", EndReason::Agreed, DRAW);
    let p = R.finish(&pos(&R, "3,0,0,0,0,0/1,0,0,0,0,0 21-23 S"), EndReason::Agreed);
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 24-24", EndReason::Agreed, DRAW);
    let p = R.finish(&pos(&R, "3,0,0,0,0,0/1,0,0,0,0,0 22-22 S"), EndReason::Agreed);
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 25-23", EndReason::Agreed, S);
}
