"""Apple batches speed: games/second of ``simulate``, ms per lookahead hint, µs per card.

"random" and "greedy" run vectorised across games (numpy, one core); "lookahead" plays game by
game with ``ab.LookaheadPolicy``, each decision's (move × rollout) continuations batched into
one numpy playout. For comparison it also times one opening decision of the generic
``policies.LookaheadPolicy``. Run: ``.venv/bin/python benchmarks/bench_apple_batches.py``
(optional argument: games for random/greedy, default 10000).
"""

from __future__ import annotations

import os
import platform
import sys
import time

import numpy as np

from orchard_lab import apple_batches as ab
from orchard_lab import policies

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
LOOKAHEAD_GAMES = {1: 100, 4: 5}
HINT_GAMES = 3


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


def hint_ms(players: int, policy: policies.Policy) -> tuple[float, float]:
    """(mean, slowest) ms of one lookahead decision over every turn of ``HINT_GAMES`` games."""
    times = []
    for seed in range(HINT_GAMES):
        game = ab.Game.new(players=players, seed=seed)
        while not game.is_over:
            start = time.perf_counter()
            move = policy(game)
            times.append(1e3 * (time.perf_counter() - start))
            game.play(move)
    return float(np.mean(times)), max(times)


def opening_ms(players: int, policy: policies.Policy) -> float:
    """ms of the first decision of a game (the most moves and the longest rollouts)."""
    game = ab.Game.new(players=players, seed=0)
    start = time.perf_counter()
    policy(game)
    return 1e3 * (time.perf_counter() - start)


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
    for players in (1, 4):
        mean, slowest = hint_ms(players, ab.LookaheadPolicy(rollouts=8, seed=0))
        print(
            f"hint (ab.LookaheadPolicy, 8 rollouts) {players} player(s): {mean:.1f} ms per "
            f"decision on average, {slowest:.1f} ms at most ({HINT_GAMES} games)"
        )
        fast = opening_ms(players, ab.LookaheadPolicy(rollouts=8, seed=0))
        generic = opening_ms(players, policies.LookaheadPolicy(rollouts=8, seed=0))
        print(
            f"opening decision {players} player(s), 8 rollouts: {fast:.1f} ms batched, "
            f"{generic:.0f} ms generic policies.LookaheadPolicy (x{generic / fast:.0f})"
        )
    print(f"Board.place + score: {place_and_score_us():.1f} µs per card")


if __name__ == "__main__":
    main()
