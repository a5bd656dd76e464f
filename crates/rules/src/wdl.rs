//! [`Wdl`]: a game's result seen from one player, the one win/draw/loss
//! type of the workspace (search scores, proofs, endgame databases,
//! puzzles). It lives with the rules so that the database code can use it
//! without depending on the search.

use crate::side::Side;
use std::fmt;

/// Win, draw or loss for one player. Ordered from that player's point of
/// view: `Loss < Draw < Win`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    Loss,
    Draw,
    Win,
}

impl Wdl {
    pub const ALL: [Wdl; 3] = [Wdl::Loss, Wdl::Draw, Wdl::Win];

    /// The result for `side` of a game won by `winner` (`None`: a draw).
    #[inline]
    pub fn for_side(winner: Option<Side>, side: Side) -> Wdl {
        match winner {
            Some(w) if w == side => Wdl::Win,
            Some(_) => Wdl::Loss,
            None => Wdl::Draw,
        }
    }

    /// The winner of a game whose result for `side` is this (`None`: a
    /// draw); the inverse of [`Wdl::for_side`].
    #[inline]
    pub fn winner(self, side: Side) -> Option<Side> {
        match self {
            Wdl::Win => Some(side),
            Wdl::Draw => None,
            Wdl::Loss => Some(!side),
        }
    }

    /// The same result seen from the other player.
    #[inline]
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }

    /// `"win"`, `"draw"` or `"loss"`, as in JSON, puzzle files and the
    /// command's output.
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }

    /// Parses a [`Wdl::name`].
    pub fn parse(text: &str) -> Option<Wdl> {
        Wdl::ALL.into_iter().find(|r| r.name() == text)
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_order_flip_and_name_the_winner() {
        assert!(Wdl::Loss < Wdl::Draw && Wdl::Draw < Wdl::Win);
        for side in Side::ALL {
            for r in Wdl::ALL {
                assert_eq!(r.flip().flip(), r);
                assert_eq!(Wdl::for_side(r.winner(side), side), r);
                assert_eq!(Wdl::for_side(r.winner(side), !side), r.flip());
                assert_eq!(Wdl::parse(r.name()), Some(r));
            }
        }
        assert_eq!(Wdl::for_side(Some(Side::North), Side::South), Wdl::Loss);
        assert_eq!(Wdl::Win.winner(Side::North), Some(Side::North));
        assert_eq!(Wdl::parse("lost"), None);
    }
}
