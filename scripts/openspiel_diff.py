#!/usr/bin/env python3
"""Differential test of our oware (abapa) rules against OpenSpiel's `oware`.

Plays N uniformly random games with OpenSpiel (seeded Python RNG), converts
each move sequence to our notation, replays it with

    mancala replay --game oware-abapa --moves "a C f ..." --format jsonl

and compares every field of every position (board, captured, to_move, legal,
over, winner).  Exit code 0 only if there are zero mismatches.

Notation / mapping (verified against OpenSpiel 2.0.2 source and by experiment):
  * our pits in sowing order: South a..f = indices 0..5, North A..F = 6..11;
    OpenSpiel's board_.seeds uses exactly the same order (player 0's houses
    0..5, then player 1's houses 6..11, counter-clockwise).
  * OpenSpiel player 0 moves first = our South; player 1 = our North.
  * action ids are 0..5 for BOTH players and index the mover's own row:
    player 0 action k -> pit k -> our letter "abcdef"[k];
    player 1 action k -> pit 6+k -> our letter "ABCDEF"[k].
    (OpenSpiel's action_to_string prints the opposite case: "A".."F" for
    player 0, "a".."f" for player 1.)
  * state.observation_string(p) is "<current_player> | <score0> <score1> |
    <seed_0> ... <seed_11>" (exact integers; OwareBoard::ToString).

OpenSpiel end-of-game behaviour (oware.cc):
  * terminal iff score0 > 24 or score1 > 24 or both == 24;
  * after every move, if the resulting board (current player, scores, seeds)
    was already seen since the last capture -> repetition: each player
    collects the seeds on their own row;
  * after every move, if the player to move has no legal move (the opponent
    is empty and no move can feed it, or the game is already won) -> each
    player collects the seeds on their own row.  Because the winning capture
    also makes LegalActions() empty, the remaining seeds are collected in
    that case too: the final board is always empty and the final scores
    include the collected seeds.
  * returns are +1/-1/0 from the final scores.
  * max_game_length() == 1000: DoApplyAction SPIEL_CHECKs history < 1000;
    IsTerminal() does not look at the move count.  A game reaching 1000
    moves without ending is recorded as "truncated" here (never observed in
    random play: repetition detection ends games long before).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import time

try:
    import pyspiel
except ImportError:  # pragma: no cover
    sys.exit("error: pyspiel not importable (pip install open_spiel)")

HOUSES = 6
NPITS = 12
TOTAL = 48
HALF = TOTAL // 2
SIDE = ("south", "north")
LETTERS = ("abcdef", "ABCDEF")


def action_to_letter(player, action):
    return LETTERS[player][action]


def parse_obs(state):
    """(current_player_on_board, [s0, s1], [12 seeds]) from OpenSpiel."""
    cp, scores, seeds = state.observation_string(0).split("|")
    scores = [int(x) for x in scores.split()]
    seeds = [int(x) for x in seeds.split()]
    assert len(scores) == 2 and len(seeds) == NPITS
    return int(cp), scores, seeds


# --------------------------------------------------------------------------
# Small independent model of OpenSpiel's rules, used only to infer *why* a
# game ended (OpenSpiel collects the seeds, hiding the pre-award board) and
# as a sanity check of our reading of OpenSpiel's state.
# --------------------------------------------------------------------------

def sim_legal(seeds, player):
    lo, hi = player * HOUSES, player * HOUSES + HOUSES - 1
    opp = 1 - player
    opp_seeds = sum(seeds[opp * HOUSES:(opp + 1) * HOUSES])
    acts = []
    for h in range(lo, hi + 1):
        if opp_seeds == 0:
            if seeds[h] - (hi - h) > 0:
                acts.append(h - lo)
        elif seeds[h] > 0:
            acts.append(h - lo)
    return acts


def sim_move(seeds, scores, player, action):
    """Returns (seeds, scores, captured) after sowing+capture, before any
    end-of-game collection."""
    seeds = list(seeds)
    scores = list(scores)
    house = player * HOUSES + action
    n = seeds[house]
    assert n > 0
    seeds[house] = 0
    idx = house
    while n:
        idx = (idx + 1) % NPITS
        if idx != house:
            seeds[idx] += 1
            n -= 1
    captured = 0
    if idx // HOUSES != player:
        lo = (idx // HOUSES) * HOUSES
        hi = lo + HOUSES - 1
        grand_slam = all(seeds[i] == 0 for i in range(idx + 1, hi + 1)) and \
            all(2 <= seeds[i] <= 3 for i in range(lo, idx + 1))
        if not grand_slam:
            i = idx
            while i >= lo and 2 <= seeds[i] <= 3:
                captured += seeds[i]
                seeds[i] = 0
                i -= 1
    scores[player] += captured
    return seeds, scores, captured


def won_by_score(scores):
    return scores[0] > HALF or scores[1] > HALF or (scores[0] == HALF and scores[1] == HALF)


# --------------------------------------------------------------------------

def play_random_game(game, rng, max_len):
    """Plays one uniformly random game. Returns dict with moves (our letters),
    positions (list of expected field dicts), end reason, pre-award board."""
    state = game.new_initial_state()
    positions = []
    moves = []
    # our model of the repetition set
    cp, scores, seeds = parse_obs(state)
    seen = {(cp, tuple(scores), tuple(seeds))}
    pre_award_board = None
    reason = None

    def record():
        cp_, sc, sd = parse_obs(state)
        term = state.is_terminal()
        player = state.current_player()
        if term:
            ret = state.returns()
            winner = "south" if ret[0] > 0 else ("north" if ret[0] < 0 else "draw")
            legal = []
            to_move = None
        else:
            assert player == cp_, (player, cp_)
            winner = None
            to_move = SIDE[player]
            legal = [action_to_letter(player, a) for a in state.legal_actions()]
        positions.append(dict(board=sd, captured=sc, to_move=to_move,
                              legal=legal, over=term, winner=winner))
        return cp_, sc, sd

    record()
    while not state.is_terminal():
        if len(moves) >= max_len:
            reason = "truncated (OpenSpiel max_game_length %d)" % max_len
            break
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sim_legal(seeds, player), (legal, seeds, player)
        action = rng.choice(legal)
        moves.append(action_to_letter(player, action))
        nseeds, nscores, captured = sim_move(seeds, scores, player, action)
        if captured:
            seen.clear()
        nxt = 1 - player
        key = (nxt, tuple(nscores), tuple(nseeds))
        repeated = key in seen
        seen.add(key)
        state.apply_action(action)
        cp, scores, seeds = record()
        if state.is_terminal():
            pre_award_board = nseeds
            if won_by_score(nscores):
                if nscores[0] == HALF and nscores[1] == HALF:
                    reason = "capture reached 24-24"
                else:
                    reason = "capture: %s > 24" % SIDE[0 if nscores[0] > HALF else 1]
            elif repeated:
                reason = "repetition (cycle), each collects own row"
            elif not sim_legal(nseeds, nxt):
                reason = "no feeding move, each collects own row"
            else:
                reason = "unknown"
            # OpenSpiel collects every remaining seed to its row's owner.
            exp = list(nscores)
            for h in range(NPITS):
                exp[h // HOUSES] += nseeds[h]
            assert exp == scores and sum(seeds) == 0, (exp, scores, seeds)
        else:
            assert (nseeds, nscores) == (seeds, scores), (nseeds, seeds, nscores, scores)
            assert not repeated
    return dict(moves=moves, positions=positions, reason=reason,
                pre_award_board=pre_award_board)


def run_ours(binary, game_id, moves, timeout):
    cmd = [binary, "replay", "--game", game_id, "--moves", " ".join(moves),
           "--format", "jsonl"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=timeout)
    if p.returncode != 0:
        return None, "exit code %d: %s" % (p.returncode, p.stderr.strip()[-500:])
    out = []
    for line in p.stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            return None, "bad JSON line %r: %s" % (line[:200], e)
    return out, None


FIELDS = ("board", "captured", "to_move", "legal", "over", "winner")


def compare_game(gi, g, ours, err):
    """Returns (positions_compared, list of mismatch dicts)."""
    mism = []
    exp = g["positions"]
    if err is not None:
        return 0, [dict(game=gi, move=None, field="process", ours=err, theirs="",
                        moves=g["moves"])]
    n = 0
    for mi, (o, t) in enumerate(zip(ours, exp)):
        n += 1
        final_over = t["over"]
        for f in FIELDS:
            ov = o.get(f, "<missing>")
            tv = t[f]
            if f == "board" and final_over:
                # flexible: before or after the end-of-game awards
                ok = ov == tv or ov == g["pre_award_board"]
            else:
                ok = ov == tv
            if not ok:
                mism.append(dict(game=gi, move=mi, field=f, ours=ov, theirs=tv,
                                 moves=g["moves"], reason=g["reason"]))
    if len(ours) != len(exp):
        mism.append(dict(game=gi, move=None, field="number of positions",
                         ours=len(ours), theirs=len(exp), moves=g["moves"],
                         reason=g["reason"]))
    return n, mism


def main():
    ap = argparse.ArgumentParser(
        description="Compare `mancala replay --game oware-abapa` with OpenSpiel's oware "
                    "on uniformly random games.")
    ap.add_argument("--games", type=int, default=10000, help="number of random games (default 10000)")
    ap.add_argument("--seed", type=int, default=1, help="Python RNG seed (default 1)")
    ap.add_argument("--bin", default="target/release/mancala",
                    help="path to our binary (default target/release/mancala)")
    ap.add_argument("--game-id", default="oware-abapa", help="our game id (default oware-abapa)")
    ap.add_argument("--workers", type=int, default=4, help="concurrent replay processes (default 4)")
    ap.add_argument("--timeout", type=float, default=60.0, help="per-process timeout in seconds")
    ap.add_argument("--show", type=int, default=5, help="mismatches printed in detail (default 5)")
    ap.add_argument("--openspiel-only", action="store_true",
                    help="only play the OpenSpiel games and print statistics (no binary needed)")
    args = ap.parse_args()

    binary = args.bin
    if not args.openspiel_only:
        resolved = binary if os.sep in binary else (shutil.which(binary) or binary)
        if not (os.path.isfile(resolved) and os.access(resolved, os.X_OK)):
            sys.exit("error: binary %r not found or not executable; run `cargo build --release` "
                     "first (or pass --bin PATH, or --openspiel-only)" % binary)
        binary = os.path.abspath(resolved)

    game = pyspiel.load_game("oware")
    max_len = game.max_game_length()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()

    total_positions = 0
    total_mism = 0
    shown = []
    mism_by_field = collections.Counter()
    by_winner = collections.Counter()
    by_reason = collections.Counter()
    by_reason_winner = collections.Counter()
    lengths = []
    games_compared = 0

    def account(gi, g):
        lengths.append(len(g["moves"]))
        w = g["positions"][-1]["winner"]
        by_winner[w or "none (not over)"] += 1
        by_reason[g["reason"]] += 1
        by_reason_winner[(g["reason"], w)] += 1

    def handle(gi, g, ours, err):
        nonlocal total_positions, total_mism, games_compared
        n, mism = compare_game(gi, g, ours, err)
        games_compared += 1
        total_positions += n
        total_mism += len(mism)
        for m in mism:
            mism_by_field[m["field"]] += 1
        for m in mism:
            if len(shown) < args.show:
                shown.append(m)

    if args.openspiel_only:
        for gi in range(args.games):
            account(gi, play_random_game(game, rng, max_len))
    else:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as ex:
            pending = collections.deque()
            for gi in range(args.games):
                g = play_random_game(game, rng, max_len)
                account(gi, g)
                pending.append((gi, g, ex.submit(run_ours, binary, args.game_id,
                                                   g["moves"], args.timeout)))
                # keep the queue bounded and results in order
                while pending and (pending[0][2].done() or len(pending) > 4 * args.workers):
                    pgi, pg, fut = pending.popleft()
                    try:
                        ours, err = fut.result()
                    except Exception as e:  # timeout, OSError
                        ours, err = None, repr(e)
                    handle(pgi, pg, ours, err)
            while pending:
                pgi, pg, fut = pending.popleft()
                try:
                    ours, err = fut.result()
                except Exception as e:
                    ours, err = None, repr(e)
                handle(pgi, pg, ours, err)

    elapsed = time.perf_counter() - t0
    ngames = len(lengths)
    print("OpenSpiel oware vs %s (game %s), seed %d, %.1f s" % (
        "nothing (--openspiel-only)" if args.openspiel_only else binary,
        args.game_id, args.seed, elapsed))
    print("games played: %d" % ngames)
    print("average game length: %.2f moves (min %d, max %d)" % (
        sum(lengths) / max(1, ngames), min(lengths, default=0), max(lengths, default=0)))
    print("winners:")
    for w, c in sorted(by_winner.items(), key=lambda kv: -kv[1]):
        print("  %-10s %6d  (%.1f%%)" % (w, c, 100.0 * c / ngames))
    print("end reasons:")
    for r, c in sorted(by_reason.items(), key=lambda kv: -kv[1]):
        ws = ", ".join("%s %d" % (w, by_reason_winner[(r, w)])
                       for w in ("south", "north", "draw", None) if by_reason_winner[(r, w)])
        print("  %-45s %6d  (%.1f%%)  [%s]" % (r, c, 100.0 * c / ngames, ws))
    if args.openspiel_only:
        return 0

    print("games compared: %d" % games_compared)
    print("positions compared: %d" % total_positions)
    print("mismatches: %d" % total_mism)
    if total_mism:
        print("mismatches by field: " + ", ".join(
            "%s %d" % kv for kv in mism_by_field.most_common()))
        for m in shown:
            print("-" * 72)
            print("game %d, position after move %s, field %s" % (
                m["game"], m["move"], m["field"]))
            print("  ours:   %s" % json.dumps(m["ours"]))
            print("  theirs: %s" % json.dumps(m["theirs"]))
            if m.get("reason"):
                print("  OpenSpiel end reason: %s" % m["reason"])
            print("  moves (%d): %s" % (len(m["moves"]), " ".join(m["moves"])))
    return 0 if total_mism == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
