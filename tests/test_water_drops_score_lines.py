"""The water drops board's "Explain my score": one short line per kind of group, not a wall
of text (issue 20, item 6)."""

from __future__ import annotations

import html
import re

from orchard_lab import water_drops as wd
from orchard_lab.widgets import WaterDropsBoard

ROW = re.compile(r"<tr><td><b>(\w+)</b></td><td>(.*?)</td><td[^>]*>(-?\d+)</td></tr>")
LINE = re.compile(r"<li>(.*?)(?: \((\d+) groups\))?</li>")


def _finished(seed: int) -> wd.Game:
    game = wd.Game.new(players=2, seed=seed)
    while not game.is_over:
        game.play(wd.greedy_policy(game))
    return game


def test_each_group_is_a_short_line_under_its_fruit_scoring_ones_first() -> None:
    board = WaterDropsBoard()
    board.load(_finished(3))
    orchard = board.game.boards[0]
    rows = ROW.findall(board.score_text.value)
    assert [name for name, _, _ in rows] == list(orchard.score().parts)
    for name, cell, points in rows:
        groups = [g for g in orchard.groups() if wd.FRUIT_NAMES[g.fruit][0] == name]
        lines = [(html.unescape(why), int(count or 1)) for why, count in LINE.findall(cell)]
        assert all(len(why) <= 60 and ";" not in why for why, _ in lines), lines
        assert sorted(why for why, count in lines for _ in range(count)) == sorted(
            g.reason for g in groups
        )  # every group once, as the engine says it
        earned = [next(g.points for g in groups if g.reason == why) for why, _ in lines]
        assert earned == sorted(earned, reverse=True)  # what scores comes first
        assert sum(p * count for p, (_, count) in zip(earned, lines, strict=True)) == int(points)


def test_a_fruit_without_a_group_says_so() -> None:
    board = WaterDropsBoard()
    board.load(wd.Game.new(players=1, seed=0))
    rows = {name: cell for name, cell, _ in ROW.findall(board.score_text.value)}
    empty = [name for name in rows if "<li>" not in rows[name]]
    assert empty and all(rows[name].startswith("no ") for name in empty)
