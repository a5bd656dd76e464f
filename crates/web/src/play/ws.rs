//! The WebSocket: every change pushed to each watcher, and presence.

use super::computer::nudge_computer;
use super::games::{arrive, live};
use crate::api::socket::{Heard, Keepalive};
use crate::api::ApiError;
use crate::live::{Live, Push};
use crate::store::Mode;
use crate::Shared;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use mancala_rules::Side;
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::Mutex;

pub(crate) async fn websocket(
    State(state): State<Shared>,
    Path(id): Path<String>,
    place: Option<axum::Extension<Arc<crate::serve::Slot>>>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = live(&state, &id).await?;
    nudge_computer(&state, &game, &*game.lock().await);
    Ok(upgrade.max_message_size(4096).on_upgrade(move |socket| async move {
        // The socket counts as one of its address's connections until it
        // closes (`--max-connections-per-address`).
        let _place = place;
        let _open = crate::metrics::GaugeGuard::new(&state.metrics.websockets);
        watch(state, socket, game).await
    }))
}

/// Pushes the state, then every change, to one watcher (player or
/// spectator). The browser may name its seat once, `{"type": "seat",
/// "token": ...}`: in an online game the player then counts as present
/// until the socket closes (a player with no socket open has left, and may
/// lose the game to a claim). Other messages are ignored; a client that
/// floods them is disconnected. The server pings every socket and drops one
/// that has said nothing (not even the pong every browser sends by itself)
/// for two pings, so a vanished player does not stay present for ever.
pub(crate) async fn watch(state: Shared, socket: WebSocket, game: Arc<Mutex<Live>>) {
    let mut seated: Vec<Side> = Vec::new();
    pump(&state, socket, &game, &mut seated).await;
    if !seated.is_empty() {
        let mut live = game.lock().await;
        let now = state.time.now_ms();
        for side in seated {
            let present = &mut live.present[side.index()];
            *present = present.saturating_sub(1);
            if *present == 0 {
                live.left[side.index()] = Some(now);
            }
        }
        live.publish_state();
    }
}

/// The seat token in a `{"type": "seat", "token": ...}` message.
pub(crate) fn seat_token(text: &str) -> Option<String> {
    let message: Value = serde_json::from_str(text).ok()?;
    if message["type"] != "seat" {
        return None;
    }
    message["token"].as_str().map(str::to_string)
}

pub(crate) async fn pump(
    state: &Shared,
    mut socket: WebSocket,
    game: &Arc<Mutex<Live>>,
    seated: &mut Vec<Side>,
) {
    let (mut rx, first) = {
        let live = game.lock().await;
        let state = live.state();
        (live.tx.subscribe(), state_text(&state))
    };
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    let mut alive = Keepalive::new(state.ping, state.time.clone());
    let mut closing = state.closing.subscribe();
    loop {
        tokio::select! {
            _ = async { let _ = closing.wait_for(|&closing| closing).await; } => {
                // The server stops: the page reconnects (to the next one).
                let close = axum::extract::ws::CloseFrame {
                    code: crate::RESTARTING,
                    reason: "restarting".into(),
                };
                let _ = socket.send(Message::Close(Some(close))).await;
                return;
            }
            there = alive.due() => {
                if !crate::api::socket::ping(&mut socket, there).await {
                    return;
                }
            }
            message = rx.recv() => {
                let text = match message {
                    Ok(text) => text,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        let state = game.lock().await.state();
                        state_text(&state)
                    }
                    Err(_) => return,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(message)) => match alive.heard(&message) {
                    Heard::Control => continue,
                    Heard::Flood => {
                        crate::api::socket::close(&mut socket).await;
                        return;
                    }
                    Heard::Data => {
                        let token = match &message {
                            Message::Text(text) if seated.is_empty() => seat_token(text),
                            _ => None,
                        };
                        if let Some(token) = token {
                            sit(state, game, seated, &token).await;
                        }
                    }
                },
            },
        }
    }
}

/// The state message for a watcher.
fn state_text(state: &Value) -> String {
    serde_json::to_string(&Push::State { state }).unwrap_or_default()
}

/// Seats the watcher in the seats `token` holds, in an online game: they
/// count as present there (and have arrived) until the socket closes.
async fn sit(state: &Shared, game: &Arc<Mutex<Live>>, seated: &mut Vec<Side>, token: &str) {
    let mut live = game.lock().await;
    if live.row.mode == Mode::Online {
        *seated = live.seats(token);
        for side in seated.iter() {
            live.present[side.index()] += 1;
        }
        if !seated.is_empty() {
            live.publish_state();
            let _ = arrive(state, &mut live, seated).await;
        }
    }
}
