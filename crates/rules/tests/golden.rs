//! Golden playthroughs: seeded random games summarised by a signature. Any
//! change in the rules' behaviour (or in the random draws) changes these
//! numbers, and `mancala bench --playouts 1000 --seed 42` prints them.
//! Update them only for an intended change in the rules, and say why.
//!
//! The test loops over [`RULESETS`]: a new ruleset fails here until its
//! signature is pinned in [`GOLDEN`].

use mancala_rules::{random_games, Signature, RULESETS};

/// Ruleset id and (games, plies, South wins, North wins, draws) of 1000
/// random games from seed 42. Speightstown and Bridgetown play the same
/// games (only the awards differ), so their plies agree and results differ.
const GOLDEN: [(&str, [u64; 5]); 8] = [
    ("barbados-warri-speightstown", [1000, 103318, 441, 442, 117]),
    ("barbados-warri-bridgetown", [1000, 103318, 456, 480, 64]),
    ("wahree", [1000, 135014, 453, 496, 51]),
    ("anywoli", [1000, 292866, 485, 459, 56]),
    ("oware-abapa", [1000, 104071, 443, 503, 54]),
    ("anywoli-gering", [1000, 292866, 485, 462, 53]),
    ("anywoli-lot", [1000, 292866, 480, 464, 56]),
    ("round-and-round-warri", [1000, 20669, 559, 377, 64]),
];

#[test]
fn every_ruleset_matches_its_golden_playouts() {
    for r in RULESETS {
        let Some((_, [games, plies, south_wins, north_wins, draws])) =
            GOLDEN.iter().find(|(id, _)| *id == r.id)
        else {
            panic!("{}: no golden signature; pin it in GOLDEN", r.id);
        };
        let mut rng = fastrand::Rng::with_seed(42);
        let got = random_games(&r.rules, &r.rules.start(), 1000, |n| rng.usize(..n));
        let want = Signature {
            games: *games,
            plies: *plies,
            south_wins: *south_wins,
            north_wins: *north_wins,
            draws: *draws,
        };
        assert_eq!(got, want, "{}", r.id);
    }
    // No stale entries for a ruleset that is gone or renamed.
    for (id, _) in GOLDEN {
        assert!(RULESETS.iter().any(|r| r.id == id), "{id} is not a ruleset");
    }
}
