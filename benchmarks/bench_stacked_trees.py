"""Speed of the stacked trees engine (issue 15): prints figures, asserts nothing.

    python benchmarks/bench_stacked_trees.py

Every figure is CPU time (``time.process_time``) of this process, and each fast path is timed
in the same run as the generic path it must equal (the shared policies playing ``Game``
objects), the two interleaved round by round, so a busy machine slows both alike:

- greedy solo games: ``simulate`` (the numpy batch) against ``GreedyPolicy`` through
  ``run_games``: games/s and ms/decision;
- random solo games: ``simulate`` against ``RandomPolicy`` through ``run_games``;
- one lookahead decision (8 rollouts): ``LookaheadPolicy`` against the shared
  ``policies.LookaheadPolicy``; a planner solo game (8 rollouts, 6 candidates), which has no
  generic twin;
- ``best_line`` on three 9-card deals with the 10 s budget (wall clock: the budget is).

``bench_stacked_trees_best_line.py`` runs ``best_line`` over 100 seeded deals.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable

import numpy as np

from orchard_lab import policies
from orchard_lab import stacked_trees as st

ROUNDS = 3


def cpu(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def race(fast: Callable[[], object], generic: Callable[[], object]) -> tuple[float, float, bool]:
    """Total CPU seconds of ``ROUNDS`` interleaved runs of each, and whether every pair of
    results was equal."""
    fast_total = generic_total = 0.0
    same = True
    for _ in range(ROUNDS):
        seconds, mine = cpu(fast)
        fast_total += seconds
        seconds, theirs = cpu(generic)
        generic_total += seconds
        same = same and np.array_equal(np.asarray(mine), np.asarray(theirs))
    return fast_total, generic_total, same


def main() -> None:
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, numpy {np.__version__}; CPU time, "
        f"{ROUNDS} interleaved rounds"
    )
    st.simulate(games=20, policy="greedy", seed=0)  # warm the caches

    def new_game(seed: int) -> st.Game:
        return st.Game.new(seed=seed)

    many, few = 2000, 40
    fast, generic, _ = race(
        lambda: st.simulate(games=many, policy="greedy", seed=1),
        lambda: policies.run_games(new_game, few, 1, "greedy", seed=1),
    )
    same = np.array_equal(
        st.simulate(games=few, policy="greedy", seed=1),
        policies.run_games(new_game, few, 1, "greedy", seed=1),
    )
    fast_rate, generic_rate = ROUNDS * many / fast, ROUNDS * few / generic
    moves = 8  # a 9-card solo game places up to 8 cards
    print(
        f"greedy solo games:  {fast_rate:,.0f} games/s ({1000 / fast_rate / moves:.3f} "
        f"ms/decision); generic GreedyPolicy through Game {generic_rate:,.0f} games/s "
        f"({1000 / generic_rate / moves:.2f} ms/decision): {fast_rate / generic_rate:.0f}x, "
        f"same scores on {few} games: {same}"
    )

    fast, generic, same = race(
        lambda: st.simulate(games=400, policy="random", seed=4),
        lambda: policies.run_games(new_game, 400, 1, "random", seed=4),
    )
    print(
        f"random solo games:  {ROUNDS * 400 / fast:,.0f} games/s; generic RandomPolicy "
        f"through Game {ROUNDS * 400 / generic:,.0f} games/s: {generic / fast:.1f}x, "
        f"same scores: {same}"
    )

    game = st.Game.new(seed=0)
    fast, generic, same = race(
        lambda: st.LookaheadPolicy(rollouts=8, seed=1)(game),
        lambda: policies.LookaheadPolicy(rollouts=8, seed=1)(game),
    )
    print(
        f"lookahead decision ({len(game.legal_moves())} moves, 8 rollouts): "
        f"{fast / ROUNDS:.3f} s; shared policies.LookaheadPolicy {generic / ROUNDS:.2f} s: "
        f"{generic / fast:.0f}x, same move: {same}"
    )
    seconds, scores = cpu(lambda: st.simulate(games=4, policy="planner", seed=0))
    print(
        f"planner solo game:  {seconds / 4:.2f} s/game (mean score "
        f"{np.mean(np.asarray(scores)):.1f}, 4 games; no generic twin)"
    )

    deck = st.default_deck()
    for seed in range(3):
        order = [deck[i] for i in np.random.default_rng(seed).permutation(18)][:9]
        start = time.perf_counter()
        line = st.best_line(order, time_limit=10.0)
        seconds = time.perf_counter() - start
        print(
            f"best_line deal {seed} (9 cards, 10 s budget): {seconds:.2f} s wall, score "
            f"{line.score} ({st.rating(line.score)}), proven optimal: {line.optimal}, "
            f"{line.nodes} nodes"
        )


if __name__ == "__main__":
    main()
