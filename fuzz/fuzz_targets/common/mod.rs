//! What every fuzz target shares: the rulesets under test and the
//! invariants that must hold for any position the engine accepts.

#![allow(dead_code)]

use mancala_rules::*;

#[path = "../../../crates/rules/tests/custom/mod.rs"]
mod custom;

/// The catalogue (first, in order) plus combinations of rule answers that no
/// preset uses.
pub fn all_rules() -> Vec<Rules> {
    RULESETS.iter().map(|r| r.rules).chain(custom::CUSTOM.map(|(_, rules)| rules)).collect()
}

/// The cheap invariants: seeds conserved, no legal move iff over.
pub fn check_cheap(rules: &Rules, pos: &Position) {
    let c = pos.captured();
    assert_eq!(
        pos.board_seeds() + c.south as u32 + c.north as u32,
        rules.total_seeds(),
        "seeds not conserved: {pos}"
    );
    assert_eq!(rules.legal_moves(pos).is_empty(), pos.is_over(), "{pos}");
}

/// Invariants of a position that `rules` produced or accepted.
pub fn check_position(rules: &Rules, pos: &Position) {
    check_cheap(rules, pos);
    let legal = rules.legal_moves(pos);
    if let Some(outcome) = pos.outcome() {
        assert_eq!(outcome.winner, rules.winner_of(pos), "{pos}");
    }
    for p in 0..rules.pit_count() as u8 {
        let pit = Pit(p);
        match rules.play(pos, pit) {
            Ok(next) => {
                assert!(legal.contains(pit), "{} played but not legal: {pos}", pit.letter(rules));
                let c = next.captured();
                assert_eq!(
                    next.board_seeds() + c.south as u32 + c.north as u32,
                    rules.total_seeds(),
                    "{} does not conserve seeds: {pos}",
                    pit.letter(rules)
                );
            }
            Err(e) => {
                assert!(
                    !legal.contains(pit),
                    "{} legal but refused ({e}): {pos}",
                    pit.letter(rules)
                );
                assert!(!e.to_string().is_empty());
            }
        }
        assert_eq!(
            rules.is_legal(pos, pit),
            legal.contains(pit),
            "is_legal({}): {pos}",
            pit.letter(rules)
        );
    }
}

/// The notation of a position parses back to the same position (an ongoing
/// one exactly, a finished one to the same pits and captures).
pub fn check_notation(rules: &Rules, pos: &Position) {
    let text = pos.to_string();
    let parsed =
        rules.parse_position(&text).unwrap_or_else(|e| panic!("'{text}' does not parse: {e}"));
    assert_eq!(parsed.pits(), pos.pits(), "{text}");
    assert_eq!(parsed.captured(), pos.captured(), "{text}");
    if !pos.is_over() {
        assert!(!parsed.is_over(), "'{text}' parses as over");
        assert_eq!(parsed.to_string(), text);
        assert_eq!(rules.legal_moves(&parsed), rules.legal_moves(pos), "{text}");
        if pos.quiet_moves() == 0 {
            assert_eq!(&parsed, pos, "{text}");
        }
    }
}

/// Plays a short game from `game`'s position, choosing the moves with
/// `choices`, checking every position on the way.
pub fn play_on(game: &mut Game, choices: &[u8], plies: usize) {
    let rules = *game.rules();
    for i in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            assert!(game.is_over());
            break;
        }
        let choice = choices.get(i % choices.len().max(1)).copied().unwrap_or(0) as usize;
        let pit = legal.nth(choice % legal.len()).unwrap();
        game.play(pit).unwrap_or_else(|e| panic!("legal move refused: {e}"));
        check_position(&rules, game.position());
    }
}
