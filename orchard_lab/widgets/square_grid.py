"""A grid of squares drawn at their engine coordinates, one widget for a whole orchard.

Python says what each square shows (``Square``: where, HTML, CSS classes, words for a
screen reader, whether it takes a click); ``static/square_grid.js`` only places each at its
row and column, with ``data-square="row,col"`` in engine coordinates, and sends back the
square clicked (or chosen with Enter or Space, the arrow keys moving between them). The grid
holds no rule: a click is handed to the board, which asks the engine.

>>> clicked = []
>>> grid = SquareGrid(clicked.append, label="your orchard")
>>> grid.show([Square((0, 0), "<b>A</b>", "a card"), Square((0, 1), "", "open", active=True)])
>>> grid.click((0, 1)); grid.click((0, 0)); clicked
[(0, 1)]
>>> grid.square((0, 0)).label
'a card'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from orchard_lab.widgets.styles import STATIC

__all__ = ["Square", "SquareGrid"]

At = tuple[int, int]


@dataclass(frozen=True)
class Square:
    """One square of the grid: engine coordinates ``at`` = (row, col), its ``html``, what a
    screen reader says (``label``), its CSS ``classes`` and whether a click is taken."""

    at: At
    html: str
    label: str
    classes: str = ""
    active: bool = False

    def state(self) -> dict[str, Any]:
        """What the browser is sent for this square."""
        return {
            "at": list(self.at),
            "html": self.html,
            "label": self.label,
            "classes": self.classes,
            "active": self.active,
        }


class SquareGrid(anywidget.AnyWidget):
    """The squares ``show`` was given, each at its (row, col); ``on_click(at)`` runs when an
    active square is clicked in the browser (or by ``click`` in Python)."""

    _esm = STATIC / "square_grid.js"
    _css = STATIC / "square_grid.css"
    squares = traitlets.List(traitlets.Dict()).tag(sync=True)
    size = traitlets.Int(40).tag(sync=True)  # px of one square
    label = traitlets.Unicode("").tag(sync=True)  # the grid's name for a screen reader
    # the data attribute naming each square's engine coordinates: data-square or data-cell
    coordinate = traitlets.Enum(("square", "cell"), "square").tag(sync=True)

    def __init__(
        self,
        on_click: Callable[[At], None],
        label: str = "",
        coordinate: str = "square",
        **kwargs: Any,
    ) -> None:
        super().__init__(label=label, coordinate=coordinate, **kwargs)
        self._on_click = on_click
        self._shown: dict[At, Square] = {}
        self.on_msg(self._message)

    def show(self, squares: Iterable[Square], size: int | None = None) -> None:
        """Draw ``squares`` (and, if given, a new ``size``) in one message; nothing is sent
        when nothing changed."""
        squares = list(squares)
        self._shown = {square.at: square for square in squares}
        with self.hold_sync():
            if size is not None:
                self.size = size
            self.squares = [square.state() for square in squares]

    def square(self, at: At) -> Square | None:
        """The square shown at ``at``, or None."""
        return self._shown.get(tuple(at))  # type: ignore[arg-type]

    def shown(self) -> list[Square]:
        """Every square shown, in the order given."""
        return list(self._shown.values())

    def click(self, at: At) -> None:
        """What a click on the square at ``at`` does in the browser: ``on_click(at)`` if it is
        shown and active, else nothing."""
        square = self.square(at)
        if square is not None and square.active:
            self._on_click(square.at)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        at = content.get("square") if isinstance(content, dict) else None
        if (
            isinstance(at, list)
            and len(at) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in at)
        ):
            self.click((at[0], at[1]))
