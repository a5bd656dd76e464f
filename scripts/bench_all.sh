#!/usr/bin/env bash
# Random-playout speed of every ruleset through the Game API (one thread),
# best of ROUNDS runs each (default 3), as a Markdown table.
#   scripts/bench_all.sh [PLAYOUTS=100000] [ROUNDS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
playouts=${1:-100000}
rounds=${2:-3}
cargo build --release --quiet
bin=target/release/mancala
echo "| ruleset | playouts | plies/game | plies/s | games/s |"
echo "|---|---|---|---|---|"
for game in $($bin games | awk '$1 != "barbados-warri" {print $1}'); do
  n=$playouts
  # Anywoli games are longer and its relay moves are simulated to rule out
  # endless relays: fewer playouts keep the run short.
  [ "$game" = anywoli ] && n=$((playouts / 10))
  best_p=0; best_g=0; sig=""
  for _ in $(seq "$rounds"); do
    out=$($bin bench --game "$game" --playouts "$n" --seed 1)
    p=$(echo "$out" | awk '/^plies\/s:/ {print $2}')
    g=$(echo "$out" | awk '/^games\/s:/ {print $2}')
    sig=$(echo "$out" | awk '/^signature:/ {print $5}')
    if [ "$p" -gt "$best_p" ]; then best_p=$p; best_g=$g; fi
  done
  echo "| $game | $n | $((sig / n)) | $best_p | $best_g |"
done
