//! Endgame databases: values against an independent exhaustive solver and
//! against the engine move by move, the file format's checks, resuming.

mod common;

use common::{boards, outcome_for, split, Exhaustive};
use mancala_ai::egdb::{self, BuildOptions, Builder, Egdb, EgdbError};
use mancala_ai::Wdl;
use mancala_rules::{BySide, Capture, LastFour, Position, Rules, Ruleset, Side, RULESETS};
use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::OnceLock;

fn is_anywoli(r: &Ruleset) -> bool {
    r.rules.pits_per_row == 12
}

/// The rulesets that have databases: all but Anywoli's last four to the
/// first lap-ending capturer or by lot, which the builder refuses (tested
/// below).
fn with_database() -> impl Iterator<Item = &'static Ruleset> {
    RULESETS.iter().filter(|r| {
        !matches!(
            r.rules.capture,
            Capture::Fours { last_four: LastFour::FirstLapCapturer | LastFour::Lot }
        )
    })
}

#[test]
fn builds_for_the_last_four_by_first_lap_capture_or_lot_are_refused() {
    for (id, why) in [("anywoli-gering", "first lap-ending capturer"), ("anywoli-lot", "by lot")] {
        let r = mancala_rules::ruleset(id).unwrap();
        let error = Egdb::build_in_memory(r, 4).err().unwrap();
        assert!(matches!(error, EgdbError::Unsupported(_)), "{error}");
        assert!(error.to_string().contains(why), "{error}");
    }
    assert_eq!(with_database().count(), RULESETS.len() - 2);
}

/// The largest database each ruleset is tested with here.
fn test_seeds(r: &Ruleset) -> u32 {
    if is_anywoli(r) {
        4
    } else {
        5
    }
}

/// The databases built once for all tests.
fn databases() -> &'static Vec<Egdb> {
    static DBS: OnceLock<Vec<Egdb>> = OnceLock::new();
    DBS.get_or_init(|| {
        with_database().map(|r| Egdb::build_in_memory(r, test_seeds(r)).unwrap()).collect()
    })
}

/// A few captured splits worth checking for a board: the edges, either
/// side of each threshold, and a random one.
fn splits(db: &Egdb, pits: &[u8], side: Side, rng: &mut fastrand::Rng) -> Vec<u32> {
    let n: u32 = pits.iter().map(|&s| s as u32).sum();
    let m = db.ruleset().rules.total_seeds() - n;
    let (win, lose) = db.thresholds(pits, side).unwrap();
    let (win, lose) = (win as i64, lose as i64);
    let mut cms: Vec<i64> = vec![
        0,
        m as i64,
        win - 1,
        win,
        m as i64 - lose,
        m as i64 - lose + 1,
        rng.i64(0..=m as i64),
    ];
    cms.retain(|&c| c >= 0 && c <= m as i64);
    cms.sort_unstable();
    cms.dedup();
    cms.into_iter().map(|c| c as u32).collect()
}

/// Where the database says forced win or forced loss, the exhaustive solver
/// (with the repetition rule) agrees, on every position of every layer
/// with several splits of the captured seeds each; where it says
/// unresolved, Speightstown's true value is a draw, and the other rulesets'
/// true values are counted.
#[test]
fn database_agrees_with_exhaustive_solver_with_repetition_rule() {
    let mut rng = fastrand::Rng::with_seed(7);
    for (r, db) in with_database().zip(databases()) {
        let rules = r.rules;
        let mut solver = Exhaustive::new(rules);
        let mut checked = 0u64;
        let mut skipped = 0u64;
        let mut forced = 0u64;
        // True values of unresolved positions: win, draw, loss.
        let mut unresolved = [0u64; 3];
        let started = std::time::Instant::now();
        for n in 0..=db.max_seeds().unwrap() as usize {
            if is_anywoli(r) && !n.is_multiple_of(4) {
                continue;
            }
            // Every board up to 3 seeds; above that the tree with the
            // repetition rule grows too fast: a sample, each search cut
            // off after 20000 nodes.
            let mut all = boards(n, rules.pit_count());
            if n > 3 {
                rng.shuffle(&mut all);
                all.truncate(if is_anywoli(r) { 300 } else { 30 });
            }
            for pits in all {
                for side in Side::ALL {
                    for cm in splits(db, &pits, side, &mut rng) {
                        let m = rules.total_seeds() - n as u32;
                        let pos = rules.setup_unchecked(&pits, split(side, cm, m - cm), side);
                        let Some(probe) = db.probe(&pos) else {
                            assert!(pos.is_over(), "{pos} not covered");
                            continue;
                        };
                        // Anywoli's four seeds rarely meet: nearly every
                        // position circulates and no full search ends.
                        let budget = if is_anywoli(r) { 2_000 } else { 20_000 };
                        let truth = solver.solve(&pos, budget).or_else(|| {
                            probe.is_forced().then(|| solver.prove(&pos, 200_000)).flatten()
                        });
                        let Some(truth) = truth else {
                            skipped += 1;
                            continue;
                        };
                        checked += 1;
                        match probe.value {
                            Wdl::Win => assert_eq!(truth, Wdl::Win, "{} {pos}", r.id),
                            Wdl::Loss => assert_eq!(truth, Wdl::Loss, "{} {pos}", r.id),
                            Wdl::Draw => {
                                if egdb::unresolved_is_draw(&rules) {
                                    assert_eq!(truth, Wdl::Draw, "{} {pos}", r.id);
                                    assert_eq!(probe.result, Some(Wdl::Draw));
                                }
                                let i = match truth {
                                    Wdl::Win => 0,
                                    Wdl::Draw => 1,
                                    Wdl::Loss => 2,
                                };
                                unresolved[i] += 1;
                            }
                        }
                        if probe.is_forced() {
                            forced += 1;
                            assert!(probe.exact);
                        }
                    }
                }
            }
        }
        println!(
            "{}: N={} checked {checked} positions (skipped {skipped} over the node budget): \
             {forced} forced, all agreeing; unresolved, true value win/draw/loss: {}/{}/{}",
            r.id,
            db.max_seeds().unwrap(),
            unresolved[0],
            unresolved[1],
            unresolved[2]
        );
        println!("  {:.1}s", started.elapsed().as_secs_f64());
        let least = if is_anywoli(r) { 10 } else { 1000 };
        assert!(checked >= least, "{}: only {checked} checked", r.id);
    }
}

/// The database's value of `pits` with `side` to move and `cm` captured,
/// recomputed from the engine: the real position (with the real captured
/// seeds) is set up and, unless it is over, every legal move is played on
/// it and each child read from the database. Any error in the analytic
/// ending rules, the captured-seed bookkeeping or the sweeps shows here.
fn one_step_value(db: &Egdb, pits: &[u8], side: Side, cm: u32) -> Wdl {
    let rules = db.ruleset().rules;
    let n: u32 = pits.iter().map(|&s| s as u32).sum();
    let m = rules.total_seeds() - n;
    let pos = rules.setup_unchecked(pits, split(side, cm, m - cm), side);
    if pos.is_over() {
        return outcome_for(&rules, &pos, side);
    }
    let mover = pos.to_move();
    let mut values = Vec::new();
    for pit in rules.legal_moves(&pos) {
        let child = rules.play_unchecked(&pos, pit);
        let v = if child.is_over() {
            outcome_for(&rules, &child, mover)
        } else {
            let c = child.to_move();
            let v = db.value(child.pits(), c, child.captured()[c] as u32).unwrap();
            if c == mover {
                v
            } else {
                v.flip()
            }
        };
        values.push(v);
    }
    assert!(!values.is_empty(), "{pos}: not over, but no legal move");
    // Unresolved (a draw in the database's model) unless one side forces
    // a win.
    let v = if values.contains(&Wdl::Win) {
        Wdl::Win
    } else if values.iter().all(|&v| v == Wdl::Loss) {
        Wdl::Loss
    } else {
        Wdl::Draw
    };
    if mover == side {
        v
    } else {
        v.flip()
    }
}

/// The thresholds the analysis computes (simulating each move once from
/// 0-0 and applying the real captured seeds' endings analytically) agree
/// with the engine run on the real position, for every split of the
/// captured seeds, on random positions of larger databases.
#[test]
fn thresholds_agree_with_engine_for_every_split_of_captured_seeds() {
    let mut rng = fastrand::Rng::with_seed(11);
    for r in with_database() {
        let seeds = if is_anywoli(r) { 4 } else { 8 };
        let db = Egdb::build_in_memory(r, seeds).unwrap();
        assert!(check_against_engine(&db, &mut rng, 3000) > 10_000);
    }
}

/// [`one_step_value`] against the database for `samples` random boards of
/// its layers (either side to move, every split); returns the values
/// checked.
fn check_against_engine(db: &Egdb, rng: &mut fastrand::Rng, samples: usize) -> usize {
    let r = db.ruleset();
    let rules = r.rules;
    let seeds = db.max_seeds().unwrap() as usize;
    let mut checked = 0;
    for _ in 0..samples {
        let n = if is_anywoli(r) { 4 * rng.usize(0..=seeds / 4) } else { rng.usize(0..=seeds) };
        let mut pits = vec![0u8; rules.pit_count()];
        for _ in 0..n {
            let i = rng.usize(..pits.len());
            pits[i] += 1;
        }
        let side = if rng.bool() { Side::South } else { Side::North };
        let m = rules.total_seeds() - n as u32;
        for cm in 0..=m {
            let expected = one_step_value(db, &pits, side, cm);
            let found = db.value(&pits, side, cm).unwrap();
            assert_eq!(found, expected, "{} {pits:?} {side} cm={cm}", r.id);
            checked += 1;
        }
    }
    checked
}

/// Speightstown's database at its most basic: an empty board is over, and
/// with two single seeds left, 24-22, South to move can take neither and
/// the game is a draw.
#[test]
fn probe_reads_results_for_the_player_to_move() {
    let db = &databases()[0];
    let rules = RULESETS[0].rules;
    let pos = rules.parse_position("0,0,0,0,0,1/1,0,0,0,0,0 23-23 S").unwrap();
    let probe = db.probe(&pos).unwrap();
    // South sows f into A (2 seeds): captures 2, reaches 25.
    assert_eq!(probe.result, Some(Wdl::Win));
    assert!(probe.exact);
    assert_eq!(db.probe(&rules.parse_position("0,0,0,0,0,0/0,0,0,0,0,0 24-24 S").unwrap()), None);
    let six = rules.parse_position("1,1,1,1,1,1/0,0,0,0,0,0 21-21 N").unwrap();
    assert!(six.is_over());
    assert_eq!(db.probe(&six), None, "over");
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("egdb-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn options(max_seeds: u32, threads: usize, stop: Option<u32>) -> BuildOptions {
    BuildOptions { max_seeds, threads, stop_after_layer: stop, ..BuildOptions::default() }
}

/// A file built and opened again gives the same bytes as the in-memory
/// build, whatever the number of threads, and the same values.
#[test]
fn file_round_trips_and_matches_in_memory_build() {
    let r = &RULESETS[4];
    let path = temp_path("round-trip.egdb");
    let report = egdb::build(r, &path, &options(5, 1, None), &mut |_| {}).unwrap();
    assert_eq!(report.computed(), vec![0, 1, 2, 3, 4, 5]);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(report.file_size, bytes.len() as u64);
    assert_eq!(bytes, databases()[4].as_bytes(), "1 thread vs 2");
    let db = Egdb::open(&path, r).unwrap();
    assert_eq!(db.max_seeds(), Some(5));
    assert_eq!(db.layers(), databases()[4].layers());
    let any = Egdb::open_any(&path).unwrap();
    assert_eq!(any.ruleset().id, r.id);
    let _ = std::fs::remove_file(&path);
}

/// A database opened for another ruleset is refused, saying which it is
/// for and which was expected.
#[test]
fn wrong_ruleset_is_refused() {
    let bytes = databases()[4].as_bytes().to_vec();
    let error = Egdb::from_bytes(bytes.clone(), &RULESETS[2]).err().unwrap();
    assert!(matches!(error, EgdbError::WrongRuleset { .. }), "{error}");
    assert_eq!(
        error.to_string(),
        "this endgame database is for oware-abapa (rules version 1), expected wahree \
         (rules version 1)"
    );
    let newer = Ruleset { version: 2, ..RULESETS[4] };
    let error = Egdb::from_bytes(bytes.clone(), &newer).err().unwrap();
    assert!(matches!(error, EgdbError::WrongRuleset { .. }), "{error}");
    let changed = Ruleset {
        rules: Rules { stall: mancala_rules::Stall::QuietMoves(100), ..RULESETS[4].rules },
        ..RULESETS[4]
    };
    let error = Egdb::from_bytes(bytes, &changed).err().unwrap();
    assert!(matches!(error, EgdbError::WrongRules { .. }), "{error}");
}

/// Truncated anywhere, a file is refused with an error saying so.
#[test]
fn truncated_file_is_refused() {
    let bytes = databases()[0].as_bytes();
    for cut in [0, 4, 10, 100, 8191, 8192, 8193, bytes.len() / 2, bytes.len() - 1] {
        let error = Egdb::from_bytes(bytes[..cut].to_vec(), &RULESETS[0]).err().unwrap();
        assert!(matches!(error, EgdbError::Truncated { .. }), "cut at {cut}: {error}");
    }
    assert!(Egdb::from_bytes(bytes.to_vec(), &RULESETS[0]).is_ok());
}

/// Opening a file maps it and checks its header and length, not the
/// layers' checksums: a file cut anywhere, or with bytes after its last
/// layer, or with a damaged header, is refused at once with an error
/// saying so (never a fault when a probe reaches the missing part); a
/// damaged layer opens, and `verify` (what `mancala egdb info` runs) names
/// it. A sound file opens with the same bytes and values as in memory.
#[test]
fn mapped_file_checks_length_at_open_and_checksums_on_verify() {
    let r = &RULESETS[1];
    let memory = &databases()[1];
    let bytes = memory.as_bytes();
    let path = temp_path("mapped.egdb");
    std::fs::write(&path, bytes).unwrap();
    let db = Egdb::open(&path, r).unwrap();
    assert_eq!(db.as_bytes(), bytes);
    db.verify().unwrap();
    for n in 0..=5 {
        for pits in boards(n, r.rules.pit_count()) {
            for side in Side::ALL {
                assert_eq!(db.thresholds(&pits, side), memory.thresholds(&pits, side));
                assert!(db.thresholds(&pits, side).is_some());
            }
        }
    }

    let last = *memory.layers().last().unwrap();
    for cut in [0, 4, 11, 100, 8191, 8192, 8193, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let error = Egdb::open(&path, r).err().unwrap();
        assert!(matches!(error, EgdbError::Truncated { .. }), "cut at {cut}: {error}");
    }
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let error = Egdb::open_any(&path).err().unwrap();
    assert_eq!(
        error.to_string(),
        format!(
            "endgame database truncated: the layer {} needs the file to be at least {} bytes \
             long, it has {}",
            memory.layers().len() - 1,
            last.offset + last.length,
            bytes.len() - 1
        )
    );

    let mut longer = bytes.to_vec();
    longer.extend_from_slice(&[0; 10]);
    std::fs::write(&path, &longer).unwrap();
    let error = Egdb::open(&path, r).err().unwrap();
    assert!(error.to_string().contains("10 bytes after the last complete layer"), "{error}");

    let mut damaged = bytes.to_vec();
    damaged[60] ^= 4;
    std::fs::write(&path, &damaged).unwrap();
    let error = Egdb::open(&path, r).err().unwrap();
    assert!(matches!(error, EgdbError::HeaderChecksum { .. }), "{error}");

    let mut damaged = bytes.to_vec();
    damaged[(last.offset + 7) as usize] ^= 0x10;
    std::fs::write(&path, &damaged).unwrap();
    let db = Egdb::open(&path, r).unwrap();
    let error = db.verify().err().unwrap();
    let layer = memory.layers().len() as u32 - 1;
    assert!(matches!(error, EgdbError::LayerChecksum { layer: l, .. } if l == layer), "{error}");
    // The same bytes handed over in memory are checked in full.
    let error = Egdb::from_bytes(damaged, r).err().unwrap();
    assert!(matches!(error, EgdbError::LayerChecksum { .. }), "{error}");
    let _ = std::fs::remove_file(&path);
}

/// Any single flipped bit, in the header or in a layer, is refused.
#[test]
fn bit_flip_is_refused() {
    let bytes = databases()[1].as_bytes();
    let mut rng = fastrand::Rng::with_seed(3);
    let mut at: Vec<usize> = (0..300).map(|_| rng.usize(..bytes.len())).collect();
    at.extend([0, 8, 12, 16, 48, 52, 56, 64, 8184, 8191, 8192, bytes.len() - 1]);
    for i in at {
        let mut damaged = bytes.to_vec();
        damaged[i] ^= 1 << rng.u32(0..8);
        let error = Egdb::from_bytes(damaged, &RULESETS[1]).err();
        assert!(error.is_some(), "flip at byte {i} accepted");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random bytes, with or without a valid start, never panic the opener.
    #[test]
    fn random_bytes_never_panic(
        head in 0usize..3,
        mut bytes in proptest::collection::vec(any::<u8>(), 0..9000),
    ) {
        let valid = databases()[4].as_bytes();
        // Sometimes start like a real file, to get past the first checks.
        let keep = [0, 12, 8192][head].min(bytes.len());
        bytes[..keep].copy_from_slice(&valid[..keep]);
        let _ = Egdb::from_bytes(bytes, &RULESETS[4]);
    }

    /// Cuts and flips of a real file never panic and are always refused.
    #[test]
    fn damaged_files_never_panic(cut in 0usize..100_000, flips in proptest::collection::vec((any::<usize>(), 0u8..8), 1..4)) {
        let valid = databases()[4].as_bytes();
        let mut bytes = valid[..cut.min(valid.len())].to_vec();
        for (i, bit) in flips {
            if !bytes.is_empty() {
                let i = i % bytes.len();
                bytes[i] ^= 1 << bit;
            }
        }
        if bytes != valid {
            prop_assert!(Egdb::from_bytes(bytes, &RULESETS[4]).is_err());
        }
    }
}

/// A build stopped after some layers, or whose file was cut in the middle
/// of a layer, goes on from the last complete layer when run again: it
/// computes only the missing layers and ends with exactly the bytes of a
/// straight build.
#[test]
fn interrupted_build_resumes_and_matches_straight_build() {
    let r = &RULESETS[0];
    let straight = databases()[0].as_bytes();
    let path = temp_path("resume.egdb");

    let first = egdb::build(r, &path, &options(5, 2, Some(2)), &mut |_| {}).unwrap();
    assert_eq!(first.computed(), vec![0, 1, 2]);
    assert!(Egdb::open(&path, r).unwrap().max_seeds() == Some(2));
    let second = egdb::build(r, &path, &options(5, 2, None), &mut |_| {}).unwrap();
    assert_eq!(second.computed(), vec![3, 4, 5]);
    assert_eq!(std::fs::read(&path).unwrap(), straight);

    // Killed while writing layer 4: its data is cut short.
    let layer4 = databases()[0].layers()[4];
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(layer4.offset + layer4.length / 2).unwrap();
    drop(file);
    let error = Egdb::open(&path, r).err().unwrap();
    assert!(matches!(error, EgdbError::Truncated { .. }), "{error}");
    let third = egdb::build(r, &path, &options(5, 1, None), &mut |_| {}).unwrap();
    assert_eq!(third.computed(), vec![4, 5]);
    assert_eq!(third.discarded, vec![4, 5]);
    assert_eq!(std::fs::read(&path).unwrap(), straight);

    // Killed after writing a layer's data but before counting it: the extra
    // bytes are dropped and nothing is recomputed.
    let mut bytes = straight.to_vec();
    bytes.extend_from_slice(&[7; 1000]);
    std::fs::write(&path, &bytes).unwrap();
    let fourth = egdb::build(r, &path, &options(5, 1, None), &mut |_| {}).unwrap();
    assert!(fourth.computed().is_empty());
    assert_eq!(std::fs::read(&path).unwrap(), straight);

    // Going further extends the file; a file for other rules is refused.
    let error = egdb::build(&RULESETS[2], &path, &options(3, 1, None), &mut |_| {}).err().unwrap();
    assert!(matches!(error, EgdbError::WrongRuleset { .. }), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), straight);
    let _ = std::fs::remove_file(&path);
}

/// More seeds than the game has are refused up front.
#[test]
fn more_seeds_than_the_game_has_are_refused() {
    let error = Egdb::build_in_memory(&RULESETS[2], 49).err().unwrap();
    assert!(matches!(error, EgdbError::TooManySeeds { limit: 48, .. }), "{error}");
    assert!(error.to_string().contains("at most 48"), "{error}");
}

/// A made-up ruleset for the tests below.
fn variant(id: &'static str, rules: Rules) -> Ruleset {
    Ruleset { id, name: id, version: 1, rules, match_first_to: None }
}

/// Made-up rulesets on small boards whose target can be reached by a single
/// move's captures from 0-0: Speightstown's and Bridgetown's rules on 2 x 3
/// pits with 13 of 24 seeds to win (a grand slam takes them all), and
/// Abapa's majority on 2 x 4 pits of 2 seeds (9 of 16, three pits of 3).
fn low_target_variants() -> Vec<Ruleset> {
    use mancala_rules::{Target, Winner, ABAPA, BRIDGETOWN, SPEIGHTSTOWN};
    vec![
        variant(
            "test-reach-13",
            Rules {
                pits_per_row: 3,
                target: Target::Reach(13),
                winner: Winner::Reach(13),
                ..SPEIGHTSTOWN
            },
        ),
        variant(
            "test-split-13",
            Rules { pits_per_row: 3, target: Target::Reach(13), ..BRIDGETOWN },
        ),
        variant("test-majority-16", Rules { pits_per_row: 4, seeds_per_pit: 2, ..ABAPA }),
    ]
}

/// Layers with more seeds than the target: a move's captures alone can end
/// the game by the target even from 0-0 captured, so the moves pass plays
/// such a move again for every split (as any game-ending move). Built to
/// the whole game, every value agrees with the engine one move deep for
/// every split of the captured seeds, and the two builders give the same
/// file byte for byte.
#[test]
fn layers_where_one_move_can_reach_the_target_agree_with_the_engine() {
    let mut rng = fastrand::Rng::with_seed(25);
    for r in &low_target_variants() {
        let total = r.rules.total_seeds();
        assert!(r.rules.target_reached(BySide::new(total / 2 + 1, 0)), "{}", r.id);
        let retro = Egdb::build_in_memory_with(r, total, Builder::Retro).unwrap();
        let edges = Egdb::build_in_memory_with(r, total, Builder::Edges).unwrap();
        assert_eq!(edges.layers(), retro.layers(), "{}", r.id);
        assert!(edges.as_bytes() == retro.as_bytes(), "{}: the files differ", r.id);
        let checked = check_against_engine(&retro, &mut rng, 3000);
        assert!(checked > 10_000, "{}: {checked}", r.id);
        // Some position of a high layer is won only through a move whose
        // captures reach the target.
        let reaches = |pos: &Position, pit| {
            let child = r.rules.play_unchecked(pos, pit);
            let c = child.captured();
            child.is_over()
                && r.rules
                    .target_reached(BySide::new(c[Side::South], c[Side::North]).map(u32::from))
        };
        let won_by_target = (total / 2 + 1..=total).any(|n| {
            boards(n as usize, r.rules.pit_count()).iter().any(|pits| {
                let pos = r.rules.setup_unchecked(pits, BySide::new(0, 0), Side::South);
                !pos.is_over()
                    && retro.value(pits, Side::South, 0).unwrap() == Wdl::Win
                    && r.rules.legal_moves(&pos).any(|pit| reaches(&pos, pit))
            })
        });
        assert!(won_by_target, "{}: no move reaches the target", r.id);
    }
}

/// Made-up rulesets the retrograde builder takes, beyond the four 2 x 6
/// games: the emptied pit sown, fours captured after a single lap, a stall
/// limit (so per-position bounds are stored), 2 x 4 pits.
fn single_lap_variants() -> Vec<Ruleset> {
    use mancala_rules::{Origin, Stall, ABAPA, SPEIGHTSTOWN, WAHREE};
    vec![
        variant("test-sown", Rules { origin: Origin::Sown, ..SPEIGHTSTOWN }),
        variant(
            "test-fours",
            Rules {
                capture: Capture::Fours { last_four: LastFour::PenultimateCapturer },
                ..WAHREE
            },
        ),
        variant("test-stall", Rules { stall: Stall::QuietMoves(30), ..ABAPA }),
        variant("test-small", Rules { pits_per_row: 4, origin: Origin::Sown, ..ABAPA }),
    ]
}

/// The retrograde builder (no stored moves, predecessors by un-sowing,
/// sweeps that visit only what can have changed) gives byte for byte the
/// file of the reference builder (every quiet move stored, full Jacobi
/// sweeps): the same thresholds, sweeps, counts and, with a stall limit,
/// per-position bounds.
#[test]
fn retrograde_builder_matches_edges_builder_byte_for_byte() {
    use mancala_rules::Sowing;
    // (Relay sowing, Anywoli's and Round-and-Round Warri's: below.)
    let mut rulesets: Vec<Ruleset> =
        RULESETS.iter().filter(|r| r.rules.sowing == Sowing::SingleLap).copied().collect();
    assert_eq!(rulesets.len(), 4);
    rulesets.extend(single_lap_variants());
    for r in &rulesets {
        let seeds = if r.rules.pits_per_row == 4 { 10 } else { 8 };
        let edges = Egdb::build_in_memory_with(r, seeds, Builder::Edges).unwrap();
        let retro = Egdb::build_in_memory_with(r, seeds, Builder::Retro).unwrap();
        assert_eq!(edges.layers(), retro.layers(), "{}", r.id);
        assert!(edges.as_bytes() == retro.as_bytes(), "{}: the files differ", r.id);
        assert!(edges.layers().iter().any(|e| e.sweeps > 10), "{}", r.id);
    }
    assert_eq!(Builder::Auto.resolve(&RULESETS[0].rules), Builder::Retro);
}

/// Relay rules the retrograde builder takes (through `egdb/relay.rs`):
/// Anywoli on its 2 x 12 board and on 2 x 6 (48 seeds), with a short stall
/// limit, relay sowing with captures of twos and threes (Wahree's), and
/// Round-and-Round Warri (captures across, no passes) to its last layer
/// with fewer seeds than pits, on 2 x 4 and with a stall limit.
fn relay_variants() -> Vec<(Ruleset, u32)> {
    use mancala_rules::{Origin, Sowing, Stall, ANYWOLI, ROUND_AND_ROUND, WAHREE};
    let relay = |rules: Rules| Rules { sowing: Sowing::Relay, origin: Origin::Sown, ..rules };
    vec![
        (*round_and_round(), 11),
        (variant("test-rr-small", Rules { pits_per_row: 4, ..ROUND_AND_ROUND }), 7),
        (
            variant(
                "test-rr-stall",
                Rules { pits_per_row: 4, stall: Stall::QuietMoves(5), ..ROUND_AND_ROUND },
            ),
            7,
        ),
        (*RULESETS.iter().find(|r| r.id == "anywoli").unwrap(), 6),
        (variant("test-anywoli-6", Rules { pits_per_row: 6, ..ANYWOLI }), 11),
        (
            variant(
                "test-anywoli-stall",
                Rules { pits_per_row: 6, stall: Stall::QuietMoves(30), ..ANYWOLI },
            ),
            8,
        ),
        (variant("test-relay-wahree", relay(WAHREE)), 8),
    ]
}

fn round_and_round() -> &'static Ruleset {
    mancala_rules::ruleset("round-and-round-warri").unwrap()
}

/// Relay sowing un-sown (Anywoli, Round-and-Round Warri and made-up relay
/// rules): the retrograde builder's file is byte for byte the edges
/// builder's, and Anywoli and Round-and-Round Warri use it by default.
/// With the emptied pit skipped, or as many seeds as pits, it refuses.
#[test]
fn relay_retrograde_builder_matches_edges_builder_byte_for_byte() {
    for (r, seeds) in &relay_variants() {
        let edges = Egdb::build_in_memory_with(r, *seeds, Builder::Edges).unwrap();
        let retro = Egdb::build_in_memory_with(r, *seeds, Builder::Retro).unwrap();
        assert_eq!(edges.layers(), retro.layers(), "{}", r.id);
        assert!(edges.as_bytes() == retro.as_bytes(), "{}: the files differ", r.id);
        let sweeps = edges.layers().iter().map(|e| e.sweeps).max().unwrap();
        eprintln!("{}: {seeds} seeds, up to {sweeps} sweeps a layer", r.id);
        assert!(sweeps > 10, "{}", r.id);
    }
    let anywoli = RULESETS.iter().find(|r| r.id == "anywoli").unwrap();
    assert_eq!(Builder::Auto.resolve(&anywoli.rules), Builder::Retro);
    let skipped = Ruleset {
        id: "test-relay-skipped",
        rules: Rules { origin: mancala_rules::Origin::Skipped, ..anywoli.rules },
        ..*anywoli
    };
    let error = Egdb::build_in_memory_with(&skipped, 4, Builder::Retro).err().unwrap();
    assert!(matches!(error, EgdbError::Unsupported(_)), "{error}");
    assert_eq!(Builder::Auto.resolve(&skipped.rules), Builder::Edges);
    let small = Ruleset {
        id: "test-relay-small",
        rules: Rules { pits_per_row: 2, ..anywoli.rules },
        ..*anywoli
    };
    let error = Egdb::build_in_memory_with(&small, 4, Builder::Retro).err().unwrap();
    assert!(error.to_string().contains("fewer seeds on the board than pits"), "{error}");
}

/// Round-and-Round Warri: the retrograde builder takes the layers with
/// fewer seeds than pits (a lap never comes round, so the skip rule never
/// applies), refuses the others, and the automatic choice takes the edges
/// builder for those: the file is the edges builder's, byte for byte.
/// (On 2 x 4 pits, so that the layers of 8 seeds and more are small.)
#[test]
fn round_and_round_uses_the_retrograde_builder_below_as_many_seeds_as_pits() {
    let rr = round_and_round();
    assert_eq!(Builder::Auto.resolve(&rr.rules), Builder::Retro);
    assert_eq!(Builder::Auto.resolve_layer(&rr.rules, 11), Builder::Retro);
    assert_eq!(Builder::Auto.resolve_layer(&rr.rules, 12), Builder::Edges);
    assert_eq!(Builder::Retro.resolve_layer(&rr.rules, 12), Builder::Retro);
    assert_eq!(Builder::Edges.resolve_layer(&rr.rules, 3), Builder::Edges);
    let small = variant("test-rr-small", Rules { pits_per_row: 4, ..rr.rules });
    let error = Egdb::build_in_memory_with(&small, 8, Builder::Retro).err().unwrap();
    assert!(error.to_string().contains("fewer seeds on the board than pits"), "{error}");
    let edges = Egdb::build_in_memory_with(&small, 10, Builder::Edges).unwrap();
    let auto = Egdb::build_in_memory_with(&small, 10, Builder::Auto).unwrap();
    assert_eq!(edges.layers(), auto.layers());
    assert!(edges.as_bytes() == auto.as_bytes(), "the files differ");
    assert!(edges.layers().iter().any(|e| e.sweeps > 10));
    assert!(check_against_engine(&auto, &mut fastrand::Rng::with_seed(7), 2000) > 10_000);
}

/// Round-and-Round Warri: a move that relays for ever is no move (not even
/// for feeding), and a player with no legal move ends the game, each player
/// taking their own row: no passes. In the layers to 11 seeds a player
/// without a move always has an empty row (no position of up to 14 seeds
/// has seeds in the mover's row and only endless moves); such positions
/// are over as set up and the database gives them the ending's result.
/// Positions with an endless move beside legal ones (804 of them) get
/// exactly the value of their legal moves.
#[test]
fn round_and_round_endless_moves_and_players_without_a_move_agree_with_the_engine() {
    use mancala_ai::egdb::check::from_moves;
    use mancala_rules::Illegal;
    let rr = round_and_round();
    let rules = rr.rules;
    let top = 11;
    let db = Egdb::build_in_memory(rr, top).unwrap();
    let zero = BySide::new(0u8, 0u8);
    let (mut with_endless, mut without_move) = (0, 0);
    for n in 1..=top as usize {
        let m = 48 - n as u32;
        for board in boards(n, 12) {
            for side in [Side::South, Side::North] {
                let pos = rules.setup_unchecked(&board, zero, side);
                let row = if side == Side::South { &board[..6] } else { &board[6..] };
                if rules.legal_moves(&pos).is_empty() {
                    assert!(pos.is_over(), "{board:?} {side}: no move, no pass");
                    assert!(row.iter().all(|&s| s == 0), "{board:?} {side}");
                    without_move += 1;
                    for cm in 0..=m {
                        let real = rules.setup_unchecked(&board, split(side, cm, m - cm), side);
                        assert!(real.is_over());
                        let expected = outcome_for(&rules, &real, side);
                        assert_eq!(db.value(&board, side, cm), Some(expected), "{board:?} {side}");
                    }
                    continue;
                }
                let endless = (0..12u8).any(|pit| {
                    matches!(
                        rules.play(&pos, mancala_rules::Pit(pit)),
                        Err(e) if e.reason == Illegal::Endless
                    )
                });
                if !endless {
                    continue;
                }
                with_endless += 1;
                for cm in 0..=m {
                    let expected = from_moves(&db, &board, side, cm);
                    assert!(expected.is_some(), "{board:?} {side} {cm}");
                    assert_eq!(db.value(&board, side, cm), expected, "{board:?} {side} {cm}");
                }
            }
        }
    }
    eprintln!("{with_endless} positions with an endless move, {without_move} without a move");
    assert!(with_endless > 500 && without_move > 10_000);
}

/// FNV-1a 64, as the file format uses.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The file of a database in an older format (1 or 2): both sides to move
/// stored (`2 * rank + side`, ranks in the order of `boards`), the digest
/// of the rules' `Debug` text; version 1 has no bytes-a-position field and
/// no per-position bounds. Built from the values the database gives for
/// every position, so it holds exactly what the old builders wrote.
fn as_old_version(db: &Egdb, version: u32) -> Vec<u8> {
    let rules = db.ruleset().rules;
    let bounds = version >= 2 && db.position_bounds(0).is_some();
    let bytes = db.as_bytes();
    let mut header = bytes[..8192].to_vec();
    header[8..12].copy_from_slice(&version.to_le_bytes());
    header[50] = if version == 1 {
        0
    } else if bounds {
        3
    } else {
        2
    };
    header[51] = 0;
    header[56..64].copy_from_slice(&fnv1a(format!("{rules:?}").as_bytes()).to_le_bytes());
    let mut data = Vec::new();
    let mut offset = 8192u64;
    for (n, e) in db.layers().iter().enumerate() {
        let at = 64 + 64 * n;
        let mut layer = Vec::new();
        let mut bytes_of_bounds = Vec::new();
        let mut positions = 0u64;
        if e.positions > 0 {
            for board in boards(n, rules.pit_count()) {
                for side in Side::ALL {
                    let (win, lose) = db.thresholds(&board, side).unwrap();
                    layer.extend([win, lose]);
                    bytes_of_bounds.push(db.position_bound(&board, side).unwrap() as u8);
                    positions += 1;
                }
            }
        }
        if bounds {
            layer.extend(bytes_of_bounds);
        }
        let fields = [
            offset,
            layer.len() as u64,
            fnv1a(&layer),
            positions,
            2 * e.win,
            2 * e.loss,
            2 * e.unresolved,
        ];
        for (j, f) in fields.iter().enumerate() {
            header[at + 8 * j..at + 8 * j + 8].copy_from_slice(&f.to_le_bytes());
        }
        offset += layer.len() as u64;
        data.extend_from_slice(&layer);
    }
    let sum = fnv1a(&header[..8184]);
    header[8184..].copy_from_slice(&sum.to_le_bytes());
    header.extend(data);
    header
}

/// Every position of every layer (both sides to move) has the same
/// thresholds and bound in both databases.
fn assert_same_values(a: &Egdb, b: &Egdb) {
    let rules = a.ruleset().rules;
    assert_eq!(a.max_seeds(), b.max_seeds());
    for n in 0..=a.max_seeds().unwrap() as usize {
        for board in boards(n, rules.pit_count()) {
            for side in Side::ALL {
                assert_eq!(a.thresholds(&board, side), b.thresholds(&board, side), "{board:?}");
                assert_eq!(a.position_bound(&board, side), b.position_bound(&board, side));
            }
        }
    }
}

/// Files of formats 1 and 2 (both sides to move stored, the old rules
/// digest) still open with the same values. A build on one for
/// side-symmetric rules keeps one side of each layer, checking that the
/// other mirrors it, and gives exactly the file of a fresh build; a
/// version 1 file with a stall limit (no per-position bounds) is refused,
/// saying why, and left alone; an unknown version is refused.
#[test]
fn old_formats_open_and_convert_or_are_refused_clearly() {
    let abapa = &databases()[4];
    assert_eq!(abapa.format_version(), 3);
    assert_eq!(abapa.as_bytes()[51], 1, "one side to move stored");
    let path = temp_path("convert.egdb");
    for version in [1, 2] {
        let old = as_old_version(abapa, version);
        let db = Egdb::from_bytes(old.clone(), &RULESETS[4]).unwrap();
        assert_eq!(db.format_version(), version);
        assert_same_values(&db, abapa);
        let pos = RULESETS[4].rules.parse_position("0,0,0,0,1,1/1,0,0,0,0,1 20-24 S").unwrap();
        assert_eq!(db.probe(&pos), abapa.probe(&pos));
        std::fs::write(&path, &old).unwrap();
        let report = egdb::build(&RULESETS[4], &path, &options(5, 1, None), &mut |_| {}).unwrap();
        assert!(report.computed().is_empty());
        assert_eq!(std::fs::read(&path).unwrap(), abapa.as_bytes(), "version {version}");
    }

    // A file written by the format 2 builder itself (Oware (Abapa) to 4
    // seeds, `mancala egdb build` before format 3): the same bytes as the
    // image above, and extended to 5 seeds it is a fresh build's file.
    let written = std::fs::read(fixture("oware-abapa-4.v2.egdb")).unwrap();
    let four = Egdb::build_in_memory(&RULESETS[4], 4).unwrap();
    assert!(written == as_old_version(&four, 2), "the format 2 image differs from the file");
    std::fs::write(&path, &written).unwrap();
    let report = egdb::build(&RULESETS[4], &path, &options(5, 1, None), &mut |_| {}).unwrap();
    assert_eq!(report.computed(), vec![5]);
    assert_eq!(std::fs::read(&path).unwrap(), abapa.as_bytes());

    // A format 2 file whose North positions do not mirror South's is not
    // converted.
    let mut old = as_old_version(abapa, 2);
    let e = abapa.layers()[3];
    let (at, length) = (
        8192 + 4 * (abapa.layers()[..3].iter().map(|e| e.positions).sum::<u64>()) as usize,
        4 * e.positions as usize,
    );
    old[at + 2 * 7] ^= 1; // position 7: a board with North to move
    let sum = fnv1a(&old[at..at + length]);
    old[64 + 64 * 3 + 16..64 + 64 * 3 + 24].copy_from_slice(&sum.to_le_bytes());
    let sum = fnv1a(&old[..8184]);
    old[8184..8192].copy_from_slice(&sum.to_le_bytes());
    assert!(Egdb::from_bytes(old.clone(), &RULESETS[4]).is_ok());
    std::fs::write(&path, &old).unwrap();
    let error = egdb::build(&RULESETS[4], &path, &options(5, 1, None), &mut |_| {}).err().unwrap();
    assert!(error.to_string().contains("layer 3 is not side-symmetric"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), old, "the old file is left alone");

    // Anywoli: version 2 stores a bound per position, version 1 does not.
    let anywoli = &databases()[3];
    let positions: u64 = anywoli.layers().iter().map(|e| e.positions).sum();
    assert_eq!(anywoli.as_bytes().len() as u64, 8192 + 3 * positions);
    let old = as_old_version(anywoli, 2);
    assert_eq!(old.len() as u64, 8192 + 6 * positions);
    assert_same_values(&Egdb::from_bytes(old.clone(), &RULESETS[3]).unwrap(), anywoli);
    std::fs::write(&path, &old).unwrap();
    let report = egdb::build(&RULESETS[3], &path, &options(4, 1, None), &mut |_| {}).unwrap();
    assert!(report.computed().is_empty());
    assert_eq!(std::fs::read(&path).unwrap(), anywoli.as_bytes());
    let old = as_old_version(anywoli, 1);
    assert_eq!(old.len() as u64, 8192 + 4 * positions);
    let db = Egdb::from_bytes(old.clone(), &RULESETS[3]).unwrap();
    // Without per-position bounds, every position has its layer's bound.
    let pits: Vec<u8> = (0..24).map(|i| u8::from(i % 6 == 0)).collect();
    assert_eq!(db.position_bound(&pits, Side::South), db.quiet_bound(4));
    assert!(anywoli.position_bound(&pits, Side::South) <= anywoli.quiet_bound(4));
    std::fs::write(&path, &old).unwrap();
    let error = egdb::build(&RULESETS[3], &path, &options(4, 1, None), &mut |_| {}).err().unwrap();
    assert!(matches!(error, EgdbError::OldFormat { found: 1, expected: 3, .. }), "{error}");
    assert!(error.to_string().contains("remove the file"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), old, "the old file is left alone");
    let _ = std::fs::remove_file(&path);

    let mut newer = abapa.as_bytes().to_vec();
    newer[8..12].copy_from_slice(&4u32.to_le_bytes());
    let error = Egdb::from_bytes(newer, &RULESETS[4]).err().unwrap();
    assert_eq!(
        error.to_string(),
        "endgame database format version 4, but this program reads versions 1 to 3"
    );
}

/// A file in `crates/ai/tests/data`.
fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// The rules digest is a fixed encoding of the rule fields, not of how
/// Rust prints them: each preset's digest, written out here, must never
/// change (a file records it, and a different digest refuses the file);
/// and every rule field takes part in it.
#[test]
fn rules_digests_are_stable() {
    use mancala_rules::{
        Award, FeedTest, Feeding, GrandSlam, Origin, Sowing, Stall, Starved, Target, Unfed, Winner,
    };
    let digests: Vec<(&str, u64)> =
        RULESETS.iter().map(|r| (r.id, egdb::rules_digest(&r.rules))).collect();
    assert_eq!(
        digests,
        [
            ("barbados-warri-speightstown", 0xc20f_8fd1_12b0_be89),
            ("barbados-warri-bridgetown", 0x231d_f306_aed0_785a),
            ("wahree", 0x31a2_03d9_0656_cd8c),
            ("anywoli", 0x64a9_27fa_82f2_1899),
            ("oware-abapa", 0x15d1_1058_78aa_6723),
            ("anywoli-gering", 0x1c5c_a390_8620_2460),
            ("anywoli-lot", 0x678b_399a_344c_8f7b),
            ("round-and-round-warri", 0xd24b_0a5c_f2f4_e9ef),
        ]
    );
    for (r, db) in with_database().zip(databases()) {
        let stored = u64::from_le_bytes(db.as_bytes()[56..64].try_into().unwrap());
        assert_eq!(stored, egdb::rules_digest(&r.rules), "{}", r.id);
    }
    // One field changed at a time: every variant digests differently.
    let base = mancala_rules::SPEIGHTSTOWN;
    let variants = [
        base,
        Rules { pits_per_row: 5, ..base },
        Rules { seeds_per_pit: 3, ..base },
        Rules { sowing: Sowing::Relay, ..base },
        Rules { origin: Origin::Sown, ..base },
        Rules { origin: Origin::SkippedByEachLap, ..base },
        Rules { capture: Capture::Opposite, ..base },
        Rules {
            capture: Capture::TwosAndThrees { grand_slam: GrandSlam::CapturesNothing },
            ..base
        },
        Rules { capture: Capture::TwosAndThrees { grand_slam: GrandSlam::WipeOut }, ..base },
        Rules { capture: Capture::Fours { last_four: LastFour::PenultimateCapturer }, ..base },
        Rules { capture: Capture::Fours { last_four: LastFour::FirstLapCapturer }, ..base },
        Rules { capture: Capture::Fours { last_four: LastFour::Lot }, ..base },
        Rules { feeding: Feeding::NotRequired, ..base },
        Rules {
            feeding: Feeding::Required { test: FeedTest::SowsInto, otherwise: Unfed::AnyMove },
            ..base
        },
        Rules {
            feeding: Feeding::Required { test: FeedTest::LeavesSeeds, otherwise: Unfed::GameEnds },
            ..base
        },
        Rules { target: Target::None, ..base },
        Rules { target: Target::Reach(24), ..base },
        Rules { target: Target::Majority, ..base },
        Rules { starved: Starved::Passes, ..base },
        Rules { starved: Starved::GameEnds(Award::OwnRow), ..base },
        Rules { starved: Starved::GameEnds(Award::Split), ..base },
        Rules { starved: Starved::GameEnds(Award::Uncaptured), ..base },
        Rules { leftover: Award::OwnRow, ..base },
        Rules { leftover: Award::Split, ..base },
        Rules { leftover: Award::ToPlayerToMove, ..base },
        Rules { winner: Winner::MostSeeds, ..base },
        Rules { winner: Winner::Reach(24), ..base },
        Rules { stall: Stall::QuietMoves(200), ..base },
        Rules { stall: Stall::QuietMoves(100), ..base },
    ];
    let mut seen: Vec<u64> = variants.iter().map(egdb::rules_digest).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), variants.len(), "two different rules share a digest");
}

/// Rules that favour a side store both sides to move: in Wahree with a
/// winning score of 20 instead of the most seeds, a game in which both
/// players end with 20 or more is South's. Some positions then differ from their mirrors,
/// and the values still agree with the engine move by move.
#[test]
fn rules_that_favour_a_side_store_both_sides() {
    use mancala_rules::{Winner, WAHREE};
    let rules = Rules { winner: Winner::Reach(20), ..WAHREE };
    assert!(!egdb::side_symmetric(&rules));
    for r in &RULESETS {
        assert!(egdb::side_symmetric(&r.rules), "{}", r.id);
    }
    let r =
        Ruleset { id: "test-south-first", name: "test", version: 1, rules, match_first_to: None };
    let db = Egdb::build_in_memory(&r, 5).unwrap();
    assert_eq!(db.as_bytes()[51], 2, "both sides to move stored");
    let positions: u64 = db.layers().iter().map(|e| e.positions).sum();
    assert_eq!(positions, 2 * 6188);
    let mut differ = 0;
    for n in 0..=5 {
        for board in boards(n, 12) {
            let mut mirror = board.clone();
            mirror.rotate_left(6);
            if db.thresholds(&board, Side::North) != db.thresholds(&mirror, Side::South) {
                differ += 1;
            }
        }
    }
    assert!(differ > 0, "no position differs from its mirror");
    assert!(check_against_engine(&db, &mut fastrand::Rng::with_seed(2), 2000) > 10_000);
}

/// Every board of a layer, with `f` called for each.
fn for_each_board(pits: usize, n: usize, mut f: impl FnMut(&[u8])) {
    for board in boards(n, pits) {
        f(&board);
    }
}

/// Oware (Abapa) with a made-up stall limit, and its database to 5 seeds.
fn abapa_with_stall_limit(id: &'static str, limit: u32) -> (Rules, Egdb) {
    abapa_with_stall_limit_built(id, limit, true)
}

/// [`abapa_with_stall_limit`], the database built carrying exactness across
/// captures (`carry`, as builds now do) or with the model's
/// values as older files hold them.
fn abapa_with_stall_limit_built(id: &'static str, limit: u32, carry: bool) -> (Rules, Egdb) {
    use mancala_rules::Stall;
    let rules = Rules { stall: Stall::QuietMoves(limit as u8), ..RULESETS[4].rules };
    let r =
        Ruleset { id, name: "Abapa with a stall limit", version: 1, rules, match_first_to: None };
    let options = BuildOptions { max_seeds: 5, carry_exactness: carry, ..BuildOptions::default() };
    (rules, Egdb::build_in_memory_options(&r, &options).unwrap())
}

/// A random position with `n` seeds on the board (a random split of the
/// others, either side to move), then up to `limit` random quiet moves, so
/// that its stall count is anything from 0 to `limit`.
fn with_stall_count(rules: Rules, n: usize, limit: u32, rng: &mut fastrand::Rng) -> Position {
    let mut pits = vec![0u8; 12];
    for _ in 0..n {
        pits[rng.usize(..12)] += 1;
    }
    let side = if rng.bool() { Side::South } else { Side::North };
    let m = 48 - n as u32;
    let cm = rng.u32(0..=m);
    let mut pos = rules.setup_unchecked(&pits, split(side, cm, m - cm), side);
    for _ in 0..rng.usize(0..=limit as usize) {
        let moves: Vec<_> = rules.legal_moves(&pos).collect();
        if moves.is_empty() {
            break;
        }
        let next = rules.play_unchecked(&pos, moves[rng.usize(..moves.len())]);
        if next.is_over() || next.captured() != pos.captured() {
            break;
        }
        pos = next;
    }
    pos
}

/// With a stall limit, the per-position quiet-move bound makes `exact`
/// depend on the position: a forced result is claimed exact only when its
/// forcing line fits in the moves the stall count leaves, and every such
/// claim agrees with the exhaustive solver playing the real rules, stall
/// limit included. Oware (Abapa) with a made-up limit just above the
/// lower layers' longest forcing stretch, so that layer 5 has both kinds.
#[test]
fn stall_limit_exactness_is_per_position_and_sound() {
    let plain = &databases()[4];
    let below = (0..5).map(|n| plain.quiet_bound(n).unwrap()).max().unwrap();
    let top = plain.quiet_bound(5).unwrap();
    assert!(top > below + 2, "layer 5's bound {top} should exceed the lower ones' {below}");
    let limit = below + 1;
    let (rules, db) = abapa_with_stall_limit("test-abapa-stall", limit);
    // The same thresholds: the model ignores the stall limit.
    for n in 0..=5usize {
        let mut most = 0;
        for_each_board(12, n, |pits| {
            for side in Side::ALL {
                assert_eq!(db.thresholds(pits, side), plain.thresholds(pits, side));
                let b = db.position_bound(pits, side).unwrap();
                assert!(b <= db.quiet_bound(n as u32).unwrap(), "{pits:?}");
                most = most.max(b);
            }
        });
        if db.layers()[n].sweeps > 1 {
            assert_eq!(most, db.quiet_bound(n as u32).unwrap(), "layer {n}");
        }
    }
    // Positions with stall counts: set up, then quiet moves played.
    let mut rng = fastrand::Rng::with_seed(5);
    let mut solver = Exhaustive::new(rules);
    let (mut exact, mut inexact, mut checked) = (0, 0, 0);
    // Results flagged not exact that the stall limit really changes.
    let mut cut_short = 0;
    for _ in 0..8000 {
        let n = rng.usize(2..=5);
        let pos = with_stall_count(rules, n, limit, &mut rng);
        let Some(probe) = db.probe(&pos) else { continue };
        if probe.result.is_none() {
            continue;
        }
        let fits = pos.quiet_moves() as u32 + probe.bound < limit;
        assert_eq!(probe.exact, fits, "{pos}");
        if !probe.exact {
            inexact += 1;
            if solver.solve(&pos, 20_000).is_some_and(|truth| Some(truth) != probe.result) {
                cut_short += 1;
            }
            continue;
        }
        exact += 1;
        let Some(truth) = solver.solve(&pos, 20_000) else { continue };
        checked += 1;
        assert_eq!(Some(truth), probe.result, "{pos} (stall count {})", pos.quiet_moves());
    }
    println!(
        "stall limit {limit}: {exact} exact ({checked} checked), {inexact} not exact \
         ({cut_short} of them really cut short by the limit)"
    );
    assert!(checked >= 300 && inexact >= 50, "{checked} checked, {inexact} not exact");
    // The flag is needed: the limit does change some of the others.
    assert!(cut_short >= 5, "{cut_short}");
}

/// In a file built with the model's values (as files built before exactness was carried hold them), where a
/// lower layer holds a forcing line as long as the stall limit, no forced
/// result above it is exact (Anywoli's layer 12 over layer 8 in such a
/// file), but those whose own line fits in what the stall count leaves
/// (`fits`) are what play relies on: `Oracle::play_result`, and a playing
/// search through `ForPlay`. Proofs ask `result` and get none of them. Oware
/// (Abapa) with a made-up limit equal to the lower layers' longest forcing
/// line, against the exhaustive solver playing the real rules with the
/// limit: the results play relies on are right nearly always.
#[test]
fn play_relies_on_forced_results_whose_own_line_fits_and_proofs_do_not() {
    use mancala_ai::egdb::play::{ForPlay, Oracle};
    use mancala_ai::{Horizon, Limits, SearchOptions, Searcher};
    use mancala_rules::Game;
    let plain = &databases()[4];
    let below = (0..5).map(|n| plain.quiet_bound(n).unwrap()).max().unwrap();
    let limit = below;
    let (rules, db) = abapa_with_stall_limit_built("test-abapa-stall-at-lower", limit, false);
    assert!(!db.carries_exactness(5) && db.carries_exactness(4));
    let mut rng = fastrand::Rng::with_seed(9);
    let mut solver = Exhaustive::new(rules);
    let (mut relied, mut right, mut wrong, mut not_fitting) = (0, 0, 0, 0);
    let mut searched = 0;
    for _ in 0..6000 {
        let pos = with_stall_count(rules, 5, limit, &mut rng);
        let Some(probe) = db.probe(&pos) else { continue };
        let Some(result) = probe.result else {
            assert!(!probe.fits && db.play_result(&pos).is_none(), "{pos}");
            continue;
        };
        let fits = pos.quiet_moves() as u32 + probe.bound < limit;
        assert_eq!(probe.fits, fits, "{pos}");
        assert!(!probe.exact, "layer 5 sits on a line as long as the limit: {pos}");
        assert_eq!(db.result(&pos), None, "{pos}");
        assert_eq!(ForPlay(&db).result(&pos), db.play_result(&pos), "{pos}");
        if !fits {
            assert_eq!(db.play_result(&pos), None, "{pos}");
            not_fitting += 1;
            continue;
        }
        assert_eq!(db.play_result(&pos), Some(result), "{pos}");
        relied += 1;
        if let Some(truth) = solver.solve(&pos, 20_000) {
            if truth == result {
                right += 1;
            } else {
                wrong += 1;
            }
        }
        // A fresh position the database calls won, with more than one move
        // and a way out more than a ply away: a playing search keeps to the
        // way out the win gives it; a proof does not take the win from the
        // database and weighs every move.
        let legal = rules.legal_moves(&pos).count();
        if searched < 20 && result == Wdl::Win && pos.quiet_moves() == 0 && legal > 1 {
            searched += 1;
            let game = Game::from_position(rules, pos);
            let play = Searcher::new(rules)
                .search(&game, SearchOptions::new(Limits::depth(1)).oracle(Some(&db)));
            assert_eq!(play.root.len(), 1, "{pos}: {play:?}");
            let pit = play.best.unwrap();
            let child = rules.play_unchecked(&pos, pit);
            if !child.is_over() && child.captured() != pos.captured() {
                // A way out in one ply: into a position lost for the opponent.
                assert_eq!(db.play_result(&child), Some(Wdl::Loss), "{pos}: {pit:?}");
            }
            let proof = Searcher::new(rules).search(
                &game,
                SearchOptions::new(Limits::depth(1))
                    .oracle(Some(&db))
                    .horizon(Horizon::Pessimistic),
            );
            assert_eq!(proof.root.len(), legal, "{pos}: {proof:?}");
        }
    }
    println!(
        "stall limit {limit}: play relies on {relied} results not exact ({right} right and \
         {wrong} wrong by the solver), {not_fitting} whose own line does not fit"
    );
    assert!(
        relied >= 300 && not_fitting >= 20 && searched >= 5,
        "{relied} {not_fitting} {searched}"
    );
    assert!(right >= 200 && wrong * 20 <= right, "{right} right, {wrong} wrong");
}

/// A build carries exactness across captures: while it computes a layer it
/// reads each lower position whose forcing line is as long as the stall
/// limit as unresolved, so every forced result of the layer whose own line
/// fits is exact, and right. Oware (Abapa) with a made-up limit equal to
/// layer 3's longest forcing line (captures of 2 or 3 seeds from layer 5
/// reach layers 3 and 2, not layer 4): against the file with the model's
/// values, layer 5 gives up only forced results (never one turned into the
/// other), every result it keeps and calls exact agrees with the exhaustive
/// solver playing the real rules with the limit, and `egdb verify`'s check
/// reads the lower layers as the build did.
#[test]
fn exactness_is_carried_across_captures_by_reading_long_lower_lines_as_unresolved() {
    use mancala_ai::egdb::play::Oracle;
    let plain = &databases()[4];
    let limit = plain.quiet_bound(3).unwrap();
    assert!(limit > plain.quiet_bound(2).unwrap());
    let (rules, db) = abapa_with_stall_limit_built("test-abapa-carried", limit, true);
    let (_, model) = abapa_with_stall_limit_built("test-abapa-carried", limit, false);
    assert!((0..=5).all(|n| db.carries_exactness(n) && db.layers()[n as usize].carried()));
    assert!(!model.layers()[5].carried());
    // Layers 0-4 see no lower line that long: the same values. Layer 5
    // gives up some forced results and changes none.
    let (mut given_up, mut kept) = (Vec::new(), 0u64);
    for n in 0..=5usize {
        let m = 48 - n as u32;
        for_each_board(12, n, |pits| {
            for side in Side::ALL {
                for cm in 0..=m {
                    let (a, b) = (db.value(pits, side, cm), model.value(pits, side, cm));
                    if n < 5 || a == b {
                        assert_eq!(a, b, "{pits:?} {side:?} {cm}");
                        kept += (n == 5 && a != Some(Wdl::Draw)) as u64;
                    } else {
                        assert_eq!(a, Some(Wdl::Draw), "{pits:?} {side:?} {cm}: {b:?}");
                        given_up.push(rules.setup_unchecked(pits, split(side, cm, m - cm), side));
                    }
                }
            }
        });
    }
    assert!(!given_up.is_empty(), "no forced result rested on a long lower line");
    // The check (`egdb verify`) reads a capture's child as the build did,
    // so it finds those positions in agreement with their moves, and the
    // rest of layer 5 too.
    for pos in &given_up {
        let check = egdb::check::check_position(&db, pos).unwrap();
        assert!(check.mismatches.is_empty(), "{pos}: {:?}", check.mismatches);
    }
    let mut rng = fastrand::Rng::with_seed(6);
    let check = egdb::check::check_layer(&db, 5, 400, &mut rng);
    assert_eq!(check.mismatch_count, 0, "{:?}", check.mismatches);
    // Every forced result whose line fits is exact, and right.
    let mut rng = fastrand::Rng::with_seed(9);
    let mut solver = Exhaustive::new(rules);
    let (mut exact, mut checked) = (0, 0);
    for _ in 0..6000 {
        let pos = with_stall_count(rules, 5, limit, &mut rng);
        let Some(probe) = db.probe(&pos) else { continue };
        let Some(result) = probe.result else { continue };
        assert_eq!(probe.exact, probe.fits, "{pos}");
        assert_eq!(db.result(&pos), probe.exact.then_some(result), "{pos}");
        assert_eq!(db.play_result(&pos), db.result(&pos), "{pos}");
        if !probe.exact {
            continue;
        }
        exact += 1;
        if let Some(truth) = solver.solve(&pos, 20_000) {
            checked += 1;
            assert_eq!(truth, result, "{pos} (stall count {})", pos.quiet_moves());
        }
    }
    println!(
        "stall limit {limit}: layer 5 gave up {} forced results and kept {kept}; {exact} \
         exact at random stall counts ({checked} checked by the solver)",
        given_up.len()
    );
    assert!(exact >= 300 && checked >= 200, "{exact} exact, {checked} checked");
}

/// `egdb::check` (behind `mancala egdb verify`) finds every layer of a good
/// database in agreement with the rules engine, and a layer whose data was
/// replaced (every threshold 0: "the mover has won already") disagreeing,
/// with the positions named.
#[test]
fn the_check_finds_good_layers_agreeing_and_a_damaged_one_disagreeing() {
    let db = &databases()[0];
    let mut rng = fastrand::Rng::with_seed(5);
    for seeds in 0..=db.max_seeds().unwrap() {
        let check = egdb::check::check_layer(db, seeds, 200, &mut rng);
        assert_eq!(check.boards, 200);
        assert_eq!(check.mismatch_count, 0, "layer {seeds}: {:?}", check.mismatches);
    }
    let mut bytes = db.as_bytes().to_vec();
    let layer = &db.layers()[5];
    bytes[layer.offset as usize..(layer.offset + layer.length) as usize].fill(0);
    // Opening a file maps it without reading the checksums (as `egdb
    // verify` would first).
    let path = temp_path("damaged-layer.egdb");
    std::fs::write(&path, bytes).unwrap();
    let damaged = Egdb::open(&path, db.ruleset()).unwrap();
    let check = egdb::check::check_layer(&damaged, 5, 200, &mut rng);
    assert!(check.mismatch_count > 100, "{check:?}");
    let first = &check.mismatches[0];
    assert_eq!(first.stored, Wdl::Win);
    assert_eq!(first.position.pits().iter().map(|&s| s as u32).sum::<u32>(), 5);
    assert!(first.to_string().contains("stored win, its moves give"), "{first}");
    // The layers below still agree: the damage is found where it is.
    assert_eq!(egdb::check::check_layer(&damaged, 4, 200, &mut rng).mismatch_count, 0);

    // One named position (`egdb verify --from`): it and its children.
    // Five seeds on the board, South to move with two of them in its row.
    let rules = db.ruleset().rules;
    let total = rules.total_seeds() as u8;
    let pits = [1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0];
    let pos = rules.setup_unchecked(&pits, BySide::new(total / 2, total / 2 - 5), Side::South);
    let good = egdb::check::check_position(db, &pos).unwrap();
    assert_eq!(good.stored, db.value(&pits, Side::South, (total / 2) as u32));
    let children =
        rules.legal_moves(&pos).into_iter().filter(|&m| !rules.play_unchecked(&pos, m).is_over());
    assert_eq!(good.values, 1 + children.count() as u64);
    assert!(good.mismatches.is_empty(), "{:?}", good.mismatches);
    // In the damaged file the position itself is wrong (its layer is 5),
    // and so is every child that stays in that layer.
    let bad = egdb::check::check_position(&damaged, &pos).unwrap();
    assert_eq!(bad.stored, Some(Wdl::Win));
    assert_eq!(bad.mismatches[0].position, pos);
    assert!(bad.mismatches.len() >= 2, "{:?}", bad.mismatches);
    // A position the file does not hold is not checked.
    let start = rules.start();
    assert!(egdb::check::check_position(db, &start).is_none());
}
