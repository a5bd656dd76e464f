//! Accounts in the store: the trait both stores implement, and SQLite's
//! implementation (PostgreSQL's is `pg/accounts.rs`). Their games and
//! ratings are read by `rated.rs`; the writes go through the writer thread
//! (`group.rs`, `Account`).

use super::group::{Account, Write};
use super::rated::{rating_from, RATING_COLUMNS};
use super::GameRow;
use super::{name_key, Columns, HistoryRow, PlayerGames, PlayerRow, RatingRow, Sqlite, StoreError};
use rusqlite::OptionalExtension;

/// Accounts, their sessions and ratings, and their games: the store's part
/// that every feature's sign-in reads. A session is known by the SHA-256 of
/// its token (hex): the token itself is never stored.
pub trait AccountStore: Send + Sync + 'static {
    /// Stores a new account; `false` (and nothing stored) if a living
    /// account has the same name without regard to case.
    fn create_player(&self, player: &PlayerRow) -> Result<bool, StoreError>;
    /// The living account with this name (without regard to case).
    fn player_named(&self, name: &str) -> Result<Option<PlayerRow>, StoreError>;
    /// Every living account's name (for look-alike checks, which no index
    /// answers: a few bytes an account, read when a guest joins a
    /// tournament).
    fn player_names(&self) -> Result<Vec<String>, StoreError>;
    /// Stores a session of a living account, started at `created`, only if
    /// its stored password hash is still `password` (the one the sign-in
    /// checked): a password changed meanwhile ends every other session, so
    /// one started with the old password must not begin after it. `false`
    /// (nothing stored) if there is no living account with that hash.
    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        password: &str,
        created: i64,
    ) -> Result<bool, StoreError>;
    /// The account a session belongs to and when it started.
    fn session(&self, token_hash: &str) -> Result<Option<(PlayerRow, i64)>, StoreError>;
    /// Ends a session (nothing happens if there is none).
    fn delete_session(&self, token_hash: &str) -> Result<(), StoreError>;
    /// Replaces an account's password hash and ends every session of it but
    /// `keep`, in one transaction.
    fn set_password(&self, player: &str, password: &str, keep: &str) -> Result<(), StoreError>;
    /// Deletes an account: marked deleted, its password hash erased, its
    /// name free for others, its sessions ended. Its games and ratings stay.
    fn delete_player(&self, player: &str) -> Result<(), StoreError>;
    /// An account's ratings, by ruleset id.
    fn ratings(&self, player: &str) -> Result<Vec<RatingRow>, StoreError>;
    /// Stores (or replaces) an account's rating in one ruleset.
    fn save_rating(&self, player: &str, rating: &RatingRow) -> Result<(), StoreError>;

    // Accounts' games and rated games (see `store/rated.rs`). A rated
    // game's rating change is not a method: `save` and `append_move` apply
    // it in the transaction that stores the game's end.

    /// An account's games that pass `query`, with their move counts.
    fn player_games(
        &self,
        player: &str,
        query: &PlayerGames,
    ) -> Result<Vec<(GameRow, u32)>, StoreError>;
    /// An account's rating after each of its rated games, oldest first.
    fn rating_history(&self, player: &str) -> Result<Vec<HistoryRow>, StoreError>;
    /// The living accounts rated in `ruleset` since `since` (seconds since
    /// the epoch), highest rating first, with their rating rows (password
    /// hashes left empty).
    fn leaderboard(
        &self,
        ruleset: &str,
        since: i64,
    ) -> Result<Vec<(PlayerRow, RatingRow)>, StoreError>;
    /// An account by its id, living or deleted.
    fn player_by_id(&self, id: &str) -> Result<Option<PlayerRow>, StoreError>;
}

impl AccountStore for Sqlite {
    fn create_player(&self, player: &PlayerRow) -> Result<bool, StoreError> {
        match self.writer.write(Write::Account(Account::CreatePlayer(player.clone()))) {
            Ok(()) => Ok(true),
            // The unique name: taken if a living account has it now.
            Err(e) => match self.player_named(&player.name)? {
                Some(_) => Ok(false),
                None => Err(e),
            },
        }
    }

    fn player_named(&self, name: &str) -> Result<Option<PlayerRow>, StoreError> {
        self.player_where("name_key", &name_key(name))
    }

    fn player_names(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT name FROM players WHERE deleted = 0")?;
        let names = stmt.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(names)
    }

    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        password: &str,
        created: i64,
    ) -> Result<bool, StoreError> {
        match self.writer.write(Write::Account(Account::CreateSession {
            token_hash: token_hash.to_string(),
            player: player.to_string(),
            password: password.to_string(),
            created,
        })) {
            Ok(()) => Ok(true),
            Err(StoreError::NotFound(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    fn session(&self, token_hash: &str) -> Result<Option<(PlayerRow, i64)>, StoreError> {
        let conn = self.conn();
        let columns: Vec<String> = PLAYER_COLUMNS.split(", ").map(|c| format!("p.{c}")).collect();
        let found = conn
            .query_row(
                &format!(
                    "SELECT {}, s.created FROM sessions s JOIN players p ON p.id = s.player_id
                     WHERE s.token_hash = ?1 AND p.deleted = 0",
                    columns.join(", ")
                ),
                [token_hash],
                |r| Ok((player_from(r)?, r.get(5)?)),
            )
            .optional()?;
        Ok(found)
    }

    fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.writer.write(Write::Account(Account::DeleteSession(token_hash.to_string())))
    }

    fn set_password(&self, player: &str, password: &str, keep: &str) -> Result<(), StoreError> {
        self.writer.write(Write::Account(Account::SetPassword {
            player: player.to_string(),
            password: password.to_string(),
            keep: keep.to_string(),
        }))
    }

    fn delete_player(&self, player: &str) -> Result<(), StoreError> {
        self.writer.write(Write::Account(Account::DeletePlayer(player.to_string())))
    }

    fn ratings(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
        self.query_all(
            &format!("SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = ?1 ORDER BY ruleset"),
            [player],
            rating_from,
        )
    }

    fn save_rating(&self, player: &str, rating: &RatingRow) -> Result<(), StoreError> {
        self.writer.write(Write::Account(Account::SaveRating {
            player: player.to_string(),
            rating: rating.clone(),
        }))
    }

    fn player_games(
        &self,
        player: &str,
        query: &PlayerGames,
    ) -> Result<Vec<(GameRow, u32)>, StoreError> {
        self.player_games_sqlite(player, query)
    }

    fn rating_history(&self, player: &str) -> Result<Vec<HistoryRow>, StoreError> {
        self.rating_history_sqlite(player)
    }

    fn leaderboard(
        &self,
        ruleset: &str,
        since: i64,
    ) -> Result<Vec<(PlayerRow, RatingRow)>, StoreError> {
        self.leaderboard_sqlite(ruleset, since)
    }

    fn player_by_id(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        self.player_where("id", id)
    }
}

pub(super) const PLAYER_COLUMNS: &str = "id, name, password, created, deleted";

impl Sqlite {
    /// The account whose `column` is `value` (`id`, or `name_key`: then
    /// only a living one has it), if any.
    pub(super) fn player_where(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<PlayerRow>, StoreError> {
        self.query_one(
            &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE {column} = ?1"),
            [value],
            |r| player_from(r),
        )
    }
}

/// An account from a row of either store with the [`PLAYER_COLUMNS`].
pub(super) fn player_from<R: Columns>(r: &R) -> Result<PlayerRow, R::Error> {
    super::from_columns!(r => PlayerRow { id, name, password, created, deleted })
}
