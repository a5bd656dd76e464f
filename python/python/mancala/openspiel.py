"""Every ruleset as an OpenSpiel game.

Importing this module registers, for each ruleset id without a chance event
(all but ``anywoli-lot``), a Python game named ``mancala_`` + the id with
``-`` as ``_``::

    import pyspiel
    import mancala.openspiel

    game = pyspiel.load_game("mancala_barbados_warri_speightstown")
    game = pyspiel.load_game("mancala_anywoli", {"returns": "margin"})

The rules are the package's (the project's Rust library); this module only
translates.

Players and actions, as in OpenSpiel's ``oware``: player 0 is South, who
moves first, player 1 North. Action ``i`` is the ``i``-th pit of the mover's
own row in sowing order (``0..5`` on a 2 x 6 board, ``0..11`` in Anywoli),
for both players. Passes and extra turns are played inside the rules, so
``current_player()`` is always the player who really moves next (the same
player twice in a row after an extra turn or a pass).

Observation tensor (``2 * pits + 2`` floats, seed counts as they are): the
mover's row in sowing order, then the opponent's row, then the mover's and
the opponent's captured seeds; "the mover" is the player to move, or once
the game is over the observing player. The observation string is the
position in the one-line notation (``4,4,4,4,4,4/4,4,4,4,4,4 0-0 S``); for
``anywoli-gering`` it ends with ``first=S`` or ``first=N`` once a lap has
ended on a four (who will take the last four), which the tensor leaves out.

Returns: +1 for the winner, -1 for the loser, 0 each for a draw; with the
game parameter ``returns="margin"``, each player's final score minus the
opponent's (in seeds).
"""

import numpy as np

try:
    import pyspiel
except ImportError as error:  # pragma: no cover
    raise ImportError(
        "mancala.openspiel needs OpenSpiel: pip install open-spiel"
    ) from error

import mancala

_RETURNS = ("win_loss", "margin")

# The longest game any algorithm needs to plan for. The rules end every
# game (the repetition rule, and stall limits where the rules have them) but
# give no small bound; no random game comes near these (the longest of
# 20,000 random games: 333 plies on a 2 x 6 board, 584 in Anywoli).
_MAX_LENGTH = {6: 2000, 12: 4000}


def game_name(ruleset_id):
    """The OpenSpiel name of a ruleset: ``mancala_`` + the id, ``-`` as ``_``."""
    return "mancala_" + ruleset_id.replace("-", "_")


def _shape(ruleset_id):
    game = mancala.Game(ruleset_id)
    pits = len(game.board()) // 2
    seeds = sum(game.board())
    return pits, seeds


def _game_type(ruleset_id):
    return pyspiel.GameType(
        short_name=game_name(ruleset_id),
        long_name="Mancala " + ruleset_id,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"returns": "win_loss"},
    )


class MancalaGame(pyspiel.Game):
    """One ruleset as an OpenSpiel game (subclassed per ruleset below)."""

    ruleset_id = None  # set by each registered subclass

    def __init__(self, params=None):
        params = dict(params or {})
        returns = params.get("returns", "win_loss")
        if returns not in _RETURNS:
            raise ValueError(f"returns must be one of {_RETURNS}, not {returns!r}")
        self.margin = returns == "margin"
        pits, seeds = _shape(self.ruleset_id)
        self.pits = pits
        bound = float(seeds) if self.margin else 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=pits,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=_MAX_LENGTH[pits],
        )
        super().__init__(_game_type(self.ruleset_id), info, params)

    def new_initial_state(self):
        return MancalaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return BoardObserver(self.pits, params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class MancalaState(pyspiel.State):
    """A position with its history, played by the package's rules."""

    def __init__(self, game):
        super().__init__(game)
        self.game_ = mancala.Game(game.ruleset_id)
        self._margin = game.margin

    def current_player(self):
        player = self.game_.player()
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def _legal_actions(self, player):
        return self.game_.legal_actions()

    def _apply_action(self, action):
        self.game_.play_action(action)

    def _action_to_string(self, player, action):
        row = "abcdefghijkl" if player == 0 else "ABCDEFGHIJKL"
        return row[action]

    def is_terminal(self):
        return self.game_.is_over()

    def returns(self):
        if not self.game_.is_over():
            return [0.0, 0.0]
        if self._margin:
            south, north = self.game_.captured()
            return [float(south - north), float(north - south)]
        winner = self.game_.winner()
        if winner == -1:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def mancala_game(self):
        """The underlying ``mancala.Game`` (a copy)."""
        return self.game_.clone()

    def __str__(self):
        return self.game_.position


class BoardObserver:
    """The observation described in the module's documentation."""

    def __init__(self, pits, params):
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(2 * pits + 2, np.float32)
        self.dict = {
            "mover_row": self.tensor[:pits],
            "opponent_row": self.tensor[pits : 2 * pits],
            "captured": self.tensor[2 * pits :],
        }

    def set_from(self, state, player):
        view = None if not state.game_.is_over() else player
        self.tensor[:] = state.game_.observation(view)

    def string_from(self, state, player):
        del player
        return state.game_.position


def _register(ruleset_id):
    cls = type(
        "MancalaGame_" + ruleset_id.replace("-", "_"),
        (MancalaGame,),
        {"ruleset_id": ruleset_id},
    )
    pyspiel.register_game(_game_type(ruleset_id), cls)
    return cls


# Left out: rulesets with a chance event. anywoli-lot draws its last four by
# lot, which OpenSpiel would model as a chance node; the package plays it
# with a seed fixed per game instead (``Game.from_record`` keeps a record's).
_CHANCE = {"anywoli-lot"}

GAMES = {game_name(r): _register(r) for r in mancala.rulesets() if r not in _CHANCE}
"""The registered OpenSpiel names, each with its game class."""
