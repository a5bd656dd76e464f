//! The social side of issue 31, over HTTP: a rematch that is declined or
//! withdrawn, and the way from a tournament's game back to the
//! tournament.

use super::*;

/// The next message of a type on a game's socket (within 5 s).
async fn next_state(
    socket: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    until: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("no message within 5 s")
            .unwrap()
            .unwrap();
        if let Ok(text) = message.to_text() {
            if let Ok(value) = serde_json::from_str::<Value>(text) {
                if value["type"] == "state" && until(&value["state"]) {
                    return value["state"].clone();
                }
            }
        }
    }
}

async fn rematch_answers(db: &impl Database) {
    let server = start(db, 0).await;
    // Declined: Ann asks, Ben declines; Ann's page (on the rematch) hears
    // of it at once, and the unplayed game is gone from the store.
    let (id, ann, ben) = online_game(&server, json!({"game": "wahree"})).await;
    assert_eq!(
        post(&server, &format!("/api/games/{id}/resign"), json!({"token": ben})).await.status,
        200
    );
    let asked = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let next = asked.json()["id"].as_str().unwrap().to_string();
    assert_eq!(asked.json()["state"]["rematch_of"], id.as_str());
    let mut ann_socket = game_socket(&server, &next).await;
    // Ann cannot decline her own rematch; Ben cannot withdraw it.
    let wrong =
        post(&server, &format!("/api/games/{id}/rematch/decline"), json!({"token": ann})).await;
    assert_eq!((wrong.status, code(&wrong)), (409, "you_asked".to_string()));
    let wrong =
        post(&server, &format!("/api/games/{id}/rematch/cancel"), json!({"token": ben})).await;
    assert_eq!((wrong.status, code(&wrong)), (409, "not_yours".to_string()));
    let declined =
        post(&server, &format!("/api/games/{id}/rematch/decline"), json!({"token": ben})).await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert_eq!(declined.json()["game"]["called_off"]["why"], "declined");
    assert_eq!(declined.json()["game"]["rematch"], Value::Null);
    let told = next_state(&mut ann_socket, |s| !s["called_off"].is_null()).await;
    assert_eq!(told["called_off"], json!({"why": "declined", "back": id}));
    assert!(db.with_store(|s| s.load(&next).unwrap().is_none()), "the unplayed rematch is kept");
    assert_eq!(stored_row(db, &id).rematch, None);

    // Withdrawn: Ann asks again and calls it off from the rematch's page.
    let asked = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await;
    let next = asked.json()["id"].as_str().unwrap().to_string();
    let mut ben_socket = game_socket(&server, &id).await;
    let cancelled =
        post(&server, &format!("/api/games/{id}/rematch/cancel"), json!({"token": ann})).await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    let told = next_state(&mut ben_socket, |s| !s["called_off"].is_null()).await;
    assert_eq!(told["called_off"]["why"], "withdrawn");
    assert_eq!(told["rematch"], Value::Null);
    assert!(db.with_store(|s| s.load(&next).unwrap().is_none()));
    // Once begun (both came, a move made), it is played, not called off.
    let asked = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await;
    let next = asked.json()["id"].as_str().unwrap().to_string();
    let ben_next =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ben})).await.json();
    let south = if ben_next["side"] == "south" {
        ben_next["token"].as_str().unwrap().to_string()
    } else {
        asked.json()["token"].as_str().unwrap().to_string()
    };
    let legal = state_of(&server, &next).await["legal"][0].as_str().unwrap().to_string();
    assert_eq!(
        post(&server, &format!("/api/games/{next}/moves"), json!({"token": south, "move": legal}))
            .await
            .status,
        200
    );
    let late =
        post(&server, &format!("/api/games/{id}/rematch/cancel"), json!({"token": ann})).await;
    assert_eq!((late.status, code(&late)), (409, "rematch_started".to_string()));
    server.stop().await;
}

on_both_stores!(a_rematch_is_declined_or_withdrawn_and_both_players_are_told => rematch_answers);

async fn tournament_links(db: &impl Database) {
    let server = start(db, 0).await;
    let made =
        post(&server, "/api/account", json!({"name": "Teacher", "password": "a long password"}))
            .await;
    let teacher = session_of(&made);
    let created = post_as(
        &server,
        "/api/tournaments",
        &teacher,
        json!({"name": "Class 5B", "game": "wahree", "system": "round_robin"}),
    )
    .await;
    let tid = created.json()["id"].as_str().unwrap().to_string();
    let mut pupils = Vec::new();
    for name in ["Ann", "Ben"] {
        let joined =
            post_as(&server, &format!("/api/tournaments/{tid}/join"), "", json!({"name": name}))
                .await;
        pupils.push(session_of(&joined));
    }
    let started =
        post_as(&server, &format!("/api/tournaments/{tid}/start-round"), &teacher, Value::Null)
            .await;
    assert_eq!(started.status, 200, "{}", started.body);
    let view =
        with_cookie(&server, "GET", &format!("/api/tournaments/{tid}"), &pupils[0], Value::Null)
            .await
            .json();
    let game = view["you"]["seats"][0]["game"].as_str().unwrap().to_string();
    let state = state_of(&server, &game).await;
    assert_eq!(
        state["tournament"],
        json!({"id": tid, "name": "Class 5B", "url": format!("/tournaments/{tid}")})
    );
    // An ordinary game has none.
    let (other, _, _) = create(&server, json!({"game": "wahree", "mode": "local"})).await;
    assert_eq!(state_of(&server, &other).await["tournament"], Value::Null);
    server.stop().await;
}

on_both_stores!(a_tournament_game_names_its_tournament => tournament_links);
