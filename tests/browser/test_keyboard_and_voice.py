"""Each board played from the keyboard alone, in the app at 1024×768, with what a screen
reader hears read from the live region and the accessibility tree.

One page per game: Tab from the top of the page reaches the language menu, then the board;
then a first move by Enter, the arrows and Enter (water drops and stacked trees turn the
card with r first), u takes it back, and the whole game is played with h (a hint: its card
picked, the focus on where it goes) and Enter, Enter again where stacked trees asks to spend
rotten tokens. No mouse, no click from code: every step is a key pressed where the focus
is, and waits for the board's own answer (the words the live region reads out), never for
time. Last, after New game, one card is picked with the mouse: the focus follows as for a
key, but the page does not scroll under the pointer.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import APP_GAMES, screenshot
from tests.browser.test_apple_batches_in_lab import whole_board_screenshot

pytestmark = pytest.mark.browser

SHORT = {"apple-batches": "ab", "water-drops": "wd", "stacked-trees": "st"}
MOVE_SAID = {
    "apple-batches": "You put the ",
    "water-drops": "You laid the ",
    "stacked-trees": "Placed: ",
}
MOST_MOVES = 40  # more than any game's moves: a game that never ends fails, not hangs

# Every non-empty text the board's live region takes, in order (set up once per page).
_LISTEN = """live => {
    window.__said = [];
    new MutationObserver(() => {
        const words = live.textContent.trim();
        if (words) window.__said.push(words);
    }).observe(live, {childList: true, characterData: true, subtree: true});
}"""
_FOCUSED = """() => {
    const el = document.activeElement;
    return el ? `${el.className} :: ${el.getAttribute('aria-label') || el.textContent}` : '';
}"""


def _said_after(page, count: int, starts: str | tuple[str, ...]) -> str:
    """Wait until the live region has read something after its first ``count`` words that
    starts with ``starts``; return it."""
    starts = (starts,) if isinstance(starts, str) else starts
    try:
        page.wait_for_function(
            "([count, starts]) => window.__said.slice(count)"
            ".some(w => starts.some(s => w.startsWith(s)))",
            arg=[count, list(starts)],
            timeout=30_000,
        )
    except PlaywrightTimeout:
        said = page.evaluate("() => window.__said")
        raise AssertionError(f"waited for {starts} after {count} words; said: {said}") from None
    said = page.evaluate("count => window.__said.slice(count)", count)
    return next(w for w in said if w.startswith(starts))


def _press(page, key: str) -> int:
    """Press ``key`` where the focus is; the number of words said before it."""
    count = page.evaluate("() => window.__said.length")
    page.keyboard.press(key)
    return count


# Deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1) as an SVG colour matrix,
# laid over the board as a CSS filter while a screenshot of it is taken, in a window tall
# enough for the whole board: Chromium draws a filtered part in the window alone, and a board
# taller than the window was white below it in the shot, its charts and legend unseen.
_DEUTERANOPIA = """(board, on) => {
    if (!document.getElementById('orchard-deuteranopia')) document.body.insertAdjacentHTML(
        'beforeend', `<svg id="orchard-deuteranopia" width="0" height="0" aria-hidden="true"
        style="position:absolute"><filter id="deuteranopia"><feColorMatrix type="matrix"
        values="0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0
        0 0 0 1 0"/></filter></svg>`);
    board.style.filter = on ? 'url(#deuteranopia)' : '';
}"""
# What tells the places the picked card may go from the others, besides their colour:
# each one's text, or the mark its CSS adds (a batch's tick).
_MARKS_OF_LIT = """board => [...board.querySelectorAll('.orchard-legal')].map(el => {
    const button = el.querySelector('.orchard-batch-button');
    if (button) return getComputedStyle(button, '::after').content;
    return el.textContent.trim();
})"""


def _not_by_colour_alone(page, game: str) -> None:
    """With a card picked, the places it may go carry a text or a mark as well as their
    colour; a screenshot of the board through a deuteranopia filter shows it."""
    board = page.locator(f".orchard-app .orchard-{SHORT[game]}-board").first
    if game != "stacked-trees":  # (stacked trees lights no place: its ghost has letters)
        marks = board.evaluate(_MARKS_OF_LIT)
        assert marks and all(m not in ("", "none", "normal") for m in marks), marks
    letters = board.evaluate(
        "b => [...b.querySelectorAll('.wd-fruit, .orchard-st-letter')].map(e => e.textContent)"
    )
    assert all(letter.strip() for letter in letters)  # every fruit shows its letter
    board.evaluate(_DEUTERANOPIA, True)
    whole_board_screenshot(page, board, f"deuteranopia-{SHORT[game]}-card-picked")
    board.evaluate(_DEUTERANOPIA, False)


def _focus_on(page, fragment: str) -> str:
    page.wait_for_function(f"() => ({_FOCUSED})().includes({fragment!r})")
    return page.evaluate(_FOCUSED)


@pytest.mark.parametrize("game", APP_GAMES)
def test_a_whole_game_by_keyboard_alone(servers, browser, game: str) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    short = SHORT[game]
    try:
        page.goto(servers[game])
        board = page.locator(f".orchard-app .orchard-{short}-board").first
        live = board.locator(".orchard-board-keys .orchard-live").first
        live.wait_for(state="attached", timeout=150_000)
        assert (
            live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "status"
        )
        help_text = board.locator(".orchard-keys-help").first.text_content()
        for key in ("arrows move", "Enter or Space takes and places", "u undo", "h hint"):
            assert key in help_text, help_text
        live.evaluate(_LISTEN)
        # Tab from the top of the page reaches the language menu, then the board
        page.keyboard.press("Tab")
        menu = page.locator(".orchard-app .orchard-app-language").first
        assert menu.evaluate("el => el.contains(document.activeElement)"), page.evaluate(_FOCUSED)
        page.keyboard.press("Tab")
        first = page.evaluate(_FOCUSED)
        assert board.evaluate("el => el.contains(document.activeElement)"), first
        _first_move_by_keys(page, game, first)
        moves = 0
        while board.locator(f".orchard-{short}-result").count() == 0:
            moves += 1
            assert moves <= MOST_MOVES, f"{game}: the game did not end"
            count = _press(page, "h")
            _said_after(page, count, "Hint")
            count = _press(page, "Enter")
            said = _said_after(page, count, (MOVE_SAID[game], "This costs"))
            if said.startswith("This costs"):  # stacked trees: the focus is on "Yes, spend"
                _focus_on(page, "orchard-st-confirm")
                count = _press(page, "Enter")
                _said_after(page, count, MOVE_SAID[game])
        last = page.evaluate("() => window.__said.at(-1)")
        assert last.startswith(MOVE_SAID[game]), last
        assert any(word in last for word in ("You finished", "win", "Game over")), last
        _focus_on(page, "orchard-new-game")  # the game over: the focus waits on New game
        screenshot(page, f"keyboard-{short}-game-over")
        count = _press(page, "Enter")
        _said_after(page, count, "New game")
        _a_click_leaves_the_page_still(page, board, game)
    finally:
        context.close()


# The scroll offsets of an element and every box around it that scrolls.
_SCROLLS = """el => { const offsets = [];
    for (let at = el; at; at = at.parentElement) offsets.push([at.scrollTop, at.scrollLeft]);
    return offsets; }"""
_IN_VIEW = """() => { const box = document.activeElement.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight; }"""
WHERE_TO = {
    "apple-batches": "orchard-batch-button",
    "water-drops": "orchard-square",
    "stacked-trees": "orchard-square",
}


def _a_click_leaves_the_page_still(page, board, game: str) -> None:
    """A card picked with the mouse: the focus goes where the card may go, as for a key, but
    the page does not scroll to it under the pointer (a window too short to show both)."""
    page.set_viewport_size({"width": 1024, "height": 120})
    first_card = {
        "apple-batches": ".orchard-slot-0",
        "water-drops": ".orchard-wd-take-0",
        "stacked-trees": ".orchard-st-choose-0",
    }
    card = board.locator(first_card[game]).first
    # the card at the window's edge away from where it may go (stacked trees: the orchard
    # is above the hand)
    edge = "end" if game == "stacked-trees" else "start"
    card.evaluate("(el, edge) => el.scrollIntoView({block: edge})", edge)
    before = card.evaluate(_SCROLLS)
    count = page.evaluate("() => window.__said.length")
    card.click()  # in view already, so playwright does not scroll; it waits until it is still
    _said_after(page, count, ("The ", "You picked", "Card "))
    _focus_on(page, WHERE_TO[game])
    assert not page.evaluate(_IN_VIEW), "the focus went to a place already in view"
    assert card.evaluate(_SCROLLS) == before, "the page scrolled under the pointer"


def _first_move_by_keys(page, game: str, first: str) -> None:
    """Enter takes a card, the arrows move, Enter places it; u takes it back."""
    if game == "stacked-trees":  # the orchard comes first on this board, then the hand
        assert "orchard-square" in first, first
        for _ in range(40):
            if "orchard-st-choose-0" in page.evaluate(_FOCUSED):
                break
            page.keyboard.press("Tab")
    else:
        assert "orchard-slot-0" in first or "orchard-wd-take-0" in first, first
    page.keyboard.press("ArrowRight")  # the second card of the market or the hand
    assert "-1" in page.evaluate(_FOCUSED) or "slot-1" in page.evaluate(_FOCUSED)
    count = _press(page, "Enter")
    if game == "apple-batches":
        _said_after(page, count, "The ")
        _focus_on(page, "orchard-batch-button")
        _not_by_colour_alone(page, game)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
    else:
        _said_after(page, count, ("You picked", "Card "))
        _focus_on(page, "orchard-square")
        _not_by_colour_alone(page, game)
        if game == "water-drops":
            count = _press(page, "r")
            _said_after(page, count, "✗")  # the standard rules do not turn cards (WD-3)
        else:
            count = _press(page, "r")
            _said_after(page, count, "Turned to 90°")
            count = _press(page, "h")  # a spot where it fits: the hint's, turned as it says
            _said_after(page, count, "Hint")
        if game == "water-drops":  # the arrows move over the orchard; back to a lit square
            page.keyboard.press("ArrowRight")
            for _ in range(12):
                if "orchard-legal" in page.evaluate(_FOCUSED):
                    break
                page.keyboard.press("ArrowLeft")
            _focus_on(page, "orchard-legal")
    count = _press(page, "Enter")
    said = _said_after(page, count, (MOVE_SAID[game], "✓ Allowed here", "✗", "This costs"))
    if said.startswith("✓ Allowed here"):  # stacked trees: the ghost is shown; Enter places it
        count = _press(page, "Enter")
        said = _said_after(page, count, (MOVE_SAID[game], "This costs"))
    if said.startswith("This costs"):
        _focus_on(page, "orchard-st-confirm")
        count = _press(page, "Enter")
        said = _said_after(page, count, MOVE_SAID[game])
    tree = page.locator(f".orchard-{SHORT[game]}-board .orchard-live").first.aria_snapshot()
    print(f"\n{game}: a screen reader hears {tree!r}")
    assert said in tree
    count = _press(page, "u")
    _said_after(page, count, ("Move taken back", "Card taken back"))
