#!/usr/bin/env python3
"""When are a match's games decided? Reads the games of `mancala match
--verbose` or `scripts/engine_match.py` logs, replays each with `mancala
replay` and reports:

- how often the player ahead in captured seeds after 10, 20, 30, 40 and 60
  plies went on to win, draw or lose;
- in the decisive games, the ply from which the winner stayed ahead for
  good, and how many seeds were still on the board just before it;
- with `--db FILE --at N`: at the first position of each game with N seeds
  or fewer on the board, the database's result against the game's
  (a forced result that the game did not keep is an endgame mistake, and
  the player who made it is named).

    python3 scripts/decided_when.py --game anywoli LOG...
    python3 scripts/decided_when.py --game anywoli --db anywoli-12.egdb --at 12 LOG...

Players are named as in the logs' first line (e.g. `level:8 (a) against
level:7 (b)`).
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys

GAME = re.compile(r"^game\s+\d+: a plays (south|north) (\d+)-(\d+) (a wins|b wins|draw)\s+(.*)$")
HEADER = re.compile(r"^.*?: (\S+) \(a\) against (\S+) \(b\)")
PLIES = (10, 20, 30, 40, 60)


def read_games(paths):
    names = None
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                h = HEADER.match(line)
                if h and names is None:
                    names = {"a": h.group(1), "b": h.group(2)}
                m = GAME.match(line.rstrip("\n"))
                if m:
                    yield names or {"a": "a", "b": "b"}, m.group(1), m.group(5).split()


def replay(binary, game, moves):
    run = subprocess.run(
        [binary, "replay", "--game", game, "--moves", " ".join(moves), "--format", "jsonl"],
        capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"mancala replay failed: {run.stderr.strip()}")
    return [json.loads(line) for line in run.stdout.splitlines()]


def probe(binary, game, db, position):
    """'south', 'north' (the side that can force a win) or 'unresolved';
    and whether the database calls its result exact."""
    run = subprocess.run([binary, "egdb", "probe", "--game", game, "--from", position, "--db", db],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"mancala egdb probe failed: {run.stderr.strip()}")
    lines = run.stdout.splitlines()
    verdict = lines[1] if len(lines) > 1 else ""
    side = verdict.split(" ", 1)[0]
    other = "north" if side == "south" else "south"
    exact = "the stall rule could cut" not in run.stdout
    if "(to move) can force a win" in verdict or "(to move) wins" in verdict:
        return side, exact
    if "(to move) loses" in verdict:
        return other, exact
    return "unresolved", exact


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--bin", default="target/release/mancala", help="the mancala binary")
    p.add_argument("--db", help="an endgame database to judge the endgames with")
    p.add_argument("--at", type=int, default=8, help="with --db: judge the first position with this many seeds or fewer")
    p.add_argument("logs", nargs="+")
    args = p.parse_args()
    if not os.access(args.bin, os.X_OK):
        sys.exit(f"error: {args.bin} is not an executable mancala binary (build it with "
                 "`cargo build --release`, or give --bin)")
    if args.db and not os.path.isfile(args.db):
        sys.exit(f"error: no database file {args.db}")
    for path in args.logs:
        if not os.path.isfile(path):
            sys.exit(f"error: no log file {path}")

    leader = {n: collections.Counter() for n in PLIES}
    lengths, settled_on_board, settled_share = [], collections.Counter(), []
    margins = collections.Counter()
    endgame = collections.Counter()
    not_exact = 0
    games = 0
    for names, a_side, moves in read_games(args.logs):
        states = replay(args.bin, args.game, moves)
        games += 1
        caps = [s["captured"] for s in states]
        final = caps[-1][0] - caps[-1][1]
        margins[abs(final)] += 1
        lengths.append(len(states) - 1)
        winner = "south" if final > 0 else "north" if final < 0 else None
        for n in PLIES:
            c = caps[min(n, len(caps) - 1)]
            d = c[0] - c[1]
            if d == 0:
                leader[n]["level"] += 1
            elif winner is None:
                leader[n]["draws"] += 1
            else:
                leader[n]["wins" if (d > 0) == (winner == "south") else "loses"] += 1
        if winner:
            sign = 1 if winner == "south" else -1
            last = max(i for i, c in enumerate(caps) if sign * (c[0] - c[1]) <= 0)
            settled_on_board[sum(states[last]["board"])] += 1
            settled_share.append(last / (len(states) - 1))
        if args.db:
            def who(side):
                return names["a"] if side == a_side else names["b"]
            result = who(winner) + " won" if winner else "drawn"
            for s in states:
                if sum(s["board"]) <= args.at and not s["over"]:
                    forced, exact = probe(args.bin, args.game, args.db, s["position"])
                    not_exact += not exact
                    if forced == "unresolved":
                        endgame[f"unresolved, then {result}"] += 1
                    elif forced == winner:
                        endgame[f"forced for {who(forced)}, kept"] += 1
                    else:
                        endgame[f"forced for {who(forced)}, then {result} (a mistake by {who(forced)})"] += 1
                    break
            else:
                endgame[f"never {args.at} seeds or fewer in play, {result}"] += 1

    if not games:
        sys.exit("no games found in the logs")
    print(f"{games} games, {len(settled_share)} decisive; plies: median {statistics.median(lengths):.0f}")
    print("final margins: " + ", ".join(f"{m}: {k}" for m, k in sorted(margins.items())))
    print("the player ahead in captured seeds after N plies:")
    for n in PLIES:
        c = leader[n]
        ahead = c["wins"] + c["draws"] + c["loses"]
        if ahead:
            print(f"  {n:3}: level in {c['level'] / games:.0%} of games; the one ahead won {c['wins'] / ahead:.0%},"
                  f" drew {c['draws'] / ahead:.0%}, lost {c['loses'] / ahead:.0%} (of {ahead})")
    if settled_share:
        print(f"the winner ahead for good from: median {statistics.median(settled_share):.0%} of the game;"
              " seeds on the board just before (games): "
              + ", ".join(f"{k}: {v}" for k, v in sorted(settled_on_board.items())))
    if args.db:
        print(f"the first position with {args.at} seeds or fewer on the board, by the database ({args.db}):")
        for k, v in sorted(endgame.items(), key=lambda kv: -kv[1]):
            print(f"  {v:4}  {k}")
        if not_exact:
            print(f"  ({not_exact} of these results the database does not call exact)")


if __name__ == "__main__":
    main()
