//! Anywoli: 2 x 12 pits, relay sowing through all 24 pits, fours captured by
//! the pit's owner mid-lap and by the mover at the end of a lap (who moves
//! again), passes, the end at the last four, stalls (cycle, 200 quiet moves),
//! and the guard against relays that never end.
//!
//! Pits: South a..l, then North A..L, in sowing order.

mod scenario_support;

use mancala_rules::*;
use scenario_support::*;

const R: Rules = ANYWOLI;

// ---------------------------------------------------------------- board

#[test]
fn board_has_twelve_pits_a_row_named_a_to_l() {
    let start = R.start();
    assert_eq!(start.to_string(), "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-0 S");
    assert_eq!(R.legal_moves(&start).letters(&R), "a b c d e f g h i j k l");
    assert_eq!(Pit::parse("a", &R), Ok(Pit(0)));
    assert_eq!(Pit::parse("l", &R), Ok(Pit(11)));
    assert_eq!(Pit::parse("A", &R), Ok(Pit(12)));
    assert_eq!(Pit::parse("L", &R), Ok(Pit(23)));
    for bad in ["m", "M", "z", "ab"] {
        assert!(Pit::parse(bad, &R).is_err(), "{bad}");
    }
    assert_eq!(
        refused(&R, "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-0 S", "A").reason,
        Illegal::NotYourPit
    );
}

// ---------------------------------------------------------------- move and relay

#[test]
fn first_move_relays_round_the_board() {
    // a's 4: b c d e, e held 4 (5): lift 5: f g h i j; j: lift 5: k l A B C;
    // C: lift 5: D E F G H; H: lift 5: I J K L a; a was emptied: the move ends.
    let after = play(&R, "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-0 S", "a");
    assert_goes_on(&after, "1,5,5,5,0,5,5,5,5,0,5,5/5,5,0,5,5,5,5,0,5,5,5,5 0-0 N");
    let relays: Vec<(char, u8)> =
        events(&R, "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-0 S", "a")
            .into_iter()
            .filter_map(|e| match e {
                Event::Relay { pit, seeds } => Some((pit.letter(&R), seeds)),
                _ => None,
            })
            .collect();
    assert_eq!(relays, [('e', 5), ('j', 5), ('C', 5), ('H', 5)]);
}

#[test]
fn move_sows_all_24_pits_emptied_pit_included() {
    // 24 seeds: one in every pit, the 24th in a itself, which was emptied:
    // the last seed lands in an empty pit and the move ends.
    let after = play(&R, "24,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 36-36 S", "a");
    assert_goes_on(&after, "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 36-36 N");
    let ev = events(&R, "24,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 36-36 S", "a");
    assert!(!ev.iter().any(|e| matches!(e, Event::Skip { .. })));
}

#[test]
fn relay_lifts_occupied_pit() {
    // a's 2: b, c; c held 1, so its 2 are lifted and sown in d, e; e was
    // empty: the move ends.
    let before = "2,0,1,0,0,0,0,0,0,0,0,0/2,3,0,0,0,0,0,0,0,0,0,0 44-44 S";
    assert_goes_on(
        &play(&R, before, "a"),
        "0,1,0,1,1,0,0,0,0,0,0,0/2,3,0,0,0,0,0,0,0,0,0,0 44-44 N",
    );
    assert!(events(&R, before, "a").contains(&Event::Relay { pit: Pit(2), seeds: 2 }));
}

#[test]
fn relay_ends_when_last_seed_lands_in_empty_pit() {
    // b's single seed lands in the empty c: no relay.
    let before = "0,1,0,0,0,0,0,0,0,0,0,0/1,1,1,0,0,0,0,0,0,0,0,0 46-46 S";
    assert_goes_on(
        &play(&R, before, "b"),
        "0,0,1,0,0,0,0,0,0,0,0,0/1,1,1,0,0,0,0,0,0,0,0,0 46-46 N",
    );
    assert!(!events(&R, before, "b").iter().any(|e| matches!(e, Event::Relay { .. })));
}

// ---------------------------------------------------------------- fours

#[test]
fn four_made_mid_lap_goes_to_pit_owner() {
    // l's 2: A becomes 4 with a seed still in hand: North (A's owner) takes
    // them and sowing goes on; the last seed lands in the empty B.
    let before = "3,0,1,1,1,1,0,0,0,0,0,2/3,0,0,0,0,0,0,0,0,0,0,0 42-42 S";
    assert_goes_on(
        &play(&R, before, "l"),
        "3,0,1,1,1,1,0,0,0,0,0,0/0,1,0,0,0,0,0,0,0,0,0,0 42-46 N",
    );
    assert!(events(&R, before, "l").contains(&Event::Capture {
        pit: Pit(12),
        seeds: 4,
        by: Side::North
    }));
    // Mirror: North's L makes South's a 4 mid-lap: South takes them.
    let before = "3,0,1,1,1,1,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,2 42-42 N";
    assert_goes_on(
        &play(&R, before, "L"),
        "0,1,1,1,1,1,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,0 46-42 S",
    );
}

#[test]
fn four_made_mid_lap_in_movers_row_goes_to_mover() {
    // a's 2: b becomes 4 (not the last seed): South takes them; c gets the last.
    let before = "2,3,0,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 42-42 S";
    assert_goes_on(
        &play(&R, before, "a"),
        "0,0,1,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 46-42 N",
    );
}

#[test]
fn four_made_in_a_relay_lap() {
    // a's 2: b, c (held 1): lift 2: d becomes 4 mid-lap (South's), e last.
    let before = "2,0,1,3,0,0,0,0,0,0,0,0/1,2,3,0,0,0,0,0,0,0,0,0 42-42 S";
    assert_goes_on(
        &play(&R, before, "a"),
        "0,1,0,0,1,0,0,0,0,0,0,0/1,2,3,0,0,0,0,0,0,0,0,0 46-42 N",
    );
}

#[test]
fn last_seed_making_four_gives_extra_turn() {
    // a's 2: b, then c (3) becomes 4 with the last seed: South takes them,
    // the move ends, and South is to move again.
    let before = "2,0,3,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 42-42 S";
    let after = play(&R, before, "a");
    assert_goes_on(&after, "0,1,0,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 46-42 S");
    assert_eq!(R.legal_moves(&after).letters(&R), "b");
    let ev = events(&R, before, "a");
    assert!(ev.contains(&Event::Capture { pit: Pit(2), seeds: 4, by: Side::South }));
    assert!(ev.contains(&Event::ExtraTurn { side: Side::South }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Relay { .. })));
    // In a record the extra turn is just South's next move.
    let record =
        Record::parse(&format!("[Game \"anywoli\"]\n[Setup \"{before}\"]\n\na b\n")).unwrap();
    assert_eq!(
        record.game().position().to_string(),
        "0,0,1,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 46-42 N"
    );
    assert!(Record::parse(&format!("[Game \"anywoli\"]\n[Setup \"{before}\"]\n\na A\n")).is_err());
}

#[test]
fn last_seed_of_a_relay_lap_making_four_gives_extra_turn() {
    // a's 2: b, c (held 1): lift 2: d, then e (3) becomes 4 with the last
    // seed of the lap: South takes them and moves again.
    let before = "2,0,1,0,3,0,0,0,0,0,0,0/1,2,3,0,0,0,0,0,0,0,0,0 42-42 S";
    assert_goes_on(
        &play(&R, before, "a"),
        "0,1,0,1,0,0,0,0,0,0,0,0/1,2,3,0,0,0,0,0,0,0,0,0 46-42 S",
    );
    // North's last seed making 4 in South's row: North takes them, moves again.
    let before = "3,0,0,0,0,0,0,0,0,0,0,0/1,2,1,2,2,0,0,0,0,0,0,1 42-42 N";
    assert_goes_on(
        &play(&R, before, "L"),
        "0,0,0,0,0,0,0,0,0,0,0,0/1,2,1,2,2,0,0,0,0,0,0,0 42-46 N",
    );
}

#[test]
fn last_seed_making_four_in_opponent_pit_goes_to_mover() {
    // l's 2: A becomes 2, B becomes 4 with the last seed: South (the mover),
    // not North, takes them, and moves again.
    let before = "0,0,0,0,0,0,0,0,0,0,1,2/1,3,1,2,2,0,0,0,0,0,0,0 42-42 S";
    assert_goes_on(
        &play(&R, before, "l"),
        "0,0,0,0,0,0,0,0,0,0,1,0/2,0,1,2,2,0,0,0,0,0,0,0 46-42 S",
    );
}

#[test]
fn extra_turn_then_pass_when_mover_has_no_seeds() {
    // l's last seed makes A 4: South takes them and would move again, but
    // has no seeds left: South passes, North is to move.
    let before = "0,0,0,0,0,0,0,0,0,0,0,1/3,0,2,0,3,0,3,0,0,0,0,0 42-42 S";
    assert_goes_on(
        &play(&R, before, "l"),
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,2,0,3,0,3,0,0,0,0,0 46-42 N",
    );
    let ev = events(&R, before, "l");
    assert!(ev.contains(&Event::ExtraTurn { side: Side::South }));
    assert!(ev.contains(&Event::Pass { side: Side::South }));
}

// ---------------------------------------------------------------- passes

#[test]
fn player_without_seeds_passes() {
    // After a, North has no seeds: North passes and South moves again.
    let before = "1,0,2,0,0,0,3,0,2,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 44-44 S";
    let after = play(&R, before, "a");
    assert_goes_on(&after, "0,1,2,0,0,0,3,0,2,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 44-44 S");
    assert!(events(&R, before, "a").contains(&Event::Pass { side: Side::North }));
    // b's seed lands in c (2): lift 3: d e f, f empty. North passes again.
    // Passes are not written in the record.
    let record =
        Record::parse(&format!("[Game \"anywoli\"]\n[Setup \"{before}\"]\n\na b\n")).unwrap();
    assert_eq!(
        record.game().position().to_string(),
        "0,0,0,1,1,1,3,0,2,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 44-44 S"
    );
}

#[test]
fn player_without_seeds_at_setup_has_already_passed() {
    let p = pos(&R, "0,0,0,0,0,0,0,0,0,0,0,0/1,0,2,0,0,0,3,0,2,0,0,0 44-44 S");
    assert_goes_on(&p, "0,0,0,0,0,0,0,0,0,0,0,0/1,0,2,0,0,0,3,0,2,0,0,0 44-44 N");
}

// ---------------------------------------------------------------- end of the game

#[test]
fn capture_leaving_four_ends_game_capturer_takes_them() {
    // l's 3: A becomes 4 with 2 seeds still in hand: North takes them. In
    // play are now a's 2 and the 2 in hand: exactly 4. The game ends there
    // and North, credited with that capture, takes those 4 too.
    let before = "2,0,0,0,0,0,0,0,0,0,0,3/3,0,0,0,0,0,0,0,0,0,0,0 44-44 S";
    let after = play(&R, before, "l");
    assert_ends(
        &after,
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 44-52",
        EndReason::Exhausted,
        N,
    );
    let ev = events(&R, before, "l");
    assert!(ev.contains(&Event::Award { side: Side::North, seeds: 4 }));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Drop { pit } if *pit == Pit(13))),
        "sowing stops"
    );
}

#[test]
fn last_of_lap_capture_leaving_four_ends_game() {
    // a's last seed makes c 4: South takes them; b's 1 and A's 3 are left:
    // exactly 4, so the game ends (no extra turn) and South takes them.
    let after = play(&R, "2,0,3,0,0,0,0,0,0,0,0,0/3,0,0,0,0,0,0,0,0,0,0,0 44-44 S", "a");
    assert_ends(
        &after,
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 52-44",
        EndReason::Exhausted,
        S,
    );
}

#[test]
fn game_ends_when_no_seeds_left_in_play() {
    // a's seed makes b 4: South takes the last four seeds in play.
    let after = play(&R, "1,3,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 46-46 S", "a");
    assert_ends(
        &after,
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 50-46",
        EndReason::Exhausted,
        S,
    );
}

// ---------------------------------------------------------------- stalls

/// Four single seeds, each moved one pit on: after 24 moves every seed has
/// gone six pits round and the start position is back.
const CYCLE: &str = "l A k L a K b B c C d D e E f F g G h H i I j J";

#[test]
fn cycle_each_player_takes_own_row() {
    for (before, end, winner) in [
        (
            "0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,1,1 46-46 S",
            "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 48-48",
            DRAW,
        ),
        (
            "0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,1,1 45-47 S",
            "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 47-49",
            N,
        ),
    ] {
        let moves: Vec<&str> = CYCLE.split_whitespace().collect();
        let g = game(&R, before, &moves[..23].join(" "));
        assert_goes_on(
            g.position(),
            &before.replace(" S", " N").replace(
                "0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,0,1,1",
                "0,0,0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,1,0,1",
            ),
        );
        let g = game(&R, before, CYCLE);
        assert_ends(g.position(), end, EndReason::Cycle, winner);
    }
}

/// An independent model of the moves in the stall tests: the pit played
/// holds one seed, and either the next pit is empty (the seed moves on: a
/// quiet move, no relay, no four) or it holds 3 (the last seed makes 4: the
/// mover takes them and moves again). A player without seeds passes.
struct Model {
    pits: Vec<u8>,
    captured: BySide<u32>,
    to_move: Side,
    quiet: u32,
    passes: u32,
}

impl Model {
    fn new(text: &str) -> Model {
        let s: Setup = text.parse().unwrap();
        Model { pits: s.pits, captured: s.captured, to_move: s.to_move, quiet: 0, passes: 0 }
    }

    fn row_empty(&self, side: Side) -> bool {
        let r = if side == Side::South { 0..12 } else { 12..24 };
        self.pits[r].iter().all(|&s| s == 0)
    }

    fn step(&mut self, pit: usize) {
        let next = (pit + 1) % 24;
        assert_eq!(self.pits[pit], 1, "the model moves single seeds only");
        self.pits[pit] = 0;
        match self.pits[next] {
            0 => {
                self.pits[next] = 1;
                self.quiet += 1;
                self.to_move = !self.to_move;
            }
            3 => {
                self.pits[next] = 0;
                self.captured[self.to_move] += 4;
                self.quiet = 0;
            }
            _ => panic!("the model does not relay"),
        }
        if self.row_empty(self.to_move) {
            self.to_move = !self.to_move;
            self.passes += 1;
        }
    }

    fn notation(&self) -> String {
        Setup {
            pits: self.pits.clone(),
            captured: self.captured,
            to_move: self.to_move,
            first_lap_capture: None,
        }
        .to_string()
    }
}

/// 200 quiet moves from `STALL_START`, no position repeated; six passes.
const STALL_START: &str = "0,0,0,0,0,1,0,0,0,0,0,1/0,1,0,1,0,1,0,1,0,1,0,1 44-44 S";
const STALL_MOVES: &str = "
f J g D h B i C j F l A k H l E G D B I C L a A b
F c K d B e E f L g J a K b H c I h G d D e J f H
g L i C j I h F i K a J k L j K b G l H k I a E c
D b A d B l L e J a C c F d A f B e E g G h H f F
g D b E i C h K j L a G k I c H i D b F d G j E l
J k A c F l I e H d G f B g C h D i K e L f E g F
j A a B b J k C h K i L l I j A a D k B l E c A b
C d B e D c C d J f H g G e F f E h I i H j K g G
";

/// 10 quiet moves, a capture (b makes c 4, extra turn), 200 quiet moves.
const RESET_START: &str = "1,0,3,0,0,1,0,0,0,0,0,1/0,1,0,1,0,1,0,1,0,1,0,1 42-42 S";
const RESET_MOVES: &str = "
a H l B f A g D h C b i B j L a J k I l F b G c A
d E e K f H g J h F i I j G k L a H b D l K c L a
E b F d G c C e D f E d B e A g J h C i B j F k K
l I f H g L a J h I i G j H k K b L a D c A b C d
J c I l E e D f B d K e A g C h B i J j L k K f F
g E h D i C j G a L b H l A k I l B a F c G d A e
E f D b C c H d J e K g L a F h I f E g J b G i F
j K h D k B c H i C l I d J j A e G f E g H h B i
D k I j C l A k F l E
";

#[test]
fn stall_after_200_quiet_moves() {
    let moves: Vec<&str> = STALL_MOVES.split_whitespace().collect();
    assert_eq!(moves.len(), 200);
    let mut g = Game::from_position(R, pos(&R, STALL_START));
    let mut model = Model::new(STALL_START);
    for (i, m) in moves.iter().enumerate() {
        assert!(!g.is_over(), "over after {i} moves: {:?}", g.position());
        let p = pit(&R, m);
        model.step(p.index());
        g.play(p).unwrap();
        if i < 199 {
            assert_goes_on(g.position(), &model.notation());
            // Passes are not counted.
            assert_eq!(g.position().quiet_moves() as usize, i + 1);
        }
    }
    assert_eq!(model.passes, 6);
    // After the 200th move the board is this; each player takes their own row.
    assert_eq!(model.notation(), "0,0,0,0,0,0,0,1,0,0,1,0/0,0,0,1,0,1,0,1,1,1,0,1 44-44 S");
    assert_ends(
        g.position(),
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 46-50",
        EndReason::Stall,
        N,
    );
}

#[test]
fn capture_of_a_four_restarts_the_stall_count() {
    let moves: Vec<&str> = RESET_MOVES.split_whitespace().collect();
    assert_eq!(moves.len(), 211);
    let mut g = Game::from_position(R, pos(&R, RESET_START));
    let mut model = Model::new(RESET_START);
    for (i, m) in moves.iter().enumerate() {
        assert!(!g.is_over(), "over after {i} moves: {:?}", g.position());
        let p = pit(&R, m);
        model.step(p.index());
        g.play(p).unwrap();
        if i < 210 {
            assert_goes_on(g.position(), &model.notation());
            assert_eq!(g.position().quiet_moves() as u32, model.quiet);
        }
        if i == 9 {
            assert_eq!(model.quiet, 10);
        }
        if i == 10 {
            // b's seed made c 4: South took them and moves again; count restarts.
            assert_eq!(
                g.position().to_string(),
                "0,0,0,0,0,0,0,0,1,0,0,0/0,1,0,1,1,1,0,0,1,1,0,1 46-42 S"
            );
            assert_eq!(model.quiet, 0);
        }
    }
    assert_eq!(model.notation(), "0,0,0,0,0,0,0,0,0,0,0,0/1,1,0,1,0,1,1,0,0,1,1,1 46-42 N");
    assert_ends(
        g.position(),
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 46-50",
        EndReason::Stall,
        N,
    );
}

#[test]
fn capture_by_the_other_player_restarts_the_stall_count() {
    // North's K goes to the empty L: a quiet move (count 1). South's l then
    // makes A 4 mid-lap: North (A's owner) takes them, not the mover, and
    // the count starts again.
    let g = game(&R, "0,0,1,0,1,0,1,0,0,0,0,2/3,0,0,0,1,0,1,0,1,0,1,0 42-42 N", "K");
    assert_goes_on(g.position(), "0,0,1,0,1,0,1,0,0,0,0,2/3,0,0,0,1,0,1,0,1,0,0,1 42-42 S");
    assert_eq!(g.position().quiet_moves(), 1);
    let g = game(&R, "0,0,1,0,1,0,1,0,0,0,0,2/3,0,0,0,1,0,1,0,1,0,1,0 42-42 N", "K l");
    assert_goes_on(g.position(), "0,0,1,0,1,0,1,0,0,0,0,0/0,1,0,0,1,0,1,0,1,0,0,1 42-46 N");
    assert_eq!(g.position().quiet_moves(), 0);
}

#[test]
fn play_from_setup_starts_with_stall_count_zero() {
    // 150 quiet moves in, a game set up from that position counts afresh.
    let moves: Vec<&str> = STALL_MOVES.split_whitespace().collect();
    let p = play(&R, STALL_START, &moves[..150].join(" "));
    assert_eq!(p.quiet_moves(), 150);
    let mut g = Game::from_position(R, p);
    assert_eq!(g.position().quiet_moves(), 0);
    let set_up = pos(&R, &p.to_string());
    assert_eq!(set_up.quiet_moves(), 0);
    for m in &moves[150..] {
        g.play(pit(&R, m)).unwrap();
    }
    assert!(!g.is_over(), "50 quiet moves after the set-up");
    assert_eq!(g.position().quiet_moves(), 50);
}

// ---------------------------------------------------------------- endless relays

/// Barbados Warri with relay sowing: a ruleset in which relays that never
/// end are easy to find (none is known in Anywoli itself: millions of
/// random Anywoli positions gave none).
const RELAY_WARRI: Rules = Rules { sowing: Sowing::Relay, ..SPEIGHTSTOWN };

#[test]
fn endless_relay_is_illegal() {
    // a's 2 (a is skipped when the sowing comes round): b, c (held 1):
    // lift 2 at c with b=1 e=1 A=1 C=1 E=1 on the board -- the state at the
    // start of lap 2. Then e, A, C, E, b, d, f, B, D, F each lift 2, and lap
    // 13 starts at c with 2 in hand on the same board: it never ends.
    let before = "2,0,1,0,1,0/1,0,1,0,1,0 21-20 S";
    let p = pos(&RELAY_WARRI, before);
    assert_eq!(RELAY_WARRI.legal_moves(&p).letters(&RELAY_WARRI), "c e");
    let e = refused(&RELAY_WARRI, before, "a");
    assert_eq!(e.reason, Illegal::Endless);
    assert_eq!(e.legal.letters(&RELAY_WARRI), "c e");
    let mut g = Game::from_position(RELAY_WARRI, p);
    assert!(g.play(Pit(0)).is_err());
    assert_eq!(g.position(), &p, "an illegal move changes nothing");
    // c's seed goes to the empty d: a legal move.
    assert_goes_on(&play(&RELAY_WARRI, before, "c"), "2,0,0,1,1,0/1,0,1,0,1,0 21-20 N");
}

#[test]
fn is_legal_agrees_that_endless_relay_is_illegal() {
    // The same move as above, asked through `is_legal`: it must agree with
    // `legal_moves` and `play`.
    let p = pos(&RELAY_WARRI, "2,0,1,0,1,0/1,0,1,0,1,0 21-20 S");
    assert!(!RELAY_WARRI.legal_moves(&p).contains(Pit(0)));
    assert!(RELAY_WARRI.play(&p, Pit(0)).is_err());
    assert!(!RELAY_WARRI.is_legal(&p, Pit(0)), "is_legal says the endless a is legal");
}

/// Anywoli on a board of one pit a row (a, then A).
const ANYWOLI_1: Rules = Rules { pits_per_row: 1, ..ANYWOLI };

#[test]
fn player_whose_every_move_is_endless_passes() {
    // South's a (3): A=2, a=1, A=3: lift 3 at A (board 1/0). a=2, A=1, a=3:
    // lift 3 at a (board 0/1). A=2, a=1, A=3: lift 3 at A on board 1/0
    // again: endless, so South has no legal move and passes.
    let e = refused(&ANYWOLI_1, "3/1 2-2 N", "a");
    assert_eq!(e.reason, Illegal::NotYourPit);
    let p = pos(&ANYWOLI_1, "3/1 2-2 S");
    assert_goes_on(&p, "3/1 2-2 N");
    // North's A (2): a=3, A=1 (emptied, so empty): the move ends; South
    // cannot move and passes: North is to move again.
    let after = play(&ANYWOLI_1, "2/2 2-2 N", "A");
    assert_goes_on(&after, "3/1 2-2 N");
    assert!(events(&ANYWOLI_1, "2/2 2-2 N", "A").contains(&Event::Pass { side: Side::South }));
    // North's A (1) makes a 4 with the last seed: North takes the last four.
    let end = play(&ANYWOLI_1, "3/1 2-2 N", "A");
    assert_ends(&end, "0/0 2-6", EndReason::Exhausted, N);
}

#[test]
fn neither_player_can_move_ends_the_game() {
    // One pit a row, relay, the emptied pit skipped: a's seed makes A 2,
    // lifted and sown into A twice (a is skipped): A=2 again, for ever. The
    // same for North. Nobody can move: the game ends as at any other end
    // (Speightstown: the seeds stay; nobody has 25: a draw).
    let rules = Rules { pits_per_row: 1, ..RELAY_WARRI };
    let p = pos(&rules, "1/1 3-3 S");
    assert_ends(&p, "1/1 3-3", EndReason::NoMoves, DRAW);
}

// ---------------------------------------------------------------- shortcuts

/// The same move sown seed by seed: an observer watching turns off the
/// engine's shortcuts (laps added to the board at once).
fn watched(p: &Position, m: Pit) -> Result<Position, IllegalMove> {
    R.play_with(p, m, &mut Vec::<Event>::new())
}

#[test]
fn legal_moves_agree_with_moves_sown_seed_by_seed() {
    // The legal moves are found without sowing where a move's first lap
    // ends it (its last seed in an empty pit, or making four), and sown
    // otherwise; either way they must be the moves that can be played,
    // here sown seed by seed. Boards at the shortcut's edges: laps of 23
    // and 24 seeds (the 24th lands in the emptied pit), last seeds into 0,
    // 1, 2 and 3 seeds, round the end of the board.
    let boards = [
        ("23,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0 36-36 S", "a l"),
        ("23,2,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,3 34-34 S", "a b"),
        ("24,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 36-36 S", "a"),
        ("0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,24 36-36 N", "L"),
        ("1,2,3,0,1,0,2,0,0,3,1,1/2,1,0,3,0,2,1,1,0,0,3,1 34-34 S", "a b c e g j k l"),
        ("1,2,3,0,1,0,2,0,0,3,1,1/2,1,0,3,0,2,1,1,0,0,3,1 34-34 N", "A B D F G H K L"),
    ];
    for (board, letters) in boards {
        let p = pos(&R, board);
        let legal = R.legal_moves(&p);
        assert_eq!(legal.letters(&R), letters, "{board}");
        for m in (0..R.pit_count() as u8).map(Pit) {
            let sown = watched(&p, m);
            assert_eq!(sown.is_ok(), legal.contains(m), "{board}: {}", m.letter(&R));
            assert_eq!(R.is_legal(&p, m), legal.contains(m), "{board}: {}", m.letter(&R));
            if let Ok(after) = sown {
                assert_eq!(R.play(&p, m), Ok(after), "{board}: {}", m.letter(&R));
            }
        }
    }
}

#[test]
fn player_whose_every_first_lap_relays_still_moves() {
    // South's only seed, in l, lands in A (1): lifted, 2 are sown into B
    // and C, and C was empty: the move ends. No first lap of South's ends
    // the move, so the engine must sow it to see that South need not pass.
    let board = "0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,3,3 44-44 S";
    let p = pos(&R, board);
    assert_goes_on(&p, board);
    assert_eq!(R.legal_moves(&p).letters(&R), "l");
    assert_goes_on(
        &play(&R, board, "l"),
        "0,0,0,0,0,0,0,0,0,0,0,0/0,1,1,0,0,0,0,0,0,0,3,3 44-44 N",
    );
}

#[test]
fn fours_made_in_both_rows_in_one_lap() {
    // k's 5: l (3) makes South's 4, A and B (3 each) make North's 4s, C,
    // and the last seed in the empty D. Taken in one go when the game goes
    // on; when a capture on the way leaves 4 seeds in play (here B's, with
    // 2 in hand and G's 2 on the board), the game ends there and North
    // takes those 4 too.
    let goes_on = "0,0,0,0,0,0,0,0,0,0,5,3/3,3,0,0,0,0,10,0,0,0,0,0 36-36 S";
    let after = play(&R, goes_on, "k");
    assert_goes_on(&after, "0,0,0,0,0,0,0,0,0,0,0,0/0,0,1,1,0,0,10,0,0,0,0,0 40-44 N");
    let ends = "0,0,0,0,0,0,0,0,0,0,5,3/3,3,0,0,0,0,2,0,0,0,0,0 40-40 S";
    let after_end = play(&R, ends, "k");
    assert_ends(
        &after_end,
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 44-52",
        EndReason::Exhausted,
        N,
    );
    for (board, after) in [(goes_on, after), (ends, after_end)] {
        assert_eq!(watched(&pos(&R, board), pit(&R, "k")), Ok(after), "{board}");
    }
}

// ---------------------------------------------------------------- beyond a game

#[test]
fn setup_seeds_make_96_and_seeds_in_play_a_multiple_of_4() {
    assert_eq!(
        R.parse_position("4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-1 S"),
        Err(SetupError::Total { expected: 96, found: 97 })
    );
    assert_eq!(
        R.parse_position("4,4,4,4,4,4,4,4,4,4,4,3/4,4,4,4,4,4,4,4,4,4,4,4 1-0 S"),
        Err(SetupError::NotFours { in_play: 95 })
    );
    assert_eq!(
        R.parse_position("4,4,4,4,4,4/4,4,4,4,4,4 48-0 S"),
        Err(SetupError::PitCount { expected: 24, found: 12 })
    );
    assert!(R.parse_position("4,4,4,4,4,4,4,4,4,4,4,2/4,4,4,4,4,4,4,4,4,4,4,4 1-1 S").is_err());
    let p = pos(&R, "4,4,4,4,4,4,4,4,4,4,4,3/4,4,4,4,4,4,4,4,4,4,4,1 2-2 S");
    assert_eq!(p.to_string(), "4,4,4,4,4,4,4,4,4,4,4,3/4,4,4,4,4,4,4,4,4,4,4,1 2-2 S");
}

#[test]
fn agreed_end_each_takes_own_row() {
    // As at a cycle: South takes 5, North 7.
    let before = "2,0,3,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 42-42 S";
    let mut g = Game::from_position(R, pos(&R, before));
    g.agree_to_end().unwrap();
    assert_ends(
        g.position(),
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 47-49",
        EndReason::Agreed,
        N,
    );
}

#[test]
fn winner_has_more_seeds_48_48_is_a_draw() {
    assert_eq!(
        R.winner_of(&pos(&R, "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 48-48 S")),
        DRAW
    );
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 52-44 S")), S);
    assert_eq!(R.winner_of(&pos(&R, "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 44-52 S")), N);
}
