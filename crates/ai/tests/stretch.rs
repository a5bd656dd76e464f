//! The exhaustive solver under the repetition rule (`mancala_ai::stretch`)
//! against the plainest possible reference: a minimax over win/draw/loss on
//! the real game tree, each line played by `Game` (which applies the
//! repetition rule along the game's own history) to its end, with no table
//! and no depth limit. Tiny positions only, where that tree is small.

use mancala_ai::stretch::{Stopped, StretchSolver};
use mancala_rules::{Game, Position, Rules, Side, Wdl, RULESETS};

/// The result for `side` of `game` with perfect play, by brute force;
/// `None` if that takes more than `budget` positions (the tree of a tiny
/// position can still be large where seeds circulate for long).
fn reference(game: &mut Game, side: Side, budget: &mut u64) -> Option<Wdl> {
    if game.is_over() {
        return Some(Wdl::for_side(game.rules().winner_of(game.position()), side));
    }
    *budget = budget.checked_sub(1)?;
    let maximise = game.position().to_move() == side;
    let mut best = if maximise { Wdl::Loss } else { Wdl::Win };
    for pit in game.legal_moves() {
        game.play(pit).unwrap();
        let value = reference(game, side, budget);
        game.undo();
        let value = value?;
        best = if maximise { best.max(value) } else { best.min(value) };
        if best == if maximise { Wdl::Win } else { Wdl::Loss } {
            break;
        }
    }
    Some(best)
}

/// [`reference`] within 200,000 positions.
fn brute(game: &Game, side: Side) -> Option<Wdl> {
    reference(&mut game.clone(), side, &mut 200_000)
}

/// A position with `seeds` seeds on the board at random, the rest of the
/// ruleset's seeds split about evenly between the stores (so that nobody
/// has won yet), a random side to move.
fn tiny(rules: &Rules, seeds: u32, rng: &mut fastrand::Rng) -> Position {
    let pits = 2 * usize::from(rules.pits_per_row);
    let mut board = vec![0u8; pits];
    for _ in 0..seeds {
        board[rng.usize(..pits)] += 1;
    }
    let rest = rules.total_seeds() - seeds;
    let south = rest / 2 - rng.u32(0..=1);
    let captured = mancala_rules::BySide::new(south as u8, (rest - south) as u8);
    let side = if rng.bool() { Side::South } else { Side::North };
    rules.setup_unchecked(&board, captured, side)
}

/// The rulesets both solvers take on at these sizes: every one but
/// Anywoli's, whose 24 pits let two seeds circulate too long for brute
/// force (and the lot's, which no position holds).
fn two_by_six() -> impl Iterator<Item = &'static mancala_rules::Ruleset> {
    RULESETS.iter().filter(|r| r.rules.pits_per_row == 6 && StretchSolver::supports(&r.rules))
}

/// A [`tiny`] position after up to `moves` random moves (which give it a
/// history unless one captures); `None` if the game ended.
fn after_random_moves(
    rules: &Rules,
    seeds: u32,
    moves: usize,
    rng: &mut fastrand::Rng,
) -> Option<Game> {
    let mut game = Game::from_position(*rules, tiny(rules, seeds, rng));
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let legal = game.legal_moves();
        game.play(legal.into_iter().nth(rng.usize(..legal.len())).unwrap()).unwrap();
    }
    (!game.is_over()).then_some(game)
}

fn split(game: &Game) -> (Vec<Position>, Position) {
    let seen = game.repeatable_positions();
    (seen[..seen.len() - 1].to_vec(), seen[seen.len() - 1])
}

#[test]
fn the_stretch_solver_equals_brute_force_with_and_without_history_in_every_two_by_six_ruleset() {
    let mut rng = fastrand::Rng::with_seed(34);
    let mut with_history = 0;
    let mut by_result = [0usize; 3];
    for ruleset in two_by_six() {
        let rules = ruleset.rules;
        // One solver for every root of the ruleset: what one root proved
        // must hold for the next.
        let mut shared = StretchSolver::new(rules, None);
        for _ in 0..60 {
            let seeds = rng.u32(2..=3);
            let Some(game) = after_random_moves(&rules, seeds, rng.usize(0..6), &mut rng) else {
                continue;
            };
            let side = game.position().to_move();
            let Some(expected) = brute(&game, side) else { continue };
            let (history, pos) = split(&game);
            with_history += usize::from(!history.is_empty());
            by_result[expected as usize] += 1;
            for (how, solver) in [
                ("shared", &mut shared),
                ("fresh", &mut StretchSolver::new(rules, None)),
                ("plain order", &mut StretchSolver::new(rules, None).plain_order()),
            ] {
                let got = solver.solve(&history, &pos).result;
                assert_eq!(
                    got,
                    Ok(expected),
                    "{}: {} after {} moves of history ({how})",
                    ruleset.id,
                    pos,
                    history.len()
                );
            }
            // Each first move's result, as the reference finds it.
            for (pit, result) in shared.move_results(&history, &pos) {
                let mut child = game.clone();
                child.play(pit).unwrap();
                if let Some(expected) = brute(&child, side) {
                    assert_eq!(result, Ok(expected), "{}: {pos} {pit:?}", ruleset.id);
                }
            }
        }
    }
    assert!(with_history > 100, "{with_history} roots with a history");
    assert!(by_result.iter().all(|&n| n > 20), "wins, draws, losses: {by_result:?}");
}

#[test]
fn a_position_whose_history_decides_it_gets_its_history_value() {
    // Where the same position has another value after some history (a move
    // that repeats a position then ends the game), the solver given that
    // history finds the history's value, and without it the fresh value.
    let mut rng = fastrand::Rng::with_seed(7);
    let mut differing = 0;
    for ruleset in two_by_six() {
        let rules = ruleset.rules;
        for _ in 0..150 {
            let Some(game) = after_random_moves(&rules, 3, 8, &mut rng) else { continue };
            if game.repeatable_positions().len() < 2 {
                continue;
            }
            let side = game.position().to_move();
            let fresh = Game::from_position(rules, *game.position());
            let (Some(with), Some(without)) = (brute(&game, side), brute(&fresh, side)) else {
                continue;
            };
            if with == without {
                continue;
            }
            differing += 1;
            let mut solver = StretchSolver::new(rules, None);
            let (history, pos) = split(&game);
            assert_eq!(solver.solve(&history, &pos).result, Ok(with), "{}: {pos}", ruleset.id);
            assert_eq!(solver.solve(&[], &pos).result, Ok(without), "{}: {pos}", ruleset.id);
        }
    }
    assert!(differing > 10, "{differing} positions whose history changes their value");
}

#[test]
fn a_search_out_of_positions_says_so() {
    let rules = mancala_rules::ruleset("oware-abapa").unwrap().rules;
    let start = rules.start();
    let outcome = StretchSolver::new(rules, None).node_limit(Some(1000)).solve(&[], &start);
    assert_eq!(outcome.result, Err(Stopped::Nodes));
    assert!(outcome.nodes <= 1000);
}

#[test]
fn with_a_database_the_stretch_solver_still_equals_brute_force() {
    // The database answers positions right after a capture, and in
    // Speightstown (every cycle a draw) it bounds positions with history
    // too: neither may change a result.
    use mancala_ai::egdb::Egdb;
    let mut rng = fastrand::Rng::with_seed(35);
    let mut compared = 0;
    for ruleset in two_by_six() {
        let rules = ruleset.rules;
        let db = Egdb::build_in_memory(ruleset, 4).unwrap();
        let mut solver = StretchSolver::new(rules, Some(&db));
        let mut hits = 0;
        for _ in 0..60 {
            let (seeds, moves) = (rng.u32(2..=3), rng.usize(0..6));
            let Some(game) = after_random_moves(&rules, seeds, moves, &mut rng) else { continue };
            let side = game.position().to_move();
            let Some(expected) = brute(&game, side) else { continue };
            let (history, pos) = split(&game);
            let got = solver.solve(&history, &pos);
            assert_eq!(
                got.result,
                Ok(expected),
                "{}: {pos} after {} moves",
                ruleset.id,
                history.len()
            );
            compared += 1;
            hits = got.database_hits;
        }
        assert!(hits > 0, "{}: the database answered nothing", ruleset.id);
    }
    assert!(compared > 100, "{compared} compared");
}

/// The bounds that need no history (`mancala_ai::cycle_bounds`) hold the
/// brute-force value of every tiny position taken without history, in
/// every 2 x 6 ruleset, with one shared table (what one stretch kept is
/// what the next stops at); and they are not vacuous: more than a third
/// of them meet (about half in Oware, where each row goes to its owner).
#[test]
fn the_bounds_without_history_hold_the_value_and_often_meet() {
    use mancala_ai::cycle_bounds::CycleBounds;
    let mut rng = fastrand::Rng::with_seed(36);
    for ruleset in two_by_six() {
        let rules = ruleset.rules;
        assert!(CycleBounds::supports(&rules), "{}", ruleset.id);
        let mut bounds = CycleBounds::new(rules, None);
        let mut small = CycleBounds::new(rules, None).max_stretch(20);
        let (mut checked, mut met) = (0, 0);
        for _ in 0..150 {
            let pos = tiny(&rules, rng.u32(2..=4), &mut rng);
            let game = Game::from_position(rules, pos);
            if game.is_over() {
                continue;
            }
            let Some(expected) = brute(&game, pos.to_move()) else { continue };
            let (lo, hi) = bounds.bounds(&pos).unwrap();
            assert!(
                lo <= expected && expected <= hi,
                "{}: {pos}: {expected:?} outside {lo:?}..{hi:?}",
                ruleset.id
            );
            // Stretches given up on as too large leave bounds that hold.
            let (lo, hi) = small.bounds(&pos).unwrap();
            assert!(lo <= expected && expected <= hi, "{}: {pos} (small)", ruleset.id);
            checked += 1;
            met += usize::from(lo == hi);
        }
        // With a history: the history's positions are ends of the graph.
        for _ in 0..40 {
            let Some(game) = after_random_moves(&rules, rng.u32(2..=3), rng.usize(1..8), &mut rng)
            else {
                continue;
            };
            let Some(expected) = brute(&game, game.position().to_move()) else { continue };
            let (history, pos) = split(&game);
            let (lo, hi) = bounds.bounds_after(&history, &pos).unwrap();
            assert!(
                lo <= expected && expected <= hi,
                "{}: {pos} after {history:?}: {expected:?} outside {lo:?}..{hi:?}",
                ruleset.id
            );
        }
        assert!(checked > 60, "{}: {checked} checked", ruleset.id);
        assert!(3 * met > checked, "{}: the bounds met at {met} of {checked}", ruleset.id);
        assert!(small.stats().too_large > 0, "{}: no stretch over 20 positions", ruleset.id);
    }
}

/// With the bounds on, the stretch solver still finds brute force's value,
/// with and without history, also with a database beside it.
#[test]
fn the_stretch_solver_with_bounds_equals_brute_force() {
    use mancala_ai::egdb::Egdb;
    let mut rng = fastrand::Rng::with_seed(37);
    let (mut compared, mut settled) = (0, 0);
    for ruleset in two_by_six() {
        let rules = ruleset.rules;
        let db = Egdb::build_in_memory(ruleset, 2).unwrap();
        let mut plain = StretchSolver::new(rules, None).cycle_bounds(true);
        let mut with_db = StretchSolver::new(rules, Some(&db)).cycle_bounds(true);
        for _ in 0..50 {
            let (seeds, moves) = (rng.u32(2..=3), rng.usize(0..8));
            let Some(game) = after_random_moves(&rules, seeds, moves, &mut rng) else { continue };
            let side = game.position().to_move();
            let Some(expected) = brute(&game, side) else { continue };
            let (history, pos) = split(&game);
            // Without its history first, so that its stretch is bounded
            // and the search with history has bounds to widen.
            let fresh = Game::from_position(rules, pos);
            if let Some(without) = brute(&fresh, side) {
                assert_eq!(plain.solve(&[], &pos).result, Ok(without), "{}: {pos}", ruleset.id);
            }
            for (how, solver) in [("plain", &mut plain), ("database", &mut with_db)] {
                let outcome = solver.solve(&history, &pos);
                if !history.is_empty() {
                    // The count is the solver's since it was made.
                    settled = settled.max(outcome.bounded);
                }
                let got = outcome.result;
                assert_eq!(
                    got,
                    Ok(expected),
                    "{}: {pos} after {} moves ({how})",
                    ruleset.id,
                    history.len()
                );
            }
            // Each first move, searched knowing the position's own value.
            for (pit, result) in plain.move_results_below(&history, &pos, expected) {
                let mut child = game.clone();
                child.play(pit).unwrap();
                if let Some(theirs) = brute(&child, side) {
                    assert_eq!(result, Ok(theirs), "{}: {pos} {pit:?}", ruleset.id);
                }
            }
            compared += 1;
        }
        assert!(plain.cycle_bounds_stats().unwrap().stretches > 0, "{}", ruleset.id);
    }
    assert!(compared > 100, "{compared} compared");
    assert!(settled > 0, "no position was settled by the bounds");
}
