//! Perft: counting move sequences, the standard check of a move generator.
//!
//! Every move counts (an extra turn's too); passes are not moves; the
//! repetition rule applies along the path; a game that ends before the last
//! move contributes nothing.

use crate::event::{Event, Observer};
use crate::moves::Pit;
use crate::position::{EndReason, Position};
use crate::rules::Rules;
use crate::side::Side;
use std::collections::BTreeMap;

/// Leaves of a perft, broken down by how the game stands after the last move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leaves {
    pub total: u64,
    /// Leaves where the game goes on.
    pub ongoing: u64,
    /// Last moves that took (or, where the rules void it, would have taken)
    /// the opponent's whole row.
    pub grand_slams: u64,
    /// Last moves made while the opponent's row was empty (feeding).
    pub feeding: u64,
    /// Leaves where the game ended, by reason and winner (`None`: draw).
    pub ended: BTreeMap<(EndReasonKey, Option<Side>), u64>,
}

/// [`EndReason`] ordered for use as a map key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct EndReasonKey(pub u8);

impl EndReasonKey {
    pub fn reason(self) -> EndReason {
        EndReason::ALL[self.0 as usize]
    }
}

impl From<EndReason> for EndReasonKey {
    fn from(reason: EndReason) -> Self {
        EndReasonKey(EndReason::ALL.iter().position(|&r| r == reason).unwrap_or(0) as u8)
    }
}

/// Positions along the current path, for the repetition rule.
struct Path {
    stack: Vec<Position>,
}

impl Path {
    /// The child of `pos` (the last position on the path, whose repetition
    /// window starts at `window`) after `pit`, with the cycle rule applied.
    #[inline]
    fn child(&self, rules: &Rules, window: usize, pit: Pit) -> (Position, usize) {
        self.child_with(rules, window, pit, &mut ())
    }

    #[inline]
    fn child_with<O: Observer>(
        &self,
        rules: &Rules,
        window: usize,
        pit: Pit,
        observer: &mut O,
    ) -> (Position, usize) {
        let pos = self.stack.last().expect("path is never empty");
        let Ok(mut child) = rules.play_with(pos, pit, observer) else {
            return (*pos, window);
        };
        if child.captured != pos.captured {
            return (child, self.stack.len());
        }
        if !child.is_over() && self.stack[window..].iter().any(|p| p.same_place(&child)) {
            child = rules.finish(&child, EndReason::Cycle);
        }
        (child, window)
    }
}

/// The number of move sequences of exactly `depth` moves from `start`
/// (which has no history).
pub fn perft(rules: &Rules, start: &Position, depth: u32) -> u64 {
    let mut path = Path { stack: vec![*start] };
    count(rules, &mut path, 0, depth)
}

fn count(rules: &Rules, path: &mut Path, window: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(path.stack.last().expect("path is never empty"));
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for pit in moves {
        let (child, child_window) = path.child(rules, window, pit);
        if child.is_over() {
            continue;
        }
        path.stack.push(child);
        total += count(rules, path, child_window, depth - 1);
        path.stack.pop();
    }
    total
}

/// Perft per first move ("divide"), in board order.
pub fn divide(rules: &Rules, start: &Position, depth: u32) -> Vec<(Pit, u64)> {
    let mut path = Path { stack: vec![*start] };
    let moves = if depth == 0 { crate::Moves::EMPTY } else { rules.legal_moves(start) };
    moves
        .map(|pit| {
            let (child, window) = path.child(rules, 0, pit);
            let n = if depth == 1 {
                1
            } else if child.is_over() {
                0
            } else {
                path.stack.push(child);
                let n = count(rules, &mut path, window, depth - 1);
                path.stack.pop();
                n
            };
            (pit, n)
        })
        .collect()
}

/// Perft that also classifies every leaf (slower: each last move is played).
pub fn perft_leaves(rules: &Rules, start: &Position, depth: u32) -> Leaves {
    let mut path = Path { stack: vec![*start] };
    let mut leaves = Leaves::default();
    if depth == 0 {
        leaves.total = 1;
        match start.outcome() {
            Some(o) => *leaves.ended.entry((o.reason.into(), o.winner)).or_default() += 1,
            None => leaves.ongoing = 1,
        }
        return leaves;
    }
    classify(rules, &mut path, 0, depth, &mut leaves);
    leaves
}

/// Notices grand slams, voided or not.
struct SlamWatch(bool);

impl Observer for SlamWatch {
    fn event(&mut self, event: Event) {
        self.0 |= matches!(event, Event::GrandSlam { .. } | Event::GrandSlamVoided { .. });
    }
}

fn classify(rules: &Rules, path: &mut Path, window: usize, depth: u32, leaves: &mut Leaves) {
    let pos = *path.stack.last().expect("path is never empty");
    let moves = rules.legal_moves(&pos);
    let opponent_empty = pos.row_seeds(!pos.to_move()) == 0;
    for pit in moves {
        if depth == 1 {
            let mut slam = SlamWatch(false);
            let (child, _) = path.child_with(rules, window, pit, &mut slam);
            leaves.total += 1;
            leaves.grand_slams += slam.0 as u64;
            leaves.feeding += opponent_empty as u64;
            match child.outcome() {
                Some(o) => *leaves.ended.entry((o.reason.into(), o.winner)).or_default() += 1,
                None => leaves.ongoing += 1,
            }
            continue;
        }
        let (child, child_window) = path.child(rules, window, pit);
        if !child.is_over() {
            path.stack.push(child);
            classify(rules, path, child_window, depth - 1, leaves);
            path.stack.pop();
        }
    }
}
