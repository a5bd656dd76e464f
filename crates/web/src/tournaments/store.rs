//! Where tournaments are kept: their row, and the trait both stores
//! implement (`sqlite.rs`, `pg.rs`), which run through the same storage
//! tests. Their games are ordinary rows of `games`.

use super::System;
use crate::store::{GameRow, MatchRow, StoreError};

/// A stored tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: String,
    /// The organiser's account id.
    pub organiser: String,
    pub name: String,
    pub ruleset: String,
    pub system: System,
    /// Seconds since the Unix epoch.
    pub created: i64,
    pub updated: i64,
    /// 1 when created, one more at each save.
    pub revision: i64,
    /// The players and rounds, JSON.
    pub state: String,
}

pub(super) const COLUMNS: &str =
    "id, organiser_id, name, ruleset, system, created, updated, revision, state";

/// The pattern that finds an account among a document's entrants: ids are
/// hex (`api::secret`), so nothing in them is special to LIKE.
pub(super) fn entrant_pattern(player: &str) -> String {
    format!("%\"account\":\"{player}\"%")
}

/// The patterns that find a game (or its match) among a document's boards:
/// ids are letters and digits, nothing special to LIKE.
pub(super) fn board_patterns(game: &str, match_id: Option<&str>) -> (String, String) {
    let by_match = match match_id {
        Some(m) => format!("%\"match_id\":\"{m}\"%"),
        // Matches only an empty text, which no document is.
        None => String::new(),
    };
    (format!("%\"game\":\"{game}\"%"), by_match)
}

/// The tournaments' part of the store.
pub trait TournamentStore {
    /// Stores a new tournament.
    fn create_tournament(&self, row: &TournamentRow) -> Result<(), StoreError>;
    /// A tournament, or `None` if there is no such tournament.
    fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError>;
    /// Saves `row` over the stored revision `row.revision - 1`; `false`, and
    /// nothing saved, if the stored revision is another (saved meanwhile).
    fn save_tournament(&self, row: &TournamentRow) -> Result<bool, StoreError>;
    /// The newest tournaments, at most `limit`.
    fn tournaments(&self, limit: u32) -> Result<Vec<TournamentRow>, StoreError>;
    /// Stores a round's new games (each after its match, for a match) and
    /// saves `row` over the stored revision `row.revision - 1`, in one
    /// transaction: a crash leaves the round with its games or neither.
    /// `false`, and nothing stored, if the stored revision is another.
    fn start_round(
        &self,
        row: &TournamentRow,
        games: &[(GameRow, Option<MatchRow>)],
    ) -> Result<bool, StoreError>;
    /// The tournament (id, name) one of whose boards is this game, or this
    /// match's (a board names its match and the match's latest game).
    fn tournament_of_game(
        &self,
        game: &str,
        match_id: Option<&str>,
    ) -> Result<Option<(String, String)>, StoreError>;
    /// The tournaments an account organises or has played in (newest
    /// first, at most `limit`): for the organiser's cap, and to take a
    /// deleted account's name out of them.
    fn tournaments_of(&self, player: &str, limit: u32) -> Result<Vec<TournamentRow>, StoreError>;
}

/// The [`TournamentStore`] reads, the same in both stores (`sqlite.rs`,
/// `pg.rs`): each asks that module's own `load`, `newest`, `of_player` or
/// `of_game`.
macro_rules! tournament_reads {
    () => {
        fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
            load(self, id)
        }

        fn tournaments(&self, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
            newest(self, limit)
        }

        fn tournaments_of(
            &self,
            player: &str,
            limit: u32,
        ) -> Result<Vec<TournamentRow>, StoreError> {
            of_player(self, player, limit)
        }

        fn tournament_of_game(
            &self,
            game: &str,
            match_id: Option<&str>,
        ) -> Result<Option<(String, String)>, StoreError> {
            of_game(self, game, match_id)
        }
    };
}
pub(super) use tournament_reads;
