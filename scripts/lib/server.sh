# shellcheck shell=bash
# The start and stop of a web server for the scripts run by hand that load
# it (loadtest.sh, lobby-loadtest.sh, flood.sh), written once. Sourced from
# the repository root, after `set -euo pipefail`. Sourcing it makes a
# temporary folder, `$dir` (for the database and the server's log,
# `$dir/server.log`), and sets a trap that stops a server still running and
# removes the folder on exit.

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

# build_with_example NAME: builds the release server and the example
# crates/web/examples/NAME.rs, and sets `target` to the folder holding them
# (the example is "$target/examples/NAME").
build_with_example() {
  cargo build --release -p mancala-web --bin mancala-web --example "$1"
  target="${CARGO_TARGET_DIR:-target}/release"
}

# start_server BIN ARGS...: starts the server BIN on a free loopback port
# (port 0: the system picks one, and the server prints the address) with
# ARGS, its output in $dir/server.log. Sets `server` (its process id) and
# `addr` (host:port) once the address is printed; if the server exits first
# or prints none within 20 s, says so with its log and exits 1.
start_server() {
  local bin="$1"
  shift
  "$bin" --bind 127.0.0.1:0 "$@" >"$dir/server.log" 2>&1 &
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
}

# start_load_test_server: the server of the load tests: the release build
# on a temporary SQLite file, `$db`, with the limits per client address
# lifted (requests, connections, games an hour): every client of a load
# test comes from 127.0.0.1 and would share one address's allowance.
# describe_load_test_server prints its command for the report.
start_load_test_server() {
  db="$dir/games.db"
  start_server "$target/mancala-web" --database "sqlite://$db" --rate-limit 0 \
    --max-connections-per-address 100000 --games-per-address-per-hour 0
}
describe_load_test_server() {
  echo "server: mancala-web --bind $addr --database sqlite://(a temporary file) --rate-limit 0"
  echo "        --max-connections-per-address 100000 --games-per-address-per-hour 0"
}

# stop_server: stops the server as Ctrl-C would (SIGINT: a graceful stop)
# and waits for it.
stop_server() {
  kill -INT "$server"
  wait "$server" || true
  server=""
}
