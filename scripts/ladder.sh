#!/usr/bin/env bash
# The strength ladder: each level against the next (and MCTS placed on it),
# from seeded random openings, colours alternating. Prints each pair's score
# and Elo difference with its 95% margin.
#
#   scripts/ladder.sh [GAME] [GAMES] [FIRST_LEVEL] [LAST_LEVEL]
#
# Levels 1-6 search to a fixed depth and take well under a second a game;
# level 7 thinks 0.2 s a move and level 8 one second, so pairs with them
# take hours at 200 games. For those:
#
# - MATCH_OPTS is passed to every `mancala match`: "--clock cpu" counts each
#   player's think time on its own processor time, so the pair plays as on
#   an idle machine however busy this one is (and several can run at once);
#   "--balanced 3" keeps openings that a depth-8 search values within 3 seeds
#   of even (Anywoli, whose random openings often decide the game).
# - LOGS=DIR plays each pair in parts of CHUNK games (default 20), seeds
#   LEVEL*1000+1, +2, ..., one `mancala match --verbose` log a part in DIR,
#   JOBS parts at a time (default 1), and skips parts whose log is complete:
#   run it again after a stop and it carries on. The pair's result combines
#   the finished parts' games (scripts/match_combine.py).
#
#   MATCH_OPTS="--clock cpu" LOGS=docs/ladder JOBS=2 CHUNK=10 scripts/ladder.sh wahree 200 7 8
#
# A pair's parts must all have one CHUNK (the seeds number the parts):
# Speightstown's 8-7 used 20, Wahree's and Anywoli's 10.
# docs/ladder holds the finished parts of the pairs published in docs/ai.md
# (about 400 bytes a game). Keep a long pair's parts there and commit them
# as they finish: a session's scratch folders do not outlive it, and a pair
# of level 8 takes more than one session.
#
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-oware-abapa}
games=${2:-200}
first=${3:-1}
last=${4:-8}
# MANCALA_BIN: a built `mancala` to use (a long run keeps its binary while
# the tree is rebuilt); by default the tree's, built here.
if [[ -n "${MANCALA_BIN:-}" ]]; then
  bin=$(realpath "$MANCALA_BIN")
else
  cargo build --release -q -p mancala-cli
  bin=$PWD/target/release/mancala
fi
for ((level = first; level < last; level++)); do
  a="level:$((level + 1))" b="level:$level"
  echo "== level $((level + 1)) (a) against level $level (b), $games games"
  if [[ -z "${LOGS:-}" ]]; then
    "$bin" match --game "$game" --a "$a" --b "$b" --games "$games" --seed "$level" ${MATCH_OPTS:-} | tail -3
    continue
  fi
  mkdir -p "$LOGS"
  chunk=${CHUNK:-20}
  parts=$(( (games + chunk - 1) / chunk ))
  todo=()
  for ((k = 1; k <= parts; k++)); do
    seed=$((level * 1000 + k))
    log="$LOGS/$game-$((level + 1))-$level-seed$seed.log"
    # A part is done when its log ends with the match's score line.
    if [[ -f "$log" ]] && grep -q '^score:' "$log"; then continue; fi
    todo+=("$seed")
  done
  if ((${#todo[@]} > 0)); then
    printf '%s\n' "${todo[@]}" | xargs -P "${JOBS:-1}" -I{} sh -c \
      "\"$bin\" match --game \"$game\" --a \"$a\" --b \"$b\" --games $chunk --seed {} \
       ${MATCH_OPTS:-} --verbose > \"$LOGS/$game-$((level + 1))-$level-seed{}.log.part\" \
       && mv \"$LOGS/$game-$((level + 1))-$level-seed{}.log.part\" \"$LOGS/$game-$((level + 1))-$level-seed{}.log\""
  fi
  python3 scripts/match_combine.py "$LOGS/$game-$((level + 1))-$level-seed"*.log | tail -3
done
if [[ "${MCTS:-}" != "" ]]; then
  for level in $MCTS; do
    echo "== mcts:time=100 (a) against level $level (b), $games games"
    "$bin" match --game "$game" --a "mcts:time=100" --b "level:$level" --games "$games" --seed 99 ${MATCH_OPTS:-} | tail -3
  done
fi
