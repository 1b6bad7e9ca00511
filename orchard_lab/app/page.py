"""The pupils' page of one game: the board, the rule walkthrough and the what-if, no code.

``game_page(slug)`` composes the existing widgets under plain headings; it holds no rule.
Any registered game (``games``) has a page, named by the slug a teacher types
(``apple-batches``). Every word on it is the catalogue's, in the page's language; the
language menu at its top (``GamePage.language_choice``) draws the page again in another
language, the game on the board, the walkthrough's step and the what-if's settings kept, and
``PageLanguage`` tells the browser (and so a screen reader) which language the page speaks.

The app's page comes in two parts (``later=True``): the board first, then, once the browser
has drawn it (``Drawn``), the walkthrough and the what-if, so a pupil can play while the rest
of the page (two thirds of its widgets) arrives.

>>> game_page("water-drops").widget.children[0].value.startswith("<style>")
True
>>> page_title("water-drops")
'Water drops · orchard_lab'
>>> from orchard_lab.language import speaking
>>> with speaking("fr"): page_title("water-drops")
"Gouttes d'eau · orchard_lab"
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Iterator
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from orchard_lab import games
from orchard_lab.class_inbox import Sent
from orchard_lab.core import check_type
from orchard_lab.language import LANGUAGES, _, language, set_language
from orchard_lab.widgets import WhatIfExplorer
from orchard_lab.widgets.result_sender import ResultSender
from orchard_lab.widgets.styles import STATIC, style_html, text_properties

__all__ = [
    "GAME_VARIABLE",
    "TEXT_ON",
    "Drawn",
    "GamePage",
    "PageLanguage",
    "game_page",
    "page_template",
    "page_title",
    "style",
]

GAME_VARIABLE = "ORCHARD_LAB_GAME"  # the environment variable naming the game served

TEXT_ON = {"text": ("#1a1a1a", "#ffffff")}  # widgets/static/app_page.css; checked 4.5:1


class PageLanguage(anywidget.AnyWidget):
    """Shows nothing; makes ``lang`` the language of the page it is in (the nearest element
    of class ``orchard-app``), and with ``whole_page`` of the browser's whole document (the
    app's page, not a notebook's); names each option of the language menu in its own
    language, so a screen reader reads "Français" in French (``static/view_language.js``,
    which also tells each view its language: ``widgets.view_language``)."""

    _esm = STATIC / "view_language.js"
    lang = traitlets.Unicode("en").tag(sync=True)
    root = traitlets.Unicode("orchard-app").tag(sync=True)
    whole_page = traitlets.Bool(False).tag(sync=True)
    names = traitlets.Dict({name: code for code, name in LANGUAGES.items()}).tag(sync=True)


class Drawn(anywidget.AnyWidget):
    """Shows nothing; says so to the kernel (a message) when the browser has drawn it, once
    per view: the page it ends is on the screen. Then, while the kernel builds the rest, the
    browser runs plotly's bundle (``plotly_bundle.BUNDLE_PATH``), which the app's page
    template has fetched already, for the what-if's charts (``static/page_drawn.js``)."""

    _esm = STATIC / "page_drawn.js"


def _section(title: str, lead: str) -> w.HTML:
    """A heading and one line saying what to do there."""
    return w.HTML(
        f"<h2>{html.escape(title)}</h2><p class='orchard-app-lead'>{html.escape(lead)}</p>"
    )


def _game(slug: str) -> games.GameEntry:
    check_type(slug, str, "slug")
    names = [entry.slug for entry in games.entries() if entry.board is not None]
    if slug not in names:
        raise ValueError(f"slug must be one of {', '.join(names)}, got {slug!r}")
    return games.entry(slug)


def page_template(slug: str) -> str:
    """The Jinja template (in ``orchard_lab/templates``) of the page of the game ``slug``: one
    that runs plotly's JavaScript as the page loads when the board is drawn with charts.

    >>> page_template("apple-batches"), page_template("water-drops")
    ('index_board_charts.html.j2', 'index.html.j2')
    """
    return "index_board_charts.html.j2" if _game(slug).board_charts else "index.html.j2"


def style() -> str:
    """The page's ``<style>``: ``TEXT_ON`` as custom properties, then
    ``widgets/static/app_page.css``."""
    return style_html("app_page.css", ".orchard-app", text_properties("app", TEXT_ON))


def page_title(slug: str) -> str:
    """The title of the game's page (its browser tab) for the game named ``slug``, in the
    session's language."""
    return f"{_(_game(slug).title).capitalize()} · orchard_lab"


class GamePage:
    """The page of one game: ``widget`` is what the server shows; ``board``, ``walkthrough``,
    ``what_if`` and ``sender`` (None without a class) are its parts in the language on show.

    Choosing another language in ``language_choice`` (or calling ``speak``) makes it the
    session's (on the app's server, the page's own: ``language.keep_language_in``) and builds
    the parts again in it: the board plays on from the same game, the walkthrough shows the
    same step, the what-if keeps its rule sets and settings, the sender the name typed.

    With ``later``, the walkthrough and the what-if (None until then) are built once the
    browser has drawn the rest (``drawn``), or when ``complete`` or ``speak`` is called."""

    def __init__(
        self,
        slug: str,
        send: Callable[[str, str], Sent] | None = None,
        *,
        whole_page: bool = False,
        later: bool = False,
    ) -> None:
        self.game = _game(slug)
        self._send = send
        code = language()
        options = [(name, each) for each, name in LANGUAGES.items()]
        self.language_choice = w.Dropdown(
            options=options,
            value=code,
            style={"description_width": "initial"},
            layout={"width": "220px", "max_width": "100%"},
        )
        self.language_choice.add_class("orchard-app-language")
        self.page_language = PageLanguage(lang=code, whole_page=whole_page)
        self._speaking = code  # the language of the parts built last
        self.board: Any = None
        self.walkthrough: Any = None
        self.what_if: WhatIfExplorer | None = None
        self.sender: ResultSender | None = None
        self.widget = w.VBox().add_class("orchard-app")
        self._waiting = later  # the walkthrough and the what-if not built yet
        self._building = threading.RLock()  # one build at a time: complete may come twice
        self.drawn = Drawn()
        self.drawn.on_msg(lambda _widget, _content, _buffers: self.complete())
        self._build()
        self.language_choice.observe(lambda change: self.speak(change["new"]), names="value")

    @property
    def language(self) -> str:
        """The code of the language the page speaks."""
        return self._speaking

    def complete(self) -> None:
        """Build the walkthrough and the what-if if they are not yet (``later``). Safe to call
        from another thread (the app page's own wait, ``solara_page``): built once."""
        with self._building:
            if not self._waiting:
                return
            self._waiting = False
            self.walkthrough, self.what_if = self._learning(None, None)
            shown = [part for part in self.widget.children if part is not self.drawn]
            self.widget.children = [*shown, *self._learning_sections()]

    def speak(self, code: str) -> None:
        """Draw the page in the language ``code`` ("en", "fr" or "ko"), playing on."""
        set_language(code)  # checks code
        with self._building:
            self._speak(code)

    def _speak(self, code: str) -> None:
        if code == self._speaking:
            return
        self._speaking = code
        self._waiting = False
        self.language_choice.value = code  # when called from code: the menu says so too
        shown = self.widget.children
        self._build()
        self.page_language.lang = code  # once the words are: <html lang> says them
        kept = {id(self.language_choice), id(self.page_language), id(self.drawn)}
        for part in shown:  # the parts of the other language, which nothing shows now
            for widget in _tree(part):
                if id(widget) not in kept:
                    widget.close()

    def _build(self) -> None:
        """Build every part in the session's language, from the parts shown before."""
        before = (self.board, self.walkthrough, self.what_if, self.sender)
        self.board, self.walkthrough, self.what_if, self.sender = self._parts(*before)
        self.language_choice.description = _("Language")
        top = w.HBox([self.language_choice, self.page_language]).add_class("orchard-app-top")
        sending = [] if self.sender is None else [
            _section(
                _("Send your result"),
                _("When your game is over, type your name and press {send}: your teacher sees "
                  "it. A result code from a lesson can be pasted here too.").format(
                    send=self.sender.send_button.description
                ),
            ),
            self.sender.widget,
        ]  # fmt: skip
        self.widget.children = [
            w.HTML(style()),
            top,
            _section(_("Play"), _("Play a game on the board. Ask for a hint when you are stuck.")),
            self.board.widget,
            *sending,
            *([self.drawn] if self._waiting else self._learning_sections()),
        ]

    def _learning_sections(self) -> list[w.Widget]:
        """The walkthrough and the what-if under their headings."""
        assert self.walkthrough is not None and self.what_if is not None
        next_step = self.walkthrough.next_button.description.rstrip(" ▶")
        return [
            _section(
                _("Learn the rules"),
                _("Press {next} to see the rules one step at a time.").format(next=next_step),
            ),
            self.walkthrough.widget,
            _section(
                _("What if the rules changed?"),
                _("Change a rule in B, press {run}, compare.").format(
                    run=self.what_if.run_button.description
                ),
            ),
            self.what_if.widget,
        ]

    def _parts(
        self, board: Any, walkthrough: Any, what_if: WhatIfExplorer | None, sender: Any
    ) -> tuple[Any, Any, WhatIfExplorer | None, ResultSender | None]:
        """New parts, each from the one shown before it (None: a fresh one); no walkthrough
        and no what-if while they wait for the page to be drawn."""
        game = self.game
        new_board = game.board_class()()
        if board is not None:  # the same game, the same seed (the result code needs it)
            new_board.seed_choice.value = board.seed_choice.value
            if hasattr(board, "policy_choice"):
                new_board.policy_choice.value = board.policy_choice.value
            new_board.load(board.game)
            new_board.say_where_the_game_stands()  # in the language it is built in
        new_sender = None
        if self._send is not None:
            name = "" if sender is None else sender.name.value
            new_sender = ResultSender(new_board, self._send)
            new_sender.name.value = name
        if self._waiting:
            return new_board, None, None, new_sender
        return new_board, *self._learning(walkthrough, what_if), new_sender

    def _learning(
        self, walkthrough: Any, what_if: WhatIfExplorer | None
    ) -> tuple[Any, WhatIfExplorer]:
        """A new walkthrough and what-if, from the ones shown before (None: fresh ones)."""
        game = self.game
        new_walkthrough = game.new_walkthrough()
        if walkthrough is not None:
            new_walkthrough.go(walkthrough.index)
        if what_if is None:
            new_what_if = WhatIfExplorer(game=game.module)
        else:
            new_what_if = WhatIfExplorer(
                rules_a=what_if.rules["A"],
                rules_b=what_if.rules["B"],
                policy=what_if.policy_choice.value,
                games=what_if.games_choice.value,
                players=what_if.players_choice.value,
                seed=what_if.seed_choice.value,
                game=game.module,
            )
        return new_walkthrough, new_what_if


def _tree(widget: w.Widget) -> Iterator[w.Widget]:
    """``widget`` and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _tree(child)


def game_page(
    slug: str,
    send: Callable[[str, str], Sent] | None = None,
    *,
    whole_page: bool = False,
    later: bool = False,
) -> GamePage:
    """Build a fresh page for the registered game named ``slug`` in the session's language;
    with ``send`` (a class's ``ClassInbox.send``), a finished game can be sent to the teacher
    from under the board. ``whole_page``: the page is the browser's whole document (the
    app's), whose ``<html lang>`` follows the page's language. ``later``: the walkthrough
    and the what-if come once the browser has drawn the board (``GamePage``).

    >>> page = game_page("water-drops", later=True)
    >>> page.what_if is None, page.drawn in page.widget.children
    (True, True)
    >>> page.complete(); page.what_if.game.FACTS.name, page.drawn in page.widget.children
    ('water_drops', False)
    """
    return GamePage(slug, send, whole_page=whole_page, later=later)
