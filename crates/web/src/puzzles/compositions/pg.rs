//! Compositions on PostgreSQL (see `sqlite.rs`).

use super::store::{order_by, CompositionOrder, CompositionRow, CompositionStore};
use super::store::{ListedComposition, COLUMNS, LIST_LIMIT};
use crate::store::{count, Failure, Postgres, StoreError};
use postgres::Row;

fn row_from(r: &Row) -> Result<CompositionRow, Failure> {
    Ok(CompositionRow {
        id: r.try_get(0)?,
        ruleset: r.try_get(1)?,
        position: r.try_get(2)?,
        title: r.try_get(3)?,
        composer: r.try_get(4)?,
        comment: r.try_get(5)?,
        value: r.try_get(6)?,
        line: r.try_get(7)?,
        keeping: r.try_get(8)?,
        kind: r.try_get(9)?,
        rating: r.try_get(10)?,
        author: r.try_get(11)?,
        created: r.try_get(12)?,
    })
}

impl Postgres {
    fn create_composition_row(&self, c: &CompositionRow) -> Result<(), StoreError> {
        self.run(|client| {
            client.execute(
                "INSERT INTO compositions (id, ruleset, position, title, composer, comment,
                     value, line, keeping, kind, rating, author, created)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                 ON CONFLICT (id) DO NOTHING",
                &[
                    &c.id,
                    &c.ruleset,
                    &c.position,
                    &c.title,
                    &c.composer,
                    &c.comment,
                    &c.value,
                    &c.line,
                    &c.keeping,
                    &c.kind,
                    &c.rating,
                    &c.author,
                    &c.created,
                ],
            )?;
            Ok(())
        })
    }

    fn composition_row(&self, id: &str) -> Result<Option<CompositionRow>, StoreError> {
        self.run(|c| {
            c.query_opt(&format!("SELECT {COLUMNS} FROM compositions c WHERE c.id = $1"), &[&id])?
                .map(|r| row_from(&r))
                .transpose()
        })
    }

    fn composition_list(
        &self,
        ruleset: &str,
        order: CompositionOrder,
    ) -> Result<Vec<ListedComposition>, StoreError> {
        self.run(|c| {
            c.query(
                &format!(
                    "SELECT {COLUMNS}, COALESCE(r.solved, 0) AS solved FROM compositions c
                     LEFT JOIN puzzle_ratings r ON r.puzzle_id = c.id
                     WHERE c.ruleset = $1 ORDER BY {} LIMIT $2",
                    order_by(order)
                ),
                &[&ruleset, &LIST_LIMIT],
            )?
            .iter()
            .map(|r| Ok((row_from(r)?, count(r, 13)?)))
            .collect()
        })
    }
}

impl CompositionStore for Postgres {
    fn create_composition(&self, row: &CompositionRow) -> Result<(), StoreError> {
        self.create_composition_row(row)
    }

    fn composition(&self, id: &str) -> Result<Option<CompositionRow>, StoreError> {
        self.composition_row(id)
    }

    fn compositions(
        &self,
        ruleset: &str,
        order: CompositionOrder,
    ) -> Result<Vec<ListedComposition>, StoreError> {
        self.composition_list(ruleset, order)
    }
}
