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
. scripts/lib/server.sh
# Each player holds its lobby socket and a request at once.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

build_with_example lobby_loadtest
start_load_test_server

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
describe_load_test_server
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
stop_server
exit "$status"
