//! The transposition table: a fixed-size array indexed by the low bits of
//! the key, always-replace except that deeper results of the same position
//! are kept over shallower ones.

use crate::egdb::mem::huge_vec;
use crate::score::Score;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
    /// The best move's pit index, or 255.
    pub best: u8,
    /// No line below reached the horizon: the score is the exact value at
    /// any depth.
    pub exact: bool,
}

/// An entry packed into eight bytes, so that a table of a given size holds
/// twice as many as the plain struct would and a probe reads one word:
/// bits 0-31 the key's high half (the low bits chose the slot), 32-47 the
/// score, 48-55 the depth, 56-60 the best pit plus one (0: none), 61-62 the
/// bound (0 upper, 1 lower, 2 exact), 63 `exact`. All zeros is the empty
/// slot: an upper bound at depth 0 with no move, which no probe can use.
#[inline]
fn pack(e: &Entry) -> u64 {
    debug_assert!(i16::try_from(e.score.0).is_ok(), "scores fit in 16 bits");
    let best = if (e.best as usize) < 31 { e.best as u64 + 1 } else { 0 };
    let bound = match e.bound {
        Bound::Upper => 0,
        Bound::Lower => 1,
        Bound::Exact => 2,
    };
    (e.key >> 32)
        | (e.score.0 as i16 as u16 as u64) << 32
        | (e.depth as u64) << 48
        | best << 56
        | bound << 61
        | (e.exact as u64) << 63
}

#[inline]
fn unpack(word: u64, key: u64) -> Entry {
    let best = (word >> 56) as u8 & 31;
    Entry {
        key,
        score: Score((word >> 32) as u16 as i16 as i32),
        depth: (word >> 48) as u8,
        bound: match (word >> 61) & 3 {
            0 => Bound::Upper,
            1 => Bound::Lower,
            _ => Bound::Exact,
        },
        best: if best == 0 { 255 } else { best - 1 },
        exact: word >> 63 != 0,
    }
}

pub struct Table {
    entries: Vec<u64>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MiB (a power of two number of entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<u64>();
        let size = wanted.next_power_of_two() / 2;
        let size = size.max(1024);
        // Probes land anywhere in the table: with 4 KiB pages most of them
        // also miss the TLB (measured: about 6% off the searchbench's CPU
        // time, docs/ai.md "Search speed").
        let mut entries = huge_vec(size);
        entries.resize(size, 0);
        Table { entries, mask: size - 1 }
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let word = self.entries[key as usize & self.mask];
        (word as u32 == (key >> 32) as u32).then(|| unpack(word, key))
    }

    /// Starts loading the slot of `key` into the cache, so that a probe
    /// soon after finds it there (a hint: nothing else changes).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot = self.entries.as_ptr().wrapping_add(key as usize & self.mask);
            // SAFETY: a prefetch never faults and reads nothing; the address
            // is inside the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        let same = *slot as u32 == (entry.key >> 32) as u32;
        if !same || entry.depth >= (*slot >> 48) as u8 || entry.bound == Bound::Exact {
            *slot = pack(&entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_it_was_stored() {
        let mut table = Table::new(1);
        let key = 0xDEAD_BEEF_0123_4567;
        for (score, depth, bound, best, exact) in [
            (Score(-20_000), 0, Bound::Upper, 255, false),
            (Score(20_000), 127, Bound::Lower, 0, true),
            (Score(-1), 9, Bound::Exact, 23, false),
            (Score(10_480), 255, Bound::Exact, 11, true),
        ] {
            table.clear();
            table.store(Entry { key, score, depth, bound, best, exact });
            let e = table.probe(key).expect("stored");
            assert_eq!(
                (e.key, e.score, e.depth, e.bound, e.best, e.exact),
                (key, score, depth, bound, best, exact)
            );
            // Another key in the same slot is not mistaken for it.
            assert!(table.probe(key ^ (1 << 40)).is_none());
        }
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_one_of_the_same_position() {
        let mut table = Table::new(1);
        let key = 42 << 32 | 7;
        let entry =
            |depth, bound| Entry { key, score: Score(5), depth, bound, best: 3, exact: false };
        table.store(entry(6, Bound::Lower));
        table.store(entry(4, Bound::Upper));
        assert_eq!(table.probe(key).map(|e| (e.depth, e.bound)), Some((6, Bound::Lower)));
        table.store(entry(2, Bound::Exact));
        assert_eq!(table.probe(key).map(|e| (e.depth, e.bound)), Some((2, Bound::Exact)));
        // A different position in the slot always replaces.
        let other = Entry { key: key ^ (1 << 50), ..entry(1, Bound::Upper) };
        table.store(other);
        assert!(table.probe(key).is_none());
        assert_eq!(table.probe(other.key).map(|e| e.depth), Some(1));
    }
}
