"""Apple batches speed (issue 15): ``simulate`` games/s and a lookahead reply's ms, each with
its ratio to the generic path in the same run.

The generic path is ``policies.run_games`` with the generic ``RandomPolicy``/``GreedyPolicy``
over ``Game.new``, and ``policies.LookaheadPolicy`` for lookahead; ``ab.simulate`` and
``ab.LookaheadPolicy`` are the fast paths (``apple_batches.fast``, ``apple_batches.policies``).
Times are cpu seconds (``time.process_time``: the 2 cores are shared, so the wall clock also
counts other programs' turns), the better of two runs; wall figures are shown beside them.
The run checks that the fast lookahead chooses the generic policy's moves.

Goals: 300,000 greedy solo games/s; a lookahead reply (8 rollouts, as the board uses) under
50 ms. Run: ``.venv/bin/python benchmarks/bench_apple_batches.py [games] [generic_games]``
(defaults 20000 and 200).

Figures (nproc 2 shared with other work, Python 3.11.7, numpy 2.4.6; cpu; one run each, the
before and after runs one after the other; x: the ratio to the generic path in the same run).
Before is the numpy path that computed the rules per turn (1158b17), after the lookup tables:

    games/s               before                         after
    random 1/2/4 players  96k / 42k / 14k (41/33/29x)    858k / 290k / 84k (385/240/164x)
    greedy 1/2/4 players  158k / 67k / 24k (81/66/63x)   1,223k / 446k / 119k (564/445/308x)
    lookahead reply, slowest decision of a game, 2 / 3 / 4 / 6 players (generic opening
    decision 264 / 406 / 1891 / 2900 ms): before 10.6 / 13.8 / 35.8 / 56.4 ms, after 2.5 /
    3.1 / 6.3 / 9.6 ms (means 0.9 / 1.1 / 2.3 / 3.2 ms).
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from orchard_lab import apple_batches as ab
from orchard_lab import policies

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
GENERIC_GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 200
PLAYERS = (1, 2, 4)
LOOKAHEAD_PLAYERS = (2, 3, 4, 6)
ROLLOUTS = 8  # what a board's hint uses (the default of ab.hint)
GOAL_GREEDY_SOLO = 300_000
GOAL_REPLY_MS = 50


def machine() -> str:
    return (
        f"nproc {len(os.sched_getaffinity(0))}, Python {platform.python_version()}, "
        f"numpy {np.__version__}, {platform.platform()}, "
        f"{platform.processor() or platform.machine()}"
    )


def timed(run: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall s, cpu s, result) of one run."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def best_of_two(run: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall s, cpu s, result) of the faster of two runs (by cpu time)."""
    return min((timed(run) for _ in range(2)), key=lambda r: r[1])


def simulate_row(policy: str, players: int) -> float:
    """Print fast and generic games/s and their ratio; return the fast games/s (cpu)."""

    def new_game(seed: int) -> ab.Game:
        return ab.Game.new(players=players, seed=seed)

    wall, cpu, table = best_of_two(lambda: ab.simulate(GAMES, players, policy, seed=0))
    assert table.shape == (GAMES, players)
    g_wall, g_cpu, _ = best_of_two(
        lambda: policies.run_games(new_game, GENERIC_GAMES, players, policy, 0)
    )
    fast, generic = GAMES / cpu, GENERIC_GAMES / g_cpu
    print(
        f"  {policy:>6} {players} player{'s' if players > 1 else ' '}: {fast:9,.0f} games/s cpu "
        f"({GAMES / wall:9,.0f} wall); generic {generic:6,.0f} ({GENERIC_GAMES / g_wall:6,.0f} "
        f"wall): {fast / generic:6.0f}x"
    )
    return fast


def lookahead_row(players: int) -> float:
    """Every decision of one game by ``ab.LookaheadPolicy``; the generic policy on the
    opening position (the most moves and the longest rollouts) must choose the same move.
    Return the slowest decision's cpu ms."""
    game, times = ab.Game.new(players=players, seed=0), []
    chooser = ab.LookaheadPolicy(rollouts=ROLLOUTS, seed=0)
    while not game.is_over:
        wall, cpu, move = timed(lambda: chooser(game))
        times.append((wall, cpu))
        game.play(move)
    wall_ms, cpu_ms = (1000 * np.array(t) for t in zip(*times, strict=True))
    opening = ab.Game.new(players=players, seed=0)
    _, f_cpu, f_move = best_of_two(lambda: ab.LookaheadPolicy(ROLLOUTS, seed=1)(opening))
    _, g_cpu, g_move = timed(lambda: policies.LookaheadPolicy(ROLLOUTS, seed=1)(opening))
    assert f_move == g_move, "the fast lookahead chooses the generic policy's move"
    print(
        f"  {players} players, all {len(times)} decisions: mean {cpu_ms.mean():5.1f} ms cpu "
        f"({wall_ms.mean():5.1f} wall), max {cpu_ms.max():5.1f} ({wall_ms.max():5.1f} wall); "
        f"opening {1000 * f_cpu:5.1f} ms, generic {1000 * g_cpu:6.0f} ms: "
        f"{g_cpu / f_cpu:4.0f}x, same move"
    )
    return float(cpu_ms.max())


def main() -> None:
    print(machine())
    print(f"simulate, seed 0 ({GAMES} fast games, {GENERIC_GAMES} generic):")
    rates = {
        (policy, players): simulate_row(policy, players)
        for policy in ("random", "greedy")
        for players in PLAYERS
    }
    print(f"lookahead reply, {ROLLOUTS} rollouts per move (seed 0 game, every decision):")
    slowest = max(lookahead_row(players) for players in LOOKAHEAD_PLAYERS)
    greedy_solo = rates["greedy", 1]
    print(
        f"goals: greedy solo {greedy_solo:,.0f} games/s (goal {GOAL_GREEDY_SOLO:,}: "
        f"{'met' if greedy_solo >= GOAL_GREEDY_SOLO else 'not met'}); slowest reply "
        f"{slowest:.1f} ms (goal {GOAL_REPLY_MS} ms: "
        f"{'met' if slowest < GOAL_REPLY_MS else 'not met'})"
    )


if __name__ == "__main__":
    main()
