#!/usr/bin/env bash
# The web server's load test, run by hand and reported (it is not part of
# scripts/test.sh): builds the release server and the load generator
# (crates/web/examples/loadtest.rs), starts the server on a free loopback
# port with a temporary SQLite database, plays 100 games between people and
# 100 against the computer at once, stops the server and prints the report.
# Arguments go to the load generator, e.g. `--people 10 --computer 10`, or
# `--people 500 --computer 500 --levels 1,2,3 --think 1-3 --duration 120`
# (`--help` lists them). Exits non-zero if the load test found any error.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/server.sh
# A game holds two or three connections on each side (seats, watcher), so
# 1,000 games need more open files than the usual soft limit of 1,024: the
# server and the generator get the hard limit.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

build_with_example loadtest
start_load_test_server

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, $(uname -sr), open files $(ulimit -n)"
describe_load_test_server
echo "        (--ai-threads left at its default, the CPU count: $(nproc));"
echo "        the rate limit is off because every client of the load test comes from"
echo "        127.0.0.1 and would share one address's allowance"
status=0
# In a subshell, so that `times` counts the load generator alone.
("$target/examples/loadtest" --url "http://$addr" --database "$db" "$@" && rc=0 || rc=$?
  times >"$dir/times"
  exit "$rc") || status=$?
read -r user system < <(tail -1 "$dir/times")
echo "load generator process             CPU user $user, system $system"

# What the server used, from /proc (Linux).
if [ -r "/proc/$server/stat" ]; then
  ticks="$(getconf CLK_TCK)"
  cpu="$(awk -v t="$ticks" '{printf "CPU %.1f s (user %.1f s, system %.1f s)", ($14 + $15) / t, $14 / t, $15 / t}' \
    "/proc/$server/stat")"
  peak="$(awk '/^VmHWM/ {print $2, $3}' "/proc/$server/status")"
  threads="$(awk '/^Threads/ {print $2}' "/proc/$server/status")"
  echo "server process                     $cpu, peak memory $peak, $threads threads at the end"
fi
echo "database                           $(du -sh "$dir" | cut -f1) (games.db with its WAL)"

stop_server
exit "$status"
