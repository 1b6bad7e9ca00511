"""The three rule walkthroughs in French and in Korean in JupyterLab (issue 25).

One notebook per language says ``set_language`` in its first cell, then draws the three
walkthroughs, opened at 1024×768 with the file browser open (the narrow output area, as a
teacher has it). At the first and at the last steps, at 1024×768 and 1400×900: nothing
sticks out or scrolls sideways, no walkthrough button cuts its words, no English sentence
of the catalogue is left in a walkthrough's own words (its title, progress line, step,
note and buttons; the boards and the engine's refusals the notes quote are not translated
yet), every text of a walkthrough (the boards it shows too) has the session's language as
its nearest ``lang`` (``language_checks.lang_problems``), and axe finds nothing. Every step
between is checked the same way at 1024×768 but for axe. Screenshots of each walkthrough
go to ``test-artifacts/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from orchard_lab.language import _, speaking
from orchard_lab.widgets import apple_batches_walkthrough as ab_tour
from orchard_lab.widgets import stacked_trees_walkthrough as st_tour
from orchard_lab.widgets import water_drops_walkthrough as wd_tour
from tests.browser.axe import assert_no_violations
from tests.browser.conftest import BROWSER_TEST_TIMEOUT, notebook_errors
from tests.browser.engine_pictures import SETTLE_S, at_every_size, until_it_holds
from tests.browser.language_checks import lang_problems
from tests.browser.test_apple_batches_in_lab import (
    CUT_BUTTONS,
    SIZES,
    open_with_file_browser,
    sideways,
    whole_board_screenshot,
    write_notebook,
)
from tests.browser.test_axe_in_lab import TOURS_CELLS
from tests.catalogue_english import ENGINE_REFUSAL, english_left

pytestmark = pytest.mark.browser

STEPS = [len(ab_tour.SCRIPT), len(wd_tour.SCRIPT), len(st_tour.SCRIPT)]  # the cells' order
# a walkthrough's own words: its title, then the card (progress, step, note, buttons)
OWN_WORDS = """tour => [...tour.querySelectorAll('h3, .orchard-walkthrough-card')]
    .map(el => el.innerText).join(' ')"""


def _cells(lang: str) -> tuple[str, ...]:
    first = f"from orchard_lab.language import set_language\nset_language({lang!r})"
    return (first, *TOURS_CELLS)


@pytest.mark.timeout(2 * BROWSER_TEST_TIMEOUT)  # three walkthroughs, every step: three tests' work
@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_walkthroughs_fit_and_speak_the_sessions_language(page, lab, lang: str) -> None:
    name = write_notebook(lab, f"walkthroughs_{lang}.ipynb", *_cells(lang))
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    tours = page.locator(".orchard-walkthrough")
    expect(tours).to_have_count(3)
    with speaking(lang):
        progress_of = _("Step {step} of {steps}")

    def at_step(step: int) -> None:
        """Every walkthrough shows ``step`` (the last one, when it has fewer) in ``lang``,
        fits, keeps its buttons' words whole and shows none of the catalogue's English."""
        problems = sideways(page)
        for index, steps in enumerate(STEPS):
            tour = tours.nth(index)
            want = progress_of.format(step=min(step, steps), steps=steps)
            shown = tour.locator(".orchard-walkthrough-progress").first.inner_text()
            assert shown == want, f"walkthrough {index + 1} shows {shown!r}, not {want!r}"
            problems += tour.locator(".widget-button").evaluate_all(CUT_BUTTONS)
            words = " ".join(tour.evaluate(OWN_WORDS).split())
            problems += [f"English in walkthrough {index + 1}: {left}" for left in
                         english_left(ENGINE_REFUSAL.sub("", words))]  # fmt: skip
            problems += [f"walkthrough {index + 1}: {p}" for p in lang_problems(tour, lang)]
        assert problems == [], f"in {lang} at step {step}: " + "\n".join(problems)

    def shoot(when: str) -> None:
        for index in range(3):
            name = f"walkthrough-{lang}-{index + 1}-{when}-{page.viewport_size['width']}"
            whole_board_screenshot(page, tours.nth(index), name)

    at_every_size(page, lambda: at_step(1), drawing=True, then=lambda _size: shoot("first"))
    assert_no_violations(page, f"the walkthroughs in {lang} at step 1")
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["1024x768"], strict=True)))
    for step in range(2, max(STEPS) + 1):
        for index, steps in enumerate(STEPS):
            if step <= steps:  # as a pupil does: each step drawn before the next click
                tour = tours.nth(index)
                tour.locator(".orchard-walkthrough-next").first.click()
                progress = tour.locator(".orchard-walkthrough-progress").first
                expect(progress).to_have_text(progress_of.format(step=step, steps=steps))
        until_it_holds(page, lambda: at_step(step), SETTLE_S, f"step {step}")  # noqa: B023
    at_every_size(page, lambda: at_step(max(STEPS)), drawing=True, then=lambda _: shoot("last"))
    assert_no_violations(page, f"the walkthroughs in {lang} at their last steps")
    assert notebook_errors(page) == []
