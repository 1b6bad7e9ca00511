"""The parts a game board is built from: the settings row (players, seed, the rule switches,
New game) with its checked new-game arguments, the market's row of card slots, the policy
choices, the legend under a board, and class toggling that sends one message a widget.
``board_base`` builds the boards' shared turn flow from them.

>>> from orchard_lab import water_drops as wd
>>> row = SettingsRow(wd)
>>> row.checked(players=3, seed=None, rules=None) == (3, 0, wd.Rules())
True
>>> row.seed_choice.value
0
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from orchard_lab.core import check_type, require_int
from orchard_lab.games import GameModule
from orchard_lab.language import _
from orchard_lab.policies import POLICY_NAMES, POLICY_WORDS
from orchard_lab.widgets.rule_switches import RuleSwitches, players_choice
from orchard_lab.widgets.styles import buttons_style

__all__ = [
    "HIGHLIGHT",
    "SELECTED",
    "MarketRow",
    "SettingsRow",
    "check_policy",
    "hint_choice",
    "legend_html",
    "policy_choice",
    "set_classes",
]

HIGHLIGHT = "orchard-highlight"  # the CSS class of whatever a lesson step talks about
SELECTED = "orchard-selected"  # the CSS class of the market slot whose card is picked
SEED_MAX = 2**31 - 1
_INITIAL = {"description_width": "initial"}


def legend_html(entries: Iterable[tuple[str, str]]) -> str:
    """The legend under a board: each sign it draws (HTML, drawn as the board draws it) beside
    what it means (words, in the session's language), so that no colour, mark or letter is
    left for a pupil to guess.

    Each entry is one span, its sign, its words and the "·" that follows it, so that a line
    may end after a "·" but never start with one, and never part a sign from its words.

    >>> legend = legend_html([("<b>●</b>", "red"), ("▲", "green")])
    >>> legend.split('<span class="orchard-legend-entry">')
    ['<b>Legend:</b> ', '<b>●</b> red ·</span> ', '▲ green</span>']
    """
    entry = '<span class="orchard-legend-entry">'
    shown = [f"{sign} {html.escape(meaning)}" for sign, meaning in entries]
    items = f"{entry}{f' ·</span> {entry}'.join(shown)}</span>" if shown else ""
    # Translators: the line under a game board saying what its signs mean; {items} are the
    # signs, each drawn beside its meaning, one after the other
    return _("<b>Legend:</b> {items}").format(items=items)


def set_classes(widget: w.DOMWidget, wanted: Mapping[str, bool]) -> None:
    """Add the classes mapped to True and remove those mapped to False, in one message
    (none when nothing changes: ipywidgets adds a class once, removes it only if present).

    >>> button = w.Button().add_class("a")
    >>> set_classes(button, {"a": False, "b": True}); button.trait_values()["_dom_classes"]
    ('b',)
    """
    if len(wanted) == 1:  # one change is one message already; holding would cost time
        _set_class(widget, *next(iter(wanted.items())))
        return
    with widget.hold_sync():
        for name, on in wanted.items():
            _set_class(widget, name, on)


def _set_class(widget: w.DOMWidget, name: str, on: bool) -> None:
    if on:
        widget.add_class(name)
    else:
        widget.remove_class(name)


def check_policy(policy: Any, options: Iterable[str] = POLICY_NAMES, name: str = "policy") -> str:
    """``policy`` if it is one of ``options``, else ValueError naming ``name``.

    >>> check_policy("greedy")
    'greedy'
    """
    options = tuple(options)
    if policy not in options:
        raise ValueError(f"{name} must be one of {options}, got {policy!r}")
    return str(policy)


def hint_choice(options: Iterable[str], value: str, button_width: str = "90px") -> w.ToggleButtons:
    """The 'hint by' buttons: one per hint policy, each with its sentence as a tooltip."""
    options = tuple(options)
    return w.ToggleButtons(
        options=options, value=check_policy(value, options, "hint_policy"),
        description=_("hint by"), tooltips=[_(POLICY_WORDS[p]) for p in options],
        style={**_INITIAL, "button_width": button_width},
    )  # fmt: skip


class MarketRow:
    """The market on a board: a row (``box``) of slot widgets, one a card on show, that grows
    as the market does and hides the slots it does not need; a click on a slot's button picks
    its card (``on_pick(slot)``). Each board draws its own picture of a card in its slot.

    ``make_slot(slot)`` builds a slot: the widget in the row and the button a click on it
    comes from (the same widget for a plain button). Each slot carries the class
    ``orchard-slot-<n>``, the picked one ``SELECTED``, the ones a lesson marks ``HIGHLIGHT``,
    and the row ``empty_class`` when the market is empty.

    >>> picked = []
    >>> row = MarketRow(lambda slot: (w.Button(),) * 2, picked.append, "orchard-empty")
    >>> row.show(["a", "b"], lambda slot, card: None, selected=1)
    >>> row.buttons[0].click(); picked, [SELECTED in s._dom_classes for s in row.slots]
    ([0], [False, True])
    >>> row.show([], lambda slot, card: None, selected=None)
    >>> [s.layout.display for s in row.slots], "orchard-empty" in row.box._dom_classes
    (['none', 'none'], True)
    """

    def __init__(
        self,
        make_slot: Callable[[int], tuple[w.DOMWidget, w.Button]],
        on_pick: Callable[[int], None],
        empty_class: str,
    ) -> None:
        self.box = w.HBox()
        self.slots: list[w.DOMWidget] = []
        self.buttons: list[w.Button] = []
        self._make_slot = make_slot
        self._on_pick = on_pick
        self._empty_class = empty_class

    def show(
        self, cards: Sequence[Any], draw: Callable[[int, Any], None], selected: int | None
    ) -> None:
        """Show ``cards``, one a slot (``draw(slot, card)`` draws a card in its slot), the
        slot ``selected`` picked; a slot's own changes reach the browser in one message."""
        set_classes(self.box, {self._empty_class: not cards})
        while len(self.slots) < len(cards):
            self._add_slot()
        for slot, widget in enumerate(self.slots):
            if slot >= len(cards):
                widget.layout.display = "none"
                continue
            widget.layout.display = None
            with widget.hold_sync():
                draw(slot, cards[slot])
                set_classes(widget, {SELECTED: slot == selected})

    def select(self, selected: int | None) -> None:
        """Mark the slot ``selected`` picked (none when None)."""
        for slot, widget in enumerate(self.slots):
            set_classes(widget, {SELECTED: slot == selected})

    def highlight(self, slots: Collection[int]) -> None:
        """Mark the ``slots`` a lesson talks about with ``HIGHLIGHT``, and only those."""
        for slot, widget in enumerate(self.slots):
            set_classes(widget, {HIGHLIGHT: slot in slots})

    def _add_slot(self) -> None:
        slot = len(self.slots)
        widget, button = self._make_slot(slot)
        widget.add_class(f"orchard-slot-{slot}")
        button.on_click(lambda _b: self._on_pick(slot))
        self.slots.append(widget)
        self.buttons.append(button)
        self.box.children = (*self.box.children, widget)


class SettingsRow:
    """The New game column (players, seed, what else a board asks, New game) beside the rule
    switches of ``game`` (a game module: ``wd``, ``ab`` or ``st``)."""

    def __init__(self, game: GameModule) -> None:
        self.game = game
        self.players_choice = players_choice(game)
        self.seed_choice = w.BoundedIntText(
            value=0, min=0, max=SEED_MAX, description=_("seed"), style=_INITIAL,
            layout={"width": "140px"},
        )  # fmt: skip
        self.rule_switches = RuleSwitches(
            game,
            title=_("Rules (standard rules unless you change them)"),
            players=self.players_choice.value,
        )
        self.players_choice.observe(  # the rules offered follow the players chosen
            lambda change: self.rule_switches.offer_for(change["new"]), names="value"
        )
        self.new_button = w.Button(description=_("New game"), button_style="success")
        self.new_button.add_class("orchard-new-game")

    def checked(self, players: Any, seed: Any, rules: Any) -> tuple[int, int, Any]:
        """The players, seed and rules of a new game: each one given is checked (ValueError
        or TypeError naming it), each left out (None) is read from the row. Nothing changes."""
        if players is not None:
            players = self.game.FACTS.check_players(players)
        if seed is not None:
            seed = require_int(seed, "seed", 0, SEED_MAX)
        if rules is not None:
            check_type(rules, self.game.Rules, "rules")
        return (
            self.players_choice.value if players is None else players,
            self.seed_choice.value if seed is None else seed,
            self.rule_switches.rules if rules is None else rules,
        )

    def show(self, players: int, seed: int | None, rules: Any) -> None:
        """Set the row to a game's players, seed (None: leave it) and rules."""
        self.players_choice.value = players
        if seed is not None:
            self.seed_choice.value = seed
        self.rule_switches.show(rules)

    def widget(self, extra: Iterable[w.Widget], css_class: str) -> w.HBox:
        """The row itself: players, seed, ``extra``, New game; then the rule switches."""
        new_game = html.escape(_("New game"))
        heading = w.HTML(f"{buttons_style()}<b>{new_game}</b>")
        column = w.VBox(
            [heading, self.players_choice, self.seed_choice, *extra, self.new_button]
        )  # fmt: skip
        return w.HBox([column, self.rule_switches.widget]).add_class(css_class)


def policy_choice() -> w.Dropdown:
    """The 'others play' dropdown of the policies that play the other players."""
    return w.Dropdown(
        options=list(POLICY_NAMES), value="greedy", description=_("others play"), style=_INITIAL,
        layout={"width": "200px"},
    )  # fmt: skip
