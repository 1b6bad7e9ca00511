"""The Solara entry point: one fresh game page for each pupil's connection.

Solara runs ``Page`` once per virtual kernel (one per open browser tab), so no two
pupils share a board. The game is read from ``ORCHARD_LAB_GAME``, set by ``server``; when
the server keeps a class's results (``teacher.open_class``), the page can send to them. Each
page speaks its own language (``page_language``): it starts in the server's and follows the
page's language menu, its tab's title too.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, MutableMapping
from typing import Any

import solara
from solara.server import kernel_context

from orchard_lab.app.page import GAME_VARIABLE, game_page, page_title
from orchard_lab.app.teacher import class_inbox

__all__ = ["Page", "page_language"]

_KEPT = "orchard_lab.language"  # the page's entry among its virtual kernel's own dicts
DRAWN_WAIT = 10.0  # seconds: the walkthrough and the what-if come then, drawn board or not


def page_language() -> MutableMapping[str, str] | None:
    """Where the page whose virtual kernel runs this call keeps its language (for
    ``language.keep_language_in``); None outside a page (the server's own work)."""
    if not kernel_context.has_current_context():
        return None
    kept: MutableMapping[str, str] = kernel_context.get_current_context().user_dicts.setdefault(
        _KEPT, {}
    )
    return kept


@solara.component  # type: ignore[untyped-decorator]  # Solara is untyped
def Page() -> None:
    """The page of the game named in ``ORCHARD_LAB_GAME``, its tab titled after the game
    (not after this module, which Solara would call "Solara Page") in the page's language."""
    slug = os.environ[GAME_VARIABLE]
    inbox = class_inbox()
    send = None if inbox is None else inbox.send
    # the board first; the walkthrough and the what-if once the browser has drawn it
    page = solara.use_memo(lambda: game_page(slug, send, whole_page=True, later=True), [])

    def complete_anyway() -> Callable[[], None]:
        """The rest of the page after ``DRAWN_WAIT``, even if the browser never says the board
        is drawn (a widget that failed to load in a slow browser must not leave the page half
        built). A timer, not a state: the page is not drawn again for it. Solara runs threads
        started in a page in that page's kernel context."""
        timer = threading.Timer(DRAWN_WAIT, page.complete)
        timer.daemon = True
        timer.start()
        return timer.cancel

    solara.use_effect(complete_anyway, [])
    _code, set_code = solara.use_state(page.language)

    def follow() -> Callable[[], None]:
        def changed(change: dict[str, Any]) -> None:
            set_code(change["new"])

        page.page_language.observe(changed, names="lang")
        return lambda: page.page_language.unobserve(changed, names="lang")

    solara.use_effect(follow, [])
    solara.Title(page_title(slug))
    solara.display(page.widget)
