//! Golden playthroughs: seeded random games summarised by a signature. Any
//! change in the rules' behaviour (or in the random draws) changes these
//! numbers, and `mancala bench --playouts 1000 --seed 42` prints them.
//! Update them only for an intended change in the rules, and say why.

use mancala_rules::{random_games, ruleset, Signature};

fn signature(id: &str) -> Signature {
    let rules = ruleset(id).unwrap().rules;
    let mut rng = fastrand::Rng::with_seed(42);
    random_games(&rules, &rules.start(), 1000, |n| rng.usize(..n))
}

fn expect(games: u64, plies: u64, south: u64, north: u64, draws: u64) -> Signature {
    Signature { games, plies, south_wins: south, north_wins: north, draws }
}

#[test]
fn speightstown_golden_playouts() {
    assert_eq!(signature("barbados-warri-speightstown"), expect(1000, 103318, 441, 442, 117));
}

#[test]
fn bridgetown_golden_playouts() {
    // The same games as Speightstown (only the awards differ), other results.
    assert_eq!(signature("barbados-warri-bridgetown"), expect(1000, 103318, 456, 480, 64));
}

#[test]
fn wahree_golden_playouts() {
    assert_eq!(signature("wahree"), expect(1000, 135014, 453, 496, 51));
}

#[test]
fn anywoli_golden_playouts() {
    assert_eq!(signature("anywoli"), expect(1000, 292866, 485, 459, 56));
}

#[test]
fn abapa_golden_playouts() {
    assert_eq!(signature("oware-abapa"), expect(1000, 104071, 443, 503, 54));
}
