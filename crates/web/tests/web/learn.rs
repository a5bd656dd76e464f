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
    let (mut checked, mut strategy) = (0, 0);
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
                        Verdict::Played { right: false, proof: Some(proof), .. } => {
                            // A wrong answer to the solver's goal gives
                            // something away, which the answer names.
                            assert!(
                                proof.got < proof.best,
                                "{id}/{} exercise {}: {proof:?}",
                                lesson.id,
                                n + 1
                            );
                            assert!(!learn::proof_text(Lang::En, proof).is_empty());
                            wrong.push(pit);
                        }
                        Verdict::Unproven => {
                            panic!("{id}/{} exercise {}: not proven", lesson.id, n + 1)
                        }
                        _ => wrong.push(pit),
                    }
                }
                if exercise.goal == learn::Goal::KeepsResult {
                    strategy += 1;
                    let why = exercise.why.as_ref();
                    assert!(why.is_some(), "{id}/{} exercise {}: no why", lesson.id, n + 1);
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
            .chain(lesson.exercises.iter().map(|e| &e.prompt))
            .chain(lesson.exercises.iter().filter_map(|e| e.why.as_ref()));
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
    // Issue 33: a strategy course, its answers proven by the solver.
    assert!(strategy >= 26, "{strategy}");
    let courses: Vec<&str> = LESSONS
        .lessons
        .iter()
        .filter(|l| l.id.starts_with("strategy-"))
        .flat_map(|l| l.rulesets.iter().map(String::as_str))
        .collect();
    for family in
        ["oware-abapa", "barbados-warri-speightstown", "wahree", "round-and-round-warri", "anywoli"]
    {
        assert!(courses.contains(&family), "no strategy lesson for {family}");
    }
    // The topics the issue names: counting, the big house (kroo), tempo,
    // feeding and starving, grand slams, circulating seeds, relay planning
    // (both relay games) and the end of a Barbados match.
    for topic in [
        "counting",
        "kroo",
        "tempo",
        "feeding",
        "grand-slam",
        "circulating",
        "relay",
        "laps",
        "match",
    ] {
        let id = format!("strategy-{topic}");
        assert!(LESSONS.lessons.iter().any(|l| l.id == id), "no lesson {id}");
    }
}

/// A strategy exercise's answer says what the solver proved: the right
/// move keeps the result, a wrong one names what it gives away ("turns a
/// win into a draw") and why, in every language, through the API and the
/// page without a script.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strategy_answer_names_what_a_wrong_move_loses() {
    let (_dir, _, server) = fresh_server().await;
    // Counting, exercise 1: a keeps the win; c leaves two seeds in a for
    // North's F, and draws.
    let path = "/api/learn/oware-abapa/strategy-counting/1";
    let right = post(&server, path, json!({"move": "a"})).await;
    assert_eq!(right.status, 200, "{}", right.body);
    let right = right.json();
    assert_eq!(right["right"], true);
    assert_eq!(right["proof"]["best"], "win");
    assert_eq!(right["proof"]["played"], "win");
    assert_eq!(right["proof"]["text"]["en"], "This move keeps the win.");
    assert_eq!(right["proof"]["why"], Value::Null);
    let wrong = post(&server, path, json!({"move": "c"})).await.json();
    assert_eq!((wrong["right"].clone(), wrong["legal"].clone()), (json!(false), json!(true)));
    assert_eq!(wrong["proof"]["played"], "draw");
    assert_eq!(wrong["proof"]["text"]["en"], "This move turns a win into a draw.");
    assert_eq!(wrong["proof"]["text"]["nl"], "Deze zet maakt van een winst een remise.");
    assert!(wrong["proof"]["why"]["en"].as_str().unwrap().contains("North's F"));
    assert!(!wrong["proof"]["why"]["vi"].as_str().unwrap().is_empty());
    // A win lost outright, and a goal the solver does not check has no proof.
    let lost =
        post(&server, "/api/learn/round-and-round-warri/strategy-laps/1", json!({"move": "a"}))
            .await
            .json();
    assert_eq!(lost["proof"]["text"]["en"], "This move turns a win into a loss.");
    let plain = post(&server, "/api/learn/oware-abapa/sowing/1", json!({"move": "d"})).await.json();
    assert!(plain.get("proof").is_none(), "{plain}");
    // The page without a script says the same, with the exercise's why.
    let page = get(&server, "/learn/wahree/strategy-counting?exercise=1&move=c&lang=en").await.body;
    assert!(page.contains("class=\"verdict wrong\""), "{page}");
    assert!(page.contains("This move turns a win into a draw."), "{page}");
    assert!(page.contains("class=\"why\">Count North"), "{page}");
    let page = get(&server, "/learn/wahree/strategy-counting?exercise=1&move=a&lang=vi").await.body;
    assert!(page.contains("Nước này giữ được thế thắng."), "{page}");
    assert!(!page.contains("class=\"why\""));
    server.stop().await;
}

/// The seeds of each pit of the `index`th diagram in a page, by letter.
/// A diagram is the play page's board drawn by the server: a
/// `board diagram` element with `data-pits` pits a row, each pit with its
/// `data-pit` and `data-seeds`.
fn diagram_seeds(html: &str, index: usize) -> Vec<(String, u8)> {
    let board = html.split("<div class=\"board diagram").nth(index + 1).expect("a diagram");
    let pits: usize = board
        .split("data-pits=\"")
        .nth(1)
        .and_then(|p| p.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    board
        .split("data-pit=\"")
        .skip(1)
        .take(2 * pits)
        .map(|part| {
            let letter = &part[..part.find('"').unwrap()];
            let seeds = part.split("data-seeds=\"").nth(1).unwrap();
            (letter.to_string(), seeds[..seeds.find('"').unwrap()].parse().unwrap())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lessons_exercise_is_checked_right_and_wrong_by_the_library() {
    let (_dir, _, server) = fresh_server().await;
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
    let (_dir, _, server) = fresh_server().await;
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

/// A server on a temporary SQLite file with the small endgame database:
/// the folders to keep (the file's, the database's), the database and the
/// server.
async fn with_small_database() -> ((tempfile::TempDir, tempfile::TempDir), Egdb, Server) {
    let (dir, db) = temp_db();
    let (egdb_dir, egdb) = small_database();
    let path = egdb_dir.path().to_path_buf();
    let server = start_configured(&db, |c| c.egdb_dir = Some(path)).await;
    ((dir, egdb_dir), egdb, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_checks_positions_plays_moves_and_gives_the_database_result() {
    let (_dirs, egdb, server) = with_small_database().await;
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
    let (_dirs, egdb, server) = with_small_database().await;
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

/// The letters of a diagram's near (bottom) and far (top) rows, in the
/// page's order, and the side its `bottom-` class names.
fn diagram_rows(board: &str) -> (String, Vec<String>, Vec<String>) {
    let bottom =
        board.split("bottom-").nth(1).unwrap().split(['"', ' ']).next().unwrap().to_string();
    let row = |which: &str| -> Vec<String> {
        let part = board.split(&format!("<div class=\"row {which} ")).nth(1).unwrap();
        let part = &part[..part.find("<div class=\"row ").or_else(|| part.find("-store")).unwrap()];
        part.split("data-pit=\"").skip(1).map(|p| p[..p.find('"').unwrap()].to_string()).collect()
    };
    (bottom, row("near"), row("far"))
}

/// One board everywhere: the lessons' and rules pages' diagrams are the
/// play page's board (stores, rows of pits with their holes and labels),
/// drawn from the side of the player to move in an exercise and of the
/// mover in a move shown: their row at the bottom, left to right.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagrams_are_the_play_board_with_the_movers_row_at_the_bottom() {
    let (_dir, _, server) = fresh_server().await;
    let letters =
        |first: u8, n: u8| (first..first + n).map(|c| (c as char).to_string()).collect::<Vec<_>>();
    let reversed = |v: Vec<String>| v.into_iter().rev().collect::<Vec<_>>();
    // Anywoli's fours: North to move in exercise 2; the answer E is North's.
    let page = get(&server, "/learn/anywoli/fours?exercise=2&move=E&lang=en").await;
    assert_eq!(page.status, 200);
    let exercise = page.body.split("id=\"ex-2\"").nth(1).unwrap();
    let boards: Vec<&str> = exercise.split("<div class=\"board diagram").skip(1).collect();
    assert_eq!(boards.len(), 2, "the exercise's board and the board after the answer");
    for board in boards {
        let (bottom, near, far) = diagram_rows(board);
        assert_eq!(bottom, "north");
        assert_eq!(near, letters(b'A', 12), "North's row at the bottom, left to right");
        assert_eq!(far, reversed(letters(b'a', 12)), "South's row on top, right to left");
        assert!(board.contains("class=\"store south-store top-store\""), "{board}");
        assert!(
            board.contains("<span class=\"hole\" data-seeds="),
            "pits have holes for the seeds"
        );
    }
    // A South exercise and a rules page's starting board: South's row below.
    let page = get(&server, "/learn/oware-abapa/sowing").await;
    let board = page
        .body
        .split("id=\"ex-1\"")
        .nth(1)
        .unwrap()
        .split("<div class=\"board diagram")
        .nth(1)
        .unwrap();
    let (bottom, near, far) = diagram_rows(board);
    assert_eq!(
        (bottom.as_str(), near, far),
        ("south", letters(b'a', 6), reversed(letters(b'A', 6)))
    );
    let page = get(&server, "/games/wahree").await;
    let (bottom, near, _) =
        diagram_rows(page.body.split("<div class=\"board diagram").nth(1).unwrap());
    assert_eq!((bottom.as_str(), near), ("south", letters(b'a', 6)));
    // The worked examples: each board from the mover's side.
    for example in &LESSONS.examples {
        let rules = ruleset(&example.ruleset).unwrap().rules;
        let mover = rules.parse_position(&example.position).unwrap().to_move();
        let page = content_page_of(&server, &example.ruleset).await;
        let figure = page
            .split("<figure class=\"example-diagram\">")
            .skip(1)
            .find(|f| f.contains(&format!(" from\" data-pit=\"{}\"", example.pit)))
            .unwrap();
        let (bottom, _, _) =
            diagram_rows(figure.split("<div class=\"board diagram").nth(1).unwrap());
        assert_eq!(bottom, mover.name(), "{} {}", example.ruleset, example.starts);
    }
    assert!(!page.body.contains("<svg class=\"diagram-svg\""), "no diagram is drawn another way");
    server.stop().await;
}

/// The rules page that shows `ruleset`'s examples.
async fn content_page_of(server: &Server, ruleset: &str) -> String {
    let page = mancala_web::content::PAGES
        .iter()
        .find(|p| p.variants.iter().any(|(id, _)| *id == ruleset))
        .unwrap();
    get(server, &format!("/games/{}", page.variants[0].0)).await.body
}

/// Each 2 x 6 game's capture example (`mancala rules ID --lang` prints the
/// same text) is true in that game: North's row as the text gives it, South's
/// pit as the text gives it (the rest of South's row as in the example's
/// diagram), the move played by the rules library captures what the text
/// says; and where the text says what the move would do to a row holding
/// only some of those pits (Wahree's wipe-out, Abapa's grand slam that
/// captures nothing), that is what the library does too.
#[test]
fn the_capture_examples_capture_what_they_say_in_each_game() {
    use mancala_rules::{EndReason, Position};
    // `X` = n pairs of upper-case pits in a piece of text.
    let north_pits = |text: &str| -> Vec<(char, u8)> {
        text.split('`')
            .collect::<Vec<_>>()
            .windows(2)
            .filter_map(|w| {
                let pit =
                    w[0].chars().next().filter(|c| c.is_ascii_uppercase() && w[0].len() == 1)?;
                let n = w[1].trim_start().strip_prefix("= ")?;
                Some((pit, n.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?))
            })
            .collect()
    };
    let number_after = |text: &str, words: &str| -> Option<u8> {
        let rest = text.split(words).nth(1)?;
        rest.trim_start_matches('`')
            .split(|c: char| !c.is_ascii_digit())
            .find(|s| !s.is_empty())?
            .parse()
            .ok()
    };
    let mut checked = 0;
    for example in
        LESSONS.examples.iter().filter(|e| e.starts.starts_with("Example: South's `e` holds"))
    {
        let ruleset = ruleset(&example.ruleset).unwrap();
        let rules = ruleset.rules;
        let (page, _) = mancala_web::content::find_page(&example.ruleset).unwrap();
        let sections =
            page.sections.iter().chain(page.variant_sections.iter().flat_map(|s| s.iter()));
        let text = sections
            .flat_map(|s| s.items)
            .map(|item| item[0])
            .find(|t| t.trim_start_matches("- ").starts_with(&example.starts))
            .unwrap_or_else(|| panic!("{}: no capture example", example.ruleset));
        let (main, variant) = match text.split_once(" Had North's row held nothing but ") {
            Some((main, variant)) => (main, Some(variant)),
            None => (text, None),
        };
        let diagram = rules.parse_position(&example.position).unwrap();
        let pit = Pit::parse(&example.pit, &rules).unwrap();
        let held = number_after(main, "South's `e` holds").unwrap();
        assert_eq!(diagram.seeds(pit), held, "{}: the diagram's e", example.ruleset);
        // A position with South's row as drawn and North's row as written.
        let position = |north: &[(char, u8)]| -> Position {
            let mut pits: Vec<u8> = (0..6).map(|i| diagram.seeds(Pit(i))).collect();
            pits.extend((0..6).map(|i| {
                north.iter().find(|(p, _)| *p == (b'A' + i) as char).map_or(0, |(_, n)| *n)
            }));
            let rest = 48 - pits.iter().map(|&n| u32::from(n)).sum::<u32>();
            let text = format!(
                "{}/{} {}-{} S",
                pits[..6].iter().map(u8::to_string).collect::<Vec<_>>().join(","),
                pits[6..].iter().map(u8::to_string).collect::<Vec<_>>().join(","),
                rest / 2,
                rest - rest / 2
            );
            rules.parse_position(&text).unwrap()
        };
        let north = north_pits(main.split("South plays").next().unwrap());
        assert_eq!(north.len(), 6, "{}: North's whole row is given: {north:?}", example.ruleset);
        for (letter, n) in &north {
            let at = Pit::parse(&letter.to_string(), &rules).unwrap();
            assert_eq!(diagram.seeds(at), *n, "{}: the diagram's {letter}", example.ruleset);
        }
        let claimed = number_after(main, "so South takes").unwrap();
        let report = Game::from_position(rules, position(&north)).play_reported(pit).unwrap();
        let taken: u32 = report
            .events
            .iter()
            .map(|e| match *e {
                Event::Capture { seeds, by: Side::South, .. } => u32::from(seeds),
                _ => 0,
            })
            .sum();
        assert_eq!(taken, u32::from(claimed), "{}: {text}", example.ruleset);
        assert!(
            !report.after.is_over(),
            "{}: the example's move does not end the game",
            example.ruleset
        );
        if let Some(variant) = variant {
            let only = north_pits(variant);
            let report = Game::from_position(rules, position(&only)).play_reported(pit).unwrap();
            let captured = report.events.iter().any(|e| matches!(e, Event::Capture { .. }));
            if variant.contains("wipe-out") {
                let end = report.after.outcome().map(|o| o.reason);
                assert_eq!(end, Some(EndReason::WipeOut), "{}: {variant}", example.ruleset);
            } else if variant.contains("captures nothing") {
                assert!(!captured, "{}: {variant}", example.ruleset);
                assert!(report.events.iter().any(|e| matches!(e, Event::GrandSlamVoided { .. })));
            } else {
                panic!("{}: what does the move do? {variant}", example.ruleset);
            }
        }
        checked += 1;
    }
    assert!(checked >= 3, "the examples of Barbados Warri, Wahree and Oware: {checked}");
}

/// When Anywoli's last four end the game, the move's explanation and the
/// game's ending say so in every language (they once said that no seeds
/// were left in play), for each way its last four go.
#[test]
fn an_anywoli_game_ended_by_its_last_four_says_so() {
    use mancala_rules::{EndReason, Game, MoveReport};
    // The first line of play (depth first, at most 8 moves) that ends the
    // game with no seeds in play: the last four taken.
    fn last_four(game: &mut Game, depth: u32) -> Option<MoveReport> {
        if depth == 0 {
            return None;
        }
        for pit in game.legal_moves() {
            let mut next = game.clone();
            let report = next.play_reported(pit).ok()?;
            if report.after.outcome().is_some_and(|o| o.reason == EndReason::Exhausted) {
                return Some(report);
            }
            if !report.after.is_over() {
                if let Some(found) = last_four(&mut next, depth - 1) {
                    return Some(found);
                }
            }
        }
        None
    }
    for id in ["anywoli", "anywoli-gering"] {
        let anywoli = ruleset(id).unwrap();
        let start = anywoli
            .rules
            .parse_position("2,1,0,0,0,1,2,0,0,0,0,0/0,0,0,0,0,0,0,0,2,0,0,0 44-44 S")
            .unwrap();
        let report =
            last_four(&mut Game::from_position(anywoli.rules, start), 8).expect("a last four");
        let said = mancala_web::explain::explanations(anywoli, &report);
        for (lang, words) in
            [("en", "last four seeds"), ("vi", "bốn hạt cuối cùng"), ("nl", "laatste vier zaden")]
        {
            let text = said[lang].as_str().unwrap();
            assert!(text.contains(words), "{id} {lang}: {text}");
            for wrong in
                ["no seeds were left in play", "không còn hạt nào", "geen zaden meer in het spel"]
            {
                assert!(!text.contains(wrong), "{id} {lang}: {text}");
            }
        }
        let ending = mancala_web::explain::ending_texts(&anywoli.rules, "no-seeds-in-play");
        assert_eq!(ending["en"], "the last four seeds were taken");
        assert_eq!(ending["nl"], "de laatste vier zaden zijn genomen");
    }
    // Elsewhere an empty board is still said as such.
    let oware = ruleset("oware-abapa").unwrap();
    assert_eq!(
        mancala_web::explain::ending_texts(&oware.rules, "no-seeds-in-play")["en"],
        "no seeds were left in play"
    );
}
