"""Seats in a class (issue 22): one browser cannot take the class's pages, a page beyond the
class's size gets a sentence, and Solara's report on the server is not served.

The first tests drive ``Seats`` with a stand-in app; the last starts ``orchard-lab app`` for
real (Solara, on 127.0.0.1, token in the environment) with three seats, two per browser, and
opens kernel websockets the way a page does.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from orchard_lab.app.seats import CLASS_FULL, NOT_SERVED, Seats, too_many_pages
from tests.servers import free_port, stop

TOKEN = "apple-pie-42"


# -- Seats with a stand-in app ----------------------------------------------------------------
class Class:
    """A ``Seats`` in front of an app whose websockets stay open until ``leave`` is called."""

    def __init__(self, max_pages: int, per_browser: int) -> None:
        self.left: dict[int, asyncio.Event] = {}
        self.seats = Seats(self._app, port=8866, max_pages=max_pages, per_browser=per_browser)

    async def _app(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.accept"})
            event = self.left[scope["number"]] = asyncio.Event()
            await event.wait()
        else:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"the page"})


async def request(seats: Seats, kind: str, cookie: str = "", path: str = "/", number: int = 0):
    """Send one request through ``seats``; its messages, once it answers (a websocket the app
    accepts answers at once and stays open in the background)."""
    sent: list[dict[str, Any]] = []
    answered = asyncio.Event()

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message["type"] in ("http.response.body", "websocket.accept", "websocket.close"):
            answered.set()

    headers = [(b"cookie", cookie.encode())] if cookie else []
    scope = {"type": kind, "path": path, "headers": headers, "number": number}
    task = asyncio.ensure_future(seats(scope, None, send))
    await answered.wait()
    return sent, task


def browser_cookie(sent: list[dict[str, Any]]) -> str:
    """The browser cookie a response sets, as the browser sends it back."""
    headers = dict(sent[0]["headers"])
    return headers[b"set-cookie"].decode().split(";")[0]


def body(sent: list[dict[str, Any]]) -> tuple[int, str]:
    return sent[0]["status"], sent[1]["body"].decode()


def in_a_thread(scenario: Any) -> None:
    """Run ``scenario()`` in an event loop of its own thread (the browser tests' playwright
    keeps one running in this thread)."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, scenario()).result()


def test_one_browser_gets_its_share_and_the_next_pupil_still_gets_a_page() -> None:
    async def scenario() -> None:
        room = Class(max_pages=3, per_browser=2)
        seats = room.seats
        first, _ = await request(seats, "http")
        ana = browser_cookie(first)
        assert ana.startswith("orchard_lab_browser_8866=")
        again, _ = await request(seats, "http", ana)
        assert b"set-cookie" not in dict(again[0]["headers"])  # known: no new cookie
        for number in (1, 2):
            sent, _ = await request(seats, "websocket", ana, number=number)
            assert sent == [{"type": "websocket.accept"}]
        sent, _ = await request(seats, "websocket", ana, number=3)  # a third page of Ana's
        assert sent == [{"type": "websocket.close", "code": 1013}]
        assert body((await request(seats, "http", ana))[0]) == (429, too_many_pages(2))
        assert (await request(seats, "http", ana, path="/static/x.js"))[0][0]["status"] == 200
        ben = browser_cookie((await request(seats, "http"))[0])  # the next pupil
        sent, _ = await request(seats, "websocket", ben, number=4)
        assert sent == [{"type": "websocket.accept"}] and seats.total == 3
        assert body((await request(seats, "http"))[0]) == (503, CLASS_FULL)
        assert body((await request(seats, "http", ben))[0]) == (503, CLASS_FULL)
        room.left[1].set()  # Ana closes a tab: her seat is free again
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert seats.total == 2 and sorted(seats.open.values()) == [1, 1]
        assert (await request(seats, "http", ben))[0][0]["status"] == 200

    in_a_thread(scenario)


def test_a_websocket_without_a_cookie_this_server_signed_is_closed() -> None:
    async def scenario() -> None:
        seats = Class(max_pages=3, per_browser=2).seats
        ana = browser_cookie((await request(seats, "http"))[0])
        name, value = ana.split("=")
        browser, signature = value.split(".")
        forged = [
            "",
            f"{name}={browser}",
            f"{name}={browser}.{'0' * len(signature)}",
            f"{name}=deadbeef.{signature}",
            f"orchard_lab_browser_8867={value}",
        ]
        for cookie in forged:
            sent, _ = await request(seats, "websocket", cookie)
            assert sent == [{"type": "websocket.close", "code": 1008}], cookie
        assert seats.total == 0

    in_a_thread(scenario)


def test_solaras_report_on_the_server_is_not_served() -> None:
    async def scenario() -> None:
        seats = Class(max_pages=3, per_browser=2).seats
        assert body((await request(seats, "http", path="/resourcez"))[0]) == (403, NOT_SERVED)

    in_a_thread(scenario)


def test_seats_name_a_bad_argument() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None: ...

    with pytest.raises(ValueError, match="per_browser must be at least 1, got 0"):
        Seats(app, port=8866, max_pages=3, per_browser=0)
    with pytest.raises(ValueError, match="max_pages must be at least 0, got -1"):
        Seats(app, port=8866, max_pages=-1, per_browser=1)
    with pytest.raises(TypeError, match="port must be an integer"):
        Seats(app, port="8866", max_pages=3, per_browser=1)  # type: ignore[arg-type]


# -- the real app ------------------------------------------------------------------------------
def get(url: str, cookie: str = "") -> tuple[int, str, list[str]]:
    """(status, text, the cookies set) of a GET of ``url``; status 0 while nothing listens."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode(), answer.headers.get_all("Set-Cookie") or []
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode(), []
    except OSError:
        return 0, "", []


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("seats") / "app.log"
    command = [sys.executable, "-m", "orchard_lab.app", "apple-batches", f"--port={port}",
               "--max-pages=3", "--pages-per-browser=2"]  # fmt: skip
    with log.open("w") as out:
        process = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=os.environ | {"ORCHARD_LAB_TOKEN": TOKEN, "NO_PROXY": "127.0.0.1"},
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while get(f"{url}/?token={TOKEN}")[0] != 200:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start:\n{log.read_text()}")
            time.sleep(0.3)
        yield url
    finally:
        stop(process)


def pupil(url: str) -> str:
    """A new browser loading the page with the token: the cookies it then sends."""
    status, _, cookies = get(f"{url}/?token={TOKEN}")
    assert status == 200
    return "; ".join(cookie.split(";")[0] for cookie in cookies)


def kernel(url: str, cookie: str) -> ClientConnection:
    """A page's websocket to a kernel of its own, as Solara's page opens it."""
    address = url.replace("http://", "ws://")
    path = f"/jupyter/api/kernels/{uuid.uuid4()}/channels?session_id={uuid.uuid4()}"
    return connect(address + path, additional_headers={"Cookie": cookie}, open_timeout=30)


def test_the_real_app_keeps_seats_for_the_class(app_url: str) -> None:
    with contextlib.ExitStack() as open_pages:
        ana = pupil(app_url)
        first = open_pages.enter_context(kernel(app_url, ana))
        open_pages.enter_context(kernel(app_url, ana))
        with pytest.raises(InvalidStatus, match="403"):  # Ana's third page: refused at once
            kernel(app_url, ana)
        assert get(f"{app_url}/", ana)[:2] == (429, too_many_pages(2))
        ben = pupil(app_url)  # the next pupil still gets the page, and a kernel
        open_pages.enter_context(kernel(app_url, ben))
        assert get(f"{app_url}/?token={TOKEN}")[:2] == (503, CLASS_FULL)
        assert get(f"{app_url}/resourcez", ben)[:2] == (403, NOT_SERVED)
        first.close()  # Ana closes a tab: the next page gets its seat
        deadline = time.monotonic() + 30
        while get(f"{app_url}/?token={TOKEN}")[0] != 200:
            assert time.monotonic() < deadline, "the closed page's seat was never freed"
            time.sleep(0.2)
