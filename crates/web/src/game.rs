//! A game's life as the server keeps it, below the store and the
//! handlers (it imports neither): the typed header row and its parts (how
//! it is played, where it stands, how it ended), a stored game, and how a
//! game is built at its start from its row (its rules, its set-up, its
//! lot's seed). The store reads and writes these rows; `live` replays them
//! into games; `rated` settles the rated ones.

use mancala_rules::{EndReason, Game, Ruleset};

/// How a game is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A person against the computer.
    #[default]
    Computer,
    /// Two people at one screen, sharing one seat token.
    Local,
    /// Two people anywhere, the second seat taken through an invitation.
    Online,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Computer, Mode::Local, Mode::Online];

    /// The name stored and sent in JSON.
    pub const fn id(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Local => "local",
            Mode::Online => "online",
        }
    }

    pub fn parse(text: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.id() == text)
    }
}

/// Whether a game is still being played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Status {
    #[default]
    Active,
    Finished,
}

impl Status {
    pub const fn id(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        [Status::Active, Status::Finished].into_iter().find(|s| s.id() == text)
    }
}

/// A seat as stored: `south` or `north` (the rules library's names).
pub const fn side_id(side: mancala_rules::Side) -> &'static str {
    side.name()
}

/// A stored seat (`south` or `north`).
pub fn side_of(text: &str) -> Option<mancala_rules::Side> {
    match text {
        "south" => Some(mancala_rules::Side::South),
        "north" => Some(mancala_rules::Side::North),
        _ => None,
    }
}

/// How a finished game came out for its seats: stored and sent as
/// `south`, `north` or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    South,
    North,
    Draw,
}

impl GameResult {
    pub const fn id(self) -> &'static str {
        match self {
            GameResult::South => "south",
            GameResult::North => "north",
            GameResult::Draw => "draw",
        }
    }

    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "south" => Some(GameResult::South),
            "north" => Some(GameResult::North),
            "draw" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The result of a game won by `winner` (`None`: drawn).
    pub const fn of(winner: Option<mancala_rules::Side>) -> GameResult {
        match winner {
            Some(mancala_rules::Side::South) => GameResult::South,
            Some(mancala_rules::Side::North) => GameResult::North,
            None => GameResult::Draw,
        }
    }

    /// The winner (`None`: a draw).
    pub const fn winner(self) -> Option<mancala_rules::Side> {
        match self {
            GameResult::South => Some(mancala_rules::Side::South),
            GameResult::North => Some(mancala_rules::Side::North),
            GameResult::Draw => None,
        }
    }

    /// South's score: 1 a win, ½ a draw, 0 a loss.
    pub const fn south_score(self) -> f64 {
        match self {
            GameResult::South => 1.0,
            GameResult::North => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// How a finished game ended: by the rules (an agreed end included, which
/// the rules library treats as a cycle the players call), or by one
/// player's act or absence. The ids are the record format's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnding {
    Rules(EndReason),
    Resignation,
    Time,
    Abandoned,
}

impl GameEnding {
    pub const fn id(self) -> &'static str {
        match self {
            GameEnding::Rules(reason) => reason.id(),
            GameEnding::Resignation => "resignation",
            GameEnding::Time => "time",
            GameEnding::Abandoned => "abandoned",
        }
    }

    pub fn parse(text: &str) -> Option<GameEnding> {
        match text {
            "resignation" => Some(GameEnding::Resignation),
            "time" => Some(GameEnding::Time),
            "abandoned" => Some(GameEnding::Abandoned),
            _ => EndReason::parse(text).map(GameEnding::Rules),
        }
    }

    /// An end by agreement that the seeds circulate.
    pub const AGREED: GameEnding = GameEnding::Rules(EndReason::Agreed);
}

/// Reads one of the enums above from its stored text, naming the column
/// and the text when it is not one of them.
pub(crate) fn stored<T>(
    column: &str,
    text: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<T, String> {
    parse(text).ok_or_else(|| format!("stored {column} '{text}' is not one this server knows"))
}

/// One game's header: everything but its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    /// The ruleset's id and the version of its rules the game is played by.
    pub ruleset: String,
    pub version: u32,
    /// The start position in the one-line notation, if not the usual one.
    pub setup: Option<String>,
    pub mode: Mode,
    /// The computer's level (1-8) in games against it.
    pub level: Option<u8>,
    /// Whether both players agreed to a rated game (set when it is made;
    /// see `rated.rs`). It counts for the ratings only if
    /// `crate::rated::rated_players` says so once it ends.
    pub rated: bool,
    pub south_name: String,
    pub north_name: String,
    /// Secret seat tokens (random, 128 bits). In a local game both seats
    /// share one token; the computer's seat has none.
    pub south_token: Option<String>,
    pub north_token: Option<String>,
    /// The invitation code of an online game's free seat, until it is taken.
    pub invite: Option<String>,
    /// Which seat the computer plays, in computer games (stored as
    /// `south`/`north`).
    pub computer: Option<mancala_rules::Side>,
    pub status: Status,
    /// Once finished.
    pub result: Option<GameResult>,
    /// How it ended, once finished.
    pub ending: Option<GameEnding>,
    /// The rematch game, once one was made.
    pub rematch: Option<String>,
    /// Seconds since the Unix epoch.
    pub created: i64,
    pub updated: i64,
    // The fields below came with offers, clocks, abandonment and matches
    // (schema migration 2, see `schema.rs`).
    /// A pending offer to end the game by agreement: the side that made it
    /// (stored as `south`/`north`).
    pub offer: Option<mancala_rules::Side>,
    /// The clock, in games played with one.
    pub clock: Option<Clock>,
    /// When the current turn began, in milliseconds since the Unix epoch:
    /// the clock of the player to move runs from then, and an online
    /// player who has not moved since then may have left. `None` while the
    /// game cannot be played yet (an online game waiting for its second
    /// player).
    pub turn_started: Option<i64>,
    /// The match the game belongs to, and its number in it (0 first).
    pub match_id: Option<String>,
    pub match_game: Option<u32>,
    // Accounts (see `rated.rs` for their columns).
    /// The account (`PlayerRow::id`) that holds each seat, for a player who
    /// was signed in when they took it.
    pub south_player: Option<String>,
    pub north_player: Option<String>,
    /// A correspondence game's days per move (1, 2, 3 or 7) instead of a
    /// clock: the player to move has that long from the turn's start
    /// (`turn_started`), after which the opponent may claim the game.
    /// Set when the game is made, never changed.
    pub days: Option<u8>,
    /// The seed of the game's lot (how `anywoli-lot` gives the last four
    /// seeds), secret until the game is over: drawn when the game is made
    /// (see `game::lot_seed_for_new_game`), never changed. `None` in games
    /// made before schema migration 8, whose lot comes from their id.
    pub lot_seed: Option<u64>,
}

/// A game's clock: what each side started with, the increment, and each
/// side's time left when its current (or next) turn began. The time of the
/// turn in progress is counted from `GameRow::turn_started`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub initial_ms: i64,
    /// Added to a player's time after each of their moves.
    pub increment_ms: i64,
    pub south_ms: i64,
    pub north_ms: i64,
}

/// A match: a series of games (those with this `match_id`, colours
/// alternating) won by the first player to win `first_to` of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchRow {
    pub id: String,
    pub ruleset: String,
    pub first_to: u32,
    /// Seconds since the Unix epoch.
    pub created: i64,
}

/// A finished game's review as stored: the moves it was computed for (a
/// game changed since, by an undo, needs a new one) and the review (JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredReview {
    pub moves: String,
    pub review: String,
}

/// A game's id and its seat tokens (south's, north's), as
/// `Store::online_seats` answers them.
pub type SeatTokens = (String, Option<String>, Option<String>);

/// A stored game: the header and the moves in order (letters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub row: GameRow,
    pub moves: Vec<String>,
}

/// Builds the game of header `row` at its start (the ruleset's, or its
/// stored set-up), with its lot's seed.
pub fn new_game(ruleset: &Ruleset, row: &GameRow) -> Result<Game, String> {
    let rules = ruleset.rules;
    let start = match row.setup.as_deref() {
        Some(text) => rules.parse_position(text).map_err(|e| e.to_string())?,
        None => rules.start(),
    };
    let seed = row.lot_seed.unwrap_or_else(|| lot_seed_of_old_game(&row.id));
    Ok(Game::from_position(rules, start).with_lot_seed(seed))
}

/// A new game's lot seed (`GameRow::lot_seed`, the draw of `anywoli-lot`'s
/// last four): 64 bits from the OS, stored with the game and shown to
/// nobody until the game is over (its record's `[Lot]` tag). Drawn for
/// every game, so no path that makes a game can forget it.
pub fn lot_seed_for_new_game() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: a seeded generator rather than no game.
        return fastrand::u64(..);
    }
    u64::from_le_bytes(bytes)
}

/// The lot seed of a game made before schema migration 8, which stored
/// none: FNV-1a of its id. Such games keep the lot they were played with;
/// since the id is public, their lot could be worked out during the game,
/// which is why new games draw a secret seed instead.
pub fn lot_seed_of_old_game(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
