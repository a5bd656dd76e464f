-- A SQLite database as mancala-web made it with accounts, before its schema
-- was numbered (commit 38dc4e8 to the numbering, unnumbered: schema version
-- 3): every table made at once and the columns added to games by ALTER
-- TABLE. With games, a match, a review, an account, a session and a rating.
CREATE TABLE IF NOT EXISTS games (
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
);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    first_to INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    moves TEXT NOT NULL,
    review TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The name in lowercase while the account lives, NULL once deleted:
    -- unique, so that two living accounts never share a name in any case.
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
);
ALTER TABLE games ADD COLUMN offer TEXT;
ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_south_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_north_ms INTEGER;
ALTER TABLE games ADD COLUMN turn_started INTEGER;
ALTER TABLE games ADD COLUMN match_id TEXT REFERENCES matches(id);
ALTER TABLE games ADD COLUMN match_game INTEGER;
CREATE UNIQUE INDEX IF NOT EXISTS games_match ON games(match_id, match_game);
CREATE INDEX IF NOT EXISTS games_clock ON games(status, turn_started);

INSERT INTO games (id, ruleset, version, mode, south_name, north_name, south_token,
    north_token, status, created, updated)
    VALUES ('oldlocal', 'wahree', 1, 'local', 'A', 'B', 't', 't', 'active', 1, 1);
INSERT INTO moves VALUES ('oldlocal', 1, 'c'), ('oldlocal', 2, 'A'), ('oldlocal', 3, 'd');
INSERT INTO games (id, ruleset, version, mode, south_name, north_name, south_token,
    north_token, status, result, ending, created, updated)
    VALUES ('olddone', 'wahree', 1, 'local', 'A', 'B', 't', 't', 'finished', 'north',
        'resignation', 1, 2);
INSERT INTO moves VALUES ('olddone', 1, 'c');
INSERT INTO reviews VALUES ('olddone', 'c', '{}');
INSERT INTO matches VALUES ('oldmatch', 'wahree', 2, 3);
INSERT INTO games (id, ruleset, version, mode, south_name, north_name, south_token,
    north_token, status, created, updated, offer, clock_initial_ms, clock_increment_ms,
    clock_south_ms, clock_north_ms, turn_started, match_id, match_game)
    VALUES ('oldclock', 'wahree', 1, 'local', 'A', 'B', 't', 't', 'active', 3, 3, 'north',
        600000, 5000, 600000, 600000, 4102444800000, 'oldmatch', 0);
INSERT INTO moves VALUES ('oldclock', 1, 'c');
INSERT INTO players VALUES ('p1', 'Ann', 'ann', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 5, 0);
INSERT INTO sessions VALUES ('00ff', 'p1', 6);
INSERT INTO ratings VALUES ('p1', 'wahree', 1520.5, 180.25, 0.06, 3, 2, 0, 1, 7);
