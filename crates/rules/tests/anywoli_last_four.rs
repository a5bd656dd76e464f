//! Anywoli's last four: the three ways seed 003 names to settle the four
//! seeds left in play when the penultimate four is captured
//! ([`LastFour`]): the capturer of the penultimate four takes them
//! (`anywoli`), the player who made the game's first lap-ending capture
//! takes them (`anywoli-gering`), or a lot decides (`anywoli-lot`), drawn by
//! the game from the seed its record keeps.
//!
//! Pits: South a..l, then North A..L, in sowing order.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

/// One story, three endings. South's `a` (2): b, then c becomes four with
/// the last seed of the lap: the game's first lap-ending capture, South's,
/// who moves again. South's `b` (1) lands in the empty c. North's `A` (1)
/// lands in B (3), whose 3 are lifted: C (2), then D becomes four with a
/// seed still in hand: North, D's owner, takes this penultimate four. Left in
/// play: c's 1, C's 2 and the seed in hand, so the game ends at 46-46 with
/// the last four to settle.
const STORY: &str = "2,0,3,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 42-42 S";
const STORY_MOVES: &str = "a b A";

/// The seeds a final position holds, and its scores, for comparing ends
/// whatever the side to move or `first=` says.
fn scores(p: &Position) -> (u32, BySide<u8>) {
    (p.board_seeds(), p.captured())
}

// ---------------------------------------------------------------- anywoli

#[test]
fn penultimate_capturer_takes_the_last_four() {
    // South made the first lap-ending capture (c), North the penultimate
    // four (D, in flight): under `anywoli` North takes the last four.
    let g = game(&ANYWOLI, STORY, STORY_MOVES);
    let end = g.position();
    assert_eq!(scores(end), (0, BySide::new(46, 50)));
    assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Exhausted, winner: N }));
    assert_eq!(end.first_lap_capture(), None, "only anywoli-gering keeps it");
}

// ---------------------------------------------------------------- anywoli-gering

#[test]
fn first_lap_capturer_takes_the_last_four() {
    // The same moves under Gering's convention: South, who made the game's
    // first lap-ending capture, takes the last four and wins 50-46.
    let g = game(&ANYWOLI_GERING, STORY, STORY_MOVES);
    assert_eq!(
        g.positions()[1].to_string(),
        "0,1,0,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 46-42 S first=S"
    );
    let end = g.position();
    assert_eq!(scores(end), (0, BySide::new(50, 46)));
    assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Exhausted, winner: S }));
    let ev = events(&ANYWOLI_GERING, &g.positions()[2].to_string(), "A");
    assert!(ev.contains(&Event::Capture { pit: Pit(15), seeds: 4, by: Side::North }));
    assert!(ev.contains(&Event::Award { side: Side::South, seeds: 4 }));
}

#[test]
fn a_later_lap_ending_capture_does_not_change_the_first() {
    // North's last seed makes four in South's a: North takes them and moves
    // again. With South's first capture noted, it stays South's; without
    // one, this is the first and North's.
    let before = "3,0,0,0,0,0,0,0,0,0,0,0/1,2,1,2,2,0,0,0,0,0,0,1 42-42 N";
    assert_goes_on(
        &play(&ANYWOLI_GERING, &format!("{before} first=S"), "L"),
        "0,0,0,0,0,0,0,0,0,0,0,0/1,2,1,2,2,0,0,0,0,0,0,0 42-46 N first=S",
    );
    assert_goes_on(
        &play(&ANYWOLI_GERING, before, "L"),
        "0,0,0,0,0,0,0,0,0,0,0,0/1,2,1,2,2,0,0,0,0,0,0,0 42-46 N first=N",
    );
}

#[test]
fn a_four_taken_in_flight_is_not_a_lap_ending_capture() {
    // l's 2: A becomes four with a seed still in hand: North takes them, but
    // that is no lap-ending capture, so nobody is noted.
    let before = "3,0,1,1,1,1,0,0,0,0,0,2/3,0,0,0,0,0,0,0,0,0,0,0 42-42 S";
    let after = play(&ANYWOLI_GERING, before, "l");
    assert_goes_on(&after, "3,0,1,1,1,1,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0 42-46 N");
    assert_eq!(after.first_lap_capture(), None);
}

#[test]
fn without_a_lap_ending_capture_the_penultimate_capturer_takes_them() {
    // l's 3: A becomes four in flight (North's), leaving a's 2 and the 2 in
    // hand. No lap has ended on a four: North takes the last four. Had
    // North made the first lap-ending capture, the same; had South, South.
    let before = "2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 44-44 S";
    for (first, south, north, winner) in
        [("", 44, 52, N), (" first=N", 44, 52, N), (" first=S", 48, 48, DRAW)]
    {
        let after = play(&ANYWOLI_GERING, &format!("{before}{first}"), "l");
        assert_eq!(scores(&after), (0, BySide::new(south, north)), "{first}");
        assert_eq!(after.outcome(), Some(Outcome { reason: EndReason::Exhausted, winner }));
    }
}

#[test]
fn first_is_written_only_for_the_rules_that_use_it() {
    let text = "2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 44-44 S first=S";
    assert_eq!(ANYWOLI_GERING.parse_position(text).unwrap().to_string(), text);
    for rules in [ANYWOLI, ANYWOLI_LOT] {
        let error = rules.parse_position(text).unwrap_err();
        assert_eq!(error, SetupError::FirstLapCapture);
        assert!(error.to_string().contains("anywoli-gering"), "{error}");
    }
    let error = ANYWOLI_GERING
        .parse_position("2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 44-44 S first=X")
        .unwrap_err();
    assert!(error.to_string().contains("first=S or first=N"), "{error}");
    // Equal boards with different first capturers are different positions,
    // to the repetition filter's hash too.
    let (a, b) = (
        pos(&ANYWOLI_GERING, text),
        pos(&ANYWOLI_GERING, "2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 44-44 S first=N"),
    );
    assert_ne!(a, b);
    assert_ne!(a.key(), b.key());
}

#[test]
fn gering_records_replay_with_the_noted_capture() {
    let record = Record::parse(&format!(
        "[Game \"anywoli-gering\"]\n[Setup \"{STORY}\"]\n\n{STORY_MOVES}\n"
    ))
    .unwrap();
    assert_eq!(record.result(), Some(S));
    assert!(record.to_string().contains("[Result \"south\"]"));
}

// ---------------------------------------------------------------- anywoli-lot

#[test]
fn the_rules_alone_leave_the_lot_undrawn() {
    // A lone position cannot draw: each player is credited two of the four
    // (the lot's expected share), and the winner is named only when the
    // lot cannot change it. Here it can (50-46 or 46-50): no winner yet.
    let end = play(&ANYWOLI_LOT, STORY, STORY_MOVES);
    assert_eq!(scores(&end), (0, BySide::new(48, 48)));
    assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Lot, winner: DRAW }));
    // l's 3: North takes A's four in flight, leaving 4. South 6 ahead
    // before the lot (49-43): the lot cannot change the winner.
    let before = "2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 49-39 S";
    let end = play(&ANYWOLI_LOT, before, "l");
    assert_eq!(scores(&end), (0, BySide::new(51, 45)));
    assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Lot, winner: S }));
    // 4 ahead (48-44): the lot decides between a win and a draw: no winner.
    let before = "2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 48-40 S";
    let end = play(&ANYWOLI_LOT, before, "l");
    assert_eq!(scores(&end), (0, BySide::new(50, 46)));
    assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Lot, winner: DRAW }));
    // No seeds left in play: nothing to draw for.
    let end = play(&ANYWOLI_LOT, "1,3,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 46-46 S", "a");
    assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Exhausted, winner: S }));
}

#[test]
fn the_lot_is_drawn_from_the_games_seed() {
    // The draw is pinned: records rely on it.
    let drawn: Vec<Side> = (0..6).map(lot_winner).collect();
    assert_eq!(drawn, LOT_DRAWS);
    let south_seed = (0..).find(|&s| lot_winner(s) == Side::South).unwrap();
    let north_seed = (0..).find(|&s| lot_winner(s) == Side::North).unwrap();
    for (seed, south, north, winner) in [(south_seed, 50, 46, S), (north_seed, 46, 50, N)] {
        let start = pos(&ANYWOLI_LOT, STORY);
        let mut g = Game::from_position(ANYWOLI_LOT, start).with_lot_seed(seed);
        let mut reports = Vec::new();
        for m in STORY_MOVES.split_whitespace() {
            reports.push(g.play_reported(pit(&ANYWOLI_LOT, m)).unwrap());
        }
        let end = g.position();
        assert_eq!(scores(end), (0, BySide::new(south, north)), "seed {seed}");
        assert_eq!(end.outcome(), Some(Outcome { reason: EndReason::Lot, winner }));
        // The last move reports the lot and the award of all four, then the
        // end; not the rules' provisional halves.
        let side = winner.unwrap();
        let tail = &reports[2].events[reports[2].events.len() - 3..];
        assert_eq!(
            tail,
            [
                Event::Lot { side },
                Event::Award { side, seeds: 4 },
                Event::End(Outcome { reason: EndReason::Lot, winner })
            ]
        );
        assert!(!reports[2].events.contains(&Event::Award { side: !side, seeds: 2 }));
        // The record keeps the seed, and replays to the same end.
        let record =
            Record::new(*ruleset("anywoli-lot").unwrap(), &g, Vec::new(), Ending::Unfinished);
        let text = record.to_string();
        assert!(text.contains(&format!("[Lot \"{seed}\"]")), "{text}");
        let again = Record::parse(&text).unwrap();
        assert_eq!(again, record);
        assert_eq!(again.game().position(), end);
        assert_eq!(again.result(), Some(winner));
    }
}

/// `lot_winner(0..6)`.
const LOT_DRAWS: [Side; 6] =
    [Side::North, Side::North, Side::South, Side::North, Side::South, Side::South];

#[test]
fn lot_records_are_checked() {
    let moves = format!("[Setup \"{STORY}\"]\n\n{STORY_MOVES}\n");
    let bad = Record::parse(&format!("[Game \"anywoli-lot\"]\n[Lot \"-3\"]\n{moves}"));
    assert!(bad.unwrap_err().to_string().contains("is not a seed"));
    let bad = Record::parse(&format!("[Game \"anywoli\"]\n[Lot \"7\"]\n{moves}"));
    assert!(bad.unwrap_err().to_string().contains("only for rulesets whose last four go by lot"));
    // A result that disagrees with the lot is refused.
    let seed = (0..).find(|&s| lot_winner(s) == Side::North).unwrap();
    let bad = Record::parse(&format!(
        "[Game \"anywoli-lot\"]\n[Lot \"{seed}\"]\n[Result \"south\"]\n{moves}"
    ));
    assert!(bad.unwrap_err().to_string().contains("disagrees"));
}
