//! The database schema as numbered migrations, one list per store, and the
//! code that brings a database up to date when a store opens it.
//!
//! A database records the number of the last migration it has had in its
//! one-row `schema_version` table. Opening it runs, in one transaction, every
//! migration after that number and records the new number (PostgreSQL holds
//! an advisory lock meanwhile, SQLite its write lock, so two servers starting
//! at once do not both migrate). A database whose number is higher than this
//! server knows is refused: it was made by a newer server.
//!
//! **Adding to the schema** (a table, a column, an index): append one
//! [`Migration`] with the next number to [`SQLITE`] *and* to [`POSTGRES`],
//! with the same number and name (a compile-time check and a test fail if the
//! two lists differ). Never change a migration once it is merged: databases
//! out there have run it.
//!
//! Migrations 1 to 3 describe the schema as it was before it was numbered:
//! a database made then has no `schema_version` and starts at 0, and may hold
//! some or all of what they make, so they create only what is missing
//! (`IF NOT EXISTS`, [`Step::AddColumn`]). Later migrations run exactly once
//! on each database and need no such care.

use super::StoreError;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

/// One change to the schema.
pub enum Step {
    /// Statements run as they are.
    Sql(&'static str),
    /// A column added to a table unless the table has it already (for the
    /// databases made before the schema was numbered; `kind` is its type
    /// and constraints).
    AddColumn { table: &'static str, column: &'static str, kind: &'static str },
}

/// A numbered migration: its steps, run in order in one transaction with
/// every other migration the database lacks.
pub struct Migration {
    /// 1 for the first, one more for each next (the same in both lists).
    pub number: u32,
    /// A few words on what it adds, for messages (the same in both lists).
    pub name: &'static str,
    pub steps: &'static [Step],
}

/// SQLite's migrations.
pub const SQLITE: &[Migration] = &[
    Migration {
        number: 1,
        name: "games and moves",
        steps: &[Step::Sql(
            "CREATE TABLE IF NOT EXISTS games (
                id TEXT PRIMARY KEY,
                ruleset TEXT NOT NULL,
                version INTEGER NOT NULL,
                setup TEXT,
                mode TEXT NOT NULL,
                level INTEGER,
                south_name TEXT NOT NULL,
                north_name TEXT NOT NULL,
                south_token TEXT,
                north_token TEXT,
                invite TEXT,
                computer TEXT,
                status TEXT NOT NULL,
                result TEXT,
                ending TEXT,
                rematch TEXT,
                created INTEGER NOT NULL,
                updated INTEGER NOT NULL
            );
            CREATE INDEX IF NOT EXISTS games_status ON games(status, updated);
            CREATE TABLE IF NOT EXISTS moves (
                game_id TEXT NOT NULL REFERENCES games(id),
                ply INTEGER NOT NULL,
                move TEXT NOT NULL,
                PRIMARY KEY (game_id, ply)
            );",
        )],
    },
    Migration {
        number: 2,
        name: "offers, clocks, matches and reviews",
        steps: &[
            Step::Sql(
                "CREATE TABLE IF NOT EXISTS matches (
                    id TEXT PRIMARY KEY,
                    ruleset TEXT NOT NULL,
                    first_to INTEGER NOT NULL,
                    created INTEGER NOT NULL
                );
                CREATE TABLE IF NOT EXISTS reviews (
                    game_id TEXT PRIMARY KEY REFERENCES games(id),
                    moves TEXT NOT NULL,
                    review TEXT NOT NULL
                );",
            ),
            Step::AddColumn { table: "games", column: "offer", kind: "TEXT" },
            Step::AddColumn { table: "games", column: "clock_initial_ms", kind: "INTEGER" },
            Step::AddColumn { table: "games", column: "clock_increment_ms", kind: "INTEGER" },
            Step::AddColumn { table: "games", column: "clock_south_ms", kind: "INTEGER" },
            Step::AddColumn { table: "games", column: "clock_north_ms", kind: "INTEGER" },
            Step::AddColumn { table: "games", column: "turn_started", kind: "INTEGER" },
            Step::AddColumn {
                table: "games",
                column: "match_id",
                kind: "TEXT REFERENCES matches(id)",
            },
            Step::AddColumn { table: "games", column: "match_game", kind: "INTEGER" },
            // A match's game number is stored once.
            Step::Sql(
                "CREATE UNIQUE INDEX IF NOT EXISTS games_match ON games(match_id, match_game);
                CREATE INDEX IF NOT EXISTS games_clock ON games(status, turn_started);",
            ),
        ],
    },
    Migration {
        number: 3,
        name: "accounts, sessions and ratings",
        steps: &[Step::Sql(
            "CREATE TABLE IF NOT EXISTS players (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                -- The name in lowercase while the account lives, NULL once
                -- deleted: unique, so that two living accounts never share
                -- a name in any case.
                name_key TEXT UNIQUE,
                password TEXT NOT NULL,
                created INTEGER NOT NULL,
                deleted INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE IF NOT EXISTS sessions (
                token_hash TEXT PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES players(id),
                created INTEGER NOT NULL
            );
            CREATE INDEX IF NOT EXISTS sessions_player ON sessions(player_id);
            CREATE TABLE IF NOT EXISTS ratings (
                player_id TEXT NOT NULL REFERENCES players(id),
                ruleset TEXT NOT NULL,
                rating REAL NOT NULL,
                deviation REAL NOT NULL,
                volatility REAL NOT NULL,
                games INTEGER NOT NULL,
                won INTEGER NOT NULL,
                drawn INTEGER NOT NULL,
                lost INTEGER NOT NULL,
                rated INTEGER NOT NULL,
                PRIMARY KEY (player_id, ruleset)
            );",
        )],
    },
    Migration {
        number: 4,
        name: "rated games: accounts on seats and the rating history",
        steps: &[Step::Sql(
            // See store/rated.rs: one history row per player per rated game
            // marks its rating change as applied.
            "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE games ADD COLUMN south_player TEXT REFERENCES players(id);
            ALTER TABLE games ADD COLUMN north_player TEXT REFERENCES players(id);
            CREATE TABLE rating_history (
                game_id TEXT NOT NULL REFERENCES games(id),
                player_id TEXT NOT NULL REFERENCES players(id),
                ruleset TEXT NOT NULL,
                rating REAL NOT NULL,
                deviation REAL NOT NULL,
                volatility REAL NOT NULL,
                change REAL NOT NULL,
                at INTEGER NOT NULL,
                PRIMARY KEY (game_id, player_id)
            );
            CREATE INDEX rating_history_player ON rating_history(player_id, at);
            CREATE INDEX games_south_player ON games(south_player, status, updated);
            CREATE INDEX games_north_player ON games(north_player, status, updated);",
        )],
    },
    Migration {
        number: 5,
        name: "correspondence games' days per move",
        steps: &[Step::Sql("ALTER TABLE games ADD COLUMN correspondence_days INTEGER;")],
    },
    Migration {
        number: 6,
        name: "tournaments",
        // A tournament's players and rounds are one JSON document (`state`,
        // see tournaments/sqlite.rs); its games are rows of `games`.
        steps: &[Step::Sql(
            "CREATE TABLE tournaments (
                id TEXT PRIMARY KEY,
                organiser_id TEXT NOT NULL REFERENCES players(id),
                name TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                system TEXT NOT NULL,
                created INTEGER NOT NULL,
                updated INTEGER NOT NULL,
                revision INTEGER NOT NULL,
                state TEXT NOT NULL
            );
            CREATE INDEX tournaments_created ON tournaments(created);",
        )],
    },
    Migration {
        number: 7,
        name: "puzzles: ratings of puzzles and solvers, first attempts",
        // See puzzles/sqlite.rs.
        steps: &[Step::Sql(
            "CREATE TABLE puzzle_ratings (
                puzzle_id TEXT PRIMARY KEY,
                rating REAL NOT NULL,
                deviation REAL NOT NULL,
                volatility REAL NOT NULL,
                attempts INTEGER NOT NULL,
                solved INTEGER NOT NULL,
                rated INTEGER NOT NULL
            );
            CREATE TABLE puzzle_players (
                player_id TEXT PRIMARY KEY REFERENCES players(id),
                rating REAL NOT NULL,
                deviation REAL NOT NULL,
                volatility REAL NOT NULL,
                attempts INTEGER NOT NULL,
                solved INTEGER NOT NULL,
                rated INTEGER NOT NULL
            );
            CREATE TABLE puzzle_attempts (
                player_id TEXT NOT NULL REFERENCES players(id),
                puzzle_id TEXT NOT NULL,
                solved INTEGER NOT NULL,
                at INTEGER NOT NULL,
                PRIMARY KEY (player_id, puzzle_id)
            );",
        )],
    },
    Migration {
        number: 8,
        name: "games: a secret seed for the lot",
        // `GameRow::lot_seed`: the seed of the game's lot (anywoli-lot's
        // last four), drawn from the OS when the game is made. Games made
        // before keep NULL and the lot their id gives (`live::lot_seed`).
        steps: &[Step::Sql("ALTER TABLE games ADD COLUMN lot_seed BIGINT")],
    },
    Migration {
        number: 9,
        name: "health: the row the health check writes; games by rematch",
        // `GET /healthz` writes this one row (the time of the check), so
        // that a store that reads but cannot write (a full disk) is
        // reported unhealthy.
        // And the index that finds the game a rematch follows (a rematch
        // waiting for its second player can be called off from it).
        steps: &[Step::Sql(
            "CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked INTEGER NOT NULL);
            CREATE INDEX games_rematch ON games(rematch);",
        )],
    },
    Migration {
        number: 10,
        name: "compositions: positions players publish, proven by the solver",
        // See puzzles/compositions/sqlite.rs.
        steps: &[Step::Sql(
            "CREATE TABLE compositions (
                id TEXT PRIMARY KEY,
                ruleset TEXT NOT NULL,
                position TEXT NOT NULL,
                title TEXT NOT NULL,
                composer TEXT NOT NULL,
                comment TEXT NOT NULL,
                value TEXT NOT NULL,
                line TEXT NOT NULL,
                keeping TEXT NOT NULL,
                kind TEXT,
                rating INTEGER,
                author TEXT REFERENCES players(id) ON DELETE SET NULL,
                created INTEGER NOT NULL
            );
            CREATE INDEX compositions_by_game ON compositions(ruleset, created);",
        )],
    },
    Migration {
        number: 11,
        name: "classes: a teacher's classes, their pupils, and the exercises answered",
        // See classes/sqlite.rs. A pupil is an account (no password) kept
        // with the class it belongs to; `lesson_answers` records each
        // exercise a signed-in player answered right (exercise 0: a
        // lesson without exercises read), for everyone, so that a player's
        // lessons done are known wherever they learn.
        steps: &[Step::Sql(
            "CREATE TABLE classes (
                id TEXT PRIMARY KEY,
                code TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                teacher TEXT NOT NULL REFERENCES players(id),
                created INTEGER NOT NULL,
                tournament TEXT
            );
            CREATE INDEX classes_by_teacher ON classes(teacher, created);
            CREATE TABLE class_pupils (
                class_id TEXT NOT NULL REFERENCES classes(id),
                player_id TEXT NOT NULL UNIQUE REFERENCES players(id),
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                code TEXT NOT NULL UNIQUE,
                joined INTEGER NOT NULL,
                last_seen INTEGER NOT NULL,
                PRIMARY KEY (class_id, name_key)
            );
            CREATE TABLE lesson_answers (
                player_id TEXT NOT NULL REFERENCES players(id),
                ruleset TEXT NOT NULL,
                lesson TEXT NOT NULL,
                exercise INTEGER NOT NULL,
                at INTEGER NOT NULL,
                PRIMARY KEY (player_id, ruleset, lesson, exercise)
            );",
        )],
    },
    // The next migration: number 12, in POSTGRES too.
];

/// PostgreSQL's migrations: the same numbers and names as [`SQLITE`], in
/// PostgreSQL's types (unsigned numbers in signed columns one size up).
pub const POSTGRES: &[Migration] = &[
    Migration {
        number: 1,
        name: "games and moves",
        steps: &[Step::Sql(
            "CREATE TABLE IF NOT EXISTS games (
                id TEXT PRIMARY KEY,
                ruleset TEXT NOT NULL,
                version BIGINT NOT NULL,
                setup TEXT,
                mode TEXT NOT NULL,
                level SMALLINT,
                south_name TEXT NOT NULL,
                north_name TEXT NOT NULL,
                south_token TEXT,
                north_token TEXT,
                invite TEXT,
                computer TEXT,
                status TEXT NOT NULL,
                result TEXT,
                ending TEXT,
                rematch TEXT,
                created BIGINT NOT NULL,
                updated BIGINT NOT NULL
            );
            CREATE INDEX IF NOT EXISTS games_status ON games(status, updated);
            CREATE TABLE IF NOT EXISTS moves (
                game_id TEXT NOT NULL REFERENCES games(id),
                ply BIGINT NOT NULL,
                move TEXT NOT NULL,
                PRIMARY KEY (game_id, ply)
            );",
        )],
    },
    Migration {
        number: 2,
        name: "offers, clocks, matches and reviews",
        steps: &[
            Step::Sql(
                "CREATE TABLE IF NOT EXISTS matches (
                    id TEXT PRIMARY KEY,
                    ruleset TEXT NOT NULL,
                    first_to BIGINT NOT NULL,
                    created BIGINT NOT NULL
                );
                CREATE TABLE IF NOT EXISTS reviews (
                    game_id TEXT PRIMARY KEY REFERENCES games(id),
                    moves TEXT NOT NULL,
                    review TEXT NOT NULL
                );",
            ),
            // Added only when missing, so that a column's constraint is
            // never made twice.
            Step::AddColumn { table: "games", column: "offer", kind: "TEXT" },
            Step::AddColumn { table: "games", column: "clock_initial_ms", kind: "BIGINT" },
            Step::AddColumn { table: "games", column: "clock_increment_ms", kind: "BIGINT" },
            Step::AddColumn { table: "games", column: "clock_south_ms", kind: "BIGINT" },
            Step::AddColumn { table: "games", column: "clock_north_ms", kind: "BIGINT" },
            Step::AddColumn { table: "games", column: "turn_started", kind: "BIGINT" },
            Step::AddColumn {
                table: "games",
                column: "match_id",
                kind: "TEXT REFERENCES matches(id)",
            },
            Step::AddColumn { table: "games", column: "match_game", kind: "BIGINT" },
            Step::Sql(
                "CREATE UNIQUE INDEX IF NOT EXISTS games_match ON games(match_id, match_game);
                CREATE INDEX IF NOT EXISTS games_clock ON games(status, turn_started);",
            ),
        ],
    },
    Migration {
        number: 3,
        name: "accounts, sessions and ratings",
        steps: &[Step::Sql(
            "CREATE TABLE IF NOT EXISTS players (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT UNIQUE,
                password TEXT NOT NULL,
                created BIGINT NOT NULL,
                deleted BOOLEAN NOT NULL DEFAULT FALSE
            );
            CREATE TABLE IF NOT EXISTS sessions (
                token_hash TEXT PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES players(id),
                created BIGINT NOT NULL
            );
            CREATE INDEX IF NOT EXISTS sessions_player ON sessions(player_id);
            CREATE TABLE IF NOT EXISTS ratings (
                player_id TEXT NOT NULL REFERENCES players(id),
                ruleset TEXT NOT NULL,
                rating DOUBLE PRECISION NOT NULL,
                deviation DOUBLE PRECISION NOT NULL,
                volatility DOUBLE PRECISION NOT NULL,
                games BIGINT NOT NULL,
                won BIGINT NOT NULL,
                drawn BIGINT NOT NULL,
                lost BIGINT NOT NULL,
                rated BIGINT NOT NULL,
                PRIMARY KEY (player_id, ruleset)
            );",
        )],
    },
    Migration {
        number: 4,
        name: "rated games: accounts on seats and the rating history",
        steps: &[Step::Sql(
            "ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
            ALTER TABLE games ADD COLUMN south_player TEXT REFERENCES players(id);
            ALTER TABLE games ADD COLUMN north_player TEXT REFERENCES players(id);
            CREATE TABLE rating_history (
                game_id TEXT NOT NULL REFERENCES games(id),
                player_id TEXT NOT NULL REFERENCES players(id),
                ruleset TEXT NOT NULL,
                rating DOUBLE PRECISION NOT NULL,
                deviation DOUBLE PRECISION NOT NULL,
                volatility DOUBLE PRECISION NOT NULL,
                change DOUBLE PRECISION NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (game_id, player_id)
            );
            CREATE INDEX rating_history_player ON rating_history(player_id, at);
            CREATE INDEX games_south_player ON games(south_player, status, updated);
            CREATE INDEX games_north_player ON games(north_player, status, updated);",
        )],
    },
    Migration {
        number: 5,
        name: "correspondence games' days per move",
        steps: &[Step::Sql("ALTER TABLE games ADD COLUMN correspondence_days BIGINT;")],
    },
    Migration {
        number: 6,
        name: "tournaments",
        // A tournament's players and rounds are one JSON document (`state`,
        // see tournaments/sqlite.rs); its games are rows of `games`.
        steps: &[Step::Sql(
            "CREATE TABLE tournaments (
                id TEXT PRIMARY KEY,
                organiser_id TEXT NOT NULL REFERENCES players(id),
                name TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                system TEXT NOT NULL,
                created BIGINT NOT NULL,
                updated BIGINT NOT NULL,
                revision BIGINT NOT NULL,
                state TEXT NOT NULL
            );
            CREATE INDEX tournaments_created ON tournaments(created);",
        )],
    },
    Migration {
        number: 7,
        name: "puzzles: ratings of puzzles and solvers, first attempts",
        // See puzzles/sqlite.rs.
        steps: &[Step::Sql(
            "CREATE TABLE puzzle_ratings (
                puzzle_id TEXT PRIMARY KEY,
                rating DOUBLE PRECISION NOT NULL,
                deviation DOUBLE PRECISION NOT NULL,
                volatility DOUBLE PRECISION NOT NULL,
                attempts BIGINT NOT NULL,
                solved BIGINT NOT NULL,
                rated BIGINT NOT NULL
            );
            CREATE TABLE puzzle_players (
                player_id TEXT PRIMARY KEY REFERENCES players(id),
                rating DOUBLE PRECISION NOT NULL,
                deviation DOUBLE PRECISION NOT NULL,
                volatility DOUBLE PRECISION NOT NULL,
                attempts BIGINT NOT NULL,
                solved BIGINT NOT NULL,
                rated BIGINT NOT NULL
            );
            CREATE TABLE puzzle_attempts (
                player_id TEXT NOT NULL REFERENCES players(id),
                puzzle_id TEXT NOT NULL,
                solved BOOLEAN NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (player_id, puzzle_id)
            );",
        )],
    },
    Migration {
        number: 8,
        name: "games: a secret seed for the lot",
        // `GameRow::lot_seed`: the seed of the game's lot (anywoli-lot's
        // last four), drawn from the OS when the game is made. Games made
        // before keep NULL and the lot their id gives (`live::lot_seed`).
        steps: &[Step::Sql("ALTER TABLE games ADD COLUMN lot_seed BIGINT")],
    },
    Migration {
        number: 9,
        name: "health: the row the health check writes; games by rematch",
        // `GET /healthz` writes this one row (the time of the check), so
        // that a store that reads but cannot write (a full disk) is
        // reported unhealthy.
        // And the index that finds the game a rematch follows (a rematch
        // waiting for its second player can be called off from it).
        steps: &[Step::Sql(
            "CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked BIGINT NOT NULL);
            CREATE INDEX games_rematch ON games(rematch);",
        )],
    },
    Migration {
        number: 10,
        name: "compositions: positions players publish, proven by the solver",
        // See puzzles/compositions/sqlite.rs.
        steps: &[Step::Sql(
            "CREATE TABLE compositions (
                id TEXT PRIMARY KEY,
                ruleset TEXT NOT NULL,
                position TEXT NOT NULL,
                title TEXT NOT NULL,
                composer TEXT NOT NULL,
                comment TEXT NOT NULL,
                value TEXT NOT NULL,
                line TEXT NOT NULL,
                keeping TEXT NOT NULL,
                kind TEXT,
                rating INTEGER,
                author TEXT REFERENCES players(id) ON DELETE SET NULL,
                created BIGINT NOT NULL
            );
            CREATE INDEX compositions_by_game ON compositions(ruleset, created);",
        )],
    },
    Migration {
        number: 11,
        name: "classes: a teacher's classes, their pupils, and the exercises answered",
        // See classes/sqlite.rs. A pupil is an account (no password) kept
        // with the class it belongs to; `lesson_answers` records each
        // exercise a signed-in player answered right (exercise 0: a
        // lesson without exercises read), for everyone, so that a player's
        // lessons done are known wherever they learn.
        steps: &[Step::Sql(
            "CREATE TABLE classes (
                id TEXT PRIMARY KEY,
                code TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                ruleset TEXT NOT NULL,
                teacher TEXT NOT NULL REFERENCES players(id),
                created BIGINT NOT NULL,
                tournament TEXT
            );
            CREATE INDEX classes_by_teacher ON classes(teacher, created);
            CREATE TABLE class_pupils (
                class_id TEXT NOT NULL REFERENCES classes(id),
                player_id TEXT NOT NULL UNIQUE REFERENCES players(id),
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                code TEXT NOT NULL UNIQUE,
                joined BIGINT NOT NULL,
                last_seen BIGINT NOT NULL,
                PRIMARY KEY (class_id, name_key)
            );
            CREATE TABLE lesson_answers (
                player_id TEXT NOT NULL REFERENCES players(id),
                ruleset TEXT NOT NULL,
                lesson TEXT NOT NULL,
                exercise BIGINT NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (player_id, ruleset, lesson, exercise)
            );",
        )],
    },
    // The next migration: number 12, in SQLITE too.
];

/// The two lists must have as many migrations: a migration made for one
/// store only stops the build here.
const _: () = assert!(
    SQLITE.len() == POSTGRES.len(),
    "SQLITE and POSTGRES in src/store/schema.rs must list the same migrations"
);

/// The schema version this server brings every database to: the number of
/// the last migration.
pub const VERSION: u32 = SQLITE.len() as u32;

/// Where the version is kept (one row).
const VERSION_TABLE_SQLITE: &str =
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)";
const VERSION_TABLE_POSTGRES: &str =
    "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)";

/// The key of the PostgreSQL advisory lock held while migrating ("mancala"
/// in ASCII; any fixed number would do).
pub(crate) const SCHEMA_LOCK: i64 = 0x006d_616e_6361_6c61;

/// The migrations a database at `current` still needs, or why it cannot be
/// brought to [`VERSION`].
fn pending(list: &'static [Migration], current: i64) -> Result<&'static [Migration], String> {
    match usize::try_from(current) {
        Ok(n) if n <= list.len() => Ok(&list[n..]),
        _ => Err(format!(
            "the database is at schema version {current}, but this server knows versions up \
             to {}: it was made by a newer mancala-web, so run that one (or a newer one)",
            list.len()
        )),
    }
}

/// Why a migration failed, naming it.
fn failed(migration: &Migration, e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(format!(
        "schema migration {} ({}) failed, and the database was left as it was: {e}",
        migration.number, migration.name
    ))
}

/// Brings a SQLite database to [`VERSION`] (or to `target`, for tests of the
/// upgrade), in one transaction; returns the version it was at.
pub fn upgrade_sqlite(conn: &mut Connection, target: Option<u32>) -> Result<i64, StoreError> {
    // IMMEDIATE: the write lock from the start, so a second server opening
    // the same file waits here and then finds the work done.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(VERSION_TABLE_SQLITE)?;
    let stored: Option<i64> =
        tx.query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))?;
    let current = stored.unwrap_or(0);
    if stored.is_none() {
        tx.execute("INSERT INTO schema_version (version) VALUES (0)", [])?;
    }
    let mut todo = pending(SQLITE, current).map_err(StoreError::Failed)?;
    if let Some(target) = target {
        todo = &todo[..todo.len().min((target as usize).saturating_sub(current as usize))];
    }
    for migration in todo {
        for step in migration.steps {
            match *step {
                Step::Sql(sql) => tx.execute_batch(sql),
                Step::AddColumn { table, column, kind } => {
                    let present = tx
                        .query_row(
                            "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2",
                            [table, column],
                            |_| Ok(()),
                        )
                        .optional()
                        .map(|found| found.is_some());
                    match present {
                        Ok(true) => Ok(()),
                        Ok(false) => tx.execute_batch(&format!(
                            "ALTER TABLE {table} ADD COLUMN {column} {kind}"
                        )),
                        Err(e) => Err(e),
                    }
                }
            }
            .map_err(|e| failed(migration, e))?;
        }
        tx.execute("UPDATE schema_version SET version = ?1", [migration.number])
            .map_err(|e| failed(migration, e))?;
    }
    tx.commit()?;
    Ok(current)
}

/// Brings a PostgreSQL database to [`VERSION`] (or to `target`), in one
/// transaction that holds the advisory lock [`SCHEMA_LOCK`]; returns the
/// version it was at. The error is the database's own.
pub fn upgrade_postgres(
    client: &mut postgres::Client,
    target: Option<u32>,
) -> Result<Result<i64, String>, postgres::Error> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])?;
    tx.batch_execute(VERSION_TABLE_POSTGRES)?;
    let stored: Option<i64> = tx.query_one("SELECT MAX(version) FROM schema_version", &[])?.get(0);
    let current = stored.unwrap_or(0);
    if stored.is_none() {
        tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])?;
    }
    let mut todo = match pending(POSTGRES, current) {
        Ok(todo) => todo,
        Err(why) => return Ok(Err(why)),
    };
    if let Some(target) = target {
        todo = &todo[..todo.len().min((target as usize).saturating_sub(current as usize))];
    }
    for migration in todo {
        for step in migration.steps {
            let done = match *step {
                Step::Sql(sql) => tx.batch_execute(sql),
                Step::AddColumn { table, column, kind } => {
                    let present = tx.query_opt(
                        "SELECT 1 FROM information_schema.columns
                         WHERE table_schema = current_schema() AND table_name = $1
                         AND column_name = $2",
                        &[&table, &column],
                    );
                    match present {
                        Ok(Some(_)) => Ok(()),
                        Ok(None) => tx.batch_execute(&format!(
                            "ALTER TABLE {table} ADD COLUMN {column} {kind}"
                        )),
                        Err(e) => Err(e),
                    }
                }
            };
            if let Err(e) = done {
                return Ok(Err(failed(migration, super::pg::message(&e)).message().to_string()));
            }
        }
        tx.execute("UPDATE schema_version SET version = $1", &[&i64::from(migration.number)])?;
    }
    tx.commit()?;
    Ok(Ok(current))
}

/// The numbers and names of both lists, for the test that they agree.
pub fn lists() -> [Vec<(u32, &'static str)>; 2] {
    [SQLITE, POSTGRES].map(|list| list.iter().map(|m| (m.number, m.name)).collect())
}
