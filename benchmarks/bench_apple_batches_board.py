"""Milliseconds per click on the apple batches board, and a 10,000-game what-if comparison.

A click is timed on the Python side: the engine move, the other players' answers and every
view update (market, batches, both FigureWidgets, score text, opponents, turn). The
browser's redraw comes on top. Targets: a click under 50 ms; the what-if comparison of two
rule sets over 10,000 games each under 3 s. Run: ``.venv/bin/python
benchmarks/bench_apple_batches_board.py [games]``.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from importlib.metadata import version

from orchard_lab import apple_batches as ab
from orchard_lab.widgets import AppleBatchesBoard, WhatIfExplorer, rule_walkthrough

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
SEEDS = range(10)


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores; plotly {version('plotly')}, ipywidgets {version('ipywidgets')}"
    )


def clicks_ms(players: int, policy: str) -> tuple[float, float, float]:
    """Mean ms per market click, per batch click (with the answers), worst click."""
    board = AppleBatchesBoard(players=players, seed=0, policy=policy)
    card_times, batch_times = [], []
    for seed in SEEDS:
        board.new_game(seed=seed)
        while not board.game.is_over:
            start = time.perf_counter()
            board.market_buttons[0].click()
            middle = time.perf_counter()
            board.columns[board.game.boards[0].legal_batches(board.selected)[-1]]["button"].click()
            card_times.append(middle - start)
            batch_times.append(time.perf_counter() - middle)
    assert "did not work" not in board.message.value, board.message.value
    mean = lambda times: 1000 * sum(times) / len(times)  # noqa: E731
    return mean(card_times), mean(batch_times), 1000 * max(card_times + batch_times)


def first_click_ms() -> float:
    """The very first click of a session, while plotly loads its property validators."""
    board = AppleBatchesBoard(players=1, seed=0)
    start = time.perf_counter()
    board.market_buttons[0].click()
    board.columns["bad"]["button"].click()
    return 1000 * (time.perf_counter() - start)


def walkthrough_ms() -> tuple[float, float]:
    """Building the rule walkthrough, and the slowest Next click over all its steps."""
    start = time.perf_counter()
    tour = rule_walkthrough(ab)
    built = time.perf_counter() - start
    slowest = 0.0
    while not tour.next_button.disabled:
        start = time.perf_counter()
        tour.next_button.click()
        slowest = max(slowest, time.perf_counter() - start)
    return 1000 * built, 1000 * slowest


def main() -> None:
    print(machine())
    print(f"first card + batch click of the session: {first_click_ms():6.1f} ms (once)")
    built, slowest = walkthrough_ms()
    print(f"rule walkthrough: built in {built:6.1f} ms, slowest Next click {slowest:6.1f} ms")
    for players, policy in ((1, "greedy"), (3, "greedy"), (6, "random")):
        card, batch, worst = clicks_ms(players, policy)
        print(
            f"{players} player(s), others {policy:7s}: market click {card:6.2f} ms, "
            f"batch click {batch:6.2f} ms (incl. {players - 1} answers), worst {worst:6.2f} ms"
        )
    for players in (1, 3):
        explorer = WhatIfExplorer(rules_b=ab.Rules(easy=True), games=GAMES, players=players, seed=0)
        start = time.perf_counter()
        explorer.run()
        seconds = time.perf_counter() - start
        means = ", ".join(f"{name} {mean:.2f}" for name, mean in explorer.means().items())
        print(
            f"what-if {GAMES} games x 2 rule sets, {players} player(s), greedy: "
            f"{seconds:5.2f} s (means {means})"
        )


if __name__ == "__main__":
    main()
