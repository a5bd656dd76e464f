//! Proving results: the solver's two bounded searches (see
//! [`mancala_ai::solve`]), kept with their tables between positions so
//! that the many related positions of one puzzle share their work.
//!
//! Each search runs under a node limit, never a time limit, so a proof
//! succeeds or fails the same way on every machine and every run.

use mancala_ai::{Horizon, Limits, Oracle, Score, SearchOptions, Searcher};
use mancala_rules::{Game, Pit, Rules, Wdl};

/// The deepest a proof searches (plies).
const MAX_DEPTH: u32 = 60;

/// What a proof must settle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Win, draw or loss.
    Result,
    /// The final margin too (no database: a database gives results only).
    Margin,
}

/// Proves the results of positions of one ruleset.
pub struct Prover<'a> {
    rules: Rules,
    oracle: Option<&'a dyn Oracle>,
    low: Searcher,
    high: Searcher,
    /// The most positions one proof may search (both bounds together).
    pub nodes: u64,
}

impl<'a> Prover<'a> {
    /// A prover searching at most `nodes` positions a proof, asking the
    /// database `oracle` (if any) where the position has no history.
    pub fn new(rules: Rules, oracle: Option<&'a dyn Oracle>, nodes: u64) -> Prover<'a> {
        Prover {
            rules,
            oracle: oracle.filter(|o| o.covers(&rules)),
            low: Searcher::with_table(rules, 8),
            high: Searcher::with_table(rules, 8),
            nodes,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The value of the game's position for the player to move, with its
    /// history (the repetition rule counts), proven to what `need` asks;
    /// `None` if the node budget ran out first. With [`Need::Result`] only
    /// the score's result is meaningful.
    pub fn value(&mut self, game: &Game, need: Need) -> Option<Score> {
        let pos = game.position();
        if pos.is_over() {
            return Some(Score::of_outcome(&self.rules, pos, pos.to_move()));
        }
        // Margins are not in the database, so a margin proof searches
        // without it (and in its own table: the database's stand-in
        // values carry no margin).
        let oracle = if need == Need::Margin { None } else { self.oracle };
        let mut spent = 0u64;
        for depth in 1..=MAX_DEPTH {
            let left = self.nodes.saturating_sub(spent);
            if left == 0 {
                return None;
            }
            let limits = Limits { depth: Some(depth), nodes: Some(left), ..Limits::default() };
            let options = SearchOptions::new(limits).horizon(Horizon::Pessimistic).oracle(oracle);
            let lower = self.low.search(game, options);
            spent += lower.nodes;
            if lower.depth < depth {
                return None;
            }
            if lower.exact && (need == Need::Result || oracle.is_none()) {
                return Some(lower.score);
            }
            if need == Need::Result && lower.score.result() == Wdl::Win {
                return Some(lower.score);
            }
            let left = self.nodes.saturating_sub(spent);
            if left == 0 {
                return None;
            }
            let limits = Limits { depth: Some(depth), nodes: Some(left), ..Limits::default() };
            let options = SearchOptions::new(limits).horizon(Horizon::Optimistic).oracle(oracle);
            let upper = self.high.search(game, options);
            spent += upper.nodes;
            if upper.depth < depth {
                return None;
            }
            match need {
                Need::Margin if lower.score == upper.score => return Some(lower.score),
                Need::Result if upper.score.result() == Wdl::Loss => return Some(upper.score),
                Need::Result
                    if lower.score.result() == Wdl::Draw && upper.score.result() == Wdl::Draw =>
                {
                    return Some(lower.score)
                }
                _ => {}
            }
        }
        None
    }

    /// What the database says of the game's position if it has no history:
    /// `None` without a database or with history, `Some(None)` where the
    /// database does not settle it.
    pub fn database_result(&self, game: &Game) -> Option<Option<Wdl>> {
        let oracle = self.oracle?;
        (game.moves().is_empty()).then(|| oracle.result(game.position()))
    }

    /// The value of each legal move for the player to move, from that
    /// player's point of view (an extra turn or a pass handled), in board
    /// order; `None` if any of them could not be proven.
    pub fn move_values(&mut self, game: &Game, need: Need) -> Option<Vec<(Pit, Score)>> {
        let mover = game.position().to_move();
        let mut values = Vec::new();
        for pit in game.legal_moves() {
            let mut child = game.clone();
            child.play(pit).ok()?;
            let after = child.position();
            let value = if after.is_over() {
                Score::of_outcome(&self.rules, after, mover)
            } else if after.to_move() == mover {
                self.value(&child, need)?
            } else {
                self.value(&child, need)?.flip()
            };
            values.push((pit, value));
        }
        Some(values)
    }
}

/// The moves that keep the best value among `values`, compared as `need`
/// says (results only, or results and margins).
pub fn keeping(values: &[(Pit, Score)], need: Need) -> Vec<Pit> {
    let key = |s: Score| match need {
        Need::Result => Score::proven(s.result(), 0),
        Need::Margin => s,
    };
    let Some(best) = values.iter().map(|&(_, s)| key(s)).max() else {
        return Vec::new();
    };
    values.iter().filter(|&&(_, s)| key(s) == best).map(|&(p, _)| p).collect()
}
