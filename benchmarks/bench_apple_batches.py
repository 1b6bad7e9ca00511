"""Apple batches speed: games/second of ``simulate`` and µs per ``Board.place`` + ``score``.

"random" and "greedy" run vectorised across games (numpy, one core); "lookahead" plays game by
game through ``policies.run_games``. Run: ``.venv/bin/python benchmarks/bench_apple_batches.py``
(optional argument: games for random/greedy, default 10000).
"""

from __future__ import annotations

import os
import platform
import sys
import time

import numpy as np

from orchard_lab import apple_batches as ab

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
LOOKAHEAD_GAMES = {1: 4, 4: 1}


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores; numpy {np.__version__}"
    )


def games_per_second(games: int, players: int, policy: str) -> tuple[float, float]:
    start = time.perf_counter()
    ab.simulate(games=games, players=players, policy=policy, seed=0)
    seconds = time.perf_counter() - start
    return seconds, games / seconds


def place_and_score_us(rounds: int = 2000) -> float:
    """A fresh board filled with 12 cards (one place + one score each), per card."""
    rng = np.random.default_rng(0)
    deck = ab.default_deck()
    hands = [[deck[i] for i in rng.permutation(75)[:12]] for _ in range(rounds)]
    plans = []
    for hand in hands:  # choose legal batches beforehand: only place + score are timed
        board, plan = ab.Board(), []
        for card in hand:
            batch = ab.BATCHES[int(rng.integers(8))]
            batch = batch if board.can_place(card, batch) else "bad"
            board.place(card, batch)
            plan.append((card, batch))
        plans.append(plan)
    start = time.perf_counter()
    for plan in plans:
        board = ab.Board()
        for card, batch in plan:
            board.place(card, batch)
            board.score()
    return 1e6 * (time.perf_counter() - start) / (rounds * 12)


def main() -> None:
    print(machine())
    for policy in ("random", "greedy"):
        for players in (1, 4):
            seconds, rate = games_per_second(GAMES, players, policy)
            print(
                f"simulate {policy:9} {players} player(s): {GAMES} games in {seconds:.2f} s "
                f"= {rate:,.0f} games/s"
            )
    for players, games in LOOKAHEAD_GAMES.items():
        seconds, rate = games_per_second(games, players, "lookahead")
        print(
            f"simulate lookahead {players} player(s), 8 rollouts: {games} games in "
            f"{seconds:.2f} s = {rate:.2f} games/s"
        )
    print(f"Board.place + score: {place_and_score_us():.1f} µs per card")


if __name__ == "__main__":
    main()
