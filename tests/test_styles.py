"""The boards' CSS files take every colour a contrast test checks from Python, once."""

from __future__ import annotations

import re

import pytest

from orchard_lab.widgets import apple_batches_board, stacked_trees_html, water_drops_html
from orchard_lab.widgets.board_base import HIGHLIGHT
from orchard_lab.widgets.styles import static_text

STYLES = {  # board: (its TEXT_ON table, its style() text, its CSS file)
    "apple batches": (
        apple_batches_board.TEXT_ON,
        apple_batches_board.style,
        "apple_batches_board.css",
    ),
    "water drops": (
        water_drops_html.TEXT_ON,
        water_drops_html.style,
        "water_drops_board.css",
    ),
    "stacked trees": (
        stacked_trees_html.TEXT_ON,
        stacked_trees_html.style,
        "stacked_trees_board.css",
    ),
}


@pytest.mark.parametrize("board", STYLES)
def test_the_css_file_reads_text_on_colours_from_python(board: str) -> None:
    text_on, style, name = STYLES[board]
    css = static_text(name)
    declared = set(re.findall(r"(--[\w-]+):", style().split("\n")[1]))
    used = set(re.findall(r"var\((--[\w-]+)\)", css)) - {"--jp-ui-font-family", "--square-px"}
    assert used <= declared, f"used but never set: {used - declared}"
    for value in re.findall(r"(?<![\w-])color:\s*([^;}]+)", css):
        assert value.strip().startswith(("var(--", "transparent")), value
    checked = {colour.lower() for pair in text_on.values() for colour in pair} - {"#ffffff"}
    for value in re.findall(r"background(?:-color)?:\s*([^;}]+)", css):
        assert value.strip().lower() not in checked, f"{value} is written twice: use its var()"
    assert f".{HIGHLIGHT} " in css
    assert style().startswith("<style>") and style().endswith(css + "</style>")
