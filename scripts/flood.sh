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
. scripts/lib/server.sh

build_with_example flood
bin="${SERVER:-$target/mancala-web}"

# The rate limit is off (the flood would be refused long before it mattered)
# and the game creation limit, if this build has one, is high enough.
extra=()
if "$bin" --help | grep -q -- --games-per-address-per-hour; then
  extra=(--games-per-address-per-hour 10000)
fi
start_server "$bin" --database "sqlite://$dir/games.db" --rate-limit 0 "${extra[@]}"
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs; server $bin (--ai-threads: the CPU count)"
"$target/examples/flood" --addr "$addr" "$@"
