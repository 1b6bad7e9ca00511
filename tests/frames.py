"""What a board's stylesheet draws as a frame, and the classes a board's widgets carry: the
boards' legend tests check that every frame a board draws is named in its legend."""

from __future__ import annotations

import re

import ipywidgets as w

from orchard_lab.widgets.square_grid import SquareGrid
from orchard_lab.widgets.styles import STATIC

# A declaration that draws a frame: an outline, a border (a side's, its style or colour)
FRAME = re.compile(
    r"(?<![-\w])(outline|border(-top|-bottom|-left|-right)?(-style|-color)?)\s*:\s*"
    r"(?!none)"
)
CLASS_ATTRIBUTE = re.compile(r'class="([^"]*)"')


def _rules(css_file: str) -> list[tuple[str, str]]:
    """(selectors, declarations) of each rule of ``static/<css_file>``, in order."""
    css = re.sub(r"/\*.*?\*/", "", (STATIC / css_file).read_text(encoding="utf-8"), flags=re.S)
    return re.findall(r"([^{}]+)\{([^{}]*)\}", css)


def declarations(css_file: str, selector: str) -> str:
    """The declarations of every rule of ``static/<css_file>`` with a selector (one of its
    comma-separated list) ending in ``selector`` (a rule for ``selector:focus-visible`` is
    not one of them)."""
    return " ".join(
        body
        for selectors, body in _rules(css_file)
        if any(one.strip().endswith(selector) for one in selectors.split(","))
    )


def frame_rules(css_file: str) -> list[list[str]]:
    """Each rule of ``static/<css_file>`` that draws a frame (or a mark such as a corner, by
    a pseudo-element), as its selectors' classes: one list of the last compound selector's
    classes a selector."""
    return [
        [
            " ".join(re.findall(r"\.([\w-]+)", selector.split("::")[0].split()[-1]))
            for selector in selectors.split(",")
        ]
        for selectors, body in _rules(css_file)
        if FRAME.search(body)
    ]


def outline(css_file: str, element: set[str]) -> str:
    """The ``outline`` shorthand the stylesheet gives an element of the classes ``element``
    inside the board (the winning rule: most classes, then the last; ancestors assumed)."""
    best: tuple[int, int, str] = (-1, -1, "")
    for order, (selectors, body) in enumerate(_rules(css_file)):
        drawn = re.search(r"(?<![-\w])outline\s*:\s*([^;]+)", body)
        if not drawn:
            continue
        for selector in selectors.split(","):
            if "::" in selector:
                continue
            last = set(re.findall(r"\.([\w-]+)", selector.split()[-1]))
            if last <= element:
                best = max(best, (len(re.findall(r"\.", selector)), order, drawn[1].strip()))
    return best[2]


def classes(widget: w.Widget) -> set[str]:
    """Every CSS class in a widget tree: the widgets' own and those in their HTML."""
    found = set(getattr(widget, "_dom_classes", ()))
    if isinstance(widget, SquareGrid):  # its squares' classes
        for square in widget.shown():
            found.update(square.classes.split())
    if isinstance(widget, w.HTML):
        for attribute in CLASS_ATTRIBUTE.findall(widget.value):
            found.update(attribute.split())
    for child in getattr(widget, "children", ()):
        found |= classes(child)
    return found


def framed_states(css_file: str, before: set[str], after: set[str]) -> dict[str, list[str]]:
    """The classes a board took on while played (in ``after``, not in ``before``) that a
    frame rule of ``css_file`` draws on their own, each with that rule's other classes (where
    a legend's sample is drawn alike). A legend's sample (``-sample-``, ``-legend-``) is no
    state."""
    states: dict[str, list[str]] = {}
    for rule in frame_rules(css_file):
        for compound in rule:
            drawn = compound.split()
            sample = re.search(r"-(sample|legend)-", drawn[0]) if drawn else None
            if len(drawn) == 1 and drawn[0] in after - before and not sample:
                states.setdefault(drawn[0], []).extend(c for c in rule if c != compound)
    return states
