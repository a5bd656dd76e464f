#!/usr/bin/env python3
"""Our alpha-beta engine against OpenSpiel's MCTS bot on oware-abapa.

Each game starts from a seeded random opening (`--opening-plies` moves, each
opening played twice with colours swapped). Our engine runs as
`mancala engine` (docs/protocol.md) and thinks `--our-ms` per move;
OpenSpiel's `pyspiel.MCTSBot` (random rollouts, UCT c=2, solver on) gets
`max_wall_clock_time` = `--their-ms`. Prints every game and the totals.

    python3 scripts/vs_openspiel_mcts.py --games 100 --our-ms 100 --their-ms 100
    python3 scripts/vs_openspiel_mcts.py --games 20 --our-ms 100 --their-ms 1000
    python3 scripts/vs_openspiel_mcts.py --games 50 --their-ms 1000 --seed 2 --db abapa.egdb --verbose
    python3 scripts/vs_openspiel_mcts.py --games 50 --their-ms 1000 --records games/
    mancala analyse games/seed1-game007.txt --db abapa.egdb   # where a lost game went wrong

Move mapping (see scripts/openspiel_diff.py): OpenSpiel action k of player 0
is our pit "abcdef"[k], of player 1 our "ABCDEF"[k]; player 0 is South.
"""

import argparse
import os
import random
import subprocess
import sys
import time

try:
    import pyspiel
except ImportError:  # pragma: no cover
    sys.exit("error: pyspiel not importable (pip install open-spiel)")

LETTERS = ("abcdef", "ABCDEF")


class Engine:
    def __init__(self, binary, db=None):
        command = [binary, "engine"] + (["--db", db] if db else [])
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("newgame oware-abapa")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def bestmove(self, moves, ms):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go movetime {ms}")
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("error: the engine stopped")
            if line.startswith("error"):
                sys.exit(f"engine: {line.strip()} (moves {' '.join(moves)})")
            if line.startswith("bestmove"):
                return line.split()[1]

    def outcome(self, moves):
        """The finished game's (reason, winner) from the engine's `show`."""
        self.send("position startpos moves " + " ".join(moves))
        self.send("show")
        self.send("isready")
        over = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("error: the engine stopped")
            if line.startswith("error"):
                sys.exit(f"engine: {line.strip()} (moves {' '.join(moves)})")
            if line.startswith("over"):
                _, reason, winner = line.split()
                over = (reason, winner)
            if line.startswith("readyok"):
                break
        if over is None:
            sys.exit(f"error: OpenSpiel ended the game, our rules did not (moves {' '.join(moves)})")
        return over

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--our-ms", type=int, default=100)
    ap.add_argument("--their-ms", type=int, default=100)
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "mancala"))
    ap.add_argument("--db", help="an endgame database for our engine (`mancala engine --db FILE`)")
    ap.add_argument("--verbose", action="store_true", help="print every game's moves")
    ap.add_argument(
        "--records",
        metavar="DIR",
        help="write every game as a game record DIR/seedS-gameNNN.txt (for `mancala analyse`)",
    )
    args = ap.parse_args()
    if args.records:
        try:
            os.makedirs(args.records, exist_ok=True)
        except OSError as e:
            sys.exit(f"error: cannot make the records folder {args.records}: {e.strerror}")

    game = pyspiel.load_game("oware")
    engine = Engine(args.binary, args.db)
    rng = random.Random(args.seed)
    points = 0.0
    tally = {"win": 0, "loss": 0, "draw": 0}
    started = time.time()
    opening = []
    for g in range(args.games):
        if g % 2 == 0:
            # A fresh opening that does not end the game.
            while True:
                state = game.new_initial_state()
                opening = []
                for _ in range(args.opening_plies):
                    action = rng.choice(state.legal_actions())
                    opening.append(LETTERS[state.current_player()][action])
                    state.apply_action(action)
                if not state.is_terminal():
                    break
        # Colours alternate: North in even games, South in odd ones.
        ours = 0 if g % 2 == 1 else 1
        evaluator = pyspiel.RandomRolloutEvaluator(1, args.seed * 1000 + g)
        bot = pyspiel.MCTSBot(
            game, evaluator, 2.0, 10**9, 2000, True, args.seed * 1000 + g, False,
            pyspiel.ChildSelectionPolicy.UCT, args.their_ms / 1000.0,
        )
        state = game.new_initial_state()
        moves = []
        for letter in opening:
            player = state.current_player()
            state.apply_action(LETTERS[player].index(letter))
            moves.append(letter)
        while not state.is_terminal():
            player = state.current_player()
            if player == ours:
                letter = engine.bestmove(moves, args.our_ms)
                action = LETTERS[player].index(letter)
                if action not in state.legal_actions():
                    sys.exit(f"error: engine move {letter} is not legal for OpenSpiel after {' '.join(moves)}")
            else:
                action = bot.step(state)
                letter = LETTERS[player][action]
            state.apply_action(action)
            moves.append(letter)
        returns = state.returns()
        r = returns[ours]
        result = "win" if r > 0 else "loss" if r < 0 else "draw"
        tally[result] += 1
        points += 1.0 if r > 0 else 0.5 if r == 0 else 0.0
        _, scores, _ = state.observation_string(0).split("|")
        print(
            f"game {g + 1:>3}: we play {'South' if ours == 0 else 'North'}, "
            f"final {scores.strip()}, {result} ({len(moves)} moves)",
            flush=True,
        )
        if args.verbose:
            print(f"  moves: {' '.join(moves)}", flush=True)
        if args.records:
            reason, winner = engine.outcome(moves)
            ours_name = f"mancala engine {args.our_ms} ms" + (" + database" if args.db else "")
            theirs_name = f"OpenSpiel MCTS {args.their_ms} ms"
            south, north = (ours_name, theirs_name) if ours == 0 else (theirs_name, ours_name)
            path = os.path.join(args.records, f"seed{args.seed}-game{g + 1:03}.txt")
            with open(path, "w") as f:
                f.write(
                    f'[Game "oware-abapa"]\n[South "{south}"]\n[North "{north}"]\n'
                    f'[Result "{winner}"]\n[Ending "{reason}"]\n\n{" ".join(moves)}\n'
                )
    engine.close()
    n = args.games
    print(
        f"ours {args.our_ms} ms vs OpenSpiel MCTS {args.their_ms} ms: "
        f"{tally['win']} won, {tally['draw']} drawn, {tally['loss']} lost; "
        f"{points}/{n} points = {100 * points / n:.1f}% in {time.time() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
