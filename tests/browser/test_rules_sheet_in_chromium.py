"""The rules sheets in Debian's Chromium: the pupils' sheet and the teacher's page of each
game fit one A4 page, printed to PDF too, with their pictures, and the page asks for
nothing, from this machine or outside. The reference sheet cut from docs/rules.md still
fits one page. The pupils' sheets and the teacher's pages in French and Korean, printed by
``orchard-lab rules-sheet GAME [--teacher] --lang LANG out.pdf``, fit one page too, and the
Korean PDFs embed the CJK type their CSS names (Noto Sans CJK KR, from Debian's
fonts-noto-cjk). Screenshots go to
test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from orchard_lab import games
from orchard_lab.cli import main
from orchard_lab.worksheets import (
    pupil_sheet_html,
    teacher_sheet_html,
    write_rules_sheet,
)
from orchard_lab.worksheets.rules_sheet import print_to_pdf
from tests.browser.axe import SIZES, violations
from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

MM = 96 / 25.4  # CSS pixels per millimetre
REFERENCE = {"width": round((210 - 2 * 12) * MM), "height": round((297 - 2 * 11) * MM)}
PUPILS = {"width": round((210 - 2 * 10) * MM), "height": round((297 - 2 * 8) * MM)}  # @page
SHEETS = ["apple_batches", "water_drops", "stacked_trees"]


def pdf_pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf.read_bytes()))


def pdf_fonts(pdf: Path) -> set[str]:
    """The fonts embedded in ``pdf``, without their subset tags: Chromium (Skia) writes its
    font descriptors uncompressed, so their /FontName entries can be read as they are (a
    PDF that hid them would show no font at all and fail the tests, not pass them)."""
    names = re.findall(rb"/FontName\s*/(?:[A-Z]{6}\+)?([^\s/<>\[\]()]+)", pdf.read_bytes())
    return {name.decode("ascii", "replace") for name in names}


def measure(browser, sheet: Path, printed: dict[str, int], name: str) -> tuple[float, int]:
    """The bottom of the page's main and its width, printed; the requests it made."""
    context = browser.new_context(viewport=printed)
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
        screenshot(page, name)
        page.emulate_media(media="screen")
        for width, height in SIZES.values():  # on a screen: no sideways scroll, axe-core clean
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert violations(page) == [], f"{name} at {width}x{height}"
    finally:
        context.close()
    assert asked == [sheet.as_uri()]
    return bottom, wide


@pytest.mark.parametrize("teacher", [False, True], ids=["pupils", "teacher"])
@pytest.mark.parametrize("game", SHEETS)
def test_the_sheet_prints_on_one_a4_page_and_loads_nothing(
    browser, tmp_path, game, teacher
) -> None:
    sheet = tmp_path / f"{game}.html"
    sheet.write_text((teacher_sheet_html if teacher else pupil_sheet_html)(game))
    name = f"rules_sheet_{game}{'_teacher' if teacher else ''}"
    bottom, wide = measure(browser, sheet, PUPILS, name)
    assert bottom <= PUPILS["height"] and wide <= PUPILS["width"]
    pdf = tmp_path / f"{game}.pdf"
    print_to_pdf(sheet, pdf)
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf_pages(pdf) == 1


@pytest.mark.parametrize("game", [entry.name for entry in games.entries()])
def test_the_reference_sheet_still_prints_on_one_page(browser, tmp_path, game) -> None:
    sheet = write_rules_sheet(game, tmp_path / f"{game}.html")
    bottom, wide = measure(browser, sheet, REFERENCE, f"rules_reference_{game}")
    assert bottom <= REFERENCE["height"] and wide <= REFERENCE["width"]
    pdf = write_rules_sheet(game, tmp_path / f"{game}.pdf")
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf_pages(pdf) == 1


@pytest.mark.parametrize("teacher", [False, True], ids=["pupils", "teacher"])
@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("game", SHEETS)
def test_the_sheet_in_french_and_korean_prints_on_one_page_with_its_type(
    browser, tmp_path, monkeypatch, game, lang, teacher
) -> None:
    monkeypatch.chdir(tmp_path)
    command = ["rules-sheet", game.replace("_", "-"), "--lang", lang, *["--teacher"] * teacher]
    assert main([*command, f"{game}.html"]) == 0
    name = f"rules_sheet_{game}{'_teacher' if teacher else ''}_{lang}"
    bottom, wide = measure(browser, tmp_path / f"{game}.html", PUPILS, name)
    assert bottom <= PUPILS["height"] and wide <= PUPILS["width"]
    assert main([*command, f"{game}.pdf"]) == 0
    pdf = tmp_path / f"{game}.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf_pages(pdf) == 1
    fonts = pdf_fonts(pdf)
    cjk = {font for font in fonts if "CJK" in font}
    # the Hangul (Korean pages; the Korean rules quoted on the French teacher's page) is drawn
    # in the CJK type the CSS names, not in boxes nor in another CJK type's Korean
    hangul = re.search("[가-힣]", (tmp_path / f"{game}.html").read_text())
    assert fonts and (hangul is not None) == bool(cjk), fonts
    assert all(font.startswith("NotoSansCJKkr") for font in cjk), fonts
