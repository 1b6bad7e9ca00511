"""Room round what the boards frame, read from their CSS (issue 24 follow-up): a button's
focus ring whole inside the box round it, and the lesson's highlight clear of what its part
holds. The browser tests measure the frames on the drawn boards (tests/browser/frames.py:
none cut, none overlapping)."""

from __future__ import annotations

import re

import pytest

from tests.frames import _rules, declarations

CLEAR = 3  # px between the highlight's inner line and what its part holds


def _last_px(body: str, name: str) -> list[int]:
    """The px values of the last declaration of ``name`` in ``body`` (its shorthand's
    values in order; [] when none)."""
    found = re.findall(rf"(?<![-\w]){re.escape(name)}\s*:\s*([^;}}]+)", body)
    if not found:
        return []
    return [int(value) for value in re.findall(r"(-?\d+)(?:px)?(?![\w%])", found[-1])]


def _rule(css_file: str, selector: str) -> str:
    """The declarations of the rules of ``css_file`` naming exactly ``selector``."""
    return " ".join(
        body
        for selectors, body in _rules(css_file)
        if selector in (one.strip() for one in selectors.split(","))
    )


def _ring_reach() -> int:
    """How far the keyboard's focus ring round a button reaches past it (buttons.css)."""
    ring = declarations("buttons.css", ".jupyter-button:focus-visible")
    (line,) = _last_px(ring, "outline")[:1]
    (offset,) = _last_px(ring, "outline-offset")
    return line + offset


@pytest.mark.parametrize(
    ("css_file", "box"),
    [
        # the batch buttons span their column, no side margin (.orchard-batch > *)
        ("apple_batches_board.css", ".orchard-ab-board .orchard-batch"),
        # the Take button: margin 2px 0 0
        ("water_drops_board.css", ".orchard-wd-board .orchard-wd-slot"),
    ],
)
def test_a_buttons_focus_ring_is_whole_in_its_column_or_slot(css_file: str, box: str) -> None:
    """The batch buttons' and Take buttons' rings lost their outer 1px: a batch and a slot
    (ipywidgets boxes, which cut what reaches past their padding) gave them 4px where the
    ring reaches 5px (buttons.css: its line and offset)."""
    padding = _last_px(_rule(css_file, box), "padding")
    assert padding and min(padding) >= _ring_reach(), (box, padding, _ring_reach())


def _highlight_inside(css_file: str, board: str, part: str = "") -> int:
    """How far the highlight's frame covers inside its part's edge: minus the outline's
    offset of the most specific rule (``part``'s own, else the board's)."""
    own = _last_px(_rule(css_file, f"{board} {part}.orchard-highlight"), "outline-offset")
    offset = own or _last_px(
        declarations(css_file, f"{board} .orchard-highlight"), "outline-offset"
    )
    return -offset[0]


AB = ("apple_batches_board.css", ".orchard-ab-board")
WD = ("water_drops_board.css", ".orchard-wd-board")
ST = ("stacked_trees_board.css", ".orchard-st-board")
LINE = (".widget-html", ".widget-html.orchard-highlight")  # room only while it is marked


@pytest.mark.parametrize(
    ("css_file", "board", "part", "padded"),
    [
        # a batch, its button and the rule's words (walkthrough step 6: the special batch)
        (*AB, ".orchard-batch", ".orchard-batch"),
        (*AB, *LINE),
        (*WD, *LINE),
        (*WD, ".orchard-wd-market", ".orchard-wd-market"),
        (*WD, ".orchard-wd-slot", ".orchard-wd-slot"),
        (*ST, *LINE),
        (*ST, ".widget-box", ".widget-box.orchard-highlight"),  # the hand: its cards touched
    ],
)
def test_the_highlight_leaves_room_round_what_its_part_holds(
    css_file: str, board: str, part: str, padded: str
) -> None:
    """The highlight's double frame is drawn inside its part's edge; the part's border and
    padding held the frame and no more, so what the part holds sat on the frame's inner line
    (apple batches' special batch's rule in the walkthrough, the stacked trees hand's cards).
    Each part keeps ``CLEAR`` px between the frame and what it holds."""
    body = _rule(css_file, f"{board} {padded}")
    padding, border = _last_px(body, "padding"), _last_px(body, "border")[:1] or [0]
    inside = _highlight_inside(css_file, board, part)
    assert padding and border[0] + min(padding) - inside >= CLEAR, (part, padding, inside)


def test_a_marked_slots_frame_lies_in_the_markets_room() -> None:
    """A water drops slot's frame reaches past its edge (its padding keeps the Take button's
    ring): into the market's padding and, half each, its gaps, where no box cuts it and two
    marked slots' frames do not meet."""
    board = ".orchard-wd-board"
    outline = _last_px(
        declarations("water_drops_board.css", f"{board} .orchard-highlight"), "outline"
    )
    out = outline[0] - _highlight_inside("water_drops_board.css", board, ".orchard-wd-slot")
    market = _rule("water_drops_board.css", f"{board} .orchard-wd-market")
    assert 0 < out <= min(_last_px(market, "padding")), out
    assert 2 * out <= _last_px(market, "gap")[0], out
