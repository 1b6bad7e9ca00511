"""axe-core over orchard_lab's output in JupyterLab, at 1024×768 and 1400×900: 0 violations
of WCAG 2.1 A and AA in the output areas; the rest of the page fails only the rules
JupyterLab's own interface fails, listed with their reasons in ``axe.JUPYTERLAB_OWN``.

The three rule walkthroughs share one notebook, scanned at their first and last steps; each
pupil's lesson is scanned after Run All (lesson 01 in ``test_apple_batches_in_lab``, which
runs it already). The what-if after a run, the class results and the rules sheets are scanned
by the tests that open them (``test_app_pages``, ``test_class_results_in_lab``,
``test_rules_sheet_in_chromium``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_no_violations
from tests.browser.conftest import notebook_errors, open_and_run_notebook
from tests.browser.test_apple_batches_in_lab import write_notebook

pytestmark = pytest.mark.browser

TOURS_CELLS = (
    "from orchard_lab import apple_batches, stacked_trees, water_drops\n"
    "from orchard_lab.widgets import rule_walkthrough",
    "rule_walkthrough(apple_batches)",
    "rule_walkthrough(water_drops)",
    "rule_walkthrough(stacked_trees)",
)


def test_every_walkthrough_at_its_first_and_last_steps(page, lab) -> None:
    name = write_notebook(lab, "walkthroughs.ipynb", *TOURS_CELLS)
    page.set_viewport_size({"width": 1400, "height": 900})
    open_and_run_notebook(page, lab, name)
    tours = page.locator(".orchard-walkthrough")
    expect(tours).to_have_count(3)
    assert_no_violations(page, "the walkthroughs at step 1")
    for index in range(3):
        tour = tours.nth(index)
        progress = tour.locator(".orchard-walkthrough-progress").first
        expect(progress).to_contain_text("Step 1 of ")
        steps = int(progress.text_content().rsplit(" ", 1)[1])
        next_button = tour.locator(".orchard-walkthrough-next").first
        for step in range(2, steps + 1):  # each step drawn before the next click
            next_button.click()
            expect(progress).to_have_text(f"Step {step} of {steps}")
    assert notebook_errors(page) == []
    assert_no_violations(page, "the walkthroughs at their last steps")


@pytest.mark.parametrize("lesson", ["02_water_drops", "03_stacked_trees"])
def test_a_pupils_lesson_after_run_all(page, lab, lesson: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    open_and_run_notebook(page, lab, f"pupil/{lesson}.ipynb")
    assert notebook_errors(page) == []
    assert_no_violations(page, f"lesson {lesson}")
