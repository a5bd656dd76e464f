//! The database in play: the one interface the search asks
//! ([`Oracle`]), and the choice of root moves that keeps the database's
//! result under the repetition rule ([`moves_to_play`], [`keep_result`],
//! [`winning_move`]). It depends on the rules and the database only, never
//! on the search (see docs/egdb.md, "Playing with it").
//!
//! **Keeping the result.** The database knows positions without history.
//! At the root the player only considers moves whose result is at least the
//! database's result for the position, counting a move that repeats a
//! position since the last capture as the cycle it makes.
//!
//! **Winning a won position.** The database stores who wins a position,
//! not how soon. Moving from one won position to another won position is
//! not enough to win: the winner can walk in a circle, and under the
//! repetition rule a circle ends the game as a cycle, which is usually not
//! a win. Databases that store distances avoid this by always moving
//! closer; ours store results only (2 bytes a position), so the distance
//! is found at play time instead.
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

use super::Egdb;
use mancala_rules::{EndReason, Moves, Pit, Position, Rules, Side, Stall, Wdl};
use std::collections::HashMap;
use std::time::Instant;

/// The most positions [`moves_to_play`] spends on finding the way to win a
/// position the database calls won.
pub const WAY_OUT_NODES: u64 = 1_000_000;

/// Something that knows exact results of some positions: an endgame
/// database, as the search sees it. `result` answers only for positions it
/// is sure of when the position has no repetition history (the search asks
/// only then).
pub trait Oracle {
    /// The result for the player to move, if known exactly.
    fn result(&self, pos: &Position) -> Option<Wdl>;

    /// The result a player may rely on, for a position with no repetition
    /// history: [`Oracle::result`], and where a stall limit makes that
    /// coarse, also the results whose own forcing line fits the limit (see
    /// [`crate::Probe::fits`]). A playing search asks this one (through
    /// [`ForPlay`]); proofs ask `result`.
    fn play_result(&self, pos: &Position) -> Option<Wdl> {
        self.result(pos)
    }

    /// Whether it answers for games under these rules (searches of other
    /// games do not ask it).
    fn covers(&self, rules: &Rules) -> bool;
}

impl Oracle for Egdb {
    /// The database's result where it is exact for a position without
    /// repetition history (see docs/egdb.md).
    fn result(&self, pos: &Position) -> Option<Wdl> {
        self.probe(pos).filter(|p| p.exact).and_then(|p| p.result)
    }

    /// Also the forced results whose own forcing line fits the stall limit,
    /// in a layer that does not carry exactness (a file built before it
    /// did: only a lower layer's longest line keeps them from being exact).
    /// In a layer that carries it, the same as `result`.
    fn play_result(&self, pos: &Position) -> Option<Wdl> {
        self.probe(pos).filter(|p| p.fits).and_then(|p| p.result)
    }

    fn covers(&self, rules: &Rules) -> bool {
        self.ruleset().rules == *rules
    }
}

/// The oracle a playing search asks: the inner oracle's
/// [`Oracle::play_result`] as its result.
pub struct ForPlay<'a>(pub &'a dyn Oracle);

impl Oracle for ForPlay<'_> {
    fn result(&self, pos: &Position) -> Option<Wdl> {
        self.0.play_result(pos)
    }

    fn covers(&self, rules: &Rules) -> bool {
        self.0.covers(rules)
    }
}

/// The root moves a player with a database may choose from in `root`, a
/// position of a game whose positions since the last capture (before
/// `root`) are `history`: in a position the database calls won, the one
/// move of the shortest way out ([`winning_move`], within `node_limit`
/// positions, at most [`WAY_OUT_NODES`], and the deadline); otherwise, or
/// if none is found, the moves that keep the result ([`keep_result`]);
/// where the database has no exact result for `root` (unresolved, or more
/// seeds than it covers), the moves that do not lead to a position it
/// calls lost, if there are any ([`avoid_losses`]).
pub fn moves_to_play(
    rules: &Rules,
    oracle: &dyn Oracle,
    history: &[Position],
    root: &Position,
    legal: Moves,
    node_limit: u64,
    deadline: Option<Instant>,
) -> Moves {
    let limit = WAY_OUT_NODES.min(node_limit);
    match winning_move(rules, oracle, history, root, limit, deadline) {
        Some(way) => {
            let mut only = Moves::EMPTY;
            only.insert(way.pit);
            only
        }
        None if oracle.result(root).is_none() => avoid_losses(rules, oracle, root, legal, history),
        None => keep_result(rules, oracle, root, legal, history),
    }
}

/// The moves of `pos` that do not lead to a result the database calls lost
/// for the player to move (as in [`keep_result`], a move that repeats a
/// position is valued as the cycle it makes): for a position whose own
/// result the database does not know exactly, where the search alone does
/// not see these losses (it asks the database only after captures). All of
/// `legal` if every move loses.
pub fn avoid_losses(
    rules: &Rules,
    oracle: &dyn Oracle,
    pos: &Position,
    legal: Moves,
    history: &[Position],
) -> Moves {
    keep_where(legal, |pit| result_after(rules, oracle, pos, pit, history) != Some(Wdl::Loss))
}

/// The moves of `legal` for which `keep` holds, or all of `legal` if none.
fn keep_where(legal: Moves, mut keep: impl FnMut(Pit) -> bool) -> Moves {
    let kept = legal.into_iter().filter(|&pit| keep(pit)).fold(Moves::EMPTY, |mut m, pit| {
        m.insert(pit);
        m
    });
    if kept.is_empty() {
        legal
    } else {
        kept
    }
}

/// The result of `pit` in `pos` for its player, where known: the end of
/// the game, a cycle (the move repeats `pos` or a position of `history`),
/// or the database's result for the position it leads to.
fn result_after(
    rules: &Rules,
    oracle: &dyn Oracle,
    pos: &Position,
    pit: Pit,
    history: &[Position],
) -> Option<Wdl> {
    let mover = pos.to_move();
    let child = rules.play_unchecked(pos, pit);
    let cycle = child.captured() == pos.captured()
        && (child.same_place(pos) || history.iter().any(|p| p.same_place(&child)));
    if child.is_over() {
        Some(Wdl::for_side(rules.winner_of(&child), mover))
    } else if cycle {
        let ended = rules.finish(&child, EndReason::Cycle);
        Some(Wdl::for_side(rules.winner_of(&ended), mover))
    } else {
        oracle.result(&child).map(|r| if child.to_move() == mover { r } else { r.flip() })
    }
}

/// The moves that keep the database's result of a position, or better it:
/// with a database present, the player never makes a move that worsens the
/// exact result. The database knows positions without history; `history`
/// (the game's positions since the last capture, before `pos`) only decides
/// which moves end the game as a cycle. All of `legal` if the database does
/// not know the position, or if no move would keep it (cannot happen with a
/// correct database and no history).
pub fn keep_result(
    rules: &Rules,
    oracle: &dyn Oracle,
    pos: &Position,
    legal: Moves,
    history: &[Position],
) -> Moves {
    let Some(result) = oracle.result(pos) else {
        return legal;
    };
    keep_where(legal, |pit| {
        result_after(rules, oracle, pos, pit, history).is_some_and(|a| a >= result)
    })
}

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
/// database, closest to winning it (see the module's documentation). `history` holds the game's positions
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
