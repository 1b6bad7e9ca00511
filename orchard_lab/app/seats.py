"""Seats in a class: no browser takes more than its share of pages, and a page beyond the
class's size gets a sentence instead of hanging.

Every open page keeps one websocket to its kernel, and Solara runs at most ``max_pages`` of
them at once; one more waits without a word. ``Seats`` counts the open websockets of each
browser (a cookie it signs and sets on the first response, named after the port) and of the
whole class. A browser loading the page with ``per_browser`` pages already open, or anyone
once ``max_pages`` are open, gets a plain sentence (in the server's language); a websocket
beyond either count, or without a signed browser cookie, is closed before it reaches Solara.
``/resourcez`` (Solara's report on the server's memory and threads) is not served.

>>> import asyncio
>>> async def app(scope, receive, send): await send({"type": "app", "status": 200})
>>> async def send(message): sent.append(message.get("status"))
>>> sent = []; seats = Seats(app, port=8866, max_pages=0, per_browser=1)
>>> asyncio.run(seats({"type": "http", "path": "/", "headers": []}, None, send)); sent
[503, None]
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from orchard_lab.app.gate import ASGIApp, Receive, Scope, Send, cookie_value, say, setting_cookie
from orchard_lab.core import check_int
from orchard_lab.language import N_, _, _n

__all__ = ["CLASS_FULL", "NOT_SERVED", "PAGES_PER_BROWSER", "Seats", "too_many_pages"]

PAGES_PER_BROWSER = 6  # pages one browser may keep open: a few tabs, never the whole class
CLASS_FULL = N_("The class is full: ask your teacher.")  # marked: said with _
NOT_SERVED = N_("This page is not served.")
HIDDEN = {"/resourcez"}  # Solara's report on the server's memory and threads
TRY_LATER = 1013  # the websocket close code for "try again later"
POLICY = 1008  # the websocket close code for a request the server's rules refuse


def too_many_pages(per_browser: int) -> str:
    """What a browser with ``per_browser`` pages open reads when it loads one more, in the
    language of the moment."""
    said = _n(
        "This browser already has {count} page of the game open: close it, then reload this page.",
        "This browser already has {count} pages of the game open: close one of them, then "
        "reload this page.",
        per_browser,
    )
    return said.format(count=per_browser)


class Seats:
    """Pass pages and websockets to ``app`` while the browser and the class have seats left."""

    def __init__(self, app: ASGIApp, *, port: int, max_pages: int, per_browser: int) -> None:
        self.app = app
        self.cookie = f"orchard_lab_browser_{check_int(port, 'port', 1, 65535)}"
        self.max_pages = check_int(max_pages, "max_pages", 0)
        self.per_browser = check_int(per_browser, "per_browser", 1)
        self.open: dict[str, int] = {}  # browser -> its open websockets
        self.total = 0
        self._secret = secrets.token_bytes(16)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._page(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _page(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "/")
        browser = self._browser(scope)
        if path in HIDDEN:
            await say(send, 403, _(NOT_SERVED))
        elif path == "/" and browser and self.open.get(browser, 0) >= self.per_browser:
            await say(send, 429, too_many_pages(self.per_browser))
        elif path == "/" and self.total >= self.max_pages:
            await say(send, 503, _(CLASS_FULL))
        else:
            await self.app(scope, receive, send if browser else self._setting_cookie(send))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        browser = self._browser(scope)
        if not browser:
            await send({"type": "websocket.close", "code": POLICY})
            return
        if self.open.get(browser, 0) >= self.per_browser or self.total >= self.max_pages:
            await send({"type": "websocket.close", "code": TRY_LATER})
            return
        self.open[browser] = self.open.get(browser, 0) + 1
        self.total += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.total -= 1
            self.open[browser] -= 1
            if not self.open[browser]:
                del self.open[browser]

    def _signature(self, browser: str) -> str:
        return hmac.new(self._secret, browser.encode(), hashlib.sha256).hexdigest()[:20]

    def _browser(self, scope: Scope) -> str:
        """The browser's id from its cookie, if this server signed it; else ""."""
        browser, _dot, signature = cookie_value(scope, self.cookie).partition(".")
        if browser and hmac.compare_digest(signature, self._signature(browser)):
            return browser
        return ""

    def _setting_cookie(self, send: Send) -> Send:
        """``send`` that gives the browser a new id, signed."""
        browser = secrets.token_hex(8)
        return setting_cookie(send, self.cookie, f"{browser}.{self._signature(browser)}")
