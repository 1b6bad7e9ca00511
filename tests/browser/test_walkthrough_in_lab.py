"""The apple batches rule walkthrough in JupyterLab: Next from the first step to the last,
each step marking what it talks about on the board, then Back to the start."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from orchard_lab.widgets.apple_batches_walkthrough import SCRIPT
from tests.browser.conftest import notebook_errors, screenshot
from tests.browser.test_apple_batches_in_lab import (
    SIZES,
    open_with_file_browser,
    sideways,
    whole_board_screenshot,
    write_notebook,
)

pytestmark = pytest.mark.browser

TOUR_CELL = """\
from orchard_lab import apple_batches as ab
from orchard_lab.widgets import rule_walkthrough
rule_walkthrough(ab)"""
# What carries the highlight class, by the kind of thing ``highlight`` marks.
MARKED = """tour => [...tour.querySelectorAll('.orchard-highlight')].map(el => {
    const classes = [...el.classList];
    const batch = classes.find(c => c.startsWith('orchard-batch-'));
    if (batch) return 'batch:' + batch.replace('orchard-batch-', '');
    const slot = classes.find(c => c.startsWith('orchard-slot-'));
    if (slot) return 'slot:' + slot.replace('orchard-slot-', '');
    for (const [hook, name] of [['orchard-ab-score', 'score'], ['orchard-ab-market', 'market'],
        ['orchard-ab-turn', 'turn'], ['orchard-ab-charts', 'charts'],
        ['orchard-ab-summary', 'summary'], ['orchard-ab-opponents', 'opponents']])
        if (classes.includes(hook)) return name;
    return 'other:' + el.className;
}).sort()"""


def _expected(highlight: dict) -> list[str]:
    marks = [f"batch:{b}" for b in highlight.get("batches", [])]
    marks += [f"slot:{s}" for s in highlight.get("slots", [])]
    marks += [name for name, on in highlight.items() if on is True]
    return sorted(marks)


def test_walkthrough_steps_through_every_rule(page, lab) -> None:
    name = write_notebook(lab, "walkthrough.ipynb", TOUR_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    tour = page.locator(".orchard-walkthrough").first
    progress = tour.locator(".orchard-walkthrough-progress").first
    expect(progress).to_have_text(f"Step 1 of {len(SCRIPT)}")
    next_button = tour.locator(".orchard-walkthrough-next").first
    back_button = tour.locator(".orchard-walkthrough-back").first
    expect(back_button).to_be_disabled()
    assert notebook_errors(page) == []
    for index, scene in enumerate(SCRIPT):
        if index:
            next_button.click()
        expect(progress).to_have_text(f"Step {index + 1} of {len(SCRIPT)}")
        expect(tour.locator(".orchard-walkthrough-title").first).to_have_text(scene.title)
        expected = _expected(scene.highlight)
        page.wait_for_function(
            f"([el, want]) => JSON.stringify(({MARKED})(el)) === JSON.stringify(want)",
            arg=[tour.element_handle(), expected],
            timeout=10_000,
        )
        if "batches" in scene.highlight and len(scene.highlight["batches"]) == 1:
            marked = tour.locator(".orchard-batch.orchard-highlight").first
            style = marked.evaluate("el => getComputedStyle(el).outlineStyle")
            assert style == "double", style  # the highlight's double frame
        if index in (0, 5, 12, len(SCRIPT) - 1):
            whole_board_screenshot(page, tour, f"walkthrough-1024-step-{index + 1}")
        assert sideways(page) == [], scene.title
    expect(next_button).to_be_disabled()
    assert notebook_errors(page) == []
    for index in reversed(range(len(SCRIPT) - 1)):
        back_button.click()
        expect(progress).to_have_text(f"Step {index + 1} of {len(SCRIPT)}")
    expect(back_button).to_be_disabled()
    screenshot(page, "walkthrough-1024-page")
