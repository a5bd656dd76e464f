#!/usr/bin/env python3
"""A match between two builds of our engine (or two settings of one), each
a `mancala engine` process (docs/protocol.md): the way to measure a change
of the engine against the version before it.

    # level 8 of this build against level 8 of an older one, on processor time
    python3 scripts/engine_match.py --a target/release/mancala --b /tmp/old/mancala \\
        --game wahree --go "level 8" --clock cpu --games 200 --jobs 2
    # fixed time a move, both with a database
    python3 scripts/engine_match.py --a new/mancala --b old/mancala --game oware-abapa \\
        --go "movetime 200" --a-args "--db egdb/oware-abapa.egdb" --b-args "--db egdb/oware-abapa.egdb"

Each opening (--opening-plies random moves, seeded, kept only when a
depth --balance-depth search of a's build scores it within --balanced seeds)
is played twice, colours swapped. A third `mancala engine` of a's build is
the referee: each move is checked by it, and the game's end and score are
its. Every game prints a line in the form of `mancala match --verbose`
("game 3: a plays south 25-20 a wins c F ..."), so logs of parallel runs
combine with scripts/match_combine.py; the run ends with the score, the
Elo difference with its 95% interval, and each side's time and depth a
move. With --clock cpu both engines count their think time on their own
processor time (`mancala engine --clock cpu`), so several games at once,
or other work beside them, play as on an idle machine.
"""

import argparse
import math
import os
import random
import shlex
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from engines import Engine, to_elo  # noqa: E402


def openings(args):
    if args.opening_plies == 0:
        return [[] for _ in range(args.games // 2)]
    rng = random.Random(args.seed)
    judge = Engine(args.a, [], args.game)
    found, seen, tries = [], set(), 0
    while len(found) < args.games // 2:
        tries += 1
        if tries > 100 * args.games + 1000:
            sys.exit("error: too few balanced openings; raise --balanced or lower --opening-plies")
        moves = []
        for _ in range(args.opening_plies):
            legal, over, _, _ = judge.state(moves)
            if over:
                break
            moves.append(rng.choice(legal))
        key = " ".join(moves)
        if key in seen or judge.state(moves)[1]:
            continue
        seen.add(key)
        if args.balanced is not None:
            _, _, _, score = judge.go(moves, f"depth {args.balance_depth}")
            if score is None or abs(score) > 10 * args.balanced:
                continue
        found.append(moves)
    judge.close()
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a", required=True, help="player a's mancala binary")
    p.add_argument("--b", required=True, help="player b's mancala binary")
    p.add_argument("--a-args", default="", help="more arguments for a's `mancala engine`")
    p.add_argument("--b-args", default="", help="more arguments for b's `mancala engine`")
    p.add_argument("--game", default="oware-abapa")
    p.add_argument("--go", default="level 8", help="the go request for both (e.g. 'level 8', 'movetime 200')")
    p.add_argument("--clock", choices=["wall", "cpu"], default="cpu")
    p.add_argument("--games", type=int, default=20, help="an even number: each opening twice")
    p.add_argument("--opening-plies", type=int, default=4)
    p.add_argument("--balanced", type=float, default=None, help="keep openings scored within this many seeds")
    p.add_argument("--balance-depth", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    if args.games < 2 or args.games % 2:
        sys.exit("error: --games must be an even number of at least 2")
    for path in (args.a, args.b):
        if not os.path.exists(path):
            sys.exit(f"error: {path} not found")

    started = time.monotonic()
    games = []
    for i, opening in enumerate(openings(args)):
        games.append((2 * i + 1, opening, True))
        games.append((2 * i + 2, opening, False))
    queue = list(reversed(games))
    lock = threading.Lock()
    points, failures = [], []
    times = {"a": [], "b": []}
    depths = {"a": [], "b": []}

    def worker():
        clock = ["--clock", args.clock]
        a = Engine(args.a, clock + shlex.split(args.a_args), args.game)
        b = Engine(args.b, clock + shlex.split(args.b_args), args.game)
        judge = Engine(args.a, [], args.game)
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    number, opening, a_south = queue.pop()
                a.new_game()
                b.new_game()
                moves = list(opening)
                legal, over, to_move, scores = judge.state(moves)
                t = {"a": [], "b": []}
                d = {"a": [], "b": []}
                while not over:
                    who = "a" if (to_move == "south") == a_south else "b"
                    engine = a if who == "a" else b
                    move, depth, seconds, _ = engine.go(moves, args.go)
                    if move not in legal:
                        raise RuntimeError(f"{who} played {move}, not legal after '{' '.join(moves)}'")
                    if len(legal) > 1:
                        t[who].append(seconds)
                        if depth:
                            d[who].append(depth)
                    moves.append(move)
                    legal, over, to_move, scores = judge.state(moves)
                south, north = scores
                winner = over[1]
                if winner == "draw":
                    result, point = "draw", 0.5
                elif (winner == "south") == a_south:
                    result, point = "a wins", 1.0
                else:
                    result, point = "b wins", 0.0
                with lock:
                    points.append(point)
                    for k in ("a", "b"):
                        times[k] += t[k]
                        depths[k] += d[k]
                    side = "south" if a_south else "north"
                    print(f"game {number}: a plays {side} {south}-{north} {result} {' '.join(moves)}", flush=True)
        except Exception as e:
            failures.append(str(e))
        finally:
            for e in (a, b, judge):
                e.close()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = len(points)
    print(f"\n== a: {args.a} {args.a_args}\n== b: {args.b} {args.b_args}\n== {args.game}, go {args.go}, clock {args.clock}")
    if n:
        mean = sum(points) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in points) / n / n)
        won, lost = points.count(1.0), points.count(0.0)
        print(f"games: {n} (a won {won}, b won {lost}, drawn {n - won - lost})")
        print(f"a's points: {100 * mean:.1f}%")
        if 0 < won + (n - won - lost) and lost + (n - won - lost) > 0 and not (won == n or lost == n):
            margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2
            print(f"elo: a - b = {to_elo(mean):+.0f} ± {margin:.0f} (95%)")
        for k in ("a", "b"):
            if times[k]:
                print(f"{k}: {1000 * statistics.mean(times[k]):.0f} ms a move (wall), "
                      f"depth {statistics.median(depths[k]) if depths[k] else 0}")
    print(f"wall time: {time.monotonic() - started:.0f} s")
    if failures:
        for f in failures:
            print(f"error: {f}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
