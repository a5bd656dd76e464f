//! What every WebSocket of the server does the same way, written once: a
//! ping every `--ping-seconds`, the socket dropped when the other end has
//! said nothing (not even the pong every browser sends by itself) for two
//! pings, and a client that sends more than [`FLOOD`] messages in a second
//! disconnected. The game's pump (`ws.rs`) and the lobby's (`lobby.rs`)
//! keep only what is theirs.

use axum::extract::ws::{Message, WebSocket};
use std::time::Duration;
use tokio::time::{interval_at, Instant, Interval};

/// Messages a client may send in one second (pongs and pings aside).
pub const FLOOD: u32 = 20;

/// One socket's heartbeat and flood count.
pub(crate) struct Keepalive {
    ping: Interval,
    period: Duration,
    heard: Instant,
    window: Instant,
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
    pub(crate) fn new(period: Duration) -> Keepalive {
        let now = Instant::now();
        Keepalive {
            ping: interval_at(now + period, period),
            period,
            heard: now,
            window: now,
            received: 0,
        }
    }

    /// Waits for the next ping: true while the other end is there, false
    /// once it has been silent for two pings. Then call [`ping`].
    pub(crate) async fn due(&mut self) -> bool {
        self.ping.tick().await;
        self.heard.elapsed() <= self.period * 2
    }

    /// Counts a message from the client.
    pub(crate) fn heard(&mut self, message: &Message) -> Heard {
        self.heard = Instant::now();
        if matches!(message, Message::Pong(_) | Message::Ping(_)) {
            return Heard::Control;
        }
        if self.window.elapsed() > Duration::from_secs(1) {
            self.window = Instant::now();
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
        let mut alive = Keepalive::new(Duration::from_secs(30));
        for _ in 0..100 {
            assert_eq!(alive.heard(&Message::Pong(Default::default())), Heard::Control);
        }
        for n in 1..=FLOOD {
            assert_eq!(alive.heard(&Message::Text("x".into())), Heard::Data, "message {n}");
        }
        assert_eq!(alive.heard(&Message::Text("x".into())), Heard::Flood);
    }
}
