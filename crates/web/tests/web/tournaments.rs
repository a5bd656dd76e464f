//! Tournaments over HTTP (a teacher's class Swiss from creation to the
//! standings, a knockout on real boards, refusals) and the store's
//! tournament operations on SQLite and PostgreSQL.

use super::*;
use mancala_web::store::PlayerRow;
use mancala_web::tournaments::System;
use mancala_web::tournaments::TournamentRow;

/// A guest joins under `name`: their guest cookie.
async fn guest(server: &Server, id: &str, name: &str) -> String {
    let reply =
        post_as(server, &format!("/api/tournaments/{id}/join"), "", json!({ "name": name })).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let cookie = session_of(&reply);
    assert!(cookie.starts_with("mancala_guest="), "{cookie}");
    cookie
}

async fn show(server: &Server, id: &str, cookie: &str) -> Value {
    let reply =
        with_cookie(server, "GET", &format!("/api/tournaments/{id}"), cookie, Value::Null).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

/// Each board of a round: (first, second or "", result or "").
fn boards(view: &Value, round: usize) -> Vec<(String, String, String)> {
    view["rounds"][round - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["first"].as_str().unwrap().to_string(),
                b["second"].as_str().unwrap_or("").to_string(),
                b["result"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The standings: (rank, name, points, Buchholz, Sonneborn-Berger).
fn table(view: &Value) -> Vec<(u64, String, f64, f64, f64)> {
    view["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["rank"].as_u64().unwrap(),
                s["name"].as_str().unwrap().to_string(),
                s["points"].as_f64().unwrap(),
                s["buchholz"].as_f64().unwrap(),
                s["sonneborn_berger"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn row(rank: u64, name: &str, points: f64, buchholz: f64, sb: f64) -> (u64, String, f64, f64, f64) {
    (rank, name.to_string(), points, buchholz, sb)
}

/// The teacher's case: a class Swiss of two rounds, four pupils joining as
/// guests with one link, one game played online to its end (a
/// resignation), the others entered by the teacher; the standings as
/// worked out by hand (see `docs/tournaments.md` for the pairing rules).
async fn class_swiss(db: &impl Database) {
    let server = start(db, 0).await;
    let teacher = account(&server, "Teacher").await;
    let class = json!({ "name": "Class 5B", "game": "wahree", "system": "swiss", "rounds": 2 });
    let (id, made) = new_tournament(&server, &teacher, class).await;
    assert!(made["url"].as_str().unwrap().ends_with(&format!("/tournaments/{id}")));
    let listed = get(&server, "/api/tournaments").await.json();
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["status"], "registering");

    let ama = guest(&server, &id, "Ama").await;
    let ben = guest(&server, &id, "Ben").await;
    let cai = guest(&server, &id, "Cai").await;
    // A name taken in another case, and a second join by the same pupil.
    let taken =
        post_as(&server, &format!("/api/tournaments/{id}/join"), "", json!({ "name": "cAI" }))
            .await;
    assert_eq!((taken.status, code(&taken)), (409, "name_taken".into()), "{}", taken.body);
    let again =
        post_as(&server, &format!("/api/tournaments/{id}/join"), &ama, json!({ "name": "Ama2" }))
            .await;
    assert_eq!((again.status, code(&again)), (409, "already_joined".into()));
    let empty =
        post_as(&server, &format!("/api/tournaments/{id}/join"), "", json!({ "name": " " })).await;
    assert_eq!((empty.status, code(&empty)), (400, "bad_name".into()));
    let dan = guest(&server, &id, "Dan").await;

    // Nobody but the organiser starts a round, enters a result or removes
    // a player; nothing changes.
    for (path, body) in [
        ("start-round", Value::Null),
        ("result", json!({ "round": 1, "board": 1, "result": "first" })),
        ("remove", json!({ "player": 2 })),
    ] {
        let refused = post_as(&server, &format!("/api/tournaments/{id}/{path}"), &ben, body).await;
        assert_eq!((refused.status, code(&refused)), (403, "not_organiser".into()), "{path}");
        assert!(refused.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("only the organiser"));
    }
    let before = show(&server, &id, &ben).await;
    assert_eq!(before["status"], "registering");
    assert_eq!(before["players"].as_array().unwrap().len(), 4);
    assert_eq!(before["you"]["number"], 2);
    assert_eq!(before["you"]["organiser"], false);

    // Round 1: top half against bottom half.
    let started =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &teacher, Value::Null)
            .await;
    assert_eq!(started.status, 200, "{}", started.body);
    let late =
        post_as(&server, &format!("/api/tournaments/{id}/join"), "", json!({ "name": "Eve" }))
            .await;
    assert_eq!((late.status, code(&late)), (409, "registration_closed".into()));
    let view = show(&server, &id, &cai).await;
    assert_eq!(
        boards(&view, 1),
        [("Ama".into(), "Cai".into(), "".into()), ("Dan".into(), "Ben".into(), "".into())]
    );
    // Cai sees their own seat (North of board 1) and nobody else's.
    let seats = view["you"]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0]["side"], "north");
    let game = seats[0]["game"].as_str().unwrap().to_string();
    let cai_token = seats[0]["token"].as_str().unwrap().to_string();
    let state = get(&server, &format!("/api/games/{game}")).await.json();
    let players = &state["players"];
    assert_eq!(
        (players["south"]["name"].as_str(), players["north"]["name"].as_str()),
        (Some("Ama"), Some("Cai"))
    );
    let unfinished =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &teacher, Value::Null)
            .await;
    assert_eq!((unfinished.status, code(&unfinished)), (409, "round_unfinished".into()));

    // Board 1 is played online: Cai resigns, and the result comes in.
    let resigned =
        post(&server, &format!("/api/games/{game}/resign"), json!({ "token": cai_token })).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    // Board 2 was played on a wooden board: the teacher enters a draw.
    let entered = post_as(
        &server,
        &format!("/api/tournaments/{id}/result"),
        &teacher,
        json!({ "round": 1, "board": 2, "result": "draw" }),
    )
    .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    let view = show(&server, &id, &dan).await;
    assert_eq!(boards(&view, 1)[0].2, "first");
    assert_eq!(boards(&view, 1)[1].2, "draw");

    // Round 2: Ama (1 point) meets the best half-point, Ben; Dan meets Cai.
    let started =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &teacher, Value::Null)
            .await;
    assert_eq!(started.status, 200, "{}", started.body);
    let view = show(&server, &id, &ama).await;
    assert_eq!(
        boards(&view, 2),
        [("Ben".into(), "Ama".into(), "".into()), ("Cai".into(), "Dan".into(), "".into())]
    );
    for (board, result) in [(1, "second"), (2, "first")] {
        let entered = post_as(
            &server,
            &format!("/api/tournaments/{id}/result"),
            &teacher,
            json!({ "round": 2, "board": board, "result": result }),
        )
        .await;
        assert_eq!(entered.status, 200, "{}", entered.body);
    }
    // Ama 2 (beat Cai 1, Ben ½): Buchholz 1.5, SB 1.5; Cai 1 (Ama 2, Dan
    // ½): 2.5, 0.5; Ben ½ (Dan ½, Ama 2): 2.5, 0.25; Dan ½ (Ben ½, Cai 1):
    // 1.5, 0.25.
    let view = show(&server, &id, "").await;
    assert_eq!(view["status"], "finished");
    assert_eq!(
        table(&view),
        [
            row(1, "Ama", 2.0, 1.5, 1.5),
            row(2, "Cai", 1.0, 2.5, 0.5),
            row(3, "Ben", 0.5, 2.5, 0.25),
            row(4, "Dan", 0.5, 1.5, 0.25)
        ]
    );
    let over =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &teacher, Value::Null)
            .await;
    assert_eq!((over.status, code(&over)), (409, "tournament_over".into()));
    // The page names it, escaped, and links its script.
    let page = get(&server, &format!("/tournaments/{id}")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<h1>Class 5B</h1>") && page.body.contains("/assets/tournament."));
    server.stop().await;
}

on_both_stores!(a_class_swiss_runs_from_one_link_to_its_standings => class_swiss);

/// Three players on real boards: no games are made, the top seed has a
/// bye, a drawn game must be decided before the final, and the knockout
/// names its winner.
#[tokio::test]
async fn a_knockout_on_real_boards_needs_decisive_results() {
    let (_dir, _, server) = fresh_server().await;
    let club = account(&server, "Club").await;
    let cup = json!({ "name": "Cup", "game": "barbados-warri", "system": "knockout",
                      "play": "board", "format": "match" });
    let (id, _) = new_tournament(&server, &club, cup).await;
    // The organiser plays too, under their account's name.
    let joined = post_as(&server, &format!("/api/tournaments/{id}/join"), &club, json!({})).await;
    assert_eq!(joined.status, 201, "{}", joined.body);
    assert_eq!(joined.json()["name"], "Club");
    guest(&server, &id, "Kofi").await;
    let removed = guest(&server, &id, "Gone").await;
    guest(&server, &id, "Lena").await;
    let out =
        post_as(&server, &format!("/api/tournaments/{id}/remove"), &club, json!({ "player": 3 }))
            .await;
    assert_eq!(out.status, 200, "{}", out.body);
    assert_eq!(show(&server, &id, &removed).await["you"]["number"], Value::Null);
    let start_round = || async {
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &club, Value::Null).await
    };
    assert_eq!(start_round().await.status, 200);
    let view = show(&server, &id, &club).await;
    assert_eq!(view["rounds_total"], 2);
    assert_eq!(
        boards(&view, 1),
        [("Club".into(), "".into(), "".into()), ("Kofi".into(), "Lena".into(), "".into())]
    );
    assert!(view["rounds"][0]["boards"][1]["game"].is_null(), "no game on a real board");
    let enter = |round: usize, board: usize, result: &'static str| {
        let (server, id, club) = (&server, id.clone(), club.clone());
        async move {
            post_as(
                server,
                &format!("/api/tournaments/{id}/result"),
                &club,
                json!({ "round": round, "board": board, "result": result }),
            )
            .await
        }
    };
    let bye = enter(1, 1, "first").await;
    assert_eq!((bye.status, code(&bye)), (409, "bye".into()));
    assert_eq!(enter(1, 2, "draw").await.status, 200);
    let undecided = start_round().await;
    assert_eq!((undecided.status, code(&undecided)), (409, "round_unfinished".into()));
    assert!(undecided.json()["error"]["message"].as_str().unwrap().contains("decisive"));
    assert_eq!(enter(1, 2, "second").await.status, 200);
    assert_eq!(start_round().await.status, 200);
    let view = show(&server, &id, "").await;
    assert_eq!(boards(&view, 2), [("Club".into(), "Lena".into(), "".into())]);
    let closed = enter(1, 2, "first").await;
    assert_eq!((closed.status, code(&closed)), (409, "round_closed".into()));
    assert_eq!(enter(2, 1, "second").await.status, 200);
    let view = show(&server, &id, "").await;
    assert_eq!(
        (view["status"].as_str(), view["winner"].as_str()),
        (Some("finished"), Some("Lena"))
    );
    server.stop().await;
}

/// A pairing played as a Barbados match gets a match's first game.
#[tokio::test]
async fn a_match_pairing_is_a_first_to_six_match() {
    let (_dir, db, server) = fresh_server().await;
    let host = account(&server, "Host").await;
    let night = json!({ "name": "Warri night", "game": "barbados-warri", "system": "round_robin",
                        "format": "match", "clock_seconds": 300 });
    let (id, _) = new_tournament(&server, &host, night).await;
    let one = guest(&server, &id, "One").await;
    let joined = post_as(&server, &format!("/api/tournaments/{id}/join"), &host, json!({})).await;
    assert_eq!(joined.status, 201, "{}", joined.body);
    let started =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &host, Value::Null).await;
    assert_eq!(started.status, 200, "{}", started.body);
    let view = show(&server, &id, &one).await;
    let game = view["you"]["seats"][0]["game"].as_str().unwrap().to_string();
    let state = get(&server, &format!("/api/games/{game}")).await.json();
    assert_eq!(state["match"]["first_to"], 6, "{state}");
    assert!(state["clock"].is_object(), "the tournament's clock: {state}");
    // The signed-in player's seat belongs to their account, the guest's to
    // none.
    let key = game.clone();
    let row = db.with_store(move |s| s.load(&key).unwrap().unwrap().row);
    assert_eq!((row.south_name.as_str(), row.north_name.as_str()), ("One", "Host"));
    assert!(row.south_player.is_none() && row.north_player.is_some() && !row.rated, "{row:?}");
    server.stop().await;
}

#[tokio::test]
async fn bad_tournaments_and_requests_are_refused_with_reasons() {
    let (_dir, _, server) = fresh_server().await;
    let x = json!({ "name": "x", "game": "wahree", "system": "swiss", "rounds": 3 });
    let anonymous = post_as(&server, "/api/tournaments", "", x).await;
    assert_eq!((anonymous.status, code(&anonymous)), (401, "not_signed_in".into()));
    let me = account(&server, "Organiser").await;
    let base = json!({ "name": "Open", "game": "wahree", "system": "swiss", "rounds": 3 });
    for (change, status, wanted) in [
        (json!({ "game": "chess" }), 400, "unknown_ruleset"),
        (json!({ "rounds": 0 }), 400, "bad_rounds"),
        (json!({ "rounds": 1000 }), 400, "bad_rounds"),
        (json!({ "rounds": null }), 400, "bad_rounds"),
        (json!({ "system": "round_robin" }), 400, "bad_rounds"),
        (json!({ "system": "league" }), 400, "bad_system"),
        (json!({ "format": "match" }), 400, "no_match_play"),
        (json!({ "play": "mail" }), 400, "bad_play"),
        (json!({ "name": "" }), 400, "bad_name"),
        (json!({ "clock_seconds": 0 }), 400, "bad_clock"),
    ] {
        let mut body = base.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let reply = post_as(&server, "/api/tournaments", &me, body.clone()).await;
        assert_eq!((reply.status, code(&reply)), (status, wanted.to_string()), "{body}");
        assert!(!reply.json()["error"]["message"].as_str().unwrap().is_empty());
    }
    assert!(get(&server, "/api/tournaments").await.json().as_array().unwrap().is_empty());
    let made = post_as(&server, "/api/tournaments", &me, base).await;
    let id = made.json()["id"].as_str().unwrap().to_string();
    let missing = get(&server, "/api/tournaments/nosuch").await;
    assert_eq!((missing.status, code(&missing)), (404, "unknown_tournament".into()));
    assert_eq!(get(&server, "/tournaments/nosuch").await.status, 404);
    // Too few players; then too many rounds for three.
    let alone =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &me, Value::Null).await;
    assert_eq!((alone.status, code(&alone)), (409, "too_few_players".into()));
    for name in ["P1", "P2", "P3"] {
        guest(&server, &id, name).await;
    }
    let many =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &me, Value::Null).await;
    assert_eq!((many.status, code(&many)), (409, "too_many_rounds".into()));
    guest(&server, &id, "P4").await;
    let ok =
        post_as(&server, &format!("/api/tournaments/{id}/start-round"), &me, Value::Null).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    for (body, wanted) in [
        (json!({ "round": 1, "board": 1, "result": "win" }), "bad_result"),
        (json!({ "round": 2, "board": 1, "result": "draw" }), "bad_round"),
        (json!({ "round": 1, "board": 9, "result": "draw" }), "bad_board"),
    ] {
        let reply = post_as(&server, &format!("/api/tournaments/{id}/result"), &me, body).await;
        assert_eq!((reply.status, code(&reply)), (400, wanted.to_string()));
    }
    server.stop().await;
}

/// What every store does with tournaments.
fn tournament_contract(store: &dyn Store) {
    let organiser = PlayerRow {
        id: "p1".into(),
        name: "Org".into(),
        password: "hash".into(),
        created: 1,
        deleted: false,
    };
    assert!(store.create_player(&organiser).unwrap());
    let mut first = TournamentRow {
        id: "t1".into(),
        organiser: "p1".into(),
        name: "Spring".into(),
        ruleset: "wahree".into(),
        system: System::Swiss,
        created: 10,
        updated: 10,
        revision: 1,
        state: "{\"a\":1}".into(),
    };
    store.create_tournament(&first).unwrap();
    assert!(store.create_tournament(&first).is_err(), "an id is stored once");
    let second =
        TournamentRow { id: "t2".into(), system: System::Knockout, created: 20, ..first.clone() };
    store.create_tournament(&second).unwrap();
    assert_eq!(store.load_tournament("t1").unwrap(), Some(first.clone()));
    assert_eq!(store.load_tournament("none").unwrap(), None);
    first.revision = 2;
    first.updated = 11;
    first.state = "{\"a\":2}".into();
    assert!(store.save_tournament(&first).unwrap());
    // A save over a revision that is no longer the stored one is refused.
    let mut stale = first.clone();
    stale.state = "{\"a\":3}".into();
    assert!(!store.save_tournament(&stale).unwrap());
    assert_eq!(store.load_tournament("t1").unwrap(), Some(first.clone()));
    let newest: Vec<String> = store.tournaments(10).unwrap().into_iter().map(|t| t.id).collect();
    assert_eq!(newest, ["t2", "t1"]);
    assert_eq!(store.tournaments(1).unwrap()[0], second);
    let unknown = TournamentRow { id: "t9".into(), organiser: "nobody".into(), ..second };
    assert!(store.create_tournament(&unknown).is_err(), "the organiser must exist");
}

store_on_both!(the_store_keeps_tournaments => tournament_contract);

/// The tournament pages' text: three languages for every key, none left in
/// English (proper names aside), and the same `{holes}` in each.
#[test]
fn every_tournament_text_is_in_three_languages() {
    use mancala_web::i18n::tournaments::{SAME_EVERYWHERE, TEXTS};
    let holes = |text: &str| -> Vec<String> {
        let mut found: Vec<String> = text
            .split('{')
            .skip(1)
            .filter_map(|r| r.split_once('}'))
            .map(|(h, _)| h.into())
            .collect();
        found.sort();
        found
    };
    for (key, [en, vi, nl]) in TEXTS {
        assert!(!en.is_empty() && !vi.is_empty() && !nl.is_empty(), "{key}");
        if !SAME_EVERYWHERE.contains(key) {
            assert!(en != vi && en != nl, "{key} is left in English");
        }
        assert_eq!(holes(vi), holes(en), "{key} (vi)");
        assert_eq!(holes(nl), holes(en), "{key} (nl)");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_qr_code_encodes_its_join_link() {
    let (_dir, _, server) = fresh_server().await;
    let teacher = account(&server, "Teacher").await;
    let club = json!({"name": "Club", "game": "wahree", "system": "round_robin"});
    let (id, _) = new_tournament(&server, &teacher, club).await;
    let qr = get(&server, &format!("/tournaments/{id}/qr.svg")).await;
    assert_eq!(qr.status, 200);
    assert_eq!(header(&qr.headers.to_ascii_lowercase(), "content-type"), Some("image/svg+xml"));
    // The code is the one of the tournament's link (what its players open),
    // drawn as the qrcode crate draws it.
    let link = format!("http://{}/tournaments/{id}", server.addr);
    let expected = qrcode::QrCode::new(link.as_bytes())
        .unwrap()
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    assert_eq!(qr.body, expected);
    assert!(qr.body.contains("<svg") && !qr.body.contains("<script"));
    assert_eq!(get(&server, "/tournaments/nosuch/qr.svg").await.status, 404);
    assert_eq!(get(&server, "/tournaments/a%2Fb/qr.svg").await.status, 404);
    server.stop().await;
}
