//! A game: a position with its history, which the repetition rule needs.

use crate::engine::IllegalMove;
use crate::event::{Event, Observer};
use crate::moves::{Moves, Pit};
use crate::position::{EndReason, Position};
use crate::rules::Rules;
use crate::side::Side;

/// A game in progress or finished: the start, every position since, and the
/// moves between them. Applies the repetition rule, which a lone
/// [`Position`] cannot.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// The start (kept apart: an agreed end before any move replaces
    /// `positions[0]`).
    start: Position,
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<Pit>,
    /// A Bloom filter of the keys of `positions[window..]` (one bit per
    /// [`Position::key`]), so that the usual answer, "no repetition", costs
    /// one bit test; a hit is confirmed by comparing positions.
    seen: [u64; SEEN_WORDS],
    /// The current position's legal moves, when the last move's settling
    /// found them (single-lap rules); `None` means "ask the rules".
    legal: Option<Moves>,
    /// Index of the first position that can still repeat: the start, or the
    /// position right after the latest capture.
    window: usize,
    /// [`crate::LastFour::Lot`]: where the lot comes from (see
    /// [`Game::with_lot_seed`]).
    lot_seed: u64,
}

const SEEN_WORDS: usize = 32;

#[inline]
fn seen_bit(key: u64) -> (usize, u64) {
    let bit = (key >> 40) as usize % (SEEN_WORDS * 64);
    (bit / 64, 1 << (bit % 64))
}

/// What one move did: the positions around it and every event in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    pub pit: Pit,
    pub mover: Side,
    pub before: Position,
    pub after: Position,
    pub events: Vec<Event>,
}

impl Game {
    /// A new game from the start.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, rules.start())
    }

    /// A game from a set-up position: no history, stall count 0.
    pub fn from_position(rules: Rules, start: Position) -> Game {
        let mut start = start;
        start.quiet = 0;
        Game {
            rules,
            start,
            positions: vec![start],
            moves: Vec::new(),
            seen: [0; SEEN_WORDS],
            legal: None,
            window: 0,
            lot_seed: 0,
        }
        .with_seen_rebuilt()
    }

    /// The same game with the lot ([`crate::LastFour::Lot`]) drawn from
    /// `seed`: the player who takes the last four is [`lot_winner`]`(seed)`.
    /// A new game's seed is 0; a game played for real should be given a
    /// fresh random one, and its record keeps it (the `Lot` tag) so that a
    /// replay draws the same. Under other rules the seed is never used.
    pub fn with_lot_seed(mut self, seed: u64) -> Game {
        self.lot_seed = seed;
        self
    }

    /// Draws the lot from `seed` from now on ([`Game::with_lot_seed`] in
    /// place, for a game restarted as a new one).
    pub fn set_lot_seed(&mut self, seed: u64) {
        self.lot_seed = seed;
    }

    /// The seed the lot is drawn from.
    pub fn lot_seed(&self) -> u64 {
        self.lot_seed
    }

    fn with_seen_rebuilt(mut self) -> Game {
        self.rebuild_seen();
        self
    }

    fn rebuild_seen(&mut self) {
        self.seen = [0; SEEN_WORDS];
        for key in self.positions[self.window..].iter().map(Position::key) {
            let (word, bit) = seen_bit(key);
            self.seen[word] |= bit;
        }
    }

    /// Back to the start, keeping the allocations (for playouts).
    pub fn restart(&mut self) {
        self.positions.truncate(1);
        self.positions[0] = self.start;
        self.moves.clear();
        self.window = 0;
        self.legal = None;
        self.rebuild_seen();
    }

    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start position")
    }

    #[inline]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Every position from the start to now.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The positions that can still repeat: those since the last capture
    /// (or the start), the current one included. What the repetition rule
    /// compares a new position with; searches start their path with them.
    pub fn repeatable_positions(&self) -> &[Position] {
        &self.positions[self.window..]
    }

    pub fn moves(&self) -> &[Pit] {
        &self.moves
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }

    /// The legal moves now; empty once the game is over.
    #[inline]
    pub fn legal_moves(&self) -> Moves {
        match self.legal {
            Some(moves) => moves,
            None => self.rules.legal_moves(self.position()),
        }
    }

    /// Plays a move; an illegal one changes nothing.
    #[inline]
    pub fn play(&mut self, pit: Pit) -> Result<&Position, IllegalMove> {
        self.play_with(pit, &mut ())?;
        Ok(self.position())
    }

    /// Plays a move and reports what happened, seed by seed.
    pub fn play_reported(&mut self, pit: Pit) -> Result<MoveReport, IllegalMove> {
        let before = *self.position();
        let mut events = Vec::new();
        self.play_with(pit, &mut events)?;
        Ok(MoveReport { pit, mover: before.to_move(), before, after: *self.position(), events })
    }

    /// Plays a move, reporting to `observer` only if it is legal.
    #[inline(always)]
    pub fn play_with<O: Observer>(
        &mut self,
        pit: Pit,
        observer: &mut O,
    ) -> Result<(), IllegalMove> {
        let mut next = *self.position();
        let mut buffered = Buffer::<O>::new(observer);
        let legal = match self.legal {
            // Known legal: no need to check again.
            Some(moves) if moves.contains(pit) => self
                .rules
                .apply(&mut next, pit, &mut buffered.events)
                .map_err(|_| self.rules.illegal(self.position(), pit, crate::Illegal::Endless))?,
            _ => self.rules.play_in_place(&mut next, pit, &mut buffered.events)?,
        };
        if next.outcome().is_some_and(|o| o.reason == EndReason::Lot) {
            // The rules credited half the four to each player (two awards
            // and the end): the lot replaces that.
            if O::ACTIVE {
                let kept = buffered.events.0.len().saturating_sub(3);
                buffered.events.0.truncate(kept);
            }
            let side = lot_winner(self.lot_seed);
            self.rules.draw_lot(&mut next, side, &mut buffered.events);
        }
        let before = self.position();
        let index = self.positions.len();
        let key = next.key();
        let (word, bit) = seen_bit(key);
        if next.captured.differs(before.captured) {
            self.window = index;
            self.seen = [0; SEEN_WORDS];
        } else if !next.is_over() && self.seen[word] & bit != 0 && self.repeats(&next) {
            self.rules.finish_with(&mut next, EndReason::Cycle, &mut buffered.events);
        }
        self.legal = if next.is_over() { Some(Moves::EMPTY) } else { legal };
        buffered.flush();
        self.positions.push(next);
        self.seen[word] |= bit;
        self.moves.push(pit);
        Ok(())
    }

    /// Whether `pos` occurred since the last capture.
    #[inline(never)]
    fn repeats(&self, pos: &Position) -> bool {
        self.positions[self.window..].iter().any(|p| p.same_place(pos))
    }

    /// Ends the game by agreement that the seeds circulate: as at a cycle.
    pub fn agree_to_end(&mut self) -> Option<&Position> {
        if self.is_over() {
            return None;
        }
        let last = self.positions.len() - 1;
        let pos = self.rules.finish(&self.positions[last], EndReason::Agreed);
        self.positions[last] = pos;
        self.legal = Some(Moves::EMPTY);
        Some(self.position())
    }

    /// Takes back the last move (an agreed end after it goes with it).
    /// Returns the move, or `None` at the start (where an agreed end is
    /// taken back too).
    pub fn undo(&mut self) -> Option<Pit> {
        self.legal = None;
        let Some(pit) = self.moves.pop() else {
            self.positions[0] = self.start;
            return None;
        };
        self.positions.pop();
        self.window = (1..self.positions.len())
            .rev()
            .find(|&i| self.positions[i].captured != self.positions[i - 1].captured)
            .unwrap_or(0);
        self.rebuild_seen();
        Some(pit)
    }
}

/// [`crate::LastFour::Lot`]: the player the lot drawn from `seed` gives the
/// last four to: the low bit of SplitMix64's output for `seed` (0 South,
/// 1 North). Pinned by a test: records rely on it.
pub fn lot_winner(seed: u64) -> Side {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    if z & 1 == 0 {
        Side::South
    } else {
        Side::North
    }
}

/// Holds a move's events until it is known to be legal.
struct Buffer<'a, O: Observer> {
    target: &'a mut O,
    events: Collect<O>,
}

/// Collects events only when the observer wants them.
struct Collect<O>(Vec<Event>, std::marker::PhantomData<O>);

impl<O: Observer> Observer for Collect<O> {
    const ACTIVE: bool = O::ACTIVE;

    #[inline(always)]
    fn event(&mut self, event: Event) {
        if O::ACTIVE {
            self.0.push(event);
        }
    }
}

impl<'a, O: Observer> Buffer<'a, O> {
    #[inline]
    fn new(target: &'a mut O) -> Self {
        Buffer { target, events: Collect(Vec::new(), std::marker::PhantomData) }
    }

    #[inline]
    fn flush(self) {
        for event in self.events.0 {
            self.target.event(event);
        }
    }
}
