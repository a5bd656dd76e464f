//! Barbados Warri, Bridgetown: as Speightstown, except that whenever the
//! game ends the seeds left on the board are split equally, an odd seed
//! going to the player whose row holds more; more seeds after the split wins.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

const R: Rules = BRIDGETOWN;

#[test]
fn bridgetown_split_odd_seed_to_fuller_row() {
    // f (1 seed) makes A=2: taken, 25. The game ends; 9 seeds are left:
    // South's row 2 (d, e), North's 7 (E, F). 4 each, the odd one to North.
    let after = play(&R, "0,0,0,1,1,1/1,0,0,0,2,5 23-14 S", "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 29-19", EndReason::Target, S);
    let ev = events(&R, "0,0,0,1,1,1/1,0,0,0,2,5 23-14 S", "f");
    assert!(ev.contains(&Event::Award { side: Side::South, seeds: 4 }));
    assert!(ev.contains(&Event::Award { side: Side::North, seeds: 5 }));
}

#[test]
fn split_at_25_odd_seed_to_south_row() {
    // A grand slam to 25 leaves South's 15: 7 each and the odd one to South.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,0,0 15-8 S", "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 33-15", EndReason::Target, S);
}

#[test]
fn grand_slam_still_captures_whole_row() {
    // The grand slam takes 10 (18). North, to move without seeds, no longer
    // takes all 15: they are split, 8 to South (the fuller row), 7 to North.
    let after = play(&R, "3,3,3,3,3,4/1,2,1,2,0,0 8-15 S", "f");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 26-22", EndReason::Starved, S);
}

#[test]
fn split_replaces_award_to_player_without_seeds() {
    // Speightstown would give North both seeds (23-25); here 1 each: a draw.
    let after = play(&R, "1,1,0,0,0,0/0,0,0,0,0,0 23-23 S", "a");
    assert_ends(&after, "0,0,0,0,0,0/0,0,0,0,0,0 24-24", EndReason::Starved, DRAW);
}

#[test]
fn cycle_splits_circulating_seeds() {
    // The two circulating seeds are split one each: 25-23, South wins on
    // more seeds (Speightstown: a draw at 24-22).
    let g = game(&R, "0,0,0,0,0,1/0,0,0,0,0,1 24-22 S", "f F a A b B c C d D e E");
    assert_ends(g.position(), "0,0,0,0,0,0/0,0,0,0,0,0 25-23", EndReason::Cycle, S);
}

#[test]
fn cycle_split_odd_seed_to_fuller_row() {
    // A cycle ends the game as an agreed end does (both: "as at a cycle");
    // 3 seeds, South's row holding 1 and North's 2: 1 each, odd one North.
    let p = R.finish(&pos(&R, "1,0,0,0,0,0/2,0,0,0,0,0 22-23 S"), EndReason::Cycle);
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 23-25", EndReason::Cycle, N);
}

#[test]
fn winner_has_more_seeds_after_split_equal_is_draw() {
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 25-23 S")), S);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S")), DRAW);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0/0,0,0,0,0,0 20-28 S")), N);
}

#[test]
fn otherwise_as_speightstown() {
    // Feeding, captures and the 25 stop are Speightstown's.
    assert_eq!(R.legal_moves(&pos(&R, "0,0,0,0,2,17/0,0,0,0,0,0 14-15 S")).letters(&R), "e");
    assert_eq!(R.legal_moves(&pos(&R, "1,1,0,0,0,0/0,0,0,0,0,0 23-23 S")).letters(&R), "a b");
    let p = pos(&R, "0,0,0,0,0,1/1,0,0,0,0,0 25-21 S");
    // 25 at set-up ends the game; the 2 left are split 1-1.
    assert_ends(&p, "0,0,0,0,0,0/0,0,0,0,0,0 26-22", EndReason::Target, S);
}
