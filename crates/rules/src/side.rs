//! The two players and per-side data.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A player. South owns the near row and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South = 0,
    North = 1,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`, as used in records and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Parses `south`/`north` or `s`/`n`, any case.
    pub fn parse(text: &str) -> Option<Side> {
        match text.to_ascii_lowercase().as_str() {
            "s" | "south" => Some(Side::South),
            "n" | "north" => Some(Side::North),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    pub const fn new(south: T, north: T) -> Self {
        BySide { south, north }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide { south: f(self.south), north: f(self.north) }
    }
}

impl BySide<u8> {
    /// `self != other`, without the branch that `!=` compiles to.
    #[inline]
    pub fn differs(self, other: BySide<u8>) -> bool {
        ((self.south ^ other.south) | (self.north ^ other.north)) != 0
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
