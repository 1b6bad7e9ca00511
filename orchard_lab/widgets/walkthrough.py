"""A rule walkthrough: a game's rules taught one step at a time, Next and Back, on a board.

``Walkthrough(steps, view)`` shows one ``Step`` at a time: a progress line ("Step 3 of
14"), the step's title and a short text in plain words, a line saying what the board shows
(returned by the step's ``show``), then the view (a board). ``show`` sets the view up for
its step from scratch, so Back and Next give the same picture in any order. The widget
knows nothing about any game; ``rule_walkthrough(game)`` builds the steps of one game.

>>> seen = []
>>> tour = Walkthrough([Step("Deck", "75 apples."), Step("Market", "Take one.",
...                     show=lambda: seen.append("market") or "3 apples on show")])
>>> tour.next(); tour.index, tour.progress.value, tour.note.value, seen
(1, 'Step 2 of 2', '3 apples on show', ['market'])
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar

import ipywidgets as w

from orchard_lab import games
from orchard_lab.core import check_type, require_int
from orchard_lab.game_base import BaseGame
from orchard_lab.games import GameModule
from orchard_lab.language import _
from orchard_lab.widgets.guard import guarded
from orchard_lab.widgets.styles import style_html, stylesheet, text_properties
from orchard_lab.widgets.sync import held
from orchard_lab.widgets.view import WidgetView
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = ["Scene", "Staged", "Step", "Walkthrough", "rule_walkthrough", "scripted_walkthrough"]

TEXT_ON = {  # (text, background) pairs static/walkthrough.css uses; a test checks 4.5:1
    "card": ("#1a1a1a", "#f3f7fb"),
    "progress": ("#3d4f61", "#f3f7fb"),
}


def style() -> str:
    """The walkthrough's ``<style>``: ``TEXT_ON`` as custom properties, then its CSS file."""
    return style_html("walkthrough.css", ".orchard-walkthrough", text_properties("wt", TEXT_ON))


@dataclass(frozen=True)
class Step:
    """One step: a ``title``, a short plain-text ``text`` (blank lines part paragraphs) and
    ``show``, which sets the view up for the step and returns what it shows, one line per
    line of text."""

    title: str
    text: str
    show: Callable[[], str] | None = None


class Walkthrough(WidgetView):
    """Next and Back through ``steps`` above ``view`` (a widget, or an object with ``.widget``).

    The first step is shown at once. Plain text is escaped, never read as HTML.
    """

    def __init__(self, steps: Sequence[Step], view: Any = None, *, title: str = "") -> None:
        self.steps = tuple(check_type(step, Step, "step") for step in steps)
        if not self.steps:
            raise ValueError("steps must hold at least one Step")
        self.view = view
        self.index = 0
        self.progress = w.HTML().add_class("orchard-walkthrough-progress")
        self.heading = w.HTML().add_class("orchard-walkthrough-title")
        self.text = w.HTML().add_class("orchard-walkthrough-text")
        self.note = w.HTML().add_class("orchard-walkthrough-note")
        self.message = self.note  # where a failing step says why (no traceback)
        self.back_button = w.Button(description=_("◀ Back"), tooltip=_("the step before"))
        self.next_button = w.Button(
            description=_("Next ▶"), tooltip=_("the next step"), button_style="primary"
        )
        self.back_button.add_class("orchard-walkthrough-back")
        self.next_button.add_class("orchard-walkthrough-next")
        self.back_button.on_click(lambda _b: self._clicked(self.back))
        self.next_button.on_click(lambda _b: self._clicked(self.next))
        nav = w.HBox([self.back_button, self.next_button]).add_class("orchard-walkthrough-nav")
        card = w.VBox([self.progress, self.heading, self.text, self.note, nav])
        card.add_class("orchard-walkthrough-card")
        parts: list[w.Widget] = [w.HTML(style())]
        if title:
            parts.append(w.HTML(f"<h3>{html.escape(title)}</h3>"))
        parts.append(card)
        if view is not None:
            parts.append(view if isinstance(view, w.Widget) else view.widget)
        parts.append(ViewLanguage("orchard-walkthrough"))
        self.widget = w.VBox(parts).add_class("orchard-walkthrough")
        self.go(0)

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show step ``index`` (0 = the first)."""
        self.index = require_int(index, "index", 0, len(self.steps) - 1)
        with held(self.widget):  # the step's replay reaches the browser as its end state
            self._show(self.step)

    def _show(self, step: Step) -> None:
        self.progress.value = _("Step {step} of {steps}").format(
            step=self.index + 1, steps=len(self.steps)
        )
        self.heading.value = html.escape(step.title)
        self.text.value = "".join(
            f"<p>{html.escape(part.strip())}</p>" for part in step.text.split("\n\n")
        )
        note = step.show() if step.show is not None else ""
        self.note.value = "<br>".join(html.escape(line) for line in note.splitlines())
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1

    def next(self) -> None:
        """The next step (the last step stays)."""
        self.go(min(self.index + 1, len(self.steps) - 1))

    def back(self) -> None:
        """The step before (the first step stays)."""
        self.go(max(self.index - 1, 0))

    @guarded
    def _clicked(self, action: Callable[[], Any]) -> None:
        action()


Staged = tuple[str, dict[str, Any]]
"""What a scene's ``setup`` returns: the note under the board, and the parts of the board's
``highlight`` it worked out (the cells a move covers, say)."""


class TourBoard(Protocol):
    """A board a scripted walkthrough drives."""

    result_codes: bool
    in_tour: bool
    widget: w.Box

    @property
    def CSS(self) -> str: ...  # the board's name in its CSS hooks
    @property
    def game(self) -> BaseGame[Any, Any]: ...  # the game on the board (its facts name the game)

    def highlight(self, *args: Any, **kwargs: Any) -> None: ...


BoardT = TypeVar("BoardT", bound=TourBoard)


@dataclass(frozen=True)
class Scene(Generic[BoardT]):
    """A scripted step: its words, how it sets the board up from scratch (``setup``), and
    the parts of the board it highlights besides those ``setup`` works out.

    ``title`` and ``text`` are the English of the catalogue (marked ``N_``), said in the
    session's language when the walkthrough is built; ``fields`` gives the values of the
    text's ``{fields}`` then (a fruit's letter in that language, say)."""

    title: str
    text: str
    setup: Callable[[BoardT], Staged]
    highlight: dict[str, Any] = field(default_factory=dict)
    fields: Callable[[], Mapping[str, object]] = dict

    def on(self, board: BoardT) -> Step:
        """This scene as a step shown on ``board``, in the session's language."""

        def show() -> str:
            note, marks = self.setup(board)
            board.highlight(**{**self.highlight, **marks})
            return note

        return Step(_(self.title), _(self.text).format(**self.fields()), show)


def scripted_walkthrough(board: BoardT, script: Sequence[Scene[BoardT]], title: str) -> Walkthrough:
    """``script`` on ``board``, a fresh board of the walkthrough's own (never the class's):
    its games are scripted, so none earns a result code. ``title`` is already in the
    session's language. The board gets its walkthrough look from the CSS class
    ``orchard-<CSS>-tour`` and the stylesheet ``<game>_walkthrough.css`` (the name in the
    facts of the game on the board)."""
    board.result_codes = False
    board.in_tour = True  # its keys line then points at no New game (the tour hides it)
    board.widget.add_class(f"orchard-{board.CSS}-tour")
    tour = Walkthrough([scene.on(board) for scene in script], board, title=title)
    css_file = f"{board.game.facts.name}_walkthrough.css"
    tour.widget.children = (*tour.widget.children, w.HTML(stylesheet(css_file)))
    return tour


def rule_walkthrough(game: GameModule) -> Walkthrough:
    """The rule walkthrough of ``game`` (a game package such as ``apple_batches``).

    >>> from orchard_lab import apple_batches as ab
    >>> rule_walkthrough(ab).progress.value
    'Step 1 of 14'
    """
    check_type(game, ModuleType, "game")
    name = getattr(getattr(game, "FACTS", None), "name", None)
    known = {entry.name: entry for entry in games.entries()}
    if name not in known:
        raise ValueError(
            f"game must be one of {', '.join(known)} (a walkthrough exists for it), "
            f"got {game.__name__}"
        )
    built = known[name].new_walkthrough()
    return check_type(built, Walkthrough, "the registered walkthrough")
