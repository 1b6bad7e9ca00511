"""The Solara entry point: one fresh game page for each pupil's connection.

Solara runs ``Page`` once per virtual kernel (one per open browser tab), so no two
pupils share a board. The game is read from ``ORCHARD_LAB_GAME``, set by ``server``.
"""

from __future__ import annotations

import os

import solara

from orchard_lab.app.page import GAME_VARIABLE, game_page


@solara.component
def Page() -> None:
    """The page of the game named in ``ORCHARD_LAB_GAME``."""
    page = solara.use_memo(lambda: game_page(os.environ[GAME_VARIABLE]), [])
    solara.display(page.widget)
