//! The stores (SQLite and PostgreSQL) under one contract, group commit (old
//! databases: migrations.rs).

use super::*;

/// What every `Store` must do; run on SQLite and on PostgreSQL.
fn store_contract(store: &dyn Store) {
    let mut row = row("g1");
    store.create(&row, &[]).unwrap();
    assert!(store.create(&row, &[]).is_err(), "an id is stored once");
    store.append_move(&row, 1, "c").unwrap();
    assert!(store.append_move(&row, 1, "d").is_err(), "a ply is stored once");
    store.append_move(&row, 2, "A").unwrap();
    row.status = Status::Finished;
    row.result = Some(GameResult::Draw);
    store.append_move(&row, 3, "d").unwrap();
    let loaded = store.load("g1").unwrap().unwrap();
    assert_eq!(loaded.moves, ["c", "A", "d"]);
    assert_eq!(loaded.row, row);
    store.truncate_moves(&row, 1).unwrap();
    assert_eq!(store.load("g1").unwrap().unwrap().moves, ["c"]);
    assert_eq!(store.finished(&Finished::newest(10)).unwrap(), vec![(row.clone(), 1)]);
    assert!(store.load("nope").unwrap().is_none());
    let mut other = self::row("g2");
    other.updated = 5;
    store.create(&other, &["a".into(), "B".into()]).unwrap();
    assert_eq!(store.load("g2").unwrap().unwrap().moves, ["a", "B"]);
    other.status = Status::Finished;
    other.north_name = "Ben".into();
    store.save(&other).unwrap();
    let finished = store.finished(&Finished::newest(10)).unwrap();
    assert_eq!(
        finished.iter().map(|(r, n)| (r.id.as_str(), *n)).collect::<Vec<_>>(),
        [("g2", 2), ("g1", 1)]
    );
    assert_eq!(finished[0].0.north_name, "Ben");
    // Filtered by game and by part of a player's name (any case), and paged.
    let ids = |filter: Finished| -> Vec<String> {
        store.finished(&filter).unwrap().into_iter().map(|(r, _)| r.id).collect()
    };
    let all = Finished::newest(10);
    assert_eq!(ids(Finished { player: Some("bE".into()), ..all.clone() }), ["g2"]);
    assert_eq!(ids(Finished { player: Some("b".into()), ..all.clone() }), ["g2", "g1"]);
    assert_eq!(ids(Finished { player: Some("%".into()), ..all.clone() }), Vec::<String>::new());
    assert_eq!(ids(Finished { game: Some("wahree".into()), ..all.clone() }), ["g2", "g1"]);
    assert_eq!(ids(Finished { game: Some("anywoli".into()), ..all.clone() }), Vec::<String>::new());
    assert_eq!(ids(Finished { limit: 1, ..all.clone() }), ["g2"]);
    assert_eq!(ids(Finished { limit: 1, offset: 1, ..all.clone() }), ["g1"]);
    assert_eq!(ids(Finished { offset: 2, ..all.clone() }), Vec::<String>::new());
    assert!(store.save(&self::row("missing")).is_err());

    // Offers, clocks and the turn's start are kept with the header.
    let mut timed = self::row("g3");
    timed.clock =
        Some(Clock { initial_ms: 60_000, increment_ms: 2_000, south_ms: 61_500, north_ms: 60_000 });
    timed.turn_started = Some(1_700_000_000_123);
    timed.offer = Some(mancala_rules::Side::North);
    store.create(&timed, &[]).unwrap();
    assert_eq!(store.load("g3").unwrap().unwrap().row, timed);
    assert_eq!(store.running_clocks().unwrap(), ["g3"]);
    timed.clock.as_mut().unwrap().south_ms = 1;
    timed.offer = None;
    store.append_move(&timed, 1, "a").unwrap();
    assert_eq!(store.load("g3").unwrap().unwrap().row, timed);
    timed.status = Status::Finished;
    timed.turn_started = None;
    store.save(&timed).unwrap();
    assert!(store.running_clocks().unwrap().is_empty());

    // A match and its games, in order; a rematch stored with its link.
    let contest = MatchRow { id: "m1".into(), ruleset: "wahree".into(), first_to: 6, created: 3 };
    let mut first = self::row("m1g0");
    first.match_id = Some("m1".into());
    first.match_game = Some(0);
    store.create_match(&contest, &first).unwrap();
    let mut second = self::row("m1g1");
    second.match_id = Some("m1".into());
    second.match_game = Some(1);
    first.status = Status::Finished;
    first.result = Some(GameResult::North);
    first.rematch = Some("m1g1".into());
    store.create_next(&first, &second).unwrap();
    let (loaded, games) = store.load_match("m1").unwrap().unwrap();
    assert_eq!(loaded, contest);
    assert_eq!(games, vec![first.clone(), second.clone()]);
    assert!(store.load_match("m2").unwrap().is_none());
    let mut again = self::row("m1g1b");
    again.match_id = Some("m1".into());
    again.match_game = Some(1);
    assert!(store.create_next(&first, &again).is_err(), "a match's game number is stored once");
    assert!(store.load("m1g1b").unwrap().is_none(), "and nothing of it is kept");

    // Reviews are kept per game, with the moves they were made for.
    assert!(store.load_review("g1").unwrap().is_none());
    let review = StoredReview { moves: "c".into(), review: "{}".into() };
    store.save_review("g1", &review).unwrap();
    let newer = StoredReview { moves: "c A".into(), review: "{\"a\":1}".into() };
    store.save_review("g1", &newer).unwrap();
    assert_eq!(store.load_review("g1").unwrap(), Some(newer));
}

/// Many writers at once, as a busy server has them: `games` games each
/// get moves from a thread of their own while another thread tries to
/// store, in every game, a ply that is already stored (with a different
/// header). Every move that was acknowledged is stored with the header
/// after it; every duplicate fails, alone, and changes nothing. Returns the
/// number of writes that succeeded.
fn concurrent_writes(store: &dyn Store, games: usize, plies: u32) -> u64 {
    let ids: Vec<String> = (0..games).map(|g| format!("busy{g}")).collect();
    for id in &ids {
        let mut game = row(id);
        store.create(&game, &[]).unwrap();
        game.updated = 1;
        store.append_move(&game, 1, "a").unwrap();
    }
    let start = std::sync::Barrier::new(games + 1);
    std::thread::scope(|s| {
        for id in &ids {
            let start = &start;
            s.spawn(move || {
                let mut game = row(id);
                start.wait();
                for ply in 2..=plies {
                    game.updated = i64::from(ply);
                    store.append_move(&game, ply, if ply % 2 == 0 { "A" } else { "b" }).unwrap();
                }
            });
        }
        let (ids, start) = (&ids, &start);
        s.spawn(move || {
            start.wait();
            for round in 0..plies {
                let id = &ids[round as usize % ids.len()];
                let mut intruder = row(id);
                intruder.south_name = "Intruder".into();
                intruder.updated = -1;
                let refused = store.append_move(&intruder, 1, "z");
                assert!(refused.is_err(), "ply 1 of {id} stored twice");
            }
        });
    });
    for id in &ids {
        let stored = store.load(id).unwrap().unwrap();
        let expected: Vec<&str> = (1..=plies)
            .map(|ply| match ply {
                1 => "a",
                _ if ply % 2 == 0 => "A",
                _ => "b",
            })
            .collect();
        assert_eq!(stored.moves, expected, "{id}");
        let mut header = row(id);
        header.updated = i64::from(plies);
        assert_eq!(stored.row, header, "{id}: the header after its last move, no other");
    }
    // The creations, the first moves, then the rest.
    (games as u64) * (1 + u64::from(plies))
}

async fn finished_filtered_and_paged(db: &impl Database) {
    let server = start(db, 0).await;
    // 23 games at one screen, each resigned at once: Wahree between Ann and
    // Ben (14), Anywoli between Cy and Dee (9).
    let mut ids = Vec::new();
    for i in 0..23 {
        let (game, name, opponent) =
            if i % 7 < 4 { ("wahree", "Ann", "Ben") } else { ("anywoli", "Cy", "Dee") };
        let c = post(
            &server,
            "/api/games",
            json!({"game": game, "mode": "local", "name": name, "opponent": opponent}),
        )
        .await
        .json();
        let id = c["id"].as_str().unwrap().to_string();
        let token = c["token"].as_str().unwrap();
        assert_eq!(
            post(&server, &format!("/api/games/{id}/resign"), json!({"token": token})).await.status,
            200
        );
        ids.push((id, game));
    }
    let wahree = ids.iter().filter(|(_, g)| *g == "wahree").count();
    assert_eq!((wahree, ids.len() - wahree), (14, 9));
    let listed =
        |body: &str| ids.iter().filter(|(id, _)| body.contains(&format!("/replay/{id}\""))).count();

    // The page: labelled filters, 20 games, a link to the older ones.
    let first = get(&server, "/finished").await.body;
    assert!(first.contains("<label>Game<select name=\"game\">"), "{first}");
    assert!(first.contains("<label>Player (part of a name)<input type=\"search\" name=\"player\""));
    assert!(first.contains("<label>A record file<input type=\"file\""));
    assert_eq!(listed(&first), 20);
    assert!(first.contains("<time datetime=\""));
    assert!(first.contains("href=\"/finished?page=2\""), "{first}");
    assert!(!first.contains("rel=\"prev\""));
    let second = get(&server, "/finished?page=2").await.body;
    assert_eq!(listed(&second), 3);
    assert!(second.contains("href=\"/finished?page=1\"") && !second.contains("rel=\"next\""));

    // By game, by player (part of a name, any case), both.
    let anywoli = get(&server, "/finished?game=anywoli").await.body;
    assert_eq!(listed(&anywoli), 9);
    assert!(anywoli.contains("<option value=\"anywoli\" selected>"));
    let ann = get(&server, "/finished?player=aN").await.body;
    assert_eq!(listed(&ann), 14);
    assert!(ann.contains("value=\"aN\""));
    assert_eq!(listed(&get(&server, "/finished?player=dee&game=anywoli").await.body), 9);
    let none = get(&server, "/finished?player=ann&game=anywoli").await.body;
    assert_eq!(listed(&none), 0);
    assert!(none.contains("No finished game matches these filters."));
    // A filter is kept in the page links ("e": Ben and Dee, every game).
    let e = get(&server, "/finished?player=e").await.body;
    assert_eq!(listed(&e), 20);
    assert!(e.contains("href=\"/finished?page=2&amp;player=e\""), "{e}");
    assert_eq!(listed(&get(&server, "/finished?player=e&page=2").await.body), 3);

    // The API: the same filters, with limit and offset.
    let api = |q: &str| {
        let q = q.to_string();
        let server = &server;
        async move { get(server, &format!("/api/games?status=finished&{q}")).await.json() }
    };
    assert_eq!(api("game=wahree&limit=100").await.as_array().unwrap().len(), 14);
    assert_eq!(api("player=CY").await.as_array().unwrap().len(), 9);
    assert_eq!(api("limit=5&offset=20").await.as_array().unwrap().len(), 3);
    let pages: Vec<String> = [api("limit=12").await, api("limit=12&offset=12").await]
        .iter()
        .flat_map(|p| p.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()))
        .collect();
    let mut every: Vec<String> = ids.iter().map(|(id, _)| id.clone()).collect();
    let mut paged = pages.clone();
    every.sort();
    paged.sort();
    assert_eq!(paged, every, "two pages hold every game once");
    server.stop().await;
}

#[test]
fn the_sqlite_store_keeps_games_and_moves() {
    let (_dir, db) = temp_db();
    let store = Sqlite::open(&db).unwrap();
    store_contract(&store);
    drop(store);
    // Reopened: the same.
    let store = Sqlite::open(&db).unwrap();
    assert_eq!(store.load("g1").unwrap().unwrap().moves, ["c"]);
}

#[test]
fn the_postgres_store_keeps_games_and_moves() {
    let db = postgres_db();
    let store = mancala_web::open_store(&db.url).unwrap();
    store_contract(store.as_ref());
    drop(store);
    // Reopened (the postgresql:// spelling too): the same.
    let store = mancala_web::open_store(&db.url.replacen("postgres://", "postgresql://", 1));
    assert_eq!(store.unwrap().load("g1").unwrap().unwrap().moves, ["c"]);
    // Out-of-range numbers are refused on the way out, not wrapped round.
    let mut client = db.client();
    client.execute("UPDATE games SET level = 300 WHERE id = 'g1'", &[]).unwrap();
    let err = Postgres::open(&db.url).unwrap().load("g1").err().unwrap();
    assert!(err.to_string().contains("level"), "{err}");
    // A wrong password is refused with the server's reason.
    let wrong = db.url.replacen("postgres://mancala:", "postgres://mancala:wrong", 1);
    let err = Postgres::open(&wrong).err().unwrap().to_string();
    assert!(err.contains("cannot connect to PostgreSQL at") && err.contains("password"), "{err}");
    assert!(!err.contains("wrong"), "the password is never shown: {err}");
}

/// Group commit on SQLite: concurrent writes share transactions (fewer
/// commits than writes), and a failing one fails alone.
#[test]
fn the_sqlite_store_commits_concurrent_writes_together() {
    let (_dir, db) = temp_db();
    let store = Sqlite::open(&db).unwrap();
    let before = store.write_stats();
    let (games, plies) = (16, 40);
    let writes = concurrent_writes(&store, games, plies);
    let stats = store.write_stats();
    assert_eq!(stats.writes - before.writes, writes, "every committed write counted once");
    let transactions = stats.transactions - before.transactions;
    assert!(
        transactions < writes && stats.largest > 1,
        "{writes} writes from {} threads at once took {transactions} transactions (at most {} \
         writes in one): no commit was shared",
        games + 1,
        stats.largest
    );
    println!("{writes} writes in {transactions} transactions, at most {} in one", stats.largest);
    drop(store);
    // Durable: reopened, the same.
    let store = Sqlite::open(&db).unwrap();
    assert_eq!(store.load("busy0").unwrap().unwrap().moves.len(), plies as usize);
    // A file that cannot be shared by two connections is refused clearly.
    let err = Sqlite::open(std::path::Path::new(":memory:")).err().unwrap().to_string();
    assert!(err.contains("in-memory"), "{err}");
}

#[test]
fn the_postgres_store_takes_concurrent_writes() {
    let db = postgres_db();
    let store = Postgres::open(&db.url).unwrap();
    concurrent_writes(&store, 16, 40);
}

/// The server's connections ended under it (as a PostgreSQL restart does):
/// the next operations reconnect instead of failing for ever.
#[test]
fn the_postgres_store_reconnects_when_its_connections_are_ended() {
    let db = postgres_db();
    let store = Postgres::open(&db.url).unwrap();
    let mut game = row("r1");
    store.create(&game, &[]).unwrap();
    let end_connections = || {
        let ended: i64 = db
            .client()
            .query_one(
                "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .unwrap()
            .get(0);
        assert!(ended >= 1, "the store kept no connection open");
    };
    end_connections();
    game.updated = 2;
    store.append_move(&game, 1, "a").unwrap();
    end_connections();
    assert_eq!(store.load("r1").unwrap().unwrap().moves, ["a"]);
    end_connections();
    // A refusal is still a refusal, not retried into something else.
    assert!(store.append_move(&game, 1, "b").is_err(), "a ply is stored once");
    assert_eq!(db.stored_moves("r1"), ["a"]);
}

/// The server refuses to start on a database it cannot use, saying why,
/// with a non-zero exit status and without a panic.
#[test]
fn a_bad_or_unreachable_database_stops_the_server_with_a_message() {
    for (url, says) in [
        // Port 1 on loopback: nothing listens there, so refused at once.
        (
            "postgres://mancala:secret@127.0.0.1:1/games",
            "cannot connect to PostgreSQL at 127.0.0.1:1/games: error connecting to server: Connection refused",
        ),
        ("postgresql://mancala:secret@127.0.0.1:notaport/games", "bad PostgreSQL URL"),
        ("postgres:///games", "names no host"),
        ("mysql://mancala:secret@127.0.0.1/games", "unknown kind of database URL 'mysql:...'"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-web"))
            .args(["--bind", "127.0.0.1:0", "--database", url])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{url} was accepted");
        assert!(stderr.contains(says), "{url}: {stderr}");
        assert!(!stderr.contains("panicked") && !stderr.contains("secret"), "{url}: {stderr}");
    }
}

/// Stored moves a second on each backend: one game at a time, then several
/// games moving at once (each move is a committed, durable transaction).
/// Prints numbers and asserts only that every move was stored;
/// `scripts/bench_store.sh` runs it.
#[test]
#[ignore = "a benchmark: run scripts/bench_store.sh"]
fn store_speed() {
    let (_dir, path) = temp_db();
    let pg = postgres_db();
    let moves: u32 = std::env::var("MOVES").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    println!("| backend | games at once | moves | seconds | moves/s |");
    println!("|---|---|---|---|---|");
    for (backend, url) in [("SQLite", path.url()), ("PostgreSQL", pg.url())] {
        let store = mancala_web::open_store(&url).unwrap();
        for games in [1, 4, 32] {
            let ids: Vec<String> = (0..games).map(|g| format!("speed-{games}-{g}")).collect();
            for id in &ids {
                store.create(&row(id), &[]).unwrap();
            }
            let started = std::time::Instant::now();
            std::thread::scope(|s| {
                for id in &ids {
                    let store = &store;
                    s.spawn(move || {
                        let mut game = row(id);
                        for ply in 1..=moves {
                            game.updated = i64::from(ply);
                            store.append_move(&game, ply, "a").unwrap();
                        }
                    });
                }
            });
            let seconds = started.elapsed().as_secs_f64();
            for id in &ids {
                assert_eq!(store.load(id).unwrap().unwrap().moves.len(), moves as usize);
            }
            let total = moves * games;
            println!(
                "| {backend} | {games} | {total} | {seconds:.2} | {:.0} |",
                f64::from(total) / seconds
            );
        }
    }
}

on_both_stores!(finished_games_are_filtered_and_paged => finished_filtered_and_paged);
