"""Games from Python: the same states as `mancala replay`, and clear errors."""

import copy
import pickle
import random

import pytest

import mancala

RULESETS = mancala.rulesets()


def random_game(ruleset_id, rng, max_moves=None, position=None):
    game = mancala.Game(ruleset_id, position)
    while not game.is_over() and (max_moves is None or len(game.moves()) < max_moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_rulesets_are_the_catalogue():
    assert RULESETS == [
        "barbados-warri-speightstown",
        "barbados-warri-bridgetown",
        "wahree",
        "anywoli",
        "oware-abapa",
        "anywoli-gering",
        "anywoli-lot",
        "round-and-round-warri",
    ]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_state_is_a_line_of_replay_at_every_ply(ruleset_id, replay):
    rng = random.Random(ruleset_id)
    for _ in range(4):
        moves = random_game(ruleset_id, rng).moves()
        lines = replay(ruleset_id, moves)
        assert len(lines) == len(moves) + 1
        game = mancala.Game(ruleset_id)
        assert game.state() == lines[0]
        for move, line in zip(moves, lines[1:]):
            game.play(move)
            assert game.state() == line
        assert game.state()["over"] and game.state()["ending"] == game.state()["end"]


def test_state_from_a_position_and_events_match_replay(replay):
    position = "0,0,0,0,0,1/1,0,0,0,0,0 23-23 S"
    game = mancala.Game("barbados-warri", position)
    game.play("f")
    lines = replay("barbados-warri", ["f"], position=position, events=True)
    assert game.state() == {k: v for k, v in lines[1].items() if k != "events"}
    assert game.events() == lines[1]["events"]
    assert mancala.Game("wahree").events() == []


def test_state_fields_mean_what_replay_says():
    game = mancala.Game("oware-abapa")
    game.play("c")
    state = game.state()
    assert state["board"] == [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]
    assert state["captured"] == [0, 0]
    assert state["to_move"] == "north"
    assert state["legal"] == ["A", "B", "C", "D", "E", "F"]
    assert (state["over"], state["winner"], state["ending"]) == (False, None, None)
    assert state["position"] == "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N"
    assert state["move"] == "c" and state["ply"] == 1


def test_undo_clone_and_records_round_trip():
    rng = random.Random(5)
    game = random_game("anywoli", rng, max_moves=30)
    before = game.state()
    copy_ = game.clone()
    copy_.play(copy_.legal_moves()[0])
    assert game.state() == before, "a clone is independent"
    last = game.moves()[-1]
    assert game.undo() == last
    assert len(game.moves()) == 29
    game.play(last)
    assert game.state() == before
    text = game.record({"South": "Ann", "North": "Ben"})
    assert '[South "Ann"]' in text and '[Game "anywoli"]' in text
    again = mancala.Game.from_record(text)
    assert again.state() == before
    assert again.record() == text
    assert pickle.loads(pickle.dumps(game)).state() == before
    assert copy.deepcopy(game).state() == before
    assert mancala.Game("wahree").undo() is None


def test_an_agreed_record_ends_the_game_as_replay_does(mancala_bin, tmp_path):
    text = '[Game "wahree"]\n[Version "1"]\n[Result "south"]\n[Ending "agreed"]\n\nc F\n'
    game = mancala.Game.from_record(text)
    state = game.state()
    assert state["over"] and state["ending"] == "agreed" and state["move"] is None
    assert state["captured"] == [27, 21] and state["winner"] == "south"
    path = tmp_path / "agreed.txt"
    path.write_text(text)
    import json
    import subprocess

    out = subprocess.run([mancala_bin, "replay", str(path), "--format", "jsonl"],
                         check=True, capture_output=True, text=True).stdout
    assert json.loads(out.splitlines()[-1]) == state
    with pytest.raises(ValueError, match="disagrees"):
        mancala.Game.from_record(text.replace('"south"', '"draw"'))


@pytest.mark.parametrize(
    "bad, words",
    [
        ("d", ["not one of north's pits", "A B C D E F"]),
        ("7", ["not a pit", "legal moves: A B C D E F"]),
        ("", ["not a pit", "legal moves"]),
        ("cd", ["not a pit"]),
        (3, ["pit letter", "legal moves"]),
        (None, ["pit letter"]),
    ],
)
def test_illegal_or_malformed_moves_raise_value_error_with_the_legal_moves(bad, words):
    game = mancala.Game("wahree")
    game.play("c")
    with pytest.raises(ValueError) as error:
        game.play(bad)
    for word in words:
        assert word in str(error.value)
    assert game.moves() == ["c"], "nothing changed"


def test_an_empty_pit_and_a_finished_game_are_refused():
    game = mancala.Game("wahree")
    game.play("c")
    game.play("A")
    with pytest.raises(ValueError, match="c is empty"):
        game.play("c")
    over = random_game("oware-abapa", random.Random(1))
    with pytest.raises(ValueError, match="game is over"):
        over.play("a")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: mancala.Game("chess"), "unknown game 'chess'"),
        (lambda: mancala.Game("wahree", "4,4/4,4 0-0 S"), "12 pits"),
        (lambda: mancala.Game("wahree", "nonsense"), "bad position"),
        (lambda: mancala.Game.from_record("c F a"), "Game"),
        (lambda: mancala.Game.from_record('[Game "wahree"]\n[Version "1"]\n\nc c\n'), "move 2"),
        (lambda: mancala.Game.from_record('[Game "wahree"]\n[Version "9"]\n\nc\n'), "version 9"),
    ],
)
def test_bad_rulesets_positions_and_records_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_actions_are_pits_of_the_movers_row():
    game = mancala.Game("oware-abapa")
    assert game.legal_actions() == [0, 1, 2, 3, 4, 5]
    game.play_action(2)
    assert game.moves() == ["c"] and game.player() == 1
    game.play_action(0)
    assert game.moves() == ["c", "A"]
    with pytest.raises(ValueError, match="action 6"):
        game.play_action(6)
    assert game.observation() == [float(x) for x in game.board()] + [0.0, 0.0]


# The STORY of crates/rules/tests/anywoli_last_four.rs: three moves from here
# leave the last four, 46-46, and the lot gives them to one player.
LOT_STORY = "2,0,3,0,0,0,0,0,0,0,0,0/1,2,1,3,0,0,0,0,0,0,0,0 42-42 S"


def test_a_lot_game_takes_its_lot_from_its_seed_and_keeps_it_in_its_record():
    ends = {}
    for seed in range(6):
        game = mancala.Game("anywoli-lot", LOT_STORY, lot_seed=seed)
        assert game.lot_seed == seed
        for move in "a b A".split():
            game.play(move)
        state = game.state()
        assert state["over"] and state["ending"] == "last-four-by-lot", state
        ends[seed] = (state["winner"], state["captured"])
        again = mancala.Game.from_record(game.record())
        assert again.lot_seed == seed and again.state() == state
    # The draws pinned in the Rust tests (lot_winner(0..6)).
    assert [ends[s][0] for s in range(6)] == ["north", "north", "south", "north", "south", "south"]
    assert ends[2][1] == [50, 46] and ends[0][1] == [46, 50]


def test_a_new_lot_game_draws_a_random_seed_and_other_rules_have_none():
    seeds = {mancala.Game("anywoli-lot").lot_seed for _ in range(8)}
    assert len(seeds) == 8 and all(isinstance(s, int) and 0 <= s < 2**64 for s in seeds)
    assert mancala.Game("anywoli").lot_seed is None
    assert mancala.Game("anywoli-lot", lot_seed=2**64 - 1).lot_seed == 2**64 - 1
    with pytest.raises(ValueError, match="only for rulesets whose last four go by lot"):
        mancala.Game("wahree", lot_seed=3)
    with pytest.raises(ValueError, match="a seed is an integer"):
        mancala.Game("anywoli-lot", lot_seed="heads")
