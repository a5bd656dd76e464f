//! Players: MCTS, the strength levels, and the simple ones, in real games.

use mancala_ai::{Limits, Mcts, Player, PlayerSpec, Score, SearchOptions, Searcher, LEVELS};
use mancala_rules::{ruleset, Game, Side, RULESETS};

/// Plays a game between two players; `south` moves first. Returns the winner.
fn play(
    rules: mancala_rules::Rules,
    south: &mut Player,
    north: &mut Player,
    opening: u64,
) -> Option<Side> {
    let mut game = Game::new(rules);
    let mut rng = fastrand::Rng::with_seed(opening);
    for _ in 0..2 {
        let legal = game.legal_moves();
        game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
    }
    while !game.is_over() {
        let player =
            if game.position().to_move() == Side::South { &mut *south } else { &mut *north };
        let pit = player.choose(&game, None).expect("a move while the game goes on");
        assert!(game.legal_moves().contains(pit));
        game.play(pit).unwrap();
    }
    game.position().outcome().unwrap().winner
}

#[test]
fn every_player_plays_legal_moves_to_the_end_in_every_ruleset() {
    for r in RULESETS {
        for spec in
            ["random", "greedy", "level:1", "level:4", "mcts:iterations=300", "ab:nodes=3000"]
        {
            let spec: PlayerSpec = spec.parse().unwrap();
            let mut a = Player::new(spec, r.rules, 1);
            let mut b = Player::new(PlayerSpec::Random, r.rules, 2);
            play(r.rules, &mut a, &mut b, 3);
        }
    }
}

#[test]
fn mcts_beats_random_play() {
    let rules = ruleset("wahree").unwrap().rules;
    let mut wins = 0;
    for g in 0..10 {
        let mut mcts = Player::new("mcts:iterations=2000".parse().unwrap(), rules, g);
        let mut random = Player::new(PlayerSpec::Random, rules, g + 100);
        let winner = if g % 2 == 0 {
            play(rules, &mut mcts, &mut random, g)
        } else {
            play(rules, &mut random, &mut mcts, g)
        };
        let mcts_side = if g % 2 == 0 { Side::South } else { Side::North };
        wins += (winner == Some(mcts_side)) as u32;
    }
    assert!(wins >= 9, "MCTS won only {wins} of 10 against random play");
}

#[test]
fn mcts_takes_a_winning_capture() {
    // Speightstown: f takes North's whole row and reaches 26.
    let rules = ruleset("barbados-warri").unwrap().rules;
    let pos = rules.parse_position("1,0,0,0,0,2/1,1,0,0,0,0 22-21 S").unwrap();
    let game = Game::from_position(rules, pos);
    let report = Mcts::new(rules, 1).search(&game, Limits::nodes(3000));
    assert_eq!(report.best.unwrap().letter(&rules), 'f');
}

#[test]
fn a_higher_level_beats_a_lower_one() {
    let rules = ruleset("oware-abapa").unwrap().rules;
    let (mut high_points, games) = (0.0, 20);
    for g in 0..games {
        let mut high = Player::new(PlayerSpec::Level(5), rules, g);
        let mut low = Player::new(PlayerSpec::Level(2), rules, g + 1000);
        let (winner, high_side) = if g % 2 == 0 {
            (play(rules, &mut high, &mut low, g / 2), Side::South)
        } else {
            (play(rules, &mut low, &mut high, g / 2), Side::North)
        };
        high_points += match winner {
            Some(w) if w == high_side => 1.0,
            None => 0.5,
            Some(_) => 0.0,
        };
    }
    assert!(high_points >= 15.0, "level 5 scored {high_points} of {games} against level 2");
}

#[test]
fn levels_never_throw_away_a_proven_win_or_walk_into_a_proven_loss() {
    // In the grand-slam puzzle every level takes the win.
    let rules = ruleset("barbados-warri").unwrap().rules;
    let pos = rules.parse_position("1,0,0,0,0,2/1,1,0,0,0,0 22-21 S").unwrap();
    let game = Game::from_position(rules, pos);
    for level in LEVELS.iter().filter(|l| l.limits.time.is_none()) {
        for seed in 0..10 {
            let mut player = Player::new(PlayerSpec::Level(level.number), rules, seed);
            assert_eq!(
                player.choose(&game, None).unwrap().letter(&rules),
                'f',
                "level {}",
                level.number
            );
        }
    }
}

#[test]
fn low_levels_make_mistakes_and_high_levels_fewer() {
    // Mistakes (a move worth at least a seed less than the best, by a
    // depth-8 search) on a fixed set of positions.
    let rules = ruleset("wahree").unwrap().rules;
    let mut rng = fastrand::Rng::with_seed(9);
    let mut positions = Vec::new();
    while positions.len() < 40 {
        let mut game = Game::new(rules);
        for _ in 0..rng.usize(6..40) {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
        }
        if game.legal_moves().len() >= 3 {
            positions.push(game);
        }
    }
    let mut reference = Searcher::new(rules);
    let every = SearchOptions::new(Limits::depth(8)).every_root_move();
    let values: Vec<Vec<(mancala_rules::Pit, Score)>> =
        positions.iter().map(|g| reference.search(g, every).root).collect();
    let mistakes = |level: u8| {
        let mut player = Player::new(PlayerSpec::Level(level), rules, 5);
        positions
            .iter()
            .zip(&values)
            .filter(|(g, root)| {
                let pit = player.choose(g, None).unwrap();
                let best = root.iter().map(|m| m.1).max().unwrap();
                let chosen = root.iter().find(|m| m.0 == pit).unwrap().1;
                best.0 - chosen.0 >= 10
            })
            .count()
    };
    let (one, six) = (mistakes(1), mistakes(6));
    assert!(one > six, "level 1: {one} mistakes, level 6: {six}");
    assert!(one >= 8, "level 1 made only {one} mistakes in 40 positions");
}

/// `Clock::Thread`: a timed search stops after its own processor time, so
/// it does the same work on a busy machine as on an idle one.
#[cfg(target_os = "linux")]
#[test]
fn a_think_time_on_the_thread_clock_is_the_threads_processor_time() {
    use mancala_ai::clock::{thread_time, Clock};
    use std::time::Duration;
    let rules = ruleset("oware-abapa").unwrap().rules;
    let game = Game::new(rules);
    let budget = Duration::from_millis(80);
    let limits = Limits { time: Some(budget), clock: Clock::Thread, ..Limits::default() };
    let before = thread_time().unwrap();
    let report = Searcher::new(rules).search(&game, limits);
    let used = thread_time().unwrap() - before;
    assert!(report.best.is_some() && report.depth >= 4, "{report:?}");
    assert!(used >= budget, "stopped after {used:?} of processor time");
    assert!(used < budget + Duration::from_millis(400), "ran on for {used:?}");
    // The same for MCTS.
    let before = thread_time().unwrap();
    let limits = Limits::time(budget).on(Clock::Thread);
    assert!(Mcts::new(rules, 1).search(&game, limits).best.is_some());
    let used = thread_time().unwrap() - before;
    assert!(used >= budget && used < budget + Duration::from_millis(400), "{used:?}");
}
