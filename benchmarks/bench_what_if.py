"""Games a second of each game's ``simulate``, by policy and players: the what-if's table.

``WhatIfExplorer`` sizes its chunks and caps its runs from ``what_if.GAMES_PER_SECOND``; this
prints the same figures measured on this machine, then times one Run of the explorer per
game and policy (the largest run allowed, at most 2,000 games per rule set). Run:
``.venv/bin/python benchmarks/bench_what_if.py [seconds per measurement]``.
"""

from __future__ import annotations

import os
import platform
import sys
import time

from orchard_lab import apple_batches, stacked_trees, water_drops
from orchard_lab.widgets.what_if import GAMES_PER_SECOND, WhatIfExplorer, largest_run

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
GAMES = (apple_batches, water_drops, stacked_trees)


def games_per_second(game, policy: str, players: int) -> float:
    """Play one game, then as many as fit in ``SECONDS``, doubling; games over time."""
    played, spent, batch = 0, 0.0, 1
    while spent < SECONDS:
        start = time.perf_counter()
        game.simulate(games=batch, players=players, policy=policy, seed=played)
        spent += time.perf_counter() - start
        played += batch
        batch *= 2
    return played / spent


def main() -> None:
    print(f"{platform.python_version()} on {platform.platform()}, {os.cpu_count()} cores")
    print("game           policy     players: measured games/s (table)")
    for game in GAMES:
        for policy, table in GAMES_PER_SECOND[game.FACTS.name].items():
            counts = sorted({*table, game.FACTS.max_players if game.FACTS.max_players < 10 else 8})
            if table[1] < 0.1:  # a game takes longer than a class waits: nothing to size
                print(f"{game.FACTS.name:14s} {policy:10s} not measured (table: {table})")
                continue
            cells = [
                f"{p}: {games_per_second(game, policy, p):,.2f} ({table.get(p, '-')})"
                for p in counts
            ]
            print(f"{game.FACTS.name:14s} {policy:10s} " + " · ".join(cells), flush=True)
    print("\none Run of the explorer, 1 player, standard rules against the default what-if")
    for game in GAMES:
        for policy in ("random", "greedy", "lookahead"):
            games = min(2000, largest_run(game, policy, 1))
            if games == 0:
                print(f"{game.FACTS.name:14s} {policy:10s} refused (too slow for a class)")
                continue
            explorer = WhatIfExplorer(game=game, policy=policy, games=games, seed=0)
            start = time.perf_counter()
            explorer.run()
            spent = time.perf_counter() - start
            print(f"{game.FACTS.name:14s} {policy:10s} 2 x {games:,} games: {spent:.2f} s")


if __name__ == "__main__":
    main()
