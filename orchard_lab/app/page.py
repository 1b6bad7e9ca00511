"""The pupils' page of one game: the board, the rule walkthrough and the what-if, no code.

``game_page(slug)`` composes the existing widgets under plain headings; it holds no rule.
``GAMES`` maps the slug a teacher types (``apple-batches``) to the game's package.

>>> sorted(GAMES)
['apple-batches', 'stacked-trees', 'water-drops']
>>> game_page("water-drops").widget.children[0].value.startswith("<style>")
True
>>> page_title("water-drops")
'Water drops · orchard_lab'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import ipywidgets as w

from orchard_lab import apple_batches, stacked_trees, water_drops
from orchard_lab.core import check_type
from orchard_lab.widgets import (
    AppleBatchesBoard,
    StackedTreesBoard,
    WaterDropsBoard,
    WhatIfExplorer,
    rule_walkthrough,
)

__all__ = ["GAMES", "GAME_VARIABLE", "GamePage", "game_page", "page_title"]

GAME_VARIABLE = "ORCHARD_LAB_GAME"  # the environment variable naming the game served

GAMES: dict[str, ModuleType] = {
    "apple-batches": apple_batches,
    "water-drops": water_drops,
    "stacked-trees": stacked_trees,
}
_BOARDS: dict[str, Callable[[], Any]] = {
    "apple-batches": AppleBatchesBoard,
    "water-drops": WaterDropsBoard,
    "stacked-trees": StackedTreesBoard,
}
_CSS = """
.orchard-app {max-width: 1180px; margin: 0 auto; padding: 8px 12px; box-sizing: border-box;
  min-width: 0; font-family: system-ui, sans-serif; color: #1a1a1a}
.orchard-app h2 {font-size: 21px; margin: 14px 0 4px; border-top: 2px solid #c9d6e3;
  padding-top: 10px}
.orchard-app > .widget-html:nth-child(2) h2 {border-top: none; margin-top: 0}
.orchard-app p.orchard-app-lead {font-size: 15px; margin: 0 0 6px}
.orchard-app .widget-html-content {white-space: normal}
"""


@dataclass(frozen=True)
class GamePage:
    """The parts of one game's page; ``widget`` is what the server shows."""

    board: Any
    walkthrough: Any
    what_if: WhatIfExplorer
    widget: w.VBox


def _section(title: str, lead: str) -> w.HTML:
    """A heading and one line saying what to do there."""
    return w.HTML(
        f"<h2>{html.escape(title)}</h2><p class='orchard-app-lead'>{html.escape(lead)}</p>"
    )


def _game(slug: str) -> ModuleType:
    check_type(slug, str, "slug")
    if slug not in GAMES:
        raise ValueError(f"slug must be one of {', '.join(GAMES)}, got {slug!r}")
    return GAMES[slug]


def page_title(slug: str) -> str:
    """The title of the game's page (its browser tab) for the game named ``slug``."""
    return f"{_game(slug).FACTS.title.capitalize()} · orchard_lab"


def game_page(slug: str) -> GamePage:
    """Build a fresh page for the game named ``slug`` (one of ``GAMES``)."""
    game = _game(slug)
    board = _BOARDS[slug]()
    walkthrough = rule_walkthrough(game)
    what_if = WhatIfExplorer(game=game)
    parts = [
        w.HTML(f"<style>{_CSS}</style>"),
        _section("Play", "Play a game on the board. Ask for a hint when you are stuck."),
        board.widget,
        _section("Learn the rules", "Press Next to see the rules one step at a time."),
        walkthrough.widget,
        _section("What if the rules changed?", "Change a rule in B, press Run, compare."),
        what_if.widget,
    ]
    return GamePage(board, walkthrough, what_if, w.VBox(parts).add_class("orchard-app"))
