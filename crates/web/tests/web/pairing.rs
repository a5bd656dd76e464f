//! The tournament module without a server: pairings and standings on
//! literal tables, the tie-breaks computed by hand.

use mancala_web::tournaments::{
    knockout_first, knockout_next, knockout_rounds, knockout_winner, round_robin, standings, swiss,
    Outcome, Pairing, PairingError, Standing,
};
use std::collections::HashSet;

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;

fn game(first: usize, second: usize, result: Outcome) -> Pairing {
    Pairing { first, second: Some(second), result: Some(result) }
}

fn line(s: &Standing) -> (usize, f64, f64, f64, usize) {
    (s.player, s.points, s.buchholz, s.sonneborn_berger, s.rank)
}

/// Four-player round robins and their standings worked out by hand: each
/// player's (player, points, Buchholz, Sonneborn-Berger, rank), in order.
#[test]
fn buchholz_and_sonneborn_berger_of_known_crosstables() {
    #[rustfmt::skip]
    let cases = [
        // A known crosstable:
        //
        //        A    B    C    D   points  Buchholz          Sonneborn-Berger
        //   A    .    1    ½    1    2.5    2 + 1 + ½ = 3.5   2 + ½·1 + ½ = 3.0
        //   B    0    .    1    1    2      2.5 + 1 + ½ = 4   1 + ½ = 1.5
        //   C    ½    0    .    ½    1      2.5 + 2 + ½ = 5   ½·2.5 + ½·½ = 1.5
        //   D    0    0    ½    .    0.5    2.5 + 2 + 1 = 5.5 ½·1 = 0.5
        ("a known crosstable", vec![
            vec![game(A, B, Outcome::FirstWins), game(C, D, Outcome::Draw)],
            vec![game(C, A, Outcome::Draw), game(D, B, Outcome::SecondWins)],
            vec![game(A, D, Outcome::FirstWins), game(B, C, Outcome::FirstWins)],
        ], [(A, 2.5, 3.5, 3.0, 1), (B, 2.0, 4.0, 1.5, 2), (C, 1.0, 5.0, 1.5, 3), (D, 0.5, 5.5, 0.5, 4)]),
        // A and B both have 2 points and (in a round robin, where everyone
        // met everyone) the same Buchholz, 4; B beat A (2 points) and C (½),
        // A beat C and D (½ + 1½): Sonneborn-Berger 2.5 against 2.0 puts B
        // first.
        ("Sonneborn-Berger breaks a tie that Buchholz leaves", vec![
            vec![game(B, A, Outcome::FirstWins), game(C, D, Outcome::Draw)],
            vec![game(A, C, Outcome::FirstWins), game(D, B, Outcome::FirstWins)],
            vec![game(D, A, Outcome::SecondWins), game(B, C, Outcome::FirstWins)],
        ], [(B, 2.0, 4.0, 2.5, 1), (A, 2.0, 4.0, 2.0, 2), (D, 1.5, 4.5, 2.25, 3), (C, 0.5, 5.5, 0.75, 4)]),
    ];
    for (case, rounds, expected) in cases {
        let table: Vec<_> = standings(4, &rounds).iter().map(line).collect();
        assert_eq!(table, expected, "{case}");
    }
}

#[test]
fn players_equal_on_every_tie_break_share_a_rank_and_a_bye_is_a_point() {
    let rounds = vec![vec![game(A, B, Outcome::Draw), Pairing::new(C, None)]];
    let table: Vec<_> = standings(3, &rounds).iter().map(line).collect();
    // The bye scores a point but adds nothing to the tie-breaks.
    assert_eq!(table, [(C, 1.0, 0.0, 0.0, 1), (A, 0.5, 0.5, 0.25, 2), (B, 0.5, 0.5, 0.25, 2)]);
    // A game without a result yet counts for nothing.
    let pending = vec![vec![Pairing::new(A, Some(B))]];
    assert!(standings(2, &pending).iter().all(|s| s.points == 0.0 && s.played == 0));
}

/// Every pair meets exactly once, each player once a round, and each
/// player's firsts and seconds differ by at most one.
#[test]
fn a_round_robin_meets_everyone_once_with_colours_balanced() {
    for n in 2..=12 {
        let rounds = round_robin(n);
        assert_eq!(rounds.len(), if n.is_multiple_of(2) { n - 1 } else { n }, "{n} players");
        let mut met = HashSet::new();
        let mut balance = vec![0i32; n];
        for round in &rounds {
            let mut seen = HashSet::new();
            for p in round {
                assert!(seen.insert(p.first));
                if let Some(second) = p.second {
                    assert!(seen.insert(second));
                    assert!(
                        met.insert((p.first.min(second), p.first.max(second))),
                        "{n}: a repeat"
                    );
                    balance[p.first] += 1;
                    balance[second] -= 1;
                }
            }
            assert_eq!(seen.len(), n, "{n}: everyone in every round");
        }
        assert_eq!(met.len(), n * (n - 1) / 2);
        assert!(balance.iter().all(|b| b.abs() <= 1), "{n} players: colours {balance:?}");
    }
}

/// Round 1 pairs the top half against the bottom half (1 v 3, 2 v 4 in
/// seeds), the higher seed first on board 1 and second on board 2; round 2
/// pairs the winners and the losers, colours alternating.
#[test]
fn a_swiss_pairs_by_score_top_half_against_bottom_half() {
    let all = [true; 4];
    let first = swiss(4, &all, &[]).unwrap();
    assert_eq!(first, [Pairing::new(A, Some(C)), Pairing::new(D, Some(B))]);
    // A beats C, D beats B: A and D (1 point) meet, B and C (0) meet.
    let round1 = vec![game(A, C, Outcome::FirstWins), game(D, B, Outcome::FirstWins)];
    let second = swiss(4, &all, std::slice::from_ref(&round1)).unwrap();
    // A and D were both first: A, the higher, alternates to second; B and
    // C were both second: B alternates to first.
    assert_eq!(second, [Pairing::new(D, Some(A)), Pairing::new(B, Some(C))]);
}

#[test]
fn a_swiss_never_pairs_twice_and_refuses_when_it_would_have_to() {
    let all = [true; 4];
    let mut rounds: Vec<Vec<Pairing>> = Vec::new();
    for _ in 0..3 {
        let mut round = swiss(4, &all, &rounds).unwrap();
        for p in &mut round {
            p.result = Some(Outcome::Draw);
        }
        rounds.push(round);
    }
    let pairs: HashSet<_> = rounds
        .iter()
        .flatten()
        .map(|p| (p.first.min(p.second.unwrap()), p.first.max(p.second.unwrap())))
        .collect();
    assert_eq!(pairs.len(), 6, "three rounds of four players: all six pairs once");
    assert_eq!(swiss(4, &all, &rounds), Err(PairingError::NoPairingWithoutRepeat));
    assert_eq!(swiss(4, &[true, false, false, false], &[]), Err(PairingError::TooFewPlayers));
}

/// With five players the lowest-ranked without a bye gets it; a withdrawn
/// player is not paired.
#[test]
fn a_swiss_bye_goes_to_the_lowest_ranked_player_without_one() {
    let all = [true; 5];
    let round1 = swiss(5, &all, &[]).unwrap();
    assert_eq!(round1.last(), Some(&Pairing::new(4, None)));
    let round1: Vec<Pairing> = round1
        .into_iter()
        .map(|p| Pairing { result: p.second.map(|_| Outcome::FirstWins), ..p })
        .collect();
    let round2 = swiss(5, &all, std::slice::from_ref(&round1)).unwrap();
    let bye = round2.iter().find(|p| p.second.is_none()).unwrap().first;
    // The two losers of round 1 have 0 points; the lower-ranked of them
    // (the higher seed number) gets the bye, not player 4 again.
    let losers: Vec<usize> = round1.iter().filter_map(|p| p.second).collect();
    assert_eq!(bye, *losers.iter().max().unwrap());
    let without =
        swiss(5, &[true, true, true, false, true], std::slice::from_ref(&round1)).unwrap();
    assert!(without.iter().all(|p| p.first != 3 && p.second != Some(3) && p.second.is_some()));
}

/// Random results over many tournaments: nobody meets twice, nobody gets a
/// second bye, colours stay within two. The rounds are as many as can
/// always be paired: after r rounds each player has at least n - 1 - r
/// opponents left, and when that is at least half the players a pairing
/// exists (Dirac's theorem); with more rounds a Swiss can get stuck (six
/// players, two triangles of players who have not met).
#[test]
fn random_swiss_tournaments_keep_the_rules() {
    let mut rng = fastrand::Rng::with_seed(12);
    for n in [6, 7, 10, 13] {
        for _ in 0..20 {
            let present = vec![true; n];
            let mut rounds: Vec<Vec<Pairing>> = Vec::new();
            for r in 0..n / 2 {
                let mut round =
                    swiss(n, &present, &rounds).unwrap_or_else(|e| panic!("{n}, round {r}: {e}"));
                for p in &mut round {
                    if p.second.is_some() {
                        p.result = Some(
                            [Outcome::FirstWins, Outcome::SecondWins, Outcome::Draw]
                                [rng.usize(..3)],
                        );
                    }
                }
                rounds.push(round);
            }
            let mut met = HashSet::new();
            let mut byes = vec![0; n];
            let mut balance = vec![0i32; n];
            for p in rounds.iter().flatten() {
                match p.second {
                    Some(s) => {
                        assert!(met.insert((p.first.min(s), p.first.max(s))), "a repeat");
                        balance[p.first] += 1;
                        balance[s] -= 1;
                    }
                    None => byes[p.first] += 1,
                }
            }
            assert!(byes.iter().all(|&b| b <= 1), "{n}: byes {byes:?}");
            assert!(balance.iter().all(|b| b.abs() <= 2), "{n}: colours {balance:?}");
        }
    }
}

/// Five players: a bracket of eight, the three byes to the top seeds, and
/// seeds 1 and 2 on opposite halves.
#[test]
fn a_knockout_bracket_gives_byes_to_the_top_seeds() {
    assert_eq!(knockout_rounds(5), 3);
    assert_eq!(knockout_rounds(8), 3);
    assert_eq!(knockout_rounds(2), 1);
    let first = knockout_first(5).unwrap();
    assert_eq!(
        first,
        [
            Pairing::new(0, None),
            Pairing::new(3, Some(4)),
            Pairing::new(1, None),
            Pairing::new(2, None)
        ]
    );
    let mut first = first;
    first[1].result = Some(Outcome::SecondWins);
    let semis = knockout_next(&first).unwrap();
    assert_eq!(semis, [Pairing::new(0, Some(4)), Pairing::new(1, Some(2))]);
    let mut drawn = semis.clone();
    drawn[0].result = Some(Outcome::FirstWins);
    drawn[1].result = Some(Outcome::Draw);
    assert_eq!(knockout_next(&drawn), Err(PairingError::Undecided { board: 1 }));
    drawn[1].result = Some(Outcome::SecondWins);
    let mut last = knockout_next(&drawn).unwrap();
    assert_eq!(last, [Pairing::new(0, Some(2))]);
    last[0].result = Some(Outcome::SecondWins);
    assert_eq!(knockout_winner(&[first, drawn, last.clone()]), Some(2));
    assert_eq!(knockout_next(&last), Err(PairingError::Over));
}
