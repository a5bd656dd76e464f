//! Accounts' games and rated games on PostgreSQL: the same columns, tables
//! and exactly-once rating change as the SQLite store's (`store/rated.rs`,
//! which explains them).
//!
//! Two games of one player may end at once on two connections: the
//! players' rows are locked (in id order, so two such transactions cannot
//! deadlock) before their ratings are read, so neither change is lost. The
//! game's own row is locked already by the update of its header.

use super::super::rated::{rating_from, record_settlement, DELETED_PLAYER, RATING_COLUMNS};
use super::{game_with_plies, Failure, GameRow, PlayerGames};
use crate::store::Status;
use postgres::{Client, Transaction};

// The columns and tables are migration 4 in `schema.rs`.

/// Applies a rated game's rating change in the transaction that has just
/// stored `row`, unless it was applied before.
pub(super) fn settle(tx: &mut Transaction<'_>, row: &GameRow) -> Result<(), Failure> {
    if row.status != Status::Finished {
        return Ok(());
    }
    let Some((south, north)) = crate::rated::rated_players(row) else { return Ok(()) };
    let done: bool = tx
        .query_one("SELECT EXISTS (SELECT 1 FROM rating_history WHERE game_id = $1)", &[&row.id])?
        .try_get(0)?;
    if done {
        return Ok(());
    }
    let mut ids = [south, north];
    ids.sort_unstable();
    tx.execute(
        "SELECT id FROM players WHERE id = ANY($1) ORDER BY id COLLATE \"C\" FOR UPDATE",
        &[&ids.as_slice()],
    )?;
    let moves = tx
        .query("SELECT move FROM moves WHERE game_id = $1 ORDER BY ply", &[&row.id])?
        .iter()
        .map(|r| r.try_get(0))
        .collect::<Result<Vec<String>, _>>()?;
    let mut stored = [None, None];
    for (slot, player) in stored.iter_mut().zip([south, north]) {
        *slot = tx
            .query_opt(
                &format!(
                    "SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = $1 AND ruleset = $2"
                ),
                &[&player, &row.ruleset],
            )?
            .map(|r| rating_from(&r))
            .transpose()?;
    }
    let pair_today: i64 = tx
        .query_one(
            "SELECT COUNT(*) FROM rating_history h JOIN games g ON g.id = h.game_id
             WHERE h.player_id = $1 AND h.at > $3
             AND ((g.south_player = $1 AND g.north_player = $2)
                  OR (g.south_player = $2 AND g.north_player = $1))",
            &[&south, &north, &crate::rated::pair_since(row.updated)],
        )?
        .try_get(0)?;
    let stored = [stored[0].as_ref(), stored[1].as_ref()];
    let pair_today = u32::try_from(pair_today).unwrap_or(u32::MAX);
    match crate::rated::settle(row, &moves, stored, pair_today).map_err(Failure::Data)? {
        Some(settled) => record_settlement(tx, row, &settled),
        None => Ok(()),
    }
}

/// Marks a deleted account's seats (see `store/rated.rs`).
pub(super) fn forget_names(tx: &mut Transaction<'_>, player: &str) -> Result<(), Failure> {
    tx.execute(
        "UPDATE games SET south_name = $2 WHERE south_player = $1",
        &[&player, &DELETED_PLAYER],
    )?;
    tx.execute(
        "UPDATE games SET north_name = $2 WHERE north_player = $1",
        &[&player, &DELETED_PLAYER],
    )?;
    Ok(())
}

/// The statement of [`player_games`], given the games' columns (prefixed
/// `g.`).
pub(super) fn player_games_sql(columns: &str) -> String {
    format!(
        "SELECT {columns}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies
         FROM games g WHERE (g.south_player = $1 OR g.north_player = $1)
         AND g.status = $2
         AND ($3::text IS NULL OR (g.south_player = $1 AND g.north_player = $3)
              OR (g.north_player = $1 AND g.south_player = $3))
         AND (NOT $4 OR g.rated)
         ORDER BY g.updated DESC, g.id COLLATE \"C\" LIMIT $5 OFFSET $6"
    )
}

pub(super) fn player_games(
    c: &mut Client,
    sql: &str,
    player: &str,
    q: &PlayerGames,
) -> Result<Vec<(GameRow, u32)>, Failure> {
    let status = if q.active { Status::Active } else { Status::Finished };
    let (limit, offset) = (i64::from(q.limit), i64::from(q.offset));
    c.query(sql, &[&player, &status.id(), &q.opponent, &q.rated_only, &limit, &offset])?
        .iter()
        .map(game_with_plies)
        .collect()
}
