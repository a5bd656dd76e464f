//! Players with an endgame database: never a move that worsens the exact
//! result the database gives.

use mancala_ai::egdb::Egdb;
use mancala_ai::{Oracle, Player, PlayerSpec, Score};
use mancala_rules::{BySide, Game, Side, RULESETS};

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
            let mut board = vec![0u8; 12];
            for _ in 0..seeds {
                board[rng.usize(..12)] += 1;
            }
            let rest = 48 - seeds;
            let south = rng.u32(rest / 2 - 3..=rest / 2 + 3);
            let side = if rng.bool() { Side::South } else { Side::North };
            let pos =
                rules.setup_unchecked(&board, BySide::new(south as u8, (rest - south) as u8), side);
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
