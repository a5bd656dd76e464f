//! The server's one source of the time of day. Everything that a rule of
//! play counts in wall time (clocks, correspondence deadlines, a claim
//! against a player who left, an invitation's expiry, a session's age, a
//! WebSocket's heartbeat) asks [`Time`], never the system directly.
//!
//! A server runs on [`Time::system`]. A test starts one on
//! [`Time::manual`] and moves it on with [`Time::advance`]: a flag falls, a
//! claim opens or an invitation expires at once, without the test sleeping
//! and without racing a window of real time on a loaded machine. Durations
//! measured for reports (a backup's length, a request's latency) are not
//! rules and keep the system's monotonic clock.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

/// The time of day, in milliseconds since the Unix epoch: the system's, or
/// one that moves only when told to. Cheap to clone; clones share it.
#[derive(Clone, Default)]
pub struct Time(Option<Arc<watch::Sender<i64>>>);

impl std::fmt::Debug for Time {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => f.write_str("Time::system"),
            Some(manual) => write!(f, "Time::manual({})", *manual.borrow()),
        }
    }
}

impl Time {
    /// The system's clock (the default).
    pub fn system() -> Time {
        Time(None)
    }

    /// A clock standing at `start_ms` until [`Time::advance`] moves it.
    pub fn manual(start_ms: i64) -> Time {
        Time(Some(Arc::new(watch::channel(start_ms).0)))
    }

    /// A manual clock standing at the system's time now.
    pub fn manual_from_now() -> Time {
        Time::manual(system_ms())
    }

    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        match &self.0 {
            None => system_ms(),
            Some(manual) => *manual.borrow(),
        }
    }

    /// Whole seconds since the Unix epoch.
    pub fn now_secs(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Moves a manual clock on by `by`, waking whatever waits for a time
    /// now reached. Returns false (and does nothing) on the system's clock,
    /// which no one may move.
    pub fn advance(&self, by: Duration) -> bool {
        let Some(manual) = &self.0 else { return false };
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        manual.send_modify(|now| *now = now.saturating_add(by));
        true
    }

    /// Waits until the clock reads `at_ms` or later.
    pub async fn sleep_until_ms(&self, at_ms: i64) {
        match &self.0 {
            None => {
                let wait = at_ms.saturating_sub(system_ms());
                if wait > 0 {
                    tokio::time::sleep(Duration::from_millis(wait as u64)).await;
                }
            }
            Some(manual) => {
                let mut moved = manual.subscribe();
                while *moved.borrow_and_update() < at_ms {
                    if moved.changed().await.is_err() {
                        // The clock is gone (its server with it): never.
                        std::future::pending::<()>().await;
                    }
                }
            }
        }
    }

    /// Waits for `duration` of this clock's time.
    pub async fn sleep(&self, duration: Duration) {
        match &self.0 {
            None => tokio::time::sleep(duration).await,
            Some(_) => {
                let by = i64::try_from(duration.as_millis()).unwrap_or(i64::MAX);
                self.sleep_until_ms(self.now_ms().saturating_add(by)).await;
            }
        }
    }
}

fn system_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The date of a Unix time, `YYYY-MM-DD` (the civil calendar, UTC).
pub fn date(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{:04}-{:02}-{:02}", if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_clock_cannot_be_moved_and_a_manual_one_moves_only_when_told() {
        let system = Time::system();
        assert!(!system.advance(Duration::from_secs(60)));
        let before = system_ms();
        assert!((before - 1000..=before + 1000).contains(&system.now_ms()));
        let manual = Time::manual(5_000);
        let shared = manual.clone();
        assert_eq!((manual.now_ms(), manual.now_secs()), (5_000, 5));
        assert!(manual.advance(Duration::from_millis(1_500)));
        assert_eq!(shared.now_ms(), 6_500, "clones share the clock");
    }

    #[tokio::test]
    async fn a_sleeper_on_a_manual_clock_wakes_once_the_clock_reaches_its_time() {
        let time = Time::manual(0);
        let sleeper = tokio::spawn({
            let time = time.clone();
            async move { time.sleep_until_ms(2_000).await }
        });
        tokio::task::yield_now().await;
        time.advance(Duration::from_millis(1_999));
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert!(!sleeper.is_finished(), "woke a millisecond early");
        time.advance(Duration::from_millis(1));
        tokio::time::timeout(Duration::from_secs(5), sleeper)
            .await
            .expect("woke when the clock reached its time")
            .unwrap();
    }
}
