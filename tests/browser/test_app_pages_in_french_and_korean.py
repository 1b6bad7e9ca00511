"""The pupils' pages (``orchard-lab app GAME``) in French and in Korean, in headless Chromium,
offline (issue 25).

One server per game and language, shared by the session: the English servers of
``test_app_pages`` (``servers``) are switched to French with the page's language menu, by
the keyboard alone (Tab to the menu, an arrow key), and three servers started with ``--lang
ko`` open in Korean. Each page is loaded once and checked at 1024x768 and 1400x900
(``at_every_size``): ``<html lang>`` and the page's own ``lang`` say the language, the tab's
title and the menu's label are in it, nothing reaches past the window's right edge or
scrolls sideways, no English sentence of the catalogue is left in what the page shows or
says (its text, tooltips and accessible names, its charts' titles, axes, legends and hover
texts), Korean pages show Hangul and break lines between words, and axe finds no WCAG 2.1 AA
violation; the what-if and the rule switches are checked whole; the board's first instruction
is shown, in the page's language. A screenshot of the whole
page at each size goes to ``test-artifacts/app-<game>-<lang>-<size>.png``.
"""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest

from orchard_lab import games
from orchard_lab.language import _, speaking
from tests.browser.axe import app_violations
from tests.browser.conftest import APP_GAMES, ARTIFACTS, app_servers
from tests.browser.engine_pictures import at_every_size
from tests.browser.frames import frames_cut, samples_overlapping
from tests.browser.language_checks import cut_words, language_problems
from tests.browser.test_app_pages import _CLIPPED, _READY, FIRST_RENDER_MS, _only_from

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("app")]

_LANGS = """() => ({
    html: document.documentElement.lang,
    app: document.querySelector('.orchard-app').lang,
    label: document.querySelector('.orchard-app-language label').innerText.trim(),
    labelled: document.querySelector('.orchard-app-language select').labels.length,
})"""
_OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(scope="session")
def korean_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """game -> the address (with its token) of ``orchard-lab app GAME --lang ko``, offline;
    the three servers start side by side."""
    with app_servers(tmp_path_factory.mktemp("app-ko"), "--lang", "ko") as addresses:
        yield addresses


def _open(browser, address: str):
    """A page of its own at 1024x768, every request to another host blocked and recorded."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    outside: list[str] = []
    problems: list[str] = []
    page.route("**/*", _only_from(address.split("?")[0], outside))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(address)
    page.wait_for_function(_READY, timeout=FIRST_RENDER_MS)
    return context, page, outside, problems


def _choose_by_keyboard(page, lang: str) -> None:
    """Reach the language menu with Tab from the top of the page and choose ``lang`` with
    the arrow keys, as a keyboard user does; wait for the page to speak it."""
    page.locator("body").focus()
    for _press in range(20):  # the menu is the first thing on the page
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.orchard-app-language')"):
            break
    else:
        raise AssertionError("Tab does not reach the language menu")
    codes = page.locator(".orchard-app-language option").evaluate_all(
        "options => options.map(o => o.lang)"
    )
    for _step in range(codes.index(lang)):
        page.keyboard.press("ArrowDown")
    page.wait_for_function(f"() => document.documentElement.lang === {lang!r}")
    page.wait_for_function(_READY, timeout=FIRST_RENDER_MS)  # the charts drawn again


def _check_page(page, game: str, lang: str) -> None:
    """The page speaks ``lang`` at each size, fits, and passes axe; screenshots of it."""
    with speaking(lang):
        title = f"{_(game.replace('-', ' ')).capitalize()} · orchard_lab"
        label = _("Language")
    langs = page.evaluate(_LANGS)
    assert langs == {"html": lang, "app": lang, "label": label, "labelled": 1}, langs
    # The tab's title follows once Solara draws the page again for the new language, a
    # message after the one that sets the page's lang: read at once, it could still be the
    # old one (CI run AY, the water drops page). Waited for, then checked.
    page.wait_for_function("title => document.title === title", arg=title, timeout=20_000)
    assert page.title() == title
    # the board's first instruction, in the page's language: after the menu's switch the
    # line under the market was blank (s18 review)
    with speaking(lang):
        board = games.entry(game).board_class()()
    said = page.locator(f".orchard-app .orchard-{board.CSS}-message").first.inner_text()
    assert said.split() == html.unescape(board.message.value).split(), (game, lang, said)

    def speaks_and_fits() -> None:
        problems = language_problems(page.locator(".orchard-app").first, lang)
        overflow = page.evaluate(_OVERFLOW)
        if overflow > 0:
            problems.append(f"scrolls sideways by {overflow} px")
        problems += [f"clipped: {clipped}" for clipped in page.evaluate(_CLIPPED)[:5]]
        problems += cut_words(page.locator(".orchard-app").first)
        # the walkthrough's highlight round the market or the hand, the legend's samples
        problems += frames_cut(page.locator(".orchard-app").first)
        problems += samples_overlapping(page.locator(".orchard-app").first)
        assert problems == [], f"{game} in {lang}: " + "\n".join(problems)

    def shoot(size: str) -> None:
        """The whole page at this width: the window made as tall as the page for the shot
        (Solara scrolls inside its own box, so a full-page shot would show one window)."""
        ARTIFACTS.mkdir(exist_ok=True)
        window = dict(page.viewport_size or {})
        tall = page.evaluate("() => document.querySelector('.orchard-app').scrollHeight") + 80
        page.set_viewport_size({"width": window["width"], "height": max(tall, window["height"])})
        page.wait_for_timeout(500)  # the charts follow the window
        page.screenshot(path=str(ARTIFACTS / f"app-{game}-{lang}-{size}.png"))
        page.set_viewport_size(window)

    at_every_size(page, speaks_and_fits, drawing=True, then=shoot)
    assert app_violations(page) == [], f"{game} in {lang}: WCAG 2.1 AA violations"


@pytest.mark.parametrize("game", APP_GAMES)
def test_an_app_page_switched_to_french_by_its_menu(
    game: str, servers: dict[str, str], browser
) -> None:
    context, page, outside, problems = _open(browser, servers[game])
    try:
        assert page.evaluate(_LANGS)["html"] == "en"
        _choose_by_keyboard(page, "fr")
        _check_page(page, game, "fr")
        assert not outside, f"{game}'s page asked for outside hosts: {outside}"
        assert not problems, f"{game}'s page logged errors: {problems}"
    finally:
        context.close()


@pytest.mark.parametrize("game", APP_GAMES)
def test_an_app_page_served_in_korean(game: str, korean_servers: dict[str, str], browser) -> None:
    context, page, outside, problems = _open(browser, korean_servers[game])
    try:
        _check_page(page, game, "ko")
        assert not outside, f"{game}'s page asked for outside hosts: {outside}"
        assert not problems, f"{game}'s page logged errors: {problems}"
    finally:
        context.close()
