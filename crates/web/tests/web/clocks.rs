//! Clocks, time, and claims against a player who left.

use super::*;

async fn clock_survives_a_restart(db: &impl Database) {
    let time = Time::manual_from_now();
    let server = start_at(db, &time, |_| {}).await;
    let (id, token, _) = create(
        &server,
        json!({"game": "barbados-warri", "mode": "local", "clock_seconds": 60, "increment_seconds": 2}),
    )
    .await;
    let moved =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"}))
            .await
            .json();
    let south = ms(&moved["state"]["clock"]["south_ms"]);
    server.stop().await;
    time.advance(Duration::from_millis(200));
    let server = start_at(db, &time, |_| {}).await;
    let after = state_of(&server, &id).await;
    assert_eq!(after["clock"]["running"], "north");
    assert_eq!(ms(&after["clock"]["south_ms"]), south, "South's time is kept exactly");
    let north = ms(&after["clock"]["north_ms"]);
    assert!((50_000..=59_800).contains(&north), "North's time ran on: {north}");
    assert_eq!(north, 59_800, "by the 0.2 s the server was down");
    server.stop().await;

    // A game stored with its player's time already gone: on start, the
    // server ends it by itself, and a move for it is refused.
    let mut gone = stored_row(db, &id);
    gone.id = "flagged1".into();
    gone.clock =
        Some(Clock { initial_ms: 60_000, increment_ms: 0, south_ms: 1_000, north_ms: 500 });
    gone.turn_started = Some(time.now_ms() - 5_000);
    db.with_store(|store| store.create(&gone, &["c".into()]).unwrap());
    let server = start_at(db, &time, |_| {}).await;
    let late =
        post(&server, "/api/games/flagged1/moves", json!({"token": token.clone(), "move": "A"}))
            .await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert_eq!(late.json()["error"]["code"], "lost_on_time");
    let row = stored_row(db, "flagged1");
    assert_eq!(
        (row.ending, row.result.map(GameResult::id)),
        (Some(GameEnding::Time), Some("south"))
    );
    assert_eq!(stored_moves(db, "flagged1"), ["c"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_for_the_player_to_move_and_the_increment_is_added() {
    let (_dir, db, time, server) = fresh_server_at(|_| {}).await;
    for (body, why) in [
        (json!({"clock_seconds": 0}), "no time"),
        (json!({"clock_seconds": 10801}), "over three hours"),
        (json!({"clock_seconds": 60, "increment_seconds": 181}), "increment too large"),
        (json!({"increment_seconds": 5}), "increment without a clock"),
    ] {
        let mut request = json!({"game": "wahree", "mode": "local"});
        request.as_object_mut().unwrap().extend(body.as_object().unwrap().clone());
        let refused = post(&server, "/api/games", request).await;
        assert_eq!(refused.status, 400, "{why}: {}", refused.body);
        assert_eq!(refused.json()["error"]["code"], "bad_clock", "{why}");
    }
    let (id, token, created) = create(
        &server,
        json!({"game": "wahree", "mode": "local", "clock_seconds": 60, "increment_seconds": 5}),
    )
    .await;
    let clock = &created["state"]["clock"];
    assert_eq!(clock["running"], "south");
    assert_eq!(clock["initial_ms"], 60_000);
    assert_eq!(clock["increment_ms"], 5_000);
    assert_eq!(clock["north_ms"], 60_000);
    time.advance(Duration::from_millis(300));
    let ticking = state_of(&server, &id).await;
    let south = ms(&ticking["clock"]["south_ms"]);
    assert!((55_000..=59_700).contains(&south), "South's clock ran: {south}");
    assert_eq!(south, 59_700, "by exactly the 0.3 s that passed");
    assert_eq!(ticking["clock"]["north_ms"], 60_000, "North's did not");
    let answer =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"}))
            .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let clock = &answer.json()["state"]["clock"];
    let south = ms(&clock["south_ms"]);
    // 60 s, less the time taken (at least 0.3 s), plus 5 s.
    assert!((60_000..=64_700).contains(&south), "the increment was added: {south}");
    assert_eq!(south, 64_700);
    assert_eq!(clock["running"], "north");
    // Stored with the move.
    let stored = stored_row(&db, &id);
    assert_eq!(stored.clock.unwrap().south_ms, south);
    assert_eq!(stored_moves(&db, &id), ["c"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_time_runs_out_loses_without_any_request() {
    let (_dir, db, time, server) = fresh_server_at(|_| {}).await;
    let (id, token) = clocked_game(&server, 1).await;
    let mut ws = game_socket(&server, &id).await;
    // A millisecond short of the second, nothing happens; at the second
    // the flag falls, with nothing but the WebSocket open.
    time.advance(Duration::from_millis(999));
    let early = tokio::time::timeout(Duration::from_millis(200), ws.next()).await;
    if let Ok(Some(Ok(message))) = early {
        assert!(!message.to_text().unwrap().contains("\"over\":true"), "fell early: {message}");
    }
    time.advance(Duration::from_millis(1));
    let over = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let message = ws.next().await.unwrap().unwrap();
            let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
            if message["state"]["over"] == json!(true) {
                return message["state"].clone();
            }
        }
    })
    .await
    .expect("the game ended on time by itself");
    assert_eq!(over["ending"], "time");
    assert_eq!(over["winner"], "north");
    assert_eq!(over["clock"]["south_ms"], 0);
    assert_eq!(over["clock"]["running"], Value::Null);
    assert_eq!(stored_row(&db, &id).ending, Some(GameEnding::Time));
    let late =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"}))
            .await;
    assert_eq!(late.status, 409);
    assert_eq!(late.json()["error"]["code"], "lost_on_time");
    assert!(stored_moves(&db, &id).is_empty());
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(
        record.contains("[Ending \"time\"]") && record.contains("[Result \"north\"]"),
        "{record}"
    );
    assert!(record.contains("[TimeControl \"1+0\"]"), "{record}");
    let parsed = mancala_rules::Record::parse(&record).unwrap();
    assert_eq!(parsed.ending, mancala_rules::Ending::Time { loser: mancala_rules::Side::South });
    server.stop().await;
}

on_both_stores!(a_clock_survives_a_restart_and_a_late_move_is_refused => clock_survives_a_restart);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_online_game_can_be_claimed_after_the_timeout_only() {
    use futures_util::SinkExt;
    let (_dir, db, time, server) = fresh_server_at(|c| c.abandon_seconds = 1).await;
    let (id, ann, ben) = online_game(&server, json!({"game": "wahree"})).await;
    let claim = |token: String| {
        let server = &server;
        let id = id.clone();
        async move { post(server, &format!("/api/games/{id}/claim"), json!({"token": token})).await }
    };
    // Ann moves; Ben is to move and has the game open.
    post(&server, &format!("/api/games/{id}/moves"), json!({"token": ann, "move": "c"})).await;
    let mut ws = game_socket(&server, &id).await;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        json!({"type": "seat", "token": ben}).to_string().into(),
    ))
    .await
    .unwrap();
    let mut present = false;
    for _ in 0..200 {
        if state_of(&server, &id).await["presence"]["north"] == json!(true) {
            present = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(present, "Ben's page counts as present");
    time.advance(Duration::from_millis(1100));
    let connected = claim(ann.clone()).await;
    assert_eq!(connected.status, 409);
    assert_eq!(connected.json()["error"]["code"], "opponent_connected");
    // Ben leaves: the timeout starts again from now.
    ws.close(None).await.unwrap();
    drop(ws);
    let mut away = Value::Null;
    for _ in 0..200 {
        away = state_of(&server, &id).await;
        if away["presence"]["north"] == json!(false) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(away["presence"]["north"], false);
    assert!(ms(&away["claim_in_ms"]) > 500, "{}", away["claim_in_ms"]);
    assert_eq!(ms(&away["claim_in_ms"]), 1000, "a full second from his leaving");
    let early = claim(ann.clone()).await;
    assert_eq!(early.status, 409);
    let early = early.json();
    assert_eq!(early["error"]["code"], "too_early");
    assert_eq!(early["error"]["seconds_left"], 1);
    assert!(early["error"]["message"].as_str().unwrap().contains("claim the win in 1 s"));
    let own = claim(ben.clone()).await;
    assert_eq!((own.status, own.json()["error"]["code"].clone()), (409, json!("your_turn")));
    assert_eq!(claim("nobody".into()).await.status, 403);
    assert_eq!(stored_row(&db, &id).status, Status::Active, "a refused claim changes nothing");
    time.advance(Duration::from_millis(999));
    assert_eq!(code(&claim(ann.clone()).await), "too_early", "a millisecond short");
    time.advance(Duration::from_millis(1));
    let claimed = claim(ann.clone()).await;
    assert_eq!(claimed.status, 200, "{}", claimed.body);
    let claimed = claimed.json();
    assert_eq!(
        (claimed["winner"].clone(), claimed["ending"].clone()),
        (json!("south"), json!("abandoned"))
    );
    assert_eq!(
        claimed["ending_text"]["en"],
        "a player left the game and their opponent claimed the win"
    );
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(record.contains("[Ending \"abandoned\"]"), "{record}");
    assert_eq!(claim(ann.clone()).await.status, 409, "once over, nothing to claim");
    // Not in a game at one screen.
    let (local, token, _) = create(&server, json!({"game": "wahree", "mode": "local"})).await;
    let refused =
        post(&server, &format!("/api/games/{local}/claim"), json!({"token": token})).await;
    assert_eq!((refused.status, refused.json()["error"]["code"].clone()), (409, json!("no_claim")));
    server.stop().await;
}
