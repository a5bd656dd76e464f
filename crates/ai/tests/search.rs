//! The alpha-beta search against plain minimax with the repetition rule
//! applied along the path, on positions reached by random play (so with
//! history) and on small set-up positions where seeds circulate and cycles
//! are within reach.

use mancala_ai::search::minimax;
use mancala_ai::{Limits, Score, SearchOptions, Searcher};
use mancala_rules::{BySide, Game, Rules, Side, RULESETS};

/// A game after `plies` random moves from `start` (or fewer if it ends).
fn random_game(
    rules: Rules,
    start: mancala_rules::Position,
    plies: usize,
    rng: &mut fastrand::Rng,
) -> Game {
    let mut game = Game::from_position(rules, start);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pit = legal.into_iter().nth(rng.usize(..legal.len())).unwrap();
        game.play(pit).unwrap();
    }
    game
}

/// A random set-up position with `seeds` on the board (a multiple of four
/// for Anywoli), the rest captured.
fn small_position(rules: &Rules, seeds: u32, rng: &mut fastrand::Rng) -> mancala_rules::Position {
    let pits = rules.pit_count();
    let mut board = vec![0u8; pits];
    for _ in 0..seeds {
        board[rng.usize(..pits)] += 1;
    }
    let rest = rules.total_seeds() - seeds;
    let south = rng.u32(..=rest).min(24);
    let captured = BySide::new(south as u8, (rest - south) as u8);
    let side = if rng.bool() { Side::South } else { Side::North };
    rules.setup_unchecked(&board, captured, side)
}

fn check(game: &Game, depth: u32, searcher: &mut Searcher) {
    searcher.clear();
    // Table values reused only at their own depth: exactly minimax's value.
    let report = searcher.search(game, SearchOptions::new(Limits::depth(depth)).strict_depth());
    let expected = minimax(game, depth);
    if report.exact && report.depth < depth {
        // The search saw every line end before `depth`: the value is exact,
        // so minimax at any greater depth agrees.
        assert_eq!(report.score, expected, "exact value differs at {}", game.position());
    } else {
        assert_eq!(report.score, expected, "depth {depth} at {}", game.position());
    }
    if !game.is_over() {
        let best = report.best.expect("a move while the game goes on");
        assert!(game.legal_moves().contains(best));
    }
}

#[test]
fn search_equals_minimax_on_random_positions_for_every_ruleset() {
    let mut rng = fastrand::Rng::with_seed(7);
    for ruleset in RULESETS {
        let rules = ruleset.rules;
        let mut searcher = Searcher::with_table(rules, 1);
        let max_depth = if rules.pits_per_row == 12 { 3 } else { 4 };
        for _ in 0..40 {
            let plies = rng.usize(0..80);
            let game = random_game(rules, rules.start(), plies, &mut rng);
            for depth in 1..=max_depth {
                check(&game, depth, &mut searcher);
            }
        }
    }
}

#[test]
fn search_equals_minimax_where_seeds_circulate_and_cycles_are_reachable() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut cycles_seen = 0;
    for ruleset in RULESETS {
        let rules = ruleset.rules;
        let mut searcher = Searcher::with_table(rules, 1);
        for _ in 0..60 {
            let seeds = if rules.pits_per_row == 12 { 4 * rng.u32(1..=2) } else { rng.u32(1..=5) };
            let start = small_position(&rules, seeds, &mut rng);
            let game = random_game(rules, start, rng.usize(0..10), &mut rng);
            // Cycles are within reach from here: random play to the end
            // often meets one.
            let ended = random_game(rules, *game.position(), 10_000, &mut rng);
            if ended
                .position()
                .outcome()
                .is_some_and(|o| o.reason == mancala_rules::EndReason::Cycle)
            {
                cycles_seen += 1;
            }
            for depth in [1, 3, 6, 9] {
                check(&game, depth, &mut searcher);
            }
        }
    }
    // The positions are small enough that random games often cycle.
    assert!(cycles_seen > 50, "{cycles_seen} cycles");
}

#[test]
fn unlimited_depth_solves_tiny_positions_exactly() {
    let mut rng = fastrand::Rng::with_seed(3);
    let rules = mancala_rules::ruleset("wahree").unwrap().rules;
    let mut searcher = Searcher::with_table(rules, 1);
    let mut solved = 0;
    for _ in 0..50 {
        let start = small_position(&rules, rng.u32(1..=3), &mut rng);
        let game = Game::from_position(rules, start);
        let report = searcher.search(&game, SearchOptions::new(Limits::default()).exact());
        if report.exact && !game.is_over() {
            solved += 1;
            assert_eq!(report.score, minimax(&game, report.depth + 2));
            assert!(
                report.score.is_decisive()
                    || report.score.0 % 10 == 0
                    || report.score == Score::ZERO
            );
        }
    }
    assert!(solved > 10, "only {solved} solved");
}

/// The repetition rule in a playing search, whose table is keyed on the
/// position alone: a value that a repetition of the route's history
/// decided must not be reused for the same position reached by another
/// route. Positions whose value at depth 2 depends on their history are
/// searched first with that history, then by the same searcher with none:
/// the second search must give plain minimax's value for its own (empty)
/// history. (The other way round is the table's known approximation: a
/// value found where no repetition was in reach can still be reused where
/// the history would make the line repeat; see the module's documentation
/// of `mancala_ai::search`.)
#[test]
fn a_playing_search_reuses_no_value_that_a_repetition_of_another_route_decided() {
    let mut rng = fastrand::Rng::with_seed(23);
    let mut routes = 0;
    for ruleset in RULESETS {
        let rules = ruleset.rules;
        for _ in 0..400 {
            let seeds = if rules.pits_per_row == 12 { 4 } else { rng.u32(1..=3) };
            let start = small_position(&rules, seeds, &mut rng);
            let mut game = Game::from_position(rules, start);
            for _ in 0..40 {
                if game.is_over() {
                    break;
                }
                let fresh = Game::from_position(rules, *game.position());
                if minimax(&game, 2) != minimax(&fresh, 2) {
                    routes += 1;
                    let mut searcher = Searcher::with_table(rules, 1);
                    searcher.search(&game, Limits::depth(2));
                    let report = searcher.search(&fresh, Limits::depth(2));
                    assert_eq!(
                        report.score,
                        minimax(&fresh, 2),
                        "{}: {} searched after the same position with {} moves of history",
                        ruleset.id,
                        fresh.position(),
                        game.moves().len()
                    );
                }
                let legal = game.legal_moves();
                game.play(legal.into_iter().nth(rng.usize(..legal.len())).unwrap()).unwrap();
            }
        }
    }
    // Enough positions where the route decides the value to mean something.
    assert!(routes > 100, "{routes} positions whose value depends on their route");
}
