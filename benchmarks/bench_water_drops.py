"""Water drops speed: games/second of ``simulate`` and milliseconds to score a 25-card orchard.

"random" and "greedy" make the shared policies' choices by faster routes (no Move list for
random; remembered per-square gains for greedy, ``Board.best_placement``); "lookahead" makes
``policies.LookaheadPolicy``'s choices by lean greedy playouts (``wd.LookaheadPolicy``,
``Game.greedy_outcome``). The
last lines give lookahead seconds per game for 2, 4 and 5 players, fast and (with a fourth
argument ``generic``) the shared ``policies.LookaheadPolicy`` on the same games; both must
end with the same scores. Run: ``.venv/bin/python benchmarks/bench_water_drops.py
[games] [lookahead_games] [rollouts] [generic]`` (defaults 1000, 1, 8). Wall-clock and cpu
times are both printed: on a shared machine the wall clock also counts other programs' turns.

Figures (seed 0, 8 rollouts, 1 game, cpu seconds per game, Python 3.11, 2 cores): before
this route (LookaheadPolicy with the fast greedy rollouts) 50.0 / 32.0 / 41.9 for 2 / 4 / 5
players; with it 22.7 / 10.8 / 12.1, same final scores.

The package template (rules.py, policies.py, Board.gain/undo/best_placement/place_best,
Game.greedy_outcome) changed no speed. Before and after run alternately on a loaded shared
machine, best of two, per cpu second, 2 / 4 / 5 players: random 760 / 765 / 721 games before,
723 / 758 / 781 after; greedy 186 / 208 / 190 before, 187 / 213 / 203 after; lookahead cpu
seconds per game 25.8 / 12.9 / 14.1 before, 25.9 / 13.0 / 13.0 after (same final scores).
"""

from __future__ import annotations

import os
import platform
import sys
import time

import numpy as np

from orchard_lab import policies
from orchard_lab import water_drops as wd

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
LOOKAHEAD_GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 1
ROLLOUTS = int(sys.argv[3]) if len(sys.argv) > 3 else 8
GENERIC = len(sys.argv) > 4 and sys.argv[4] == "generic"
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


def lookahead_seconds_per_game(games: int, players: int, rollouts: int) -> None:
    """Seconds per lookahead game, the fast route and (GENERIC) the shared policy."""

    def new_game(game_seed: int) -> wd.Game:
        return wd.Game.new(players=players, seed=game_seed)

    routes = {"fast": lambda: wd.simulate(games, players, "lookahead", 0, rollouts=rollouts)}
    if GENERIC:
        routes["generic"] = lambda: policies.run_games(
            new_game, games, players, "lookahead", 0, rollouts
        )
    results = []
    for name, run in routes.items():
        wall, cpu = time.perf_counter(), time.process_time()
        results.append(run())
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"  lookahead {players} players, {name:>7}: {wall / games:7.2f} s wall "
            f"({cpu / games:7.2f} s cpu) per game"
        )
    assert all(np.array_equal(results[0], other) for other in results[1:]), "same scores"


def orchard_of_25_cards(seed: int) -> wd.Board:
    """The first 25 cards (start + 24) of player 0 in a greedy 2-player game."""
    game = wd.Game.new(players=2, seed=seed)
    while len(game.boards[0].placed) < 24:
        game.play(wd.greedy_policy(game))
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
    assert all(len(board.cards()) == 25 for board in boards)
    score = mean_ms(lambda board: board.score(), boards)
    groups = mean_ms(lambda board: board.groups(), boards)
    print(f"score() of a 25-card orchard, from scratch: {score[0]:.3f} ms ({score[1]:.3f} cpu)")
    print(f"groups() of a 25-card orchard: {groups[0]:.3f} ms ({groups[1]:.3f} cpu)")
    print(f"simulate, seed 0 (lookahead: {ROLLOUTS} rollouts per move):")
    for policy in ("random", "greedy"):
        for players in PLAYERS:
            games_per_second(GAMES, players, policy)
    print(f"lookahead seconds per game ({ROLLOUTS} rollouts per move):")
    for players in PLAYERS:
        lookahead_seconds_per_game(LOOKAHEAD_GAMES, players, ROLLOUTS)


if __name__ == "__main__":
    main()
