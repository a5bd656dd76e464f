//! Rated games: which games count for the ratings, and what they do to
//! them. Pure rules, no storage: both stores call [`settle`] inside the
//! transaction that stores a game's end, so that a rated game's ratings
//! change exactly once, together with its result (a crash leaves either
//! both or neither; see `store/rated.rs`).
//!
//! A game is rated when both players agreed to it (the creator asked for a
//! rated game, the joiner took the seat knowing it), both seats are held by
//! signed-in accounts (two different ones), it is played online between two
//! people (never against the computer), and it is not *aborted*. An aborted
//! game is one that ended, however, before each side had made a move: its
//! result stands on the record, but it says nothing about the players'
//! strength, so it is not rated. A game that ends by resignation, time or
//! abandonment after both have moved is rated like any other.
//!
//! Each rated game is its own Glicko-2 rating period (see `rating.rs`):
//! before it, each player's deviation grows with the time since their last
//! rated game in that ruleset; then each is rated against the other's
//! rating from before the game.
//!
//! To make a game between two known seats (a lobby pairing, a tournament
//! round), other modules call [`crate::api::create_seated_game`].

use crate::live::new_game;
use crate::rating::{periods, Rating};
use crate::store::{GameRow, Mode, RatingRow, Status};
use mancala_rules::{ruleset_version, Pit};

/// The two accounts (south's, north's) of a game that counts for the
/// ratings once it has ended: `None` for a game that never can (casual,
/// against the computer, at one screen, a guest's seat, one account on both
/// seats).
pub fn rated_players(row: &GameRow) -> Option<(&str, &str)> {
    if !row.rated || row.mode != Mode::Online || row.computer.is_some() {
        return None;
    }
    let (Some(south), Some(north)) = (row.south_player.as_deref(), row.north_player.as_deref())
    else {
        return None;
    };
    (south != north).then_some((south, north))
}

/// Which sides (south, north) made at least one of these moves. A game's
/// moves do not simply alternate: some rules give extra turns or make a
/// player without seeds pass, so the moves are replayed.
pub fn movers(row: &GameRow, moves: &[String]) -> Result<[bool; 2], String> {
    let ruleset =
        ruleset_version(&row.ruleset, row.version).map_err(|e| format!("game {}: {e}", row.id))?;
    let mut game = new_game(ruleset, row).map_err(|e| format!("game {}: {e}", row.id))?;
    let mut moved = [false, false];
    for (i, text) in moves.iter().enumerate() {
        let pit = Pit::parse(text, &ruleset.rules)
            .map_err(|e| format!("game {} move {}: {e}", row.id, i + 1))?;
        moved[game.position().to_move().index()] = true;
        if moved == [true, true] {
            break;
        }
        game.play(pit).map_err(|e| format!("game {} move {} ({text}): {e}", row.id, i + 1))?;
    }
    Ok(moved)
}

/// Whether a finished game was aborted: one side never moved.
pub fn aborted(row: &GameRow, moves: &[String]) -> bool {
    row.status == Status::Finished && movers(row, moves).is_ok_and(|m| m != [true, true])
}

/// South's score in a finished game: 1 a win, 0.5 a draw, 0 a loss.
fn south_score(result: Option<&str>) -> Option<f64> {
    match result? {
        "south" => Some(1.0),
        "north" => Some(0.0),
        "draw" => Some(0.5),
        _ => None,
    }
}

/// A player's rating as it stands at `at` (seconds since the epoch): the
/// stored one with the deviation grown for the time since their last rated
/// game; a newcomer's (1500, 350, 0.06) if they have none.
pub fn rating_at(stored: Option<&RatingRow>, at: i64) -> Rating {
    match stored {
        Some(r) => Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
            .after_idle(periods(at - r.rated)),
        None => Rating::default(),
    }
}

/// What a rated game's end does to the ratings: each player's new rating
/// row, and the history row of the game for each.
#[derive(Clone, Debug, PartialEq)]
pub struct Settlement {
    /// South's, then north's: the account and the new rating row.
    pub players: [(String, RatingRow); 2],
    /// South's, then north's: the rating before the game (time away
    /// counted), for the history's change.
    pub before: [Rating; 2],
}

/// The ratings after a finished game, or `None` if it does not count for
/// them (see the module's rules). `stored` holds each account's rating in
/// the game's ruleset before it (south's, north's); `moves` are the game's
/// moves, to tell an aborted game. The game ends at `row.updated`.
pub fn settle(
    row: &GameRow,
    moves: &[String],
    stored: [Option<&RatingRow>; 2],
) -> Result<Option<Settlement>, String> {
    if row.status != Status::Finished {
        return Ok(None);
    }
    let Some((south, north)) = rated_players(row) else { return Ok(None) };
    let Some(score) = south_score(row.result.as_deref()) else { return Ok(None) };
    if movers(row, moves)? != [true, true] {
        return Ok(None);
    }
    let at = row.updated;
    let before = [rating_at(stored[0], at), rating_at(stored[1], at)];
    let after =
        [before[0].after_game(before[1], score), before[1].after_game(before[0], 1.0 - score)];
    let scores = [score, 1.0 - score];
    let rows = [0, 1].map(|i| {
        let old = stored[i];
        let count = |won: bool| u32::from(won);
        RatingRow {
            ruleset: row.ruleset.clone(),
            rating: after[i].rating,
            deviation: after[i].deviation,
            volatility: after[i].volatility,
            games: old.map_or(0, |r| r.games) + 1,
            won: old.map_or(0, |r| r.won) + count(scores[i] == 1.0),
            drawn: old.map_or(0, |r| r.drawn) + count(scores[i] == 0.5),
            lost: old.map_or(0, |r| r.lost) + count(scores[i] == 0.0),
            rated: at,
        }
    });
    let [south_row, north_row] = rows;
    Ok(Some(Settlement {
        players: [(south.to_string(), south_row), (north.to_string(), north_row)],
        before,
    }))
}
