//! What every WebSocket of the server does the same way, written once: a
//! ping every `--ping-seconds`, the socket dropped when the other end has
//! said nothing (not even the pong every browser sends by itself) for two
//! pings, and a client that sends more than [`FLOOD`] messages in a second
//! disconnected. The game's pump (`ws.rs`) and the lobby's (`lobby.rs`)
//! keep only what is theirs.

use crate::time::Time;
use axum::extract::ws::{Message, WebSocket};
use std::time::Duration;

/// Messages a client may send in one second (pongs and pings aside).
pub const FLOOD: u32 = 20;

/// One socket's heartbeat and flood count.
pub(crate) struct Keepalive {
    time: Time,
    /// When the next ping is due (ms since the epoch, on `time`).
    next_ping: i64,
    period: i64,
    /// When the client last sent anything, and when its flood count's
    /// second began.
    heard: i64,
    window: i64,
    received: u32,
}

/// What a message from the client is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Heard {
    /// A ping or a pong: it proves the other end is there, nothing more.
    Control,
    /// A message for the pump to read.
    Data,
    /// One message too many this second: close the socket.
    Flood,
}

impl Keepalive {
    /// A socket's keepalive, pinging every `period` of `time` (the
    /// server's).
    pub(crate) fn new(period: Duration, time: Time) -> Keepalive {
        let now = time.now_ms();
        let period = i64::try_from(period.as_millis()).unwrap_or(i64::MAX).max(1);
        Keepalive { time, next_ping: now + period, period, heard: now, window: now, received: 0 }
    }

    /// Waits for the next ping: true while the other end is there, false
    /// once it has been silent for two pings. Then call [`ping`]. Pings
    /// missed while the socket was busy are not sent in a burst: the next
    /// one is a period from now.
    pub(crate) async fn due(&mut self) -> bool {
        self.time.sleep_until_ms(self.next_ping).await;
        let now = self.time.now_ms();
        self.next_ping = (self.next_ping + self.period).max(now + 1);
        now - self.heard <= self.period * 2
    }

    /// Counts a message from the client.
    pub(crate) fn heard(&mut self, message: &Message) -> Heard {
        let now = self.time.now_ms();
        self.heard = now;
        if matches!(message, Message::Pong(_) | Message::Ping(_)) {
            return Heard::Control;
        }
        if now - self.window > 1000 {
            self.window = now;
            self.received = 0;
        }
        self.received += 1;
        if self.received > FLOOD {
            Heard::Flood
        } else {
            Heard::Data
        }
    }
}

/// Pings a socket whose other end is there, or closes one gone silent
/// (`alive`, from [`Keepalive::due`]). False when the socket is done with.
pub(crate) async fn ping(socket: &mut WebSocket, alive: bool) -> bool {
    if !alive {
        let _ = socket.send(Message::Close(None)).await;
        return false;
    }
    socket.send(Message::Ping(Default::default())).await.is_ok()
}

/// Closes a flooding client's socket.
pub(crate) async fn close(socket: &mut WebSocket) {
    let _ = socket.send(Message::Close(None)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn pings_and_pongs_are_not_counted_and_the_twenty_first_message_a_second_is_a_flood() {
        let mut alive = Keepalive::new(Duration::from_secs(30), Time::manual(0));
        for _ in 0..100 {
            assert_eq!(alive.heard(&Message::Pong(Default::default())), Heard::Control);
        }
        for n in 1..=FLOOD {
            assert_eq!(alive.heard(&Message::Text("x".into())), Heard::Data, "message {n}");
        }
        assert_eq!(alive.heard(&Message::Text("x".into())), Heard::Flood);
    }

    async fn soon(alive: &mut Keepalive) -> Option<bool> {
        tokio::time::timeout(Duration::from_secs(5), alive.due()).await.ok()
    }

    #[tokio::test]
    async fn a_ping_is_due_each_period_and_a_client_silent_for_two_pings_is_gone() {
        let time = Time::manual(0);
        let mut alive = Keepalive::new(Duration::from_secs(10), time.clone());
        let step = |secs| time.advance(Duration::from_secs(secs));
        step(9);
        assert!(
            tokio::time::timeout(Duration::from_millis(20), alive.due()).await.is_err(),
            "no ping before its period"
        );
        step(1);
        assert_eq!(soon(&mut alive).await, Some(true), "the first ping, the client just opened");
        step(10);
        assert_eq!(soon(&mut alive).await, Some(true), "silent for one ping: still there");
        alive.heard(&Message::Pong(Default::default()));
        step(10);
        assert_eq!(soon(&mut alive).await, Some(true), "it answered");
        step(10);
        assert_eq!(soon(&mut alive).await, Some(true), "silent for exactly two pings");
        step(1);
        step(9);
        assert_eq!(soon(&mut alive).await, Some(false), "silent for more than two pings: gone");
    }
}
