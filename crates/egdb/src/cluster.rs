//! The distributed retrograde build: the retrograde builder's rounds run
//! by several processes over TCP on timely dataflow (feature `cluster`).
//! See "Distributed build" in `docs/egdb.md`.
//!
//! Each process owns one contiguous range of every layer's positions (the
//! ranges are as equal as whole 64-position words allow), of the layer
//! being built and of every finished layer, and keeps only those: the
//! working state of its range of the current layer, laid out as the
//! one-machine builder's (6 bytes and 3 bits a position: the 4-byte
//! `Slot4` reached at random, 2 bytes and the bitmaps in index order),
//! and its range of each finished layer (2 bytes a position). A round is
//! the one-machine builder's round, split where it crosses owners:
//!
//! 1. each process un-sows its positions that changed in the last round;
//!    a predecessor it owns is marked at once, the others are sent to
//!    their owners (one 64-bit word each) and marked on arrival;
//! 2. each process computes the `lose` of its marked positions again; a
//!    position whose children's values are not all here waits with its
//!    children (found once), the missing values are fetched from their
//!    owners in one batch a step (see [`with_fetches`]; 32-bit indices
//!    asked, 2-byte values answered) and it is finished with them;
//! 3. each process publishes its changes and sends the others its count
//!    of them.
//!
//! Round 1 reads the lower layers the same way: its own ranges, the rest
//! fetched (through `Solver::lower_read`); a capturing move whose child's
//! value is elsewhere is left out of the position's static part until the
//! value arrives, then folded in, so no position is computed twice.
//!
//! Each exchange is one timely epoch: when the probe says the epoch is
//! complete, every record sent in it has arrived everywhere, so after the
//! counts' epoch every process knows the number of changes in the whole
//! layer and all stop together when it is 0. The per-position work is the
//! retrograde builder's own (`first_position`, `parents`, `mark_slot`,
//! `recompute`), so the values, sweeps and counts are the same, and so is
//! the file.
//!
//! Process 0 owns the file: when a build resumes it reads the finished
//! layers in pieces and sends each process its ranges; at the end of each
//! layer every process sends it its range, in pieces, and it writes them
//! in order, so no process ever holds a whole layer.

use super::format::{fnv1a_more, Header, FNV1A_START, HEADER_LEN};
use super::index::Binomials;
use super::retro::{
    bits, for_blocks, mark_slot4, prefetch, settle, Children, Cursor, Slot4, HELD, NO_WIN,
    TERMINAL_BYTE, TERMINAL_MARK,
};
use super::solve::{
    bound_of_round, has_bounds, layer_exists, pack, stall_limit, unpack, CaptureMove, Layer,
    Parent, Solver, Static, Tally,
};
use super::{build_with, BuildOptions, BuildReport, Builder, EgdbError, LayerEntry};
use mancala_rules::{Rules, Ruleset};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::{Input, Operator, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

const RELAXED: Ordering = Ordering::Relaxed;

/// Positions per block of local work (a multiple of 64).
const BLOCK: usize = 1 << 14;

/// Marks in flight from one process, at most (about; see phase 1).
const MARK_BYTES: u64 = 2 << 20;

/// Quiet predecessors per changed position, about (for sizing the parts
/// of phase 1).
const MARKS_PER_CHANGE: u64 = 6;

/// Words per record of marks (256 KiB).
const WORDS: usize = 1 << 15;

/// Keys per record of requests (32-bit indices: 256 KiB).
const ASK_KEYS: usize = 1 << 16;

/// A record: destination process, kind, argument, words, bytes.
type Rec = (u32, u8, u64, Vec<u64>, Vec<u8>);

/// Packed quiet predecessors to mark (see [`pack_parent`]).
const MARKS: u8 = 1;
/// Counts to be summed over the processes (changes in a round, a
/// layer's win, loss, unresolved, inexact and revisits).
const COUNT: u8 = 2;
/// Process 0: compute layer `arg`.
const LAYER: u8 = 4;
/// Process 0: a piece of lower layer `arg` of the receiver's range
/// (words: the piece's offset in the range's bytes, and their number).
const LOWER: u8 = 5;
/// Process 0: the build is complete.
const DONE: u8 = 6;
/// A process failed: the bytes are its message.
const FAILED: u8 = 7;
/// Values wanted from their owner: the bytes are the positions' indices
/// in one layer (32 bits each); `arg`: the asker's index (from bit 40),
/// the layer (bits 32 to 39) and the asker's number for the record.
const ASK: u8 = 8;
/// The values (2 bytes each) for an [`ASK`] record, with its `arg`.
const ANSWER: u8 = 9;
/// The sender's count of keys asked in this step of [`with_fetches`],
/// and of positions it has left (the two words).
const LEFT: u8 = 10;
/// A piece of a finished layer's bytes for process 0 to write.
const DATA: u8 = 11;

/// How the processes of a distributed build find each other.
#[derive(Clone, Debug)]
pub struct ClusterOptions {
    /// Processes in the build (timely's `-n`).
    pub processes: usize,
    /// This process's index, `0..processes` (timely's `-p`).
    pub process: usize,
    /// `host:port` of every process, by index (timely's `-h` file: one a
    /// line; without one, `localhost:2101`, `localhost:2102`, ...).
    pub addresses: Vec<String>,
    /// Give up when the processes are not all connected after this long.
    pub connect_timeout: Duration,
    /// Print timely's connection progress (timely's `-r`).
    pub report: bool,
}

impl ClusterOptions {
    /// Options for process `process` of `processes`, with the addresses
    /// from a host file's first `processes` lines or timely's default.
    pub fn new(
        processes: usize,
        process: usize,
        hostfile: Option<&Path>,
    ) -> Result<ClusterOptions, EgdbError> {
        if processes == 0 {
            return Err(EgdbError::Cluster("the number of processes must be at least 1".into()));
        }
        if process >= processes {
            return Err(EgdbError::Cluster(format!(
                "process index {process} is out of range: with {processes} processes it is 0 \
                 to {}",
                processes - 1
            )));
        }
        let addresses = match hostfile {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|error| EgdbError::Io { path: path.to_path_buf(), error })?;
                let lines: Vec<String> = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .take(processes)
                    .map(String::from)
                    .collect();
                if lines.len() < processes {
                    return Err(EgdbError::Cluster(format!(
                        "the host file {} has {} addresses, {processes} processes need one each \
                         (host:port, one a line)",
                        path.display(),
                        lines.len()
                    )));
                }
                lines
            }
            None => (0..processes).map(|i| format!("localhost:{}", 2101 + i)).collect(),
        };
        Ok(ClusterOptions {
            processes,
            process,
            addresses,
            connect_timeout: Duration::from_secs(60),
            report: false,
        })
    }
}

/// What one process did for one layer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProcessLayer {
    pub seeds: u32,
    /// Positions of the layer, and of them the ones this process owns.
    pub positions: u64,
    pub owned: u64,
    pub sweeps: u32,
    /// Wall seconds, and this process's user and system CPU seconds
    /// (Linux; 0 elsewhere).
    pub seconds: f64,
    pub cpu_seconds: f64,
    pub sys_seconds: f64,
    /// This process's peak resident memory so far, in bytes (Linux).
    pub peak_rss: u64,
    /// Bytes of records this process sent to others, and received.
    pub bytes_sent: u64,
    pub bytes_received: u64,
    /// Positions this process computed again from their moves.
    pub revisits: u64,
}

/// What a process of a distributed build did.
#[derive(Clone, Debug)]
pub struct ClusterReport {
    /// Process 0's report on the file (as [`super::build`]'s); `None` on
    /// the others.
    pub build: Option<BuildReport>,
    /// Per layer computed, this process's part.
    pub layers: Vec<ProcessLayer>,
}

/// The retrograde build of `ruleset`'s database at `path` (written by
/// process 0 only) by `cluster.processes` processes, this one being
/// `cluster.process`; every process is started with the same `ruleset`,
/// `path` and `options`. The file is byte for byte the one [`super::build`]
/// writes, and a build that was stopped resumes from process 0's file.
/// `progress` gets a line of text at each layer's start and end.
pub fn build_distributed(
    ruleset: &'static Ruleset,
    path: &Path,
    options: &BuildOptions,
    cluster: &ClusterOptions,
    progress: Arc<dyn Fn(&str) + Send + Sync>,
) -> Result<ClusterReport, EgdbError> {
    super::check_request(ruleset, options.max_seeds, Builder::Retro)?;
    // (Relay un-sowing is not wired into it, and its marks carry
    // thresholds in 6 bits: Anywoli's 96 seeds need 7.)
    if super::relay::supports(&ruleset.rules) {
        return Err(EgdbError::Unsupported(
            "the distributed build does not handle relay sowing (Anywoli, Round-and-Round Warri) \
             yet; build it on one machine"
                .into(),
        ));
    }
    if cluster.addresses.len() != cluster.processes || cluster.process >= cluster.processes {
        return Err(EgdbError::Cluster(format!(
            "process {} of {} with {} addresses",
            cluster.process,
            cluster.processes,
            cluster.addresses.len()
        )));
    }
    let communication = if cluster.processes == 1 {
        timely::CommunicationConfig::Thread
    } else {
        timely::CommunicationConfig::Cluster {
            threads: 1,
            process: cluster.process,
            addresses: cluster.addresses.clone(),
            report: cluster.report,
            zerocopy: false,
            log_fn: Arc::new(|_| None),
        }
    };
    let config = timely::Config { communication, worker: timely::WorkerConfig::default() };
    // Timely retries connecting for ever: a process that never comes up
    // would leave the others waiting. The watchdog ends this process with
    // a message if the connections are not all up in time.
    let connected = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let connected = connected.clone();
        let (timeout, me, count) = (cluster.connect_timeout, cluster.process, cluster.processes);
        let addresses = cluster.addresses.join(", ");
        std::thread::spawn(move || {
            let start = Instant::now();
            while start.elapsed() < timeout {
                if connected.load(RELAXED) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if !connected.load(RELAXED) {
                eprintln!(
                    "error: egdb cluster process {me} of {count}: not every process connected \
                     within {} s ({addresses}); is each one started, with the same -n and host \
                     file and its own -p? Stopping.",
                    timeout.as_secs_f64()
                );
                std::process::exit(2);
            }
        })
    };
    let path = path.to_path_buf();
    let options = options.clone();
    let me = cluster.process;
    let connected_flag = connected.clone();
    // The worker's result; none if it panicked (timely's threads panic when
    // a connection breaks: another process died, or its host).
    let outcome: Arc<Mutex<Option<Result<ClusterReport, EgdbError>>>> = Arc::default();
    let slot = outcome.clone();
    // Timely's panics are its way of reporting a broken connection: keep
    // the first message for the error, and print none of them.
    let broke: Arc<Mutex<Option<String>>> = Arc::default();
    let previous_hook = std::panic::take_hook();
    {
        let broke = broke.clone();
        std::panic::set_hook(Box::new(move |info| {
            let text = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let mut broke = broke.lock().unwrap_or_else(|e| e.into_inner());
            let timely = |b: &str| b.starts_with("timely communication");
            if broke.as_deref().is_none_or(|b| !timely(b) && timely(&text)) {
                *broke = Some(text);
            }
        }));
    }
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        timely::execute(config, move |worker| {
            connected_flag.store(true, RELAXED);
            let mut net = Net::new(worker);
            let result = run(&mut net, ruleset, &path, &options, &*progress);
            if let Err(e) = &result {
                // Tell the others (they are waiting on this process's next
                // exchange), so that all stop with the reason.
                if !matches!(e, EgdbError::Cluster(_)) {
                    let message = format!("process {me}: {e}");
                    let out = (0..net.peers)
                        .filter(|&p| p != net.me)
                        .map(|p| (p as u32, FAILED, 0, Vec::new(), message.clone().into_bytes()))
                        .collect();
                    let _ = net.exchange(out);
                }
            }
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
        })
        .map(|guards| drop(guards.join()))
    }));
    std::panic::set_hook(previous_hook);
    connected.store(true, RELAXED);
    let _ = watchdog.join();
    if let Ok(Err(e)) = ran {
        return Err(EgdbError::Cluster(format!("starting the processes' connections: {e}")));
    }
    let result = outcome.lock().unwrap_or_else(|e| e.into_inner()).take();
    match result {
        // A finished build, even if a connection broke as the processes
        // closed them.
        Some(result) => result,
        None => {
            let why = broke.lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or_default();
            Err(EgdbError::Cluster(format!(
                "process {me}: the connection to another process broke (it died, was killed or \
                 its host went down): {why}"
            )))
        }
    }
}

/// This process's end of the exchanges: one timely dataflow that routes
/// each record to its destination process, one epoch an exchange.
struct Net<'w> {
    worker: &'w mut timely::worker::Worker,
    input: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<Rec>>>,
    probe: ProbeHandle<u64>,
    inbox: Rc<RefCell<Vec<(u64, Rec)>>>,
    me: usize,
    peers: usize,
    epoch: u64,
    sent: u64,
    received: u64,
}

fn rec_bytes(r: &Rec) -> u64 {
    // As bincode writes it: 4 + 1 + 8, and a length and the items of each
    // vector.
    13 + 8 + 8 * r.3.len() as u64 + 8 + r.4.len() as u64
}

impl<'w> Net<'w> {
    fn new(worker: &'w mut timely::worker::Worker) -> Net<'w> {
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let inbox: Rc<RefCell<Vec<(u64, Rec)>>> = Rc::new(RefCell::new(Vec::new()));
        let sink = inbox.clone();
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .unary::<timely::container::CapacityContainerBuilder<Vec<Rec>>, _, _, _>(
                    Exchange::new(|r: &Rec| r.0 as u64),
                    "Deliver",
                    |_, _| {
                        move |input, _output| {
                            input.for_each_time(|time, data| {
                                let mut sink = sink.borrow_mut();
                                for batch in data {
                                    sink.extend(batch.drain(..).map(|r| (*time.time(), r)));
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        let (me, peers) = (worker.index(), worker.peers());
        Net { worker, input, probe, inbox, me, peers, epoch: 0, sent: 0, received: 0 }
    }

    /// Sends `out`, closes this epoch and waits until every process's
    /// records of it have arrived; returns the records sent to this one.
    fn exchange(&mut self, out: Vec<Rec>) -> Result<Vec<Rec>, EgdbError> {
        for r in out {
            if r.0 as usize != self.me {
                self.sent += rec_bytes(&r);
            }
            self.input.send(r);
        }
        self.epoch += 1;
        self.input.advance_to(self.epoch);
        while self.probe.less_than(self.input.time()) {
            self.worker.step_or_park(Some(Duration::from_millis(100)));
        }
        let mut inbox = self.inbox.borrow_mut();
        let (now, later): (Vec<_>, Vec<_>) = inbox.drain(..).partition(|(t, _)| *t < self.epoch);
        *inbox = later;
        let mut got = Vec::with_capacity(now.len());
        for (_, r) in now {
            if r.1 == FAILED {
                return Err(EgdbError::Cluster(format!(
                    "stopping: {}",
                    String::from_utf8_lossy(&r.4)
                )));
            }
            self.received += rec_bytes(&r);
            got.push(r);
        }
        Ok(got)
    }

    /// `words` to every other process, in records of at most 256 KiB.
    fn to_others(&self, kind: u8, arg: u64, words: &[u64], out: &mut Vec<Rec>) {
        for p in (0..self.peers).filter(|&p| p != self.me) {
            for piece in words.chunks(WORDS) {
                out.push((p as u32, kind, arg, piece.to_vec(), Vec::new()));
            }
        }
    }
}

/// How a layer's positions are split among the processes: process `p`
/// owns `p * chunk .. (p + 1) * chunk`, cut at the layer's end; `chunk` is
/// a whole number of 64-position words (a process owns whole words of its
/// bitmaps), as equal as that allows.
#[derive(Clone, Copy, Debug)]
struct Split {
    total: usize,
    chunk: usize,
}

impl Split {
    fn new(total: usize, peers: usize) -> Split {
        Split { total, chunk: total.div_ceil(peers).div_ceil(64).max(1) * 64 }
    }

    #[inline]
    fn owner(&self, idx: usize) -> usize {
        idx / self.chunk
    }

    fn range(&self, p: usize) -> Range<usize> {
        (p * self.chunk).min(self.total)..((p + 1) * self.chunk).min(self.total)
    }
}

/// Positions stored in layer `n` (0 for a layer that cannot occur).
fn layer_positions(rules: &Rules, binom: &Binomials, n: usize) -> usize {
    if !layer_exists(rules, n) {
        return 0;
    }
    (super::sides_for(rules).per_board() * binom.boards(n, rules.pit_count())) as usize
}

/// This process's part of the finished lower layers: for each, how it is
/// split and the values (2 bytes a position) of the range this process
/// owns. The other ranges are fetched from their owners when needed.
struct Lower {
    splits: Vec<Split>,
    mine: Vec<Vec<u8>>,
}

impl Lower {
    /// The `(win, lose)` of position `idx` of layer `seeds`, if this
    /// process owns it.
    #[inline]
    fn own(&self, me: usize, seeds: usize, idx: usize) -> Option<(u8, u8)> {
        let split = &self.splits[seeds];
        if split.owner(idx) != me {
            return None;
        }
        let at = 2 * (idx - split.range(me).start);
        let mine = &self.mine[seeds];
        Some((mine[at], mine[at + 1]))
    }

    /// Checks that the first `n` layers are all here, in full, and drops
    /// any above (process 0 may have sent a layer it then found damaged).
    fn check(&mut self, me: usize, n: usize) -> Result<(), EgdbError> {
        self.mine.resize_with(self.mine.len().max(n), Vec::new);
        self.mine.truncate(n);
        for (k, mine) in self.mine.iter().enumerate() {
            if mine.len() != 2 * self.splits[k].range(me).len() {
                return Err(EgdbError::Internal(format!(
                    "lower layer {k}: {} bytes of this process's range arrived, {} expected",
                    mine.len(),
                    2 * self.splits[k].range(me).len()
                )));
            }
        }
        Ok(())
    }
}

/// One process's build: process 0 drives the file and tells the others
/// which layer to compute; all compute each layer together, and each
/// keeps its own range of every finished layer.
fn run(
    net: &mut Net,
    ruleset: &'static Ruleset,
    path: &Path,
    options: &BuildOptions,
    progress: &dyn Fn(&str),
) -> Result<ClusterReport, EgdbError> {
    let binom = Binomials::new();
    let rules = &ruleset.rules;
    let mut lower = Lower {
        splits: (0..=options.max_seeds.max(rules.total_seeds()) as usize)
            .map(|n| Split::new(layer_positions(rules, &binom, n), net.peers))
            .collect(),
        mine: Vec::new(),
    };
    let mut layers = Vec::new();
    if net.me == 0 {
        let carry = options.carry_exactness;
        let mut file = File0::open(net, ruleset, path, &binom, &mut lower, carry)?;
        let first = file.header.layers.len() as u32;
        let last = match options.stop_after_layer {
            Some(stop) => stop.min(options.max_seeds),
            None => options.max_seeds,
        };
        for n in first..=last {
            let out = (1..net.peers).map(|p| (p as u32, LAYER, n as u64, Vec::new(), Vec::new()));
            net.exchange(out.collect())?;
            lower.check(0, n as usize)?;
            let mut sink = file.sink();
            let (meta, mine, values) = layer_distributed(
                net,
                ruleset,
                &binom,
                &lower,
                n,
                options,
                Some(&mut sink),
                progress,
            )?;
            let hash = sink.hash;
            file.finish(n, &meta, hash, mine.seconds, super::layer_flags(rules, carry))?;
            layers.push(mine);
            lower.mine.push(values);
        }
        let done = (1..net.peers).map(|p| (p as u32, DONE, 0, Vec::new(), Vec::new())).collect();
        net.exchange(done)?;
        let report = BuildReport {
            file_size: file.end,
            layers: file.reports,
            discarded: file.discarded,
            seconds: file.start.elapsed().as_secs_f64(),
        };
        Ok(ClusterReport { build: Some(report), layers })
    } else {
        loop {
            let mut todo = None;
            let mut finished = false;
            for (_, kind, arg, words, bytes) in net.exchange(Vec::new())? {
                match kind {
                    LOWER => {
                        let k = arg as usize;
                        if lower.mine.len() <= k {
                            lower.mine.resize_with(k + 1, Vec::new);
                        }
                        let (at, len) = (words[0] as usize, words[1] as usize);
                        lower.mine[k].resize(len, 0);
                        lower.mine[k][at..at + bytes.len()].copy_from_slice(&bytes);
                    }
                    LAYER => todo = Some(arg as u32),
                    DONE => finished = true,
                    _ => return Err(EgdbError::Internal(format!("unexpected record {kind}"))),
                }
            }
            if finished {
                return Ok(ClusterReport { build: None, layers });
            }
            let Some(n) = todo else { continue };
            lower.check(net.me, n as usize)?;
            let (_, mine, values) =
                layer_distributed(net, ruleset, &binom, &lower, n, options, None, progress)?;
            layers.push(mine);
            lower.mine.push(values);
        }
    }
}

/// Process 0's file: as the one-machine build writes it (see
/// `build_with`), but written piece by piece as the processes send their
/// ranges, so that no process holds a whole layer.
struct File0 {
    file: File,
    path: PathBuf,
    header: super::format::Header,
    end: u64,
    reports: Vec<super::LayerReport>,
    discarded: Vec<u32>,
    start: Instant,
}

/// Where process 0 writes a layer's bytes as they come, with their
/// checksum so far.
struct Sink<'f> {
    file: &'f mut File,
    path: &'f Path,
    hash: u64,
}

impl Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> Result<(), EgdbError> {
        self.hash = fnv1a_more(self.hash, bytes);
        self.file.write_all(bytes).map_err(|error| EgdbError::Io { path: self.path.into(), error })
    }
}

impl File0 {
    /// Opens (or creates) the file, keeps its complete layers (a file of
    /// an older format is converted first, as the one-machine build does)
    /// and sends each process its range of them; cuts off anything after
    /// the last complete layer.
    fn open(
        net: &mut Net,
        ruleset: &'static Ruleset,
        path: &Path,
        binom: &Binomials,
        lower: &mut Lower,
        carry: bool,
    ) -> Result<File0, EgdbError> {
        let start = Instant::now();
        let io = |error| EgdbError::Io { path: path.to_path_buf(), error };
        let open =
            || OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path);
        let mut file = open().map_err(io)?;
        let mut header = super::new_header(ruleset);
        let mut old = None;
        let len = file.metadata().map_err(io)?.len();
        if len > 0 {
            let mut head = vec![0u8; (len as usize).min(HEADER_LEN)];
            file.read_exact(&mut head).map_err(io)?;
            match Header::decode(&head) {
                // Killed while writing the very first header: start afresh.
                Err(EgdbError::Truncated { .. }) if len < HEADER_LEN as u64 => {}
                Err(e) => return Err(e),
                Ok(h) => {
                    super::check_identity(&h, ruleset, binom)?;
                    old = Some(h);
                }
            }
        }
        if let Some(h) = old.as_ref().filter(|h| {
            !h.layers.is_empty()
                && (h.format_version != header.format_version
                    || h.sides != header.sides
                    || h.bytes_per_position != header.bytes_per_position)
        }) {
            // An older format: the one-machine build converts it (or says
            // why it cannot), computing nothing; then it is read as below.
            drop(file);
            let options = BuildOptions {
                max_seeds: h.layers.len() as u32 - 1,
                stop_after_layer: Some(h.layers.len() as u32 - 1),
                ..BuildOptions::default()
            };
            build_with(ruleset, path, &options, &mut |n, _, _| {
                Err(EgdbError::Internal(format!("layer {n} computed while converting")))
            })?;
            file = open().map_err(io)?;
            let mut head = vec![0u8; HEADER_LEN];
            file.read_exact(&mut head).map_err(io)?;
            old = Some(Header::decode(&head)?);
        }
        let len = file.metadata().map_err(io)?.len();
        let mut discarded = Vec::new();
        let mut reports = Vec::new();
        let old_layers = old.map(|h| h.layers).unwrap_or_default();
        for (n, e) in old_layers.iter().enumerate() {
            let complete = e.offset + e.length <= len
                && e.length == lower.splits[n].total as u64 * header.bytes_per_position as u64
                && send_layer(
                    net,
                    &mut file,
                    path,
                    e,
                    &lower.splits[n],
                    &mut lower.mine,
                    n,
                    carry.then_some(&ruleset.rules),
                )?;
            if !complete {
                discarded.extend(n as u32..old_layers.len() as u32);
                break;
            }
            header.layers.push(*e);
            reports.push(super::report_of(n as u32, e, header.sides, None, 0.0));
        }
        lower.mine.truncate(header.layers.len());
        let end = HEADER_LEN as u64 + header.layers.iter().map(|e| e.length).sum::<u64>();
        file.set_len(end).map_err(io)?;
        super::write_header(&mut file, &header, path)?;
        file.seek(SeekFrom::Start(end)).map_err(io)?;
        Ok(File0 { file, path: path.to_path_buf(), header, end, reports, discarded, start })
    }

    /// A sink for the next layer, at the end of the file.
    fn sink(&mut self) -> Sink<'_> {
        Sink { file: &mut self.file, path: &self.path, hash: FNV1A_START }
    }

    /// Layer `n` has been written with checksum `hash`: syncs it and adds
    /// it to the header.
    fn finish(
        &mut self,
        n: u32,
        layer: &Layer,
        hash: u64,
        seconds: f64,
        flags: u32,
    ) -> Result<(), EgdbError> {
        let io = |error| EgdbError::Io { path: self.path.clone(), error };
        self.file.flush().map_err(io)?;
        self.file.sync_data().map_err(io)?;
        let length = self.file.stream_position().map_err(io)? - self.end;
        let entry = LayerEntry {
            offset: self.end,
            length,
            checksum: hash,
            positions: layer.positions,
            win: layer.tally.win,
            loss: layer.tally.loss,
            unresolved: layer.tally.unresolved,
            sweeps: layer.sweeps,
            flags,
        };
        self.end += length;
        self.header.layers.push(entry);
        super::write_header(&mut self.file, &self.header, &self.path)?;
        self.file.seek(SeekFrom::Start(self.end)).map_err(io)?;
        let mut report = super::report_of(n, &entry, self.header.sides, None, seconds);
        report.computed = true;
        // As the one-machine build reports it: for layers with bounds stored.
        report.inexact = (has_bounds_bytes(self.header.bytes_per_position) && layer.positions > 0)
            .then_some(layer.tally.inexact);
        report.revisits = layer.revisits;
        self.reports.push(report);
        Ok(())
    }
}

fn has_bounds_bytes(bytes_per_position: u8) -> bool {
    bytes_per_position > 2
}

/// Reads layer `n` of the file (entry `e`) in pieces, checking its
/// checksum, and sends each process its range of the layer's values (this
/// process keeps its own in `mine`), with the positions whose forcing line
/// is as long as the stall limit read as unresolved where `carry` gives the
/// rules ([`long_lines_unresolved`]); whether the layer is intact.
#[allow(clippy::too_many_arguments)]
fn send_layer(
    net: &mut Net,
    file: &mut File,
    path: &Path,
    e: &LayerEntry,
    split: &Split,
    mine: &mut Vec<Vec<u8>>,
    n: usize,
    carry: Option<&Rules>,
) -> Result<bool, EgdbError> {
    let io = |error| EgdbError::Io { path: path.to_path_buf(), error };
    file.seek(SeekFrom::Start(e.offset)).map_err(io)?;
    mine.resize_with(n + 1, Vec::new);
    mine[n] = super::mem::huge_zeroed(2 * split.range(0).len());
    let values = 2 * split.total as u64;
    let mut hash = FNV1A_START;
    let mut piece = vec![0u8; GATHER];
    let mut at = 0u64;
    while at < e.length {
        let len = (e.length - at).min(GATHER as u64) as usize;
        if file.read_exact(&mut piece[..len]).is_err() {
            return Ok(false);
        }
        hash = fnv1a_more(hash, &piece[..len]);
        // The values in this piece (pieces start on a position), read as
        // the layers above are computed from them.
        let in_values = (at + len as u64).min(values).saturating_sub(at) as usize;
        if let Some(rules) = carry.filter(|_| in_values > 0 && e.length > values) {
            let mut bounds = vec![0u8; in_values / 2];
            if file.read_exact_at(&mut bounds, e.offset + values + at / 2).is_err() {
                return Ok(false);
            }
            long_lines_unresolved(rules, n as u32, &mut piece[..in_values], &bounds);
        }
        // The part of the values in this piece, by owner.
        let mut out = Vec::new();
        let mut i = at;
        while i < (at + len as u64).min(values) {
            let owner = split.owner(i as usize / 2);
            let range = split.range(owner);
            let stop = (2 * range.end as u64).min(at + len as u64);
            let bytes = &piece[(i - at) as usize..(stop - at) as usize];
            let offset = i - 2 * range.start as u64;
            if owner == 0 {
                mine[n][offset as usize..offset as usize + bytes.len()].copy_from_slice(bytes);
            } else {
                let words = vec![offset, 2 * range.len() as u64];
                out.push((owner as u32, LOWER, n as u64, words, bytes.to_vec()));
            }
            i = stop;
        }
        net.exchange(out)?;
        at += len as u64;
    }
    Ok(hash == e.checksum)
}

/// Reads each position whose forcing line is as long as the stall limit as
/// unresolved (`m + 1` for both thresholds), as the one-machine build's
/// `Solver::long_lines_unresolved` does: `values` (2 bytes a position) and
/// `bounds` (1 a position) are the same positions of layer `n`, kept as a
/// lower layer for the layers above it.
fn long_lines_unresolved(rules: &Rules, n: u32, values: &mut [u8], bounds: &[u8]) {
    let Some(limit) = stall_limit(rules) else { return };
    let never = (rules.total_seeds() - n + 1) as u8;
    for (v, &bound) in values.chunks_exact_mut(2).zip(bounds) {
        if bound as u32 >= limit {
            v.fill(never);
        }
    }
}

/// Bytes of a layer in one record when the processes send their ranges
/// to process 0 (and process 0 the lower layers' ranges to their owners).
const GATHER: usize = 2 << 20;

/// Sends this process's range of a finished layer to process 0, which
/// writes the whole layer in order into `sink` (the values of every
/// position, then the bounds for rules with a stall limit); every process
/// takes part in the same exchanges.
fn gather(
    net: &mut Net,
    split: &Split,
    sections: [(&[u8], usize); 2],
    mut sink: Option<&mut Sink>,
) -> Result<(), EgdbError> {
    for (mine, width) in sections {
        if width == 0 {
            continue;
        }
        for q in 0..net.peers {
            let len = width * split.range(q).len();
            if q == net.me && mine.len() != len {
                return Err(EgdbError::Internal("a range of the wrong length".into()));
            }
            if q == 0 {
                if let Some(sink) = sink.as_mut() {
                    sink.write(mine)?;
                }
                continue;
            }
            for at in (0..len).step_by(GATHER) {
                let mut out = Vec::new();
                if q == net.me {
                    let piece = mine[at..(at + GATHER).min(len)].to_vec();
                    out.push((0, DATA, at as u64, Vec::new(), piece));
                }
                for (_, kind, _, _, bytes) in net.exchange(out)? {
                    match (&mut sink, kind) {
                        (Some(sink), DATA) => sink.write(&bytes)?,
                        _ => return Err(EgdbError::Internal(format!("unexpected record {kind}"))),
                    }
                }
            }
        }
    }
    Ok(())
}

/// This process's share of a layer, laid out as the one-machine builder's
/// (`retro.rs`): 6 bytes and 3 bits a position (7 with a stall limit).
/// What a round reaches at a random index (a predecessor when marking, a
/// child when computing) is the 4-byte [`Slot4`]; the other bytes are
/// read and written in index order.
struct Share {
    lo: usize,
    slots: Vec<Slot4>,
    /// The static part of `lose`, or [`TERMINAL_BYTE`].
    stat: Vec<AtomicU8>,
    /// For a position that changed in the last round, its `win` before;
    /// in phase 2, the new `lose` of a position computed from its moves.
    other: Vec<AtomicU8>,
    changed: Vec<AtomicU64>,
    dirty: Vec<AtomicU64>,
    full: Vec<AtomicU64>,
    /// The owned positions' last round of change (rules with a stall
    /// limit).
    rounds: Vec<AtomicU8>,
}

impl Share {
    #[inline]
    fn slot(&self, idx: usize) -> &Slot4 {
        &self.slots[idx - self.lo]
    }

    /// The value after the last finished round of a position this
    /// process owns.
    #[inline]
    fn value(&self, idx: usize) -> (u8, u8) {
        let slot = self.slot(idx);
        (slot.win.load(RELAXED), slot.lose.load(RELAXED))
    }

    /// The bitmap word of a position this process owns.
    #[inline]
    fn word(&self, idx: usize) -> usize {
        (idx - self.lo) / 64
    }

    #[inline]
    fn bit(&self, idx: usize) -> u64 {
        1 << ((idx - self.lo) % 64)
    }
}

/// A quiet predecessor in one word: its index (32 bits) and five values
/// of at most 63 (6 bits each).
fn pack_parent(p: &Parent) -> u64 {
    (p.pi as u64) << 32
        | (p.tw as u64) << 24
        | (p.tl as u64) << 18
        | (p.w_new as u64) << 12
        | (p.l_new as u64) << 6
        | p.l_old as u64
}

fn unpack_parent(w: u64) -> Parent {
    Parent {
        pi: (w >> 32) as usize,
        tw: (w >> 24 & 63) as u8,
        tl: (w >> 18 & 63) as u8,
        w_new: (w >> 12 & 63) as u8,
        l_new: (w >> 6 & 63) as u8,
        l_old: (w & 63) as u8,
    }
}

/// A value to fetch: the layer (seeds on the board) and the index. On the
/// wire only the index goes, 32 bits (a record's keys are of one layer).
#[inline]
fn key(seeds: usize, idx: usize) -> u64 {
    (seeds as u64) << 32 | idx as u64
}

#[inline]
fn key_parts(k: u64) -> (usize, usize) {
    ((k >> 32) as usize, (k & 0xFFFF_FFFF) as usize)
}

/// Values fetched from their owners, by key.
#[derive(Default)]
struct Fetched {
    values: HashMap<u64, u16, BuildHasherDefault<KeyHasher>>,
}

impl Fetched {
    #[inline]
    fn get(&self, key: u64) -> Option<u16> {
        self.values.get(&key).copied()
    }
}

/// A hash for [`key`]s (no protection against chosen keys is needed:
/// they are positions).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        let h = (self.0 ^ x ^ x >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ h >> 32;
    }
}

/// Positions prepared per task of [`with_fetches`].
const TRY: usize = 4096;

/// Positions a process takes on between two fetches in [`with_fetches`].
const STEP: usize = 1 << 16;

/// What [`with_fetches`]'s `prepare` leaves for after a fetch: the keys of
/// the values it missed, the positions waiting for them with what was
/// found so far (`T`, finished by `finish`), and positions that must be
/// computed again from the start once the values are here.
struct Waiting<T> {
    keys: Vec<u64>,
    pending: Vec<T>,
    retry: Vec<usize>,
}

impl<T> Default for Waiting<T> {
    fn default() -> Self {
        Waiting { keys: Vec::new(), pending: Vec::new(), retry: Vec::new() }
    }
}

/// [`with_fetches`]'s first try at some positions.
type Prepare<'a, T> =
    dyn Fn(&[usize], &Fetched, &mut Waiting<T>) -> Result<(), EgdbError> + Sync + 'a;

/// [`with_fetches`]'s completion of positions that waited for a fetch.
type Finish<'a, T> = dyn Fn(&[T], &Fetched) -> Result<(), EgdbError> + Sync + 'a;

/// Does the work of `items` (positions this process owns), fetching the
/// values that it reads from other owners in batches: `prepare` does the
/// work of each position whose reads are all here (this process's own
/// values, or fetched) and leaves the others in a [`Waiting`]; after one
/// fetch of their keys from their owners (`owner` of a key), `finish`
/// completes those it left pending, each once, and the rare ones left to
/// retry go through `prepare` again. Meanwhile it answers the other
/// processes' requests with `answer`. Every process calls it the same
/// number of times and it ends for all at once: each step takes two
/// exchanges (the requests, with each process's count of keys asked and
/// of positions left, then the answers), the answers left out when
/// nobody asked.
#[allow(clippy::too_many_arguments)]
fn with_fetches<T: Send + Sync>(
    net: &mut Net,
    threads: usize,
    items: &[usize],
    prepare: &Prepare<'_, T>,
    finish: &Finish<'_, T>,
    owner: &dyn Fn(u64) -> usize,
    answer: &dyn Fn(u64) -> Option<u16>,
) -> Result<(), EgdbError> {
    let mut fetched = Fetched::default();
    let mut at = 0;
    let mut retry: Vec<usize> = Vec::new();
    loop {
        if retry.is_empty() {
            fetched.values.clear();
        }
        let take = (items.len() - at).min(STEP);
        let mut batch = std::mem::take(&mut retry);
        batch.extend_from_slice(&items[at..at + take]);
        at += take;
        let waiting = Mutex::new(Waiting::<T>::default());
        for_blocks(
            threads,
            batch.len().div_ceil(TRY),
            &|c| {
                let part = &batch[c * TRY..((c + 1) * TRY).min(batch.len())];
                let mut mine = Waiting::default();
                prepare(part, &fetched, &mut mine)?;
                if !mine.keys.is_empty() {
                    let mut all = waiting.lock().expect("fetch lock");
                    all.keys.extend(mine.keys);
                    all.pending.extend(mine.pending);
                    all.retry.extend(mine.retry);
                }
                Ok(0)
            },
            &mut |_| {},
        )?;
        let Waiting { mut keys, pending, retry: again } = waiting.into_inner().expect("fetch lock");
        retry = again;
        retry.sort_unstable();
        keys.sort_unstable();
        keys.dedup();
        if (!pending.is_empty() || !retry.is_empty()) && keys.is_empty() {
            return Err(EgdbError::Internal("positions left without a value to fetch".into()));
        }
        // The requests, by owner and layer (keys are sorted: each run of
        // one owner's layer is one or more records of 32-bit indices).
        let mut out = Vec::new();
        let mut asked: Vec<Vec<u64>> = Vec::new();
        let mut i = 0;
        while i < keys.len() {
            let (o, seeds) = (owner(keys[i]), key_parts(keys[i]).0);
            if o == net.me {
                return Err(EgdbError::Internal(format!("key {:#x} missed by its owner", keys[i])));
            }
            let mut j = i;
            while j < keys.len() && j - i < ASK_KEYS && owner(keys[j]) == o {
                if key_parts(keys[j]).0 != seeds {
                    break;
                }
                j += 1;
            }
            let run = &keys[i..j];
            let mut bytes = Vec::with_capacity(4 * run.len());
            for &k in run {
                bytes.extend_from_slice(&(key_parts(k).1 as u32).to_le_bytes());
            }
            let tag = (net.me as u64) << 40 | (seeds as u64) << 32 | asked.len() as u64;
            out.push((o as u32, ASK, tag, Vec::new(), bytes));
            asked.push(run.to_vec());
            i = j;
        }
        let counts = vec![keys.len() as u64, (items.len() - at + retry.len()) as u64];
        drop(keys);
        net.to_others(LEFT, 0, &counts, &mut out);
        let (mut wanted, mut left) = (counts[0], counts[1]);
        let mut answers = Vec::new();
        for (_, kind, arg, words, bytes) in net.exchange(out)? {
            match kind {
                LEFT if words.len() == 2 => {
                    wanted += words[0];
                    left += words[1];
                }
                ASK if bytes.len() % 4 == 0 => {
                    let seeds = (arg >> 32 & 0xFF) as usize;
                    let mut values = Vec::with_capacity(bytes.len() / 2);
                    for b in bytes.chunks_exact(4) {
                        let k = key(seeds, u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
                        let v = answer(k).ok_or_else(|| {
                            EgdbError::Internal(format!("asked for key {k:#x}, not owned here"))
                        })?;
                        values.extend_from_slice(&v.to_le_bytes());
                    }
                    answers.push(((arg >> 40) as u32, ANSWER, arg, Vec::new(), values));
                }
                _ => return Err(EgdbError::Internal(format!("unexpected record {kind}"))),
            }
        }
        if wanted > 0 {
            for (_, kind, arg, _, bytes) in net.exchange(answers)? {
                let keys = asked.get((arg & 0xFFFF_FFFF) as usize);
                match keys {
                    Some(keys) if kind == ANSWER && bytes.len() == 2 * keys.len() => {
                        fetched.values.extend(
                            keys.iter()
                                .zip(bytes.chunks_exact(2))
                                .map(|(&k, v)| (k, u16::from_le_bytes([v[0], v[1]]))),
                        )
                    }
                    _ => return Err(EgdbError::Internal(format!("unexpected record {kind}"))),
                }
            }
            drop(asked);
            for_blocks(
                threads,
                pending.len().div_ceil(TRY),
                &|c| {
                    finish(&pending[c * TRY..((c + 1) * TRY).min(pending.len())], &fetched)
                        .map(|()| 0)
                },
                &mut |_| {},
            )
            .map(|_| ())?;
        } else if !answers.is_empty() {
            return Err(EgdbError::Internal("requests arrived that nobody counted".into()));
        }
        if left == 0 {
            return Ok(());
        }
    }
}

/// The sum over the processes of this process's `counts` (one exchange).
fn sum_counts(net: &mut Net, counts: &[u64]) -> Result<Vec<u64>, EgdbError> {
    let mut out = Vec::new();
    net.to_others(COUNT, 0, counts, &mut out);
    let mut sum = counts.to_vec();
    for (_, kind, _, words, _) in net.exchange(out)? {
        if kind != COUNT || words.len() != counts.len() {
            return Err(EgdbError::Internal(format!("unexpected record {kind}")));
        }
        for (s, w) in sum.iter_mut().zip(words) {
            *s += w;
        }
    }
    Ok(sum)
}

/// Positions of round 1 a process works on between two fetches.
const FIRST_PART: usize = 1 << 16;

/// Positions in flight in phase 2's pipeline (as in `retro.rs`: their
/// children's slots are prefetched this many positions before they are
/// read).
const PIPELINE: usize = 4;

/// A position of round 1 waiting for values of lower layers that its
/// capturing moves lead to: its static part without those moves, its
/// quiet moves (count, and whether one keeps the mover to move), and the
/// moves (key of the child, what the move captured).
struct FirstWaiting {
    idx: usize,
    s: Static,
    quiet: u8,
    extra_turn: bool,
    captures: Vec<(u64, CaptureMove)>,
}

/// Computes layer `n` together with the other processes. Returns the
/// layer's counts (its data left empty: process 0 has written it into
/// `sink` as it came), this process's figures, and the values of the
/// range it owns (2 bytes a position), which it keeps as a lower layer.
///
/// The three phases the module's documentation names are
/// [`LayerWork::mark_changed`], [`LayerWork::recompute_marked`] and
/// [`LayerWork::publish`], after [`LayerWork::first_round`]; this function
/// runs them round after round until no process has a change left.
#[allow(clippy::too_many_arguments)]
fn layer_distributed(
    net: &mut Net,
    ruleset: &Ruleset,
    binom: &Binomials,
    lower: &Lower,
    n: u32,
    options: &BuildOptions,
    sink: Option<&mut Sink>,
    progress: &dyn Fn(&str),
) -> Result<(Layer, ProcessLayer, Vec<u8>), EgdbError> {
    let start = Instant::now();
    let (cpu0, _, sys0) = usage();
    let (sent0, received0) = (net.sent, net.received);
    let rules = &ruleset.rules;
    if !layer_exists(rules, n as usize) {
        return Ok((
            Layer::empty(),
            ProcessLayer { seeds: n, ..ProcessLayer::default() },
            Vec::new(),
        ));
    }
    let work = LayerWork::new(net, rules, binom, lower, n, options.threads.max(1))?;
    let (positions, owned) = (work.solver.positions(), work.hi - work.lo);
    progress(&format!(
        "layer {n}: {positions} positions, this process owns {owned} ({}..{})",
        work.lo, work.hi
    ));
    let first_changes = work.first_round(net)?;
    let mut changes = sum_counts(net, &[first_changes])?[0];
    let mut sweeps = 1u32;
    let mut revisits = 0u64;
    while changes > 0 {
        sweeps += 1;
        let parts = work.parts(changes);
        work.mark_changed(net, parts)?;
        revisits += work.recompute_marked(net, parts)?;
        let moved = work.publish(sweeps)?;
        changes = sum_counts(net, &[moved])?[0];
    }
    let t = work.count()?;
    let all = sum_counts(net, &[t.win, t.loss, t.unresolved, t.inexact, revisits])?;
    let tally = Tally { win: all[0], loss: all[1], unresolved: all[2], inexact: all[3] };
    let split = work.split;
    let (mut values, bounds, widths) = work.into_values();
    gather(net, &split, [(&values, widths.0), (&bounds, widths.1)], sink)?;
    // Kept as a lower layer: read as the layers above are computed from it.
    if options.carry_exactness {
        long_lines_unresolved(rules, n, &mut values, &bounds);
    }
    drop(bounds);
    let seconds = start.elapsed().as_secs_f64();
    let mine = ProcessLayer {
        seeds: n,
        positions,
        owned: owned as u64,
        sweeps,
        seconds,
        cpu_seconds: usage().0 - cpu0,
        sys_seconds: usage().2 - sys0,
        peak_rss: usage().1,
        bytes_sent: net.sent - sent0,
        bytes_received: net.received - received0,
        revisits,
    };
    progress(&format!(
        "layer {n}: {sweeps} sweeps in {seconds:.2} s, {} bytes sent, {} received",
        mine.bytes_sent, mine.bytes_received
    ));
    let layer = Layer { data: Vec::new(), positions, sweeps, tally, revisits: all[4] };
    Ok((layer, mine, values))
}

/// One layer of a distributed build as this process works on it: the
/// state of the range it owns ([`Share`]) and how it reaches the other
/// processes' ranges. Its methods are the phases of the build: round 1,
/// then in each later round marking, recomputing and publishing.
struct LayerWork<'a> {
    rules: &'a Rules,
    solver: Solver<'a>,
    lower: &'a Lower,
    st: Share,
    /// Who owns which positions of this layer.
    split: Split,
    me: usize,
    peers: usize,
    n: u32,
    /// The range this process owns.
    lo: usize,
    hi: usize,
    /// The layer's "never" (`m + 1`).
    m1: u8,
    threads: usize,
    /// Blocks of work in the owned range.
    blocks: usize,
}

impl<'a> LayerWork<'a> {
    fn new(
        net: &Net,
        rules: &'a Rules,
        binom: &'a Binomials,
        lower: &'a Lower,
        n: u32,
        threads: usize,
    ) -> Result<LayerWork<'a>, EgdbError> {
        let solver = Solver::new(rules, binom, &[], n as usize, threads, super::sides_for(rules));
        let positions = solver.positions();
        if positions > u32::MAX as u64 {
            return Err(EgdbError::TooBig { seeds: n, positions });
        }
        let (me, peers) = (net.me, net.peers);
        let split = lower.splits[n as usize];
        let Range { start: lo, end: hi } = split.range(me);
        let owned = hi - lo;
        let words = owned.div_ceil(64);
        let atomics64 = |len: usize| (0..len).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
        let bytes = |len: usize, x: u8| {
            let mut v = super::mem::huge_vec(len);
            v.extend((0..len).map(|_| AtomicU8::new(x)));
            v
        };
        let st = Share {
            lo,
            slots: {
                let mut slots = super::mem::huge_vec(owned);
                slots.extend((0..owned).map(|_| Slot4 {
                    win: AtomicU8::new(0),
                    lose: AtomicU8::new(0),
                    pending: AtomicU8::new(NO_WIN),
                    at_max: AtomicU8::new(HELD),
                }));
                slots
            },
            stat: bytes(owned, 0),
            other: bytes(owned, 0),
            changed: atomics64(words),
            dirty: atomics64(words),
            full: atomics64(words),
            rounds: (0..if has_bounds(rules) { owned } else { 0 })
                .map(|_| AtomicU8::new(0))
                .collect(),
        };
        let m1 = (solver.m() + 1) as u8;
        Ok(LayerWork {
            rules,
            solver,
            lower,
            st,
            split,
            me,
            peers,
            n,
            lo,
            hi,
            m1,
            threads,
            blocks: owned.div_ceil(BLOCK),
        })
    }

    /// The process that owns position `idx` of this layer.
    #[inline]
    fn owner(&self, idx: usize) -> usize {
        self.split.owner(idx)
    }

    /// Block `b` of the owned range.
    fn block(&self, b: usize) -> Range<usize> {
        self.lo + b * BLOCK..(self.lo + (b + 1) * BLOCK).min(self.hi)
    }

    /// The owner of a key (a position of this layer or a lower one).
    fn key_owner(&self, k: u64) -> usize {
        let (seeds, idx) = key_parts(k);
        self.lower.splits[seeds].owner(idx)
    }

    /// This process's answer to a request for a key: a position of this
    /// layer (its value after the last finished round) or of a lower one.
    fn answer(&self, k: u64) -> Option<u16> {
        let (seeds, idx) = key_parts(k);
        if seeds == self.n as usize {
            (self.owner(idx) == self.me).then(|| {
                let (w, l) = self.st.value(idx);
                pack(w, l)
            })
        } else {
            self.lower.own(self.me, seeds, idx).map(|(w, l)| pack(w, l))
        }
    }

    /// Round 1: every owned position's moves, reading the lower layers
    /// (this process's ranges, the rest fetched), in parts. A position
    /// whose capturing moves lead to values owned elsewhere waits with its
    /// static part so far; the fetched values are folded into it. Returns
    /// the number of this process's positions that changed.
    fn first_round(&self, net: &mut Net) -> Result<u64, EgdbError> {
        let (st, lo, hi, m1, me) = (&self.st, self.lo, self.hi, self.m1, self.me);
        let solver = &self.solver;
        let lower = self.lower;
        let bottom = pack(m1, m1);
        let first_changes = AtomicU64::new(0);
        let store_first = |idx: usize, (stat, at_max, value): (u16, u8, u16)| {
            let stat = if stat == TERMINAL_MARK { TERMINAL_BYTE } else { unpack(stat).1 };
            let (w, l) = unpack(value);
            let slot = st.slot(idx);
            st.stat[idx - lo].store(stat, RELAXED);
            slot.at_max.store(at_max, RELAXED);
            slot.win.store(w, RELAXED);
            slot.lose.store(l, RELAXED);
            st.other[idx - lo].store(m1, RELAXED);
            if value != bottom {
                st.changed[st.word(idx)].fetch_or(st.bit(idx), RELAXED);
                first_changes.fetch_add(1, RELAXED);
                if !st.rounds.is_empty() {
                    st.rounds[idx - lo].store(1, RELAXED);
                }
            }
        };
        let max_owned = (0..self.peers).map(|p| self.split.range(p).len()).max().unwrap_or(0);
        for part in 0..max_owned.div_ceil(FIRST_PART) {
            let items: Vec<usize> =
                (lo + part * FIRST_PART..(lo + (part + 1) * FIRST_PART).min(hi)).collect();
            with_fetches::<FirstWaiting>(
                net,
                self.threads,
                &items,
                &|part, fetched, waiting| {
                    // Reads this process cannot answer: a capturing move's is
                    // kept (the move is left out for now); any other makes
                    // the position's result meaningless (computed again).
                    let missed = AtomicBool::new(false);
                    let captures = Mutex::new(Vec::new());
                    let misses = Mutex::new(Vec::new());
                    let read = |seeds: usize, idx: usize, capture: Option<CaptureMove>| {
                        if let Some(v) = lower.own(me, seeds, idx) {
                            return Some(v);
                        }
                        let k = key(seeds, idx);
                        if let Some(v) = fetched.get(k) {
                            return Some(unpack(v));
                        }
                        match capture {
                            Some(c) => captures.lock().expect("round 1 lock").push((k, c)),
                            None => {
                                missed.store(true, RELAXED);
                                misses.lock().expect("round 1 lock").push(k);
                            }
                        }
                        None
                    };
                    let solver = solver.with_lower_read(&read);
                    let mut cursor = Cursor::new();
                    for &idx in part {
                        let (board, side) = solver.board_of(&mut cursor, idx);
                        let mut quiet = 0u8;
                        let mut extra_turn = false;
                        let s = solver.position(board, side, &mut |_, child_side| {
                            quiet += 1;
                            extra_turn |= child_side == side;
                        });
                        let kept = std::mem::take(&mut *captures.lock().expect("round 1 lock"));
                        if missed.swap(false, RELAXED) {
                            waiting.retry.push(idx);
                            waiting.keys.append(&mut misses.lock().expect("round 1 lock"));
                            waiting.keys.extend(kept.iter().map(|&(k, _)| k));
                            continue;
                        }
                        let s = s?;
                        if kept.is_empty() {
                            store_first(idx, solver.first_value(s, quiet, extra_turn)?);
                        } else {
                            waiting.keys.extend(kept.iter().map(|&(k, _)| k));
                            waiting.pending.push(FirstWaiting {
                                idx,
                                s,
                                quiet,
                                extra_turn,
                                captures: kept,
                            });
                        }
                    }
                    Ok(())
                },
                &|pending, fetched| {
                    for w in pending {
                        let mut s = w.s;
                        for &(k, capture) in &w.captures {
                            let v = fetched.get(k).ok_or_else(|| {
                                EgdbError::Internal(format!("key {k:#x} was not fetched"))
                            })?;
                            let (cw, cl) = capture.value(m1, unpack(v));
                            s.wm = s.wm.min(cw);
                            s.lm = s.lm.max(cl);
                        }
                        store_first(w.idx, solver.first_value(s, w.quiet, w.extra_turn)?);
                    }
                    Ok(())
                },
                &|k| self.key_owner(k),
                &|k| self.answer(k),
            )?;
        }
        Ok(first_changes.into_inner())
    }

    /// The parts a round's phases 1 and 2 are done in, for `changes`
    /// changes in the whole layer: the marks for other processes are sent
    /// in parts, so that those in flight stay within about MARK_BYTES a
    /// process whatever the number of changes (every process knows the
    /// number of changes, so all agree on the number of parts and so of
    /// exchanges).
    fn parts(&self, changes: u64) -> usize {
        (changes * MARKS_PER_CHANGE * 8 / (self.peers as u64 * MARK_BYTES)).max(1) as usize
    }

    /// The blocks of part `part` of `parts`.
    fn part_blocks(&self, part: usize, parts: usize) -> Range<usize> {
        let per_part = self.blocks.div_ceil(parts);
        let first_block = (part * per_part).min(self.blocks);
        first_block..first_block + per_part.min(self.blocks - first_block)
    }

    /// Phase 1: marks the predecessors of the positions that changed in
    /// the last round; those owned elsewhere are sent to their owners and
    /// marked on arrival.
    fn mark_changed(&self, net: &mut Net, parts: usize) -> Result<(), EgdbError> {
        let (st, lo, m1, me, peers) = (&self.st, self.lo, self.m1, self.me, self.peers);
        let solver = &self.solver;
        for part in 0..parts {
            let these = self.part_blocks(part, parts);
            let remote: Vec<Mutex<Vec<u64>>> = (0..peers).map(|_| Mutex::new(Vec::new())).collect();
            for_blocks(
                self.threads,
                these.len(),
                &|i| {
                    let range = self.block(these.start + i);
                    let mut cursor = Cursor::new();
                    let mut error = None;
                    let mut away: Vec<Vec<u64>> = vec![Vec::new(); peers];
                    let mut near = Vec::new();
                    let first = st.word(range.start);
                    for word in first..first + (range.end - range.start).div_ceil(64) {
                        let w = st.changed[word].swap(0, RELAXED);
                        bits(word, w, |local| {
                            if st.stat[local].load(RELAXED) == TERMINAL_BYTE {
                                return; // over as set up: no move leads to it quietly
                            }
                            let ci = lo + local;
                            let (board, side) = solver.board_of(&mut cursor, ci);
                            let (win, lose) = st.value(ci);
                            let new = pack(win, lose);
                            // Only the old `win` is kept (see `retro.rs`).
                            let old = pack(st.other[local].load(RELAXED), 0);
                            let found = solver.parents(board, side, new, old, &mut |p| {
                                let o = self.owner(p.pi);
                                if o == me {
                                    prefetch(st.slot(p.pi));
                                    prefetch(&st.dirty[st.word(p.pi)]);
                                    near.push(p);
                                } else {
                                    away[o].push(pack_parent(&p));
                                }
                            });
                            if let Err(e) = found {
                                error = Some(e);
                            }
                        });
                        for p in near.drain(..) {
                            mark(st, m1, &p)?;
                        }
                    }
                    if let Some(e) = error {
                        return Err(e);
                    }
                    for (o, words) in away.into_iter().enumerate() {
                        if !words.is_empty() {
                            remote[o].lock().expect("marks lock").extend(words);
                        }
                    }
                    Ok(0)
                },
                &mut |_| {},
            )?;
            let mut out = Vec::new();
            let words_by_owner: Vec<Vec<u64>> =
                remote.into_iter().map(|w| w.into_inner().expect("marks lock")).collect();
            for (o, words) in words_by_owner.iter().enumerate() {
                for piece in words.chunks(WORDS) {
                    out.push((o as u32, MARKS, 0, piece.to_vec(), Vec::new()));
                }
            }
            drop(words_by_owner);
            for (_, kind, _, words, _) in net.exchange(out)? {
                if kind != MARKS {
                    return Err(EgdbError::Internal(format!("unexpected record {kind}")));
                }
                for w in words {
                    mark(st, m1, &unpack_parent(w))?;
                }
            }
        }
        Ok(())
    }

    /// Phase 2: the marked positions whose `lose` goes down get it
    /// computed again from their moves and the last round's values of
    /// their children (this process's own, the others fetched from their
    /// owners), in the same parts as phase 1. A position's children are
    /// found once: those whose children are all here are finished at once
    /// (through a short pipeline, as in `retro.rs`), the others wait with
    /// their children for one fetch. (The other marked positions only take
    /// the lower `win` in `pending`: phase 3.) Returns the positions
    /// visited.
    fn recompute_marked(&self, net: &mut Net, parts: usize) -> Result<u64, EgdbError> {
        let (st, lo, m1, me, n) = (&self.st, self.lo, self.m1, self.me, self.n);
        let solver = &self.solver;
        let visited = AtomicU64::new(0);
        let finish = |pi: usize, kids: &Children, fetched: &Fetched| {
            let (lose, at_max) = kids.lose(|ci| {
                if self.owner(ci) == me {
                    st.value(ci)
                } else {
                    // Checked to be there before.
                    fetched.get(key(n as usize, ci)).map_or((m1, m1), unpack)
                }
            });
            st.slot(pi).at_max.store(at_max, RELAXED);
            st.other[pi - lo].store(lose, RELAXED);
        };
        for part in 0..parts {
            let these = self.part_blocks(part, parts);
            let full_items = Mutex::new(Vec::new());
            for_blocks(
                self.threads,
                these.len(),
                &|i| {
                    let range = self.block(these.start + i);
                    let mut mine = Vec::new();
                    let first = st.word(range.start);
                    for word in first..first + (range.end - range.start).div_ceil(64) {
                        let w = st.dirty[word].load(RELAXED) & st.full[word].load(RELAXED);
                        bits(word, w, |local| mine.push(lo + local));
                    }
                    full_items.lock().expect("items lock").extend(mine);
                    Ok(0)
                },
                &mut |_| {},
            )?;
            let mut items = full_items.into_inner().expect("items lock");
            items.sort_unstable();
            visited.fetch_add(items.len() as u64, RELAXED);
            with_fetches::<(usize, Children)>(
                net,
                self.threads,
                &items,
                &|part, fetched, waiting| {
                    let mut cursor = Cursor::new();
                    let mut ring = [(0usize, Children::default()); PIPELINE];
                    let mut filled = 0usize;
                    for &pi in part {
                        let (board, side) = solver.board_of(&mut cursor, pi);
                        let kids = solver.children_of(
                            board,
                            side,
                            st.stat[pi - lo].load(RELAXED),
                            |ci| {
                                if self.owner(ci) == me {
                                    prefetch(st.slot(ci))
                                }
                            },
                        )?;
                        let away = waiting.keys.len();
                        for &ci in kids.indices() {
                            let ci = ci as usize;
                            if self.owner(ci) != me && fetched.get(key(n as usize, ci)).is_none() {
                                waiting.keys.push(key(n as usize, ci));
                            }
                        }
                        if waiting.keys.len() > away {
                            waiting.pending.push((pi, kids));
                            continue;
                        }
                        let slot = &mut ring[filled % PIPELINE];
                        if filled >= PIPELINE {
                            finish(slot.0, &slot.1, fetched);
                        }
                        *slot = (pi, kids);
                        filled += 1;
                    }
                    for k in filled.saturating_sub(PIPELINE)..filled {
                        let (pi, kids) = &ring[k % PIPELINE];
                        finish(*pi, kids, fetched);
                    }
                    Ok(())
                },
                &|pending, fetched| {
                    for (pi, kids) in pending {
                        for &ci in kids.indices() {
                            let ci = ci as usize;
                            if self.owner(ci) != me && fetched.get(key(n as usize, ci)).is_none() {
                                return Err(EgdbError::Internal(format!(
                                    "child {ci} of layer {n} was not fetched"
                                )));
                            }
                        }
                        finish(*pi, kids, fetched);
                    }
                    Ok(())
                },
                &|k| self.key_owner(k),
                &|k| self.answer(k),
            )?;
        }
        Ok(visited.into_inner())
    }

    /// Phase 3: publishes the round's values (as `retro.rs` does) and marks
    /// the positions that changed for the next round. Returns how many of
    /// this process's positions changed.
    fn publish(&self, round: u32) -> Result<u64, EgdbError> {
        let st = &self.st;
        for_blocks(
            self.threads,
            self.blocks,
            &|b| {
                let range = self.block(b);
                let mut count = 0;
                let first = st.word(range.start);
                for word in first..first + (range.end - range.start).div_ceil(64) {
                    if st.dirty[word].load(RELAXED) == 0 {
                        continue;
                    }
                    let w = st.dirty[word].swap(0, RELAXED);
                    let full = st.full[word].swap(0, RELAXED);
                    let mut moved = 0u64;
                    bits(word, w, |local| {
                        let bit = 1 << (local % 64);
                        if settle(&st.slots[local], &st.other[local], full & bit != 0).is_some() {
                            moved |= bit;
                            count += 1;
                            if !st.rounds.is_empty() {
                                st.rounds[local].store(round.min(255) as u8, RELAXED);
                            }
                        }
                    });
                    st.changed[word].store(moved, RELAXED);
                }
                Ok(count)
            },
            &mut |_| {},
        )
    }

    /// The counts of the owned positions (this process's share of the
    /// layer's).
    fn count(&self) -> Result<Tally, EgdbError> {
        let (st, lo) = (&self.st, self.lo);
        let solver = &self.solver;
        let tally = Mutex::new(Tally::default());
        let m = solver.m() as u64;
        let limit = stall_limit(self.rules);
        for_blocks(
            self.threads,
            self.blocks,
            &|b| {
                let mut cursor = Cursor::new();
                let mut mine = Tally::default();
                for idx in self.block(b) {
                    if st.stat[idx - lo].load(RELAXED) == TERMINAL_BYTE {
                        continue;
                    }
                    let (board, side) = solver.board_of(&mut cursor, idx);
                    let (tw, tl) = solver.ends_in_play(board, side)?;
                    let (w, l) = st.value(idx);
                    let stalls = limit.is_some_and(|limit| {
                        bound_of_round(st.rounds[idx - lo].load(RELAXED)) as u32 >= limit
                    });
                    mine.add(m, w, l, tw, tl, stalls);
                }
                tally.lock().expect("tally lock").merge(&mine);
                Ok(0)
            },
            &mut |_| {},
        )?;
        Ok(tally.into_inner().expect("tally lock"))
    }

    /// The owned range's values (2 bytes a position) and round bounds (a
    /// byte a position where the rules have a stall limit), with their
    /// widths, the working state dropped.
    fn into_values(self) -> (Vec<u8>, Vec<u8>, (usize, usize)) {
        let Share { slots, stat, other, changed, dirty, full, rounds, .. } = self.st;
        drop((stat, other, changed, dirty, full));
        let mut values = super::mem::huge_vec(2 * (self.hi - self.lo));
        for slot in slots {
            values.push(slot.win.into_inner());
            values.push(slot.lose.into_inner());
        }
        let bounds: Vec<u8> = rounds.into_iter().map(|r| bound_of_round(r.into_inner())).collect();
        let widths = if has_bounds(self.rules) { (2, 1) } else { (2, 0) };
        (values, bounds, widths)
    }
}

/// This process's user CPU seconds, peak resident bytes and system CPU
/// seconds.
#[cfg(target_os = "linux")]
fn usage() -> (f64, u64, f64) {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return (0.0, 0, 0.0);
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (secs(u.ru_utime), u.ru_maxrss as u64 * 1024, secs(u.ru_stime))
}

#[cfg(not(target_os = "linux"))]
fn usage() -> (f64, u64, f64) {
    (0.0, 0, 0.0)
}

/// Marks one predecessor this process owns.
#[inline]
fn mark(st: &Share, m1: u8, p: &Parent) -> Result<(), EgdbError> {
    let (lowers, lowers_lose) = mark_slot4(st.slot(p.pi), m1, p)?;
    let word = st.word(p.pi);
    let bit = st.bit(p.pi);
    if lowers && st.dirty[word].load(RELAXED) & bit == 0 {
        st.dirty[word].fetch_or(bit, RELAXED);
    }
    if lowers_lose {
        st.full[word].fetch_or(bit, RELAXED);
    }
    Ok(())
}
