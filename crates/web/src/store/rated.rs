//! Storage of accounts' games and rated games, SQLite side (PostgreSQL's is
//! in `pg/rated.rs`): the games' account columns, the rating history, and
//! the rating change applied in the transaction that stores a game's end.
//!
//! Exactly once: the change is written in the same transaction as the
//! game's finished header, and only if the game has no history rows yet
//! (one per player, keyed by game and player). So a crash before the commit
//! leaves neither the end nor the change, one after it leaves both, and a
//! header saved again later (a rematch named on it) changes nothing.

use super::{game_with_plies, Columns, Db, GameRow, HistoryRow, PlayerGames, RatingRow, Sqlite};
use super::{PlayerRow, Status, StoreError, COLUMNS};
use crate::rated::Settlement;
use rusqlite::{params, Connection, OptionalExtension};

// The columns and tables are migration 4 in `schema.rs`.

/// The name a deleted account's seats show.
pub const DELETED_PLAYER: &str = "deleted player";

/// Stores (or replaces) an account's rating in one ruleset, in the
/// caller's transaction (either store's).
pub(super) fn save_rating<D: Db>(mut db: D, player: &str, r: &RatingRow) -> Result<(), D::Failure> {
    let counts = [r.games, r.won, r.drawn, r.lost].map(i64::from);
    db.exec(
        "INSERT INTO ratings (player_id, ruleset, rating, deviation, volatility,
             games, won, drawn, lost, rated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (player_id, ruleset) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = excluded.games, won = excluded.won, drawn = excluded.drawn,
             lost = excluded.lost, rated = excluded.rated",
        &[
            &player,
            &r.ruleset,
            &r.rating,
            &r.deviation,
            &r.volatility,
            &counts[0],
            &counts[1],
            &counts[2],
            &counts[3],
            &r.rated,
        ],
    )?;
    Ok(())
}

/// Stores a rated game's rating changes, each player's new rating and its
/// history row, in the transaction that stores the game's end (either
/// store's).
pub(super) fn record_settlement<D: Db>(
    mut db: D,
    row: &GameRow,
    settled: &Settlement,
) -> Result<(), D::Failure> {
    for ((player, rating), before) in settled.players.iter().zip(&settled.before) {
        save_rating(&mut db, player, rating)?;
        db.exec(
            "INSERT INTO rating_history (game_id, player_id, ruleset, rating, deviation,
                 volatility, change, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            &[
                &row.id,
                player,
                &rating.ruleset,
                &rating.rating,
                &rating.deviation,
                &rating.volatility,
                &(rating.rating - before.rating),
                &rating.rated,
            ],
        )?;
    }
    Ok(())
}

fn rating_of(
    conn: &Connection,
    player: &str,
    ruleset: &str,
) -> rusqlite::Result<Option<RatingRow>> {
    conn.query_row(
        &format!("SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = ?1 AND ruleset = ?2"),
        [player, ruleset],
        |r| rating_from(r),
    )
    .optional()
}

/// The columns of a rating row, as [`rating_from`] reads them.
pub(super) const RATING_COLUMNS: &str =
    "ruleset, rating, deviation, volatility, games, won, drawn, lost, rated";

/// A rating row from a row of either store with the [`RATING_COLUMNS`].
pub(super) fn rating_from<R: Columns>(r: &R) -> Result<RatingRow, R::Error> {
    super::from_columns!(r => RatingRow {
        ruleset, rating, deviation, volatility, games: count, won: count, drawn: count,
        lost: count, rated
    })
}

/// A row of the leaderboard (see `leaderboard`'s statements), from either
/// store: the rating first, then the account's id, name and creation (its
/// password hash left empty).
pub(super) fn leader_from<R: Columns>(r: &R) -> Result<(PlayerRow, RatingRow), R::Error> {
    let player = PlayerRow {
        id: r.at(9)?,
        name: r.at(10)?,
        password: String::new(),
        created: r.at(11)?,
        deleted: false,
    };
    Ok((player, rating_from(r)?))
}

/// The columns of a rating history row, as [`history_from`] reads them.
pub(super) const HISTORY_COLUMNS: &str =
    "game_id, ruleset, rating, deviation, volatility, change, at";

/// A rating history row from a row of either store with the
/// [`HISTORY_COLUMNS`].
pub(super) fn history_from<R: super::Columns>(r: &R) -> Result<HistoryRow, R::Error> {
    super::from_columns!(r => HistoryRow {
        game, ruleset, rating, deviation, volatility, change, at
    })
}

/// Applies a rated game's rating change, in the transaction (or savepoint)
/// open on `conn` that has just stored `row`, unless it was applied before.
pub(super) fn settle(conn: &Connection, row: &GameRow) -> Result<(), StoreError> {
    if row.status != Status::Finished {
        return Ok(());
    }
    let Some((south, north)) = crate::rated::rated_players(row) else { return Ok(()) };
    let done: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM rating_history WHERE game_id = ?1)",
        [&row.id],
        |r| r.get(0),
    )?;
    if done {
        return Ok(());
    }
    let mut stmt = conn.prepare("SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let moves = stmt.query_map([&row.id], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
    let stored = [rating_of(conn, south, &row.ruleset)?, rating_of(conn, north, &row.ruleset)?];
    let pair_today: u32 = conn.query_row(
        "SELECT COUNT(*) FROM rating_history h JOIN games g ON g.id = h.game_id
         WHERE h.player_id = ?1 AND h.at > ?3
         AND ((g.south_player = ?1 AND g.north_player = ?2)
              OR (g.south_player = ?2 AND g.north_player = ?1))",
        params![south, north, crate::rated::pair_since(row.updated)],
        |r| r.get(0),
    )?;
    let stored = [stored[0].as_ref(), stored[1].as_ref()];
    match crate::rated::settle(row, &moves, stored, pair_today).map_err(StoreError::Failed)? {
        Some(settled) => Ok(record_settlement(conn, row, &settled)?),
        None => Ok(()),
    }
}

/// Marks a deleted account's seats: its games stay, under
/// [`DELETED_PLAYER`].
pub(super) fn forget_names(conn: &Connection, player: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE games SET south_name = ?2 WHERE south_player = ?1",
        [player, DELETED_PLAYER],
    )?;
    conn.execute(
        "UPDATE games SET north_name = ?2 WHERE north_player = ?1",
        [player, DELETED_PLAYER],
    )?;
    Ok(())
}

impl Sqlite {
    pub(super) fn player_games_sqlite(
        &self,
        player: &str,
        q: &PlayerGames,
    ) -> Result<Vec<(GameRow, u32)>, StoreError> {
        let conn = self.conn();
        let columns: Vec<String> = COLUMNS.split(", ").map(|c| format!("g.{c}")).collect();
        let status = if q.active { Status::Active } else { Status::Finished };
        let mut stmt = conn.prepare(&format!(
            "SELECT {}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM games g WHERE (g.south_player = ?1 OR g.north_player = ?1)
             AND g.status = ?2
             AND (?3 IS NULL OR (g.south_player = ?1 AND g.north_player = ?3)
                  OR (g.north_player = ?1 AND g.south_player = ?3))
             AND (?4 = 0 OR g.rated = 1)
             ORDER BY g.updated DESC, g.id LIMIT ?5 OFFSET ?6",
            columns.join(", ")
        ))?;
        let rows = stmt
            .query_map(
                params![player, status.id(), q.opponent, q.rated_only, q.limit, q.offset],
                |r| game_with_plies(r),
            )?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}
