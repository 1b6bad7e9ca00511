"""Every text colour our explorers use reaches WCAG 2.1 AA (4.5:1) on its background.

The colours JupyterLab's theme gives stock buttons are measured in the browser tests.
"""

from __future__ import annotations

import re

import ipywidgets as w
import pytest

from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.contrast import AA_TEXT, contrast_ratio, readable, relative_luminance
from orchard_lab.widgets import (
    SequenceExplorer,
    WhatIfExplorer,
    rule_switches,
    sequence_explorer,
    what_if,
)

WHITE = "#ffffff"
TEXT_COLOUR = re.compile(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b")
BACKGROUND = re.compile(r"background:\s*(#[0-9a-fA-F]{6})\b")


def _texts(widget: w.Widget) -> list[str]:
    """Every HTML text in a widget tree."""
    found = [widget.value] if isinstance(widget, w.HTML) else []
    for child in getattr(widget, "children", ()):
        found += _texts(child)
    return found


def _pairs(text: str) -> list[tuple[str, str]]:
    """(text colour, background) for each inline style or CSS rule that sets a text colour."""
    pairs = []
    for rule in re.split(r"[{};\"]\s*(?=[^{};\"]*(?:color|background))|}", text):
        for colour in TEXT_COLOUR.findall(rule):
            background = BACKGROUND.search(rule)
            pairs.append((colour, background[1] if background else WHITE))
    return pairs


def _all_pairs() -> list[tuple[str, str]]:
    explorers = []
    for game_kwargs in ({}, {"game": wd}, {"game": st}):
        explorer = WhatIfExplorer(games=5, **game_kwargs)
        explorer.run()
        explorers.append(explorer.widget)
    sequences = SequenceExplorer(n=4, shown=["triangular", "pronic", "square", "odd_prime"])
    pairs = {
        pair
        for widget in [*explorers, sequences.widget]
        for t in _texts(widget)
        for pair in _pairs(t)
    }
    # their stylesheets' colours: static/*.css reads them from TEXT_ON as custom properties
    for module in (what_if, rule_switches, sequence_explorer):
        pairs |= set(module.TEXT_ON.values())
    return sorted(pairs)


def test_the_helper_follows_wcag_2_1() -> None:
    assert relative_luminance("#808080") == pytest.approx(0.2159, abs=1e-4)
    assert contrast_ratio("#777777", WHITE) == pytest.approx(4.48, abs=0.01)  # just fails
    assert contrast_ratio("#767676", WHITE) >= AA_TEXT  # the classic lightest grey that passes
    assert contrast_ratio(readable("#CC79A7"), WHITE) >= AA_TEXT
    with pytest.raises(ValueError, match="colour"):
        contrast_ratio("red", WHITE)


def test_every_text_colour_the_explorers_use_is_readable() -> None:
    pairs = _all_pairs()
    assert len(pairs) >= 8  # the run colours, the sequence colours, help and words
    failing = [(fg, bg, round(contrast_ratio(fg, bg), 2)) for fg, bg in pairs]
    assert [f for f in failing if f[2] < AA_TEXT] == []


GRAPHICS = 3.0  # WCAG 2.1 1.4.11: what a reader must see of a chart, against what is beside it


def test_the_what_ifs_bars_and_lines_reach_3_to_1() -> None:
    """A reviewer found the what-if's hatched bars faint (orange at 55 % opacity: 1.6:1 on
    white): each run's bars are outlined and hatched, and its lines drawn, in a colour that
    reaches 3:1 on the white chart, at full opacity; the swatch beside the run's name too."""
    from orchard_lab.figures.runs import RUN_EDGES, score_histograms

    fig = score_histograms({"A": [3, 4, 4], "B": [4, 5], "C": [1], "D": [2]})
    for trace in fig.data:
        if trace.meta["role"] == "histogram":
            marker = trace.marker
            assert marker.opacity in (None, 1)
            assert contrast_ratio(marker.line.color, WHITE) >= GRAPHICS
            assert marker.line.width >= 1
            if marker.pattern.shape:
                assert contrast_ratio(marker.pattern.fgcolor, WHITE) >= GRAPHICS
                assert marker.pattern.fillmode == "overlay"  # lines of fgcolor on the tint
        else:
            assert contrast_ratio(trace.line.color, WHITE) >= GRAPHICS
    assert all(contrast_ratio(edge, WHITE) >= GRAPHICS for edge in RUN_EDGES)
    explorer = WhatIfExplorer(games=5)
    assert any(RUN_EDGES[1] in text for text in _texts(explorer.widget))  # B's swatch


def test_the_compared_sequences_lines_and_points_reach_3_to_1() -> None:
    """Run B's sequence was drawn in the orange of its bars' fill, 2.25:1 on white: each
    run's sequence line and points take the run's edge colour, as its bars' outlines do."""
    from orchard_lab.figures.runs import RUN_EDGES, sequence_comparison

    runs = {f"{name}: dice ladder": (1, 3, 6) for name in "ABCD"}
    fig = sequence_comparison(runs)
    assert [trace.line.color for trace in fig.data] == list(RUN_EDGES)
    for trace in fig.data:
        assert trace.marker.color == trace.line.color
        assert contrast_ratio(trace.line.color, WHITE) >= GRAPHICS
