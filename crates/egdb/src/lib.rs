//! Endgame databases by retrograde analysis (see `docs/egdb.md`).
//!
//! A database for a ruleset covers every board with `0..=N` seeds on it,
//! each side to move. For each it stores two thresholds on the seeds already
//! captured: with `m = total - n` seeds captured in all, `cm` of them the
//! mover's,
//!
//! - the mover can force a win (by play that ends the game) iff `cm >= win`;
//! - the opponent can force a win iff `m - cm >= lose`;
//! - otherwise neither can: the result depends on how the seeds circulate
//!   (in Barbados Warri, Speightstown, that is exactly a draw).
//!
//! The values are exact for a position with no repetition history (right
//! after a capture, or as set up): a forcing line never repeats itself.
//!
//! ```no_run
//! use mancala_egdb::{self as egdb, BuildOptions, Egdb};
//! let oware = mancala_rules::ruleset("oware-abapa").unwrap();
//! let path = std::path::Path::new("egdb/oware-abapa.egdb");
//! let options = BuildOptions { max_seeds: 10, ..BuildOptions::default() };
//! egdb::build(oware, path, &options, &mut |_progress| {}).unwrap();
//! let db = Egdb::open(path, oware).unwrap();
//! let pos = oware.rules.parse_position("0,0,0,0,1,1/1,0,0,0,0,1 20-24 S").unwrap();
//! println!("{:?}", db.probe(&pos));
//! ```

pub mod check;
#[cfg(feature = "cluster")]
pub mod cluster;
mod format;
mod index;
#[doc(hidden)]
pub mod mem;
pub mod play;
mod relay;
mod retro;
mod solve;
mod storage;

pub use format::LayerEntry;
pub use play::Oracle;
pub use solve::Phase;

use format::{
    check_checksums, check_length, fnv1a, Header, FORMAT_VERSION, HEADER_LEN, OLDEST_FORMAT,
};
use index::{next_board, Binomials, Sides};
use mancala_rules::{
    ruleset_version, Award, Capture, LastFour, Position, Rules, Ruleset, Side, Stall, Target, Wdl,
    Winner,
};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;
use storage::Storage;

/// What went wrong opening or building a database.
#[derive(Debug)]
pub enum EgdbError {
    /// Reading or writing the file failed.
    Io { path: PathBuf, error: std::io::Error },
    /// The file does not start with the magic bytes `MANCEGDB`.
    BadMagic { found: Vec<u8> },
    /// A format version this program does not know (`expected`: the newest
    /// it reads).
    UnknownFormat { found: u32, expected: u32 },
    /// A file in an older format that a build cannot extend.
    OldFormat { found: u32, expected: u32, why: String },
    /// The file is shorter than its header says.
    Truncated { what: String, needed: u64, found: u64 },
    /// The header's checksum does not match its contents.
    HeaderChecksum { found: u64, expected: u64 },
    /// A layer's data does not match its checksum.
    LayerChecksum { layer: u32, found: u64, expected: u64 },
    /// The header contradicts itself.
    Corrupt(String),
    /// The file was built for another ruleset or rules version.
    WrongRuleset { found: String, found_version: u32, expected: String, expected_version: u32 },
    /// Same id and version, but the rules themselves differ.
    WrongRules { what: String },
    /// More seeds than the analysis can take for these rules.
    TooManySeeds { requested: u32, limit: u32, why: String },
    /// A layer with more positions than an index can number.
    TooBig { seeds: u32, positions: u64 },
    /// Rules the analysis does not support.
    Unsupported(String),
    /// A distributed build's processes could not work together (one did
    /// not come up, died, or failed).
    Cluster(String),
    /// A bug.
    Internal(String),
}

impl fmt::Display for EgdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgdbError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            EgdbError::BadMagic { found } => write!(
                f,
                "not an endgame database: it starts with {:?}, expected the magic bytes {:?}",
                String::from_utf8_lossy(found),
                String::from_utf8_lossy(&format::MAGIC)
            ),
            EgdbError::UnknownFormat { found, expected } => write!(
                f,
                "endgame database format version {found}, but this program reads versions \
                 {OLDEST_FORMAT} to {expected}"
            ),
            EgdbError::OldFormat { found, expected, why } => write!(
                f,
                "endgame database format version {found} cannot be extended to version \
                 {expected}: {why}; remove the file (or build into another) to build it again"
            ),
            EgdbError::Truncated { what, needed, found } => write!(
                f,
                "endgame database truncated: the {what} needs the file to be at least {needed} \
                 bytes long, it has {found}"
            ),
            EgdbError::HeaderChecksum { found, expected } => write!(
                f,
                "endgame database header damaged: its checksum is {found:016x}, its contents \
                 give {expected:016x}"
            ),
            EgdbError::LayerChecksum { layer, found, expected } => write!(
                f,
                "endgame database damaged: layer {layer} has checksum {found:016x}, the header \
                 expects {expected:016x}"
            ),
            EgdbError::Corrupt(what) => write!(f, "endgame database damaged: {what}"),
            EgdbError::WrongRuleset { found, found_version, expected, expected_version } => {
                write!(
                    f,
                    "this endgame database is for {found} (rules version {found_version}), \
                     expected {expected} (rules version {expected_version})"
                )
            }
            EgdbError::WrongRules { what } => {
                write!(f, "this endgame database was built for other rules: {what}")
            }
            EgdbError::TooManySeeds { requested, limit, why } => {
                write!(f, "{requested} seeds is too many: at most {limit} for these rules ({why})")
            }
            EgdbError::TooBig { seeds, positions } => write!(
                f,
                "the layer with {seeds} seeds has {positions} positions, more than a 32-bit \
                 index can number"
            ),
            EgdbError::Unsupported(what) => write!(f, "unsupported rules: {what}"),
            EgdbError::Cluster(what) => write!(f, "distributed build: {what}"),
            EgdbError::Internal(what) => write!(f, "internal error: {what}"),
        }
    }
}

// The I/O error is part of the message, so it is not also a `source`
// (which would print it twice in a chain of causes).
impl std::error::Error for EgdbError {}

fn io(path: &Path) -> impl Fn(std::io::Error) -> EgdbError + '_ {
    move |error| EgdbError::Io { path: path.to_path_buf(), error }
}

/// What the database says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The value in the database's model, for the player to move: `Win`
    /// or `Loss` when that player or the opponent can force a win by play
    /// that ends the game, `Draw` when neither can (*unresolved*: the game
    /// ends level or goes on until a cycle; see [`Probe::is_forced`]).
    pub value: Wdl,
    /// The game's result for the player to move, when the database knows
    /// it: a forced win or loss, or, where every cycle is a draw
    /// (Speightstown), an unresolved value read as a draw. `None` when the
    /// result depends on how the seeds circulate.
    pub result: Option<Wdl>,
    /// Whether `result` is the exact game value from this position with no
    /// repetition history. False for an unresolved value that is not a
    /// draw, and for a forced result that a stall limit could cut short:
    /// the position's stall count plus its forcing line's quiet moves
    /// (`bound`) reach the limit, or the layer does not carry exactness
    /// ([`Egdb::carries_exactness`]: a lower layer holds a forcing line as
    /// long as the limit, and this layer was computed from it as it is, as
    /// files built before the flag existed were).
    pub exact: bool,
    /// Whether the forcing line of a forced result fits in what the stall
    /// limit leaves from this position (its stall count plus `bound` stays
    /// below the limit), the lower layers aside: `exact` without the
    /// condition on the layer, which one long line among millions fails
    /// for a whole layer of an older file (Anywoli's layer 8 for layer 12).
    /// True wherever `exact` is, and equal to it in a layer that carries
    /// exactness. Play relies on it
    /// ([`crate::play::Oracle::play_result`]); proofs do not.
    pub fits: bool,
    /// A bound on the quiet moves (passes included) the forcing line of a
    /// forced result needs before it captures or ends the game: the
    /// position's own where the file stores it (rules with a stall limit,
    /// format 2), else the longest in its layer.
    pub bound: u32,
    /// The thresholds: the least seeds the mover needs captured to force a
    /// win, the least the opponent needs to force theirs (`m + 1`: never).
    pub win: u8,
    pub lose: u8,
}

impl Probe {
    /// Whether one side can force a win (the value is not unresolved).
    pub fn is_forced(&self) -> bool {
        self.value != Wdl::Draw
    }
}

/// Whether "neither side can force a win" is a draw in these rules: every
/// cycle leaves the seeds uncaptured and only a target score wins, so the
/// game cannot end with a winner in any other way than by play.
pub fn unresolved_is_draw(rules: &Rules) -> bool {
    matches!(
        (rules.leftover, rules.winner, rules.target, rules.stall),
        (Award::Uncaptured, Winner::Reach(w), Target::Reach(t), Stall::None) if w == t
    )
}

/// A database: the file's bytes, mapped from the file ([`Egdb::open`]) or
/// held in memory ([`Egdb::from_bytes`], [`Egdb::build_in_memory`]).
pub struct Egdb {
    ruleset: Ruleset,
    header: Header,
    bytes: Storage,
    binom: Binomials,
    /// Rules with a stall limit: whether layer `n`'s forced results whose
    /// own line fits are exact, because no lower result they rest on can
    /// be cut short by the limit ([`Egdb::carries_exactness`]).
    carried: Vec<bool>,
}

/// By layer, whether its forced results whose own forcing line fits in
/// what the stall limit leaves are exact: every lower result they rest on
/// holds right after a capture. Layer `n` is if each lower layer is, and
/// either all their forcing lines are shorter than the limit or layer `n`
/// was computed reading the longer ones as unresolved
/// ([`LayerEntry::CARRIED`]). Every layer is, without a stall limit, and so
/// is an empty layer (Anywoli's with a number of seeds not a multiple of
/// 4): no result rests on it.
fn carried(layers: &[LayerEntry], limit: Option<u32>) -> Vec<bool> {
    let Some(limit) = limit else { return vec![true; layers.len()] };
    let (mut all_below, mut longest_below) = (true, 0);
    let mut carried = Vec::with_capacity(layers.len());
    for e in layers {
        let here = e.positions == 0 || (all_below && (e.carried() || longest_below < limit));
        carried.push(here);
        all_below &= here;
        longest_below = longest_below.max(quiet_bound(e.sweeps));
    }
    carried
}

/// Which layer builder to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Builder {
    /// The retrograde builder where the rules allow it, else the edges
    /// builder (layer by layer: relay sowing is un-sown only with fewer
    /// seeds on the board than pits).
    #[default]
    Auto,
    /// Every position's quiet moves stored, Jacobi sweeps over all of them
    /// (any rules; about 30 bytes a position while a layer is computed).
    Edges,
    /// No moves stored: predecessors generated by un-sowing, each sweep
    /// visiting only what the last one can have changed (single-lap sowing
    /// without passes, or relay sowing, with passes as in Anywoli or
    /// without as in Round-and-Round Warri, in the layers with fewer seeds
    /// than pits; about 9 bytes a position).
    Retro,
}

impl Builder {
    /// The builder [`Builder::Auto`] picks for these rules.
    pub fn resolve(self, rules: &Rules) -> Builder {
        match self {
            Builder::Auto if retro::supports(rules) => Builder::Retro,
            Builder::Auto => Builder::Edges,
            b => b,
        }
    }

    /// The builder that computes layer `n` (`n` seeds on the board):
    /// [`Builder::Auto`] takes the edges builder for a layer that the
    /// retrograde builder cannot un-sow (relay sowing with as many seeds
    /// as pits or more), which an explicit [`Builder::Retro`] refuses.
    pub fn resolve_layer(self, rules: &Rules, n: u32) -> Builder {
        match self.resolve(rules) {
            Builder::Retro
                if self == Builder::Auto && !retro::layer_supported(rules, n as usize) =>
            {
                Builder::Edges
            }
            b => b,
        }
    }
}

/// How much of a build to do.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Layers `0..=max_seeds` (seeds on the board).
    pub max_seeds: u32,
    /// Worker threads for each layer.
    pub threads: usize,
    /// Stop once this layer is complete (for tests of resuming).
    pub stop_after_layer: Option<u32>,
    /// Which builder computes the layers (the results are the same).
    pub builder: Builder,
    /// Rules with a stall limit: read each lower position whose forcing
    /// line is as long as the limit as unresolved while a layer is
    /// computed, so that every forced result whose own line fits is exact
    /// ([`LayerEntry::CARRIED`]; docs/egdb.md). True by default; false
    /// computes the model's values as files built before the flag existed hold
    /// them (for comparison).
    pub carry_exactness: bool,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        BuildOptions {
            max_seeds: 8,
            threads,
            stop_after_layer: None,
            builder: Builder::Auto,
            carry_exactness: true,
        }
    }
}

/// Where a build is, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The layer being computed (seeds on the board).
    pub seeds: u32,
    pub max_seeds: u32,
    pub phase: Phase,
    /// Positions done in this phase, of `total`.
    pub done: u64,
    pub total: u64,
}

/// One layer of a build.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerReport {
    pub seeds: u32,
    /// Positions stored (one side to move for side-symmetric rules).
    pub positions: u64,
    /// Positions the layer answers for: every board with either side to
    /// move (twice `positions` where one side is stored).
    pub covers: u64,
    /// Computed by this build (false: reused from the file).
    pub computed: bool,
    /// Wall-clock seconds to compute it (0 when reused).
    pub seconds: f64,
    pub sweeps: u32,
    /// The longest stretch of quiet moves (passes included) a forcing line
    /// in this layer can need before it captures or ends the game.
    pub quiet_bound: u32,
    pub win: u64,
    pub loss: u64,
    pub unresolved: u64,
    /// Rules with a stall limit, layers computed by this build: the forced
    /// (board, side, split) triples whose own quiet-move bound reaches the
    /// limit, so not exact even right after a capture.
    pub inexact: Option<u64>,
    /// Positions computed again after the first sweep (0 when reused).
    pub revisits: u64,
}

/// What a build did.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildReport {
    pub layers: Vec<LayerReport>,
    /// Complete layers found in the file but damaged or cut short, and so
    /// computed again.
    pub discarded: Vec<u32>,
    pub seconds: f64,
    /// The file's size in bytes (the image's for an in-memory build).
    pub file_size: u64,
}

impl BuildReport {
    /// The layers this build computed.
    pub fn computed(&self) -> Vec<u32> {
        self.layers.iter().filter(|l| l.computed).map(|l| l.seeds).collect()
    }
}

/// The default file of a ruleset's database.
pub fn default_path(id: &str) -> PathBuf {
    Path::new("egdb").join(format!("{id}.egdb"))
}

/// Whether the game looks the same from either side: a position with North
/// to move is then worth, to its mover, what its mirror (the rows swapped)
/// is worth with South to move, and a database stores only the latter.
/// Every rule applies to both players alike (sowing, captures, feeding,
/// targets, awards: `Award::Split` gives the odd seed to the fuller row,
/// and two equal rows hold an even number), except one tie-break: with
/// `Winner::Reach(w)`, a game in which both players end with `w` or more
/// is South's (`Rules::winner_of` asks South first), and that can happen
/// when `2 w` seeds do not exceed the game's. Such rules store both sides.
/// Who moves first matters for a game, not for a position.
pub fn side_symmetric(rules: &Rules) -> bool {
    match rules.winner {
        Winner::MostSeeds => true,
        Winner::Reach(w) => 2 * w as u32 > rules.total_seeds(),
    }
}

/// The rules digest a file of the current format records in its header:
/// FNV-1a 64 of a fixed byte encoding of the rule fields (see
/// `docs/egdb.md`), which renaming a field or a variant leaves alone.
pub fn rules_digest(rules: &Rules) -> u64 {
    format::rules_digest(rules)
}

/// The positions a new file stores per board.
fn sides_for(rules: &Rules) -> Sides {
    if side_symmetric(rules) {
        Sides::Mover
    } else {
        Sides::Both
    }
}

/// The longest quiet stretch of a layer that took `sweeps` sweeps: the
/// last sweep changed nothing, the one before changed some position last.
fn quiet_bound(sweeps: u32) -> u32 {
    sweeps.saturating_sub(2)
}

/// Bytes a position takes in the layers of a format 2 file for these rules.
fn bytes_per_position(rules: &Rules) -> u8 {
    if solve::has_bounds(rules) {
        3
    } else {
        2
    }
}

/// The database can be exact only where a position's value follows from its
/// board, stores and side to move. Anywoli's other ways to settle the last
/// four break that: who takes them under [`LastFour::FirstLapCapturer`]
/// depends on the game's history (kept in the position, not in the index),
/// and a lot ([`LastFour::Lot`]) has no exact win, draw or loss.
fn last_four_supported(rules: &Rules) -> Result<(), String> {
    match rules.capture {
        Capture::Fours { last_four: LastFour::FirstLapCapturer } => {
            Err("the last four go to the game's first lap-ending capturer, which the database's \
             positions (board and side to move) do not hold"
                .into())
        }
        Capture::Fours { last_four: LastFour::Lot } => {
            Err("the last four go by lot, and a chance ending has no exact win, draw or loss"
                .into())
        }
        _ => Ok(()),
    }
}

/// Checks a build request before anything is written.
fn check_request(ruleset: &Ruleset, max_seeds: u32, builder: Builder) -> Result<(), EgdbError> {
    let rules = &ruleset.rules;
    rules.validate().map_err(EgdbError::Unsupported)?;
    last_four_supported(rules).map_err(EgdbError::Unsupported)?;
    if builder == Builder::Retro && !retro::supports(rules) {
        return Err(retro::unsupported());
    }
    if ruleset.id.len() > 32 {
        return Err(EgdbError::Unsupported(format!(
            "ruleset id '{}' is over 32 bytes",
            ruleset.id
        )));
    }
    let total = rules.total_seeds();
    if max_seeds > total {
        return Err(EgdbError::TooManySeeds {
            requested: max_seeds,
            limit: total,
            why: "the game has no more seeds".into(),
        });
    }
    Ok(())
}

fn new_header(ruleset: &Ruleset) -> Header {
    Header {
        format_version: FORMAT_VERSION,
        id: ruleset.id.to_string(),
        ruleset_version: ruleset.version,
        pits_per_row: ruleset.rules.pits_per_row,
        total_seeds: ruleset.rules.total_seeds() as u8,
        bytes_per_position: bytes_per_position(&ruleset.rules),
        sides: sides_for(&ruleset.rules),
        rules_digest: format::rules_digest(&ruleset.rules),
        layers: Vec::new(),
    }
}

/// Checks that a header belongs to these rules and that its layers have
/// the sizes these rules give them.
fn check_identity(header: &Header, ruleset: &Ruleset, binom: &Binomials) -> Result<(), EgdbError> {
    if header.id != ruleset.id || header.ruleset_version != ruleset.version {
        return Err(EgdbError::WrongRuleset {
            found: header.id.clone(),
            found_version: header.ruleset_version,
            expected: ruleset.id.to_string(),
            expected_version: ruleset.version,
        });
    }
    let rules = &ruleset.rules;
    if header.pits_per_row != rules.pits_per_row || header.total_seeds as u32 != rules.total_seeds()
    {
        return Err(EgdbError::WrongRules {
            what: format!(
                "{} pits a row and {} seeds, expected {} and {}",
                header.pits_per_row,
                header.total_seeds,
                rules.pits_per_row,
                rules.total_seeds()
            ),
        });
    }
    // Formats 1 and 2 digested the `Debug` text of the rules.
    let (digest, how) = if header.format_version >= 3 {
        (format::rules_digest(rules), "")
    } else {
        (
            format::legacy_rules_digest(rules),
            " of the rules' Debug text, which this program writes differently; build the \
             file again",
        )
    };
    if header.rules_digest != digest {
        return Err(EgdbError::WrongRules {
            what: format!(
                "rules digest {:016x}, expected {digest:016x}{how} (the rules changed \
                 without a new rules version?)",
                header.rules_digest
            ),
        });
    }
    if header.format_version >= 3 && header.sides != sides_for(rules) {
        return Err(EgdbError::WrongRules {
            what: format!(
                "{} side(s) to move stored a board, these rules need {}",
                header.sides.code(),
                sides_for(rules).code()
            ),
        });
    }
    if header.format_version >= 2 && header.bytes_per_position != bytes_per_position(rules) {
        return Err(EgdbError::WrongRules {
            what: format!(
                "{} bytes a position, these rules need {}",
                header.bytes_per_position,
                bytes_per_position(rules)
            ),
        });
    }
    if header.layers.len() > rules.total_seeds() as usize + 1 {
        return Err(EgdbError::Corrupt(format!(
            "{} layers for a game of {} seeds",
            header.layers.len(),
            rules.total_seeds()
        )));
    }
    for (n, e) in header.layers.iter().enumerate() {
        let expected = if solve::layer_exists(rules, n) {
            header.sides.per_board() * binom.boards(n, rules.pit_count())
        } else {
            0
        };
        if e.positions != expected {
            return Err(EgdbError::Corrupt(format!(
                "layer {n} has {} positions, expected {expected}",
                e.positions
            )));
        }
    }
    Ok(())
}

/// Computes layer `n` from the layers below it.
#[allow(clippy::too_many_arguments)]
fn compute_layer(
    rules: &Rules,
    binom: &Binomials,
    lower: &[&[u8]],
    n: u32,
    max_seeds: u32,
    threads: usize,
    builder: Builder,
    carry: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(solve::Layer, f64), EgdbError> {
    let start = Instant::now();
    let mut solver = solve::Solver::new(rules, binom, lower, n as usize, threads, sides_for(rules));
    if carry {
        solver = solver.long_lines_unresolved();
    }
    let mut report =
        |phase, done, total| progress(&Progress { seeds: n, max_seeds, phase, done, total });
    let layer = match builder.resolve_layer(rules, n) {
        Builder::Retro => solver.run_retro(&mut report)?,
        _ => solver.run_edges(&mut report)?,
    };
    Ok((layer, start.elapsed().as_secs_f64()))
}

/// The flags of a layer computed for `rules`, carrying exactness or not.
fn layer_flags(rules: &Rules, carry: bool) -> u32 {
    if carry && solve::has_bounds(rules) {
        LayerEntry::CARRIED
    } else {
        0
    }
}

fn entry_of(layer: &solve::Layer, offset: u64, flags: u32) -> LayerEntry {
    LayerEntry {
        offset,
        length: layer.data.len() as u64,
        checksum: fnv1a(&layer.data),
        positions: layer.positions,
        win: layer.tally.win,
        loss: layer.tally.loss,
        unresolved: layer.tally.unresolved,
        sweeps: layer.sweeps,
        flags,
    }
}

fn report_of(
    n: u32,
    e: &LayerEntry,
    sides: Sides,
    computed: Option<&solve::Layer>,
    seconds: f64,
) -> LayerReport {
    LayerReport {
        seeds: n,
        positions: e.positions,
        covers: e.positions * 2 / sides.per_board(),
        computed: computed.is_some(),
        seconds,
        sweeps: e.sweeps,
        quiet_bound: quiet_bound(e.sweeps),
        win: e.win,
        loss: e.loss,
        unresolved: e.unresolved,
        inexact: computed
            .filter(|l| l.data.len() as u64 > 2 * l.positions)
            .map(|l| l.tally.inexact),
        revisits: computed.map_or(0, |l| l.revisits),
    }
}

/// Builds (or completes) the database file at `path` for layers
/// `0..=options.max_seeds`. Layers already complete in the file are kept;
/// each new layer is appended, synced, and only then counted in the header,
/// so a build killed at any point can be run again and goes on from the
/// last complete layer. A file for other rules is refused, never
/// overwritten.
pub fn build(
    ruleset: &Ruleset,
    path: &Path,
    options: &BuildOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<BuildReport, EgdbError> {
    build_with(ruleset, path, options, &mut |n, binom, lower| {
        compute_layer(
            &ruleset.rules,
            binom,
            lower,
            n,
            options.max_seeds,
            options.threads,
            options.builder,
            options.carry_exactness,
            progress,
        )
    })
}

/// Computes layer `n` from the lower layers: `(n, binom, lower)`.
pub(crate) type ComputeLayer<'a> =
    dyn FnMut(u32, &Binomials, &[&[u8]]) -> Result<(solve::Layer, f64), EgdbError> + 'a;

/// [`build`] with the layers computed by `compute(n, binom, lower layers)`
/// (the distributed build passes its own).
pub(crate) fn build_with(
    ruleset: &Ruleset,
    path: &Path,
    options: &BuildOptions,
    compute: &mut ComputeLayer<'_>,
) -> Result<BuildReport, EgdbError> {
    check_request(ruleset, options.max_seeds, options.builder)?;
    let start = Instant::now();
    let binom = Binomials::new();
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io(path))?;
    let len = file.metadata().map_err(io(path))?.len();
    let mut header = new_header(ruleset);
    let mut discarded = Vec::new();
    if len > 0 {
        let mut head = vec![0u8; (len as usize).min(HEADER_LEN)];
        file.read_exact(&mut head).map_err(io(path))?;
        match Header::decode(&head) {
            // Killed while writing the very first header: start afresh.
            Err(EgdbError::Truncated { .. }) if len < HEADER_LEN as u64 => {}
            Err(e) => return Err(e),
            Ok(old) => {
                check_identity(&old, ruleset, &binom)?;
                if old.bytes_per_position != header.bytes_per_position {
                    // Only a version 1 file can get here (see check_identity).
                    return Err(EgdbError::OldFormat {
                        found: old.format_version,
                        expected: FORMAT_VERSION,
                        why: "it lacks the quiet-move bound per position that version 2 \
                              stores for rules with a stall limit"
                            .into(),
                    });
                }
                // Otherwise the layers are kept: as they are, or (a file
                // of format 1 or 2 for side-symmetric rules) with one side
                // to move kept; the header is rewritten as version 3.
                let map = map_layers(&file, path)?;
                for (n, e) in old.layers.iter().enumerate() {
                    let complete = e.offset + e.length <= len
                        && fnv1a(&map[e.offset as usize..(e.offset + e.length) as usize])
                            == e.checksum;
                    if !complete {
                        discarded.extend(n as u32..old.layers.len() as u32);
                        break;
                    }
                    header.layers.push(*e);
                }
                if old.sides != header.sides {
                    let mut data: Vec<Vec<u8>> =
                        header.layers.iter().map(|e| layer_bytes(&map, e).to_vec()).collect();
                    drop(map);
                    drop(file);
                    file = keep_one_side(ruleset, &binom, &mut header, &mut data, path)?;
                }
            }
        }
    }
    // Anything after the complete layers is a layer cut short: drop it.
    let mut end = HEADER_LEN as u64 + header.layers.iter().map(|e| e.length).sum::<u64>();
    file.set_len(end).map_err(io(path))?;
    write_header(&mut file, &header, path)?;

    let mut reports: Vec<LayerReport> = header
        .layers
        .iter()
        .enumerate()
        .map(|(n, e)| report_of(n as u32, e, header.sides, None, 0.0))
        .collect();
    let first = header.layers.len() as u32;
    let last = match options.stop_after_layer {
        Some(stop) => stop.min(options.max_seeds),
        None => options.max_seeds,
    };
    for n in first..=last {
        // The finished layers are read where they lie in the file (the
        // page cache): no second copy in the process's own memory.
        let map = map_layers(&file, path)?;
        let lower: Vec<&[u8]> = header.layers.iter().map(|e| layer_bytes(&map, e)).collect();
        let (layer, seconds) = compute(n, &binom, &lower)?;
        drop(lower);
        drop(map);
        let entry = entry_of(&layer, end, layer_flags(&ruleset.rules, options.carry_exactness));
        file.seek(SeekFrom::Start(end)).map_err(io(path))?;
        file.write_all(&layer.data).map_err(io(path))?;
        file.sync_data().map_err(io(path))?;
        end += entry.length;
        header.layers.push(entry);
        write_header(&mut file, &header, path)?;
        reports.push(report_of(n, &entry, header.sides, Some(&layer), seconds));
    }
    Ok(BuildReport {
        layers: reports,
        discarded,
        seconds: start.elapsed().as_secs_f64(),
        file_size: end,
    })
}

/// The database file at `path` mapped read-only, to read its finished
/// layers from (an empty map for an empty file). The build only appends
/// to the file and rewrites its header while it is mapped, never cutting
/// it shorter than the map.
fn map_layers(file: &File, path: &Path) -> Result<memmap2::Mmap, EgdbError> {
    // SAFETY: the map is read-only and only read as bytes, so any contents
    // are valid; the file is not cut shorter while it is mapped (the build
    // truncates it only before mapping it), and another program changing
    // it meanwhile would change values, not safety (see storage.rs).
    unsafe { memmap2::Mmap::map(file) }.map_err(io(path))
}

/// A finished layer's bytes in the mapped file.
fn layer_bytes<'m>(map: &'m [u8], e: &LayerEntry) -> &'m [u8] {
    &map[e.offset as usize..(e.offset + e.length) as usize]
}

/// Converts the layers of a file of format 1 or 2 (both sides to move
/// stored) for side-symmetric rules to format 3 (South to move only),
/// checking on the way that every position with North to move has its
/// mirror's value, and writes them to a new file that then replaces the
/// old one (a build killed meanwhile leaves the old file as it was).
/// Returns the new file, open.
fn keep_one_side(
    ruleset: &Ruleset,
    binom: &Binomials,
    header: &mut Header,
    data: &mut [Vec<u8>],
    path: &Path,
) -> Result<File, EgdbError> {
    let p = ruleset.rules.pit_count();
    let bounds = header.bytes_per_position == 3;
    let mut offset = HEADER_LEN as u64;
    for (n, (e, old)) in header.layers.iter_mut().zip(data.iter_mut()).enumerate() {
        let boards = e.positions / 2;
        let asymmetric = |board: &[u8]| {
            EgdbError::Corrupt(format!(
                "layer {n} is not side-symmetric: board {board:?} with North to move has \
                 another value than its mirror with South to move"
            ))
        };
        let mut new = mem::huge_zeroed(old.len() / 2);
        let mut board = vec![0u8; p];
        if boards > 0 {
            binom.unrank(0, n, &mut board);
        }
        for r in 0..boards as usize {
            let j = binom.index(&board, n, Side::North, Sides::Mover);
            if old[4 * r + 2..4 * r + 4] != old[4 * j..4 * j + 2] {
                return Err(asymmetric(&board));
            }
            new[2 * r..2 * r + 2].copy_from_slice(&old[4 * r..4 * r + 2]);
            if bounds {
                let (at, from) = (2 * boards as usize, 4 * boards as usize);
                if old[from + 2 * r + 1] != old[from + 2 * j] {
                    return Err(asymmetric(&board));
                }
                new[at + r] = old[from + 2 * r];
            }
            next_board(&mut board);
        }
        // Each count covers both sides, which mirror each other.
        let halve = |x: u64| {
            if x.is_multiple_of(2) {
                Ok(x / 2)
            } else {
                Err(EgdbError::Corrupt(format!("layer {n}: an odd count, {x}, of both sides")))
            }
        };
        *e = LayerEntry {
            offset,
            length: new.len() as u64,
            checksum: fnv1a(&new),
            positions: boards,
            win: halve(e.win)?,
            loss: halve(e.loss)?,
            unresolved: halve(e.unresolved)?,
            sweeps: e.sweeps,
            flags: e.flags,
        };
        offset += e.length;
        *old = new;
    }
    let mut name = path.as_os_str().to_owned();
    name.push(".converting");
    let temporary = PathBuf::from(name);
    let mut file = File::create(&temporary).map_err(io(&temporary))?;
    file.write_all(&header.encode()).map_err(io(&temporary))?;
    for layer in data.iter() {
        file.write_all(layer).map_err(io(&temporary))?;
    }
    file.sync_all().map_err(io(&temporary))?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(io(path))?;
    OpenOptions::new().read(true).write(true).open(path).map_err(io(path))
}

fn write_header(file: &mut File, header: &Header, path: &Path) -> Result<(), EgdbError> {
    file.seek(SeekFrom::Start(0)).map_err(io(path))?;
    file.write_all(&header.encode()).map_err(io(path))?;
    file.sync_data().map_err(io(path))
}

impl Egdb {
    /// Opens a database file for `ruleset` by mapping it: checks the
    /// header (magic, format version, its checksum, the rules it was built
    /// for, the layers' sizes) and the file's length against it, but reads
    /// no layer (their checksums: [`Egdb::verify`]), so it takes about a
    /// millisecond whatever the size, and the probes read the pages they
    /// need.
    pub fn open(path: &Path, ruleset: &Ruleset) -> Result<Egdb, EgdbError> {
        let (header, bytes) = storage::map_file(path)?;
        Egdb::checked(header, bytes, ruleset)
    }

    /// Opens a database file for whichever ruleset it names (any version
    /// this program knows), as [`Egdb::open`] does.
    pub fn open_any(path: &Path) -> Result<Egdb, EgdbError> {
        let (header, bytes) = storage::map_file(path)?;
        let ruleset = ruleset_version(&header.id, header.ruleset_version)
            .map_err(|e| EgdbError::WrongRules { what: e.to_string() })?;
        Egdb::checked(header, bytes, ruleset)
    }

    /// A database from a file's bytes, checked as by [`Egdb::open`] and
    /// also against the layers' checksums (the bytes are all in memory
    /// already).
    pub fn from_bytes(bytes: Vec<u8>, ruleset: &Ruleset) -> Result<Egdb, EgdbError> {
        let header = Header::decode(&bytes)?;
        let db = Egdb::checked(header, Storage::Memory(bytes), ruleset)?;
        db.verify()?;
        Ok(db)
    }

    /// Checks every layer's data against its checksum: reads the whole
    /// file (`mancala egdb info` does; opening does not).
    pub fn verify(&self) -> Result<(), EgdbError> {
        check_checksums(&self.header, &self.bytes)
    }

    /// A database whose header is decoded: checked against the ruleset and
    /// the length of the bytes.
    fn checked(header: Header, bytes: Storage, ruleset: &Ruleset) -> Result<Egdb, EgdbError> {
        let binom = Binomials::new();
        check_identity(&header, ruleset, &binom)?;
        check_length(&header, bytes.len() as u64)?;
        let carried = carried(&header.layers, solve::stall_limit(&ruleset.rules));
        Ok(Egdb { ruleset: *ruleset, header, bytes, binom, carried })
    }

    /// Builds a database in memory (no file), layers `0..=max_seeds`.
    pub fn build_in_memory(ruleset: &Ruleset, max_seeds: u32) -> Result<Egdb, EgdbError> {
        Egdb::build_in_memory_with(ruleset, max_seeds, Builder::Auto)
    }

    /// [`Egdb::build_in_memory`] with a chosen builder.
    pub fn build_in_memory_with(
        ruleset: &Ruleset,
        max_seeds: u32,
        builder: Builder,
    ) -> Result<Egdb, EgdbError> {
        let options = BuildOptions { max_seeds, builder, ..BuildOptions::default() };
        Egdb::build_in_memory_options(ruleset, &options)
    }

    /// [`Egdb::build_in_memory`] with `options` (all but
    /// `stop_after_layer`, which a build in memory has no use for).
    pub fn build_in_memory_options(
        ruleset: &Ruleset,
        options: &BuildOptions,
    ) -> Result<Egdb, EgdbError> {
        let BuildOptions { max_seeds, threads, builder, carry_exactness, .. } = *options;
        check_request(ruleset, max_seeds, builder)?;
        let binom = Binomials::new();
        let flags = layer_flags(&ruleset.rules, carry_exactness);
        let mut header = new_header(ruleset);
        let mut data: Vec<Vec<u8>> = Vec::new();
        let mut offset = HEADER_LEN as u64;
        for n in 0..=max_seeds {
            let lower: Vec<&[u8]> = data.iter().map(Vec::as_slice).collect();
            let (layer, _) = compute_layer(
                &ruleset.rules,
                &binom,
                &lower,
                n,
                max_seeds,
                threads,
                builder,
                carry_exactness,
                &mut |_| {},
            )?;
            let entry = entry_of(&layer, offset, flags);
            offset += entry.length;
            header.layers.push(entry);
            data.push(layer.data);
        }
        let mut bytes = header.encode();
        for layer in data {
            bytes.extend_from_slice(&layer);
        }
        Egdb::from_bytes(bytes, ruleset)
    }

    /// The file image (header and layers).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The most seeds on the board of a position the database covers;
    /// `None` if it holds no layer at all.
    pub fn max_seeds(&self) -> Option<u32> {
        (self.header.layers.len() as u32).checked_sub(1)
    }

    /// The complete layers, by seeds on the board.
    pub fn layers(&self) -> &[LayerEntry] {
        &self.header.layers
    }

    /// The file format version.
    pub fn format_version(&self) -> u32 {
        self.header.format_version
    }

    /// The sides to move stored for each board: 1 (South; a position with
    /// North to move is read as its mirror) or 2.
    pub fn sides_stored(&self) -> u32 {
        self.header.sides.per_board() as u32
    }

    /// Whether layer `seeds` carries exactness across captures: its forced
    /// results whose own forcing line fits in what the stall limit leaves
    /// are exact (see [`Probe::exact`]). True for every layer of rules
    /// without a stall limit; false for a layer it does not hold.
    pub fn carries_exactness(&self, seeds: u32) -> bool {
        self.carried.get(seeds as usize).copied().unwrap_or(false)
    }

    /// The value of a position as layer `above` was computed from it:
    /// [`Egdb::value`], except that, in a layer below `above`, a forced result
    /// whose forcing line is as long as the stall limit reads as
    /// unresolved (`Draw`) where `above` was computed so
    /// ([`LayerEntry::CARRIED`]). What `egdb verify` checks a capture against.
    pub fn value_below(&self, above: u32, pits: &[u8], to_move: Side, cm: u32) -> Option<Wdl> {
        let value = self.value(pits, to_move, cm)?;
        let seeds: u32 = pits.iter().map(|&s| s as u32).sum();
        let carried = seeds < above
            && self.header.layers.get(above as usize).is_some_and(LayerEntry::carried);
        let limit = solve::stall_limit(&self.ruleset.rules);
        match limit {
            Some(limit) if carried && self.position_bound(pits, to_move)? >= limit => {
                Some(Wdl::Draw)
            }
            _ => Some(value),
        }
    }

    /// The per-position quiet-move bounds of layer `seeds`, one byte per
    /// position in index order (255: 255 or more), where the file stores
    /// them (format 2, rules with a stall limit).
    pub fn position_bounds(&self, seeds: u32) -> Option<&[u8]> {
        let e = self.header.layers.get(seeds as usize)?;
        if self.header.bytes_per_position != 3 {
            return None;
        }
        let start = (e.offset + 2 * e.positions) as usize;
        Some(&self.bytes[start..start + e.positions as usize])
    }

    /// The longest stretch of quiet moves (passes included) that a forcing
    /// line of layer `seeds` can need before it captures or ends the game.
    pub fn quiet_bound(&self, seeds: u32) -> Option<u32> {
        self.header.layers.get(seeds as usize).map(|e| quiet_bound(e.sweeps))
    }

    /// The layer entry and index of a board with `to_move` to move.
    fn locate(&self, pits: &[u8], to_move: Side) -> Option<(&LayerEntry, usize)> {
        let rules = &self.ruleset.rules;
        if pits.len() != rules.pit_count() {
            return None;
        }
        let n: usize = pits.iter().map(|&s| s as usize).sum();
        let e = self.header.layers.get(n)?;
        if e.positions == 0 {
            return None;
        }
        Some((e, self.binom.index(pits, n, to_move, self.header.sides)))
    }

    /// The raw thresholds `(win, lose)` of a board (both rows, in sowing
    /// order) with `to_move` to move; `None` if the board is not covered.
    pub fn thresholds(&self, pits: &[u8], to_move: Side) -> Option<(u8, u8)> {
        let (e, idx) = self.locate(pits, to_move)?;
        let at = e.offset as usize + 2 * idx;
        Some((self.bytes[at], self.bytes[at + 1]))
    }

    /// The bound on the quiet moves (passes included) that a forcing line
    /// from this board needs before it captures or ends the game: stored
    /// per position for rules with a stall limit (255: 255 or more), else
    /// the layer's [`Egdb::quiet_bound`].
    pub fn position_bound(&self, pits: &[u8], to_move: Side) -> Option<u32> {
        let (e, idx) = self.locate(pits, to_move)?;
        if self.header.bytes_per_position == 3 {
            Some(self.bytes[e.offset as usize + 2 * e.positions as usize + idx] as u32)
        } else {
            Some(quiet_bound(e.sweeps))
        }
    }

    /// The value in the database's model (see [`Probe::value`]) for the
    /// mover of a board with `to_move` to move who has captured `cm` seeds
    /// (the opponent the rest).
    pub fn value(&self, pits: &[u8], to_move: Side, cm: u32) -> Option<Wdl> {
        let (win, lose) = self.thresholds(pits, to_move)?;
        let n: u32 = pits.iter().map(|&s| s as u32).sum();
        let m = self.ruleset.rules.total_seeds() - n;
        if cm > m {
            return None;
        }
        Some(if cm >= win as u32 {
            Wdl::Win
        } else if m - cm >= lose as u32 {
            Wdl::Loss
        } else {
            Wdl::Draw
        })
    }

    /// What the database says about a position, taken to have no
    /// repetition history; `None` if it is over, has more seeds on the board
    /// than the database holds, or does not belong to these rules.
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        let rules = &self.ruleset.rules;
        if pos.is_over() || pos.pits_per_row() != rules.pits_per_row {
            return None;
        }
        let side = pos.to_move();
        let captured = pos.captured();
        let n = pos.board_seeds();
        if n + captured.south as u32 + captured.north as u32 != rules.total_seeds() {
            return None;
        }
        let (win, lose) = self.thresholds(pos.pits(), side)?;
        let value = self.value(pos.pits(), side, captured[side] as u32)?;
        let bound = self.position_bound(pos.pits(), side)?;
        let draws = unresolved_is_draw(rules);
        let (result, exact, fits) = match value {
            Wdl::Win | Wdl::Loss => {
                let (exact, fits) = match rules.stall {
                    Stall::None => (true, true),
                    Stall::QuietMoves(limit) => {
                        // This stretch fits from the position's stall count,
                        // and every stretch after a capture fits from 0.
                        let fits = (pos.quiet_moves() as u32).saturating_add(bound) < limit as u32;
                        (fits && self.carried[n as usize], fits)
                    }
                };
                (Some(value), exact, fits)
            }
            Wdl::Draw if draws => (Some(Wdl::Draw), true, true),
            Wdl::Draw => (None, false, false),
        };
        Some(Probe { value, result, exact, fits, bound, win, lose })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layer of `positions` positions whose longest forcing line took
    /// `sweeps` sweeps, with or without the flag.
    fn layer(positions: u64, sweeps: u32, carried: bool) -> LayerEntry {
        let flags = if carried { LayerEntry::CARRIED } else { 0 };
        LayerEntry { positions, sweeps, flags, ..LayerEntry::default() }
    }

    /// A layer carries exactness when every layer below it does and either
    /// their lines are all shorter than the limit or it has the flag; an
    /// empty layer always does, and nothing rests on it; without a stall
    /// limit every layer does.
    #[test]
    fn a_layer_carries_exactness_over_short_lines_or_with_the_flag() {
        // Anywoli's layers 0, 4, 8 and 12 as a file of model values holds
        // them (layer 8's longest line is 206), one empty layer between each.
        let model = [
            layer(1, 2, false),
            layer(0, 0, false),
            layer(17550, 13, false),
            layer(0, 0, false),
            layer(7888725, 208, false),
            layer(0, 0, false),
            layer(834451800, 238, false),
        ];
        assert_eq!(carried(&model, Some(200)), [true, true, true, true, true, true, false]);
        assert_eq!(carried(&model, None), [true; 7]);
        assert_eq!(carried(&model, Some(240)), [true; 7]);
        // The top layer built again with the flag, over the old layers.
        let mut mixed = model;
        mixed[6].flags = LayerEntry::CARRIED;
        assert_eq!(carried(&mixed, Some(200)), [true; 7]);
        // A layer that does not carry it breaks every layer above it, even
        // one with the flag: layer 8's lines rest on layer 4's, longer than 8.
        assert_eq!(carried(&mixed, Some(8)), [true, true, true, true, false, true, false]);
    }
}
