"""No label, heading, button or column of one or two words left in English on a board, the
what-if or the rule switches built in French or Korean (issue 25).

``english_left`` looks for the catalogue's sentences of three words or more; a single "Play"
or "Game over" left untranslated is too short for it, so each text piece a widget shows
(between its markup) is compared whole with the catalogue's short messages whose translation
is other words (``names_left``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from orchard_lab import games
from orchard_lab.language import speaking
from orchard_lab.widgets import RuleSwitches, WhatIfExplorer
from tests.catalogue_english import names_left
from tests.test_boards_in_french_and_korean import BOARDS, _shown
from tests.widget_words import texts_of, widgets_in


def _board_texts(game: str) -> list[str]:
    """What a board shows new, with a card picked, after a move and with a hint."""
    build, play = BOARDS[game]
    board = build()
    texts = _shown(board)
    board.select_card(0)
    texts += _shown(board)
    play(board)
    board.hint()
    return texts + _shown(board)


def _panels_texts(name: str) -> list[str]:
    game = games.entry(name).module
    panels = (WhatIfExplorer(game=game, games=20).widget, RuleSwitches(game).widget)
    return [text for panel in panels for widget in widgets_in(panel) for text in texts_of(widget)]


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("game", list(BOARDS))
@pytest.mark.parametrize(
    "texts", [_board_texts, _panels_texts], ids=["board", "what_if_and_switches"]
)
def test_no_short_english_name_is_shown(
    texts: Callable[[str], list[str]], game: str, lang: str
) -> None:
    """On a board (new, a card picked, a move, a hint), and on the what-if and the rule
    switches."""
    with speaking(lang):
        shown = texts(game)
    assert names_left(shown, lang) == []
    assert names_left(texts(game), lang) != []  # in English the test would see them
