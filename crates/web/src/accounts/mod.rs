//! Accounts and ratings: registering, signing in and out, passwords, deleting
//! an account (`api.rs`), and the account page, players' pages with their
//! ratings and games, and the leaderboards (`pages.rs`).
//!
//! Who a request is (sessions, the guest identity, the limits on sign-in
//! attempts) is the core's (`crate::api::identity`, `crate::pages::session`):
//! every feature asks it. The ratings themselves are computed by the core
//! (`crate::rating`, `crate::rated`), in the transaction that stores a
//! rated game's end.

pub mod api;
pub mod pages;
