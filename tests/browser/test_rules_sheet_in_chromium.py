"""The rules sheets in Debian's Chromium: each fits one A4 page, printed to PDF too, and
the page asks for nothing, from this machine or outside. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from orchard_lab import games
from orchard_lab.worksheets import write_rules_sheet
from tests.browser.axe import SIZES, violations
from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

MM = 96 / 25.4  # CSS pixels per millimetre
PRINTED = {"width": round((210 - 2 * 12) * MM), "height": round((297 - 2 * 11) * MM)}  # @page


def pdf_pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf.read_bytes()))


@pytest.mark.parametrize("game", [entry.name for entry in games.entries()])
def test_the_sheet_prints_on_one_a4_page_and_loads_nothing(browser, tmp_path, game) -> None:
    sheet = write_rules_sheet(game, tmp_path / f"{game}.html")
    context = browser.new_context(viewport=PRINTED)
    asked: list[str] = []

    def only_the_sheet(route) -> None:
        asked.append(route.request.url)
        if route.request.url == sheet.as_uri():
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_the_sheet)
    page = context.new_page()
    try:
        page.emulate_media(media="print")
        page.goto(sheet.as_uri())
        bottom = page.evaluate("document.querySelector('main').getBoundingClientRect().bottom")
        wide = page.evaluate("document.documentElement.scrollWidth")
        screenshot(page, f"rules_sheet_{game}")
        page.emulate_media(media="screen")
        for width, height in SIZES.values():  # on a screen: no sideways scroll, axe-core clean
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert violations(page) == [], f"the {game} sheet at {width}x{height}"
    finally:
        context.close()
    assert asked == [sheet.as_uri()]
    assert bottom <= PRINTED["height"] and wide <= PRINTED["width"]
    pdf = write_rules_sheet(game, tmp_path / f"{game}.pdf")
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf_pages(pdf) == 1
