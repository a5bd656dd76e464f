//! Players: anything that chooses a move in a game. Strength levels for
//! people, the raw searchers for matches and analysis.

use crate::clock::Clock;
use crate::mcts::Mcts;
use crate::search::{Limits, Oracle, SearchOptions, Searcher};
use crate::Score;
use mancala_rules::{Capture, Game, Pit, Rules};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How a level plays: a fixed depth with every root move valued exactly,
/// then a choice weighted towards the better moves (the mistakes are moves
/// that look almost as good, as a person's are), or a timed search with no
/// deliberate mistakes.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    pub number: u8,
    /// A depth (levels 1 to 6) or a think time (7 and 8).
    pub limits: Limits,
    /// How readily a worse move is chosen, in tenths of a seed: a move
    /// `temperature` worse than the best is chosen e^-1 times as often.
    /// 0: always the best.
    pub temperature: i32,
    pub description: &'static str,
}

/// Levels 1 to 8, weakest first.
pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        limits: Limits::depth(1),
        temperature: 40,
        description: "Beginner: sees only its own move, and often misses what it gives away",
    },
    Level {
        number: 2,
        limits: Limits::depth(2),
        temperature: 25,
        description: "Casual: sees your reply, but slips a seed or two now and then",
    },
    Level {
        number: 3,
        limits: Limits::depth(3),
        temperature: 15,
        description: "Improving: plans three moves, still makes small mistakes",
    },
    Level {
        number: 4,
        limits: Limits::depth(4),
        temperature: 8,
        description: "Club player: four moves deep, rarely careless",
    },
    Level {
        number: 5,
        limits: Limits::depth(6),
        temperature: 4,
        description: "Strong club player: six moves deep, seldom gives anything away",
    },
    Level {
        number: 6,
        limits: Limits::depth(9),
        temperature: 1,
        description: "Expert: nine moves deep, mistakes are rare and small",
    },
    Level {
        number: 7,
        limits: Limits::millis(200),
        temperature: 0,
        description: "Master: a full search of 0.2 seconds a move, no deliberate mistakes",
    },
    Level {
        number: 8,
        limits: Limits::millis(1000),
        temperature: 0,
        description:
            "Strongest: a full search of 1 second a move, and the endgame database when present",
    },
];

/// Anywoli's temperatures for levels 1 to 6, in tenths of a seed, at the
/// common table's depths (see [`levels_for`]).
const FOURS_TEMPERATURES: [i32; 6] = [120, 34, 30, 20, 15, 1];

/// The levels under these rules: [`LEVELS`], except where a game's own
/// ladder called for other parameters (docs/ai.md, "Anywoli's levels").
///
/// Under Anywoli's fours ([`Capture::Fours`]) levels 1 to 5 keep their
/// depths and err more: temperatures of 12, 3.4, 3.0, 2.0 and 1.5 seeds
/// (the common table's: 4, 2.5, 1.5, 0.8 and 0.4); level 6 is the common
/// one. Depth gains little beyond five plies on Anywoli, so with the
/// common table its level 6 stood only about 150 Elo above level 5 (a
/// fifth of their games drawn), against about 480 on Oware, from balanced
/// openings. Level 5 erring more widens that step, and each level below
/// then errs more to keep its own step. Level 1 at 12 seeds is about 100
/// Elo above a random player, so levels 1 to 6 span about 1,470 Elo on
/// Anywoli against about 1,840 on Oware, and each step is 73 to 98% of
/// Oware's (400 games a pair): 384, 228, 241, 263 and 357 Elo from level
/// 1 up, against Oware's 503, 233, 319, 295 and 486. The descriptions are
/// the same on every game, and as true on it (its levels err about as
/// often as Oware's).
pub fn levels_for(rules: &Rules) -> [Level; 8] {
    let mut levels = LEVELS;
    if matches!(rules.capture, Capture::Fours { .. }) {
        for (level, temperature) in levels.iter_mut().zip(FOURS_TEMPERATURES) {
            level.temperature = temperature;
        }
    }
    levels
}

/// A player, as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `level:N` or just `N` (1..=8).
    Level(u8),
    /// `ab:depth=D`, `ab:time=MS`, `ab:nodes=N` (combinable with commas),
    /// and `temperature=T`: every root move valued, then chosen as a level
    /// chooses with temperature `T` tenths of a seed (how a level's
    /// parameters are tried out before they become a level).
    AlphaBeta { limits: Limits, temperature: Option<u32> },
    /// `mcts:time=MS` or `mcts:iterations=N` (playouts: the limits'
    /// `nodes`).
    Mcts { limits: Limits },
    /// `greedy`: the move that captures most now.
    Greedy,
    /// `random`: a uniformly random legal move.
    Random,
}

/// Why a player description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpecError(pub String);

impl fmt::Display for PlayerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; a player is a level 1-8 (`5` or `level:5`), `ab:depth=D`, `ab:time=MS`, \
             `ab:nodes=N` (and `temperature=T` with any of them), `mcts:time=MS`, \
             `mcts:iterations=N`, `greedy` or `random`",
            self.0
        )
    }
}

impl std::error::Error for PlayerSpecError {}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let text = text.trim();
        let (kind, options) = text.split_once(':').unwrap_or((text, ""));
        let level = |n: &str| -> Result<PlayerSpec, PlayerSpecError> {
            match n.parse::<u8>() {
                Ok(n @ 1..=8) => Ok(PlayerSpec::Level(n)),
                _ => Err(PlayerSpecError(format!("`{n}` is not a level from 1 to 8"))),
            }
        };
        let mut pairs = Vec::new();
        if !options.is_empty() && kind != "level" {
            for pair in options.split(',') {
                let (key, value) = pair.split_once('=').ok_or_else(|| {
                    PlayerSpecError(format!("`{pair}` should be key=value in `{text}`"))
                })?;
                let value: u64 = value.trim().parse().map_err(|_| {
                    PlayerSpecError(format!("`{value}` is not a whole number in `{text}`"))
                })?;
                if value == 0 {
                    return Err(PlayerSpecError(format!("`{key}` must be at least 1 in `{text}`")));
                }
                pairs.push((key.trim(), value));
            }
        }
        let unknown = |key: &str| PlayerSpecError(format!("unknown option `{key}` in `{text}`"));
        match kind {
            "level" => level(options),
            "ab" | "alphabeta" => {
                let (mut limits, mut temperature) = (Limits::NONE, None);
                for (key, value) in pairs {
                    match key {
                        "depth" => limits.depth = Some(value.min(120) as u32),
                        "time" => limits.time = Some(Duration::from_millis(value)),
                        "nodes" => limits.nodes = Some(value),
                        "temperature" => temperature = Some(value.min(10_000) as u32),
                        _ => return Err(unknown(key)),
                    }
                }
                if limits.is_none() {
                    return Err(PlayerSpecError(format!("`{text}` needs a limit")));
                }
                Ok(PlayerSpec::AlphaBeta { limits, temperature })
            }
            "mcts" => {
                let mut limits = Limits::NONE;
                for (key, value) in pairs {
                    match key {
                        "time" => limits.time = Some(Duration::from_millis(value)),
                        "iterations" => limits.nodes = Some(value),
                        _ => return Err(unknown(key)),
                    }
                }
                if limits.is_none() {
                    return Err(PlayerSpecError(format!("`{text}` needs a limit")));
                }
                Ok(PlayerSpec::Mcts { limits })
            }
            "greedy" if options.is_empty() => Ok(PlayerSpec::Greedy),
            "random" if options.is_empty() => Ok(PlayerSpec::Random),
            _ if kind.chars().all(|c| c.is_ascii_digit()) && !kind.is_empty() => level(kind),
            _ => Err(PlayerSpecError(format!("unknown player `{text}`"))),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(n) => write!(f, "level:{n}"),
            PlayerSpec::AlphaBeta { limits, temperature } => {
                let mut parts = Vec::new();
                if let Some(d) = limits.depth {
                    parts.push(format!("depth={d}"));
                }
                if let Some(t) = limits.time {
                    parts.push(format!("time={}", t.as_millis()));
                }
                if let Some(n) = limits.nodes {
                    parts.push(format!("nodes={n}"));
                }
                if let Some(t) = temperature {
                    parts.push(format!("temperature={t}"));
                }
                write!(f, "ab:{}", parts.join(","))
            }
            PlayerSpec::Mcts { limits } => {
                let mut parts = Vec::new();
                if let Some(t) = limits.time {
                    parts.push(format!("time={}", t.as_millis()));
                }
                if let Some(i) = limits.nodes {
                    parts.push(format!("iterations={i}"));
                }
                write!(f, "mcts:{}", parts.join(","))
            }
            PlayerSpec::Greedy => write!(f, "greedy"),
            PlayerSpec::Random => write!(f, "random"),
        }
    }
}

/// A player ready to choose moves in games of one ruleset.
pub struct Player {
    spec: PlayerSpec,
    rules: Rules,
    searcher: Option<Searcher>,
    mcts: Option<Mcts>,
    rng: fastrand::Rng,
    clock: Clock,
}

impl Player {
    pub fn new(spec: PlayerSpec, rules: Rules, seed: u64) -> Player {
        Player::with_table(spec, rules, seed, 32)
    }

    /// A player whose search uses a transposition table of about
    /// `megabytes` MiB. The table is allocated and cleared when the player is
    /// made, so a caller that makes a player per move at a shallow level
    /// (the web server) asks for a small one.
    pub fn with_table(spec: PlayerSpec, rules: Rules, seed: u64, megabytes: usize) -> Player {
        let searcher = matches!(spec, PlayerSpec::Level(_) | PlayerSpec::AlphaBeta { .. })
            .then(|| Searcher::with_table(rules, megabytes));
        let mcts = matches!(spec, PlayerSpec::Mcts { .. }).then(|| Mcts::new(rules, seed));
        Player {
            spec,
            rules,
            searcher,
            mcts,
            rng: fastrand::Rng::with_seed(seed),
            clock: Clock::Wall,
        }
    }

    pub fn spec(&self) -> PlayerSpec {
        self.spec
    }

    /// Counts think times (`ab:time`, `mcts:time`, levels 7 and 8) on
    /// `clock` from now on ([`Clock::Wall`] at first).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// Searches with a linear evaluation of set weights instead of the
    /// default one (`None`: the default); only search players evaluate.
    pub fn set_linear(&mut self, linear: Option<crate::eval::Linear>) {
        if let Some(s) = &mut self.searcher {
            s.set_linear(linear);
        }
    }

    /// Forget what was learnt in earlier games.
    pub fn new_game(&mut self) {
        if let Some(s) = &mut self.searcher {
            s.clear();
        }
    }

    /// The move to play, or `None` when the game is over.
    pub fn choose(&mut self, game: &Game, oracle: Option<&dyn Oracle>) -> Option<Pit> {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return None;
        }
        if legal.len() == 1 {
            return legal.into_iter().next();
        }
        match self.spec {
            PlayerSpec::Random => legal.nth(self.rng.usize(..legal.len())),
            PlayerSpec::Greedy => greedy(&self.rules, game, &mut self.rng),
            PlayerSpec::Mcts { limits } => {
                self.mcts.as_mut().expect("mcts").search(game, limits.on(self.clock)).best
            }
            PlayerSpec::AlphaBeta { limits, temperature } => {
                let limits = limits.on(self.clock);
                let searcher = self.searcher.as_mut().expect("searcher");
                match temperature {
                    None => searcher.search(game, SearchOptions::new(limits).oracle(oracle)).best,
                    Some(t) => {
                        let report =
                            searcher.search(game, SearchOptions::new(limits).every_root_move());
                        pick_like_a_person(&report.root, t as i32, &mut self.rng).or(report.best)
                    }
                }
            }
            PlayerSpec::Level(n) => {
                let level = levels_for(&self.rules)[(n.clamp(1, 8) - 1) as usize];
                let searcher = self.searcher.as_mut().expect("searcher");
                let limits = level.limits.on(self.clock);
                let oracle = if n == 8 { oracle } else { None };
                if level.temperature == 0 {
                    return searcher.search(game, SearchOptions::new(limits).oracle(oracle)).best;
                }
                let report = searcher.search(game, SearchOptions::new(limits).every_root_move());
                pick_like_a_person(&report.root, level.temperature, &mut self.rng).or(report.best)
            }
        }
    }
}

/// Chooses among moves with exact values, a move `temperature` tenths of a
/// seed worse than the best being e^-1 times as likely. Proven losses are
/// avoided when anything else exists, proven wins taken.
fn pick_like_a_person(
    moves: &[(Pit, Score)],
    temperature: i32,
    rng: &mut fastrand::Rng,
) -> Option<Pit> {
    let best = moves.iter().map(|m| m.1).max()?;
    if best.is_decisive() && best.0 > 0 {
        return moves.iter().find(|m| m.1 == best).map(|m| m.0);
    }
    let weights: Vec<f64> = moves
        .iter()
        .map(|&(_, s)| {
            if s.is_decisive() && s.0 < 0 && !(best.is_decisive() && best.0 < 0) {
                0.0
            } else {
                let worse = (best.0 - s.0).min(Score::HEURISTIC_MAX) as f64;
                (-worse / temperature as f64).exp()
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rng.f64() * total;
    for (m, w) in moves.iter().zip(&weights) {
        if x < *w {
            return Some(m.0);
        }
        x -= w;
    }
    moves.iter().find(|m| m.1 == best).map(|m| m.0)
}

/// The move that gains most seeds at once; ties broken at random.
pub fn greedy(rules: &Rules, game: &Game, rng: &mut fastrand::Rng) -> Option<Pit> {
    let pos = game.position();
    let me = pos.to_move();
    let mut best: Vec<Pit> = Vec::new();
    let mut best_gain = i32::MIN;
    for pit in game.legal_moves() {
        let after = rules.play_unchecked(pos, pit);
        let gain = after.captured()[me] as i32 - after.captured()[!me] as i32;
        if gain > best_gain {
            best_gain = gain;
            best.clear();
        }
        if gain == best_gain {
            best.push(pit);
        }
    }
    (!best.is_empty()).then(|| best[rng.usize(..best.len())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_parse_and_print_back() {
        for text in [
            "level:3",
            "ab:depth=8",
            "ab:time=100,nodes=5000",
            "ab:depth=4,temperature=8",
            "mcts:time=100",
            "greedy",
            "random",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("5".parse::<PlayerSpec>().unwrap(), PlayerSpec::Level(5));
        for bad in [
            "",
            "9",
            "level:0",
            "ab",
            "ab:depth=x",
            "ab:speed=3",
            "ab:temperature=5",
            "mcts:time=0",
            "zz",
            "greedy:1",
        ] {
            let error = bad.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(error.contains("a player is"), "{bad}: {error}");
        }
    }

    #[test]
    fn a_temperature_makes_ab_choose_as_the_level_of_that_depth_and_temperature() {
        // Level 3 is depth 3 at temperature 15: `ab:depth=3,temperature=15`
        // with the same seed makes the same choices, including its
        // deliberate mistakes, on a run of positions from seeded play.
        let rules = mancala_rules::ruleset("oware-abapa").unwrap().rules;
        let level = LEVELS[2];
        let spec: PlayerSpec =
            format!("ab:depth={},temperature={}", level.limits.depth.unwrap(), level.temperature)
                .parse()
                .unwrap();
        let ab = Player::new(spec, rules, 7);
        let by_level = Player::new(PlayerSpec::Level(3), rules, 7);
        let plain = Player::new("ab:depth=3".parse().unwrap(), rules, 7);
        let differs_from_plain = same_choices([ab, by_level], plain, rules, 60, 3, "level 3");
        // The temperature is used: some choices are not the plain search's.
        assert!(differs_from_plain > 0);
    }

    /// Plays up to `plies` seeded random moves from the start; in every
    /// position the two `same` players must choose the same move. Returns
    /// how often `other` chose differently from them.
    fn same_choices(
        same: [Player; 2],
        mut other: Player,
        rules: Rules,
        plies: usize,
        seed: u64,
        what: &str,
    ) -> usize {
        let [mut a, mut b] = same;
        let mut rng = fastrand::Rng::with_seed(seed);
        let (mut game, mut differs) = (Game::new(rules), 0);
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let chosen = a.choose(&game, None);
            assert_eq!(chosen, b.choose(&game, None), "{what}");
            differs += usize::from(chosen != other.choose(&game, None));
            game.play(legal.nth(rng.usize(..legal.len())).unwrap()).unwrap();
        }
        differs
    }

    #[test]
    fn anywoli_levels_play_as_their_depths_at_anywolis_temperatures() {
        // Under Anywoli's fours, levels 1 to 5 keep the common depths and
        // err more (docs/ai.md, Anywoli's ladder); level 6 and the timed
        // levels are the common ones, and every other game keeps the common
        // table. Each changed level chooses exactly as
        // `ab:depth=D,temperature=T` with its parameters, and not always as
        // the common table's level of that number would.
        let anywoli = mancala_rules::ruleset("anywoli").unwrap().rules;
        let table = [(1, 120), (2, 34), (3, 30), (4, 20), (6, 15), (9, 1)];
        for ruleset in mancala_rules::RULESETS {
            let fours = matches!(ruleset.rules.capture, Capture::Fours { .. });
            for (i, level) in levels_for(&ruleset.rules).iter().enumerate() {
                assert_eq!(level.description, LEVELS[i].description);
                let expected = match table.get(i) {
                    Some(&(depth, temperature)) if fours => (Some(depth), temperature),
                    _ => (LEVELS[i].limits.depth, LEVELS[i].temperature),
                };
                assert_eq!((level.limits.depth, level.temperature), expected, "{} {i}", ruleset.id);
                assert_eq!(level.limits.time, LEVELS[i].limits.time);
            }
        }
        for (n, &(depth, temperature)) in table.iter().enumerate().take(5) {
            let seed = 9 + n as u64;
            let spec: PlayerSpec =
                format!("ab:depth={depth},temperature={temperature}").parse().unwrap();
            let ab = Player::new(spec, anywoli, seed);
            let level = Player::new(PlayerSpec::Level(n as u8 + 1), anywoli, seed);
            let common = LEVELS[n];
            let common_spec = format!("ab:depth={depth},temperature={}", common.temperature);
            let common = Player::new(common_spec.parse().unwrap(), anywoli, seed);
            let what = format!("level {}", n + 1);
            let differs = same_choices([level, ab], common, anywoli, 40, 4, &what);
            assert!(differs > 0, "level {} chose as the common table's", n + 1);
        }
    }
}
