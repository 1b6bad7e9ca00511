"""Water drops speed: ``simulate`` games/s and lookahead ms per decision, against the generic path.

The generic path is ``policies.run_games`` with the generic ``RandomPolicy``/``GreedyPolicy``
over ``Game.new`` (and ``policies.LookaheadPolicy`` for lookahead); ``wd.simulate`` and
``wd.LookaheadPolicy`` play the same games in compiled code (``water_drops.engine``, numba).
Each figure is the better of two runs, wall clock and cpu time (``time.process_time``: the 2
cores are shared, so the wall clock also counts other programs' turns); the ratio is per cpu
second. Every run checks the fast table (and moves) equal the generic ones on the games
both play. Run: ``.venv/bin/python benchmarks/bench_water_drops.py [games] [generic_games]
[decisions]`` (defaults 2000, 100, 2). The first run in a checkout compiles the engine
(about 15 s of CPU, then cached beside the source); the timed runs come after a warm-up.

Figures (nproc 2 shared, load 8-10, Python 3.11.7, numpy 2.4.6, numba 0.68.1; games/s per
cpu second, 2 / 4 / 5 players; the ratio to the generic path in the same run):
- numpy batches: random 4311 / 5158 / 5142 (17-20x), greedy 460 / 772 / 716 (5.8-8.0x),
  lookahead 274 ms mean over all 50 decisions of a 2-player game (8.2x).
- compiled engine: random 22110 / 23722 / 24716 (80-110x), greedy 5712 / 7447 / 7247
  (77-86x), lookahead 27.5 ms mean, 75.9 max (84x); same tables and moves.

Issue 24 (2-core AMD EPYC shared with other agents, load 2.5-3; ``4000 60 1``; games/s per
cpu second, 1 / 2 / 3 players, the two runs one after the other):
- before (deals drawn in Python, ``np.random.default_rng`` per game): random 20490 / 22014 /
  23971, greedy 6383 / 5185 / 7010.
- deals drawn in the compiled loop (``orchard_lab.streams``): random 21602 / 23989 / 23909,
  greedy 6243 / 5043 / 6749. All of a random game's time is now the compiled
  ``_play_games`` (cProfile: nothing left in Python): about 1 us of dealing, 40 of play.
- and open squares kept as cards are laid (``_open`` read 5 squares for each square of the
  box, about 6 us of a 2-player random game): random 24687 / 26745 / 27650, greedy 6078 /
  4845 / 6810 (greedy's time is its gains: unchanged within the noise). Against the plain C
  reference in the same runs (``bench_against_c.py``, load 2.3-2.5), 2 players: random
  48828-52655 games/s in C, 24699-27178 here (1.9-2.0x); greedy 7626-9448 in C, 4211-4546
  here (1.8-2.1x).
- and the kernels that play compiled without numba's reference counts, "per_drop" greedy
  gains in the same lean kernel as the others (load 9.5-11, the code before and after run
  one after the other): random 25665 / 26737 / 27606 -> 41749 / 44391 / 48770, greedy 5347 /
  4354 / 6033 -> 7291 / 6196 / 8799; lookahead 38.4 -> 26.2 ms mean. Against the C
  reference in the same runs (``bench_against_c.py --only "water drops" --switches
  --repeat 3``, load 9-12; C ÷ orchard_lab, median of 3), before -> after: 2 players random
  1.65 -> 0.96, greedy 1.48 -> 1.02; solo random 1.43 -> 0.89, greedy 1.54 -> 1.12; under
  the switches (C playing the same switch) 0.81-1.13 after, where "per_drop" greedy was
  4.07 solo and 4.84 with 2 players before.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from orchard_lab import policies
from orchard_lab import water_drops as wd

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
GENERIC_GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
DECISIONS = int(sys.argv[3]) if len(sys.argv) > 3 else 2
PLAYERS = (1, 2, 3)
ROLLOUTS = 8


def machine() -> str:
    return (
        f"nproc {len(os.sched_getaffinity(0))}, Python {platform.python_version()}, "
        f"numpy {np.__version__}, {platform.platform()}, "
        f"{platform.processor() or platform.machine()}"
    )


def best_of_two(run: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall s, cpu s, result) of the faster of two runs (by cpu time)."""
    runs = []
    for _ in range(2):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        runs.append((time.perf_counter() - wall, time.process_time() - cpu, result))
    return min(runs, key=lambda r: r[1])


def simulate_row(policy: str, players: int) -> None:
    def new_game(seed: int) -> wd.Game:
        return wd.Game.new(players=players, seed=seed)

    wd.simulate(2, players, policy, seed=0)  # compile or load the engine before timing

    games = GAMES * (2 if policy == "random" else 1)
    generic_games = GENERIC_GAMES // (1 if policy == "random" else 2)
    wall, cpu, _ = best_of_two(lambda: wd.simulate(games, players, policy, seed=0))
    g_wall, g_cpu, table = best_of_two(
        lambda: policies.run_games(new_game, generic_games, players, policy, 0)
    )
    assert np.array_equal(wd.simulate(generic_games, players, policy, seed=0), table)
    fast, generic = games / cpu, generic_games / g_cpu
    print(
        f"  {policy:>6} {players} players: {fast:8.0f} games/s per cpu s ({games / wall:7.0f} "
        f"wall), generic {generic:6.0f} ({generic_games / g_wall:5.0f} wall): "
        f"{fast / generic:5.1f}x"
    )


def lookahead_rows() -> None:
    """Every decision of one 2-player game by ``wd.LookaheadPolicy``; the generic policy on
    the first DECISIONS positions of it, which must choose the same moves."""
    wd.LookaheadPolicy(rollouts=1, seed=0)(wd.Game.new(players=2, seed=1))  # warm-up
    game, positions, times = wd.Game.new(players=2, seed=0), [], []
    fast = wd.LookaheadPolicy(rollouts=ROLLOUTS, seed=0)
    while not game.is_over:
        positions.append(game.copy())
        wall, cpu = time.perf_counter(), time.process_time()
        move = fast(game)
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
        game.play(move)
    wall_ms, cpu_ms = (1000 * np.array(t) for t in zip(*times, strict=True))
    print(
        f"  fast, all {len(times)} decisions of a 2-player game: mean {cpu_ms.mean():6.1f} ms "
        f"cpu ({wall_ms.mean():6.1f} wall), median {np.median(cpu_ms):6.1f}, "
        f"max {cpu_ms.max():6.1f}"
    )
    first = positions[:DECISIONS]

    def decide(chooser: Callable[[wd.Game], wd.Move]) -> list[wd.Move]:
        return [chooser(position) for position in first]

    _, f_cpu, f_moves = best_of_two(lambda: decide(wd.LookaheadPolicy(ROLLOUTS, seed=1)))
    wall, cpu, moves = _once(lambda: decide(policies.LookaheadPolicy(ROLLOUTS, seed=1)))
    assert moves == f_moves, "the same choices"
    print(
        f"  first {len(first)} decisions: fast {1000 * f_cpu / len(first):7.1f} ms cpu, "
        f"generic {1000 * cpu / len(first):7.1f} ms cpu ({1000 * wall / len(first):7.1f} "
        f"wall): {cpu / f_cpu:5.1f}x, same moves"
    )


def _once(run: Callable[[], Any]) -> tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def main() -> None:
    print(machine())
    print(f"simulate, seed 0 (fast: {GAMES} greedy / {2 * GAMES} random games; generic fewer):")
    for policy in ("random", "greedy"):
        for players in PLAYERS:
            simulate_row(policy, players)
    print(f"lookahead hint, {ROLLOUTS} rollouts per move and world:")
    lookahead_rows()


if __name__ == "__main__":
    main()
