//! Drawing the board the way players see it.

use mancala_rules::{Event, MoveReport, Pit, Position, Rules, Side};

/// North's row on top (its pits run right to left, as sowing goes
/// counter-clockwise), South's below; North's store on the left (North's
/// right hand), South's on the right. `^` marks the pit last emptied and `x`
/// the pits captured from.
pub fn draw(rules: &Rules, pos: &Position, last: Option<&MoveReport>) -> String {
    let n = rules.pits_per_row as usize;
    let mut moved = None;
    let mut captured = Vec::new();
    if let Some(report) = last {
        moved = Some(report.pit);
        for e in &report.events {
            if let Event::Capture { pit, .. } = e {
                captured.push(*pit);
            }
        }
    }
    let mark = |pit: Pit| {
        if Some(pit) == moved {
            '^'
        } else if captured.contains(&pit) {
            'x'
        } else {
            ' '
        }
    };
    let north: Vec<Pit> = (0..n).rev().map(|i| Pit((n + i) as u8)).collect();
    let south: Vec<Pit> = (0..n).map(|i| Pit(i as u8)).collect();
    let cells = |pits: &[Pit]| {
        pits.iter().map(|&p| format!("{:>3}", pos.seeds(p))).collect::<Vec<_>>().join(" |")
    };
    let letters =
        |pits: &[Pit]| pits.iter().map(|&p| format!("  {} ", p.letter(rules))).collect::<String>();
    let marks = |pits: &[Pit]| pits.iter().map(|&p| format!("  {} ", mark(p))).collect::<String>();
    let rule = format!("+{}", "----+".repeat(n));
    let cap = pos.captured();
    let pad = "          ";
    let mut out = String::new();
    out.push_str(&format!("{pad}{}\n", letters(&north).trim_end()));
    let north_marks = marks(&north);
    if !north_marks.trim().is_empty() {
        out.push_str(&format!("{pad}{}\n", north_marks.trim_end()));
    }
    out.push_str(&format!("{pad}{rule}\n"));
    out.push_str(&format!("  North   |{} |\n", cells(&north)));
    out.push_str(&format!("  [{:>3}]   {rule}   [{:>3}]\n", cap.north, cap.south));
    out.push_str(&format!("{pad}|{} |   South\n", cells(&south)));
    out.push_str(&format!("{pad}{rule}\n"));
    let south_marks = marks(&south);
    if !south_marks.trim().is_empty() {
        out.push_str(&format!("{pad}{}\n", south_marks.trim_end()));
    }
    out.push_str(&format!("{pad}{}\n", letters(&south).trim_end()));
    out
}

/// "South to move", or the result.
pub fn status(pos: &Position) -> String {
    match pos.outcome() {
        Some(outcome) => {
            let text = mancala_rules::describe_outcome(&pos.captured(), outcome);
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
                .unwrap_or_default()
        }
        None => format!("{} to move", title(pos.to_move())),
    }
}

pub fn title(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}
