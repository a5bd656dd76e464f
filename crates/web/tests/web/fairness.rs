//! Fairness: nobody loses a game they did not start, and a vanished player
//! does not stay present for ever.

use super::*;
use mancala_rules::{ruleset, Game, Side};

fn code(reply: &Reply) -> (u16, Value) {
    (reply.status, reply.json()["error"]["code"].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_cannot_move_before_the_friend_has_joined() {
    let (_dir, db, server) = fresh_server().await;
    let (id, ann, created) =
        create(&server, json!({"game": "wahree", "mode": "online", "name": "Ann"})).await;
    assert_eq!(created["state"]["waiting_for_opponent"], true);
    let early =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": ann, "move": "c"})).await;
    assert_eq!(code(&early), (409, json!("waiting_for_opponent")), "{}", early.body);
    let offer = post(&server, &format!("/api/games/{id}/offer"), json!({"token": ann})).await;
    assert_eq!(code(&offer), (409, json!("waiting_for_opponent")));
    assert!(stored_moves(&db, &id).is_empty(), "a refused move stores nothing");
    let invite = created["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap();
    let joined =
        post(&server, &format!("/api/games/{id}/join"), json!({"invite": invite, "name": "Ben"}))
            .await
            .json();
    assert_eq!(joined["state"]["waiting_for_opponent"], false);
    let moved =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": ann, "move": "c"})).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_starts_its_clock_only_once_both_players_are_in_it() {
    let (_dir, db, time, server) = fresh_server_at(|c| c.abandon_seconds = 1).await;
    let (id, ann, ben) = online_game(&server, json!({"game": "wahree", "clock_seconds": 60})).await;
    let resigned = post(&server, &format!("/api/games/{id}/resign"), json!({"token": ann})).await;
    assert_eq!(resigned.status, 200);
    // Ann asks for a rematch: she plays North in it, Ben (not there) South.
    let asked = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let asked = asked.json();
    let next = asked["id"].as_str().unwrap().to_string();
    let ann_next = asked["token"].as_str().unwrap().to_string();
    assert_eq!(asked["side"], "north");
    assert_eq!(asked["state"]["waiting_for_opponent"], true);
    assert_eq!(asked["state"]["clock"]["running"], Value::Null);
    time.advance(Duration::from_millis(1300));
    let waiting = state_of(&server, &next).await;
    assert_eq!(ms(&waiting["clock"]["south_ms"]), 60_000, "Ben's clock has not run");
    assert_eq!(waiting["claim_in_ms"], Value::Null, "no claim before the game starts");
    let claim =
        post(&server, &format!("/api/games/{next}/claim"), json!({"token": ann_next})).await;
    assert_eq!(code(&claim), (409, json!("no_claim")), "{}", claim.body);
    assert_eq!(stored_row(&db, &next).turn_started, None);
    // Ben comes: the game and Ben's clock start now.
    let came = post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ben})).await;
    assert_eq!(came.status, 200, "{}", came.body);
    let came = came.json();
    assert_eq!((came["id"].as_str(), came["side"].as_str()), (Some(next.as_str()), Some("south")));
    assert_eq!(came["state"]["waiting_for_opponent"], false);
    // No clock runs before the first move online: Ben's first move is
    // not charged, then Ann's clock runs.
    assert_eq!(came["state"]["clock"]["running"], Value::Null);
    assert_eq!(ms(&came["state"]["clock"]["south_ms"]), 60_000, "{}", came["state"]["clock"]);
    assert!(stored_row(&db, &next).turn_started.is_some(), "the start is stored");
    let ben_next = came["token"].as_str().unwrap();
    time.advance(Duration::from_millis(300));
    let moved =
        post(&server, &format!("/api/games/{next}/moves"), json!({"token": ben_next, "move": "c"}))
            .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    let clock = &moved.json()["state"]["clock"];
    assert_eq!(ms(&clock["south_ms"]), 60_000, "the first move is not charged: {clock}");
    assert_eq!(clock["running"], "north");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_matchs_next_game_starts_when_the_second_player_opens_it() {
    let (_dir, _, time, server) = fresh_server_at(|c| c.abandon_seconds = 1).await;
    let (id, ann, ben) =
        online_game(&server, json!({"game": "barbados-warri", "match": true, "clock_seconds": 60}))
            .await;
    post(&server, &format!("/api/games/{id}/resign"), json!({"token": ben})).await;
    let asked =
        post(&server, &format!("/api/games/{id}/rematch"), json!({"token": ann})).await.json();
    let next = asked["id"].as_str().unwrap().to_string();
    assert_eq!(asked["state"]["waiting_for_opponent"], true);
    time.advance(Duration::from_millis(1300));
    // Ben (South in game 2, keeping his token) has not come: nothing runs,
    // and Ann cannot claim game 2, which would count towards the match.
    let claim = post(&server, &format!("/api/games/{next}/claim"), json!({"token": ann})).await;
    assert_eq!(code(&claim), (409, json!("no_claim")));
    let moved =
        post(&server, &format!("/api/games/{next}/moves"), json!({"token": ben, "move": "c"}))
            .await;
    assert_eq!(code(&moved), (409, json!("waiting_for_opponent")));
    // Ben opens game 2 with his seat: it starts.
    let _ws = seat_socket(&server, &next, &ben).await;
    let started = until(&server, &next, |s| s["waiting_for_opponent"] == false).await;
    // No clock runs before the first move online.
    assert_eq!(started["clock"]["running"], Value::Null);
    assert_eq!(ms(&started["clock"]["south_ms"]), 60_000, "{}", started["clock"]);
    play_move(&server, &next, &ben, "c").await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_websocket_stops_counting_as_present() {
    let (_dir, db) = temp_db();
    let time = Time::manual_from_now();
    let server = start_at(&db, &time, |c| {
        c.abandon_seconds = 1;
        c.ping_seconds = 1;
    })
    .await;
    let (id, ann, ben) = online_game(&server, json!({"game": "wahree"})).await;
    post(&server, &format!("/api/games/{id}/moves"), json!({"token": ann, "move": "c"})).await;
    // Ann's page reads its socket (and so answers the pings); Ben's goes
    // silent: it is never read again, as when a phone loses its network.
    let mut ann_ws = seat_socket(&server, &id, &ann).await;
    let reader = tokio::spawn(async move { while let Some(Ok(_)) = ann_ws.next().await {} });
    let ben_ws = seat_socket(&server, &id, &ben).await;
    until(&server, &id, |s| s["presence"]["north"] == true && s["presence"]["south"] == true).await;
    let connected = post(&server, &format!("/api/games/{id}/claim"), json!({"token": ann})).await;
    assert_eq!(code(&connected), (409, json!("opponent_connected")));
    // Two pings unanswered: Ben's socket is closed and he counts as gone.
    // A second at a time, each ping given the moment to be answered.
    let mut gone = Value::Null;
    for _ in 0..8 {
        time.advance(Duration::from_secs(1));
        let answered = |s: &Value| s["presence"]["north"] == false;
        if let Ok(state) = tokio::time::timeout(Duration::from_secs(1), async {
            loop {
                let state = state_of(&server, &id).await;
                if answered(&state) {
                    return state;
                }
                tokio::task::yield_now().await;
            }
        })
        .await
        {
            gone = state;
            break;
        }
    }
    assert_eq!(gone["presence"]["north"], false, "a silent socket is dropped: {gone}");
    assert_eq!(gone["presence"]["south"], true, "a socket that answers stays");
    time.advance(Duration::from_millis(1100));
    let claimed = post(&server, &format!("/api/games/{id}/claim"), json!({"token": ann})).await;
    assert_eq!(claimed.status, 200, "{}", claimed.body);
    assert_eq!(claimed.json()["ending"], "abandoned");
    drop(ben_ws);
    reader.abort();
    server.stop().await;
}

#[test]
fn the_computer_agrees_to_end_only_when_nobody_can_make_progress() {
    use mancala_web::play::computer_accepts_end;
    let rules = ruleset("oware-abapa").unwrap().rules;
    let at = |text: &str| Game::from_position(rules, rules.parse_position(text).unwrap());
    // One move in: captures are ahead for both sides.
    let mut opening = Game::from_position(rules, rules.start());
    opening.play(mancala_rules::Pit::parse("c", &rules).unwrap()).unwrap();
    assert!(!computer_accepts_end(&opening, Side::North));
    // One seed each: taking it would be a grand slam, so the two seeds only
    // go round; the agreed end (each takes their own row) is a draw.
    assert!(computer_accepts_end(&at("0,0,0,0,0,1/0,0,0,0,0,1 23-23 N"), Side::North));
    // The same, but the agreed end would make the computer lose 23-25.
    assert!(!computer_accepts_end(&at("0,0,0,0,0,1/0,0,0,0,0,1 24-22 N"), Side::North));
    // It would win that way as South, and nothing can change: it agrees.
    assert!(computer_accepts_end(&at("0,0,0,0,0,1/0,0,0,0,0,1 24-22 N"), Side::South));
    // One move in, an agreed end would give North the win 25-23 (each
    // takes their own row), but the game is wide open: refused all the same.
    assert!(!computer_accepts_end(&opening, Side::North));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_refuses_an_agreed_end_after_the_first_move() {
    let (_dir, _, server) = fresh_server().await;
    let (id, token, _) =
        create(&server, json!({"game": "barbados-warri", "mode": "computer", "level": 1})).await;
    post(&server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": "c"})).await;
    wait_for_turn(&server, &id, "south").await;
    let offer =
        post(&server, &format!("/api/games/{id}/offer"), json!({"token": token})).await.json();
    assert_eq!(offer["accepted"], false, "{offer}");
    assert_eq!(offer["state"]["over"], false);
    server.stop().await;
}

/// Between two people online no clock runs before the game's first move:
/// the friend who joins (or the player to move, still finding the page)
/// does not lose time before anyone has moved. The first move is not
/// charged; from then on the player to move's clock runs as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_clock_runs_only_from_the_first_move() {
    let (_dir, _, time, server) = fresh_server_at(|_| {}).await;
    let (id, ann, ben) = online_game(
        &server,
        json!({"game": "oware-abapa", "clock_seconds": 60, "increment_seconds": 2}),
    )
    .await;
    time.advance(Duration::from_millis(400));
    let joined = state_of(&server, &id).await;
    assert_eq!(joined["waiting_for_opponent"], false);
    assert_eq!(joined["clock"]["running"], Value::Null, "{}", joined["clock"]);
    assert_eq!(ms(&joined["clock"]["south_ms"]), 60_000);
    let first =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": ann, "move": "c"})).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let clock = first.json()["state"]["clock"].clone();
    assert_eq!(ms(&clock["south_ms"]), 60_000, "the first move is not charged: {clock}");
    assert_eq!(clock["running"], "north");
    time.advance(Duration::from_millis(400));
    let north = ms(&state_of(&server, &id).await["clock"]["north_ms"]);
    assert!((50_000..=59_700).contains(&north), "North's clock runs: {north}");
    assert_eq!(north, 59_600, "for the 0.4 s since the first move");
    let reply =
        post(&server, &format!("/api/games/{id}/moves"), json!({"token": ben, "move": "A"})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let clock = reply.json()["state"]["clock"].clone();
    let north = ms(&clock["north_ms"]);
    assert!((52_000..=61_700).contains(&north), "charged, with the increment: {clock}");
    assert_eq!(north, 61_600);
    assert_eq!(clock["running"], "south");
    server.stop().await;
}
