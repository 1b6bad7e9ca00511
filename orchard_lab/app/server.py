"""Start the Solara server for one game: local, offline, token-gated, idle kernels culled.

Solara reads its settings from the environment when it is first imported, so ``serve``
sets them (``solara_environment``) before importing it. Offline: the browser assets come
from the ``solara-assets`` package through Solara's local asset cache, and telemetry is
off. A page's virtual kernel is closed ``cull_minutes`` after its tab disconnects. Every
page starts in the language ``serve`` is given (else the system's) and keeps its own from
then on (``language.keep_language_in``), so one pupil's choice is not another's.

>>> env = solara_environment("water-drops", cull_minutes=10)
>>> env["SOLARA_KERNEL_CULL_TIMEOUT"], env["ORCHARD_LAB_GAME"]
('10m', 'water-drops')
>>> solara_environment("water-drops", lang="ko")["SOLARA_THEME_TITLE"]
'물방울 · orchard_lab'
>>> lan_address()  # doctest: +SKIP
'192.168.1.20'
"""

from __future__ import annotations

import os
import secrets
import socket

from orchard_lab.app.gate import ASGIApp, TokenGate, check_token
from orchard_lab.app.page import GAME_VARIABLE, page_template, page_title
from orchard_lab.app.seats import PAGES_PER_BROWSER, Seats
from orchard_lab.app.teacher import TeacherDesk, open_class
from orchard_lab.class_inbox import ClassInbox
from orchard_lab.core import check_int, check_type
from orchard_lab.language import ENVIRONMENT, keep_language_in, language, set_language, speaking
from orchard_lab.plotly_bundle import BundleRoute

__all__ = ["MAX_PAGES", "lan_address", "new_token", "serve", "solara_environment"]

CULL_MINUTES = 10  # a pupil's tab may lose the network this long and come back to its game
MAX_PAGES = 120  # pages open at once at most (Solara's kernels); the seats refuse one more


def new_token() -> str:
    """A fresh token, short enough to type from the board (40 random bits)."""
    return secrets.token_hex(5)


def solara_environment(
    slug: str,
    *,
    cull_minutes: int = CULL_MINUTES,
    max_pages: int = MAX_PAGES,
    lang: str | None = None,
) -> dict[str, str]:
    """The environment variables that set Solara up for the game ``slug``, its pages in the
    language ``lang`` (None: the session's)."""
    with speaking(language() if lang is None else lang):  # checks lang
        title = page_title(slug)  # checks slug
        code = language()
    check_int(cull_minutes, "cull_minutes", 1, 24 * 60)
    check_int(max_pages, "max_pages", 1, MAX_PAGES)
    return {
        GAME_VARIABLE: slug,
        "SOLARA_APP": "orchard_lab.app.solara_page:Page",
        "SOLARA_MODE": "production",
        "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "False",
        "SOLARA_ASSETS_PROXY": "True",  # served from solara-assets' local copy
        "SOLARA_THEME_SHOW_BANNER": "False",
        "SOLARA_THEME_TITLE": title,  # the tab's title until the page sets its own
        "SOLARA_KERNEL_CULL_TIMEOUT": f"{cull_minutes}m",
        "SOLARA_KERNEL_MAX_COUNT": str(max_pages),
        ENVIRONMENT: code,  # the pages' first language, and the language of what they start
    }


def lan_address() -> str:
    """This machine's address on the classroom network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # UDP connect only picks a route
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def serve(
    slug: str,
    *,
    port: int,
    token: str,
    lan: bool = False,
    cull_minutes: int = CULL_MINUTES,
    max_pages: int = MAX_PAGES,
    pages_per_browser: int = PAGES_PER_BROWSER,
    inbox: ClassInbox | None = None,
    teacher_token: str | None = None,
    lang: str | None = None,
) -> None:
    """Serve the page of ``slug`` on ``port`` until interrupted (127.0.0.1 unless ``lan``):
    at most ``max_pages`` pages open at once, ``pages_per_browser`` of them in one browser;
    each page opens in the language ``lang`` (None: the session's), and its menu changes it.
    With ``inbox``, pupils send finished games to it and the holder of ``teacher_token``
    (which must differ from ``token``) reads them ranked at ``/teacher``."""
    check_token(token)  # before anything is printed or served
    environment = solara_environment(
        slug, cull_minutes=cull_minutes, max_pages=max_pages, lang=lang
    )
    check_int(port, "port", 1, 65535)
    check_int(pages_per_browser, "pages_per_browser", 1, max_pages)
    if inbox is not None:
        check_type(inbox, ClassInbox, "inbox")
        check_token(check_type(teacher_token, str, "teacher_token"))
        if teacher_token == token:
            raise ValueError("teacher_token must differ from the pupils' token")
    os.environ.update(environment)
    set_language(environment[ENVIRONMENT])
    import solara.server.server
    import uvicorn
    from solara.server.starlette import app

    solara.server.server.template_name = page_template(slug)  # Solara reads it per request

    from orchard_lab.app.solara_page import page_language

    keep_language_in(page_language)  # each page its own language from now on

    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    seats = Seats(app, port=port, max_pages=max_pages, per_browser=pages_per_browser)
    served: ASGIApp = TokenGate(BundleRoute(seats), token, port=port)
    print(f"Pupils open:  http://{shown}:{port}/?token={token}", flush=True)
    if inbox is not None and teacher_token is not None:
        open_class(inbox)
        served = TeacherDesk(served, inbox, teacher_token, port=port)
        kept = f", kept in {inbox.path}" if inbox.path is not None else ""
        print(
            f"Your results page (for you only): http://{shown}:{port}/teacher?token="
            f"{teacher_token}\nPupils' results arrive there as they finish{kept}.",
            flush=True,
        )
    print(
        f"At most {max_pages} pages open at once, {pages_per_browser} in one browser; idle "
        f"pages close {cull_minutes} minutes after their tab goes away.",
        flush=True,
    )
    uvicorn.run(served, host=host, port=port, log_level="warning")
