"""The teacher's page of a class: the results pupils send, verified, ranked, updated live.

``TeacherDesk`` sits in front of the pupils' app. ``/teacher?token=...`` with the teacher's
token (never the pupils') answers the page and sets a cookie; the page's script asks
``/teacher/results`` every two seconds and redraws the ranked table when a result has come
in or a send was refused. ``/teacher/results.txt`` is the class's lines, for ``orchard-lab
results`` or a spreadsheet. Anything under ``/teacher`` without the teacher's token gets 403;
every other path goes on to the pupils' app. The pupils' page finds the class's inbox with
``class_inbox()``, set by ``open_class``. The page's own words are in the server's language
(``orchard-lab app --lang``), and ``<html lang>`` says which, as are the ranked table, the
status sentence and the reasons (``classroom``, ``widgets.class_results``).

>>> import asyncio, json
>>> async def pupils(scope, receive, send): sent.append("pupils")
>>> async def send(message): sent.append(message.get("status"))
>>> desk = TeacherDesk(pupils, ClassInbox(), "teacher-token", port=8866)
>>> sent = []; asyncio.run(desk({"type": "http", "path": "/", "headers": []}, None, send))
>>> sent
['pupils']
>>> scope = {"type": "http", "path": "/teacher", "query_string": b"", "headers": []}
>>> sent = []; asyncio.run(desk(scope, None, send)); sent
[403, None]
"""

from __future__ import annotations

import asyncio
import html
import json

from orchard_lab.app.gate import ASGIApp, Receive, Scope, Send, TokenGate, say
from orchard_lab.class_inbox import ClassInbox, Sent
from orchard_lab.classroom import summary
from orchard_lab.language import N_, _, language
from orchard_lab.widgets.class_results import bold_name, not_counted_html, refused_html, table_html
from orchard_lab.widgets.class_results import style as results_style
from orchard_lab.widgets.styles import static_text, style_html, text_properties

__all__ = [
    "NO_RESULTS",
    "TEXT_ON",
    "TeacherDesk",
    "class_inbox",
    "open_class",
    "sends_html",
    "style",
]

PREFIX = "/teacher"
# marked for the catalogues, said with _
NO_RESULTS = N_("No results yet: they appear here as pupils press Send at the end of a game.")
_REFUSED = N_("This page is for the teacher: it needs the teacher's address with its token.")
TEXT_ON = {"text": ("#222222", "#ffffff"), "link": ("#0b57a4", "#ffffff")}  # checked 4.5:1
_CLASS: list[ClassInbox] = []  # the inbox of the class this process serves (open_class)


def open_class(inbox: ClassInbox) -> None:
    """Make ``inbox`` the class's: every pupil's page sends its results there."""
    _CLASS[:] = [inbox]


def class_inbox() -> ClassInbox | None:
    """The class's inbox, if this process serves a class (``open_class``); else None."""
    return _CLASS[0] if _CLASS else None


def style() -> str:
    """The page's own ``<style>``: ``TEXT_ON`` as custom properties, then
    ``widgets/static/teacher_page.css``."""
    return style_html("teacher_page.css", ".orchard-teacher", text_properties("tp", TEXT_ON))


def sends_html(refused: tuple[Sent, ...]) -> str:
    """The sends not counted, newest first, each with the pupil's name and the reason."""
    # Translators: a send not counted, on the teacher's page: the pupil's name, the reason
    said = html.escape(_("{name}: {reason}"))
    lines = [
        said.format(name=bold_name(each.name), reason=html.escape(each.reason))
        for each in reversed(refused)
    ]
    return not_counted_html(_("Sends not counted"), lines)


class TeacherDesk:
    """Answer ``/teacher`` and below for the holder of ``token``; pass the rest to ``app``.
    The page's title names no game: a class may send the codes of any game (each group of
    the table names its own)."""

    def __init__(self, app: ASGIApp, inbox: ClassInbox, token: str, *, port: int) -> None:
        self.app = app
        self.inbox = inbox
        self.gate = TokenGate(
            self._answer, token, port=port, cookie="orchard_lab_teacher", refusal=_REFUSED
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "/")
        if scope["type"] == "http" and (path == PREFIX or path.startswith(PREFIX + "/")):
            await self.gate(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A request under ``/teacher`` that carries the teacher's token."""
        path = scope["path"]
        if path == PREFIX:
            await _answer(send, "text/html", self._page())
        elif path == f"{PREFIX}/results":
            await _answer(send, "application/json", await asyncio.to_thread(self._news))
        elif path == f"{PREFIX}/results.txt":
            await _answer(send, "text/plain", self.inbox.text() + "\n")
        elif path == f"{PREFIX}/page.js":
            await _answer(send, "text/javascript", static_text("teacher_page.js"))
        else:
            await say(send, 404, _("There is no such page."))

    def _news(self) -> str:
        """The state of the class as JSON: a version that changes with every send, the
        status sentence, the ranked table and the lines and sends not counted."""
        version, results = self.inbox.versioned_results()  # the table of that version
        refused = self.inbox.refused
        return json.dumps(
            {
                "version": f"{version}.{len(refused)}",
                "status": html.escape(summary(results) if results.rows else _(NO_RESULTS)),
                "table": table_html(results.groups, results.shared_names),
                "refused": refused_html(results.refused),
                "sends": sends_html(refused),
            }
        )

    def _page(self) -> str:
        title = html.escape(_("Class results"))
        loading = html.escape(_("Loading the results..."))
        link = f'<a href="{PREFIX}/results.txt">results.txt</a>'
        kept = html.escape(_("Every result counted, as a text file to keep: {file}."))
        return (
            f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title} · orchard_lab</title>{results_style()}{style()}</head>"
            f'<body><main class="orchard-class orchard-teacher"><h1>{title}</h1>'
            f'<p id="orchard-teacher-status" role="status">{loading}</p>'
            '<div id="orchard-teacher-table"></div><div id="orchard-teacher-refused"></div>'
            '<div id="orchard-teacher-sends"></div>'
            f'<p class="orchard-teacher-file">{kept.format(file=link)}</p>'
            f'</main><script src="{PREFIX}/page.js"></script></body></html>'
        )


async def _answer(send: Send, kind: str, text: str) -> None:
    headers = [
        (b"content-type", f"{kind}; charset=utf-8".encode()),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": text.encode()})
