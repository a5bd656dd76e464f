//! Board diagrams, drawn on the server in the markup of the play page's
//! board: the viewer's row at the bottom running left to right, the other
//! row on top running right to left, each store on its owner's right, as
//! the players see the board. Used by the lessons, the rules pages' worked
//! examples and starting boards, and the catalogue; no script is needed to
//! see them.

use crate::explain::side_word;
use crate::html::{html, Markup};
use crate::i18n::Lang;
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

fn word(lang: Lang, key: &str) -> &'static str {
    crate::i18n::text(lang, "diagram", key)
}

/// The diagram of `pos` under `rules`, seen from `bottom`'s side: the
/// board component of the play page (`assets/common.js`, `board`) in the
/// same markup, drawn here so that it needs no script (the script adds the
/// seeds to each hole). `role="img"` with a text alternative listing every
/// pit's seeds; `data-pit` and `data-seeds` on each pit let tests read the
/// numbers back.
pub fn html(lang: Lang, rules: &Rules, pos: &Position, marks: &Marks, bottom: Side) -> Markup {
    draw(lang, rules, pos, marks, bottom, false)
}

/// A small picture of the starting board, for the catalogue's cards: the
/// same board, its counts left out, hidden from screen readers (the card
/// says the board's size in words).
pub fn thumbnail(lang: Lang, rules: &Rules) -> Markup {
    draw(lang, rules, &rules.start(), &Marks::default(), Side::South, true)
}

fn draw(
    lang: Lang,
    rules: &Rules,
    pos: &Position,
    marks: &Marks,
    bottom: Side,
    mini: bool,
) -> Markup {
    let diagram = Diagram { lang, rules, pos, marks };
    let n = rules.pits_per_row as usize;
    let rows = diagram.rows(bottom);
    let board =
        format!("board diagram{} bottom-{}", if mini { " mini" } else { "" }, bottom.name());
    html! {
        @if mini {
            div class=(board) data-pits=(n) aria-hidden="true" { (rows) }
        } @else {
            div class=(board) data-pits=(n) role="img" aria-label=(diagram.label()) { (rows) }
        }
    }
}

/// A position to draw, with its marks.
struct Diagram<'a> {
    lang: Lang,
    rules: &'a Rules,
    pos: &'a Position,
    marks: &'a Marks,
}

impl Diagram<'_> {
    /// The text alternative: whose move it is (or that the game is over),
    /// the stores and every pit's seeds.
    fn label(&self) -> String {
        let (lang, pos) = (self.lang, self.pos);
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
        for i in 0..2 * self.rules.pits_per_row as usize {
            let pit = Pit(i as u8);
            let _ = write!(
                label,
                ", {}",
                word(lang, "pit")
                    .replace("{pit}", &pit.letter(self.rules).to_string())
                    .replace("{n}", &pos.seeds(pit).to_string())
            );
        }
        label
    }

    /// The two rows and the stores, `bottom`'s row below.
    fn rows(&self, bottom: Side) -> Markup {
        let n = self.rules.pits_per_row as usize;
        let top = !bottom;
        let first = |side: Side| if side == Side::South { 0 } else { n };
        html! {
            (self.store(top, "top-store"))
            div class={ "row far " (top.name()) } {
                @for i in (0..n).rev() { (self.pit(first(top) + i, top)) }
            }
            div class={ "row near " (bottom.name()) } {
                @for i in 0..n { (self.pit(first(bottom) + i, bottom)) }
            }
            (self.store(bottom, "bottom-store"))
        }
    }

    fn store(&self, side: Side, place: &str) -> Markup {
        let store_word = crate::i18n::t(self.lang, "play.store");
        html! {
            div class={ "store " (side.name()) "-store " (place) } data-store=(side.name()) {
                span.count { (self.pos.captured()[side]) }
                span.letter { (store_word) }
            }
        }
    }

    /// Pit number `i`, on `side`'s row, with its marks.
    fn pit(&self, i: usize, side: Side) -> Markup {
        let pit = Pit(i as u8);
        let seeds = self.pos.seeds(pit);
        let letter = pit.letter(self.rules);
        let mut class = format!("pit {}", side.name());
        if self.marks.from == Some(pit) {
            class.push_str(" from");
        }
        if self.marks.captured.contains(&pit) {
            class.push_str(" captured");
        }
        if self.marks.relays.contains(&pit) {
            class.push_str(" relay");
        }
        html! {
            div class=(class) data-pit=(letter) data-seeds=(seeds) {
                span.hole data-seeds=(seeds) {}
                span.label { span.letter { (letter) } span.count { (seeds) } }
            }
        }
    }
}
