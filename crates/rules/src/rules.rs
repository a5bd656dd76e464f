//! A ruleset is data: one field per rule question.
//!
//! Each field's type is an enum named after the question it answers, with one
//! variant per answer, documented with the rule text. The engine answers each
//! question in exactly one place with an exhaustive `match`, so a new
//! combination of answers needs no new code. The presets at the bottom are the
//! games of `RULES.md`; any other combination is a legitimate ruleset too.
//!
//! `RULES.md` (the binding rules text) and the "seeds" cited below (the game
//! pages, numbered 000 to 003) are kept outside this repository; the
//! repository's docs/sources.md says what each one is, and docs/rules/ holds
//! the rules in our own words.

/// The most pits a row can have (Anywoli's twelve).
pub const MAX_PITS_PER_ROW: usize = 12;
/// The most pits on a board.
pub const MAX_PITS: usize = 2 * MAX_PITS_PER_ROW;

/// A complete ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Pits in each row (6 for the Oware family, 12 for Anywoli).
    pub pits_per_row: u8,
    /// Seeds in each pit at the start.
    pub seeds_per_pit: u8,
    /// How a handful is sown.
    pub sowing: Sowing,
    /// Whether the emptied pit receives seeds when the sowing comes round to it.
    pub origin: Origin,
    /// What is captured, and when.
    pub capture: Capture,
    /// Whether a player must give seeds to an opponent whose row is empty.
    pub feeding: Feeding,
    /// A score that ends the game as soon as it is reached.
    pub target: Target,
    /// What happens when the player to move has no seeds in their row.
    pub starved: Starved,
    /// What happens to the seeds still on the board at every other end
    /// (target reached, cycle, stall, agreed end, no legal move).
    pub leftover: Award,
    /// Who wins a finished game.
    pub winner: Winner,
    /// What a repeated position does.
    pub repetition: Repetition,
    /// A limit on moves without a capture.
    pub stall: Stall,
}

/// How a handful of seeds is sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sowing {
    /// The seeds are sown one by one into the following pits and the move ends
    /// with the last seed.
    SingleLap,
    /// Relay sowing: if the last seed lands in a pit that was occupied, all its
    /// seeds (the one just placed included) are lifted and sown on from the
    /// next pit. Each handful is a lap. The move ends when the last seed of a
    /// lap lands in an empty pit (or when the capture rule ends it). A move
    /// whose relay would never end (a lap starts twice from the same board,
    /// pit and handful) is illegal.
    Relay,
}

/// Whether the emptied pit is sown into when the sowing comes round to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The emptied pit is skipped (possible from 12 seeds up on 2 x 6).
    Skipped,
    /// No pit is skipped: the emptied pit receives seeds like any other.
    Sown,
    /// Every lap of a relay, the first and each relay, skips the pit it was
    /// lifted from when it comes round to it (possible from 12 seeds up on
    /// 2 x 6), and only that pit: a later lap sows into pits emptied earlier
    /// in the move, the move's own pit included (Round-and-Round Warri).
    /// For a single lap this is [`Origin::Skipped`].
    SkippedByEachLap,
}

/// What is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Capture {
    /// If the last seed lands in an opponent's pit that now holds 2 or 3, those
    /// seeds are captured; then the pit before it, and so on backwards with no
    /// limit, while each is on the opponent's side and holds 2 or 3.
    TwosAndThrees { grand_slam: GrandSlam },
    /// Whenever a seed that is not the last of a lap makes a pit hold exactly
    /// 4, the owner of that pit captures the 4 at once and sowing goes on. If
    /// the last seed of a lap makes 4, the mover captures them, the move ends
    /// and the mover moves again. As soon as a capture leaves exactly 4 seeds
    /// in play (on the board and in hand), the game ends and those 4 go as
    /// `last_four` says.
    Fours { last_four: LastFour },
    /// The move ends when the last seed of a lap lands in a pit that was
    /// empty just before it fell, on either side; the mover then captures
    /// every seed in the pit opposite (`a`-`F`, `b`-`E`, ...), if any, and
    /// the landing seed stays (Round-and-Round Warri, after Herskovits).
    Opposite,
}

/// [`Capture::Fours`]: who takes the last four seeds, left in play by the
/// capture of the penultimate four. Seed 003 names three conventions:
/// Pankhurst's lot, and two that Ralf Gering noted from related games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LastFour {
    /// The player credited with the capture of the penultimate four takes
    /// the last four too (Gering's first convention, the one RULES.md and
    /// seed 003 play).
    PenultimateCapturer,
    /// The player who made the game's first lap-ending capture (a four made
    /// by the last seed of a lap, which the mover takes) takes the last four
    /// (Gering's second convention, seed 003). The sources are silent when
    /// no lap-ending capture was made (every four so far was taken in flight,
    /// or the game started from a set-up position that does not say): then
    /// the capturer of the penultimate four takes them, as in
    /// [`LastFour::PenultimateCapturer`]. [`crate::Position::first_lap_capture`]
    /// holds that player.
    FirstLapCapturer,
    /// The last four go to a player drawn by lot (Pankhurst, seed 003). A
    /// lone position cannot draw lots: [`Rules::play`] credits each player
    /// with two of the four (the lot's expected share) and ends the game
    /// with [`crate::EndReason::Lot`], naming a winner only when the lot
    /// cannot change it; [`crate::Game`] then draws the lot from the seed it
    /// was given (and that its record keeps), so a replay draws the same.
    Lot,
}

/// A capture that would take every seed in the opponent's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// It captures them all (Barbados Warri).
    CapturesAll,
    /// The move is legal but captures nothing (Oware Abapa, as OpenSpiel).
    CapturesNothing,
    /// It captures them all, ends the game at once, and the mover also takes
    /// every seed left on the board (Wahree).
    WipeOut,
}

/// Feeding an opponent whose row is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feeding {
    /// No obligation (Anywoli: a player without seeds passes).
    NotRequired,
    /// If the opponent's row is empty, the mover must choose a feeding move.
    Required { test: FeedTest, otherwise: Unfed },
}

/// What makes a move a feeding move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeedTest {
    /// After the move, captures included, the opponent has at least one seed.
    LeavesSeeds,
    /// The move sows at least one seed into the opponent's row.
    SowsInto,
}

/// When the opponent's row is empty and no move feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unfed {
    /// Any move is legal.
    AnyMove,
    /// The game ends; the seeds on the board go as [`Rules::leftover`] says.
    GameEnds,
}

/// A score that ends the game the moment it is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// No such score.
    None,
    /// The game ends as soon as a player has this many seeds or more.
    Reach(u8),
    /// The game ends as soon as a player has more than half the seeds, or both
    /// have exactly half.
    Majority,
}

/// The player to move has no seeds in their row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Starved {
    /// They pass; the opponent moves again.
    Passes,
    /// The game ends, and the seeds on the board go as the award says.
    GameEnds(Award),
}

/// Who gets the seeds still on the board when a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Award {
    /// Nobody: they stay on the board, uncaptured.
    Uncaptured,
    /// Each player takes the seeds in their own row.
    OwnRow,
    /// They are split equally; an odd seed goes to the player whose row holds
    /// more of them.
    Split,
    /// The player to move takes them all.
    ToPlayerToMove,
}

/// Who wins a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player with more seeds; equal is a draw.
    MostSeeds,
    /// A player with at least this many seeds; any other end is a draw.
    Reach(u8),
}

/// A position (board and side to move) that occurred before in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The game ends at the second occurrence ("cycle"); the seeds on the board
    /// go as [`Rules::leftover`] says. The start position counts, and so does
    /// the position right after a capture; only positions since the last
    /// capture can repeat.
    EndsGame,
}

/// A limit on moves without a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stall {
    /// No limit.
    None,
    /// The game ends after this many consecutive moves without a capture
    /// (moves of both players counted together, passes not counted, any
    /// capture by either player starts the count again); the seeds on the
    /// board go as [`Rules::leftover`] says.
    QuietMoves(u8),
}

impl Rules {
    /// Pits on the board.
    #[inline]
    pub const fn pit_count(&self) -> usize {
        2 * self.pits_per_row as usize
    }

    /// Seeds in the game.
    #[inline]
    pub const fn total_seeds(&self) -> u32 {
        self.pit_count() as u32 * self.seeds_per_pit as u32
    }

    /// Whether a game can end by drawing lots ([`LastFour::Lot`]): such a
    /// game takes its lot from a seed ([`crate::Game::with_lot_seed`]),
    /// which its record keeps.
    #[inline]
    pub const fn draws_lots(&self) -> bool {
        matches!(self.capture, Capture::Fours { last_four: LastFour::Lot })
    }

    /// Checks that the board fits the engine (1..=12 pits a row, a total the
    /// counters can hold).
    pub fn validate(&self) -> Result<(), String> {
        if self.pits_per_row == 0 || self.pits_per_row as usize > MAX_PITS_PER_ROW {
            return Err(format!(
                "pits per row must be 1 to {MAX_PITS_PER_ROW}, not {}",
                self.pits_per_row
            ));
        }
        if self.seeds_per_pit == 0 || self.total_seeds() > 120 {
            return Err(format!(
                "seeds per pit must make a total of 1 to 120 seeds, not {}",
                self.total_seeds()
            ));
        }
        if matches!(self.capture, Capture::Fours { .. }) && !self.total_seeds().is_multiple_of(4) {
            return Err(format!(
                "captures of fours need a total that is a multiple of 4, not {}",
                self.total_seeds()
            ));
        }
        Ok(())
    }
}

/// Barbados Warri as played in Speightstown (the default variant).
///
/// Single-lap sowing skipping the emptied pit; captures of 2s and 3s chained
/// backwards; a grand slam captures everything; an opponent with an empty row
/// must be fed if possible, otherwise any move is legal. The game ends as soon
/// as a player has 25 (the rest stays on the board). A player to move with an
/// empty row ends the game and takes every seed left on the board. At a cycle
/// the circulating seeds stay uncaptured. Only 25 wins; anything else is a
/// draw. Source: seeds 000/001, settled by RULES.md.
pub const SPEIGHTSTOWN: Rules = Rules {
    pits_per_row: 6,
    seeds_per_pit: 4,
    sowing: Sowing::SingleLap,
    origin: Origin::Skipped,
    capture: Capture::TwosAndThrees { grand_slam: GrandSlam::CapturesAll },
    feeding: Feeding::Required { test: FeedTest::LeavesSeeds, otherwise: Unfed::AnyMove },
    target: Target::Reach(25),
    starved: Starved::GameEnds(Award::ToPlayerToMove),
    leftover: Award::Uncaptured,
    winner: Winner::Reach(25),
    repetition: Repetition::EndsGame,
    stall: Stall::None,
};

/// Barbados Warri as played in Bridgetown.
///
/// As Speightstown, except that whenever the game ends (25 reached, a player
/// without seeds, a cycle) the seeds left on the board are split equally, an
/// odd seed going to the player whose row holds more of them. More seeds
/// after the split wins. Source: seeds 000/001, settled by RULES.md.
pub const BRIDGETOWN: Rules = Rules {
    starved: Starved::GameEnds(Award::Split),
    leftover: Award::Split,
    winner: Winner::MostSeeds,
    ..SPEIGHTSTOWN
};

/// Wahree, US Virgin Islands.
///
/// Oware-family sowing and captures; a wipe-out (capturing the opponent's
/// whole row) ends the game and the mover takes the rest; feeding as in
/// Barbados; no 25-seed stop; a player without seeds, or a cycle, ends the
/// game with each player taking their own row. Source: seed 002, RULES.md.
pub const WAHREE: Rules = Rules {
    capture: Capture::TwosAndThrees { grand_slam: GrandSlam::WipeOut },
    target: Target::None,
    starved: Starved::GameEnds(Award::OwnRow),
    leftover: Award::OwnRow,
    winner: Winner::MostSeeds,
    ..SPEIGHTSTOWN
};

/// Oware Abapa, exactly as OpenSpiel's `oware`.
///
/// A grand slam is legal but captures nothing; a feeding move sows into the
/// opponent's row, and if none exists the game ends; the game ends as soon as
/// a player has more than 24 or both have 24; at every end each player takes
/// the seeds in their own row; more seeds wins. Source: RULES.md.
pub const ABAPA: Rules = Rules {
    capture: Capture::TwosAndThrees { grand_slam: GrandSlam::CapturesNothing },
    feeding: Feeding::Required { test: FeedTest::SowsInto, otherwise: Unfed::GameEnds },
    target: Target::Majority,
    starved: Starved::GameEnds(Award::OwnRow),
    leftover: Award::OwnRow,
    winner: Winner::MostSeeds,
    ..SPEIGHTSTOWN
};

/// Anywoli, Anuak people (Ethiopia).
///
/// 2 x 12 pits of 4. Relay sowing through all 24 pits with no pit skipped;
/// fours are captured by the owner of the pit in flight and by the mover at
/// the end of a lap (who then moves again); a player without seeds passes.
/// The game ends when no seeds are in play, or when a capture leaves exactly
/// four (taken by that capture's player). House rules: a cycle, or 200 moves
/// without a capture, ends the game with each player taking their own row.
/// Source: seed 003, RULES.md.
pub const ANYWOLI: Rules = Rules {
    pits_per_row: 12,
    seeds_per_pit: 4,
    sowing: Sowing::Relay,
    origin: Origin::Sown,
    capture: Capture::Fours { last_four: LastFour::PenultimateCapturer },
    feeding: Feeding::NotRequired,
    target: Target::None,
    starved: Starved::Passes,
    leftover: Award::OwnRow,
    winner: Winner::MostSeeds,
    repetition: Repetition::EndsGame,
    stall: Stall::QuietMoves(200),
};

/// Anywoli with Gering's second convention for the last four: the player
/// who made the game's first lap-ending capture takes them
/// ([`LastFour::FirstLapCapturer`]); otherwise as [`ANYWOLI`]. Source: seed
/// 003 (Ralf Gering, from related games).
pub const ANYWOLI_GERING: Rules =
    Rules { capture: Capture::Fours { last_four: LastFour::FirstLapCapturer }, ..ANYWOLI };

/// Anywoli with the last four drawn by lot ([`LastFour::Lot`]), as Pankhurst
/// reports; otherwise as [`ANYWOLI`]. Source: seed 003 (Pankhurst, 1971).
pub const ANYWOLI_LOT: Rules =
    Rules { capture: Capture::Fours { last_four: LastFour::Lot }, ..ANYWOLI };

/// Round-and-Round Warri, Barbados's second game ("French Wari",
/// "Rounders", "Round de Town").
///
/// 2 x 6 pits of 4. Relay sowing round both rows, each lap of 12 or more
/// skipping the pit it was lifted from; the move ends when a lap's last seed
/// lands in an empty pit on either side, and the mover captures the pit
/// opposite; an opponent with an empty row must be fed if possible; the game
/// ends as soon as a player has 25, when the player to move has no legal
/// move (an empty row, or every move relaying forever), or at a cycle, and
/// each player then takes the seeds in their own row. More seeds wins.
/// Source: seeds 000/001 (the name), Herskovits 1932, settled by RULES.md.
pub const ROUND_AND_ROUND: Rules = Rules {
    pits_per_row: 6,
    seeds_per_pit: 4,
    sowing: Sowing::Relay,
    origin: Origin::SkippedByEachLap,
    capture: Capture::Opposite,
    feeding: Feeding::Required { test: FeedTest::LeavesSeeds, otherwise: Unfed::AnyMove },
    target: Target::Reach(25),
    starved: Starved::GameEnds(Award::OwnRow),
    leftover: Award::OwnRow,
    winner: Winner::MostSeeds,
    repetition: Repetition::EndsGame,
    stall: Stall::None,
};

/// A named, versioned ruleset from the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The id used in commands, records and URLs.
    pub id: &'static str,
    /// The game's name for people.
    pub name: &'static str,
    /// Bumped whenever the rules change; records carry it.
    pub version: u32,
    pub rules: Rules,
    /// Match play, where the game has that tradition: the first player to
    /// win this many games wins the match (Barbados Warri: six, RULES.md).
    pub match_first_to: Option<u32>,
}

/// Every ruleset we ship, current versions. New ones go at the end, so that
/// an index into this list keeps naming the same game.
pub const RULESETS: [Ruleset; 8] = [
    Ruleset {
        id: "barbados-warri-speightstown",
        name: "Barbados Warri (Speightstown)",
        version: 1,
        rules: SPEIGHTSTOWN,
        match_first_to: Some(crate::Match::BARBADOS_FIRST_TO),
    },
    Ruleset {
        id: "barbados-warri-bridgetown",
        name: "Barbados Warri (Bridgetown)",
        version: 1,
        rules: BRIDGETOWN,
        match_first_to: Some(crate::Match::BARBADOS_FIRST_TO),
    },
    Ruleset { id: "wahree", name: "Wahree", version: 1, rules: WAHREE, match_first_to: None },
    Ruleset { id: "anywoli", name: "Anywoli", version: 1, rules: ANYWOLI, match_first_to: None },
    Ruleset {
        id: "oware-abapa",
        name: "Oware (Abapa)",
        version: 1,
        rules: ABAPA,
        match_first_to: None,
    },
    Ruleset {
        id: "anywoli-gering",
        name: "Anywoli (Gering)",
        version: 1,
        rules: ANYWOLI_GERING,
        match_first_to: None,
    },
    Ruleset {
        id: "anywoli-lot",
        name: "Anywoli (by lot)",
        version: 1,
        rules: ANYWOLI_LOT,
        match_first_to: None,
    },
    Ruleset {
        id: "round-and-round-warri",
        name: "Round-and-Round Warri",
        version: 1,
        rules: ROUND_AND_ROUND,
        match_first_to: None,
    },
];

/// Other names accepted for ruleset ids.
pub const ALIASES: [(&str, &str); 1] = [("barbados-warri", "barbados-warri-speightstown")];

/// Every `(id, version)` ever published, with the rules it was played by, so
/// old records replay under their own rules. Today every ruleset is at its
/// first version.
pub const HISTORY: [Ruleset; 8] = RULESETS;

/// Looks a ruleset up by id or alias (current version).
pub fn ruleset(id: &str) -> Result<&'static Ruleset, UnknownRuleset> {
    let id = ALIASES.iter().find(|(alias, _)| *alias == id).map_or(id, |(_, target)| target);
    RULESETS.iter().find(|r| r.id == id).ok_or_else(|| UnknownRuleset(id.to_string()))
}

/// Looks up the rules a given version of a ruleset was played by.
pub fn ruleset_version(id: &str, version: u32) -> Result<&'static Ruleset, VersionError> {
    versioned(&HISTORY, id, version)
}

pub(crate) fn versioned<'a>(
    history: &'a [Ruleset],
    id: &str,
    version: u32,
) -> Result<&'a Ruleset, VersionError> {
    let current = ruleset(id).map_err(VersionError::Unknown)?;
    history.iter().find(|r| r.id == current.id && r.version == version).ok_or(
        VersionError::NoSuchVersion {
            id: current.id,
            version,
            known: history.iter().filter(|r| r.id == current.id).map(|r| r.version).collect(),
        },
    )
}

/// An id that names no ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset(pub String);

impl std::fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown game '{}'; known games: ", self.0)?;
        let ids: Vec<&str> = RULESETS.iter().map(|r| r.id).collect();
        write!(f, "{} (and the alias barbados-warri)", ids.join(", "))
    }
}

impl std::error::Error for UnknownRuleset {}

/// A ruleset version that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionError {
    Unknown(UnknownRuleset),
    NoSuchVersion { id: &'static str, version: u32, known: Vec<u32> },
}

impl std::fmt::Display for VersionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VersionError::Unknown(e) => e.fmt(f),
            VersionError::NoSuchVersion { id, version, known } => {
                let known: Vec<String> = known.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "{id} has no rules version {version}; this program knows version(s) {} \
                     (a newer program may be needed)",
                    known.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for VersionError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record names the rules version it was played by: an older version
    /// replays under its own rules, an unknown one is refused with the versions
    /// that are known.
    #[test]
    fn records_replay_under_the_version_they_were_played_by() {
        let old =
            Ruleset { version: 1, rules: Rules { stall: Stall::None, ..ANYWOLI }, ..RULESETS[3] };
        let new = Ruleset { version: 2, ..RULESETS[3] };
        let history = [old, new];
        assert_eq!(versioned(&history, "anywoli", 1).unwrap().rules.stall, Stall::None);
        assert_eq!(versioned(&history, "anywoli", 2).unwrap().rules.stall, Stall::QuietMoves(200));
        let error = versioned(&history, "anywoli", 3).unwrap_err();
        assert_eq!(
            error.to_string(),
            "anywoli has no rules version 3; this program knows version(s) 1, 2 \
             (a newer program may be needed)"
        );
        assert!(matches!(versioned(&history, "chess", 1), Err(VersionError::Unknown(_))));
    }

    #[test]
    fn every_preset_is_valid_and_ids_are_unique() {
        for (i, r) in RULESETS.iter().enumerate() {
            r.rules.validate().unwrap();
            assert!(RULESETS[..i].iter().all(|other| other.id != r.id));
            assert_eq!(ruleset(r.id).unwrap(), r);
        }
        assert_eq!(ruleset("barbados-warri").unwrap().id, "barbados-warri-speightstown");
    }
}
