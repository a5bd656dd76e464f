//! A graceful restart: SIGTERM to a real server process in the middle of
//! games, a new process on the same database and port, nothing lost.

use super::*;
use futures_util::SinkExt;
use std::io::BufRead;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Instant;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The server binary running as a process, its log (standard error) in a
/// file.
pub(crate) struct Process {
    child: Child,
    pub(crate) addr: SocketAddr,
    log: PathBuf,
}

impl Process {
    /// Starts the binary with `args` and `env` (and no other `MANCALA_*`
    /// variable) and waits for its "Open http://ADDR" line.
    pub(crate) fn start(dir: &Path, name: &str, args: &[&str], env: &[(&str, &str)]) -> Process {
        let log = dir.join(format!("{name}.log"));
        let mut command = Command::new(BINARY);
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("MANCALA_") {
                command.env_remove(key);
            }
        }
        let mut child = command
            .args(args)
            .envs(env.iter().copied())
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        let Some(addr) = line.strip_prefix("Open http://").and_then(|rest| rest.split(' ').next())
        else {
            let _ = child.kill();
            panic!(
                "the server did not start: {line:?}\n{}",
                std::fs::read_to_string(&log).unwrap()
            );
        };
        Process { child, addr: addr.parse().unwrap(), log }
    }

    /// What it has logged so far.
    pub(crate) fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap()
    }

    /// Sends SIGTERM and waits for the exit: its status and how long it took.
    pub(crate) fn terminate(&mut self) -> (ExitStatus, Duration) {
        let started = Instant::now();
        // The shell's built-in `kill`: a minimal system may have no kill binary.
        let sent = Command::new("sh")
            .args(["-c", "kill -TERM \"$0\"", &self.child.id().to_string()])
            .status();
        assert!(sent.unwrap().success());
        let status = self.child.wait().unwrap();
        (status, started.elapsed())
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays legal moves in a game with both seats on `token` (or South's
/// against the computer) until told to stop, against whichever server
/// answers on `addr`; returns the moves acknowledged (answered 200), in
/// order. A request that gets no answer (the server is restarting) is not
/// acknowledged: the player reads the state again and goes on.
async fn player(
    addr: SocketAddr,
    id: String,
    token: String,
    stop: tokio::sync::watch::Receiver<bool>,
    acked: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) {
    while !*stop.borrow() {
        let reply = try_http(addr, "GET", format!("/api/games/{id}"), String::new()).await;
        let Some(state) = reply.filter(|r| r.status == 200).map(|r| r.json()) else {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        };
        if state["over"] == json!(true) {
            return;
        }
        if state["to_move"] != json!("south") && state["mode"] == json!("computer") {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let Some(letter) = state["legal"].as_array().and_then(|l| l.first()).cloned() else {
            return;
        };
        let body = json!({"token": token, "move": letter}).to_string();
        let reply = try_http(addr, "POST", format!("/api/games/{id}/moves"), body).await;
        if reply.is_some_and(|r| r.status == 200) {
            acked.lock().unwrap().push(letter.as_str().unwrap().to_string());
        }
    }
}

/// A request that may get no answer (the server is restarting): `None`
/// then.
async fn try_http(
    addr: SocketAddr,
    method: &'static str,
    path: String,
    body: String,
) -> Option<Reply> {
    let request =
        tokio::spawn(async move { http_at(addr, method, &path, &[], body.as_bytes()).await });
    tokio::time::timeout(Duration::from_secs(5), request).await.ok()?.ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_sigterm_mid_game_loses_no_acknowledged_move_and_pages_reconnect() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let url = format!("sqlite://{}", db.display());
    let args = |bind: &str| -> Vec<String> {
        ["--bind", bind, "--database", &url, "--rate-limit", "0", "--shutdown-seconds", "8"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let first_args = args("127.0.0.1:0");
    let mut first = Process::start(
        dir.path(),
        "first",
        &first_args.iter().map(String::as_str).collect::<Vec<_>>(),
        &[],
    );
    let addr = first.addr;
    let reply = http_at(
        addr,
        "POST",
        "/api/games",
        &[],
        json!({"game": "oware-abapa", "mode": "local"}).to_string().as_bytes(),
    )
    .await;
    let created = reply.json();
    let (id, token) = (
        created["id"].as_str().unwrap().to_string(),
        created["token"].as_str().unwrap().to_string(),
    );
    // A watcher's WebSocket, as an open page has.
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await.unwrap();

    let (stop, stopped) = tokio::sync::watch::channel(false);
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let playing = tokio::spawn(player(addr, id.clone(), token.clone(), stopped, acked.clone()));
    while acked.lock().unwrap().len() < 8 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // A computer game (level 8 thinks for up to a second) whose reply is
    // being thought about when SIGTERM comes.
    let reply = http_at(
        addr,
        "POST",
        "/api/games",
        &[],
        json!({"game": "oware-abapa", "mode": "computer", "level": 8, "side": "south"})
            .to_string()
            .as_bytes(),
    )
    .await;
    let computer = reply.json();
    let computer_id = computer["id"].as_str().unwrap().to_string();
    let body = json!({"token": computer["token"], "move": "a"}).to_string();
    let moved =
        http_at(addr, "POST", &format!("/api/games/{computer_id}/moves"), &[], body.as_bytes())
            .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    // Its reply is still being thought about (level 8 takes up to a
    // second), so the stop has a computer move in flight.
    let thinking =
        http_at(addr, "GET", &format!("/api/games/{computer_id}"), &[], b"").await.json();
    assert_eq!(thinking["to_move"], "north", "{thinking}");

    // SIGTERM, moves still being sent.
    let terminating = tokio::task::spawn_blocking(move || {
        let (status, took) = first.terminate();
        (first, status, took)
    });
    // The page is told to reconnect: a close frame, 1012 "restarting".
    let close = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(message) = socket.next().await {
            if let Ok(WsMessage::Close(frame)) = message {
                return frame;
            }
        }
        None
    })
    .await
    .expect("no close frame within 10 s")
    .expect("the socket ended without a close frame");
    assert_eq!(u16::from(close.code), 1012);
    assert_eq!(close.reason.as_str(), "restarting");
    let (first, status, took) = terminating.await.unwrap();
    assert!(status.success(), "exit status {status}");
    assert!(took < Duration::from_secs(8), "the stop took {took:?}");
    let log = first.log();
    assert!(log.contains("SIGTERM: stopping within 8 s"), "{log}");
    assert!(log.contains("stopped: every request answered, the store closed"), "{log}");
    // A request line of the text log, with its route, never its path.
    assert!(
        log.contains("route=\"/api/games/{id}/moves\"")
            || log.contains("route=/api/games/{id}/moves"),
        "{log}"
    );
    drop(first);

    // Between the two processes: every acknowledged move is in the file,
    // nothing more, and the computer's reply thought about at the stop was
    // stored before the exit.
    let between = db.stored_moves(&id);
    assert_eq!(between, *acked.lock().unwrap());
    let computer_moves = db.stored_moves(&computer_id);
    assert_eq!(computer_moves.len(), 2, "the computer's reply was not stored: {computer_moves:?}");

    // A new process on the same port and file.
    let second_args = args(&addr.to_string());
    let second = Process::start(
        dir.path(),
        "second",
        &second_args.iter().map(String::as_str).collect::<Vec<_>>(),
        &[],
    );
    assert_eq!(second.addr, addr);
    // The page reconnects: the new process sends the game as stored.
    let mut socket = None;
    for _ in 0..100 {
        if let Ok((s, _)) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await
        {
            socket = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut socket = socket.expect("no WebSocket to the new process");
    let first_message = next_message(&mut socket).await;
    let pushed: Value = serde_json::from_str(first_message.to_text().unwrap()).unwrap();
    assert_eq!(pushed["type"], "state");
    let seen = strings(&pushed["state"]["moves"]);
    assert!(seen.len() >= between.len() && seen[..between.len()] == between[..]);

    // Play goes on on the new process, and its moves reach the page.
    let before = acked.lock().unwrap().len();
    tokio::time::timeout(Duration::from_secs(20), async {
        while acked.lock().unwrap().len() < before + 4 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("no move acknowledged by the new process");
    let _ = socket.send(WsMessage::Text(r#"{"type":"hello"}"#.into())).await;
    let pushed = next_message(&mut socket).await;
    assert!(pushed.to_text().unwrap().contains("\"move\""), "{pushed:?}");
    let _ = stop.send(true);
    playing.await.unwrap();
    let acked = acked.lock().unwrap().clone();
    let state = http_at(addr, "GET", &format!("/api/games/{id}"), &[], b"").await.json();
    assert_eq!(strings(&state["moves"]), acked);
    assert_eq!(db.stored_moves(&id), acked);
}
