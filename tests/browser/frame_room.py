"""Room round what the boards frame, measured in the browser (issue 24 follow-up; the CSS
read in tests/test_frame_room.py): a button's focus ring given by the keyboard, whole, and
the room left between the lesson's highlight and what its part holds."""

from __future__ import annotations

from tests.browser.frames import FRAMES_CUT

# The least room, in px, between the highlight's inner line (its outline's offset inside
# the element's edge) and the box of anything the element holds.
CLEAR_INSIDE = """el => {
    const s = getComputedStyle(el), r = el.getBoundingClientRect();
    const inner = -parseFloat(s.outlineOffset);
    const line = {left: r.left + inner, top: r.top + inner,
                  right: r.right - inner, bottom: r.bottom - inner};
    let least = Infinity;
    for (const child of el.children) {
        const c = child.getBoundingClientRect();
        if (!c.width || !c.height) continue;
        least = Math.min(least, c.left - line.left, c.top - line.top,
                         line.right - c.right, line.bottom - c.bottom);
    }
    return least;
}"""


def focus_by_keyboard(page, button) -> None:
    """Give ``button`` the keyboard's focus (its ring shows: ``:focus-visible``)."""
    button.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert button.evaluate("el => el.matches(':focus-visible')")


def assert_ring_whole(board, name: str) -> None:
    """The focused button's ring in ``board`` is cut by no box round it."""
    cut = board.evaluate(FRAMES_CUT, ".jupyter-button:focus-visible")
    assert cut == [], f"{name}: {cut}"


def assert_clear_inside(part, name: str, least: float = 3) -> None:
    """The highlighted ``part`` leaves ``least`` px between its frame and what it holds."""
    clear = part.evaluate(CLEAR_INSIDE)
    assert clear >= least - 0.5, f"{name}: {clear:.1f}px between the frame and what it holds"
