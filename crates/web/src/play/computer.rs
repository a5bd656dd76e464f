//! The computer's moves.

use super::clocks::watch_clock;
use super::moves::apply_move;
use crate::live::Live;
use crate::scheduler::{Client, Kind};
use crate::Shared;
use mancala_ai::{Player, PlayerSpec};
use mancala_rules::{Game, Pit};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// Times the computer's move is stored again after storage failed, with
/// these waits (ms) before each try; after the last, the game's next
/// request (a page load, a state request) starts it again.
pub const COMPUTER_RETRIES_MS: [u64; 4] = [100, 300, 1_000, 3_000];

/// If it is the computer's turn, thinks (queued under the game's client,
/// on a blocking thread) and plays its move, as often as it stays its
/// turn. A game has at most one such task (`Live::thinking`); a second
/// call while one runs returns at once.
pub fn schedule_computer(state: Shared, game: Arc<Mutex<Live>>) {
    tokio::spawn(async move {
        {
            let mut live = game.lock().await;
            if live.thinking {
                return;
            }
            live.thinking = true;
        }
        // A stop waits for this turn to be thought about and stored.
        let _busy = state.computing.enter();
        computer_turns(&state, &game).await;
    });
}

/// The computer's moves while it is its turn. Clears `Live::thinking` on
/// the way out, under the same lock as the look that found it is not the
/// computer's turn, so that a move made meanwhile cannot be missed.
async fn computer_turns(state: &Shared, game: &Arc<Mutex<Live>>) {
    // A move thought of but not stored yet (storage failed), for the
    // game as it was at that revision.
    let mut unsaved: Option<(u64, Pit)> = None;
    let mut failures = 0;
    loop {
        let Some(turn) = computers_turn(game).await else { return };
        let (revision, id) = (turn.revision, turn.id.clone());
        let pit = match unsaved.take() {
            Some((at, pit)) if at == revision => pit,
            _ => match think(state, turn).await {
                Some(pit) => pit,
                // Already queued (another call has it), or no move.
                None => {
                    game.lock().await.thinking = false;
                    return;
                }
            },
        };
        let mut live = game.lock().await;
        if live.revision != revision {
            // Something changed meanwhile (an undo, a resignation):
            // look again.
            continue;
        }
        match apply_move(state, &mut live, pit).await {
            Ok(_) => {
                failures = 0;
                watch_clock(state, &live);
            }
            Err(e) => {
                drop(live);
                let Some(&wait) = COMPUTER_RETRIES_MS.get(failures) else {
                    tracing::error!(
                        game = %id,
                        "the computer's move could not be stored after {} tries: {}; \
                         the game's next request tries again",
                        failures + 1,
                        e
                    );
                    game.lock().await.thinking = false;
                    return;
                };
                failures += 1;
                tracing::warn!(
                    game = %id,
                    attempt = failures,
                    "the computer's move could not be stored: {}; trying again in {wait} ms",
                    e
                );
                unsaved = Some((revision, pit));
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
        }
    }
}

/// The game as the computer finds it on its turn, to think about.
struct Turn {
    snapshot: Game,
    revision: u64,
    level: u8,
    id: String,
    client: Client,
}

/// The game to think about if it is the computer's turn; otherwise `None`,
/// with `Live::thinking` cleared under the same lock.
async fn computers_turn(game: &Arc<Mutex<Live>>) -> Option<Turn> {
    let mut live = game.lock().await;
    match (live.to_move(), live.computer(), live.row.level) {
        (Some(turn), Some(computer), Some(level)) if turn == computer => Some(Turn {
            snapshot: live.game.clone(),
            revision: live.revision,
            level,
            id: live.row.id.clone(),
            client: live.client,
        }),
        _ => {
            live.thinking = false;
            None
        }
    }
}

/// The computer's move, thought of on a blocking thread queued under the
/// game's client; `None` where the game is queued already (another call
/// has it) or there is no move.
async fn think(state: &Shared, turn: Turn) -> Option<Pit> {
    let Turn { snapshot, level, id, client, .. } = turn;
    let seed = fastrand::u64(..);
    let rules = *snapshot.rules();
    let queued = crate::metrics::GaugeGuard::new(&state.metrics.computer_queued);
    let (asked, wait) = (std::time::Instant::now(), state.metrics.computer_wait.clone());
    let think = move || {
        drop(queued);
        wait.observe(asked.elapsed().as_secs_f64());
        Player::with_table(PlayerSpec::Level(level), rules, seed, table_megabytes(level))
            .choose(&snapshot, None)
    };
    match state.scheduler.run(client, Kind::Move(id), think).await {
        Ok(Some(Some(pit))) => Some(pit),
        _ => None,
    }
}

/// Starts the computer if it is its turn and it is not thinking already:
/// for requests that find a game whose computer move failed to be stored.
pub(crate) fn nudge_computer(state: &Shared, game: &Arc<Mutex<Live>>, live: &Live) {
    let computers_turn = live.to_move().is_some() && live.to_move() == live.computer();
    if computers_turn && !live.thinking {
        schedule_computer(state.clone(), game.clone());
    }
}

/// The transposition table for one computer move at `level`. A player is
/// made for every move, and making one allocates and clears its table. The
/// library's default (32 MiB, a 16 MiB table) did that for searches of depth
/// 1 and 2 that visit a few dozen positions: in the load test
/// (`scripts/loadtest.sh`, 100 games at levels 1-2 among 200) the server
/// used 47 s of CPU and 760 MiB of memory with it, 28 s and 65 MiB without.
/// Levels up to 4 search at most 4 moves deep (a few thousand positions),
/// which fits in 1 MiB; deeper and timed levels keep the default.
pub(crate) fn table_megabytes(level: u8) -> usize {
    if level <= 4 {
        1
    } else {
        32
    }
}
