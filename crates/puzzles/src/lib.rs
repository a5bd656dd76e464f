//! Puzzles: positions with no history where the player to move has exactly
//! one move that keeps the best result, with the line that proves it.
//!
//! - [`generate`] finds them in random positions with few seeds on the
//!   board, proving every candidate with the solver (and an endgame
//!   database where one is given);
//! - [`verify`] proves a puzzle again from its position: the first move is
//!   the only one keeping the result, every later move of the solver is the
//!   only one too, every defence keeps the defender's best result, and the
//!   line stops where nothing is left to find;
//! - [`Puzzle::to_json`] and [`Puzzle::parse`] are the JSON line form of
//!   `mancala puzzles export` and of the collections bundled in
//!   `puzzles/RULESET.jsonl` ([`bundled`]).
//!
//! A puzzle's rating starts at [`seed_rating`] and then moves with the
//! solvers' successes and failures (the web server's Glicko-2).

mod compose;
mod generate;
mod prove;

pub use compose::{compose, Composition, NotProven};
pub use generate::{generate, Found, Options};
pub use prove::{keeping, Need, Prover};

use mancala_ai::Score;
use mancala_rules::{ruleset, Event, Game, Pit, Position, Ruleset, Side, Wdl, Winner};
use serde_json::{json, Value};
use std::fmt;

/// A puzzle's theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The only move that keeps a forced win.
    Win,
    /// The only move that keeps a draw: every other move loses.
    SaveTheDraw,
    /// Several moves win; only one wins by the largest forced margin (rules
    /// where the winner is whoever has more seeds).
    WinTheMostSeeds,
    /// The winning move captures from two pits or more at once.
    CaptureChain,
    /// The winning move captures every seed in the opponent's row.
    GrandSlam,
}

impl Kind {
    pub const ALL: [Kind; 5] =
        [Kind::Win, Kind::SaveTheDraw, Kind::WinTheMostSeeds, Kind::CaptureChain, Kind::GrandSlam];

    /// The name in the JSON form and the command's output.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Win => "win",
            Kind::SaveTheDraw => "save the draw",
            Kind::WinTheMostSeeds => "win the most seeds",
            Kind::CaptureChain => "capture chain",
            Kind::GrandSlam => "grand slam",
        }
    }

    /// The name in URLs: the name with dashes for spaces.
    pub fn slug(self) -> &'static str {
        match self {
            Kind::Win => "win",
            Kind::SaveTheDraw => "save-the-draw",
            Kind::WinTheMostSeeds => "win-the-most-seeds",
            Kind::CaptureChain => "capture-chain",
            Kind::GrandSlam => "grand-slam",
        }
    }

    /// A kind from its name or its slug.
    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == text || k.slug() == text)
    }

    /// What a proof of this kind must settle.
    pub fn need(self) -> Need {
        match self {
            Kind::WinTheMostSeeds => Need::Margin,
            _ => Need::Result,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a ruleset's winner is whoever has more seeds, so that the
/// margin of a win is part of its outcome ("win the most seeds").
pub fn has_margin(ruleset: &Ruleset) -> bool {
    matches!(ruleset.rules.winner, Winner::MostSeeds)
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The ruleset's id and a hash of the position: stable across runs.
    pub id: String,
    pub ruleset: &'static Ruleset,
    /// Set up with no history and a stall count of 0.
    pub position: Position,
    pub kind: Kind,
    /// The solution: the solver's moves and the best defence, alternating
    /// as the rules have the players move, ending where the game ends or
    /// where the solver has more than one way to keep the result.
    pub moves: Vec<Pit>,
    /// The result the solver keeps: a win or a draw.
    pub result: Wdl,
    /// The puzzle's rating (Glicko-2 scale).
    pub rating: i32,
}

/// Why a line of a collection is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// The id of a puzzle at `position`: the ruleset's id and the FNV-1a hash
/// of the position's notation.
pub fn puzzle_id(ruleset: &Ruleset, position: &Position) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in position.to_string().bytes() {
        hash ^= byte as u32;
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{}-{hash:08x}", ruleset.id)
}

impl Puzzle {
    /// The moves as letters separated by spaces, as a game is written.
    pub fn moves_text(&self) -> String {
        let rules = &self.ruleset.rules;
        self.moves.iter().map(|p| p.letter(rules).to_string()).collect::<Vec<_>>().join(" ")
    }

    /// The player who solves: the one to move at the start.
    pub fn solver(&self) -> Side {
        self.position.to_move()
    }

    /// The JSON line of `mancala puzzles export`.
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "ruleset": self.ruleset.id,
            "position": self.position.to_string(),
            "kind": self.kind.name(),
            "moves": self.moves_text(),
            "result": self.result.name(),
            "rating": self.rating,
        })
    }

    /// A puzzle from its JSON line, every field checked (the proof is
    /// [`verify`]'s).
    pub fn parse(line: &str) -> Result<Puzzle, ParseError> {
        let bad = |what: String| ParseError(what);
        let value: Value =
            serde_json::from_str(line).map_err(|e| bad(format!("not a JSON object: {e}")))?;
        let field = |name: &str| {
            value.get(name).ok_or_else(|| bad(format!("the field '{name}' is missing")))
        };
        let text = |name: &str| {
            field(name)?.as_str().ok_or_else(|| bad(format!("'{name}' must be a string")))
        };
        let ruleset = ruleset(text("ruleset")?).map_err(|e| bad(e.to_string()))?;
        let rules = &ruleset.rules;
        let position =
            rules.parse_position(text("position")?).map_err(|e| bad(format!("'position': {e}")))?;
        if position.is_over() {
            return Err(bad("'position' is a finished game".into()));
        }
        let kind = Kind::parse(text("kind")?).ok_or_else(|| {
            bad(format!(
                "unknown 'kind' {:?}; the kinds are {}",
                text("kind").unwrap_or_default(),
                Kind::ALL.map(Kind::name).join(", ")
            ))
        })?;
        let result = match text("result")? {
            "win" => Wdl::Win,
            "draw" => Wdl::Draw,
            other => {
                return Err(bad(format!("'result' is {other:?}; expected \"win\" or \"draw\"")))
            }
        };
        let mut game = Game::from_position(*rules, position);
        let mut moves = Vec::new();
        for letter in text("moves")?.split_whitespace() {
            let pit = Pit::parse(letter, rules).map_err(|e| bad(format!("'moves': {e}")))?;
            let legal = game.legal_moves();
            game.play(pit).map_err(|_| {
                bad(format!(
                    "'moves': {letter} is not legal after {} move(s); legal: {}",
                    moves.len(),
                    legal.letters(rules)
                ))
            })?;
            moves.push(pit);
        }
        if moves.is_empty() {
            return Err(bad("'moves' is empty".into()));
        }
        let rating = field("rating")?
            .as_i64()
            .and_then(|r| i32::try_from(r).ok())
            .ok_or_else(|| bad("'rating' must be a whole number".into()))?;
        let id = text("id")?.to_string();
        if id.is_empty() || id.len() > 80 {
            return Err(bad("'id' must have 1 to 80 characters".into()));
        }
        Ok(Puzzle { id, ruleset, position, kind, moves, result, rating })
    }

    /// The positions along the solution, from the start to the end of the
    /// line (one more than the moves).
    pub fn positions(&self) -> Vec<Position> {
        let mut game = Game::from_position(self.ruleset.rules, self.position);
        let mut out = vec![self.position];
        for &pit in &self.moves {
            if game.play(pit).is_err() {
                break;
            }
            out.push(*game.position());
        }
        out
    }
}

/// Parses a collection: one puzzle a line (blank lines skipped); an error
/// names the line.
pub fn parse_collection(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let puzzle = Puzzle::parse(line).map_err(|e| ParseError(format!("line {}: {e}", n + 1)))?;
        out.push(puzzle);
    }
    Ok(out)
}

/// The collection bundled with the program for a ruleset (its JSON lines;
/// empty for an id with none).
pub fn bundled_text(id: &str) -> &'static str {
    match id {
        "barbados-warri-speightstown" => {
            include_str!("../../../puzzles/barbados-warri-speightstown.jsonl")
        }
        "barbados-warri-bridgetown" => {
            include_str!("../../../puzzles/barbados-warri-bridgetown.jsonl")
        }
        "wahree" => include_str!("../../../puzzles/wahree.jsonl"),
        "anywoli" => include_str!("../../../puzzles/anywoli.jsonl"),
        "oware-abapa" => include_str!("../../../puzzles/oware-abapa.jsonl"),
        "round-and-round-warri" => include_str!("../../../puzzles/round-and-round-warri.jsonl"),
        _ => "",
    }
}

/// The bundled collection of a ruleset, parsed.
pub fn bundled(id: &str) -> Result<Vec<Puzzle>, ParseError> {
    parse_collection(bundled_text(id))
}

/// The shortest solution (plies) a composed study may have.
pub const MIN_STUDY_PLIES: usize = 7;

/// The composed studies: ids of bundled puzzles chosen by hand
/// (`puzzles/studies.txt`), in the file's order.
pub fn study_ids() -> Vec<&'static str> {
    include_str!("../../../puzzles/studies.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// What the first move does at once: seeds captured, pits captured from,
/// and whether it took the opponent's whole row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    pub seeds: u32,
    pub pits: u32,
    pub grand_slam: bool,
}

/// The effect of playing `pit` in `game` (by the mover; captures the rules
/// credit to the opponent, as Anywoli's fours can be, do not count).
pub fn effect(game: &Game, pit: Pit) -> Effect {
    let mut game = game.clone();
    let mover = game.position().to_move();
    let mut effect = Effect::default();
    if let Ok(report) = game.play_reported(pit) {
        for event in report.events {
            match event {
                Event::Capture { seeds, by, .. } if by == mover => {
                    effect.seeds += seeds as u32;
                    effect.pits += 1;
                }
                Event::GrandSlam { .. } => effect.grand_slam = true,
                _ => {}
            }
        }
    }
    effect
}

/// The kind of a puzzle whose unique move is `first`: a grand slam or a
/// capture chain where the move is one, else by the result.
pub fn kind_of(game: &Game, first: Pit, result: Wdl, margin: bool) -> Kind {
    let e = effect(game, first);
    match result {
        Wdl::Draw => Kind::SaveTheDraw,
        _ if margin => Kind::WinTheMostSeeds,
        _ if e.grand_slam => Kind::GrandSlam,
        _ if e.pits >= 2 => Kind::CaptureChain,
        _ => Kind::Win,
    }
}

/// The moves that look good at first sight but do not keep the result:
/// moves other than the solution that capture at least one seed and at
/// least as many as the solution does at once.
pub fn tempting(game: &Game, solution: Pit, keeping: &[Pit]) -> u32 {
    let own = effect(game, solution).seeds;
    game.legal_moves()
        .into_iter()
        .filter(|&p| p != solution && !keeping.contains(&p))
        .filter(|&p| {
            let seeds = effect(game, p).seeds;
            seeds >= 1 && seeds >= own
        })
        .count() as u32
}

/// The rating a new puzzle starts from (Glicko-2 scale, deviation 350):
///
/// ```text
/// 1100 + 150 * (solver moves - 1) + 120 * tempting + 100 * quiet, within 800..=2500
/// ```
///
/// - *solver moves*: the solver's moves in the solution (a longer line is
///   harder to see to its end);
/// - *tempting*: the other moves that capture at least one seed, and at
///   least as many as the solution, without keeping the result
///   ([`tempting`]): each is a trap a greedy solver falls into;
/// - *quiet*: 1 when the solution captures nothing while some other move
///   captures (the hardest moves to find are the quiet ones).
///
/// The numbers are a starting guess (a two-move puzzle with one trap starts
/// at 1370); the ratings then move with the solvers' results.
pub fn seed_rating(solver_moves: u32, tempting: u32, quiet: bool) -> i32 {
    let rating = 1100
        + 150 * (solver_moves.max(1) as i32 - 1)
        + 120 * tempting as i32
        + if quiet { 100 } else { 0 };
    rating.clamp(800, 2500)
}

/// The seed rating of a puzzle at `game` with solution `moves`.
pub fn seed_rating_of(game: &Game, moves: &[Pit], keeping_first: &[Pit]) -> i32 {
    let Some(&first) = moves.first() else { return seed_rating(1, 0, false) };
    let solver = game.position().to_move();
    let mut replay = game.clone();
    let mut solver_moves = 0;
    for &pit in moves {
        if replay.position().to_move() == solver {
            solver_moves += 1;
        }
        if replay.play(pit).is_err() {
            break;
        }
    }
    let own = effect(game, first).seeds;
    let other_captures =
        game.legal_moves().into_iter().any(|p| p != first && effect(game, p).seeds > 0);
    seed_rating(solver_moves, tempting(game, first, keeping_first), own == 0 && other_captures)
}

/// Proves a puzzle again from its position, as the generator found it:
///
/// - the best result of the position is the puzzle's, and the first move
///   is the only one that keeps it (for "win the most seeds": the largest
///   margin);
/// - every later move of the solver is the only one that keeps it, and
///   every defence keeps the defender's best (result, or margin);
/// - the line ends where the game ends or where the solver, to move, has
///   more than one way to keep the result;
/// - the kind matches the first move.
///
/// `prover` proves results (a database helps); `margins` proves margins
/// (no database), used by "win the most seeds".
pub fn verify<'a>(
    puzzle: &Puzzle,
    prover: &mut Prover<'a>,
    margins: &mut Prover<'a>,
) -> Result<(), String> {
    let rules = &puzzle.ruleset.rules;
    let letters = |pits: &[Pit]| {
        pits.iter().map(|p| p.letter(rules).to_string()).collect::<Vec<_>>().join(" ")
    };
    let need = puzzle.kind.need();
    let mut game = Game::from_position(*rules, puzzle.position);
    let solver = puzzle.solver();
    for (ply, &pit) in puzzle.moves.iter().enumerate() {
        let mover = game.position().to_move();
        let prover: &mut Prover<'a> = if need == Need::Margin { margins } else { prover };
        let values = prover
            .move_values(&game, need)
            .ok_or_else(|| format!("ply {ply}: the moves' values could not be proven"))?;
        let keep = keeping(&values, need);
        let best = values.iter().map(|&(_, s)| s).max().expect("a position with moves");
        if mover == solver {
            if ply == 0 {
                let want = if need == Need::Margin { Wdl::Win } else { puzzle.result };
                if best.result() != want {
                    return Err(format!(
                        "the position is a {} for the solver, the puzzle says {}",
                        best.result().name(),
                        want.name()
                    ));
                }
                if need == Need::Result {
                    let kind = kind_of(&game, pit, puzzle.result, false);
                    if kind != puzzle.kind {
                        return Err(format!(
                            "the first move makes it a '{kind}' puzzle, not '{}'",
                            puzzle.kind
                        ));
                    }
                }
            }
            if keep != [pit] {
                return Err(format!(
                    "ply {ply}: {} keep(s) the result, the line plays {}",
                    letters(&keep),
                    pit.letter(rules)
                ));
            }
        } else if !keep.contains(&pit) {
            return Err(format!(
                "ply {ply}: the defence {} is not best ({} would be)",
                pit.letter(rules),
                letters(&keep)
            ));
        }
        game.play(pit).map_err(|_| format!("ply {ply}: {} is illegal", pit.letter(rules)))?;
    }
    if !game.is_over() {
        if game.position().to_move() != solver {
            return Err("the line stops with the defender to move".into());
        }
        let prover: &mut Prover<'a> = if need == Need::Margin { margins } else { prover };
        let values = prover
            .move_values(&game, need)
            .ok_or_else(|| "the end of the line could not be proven".to_string())?;
        let keep = keeping(&values, need);
        if keep.len() < 2 {
            return Err(format!("the line stops early: only {} keeps the result", letters(&keep)));
        }
        let best = values.iter().map(|&(_, s)| s).max().expect("moves");
        let want = if need == Need::Margin { Wdl::Win } else { puzzle.result };
        if best.result() != want {
            return Err(format!(
                "the line ends in a {}, not a {}",
                best.result().name(),
                want.name()
            ));
        }
    } else {
        let pos = game.position();
        let end = Score::of_outcome(rules, pos, solver).result();
        let want = if need == Need::Margin { Wdl::Win } else { puzzle.result };
        if end != want {
            return Err(format!(
                "the line ends the game in a {}, not a {}",
                end.name(),
                want.name()
            ));
        }
    }
    Ok(())
}
