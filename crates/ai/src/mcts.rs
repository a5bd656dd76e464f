//! Monte Carlo tree search: UCT with uniformly random playouts, for
//! comparison with alpha-beta (and because OpenSpiel's reference bot is
//! one). The repetition rule applies along the tree path and inside the
//! playouts, from the game's real history.

use crate::clock::Stopwatch;
use crate::search::Limits;
use mancala_rules::{EndReason, Game, Moves, Pit, Position, Rules, Side};
use std::time::{Duration, Instant};

struct Node {
    /// The move that led here from the parent.
    pit: Pit,
    pos: Position,
    parent: u32,
    first_child: u32,
    children: u8,
    /// Moves not yet expanded.
    untried: Moves,
    visits: u32,
    /// Points for the player who made the move into this node (1 a win,
    /// 1/2 a draw).
    points: f32,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct MctsReport {
    pub best: Option<Pit>,
    pub iterations: u64,
    pub elapsed: Duration,
    /// Root moves with visits and mean points for the player to move.
    pub root: Vec<(Pit, u32, f32)>,
}

pub struct Mcts {
    rules: Rules,
    /// The exploration constant of UCB1; OpenSpiel's default is 2.
    pub exploration: f32,
    rng: fastrand::Rng,
}

const NONE: u32 = u32::MAX;

impl Mcts {
    pub fn new(rules: Rules, seed: u64) -> Mcts {
        Mcts { rules, exploration: 2.0, rng: fastrand::Rng::with_seed(seed) }
    }

    /// Searches until `limits.nodes` playouts (iterations) or
    /// `limits.time`, whichever comes first (`limits.depth` does not apply:
    /// a tree search has no depth).
    pub fn search(&mut self, game: &Game, limits: Limits) -> MctsReport {
        let started = Instant::now();
        let watch = Stopwatch::start(limits.clock);
        let root_pos = *game.position();
        let legal = game.legal_moves();
        let mut report =
            MctsReport { best: None, iterations: 0, elapsed: Duration::ZERO, root: Vec::new() };
        if legal.is_empty() {
            return report;
        }
        if legal.len() == 1 {
            report.best = legal.into_iter().next();
            return report;
        }
        // History since the last capture, for the repetition rule.
        let history: Vec<Position> = game.repeatable_positions().to_vec();
        let mut nodes = vec![Node {
            pit: Pit(0),
            pos: root_pos,
            parent: NONE,
            first_child: NONE,
            children: 0,
            untried: legal,
            visits: 0,
            points: 0.0,
        }];
        // Children are stored contiguously: a node's are allocated at once
        // when it is first expanded, then filled one by one.
        let mut path: Vec<Position> = Vec::with_capacity(256);
        let max_iterations = limits.nodes.unwrap_or(u64::MAX);
        let mut iterations = 0;
        while iterations < max_iterations {
            if iterations % 64 == 0 {
                if let Some(t) = limits.time {
                    if watch.elapsed() >= t {
                        break;
                    }
                }
            }
            iterations += 1;
            path.clear();
            path.extend_from_slice(&history);
            // Selection.
            let mut index = 0usize;
            loop {
                let node = &nodes[index];
                if node.pos.is_over() || !node.untried.is_empty() || node.children == 0 {
                    break;
                }
                let log_n = (node.visits.max(1) as f32).ln();
                let mut best = (f32::NEG_INFINITY, 0usize);
                for c in 0..node.children as usize {
                    let child = &nodes[node.first_child as usize + c];
                    let value = child.points / child.visits as f32
                        + self.exploration * (log_n / child.visits as f32).sqrt();
                    if value > best.0 {
                        best = (value, node.first_child as usize + c);
                    }
                }
                index = best.1;
                push_path(&mut path, &nodes[index].pos);
            }
            // Expansion.
            if !nodes[index].pos.is_over() && !nodes[index].untried.is_empty() {
                let parent = &nodes[index];
                let pos = parent.pos;
                let untried = parent.untried;
                if parent.first_child == NONE {
                    let total = self.rules.legal_moves(&pos).len();
                    let first = nodes.len() as u32;
                    nodes[index].first_child = first;
                    // Placeholders, filled as moves are tried.
                    for _ in 0..total {
                        nodes.push(Node {
                            pit: Pit(0),
                            pos,
                            parent: index as u32,
                            first_child: NONE,
                            children: 0,
                            untried: Moves::EMPTY,
                            visits: 0,
                            points: 0.0,
                        });
                    }
                }
                let pick = untried.nth(self.rng.usize(..untried.len())).expect("untried");
                let mut child = self.rules.play_unchecked(&pos, pick);
                if !child.is_over()
                    && child.captured() == pos.captured()
                    && path.iter().any(|p| p.same_place(&child))
                {
                    child = self.rules.finish(&child, EndReason::Cycle);
                }
                let slot = nodes[index].first_child as usize + nodes[index].children as usize;
                nodes[index].children += 1;
                nodes[index].untried.remove(pick);
                nodes[slot] = Node {
                    pit: pick,
                    pos: child,
                    parent: index as u32,
                    first_child: NONE,
                    children: 0,
                    untried: self.rules.legal_moves(&child),
                    visits: 0,
                    points: 0.0,
                };
                index = slot;
                push_path(&mut path, &child);
            }
            // Playout.
            let end = self.playout(&nodes[index].pos, &mut path);
            // Back-propagation: each node scores for the player who moved
            // into it (the player to move at its parent).
            let mut i = index;
            while nodes[i].parent != NONE {
                let parent = nodes[i].parent as usize;
                let mover = nodes[parent].pos.to_move();
                nodes[i].visits += 1;
                nodes[i].points += points(&self.rules, &end, mover);
                i = parent;
            }
            nodes[0].visits += 1;
        }
        let root = &nodes[0];
        for c in 0..root.children as usize {
            let child = &nodes[root.first_child as usize + c];
            report.root.push((child.pit, child.visits, child.points / child.visits.max(1) as f32));
        }
        report.best = report.root.iter().max_by_key(|r| r.1).map(|r| r.0);
        report.iterations = iterations;
        report.elapsed = started.elapsed();
        report
    }

    /// Random moves to the end of the game; `path` holds the positions
    /// since the last capture.
    fn playout(&mut self, start: &Position, path: &mut Vec<Position>) -> Position {
        let mut pos = *start;
        while !pos.is_over() {
            let legal = self.rules.legal_moves(&pos);
            let pit = legal.nth(self.rng.usize(..legal.len())).expect("a legal move");
            let next = self.rules.play_unchecked(&pos, pit);
            if next.is_over() {
                return next;
            }
            if next.captured() != pos.captured() {
                path.clear();
            } else if path.iter().any(|p| p.same_place(&next)) {
                return self.rules.finish(&next, EndReason::Cycle);
            }
            path.push(next);
            pos = next;
        }
        pos
    }
}

#[inline]
fn push_path(path: &mut Vec<Position>, pos: &Position) {
    if let Some(last) = path.last() {
        if last.captured() != pos.captured() {
            path.clear();
        }
    }
    path.push(*pos);
}

fn points(rules: &Rules, end: &Position, side: Side) -> f32 {
    match rules.winner_of(end) {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}
