//! [`Score`]: one number for every value a search can give a position.
//!
//! Always from the point of view of the player to move. Results come first,
//! then the margin: any win is better than any draw, any draw better than any
//! loss, and among equal results a bigger margin (own final seeds minus the
//! opponent's) is better. Margins are counted in tenths of a seed so that a
//! heuristic evaluation (also in tenths of a seed) and a proven draw's margin
//! share one unit.
//!
//! | band | range | meaning |
//! |---|---|---|
//! | proven win | `WIN - 960 ..= WIN + 960` | `WIN + 10 * margin` |
//! | heuristic, or proven draw | `-HEURISTIC_MAX ..= HEURISTIC_MAX` | tenths of a seed |
//! | proven loss | `-WIN - 960 ..= -WIN + 960` | `-WIN + 10 * margin` |
//! | infinity | `±INFINITY` | search bounds only |

use mancala_rules::{Position, Rules, Side, Wdl};
use std::fmt;

/// A value from the point of view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The base of a proven win; a margin of up to ±96 seeds (960) is added.
    pub const WIN: i32 = 10_000;
    /// The largest margin a score can carry, in tenths of a seed (120 seeds).
    pub const MARGIN_MAX: i32 = 1_200;
    /// Heuristic evaluations are clamped to this.
    pub const HEURISTIC_MAX: i32 = 8_000;
    pub const INFINITY: Score = Score(20_000);
    pub const ZERO: Score = Score(0);
    /// The best any position can be: a win by every seed.
    pub const BEST: Score = Score(Self::WIN + Self::MARGIN_MAX);
    /// The worst any position can be.
    pub const WORST: Score = Score(-Self::WIN - Self::MARGIN_MAX);

    /// The value of a finished game for `side`.
    pub fn of_outcome(rules: &Rules, pos: &Position, side: Side) -> Score {
        let captured = pos.captured();
        let margin = captured[side] as i32 - captured[!side] as i32;
        Score::proven(Wdl::for_side(rules.winner_of(pos), side), margin)
    }

    /// A proven result with a margin in seeds.
    pub fn proven(result: Wdl, margin: i32) -> Score {
        let base = match result {
            Wdl::Win => Self::WIN,
            Wdl::Draw => 0,
            Wdl::Loss => -Self::WIN,
        };
        Score(base + 10 * margin)
    }

    /// A heuristic value in tenths of a seed, kept inside its band.
    pub fn heuristic(tenths: i32) -> Score {
        Score(tenths.clamp(-Self::HEURISTIC_MAX, Self::HEURISTIC_MAX))
    }

    /// Whether this is a proven win or loss (a proven draw looks heuristic).
    pub fn is_decisive(self) -> bool {
        self.0.abs() > Self::HEURISTIC_MAX && self.0.abs() < Self::INFINITY.0
    }

    /// The result this score stands for, reading the heuristic band as a draw.
    pub fn result(self) -> Wdl {
        if self.0 > Self::HEURISTIC_MAX {
            Wdl::Win
        } else if self.0 < -Self::HEURISTIC_MAX {
            Wdl::Loss
        } else {
            Wdl::Draw
        }
    }

    /// The margin in seeds, for a proven score.
    pub fn margin(self) -> i32 {
        match self.result() {
            Wdl::Win => (self.0 - Self::WIN) / 10,
            Wdl::Loss => (self.0 + Self::WIN) / 10,
            Wdl::Draw => self.0 / 10,
        }
    }

    /// Seen from the other player.
    #[inline]
    pub fn flip(self) -> Score {
        Score(-self.0)
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `win +6`, `loss -2`, or a heuristic value in seeds such as `+1.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_decisive() {
            write!(f, "{} {:+}", self.result().name(), self.margin())
        } else {
            write!(f, "{:+.1}", self.0 as f64 / 10.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_order_before_margins() {
        let small_win = Score::proven(Wdl::Win, 1);
        let big_draw = Score::proven(Wdl::Draw, 20);
        let small_loss = Score::proven(Wdl::Loss, -1);
        let big_loss = Score::proven(Wdl::Loss, -40);
        assert!(small_win > big_draw && big_draw > small_loss && small_loss > big_loss);
        assert!(Score::heuristic(1_000_000) < small_win);
        assert!(Score::heuristic(-1_000_000) > small_loss);
        assert_eq!(small_win.margin(), 1);
        assert_eq!(big_loss.margin(), -40);
        assert_eq!(big_loss.to_string(), "loss -40");
        assert!(Score::BEST < Score::INFINITY && Score::WORST > -Score::INFINITY);
    }
}
