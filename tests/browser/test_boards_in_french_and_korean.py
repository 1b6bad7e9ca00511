"""The three game boards in French and in Korean in JupyterLab, played by clicks (issue 25).

One notebook per language says ``set_language`` in its first cell, then draws the apple
batches, water drops and stacked trees boards, with the file browser open (the narrower
output area, as a teacher has it): the French one opened at 1024×768, the Korean one at
1400×900, so each language's boards are first laid out at another size. Each board is
played there by real clicks against a *twin* board built and driven in this process under
``speaking`` the same language (``engine_pictures``: same seed, same actions, so the same
game and the same words): apple batches four apples and an undo, water drops four cards
(one turned) and an undo, stacked trees three cards by Hint and Place and an undo; then
each board's Hint (stacked trees' spends a rotten token). After each move the drawing is
checked against the twin's engine as in English (``Driver.check``, ``drawn_like``: squares,
cells and batches where the engine has them, on one grid, nothing overlapping, the points
shown the engine's; a ghost drawn pale, with a ✗ where its card would take a rotten token).

On the first render and once played, at 1024×768 and at 1400×900 (``at_every_size``):
every board is the engine's; nothing in the outputs sticks out or scrolls sideways, no
element of a board reaches past its output area, no button, label or select menu cuts its
words (French "Prendre" once showed "Pren…", rule switches "(standa" and "12,"), no text
box its placeholder (a pupil's own dice ladder, in Korean, once did); the other players'
small orchards draw their letters 11 px at least (they were 9 px); no
English sentence of the catalogue is left in what a board shows or says (its text,
tooltips, accessible names and charts; the engine's own sentences included: once marked,
they are the catalogue's too); Korean boards show Hangul and break lines between words
only (word-break keep-all); and axe finds nothing. A screenshot of each board at each size
goes to ``test-artifacts/board-<game>-<lang>-<size>.png``.

JupyterLab's page keeps its own ``<html lang>`` (its interface's, English); each board sets
its own root's ``lang`` to the language it was built in (``widgets.view_language``), so
every text of a board, its tooltips, accessible names and placeholders too, must have the
session's language as its nearest ``lang`` (``language_checks.lang_problems``), at every
check above.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page

from orchard_lab.language import speaking
from orchard_lab.widgets import AppleBatchesBoard, StackedTreesBoard, WaterDropsBoard
from orchard_lab.widgets.water_drops_html import SMALLEST_LETTER
from tests.browser.axe import assert_no_violations
from tests.browser.conftest import BROWSER_TEST_TIMEOUT, notebook_errors
from tests.browser.engine_pictures import (
    AppleBatchesDriver,
    Driver,
    WaterDropsDriver,
    at_every_size,
    keys,
)
from tests.browser.engine_pictures import _words as folded_words  # what FOLDED reads
from tests.browser.language_checks import (
    cut_placeholders,
    cut_words,
    lang_problems,
    language_problems,
    small_letters,
)
from tests.browser.test_apple_batches_in_lab import (
    SIZES,
    open_with_file_browser,
    sideways,
    whole_board_screenshot,
    write_notebook,
)
from tests.browser.test_boards_are_the_engines import AB_CELL, WD_CELL, WD_SETUP
from tests.browser.test_stacked_trees_in_lab import BOARD_CELL as ST_CELL
from tests.browser.test_stacked_trees_in_lab import SEED as ST_SEED
from tests.browser.test_stacked_trees_in_lab import drawn_like, token_cells
from tests.browser.test_water_drops_in_lab import OTHER_ORCHARDS_LETTERS

pytestmark = pytest.mark.browser

MOVES = 4  # apple batches' and water drops'; stacked trees places 3
OPENED_AT = {"fr": "1024x768", "ko": "1400x900"}
SHORT = ("ab", "wd", "st")  # the boards in the notebook's order
# Elements of a board (visible ones) that reach past the left or right edge of its output area.
PAST_THE_OUTPUT = """root => {
    const box = root.closest('.jp-OutputArea-output').getBoundingClientRect();
    return [...root.querySelectorAll('*')].filter(el => {
        if (el.getClientRects().length === 0) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
    }).map(el => `${el.tagName}.${String(el.className.baseVal ?? el.className).slice(0, 60)}`
        + ` ${Math.round(el.getBoundingClientRect().right - box.right)} px out`);
}"""
# The text a widget shows, as its HTML reads once drawn (the twin's words compared with it).
FOLDED = "el => el.textContent.replace(/\\s+/g, ' ').trim()"


class StackedTreesDriver(Driver):
    """The stacked trees board played by Hint and Place (and Yes, spend the tokens, when
    it asks), as ``test_stacked_trees_in_lab`` plays a whole game, waiting for the twin's
    own words rather than for English ones."""

    twin: StackedTreesBoard

    def _wait_for(self, part: str, markup: str) -> None:
        """Until the board's ``.orchard-st-<part>`` shows the twin's ``markup``."""
        words = folded_words(markup)
        self._wait_until(
            f"([root, words]) => ({FOLDED})(root.querySelector('.orchard-st-{part}')) === words",
            [words],
            f"{part} {words!r}",
        )

    def move(self) -> None:
        self.root.locator(".orchard-st-hint").first.click()
        self.twin.hint()
        self._wait_for("message", self.twin.message.value)
        self.root.locator(".orchard-st-place").first.click()
        self.twin.place()
        if self.twin.confirm_button.layout.display is None:  # it spends rotten tokens: yes
            self._wait_for("message", self.twin.message.value)
            self.root.locator(".orchard-st-confirm").first.click()
            self.twin.confirm()
        self.wait()

    def undo(self) -> None:
        self.root.locator(".orchard-st-undo").first.click()
        self.twin.undo()
        self.wait()

    def hint(self) -> None:
        self.root.locator(".orchard-st-hint").first.click()
        self.twin.hint()
        self._wait_for("hint-text", self.twin.hint_text.value)
        self.wait()

    def wait(self) -> None:
        """Until the board says the twin's message and score and its grid shows the twin's
        squares (the ghost's spot among them)."""
        self._wait_for("message", self.twin.message.value)
        self._wait_for("score", self.twin.score_text.value)
        wanted = keys(square.at for square in self.twin.grid.shown())
        self._wait_until(
            """([root, wanted]) => JSON.stringify([...root.querySelectorAll(
                '.orchard-st-grid [data-cell]')].map(e => e.dataset.cell).sort())
                === JSON.stringify(wanted)""",
            [wanted],
            f"squares {wanted}",
        )

    def check(self) -> None:
        grid = self.root.locator(".orchard-st-grid").first
        board, ghost = self.twin.game.boards[0], self.twin.ghost  # the hint's card, if any
        if ghost is None:
            drawn_like(grid, board)()
        else:  # the ghost's cells, a ✗ where the engine puts a rotten token if it is placed
            drawn_like(grid, board, ghost.cells(), token_cells(board, ghost))()


def _hint(driver: Driver, short: str) -> None:
    """The board's Hint clicked, and the twin's: until the board shows the twin's hint."""
    driver.root.locator(f".orchard-{short}-hint").first.click()
    driver.twin.hint()
    words = folded_words(driver.twin.hint_text.value)
    driver._wait_until(
        f"([root, words]) => ({FOLDED})(root.querySelector('.orchard-{short}-hint-text'))"
        " === words",
        [words],
        f"hint {words!r}",
    )


def _play(drivers: dict[str, Driver]) -> None:
    """Real moves on each board, its drawing checked against its twin's engine after each."""
    ab, wd, st = (drivers[short] for short in SHORT)
    assert isinstance(ab, AppleBatchesDriver) and isinstance(wd, WaterDropsDriver)
    assert isinstance(st, StackedTreesDriver)
    for k in range(MOVES):
        ab.move(k)
        ab.check()
    ab.undo()
    ab.check()
    for k in range(MOVES):
        wd.move(k, turn=k % 3 == 1)
        wd.check()
    wd.undo()
    wd.check()
    for _k in range(3):
        st.move()
        st.check()
    st.undo()
    st.check()
    _hint(ab, "ab")
    _hint(wd, "wd")
    st.hint()


def _speaks_and_fits(page: Page, drivers: dict[str, Driver], lang: str) -> None:
    """Every board is its twin's engine, fits its output area, keeps its words whole and
    speaks ``lang``; else fail saying what is wrong where."""
    problems = sideways(page)
    for short, driver in drivers.items():
        try:
            driver.check()
        except AssertionError as failure:
            problems.append(f"{short}: {failure}")
        root = driver.root
        problems += [f"{short}: past its output area: {el}" for el in
                     root.evaluate(PAST_THE_OUTPUT)[:5]]  # fmt: skip
        problems += [f"{short}: {cut}" for cut in cut_words(root)]
        problems += [f"{short}: {problem}" for problem in language_problems(root, lang)]
        problems += [f"{short}: {problem}" for problem in lang_problems(root, lang)]
        problems += [f"{short}: {problem}" for problem in cut_placeholders(root)]
        problems += [f"{short}: other orchard: {small}" for small in
                     small_letters(root, OTHER_ORCHARDS_LETTERS, SMALLEST_LETTER)]  # fmt: skip
    assert problems == [], f"boards in {lang}:\n" + "\n".join(problems)


@pytest.mark.timeout(2 * BROWSER_TEST_TIMEOUT)  # three boards played: three tests' work
@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_boards_play_fit_and_speak_the_sessions_language(page, lab, lang: str) -> None:
    first = f"from orchard_lab.language import set_language\nset_language({lang!r})"
    name = write_notebook(lab, f"boards_{lang}.ipynb", first, AB_CELL, WD_CELL, ST_CELL)
    with speaking(lang):  # the twins say what the notebook's boards say
        twins = {
            "ab": AppleBatchesBoard(players=2, seed=3),
            "wd": WaterDropsBoard(**WD_SETUP),
            "st": StackedTreesBoard(seed=ST_SEED),
        }
        open_with_file_browser(page, lab, name, SIZES[OPENED_AT[lang]])
        roots: dict[str, Locator] = {s: page.locator(f".orchard-{s}-board").first for s in SHORT}
        roots["ab"].locator(".orchard-batch-button").first.wait_for()
        roots["wd"].locator(".orchard-wd-card").first.wait_for()
        roots["st"].locator(".orchard-st-cell").first.wait_for()
        drivers: dict[str, Driver] = {
            "ab": AppleBatchesDriver(roots["ab"], twins["ab"]),
            "wd": WaterDropsDriver(roots["wd"], twins["wd"]),
            "st": StackedTreesDriver(roots["st"], twins["st"]),
        }
        for driver in drivers.values():
            driver.wait()
        assert notebook_errors(page) == []
        # plotly and the grids take their room a moment after the first render
        at_every_size(page, lambda: _speaks_and_fits(page, drivers, lang), drawing=True)
        _play(drivers)

        def shoot(size: str) -> None:
            for short in SHORT:
                whole_board_screenshot(page, roots[short], f"board-{short}-{lang}-{size}")

        at_every_size(page, lambda: _speaks_and_fits(page, drivers, lang), then=shoot)
    assert notebook_errors(page) == []
    assert_no_violations(page, f"the boards in {lang}, played")
