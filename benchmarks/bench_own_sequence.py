"""A pupil's own scoring sequence costs no speed (issue 27): each game's ``simulate`` of
2,000 games under the standard rules and under a sequence of one's own, side by side.

For each game and policy: games/s under the standard rules, games/s under own sequences
(apple batches: squares for the monochrome batch, doubling for the steady height batch;
water drops: squares for a scoring group; stacked trees: the ladder 1, 4, 9, 16), and the
ratio own ÷ standard. CPU time (``time.process_time``), after one warm-up call per rule set
(the compiled engines load or compile there). Run:
``.venv/bin/python benchmarks/bench_own_sequence.py [games]``.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from types import ModuleType
from typing import Any

from orchard_lab import apple_batches, stacked_trees, water_drops

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
SQUARES_TO_12 = tuple(n * n for n in range(1, 13))
OWN: list[tuple[ModuleType, int, Any]] = [
    (
        apple_batches,
        2,
        apple_batches.Rules(
            monochrome_points=SQUARES_TO_12,
            steady_points=tuple(min(2**n, apple_batches.MAX_TABLE_POINTS) for n in range(12)),
        ),
    ),
    (water_drops, 2, water_drops.Rules(group_points=tuple(n * n for n in range(1, 10)))),
    (stacked_trees, 1, stacked_trees.Rules(ladder=(1, 4, 9, 16))),
]


def cpu_seconds(game: ModuleType, players: int, policy: str, rules: Any) -> float:
    game.simulate(2, players, policy, seed=0, rules=rules)  # warm-up: load the compiled paths
    start = time.process_time()
    game.simulate(GAMES, players, policy, seed=1, rules=rules)
    return time.process_time() - start


def main() -> None:
    print(f"{platform.python_version()} on {platform.platform()}, {os.cpu_count()} cores")
    print(f"{GAMES:,} games per rule set, cpu time")
    print("game           policy  players  standard games/s  own games/s  own ÷ standard")
    for game, players, own in OWN:
        for policy in ("random", "greedy"):
            standard = GAMES / cpu_seconds(game, players, policy, game.Rules())
            mine = GAMES / cpu_seconds(game, players, policy, own)
            print(
                f"{game.FACTS.name:14s} {policy:7s} {players:7d}  {standard:16,.0f}  "
                f"{mine:11,.0f}  {mine / standard:14.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
