//! Helpers shared by the rule-scenario tests (`tests/*.rs`). Every expected
//! board in those tests was worked out by hand from `RULES.md` (the binding
//! rules text, kept outside the repository: see docs/sources.md).
#![allow(dead_code)]

use mancala_rules::*;

/// The four games of the Oware family, for rules they share.
pub const OWARE_FAMILY: [(&str, Rules); 4] = [
    ("speightstown", SPEIGHTSTOWN),
    ("bridgetown", BRIDGETOWN),
    ("wahree", WAHREE),
    ("abapa", ABAPA),
];

/// A position in the one-line notation, which must be valid.
pub fn pos(rules: &Rules, text: &str) -> Position {
    rules.parse_position(text).unwrap_or_else(|e| panic!("test position '{text}' rejected: {e}"))
}

/// A pit by its letter, which must exist.
pub fn pit(rules: &Rules, letter: &str) -> Pit {
    Pit::parse(letter, rules).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the moves (letters separated by spaces) on bare positions: no
/// history, so no repetition rule.
pub fn play(rules: &Rules, before: &str, moves: &str) -> Position {
    let mut p = pos(rules, before);
    for m in moves.split_whitespace() {
        p = rules.play(&p, pit(rules, m)).unwrap_or_else(|e| panic!("move {m} in {p}: {e}"));
    }
    p
}

/// Plays the moves in a game from the set-up position (repetition applies).
pub fn game(rules: &Rules, before: &str, moves: &str) -> Game {
    let mut g = Game::from_position(*rules, pos(rules, before));
    for m in moves.split_whitespace() {
        assert!(!g.is_over(), "game over before move {m}: {:?}", g.position());
        let before = *g.position();
        if let Err(e) = g.play(pit(rules, m)) {
            panic!("move {m} in {before}: {e}");
        }
    }
    g
}

/// The events of one move.
pub fn events(rules: &Rules, before: &str, m: &str) -> Vec<Event> {
    let mut g = Game::from_position(*rules, pos(rules, before));
    g.play_reported(pit(rules, m)).unwrap().events
}

/// Why a move is refused.
pub fn refused(rules: &Rules, before: &str, m: &str) -> IllegalMove {
    let p = pos(rules, before);
    match rules.play(&p, pit(rules, m)) {
        Ok(after) => panic!("{m} in {before} should be illegal, gave {after}"),
        Err(e) => e,
    }
}

/// The notation without the side to move (which means nothing once the game
/// is over).
pub fn board_and_score(p: &Position) -> String {
    let s = p.to_string();
    s.rsplit_once(' ').unwrap().0.to_string()
}

/// The game goes on, in exactly this position (side to move included).
#[track_caller]
pub fn assert_goes_on(p: &Position, expected: &str) {
    assert_eq!(p.to_string(), expected);
    assert_eq!(p.outcome(), None, "{p:?} should not be over");
}

/// The game is over with this board and these scores.
#[track_caller]
pub fn assert_ends(p: &Position, expected: &str, reason: EndReason, winner: Option<Side>) {
    assert_eq!(board_and_score(p), expected, "{p:?}");
    assert_eq!(p.outcome(), Some(Outcome { reason, winner }), "{p:?}");
}

pub const S: Option<Side> = Some(Side::South);
pub const N: Option<Side> = Some(Side::North);
pub const DRAW: Option<Side> = None;
