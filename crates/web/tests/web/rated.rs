//! Games linked to accounts and rated games: over HTTP and in the store, on
//! SQLite and PostgreSQL; and a rated game's end surviving kill -9 with its
//! rating change applied exactly once.

use super::*;
use mancala_web::rated::rating_at;
use mancala_web::rating::{periods, Rating};
use mancala_web::store::{PlayerGames, PlayerRow, RatingRow, DELETED_PLAYER};
use std::net::SocketAddr;

const PASSWORD: &str = "a long enough password";
const RULESET: &str = "oware-abapa";

/// A request to `addr` with an optional session cookie (`name=value`) and
/// a JSON body (none if null).
pub(crate) async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: &str,
    body: Value,
) -> Reply {
    with_cookie_at(addr, method, path, cookie, body).await
}

/// Registers `name`: its session cookie (`name=value`).
pub(crate) async fn register(addr: SocketAddr, name: &str) -> String {
    let reply =
        call(addr, "POST", "/api/account", "", json!({ "name": name, "password": PASSWORD })).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let line = reply
        .headers
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase().starts_with("set-cookie: ").then(|| l[12..].to_string())
        })
        .unwrap();
    line.split(';').next().unwrap().to_string()
}

/// A rated online game made by `south` (a cookie) and taken by `north`:
/// its id and the two seat tokens.
async fn rated_game(addr: SocketAddr, south: &str, north: &str) -> (String, String, String) {
    let body = json!({ "game": RULESET, "mode": "online", "side": "south", "rated": true });
    let made = call(addr, "POST", "/api/games", south, body).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let made = made.json();
    assert_eq!(made["state"]["rated"], true, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let invite = made["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    let joined =
        call(addr, "POST", &format!("/api/games/{id}/join"), north, json!({ "invite": invite }))
            .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    assert_eq!(joined["side"], "north");
    assert_eq!(joined["state"]["rated"], true);
    (id, made["token"].as_str().unwrap().into(), joined["token"].as_str().unwrap().into())
}

/// Plays the first legal move for whoever is to move until `sides` have
/// each moved once more (extra turns and passes are the rules' own).
async fn play_until_moved(addr: SocketAddr, id: &str, tokens: [&str; 2], sides: &[&str]) {
    let mut left: Vec<&str> = sides.to_vec();
    while !left.is_empty() {
        let state = call(addr, "GET", &format!("/api/games/{id}"), "", Value::Null).await.json();
        let to_move = state["to_move"].as_str().unwrap().to_string();
        let token = if to_move == "south" { tokens[0] } else { tokens[1] };
        let letter = state["legal"][0].as_str().unwrap();
        let body = json!({ "token": token, "move": letter });
        let moved = call(addr, "POST", &format!("/api/games/{id}/moves"), "", body).await;
        assert_eq!(moved.status, 200, "{}", moved.body);
        left.retain(|s| *s != to_move);
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// A player's rating in the JSON of `GET /api/players/NAME`, as a Rating.
fn rating_in(page: &Value) -> Rating {
    let r = &page["ratings"][RULESET];
    Rating {
        rating: r["rating"].as_f64().unwrap(),
        deviation: r["deviation"].as_f64().unwrap(),
        volatility: r["volatility"].as_f64().unwrap(),
    }
}

fn same_rating(got: Rating, want: Rating) {
    assert!(
        close(got.rating, want.rating)
            && close(got.deviation, want.deviation)
            && close(got.volatility, want.volatility),
        "got {got:?}, want {want:?}"
    );
}

async fn rated_games_over_http(db: &impl Database) {
    let server = start(db, 0).await;
    let addr = server.addr;
    let ama = register(addr, "Ama").await;
    let kofi = register(addr, "Kofi").await;
    let esi = register(addr, "Esi").await;

    // Asking for a rated game: only signed in, only online.
    let online = json!({ "game": RULESET, "mode": "online", "rated": true });
    let guest = call(addr, "POST", "/api/games", "", online.clone()).await;
    assert_eq!((guest.status, code(&guest)), (401, "not_signed_in".into()), "{}", guest.body);
    let stale = call(addr, "POST", "/api/games", "mancala_session=0123", online.clone()).await;
    assert_eq!((stale.status, code(&stale)), (401, "not_signed_in".into()));
    for mode in ["computer", "local"] {
        let body = json!({ "game": RULESET, "mode": mode, "rated": true });
        let refused = call(addr, "POST", "/api/games", &ama, body).await;
        assert_eq!((refused.status, code(&refused)), (400, "rated_online_only".into()));
    }
    let listed = call(addr, "GET", "/api/my/games", &ama, Value::Null).await;
    assert_eq!(listed.json(), json!([]), "nothing was made by the refused requests");

    // A rated game: the creator plays under the account's name, whatever
    // name is sent; a guest or the creator cannot take the other seat.
    let body = json!({ "game": RULESET, "mode": "online", "rated": true, "name": "Someone" });
    let made = call(addr, "POST", "/api/games", &ama, body).await.json();
    let id = made["id"].as_str().unwrap().to_string();
    let ama_token = made["token"].as_str().unwrap().to_string();
    assert_eq!(made["state"]["players"]["south"]["name"], "Ama");
    assert_eq!(made["state"]["players"]["south"]["account"], true);
    let invite = made["invite_url"].as_str().unwrap().split("invite=").nth(1).unwrap().to_string();
    let join = format!("/api/games/{id}/join");
    let as_guest = call(addr, "POST", &join, "", json!({ "invite": invite, "name": "Yaw" })).await;
    assert_eq!((as_guest.status, code(&as_guest)), (401, "rated_needs_account".into()));
    let as_self = call(addr, "POST", &join, &ama, json!({ "invite": invite })).await;
    assert_eq!((as_self.status, code(&as_self)), (409, "same_account".into()));
    let state = call(addr, "GET", &format!("/api/games/{id}"), "", Value::Null).await.json();
    assert_eq!(state["invite_open"], true, "the seat is still free: {state}");
    let joined = call(addr, "POST", &join, &kofi, json!({ "invite": invite })).await.json();
    let kofi_token = joined["token"].as_str().unwrap().to_string();
    assert_eq!(joined["state"]["players"]["north"]["name"], "Kofi");
    assert_eq!(joined["state"]["players"]["north"]["account"], true);

    // Each player finds their seat from another device once signed in.
    let other_device =
        call(addr, "POST", "/api/session", "", json!({ "name": "kofi", "password": PASSWORD }))
            .await;
    assert_eq!(other_device.status, 200);
    let line = other_device.headers.to_ascii_lowercase();
    let cookie_at = line.find("mancala_session=").unwrap();
    let kofi2 = other_device.headers[cookie_at..].split(';').next().unwrap().to_string();
    let mine = call(addr, "GET", "/api/my/games", &kofi2, Value::Null).await.json();
    assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");
    assert_eq!(mine[0]["id"], id.as_str());
    assert_eq!(mine[0]["side"], "north");
    assert_eq!(mine[0]["token"], kofi_token.as_str());
    assert_eq!(mine[0]["opponent"], "Ama");
    assert_eq!(mine[0]["rated"], true);
    let seat = call(addr, "GET", &format!("/api/my/games/{id}"), &kofi2, Value::Null).await.json();
    assert_eq!(
        (seat["side"].as_str(), seat["token"].as_str()),
        (Some("north"), Some(&*kofi_token))
    );
    let none = call(addr, "GET", &format!("/api/my/games/{id}"), &esi, Value::Null).await;
    assert_eq!((none.status, code(&none)), (404, "no_seat".into()));
    let signed_out = call(addr, "GET", "/api/my/games", "", Value::Null).await;
    assert_eq!((signed_out.status, code(&signed_out)), (401, "not_signed_in".into()));

    // Both move twice, then Kofi resigns: both ratings change as Glicko-2
    // says.
    play_until_moved(addr, &id, [&ama_token, &kofi_token], &["south", "north"]).await;
    play_until_moved(addr, &id, [&ama_token, &kofi_token], &["south", "north"]).await;
    let resigned =
        call(addr, "POST", &format!("/api/games/{id}/resign"), "", json!({ "token": kofi_token }))
            .await
            .json();
    assert_eq!(
        (resigned["winner"].as_str(), resigned["aborted"].as_bool()),
        (Some("south"), Some(false))
    );
    let ama_page = call(addr, "GET", "/api/players/Ama", "", Value::Null).await.json();
    let kofi_page = call(addr, "GET", "/api/players/Kofi", "", Value::Null).await.json();
    let new = Rating::default();
    same_rating(rating_in(&ama_page), new.after_game(new, 1.0));
    same_rating(rating_in(&kofi_page), new.after_game(new, 0.0));
    assert!(rating_in(&ama_page).rating > 1500.0 && rating_in(&kofi_page).rating < 1500.0);
    assert_eq!(ama_page["results"], json!({ "won": 1, "drawn": 0, "lost": 0 }));
    assert_eq!(kofi_page["results"], json!({ "won": 0, "drawn": 0, "lost": 1 }));
    assert_eq!(ama_page["ratings"][RULESET]["games"], 1);
    assert_eq!(call(addr, "GET", "/api/my/games", &ama, Value::Null).await.json(), json!([]));

    // The rematch is rated between the same accounts, seats swapped.
    let rematch =
        call(addr, "POST", &format!("/api/games/{id}/rematch"), "", json!({ "token": ama_token }))
            .await
            .json();
    assert_eq!(rematch["side"], "north");
    assert_eq!(rematch["state"]["rated"], true);
    let next = rematch["id"].as_str().unwrap().to_string();
    let kofi_games = call(addr, "GET", "/api/my/games", &kofi, Value::Null).await.json();
    assert_eq!(kofi_games[0]["id"], next.as_str());
    assert_eq!(kofi_games[0]["side"], "south");

    // Aborted: Ama resigns before Esi has moved. Not rated.
    let (aborted, ama_t, esi_t) = rated_game(addr, &ama, &esi).await;
    play_until_moved(addr, &aborted, [&ama_t, &esi_t], &["south"]).await;
    let over =
        call(addr, "POST", &format!("/api/games/{aborted}/resign"), "", json!({ "token": ama_t }))
            .await
            .json();
    assert_eq!((over["over"].as_bool(), over["aborted"].as_bool()), (Some(true), Some(true)));
    assert_eq!(
        call(addr, "GET", "/api/players/Esi", "", Value::Null).await.json()["ratings"],
        json!({})
    );
    let ama_after = call(addr, "GET", "/api/players/Ama", "", Value::Null).await.json();
    assert_eq!(ama_after["ratings"], ama_page["ratings"], "an aborted game changes nothing");

    // A deleted account's games stay, under "deleted player".
    let deleted =
        call(addr, "DELETE", "/api/account", &kofi, json!({ "password": PASSWORD })).await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    let state = call(addr, "GET", &format!("/api/games/{id}"), "", Value::Null).await.json();
    assert_eq!(state["players"]["north"]["name"], DELETED_PLAYER);
    assert_eq!(state["winner"], "south");
    server.stop().await;
    // Stored too: a restarted server shows the same.
    let row = stored_row(db, &id);
    assert_eq!((row.north_name.as_str(), row.south_name.as_str()), (DELETED_PLAYER, "Ama"));
    let history = db.with_store(|s| {
        let ama = s.player_named("Ama").unwrap().unwrap();
        s.rating_history(&ama.id).unwrap()
    });
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0].game, id);
    assert!(close(history[0].change, new.after_game(new, 1.0).rating - 1500.0));
}

on_both_stores!(rated_games_link_accounts_and_change_ratings => rated_games_over_http);

fn player(id: &str, name: &str) -> PlayerRow {
    PlayerRow { id: id.into(), name: name.into(), password: "x".into(), created: 1, deleted: false }
}

/// A rated online game's header between two seats (accounts or guests).
fn rated_row(id: &str, south: Option<&str>, north: Option<&str>, at: i64) -> GameRow {
    GameRow {
        ruleset: RULESET.into(),
        mode: Mode::Online,
        rated: true,
        south_player: south.map(Into::into),
        north_player: north.map(Into::into),
        created: at,
        updated: at,
        ..row(id)
    }
}

/// A rated online game between two accounts, with two moves stored (one
/// each: Oware's first two moves).
fn stored_rated_game(store: &dyn Store, id: &str, south: &str, north: &str, at: i64) -> GameRow {
    stored(store, rated_row(id, Some(south), Some(north), at))
}

/// Stores a game with Oware's first four moves (two each: a game counts
/// once each side has moved twice).
fn stored(store: &dyn Store, row: GameRow) -> GameRow {
    store.create(&row, &[]).unwrap();
    for (ply, letter) in ["a", "A", "b", "B"].into_iter().enumerate() {
        store.append_move(&row, ply as u32 + 1, letter).unwrap();
    }
    row
}

fn finish(row: &GameRow, result: &str, at: i64) -> GameRow {
    GameRow {
        status: Status::Finished,
        result: GameResult::parse(result),
        ending: Some(GameEnding::Resignation),
        updated: at,
        ..row.clone()
    }
}

fn rating_of(store: &dyn Store, player: &str) -> Option<RatingRow> {
    store.ratings(player).unwrap().into_iter().find(|r| r.ruleset == RULESET)
}

fn as_rating(r: &RatingRow) -> Rating {
    Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

/// The store's side of rated games, the same on both backends.
fn rated_store_contract(store: &dyn Store) {
    for (id, name) in [("p1", "Abena"), ("p2", "Kwame"), ("p3", "Yaa")] {
        assert!(store.create_player(&player(id, name)).unwrap());
    }
    let t = 1_700_000_000;
    let game = stored_rated_game(store, "g1", "p1", "p2", t);
    assert_eq!(rating_of(store, "p1"), None, "not rated before it ends");
    let ended = finish(&game, "north", t + 600);
    store.save(&ended).unwrap();
    let new = Rating::default();
    let p1 = rating_of(store, "p1").unwrap();
    let p2 = rating_of(store, "p2").unwrap();
    same_rating(as_rating(&p1), new.after_game(new, 0.0));
    same_rating(as_rating(&p2), new.after_game(new, 1.0));
    assert_eq!((p1.games, p1.won, p1.drawn, p1.lost, p1.rated), (1, 0, 0, 1, t + 600));
    assert_eq!((p2.games, p2.won, p2.lost), (1, 1, 0));

    // Saved again (a rematch named on it, a retry): applied once only.
    store.save(&GameRow { rematch: Some("g9".into()), ..ended.clone() }).unwrap();
    store.save(&ended).unwrap();
    assert_eq!(rating_of(store, "p1").unwrap(), p1);
    assert_eq!(rating_of(store, "p2").unwrap(), p2);
    assert_eq!(store.rating_history("p1").unwrap().len(), 1);

    // Games that do not count: aborted (north never moved), casual, one
    // account on both seats, a guest's seat, against the computer.
    let aborted = rated_row("g2", Some("p1"), Some("p3"), t);
    store.create(&aborted, &[]).unwrap();
    store.append_move(&aborted, 1, "a").unwrap();
    store.save(&finish(&aborted, "south", t + 700)).unwrap();
    let casual = GameRow { rated: false, ..rated_row("g3", Some("p1"), Some("p3"), t) };
    let itself = rated_row("g4", Some("p3"), Some("p3"), t);
    let guest = rated_row("g5", Some("p3"), None, t);
    let computer = GameRow {
        mode: Mode::Computer,
        computer: Some(mancala_rules::Side::North),
        ..rated_row("g6", Some("p1"), Some("p3"), t)
    };
    for game in [casual, itself, guest, computer] {
        let game = stored(store, game);
        store.save(&finish(&game, "south", t + 800)).unwrap();
    }
    assert_eq!(rating_of(store, "p3"), None);
    assert_eq!(rating_of(store, "p1").unwrap(), p1);

    // A draw 100 days later, ended by the move that ends it
    // (`append_move`): p1's deviation grew for the time away first.
    let later = t + 100 * 86_400;
    let draw = stored_rated_game(store, "g7", "p3", "p1", later);
    let drawn = GameRow {
        status: Status::Finished,
        result: Some(GameResult::Draw),
        ending: Some(GameEnding::AGREED),
        updated: later,
        ..draw.clone()
    };
    store.append_move(&drawn, 5, "c").unwrap();
    let away = as_rating(&p1).after_idle(periods(later - (t + 600)));
    assert!(away.deviation > p1.deviation);
    same_rating(rating_at(Some(&p1), later), away);
    let p1_now = rating_of(store, "p1").unwrap();
    same_rating(as_rating(&p1_now), away.after_game(new, 0.5));
    same_rating(as_rating(&rating_of(store, "p3").unwrap()), new.after_game(away, 0.5));
    assert_eq!((p1_now.games, p1_now.won, p1_now.drawn, p1_now.lost), (2, 0, 1, 1));
    let history = store.rating_history("p1").unwrap();
    let games: Vec<&str> = history.iter().map(|h| h.game.as_str()).collect();
    assert_eq!(games, ["g1", "g7"]);
    assert!(close(history[1].change, p1_now.rating - p1.rating));

    // An account's games, by status, opponent and rating.
    let list = |q: PlayerGames| -> Vec<String> {
        store.player_games("p1", &q).unwrap().into_iter().map(|(r, _)| r.id).collect()
    };
    let finished = PlayerGames { limit: 100, ..PlayerGames::default() };
    assert_eq!(list(finished.clone()), ["g7", "g3", "g6", "g2", "g1"]);
    let against = PlayerGames { opponent: Some("p2".into()), ..finished.clone() };
    assert_eq!(list(against), ["g1"]);
    let rated = PlayerGames { rated_only: true, ..finished.clone() };
    assert_eq!(list(rated), ["g7", "g6", "g2", "g1"]);
    let active = stored_rated_game(store, "g8", "p2", "p1", t);
    assert_eq!(list(PlayerGames { active: true, ..finished.clone() }), ["g8"]);
    let plies = store.player_games("p1", &PlayerGames { active: true, ..finished }).unwrap();
    assert_eq!(plies[0].1, 4);
    drop(active);

    // The leaderboard: rated since the given time, highest first.
    let board = store.leaderboard(RULESET, t + 650).unwrap();
    let names: Vec<&str> = board.iter().map(|(p, _)| p.name.as_str()).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Abena") && names.contains(&"Yaa"), "{names:?}");
    assert!(board[0].1.rating >= board[1].1.rating);
    assert_eq!(store.leaderboard(RULESET, 0).unwrap().len(), 3);

    // A deleted account: its seats show "deleted player", it leaves the
    // leaderboard, its ratings and history stay.
    store.delete_player("p2").unwrap();
    let g1 = store.load("g1").unwrap().unwrap().row;
    assert_eq!((g1.south_name.as_str(), g1.north_name.as_str()), ("A", DELETED_PLAYER));
    assert_eq!(store.leaderboard(RULESET, 0).unwrap().len(), 2);
    assert!(store.player_by_id("p2").unwrap().unwrap().deleted);
    assert_eq!(store.rating_history("p2").unwrap().len(), 1);
}

store_on_both!(the_store_rates_each_rated_game_once => rated_store_contract);

/// Games of one player ending at once on many threads: no change is lost.
fn concurrent_ends(store: &dyn Store) {
    let n = 8;
    store.create_player(&player("hub", "Hub")).unwrap();
    let games: Vec<GameRow> = (0..n)
        .map(|i| {
            store.create_player(&player(&format!("o{i}"), &format!("Other{i}"))).unwrap();
            stored_rated_game(store, &format!("c{i}"), "hub", &format!("o{i}"), 1_000 + i)
        })
        .collect();
    std::thread::scope(|s| {
        for game in &games {
            s.spawn(move || store.save(&finish(game, "south", 5_000)).unwrap());
        }
    });
    let hub = rating_of(store, "hub").unwrap();
    assert_eq!((hub.games, hub.won), (n as u32, n as u32));
    assert_eq!(store.rating_history("hub").unwrap().len(), n as usize);
}

store_on_both!(the_store_loses_no_rating_change_to_concurrent_ends => concurrent_ends);

/// The server as a process of its own, to be killed.
pub(crate) struct Process {
    pub(crate) child: std::process::Child,
    pub(crate) addr: SocketAddr,
}

pub(crate) fn spawn_server(url: &str) -> Process {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-web"))
        .args(["--bind", "127.0.0.1:0", "--database", url, "--ai-threads", "1"])
        .args(["--rate-limit", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    Process { child, addr }
}

/// Sends a POST and reads whatever comes back, without failing when the
/// server dies meanwhile (the answer is not looked at).
pub(crate) async fn send_only(addr: SocketAddr, path: String, body: Value) -> std::io::Result<()> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let body = body.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await?;
    Ok(())
}

/// kill -9 at points around a rated game's end (the resignation's request
/// on its way, being stored, answered): after a restart the game is either
/// still going (and is ended again) or over, and every game's rating change
/// is applied exactly once: the ratings equal those of the games' results
/// applied one by one.
async fn killed_at_the_end(db: &impl Database) {
    let url = db.url();
    let mut server = spawn_server(&url);
    let south = register(server.addr, "Kwesi").await;
    // Three opponents in turn: the same two accounts' rated games count at
    // most three a day.
    let norths = ["Adjoa", "Kojo", "Efua"];
    let mut north_cookies = Vec::new();
    for name in norths {
        north_cookies.push(register(server.addr, name).await);
    }
    let delays_us = [0, 300, 1_000, 2_000, 4_000, 8_000, 16_000];
    let mut games = Vec::new();
    for (i, delay) in delays_us.into_iter().enumerate() {
        let north = &north_cookies[i % norths.len()];
        let (id, south_token, north_token) = rated_game(server.addr, &south, north).await;
        for _ in 0..2 {
            let tokens = [south_token.as_str(), north_token.as_str()];
            play_until_moved(server.addr, &id, tokens, &["south", "north"]).await;
        }
        let (addr, path) = (server.addr, format!("/api/games/{id}/resign"));
        let body = json!({ "token": north_token });
        let resign = tokio::spawn(send_only(addr, path, body));
        tokio::time::sleep(Duration::from_micros(delay)).await;
        server.child.kill().unwrap();
        server.child.wait().unwrap();
        // The request may have been answered, cut off, or never read.
        let _ = tokio::time::timeout(Duration::from_secs(5), resign).await;
        server = spawn_server(&url);
        let state =
            call(server.addr, "GET", &format!("/api/games/{id}"), "", Value::Null).await.json();
        if state["over"] != json!(true) {
            let body = json!({ "token": north_token });
            let again =
                call(server.addr, "POST", &format!("/api/games/{id}/resign"), "", body).await;
            assert_eq!(again.status, 200, "{}", again.body);
        }
        games.push(id);
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    db.with_store(|store| {
        let kwesi = store.player_named("Kwesi").unwrap().unwrap().id;
        let history = store.rating_history(&kwesi).unwrap();
        assert_eq!(history.len(), games.len(), "one change per game: {history:?}");
        // The ratings as the games' results say, applied one by one.
        let mut k = None::<RatingRow>;
        let mut others: Vec<Option<RatingRow>> = vec![None; norths.len()];
        for (i, id) in games.iter().enumerate() {
            let a = &mut others[i % norths.len()];
            let row = store.load(id).unwrap().unwrap().row;
            assert_eq!(row.result.map(GameResult::id), Some("south"));
            let before = [rating_at(k.as_ref(), row.updated), rating_at(a.as_ref(), row.updated)];
            let after =
                [before[0].after_game(before[1], 1.0), before[1].after_game(before[0], 0.0)];
            let next = |old: &Option<RatingRow>, r: Rating| RatingRow {
                ruleset: RULESET.into(),
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
                games: old.as_ref().map_or(0, |o| o.games) + 1,
                won: 0,
                drawn: 0,
                lost: 0,
                rated: row.updated,
            };
            k = Some(next(&k, after[0]));
            *a = Some(next(a, after[1]));
        }
        let got = rating_of(store, &kwesi).unwrap();
        assert_eq!(got.games, games.len() as u32);
        same_rating(as_rating(&got), as_rating(&k.unwrap()));
        for (name, want) in norths.iter().zip(others) {
            let id = store.player_named(name).unwrap().unwrap().id;
            let (got, want) = (rating_of(store, &id).unwrap(), want.unwrap());
            assert_eq!(got.games, want.games);
            same_rating(as_rating(&got), as_rating(&want));
        }
    });
}

on_both_stores!(a_rated_games_end_survives_kill_9_and_is_rated_once => killed_at_the_end);

/// A page's HTML (status 200 expected).
async fn page(addr: SocketAddr, path: &str, cookie: &str) -> String {
    let reply = call(addr, "GET", path, cookie, Value::Null).await;
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    reply.body
}

/// The pages of accounts: the header, the account page, the new-game form,
/// the home page's games, a player's page (ratings, graph, recent games,
/// head to head) and the leaderboard with its JSON, in three languages.
async fn players_pages(db: &impl Database) {
    let server = start(db, 0).await;
    let addr = server.addr;
    let ama = register(addr, "Ama").await;
    let kofi = register(addr, "Kofi").await;

    // Signed out: "Sign in" in the header, the forms, no rated choice.
    let home = page(addr, "/?lang=en", "").await;
    assert!(home.contains("<a href=\"/account\">Sign in</a>"), "{home}");
    let account = page(addr, "/account?lang=vi", "").await;
    assert!(account.contains("id=\"register\"") && account.contains("id=\"sign-in\""));
    assert!(account.contains("Đăng ký") && account.contains("Đăng nhập"));
    assert!(!page(addr, "/new", "").await.contains("name=\"rated\""));
    // Signed in: the name in the header, the account's forms, the choice.
    let home = page(addr, "/?lang=nl", &ama).await;
    assert!(home.contains("data-account=\"Ama\""), "{home}");
    let account = page(addr, "/account?lang=nl", &ama).await;
    assert!(account.contains("Ingelogd als Ama.") && account.contains("id=\"delete-account\""));
    assert!(account.contains("name=\"confirm\" required"), "deleting asks for a confirmation");
    assert!(page(addr, "/new", &ama).await.contains("name=\"rated\""));

    // A rated game in progress is on both players' home pages.
    let (id, ama_token, kofi_token) = rated_game(addr, &ama, &kofi).await;
    let home = page(addr, "/?lang=en", &kofi).await;
    assert!(home.contains(&format!("href=\"/g/{id}\"")) && home.contains("against Ama"), "{home}");
    assert!(!page(addr, "/?lang=en", "").await.contains(&format!("/g/{id}")));
    for _ in 0..2 {
        play_until_moved(addr, &id, [&ama_token, &kofi_token], &["south", "north"]).await;
    }
    let path = format!("/api/games/{id}/resign");
    call(addr, "POST", &path, "", json!({ "token": ama_token })).await;

    // Kofi's page: the rating, its graph, the game with its replay, and
    // the head-to-head record against Ama.
    let new = Rating::default();
    let kofi_rating = new.after_game(new, 1.0);
    let player = page(addr, "/players/kofi?lang=en", "").await;
    assert!(player.contains("<h1>Kofi</h1>"), "{player}");
    assert!(player.contains(&format!("<strong>{:.0}</strong>", kofi_rating.rating)), "{player}");
    assert!(player.contains("<svg") && player.contains("<polyline"), "{player}");
    assert!(player.contains(&format!("href=\"/replay/{id}\"")));
    assert!(player.contains("href=\"/players/Ama\""));
    assert!(player.contains(&format!("{:+.0}", kofi_rating.rating - 1500.0)), "{player}");
    let versus = page(addr, "/players/Kofi?vs=ama&lang=en", "").await;
    assert!(versus.contains("Against Ama: 1 won, 0 drawn, 0 lost."), "{versus}");
    let versus = page(addr, "/players/Ama?vs=Kofi&lang=vi", "").await;
    assert!(versus.contains("Với Kofi: thắng 0, hòa 0, thua 1."), "{versus}");
    let nobody = page(addr, "/players/Kofi?vs=Nobody&lang=en", "").await;
    assert!(nobody.contains("There is no player named Nobody."));
    let missing = call(addr, "GET", "/players/Nobody", "", Value::Null).await;
    assert_eq!(missing.status, 404);
    let odd = call(addr, "GET", "/players/%3Cscript%3E", "", Value::Null).await;
    assert_eq!(odd.status, 404);
    assert!(!odd.body.contains("<script>"), "{}", odd.body);

    // The leaderboard: a deviation under 110, grown for time away, and a
    // rated game in the last three months. One game is not enough.
    let board = call(addr, "GET", "/api/leaderboard/oware-abapa", "", Value::Null).await.json();
    assert_eq!(board["players"], json!([]));
    let now = Time::system().now_secs();
    let esi = register(addr, "Esi").await;
    let yaw = register(addr, "Yaw").await;
    let abena = register(addr, "Abena").await;
    drop((esi, yaw, abena));
    let rating = |rating: f64, deviation: f64, days_ago: i64| RatingRow {
        ruleset: RULESET.into(),
        rating,
        deviation,
        volatility: 0.06,
        games: 30,
        won: 15,
        drawn: 0,
        lost: 15,
        rated: now - days_ago * 86_400,
    };
    let set = vec![
        ("Esi", rating(1700.0, 80.0, 1)),
        // Under 110 when stored, over it now: 60 days away.
        ("Yaw", rating(1900.0, 105.0, 60)),
        ("Abena", rating(1800.0, 60.0, 2)),
        // Away too long.
        ("Ama", rating(2000.0, 50.0, 100)),
    ];
    db.with_store(|store| {
        for (name, r) in &set {
            let id = store.player_named(name).unwrap().unwrap().id;
            store.save_rating(&id, r).unwrap();
        }
    });
    let grown = rating_at(Some(&set[1].1), now).deviation;
    assert!(grown > 110.0, "{grown}");
    let board = call(addr, "GET", "/api/leaderboard/oware-abapa", "", Value::Null).await.json();
    let names: Vec<&str> = each(&board["players"], "name");
    assert_eq!(names, ["Abena", "Esi"], "{board}");
    assert_eq!(board["players"][0]["rank"], 1);
    assert!(close(board["players"][1]["rating"].as_f64().unwrap(), 1700.0));
    let html = page(addr, "/leaderboard/oware-abapa?lang=nl", "").await;
    assert!(html.contains("Ranglijst: Oware (Abapa)") && html.contains("href=\"/players/Abena\""));
    // Yaw's deviation has grown over 110: provisional, listed after the
    // ranked players, not among them.
    let provisional = html.find("id=\"provisional\"").expect("a provisional section");
    assert!(html.find("/players/Yaw").is_some_and(|at| at > provisional), "{html}");
    let unknown = call(addr, "GET", "/api/leaderboard/chess", "", Value::Null).await;
    assert_eq!((unknown.status, code(&unknown)), (404, "unknown_ruleset".into()));
    assert_eq!(call(addr, "GET", "/leaderboard/chess", "", Value::Null).await.status, 404);
    assert!(page(addr, "/leaderboard", "").await.contains("href=\"/leaderboard/wahree\""));
    // The player's JSON keeps its shape.
    let json = call(addr, "GET", "/api/players/Kofi", "", Value::Null).await.json();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["created", "name", "ratings", "results"]);
    server.stop().await;
}

on_both_stores!(players_pages_ratings_graph_head_to_head_and_leaderboard => players_pages);

/// The function the lobby and tournaments start games with: two seats,
/// rated or not, accounts or guests; refused for a rated game without two
/// different accounts.
#[tokio::test(flavor = "multi_thread")]
async fn a_seated_game_is_made_between_two_accounts_or_guests() {
    use mancala_web::play::{create_seated_game, NewSeatedGame, SeatSpec};
    let (_dir, db, server) = fresh_server().await;
    let addr = server.addr;
    let afua = register(addr, "Afua").await;
    let kojo = register(addr, "Kojo").await;
    let (a, k) = db.with_store(|s| {
        (s.player_named("Afua").unwrap().unwrap(), s.player_named("Kojo").unwrap().unwrap())
    });
    let spec = |rated: bool, south: SeatSpec, north: SeatSpec| NewSeatedGame {
        ruleset: RULESET.into(),
        clock: Some((300_000, 2_000)),
        rated,
        south,
        north,
    };
    for (south, north, why) in [
        (SeatSpec::account(a.clone()), SeatSpec::guest("Yaw"), "rated_needs_accounts"),
        (SeatSpec::account(a.clone()), SeatSpec::account(a.clone()), "same_account"),
    ] {
        let refused =
            create_seated_game(&server.state, spec(true, south, north)).await.unwrap_err();
        assert_eq!(
            (refused.status.as_u16(), refused.body()["error"]["code"].as_str()),
            (400, Some(why))
        );
    }
    let made = create_seated_game(
        &server.state,
        spec(true, SeatSpec::account(a.clone()), SeatSpec::account(k.clone())),
    )
    .await
    .unwrap();
    let state = call(addr, "GET", &format!("/api/games/{}", made.id), "", Value::Null).await.json();
    assert_eq!(state["rated"], true);
    assert_eq!(state["players"]["south"]["name"], "Afua");
    assert_eq!(state["players"]["north"]["account"], true);
    assert_eq!(state["waiting_for_opponent"], true, "it starts once both have come");
    assert_eq!(state["clock"]["initial_ms"], 300_000);
    let mine = call(addr, "GET", "/api/my/games", &kojo, Value::Null).await.json();
    assert_eq!(mine[0]["token"], made.north_token.as_str());
    let mine = call(addr, "GET", "/api/my/games", &afua, Value::Null).await.json();
    assert_eq!(mine[0]["token"], made.south_token.as_str());
    // Guests: casual, under their names.
    let casual =
        create_seated_game(&server.state, spec(false, SeatSpec::guest("Yaw"), SeatSpec::guest("")))
            .await
            .unwrap();
    let state =
        call(addr, "GET", &format!("/api/games/{}", casual.id), "", Value::Null).await.json();
    assert_eq!(
        (state["rated"].as_bool(), state["players"]["south"]["name"].as_str()),
        (Some(false), Some("Yaw"))
    );
    assert_eq!(state["players"]["north"]["name"], "North");
    server.stop().await;
}

/// Issue 31's rating farm: two accounts from one address, one move each
/// and a resignation, six games a second, moved 1500 to 1805. Now a game
/// counts once each side has moved twice, and the same pair counts three
/// rated games a day.
async fn rating_farm(db: &impl Database) {
    let server = start(db, 0).await;
    let addr = server.addr;
    let farmer = register(addr, "Farmer").await;
    let feeder = register(addr, "Feeder").await;
    let resign = |id: String, token: String| async move {
        let over =
            call(addr, "POST", &format!("/api/games/{id}/resign"), "", json!({ "token": token }))
                .await;
        assert_eq!(over.status, 200, "{}", over.body);
        over.json()
    };
    for _ in 0..6 {
        let (id, farmer_t, feeder_t) = rated_game(addr, &farmer, &feeder).await;
        play_until_moved(addr, &id, [&farmer_t, &feeder_t], &["south", "north"]).await;
        let over = resign(id, feeder_t).await;
        assert_eq!(over["aborted"], true, "one move each is an aborted game: {over}");
    }
    let page = call(addr, "GET", "/api/players/Farmer", "", Value::Null).await.json();
    assert_eq!(page["ratings"], json!({}), "aborted games moved the rating: {page}");
    // Two moves each: a real game; but only three a day between the two.
    for _ in 0..5 {
        let (id, farmer_t, feeder_t) = rated_game(addr, &farmer, &feeder).await;
        for _ in 0..2 {
            play_until_moved(addr, &id, [&farmer_t, &feeder_t], &["south", "north"]).await;
        }
        let over = resign(id, feeder_t).await;
        assert_eq!(over["aborted"], false, "{over}");
    }
    let page = call(addr, "GET", "/api/players/Farmer", "", Value::Null).await.json();
    assert_eq!(page["ratings"][RULESET]["games"], 3, "{page}");
    assert_eq!(page["results"], json!({ "won": 3, "drawn": 0, "lost": 0 }));
    // Another pair is not held back by it.
    let other = register(addr, "Other").await;
    let (id, farmer_t, other_t) = rated_game(addr, &farmer, &other).await;
    for _ in 0..2 {
        play_until_moved(addr, &id, [&farmer_t, &other_t], &["south", "north"]).await;
    }
    resign(id, other_t).await;
    let page = call(addr, "GET", "/api/players/Farmer", "", Value::Null).await.json();
    assert_eq!(page["ratings"][RULESET]["games"], 4, "{page}");
    server.stop().await;
}

on_both_stores!(rating_farm_of_short_games_and_one_pair_counts_at_most_three_a_day => rating_farm);

/// The pair's limit counts the 24 hours before a game's end: a fourth game
/// within them is not rated, one after them is.
fn pair_limit_contract(store: &dyn Store) {
    for (id, name) in [("p1", "Abena"), ("p2", "Kwame")] {
        assert!(store.create_player(&player(id, name)).unwrap());
    }
    let t = 1_700_000_000;
    for (i, at) in [t, t + 3_600, t + 7_200, t + 10_800, t + 86_400 + 1].into_iter().enumerate() {
        let game = stored_rated_game(store, &format!("g{i}"), "p1", "p2", at);
        store.save(&finish(&game, "south", at)).unwrap();
    }
    let history = store.rating_history("p1").unwrap();
    let games: Vec<&str> = history.iter().map(|h| h.game.as_str()).collect();
    assert_eq!(games, ["g0", "g1", "g2", "g4"]);
    assert_eq!(rating_of(store, "p2").unwrap().games, 4);
}

store_on_both!(rated_pair_limit_counts_three_games_in_24_hours => pair_limit_contract);

/// After one rated game both players are on the leaderboard, provisional
/// (a `?` after the rating, unranked), not missing until their tenth game.
async fn provisional_leaderboard(db: &impl Database) {
    let server = start(db, 0).await;
    let addr = server.addr;
    let (ama, kofi) = (register(addr, "Ama").await, register(addr, "Kofi").await);
    let (id, ama_t, kofi_t) = rated_game(addr, &ama, &kofi).await;
    for _ in 0..2 {
        play_until_moved(addr, &id, [&ama_t, &kofi_t], &["south", "north"]).await;
    }
    let path = format!("/api/games/{id}/resign");
    assert_eq!(call(addr, "POST", &path, "", json!({ "token": kofi_t })).await.status, 200);
    let board = call(addr, "GET", "/api/leaderboard/oware-abapa", "", Value::Null).await.json();
    assert_eq!(board["players"], json!([]), "one game does not rank anyone");
    let names: Vec<&str> = each(&board["provisional"], "name");
    assert_eq!(names, ["Ama", "Kofi"], "{board}");
    let new = Rating::default();
    let ama_rating = new.after_game(new, 1.0).rating;
    for lang in ["en", "vi", "nl"] {
        let html = page(addr, &format!("/leaderboard/oware-abapa?lang={lang}"), "").await;
        assert!(html.contains(&format!("<strong>{ama_rating:.0}?</strong>")), "{html}");
        assert!(html.contains("id=\"provisional\""));
        assert!(!html.contains("class=\"none\""), "a board with provisional players is not empty");
    }
    // The graph of one game: a line from the start (1500), with the date.
    let player = page(addr, "/players/Ama?lang=en", "").await;
    assert!(player.contains("class=\"point start\""), "{player}");
    assert!(player.contains("<title>Start: 1500 · "), "{player}");
    assert_eq!(player.matches("class=\"axis date\"").count(), 2, "{player}");
    assert_eq!(player.matches("<circle").count(), 2);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn after_one_rated_game_players_are_provisional_on_the_leaderboard_and_graphed_from_the_start(
) {
    let (_dir, db) = temp_db();
    provisional_leaderboard(&db).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn after_one_rated_game_players_are_provisional_on_the_leaderboard_and_graphed_from_the_start_on_postgres(
) {
    provisional_leaderboard(&postgres_db()).await;
}
