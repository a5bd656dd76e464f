//! Relay sowing un-sown: the quiet predecessors of a position under relay
//! sowing (Anywoli, Round-and-Round Warri), and passes (Anywoli), for the
//! retrograde builder. See `docs/egdb.md` ("Un-sowing relay sowing").
//!
//! A quiet relay move is a chain of laps. A lap lifts every seed of one pit
//! (the pit emptied by the move, or the pit where the last lap ended) and
//! sows them one by one into the following pits. With fewer seeds on the
//! board than pits a lap never comes round to its own pit (so a rule that
//! skips a lap's own pit, Round-and-Round Warri's, never applies), and
//! right after a lap its pit is empty and each pit it passed holds what it
//! held before plus one. Under captures of fours (Anywoli) a seed that is
//! not the last of its lap and makes 4 is captured, so in a quiet move a
//! pit passed holds anything but 4 (and at least 1); with no capture
//! during sowing (Round-and-Round Warri's captures across) it holds any
//! count from 1. The last seed ends the move where it lands in an empty
//! pit (which then holds 1; under captures across, the move is quiet only
//! if the pit opposite is empty too); where it lands in an occupied pit
//! (and, under captures of fours, does not make 4), that pit's seeds (2 or
//! more) are lifted for the next lap.
//!
//! So, walking back from the pit where a lap ended, the pits passed hold
//! 1 or more and the first empty pit is the one the lap started from: each
//! lap is undone in exactly one way. Each move's last lap ends on a pit
//! holding 1 in the child; undoing laps from there, each lap start in the
//! mover's row is a candidate origin (the move started there with the lap's
//! seeds), and where the lap held 2 or more seeds (other than 4 under
//! captures of fours) its start may also have been the end of an earlier
//! lap, which is undone in turn.
//! Every quiet predecessor is among the candidates; each candidate is
//! played forward with the engine and kept only if it gives exactly the
//! child, quietly. The chain of undone laps stops where a lap state
//! repeats (Brent's cycle detection, as the engine's own guard against
//! endless relays): a move through it would be endless.
//!
//! Passes (rules where a player without a move passes, Anywoli): a
//! position whose side to move has no legal move is the same as the other
//! side to move (one quiet edge); and a move after which the opponent
//! passes gives the mover another turn. Where a player without a move ends
//! the game instead (Round-and-Round Warri), such a position is over as set
//! up: it has no quiet edge, and no quiet move leads to it.

use super::solve::{unpack, Parent, Solver};
use super::EgdbError;
use mancala_rules::{BySide, Capture, Origin, Pit, Rules, Side, Sowing, Starved, MAX_PITS};

/// The "pit" reported for a pass (see [`Solver::relay_predecessors`]).
pub(crate) const PASS: usize = usize::MAX;

/// Whether relay un-sowing handles these rules: relay sowing in which the
/// emptied pit is sown like any other (Anywoli), or in which a lap skips
/// only its own pit (Round-and-Round Warri: never, in the layers un-sown).
/// With the move's origin skipped by every lap ([`Origin::Skipped`]), a
/// relay lap passing it would skip it.
pub(crate) fn supports(rules: &Rules) -> bool {
    matches!(rules.sowing, Sowing::Relay)
        && matches!(rules.origin, Origin::Sown | Origin::SkippedByEachLap)
}

/// Whether a player without a legal move passes under these relay rules
/// (Anywoli), rather than ending the game (Round-and-Round Warri). Only
/// then does a quiet move give the mover another turn (the opponent
/// passes after it: every other extra turn follows a capture), so only
/// then does the retrograde builder keep each changed position's old
/// `lose`.
pub(crate) fn has_passes(rules: &Rules) -> bool {
    supports(rules) && matches!(rules.starved, Starved::Passes)
}

/// Whether un-sowing is exact for layer `n` under these rules: a lap holds
/// at most the `n` seeds on the board, so with fewer seeds than pits no lap
/// comes round to its own pit.
pub(crate) fn layer_supported(rules: &Rules, n: usize) -> bool {
    n < rules.pit_count()
}

/// The error for a layer with as many seeds as pits or more.
pub(crate) fn too_many_seeds(rules: &Rules, n: usize) -> EgdbError {
    EgdbError::Unsupported(format!(
        "the retrograde builder un-sows relay sowing only with fewer seeds on the board than \
         pits ({n} seeds, {} pits); use the edges builder",
        rules.pit_count()
    ))
}

impl Solver<'_> {
    /// Whether `side`, named to move on `board`, passes at once (relay
    /// rules with passes: a position of kind `PASSED`).
    pub(crate) fn passes(&self, board: &[u8], side: Side) -> bool {
        let pos = self.rules.setup_unchecked(board, BySide::new(0, 0), side);
        !pos.is_over() && pos.to_move() != side
    }

    /// [`Solver::parents`] under relay sowing: the quiet predecessors of a
    /// position (as stored) whose value changed from `old` to `new` in the
    /// last round, from [`Solver::relay_predecessors`]; a predecessor with
    /// North to move is indexed as stored (its mirror, where one side is
    /// stored), and each edge is reported once, as the edges builder
    /// stores it.
    pub(crate) fn relay_parents(
        &self,
        child: &[u8],
        child_side: Side,
        new: u16,
        old: u16,
        f: &mut impl FnMut(Parent),
    ) -> Result<(), EgdbError> {
        let (wn, ln) = unpack(new);
        let (wo, lo) = unpack(old);
        let mut error = None;
        self.relay_predecessors(child, child_side, &mut |parent, side, _| {
            let (tw, tl) = match self.ends_in_play(parent, side) {
                Ok(e) => e,
                Err(e) => return error = Some(e),
            };
            let pi = self.index(parent, self.n, side);
            // The child's values as the parent's mover sees them.
            let (w_new, l_new, l_old) =
                if child_side == side { (wn, ln, lo) } else { (ln, wn, wo) };
            f(Parent { pi, tw, tl, w_new, l_new, l_old });
        });
        error.map_or(Ok(()), Err)
    }

    /// The quiet predecessors of the position `child` with `child_side` to
    /// move in this layer, under relay sowing: `f(board, side, pit)` for
    /// each position (`board` with `side` to move, both as played, not as
    /// stored) and move that lead to it without a capture, each once;
    /// `pit` is [`PASS`] for a position whose side to move passes, which
    /// is the same as `child` (the same board, the other side to move).
    /// Exactly the quiet edges into `child` that [`Solver::position`]
    /// reports (tested).
    pub(crate) fn relay_predecessors(
        &self,
        child: &[u8],
        child_side: Side,
        f: &mut impl FnMut(&[u8], Side, usize),
    ) {
        let rules = self.rules;
        let p = self.pits();
        let ppr = p / 2;
        let zero = BySide::new(0u8, 0u8);
        let as_child = rules.setup_unchecked(child, zero, child_side);
        // The other side to move on this board passes: that position's one
        // quiet edge leads here. (Without passes, a side with no move ends
        // the game.)
        let other_passes = has_passes(rules) && {
            let as_other = rules.setup_unchecked(child, zero, !child_side);
            !as_other.is_over() && as_other.to_move() != !child_side
        };
        if other_passes {
            f(child, !child_side, PASS);
        }
        // A move leads here if the child is in play with its side to move
        // (a move of the other side), or if the other side passes on this
        // board (a move of the child's side, which then moves again).
        if as_child.is_over() || as_child.to_move() != child_side {
            return;
        }
        let mut movers = [false; 2];
        movers[(!child_side).index()] = true;
        movers[child_side.index()] = other_passes;
        let fours = matches!(rules.capture, Capture::Fours { .. });
        // Captures across: a move whose last seed lands opposite a
        // non-empty pit captures it.
        let across = matches!(rules.capture, Capture::Opposite);
        let n = self.n;
        let back = |j: usize| if j == 0 { p - 1 } else { j - 1 };
        for last in 0..p {
            if child[last] != 1 || (across && child[p - 1 - last] != 0) {
                continue;
            }
            // `board`: the board right after a lap, whose last seed fell
            // in `end` (1 seed there for the move's last lap).
            let mut board = [0u8; MAX_PITS];
            board[..p].copy_from_slice(child);
            let mut end = last;
            let mut laps = 0u32;
            let mut saved: Option<([u8; MAX_PITS], usize)> = None;
            loop {
                // Walk back over the pits the lap passed to the empty pit
                // it started from.
                let mut start = back(end);
                let mut seeds = 1usize;
                while board[start] != 0 {
                    if (fours && board[start] == 4) || seeds >= n {
                        break;
                    }
                    start = back(start);
                    seeds += 1;
                }
                if board[start] != 0 {
                    break;
                }
                // Undo the lap: one seed back from each pit it passed,
                // all of them into its start.
                let mut j = end;
                while j != start {
                    board[j] -= 1;
                    j = back(j);
                }
                board[start] = seeds as u8;
                let row = start / ppr;
                if movers[row] {
                    self.check_relay_candidate(&board[..p], start, row, child, child_side, f);
                }
                // Its start may have been the end of an earlier lap, if
                // the lap held 2 or more seeds and not a four.
                if seeds < 2 || (fours && seeds == 4) {
                    break;
                }
                end = start;
                laps += 1;
                if saved.is_some_and(|(b, e)| b == board && e == end) {
                    break;
                }
                if laps.is_power_of_two() {
                    saved = Some((board, end));
                }
            }
        }
    }

    /// Plays a candidate predecessor (`board`, the move from `pit` by the
    /// side owning row `row`) forward and reports it if it leads to the
    /// child quietly.
    fn check_relay_candidate(
        &self,
        board: &[u8],
        pit: usize,
        row: usize,
        child: &[u8],
        child_side: Side,
        f: &mut impl FnMut(&[u8], Side, usize),
    ) {
        let rules = self.rules;
        let zero = BySide::new(0u8, 0u8);
        let mover = if row == 0 { Side::South } else { Side::North };
        let pos = rules.setup_unchecked(board, zero, mover);
        if pos.is_over() || pos.to_move() != mover {
            return;
        }
        let Ok(c) = rules.play(&pos, Pit(pit as u8)) else { return };
        if !c.is_over() && c.to_move() == child_side && c.captured() == zero && c.pits() == child {
            f(board, mover, pit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{next_board, Binomials, Sides};
    use mancala_rules::{LastFour, Stall, ANYWOLI, ROUND_AND_ROUND, WAHREE};

    /// Relay rules for the tests: Anywoli, on 2 x 12 and on smaller boards
    /// (more seeds per pit), a stall limit of 1 (every quiet move ends the
    /// game), relay sowing with captures of twos and threes, and
    /// Round-and-Round Warri (captures across, no passes), also on 2 x 4,
    /// with the emptied pit sown, and with a stall limit.
    pub(crate) fn relay_rules() -> Vec<Rules> {
        vec![
            ANYWOLI,
            Rules { pits_per_row: 6, ..ANYWOLI },
            Rules { pits_per_row: 4, ..ANYWOLI },
            Rules { stall: Stall::QuietMoves(1), pits_per_row: 6, ..ANYWOLI },
            Rules {
                sowing: Sowing::Relay,
                origin: Origin::Sown,
                capture: Capture::Fours { last_four: LastFour::PenultimateCapturer },
                ..WAHREE
            },
            Rules { sowing: Sowing::Relay, origin: Origin::Sown, ..WAHREE },
            ROUND_AND_ROUND,
            Rules { pits_per_row: 4, ..ROUND_AND_ROUND },
            Rules { origin: Origin::Sown, ..ROUND_AND_ROUND },
            Rules { stall: Stall::QuietMoves(3), pits_per_row: 4, ..ROUND_AND_ROUND },
        ]
    }

    /// For every position of the small layers (up to 5 seeds on 2 x 12, 8
    /// on 2 x 6, 7 on 2 x 4), the predecessors found by un-sowing,
    /// passes included, are exactly the quiet edges the edges builder
    /// stores (found by playing every move forward), with their
    /// multiplicity. Rules with passes show passes and extra turns; rules
    /// without show none; every ruleset shows quiet moves that relay.
    #[test]
    fn relay_predecessors_are_exactly_the_inverted_quiet_edges() {
        let binom = Binomials::new();
        for rules in relay_rules() {
            assert!(supports(&rules), "{rules:?}");
            let p = rules.pit_count();
            let top = (p - 1).min(if p == 24 { 5 } else { 8 });
            let mut edges_seen = 0u64;
            let mut passes_seen = 0u64;
            let mut extra_turns_seen = 0u64;
            let mut relays_seen = 0u64;
            for n in 0..=top {
                assert!(layer_supported(&rules, n));
                // Lower layers of the right size (their values do not
                // matter here: only the quiet edges are compared).
                let lower: Vec<Vec<u8>> =
                    (0..n).map(|s| vec![0u8; 4 * binom.boards(s, p) as usize]).collect();
                let lower: Vec<&[u8]> = lower.iter().map(Vec::as_slice).collect();
                let solver = Solver::new(&rules, &binom, &lower, n, 1, Sides::Both);
                let boards = binom.boards(n, p) as usize;
                // forward[child index]: (parent index, child's side is the
                // parent's) of every quiet edge.
                let mut forward: Vec<Vec<(usize, bool)>> = vec![Vec::new(); 2 * boards];
                let mut board = vec![0u8; p];
                binom.unrank(0, n, &mut board);
                for b in 0..boards {
                    for side in Side::ALL {
                        let from = solver.index(&board, n, side);
                        solver
                            .position(&board, side, &mut |pits, child_side| {
                                let to = solver.index(pits, n, child_side);
                                forward[to].push((from, child_side == side));
                            })
                            .unwrap();
                    }
                    if b + 1 < boards {
                        next_board(&mut board);
                    }
                }
                binom.unrank(0, n, &mut board);
                for b in 0..boards {
                    for side in Side::ALL {
                        let idx = solver.index(&board, n, side);
                        let mut found = Vec::new();
                        solver.relay_predecessors(&board, side, &mut |parent, ps, pit| {
                            if pit == PASS {
                                assert_eq!(parent, &board[..]);
                                assert_eq!(ps, !side);
                                passes_seen += 1;
                            } else {
                                let pos = rules.setup_unchecked(parent, BySide::new(0, 0), ps);
                                let c = rules.play(&pos, Pit(pit as u8)).unwrap();
                                assert_eq!((c.pits(), c.to_move()), (&board[..], side));
                                extra_turns_seen += (ps == side) as u64;
                                // The first lap (fewer seeds than pits: it
                                // does not come round) ends in an occupied
                                // pit: the move relays.
                                let end = (pit + parent[pit] as usize) % p;
                                relays_seen += (parent[end] > 0) as u64;
                            }
                            found.push((solver.index(parent, n, ps), ps == side));
                        });
                        edges_seen += found.len() as u64;
                        found.sort_unstable();
                        let expected = &mut forward[idx];
                        expected.sort_unstable();
                        assert_eq!(&found, expected, "{rules:?} {board:?} {side}");
                    }
                    if b + 1 < boards {
                        next_board(&mut board);
                    }
                }
            }
            // The test sees real relays, passes and extra turns, and none
            // of the latter two without passes.
            eprintln!(
                "{:?}, {} pits: {edges_seen} quiet edges ({relays_seen} relaying), \
                 {passes_seen} passes, {extra_turns_seen} extra turns",
                rules.capture,
                rules.pit_count()
            );
            let passes = matches!(rules.starved, mancala_rules::Starved::Passes);
            assert_eq!(passes, has_passes(&rules), "{rules:?}");
            if !passes {
                assert_eq!((passes_seen, extra_turns_seen), (0, 0), "{rules:?}");
            }
            if rules.stall != Stall::QuietMoves(1) {
                assert!(edges_seen > 1000, "{rules:?}");
                assert!(relays_seen > 100, "{rules:?}");
                assert_eq!(passes, passes_seen > 0 && extra_turns_seen > 0, "{rules:?}");
            }
        }
    }
}
