//! Where compositions are kept: their row, and the trait both stores
//! implement (`sqlite.rs`, `pg.rs`).

use crate::store::{from_columns, Columns, StoreError};

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

pub(super) const COLUMNS: &str = "c.id, c.ruleset, c.position, c.title, c.composer, c.comment, \
    c.value, c.line, c.keeping, c.kind, c.rating, c.author, c.created";

/// A composition from a row of either store with the [`COLUMNS`].
pub(super) fn row_from<R: Columns>(r: &R) -> Result<CompositionRow, R::Error> {
    from_columns!(r => CompositionRow {
        id, ruleset, position, title, composer, comment, value, line, keeping, kind, rating, author,
        created
    })
}

/// The `ORDER BY` of a list.
pub(super) fn order_by(order: CompositionOrder) -> &'static str {
    match order {
        CompositionOrder::Newest => "c.created DESC, c.id",
        CompositionOrder::MostSolved => "solved DESC, c.created DESC, c.id",
    }
}

/// The most a list holds.
pub const LIST_LIMIT: i64 = 100;

/// The compositions' part of the store. A store without them (one made for
/// a test) says so: each method's default answers `Unsupported`.
pub trait CompositionStore {
    /// Stores a proven composition; nothing if one with its id exists.
    fn create_composition(&self, _row: &CompositionRow) -> Result<(), StoreError> {
        Err(StoreError::Unsupported("this store keeps no compositions"))
    }
    /// The composition with this id.
    fn composition(&self, _id: &str) -> Result<Option<CompositionRow>, StoreError> {
        Err(StoreError::Unsupported("this store keeps no compositions"))
    }
    /// A game's compositions (at most [`LIST_LIMIT`]), with how many
    /// players solved each.
    fn compositions(
        &self,
        _ruleset: &str,
        _order: CompositionOrder,
    ) -> Result<Vec<ListedComposition>, StoreError> {
        Err(StoreError::Unsupported("this store keeps no compositions"))
    }
}

/// The [`CompositionStore`] reads, the same in both stores (`sqlite.rs`,
/// `pg.rs`): each asks the store's own `composition_row` or
/// `composition_list`.
macro_rules! composition_reads {
    () => {
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
    };
}
pub(super) use composition_reads;
