"""Plotly pictures of runs of games, for any of the three games: score histograms, and the
scoring sequences the runs were played under.

Every builder is a pure function returning a ``go.Figure`` (never shown) and takes the same
keywords ``**look`` (``layout.Look``: ``title``, ``template``, ``width``, ``height``, each
None unless given; a misspelt one is refused); without a width the figure takes its
container's. Runs keep one look everywhere: run A blue with solid lines, run B orange with
hatched bars and dashed lines (Okabe–Ito colours, told apart by a dash too, so no one needs
to see colour to tell them apart); a bar's outline, hatching and a run's lines in a shade
that reaches 3.5:1 on white (``RUN_EDGES``).

>>> fig = score_histograms({"A": [3, 4, 4], "B": [5]})
>>> [(t.meta["run"], t.meta["role"]) for t in fig.data][:3]
[(0, 'histogram'), (0, 'mean'), (0, 'percentile')]
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any, Unpack

import numpy as np
import plotly.graph_objects as go

from orchard_lab.contrast import channels, readable
from orchard_lab.figures.layout import Look, check_look, finish
from orchard_lab.language import _

__all__ = [
    "RUN_COLOURS",
    "RUN_DASHES",
    "RUN_EDGES",
    "RUN_PATTERNS",
    "RUN_SYMBOLS",
    "run_tint",
    "score_histograms",
    "score_percentiles",
    "sequence_comparison",
]

RUN_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")  # one per compared run
EDGE_CONTRAST = 3.5  # on white: WCAG 1.4.11 asks 3:1 of graphics a reader must see
# Each run's colour darkened (same hue) until it reaches EDGE_CONTRAST: what draws a run's
# bars' outlines and hatching and its lines and points; the bars' fill is a pale tint of
# RUN_COLOURS, the overlaid runs seen through it.
RUN_EDGES = tuple(readable(colour, ratio=EDGE_CONTRAST) for colour in RUN_COLOURS)
RUN_FILL_ALPHA = 0.3
RUN_DASHES = ("solid", "dash", "longdashdot", "dashdot")  # each run's mean line
RUN_PATTERNS = ("", "/", "x", ".")  # each run's bars
RUN_SYMBOLS = ("circle", "square", "diamond", "triangle-up")  # each run's points on a line
LEGEND_LINE = 60  # characters on a line of a legend entry: a long rule set wraps


def legend_name(label: str) -> str:
    """``label`` as a legend entry: broken into lines of at most ``LEGEND_LINE`` characters
    (at spaces), so a long rule set does not run off a narrow chart.

    >>> for line in legend_name("B: ladder: " + ", ".join(str(n * n) for n in range(1, 21))).split(
    ...     "<br>"
    ... ):
    ...     print(line)
    B: ladder: 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144,
    169, 196, 225, 256, 289, 324, 361, 400
    """
    return "<br>".join(textwrap.wrap(label, LEGEND_LINE)) or label


def _histogram(values: np.ndarray) -> tuple[list[int], list[int]]:
    """Counts of every whole score from the lowest to the highest (scores are integers)."""
    if values.size == 0:
        return [], []
    low = int(np.floor(values.min()))
    counts = np.bincount(np.floor(values).astype(np.int64) - low)
    return list(range(low, low + len(counts))), counts.tolist()


def score_percentiles(
    values: Sequence[float] | np.ndarray, percentiles: Sequence[float]
) -> list[float]:
    """Each of ``percentiles`` (0 to 100) of the scores ``values`` as a score some game made:
    the lowest score that at least that share of the games scored or less. So "the 90th
    percentile: 9 games in 10 scored this or less" holds as said, where an interpolated
    percentile (122.9 between scores of 122 and 123) is no game's score.

    >>> score_percentiles([10, 12, 12, 13], [10, 50, 90])
    [10.0, 12.0, 13.0]
    """
    marked = np.percentile(np.asarray(values), list(percentiles), method="inverted_cdf")
    return [float(score) for score in marked]


def _marks(values: np.ndarray, percentiles: Sequence[float]) -> dict[str, list[float]]:
    if values.size == 0:
        return {"mean": [], "percentile": []}
    return {
        "mean": [float(values.mean())],
        "percentile": score_percentiles(values, percentiles),
    }


def score_histograms(
    samples: Mapping[str, Sequence[float] | np.ndarray],
    *,
    percentiles: Sequence[float] = (10, 50, 90),
    **look: Unpack[Look],
) -> go.Figure:
    """Overlaid histograms of final scores, one per labelled run, means and percentiles marked.

    Each run gives three traces in this order: its bars (``role`` "histogram", one bar per
    whole score), its mean (a thick line, in the legend) and its percentiles (thin dotted
    lines, one trace). Arrays of any shape are flattened (a ``simulate`` table counts every
    player). While no run has a score, the axes are hidden (``visible`` False on both): a
    view drawing this figure's results later takes ``visible`` from the new figure.

    >>> fig = score_histograms({"standard rules": [3, 4, 4], "easy mode: on": [5]})
    >>> list(fig.data[0].x), list(fig.data[0].y), fig.data[4].line.dash
    ([3, 4], [1, 2], 'dash')
    """
    check_look(score_histograms, look)
    if not isinstance(samples, Mapping):
        raise TypeError(f"samples must map a label to scores, not {type(samples).__name__}")
    for p in percentiles:
        if not 0 <= p <= 100:
            raise ValueError(f"percentiles must be between 0 and 100, got {p}")
    fig = go.Figure()
    arrays = {label: np.asarray(values, dtype=float).ravel() for label, values in samples.items()}
    tallest = max([1, *(c for values in arrays.values() for c in _histogram(values)[1])])
    for run, (label, values) in enumerate(arrays.items()):
        colour = RUN_EDGES[run % len(RUN_EDGES)]
        xs, counts = _histogram(values)
        fig.add_bar(
            x=xs,
            y=counts,
            name=legend_name(str(label)),
            legendgroup=str(run),
            marker={
                "color": run_tint(RUN_COLOURS[run % len(RUN_COLOURS)], RUN_FILL_ALPHA),
                "line": {"color": colour, "width": 1.5},
                "pattern": {
                    "shape": RUN_PATTERNS[run % len(RUN_PATTERNS)],
                    "fgcolor": colour,
                    "fillmode": "overlay",
                    "solidity": 0.35,
                },
            },
            hovertemplate=_("{run}<br>final score: {score}<br>games: {games}").format(
                run=label, score="%{x}", games="%{y}"
            )
            + "<extra></extra>",
            meta={"run": run, "label": str(label), "role": "histogram"},
        )
        for role, xs_marked in _marks(values, percentiles).items():
            fig.add_scatter(
                **_vertical_lines(xs_marked, tallest),
                **_mark_style(role, colour, run),
                meta={"run": run, "label": str(label), "role": role},
            )
    fig.update_layout(
        barmode="overlay",
        bargap=0,
        legend={"orientation": "h", "yanchor": "top", "y": -0.3, "x": 0},
    )
    # No score yet (the what-if before its first Run): no axes, no grid, no axis titles.
    # Plotly's default axes (-1 to 6 and 0 to 4) measured nothing; the title says what to do.
    played = any(values.size for values in arrays.values())
    fig.update_xaxes(title=_("final score"), visible=played)
    fig.update_yaxes(title=_("games"), rangemode="tozero", visible=played)
    return finish(fig, **look)


def run_tint(colour: str, alpha: float) -> str:
    """``colour`` (``#rrggbb``) seen through: ``rgba(r, g, b, alpha)``.

    >>> run_tint("#E69F00", 0.3)
    'rgba(230, 159, 0, 0.3)'
    """
    red, green, blue = (round(channel * 255) for channel in channels(colour))
    return f"rgba({red}, {green}, {blue}, {alpha})"


def _vertical_lines(xs: Sequence[float], tallest: int) -> dict[str, list[float | None]]:
    """Scatter x/y drawing a vertical line from 0 to ``tallest`` at each x, gaps between."""
    line_x: list[float | None] = []
    line_y: list[float | None] = []
    for x in xs:
        line_x += [x, x, None]
        line_y += [0, tallest * 1.05, None]
    return {"x": line_x, "y": line_y}


def _mark_style(role: str, colour: str, run: int) -> dict[str, Any]:
    if role == "mean":
        line = {"color": colour, "width": 3, "dash": RUN_DASHES[run % len(RUN_DASHES)]}
        return {
            "mode": "lines",
            "name": _("its mean"),
            "legendgroup": str(run),
            "showlegend": True,
            "line": line,
            "hovertemplate": _("mean: {mean}").format(mean="%{x:.1f}") + "<extra></extra>",
        }
    return {
        "mode": "lines",
        "name": _("percentiles"),
        "legendgroup": str(run),
        "showlegend": False,
        "line": {"color": colour, "width": 1.5, "dash": "dot"},
        "hovertemplate": _("percentile: {score}").format(score="%{x}") + "<extra></extra>",
    }


def sequence_comparison(
    runs: Mapping[str, Sequence[int]],
    *,
    run_of: Mapping[str, int] | None = None,
    **look: Unpack[Look],
) -> go.Figure:
    """The scoring sequences of runs as lines with points: the n-th value against n.

    One trace per labelled sequence (``role`` "sequence"), in the look of its run:
    ``run_of[label]`` (default: its place) picks the colour (the run's edge, ``RUN_EDGES``:
    a line a reader must see), the dash and the points' shape, so sequences of one rule set
    share its look. Hovering a point names its value.

    >>> fig = sequence_comparison({"A: dice ladder": (1, 3, 6, 10), "B: dice ladder": (1, 4, 9)})
    >>> list(fig.data[1].x), list(fig.data[1].y), fig.data[1].line.dash, fig.data[1].marker.symbol
    ([1, 2, 3], [1, 4, 9], 'dash', 'square')
    """
    check_look(sequence_comparison, look)
    if not isinstance(runs, Mapping):
        raise TypeError(f"runs must map a label to a sequence, not {type(runs).__name__}")
    fig = go.Figure()
    for place, (label, values) in enumerate(runs.items()):
        run = place if run_of is None else run_of[label]
        colour = RUN_EDGES[run % len(RUN_EDGES)]
        fig.add_scatter(
            x=list(range(1, len(values) + 1)),
            y=[int(v) for v in values],
            mode="lines+markers",
            name=legend_name(str(label)),
            line={"color": colour, "width": 2.5, "dash": RUN_DASHES[run % len(RUN_DASHES)]},
            marker={"color": colour, "size": 8, "symbol": RUN_SYMBOLS[run % len(RUN_SYMBOLS)]},
            hovertemplate=_("{sequence}<br>n = {n}<br>points: {points}").format(
                sequence=label, n="%{x}", points="%{y}"
            )
            + "<extra></extra>",
            meta={"run": run, "label": str(label), "role": "sequence"},
        )
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.32, "x": 0})
    fig.update_xaxes(title={"text": _("n: the 1st, 2nd, 3rd … value"), "standoff": 4}, dtick=1)
    fig.update_yaxes(title=_("points"), rangemode="tozero")
    finish(fig, **look)
    fig.update_layout(margin={"b": 110})  # room below the axis for the legend
    return fig
