#!/usr/bin/env python3
"""Evolving the evaluation weights for Barbados Warri (Speightstown).

    python python/examples/evolve.py                  # defaults: a few minutes
    python python/examples/evolve.py --generations 40 --population 24 --depth 4

A genetic algorithm over the weights of the engine's linear evaluation
(`mancala.features`: seeds captured, seeds per pit, mobility, pits open to
capture, seeds that reach the opponent, big pits, an empty opponent row).
Each player is an alpha-beta search of a fixed depth using its weights; the
games are played by the Rust engine (`mancala.Engine(..., weights=...)`).

- Population: random weights in [-10, 10] (the hand-set weights are not in
  it; the captured seeds' weight must be found too).
- Fitness: the share of points (win 1, draw 1/2) in games against a fixed
  opponent (the hand-set weights at the same depth) and against other
  members of the population. Every pairing plays both colours from the same
  random opening (a few random moves), so that deterministic players still
  meet different positions.
- Selection by tournament, uniform crossover, Gaussian mutation; the best
  players are kept unchanged (elitism). Everything is seeded.

It writes `fitness.png` (best and mean fitness per generation) and
`weights.json` (the evolved weights by feature name, the history, the final
match) to --out, then plays a final match of the evolved player against the
hand-set weights at the same depth and prints its score and Elo difference
with a 95% margin.
"""

import argparse
import json
import math
import pathlib
import time

import numpy as np

import mancala

RULESET = "barbados-warri-speightstown"


def play_game(engines, opening, rng):
    """One game: `opening` random moves, then engines[0] as South against
    engines[1] as North. Returns South's points (1, 1/2, 0)."""
    game = mancala.Game(RULESET)
    for _ in range(opening):
        if game.is_over():
            break
        legal = game.legal_moves()
        game.play(legal[rng.integers(len(legal))])
    for engine in engines:
        engine.new_game()
    while not game.is_over():
        game.play(engines[game.player()].best_move(game))
    winner = game.winner()
    return 0.5 if winner == -1 else 1.0 if winner == 0 else 0.0


def pair(a, b, opening, seed):
    """Both colours from the same opening: a's points out of 2."""
    first = play_game((a, b), opening, np.random.default_rng(seed))
    second = play_game((b, a), opening, np.random.default_rng(seed))
    return first + (1.0 - second)


def engine(weights, depth):
    return mancala.Engine(RULESET, depth=depth, weights=[float(w) for w in weights],
                          table_mb=1)


def evaluate_population(population, depth, reference, rng, opponents, peers, opening):
    """Fitness of every member: its share of points."""
    n = len(population)
    engines = [engine(w, depth) for w in population]
    points = np.zeros(n)
    games = np.zeros(n)
    for i in range(n):
        for _ in range(opponents):
            points[i] += pair(engines[i], reference, opening, int(rng.integers(1 << 62)))
            games[i] += 2
    for i in range(n):
        others = rng.choice([j for j in range(n) if j != i], size=peers, replace=False)
        for j in others:
            got = pair(engines[i], engines[j], opening, int(rng.integers(1 << 62)))
            points[i] += got
            points[j] += 2 - got
            games[i] += 2
            games[j] += 2
    return points / games


def tournament(population, fitness, rng, size):
    picks = rng.choice(len(population), size=size, replace=False)
    return population[picks[np.argmax(fitness[picks])]]


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def final_match(best, hand, depth, games, opening, rng):
    """The evolved player against the hand-set weights: per-game points."""
    a, b = engine(best, depth), engine(hand, depth)
    results = []
    for _ in range(games // 2):
        seed = int(rng.integers(1 << 62))
        results.append(play_game((a, b), opening, np.random.default_rng(seed)))
        results.append(1 - play_game((b, a), opening, np.random.default_rng(seed)))
    results = np.array(results)
    score = results.mean()
    margin = 1.96 * results.std(ddof=1) / math.sqrt(len(results))
    return {
        "games": len(results),
        "wins": int((results == 1).sum()),
        "draws": int((results == 0.5).sum()),
        "losses": int((results == 0).sum()),
        "score": float(score),
        "elo": elo(score),
        "elo_low": elo(score - margin),
        "elo_high": elo(score + margin),
    }


def plot(history, path, args):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    generations = [h["generation"] for h in history]
    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=100)
    ax.plot(generations, [h["best"] for h in history], marker="o", ms=3, label="best")
    ax.plot(generations, [h["mean"] for h in history], marker="o", ms=3, label="mean")
    ax.plot(generations, [h["best_vs_hand"] for h in history], ls="--",
            label="best vs hand-set (8 games)")
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_xlabel("generation")
    ax.set_ylabel("fitness (share of points)")
    ax.set_ylim(0, 1)
    ax.set_title(f"Barbados Warri (Speightstown): population {args.population}, "
                 f"depth {args.depth}", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--population", type=int, default=20)
    parser.add_argument("--depth", type=int, default=4, help="search depth of every player")
    parser.add_argument("--opponents", type=int, default=3,
                        help="pairings (2 games each) against the hand-set weights")
    parser.add_argument("--peers", type=int, default=2,
                        help="pairings (2 games each) against other members")
    parser.add_argument("--opening", type=int, default=4, help="random moves before play")
    parser.add_argument("--elite", type=int, default=2)
    parser.add_argument("--tournament", type=int, default=3)
    parser.add_argument("--mutation-rate", type=float, default=0.2)
    parser.add_argument("--mutation-sigma", type=float, default=2.0)
    parser.add_argument("--final-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="evolve-out")
    args = parser.parse_args()

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    names = mancala.features(RULESET)
    hand = np.array(mancala.default_weights(RULESET))
    reference = engine(hand, args.depth)
    population = rng.uniform(-10, 10, size=(args.population, len(names)))
    history = []
    started = time.time()
    for generation in range(args.generations):
        fitness = evaluate_population(population, args.depth, reference, rng,
                                      args.opponents, args.peers, args.opening)
        order = np.argsort(-fitness)
        best = population[order[0]].copy()
        vs_hand = np.mean([pair(engine(best, args.depth), reference, args.opening,
                                int(rng.integers(1 << 62))) / 2 for _ in range(4)])
        history.append({"generation": generation, "best": float(fitness[order[0]]),
                        "mean": float(fitness.mean()), "best_vs_hand": float(vs_hand),
                        "best_weights": best.round(3).tolist(),
                        "seconds": round(time.time() - started, 1)})
        print(f"generation {generation:2d}: best {fitness[order[0]]:.3f} mean "
              f"{fitness.mean():.3f} best vs hand-set {vs_hand:.3f} "
              f"({time.time() - started:.0f} s)", flush=True)
        children = [population[i].copy() for i in order[: args.elite]]
        while len(children) < args.population:
            a = tournament(population, fitness, rng, args.tournament)
            b = tournament(population, fitness, rng, args.tournament)
            child = np.where(rng.random(len(names)) < 0.5, a, b)
            mutate = rng.random(len(names)) < args.mutation_rate
            child = child + mutate * rng.normal(0, args.mutation_sigma, len(names))
            children.append(np.clip(child, -20, 20))
        population = np.array(children)
    evolution_seconds = time.time() - started
    plot(history, out / "fitness.png", args)

    match = final_match(best, hand, args.depth, args.final_games, args.opening, rng)
    result = {
        "ruleset": RULESET,
        "settings": vars(args),
        "evolved_weights": dict(zip(names, best.round(3).tolist())),
        "hand_set_weights": dict(zip(names, hand.tolist())),
        "history": history,
        "final_match": match,
        "evolution_seconds": round(evolution_seconds, 1),
        "total_seconds": round(time.time() - started, 1),
    }
    (out / "weights.json").write_text(json.dumps(result, indent=2) + "\n")
    print("evolved weights:")
    for name, w in zip(names, best):
        print(f"  {name:<15} {w:+7.2f}   (hand-set {hand[names.index(name)]:+.0f})")
    print(f"final match, evolved vs hand-set at depth {args.depth}: "
          f"+{match['wins']} ={match['draws']} -{match['losses']} of {match['games']}, "
          f"score {match['score']:.3f}, Elo {match['elo']:+.0f} "
          f"(95%: {match['elo_low']:+.0f} to {match['elo_high']:+.0f})")
    print(f"wrote {out / 'fitness.png'} and {out / 'weights.json'} "
          f"({result['total_seconds']:.0f} s)")


if __name__ == "__main__":
    main()
