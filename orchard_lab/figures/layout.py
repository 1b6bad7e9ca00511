"""The keywords every figure builder takes (``Look``: title, template and size) and the
finishing touch that applies them.

A builder takes them as ``**look: Unpack[Look]``, refuses a misspelt one first
(``check_look``, the same ``TypeError`` Python raises) and ends with ``finish(fig, **look)``.
Without a width a figure takes its container's (``autosize``): a fixed width clips in a
narrow notebook column (JupyterLab at 1024 px with the file browser open leaves ~590 px).
Numbers are written with the separators of the session's language (French 1 234,5).

>>> import plotly.graph_objects as go
>>> finish(go.Figure(), title="Points", width=400, height=300).layout.width
400
>>> finish(go.Figure()).layout.autosize
True
>>> finish(go.Figure(), titel="Points")
Traceback (most recent call last):
TypeError: finish() got an unexpected keyword argument 'titel'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypedDict, Unpack

import plotly.graph_objects as go

from orchard_lab.figures.words import separators

__all__ = ["Look", "check_look", "finish"]


class Look(TypedDict, total=False):
    """The keywords every figure builder takes (STYLE.md), each None when not given: the
    ``title`` above the chart, the plotly ``template``, and the ``width`` and ``height`` in
    pixels (without a width the figure takes its container's)."""

    title: str | None
    template: str | None
    width: int | None
    height: int | None


_KEYWORDS = frozenset(Look.__annotations__)


def check_look(builder: Callable[..., object], look: Mapping[str, object]) -> None:
    """Refuse a keyword that is not one of ``Look``'s as Python refuses an unknown keyword,
    naming ``builder``: ``**look`` would otherwise take a misspelt one without a word.

    >>> check_look(finish, {"title": "Points", "hieght": 300})
    Traceback (most recent call last):
    TypeError: finish() got an unexpected keyword argument 'hieght'
    """
    for keyword in look:
        if keyword not in _KEYWORDS:
            name = getattr(builder, "__qualname__", repr(builder))
            raise TypeError(f"{name}() got an unexpected keyword argument {keyword!r}")


def finish(fig: go.Figure, **look: Unpack[Look]) -> go.Figure:
    """Apply the keywords every builder takes (``Look``) and the house margins: a builder
    ends with ``finish(fig, **look)``."""
    check_look(finish, look)
    width = look.get("width")
    fig.update_layout(
        title=look.get("title"),
        template=look.get("template"),
        width=width,
        height=look.get("height"),
        autosize=width is None,
        margin={"t": 60, "r": 20, "l": 60},
        separators=separators(),
    )
    return fig
