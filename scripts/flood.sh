#!/usr/bin/env bash
# The flood of issue 11, run by hand and reported (not part of
# scripts/test.sh): builds the release server and crates/web/examples/flood.rs,
# starts the server on a free loopback port with a temporary SQLite
# database, lets one address (127.0.0.2) flood the computer with level-8
# games while another (127.0.0.3) plays level 1, and prints the level-1
# reply times. Arguments go to the example (`--flood 60 --replies 20
# --hints 0`...). SERVER=PATH measures another build of the server (an
# older one, for the figures before a change).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -p mancala-web --bin mancala-web --example flood
target="${CARGO_TARGET_DIR:-target}/release"
bin="${SERVER:-$target/mancala-web}"

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

# The rate limit is off (the flood would be refused long before it mattered)
# and the game creation limit, if this build has one, is high enough.
extra=()
if "$bin" --help | grep -q -- --games-per-address-per-hour; then
  extra=(--games-per-address-per-hour 10000)
fi
"$bin" --bind 127.0.0.1:0 --database "sqlite://$dir/games.db" --rate-limit 0 "${extra[@]}" \
  >"$dir/server.log" 2>&1 &
server=$!
addr=""
for _ in $(seq 200); do
  addr="$(sed -n 's|^Open http://\([^ ]*\) in your browser.*|\1|p' "$dir/server.log")"
  [ -n "$addr" ] && break
  sleep 0.1
done
if [ -z "$addr" ]; then
  echo "the server did not start:" >&2
  cat "$dir/server.log" >&2
  exit 1
fi
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs; server $bin (--ai-threads: the CPU count)"
"$target/examples/flood" --addr "$addr" "$@"
