//! Accounts in the store: the trait both stores implement, what both
//! implement alike (`account_methods!`), and the rest of SQLite's
//! implementation (PostgreSQL's is `pg/accounts.rs`). Their games and
//! ratings are read by `rated.rs`; SQLite's writes go through its writer
//! thread (`group.rs`, `Account`, or `Query::exec`).

use super::group::{Account, Write};
use super::rated::{history_from, leader_from, rating_from, HISTORY_COLUMNS, RATING_COLUMNS};
use super::{name_key, stored_unless, Columns, GameRow, HistoryRow, PlayerGames, PlayerRow};
use super::{Query, RatingRow, Sqlite, StoreError};
use rusqlite::OptionalExtension;

/// A session to store (`AccountStore::create_session`), named field by
/// field since three of them are text: the SHA-256 of its token (hex), the
/// account's id, the password hash the sign-in checked, and when it began
/// (seconds since the Unix epoch).
#[derive(Clone, Copy, Debug)]
pub struct NewSession<'a> {
    pub token_hash: &'a str,
    pub player: &'a str,
    pub password: &'a str,
    pub created: i64,
}

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
    fn create_session(&self, session: NewSession<'_>) -> Result<bool, StoreError>;
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

/// The [`AccountStore`] methods written once for both stores (here and
/// `pg/accounts.rs`), in SQL for both ([`Query`]).
macro_rules! account_methods {
    () => {
        fn player_named(&self, name: &str) -> Result<Option<PlayerRow>, StoreError> {
            self.find("players", PLAYER_COLUMNS, "name_key", &name_key(name), |r| player_from(r))
        }

        fn player_by_id(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
            self.find("players", PLAYER_COLUMNS, "id", id, |r| player_from(r))
        }

        fn create_session(&self, session: $crate::store::NewSession<'_>) -> Result<bool, StoreError> {
            let $crate::store::NewSession { token_hash, player, password, created } = session;
            // The password read here is the one every earlier change left:
            // in SQLite the writer is the only one; in PostgreSQL, FOR
            // SHARE: a password change in progress (its row locked) is
            // waited for, and the row is read again after it commits (so
            // the old hash no longer matches); a change that comes after
            // waits for this insert to commit, and then its delete of the
            // other sessions sees this one.
            let sql = format!(
                "INSERT INTO sessions (token_hash, player_id, created)
                 SELECT ?1, id, ?3 FROM players
                 WHERE id = ?2 AND NOT deleted AND password = ?4 {}",
                Self::SHARE_ROWS
            );
            Ok(self.exec(&sql, &[&token_hash, &player, &created, &password])? == 1)
        }

        fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
            self.exec("DELETE FROM sessions WHERE token_hash = ?1", &[&token_hash])?;
            Ok(())
        }

        fn ratings(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
            let sql = format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = ?1 ORDER BY ruleset {}",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&player], |r| rating_from(r))
        }

        fn rating_history(&self, player: &str) -> Result<Vec<HistoryRow>, StoreError> {
            let sql = format!(
                "SELECT {HISTORY_COLUMNS} FROM rating_history WHERE player_id = ?1
                 ORDER BY at, game_id {}",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&player], |r| history_from(r))
        }

        fn leaderboard(
            &self,
            ruleset: &str,
            since: i64,
        ) -> Result<Vec<(PlayerRow, RatingRow)>, StoreError> {
            let sql = format!(
                "SELECT r.ruleset, r.rating, r.deviation, r.volatility, r.games, r.won, r.drawn,
                     r.lost, r.rated, p.id, p.name, p.created
                 FROM ratings r JOIN players p ON p.id = r.player_id
                 WHERE r.ruleset = ?1 AND r.rated >= ?2 AND NOT p.deleted
                 ORDER BY r.rating DESC, p.name_key {}",
                Self::BYTE_ORDER
            );
            self.query(&sql, &[&ruleset, &since], |r| leader_from(r))
        }
    };
}
pub(super) use account_methods;

impl AccountStore for Sqlite {
    account_methods!();

    fn create_player(&self, player: &PlayerRow) -> Result<bool, StoreError> {
        let write = Write::Account(Account::CreatePlayer(player.clone()));
        // The unique name: taken if a living account has it now.
        stored_unless(self.writer.write(write), || Ok(self.player_named(&player.name)?.is_some()))
    }

    fn player_names(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT name FROM players WHERE deleted = 0")?;
        let names = stmt.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(names)
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
}

pub(super) const PLAYER_COLUMNS: &str = "id, name, password, created, deleted";

/// An account from a row of either store with the [`PLAYER_COLUMNS`].
pub(super) fn player_from<R: Columns>(r: &R) -> Result<PlayerRow, R::Error> {
    super::from_columns!(r => PlayerRow { id, name, password, created, deleted })
}
