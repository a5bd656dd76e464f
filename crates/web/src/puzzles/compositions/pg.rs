//! Compositions on PostgreSQL (see `sqlite.rs`).

use super::store::{order_by, row_from, CompositionOrder, CompositionRow, CompositionStore};
use super::store::{ListedComposition, COLUMNS, LIST_LIMIT};
use crate::store::{Columns, Postgres, Query, StoreError};

impl CompositionStore for Postgres {
    super::store::composition_methods!();
}
