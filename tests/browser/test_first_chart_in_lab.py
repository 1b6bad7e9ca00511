"""A chart is drawn while the kernel still runs the cells after it (issue 24): plotly's
bundle comes from JupyterLab's server (``orchard_lab/plotly_bundle.py``), not from the busy
kernel, as during a lesson's Run All."""

from __future__ import annotations

import pytest

from tests.browser.conftest import _RUN_ALL, _STATE, notebook_errors, open_notebook
from tests.browser.test_apple_batches_in_lab import write_notebook

pytestmark = pytest.mark.browser

CHART = 'from orchard_lab.widgets import SequenceExplorer\nSequenceExplorer(n=6, shown=["pronic"])'
BUSY = "import time\n\ntime.sleep(120)  # the kernel stays busy: the chart must not wait for it"
DRAWN = "() => document.querySelector('.orchard-sequence-explorer .js-plotly-plot .trace') !== null"


def test_a_chart_is_drawn_while_the_kernel_runs_the_next_cell(fresh_page, lab) -> None:
    page = fresh_page  # plotly's bundle is fetched once, by a page that never had it
    served: list[int] = []
    page.on(
        "response",
        lambda r: served.append(r.status) if r.url.endswith("/orchard_lab/plotly.js") else None,
    )
    open_notebook(page, lab, write_notebook(lab, "first_chart.ipynb", CHART, BUSY))
    page.evaluate(_RUN_ALL)
    page.wait_for_function(DRAWN, timeout=100_000, polling=200)
    state = page.evaluate(_STATE)
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session"
                  ".kernel.interrupt()")  # fmt: skip
    # The busy cell sleeps 120 s and the chart had 100 s: drawn with that cell not yet run
    # is drawn without waiting for the kernel. The kernel's status at that instant is not
    # asked: between the chart's cell and the busy one it is idle for a moment.
    assert state["ran"] < state["cells"], (
        f"the chart was drawn only once the kernel had run every cell: {state}"
    )
    assert served == [200], f"the bundle was not served over HTTP once: {served}"
    assert notebook_errors(page) == []


# The sequence explorer's chart and the output area it is in: their widths.
WIDTHS = """() => {
  const plot = document.querySelector('.orchard-sequence-explorer .js-plotly-plot');
  const svg = plot && plot.querySelector('.main-svg');
  const output = plot && plot.closest('.jp-OutputArea-output');
  if (!svg || !output) return null;
  return {chart: Math.round(svg.getBoundingClientRect().width),
          room: Math.round(plot.getBoundingClientRect().width),
          output: Math.round(output.getBoundingClientRect().width)};
}"""


def test_a_chart_follows_the_sidebar_opened_and_closed(page, lab) -> None:
    """JupyterLab's sidebar narrows a notebook's output without resizing the window, which
    plotly's ``responsive`` follows: the chart follows its element's width instead
    (``drawnWhenSized`` in ``plotly_loader.js``), so it never sticks out of the output once
    the teacher opens the file browser, and takes the room back when it is closed."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_notebook(page, lab, write_notebook(lab, "sidebar_chart.ipynb", CHART))
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed")
    page.evaluate(_RUN_ALL)
    page.wait_for_function(DRAWN, timeout=100_000, polling=200)

    def fitted() -> dict[str, int]:  # the chart as wide as its room, once plotly has resized
        page.wait_for_function(
            f"() => {{ const w = ({WIDTHS})(); return w && w.chart === w.room; }}",
            timeout=10_000,
        )
        return page.evaluate(WIDTHS)

    wide = fitted()
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.wait_for_function("() => !window.jupyterapp.shell.leftCollapsed")
    page.wait_for_function(f"() => ({WIDTHS})().output < {wide['output']}")
    narrow = fitted()
    # the explorer lays its columns out afresh in the narrower output: the chart's room
    # changes (here it grows, the columns stacked), and the chart follows it
    assert narrow["room"] != wide["room"] and narrow["room"] <= narrow["output"], narrow
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed")
    page.wait_for_function(f"() => ({WIDTHS})().output === {wide['output']}")
    assert fitted() == wide
    assert notebook_errors(page) == []
