"""What the match scripts share (scripts/engine_match.py, scripts/vs_aalina.py):
a line-based engine process, our `mancala engine` (docs/protocol.md) on top
of it, and the Elo arithmetic of a match's score."""

import math
import os
import statistics
import subprocess
import time


class Process:
    """A program spoken to one line at a time on stdin/stdout."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.name = os.path.basename(command[0])

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} stopped")
        return line.rstrip("\n")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


class Engine(Process):
    """`BINARY engine EXTRA...` playing `game` (a ruleset id)."""

    def __init__(self, binary, extra, game):
        super().__init__([binary, "engine", *extra])
        self.game = game
        self.new_game()

    def new_game(self):
        self.send("newgame " + self.game)

    def set_moves(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def go(self, moves, request):
        """(move, depth, seconds, score) for `go REQUEST` after `moves`."""
        self.set_moves(moves)
        started = time.monotonic()
        self.send("go " + request)
        depth, score = 0, None
        while True:
            line = self.line()
            if line.startswith("error"):
                raise RuntimeError(f"engine: {line} (moves {' '.join(moves)})")
            if line.startswith("info depth"):
                words = line.split()
                depth = int(words[2])
                score = int(words[words.index("score") + 1])
            elif line.startswith("bestmove"):
                return line.split()[1], depth, time.monotonic() - started, score

    def state(self, moves):
        """(legal moves, over, to_move, (south, north)) after `moves`."""
        self.set_moves(moves)
        self.send("show")
        self.send("legal")
        self.send("isready")
        legal, over, position = [], None, None
        while True:
            line = self.line()
            if line.startswith("error"):
                raise ValueError(line)
            if line.startswith("position "):
                position = line.split()[1:]
            elif line.startswith("over "):
                over = line.split()[1:]
            elif line.startswith("legal"):
                legal = line.split()[1:]
            elif line == "readyok":
                break
        scores = tuple(int(x) for x in position[1].split("-"))
        to_move = "south" if position[2] == "S" else "north"
        return legal, over, to_move, scores


def median(values):
    return statistics.median(values) if values else 0


def to_elo(p):
    """The Elo difference of a points share `p` (clamped away from 0 and 1)."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)
