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
    /// The account that published it, if signed in.
    pub author: Option<String>,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// `win`, `draw` or `loss` for the side to move, as proven.
    pub value: String,
    /// The key and the proof's line, pit letters separated by spaces.
    pub line: String,
    /// The first moves that keep the value, pit letters separated by spaces.
    pub keeping: String,
    /// Where it is solved like a puzzle: its kind and starting rating.
    pub kind: Option<String>,
    pub rating: Option<i32>,
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
    crate::store::unsupported! { "this store keeps no compositions";
        /// Stores a proven composition; nothing if one with its id exists.
        fn create_composition(&self, row: &CompositionRow) -> Result<(), StoreError>;
        /// The composition with this id.
        fn composition(&self, id: &str) -> Result<Option<CompositionRow>, StoreError>;
        /// A game's compositions (at most [`LIST_LIMIT`]), with how many
        /// players solved each.
        fn compositions(&self, ruleset: &str, order: CompositionOrder)
            -> Result<Vec<ListedComposition>, StoreError>;
    }
}

/// The [`CompositionStore`], written once for both stores (`sqlite.rs`,
/// `pg.rs`) in SQL for both (`crate::store::Query`).
macro_rules! composition_methods {
    () => {
        fn compositions(
            &self,
            ruleset: &str,
            order: CompositionOrder,
        ) -> Result<Vec<ListedComposition>, StoreError> {
            let sql = format!(
                "SELECT {COLUMNS}, COALESCE(r.solved, 0) AS solved FROM compositions c
                 LEFT JOIN puzzle_ratings r ON r.puzzle_id = c.id
                 WHERE c.ruleset = ?1 ORDER BY {} LIMIT ?2",
                order_by(order)
            );
            self.query(&sql, &[&ruleset, &LIST_LIMIT], |r| Ok((row_from(r)?, r.count(13)?)))
        }

        fn composition(&self, id: &str) -> Result<Option<CompositionRow>, StoreError> {
            self.find("compositions c", COLUMNS, "c.id", id, |r| row_from(r))
        }

        fn create_composition(&self, c: &CompositionRow) -> Result<(), StoreError> {
            self.exec(
                "INSERT INTO compositions (id, ruleset, position, title, composer, comment, value,
                     line, keeping, kind, rating, author, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
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
        }
    };
}
pub(super) use composition_methods;
