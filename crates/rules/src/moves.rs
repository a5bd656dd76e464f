//! Pits, moves and sets of moves.

use crate::rules::{Rules, MAX_PITS};
use crate::side::Side;
use std::fmt;

/// A pit, numbered in sowing order from South's first pit (0) round to North's
/// last. A move is the pit it empties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(pub u8);

impl Pit {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row this pit belongs to.
    #[inline]
    pub fn owner(self, rules: &Rules) -> Side {
        if self.0 < rules.pits_per_row {
            Side::South
        } else {
            Side::North
        }
    }

    /// The pit's letter: `a`.. for South, `A`.. for North.
    pub fn letter(self, rules: &Rules) -> char {
        letter(self, rules.pits_per_row)
    }

    /// Parses a pit letter (case-sensitive: lowercase is South's row).
    pub fn parse(text: &str, rules: &Rules) -> Result<Pit, MoveError> {
        let n = rules.pits_per_row;
        let last = (b'a' + n - 1) as char;
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(MoveError::NotALetter { text: text.to_string(), last });
        };
        let pit = match c {
            'a'..='z' if (c as u8 - b'a') < n => c as u8 - b'a',
            'A'..='Z' if (c as u8 - b'A') < n => c as u8 - b'A' + n,
            _ => return Err(MoveError::NotALetter { text: text.to_string(), last }),
        };
        Ok(Pit(pit))
    }
}

/// The letter of a pit on a board with `pits_per_row` pits a row.
/// A pit off the board shows as `?`.
pub(crate) fn letter(pit: Pit, pits_per_row: u8) -> char {
    let n = pits_per_row.min(26);
    if pit.0 < n {
        (b'a' + pit.0) as char
    } else if pit.0 - n < n {
        (b'A' + pit.0 - n) as char
    } else {
        '?'
    }
}

/// A move that is not a pit letter of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    NotALetter { text: String, last: char },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotALetter { text, last } => write!(
                f,
                "'{}' is not a pit: a move is one letter, a-{last} for South's pits or \
                 A-{} for North's (case matters)",
                text.escape_debug(),
                last.to_ascii_uppercase()
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// A set of pits, as a bit mask; iterates in board order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(pub u32);

const _: () = assert!(MAX_PITS <= 32);

/// The bit of `pit` in a [`Moves`] mask: none for a pit off every board, so
/// no pit number can shift past the mask (a panic in debug builds, another
/// pit's bit in release ones).
#[inline]
const fn bit(pit: Pit) -> u32 {
    if (pit.0 as usize) < MAX_PITS {
        1 << pit.0
    } else {
        0
    }
}

impl Moves {
    pub const EMPTY: Moves = Moves(0);

    /// Whether `pit` is in the set; `false` for a pit off every board
    /// (index [`MAX_PITS`] or more).
    #[inline]
    pub const fn contains(self, pit: Pit) -> bool {
        self.0 & bit(pit) != 0
    }

    /// Adds `pit`; a pit off every board (index [`MAX_PITS`] or more) is
    /// never a move, so the set stays as it was.
    #[inline]
    pub fn insert(&mut self, pit: Pit) {
        self.0 |= bit(pit);
    }

    #[inline]
    pub fn remove(&mut self, pit: Pit) {
        self.0 &= !bit(pit);
    }

    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `n`th pit in board order, if there is one.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Pit> {
        if self.0 == 0 {
            return None;
        }
        // Random playouts ask for a random `n`: a loop over the bits would end
        // where no branch predictor can guess. When the pits span at most 8
        // places (always so on a 2 x 6 board), look the answer up instead.
        let low = self.0.trailing_zeros();
        let span = self.0 >> low;
        if span < 256 {
            let (count, places) = BITS[span as usize];
            return (n < count as usize).then(|| Pit((low + places[n & 7] as u32) as u8));
        }
        let mut bits = self.0;
        let mut n = n;
        while bits != 0 {
            if n == 0 {
                return Some(Pit(bits.trailing_zeros() as u8));
            }
            bits &= bits - 1;
            n -= 1;
        }
        None
    }

    /// The letters, space-separated, in board order.
    pub fn letters(self, rules: &Rules) -> String {
        let letters: Vec<String> = self.map(|p| p.letter(rules).to_string()).collect();
        letters.join(" ")
    }
}

/// For each byte: how many bits are set, and where each set bit is.
static BITS: [(u8, [u8; 8]); 256] = {
    let mut table = [(0u8, [0u8; 8]); 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                let i = table[byte].0 as usize;
                table[byte].1[i] = bit as u8;
                table[byte].0 += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

impl Iterator for Moves {
    type Item = Pit;
    #[inline]
    fn next(&mut self) -> Option<Pit> {
        if self.0 == 0 {
            return None;
        }
        let pit = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Pit(pit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Moves {}
