"""The lessons on a projector (issue 21, item 2): at 1024 × 768 with JupyterLab's file
browser open, the longest code cell of each pupil's lesson shows whole, without a sideways
scroll. Screenshots go to test-artifacts/lesson_width_<lesson>.png."""

from __future__ import annotations

import nbformat
import pytest

from orchard_lab.lessons.build import COPIES_DIR
from tests.browser.conftest import open_notebook, screenshot

pytestmark = pytest.mark.browser

LESSONS = sorted(path.name for path in (COPIES_DIR / "pupil").glob("0*.ipynb"))
PROJECTOR = {"width": 1024, "height": 768}


def longest_code_cell(name: str) -> int:
    """The index (among all cells) of the code cell with the longest line."""
    cells = nbformat.read(COPIES_DIR / "pupil" / name, as_version=4).cells
    widths = {
        index: max(map(len, cell.source.splitlines()), default=0)
        for index, cell in enumerate(cells)
        if cell.cell_type == "code"
    }
    return max(widths, key=widths.__getitem__)


@pytest.mark.parametrize("name", LESSONS)
def test_the_longest_code_cell_needs_no_sideways_scroll(browser, lab, name: str) -> None:
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_notebook(page, lab, f"pupil/{name}")
        sidebar = page.locator("#jp-left-stack")
        if not sidebar.is_visible():  # open the file browser, as a teacher has it
            page.evaluate("window.jupyterapp.commands.execute('filebrowser:activate')")
        assert sidebar.is_visible()
        index = longest_code_cell(name)
        cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
        cell.scroll_into_view_if_needed()
        scroller = cell.locator(".cm-scroller")
        widths = scroller.evaluate("e => [e.scrollWidth, e.clientWidth]")
        screenshot(page, f"lesson_width_{name.removesuffix('.ipynb')}")
        screenshot(page, f"lesson_width_{name.removesuffix('.ipynb')}_cell", cell)
    finally:
        context.close()
    assert widths[0] <= widths[1], f"{name}: cell {index} scrolls sideways: {widths}"
