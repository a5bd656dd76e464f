"""The engine from Python: moves, analysis, proofs, databases, set weights."""

import random
import subprocess

import pytest

import mancala


def test_best_move_is_legal_and_none_once_over():
    game = mancala.Game("anywoli")
    engine = mancala.Engine("anywoli", depth=3)
    move = engine.best_move(game)
    assert move in game.legal_moves()
    level = mancala.Engine("wahree", level=2, seed=1)
    wahree = mancala.Game("wahree")
    while not wahree.is_over():
        wahree.play(level.best_move(wahree))
    assert level.best_move(wahree) is None


def test_a_won_endgame_is_found_analysed_and_solved():
    # South takes the last seeds with f (the README's solve example).
    position = "1,0,0,0,0,2/1,1,0,0,0,0 22-21 S"
    game = mancala.Game("barbados-warri", position)
    engine = mancala.Engine("barbados-warri", depth=6)
    assert engine.best_move(game) == "f"
    values = engine.analyse(game)
    assert sorted(v["move"] for v in values) == sorted(game.legal_moves())
    assert values[0]["move"] == "f" and values[0]["proven"] == "win"
    assert values[0]["score"] >= values[-1]["score"]
    solution = engine.solve(game, 2000)
    assert solution["result"] == "win"
    assert solution["line"][0] == "f"
    # Asked for the result only, it stops at the first depth that proves
    # it, with the margin still open, and its line still wins.
    quick = engine.solve(game, 2000, result_only=True)
    assert quick["result"] == "win" and quick["depth"] == 1 and not quick["exact"]
    assert quick["line"][0] == "f" and quick["final_scores"][0] > quick["final_scores"][1]
    assert solution["exact"] and solution["depth"] > 1


def test_hand_set_weights_play_as_the_default_evaluation():
    # A ruleset without learned tables (docs/ai.md, "The learned
    # evaluation"): its default evaluation is the hand-set one.
    ruleset = "barbados-warri-bridgetown"
    names = mancala.features(ruleset)
    weights = mancala.default_weights(ruleset)
    assert len(names) == len(weights) == 12
    assert names[0] == "captured" and "open_pits" in names and "reach" in names
    plain = mancala.Engine(ruleset, depth=4)
    linear = mancala.Engine(ruleset, depth=4, weights=weights)
    rng = random.Random(2)
    game = mancala.Game(ruleset)
    for _ in range(30):
        if game.is_over():
            break
        assert linear.analyse(game) == plain.analyse(game)
        game.play(rng.choice(game.legal_moves()))


def test_other_weights_change_the_play():
    ruleset = "wahree"
    greedy_only = [0.0] * len(mancala.features(ruleset))
    greedy_only[0] = 10.0  # captured seeds only
    reversed_ = [-w for w in mancala.default_weights(ruleset)]
    a = mancala.Engine(ruleset, depth=3, weights=greedy_only)
    b = mancala.Engine(ruleset, depth=3, weights=reversed_)
    rng = random.Random(4)
    differ = 0
    for _ in range(20):
        game = mancala.Game(ruleset)
        for _ in range(rng.randrange(4, 20)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            differ += a.best_move(game) != b.best_move(game)
    assert differ > 0


def test_feature_values_are_from_the_movers_view():
    game = mancala.Game("oware-abapa", "0,0,0,0,1,20/2,0,0,0,0,0 20-5 S")
    values = dict(zip(mancala.features("oware-abapa"), mancala.feature_values(game)))
    assert values["captured"] == 15 and values["pit_6"] == 20 and values["reach"] == 6


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"level": 9}, "level must be from 1 to 8"),
        ({"level": 3, "depth": 2}, "not both"),
        ({"depth": 0}, "depth must be at least 1"),
        ({"movetime_ms": -5}, "movetime_ms must be at least 1"),
        ({"weights": [1.0, 2.0]}, "2 weights given; these rules have 12 features"),
        ({"weights": [float("nan")] * 12}, "not a finite number"),
        ({"db": "/nonexistent/file.egdb"}, "nonexistent"),
        ({"db": 42}, "db is an Egdb or the path"),
    ],
)
def test_bad_engine_options_raise_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mancala.Engine("wahree", **kwargs)


def test_an_engine_refuses_another_rulesets_game():
    with pytest.raises(ValueError, match="plays wahree"):
        mancala.Engine("wahree", depth=2).best_move(mancala.Game("anywoli"))
    with pytest.raises(ValueError, match="unknown game"):
        mancala.Engine("draughts")


def test_a_database_answers_as_the_command_does(mancala_bin, tmp_path):
    path = tmp_path / "oware.egdb"
    subprocess.run([mancala_bin, "egdb", "build", "--game", "oware-abapa", "--seeds", "6",
                    "--out", str(path), "--threads", "1"], check=True, capture_output=True)
    db = mancala.Egdb(str(path))
    assert db.ruleset == "oware-abapa"
    rng = random.Random(8)
    checked = 0
    for _ in range(60):
        pits = [0] * 12
        for _ in range(rng.randrange(1, 7)):
            pits[rng.randrange(12)] += 1
        left = 48 - sum(pits)
        south = left // 2 + rng.randint(-2, 2)
        side = rng.choice("SN")
        position = f"{','.join(map(str, pits[:6]))}/{','.join(map(str, pits[6:]))} {south}-{left - south} {side}"
        try:
            game = mancala.Game("oware-abapa", position)
        except ValueError:
            continue
        probe = db.probe(game)
        out = subprocess.run([mancala_bin, "egdb", "probe", "--game", "oware-abapa",
                              "--from", position, "--db", str(path)],
                             capture_output=True, text=True)
        if game.is_over() or out.returncode != 0:
            assert probe is None
            continue
        verdict = out.stdout.splitlines()[1]
        expected = ("unresolved" if verdict.startswith(("unresolved", "draw")) else
                    "loss" if "loses" in verdict else "win")
        assert probe["value"] == expected, (position, verdict)
        checked += 1
    assert checked > 10
    engine = mancala.Engine("oware-abapa", level=8, db=db)
    assert engine.best_move(mancala.Game("oware-abapa", "0,0,0,0,1,1/1,0,0,0,0,1 20-24 S"))
    with pytest.raises(ValueError, match="for oware-abapa"):
        db.probe(mancala.Game("wahree"))
    with pytest.raises(ValueError):
        mancala.Egdb(str(tmp_path / "missing.egdb"))


def test_solve_refuses_a_negative_time():
    with pytest.raises(ValueError, match="time_ms"):
        mancala.Engine("wahree", depth=2).solve(mancala.Game("wahree"), -1)
