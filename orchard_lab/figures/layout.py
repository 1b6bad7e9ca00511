"""The finishing touch every figure builder shares: title, template and size.

>>> import plotly.graph_objects as go
>>> finish(go.Figure(), "Points", None, 400, 300).layout.width
400
"""

from __future__ import annotations

import plotly.graph_objects as go

__all__ = ["finish"]


def finish(
    fig: go.Figure, title: str | None, template: str | None, width: int | None, height: int | None
) -> go.Figure:
    """Apply the keywords every builder ends with (STYLE.md) and the house margins."""
    fig.update_layout(
        title=title, template=template, width=width, height=height, margin={"t": 60, "r": 20}
    )
    return fig
