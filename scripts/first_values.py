#!/usr/bin/env python3
"""Proves the first values of docs/solving.md again, or checks each a second
way, and compares them with docs/solving-values.jsonl.

    python3 scripts/first_values.py [--only RULESET:K ...] [--check]
        [--bin target/release/mancala] [--db-dir egdb] [--time-scale 1.0]

Each published row has a recipe below: the command that proved it (with the
database it used) and a second command with other settings (another table
size, another move order, another database, no database) or the database's
own `egdb verify --from` where a database holds the position. Without
`--check` the first command runs; with it, the second. Either way the value
(and, for the first, the first moves that keep it) must equal the published
row's, or the script says so and exits 1.

The databases a recipe needs are built into `--db-dir` when missing, named
`RULESET-SEEDS.egdb` (a file of more seeds for the same ruleset serves as
well). The 20-seed ones take minutes each and 431 MiB;
`--max-db-seeds` skips the rows that need more than you have.

Rows not proven are not run (they are time-outs: rerunning one says only
that it still does not finish); `--only RULESET:K` runs a row anyway.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VALUES = os.path.join(ROOT, "docs", "solving-values.jsonl")

# (ruleset, k) -> (database seeds or None, the proof's options, the second
# way: ("solve", db seeds or None, options) or ("verify", db seeds)).
RECIPES = {
    ("round-and-round-warri", 1): (None, "--first-moves --time 300", ("solve", 16, "--result-only --hash 16")),
    ("round-and-round-warri", 2): (None, "--first-moves --time 300", ("solve", 16, "--result-only --hash 16")),
    ("round-and-round-warri", 3): (None, "--first-moves --time 300", ("solve", 16, "--result-only --hash 16")),
    ("round-and-round-warri", 4): (None, "--first-moves --time 300", ("solve", 16, "--result-only --first-moves")),
    ("barbados-warri-speightstown", 1): (12, "--result-only --first-moves --time 60", ("verify", 12)),
    ("barbados-warri-speightstown", 2): (
        20,
        "--result-only --first-moves --time 1200 --hash 512",
        ("solve", 20, "--result-only --time 1200 --hash 16"),
    ),
    ("barbados-warri-bridgetown", 1): (
        12,
        "--stretch --bounds --first-moves --time 300 --hash 2048",
        ("solve", None, "--stretch --bounds --plain-order --time 300 --hash 2048"),
    ),
}


def load_rows():
    rows = {}
    with open(VALUES) as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                rows[(row["ruleset"], row["seeds_per_pit"])] = row
    return rows


def database(args, ruleset, seeds):
    """The smallest file in --db-dir for `ruleset` holding `seeds`, built
    when there is none."""
    os.makedirs(args.db_dir, exist_ok=True)
    best = None
    for name in os.listdir(args.db_dir):
        m = re.fullmatch(re.escape(ruleset) + r"-(\d+)\.egdb", name)
        if m and int(m.group(1)) >= seeds and (best is None or int(m.group(1)) < best[0]):
            best = (int(m.group(1)), os.path.join(args.db_dir, name))
    if best:
        return best[1]
    path = os.path.join(args.db_dir, f"{ruleset}-{seeds}.egdb")
    print(f"  building {path} ...", flush=True)
    run([args.bin, "egdb", "build", "--game", ruleset, "--seeds", str(seeds), "--out", path])
    return path


def run(cmd):
    print("  $ " + " ".join(cmd), flush=True)
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"failed ({out.returncode}): {out.stderr.strip()}")
    return out.stdout


def scaled(options, scale):
    return re.sub(r"--time (\d+)", lambda m: f"--time {max(1, round(int(m.group(1)) * scale))}", options)


def solve(args, ruleset, k, seeds, options):
    cmd = [args.bin, "solve", "--game", ruleset, "--seeds-per-pit", str(k), "--json"]
    cmd += scaled(options, args.time_scale).split()
    if seeds is not None:
        cmd += ["--db", database(args, ruleset, seeds)]
    return json.loads(run(cmd).strip().splitlines()[-1])


def verify(args, ruleset, seeds, position):
    text = run([args.bin, "egdb", "verify", database(args, ruleset, seeds), "--from", position])
    line = next(l for l in text.splitlines() if l.startswith(position + ": stored "))
    stored = line[len(position + ": stored "):].split(";")[0]
    if stored.startswith("South (to move) can force a win"):
        return "win", line
    if stored.startswith("South (to move) loses"):
        return "loss", line
    return ("draw" if stored == "draw" else None), line


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "mancala"))
    p.add_argument("--db-dir", default=os.path.join(ROOT, "egdb"))
    p.add_argument("--only", action="append", default=[], metavar="RULESET:K")
    p.add_argument("--check", action="store_true", help="the second way instead of the proof")
    p.add_argument("--max-db-seeds", type=int, default=28)
    p.add_argument("--time-scale", type=float, default=1.0, help="multiply every --time")
    args = p.parse_args()
    rows = load_rows()
    wanted = []
    for item in args.only:
        ruleset, _, k = item.partition(":")
        if not k.isdigit() or (ruleset, int(k)) not in rows:
            sys.exit(f"--only {item}: not a published row (RULESET:K, as in {VALUES})")
        wanted.append((ruleset, int(k)))
    if not wanted:
        wanted = [key for key, row in rows.items() if row["proven"]]
    bad = 0
    for key in wanted:
        ruleset, k = key
        published = rows[key]
        recipe = RECIPES.get(key)
        if recipe is None:
            print(f"{ruleset} k={k}: no recipe (not proven; docs/solving.md gives the attempt's command)")
            continue
        seeds, options, second = recipe
        need = max(seeds or 0, second[1] or 0)
        if need > args.max_db_seeds:
            print(f"{ruleset} k={k}: skipped, needs a {need}-seed database (--max-db-seeds {args.max_db_seeds})")
            continue
        print(f"{ruleset} k={k}: published {published['value']}, moves {published['moves']}", flush=True)
        if not args.check:
            got = solve(args, ruleset, k, seeds, options)
            same = got["value"] == published["value"] and (
                got.get("moves") == published["moves"] or "--first-moves" not in options
            )
            detail = f"{got['value']}, moves {got.get('moves')}, {got['seconds']} s, {got['nodes']} nodes"
        elif second[0] == "verify":
            value, detail = verify(args, ruleset, second[1], published["position"])
            same = value == published["value"]
        else:
            got = solve(args, ruleset, k, second[1], second[2])
            same = got["value"] == published["value"]
            detail = f"{got['value']}, {got['seconds']} s, {got['nodes']} nodes"
        print(f"  {'same' if same else 'DIFFERENT'}: {detail}", flush=True)
        bad += not same
    if bad:
        sys.exit(f"{bad} row(s) differ from {VALUES}")


if __name__ == "__main__":
    main()
