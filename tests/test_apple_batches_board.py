"""The apple batches board driven from Python, by the same buttons a class clicks."""

from __future__ import annotations

import html
import math
import re

import ipywidgets as w
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab.contrast import contrast_ratio
from orchard_lab.core import switches
from orchard_lab.language import speaking
from orchard_lab.widgets import AppleBatchesBoard
from orchard_lab.widgets.apple_batches_board import (
    APPLE_FILL,
    APPLE_MARK,
    FRAMES,
    HIGHLIGHT,
    HIGHLIGHT_FRAME,
    TEXT_ON,
    batch_rule,
)
from orchard_lab.widgets.styles import STATIC
from tests.frames import classes, framed_states


def _click_card(board: AppleBatchesBoard, slot: int) -> None:
    board.market_buttons[slot].click()


def _click_batch(board: AppleBatchesBoard, batch: str) -> None:
    board.columns[batch]["button"].click()


def _lit(board: AppleBatchesBoard, mark: str = "orchard-legal") -> list[str]:
    return [b for b, column in board.columns.items() if mark in column["box"]._dom_classes]


def _play_by_clicks(board: AppleBatchesBoard) -> int:
    """Click the human's moves to the end (the last legal batch each time); count them."""
    clicks = 0
    while not board.game.is_over:
        _click_card(board, clicks % len(board.game.market))
        _click_batch(board, _lit(board)[-1 if clicks % 3 else 0])
        clicks += 1
    return clicks


def test_a_whole_solo_game_by_clicks() -> None:
    board = AppleBatchesBoard(players=1, seed=4)
    assert "orchard-apple-" in " ".join(board.market_buttons[0]._dom_classes)
    assert _play_by_clicks(board) == 12
    game = board.game
    assert game.is_over and game.boards[0].card_count == 12
    total = game.scores()[0]
    assert board.points_figure.data[0].x == tuple(game.boards[0].score().parts.values())
    assert f"<b>{total}</b>" in board.score_text.value
    assert f"You finished with {total} point" in board.summary.value
    assert "Game over" in board.turn.value
    assert all(button.layout.display == "none" for button in board.market_buttons)
    assert "orchard-ab-empty" in board.market_box._dom_classes  # no empty market strip


def test_a_three_player_game_by_clicks_with_opponents_answering_AB_2() -> None:
    board = AppleBatchesBoard(players=3, seed=2, policy="greedy")
    assert board.game.market_size == 6  # k = 2 with 3 players
    _click_card(board, 0)
    _click_batch(board, "bad")
    assert [b.card_count for b in board.game.boards] == [1, 1, 1]
    assert board.game.current_player == 0
    assert "Player 1</b> (greedy)" in board.opponents.value
    assert "Player 2</b>" in board.opponents.value
    assert _play_by_clicks(board) == 11
    game = board.game
    assert [b.card_count for b in game.boards] == [12, 12, 12]
    winners = game.winners()
    said = game.winner_reason(shared_told=0 in winners)  # a shared win: said in the headline
    assert said.replace("'", "&#x27;") in board.summary.value
    won = "You win!" in board.summary.value or "You share the win" in board.summary.value
    assert won == (0 in winners)


def test_the_opponents_are_named_by_the_policy_playing_not_the_unapplied_dropdown() -> None:
    board = AppleBatchesBoard(players=2, seed=0, policy="greedy")
    board.policy_choice.value = "random"  # takes effect with the next New game only
    board.select_card(0)
    board.choose_batch("bad")
    assert "Player 1</b> (greedy)" in board.opponents.value
    board.new_button.click()
    assert "Player 1</b> (random)" in board.opponents.value


def test_legal_batches_light_up_for_the_selected_apple_AB_3() -> None:
    board = AppleBatchesBoard(players=1, seed=0)
    board.select_card(0)
    card = board.selected
    assert _lit(board) == board.game.boards[0].legal_batches(card)
    assert set(_lit(board, "orchard-illegal")) == set(ab.BATCHES) - set(_lit(board))
    assert "orchard-selected" in board.market_buttons[0]._dom_classes
    assert f"height {card.height}, sweetness {card.sweetness}" in board.next_title.value


def _part(board: AppleBatchesBoard, batch: str, part: str) -> str:
    """What ``batch``'s column on ``board`` shows as its ``part``: its rule, points or cards
    (inner HTML of that part's element in the column's one HTML widget)."""
    content = board.columns[batch]["content"].value
    pattern = rf'<div class="orchard-batch-{part}"[^>]*>(.*?)</div>(?=<div class="orchard-batch-|$)'
    found = re.search(pattern, content, re.S)
    assert found is not None, f"no {part} in {content!r}"
    return found[1]


def test_a_batch_column_is_its_button_and_one_html_of_rule_points_and_apples() -> None:
    """The rule, the points (what they count in the tooltip) and the apples of a batch share
    one widget: the page makes six models fewer for each batch (issue 24: the app page)."""
    board = AppleBatchesBoard(players=1, seed=2)
    board.select_card(0)
    board.choose_batch("bad")
    score = board.game.boards[0].score()
    for batch, column in board.columns.items():
        assert column["box"].children == (column["button"], column["content"])
        assert _part(board, batch, "points") == f"{score.parts[batch]}"
        assert f'title="{html.escape(score.notes[batch])}"' in column["content"].value
    chips = _part(board, "bad", "cards")
    assert chips.startswith('<div data-batch="bad">') and chips.count("orchard-chip") == 1


def test_an_illegal_click_explains_and_changes_nothing_AB_6() -> None:
    board = AppleBatchesBoard(players=2, seed=1)
    board.select_card(0)
    board.choose_batch("special")
    board.select_card(0)
    saved, points = board.game.to_json(), _part(board, "special", "points")
    _click_batch(board, "special")  # the special tree holds only one apple
    assert "AB-6" in board.message.value and "only one apple" in board.message.value
    assert board.game.to_json() == saved
    assert _part(board, "special", "points") == points
    assert board.selected is not None  # the apple stays picked for another try


def test_a_batch_before_an_apple_asks_for_an_apple() -> None:
    board = AppleBatchesBoard(players=1, seed=1)
    saved = board.game.to_json()
    _click_batch(board, "bad")
    assert "Pick an apple" in board.message.value and board.game.to_json() == saved


def test_undo_takes_back_the_move_and_the_answers() -> None:
    board = AppleBatchesBoard(players=2, seed=3, policy="random")
    board.undo()
    assert "no move of yours" in board.message.value
    before = board.game.to_json()
    board.select_card(1)
    board.choose_batch("bad")
    assert [b.card_count for b in board.game.boards] == [1, 1]
    board.undo_button.click()
    assert board.game.to_json() == before
    assert _part(board, "bad", "cards") == '<div data-batch="bad"></div>'


def test_undo_after_the_end_reopens_the_game() -> None:
    board = AppleBatchesBoard(players=1, seed=5)
    _play_by_clicks(board)
    board.undo()
    assert not board.game.is_over and board.summary.value == ""
    assert len(board.game.market) == 1


def test_once_the_game_is_over_the_keys_line_names_only_the_keys_that_act() -> None:
    """A reviewer read "h hint" on the keys line of an ended game, where h only says the game
    is over: the line then names u (undo still acts) and says the other keys come back with
    a new game; undo, or a new game, brings the whole line back."""
    board = AppleBatchesBoard(players=1, seed=5)
    playing = board.board_keys.help
    assert "h hint" in playing and "u undo" in playing
    _play_by_clicks(board)
    over = board.board_keys.help
    assert "u undo" in over and "new game" in over
    assert not any(key in over for key in ("h hint", "Tab reaches", "arrows", "Enter")), over
    board.press("q")  # another key: the board says its keys as they are now
    assert board.message.value == html.escape(over)
    board.undo()
    assert board.board_keys.help == playing
    _play_by_clicks(board)
    board.new_button.click()
    assert board.board_keys.help == playing


def test_new_game_with_every_switch_and_players() -> None:
    board = AppleBatchesBoard()
    rules = ab.Rules(
        easy=True, unlucky_may_bust=True, steady_reference="any", special_broken_points=-20
    )
    board.new_game(players=4, seed=9, rules=rules, policy="random")
    assert board.game.players == 4 and board.game.rules == rules
    assert board.game.deck == ab.Game.new(players=4, seed=9).deck
    assert "any earlier" in _part(board, "steady", "rule")
    assert "free" in _part(board, "bad", "rule")
    assert len(board.game.market) == 12 and board.policy_choice.value == "random"


def test_the_new_game_button_reads_the_settings() -> None:
    board = AppleBatchesBoard(players=1)
    board.players_choice.value = 6
    board.seed_choice.value = 11
    board.rule_switches.controls["steady_reference"].value = "any"
    board.new_button.click()
    assert board.game.players == 6 and board.game.market_size == 12  # k = 2 with 6
    assert board.game.rules == ab.Rules(steady_reference="any")
    assert board.game.current_player == 0 and board.game.boards[0].card_count == 0


def test_greedy_hint_selects_the_best_apple_and_says_the_engines_reason() -> None:
    board = AppleBatchesBoard(players=1, seed=6)
    game = board.game
    advice = ab.hint(game.copy(), "greedy")
    move = board.hint()
    assert move == advice.move
    assert html.escape(advice.reason) in board.hint_text.value
    best = max(game.score_after(m) for m in game.legal_moves())
    assert game.score_after(move) == best
    assert board.selected == move.card
    assert _lit(board, "orchard-hinted") == [move.batch]
    assert "Greedy choice" in board.hint_text.value and "Next best" in board.hint_text.value
    board.choose_batch(move.batch)
    assert game.scores()[0] == best
    assert board.hint_text.value == ""  # a hint never outlives its move


def test_lookahead_hint_gives_a_legal_move() -> None:
    board = AppleBatchesBoard(players=2, seed=7, hint_policy="lookahead")
    for _ in range(5):
        board.select_card(0)
        board.choose_batch("bad")
    move = board.hint()
    assert move in board.game.legal_moves()
    assert "Lookahead choice" in board.hint_text.value


def test_a_failing_action_shows_a_message_not_a_traceback(monkeypatch) -> None:
    board = AppleBatchesBoard(players=1, seed=0)
    board.select_card(0)

    def broken(move: ab.Move) -> None:
        raise RuntimeError("the orchard is flooded")

    monkeypatch.setattr(board.game, "play", broken)
    _click_batch(board, "bad")
    assert "That did not work" in board.message.value and "flooded" in board.message.value


def test_the_finished_game_refuses_more_apples() -> None:
    board = AppleBatchesBoard(players=1, seed=8)
    _play_by_clicks(board)
    saved = board.game.to_json()
    board.select_card(0)
    assert "game is over" in board.message.value and board.game.to_json() == saved


def test_bad_arguments_raise_with_the_argument_named() -> None:
    board = AppleBatchesBoard()
    with pytest.raises(ValueError, match="slot must be below 3"):
        board.select_card(3)
    with pytest.raises(ValueError, match="batch must be one of"):
        board.choose_batch("orchard")
    with pytest.raises(ValueError, match="players"):
        board.new_game(players=7)
    with pytest.raises(ValueError, match="policy"):
        AppleBatchesBoard(policy="clever")


def test_a_bad_new_game_argument_changes_neither_the_game_nor_the_settings() -> None:
    board = AppleBatchesBoard(players=1, seed=2)
    saved = board.game.to_json()
    with pytest.raises(ValueError, match="policy"):
        board.new_game(players=3, seed=4, rules=ab.Rules(easy=True), policy="clever")
    with pytest.raises(ValueError, match="seed"):
        board.new_game(players=3, seed=2**40)  # the seed box would clip it silently
    with pytest.raises(TypeError, match="rules"):
        board.new_game(players=3, rules={"easy": True})
    assert board.game.to_json() == saved
    assert (board.players_choice.value, board.seed_choice.value) == (1, 2)
    assert board.rules_from_settings() == ab.Rules() and board.policy_choice.value == "greedy"


def test_batch_rules_read_in_one_line_per_switch_AB_4() -> None:
    assert "last" in batch_rule("steady", ab.Rules())
    assert "-1 each" in batch_rule("bad", ab.Rules())
    assert "may pass 13" in batch_rule("unlucky", ab.Rules(unlucky_may_bust=True))
    assert "else -20" in batch_rule("special", ab.Rules(special_broken_points=-20))
    assert all("\n" not in batch_rule(b, ab.Rules()) for b in ab.BATCHES)


def test_the_stable_css_hooks_the_browser_tests_use() -> None:
    board = AppleBatchesBoard(players=2)
    assert "orchard-ab-board" in board.widget._dom_classes
    assert "orchard-market-card" in board.market_buttons[0]._dom_classes
    for batch, column in board.columns.items():
        assert {"orchard-batch", f"orchard-batch-{batch}"} <= set(column["box"]._dom_classes)
        assert "orchard-batch-button" in column["button"]._dom_classes
    for widget, hook in (
        (board.message, "orchard-ab-message"),
        (board.score_text, "orchard-ab-score"),
        (board.points_figure, "orchard-ab-chart"),
        (board.undo_button, "orchard-ab-undo"),
        (board.hint_button, "orchard-ab-hint"),
        (board.new_button, "orchard-ab-new"),
        (board.turn, "orchard-ab-turn"),
        (board.summary, "orchard-ab-summary"),
    ):
        assert hook in widget._dom_classes


def _wcag(foreground: str, background: str) -> float:
    """WCAG 2.1 contrast, written again here so the test does not trust the widget's own."""

    def luminance(colour: str) -> float:
        rgb = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _widgets(root: w.Widget) -> list[w.Widget]:
    found = [root]
    for child in getattr(root, "children", ()):
        found += _widgets(child)
    return found


def test_a_buttons_focus_ring_has_room_in_the_box_round_it() -> None:
    """As on water drops, New game's focus ring was cut by the settings column (an ipywidgets
    box clips what reaches past its padding): that column and the row of Undo and Hint
    leave the ring room, their padding and the button's margin (2px) as far as the ring
    reaches (buttons.css: its offset and its line)."""
    ring = re.search(
        r"\.jupyter-button:focus-visible\s*\{[^}]*outline:\s*(\d+)px[^}]*offset:\s*(\d+)px",
        (STATIC / "buttons.css").read_text(encoding="utf-8"),
    )
    assert ring
    css = (STATIC / "apple_batches_board.css").read_text(encoding="utf-8")
    for box in (r"\.orchard-ab-settings > \.widget-box", r"\.orchard-ab-actions"):
        padding = re.search(box + r"\s*\{[^}]*padding:\s*(\d+)px", css)
        assert padding and int(padding[1]) + 2 >= int(ring[1]) + int(ring[2]), box


def test_the_contrast_helper_matches_wcag() -> None:
    assert _wcag("#ffffff", "#000000") == pytest.approx(21)
    assert _wcag("#ffffff", "#F0C419") == pytest.approx(1.66, abs=0.01)  # the figure
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(_wcag("#777777", "#ffffff"))


def test_every_coloured_button_and_label_has_contrast_4_5() -> None:
    board = AppleBatchesBoard(players=3, seed=1)
    board.select_card(0)
    board.choose_batch("bad")
    coloured = [
        b for b in _widgets(board.widget) if isinstance(b, w.Button) and b.style.button_color
    ]
    assert len(coloured) == len(ab.BATCHES) + len(board.market_buttons)
    for button in coloured:
        ratio = _wcag(button.style.text_color, button.style.button_color)
        assert ratio >= 4.5, (button.description, ratio)
    chips = board.opponents.value + "".join(c["content"].value for c in board.columns.values())
    pairs = re.findall(r"background:(#\w{6});color:(#\w{6})", chips)
    assert {bg for bg, _ in pairs} == set(APPLE_FILL.values())
    assert all(_wcag(fg, bg) >= 4.5 for bg, fg in pairs)
    for name, (fg, bg) in TEXT_ON.items():
        assert _wcag(fg, bg) >= 4.5, name


def test_an_apples_colour_is_also_a_shape() -> None:
    board = AppleBatchesBoard(players=1, seed=0)
    assert len(set(APPLE_MARK.values())) == len(ab.COLOURS)
    for card, button in zip(board.game.market, board.market_buttons, strict=False):
        assert f"{APPLE_MARK[card.colour]} {card.colour}" in button.description.split("\n")
        assert f"orchard-apple-{card.colour}" in button._dom_classes
    board.select_card(0)
    board.choose_batch("bad")
    assert APPLE_MARK[board.game.boards[0].batches["bad"][0].colour] in _part(board, "bad", "cards")


def test_every_control_is_a_focusable_stock_widget() -> None:
    board = AppleBatchesBoard(players=2)
    controls = [x for x in _widgets(board.widget) if isinstance(x, w.Button | w.ValueWidget)]
    assert len(controls) > len(ab.BATCHES) + 3
    assert all(getattr(x, "tabbable", None) is not False for x in controls)
    assert all(not getattr(x, "disabled", False) for x in controls)


def test_building_a_board_plays_nothing() -> None:
    for players in range(1, 7):
        board = AppleBatchesBoard(players=players, seed=players)
        assert [b.card_count for b in board.game.boards] == [0] * players
        assert board.game.current_player == 0 and board.hint_text.value == ""


def test_settings_row_is_the_shared_rule_switches_and_players_choice() -> None:
    board = AppleBatchesBoard()
    assert set(board.rule_switches.controls) == {s.name for s in switches(ab.Rules)}
    assert board.players_choice.options == tuple(range(1, 7))
    board.rule_switches.controls["easy"].value = True
    board.rule_switches.controls["special_broken_points"].value = -20
    board.players_choice.value = 2
    board.new_button.click()
    assert board.game.rules == ab.Rules(easy=True, special_broken_points=-20)
    assert board.game.players == 2 and "free" in _part(board, "bad", "rule")


def test_charts_keep_their_state_for_a_view_drawn_later() -> None:
    """A view drawn after some clicks (app mode, Run All) shows the board, not zeros."""
    board = AppleBatchesBoard(players=1, seed=3)
    board.select_card(0)
    board.choose_batch("special")
    parts = board.game.boards[0].score().parts
    assert list(board.points_figure._widget_data[0]["x"]) == list(parts.values())
    assert "✗ not allowed" not in board.next_figure._widget_data[0]["text"]
    assert board.next_figure._widget_data[0]["text"][2] == "no apple fits"  # special is full
    board.select_card(0)
    assert board.next_figure._widget_data[0]["text"][2] == "✗ not allowed"


def test_highlight_marks_columns_apples_and_the_score_table() -> None:
    board = AppleBatchesBoard(players=1, seed=0)
    board.highlight(batches=["feather", "steady"], slots=[1], score=True)
    assert board.highlighted == {"batches": ("feather", "steady"), "slots": (1,), "score": (True,)}
    assert _lit(board, HIGHLIGHT) == ["feather", "steady"]
    assert [HIGHLIGHT in b._dom_classes for b in board.market_buttons] == [False, True, False]
    assert HIGHLIGHT in board.score_text._dom_classes
    board.highlight(market=True)
    assert _lit(board, HIGHLIGHT) == [] and HIGHLIGHT not in board.score_text._dom_classes
    assert HIGHLIGHT in board.market_box._dom_classes
    with pytest.raises(ValueError, match="batches"):
        board.highlight(batches=["orchard"])
    with pytest.raises(ValueError, match="slot"):
        board.highlight(slots=[3])


def test_load_shows_a_prepared_game_and_plays_on() -> None:
    game = ab.Game.new(players=2, seed=4)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    board = AppleBatchesBoard()
    board.load(game, policy="random")
    assert board.game.to_json() == game.to_json() and board.game is not game
    board.undo()
    assert "no move of yours" in board.message.value
    board.select_card(0)
    board.choose_batch("bad")
    assert [b.card_count for b in board.game.boards] == [2, 2]
    assert game.boards[0].card_count == 1  # the lesson's game is untouched
    with pytest.raises(TypeError, match="game"):
        board.load("a game")


def test_the_game_over_box_says_the_result_once_with_the_reason_AB_7() -> None:
    board = AppleBatchesBoard(players=2, seed=62, policy="greedy")
    while not board.game.is_over:
        board.choose_batch(board.hint().batch)
    game = board.game
    assert game.scores()[0] == game.scores()[1] and game.winners() == [1]  # a tie broken
    text = html.unescape(re.sub("<[^>]+>", "", board.summary.value))
    assert text.startswith("You do not win this time.") and "tie-break (AB-7)" in text
    assert text.count(f"{game.scores()[1]} points") == 1
    assert "player 0 of" not in board.turn.value


def test_a_chart_follows_the_window_and_a_new_view_costs_no_message() -> None:
    """A view is drawn at its container's width by the chart's module (``drawnWhenSized``,
    tested in Chromium), so a new view sends the kernel's relayout nothing; ``responsive``
    makes plotly follow the window's resizes."""
    board = AppleBatchesBoard(players=1, seed=0)
    sent = []
    board.next_figure.observe(lambda change: sent.append(change["new"]), names="_py2js_relayout")
    board.next_figure._view_count = 1  # what the front end reports when it draws a view
    assert sent == []
    assert board.points_figure._config == {"responsive": True}
    assert board.next_figure._config == {"responsive": True}


def test_after_the_game_the_next_apple_chart_is_gone_until_undo() -> None:
    board = AppleBatchesBoard(players=1, seed=5)
    assert board.charts.children == (board.points_box, board.next_box)
    _play_by_clicks(board)
    assert board.charts.children == (board.points_box,)  # no apple is left to add
    board.undo()
    assert board.charts.children == (board.points_box, board.next_box)
    assert board.next_title.value == "What the best apple of the market would add"
    _play_by_clicks(board)
    board.new_game()
    assert board.charts.children == (board.points_box, board.next_box)


def test_the_special_tree_label_keeps_the_bad_batch_exception_AB_6() -> None:
    assert "in no other batch but the bad one" in batch_rule("special", ab.Rules())
    board = ab.Board()  # what the label says is what the engine does
    board.place(ab.Card.from_text("red h1 s1"), "bad")
    board.place(ab.Card.from_text("red h2 s2"), "special")
    board.place(ab.Card.from_text("red h3 s3"), "bad")
    assert board.score().parts["special"] == 20


def test_with_no_apple_picked_the_chart_shows_the_best_apple_of_the_market() -> None:
    """The bars are a claim about the apples you can take now, not about the whole deck: at
    the last round a deck's +8 that no market apple gives must not be shown."""
    board = AppleBatchesBoard(players=1, seed=0)
    for k in range(10):  # the last round: a fortepiano pair waits for a far height
        board.select_card(k % len(board.game.market))
        allowed = board.game.boards[0].legal_batches(board.selected)
        board.choose_batch(allowed[k % len(allowed)])
    mine, market = board.game.boards[0], board.game.market
    bars = board.next_figure.data[0]
    for batch, shown in zip(ab.BATCHES, bars.text, strict=True):
        gains = [mine.gain(apple, batch) for apple in market if mine.can_place(apple, batch)]
        assert shown == (f"{max(gains):+d}" if gains else "no apple fits"), batch
    assert board.next_title.value == "What the best apple of the market would add"


def test_the_legend_names_every_frame_the_board_draws() -> None:
    """A reviewer reading a screenshot cold met a green ✓ frame, a grey dashed one, the
    hint's orange dashed one and a ring round the picked apple that the legend named none
    of: each frame the board draws is in the legend, drawn as the board draws it (its CSS
    rule draws the legend's sample too), with its meaning; the lesson's highlight while a
    lesson highlights."""
    board = AppleBatchesBoard(players=1, seed=3)
    before = classes(board.widget)
    seen = set(before)
    board.select_card(0)
    while not _lit(board, "orchard-illegal"):  # play on until a batch refuses the apple
        board.choose_batch(_lit(board)[0])
        board.select_card(0)
    seen |= classes(board.widget)
    board.hint()
    board.highlight(batches=["bad"])
    seen |= classes(board.widget)
    states = framed_states("apple_batches_board.css", before, seen)
    assert set(states) == {"orchard-legal", "orchard-illegal", "orchard-hinted",
                           "orchard-selected", HIGHLIGHT}  # fmt: skip
    legend = board.legend.value
    for state, sample, meaning in (*FRAMES, HIGHLIGHT_FRAME):
        assert sample in states[state], f"{state}'s CSS rule does not draw {sample}"
        assert f'{sample}"' in legend or f"{sample} " in legend, sample
        assert meaning in legend, meaning
    board.highlight()
    assert HIGHLIGHT_FRAME[1] not in board.legend.value  # nothing highlighted: no entry


def test_a_frame_says_what_it_means_by_a_mark_too() -> None:
    """Not by colour alone: ✓ on a batch the picked apple fits, ✗ on one it does not fit,
    ➤ on the hint's (the CSS adds them, to the legend's samples too)."""
    css = (STATIC / "apple_batches_board.css").read_text(encoding="utf-8")
    for state, sample, mark in (
        ("orchard-legal", "orchard-ab-sample-legal", "✓"),
        ("orchard-illegal", "orchard-ab-sample-illegal", "✗"),
        ("orchard-hinted", "orchard-ab-sample-hinted", "➤"),
    ):
        pattern = rf"\.{state} \.orchard-batch-button::\w+,\s*[^{{]*\.{sample} [^{{]*\{{([^}}]*)\}}"
        rule = re.search(pattern, css)
        assert rule and mark in rule[1], state


# The apple (apple_batches_board.css .orchard-market-card): 82 x 84 px, corners rounded
# 46% 46% 50% 50% / 42% 42% 58% 58%, a 1 px border; three lines of bold 11 px text 14.3 px
# apart, centred (a line's letters reach 4.6 px above and below its middle).
APPLE_W, APPLE_H, FONT_PX, LINE, REACH = 82, 84, 11, 14.3, 4.6
# Bold sans faces a page may draw the apple's words in: Liberation Sans (Arial's widths) and
# DejaVu Sans, wider, which Chromium takes for system-ui and sans-serif here (JupyterLab's
# font): at 12 px "sweetness 5" fitted in the first and ran over the apple in the second.
BOLD_SANS = (
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
)


def _apple_width(y: float) -> float:
    """The apple's width inside its border at ``y`` px from its top."""
    top, bottom = (0.46 * APPLE_W, 0.42 * APPLE_H), (0.50 * APPLE_W, 0.58 * APPLE_H)
    if y < top[1]:
        (rx, ry), dy = top, top[1] - y
    else:
        (rx, ry), dy = bottom, y - (APPLE_H - bottom[1])
    return APPLE_W - 2 * (rx - rx * math.sqrt(max(0.0, 1 - (dy / ry) ** 2))) - 2


@pytest.mark.parametrize("face", BOLD_SANS)
@pytest.mark.parametrize("code", ["en", "fr"])
def test_an_apple_says_sweetness_in_full_and_each_line_fits_it(code: str, face: str) -> None:
    """The market's apples said "sweet 5" where the legend, the rules and the French and
    Korean apples say sweetness (one name per thing). On the third line "sweetness 5" ran
    over the apple's edge (s18 review), and in the middle line too in JupyterLab's DejaVu
    Sans (second review): each line of every apple fits the apple where it stands, in each
    face (neither has Korean's glyphs), at the CSS's size."""
    image_font = pytest.importorskip("PIL.ImageFont")
    css = (STATIC / "apple_batches_board.css").read_text(encoding="utf-8")
    apple = re.search(r"\.orchard-market-card \{([^}]*)\}", css)
    assert apple and f"font-size: {FONT_PX}px" in apple[1] and f"width: {APPLE_W}px" in apple[1]
    try:
        font = image_font.truetype(face, FONT_PX)
    except OSError:
        pytest.skip(f"no {face} to measure with")
    with speaking(code):
        board = AppleBatchesBoard(seed=0)
        for card in ab.default_deck():
            board._draw_slot(0, card)
            lines = board.market_buttons[0].description.split("\n")
            if code == "en":
                assert f"sweetness {card.sweetness}" in lines, lines
            assert len(lines) == 3, lines
            for row, line in enumerate(lines):
                middle = APPLE_H / 2 + (row - 1) * LINE
                room = min(_apple_width(middle - REACH), _apple_width(middle + REACH))
                assert font.getlength(line) <= room, (line, round(room, 1))


def test_the_batches_share_the_width_of_their_row() -> None:
    """With auto-fill the batches' grid kept empty columns where the row had room for more
    than 8 (a 9th at 1400 px on the app page) and the batches stopped short of the right
    edge (s18 review); auto-fit folds the empty ones, so the 8 share the row."""
    css = re.sub(
        r"/\*.*?\*/", "", (STATIC / "apple_batches_board.css").read_text("utf-8"), flags=re.S
    )
    (columns,) = re.findall(r"\.orchard-ab-batches\s*\{[^}]*grid-template-columns:\s*([^;}]+)", css)
    assert columns.strip().startswith("repeat(auto-fit,"), columns
