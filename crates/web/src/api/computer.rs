//! The computer's moves.

use super::*;

/// If it is the computer's turn, thinks (bounded by the semaphore, on a
/// blocking thread) and plays its move, as often as it stays its turn.
pub fn schedule_computer(state: Shared, game: Arc<Mutex<Live>>) {
    tokio::spawn(async move {
        loop {
            let (snapshot, revision, level) = {
                let live = game.lock().await;
                match (live.to_move(), live.computer(), live.row.level) {
                    (Some(turn), Some(computer), Some(level)) if turn == computer => {
                        (live.game.clone(), live.revision, level)
                    }
                    _ => return,
                }
            };
            let Ok(permit) = state.ai.clone().acquire_owned().await else { return };
            let seed = fastrand::u64(..);
            let rules = *snapshot.rules();
            let choice = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                Player::with_table(PlayerSpec::Level(level), rules, seed, table_megabytes(level))
                    .choose(&snapshot, None)
            })
            .await;
            let Ok(Some(pit)) = choice else { return };
            let mut live = game.lock().await;
            if live.revision != revision {
                // Something changed meanwhile (an undo, a resignation):
                // look again.
                continue;
            }
            if apply_move(&state, &mut live, pit).await.is_err() {
                return;
            }
            watch_clock(&state, &game, &mut live);
        }
    });
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
