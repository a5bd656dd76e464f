//! Checking a database against the rules engine: the value stored for a
//! position must be what its moves give, each move played by the engine and
//! each child read from the database (or scored, where the move ends the
//! game). This catches any error in a layer's sweeps, its captured-seed
//! bookkeeping or its endings, whichever builder made it; `mancala egdb
//! verify` runs it on random boards of every layer.

use super::Egdb;
use mancala_rules::Wdl;
use mancala_rules::{BySide, Position, Rules, Side};
use std::fmt;

/// One position whose stored value disagrees with its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub position: Position,
    pub stored: Wdl,
    pub from_moves: Wdl,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: stored {}, its moves give {}",
            self.position,
            self.stored.name(),
            self.from_moves.name()
        )
    }
}

/// What a layer's check found.
#[derive(Clone, Debug, Default)]
pub struct LayerCheck {
    /// Seeds on the board.
    pub seeds: u32,
    /// Boards sampled (each with both sides to move).
    pub boards: u64,
    /// Values compared: one per board, side and split of the captured
    /// seeds.
    pub values: u64,
    /// The first few disagreements.
    pub mismatches: Vec<Mismatch>,
    /// All disagreements.
    pub mismatch_count: u64,
}

/// The position of `pits` with `side` to move, `cm` seeds captured by
/// `side` and the rest of the game's seeds by the opponent; `None` if `cm`
/// is more than the seeds off the board.
fn set_up(rules: &Rules, pits: &[u8], side: Side, cm: u32) -> Option<Position> {
    let n: u32 = pits.iter().map(|&s| s as u32).sum();
    let co = rules.total_seeds().checked_sub(n + cm)?;
    let mut captured = BySide::new(0, 0);
    captured[side] = cm as u8;
    captured[!side] = co as u8;
    Some(rules.setup_unchecked(pits, captured, side))
}

/// The value for `side` to move of `pits` with `cm` seeds captured by
/// `side` (the opponent the rest), from its moves: a win if a move wins, a
/// loss if every move loses, otherwise unresolved (the database's draw).
/// `None` if a child is missing from the database.
pub fn from_moves(db: &Egdb, pits: &[u8], side: Side, cm: u32) -> Option<Wdl> {
    let rules = db.ruleset().rules;
    let pos = set_up(&rules, pits, side, cm)?;
    if pos.is_over() {
        return Some(Wdl::for_side(rules.winner_of(&pos), side));
    }
    let mover = pos.to_move();
    let (mut win, mut all_lose, mut any) = (false, true, false);
    for pit in rules.legal_moves(&pos) {
        any = true;
        let child = rules.play_unchecked(&pos, pit);
        let v = if child.is_over() {
            Wdl::for_side(rules.winner_of(&child), mover)
        } else {
            // A capture's child as the layer was computed from it.
            let c = child.to_move();
            let v =
                db.value_below(pos.board_seeds(), child.pits(), c, child.captured()[c] as u32)?;
            if c == mover {
                v
            } else {
                v.flip()
            }
        };
        win |= v == Wdl::Win;
        all_lose &= v == Wdl::Loss;
    }
    let v = if win {
        Wdl::Win
    } else if any && all_lose {
        Wdl::Loss
    } else {
        Wdl::Draw
    };
    Some(if mover == side { v } else { v.flip() })
}

/// Checks `boards` random boards of the layer with `seeds` seeds on the
/// board (scattered pit by pit with `rng`), each with either side to move
/// and every split of the captured seeds. Empty for a layer the database
/// does not hold.
pub fn check_layer(db: &Egdb, seeds: u32, boards: u64, rng: &mut fastrand::Rng) -> LayerCheck {
    let rules = db.ruleset().rules;
    let mut check = LayerCheck { seeds, ..LayerCheck::default() };
    let held = db.layers().get(seeds as usize).is_some_and(|e| e.positions > 0);
    if !held {
        return check;
    }
    let m = rules.total_seeds() - seeds;
    let width = rules.pit_count();
    let mut pits = vec![0u8; width];
    for _ in 0..boards {
        pits.fill(0);
        for _ in 0..seeds {
            pits[rng.usize(..width)] += 1;
        }
        check.boards += 1;
        for side in [Side::South, Side::North] {
            for cm in 0..=m {
                check.values += 1;
                let pos = set_up(&rules, &pits, side, cm).expect("cm <= m");
                if let Some(m) = mismatch(db, &pos) {
                    check.mismatch_count += 1;
                    if check.mismatches.len() < 5 {
                        check.mismatches.push(m);
                    }
                }
            }
        }
    }
    check
}

/// What the check of one named position found: the position's stored value
/// against its moves, and each child's the same way (one ply further, so a
/// published value rests on the values of the positions it is made of).
#[derive(Clone, Debug, Default)]
pub struct PositionCheck {
    /// The value stored for the position, for the side to move.
    pub stored: Option<Wdl>,
    /// Values compared: the position's and its children's still in play.
    pub values: u64,
    /// Every disagreement.
    pub mismatches: Vec<Mismatch>,
}

/// Checks `pos` and each of its children still in play: the value the
/// database holds for each must be what its moves give (`from_moves`).
/// `None` if the database does not hold `pos` (over, another board, or
/// more seeds than its layers).
pub fn check_position(db: &Egdb, pos: &Position) -> Option<PositionCheck> {
    let rules = db.ruleset().rules;
    if pos.is_over() || pos.pits_per_row() != rules.pits_per_row {
        return None;
    }
    let mover = pos.to_move();
    let stored = db.value(pos.pits(), mover, pos.captured()[mover] as u32)?;
    let mut check = PositionCheck { stored: Some(stored), ..PositionCheck::default() };
    let children = rules.legal_moves(pos).into_iter().map(|pit| rules.play_unchecked(pos, pit));
    for p in std::iter::once(*pos).chain(children.filter(|c| !c.is_over())) {
        check.values += 1;
        check.mismatches.extend(mismatch(db, &p));
    }
    Some(check)
}

/// `pos`'s stored value against what its moves give, where they differ
/// (or either is missing from the database).
fn mismatch(db: &Egdb, pos: &Position) -> Option<Mismatch> {
    let side = pos.to_move();
    let cm = pos.captured()[side] as u32;
    let stored = db.value(pos.pits(), side, cm);
    let expected = from_moves(db, pos.pits(), side, cm);
    (stored.is_none() || stored != expected).then(|| Mismatch {
        position: *pos,
        stored: stored.unwrap_or(Wdl::Draw),
        from_moves: expected.unwrap_or(Wdl::Draw),
    })
}
