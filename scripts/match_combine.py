#!/usr/bin/env python3
"""Combines the games of several `mancala match --verbose` logs of the same
pair (run in parallel with different seeds) into one score and Elo
difference, computed as `mancala match` does: the mean points of player a,
the standard error from the games' spread, a 95% margin.

    python3 scripts/match_combine.py LOG...

A log cut short (its process stopped) counts the games it finished.
Logs of `scripts/vs_openspiel_mcts.py --verbose` combine the same way, our
engine as player a and OpenSpiel's MCTS as b.
"""
import math
import re
import sys

GAME = re.compile(r"^game\s+\d+: a plays (south|north) (\d+)-(\d+) (a wins|b wins|draw)\s*(.*)$")
# vs_openspiel_mcts.py: "game 12: we play South, final 20 28, loss (122 moves)",
# then (with --verbose) "  moves: ..." on the next line.
OPENSPIEL = re.compile(r"^game\s+\d+: we play (South|North), final (\d+) (\d+), (win|loss|draw) ")
OURS = {"win": "a wins", "loss": "b wins", "draw": "draw"}


def to_elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def main(paths):
    if not paths:
        sys.exit("usage: match_combine.py LOG... (logs of `mancala match --verbose`)")
    points, lines = [], set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            found = 0
            text = f.read().splitlines()
            for i, line in enumerate(text):
                m = GAME.match(line)
                if m:
                    result, moves = m.group(4), m.group(5)
                else:
                    m = OPENSPIEL.match(line)
                    if not m:
                        continue
                    result = OURS[m.group(4)]
                    following = text[i + 1] if i + 1 < len(text) else ""
                    moves = following.split("moves:", 1)[1] if "moves:" in following else f"{path}:{i}"
                found += 1
                points.append({"a wins": 1.0, "b wins": 0.0, "draw": 0.5}[result])
                lines.add(moves.strip())
        print(f"{path}: {found} games")
    n = len(points)
    if n == 0:
        sys.exit("no finished games in these logs")
    mean = sum(points) / n
    se = math.sqrt(sum((p - mean) ** 2 for p in points) / n / n)
    won, lost = points.count(1.0), points.count(0.0)
    print(f"games: {n} (a won {won}, b won {lost}, drawn {n - won - lost}), {len(lines)} distinct")
    print(f"a's points: {100 * mean:.1f}%")
    if won == n or lost == n:
        print("elo: one side won every game: no margin can be given")
    else:
        margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2
        print(f"elo: a - b = {to_elo(mean):+.0f} ± {margin:.0f} (95%)")


if __name__ == "__main__":
    main(sys.argv[1:])
