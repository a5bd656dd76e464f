#!/usr/bin/env python3
"""Speed comparison: our random playouts vs OpenSpiel's C++ oware game loop.

Ours:      mancala bench --game oware-abapa --playouts N --seed S
           (last stdout line "games/s: <number>", optionally a "plies/s:" line)
OpenSpiel: pyspiel.evaluate_bots(game.new_initial_state(),
               [make_uniform_random_bot(0, s), make_uniform_random_bot(1, s+1)], s)
           repeated M times (the whole game loop runs in C++), timed with
           time.perf_counter.

The two sides run alternately (the order flips every round) for --rounds
rounds; N and M are auto-calibrated in a warm-up round so that each side
takes about --seconds per round.  Prints every round and the median ratio.

Each round is also timed in CPU time (our child process's user + system
time from getrusage, and this process's time.process_time() around the
OpenSpiel loop): on a machine shared with other work, wall-clock rounds
swing with the load, while CPU time counts only the work done, so the
median CPU-time ratio is printed too.
"""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

try:
    import pyspiel
except ImportError:  # pragma: no cover
    sys.exit("error: pyspiel not importable (pip install open_spiel)")

NUM_RE = r"([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)"


def run_ours(binary, game_id, playouts, seed, timeout):
    cmd = [binary, "bench", "--game", game_id, "--playouts", str(playouts), "--seed", str(seed)]
    t0 = time.perf_counter()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter() - t0
    cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    if p.returncode != 0:
        sys.exit("error: %s exited with %d:\n%s" % (" ".join(cmd), p.returncode, p.stderr))
    lines = [l.strip() for l in p.stdout.splitlines() if l.strip()]
    games_s = plies_s = None
    if lines:
        m = re.match(r"games/s:\s*" + NUM_RE + r"\s*$", lines[-1])
        if m:
            games_s = float(m.group(1))
    if games_s is None:
        for l in reversed(lines):
            m = re.search(r"games/s:\s*" + NUM_RE, l)
            if m:
                games_s = float(m.group(1))
                print("warning: 'games/s:' is not on the last stdout line", file=sys.stderr)
                break
    if games_s is None:
        sys.exit("error: no 'games/s: <number>' line in the output of %s:\n%s"
                 % (" ".join(cmd), p.stdout))
    for l in lines:
        m = re.search(r"plies/s:\s*" + NUM_RE, l)
        if m:
            plies_s = float(m.group(1))
    return games_s, plies_s, wall, cpu


def run_openspiel(game, games, seed):
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]
    plies = 0
    evaluate = pyspiel.evaluate_bots
    new_state = game.new_initial_state
    t0 = time.perf_counter()
    c0 = time.process_time()
    for i in range(games):
        state = new_state()
        evaluate(state, bots, seed + i)
        plies += state.move_number()
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return games / dt, plies / dt, dt, cpu


def calibrate(measure, target, start, label):
    """measure(n) -> seconds. Grows n until a run takes >= 0.25 s, then scales."""
    n = start
    while True:
        dt = measure(n)
        if dt >= 0.25 or n >= 10 ** 9:
            break
        n *= 10 if dt < 0.025 else 4
    rate = n / max(dt, 1e-9)
    result = max(1, int(rate * target))
    print("calibration %-9s %d games in %.3f s -> %d games per round" % (label, n, dt, result))
    return result


def fmt(x):
    return "n/a" if x is None else ("%.0f" % x)


def main():
    ap = argparse.ArgumentParser(
        description="Compare games/s of `mancala bench` with OpenSpiel's oware "
                    "(uniform random bots, C++ loop via pyspiel.evaluate_bots).")
    ap.add_argument("--bin", default="target/release/mancala",
                    help="path to our binary (default target/release/mancala)")
    ap.add_argument("--game", default="oware-abapa", help="our game id (default oware-abapa)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--rounds", type=int, default=15, help="alternating rounds (default 15, min 1)")
    ap.add_argument("--seconds", type=float, default=1.0,
                    help="target seconds per side per round (default 1.0)")
    ap.add_argument("--playouts", type=int, default=None,
                    help="our playouts per round (default: auto-calibrated)")
    ap.add_argument("--os-games", type=int, default=None,
                    help="OpenSpiel games per round (default: auto-calibrated)")
    ap.add_argument("--extra-games", nargs="*", default=[], metavar="GAME_ID",
                    help="other game ids of ours to report games/s and plies/s for")
    ap.add_argument("--timeout", type=float, default=300.0,
                    help="timeout for one `mancala bench` run, seconds")
    ap.add_argument("--openspiel-only", action="store_true",
                    help="only time the OpenSpiel side (no binary needed)")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds must be >= 1")

    binary = args.bin
    if not args.openspiel_only:
        resolved = binary if os.sep in binary else (shutil.which(binary) or binary)
        if not (os.path.isfile(resolved) and os.access(resolved, os.X_OK)):
            sys.exit("error: binary %r not found or not executable; run `cargo build --release` "
                     "first (or pass --bin PATH, or --openspiel-only)" % binary)
        binary = os.path.abspath(resolved)

    game = pyspiel.load_game("oware")

    # ---- warm-up / calibration ------------------------------------------
    def measure_os(n):
        return run_openspiel(game, n, args.seed)[2]

    def measure_ours(n):
        g, _, wall, _ = run_ours(binary, args.game, n, args.seed, args.timeout)
        # prefer the binary's own figure (excludes process start-up)
        return n / g if g > 0 else wall

    M = args.os_games or calibrate(measure_os, args.seconds, 100, "openspiel")
    if not args.openspiel_only:
        N = args.playouts or calibrate(measure_ours, args.seconds, 1000, "ours")

    # ---- alternating rounds ----------------------------------------------
    ratios, ours_g, os_g, ours_p, os_p, cpu_ratios = [], [], [], [], [], []
    print()
    if args.openspiel_only:
        print("%5s %14s %14s %8s" % ("round", "os games/s", "os plies/s", "os s"))
    else:
        print("%5s %14s %14s %8s | %14s %14s %8s | %8s %9s" % (
            "round", "ours games/s", "ours plies/s", "ours s",
            "os games/s", "os plies/s", "os s", "ratio", "cpu ratio"))
    for r in range(args.rounds):
        seed = args.seed + 1000 * (r + 1)
        if args.openspiel_only:
            og, op, odt, _ = run_openspiel(game, M, seed)
            os_g.append(og)
            os_p.append(op)
            print("%5d %14.0f %14.0f %8.2f" % (r + 1, og, op, odt), flush=True)
            continue
        if r % 2 == 0:
            yg, yp, ywall, ycpu = run_ours(binary, args.game, N, seed, args.timeout)
            og, op, odt, ocpu = run_openspiel(game, M, seed)
        else:
            og, op, odt, ocpu = run_openspiel(game, M, seed)
            yg, yp, ywall, ycpu = run_ours(binary, args.game, N, seed, args.timeout)
        ratio = yg / og
        ratios.append(ratio)
        # Games per CPU second on each side (ours includes process start-up).
        cpu_ratio = (N / max(ycpu, 1e-9)) / (M / max(ocpu, 1e-9))
        cpu_ratios.append(cpu_ratio)
        ours_g.append(yg)
        os_g.append(og)
        if yp is not None:
            ours_p.append(yp)
        os_p.append(op)
        print("%5d %14.0f %14s %8.2f | %14.0f %14.0f %8.2f | %8.2f %9.2f" % (
            r + 1, yg, fmt(yp), ywall, og, op, odt, ratio, cpu_ratio), flush=True)

    # ---- other games of ours (plies/s report) -----------------------------
    extra = [] if args.openspiel_only else args.extra_games
    if extra:
        print()
    for gid in extra:
        def measure_extra(k, gid=gid):
            g = run_ours(binary, gid, k, args.seed, args.timeout)[0]
            return k / g if g > 0 else float("inf")
        n = calibrate(measure_extra, args.seconds, 1000, gid[:9])
        g, p, wall, _ = run_ours(binary, gid, n, args.seed, args.timeout)
        print("ours %s: %.0f games/s, %s plies/s (%d playouts, %.2f s)" % (gid, g, fmt(p), n, wall))
    print()
    print("openspiel oware (C++ evaluate_bots, uniform random): median %.0f games/s, %.0f plies/s"
          % (statistics.median(os_g), statistics.median(os_p)))
    if args.openspiel_only:
        return 0
    print("ours %s: median %.0f games/s%s" % (
        args.game, statistics.median(ours_g),
        (", %.0f plies/s" % statistics.median(ours_p)) if ours_p else ""))
    if ours_p:
        print("median plies/s ratio (ours/openspiel): %.2f" % (
            statistics.median(ours_p) / statistics.median(os_p)))
    print("median CPU-time ratio (ours/openspiel games per CPU second): %.2f"
          % statistics.median(cpu_ratios))
    print("median ratio (ours/openspiel games/s): %.2f" % statistics.median(ratios))
    return 0


if __name__ == "__main__":
    sys.exit(main())
