"""The language a view speaks, told to the browser (WCAG 2.1 "Language of Parts", issue 25).

A notebook's page keeps JupyterLab's ``<html lang="en">``, so a board built in French or
Korean would be read out with English pronunciation. The orchard views (the boards, the
walkthroughs, the what-if, the sequence explorer, the rule switches, the result sender, the
class results) each put a ``ViewLanguage`` among their children: in the browser
(``static/view_language.js``) it sets the ``lang`` attribute of the view's root, the
nearest element of CSS class ``root``, to the language the view was built in (the
session's when it was made). Every text of the view is inside that element: the HTML the
view writes, the buttons' and controls' labels, the tooltips, the charts. It shows nothing
(``display: none``). ipywidgets gives Python no way to set an element's attribute, hence
the few lines of JavaScript; the app's page uses the same file (``app.page.PageLanguage``),
and so does ``SliderNames``, which finds its view's root the same way.

>>> from orchard_lab.language import speaking
>>> with speaking("ko"): said = ViewLanguage("orchard-wd-board")
>>> said.lang, said.root, said.layout.display
('ko', 'orchard-wd-board', 'none')
>>> ViewLanguage("orchard-whatif", lang="fr").lang
'fr'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from orchard_lab.language import language
from orchard_lab.widgets.styles import STATIC

__all__ = ["ViewLanguage"]


class ViewLanguage(anywidget.AnyWidget):
    """Shows nothing; makes ``lang`` (the session's language when made, unless given) the
    language of the nearest element of CSS class ``root`` around it."""

    _esm = STATIC / "view_language.js"
    lang = traitlets.Unicode("en").tag(sync=True)
    root = traitlets.Unicode("orchard-app").tag(sync=True)

    def __init__(self, root: str, lang: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("layout", {"display": "none"})
        super().__init__(root=root, lang=language() if lang is None else lang, **kwargs)
