"""The what-if explorer of every game in a real JupyterLab, on a projector and a laptop.

At 1024×768 with the file browser open (about 590 px of output width) each game's explorer
is run, once; before and after Run it is checked there and with the window resized to
1400×900 (the file browser still open): nothing may scroll sideways, stick out of its output
area or overlap another control, every text must reach 4.5:1 contrast. Tab reaches every
control (at 1400×900, the file browser closed).
Screenshots go to ``test-artifacts/what-if-<game>-<width>.png``.
"""

from __future__ import annotations

import nbformat
import pytest
from playwright.sync_api import expect

from orchard_lab import games
from orchard_lab.core import describe_rules
from tests.browser.conftest import (
    Lab,
    notebook_errors,
    open_and_run_notebook,
    open_notebook,
    run_all_cells,
    screenshot,
)
from tests.browser.engine_pictures import (
    OWN,
    assert_sequences_drawn,
    at_every_size,
    charts_fill_their_room,
    type_own_sequence,
)
from tests.browser.test_apple_batches_in_lab import SIZES

pytestmark = pytest.mark.browser

NOTEBOOK = "what_if_games.ipynb"
GAMES = {"apple_batches": 2000, "water_drops": 100, "stacked_trees": 200}

DRAWN_BARS = (
    "el => [...el.querySelectorAll('g.trace.bars')]"
    ".filter(trace => trace.querySelectorAll('g.point path').length > 0).length"
)
# The axes' ticks and grid lines plotly drew: none before Run (the builder hides the axes
# while no game was played; plotly's default -1 to 6 measured nothing), both axes' after.
AXES_DRAWN = "el => el.querySelectorAll('.xtick, .ytick, .xgrid, .ygrid').length"
# Every box, control and text of the explorer: what may not scroll, stick out or overlap.
LAYOUT_PROBLEMS = """
([root, output]) => {
  const problems = [];
  const name = el => (el.className && el.className.baseVal === undefined ? el.className : '')
      .toString().split(' ').filter(c => c.startsWith('orchard') || c.startsWith('widget'))
      .slice(0, 2).join('.') + ' "' + (el.innerText || '').slice(0, 30) + '"';
  const boxes = [output, root, ...root.querySelectorAll('.widget-box, .widget-html')];
  for (const el of boxes) {
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push('scrolls sideways: ' + name(el) + ` ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  const edge = output.getBoundingClientRect();
  const leaves = [...root.querySelectorAll(
      '.widget-inline-hbox, .widget-button, .widget-checkbox, .widget-html, .js-plotly-plot')]
    .filter(el => el.getBoundingClientRect().width > 0);
  for (const el of leaves) {
    const r = el.getBoundingClientRect();
    if (r.right > edge.right + 1 || r.left < edge.left - 1) {
      problems.push(`sticks out: ${name(el)} ${r.left}-${r.right} of ${edge.left}-${edge.right}`);
    }
  }
  const controls = leaves.filter(el => !leaves.some(o => o !== el && el.contains(o)));
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i].getBoundingClientRect(), b = controls[j].getBoundingClientRect();
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 2 && y > 2) problems.push(`overlap: ${name(controls[i])} / ${name(controls[j])}`);
    }
  }
  return problems;
}
"""
# WCAG 2.1 contrast of every piece of text, against the first opaque background behind it.
LOW_CONTRAST = """
root => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => {
    const [r, g, b] = c.slice(0, 3).map(v => v / 255)
      .map(v => v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c;
    }
    return [255, 255, 255];
  };
  const low = [];
  const texts = [...root.querySelectorAll('*')].filter(el =>
      [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
      && !el.closest('.js-plotly-plot') && el.getClientRects().length);
  for (const el of texts) {
    const fg = rgb(getComputedStyle(el).color), bg = behind(el);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    if (ratio < 4.5) low.push(`${el.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  return low;
}
"""


@pytest.fixture(scope="module")
def notebook(lab: Lab) -> str:
    cells = [
        nbformat.v4.new_code_cell(
            "from orchard_lab import apple_batches, stacked_trees, water_drops\n"
            "from orchard_lab.widgets import WhatIfExplorer"
        )
    ]
    cells += [
        nbformat.v4.new_code_cell(f"WhatIfExplorer(game={game}, games={games})")
        for game, games in GAMES.items()
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel})
    nbformat.write(book, lab.root / NOTEBOOK)
    return NOTEBOOK


def open_with_file_browser(page, lab: Lab, name: str) -> None:
    """As a teacher works on a projector: the file browser open, then every cell run."""
    open_notebook(page, lab, name)
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed")
    run_all_cells(page)


def _full_screenshot(page, name: str, explorer, width: int, height: int) -> None:
    """The whole explorer: a taller window of the same width (the same layout), then back."""
    tall = explorer.evaluate("el => Math.ceil(el.getBoundingClientRect().height)") + 300
    page.set_viewport_size({"width": width, "height": max(height, tall)})
    explorer.scroll_into_view_if_needed()
    screenshot(page, name, explorer)
    page.set_viewport_size({"width": width, "height": height})
    explorer.scroll_into_view_if_needed()


def _run_and_check(page, explorer, game: str) -> None:
    """Run ``game``'s explorer at the page's size (1024×768, the file browser open); before
    and after Run, check it at every size of ``SIZES`` (``at_every_size``) and, after, take
    its screenshot at each."""
    explorer.scroll_into_view_if_needed()
    plot = explorer.locator(".orchard-whatif-plot.js-plotly-plot").first
    plot.wait_for()
    output = explorer.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')]")

    def layout_problems() -> list[str]:
        handles = [explorer.element_handle(), output.first.element_handle()]
        return page.evaluate(LAYOUT_PROBLEMS, handles)

    def before_run() -> None:
        assert plot.evaluate(DRAWN_BARS) == 0  # nothing drawn before Run
        assert plot.evaluate(AXES_DRAWN) == 0  # nor axes that would measure nothing
        # plotly draws a figure 700 px wide until its first redraw: it may not scroll the page
        problems = layout_problems()
        assert [p for p in problems if p.startswith("scrolls")] == [], problems

    at_every_size(
        page,
        before_run,
        then=lambda size: screenshot(page, f"what-if-{game}-before-run-{SIZES[size][0]}", plot),
    )
    # rule set B's first sequence, the pupil's own (issue 27), drawn against A's at once
    switch, _formula, _said, sequences = OWN[game]
    type_own_sequence(page, explorer, game)
    at_every_size(page, lambda: assert_sequences_drawn(explorer, sequences))
    explorer.locator(".orchard-whatif-run").first.click()
    page.wait_for_function(
        f"el => ({DRAWN_BARS})(el) === 2", arg=plot.element_handle(), timeout=120_000
    )
    summary = explorer.locator(".orchard-whatif-summary").first
    expect(summary).to_contain_text("9 games in 10")
    module = games.entry(game).module
    b_sequence = list(sequences.values())[1]
    b_rules = module.Rules(**{**games.entry(game).what_if_rules, switch: b_sequence})
    wanted = f"B: {describe_rules(b_rules)}".replace(" ", "")  # lines break at spaces
    output_width = output.first.evaluate("el => el.clientWidth")
    assert output_width < 700, "the file browser should be open"

    def ran() -> None:
        shown = summary.text_content() or ""
        assert "9 games in 10" in shown, f"the summary says {shown!r}"
        legend = plot.locator(".legend").first.text_content() or ""
        assert "A: standard rules" in legend, legend
        assert plot.evaluate(AXES_DRAWN) > 0, "Run's results show the axes"
        assert wanted in legend.replace(" ", ""), legend  # B is played with it
        problems = layout_problems()
        assert problems == [], f"{game}: {problems}"
        assert explorer.evaluate(LOW_CONTRAST) == [], game

    def shoot(size: str) -> None:
        width, height = SIZES[size]
        _full_screenshot(page, f"what-if-{game}-{width}", explorer, width, height)

    at_every_size(page, ran, then=shoot)


def test_every_game_runs_and_fits(page, lab, notebook) -> None:
    """Opened at 1024×768 with the file browser open and each game's explorer run there
    once; before and after Run it is checked at 1024×768 and at 1400×900
    (``at_every_size``); a screenshot of each explorer and of the page at each size."""
    width, height = SIZES["1024x768"]
    page.set_viewport_size({"width": width, "height": height})
    open_with_file_browser(page, lab, notebook)
    assert notebook_errors(page) == []
    explorers = page.locator(".orchard-whatif")
    assert explorers.count() == len(GAMES)
    for index, game in enumerate(GAMES):
        _run_and_check(page, explorers.nth(index), game)

    def fits() -> None:  # after a resize each chart takes a moment to follow: until, or 10 s
        assert notebook_errors(page) == []
        charts_fill_their_room(page)

    at_every_size(page, fits, then=lambda size: screenshot(page, f"what-if-page-{SIZES[size][0]}"))


def test_tab_reaches_every_control(page, lab, notebook) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    open_and_run_notebook(page, lab, notebook)
    explorer = page.locator(".orchard-whatif").first
    explorer.scroll_into_view_if_needed()
    controls = explorer.locator("input, select, button, .noUi-handle, [tabindex='0']")
    wanted = controls.count()
    assert wanted >= 10  # switches of A and B, policy, players, games, seed, Run
    controls.first.focus()
    reached = set()
    for _ in range(wanted * 2):
        reached.add(page.evaluate("() => document.activeElement.outerHTML.slice(0, 300)"))
        page.keyboard.press("Tab")
    missing = [
        html
        for html in controls.evaluate_all("els => els.map(el => el.outerHTML.slice(0, 300))")
        if html not in reached
    ]
    assert missing == []
