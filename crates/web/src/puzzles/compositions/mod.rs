//! Compositions: positions players publish as puzzles once the solver has
//! proved them, listed by game, solved on the puzzle pages' board.
//!
//! - `api.rs`: the HTTP API (`/api/compositions...`), which proves a
//!   position before it is stored;
//! - `pages.rs`: the pages (`/compositions...`);
//! - `store.rs`: the stored row and [`CompositionStore`], kept by
//!   `sqlite.rs` and `pg.rs`.

pub mod api;
pub mod pages;
mod pg;
mod sqlite;
mod store;

pub use store::{
    CompositionOrder, CompositionRow, CompositionStore, ListedComposition, LIST_LIMIT,
};
