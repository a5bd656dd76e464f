#!/usr/bin/env python3
"""OpenSpiel's own MCTS and alpha-beta bots playing our games, unchanged.

    python python/examples/openspiel_bots.py mancala_anywoli --games 4

MCTS (random rollouts) plays alpha-beta (OpenSpiel's `minimax.alpha_beta_search`,
a few plies deep, valuing a position by the difference in captured seeds);
they swap sides each game. Nothing here knows the rules: every move, pass and
extra turn comes from the registered game.
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, minimax

import mancala.openspiel  # noqa: F401  (registers the games)


def captured_difference(state):
    """Alpha-beta's value at its horizon: player 0's captures minus player 1's."""
    if state.is_terminal():
        return 100.0 * state.returns()[0]
    south, north = state.mancala_game().captured()
    return float(south - north)


class AlphaBetaBot(pyspiel.Bot):
    def __init__(self, game, depth):
        super().__init__()
        self.game = game
        self.depth = depth

    def step(self, state):
        _, action = minimax.alpha_beta_search(
            self.game, state=state.clone(), value_function=captured_difference,
            maximum_depth=self.depth, maximizing_player_id=0)
        return action

    def restart_at(self, state):
        pass


def play(name, games=2, simulations=100, depth=3, seed=0):
    """Plays `games` games of MCTS against alpha-beta; returns each game's returns."""
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    results = []
    for g in range(games):
        bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                             evaluator=evaluator, random_state=rng),
                AlphaBetaBot(game, depth)]
        if g % 2:
            bots.reverse()
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        results.append(state.returns())
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="mancala_barbados_warri_speightstown")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    results = play(args.game, args.games, args.simulations, args.depth, args.seed)
    mcts_points = 0.0
    for g, returns in enumerate(results):
        mcts_player = g % 2  # MCTS is player 0 in even games
        mcts_points += (returns[mcts_player] + 1) / 2
        print(f"game {g + 1}: MCTS as player {mcts_player}, returns {returns}")
    print(f"MCTS {mcts_points} - alpha-beta {len(results) - mcts_points}")


if __name__ == "__main__":
    main()
