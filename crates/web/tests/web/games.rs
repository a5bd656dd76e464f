//! Games end to end: against the computer, between people, records, restarts, matches, hints, reviews.

use super::*;

async fn computer_game_to_its_end(db: &impl Database) {
    let server = start(db, 0).await;
    let created = post(
        &server,
        "/api/games",
        json!({"game": "wahree", "mode": "computer", "level": 1, "name": "Ann"}),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    assert_eq!(created["side"], "south");
    assert_eq!(created["state"]["players"]["north"]["kind"], "computer");
    let mut plies = 0;
    loop {
        let state = wait_for_turn(&server, &id, "south").await;
        if state["over"] == json!(true) {
            assert!(["south", "north", "draw"].contains(&state["winner"].as_str().unwrap()));
            assert!(state["ending"].is_string());
            break;
        }
        let pick = strings(&state["legal"])[0].clone();
        let answer = play_move(&server, &id, &token, &pick).await.json();
        // Stored before it was acknowledged: the database already holds at
        // least every move the answer reports.
        let reported = strings(&answer["state"]["moves"]);
        let stored = stored_moves(db, &id);
        assert!(stored.len() >= reported.len() && stored[..reported.len()] == reported[..]);
        assert_eq!(answer["move"]["move"], json!(pick));
        assert_eq!(answer["move"]["events"][0]["type"], "take");
        for lang in ["en", "vi", "nl"] {
            assert!(!answer["move"]["explanation"][lang].as_str().unwrap().is_empty());
        }
        plies += 1;
        assert!(plies < 1000, "game too long");
    }
    let record = get(&server, &format!("/api/games/{id}/record")).await;
    assert_eq!(record.status, 200);
    let parsed = mancala_rules::Record::parse(&record.body).unwrap();
    assert_eq!(parsed.moves.len(), stored_moves(db, &id).len());
    assert_eq!(parsed.tag("South"), Some("Ann"));
    // Listed among the finished games.
    let list = get(&server, "/api/games?status=finished").await.json();
    assert!(list.as_array().unwrap().iter().any(|g| g["id"] == json!(id)));
    server.stop().await;
}

async fn survives_a_restart(db: &impl Database) {
    let server = start(db, 0).await;
    let c =
        post(&server, "/api/games", json!({"game": "barbados-warri-bridgetown", "mode": "local"}))
            .await
            .json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut acknowledged = Vec::new();
    for _ in 0..6 {
        let state = get(&server, &format!("/api/games/{id}")).await.json();
        let pick = strings(&state["legal"]).last().unwrap().clone();
        let answer =
            post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": pick}))
                .await;
        assert_eq!(answer.status, 200);
        acknowledged.push(pick);
    }
    let before = get(&server, &format!("/api/games/{id}")).await.json();
    server.stop().await;
    let server = start(db, 0).await;
    let after = get(&server, &format!("/api/games/{id}")).await.json();
    assert_eq!(strings(&after["moves"]), acknowledged);
    assert_eq!(after, before);
    // And play goes on with the same token.
    let pick = strings(&after["legal"])[0].clone();
    play_move(&server, &id, &token, &pick).await;
    server.stop().await;
}

async fn computer_turn_after_a_restart(db: &impl Database) {
    let mut game = row("waiting1");
    game.mode = Mode::Computer;
    game.level = Some(1);
    game.computer = Some(mancala_rules::Side::South);
    game.south_token = None;
    off_async(|| mancala_web::open_store(&db.url()).unwrap().create(&game, &[]).unwrap());
    let server = start(db, 0).await;
    let state = wait_for_turn(&server, "waiting1", "north").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 1);
    assert_eq!(stored_moves(db, "waiting1").len(), 1);
    server.stop().await;
}

async fn kill_9_loses_nothing(db: &impl Database) {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let launch = || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-web"))
            .args(["--bind", "127.0.0.1:0", "--database", &db.url()])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        // "Open http://127.0.0.1:PORT in your browser ..."
        let addr: std::net::SocketAddr = line
            .split("http://")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        (child, addr)
    };
    // The same tiny client, addressed to the child process.
    async fn call(addr: std::net::SocketAddr, method: &str, path: &str, body: Value) -> Reply {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let body = if method == "POST" { body.to_string() } else { String::new() };
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(body.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw).await;
        let text = String::from_utf8_lossy(&raw).to_string();
        let (head, rest) = text.split_once("\r\n\r\n").unwrap();
        Reply {
            status: head.split(' ').nth(1).unwrap().parse().unwrap(),
            headers: head.into(),
            body: rest.into(),
        }
    }
    let (mut child, addr) = launch();
    let c =
        call(addr, "POST", "/api/games", json!({"game": "wahree", "mode": "local"})).await.json();
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut acknowledged = Vec::new();
    for _ in 0..5 {
        let state = call(addr, "GET", &format!("/api/games/{id}"), Value::Null).await.json();
        let pick = strings(&state["legal"])[0].clone();
        let r = call(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": pick}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        acknowledged.push(pick);
    }
    child.kill().unwrap(); // SIGKILL: no shutdown, no flush
    child.wait().unwrap();
    assert_eq!(stored_moves(db, &id), acknowledged);
    let (mut child, addr) = launch();
    let state = call(addr, "GET", &format!("/api/games/{id}"), Value::Null).await.json();
    assert_eq!(strings(&state["moves"]), acknowledged);
    child.kill().unwrap();
    child.wait().unwrap();
}

async fn match_to_six_wins(db: &impl Database) {
    let mut server = start(db, 0).await;
    let refused =
        post(&server, "/api/games", json!({"game": "wahree", "mode": "online", "match": true}))
            .await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.json()["error"]["code"], "no_match_play");
    let (mut id, ann, created) = create(
        &server,
        json!({"game": "barbados-warri-speightstown", "mode": "online", "name": "Ann", "match": true}),
    )
    .await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let ben =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite, "name": "Ben"}))
            .await
            .json()["token"]
            .as_str()
            .unwrap()
            .to_string();
    let match_id = created["state"]["match"]["id"].as_str().unwrap().to_string();
    // Game 1 is drawn by agreement (nothing captured yet: 0-0), and does
    // not count; then Ann resigns every game, and Ben wins six.
    for game in 0..7usize {
        let state = state_of(&server, &id).await;
        let ann_side = if game % 2 == 0 { "south" } else { "north" };
        let ben_side = if ann_side == "south" { "north" } else { "south" };
        assert_eq!(state["players"][ann_side]["name"], "Ann", "game {}", game + 1);
        assert_eq!(state["players"][ben_side]["name"], "Ben", "game {}", game + 1);
        assert_eq!(state["match"]["game"], game + 1);
        assert_eq!(state["match"]["first_to"], 6);
        assert_eq!(state["match"]["wins"][ann_side], 0);
        assert_eq!(state["match"]["wins"][ben_side], game.saturating_sub(1));
        let over = if game == 0 {
            post(&server, &format!("/api/games/{id}/offer"), json!({"token": ann})).await;
            post(&server, &format!("/api/games/{id}/accept"), json!({"token": ben})).await.json()
        } else {
            post(&server, &format!("/api/games/{id}/resign"), json!({"token": ann})).await.json()
        };
        assert_eq!(over["over"], true, "{over}");
        let expected = if game == 0 { "draw" } else { ben_side };
        assert_eq!(over["winner"], expected);
        assert_eq!(over["match"]["wins"][ben_side], game.saturating_sub(1) + usize::from(game > 0));
        assert_eq!(over["match"]["draws"], 1);
        if game < 6 {
            assert_eq!(over["match"]["winner"], Value::Null);
            if game == 3 {
                // The match is stored: a restart keeps it.
                server.stop().await;
                server = start(db, 0).await;
            }
            // Ben asks for the next game first; Ann gets her seat in it.
            let next = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ben}))
                .await
                .json();
            let again = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann}))
                .await
                .json();
            assert_eq!(next["id"], again["id"]);
            assert_eq!(
                (next["token"].as_str(), again["token"].as_str()),
                (Some(ben.as_str()), Some(ann.as_str()))
            );
            assert_eq!(again["side"], ben_side, "Ann changes seats");
            // Watchers of the finished game learn of the next one.
            let left = get(&server, &format!("/api/games/{id}")).await.json();
            assert_eq!((&left["next_game"], &left["match"]["next"]), (&next["id"], &next["id"]));
            id = next["id"].as_str().unwrap().to_string();
        } else {
            assert_eq!(over["match"]["winner"], ben_side);
            assert_eq!(over["match"]["wins"][ben_side], 6);
            let no_more =
                post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await;
            assert_eq!(no_more.status, 409);
            assert_eq!(no_more.json()["error"]["code"], "match_over");
        }
    }
    let (stored, games) = db.with_store(|store| store.load_match(&match_id).unwrap().unwrap());
    assert_eq!(stored.first_to, 6);
    assert_eq!(games.len(), 7);
    let results: Vec<&str> = games.iter().map(|g| g.result.unwrap().id()).collect();
    assert_eq!(results, ["draw", "south", "north", "south", "north", "south", "north"]);
    let record = get(&server, &format!("/api/games/{id}/record")).await.body;
    assert!(record.contains(&format!("[Match \"{match_id} game 7\"]")), "{record}");
    server.stop().await;
}

async fn upload(server: &Server, moves: &str) -> (String, String, Value) {
    let record =
        format!("[Game \"barbados-warri-speightstown\"]\n[Setup \"{PUZZLE}\"]\n\n{moves}\n");
    upload_record(server, &record).await
}

/// Uploads a record; its game's id, token and state.
async fn upload_record(server: &Server, record: &str) -> (String, String, Value) {
    let uploaded = post(server, "/api/records", json!({"record": record})).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.body);
    let uploaded = uploaded.json();
    let id = uploaded["id"].as_str().unwrap().to_string();
    let token = uploaded["token"].as_str().unwrap().to_string();
    (id, token, uploaded["state"].clone())
}

async fn review_of_a_blunder(db: &impl Database) {
    let server = start(db, 0).await;
    // South plays a instead of the winning f, then resigns.
    let (id, token, _) = upload(&server, "a").await;
    let early = get(&server, &format!("/api/games/{id}/review")).await;
    assert_eq!((early.status, early.json()["error"]["code"].clone()), (409, json!("not_over")));
    post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await;
    let review = get(&server, &format!("/api/games/{id}/review")).await;
    assert_eq!(review.status, 200, "{}", review.body);
    let review = review.json();
    assert_eq!(review["positions"].as_array().unwrap().len(), 2, "{review}");
    let blunder = &review["moves"][0];
    assert_eq!(blunder["move"], "a");
    assert_eq!(blunder["mistake"], true, "{review}");
    assert_eq!(blunder["changes_result"], true, "{review}");
    assert_eq!(blunder["better"], "f");
    assert_eq!(blunder["best"]["result"], "win");
    assert_eq!(review["positions"][0]["south"]["result"], "win");
    assert_eq!(review["mistakes"]["south"], 1);
    // Computed once: stored, and the same answer again.
    assert!(db.with_store(|store| store.load_review(&id).unwrap().is_some()));
    assert_eq!(get(&server, &format!("/api/games/{id}/review")).await.json(), review);
    // The winning move is no mistake.
    let (won, _, state) = upload(&server, "f").await;
    assert_eq!(state["over"], true);
    let review = get(&server, &format!("/api/games/{won}/review")).await.json();
    assert_eq!(review["moves"][0]["mistake"], false, "{review}");
    assert_eq!(review["moves"][0]["better"], Value::Null);
    assert_eq!(review["positions"][1]["south"]["result"], "win", "{review}");
    server.stop().await;
}

async fn offer_survives_a_restart(db: &impl Database) {
    let server = start(db, 0).await;
    let (id, ann, created) = create(&server, json!({"game": "wahree", "mode": "online"})).await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let ben = post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite}))
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let offered = post(&server, &format!("/api/games/{id}/offer"), json!({"token": ann})).await;
    assert_eq!(offered.json()["state"]["offer"], "south");
    server.stop().await;
    let server = start(db, 0).await;
    assert_eq!(state_of(&server, &id).await["offer"], "south");
    let accepted = post(&server, &format!("/api/games/{id}/accept"), json!({"token": ben})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.json()["ending"], "agreed");
    assert_eq!(stored_row(db, &id).offer, None);
    server.stop().await;
}

on_both_stores!(computer_game_is_played_to_its_end_and_every_move_is_stored_before_its_answer => computer_game_to_its_end);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_a_move_against_the_computer_only() {
    let (_dir, db, server) = fresh_server().await;
    let computer = json!({"game": "oware-abapa", "mode": "computer", "level": 1});
    let (id, token, _) = create(&server, computer).await;
    post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"})).await;
    let state = wait_for_turn(&server, &id, "south").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    let undone = post(&server, &format!("/api/games/{id}/undo"), json!({"token": token})).await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(undone.json()["moves"], json!([]));
    assert!(stored_moves(&db, &id).is_empty());
    let again = post(&server, &format!("/api/games/{id}/undo"), json!({"token": token})).await;
    assert_eq!(again.status, 409);
    let (lid, ltoken, _) = create(&server, json!({"game": "wahree", "mode": "local"})).await;
    post(&server, &format!("/api/games/{lid}/moves"), json!({"token": ltoken, "move": "a"})).await;
    let refused = post(&server, &format!("/api/games/{lid}/undo"), json!({"token": ltoken})).await;
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["error"]["code"], "no_undo");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_seats_move_in_turn_and_others_only_watch() {
    let (_dir, db, server) = fresh_server().await;
    let (id, south, c) =
        create(&server, json!({"game": "anywoli", "mode": "online", "name": "Ann"})).await;
    let invite_url = c["invite_url"].as_str().unwrap();
    let code = invite_url.split("invite=").nth(1).unwrap();
    assert!(invite_url.starts_with(&format!("http://{}/g/{id}", server.addr)));

    // A spectator watching over the WebSocket from the start.
    let mut ws = game_socket(&server, &id).await;
    let first: Value =
        serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(first["type"], "state");

    let joined =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": code, "name": "Ben"}))
            .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    assert_eq!(joined["side"], "north");
    let north = joined["token"].as_str().unwrap().to_string();
    // The invitation works once: a third person is a spectator.
    let third =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": code, "name": "Cy"}))
            .await;
    assert_eq!(third.status, 403);
    assert_eq!(third.json()["error"]["code"], "seat_taken");

    // The public state shows names but never a token or the code.
    let state = get(&server, &format!("/api/games/{id}")).await;
    assert!(
        !state.body.contains(&south) && !state.body.contains(&north) && !state.body.contains(code)
    );
    assert_eq!(state.json()["players"]["north"]["name"], "Ben");

    // North cannot move first, nor can a stranger, nor South twice.
    let early =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": north, "move": "A"}))
            .await;
    assert_eq!(early.status, 409);
    assert_eq!(early.json()["error"]["code"], "not_your_turn");
    let stranger =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": "0123", "move": "a"}))
            .await;
    assert_eq!(stranger.status, 403);
    let mut expected_moves = Vec::new();
    for (token, side) in
        [(&south, "south"), (&north, "north"), (&south, "south"), (&north, "north")]
    {
        let state = get(&server, &format!("/api/games/{id}")).await.json();
        if state["to_move"] != json!(side) {
            break;
        }
        let pick = strings(&state["legal"])[0].clone();
        play_move(&server, &id, token, &pick).await;
        expected_moves.push(pick);
    }
    assert!(expected_moves.len() >= 2);
    assert_eq!(stored_moves(&db, &id), expected_moves);
    // The spectator saw the join and every move, with its events.
    let mut seen = Vec::new();
    while seen.len() < expected_moves.len() {
        let message = next_message(&mut ws).await;
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] == "move" {
            assert!(message["move"]["events"].as_array().unwrap().len() > 1);
            seen.push(message["move"]["move"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen, expected_moves);

    // An agreed end needs both: offered by one, accepted by the other.
    let offer = post(&server, &format!("/api/games/{id}/offer"), json!({"token": south})).await;
    assert_eq!(offer.status, 200);
    assert_eq!(offer.json()["state"]["offer"], "south");
    let self_accept =
        post(&server, &format!("/api/games/{id}/accept"), json!({"token": south})).await;
    assert_eq!(self_accept.status, 409);
    let accepted = post(&server, &format!("/api/games/{id}/accept"), json!({"token": north})).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let accepted = accepted.json();
    assert_eq!(accepted["over"], true);
    assert_eq!(accepted["ending"], "agreed");

    // Rematch: seats swap, each player gets their new seat.
    let r1 =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": south})).await.json();
    let r2 =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": north})).await.json();
    assert_eq!(r1["id"], r2["id"]);
    assert_eq!((r1["side"].as_str(), r2["side"].as_str()), (Some("north"), Some("south")));
    assert_eq!(r1["state"]["players"]["south"]["name"], "Ben");
    server.stop().await;
}

on_both_stores!(a_game_survives_a_server_restart => survives_a_restart);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_download_and_upload_round_trip() {
    let (_dir, _, server) = fresh_server().await;
    let ann_and_ben =
        json!({"game": "oware-abapa", "mode": "local", "name": "Ann", "opponent": "Ben \"B\""});
    let (id, token, _) = create(&server, ann_and_ben).await;
    for letter in ["c", "F", "a", "B"] {
        play_move(&server, &id, &token, letter).await;
    }
    let resigned =
        post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await.json();
    assert_eq!(
        (resigned["winner"].as_str(), resigned["ending"].as_str()),
        (Some("north"), Some("resignation"))
    );
    let text = get(&server, &format!("/api/games/{id}/record")).await;
    assert!(text.headers.to_ascii_lowercase().contains("content-disposition: attachment"));
    let original = mancala_rules::Record::parse(&text.body).unwrap();
    let uploaded = post(&server, "/api/records", json!({"record": text.body})).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.body);
    let new_id = uploaded.json()["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, id);
    let state = uploaded.json()["state"].clone();
    assert_eq!((state["over"].as_bool(), state["winner"].as_str()), (Some(true), Some("north")));
    let again = mancala_rules::Record::parse(
        &get(&server, &format!("/api/games/{new_id}/record")).await.body,
    )
    .unwrap();
    assert_eq!(again.moves, original.moves);
    assert_eq!(again.ending, original.ending);
    assert_eq!(again.tag("North"), Some("Ben \"B\""));
    // Replay gives every position.
    let replay = get(&server, &format!("/api/games/{new_id}/replay")).await.json();
    assert_eq!(replay["plies"].as_array().unwrap().len(), 5);
    assert_eq!(replay["plies"][1]["report"]["move"], "c");
    // The move's report is the one the command writes
    // (`mancala_json::move_report`), with the explanation in every language.
    let report = &replay["plies"][1]["report"];
    let rules = mancala_rules::ruleset("oware-abapa").unwrap().rules;
    let mut game = mancala_rules::Game::new(rules);
    let c = mancala_rules::Pit::parse("c", &rules).unwrap();
    let played = game.play_reported(c).unwrap();
    let expected = mancala_json::move_report(&rules, &played, report["explanation"].clone());
    assert_eq!(report, &expected);
    for lang in ["en", "vi", "nl"] {
        assert!(report["explanation"][lang].as_str().is_some_and(|s| !s.is_empty()), "{report}");
    }
    server.stop().await;
}

on_both_stores!(a_computer_game_stored_at_the_computers_turn_goes_on_after_a_restart => computer_turn_after_a_restart);

on_both_stores!(
    /// The real binary, killed with SIGKILL right after acknowledged moves,
    /// loses none of them.
    kill_9_right_after_an_acknowledged_move_loses_nothing => kill_9_loses_nothing
);

on_both_stores!(a_barbados_match_is_played_to_six_wins_with_colours_alternating => match_to_six_wins);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_move_and_only_where_hints_are_allowed() {
    let (_dir, _, server) = fresh_server().await;
    let (id, token, _) =
        create(&server, json!({"game": "oware-abapa", "mode": "computer", "level": 1})).await;
    let hint = post(&server, &format!("/api/games/{id}/hint"), json!({"token": token})).await;
    assert_eq!(hint.status, 200, "{}", hint.body);
    let hint = hint.json();
    let legal = strings(&state_of(&server, &id).await["legal"]);
    assert!(legal.contains(&hint["move"].as_str().unwrap().to_string()), "{hint}");
    assert!(hint["value"]["seeds"].is_number(), "{hint}");
    assert_eq!(
        post(&server, &format!("/api/games/{id}/hint"), json!({"token": "nobody"})).await.status,
        403
    );
    // A won position: the hint is the winning move.
    let (puzzle, token, state) = upload(&server, "").await;
    assert_eq!(state["hints"], true);
    let hint =
        post(&server, &format!("/api/games/{puzzle}/hint"), json!({"token": token})).await.json();
    assert_eq!(hint["move"], "f", "{hint}");
    assert_eq!(hint["value"]["result"], "win", "{hint}");
    // Not between two people online.
    let (online, token, created) =
        create(&server, json!({"game": "wahree", "mode": "online"})).await;
    assert_eq!(created["state"]["hints"], false);
    let refused =
        post(&server, &format!("/api/games/{online}/hint"), json!({"token": token})).await;
    assert_eq!((refused.status, refused.json()["error"]["code"].clone()), (409, json!("no_hints")));
    server.stop().await;
}

on_both_stores!(a_review_values_every_position_and_flags_a_blunder => review_of_a_blunder);

on_both_stores!(a_pending_offer_survives_a_restart => offer_survives_a_restart);

/// `anywoli-lot`'s last-four story (as in the rules crate's tests): two
/// moves, then South's `A`... ends the game, and the lot gives the last
/// four seeds to one side.
const LOT_STORY: &str = "2,0,3,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 42-42 S";

async fn upload_lot(server: &Server, tags: &str, moves: &str) -> (String, String, Value) {
    let record = format!("[Game \"anywoli-lot\"]\n{tags}[Setup \"{LOT_STORY}\"]\n\n{moves}\n");
    upload_record(server, &record).await
}

async fn the_lot_comes_from_a_secret_stored_seed(db: &impl Database) {
    let server = start(db, 0).await;
    // Two games a move from the lot: each has a seed of its own, stored,
    // not the one its public id would give, and not in the record yet.
    let (a, token, state) = upload_lot(&server, "", "a b").await;
    let (b, _, _) = upload_lot(&server, "", "a b").await;
    assert_eq!(state["over"], false, "{state}");
    let seed = stored_row(db, &a).lot_seed.expect("a new game stores its lot's seed");
    assert_ne!(Some(seed), stored_row(db, &b).lot_seed, "each game draws its own seed");
    assert_ne!(seed, mancala_web::game::lot_seed_of_old_game(&a));
    let record = get(&server, &format!("/api/games/{a}/record")).await.body;
    assert!(!record.contains("[Lot"), "the seed is secret while the game is on: {record}");
    // The last move draws the lot from that seed, and the record shows it.
    let answer =
        post(&server, &format!("/api/games/{a}/moves"), json!({"token": token, "move": "A"})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state = answer.json()["state"].clone();
    assert_eq!(state["over"], true, "{state}");
    let winner = match mancala_rules::lot_winner(seed) {
        mancala_rules::Side::South => "south",
        mancala_rules::Side::North => "north",
    };
    // 42-42 before: the lot's four make the difference.
    assert_eq!(state["winner"], winner, "{state}");
    let record = get(&server, &format!("/api/games/{a}/record")).await.body;
    assert!(record.contains(&format!("[Lot \"{seed}\"]")), "{record}");
    server.stop().await;
    // A finished record keeps its own seed, so the stored game replays to
    // the record's result after a restart (the game is rebuilt from its moves).
    let north_seed = (0..).find(|&s| mancala_rules::lot_winner(s) == mancala_rules::Side::North);
    let north_seed = north_seed.unwrap();
    let server = start(db, 0).await;
    let (c, _, state) = upload_lot(&server, &format!("[Lot \"{north_seed}\"]\n"), "a b A").await;
    assert_eq!((state["over"].clone(), state["winner"].clone()), (json!(true), json!("north")));
    assert_eq!(stored_row(db, &c).lot_seed, Some(north_seed));
    server.stop().await;
    let server = start(db, 0).await;
    let again = state_of(&server, &c).await;
    assert_eq!(again["winner"], "north", "{again}");
    assert_eq!(state_of(&server, &a).await["winner"], winner);
    server.stop().await;
}

on_both_stores!(the_lot_comes_from_a_secret_stored_seed_on_sqlite => the_lot_comes_from_a_secret_stored_seed);
