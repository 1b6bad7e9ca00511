"""Speed of the stacked trees engine: prints figures, asserts nothing.

    python benchmarks/bench_stacked_trees.py

- a random solo game (``simulate`` fast path): ms per game, and 1,000 games in seconds;
- a greedy solo game: ms per game;
- a planner solo game (``PlannerPolicy``, 8 rollouts, 6 candidates; "lookahead" before the
  shared lookahead got its one meaning): s per game;
- a lookahead solo game (``LookaheadPolicy``: the shared lookahead's choices, every move,
  8 rollouts): s per game, and one decision against the shared ``policies.LookaheadPolicy``;
- ``best_line`` on 9-card deals with the 10 s budget: seconds, score, proven or not;
- random play through the full ``Game`` object (legal_moves + play) for comparison.
"""

from __future__ import annotations

import os
import platform
import time

import numpy as np

from orchard_lab import policies
from orchard_lab import stacked_trees as st


def timed(fn, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> None:
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, numpy {np.__version__}"
    )
    st.simulate(games=20, policy="random", seed=0)  # warm the caches

    seconds, scores = timed(st.simulate, games=1000, policy="random", seed=0)
    print(
        f"random solo game:   {seconds:.3f} ms/game; 1,000 games in {seconds:.2f} s "
        f"(mean score {scores.mean():.1f})"
    )
    seconds, scores = timed(st.simulate, games=1000, policy="greedy", seed=0)
    print(f"greedy solo game:   {seconds:.3f} ms/game (mean score {scores.mean():.1f})")
    seconds, scores = timed(st.simulate, games=10, policy="planner", seed=0)
    print(
        f"planner solo game: {seconds / 10:.2f} s/game (mean score {scores.mean():.1f}, 10 games)"
    )
    seconds, scores = timed(st.simulate, games=2, policy="lookahead", seed=0)
    print(
        f"lookahead solo game: {seconds / 2:.2f} s/game (mean score {scores.mean():.1f}, 2 games)"
    )
    game = st.Game.new(seed=0)
    fast, move = timed(st.LookaheadPolicy(rollouts=8, seed=1), game)
    generic, same = timed(policies.LookaheadPolicy(rollouts=8, seed=1), game)
    print(
        f"first lookahead decision ({len(game.legal_moves())} moves, 8 rollouts): {fast:.2f} s, "
        f"shared policies.LookaheadPolicy {generic:.2f} s, same move: {move == same}"
    )

    rng = np.random.default_rng(0)
    start = time.perf_counter()
    for seed in range(200):
        game = st.Game.new(seed=seed)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])
    print(
        f"random game through Game.legal_moves/play: "
        f"{(time.perf_counter() - start) / 200 * 1000:.2f} ms/game"
    )

    deck = st.default_deck()
    for seed in range(3):
        order = [deck[i] for i in np.random.default_rng(seed).permutation(18)][:9]
        seconds, line = timed(st.best_line, order, time_limit=10.0)
        print(
            f"best_line deal {seed} (9 cards, 10 s budget): {seconds:.2f} s, score {line.score} "
            f"({st.rating(line.score)}), proven optimal: {line.optimal}, {line.nodes} nodes"
        )
    for size in (4, 5):
        order = [deck[i] for i in np.random.default_rng(0).permutation(18)][:size]
        seconds, line = timed(st.best_line, order, time_limit=60.0)
        print(
            f"best_line {size} cards: {seconds:.2f} s to prove score {line.score} "
            f"optimal ({line.optimal})"
        )


if __name__ == "__main__":
    main()
