//! Endgame databases (being built).
