"""What a tree of widgets shows or says, read in Python: for the tests that look for the
catalogue's English on a board, a page or an explorer built in French or Korean (issue 25).

>>> import ipywidgets as w
>>> box = w.VBox([w.Button(description="Lancer", tooltip="<b>jouer</b> les parties")])
>>> plain_words(part for widget in widgets_in(box) for part in texts_of(widget))
'Lancer jouer les parties'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as w

# the traits a widget shows its words in, or gives to a screen reader (said: a live region)
TEXT_TRAITS = ("value", "description", "tooltip", "placeholder", "help", "said", "label")
STYLE = re.compile(r"<style>.*?</style>", re.S)


def widgets_in(root: Any, leave_out: tuple[Any, ...] = ()) -> Iterator[Any]:
    """``root`` and every widget inside it, but for those in ``leave_out`` and theirs."""
    if any(root is left for left in leave_out):
        return
    yield root
    for child in getattr(root, "children", ()):
        yield from widgets_in(child, leave_out)


def texts_of(widget: Any) -> list[str]:
    """One widget's own texts, as HTML: its text traits, its choices' labels and, for a grid
    of squares, each square's picture and what a screen reader says of it."""
    parts = []
    for name in TEXT_TRAITS:
        value = getattr(widget, name, None)
        if isinstance(widget, w.Widget) and isinstance(value, str):
            parts.append(value)
    parts += [str(label) for label in getattr(widget, "_options_labels", ())]
    for square in getattr(widget, "squares", ()):
        if isinstance(square, dict):
            parts += [square["html"], square["label"]]
    return parts


def plain_words(parts: Iterable[str]) -> str:
    """The words of ``parts`` (HTML): style sheets and markup taken out, entities read, one
    space between words."""
    words = re.sub(r"<[^>]+>", " ", STYLE.sub(" ", " ".join(parts)))
    return " ".join(html.unescape(words).split())
