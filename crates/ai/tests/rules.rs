//! Positions where a rule changes the best move, solved exactly by the
//! search: the engine must understand each ruleset, not just play mancala.
//! (Found with `cargo run --release -p mancala-ai --example rule_positions`.)

use mancala_ai::{Limits, Score, SearchOptions, Searcher, Wdl};
use mancala_rules::{ruleset, Game, Pit};
use std::time::Duration;

/// An exact search (the table keeps the histories, no move is reduced)
/// under `limits`.
fn exact(limits: Limits) -> SearchOptions<'static> {
    SearchOptions::new(limits).exact()
}

/// The exact value, for the player to move in `position`, of playing `pit`.
fn value_of(id: &str, position: &str, pit: &str) -> Score {
    let rules = ruleset(id).unwrap().rules;
    let pos = rules.parse_position(position).unwrap();
    let mut game = Game::from_position(rules, pos);
    let mover = pos.to_move();
    game.play(Pit::parse(pit, &rules).unwrap()).unwrap();
    let after = *game.position();
    if after.is_over() {
        return Score::of_outcome(&rules, &after, mover);
    }
    let report = Searcher::new(rules).search(
        &game,
        exact(Limits { depth: Some(100), nodes: Some(50_000_000), ..Limits::default() }),
    );
    assert!(report.exact, "{id}: {position} then {pit} not solved");
    if after.to_move() == mover {
        report.score
    } else {
        -report.score
    }
}

/// The exact value of `position` and its best move.
fn solve(id: &str, position: &str) -> (Score, char) {
    let rules = ruleset(id).unwrap().rules;
    let game = Game::from_position(rules, rules.parse_position(position).unwrap());
    let report = Searcher::new(rules).search(
        &game,
        exact(Limits { depth: Some(100), nodes: Some(50_000_000), ..Limits::default() }),
    );
    assert!(report.exact, "{id}: {position} not solved");
    (report.score, report.best.unwrap().letter(&rules))
}

#[test]
fn a_grand_slam_is_valued_by_each_ruleset_s_own_award() {
    // f sows into A and B, making 2 and 2: the whole of North's row.
    let position = "1,0,0,0,0,2/1,1,0,0,0,0 22-21 S";
    // Speightstown: 26 is past 25, South wins at once; a's seed stays.
    assert_eq!(value_of("barbados-warri-speightstown", position, "f"), Score::proven(Wdl::Win, 5));
    // Bridgetown: the seed left is split to the row that holds it.
    assert_eq!(value_of("barbados-warri-bridgetown", position, "f"), Score::proven(Wdl::Win, 6));
    // Wahree: a wipe-out ends the game and South takes the board too.
    assert_eq!(value_of("wahree", position, "f"), Score::proven(Wdl::Win, 6));
    // (Abapa loses this position whatever South plays: see the next test.)
}

/// The proven result, for the player to move in `position`, of playing
/// `pit` (by the bounds of `mancala_ai::solve`, for lines too long to see to
/// their end).
fn result_of(id: &str, position: &str, pit: &str) -> Wdl {
    let rules = ruleset(id).unwrap().rules;
    let pos = rules.parse_position(position).unwrap();
    let mut game = Game::from_position(rules, pos);
    game.play(Pit::parse(pit, &rules).unwrap()).unwrap();
    let after = *game.position();
    if after.is_over() {
        return Score::of_outcome(&rules, &after, pos.to_move()).result();
    }
    let solution = mancala_ai::solve(
        &game,
        mancala_ai::Limits::time(Duration::from_secs(60)),
        None,
        &mut mancala_ai::stop_at_result,
    );
    let result =
        solution.result().unwrap_or_else(|| panic!("{id}: {position} then {pit} not proven"));
    if after.to_move() == pos.to_move() {
        result
    } else {
        result.flip()
    }
}

#[test]
fn a_grand_slam_wins_in_speightstown_and_loses_in_abapa_where_it_captures_nothing() {
    // f makes A and B 2 each: North's whole row. e takes A's 2 only.
    let position = "0,0,0,0,2,2/1,1,0,0,0,0 21-21 S";
    assert_eq!(value_of("barbados-warri-speightstown", position, "f"), Score::proven(Wdl::Win, 4));
    assert_eq!(result_of("oware-abapa", position, "f"), Wdl::Loss);
    assert_eq!(result_of("oware-abapa", position, "e"), Wdl::Win);
}

#[test]
fn speightstown_award_to_the_player_without_seeds_changes_the_plan_against_bridgetown_split() {
    let position = "0,0,0,1,0,1/2,1,1,0,0,0 21-21 S";
    let s = |pit| value_of("barbados-warri-speightstown", position, pit);
    let b = |pit| value_of("barbados-warri-bridgetown", position, pit);
    assert!(s("d") > s("f"), "Speightstown: d {} f {}", s("d"), s("f"));
    assert!(b("f") > b("d"), "Bridgetown: f {} d {}", b("f"), b("d"));
    assert_eq!(solve("barbados-warri-speightstown", position).0, s("d"));
    assert_eq!(solve("barbados-warri-bridgetown", position).0, b("f"));
}

#[test]
fn the_search_returns_a_legal_move_in_every_ruleset_from_the_start() {
    for r in mancala_rules::RULESETS {
        let game = Game::new(r.rules);
        let report = Searcher::new(r.rules).search(&game, Limits::depth(5));
        let best: Pit = report.best.unwrap();
        assert!(game.legal_moves().contains(best), "{}", r.id);
        assert_eq!(report.pv.first(), Some(&best));
    }
}
