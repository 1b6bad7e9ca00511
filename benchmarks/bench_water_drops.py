"""Water drops speed: games/second of ``simulate`` and milliseconds to score a 25-card orchard.

"random" and "greedy" make the shared policies' choices by faster routes (no Move list for
random; remembered per-square gains for greedy); "lookahead" is ``policies.LookaheadPolicy``
with those greedy rollouts. Run: ``.venv/bin/python benchmarks/bench_water_drops.py
[games] [lookahead_games] [rollouts]`` (defaults 1000, 1, 8). Wall-clock and cpu times are
both printed: on a shared machine the wall clock also counts other programs' turns.
"""

from __future__ import annotations

import os
import platform
import sys
import time

import numpy as np

from orchard_lab import water_drops as wd
from orchard_lab.water_drops.game import greedy_policy

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
LOOKAHEAD_GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 1
ROLLOUTS = int(sys.argv[3]) if len(sys.argv) > 3 else 8
PLAYERS = (2, 4, 5)


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores; numpy {np.__version__}"
    )


def games_per_second(games: int, players: int, policy: str, rollouts: int = 8) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    wd.simulate(games=games, players=players, policy=policy, seed=0, rollouts=rollouts)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"  {policy:>9} {players} players: {games:>5} games in {wall:7.2f} s wall "
        f"({cpu:7.2f} s cpu) = {games / wall:8.2f} games/s ({games / cpu:8.2f} per cpu s)"
    )


def orchard_of_25_cards(seed: int) -> wd.Board:
    """The first 25 cards (start + 24) of player 0 in a greedy 2-player game."""
    game = wd.Game.new(players=2, seed=seed)
    while len(game.boards[0].placed) < 24:
        game.play(greedy_policy(game))
    return game.boards[0]


def mean_ms(action, boards: list[wd.Board], repeats: int = 200) -> tuple[float, float]:
    """Milliseconds per call, wall clock and cpu time."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeats):
        for board in boards:
            action(board)
    calls = repeats * len(boards)
    return (time.perf_counter() - wall) * 1000 / calls, (time.process_time() - cpu) * 1000 / calls


def main() -> None:
    print(machine())
    boards = [orchard_of_25_cards(seed) for seed in range(10)]
    assert all(len(board.cards) == 25 for board in boards)
    score = mean_ms(lambda board: board.score(), boards)
    groups = mean_ms(lambda board: board.groups(), boards)
    print(f"score() of a 25-card orchard, from scratch: {score[0]:.3f} ms ({score[1]:.3f} cpu)")
    print(f"groups() of a 25-card orchard: {groups[0]:.3f} ms ({groups[1]:.3f} cpu)")
    print(f"simulate, seed 0 (lookahead: {ROLLOUTS} rollouts per move):")
    for policy in ("random", "greedy"):
        for players in PLAYERS:
            games_per_second(GAMES, players, policy)
    for players in PLAYERS:
        games_per_second(LOOKAHEAD_GAMES, players, "lookahead", ROLLOUTS)


if __name__ == "__main__":
    main()
