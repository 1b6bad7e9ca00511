"""A class in the app (issue 22, item 4): two pupils finish games on their own pages and send
them; the teacher's page ranks them as they arrive, and a re-seated copy is refused.

The server is ``orchard-lab app stacked-trees --class-results FILE``, with the pupils' token
and the teacher's from the environment. Ana plays by greedy hints, Ben by lookahead hints, on
the page's deal (seed 0). The teacher's page is open before Ben sends and is never reloaded:
his row appears by itself. Cai then pastes Ana's orchard written as seat 1 of a two-player
game: the same game (ST-7), refused on his page and listed on the teacher's. Every score shown
is the engine's replay of the codes in FILE.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from orchard_lab import stacked_trees as st
from orchard_lab.classroom import class_results, read_result, result_code
from orchard_lab.widgets import StackedTreesBoard
from tests.browser.axe import app_violations, violations
from tests.browser.conftest import OFFLINE_SERVER, screenshot, status
from tests.servers import free_port, stop

pytestmark = pytest.mark.browser

SEED = 0  # the page's own deal: a class that changes nothing plays one deal
VIEWPORT = {"width": 1024, "height": 768}
START_S = 150  # a deadline for the server, not a measurement: the machine is shared
_SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


class ClassServer:
    def __init__(self, url: str, pupils: str, teacher: str, results: Path) -> None:
        self.url, self.pupils, self.teacher, self.results = url, pupils, teacher, results


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    base = tmp_path_factory.mktemp("class")
    pupils, teacher = secrets.token_hex(6), secrets.token_hex(6)
    port = free_port()
    results = base / "class.txt"
    log_path = base / "app.log"
    command = [sys.executable, "-m", "orchard_lab.app", "stacked-trees", f"--port={port}"]
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [*command, "--class-results", str(results)],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=base,
            env=OFFLINE_SERVER
            | {"ORCHARD_LAB_TOKEN": pupils, "ORCHARD_LAB_TEACHER_TOKEN": teacher},
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_S
            while status(f"{url}/teacher?token={teacher}") != 200:
                assert process.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.5)
            printed = log_path.read_text()
            assert f"/teacher?token={teacher}" in printed and teacher not in " ".join(
                process.args
            ), "the teacher's token is printed for the teacher, never on the command line"
            yield ClassServer(url, pupils, teacher, results)
        finally:
            stop(process)


def _open_pupil(browser, server: ClassServer):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(f"{server.url}/?token={server.pupils}")
    page.locator(".orchard-st-hint").first.wait_for(timeout=START_S * 1000)
    return context, page


def _play_by_hints(page, hint: str) -> None:
    """Hint and place (saying yes to rotten tokens) until the code box fills: the game ended."""
    board = page.locator(".orchard-st-board").first
    board.get_by_role("button", name=hint, exact=True).click()
    code = page.locator(".orchard-send-code input")
    message = board.locator(".orchard-st-message").first
    for _ in range(30):
        if code.input_value():
            return
        board.locator(".orchard-st-hint").first.click()
        expect(message).to_contain_text("Hint: its ghost")
        board.locator(".orchard-st-place").first.click()
        expect(message).to_contain_text(re.compile("Placed|Place it anyway"))
        if "Place it anyway" in message.inner_text():  # it spends rotten tokens: say yes
            confirm = board.locator(".orchard-st-confirm").first
            expect(confirm).to_be_visible()  # its layout may arrive after the message
            confirm.click()
        expect(message).to_contain_text("Placed")
    raise AssertionError("the game did not end in 30 cards")


def _send(page, name: str, code: str | None = None) -> str:
    """Type ``name`` (and paste ``code``), press Send; the sentence the page answers."""
    page.locator(".orchard-send-name input").fill(name)
    if code is not None:
        page.locator(".orchard-send-code input").fill(code)
    message = page.locator(".orchard-send-message").first
    before = message.inner_text()
    page.locator(".orchard-send-button").click()
    expect(message).not_to_have_text(before)  # each send here answers another sentence
    return message.inner_text()


def _ranked(teacher_page) -> list[tuple[str, str, str]]:
    """(place, name, score) of each pupil's row on the teacher's page, top to bottom."""
    rows = teacher_page.locator("#orchard-teacher-table tr:not(.orchard-class-group)")
    cells = [row.locator("td").all_inner_texts() for row in rows.all()]
    return [(c[0], c[1], c[2]) for c in cells if c]


def test_two_pupils_send_and_the_teacher_sees_them_ranked_live(browser, class_server) -> None:
    server = class_server
    teacher_context = browser.new_context(viewport=VIEWPORT)
    teacher = teacher_context.new_page()
    contexts = [teacher_context]
    try:
        ana_context, ana = _open_pupil(browser, server)
        ben_context, ben = _open_pupil(browser, server)
        contexts += [ana_context, ben_context]
        mirror = StackedTreesBoard(seed=SEED)
        while not mirror.game.is_over:  # Ana's game, by greedy hints, in the engine
            mirror.hint()
            mirror.place()
            if mirror.confirm_button.layout.display is None:
                mirror.confirm()
        ana_code = result_code(mirror.game, seed=SEED)

        _play_by_hints(ana, "greedy")
        assert ana.locator(".orchard-send-code input").input_value() == ana_code
        assert _send(ana, "Ana") == (
            f"Sent: your teacher has your game ({mirror.game.boards[0].total} points)."
        )

        teacher.goto(f"{server.url}/teacher?token={server.teacher}")
        expect(teacher.locator("#orchard-teacher-table")).to_contain_text("Ana")
        assert teacher.title() == "Class results · orchard_lab"

        _play_by_hints(ben, "lookahead")
        ben_code = ben.locator(".orchard-send-code input").input_value()
        assert ben_code and ben_code != ana_code
        assert _send(ben, "Ben").startswith("Sent: your teacher has your game")
        expect(teacher.locator("#orchard-teacher-table")).to_contain_text("Ben")  # no reload

        checked = class_results(server.results.read_text())
        assert [row.name for row in checked.rows] == sorted(
            ["Ana", "Ben"], key=lambda name: -next(r.score for r in checked.rows if r.name == name)
        )
        assert len(checked.groups) == 1, "one deal, one rules: one group"
        expected = [(str(row.place), row.name, str(row.score)) for row in checked.rows]
        assert _ranked(teacher) == expected

        solo = read_result(ana_code).game  # Ana's orchard again, as seat 1 of two players
        copied = st.Game.new(players=2, seed=SEED)
        for _, move in solo.history:
            copied.play(move)
            copied.play(move)
        reseated = result_code(copied, player=1, seed=SEED)
        assert _send(ben, "Cai", reseated) == (
            "Not counted. The same game as Ana's code: each pupil has their own."
        )
        expect(teacher.locator("#orchard-teacher-sends")).to_contain_text("Cai")
        assert _ranked(teacher) == expected, "a refused send changes no row"
        assert [line.split(":")[0] for line in server.results.read_text().splitlines()] == [
            "Ana",
            "Ben",
        ]
        expect(teacher.locator("#orchard-teacher-status")).to_contain_text(
            "2 results verified in 1 group"
        )
        for page, name in ((ben, "a pupil's page"), (teacher, "the teacher's page")):
            for width in (1024, 512):  # 512: 1024x768 at 200 % zoom, where it must reflow
                page.set_viewport_size({"width": width, "height": 768 * width // 1024})
                wide = page.evaluate(_SIDEWAYS)
                assert wide <= 0, f"{name} scrolls sideways by {wide} px at {width} px"
            page.set_viewport_size(VIEWPORT)
        screenshot(teacher, "class-teacher-page-1024")
        screenshot(ben, "class-pupil-send-1024", ben.locator(".orchard-send").first)
        assert violations(teacher) == [], "the teacher's page: WCAG 2.1 AA violations"
        assert app_violations(ben) == [], "a pupil's page with its Send row: WCAG 2.1 AA"
    finally:
        for context in contexts:
            context.close()


def test_the_teacher_page_refuses_the_pupils_token(class_server) -> None:
    server = class_server
    assert status(f"{server.url}/teacher?token={server.pupils}") == 403
    assert status(f"{server.url}/teacher/results") == 403
    assert status(f"{server.url}/teacher/results.txt?token={server.teacher}") == 200
    assert os.environ.get("ORCHARD_LAB_TEACHER_TOKEN") != server.teacher
