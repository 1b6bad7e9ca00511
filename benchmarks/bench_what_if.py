"""Games a second of each game's ``simulate``, by policy and players: the what-if's table.

``WhatIfExplorer`` sizes its chunks and caps its runs from each game's ``games_per_second``
(``orchard_lab/data/games_per_second.json``); this prints the same figures measured on this
machine beside them, then times one Run of the explorer per game and policy (the largest
run allowed, at most 2,000 games per rule set), and the Run of issue 11: 2 × 2,000 greedy
2-player water drops games, against the generic path. Run:
``.venv/bin/python benchmarks/bench_what_if.py [seconds per measurement] [game ...]`` (the
games named alone, e.g. ``water_drops``; the run of issue 11 only with water drops).

Issue 11 (2 x 2,000 greedy 2-player water drops games, rule sets standard and per_drop; cpu
time, 2 shared cores under load 8-10): 26.6 s with the numpy batches (per_drop then played
game by game), 2x the generic path's 56 s; 1.36 s with the compiled engine (6.3 s wall at
that load), 44x the generic path's 60 s. The engine compiles on its first call after an
edit (about 15 s, then cached beside the source): the run is timed after a warm-up.

Issue 24 (the same Run; load 7-15, the code before and after timed one after the other, 3
runs each): "per_drop" greedy played its gains through a kernel call per move that laid
and lifted the card, and the kernels counted references to their arrays; with both gone,
the kernel CPU (the two rule sets' ``simulate`` alone) 2.23-2.31 -> 0.71-0.72 s, the Run
2.24-2.33 -> 0.72-0.75 s cpu. One player: 1.47-1.55 -> 0.59-0.61 s kernel CPU.
"""

from __future__ import annotations

import os
import platform
import sys
import time

from orchard_lab import apple_batches, policies, stacked_trees, water_drops
from orchard_lab import games as registry
from orchard_lab.widgets.what_if import WhatIfExplorer, largest_run

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
GAMES = tuple(
    game
    for game in (apple_batches, water_drops, stacked_trees)
    if len(sys.argv) < 3 or game.FACTS.name in sys.argv[2:]
)


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
        for policy, table in registry.entry(game.FACTS.name).games_per_second.items():
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
    if water_drops in GAMES:
        issue_11()


def issue_11(games: int = 2000, generic_games: int = 10) -> None:
    """The what-if of issue 11: ``WhatIfExplorer(game=water_drops)``, greedy, 2 players,
    2 x ``games`` games (its default rule sets), against the generic ``policies.run_games``
    with ``GreedyPolicy`` on ``generic_games`` games per rule set, scaled up. The explorer
    refuses runs longer than the game's ``games_per_second`` allows, so this process lets it
    run ``games`` (the table must allow the measured speed for a class to ask as much)."""
    speeds = registry.entry("water_drops").games_per_second
    table = speeds["greedy"]
    allowed = largest_run(water_drops, "greedy", 2)
    speeds["greedy"] = {**table, 2: 2 * games}  # type: ignore[index]
    explorer = WhatIfExplorer(game=water_drops, policy="greedy", players=2, games=games, seed=0)
    for rules in explorer.rules.values():  # load (or, after an edit, compile) the engine
        water_drops.simulate(2, 2, "greedy", seed=0, rules=rules)
    wall, cpu = time.perf_counter(), time.process_time()
    explorer.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    speeds["greedy"] = table  # type: ignore[index]
    played = {key: len(result) for key, result in explorer.results.items()}
    assert set(played.values()) == {games}, played
    kernel = time.process_time()
    for rules in explorer.rules.values():
        water_drops.simulate(games, 2, "greedy", seed=0, rules=rules)
    kernel = time.process_time() - kernel
    start = time.process_time()
    for rules in explorer.rules.values():

        def new_game(seed: int, rules: water_drops.Rules = rules) -> water_drops.Game:
            return water_drops.Game.new(players=2, seed=seed, rules=rules)

        policies.run_games(new_game, generic_games, 2, "greedy", 0)
    generic = (time.process_time() - start) * games / generic_games
    print(
        f"\nissue 11: water drops greedy, 2 players, 2 x {games:,} games (rules "
        f"{', '.join(map(str, explorer.rules.values()))}): {cpu:.2f} s cpu ({wall:.2f} wall), "
        f"of which the kernel about {kernel:.2f} s cpu (the two sets' simulate alone); "
        f"generic path {generic:.1f} s cpu (from 2 x {generic_games} games): "
        f"{generic / cpu:.0f}x. The explorer's table allows {allowed:,} games per set now."
    )


if __name__ == "__main__":
    main()
