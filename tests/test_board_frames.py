"""The frames the boards draw, read from their CSS: the lesson's highlight drawn inside its
part (a box holding the part cuts what reaches out of it), the legend's ringed samples given
room, the stacked trees legend laid out entry by entry, a rating's name kept whole and the
"hint by" buttons kept on their label's line. The browser tests measure the same on the
drawn boards (tests/browser/frames.py)."""

from __future__ import annotations

import re

import pytest

from orchard_lab.widgets.board_parts import legend_html
from tests.frames import declarations


def _last(declarations: str, name: str) -> str:
    """The value the last of ``declarations`` setting ``name`` gives it ('' when none)."""
    found = re.findall(rf"(?:^|[;{{\s]){re.escape(name)}\s*:\s*([^;}}]+)", declarations)
    return found[-1].strip() if found else ""


def _px(value: str) -> int:
    """``value`` in px (0 for 0)."""
    found = re.fullmatch(r"(-?\d+)(?:px)?", value.strip())
    assert found, value
    return int(found[1])


def _sides(padding: str) -> tuple[int, int, int, int]:
    """A padding shorthand's top, right, bottom and left, in px."""
    values = [_px(value) for value in padding.split()]
    top, right, bottom, left = (values * 4)[:4] if len(values) == 1 else (0, 0, 0, 0)
    if len(values) == 2:
        top, right, bottom, left = values * 2
    elif len(values) == 3:
        top, right, bottom, left = (*values, values[1])
    elif len(values) == 4:
        top, right, bottom, left = values
    return top, right, bottom, left


@pytest.mark.parametrize(
    ("css_file", "board"),
    [
        ("apple_batches_board.css", ".orchard-ab-board"),
        ("stacked_trees_board.css", ".orchard-st-board"),
        ("water_drops_board.css", ".orchard-wd-board"),
    ],
)
def test_the_highlight_is_a_double_frame_inside_its_part(css_file: str, board: str) -> None:
    """Drawn outside its part, the highlight was cut by the box holding the part (the apple
    batches market's sides, the stacked trees hand's sides, a top batch's top) and ran over
    the line above. On every board it is one look, a double frame, drawn inside the part's
    edge; a line of words gets the room for it inside it while it is marked."""
    rule = declarations(css_file, f"{board} .orchard-highlight")
    outline = re.match(r"(\d+)px double #e69f00", _last(rule, "outline"))
    assert outline, rule
    assert int(outline[1]) + _px(_last(rule, "outline-offset")) <= 0, rule
    room = declarations(css_file, f"{board} .widget-html.orchard-highlight")
    assert min(_sides(_last(room, "padding"))) >= int(outline[1]), room


def test_the_apple_you_picked_keeps_its_ring_in_the_legend() -> None:
    """The legend's ringed apple lost the ring's left and bottom when it began a line: the
    legend leaves room round it, as far as the ring reaches."""
    css = "apple_batches_board.css"
    picked = declarations(css, ".orchard-ab-legend .orchard-ab-sample-picked")
    reach = _px(_last(picked, "outline-width")) + _px(_last(picked, "outline-offset"))
    assert reach > 0
    legend = declarations(css, ".orchard-ab-board .orchard-ab-legend")
    _top, _right, bottom, left = _sides(_last(legend, "padding"))
    assert left >= reach and bottom >= 3, legend
    assert _px(_last(picked, "margin").split()[-1]) >= reach, picked


def test_a_legend_entry_keeps_its_sign_its_words_and_its_dot_together() -> None:
    """A "·" between entries began a line: it is the end of its entry's span."""
    shown = legend_html([("<i>a</i>", "one"), ("<i>b</i>", "two"), ("<i>c</i>", "three")])
    entries = re.findall(r'<span class="orchard-legend-entry">(.*?)</span>(?=\s|$)', shown)
    assert entries == ["<i>a</i> one ·", "<i>b</i> two ·", "<i>c</i> three"], shown
    assert " · <span" not in shown


def test_the_stacked_trees_legend_lays_out_each_sample_beside_its_words() -> None:
    """Its samples were taller than their line, overlapping one another and the next line,
    with no gap before their words: entries are laid out in rows with gaps, each a sample
    and its words side by side, centred, with a gap between."""
    css = "stacked_trees_board.css"
    rows = declarations(css, ".orchard-st-legend .widget-html-content")
    assert "flex" in _last(rows, "display") and _last(rows, "flex-wrap") == "wrap", rows
    assert _last(rows, "gap"), rows
    entry = declarations(css, ".orchard-st-legend .orchard-legend-entry")
    assert "flex" in _last(entry, "display") and _last(entry, "align-items") == "center"
    assert _px(_last(entry, "gap")) >= 4, entry
    tree = declarations(css, ".orchard-st-legend-tree")
    assert _last(tree, "flex") == "none", tree


def test_a_ratings_name_is_kept_whole() -> None:
    """ "Pal-tree" broke at its hyphen across two lines of the score."""
    rule = declarations(
        "stacked_trees_board.css", ".orchard-st-score .widget-html-content > b:last-of-type"
    )
    assert _last(rule, "white-space") == "nowrap", rule


def test_the_hint_by_buttons_stay_on_their_labels_line() -> None:
    """At 1024 px they wrapped under "hint by", a line below Undo and Hint."""
    css = "stacked_trees_board.css"
    choice = declarations(css, ".orchard-st-buttons .widget-toggle-buttons")
    assert _last(choice, "flex-wrap") == "nowrap" and _last(choice, "flex") == "none", choice
    buttons = declarations(css, ".orchard-st-buttons .widget-toggle-buttons > :not(label)")
    assert _last(buttons, "flex-wrap") == "nowrap", buttons
    row = declarations(css, ".orchard-st-board .orchard-st-buttons")
    assert _last(row, "align-items") == "center", row
