//! The lobby (seeks, quick pairing, challenges, over HTTP and its
//! WebSocket) and correspondence games (days per move, a move days later
//! across a restart, the claim after the days), on SQLite and PostgreSQL
//! where a game is stored.

use super::*;
use mancala_web::lobby::{pair_up, window};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// The `name=value` of a reply's `Set-Cookie` named `name`.
fn cookie_named(reply: &Reply, name: &str) -> String {
    reply
        .headers
        .lines()
        .filter_map(|l| l.strip_prefix("set-cookie: ").or_else(|| l.strip_prefix("Set-Cookie: ")))
        .map(|c| c.split(';').next().unwrap().to_string())
        .find(|c| c.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie in {}", reply.headers))
}

/// A guest: the identity cookie the lobby page gives a new browser.
async fn guest(server: &Server) -> String {
    let page = get(server, "/lobby").await;
    assert_eq!(page.status, 200);
    cookie_named(&page, "mancala_guest")
}

/// A new account, signed in: its session cookie.
async fn account(server: &Server, name: &str) -> String {
    let made =
        post(server, "/api/account", json!({"name": name, "password": "a long password"})).await;
    assert_eq!(made.status, 201, "{}", made.body);
    cookie_named(&made, "mancala_session")
}

/// Opens the lobby's socket as the person of `cookie` and reads its first
/// message (everything open).
async fn lobby_socket(server: &Server, cookie: &str) -> (Socket, Value) {
    let mut request = format!("ws://{}/api/lobby/ws", server.addr).into_client_request().unwrap();
    if !cookie.is_empty() {
        request.headers_mut().insert("Cookie", cookie.parse().unwrap());
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let first = next_of(&mut ws, "lobby").await;
    (ws, first)
}

/// The next message of `kind` on a socket (others are skipped), within 5 s.
async fn next_of(ws: &mut Socket, kind: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let message = tokio::time::timeout_at(deadline, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no '{kind}' message within 5 s"))
            .expect("the socket closed")
            .unwrap();
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["type"] == kind {
                return value;
            }
        }
    }
}

async fn open_seeks(server: &Server) -> Vec<Value> {
    get(server, "/api/lobby").await.json()["seeks"].as_array().unwrap().clone()
}

async fn seek_taken_by_another(db: &impl Database) {
    let server = start(db, 0).await;
    let (ann, ben) = (guest(&server).await, guest(&server).await);
    let (mut ann_ws, first) = lobby_socket(&server, &ann).await;
    assert_eq!(first["seeks"], json!([]));
    let (mut ben_ws, _) = lobby_socket(&server, &ben).await;
    let posted = post_as(&server, "/api/seeks",
        &ann,
        json!({"game": "oware-abapa", "clock_seconds": 300, "increment_seconds": 3, "colour": "south", "name": "Ann"}),
    )
    .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    let seek = posted.json();
    // Everyone on the lobby sees it at once.
    let seen = next_of(&mut ben_ws, "seek").await;
    assert_eq!(seen["seek"]["id"], seek["id"]);
    assert_eq!(seen["seek"]["name"], "Ann");
    assert_eq!(seen["seek"]["clock_seconds"], 300);
    let id = seek["id"].as_str().unwrap();
    let taken =
        post_as(&server, &format!("/api/seeks/{id}/accept"), &ben, json!({"name": "Ben"})).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let ben_seat = taken.json();
    assert_eq!(ben_seat["side"], "north");
    // The owner's page is sent to the same game, on the other seat.
    let ann_seat = next_of(&mut ann_ws, "paired").await;
    assert_eq!(ann_seat["id"], ben_seat["id"]);
    assert_eq!(ann_seat["side"], "south");
    assert_eq!(ann_seat["opponent"], "Ben");
    assert_ne!(ann_seat["token"], ben_seat["token"]);
    assert_eq!(next_of(&mut ben_ws, "gone").await["id"], id);
    assert!(open_seeks(&server).await.is_empty());
    // A second taker finds it gone.
    let late = post_as(&server, &format!("/api/seeks/{id}/accept"), &ann, json!({})).await;
    assert_eq!((late.status, code(&late)), (410, "gone".into()));
    // The game: online, both seats taken, stored with its clock; it starts
    // once both have opened it.
    let game = ben_seat["id"].as_str().unwrap();
    let row = stored_row(db, game);
    assert_eq!((row.mode, row.invite.as_deref()), (Mode::Online, None));
    assert_eq!((row.south_name.as_str(), row.north_name.as_str()), ("Ann", "Ben"));
    assert_eq!(row.clock.unwrap().initial_ms, 300_000);
    assert_eq!(state_of(&server, game).await["waiting_for_opponent"], true);
    let _south = seat_socket(&server, game, ann_seat["token"].as_str().unwrap()).await;
    let _north = seat_socket(&server, game, ben_seat["token"].as_str().unwrap()).await;
    let mut started = false;
    for _ in 0..200 {
        if state_of(&server, game).await["waiting_for_opponent"] == false {
            started = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(started, "the game never started");
    let legal = strings(&state_of(&server, game).await["legal"]);
    play_move(&server, game, ann_seat["token"].as_str().unwrap(), &legal[0]).await;
    let not_ben = post(
        &server,
        &format!("/api/games/{game}/moves"),
        json!({"token": ann_seat["token"], "move": legal[0]}),
    )
    .await;
    assert_eq!(not_ben.status, 409, "{}", not_ben.body);
    server.stop().await;
}

on_both_stores!(a_seek_taken_sends_both_pages_to_one_game_on_opposite_seats => seek_taken_by_another);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn impossible_seeks_are_refused_and_change_nothing() {
    let (_dir, _, server) = fresh_server().await;
    let ann = guest(&server).await;
    let first = post_as(&server, "/api/seeks", &ann, json!({"game": "oware-abapa"})).await;
    assert_eq!(first.status, 201, "{}", first.body);
    let cases = [
        (json!({"game": "wahree", "rating_min": 1800, "rating_max": 1200}), 400, "bad_range"),
        (json!({"game": "wahree", "rating_min": -5}), 400, "bad_range"),
        (json!({"game": "wahree", "rating_max": 99999}), 400, "bad_range"),
        (json!({"game": "chess"}), 400, "unknown_ruleset"),
        (json!({"game": "wahree", "rated": true}), 403, "rated_for_accounts"),
        (json!({"game": "wahree", "days_per_move": 5}), 400, "bad_days"),
        (json!({"game": "wahree", "days_per_move": 2, "clock_seconds": 60}), 400, "clock_and_days"),
        (json!({"game": "wahree", "colour": "east"}), 400, "bad_colour"),
        (json!({"game": "wahree", "clock_seconds": 0}), 400, "bad_clock"),
        // One open seek per person per game (oware is open already).
        (json!({"game": "oware-abapa", "clock_seconds": 60}), 409, "seek_exists"),
    ];
    for (body, status, wanted) in cases {
        let reply = post_as(&server, "/api/seeks", &ann, body.clone()).await;
        assert_eq!((reply.status, code(&reply)), (status, wanted.to_string()), "{body}");
        assert!(!reply.json()["error"]["message"].as_str().unwrap().is_empty());
        if wanted == "seek_exists" {
            // It names the seek that is open already.
            assert!(reply.json()["error"]["seek"].as_str().is_some_and(|s| !s.is_empty()));
        }
    }
    let seeks = open_seeks(&server).await;
    assert_eq!(seeks.len(), 1);
    let id = seeks[0]["id"].as_str().unwrap().to_string();
    // Taking one's own seek, or cancelling another's, is refused.
    let own = post_as(&server, &format!("/api/seeks/{id}/accept"), &ann, json!({})).await;
    assert_eq!((own.status, code(&own)), (409, "own_seek".into()));
    let ben = guest(&server).await;
    let theirs =
        with_cookie(&server, "DELETE", &format!("/api/seeks/{id}"), &ben, Value::Null).await;
    assert_eq!((theirs.status, code(&theirs)), (403, "not_yours".into()));
    assert_eq!(open_seeks(&server).await.len(), 1);
    // The owner cancels it; then it is gone for everyone.
    let cancelled =
        with_cookie(&server, "DELETE", &format!("/api/seeks/{id}"), &ann, Value::Null).await;
    assert_eq!(cancelled.status, 204, "{}", cancelled.body);
    let gone = post_as(&server, &format!("/api/seeks/{id}/accept"), &ben, json!({})).await;
    assert_eq!((gone.status, code(&gone)), (410, "gone".into()));
    assert!(open_seeks(&server).await.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_vanishes_when_its_owner_leaves() {
    let (_dir, db) = temp_db();
    let server = start_unlimited(&db, |c| c.ping_seconds = 1).await;
    let (ann, ben) = (guest(&server).await, guest(&server).await);
    let (mut ann_ws, _) = lobby_socket(&server, &ann).await;
    let (mut ben_ws, _) = lobby_socket(&server, &ben).await;
    let posted = post_as(&server, "/api/seeks", &ann, json!({"game": "wahree"})).await;
    assert_eq!(posted.status, 201);
    next_of(&mut ben_ws, "seek").await;
    ann_ws.close(None).await.unwrap();
    assert_eq!(next_of(&mut ben_ws, "gone").await["id"], posted.json()["id"]);
    assert!(open_seeks(&server).await.is_empty());
    // Posted over HTTP by someone who never opens the lobby: it lasts two
    // pings (2 s here), then goes.
    let carl = guest(&server).await;
    let lone = post_as(&server, "/api/seeks", &carl, json!({"game": "oware-abapa"})).await;
    assert_eq!(lone.status, 201);
    assert_eq!(open_seeks(&server).await.len(), 1);
    assert_eq!(next_of(&mut ben_ws, "gone").await["id"], lone.json()["id"]);
    assert!(open_seeks(&server).await.is_empty());
    server.stop().await;
}

#[test]
fn quick_pairing_pairs_close_ratings_first_and_widens_with_waiting() {
    let now = Duration::ZERO;
    // Sorted by rating, neighbours within the window are paired.
    assert_eq!(pair_up(&[(1500.0, now), (1550.0, now)]), vec![(0, 1)]);
    assert_eq!(
        pair_up(&[(1500.0, now), (2000.0, now), (1540.0, now), (1990.0, now)]),
        vec![(0, 2), (3, 1)]
    );
    // 400 apart: not at first, but after 6 s of waiting (100 + 50 a second).
    assert!(pair_up(&[(1500.0, now), (1900.0, now)]).is_empty());
    assert!(pair_up(&[(1500.0, Duration::from_secs(5)), (1900.0, now)]).is_empty());
    assert_eq!(pair_up(&[(1500.0, Duration::from_secs(6)), (1900.0, now)]), vec![(0, 1)]);
    assert_eq!(window(Duration::from_secs(2)), 200.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairing_starts_a_game_for_two_waiting_players() {
    let (_dir, db, server) = fresh_server().await;
    let (ann, ben) = (guest(&server).await, guest(&server).await);
    let (mut ann_ws, _) = lobby_socket(&server, &ann).await;
    let quick = json!({"game": "wahree", "clock_seconds": 300, "increment_seconds": 3});
    let bad = post_as(
        &server,
        "/api/lobby/quick",
        &ann,
        json!({"game": "wahree", "clock_seconds": 301, "increment_seconds": 3}),
    )
    .await;
    assert_eq!((bad.status, code(&bad)), (400, "bad_quick".into()));
    let waits = post_as(&server, "/api/lobby/quick", &ann, quick.clone()).await;
    assert_eq!(waits.json(), json!({"waiting": true, "pool": "wahree 300+3"}));
    // The count shows on every lobby page.
    assert_eq!(next_of(&mut ann_ws, "quick").await["quick"]["wahree 300+3"], 1);
    let paired = post_as(&server, "/api/lobby/quick", &ben, quick).await;
    assert_eq!(paired.status, 200, "{}", paired.body);
    let ben_seat = paired.json()["paired"].clone();
    let ann_seat = next_of(&mut ann_ws, "paired").await;
    assert_eq!(ann_seat["id"], ben_seat["id"]);
    assert_ne!(ann_seat["side"], ben_seat["side"]);
    let row = stored_row(&db, ben_seat["id"].as_str().unwrap());
    assert_eq!(row.clock.map(|c| (c.initial_ms, c.increment_ms)), Some((300_000, 3_000)));
    server.stop().await;
}

/// Quick pairing has a rated choice: refused to a guest; two accounts that
/// ask for it are paired into a rated game, each on a seat of their own.
async fn rated_quick_pairing(db: &impl Database) {
    let server = start(db, 0).await;
    let quick =
        json!({"game": "wahree", "clock_seconds": 300, "increment_seconds": 3, "rated": true});
    let guest = guest(&server).await;
    let refused = post_as(&server, "/api/lobby/quick", &guest, quick.clone()).await;
    assert_eq!((refused.status, code(&refused)), (403, "rated_for_accounts".into()));
    let (ama, kofi) = (account(&server, "Ama").await, account(&server, "Kofi").await);
    let waits = post_as(&server, "/api/lobby/quick", &ama, quick.clone()).await;
    assert_eq!(waits.status, 200, "{}", waits.body);
    assert_eq!(waits.json()["waiting"], true);
    // A casual pool is another pool: a casual asker is not paired with Ama.
    let casual = json!({"game": "wahree", "clock_seconds": 300, "increment_seconds": 3});
    let apart = post_as(&server, "/api/lobby/quick", &guest, casual).await;
    assert_eq!(apart.json()["waiting"], true, "{}", apart.body);
    assert_ne!(apart.json()["pool"], waits.json()["pool"]);
    let paired = post_as(&server, "/api/lobby/quick", &kofi, quick).await;
    assert_eq!(paired.status, 200, "{}", paired.body);
    let id = paired.json()["paired"]["id"].as_str().unwrap().to_string();
    let row = stored_row(db, &id);
    assert!(row.rated, "a rated quick pairing makes a rated game");
    assert!(row.south_player.is_some() && row.north_player.is_some());
    assert_ne!(row.south_player, row.north_player);
    let mut names = [row.south_name.clone(), row.north_name.clone()];
    names.sort();
    assert_eq!(names, ["Ama".to_string(), "Kofi".to_string()]);
    server.stop().await;
}

on_both_stores!(a_rated_quick_pairing_of_two_accounts_makes_a_rated_game => rated_quick_pairing);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_seen_live_and_accepted_or_declined() {
    let (_dir, db, server) = fresh_server().await;
    let (ama, kofi) = (account(&server, "Ama").await, account(&server, "Kofi").await);
    let (mut ama_ws, _) = lobby_socket(&server, &ama).await;
    let (mut kofi_ws, _) = lobby_socket(&server, &kofi).await;
    let body =
        json!({"name": "kofi", "game": "oware-abapa", "days_per_move": 3, "colour": "north"});
    // Guests cannot challenge; nobody can challenge themselves or a
    // player who does not exist.
    let as_guest = post_as(&server, "/api/challenges", "", body.clone()).await;
    assert_eq!((as_guest.status, code(&as_guest)), (401, "not_signed_in".into()));
    let nobody =
        post_as(&server, "/api/challenges", &ama, json!({"name": "Nobody", "game": "oware-abapa"}))
            .await;
    assert_eq!((nobody.status, code(&nobody)), (404, "unknown_player".into()));
    let myself =
        post_as(&server, "/api/challenges", &ama, json!({"name": "AMA", "game": "oware-abapa"}))
            .await;
    assert_eq!((myself.status, code(&myself)), (400, "self_challenge".into()));
    let sent = post_as(&server, "/api/challenges", &ama, body.clone()).await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    let twice = post_as(&server, "/api/challenges", &ama, body.clone()).await;
    assert_eq!((twice.status, code(&twice)), (409, "already_challenged".into()));
    let seen = next_of(&mut kofi_ws, "challenge").await;
    assert_eq!(seen["challenge"]["from"], "Ama");
    assert_eq!(seen["challenge"]["days_per_move"], 3);
    let id = seen["challenge"]["id"].as_str().unwrap().to_string();
    // Only the one challenged answers.
    let not_hers =
        post_as(&server, &format!("/api/challenges/{id}/accept"), &ama, Value::Null).await;
    assert_eq!((not_hers.status, code(&not_hers)), (403, "not_yours".into()));
    let declined =
        post_as(&server, &format!("/api/challenges/{id}/decline"), &kofi, Value::Null).await;
    assert_eq!(declined.status, 204, "{}", declined.body);
    assert_eq!(next_of(&mut ama_ws, "challenge_gone").await["why"], "declined");
    // Again, accepted: a correspondence game, Ama on North as she asked.
    let again = post_as(&server, "/api/challenges", &ama, body).await;
    let id = again.json()["id"].as_str().unwrap().to_string();
    next_of(&mut kofi_ws, "challenge").await;
    let accepted =
        post_as(&server, &format!("/api/challenges/{id}/accept"), &kofi, Value::Null).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let kofi_seat = accepted.json();
    let ama_seat = next_of(&mut ama_ws, "paired").await;
    assert_eq!(
        (ama_seat["side"].as_str(), kofi_seat["side"].as_str()),
        (Some("north"), Some("south"))
    );
    assert_eq!(ama_seat["id"], kofi_seat["id"]);
    let row = stored_row(&db, kofi_seat["id"].as_str().unwrap());
    assert_eq!((row.days, row.clock), (Some(3), None));
    let again = post_as(&server, &format!("/api/challenges/{id}/accept"), &kofi, Value::Null).await;
    assert_eq!((again.status, code(&again)), (410, "gone".into()));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_seek_needs_an_account_and_a_rating_in_its_range_and_makes_a_rated_game() {
    let (_dir, db, server) = fresh_server().await;
    let (ama, kofi) = (account(&server, "Ama").await, account(&server, "Kofi").await);
    let posted = post_as(
        &server,
        "/api/seeks",
        &ama,
        json!({"game": "wahree", "rated": true, "rating_min": 1600, "rating_max": 2000}),
    )
    .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    assert_eq!(posted.json()["rating"], 1500.0);
    let id = posted.json()["id"].as_str().unwrap().to_string();
    let guest = guest(&server).await;
    let as_guest = post_as(&server, &format!("/api/seeks/{id}/accept"), &guest, json!({})).await;
    assert_eq!((as_guest.status, code(&as_guest)), (403, "rated_for_accounts".into()));
    // Kofi has the start rating, 1500: below the range.
    let low = post_as(&server, &format!("/api/seeks/{id}/accept"), &kofi, json!({})).await;
    assert_eq!((low.status, code(&low)), (403, "out_of_range".into()));
    assert_eq!(open_seeks(&server).await.len(), 1);
    // Without a range Kofi takes it: a rated game between the two
    // accounts, each on a seat of their own.
    let open = post_as(
        &server,
        "/api/seeks",
        &ama,
        json!({"game": "anywoli", "rated": true, "colour": "north"}),
    )
    .await;
    let id = open.json()["id"].as_str().unwrap().to_string();
    let taken = post_as(&server, &format!("/api/seeks/{id}/accept"), &kofi, json!({})).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let row = stored_row(&db, taken.json()["id"].as_str().unwrap());
    assert!(row.rated);
    assert_eq!((row.south_name.as_str(), row.north_name.as_str()), ("Kofi", "Ama"));
    assert!(row.south_player.is_some() && row.north_player.is_some());
    assert_ne!(row.south_player, row.north_player);
    server.stop().await;
}

/// Sets a stored game's turn start (the server is stopped): a forced clock,
/// as if that much time had passed.
fn turn_started_at(db: &impl Database, id: &str, ms: i64) {
    db.with_store(|store| {
        let mut row = store.load(id).unwrap().unwrap().row;
        row.turn_started = Some(ms);
        store.save(&row).unwrap();
    });
}

async fn correspondence_across_restarts(db: &impl Database) {
    // A live game's claim would come after 1 s here: a correspondence
    // game's comes after its days.
    let server = start_with(db, 0, 1).await;
    for (body, wanted) in [
        (json!({"game": "wahree", "mode": "online", "days_per_move": 4}), "bad_days"),
        (json!({"game": "wahree", "mode": "computer", "days_per_move": 2}), "days_need_online"),
        (
            json!({"game": "wahree", "mode": "online", "days_per_move": 2, "clock_seconds": 60}),
            "clock_and_days",
        ),
    ] {
        let refused = post(&server, "/api/games", body).await;
        assert_eq!((refused.status, code(&refused)), (400, wanted.to_string()));
    }
    let (id, ann, created) = create(
        &server,
        json!({"game": "oware-abapa", "mode": "online", "name": "Ann", "days_per_move": 2}),
    )
    .await;
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let joined =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite, "name": "Ben"}))
            .await;
    let ben = joined.json()["token"].as_str().unwrap().to_string();
    let state = state_of(&server, &id).await;
    let started = stored_row(db, &id).turn_started.unwrap();
    assert_eq!(state["correspondence"]["days"], 2);
    assert_eq!(ms(&state["correspondence"]["deadline"]), started + 2 * 86_400_000);
    let legal = strings(&state["legal"]);
    play_move(&server, &id, &ann, &legal[0]).await;
    server.stop().await;

    // A day and a half later (the server was down meanwhile), Ben moves:
    // still his time, and Ann could not claim (nor after the live game's 1 s
    // of absence).
    turn_started_at(db, &id, now_ms() - 36 * 3_600_000);
    let server = start_with(db, 0, 1).await;
    // Ben's browser lists it as waiting for his move, with its deadline.
    let waiting = post(
        &server,
        "/api/waiting",
        json!({"seats": [{"id": id, "token": ben}, {"id": id, "token": ann}]}),
    )
    .await;
    let waiting = waiting.json();
    assert_eq!(waiting.as_array().unwrap().len(), 1, "{waiting}");
    assert_eq!(
        (waiting[0]["id"].as_str(), waiting[0]["side"].as_str()),
        (Some(&*id), Some("north"))
    );
    assert!(ms(&waiting[0]["deadline"]) > now_ms());
    let early = post(&server, &format!("/api/games/{id}/claim"), json!({"token": ann})).await;
    assert_eq!(early.status, 409, "{}", early.body);
    let legal = strings(&state_of(&server, &id).await["legal"]);
    play_move(&server, &id, &ben, &legal[0]).await;
    server.stop().await;

    // Three days later Ann has not moved: Ben may claim the game.
    turn_started_at(db, &id, now_ms() - 3 * 86_400_000);
    let server = start_with(db, 0, 1).await;
    assert_eq!(ms(&state_of(&server, &id).await["claim_in_ms"]), 0);
    let claimed = post(&server, &format!("/api/games/{id}/claim"), json!({"token": ben})).await;
    assert_eq!(claimed.status, 200, "{}", claimed.body);
    let state = state_of(&server, &id).await;
    assert_eq!(
        (state["winner"].as_str(), state["ending"].as_str()),
        (Some("north"), Some("abandoned"))
    );
    server.stop().await;
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

on_both_stores!(a_correspondence_move_days_later_after_a_restart_and_the_claim_after_the_days => correspondence_across_restarts);
