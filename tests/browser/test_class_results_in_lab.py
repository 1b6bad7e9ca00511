"""The class results checker in a real JupyterLab at 1024×768 with the file browser open.

A teacher's paste (two stacked trees pupils on one deal, a water drops pair, a broken line,
one name on two lines) is checked by clicking Check in the page; the ranked table, the plot
with the best line, the refused line and the "same name" marks must show, nothing may scroll
sideways, stick out or overlap, and every text must reach 4.5:1 contrast. The screenshot goes
to ``test-artifacts/class-results-1024.png``.
"""

from __future__ import annotations

import nbformat
import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_no_violations
from tests.browser.conftest import Lab, notebook_errors, screenshot
from tests.browser.test_what_if_in_lab import (
    LAYOUT_PROBLEMS,
    LOW_CONTRAST,
    open_with_file_browser,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "class_results.ipynb"
SETUP = """\
import numpy as np
from orchard_lab import stacked_trees, water_drops
from orchard_lab.classroom import result_code
from orchard_lab.widgets import ClassResultsChecker

def finished(module, players, seed, play):
    game = module.Game.new(players=players, seed=seed)
    rng = np.random.default_rng(play)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    return game

deal = [finished(stacked_trees, 1, 4, play) for play in (1, 2)]
pond = finished(water_drops, 2, 3, 0)
paste = "\\n".join([
    f"Ana: {result_code(deal[0], seed=4)}",
    f"Ben: {result_code(deal[1], seed=4)}",
    f"Cai: {result_code(pond, player=0, seed=3)}",
    f"Ana: {result_code(pond, player=1, seed=3)}",
    "Eve: S7KQ-M2X9",
])"""


@pytest.fixture(scope="module")
def notebook(lab: Lab) -> str:
    cells = [
        nbformat.v4.new_code_cell(SETUP),
        nbformat.v4.new_code_cell("ClassResultsChecker(text=paste)"),
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel})
    nbformat.write(book, lab.root / NOTEBOOK)
    return NOTEBOOK


def test_check_a_class_at_1024_with_the_file_browser_open(page, lab, notebook) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_with_file_browser(page, lab, notebook)
    assert notebook_errors(page) == []
    checker = page.locator(".orchard-class").first
    checker.scroll_into_view_if_needed()
    checker.locator(".orchard-class-check").first.click()
    table = checker.locator(".orchard-class-table").first
    expect(table).to_contain_text("best line found", timeout=60_000)
    expect(table).to_contain_text("2. water drops, seed 3, 2 players")
    expect(checker.locator(".orchard-class-refused").first).to_contain_text(
        "line 5, Eve: this code has a typing mistake"
    )
    expect(checker.locator(".orchard-class-status").first).to_have_text(
        "4 results verified in 2 groups; 1 line refused (below). The name Ana is on more than "
        "one line (marked “same name” below): check who is who."
    )
    expect(table.locator("td", has_text="Ana (same name)")).to_have_count(2)
    plot = checker.locator(".orchard-class-plot.js-plotly-plot").first
    expect(plot.locator("text", has_text="best line")).to_have_count(1)
    output = checker.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')]")
    assert output.first.evaluate("el => el.clientWidth") < 700, "the file browser should be open"
    tall = checker.evaluate("el => Math.ceil(el.getBoundingClientRect().height)") + 300
    page.set_viewport_size({"width": 1024, "height": max(768, tall)})  # the same width
    checker.scroll_into_view_if_needed()
    screenshot(page, "class-results-1024", checker)
    page.set_viewport_size({"width": 1024, "height": 768})
    handles = [checker.element_handle(), output.first.element_handle()]
    problems = page.evaluate(LAYOUT_PROBLEMS, handles)
    assert problems == [], problems
    assert checker.evaluate(LOW_CONTRAST) == []
    assert notebook_errors(page) == []
    assert_no_violations(page, "the class results, checked")  # axe-core, at both sizes
