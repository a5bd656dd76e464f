//! The learned evaluation: a value for every pit and seed count, learned
//! from games (see [`crate::tune`] and docs/ai.md, "The learned
//! evaluation"), in place of the hand-set weights where a ruleset has them.
//!
//! A position is worth, for its player to move, in tenths of a seed:
//!
//! - 10 for each seed captured, less the opponent's (and the last four
//!   owed, as [`super::evaluate`] counts them);
//! - for each pit, a value learned for that pit (counted from the mover's
//!   first pit in sowing order: the mover's row, then the opponent's) and
//!   its seeds, [`BINS`] or more counted alike. Two such tables are learned,
//!   one for a full board and one for an empty one, and blended by the
//!   share of the seeds still on the board, since what a pit of a given
//!   size is worth changes as the game thins out;
//! - a value for the opponent's row being empty, and one for having the
//!   move;
//! - where captures take twos and threes ([`Capture::TwosAndThrees`]), a
//!   value for the most seeds the mover could capture with one move now,
//!   and one for the most the opponent could if it were their move
//!   ([`threats`]): what a search that stops here cannot see coming.
//!
//! The tables are data learned for one ruleset and apply only to the
//! rules they were learned under ([`Learned::rules`]); the search uses the
//! hand-set evaluation for any other.

use mancala_rules::{ruleset, Capture, Position, Rules, MAX_PITS};

/// Seed counts told apart by the tables: a pit of `BINS - 1` seeds or more
/// counts as `BINS - 1`.
pub const BINS: usize = 32;

/// Threats told apart: `THREATS - 1` seeds or more count alike.
pub const THREATS: usize = 16;

/// Weights learned for one ruleset. Tables are indexed by the pit counted
/// from the mover's first pit (`0..n` the mover's row in sowing order,
/// `n..2n` the opponent's), then by the seeds in it.
#[derive(Debug)]
pub struct Learned {
    /// The ruleset the weights were learned on (its id): they apply only to
    /// exactly its rules.
    pub ruleset: &'static str,
    /// How they were made: the commands, for the record.
    pub source: &'static str,
    /// What having the move is worth, in tenths of a seed.
    pub tempo: i16,
    /// What the opponent's row being empty is worth.
    pub empty_opponent: i16,
    /// The pits' values with every seed on the board.
    pub full: &'static [[i16; BINS]],
    /// The pits' values with no seed on the board.
    pub empty: &'static [[i16; BINS]],
    /// What the mover's threat ([`threats`]) of so many seeds is worth;
    /// empty where the rules have no such threats.
    pub mover_threat: &'static [i16],
    /// What the opponent's threat of so many seeds is worth.
    pub opponent_threat: &'static [i16],
}

impl Learned {
    /// The rules the weights were learned under.
    pub fn rules(&self) -> Option<Rules> {
        ruleset(self.ruleset).ok().map(|r| r.rules)
    }
}

/// Every learned evaluation we ship.
pub static LEARNED: &[&Learned] = &[
    &super::weights::OWARE_ABAPA,
    &super::weights::BARBADOS_WARRI_SPEIGHTSTOWN,
    &super::weights::WAHREE,
    &super::weights::ANYWOLI,
];

/// The learned weights for exactly these rules, if any.
pub fn learned_for(rules: &Rules) -> Option<&'static Learned> {
    LEARNED.iter().copied().find(|l| l.rules().as_ref() == Some(rules))
}

/// A [`Learned`] evaluation made ready for one ruleset: the two tables
/// blended once for every number of seeds on the board, so that a position
/// costs one table read a pit.
#[derive(Clone, Debug)]
pub struct TableEval {
    /// Seeds in the game.
    total: usize,
    /// Pits on the board.
    pits: usize,
    /// `[on_board][pit][bin]`.
    table: Vec<i16>,
    tempo: i32,
    empty_opponent: i32,
    /// `[mover's threat, opponent's threat]` tables, when the rules have
    /// threats and the weights value them.
    threats: Option<[[i16; THREATS]; 2]>,
}

impl TableEval {
    pub fn new(rules: &Rules, learned: &Learned) -> TableEval {
        let n = rules.pits_per_row as usize;
        let pits = 2 * n;
        assert!(
            learned.full.len() == pits && learned.empty.len() == pits,
            "learned tables for {} pits, the rules have {pits}",
            learned.full.len()
        );
        let total = pits * rules.seeds_per_pit as usize;
        let mut table = vec![0i16; (total + 1) * pits * BINS];
        for on_board in 0..=total {
            let t = on_board as f32 / total as f32;
            for pit in 0..pits {
                for bin in 0..BINS {
                    let v = t * learned.full[pit][bin] as f32
                        + (1.0 - t) * learned.empty[pit][bin] as f32;
                    table[(on_board * pits + pit) * BINS + bin] = v.round() as i16;
                }
            }
        }
        let table_of = |t: &[i16]| -> [i16; THREATS] {
            std::array::from_fn(|i| t.get(i).copied().unwrap_or(0))
        };
        let threats = (has_threats(rules)
            && learned.mover_threat.len() == THREATS
            && learned.opponent_threat.len() == THREATS)
            .then(|| [table_of(learned.mover_threat), table_of(learned.opponent_threat)]);
        TableEval {
            total,
            pits,
            table,
            tempo: learned.tempo as i32,
            empty_opponent: learned.empty_opponent as i32,
            threats,
        }
    }

    /// The value of `pos` for its player to move, in tenths of a seed.
    #[inline]
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        let me = pos.to_move();
        let captured = pos.captured();
        let owed = super::owed_last_four(rules, pos, me);
        let mut value = 10 * (captured[me] as i32 - captured[!me] as i32 + owed) + self.tempo;
        let on_board = self.total.saturating_sub(captured.south as usize + captured.north as usize);
        let base = on_board.min(self.total) * self.pits * BINS;
        let n = self.pits / 2;
        let table = &self.table[base..base + self.pits * BINS];
        let (mine, theirs) = (pos.row(me), pos.row(!me));
        let mut any = 0u8;
        for i in 0..n {
            let (a, b) = (mine[i], theirs[i]);
            value += table[i * BINS + (a as usize).min(BINS - 1)] as i32;
            value += table[(n + i) * BINS + (b as usize).min(BINS - 1)] as i32;
            any |= b;
        }
        if any == 0 {
            value += self.empty_opponent;
        }
        if let Some([mover, opponent]) = &self.threats {
            let [m, o] = threats(mine, theirs);
            value += mover[(m as usize).min(THREATS - 1)] as i32
                + opponent[(o as usize).min(THREATS - 1)] as i32;
        }
        value
    }
}

/// Whether the rules capture twos and threes, the captures [`threats`]
/// counts.
pub fn has_threats(rules: &Rules) -> bool {
    matches!(rules.capture, Capture::TwosAndThrees { .. })
}

/// The most seeds each player could capture with one move of a single lap
/// (fewer seeds than the board has pits), were it theirs to play now:
/// `[mover, opponent]`, for `mine` the mover's row and `theirs` the
/// opponent's, each in sowing order. The last seed must land in the other
/// row, making 2 or 3 there; the pits before it in that row are taken
/// while each holds 2 or 3 after the sowing. (Grand slams are counted as
/// captures whatever the rules make of them, and feeding is not checked:
/// a learned value, not a rule.)
#[inline]
pub fn threats(mine: &[u8], theirs: &[u8]) -> [u8; 2] {
    [threat(mine, theirs), threat(theirs, mine)]
}

#[inline]
fn threat(own: &[u8], other: &[u8]) -> u8 {
    let n = own.len();
    let mut best = 0u8;
    for (i, &s) in own.iter().enumerate() {
        let s = s as usize;
        // The last seed lands in the other row without coming round.
        if s == 0 || i + s < n || i + s >= 2 * n {
            continue;
        }
        let mut at = i + s - n;
        let mut taken = 0u8;
        loop {
            let c = other[at] + 1;
            if c != 2 && c != 3 {
                break;
            }
            taken += c;
            if at == 0 {
                break;
            }
            at -= 1;
        }
        best = best.max(taken);
    }
    best
}

/// The features [`TableEval`] reads, for learning its weights: the pits'
/// bins (counted from the mover's first pit), the share of the seeds on the
/// board, the captured difference (with the last four owed), and whether
/// the opponent's row is empty.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub bins: [u8; MAX_PITS],
    pub pits: u8,
    /// Seeds on the board over the seeds in the game: 1 full, 0 empty.
    pub full: f32,
    pub captured: i16,
    pub empty_opponent: bool,
    /// [`threats`] where the rules have them, else zeros.
    pub threats: [u8; 2],
}

impl Features {
    pub fn of(rules: &Rules, pos: &Position) -> Features {
        let n = rules.pits_per_row as usize;
        let me = pos.to_move();
        let captured = pos.captured();
        let total = 2 * n * rules.seeds_per_pit as usize;
        let on_board = total.saturating_sub(captured.south as usize + captured.north as usize);
        let mut bins = [0u8; MAX_PITS];
        for (i, &s) in pos.row(me).iter().chain(pos.row(!me)).enumerate() {
            bins[i] = s.min(BINS as u8 - 1);
        }
        Features {
            bins,
            pits: 2 * n as u8,
            full: on_board as f32 / total as f32,
            captured: (captured[me] as i32 - captured[!me] as i32
                + super::owed_last_four(rules, pos, me)) as i16,
            empty_opponent: pos.row(!me).iter().all(|&s| s == 0),
            threats: if has_threats(rules) { threats(pos.row(me), pos.row(!me)) } else { [0, 0] },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::{Game, RULESETS};

    /// Each shipped table set is for a ruleset that exists, has a table
    /// row for each of its pits, and is found for exactly those rules.
    #[test]
    fn learned_tables_apply_to_exactly_the_rules_they_were_learned_on() {
        for learned in LEARNED {
            let rules = learned.rules().expect("the ruleset exists");
            assert_eq!(learned.full.len(), 2 * rules.pits_per_row as usize);
            assert_eq!(learned.empty.len(), 2 * rules.pits_per_row as usize);
            assert!(std::ptr::eq(learned_for(&rules).unwrap(), *learned));
        }
        for r in RULESETS {
            if let Some(l) = learned_for(&r.rules) {
                assert_eq!(l.rules(), Some(r.rules), "{}", r.id);
            }
        }
    }

    /// The table evaluation is the model it was learned as: the captured
    /// difference at 10 a seed, the move, the empty opponent row, and each
    /// pit's value from the two tables blended by the seeds on the board,
    /// computed from [`Features`] (what `mancala tune fit` learns from)
    /// within the table's rounding of a tenth a pit.
    #[test]
    fn the_table_evaluation_is_the_learned_model_of_the_features() {
        let mut rng = fastrand::Rng::with_seed(17);
        for learned in LEARNED {
            let rules = learned.rules().unwrap();
            let eval = TableEval::new(&rules, learned);
            for _ in 0..30 {
                let mut game = Game::new(rules);
                while !game.is_over() {
                    let pos = *game.position();
                    let f = Features::of(&rules, &pos);
                    let mut model = 10.0 * f.captured as f32
                        + learned.tempo as f32
                        + if f.empty_opponent { learned.empty_opponent as f32 } else { 0.0 };
                    for p in 0..f.pits as usize {
                        let b = f.bins[p] as usize;
                        model += f.full * learned.full[p][b] as f32
                            + (1.0 - f.full) * learned.empty[p][b] as f32;
                    }
                    if learned.mover_threat.len() == THREATS && has_threats(&rules) {
                        let t = |x: u8| (x as usize).min(THREATS - 1);
                        model += learned.mover_threat[t(f.threats[0])] as f32
                            + learned.opponent_threat[t(f.threats[1])] as f32;
                    }
                    let got = eval.evaluate(&rules, &pos) as f32;
                    assert!(
                        (got - model).abs() <= 0.5 * f.pits as f32 + 0.01,
                        "{pos}: {got} {model}"
                    );
                    let legal = game.legal_moves();
                    game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
                }
            }
        }
    }
}

#[cfg(test)]
mod threat_tests {
    use super::*;

    fn rows(text: &str) -> (Vec<u8>, Vec<u8>) {
        let (a, b) = text.split_once('/').unwrap();
        let row = |r: &str| r.split(',').map(|x| x.parse().unwrap()).collect::<Vec<u8>>();
        (row(a), row(b))
    }

    /// Threats as the capture rule counts them: the last seed makes 2 or 3
    /// in the other row, and the pits before it follow while they hold 2
    /// or 3 after the sowing.
    #[test]
    fn a_threat_is_the_chain_the_last_seed_would_take() {
        // Mover: f (3 seeds) ends in C, which then holds 2, B holds 3,
        // A holds 1 (not taken: the chain stops at B... A gets a seed: 1+1).
        let (mine, theirs) = rows("0,0,0,0,0,3/0,2,1,5,5,5");
        // f sows A (0 -> 1), B (2 -> 3), C (1 -> 2): C and B taken, A not.
        assert_eq!(threats(&mine, &theirs), [5, 0]);
        // A move that comes round (12 or more seeds) or stays home is no
        // threat; the opponent's F (2 seeds) lands in the mover's b, which
        // holds 1 and makes 2, and a (0 -> 1) ends the chain.
        let (mine, theirs) = rows("0,1,0,0,12,0/0,0,0,0,0,2");
        assert_eq!(threats(&mine, &theirs), [0, 2]);
        assert_eq!(threats(&[0; 6], &[0; 6]), [0, 0]);
    }
}
