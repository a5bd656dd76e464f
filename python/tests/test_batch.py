"""Batches: random playouts in Rust, and games stepped together."""

import numpy as np
import pytest

import mancala


@pytest.mark.parametrize("ruleset_id", mancala.rulesets())
def test_playouts_arrays_are_consistent_and_reproducible(ruleset_id):
    scores, winners, lengths = mancala.playouts(ruleset_id, 300, 7)
    assert scores.shape == (300, 2) and winners.shape == (300,) and lengths.shape == (300,)
    assert set(np.unique(winners)) <= {-1, 0, 1}
    assert lengths.min() > 0
    total = 96 if ruleset_id.startswith("anywoli") else 48
    assert (scores.sum(axis=1) <= total).all()
    same = mancala.playouts(ruleset_id, 300, 7, threads=2)
    for a, b in zip((scores, winners, lengths), same):
        np.testing.assert_array_equal(a, b)
    other = mancala.playouts(ruleset_id, 300, 8)
    assert not np.array_equal(other.lengths, lengths)


def test_playout_winners_follow_the_scores_where_the_most_seeds_win():
    result = mancala.playouts("oware-abapa", 500, 3)
    south, north = result.scores[:, 0], result.scores[:, 1]
    expected = np.where(south > north, 0, np.where(north > south, 1, -1))
    np.testing.assert_array_equal(result.winners, expected)


def test_bad_playout_arguments():
    with pytest.raises(ValueError, match="unknown game"):
        mancala.playouts("go", 10, 1)
    with pytest.raises(ValueError, match="threads"):
        mancala.playouts("wahree", 10, 1, threads=0)
    with pytest.raises(ValueError, match="n must be"):
        mancala.playouts("wahree", -1, 1)


@pytest.mark.parametrize("ruleset_id", mancala.rulesets())
def test_vecgame_steps_as_single_games_with_the_same_actions(ruleset_id):
    n = 16
    vec = mancala.VecGame(ruleset_id, n, 11)
    obs = vec.reset()
    lots = vec.lot_seeds()
    # Each game of the batch as a single game: the same lot, where drawn.
    games = [mancala.Game(ruleset_id, lot_seed=lot) for lot in lots]
    assert [g.lot_seed for g in games] == lots
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(400):
        mask = vec.legal_mask()
        assert mask.shape == (n, vec.num_actions) and mask.dtype == bool
        for i, g in enumerate(games):
            assert list(np.flatnonzero(mask[i])) == g.legal_actions()
            assert list(obs[i]) == g.observation()
        assert list(vec.to_play()) == [g.player() for g in games]
        # random legal actions drawn with NumPy from the masks
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rewards, dones = vec.step(actions)
        assert obs.shape == (n, vec.observation_size) and obs.dtype == np.float32
        for i, g in enumerate(games):
            mover = g.player()
            g.play_action(int(actions[i]))
            assert dones[i] == g.is_over()
            if g.is_over():
                winner = g.winner()
                assert rewards[i] == (0 if winner == -1 else 1 if winner == mover else -1)
                games[i] = mancala.Game(ruleset_id, lot_seed=vec.lot_seeds()[i])
                finished += 1
            else:
                assert rewards[i] == 0
    assert finished > 0


def test_vecgame_samples_legal_actions_and_refuses_bad_ones():
    vec = mancala.VecGame("anywoli", 8, 1)
    for _ in range(50):
        actions = vec.sample_actions()
        mask = vec.legal_mask()
        assert mask[np.arange(8), actions].all()
        vec.step(actions)
    before = vec.observations()
    bad = vec.sample_actions()
    mask = vec.legal_mask()
    illegal = np.flatnonzero(~mask[3])
    if len(illegal):
        bad[3] = illegal[0]
        with pytest.raises(ValueError, match="game 3: action"):
            vec.step(bad)
        np.testing.assert_array_equal(vec.observations(), before)
    with pytest.raises(ValueError, match=r"shape \(8,\)"):
        vec.step(np.zeros(7, dtype=np.int64))
    with pytest.raises(ValueError, match=r"shape \(8,\)"):
        vec.step(np.zeros((8, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="integers"):
        vec.step(np.zeros(8, dtype=np.float32))
    with pytest.raises(ValueError, match="not legal"):
        vec.step(np.full(8, 12))
    with pytest.raises(ValueError, match="n must be"):
        mancala.VecGame("wahree", 0, 1)
    vec.step([int(a) for a in vec.sample_actions()])  # lists of ints are fine


def test_seeds_are_any_integers_and_nothing_else():
    big = mancala.playouts("wahree", 20, 2**64 + 5)
    same = mancala.playouts("wahree", 20, 5)
    np.testing.assert_array_equal(big.lengths, same.lengths)
    mancala.playouts("wahree", 20, -1)
    mancala.VecGame("wahree", 2, -3)
    with pytest.raises(ValueError, match="seed is an integer"):
        mancala.playouts("wahree", 20, "five")
