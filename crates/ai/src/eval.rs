//! The heuristic evaluation: what a position is worth when the search must
//! stop before the game ends. In tenths of a seed, for the player to move.
//!
//! Per ruleset where the rules make a difference, read from the rule fields
//! (never from the game's name):
//! - seeds already captured count in full everywhere;
//! - seeds in one's own row count for part of their value where the rules
//!   award the row to its owner at the end ([`Award::OwnRow`]: Wahree,
//!   Abapa, Anywoli's stalls), and less where the board is split or left
//!   uncaptured (Barbados);
//! - where a player without seeds is handed the whole board
//!   ([`Starved::GameEnds`] with [`Award::ToPlayerToMove`]: Speightstown),
//!   emptying the opponent's row is dangerous rather than good;
//! - pits of the opponent holding one or two seeds are targets for the
//!   two-and-three captures, one's own such pits are weaknesses; Anywoli's
//!   fours instead make pits of three (one seed from a four) the targets;
//! - a large pit (enough to go round the board) is a threat.
//!
//! The weights are round numbers checked by self-play matches (see
//! docs/ai.md), not tuned to the last decimal.

use mancala_rules::{Award, Capture, Position, Rules, Side, Starved};

/// Weights, in tenths of a seed.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    pub captured: i32,
    pub own_row: i32,
    pub target_pit: i32,
    pub big_pit: i32,
    pub empty_opponent: i32,
}

impl Weights {
    pub fn for_rules(rules: &Rules) -> Weights {
        let own_row = match rules.leftover {
            Award::OwnRow => 3,
            Award::Split => 1,
            Award::Uncaptured | Award::ToPlayerToMove => 1,
        };
        let empty_opponent = match rules.starved {
            Starved::GameEnds(Award::ToPlayerToMove) => -20,
            _ => 5,
        };
        Weights { captured: 10, own_row, target_pit: 2, big_pit: 4, empty_opponent }
    }
}

/// The heuristic value of `pos` for its player to move.
#[inline]
pub fn evaluate(rules: &Rules, weights: &Weights, pos: &Position) -> i32 {
    let me = pos.to_move();
    let them = !me;
    let captured = pos.captured();
    let mut value = weights.captured * (captured[me] as i32 - captured[them] as i32);
    let n = rules.pits_per_row as usize;
    let pits = pos.pits();
    let (mine, theirs) = if me == Side::South {
        (&pits[..n], &pits[n..2 * n])
    } else {
        (&pits[n..2 * n], &pits[..n])
    };
    let lap = 2 * n as u8 - 1;
    let fours = matches!(rules.capture, Capture::Fours);
    let mut row_diff = 0i32;
    let mut targets = 0i32;
    let mut big = 0i32;
    let mut theirs_empty = true;
    for i in 0..n {
        let (a, b) = (mine[i], theirs[i]);
        row_diff += a as i32 - b as i32;
        theirs_empty &= b == 0;
        if fours {
            targets += (b == 3) as i32 - (a == 3) as i32;
        } else {
            targets += (b == 1 || b == 2) as i32 - (a == 1 || a == 2) as i32;
        }
        big += (a > lap) as i32 - (b > lap) as i32;
    }
    value += weights.own_row * row_diff + weights.target_pit * targets + weights.big_pit * big;
    if theirs_empty {
        value += weights.empty_opponent;
    }
    value
}
