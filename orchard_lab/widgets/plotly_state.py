"""Keep a plotly FigureWidget's saved state equal to what Python drew.

plotly sends each change to the open views as a message, but refreshes the state a page
loads *later* (Voilà, a reloaded notebook, a second view) only when the FigureWidget itself
is displayed. Inside a Box it never is, so such a page drew the figure as first built: all
four lines of the sequence explorer while two were switched on, an empty what-if histogram
beside a filled table. ``keep_state`` after each change closes that gap.

``SharedBundleFigure`` is the FigureWidget the package builds: its page fetches plotly's
widget JavaScript (about 5 MB) once, where each FigureWidget carried it: from the web
server where it serves it (``orchard_lab.plotly_bundle``), else from the kernel
(``static/plotly_loader.js``, ``BUNDLE_LOADER``). ``BoardChart``, a board's chart, sends
each change to the page as one message.

>>> import plotly.graph_objects as go
>>> fig = go.FigureWidget(go.Figure(go.Scatter(y=[1, 2])))
>>> fig.data[0].visible = False
>>> def saved(): return fig.get_state("_widget_data")["_widget_data"][0].get("visible")
>>> saved()
>>> keep_state(fig); saved()
False
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anywidget
import plotly.graph_objects as go
from plotly.serializers import custom_serializers
from traitlets import Dict

from orchard_lab.plotly_bundle import bundle
from orchard_lab.widgets.styles import STATIC

__all__ = ["BoardChart", "SharedBundleFigure", "fit_to_container", "keep_state"]

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


def _to_kernel() -> Dict:
    """A plotly trait the page sets for the kernel, which the kernel does not echo back."""
    return Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)


class BoardChart(SharedBundleFigure):
    """A board chart whose every change reaches the browser as one message.

    plotly sends a change as four messages (two edit counters, then the change set and
    cleared) and ``keep_state`` adds a fifth; on a click that redraws both charts that was
    10 of the board's 35 messages, each handled by the kernel, the server and the page. Here
    the counters, the change and the saved state go in one message; the change is then
    cleared in Python alone, so the next one is a change again (its edit counters differ
    anyway) and a page loading the state later reads no stale change.

    >>> import plotly.graph_objects as go
    >>> chart = BoardChart(go.Figure(go.Bar(x=[1, 2])))
    >>> with chart.batch_update():
    ...     chart.data[0].x = [3, 2]
    >>> chart._py2js_update, list(chart._widget_data[0]["x"]), chart._last_trace_edit_id
    (None, [3, 2], 1)
    """

    # What the page sends the kernel: the deltas plotly sends after each change (an edit id in
    # each, so no two alike), a view's own edits. The kernel echoes none back
    # (``echo_update``), and its reset of the deltas after reading them stays in Python
    # (``_should_send_property``): on a click that redraws both charts, 4 messages fewer.
    _js2py_traceDeltas = _to_kernel()
    _js2py_layoutDelta = _to_kernel()
    _js2py_restyle = _to_kernel()
    _js2py_relayout = _to_kernel()
    _js2py_update = _to_kernel()
    _js2py_pointsCallback = _to_kernel()

    def _should_send_property(self, key: str, value: Any) -> bool:
        if key in ("_js2py_traceDeltas", "_js2py_layoutDelta"):
            return False
        sent: bool = super()._should_send_property(key, value)
        return sent

    _merging: tuple[dict[str, Any], dict[str, Any], Any] | None = None  # ``merged``'s

    @contextmanager
    def merged(self) -> Iterator[None]:
        """The chart's changes in the block reach the browser as one, when the block ends: a
        walkthrough's step replays a game, and the page redrew the chart for each move.

        >>> import plotly.graph_objects as go
        >>> chart = BoardChart(go.Figure(go.Bar(x=[1, 2])))
        >>> with chart.merged():
        ...     chart.plotly_update({"x": [[3, 2]]}, trace_indexes=0)
        ...     chart.plotly_update({"text": [["a", "b"]]}, trace_indexes=0)
        ...     chart._last_trace_edit_id
        0
        >>> chart._last_trace_edit_id, list(chart._widget_data[0]["x"])
        (1, [3, 2])
        """
        if self._merging is not None:  # merged already, by an outer block
            yield
            return
        self._merging = ({}, {}, None)
        try:
            yield
        finally:
            restyle, relayout, traces = self._merging
            self._merging = None
            if restyle or relayout:
                self._send_update_msg(restyle, relayout, traces)

    def _send_update_msg(
        self,
        restyle_data: dict[str, Any],
        relayout_data: dict[str, Any],
        trace_indexes: Any = None,
        source_view_id: str | None = None,
    ) -> None:
        """plotly's ``BaseFigureWidget._send_update_msg``, its five messages in one; inside
        ``merged``, kept until its end (each value is the whole new value of its path, so
        the last one of each path is the chart's state)."""
        traces = self._normalize_trace_indexes(trace_indexes)
        if self._merging is not None and source_view_id is None:
            restyle, relayout, kept = self._merging
            if kept in (None, traces):
                self._merging = ({**restyle, **restyle_data}, {**relayout, **relayout_data}, traces)
                return
            self._merging = ({}, {}, None)  # other traces: what was kept goes first
            self._send_now(restyle, relayout, kept, None)
        self._send_now(restyle_data, relayout_data, traces, source_view_id)

    def _send_now(
        self,
        restyle_data: dict[str, Any],
        relayout_data: dict[str, Any],
        traces: list[int],
        source_view_id: str | None,
    ) -> None:
        with self.hold_sync():
            self._last_trace_edit_id += 1
            self._trace_edit_in_process = True
            self._last_layout_edit_id += 1
            self._layout_edit_in_process = True
            keep_state(self)  # the data is changed already: the state a later page loads
            self._py2js_update = {
                "style_data": restyle_data,
                "layout_data": relayout_data,
                "style_traces": traces,
                "trace_edit_id": self._last_trace_edit_id,
                "layout_edit_id": self._last_layout_edit_id,
                "source_view_id": source_view_id,
            }
        self._trait_values["_py2js_update"] = None  # set without a message: see above


def keep_state(figure: go.FigureWidget) -> None:
    """Copy the figure's current data and layout into the state a later page loads."""
    figure._repr_mimebundle_()  # plotly's own refresh of that state (no display happens)


def fit_to_container(figure: go.FigureWidget) -> None:
    """Let a FigureWidget follow the window's resizes (plotly's ``responsive``).

    Its views are first drawn at their element's width and then follow it (JupyterLab's
    sidebar changes it, not the window's): the chart's module draws a view once its element
    is on the page with a width and resizes it when that width changes (``drawnWhenSized`` in
    ``static/plotly_loader.js``), where plotly 6 drew it off the page at its default 700 px
    (plotly.py#5208).
    """
    figure.set_trait("_config", {"responsive": True})
