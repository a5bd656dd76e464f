//! Classes (issue 33), on SQLite and PostgreSQL: a teacher makes a class;
//! pupils join with a first name only, sign in on another device with a
//! pupil code, and their lessons, games and last visit reach the teacher's
//! roster; the teacher changes a pupil code, starts a class tournament
//! with the pupils present and removes a pupil with their data; nobody
//! else sees or changes a class.

use super::*;
use mancala_web::learn::{self, Verdict, LESSONS};

const PASSWORD: &str = "correct horse battery";

async fn register(server: &Server, name: &str) -> String {
    let created = post(server, "/api/account", json!({ "name": name, "password": PASSWORD })).await;
    assert_eq!(created.status, 201, "{}", created.body);
    session_of(&created)
}

/// A pupil's cookie and seat after joining.
async fn join(server: &Server, code: &str, name: &str) -> (String, Value) {
    let reply = post(server, "/api/classes/join", json!({ "code": code, "name": name })).await;
    assert_eq!(reply.status, 201, "{name}: {}", reply.body);
    let cookie = session_of(&reply);
    (cookie, reply.json())
}

/// The right move of a lesson's exercise, found with the rules library.
fn right_answer(ruleset: &str, lesson: &str, exercise: usize) -> String {
    let r = mancala_rules::ruleset(ruleset).unwrap();
    let l = LESSONS.lessons.iter().find(|l| l.id == lesson).unwrap();
    let e = &l.exercises[exercise - 1];
    let pos = learn::position_of(r, &e.position).unwrap();
    let pit = learn::answers(r, &pos)
        .into_iter()
        .find(|&pit| {
            matches!(learn::check(r, &pos, &e.goal, pit), Verdict::Played { right: true, .. })
        })
        .unwrap();
    pit.letter(&r.rules).to_string()
}

fn pupil<'a>(class: &'a Value, name: &str) -> &'a Value {
    class["pupils"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no pupil {name} in {class}"))
}

async fn classes_over_http(db: &impl Database) {
    let server = start(db, 0).await;

    // Only a signed-in teacher makes a class.
    let refused = post(&server, "/api/classes", json!({ "name": "4B" })).await;
    assert_eq!(refused.status, 401, "{}", refused.body);
    let teacher = register(&server, "Ms-Lake").await;
    let made = post_as(&server, "/api/classes", &teacher, json!({ "name": "4B <Wahree>" })).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let made = made.json();
    let id = made["id"].as_str().unwrap().to_string();
    let code = made["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6, "{code}");
    assert!(code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()), "{code}");
    assert!(made["join_url"].as_str().unwrap().ends_with(&format!("/classes/join/{code}")));
    let bad = post_as(&server, "/api/classes", &teacher, json!({ "name": " " })).await;
    assert_eq!((bad.status, code_of(&bad)), (400, "bad_name".into()));
    let bad =
        post_as(&server, "/api/classes", &teacher, json!({ "name": "x", "game": "chess" })).await;
    assert_eq!((bad.status, code_of(&bad)), (400, "unknown_ruleset".into()));
    let list = with_cookie(&server, "GET", "/api/classes", &teacher, Value::Null).await.json();
    assert_eq!(list[0]["id"], id.as_str());
    assert_eq!(list[0]["game"], "wahree", "Wahree by default");

    // Pupils join with a first name: the code as typed (lower case, a
    // space), a Vietnamese name, and no password anywhere.
    let typed = format!("{} {}", code[..3].to_lowercase(), &code[3..]);
    let (ama, seat) = join(&server, &typed, "Ama").await;
    assert_eq!(seat["class"]["name"], "4B <Wahree>");
    assert_eq!(seat["pupil"]["name"], "Ama");
    let ama_code = seat["pupil"]["code"].as_str().unwrap().to_string();
    assert_eq!(ama_code.len(), 8);
    assert!(seat["pupil"]["account"].as_str().unwrap().starts_with("Ama-"));
    let (duc, seat) = join(&server, &code, "  Đức  ").await;
    assert_eq!(seat["pupil"]["name"], "Đức");
    assert!(seat["pupil"]["account"].as_str().unwrap().starts_with("Duc-"), "{seat}");
    let (_ben, _) = join(&server, &code, "Ben").await;
    // The same first name twice is refused (any case), and so are digits,
    // an empty name, the computer's name and an unknown code.
    for (name, status, error) in [
        ("ama", 409, "name_taken"),
        ("R2D2", 400, "bad_name"),
        ("", 400, "bad_name"),
        ("Computer", 400, "computer_name"),
    ] {
        let reply = post(&server, "/api/classes/join", json!({ "code": code, "name": name })).await;
        assert_eq!(
            (reply.status, code_of(&reply)),
            (status, error.into()),
            "{name}: {}",
            reply.body
        );
    }
    let reply =
        post(&server, "/api/classes/join", json!({ "code": "ZZZZZZ", "name": "Kofi" })).await;
    assert_eq!((reply.status, code_of(&reply)), (404, "unknown_code".into()));
    assert_eq!(post(&server, "/api/classes/join", json!({ "code": code })).await.status, 400);

    // What Ama does reaches the roster: a lesson's exercises answered
    // right, a lesson without exercises read, a game against the computer.
    for n in 1..=2 {
        let path = format!("/api/learn/wahree/sowing/{n}");
        let body = json!({ "move": right_answer("wahree", "sowing", n) });
        let reply = post_as(&server, &path, &ama, body).await;
        assert_eq!(reply.json()["right"], true, "{}", reply.body);
    }
    // One of two exercises is not a lesson done.
    let path = "/api/learn/wahree/captures/1";
    let body = json!({ "move": right_answer("wahree", "captures", 1) });
    assert_eq!(post_as(&server, path, &ama, body).await.json()["right"], true);
    assert_eq!(
        with_cookie(&server, "GET", "/learn/wahree/repetition", &ama, Value::Null).await.status,
        200
    );
    let game = post_as(
        &server,
        "/api/games",
        &ama,
        json!({ "game": "wahree", "mode": "computer", "level": 1, "side": "south" }),
    )
    .await;
    assert_eq!(game.status, 200, "{}", game.body);
    let game_id = game.json()["id"].as_str().unwrap().to_string();

    let class_path = format!("/api/classes/{id}");
    let class = with_cookie(&server, "GET", &class_path, &teacher, Value::Null).await;
    assert_eq!(class.status, 200, "{}", class.body);
    let class = class.json();
    assert_eq!(class["name"], "4B <Wahree>");
    assert_eq!(class["code"], code.as_str());
    let names: Vec<&str> = each(&class["pupils"], "name");
    assert_eq!(names, ["Ama", "Ben", "Đức"]);
    let a = pupil(&class, "Ama");
    assert_eq!(a["lessons_done"], 2, "sowing (both exercises) and repetition (read): {a}");
    assert_eq!(a["puzzles_solved"], 0);
    assert_eq!(a["games"], 1);
    assert_eq!(a["recent_games"][0]["id"], game_id.as_str());
    assert_eq!(a["recent_games"][0]["url"], format!("/g/{game_id}"));
    assert_eq!(a["code"], ama_code.as_str());
    assert_eq!(a["present"], true);
    assert!(a["last_seen"].as_i64().unwrap() > 0);
    assert_eq!(pupil(&class, "Ben")["lessons_done"], 0);
    assert_eq!(pupil(&class, "Ben")["games"], 0);

    // Nobody but the teacher sees the class.
    let other = register(&server, "Nosy").await;
    for cookie in [&other, &ama] {
        let reply = with_cookie(&server, "GET", &class_path, cookie, Value::Null).await;
        assert_eq!((reply.status, code_of(&reply)), (403, "not_teacher".into()));
    }
    let reply = get(&server, &class_path).await;
    assert_eq!((reply.status, code_of(&reply)), (403, "not_teacher".into()), "not signed in");
    let reply = with_cookie(&server, "GET", "/api/classes/nope", &teacher, Value::Null).await;
    assert_eq!(reply.status, 404);
    // A pupil cannot make a class.
    let reply = post_as(&server, "/api/classes", &ama, json!({ "name": "Mine" })).await;
    assert_eq!((reply.status, code_of(&reply)), (403, "pupil".into()));

    // Another device: the pupil code signs Ama in (typed in lower case).
    let reply =
        post(&server, "/api/classes/sign-in", json!({ "code": ama_code.to_lowercase() })).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let ama_tablet = session_of(&reply);
    let mine = with_cookie(&server, "GET", "/api/classes/mine", &ama_tablet, Value::Null).await;
    assert_eq!(mine.json()["pupil"]["name"], "Ama");
    assert_eq!(mine.json()["tournament"], Value::Null);
    let reply = post(&server, "/api/classes/sign-in", json!({ "code": "AAAAAAAA" })).await;
    assert_eq!((reply.status, code_of(&reply)), (404, "unknown_code".into()));
    let reply = with_cookie(&server, "GET", "/api/classes/mine", &teacher, Value::Null).await;
    assert_eq!((reply.status, code_of(&reply)), (404, "not_a_pupil".into()));

    // The teacher gives Ama a new code: the old one and Ama's sessions end.
    let reply =
        post_as(&server, &format!("{class_path}/pupils/Ama/code"), &other, Value::Null).await;
    assert_eq!(reply.status, 403);
    let reply =
        post_as(&server, &format!("{class_path}/pupils/ama/code"), &teacher, Value::Null).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let new_code = reply.json()["code"].as_str().unwrap().to_string();
    assert_ne!(new_code, ama_code);
    for cookie in [&ama, &ama_tablet] {
        let reply = with_cookie(&server, "GET", "/api/classes/mine", cookie, Value::Null).await;
        assert_eq!(reply.status, 401, "signed out everywhere");
    }
    assert_eq!(
        post(&server, "/api/classes/sign-in", json!({ "code": ama_code })).await.status,
        404
    );
    let reply = post(&server, "/api/classes/sign-in", json!({ "code": new_code })).await;
    assert_eq!(reply.status, 200);
    let ama = session_of(&reply);

    // The class tournament: with the pupils present (all three just came).
    let start_path = format!("{class_path}/tournament");
    let reply = post_as(&server, &start_path, &other, json!({ "system": "swiss" })).await;
    assert_eq!(reply.status, 403);
    let reply = post_as(
        &server,
        &start_path,
        &teacher,
        json!({ "system": "round_robin", "pupils": ["Ama"] }),
    )
    .await;
    assert_eq!((reply.status, code_of(&reply)), (409, "too_few_pupils".into()));
    let reply = post_as(
        &server,
        &start_path,
        &teacher,
        json!({ "system": "round_robin", "pupils": ["Ama", "Zed"] }),
    )
    .await;
    assert_eq!((reply.status, code_of(&reply)), (400, "unknown_pupil".into()));
    let reply = post_as(&server, &start_path, &teacher, json!({ "system": "round_robin" })).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let started = reply.json();
    let tournament = started["id"].as_str().unwrap().to_string();
    assert_eq!(strings(&started["players"]), ["Ama", "Ben", "Đức"]);
    let shown = get(&server, &format!("/api/tournaments/{tournament}")).await.json();
    assert_eq!(shown["game"], "wahree");
    let entrants: Vec<&str> = each(&shown["players"], "name");
    assert_eq!(entrants, ["Ama", "Ben", "Đức"], "{shown}");
    assert_eq!(shown["rounds"].as_array().unwrap().len(), 1, "the first round is paired");
    // The pupils' pages are sent to it.
    let mine = with_cookie(&server, "GET", "/api/classes/mine", &duc, Value::Null).await.json();
    assert_eq!(mine["tournament"]["id"], tournament.as_str());

    // Removing a pupil deletes them: their session, code and name go.
    let path = format!("{class_path}/pupils/{}", "%C4%90%E1%BB%A9c");
    assert_eq!(with_cookie(&server, "DELETE", &path, &other, Value::Null).await.status, 403);
    let reply = with_cookie(&server, "DELETE", &path, &teacher, Value::Null).await;
    assert_eq!(reply.status, 204, "{}", reply.body);
    assert_eq!(
        with_cookie(&server, "GET", "/api/classes/mine", &duc, Value::Null).await.status,
        401
    );
    let class = with_cookie(&server, "GET", &class_path, &teacher, Value::Null).await.json();
    let names: Vec<&str> = each(&class["pupils"], "name");
    assert_eq!(names, ["Ama", "Ben"]);
    let reply = with_cookie(&server, "DELETE", &path, &teacher, Value::Null).await;
    assert_eq!((reply.status, code_of(&reply)), (404, "unknown_pupil".into()));
    // The tournament shows a removed pupil as a deleted player.
    let shown = get(&server, &format!("/api/tournaments/{tournament}")).await.json();
    assert!(shown.to_string().contains("deleted player"), "{shown}");
    assert!(!shown.to_string().contains("Đức"), "{shown}");
    let mine = with_cookie(&server, "GET", "/api/classes/mine", &ama, Value::Null).await;
    assert_eq!(mine.status, 200);

    // The pages: the list, the join page (the name escaped), the teacher's
    // page and the QR code (the teacher's only).
    assert_eq!(get(&server, "/classes").await.status, 200);
    let page = get(&server, &format!("/classes/join/{code}?lang=vi")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("4B &lt;Wahree&gt;") && !page.body.contains("4B <Wahree>"));
    assert!(page.body.contains("/assets/classes."));
    assert_eq!(get(&server, "/classes/join/NOPE42").await.status, 404);
    let redirect = get(&server, &format!("/classes/join?code={}", code.to_lowercase())).await;
    assert_eq!(redirect.status, 303, "{}", redirect.headers);
    assert!(header(&redirect.headers, "location")
        .unwrap()
        .ends_with(&format!("/classes/join/{code}")));
    assert_eq!(get(&server, &format!("/classes/{id}")).await.status, 200);
    let qr =
        with_cookie(&server, "GET", &format!("/classes/{id}/qr.svg"), &teacher, Value::Null).await;
    assert_eq!(qr.status, 200);
    assert_eq!(header(&qr.headers, "content-type"), Some("image/svg+xml"));
    let qr =
        with_cookie(&server, "GET", &format!("/classes/{id}/qr.svg"), &other, Value::Null).await;
    assert_eq!(qr.status, 403);

    // Another class has too few pupils present for a tournament.
    let made =
        post_as(&server, "/api/classes", &teacher, json!({ "name": "5A", "game": "anywoli" }))
            .await
            .json();
    let path = format!("/api/classes/{}/tournament", made["id"].as_str().unwrap());
    let reply = post_as(&server, &path, &teacher, json!({ "system": "knockout" })).await;
    assert_eq!((reply.status, code_of(&reply)), (409, "too_few_pupils".into()));
    server.stop().await;
}

fn code_of(reply: &Reply) -> String {
    code(reply)
}

on_both_stores!(a_teacher_runs_a_class_and_pupils_join_with_a_first_name => classes_over_http);

/// Every text of the classes' pages is there in the three languages.
#[test]
fn the_classes_pages_speak_three_languages() {
    for (key, texts) in mancala_web::pages::CLASS_TEXTS {
        assert!(texts.iter().all(|t| !t.is_empty()), "{key}");
        // "Rating" is Dutch too.
        if *key != "col.rating" {
            assert!(texts[0] != texts[1] && texts[0] != texts[2], "{key} is not translated");
        }
    }
}

/// A first name becomes an account name in plain ASCII letters.
#[test]
fn a_pupils_first_name_is_folded_to_ascii_for_the_account() {
    use mancala_web::classes::api::{ascii_fold, normal_code};
    use mancala_web::lessons::lessons_done;
    assert_eq!(ascii_fold("Đức"), "Duc");
    assert_eq!(ascii_fold("Lân Anh"), "LanAnh");
    assert_eq!(ascii_fold("Zoë"), "Zoe");
    assert_eq!(ascii_fold("O'Neil"), "ONeil");
    assert_eq!(normal_code(" ab-c 12 "), "ABC12");
    // A lesson is done once every exercise of it is answered right.
    let answers = |list: &[(&str, &str, i64)]| {
        list.iter().map(|(r, l, e)| (r.to_string(), l.to_string(), *e)).collect::<Vec<_>>()
    };
    assert_eq!(lessons_done(&answers(&[("wahree", "sowing", 1)])), 0);
    assert_eq!(lessons_done(&answers(&[("wahree", "sowing", 1), ("wahree", "sowing", 2)])), 1);
    assert_eq!(lessons_done(&answers(&[("wahree", "repetition", 0), ("nope", "sowing", 1)])), 1);
}
