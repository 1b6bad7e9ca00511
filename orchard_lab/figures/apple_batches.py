"""Plotly pictures of apple batches: batch growth, score breakdowns, next-card values.

Every builder is a pure function returning a ``go.Figure`` (never shown) and takes the same
keywords ``**look`` (``layout.Look``: ``title``, ``template``, ``width``, ``height``, each
None unless given; a misspelt one is refused). Each batch keeps one colour in every picture
(``BATCH_COLOURS``; the four sequence batches share theirs with ``SEQUENCE_COLOURS``). Every
trace carries ``meta={"role": ..., ...}`` so widgets and tests find it by meaning.

>>> fig = batch_growth()
>>> [trace.meta["batch"] for trace in fig.data][:3]
['monochrome', 'feather', 'special']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Unpack

import plotly.graph_objects as go

from orchard_lab import apple_batches as ab
from orchard_lab.apple_batches import best_batch_points
from orchard_lab.core import Score, require_int
from orchard_lab.figures.layout import Look, check_look, finish
from orchard_lab.figures.sequences import SEQUENCE_COLOURS
from orchard_lab.figures.words import batch_name, part_name
from orchard_lab.language import _, _n

__all__ = [
    "BATCH_COLOURS",
    "BATCH_LABELS",
    "batch_growth",
    "best_batch_points",
    "breakdown_values",
    "label_room",
    "next_card_bars",
    "next_card_values",
    "score_breakdown",
]

BATCH_LABELS = ab.BATCH_NAMES  # one name per batch, the engine's (in English: words.batch_name)
BATCH_COLOURS = {
    "monochrome": SEQUENCE_COLOURS["triangular"],
    "feather": SEQUENCE_COLOURS["pronic"],
    "special": "#E69F00",
    "unlucky": SEQUENCE_COLOURS["square"],
    "fortepiano": "#56B4E9",
    "sweet_couple": "#F0C419",
    "steady": SEQUENCE_COLOURS["odd_prime"],
    "bad": "#777777",
}
_OTHER = "#999999"
_FADED = 0.3
_DECK = ab.default_deck()


def batch_growth(
    count: int = ab.BATCH_CAPACITY, *, rules: ab.Rules | None = None, **look: Unpack[Look]
) -> go.Figure:
    """The most points each of the 8 batches can score with n = 0..count cards, one line each.

    >>> fig = batch_growth(4)
    >>> {t.meta["batch"]: list(t.y) for t in fig.data}["feather"]
    [0, 0, 2, 6, 12]
    """
    check_look(batch_growth, look)
    count = require_int(count, "count", 1, ab.BATCH_CAPACITY)
    fig = go.Figure()
    for batch in ab.BATCHES:
        points = [best_batch_points(batch, n, rules) for n in range(count + 1)]
        xs = [n for n, p in zip(range(count + 1), points, strict=True) if p is not None]
        ys = [p for p in points if p is not None]
        pairs = batch in ("fortepiano", "sweet_couple")
        name = batch_name(batch)
        hover = _("{batch}<br>apples in the batch: {apples}<br>at most: {points} points")
        fig.add_scatter(
            x=xs,
            y=ys,
            mode="lines+markers",
            name=name,
            line={"color": BATCH_COLOURS[batch], "width": 2, "shape": "hv" if pairs else "linear"},
            marker={"color": BATCH_COLOURS[batch], "size": 6},
            hovertemplate=hover.format(batch=name, apples="%{x}", points="%{y}")
            + "<extra></extra>",
            meta={"role": "growth", "batch": batch},
        )
    fig.update_xaxes(title=_("n = apples in the batch"), dtick=1)
    fig.update_yaxes(title=_("most points"), zeroline=True)
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.25})
    return finish(fig, **look).update_layout(margin={"b": 110})


def score_breakdown(score: Score, **look: Unpack[Look]) -> go.Figure:
    """One horizontal bar per part of a ``core.Score``, its points written by it, note on hover.

    Parts named after a batch read as the batch's one name (``BATCH_LABELS``), in the
    session's language as every word of a chart; the bars run sideways so the names stay
    readable in a narrow notebook.

    >>> from orchard_lab.core import Score
    >>> fig = score_breakdown(Score({"sweet_couple": 7, "bad": -1}))
    >>> list(fig.data[0].y), list(fig.data[0].x)
    (['sweet couple batch', 'bad batch'], [7, -1])
    """
    check_look(score_breakdown, look)
    if not isinstance(score, Score):
        raise TypeError(f"score must be a core.Score, not {type(score).__name__}")
    fig = go.Figure()
    fig.add_bar(**breakdown_values(score), meta={"role": "breakdown"})
    _sideways(fig, _("points"), list(score.parts.values()))
    return _sideways_margins(finish(fig, **look), look.get("title"))


LABEL_ROOM = 0.22  # of the axis's span: room left of a bar below zero for its number


def _text_positions(values: Sequence[int]) -> list[str]:
    """Every bar's number outside it, at its end: a bar below zero has its number on its left,
    clear of the zero line and of the bar (``label_room`` keeps room there)."""
    return ["outside" for _value in values]


def label_room(values: Sequence[int]) -> dict[str, Any]:
    """The x axis's relayout for bars of ``values``: whole-point ticks even when every bar is
    0, and, left of a bar below zero, room for its number (never over the zero line, never
    over the batches' names). A widget changing the bars sends it with them.

    >>> label_room([3, 0]), label_room([7, -1])
    ({'xaxis.autorangeoptions.include': [0, 5]}, {'xaxis.autorangeoptions.include': [-2.76, 5]})
    """
    low: float = min([0, *values])
    high = max([5, *values])
    if low < 0:
        low = round(low - LABEL_ROOM * (high - low), 2)
    return {"xaxis.autorangeoptions.include": [low, 5]}


def _sideways(fig: go.Figure, axis_title: str, values: Sequence[int]) -> None:
    """Bars drawn sideways, first part on top, numbers by the bars and never clipped."""
    fig.update_traces(cliponaxis=False, constraintext="none")
    fig.update_yaxes(title=None, autorange="reversed", automargin=True)
    fig.update_xaxes(title=axis_title, zeroline=True, zerolinecolor="#444", automargin=True)
    fig.update_layout(label_room(values), showlegend=False, autosize=True)


def _sideways_margins(fig: go.Figure, title: str | None) -> go.Figure:
    """Room on the right for the longest label outside a bar ("✗ not allowed")."""
    return fig.update_layout(margin={"l": 10, "r": 100, "t": 50 if title else 20, "b": 40})


def breakdown_values(score: Score) -> dict[str, Any]:
    """The bar properties ``score_breakdown`` draws: a widget updates its bars with these.
    Each bar's hover says its points and its note (``customdata``).

    >>> bars = breakdown_values(Score({"bad": -2}, {"bad": "2 bad apples"}))
    >>> bars["text"], bars["hovertext"]
    (['-2'], ['bad batch: -2 points<br>2 bad apples'])
    """
    names = list(score.parts)
    points = [score.parts[name] for name in names]
    notes = [score.notes.get(name, "") for name in names]
    said = [
        _n("{part}: {count} point", "{part}: {count} points", abs(count)).format(
            part=part_name(name), count=count
        )
        for name, count in zip(names, points, strict=True)
    ]
    return {
        "orientation": "h",
        "y": [part_name(name) for name in names],
        "x": points,
        "text": [str(p) for p in points],
        "textposition": _text_positions(points),
        "customdata": notes,
        "hovertext": [
            f"{words}<br>{note}" if note else words for words, note in zip(said, notes, strict=True)
        ],
        "marker": {"color": [BATCH_COLOURS.get(name, _OTHER) for name in names]},
        "hovertemplate": "%{hovertext}<extra></extra>",
    }


def _best_gain(board: ab.Board, batch: str, cards: Sequence[ab.Card]) -> int | None:
    gains = [board.gain(card, batch) for card in cards if board.can_place(card, batch)]
    return max(gains) if gains else None


def next_card_bars(
    board: ab.Board, card: ab.Card | None = None, among: Sequence[ab.Card] | None = None
) -> dict[str, Any]:
    """The bar properties ``next_card_values`` draws: a widget updates its bars with these.
    Without ``card``, each bar is the best of the apples ``among`` (default: every apple of
    the deck).

    >>> next_card_bars(ab.Board(), ab.Card("red", 1, 1))["text"][:3]
    ['+1', '+0', '+20']
    >>> next_card_bars(ab.Board(), among=[ab.Card("red", 1, 1)])["text"][:3]
    ['+1', '+0', '+20']
    """
    if not isinstance(board, ab.Board):
        raise TypeError(f"board must be an apple_batches Board, not {type(board).__name__}")
    if card is not None and not isinstance(card, ab.Card):
        raise TypeError(f"card must be an apple_batches Card or None, not {type(card).__name__}")
    gains: list[int | None] = [
        (board.gain(card, batch) if board.can_place(card, batch) else None)
        if card is not None
        else _best_gain(board, batch, _DECK if among is None else among)
        for batch in ab.BATCHES
    ]
    refused = _("✗ not allowed") if card is not None else _("no apple fits")
    values = [0 if g is None else g for g in gains]
    return {
        "orientation": "h",
        "y": [batch_name(batch) for batch in ab.BATCHES],
        "x": values,
        "textposition": _text_positions(values),
        "text": [refused if g is None else f"{g:+d}" for g in gains],
        "marker": {
            "color": [BATCH_COLOURS[batch] for batch in ab.BATCHES],
            "opacity": [_FADED if g is None else 1.0 for g in gains],
        },
        "hovertemplate": "%{y}: %{text}<extra></extra>",
    }


def next_card_values(
    board: ab.Board, card: ab.Card | None = None, **look: Unpack[Look]
) -> go.Figure:
    """What the next card adds to each batch of ``board``: for ``card``, or the best card.

    One sideways bar per batch, so "✗ not allowed" (with ``card``) or "no apple fits" (no
    card of the deck fits) sits on its own row and never runs into a neighbour's label. The
    bar shows the change of the whole total, so a card that breaks the special tree counts
    its loss.

    >>> board = ab.Board()
    >>> board.place(ab.Card("red", 2, 2), "monochrome")
    >>> fig = next_card_values(board, ab.Card("red", 3, 3))
    >>> dict(zip(fig.data[0].y, fig.data[0].x))["monochrome batch"]
    2
    """
    check_look(next_card_values, look)
    fig = go.Figure()
    bars = next_card_bars(board, card)
    fig.add_bar(**bars, meta={"role": "next_card"})
    _sideways(fig, _("points it adds"), bars["x"])
    return _sideways_margins(finish(fig, **look), look.get("title"))
