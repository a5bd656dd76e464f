//! Random playouts of single-lap rulesets that capture twos and threes (the
//! Oware family: every 2 x 6 preset), specialised for speed.
//!
//! [`crate::random_games`] spends most of a ply, through [`crate::Game`], on
//! bookkeeping that a playout does not need (a copy of every position, a
//! checked move, the move list) and on branches that no predictor can guess
//! (where a sowing ends, whether it captures). Here the board is one 16-byte
//! [`Board`] held in an SSE register (the side to move in its top bit), and
//! the usual move is a handful of instructions without a data-dependent
//! branch:
//!
//! - the move is picked from the legal moves' bits by `pdep` and `tzcnt`
//!   (a table where the CPU lacks them);
//! - the sowing is one byte-wise addition: `delta[pit][seeds]` is what
//!   sowing `seeds` from `pit` adds to the board, whole laps (and the
//!   skipped origin) included, minus the seeds taken, and the side to move
//!   handed over; the table is filled by the engine's own seed-by-seed
//!   sowing, so [`crate::Origin`] is still answered in one place;
//! - the capture of twos and threes is found with bit masks (the pits of 2
//!   or 3 in the opponent's row, the run of them that ends at the last seed,
//!   by a leading-zero count) and taken with one mask and one sum of bytes;
//! - the repetition rule keeps the positions since the last capture in a
//!   list and a table of hash slots stamped with a capture count, so that
//!   the usual "no repetition" is one load and a compare, and a capture
//!   empties both by bumping the count; the list's length is also the count
//!   of moves without a capture (the stall rule's);
//! - the target is looked at only after a capture, and only when a score is
//!   near it.
//!
//! Anything unusual (a grand slam, whatever the rules make of it, a target
//! reached, a stall limit, a player who cannot move or must be fed) is
//! played again from the position before the move by the general engine,
//! [`Rules::apply`], so those rules are answered in one place too. The tests
//! below play many random games move by move through this path and through
//! [`crate::Game`] for every preset and compare every position.

use crate::event::{Event, Observer};
#[cfg(test)]
use crate::moves::Moves;
use crate::moves::Pit;
use crate::position::{EndReason, Outcome, Position};
use crate::rules::*;
use crate::side::{BySide, Side};

/// Rows of the sowing tables: one per value of a pit's byte (a pit holds at
/// most 120 seeds, [`Rules::validate`]), so that the byte is an index as it
/// is.
const HANDS: usize = 256;
/// The most pits this path handles: the board must fit a 16-byte number.
const MAX_LAP_PITS: usize = 16;
/// Slots of the repetition table (a power of two); a few times more than the
/// positions between two captures in a typical game.
const SLOTS: usize = 1024;

/// `PICKS[mask]`: where each set bit of a byte is (byte `i`: the `i`th),
/// and in the top byte how many there are, so that the `n`th move of a row
/// is a load and a shift (as [`Moves::nth`]).
static PICKS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        let mut count = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte] |= (bit as u64) << (8 * count);
                count += 1;
            }
            bit += 1;
        }
        table[byte] |= count << 56;
        byte += 1;
    }
    table
};

/// The byte of the board beyond every pit; its top bit (the board's bit
/// [`SIDE_BIT`]) holds the side to move.
const SIDE_BYTE: usize = 15;
/// The bit of the board that holds the side to move ([`Side::index`]).
/// Every entry of the sowing table adds one to it, so the sowing also hands
/// the move over (the carry out of the top bit is dropped).
const SIDE_BIT: u32 = 127;

/// A board: byte `i` holds pit `i`, and the top bit ([`SIDE_BIT`]) the side
/// to move. In an SSE register on x86-64 (sown, masked and compared there,
/// without moves to and from the general registers), a `u128` elsewhere.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
struct Board(Lanes);

#[cfg(target_arch = "x86_64")]
type Lanes = std::arch::x86_64::__m128i;
#[cfg(not(target_arch = "x86_64"))]
type Lanes = u128;

/// The top bit of every byte.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
const HIGH_BITS: u128 = u128::from_le_bytes([0x80; 16]);

impl Board {
    #[inline(always)]
    fn new(bits: u128) -> Board {
        // SAFETY: both are 16 bytes, and any bits are valid for either.
        Board(unsafe { std::mem::transmute::<u128, Lanes>(bits) })
    }

    #[inline(always)]
    fn bits(self) -> u128 {
        // SAFETY: as in `new`.
        unsafe { std::mem::transmute::<Lanes, u128>(self.0) }
    }

    /// The seeds in `pit`.
    #[inline(always)]
    fn seeds(self, pit: usize) -> usize {
        // SAFETY: as in `new`.
        let bytes = unsafe { std::mem::transmute::<Lanes, [u8; 16]>(self.0) };
        bytes[pit % 16] as usize
    }

    /// The side to move ([`Side::index`]).
    #[inline(always)]
    fn mover(self) -> usize {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; a register operation.
        unsafe {
            use std::arch::x86_64::*;
            (_mm_movemask_epi8(self.0) as u32 >> 15) as usize
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            (self.0 >> SIDE_BIT) as usize
        }
    }

    /// `self` plus `delta`, byte by byte (wrapping).
    #[inline(always)]
    fn plus(self, delta: Board) -> Board {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; a register operation.
        unsafe {
            Board(std::arch::x86_64::_mm_add_epi8(self.0, delta.0))
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Board(bytewise_add(self.0, delta.0))
        }
    }

    /// `self` without the bytes set in `mask`.
    #[inline(always)]
    fn without(self, mask: Board) -> Board {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; a register operation.
        unsafe {
            Board(std::arch::x86_64::_mm_andnot_si128(mask.0, self.0))
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Board(self.0 & !mask.0)
        }
    }

    /// The sum of the bytes of `self` set in `mask` (at most 255 seeds).
    #[inline(always)]
    fn sum_in(self, mask: Board) -> u16 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; register operations.
        unsafe {
            use std::arch::x86_64::*;
            let sums = _mm_sad_epu8(_mm_and_si128(self.0, mask.0), _mm_setzero_si128());
            (_mm_cvtsi128_si32(sums) + _mm_extract_epi16::<4>(sums)) as u16
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            byte_sum(self.0 & mask.0) as u16
        }
    }

    /// The non-empty pits and the pits holding 2 or 3 seeds, one bit each.
    #[inline(always)]
    fn masks(self) -> (u32, u32) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; register operations.
        unsafe {
            use std::arch::x86_64::*;
            let v = self.0;
            let empty = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u32;
            let halved = _mm_and_si128(v, _mm_set1_epi8(!1));
            let twos_threes = _mm_movemask_epi8(_mm_cmpeq_epi8(halved, _mm_set1_epi8(2))) as u32;
            (!empty & 0xffff, twos_threes)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            masks_portable(self.0)
        }
    }

    /// The pits whose seeds exceed `reach`'s byte (they feed), and those
    /// that hold more than `most`, one bit each.
    #[inline(always)]
    fn feeding(self, reach: Board, most: u8) -> (u32, u32) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; register operations. (Signed
        // compares: no pit holds more than 120 seeds.)
        unsafe {
            use std::arch::x86_64::*;
            let v = self.0;
            let feeds = _mm_movemask_epi8(_mm_cmpgt_epi8(v, reach.0)) as u32;
            let full = _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(most as i8))) as u32;
            (feeds, full)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            feeding_portable(self.0, reach.0, most)
        }
    }

    /// The slot of the repetition table.
    #[inline(always)]
    fn slot(self) -> usize {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; register operations.
        let (low, high) = unsafe {
            use std::arch::x86_64::*;
            let high = _mm_unpackhi_epi64(self.0, self.0);
            (_mm_cvtsi128_si64(self.0) as u64, _mm_cvtsi128_si64(high) as u64)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (low, high) = (self.0 as u64, (self.0 >> 64) as u64);
        let mixed = low ^ high.rotate_left(29);
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SLOTS
    }

    /// Whether the two boards are the same.
    #[inline(always)]
    fn same(self, other: Board) -> bool {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64; register operations.
        unsafe {
            use std::arch::x86_64::*;
            _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, other.0)) == 0xffff
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.0 == other.0
        }
    }
}

/// `a + b` byte by byte, wrapping ([`Board::plus`] without SIMD).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn bytewise_add(a: u128, b: u128) -> u128 {
    // The low seven bits of each byte added (no carry leaves a byte), and
    // the top bits added without carries.
    ((a & !HIGH_BITS) + (b & !HIGH_BITS)) ^ ((a ^ b) & HIGH_BITS)
}

/// The state of a game between moves, kept in registers.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The key of the repetition rule.
    board: Board,
    /// Seeds captured: South's in the low byte, North's in the high one.
    captured: u16,
    /// The moves without a capture, once the game is over (while it goes
    /// on, the repetition window's length says it: [`Hot::quiet`]).
    quiet: u8,
}

impl State {
    #[inline(always)]
    fn mover(self) -> usize {
        self.board.mover()
    }
}

/// What a ruleset's usual move needs, built once.
struct Tables {
    rules: Rules,
    /// `delta[pit * HANDS + seeds]`: sowing `seeds` from `pit` adds this to the
    /// board, byte by byte (wrapping: the taken seeds are subtracted, and
    /// the side to move changes).
    delta: Box<[Board; MAX_LAP_PITS * HANDS]>,
    /// `last[pit * HANDS + seeds]`: the pit where the last seed falls.
    last: Box<[u8; MAX_LAP_PITS * HANDS]>,
    /// `runs[first * 16 + end]`: bytes `first..end` all ones (none if
    /// `end <= first`), for taking a chain of captures.
    runs: Box<[Board; 256]>,
    /// The pits of each row, by [`Side::index`].
    rows: [u32; 2],
    /// The first pit of each row.
    row_start: [u32; 2],
    /// A mover's pits that must not all be empty after the move, or the
    /// opponent would have to be fed: their row, or every pit if feeding is
    /// not required.
    feed: [u32; 2],
    /// Feeding, by the side to feed: byte `p` is one less than the seeds
    /// that pit `p` of their row needs to sow into the other row (found
    /// from the engine's sowing); 127 elsewhere.
    reach: [Board; 2],
    /// Feeding: a move that feeds must leave seeds in the fed row
    /// ([`FeedTest::LeavesSeeds`]), which a sowing of fewer seeds than
    /// pits does whenever it sows into it (it drops one seed a pit, and
    /// only 2s and 3s are captured); with more seeds, the general engine
    /// decides. The most seeds a feeding pit may hold here (127: no limit).
    feed_seeds: u8,
    /// The target: added to the two scores (one byte each, at most 120),
    /// a score's top bit ([`Tables::near_mask`]) is set when it is at least
    /// the least score with which [`Rules::target_reached`] may hold; below
    /// it, no need to ask.
    near_bias: u16,
    near_mask: u16,
    /// The least length of the repetition window (moves without a capture,
    /// plus one) at which the next move may stall the game
    /// ([`Rules::stalled`]); `usize::MAX`: never.
    quiet_limit: usize,
}

/// The repetition rule's memory: the boards (with the side to move) since
/// the last capture (`since[..count]`; `since` is never shorter), and for
/// each hash slot the window (`stamp`) in which a position of that slot was
/// last seen.
struct Window {
    since: Vec<Board>,
    count: usize,
    slots: Box<[u32; SLOTS]>,
    stamp: u32,
}

impl Window {
    /// The window's state as local variables, for the loop of a game.
    #[inline(always)]
    fn hot(&mut self) -> Hot<'_> {
        Hot { since: &mut self.since, slots: &mut self.slots, count: self.count, stamp: self.stamp }
    }
}

/// [`Window`] during a game: its count and stamp in registers.
struct Hot<'a> {
    since: &'a mut Vec<Board>,
    slots: &'a mut [u32; SLOTS],
    count: usize,
    stamp: u32,
}

impl Hot<'_> {
    /// Starts a new window with `board` its first position.
    fn open(&mut self, board: Board) {
        self.count = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamp = wrap(self.slots);
        }
        self.repeats(board, false);
    }

    /// The moves without a capture that led to the window's last position.
    #[inline(always)]
    fn quiet(&self) -> u8 {
        (self.count - 1).min(255) as u8
    }

    /// After a move: a capture opens a new window (the position after it is
    /// the first of it); otherwise, whether `board` occurred in this window.
    /// Either way `board` is added to the window.
    #[inline(always)]
    fn repeats(&mut self, board: Board, captured: bool) -> bool {
        // Branch-free: whether a move captures is a coin toss.
        self.stamp = self.stamp.wrapping_add(captured as u32);
        if self.stamp == 0 {
            self.stamp = wrap(self.slots);
        }
        self.count *= (!captured) as usize;
        let slot = board.slot();
        // (Right after a capture no slot holds the new stamp: no test of
        // `captured` here, which would be a branch.)
        let seen = self.slots[slot] == self.stamp;
        self.slots[slot] = self.stamp;
        let repeated = seen && self.since[..self.count].iter().any(|b| b.same(board));
        match self.since.get_mut(self.count) {
            Some(place) => *place = board,
            None => grow(self.since, board),
        }
        self.count += 1;
        repeated
    }
}

/// The stamp went round: forgets every slot, and returns the next stamp.
#[cold]
#[inline(never)]
fn wrap(slots: &mut [u32; SLOTS]) -> u32 {
    slots.fill(0);
    1
}

/// Appends `board` to a full window, and makes room for more.
#[cold]
#[inline(never)]
fn grow(since: &mut Vec<Board>, board: Board) {
    since.push(board);
    since.resize(since.capacity().max(2 * since.len()), Board::new(0));
}

/// Plays random games of one ruleset ([`LapPlayout::new`] says which
/// rulesets qualify).
pub(crate) struct LapPlayout {
    /// Whether the CPU has the bit instructions of `random_game_bits`.
    #[cfg(target_arch = "x86_64")]
    fast_bits: bool,
    tables: Tables,
    window: Window,
    /// The game now: its state, legal moves and outcome.
    state: State,
    legal: u32,
    outcome: Option<Outcome>,
    /// [`Tables::quiet_limit`] for this game: 0 (every move through the
    /// general engine) if its start has reached the target already.
    limit: usize,
}

/// Records where the seeds of a sowing fall.
struct Drops {
    added: [u8; MAX_LAP_PITS],
    last: usize,
}

impl Observer for Drops {
    fn event(&mut self, event: Event) {
        if let Event::Drop { pit } = event {
            self.added[pit.index()] += 1;
            self.last = pit.index();
        }
    }
}

impl LapPlayout {
    /// The playout for `rules`, if they are single-lap rules capturing twos and
    /// threes on at most 2 x 7 pits; otherwise `None` (use [`crate::Game`]).
    pub(crate) fn new(rules: &Rules) -> Option<LapPlayout> {
        let Capture::TwosAndThrees { .. } = rules.capture else {
            return None;
        };
        let n = rules.pit_count();
        let ppr = rules.pits_per_row as u32;
        if rules.sowing != Sowing::SingleLap || ppr > 7 || rules.validate().is_err() {
            return None;
        }
        let row = (1u32 << ppr) - 1;
        let rows = [row, row << ppr];
        let row_start = [0, ppr];
        let total = rules.total_seeds() as usize;
        let mut delta = Box::new([Board::new(0); MAX_LAP_PITS * HANDS]);
        let mut last = Box::new([0u8; MAX_LAP_PITS * HANDS]);
        let mut adds = vec![[0u8; MAX_LAP_PITS]; MAX_LAP_PITS * HANDS];
        for pit in 0..n {
            let mover = Pit(pit as u8).owner(rules);
            for seeds in 1..=total.min(HANDS - 1) {
                // A board holding only this handful, sown by the engine.
                let mut pos = rules.start();
                pos.pits = [0; MAX_PITS];
                pos.pits[pit] = seeds as u8;
                pos.to_move = mover;
                let mut drops = Drops { added: [0; MAX_LAP_PITS], last: pit };
                // Single-lap sowing always ends; what the move captures or
                // ends does not matter here, only where the seeds fell.
                let _ = rules.apply(&mut pos, Pit(pit as u8), &mut drops);
                adds[pit * HANDS + seeds] = drops.added;
                let mut bytes = drops.added;
                bytes[pit] = bytes[pit].wrapping_sub(seeds as u8);
                bytes[SIDE_BYTE] = 1 << (SIDE_BIT % 8);
                delta[pit * HANDS + seeds] = Board::new(u128::from_le_bytes(bytes));
                last[pit * HANDS + seeds] = drops.last as u8;
            }
        }
        let mut runs = Box::new([Board::new(0); 256]);
        for first in 0..16 {
            for end in first + 1..16 {
                runs[first * 16 + end] = Board::new((1u128 << (8 * end)) - (1u128 << (8 * first)));
            }
        }
        let scores =
            (0..=total as u8).flat_map(|a| (0..=total as u8 - a).map(move |b| BySide::new(a, b)));
        let score_floor = scores
            .filter(|&c| rules.target_reached(c.map(u32::from)))
            .map(|c| c.south.max(c.north) as u16)
            .min();
        let (near_bias, near_mask) = match score_floor {
            Some(floor) => (0x0101 * (128 - floor), 0x8080),
            None => (0, 0),
        };
        let quiet_limit = (0..=255u8).find(|&q| rules.stalled(q)).map_or(usize::MAX, usize::from);
        let mut reach = [[127u8; 16]; 2];
        for pit in 0..n {
            let side = Pit(pit as u8).owner(rules).index();
            let other = rows[side ^ 1];
            let needed = (1..=total.min(HANDS - 1)).find(|&seeds| {
                let added = adds[pit * HANDS + seeds];
                (0..n).any(|p| other & 1 << p != 0 && added[p] != 0)
            });
            reach[side][pit] = needed.map_or(127, |seeds| seeds as u8 - 1);
        }
        let reach = reach.map(|bytes| Board::new(u128::from_le_bytes(bytes)));
        let feed_seeds = match rules.feeding {
            Feeding::Required { test: FeedTest::LeavesSeeds, .. } => n as u8 - 1,
            _ => 127,
        };
        let feed = match rules.feeding {
            Feeding::Required { .. } => rows,
            Feeding::NotRequired => [u32::MAX; 2],
        };
        Some(LapPlayout {
            #[cfg(target_arch = "x86_64")]
            fast_bits: std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("popcnt"),
            tables: Tables {
                rules: *rules,
                delta,
                last,
                runs,
                rows,
                row_start,
                feed,
                reach,
                feed_seeds,
                near_bias,
                near_mask,
                quiet_limit,
            },
            window: Window {
                since: vec![Board::new(0); 256],
                count: 0,
                slots: Box::new([0; SLOTS]),
                stamp: 0,
            },
            state: State { board: Board::new(0), captured: 0, quiet: 0 },
            legal: 0,
            outcome: None,
            limit: quiet_limit,
        })
    }

    /// Starts a game from `start` (with no history and a stall count of 0, as
    /// [`crate::Game::from_position`]).
    pub(crate) fn restart(&mut self, start: &Position) {
        let mut start = *start;
        start.quiet = 0;
        let rules = &self.tables.rules;
        self.legal = rules.legal_moves(&start).0;
        (self.state, self.outcome) = State::of(&start);
        let reached = rules.target_reached(start.captured.map(u32::from));
        self.limit = if reached { 0 } else { self.tables.quiet_limit };
        let mut hot = self.window.hot();
        hot.open(self.state.board);
        (self.window.count, self.window.stamp) = (hot.count, hot.stamp);
    }

    /// The legal moves now; empty once the game is over.
    #[cfg(test)]
    pub(crate) fn legal_moves(&self) -> Moves {
        Moves(self.legal)
    }

    /// The current position.
    pub(crate) fn position(&self) -> Position {
        let mut state = self.state;
        if self.outcome.is_none() {
            state.quiet = (self.window.count - 1).min(255) as u8;
        }
        state.position(&self.tables.rules, self.outcome)
    }

    /// Plays one uniformly random game from `start` to its end: `pick(n)`
    /// must return a number below `n`, and picks the move among the legal
    /// ones in board order, as [`crate::random_game`] does. Returns the
    /// plies played; [`LapPlayout::position`] is then the final position.
    pub(crate) fn random_game(
        &mut self,
        start: &Position,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> u32 {
        self.restart(start);
        // Without a stall limit (and a target reached at the start) the
        // loop need not count moves.
        let limited = self.limit != usize::MAX;
        #[cfg(target_arch = "x86_64")]
        if self.fast_bits {
            // SAFETY: the CPU has these features (checked in `new`).
            return unsafe {
                match limited {
                    true => self.random_game_bits::<true>(pick),
                    false => self.random_game_bits::<false>(pick),
                }
            };
        }
        match limited {
            true => self.random_game_plain::<true>(pick),
            false => self.random_game_plain::<false>(pick),
        }
    }

    /// [`LapPlayout::random_game`] compiled for CPUs with the bit
    /// instructions of x86-64-v3 (variable shifts without flags, `lzcnt`,
    /// `popcnt`, `pdep`): a move picked by `pdep` and `tzcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    unsafe fn random_game_bits<const LIMITED: bool>(
        &mut self,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> u32 {
        self.random_game_body::<true, LIMITED>(pick)
    }

    #[inline(never)]
    fn random_game_plain<const LIMITED: bool>(
        &mut self,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> u32 {
        self.random_game_body::<false, LIMITED>(pick)
    }

    /// The loop of [`LapPlayout::random_game`] from the position that
    /// [`LapPlayout::restart`] set; `BITS`: the CPU has `pdep` (and the
    /// caller is compiled for it); `LIMITED`: [`LapPlayout::limit`] is not
    /// `usize::MAX`.
    #[inline(always)]
    fn random_game_body<const BITS: bool, const LIMITED: bool>(
        &mut self,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> u32 {
        // The game in local variables, which stay in registers, and the
        // tables behind a shared reference, whose fields stay in registers.
        let LapPlayout { tables, window, state, legal, outcome, limit, .. } = self;
        let t: &Tables = tables;
        let limit = if LIMITED { *limit } else { usize::MAX };
        let mut hot = window.hot();
        let mut s = *state;
        let mut moves = *legal;
        let mut plies = 0;
        // (A move that leaves no legal moves ends the game: `play_on`
        // answers `Err`, so `moves` is never empty in the loop.)
        if moves != 0 {
            while let Some(pit) = nth_move::<BITS>(t, s, moves, pick) {
                plies += 1;
                match play_on::<LIMITED>(t, &mut hot, &mut s, limit, pit) {
                    Ok(next) => moves = next,
                    Err(end) => {
                        (moves, *outcome) = (0, end);
                        break;
                    }
                }
            }
        }
        (window.count, window.stamp) = (hot.count, hot.stamp);
        (*state, *legal) = (s, moves);
        plies
    }

    /// Plays `pit`, which must be one of [`LapPlayout::legal_moves`].
    #[cfg(test)]
    pub(crate) fn play(&mut self, pit: Pit) {
        let mut hot = self.window.hot();
        let mut state = self.state;
        (self.legal, self.outcome) =
            match play_on::<true>(&self.tables, &mut hot, &mut state, self.limit, pit.index()) {
                Ok(moves) => (moves, None),
                Err(end) => (0, end),
            };
        (self.window.count, self.window.stamp) = (hot.count, hot.stamp);
        self.state = state;
    }
}

/// The pit of the `pick(count)`th of `moves` (in board order), or `None` if
/// `pick` answered out of range.
#[inline(always)]
fn nth_move<const BITS: bool>(
    t: &Tables,
    s: State,
    moves: u32,
    pick: &mut impl FnMut(usize) -> usize,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if BITS {
        let count = moves.count_ones() as usize;
        let n = pick(count);
        if n >= count {
            return None;
        }
        // SAFETY: `BITS` only where the CPU has BMI2 (`random_game_bits`).
        let bit = unsafe { std::arch::x86_64::_pdep_u32(1 << (n % 32), moves) };
        return Some(bit.trailing_zeros() as usize);
    }
    // The legal moves are in the mover's row, at most 7 pits.
    let from = t.row_start[s.mover() % 2];
    let places = PICKS[(moves >> from) as usize % 256];
    let count = (places >> 56) as usize;
    let n = pick(count);
    if n >= count {
        return None;
    }
    Some(from as usize + (places >> (8 * (n % 8))) as u8 as usize)
}

/// Plays `pit` (a legal move) in `state`; returns the legal moves after it
/// (never none), or the outcome if the game ended.
#[inline(always)]
fn play_on<const LIMITED: bool>(
    t: &Tables,
    w: &mut Hot<'_>,
    state: &mut State,
    limit: usize,
    pit: usize,
) -> Result<u32, Option<Outcome>> {
    let stall = LIMITED && w.count >= limit;
    let (legal, captured) = match usual_move(t, state, stall, pit) {
        Some(done) => done,
        None => match unusual_move(&t.rules, *state, w.quiet(), pit) {
            Ok((next, legal, captured)) => {
                *state = next;
                (legal, captured)
            }
            Err((end, outcome)) => {
                *state = end;
                return Err(outcome);
            }
        },
    };
    // The repetition rule, as in `Game::play_with`.
    if w.repeats(state.board, captured) {
        let outcome;
        (*state, outcome) = cycle(&t.rules, *state, w.quiet());
        return Err(outcome);
    }
    Ok(legal)
}

/// Plays `pit` in `state` (after `quiet` moves without a capture) by the
/// general engine: returns the position after it, the legal moves and
/// whether it captured, or the final position and the outcome if the game
/// ended.
#[cold]
#[inline(never)]
fn unusual_move(
    rules: &Rules,
    state: State,
    quiet: u8,
    pit: usize,
) -> Result<(State, u32, bool), (State, Option<Outcome>)> {
    let mut pos = State { quiet, ..state }.position(rules, None);
    let before = pos.captured;
    let legal = match rules.apply(&mut pos, Pit(pit as u8), &mut ()) {
        Ok(Some(moves)) => moves,
        _ => rules.legal_moves(&pos),
    };
    let (after, outcome) = State::of(&pos);
    // (Settling a move leaves the player to move with moves, or ends the
    // game; `Err` for no moves all the same, so that `Ok` always has some.)
    if pos.is_over() || legal.is_empty() {
        return Err((after, outcome));
    }
    Ok((after, legal.0, pos.captured.differs(before)))
}

/// Ends the game in `state` (after `quiet` moves without a capture) at a
/// repetition.
#[cold]
#[inline(never)]
fn cycle(rules: &Rules, state: State, quiet: u8) -> (State, Option<Outcome>) {
    let mut pos = State { quiet, ..state }.position(rules, None);
    rules.finish_with(&mut pos, EndReason::Cycle, &mut ());
    State::of(&pos)
}

impl State {
    fn of(pos: &Position) -> (State, Option<Outcome>) {
        let mut low = [0u8; MAX_LAP_PITS];
        low[..SIDE_BYTE].copy_from_slice(&pos.pits[..SIDE_BYTE]);
        let side = (pos.to_move.index() as u128) << SIDE_BIT;
        let captured = u16::from_le_bytes([pos.captured.south, pos.captured.north]);
        let board = Board::new(u128::from_le_bytes(low) | side);
        (State { board, captured, quiet: pos.quiet }, pos.outcome)
    }

    fn position(self, rules: &Rules, outcome: Option<Outcome>) -> Position {
        let bytes = self.board.bits().to_le_bytes();
        let mut pits = [0u8; MAX_PITS];
        pits[..SIDE_BYTE].copy_from_slice(&bytes[..SIDE_BYTE]);
        let [south, north] = self.captured.to_le_bytes();
        Position {
            pits,
            captured: BySide::new(south, north),
            to_move: Side::ALL[self.mover() % 2],
            pits_per_row: rules.pits_per_row,
            quiet: self.quiet,
            outcome,
            // Only Anywoli's fours (never a lap ruleset) record it.
            first_lap_capture: None,
        }
    }
}

/// Plays `pit` if the move is a usual one: a sowing, maybe a capture of twos
/// and threes but not a grand slam, and the opponent to move with moves of
/// their own and nothing to feed, no target reached or stall limit near
/// (`stall`: the window is as long as [`LapPlayout::limit`]).
/// Returns the opponent's moves and whether it captured; `None` (and
/// `state` unchanged) for any other move.
#[inline(always)]
fn usual_move(t: &Tables, state: &mut State, stall: bool, pit: usize) -> Option<(u32, bool)> {
    let s = *state;
    let mover = s.mover() % 2;
    let opponent = mover ^ 1;
    let pit = pit % MAX_LAP_PITS;
    let seeds = s.board.seeds(pit);
    let at = pit * HANDS + seeds;
    let sown = s.board.plus(t.delta[at]);
    let last = t.last[at] as u32 % 16;
    // The chain of captures: the pits of 2 or 3 in the opponent's row,
    // going back from the last seed's pit (bit operations, not a table: the
    // next move depends on them). `first` is the chain's first pit, `last +
    // 1` if there is none (the last seed fell in the mover's own row, or in
    // a pit that does not hold 2 or 3).
    let (occupied, twos_threes) = sown.masks();
    let up_to_last = (2u32 << last) - 1;
    let breaks = !(twos_threes & t.rows[opponent]) & up_to_last;
    let first = 32 - breaks.leading_zeros();
    let chain_pits = up_to_last >> first << first;
    let chain = t.runs[(first as usize * 16 + last as usize + 1) % 256];
    let taken = sown.sum_in(chain);
    let board = sown.without(chain);
    let captured = s.captured + (taken << (8 * mover));
    let capture = taken != 0;
    let moves = occupied & !chain_pits & t.rows[opponent];
    // No moves left to the opponent (also after a grand slam, which the
    // rules may forbid or turn into a wipe-out), or the stall limit near.
    if (moves == 0) | stall {
        return None;
    }
    // A capture (`-taken` has both top bits of `near_mask` set: taken is 1
    // to 120; a mask, not a branch) that leaves a score near the target:
    // ask the rules.
    if captured.wrapping_add(t.near_bias) & t.near_mask & taken.wrapping_neg() != 0 {
        let [south, north] = captured.to_le_bytes();
        if t.rules.target_reached(BySide::new(south as u32, north as u32)) {
            return None;
        }
    }
    let mut moves = moves;
    if occupied & t.feed[mover] == 0 {
        // The mover's row is empty: the opponent must feed it.
        let (feeders, too_full) = board.feeding(t.reach[opponent], t.feed_seeds);
        if (moves & feeders == 0) | (moves & too_full != 0) {
            return None;
        }
        moves &= feeders;
    }
    // (`quiet`: see [`State::quiet`].)
    *state = State { board, captured, quiet: 0 };
    Some((moves, capture))
}

/// [`Board::feeding`] without SIMD.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn feeding_portable(board: u128, reach: u128, most: u8) -> (u32, u32) {
    let (b, r) = (board.to_le_bytes(), reach.to_le_bytes());
    let mut masks = (0, 0);
    for i in 0..16 {
        masks.0 |= ((b[i] as i8 > r[i] as i8) as u32) << i;
        masks.1 |= ((b[i] as i8 > most as i8) as u32) << i;
    }
    masks
}

/// [`Board::masks`] without SIMD.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn masks_portable(board: u128) -> (u32, u32) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const TWOS: u64 = 0x0202_0202_0202_0202;
    // The top bit of each non-zero byte, gathered into 8 bits.
    let nonzero = |x: u64| {
        let high = ((x & LOW7).wrapping_add(LOW7) | x) & !LOW7;
        ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    };
    let half = |x: u64| {
        let zero_when_2_or_3 = (x & !0x0101_0101_0101_0101) ^ TWOS;
        (nonzero(x), !nonzero(zero_when_2_or_3) & 0xff)
    };
    let (low, high) = (half(board as u64), half((board >> 64) as u64));
    (low.0 | high.0 << 8, low.1 | high.1 << 8)
}

/// The sum of the bytes of `x`; at most 255 (every seed of a ruleset).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn byte_sum(x: u128) -> u8 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Multiplying by ones adds every byte into the top one (no byte sum
    // here exceeds 120, so nothing carries over).
    let top = |h: u64| (h.wrapping_mul(ONES) >> 56) as u8;
    top(x as u64).wrapping_add(top((x >> 64) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn eligible() -> Vec<(&'static str, Rules)> {
        // Every preset that qualifies, and combinations no preset uses.
        let mut all: Vec<(&'static str, Rules)> = RULESETS
            .iter()
            .filter(|r| LapPlayout::new(&r.rules).is_some())
            .map(|r| (r.id, r.rules))
            .collect();
        assert!(all.len() >= 4, "the 2 x 6 presets use the fast path");
        all.push((
            "wipe-out at 25",
            Rules {
                capture: Capture::TwosAndThrees { grand_slam: GrandSlam::WipeOut },
                ..SPEIGHTSTOWN
            },
        ));
        all.push((
            "2 x 5 of 3, origin sown, passes, stall 40",
            Rules {
                pits_per_row: 5,
                seeds_per_pit: 3,
                origin: Origin::Sown,
                feeding: Feeding::Required { test: FeedTest::SowsInto, otherwise: Unfed::AnyMove },
                starved: Starved::Passes,
                stall: Stall::QuietMoves(40),
                ..ABAPA
            },
        ));
        all.push((
            "2 x 7 of 5, no feeding, reach 30",
            Rules {
                pits_per_row: 7,
                seeds_per_pit: 5,
                feeding: Feeding::NotRequired,
                target: Target::Reach(30),
                starved: Starved::Passes,
                ..SPEIGHTSTOWN
            },
        ));
        all
    }

    /// Every position and every set of legal moves of many random games is
    /// the same through this path as through `Game`.
    #[test]
    fn agrees_with_game_move_by_move() {
        for (name, rules) in eligible() {
            let mut fast = LapPlayout::new(&rules).unwrap();
            let mut rng = fastrand::Rng::with_seed(7);
            let mut cycles = 0;
            for g in 0..400 {
                let mut game = Game::new(rules);
                fast.restart(game.position());
                loop {
                    assert_eq!(fast.legal_moves(), game.legal_moves(), "{name}, game {g}");
                    assert_eq!(&fast.position(), game.position(), "{name}, game {g}");
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let pit = legal.nth(rng.usize(..legal.len())).unwrap();
                    game.play(pit).unwrap();
                    fast.play(pit);
                }
                let outcome = game.position().outcome().unwrap();
                cycles += (outcome.reason == EndReason::Cycle) as u32;
            }
            // The repetition rule was exercised (Wahree and the Barbados
            // games end by cycles often; Abapa too).
            assert!(cycles > 0 || name.starts_with("2 x"), "{name}: no game ended by a cycle");
        }
    }

    /// Games from set-up positions (a few seeds left, where cycles and
    /// feeding come up) agree too.
    #[test]
    fn agrees_with_game_from_set_ups() {
        for (name, rules) in eligible() {
            let mut fast = LapPlayout::new(&rules).unwrap();
            let mut rng = fastrand::Rng::with_seed(11);
            for g in 0..300 {
                // Play into the game, then restart both from where it got.
                let mut game = Game::new(rules);
                for _ in 0..rng.usize(0..80) {
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
                }
                let start = *game.position();
                let mut game = Game::from_position(rules, start);
                // Both compiled forms: for any CPU, and with bit instructions.
                let mut copy = rng.clone();
                fast.restart(&start);
                let plain = match fast.limit != usize::MAX {
                    true => fast.random_game_plain::<true>(&mut |n| copy.usize(..n)),
                    false => fast.random_game_plain::<false>(&mut |n| copy.usize(..n)),
                };
                let plain_end = fast.position();
                let mut copy = rng.clone();
                let plies = fast.random_game(&start, &mut |n| copy.usize(..n));
                assert_eq!((plain, plain_end), (plies, fast.position()), "{name}, game {g}");
                let mut played = 0;
                while !game.legal_moves().is_empty() {
                    let legal = game.legal_moves();
                    game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
                    played += 1;
                }
                assert_eq!(plies, played, "{name}, game {g} from {start}");
                assert_eq!(&fast.position(), game.position(), "{name}, game {g} from {start}");
            }
        }
    }

    /// Games from a set-up position whose score has reached the target
    /// already (the fast path leaves every move to the engine), and from
    /// one with few seeds left under a stall limit (games that stall), agree
    /// with `Game` too.
    #[test]
    fn agrees_with_game_past_the_target_and_at_the_stall_limit() {
        let stalling = Rules { stall: Stall::QuietMoves(20), ..ABAPA };
        for (rules, captured) in [(ABAPA, (25, 0)), (stalling, (10, 14))] {
            let mut start = rules.start();
            // 48 seeds: the captured ones, and the rest one a pit from
            // South's first pit on, two in the last ones.
            let left = 48 - captured.0 - captured.1;
            for (i, pit) in start.pits[..12].iter_mut().enumerate() {
                *pit = (left / 12 + (i < left as usize % 12) as u8) as u8;
            }
            start.captured = BySide::new(captured.0, captured.1);
            assert_eq!(start.pits[..12].iter().map(|&p| p as u32).sum::<u32>(), left as u32);
            let mut fast = LapPlayout::new(&rules).unwrap();
            let mut rng = fastrand::Rng::with_seed(5);
            let mut stalled = 0;
            for g in 0..50 {
                let mut game = Game::from_position(rules, start);
                fast.restart(game.position());
                let mut plies = 0;
                while !game.legal_moves().is_empty() {
                    assert_eq!(fast.legal_moves(), game.legal_moves(), "game {g}");
                    let legal = game.legal_moves();
                    let pit = legal.nth(rng.usize(..legal.len())).unwrap();
                    game.play(pit).unwrap();
                    fast.play(pit);
                    assert_eq!(&fast.position(), game.position(), "game {g}");
                    plies += 1;
                }
                assert!(fast.legal_moves().is_empty());
                let reason = game.position().outcome().unwrap().reason;
                stalled += (reason == EndReason::Stall) as u32;
                if captured.0 >= 25 {
                    // The target is checked after every move.
                    assert_eq!((plies, reason), (1, EndReason::Target), "game {g}");
                }
            }
            assert!(rules == ABAPA || stalled > 0, "no game stalled");
        }
    }

    #[test]
    fn board_operations_agree_with_loops() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..10_000 {
            let mut bytes = [0u8; 16];
            for b in &mut bytes {
                *b = if rng.bool() { rng.u8(0..5) } else { rng.u8(..) };
            }
            let board = u128::from_le_bytes(bytes);
            let mut want = (0u32, 0u32);
            for (i, &b) in bytes.iter().enumerate() {
                want.0 |= ((b != 0) as u32) << i;
                want.1 |= (matches!(b, 2 | 3) as u32) << i;
            }
            assert_eq!(Board::new(board).masks(), want, "{bytes:?}");
            assert_eq!(masks_portable(board), want, "{bytes:?}");
            let pit = rng.usize(..16);
            assert_eq!(Board::new(board).seeds(pit), bytes[pit] as usize);
            assert_eq!(Board::new(board).mover(), (bytes[15] >> 7) as usize);
            let small = board & u128::from_le_bytes([0x7f; 16]);
            let reach = u128::from_le_bytes([rng.u8(0..128); 16]) ^ board.rotate_left(8) & small;
            let reach = reach & u128::from_le_bytes([0x7f; 16]);
            let most = rng.u8(0..128);
            assert_eq!(
                Board::new(small).feeding(Board::new(reach), most),
                feeding_portable(small, reach, most)
            );
            // Byte by byte: sums wrap within their byte.
            let other: [u8; 16] = std::array::from_fn(|_| rng.u8(..));
            let sum: [u8; 16] = std::array::from_fn(|i| bytes[i].wrapping_add(other[i]));
            let other = u128::from_le_bytes(other);
            assert_eq!(Board::new(board).plus(Board::new(other)).bits().to_le_bytes(), sum);
            assert_eq!(bytewise_add(board, other).to_le_bytes(), sum);
            // The seeds under a mask of whole bytes, and the rest.
            let mask: [u8; 16] = std::array::from_fn(|_| if rng.bool() { 0xff } else { 0 });
            let mask = u128::from_le_bytes(mask);
            let small = board & u128::from_le_bytes([7; 16]);
            let sum: u32 = (small & mask).to_le_bytes().iter().map(|&b| b as u32).sum();
            assert_eq!(Board::new(small).sum_in(Board::new(mask)) as u32, sum);
            assert_eq!(byte_sum(small & mask) as u32, sum);
            assert_eq!(Board::new(board).without(Board::new(mask)).bits(), board & !mask);
            assert!(Board::new(board).same(Board::new(board)));
            let bit = 1u128 << rng.u32(..128);
            assert!(!Board::new(board).same(Board::new(board ^ bit)));
        }
    }
}
