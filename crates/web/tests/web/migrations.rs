//! Numbered schema migrations: a database of every earlier version, on
//! SQLite and on PostgreSQL, is brought to the current schema when a store
//! opens it, with its games still loadable and playable.
//!
//! The fixtures in `schema/` are databases as the unnumbered versions made
//! them (their DDL taken from the history of src/store.rs and
//! src/store/pg.rs), with games in them; the numbered versions after them
//! are made by running the first migrations only.

use super::*;
use mancala_web::store::schema;

/// The databases made before the schema was numbered: (the version they
/// are, their SQLite and PostgreSQL fixtures).
const FIXTURES: [(i64, &str, &str); 3] = [
    (1, include_str!("schema/sqlite-1.sql"), include_str!("schema/postgres-1.sql")),
    (2, include_str!("schema/sqlite-2.sql"), include_str!("schema/postgres-2.sql")),
    (3, include_str!("schema/sqlite-3.sql"), include_str!("schema/postgres-3.sql")),
];

#[test]
fn both_stores_list_the_same_numbered_migrations() {
    let [sqlite, postgres] = schema::lists();
    assert_eq!(
        sqlite, postgres,
        "src/store/schema.rs: SQLITE and POSTGRES must have the same migrations, numbered alike"
    );
    let numbers: Vec<u32> = sqlite.iter().map(|(n, _)| *n).collect();
    let expected: Vec<u32> = (1..=schema::VERSION).collect();
    assert_eq!(numbers, expected, "migrations are numbered 1, 2, 3, ... in order");
}

/// Everything that makes a SQLite schema, in a comparable form: each
/// table's columns (name, type, NOT NULL, default, key), foreign keys and
/// indexes (and their columns).
fn sqlite_schema(path: &std::path::Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let all = |sql: &str| -> Vec<String> {
        let mut stmt = conn.prepare(sql).unwrap();
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).unwrap();
        rows.map(Result::unwrap).collect()
    };
    let mut out = Vec::new();
    for table in all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
        out.extend(all(&format!(
            "SELECT '{table}: ' || name || ' ' || type || ' ' || \"notnull\" || ' '
                 || coalesce(dflt_value, '-') || ' ' || pk
             FROM pragma_table_info('{table}') ORDER BY cid"
        )));
        out.extend(all(&format!(
            "SELECT '{table} references ' || \"table\" || '(' || coalesce(\"to\", '') || ') by '
                 || \"from\" FROM pragma_foreign_key_list('{table}') ORDER BY \"from\""
        )));
        for index in all(&format!(
            "SELECT name || ' ' || \"unique\" FROM pragma_index_list('{table}') ORDER BY name"
        )) {
            let name = index.split(' ').next().unwrap();
            let columns = all(&format!(
                "SELECT coalesce(name, '?') FROM pragma_index_info('{name}') ORDER BY seqno"
            ));
            out.push(format!("{table} index {index} on {}", columns.join(",")));
        }
    }
    out
}

fn sqlite_version(path: &std::path::Path) -> i64 {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("SELECT version FROM schema_version", [], |r| r.get(0)).unwrap()
}

/// The schema of a database made by this server from nothing.
fn fresh_sqlite_schema() -> Vec<String> {
    let (_dir, path) = temp_db();
    drop(Sqlite::open(&path).unwrap());
    sqlite_schema(&path)
}

/// The fixture's games are there after the upgrade and can be played on;
/// what came with later versions (a match, a clock, a review, an account)
/// is kept.
async fn fixture_games_play_on(db: &impl Database, version: i64) {
    let server = start(db, 0).await;
    let local = state_of(&server, "oldlocal").await;
    assert!(local["moves"].is_array(), "{local}");
    assert_eq!(strings(&local["moves"]), ["c", "A", "d"], "{local}");
    let pick = strings(&local["legal"])[0].clone();
    let answer =
        post(&server, "/api/games/oldlocal/moves", json!({"token": "t", "move": pick})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let done = state_of(&server, "olddone").await;
    assert_eq!((done["over"].clone(), done["winner"].clone()), (json!(true), json!("north")));
    if version >= 2 {
        let clocked = state_of(&server, "oldclock").await;
        assert_eq!(clocked["offer"], "north", "{clocked}");
        assert_eq!(strings(&clocked["moves"]), ["c"]);
        assert!(clocked["clock"].is_object(), "{clocked}");
    }
    server.stop().await;
    assert_eq!(stored_moves(db, "oldlocal").len(), 4, "the move after the upgrade is stored");
    db.with_store(|store| {
        // Games made before migration 8 have no lot seed of their own.
        assert_eq!(store.load("olddone").unwrap().unwrap().row.lot_seed, None);
        if version >= 2 {
            let (contest, games) = store.load_match("oldmatch").unwrap().unwrap();
            assert_eq!((contest.first_to, games.len()), (2, 1));
            assert_eq!(games[0].clock.map(|c| c.increment_ms), Some(5000));
            let review = store.load_review("olddone").unwrap().unwrap();
            assert_eq!(review.moves, "c");
        }
        if version >= 3 {
            let ann = store.player_named("ANN").unwrap().expect("the account is kept");
            assert_eq!(ann.id, "p1");
            assert_eq!(
                store.session("00ff").unwrap().map(|(p, at)| (p.name, at)),
                Some(("Ann".into(), 6))
            );
            let ratings = store.ratings("p1").unwrap();
            assert_eq!(ratings.len(), 1);
            assert_eq!((ratings[0].rating, ratings[0].won, ratings[0].lost), (1520.5, 2, 1));
        }
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_database_of_every_earlier_version_is_upgraded_and_plays_on() {
    let fresh = fresh_sqlite_schema();
    for (version, fixture, _) in FIXTURES {
        let (_dir, path) = temp_db();
        rusqlite::Connection::open(&path).unwrap().execute_batch(fixture).unwrap();
        off_async(|| drop(Sqlite::open(&path).unwrap()));
        assert_eq!(sqlite_version(&path), i64::from(schema::VERSION), "version {version}");
        assert_eq!(sqlite_schema(&path), fresh, "version {version} upgraded as a new one is made");
        fixture_games_play_on(&path, version).await;
        // Opened again: nothing more changes.
        off_async(|| drop(Sqlite::open(&path).unwrap()));
        assert_eq!(sqlite_schema(&path), fresh, "version {version} opened twice");
    }
    // A database at each numbered version, made by the first migrations.
    for version in 0..schema::VERSION {
        let (_dir, path) = temp_db();
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        schema::upgrade_sqlite(&mut conn, Some(version)).unwrap();
        drop(conn);
        assert_eq!(sqlite_version(&path), i64::from(version));
        let now = off_async(|| {
            drop(Sqlite::open(&path).unwrap());
            let mut conn = rusqlite::Connection::open(&path).unwrap();
            schema::upgrade_sqlite(&mut conn, None).unwrap()
        });
        assert_eq!(now, i64::from(schema::VERSION), "opening brought version {version} up to date");
        assert_eq!(sqlite_schema(&path), fresh, "numbered version {version}");
    }
}

/// A database made by a newer server (a version this one does not know)
/// is refused with a message, and left as it is.
#[test]
fn a_database_from_a_newer_server_is_refused() {
    let (_dir, path) = temp_db();
    drop(Sqlite::open(&path).unwrap());
    let newer = schema::VERSION + 1;
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE schema_version SET version = ?1", [newer]).unwrap();
    drop(conn);
    let err = Sqlite::open(&path).err().expect("a newer database is refused").to_string();
    assert!(
        err.contains(&format!("schema version {newer}")) && err.contains("newer mancala-web"),
        "{err}"
    );
    assert_eq!(sqlite_version(&path), i64::from(newer));

    let db = postgres_db();
    drop(Postgres::open(&db.url).unwrap());
    let newer = i64::from(newer);
    db.client().execute("UPDATE schema_version SET version = $1", &[&newer]).unwrap();
    let err = Postgres::open(&db.url).err().expect("a newer database is refused").to_string();
    assert!(err.contains(&format!("schema version {newer}")), "{err}");
}

/// The PostgreSQL schema in a comparable form: columns, constraints and
/// indexes of the database's own tables.
fn postgres_schema(db: &PgDb) -> Vec<String> {
    let mut client = db.client();
    let mut out: Vec<String> = client
        .query(
            "SELECT table_name || ': ' || column_name || ' ' || data_type || ' ' || is_nullable
                 || ' ' || coalesce(column_default, '-')
             FROM information_schema.columns WHERE table_schema = current_schema()
             ORDER BY table_name, ordinal_position",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let mut rest: Vec<String> = client
        .query(
            "SELECT conrelid::regclass::text || ' ' || contype::text || ' ' || pg_get_constraintdef(oid)
             FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
             UNION ALL
             SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    rest.sort();
    out.extend(rest);
    out
}

fn postgres_version(db: &PgDb) -> i64 {
    db.client().query_one("SELECT version FROM schema_version", &[]).unwrap().get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_database_of_every_earlier_version_is_upgraded_and_plays_on() {
    let fresh = off_async(|| {
        let db = postgres_db();
        drop(Postgres::open(&db.url).unwrap());
        postgres_schema(&db)
    });
    for (version, _, fixture) in FIXTURES {
        let db = postgres_db();
        off_async(|| {
            db.client().batch_execute(fixture).unwrap();
            drop(Postgres::open(&db.url).unwrap());
            assert_eq!(postgres_version(&db), i64::from(schema::VERSION), "version {version}");
            assert_eq!(postgres_schema(&db), fresh, "version {version} upgraded as made new");
        });
        fixture_games_play_on(&db, version).await;
        off_async(|| {
            drop(Postgres::open(&db.url).unwrap());
            assert_eq!(postgres_schema(&db), fresh, "version {version} opened twice");
        });
    }
    off_async(|| {
        for version in 0..schema::VERSION {
            let db = postgres_db();
            schema::upgrade_postgres(&mut db.client(), Some(version)).unwrap().unwrap();
            assert_eq!(postgres_version(&db), i64::from(version));
            // Two servers opening it at once: the advisory lock lets one
            // migrate and the other find it done.
            std::thread::scope(|s| {
                let opening: Vec<_> =
                    (0..2).map(|_| s.spawn(|| Postgres::open(&db.url).map(drop))).collect();
                for o in opening {
                    o.join().unwrap().unwrap();
                }
            });
            assert_eq!(postgres_version(&db), i64::from(schema::VERSION));
            assert_eq!(postgres_schema(&db), fresh, "numbered version {version}");
        }
    });
}
