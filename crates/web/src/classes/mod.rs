//! Classes: a teacher's class, its pupils (accounts without passwords,
//! known by a first name and a pupil code), what they have done, and the
//! class tournament.
//!
//! The feature's parts:
//! - `api.rs`: the HTTP API (`/api/classes...`) and the log of pupils seen;
//! - `pages.rs`: the pages (`/classes...`) and `classes.js`, their script;
//! - `store.rs`: the stored rows and [`ClassStore`], the feature's part of
//!   the store, kept by `sqlite.rs` and `pg.rs`.
//!
//! Their interface texts are in `i18n/classes.rs`; the teacher's guide is
//! `docs/classes.md`.

pub mod api;
pub mod pages;
mod pg;
mod sqlite;
mod store;

pub use store::{pupil_key, ClassRow, ClassStore, Progress, PupilRow};

/// The classes' pages' script.
pub static SCRIPT: crate::assets::Asset =
    crate::assets::Asset::script("classes", include_bytes!("classes.js"));
