//! Anywoli's endgame database against search under the real rules: every
//! forced result the database calls exact is proved by a forward search
//! that plays the engine's moves with the real captured seeds and stall
//! count, and every "unresolved" is refuted to a depth (no forced win for
//! either side), on set-up positions and on positions of real games right
//! after a capture (docs/egdb.md, "Agreement with the exhaustive solver").

mod common;

use common::{split, Exhaustive, Forcing};
use mancala_ai::egdb::Egdb;
use mancala_ai::Wdl;
use mancala_rules::{Game, Position, Rules, Ruleset, Side, Stall, ANYWOLI, RULESETS};
use std::collections::BTreeMap;
use std::fmt;

/// What the database says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Claim {
    /// A forced win for the mover, exact (the stall limit cannot cut it).
    ExactWin,
    /// A forced loss for the mover, exact.
    ExactLoss,
    /// Forced, but the forcing line may need more quiet moves than the
    /// stall count leaves: not exact.
    NotExact,
    /// Neither side can force a win by play that ends the game.
    Unresolved,
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Claim::ExactWin => "exact win",
            Claim::ExactLoss => "exact loss",
            Claim::NotExact => "forced, not exact",
            Claim::Unresolved => "unresolved",
        })
    }
}

/// What the search found about a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// What the database says: the forced result proved within the
    /// forcing line's bound and the stall count; for "unresolved", no
    /// forced win for either side within the depth searched; for "forced,
    /// not exact", still forced within what the stall count leaves.
    Agrees,
    /// The search contradicts the claim; for "forced, not exact" this is
    /// what the flag is for (the stall limit really cuts the forcing line
    /// short), not a contradiction.
    Differs,
    /// Over the node budget.
    Undecided,
}

/// Counts for one row of a table.
#[derive(Clone, Copy, Default)]
struct Row {
    examined: u64,
    agree: u64,
    differ: u64,
    undecided: u64,
    /// Unresolved positions: the full exhaustive search's result (real
    /// rules: cycles and stall included) where it finished within its
    /// budget, win, draw, loss for the mover; and how often it did not.
    truth: [u64; 3],
    unfinished: u64,
    nodes: u64,
    /// Forced results proved only by a strategy longer than the bound
    /// (within the stall limit), the search within the bound having run out
    /// of nodes.
    beyond_bound: u64,
}

/// Rows by layer, claim and the forcing line's bound (its first value
/// stands for a range: 0-24, 25-49, 50-99, 100-199, 200 and more; always 0
/// for "unresolved", whose bound is about other splits).
type RowKey = (u32, Claim, u32);

/// The results of a run.
#[derive(Default)]
struct Table {
    rows: BTreeMap<RowKey, Row>,
    /// Positions where the search contradicts an exact claim or an
    /// "unresolved" (expected: none).
    disagreements: Vec<String>,
}

fn bound_range(claim: Claim, bound: u32) -> u32 {
    match (claim, bound) {
        (Claim::Unresolved, _) => 0,
        (_, 0..=24) => 0,
        (_, 25..=49) => 25,
        (_, 50..=99) => 50,
        (_, 100..=199) => 100,
        _ => 200,
    }
}

fn range_label(claim: Claim, from: u32) -> String {
    match (claim, from) {
        (Claim::Unresolved, _) => "-".into(),
        (_, 0) => "0-24".into(),
        (_, 25) => "25-49".into(),
        (_, 50) => "50-99".into(),
        (_, 100) => "100-199".into(),
        _ => "200+".into(),
    }
}

impl Table {
    /// The sum of the rows with `claim`.
    fn total(&self, claim: Claim) -> Row {
        let mut sum = Row::default();
        for (_, r) in self.rows.iter().filter(|((_, c, _), _)| *c == claim) {
            sum.examined += r.examined;
            sum.agree += r.agree;
            sum.differ += r.differ;
            sum.undecided += r.undecided;
            sum.nodes += r.nodes;
            sum.beyond_bound += r.beyond_bound;
            for i in 0..3 {
                sum.truth[i] += r.truth[i];
            }
            sum.unfinished += r.unfinished;
        }
        sum
    }

    fn print(&self, title: &str) {
        println!("{title}");
        println!(
            "| layer | claim | bound | examined | agree (beyond the bound) | differ | undecided \
             | search nodes | unresolved: true win / draw / loss (unfinished) |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
        for ((layer, claim, from), r) in &self.rows {
            let truth =
                if *claim == Claim::Unresolved && r.truth.iter().sum::<u64>() + r.unfinished > 0 {
                    format!("{} / {} / {} ({})", r.truth[0], r.truth[1], r.truth[2], r.unfinished)
                } else {
                    "-".into()
                };
            println!(
                "| {layer} | {claim} | {} | {} | {} ({}) | {} | {} | {} | {truth} |",
                range_label(*claim, *from),
                r.examined,
                r.agree,
                r.beyond_bound,
                r.differ,
                r.undecided,
                r.nodes
            );
        }
        for d in &self.disagreements {
            println!("DISAGREEMENT: {d}");
        }
    }
}

/// How hard the checks search.
#[derive(Clone, Copy)]
struct Effort {
    /// Nodes for one search.
    budget: u64,
    /// The depth (moves) to which an "unresolved" is refuted.
    depth: u32,
    /// Nodes for the full exhaustive search of an unresolved position (0:
    /// not run).
    exhaustive: u64,
}

/// The searches, kept between checks for their allocations.
struct Checker<'a> {
    db: &'a Egdb,
    forcing: Forcing<'a>,
    exhaustive: Exhaustive,
    effort: Effort,
    table: Table,
}

impl<'a> Checker<'a> {
    fn new(db: &'a Egdb, effort: Effort) -> Checker<'a> {
        let rules = db.ruleset().rules;
        Checker {
            db,
            forcing: Forcing::new(rules).with_hint(db).with_lower(db),
            exhaustive: Exhaustive::new(rules),
            effort,
            table: Table::default(),
        }
    }

    /// Checks the database's claim about `pos`, taken as having no
    /// repetition history (as set up, or right after a capture), against
    /// the search. `None` if the database does not cover it.
    fn check(&mut self, pos: &Position) -> Option<Claim> {
        let probe = self.db.probe(pos)?;
        let rules = self.db.ruleset().rules;
        let layer = pos.board_seeds();
        let mover = pos.to_move();
        let limit = match rules.stall {
            Stall::QuietMoves(l) => l as u32,
            Stall::None => u32::MAX,
        };
        let claim = match (probe.value, probe.exact) {
            (Wdl::Win, true) => Claim::ExactWin,
            (Wdl::Loss, true) => Claim::ExactLoss,
            (Wdl::Draw, _) => Claim::Unresolved,
            (_, false) => Claim::NotExact,
        };
        let budget = self.effort.budget;
        let mut nodes = 0;
        let mut beyond_bound = false;
        let verdict = if claim == Claim::Unresolved {
            let mut verdict = Verdict::Agrees;
            for side in Side::ALL {
                let found = self.forcing.wins(pos, side, self.effort.depth, budget);
                nodes += self.forcing.nodes();
                match found {
                    Ok(None) => {}
                    Ok(Some(_)) => verdict = Verdict::Differs,
                    Err(_) if verdict == Verdict::Agrees => verdict = Verdict::Undecided,
                    Err(_) => {}
                }
            }
            verdict
        } else {
            let winner = if probe.value == Wdl::Win { mover } else { !mover };
            // The forcing line: at most `bound` quiet moves, then the move
            // that captures or ends the game (in Anywoli's layers 4 and 8
            // every capture ends it; from layer 12 it leads to layer 8,
            // whose exact results the search takes: `Forcing::with_lower`),
            // and within what the stall count leaves.
            let left = limit - pos.quiet_moves() as u32;
            let plies = (probe.bound + 1).min(left);
            let mut found = self.forcing.proves(pos, winner, plies, budget);
            nodes += self.forcing.nodes();
            if found.is_err() && plies < left {
                // Not within the budget at that depth: the result itself
                // (forced within what the stall count leaves) may still be
                // proved, by another strategy.
                found = self.forcing.proves(pos, winner, left, budget);
                nodes += self.forcing.nodes();
                if let Ok(Some(_)) = found {
                    beyond_bound = true;
                }
            }
            if let Ok(None) = found {
                // With the rule along the path, "none" is only "none found":
                // settled without it.
                found = self.forcing.wins(pos, winner, plies, budget);
                nodes += self.forcing.nodes();
            }
            match found {
                Ok(Some(_)) => Verdict::Agrees,
                Ok(None) => Verdict::Differs,
                Err(_) => Verdict::Undecided,
            }
        };
        let key = (layer, claim, bound_range(claim, probe.bound));
        let row = self.table.rows.entry(key).or_default();
        row.examined += 1;
        row.nodes += nodes;
        row.beyond_bound += beyond_bound as u64;
        match verdict {
            Verdict::Agrees => row.agree += 1,
            Verdict::Differs => row.differ += 1,
            Verdict::Undecided => row.undecided += 1,
        }
        if claim == Claim::Unresolved && self.effort.exhaustive > 0 {
            match self.exhaustive.solve(pos, self.effort.exhaustive) {
                Some(Wdl::Win) => row.truth[0] += 1,
                Some(Wdl::Draw) => row.truth[1] += 1,
                Some(Wdl::Loss) => row.truth[2] += 1,
                None => row.unfinished += 1,
            }
        }
        if verdict == Verdict::Differs && claim != Claim::NotExact {
            let found = if claim == Claim::Unresolved {
                format!("a forced win within {} moves", self.effort.depth)
            } else {
                let plies = (probe.bound + 1).min(limit - pos.quiet_moves() as u32);
                format!("no forced {:?} for the mover within {plies} moves", probe.value)
            };
            self.table.disagreements.push(format!(
                "{pos} (stall count {}): database says {claim} (bound {}), search finds {found}",
                pos.quiet_moves(),
                probe.bound
            ));
        }
        Some(claim)
    }
}

/// Calls `f` with every board of `n` seeds on `pits` pits (streamed: layer
/// 8 of Anywoli has 7.9 million).
fn for_each_board(n: u32, pits: usize, f: &mut impl FnMut(&[u8])) {
    fn go(left: u32, at: usize, board: &mut Vec<u8>, f: &mut impl FnMut(&[u8])) {
        if at + 1 == board.len() {
            board[at] = left as u8;
            f(board);
            return;
        }
        for v in 0..=left {
            board[at] = v as u8;
            go(left - v, at + 1, board, f);
        }
        board[at] = 0;
    }
    go(n, 0, &mut vec![0; pits], f);
}

/// Forced (board, side to move, split of the captured seeds) triples of
/// layer `n`, as positions set up with no history: every one if `share` is
/// 1, else about that share of them at random. Boards where the side to
/// move has no seeds (it passes as set up) are left to the other side's
/// entry.
fn forced_triples(db: &Egdb, n: u32, share: f64, rng: &mut fastrand::Rng) -> Vec<Position> {
    let rules = db.ruleset().rules;
    let m = rules.total_seeds() - n;
    let mut out = Vec::new();
    for_each_board(n, rules.pit_count(), &mut |pits| {
        for side in Side::ALL {
            let (win, lose) = db.thresholds(pits, side).unwrap();
            // Won for cm in win..=m, lost for cm in 0..=m - lose.
            let won = (m + 1).saturating_sub(win as u32);
            let forced = won + (m + 1).saturating_sub(lose as u32);
            let cm = |i: u32| if i < won { win as u32 + i } else { i - won };
            let picked = if share >= 1.0 {
                0..forced
            } else if forced > 0 && rng.f64() < share * forced as f64 {
                let i = rng.u32(..forced);
                i..i + 1
            } else {
                continue;
            };
            for cm in picked.map(cm) {
                let pos = rules.setup_unchecked(pits, split(side, cm, m - cm), side);
                if !pos.is_over() && pos.to_move() == side {
                    out.push(pos);
                }
            }
        }
    });
    out
}

/// Unresolved triples of layer `n`, about `count` of them at random (a
/// random board, side and split, kept if unresolved), set up with no
/// history.
fn unresolved_triples(db: &Egdb, n: u32, count: usize, rng: &mut fastrand::Rng) -> Vec<Position> {
    let rules = db.ruleset().rules;
    let m = rules.total_seeds() - n;
    let mut out = Vec::new();
    while out.len() < count {
        let mut pits = vec![0u8; rules.pit_count()];
        for _ in 0..n {
            pits[rng.usize(..rules.pit_count())] += 1;
        }
        let side = if rng.bool() { Side::South } else { Side::North };
        let cm = rng.u32(0..=m);
        let pos = rules.setup_unchecked(&pits, split(side, cm, m - cm), side);
        if db.probe(&pos).is_some_and(|p| !p.is_forced()) {
            out.push(pos);
        }
    }
    out
}

/// The quiet moves of a layer as a graph: every position (board and side
/// to move, as settled by the engine) and the moves into it that capture
/// nothing and do not end the game. Anywoli's quiet moves do not depend on
/// the captured seeds (no target score), so one graph serves every split.
struct QuietGraph {
    rules: Rules,
    index: std::collections::HashMap<(Vec<u8>, Side), usize>,
    boards: Vec<(Vec<u8>, Side)>,
    /// For each position, its quiet predecessors and the move from each.
    preds: Vec<Vec<(usize, mancala_rules::Pit)>>,
    /// For each position, the most quiet moves that can lead to it (255:
    /// 255 or more).
    reach: Vec<u8>,
}

impl QuietGraph {
    fn new(rules: Rules, n: u32) -> QuietGraph {
        let m = rules.total_seeds() - n;
        let mut boards = Vec::new();
        for_each_board(n, rules.pit_count(), &mut |pits| {
            for side in Side::ALL {
                boards.push((pits.to_vec(), side));
            }
        });
        let index: std::collections::HashMap<_, _> =
            boards.iter().cloned().enumerate().map(|(i, b)| (b, i)).collect();
        let mut preds = vec![Vec::new(); boards.len()];
        for (i, (pits, side)) in boards.iter().enumerate() {
            let pos = rules.setup_unchecked(pits, split(*side, m / 2, m - m / 2), *side);
            if pos.is_over() || pos.to_move() != *side {
                continue;
            }
            for pit in rules.legal_moves(&pos) {
                let child = rules.play_unchecked(&pos, pit);
                if !child.is_over() && child.captured() == pos.captured() {
                    preds[index[&(child.pits().to_vec(), child.to_move())]].push((i, pit));
                }
            }
        }
        // How many quiet moves can lead to each position (capped at 255).
        let mut reach = vec![0u8; boards.len()];
        for _ in 0..255 {
            let next: Vec<u8> = preds
                .iter()
                .map(|p| p.iter().map(|&(u, _)| reach[u].saturating_add(1)).max().unwrap_or(0))
                .collect();
            if next == reach {
                break;
            }
            reach = next;
        }
        QuietGraph { rules, index, boards, preds, reach }
    }

    fn reach(&self, pos: &Position) -> u8 {
        self.reach[self.index[&(pos.pits().to_vec(), pos.to_move())]]
    }

    /// `pos` with a stall count of `q` (at most its reach): reached by `q`
    /// quiet moves from a position set up with its captured seeds, found by
    /// a random walk backwards along the graph.
    fn with_stall_count(&self, pos: &Position, q: u8, rng: &mut fastrand::Rng) -> Position {
        let target = self.index[&(pos.pits().to_vec(), pos.to_move())];
        assert!(self.reach[target] >= q, "{pos} cannot have a stall count of {q}");
        let mut at = target;
        let mut moves = Vec::new();
        for left in (0..q).rev() {
            // A predecessor that itself can be reached by `left` moves.
            let p: Vec<_> =
                self.preds[at].iter().filter(|&&(u, _)| self.reach[u] >= left).collect();
            let &(from, pit) = p[rng.usize(..p.len())];
            moves.push(pit);
            at = from;
        }
        let (pits, side) = &self.boards[at];
        let mut walked = self.rules.setup_unchecked(pits, pos.captured(), *side);
        for &pit in moves.iter().rev() {
            walked = self.rules.play_unchecked(&walked, pit);
        }
        assert!(walked.same_place(pos) && walked.captured() == pos.captured(), "{walked}");
        assert_eq!(walked.quiet_moves(), q);
        walked
    }
}

/// Plays `games` games from the start with real history (the repetition
/// rule and the stall count as `Game` keeps them) and calls `visit` with
/// each position right after a capture, whose repetition history starts
/// afresh, unless the game is over. Each move is random with probability
/// `wander`, else one that gains the most seeds for the mover (ties at
/// random), so that the games reach their endgames. Returns how many games
/// ended with the board empty (by captures, not by cycle or stall).
fn play_games(
    rules: Rules,
    games: usize,
    wander: f64,
    rng: &mut fastrand::Rng,
    visit: &mut impl FnMut(&Game),
) -> usize {
    let mut emptied = 0;
    for _ in 0..games {
        let mut game = Game::new(rules);
        while !game.is_over() {
            let pos = *game.position();
            let mover = pos.to_move();
            let legal: Vec<_> = game.legal_moves().into_iter().collect();
            let pit = if rng.f64() < wander {
                legal[rng.usize(..legal.len())]
            } else {
                let gain = |pit| {
                    let (before, after) =
                        (pos.captured(), rules.play_unchecked(&pos, pit).captured());
                    (after[mover] as i32 - before[mover] as i32)
                        - (after[!mover] as i32 - before[!mover] as i32)
                };
                let best = legal.iter().map(|&p| gain(p)).max().unwrap();
                let top: Vec<_> = legal.iter().copied().filter(|&p| gain(p) == best).collect();
                top[rng.usize(..top.len())]
            };
            let before = pos.captured();
            game.play(pit).unwrap();
            if !game.is_over() && game.position().captured() != before {
                assert_eq!(game.repeatable_positions().len(), 1);
                assert_eq!(game.position().quiet_moves(), 0);
                visit(&game);
            }
        }
        if game.position().board_seeds() == 0 {
            emptied += 1;
        }
    }
    emptied
}

/// Anywoli's rules on 2 x 6 pits (48 seeds): the same relay sowing, fours,
/// passes, endings and stall rule, with a layer 8 small enough to build in
/// a test, so that positions of real games can be checked.
fn small_anywoli(stall: u8) -> Ruleset {
    Ruleset {
        id: "test-anywoli-2x6",
        name: "Anywoli on 2 x 6 pits",
        version: 1,
        rules: Rules { pits_per_row: 6, stall: Stall::QuietMoves(stall), ..ANYWOLI },
        match_first_to: None,
    }
}

/// Anywoli, database to 4 seeds, positions set up with no history: every
/// forced (board, side, split) triple of layer 4 (all exact) is proved by
/// the search within the forcing line's bound; random unresolved triples
/// have no forced win for either side within 16 moves; and forced
/// positions met at stall counts of 180 or more are called exact exactly
/// when their stall count plus bound is below the limit of 200, each
/// exact one proved within what the stall count leaves, and some of the
/// others really cut short by the limit.
///
/// (Real Anywoli games never hold 4 seeds on the board: a capture that
/// leaves 4 in play ends the game. Positions of real games are checked on
/// layer 8, below on a smaller board and in the long run on this one.)
#[test]
fn anywoli_forced_results_are_proven_by_search_and_unresolved_ones_refuted() {
    let r = &RULESETS[3];
    assert_eq!(r.id, "anywoli");
    let db = Egdb::build_in_memory(r, 4).unwrap();
    let mut rng = fastrand::Rng::with_seed(41);
    let effort = Effort { budget: 200_000, depth: 16, exhaustive: 0 };
    let mut checker = Checker::new(&db, effort);

    let forced = forced_triples(&db, 4, 1.0, &mut rng);
    let e = db.layers()[4];
    // The counts cover the positions stored: with South to move only, half.
    let covered = (e.win + e.loss) * 2 / db.sides_stored() as u64;
    assert_eq!(forced.len() as u64, covered, "every forced triple of layer 4");
    for pos in &forced {
        let claim = checker.check(pos).unwrap();
        assert!(matches!(claim, Claim::ExactWin | Claim::ExactLoss), "{pos}: {claim}");
    }
    for pos in unresolved_triples(&db, 4, 2000, &mut rng) {
        checker.check(&pos);
    }
    // Stall counts: no forced position of layer 4 can be reached by more
    // than a few quiet moves (from a set-up, since real games never hold 4
    // seeds), far fewer than the limit of 200 less the longest forcing
    // line, so with the real limit every forced result of the layer is
    // exact wherever it occurs.
    let graph = QuietGraph::new(r.rules, 4);
    let deepest = forced.iter().map(|p| graph.reach(p)).max().unwrap() as u32;
    println!("forced positions of layer 4: at most {deepest} quiet moves from a set-up");
    assert!(deepest + db.quiet_bound(4).unwrap() < 200);
    // So the per-position rule `stall count + bound < limit` is checked with
    // a made-up limit of 8, below the layer's longest forcing line: each
    // forced triple at a random stall count it can have (below 8).
    let tight = Ruleset {
        id: "test-anywoli-stall-8",
        rules: Rules { stall: Stall::QuietMoves(8), ..r.rules },
        ..*r
    };
    let tight_db = Egdb::build_in_memory(&tight, 4).unwrap();
    let mut stalled = Checker::new(&tight_db, effort);
    for pos in &forced {
        let q = rng.u8(0..=graph.reach(pos).min(7));
        let pos = graph.with_stall_count(pos, q, &mut rng);
        let probe = tight_db.probe(&pos).unwrap();
        assert_eq!(probe.exact, q as u32 + probe.bound < 8, "{pos}");
        stalled.check(&pos);
    }
    checker.table.print("Anywoli, layer 4 set up (stall count 0)");
    stalled
        .table
        .print("Anywoli with a stall limit of 8, layer 4, forced triples at stall counts 0-7");
    for table in [&checker.table, &stalled.table] {
        assert!(table.disagreements.is_empty(), "{:?}", table.disagreements);
    }
    let t = &checker.table;
    let (win, loss) = (t.total(Claim::ExactWin), t.total(Claim::ExactLoss));
    let sides = db.sides_stored() as u64;
    assert_eq!(
        (win.agree, loss.agree),
        (e.win * 2 / sides, e.loss * 2 / sides),
        "every forced triple proved"
    );
    let unresolved = t.total(Claim::Unresolved);
    assert_eq!(unresolved.agree, 2000, "every unresolved one refuted to 16 moves");
    let s = &stalled.table;
    let exact = s.total(Claim::ExactWin).agree + s.total(Claim::ExactLoss).agree;
    let (not_exact, cut) = (s.total(Claim::NotExact), s.total(Claim::NotExact).differ);
    println!(
        "stall limit 8: {exact} exact (all proved), {} not exact ({cut} of them cut short by the \
         limit, {} still forced)",
        not_exact.examined, not_exact.agree
    );
    assert_eq!(s.total(Claim::ExactWin).undecided + s.total(Claim::ExactLoss).undecided, 0);
    assert!(
        exact >= 1000 && not_exact.examined >= 1000,
        "{exact} exact, {} not",
        not_exact.examined
    );
    // The flag is needed: the limit does cut some of the others short.
    assert!(cut >= 5, "{cut}");
}

/// Anywoli's rules on a 2 x 6 board, database to 8 seeds: positions of
/// real games (real history, right after a capture) with 8 seeds left.
/// Each exact forced result is proved by the search from the game's
/// position, each "unresolved" has no forced win for either side within 16
/// moves. Again with a stall limit of 30, below layer 8's longest forcing
/// lines, so that some results are not exact: the exact ones are proved
/// within what the limit leaves, and some of the others are really cut
/// short.
#[test]
fn anywoli_rules_agree_with_search_along_real_history() {
    let mut rng = fastrand::Rng::with_seed(43);
    for (stall, games) in [(200, 150), (30, 150)] {
        let r = small_anywoli(stall);
        let db = Egdb::build_in_memory(&r, 8).unwrap();
        let effort = Effort { budget: 500_000, depth: 16, exhaustive: 0 };
        let mut checker = Checker::new(&db, effort);
        let emptied = play_games(r.rules, games, 0.5, &mut rng, &mut |game: &Game| {
            if game.position().board_seeds() <= 8 {
                checker.check(game.position()).expect("covered");
            }
        });
        checker.table.print(&format!(
            "Anywoli rules on 2 x 6 pits, stall limit {stall}, {games} games ({emptied} played to \
             an empty board), positions right after a capture"
        ));
        let t = &checker.table;
        assert!(t.disagreements.is_empty(), "{:?}", t.disagreements);
        let exact = [t.total(Claim::ExactWin), t.total(Claim::ExactLoss)];
        let proved: u64 = exact.iter().map(|r| r.agree).sum();
        let undecided: u64 = exact.iter().map(|r| r.undecided).sum();
        let unresolved = t.total(Claim::Unresolved);
        println!("stall {stall}: {proved} exact proved, {undecided} undecided");
        assert!(proved >= 40 && unresolved.agree >= 20, "{proved} proved");
        assert!(undecided * 20 <= proved, "{undecided} undecided of {}", proved + undecided);
        assert_eq!(unresolved.undecided, 0);
        if stall < 200 {
            let not_exact = t.total(Claim::NotExact);
            assert!(not_exact.differ >= 1, "no result cut short by the stall limit");
        }
    }
}

/// The long run on a database file of Anywoli (by default
/// `egdb/anywoli.egdb`, built to 8 seeds): positions of real games right
/// after a capture, and a random sample of the forced triples of each
/// layer set up with no history. A table of the results; any disagreement
/// fails it.
///
/// ```sh
/// ANYWOLI_GAMES=2000 ANYWOLI_SAMPLE=1500 nice -n 19 cargo test --release -p mancala-ai \
///     --test egdb_anywoli -- --ignored --nocapture anywoli_database_file
/// ```
///
/// Environment: `ANYWOLI_EGDB` (the file), `ANYWOLI_GAMES` (games played),
/// `ANYWOLI_SAMPLE` (set-up forced triples per layer above 4; layer 4 is
/// checked whole), `ANYWOLI_BUDGET` (search nodes per check),
/// `ANYWOLI_DEPTH` (moves to which an "unresolved" is refuted),
/// `ANYWOLI_EXHAUSTIVE` (nodes for the full search of an unresolved
/// position, 0 for none).
#[test]
#[ignore]
fn anywoli_database_file_agrees_with_search_along_real_history() {
    let var = |name: &str, default: u64| -> u64 {
        std::env::var(name).map(|v| v.parse().expect(name)).unwrap_or(default)
    };
    let path = std::env::var("ANYWOLI_EGDB").map(std::path::PathBuf::from).unwrap_or_else(|_| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../egdb/anywoli.egdb")
    });
    let r = &RULESETS[3];
    let db = Egdb::open(&path, r).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let top = db.max_seeds().unwrap();
    let effort = Effort {
        budget: var("ANYWOLI_BUDGET", 500_000),
        depth: var("ANYWOLI_DEPTH", 16) as u32,
        exhaustive: var("ANYWOLI_EXHAUSTIVE", 20_000),
    };
    let games = var("ANYWOLI_GAMES", 2000) as usize;
    let sample = var("ANYWOLI_SAMPLE", 1500) as f64;
    println!(
        "{}: layers 0-{top}; search budget {} nodes, unresolved refuted to {} moves, exhaustive \
         search {} nodes",
        path.display(),
        effort.budget,
        effort.depth,
        effort.exhaustive
    );
    let mut rng = fastrand::Rng::with_seed(47);

    let started = std::time::Instant::now();
    let mut real = Checker::new(&db, effort);
    let emptied = play_games(r.rules, games, 0.5, &mut rng, &mut |game: &Game| {
        if game.position().board_seeds() <= top {
            real.check(game.position()).expect("covered");
        }
    });
    real.table.print(&format!(
        "Real games: {games} ({emptied} played to an empty board), positions right after a \
         capture with at most {top} seeds ({:.0} s)",
        started.elapsed().as_secs_f64()
    ));

    let started = std::time::Instant::now();
    let mut set_up = Checker::new(&db, Effort { exhaustive: 0, ..effort });
    for n in (4..=top).step_by(4) {
        let e = db.layers()[n as usize];
        let covered = (e.win + e.loss) * 2 / db.sides_stored() as u64;
        let share = if n == 4 { 1.0 } else { sample / covered as f64 };
        for pos in forced_triples(&db, n, share, &mut rng) {
            set_up.check(&pos);
        }
    }
    set_up.table.print(&format!(
        "Forced triples set up with no history (layer 4: all; above: a random sample of about \
         {sample} a layer) ({:.0} s)",
        started.elapsed().as_secs_f64()
    ));
    let mut all = real.table.disagreements.clone();
    all.extend(set_up.table.disagreements.iter().cloned());
    assert!(all.is_empty(), "{} disagreements", all.len());
}
