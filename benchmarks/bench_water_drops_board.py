"""Milliseconds per click on the water drops board, Python side.

A click is timed from the button's ``click()`` to its return: the engine move, the other
players' greedy answers and every view update (market, your orchard with its group
outlines and ghosts, group list, score, turn line, other players' orchards, summary). The
browser's redraw comes on top. Target: every click under 20 ms. Run:
``.venv/bin/python benchmarks/bench_water_drops_board.py [seeds]``.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from importlib.metadata import version

from orchard_lab.widgets import WaterDropsBoard

SEEDS = range(int(sys.argv[1]) if len(sys.argv) > 1 else 5)


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {os.cpu_count()} cores; ipywidgets {version('ipywidgets')}"
    )


def clicks_ms(players: int) -> dict[str, list[float]]:
    """Times in ms of every market click and every square click (with the answers)."""
    board = WaterDropsBoard(players=players, seed=0, policy="greedy")
    times: dict[str, list[float]] = {"card": [], "square": [], "hint": [], "undo": []}
    for seed in SEEDS:
        board.new_game(seed=seed)
        turn = 0
        while not board.game.is_over:
            start = time.perf_counter()
            board.market_buttons[0].click()
            middle = time.perf_counter()
            lit = [at for at in board.legal_squares() if board.open_buttons[at]]
            board.open_buttons[lit[-1]].click()
            end = time.perf_counter()
            times["card"].append(middle - start)
            times["square"].append(end - middle)
            turn += 1
            if turn % 4 == 0 and not board.game.is_over:
                start = time.perf_counter()
                board.hint_button.click()
                times["hint"].append(time.perf_counter() - start)
                start = time.perf_counter()
                board.undo_button.click()
                times["undo"].append(time.perf_counter() - start)
                board.market_buttons[0].click()
                board.open_buttons[board.legal_squares()[0]].click()
    assert "did not work" not in board.message.value, board.message.value
    return {kind: [1000 * t for t in each] for kind, each in times.items()}


def main() -> None:
    print(machine())
    print(f"{len(SEEDS)} whole games per player count; others play greedy")
    print("players  click      mean ms  median ms  95% ms  worst ms  clicks")
    for players in (1, 2, 3, 4, 5):
        for kind, each in clicks_ms(players).items():
            each.sort()
            print(
                f"{players:>7}  {kind:<9} {statistics.mean(each):>8.1f} "
                f"{statistics.median(each):>10.1f} {each[int(0.95 * len(each))]:>7.1f} "
                f"{each[-1]:>9.1f} {len(each):>7}"
            )


if __name__ == "__main__":
    main()
