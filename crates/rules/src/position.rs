//! Positions: seeds in the pits, seeds captured, side to move.

use crate::moves::Pit;
use crate::rules::{Capture, LastFour, Rules, MAX_PITS};
use crate::side::{BySide, Side};
use std::fmt;
use std::str::FromStr;

/// Why a game ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player reached the target score ([`crate::Target`]).
    Target,
    /// The player to move had no seeds in their row ([`crate::Starved`]).
    Starved,
    /// A wipe-out ([`crate::GrandSlam::WipeOut`]).
    WipeOut,
    /// The opponent's row was empty and no move could feed it
    /// ([`crate::Unfed::GameEnds`]).
    Unfed,
    /// No seeds are left in play (Anywoli: the last four were taken).
    Exhausted,
    /// A capture left the last four in play, and they went by lot
    /// ([`crate::LastFour::Lot`]).
    Lot,
    /// A position repeated ([`crate::Repetition`]).
    Cycle,
    /// Too many moves without a capture ([`crate::Stall`]).
    Stall,
    /// Neither player has a legal move (every move's relay would never end).
    NoMoves,
    /// The players agreed that their seeds circulate; ends as at a cycle.
    Agreed,
}

impl EndReason {
    pub const ALL: [EndReason; 10] = [
        EndReason::Target,
        EndReason::Starved,
        EndReason::WipeOut,
        EndReason::Unfed,
        EndReason::Exhausted,
        EndReason::Lot,
        EndReason::Cycle,
        EndReason::Stall,
        EndReason::NoMoves,
        EndReason::Agreed,
    ];

    /// A short id, used in records and JSON.
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::Target => "target",
            EndReason::Starved => "no-seeds",
            EndReason::WipeOut => "wipe-out",
            EndReason::Unfed => "cannot-feed",
            EndReason::Exhausted => "no-seeds-in-play",
            EndReason::Lot => "last-four-by-lot",
            EndReason::Cycle => "cycle",
            EndReason::Stall => "stall",
            EndReason::NoMoves => "no-legal-move",
            EndReason::Agreed => "agreed",
        }
    }

    pub fn parse(id: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.id() == id)
    }

    /// A phrase for people.
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Target => "a player reached the winning score",
            EndReason::Starved => "the player to move had no seeds",
            EndReason::WipeOut => "a wipe-out captured the opponent's whole row",
            EndReason::Unfed => "the opponent's row was empty and no move could feed it",
            EndReason::Exhausted => "no seeds were left in play",
            EndReason::Lot => "the last four seeds went by lot",
            EndReason::Cycle => "a position repeated (the seeds circulate)",
            EndReason::Stall => "too many moves without a capture",
            EndReason::NoMoves => "neither player had a legal move",
            EndReason::Agreed => "the players agreed that the seeds circulate",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub reason: EndReason,
    /// `None` for a draw.
    pub winner: Option<Side>,
}

/// A position: plain data, checked on construction by [`Rules::setup`] or
/// made by [`Rules::start`] and [`Rules::play`]. The rules it belongs to are
/// not stored: a position is always used with its `Rules`.
// `repr(C)` with the pits first and 32 bytes in all: copies and the SIMD
// loads of the pits then line up, which avoids store-forwarding stalls that
// cost a tenth of the playout time when the compiler put the pits at byte 3.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct Position {
    pub(crate) pits: [u8; MAX_PITS],
    pub(crate) captured: BySide<u8>,
    pub(crate) to_move: Side,
    pub(crate) pits_per_row: u8,
    /// Moves since the last capture (for [`crate::Stall`]); saturates.
    pub(crate) quiet: u8,
    pub(crate) outcome: Option<Outcome>,
    /// [`crate::LastFour::FirstLapCapturer`]: who made the first lap-ending
    /// capture of four; always `None` under other rules.
    pub(crate) first_lap_capture: Option<Side>,
}

impl Position {
    /// Seeds in every pit, in sowing order (South's row, then North's).
    #[inline]
    pub fn pits(&self) -> &[u8] {
        &self.pits[..2 * self.pits_per_row as usize]
    }

    /// The seeds in `pit`; none in a pit off the board.
    #[inline]
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.pits().get(pit.index()).copied().unwrap_or(0)
    }

    /// A row's pits, in sowing order.
    #[inline]
    pub fn row(&self, side: Side) -> &[u8] {
        let n = self.pits_per_row as usize;
        &self.pits[side.index() * n..(side.index() + 1) * n]
    }

    /// Seeds in a row.
    #[inline]
    pub fn row_seeds(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&s| s as u32).sum()
    }

    /// Seeds still on the board.
    pub fn board_seeds(&self) -> u32 {
        self.pits().iter().map(|&s| s as u32).sum()
    }

    /// Seeds captured so far; once the game is over, the final scores.
    #[inline]
    pub fn captured(&self) -> BySide<u8> {
        self.captured
    }

    /// The player who moves next (after any pass or extra turn). Meaningless
    /// once the game is over.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// How the game ended, once it has.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// [`crate::LastFour::FirstLapCapturer`]: the player who made the first
    /// lap-ending capture of four since the start, who will take the last
    /// four; `None` before it (and always under other rules).
    #[inline]
    pub fn first_lap_capture(&self) -> Option<Side> {
        self.first_lap_capture
    }

    /// Moves since the last capture.
    #[inline]
    pub fn quiet_moves(&self) -> u8 {
        self.quiet
    }

    #[inline]
    pub fn pits_per_row(&self) -> u8 {
        self.pits_per_row
    }

    /// Same board and side to move: what the repetition rule compares.
    #[inline]
    pub fn same_place(&self, other: &Position) -> bool {
        self.pits == other.pits && self.to_move == other.to_move
    }

    /// A hash of the board and side to move, for finding repetitions fast.
    #[inline]
    pub fn key(&self) -> u64 {
        let word = |i: usize| {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&self.pits[i..i + 8]);
            u64::from_le_bytes(bytes)
        };
        let mut h = word(0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ word(8)).rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        // `first_lap_capture` is `None` (0) under every rule but one.
        let first = self.first_lap_capture.map_or(0, |side| 2 + side as u64) << 1;
        h = (h ^ word(16) ^ self.to_move as u64 ^ first).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^ (h >> 31)
    }

    /// The unvalidated description of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            pits: self.pits().to_vec(),
            captured: self.captured.map(u32::from),
            to_move: self.to_move,
            first_lap_capture: self.first_lap_capture,
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self}")?;
        if let Some(o) = self.outcome {
            write!(f, ", over: {:?}", o)?;
        }
        write!(f, ")")
    }
}

/// The notation: `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`, i.e. South's pits a.. then
/// North's pits A.., the seeds each player captured, and the side to move.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

/// A position as written, not yet checked against a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seeds per pit in sowing order: South's row then North's.
    pub pits: Vec<u8>,
    pub captured: BySide<u32>,
    pub to_move: Side,
    /// [`crate::LastFour::FirstLapCapturer`] only: who made the game's first
    /// lap-ending capture, written as a fourth field `first=S` or `first=N`.
    pub first_lap_capture: Option<Side>,
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let half = self.pits.len() / 2;
        let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        write!(
            f,
            "{}/{} {}-{} {}",
            row(&self.pits[..half]),
            row(&self.pits[half..]),
            self.captured.south,
            self.captured.north,
            if self.to_move == Side::South { 'S' } else { 'N' }
        )?;
        match self.first_lap_capture {
            Some(side) => write!(f, " first={}", if side == Side::South { 'S' } else { 'N' }),
            None => Ok(()),
        }
    }
}

/// What is wrong with a written or set-up position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The text does not follow the notation.
    Syntax(String),
    /// Wrong number of pits for the ruleset.
    PitCount { expected: usize, found: usize },
    /// Seeds on the board and captured do not add up to the ruleset's total.
    Total { expected: u32, found: u32 },
    /// Anywoli: seeds in play must be a multiple of 4.
    NotFours { in_play: u32 },
    /// A first lap-ending capture (`first=`) given for rules that do not
    /// use it.
    FirstLapCapture,
}

const NOTATION_HELP: &str = "expected e.g. '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S': South's pits \
     (a, b, ...) separated by commas, '/', North's pits (A, B, ...), then the seeds captured \
     by South and North as S-N, then the side to move (S or N), and for anywoli-gering \
     optionally who made the first lap-ending capture (first=S or first=N)";

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Syntax(what) => write!(f, "bad position: {what}; {NOTATION_HELP}"),
            SetupError::PitCount { expected, found } => write!(
                f,
                "bad position: this game has {expected} pits ({} a row), the position gives {found}",
                expected / 2
            ),
            SetupError::Total { expected, found } => write!(
                f,
                "bad position: seeds on the board plus seeds captured make {found}, \
                 but this game has {expected}"
            ),
            SetupError::NotFours { in_play } => write!(
                f,
                "bad position: {in_play} seeds on the board; in this game the seeds in play \
                 are always a multiple of 4"
            ),
            SetupError::FirstLapCapture => write!(
                f,
                "bad position: 'first=' (who made the first lap-ending capture) applies only \
                 to rules whose last four go to that player (anywoli-gering)"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl FromStr for Setup {
    type Err = SetupError;

    fn from_str(text: &str) -> Result<Setup, SetupError> {
        let syntax = |what: String| SetupError::Syntax(what);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, captured, side, first) = match fields[..] {
            [board, captured, side] => (board, captured, side, None),
            [board, captured, side, first] => (board, captured, side, Some(first)),
            _ => {
                return Err(syntax(format!(
                    "found {} space-separated field(s) where 3 (or 4) are needed",
                    fields.len()
                )))
            }
        };
        let Some((south, north)) = board.split_once('/') else {
            return Err(syntax("the two rows must be separated by '/'".into()));
        };
        let row = |r: &str, who: &str| -> Result<Vec<u8>, SetupError> {
            r.split(',')
                .map(|n| {
                    n.parse::<u8>().map_err(|_| {
                        syntax(format!(
                            "'{}' in {who}'s row is not a seed count (0-255)",
                            n.escape_debug()
                        ))
                    })
                })
                .collect()
        };
        let mut pits = row(south, "South")?;
        let north = row(north, "North")?;
        if pits.len() != north.len() {
            return Err(syntax(format!(
                "South's row has {} pits and North's {}",
                pits.len(),
                north.len()
            )));
        }
        pits.extend(north);
        let Some((s, n)) = captured.split_once('-') else {
            return Err(syntax(format!(
                "captured seeds '{}' must be written S-N",
                captured.escape_debug()
            )));
        };
        let count = |c: &str| {
            c.parse::<u32>().map_err(|_| {
                syntax(format!("captured count '{}' is not a number", c.escape_debug()))
            })
        };
        let captured = BySide::new(count(s)?, count(n)?);
        let to_move = Side::parse(side).ok_or_else(|| {
            syntax(format!("side to move '{}' must be S or N", side.escape_debug()))
        })?;
        let first_lap_capture = match first {
            None => None,
            Some(text) => {
                Some(text.strip_prefix("first=").and_then(Side::parse).ok_or_else(|| {
                    syntax(format!(
                        "fourth field '{}' must be first=S or first=N",
                        text.escape_debug()
                    ))
                })?)
            }
        };
        Ok(Setup { pits, captured, to_move, first_lap_capture })
    }
}

impl Rules {
    /// Checks a set-up position against this ruleset. Play from it starts with
    /// no history and a stall count of 0; if the position is already over by
    /// the rules (a target reached, a player to move without seeds...), the
    /// returned position says so, and an Anywoli player without seeds has
    /// already passed.
    pub fn setup(&self, setup: &Setup) -> Result<Position, SetupError> {
        let n = self.pits_per_row as usize;
        if setup.pits.len() != 2 * n {
            return Err(SetupError::PitCount { expected: 2 * n, found: setup.pits.len() });
        }
        let on_board: u32 = setup.pits.iter().map(|&s| s as u32).sum();
        let found =
            on_board.saturating_add(setup.captured.south).saturating_add(setup.captured.north);
        if found != self.total_seeds() {
            return Err(SetupError::Total { expected: self.total_seeds(), found });
        }
        if matches!(self.capture, Capture::Fours { .. }) && !on_board.is_multiple_of(4) {
            return Err(SetupError::NotFours { in_play: on_board });
        }
        let gering =
            matches!(self.capture, Capture::Fours { last_four: LastFour::FirstLapCapturer });
        if setup.first_lap_capture.is_some() && !gering {
            return Err(SetupError::FirstLapCapture);
        }
        // Totals are at most 120, so every count fits a u8.
        let captured = setup.captured.map(|c| c as u8);
        let mut pos = self.setup_unchecked(&setup.pits, captured, setup.to_move);
        pos.first_lap_capture = setup.first_lap_capture;
        Ok(pos)
    }

    /// [`Rules::setup`] for callers that already know the position is valid
    /// (the endgame databases enumerate millions): `pits` holds both rows
    /// (`2 * pits_per_row` counts) and the seeds make the ruleset's total.
    /// The position is settled as by `setup` (it may already be over, or the
    /// player without seeds may have passed). Nonsense in gives an
    /// unspecified position, never undefined behaviour.
    pub fn setup_unchecked(&self, pits: &[u8], captured: BySide<u8>, to_move: Side) -> Position {
        let n = (2 * self.pits_per_row as usize).min(pits.len()).min(MAX_PITS);
        let mut board = [0u8; MAX_PITS];
        board[..n].copy_from_slice(&pits[..n]);
        let mut pos = Position {
            pits: board,
            captured,
            to_move,
            pits_per_row: self.pits_per_row,
            quiet: 0,
            outcome: None,
            first_lap_capture: None,
        };
        self.settle(&mut pos, &mut ());
        pos
    }

    /// Parses the one-line notation and checks it against this ruleset.
    pub fn parse_position(&self, text: &str) -> Result<Position, SetupError> {
        self.setup(&text.parse()?)
    }

    /// A smaller start of this game: `k` seeds in every pit, the game's
    /// other seeds split evenly between the two stores, South to move
    /// (the positions of docs/solving.md, "The first values"). The rules
    /// stay the game's own, so this is a true position of the real game;
    /// `k` equal to the game's seeds per pit is its start. Refused when
    /// `k` is 0, or more than the game holds, or leaves an odd number of
    /// seeds for the stores, or (Anywoli) puts a number of seeds in play
    /// that is not a multiple of 4.
    pub fn start_with_seeds_per_pit(&self, k: u8) -> Result<Position, SetupError> {
        let pits = self.pit_count();
        let total = self.total_seeds();
        let on_board = k as u32 * pits as u32;
        if k == 0 || on_board > total || !(total - on_board).is_multiple_of(2) {
            return Err(SetupError::Syntax(format!(
                "{k} seeds in each of {pits} pits make {on_board}; this game has {total}, so                  seeds per pit must be 1 to {} and leave an even number for the two stores",
                total / pits as u32
            )));
        }
        let store = (total - on_board) / 2;
        self.setup(&Setup {
            pits: vec![k; pits],
            captured: BySide { south: store, north: store },
            to_move: Side::South,
            first_lap_capture: None,
        })
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        let mut pits = [0u8; MAX_PITS];
        pits[..self.pit_count()].fill(self.seeds_per_pit);
        Position {
            pits,
            captured: BySide::default(),
            to_move: Side::South,
            pits_per_row: self.pits_per_row,
            quiet: 0,
            outcome: None,
            first_lap_capture: None,
        }
    }
}
