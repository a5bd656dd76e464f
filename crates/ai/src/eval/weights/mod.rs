//! The learned tables we ship, one module per ruleset, each written by
//! `mancala tune fit` (docs/ai.md, "The learned evaluation").

mod oware_abapa;

pub use oware_abapa::OWARE_ABAPA;
