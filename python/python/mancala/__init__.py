"""Barbados Warri, Wahree, Anywoli and Oware from Python.

The rules, the engine and batches of games come from the project's Rust
library (one implementation of the rules for the command, the web platform
and this package). See docs/python.md in the repository.

    >>> import mancala
    >>> g = mancala.Game("wahree")
    >>> g.play("c")
    >>> g.state()["to_move"]
    'north'
"""

from collections import namedtuple

from . import _mancala
from ._mancala import (
    Egdb,
    Engine,
    Game,
    VecGame,
    default_weights,
    feature_values,
    features,
    rulesets,
)

__all__ = [
    "Egdb",
    "Engine",
    "Game",
    "Playouts",
    "VecGame",
    "default_weights",
    "feature_values",
    "features",
    "playouts",
    "rulesets",
]

Playouts = namedtuple("Playouts", ["scores", "winners", "lengths"])
Playouts.__doc__ = """Random games' results: `scores` (n x 2: South's and North's final
scores), `winners` (0 South, 1 North, -1 draw), `lengths` (plies)."""


def _game_from_record(text):
    """Unpickles a Game (pickled as its record)."""
    return Game.from_record(text)


def playouts(ruleset_id, n, seed, threads=1):
    """Plays `n` uniformly random games inside Rust on `threads` threads.

    Returns a `Playouts` named tuple of NumPy arrays: `scores` (n x 2,
    final scores South, North), `winners` (0 South, 1 North, -1 draw) and
    `lengths` (plies). Game `i` depends only on `seed` and `i`, whatever the
    thread count.
    """
    return Playouts(*_mancala.playouts(ruleset_id, n, seed, threads))
