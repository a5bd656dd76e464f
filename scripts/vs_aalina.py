#!/usr/bin/env python3
"""Our engine against Aalina, the strongest public Oware (Abapa) program.

Aalina (Joan Sala Soler; GPL, Java) is not part of this repository: build it
from its public repositories as docs/ai.md ("Against Aalina") says, and pass
the jar with --jar. Its opening book and endgame tables are read from the
jar's folder (oware-roots.bin, oware-leaves.bin) unless --roots/--leaves say
otherwise.

Each opening is played twice, colours swapped. Openings are --opening-plies
random moves (seeded), kept only when our engine scores them within
--balanced seeds at depth --balance-depth; --startpos plays every game from
the start position instead (Aalina then plays from its book). Both engines
get `go movetime MS` a move; run them one game a core (--jobs, default 1).

`mancala replay` is the referee: every move is checked by it, and the game's
end and final score are its. At each of Aalina's turns its own list of legal
moves (its `debug` output) is compared with ours, and at the end Aalina is
asked to move once more (it answers `bestmove 0000` once it sees the game
over): any disagreement is printed as a rule difference with its moves.

    python3 scripts/vs_aalina.py --jar ~/aalina/aalina.jar --games 200 --movetime 1000 --jobs 2
    python3 scripts/vs_aalina.py --jar ~/aalina/aalina.jar --startpos --games 100 --movetime 1000
    python3 scripts/vs_aalina.py --jar ~/aalina/aalina.jar --games 20 --movetime 200 --db egdb/oware-abapa.egdb

Each game prints a line that scripts/match_combine.py reads ("game N: we
play South, final 20 28, loss (122 moves)", then "  moves: ..."), so logs of
parallel runs combine; the run ends with won/drawn/lost, points, the Elo
difference with its 95% interval, and each side's time and depth a move.
Pit letters: ours are lowercase for South; Aalina's are uppercase for South
(the same pits, case swapped).
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from engines import Engine, Process, median, to_elo  # noqa: E402

GAME = "oware-abapa"


def swap(move):
    return move.swapcase()


def Ours(binary, db, hash_mb):
    """Our `mancala engine`, playing Oware, with a database and a table size."""
    extra = []
    if db:
        extra += ["--db", db]
    if hash_mb:
        extra += ["--hash", str(hash_mb)]
    return Engine(binary, extra, GAME)


class Aalina(Process):
    def __init__(self, java, jar, roots, leaves):
        super().__init__([java, "-jar", jar, "--roots", roots, "--leaves", leaves, "service"])
        self.send("uci")
        while self.line() != "uciok":
            pass
        self.send("debug on")

    def new_game(self, side):
        # Aalina's draw contempt is signed by the side it plays.
        self.send("ucinewgame")
        self.send(f"setoption name EngineTurn value {side}")
        self.send("isready")
        while not self.line().startswith("readyok"):
            pass

    def go(self, moves, ms):
        """(move or None, its legal moves, depth, seconds)."""
        theirs = "".join(swap(m) for m in moves)
        self.send("position startpos" + (" moves " + theirs if theirs else ""))
        started = time.monotonic()
        self.send(f"go movetime {ms}")
        depth, legal = 0, None
        while True:
            line = self.line()
            if line.startswith("info string moves"):
                legal = sorted(swap(m) for m in line.split()[3:])
            elif line.startswith("info depth"):
                depth = int(line.split()[2])
            elif line.startswith("bestmove"):
                move = line.split()[1]
                elapsed = time.monotonic() - started
                return (None if move == "0000" else swap(move)), legal, depth, elapsed


def referee(binary, moves):
    """The last position of `mancala replay` after `moves` (a dict)."""
    command = [binary, "replay", "--game", GAME, "--format", "jsonl", "--moves", " ".join(moves)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise ValueError(done.stderr.strip())
    return json.loads(done.stdout.strip().splitlines()[-1])


def openings(args):
    """The openings: lists of moves, each to be played twice."""
    if args.startpos:
        return [[] for _ in range(args.games // 2)]
    rng = random.Random(args.seed)
    judge = Ours(args.bin, None, None)
    found, seen = [], set()
    tries = 0
    while len(found) < args.games // 2:
        tries += 1
        if tries > 100 * args.games + 1000:
            sys.exit("error: too few balanced openings; raise --balanced or lower --opening-plies")
        moves = []
        for _ in range(args.opening_plies):
            state = referee(args.bin, moves)
            if state["over"]:
                break
            moves.append(rng.choice(state["legal"]))
        key = " ".join(moves)
        if key in seen or referee(args.bin, moves)["over"]:
            continue
        seen.add(key)
        _, _, _, score = judge.go(moves, f"depth {args.balance_depth}")
        if score is not None and abs(score) <= 10 * args.balanced:
            found.append(moves)
    judge.close()
    return found


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.points = []
        self.results = {"win": 0, "draw": 0, "loss": 0}
        self.our_time, self.their_time = [], []
        self.our_depth, self.their_depth = [], []
        self.differences = []
        self.lines = set()
        self.plies = 0


def play(args, number, opening, ours_south, ours, aalina, tally, out):
    ours.new_game()
    aalina.new_game("north" if ours_south else "south")
    moves = list(opening)
    state = referee(args.bin, moves)
    our_t, their_t, our_d, their_d, notes = [], [], [], [], []
    while not state["over"]:
        south = state["to_move"] == "south"
        if south == ours_south:
            move, depth, seconds, _ = ours.go(moves, f"movetime {args.movetime}")
            our_t.append(seconds)
            our_d.append(depth)
        else:
            move, legal, depth, seconds = aalina.go(moves, args.movetime)
            their_t.append(seconds)
            if depth:
                their_d.append(depth)
            if legal is not None and legal != sorted(state["legal"]):
                notes.append(
                    f"legal moves differ after '{' '.join(moves)}': ours {' '.join(sorted(state['legal']))}, "
                    f"Aalina's {' '.join(legal)}"
                )
            if move is None:
                notes.append(f"Aalina sees the game over after '{' '.join(moves)}'; ours does not")
                break
        try:
            state = referee(args.bin, moves + [move])
        except ValueError as e:
            notes.append(f"move {move} after '{' '.join(moves)}' refused by our rules: {e}")
            break
        moves.append(move)
    if state["over"] and not notes:
        end, _, _, _ = aalina.go(moves, 10)
        if end is not None:
            notes.append(f"Aalina plays {end} after '{' '.join(moves)}', where our game is over ({state['end']})")
    south, north = state["captured"]
    mine = (south, north) if ours_south else (north, south)
    result = "win" if mine[0] > mine[1] else "loss" if mine[0] < mine[1] else "draw"
    with tally.lock:
        if notes:
            tally.differences.extend(notes)
            print(f"game {number}: rule difference, not scored", file=out)
            for n in notes:
                print("  " + n, file=out)
        else:
            tally.points.append({"win": 1.0, "draw": 0.5, "loss": 0.0}[result])
            tally.results[result] += 1
            tally.our_time += our_t
            tally.their_time += their_t
            tally.our_depth += our_d
            tally.their_depth += their_d
            tally.lines.add(" ".join(moves))
            tally.plies += len(moves)
            side = "South" if ours_south else "North"
            ending = state.get("end") or "end"
            print(
                f"game {number}: we play {side}, final {south} {north}, {result} "
                f"({len(moves)} moves, {ending}; our depth {median(our_d)}, Aalina's {median(their_d)})",
                file=out,
            )
            print("  moves: " + " ".join(moves), file=out)
        out.flush()


def summary(args, tally, seconds, out):
    n = len(tally.points)
    print(f"\n== ours (movetime {args.movetime} ms{', db ' + args.db if args.db else ''}) "
          f"against Aalina (movetime {args.movetime} ms, book and tables)", file=out)
    if n == 0:
        print("no game was scored", file=out)
        return
    mean = sum(tally.points) / n
    se = math.sqrt(sum((p - mean) ** 2 for p in tally.points) / n / n)
    r = tally.results
    print(f"games: {n}, {len(tally.lines)} distinct; won {r['win']}, drawn {r['draw']}, lost {r['loss']}", file=out)
    print(f"points: {100 * mean:.1f}%", file=out)
    if r["win"] == n or r["loss"] == n:
        print("elo: one side won every game: no margin can be given", file=out)
    else:
        margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2
        print(f"elo: ours - Aalina = {to_elo(mean):+.0f} ± {margin:.0f} (95%)", file=out)
    print(f"time a move: ours {1000 * statistics.mean(tally.our_time):.0f} ms, "
          f"Aalina {1000 * statistics.mean(tally.their_time):.0f} ms", file=out)
    print(f"depth a move (median): ours {median(tally.our_depth)}, Aalina {median(tally.their_depth)}", file=out)
    print(f"plies: {tally.plies}; rule differences: {len(tally.differences)}", file=out)
    for d in tally.differences:
        print("  " + d, file=out)
    print(f"wall time: {seconds:.0f} s", file=out)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--jar", required=True, help="Aalina's jar (see docs/ai.md)")
    p.add_argument("--roots", help="Aalina's opening book (default: oware-roots.bin beside the jar)")
    p.add_argument("--leaves", help="Aalina's endgame tables (default: oware-leaves.bin beside the jar)")
    p.add_argument("--java", default="java")
    p.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "mancala"))
    p.add_argument("--db", help="our endgame database for oware-abapa")
    p.add_argument("--hash", type=int, default=None, help="our transposition table, MiB")
    p.add_argument("--games", type=int, default=20, help="games (an even number: each opening twice)")
    p.add_argument("--movetime", type=int, default=1000, help="ms a move, for both")
    p.add_argument("--opening-plies", type=int, default=4)
    p.add_argument("--balanced", type=float, default=3.0, help="keep openings our engine scores within this many seeds")
    p.add_argument("--balance-depth", type=int, default=12)
    p.add_argument("--startpos", action="store_true", help="every game from the start position")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="games played at once (one a core)")
    p.add_argument("--only", metavar="A-B",
                   help="play only games A to B of the match (its openings as for the whole match), "
                        "to split one match over runs or machines; match_combine.py adds the logs up")
    args = p.parse_args()
    folder = os.path.dirname(os.path.abspath(args.jar))
    args.roots = args.roots or os.path.join(folder, "oware-roots.bin")
    args.leaves = args.leaves or os.path.join(folder, "oware-leaves.bin")
    for path in (args.jar, args.roots, args.leaves, args.bin):
        if not os.path.exists(path):
            sys.exit(f"error: {path} not found")
    if args.games < 2 or args.games % 2:
        sys.exit("error: --games must be an even number of at least 2 (each opening is played twice)")
    first, last = 1, args.games
    if args.only:
        try:
            first, last = (int(x) for x in args.only.split("-"))
        except ValueError:
            sys.exit(f"error: --only {args.only!r}: expected A-B, two game numbers such as 112-200")
        if not 1 <= first <= last <= args.games:
            sys.exit(f"error: --only {args.only}: the games are numbered 1 to {args.games}")

    started = time.monotonic()
    out = sys.stdout
    games = []
    for i, opening in enumerate(openings(args)):
        games.append((2 * i + 1, opening, True))
        games.append((2 * i + 2, opening, False))
    games = [g for g in games if first <= g[0] <= last]
    tally = Tally()
    queue = list(reversed(games))
    lock = threading.Lock()
    failures = []

    def worker():
        ours = Ours(args.bin, args.db, args.hash)
        aalina = Aalina(args.java, args.jar, args.roots, args.leaves)
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    number, opening, ours_south = queue.pop()
                play(args, number, opening, ours_south, ours, aalina, tally, out)
        except Exception as e:  # report, and let the other jobs finish
            failures.append(str(e))
        finally:
            ours.close()
            aalina.close()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    summary(args, tally, time.monotonic() - started, out)
    if failures:
        for f in failures:
            print(f"error: {f}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
