//! Compositions over HTTP, on SQLite and PostgreSQL: publishing a proven
//! position (unique key: solved like a puzzle; several keys: a study),
//! refusing one the solver cannot prove, one published already and bad
//! fields, the lists (newest, most solved) and the pages.

use super::*;

const PASSWORD: &str = "correct horse battery";

/// Wahree, South to move: `a` is the only move that wins.
const UNIQUE: &str = "1,0,1,0,1,0/0,0,0,0,2,0 21-22 S";
/// Wahree, South to move: `b` and `f` both win (`a` only draws).
const TWO_KEYS: &str = "1,1,0,0,0,1/1,0,0,0,0,0 22-22 S";

fn strings_of(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

async fn compositions_over_http(db: &impl Database) {
    let server = start(db, 0).await;
    let created =
        post(&server, "/api/account", json!({ "name": "Composer", "password": PASSWORD })).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let cookie = session_of(&created);

    // A position with one key: proven, published, solvable as a puzzle.
    let body = json!({
        "game": "wahree",
        "position": UNIQUE,
        "title": "The <b>lone</b> path",
        "composer": "",
        "comment": "First line.\nSecond line.",
    });
    let reply = post_as(&server, "/api/compositions", &cookie, body.clone()).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let answer = reply.json();
    let id = answer["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("comp-wahree-"), "{id}");
    assert_eq!(answer["value"], "win");
    assert_eq!(answer["unique"], true);
    assert_eq!(answer["solvable"], true);
    assert_eq!(strings_of(&answer["keeping"]), ["a"]);
    let line = strings_of(&answer["line"]);
    assert_eq!(line[0], "a", "the line starts with the key");
    assert_eq!(answer["url"], format!("/compositions/{id}"));
    // The line is legal from the position and ends the game won by South,
    // or stops where South has more than one way.
    let rules = mancala_rules::ruleset("wahree").unwrap().rules;
    let mut game = mancala_rules::Game::from_position(rules, rules.parse_position(UNIQUE).unwrap());
    for m in &line {
        game.play(mancala_rules::Pit::parse(m, &rules).unwrap()).unwrap();
    }
    if game.is_over() {
        assert_eq!(
            game.position().outcome().unwrap().winner,
            Some(mancala_rules::Side::South),
            "the line keeps the win"
        );
    }

    // Published once: the same position again is refused with its id.
    let again = post_as(&server, "/api/compositions", &cookie, body).await;
    assert_eq!((again.status, code(&again)), (409, "already_published".to_string()));
    assert_eq!(again.json()["error"]["id"], id.as_str());

    // Shown: the signed-in composer's name stands in for an empty one; the
    // solution stays hidden while it is a puzzle to solve.
    let shown = get(&server, &format!("/api/compositions/{id}")).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    let shown = shown.json();
    assert_eq!(shown["composer"], "Composer");
    assert_eq!(shown["title"], "The <b>lone</b> path");
    assert_eq!(shown["comment"], "First line.\nSecond line.");
    assert!(shown.get("line").is_none() && shown.get("keeping").is_none(), "{shown}");

    // Solved like a puzzle, by a guest: the answers follow the line.
    let puzzle = get(&server, &format!("/api/puzzles/{id}")).await;
    assert_eq!(puzzle.status, 200, "{}", puzzle.body);
    assert_eq!(puzzle.json()["solver"], "south");
    let mut played: Vec<String> = Vec::new();
    let path = format!("/api/puzzles/{id}/moves");
    loop {
        played.push(line[played.len()].clone());
        let r = post_as(&server, &path, &cookie, json!({ "moves": played })).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let a = r.json();
        assert_eq!(a["correct"], true, "{}", r.body);
        if let Some(reply) = a["reply"].as_array() {
            played.extend(reply.iter().map(|m| m.as_str().unwrap().to_string()));
        }
        if a["solved"] == true {
            assert_eq!(played, line);
            assert!(a["rating"].is_object(), "a signed-in first attempt is rated: {a}");
            break;
        }
    }

    // Several keys: published as a study, its line shown.
    let study = post(
        &server,
        "/api/compositions",
        json!({ "game": "wahree", "position": TWO_KEYS, "title": "Two roads", "composer": "Ama" }),
    )
    .await;
    assert_eq!(study.status, 201, "{}", study.body);
    let study = study.json();
    assert_eq!(study["unique"], false);
    assert_eq!(study["solvable"], false);
    assert_eq!(strings_of(&study["keeping"]), ["b", "f"]);
    let study_id = study["id"].as_str().unwrap().to_string();
    let shown = get(&server, &format!("/api/compositions/{study_id}")).await.json();
    assert_eq!(strings_of(&shown["keeping"]), ["b", "f"]);
    assert_eq!(shown["line"], study["line"]);
    assert_eq!(get(&server, &format!("/api/puzzles/{study_id}")).await.status, 404);

    // The lists: newest first; most solved first.
    let newest = get(&server, "/api/compositions?game=wahree").await.json();
    let ids: Vec<&str> = each(&newest["compositions"], "id");
    assert_eq!(ids.len(), 2);
    let solved = get(&server, "/api/compositions?game=wahree&sort=solved").await.json();
    let first = &solved["compositions"][0];
    assert_eq!((first["id"].as_str().unwrap(), first["solved"].as_u64()), (id.as_str(), Some(1)));
    assert_eq!(solved["compositions"][1]["solved"], 0);
    let other = get(&server, "/api/compositions?game=anywoli").await.json();
    assert_eq!(other["compositions"].as_array().unwrap().len(), 0);

    // Not proven within the limit: 422 with why, nothing stored.
    let hard = post(
        &server,
        "/api/compositions",
        json!({ "game": "oware-abapa", "position": "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "title": "All of it", "composer": "Kofi" }),
    )
    .await;
    assert_eq!((hard.status, code(&hard)), (422, "not_proven".to_string()), "{}", hard.body);
    assert!(hard.json()["error"]["why"].as_str().unwrap().contains("could not prove"));
    let none = get(&server, "/api/compositions?game=oware-abapa").await.json();
    assert_eq!(none["compositions"].as_array().unwrap().len(), 0);

    // Bad fields: what was wrong and what is accepted.
    for (body, status, want) in [
        (
            json!({ "game": "chess", "position": UNIQUE, "title": "x", "composer": "a" }),
            400,
            "unknown_game",
        ),
        (
            json!({ "game": "wahree", "position": "1,2,3", "title": "x", "composer": "a" }),
            400,
            "bad_position",
        ),
        (
            json!({ "game": "wahree", "position": UNIQUE, "title": "  ", "composer": "a" }),
            400,
            "bad_title",
        ),
        (
            json!({ "game": "wahree", "position": UNIQUE, "title": "a\u{7}b", "composer": "a" }),
            400,
            "bad_title",
        ),
        (
            json!({ "game": "wahree", "position": UNIQUE, "title": "x".repeat(81), "composer": "a" }),
            400,
            "bad_title",
        ),
        (json!({ "game": "wahree", "position": TWO_KEYS, "title": "x" }), 400, "bad_composer"),
        (
            json!({ "game": "wahree", "position": "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S", "title": "x", "composer": "a" }),
            422,
            "game_over",
        ),
        (
            json!({ "game": "wahree", "position": UNIQUE, "title": "x", "composer": "a", "extra": 1 }),
            400,
            "malformed_json",
        ),
    ] {
        let r = post(&server, "/api/compositions", body.clone()).await;
        assert_eq!(r.status, status, "{body}: {}", r.body);
        assert_eq!(code(&r), want, "{body}: {}", r.body);
    }
    let bad_position = post(
        &server,
        "/api/compositions",
        json!({ "game": "wahree", "position": "1,2,3", "title": "x", "composer": "a" }),
    )
    .await;
    assert!(bad_position.body.contains("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"), "{}", bad_position.body);
    let missing = get(&server, "/api/compositions").await;
    assert_eq!((missing.status, code(&missing)), (400, "unknown_game".to_string()));
    let sort = get(&server, "/api/compositions?game=wahree&sort=best").await;
    assert_eq!((sort.status, code(&sort)), (400, "bad_sort".to_string()));
    assert_eq!(get(&server, "/api/compositions/comp-nope").await.status, 404);
    assert_eq!(get(&server, "/api/puzzles/comp-nope").await.status, 404);

    // The pages: the list and each composition, text escaped.
    let list = get(&server, "/compositions?game=wahree&sort=solved").await;
    assert_eq!(list.status, 200);
    assert!(list.body.contains(&format!("/compositions/{id}")), "{}", list.body);
    assert!(list.body.contains("The &lt;b&gt;lone&lt;/b&gt; path"), "{}", list.body);
    assert!(!list.body.contains("<b>lone</b>"));
    let page = get(&server, &format!("/compositions/{id}?lang=nl")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("puzzle-board") && page.body.contains("/assets/puzzles."));
    assert!(page.body.contains("First line.") && page.body.contains("door Composer"));
    let page = get(&server, &format!("/compositions/{study_id}")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("A study") && page.body.contains("b f"), "{}", page.body);
    assert_eq!(get(&server, "/compositions/comp-nope").await.status, 404);
    for (key, texts) in mancala_web::pages::COMPOSITION_TEXTS {
        assert!(texts.iter().all(|t| !t.is_empty()), "{key}");
        assert!(texts[0] != texts[1] && texts[0] != texts[2], "{key} is not translated");
    }
    server.stop().await;
}

on_both_stores!(compositions_are_proven_published_solved_and_listed => compositions_over_http);
