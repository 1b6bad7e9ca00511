"""The Solara entry point: one fresh game page for each pupil's connection.

Solara runs ``Page`` once per virtual kernel (one per open browser tab), so no two
pupils share a board. The game is read from ``ORCHARD_LAB_GAME``, set by ``server``.
"""

from __future__ import annotations

import os

import solara

from orchard_lab.app.page import GAME_VARIABLE, game_page, page_title


@solara.component  # type: ignore[untyped-decorator]  # Solara is untyped
def Page() -> None:
    """The page of the game named in ``ORCHARD_LAB_GAME``, its tab titled after the game
    (not after this module, which Solara would call "Solara Page")."""
    slug = os.environ[GAME_VARIABLE]
    page = solara.use_memo(lambda: game_page(slug), [])
    solara.Title(page_title(slug))
    solara.display(page.widget)
