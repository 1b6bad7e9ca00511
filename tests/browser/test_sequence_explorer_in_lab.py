"""Lesson 01 in a real JupyterLab and Chromium: the explorer renders and follows its slider."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import notebook_errors, open_and_run_notebook, screenshot
from tests.browser.test_what_if_in_lab import open_with_file_browser

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


SMALL_NOTEBOOK = "sequence_explorer.ipynb"
DRAWN_LINES = (
    "el => [...el.querySelectorAll('.scatterlayer .trace path.js-line')]"
    ".filter(path => (path.getAttribute('d') || '').length > 10).length"
)
OUT_OF_OUTPUT = """
([root, output]) => {
  const edge = output.getBoundingClientRect();
  const wide = [output, root, ...root.querySelectorAll('.widget-box, .widget-html')]
    .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.className);
  const leaves = '.widget-inline-hbox, .widget-toggle-button, .js-plotly-plot';
  const out = [...root.querySelectorAll(leaves)]
    .filter(el => { const r = el.getBoundingClientRect();
                    return r.width > 0 && (r.right > edge.right + 1 || r.left < edge.left - 1); })
    .map(el => el.className);
  return [...wide.map(c => 'scrolls: ' + c), ...out.map(c => 'sticks out: ' + c)];
}
"""


def _small_notebook(lab) -> str:
    import nbformat

    cell = nbformat.v4.new_code_cell(
        "from orchard_lab.widgets import SequenceExplorer\n"
        "SequenceExplorer(n=6, shown=['triangular', 'pronic'])"
    )
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book = nbformat.v4.new_notebook(cells=[cell], metadata={"kernelspec": kernel})
    nbformat.write(book, lab.root / SMALL_NOTEBOOK)
    return SMALL_NOTEBOOK


def test_explorer_fits_at_1024_and_a_reloaded_page_draws_two_lines(page, lab) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_with_file_browser(page, lab, _small_notebook(lab))
    explorer = page.locator(".orchard-sequence-explorer").first
    plot = explorer.locator(".orchard-values-plot.js-plotly-plot").first
    plot.wait_for()
    page.wait_for_function(f"el => ({DRAWN_LINES})(el) === 2", arg=plot.element_handle())
    output = explorer.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')]")
    page.wait_for_function(
        "([plot, out]) => plot.getBoundingClientRect().right <= out.getBoundingClientRect().right",
        arg=[plot.element_handle(), output.first.element_handle()],
    )
    handles = [explorer.element_handle(), output.first.element_handle()]
    tall = explorer.evaluate("el => Math.ceil(el.getBoundingClientRect().height)") + 300
    page.set_viewport_size({"width": 1024, "height": max(768, tall)})
    explorer.scroll_into_view_if_needed()
    screenshot(page, "explorer-1024", explorer)
    assert page.evaluate(OUT_OF_OUTPUT, handles) == []
    dots_choice = explorer.locator(".orchard-dots-choice select").first
    expect(dots_choice).to_be_visible()
    assert page.evaluate(OUT_OF_OUTPUT, handles) == []

    # Issue 13: a page that loads the widgets later (app mode, here a reload of the saved
    # notebook on the same kernel) drew all four lines while two were switched on.
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    page.reload()
    plot = page.locator(".orchard-sequence-explorer .orchard-values-plot.js-plotly-plot").first
    plot.wait_for(timeout=120_000)
    page.wait_for_function(f"el => ({DRAWN_LINES})(el) > 0", arg=plot.element_handle())
    assert plot.evaluate(DRAWN_LINES) == 2
    assert notebook_errors(page) == []
