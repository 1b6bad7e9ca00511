"""The water drops board in a real JupyterLab and Chromium, at projector and laptop sizes.

The file browser stays open, as a teacher has it. The board must fit the output area (no
sideways scroll, no clipped button, the other players' small orchards legible), take a
click on a market card and on a lit square, and then show the new card, the group outlines
and the new score. The board is opened once, at 1024×768, and played there; what it shows
is checked there and with the window resized to 1400×900.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from orchard_lab.widgets.water_drops_html import SMALLEST_LETTER
from tests.browser.conftest import notebook_errors, screenshot
from tests.browser.engine_pictures import at_every_size
from tests.browser.frame_room import assert_clear_inside, assert_ring_whole, focus_by_keyboard
from tests.browser.frames import assert_frames_whole
from tests.browser.language_checks import small_letters
from tests.browser.test_apple_batches_in_lab import (
    CUT_BUTTONS,
    SIZES,
    assert_fits,
    assert_shows,
    hint_at_every_size,
    open_with_file_browser,
    output_width,
    sideways,
    whole_board_screenshot,
    write_notebook,
)

pytestmark = pytest.mark.browser

BOARD_CELL = """\
from orchard_lab.widgets import WaterDropsBoard
board = WaterDropsBoard(players=3, seed=2)
for _ in range(4):  # a grown orchard, played before the view is drawn
    board.select_card(0)
    board.choose_square(board.hint().at)
board"""
TOUR_CELL = """\
from orchard_lab import water_drops as wd
from orchard_lab.widgets import rule_walkthrough
tour = rule_walkthrough(wd)
tour.go(6)
tour"""
# The letters and drop numbers of the other players' small orchards (a drop's number is
# turned back upright inside its turned drop: drawn as it is laid out).
OTHER_ORCHARDS_LETTERS = ".orchard-wd-opponent .wd-fruit, .orchard-wd-opponent .wd-drop > span"
OUTLINES = "el => [...el.querySelectorAll('.wd-cell')].filter(c => c.style.borderTopWidth"
OUTLINES += " || c.style.borderLeftWidth || c.style.borderRightWidth"
OUTLINES += " || c.style.borderBottomWidth).length"


def test_board_fits_and_plays_a_card(page, lab) -> None:
    """Opened at 1024×768 with the file browser open (the narrow output area the board is
    first drawn in) and played there once: a market card, its lit squares, the best one,
    a hint. On the first render, with the squares lit, after the move and after the hint,
    the page is checked at 1024×768 and at 1400×900 (``at_every_size``); a screenshot at
    each size."""
    name = write_notebook(lab, "wd_board.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-wd-board").first
    board.locator(".orchard-wd-card").first.wait_for()
    assert notebook_errors(page) == []
    assert output_width(page) < 640  # the projector's narrow output area

    def first_render() -> None:
        assert_fits(page)
        assert board.locator(".widget-button").evaluate_all(CUT_BUTTONS) == []
        assert board.locator(".orchard-wd-opponent").count() == 2
        # their small orchards stay legible (9 px letters once, in 14 px cells)
        assert small_letters(board, OTHER_ORCHARDS_LETTERS, SMALLEST_LETTER) == []

    def shoot_first(size: str) -> None:
        screenshot(page, f"wd-board-{size}-page")
        whole_board_screenshot(page, board, f"wd-board-{size}")

    # the orchard's grid takes its room a moment after the first render: until then, or 10 s
    at_every_size(page, first_render, drawing=True, then=shoot_first)

    cards = board.locator(".orchard-wd-card")
    before_cards = cards.count()
    orchard = board.locator(".orchard-wd-orchard").first
    before_outlines = orchard.evaluate(OUTLINES)
    score = board.locator(".orchard-wd-score").first
    before_score = score.text_content()
    board.locator(".orchard-wd-take").first.click()
    lit = board.locator(".orchard-wd-open.orchard-legal")
    lit.first.wait_for()
    expect(lit.first).to_contain_text("+")  # the ghost says what the card would add

    def lit_up() -> None:
        assert_shows(lit.first, "+")

    def shoot_lit(size: str) -> None:
        screenshot(page, f"wd-board-{size}-lit", orchard)

    at_every_size(page, lit_up, then=shoot_lit)
    best = max(range(lit.count()), key=lambda i: int(lit.nth(i).inner_text().split()[-1]))
    lit.nth(best).click()
    message = board.locator(".orchard-wd-message").first
    expect(message).to_contain_text("You laid the")
    expect(cards).to_have_count(before_cards + 1)

    def played() -> None:
        assert_shows(message, "You laid the")
        assert cards.count() == before_cards + 1, f"{cards.count()} cards"
        assert orchard.evaluate(OUTLINES) != before_outlines, "the group outlines stayed"
        assert score.text_content() != before_score, f"the score stayed {before_score!r}"

    at_every_size(page, played)
    hint_at_every_size(page, board, "wd", "wd-board-{size}-played")


def test_every_control_is_reached_with_tab(page, lab) -> None:
    name = write_notebook(lab, "wd_board_tab.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-wd-board").first
    board.locator(".orchard-wd-take").first.wait_for()
    board.locator(".orchard-wd-take").first.focus()
    reached = set()
    for _ in range(60):
        reached.add(
            page.evaluate(
                "() => { const el = document.activeElement;"
                " return el.closest('.orchard-wd-board') ? [el.tagName, el.type, el.className,"
                " el.textContent].join('|') : 'outside'; }"
            )
        )
        page.keyboard.press("Tab")
    text = " ".join(reached)
    shown = board.locator(".orchard-wd-take:visible").count()
    assert shown >= 1 and text.count("orchard-wd-take-") == shown  # every card on show
    assert "orchard-wd-open" in text
    for label in ("Undo", "Hint", "New game", "|checkbox|", "SELECT|", "|number|"):
        assert label in text, label


ROOM_CELLS = (
    """\
from orchard_lab.widgets import WaterDropsBoard
slot = WaterDropsBoard(players=3, seed=2)
slot.highlight(slots=[0])
slot""",
    """\
market = WaterDropsBoard(players=3, seed=2)
market.highlight(market=True)
market""",
)


def test_a_slot_keeps_room_for_its_take_buttons_ring_and_inside_a_highlight(page, lab) -> None:
    """A Take button's focus ring lost its outer 1px to its slot (4px of padding, the ring
    reaches 5px); a highlighted slot's and the market's contents sat on the frame's inner
    line (issue 24). The marked slot's frame, 2px outside it, is whole too."""
    name = write_notebook(lab, "wd_board_room.ipynb", *ROOM_CELLS)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    slot_board, market_board = (page.locator(".orchard-wd-board").nth(i) for i in (0, 1))
    market_board.locator(".orchard-wd-market.orchard-highlight").first.wait_for()
    slot = slot_board.locator(".orchard-wd-slot.orchard-highlight").first
    assert_clear_inside(slot, "the marked slot")
    assert_clear_inside(market_board.locator(".orchard-wd-market").first, "the marked market")
    assert_frames_whole(slot_board, "the marked slot")
    takes = slot_board.locator(".orchard-wd-take:visible")
    for index in (0, takes.count() - 1):  # the first and the last slot
        focus_by_keyboard(page, takes.nth(index))
        assert_ring_whole(slot_board, f"Take {index}")
    focus_by_keyboard(page, takes.first)
    market = slot_board.locator(".orchard-wd-market").first
    market.scroll_into_view_if_needed()
    screenshot(page, "wd-board-1024x768-slot-room", market)
    market_board.locator(".orchard-wd-market").first.scroll_into_view_if_needed()
    screenshot(page, "wd-board-1024x768-market-room", market_board.locator(".orchard-wd-market"))
    assert sideways(page) == [] and notebook_errors(page) == []


def test_the_walkthrough_fits_at_1024(page, lab) -> None:
    name = write_notebook(lab, "wd_tour.ipynb", TOUR_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    tour = page.locator(".orchard-walkthrough").first
    tour.locator(".orchard-wd-card").first.wait_for()
    expect(tour.locator(".orchard-walkthrough-progress").first).to_have_text("Step 7 of 11")
    assert tour.locator(".orchard-wd-orchard .orchard-highlight").count() >= 4
    assert sideways(page) == [] and notebook_errors(page) == []
    whole_board_screenshot(page, tour, "wd-tour-1024x768")
    tour.locator(".orchard-walkthrough-next").first.click()
    expect(tour.locator(".orchard-walkthrough-progress").first).to_have_text("Step 8 of 11")


WIDE_CELL = """\
from orchard_lab.widgets import WaterDropsBoard
board = WaterDropsBoard(players=1, seed=0)
for col in range(1, 12):  # a long row: the cards shrink to fit
    board.select_card(0)
    board.choose_square((0, col))
board.select_card(0)
board"""


def test_a_wide_orchard_shrinks_its_cards_and_fits_at_1024(page, lab) -> None:
    name = write_notebook(lab, "wd_wide.ipynb", WIDE_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-wd-board").first
    board.locator(".orchard-wd-open.orchard-legal").first.wait_for()
    orchard = board.locator(".orchard-wd-orchard").first
    # the grid takes its rows' numbers and 14 columns of 40 px (no inner scroll)
    page.wait_for_function(
        "el => el.querySelector('.orchard-square-grid').style.gridTemplateColumns"
        " === '24px repeat(14, 40px)' && el.scrollWidth <= el.clientWidth + 1",
        arg=orchard.element_handle(),
        timeout=10_000,
    )
    assert sideways(page) == [] and notebook_errors(page) == []
    assert board.locator(".widget-button").evaluate_all(CUT_BUTTONS) == []
    screenshot(page, "wd-board-wide-1024x768", orchard)
