//! Reviewing a played game: each position searched, each move valued
//! against the best one, mistakes flagged. Shared by `mancala analyse` and
//! the web platform's review page.

use crate::search::{Limits, Oracle, SearchOptions, Searcher};
use crate::Score;
use mancala_rules::{Game, IllegalMove, Pit, Side};

/// One move of a game, valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// Who played it.
    pub mover: Side,
    pub played: Pit,
    /// The search's move for the position, when it is not the one played.
    pub better: Option<Pit>,
    /// The position's value for the mover: what the best move keeps.
    pub best: Score,
    /// What the move played keeps, for the mover.
    pub kept: Score,
}

impl MoveValue {
    /// What the move gave away, in tenths of a seed (0 for the best move).
    pub fn lost(&self) -> i32 {
        (self.best.0 - self.kept.0).max(0)
    }

    /// Whether the move changed the result the position held (a won game
    /// drawn or lost, a drawn one lost).
    pub fn changes_result(&self) -> bool {
        self.kept.result() != self.best.result()
    }

    /// A mistake: a better move existed, and this one gave away at least
    /// `threshold` tenths of a seed or changed the result.
    pub fn is_mistake(&self, threshold: i32) -> bool {
        self.better.is_some() && (self.lost() >= threshold || self.changes_result())
    }
}

/// A score from the mover's point of view, seen by `side`.
pub fn for_side(score: Score, mover: Side, side: Side) -> Score {
    if mover == side {
        score
    } else {
        -score
    }
}

/// Values `pit` played in `game` (its current position) with one search of
/// the position under `limits`, every root move valued exactly (not as a
/// bound).
pub fn value_move(
    searcher: &mut Searcher,
    game: &Game,
    pit: Pit,
    limits: Limits,
    oracle: Option<&dyn Oracle>,
) -> Result<MoveValue, IllegalMove> {
    let mover = game.position().to_move();
    let options = SearchOptions::new(limits).oracle(oracle).every_root_move();
    let report = searcher.search(game, options);
    let kept = match report.root.iter().find(|m| m.0 == pit) {
        Some(m) => m.1,
        // Not searched: the database ruled it out as worsening the result.
        // Value it from the position it leads to.
        None => value_after(searcher, game, pit, limits, oracle)?,
    };
    let better = report.best.filter(|&b| b != pit);
    Ok(MoveValue { mover, played: pit, better, best: report.score, kept })
}

/// The value, for the player to move, of playing `pit` in `game`.
fn value_after(
    searcher: &mut Searcher,
    game: &Game,
    pit: Pit,
    limits: Limits,
    oracle: Option<&dyn Oracle>,
) -> Result<Score, IllegalMove> {
    let mover = game.position().to_move();
    let mut after = game.clone();
    after.play(pit)?;
    let pos = *after.position();
    if pos.is_over() {
        return Ok(Score::of_outcome(game.rules(), &pos, mover));
    }
    let options = SearchOptions::new(limits).oracle(oracle).every_root_move();
    let report = searcher.search(&after, options);
    Ok(for_side(report.score, pos.to_move(), mover))
}

/// Values every move of a game from `start`, one search per position under
/// `limits`, with one searcher (its table carries over from move to move).
/// `each` sees every move's value as it is found. Fails on the first move
/// that is not legal, leaving the values found so far in `each`'s hands.
pub fn analyse(
    start: &Game,
    moves: &[Pit],
    limits: Limits,
    oracle: Option<&dyn Oracle>,
    each: &mut dyn FnMut(usize, &MoveValue),
) -> Result<Vec<MoveValue>, IllegalMove> {
    let mut game = start.clone();
    let mut searcher = Searcher::new(*game.rules());
    let mut values = Vec::with_capacity(moves.len());
    for (i, &pit) in moves.iter().enumerate() {
        let value = value_move(&mut searcher, &game, pit, limits, oracle)?;
        each(i, &value);
        values.push(value);
        game.play(pit)?;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::ruleset;

    #[test]
    fn a_move_that_misses_a_grand_slam_is_a_mistake_and_the_slam_is_not() {
        // The grand-slam puzzle: South wins with f, and a throws it away.
        let ruleset = ruleset("barbados-warri-speightstown").unwrap();
        let rules = ruleset.rules;
        let start = rules.parse_position("1,0,0,0,0,2/1,1,0,0,0,0 22-21 S").unwrap();
        let game = Game::from_position(rules, start);
        let a = Pit::parse("a", &rules).unwrap();
        let f = Pit::parse("f", &rules).unwrap();
        let values = analyse(&game, &[a], Limits::depth(6), None, &mut |_, _| {}).unwrap();
        let a_value = values[0];
        assert_eq!(a_value.better, Some(f));
        assert!(a_value.changes_result() && a_value.is_mistake(10), "{a_value:?}");
        let values = analyse(&game, &[f], Limits::depth(6), None, &mut |_, _| {}).unwrap();
        assert_eq!(values[0].better, None);
        assert_eq!(values[0].lost(), 0);
        assert!(!values[0].is_mistake(10));
        assert!(values[0].best.is_decisive() && values[0].best.0 > 0);
    }

    #[test]
    fn an_illegal_move_is_an_error() {
        let ruleset = ruleset("wahree").unwrap();
        let game = Game::new(ruleset.rules);
        let north = Pit::parse("A", &ruleset.rules).unwrap();
        assert!(analyse(&game, &[north], Limits::depth(2), None, &mut |_, _| {}).is_err());
    }
}
