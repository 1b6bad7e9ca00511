"""Milliseconds per click on the stacked trees board, per ghost preview, and the seconds of
"how well could I have done?".

A click is timed on the Python side: the engine move and every view update (grid, hand,
buttons, supply, score, summary). The browser's redraw comes on top. Targets: a click under
20 ms; a ghost preview under 20 ms per move of the pointer or key; the best line and the
comparison under 10 s. Run: ``.venv/bin/python benchmarks/bench_stacked_trees_board.py``.
"""

from __future__ import annotations

import functools
import os
import platform
import time
from importlib.metadata import version

from orchard_lab import stacked_trees as st
from orchard_lab.widgets import StackedTreesBoard, rule_walkthrough

SEEDS = range(10)


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores; plotly {version('plotly')}, ipywidgets {version('ipywidgets')}"
    )


def _ms(times: list[float]) -> str:
    return f"mean {1000 * sum(times) / len(times):6.2f} ms, worst {1000 * max(times):6.2f} ms"


def clicks() -> dict[str, list[float]]:
    """Whole games by clicks: choose, turn, the cell once (ghost), the cell again (place)."""
    board = StackedTreesBoard(seed=0)
    times: dict[str, list[float]] = {"choose": [], "turn": [], "ghost": [], "place": []}
    for seed in SEEDS:
        board.new_game(seed=seed)
        while not board.game.is_over:
            move = board.game.legal_moves()[len(board.game.history) % 7]
            for name, action in (
                ("choose", board.hand_buttons[board.game.hand.index(move.card)].click),
                *[("turn", board.right_button.click)] * (move.rotation // 90),
                ("ghost", functools.partial(board.grid.click, move.at)),
                ("place", functools.partial(board.grid.click, move.at)),
            ):
                start = time.perf_counter()
                action()
                times[name].append(time.perf_counter() - start)
            if move.rotten:
                start = time.perf_counter()
                board.confirm_button.click()
                times["place"].append(time.perf_counter() - start)
    assert "did not work" not in board.message.value, board.message.value
    return times


def keyed_ghosts() -> list[float]:
    """The ghost moved one cell by a key (d), over every cell of a late orchard."""
    board = StackedTreesBoard(seed=1)
    for _ in range(6):
        board.hint()
        board.place()
        if board.confirm_button.layout.display != "none":
            board.confirm()
    board.select_card(0)
    rmin, rmax, cmin, cmax = board.game.boards[0].bounds()
    times = []
    for row in range(rmin - 2, rmax + 1):
        board.preview((row, cmin - 2))
        for _ in range(cmax - cmin + 2):
            start = time.perf_counter()
            board.keys.value = "d"
            times.append(time.perf_counter() - start)
    return times


def how_well_seconds() -> tuple[float, dict[str, float]]:
    board = StackedTreesBoard(seed=0)
    start = time.perf_counter()
    board.how_well(wait=True)
    return time.perf_counter() - start, board.comparison


def main() -> None:
    print(machine())
    start = time.perf_counter()
    StackedTreesBoard(seed=0)
    print(f"first board of the session: {1000 * (time.perf_counter() - start):7.1f} ms (once)")
    for name, times in clicks().items():
        print(f"{name:6s} click ({len(times):3d} clicks over {len(SEEDS)} games): {_ms(times)}")
    print(f"ghost moved by a key (d), late orchard: {_ms(keyed_ghosts())}")
    start = time.perf_counter()
    tour = rule_walkthrough(st)
    built = time.perf_counter() - start
    slowest = 0.0
    while not tour.next_button.disabled:
        start = time.perf_counter()
        tour.next_button.click()
        slowest = max(slowest, time.perf_counter() - start)
    print(f"rule walkthrough: built in {1000 * built:.1f} ms, slowest Next {1000 * slowest:.1f} ms")
    seconds, comparison = how_well_seconds()
    print(f"how well could I have done (seed 0): {seconds:5.2f} s, {comparison}")


if __name__ == "__main__":
    main()
