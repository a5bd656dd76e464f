//! Puzzles over HTTP, on SQLite and PostgreSQL: listing, playing a puzzle
//! to its end, failing one, hints, the ratings of the solver and of the
//! puzzle moving each way (first attempt only), and bad input.

use super::*;
use mancala_puzzles::Puzzle;

const PASSWORD: &str = "correct horse battery";

fn letters(p: &Puzzle) -> Vec<String> {
    p.moves.iter().map(|m| m.letter(&p.ruleset.rules).to_string()).collect()
}

/// Plays a puzzle's solution through the API, as the page does; returns
/// the last answer.
async fn solve(server: &Server, cookie: &str, p: &Puzzle) -> Value {
    let line = letters(p);
    let mut played: Vec<String> = Vec::new();
    let path = format!("/api/puzzles/{}/moves", p.id);
    loop {
        let mine = line[played.len()].clone();
        played.push(mine);
        let reply = post_as(server, &path, cookie, json!({ "moves": played })).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let answer = reply.json();
        assert_eq!(answer["correct"], true, "{}", reply.body);
        if let Some(reply) = answer["reply"].as_array() {
            for m in reply {
                played.push(m.as_str().unwrap().to_string());
            }
        }
        assert_eq!(played, line[..played.len()], "the replies are the solution's defence");
        if answer["solved"] == true {
            assert_eq!(played, line, "solved exactly at the end of the line");
            return answer;
        }
        assert_eq!(answer["over"], false);
    }
}

/// A legal first move that is not the solution's.
fn wrong_move(p: &Puzzle) -> String {
    let game = mancala_rules::Game::from_position(p.ruleset.rules, p.position);
    let pit = game
        .legal_moves()
        .into_iter()
        .find(|&m| m != p.moves[0])
        .expect("a puzzle has another move");
    pit.letter(&p.ruleset.rules).to_string()
}

fn rating(v: &Value) -> i64 {
    v["rating"].as_i64().unwrap_or_else(|| panic!("no rating in {v}"))
}

async fn puzzles_over_http(db: &impl Database) {
    let server = start(db, 0).await;
    let wahree = mancala_puzzles::bundled("wahree").unwrap();
    assert!(wahree.len() >= 4);

    // Listing, filtered; bad filters are refused with what is accepted.
    let all = get(&server, "/api/puzzles").await.json();
    let total: usize =
        mancala_rules::RULESETS.iter().map(|r| mancala_puzzles::bundled(r.id).unwrap().len()).sum();
    assert_eq!(all["puzzles"].as_array().unwrap().len(), total);
    let some = get(&server, "/api/puzzles?game=wahree&kind=win").await.json();
    let listed = some["puzzles"].as_array().unwrap();
    assert_eq!(
        listed.len(),
        wahree.iter().filter(|p| p.kind == mancala_puzzles::Kind::Win).count()
    );
    assert!(listed.iter().all(|p| p["ruleset"] == "wahree" && p["kind"] == "win"));
    assert!(listed.iter().all(|p| p.get("moves").is_none()), "a list gives no solution away");
    let bad = get(&server, "/api/puzzles?kind=checkmate").await;
    assert_eq!((bad.status, code(&bad)), (400, "unknown_kind".to_string()));
    assert!(bad.json()["error"]["message"].as_str().unwrap().contains("save-the-draw"));
    let bad = get(&server, "/api/puzzles?game=chess").await;
    assert_eq!((bad.status, code(&bad)), (400, "unknown_game".to_string()));
    let daily = get(&server, "/api/puzzles/daily").await.json();
    assert!(mancala_web::puzzles::api::find(daily["id"].as_str().unwrap()).is_some());

    // One puzzle as the page gets it: the position, not the solution.
    let p = &wahree[0];
    let shown = get(&server, &format!("/api/puzzles/{}", p.id)).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    let shown = shown.json();
    assert_eq!(shown["state"]["position"], p.position.to_string());
    assert_eq!(shown["rating"], p.rating as i64);
    assert!(shown["player"].is_null());
    assert!(!shown.to_string().contains("\"moves\""), "no solution before the attempt: {shown}");

    // A guest solves it: no rating, and the solution with each position.
    let done = solve(&server, "", p).await;
    assert!(done["rating"].is_null());
    assert_eq!(strings(&done["solution"]["moves"]), letters(p));
    assert_eq!(done["solution"]["states"].as_array().unwrap().len(), p.moves.len());

    // Bad input.
    let path = format!("/api/puzzles/{}/moves", p.id);
    let r = post(&server, &path, json!({ "moves": ["z"] })).await;
    assert_eq!((r.status, code(&r)), (400, "bad_move".to_string()), "{}", r.body);
    let r = post(&server, &path, json!({ "moves": [] })).await;
    assert_eq!((r.status, code(&r)), (400, "bad_moves".to_string()));
    let r = post(&server, &path, json!({ "moves": "a" })).await;
    assert_eq!((r.status, code(&r)), (400, "malformed_json".to_string()));
    let r = post(&server, "/api/puzzles/nope/moves", json!({ "moves": ["a"] })).await;
    assert_eq!((r.status, code(&r)), (404, "unknown_puzzle".to_string()));
    let game = mancala_rules::Game::from_position(p.ruleset.rules, p.position);
    let rules = p.ruleset.rules;
    if let Some(illegal) = (0..rules.pit_count() as u8)
        .map(mancala_rules::Pit)
        .find(|&m| m.owner(&rules) == p.solver() && !game.legal_moves().contains(m))
    {
        let r =
            post(&server, &path, json!({ "moves": [illegal.letter(&rules).to_string()] })).await;
        assert_eq!((r.status, code(&r)), (400, "illegal_move".to_string()), "{}", r.body);
    }
    if p.moves.len() >= 3 {
        let off = json!({ "moves": [wrong_move(p), letters(p)[1], letters(p)[2]] });
        let r = post(&server, &path, off).await;
        assert_eq!(r.status, 400, "{}", r.body);
    }

    // A player: solving raises their rating and lowers the puzzle's.
    let created =
        post(&server, "/api/account", json!({ "name": "Solver", "password": PASSWORD })).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let cookie = session_of(&created);
    let (solved, failed, hinted) = (&wahree[1], &wahree[2], &wahree[3]);
    let before =
        with_cookie(&server, "GET", &format!("/api/puzzles/{}", solved.id), &cookie, Value::Null)
            .await
            .json();
    assert_eq!(before["player"]["attempted"], false);
    assert_eq!(rating(&before["player"]["rating"]), 1500);
    let done = solve(&server, &cookie, solved).await;
    let change = &done["rating"];
    assert!(rating(&change["player"]["after"]) > rating(&change["player"]["before"]), "{change}");
    assert!(rating(&change["puzzle"]["after"]) < rating(&change["puzzle"]["before"]), "{change}");
    assert_eq!(rating(&change["puzzle"]["before"]), solved.rating as i64);
    let after_solve = rating(&change["player"]["after"]);
    let shown =
        with_cookie(&server, "GET", &format!("/api/puzzles/{}", solved.id), &cookie, Value::Null)
            .await
            .json();
    assert_eq!(shown["player"]["attempted"], true);
    assert_eq!(shown["player"]["solved"], true);
    assert_eq!(rating(&shown["player"]["rating"]), after_solve);
    assert_eq!(rating(&shown), rating(&change["puzzle"]["after"]), "the puzzle's rating is stored");
    // Only the first attempt counts.
    let again = solve(&server, &cookie, solved).await;
    assert!(again["rating"].is_null(), "{again}");

    // Failing lowers theirs and raises the puzzle's.
    let path = format!("/api/puzzles/{}/moves", failed.id);
    let wrong = post_as(&server, &path, &cookie, json!({ "moves": [wrong_move(failed)] })).await;
    assert_eq!(wrong.status, 200, "{}", wrong.body);
    let wrong = wrong.json();
    assert_eq!(
        (wrong["correct"].clone(), wrong["over"].clone(), wrong["solved"].clone()),
        (json!(false), json!(true), json!(false))
    );
    assert_eq!(strings(&wrong["solution"]["moves"]), letters(failed));
    let change = &wrong["rating"];
    assert_eq!(rating(&change["player"]["before"]), after_solve);
    assert!(rating(&change["player"]["after"]) < after_solve, "{change}");
    assert!(rating(&change["puzzle"]["after"]) > rating(&change["puzzle"]["before"]), "{change}");

    // A hint gives the move and counts as a failure.
    let hint = post_as(
        &server,
        &format!("/api/puzzles/{}/hint", hinted.id),
        &cookie,
        json!({ "moves": [] }),
    )
    .await;
    assert_eq!(hint.status, 200, "{}", hint.body);
    let hint = hint.json();
    assert_eq!(hint["pit"], letters(hinted)[0]);
    assert!(
        rating(&hint["rating"]["player"]["after"]) < rating(&hint["rating"]["player"]["before"])
    );
    let r =
        post(&server, &format!("/api/puzzles/{}/hint", hinted.id), json!({ "moves": ["z"] })).await;
    assert_eq!(r.status, 400, "{}", r.body);

    // The store holds the attempts.
    let (s, f) = (solved.id.clone(), failed.id.clone());
    let player = db.with_store(|store| store.player_named("Solver").unwrap().unwrap().id);
    let (a, b, mine) = db.with_store(move |store| {
        (
            store.puzzle_attempt(&player, &s).unwrap(),
            store.puzzle_attempt(&player, &f).unwrap(),
            store.player_puzzle_rating(&player).unwrap().unwrap(),
        )
    });
    assert_eq!((a, b), (Some(true), Some(false)));
    assert_eq!((mine.attempts, mine.solved), (3, 1));
    server.stop().await;
}

on_both_stores!(puzzles_are_played_rated_and_stored => puzzles_over_http);

#[tokio::test(flavor = "multi_thread")]
async fn puzzle_pages_render_in_every_language() {
    let (_dir, _, server) = fresh_server().await;
    let p = &mancala_puzzles::bundled("oware-abapa").unwrap()[0];
    for (lang, word) in [("en", "Puzzles"), ("vi", "Câu đố"), ("nl", "Puzzels")] {
        let index = get(&server, &format!("/puzzles?lang={lang}&game=oware-abapa")).await;
        assert_eq!(index.status, 200);
        assert!(index.body.contains(word), "{lang}: {}", index.body);
        assert!(index.body.contains(&format!("/puzzles/{}", p.id)));
        let page = get(&server, &format!("/puzzles/{}?lang={lang}", p.id)).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("puzzle-board") && page.body.contains("/assets/puzzles."));
        let home = get(&server, &format!("/?lang={lang}")).await;
        assert!(home.body.contains("daily-puzzle"), "the daily puzzle is on the home page");
    }
    assert_eq!(get(&server, "/puzzles/nope").await.status, 404);
    for (key, texts) in mancala_web::pages::PUZZLE_TEXTS {
        assert!(texts.iter().all(|t| !t.is_empty()), "{key}");
        assert!(
            texts[0] != texts[1] && texts[0] != texts[2]
                || *key == "pz.hint"
                || *key == "pz.rating",
            "{key} is not translated"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn the_composed_studies_are_listed_with_their_credit() {
    let (_dir, _, server) = fresh_server().await;
    let ids = mancala_puzzles::study_ids();
    for (lang, heading) in
        [("en", "Composed studies"), ("vi", "Thế cờ sáng tác"), ("nl", "Gecomponeerde studies")]
    {
        let page = get(&server, &format!("/puzzles?theme=studies&lang={lang}")).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains(heading), "{lang}: {}", page.body);
        assert!(page.body.contains("Pankhurst"), "the credit names the recorded problem");
        for id in &ids {
            assert!(page.body.contains(&format!("/puzzles/{id}\"")), "{id} is listed");
        }
    }
    // Filtered by game: only that game's studies.
    let anywoli = get(&server, "/puzzles?theme=studies&game=anywoli").await;
    for id in &ids {
        assert_eq!(anywoli.body.contains(&format!("/puzzles/{id}\"")), id.starts_with("anywoli-"));
    }
    server.stop().await;
}

/// Two servers on one database rate first attempts at one puzzle at the
/// same time (issue 32): each attempt is read, rated and written in one
/// transaction, so every one counts and none overwrites another; a second
/// attempt by the same account is not rated.
async fn attempts_rated_at_once_by_two_servers(db: &impl Database) {
    use mancala_web::puzzles::api::rate_attempt;
    use mancala_web::puzzles::AttemptToRate;
    use mancala_web::store::PlayerRow;
    let players: Vec<String> = (0..12).map(|i| format!("solver{i:02}")).collect();
    let names = players.clone();
    db.with_store(move |s| {
        for name in &names {
            let row = PlayerRow {
                id: name.clone(),
                name: name.clone(),
                password: String::new(),
                created: 0,
                deleted: false,
            };
            assert!(s.create_player(&row).unwrap());
        }
    });
    let url = db.url();
    let attempt = |i: usize, player: &str| AttemptToRate {
        player: player.to_string(),
        puzzle: "oware-abapa-race".into(),
        solved: i.is_multiple_of(3),
        at: 1_000_000 + i as i64,
        start_rating: 1500.0,
    };
    off_async(move || {
        let stores =
            [mancala_web::open_store(&url).unwrap(), mancala_web::open_store(&url).unwrap()];
        std::thread::scope(|scope| {
            for (i, player) in players.iter().enumerate() {
                let store = &stores[i % 2];
                let attempt = attempt(i, player);
                scope.spawn(move || {
                    let rated = store.rate_puzzle_attempt(&attempt, rate_attempt).unwrap();
                    assert!(rated.is_some(), "{player}'s first attempt is rated");
                });
            }
        });
        let again = stores[0].rate_puzzle_attempt(&attempt(0, &players[0]), rate_attempt).unwrap();
        assert_eq!(again, None, "a second attempt is not rated");
        let puzzle = stores[1].puzzle_rating("oware-abapa-race").unwrap().unwrap();
        assert_eq!((puzzle.attempts, puzzle.solved), (12, 4));
        for (i, player) in players.iter().enumerate() {
            let mine = stores[0].player_puzzle_rating(player).unwrap().unwrap();
            assert_eq!(
                (mine.attempts, mine.solved),
                (1, u32::from(i.is_multiple_of(3))),
                "{player}"
            );
            assert_eq!(
                stores[1].puzzle_attempt(player, "oware-abapa-race").unwrap(),
                Some(i.is_multiple_of(3))
            );
        }
    });
}

on_both_stores!(puzzle_attempts_rated_at_once_by_two_servers_all_count => attempts_rated_at_once_by_two_servers);

/// The rating of an attempt, without a store: a solve moves the solver up
/// and the puzzle down, a failure the other way, and each row counts it.
#[test]
fn a_puzzle_attempt_moves_both_ratings_and_counts_once() {
    use mancala_web::puzzles::api::rate_attempt;
    use mancala_web::puzzles::AttemptToRate;
    let attempt = |solved| AttemptToRate {
        player: "a".into(),
        puzzle: "p".into(),
        solved,
        at: 100,
        start_rating: 1500.0,
    };
    let (me, puzzle) = rate_attempt(&attempt(true), None, None);
    assert!(me.rating > 1500.0 && puzzle.rating < 1500.0, "{me:?} {puzzle:?}");
    assert_eq!((me.attempts, me.solved, puzzle.attempts, puzzle.solved), (1, 1, 1, 1));
    assert_eq!((me.rated, puzzle.rated), (100, 100));
    let (me2, puzzle2) = rate_attempt(&attempt(false), Some(&me), Some(&puzzle));
    assert!(me2.rating < me.rating && puzzle2.rating > puzzle.rating);
    assert_eq!((me2.attempts, me2.solved, puzzle2.attempts, puzzle2.solved), (2, 1, 2, 1));
}
