//! The heuristic evaluation: what a position is worth when the search must
//! stop before the game ends. In tenths of a seed, for the player to move.
//!
//! Per ruleset where the rules make a difference, read from the rule fields
//! (never from the game's name):
//! - seeds already captured count in full everywhere;
//! - seeds in one's own row count for part of their value where the rules
//!   award the row to its owner at the end ([`Award::OwnRow`]: Wahree,
//!   Abapa, Anywoli's stalls), and less where the board is split or left
//!   uncaptured (Barbados);
//! - where a player without seeds is handed the whole board
//!   ([`Starved::GameEnds`] with [`Award::ToPlayerToMove`]: Speightstown),
//!   emptying the opponent's row is dangerous rather than good;
//! - pits of the opponent holding one or two seeds are targets for the
//!   two-and-three captures, one's own such pits are weaknesses; Anywoli's
//!   fours instead make pits of three (one seed from a four) the targets;
//! - a large pit (enough to go round the board) is a threat;
//! - where the last four go to the game's first lap-ending capturer
//!   ([`LastFour::FirstLapCapturer`]), they count as captured by that player
//!   once known (a lot, [`LastFour::Lot`], favours nobody).
//!
//! The weights are round numbers checked by self-play matches (see
//! docs/ai.md), not tuned to the last decimal.

use mancala_rules::{Award, Capture, LastFour, Position, Rules, Side, Starved};

pub mod learned;
mod weights;

use learned::{learned_for, TableEval};

/// The evaluation a search values its horizon with.
// One lives in each searcher and is never moved in the search, so the
// hand-set variant's size costs nothing, and a box would cost a load at
// every leaf.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The hand-set weights ([`Weights::for_rules`]), table-driven.
    HandSet(Evaluator),
    /// Tables learned from games for these exact rules
    /// ([`learned::Learned`]).
    Learned(TableEval),
}

impl Evaluation {
    /// The best evaluation for these rules: the learned one where the rules
    /// have one, else the hand-set one.
    pub fn for_rules(rules: &Rules) -> Evaluation {
        match learned_for(rules) {
            Some(learned) => Evaluation::Learned(TableEval::new(rules, learned)),
            None => Evaluation::hand_set(rules),
        }
    }

    /// The hand-set evaluation, whatever the rules.
    pub fn hand_set(rules: &Rules) -> Evaluation {
        Evaluation::HandSet(Evaluator::new(rules, Weights::for_rules(rules)))
    }

    /// The value of `pos` for its player to move, in tenths of a seed.
    #[inline]
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        match self {
            Evaluation::HandSet(e) => e.evaluate(rules, pos),
            Evaluation::Learned(t) => t.evaluate(rules, pos),
        }
    }

    /// Whether this is a learned evaluation.
    pub fn is_learned(&self) -> bool {
        matches!(self, Evaluation::Learned(_))
    }
}

/// Weights, in tenths of a seed.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    pub captured: i32,
    pub own_row: i32,
    pub target_pit: i32,
    pub big_pit: i32,
    pub empty_opponent: i32,
}

impl Weights {
    pub fn for_rules(rules: &Rules) -> Weights {
        let own_row = match rules.leftover {
            Award::OwnRow => 3,
            Award::Split => 1,
            Award::Uncaptured | Award::ToPlayerToMove => 1,
        };
        let empty_opponent = match rules.starved {
            Starved::GameEnds(Award::ToPlayerToMove) => -20,
            _ => 5,
        };
        Weights { captured: 10, own_row, target_pit: 2, big_pit: 4, empty_opponent }
    }
}

/// The heuristic value of `pos` for its player to move.
#[inline]
pub fn evaluate(rules: &Rules, weights: &Weights, pos: &Position) -> i32 {
    let me = pos.to_move();
    let them = !me;
    let captured = pos.captured();
    let owed = owed_last_four(rules, pos, me);
    let mut value = weights.captured * (captured[me] as i32 - captured[them] as i32 + owed);
    let n = rules.pits_per_row as usize;
    let pits = pos.pits();
    let (mine, theirs) = if me == Side::South {
        (&pits[..n], &pits[n..2 * n])
    } else {
        (&pits[n..2 * n], &pits[..n])
    };
    let lap = 2 * n as u8 - 1;
    let fours = matches!(rules.capture, Capture::Fours { .. });
    let mut row_diff = 0i32;
    let mut targets = 0i32;
    let mut big = 0i32;
    let mut theirs_empty = true;
    for i in 0..n {
        let (a, b) = (mine[i], theirs[i]);
        row_diff += a as i32 - b as i32;
        theirs_empty &= b == 0;
        if fours {
            targets += (b == 3) as i32 - (a == 3) as i32;
        } else {
            targets += (b == 1 || b == 2) as i32 - (a == 1 || a == 2) as i32;
        }
        big += (a > lap) as i32 - (b > lap) as i32;
    }
    value += weights.own_row * row_diff + weights.target_pit * targets + weights.big_pit * big;
    if theirs_empty {
        value += weights.empty_opponent;
    }
    value
}

/// [`evaluate`] with its per-pit terms read from a table made once for the
/// rules and weights: the same value in a third of the instructions (the
/// search values every leaf with it). A pit of `s` seeds is worth
/// `own_row * s`, less `target_pit` if it is open to capture, plus
/// `big_pit` if it goes round the board, to its owner: the value is the
/// mover's pits' worth less the opponent's, as [`evaluate`] sums it term by
/// term.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    /// A pit's worth by its seeds.
    pit: [i32; 256],
}

impl Evaluator {
    pub fn new(rules: &Rules, weights: Weights) -> Evaluator {
        let lap = 2 * rules.pits_per_row as usize - 1;
        let fours = matches!(rules.capture, Capture::Fours { .. });
        let pit = std::array::from_fn(|s| {
            let open = if fours { s == 3 } else { s == 1 || s == 2 };
            weights.own_row * s as i32 - weights.target_pit * open as i32
                + weights.big_pit * (s > lap) as i32
        });
        Evaluator { weights, pit }
    }

    /// [`evaluate`]`(rules, weights, pos)` for the rules and weights given
    /// to [`Evaluator::new`].
    #[inline]
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        let me = pos.to_move();
        let captured = pos.captured();
        let owed = owed_last_four(rules, pos, me);
        let w = &self.weights;
        let mut value = w.captured * (captured[me] as i32 - captured[!me] as i32 + owed);
        let (mine, theirs) = (pos.row(me), pos.row(!me));
        let mut any = 0u8;
        for (&a, &b) in mine.iter().zip(theirs) {
            value += self.pit[a as usize] - self.pit[b as usize];
            any |= b;
        }
        if any == 0 {
            value += w.empty_opponent;
        }
        value
    }
}

/// Seeds of the last four owed to `me` (positive) or to the opponent
/// (negative) by the rules: under [`LastFour::FirstLapCapturer`] they go to
/// the player noted in [`Position::first_lap_capture`] whoever takes the
/// penultimate four, so they are worth as much as seeds already captured.
#[inline]
fn owed_last_four(rules: &Rules, pos: &Position, me: Side) -> i32 {
    match (rules.capture, pos.first_lap_capture()) {
        (Capture::Fours { last_four: LastFour::FirstLapCapturer }, Some(side)) => {
            if side == me {
                4
            } else {
                -4
            }
        }
        _ => 0,
    }
}

/// The linear evaluation: a weighted sum of named features of a position,
/// each counted for the player to move minus the same for the opponent
/// (except `empty_opponent`). Its weights can be set (the Python package's
/// `Engine(..., weights=[...])`, for evolving players); with
/// [`Linear::hand_set`] it values every position exactly as [`evaluate`]
/// does. The features, in order, for a board of `n` pits a row:
///
/// | name | what it counts |
/// |---|---|
/// | `captured` | seeds captured (and the last four owed under [`LastFour::FirstLapCapturer`]) |
/// | `pit_1` .. `pit_n` | seeds in one's `k`-th pit (in sowing order) |
/// | `mobility` | one's non-empty pits (the moves one could sow) |
/// | `open_pits` | the opponent's pits open to capture minus one's own: holding 1 or 2 seeds (3 under Anywoli's fours) |
/// | `reach` | seeds that one's sowing would drop in the opponent's row on its first lap |
/// | `big_pits` | pits holding enough seeds to go round the board |
/// | `empty_opponent` | 1 when the opponent's row is empty, else 0 |
///
/// The value is in tenths of a seed, rounded, for the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    weights: Vec<f32>,
}

/// The fixed features' names (the per-pit ones come between `captured` and
/// `mobility`).
const LINEAR_TAIL: [&str; 5] = ["mobility", "open_pits", "reach", "big_pits", "empty_opponent"];

impl Linear {
    /// The names of the features under these rules, in weight order.
    pub fn feature_names(rules: &Rules) -> Vec<String> {
        let mut names = vec!["captured".to_string()];
        names.extend((1..=rules.pits_per_row).map(|k| format!("pit_{k}")));
        names.extend(LINEAR_TAIL.iter().map(|s| s.to_string()));
        names
    }

    /// How many features (and weights) the rules have.
    pub fn len(rules: &Rules) -> usize {
        1 + rules.pits_per_row as usize + LINEAR_TAIL.len()
    }

    /// A linear evaluation with these weights, one per feature (see
    /// [`Linear::feature_names`]); refused if the count is wrong or a weight
    /// is not a finite number.
    pub fn new(rules: &Rules, weights: Vec<f32>) -> Result<Linear, String> {
        let want = Linear::len(rules);
        if weights.len() != want {
            return Err(format!(
                "{} weights given; these rules have {want} features: {}",
                weights.len(),
                Linear::feature_names(rules).join(", ")
            ));
        }
        if let Some((i, w)) = weights.iter().enumerate().find(|(_, w)| !w.is_finite()) {
            return Err(format!("weight {i} ({w}) is not a finite number"));
        }
        Ok(Linear { weights })
    }

    /// The weights that value every position as [`evaluate`] does.
    pub fn hand_set(rules: &Rules) -> Linear {
        let w = Weights::for_rules(rules);
        let mut weights = vec![w.captured as f32];
        weights.extend((0..rules.pits_per_row).map(|_| w.own_row as f32));
        weights.extend([0.0, w.target_pit as f32, 0.0, w.big_pit as f32, w.empty_opponent as f32]);
        Linear { weights }
    }

    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The features of `pos` for its player to move, in weight order.
    pub fn features(rules: &Rules, pos: &Position) -> Vec<f32> {
        let mut out = [0.0; MAX_FEATURES];
        let len = features_into(rules, pos, &mut out);
        out[..len].to_vec()
    }

    /// The value of `pos` for its player to move, in tenths of a seed.
    #[inline]
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        let mut out = [0.0; MAX_FEATURES];
        let len = features_into(rules, pos, &mut out);
        let sum: f32 = out[..len].iter().zip(&self.weights).map(|(f, w)| f * w).sum();
        sum.round().clamp(-1.0e6, 1.0e6) as i32
    }
}

/// The most features any rules have (12 pits a row).
const MAX_FEATURES: usize = 1 + 12 + LINEAR_TAIL.len();

/// Writes the features of `pos` into `out`; returns how many.
#[inline]
fn features_into(rules: &Rules, pos: &Position, out: &mut [f32; MAX_FEATURES]) -> usize {
    let n = rules.pits_per_row as usize;
    let me = pos.to_move();
    let captured = pos.captured();
    out[0] = (captured[me] as i32 - captured[!me] as i32 + owed_last_four(rules, pos, me)) as f32;
    let (mine, theirs) = (pos.row(me), pos.row(!me));
    let lap = 2 * n as u8 - 1;
    let fours = matches!(rules.capture, Capture::Fours { .. });
    let open = |s: u8| if fours { s == 3 } else { s == 1 || s == 2 };
    // Seeds of the pit `i` places from the row's start that land in the
    // other row on their first lap.
    let reach = |i: usize, s: u8| (s as usize).saturating_sub(n - 1 - i).min(n) as f32;
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let (mut mobility, mut targets, mut reached, mut big) = (0.0, 0.0, 0.0, 0.0);
    let mut theirs_empty = true;
    for i in 0..n {
        let (a, b) = (mine[i], theirs[i]);
        out[1 + i] = a as f32 - b as f32;
        mobility += flag(a > 0) - flag(b > 0);
        targets += flag(open(b)) - flag(open(a));
        reached += reach(i, a) - reach(i, b);
        big += flag(a > lap) - flag(b > lap);
        theirs_empty &= b == 0;
    }
    out[n + 1..n + 6].copy_from_slice(&[mobility, targets, reached, big, flag(theirs_empty)]);
    n + 6
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::{Game, RULESETS};

    /// With the hand-set weights the linear evaluation is the default one,
    /// on every ruleset, along random games.
    #[test]
    fn hand_set_linear_weights_value_positions_as_the_default_evaluation() {
        let mut rng = fastrand::Rng::with_seed(7);
        for r in RULESETS {
            let rules = r.rules;
            let weights = Weights::for_rules(&rules);
            let linear = Linear::hand_set(&rules);
            assert_eq!(linear.weights().len(), Linear::feature_names(&rules).len());
            for _ in 0..20 {
                let mut game = Game::new(rules);
                while !game.is_over() {
                    let pos = *game.position();
                    assert_eq!(linear.evaluate(&rules, &pos), evaluate(&rules, &weights, &pos));
                    let legal = game.legal_moves();
                    game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
                }
            }
        }
    }

    /// The table-driven evaluator values every position as [`evaluate`]
    /// does, on every ruleset, along random games and on boards with big
    /// pits and empty rows.
    #[test]
    fn the_evaluator_values_positions_as_evaluate_does() {
        let mut rng = fastrand::Rng::with_seed(11);
        for r in RULESETS {
            let rules = r.rules;
            let weights = Weights::for_rules(&rules);
            let fast = Evaluator::new(&rules, weights);
            let mut positions = Vec::new();
            for _ in 0..20 {
                let mut game = Game::new(rules);
                while !game.is_over() {
                    positions.push(*game.position());
                    let legal = game.legal_moves();
                    game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
                }
            }
            let n = rules.pits_per_row as usize;
            let seeds = 2 * n as u32 * 4;
            // All the seeds in one pit, then in one row, either side to move.
            for (pit, side) in [(0, "S"), (2 * n - 1, "N"), (n, "S"), (n - 1, "N")] {
                let mut pits = vec!["0".to_string(); 2 * n];
                pits[pit] = seeds.to_string();
                let text = format!("{}/{} 0-0 {side}", pits[..n].join(","), pits[n..].join(","));
                positions.push(rules.parse_position(&text).unwrap());
            }
            assert!(positions.len() > 100);
            for pos in positions {
                assert_eq!(fast.evaluate(&rules, &pos), evaluate(&rules, &weights, &pos), "{pos}");
            }
        }
    }

    #[test]
    fn features_of_the_start_and_of_a_lopsided_position() {
        let rules = mancala_rules::ruleset("oware-abapa").unwrap().rules;
        let names = Linear::feature_names(&rules);
        assert_eq!(names.len(), 12);
        assert_eq!(names[1], "pit_1");
        assert_eq!(names[7], "mobility");
        // Symmetric start: every feature is 0.
        assert!(Linear::features(&rules, &rules.start()).iter().all(|&f| f == 0.0));
        let pos = rules.parse_position("0,0,0,0,1,20/2,0,0,0,0,0 20-5 S").unwrap();
        let f = Linear::features(&rules, &pos);
        let get = |name: &str| f[names.iter().position(|n| n == name).unwrap()];
        assert_eq!(get("captured"), 15.0);
        assert_eq!(get("pit_1"), -2.0);
        assert_eq!(get("pit_6"), 20.0);
        assert_eq!(get("mobility"), 1.0);
        // North's A (2 seeds) is open; South's e (1 seed) is open.
        assert_eq!(get("open_pits"), 0.0);
        // e: 1 seed stays home (f); f: 20 seeds, 6 reach North's row on the
        // first lap. North's A: 2 seeds stay in North's row.
        assert_eq!(get("reach"), 6.0);
        assert_eq!(get("big_pits"), 1.0);
        assert_eq!(get("empty_opponent"), 0.0);
    }

    /// A search with the hand-set weights as a linear evaluation finds
    /// what a search with the hand-set evaluation finds (whether or not
    /// the ruleset has learned tables); other weights change what it
    /// values.
    #[test]
    fn a_search_with_hand_set_weights_matches_the_hand_set_search() {
        use crate::search::{Limits, Searcher};
        for id in ["barbados-warri-speightstown", "anywoli"] {
            let rules = mancala_rules::ruleset(id).unwrap().rules;
            let mut game = Game::new(rules);
            let mut rng = fastrand::Rng::with_seed(3);
            for _ in 0..8 {
                let legal = game.legal_moves();
                game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
            }
            let mut plain = Searcher::new(rules);
            plain.set_evaluation(Evaluation::hand_set(&rules));
            let mut linear = Searcher::new(rules);
            linear.set_linear(Some(Linear::hand_set(&rules)));
            let (a, b) =
                (plain.search(&game, Limits::depth(5)), linear.search(&game, Limits::depth(5)));
            assert_eq!((a.best, a.score), (b.best, b.score), "{id}");
            let mut other = vec![0.0; Linear::len(&rules)];
            other[0] = 10.0;
            other[Linear::len(&rules) - 4] = 7.0;
            linear.set_linear(Some(Linear::new(&rules, other).unwrap()));
            let c = linear.search(&game, Limits::depth(5));
            assert!(c.best.is_some());
        }
    }

    #[test]
    fn wrong_weights_are_refused_with_the_feature_names() {
        let rules = mancala_rules::ruleset("wahree").unwrap().rules;
        let error = Linear::new(&rules, vec![1.0; 3]).unwrap_err();
        assert!(error.contains("12 features") && error.contains("open_pits"), "{error}");
        assert!(Linear::new(&rules, vec![f32::NAN; 12]).is_err());
        assert!(Linear::new(&rules, vec![1.0; 12]).is_ok());
    }
}
