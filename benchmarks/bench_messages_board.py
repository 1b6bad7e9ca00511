"""CPU milliseconds and comm messages per click on all three boards, Python side.

Whole games by clicks, as ``bench_water_drops_board.py`` times them (CPU time, each widget
message serialised to JSON as a kernel does, clicks with a full garbage collection set
apart): water drops and apple batches with 1 and 3 players (others greedy), stacked trees
solo (choose, turn, the ghost, place). Run:
``.venv/bin/python benchmarks/bench_messages_board.py [seeds]``.
"""

from __future__ import annotations

import functools
import statistics
import sys

from bench_water_drops_board import count_messages, machine, timed

from orchard_lab.widgets import AppleBatchesBoard, StackedTreesBoard, WaterDropsBoard

SEEDS = range(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
Clicks = dict[str, list[tuple[float, int, bool]]]


def water_drops(players: int) -> Clicks:
    board = WaterDropsBoard(players=players, seed=0)
    times: Clicks = {"card": [], "square": []}
    for seed in SEEDS:
        board.new_game(seed=seed)
        while not board.game.is_over:
            times["card"].append(timed(board.market_buttons[0].click))
            square = functools.partial(board.orchard.click, board.legal_squares()[-1])
            times["square"].append(timed(square))
    return times


def apple_batches(players: int) -> Clicks:
    board = AppleBatchesBoard(players=players, seed=0)
    times: Clicks = {"card": [], "batch": []}
    for seed in SEEDS:
        board.new_game(seed=seed)
        while not board.game.is_over:
            times["card"].append(timed(board.market_buttons[0].click))
            batch = board.game.boards[0].legal_batches(board.selected)[-1]
            times["batch"].append(timed(board.columns[batch]["button"].click))
    return times


def stacked_trees() -> Clicks:
    board = StackedTreesBoard(seed=0)
    times: Clicks = {"choose": [], "turn": [], "ghost": [], "place": []}
    for seed in SEEDS:
        board.new_game(seed=seed)
        while not board.game.is_over:
            move = board.game.legal_moves()[len(board.game.history) % 7]
            choose = board.hand_buttons[board.game.hand.index(move.card)]
            times["choose"].append(timed(choose.click))
            for _ in range(move.rotation // 90):
                times["turn"].append(timed(board.right_button.click))
            cell = functools.partial(board.grid.click, move.at)
            times["ghost"].append(timed(cell))
            times["place"].append(timed(cell))
            if move.rotten:
                board.confirm_button.click()
    return times


def main() -> None:
    count_messages()
    print(machine())
    print(f"{len(SEEDS)} whole games each; CPU time")
    print("board             click   mean ms  worst ms  worst w/o full gc  msgs mean  msgs max")
    for name, clicks in (
        ("water drops 1p", lambda: water_drops(1)),
        ("water drops 3p", lambda: water_drops(3)),
        ("apple batches 1p", lambda: apple_batches(1)),
        ("apple batches 3p", lambda: apple_batches(3)),
        ("stacked trees", stacked_trees),
    ):
        for kind, each in clicks().items():
            ms = [t for t, _, _ in each]
            calm = [t for t, _, full in each if not full] or [0.0]
            sent = [n for _, n, _ in each]
            print(
                f"{name:<17} {kind:<7} {statistics.mean(ms):>7.2f} {max(ms):>9.2f} "
                f"{max(calm):>18.2f} {statistics.mean(sent):>10.1f} {max(sent):>9}"
            )


if __name__ == "__main__":
    main()
