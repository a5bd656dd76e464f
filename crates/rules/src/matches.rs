//! Match play: "first to six wins" in Barbados.

use crate::side::Side;

/// A match between two players, `0` and `1`. Player 0 plays South in the
/// first game and the players alternate colours every game; draws do not
/// count; the first player to win `first_to` games wins the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    first_to: u32,
    /// Winner of each game so far, as a player index (`None`: draw).
    games: Vec<Option<usize>>,
}

/// A game result offered to a match that is already decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOver {
    pub winner: usize,
}

impl std::fmt::Display for MatchOver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the match is over: player {} has won it", self.winner + 1)
    }
}

impl std::error::Error for MatchOver {}

impl Match {
    /// The Barbados match: first to six wins.
    pub const BARBADOS_FIRST_TO: u32 = 6;

    /// A match won by the first to win `first_to` games (at least 1).
    pub fn new(first_to: u32) -> Match {
        Match { first_to: first_to.max(1), games: Vec::new() }
    }

    pub fn first_to(&self) -> u32 {
        self.first_to
    }

    /// The player (0 or 1) who plays `side` in the next game.
    pub fn player(&self, side: Side) -> usize {
        (self.games.len() + side.index()) % 2
    }

    /// Records the result of the next game, given as the winning side
    /// (`None` for a draw).
    pub fn record(&mut self, winner: Option<Side>) -> Result<(), MatchOver> {
        if let Some(winner) = self.winner() {
            return Err(MatchOver { winner });
        }
        let player = winner.map(|side| self.player(side));
        self.games.push(player);
        Ok(())
    }

    /// Games won by each player.
    pub fn score(&self) -> [u32; 2] {
        let mut score = [0, 0];
        for p in self.games.iter().flatten() {
            score[*p] += 1;
        }
        score
    }

    /// Games played, draws included.
    pub fn games_played(&self) -> usize {
        self.games.len()
    }

    /// The player who has won the match, if any.
    pub fn winner(&self) -> Option<usize> {
        let score = self.score();
        (0..2).find(|&p| score[p] >= self.first_to)
    }
}
