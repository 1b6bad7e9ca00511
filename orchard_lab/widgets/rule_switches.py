"""Rule switches as controls, built from what a game's ``Rules`` says about itself.

Every switch of ``game.Rules`` declares a label, a line of help and its allowed values
(``core.switches``); this widget turns each into a checkbox, a dropdown or a slider, so no
widget types a switch, a limit or a player count of its own. A switch whose values are
sequences and that accepts values of its own (stacked trees' dice ladder) also gets a box
for the pupil's own sequence: a list ("1, 4, 9, 16") or a formula in n ("n*n", for as many
steps as the sequence shown), read by ``orchard_lab.formula``; a sequence the rules refuse
is said in words and changes nothing.

>>> from orchard_lab import apple_batches as ab
>>> panel = RuleSwitches(ab, ab.Rules(easy=True))
>>> panel.rules.easy, panel.controls["steady_reference"].value
(True, 'last')
>>> panel.controls["easy"].value = False
>>> panel.rules == ab.Rules()
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from orchard_lab.core import Switch, check_type, plain_value, switches
from orchard_lab.formula import read_sequence
from orchard_lab.games import GameModule
from orchard_lab.language import _
from orchard_lab.widgets.slider_names import SliderNames
from orchard_lab.widgets.styles import style_html, text_properties
from orchard_lab.widgets.view import WidgetView
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = ["TEXT_ON", "RuleSwitches", "players_choice", "style"]

_STYLE = {"description_width": "initial"}
# A Dropdown treats the value None as "nothing chosen" and shows a blank box, so a switch
# whose choice is None ("no limit") holds this stand-in inside its control.
_NONE = ("no value",)
_HELP_COLOUR = "#555555"  # 7.5:1 on white
TEXT_ON = {"help": (_HELP_COLOUR, "#ffffff")}  # static/rule_switches.css; a test checks 4.5:1


def style() -> str:
    """The switches' ``<style>``: ``TEXT_ON`` as custom properties, then their CSS file."""
    return style_html("rule_switches.css", ".orchard-rule-switches", text_properties("rs", TEXT_ON))


def players_choice(game: GameModule, value: int | None = None) -> w.Dropdown:
    """A dropdown of the player counts ``game`` allows (its ``FACTS``).

    >>> from orchard_lab import water_drops as wd
    >>> players_choice(wd).options[-1]
    5
    """
    facts = game.FACTS
    value = facts.min_players if value is None else facts.check_players(value)
    return w.Dropdown(
        options=list(range(facts.min_players, facts.max_players + 1)),
        value=value,
        description=_("players"),
        layout={"width": "150px"},
        style=_STYLE,
    )


def _choices(switch: Switch, players: int, value: Any) -> list[tuple[str, Any]]:
    """A dropdown's options: those ``switch`` offers for ``players`` players, and ``value``
    (a game's own value, such as a loaded game's) when it is not among them."""
    options = [(_(label), _NONE if v is None else v) for label, v in switch.offered(players)]
    if value not in [v for _, v in options]:
        options.append((plain_value(value), value))
    return options


def _control(switch: Switch, value: Any, players: int) -> w.ValueWidget:
    """The control a learner uses for one switch, showing ``value``; its label, help and
    options in the session's language (``Rules`` marks them ``N_``)."""
    common: dict[str, Any] = {
        "description": _(switch.label),
        "tooltip": _(switch.help),
        "style": _STYLE,
    }
    if switch.kind == "bool":
        return w.Checkbox(value=value, indent=False, **common)
    if switch.kind == "int":
        low = switch.low if switch.low is not None else min(0, value)
        high = switch.high if switch.high is not None else max(low + 10, value)
        return w.IntSlider(value=value, min=low, max=high, **common)
    value = _NONE if value is None else value
    options = _choices(switch, players, value)
    return w.Dropdown(options=options, value=value, **common)


def _show_value(control: w.ValueWidget, value: Any) -> None:
    """Show ``value`` in ``control``; a dropdown that does not offer it offers it first."""
    if isinstance(control, w.Dropdown) and value not in [v for _, v in control.options]:
        control.options = [*control.options, (plain_value(value), value)]
    control.value = value


def _takes_sequences(switch: Switch) -> bool:
    """Whether ``switch`` takes a pupil's own sequence: an open choice of tuples of ints."""
    default = switch.default
    return (
        switch.kind == "choice"
        and switch.open
        and isinstance(default, tuple)
        and all(isinstance(value, int) for value in default)
    )


def _own_box(switch: Switch) -> w.Text:
    return w.Text(
        description=_("your own {switch}").format(switch=_(switch.label)),
        placeholder=_("1, 4, 9, 16 or n*n, then Enter"),
        continuous_update=False,  # read when Enter is pressed (or the box is left)
        style=_STYLE,
    ).add_class("orchard-own-value")


class RuleSwitches(WidgetView):
    """One control per switch of ``game.Rules``, showing ``rules`` (default: standard rules).

    ``rules`` reads the controls back as a ``game.Rules``; ``show(rules)`` sets them;
    ``on_change(callback)`` calls ``callback(rules)`` whenever a learner changes one.
    The controls offer only values a game of ``players`` players (default: the fewest) can
    be dealt with; ``offer_for(players)`` follows a new player count.

    >>> from orchard_lab import stacked_trees as st
    >>> RuleSwitches(st, st.Rules(ladder=(1, 4, 9, 16))).rules.ladder
    (1, 4, 9, 16)
    """

    def __init__(
        self, game: GameModule, rules: Any = None, *, title: str = "", players: int | None = None
    ) -> None:
        self.game = game
        rules = game.Rules() if rules is None else check_type(rules, game.Rules, "rules")
        self.players = (
            game.FACTS.min_players if players is None else game.FACTS.check_players(players)
        )
        self.switches = switches(game.Rules)
        self.controls = {
            s.name: _control(s, getattr(rules, s.name), self.players) for s in self.switches
        }
        self.own_boxes = {s.name: _own_box(s) for s in self.switches if _takes_sequences(s)}
        self.own_messages = {
            name: w.HTML().add_class("orchard-own-said") for name in self.own_boxes
        }
        for name, box in self.own_boxes.items():
            box.observe(lambda change, name=name: self.use_own(name, change["new"]), names="value")
        rows: list[w.Widget] = [w.HTML(style()), SliderNames("orchard-rule-switches")]
        if title:
            rows.append(w.HTML(f"<b>{html.escape(title)}</b>"))
        for each in self.switches:
            help_words = html.escape(_(each.help))
            help_line = w.HTML(f'<span class="orchard-switch-help">{help_words}</span>')
            own = (
                [self.own_boxes[each.name], self.own_messages[each.name]]
                if each.name in self.own_boxes
                else []
            )
            rows.append(w.VBox([self.controls[each.name], *own, help_line]))
        rows.append(ViewLanguage("orchard-rule-switches"))
        self.widget = w.VBox(rows).add_class("orchard-rule-switches")

    def use_own(self, name: str, text: str) -> None:
        """What the box of ``name``'s own sequence does with ``text`` (typed, then Enter):
        read it, check it with the game's rules, and show it in the switch's control; a
        sequence that cannot be used is said in words and changes nothing.

        >>> from orchard_lab import stacked_trees as st
        >>> panel = RuleSwitches(st)
        >>> panel.use_own("ladder", "n*n"); panel.rules.ladder, panel.own_messages["ladder"].value
        ((1, 4, 9, 16), '✓ Your own dice ladder: 1, 4, 9, 16.')
        >>> panel.use_own("ladder", "2, 1"); panel.rules.ladder
        (1, 4, 9, 16)
        """
        said = self.own_messages[check_type(name, str, "name")]
        if not check_type(text, str, "text").strip():
            said.value = ""
            return
        control = self.controls[name]
        switch = next(each for each in self.switches if each.name == name)
        shown = control.value if isinstance(control.value, tuple) else switch.default
        try:
            values = read_sequence(text, len(shown), list_length=True)
            self.game.Rules(**{name: values})  # the rules' own checks of the switch
        except ValueError as refusal:
            reason = str(refusal)
            if reason.startswith(name):  # the switch in the words the panel shows
                reason = f"the {switch.label}{reason[len(name) :]}"
            said.value = f"✗ {html.escape(reason[:1].upper() + reason[1:])}."
            return
        _show_value(control, values)
        said.value = _("✓ Your own {switch}: {values}.").format(
            switch=html.escape(_(switch.label)), values=html.escape(plain_value(values))
        )

    @property
    def rules(self) -> Any:
        """The rules the controls show."""
        values = {name: None if c.value == _NONE else c.value for name, c in self.controls.items()}
        return self.game.Rules(**values)

    def show(self, rules: Any) -> None:
        """Set every control to ``rules``."""
        check_type(rules, self.game.Rules, "rules")
        for each in self.switches:
            control = self.controls[each.name]
            value = getattr(rules, each.name)
            value = _NONE if value is None and isinstance(control, w.Dropdown) else value
            _show_value(control, value)

    def offer_for(self, players: int) -> None:
        """Offer the values that deal a game of ``players`` players; a control showing a
        value that no longer does goes back to the standard rules' value.

        >>> from orchard_lab import water_drops as wd
        >>> panel = RuleSwitches(wd, wd.Rules(max_size=(4, 4)), players=4)
        >>> panel.offer_for(3); panel.rules.max_size, panel.controls["max_size"].options
        (None, (('no limit', ('no value',)), ('5×5 cards', (5, 5))))
        """
        self.players = self.game.FACTS.check_players(players)
        for each in self.switches:
            control = self.controls[each.name]
            if each.fits is None or not isinstance(control, w.Dropdown):
                continue
            value = None if control.value == _NONE else control.value
            if not each.fits(value, self.players):
                value = each.default
            value = _NONE if value is None else value
            options = _choices(each, self.players, value)
            if list(control.options) != options:
                control.options = options  # (a Dropdown then shows its first option)
            control.value = value

    def on_change(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(rules)`` after any control changes."""
        for control in self.controls.values():
            control.observe(lambda _change: callback(self.rules), names="value")
