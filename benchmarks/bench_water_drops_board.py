"""Milliseconds per click on the water drops board, Python side, and messages per click.

A click is timed in CPU time (``time.process_time``) from the button's ``click()`` to its
return: the engine move, the other players' greedy answers and every view update (market,
your orchard with its group outlines and ghosts, group list, score, turn line, other
players' orchards, summary), including the serialising of every widget message to JSON as
a kernel does (not its signing and socket send). Messages are the comm messages the click
sends to the browser, counted by wrapping the comm's send.
The browser's redraw comes on top (``bench_board_clicks.py``). Target: every click under
20 ms. A click during which Python ran a full (generation 2) garbage collection is counted
apart: such a pause grows with everything the kernel holds, not with the board. Run:
``.venv/bin/python benchmarks/bench_water_drops_board.py [seeds]``.
"""

from __future__ import annotations

import functools
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

import comm

from orchard_lab.widgets import WaterDropsBoard

SEEDS = range(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
SENT: list[str] = []
FULL_COLLECTIONS: list[int] = []


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {os.cpu_count()} cores; ipywidgets {version('ipywidgets')}"
    )


def _count(self: Any, msg_type: str, data: Any = None, *args: Any, **kwargs: Any) -> None:
    SENT.append(msg_type)
    json.dumps(data, default=str)  # the kernel's share of the cost of a message


def _collected(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info["generation"] == 2:
        FULL_COLLECTIONS.append(1)


def timed(click: Callable[[], None]) -> tuple[float, int, bool]:
    """CPU ms of one click, the messages it sent, whether a full collection ran in it."""
    SENT.clear()
    FULL_COLLECTIONS.clear()
    start = time.process_time()
    click()
    ms = 1000 * (time.process_time() - start)
    return ms, SENT.count("comm_msg"), bool(FULL_COLLECTIONS)


def clicks(players: int) -> dict[str, list[tuple[float, int, bool]]]:
    """Every market click, square click, turn, hint and undo of whole games."""
    board = WaterDropsBoard(players=players, seed=0, policy="greedy")
    times: dict[str, list[tuple[float, int, bool]]] = {
        "card": [], "turn": [], "square": [], "hint": [], "undo": [],
    }  # fmt: skip
    for seed in SEEDS:
        board.new_game(seed=seed)
        turn = 0
        while not board.game.is_over:
            times["card"].append(timed(board.market_buttons[0].click))
            if board.game.rules.allow_rotation:
                times["turn"].append(timed(board.turn_button.click))
            lit = board.legal_squares()
            times["square"].append(timed(functools.partial(board.orchard.click, lit[-1])))
            turn += 1
            if turn % 4 == 0 and not board.game.is_over:
                times["hint"].append(timed(board.hint_button.click))
                times["undo"].append(timed(board.undo_button.click))
                board.market_buttons[0].click()
                board.orchard.click(board.legal_squares()[0])
    assert "did not work" not in board.message.value, board.message.value
    return times


def count_messages() -> None:
    """From now on, count every comm message and every full garbage collection."""
    comm.DummyComm.publish_msg = _count  # type: ignore[method-assign]
    gc.callbacks.append(_collected)


def main() -> None:
    count_messages()
    print(machine())
    print(f"{len(SEEDS)} whole games per player count; others play greedy; CPU time")
    print(
        "players  click    mean ms  median ms  95% ms  worst ms  worst w/o full gc  "
        "msgs mean  msgs max  clicks"
    )
    for players in (1, 2, 3, 4, 5):
        for kind, each in clicks(players).items():
            if not each:
                continue
            ms = sorted(t for t, _, _ in each)
            calm = [t for t, _, full in each if not full] or [0.0]
            sent = [n for _, n, _ in each]
            print(
                f"{players:>7}  {kind:<7} {statistics.mean(ms):>8.1f} "
                f"{statistics.median(ms):>10.1f} {ms[int(0.95 * len(ms))]:>7.1f} "
                f"{ms[-1]:>9.1f} {max(calm):>18.1f} {statistics.mean(sent):>10.1f} "
                f"{max(sent):>9} {len(ms):>7}"
            )


if __name__ == "__main__":
    main()
