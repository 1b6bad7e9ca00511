"""One message per widget for a batch of changes: ``held(root)`` holds back the state
messages of ``root`` and of every widget under it (children, layouts, styles) until the
batch ends, then each widget sends its final state once.

A walkthrough's step sets its board up from scratch, replaying a scripted game: without
holding, every intermediate change of every cell and batch went to the browser (about 140
messages a step on apple batches), and the browser redrew each.

plotly's FigureWidgets are never held: each change is a message trait set and then cleared
(``_py2js_restyle = message; _py2js_restyle = None``), so holding one would send only the
cleared value and the chart would miss the change.

>>> import ipywidgets as w
>>> label = w.Label("a")
>>> box = w.VBox([label])
>>> with held(box):
...     label.value = "b"
...     label.value = "c"
>>> label.value
'c'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import ipywidgets as w
from plotly.basewidget import BaseFigureWidget

__all__ = ["held", "tree"]


def tree(root: w.Widget) -> list[w.Widget]:
    """``root`` and every widget reachable from its traits (children, layout, style), once each.

    >>> import ipywidgets as w
    >>> len(tree(w.VBox([w.Button(), w.Label()])))  # box, 2 widgets, 3 layouts, 2 styles
    8
    """
    found: dict[str, w.Widget] = {}
    waiting = [root]
    while waiting:
        widget = waiting.pop()
        if widget.model_id in found:
            continue
        found[widget.model_id] = widget
        for key in widget.keys:
            value = getattr(widget, key, None)
            if isinstance(value, w.Widget):
                waiting.append(value)
            elif isinstance(value, tuple | list):
                waiting.extend(each for each in value if isinstance(each, w.Widget))
    return list(found.values())


@contextmanager
def held(root: w.Widget) -> Iterator[None]:
    """Hold back the state messages of ``root``'s whole tree, plotly charts apart; each widget
    changed sends its final state once when the block ends. Widgets made inside the block are
    not held.

    >>> import plotly.graph_objects as go
    >>> chart, label = go.FigureWidget(), w.Label()
    >>> with held(w.VBox([chart, label])):
    ...     print(label._holding_sync, chart._holding_sync)
    True False
    """
    with ExitStack() as stack:
        for widget in tree(root):
            if not isinstance(widget, BaseFigureWidget):  # its changes are messages: see above
                stack.enter_context(widget.hold_sync())
        yield
