#!/usr/bin/env python3
"""Speeds of the Python package against `mancala bench` and OpenSpiel, in one run.

    target/pyenv/bin/python scripts/bench_python.py [--games 20000] [--mancala target/release/mancala]

For each ruleset: `mancala bench`'s random games a second (the command, one
thread), `mancala.playouts` on one thread and on two, and the ratio of
playouts on one thread to the command. Then plies a second through
`mancala.VecGame` (1024 games stepped together, random legal actions drawn
with NumPy from the legal-action masks, and drawn in Rust with
`sample_actions`), against a Python loop over OpenSpiel's C++ `oware` and over
our `mancala_oware_abapa` OpenSpiel game (random legal actions, Python's
`random`). Every figure is the median of --rounds runs, the command and the
package taking turns (the machine may be shared). Prints Markdown tables.
"""

import statistics

import argparse
import random
import re
import subprocess
import time

import numpy as np

import mancala


def bench_command(binary, ruleset, games):
    out = subprocess.run([binary, "bench", "--game", ruleset, "--playouts", str(games),
                          "--seed", "1"], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"games/s: (\d+)", out).group(1))


def bench_playouts(ruleset, games, threads):
    started = time.perf_counter()
    mancala.playouts(ruleset, games, 1, threads=threads)
    return games / (time.perf_counter() - started)


def bench_vecgame(ruleset, n, steps, numpy_actions):
    vec = mancala.VecGame(ruleset, n, 1)
    rng = np.random.default_rng(1)
    started = time.perf_counter()
    for _ in range(steps):
        if numpy_actions:
            mask = vec.legal_mask()
            # a uniform choice among each row's legal actions
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        else:
            actions = vec.sample_actions()
        vec.step(actions)
    return n * steps / (time.perf_counter() - started)


def bench_openspiel(name, seconds=3.0):
    import pyspiel

    import mancala.openspiel  # noqa: F401

    game = pyspiel.load_game(name)
    rng = random.Random(1)
    plies = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--mancala", default="target/release/mancala")
    parser.add_argument("--vec", type=int, default=1024, help="games in the VecGame")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    def median(f, *a):
        return statistics.median(f(*a) for _ in range(args.rounds))

    print("| ruleset | `mancala bench` games/s | `playouts` 1 thread | ratio | `playouts` 2 threads |")
    print("|---|---:|---:|---:|---:|")
    for ruleset in mancala.rulesets():
        rates = [(bench_command(args.mancala, ruleset, args.games),
                  bench_playouts(ruleset, args.games, 1)) for _ in range(args.rounds)]
        command = statistics.median(r[0] for r in rates)
        one = statistics.median(r[1] for r in rates)
        ratio = statistics.median(r[1] / r[0] for r in rates)
        two = median(bench_playouts, ruleset, args.games, 2)
        print(f"| {ruleset} | {command:,.0f} | {one:,.0f} | {ratio:.2f} | {two:,.0f} |",
              flush=True)
    print()
    print("| what | plies/s |")
    print("|---|---:|")
    for ruleset in ("oware-abapa", "barbados-warri-speightstown", "anywoli"):
        numpy_rate = median(bench_vecgame, ruleset, args.vec, args.steps, True)
        rust_rate = median(bench_vecgame, ruleset, args.vec, args.steps, False)
        print(f"| `VecGame` {ruleset}, {args.vec} games, NumPy actions | {numpy_rate:,.0f} |")
        print(f"| `VecGame` {ruleset}, {args.vec} games, `sample_actions` | {rust_rate:,.0f} |",
              flush=True)
    oware = median(bench_openspiel, "oware")
    print(f"| Python loop over OpenSpiel's `oware` (C++) | {oware:,.0f} |")
    print(f"| Python loop over `mancala_oware_abapa` (our OpenSpiel game) | "
          f"{median(bench_openspiel, 'mancala_oware_abapa'):,.0f} |")


if __name__ == "__main__":
    main()
