//! Players with an endgame database: never a move that worsens the exact
//! result the database gives.

use mancala_ai::egdb::play::winning_move;
use mancala_ai::egdb::Egdb;
use mancala_ai::{Oracle, Player, PlayerSpec, Score, Wdl};
use mancala_rules::{BySide, Game, Position, Rules, Ruleset, Side, RULESETS};
use std::ops::ControlFlow;

#[test]
fn with_a_database_the_player_never_worsens_the_exact_result() {
    let mut rng = fastrand::Rng::with_seed(17);
    for ruleset in RULESETS.iter().filter(|r| r.rules.pits_per_row == 6) {
        let rules = ruleset.rules;
        let db = Egdb::build_in_memory(ruleset, 6).unwrap();
        let mut checked = 0;
        let mut tries = 0;
        while checked < 150 && tries < 20_000 {
            tries += 1;
            // A set-up position (no history) with up to 6 seeds on the board.
            let seeds = rng.u32(2..=6);
            let pos = random_position(&rules, &mut rng, seeds);
            let Some(before) = db.result(&pos) else { continue };
            let game = Game::from_position(rules, pos);
            if game.legal_moves().len() < 2 {
                continue;
            }
            // A shallow search, so that only the database can know.
            let mut player = Player::new("ab:depth=1".parse::<PlayerSpec>().unwrap(), rules, 1);
            let pit = player.choose(&game, Some(&db)).unwrap();
            let child = rules.play_unchecked(&pos, pit);
            let after = if child.is_over() {
                Score::of_outcome(&rules, &child, pos.to_move()).result()
            } else {
                let r = db.result(&child).expect("a known result after a move that keeps it");
                if child.to_move() == pos.to_move() {
                    r
                } else {
                    r.flip()
                }
            };
            assert_eq!(after, before, "{}: {pos} then {}", ruleset.id, pit.letter(&rules));
            checked += 1;
        }
        assert!(checked >= 100, "{}: only {checked} positions", ruleset.id);
    }
}

#[test]
fn where_the_database_has_no_exact_result_the_player_avoids_the_moves_it_calls_lost() {
    // Oware (Abapa): an unresolved position (the result depends on how the
    // seeds circulate) has no exact result, but some of its moves may lead
    // to positions the database calls lost, most of them quiet moves,
    // which the search does not look up.
    let ruleset = RULESETS.iter().find(|r| r.id == "oware-abapa").unwrap();
    let rules = ruleset.rules;
    let db = Egdb::build_in_memory(ruleset, 6).unwrap();
    let mut rng = fastrand::Rng::with_seed(29);
    let (mut checked, mut blind_losses) = (0, 0);
    let mut tries = 0;
    while checked < 100 && tries < 200_000 {
        tries += 1;
        let seeds = rng.u32(3..=6);
        let pos = random_position(&rules, &mut rng, seeds);
        if pos.is_over() || db.probe(&pos).is_none() || db.result(&pos).is_some() {
            continue;
        }
        let game = Game::from_position(rules, pos);
        let lost = |pit: mancala_rules::Pit| {
            let child = rules.play_unchecked(&pos, pit);
            let r = if child.is_over() {
                Some(Score::of_outcome(&rules, &child, pos.to_move()).result())
            } else {
                db.result(&child)
                    .map(|r| if child.to_move() == pos.to_move() { r } else { r.flip() })
            };
            r == Some(Wdl::Loss)
        };
        let losing = game.legal_moves().filter(|&p| lost(p)).count();
        if losing == 0 || losing == game.legal_moves().len() {
            continue;
        }
        let spec = "ab:depth=1".parse::<PlayerSpec>().unwrap();
        let with_db = Player::new(spec, rules, 1).choose(&game, Some(&db)).unwrap();
        assert!(!lost(with_db), "{pos}: {} leads to a loss", with_db.letter(&rules));
        let without = Player::new(spec, rules, 1).choose(&game, None).unwrap();
        blind_losses += lost(without) as u32;
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} positions");
    // The same search without the database walks into some of them.
    assert!(blind_losses > 0, "no position where the database made a difference");
}

/// A set-up position with `seeds` seeds on the board, captures near even.
fn random_position(rules: &Rules, rng: &mut fastrand::Rng, seeds: u32) -> Position {
    let mut board = vec![0u8; 12];
    for _ in 0..seeds {
        board[rng.usize(..12)] += 1;
    }
    let rest = 48 - seeds;
    let south = rng.u32(rest / 2 - 3..=rest / 2 + 3);
    let side = if rng.bool() { Side::South } else { Side::North };
    rules.setup_unchecked(&board, BySide::new(south as u8, (rest - south) as u8), side)
}

/// Plays `games` games from set-up positions the database knows, with `spec`
/// on both sides and the database given to both, under the real rules
/// (repetition included), and returns the games whose result differs from
/// the database's, with the number of games by starting result (won,
/// drawn, lost) and plies.
fn play_out(
    ruleset: &Ruleset,
    db: &Egdb,
    spec: &str,
    games: usize,
    seeds: std::ops::RangeInclusive<u32>,
    rng: &mut fastrand::Rng,
) -> (Vec<String>, [usize; 3], usize) {
    let rules = ruleset.rules;
    let (mut differ, mut by_result, mut plies) = (Vec::new(), [0usize; 3], 0);
    let mut tries = 0;
    while by_result.iter().sum::<usize>() < games && tries < 100 * games {
        tries += 1;
        let n = rng.u32(seeds.clone());
        let pos = random_position(&rules, rng, n);
        let Some(before) = db.result(&pos) else { continue };
        // Fewer draws: they are most of Speightstown's positions.
        if pos.is_over() || (before == Wdl::Draw && rng.u32(..4) != 0) {
            continue;
        }
        let mut game = Game::from_position(rules, pos);
        let mut players = [
            Player::new(spec.parse::<PlayerSpec>().unwrap(), rules, 1),
            Player::new(spec.parse::<PlayerSpec>().unwrap(), rules, 2),
        ];
        while !game.is_over() && game.moves().len() < 5_000 {
            let who = if game.position().to_move() == Side::South { 0 } else { 1 };
            let pit = players[who].choose(&game, Some(db)).unwrap();
            game.play(pit).unwrap();
        }
        plies += game.moves().len();
        let after = Score::of_outcome(&rules, game.position(), pos.to_move()).result();
        if after != before {
            differ.push(format!(
                "{pos}: {} for the side to move, but {} after {} plies: {}",
                before.name(),
                after.name(),
                game.moves().len(),
                game.moves().iter().map(|p| p.letter(&rules)).collect::<String>()
            ));
        }
        by_result[2 - before as usize] += 1;
    }
    (differ, by_result, plies)
}

/// The database knows positions without history, and holds results, not
/// distances. Played to the end under the real repetition rule, with the
/// database on both sides and a search too shallow to see far, a game from
/// a set-up position must still end with the database's result: the winner
/// makes progress instead of walking in a circle that ends the game as a
/// cycle, and a side that draws or loses never lets the result slip.
#[test]
fn a_database_result_survives_the_repetition_rule_to_the_end_of_the_game() {
    let mut rng = fastrand::Rng::with_seed(29);
    for ruleset in RULESETS.iter().filter(|r| r.rules.pits_per_row == 6) {
        let db = Egdb::build_in_memory(ruleset, 8).unwrap();
        let (differ, by_result, plies) = play_out(ruleset, &db, "ab:depth=2", 120, 4..=8, &mut rng);
        eprintln!("{}: {by_result:?} games (won, drawn, lost), {plies} plies", ruleset.id);
        assert!(differ.is_empty(), "{}:\n{}", ruleset.id, differ.join("\n"));
        assert!(by_result[0] >= 40, "{}: {by_result:?}", ruleset.id);
    }
}

/// The same on a database file, and how far and how hard the way to win a
/// won position is: `EGDB` (the file), `SEEDS` (seeds on the board, e.g.
/// `20-24`), `GAMES`, `SAMPLE` (won positions timed), `SPEC`.
///
/// `EGDB=egdb/oware-abapa.egdb SEEDS=20-24 cargo test --release -p mancala-ai
/// --test egdb_play -- --ignored --nocapture database_file`
#[test]
#[ignore = "needs a database file; minutes"]
fn a_database_file_result_survives_the_repetition_rule() {
    let var = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.into());
    let path = std::path::PathBuf::from(var("EGDB", "egdb/oware-abapa.egdb"));
    let db = Egdb::open_any(&path).unwrap();
    let ruleset = *db.ruleset();
    let rules = ruleset.rules;
    let seeds = var("SEEDS", "16-20");
    let (lo, hi) = seeds.split_once('-').unwrap_or((&seeds, &seeds));
    let seeds = lo.parse::<u32>().unwrap()..=hi.parse::<u32>().unwrap();
    let mut rng = fastrand::Rng::with_seed(31);

    let sample: usize = var("SAMPLE", "200").parse().unwrap();
    let (mut found, mut tried, mut plies, mut nodes, mut worst) = (0, 0, Vec::new(), 0u64, 0u64);
    let started = std::time::Instant::now();
    while tried < sample {
        let n = rng.u32(seeds.clone());
        let pos = random_position(&rules, &mut rng, n);
        if pos.is_over() || db.result(&pos) != Some(Wdl::Win) {
            continue;
        }
        tried += 1;
        if let Some(way) = winning_move(&rules, &db, &[], &pos, 1_000_000, None) {
            found += 1;
            plies.push(way.plies);
            nodes += way.nodes;
            worst = worst.max(way.nodes);
        }
    }
    plies.sort_unstable();
    let at = |q: f64| plies.get(((plies.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0);
    eprintln!(
        "{}: way to win found for {found} of {tried} won positions in {:.1} s; \
         plies median {}, 90% {}, max {}; nodes mean {}, max {worst}",
        ruleset.id,
        started.elapsed().as_secs_f64(),
        at(0.5),
        at(0.9),
        at(1.0),
        nodes / found.max(1) as u64,
    );

    let games: usize = var("GAMES", "100").parse().unwrap();
    let spec = var("SPEC", "ab:depth=2");
    let started = std::time::Instant::now();
    let (differ, by_result, total) = play_out(&ruleset, &db, &spec, games, seeds, &mut rng);
    eprintln!(
        "{}: {by_result:?} games (won, drawn, lost), {total} plies, {} differ, {:.1} s",
        ruleset.id,
        differ.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(differ.is_empty(), "{}:\n{}", ruleset.id, differ.join("\n"));
}

/// `solve` with a database: for a position the database calls won, the line
/// it prints is a game the root player wins (its final scores say so), not
/// a walk from won position to won position that ends in a cycle. Both
/// players of the line move under the real repetition rule. Speightstown,
/// where a cycle is a draw; each solve spends its whole time on the margin,
/// which the database does not know, so few positions. Asked for the result
/// only (`stop_at_result`), the same solve stops after the first depth.
#[test]
fn a_solved_line_from_a_won_position_ends_in_a_win() {
    let mut rng = fastrand::Rng::with_seed(41);
    for ruleset in RULESETS.iter().filter(|r| r.id == "barbados-warri-speightstown") {
        let rules = ruleset.rules;
        let db = Egdb::build_in_memory(ruleset, 8).unwrap();
        let (mut won, mut tries) = (0, 0);
        while won < 12 && tries < 20_000 {
            tries += 1;
            let seeds = rng.u32(5..=8);
            let pos = random_position(&rules, &mut rng, seeds);
            if pos.is_over() || db.result(&pos) != Some(Wdl::Win) {
                continue;
            }
            won += 1;
            let game = Game::from_position(rules, pos);
            // The whole time on the margin, then the result only: that
            // stops after the first depth (the database knows the root),
            // and its line still wins.
            type Ask = (u64, fn(u32, Score, Score) -> ControlFlow<()>, Option<u32>);
            let asks: [Ask; 2] = [
                (600, mancala_ai::keep_going, None),
                (60_000, mancala_ai::stop_at_result, Some(1)),
            ];
            for (ms, mut progress, depth) in asks {
                let time = std::time::Duration::from_millis(ms);
                let solution = mancala_ai::solve(
                    &game,
                    mancala_ai::Limits::time(time),
                    Some(&db),
                    &mut progress,
                );
                let id = ruleset.id;
                assert_eq!(solution.result(), Some(Wdl::Win), "{id}: {pos} {solution:?}");
                if let Some(depth) = depth {
                    assert_eq!(solution.depth, depth, "{id}: {pos} {solution:?}");
                }
                assert_line_wins(&rules, &game, &solution, id);
            }
        }
        assert_eq!(won, 12, "{}", ruleset.id);
    }
}

/// `solution`'s line, played from `game`, ends the game in a win for the
/// side to move, with the final scores it reports.
fn assert_line_wins(rules: &Rules, game: &Game, solution: &mancala_ai::Solution, id: &str) {
    let pos = game.position();
    let mut end = game.clone();
    for &pit in &solution.line {
        end.play(pit).unwrap();
    }
    assert!(end.is_over(), "{id}: {pos}: the line stops before the end");
    let result = Score::of_outcome(rules, end.position(), pos.to_move()).result();
    assert_eq!(
        result,
        Wdl::Win,
        "{id}: {pos}: the line {} ends {:?} ({})",
        solution.line.iter().map(|p| p.letter(rules)).collect::<String>(),
        end.position().captured(),
        result.name()
    );
    assert_eq!(solution.final_scores, Some(end.position().captured()));
}
