"""The widgets' CSS files take every colour a contrast test checks from Python, once."""

from __future__ import annotations

import re

import pytest

from orchard_lab.app import page, teacher
from orchard_lab.contrast import AA_TEXT, contrast_ratio
from orchard_lab.widgets import (
    apple_batches_board,
    class_results,
    rule_switches,
    sequence_explorer,
    stacked_trees_html,
    walkthrough,
    water_drops_html,
    what_if,
)
from orchard_lab.widgets.board_base import HIGHLIGHT
from orchard_lab.widgets.styles import (
    BUTTONS_TEXT_ON,
    STATIC,
    buttons_style,
    static_text,
    stylesheet,
)

STYLES = {  # widget: (its TEXT_ON table, its style() text, its CSS file)
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
    "walkthrough": (walkthrough.TEXT_ON, walkthrough.style, "walkthrough.css"),
    "rule switches": (rule_switches.TEXT_ON, rule_switches.style, "rule_switches.css"),
    "what-if": (what_if.TEXT_ON, what_if.style, "what_if.css"),
    "sequences": (sequence_explorer.TEXT_ON, sequence_explorer.style, "sequence_explorer.css"),
    "class results": (class_results.TEXT_ON, class_results.style, "class_results.css"),
    "app page": (page.TEXT_ON, page.style, "app_page.css"),
    "teacher's page": (teacher.TEXT_ON, teacher.style, "teacher_page.css"),
    "stock buttons": (BUTTONS_TEXT_ON, buttons_style, "buttons.css"),
}
BOARDS = ("apple batches", "water drops", "stacked trees")
PLAIN = (  # stylesheets with no colour at all: each walkthrough hides parts of its board
    "apple_batches_walkthrough.css",
    "water_drops_walkthrough.css",
    "stacked_trees_walkthrough.css",
)
COLOUR = re.compile(r"#[0-9a-fA-F]{3,6}\b|rgb|hsl")


@pytest.mark.parametrize("widget", STYLES)
def test_the_css_file_reads_text_on_colours_from_python(widget: str) -> None:
    text_on, style, name = STYLES[widget]
    css = static_text(name)
    declared = set(re.findall(r"(--[\w-]+):", style().split("\n")[1]))
    used = set(re.findall(r"var\((--[\w-]+)[,)]", css)) - {
        "--jp-ui-font-family",
        "--jp-widgets-margin",
        "--square-px",
    }
    assert used <= declared, f"used but never set: {used - declared}"
    for value in re.findall(r"(?<![\w-])color:\s*([^;}]+)", css):
        assert value.strip().startswith(("var(--", "transparent")), value
    checked = {colour.lower() for pair in text_on.values() for colour in pair} - {"#ffffff"}
    for value in re.findall(r"background(?:-color)?:\s*([^;}]+)", css):
        assert value.strip().lower() not in checked, f"{value} is written twice: use its var()"
    assert style().startswith("<style>") and style().endswith(css + "</style>")
    if widget in BOARDS:
        assert f".{HIGHLIGHT} " in css


@pytest.mark.parametrize("widget", STYLES)
def test_every_text_on_pair_reaches_4_5(widget: str) -> None:
    text_on = STYLES[widget][0]
    for name, (text, back) in text_on.items():
        assert contrast_ratio(text, back) >= AA_TEXT, (widget, name)


@pytest.mark.parametrize("name", PLAIN)
def test_a_plain_stylesheet_holds_no_colour(name: str) -> None:
    assert not COLOUR.search(static_text(name).split("*/", 1)[1])
    assert stylesheet(name) == f"<style>\n{static_text(name)}</style>"


def test_every_css_file_is_checked_here() -> None:
    files = {path.name for path in STATIC.glob("*.css")}
    checked = {name for _, _, name in STYLES.values()} | set(PLAIN)
    layout_only = {"square_grid.css", "board_keys.css"}  # layouts with no colour of their own
    assert files == checked | layout_only
    for name in layout_only:
        assert not re.search(r"(?<![\w-])color:|background", static_text(name))


def _widget_classes(cls: type) -> list[type]:
    return [cls, *(each for sub in cls.__subclasses__() for each in _widget_classes(sub))]


def test_every_widgets_javascript_and_css_is_a_file_of_the_package() -> None:
    """No view writes JavaScript or CSS in a Python string (issue 23): each of orchard_lab's
    anywidgets takes its ``_esm`` and ``_css`` from a file (``widgets/static``), which
    anywidget reads; a string there would be code kept in Python."""
    import anywidget

    ours = [
        cls
        for cls in _widget_classes(anywidget.AnyWidget)
        if cls.__module__.startswith("orchard_lab.")
    ]
    assert page.Drawn in ours and len(ours) >= 5  # every module above is imported
    in_strings = [
        f"{cls.__module__}.{cls.__qualname__}.{name}"
        for cls in ours
        for name in ("_esm", "_css")
        if isinstance(vars(cls).get(name), str)
    ]
    assert in_strings == []
