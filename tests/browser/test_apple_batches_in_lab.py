"""Lesson 01 in a real JupyterLab and Chromium: the board plays a click, the what-if draws."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import notebook_errors, open_and_run_notebook, screenshot

pytestmark = pytest.mark.browser

BATCH_OF = (
    "el => [...el.classList].find(c => c.startsWith('orchard-batch-'))"
    ".replace('orchard-batch-', '')"
)
DRAWN_BARS = (
    "el => [...el.querySelectorAll('g.trace.bars')]"
    ".filter(trace => trace.querySelectorAll('g.point path').length > 0).length"
)


def test_board_and_what_if_in_lab(page, lab) -> None:
    page.set_viewport_size({"width": 1400, "height": 1700})  # the whole board on screen
    open_and_run_notebook(page, lab, "pupil/01_apple_batches.ipynb")
    board = page.locator(".orchard-ab-board").first
    board.scroll_into_view_if_needed()
    board.locator(".orchard-ab-chart.js-plotly-plot").first.wait_for()
    assert notebook_errors(page) == []
    screenshot(page, "apple-batches-board", board)

    score = board.locator(".orchard-ab-score").first
    score_before = score.text_content()
    board.locator(".orchard-market-card").first.click()
    lit = board.locator(".orchard-batch.orchard-legal").first
    lit.wait_for()
    screenshot(page, "apple-batches-selected", board)
    batch = lit.evaluate(BATCH_OF)
    cards = board.locator(f".orchard-batch-{batch} .orchard-batch-cards").first
    cards_before = cards.text_content()
    board.locator(f".orchard-batch-{batch} .orchard-batch-button").first.click()
    page.wait_for_function(
        "([el, old]) => el.textContent !== old", arg=[cards.element_handle(), cards_before]
    )
    page.wait_for_function(
        "([el, old]) => el.textContent !== old", arg=[score.element_handle(), score_before]
    )
    assert cards.text_content().count("·") == cards_before.count("·") + 1  # one more apple
    expect(board.locator(".orchard-ab-message").first).to_contain_text("You put the")
    assert notebook_errors(page) == []
    screenshot(page, "apple-batches-placed", board)

    what_if = page.locator(".orchard-whatif").first
    what_if.scroll_into_view_if_needed()
    plot = what_if.locator(".orchard-whatif-plot.js-plotly-plot").first
    plot.wait_for()
    assert plot.evaluate(DRAWN_BARS) == 0  # nothing drawn before Run
    what_if.locator(".orchard-whatif-run").first.click()
    page.wait_for_function(f"el => ({DRAWN_BARS})(el) === 2", arg=plot.element_handle())
    legend = plot.locator(".legend").first.text_content()
    assert "A: seeds' rules" in legend and "B: easy" in legend
    expect(what_if.locator(".orchard-whatif-summary").first).to_contain_text("mean")
    assert notebook_errors(page) == []
    screenshot(page, "what-if", what_if)
