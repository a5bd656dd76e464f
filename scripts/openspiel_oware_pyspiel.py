#!/usr/bin/env python3
"""Our `mancala_oware_abapa` OpenSpiel game against OpenSpiel's own `oware`,
state by state, on random games (both inside pyspiel, through the Python
package; scripts/openspiel_diff.py does the same through `mancala replay`).

    target/pyenv/bin/python scripts/openspiel_oware_pyspiel.py --games 10000 --seed 1

Both games get the same uniformly random actions (drawn from OpenSpiel's
legal actions with a seeded generator). After every action the two states
must agree on: the current player, whether the game is over, the legal
actions, and (before the end) the board and both scores; at the end, the
final scores and the returns. OpenSpiel collects the seeds left on the
board into the scores when its game ends, and our `captured` holds the
final scores once over, so the final scores are compared, not the last
board. Exit status 0 only with no mismatch.
"""

import argparse
import random
import sys
import time

import pyspiel

import mancala.openspiel  # noqa: F401  (registers the games)


def their_board(state):
    """(scores, seeds) from OpenSpiel's oware observation string."""
    _, scores, seeds = state.observation_string(0).split("|")
    return [int(x) for x in scores.split()], [int(x) for x in seeds.split()]


def compare_state(ours, theirs):
    """The differences between two states, as a list of strings."""
    diffs = []
    if ours.is_terminal() != theirs.is_terminal():
        return [f"over: ours {ours.is_terminal()}, oware {theirs.is_terminal()}"]
    if ours.current_player() != theirs.current_player():
        diffs.append(f"player: ours {ours.current_player()}, oware {theirs.current_player()}")
    scores, seeds = their_board(theirs)
    game = ours.mancala_game()
    if list(game.captured()) != scores:
        diffs.append(f"scores: ours {game.captured()}, oware {scores}")
    if ours.is_terminal():
        if ours.returns() != theirs.returns():
            diffs.append(f"returns: ours {ours.returns()}, oware {theirs.returns()}")
    else:
        if ours.legal_actions() != theirs.legal_actions():
            diffs.append(f"legal: ours {ours.legal_actions()}, oware {theirs.legal_actions()}")
        if game.board() != seeds:
            diffs.append(f"board: ours {game.board()}, oware {seeds}")
    return diffs


def compare(games, seed, max_mismatches=10):
    """Plays `games` random games in both; returns (games, states, mismatches)."""
    ours_game = pyspiel.load_game("mancala_oware_abapa")
    their_game = pyspiel.load_game("oware")
    rng = random.Random(seed)
    states = 0
    mismatches = []
    for gi in range(games):
        ours = ours_game.new_initial_state()
        theirs = their_game.new_initial_state()
        actions = []
        while True:
            states += 1
            diffs = compare_state(ours, theirs)
            if diffs:
                mismatches.append(f"game {gi}, actions {actions}: " + "; ".join(diffs))
                break
            if theirs.is_terminal():
                break
            if len(actions) >= their_game.max_game_length() - 1:
                break  # OpenSpiel's oware stops at 1000 moves (never seen)
            action = rng.choice(theirs.legal_actions())
            actions.append(action)
            ours.apply_action(action)
            theirs.apply_action(action)
        if len(mismatches) >= max_mismatches:
            break
    return games, states, mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.time()
    games, states, mismatches = compare(args.games, args.seed)
    for m in mismatches:
        print("MISMATCH", m)
    print(
        f"{games} games, {states} states compared, {len(mismatches)} mismatches, "
        f"{time.time() - started:.1f} s (open_spiel {getattr(pyspiel, '__version__', '?')})"
    )
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
