"""How a plain class composing stock widgets is displayed: as its ``widget``.

The explorers, the rule switches, the class results checker and the walkthrough each build
one box of stock widgets (``widget``); subclassing ``WidgetView`` lets a notebook display
the object itself, as the last line of a cell. (A board also adds a Send row on a class hub,
so ``GameBoard`` hands display on its own way.)

>>> import ipywidgets as w
>>> class Demo(WidgetView):
...     def __init__(self):
...         self.widget = w.HTML("hello")
>>> "application/vnd.jupyter.widget-view+json" in Demo()._repr_mimebundle_()
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

__all__ = ["WidgetView"]


class WidgetView:
    """A plain class whose ``widget`` (set in its constructor) is what a notebook shows."""

    widget: w.Widget

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = self.widget._repr_mimebundle_(**kwargs)  # ipywidgets
        return bundle
