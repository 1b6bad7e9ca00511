"""The scoring-sequences explorer: a slider for n, a toggle per sequence, live pictures.

A plain class composing stock ipywidgets over ``orchard_lab.sequences`` and the builders
of ``orchard_lab.figures``. Every user action is a method (``set_n``, ``toggle``,
``show_dots``) that moves the same widget a learner moves in the browser, so tests drive
it without one. The plotly figures are ``FigureWidget``s updated in place.

>>> explorer = SequenceExplorer(n=6, shown=["triangular", "pronic"])
>>> explorer.sentence.value
'The 6th apple in the monochrome batch adds 6 points; in the feather batch it adds 10.'
"""

from __future__ import annotations

import html
import numbers
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from orchard_lab import sequences as seq
from orchard_lab.contrast import readable
from orchard_lab.figures import (
    SEQUENCE_COLOURS,
    figurate_dots,
    highlight_point,
    plain_symbols,
    sequence_values,
)
from orchard_lab.widgets.guard import guarded
from orchard_lab.widgets.plotly_state import SharedBundleFigure, fit_to_container, keep_state
from orchard_lab.widgets.slider_names import SliderNames
from orchard_lab.widgets.styles import buttons_style, style_html, text_properties
from orchard_lab.widgets.view import WidgetView
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = ["SequenceExplorer"]

N_MAX = seq.CARDS_PER_BATCH  # AB-3: 12 cards per batch, so n runs 1..12
NOTHING_SHOWN = "Switch on at least one sequence with the buttons above to see its numbers."
VALUES_HEIGHT = 420  # the values chart takes its column's width (fit_to_container)
DOTS_WIDTH = DOTS_HEIGHT = 300  # a square picture of dots, narrower than any column
_CURRENT_BACKGROUND = "#fff3b0"
TEXT_ON = {"words": ("#1a1a1a", "#ffffff")}  # static/sequence_explorer.css; checked 4.5:1


def style() -> str:
    """The explorer's ``<style>``: ``TEXT_ON`` as custom properties, then its CSS file."""
    properties = text_properties("se", TEXT_ON)
    return style_html("sequence_explorer.css", ".orchard-sequence-explorer", properties)


class SequenceExplorer(WidgetView):
    """Explore the triangular, pronic, square and odd-prime scores for n = 1..12 apples.

    ``n`` is the number of apples, ``shown`` the sequences switched on, ``dots`` the
    sequence whose n-th number is drawn as dots. Display it as the last line of a cell.

    >>> explorer = SequenceExplorer(n=3)
    >>> explorer.set_n(6); explorer.toggle("square", True); explorer.shown
    ('triangular', 'pronic', 'square')
    """

    def __init__(
        self,
        n: int = 6,
        shown: Iterable[str] = ("triangular", "pronic"),
        dots: str = "triangular",
    ) -> None:
        n = _check_n(n)
        shown = seq.as_names(shown, "shown")
        dots = _one_name(dots, "dots")
        labels = seq.SEQUENCE_LABELS
        self.slider = w.IntSlider(
            value=n, min=1, max=N_MAX, step=1, description="apples n", continuous_update=True
        )
        self.toggles = {
            name: w.ToggleButton(
                value=name in shown,
                description=labels[name],
                tooltip=f"show the {labels[name]} numbers ({seq.SEQUENCE_BATCH[name]} batch)",
            )
            for name in seq.NAMES
        }
        self.dots_choice = w.Dropdown(
            options=[(labels[name], name) for name in seq.NAMES], value=dots, description="dots of"
        )
        self.values_figure = SharedBundleFigure(
            sequence_values(seq.NAMES, N_MAX, highlight=n, height=VALUES_HEIGHT)
        )
        fit_to_container(self.values_figure)
        self.dots_figure = SharedBundleFigure(
            figurate_dots(dots, n, title="", width=DOTS_WIDTH, height=DOTS_HEIGHT)
        )
        self.dots_words = w.HTML()
        self.sentence = w.HTML()
        self.table = w.HTML()
        self.message = w.HTML()
        self._traces = {
            (trace.meta["sequence"], trace.meta["role"]): trace for trace in self.values_figure.data
        }
        self.widget = self._layout()
        self.slider.observe(self._on_n, names="value")
        for toggle in self.toggles.values():
            toggle.observe(self._on_toggle, names="value")
        self.dots_choice.observe(self._on_dots, names="value")
        self._show_visibility()
        self._show_dots()
        self._show_words()

    # ---- what a learner does -------------------------------------------------------
    def set_n(self, n: int) -> None:
        """Move the slider to n apples (1..12), as a learner's drag would."""
        self.slider.value = _check_n(n)

    def toggle(self, name: str, on: bool | None = None) -> None:
        """Switch a sequence on or off (``on=None`` flips it), as its button would."""
        name = _one_name(name, "name")
        if on is not None and not isinstance(on, bool):
            raise TypeError(f"on must be True, False or None, not {type(on).__name__}")
        button = self.toggles[name]
        button.value = (not button.value) if on is None else on

    def show_dots(self, name: str) -> None:
        """Draw the dots of the n-th number of this sequence, as the dropdown would."""
        self.dots_choice.value = _one_name(name, "name")

    # ---- what the explorer shows ---------------------------------------------------
    @property
    def n(self) -> int:
        n: int = self.slider.value
        return n

    @property
    def shown(self) -> tuple[str, ...]:
        """The sequences switched on, in the order of ``sequences.NAMES``."""
        return tuple(name for name in seq.NAMES if self.toggles[name].value)

    @property
    def dots(self) -> str:
        dots: str = self.dots_choice.value
        return dots

    # ---- callbacks -------------------------------------------------------------------
    @guarded
    def _on_n(self, _change: dict[str, Any]) -> None:
        with self.values_figure.batch_update():
            for name in seq.NAMES:
                self._traces[name, "highlight"].update(highlight_point(name, self.n))
            self.values_figure.layout.shapes[0].update(x0=self.n, x1=self.n)
        keep_state(self.values_figure)
        self._show_dots()
        self._show_words()

    @guarded
    def _on_toggle(self, _change: dict[str, Any]) -> None:
        self._show_visibility()
        self._show_words()

    @guarded
    def _on_dots(self, _change: dict[str, Any]) -> None:
        self._show_dots()
        self._show_words()  # clears a message left by an earlier failure

    # ---- drawing ---------------------------------------------------------------------
    def _show_visibility(self) -> None:
        shown = self.shown
        with self.values_figure.batch_update():
            for (name, _role), trace in self._traces.items():
                trace.visible = name in shown
        keep_state(self.values_figure)

    def _show_dots(self) -> None:
        fresh = figurate_dots(self.dots, self.n)
        dots, new = self.dots_figure.data[0], fresh.data[0]
        with self.dots_figure.batch_update():
            dots.update(x=new.x, y=new.y, marker=new.marker)
            layout = self.dots_figure.layout
            layout.xaxis.range = fresh.layout.xaxis.range
            layout.yaxis.range = fresh.layout.yaxis.range
        keep_state(self.dots_figure)
        self.dots_words.value = html.escape(fresh.layout.title.text)

    def _show_words(self) -> None:
        shown = self.shown
        if not shown:
            self.sentence.value = ""
            self.table.value = ""
            self.message.value = f"<i>{html.escape(NOTHING_SHOWN)}</i>"
            return
        self.sentence.value = html.escape(seq.batch_sentence(self.n, shown))
        self.table.value = _table(shown, self.n)
        self.message.value = ""

    def _layout(self) -> w.Box:
        swatches = [
            w.HBox(
                [
                    w.HTML(
                        '<span style="display:inline-block;width:22px;height:4px;'
                        f'background:{SEQUENCE_COLOURS[name]};vertical-align:middle"></span>'
                    ),
                    button.add_class("orchard-sequence-toggle").add_class(f"orchard-toggle-{name}"),
                ]
            )
            for name, button in self.toggles.items()
        ]
        self.slider.add_class("orchard-n-slider")
        self.dots_choice.add_class("orchard-dots-choice")
        self.values_figure.add_class("orchard-values-plot")
        self.dots_figure.add_class("orchard-dots-plot")
        self.sentence.add_class("orchard-sentence")
        self.table.add_class("orchard-values-table")
        self.message.add_class("orchard-message")
        self.dots_words.add_class("orchard-dots-words")
        dots_box = w.VBox([self.dots_choice, self.dots_words, self.dots_figure])
        pictures = w.HBox([self.values_figure, dots_box.add_class("orchard-dots-box")])
        root = w.VBox(
            [
                # the buttons' style marks the chosen sequence buttons (buttons.css)
                w.HTML(style() + buttons_style()),
                SliderNames("orchard-sequence-explorer"),
                self.slider,
                w.HBox(swatches).add_class("orchard-sequence-toggles"),
                pictures.add_class("orchard-pictures"),
                self.sentence,
                self.table,
                self.message,
                ViewLanguage("orchard-sequence-explorer"),
            ]
        )
        return root.add_class("orchard-sequence-explorer")


def _check_n(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"n must be a whole number from 1 to {N_MAX}, not {type(n).__name__}")
    if not 1 <= int(n) <= N_MAX:
        raise ValueError(f"n must be between 1 and {N_MAX} (apples in a batch), got {n}")
    return int(n)


def _one_name(value: Any, argument: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{argument} must be one sequence name from {seq.NAMES}")
    return seq.as_names(value, argument)[0]


def _table(shown: tuple[str, ...], n: int) -> str:
    """The values 1..12 of each shown sequence, the n-th column marked, plus its link."""
    current = f' class="orchard-current" style="background:{_CURRENT_BACKGROUND};font-weight:bold"'
    head = "".join(f"<th{current if k == n else ''}>{k}</th>" for k in range(1, N_MAX + 1))
    rows = []
    for name in shown:
        cells = "".join(
            f"<td{current if k == n else ''}>{v}</td>"
            for k, v in enumerate(seq.first(name, N_MAX), start=1)
        )
        label = html.escape(seq.SEQUENCE_LABELS[name])
        colour = readable(SEQUENCE_COLOURS[name])
        rows.append(
            f'<tr data-sequence="{name}"><th style="color:{colour};text-align:left">{label}</th>'
            f"{cells}<td>{seq.difference(name, n)}</td>"
            f'<td class="orchard-why">{html.escape(plain_symbols(seq.link(name, n)))}</td></tr>'
        )
    return (
        "<table>"
        f"<tr><th>n</th>{head}<th>the {seq.ordinal(n)} adds</th>"
        '<th class="orchard-why">why</th></tr>'
        f"{''.join(rows)}</table>"
    )
