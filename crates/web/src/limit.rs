//! Per-key limits: a token bucket for each client address (or name, or
//! pair of them), so one client flooding the server gets `429 Too Many
//! Requests` and nobody else notices.
//!
//! Every map here is bounded: a bucket that has filled up again is the
//! same as one never made, so full buckets are forgotten whenever the map
//! has doubled since it was last pruned; and if more than [`MAX_KEYS`]
//! keys are still owed tokens (a flood from more addresses than a server
//! ever sees), the fullest half is forgotten too. That forgives those
//! clients a little of what they owe; the alternative, keeping them all,
//! would let the flood take the server's memory.

use crate::error::error;
use crate::Shared;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// The most keys a bucket map keeps once pruned (each is about 64 bytes:
/// 100,000 of them are a few megabytes).
pub const MAX_KEYS: usize = 100_000;

/// Below this many keys a map is never pruned.
const PRUNE_FLOOR: usize = 1024;

/// Token buckets by key: `rate` tokens a second, up to `burst`.
pub struct Buckets<K> {
    /// Tokens added per second; 0 turns the limit off.
    rate: f64,
    burst: f64,
    map: Mutex<Map<K>>,
}

struct Map<K> {
    /// Each key's tokens and when they were counted.
    buckets: HashMap<K, (f64, Instant)>,
    /// The size at which the map is pruned next.
    prune_at: usize,
}

impl<K: Hash + Eq + Clone> Buckets<K> {
    /// `rate` tokens a second, in bursts of `burst`.
    pub fn new(rate: f64, burst: f64) -> Buckets<K> {
        Buckets {
            rate,
            burst,
            map: Mutex::new(Map { buckets: HashMap::new(), prune_at: PRUNE_FLOOR }),
        }
    }

    /// Takes `n` tokens from `key`'s bucket, all or none; false (and
    /// nothing taken) if it holds fewer.
    pub fn take(&self, key: K, n: f64) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let now = Instant::now();
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if !map.buckets.contains_key(&key) && map.buckets.len() >= map.prune_at {
            self.prune(&mut map, now);
        }
        let (tokens, at) = map.buckets.entry(key).or_insert((self.burst, now));
        *tokens = self.refill(*tokens, *at, now);
        *at = now;
        if *tokens >= n {
            *tokens -= n;
            true
        } else {
            false
        }
    }

    /// Keys kept now (full buckets not yet forgotten included).
    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).buckets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn refill(&self, tokens: f64, at: Instant, now: Instant) -> f64 {
        (tokens + now.duration_since(at).as_secs_f64() * self.rate).min(self.burst)
    }

    /// Forgets full buckets, then the fullest beyond half of [`MAX_KEYS`];
    /// the next prune comes when the map has doubled (amortised: a few
    /// steps per key added).
    fn prune(&self, map: &mut Map<K>, now: Instant) {
        map.buckets.retain(|_, (tokens, at)| self.refill(*tokens, *at, now) < self.burst);
        let keep = MAX_KEYS / 2;
        if map.buckets.len() > keep {
            let mut by_tokens: Vec<(f64, K)> = map
                .buckets
                .iter()
                .map(|(key, (tokens, at))| (self.refill(*tokens, *at, now), key.clone()))
                .collect();
            by_tokens.sort_by(|a, b| b.0.total_cmp(&a.0));
            let excess = by_tokens.len() - keep;
            for (_, key) in by_tokens.into_iter().take(excess) {
                map.buckets.remove(&key);
            }
        }
        map.prune_at = (map.buckets.len() * 2).clamp(PRUNE_FLOOR, MAX_KEYS);
    }
}

/// A limit per client address (an IPv6 address's /64).
pub struct RateLimiter(Buckets<IpAddr>);

impl RateLimiter {
    /// `per_second` requests a second, in bursts of twice that.
    pub fn new(per_second: u32) -> RateLimiter {
        let rate = per_second as f64;
        RateLimiter(Buckets::new(rate, rate * 2.0))
    }

    /// `per_hour` a rolling hour, all at once if the client likes.
    pub fn per_hour(per_hour: u32) -> RateLimiter {
        let burst = per_hour as f64;
        RateLimiter(Buckets::new(burst / 3600.0, burst))
    }

    /// `rate` a second, in bursts of `burst`.
    pub fn with(rate: f64, burst: f64) -> RateLimiter {
        RateLimiter(Buckets::new(rate, burst))
    }

    /// Takes one token for `ip`'s address; false if its bucket is empty.
    pub fn allow(&self, ip: IpAddr) -> bool {
        self.allow_many(ip, 1)
    }

    /// Takes `n` tokens for `ip`'s address, all or none.
    pub fn allow_many(&self, ip: IpAddr, n: u32) -> bool {
        self.0.take(crate::scheduler::address_key(ip), f64::from(n))
    }

    /// Addresses kept now.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

pub async fn middleware(State(state): State<Shared>, request: Request, next: Next) -> Response {
    // The client's address (behind a trusted proxy, the one it names).
    let ip = request.extensions().get::<crate::serve::ClientAddr>().map(|c| c.0);
    if let Some(ip) = ip {
        if !state.limiter.allow(ip) {
            return error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many requests from your address; wait a moment and try again",
            )
            .into_response();
        }
    }
    next.run(request).await
}
