"""A board's keyboard and its voice: the keys a board answers, shown on it, and a polite
live region that tells a screen reader what each move did.

One ``BoardKeys`` sits in each game board. In the browser (``static/board_keys.js``) it
shows the key help, listens for keys anywhere on its board (the nearest element of CSS
class ``root``): ``r``, ``u`` and ``h`` go to Python (turn, undo, hint; the same on every
board), and the arrow keys step along a row of buttons (``rows``: the market, the batches).
The orchard's squares answer the arrows, Enter and Space themselves (``square_grid``).
Typing in a text box, a number box or a list never counts as a key for the board.

``say(text)`` reads ``text`` out through the live region (HTML tags dropped), and
``focus(selector)`` moves the keyboard focus to the first element of the board matching
``selector``, only while the focus is already on the board (a key pressed or a button
clicked there), so nobody's focus is taken from elsewhere on the page.

>>> pressed = []
>>> keys = BoardKeys("orchard-wd-board", "keys: r turn", pressed.append)
>>> keys.press("R"); keys.press("x"); pressed
['r']
>>> keys.say('<span class="orchard-refused">✗ Not here</span>'); keys.said
'✗ Not here'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from orchard_lab.widgets.styles import STATIC

__all__ = ["BOARD_KEYS", "BoardKeys", "plain_words"]

BOARD_KEYS = ("r", "u", "h")  # turn, undo, hint: the same keys on every board
_TAG = re.compile(r"<[^>]*>")


def plain_words(text: str) -> str:
    """``text`` with its HTML tags dropped and its entities read, spaces squeezed.

    >>> plain_words("<b>Hint:</b> the red h3 s2 &amp; more")
    'Hint: the red h3 s2 & more'
    """
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


class BoardKeys(anywidget.AnyWidget):
    """The keys of the board whose root element has CSS class ``root``: ``help`` shown on
    it, each of ``BOARD_KEYS`` pressed there handed to ``on_key``, the arrows stepping along
    each row of buttons matched by a selector in ``rows``."""

    _esm = STATIC / "board_keys.js"
    _css = STATIC / "board_keys.css"
    root = traitlets.Unicode("").tag(sync=True)
    help = traitlets.Unicode("").tag(sync=True)
    letters = traitlets.List(traitlets.Unicode(), list(BOARD_KEYS)).tag(sync=True)
    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)  # the last words for the live region
    said_count = traitlets.Int(0).tag(sync=True)  # the same words said twice are read twice
    focus_to = traitlets.Unicode("").tag(sync=True)  # a CSS selector within the board
    focus_count = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        root: str,
        help: str,
        on_key: Callable[[str], None],
        rows: Iterable[str] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(root=root, help=help, rows=list(rows), **kwargs)
        self._on_key = on_key
        self.add_class("orchard-board-keys")
        self.on_msg(self._message)

    def press(self, key: str) -> None:
        """What a key pressed on the board does: ``on_key(key)`` for a board key (any case),
        nothing for another."""
        key = key.lower() if isinstance(key, str) else ""
        if key in self.letters:
            self._on_key(key)

    def say(self, text: str) -> None:
        """Read ``text`` (HTML allowed: its tags are dropped) out through the live region."""
        words = plain_words(text)
        if not words:
            return
        with self.hold_sync():
            self.said = words
            self.said_count += 1

    def focus(self, selector: str) -> None:
        """Move the focus to the first element of the board matching ``selector`` (when the
        focus is on the board)."""
        with self.hold_sync():
            self.focus_to = selector
            self.focus_count += 1

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if isinstance(key, str):
            self.press(key)
