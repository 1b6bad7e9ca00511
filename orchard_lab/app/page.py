"""The pupils' page of one game: the board, the rule walkthrough and the what-if, no code.

``game_page(slug)`` composes the existing widgets under plain headings; it holds no rule.
Any registered game (``games``) has a page, named by the slug a teacher types
(``apple-batches``).

>>> game_page("water-drops").widget.children[0].value.startswith("<style>")
True
>>> page_title("water-drops")
'Water drops · orchard_lab'
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from orchard_lab import games
from orchard_lab.core import check_type
from orchard_lab.widgets import WhatIfExplorer

__all__ = ["GAME_VARIABLE", "GamePage", "game_page", "page_title"]

GAME_VARIABLE = "ORCHARD_LAB_GAME"  # the environment variable naming the game served

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


def _game(slug: str) -> games.GameEntry:
    check_type(slug, str, "slug")
    names = [entry.slug for entry in games.entries() if entry.board is not None]
    if slug not in names:
        raise ValueError(f"slug must be one of {', '.join(names)}, got {slug!r}")
    return games.entry(slug)


def page_title(slug: str) -> str:
    """The title of the game's page (its browser tab) for the game named ``slug``."""
    return f"{_game(slug).title.capitalize()} · orchard_lab"


def game_page(slug: str) -> GamePage:
    """Build a fresh page for the registered game named ``slug``."""
    game = _game(slug)
    board = game.board_class()()
    walkthrough = game.new_walkthrough()
    what_if = WhatIfExplorer(game=game.module)
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
