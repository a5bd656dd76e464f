//! Board diagrams as SVG, drawn on the server: North's row on top running
//! right to left, South's below, each store on its owner's right, as the
//! players see the board. Used by the lessons and the rules pages' worked
//! examples; no script is needed to see them.

use crate::explain::side_word;
use crate::i18n::Lang;
use crate::pages::esc;
use mancala_rules::{Event, Pit, Position, Rules, Side};
use std::fmt::Write;

/// What to mark on a diagram.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The pit a move was played from.
    pub from: Option<Pit>,
    /// Pits captured from.
    pub captured: Vec<Pit>,
    /// Where the move's last seed of each lap fell (relays included).
    pub relays: Vec<Pit>,
}

impl Marks {
    /// The marks of a move's events: its pit, the pits captured from and
    /// the pits whose seeds were lifted and sown on.
    pub fn of_events(events: &[Event]) -> Marks {
        let mut marks = Marks::default();
        for event in events {
            match *event {
                Event::Take { pit, .. } if marks.from.is_none() => marks.from = Some(pit),
                Event::Capture { pit, .. } => marks.captured.push(pit),
                Event::Relay { pit, .. } => marks.relays.push(pit),
                _ => {}
            }
        }
        marks
    }
}

const WORDS: &[(&str, [&str; 3])] = &[
    ("board", ["Board: {side} to move", "Bàn cờ: đến lượt {side}", "Bord: {side} is aan zet"]),
    ("over", ["Board: game over", "Bàn cờ: ván đã kết thúc", "Bord: de partij is afgelopen"]),
    ("store", ["{side}'s store: {n}", "Kho của {side}: {n}", "Voorraad van {side}: {n}"]),
    ("pit", ["pit {pit}: {n}", "ô {pit}: {n}", "putje {pit}: {n}"]),
];

fn word(lang: Lang, key: &str) -> &'static str {
    let i = crate::pages::lang_index(lang);
    WORDS.iter().find(|(k, _)| *k == key).map_or("", |(_, w)| w[i])
}

/// The diagram of `pos` under `rules`: an `<svg>` element with a text
/// alternative listing every pit's seeds. `data-pit` and `data-seeds` on
/// each pit let tests read the numbers back.
pub fn svg(lang: Lang, rules: &Rules, pos: &Position, marks: &Marks) -> String {
    let n = rules.pits_per_row as usize;
    // A 2 x 12 board gets narrower pits, so that it keeps a readable size
    // on a phone (the picture scales to the width it is given).
    let step = if n > 6 { 44.0 } else { 60.0 };
    let radius = step * 0.42;
    let width = step * (n as f64 + 2.0);
    let height = step * 3.0;
    let mut label = if pos.is_over() {
        word(lang, "over").to_string()
    } else {
        word(lang, "board").replace("{side}", side_word(lang, pos.to_move()))
    };
    let captured = pos.captured();
    for side in [Side::North, Side::South] {
        let _ = write!(
            label,
            "; {}",
            word(lang, "store")
                .replace("{side}", side_word(lang, side))
                .replace("{n}", &captured[side].to_string())
        );
    }
    for i in 0..2 * n {
        let pit = Pit(i as u8);
        let _ = write!(
            label,
            ", {}",
            word(lang, "pit")
                .replace("{pit}", &pit.letter(rules).to_string())
                .replace("{n}", &pos.seeds(pit).to_string())
        );
    }
    let mut out = format!(
        "<svg class=\"diagram-svg\" viewBox=\"0 0 {width} {height}\" role=\"img\" \
         aria-label=\"{}\" xmlns=\"http://www.w3.org/2000/svg\">",
        esc(&label)
    );
    let _ = write!(
        out,
        "<rect class=\"wood\" x=\"1\" y=\"1\" width=\"{}\" height=\"{}\" rx=\"{}\"/>",
        width - 2.0,
        height - 2.0,
        step * 0.4
    );
    // Stores: North's on its right (our left, top), South's on the right.
    let store = |out: &mut String, x: f64, side: Side| {
        let _ = write!(
            out,
            "<g class=\"store {}\" data-store=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" \
             height=\"{}\" rx=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            if side == Side::South { "south" } else { "north" },
            if side == Side::South { "south" } else { "north" },
            x + step * 0.1,
            step * 0.5,
            step * 0.8,
            step * 2.0,
            step * 0.35,
            x + step * 0.5,
            step * 1.5 + step * 0.12,
            captured[side]
        );
    };
    store(&mut out, 0.0, Side::North);
    store(&mut out, width - step, Side::South);
    for i in 0..2 * n {
        let pit = Pit(i as u8);
        let (column, y) = if i < n { (i, step * 2.0) } else { (2 * n - 1 - i, step) };
        let x = step * (column as f64 + 1.5);
        let seeds = pos.seeds(pit);
        let mut class = String::from("pit");
        if marks.from == Some(pit) {
            class.push_str(" from");
        }
        if marks.captured.contains(&pit) {
            class.push_str(" taken");
        }
        if marks.relays.contains(&pit) {
            class.push_str(" relay");
        }
        let letter = pit.letter(rules);
        let label_y = if i < n { y + radius + step * 0.3 } else { y - radius - step * 0.12 };
        let _ = write!(
            out,
            "<g class=\"{class}\" data-pit=\"{letter}\" data-seeds=\"{seeds}\">\
             <circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\"/>\
             <text class=\"n\" x=\"{x}\" y=\"{}\">{seeds}</text>\
             <text class=\"l\" x=\"{x}\" y=\"{label_y}\">{letter}</text></g>",
            y + step * 0.12,
        );
    }
    out.push_str("</svg>");
    out
}
