"""Lesson 01 in a real JupyterLab and Chromium: the explorer renders and follows its slider."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import notebook_errors, open_and_run_notebook, screenshot

pytestmark = pytest.mark.browser

PLOT_DATA = "el => JSON.stringify(el.data.map(trace => [trace.x, trace.y]))"


def test_explorer_follows_its_slider(page, lab) -> None:
    open_and_run_notebook(page, lab, "pupil/01_apple_batches.ipynb")
    explorer = page.locator(".orchard-sequence-explorer").first
    explorer.scroll_into_view_if_needed()
    plot = explorer.locator(".js-plotly-plot").first  # the values plot comes first
    plot.wait_for()
    sentence = explorer.locator(".orchard-sentence").first
    table = explorer.locator(".orchard-values-table").first
    assert notebook_errors(page) == []

    before = (plot.evaluate(PLOT_DATA), sentence.inner_text(), table.inner_text())
    handle = explorer.locator(".orchard-n-slider .noUi-handle").first
    handle.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "([el, old]) => JSON.stringify(el.data.map(t => [t.x, t.y])) !== old",
        arg=[plot.element_handle(), before[0]],
    )
    # The plot, the sentence and the table each follow the slider in their own message.
    expect(sentence).to_contain_text("The 9th apple")  # n went from 6 to 9
    expect(table).not_to_have_text(before[2])
    assert notebook_errors(page) == []
    screenshot(page, "explorer", explorer)
