//! Issue 13: lessons, the rules pages' worked examples, the analysis board
//! and the review with endgame databases.

use super::*;
use mancala_ai::egdb::Egdb;
use mancala_rules::{ruleset, Event, Game, Pit, Side, RULESETS};
use mancala_web::learn::{self, Verdict, LESSONS};

/// Every exercise of every lesson, in every ruleset it is for, has a move
/// that meets its goal and a move of the mover's that does not: checked by
/// playing each with the rules library, so no answer is written down
/// anywhere. And every lesson's text is there in the three languages.
#[test]
fn every_exercise_has_a_right_and_a_wrong_answer() {
    let mut checked = 0;
    for lesson in &LESSONS.lessons {
        for id in &lesson.rulesets {
            let ruleset = ruleset(id).unwrap_or_else(|_| panic!("{}: no ruleset {id}", lesson.id));
            learn::position_of(ruleset, &lesson.diagram.position)
                .unwrap_or_else(|e| panic!("{id}/{}: diagram: {e}", lesson.id));
            for (n, exercise) in lesson.exercises.iter().enumerate() {
                let pos = learn::position_of(ruleset, &exercise.position)
                    .unwrap_or_else(|e| panic!("{id}/{} exercise {}: {e}", lesson.id, n + 1));
                assert!(!pos.is_over(), "{id}/{} exercise {}: already over", lesson.id, n + 1);
                let (mut right, mut wrong) = (vec![], vec![]);
                for pit in learn::answers(ruleset, &pos) {
                    match learn::check(ruleset, &pos, &exercise.goal, pit) {
                        Verdict::Played { right: true, .. } => right.push(pit),
                        _ => wrong.push(pit),
                    }
                }
                assert!(
                    !right.is_empty() && !wrong.is_empty(),
                    "{id}/{} exercise {}: right {right:?}, wrong {wrong:?}",
                    lesson.id,
                    n + 1
                );
                checked += 1;
            }
        }
        let texts = std::iter::once(&lesson.title)
            .chain(&lesson.text)
            .chain(lesson.exercises.iter().map(|e| &e.prompt));
        for text in texts {
            assert!(!text.en.is_empty() && !text.vi.is_empty() && !text.nl.is_empty(), "{text:?}");
            assert!(text.vi != text.en && text.nl != text.en, "untranslated: {text:?}");
        }
    }
    for (key, text) in learn::words() {
        assert!(!text.vi.is_empty() && !text.nl.is_empty(), "{key}");
    }
    // Every ruleset has lessons, and no lesson id twice in one ruleset.
    for r in RULESETS {
        let ids: Vec<&str> = learn::lessons_of(r.id).map(|l| l.id.as_str()).collect();
        assert!(ids.len() >= 4, "{}: {ids:?}", r.id);
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "{}: {ids:?}", r.id);
    }
    assert!(checked >= 25, "{checked}");
}

/// The seeds of each pit of the `index`th diagram in a page, by letter.
fn diagram_seeds(html: &str, index: usize) -> Vec<(String, u8)> {
    let svg = html.split("<svg class=\"diagram-svg\"").nth(index + 1).expect("a diagram");
    let svg = &svg[..svg.find("</svg>").unwrap()];
    svg.split("data-pit=\"")
        .skip(1)
        .map(|part| {
            let letter = &part[..part.find('"').unwrap()];
            let seeds = part.split("data-seeds=\"").nth(1).unwrap();
            (letter.to_string(), seeds[..seeds.find('"').unwrap()].parse().unwrap())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lessons_exercise_is_checked_right_and_wrong_by_the_library() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    // The index per game links every lesson at a stable address.
    let index = get(&server, "/learn/wahree").await;
    assert_eq!(index.status, 200);
    for lesson in learn::lessons_of("wahree") {
        assert!(index.body.contains(&format!("href=\"/learn/wahree/{}\"", lesson.id)));
    }
    assert!(get(&server, "/learn").await.body.contains("href=\"/learn/anywoli\""));
    assert_eq!(get(&server, "/learn/chess").await.status, 404);
    assert_eq!(get(&server, "/learn/wahree/castling").await.status, 404);
    // Sowing, exercise 1: the last seed in B. d is right, a is not.
    let right = post(&server, "/api/learn/oware-abapa/sowing/1", json!({"move": "d"})).await;
    assert_eq!(right.status, 200, "{}", right.body);
    let right = right.json();
    assert_eq!((right["right"].clone(), right["legal"].clone()), (json!(true), json!(true)));
    assert_eq!(
        right["explanation"]["en"],
        "South sowed 4 seeds from d into e, f, A and B. North to move."
    );
    let wrong = post(&server, "/api/learn/oware-abapa/sowing/1", json!({"move": "a"})).await.json();
    assert_eq!(wrong["right"], false);
    assert!(wrong["explanation"]["nl"].as_str().unwrap().contains("het laatste kwam in e"));
    // Feeding: a move that does not feed is not allowed, and says why.
    let illegal = post(&server, "/api/learn/wahree/feeding/1", json!({"move": "a"})).await.json();
    assert_eq!((illegal["right"].clone(), illegal["legal"].clone()), (json!(false), json!(false)));
    assert!(illegal["explanation"]["en"].as_str().unwrap().contains("another move would"));
    // Bad requests: a pit off the board, an exercise that does not exist.
    let bad = post(&server, "/api/learn/oware-abapa/sowing/1", json!({"move": "z"})).await;
    assert_eq!((bad.status, bad.json()["error"]["code"].clone()), (400, json!("bad_move")));
    let missing = post(&server, "/api/learn/oware-abapa/sowing/9", json!({"move": "d"})).await;
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"]["message"].as_str().unwrap().contains("1 to 2"));
    // Without a script: the answer is a form, and the page says right or
    // wrong, in the page's language, with the board after the move.
    let page = get(&server, "/learn/anywoli/fours?exercise=2&move=E&lang=nl").await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("class=\"verdict right\"><strong>Goed zo!</strong>"),
        "{}",
        page.body
    );
    let page = get(&server, "/learn/anywoli/fours?exercise=2&move=F&lang=vi").await;
    assert!(page.body.contains("class=\"verdict wrong\"><strong>Chưa đúng.</strong>"));
    server.stop().await;
}

/// Anywoli's worked example: a relay with fours taken mid-sowing. The text
/// and the diagram agree with what the library's own sowing does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_pages_worked_examples_have_diagrams_that_match_the_library() {
    let (_dir, db) = temp_db();
    let server = start(&db, 0).await;
    let example = LESSONS.examples.iter().find(|e| e.ruleset == "anywoli").unwrap();
    let anywoli = ruleset("anywoli").unwrap();
    let rules = anywoli.rules;
    let before = rules.parse_position(&example.position).unwrap();
    let pit = Pit::parse(&example.pit, &rules).unwrap();
    let report = Game::from_position(rules, before).play_reported(pit).unwrap();
    let letter = |p: Pit| p.letter(&rules).to_string();
    // What the text says: g relays 9, D relays 10, fours in C and L go to
    // North (their owner) before the last seed falls, in b.
    let relays: Vec<(String, u8)> = report
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::Relay { pit, seeds } => Some((letter(pit), seeds)),
            _ => None,
        })
        .collect();
    assert_eq!(relays, [("g".to_string(), 9), ("D".to_string(), 10)]);
    let fours: Vec<(String, u8, Side)> = report
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::Capture { pit, seeds, by } => Some((letter(pit), seeds, by)),
            _ => None,
        })
        .collect();
    assert_eq!(fours, [("C".into(), 4, Side::North), ("L".into(), 4, Side::North)]);
    let last = report.events.iter().rev().find_map(|e| match *e {
        Event::Drop { pit } => Some(pit),
        _ => None,
    });
    assert_eq!(last.map(letter).as_deref(), Some("b"));
    assert_eq!(before.seeds(Pit::parse("b", &rules).unwrap()), 0);
    assert_eq!(report.after.captured().north - before.captured().north, 8);
    // The page's two diagrams show the library's boards, pit by pit.
    let page = get(&server, "/games/anywoli").await;
    assert_eq!(page.status, 200);
    let figure = page.body.split("<figure class=\"example-diagram\">").nth(1).expect("a figure");
    for (index, pos) in [(0, &before), (1, &report.after)] {
        let shown = diagram_seeds(figure, index);
        assert_eq!(shown.len(), 24);
        for (name, seeds) in shown {
            assert_eq!(seeds, pos.seeds(Pit::parse(&name, &rules).unwrap()), "pit {name}");
        }
    }
    // Every worked example in the data finds its item on its page: each
    // page has exactly as many diagrams as examples of its variants.
    for page in mancala_web::content::PAGES {
        let html = get(&server, &format!("/games/{}", page.variants[0].0)).await.body;
        let expected = LESSONS
            .examples
            .iter()
            .filter(|e| page.variants.iter().any(|(id, _)| *id == e.ruleset))
            .count();
        assert!(expected > 0, "{}", page.id);
        assert_eq!(html.matches("class=\"example-diagram\"").count(), expected, "{}", page.id);
    }
    server.stop().await;
}

/// A small database (Oware, up to 6 seeds on the board), written where a
/// server started with `egdb_dir` finds it.
fn small_database() -> (tempfile::TempDir, Egdb) {
    let oware = ruleset("oware-abapa").unwrap();
    let db = Egdb::build_in_memory(oware, 6).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("oware-abapa.egdb"), db.as_bytes()).unwrap();
    (dir, db)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_checks_positions_plays_moves_and_gives_the_database_result() {
    let (_dir, db) = temp_db();
    let (egdb_dir, egdb) = small_database();
    let path = egdb_dir.path().to_path_buf();
    let server = start_configured(&db, |c| c.egdb_dir = Some(path)).await;
    let oware = ruleset("oware-abapa").unwrap();
    let text = "0,0,1,0,1,0/0,1,0,1,0,0 22-22 S";
    let pos = oware.rules.parse_position(text).unwrap();
    let expected = mancala_web::egdb::exact_in(&egdb, &pos).unwrap();
    let expected = expected.winner.map_or("draw", |s| s.name());
    let query =
        "/api/analysis/position?game=oware-abapa&position=0,0,1,0,1,0/0,1,0,1,0,0%2022-22%20S";
    let shown = get(&server, query).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    let shown = shown.json();
    assert_eq!(shown["database"]["result"], expected);
    assert_eq!(shown["legal"], json!(["c", "e"]));
    // A move from there: the position after it, explained.
    let played = get(&server, &format!("{query}&move=c&lang=nl")).await.json();
    assert_eq!(played["position"], "0,0,0,1,1,0/0,1,0,1,0,0 22-22 N");
    assert!(played["explanation"].as_str().unwrap().starts_with("Zuid zaaide 1 zaad uit c"));
    // The engine's value, through the scheduler, with the database's.
    let valued = get(&server, &query.replace("/position?", "/evaluate?")).await;
    assert_eq!(valued.status, 200, "{}", valued.body);
    let valued = valued.json();
    assert_eq!(valued["database"]["result"], expected);
    assert!(valued["line"].as_array().is_some_and(|l| !l.is_empty()));
    // A game without a database file: no database result, no error.
    let start = get(&server, "/api/analysis/position?game=wahree").await.json();
    assert_eq!(start["database"], Value::Null);
    assert_eq!(start["position"], "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    // Bad input: the seed total, the notation, an illegal move, no game.
    let total = get(
        &server,
        "/api/analysis/position?game=oware-abapa&position=0,0,1,0,1,0/0,1,0,1,0,0%2022-21%20S",
    )
    .await;
    assert_eq!(total.status, 400);
    let message = total.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("47") && message.contains("48"), "{message}");
    let fours = get(&server, "/api/analysis/position?game=anywoli&position=1,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0%2095-0%20S&lang=vi").await;
    assert_eq!(fours.status, 400);
    assert!(fours.json()["error"]["message"].as_str().unwrap().contains("bội số của 4"));
    let illegal = get(&server, &format!("{query}&move=a")).await;
    assert_eq!(
        (illegal.status, illegal.json()["error"]["code"].clone()),
        (409, json!("illegal_move"))
    );
    assert_eq!(get(&server, "/api/analysis/position").await.status, 400);
    assert_eq!(get(&server, "/api/analysis/position?game=chess").await.status, 404);
    // The page carries the position (the address is the way to share it).
    let page = get(&server, &query.replace("/api/analysis/position", "/analysis")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("\"position\":\"0,0,1,0,1,0/0,1,0,1,0,0 22-22 S\""));
    assert!(page.body.contains("/assets/analysis."));
    server.stop().await;
}

/// The engine's work for the board is bounded per client like hints: one
/// address asking for many evaluations at once gets 429 beyond its cap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_boards_evaluations_are_capped_per_address() {
    let (_dir, db) = temp_db();
    let server = start_configured(&db, |c| c.analyses_per_address = 1).await;
    // Anywoli's search takes a good part of a second: the asks overlap.
    let path = "/api/analysis/evaluate?game=anywoli";
    let asks = (0..4).map(|_| get(&server, path));
    let statuses: Vec<u16> =
        futures_util::future::join_all(asks).await.iter().map(|r| r.status).collect();
    assert!(statuses.contains(&200), "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
    server.stop().await;
}

/// The review uses the database where a position is in it: the set-up
/// position (no history) is exact; after a move without a capture it is
/// not (a repetition could cut the database's line short).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_marks_the_plies_a_database_values_exactly() {
    let (_dir, db) = temp_db();
    let (egdb_dir, egdb) = small_database();
    let path = egdb_dir.path().to_path_buf();
    let server = start_configured(&db, |c| c.egdb_dir = Some(path)).await;
    let setup = "0,0,1,0,1,0/0,1,0,1,0,0 22-22 S";
    let oware = ruleset("oware-abapa").unwrap();
    let expected = mancala_web::egdb::exact_in(&egdb, &oware.rules.parse_position(setup).unwrap())
        .unwrap()
        .winner
        .map_or("draw", |s| s.name());
    let record = format!("[Game \"oware-abapa\"]\n[Setup \"{setup}\"]\n\nc\n");
    let uploaded = post(&server, "/api/records", json!({"record": record})).await.json();
    let id = uploaded["id"].as_str().unwrap().to_string();
    let token = uploaded["token"].as_str().unwrap().to_string();
    post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await;
    let review = get(&server, &format!("/api/games/{id}/review")).await;
    assert_eq!(review.status, 200, "{}", review.body);
    let review = review.json();
    assert_eq!(review["positions"][0]["database"], expected, "{review}");
    assert_eq!(review["positions"][1]["database"], Value::Null, "{review}");
    assert_eq!(review["moves"][0]["exact"], true);
    // The replay page links the analysis board, which starts from the
    // game's position (the game is over).
    let replay = get(&server, &format!("/replay/{id}")).await.body;
    assert!(replay.contains(&format!("class=\"analyse-link\" href=\"/analysis?from={id}&amp;")));
    let page = get(&server, &format!("/analysis?from={id}&ply=1")).await.body;
    assert!(page.contains("\"position\":\"0,0,0,1,1,0/0,1,0,1,0,0 22-22 N\""), "{page}");
    server.stop().await;
}
