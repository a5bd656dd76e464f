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
//! use mancala_ai::egdb::{self, BuildOptions, Egdb};
//! let oware = mancala_rules::ruleset("oware-abapa").unwrap();
//! let path = std::path::Path::new("egdb/oware-abapa.egdb");
//! let options = BuildOptions { max_seeds: 10, ..BuildOptions::default() };
//! egdb::build(oware, path, &options, &mut |_progress| {}).unwrap();
//! let db = Egdb::open(path, oware).unwrap();
//! let pos = oware.rules.parse_position("0,0,0,0,1,1/1,0,0,0,0,1 20-24 S").unwrap();
//! println!("{:?}", db.probe(&pos));
//! ```

mod format;
mod index;
mod mem;
mod retro;
mod solve;

pub use format::LayerEntry;
pub use solve::Phase;

use crate::Result3;
use format::{check_layers, fnv1a, Header, FORMAT_VERSION, HEADER_LEN, OLDEST_FORMAT};
use index::Binomials;
use mancala_rules::{
    ruleset_version, Award, Capture, LastFour, Position, Rules, Ruleset, Side, Stall, Target,
    Winner,
};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// The value of a position for the player to move, from the thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// The opponent can force a win.
    Loss,
    /// Neither can force a win by play that ends the game.
    Unresolved,
}

/// What the database says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub value: Value,
    /// The game's result for the player to move, when the database knows
    /// it: a forced win or loss, or, where every cycle is a draw
    /// (Speightstown), [`Value::Unresolved`] read as a draw. `None` when the
    /// result depends on how the seeds circulate.
    pub result: Option<Result3>,
    /// Whether `result` is the exact game value from this position with no
    /// repetition history. False for an unresolved value that is not a
    /// draw, and for a forced result that a stall limit could cut short:
    /// the position's stall count plus its forcing line's quiet moves
    /// (`bound`) reach the limit, or a lower layer holds a forcing line as
    /// long as the limit.
    pub exact: bool,
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

/// Whether "neither side can force a win" is a draw in these rules: every
/// cycle leaves the seeds uncaptured and only a target score wins, so the
/// game cannot end with a winner in any other way than by play.
pub fn unresolved_is_draw(rules: &Rules) -> bool {
    matches!(
        (rules.leftover, rules.winner, rules.target, rules.stall),
        (Award::Uncaptured, Winner::Reach(w), Target::Reach(t), Stall::None) if w == t
    )
}

/// A database held in memory: the file's bytes, checked.
pub struct Egdb {
    ruleset: Ruleset,
    header: Header,
    bytes: Vec<u8>,
    binom: Binomials,
    /// The longest forcing stretch of quiet moves in layers `0..n`.
    bound_below: Vec<u32>,
}

/// Which layer builder to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Builder {
    /// The retrograde builder where the rules allow it, else the edges
    /// builder.
    #[default]
    Auto,
    /// Every position's quiet moves stored, Jacobi sweeps over all of them
    /// (any rules; about 30 bytes a position while a layer is computed).
    Edges,
    /// No moves stored: predecessors generated by un-sowing, each sweep
    /// visiting only what the last one can have changed (single-lap sowing,
    /// no passes; about 6 bytes a position).
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
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        BuildOptions { max_seeds: 8, threads, stop_after_layer: None, builder: Builder::Auto }
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
    pub positions: u64,
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

fn rules_digest(rules: &Rules) -> u64 {
    fnv1a(format!("{rules:?}").as_bytes())
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
    if solve::target_reachable_from_zero(rules, max_seeds) {
        let limit = (0..=max_seeds)
            .take_while(|&n| !solve::target_reachable_from_zero(rules, n))
            .last()
            .unwrap_or(0);
        return Err(EgdbError::TooManySeeds {
            requested: max_seeds,
            limit,
            why: "a single layer's captures could reach the target score, which the \
                  analysis does not handle"
                .into(),
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
        rules_digest: rules_digest(&ruleset.rules),
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
    let digest = rules_digest(rules);
    if header.rules_digest != digest {
        return Err(EgdbError::WrongRules {
            what: format!(
                "rules digest {:016x}, expected {digest:016x} (the rules changed without a \
                 new rules version?)",
                header.rules_digest
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
        let expected =
            if solve::layer_exists(rules, n) { 2 * binom.boards(n, rules.pit_count()) } else { 0 };
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
    lower: &[Vec<u8>],
    n: u32,
    max_seeds: u32,
    threads: usize,
    builder: Builder,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(solve::Layer, f64), EgdbError> {
    let start = Instant::now();
    let lower: Vec<&[u8]> = lower.iter().map(Vec::as_slice).collect();
    let solver = solve::Solver::new(rules, binom, &lower, n as usize, threads);
    let mut report =
        |phase, done, total| progress(&Progress { seeds: n, max_seeds, phase, done, total });
    let layer = match builder.resolve(rules) {
        Builder::Retro => solver.run_retro(&mut report)?,
        _ => solver.run_edges(&mut report)?,
    };
    Ok((layer, start.elapsed().as_secs_f64()))
}

fn entry_of(layer: &solve::Layer, offset: u64) -> LayerEntry {
    LayerEntry {
        offset,
        length: layer.data.len() as u64,
        checksum: fnv1a(&layer.data),
        positions: layer.positions,
        win: layer.tally.win,
        loss: layer.tally.loss,
        unresolved: layer.tally.unresolved,
        sweeps: layer.sweeps,
    }
}

fn report_of(n: u32, e: &LayerEntry, computed: Option<&solve::Layer>, seconds: f64) -> LayerReport {
    LayerReport {
        seeds: n,
        positions: e.positions,
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
    check_request(ruleset, options.max_seeds, options.builder)?;
    let start = Instant::now();
    let binom = Binomials::new();
    let rules = &ruleset.rules;
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io(path))?;
    let len = file.metadata().map_err(io(path))?.len();
    let mut header = new_header(ruleset);
    let mut data: Vec<Vec<u8>> = Vec::new();
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
                // Otherwise the layers are the same in both versions: they
                // are kept, and the header is rewritten as version 2.
                for (n, e) in old.layers.iter().enumerate() {
                    let mut bytes = mem::huge_zeroed(e.length as usize);
                    let complete = e.offset + e.length <= len
                        && file.seek(SeekFrom::Start(e.offset)).is_ok()
                        && file.read_exact(&mut bytes).is_ok()
                        && fnv1a(&bytes) == e.checksum;
                    if !complete {
                        discarded.extend(n as u32..old.layers.len() as u32);
                        break;
                    }
                    data.push(bytes);
                    header.layers.push(*e);
                }
            }
        }
    }
    // Anything after the complete layers is a layer cut short: drop it.
    let mut end = HEADER_LEN as u64 + header.layers.iter().map(|e| e.length).sum::<u64>();
    file.set_len(end).map_err(io(path))?;
    write_header(&mut file, &header, path)?;

    let mut reports: Vec<LayerReport> =
        header.layers.iter().enumerate().map(|(n, e)| report_of(n as u32, e, None, 0.0)).collect();
    let first = header.layers.len() as u32;
    let last = match options.stop_after_layer {
        Some(stop) => stop.min(options.max_seeds),
        None => options.max_seeds,
    };
    for n in first..=last {
        let (layer, seconds) = compute_layer(
            rules,
            &binom,
            &data,
            n,
            options.max_seeds,
            options.threads,
            options.builder,
            progress,
        )?;
        let entry = entry_of(&layer, end);
        file.seek(SeekFrom::Start(end)).map_err(io(path))?;
        file.write_all(&layer.data).map_err(io(path))?;
        file.sync_data().map_err(io(path))?;
        end += entry.length;
        header.layers.push(entry);
        write_header(&mut file, &header, path)?;
        reports.push(report_of(n, &entry, Some(&layer), seconds));
        data.push(layer.data);
    }
    Ok(BuildReport {
        layers: reports,
        discarded,
        seconds: start.elapsed().as_secs_f64(),
        file_size: end,
    })
}

fn write_header(file: &mut File, header: &Header, path: &Path) -> Result<(), EgdbError> {
    file.seek(SeekFrom::Start(0)).map_err(io(path))?;
    file.write_all(&header.encode()).map_err(io(path))?;
    file.sync_data().map_err(io(path))
}

/// A whole database file, in memory marked for huge pages (a player probes
/// it at random positions).
fn read_file(path: &Path) -> Result<Vec<u8>, EgdbError> {
    let mut file = File::open(path).map_err(io(path))?;
    let len = file.metadata().map_err(io(path))?.len();
    let len = usize::try_from(len)
        .map_err(|_| EgdbError::Corrupt(format!("{len} bytes is too large for this machine")))?;
    let mut bytes = mem::huge_vec(len);
    file.read_to_end(&mut bytes).map_err(io(path))?;
    Ok(bytes)
}

impl Egdb {
    /// Opens a database file for `ruleset`, checking everything: magic,
    /// format version, the rules it was built for, sizes and checksums.
    pub fn open(path: &Path, ruleset: &Ruleset) -> Result<Egdb, EgdbError> {
        Egdb::from_bytes(read_file(path)?, ruleset)
    }

    /// Opens a database file for whichever ruleset it names (any version
    /// this program knows).
    pub fn open_any(path: &Path) -> Result<Egdb, EgdbError> {
        let bytes = read_file(path)?;
        let header = Header::decode(&bytes)?;
        let ruleset = ruleset_version(&header.id, header.ruleset_version)
            .map_err(|e| EgdbError::WrongRules { what: e.to_string() })?;
        Egdb::from_bytes(bytes, ruleset)
    }

    /// A database from a file's bytes, checked as by [`Egdb::open`].
    pub fn from_bytes(bytes: Vec<u8>, ruleset: &Ruleset) -> Result<Egdb, EgdbError> {
        let header = Header::decode(&bytes)?;
        let binom = Binomials::new();
        check_identity(&header, ruleset, &binom)?;
        check_layers(&header, &bytes)?;
        let end = HEADER_LEN as u64 + header.layers.iter().map(|e| e.length).sum::<u64>();
        if bytes.len() as u64 != end {
            return Err(EgdbError::Corrupt(format!(
                "{} bytes after the last complete layer (a build that was stopped? run it \
                 again to finish it)",
                bytes.len() as u64 - end
            )));
        }
        let mut bound_below = Vec::with_capacity(header.layers.len());
        let mut worst = 0;
        for e in &header.layers {
            bound_below.push(worst);
            worst = worst.max(quiet_bound(e.sweeps));
        }
        Ok(Egdb { ruleset: *ruleset, header, bytes, binom, bound_below })
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
        check_request(ruleset, max_seeds, builder)?;
        let binom = Binomials::new();
        let threads = BuildOptions::default().threads;
        let mut header = new_header(ruleset);
        let mut data: Vec<Vec<u8>> = Vec::new();
        let mut offset = HEADER_LEN as u64;
        for n in 0..=max_seeds {
            let (layer, _) = compute_layer(
                &ruleset.rules,
                &binom,
                &data,
                n,
                max_seeds,
                threads,
                builder,
                &mut |_| {},
            )?;
            let entry = entry_of(&layer, offset);
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
        Some((e, 2 * self.binom.rank(pits, n) as usize + to_move.index()))
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

    /// The value for the mover of a board with `to_move` to move who has
    /// captured `cm` seeds (the opponent the rest).
    pub fn value(&self, pits: &[u8], to_move: Side, cm: u32) -> Option<Value> {
        let (win, lose) = self.thresholds(pits, to_move)?;
        let n: u32 = pits.iter().map(|&s| s as u32).sum();
        let m = self.ruleset.rules.total_seeds() - n;
        if cm > m {
            return None;
        }
        Some(if cm >= win as u32 {
            Value::Win
        } else if m - cm >= lose as u32 {
            Value::Loss
        } else {
            Value::Unresolved
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
        let (result, exact) = match value {
            Value::Win | Value::Loss => {
                let exact = match rules.stall {
                    Stall::None => true,
                    Stall::QuietMoves(limit) => {
                        // This stretch fits from the position's stall count,
                        // and every stretch after a capture fits from 0.
                        let limit = limit as u32;
                        let below = self.bound_below[n as usize];
                        (pos.quiet_moves() as u32).saturating_add(bound) < limit && below < limit
                    }
                };
                let r = if value == Value::Win { Result3::Win } else { Result3::Loss };
                (Some(r), exact)
            }
            Value::Unresolved if draws => (Some(Result3::Draw), true),
            Value::Unresolved => (None, false),
        };
        Some(Probe { value, result, exact, bound, win, lose })
    }
}
