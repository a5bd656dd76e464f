//! Bad input, floods, limits and hardening: one client cannot hurt another.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_clear_errors_and_change_nothing() {
    let (_dir, db, server) = fresh_server().await;
    let (id, token, _) =
        create(&server, json!({"game": "barbados-warri", "mode": "local", "name": "A"})).await;
    let before = get(&server, &format!("/api/games/{id}")).await.body;
    let moves = format!("/api/games/{id}/moves");
    let cases: Vec<(u16, &str, Reply)> = vec![
        (400, "malformed_json", http(&server, "POST", &moves, &[], b"{not json").await),
        (400, "malformed_json", post(&server, &moves, json!({"token": token})).await),
        (400, "bad_move", post(&server, &moves, json!({"token": token, "move": "7"})).await),
        (400, "bad_move", post(&server, &moves, json!({"token": token, "move": "g"})).await),
        (403, "not_a_player", post(&server, &moves, json!({"token": "wrong", "move": "a"})).await),
        (409, "illegal_move", post(&server, &moves, json!({"token": token, "move": "A"})).await),
        (
            404,
            "unknown_game",
            post(&server, "/api/games/nosuchgame/moves", json!({"token": token, "move": "a"}))
                .await,
        ),
        (404, "unknown_game", get(&server, "/api/games/nosuchgame").await),
        (404, "unknown_game", get(&server, "/api/games/..%2f..%2fetc").await),
        (413, "body_too_large", http(&server, "POST", &moves, &[], &vec![b' '; 70 * 1024]).await),
        (
            400,
            "unknown_ruleset",
            post(&server, "/api/games", json!({"game": "chess", "mode": "local"})).await,
        ),
        (
            400,
            "bad_mode",
            post(&server, "/api/games", json!({"game": "wahree", "mode": "solo"})).await,
        ),
        (
            400,
            "bad_level",
            post(&server, "/api/games", json!({"game": "wahree", "mode": "computer", "level": 9}))
                .await,
        ),
        (
            400,
            "bad_record",
            post(&server, "/api/records", json!({"record": "[Game \"wahree\"]\n\nz"})).await,
        ),
        (400, "bad_query", get(&server, "/api/games?limit=many").await),
        (
            409,
            "no_offer",
            post(&server, &format!("/api/games/{id}/accept"), json!({"token": token})).await,
        ),
    ];
    for (status, code, reply) in &cases {
        assert_eq!(reply.status, *status, "{code}: {}", reply.body);
        assert_eq!(reply.json()["error"]["code"], *code, "{}", reply.body);
        assert!(reply.json()["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // An illegal move names the legal ones: in Abapa South must feed North.
    let abapa = post(
        &server,
        "/api/records",
        json!({"record":
        "[Game \"oware-abapa\"]\n[Setup \"0,0,0,0,2,10/0,0,0,0,0,0 20-16 S\"]\n\n"}),
    )
    .await;
    assert_eq!(abapa.status, 200, "{}", abapa.body);
    let abapa = abapa.json();
    let (aid, atoken) = (abapa["id"].as_str().unwrap(), abapa["token"].as_str().unwrap());
    let illegal =
        post(&server, &format!("/api/games/{aid}/moves"), json!({"token": atoken, "move": "a"}))
            .await;
    assert_eq!(illegal.status, 409, "{}", illegal.body);
    assert_eq!(illegal.json()["error"]["code"], "illegal_move");
    assert_eq!(illegal.json()["error"]["legal"], json!(["e", "f"]));
    // Nothing changed.
    assert_eq!(get(&server, &format!("/api/games/{id}")).await.body, before);
    assert!(stored_moves(&db, &id).is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_with_429() {
    let (_dir, db) = temp_db();
    let server = start(&db, 5).await;
    let mut statuses = Vec::new();
    for _ in 0..30 {
        statuses.push(get(&server, "/api/games/nosuchgame").await);
    }
    let limited: Vec<&Reply> = statuses.iter().filter(|r| r.status == 429).collect();
    assert!(limited.len() >= 10, "only {} refused", limited.len());
    assert_eq!(limited[0].json()["error"]["code"], "rate_limited");
    server.stop().await;
}

/// A WebSocket client that floods the server with messages is disconnected;
/// the game is untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_flood_is_disconnected() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let (_dir, _, server) = fresh_server().await;
    let c = post(&server, "/api/games", json!({"game": "wahree", "mode": "local"})).await.json();
    let id = c["id"].as_str().unwrap().to_string();
    let unknown =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/nosuchgame/ws", server.addr))
            .await;
    assert!(unknown.is_err(), "no WebSocket for an unknown game");
    let mut ws = game_socket(&server, &id).await;
    ws.next().await.unwrap().unwrap(); // the state
    for _ in 0..50 {
        if ws.send(Message::Text("spam".into())).await.is_err() {
            break;
        }
    }
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .unwrap_or(false);
    assert!(closed, "the flooding client was not disconnected");
    assert_eq!(get(&server, &format!("/api/games/{id}")).await.json()["moves"], json!([]));
    server.stop().await;
}
