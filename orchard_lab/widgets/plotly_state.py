"""Keep a plotly FigureWidget's saved state equal to what Python drew.

plotly sends each change to the open views as a message, but refreshes the state a page
loads *later* (Voilà, a reloaded notebook, a second view) only when the FigureWidget itself
is displayed. Inside a Box it never is, so such a page drew the figure as first built: all
four lines of the sequence explorer while two were switched on, an empty what-if histogram
beside a filled table. ``keep_state`` after each change closes that gap.

>>> import plotly.graph_objects as go
>>> fig = go.FigureWidget(go.Figure(go.Scatter(y=[1, 2])))
>>> fig.data[0].visible = False
>>> def saved(): return fig.get_state("_widget_data")["_widget_data"][0].get("visible")
>>> saved()
>>> keep_state(fig); saved()
False
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

__all__ = ["fit_to_container", "keep_state"]


def keep_state(figure: go.FigureWidget) -> None:
    """Copy the figure's current data and layout into the state a later page loads."""
    figure._repr_mimebundle_()  # plotly's own refresh of that state (no display happens)


def fit_to_container(figure: go.FigureWidget) -> None:
    """Let a FigureWidget take its container's width when a view appears and on resizes.

    plotly 6 draws a new view before it is on the page, at plotly's default 700 px, and
    only sizes it again on a relayout that changes ``autosize`` (plotly.py#5208). So each
    time a view appears, ``autosize`` is switched off and on; ``responsive`` makes plotly
    follow later window resizes.
    """
    figure.set_trait("_config", {"responsive": True})

    def refit(change: dict[str, Any]) -> None:
        if (change["new"] or 0) > (change["old"] or 0):
            figure.layout.autosize = False
            figure.layout.autosize = True

    figure.observe(refit, names="_view_count")
