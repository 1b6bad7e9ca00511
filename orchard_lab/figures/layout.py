"""The finishing touch every figure builder shares: title, template and size.

Without a width a figure takes its container's (``autosize``): a fixed width clips in a
narrow notebook column (JupyterLab at 1024 px with the file browser open leaves ~590 px).

>>> import plotly.graph_objects as go
>>> finish(go.Figure(), "Points", None, 400, 300).layout.width
400
>>> finish(go.Figure(), None, None, None, None).layout.autosize
True
"""

from __future__ import annotations

import plotly.graph_objects as go

__all__ = ["finish"]


def finish(
    fig: go.Figure, title: str | None, template: str | None, width: int | None, height: int | None
) -> go.Figure:
    """Apply the keywords every builder ends with (STYLE.md) and the house margins."""
    fig.update_layout(
        title=title,
        template=template,
        width=width,
        height=height,
        autosize=width is None,
        margin={"t": 60, "r": 20, "l": 60},
    )
    return fig
