"""The shared board base, and the widget messages a click sends (issue 15).

Messages are counted by wrapping the comm's send: each is one update the kernel sends to
the browser. A click sends at most one message per widget it changes (``hold_sync``), and
no more in all than the bounds below; before issue 15 a water drops square click in a
3-player game sent up to 96, a stacked trees placement up to 667.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import comm
import ipywidgets as w
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.classroom import read_result
from orchard_lab.core import points
from orchard_lab.widgets import AppleBatchesBoard, StackedTreesBoard, WaterDropsBoard
from orchard_lab.widgets.board_base import PolicyBoard, SettingsRow, set_classes

WD_CLICK_MOST = 70  # messages of any click in a whole 3-player water drops game
AB_CLICK_MOST = 45  # ... apple batches
ST_GHOST_MOST = 8  # a ghost shown on the stacked trees grid (3 to 5 seen)
ST_PLACE_MOST = 20  # a card placed: the grid (one message) and the side panel (14 seen)
FIGURE_MOST = 5  # a plotly FigureWidget's own update (data, edit ids, saved state)


class Sent:
    """The comm messages sent during ``during``, by the widget they update."""

    def __init__(self) -> None:
        self.by_widget: Counter[str] = Counter()

    def during(self, click: Callable[[], Any]) -> Counter[str]:
        self.by_widget = Counter()
        click()
        return self.by_widget


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    counter = Sent()

    def publish(self: Any, msg_type: str, *args: Any, **kwargs: Any) -> None:
        if msg_type == "comm_msg":
            counter.by_widget[self.comm_id] += 1

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    yield counter


def _check_click(by_widget: Counter[str], most: int, figures: tuple[w.Widget, ...] = ()) -> None:
    figure_ids = {figure.model_id for figure in figures}
    limit = {i: FIGURE_MOST if i in figure_ids else 1 for i in by_widget}
    twice = {i: n for i, n in by_widget.items() if n > limit[i]}
    assert not twice, f"widgets updated more than once in one click: {twice}"
    assert sum(by_widget.values()) <= most


def test_water_drops_clicks_send_one_message_per_changed_widget(sent: Sent) -> None:
    board = WaterDropsBoard(players=3, seed=0)
    while not board.game.is_over:
        by_widget = sent.during(board.market_buttons[0].click)
        _check_click(by_widget, len(board.legal_squares()) + 3)  # lit squares, slot, message
        square = functools.partial(board.orchard.click, board.legal_squares()[-1])
        _check_click(sent.during(square), WD_CLICK_MOST)
    _check_click(sent.during(board.undo_button.click), WD_CLICK_MOST)
    _check_click(sent.during(board.hint_button.click), WD_CLICK_MOST)


def test_apple_batches_clicks_send_one_message_per_changed_widget(sent: Sent) -> None:
    board = AppleBatchesBoard(players=3, seed=0)
    figures = (board.points_figure, board.next_figure)
    while not board.game.is_over:
        _check_click(sent.during(board.market_buttons[0].click), AB_CLICK_MOST, figures)
        batch = board.game.boards[0].legal_batches(board.selected)[-1]
        _check_click(sent.during(board.columns[batch]["button"].click), AB_CLICK_MOST, figures)


def test_stacked_trees_clicks_send_one_message_per_changed_widget(sent: Sent) -> None:
    board = StackedTreesBoard(seed=0)
    while not board.game.is_over:
        move = board.game.legal_moves()[len(board.game.history) % 7]
        choose = board.hand_buttons[board.game.hand.index(move.card)].click
        _check_click(sent.during(choose), ST_GHOST_MOST)
        for _ in range(move.rotation // 90):
            _check_click(sent.during(board.right_button.click), ST_GHOST_MOST)
        cell = functools.partial(board.grid.click, move.at)
        _check_click(sent.during(cell), ST_GHOST_MOST)
        _check_click(sent.during(cell), ST_PLACE_MOST)
        if move.rotten:
            _check_click(sent.during(board.confirm_button.click), ST_PLACE_MOST)


def test_a_view_drawn_again_unchanged_sends_nothing(sent: Sent) -> None:
    board = WaterDropsBoard(players=2, seed=4)
    board.select_card(0)
    assert sum(sent.during(board._show_all).values()) == 0


@given(
    before=hs.sets(hs.sampled_from("abcd")),
    wanted=hs.dictionaries(hs.sampled_from("abcde"), hs.booleans()),
)
@settings(max_examples=60, deadline=None)
def test_set_classes_adds_and_removes_exactly_what_it_is_told(
    before: set[str], wanted: dict[str, bool]
) -> None:
    widget = w.HTML()
    for name in sorted(before):
        widget.add_class(name)
    set_classes(widget, wanted)
    shown = set(widget.trait_values()["_dom_classes"])
    expected = (before | {n for n, on in wanted.items() if on}) - {
        n for n, on in wanted.items() if not on
    }
    assert shown == expected and len(widget.trait_values()["_dom_classes"]) == len(shown)


@pytest.mark.parametrize("game", [ab, wd, st], ids=["apple_batches", "water_drops", "stacked"])
def test_settings_row_checks_every_argument_before_anything_changes(game: Any) -> None:
    row = SettingsRow(game)
    with pytest.raises(ValueError, match="players"):
        row.checked(players=99, seed=None, rules=None)
    with pytest.raises(ValueError, match="seed"):
        row.checked(players=None, seed=-1, rules=None)
    with pytest.raises(TypeError, match="rules"):
        row.checked(players=None, seed=None, rules="standard")
    assert row.checked(None, None, None) == (game.FACTS.min_players, 0, game.Rules())
    assert row.seed_choice.value == 0 and row.players_choice.value == game.FACTS.min_players


@pytest.mark.parametrize("board_class", [AppleBatchesBoard, WaterDropsBoard, StackedTreesBoard])
def test_every_board_answers_the_same_keys_and_says_each_move(board_class) -> None:
    """u undoes, h hints, r turns (or says apples do not turn), as a key pressed on the board
    sends them; each move's words and each refusal reach the live region as plain words."""
    board = board_class()
    keys = board.board_keys
    assert keys.letters == ["r", "u", "h"] and keys.help.startswith("Keys: Tab reaches")
    for key in ("u", "h", "r"):
        keys._message(keys, {"key": key}, [])
    assert keys.said and "<" not in keys.said and keys.said == " ".join(keys.said.split())
    said = keys.said_count
    keys._message(keys, {"key": "h"}, [])  # the same words again are read again
    assert keys.said_count == said + 1
    keys._message(keys, {"key": "x"}, [])  # not a board key: nothing happens
    keys._message(keys, {"square": [0, 0]}, [])
    assert keys.said_count == said + 1
    if board_class is AppleBatchesBoard:
        keys.press("r")
        assert keys.said == "Cards are not turned in this game."
        board.select_card(0)
        before = board.game.scores()[0]
        board.choose_batch("bad")
        gain = board.game.scores()[0] - before
        assert keys.said.startswith("You put the ") and keys.said.endswith(
            f"in the bad batch: {gain:+d}, {points(board.game.scores()[0])} in all."
        )
        assert keys.focus_to == ".orchard-ab-market .orchard-slot-0"


@pytest.mark.parametrize("board_class", [AppleBatchesBoard, WaterDropsBoard, StackedTreesBoard])
def test_a_finished_game_shows_a_result_code_the_class_checker_verifies(board_class) -> None:
    board = board_class()
    game = board.game
    while not game.is_over:
        board.game.play(game.legal_moves()[0])
    board._show_summary()
    found = re.search(r"<code[^>]*>([^<]+)</code>", board.summary.value)
    assert found, board.summary.value
    result = read_result(found.group(1))
    assert result.scores == tuple(game.scores())
    assert result.player == 0
    assert result.game.history == game.history


@pytest.mark.parametrize("board_class", [AppleBatchesBoard, WaterDropsBoard])
def test_a_solo_game_asks_nobody_who_plays_the_others(board_class: type[PolicyBoard]) -> None:
    """A game of your own showed "others play: greedy" and what each policy does, with no
    other player (s18 review): they are shown from 2 players on, as the players chosen for
    the next New game change; on every board whose others play a policy."""
    board = board_class(players=1)
    assert board.game.players == 1
    hidden = (board.policy_choice, board.policy_help)
    assert [part.layout.display for part in hidden] == ["none", "none"]
    board.players_choice.value = 3
    assert [part.layout.display for part in hidden] == [None, None]
    board.new_game(players=1)
    assert [part.layout.display for part in hidden] == ["none", "none"]
    assert board_class(players=2).policy_choice.layout.display is None
