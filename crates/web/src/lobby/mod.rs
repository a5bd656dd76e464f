//! The lobby, in memory: open seeks, players waiting for a quick pairing,
//! and challenges, with the people who have the lobby open. Nothing here is
//! stored: a seek lives while its owner has the lobby open, so a restart
//! empties the lobby as every page's socket closes anyway.
//!
//! This module is the policy (who may take what, which waiting players are
//! paired) under one lock, with no I/O; `api/lobby.rs` is the HTTP and
//! WebSocket edge that starts the games. Every change that everyone sees
//! (a seek posted or gone, the quick-pairing counts) goes out on one
//! broadcast channel; what concerns one person (a game started for them, a
//! challenge to them or its answer) goes out on that person's channel.

pub mod api;
pub mod pages;

pub use api::sweep_lobby;

/// The lobby page's script (`/lobby`), and the home page's list of games
/// waiting for the player's move.
pub static SCRIPT: crate::assets::Asset =
    crate::assets::Asset::script("lobby", include_bytes!("lobby.js"));

use crate::time::Time;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::broadcast;

/// The rating range a seek may ask for: Glicko-2 ratings stay well inside.
pub const RATING_BOUNDS: std::ops::RangeInclusive<u32> = 0..=4000;

/// Seeks one address may have open at once, over all the people behind it
/// (a class behind one school address posts a few each, not dozens).
pub const SEEKS_PER_ADDRESS: usize = 32;

/// Challenges one person may have open at once.
pub const CHALLENGES_PER_PERSON: usize = 10;

/// A quick pairing's rating window: two waiting players are paired when
/// their ratings differ by at most this much plus [`WINDOW_GROWTH`] per
/// second the longer-waiting of them has waited, so nobody waits long for
/// an opponent of exactly their strength (a lobby of a few dozen players
/// pairs anyone within half a minute).
pub const WINDOW_START: f64 = 100.0;
pub const WINDOW_GROWTH: f64 = 50.0;

/// The quick-pairing pools offered: a ruleset and a clock (each player's
/// minutes, seconds added per move). One pool per game family at 5+3, and
/// Oware, the most played, at 10+5 too: a few pools fill where fourteen
/// (every ruleset at two clocks) left each nearly empty. Each pool is
/// casual or, for accounts, rated.
pub const QUICK_POOLS: [(&str, u32, u32); 5] = [
    ("oware-abapa", 5, 3),
    ("oware-abapa", 10, 5),
    ("barbados-warri-speightstown", 5, 3),
    ("wahree", 5, 3),
    ("anywoli", 5, 3),
];

/// Who is in the lobby: an account, or a guest known by the browser's
/// identity cookie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    /// `account:ID` or `guest:COOKIE`: never shown.
    pub key: String,
    /// The name shown: the account's, or the one a guest gives.
    pub name: String,
    /// The account's id (players table), for accounts.
    pub account: Option<String>,
}

impl Person {
    /// A short public handle, so that a page can tell its own seeks from
    /// others' without learning anyone's key.
    pub fn handle(&self) -> String {
        // FNV-1a is enough: the handle hides nothing secret (the key is a
        // 128-bit random cookie or an account id) and only needs to differ.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.key.bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{hash:016x}")
    }
}

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timing {
    /// Each player's seconds and the seconds added after each move.
    Clock {
        seconds: u32,
        increment: u32,
    },
    /// Correspondence: days per move.
    Days(u8),
    Untimed,
}

impl Timing {
    /// The fields of the game-creation API that say the same.
    pub fn view(self) -> TimingView {
        let none = TimingView { clock_seconds: None, increment_seconds: None, days_per_move: None };
        match self {
            Timing::Clock { seconds, increment } => TimingView {
                clock_seconds: Some(seconds),
                increment_seconds: Some(increment),
                ..none
            },
            Timing::Days(days) => TimingView { days_per_move: Some(days), ..none },
            Timing::Untimed => none,
        }
    }
}

/// A timing as the game-creation API's fields: a clock's, or days per
/// move, or none of them (untimed).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TimingView {
    #[serde(skip_serializing_if = "Option::is_none")]
    clock_seconds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    increment_seconds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    days_per_move: Option<u8>,
}

/// The seat the poster of a seek (or a challenger) wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    South,
    North,
    Random,
}

impl Colour {
    pub fn parse(text: &str) -> Option<Colour> {
        match text {
            "south" => Some(Colour::South),
            "north" => Some(Colour::North),
            "random" => Some(Colour::Random),
            _ => None,
        }
    }

    /// Whether the poster plays South, drawing for `Random`.
    pub fn poster_south(self) -> bool {
        match self {
            Colour::South => true,
            Colour::North => false,
            Colour::Random => fastrand::bool(),
        }
    }
}

/// What a game between two people in the lobby is to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Terms {
    pub ruleset: &'static str,
    pub timing: Timing,
    pub rated: bool,
}

/// An open seek.
#[derive(Clone, Debug)]
pub struct Seek {
    pub id: String,
    pub owner: Person,
    /// The owner's rating in the ruleset (the start rating for guests).
    pub rating: f64,
    pub terms: Terms,
    /// The ratings the taker must have, inclusive.
    pub range: Option<(u32, u32)>,
    pub colour: Colour,
    /// The owner's address, for the per-address cap.
    pub address: Option<std::net::IpAddr>,
}

impl Seek {
    pub fn view(&self) -> SeekView {
        SeekView {
            id: self.id.clone(),
            name: self.owner.name.clone(),
            owner: self.owner.handle(),
            account: self.owner.account.is_some(),
            rating: self.owner.account.as_ref().map(|_| self.rating.round()),
            game: self.terms.ruleset,
            rated: self.terms.rated,
            rating_min: self.range.map(|r| r.0),
            rating_max: self.range.map(|r| r.1),
            colour: self.colour,
            timing: self.terms.timing.view(),
        }
    }
}

/// A seek as everyone in the lobby sees it (a guest's has no rating).
#[derive(Clone, Debug, Serialize)]
pub struct SeekView {
    id: String,
    name: String,
    owner: String,
    account: bool,
    rating: Option<f64>,
    game: &'static str,
    rated: bool,
    rating_min: Option<u32>,
    rating_max: Option<u32>,
    colour: Colour,
    #[serde(flatten)]
    timing: TimingView,
}

/// A challenge from one person to a named account.
#[derive(Clone, Debug)]
pub struct Challenge {
    pub id: String,
    pub from: Person,
    pub to: Person,
    pub terms: Terms,
    pub colour: Colour,
}

impl Challenge {
    pub fn view(&self) -> ChallengeView {
        ChallengeView {
            id: self.id.clone(),
            from: self.from.name.clone(),
            to: self.to.name.clone(),
            game: self.terms.ruleset,
            rated: self.terms.rated,
            colour: self.colour,
            timing: self.terms.timing.view(),
        }
    }
}

/// A challenge as its two people see it.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeView {
    id: String,
    from: String,
    to: String,
    game: &'static str,
    rated: bool,
    colour: Colour,
    #[serde(flatten)]
    timing: TimingView,
}

/// Everything open in the lobby, as one person sees it (the first message
/// on a socket, and `GET /api/lobby`).
#[derive(Debug, Serialize)]
pub struct LobbyView {
    seeks: Vec<SeekView>,
    challenges: Vec<ChallengeView>,
    quick: BTreeMap<String, u32>,
    you: Option<String>,
}

/// A game started for a person (the lobby paired them): their seat.
#[derive(Clone, Debug, Serialize)]
pub struct Paired {
    pub id: String,
    pub url: String,
    pub token: String,
    pub side: &'static str,
    pub game: &'static str,
    pub opponent: String,
}

/// Why a challenge is gone.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Why {
    Withdrawn,
    Declined,
    Accepted,
}

/// A message on the lobby's socket; `type` says which.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Everything open (the first message, and after falling behind).
    Lobby(LobbyView),
    /// A new seek.
    Seek { seek: SeekView },
    /// A seek is gone (taken, cancelled, its owner left).
    Gone { id: String },
    /// A challenge to this person.
    Challenge { challenge: ChallengeView },
    /// A challenge to or from this person is gone.
    ChallengeGone { id: String, why: Why },
    /// The quick-pairing pools' counts changed.
    Quick { quick: BTreeMap<String, u32> },
    /// A game started for this person.
    Paired(Paired),
    /// The lobby paired this person but the game could not be made.
    PairingFailed,
}

impl Message {
    /// The message as the socket sends it.
    pub fn text(&self) -> String {
        // A message is plain data: it cannot fail to serialize.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A player waiting for a quick pairing.
#[derive(Clone, Debug)]
pub struct Waiting {
    pub person: Person,
    pub rating: f64,
    pub terms: Terms,
    /// When the player started waiting (ms since the epoch).
    pub since: i64,
}

/// Two people to start a game for: `south` and `north` seats.
#[derive(Clone, Debug)]
pub struct Pairing {
    pub terms: Terms,
    pub south: Person,
    pub north: Person,
}

/// Why a lobby action is refused (the API turns each into its answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The person already has an open seek in this game.
    SeekExists(String),
    /// Too many open seeks from the address.
    TooManySeeks,
    TooManyChallenges,
    /// The seek or challenge is gone (taken, withdrawn, owner left).
    Gone,
    /// Not the person's seek or challenge to act on.
    NotYours,
    OwnSeek,
    /// The taker's rating is outside the seek's range.
    OutOfRange {
        rating: i64,
        min: u32,
        max: u32,
    },
    /// A rated game needs an account.
    NeedsAccount,
    /// The same person already challenged this one.
    AlreadyChallenged,
}

/// One person's connection to the lobby.
struct Presence {
    /// Open lobby sockets: with none, the person has left.
    sockets: u32,
    tx: broadcast::Sender<String>,
    /// Messages for the person sent while no socket was open (a game
    /// started from a seek posted over HTTP), given to the next one.
    mailbox: VecDeque<String>,
    /// Since when the person has had no socket open (ms since the epoch).
    away_since: i64,
}

impl Presence {
    fn new(now: i64) -> Presence {
        Presence {
            sockets: 0,
            tx: broadcast::channel(32).0,
            mailbox: VecDeque::new(),
            away_since: now,
        }
    }
}

#[derive(Default)]
struct Inner {
    seeks: BTreeMap<String, Seek>,
    waiting: Vec<Waiting>,
    challenges: BTreeMap<String, Challenge>,
    people: HashMap<String, Presence>,
    /// The quick-pairing counts last sent to everyone (the snapshot a
    /// socket opens with holds them too).
    counts_sent: BTreeMap<String, u32>,
    /// The server's time of day, which waiting and grace are counted in.
    time: Time,
}

/// The lobby's state, shared by every request.
pub struct Lobby {
    inner: Mutex<Inner>,
    public: broadcast::Sender<String>,
    /// How long a person's seeks outlive their last socket when it never
    /// opened (a seek posted over HTTP): twice the ping interval.
    grace: Duration,
}

/// The time from `at` to `now` (ms since the epoch), none if `at` is later.
fn since(at: i64, now: i64) -> Duration {
    Duration::from_millis(u64::try_from(now - at).unwrap_or(0))
}

/// The first message on a lobby socket: everything open now.
pub struct Snapshot {
    pub message: String,
    pub public: broadcast::Receiver<String>,
    pub personal: Option<broadcast::Receiver<String>>,
    /// Messages kept for the person while no socket was open.
    pub mailbox: Vec<String>,
}

/// The rating window after waiting `waited`.
pub fn window(waited: Duration) -> f64 {
    WINDOW_START + WINDOW_GROWTH * waited.as_secs_f64()
}

/// Pairs waiting players of one pool (ratings and how long each has
/// waited): sorted by rating, neighbours are paired when their difference
/// is within the window of the longer-waiting one. Returns index pairs.
pub fn pair_up(waiting: &[(f64, Duration)]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by(|&a, &b| waiting[a].0.total_cmp(&waiting[b].0));
    let mut pairs = Vec::new();
    let mut i = 0;
    while i + 1 < order.len() {
        let (a, b) = (order[i], order[i + 1]);
        let allowed = window(waiting[a].1.max(waiting[b].1));
        if (waiting[a].0 - waiting[b].0).abs() <= allowed {
            pairs.push((a, b));
            i += 2;
        } else {
            i += 1;
        }
    }
    pairs
}

impl Inner {
    fn counts(&self) -> BTreeMap<String, u32> {
        let mut counts: BTreeMap<String, u32> = BTreeMap::new();
        for w in &self.waiting {
            *counts.entry(pool_id(&w.terms)).or_default() += 1;
        }
        counts
    }

    /// Sends to one person: on their sockets, or into their mailbox.
    fn tell(&mut self, key: &str, text: String) {
        let now = self.time.now_ms();
        let presence = self.people.entry(key.to_string()).or_insert_with(|| Presence::new(now));
        if presence.sockets > 0 {
            let _ = presence.tx.send(text);
        } else {
            if presence.mailbox.len() >= 8 {
                presence.mailbox.pop_front();
            }
            presence.mailbox.push_back(text);
        }
    }

    /// Removes everything a person owns (they left); returns the messages
    /// for everyone.
    fn clear(&mut self, key: &str) -> Vec<String> {
        let mut out = Vec::new();
        let gone: Vec<String> =
            self.seeks.values().filter(|s| s.owner.key == key).map(|s| s.id.clone()).collect();
        for id in gone {
            self.seeks.remove(&id);
            out.push(Message::Gone { id }.text());
        }
        self.waiting.retain(|w| w.person.key != key);
        let withdrawn: Vec<Challenge> =
            self.challenges.values().filter(|c| c.from.key == key).cloned().collect();
        for c in withdrawn {
            self.challenges.remove(&c.id);
            self.tell(
                &c.to.key,
                Message::ChallengeGone { id: c.id.clone(), why: Why::Withdrawn }.text(),
            );
        }
        out
    }

    fn owns_anything(&self, key: &str) -> bool {
        self.seeks.values().any(|s| s.owner.key == key)
            || self.waiting.iter().any(|w| w.person.key == key)
            || self.challenges.values().any(|c| c.from.key == key)
    }
}

/// The key of a quick-pairing pool, as the page and the counts name it:
/// `wahree 300+3` (rated pools end in ` rated`).
pub fn pool_id(terms: &Terms) -> String {
    let timing = match terms.timing {
        Timing::Clock { seconds, increment } => format!("{seconds}+{increment}"),
        Timing::Days(days) => format!("{days}d"),
        Timing::Untimed => "untimed".into(),
    };
    format!("{} {timing}{}", terms.ruleset, if terms.rated { " rated" } else { "" })
}

impl Lobby {
    pub fn new(grace: Duration, time: Time) -> Lobby {
        let inner = Inner { time, ..Inner::default() };
        Lobby { inner: Mutex::new(inner), public: broadcast::channel(1024).0, grace }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn publish(&self, messages: Vec<String>) {
        for text in messages {
            let _ = self.public.send(text);
        }
    }

    /// Everything open now, as one JSON object (the first message on a
    /// socket, and `GET /api/lobby`).
    pub fn list(&self, person: Option<&Person>) -> LobbyView {
        let inner = self.lock();
        let seeks = inner.seeks.values().map(Seek::view).collect();
        let challenges = match person {
            Some(p) => inner
                .challenges
                .values()
                .filter(|c| c.to.key == p.key || c.from.key == p.key)
                .map(Challenge::view)
                .collect(),
            None => Vec::new(),
        };
        LobbyView { seeks, challenges, quick: inner.counts(), you: person.map(Person::handle) }
    }

    /// Opens a socket for `person` (none: a watcher who owns nothing).
    pub fn subscribe(&self, person: Option<&Person>) -> Snapshot {
        let public = self.public.subscribe();
        let snapshot = Message::Lobby(self.list(person)).text();
        let mut inner = self.lock();
        let now = inner.time.now_ms();
        let (personal, mailbox) = match person {
            Some(p) => {
                let presence =
                    inner.people.entry(p.key.clone()).or_insert_with(|| Presence::new(now));
                presence.sockets += 1;
                (Some(presence.tx.subscribe()), presence.mailbox.drain(..).collect())
            }
            None => (None, Vec::new()),
        };
        Snapshot { message: snapshot, public, personal, mailbox }
    }

    /// A socket of `person` closed: with their last one, everything they
    /// had open in the lobby goes.
    pub fn leave(&self, person: &Person) {
        let messages = {
            let mut inner = self.lock();
            let now = inner.time.now_ms();
            let Some(presence) = inner.people.get_mut(&person.key) else { return };
            presence.sockets = presence.sockets.saturating_sub(1);
            if presence.sockets > 0 {
                return;
            }
            presence.away_since = now;
            let out = inner.clear(&person.key);
            if inner.people.get(&person.key).is_some_and(|p| p.mailbox.is_empty()) {
                inner.people.remove(&person.key);
            }
            out
        };
        self.publish(messages);
    }

    /// Makes sure a person who acts over HTTP without a socket open is
    /// known, so that the grace period counts from now.
    fn known(inner: &mut Inner, person: &Person) {
        let now = inner.time.now_ms();
        let presence = inner.people.entry(person.key.clone()).or_insert_with(|| Presence::new(now));
        if presence.sockets == 0 {
            presence.away_since = now;
        }
    }

    pub fn post(&self, seek: Seek) -> Result<SeekView, Refusal> {
        let view = seek.view();
        {
            let mut inner = self.lock();
            if let Some(old) = inner
                .seeks
                .values()
                .find(|s| s.owner.key == seek.owner.key && s.terms.ruleset == seek.terms.ruleset)
            {
                return Err(Refusal::SeekExists(old.id.clone()));
            }
            if seek.address.is_some()
                && inner.seeks.values().filter(|s| s.address == seek.address).count()
                    >= SEEKS_PER_ADDRESS
            {
                return Err(Refusal::TooManySeeks);
            }
            Lobby::known(&mut inner, &seek.owner);
            inner.seeks.insert(seek.id.clone(), seek);
        }
        self.publish(vec![Message::Seek { seek: view.clone() }.text()]);
        Ok(view)
    }

    /// The terms of an open seek.
    pub fn terms_of(&self, id: &str) -> Option<Terms> {
        self.lock().seeks.get(id).map(|s| s.terms)
    }

    pub fn cancel(&self, id: &str, person: &Person) -> Result<(), Refusal> {
        {
            let mut inner = self.lock();
            let seek = inner.seeks.get(id).ok_or(Refusal::Gone)?;
            if seek.owner.key != person.key {
                return Err(Refusal::NotYours);
            }
            inner.seeks.remove(id);
        }
        self.publish(vec![Message::Gone { id: id.to_string() }.text()]);
        Ok(())
    }

    /// Takes a seek: it is gone for everyone at once (a second taker gets
    /// [`Refusal::Gone`]). `rating` is the taker's in the seek's game.
    pub fn take(&self, id: &str, taker: &Person, rating: f64) -> Result<Pairing, Refusal> {
        let seek = {
            let mut inner = self.lock();
            let seek = inner.seeks.get(id).ok_or(Refusal::Gone)?;
            if seek.owner.key == taker.key {
                return Err(Refusal::OwnSeek);
            }
            if seek.terms.rated && taker.account.is_none() {
                return Err(Refusal::NeedsAccount);
            }
            if let Some((min, max)) = seek.range {
                let shown = rating.round() as i64;
                if shown < i64::from(min) || shown > i64::from(max) {
                    return Err(Refusal::OutOfRange { rating: shown, min, max });
                }
            }
            let seek = inner.seeks.remove(id).ok_or(Refusal::Gone)?;
            // One game at a time from the lobby: the taker's own seeks go.
            let mut out = inner.clear_seeks(&taker.key);
            out.push(Message::Gone { id: id.to_string() }.text());
            drop(inner);
            self.publish(out);
            seek
        };
        let (south, north) = if seek.colour.poster_south() {
            (seek.owner, taker.clone())
        } else {
            (taker.clone(), seek.owner)
        };
        Ok(Pairing { terms: seek.terms, south, north })
    }

    /// Puts a person in a quick-pairing pool (leaving any other): paired
    /// at once if someone close enough waits there.
    pub fn wait(&self, waiting: Waiting) -> Option<Pairing> {
        let mut inner = self.lock();
        let now = inner.time.now_ms();
        Lobby::known(&mut inner, &waiting.person);
        inner.waiting.retain(|w| w.person.key != waiting.person.key);
        let best = inner
            .waiting
            .iter()
            .enumerate()
            .filter(|(_, w)| w.terms == waiting.terms)
            .filter(|(_, w)| {
                (w.rating - waiting.rating).abs() <= window(since(w.since, now))
                    || (w.rating - waiting.rating).abs() <= WINDOW_START
            })
            .min_by(|(_, a), (_, b)| {
                (a.rating - waiting.rating).abs().total_cmp(&(b.rating - waiting.rating).abs())
            })
            .map(|(i, _)| i);
        match best {
            Some(i) => {
                let other = inner.waiting.remove(i);
                Some(pairing_of(other, waiting))
            }
            None => {
                inner.waiting.push(waiting);
                None
            }
        }
    }

    /// Leaves the quick pairing; whether the person was waiting.
    pub fn stop_waiting(&self, person: &Person) -> bool {
        let mut inner = self.lock();
        let before = inner.waiting.len();
        inner.waiting.retain(|w| w.person.key != person.key);
        inner.waiting.len() != before
    }

    pub fn challenge(&self, challenge: Challenge) -> Result<ChallengeView, Refusal> {
        let view = challenge.view();
        let mut inner = self.lock();
        let from = inner.challenges.values().filter(|c| c.from.key == challenge.from.key);
        if from.clone().any(|c| c.to.key == challenge.to.key) {
            return Err(Refusal::AlreadyChallenged);
        }
        if from.count() >= CHALLENGES_PER_PERSON {
            return Err(Refusal::TooManyChallenges);
        }
        Lobby::known(&mut inner, &challenge.from);
        let to = challenge.to.key.clone();
        inner.challenges.insert(challenge.id.clone(), challenge);
        inner.tell(&to, Message::Challenge { challenge: view.clone() }.text());
        Ok(view)
    }

    /// The challenged person accepts (a pairing) or declines (none).
    pub fn answer(
        &self,
        id: &str,
        person: &Person,
        accept: bool,
    ) -> Result<Option<Pairing>, Refusal> {
        let mut inner = self.lock();
        let challenge = inner.challenges.get(id).ok_or(Refusal::Gone)?;
        if challenge.to.key != person.key {
            return Err(Refusal::NotYours);
        }
        let challenge = inner.challenges.remove(id).ok_or(Refusal::Gone)?;
        if !accept {
            inner.tell(
                &challenge.from.key,
                Message::ChallengeGone { id: id.to_string(), why: Why::Declined }.text(),
            );
            return Ok(None);
        }
        let (south, north) = if challenge.colour.poster_south() {
            (challenge.from, challenge.to)
        } else {
            (challenge.to, challenge.from)
        };
        Ok(Some(Pairing { terms: challenge.terms, south, north }))
    }

    /// The challenger withdraws a challenge.
    pub fn withdraw(&self, id: &str, person: &Person) -> Result<(), Refusal> {
        let mut inner = self.lock();
        let challenge = inner.challenges.get(id).ok_or(Refusal::Gone)?;
        if challenge.from.key != person.key {
            return Err(Refusal::NotYours);
        }
        let to = challenge.to.key.clone();
        inner.challenges.remove(id);
        let gone = Message::ChallengeGone { id: id.to_string(), why: Why::Withdrawn };
        inner.tell(&to, gone.text());
        Ok(())
    }

    /// Tells a person that a game started for them (or anything else
    /// meant for them alone).
    pub fn tell(&self, person: &Person, message: Message) {
        self.lock().tell(&person.key, message.text());
    }

    /// Run every half second: pairs waiting players whose windows have
    /// grown, drops what people who never opened a socket (or left) own
    /// after the grace period, and sends the quick-pairing counts if they
    /// changed.
    pub fn sweep(&self) -> Vec<Pairing> {
        let mut pairings = Vec::new();
        let mut out = Vec::new();
        {
            let mut inner = self.lock();
            let now = inner.time.now_ms();
            let mut pools: HashMap<Terms, Vec<usize>> = HashMap::new();
            for (i, w) in inner.waiting.iter().enumerate() {
                pools.entry(w.terms).or_default().push(i);
            }
            let mut taken = vec![false; inner.waiting.len()];
            for members in pools.values() {
                let ratings: Vec<(f64, Duration)> = members
                    .iter()
                    .map(|&i| (inner.waiting[i].rating, since(inner.waiting[i].since, now)))
                    .collect();
                for (a, b) in pair_up(&ratings) {
                    let (a, b) = (members[a], members[b]);
                    taken[a] = true;
                    taken[b] = true;
                    pairings.push(pairing_of(inner.waiting[a].clone(), inner.waiting[b].clone()));
                }
            }
            let mut i = 0;
            inner.waiting.retain(|_| {
                i += 1;
                !taken[i - 1]
            });
            let grace = self.grace;
            let expired: Vec<String> = inner
                .people
                .iter()
                .filter(|(_, p)| p.sockets == 0 && since(p.away_since, now) > grace)
                .map(|(k, _)| k.clone())
                .collect();
            for key in expired {
                out.extend(inner.clear(&key));
                if !inner.owns_anything(&key) {
                    inner.people.remove(&key);
                }
            }
            let counts = inner.counts();
            if counts != inner.counts_sent {
                out.push(Message::Quick { quick: counts.clone() }.text());
                inner.counts_sent = counts;
            }
        }
        self.publish(out);
        pairings
    }

    /// Open seeks, waiting players and people known (for tests and logs).
    pub fn sizes(&self) -> (usize, usize, usize) {
        let inner = self.lock();
        (inner.seeks.len(), inner.waiting.len(), inner.people.len())
    }
}

impl Inner {
    fn clear_seeks(&mut self, key: &str) -> Vec<String> {
        let gone: Vec<String> =
            self.seeks.values().filter(|s| s.owner.key == key).map(|s| s.id.clone()).collect();
        gone.into_iter()
            .map(|id| {
                self.seeks.remove(&id);
                Message::Gone { id }.text()
            })
            .collect()
    }
}

/// The pairing of two waiting players, their seats drawn at random.
fn pairing_of(a: Waiting, b: Waiting) -> Pairing {
    let (south, north) = if fastrand::bool() { (a.person, b.person) } else { (b.person, a.person) };
    Pairing { terms: a.terms, south, north }
}
