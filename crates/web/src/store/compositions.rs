//! Compositions: positions players publish after the solver proved them
//! (SQLite; PostgreSQL in `pg/compositions.rs`). One table, made by
//! migration 10 (`schema.rs`). How often one was solved is its puzzle
//! rating's count (`puzzle_ratings`, keyed by the same id).

use super::{Sqlite, StoreError};
use rusqlite::{params, Connection, OptionalExtension};

/// A published composition, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompositionRow {
    /// `comp-` and a hash of the ruleset and the position: one composition
    /// a position.
    pub id: String,
    pub ruleset: String,
    /// The one-line notation.
    pub position: String,
    pub title: String,
    pub composer: String,
    pub comment: String,
    /// `win`, `draw` or `loss` for the side to move, as proven.
    pub value: String,
    /// The key and the proof's line, pit letters separated by spaces.
    pub line: String,
    /// The first moves that keep the value, pit letters separated by spaces.
    pub keeping: String,
    /// Where it is solved like a puzzle: its kind and starting rating.
    pub kind: Option<String>,
    pub rating: Option<i32>,
    /// The account that published it, if signed in.
    pub author: Option<String>,
    /// Seconds since the Unix epoch.
    pub created: i64,
}

/// How a list of compositions is ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompositionOrder {
    Newest,
    MostSolved,
}

/// A composition as listed, with how many players solved it (first tries).
pub type ListedComposition = (CompositionRow, u32);

pub(crate) const COLUMNS: &str = "c.id, c.ruleset, c.position, c.title, c.composer, c.comment, \
    c.value, c.line, c.keeping, c.kind, c.rating, c.author, c.created";

/// The `ORDER BY` of a list.
pub(crate) fn order_by(order: CompositionOrder) -> &'static str {
    match order {
        CompositionOrder::Newest => "c.created DESC, c.id",
        CompositionOrder::MostSolved => "solved DESC, c.created DESC, c.id",
    }
}

/// The most a list holds.
pub const LIST_LIMIT: i64 = 100;

fn row_from(r: &rusqlite::Row<'_>) -> rusqlite::Result<CompositionRow> {
    Ok(CompositionRow {
        id: r.get(0)?,
        ruleset: r.get(1)?,
        position: r.get(2)?,
        title: r.get(3)?,
        composer: r.get(4)?,
        comment: r.get(5)?,
        value: r.get(6)?,
        line: r.get(7)?,
        keeping: r.get(8)?,
        kind: r.get(9)?,
        rating: r.get(10)?,
        author: r.get(11)?,
        created: r.get(12)?,
    })
}

/// Stores a composition, in the writer's transaction; nothing if one with
/// its id is there already.
pub(super) fn apply_create(conn: &Connection, c: &CompositionRow) -> Result<(), StoreError> {
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
    pub(super) fn composition_row(&self, id: &str) -> Result<Option<CompositionRow>, StoreError> {
        let conn = self.conn();
        Ok(conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM compositions c WHERE c.id = ?1"),
                [id],
                row_from,
            )
            .optional()?)
    }

    pub(super) fn composition_list(
        &self,
        ruleset: &str,
        order: CompositionOrder,
    ) -> Result<Vec<ListedComposition>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT {COLUMNS}, COALESCE(r.solved, 0) AS solved FROM compositions c
             LEFT JOIN puzzle_ratings r ON r.puzzle_id = c.id
             WHERE c.ruleset = ?1 ORDER BY {} LIMIT ?2",
            order_by(order)
        ))?;
        let rows = stmt
            .query_map(params![ruleset, LIST_LIMIT], |r| Ok((row_from(r)?, r.get::<_, u32>(13)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}
