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

const EMPTY: Entry =
    Entry { key: 0, score: Score(0), depth: 0, bound: Bound::Upper, best: 255, exact: false };

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MiB (a power of two number of entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let size = wanted.next_power_of_two() / 2;
        let size = size.max(1024);
        // Probes land anywhere in the table: with 4 KiB pages most of them
        // also miss the TLB (measured: about 6% off the searchbench's CPU
        // time, docs/ai.md "Search speed").
        let mut entries = huge_vec(size);
        entries.resize(size, EMPTY);
        Table { entries, mask: size - 1 }
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key).then_some(e)
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
        if slot.key != entry.key || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
    }
}
