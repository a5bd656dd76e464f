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
//! game is one that ended, however, before each side had made
//! [`MOVES_TO_COUNT`] moves (lichess's rule): its result stands on the
//! record, but it says nothing about the players' strength, so it is not
//! rated. A game that ends by resignation, time or abandonment after both
//! have moved twice is rated like any other.
//!
//! And the same two accounts' rated games count at most
//! [`PAIR_GAMES_A_DAY`] in any 24 hours: two accounts of one person (or two
//! friends) trading resignations cannot farm a rating. A game beyond that
//! stays on the record, unrated.
//!
//! Each rated game is its own Glicko-2 rating period (see `rating.rs`):
//! before it, each player's deviation grows with the time since their last
//! rated game in that ruleset; then each is rated against the other's
//! rating from before the game.
//!
//! To make a game between two known seats (a lobby pairing, a tournament
//! round), other modules call [`crate::api::create_seated_game`].

use crate::game::{new_game, GameRow, Mode, Status};
use crate::rating::{periods, Rating, RatingRow};
use mancala_rules::{ruleset_version, Pit};

/// Moves each side must have made for a game to count (fewer: aborted).
pub const MOVES_TO_COUNT: u32 = 2;

/// Rated games between the same two accounts that count in 24 hours.
pub const PAIR_GAMES_A_DAY: u32 = 3;

/// How many of a game's moves each side (south, north) made, given the
/// side to move before each move, counted up to [`MOVES_TO_COUNT`]: a
/// game's moves do not simply alternate (extra turns, passes).
pub fn moves_by_side(sides: impl IntoIterator<Item = mancala_rules::Side>) -> [u32; 2] {
    let mut counts = [0u32; 2];
    for side in sides {
        counts[side.index()] += 1;
        if counts.iter().all(|&n| n >= MOVES_TO_COUNT) {
            break;
        }
    }
    counts
}

/// Whether these counts (from [`moves_by_side`]) make a finished game
/// aborted.
pub fn too_short(counts: [u32; 2]) -> bool {
    counts.iter().any(|&n| n < MOVES_TO_COUNT)
}

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

/// How many of these moves each side (south, north) made, up to
/// [`MOVES_TO_COUNT`]: the moves are replayed, since they do not simply
/// alternate.
pub fn movers(row: &GameRow, moves: &[String]) -> Result<[u32; 2], String> {
    let ruleset =
        ruleset_version(&row.ruleset, row.version).map_err(|e| format!("game {}: {e}", row.id))?;
    let mut game = new_game(ruleset, row).map_err(|e| format!("game {}: {e}", row.id))?;
    let mut sides = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let pit = Pit::parse(text, &ruleset.rules)
            .map_err(|e| format!("game {} move {}: {e}", row.id, i + 1))?;
        sides.push(game.position().to_move());
        if !too_short(moves_by_side(sides.iter().copied())) {
            break;
        }
        game.play(pit).map_err(|e| format!("game {} move {} ({text}): {e}", row.id, i + 1))?;
    }
    Ok(moves_by_side(sides))
}

/// Whether a finished game was aborted: a side made fewer than
/// [`MOVES_TO_COUNT`] moves.
pub fn aborted(row: &GameRow, moves: &[String]) -> bool {
    row.status == Status::Finished && movers(row, moves).is_ok_and(too_short)
}

/// From when the pair's earlier rated games count against
/// [`PAIR_GAMES_A_DAY`] for a game that ended at `ended`.
pub fn pair_since(ended: i64) -> i64 {
    ended - 86_400
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
/// moves, to tell an aborted game; `pair_today` is how many rated games of
/// the same two accounts counted in the 24 hours before this one ended
/// (see [`pair_since`]). The game ends at `row.updated`.
pub fn settle(
    row: &GameRow,
    moves: &[String],
    stored: [Option<&RatingRow>; 2],
    pair_today: u32,
) -> Result<Option<Settlement>, String> {
    if row.status != Status::Finished {
        return Ok(None);
    }
    let Some((south, north)) = rated_players(row) else { return Ok(None) };
    let Some(score) = row.result.map(crate::game::GameResult::south_score) else {
        return Ok(None);
    };
    if too_short(movers(row, moves)?) || pair_today >= PAIR_GAMES_A_DAY {
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
