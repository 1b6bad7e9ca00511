"""A class in the app in French and in Korean (issue 25): pupils send their result codes from
their page, and the teacher's page shows them ranked, in the class's language.

Two servers start side by side, ``orchard-lab app stacked-trees --class-results FILE --lang
fr`` and ``--lang ko``, each with its own file and the tokens of
``test_class_results_in_the_app``. For each language the teacher's page is opened first (it
says there are no results yet, in its language), then one pupil's page, from which five
lines are sent as a class sends them: Ana's and Ben's stacked trees games on one deal, Ana's
water drops game (a second group, and one name on two lines), Cai's copy of Ana's orchard
re-seated in a two-player game (the same game: refused) and Eve's mistyped code (refused).
Each sentence the pupil reads is the one a ``ClassInbox`` in this process says under
``speaking`` the same language.

The teacher's page, never reloaded, is then checked at 1024x768 and 1400x900
(``at_every_size``): ``<html lang>`` is the language and every text's nearest ``lang`` too;
its title, status sentence, ranked table (group headings, marks, places, scores) and sends
not counted are what ``class_results`` of the server's file and the in-process inbox say
in that language, every row the engine ranked in the engine's order; no English sentence
of the catalogue is left (``language_checks``); in Korean it shows Hangul and breaks lines
between words only (keep-all); nothing scrolls sideways, reaches past the window or is cut
in its box; axe finds no WCAG 2.1 AA violation. The pupil's Send row is checked at both
sizes too, before sending (its words and its placeholder fit). A screenshot of the whole
teacher's page at each size goes to ``test-artifacts/class-results-<lang>-<size>.png``.

In the worker's JupyterLab, one notebook checks the paste of ``test_class_results_in_lab``
with one ``ClassResultsChecker`` per language, each made and checked in its cell under
``speaking`` it (a click on Check is the English test's), with the file browser open; each
is checked at both sizes as the teacher's page is, its plot's words too, with the English
test's layout and contrast checks; screenshots in ``class-results-lab-<lang>-<size>.png``.
"""

from __future__ import annotations

import html
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import numpy as np
import pytest
from playwright.sync_api import expect

from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.app.teacher import NO_RESULTS, sends_html
from orchard_lab.class_inbox import ClassInbox
from orchard_lab.classroom import class_results, result_code, summary
from orchard_lab.language import _, speaking
from orchard_lab.widgets.class_results import refused_html, table_html
from tests.browser.axe import assert_no_violations, violations
from tests.browser.conftest import ARTIFACTS, OFFLINE_SERVER, Lab, notebook_errors, status
from tests.browser.engine_pictures import at_every_size
from tests.browser.language_checks import cut_placeholders, lang_problems, language_problems
from tests.browser.test_class_results_in_lab import SETUP
from tests.browser.test_class_results_in_the_app import (
    _SIDEWAYS,
    START_S,
    ClassServer,
    _open_pupil,
    _ranked,
    _send,
)
from tests.browser.test_what_if_in_lab import (
    LAYOUT_PROBLEMS,
    LOW_CONTRAST,
    open_with_file_browser,
)
from tests.servers import free_port, stop

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("class-results")]

LANGS = ("fr", "ko")
SEED = 0  # the stacked trees deal of Ana's and Ben's games
POND_SEED = 3  # Ana's water drops game's
# Visible elements of the teacher's page that reach past the window's edges, or whose
# content is wider than their box (a word cut, or sticking out of its cell).
_CLIPPED = """() => {
    const edge = document.documentElement.clientWidth;
    const name = el => `${el.tagName} "${(el.innerText || '').trim().slice(0, 30)}"`;
    const found = [];
    for (const el of document.querySelectorAll('main, main *')) {
        if (el.getClientRects().length === 0) continue;
        const r = el.getBoundingClientRect();
        if (r.right > edge + 1 || r.left < -1) found.push(`past the window: ${name(el)}`);
        if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
            found.push(`wider than its box: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
        }
    }
    return found;
}"""
# The send row's elements (visible ones) that reach past the window's right edge.
_PAST_THE_WINDOW = """root => [...root.querySelectorAll('*')]
    .filter(el => el.getClientRects().length
        && el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map(el => `${el.tagName}.${String(el.className).slice(0, 60)}`)"""


def _finished(module, players: int, seed: int, play: int):
    """A game played to its end by moves drawn at random (``play`` seeds the draw)."""
    game = module.Game.new(players=players, seed=seed)
    rng = np.random.default_rng(play)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    return game


def _class_lines() -> list[tuple[str, str]]:
    """(name, code) of each send, in order: two pupils on one stacked trees deal, Ana's
    water drops game, Ana's orchard re-seated as seat 1 of two players, a mistyped code."""
    ana = _finished(st, 1, SEED, 1)
    reseated = st.Game.new(players=2, seed=SEED)
    for _player, move in ana.history:
        reseated.play(move)
        reseated.play(move)
    return [
        ("Ana", result_code(ana, seed=SEED)),
        ("Ben", result_code(_finished(st, 1, SEED, 2), seed=SEED)),
        ("Ana", result_code(_finished(wd, 2, POND_SEED, 0), player=0, seed=POND_SEED)),
        ("Cai", result_code(reseated, player=1, seed=SEED)),
        ("Eve", "S7KQ-M2X9"),
    ]


@pytest.fixture(scope="module")
def class_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ClassServer]]:
    """lang -> a class's server in that language (``--lang``), with its own results file;
    both start side by side and stop on leaving."""
    base = tmp_path_factory.mktemp("class-languages")
    pupils, teacher = secrets.token_hex(6), secrets.token_hex(6)
    started: dict[str, tuple[subprocess.Popen[bytes], Path, ClassServer]] = {}
    try:
        for lang in LANGS:
            port = free_port()
            log_path = base / f"app-{lang}.log"
            results = base / f"class-{lang}.txt"
            command = [sys.executable, "-m", "orchard_lab.app", "stacked-trees", f"--port={port}"]
            with log_path.open("w") as log:
                process = subprocess.Popen(
                    [*command, "--class-results", str(results), "--lang", lang],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=base,
                    env=OFFLINE_SERVER
                    | {"ORCHARD_LAB_TOKEN": pupils, "ORCHARD_LAB_TEACHER_TOKEN": teacher},
                )
            server = ClassServer(f"http://127.0.0.1:{port}", pupils, teacher, results)
            started[lang] = (process, log_path, server)
        deadline = time.monotonic() + START_S
        for process, log_path, server in started.values():
            while status(f"{server.url}/teacher?token={teacher}") != 200:
                assert process.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.5)
        yield {lang: server for lang, (_, _, server) in started.items()}
    finally:
        for process, _, _ in started.values():
            stop(process)


def _text(markup: str) -> str:
    """What ``markup`` (the server's HTML) reads as text, its white space folded."""
    return " ".join(html.unescape(re.sub("<[^>]+>", "", markup)).split())


def _shown(root, selector: str) -> str:
    """The text of ``root``'s first ``selector``, its white space folded."""
    return " ".join((root.locator(selector).first.text_content() or "").split())


def _engine_says(text: str, lang: str) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """``class_results`` of the lines ``text`` in ``lang``: its status sentence, ranked
    table and refused lines as the page's text reads them, and (place, name as marked,
    score) of each row the engine ranked, in its order."""
    with speaking(lang):
        checked = class_results(text)
        wanted = {
            "status": _text(html.escape(summary(checked))),
            "table": _text(table_html(checked.groups, checked.shared_names)),
            "refused": _text(refused_html(checked.refused)),
        }
        marked = {name: _("{name} (same name)").format(name=name) for name in checked.shared_names}
    assert len(checked.groups) == 2 and checked.shared_names == ("Ana",), "as planned"
    ranked = [
        (str(row.place), marked.get(row.name, row.name), str(row.score))
        for group in checked.groups
        for row in group.rows
    ]
    return wanted, ranked


def _send_row_fits(page, lang: str) -> None:
    row = page.locator(".orchard-send").first
    problems = language_problems(row, lang) + lang_problems(row, lang) + cut_placeholders(row)
    problems += [f"past the window: {el}" for el in row.evaluate(_PAST_THE_WINDOW)[:5]]
    assert problems == [], f"the Send row in {lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_a_class_sends_and_the_teacher_sees_it_ranked(
    lang: str, class_servers: dict[str, ClassServer], browser
) -> None:
    server = class_servers[lang]
    lines = _class_lines()
    with speaking(lang):  # what the class's server says, said in this process
        inbox = ClassInbox()
        said = [inbox.send(name, code).sentence for name, code in lines]
        title = _("Class results")
        waiting = _(NO_RESULTS)
    assert len(set(said)) == len(said), "each send must answer its own sentence"

    teacher_context = browser.new_context(viewport={"width": 1024, "height": 768})
    teacher = teacher_context.new_page()
    contexts = [teacher_context]
    try:
        teacher.goto(f"{server.url}/teacher?token={server.teacher}")
        expect(teacher.locator("#orchard-teacher-status")).to_have_text(waiting)
        assert teacher.title() == f"{title} · orchard_lab"

        pupil_context, pupil = _open_pupil(browser, server)
        contexts.append(pupil_context)
        assert pupil.evaluate("() => document.documentElement.lang") == lang
        at_every_size(pupil, lambda: _send_row_fits(pupil, lang))
        for (name, code), sentence in zip(lines, said, strict=True):
            assert _send(pupil, name, code) == sentence, f"{name}'s send in {lang}"
        _send_row_fits(pupil, lang)  # its sentences too

        file_text = server.results.read_text()
        assert [line.split(":")[0] for line in file_text.splitlines()] == ["Ana", "Ben", "Ana"]
        wanted, ranked = _engine_says(file_text, lang)
        with speaking(lang):
            wanted["sends"] = _text(sends_html(inbox.refused))
        assert len(ranked) == 3
        status_line = teacher.locator("#orchard-teacher-status")
        expect(status_line).to_have_text(wanted["status"])  # arrived by itself: no reload
        # the last send (Eve's mistyped code) changes no result, only the sends not counted:
        # the page may have drawn the status a poll before it
        expect(teacher.locator("#orchard-teacher-sends")).to_have_text(wanted["sends"])

        def speaks_ranks_and_fits() -> None:
            main = teacher.locator("main").first
            problems = language_problems(main, lang) + lang_problems(main, lang)
            if (html_lang := teacher.evaluate("() => document.documentElement.lang")) != lang:
                problems.append(f"<html lang={html_lang!r}>")
            for part in ("status", "table", "refused", "sends"):
                shown = _shown(teacher, f"#orchard-teacher-{part}")
                if shown != wanted[part]:
                    problems.append(f"{part}: {shown!r}, not {wanted[part]!r}")
            if (rows := _ranked(teacher)) != ranked:
                problems.append(f"rows {rows}, not the engine's {ranked}")
            if (sideways := teacher.evaluate(_SIDEWAYS)) > 0:
                problems.append(f"scrolls sideways by {sideways} px")
            problems += teacher.evaluate(_CLIPPED)[:5]
            assert problems == [], f"the teacher's page in {lang}:\n" + "\n".join(problems)

        def shoot_and_scan(size: str) -> None:
            ARTIFACTS.mkdir(exist_ok=True)
            path = ARTIFACTS / f"class-results-{lang}-{size}.png"
            teacher.screenshot(path=str(path), full_page=True)
            found = violations(teacher)
            assert found == [], f"the teacher's page in {lang} at {size}: WCAG 2.1 AA: {found}"

        at_every_size(teacher, speaks_ranks_and_fits, then=shoot_and_scan)
    finally:
        for context in contexts:
            context.close()


LAB_NOTEBOOK = "class_results_in_french_and_korean.ipynb"


@pytest.fixture(scope="module")
def lab_notebook(lab: Lab) -> str:
    """The English test's paste, checked by one checker per language, each made and checked
    in its cell while the session speaks that language."""
    cells = [nbformat.v4.new_code_cell(SETUP + "\nfrom orchard_lab.language import speaking")]
    cells += [
        nbformat.v4.new_code_cell(
            f"with speaking({lang!r}):\n"
            f"    checker_{lang} = ClassResultsChecker(text=paste)\n"
            f"    checker_{lang}.check()\n"
            f"checker_{lang}"
        )
        for lang in LANGS
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel})
    nbformat.write(book, lab.root / LAB_NOTEBOOK)
    return LAB_NOTEBOOK


def test_the_class_results_checker_in_jupyterlab(page, lab: Lab, lab_notebook: str) -> None:
    """The checker of ``test_class_results_in_lab`` in French and in Korean, at 1024x768 and
    1400x900 with the file browser open: its root's ``lang`` and every text's nearest one,
    no English sentence of the catalogue (in its plot too), Hangul and keep-all in Korean,
    its status, table (the engine's rows in the engine's order) and refused lines those of
    ``class_results`` in that language, nothing sticking out, overlapping or scrolling
    sideways, every text at 4.5:1, and axe clean."""
    namespace: dict[str, object] = {}
    exec(SETUP, namespace)  # the notebook's paste, made here too
    page.set_viewport_size({"width": 1024, "height": 768})
    open_with_file_browser(page, lab, lab_notebook)
    assert notebook_errors(page) == []
    for lang in LANGS:
        _check_the_checker(page, lang, str(namespace["paste"]))
    assert notebook_errors(page) == []
    assert_no_violations(page, "the class results checkers in French and Korean")


def _check_the_checker(page, lang: str, paste: str) -> None:
    """The checker made in ``lang`` at every size; its screenshots."""
    wanted, ranked = _engine_says(paste, lang)
    checker = page.locator(f".orchard-class[lang={lang}]").first
    checker.scroll_into_view_if_needed()
    output = checker.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')]")
    expect(checker.locator(".orchard-class-status").first).to_have_text(wanted["status"])

    def speaks_ranks_and_fits() -> None:
        problems = language_problems(checker, lang) + lang_problems(checker, lang)
        for part in ("status", "table", "refused"):
            shown = _shown(checker, f".orchard-class-{part}")
            if shown != wanted[part]:
                problems.append(f"{part}: {shown!r}, not {wanted[part]!r}")
        rows = checker.locator(".orchard-class-table tr:not(.orchard-class-group)")
        cells = [row.locator("td").all_inner_texts() for row in rows.all()]
        if (shown_rows := [(c[0], c[1], c[2]) for c in cells if c]) != ranked:
            problems.append(f"rows {shown_rows}, not the engine's {ranked}")
        handles = [checker.element_handle(), output.first.element_handle()]
        problems += page.evaluate(LAYOUT_PROBLEMS, handles)
        problems += [f"low contrast: {low}" for low in checker.evaluate(LOW_CONTRAST)]
        assert problems == [], f"the checker in {lang}:\n" + "\n".join(problems)

    def shoot(size: str) -> None:
        """The whole checker: a taller window of the same width (the same layout)."""
        window = dict(page.viewport_size or {})
        tall = checker.evaluate("el => Math.ceil(el.getBoundingClientRect().height)") + 300
        page.set_viewport_size({"width": window["width"], "height": max(tall, window["height"])})
        checker.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        checker.screenshot(path=str(ARTIFACTS / f"class-results-lab-{lang}-{size}.png"))
        page.set_viewport_size(window)
        checker.scroll_into_view_if_needed()

    at_every_size(page, speaks_ranks_and_fits, drawing=True, then=shoot)
