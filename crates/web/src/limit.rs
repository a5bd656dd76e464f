//! A per-address rate limit: a token bucket for each client address, so one
//! client flooding the server gets `429 Too Many Requests` and nobody else
//! notices.

use crate::api::error;
use crate::Shared;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

pub struct RateLimiter {
    /// Tokens added per second; 0 turns the limit off.
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimiter {
    /// `per_second` requests a second, in bursts of twice that.
    pub fn new(per_second: u32) -> RateLimiter {
        let rate = per_second as f64;
        RateLimiter { rate, burst: rate * 2.0, buckets: Mutex::new(HashMap::new()) }
    }

    /// `per_hour` a rolling hour, all at once if the client likes.
    pub fn per_hour(per_hour: u32) -> RateLimiter {
        let burst = per_hour as f64;
        RateLimiter { rate: burst / 3600.0, burst, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes one token for `ip`'s address (an IPv6 address's /64); false if
    /// its bucket is empty.
    pub fn allow(&self, ip: IpAddr) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let ip = crate::scheduler::address_key(ip);
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        // Forget idle clients now and then so the map cannot grow forever.
        if buckets.len() > 10_000 {
            let burst = self.burst;
            let rate = self.rate;
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(ip).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.rate).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
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
