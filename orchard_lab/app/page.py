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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from orchard_lab import games
from orchard_lab.class_inbox import Sent
from orchard_lab.core import check_type
from orchard_lab.language import _
from orchard_lab.widgets import WhatIfExplorer
from orchard_lab.widgets.result_sender import ResultSender
from orchard_lab.widgets.styles import style_html, text_properties

__all__ = ["GAME_VARIABLE", "TEXT_ON", "GamePage", "game_page", "page_title", "style"]

GAME_VARIABLE = "ORCHARD_LAB_GAME"  # the environment variable naming the game served

TEXT_ON = {"text": ("#1a1a1a", "#ffffff")}  # widgets/static/app_page.css; checked 4.5:1


@dataclass(frozen=True)
class GamePage:
    """The parts of one game's page; ``widget`` is what the server shows."""

    board: Any
    walkthrough: Any
    what_if: WhatIfExplorer
    sender: ResultSender | None
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


def style() -> str:
    """The page's ``<style>``: ``TEXT_ON`` as custom properties, then
    ``widgets/static/app_page.css``."""
    return style_html("app_page.css", ".orchard-app", text_properties("app", TEXT_ON))


def page_title(slug: str) -> str:
    """The title of the game's page (its browser tab) for the game named ``slug``."""
    return f"{_game(slug).title.capitalize()} · orchard_lab"


def game_page(slug: str, send: Callable[[str, str], Sent] | None = None) -> GamePage:
    """Build a fresh page for the registered game named ``slug``; with ``send`` (a class's
    ``ClassInbox.send``), a finished game can be sent to the teacher from under the board."""
    game = _game(slug)
    board = game.board_class()()
    walkthrough = game.new_walkthrough()
    what_if = WhatIfExplorer(game=game.module)
    sender = None if send is None else ResultSender(board, send)
    sending = [] if sender is None else [
        _section(
            _("Send your result"),
            # not yet translated: it names the sender's Send button, still English only
            "When your game is over, type your name and press Send: your teacher sees it. "
            "A result code from a lesson can be pasted here too.",
        ),
        sender.widget,
    ]  # fmt: skip
    parts = [
        w.HTML(style()),
        _section(_("Play"), _("Play a game on the board. Ask for a hint when you are stuck.")),
        board.widget,
        *sending,
        _section(_("Learn the rules"), _("Press Next to see the rules one step at a time.")),
        walkthrough.widget,
        _section(
            _("What if the rules changed?"),
            # not yet translated: it names the what-if's Run button, still English only
            "Change a rule in B, press Run, compare.",
        ),
        what_if.widget,
    ]
    return GamePage(board, walkthrough, what_if, sender, w.VBox(parts).add_class("orchard-app"))
