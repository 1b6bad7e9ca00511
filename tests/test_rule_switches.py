"""RuleSwitches: controls built from a game's switch metadata, for any of the three games."""

from __future__ import annotations

import ipywidgets as w
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import describe_rules, switches
from orchard_lab.widgets import RuleSwitches
from orchard_lab.widgets.rule_switches import players_choice


def test_one_control_per_declared_switch_labelled_and_explained() -> None:
    panel = RuleSwitches(ab)
    assert list(panel.controls) == [s.name for s in switches(ab.Rules)]
    for each in switches(ab.Rules):
        control = panel.controls[each.name]
        assert control.description == each.label and control.tooltip == each.help
    assert isinstance(panel.controls["easy"], w.Checkbox)
    assert isinstance(panel.controls["steady_reference"], w.Dropdown)
    slider = panel.controls["special_broken_points"]
    assert isinstance(slider, w.IntSlider)
    broken = next(s for s in switches(ab.Rules) if s.name == "special_broken_points")
    assert (slider.min, slider.max) == (broken.low, broken.high)


def test_show_and_on_change_round_trip() -> None:
    panel = RuleSwitches(ab)
    seen: list = []
    panel.on_change(seen.append)
    panel.controls["unlucky_may_bust"].value = True
    assert seen[-1] == ab.Rules(unlucky_may_bust=True) == panel.rules
    panel.show(ab.Rules(steady_reference="any", special_broken_points=-3))
    assert panel.rules == ab.Rules(steady_reference="any", special_broken_points=-3)
    with pytest.raises(TypeError, match="rules"):
        panel.show(wd.Rules())


@pytest.mark.parametrize("game", [ab, wd, st])
def test_it_builds_for_every_game(game) -> None:
    panel = RuleSwitches(game)
    assert panel.rules == game.Rules()
    assert isinstance(panel.widget, w.VBox)


def test_an_open_choice_offers_a_value_outside_its_options() -> None:
    panel = RuleSwitches(st, st.Rules(ladder=(1, 5, 20)))
    assert panel.rules.ladder == (1, 5, 20)
    assert ("1, 5, 20", (1, 5, 20)) in panel.controls["ladder"].options
    panel.show(st.Rules())
    assert panel.rules == st.Rules()


def test_players_follow_the_game_facts() -> None:
    for game in (ab, wd, st):
        facts = game.FACTS
        choice = players_choice(game, facts.max_players)
        assert choice.options[0] == facts.min_players and choice.value == facts.max_players
    with pytest.raises(ValueError, match="players"):
        players_choice(wd, wd.FACTS.max_players + 1)


def test_describe_rules_says_standard_rules_or_what_changed() -> None:
    assert describe_rules(ab.Rules()) == "standard rules"
    assert describe_rules(ab.Rules(easy=True, special_broken_points=-20)) == (
        "easy mode: on, broken special tree scores: -20"
    )
    assert "_" not in describe_rules(wd.Rules(scoring="per_drop"))
    assert describe_rules(st.Rules(ladder=(1, 4, 9, 16))).endswith("1, 4, 9, 16")
