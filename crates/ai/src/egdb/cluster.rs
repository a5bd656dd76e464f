//! The distributed retrograde build: the retrograde builder's rounds run
//! by several processes over TCP on timely dataflow (feature `cluster`).
//! See "Distributed build" in `docs/egdb.md`.
//!
//! Each process owns one contiguous range of every layer's positions (the
//! ranges are as equal as whole 64-position words allow) and keeps their
//! working slots (8 bytes a position); it also keeps the current values of
//! the whole layer (2 bytes a position) and every finished lower layer.
//! A round is the one-machine builder's round, split where it crosses
//! owners:
//!
//! 1. each process un-sows its positions that changed in the last round;
//!    a predecessor it owns is marked at once, the others are sent to
//!    their owners (one 64-bit word each) and marked on arrival;
//! 2. each process computes its marked positions again (reading the
//!    children's values from its copy of the layer's values);
//! 3. each process publishes its changes and sends them to every other
//!    process (one 64-bit word each), which updates its copy.
//!
//! Each exchange is one timely epoch: when the probe says the epoch is
//! complete, every record sent in it has arrived everywhere, so after the
//! changes' epoch every process knows the number of changes in the whole
//! layer (its own and all it received) and all stop together when it is
//! 0. The per-position work is the retrograde builder's own
//! (`first_position`, `parents`, `mark_slot`, `recompute`), so the values,
//! sweeps and counts are the same, and so is the file.
//!
//! Process 0 owns the file: it reads the finished layers when a build
//! resumes and sends them to the others (in 1 MiB pieces) before the first
//! layer it computes, and it appends each layer as it is finished. The
//! other processes keep the layers in memory only.

use super::index::Binomials;
use super::retro::{
    bits, for_blocks, mark_slot, pack, prefetch, unpack, Cursor, Parent, Slot, TERMINAL_MARK,
};
use super::solve::{bound_of_round, has_bounds, layer_exists, stall_limit, Layer, Solver, Tally};
use super::{build_with, BuildOptions, BuildReport, Builder, EgdbError};
use mancala_rules::Ruleset;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::{Input, Operator, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

const RELAXED: Ordering = Ordering::Relaxed;

/// Positions per block of local work (a multiple of 64).
const BLOCK: usize = 1 << 14;

/// Bytes of a lower layer per record when process 0 sends it.
const PIECE: usize = 1 << 20;

/// Marks in flight from one process, at most (about; see phase 1).
const MARK_BYTES: u64 = 8 << 20;

/// Quiet predecessors per changed position, about (for sizing the parts
/// of phase 1).
const MARKS_PER_CHANGE: u64 = 6;

/// Words per record of marks or changes (1 MiB).
const WORDS: usize = 1 << 17;

/// A record: destination process, kind, argument, words, bytes.
type Rec = (u32, u8, u64, Vec<u64>, Vec<u8>);

/// Packed quiet predecessors to mark (see [`pack_parent`]).
const MARKS: u8 = 1;
/// Changed positions: `index << 16 | value`.
const CHANGES: u8 = 2;
/// A layer's counts from one process: win, loss, unresolved, inexact,
/// revisits.
const TALLY: u8 = 3;
/// Process 0: compute layer `arg`.
const LAYER: u8 = 4;
/// Process 0: a piece of lower layer `arg` (words: its offset and length).
const LOWER: u8 = 5;
/// Process 0: the build is complete.
const DONE: u8 = 6;
/// A process failed: the bytes are its message.
const FAILED: u8 = 7;
/// Round 1's values of a range from `arg` on (2 bytes each).
const FIRST: u8 = 8;

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
    // (Its marks carry thresholds in 6 bits: Anywoli's 96 seeds need 7.)
    if super::relay::supports(&ruleset.rules) {
        return Err(EgdbError::Unsupported(
            "the distributed build does not handle relay sowing (Anywoli) yet; build it on one \
             machine"
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

    /// `words` to every other process, in records of at most 1 MiB.
    fn to_others(&self, kind: u8, arg: u64, words: &[u64], out: &mut Vec<Rec>) {
        for p in (0..self.peers).filter(|&p| p != self.me) {
            for piece in words.chunks(WORDS) {
                out.push((p as u32, kind, arg, piece.to_vec(), Vec::new()));
            }
        }
    }
}

/// One process's build: process 0 drives the file and tells the others
/// which layer to compute; all compute each layer together.
fn run(
    net: &mut Net,
    ruleset: &'static Ruleset,
    path: &Path,
    options: &BuildOptions,
    progress: &dyn Fn(&str),
) -> Result<ClusterReport, EgdbError> {
    let mut layers = Vec::new();
    if net.me == 0 {
        // How many lower layers the others already have.
        let mut shared = 0usize;
        let report = build_with(ruleset, path, options, &mut |n, binom, lower| {
            let mut out = Vec::new();
            for (k, layer) in lower.iter().enumerate().skip(shared) {
                for p in 1..net.peers {
                    for (i, piece) in layer.chunks(PIECE).enumerate() {
                        let words = vec![(i * PIECE) as u64, layer.len() as u64];
                        out.push((p as u32, LOWER, k as u64, words, piece.to_vec()));
                    }
                    if layer.is_empty() {
                        out.push((p as u32, LOWER, k as u64, vec![0, 0], Vec::new()));
                    }
                }
            }
            shared = lower.len() + 1;
            for p in 1..net.peers {
                out.push((p as u32, LAYER, n as u64, Vec::new(), Vec::new()));
            }
            net.exchange(out)?;
            let (layer, mine) =
                layer_distributed(net, ruleset, binom, lower, n, options, progress)?;
            let seconds = mine.seconds;
            layers.push(mine);
            Ok((layer, seconds))
        })?;
        let done = (1..net.peers).map(|p| (p as u32, DONE, 0, Vec::new(), Vec::new())).collect();
        net.exchange(done)?;
        Ok(ClusterReport { build: Some(report), layers })
    } else {
        let binom = Binomials::new();
        let mut lower: Vec<Vec<u8>> = Vec::new();
        loop {
            let mut todo = None;
            let mut finished = false;
            for (_, kind, arg, words, bytes) in net.exchange(Vec::new())? {
                match kind {
                    LOWER => {
                        let k = arg as usize;
                        if lower.len() <= k {
                            lower.resize_with(k + 1, Vec::new);
                        }
                        let (at, len) = (words[0] as usize, words[1] as usize);
                        lower[k].resize(len, 0);
                        lower[k][at..at + bytes.len()].copy_from_slice(&bytes);
                    }
                    LAYER => todo = Some(arg as u32),
                    DONE => finished = true,
                    _ => return Err(EgdbError::Internal(format!("unexpected record {kind}"))),
                }
            }
            if finished {
                return Ok(ClusterReport { build: None, layers });
            }
            let Some(n) = todo else {
                return Err(EgdbError::Internal("process 0 sent no layer to compute".into()));
            };
            if lower.len() != n as usize {
                return Err(EgdbError::Internal(format!(
                    "layer {n} to compute with {} lower layers",
                    lower.len()
                )));
            }
            let slices: Vec<&[u8]> = lower.iter().map(Vec::as_slice).collect();
            let (layer, mine) =
                layer_distributed(net, ruleset, &binom, &slices, n, options, progress)?;
            layers.push(mine);
            lower.push(layer.data);
        }
    }
}

/// This process's share of a layer: its positions' slots and bitmaps, and
/// the whole layer's current values.
struct Share {
    lo: usize,
    slots: Vec<Slot>,
    changed: Vec<AtomicU64>,
    dirty: Vec<AtomicU64>,
    full: Vec<AtomicU64>,
    /// Every position's value after the last finished round.
    values: Vec<AtomicU16>,
    /// Every position's last round of change (rules with a stall limit).
    rounds: Vec<u8>,
}

impl Share {
    #[inline]
    fn slot(&self, idx: usize) -> &Slot {
        &self.slots[idx - self.lo]
    }

    /// The bitmap word of a position this process owns.
    #[inline]
    fn word(&self, idx: usize) -> usize {
        (idx - self.lo) / 64
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

/// Computes layer `n` together with the other processes: every process
/// returns the same layer.
fn layer_distributed(
    net: &mut Net,
    ruleset: &Ruleset,
    binom: &Binomials,
    lower: &[&[u8]],
    n: u32,
    options: &BuildOptions,
    progress: &dyn Fn(&str),
) -> Result<(Layer, ProcessLayer), EgdbError> {
    let start = Instant::now();
    let (cpu0, _, sys0) = usage();
    let (sent0, received0) = (net.sent, net.received);
    let rules = &ruleset.rules;
    let threads = options.threads.max(1);
    let solver = Solver::new(rules, binom, lower, n as usize, threads, super::sides_for(rules));
    if !layer_exists(rules, n as usize) {
        return Ok((Layer::empty(), ProcessLayer { seeds: n, ..ProcessLayer::default() }));
    }
    let positions = solver.positions();
    if positions > u32::MAX as u64 {
        return Err(EgdbError::TooBig { seeds: n, positions });
    }
    let total = positions as usize;
    let (me, peers) = (net.me, net.peers);
    // Owners' ranges: whole words, as equal as they can be.
    let chunk = total.div_ceil(peers).div_ceil(64).max(1) * 64;
    let owner = |idx: usize| idx / chunk;
    let lo = (me * chunk).min(total);
    let hi = ((me + 1) * chunk).min(total);
    let words = (hi - lo).div_ceil(64);
    let atomics64 = |len: usize| (0..len).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
    let st = Share {
        lo,
        slots: {
            let mut slots = super::mem::huge_vec(hi - lo);
            slots.extend((lo..hi).map(|_| Slot::new()));
            slots
        },
        changed: atomics64(words),
        dirty: atomics64(words),
        full: atomics64(words),
        values: (0..total).map(|_| AtomicU16::new(0)).collect(),
        rounds: vec![0; if has_bounds(rules) { total } else { 0 }],
    };
    progress(&format!(
        "layer {n}: {positions} positions, this process owns {} ({lo}..{hi})",
        hi - lo
    ));
    let m1 = (solver.m() + 1) as u8;
    let bottom = pack(m1, m1);
    for v in &st.values {
        v.store(bottom, RELAXED);
    }
    let blocks = (hi - lo).div_ceil(BLOCK);
    let block = |b: usize| lo + b * BLOCK..(lo + (b + 1) * BLOCK).min(hi);
    let mut st = st;

    // Round 1: every owned position's moves.
    for_blocks(
        threads,
        blocks,
        &|b| {
            let mut cursor = Cursor::new();
            let range = block(b);
            let mut word = 0u64;
            for idx in range.clone() {
                let (board, side) = solver.board_of(&mut cursor, idx);
                let (stat, at_max, value) = solver.first_position(board, side)?;
                let slot = st.slot(idx);
                slot.stat.store(stat, RELAXED);
                slot.at_max.store(at_max, RELAXED);
                slot.cur.store(value, RELAXED);
                slot.other.store(bottom, RELAXED);
                if value != bottom {
                    word |= 1 << (idx % 64);
                }
                if idx % 64 == 63 || idx + 1 == range.end {
                    st.changed[st.word(idx)].store(word, RELAXED);
                    word = 0;
                }
            }
            Ok(0)
        },
        &mut |_| {},
    )?;
    let mut changes = publish_first(net, &mut st, hi, bottom)?;
    let mut sweeps = 1u32;
    let mut revisits = 0u64;
    while changes > 0 {
        sweeps += 1;
        let round = sweeps;
        // Phase 1: mark the predecessors of the changed positions. The
        // marks for other processes are sent in parts, so that those in
        // flight stay within about MARK_BYTES a process whatever the
        // number of changes (every process knows the number of changes,
        // so all agree on the number of parts and so of exchanges).
        let parts = (changes * MARKS_PER_CHANGE * 8 / (peers as u64 * MARK_BYTES)).max(1) as usize;
        let per_part = blocks.div_ceil(parts);
        for part in 0..parts {
            let first_block = (part * per_part).min(blocks);
            let count = per_part.min(blocks - first_block);
            let remote: Vec<Mutex<Vec<u64>>> = (0..peers).map(|_| Mutex::new(Vec::new())).collect();
            for_blocks(
                threads,
                count,
                &|i| {
                    let range = block(first_block + i);
                    let mut cursor = Cursor::new();
                    let mut error = None;
                    let mut away: Vec<Vec<u64>> = vec![Vec::new(); peers];
                    let mut near = Vec::new();
                    let first = st.word(range.start);
                    for word in first..first + (range.end - range.start).div_ceil(64) {
                        let w = st.changed[word].swap(0, RELAXED);
                        bits(word, w, |local| {
                            let ci = lo + local;
                            let slot = st.slot(ci);
                            if slot.stat.load(RELAXED) == TERMINAL_MARK {
                                return;
                            }
                            let (board, side) = solver.board_of(&mut cursor, ci);
                            let new = slot.cur.load(RELAXED);
                            let old = slot.other.load(RELAXED);
                            let found = solver.parents(board, side, new, old, &mut |p| {
                                let o = owner(p.pi);
                                if o == me {
                                    prefetch(st.slot(p.pi));
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
                            mark(&st, m1, &p)?;
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
                    mark(&st, m1, &unpack_parent(w))?;
                }
            }
        }
        // Phase 2: the new values of the marked positions.
        let values = &st.values;
        revisits += for_blocks(
            threads,
            blocks,
            &|b| {
                let range = block(b);
                let mut cursor = Cursor::new();
                let mut visited = 0;
                let mut error = None;
                let first = st.word(range.start);
                for word in first..first + (range.end - range.start).div_ceil(64) {
                    let w = st.dirty[word].load(RELAXED);
                    if w == 0 {
                        continue;
                    }
                    let full = st.full[word].load(RELAXED);
                    bits(word, w & !full, |local| {
                        let slot = st.slot(lo + local);
                        let (_, lose) = unpack(slot.cur.load(RELAXED));
                        slot.other.store(pack(slot.pending.load(RELAXED), lose), RELAXED);
                    });
                    bits(word, w & full, |local| {
                        let pi = lo + local;
                        visited += 1;
                        let (board, side) = solver.board_of(&mut cursor, pi);
                        let slot = st.slot(pi);
                        match solver.recompute(
                            board,
                            side,
                            slot.stat.load(RELAXED),
                            |ci| prefetch(&values[ci]),
                            |ci| values[ci].load(RELAXED),
                        ) {
                            Ok((value, at_max)) => {
                                slot.at_max.store(at_max, RELAXED);
                                slot.other.store(value, RELAXED);
                            }
                            Err(e) => error = Some(e),
                        }
                    });
                    if let Some(e) = error.take() {
                        return Err(e);
                    }
                }
                Ok(visited)
            },
            &mut |_| {},
        )?;
        // Phase 3: publish, and tell the others.
        let outgoing = Mutex::new(Vec::new());
        for_blocks(
            threads,
            blocks,
            &|b| {
                let range = block(b);
                let mut mine = Vec::new();
                let first = st.word(range.start);
                for word in first..first + (range.end - range.start).div_ceil(64) {
                    let w = st.dirty[word].swap(0, RELAXED);
                    if w == 0 {
                        continue;
                    }
                    st.full[word].store(0, RELAXED);
                    let mut moved = 0u64;
                    bits(word, w, |local| {
                        let idx = lo + local;
                        let slot = st.slot(idx);
                        slot.pending.store(super::retro::NO_WIN, RELAXED);
                        let new = slot.other.load(RELAXED);
                        let old = slot.cur.load(RELAXED);
                        if new != old {
                            slot.cur.store(new, RELAXED);
                            slot.other.store(old, RELAXED);
                            moved |= 1 << (local % 64);
                            mine.push((idx as u64) << 16 | new as u64);
                        }
                    });
                    st.changed[word].store(moved, RELAXED);
                }
                outgoing.lock().expect("changes lock").extend(mine);
                Ok(0)
            },
            &mut |_| {},
        )?;
        changes = publish_changes(net, &mut st, outgoing.into_inner().expect("lock"), round)?;
    }

    // The counts of the owned positions, summed over the processes.
    let tally = Mutex::new(Tally::default());
    let m = solver.m() as u64;
    let limit = stall_limit(rules);
    for_blocks(
        threads,
        blocks,
        &|b| {
            let mut cursor = Cursor::new();
            let mut mine = Tally::default();
            for idx in block(b) {
                if st.slot(idx).stat.load(RELAXED) == TERMINAL_MARK {
                    continue;
                }
                let (board, side) = solver.board_of(&mut cursor, idx);
                let (tw, tl) = solver.ends_in_play(board, side)?;
                let (w, l) = unpack(st.values[idx].load(RELAXED));
                let stalls =
                    limit.is_some_and(|limit| bound_of_round(st.rounds[idx]) as u32 >= limit);
                mine.add(m, w, l, tw, tl, stalls);
            }
            tally.lock().expect("tally lock").merge(&mine);
            Ok(0)
        },
        &mut |_| {},
    )?;
    let mut tally = tally.into_inner().expect("tally lock");
    let mine = [tally.win, tally.loss, tally.unresolved, tally.inexact, revisits];
    let mut out = Vec::new();
    net.to_others(TALLY, 0, &mine, &mut out);
    let mut all_revisits = revisits;
    for (_, kind, _, w, _) in net.exchange(out)? {
        if kind != TALLY || w.len() != 5 {
            return Err(EgdbError::Internal(format!("unexpected record {kind}")));
        }
        tally.merge(&Tally { win: w[0], loss: w[1], unresolved: w[2], inexact: w[3] });
        all_revisits += w[4];
    }
    let Share { slots, changed, dirty, full, values, rounds, .. } = st;
    drop((slots, changed, dirty, full));
    let mut data = super::mem::huge_vec(total * if rounds.is_empty() { 2 } else { 3 });
    for v in values {
        let (w, l) = unpack(v.into_inner());
        data.push(w);
        data.push(l);
    }
    data.extend(rounds.into_iter().map(bound_of_round));
    let seconds = start.elapsed().as_secs_f64();
    let mine = ProcessLayer {
        seeds: n,
        positions,
        owned: (hi - lo) as u64,
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
    Ok((Layer { data, positions, sweeps, tally, revisits: all_revisits }, mine))
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
    let (lowers, lowers_lose) = mark_slot(st.slot(p.pi), m1, p)?;
    let word = st.word(p.pi);
    let bit = 1 << ((p.pi - st.lo) % 64);
    if lowers && st.dirty[word].load(RELAXED) & bit == 0 {
        st.dirty[word].fetch_or(bit, RELAXED);
    }
    if lowers_lose {
        st.full[word].fetch_or(bit, RELAXED);
    }
    Ok(())
}

/// Round 1 changes nearly every value: each process sends the values of
/// its whole range (2 bytes a position, in 1 MiB pieces) rather than
/// each change (8 bytes); returns how many positions of the whole layer
/// are not "never" after round 1.
fn publish_first(net: &mut Net, st: &mut Share, hi: usize, bottom: u16) -> Result<u64, EgdbError> {
    let mut count = 0u64;
    let mut apply = |idx: usize, v: u16| {
        st.values[idx].store(v, RELAXED);
        if v != bottom {
            if !st.rounds.is_empty() {
                st.rounds[idx] = 1;
            }
            count += 1;
        }
    };
    let mut out = Vec::new();
    let lo = st.lo;
    for start in (lo..hi).step_by(PIECE / 2) {
        let end = (start + PIECE / 2).min(hi);
        let bytes: Vec<u8> = st.slots[start - lo..end - lo]
            .iter()
            .flat_map(|s| s.cur.load(RELAXED).to_le_bytes())
            .collect();
        for p in (0..net.peers).filter(|&p| p != net.me) {
            out.push((p as u32, FIRST, start as u64, Vec::new(), bytes.clone()));
        }
    }
    for idx in lo..hi {
        apply(idx, st.slots[idx - lo].cur.load(RELAXED));
    }
    for (_, kind, at, _, bytes) in net.exchange(out)? {
        if kind != FIRST {
            return Err(EgdbError::Internal(format!("unexpected record {kind}")));
        }
        for (k, v) in bytes.chunks_exact(2).enumerate() {
            apply(at as usize + k, u16::from_le_bytes([v[0], v[1]]));
        }
    }
    Ok(count)
}

/// Sends this process's changes of round `round` to the others and
/// applies everyone's to the layer's values; returns how many positions
/// of the whole layer changed.
fn publish_changes(
    net: &mut Net,
    st: &mut Share,
    mine: Vec<u64>,
    round: u32,
) -> Result<u64, EgdbError> {
    let mut out = Vec::new();
    net.to_others(CHANGES, round as u64, &mine, &mut out);
    let got = net.exchange(out)?;
    let mut count = 0u64;
    let mut apply = |w: u64| {
        let idx = (w >> 16) as usize;
        st.values[idx].store(w as u16, RELAXED);
        if !st.rounds.is_empty() {
            st.rounds[idx] = round.min(255) as u8;
        }
        count += 1;
    };
    for w in mine {
        apply(w);
    }
    for (_, kind, _, words, _) in got {
        if kind != CHANGES {
            return Err(EgdbError::Internal(format!("unexpected record {kind}")));
        }
        for w in words {
            apply(w);
        }
    }
    Ok(count)
}
