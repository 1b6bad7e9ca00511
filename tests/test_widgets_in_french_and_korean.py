"""The what-if explorer, the result sender and the rule switches in French and Korean (issue
25): built and used under ``speaking(lang)``, they show no English sentence of the catalogue
(the what-if's settings, policies' sentences, headings, legend, chart titles and summaries;
the sender's boxes, button and answers; every switch's label, help line, tooltip and
options), Hangul in Korean, and no label of the what-if's settings is cut to a fixed
width."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.class_inbox import ClassInbox
from orchard_lab.core import IllegalMove, switches
from orchard_lab.games import GameModule
from orchard_lab.language import speaking
from orchard_lab.result_codes import result_code
from orchard_lab.widgets import RuleSwitches, StackedTreesBoard, WhatIfExplorer
from orchard_lab.widgets.result_sender import ResultSender
from tests.catalogue_english import english_left
from tests.test_figures_in_french_and_korean import chart_words
from tests.widget_words import plain_words, texts_of, widgets_in

HANGUL = re.compile("[\uac00-\ud7a3]")


def words(root: w.Widget) -> str:
    """Every word ``root`` shows or says: texts, tooltips, choices' options, charts' words;
    the style sheets and markup taken out."""
    parts = []
    for widget in widgets_in(root):
        if isinstance(widget, go.FigureWidget):
            parts.append(chart_words(widget))
        else:
            parts += texts_of(widget)
    return plain_words(parts)


def _ran(game: GameModule, **given: Any) -> WhatIfExplorer:
    explorer = WhatIfExplorer(game=game, games=20, players=2, **given)
    explorer.run()
    return explorer


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("game", [ab, wd, st], ids=["ab", "wd", "st"])
def test_the_what_if_speaks_the_language(game: GameModule, lang: str) -> None:
    with speaking(lang):
        before = words(WhatIfExplorer(game=game, games=20).widget)  # not run yet
        ran = _ran(game)
        after = words(ran.widget)
        ran.policy_choice.value = "lookahead"  # its sentence and limit in the language
        ran.games_choice.value = 100_000
        ran.run()  # refused: too many games
        refused = words(ran.widget)
    english = _ran(game)
    for shown in (before, after, refused):
        assert english_left(shown) == [], english_left(shown)
        assert lang != "ko" or HANGUL.search(shown)
    assert english_left(words(english.widget)) != []  # the test would see English
    assert ran.message.value and ran.results  # the refusal, the last run kept


def test_no_label_of_the_settings_is_cut_to_a_fixed_width() -> None:
    with speaking("ko"):
        explorer = WhatIfExplorer(games=20)
    for choice in (
        explorer.policy_choice,
        explorer.players_choice,
        explorer.games_choice,
        explorer.seed_choice,
    ):
        assert choice.style.description_width == "initial", choice.description


def _sender_said(lang: str) -> tuple[list[str], ResultSender]:
    """What a sender says, in ``lang``: its boxes and button, its answers to a send without
    a name, without a code and a counted one, and a class hub's sender with its login."""
    inbox = ClassInbox()
    with speaking(lang):
        board = StackedTreesBoard(seed=4)
        sender = ResultSender(board, inbox.send)
        said = [words(sender.widget)]
        sender.send()
        said.append(sender.message.value)
        sender.name.value = "Ana"
        sender.send()
        said.append(sender.message.value)
        game = st.Game.new(seed=4)
        while not game.is_over:
            game.play(game.legal_moves()[0])
        sender.code.value = result_code(game, seed=4)  # a lesson's code, pasted
        sender.send()
        said.append(sender.message.value)
        hub = ResultSender(board, inbox.send, name="Ben")
        said.append(words(hub.widget))
    return said, sender


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_result_sender_speaks_the_language(lang: str) -> None:
    said, sender = _sender_said(lang)
    english, _sent = _sender_said("en")
    assert sender.code.value and sender.send_button.disabled  # counted
    for shown, was in zip(said, english, strict=True):
        assert shown != was
        assert english_left(html.unescape(re.sub(r"<[^>]+>", " ", shown))) == [], shown
        assert lang != "ko" or HANGUL.search(shown)
    assert english_left(" ".join(english)) != []


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("game", [ab, wd, st], ids=["ab", "wd", "st"])
def test_the_rule_switches_speak_the_language(game: GameModule, lang: str) -> None:
    with speaking(lang):
        panel = RuleSwitches(game, players=game.FACTS.max_players)
        for name in panel.own_boxes:  # a pupil's own sequence, said back
            panel.use_own(name, "n*n")
        shown = words(panel.widget)
    english = RuleSwitches(game, players=game.FACTS.max_players)
    for name in english.own_boxes:
        english.use_own(name, "n*n")
    english_words = words(english.widget)
    assert english_left(shown) == [], english_left(shown)
    assert english_left(english_words) != []
    for name, control in panel.controls.items():  # each option named in the language
        if isinstance(control, w.Dropdown):
            theirs = [label for label, _value in english.controls[name].options]
            ours = [label for label, _value in control.options]
            worded = [
                (mine, was) for mine, was in zip(ours, theirs, strict=True) if "cards" not in was
            ]
            assert all(mine != was for mine, was in worded), (name, ours)
    for switch in switches(game.Rules):
        assert switch.help in english_words and switch.help not in shown
    assert lang != "ko" or HANGUL.search(shown)


def _stacked_trees_refusals() -> list[IllegalMove]:
    """Stacked trees' refusals of a card placed touching no tree, a card not in the hand and
    a move after the end, in the session's language."""
    game = st.Game.new(seed=4)
    first, hand = game.seats[0].hand[0], tuple(game.seats[0].hand)
    stranger = next(card for card in game.order if card not in hand)
    refused = []
    for move in (st.Move(first, (9, 9)), st.Move(stranger, (0, 1))):
        with pytest.raises(IllegalMove) as caught:
            game.play(move)
        refused.append(caught.value)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove) as caught:
        game.play(st.Move(first, (0, 1)))
    return [*refused, caught.value]


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_a_refusal_speaks_the_language_and_names_its_rule(lang: str) -> None:
    english = _stacked_trees_refusals()
    with speaking(lang):
        refused = _stacked_trees_refusals()
    assert [r.rule for r in refused] == [r.rule for r in english] == ["ST-3", "ST-3", "ST-6"]
    for said, was in zip(refused, english, strict=True):
        assert f"({said.rule})" in str(said) and str(said) != str(was)
        assert english_left(str(said)) == [], str(said)
        assert lang != "ko" or HANGUL.search(str(said))
    assert str(english[0]).startswith("Stacking (ST-3): at least one tree of the card")
