//! Winning a won endgame under the repetition rule.
//!
//! An endgame database stores who wins a position, not how soon. Moving from
//! one won position to another won position is not enough to win: the
//! winner can walk in a circle, and under the repetition rule a circle ends
//! the game as a cycle, which is usually not a win. Databases that store
//! distances avoid this by always moving closer; ours store results only
//! (2 bytes a position), so the distance is found at play time instead.
//!
//! Within a stretch without captures the game is a reachability game: the
//! winner must force a *way out* of the stretch that keeps the win, that is
//! a capture into a position the database calls won (its history is fresh
//! there, so the database is exact), or the end of the game with a win.
//! [`winning_move`] finds the least number of plies `r` in which the winner
//! forces a way out (an iterative-deepening AND-OR search, pruned by the
//! database: the winner only tries moves the database calls won, and any
//! defence the database calls not lost for the loser refutes the line) and
//! plays a move of rank `r - 1`. Every move of the loser from a position of
//! rank `r` also leads to rank `r - 1` or less, so the rank falls at every
//! ply: no position can repeat, and the way out comes within `r` plies.
//! The positions of the game since the last capture are forbidden (reaching
//! one would be a cycle), so a position whose every way out passes through
//! the history is not claimed.

use crate::search::Oracle;
use mancala_rules::{EndReason, Pit, Position, Rules, Side, Stall, Wdl};
use std::collections::HashMap;
use std::time::Instant;

/// How a won stretch is left: the move to play now and the number of plies
/// (this move included) within which the winner forces a capture that keeps
/// the win, or the end of the game with a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WayOut {
    pub pit: Pit,
    pub plies: u32,
    /// Positions examined.
    pub nodes: u64,
}

/// The move that brings the player to move, who wins `root` by the
/// database, closest to winning it. `history` holds the game's positions
/// since the last capture (the root may be among them); none may occur
/// again. `None` if the database does not call the root won, or if no way
/// out is found within `node_limit` positions, 127 plies or the deadline.
pub fn winning_move(
    rules: &Rules,
    oracle: &dyn Oracle,
    history: &[Position],
    root: &Position,
    node_limit: u64,
    deadline: Option<Instant>,
) -> Option<WayOut> {
    if root.is_over() || oracle.result(root) != Some(Wdl::Win) {
        return None;
    }
    let mut prover = Prover {
        rules,
        oracle,
        winner: root.to_move(),
        forbidden: HashMap::new(),
        table: HashMap::new(),
        nodes: 0,
        node_limit,
        deadline,
        stall: matches!(rules.stall, Stall::QuietMoves(_)),
    };
    for pos in history.iter().chain(std::iter::once(root)) {
        prover.forbidden.entry(pos.key()).or_default().push(*pos);
    }
    let moves: Vec<(Pit, Position)> =
        rules.legal_moves(root).map(|pit| (pit, rules.play_unchecked(root, pit))).collect();
    for plies in 1..=127u32 {
        for &(pit, child) in &moves {
            let won = match prover.classify(root, &child) {
                Leaf::Out(won) => won,
                Leaf::Inside => prover.prove(&child, plies - 1)?,
            };
            if won {
                return Some(WayOut { pit, plies, nodes: prover.nodes });
            }
        }
    }
    None
}

/// Where a move from a position of the stretch leads.
enum Leaf {
    /// Out of the stretch (a capture, the end of the game, or a cycle):
    /// whether the winner wins there.
    Out(bool),
    /// Still inside: no capture, no repetition.
    Inside,
}

/// What is known of a position: proved within `proved` plies, not
/// provable within `refuted` plies.
#[derive(Clone, Copy)]
struct Known {
    proved: u32,
    refuted: Option<u32>,
}

struct Prover<'a> {
    rules: &'a Rules,
    oracle: &'a dyn Oracle,
    winner: Side,
    forbidden: HashMap<u64, Vec<Position>>,
    table: HashMap<u64, Known>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Whether the count of quiet moves changes results (a stall limit).
    stall: bool,
}

impl Prover<'_> {
    /// The database's result of `pos` for the winner, if exact.
    fn db_for_winner(&self, pos: &Position) -> Option<Wdl> {
        let r = self.oracle.result(pos)?;
        Some(if pos.to_move() == self.winner { r } else { r.flip() })
    }

    fn classify(&self, parent: &Position, child: &Position) -> Leaf {
        if child.is_over() {
            return Leaf::Out(self.rules.winner_of(child) == Some(self.winner));
        }
        if child.captured() != parent.captured() {
            // History starts afresh: the database is exact.
            return Leaf::Out(self.db_for_winner(child) == Some(Wdl::Win));
        }
        let forbidden = self.forbidden.get(&child.key());
        if forbidden.is_some_and(|v| v.iter().any(|p| p.same_place(child))) {
            // A cycle: the game ends with the cycle's award.
            let ended = self.rules.finish(child, EndReason::Cycle);
            return Leaf::Out(self.rules.winner_of(&ended) == Some(self.winner));
        }
        Leaf::Inside
    }

    fn state(&self, pos: &Position) -> u64 {
        let quiet = if self.stall { pos.quiet_moves() as u64 } else { 0 };
        pos.key() ^ quiet.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Whether the winner forces a way out from `pos`, a position inside
    /// the stretch, within `plies` plies. `None` when the budget ran out.
    fn prove(&mut self, pos: &Position, plies: u32) -> Option<bool> {
        if plies == 0 {
            return Some(false);
        }
        // Only a position the database calls won can lead to a way out that
        // keeps the win (the database's results hold without history).
        if self.db_for_winner(pos) != Some(Wdl::Win) {
            return Some(false);
        }
        let state = self.state(pos);
        if let Some(known) = self.table.get(&state) {
            if known.proved <= plies {
                return Some(true);
            }
            if known.refuted.is_some_and(|r| r >= plies) {
                return Some(false);
            }
        }
        self.nodes += 1;
        if self.nodes > self.node_limit
            || (self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return None;
        }
        let winner_moves = pos.to_move() == self.winner;
        let children: Vec<Position> =
            self.rules.legal_moves(pos).map(|pit| self.rules.play_unchecked(pos, pit)).collect();
        // Leaves first: a way out for the winner, a refutation for the loser.
        let mut inside = Vec::with_capacity(children.len());
        for child in children {
            match self.classify(pos, &child) {
                Leaf::Out(won) if won == winner_moves => {
                    return Some(self.record(state, plies, winner_moves));
                }
                Leaf::Out(_) => {}
                Leaf::Inside => {
                    let db = self.db_for_winner(&child);
                    if db == Some(Wdl::Win) {
                        inside.push(child);
                    } else if !winner_moves {
                        return Some(self.record(state, plies, false));
                    }
                }
            }
        }
        if inside.is_empty() {
            // The winner has no move left that keeps the win; the loser's
            // every move was a way out for the winner.
            return Some(self.record(state, plies, !winner_moves));
        }
        for child in inside {
            if self.prove(&child, plies - 1)? == winner_moves {
                return Some(self.record(state, plies, winner_moves));
            }
        }
        Some(self.record(state, plies, !winner_moves))
    }

    fn record(&mut self, state: u64, plies: u32, proved: bool) -> bool {
        let known = self.table.entry(state).or_insert(Known { proved: u32::MAX, refuted: None });
        if proved {
            known.proved = known.proved.min(plies);
        } else {
            known.refuted = Some(known.refuted.map_or(plies, |r| r.max(plies)));
        }
        proved
    }
}
