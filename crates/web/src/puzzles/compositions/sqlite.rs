//! Compositions: positions players publish after the solver proved them
//! (SQLite; PostgreSQL in `pg.rs`). One table, made by
//! migration 10 (`schema.rs`). How often one was solved is its puzzle
//! rating's count (`puzzle_ratings`, keyed by the same id).

use super::store::{order_by, row_from, CompositionOrder, CompositionRow, CompositionStore};
use super::store::{ListedComposition, COLUMNS, LIST_LIMIT};
use crate::store::{Apply, Sqlite, StoreError};
use rusqlite::{params, Connection};

/// Stores a composition, in the writer's transaction; nothing if one with
/// its id is there already.
/// A new composition, run by the writer thread.
struct Create(CompositionRow);

impl Apply for Create {
    fn apply(&self, conn: &Connection) -> Result<(), StoreError> {
        apply_create(conn, &self.0)
    }
}

fn apply_create(conn: &Connection, c: &CompositionRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO compositions (id, ruleset, position, title, composer, comment, value, line,
             keeping, kind, rating, author, created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
         ON CONFLICT (id) DO NOTHING",
        params![
            c.id, c.ruleset, c.position, c.title, c.composer, c.comment, c.value, c.line,
            c.keeping, c.kind, c.rating, c.author, c.created
        ],
    )?;
    Ok(())
}

impl Sqlite {
    fn composition_row(&self, id: &str) -> Result<Option<CompositionRow>, StoreError> {
        self.query_one(
            &format!("SELECT {COLUMNS} FROM compositions c WHERE c.id = ?1"),
            [id],
            |r| row_from(r),
        )
    }

    fn composition_list(
        &self,
        ruleset: &str,
        order: CompositionOrder,
    ) -> Result<Vec<ListedComposition>, StoreError> {
        self.query_all(
            &format!(
                "SELECT {COLUMNS}, COALESCE(r.solved, 0) AS solved FROM compositions c
                 LEFT JOIN puzzle_ratings r ON r.puzzle_id = c.id
                 WHERE c.ruleset = ?1 ORDER BY {} LIMIT ?2",
                order_by(order)
            ),
            params![ruleset, LIST_LIMIT],
            |r| Ok((row_from(r)?, r.get::<_, u32>(13)?)),
        )
    }
}

impl CompositionStore for Sqlite {
    super::store::composition_reads!();

    fn create_composition(&self, row: &CompositionRow) -> Result<(), StoreError> {
        self.write(Create(row.clone()))
    }
}
