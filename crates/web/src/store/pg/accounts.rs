//! Accounts on PostgreSQL: the same contract as the SQLite store's
//! (`store/accounts.rs`).

use super::{delete_account, rated, Failure, Postgres};
use crate::store::accounts::{account_methods, player_from, PLAYER_COLUMNS};
use crate::store::rated::{history_from, leader_from, rating_from, save_rating};
use crate::store::rated::{HISTORY_COLUMNS, RATING_COLUMNS};
use crate::store::{
    name_key, AccountStore, GameRow, HistoryRow, PlayerGames, PlayerRow, Query, RatingRow,
    StoreError,
};

impl AccountStore for Postgres {
    account_methods!();

    fn create_player(&self, p: &PlayerRow) -> Result<bool, StoreError> {
        let key = name_key(&p.name);
        let inserted = self.run(|c| {
            // ON CONFLICT DO NOTHING: a taken name is an answer, not an
            // error (and aborts no transaction).
            Ok(c.execute(
                "INSERT INTO players (id, name, name_key, password, created, deleted)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
                &[&p.id, &p.name, &key, &p.password, &p.created, &p.deleted],
            )?)
        })?;
        Ok(inserted == 1)
    }

    fn player_names(&self) -> Result<Vec<String>, StoreError> {
        self.run(|c| {
            c.query("SELECT name FROM players WHERE NOT deleted", &[])?
                .iter()
                .map(|r| Ok(r.try_get(0)?))
                .collect()
        })
    }

    fn session(&self, token_hash: &str) -> Result<Option<(PlayerRow, i64)>, StoreError> {
        self.run(|c| {
            c.query_opt(
                "SELECT p.id, p.name, p.password, p.created, p.deleted, s.created AS started
                 FROM sessions s JOIN players p ON p.id = s.player_id
                 WHERE s.token_hash = $1 AND NOT p.deleted",
                &[&token_hash],
            )?
            .map(|r| Ok((player_from(&r)?, r.try_get("started")?)))
            .transpose()
        })
    }

    fn set_password(&self, player: &str, password: &str, keep: &str) -> Result<(), StoreError> {
        self.transaction(|tx| {
            let n = tx.execute(
                "UPDATE players SET password = $2 WHERE id = $1 AND NOT deleted",
                &[&player, &password],
            )?;
            if n != 1 {
                return Err(Failure::Data(format!("no living account {player}")));
            }
            tx.execute(
                "DELETE FROM sessions WHERE player_id = $1 AND token_hash <> $2",
                &[&player, &keep],
            )?;
            Ok(())
        })
    }

    fn delete_player(&self, player: &str) -> Result<(), StoreError> {
        self.transaction(|tx| delete_account(tx, player))
    }

    fn save_rating(&self, player: &str, r: &RatingRow) -> Result<(), StoreError> {
        self.run(|c| save_rating(c, player, r))
    }
    fn player_games(
        &self,
        player: &str,
        query: &PlayerGames,
    ) -> Result<Vec<(GameRow, u32)>, StoreError> {
        self.run(|c| rated::player_games(c, &self.sql.player_games, player, query))
    }
}
