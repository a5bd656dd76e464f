//! Compositions on PostgreSQL (see `sqlite.rs`).

use super::store::{order_by, row_from, CompositionOrder, CompositionRow, CompositionStore};
use super::store::{ListedComposition, COLUMNS, LIST_LIMIT};
use crate::store::{count, Postgres, StoreError};

impl Postgres {
    fn composition_row(&self, id: &str) -> Result<Option<CompositionRow>, StoreError> {
        self.query_one(
            &format!("SELECT {COLUMNS} FROM compositions c WHERE c.id = $1"),
            &[&id],
            row_from,
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
                 WHERE c.ruleset = $1 ORDER BY {} LIMIT $2",
                order_by(order)
            ),
            &[&ruleset, &LIST_LIMIT],
            |r| Ok((row_from(r)?, count(r, 13)?)),
        )
    }
}

impl CompositionStore for Postgres {
    super::store::composition_reads!();

    fn create_composition(&self, c: &CompositionRow) -> Result<(), StoreError> {
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
}
