-- A PostgreSQL database as mancala-web made it with offers, clocks, matches and
-- reviews, before accounts (commit 9d17aa4 to 38dc4e8, unnumbered: schema
-- version 2): the first version's tables, two new ones and the columns added
-- to games by ALTER TABLE. With games, a match and a review in it.
CREATE TABLE IF NOT EXISTS games (
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
);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    first_to BIGINT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    moves TEXT NOT NULL,
    review TEXT NOT NULL
);
ALTER TABLE games ADD COLUMN IF NOT EXISTS offer TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_initial_ms BIGINT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_increment_ms BIGINT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_south_ms BIGINT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_north_ms BIGINT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS turn_started BIGINT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS match_id TEXT REFERENCES matches(id);
ALTER TABLE games ADD COLUMN IF NOT EXISTS match_game BIGINT;
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
