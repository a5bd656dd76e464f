//! Perft regression tables: move-sequence counts from the start and from
//! endgame set-ups chosen to reach grand slams, feeding, every ending and
//! every award, with the leaves broken down by end reason and winner.

use mancala_rules::{divide, perft, perft_leaves, ruleset, Sowing, RULESETS};

/// From the start, counted independently with OpenSpiel's `oware` (a plain
/// recursive count over `legal_actions`, children that are terminal
/// contributing nothing). Depth 12 (460,005,710) is checked by
/// `perft_12_from_the_start_matches_the_independent_count` below.
const ABAPA_FROM_START: [u64; 7] = [6, 36, 190, 1014, 5219, 27332, 139157];

#[test]
fn abapa_perft_from_the_start_matches_openspiel() {
    let rules = ruleset("oware-abapa").unwrap().rules;
    for (depth, &expected) in ABAPA_FROM_START.iter().enumerate() {
        assert_eq!(
            perft(&rules, &rules.start(), depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn the_four_oware_family_rulesets_agree_from_the_start() {
    // No rule that tells them apart can apply in the first eight moves.
    // (Round-and-Round Warri, 2 x 6 too, relays: it is another game.)
    for r in
        RULESETS.iter().filter(|r| r.rules.pits_per_row == 6 && r.rules.sowing == Sowing::SingleLap)
    {
        for depth in 1..=7 {
            assert_eq!(
                perft(&r.rules, &r.rules.start(), depth),
                ABAPA_FROM_START[depth as usize - 1],
                "{} depth {depth}",
                r.id
            );
        }
    }
}

#[test]
fn anywoli_perft_from_the_start() {
    // Our own figures (no independent implementation of Anywoli exists);
    // a change here is a change in the rules and must be explained.
    let rules = ruleset("anywoli").unwrap().rules;
    let counts: Vec<u64> = (1..=4).map(|d| perft(&rules, &rules.start(), d)).collect();
    assert_eq!(counts, ANYWOLI_FROM_START);
}

const ANYWOLI_FROM_START: [u64; 4] = [12, 116, 1214, 12377];

#[test]
fn divide_sums_to_perft() {
    for r in RULESETS {
        let start = r.rules.start();
        let parts = divide(&r.rules, &start, 3);
        assert_eq!(parts.len(), r.rules.legal_moves(&start).len());
        assert_eq!(
            parts.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&r.rules, &start, 3),
            "{}",
            r.id
        );
    }
}

#[test]
fn endgame_tables() {
    let table = include_str!("data/perft.txt");
    let mut lines = 0;
    let mut reasons = std::collections::BTreeMap::<&str, std::collections::BTreeSet<String>>::new();
    for line in table.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [id, position, depth, total, slams, feeding, ongoing, ended] = fields[..] else {
            panic!("malformed table line: {line}");
        };
        let rules = ruleset(id).unwrap().rules;
        let pos = rules.parse_position(position).unwrap();
        let depth: u32 = depth.parse().unwrap();
        let leaves = perft_leaves(&rules, &pos, depth);
        let mut got: Vec<String> = leaves
            .ended
            .iter()
            .map(|((r, w), n)| {
                format!("{} {} {n}", r.reason().id(), w.map_or("draw", |s| s.name()))
            })
            .collect();
        got.sort();
        assert_eq!(leaves.total.to_string(), total, "{line}");
        assert_eq!(leaves.ongoing.to_string(), ongoing, "{line}");
        assert_eq!(leaves.grand_slams.to_string(), slams, "{line}");
        assert_eq!(leaves.feeding.to_string(), feeding, "{line}");
        if leaves.grand_slams > 0 {
            reasons.entry(id).or_default().insert("grand slam".into());
        }
        if leaves.feeding > 0 {
            reasons.entry(id).or_default().insert("feeding".into());
        }
        assert_eq!(got.join(", "), ended, "{line}");
        assert_eq!(perft(&rules, &pos, depth), leaves.total, "bulk count agrees: {line}");
        for e in ended.split(", ").filter(|e| !e.is_empty()) {
            let mut words = e.split(' ');
            reasons.entry(id).or_default().insert(words.next().unwrap().to_string());
        }
        lines += 1;
    }
    assert!(lines >= 25, "at least five positions per ruleset");
    // Every ending each ruleset can reach within a perft horizon is in the
    // table (the 200-move stall cannot be: set-ups start with a count of 0;
    // it has its own scenario test).
    let expect: [(&str, &[&str]); 8] = [
        ("barbados-warri-speightstown", &["target", "no-seeds", "cycle", "grand slam", "feeding"]),
        ("barbados-warri-bridgetown", &["target", "no-seeds", "cycle", "grand slam", "feeding"]),
        ("wahree", &["wipe-out", "no-seeds", "cycle", "grand slam", "feeding"]),
        ("oware-abapa", &["target", "cannot-feed", "cycle", "grand slam", "feeding"]),
        ("anywoli", &["no-seeds-in-play", "cycle"]),
        // The same tree as Anywoli's first line: with North noted as the
        // first lap-ending capturer South's wins there become draws, and
        // under the lot no end is won before the draw.
        ("anywoli-gering", &["no-seeds-in-play"]),
        ("anywoli-lot", &["last-four-by-lot"]),
        ("round-and-round-warri", &["target", "no-seeds", "cycle", "feeding"]),
    ];
    for (id, wanted) in expect {
        for w in wanted {
            assert!(reasons[id].contains(*w), "{id} table reaches {w}: {:?}", reasons[id]);
        }
    }
}

#[test]
#[ignore = "slow: 460 million leaves; run with --release -- --ignored"]
fn perft_12_from_the_start_matches_the_independent_count() {
    let rules = ruleset("oware-abapa").unwrap().rules;
    assert_eq!(perft(&rules, &rules.start(), 12), 460_005_710);
}
