//! The search benchmark's node counts are a signature of the search's
//! behaviour (docs/ai.md, "Search speed"): a change that only makes the
//! search faster keeps them; one that changes what it searches (ordering,
//! the table, pruning) shows here, and docs/ai.md must say why.

use mancala_ai::bench::{run, DEPTH};

#[test]
fn the_searchbench_suite_searches_exactly_the_pinned_number_of_nodes() {
    let mut parts = Vec::new();
    let total = run(DEPTH, &mut |part| parts.push((part.ruleset.id, part.depth, part.nodes)));
    assert_eq!(
        parts,
        [
            ("barbados-warri-speightstown", 11, 95_912),
            ("barbados-warri-bridgetown", 11, 105_286),
            ("wahree", 11, 108_014),
            ("anywoli", 8, 31_126),
            ("oware-abapa", 11, 138_180),
        ]
    );
    assert_eq!(total, 478_518, "the `Bench:` line of `mancala searchbench`");
}
