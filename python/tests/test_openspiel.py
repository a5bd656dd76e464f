"""The rulesets inside OpenSpiel."""

import importlib.util
import pathlib

import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402

# Every ruleset OpenSpiel gets (all but those with a chance event).
NAMES = list(mancala.openspiel.GAMES)
ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_ruleset_is_registered_under_its_name():
    assert NAMES == [
        "mancala_barbados_warri_speightstown",
        "mancala_barbados_warri_bridgetown",
        "mancala_wahree",
        "mancala_anywoli",
        "mancala_oware_abapa",
        "mancala_anywoli_gering",
        "mancala_round_and_round_warri",
    ]
    assert "mancala_anywoli_lot" not in pyspiel.registered_names()
    registered = pyspiel.registered_names()
    for name in NAMES:
        assert name in registered


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_passes(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    margin = pyspiel.load_game(name, {"returns": "margin"})
    pyspiel.random_sim_test(margin, num_sims=5, serialize=False, verbose=False)


def test_actions_observations_and_returns():
    game = pyspiel.load_game("mancala_wahree")
    assert game.num_distinct_actions() == 6
    assert game.observation_tensor_shape() == [14]
    state = game.new_initial_state()
    state.apply_action(2)  # South's c
    assert state.current_player() == 1
    assert state.action_to_string(1, 0) == "A"
    # North to move: North's row, then South's, then the captures.
    assert state.observation_tensor(1) == [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5, 0, 0]
    assert str(state) == "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N"
    with pytest.raises(ValueError):
        pyspiel.load_game("mancala_wahree", {"returns": "seeds"})


def test_extra_turns_keep_the_mover():
    # Anywoli: find a move after which the same player moves again.
    import random

    rng = random.Random(1)
    game = pyspiel.load_game("mancala_anywoli")
    seen = False
    for _ in range(50):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            if not state.is_terminal() and state.current_player() == player:
                seen = True
                assert state.mancala_game().player() == player
        if seen:
            break
    assert seen


def test_margin_returns_are_the_final_seed_difference():
    import random

    rng = random.Random(3)
    game = pyspiel.load_game("mancala_oware_abapa", {"returns": "margin"})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    south, north = state.mancala_game().captured()
    assert state.returns() == [south - north, north - south]


def test_oware_abapa_agrees_with_openspiels_oware_state_by_state():
    path = ROOT / "scripts" / "openspiel_oware_pyspiel.py"
    spec = importlib.util.spec_from_file_location("openspiel_oware_pyspiel", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    games, states, mismatches = module.compare(300, seed=7)
    assert mismatches == []
    assert states > 300 * 50


def test_openspiels_bots_play_every_ruleset():
    path = ROOT / "python" / "examples" / "openspiel_bots.py"
    spec = importlib.util.spec_from_file_location("openspiel_bots", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in NAMES:
        results = module.play(name, games=1, simulations=8, depth=1, seed=1)
        assert len(results) == 1
        for returns in results:
            assert returns[0] in (-1.0, 0.0, 1.0) and returns[0] == -returns[1]
