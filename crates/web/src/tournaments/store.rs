//! Where tournaments are kept: their row, and the trait both stores
//! implement (`sqlite.rs`, `pg.rs`), which run through the same storage
//! tests. Their games are ordinary rows of `games`.

use super::System;
use crate::store::{required, Columns, GameRow, MatchRow, StoreError};

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

/// A tournament from a row of either store with the [`COLUMNS`].
pub(super) fn row_from<R: Columns>(r: &R) -> Result<TournamentRow, R::Error> {
    Ok(TournamentRow {
        id: r.at(0)?,
        organiser: r.at(1)?,
        name: r.at(2)?,
        ruleset: r.at(3)?,
        system: required(r, 4, "system", System::parse)?,
        created: r.at(5)?,
        updated: r.at(6)?,
        revision: r.at(7)?,
        state: r.at(8)?,
    })
}

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

/// The [`TournamentStore`] methods written once for both stores
/// (`sqlite.rs`, `pg.rs`), in SQL for both (`crate::store::Query`): each
/// store saves a tournament and starts a round its own way.
macro_rules! tournament_methods {
    () => {
        fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
            self.exec(
                &format!(
                    "INSERT INTO tournaments ({COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
                ),
                &[
                    &t.id,
                    &t.organiser,
                    &t.name,
                    &t.ruleset,
                    &t.system.id(),
                    &t.created,
                    &t.updated,
                    &t.revision,
                    &t.state,
                ],
            )?;
            Ok(())
        }

        fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
            self.find("tournaments", COLUMNS, "id", id, |r| row_from(r))
        }

        fn tournaments(&self, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
            let sql = format!(
                "SELECT {COLUMNS} FROM tournaments ORDER BY created DESC, id {} LIMIT ?1",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&i64::from(limit)], |r| row_from(r))
        }

        fn tournaments_of(
            &self,
            player: &str,
            limit: u32,
        ) -> Result<Vec<TournamentRow>, StoreError> {
            let pattern = entrant_pattern(player);
            let sql = format!(
                "SELECT {COLUMNS} FROM tournaments WHERE organiser_id = ?1 OR state LIKE ?2
                 ORDER BY created DESC, id {} LIMIT ?3",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&player, &pattern, &i64::from(limit)], |r| row_from(r))
        }

        fn tournament_of_game(
            &self,
            game: &str,
            match_id: Option<&str>,
        ) -> Result<Option<(String, String)>, StoreError> {
            let (by_game, by_match) = board_patterns(game, match_id);
            self.query(
                "SELECT id, name FROM tournaments WHERE state LIKE ?1 OR state LIKE ?2
                 ORDER BY created DESC LIMIT 1",
                &[&by_game, &by_match],
                |r| Ok((r.at(0)?, r.at(1)?)),
            )
        }
    };
}
pub(super) use tournament_methods;
