//! The board diagram's texts (`diagram.rs`).
//! Part of the one text table ([`super::text`]), namespace `diagram`.

/// The board diagram's words (its text alternative), `[en, vi, nl]`.
pub const TEXTS: &[(&str, [&str; 3])] = &[
    ("board", ["Board: {side} to move", "Bàn cờ: đến lượt {side}", "Bord: {side} is aan zet"]),
    ("over", ["Board: game over", "Bàn cờ: ván đã kết thúc", "Bord: de partij is afgelopen"]),
    ("store", ["{side}'s store: {n}", "Kho của {side}: {n}", "Voorraad van {side}: {n}"]),
    ("pit", ["pit {pit}: {n}", "ô {pit}: {n}", "putje {pit}: {n}"]),
];
