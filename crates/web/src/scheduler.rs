//! A fair share of the computer's thinking: every search (a computer move,
//! a hint, a review) is a job queued under the client it is for, and the
//! worker slots (`--ai-threads`) serve the clients' queues in turn, one job
//! at a time each (round robin). A client with sixty games waiting gets one
//! slot turn in the same round as a client with one, so one address cannot
//! make another wait behind all of its games.
//!
//! No client has more than `slots - 1` jobs running at once (when there
//! are at least two slots), so a level-1 reply for one client finds a free
//! slot however many level-8 games another floods; and a level-8 search is
//! limited to a second (`mancala_ai`'s level table), so no job holds a slot
//! for long. Hints and reviews, which a person waits for, are capped per
//! client (a clear 429 beyond); the computer's moves are not refused, but
//! each game has at most one queued.
//!
//! The policy is [`Queues`], plain data that the unit tests drive; the
//! [`Scheduler`] runs it on blocking threads.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Whom a job is for: the client address (an IPv6 address counted by its
/// /64, which one client usually holds whole), or `Unknown` for work that
/// no request asked for (a computer game reloaded after a restart, until
/// its next request).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    Address(IpAddr),
    Unknown,
}

impl Client {
    /// The client of a connection from `ip`.
    pub fn of(ip: IpAddr) -> Client {
        Client::Address(address_key(ip))
    }
}

/// The address that limits count against: an IPv4 address as it is (an
/// IPv4-mapped IPv6 address as its IPv4 address), an IPv6 address by its
/// /64 prefix.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

/// What a job is, for the caps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The computer's move in this game: at most one queued per game.
    Move(String),
    /// A hint or a review, asked for by a person who waits for it: at most
    /// [`Queues::cap`] of them queued or running per client.
    Analysis,
}

/// Why a job was not queued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The client already has `cap` analyses queued or running.
    TooMany { cap: usize },
    /// This game's computer move is already queued or being thought about.
    AlreadyQueued,
}

/// The queues: one per client, served in turn. `K` is the client, `J` the
/// job.
pub struct Queues<K, J> {
    queues: HashMap<K, VecDeque<(Kind, J)>>,
    /// Clients with queued jobs, in the order they are served next.
    turn: VecDeque<K>,
    /// Analyses queued or running per client.
    analyses: HashMap<K, usize>,
    /// Games whose computer move is queued or running.
    moves: std::collections::HashSet<String>,
    /// Analyses a client may have queued or running at once.
    cap: usize,
    /// Jobs running per client...
    running: HashMap<K, usize>,
    /// ...and at most this many at once per client.
    running_cap: usize,
}

impl<K: Copy + Eq + Hash, J> Queues<K, J> {
    /// `cap` analyses queued or running per client; at most `running_cap`
    /// jobs of one client running at once (with `slots` worker slots,
    /// `slots - 1` keeps a slot free for the other clients).
    pub fn new(cap: usize, running_cap: usize) -> Queues<K, J> {
        Queues {
            queues: HashMap::new(),
            turn: VecDeque::new(),
            analyses: HashMap::new(),
            moves: Default::default(),
            cap: cap.max(1),
            running: HashMap::new(),
            running_cap: running_cap.max(1),
        }
    }

    /// Queues `job` for `client`, unless a cap refuses it.
    pub fn push(&mut self, client: K, kind: Kind, job: J) -> Result<(), Refused> {
        match &kind {
            Kind::Move(game) => {
                if !self.moves.insert(game.clone()) {
                    return Err(Refused::AlreadyQueued);
                }
            }
            Kind::Analysis => {
                let count = self.analyses.entry(client).or_insert(0);
                if *count >= self.cap {
                    return Err(Refused::TooMany { cap: self.cap });
                }
                *count += 1;
            }
        }
        let queue = self.queues.entry(client).or_default();
        if queue.is_empty() {
            self.turn.push_back(client);
        }
        queue.push_back((kind, job));
        Ok(())
    }

    /// The next job to run: the first of the first client in line that
    /// has fewer than `running_cap` jobs running; that client goes to the
    /// back of the line. `None` if there is none.
    pub fn pop(&mut self) -> Option<(K, Kind, J)> {
        let at = self
            .turn
            .iter()
            .position(|client| self.running.get(client).copied().unwrap_or(0) < self.running_cap)?;
        let client = self.turn.remove(at)?;
        let queue = self.queues.get_mut(&client)?;
        let (kind, job) = queue.pop_front()?;
        if queue.is_empty() {
            self.queues.remove(&client);
        } else {
            self.turn.push_back(client);
        }
        *self.running.entry(client).or_insert(0) += 1;
        Some((client, kind, job))
    }

    /// A job that `pop` gave out has finished: its place under the caps is
    /// free again.
    pub fn done(&mut self, client: K, kind: &Kind) {
        if let Some(count) = self.running.get_mut(&client) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.running.remove(&client);
            }
        }
        match kind {
            Kind::Move(game) => {
                self.moves.remove(game);
            }
            Kind::Analysis => {
                if let Some(count) = self.analyses.get_mut(&client) {
                    *count = count.saturating_sub(1);
                    if *count == 0 {
                        self.analyses.remove(&client);
                    }
                }
            }
        }
    }

    /// Whether this game's computer move is queued or running.
    pub fn has_move(&self, game: &str) -> bool {
        self.moves.contains(game)
    }

    /// Jobs waiting (not running).
    pub fn waiting(&self) -> usize {
        self.queues.values().map(VecDeque::len).sum()
    }
}

/// A job does its work and returns how to hand over the result, which the
/// worker does only once the job's place in the queues is free again (see
/// [`Scheduler::work`]).
type Job = Box<dyn FnOnce() -> Deliver + Send>;
type Deliver = Box<dyn FnOnce() + Send>;

struct Inner {
    queues: Queues<Client, Job>,
    /// Worker threads running now (at most `slots`).
    running: usize,
}

/// Runs queued jobs on at most `slots` blocking threads at once.
pub struct Scheduler {
    slots: usize,
    inner: Mutex<Inner>,
}

impl Scheduler {
    /// `slots` searches at once, at most `slots - 1` of them (but at least
    /// one) for one client, so that a flood from one address always leaves
    /// a slot to the others; `cap` analyses per client queued or running.
    pub fn new(slots: usize, cap: usize) -> Arc<Scheduler> {
        let slots = slots.max(1);
        Arc::new(Scheduler {
            slots,
            inner: Mutex::new(Inner { queues: Queues::new(cap, slots - 1), running: 0 }),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` (blocking work) when `client`'s turn comes and returns its
    /// result; refused at once if a cap forbids queueing it. If the caller
    /// stops waiting (the request went away) before the job starts, it is
    /// skipped.
    pub async fn run<R: Send + 'static>(
        self: &Arc<Self>,
        client: Client,
        kind: Kind,
        f: impl FnOnce() -> R + Send + 'static,
    ) -> Result<Option<R>, Refused> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || -> Deliver {
            if tx.is_closed() {
                return Box::new(|| {});
            }
            let result = f();
            Box::new(move || {
                let _ = tx.send(result);
            })
        });
        self.lock().queues.push(client, kind, job)?;
        self.dispatch();
        Ok(rx.await.ok())
    }

    /// Whether this game's computer move is queued or running.
    pub fn has_move(&self, game: &str) -> bool {
        self.lock().queues.has_move(game)
    }

    /// Jobs waiting for a slot.
    pub fn waiting(&self) -> usize {
        self.lock().queues.waiting()
    }

    /// Starts worker threads while there are free slots and queued jobs.
    /// A worker runs jobs, taking each from the queues in turn, until none
    /// is left.
    fn dispatch(self: &Arc<Self>) {
        let mut inner = self.lock();
        let start = self.slots.saturating_sub(inner.running).min(inner.queues.waiting());
        inner.running += start;
        drop(inner);
        for _ in 0..start {
            let scheduler = self.clone();
            tokio::task::spawn_blocking(move || scheduler.work());
        }
    }

    fn work(&self) {
        loop {
            let next = {
                let mut inner = self.lock();
                match inner.queues.pop() {
                    Some(next) => next,
                    None => {
                        inner.running -= 1;
                        return;
                    }
                }
            };
            let (client, kind, job) = next;
            // A job that panics must not take its slot with it.
            let deliver = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            self.lock().queues.done(client, &kind);
            // The result goes out only now: its receiver may queue the next
            // job of the same kind at once (the computer's next move after
            // an extra turn), which its game's place, still taken before
            // `done`, would have refused; the computer then stopped until
            // the game's next request.
            if let Ok(deliver) = deliver {
                deliver();
            }
        }
    }
}
