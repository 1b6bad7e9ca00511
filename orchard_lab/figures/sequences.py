"""Plotly pictures of the scoring sequences: their values, their differences, their dots.

Every builder is a pure function returning a ``go.Figure`` (never shown) and takes the same
keywords ``**look`` (``layout.Look``: ``title``, ``template``, ``width``, ``height``, each
None unless given; a misspelt one is refused). Each sequence keeps one colour in every
picture (``SEQUENCE_COLOURS``). Every trace carries ``meta={"sequence": name, "role": ...}``
so widgets and tests find it by meaning.

>>> fig = sequence_values(["triangular", "pronic"], 12, highlight=6)
>>> [trace.meta["role"] for trace in fig.data]
['values', 'highlight', 'values', 'highlight']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Unpack

import plotly.graph_objects as go

from orchard_lab import sequences as seq
from orchard_lab.core import require_int
from orchard_lab.figures.layout import Look, check_look, finish
from orchard_lab.language import _

__all__ = [
    "SEQUENCE_COLOURS",
    "figurate_dots",
    "highlight_point",
    "plain_symbols",
    "sequence_differences",
    "sequence_values",
]

# Okabe–Ito colours: told apart with the common colour-vision deficiencies.
SEQUENCE_COLOURS = {
    "triangular": "#D55E00",
    "pronic": "#0072B2",
    "square": "#009E73",
    "odd_prime": "#CC79A7",
}
_FADED = 0.35
_CODE_NAME = re.compile(r"odd_prime\((\d+|n)\)")


def plain_symbols(text: str) -> str:
    """``text`` with the odd primes' code name in words, as a learner reads it.

    >>> plain_symbols("odd_prime(4) = 11 dots")
    'the 4th odd prime = 11 dots'
    """
    return _CODE_NAME.sub(
        lambda m: (
            "the n-th odd prime" if m[1] == "n" else f"the {seq.ordinal(int(m[1]))} odd prime"
        ),
        text,
    )


def _hover(name: str) -> str:
    """The hover text of a point: "T(3) = 6", "odd prime no. 3 = 7"."""
    symbol = (
        _("odd prime no. {n}").format(n="%{x}") if name == "odd_prime" else seq.symbol(name, "%{x}")
    )
    return f"{symbol} = %{{y}}<extra></extra>"


def _legend(name: str) -> str:
    return f"{seq.SEQUENCE_LABELS[name]} · {seq.BATCH_PHRASES[seq.SEQUENCE_BATCH[name]]}"


def _checked(
    names: str | Iterable[str], count: int, highlight: int | None
) -> tuple[tuple[str, ...], int, int | None]:
    """The arguments both sequence plots share, checked: names, count and highlight."""
    names = seq.as_names(names)
    count = require_int(count, "count", 0, seq.MAX_COUNT)
    if highlight is not None:
        highlight = require_int(highlight, "highlight", 1, count)
    return names, count, highlight


def highlight_point(name: str, n: int) -> dict[str, list[int]]:
    """The x and y of the ring around the n-th value: a widget moves it with these.

    >>> highlight_point("square", 6)
    {'x': [6], 'y': [36]}
    """
    return {"x": [n], "y": [seq.value(name, n)]}


def sequence_values(
    names: str | Iterable[str], count: int, *, highlight: int | None = None, **look: Unpack[Look]
) -> go.Figure:
    """The values for n = 1..count, one line per sequence; ``highlight`` rings the n-th.

    With ``highlight`` each sequence gets two traces, its values then its ring, and a dotted
    line marks n (``layout.shapes[0]``).

    >>> fig = sequence_values("square", 4)
    >>> list(fig.data[0].y)
    [1, 4, 9, 16]
    """
    check_look(sequence_values, look)
    names, count, highlight = _checked(names, count, highlight)
    fig = go.Figure()
    xs = list(range(1, count + 1))
    for name in names:
        colour = SEQUENCE_COLOURS[name]
        fig.add_scatter(
            x=xs,
            y=seq.first(name, count),
            mode="lines+markers",
            name=_legend(name),
            legendgroup=name,
            line={"color": colour, "width": 2},
            marker={"color": colour, "size": 7},
            hovertemplate=_hover(name),
            meta={"sequence": name, "role": "values"},
        )
        if highlight is not None:
            fig.add_scatter(
                **highlight_point(name, highlight),
                mode="markers",
                legendgroup=name,
                showlegend=False,
                marker={"color": colour, "size": 16, "symbol": "circle-open", "line": {"width": 3}},
                hovertemplate=_hover(name),
                meta={"sequence": name, "role": "highlight"},
            )
    if highlight is not None:
        fig.add_vline(x=highlight, line={"color": "#888", "dash": "dot", "width": 1})
    fig.update_xaxes(title=_("n = apples in the batch"), dtick=1 if count <= 20 else None)
    fig.update_yaxes(title=_("points"), rangemode="tozero")
    fig.update_layout(legend={"orientation": "h", "y": -0.2})
    return finish(fig, **look)


def sequence_differences(
    names: str | Iterable[str], count: int, *, highlight: int | None = None, **look: Unpack[Look]
) -> go.Figure:
    """What each card adds, n = 1..count, as grouped bars; ``highlight`` fades the others.

    >>> fig = sequence_differences(["triangular", "square"], 4)
    >>> [list(trace.y) for trace in fig.data]
    [[1, 2, 3, 4], [1, 3, 5, 7]]
    """
    check_look(sequence_differences, look)
    names, count, highlight = _checked(names, count, highlight)
    fig = go.Figure()
    xs = list(range(1, count + 1))
    for name in names:
        opacity = [1.0 if highlight in (None, x) else _FADED for x in xs]
        fig.add_bar(
            x=xs,
            y=seq.differences(name, count),
            name=_legend(name),
            marker={"color": SEQUENCE_COLOURS[name], "opacity": opacity},
            hovertemplate=_("card {card} adds {points} to {sequence}").format(
                card="%{x}", points="%{y}", sequence=seq.SEQUENCE_LABELS[name]
            )
            + "<extra></extra>",
            meta={"sequence": name, "role": "differences"},
        )
    fig.update_xaxes(title=_("the n-th apple"), dtick=1 if count <= 20 else None)
    fig.update_yaxes(title=_("points it adds"))
    fig.update_layout(barmode="group", legend={"orientation": "h", "y": -0.2})
    return finish(fig, **look)


def figurate_dots(name: str, n: int, **look: Unpack[Look]) -> go.Figure:
    """The dots of the n-th number: triangle, n×(n−1) rectangle, square, or a prime's row.

    Always one trace (empty when the number is 0); the title says what the picture shows.

    >>> fig = figurate_dots("pronic", 3)
    >>> len(fig.data[0].x), fig.layout.title.text
    (6, 'P(3) = 6 dots: 3 rows of 2')
    """
    check_look(figurate_dots, look)
    points = seq.dots(name, n)
    rows = max((row for row, _ in points), default=0) + 1
    cols = max((col for _, col in points), default=0) + 1
    size = max(4, min(18, 220 // max(rows, cols)))
    fig = go.Figure(
        go.Scatter(
            x=[col for _, col in points],
            y=[-row for row, _ in points],
            mode="markers",
            marker={"color": SEQUENCE_COLOURS[name], "size": size},
            hoverinfo="skip",
            showlegend=False,
            meta={"sequence": name, "role": "dots"},
        )
    )
    hidden = {"visible": False, "fixedrange": True}
    fig.update_xaxes(range=[-0.6, cols - 0.4], **hidden)
    fig.update_yaxes(range=[-rows + 0.4, 0.6], scaleanchor="x", scaleratio=1, **hidden)
    fig.update_layout(plot_bgcolor="rgba(0,0,0,0)")
    words = plain_symbols(seq.describe_dots(name, n))
    title = look.get("title")
    return finish(fig, **(look | {"title": words if title is None else title}))
