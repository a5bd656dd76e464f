//! Accounts on PostgreSQL: the same contract as the SQLite store's
//! (`store/accounts.rs`).

use super::{delete_account, rated, Failure, Postgres};
use crate::store::accounts::{player_from, PLAYER_COLUMNS};
use crate::store::{
    name_key, AccountStore, GameRow, HistoryRow, PlayerGames, PlayerRow, RatingRow, StoreError,
};

impl AccountStore for Postgres {
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

    fn player_named(&self, name: &str) -> Result<Option<PlayerRow>, StoreError> {
        self.player_where("name_key", &name_key(name))
    }

    fn player_names(&self) -> Result<Vec<String>, StoreError> {
        self.run(|c| {
            c.query("SELECT name FROM players WHERE NOT deleted", &[])?
                .iter()
                .map(|r| Ok(r.try_get(0)?))
                .collect()
        })
    }

    fn create_session(
        &self,
        token_hash: &str,
        player: &str,
        password: &str,
        created: i64,
    ) -> Result<bool, StoreError> {
        // FOR SHARE: a password change in progress (its row locked) is
        // waited for, and the row is read again after it commits (so the
        // old hash no longer matches); a change that comes after waits for
        // this insert to commit, and then its delete of the other sessions
        // sees this one.
        let n = self.run(|c| {
            Ok(c.execute(
                "INSERT INTO sessions (token_hash, player_id, created)
                 SELECT $1, id, $3 FROM players
                 WHERE id = $2 AND NOT deleted AND password = $4 FOR SHARE",
                &[&token_hash, &player, &created, &password],
            )?)
        })?;
        Ok(n == 1)
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

    fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.run(|c| {
            c.execute("DELETE FROM sessions WHERE token_hash = $1", &[&token_hash])?;
            Ok(())
        })
    }

    fn set_password(&self, player: &str, password: &str, keep: &str) -> Result<(), StoreError> {
        self.run(|c| {
            let mut tx = c.transaction()?;
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
            tx.commit()?;
            Ok(())
        })
    }

    fn delete_player(&self, player: &str) -> Result<(), StoreError> {
        self.run(|c| {
            let mut tx = c.transaction()?;
            delete_account(&mut tx, player)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn ratings(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
        self.query_all(
            &format!(
                "SELECT {} FROM ratings WHERE player_id = $1 ORDER BY ruleset COLLATE \"C\"",
                rated::RATING_COLUMNS
            ),
            &[&player],
            rated::rating_row,
        )
    }

    fn save_rating(&self, player: &str, r: &RatingRow) -> Result<(), StoreError> {
        self.run(|c| Ok(rated::save_rating(c, player, r)?))
    }
    fn player_games(
        &self,
        player: &str,
        query: &PlayerGames,
    ) -> Result<Vec<(GameRow, u32)>, StoreError> {
        self.run(|c| rated::player_games(c, &self.sql.player_games, player, query))
    }

    fn rating_history(&self, player: &str) -> Result<Vec<HistoryRow>, StoreError> {
        self.run(|c| rated::rating_history(c, player))
    }

    fn leaderboard(
        &self,
        ruleset: &str,
        since: i64,
    ) -> Result<Vec<(PlayerRow, RatingRow)>, StoreError> {
        self.run(|c| rated::leaderboard(c, ruleset, since))
    }

    fn player_by_id(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        self.player_where("id", id)
    }
}

impl Postgres {
    /// The account whose `column` is `value` (`id`, or `name_key`: then
    /// only a living one has it), if any.
    fn player_where(&self, column: &str, value: &str) -> Result<Option<PlayerRow>, StoreError> {
        self.query_one(
            &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE {column} = $1"),
            &[&value],
            player_from,
        )
    }
}
