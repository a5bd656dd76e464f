#!/usr/bin/env bash
# The lobby's load test, run by hand and reported (not part of
# scripts/test.sh): builds the release server and the load generator
# (crates/web/examples/lobby_loadtest.rs), starts the server on a free
# loopback port with a temporary SQLite database, has 500 players (accounts
# with ratings around 1500) ask for a quick pairing at once, and prints the
# time each waited to be paired (p50, p90, p99, max) and the errors. Arguments
# go to the load generator, e.g. `--players 1000 --spread 800` (`--help`
# lists them). Exits non-zero if anything went wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each player holds its lobby socket and a request at once.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

cargo build --release -p mancala-web --bin mancala-web --example lobby_loadtest
target="${CARGO_TARGET_DIR:-target}/release"

dir="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT

db="$dir/games.db"
# Every player comes from 127.0.0.1: the per-address limits (requests,
# connections, games an hour) would refuse most of them, so they are lifted.
"$target/mancala-web" --bind 127.0.0.1:0 --database "sqlite://$db" --rate-limit 0 \
  --max-connections-per-address 100000 --games-per-address-per-hour 0 \
  >"$dir/server.log" 2>&1 &
server=$!
addr=""
for _ in $(seq 200); do
  addr="$(sed -n 's|^Open http://\([^ ]*\) in your browser.*|\1|p' "$dir/server.log")"
  [ -n "$addr" ] && break
  if ! kill -0 "$server" 2>/dev/null; then
    echo "the server did not start:" >&2
    cat "$dir/server.log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$addr" ]; then
  echo "the server printed no address within 20 s:" >&2
  cat "$dir/server.log" >&2
  exit 1
fi

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server: mancala-web --bind $addr --database sqlite://(a temporary file) --rate-limit 0"
echo "        --max-connections-per-address 100000 --games-per-address-per-hour 0"
status=0
"$target/examples/lobby_loadtest" --url "http://$addr" --database "$db" "$@" || status=$?

if [ -r "/proc/$server/stat" ]; then
  ticks="$(getconf CLK_TCK)"
  cpu="$(awk -v t="$ticks" '{printf "CPU %.1f s", ($14 + $15) / t}' "/proc/$server/stat")"
  peak="$(awk '/^VmHWM/ {print $2, $3}' "/proc/$server/status")"
  echo "server process: $cpu, peak memory $peak"
fi
grep -c "accepting a connection failed" "$dir/server.log" | sed 's/^/server log: failed accepts: /' || true
grep -E "WARN|ERROR" "$dir/server.log" | head -5 || true
kill -INT "$server"
wait "$server" || true
server=""
exit "$status"
