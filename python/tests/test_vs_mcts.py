"""scripts/vs_openspiel_mcts.py: the match against OpenSpiel's MCTS writes
game records that `mancala analyse` accepts."""

import pathlib
import re
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "vs_openspiel_mcts.py"


def test_records_replay_to_the_printed_results(mancala_bin, tmp_path):
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "2", "--our-ms", "5", "--their-ms", "5",
         "--seed", "7", "--binary", mancala_bin, "--records", str(tmp_path)],
        check=True, capture_output=True, text=True,
    ).stdout
    games = re.findall(r"game +(\d+): we play (South|North), .*, (win|loss|draw) \((\d+) moves\)", out)
    assert len(games) == 2
    for number, side, result, plies in games:
        record = tmp_path / f"seed7-game{int(number):03}.txt"
        text = record.read_text()
        winner = re.search(r'\[Result "(\w+)"\]', text).group(1)
        ours = side.lower()
        theirs = "north" if ours == "south" else "south"
        assert winner == {"win": ours, "loss": theirs, "draw": "draw"}[result]
        assert f'[{side} "mancala engine 5 ms"]' in text
        assert len(text.split("\n\n", 1)[1].split()) == int(plies)
        # The record replays under our rules to the same end (a wrong
        # Result or Ending tag is refused).
        analysed = subprocess.run(
            [mancala_bin, "analyse", str(record), "--movetime", "1"],
            check=True, capture_output=True, text=True,
        ).stdout
        assert "end: game over" in analysed


def test_an_unusable_records_folder_is_refused(mancala_bin, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "1", "--binary", mancala_bin,
         "--records", str(blocker / "sub")],
        capture_output=True, text=True,
    )
    assert done.returncode != 0
    assert "cannot make the records folder" in done.stderr
