//! RULES.md, "Barbados match: games alternate who plays South; draws do not
//! count; the first player to win six games wins the match."

use mancala_rules::{Match, Side};

#[test]
fn barbados_match_colours_alternate_every_game() {
    let mut m = Match::new(Match::BARBADOS_FIRST_TO);
    assert_eq!(m.player(Side::South), 0);
    m.record(Some(Side::South)).unwrap(); // player 0 wins as South
    assert_eq!(m.player(Side::South), 1);
    m.record(None).unwrap(); // a draw still alternates colours
    assert_eq!(m.player(Side::South), 0);
    assert_eq!(m.score(), [1, 0]);
}

#[test]
fn barbados_match_draws_do_not_count_and_first_to_six_wins() {
    let mut m = Match::new(6);
    for _ in 0..5 {
        m.record(None).unwrap();
    }
    assert_eq!(m.score(), [0, 0]);
    // Player 1 wins six games in a row, as South and as North alternately.
    for _ in 0..6 {
        let side = if m.player(Side::South) == 1 { Side::South } else { Side::North };
        assert_eq!(m.winner(), None);
        m.record(Some(side)).unwrap();
    }
    assert_eq!(m.score(), [0, 6]);
    assert_eq!(m.winner(), Some(1));
    assert_eq!(m.games_played(), 11);
    assert_eq!(
        m.record(Some(Side::South)).unwrap_err().winner,
        1,
        "a decided match takes no more games"
    );
}
