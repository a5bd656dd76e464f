//! The learned tables we ship, one module per ruleset, each written by
//! `mancala tune fit` (docs/ai.md, "The learned evaluation").

mod anywoli;
mod barbados_warri_speightstown;
mod oware_abapa;
mod wahree;

pub use anywoli::ANYWOLI;
pub use barbados_warri_speightstown::BARBADOS_WARRI_SPEIGHTSTOWN;
pub use oware_abapa::OWARE_ABAPA;
pub use wahree::WAHREE;
