"""Send a finished game to the teacher: your name, the result code, Send.

When the board's game ends, its result code fills the code box; a code shown by a lesson's
board can be pasted there instead. Send hands (name, code) to ``send`` (the class's
``ClassInbox.send`` on the app's page, or on a class hub under a lesson's board) and shows its
sentence: counted, or why not. On a hub the pupil's name is the one they logged in with, shown
and not typed. Once a code counts, Send waits for another code (the same game again would be
refused). Nothing here checks a code; no traceback reaches the pupil.

>>> from orchard_lab.class_inbox import ClassInbox
>>> from orchard_lab.widgets import StackedTreesBoard
>>> board = StackedTreesBoard(seed=4)
>>> sender = ResultSender(board, ClassInbox().send)
>>> sender.code.value, sender.send_button.disabled
('', False)
>>> sender.send_button.click(); sender.message.value
'<b>Type your name first, then press Send.</b>'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from orchard_lab.class_inbox import Sent
from orchard_lab.core import check_type
from orchard_lab.language import _
from orchard_lab.widgets.guard import guarded
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = ["ResultSender"]

_INITIAL = {"description_width": "initial"}


class ResultSender:
    """The name and code boxes, the Send button and the answer, under ``board`` (a
    ``GameBoard``); with ``name``, the name is fixed (a class hub's login)."""

    def __init__(self, board: Any, send: Callable[[str, str], Sent], name: str = "") -> None:
        self.board = board
        self._send = send
        self.name = w.Text(
            value=check_type(name, str, "name"),
            description=_("Your name"),
            style=_INITIAL,
            layout={"width": "260px", "display": "none" if name else None},
        )
        self.name.add_class("orchard-send-name")
        # a hub's login is shown as text, not in a box: it is not the pupil's to change
        said = html.escape(_("Your name: {name}")).format(name=f"<b>{html.escape(name)}</b>")
        login = w.HTML(said if name else "")
        login.layout.display = None if name else "none"
        login.layout.margin = "0 16px 0 0"
        login.add_class("orchard-send-login")
        self.code = w.Text(
            description=_("Result code"),
            placeholder=_("filled in when your game ends"),
            style=_INITIAL,
            layout={"flex": "1 1 360px", "min_width": "0"},  # a whole code shows at 1024 px
        ).add_class("orchard-send-code")
        self.send_button = w.Button(description=_("Send"), button_style="success")
        self.send_button.add_class("orchard-send-button")
        self.message = w.HTML().add_class("orchard-send-message")
        self.send_button.on_click(lambda _: self._clicked())
        # a new code (typed, pasted or the next game's) may be sent; one sent already may not
        self.code.observe(lambda _: setattr(self.send_button, "disabled", False), names="value")
        board.summary.observe(lambda _: self._game_changed(), names="value")
        self._game_changed()  # a board shown again after its game ended has its code at once
        row = w.HBox([login, self.name, self.code, self.send_button])
        row.layout.flex_flow = "row wrap"
        language = ViewLanguage("orchard-send")  # under a lesson's board, outside the board
        self.widget = w.VBox([row, self.message, language]).add_class("orchard-send")

    def _game_changed(self) -> None:
        """A game ended (its code fills the box) or a new one began (the box empties)."""
        self.code.value = self.board.finished_code()
        self.message.value = ""
        self.send_button.disabled = False

    @guarded
    def _clicked(self) -> None:
        self.send()

    def send(self) -> None:
        """What Send does: hand the name and code over and show the answer."""
        sent = self._send(self.name.value, self.code.value)
        sentence = html.escape(sent.sentence)
        self.message.value = sentence if sent.counted else f"<b>{sentence}</b>"
        # sent once: the code stays on show, but a second press would be the same game again
        self.send_button.disabled = sent.counted
