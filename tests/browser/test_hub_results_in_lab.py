"""Results on a class hub, in Chromium (issue 22, item 4): a real ``orchard-lab hub``.

The teacher logs in, opens ``class-results.ipynb`` and runs it: "No results yet". Ana logs in
in another browser and runs a notebook whose stacked trees board has played its game to the
end. Under the board, the Send row shows her login name (as text, not a box to change) and
holds exactly the code the engine gives the same game played here; she presses Send, reads
"Sent" with the engine's score, and Send waits for another game. On the
teacher's page, left alone, Ana's row appears with the engine's score. Both pages are
checked at 1024×768 (nothing scrolls sideways) and by axe-core; screenshots go to
``test-artifacts/hub-pupil-send-1024.png`` and ``hub-teacher-results-1024.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import nbformat
import pytest
from playwright.sync_api import expect

from orchard_lab.classroom import result_code
from orchard_lab.core import points
from orchard_lab.hub_homes import RESULTS_NOTEBOOK
from orchard_lab.widgets import StackedTreesBoard
from tests.browser.axe import lab_violations
from tests.browser.conftest import notebook_errors, screenshot
from tests.class_hub import CLASS_PASSWORD, TEACHER_PASSWORD, Hub, running_hub

pytestmark = pytest.mark.browser

SEED = 4
FINISHED = f"""\
from orchard_lab.widgets import StackedTreesBoard

board = StackedTreesBoard(seed={SEED})
while not board.game.is_over:  # the game played to its end by the greedy hints
    board.hint()
    board.place()
    if board.confirm_button.layout.display is None:
        board.confirm()
board"""
_SIDEWAYS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(o => o.scrollWidth > o.clientWidth + 1).length"""


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with running_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


def _log_in(context, hub: Hub, name: str, password: str):
    """A page of ``context`` logged in as ``name``, on their JupyterLab."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{hub.url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")
    page.wait_for_url(re.compile(f"/user/{name}/lab"), timeout=150_000)
    return page


def _run(page, hub: Hub, name: str, notebook: str) -> None:
    """Open ``notebook`` and, once its kernel is idle, run its last cell as a teacher does:
    click it, Shift+Enter (a hub's JupyterLab does not expose its app to the page); wait for
    the widgets."""
    page.goto(f"{hub.url}/user/{name}/lab/tree/{notebook}")
    idle = page.locator(".jp-StatusBar-TextItem", has_text="| Idle").first
    idle.wait_for(timeout=150_000)  # the kernel answers: a cell run before would be lost
    page.locator(".jp-CodeCell .jp-InputArea-editor").last.click()
    page.keyboard.press("Shift+Enter")
    page.locator(".jp-OutputArea-output .jupyter-widgets").first.wait_for(timeout=150_000)


def _whole_output(page, name: str) -> None:
    """The cell's whole output in one picture: a taller window of the same width, then back."""
    output = page.locator(".jp-OutputArea-output").last
    tall = output.evaluate("el => Math.ceil(el.getBoundingClientRect().height)") + 200
    page.set_viewport_size({"width": 1024, "height": max(768, tall)})
    page.wait_for_timeout(300)
    screenshot(page, name, output)
    page.set_viewport_size({"width": 1024, "height": 768})


def test_a_pupils_send_reaches_the_teachers_notebook_without_a_click(class_hub, browser) -> None:
    mirror = StackedTreesBoard(seed=SEED)  # the same game here: the engine's code and score
    while not mirror.game.is_over:
        mirror.hint()
        mirror.place()
        if mirror.confirm_button.layout.display is None:
            mirror.confirm()
    code, score = result_code(mirror.game, seed=SEED), mirror.game.scores()[0]
    size = {"width": 1024, "height": 768}
    teachers, pupils = browser.new_context(viewport=size), browser.new_context(viewport=size)
    try:
        desk = _log_in(teachers, class_hub, "teacher", TEACHER_PASSWORD)
        _run(desk, class_hub, "teacher", RESULTS_NOTEBOOK)
        status = desk.locator(".orchard-class-status").first
        expect(status).to_have_text("No results yet: they appear here as pupils send them.")

        ana = _log_in(pupils, class_hub, "ana", CLASS_PASSWORD)
        book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(FINISHED)])
        book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(book, class_hub.folder / "pupils" / "ana" / "finished.ipynb")
        _run(ana, class_hub, "ana", "finished.ipynb")
        sender = ana.locator(".orchard-send").first
        expect(sender.locator(".orchard-send-login").first).to_have_text("Your name: ana")
        expect(sender.locator(".orchard-send-name input").first).to_be_hidden()
        expect(sender.locator(".orchard-send-code input").first).to_have_value(code)
        button = sender.locator(".orchard-send-button").first
        button.click()
        expect(sender.locator(".orchard-send-message").first).to_have_text(
            f"Sent: your teacher has your game ({points(score)})."
        )
        expect(button).to_be_disabled()  # the same game again would be refused
        expect(sender.locator(".orchard-send-code input").first).to_have_value(code)
        _whole_output(ana, "hub-pupil-send-1024")
        assert ana.evaluate(_SIDEWAYS) == 0 and notebook_errors(ana) == []
        assert lab_violations(ana) == []

        table = desk.locator(".orchard-class-table").first  # no click: the kernel's thread
        expect(table.locator("tr", has_text="ana")).to_contain_text(str(score), timeout=20_000)
        expect(status).to_have_text("1 result verified in 1 group.")
        _whole_output(desk, "hub-teacher-results-1024")
        assert desk.evaluate(_SIDEWAYS) == 0 and notebook_errors(desk) == []
        assert lab_violations(desk) == []
    finally:
        teachers.close()
        pupils.close()
