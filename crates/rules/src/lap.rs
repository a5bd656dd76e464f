//! Random playouts of single-lap rulesets that capture twos and threes (the
//! Oware family: every 2 x 6 preset), specialised for speed.
//!
//! [`crate::random_games`] spends most of a ply, through [`crate::Game`], on
//! bookkeeping that a playout does not need (a copy of every position, a
//! checked move, the move list) and on branches that no predictor can guess
//! (where a sowing ends, whether it captures). Here the board is one 16-byte
//! number held in registers, and the usual move is a handful of
//! instructions without a data-dependent branch:
//!
//! - the sowing is one addition: `DELTA[pit][seeds]` is what sowing `seeds`
//!   from `pit` adds to the board, whole laps (and the skipped origin)
//!   included, minus the seeds taken; the table is filled by the engine's own
//!   seed-by-seed sowing, so [`crate::Origin`] is still answered in one place;
//! - the capture of twos and threes is found with bit masks (the pits of 2
//!   or 3 in the opponent's row, the run of them that ends at the last seed)
//!   and taken with one mask and one sum of bytes;
//! - the repetition rule keeps the positions since the last capture in a
//!   list and a table of hash slots stamped with a capture count, so that
//!   the usual "no repetition" is one load and a compare, and a capture
//!   empties both by bumping the count.
//!
//! Anything unusual (a grand slam that the rules turn into a wipe-out, a
//! target reached, a stall limit, a player who cannot move or must be fed)
//! is played again from the position before the move by the general engine,
//! [`Rules::apply`], so those rules are answered in one place too. The tests
//! below play many random games move by move through this path and through
//! [`crate::Game`] for every preset and compare every position.

use crate::event::{Event, Observer};
use crate::moves::{Moves, Pit};
use crate::position::{EndReason, Outcome, Position};
use crate::rules::*;
use crate::side::{BySide, Side};

/// Rows of the sowing tables: one per possible handful, above the most seeds
/// a ruleset may have (120, [`Rules::validate`]).
const HANDS: usize = 128;
/// The most pits this path handles: the board must fit a 16-byte number.
const MAX_LAP_PITS: usize = 16;
/// Slots of the repetition table (a power of two); a few times more than the
/// positions between two captures in a typical game.
const SLOTS: usize = 1024;

/// `RUNS[first][end]`: bytes `first..end` of a 16-byte number all ones
/// (none if `end <= first`), for taking a chain of captures.
const RUNS: [[u128; 17]; 17] = {
    let mut table = [[0; 17]; 17];
    let mut a = 0;
    while a <= 16 {
        let mut b = a + 1;
        while b <= 16 {
            table[a][b] = table[a][b - 1] | 0xff << (8 * (b - 1));
            b += 1;
        }
        a += 1;
    }
    table
};

/// The state of a game between moves, in registers.
#[derive(Clone, Copy, Debug)]
struct State {
    /// `pits[0..16]`, little-endian (pits beyond the board hold 0).
    board: u128,
    /// Seeds captured, by [`Side::index`].
    captured: [u8; 2],
    to_move: Side,
    quiet: u8,
}

/// Plays random games of one ruleset ([`LapPlayout::new`] says which
/// rulesets qualify).
pub(crate) struct LapPlayout {
    rules: Rules,
    /// `delta[pit * HANDS + seeds]`: sowing `seeds` from `pit` adds this to the
    /// board (wrapping: the taken seeds are subtracted).
    delta: Box<[u128; MAX_LAP_PITS * HANDS]>,
    /// `last[pit * HANDS + seeds]`: the pit where the last seed falls.
    last: Box<[u8; MAX_LAP_PITS * HANDS]>,
    /// The pits of each row, by [`Side::index`].
    rows: [u32; 2],
    grand_slam: GrandSlam,
    feeding_required: bool,
    /// Repetition: the boards and sides to move since the last capture
    /// (`since[..count]`), and for each hash slot the capture count
    /// (`window`) when a position of that slot was last seen.
    since: Vec<(u128, Side)>,
    count: usize,
    slots: Box<[u16; SLOTS]>,
    window: u16,
    /// The game now: its state, legal moves and outcome.
    state: State,
    legal: Moves,
    outcome: Option<Outcome>,
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
    /// threes on at most 16 pits; otherwise `None` (use [`crate::Game`]).
    pub(crate) fn new(rules: &Rules) -> Option<LapPlayout> {
        let Capture::TwosAndThrees { grand_slam } = rules.capture else {
            return None;
        };
        let n = rules.pit_count();
        if rules.sowing != Sowing::SingleLap || n > MAX_LAP_PITS || rules.validate().is_err() {
            return None;
        }
        let total = rules.total_seeds() as usize;
        let mut delta = Box::new([0u128; MAX_LAP_PITS * HANDS]);
        let mut last = Box::new([0u8; MAX_LAP_PITS * HANDS]);
        for pit in 0..n {
            for seeds in 1..=total.min(HANDS - 1) {
                // A board holding only this handful, sown by the engine.
                let mut pos = rules.start();
                pos.pits = [0; MAX_PITS];
                pos.pits[pit] = seeds as u8;
                pos.to_move = Pit(pit as u8).owner(rules);
                let mut drops = Drops { added: [0; MAX_LAP_PITS], last: pit };
                // Single-lap sowing always ends; what the move captures or
                // ends does not matter here, only where the seeds fell.
                let _ = rules.apply(&mut pos, Pit(pit as u8), &mut drops);
                let added = u128::from_le_bytes(drops.added);
                delta[pit * HANDS + seeds] = added.wrapping_sub((seeds as u128) << (8 * pit));
                last[pit * HANDS + seeds] = drops.last as u8;
            }
        }
        let row = (1u32 << rules.pits_per_row) - 1;
        Some(LapPlayout {
            rules: *rules,
            delta,
            last,
            rows: [row, row << rules.pits_per_row],
            grand_slam,
            feeding_required: matches!(rules.feeding, Feeding::Required { .. }),
            since: Vec::with_capacity(256),
            count: 0,
            slots: Box::new([0; SLOTS]),
            window: 0,
            state: State { board: 0, captured: [0; 2], to_move: Side::South, quiet: 0 },
            legal: Moves::EMPTY,
            outcome: None,
        })
    }

    /// Starts a game from `start` (with no history and a stall count of 0, as
    /// [`crate::Game::from_position`]).
    pub(crate) fn restart(&mut self, start: &Position) {
        let mut start = *start;
        start.quiet = 0;
        self.legal = self.rules.legal_moves(&start);
        self.load(&start);
        self.count = 0;
        self.new_window();
        self.remember(false);
    }

    /// The legal moves now; empty once the game is over.
    #[inline]
    pub(crate) fn legal_moves(&self) -> Moves {
        self.legal
    }

    /// The current position.
    pub(crate) fn position(&self) -> Position {
        let mut pits = [0u8; MAX_PITS];
        pits[..MAX_LAP_PITS].copy_from_slice(&self.state.board.to_le_bytes());
        Position {
            pits,
            captured: BySide::new(self.state.captured[0], self.state.captured[1]),
            to_move: self.state.to_move,
            pits_per_row: self.rules.pits_per_row,
            quiet: self.state.quiet,
            outcome: self.outcome,
        }
    }

    fn load(&mut self, pos: &Position) {
        let mut low = [0u8; MAX_LAP_PITS];
        low.copy_from_slice(&pos.pits[..MAX_LAP_PITS]);
        self.state = State {
            board: u128::from_le_bytes(low),
            captured: [pos.captured.south, pos.captured.north],
            to_move: pos.to_move,
            quiet: pos.quiet,
        };
        self.outcome = pos.outcome;
    }

    /// Plays one uniformly random game from `start` to its end: `pick(n)`
    /// must return a number below `n`, and picks the move among the legal
    /// ones in board order, as [`crate::random_game`] does. Returns the
    /// plies played; [`LapPlayout::position`] is then the final position.
    #[inline]
    pub(crate) fn random_game(
        &mut self,
        start: &Position,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> u32 {
        self.restart(start);
        let mut plies = 0;
        while !self.legal.is_empty() {
            let Some(pit) = self.legal.nth(pick(self.legal.len())) else {
                break;
            };
            self.play(pit);
            plies += 1;
        }
        plies
    }

    /// Plays `pit`, which must be one of [`LapPlayout::legal_moves`].
    #[inline(always)]
    pub(crate) fn play(&mut self, pit: Pit) {
        let captured = match self.usual_move(pit.index()) {
            Some(captured) => captured,
            None => {
                // The general engine, from the position before the move.
                let mut pos = self.position();
                let before = pos.captured;
                let legal = match self.rules.apply(&mut pos, pit, &mut ()) {
                    Ok(Some(moves)) => moves,
                    _ => self.rules.legal_moves(&pos),
                };
                self.legal = legal;
                self.load(&pos);
                if pos.is_over() {
                    self.legal = Moves::EMPTY;
                    return;
                }
                pos.captured.differs(before)
            }
        };
        // The repetition rule, as in `Game::play_with`: a capture starts a
        // new window (the position after it is its first); otherwise a
        // position seen since the last capture ends the game.
        self.window = self.window.wrapping_add(captured as u16);
        if self.window == 0 {
            self.new_window();
        }
        self.count *= (!captured) as usize;
        if self.remember(!captured) {
            let mut pos = self.position();
            self.rules.finish_with(&mut pos, EndReason::Cycle, &mut ());
            self.load(&pos);
            self.legal = Moves::EMPTY;
        }
    }

    /// Starts a new repetition window (the slots stamped with an older
    /// count no longer count).
    fn new_window(&mut self) {
        self.window = self.window.wrapping_add(1);
        if self.window == 0 {
            // The count went round: forget every stamp.
            self.slots.fill(0);
            self.window = 1;
        }
        self.count = 0;
    }

    /// Adds the current position to the window; with `check`, first says
    /// whether it is already there.
    #[inline(always)]
    fn remember(&mut self, check: bool) -> bool {
        let key = (self.state.board, self.state.to_move);
        let mixed = (key.0 as u64) ^ ((key.0 >> 64) as u64).rotate_left(29) ^ key.1 as u64;
        let slot = (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SLOTS;
        let repeated = (self.slots[slot] == self.window) & check
            && self.since[..self.count].iter().any(|&seen| seen == key);
        self.slots[slot] = self.window;
        if self.count < self.since.len() {
            self.since[self.count] = key;
        } else {
            self.since.push(key);
        }
        self.count += 1;
        repeated
    }

    /// Plays `pit` if the move is a usual one: a sowing, maybe a capture of
    /// twos and threes, and the opponent to move with moves of their own and
    /// nothing to feed. Returns whether it captured; `None` (and nothing
    /// changed) for any other move.
    #[inline(always)]
    fn usual_move(&mut self, pit: usize) -> Option<bool> {
        let s = self.state;
        let mover = s.to_move.index();
        let opponent = mover ^ 1;
        let seeds = (s.board >> (8 * (pit % MAX_LAP_PITS))) as u8 as usize;
        let at = (pit % MAX_LAP_PITS) * HANDS + seeds % HANDS;
        let mut board = s.board.wrapping_add(self.delta[at]);
        let last = self.last[at] as u32 % MAX_LAP_PITS as u32;
        // The chain of captures: the pits of 2 or 3 in the opponent's row,
        // going back from the last seed's pit. `first` is the chain's first
        // pit, `last + 1` if there is none.
        let (occupied, twos_threes) = masks(board);
        let row = self.rows[opponent];
        let up_to_last = (2u32 << last) - 1;
        let breaks = !(twos_threes & row) & up_to_last;
        let first = 32 - breaks.leading_zeros();
        let chain_pits = up_to_last >> first << first;
        let mut chain = RUNS[first as usize % 17][(last + 1) as usize % 17];
        let slam = occupied & row & !chain_pits == 0 && chain != 0;
        if slam {
            match self.grand_slam {
                GrandSlam::CapturesAll => {}
                GrandSlam::CapturesNothing => chain = 0,
                GrandSlam::WipeOut => return None,
            }
        }
        let taken = byte_sum(board & chain);
        board &= !chain;
        let mut captured = s.captured;
        captured[mover] += taken;
        let capture = taken != 0;
        let occupied = occupied & !(chain_pits * (chain != 0) as u32);
        let quiet = s.quiet.saturating_add(1) * (!capture) as u8;
        let moves = occupied & row;
        if moves == 0
            || (self.feeding_required && occupied & self.rows[mover] == 0)
            || self.rules.reached_target(BySide::new(captured[0], captured[1]))
            || self.rules.stalled(quiet)
        {
            return None;
        }
        self.state = State { board, captured, to_move: !s.to_move, quiet };
        self.legal = Moves(moves);
        Some(capture)
    }
}

/// The non-empty pits and the pits holding 2 or 3 seeds, one bit each.
#[inline(always)]
fn masks(board: u128) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86_64; these are register operations.
        unsafe {
            let v = _mm_set_epi64x((board >> 64) as i64, board as i64);
            let empty = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u32;
            let halved = _mm_and_si128(v, _mm_set1_epi8(!1));
            let twos_threes = _mm_movemask_epi8(_mm_cmpeq_epi8(halved, _mm_set1_epi8(2))) as u32;
            (!empty & 0xffff, twos_threes)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        masks_portable(board)
    }
}

/// [`masks`] without SIMD.
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
#[inline(always)]
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
            "2 x 8 of 5, no feeding, reach 30",
            Rules {
                pits_per_row: 8,
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
                let mut copy = rng.clone();
                let plies = fast.random_game(&start, &mut |n| copy.usize(..n));
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

    #[test]
    fn masks_agree_with_a_loop() {
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
            assert_eq!(masks(board), want, "{bytes:?}");
            assert_eq!(masks_portable(board), want, "{bytes:?}");
            let small = board & u128::from_le_bytes([7; 16]);
            let sum: u32 = small.to_le_bytes().iter().map(|&b| b as u32).sum();
            assert_eq!(byte_sum(small) as u32, sum);
        }
    }
}
