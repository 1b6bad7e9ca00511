"""The Solara entry point: one fresh game page for each pupil's connection.

Solara runs ``Page`` once per virtual kernel (one per open browser tab), so no two
pupils share a board. The game is read from ``ORCHARD_LAB_GAME``, set by ``server``; when
the server keeps a class's results (``teacher.open_class``), the page can send to them.
"""

from __future__ import annotations

import os

import solara

from orchard_lab.app.page import GAME_VARIABLE, game_page, page_title
from orchard_lab.app.teacher import class_inbox


@solara.component  # type: ignore[untyped-decorator]  # Solara is untyped
def Page() -> None:
    """The page of the game named in ``ORCHARD_LAB_GAME``, its tab titled after the game
    (not after this module, which Solara would call "Solara Page")."""
    slug = os.environ[GAME_VARIABLE]
    inbox = class_inbox()
    send = None if inbox is None else inbox.send
    page = solara.use_memo(lambda: game_page(slug, send), [])
    solara.Title(page_title(slug))
    solara.display(page.widget)
