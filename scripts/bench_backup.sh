#!/usr/bin/env bash
# Backup, restore and migrate on a large SQLite database, and what a backup
# costs the players of a running server:
#   scripts/bench_backup.sh [GAMES=20000] [MOVES_PER_GAME=60]
# 1. fills a database made by mancala-web with GAMES finished games of
#    MOVES_PER_GAME moves each (rows written directly, with Python's sqlite3);
# 2. times `mancala-web backup`, `restore` and `migrate` into a throwaway
#    PostgreSQL (scripts/postgres.sh);
# 3. serves a copy, lets 4 players move over HTTP for 3 s, runs `backup`,
#    moves on for 3 s, and prints the move latencies during the backup and
#    outside it, and how many moves were acknowledged while it ran.
# Builds the release binary first; everything lives in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20000}
MOVES=${2:-60}
cargo build --release --quiet -p mancala-web
bin=$PWD/target/release/mancala-web
dir=$(mktemp -d /tmp/mancala-bench-backup.XXXXXX)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The schema, made by the server itself.
port=$(free_port)
"$bin" --bind "127.0.0.1:$port" --database "sqlite://$dir/big.db" >"$dir/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
kill "$server"; wait "$server" || true; server=
python3 - "$dir/big.db" "$GAMES" "$MOVES" <<'PY'
import sqlite3, sys
path, games, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
c = sqlite3.connect(path)
c.execute("BEGIN")
c.executemany(
    "INSERT INTO games (id, ruleset, version, mode, south_name, north_name, south_token,"
    " north_token, status, created, updated)"
    " VALUES (?, 'wahree', 1, 'local', 'A', 'B', 't', 't', 'finished', 1, 1)",
    ((f"g{i}",) for i in range(games)))
c.executemany("INSERT INTO moves VALUES (?, ?, ?)",
    ((f"g{i}", p + 1, "abcdefABCDEF"[p % 12]) for i in range(games) for p in range(moves)))
c.execute("COMMIT")
PY

timed() { /usr/bin/time -f "  (%e s wall, %M KiB at most in memory)" "$@"; }
echo "== backup, restore, migrate of $GAMES games x $MOVES moves"
timed "$bin" backup --database "sqlite://$dir/big.db" --out "$dir/backup.db"
timed "$bin" restore --database "sqlite://$dir/restored.db" --from "$dir/backup.db"
scripts/postgres.sh bash -c "/usr/bin/time -f '  (%e s wall, %M KiB at most in memory)' \
  '$bin' migrate --from 'sqlite://$dir/big.db' --to \"\$MANCALA_TEST_POSTGRES\""

echo "== a backup while 4 players move"
port=$(free_port)
"$bin" --bind "127.0.0.1:$port" --database "sqlite://$dir/restored.db" --rate-limit 0 \
  --games-per-address-per-hour 0 >"$dir/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
python3 - "$port" "$bin" "$dir" <<'PY'
import http.client, json, subprocess, sys, threading, time
port, binary, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def call(method, path, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request(method, path, json.dumps(body) if body else None, {"Content-Type": "application/json"})
    r = c.getresponse(); data = r.read(); c.close()
    return r.status, json.loads(data)
moves, stop = [], False
def player():
    game = None; turn = 0
    while not stop:
        if game is None:
            _, g = call("POST", "/api/games", {"game": "wahree", "mode": "local"})
            game, token = g["id"], g["token"]
        _, state = call("GET", f"/api/games/{game}")
        if state["over"]:
            game = None; continue
        pick = state["legal"][turn % len(state["legal"])]; turn += 1
        start = time.time()
        status, _ = call("POST", f"/api/games/{game}/moves", {"token": token, "move": pick})
        moves.append((start, time.time() - start, status))
threads = [threading.Thread(target=player) for _ in range(4)]
for t in threads: t.start()
time.sleep(3)
began = time.time()
out = subprocess.run([binary, "backup", "--database", f"sqlite://{folder}/restored.db",
                      "--out", f"{folder}/live-backup.db"], capture_output=True, text=True)
ended = time.time()
time.sleep(3); stop = True
for t in threads: t.join()
print(" ", (out.stdout + out.stderr).strip())
def stats(xs):
    xs = sorted(x * 1000 for x in xs); n = len(xs)
    return f"{n} moves, p50 {xs[n // 2]:.1f} ms, p99 {xs[int(n * 0.99)]:.1f} ms, max {xs[-1]:.1f} ms"
print("  during the backup:", stats([l for t, l, s in moves if began <= t <= ended]))
print("  outside it:       ", stats([l for t, l, s in moves if not began <= t <= ended]))
print("  answers other than 200:", sum(1 for _, _, s in moves if s != 200))
PY
