"""The water drops board and its walkthrough, driven from Python by the buttons a class clicks."""

from __future__ import annotations

import html
import re

import pytest

from orchard_lab import water_drops as wd
from orchard_lab.contrast import contrast_ratio
from orchard_lab.core import IllegalMove, points
from orchard_lab.widgets import WaterDropsBoard, rule_walkthrough
from orchard_lab.widgets.board_base import HIGHLIGHT
from orchard_lab.widgets.styles import STATIC
from orchard_lab.widgets.water_drops_html import (
    FRAMES,
    FRUIT_FILL,
    FRUIT_SHAPE,
    TEXT_ON,
    card_picture,
    legend,
)
from orchard_lab.widgets.water_drops_walkthrough import SCRIPT


def _lit(board: WaterDropsBoard) -> list[tuple[int, int]]:
    """The lit squares on show."""
    return [s.at for s in board.orchard.shown() if "orchard-legal" in s.classes.split()]


def _width(board: WaterDropsBoard) -> int:
    """How many squares wide your orchard is drawn."""
    cols = [s.at[1] for s in board.orchard.shown()]
    return max(cols) - min(cols) + 1


def _drawn(board: WaterDropsBoard, at: tuple[int, int]) -> str:
    """The HTML drawn on square ``at`` of your orchard."""
    square = board.orchard.square(at)
    assert square is not None, f"nothing drawn at {at}"
    return square.html


def _classes(board: WaterDropsBoard, at: tuple[int, int]) -> list[str]:
    square = board.orchard.square(at)
    assert square is not None, f"nothing drawn at {at}"
    return square.classes.split()


def _play_by_clicks(board: WaterDropsBoard) -> int:
    """Click the human's moves to the end (a market card, then a lit square); count them."""
    clicks = 0
    while not board.game.is_over:
        board.market_buttons[clicks % len(board.game.market)].click()
        lit = _lit(board)
        board.orchard.click(lit[clicks % len(lit)])
        assert "did not work" not in board.message.value, board.message.value
        clicks += 1
    return clicks


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_by_clicks_WD_2_WD_5(players: int) -> None:
    board = WaterDropsBoard(players=players, seed=players)
    clicks = _play_by_clicks(board)
    game = board.game
    assert game.is_over and clicks == len(game.boards[0].cards()) - 1
    assert sum(len(b.cards()) - 1 for b in game.boards) == 50  # every card was taken
    assert [p for p, _ in game.history].count(0) == clicks
    total = game.scores()[0]
    assert f"<b>{total}</b>" in board.score_text.value
    assert html.escape(game.winner_reason()) in board.summary.value
    won = "You win!" in board.summary.value or "You share the win" in board.summary.value
    assert won == (0 in game.winners())
    assert "Game over" in board.turn_line.value
    assert board.opponents.value.count("orchard-wd-opponent") == players - 1
    assert "orchard-wd-empty" in board.market_box._dom_classes
    board.market_buttons[0].click()
    assert "The game is over" in board.message.value
    board.undo_button.click()  # your last move and the answers after it come back
    assert not board.game.is_over and board.game.current_player == 0
    assert board.summary.value == "" and len(board.game.boards[0].cards()) == clicks


def test_every_group_is_listed_with_the_engines_reason_and_outlined_WD_4() -> None:
    board = WaterDropsBoard(players=1, seed=5)
    for _ in range(4):
        board.select_card(0)
        board.choose_square(board.legal_squares()[0])
    groups = board.game.boards[0].groups()
    listed = re.findall(r"<li[^>]*>(.*?)</li>", board.groups_text.value)
    assert len(listed) == len(groups)
    for line, group in zip(listed, groups, strict=True):
        assert html.escape(group.reason) in line and line.startswith("✓" if group.scores else "·")
    pictures = "".join(_drawn(board, at) for at in board.game.boards[0].squares)
    for number, group in enumerate(groups, 1):
        assert f'title="group {number}: {html.escape(group.reason)}"' in pictures
    assert "solid #1b7837" in pictures or not any(g.scores for g in groups)


def test_a_group_across_a_card_edge_has_no_outline_inside_it_WD_4() -> None:
    tour = rule_walkthrough(wd)
    tour.go([s.title for s in SCRIPT].index("Groups join across card edges"))
    board = tour.view
    top = _drawn(board, (0, 0))  # cherries at cells (1, 0), (1, 1)
    below = _drawn(board, (1, 0))  # cherries at cells (2, 0), (2, 1)
    cherry_cells = re.findall(
        r'<div class="wd-cell[^"]*" data-cell="[^"]*" style="([^"]*)" title="group', top
    )
    assert cherry_cells and all("border-bottom" not in style for style in cherry_cells[-2:])
    joined = re.findall(
        r'<div class="wd-cell[^"]*" data-cell="[^"]*" style="([^"]*)" title="group', below
    )
    assert all("border-top" not in style for style in joined[:2])


def test_a_picked_card_lights_its_squares_with_the_ghost_and_its_gain_WD_3() -> None:
    board = WaterDropsBoard(players=2, seed=1)
    assert _lit(board) == []
    board.market_buttons[1].click()
    card = board.game.market[1]
    mine = board.game.boards[0]
    assert sorted(_lit(board)) == mine.open_squares()
    assert "orchard-selected" in board.market_slots[1]._dom_classes
    for at in _lit(board):
        a, b, c, d = card.cells
        ghost = f'{a} {b}<br>{c} {d}</span><span class="wd-gain">{mine.gain(card, at):+d}<'
        assert ghost in _drawn(board, at)


def test_illegal_clicks_explain_and_change_nothing_WD_3() -> None:
    board = WaterDropsBoard(players=2, seed=3)
    saved = board.game.to_json()
    board.orchard.click((1, 0))  # no card picked yet
    assert "Pick a card from the market first" in board.message.value
    board.market_buttons[0].click()
    board.turn_button.click()  # turning is off in the standard rules
    assert "allow_rotation=False" in board.message.value and "(WD-3)" in board.message.value
    board.choose_square((4, 4))  # touches no card
    try:
        board.game.copy().play(wd.Move(board.selected, (4, 4)))
    except IllegalMove as refusal:
        assert html.escape(str(refusal)) in board.message.value
    board.choose_square((0, 0))  # holds the start card
    assert "the square on row 0, column 0 already holds a card" in board.message.value
    assert board.game.to_json() == saved


def test_the_largest_orchard_refuses_with_the_engines_sentence_WD_3() -> None:
    board = WaterDropsBoard(players=2, seed=3, rules=wd.Rules(max_size=(2, 13)))
    board.select_card(0)
    board.choose_square((1, 0))
    saved = board.game.to_json()
    board.select_card(0)
    assert (-1, 0) not in _lit(board)
    board.choose_square((-1, 0))
    assert "the orchard may be at most 2×13 cards (max_size); a card on row -1, column 0" in (
        board.message.value
    )
    assert board.game.to_json() == saved


def test_undo_takes_back_your_move_and_the_answers() -> None:
    board = WaterDropsBoard(players=3, seed=2)
    saved = board.game.to_json()
    board.undo_button.click()
    assert "no move of yours" in board.message.value
    board.select_card(0)
    board.choose_square((0, 1))
    assert [p for p, _ in board.game.history] == [0, 1, 2, 1, 2]  # WD-2: a new first player
    board.undo_button.click()
    assert board.game.to_json() == saved and "taken back" in board.message.value
    assert board.game.current_player == 0 and len(board.game.market) == 3


def test_hint_picks_the_card_marks_the_square_and_says_the_engines_reason() -> None:
    board = WaterDropsBoard(players=2, seed=4)
    expected = wd.hint(board.game.copy(), "greedy")
    board.hint_button.click()
    assert html.escape(expected.reason) in board.hint_text.value
    assert board.selected == expected.move.card
    assert "orchard-hinted" in _classes(board, expected.move.at)
    before = board.game.scores()[0]
    board.orchard.click(expected.move.at)
    assert board.game.history[0] == (0, expected.move)
    assert board.game.scores()[0] == before + int(
        re.search(r"\(([+-]\d+) points? now", expected.reason)[1]
    )


# a move as a hint names it: its card, its turn, its square and the points it adds now
HINTED = re.compile(
    r"the (?P<card>\S+) card (?:as dealt, not turned, |turned (?P<degrees>\d+)° first "
    r"\(it then lies as (?P<turned>\S+)\), )?on row (?P<row>-?\d+), column (?P<col>-?\d+) "
    r"\((?P<gain>[+-]\d+) points? now"
)


@pytest.mark.parametrize("seed", range(6))
def test_a_hints_moves_show_their_points_once_their_card_is_picked_and_turned_so(
    seed: int,
) -> None:
    """A cold look at the screenshots found the hint's "next best" saying +2 for a move whose
    lit square showed +0: the lit squares count the picked card as it lies now, the hint's
    other move another card or another turn. The board now says so, the hint says the turn
    and how the card then lies, and each move the hint names shows the hint's points on its
    square once its card is picked and turned as the hint says."""
    board = WaterDropsBoard(players=2, seed=seed, rules=wd.Rules(allow_rotation=True))
    board.hint()
    assert "The lit squares show what the picked card adds as it lies now" in board.message.value
    named = list(HINTED.finditer(html.unescape(board.hint_text.value)))
    assert len(named) == 2, board.hint_text.value  # the greedy choice and the next best
    for said in named:
        card = wd.Card.from_text(said["card"])
        degrees = int(said["degrees"] or 0)
        if degrees:
            assert said["turned"] == str(card.rotated(degrees))
        board.select_card(board.game.market.index(card))
        while board.rotation != degrees:
            board.turn()
        at = (int(said["row"]), int(said["col"]))
        assert at in _lit(board)
        assert f'<span class="wd-gain">{said["gain"]}</span>' in _drawn(board, at), said[0]
    standard = WaterDropsBoard(players=2, seed=seed)
    standard.hint()
    assert "The lit squares show what the picked card adds: for a move with another card" in (
        standard.message.value
    )
    assert "turned" not in standard.hint_text.value and "as it lies" not in standard.message.value


def _declarations(css_file: str, selector: str) -> str:
    """The declarations of every rule of ``static/<css_file>`` whose selectors hold
    ``selector``."""
    css = re.sub(r"/\*.*?\*/", "", (STATIC / css_file).read_text(encoding="utf-8"), flags=re.S)
    return " ".join(
        body for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css) if selector in sel
    )


def test_the_keyboards_focus_differs_from_the_frames_by_its_shape_not_its_colour_alone() -> None:
    """The focus frame and the "scores nothing" frame were both a 3px solid line inside the
    square, told apart by their colour only. The focus stands just outside the square (or
    the button), a white ring filling the gap, on every board the square grid draws (water
    drops and stacked trees) and on every button; the legend's sample is drawn alike, and
    the blue line reaches 3:1 on its ring (WCAG 1.4.11)."""
    square = _declarations("square_grid.css", ".orchard-square:focus-visible")
    button = _declarations("buttons.css", ".jupyter-button:focus-visible")
    sample = _declarations("water_drops_board.css", ".wd-legend-focus")
    looks = []
    for drawn in (square, button, sample):
        line = re.search(r"outline:\s*(\d+)px solid (#[0-9a-f]{6})", drawn)
        offset = re.search(r"outline-offset:\s*(-?\d+)px", drawn)
        ring = re.search(r"box-shadow:\s*0 0 0 (\d+)px (#[0-9a-f]{6})", drawn)
        assert line and offset and ring, drawn
        assert int(line[1]) >= 2 and int(offset[1]) >= 1 and ring[1] == offset[1], drawn
        assert contrast_ratio(line[2], ring[2]) >= 3, drawn
        looks.append((line[1], line[2], offset[1], ring[2]))
    assert looks[0] == looks[2] and looks[1][1::2] == looks[0][1::2], looks
    assert "z-index" in square  # above the neighbouring squares it reaches over
    # a lit square keeps its ring, and its glow, when it has the focus
    lit = _declarations("water_drops_board.css", ".orchard-legal:focus-visible")
    assert "inset" in lit and f"0 0 0 {looks[0][2]}px {looks[0][3]}" in lit, lit


def test_a_buttons_focus_ring_has_room_in_the_box_round_it() -> None:
    """New game's focus ring was cut on its left and under it: the settings column (an
    ipywidgets box, which clips what reaches past its padding) held it flush. The settings
    column and the row of Turn, Undo and Hint leave the ring room: their padding and the
    button's margin (2px) reach as far as the ring (buttons.css: its offset and its line)."""
    ring = _declarations("buttons.css", ".jupyter-button:focus-visible")
    line, offset = re.search(r"outline:\s*(\d+)px", ring), re.search(r"offset:\s*(\d+)px", ring)
    assert line and offset
    reach = int(line[1]) + int(offset[1])
    for box in (".orchard-wd-settings > .widget-box", ".orchard-wd-actions"):
        padding = re.search(r"padding:\s*(\d+)px", _declarations("water_drops_board.css", box))
        assert padding and int(padding[1]) + 2 >= reach, box


def test_a_square_is_named_by_its_row_and_column() -> None:
    """As the lessons ask for (row, column) and stacked trees' hints say "row 1, column -2",
    water drops names a square "row R, column C" wherever a pupil reads or hears it: the
    hint, what the board says of a move, what a screen reader says of each square, the
    walkthrough's notes (never "square (0, 1)", which does not say which number is the row)."""
    board = WaterDropsBoard(players=2, seed=4, rules=wd.Rules(allow_rotation=True))
    move = board.hint()
    r, c = move.at
    shown = [board.hint_text.value]
    assert f"on row {r}, column {c} (" in board.hint_text.value
    board.choose_square(move.at)
    assert f"on row {r}, column {c}:" in board.message.value
    shown.append(board.message.value)
    board.select_card(0)
    labels = {square.at: square.label for square in board.orchard.shown()}
    assert all(label.startswith(f"row {at[0]}, column {at[1]}: ") for at, label in labels.items())
    lit = _lit(board)[0]
    assert "as it lies now, would add" in labels[lit]
    tour = rule_walkthrough(wd)
    for step in range(len(tour.steps)):
        tour.go(step)
        shown.append(tour.note.value)
    assert "on row 0, column 1" in "".join(shown)
    # the engine's refusals (WD-3), which the walkthrough quotes whole, say it too
    quoted = re.findall(r"Placing \(WD-3\):[^\n]*", "".join(shown))
    assert any(re.search(r"row -?\d+, column -?\d+", said) for said in quoted), quoted
    for words in shown:
        assert not re.search(r"square \(?-?\d", words), words


# A CSS declaration that draws a frame: a border or an outline with a line, an inset ring
_FRAME = re.compile(r"(?<![-\w])(outline|border|border-color|box-shadow)\s*:\s*(?!none)")
# classes a rule gives a border that is no frame of its own to name: each with why
_NOT_FRAMES = {
    "orchard-wd-slot": "a transparent border: room for the picked card's frame",
    "wd-cell": "the faint line between two cells of a card, drawn by the legend's samples too",
    "wd-fruit": "a fruit's shape, the legend's fruit samples",
    "wd-drop": "a drop's shape, the legend's drop sample",
}


def _frame_rules() -> list[tuple[set[str], str]]:
    """Each rule of the board's CSS that draws a frame: the classes of its selectors' last
    compounds (a ``::after`` counts as its element's), and its declarations."""
    css = (STATIC / "water_drops_board.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [
        ({c for sel in selectors.split(",") for c in re.findall(r"\.([\w-]+)", sel.split()[-1])},
         body)
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
        if _FRAME.search(body)
    ]  # fmt: skip


def _classes_drawn(board: WaterDropsBoard) -> set[str]:
    """Every class on the orchard's squares, in their HTML, and on the market's slots."""
    found: set[str] = set()
    for square in board.orchard.shown():
        found.update(square.classes.split())
        for attribute in re.findall(r'class="([^"]*)"', square.html):
            found.update(attribute.split())
    for slot in board.market_slots:
        found.update(slot._dom_classes)
    return found


def test_the_legend_names_every_frame_the_board_draws() -> None:
    """A cold look at the screenshots found frames the legend did not name: the dashed empty
    squares round the orchard (they looked like its "card's edge"), the keyboard's blue focus
    frame and the tours' orange highlight. Every class the board draws a frame by is in
    ``FRAMES``, its sample in the legend drawn by a rule of the CSS, with words; and no two
    samples differ by their colour alone (line, width, fill or ring tell them apart)."""
    board = WaterDropsBoard(players=2, seed=0, rules=wd.Rules(allow_rotation=True))
    drawn = _classes_drawn(board)
    board.hint()  # a picked card, its lit squares, the hint's square
    drawn |= _classes_drawn(board)
    board.highlight(squares=[(0, 0)], cells=[(0, 1)], slots=[1])
    drawn |= _classes_drawn(board)
    rules = _frame_rules()
    framed = {c for classes, _body in rules for c in classes} & drawn
    assert framed - set(_NOT_FRAMES) - {"orchard-wd-square"} <= set(FRAMES), framed
    assert set(FRAMES) - {"focus"} <= drawn  # each frame was seen on the board
    shown = legend()
    looks = {}
    for frame, sample in FRAMES.items():
        assert f'wd-legend-frame {sample}"' in shown, frame
        bodies = " ".join(body for classes, body in rules if sample in classes)
        assert bodies, f"no CSS rule draws {sample}"
        line = re.findall(r"(\d+)px (solid|dashed|dotted|double)", bodies)
        assert line, sample
        looks[frame] = (*line[0], "background" in bodies, "box-shadow" in bodies)
    # and the groups' frames, drawn inline: the focus was a 3px solid line like "scores nothing"
    for style in re.findall(r'class="wd-legend-frame" style="([^"]*)"', shown):
        line = re.findall(r"(\d+)px (solid|dashed|dotted|double)", style)
        looks[style] = (*line[0], "background" in style, "box-shadow" in style)
    assert len(looks) == len(FRAMES) + 2 and len(set(looks.values())) == len(looks), looks
    words = re.findall(r'class="wd-legend-frame[^"]*"[^>]*>[^<]*</span> ([^<]+)</span>', shown)
    assert len(words) == len(FRAMES) + 2 and all(words), words  # and the two groups'
    # a card's edge is drawn over its cells: dashed, where an empty square is dotted
    assert any("orchard-wd-square" in c and "dashed" in b for c, b in rules)
    assert any("orchard-wd-open" in c and "dotted" in b for c, b in rules)


def test_lookahead_hint_gives_a_legal_move() -> None:
    board = WaterDropsBoard(players=2, seed=4, hint_policy="lookahead")
    move = board.hint()
    assert move in board.game.legal_moves() and "Lookahead choice" in board.hint_text.value


def test_new_game_with_every_switch_and_turning_WD_3() -> None:
    board = WaterDropsBoard(players=2, seed=0)
    assert board.turn_button.layout.display == "none"
    rules = wd.Rules(scoring="per_drop", allow_rotation=True, max_size=(5, 5))
    board.new_game(players=4, seed=9, rules=rules, policy="random")
    assert board.game.to_json() == wd.Game.new(players=4, seed=9, rules=rules).to_json()
    assert board.rule_switches.rules == rules and board.players_choice.value == 4
    assert board.rule_switches.controls["max_size"].label == "5×5 cards"
    assert board.turn_button.layout.display is None
    board.select_card(0)
    card = board.selected
    board.turn_button.click()
    board.turn_button.click()
    assert board.rotation == 180 and "turned 180°" in board.message.value
    a, b, c, d = card.rotated(180).cells
    assert f"{a} {b}<br>{c} {d}" in _drawn(board, _lit(board)[0])
    board.orchard.click(_lit(board)[0])
    assert board.game.history[0][1].rotation == 180
    assert [p for p, _ in board.game.history[1:]] == [1, 2, 3, 1, 2, 3]  # random answers


def test_keys_turn_and_move_the_focus_to_where_the_card_may_go_WD_3() -> None:
    board = WaterDropsBoard(players=2, seed=0, rules=wd.Rules(allow_rotation=True))
    board.press("r")
    assert "Pick a card from the market first" in board.message.value
    board.select_card(1)
    first = board.legal_squares()[0]
    assert board.board_keys.focus_to == f'.orchard-wd-orchard [data-square="{first[0]},{first[1]}"]'
    board.press("R")
    assert board.rotation == 90 and "turned 90°" in board.board_keys.said
    card, at = board.selected, board.legal_squares()[0]
    before = board.game.scores()[0]
    board.orchard.click(at)
    gain = board.game.boards[0].total - before
    assert board.game.history[0] == (0, wd.Move(card, at, 90))
    assert board.board_keys.said.endswith(
        f"on row {at[0]}, column {at[1]}: {gain:+d}, {points(board.game.scores()[0])} in all."
    )
    assert board.board_keys.focus_to.endswith(".orchard-slot-0 .orchard-wd-take")
    board.press("u")
    assert board.game.history == () and board.board_keys.said.startswith("Move taken back")
    board.press("q")
    assert "r turn the card" in board.message.value


def test_the_turn_key_refuses_with_the_engines_sentence_when_turning_is_off_WD_3() -> None:
    board = WaterDropsBoard(players=1, seed=0)
    board.select_card(0)
    board.press("r")
    assert "orchard-refused" in board.message.value and board.rotation == 0
    assert board.board_keys.said.startswith("✗ ")


def test_the_keys_line_offers_r_only_when_cards_may_turn_WD_3() -> None:
    board = WaterDropsBoard(players=1, seed=0)
    assert "r turn" not in board.board_keys.help
    board.load(wd.Game.new(players=1, seed=0, rules=wd.Rules(allow_rotation=True)))
    assert "r turn the card" in board.board_keys.help


def test_once_the_game_is_over_the_keys_line_names_only_the_keys_that_act() -> None:
    """After the last move r, h and the cards' keys do nothing (the game is over): the keys
    line names only u, which still takes the move back, and says the other keys come back
    with a new game; undo brings the whole line back, and so does a new game."""
    game = wd.Game.new(players=1, seed=0, rules=wd.Rules(allow_rotation=True))
    while not _ends(game, game.legal_moves()[0]):
        game.play(game.legal_moves()[0])
    board = WaterDropsBoard(players=1, seed=0)
    board.load(game)
    playing = board.board_keys.help
    assert "r turn the card" in playing and "h hint" in playing
    move = game.legal_moves()[0]
    board.select_card(board.game.market.index(move.card))
    board.rotation = move.rotation
    board.choose_square(move.at)
    assert board.game.is_over
    over = board.board_keys.help
    assert "u undo" in over and "new game" in over
    assert not any(key in over for key in ("r turn", "h hint", "Tab reaches", "Enter")), over
    board.undo()
    assert board.board_keys.help == playing
    board.new_game()  # the settings row holds the rules loaded: cards may turn
    assert board.board_keys.help == playing


def _ends(game: wd.Game, move: wd.Move) -> bool:
    """Whether ``move`` ends ``game`` (which it leaves as it was)."""
    after = game.copy()
    after.play(move)
    return bool(after.is_over)


def test_the_new_game_button_reads_the_settings_and_no_limit_shows() -> None:
    board = WaterDropsBoard(players=4, seed=0, rules=wd.Rules(max_size=(4, 4)))
    board.players_choice.value = 5
    board.seed_choice.value = 11
    board.rule_switches.controls["max_size"].index = 0
    assert board.rule_switches.controls["max_size"].label == "no limit"
    board.new_button.click()
    assert board.game.to_json() == wd.Game.new(players=5, seed=11).to_json()


def test_a_bad_argument_changes_neither_the_game_nor_the_settings() -> None:
    board = WaterDropsBoard(players=2, seed=0)
    saved = board.game.to_json()
    with pytest.raises(ValueError, match="max_size 2×2"):
        board.new_game(players=3, rules=wd.Rules(max_size=(2, 2)))
    with pytest.raises(ValueError, match="policy"):
        board.new_game(players=3, policy="clever")
    with pytest.raises(ValueError, match="slot must be below 4"):
        board.select_card(4)
    with pytest.raises(TypeError, match="at must be"):
        board.choose_square("a1")  # type: ignore[arg-type]
    assert board.game.to_json() == saved and board.players_choice.value == 2


def test_a_failing_click_shows_a_message_not_a_traceback(monkeypatch) -> None:
    board = WaterDropsBoard(players=2, seed=0)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the hint engine broke")

    monkeypatch.setattr(wd, "hint", broken)
    board.hint_button.click()
    assert "That did not work" in board.message.value and "broke" in board.message.value


def test_building_a_board_plays_nothing() -> None:
    board = WaterDropsBoard(players=4, seed=3)
    assert board.game.to_json() == wd.Game.new(players=4, seed=3).to_json()


def test_every_label_has_contrast_4_5() -> None:
    for name, (text, background) in TEXT_ON.items():
        assert contrast_ratio(text, background) >= 4.5, name


def test_a_fruit_is_a_letter_and_a_shape_not_a_hue_alone_WD_1() -> None:
    assert len(set(FRUIT_SHAPE.values())) == len(FRUIT_SHAPE) == 4
    picture = card_picture(wd.Card.from_text("BC/PM"))
    for fruit, fill in FRUIT_FILL.items():
        assert re.search(f"background:{fill};[^>]*border-radius:{FRUIT_SHAPE[fruit]}", picture)
        assert f">{fruit}</span>" in picture
    assert "<span>7</span>" in card_picture(wd.Card.from_text("B7/7B"))


def test_the_orchard_shrinks_its_cards_as_it_grows_wider() -> None:
    board = WaterDropsBoard(players=1, seed=0)
    first = board.orchard.size, _width(board)
    for col in range(1, 9):
        board.select_card(0)
        board.choose_square((0, col))
    assert first == (92, 3)
    assert (board.orchard.size, _width(board)) == (50, 11)  # 11 columns of 50 px fit 560 px
    board.select_card(0)
    lit = _drawn(board, _lit(board)[0])
    assert re.fullmatch(r'<span class="wd-gain">[+-]\d+</span>', lit)  # no room for the ghost


def test_highlight_marks_squares_cells_market_and_panels() -> None:
    board = WaterDropsBoard(players=2, seed=0)
    board.highlight(squares=[(0, 0)], cells=[(0, 1)], slots=[2], groups=True)
    assert HIGHLIGHT in _classes(board, (0, 0))
    assert f"wd-cell {HIGHLIGHT}" in _drawn(board, (0, 0))
    assert HIGHLIGHT in board.market_slots[2]._dom_classes
    assert HIGHLIGHT in board.groups_text._dom_classes
    board.highlight(score=True)
    assert HIGHLIGHT not in _classes(board, (0, 0))
    assert HIGHLIGHT not in _drawn(board, (0, 0)) and HIGHLIGHT in board.score_text._dom_classes


# ---- the walkthrough -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def tour():
    return rule_walkthrough(wd)


def _expected(scene_highlight: dict) -> set[str]:
    return {name for name, value in scene_highlight.items() if value}


def test_every_step_is_reached_with_next_and_back_with_its_highlight(tour) -> None:
    board = tour.view
    assert isinstance(board, WaterDropsBoard) and len(tour.steps) == len(SCRIPT) == 11
    tour.go(0)
    order = [*range(len(SCRIPT)), *reversed(range(len(SCRIPT) - 1))]
    for index in order:
        if index > tour.index:
            tour.next_button.click()
        elif index < tour.index:
            tour.back_button.click()
        scene = SCRIPT[index]
        assert tour.index == index and "did not work" not in tour.note.value, scene.title
        assert tour.progress.value == f"Step {index + 1} of 11"
        marked = board.highlighted
        assert marked, scene.title  # every step points at something
        assert _expected(scene.highlight) <= set(marked), scene.title
        for at in marked.get("squares", ()):
            assert HIGHLIGHT in _classes(board, at), scene.title
        shown = [square.html for square in board.orchard.shown()]
        cells_marked = "".join(shown).count(f" {HIGHLIGHT}")
        assert cells_marked == len(marked.get("cells", ())), scene.title


def test_steps_with_a_refusing_rule_show_an_allowed_and_the_engines_refusal(tour) -> None:
    titles = [s.title for s in SCRIPT]
    for title in ("Placing next to your orchard", "Turning cards", "The largest orchard"):
        tour.go(titles.index(title))
        assert "✓ Allowed" in tour.note.value and "✗ Refused" in tour.note.value, title
        assert "Placing (WD-3):" in tour.note.value, title


def test_the_scoring_steps_say_the_engines_reasons_WD_4(tour) -> None:
    titles = [s.title for s in SCRIPT]
    tour.go(titles.index("A drop that matches"))
    assert "4 cherries touch a 4-drop: scores 4" in tour.note.value
    tour.go(titles.index("Overwatered"))
    assert "overwatered" in tour.note.value and "scores 2" in tour.note.value
    tour.go(titles.index("One drop, several groups"))
    assert tour.note.value.count("touch a 2-drop: scores 2") == 2
    tour.go(titles.index("Three ways to score"))
    three = "Standard rules: 2 points; the alternative rules: 2 points; our what-if: 4 points"
    assert three in tour.note.value
    tour.go(titles.index("The end and winning"))
    game = tour.view.game
    said = game.winner_reason(shared_told=0 in game.winners())  # "You share the win." said
    assert game.is_over and html.escape(said) in tour.view.summary.value


def test_a_step_looks_the_same_however_you_reach_it(tour) -> None:
    tour.go(4)
    first = tour.view.game.to_json(), tour.note.value, tour.view.highlighted
    tour.go(10)
    tour.go(4)
    assert (tour.view.game.to_json(), tour.note.value, tour.view.highlighted) == first


def test_a_wide_orchard_of_another_player_is_drawn_smaller() -> None:
    game = wd.Game.new(players=2, seed=0)
    while len(game.boards[1].cards()) < 13:  # the other player lays a long row
        col = len(game.boards[1].cards())
        moves = game.legal_moves()
        game.play(next(m for m in moves if m.at == (0, col)) if game.current_player else moves[0])
    board = WaterDropsBoard(players=2)
    board.load(game)
    assert "repeat(26,20px)" in board.opponents.value  # 26 cells in 520 px
    assert "font-size:9px" not in board.opponents.value  # its letters stay 11 px (issue 25)
