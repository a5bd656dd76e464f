//! The operator's commands, run as the binary is: `mancala-web backup`,
//! `restore` and `migrate`.

use super::*;
use mancala_web::store::{PlayerRow, RatingRow};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Runs `mancala-web ARGS...` (off the async threads): whether it
/// succeeded, and its standard output and error.
async fn mancala_web(args: &[&str]) -> (bool, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-web"))
            .args(&args)
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (out.status.success(), text(&out.stdout), text(&out.stderr))
    })
    .await
    .unwrap()
}

/// Plays game `id` (a local game: one token for both seats) until `stop`
/// or its end, recording each acknowledged move in `acknowledged`.
/// `mancala-web restore` of the backup `from` into `db`, with `extra`
/// arguments: whether it succeeded, its output and its errors.
async fn restore(
    db: &impl Database,
    from: &std::path::Path,
    extra: &[&str],
) -> (bool, String, String) {
    let (url, from) = (db.url(), from.to_str().unwrap());
    let mut args = vec!["restore", "--database", &url, "--from", from];
    args.extend(extra);
    mancala_web(&args).await
}

async fn keep_playing(
    server: &Server,
    id: &str,
    token: &str,
    acknowledged: &Mutex<Vec<String>>,
    stop: &AtomicBool,
) {
    let mut turn = 0usize;
    while !stop.load(Ordering::Relaxed) {
        let state = state_of(server, id).await;
        if state["over"] == json!(true) {
            return;
        }
        let legal = strings(&state["legal"]);
        let pick = legal[turn % legal.len()].clone();
        turn += 1;
        let answer =
            post(server, &format!("/api/games/{id}/moves"), json!({"token": token, "move": pick}))
                .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        acknowledged.lock().unwrap().push(pick);
    }
}

/// A backup taken while moves are being played holds every move
/// acknowledged before it began (and a consistent prefix of those during
/// it); restored into a new database it serves every game, which play on.
/// Restoring is refused over a running server's database and over one with
/// games (without --force).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_into_a_working_server_with_every_acknowledged_move() {
    let (dir, db) = temp_db();
    let server = Arc::new(start(&db, 0).await);
    let mut games = Vec::new();
    for _ in 0..6 {
        let (id, token, _) = create(&server, json!({"game": "wahree", "mode": "local"})).await;
        games.push((id, token, Arc::new(Mutex::new(Vec::new()))));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let players: Vec<_> = games
        .iter()
        .map(|(id, token, acknowledged)| {
            let (server, stop) = (server.clone(), stop.clone());
            let (id, token, acknowledged) = (id.clone(), token.clone(), acknowledged.clone());
            tokio::spawn(async move {
                keep_playing(&server, &id, &token, &acknowledged, &stop).await;
            })
        })
        .collect();
    let counts =
        || -> Vec<usize> { games.iter().map(|(_, _, a)| a.lock().unwrap().len()).collect() };
    // The backup starts with every game under way.
    let started = std::time::Instant::now();
    while counts().iter().any(|&n| n < 2) && started.elapsed() < Duration::from_secs(20) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let backup = dir.path().join("backup.db");
    let before = counts();
    let (ok, out, err) =
        mancala_web(&["backup", "--database", &db.url(), "--out", backup.to_str().unwrap()]).await;
    let after = counts();
    assert!(ok, "{err}");
    assert!(out.starts_with("backed up") && out.contains("6 games"), "{out}");
    stop.store(true, Ordering::Relaxed);
    for player in players {
        player.await.unwrap();
    }
    let during = after.iter().sum::<usize>() - before.iter().sum::<usize>();
    assert!(during > 0, "no move was played while the backup ran ({before:?})");
    println!("{out}{during} moves acknowledged while it ran");

    // A second backup to the same name is refused; restoring over the
    // running server's database is refused, and changes nothing.
    let (ok, _, err) =
        mancala_web(&["backup", "--database", &db.url(), "--out", backup.to_str().unwrap()]).await;
    assert!(!ok && err.contains("exists already") && err.contains("--force"), "{err}");
    let (ok, _, err) = restore(&db, &backup, &["--force"]).await;
    assert!(!ok && err.contains("open in a running mancala-web server"), "{err}");
    let finals: Vec<Vec<String>> =
        games.iter().map(|(_, _, a)| a.lock().unwrap().clone()).collect();
    for ((id, _, _), moves) in games.iter().zip(&finals) {
        assert_eq!(&stored_moves(&db, id), moves, "the live database is untouched");
    }
    Arc::into_inner(server).unwrap().stop().await;
    // Stopped, it still holds games: refused without --force.
    let (ok, _, err) = restore(&db, &backup, &[]).await;
    assert!(!ok && err.contains("holds 6 games") && err.contains("--force"), "{err}");

    // Restored into a new database, the server has every acknowledged move.
    let restored = dir.path().join("restored.db");
    let (ok, out, err) = restore(&restored, &backup, &[]).await;
    assert!(ok, "{err}");
    assert!(out.starts_with("restored") && out.contains("6 games"), "{out}");
    let server = start(&restored, 0).await;
    for (i, (id, token, _)) in games.iter().enumerate() {
        let state = state_of(&server, id).await;
        let moves = strings(&state["moves"]);
        assert!(
            moves.len() >= before[i] && moves.len() <= after[i],
            "game {id}: {} moves restored, {} acknowledged before the backup and {} after it",
            moves.len(),
            before[i],
            after[i]
        );
        assert_eq!(moves[..], finals[i][..moves.len()], "game {id}: the moves as played");
        if state["over"] == json!(false) {
            let pick = strings(&state["legal"])[0].clone();
            play_move(&server, id, token, &pick).await;
        }
    }
    server.stop().await;
    // --force replaces a database with games, once no server has it open.
    let (ok, out, err) = restore(&db, &backup, &["--force"]).await;
    assert!(ok && out.contains("replacing 6 games"), "{out}{err}");
}

/// What PostgreSQL and a bad source are answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_and_restore_explain_what_they_cannot_do() {
    let url = "postgres://ann:secret@db.example:5432/games";
    let (ok, _, err) = mancala_web(&["backup", "--database", url, "--out", "x.dump"]).await;
    assert!(!ok, "{err}");
    assert!(err.contains("pg_dump --format=custom") && err.contains("pg_restore"), "{err}");
    assert!(err.contains("postgres://ann@db.example:5432/games"), "{err}");
    assert!(!err.contains("secret"), "the password is never shown: {err}");
    let (ok, _, err) = mancala_web(&["restore", "--database", url, "--from", "x.dump"]).await;
    assert!(!ok && err.contains("pg_restore") && !err.contains("secret"), "{err}");
    let (dir, db) = temp_db();
    let (ok, _, err) = mancala_web(&["backup", "--database", &db.url(), "--out", "x.db"]).await;
    assert!(!ok && err.contains("there is no database file"), "{err}");
    assert!(!db.exists(), "no empty database is made");
    // A backup onto the database itself, or a restore from it, is refused.
    drop(Sqlite::open(&db).unwrap());
    let path = db.to_str().unwrap();
    let (ok, _, err) =
        mancala_web(&["backup", "--database", &db.url(), "--out", path, "--force"]).await;
    assert!(!ok && err.contains("is the database itself"), "{err}");
    let (ok, _, err) =
        mancala_web(&["restore", "--database", &db.url(), "--from", path, "--force"]).await;
    assert!(!ok && err.contains("is the database itself"), "{err}");
    let junk = dir.path().join("junk");
    std::fs::write(&junk, "not a database").unwrap();
    let (ok, _, err) =
        mancala_web(&["restore", "--database", &db.url(), "--from", junk.to_str().unwrap()]).await;
    assert!(!ok && err.contains("not a database"), "{err}");
}

/// Games, moves, a match, a review, accounts with a session, ratings and
/// a rated game's history: one of everything the SQLite store keeps.
fn fill(store: &dyn Store) {
    store.create(&row("mg1"), &["c".into(), "A".into(), "d".into()]).unwrap();
    let mut done = row("mg2");
    done.status = Status::Finished;
    done.result = Some(GameResult::North);
    done.ending = Some(GameEnding::Resignation);
    store.create(&done, &["c".into()]).unwrap();
    store.save_review("mg2", &StoredReview { moves: "c".into(), review: "{}".into() }).unwrap();
    let contest = MatchRow { id: "mm1".into(), ruleset: "wahree".into(), first_to: 2, created: 3 };
    let mut first = row("mm1g0");
    first.match_id = Some("mm1".into());
    first.match_game = Some(0);
    first.clock =
        Some(Clock { initial_ms: 60_000, increment_ms: 1_000, south_ms: 59_000, north_ms: 60_000 });
    first.turn_started = Some(1_700_000_000_000);
    first.offer = Some(mancala_rules::Side::South);
    store.create_match(&contest, &first).unwrap();
    let ann = PlayerRow {
        id: "p1".into(),
        name: "Ann".into(),
        password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        created: 4,
        deleted: false,
    };
    assert!(store.create_player(&ann).unwrap());
    assert!(store.create_session(new_session("beef", "p1", &ann.password, 5)).unwrap());
    let rating = RatingRow {
        ruleset: "wahree".into(),
        rating: 1612.25,
        deviation: 90.5,
        volatility: 0.059,
        games: 4,
        won: 3,
        drawn: 0,
        lost: 1,
        rated: 6,
    };
    store.save_rating("p1", &rating).unwrap();
    // A rated online game between two accounts, finished: its rating
    // changes go into the rating history (migration 4).
    let ben = PlayerRow { id: "p2".into(), name: "Ben".into(), created: 5, ..ann };
    assert!(store.create_player(&ben).unwrap());
    let mut rated = row("mg3");
    rated.mode = Mode::Online;
    rated.rated = true;
    rated.south_player = Some("p1".into());
    rated.north_player = Some("p2".into());
    // Two moves each: a game with fewer is aborted, and not rated.
    store.create(&rated, &["c".into(), "A".into(), "d".into(), "B".into()]).unwrap();
    rated.status = Status::Finished;
    rated.result = Some(GameResult::North);
    rated.ending = Some(GameEnding::Resignation);
    rated.updated = 7;
    store.save(&rated).unwrap();
}

/// Everything `fill` stored, as a store reads it back.
fn everything(store: &dyn Store) -> String {
    let games: Vec<_> =
        ["mg1", "mg2", "mm1g0", "mg3"].iter().map(|id| store.load(id).unwrap()).collect();
    format!(
        "{games:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        store.load_match("mm1").unwrap(),
        store.load_review("mg2").unwrap(),
        store.player_named("ann").unwrap(),
        store.session("beef").unwrap(),
        store.ratings("p1").unwrap(),
        store.ratings("p2").unwrap(),
        store.rating_history("p2").unwrap()
    )
}

/// Every row moves from SQLite into PostgreSQL, in one transaction; the
/// server on PostgreSQL plays on; a target that holds games is refused
/// and left as it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_moves_every_row_from_sqlite_into_postgres() {
    let (_dir, db) = temp_db();
    let pg = postgres_db();
    let expected = off_async(|| {
        let store = Sqlite::open(&db).unwrap();
        fill(&store);
        everything(&store)
    });
    assert!(expected.contains("Ann") && expected.contains("won: 3"), "{expected}");
    assert!(expected.contains("HistoryRow"), "the rated game was settled: {expected}");
    let (ok, out, err) = mancala_web(&["migrate", "--from", &db.url(), "--to", &pg.url]).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("games: 4")
            && out.contains("moves: 8")
            && out.contains("players: 2")
            && out.contains("rating_history: 2"),
        "{out}"
    );
    assert!(!out.contains(pg.url.split('@').next().unwrap()), "no password shown: {out}");
    println!("{out}");
    assert_eq!(pg.with_store(everything), expected, "PostgreSQL holds what SQLite held");

    // A second run finds games there and changes nothing.
    let (ok, _, err) = mancala_web(&["migrate", "--from", &db.url(), "--to", &pg.url]).await;
    assert!(!ok && err.contains("already holds") && err.contains("Nothing was changed"), "{err}");
    assert_eq!(pg.with_store(everything), expected);

    // The server on PostgreSQL serves the moved games and plays on.
    let server = start(&pg, 0).await;
    let state = state_of(&server, "mg1").await;
    assert_eq!(strings(&state["moves"]), ["c", "A", "d"]);
    let pick = strings(&state["legal"])[0].clone();
    let answer = post(&server, "/api/games/mg1/moves", json!({"token": "t", "move": pick})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    server.stop().await;
    assert_eq!(pg.stored_moves("mg1").len(), 4);

    // A bad source or target is refused, saying why.
    let (ok, _, err) =
        mancala_web(&["migrate", "--from", "sqlite:///nonexistent/x.db", "--to", &pg.url]).await;
    assert!(!ok && err.contains("there is no database file"), "{err}");
    let (ok, _, err) = mancala_web(&["migrate", "--from", &db.url(), "--to", &db.url()]).await;
    assert!(!ok && err.contains("--to must be a PostgreSQL database"), "{err}");
}
