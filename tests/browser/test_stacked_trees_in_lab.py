"""The stacked trees board in a real JupyterLab and Chromium, at projector and laptop sizes.

The file browser stays open, as a teacher has it. The board must fit the output area (no
sideways scroll), take clicks (choose, turn, ghost, place), change dice and score, and let
every control be reached with Tab.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from orchard_lab.widgets import StackedTreesBoard
from tests.browser.conftest import notebook_errors, screenshot
from tests.browser.test_apple_batches_in_lab import (
    SIZES,
    open_with_file_browser,
    output_width,
    sideways,
    whole_board_screenshot,
    write_notebook,
)

pytestmark = pytest.mark.browser

SEED = 3
BOARD_CELL = f"""\
from orchard_lab.widgets import StackedTreesBoard
board = StackedTreesBoard(seed={SEED})
board"""


def _turned_move() -> tuple[int, int]:
    """The best move of the first hand card turned a quarter turn without tokens: the index
    of its cell among the grid's buttons, and the score after it."""
    board = StackedTreesBoard(seed=SEED)
    game = board.game
    move = max(
        (
            m
            for m in game.legal_moves()
            if m.card == game.hand[0] and m.rotation == 90 and not m.rotten
        ),
        key=game.score_after,
    )
    assert game.score_after(move) > 0
    return board.cells.index(board.cell_button(move.at)), game.score_after(move)


@pytest.mark.parametrize("size", list(SIZES))
def test_board_fits_turns_and_places(page, lab, size) -> None:
    index, expected = _turned_move()
    name = write_notebook(lab, f"st_board_{size}.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES[size])
    board = page.locator(".orchard-st-board").first
    cells = board.locator(".orchard-st-grid .orchard-st-cell")
    cells.first.wait_for()
    assert notebook_errors(page) == []
    if size == "1024x768":
        assert output_width(page) < 640
    page.wait_for_timeout(300)
    screenshot(page, f"st-board-{size}-page")
    problems = sideways(page)
    assert problems == [], "\n".join(problems)
    score = board.locator(".orchard-st-score").first
    expect(score).to_contain_text("Score: 0")
    board.locator(".orchard-st-choose-0").first.click()
    board.locator(".orchard-st-right").first.click()
    cell = cells.nth(index)
    cell.click()
    expect(cell).to_have_class(re.compile("orchard-st-ghost"))
    expect(board.locator(".orchard-st-message").first).to_contain_text("Allowed here")
    whole_board_screenshot(page, board, f"st-board-{size}-ghost")
    cell.click()
    expect(board.locator(".orchard-st-message").first).to_contain_text("Placed")
    expect(score).to_contain_text(f"Score: {expected} ")
    dice = board.locator(".orchard-st-cell.orchard-st-die")
    assert dice.count() > 0 and any(ch.isdigit() for ch in dice.first.inner_text())
    assert sideways(page) == [] and notebook_errors(page) == []
    whole_board_screenshot(page, board, f"st-board-{size}-placed")
    board.locator(".orchard-st-how").first.click()  # the best line, searched up to 8 s
    replay = board.locator(".orchard-st-replay").first
    replay.locator(".orchard-st-figure.js-plotly-plot").first.wait_for(timeout=30_000)
    expect(board.locator(".orchard-st-message").first).to_contain_text(
        "The best line of this deal", timeout=30_000
    )
    board.locator(".orchard-st-replay-next").first.click()
    board.locator(".orchard-st-replay-next").first.click()
    expect(board.locator(".orchard-st-message").first).to_contain_text("Card 1 of")
    page.wait_for_timeout(500)
    problems = sideways(page)
    assert problems == [], "\n".join(problems)
    assert notebook_errors(page) == []
    whole_board_screenshot(page, board, f"st-board-{size}-replay")


def test_every_control_is_reached_with_tab(page, lab) -> None:
    name = write_notebook(lab, "st_board_tab.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-st-board").first
    board.locator(".orchard-st-cell").first.wait_for()
    board.locator(".orchard-st-hint").first.click()  # turn and place buttons wait for a ghost
    expect(board.locator(".orchard-st-hint-text").first).to_contain_text("Greedy choice")
    board.locator(".orchard-st-cell").first.focus()
    reached = set()
    for _ in range(120):
        reached.add(
            page.evaluate(
                "() => { const el = document.activeElement;"
                " return el.closest('.orchard-st-board') ? [el.tagName, el.type, el.className,"
                " el.textContent].join('|') : 'outside'; }"
            )
        )
        page.keyboard.press("Tab")
    text = " ".join(reached)
    for hook in (
        "orchard-st-choose-0",
        "orchard-st-left",
        "orchard-st-right",
        "orchard-st-place",
        "orchard-st-undo",
        "orchard-st-hint",
        "orchard-st-how",
        "orchard-st-new",
    ):
        assert hook in text, hook
    assert "|text|" in text and "noUi-handle" in text


TOUR_CELL = """\
from orchard_lab import stacked_trees as st
from orchard_lab.widgets import rule_walkthrough
rule_walkthrough(st)"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_rule_walkthrough_fits_and_steps(page, lab, size) -> None:
    name = write_notebook(lab, f"st_tour_{size}.ipynb", TOUR_CELL)
    open_with_file_browser(page, lab, name, SIZES[size])
    tour = page.locator(".orchard-walkthrough").first
    tour.locator(".orchard-st-cell").first.wait_for()
    for _ in range(3):
        tour.locator(".orchard-walkthrough-next").first.click()
    expect(tour.locator(".orchard-walkthrough-progress").first).to_contain_text("Step 4 of 11")
    expect(tour.locator(".orchard-walkthrough-note").first).to_contain_text("Refused")
    expect(tour.locator(".orchard-st-cell.orchard-highlight").first).to_be_visible()
    page.wait_for_timeout(300)
    problems = sideways(page)
    assert problems == [], "\n".join(problems)
    assert notebook_errors(page) == []
    whole_board_screenshot(page, tour, f"st-tour-{size}-matching")
