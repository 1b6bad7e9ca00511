"""Plotly pictures of water drops: the group map of an orchard, the points by fruit, the fates
of groups by size, and polyomino shapes (WD-1, WD-4).

Every builder is a pure function returning a ``go.Figure`` (never shown) and takes the same
keywords ``**look`` (``layout.Look``: ``title``, ``template``, ``width``, ``height``, each
None unless given; a misspelt one is refused); without a width the figure takes its
container's. Each fruit keeps one colour-blind-safe colour (Okabe–Ito, ``FRUIT_COLOURS``)
and always shows its letter too; groups that do not score are hatched and outlined with
dashes, so nothing depends on seeing colour. Every trace carries ``meta={"role": ...}`` so
widgets and tests find it by meaning.

>>> from orchard_lab import water_drops as wd
>>> fig = group_map(wd.Board(start=wd.Card.from_text("BP/2C")))
>>> sorted({trace.meta["role"] for trace in fig.data})
['cards', 'drop', 'drop_value', 'group', 'letter', 'outline']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Unpack

import plotly.graph_objects as go

from orchard_lab.core import Score
from orchard_lab.figures.apple_batches import score_breakdown
from orchard_lab.figures.layout import Look, check_look, finish
from orchard_lab.fruit_words import water_drops_letter
from orchard_lab.language import N_, _
from orchard_lab.water_drops import FRUIT_NAMES, FRUITS, Board, Group

__all__ = [
    "DROP_COLOUR",
    "FATES",
    "FRUIT_COLOURS",
    "fruit_breakdown",
    "group_fate",
    "group_fates",
    "group_map",
    "polyomino_shapes",
]

Cell = tuple[int, int]
FRUIT_COLOURS = {"B": "#F0E442", "C": "#D55E00", "P": "#009E73", "M": "#CC79A7"}
DROP_COLOUR = "#BFE3F7"  # a light sky blue, the drops' cells
_TEXT = "#1a1a1a"
_EDGE = "#999999"
_HATCH = {"shape": "/", "fgcolor": "#555555", "solidity": 0.2}  # a group that does not score
FATES = {  # a group's fate: (words, marked for the catalogues and shown with _; colour, pattern)
    "scores": (N_("scores"), "#009E73", ""),
    "overwatered": (N_("overwatered: bigger than every drop it touches"), "#0072B2", "x"),
    "other": (N_("no drop of its size (too few, or no drop)"), "#BBBBBB", "."),
}


def _square(row: int, col: int) -> tuple[list[float | None], list[float | None]]:
    """The corners of cell (row, col) as a closed path, then a gap."""
    x0, x1, y0, y1 = col - 0.5, col + 0.5, row - 0.5, row + 0.5
    return [x0, x1, x1, x0, x0, None], [y0, y0, y1, y1, y0, None]


def _squares(cells: Iterable[Cell]) -> dict[str, list[float | None]]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for row, col in cells:
        x, y = _square(row, col)
        xs += x
        ys += y
    return {"x": xs, "y": ys}


def _outline(cells: Iterable[Cell]) -> dict[str, list[float | None]]:
    """The sides of ``cells`` that face a cell outside them, as line segments with gaps."""
    inside = set(cells)
    xs: list[float | None] = []
    ys: list[float | None] = []
    for row, col in sorted(inside):
        sides = {
            (row - 1, col): ((col - 0.5, row - 0.5), (col + 0.5, row - 0.5)),
            (row + 1, col): ((col - 0.5, row + 0.5), (col + 0.5, row + 0.5)),
            (row, col - 1): ((col - 0.5, row - 0.5), (col - 0.5, row + 0.5)),
            (row, col + 1): ((col + 0.5, row - 0.5), (col + 0.5, row + 0.5)),
        }
        for near, ((xa, ya), (xb, yb)) in sides.items():
            if near not in inside:
                xs += [xa, xb, None]
                ys += [ya, yb, None]
    return {"x": xs, "y": ys}


def group_map(board: Board, **look: Unpack[Look]) -> go.Figure:
    """The orchard cell by cell: fruit in their colour with their letter, drops with their
    value, every group outlined (solid when it scores, dashed and hatched when not), and the
    group's reason on hover (WD-4).

    One trace per group (``role`` "group", its fill; ``meta`` has the fruit, size, points and
    reason), one outline per group ("outline"), then the drops ("drop", "drop_value"), the
    letters ("letter") and the card edges ("cards").

    >>> from orchard_lab import water_drops as wd
    >>> board = wd.Board(start=wd.Card.from_text("2C/1C"))
    >>> fig = group_map(board)
    >>> [(t.meta["reason"], t.meta["scores"]) for t in fig.data if t.meta["role"] == "group"]
    [('2 cherries touch a 2-drop: scores 2', True)]
    """
    check_look(group_map, look)
    if not isinstance(board, Board):
        raise TypeError(f"board must be a water_drops Board, not {type(board).__name__}")
    fig = go.Figure()
    groups = board.groups()
    for number, group in enumerate(groups):
        meta = {
            "group": number,
            "fruit": group.fruit,
            "size": group.size,
            "points": group.points,
            "scores": group.scores,
            "reason": group.reason,
        }
        fig.add_scatter(
            **_squares(group.cells),
            mode="lines",
            fill="toself",
            fillcolor=FRUIT_COLOURS[group.fruit],
            fillpattern=None if group.scores else {**_HATCH, "bgcolor": FRUIT_COLOURS[group.fruit]},
            line={"width": 0, "color": FRUIT_COLOURS[group.fruit]},
            hoveron="fills",
            text=group.reason,
            hoverinfo="text",
            name=group.reason,
            showlegend=False,
            meta={"role": "group", **meta},
        )
    for number, group in enumerate(groups):
        fig.add_scatter(
            **_outline(group.cells),
            mode="lines",
            line={"color": _TEXT, "width": 3.5 if group.scores else 1.5,
                  "dash": "solid" if group.scores else "dash"},
            hoverinfo="skip",
            showlegend=False,
            meta={"role": "outline", "group": number, "scores": group.scores},
        )  # fmt: skip
    drops = [
        (cell, int(code))
        for cell, code in _cells(board)
        if code is not None and code not in FRUIT_NAMES
    ]
    fig.add_scatter(
        **_squares(cell for cell, _ in drops),
        mode="lines",
        fill="toself",
        fillcolor=DROP_COLOUR,
        line={"width": 0, "color": DROP_COLOUR},
        hoverinfo="skip",
        showlegend=False,
        meta={"role": "drop"},
    )
    fig.add_scatter(
        x=[col for (_, col), _ in drops],
        y=[row for (row, _), _ in drops],
        mode="text",
        text=[f"<b>{value}</b>" for _, value in drops],
        textfont={"color": "#08306B", "size": 16},
        hovertext=[_("a {value}-drop").format(value=value) for _cell, value in drops],
        hoverinfo="text",
        showlegend=False,
        meta={"role": "drop_value"},
    )
    reason_of = {cell: group.reason for group in groups for cell in group.cells}
    letters = sorted(reason_of)
    fig.add_scatter(
        x=[col for _, col in letters],
        y=[row for row, _ in letters],
        mode="text",
        text=[water_drops_letter(str(board.cell(row, col))) for row, col in letters],
        textfont={"color": _TEXT, "size": 16},
        hovertext=[reason_of[cell] for cell in letters],
        hoverinfo="text",
        showlegend=False,
        meta={"role": "letter"},
    )
    xs: list[float | None] = []
    ys: list[float | None] = []
    for r, c in board.squares:
        x0, x1, y0, y1 = 2 * c - 0.5, 2 * c + 1.5, 2 * r - 0.5, 2 * r + 1.5
        xs += [x0, x1, x1, x0, x0, None]
        ys += [y0, y0, y1, y1, y0, None]
    fig.add_scatter(
        x=xs, y=ys, mode="lines", line={"color": _EDGE, "width": 1},
        hoverinfo="skip", showlegend=False, meta={"role": "cards"},
    )  # fmt: skip
    fig.update_xaxes(visible=False, constrain="domain")
    fig.update_yaxes(visible=False, autorange="reversed", scaleanchor="x", scaleratio=1)
    fig.update_layout(plot_bgcolor="white", hovermode="closest")
    fig = finish(fig, **look)
    return fig.update_layout(
        margin={"l": 10, "r": 10, "t": 50 if look.get("title") else 10, "b": 10}
    )


def _cells(board: Board) -> list[tuple[Cell, str | None]]:
    """Every cell of the orchard's cards with its code, in reading order."""
    cells = sorted(
        (2 * r + dr, 2 * c + dc) for r, c in board.squares for dr in (0, 1) for dc in (0, 1)
    )
    return [(cell, board.cell(*cell)) for cell in cells]


def fruit_breakdown(score: Score, **look: Unpack[Look]) -> go.Figure:
    """The points of an orchard by fruit (``Board.score()``), one sideways bar per fruit in
    its colour, the groups' reasons on hover.

    >>> from orchard_lab import water_drops as wd
    >>> bars = fruit_breakdown(wd.Board(start=wd.Card.from_text("2C/1C")).score()).data[0]
    >>> list(bars.y), list(bars.x)
    (['banana', 'cherry', 'pear', 'mango'], [0, 2, 0, 0])
    """
    check_look(fruit_breakdown, look)
    fig = score_breakdown(score, **look)
    colour = {FRUIT_NAMES[fruit][0]: FRUIT_COLOURS[fruit] for fruit in FRUITS}
    names = list(score.parts)  # the fruits' English names, as the engine scores them
    return fig.update_traces(
        marker={"color": [colour.get(name, _EDGE) for name in names],
                "line": {"color": _TEXT, "width": 1}},
        meta={"role": "breakdown"},
    )  # fmt: skip


def group_fate(group: Group) -> str:
    """A key of ``FATES``: "scores", "overwatered" (bigger than every drop it touches) or
    "other" (no drop of its size: too few fruit, no drop at all, or drops on both sides).

    >>> from orchard_lab import water_drops as wd
    >>> [group_fate(g) for g in wd.Board(start=wd.Card.from_text("CC/1C")).groups()]
    ['overwatered']
    """
    if group.scores:
        return "scores"
    values = [value for _, value in group.drops]
    if values and max(values) < group.size:
        return "overwatered"
    return "other"


def group_fates(groups: Iterable[Group], *, share: bool = False, **look: Unpack[Look]) -> go.Figure:
    """Stacked bars: for each group size, how many of ``groups`` score, are overwatered, or
    have no drop of their size (``group_fate``); with ``share`` as a percentage of the groups
    of that size. Each fate has a colour and a pattern.

    >>> from orchard_lab import water_drops as wd
    >>> fig = group_fates(wd.Board(start=wd.Card.from_text("2C/1C")).groups())
    >>> [(t.meta["fate"], list(t.x), list(t.y)) for t in fig.data][0]
    ('scores', [2], [1])
    >>> list(group_fates(wd.Board(start=wd.Card.from_text("CC/1C")).groups(), share=True).data[1].y)
    [100.0]
    """
    check_look(group_fates, look)
    counts = Counter((group.size, group_fate(group)) for group in groups)
    sizes = sorted({size for size, _ in counts})
    of_size = Counter(size for size, _ in counts.elements())
    hover = (
        _("{fate}<br>fruit in the group: {size}<br>share of the groups of that size: {share} %")
        if share
        else _("{fate}<br>fruit in the group: {size}<br>groups: {groups}")
    )
    fig = go.Figure()
    for fate, (words, colour, pattern) in FATES.items():
        said = _(words)
        fig.add_bar(
            x=sizes,
            y=[_count(counts[(size, fate)], of_size[size], share) for size in sizes],
            name=said,
            marker={"color": colour, "pattern": {"shape": pattern, "solidity": 0.3},
                    "line": {"color": _TEXT, "width": 0.5}},
            hovertemplate=hover.format(fate=said, size="%{x}", share="%{y}", groups="%{y}")
            + "<extra></extra>",
            meta={"role": "fate", "fate": fate},
        )  # fmt: skip
    fig.update_layout(
        barmode="stack", legend={"orientation": "h", "yanchor": "top", "y": -0.25, "x": 0}
    )
    fig.update_xaxes(title=_("fruit in the group"), dtick=1)
    fig.update_yaxes(title=_("% of the groups of that size") if share else _("groups"))
    fig = finish(fig, **look)
    return fig.update_layout(margin={"b": 110})


def _count(count: int, of: int, share: bool) -> float:
    """``count``, or with ``share`` its percentage of ``of`` to one decimal."""
    return round(100 * count / of, 1) if share else count


def polyomino_shapes(
    shapes: Sequence[Iterable[Cell]],
    labels: Sequence[str] | None = None,
    *,
    columns: int = 6,
    colour: str = FRUIT_COLOURS["P"],
    **look: Unpack[Look],
) -> go.Figure:
    """Shapes of squares side by side, ``columns`` to a row, each with its label below.

    A shape is a collection of (row, col) cells; one trace per shape (``role`` "shape").

    >>> fig = polyomino_shapes([{(0, 0), (0, 1)}, {(0, 0), (1, 0), (1, 1)}], ["I2", "L3"])
    >>> [(t.meta["label"], t.meta["size"]) for t in fig.data if t.meta["role"] == "shape"]
    [('I2', 2), ('L3', 3)]
    """
    check_look(polyomino_shapes, look)
    if columns < 1:
        raise ValueError(f"columns must be at least 1, got {columns}")
    cell_lists = [sorted(set(shape)) for shape in shapes]
    labels = list(labels) if labels is not None else ["" for _ in cell_lists]
    if len(labels) != len(cell_lists):
        raise ValueError(
            f"give one label per shape: {len(cell_lists)} shapes, {len(labels)} labels"
        )
    side = max([1, *(max(r for r, _ in s) + 1 for s in cell_lists if s)])
    side = max([side, *(max(c for _, c in s) + 1 for s in cell_lists if s)]) + 1
    texts: dict[str, list[Any]] = {"x": [], "y": [], "text": []}
    fig = go.Figure()
    for index, (cells, label) in enumerate(zip(cell_lists, labels, strict=True)):
        top, left = divmod(index, columns)
        top, left = top * (side + 1), left * side
        placed = [(top + r, left + c) for r, c in cells]
        texts["x"].append(left + (side - 2) / 2)
        texts["y"].append(top + side - 0.2)
        texts["text"].append(label)
        fig.add_scatter(
            **_squares(placed), mode="lines", fill="toself", fillcolor=colour,
            line={"color": _TEXT, "width": 1.5}, hoverinfo="skip", showlegend=False,
            meta={"role": "shape", "index": index, "label": label, "size": len(cells)},
        )  # fmt: skip
    fig.add_scatter(
        **texts, mode="text", textfont={"color": _TEXT, "size": 12}, hoverinfo="skip",
        showlegend=False, meta={"role": "label"},
    )  # fmt: skip
    fig.update_xaxes(visible=False, constrain="domain")
    fig.update_yaxes(visible=False, autorange="reversed", scaleanchor="x", scaleratio=1)
    fig.update_layout(plot_bgcolor="white")
    fig = finish(fig, **look)
    return fig.update_layout(
        margin={"l": 10, "r": 10, "t": 50 if look.get("title") else 10, "b": 10}
    )
