#!/usr/bin/env bash
# The strength ladder: each level against the next (and MCTS placed on it),
# from seeded random openings, colours alternating. Prints each pair's score
# and Elo difference with its 95% margin.
#
#   scripts/ladder.sh [GAME] [GAMES] [FIRST_LEVEL] [LAST_LEVEL]
#
# Levels 1-6 search to a fixed depth and take well under a second a game;
# level 7 thinks 0.2 s a move and level 8 one second, so pairs with them
# take hours at 200 games (run them with fewer games, or overnight).
#
# MATCH_OPTS is passed to every `mancala match`, e.g. MATCH_OPTS="--balanced 3"
# for openings that a depth-8 search values within 3 seeds of even (Anywoli,
# whose random openings often decide the game).
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-oware-abapa}
games=${2:-200}
first=${3:-1}
last=${4:-8}
cargo build --release -q -p mancala-cli
bin=target/release/mancala
for ((level = first; level < last; level++)); do
  echo "== level $((level + 1)) (a) against level $level (b), $games games"
  "$bin" match --game "$game" --a "level:$((level + 1))" --b "level:$level" --games "$games" --seed "$level" ${MATCH_OPTS:-} | tail -3
done
if [[ "${MCTS:-}" != "" ]]; then
  for level in $MCTS; do
    echo "== mcts:time=100 (a) against level $level (b), $games games"
    "$bin" match --game "$game" --a "mcts:time=100" --b "level:$level" --games "$games" --seed 99 ${MATCH_OPTS:-} | tail -3
  done
fi
