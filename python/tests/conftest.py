"""Shared helpers: the `mancala` command (for comparisons with `replay`)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def mancala_bin():
    """The `mancala` command: $MANCALA_BIN, else target/release/mancala
    (built with cargo if missing)."""
    path = os.environ.get("MANCALA_BIN")
    if path:
        return path
    path = ROOT / "target" / "release" / "mancala"
    if not path.exists():
        subprocess.run(
            ["cargo", "build", "--release", "-p", "mancala-cli"], cwd=ROOT, check=True
        )
    return str(path)


@pytest.fixture(scope="session")
def replay(mancala_bin):
    """Runs `mancala replay --format jsonl` and returns its lines as dicts."""

    def run(game_id, moves, position=None, events=False):
        cmd = [mancala_bin, "replay", "--game", game_id, "--moves", " ".join(moves),
               "--format", "jsonl"]
        if position:
            cmd += ["--from", position]
        if events:
            cmd.append("--events")
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        return [json.loads(line) for line in out.splitlines()]

    return run
