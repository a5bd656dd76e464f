//! The move engine: every rule question is answered here, each in one place.

use crate::event::{Event, Observer};
use crate::moves::{Moves, Pit};
use crate::position::{EndReason, Outcome, Position};
use crate::rules::*;
use crate::side::{BySide, Side};
use std::fmt;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The pit is not in the mover's row.
    NotYourPit,
    /// The pit is empty.
    EmptyPit,
    /// The opponent's row is empty and another move would feed it.
    MustFeed,
    /// The move's relay sowing would never end.
    Endless,
}

/// A move that cannot be played, with the moves that can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub pit: Pit,
    pub reason: Illegal,
    pub legal: Moves,
    pub to_move: Side,
    pub(crate) pits_per_row: u8,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.pits_per_row;
        let letter = |p: Pit| crate::moves::letter(p, n);
        let pit = letter(self.pit);
        match self.reason {
            Illegal::GameOver => return write!(f, "{pit} cannot be played: the game is over"),
            Illegal::NotYourPit => write!(f, "{pit} is not one of {}'s pits", self.to_move)?,
            Illegal::EmptyPit => write!(f, "{pit} is empty")?,
            Illegal::MustFeed => write!(f, "{pit} does not feed the opponent, whose row is empty")?,
            Illegal::Endless => write!(f, "{pit} would relay forever")?,
        }
        let legal: Vec<String> = self.legal.map(|p| letter(p).to_string()).collect();
        if legal.is_empty() {
            write!(f, "; {} has no legal move", self.to_move)
        } else {
            write!(f, "; legal moves for {}: {}", self.to_move, legal.join(" "))
        }
    }
}

impl std::error::Error for IllegalMove {}

/// What a sowing left to do once the seeds are down and captured: the turn
/// is not yet passed and end-of-game awards are not yet made.
struct Sown {
    extra_turn: bool,
    ended: Option<EndReason>,
}

/// A relay that would never end.
pub(crate) struct Endless;

/// Watches a sowing for a seed dropped into one row (for [`FeedTest::SowsInto`]).
struct RowWatch {
    lo: u8,
    hi: u8,
    sown_into: bool,
}

impl Observer for RowWatch {
    #[inline]
    fn event(&mut self, event: Event) {
        if let Event::Drop { pit } = event {
            self.sown_into |= pit.0 >= self.lo && pit.0 < self.hi;
        }
    }
}

/// The non-empty pits of the board, one bit each.
#[inline]
fn occupancy(pos: &Position) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        // SSE2 is part of x86_64: compare 16 + 8 bytes with zero and gather
        // the results, a handful of instructions on the hottest path.
        use std::arch::x86_64::*;
        let mut tail = [0u8; 16];
        tail[..8].copy_from_slice(&pos.pits[16..24]);
        // SAFETY: SSE2 is always available on x86_64; the loads are unaligned
        // loads of 16 bytes from arrays of at least 16 bytes.
        unsafe {
            let zero = _mm_setzero_si128();
            let head = _mm_loadu_si128(pos.pits.as_ptr() as *const __m128i);
            let tail = _mm_loadu_si128(tail.as_ptr() as *const __m128i);
            let empty_head = _mm_movemask_epi8(_mm_cmpeq_epi8(head, zero)) as u32;
            let empty_tail = _mm_movemask_epi8(_mm_cmpeq_epi8(tail, zero)) as u32;
            !(empty_head | (empty_tail << 16)) & 0x00ff_ffff
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut mask = 0u32;
        for (i, &seeds) in pos.pits.iter().enumerate() {
            mask |= ((seeds != 0) as u32) << i;
        }
        mask
    }
}

/// Masks of the board's pits, one bit each, for [`Rules::first_lap_ends`].
struct LapEnds {
    /// The empty pits.
    empty: u32,
    /// The pits holding three seeds.
    three: u32,
    /// The pits holding fewer seeds than the board has pits (a lap from one
    /// of them reaches no pit twice).
    short: u32,
}

/// [`LapEnds`] for a board of `n` pits.
#[inline(always)]
fn lap_ends(pos: &Position, n: u8) -> LapEnds {
    #[cfg(target_arch = "x86_64")]
    {
        // As in `occupancy`: 16 + 8 bytes compared at once.
        use std::arch::x86_64::*;
        let mut tail = [0u8; 16];
        tail[..8].copy_from_slice(&pos.pits[16..24]);
        // SAFETY: SSE2 is always available on x86_64; the loads are unaligned
        // loads of 16 bytes from arrays of at least 16 bytes.
        unsafe {
            let head = _mm_loadu_si128(pos.pits.as_ptr() as *const __m128i);
            let tail = _mm_loadu_si128(tail.as_ptr() as *const __m128i);
            let mask = |v: __m128i, w: __m128i| {
                (_mm_movemask_epi8(v) as u32 | (_mm_movemask_epi8(w) as u32) << 16) & 0x00ff_ffff
            };
            let equal = |v: i8| {
                let v = _mm_set1_epi8(v);
                mask(_mm_cmpeq_epi8(head, v), _mm_cmpeq_epi8(tail, v))
            };
            // Unsigned `seeds < n`: `min(seeds, n - 1) == seeds`.
            let most = _mm_set1_epi8(n.saturating_sub(1) as i8);
            let short = mask(
                _mm_cmpeq_epi8(_mm_min_epu8(head, most), head),
                _mm_cmpeq_epi8(_mm_min_epu8(tail, most), tail),
            );
            LapEnds { empty: equal(0), three: equal(3), short }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut ends = LapEnds { empty: 0, three: 0, short: 0 };
        for (i, &seeds) in pos.pits.iter().enumerate() {
            ends.empty |= ((seeds == 0) as u32) << i;
            ends.three |= ((seeds == 3) as u32) << i;
            ends.short |= ((seeds < n) as u32) << i;
        }
        ends
    }
}

/// [`Position::board_seeds`] in a few instructions (a sum of absolute
/// differences from zero over the 24 bytes).
#[inline(always)]
fn seeds_on_board(pos: &Position) -> u32 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86_64; the loads cover `pits[..16]` and
    // `pits[16..24]`, inside the 24-byte array.
    unsafe {
        use std::arch::x86_64::*;
        let pits = pos.pits.as_ptr();
        let head = _mm_loadu_si128(pits as *const __m128i);
        let tail = _mm_loadl_epi64(pits.add(16) as *const __m128i);
        let zero = _mm_setzero_si128();
        let sums = _mm_add_epi64(_mm_sad_epu8(head, zero), _mm_sad_epu8(tail, zero));
        (_mm_cvtsi128_si64(sums) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums))) as u32
    }
    #[cfg(not(target_arch = "x86_64"))]
    pos.board_seeds()
}

/// `RUNS[a][b]`: a one in each byte `a..b` of a 16-byte number (none if
/// `b <= a`), for [`sow_lap_at_once`].
static RUNS: [[u128; 17]; 17] = {
    let mut table = [[0; 17]; 17];
    let mut a = 0;
    while a <= 16 {
        let mut b = a + 1;
        while b <= 16 {
            table[a][b] = table[a][b - 1] | 1 << (8 * (b - 1));
            b += 1;
        }
        a += 1;
    }
    table
};

/// `KEEP_ALL_BUT[i]`: every byte of a 16-byte number but byte `i`, for
/// [`sow_lap_at_once`] to empty the origin.
static KEEP_ALL_BUT: [u128; 16] = {
    let mut table = [0; 16];
    let mut i = 0;
    while i < 16 {
        table[i] = !(0xff << (8 * i));
        i += 1;
    }
    table
};

/// [`Rules::row_mask`] for every row length: South's pits, North's pits.
/// (16 rows, a power of two, so that indexing needs no bounds check; rows
/// longer than [`MAX_PITS_PER_ROW`] are refused before any move.)
static ROW_MASKS: [[u32; 2]; 16] = {
    let mut table = [[0; 2]; 16];
    let mut n = 0;
    while n <= MAX_PITS_PER_ROW {
        let row = (1u32 << n) - 1;
        table[n] = [row, row << n];
        n += 1;
    }
    table
};

/// Empties `origin` and sows a single lap of its `hand` seeds on a ring of
/// `n <= 16` pits, added to the board in one go instead of seed by seed:
/// random playouts spend much of their time mispredicting where a seed-by-seed
/// loop ends. Returns the pit of the last seed. `tests/properties.rs` checks
/// that it agrees with the seed-by-seed loop (used when events are watched).
#[inline(always)]
fn sow_lap_at_once(
    pos: &mut Position,
    origin: usize,
    hand: u8,
    n: usize,
    skip_origin: bool,
) -> usize {
    let hand = hand as usize;
    if hand > 0 && hand < n {
        // The usual move: fewer seeds than pits, so no lap, and the origin
        // is never reached (skipped or not). The seeds fall in a run of pits
        // after the origin, wrapping round the end of the ring at most once:
        // two masks from a table, added to the board as one 16-byte number
        // (no pit exceeds a byte, so nothing carries).
        let end = origin + hand; // the last pit, counted past the end
        let (forward, wrapped, last) = if end < n {
            (RUNS[origin + 1][end + 1], 0, end)
        } else {
            (RUNS[origin + 1][n], RUNS[0][end + 1 - n], end - n)
        };
        let mut low = [0u8; 16];
        low.copy_from_slice(&pos.pits[..16]);
        let board = u128::from_le_bytes(low) & KEEP_ALL_BUT[origin];
        pos.pits[..16].copy_from_slice(&(board + forward + wrapped).to_le_bytes());
        return last;
    }
    let lap = if skip_origin { n - 1 } else { n };
    // Whole laps are rare (11 seeds or more): avoid the division otherwise.
    let (laps, rest) = if hand < lap { (0, hand) } else { (hand / lap, hand % lap) };
    // Seeds each pit receives: `laps` everywhere on the ring (but the origin
    // if it is skipped), plus one for each of the `rest` pits after it.
    let high = origin + rest; // the last pit, counted past the end of the ring
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86_64; the unaligned load and store cover
    // `pits[..16]`, inside the 24-byte array.
    unsafe {
        use std::arch::x86_64::*;
        let index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let at = |v: usize| _mm_set1_epi8(v as i8);
        let on_ring = _mm_cmplt_epi8(index, at(n));
        let after_origin = _mm_cmpgt_epi8(index, at(origin));
        let up_to_high = _mm_andnot_si128(_mm_cmpgt_epi8(index, at(high)), on_ring);
        // Pits reached after going round past the end: index <= high - n.
        let wrapped =
            _mm_andnot_si128(_mm_cmpgt_epi8(index, _mm_set1_epi8(high as i8 - n as i8)), on_ring);
        let in_rest = _mm_or_si128(_mm_and_si128(after_origin, up_to_high), wrapped);
        let skipped =
            if skip_origin { _mm_cmpeq_epi8(index, at(origin)) } else { _mm_setzero_si128() };
        let full = _mm_andnot_si128(skipped, on_ring);
        let add =
            _mm_add_epi8(_mm_and_si128(in_rest, _mm_set1_epi8(1)), _mm_and_si128(full, at(laps)));
        let pits = pos.pits.as_mut_ptr() as *mut __m128i;
        let emptied = _mm_andnot_si128(_mm_cmpeq_epi8(index, at(origin)), _mm_loadu_si128(pits));
        _mm_storeu_si128(pits, _mm_add_epi8(emptied, add));
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        pos.pits[origin] = 0;
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (i, p) in pos.pits[..16].iter_mut().enumerate() {
        let on_ring = i < n;
        let full = on_ring && !(skip_origin && i == origin);
        let in_rest = (i > origin && i <= high) || i + n <= high;
        *p += (full as u8) * laps as u8 + (on_ring && in_rest) as u8;
    }
    if rest > 0 {
        if high >= n {
            high - n
        } else {
            high
        }
    } else if skip_origin {
        (origin + n - 1) % n
    } else {
        origin
    }
}

/// Relay laps from this one on look for an endless relay (Brent's cycle
/// detection on the state at the start of each lap); before it, every lap
/// is played without saving or comparing boards. An endless relay repeats
/// for ever, so it is found all the same, a few laps later; a relay that
/// ends (almost every one: Anywoli's take a handful of laps) pays nothing.
const CYCLE_CHECK_FROM: u32 = 16;

/// `BYTES_BELOW[i]`: 0xFF in each of the first `i` of 32 bytes, for
/// [`relay_lap_at_once`]: a run of pits `a..b` is `BYTES_BELOW[b] ^
/// BYTES_BELOW[a]` (for `a <= b`), one pit `i` is the run `i..i + 1`, read
/// from a table instead of built from broadcasts and compares each lap.
/// (32 rows, a power of two, so that an index masked with 31 needs no
/// bounds check; only rows up to [`MAX_PITS`] are used.)
static BYTES_BELOW: [[u8; 32]; 32] = {
    let mut table = [[0; 32]; 32];
    let mut i = 0;
    while i < 32 {
        let mut b = 0;
        while b < i {
            table[i][b] = 0xff;
            b += 1;
        }
        i += 1;
    }
    table
};

/// One lap of a relay sowing that nobody watches, added to the board at once
/// rather than seed by seed (where each lap ends is a coin toss to a branch
/// predictor): `hand < n` seeds taken from `start` (emptied here) and sown
/// into the following pits of a ring of `n <= 24` pits, none skipped (with
/// fewer seeds than pits, `start` is not reached, so no pit gets two).
/// With `fours`, a seed that is not the lap's last and makes a pit hold 4
/// captures them for the pit's owner (South's row is the first `per_row`
/// pits), and `in_play` (the seeds on the board as the lap starts) becomes
/// the seeds left on it; if those captures would leave 4 seeds or fewer in
/// play, which ends the game in the middle of the lap, the board is left as
/// it was and `None` returned, for the seed-by-seed loop to play the lap in
/// order. Otherwise returns the pit of the lap's last seed. The masks of the
/// lap's pits come from [`BYTES_BELOW`], and the fours are taken without a
/// branch (whether a lap makes one is another coin toss).
/// `tests/properties.rs` compares every move with the seed-by-seed loop
/// (used when events are watched).
#[inline(always)]
fn relay_lap_at_once(
    pos: &mut Position,
    start: usize,
    hand: usize,
    n: usize,
    per_row: usize,
    fours: bool,
    in_play: &mut u32,
) -> Option<usize> {
    debug_assert!(hand < n && n <= MAX_PITS && 2 * per_row == n);
    let end = start + hand; // the last pit, counted past the end of the ring
    let last = if end >= n { end - n } else { end };
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86_64; the unaligned 16-byte loads from
    // `BYTES_BELOW` cover one 32-byte row of it; the 16-byte load and store
    // cover `pits[..16]` and the 8-byte ones `pits[16..24]`, inside the
    // 24-byte array.
    unsafe {
        use std::arch::x86_64::*;
        let below = |i: usize| {
            let row = BYTES_BELOW[i % BYTES_BELOW.len()].as_ptr();
            (_mm_loadu_si128(row as *const __m128i), _mm_loadu_si128(row.add(16) as *const __m128i))
        };
        let (a_low, a_high) = below(start);
        let (b_low, b_high) = below(start + 1);
        // The pits after `start` up to `end` on the ring (`end + 1` clamped
        // to the ring), then those reached after going round past its end
        // (`0..end + 1 - n`, none if `end < n`).
        let (c_low, c_high) = below((end + 1).min(n));
        let (w_low, w_high) = below((end + 1).saturating_sub(n));
        let run_low = _mm_or_si128(_mm_xor_si128(c_low, b_low), w_low);
        let run_high = _mm_or_si128(_mm_xor_si128(c_high, b_high), w_high);
        let (start_low, start_high) = (_mm_xor_si128(a_low, b_low), _mm_xor_si128(a_high, b_high));
        let pits = pos.pits.as_mut_ptr();
        let head = _mm_loadu_si128(pits as *const __m128i);
        let tail = _mm_loadl_epi64(pits.add(16) as *const __m128i);
        let one = _mm_set1_epi8(1);
        let mut head_after =
            _mm_add_epi8(_mm_andnot_si128(start_low, head), _mm_and_si128(run_low, one));
        let mut tail_after =
            _mm_add_epi8(_mm_andnot_si128(start_high, tail), _mm_and_si128(run_high, one));
        if fours {
            // Pits of the run, but the last, that held 3: they now hold 4,
            // and are emptied.
            let (l_low, l_high) = below(last);
            let (m_low, m_high) = below(last + 1);
            let (last_low, last_high) =
                (_mm_xor_si128(l_low, m_low), _mm_xor_si128(l_high, m_high));
            let three = _mm_set1_epi8(3);
            let four_low =
                _mm_andnot_si128(last_low, _mm_and_si128(run_low, _mm_cmpeq_epi8(head, three)));
            let four_high =
                _mm_andnot_si128(last_high, _mm_and_si128(run_high, _mm_cmpeq_epi8(tail, three)));
            head_after = _mm_andnot_si128(four_low, head_after);
            tail_after = _mm_andnot_si128(four_high, tail_after);
            // Sums of bytes: the seeds left on the board, and South's fours.
            let zero = _mm_setzero_si128();
            let sum = |low: __m128i, high: __m128i| {
                let sums = _mm_add_epi64(_mm_sad_epu8(low, zero), _mm_sad_epu8(high, zero));
                (_mm_cvtsi128_si64(sums) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums))) as u32
            };
            let left = sum(head_after, tail_after);
            let taken = *in_play - left;
            // (`&`, not `&&`: one branch, taken only when the game ends.)
            if (taken != 0) & (left <= 4) {
                return None;
            }
            let (s_low, s_high) = below(per_row);
            let by_south = 4 * sum(
                _mm_and_si128(_mm_and_si128(four_low, s_low), one),
                _mm_and_si128(_mm_and_si128(four_high, s_high), one),
            );
            *in_play = left;
            pos.captured.south += by_south as u8;
            pos.captured.north += (taken - by_south) as u8;
        }
        _mm_storeu_si128(pits as *mut __m128i, head_after);
        _mm_storel_epi64(pits.add(16) as *mut __m128i, tail_after);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let reached = |i: usize| (i > start && i <= end) || i + n <= end;
        if fours {
            let mut fours_made = 0u32;
            for i in 0..n {
                if reached(i) && i != last && pos.pits[i] == 3 {
                    fours_made |= 1 << i;
                }
            }
            let taken = 4 * fours_made.count_ones();
            if fours_made != 0 && *in_play <= taken + 4 {
                return None;
            }
            *in_play -= taken;
            let south = (1u32 << per_row) - 1;
            let by_south = 4 * (fours_made & south).count_ones();
            pos.captured.south += by_south as u8;
            pos.captured.north += (taken - by_south) as u8;
            for i in 0..n {
                if fours_made & (1 << i) != 0 {
                    pos.pits[i] = 0;
                } else if reached(i) {
                    pos.pits[i] += 1;
                }
            }
        } else {
            for i in 0..n {
                pos.pits[i] += reached(i) as u8;
            }
        }
        pos.pits[start] = 0;
    }
    Some(last)
}

impl Rules {
    #[inline]
    fn row_range(&self, side: Side) -> std::ops::Range<usize> {
        let n = self.pits_per_row as usize;
        side.index() * n..(side.index() + 1) * n
    }

    #[inline]
    fn side_of(&self, pit: usize) -> Side {
        if pit < self.pits_per_row as usize {
            Side::South
        } else {
            Side::North
        }
    }

    /// The bits of a row's pits.
    #[inline]
    fn row_mask(&self, side: Side) -> u32 {
        // One load from a table rather than shifts and a multiplication on
        // every move (and no branch: the side to move alternates).
        ROW_MASKS[self.pits_per_row as usize % ROW_MASKS.len()][side.index()]
    }

    #[inline]
    fn row_is_empty(&self, pos: &Position, side: Side) -> bool {
        occupancy(pos) & self.row_mask(side) == 0
    }

    /// The legal moves, in board order; empty once the game is over.
    pub fn legal_moves(&self, pos: &Position) -> Moves {
        if pos.is_over() {
            return Moves::EMPTY;
        }
        self.moves_for(pos, pos.to_move, false)
    }

    /// The non-empty pits of the player to move: the legal moves are among
    /// them. Cheap where [`Rules::legal_moves`] must sow every relay move to
    /// rule out endless ones; random play can pick from these and discard an
    /// illegal pick, which is still uniform over the legal moves.
    pub fn candidate_moves(&self, pos: &Position) -> Moves {
        if pos.is_over() {
            return Moves::EMPTY;
        }
        Moves(occupancy(pos) & self.row_mask(pos.to_move))
    }

    /// Whether `pit` is a legal move.
    pub fn is_legal(&self, pos: &Position, pit: Pit) -> bool {
        self.check(pos, pit).is_ok()
            && (matches!(self.sowing, Sowing::SingleLap)
                || self.first_lap_ends(pos, pos.to_move, Moves(u32::MAX)).contains(pit)
                || self.sow(&mut { *pos }, pit, &mut ()).is_some())
    }

    /// The legal moves of `side` as if it were to move. With `first_only`,
    /// stops once some are found, which may be fewer than all (used to ask
    /// "can they move?").
    #[inline]
    fn moves_for(&self, pos: &Position, side: Side, first_only: bool) -> Moves {
        let occupancy = occupancy(pos);
        let candidates = Moves(occupancy & self.row_mask(side));
        let must_feed = matches!(self.feeding, Feeding::Required { .. })
            && occupancy & self.row_mask(!side) == 0;
        if candidates.is_empty() || (!must_feed && matches!(self.sowing, Sowing::SingleLap)) {
            return candidates;
        }
        if first_only && !must_feed {
            return self.some_relay_moves(pos, side, candidates);
        }
        self.simulated_moves(pos, side, candidates, must_feed, first_only)
    }

    /// [`Rules::moves_for`] asking only whether `side` can move, with relay
    /// sowing and no feeding: usually some move's first lap ends it, and
    /// the question ([`Rules::settle`] asks it after every move) is then
    /// answered here, a small function, without the call that sows the
    /// other moves (whose many registers cost more than the answer).
    #[inline(never)]
    fn some_relay_moves(&self, pos: &Position, side: Side, candidates: Moves) -> Moves {
        let quick = self.first_lap_ends(pos, side, candidates);
        if !quick.is_empty() {
            return quick;
        }
        self.simulated_moves(pos, side, candidates, false, true)
    }

    /// [`Rules::moves_for`] where moves must be tried: feeding, or relays
    /// that might never end.
    #[inline(never)]
    fn simulated_moves(
        &self,
        pos: &Position,
        side: Side,
        candidates: Moves,
        must_feed: bool,
        first_only: bool,
    ) -> Moves {
        // Without feeding, a move is legal unless its relay never ends: the
        // moves whose first lap ends the move need no sowing.
        let quick =
            if must_feed { Moves::EMPTY } else { self.first_lap_ends(pos, side, candidates) };
        if first_only && !quick.is_empty() {
            // Usually some move's first lap ends it: whether a player must
            // pass ([`Rules::settle`]) is then answered without sowing.
            return quick;
        }
        let mut probe = *pos;
        probe.to_move = side;
        let opponent = self.row_range(!side);
        let mut legal = quick;
        let mut feeders = Moves::EMPTY;
        for pit in Moves(candidates.0 & !quick.0) {
            let mut watch =
                RowWatch { lo: opponent.start as u8, hi: opponent.end as u8, sown_into: false };
            let mut sown = probe;
            if self.sow(&mut sown, pit, &mut watch).is_none() {
                continue; // endless
            }
            legal.insert(pit);
            if must_feed {
                let Feeding::Required { test, .. } = self.feeding else { unreachable!() };
                let feeds = match test {
                    FeedTest::LeavesSeeds => !self.row_is_empty(&sown, !side),
                    FeedTest::SowsInto => watch.sown_into,
                };
                if feeds {
                    feeders.insert(pit);
                    if first_only {
                        return feeders;
                    }
                }
            } else if first_only {
                return legal;
            }
        }
        if !must_feed || !feeders.is_empty() {
            return if must_feed { feeders } else { legal };
        }
        match self.feeding {
            Feeding::Required { otherwise: Unfed::AnyMove, .. } => legal,
            _ => Moves::EMPTY,
        }
    }

    /// The moves among `candidates` (non-empty pits of one row) that end
    /// with their first lap, read off the board without sowing: such a move
    /// is never endless. A lap of fewer seeds than pits drops one seed in
    /// each pit it reaches and the last one in a pit that no other seed of
    /// the lap reaches, (origin + seeds) mod pits, whether or not the origin
    /// is skipped (it is not reached). That seed ends the move if the pit
    /// was empty, or, where fours are captured, held three. (A lap can end
    /// the move in other ways, a capture that ends the game for one; those
    /// moves are left to the sowing.) Without a branch on the board: which
    /// pit ends its lap is a coin toss to a predictor.
    #[inline(always)]
    fn first_lap_ends(&self, pos: &Position, side: Side, candidates: Moves) -> Moves {
        let n = self.pit_count();
        let LapEnds { empty, three, short } = lap_ends(pos, n as u8);
        // The pits where a lap's last seed ends the move, on a ring written
        // twice over, so that the last pit of a lap of `seeds < n` from
        // `origin` is bit `origin + seeds`, with no wrap.
        let fours = matches!(self.capture, Capture::Fours { .. });
        let board = (1u64 << n) - 1;
        let stops = (empty as u64 | if fours { three as u64 } else { 0 }) & board;
        // The row's pits and the pits after them, as a fixed-size array.
        let row = side.index() * (self.pits_per_row as usize).min(MAX_PITS_PER_ROW);
        // Bit `j`: pit `row + j` of the ring, so that the bit of the pit
        // where a lap of `seeds` from the row's `k`-th pit ends is bit `k`
        // of `ring >> seeds` (a shift, a mask and an or a pit; a shift of 64
        // or more wraps, for piles that `short` leaves out anyway).
        let ring = (stops | stops << n) >> row;
        let pits: &[u8; MAX_PITS_PER_ROW] =
            pos.pits[row..][..MAX_PITS_PER_ROW].try_into().expect("12 pits");
        let mut ends = 0u32;
        for (k, &seeds) in pits.iter().enumerate() {
            ends |= ring.wrapping_shr(seeds as u32) as u32 & (1 << k);
        }
        Moves((ends << row) & short & candidates.0)
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn illegal(&self, pos: &Position, pit: Pit, reason: Illegal) -> IllegalMove {
        IllegalMove {
            pit,
            reason,
            legal: self.legal_moves(pos),
            to_move: pos.to_move,
            pits_per_row: self.pits_per_row,
        }
    }

    /// Whether `pit` may be played, short of the endless-relay test (which
    /// needs the move sown).
    #[inline]
    fn check(&self, pos: &Position, pit: Pit) -> Result<(), IllegalMove> {
        // The common case in a few instructions; anything unusual (an error,
        // or an opponent to feed) goes the slow way.
        let occupancy = occupancy(pos);
        let bit = 1u32.checked_shl(pit.0 as u32).unwrap_or(0);
        let feeding_free = occupancy & self.row_mask(!pos.to_move) != 0
            || matches!(self.feeding, Feeding::NotRequired);
        if !pos.is_over() && occupancy & self.row_mask(pos.to_move) & bit != 0 && feeding_free {
            return Ok(());
        }
        self.check_slowly(pos, pit)
    }

    #[inline(never)]
    fn check_slowly(&self, pos: &Position, pit: Pit) -> Result<(), IllegalMove> {
        if pos.is_over() {
            return Err(self.illegal(pos, pit, Illegal::GameOver));
        }
        if pit.index() >= MAX_PITS || self.row_mask(pos.to_move) & (1 << pit.index()) == 0 {
            return Err(self.illegal(pos, pit, Illegal::NotYourPit));
        }
        if pos.pits[pit.index()] == 0 {
            return Err(self.illegal(pos, pit, Illegal::EmptyPit));
        }
        if matches!(self.feeding, Feeding::Required { .. })
            && self.row_is_empty(pos, !pos.to_move)
            && !self.legal_moves(pos).contains(pit)
        {
            let reason = if self.sow(&mut { *pos }, pit, &mut ()).is_none() {
                Illegal::Endless
            } else {
                Illegal::MustFeed
            };
            return Err(self.illegal(pos, pit, reason));
        }
        Ok(())
    }

    /// Plays a move, or says why it is illegal (the position is unchanged).
    pub fn play(&self, pos: &Position, pit: Pit) -> Result<Position, IllegalMove> {
        self.play_with(pos, pit, &mut ())
    }

    /// Plays a move, reporting what happens to `observer`. If the move turns
    /// out to be illegal, the observer may have seen part of it.
    pub fn play_with<O: Observer>(
        &self,
        pos: &Position,
        pit: Pit,
        observer: &mut O,
    ) -> Result<Position, IllegalMove> {
        self.check(pos, pit)?;
        let mut next = *pos;
        match self.apply(&mut next, pit, observer) {
            Ok(_) => Ok(next),
            Err(Endless) => Err(self.illegal(pos, pit, Illegal::Endless)),
        }
    }

    /// [`Rules::play_with`] in place: `pos` becomes the position after the
    /// move, or stays as it was if the move is illegal.
    #[inline]
    pub(crate) fn play_in_place<O: Observer>(
        &self,
        pos: &mut Position,
        pit: Pit,
        observer: &mut O,
    ) -> Result<Option<Moves>, IllegalMove> {
        self.check(pos, pit)?;
        let before = *pos;
        self.apply(pos, pit, observer).map_err(|Endless| {
            *pos = before;
            self.illegal(pos, pit, Illegal::Endless)
        })
    }

    /// Plays a move the caller knows to be legal (from [`Rules::legal_moves`]).
    /// An illegal move gives an unspecified position, never undefined
    /// behaviour; a pit off the board leaves the position as it was.
    #[inline]
    pub fn play_unchecked(&self, pos: &Position, pit: Pit) -> Position {
        if pit.0 >= 2 * self.pits_per_row {
            return *pos;
        }
        let mut next = *pos;
        match self.apply(&mut next, pit, &mut ()) {
            Ok(_) => next,
            Err(Endless) => *pos,
        }
    }

    /// Sows, captures, passes the turn and applies any end of the game, in
    /// place (`pos` is garbage if the relay never ends). Returns the new
    /// position's legal moves when they came for free (see `settle`).
    #[inline(always)]
    pub(crate) fn apply<O: Observer>(
        &self,
        pos: &mut Position,
        pit: Pit,
        obs: &mut O,
    ) -> Result<Option<Moves>, Endless> {
        let mover = pos.to_move;
        let Some(Sown { extra_turn, ended }) = self.sow(pos, pit, obs) else {
            return Err(Endless);
        };
        Ok(match ended {
            Some(EndReason::WipeOut) => {
                self.take_board(pos, mover, obs);
                self.conclude(pos, EndReason::WipeOut, obs);
                Some(Moves::EMPTY)
            }
            Some(reason) => {
                self.conclude(pos, reason, obs);
                Some(Moves::EMPTY)
            }
            None => {
                if extra_turn {
                    obs.event(Event::ExtraTurn { side: mover });
                } else {
                    pos.to_move = !mover;
                }
                self.settle(pos, obs)
            }
        })
    }

    /// Sowing and captures ([`Sowing`], [`Origin`], [`Capture`], [`GrandSlam`]).
    /// `None` if the relay never ends.
    #[inline(always)]
    fn sow<O: Observer>(&self, pos: &mut Position, pit: Pit, obs: &mut O) -> Option<Sown> {
        // One compiled sowing loop per shape of rules, so that a single lap
        // does not pay, seed by seed, for the checks that relays and fours
        // need. The answers themselves are still read from `self` below.
        match (self.sowing, self.capture) {
            (Sowing::SingleLap, Capture::TwosAndThrees { .. } | Capture::Opposite) => {
                self.sow_as::<O, false, false>(pos, pit, obs)
            }
            (Sowing::SingleLap, Capture::Fours { .. }) => {
                self.sow_as::<O, false, true>(pos, pit, obs)
            }
            (Sowing::Relay, Capture::TwosAndThrees { .. } | Capture::Opposite) => {
                self.sow_as::<O, true, false>(pos, pit, obs)
            }
            (Sowing::Relay, Capture::Fours { .. }) => self.sow_as::<O, true, true>(pos, pit, obs),
        }
    }

    /// [`Rules::sow`] for `sowing` being relay (`RELAY`) or not and `capture`
    /// being fours (`FOURS`) or not.
    #[inline(always)]
    fn sow_as<O: Observer, const RELAY: bool, const FOURS: bool>(
        &self,
        pos: &mut Position,
        pit: Pit,
        obs: &mut O,
    ) -> Option<Sown> {
        let mover = pos.to_move;
        let n = self.pit_count();
        let origin = pit.index();
        let skip_origin = match self.origin {
            Origin::Skipped | Origin::SkippedByEachLap => true,
            Origin::Sown => false,
        };
        // The pit a lap skips: the move's own ([`Origin::Skipped`]), or the
        // pit the lap was lifted from ([`Origin::SkippedByEachLap`]).
        let each_lap = matches!(self.origin, Origin::SkippedByEachLap);
        let mut skipped_pit = origin;
        let relay = RELAY;
        let fours = FOURS;
        let captured_before = pos.captured;
        let mut hand = pos.pits[origin];
        let at_once = !RELAY && !FOURS && !O::ACTIVE && n <= 16;
        // Relay laps added at once ([`relay_lap_at_once`]); the pit each lap
        // is taken from is then emptied by the lap, not before it.
        // (A lap of fewer seeds than pits never comes round to its own pit,
        // so [`Origin::SkippedByEachLap`] skips nothing in such a lap.)
        let laps_at_once = RELAY && !O::ACTIVE && (!skip_origin || each_lap) && n <= MAX_PITS;
        if !at_once && !laps_at_once {
            // (`sow_lap_at_once` empties the origin itself: a byte store here
            // would stall its 16-byte load.)
            pos.pits[origin] = 0;
        }
        obs.event(Event::Take { pit, seeds: hand });
        // Seeds on the board and in hand: only [`Capture::Fours`] needs it.
        let mut in_play = if fours {
            seeds_on_board(pos) + if laps_at_once { 0 } else { hand as u32 }
        } else {
            0
        };
        let mut cur = origin;
        let mut extra_turn = false;
        let mut ended = None;
        // Endless relays: Brent's cycle detection on the state at the start of
        // each lap (board, pit, hand), from lap [`CYCLE_CHECK_FROM`] on, saved
        // at powers of two.
        let mut laps: u32 = 0;
        let mut saved: Option<([u8; MAX_PITS], usize, u8)> = None;
        if at_once {
            // Nobody watches the seeds fall: add the whole lap at once.
            cur = sow_lap_at_once(pos, origin, hand, n, skip_origin);
            hand = 0;
        }
        'laps: loop {
            if laps_at_once {
                let per_row = self.pits_per_row as usize;
                let quick = (hand as usize) < n && laps < CYCLE_CHECK_FROM;
                match quick.then(|| {
                    relay_lap_at_once(pos, cur, hand as usize, n, per_row, fours, &mut in_play)
                }) {
                    Some(Some(last)) => {
                        cur = last;
                        hand = 0;
                    }
                    _ => pos.pits[cur] = 0,
                }
            }
            while hand > 0 {
                cur += 1;
                if cur == n {
                    cur = 0;
                }
                if skip_origin && cur == skipped_pit {
                    obs.event(Event::Skip { pit: Pit(cur as u8) });
                    continue;
                }
                pos.pits[cur] += 1;
                hand -= 1;
                obs.event(Event::Drop { pit: Pit(cur as u8) });
                if fours
                    && hand > 0
                    && pos.pits[cur] == 4
                    && self.take_four(pos, cur, self.side_of(cur), &mut in_play, obs)
                {
                    ended = Some(self.last_four_end(in_play));
                    break 'laps;
                }
            }
            if fours && pos.pits[cur] == 4 {
                self.note_lap_capture(pos, mover);
                if self.take_four(pos, cur, mover, &mut in_play, obs) {
                    ended = Some(self.last_four_end(in_play));
                } else {
                    extra_turn = true;
                }
                break;
            }
            if relay && pos.pits[cur] > 1 {
                hand = pos.pits[cur];
                if !laps_at_once {
                    pos.pits[cur] = 0;
                }
                obs.event(Event::Relay { pit: Pit(cur as u8), seeds: hand });
                if each_lap {
                    skipped_pit = cur;
                }
                laps += 1;
                if laps >= CYCLE_CHECK_FROM {
                    // The board as the lap starts, its pit emptied.
                    let mut board = pos.pits;
                    board[cur] = 0;
                    if let Some((pits, at, held)) = &saved {
                        if *at == cur && *held == hand && *pits == board {
                            return None;
                        }
                    }
                    if laps.is_power_of_two() {
                        saved = Some((board, cur, hand));
                    }
                }
                continue;
            }
            break;
        }
        match (self.capture, ended) {
            (Capture::TwosAndThrees { grand_slam }, None) => {
                ended = self.capture_twos_and_threes(pos, cur, grand_slam, obs);
            }
            (Capture::Opposite, None) => self.capture_opposite(pos, cur, obs),
            _ => {}
        }
        // Branch-free: whether a move captures is a coin toss to a predictor.
        let captured_any = pos.captured.differs(captured_before);
        pos.quiet = pos.quiet.saturating_add(1) * (!captured_any) as u8;
        Some(Sown { extra_turn, ended })
    }

    /// [`Capture::Fours`]: `by` takes the four in `pit`. True if that ends the
    /// game (it left 4 seeds in play, which `by` takes too, or none).
    fn take_four<O: Observer>(
        &self,
        pos: &mut Position,
        pit: usize,
        by: Side,
        in_play: &mut u32,
        obs: &mut O,
    ) -> bool {
        pos.pits[pit] = 0;
        pos.captured[by] += 4;
        *in_play -= 4;
        obs.event(Event::Capture { pit: Pit(pit as u8), seeds: 4, by });
        if *in_play <= 4 {
            self.take_last_four(pos, by, *in_play, obs);
            return true;
        }
        false
    }

    /// [`Capture::Fours`]: a capture by `by` left `in_play` (0 or 4) seeds in
    /// play; the game ends and what is left goes as [`LastFour`] says.
    fn take_last_four<O: Observer>(&self, pos: &mut Position, by: Side, in_play: u32, obs: &mut O) {
        if in_play == 0 {
            return;
        }
        let n = self.pit_count();
        pos.pits[..n].fill(0);
        let Capture::Fours { last_four } = self.capture else { return };
        let taker = match last_four {
            LastFour::PenultimateCapturer => by,
            LastFour::FirstLapCapturer => pos.first_lap_capture.unwrap_or(by),
            LastFour::Lot => {
                // The lot's expected share each; `Game` draws the lot.
                let half = in_play as u8 / 2;
                for side in Side::ALL {
                    pos.captured[side] += half;
                    obs.event(Event::Award { side, seeds: half });
                }
                return;
            }
        };
        pos.captured[taker] += in_play as u8;
        obs.event(Event::Award { side: taker, seeds: in_play as u8 });
    }

    /// [`Capture::Fours`]: why the game ends once a capture left `in_play`
    /// (0 or 4) seeds in play.
    fn last_four_end(&self, in_play: u32) -> EndReason {
        match self.capture {
            Capture::Fours { last_four: LastFour::Lot } if in_play > 0 => EndReason::Lot,
            _ => EndReason::Exhausted,
        }
    }

    /// [`LastFour::FirstLapCapturer`]: `mover` makes a lap-ending capture,
    /// the game's first unless one is already noted.
    #[inline(always)]
    fn note_lap_capture(&self, pos: &mut Position, mover: Side) {
        if let Capture::Fours { last_four: LastFour::FirstLapCapturer } = self.capture {
            pos.first_lap_capture.get_or_insert(mover);
        }
    }

    /// [`LastFour::Lot`]: the lot gives the last four to `side`. `pos` is a
    /// game just ended with [`EndReason::Lot`], each player credited with
    /// half of the four; `side` takes the other half and the winner is
    /// decided. Anything else is left alone.
    pub(crate) fn draw_lot<O: Observer>(&self, pos: &mut Position, side: Side, obs: &mut O) {
        let Some(Outcome { reason: EndReason::Lot, .. }) = pos.outcome else { return };
        pos.captured[!side] -= 2;
        pos.captured[side] += 2;
        obs.event(Event::Lot { side });
        obs.event(Event::Award { side, seeds: 4 });
        pos.outcome = None;
        let outcome = Outcome { reason: EndReason::Lot, winner: self.winner_of(pos) };
        pos.outcome = Some(outcome);
        obs.event(Event::End(outcome));
    }

    /// [`Capture::TwosAndThrees`] and [`GrandSlam`]: the capture after a
    /// single lap ending in pit `last`. Returns `Some(WipeOut)` if the game
    /// ends.
    #[inline(always)]
    fn capture_twos_and_threes<O: Observer>(
        &self,
        pos: &mut Position,
        last: usize,
        grand_slam: GrandSlam,
        obs: &mut O,
    ) -> Option<EndReason> {
        let mover = pos.to_move;
        let row = self.row_mask(!mover);
        if row & 1u32.checked_shl(last as u32).unwrap_or(0) == 0 || !matches!(pos.pits[last], 2 | 3)
        {
            return None;
        }
        let start = row.trailing_zeros() as usize;
        let mut first = last;
        while first > start && matches!(pos.pits[first - 1], 2 | 3) {
            first -= 1;
        }
        let seeds: u8 = pos.pits[first..=last].iter().sum();
        // A grand slam: no other pit of the row holds seeds.
        let chain = ((1u32 << (last - first + 1)) - 1) << first;
        let slam = occupancy(pos) & self.row_mask(!mover) & !chain == 0;
        if slam && grand_slam == GrandSlam::CapturesNothing {
            obs.event(Event::GrandSlamVoided { seeds });
            return None;
        }
        for i in (first..=last).rev() {
            obs.event(Event::Capture { pit: Pit(i as u8), seeds: pos.pits[i], by: mover });
            pos.pits[i] = 0;
        }
        pos.captured[mover] += seeds;
        if slam {
            obs.event(Event::GrandSlam { seeds });
        }
        match grand_slam {
            GrandSlam::WipeOut if slam => Some(EndReason::WipeOut),
            _ => None,
        }
    }

    /// [`Capture::Opposite`]: the last seed of the move's last lap fell in
    /// `last`, empty before it; the mover takes the pit opposite.
    #[inline(always)]
    fn capture_opposite<O: Observer>(&self, pos: &mut Position, last: usize, obs: &mut O) {
        if pos.pits[last] != 1 {
            // A single lap that ended in an occupied pit: nothing.
            return;
        }
        let opposite = self.pit_count() - 1 - last;
        let seeds = pos.pits[opposite];
        if seeds > 0 {
            let mover = pos.to_move;
            obs.event(Event::Capture { pit: Pit(opposite as u8), seeds, by: mover });
            pos.pits[opposite] = 0;
            pos.captured[mover] += seeds;
        }
    }

    /// After a move (or at set-up), with `to_move` provisionally the next
    /// player: ends the game if a rule says so, otherwise passes until
    /// someone can move. The order matters: the target comes first
    /// (Speightstown: "this comes first").
    /// Returns the legal moves of the player to move when finding them cost
    /// no more than asking whether there is one (single-lap sowing), so that
    /// [`crate::Game`] need not compute them again.
    #[inline(always)]
    pub(crate) fn settle<O: Observer>(&self, pos: &mut Position, obs: &mut O) -> Option<Moves> {
        if pos.is_over() {
            return Some(Moves::EMPTY);
        }
        if self.target_reached(pos.captured.map(u32::from)) {
            self.end(pos, EndReason::Target, self.leftover, obs);
            return Some(Moves::EMPTY);
        }
        if self.stalled(pos.quiet) {
            self.end(pos, EndReason::Stall, self.leftover, obs);
            return Some(Moves::EMPTY);
        }
        let side = pos.to_move;
        let cheap = matches!(self.sowing, Sowing::SingleLap);
        let moves = self.moves_for(pos, side, !cheap);
        if !moves.is_empty() {
            return cheap.then_some(moves);
        }
        if self.row_is_empty(pos, side) {
            match self.starved {
                Starved::GameEnds(award) => {
                    self.end(pos, EndReason::Starved, award, obs);
                    return Some(Moves::EMPTY);
                }
                Starved::Passes if occupancy(pos) == 0 => {
                    self.end(pos, EndReason::Exhausted, self.leftover, obs);
                    return Some(Moves::EMPTY);
                }
                Starved::Passes => {}
            }
        } else if self.is_unfed(pos, side) {
            self.end(pos, EndReason::Unfed, self.leftover, obs);
            return Some(Moves::EMPTY);
        } else if matches!(self.starved, Starved::GameEnds(_)) {
            // Seeds, but every move relays forever: where a player without
            // seeds ends the game, so does a player without a move (there
            // are no passes).
            self.end(pos, EndReason::NoMoves, self.leftover, obs);
            return Some(Moves::EMPTY);
        }
        // Every move of `side` is impossible: they pass.
        obs.event(Event::Pass { side });
        pos.to_move = !side;
        if self.moves_for(pos, !side, true).is_empty() {
            let reason =
                if self.is_unfed(pos, !side) { EndReason::Unfed } else { EndReason::NoMoves };
            self.end(pos, reason, self.leftover, obs);
            return Some(Moves::EMPTY);
        }
        None
    }

    /// [`Stall`]: whether this many moves without a capture end the game.
    #[inline(always)]
    pub(crate) fn stalled(&self, quiet: u8) -> bool {
        match self.stall {
            Stall::None => false,
            Stall::QuietMoves(limit) => quiet >= limit,
        }
    }

    /// [`Unfed::GameEnds`] applies to `side`: the opponent's row is empty and
    /// no move of `side` feeds it.
    fn is_unfed(&self, pos: &Position, side: Side) -> bool {
        matches!(self.feeding, Feeding::Required { otherwise: Unfed::GameEnds, .. })
            && self.row_is_empty(pos, !side)
    }

    /// Ends the game now for a reason outside the move rules: a cycle
    /// (found by [`crate::Game`] from its history) or an agreed end, which
    /// "ends exactly as at a cycle".
    pub fn finish(&self, pos: &Position, reason: EndReason) -> Position {
        let mut pos = *pos;
        self.finish_with(&mut pos, reason, &mut ());
        pos
    }

    /// [`Rules::finish`], reporting the awards and the end.
    pub fn finish_with<O: Observer>(&self, pos: &mut Position, reason: EndReason, obs: &mut O) {
        if !pos.is_over() {
            self.end(pos, reason, self.leftover, obs);
        }
    }

    /// [`Target`]: whether these captured seeds end the game at once (the
    /// first thing settled after a move).
    #[inline]
    pub fn target_reached(&self, captured: BySide<u32>) -> bool {
        let most = captured.south.max(captured.north);
        match self.target {
            Target::None => false,
            Target::Reach(t) => most >= t as u32,
            Target::Majority => {
                let total = self.total_seeds();
                2 * most > total || (2 * most == total && captured.south == captured.north)
            }
        }
    }

    /// Applies an award and records the outcome.
    fn end<O: Observer>(&self, pos: &mut Position, reason: EndReason, award: Award, obs: &mut O) {
        if award != Award::Uncaptured {
            let rows = BySide::new(pos.row_seeds(Side::South), pos.row_seeds(Side::North));
            let shares = award.shares(rows, pos.to_move);
            for side in Side::ALL {
                let seeds = shares[side] as u8;
                if seeds > 0 {
                    pos.captured[side] += seeds;
                    obs.event(Event::Award { side, seeds });
                }
            }
            pos.pits.fill(0);
        }
        self.conclude(pos, reason, obs);
    }

    /// One player takes every seed on the board.
    fn take_board<O: Observer>(&self, pos: &mut Position, side: Side, obs: &mut O) {
        let seeds = pos.board_seeds() as u8;
        if seeds > 0 {
            pos.captured[side] += seeds;
            pos.pits.fill(0);
            obs.event(Event::Award { side, seeds });
        }
    }

    /// Records the outcome once the awards are done.
    fn conclude<O: Observer>(&self, pos: &mut Position, reason: EndReason, obs: &mut O) {
        let winner = match (reason, pos.outcome) {
            // Before the draw: a winner only if the lot cannot change it.
            (EndReason::Lot, None) => {
                let mut south = *pos;
                south.captured.south += 2;
                south.captured.north -= 2;
                let mut north = *pos;
                north.captured.south -= 2;
                north.captured.north += 2;
                let (a, b) = (self.winner_of(&south), self.winner_of(&north));
                if a == b {
                    a
                } else {
                    None
                }
            }
            _ => self.winner_of(pos),
        };
        let outcome = Outcome { reason, winner };
        pos.outcome = Some(outcome);
        obs.event(Event::End(outcome));
    }

    /// [`Winner`]: who wins with the seeds captured in `pos`. A game that
    /// ended by a lot ([`EndReason::Lot`]) has the winner its outcome names:
    /// before the draw ([`Rules::play`] alone), one only if the lot cannot
    /// change it.
    pub fn winner_of(&self, pos: &Position) -> Option<Side> {
        if let Some(Outcome { reason: EndReason::Lot, winner }) = pos.outcome {
            return winner;
        }
        self.winner_by_scores(pos.captured.map(u32::from))
    }

    /// [`Winner`]: who wins a finished game with these final scores
    /// (`None`: a draw).
    pub fn winner_by_scores(&self, scores: BySide<u32>) -> Option<Side> {
        match self.winner {
            Winner::MostSeeds => match scores.south.cmp(&scores.north) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            },
            Winner::Reach(t) => {
                if scores.south >= t as u32 {
                    Some(Side::South)
                } else if scores.north >= t as u32 {
                    Some(Side::North)
                } else {
                    None
                }
            }
        }
    }
}

impl Award {
    /// The seeds each player gets from this award when a game ends with
    /// `rows` seeds in South's and North's rows and `to_move` to move (the
    /// engine then clears the board, except for [`Award::Uncaptured`]).
    pub fn shares(self, rows: BySide<u32>, to_move: Side) -> BySide<u32> {
        match self {
            Award::Uncaptured => BySide::new(0, 0),
            Award::OwnRow => rows,
            Award::Split => {
                let total = rows.south + rows.north;
                let (half, odd) = (total / 2, total % 2);
                if rows.south > rows.north {
                    BySide::new(half + odd, half)
                } else {
                    BySide::new(half, half + odd)
                }
            }
            Award::ToPlayerToMove => {
                let mut shares = BySide::new(0, 0);
                shares[to_move] = rows.south + rows.north;
                shares
            }
        }
    }
}
