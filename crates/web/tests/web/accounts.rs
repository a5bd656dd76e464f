//! Accounts: registration, sessions, passwords, deletion and the player's
//! page, over HTTP on SQLite and PostgreSQL, and the store's account
//! operations on both.

use super::*;
use mancala_web::store::{PlayerRow, RatingRow};

const PASSWORD: &str = "correct horse battery";

async fn register(server: &Server, name: &str, password: &str) -> Reply {
    post(server, "/api/account", json!({ "name": name, "password": password })).await
}

async fn sign_in(server: &Server, name: &str, password: &str) -> Reply {
    post(server, "/api/session", json!({ "name": name, "password": password })).await
}

async fn whoami(server: &Server, cookie: &str) -> Reply {
    with_cookie(server, "GET", "/api/session", cookie, Value::Null).await
}

async fn accounts_over_http(db: &impl Database) {
    let server = start(db, 0).await;
    let created = register(&server, "Ama_K", PASSWORD).await;
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(created.json()["name"], "Ama_K");
    let attributes = set_cookie(&created);
    for wanted in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(attributes.split("; ").any(|a| a == wanted), "{attributes}");
    }
    assert!(!attributes.contains("Secure"), "an http server's cookie: {attributes}");
    let first = session_of(&created);
    assert!(first.starts_with("mancala_session=") && first.len() > 30, "{first}");
    assert_eq!(whoami(&server, &first).await.json()["name"], "Ama_K");

    // The name in another case is the same name.
    let again = register(&server, "ama_k", "another password").await;
    assert_eq!((again.status, code(&again)), (409, "name_taken".into()), "{}", again.body);

    // The player's page: no rated games yet.
    let page = get(&server, "/api/players/AMA_K").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let page = page.json();
    assert_eq!(page["name"], "Ama_K");
    assert_eq!(page["ratings"], json!({}));
    assert_eq!(page["results"], json!({ "won": 0, "drawn": 0, "lost": 0 }));
    let created_at = page["created"].as_i64().unwrap();
    assert!((Time::system().now_secs() - created_at).abs() < 60, "{page}");
    assert_eq!(get(&server, "/api/players/nobody").await.status, 404);

    // Ratings stored for the account appear on its page, results summed.
    let rated = RatingRow {
        ruleset: "oware-abapa".into(),
        rating: 1562.5,
        deviation: 180.25,
        volatility: 0.0599,
        games: 3,
        won: 2,
        drawn: 1,
        lost: 0,
        rated: created_at + 10,
    };
    let stored = rated.clone();
    db.with_store(move |store| {
        let player = store.player_named("ama_k").unwrap().unwrap();
        store.save_rating(&player.id, &stored).unwrap();
    });
    let page = get(&server, "/api/players/Ama_K").await.json();
    assert_eq!(
        page["ratings"],
        json!({ "oware-abapa": { "rating": 1562.5, "deviation": 180.25, "volatility": 0.0599, "games": 3 } })
    );
    assert_eq!(page["results"], json!({ "won": 2, "drawn": 1, "lost": 0 }));

    // Signing in: a wrong password and an unknown name get the same answer.
    let wrong = sign_in(&server, "Ama_K", "not the password").await;
    let unknown = sign_in(&server, "Nobody_here", "not the password").await;
    assert_eq!(wrong.status, 401);
    assert_eq!((unknown.status, unknown.body.clone()), (wrong.status, wrong.body.clone()));
    assert_eq!(code(&wrong), "wrong_credentials");
    let second = sign_in(&server, "aMa_k", PASSWORD).await;
    assert_eq!(second.status, 200, "{}", second.body);
    assert_eq!(second.json()["name"], "Ama_K");
    let second = session_of(&second);
    assert_ne!(second, first);

    // Changing the password: the old one must be right; other sessions end.
    let change = |old: &str, new: &str| json!({ "old": old, "new": new });
    let refused =
        post_as(&server, "/api/account/password", &first, change("wrong one!", "new password 1"))
            .await;
    assert_eq!((refused.status, code(&refused)), (401, "wrong_password".into()));
    let short = post_as(&server, "/api/account/password", &first, change(PASSWORD, "short")).await;
    assert_eq!((short.status, code(&short)), (400, "bad_password".into()));
    let changed =
        post_as(&server, "/api/account/password", &first, change(PASSWORD, "new password 1")).await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(whoami(&server, &first).await.status, 200);
    assert_eq!(whoami(&server, &second).await.status, 401, "the other session ended");
    assert_eq!(sign_in(&server, "Ama_K", PASSWORD).await.status, 401);
    let third = sign_in(&server, "Ama_K", "new password 1").await;
    assert_eq!(third.status, 200);
    let third = session_of(&third);

    // Signing out ends the session on the server, not only in the browser.
    let out = with_cookie(&server, "DELETE", "/api/session", &third, Value::Null).await;
    assert_eq!(out.status, 204);
    assert!(set_cookie(&out).contains("Max-Age=0"), "{}", out.headers);
    assert_eq!(whoami(&server, &third).await.status, 401);
    let unsigned =
        post_as(&server, "/api/account/password", &third, change("x", "new password 2")).await;
    assert_eq!((unsigned.status, code(&unsigned)), (401, "not_signed_in".into()));

    // Deleting the account: the password first; then the name is free.
    let body = |password: &str| json!({ "password": password });
    let refused = with_cookie(&server, "DELETE", "/api/account", &first, body(PASSWORD)).await;
    assert_eq!((refused.status, code(&refused)), (401, "wrong_password".into()));
    let deleted =
        with_cookie(&server, "DELETE", "/api/account", &first, body("new password 1")).await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(whoami(&server, &first).await.status, 401);
    assert_eq!(get(&server, "/api/players/Ama_K").await.status, 404);
    let gone = sign_in(&server, "Ama_K", "new password 1").await;
    assert_eq!((gone.status, gone.body), (wrong.status, wrong.body));
    let taken_again = register(&server, "AMA_K", "someone else's").await;
    assert_eq!(taken_again.status, 201, "{}", taken_again.body);
    assert_eq!(get(&server, "/api/players/ama_k").await.json()["ratings"], json!({}));
}

on_both_stores!(accounts_register_sign_in_change_and_delete => accounts_over_http);

#[tokio::test(flavor = "multi_thread")]
async fn accounts_refuse_bad_names_and_passwords() {
    let (_dir, _, server) = fresh_server().await;
    let cases = [
        ("Вася", "bad_name"),         // another script
        ("Ama\u{7}K", "bad_name"),    // a control character
        ("Ama\u{200B}K", "bad_name"), // an invisible one
        ("Ama K", "bad_name"),
        ("A", "bad_name"),
        ("abcdefghijklmnopqrstu", "bad_name"), // 21
        ("", "bad_name"),
        ("Computer", "computer_name"),
        ("bot_7", "computer_name"),
        ("May-tinh", "computer_name"),
    ];
    for (name, wanted) in cases {
        let reply = register(&server, name, PASSWORD).await;
        assert_eq!(
            (reply.status, code(&reply)),
            (400, wanted.to_string()),
            "{name:?}: {}",
            reply.body
        );
        assert!(!reply.headers.to_ascii_lowercase().contains("set-cookie"), "{name:?}");
    }
    for password in ["short", "1234567", &"x".repeat(201)] {
        let reply = register(&server, "Kofi", password).await;
        assert_eq!((reply.status, code(&reply)), (400, "bad_password".into()), "{}", reply.body);
    }
    // The edges are allowed, and nothing was stored by the refusals.
    assert_eq!(register(&server, "Ko", "12345678").await.status, 201);
    assert_eq!(register(&server, "abcdefghijklmnopqrst", &"x".repeat(200)).await.status, 201);
    assert_eq!(get(&server, "/api/players/Kofi").await.status, 404);
    let malformed = post(&server, "/api/account", json!({ "name": "Kofi" })).await;
    assert_eq!(malformed.status, 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn accounts_cookie_is_secure_behind_https() {
    let (_dir, db) = temp_db();
    let server = start_configured(&db, |c| c.public_url = "https://mancala.example".into()).await;
    let reply = register(&server, "Esi", PASSWORD).await;
    assert_eq!(reply.status, 201);
    assert!(set_cookie(&reply).split("; ").any(|a| a == "Secure"), "{}", reply.headers);
}

#[tokio::test(flavor = "multi_thread")]
async fn accounts_sign_in_attempts_are_limited_per_name() {
    let (_dir, _, server) = fresh_server().await;
    assert_eq!(register(&server, "Yaw", PASSWORD).await.status, 201);
    let mut statuses = Vec::new();
    for _ in 0..11 {
        statuses.push(sign_in(&server, "YAW", "guess guess").await.status);
    }
    assert_eq!(statuses[..10], [401; 10]);
    let limited = sign_in(&server, "yaw", PASSWORD).await;
    assert_eq!((limited.status, code(&limited)), (429, "too_many_attempts".into()));
    assert!(limited.json()["error"]["message"].as_str().unwrap().contains("wait"));
    assert_eq!(statuses[10], 429);
    // Another name is not held back by it.
    assert_eq!(sign_in(&server, "Someone", "guess guess").await.status, 401);
}

/// The store's account operations, the same on both backends.
fn account_store_contract(store: &dyn Store) {
    let player = |id: &str, name: &str| PlayerRow {
        id: id.into(),
        name: name.into(),
        password: format!("hash of {id}"),
        created: 1_700_000_000,
        deleted: false,
    };
    assert!(store.create_player(&player("p1", "Adwoa")).unwrap());
    assert!(!store.create_player(&player("p2", "ADWOA")).unwrap(), "same name in another case");
    assert_eq!(store.player_named("adwoa").unwrap(), Some(player("p1", "Adwoa")));
    assert_eq!(store.player_named("Adwoa_").unwrap(), None);

    assert!(store.create_session(new_session("h1", "p1", "hash of p1", 1_700_000_100)).unwrap());
    assert!(store.create_session(new_session("h2", "p1", "hash of p1", 1_700_000_200)).unwrap());
    assert!(!store.create_session(new_session("h3", "nobody", "hash of p1", 1)).unwrap());
    assert_eq!(store.session("h2").unwrap(), Some((player("p1", "Adwoa"), 1_700_000_200)));
    assert_eq!(store.session("h9").unwrap(), None);

    store.set_password("p1", "new hash", "h2").unwrap();
    assert_eq!(store.session("h1").unwrap(), None, "other sessions end");
    assert_eq!(store.session("h2").unwrap().unwrap().0.password, "new hash");
    store.delete_session("h2").unwrap();
    store.delete_session("h2").unwrap();
    assert_eq!(store.session("h2").unwrap(), None);

    assert!(store.ratings("p1").unwrap().is_empty());
    let mut rating = RatingRow {
        ruleset: "wahree".into(),
        rating: 1623.4,
        deviation: 91.5,
        volatility: 0.05998,
        games: 1,
        won: 1,
        drawn: 0,
        lost: 0,
        rated: 1_700_000_300,
    };
    store.save_rating("p1", &rating).unwrap();
    rating.games = 2;
    rating.lost = 1;
    store.save_rating("p1", &rating).unwrap();
    let abapa = RatingRow { ruleset: "oware-abapa".into(), ..rating.clone() };
    store.save_rating("p1", &abapa).unwrap();
    assert_eq!(store.ratings("p1").unwrap(), [abapa.clone(), rating.clone()]);

    assert!(store.create_session(new_session("h4", "p1", "new hash", 1_700_000_400)).unwrap());
    store.delete_player("p1").unwrap();
    assert_eq!(store.player_named("Adwoa").unwrap(), None);
    assert_eq!(store.session("h4").unwrap(), None);
    assert!(
        !store.create_session(new_session("h5", "p1", "", 1)).unwrap(),
        "no session for a deleted account"
    );
    assert!(store.set_password("p1", "x", "").is_err());
    assert!(store.create_player(&player("p3", "adwoa")).unwrap(), "the name is free again");
    assert_eq!(store.ratings("p1").unwrap().len(), 2, "a deleted account's ratings stay");
    assert!(store.ratings("p3").unwrap().is_empty());
}

#[test]
fn the_sqlite_store_keeps_accounts() {
    let (_dir, db) = temp_db();
    account_store_contract(&Sqlite::open(&db).unwrap());
    // Reopened: still there.
    let store = Sqlite::open(&db).unwrap();
    assert_eq!(store.player_named("ADWOA").unwrap().unwrap().id, "p3");
}

#[test]
fn the_postgres_store_keeps_accounts() {
    let db = postgres_db();
    account_store_contract(mancala_web::open_store(&db.url).unwrap().as_ref());
    let store = mancala_web::open_store(&db.url).unwrap();
    assert_eq!(store.player_named("ADWOA").unwrap().unwrap().id, "p3");
}
