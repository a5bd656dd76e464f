//! Compositions: positions players publish after the solver proved them
//! (SQLite; PostgreSQL in `pg.rs`). One table, made by
//! migration 10 (`schema.rs`). How often one was solved is its puzzle
//! rating's count (`puzzle_ratings`, keyed by the same id).

use super::store::{order_by, row_from, CompositionOrder, CompositionRow, CompositionStore};
use super::store::{ListedComposition, COLUMNS, LIST_LIMIT};
use crate::store::{Columns, Query, Sqlite, StoreError};

impl CompositionStore for Sqlite {
    super::store::composition_methods!();
}
