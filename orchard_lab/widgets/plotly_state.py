"""Keep a plotly FigureWidget's saved state equal to what Python drew.

plotly sends each change to the open views as a message, but refreshes the state a page
loads *later* (Voilà, a reloaded notebook, a second view) only when the FigureWidget itself
is displayed. Inside a Box it never is, so such a page drew the figure as first built: all
four lines of the sequence explorer while two were switched on, an empty what-if histogram
beside a filled table. ``keep_state`` after each change closes that gap.

``SharedBundleFigure`` is the FigureWidget the package builds: its page fetches plotly's
widget JavaScript (about 5 MB) once, where each FigureWidget carried it: from the web
server where it serves it (``orchard_lab.plotly_bundle``), else from the kernel
(``static/plotly_loader.js``, ``BUNDLE_LOADER``).

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

import anywidget
import plotly.graph_objects as go

from orchard_lab.plotly_bundle import bundle
from orchard_lab.widgets.styles import STATIC

__all__ = ["SharedBundleFigure", "fit_to_container", "keep_state", "refit"]

# Each chart's module: it fetches plotly's bundle once per page, asking again (one retry
# loop) when an answer is late; see the file's opening comment.
BUNDLE_LOADER = STATIC / "plotly_loader.js"


class SharedBundleFigure(go.FigureWidget):  # type: ignore[misc]
    """A FigureWidget whose page fetches plotly's 5 MB JavaScript once, not once per chart.

    >>> figure = SharedBundleFigure(go.Figure(go.Bar(y=[3, 1])))
    >>> len(figure.get_state("_esm")["_esm"]) < 20_000
    True
    """

    _esm = BUNDLE_LOADER

    @anywidget.experimental.command
    def send_plotly_bundle(self, msg: object, buffers: list[bytes]) -> tuple[None, list[bytes]]:
        """Answer the page's one request for plotly's bundle."""
        return None, [bundle()]

    @anywidget.experimental.command
    def refresh_saved_state(self, msg: object, buffers: list[bytes]) -> tuple[None, list[bytes]]:
        """Bring the saved data and layout up to date just before plotly reads them."""
        keep_state(self)
        return None, []


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

    def on_new_view(change: dict[str, Any]) -> None:
        if (change["new"] or 0) > (change["old"] or 0):
            refit(figure)

    figure.observe(on_new_view, names="_view_count")


def refit(figure: go.FigureWidget) -> None:
    """Size the figure's views to their containers again (see ``fit_to_container``): after a
    view appears, or after a hidden container is shown."""
    figure.layout.autosize = False
    figure.layout.autosize = True
