"""A class's verified scores: one dot plot per group (one game, one deal, the same rules).

Pupils with the same score stack upwards, so every pupil is one dot; hovering names them.
For stacked trees the best line of the deal (``Group.best``) is marked as an upright bar.
Each group has its own x-axis, since the games score on different scales. Every trace
carries ``meta={"role": ..., "group": number}`` so widgets and tests find it by meaning.

>>> from orchard_lab import stacked_trees as st
>>> from orchard_lab.classroom import class_results, result_code
>>> game = st.Game.new(seed=1)
>>> while not game.is_over:
...     game.play(game.legal_moves()[0])
>>> fig = class_scores(class_results(f"Ana: {result_code(game)}").groups)
>>> [(trace.meta["role"], trace.meta["group"]) for trace in fig.data]
[('scores', 1), ('best', 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from orchard_lab.classroom import Group
from orchard_lab.figures.layout import Look, check_look, finish
from orchard_lab.figures.runs import RUN_COLOURS
from orchard_lab.language import _, _n

__all__ = ["class_scores"]

_ROW_HEIGHT = 150  # pixels per group when no height is given
_LINE = "#333333"
_BEST = "#D55E00"


def class_scores(groups: Sequence[Group], **look: Unpack[Look]) -> go.Figure:
    """The scores of each group as dots (``role`` "scores"), the best line of a stacked trees
    deal as a bar (``role`` "best"); an empty class gives an empty figure saying so."""
    check_look(class_scores, look)
    if isinstance(groups, str) or not isinstance(groups, Sequence):
        raise TypeError(f"groups must be a sequence of Group values, not {type(groups).__name__}")
    for group in groups:
        if not isinstance(group, Group):
            raise TypeError(f"groups must hold Group values, not {type(group).__name__}")
    if not groups:
        fig = go.Figure()
        fig.add_annotation(text=_("No verified results yet"), showarrow=False, font={"size": 14})
        fig.update_xaxes(visible=False)
        fig.update_yaxes(visible=False)
        return finish(fig, **(look | {"height": look.get("height") or 160}))
    fig = make_subplots(
        rows=len(groups),
        cols=1,
        subplot_titles=[_short_label(group) for group in groups],
        vertical_spacing=min(0.3, 0.9 / len(groups)),
    )
    for row, group in enumerate(groups, 1):
        _add_group(fig, group, row)
    fig.update_xaxes(title=_("score"), row=len(groups), col=1)  # once, under the last group
    tall = look.get("height") or 60 + _ROW_HEIGHT * len(groups)
    fig = finish(fig, **(look | {"height": tall}))
    fig.update_annotations(font={"size": 12})
    return fig.update_layout(showlegend=False, plot_bgcolor="white")


def _short_label(group: Group) -> str:
    """The group's number, game (its name in the session's language) and deal (the full
    label with the rules is in the table)."""
    return f"{group.number}. {_(group.title)}, {group.deal}"


def _add_group(fig: go.Figure, group: Group, row: int) -> None:
    colour = RUN_COLOURS[(group.number - 1) % len(RUN_COLOURS)]
    heights: dict[int, int] = {}
    xs, ys, names = [], [], []
    for each in group.rows:
        heights[each.score] = heights.get(each.score, 0) + 1
        xs.append(each.score)
        ys.append(heights[each.score])
        names.append(each.name)
    fig.add_scatter(
        x=xs, y=ys, mode="markers", customdata=names,
        marker={"color": colour, "size": 12, "line": {"color": _LINE, "width": 1}},
        hovertemplate=_("{pupil}<br>score: {score}").format(pupil="%{customdata}", score="%{x}")
        + "<extra></extra>",
        meta={"role": "scores", "group": group.number}, row=row, col=1,
    )  # fmt: skip
    top = max(heights.values()) + 1
    scores = list(xs)
    if group.best is not None:
        best = group.best.score
        scores.append(best)
        fig.add_scatter(
            x=[best, best], y=[0, top], mode="lines+text",
            text=["", _("best line {points}").format(points=best)],
            # the best line is (nearly always) its group's highest score: its label reads
            # leftwards, inside the chart, not cut at the right edge ("best line 44" read "4")
            textposition="top left", cliponaxis=False,
            line={"color": _BEST, "width": 3, "dash": "dash"},
            hovertemplate=_n(
                "the best line found for this deal: {count} point",
                "the best line found for this deal: {count} points",
                abs(best),
            ).format(count=best) + "<extra></extra>",
            meta={"role": "best", "group": group.number}, row=row, col=1,
        )  # fmt: skip
    low, high = min(scores), max(scores)
    pad = max(2, (high - low) // 10)
    fig.update_xaxes(range=[low - pad, high + pad], row=row, col=1)
    fig.update_yaxes(
        range=[0, top + 0.8], dtick=1, title=_("pupils"), showticklabels=False, row=row, col=1
    )
