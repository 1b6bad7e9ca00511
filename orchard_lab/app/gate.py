"""A token gate in front of the app: no token, no page, no kernel.

The first visit carries ``?token=...``; the gate then sets a cookie (HttpOnly, SameSite
strict, named after the port so two games on one machine keep apart), which the page's
own requests and its websocket send back. Anything else gets 403 and a plain sentence, in
the server's language (``orchard-lab app --lang``).

>>> import asyncio
>>> async def app(scope, receive, send): sent.append("app")
>>> async def send(message): sent.append(message.get("status"))
>>> sent = []; gate = TokenGate(app, "apple-pie-42", port=8866)
>>> asyncio.run(gate({"type": "http", "query_string": b"", "headers": []}, None, send))
>>> sent
[403, None]
>>> sent = []; scope = {"type": "http", "query_string": b"token=apple-pie-42", "headers": []}
>>> asyncio.run(gate(scope, None, send)); sent
['app']
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from orchard_lab.language import N_, _

__all__ = ["MIN_TOKEN", "TokenGate", "check_token", "cookie_value", "say", "setting_cookie"]

MIN_TOKEN = 8  # characters: a shorter token is too easy to guess

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_REFUSED = N_("This page needs the address with its token: ask your teacher for it.")


def check_token(token: str) -> str:
    """``token`` if it is text of at least ``MIN_TOKEN`` characters; else TypeError or
    ValueError naming it."""
    if not isinstance(token, str):
        raise TypeError(f"token must be a str, not {type(token).__name__}")
    if len(token) < MIN_TOKEN:
        raise ValueError(f"token must have at least {MIN_TOKEN} characters, got {len(token)}")
    return token


def cookie_value(scope: Scope, name: str) -> str:
    """The value of the cookie ``name`` in the request ``scope`` ("" if it has none)."""
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            morsel = SimpleCookie(value.decode("latin-1")).get(name)
            if morsel is not None:
                return morsel.value
    return ""


async def say(send: Send, status: int, text: str) -> None:
    """Answer an HTTP request with ``status`` and one plain sentence."""
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text.encode()})


def setting_cookie(send: Send, name: str, value: str) -> Send:
    """``send`` that also sets the cookie ``name`` (HttpOnly, SameSite strict) on the answer."""
    header = f"{name}={value}; Path=/; HttpOnly; SameSite=Strict".encode()

    async def send_with_cookie(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), (b"set-cookie", header)]
        await send(message)

    return send_with_cookie


class TokenGate:
    """Pass a request to ``app`` only when it carries ``token`` (query or cookie, the cookie
    named ``cookie`` and the port); else ``refusal`` (a sentence marked ``N_``, said in the
    language of the moment) with 403."""

    def __init__(
        self,
        app: ASGIApp,
        token: str,
        *,
        port: int,
        cookie: str = "orchard_lab_token",
        refusal: str = _REFUSED,
    ) -> None:
        self.app = app
        self.token = check_token(token)
        self.cookie = f"{cookie}_{port}"
        self.refusal = refusal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        from_query = self._matches(parse_qs(scope["query_string"].decode()).get("token", [""])[0])
        if from_query or self._matches(cookie_value(scope, self.cookie)):
            await self.app(scope, receive, self._setting_cookie(send) if from_query else send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            await say(send, 403, _(self.refusal))

    def _matches(self, given: str) -> bool:
        return hmac.compare_digest(given.encode(), self.token.encode())

    def _setting_cookie(self, send: Send) -> Send:
        return setting_cookie(send, self.cookie, self.token)
