//! Compositions: a position a person sets, proven by the solver before it
//! is published (the Anuak compose endgame problems; so can our players).
//!
//! [`compose`] proves the value of every move of the side to move, keeps
//! the moves that hold the best result, and, from the first of them (the
//! key), plays the proof's line on as a puzzle's solution is played: the
//! defence's best reply, the solver's only move that keeps the result, to
//! the game's end or to where the solver has more than one way. Where the
//! key is the only move that keeps a win or a draw, the composition is also
//! a [`Puzzle`] and is solved like one.

use crate::generate::MAX_LINE;
use crate::prove::{keeping, Need, Prover};
use crate::{kind_of, seed_rating_of, Puzzle};
use mancala_rules::{Game, Pit, Ruleset, Wdl};

/// A proven composition.
#[derive(Clone, Debug, PartialEq)]
pub struct Composition {
    /// The result for the side to move, under perfect play.
    pub value: Wdl,
    /// The first moves that keep that result, in board order; the first is
    /// the key.
    pub keeping: Vec<Pit>,
    /// The key, then the line of the proof (see the module).
    pub line: Vec<Pit>,
    /// As a puzzle, where the key is the only move keeping a win or a draw.
    pub puzzle: Option<Puzzle>,
}

impl Composition {
    /// Whether the key is the only move that keeps the result.
    pub fn unique(&self) -> bool {
        self.keeping.len() == 1
    }
}

/// Why a position was not proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotProven {
    /// The game is already over at the position.
    Over,
    /// The solver ran out of its node budget on this part of the proof.
    Budget(&'static str),
}

impl std::fmt::Display for NotProven {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotProven::Over => f.write_str("the game is already over in this position"),
            NotProven::Budget(what) => {
                write!(f, "the solver could not prove {what} within its limit")
            }
        }
    }
}

/// Proves a composition at `game`'s position (its history counts, as the
/// rules count it; a composition is set up without one). `id` names the
/// puzzle it becomes where it is one.
pub fn compose(
    ruleset: &'static Ruleset,
    game: &Game,
    prover: &mut Prover<'_>,
    id: &str,
) -> Result<Composition, NotProven> {
    if game.is_over() {
        return Err(NotProven::Over);
    }
    let values =
        prover.move_values(game, Need::Result).ok_or(NotProven::Budget("the first moves"))?;
    let best = values.iter().map(|&(_, s)| s.result()).max().expect("a game not over has moves");
    let keep = keeping(&values, Need::Result);
    let key = keep[0];
    let solver = game.position().to_move();
    let mut line_game = game.clone();
    let mut line = vec![key];
    line_game.play(key).map_err(|_| NotProven::Budget("the key move"))?;
    while !line_game.is_over() && line.len() < MAX_LINE {
        let values =
            prover.move_values(&line_game, Need::Result).ok_or(NotProven::Budget("the line"))?;
        let here = keeping(&values, Need::Result);
        if line_game.position().to_move() == solver && here.len() != 1 {
            break;
        }
        let pit = here[0];
        if line_game.play(pit).is_err() {
            break;
        }
        line.push(pit);
    }
    let puzzle = (keep.len() == 1 && best != Wdl::Loss).then(|| Puzzle {
        id: id.to_string(),
        ruleset,
        position: *game.position(),
        kind: kind_of(game, key, best, false),
        moves: line.clone(),
        result: best,
        rating: seed_rating_of(game, &line, &keep),
    });
    Ok(Composition { value: best, keeping: keep, line, puzzle })
}
