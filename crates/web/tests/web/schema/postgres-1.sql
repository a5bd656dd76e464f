-- A PostgreSQL database as mancala-web made it before offers, clocks and
-- matches (commit 5135784 to 9d17aa4, unnumbered: schema version 1), with
-- games in it. Used by tests/web/store.rs to test the upgrade.
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

INSERT INTO games (id, ruleset, version, mode, south_name, north_name, south_token,
    north_token, status, created, updated)
    VALUES ('oldlocal', 'wahree', 1, 'local', 'A', 'B', 't', 't', 'active', 1, 1);
INSERT INTO moves VALUES ('oldlocal', 1, 'c'), ('oldlocal', 2, 'A'), ('oldlocal', 3, 'd');
INSERT INTO games (id, ruleset, version, mode, south_name, north_name, south_token,
    north_token, status, result, ending, created, updated)
    VALUES ('olddone', 'wahree', 1, 'local', 'A', 'B', 't', 't', 'finished', 'north',
        'resignation', 1, 2);
INSERT INTO moves VALUES ('olddone', 1, 'c');
