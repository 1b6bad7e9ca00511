"""Speed of the stacked trees engines (issues 15 and 24): prints figures, asserts nothing.

    python benchmarks/bench_stacked_trees.py

Every figure is CPU time (``time.process_time``) of this process, and each fast path is timed
in the same run as the generic path it must equal (the shared policies playing ``Game``
objects), the two interleaved round by round, so a busy machine slows both alike:

- ``simulate``'s tables (the compiled ``engine``) against ``RandomPolicy`` and
  ``GreedyPolicy`` through ``run_games``, games/s side by side and their ratio: solo random,
  solo greedy under the standard rules and with no rotten tokens, 2-player random and greedy;
- one lookahead decision (8 rollouts): ``LookaheadPolicy`` against the shared
  ``policies.LookaheadPolicy``; a planner solo game (8 rollouts, 6 candidates), which has no
  generic twin;
- ``best_line`` on three 9-card deals with the 10 s budget (wall clock: the budget is).

Measured 2026-12-03 on a 2-core AMD EPYC shared with other jobs (load average 4 to 9, so
every figure moves by some 20 % from run to run), Python 3.11.7, numpy 2.4.6, numba 0.68.1:

| table | engine (games/s) | generic (games/s) | ratio | before issue 24 | C (issue 24) |
|---|---|---|---|---|---|
| solo random | 91,473 | 682 | 134x | 2,028 | 155,183 |
| solo greedy, standard rules | 43,086 | 115 | 373x | 4,579 | 27,019 |
| solo greedy, no rotten tokens | 61,200 | 378 | 162x | 4,383 | 81,775 |
| 2-player random | 48,437 | 329 | 147x | 1,313 | |
| 2-player greedy | 44,317 | 58 | 766x | 6,266 | |

"Before issue 24" is ``simulate`` at commit a7af934 (random over ``Board`` objects in
Python, greedy in the numpy batch), timed on the same machine in the same hour; the C column
is the issue's figures. Less loaded runs gave the engine up to 115,000 random and 65,000
(standard) and 86,000 (no rotten tokens) greedy solo games/s. A cold compile of the engine
(``engine`` and ``streams``, with an empty ``NUMBA_CACHE_DIR``) took 5.7 to 8.9 CPU seconds
in the same conditions; the best-line search (``fast``) took 22.

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


CASES = (  # name, players, policy, rules, games on the fast path, games on the generic path
    ("solo random", 1, "random", st.Rules(), 20_000, 400),
    ("solo greedy, standard rules", 1, "greedy", st.Rules(), 10_000, 40),
    ("solo greedy, no rotten tokens", 1, "greedy", st.Rules(rotten_tokens=0), 20_000, 40),
    ("2-player random", 2, "random", st.Rules(), 10_000, 200),
    ("2-player greedy", 2, "greedy", st.Rules(), 10_000, 20),
)


def table_speeds(
    name: str, players: int, policy: str, rules: st.Rules, many: int, few: int
) -> None:
    """Print games/s of ``simulate`` (the compiled engine) and of the generic policy through
    ``Game`` objects, and whether they give the same scores on ``few`` games."""

    def new_game(seed: int) -> st.Game:
        return st.Game.new(players=players, seed=seed, rules=rules)

    fast, generic, _ = race(
        lambda: st.simulate(many, players, policy, seed=1, rules=rules),
        lambda: policies.run_games(new_game, few, players, policy, seed=1),
    )
    same = np.array_equal(
        st.simulate(few, players, policy, seed=1, rules=rules),
        policies.run_games(new_game, few, players, policy, seed=1),
    )
    fast_rate, generic_rate = ROUNDS * many / fast, ROUNDS * few / generic
    print(
        f"{name + ':':31s} simulate {fast_rate:9,.0f} games/s; generic policy through Game "
        f"{generic_rate:7,.0f} games/s: {fast_rate / generic_rate:6,.0f}x, same scores on "
        f"{few} games: {same}"
    )


def main() -> None:
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, numpy {np.__version__}; CPU time, "
        f"{ROUNDS} interleaved rounds"
    )
    st.simulate(games=20, policy="greedy", seed=0)  # load the compiled engine
    for case in CASES:
        table_speeds(*case)

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
