"""RuleSwitches: controls built from a game's switch metadata, for any of the three games."""

from __future__ import annotations

import ipywidgets as w
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import describe_rules, switches
from orchard_lab.widgets import (
    AppleBatchesBoard,
    RuleSwitches,
    StackedTreesBoard,
    WaterDropsBoard,
    WhatIfExplorer,
)
from orchard_lab.widgets.rule_switches import _NONE, players_choice


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


# ---- every value a control offers deals a game (issue 20, item 6) ---------------------------
def _offered(control: w.ValueWidget) -> list[object]:
    if isinstance(control, w.Checkbox):
        return [False, True]
    if isinstance(control, w.IntSlider):
        return list(range(control.min, control.max + 1))
    return [value for _, value in control.options]


def _rule_value(control: w.ValueWidget) -> object:
    return None if control.value == _NONE else control.value


@pytest.mark.parametrize(
    "board_class", [AppleBatchesBoard, WaterDropsBoard, StackedTreesBoard], ids=lambda c: c.__name__
)
def test_every_value_of_every_control_deals_a_game_for_every_player_count(board_class) -> None:
    """For every player count, each value a control offers deals a game; the board itself
    deals it by its New game button at the smallest, two and the largest tables (a board
    redraw per value), the engine at every other table (the rules the controls give)."""
    board = board_class()
    game = board.settings.game
    facts = game.FACTS
    by_click = {facts.min_players, min(2, facts.max_players), facts.max_players}
    for players in range(facts.min_players, facts.max_players + 1):
        board.players_choice.value = players  # the controls follow the players chosen
        for name, control in board.rule_switches.controls.items():
            for value in _offered(control):
                board.rule_switches.show(game.Rules())
                control.value = value
                said = f"{players} players, {name} = {value!r}"
                if players not in by_click:
                    rules = board.rule_switches.rules
                    assert getattr(rules, name) == _rule_value(control), said
                    game.Game.new(players=players, seed=0, rules=rules)  # no refusal
                    continue
                board.new_button.click()
                said += f": {board.message.value}"
                assert "did not work" not in board.message.value, said
                assert board.game.players == players, said
                assert getattr(board.game.rules, name) == _rule_value(control), said


@pytest.mark.parametrize("game", [ab, wd, st], ids=lambda game: game.FACTS.name)
def test_the_what_if_panels_offer_only_rules_that_deal_for_its_players(game) -> None:
    explorer = WhatIfExplorer(game=game, games=1)
    for players in range(game.FACTS.min_players, game.FACTS.max_players + 1):
        explorer.players_choice.value = players
        for panel in explorer.panels.values():
            for control in panel.controls.values():
                if not isinstance(control, w.Dropdown):
                    continue  # a checkbox or a slider is the same for every player count
                for value in _offered(control):
                    panel.show(game.Rules())
                    control.value = value
                    game.Game.new(players=players, seed=0, rules=panel.rules)  # no refusal


def test_the_water_drops_box_offers_what_holds_the_orchards_WD_3() -> None:
    board = WaterDropsBoard(players=4)
    control = board.rule_switches.controls["max_size"]
    offered = {1: [None], 2: [None], 3: [None, (5, 5)], 4: [None, (4, 4), (5, 5)]}
    offered[5] = offered[4]
    for players, values in offered.items():
        board.players_choice.value = players
        assert [None if v == _NONE else v for v in _offered(control)] == values
    control.value = (4, 4)
    board.players_choice.value = 3  # 4×4 holds no 3-player orchard: back to no limit
    assert board.rule_switches.rules.max_size is None
    board.load(wd.Game.new(players=4, rules=wd.Rules(max_size=(4, 4))))
    assert board.players_choice.value == 4 and control.value == (4, 4)


# -- a pupil's own sequence (issue 27) ----------------------------------------------------------
def test_only_a_switch_of_sequences_that_takes_values_of_its_own_gets_a_box() -> None:
    assert list(RuleSwitches(st).own_boxes) == ["ladder"]
    assert list(RuleSwitches(ab).own_boxes) == list(ab.SEQUENCE_BATCHES.values())
    assert list(RuleSwitches(wd).own_boxes) == ["group_points"]
    box = RuleSwitches(st).own_boxes["ladder"]
    assert box.description == "your own dice ladder" and not box.continuous_update


@pytest.mark.parametrize(
    ("text", "ladder"),
    [("n*n", (1, 4, 9, 16)), ("2^n", (2, 4, 8, 16)), ("1, 2, 5, 10, 20", (1, 2, 5, 10, 20))],
)
def test_an_own_ladder_typed_then_entered_becomes_the_rules(text: str, ladder: tuple) -> None:
    panel = RuleSwitches(st)
    seen: list = []
    panel.on_change(seen.append)
    panel.own_boxes["ladder"].value = text  # what Enter does in the page
    assert panel.rules.ladder == ladder and seen[-1].ladder == ladder
    assert panel.controls["ladder"].value == ladder
    assert panel.own_messages["ladder"].value.startswith("✓ Your own dice ladder: ")
    panel.own_boxes["ladder"].value = "n + 1"  # a formula gives as many steps as shown now
    assert panel.rules.ladder == tuple(range(2, len(ladder) + 2))


def test_an_own_table_of_batch_points_becomes_the_rules_for_every_sequence_batch() -> None:
    """AB-4 as data (issue 27): each batch scored by a sequence takes a pupil's own 12 values."""
    panel = RuleSwitches(ab)
    for batch, name in ab.SEQUENCE_BATCHES.items():
        panel.own_boxes[name].value = "n*n + 1"
        squares = tuple(n * n + 1 for n in range(1, ab.BATCH_CAPACITY + 1))
        assert getattr(panel.rules, name) == squares
        assert panel.rules.points_table(batch) == (0, *squares)
        label = ab.BATCH_NAMES[batch]
        assert (
            panel.own_messages[name].value
            == f"✓ Your own {label} points: " + ", ".join(map(str, squares)) + "."
        )
    panel.own_boxes["steady_points"].value = "1, 2, 3"  # a list needs a value for every size
    assert panel.own_messages["steady_points"].value == (
        "✗ The steady height batch needs 12 values, its points with 1, 2, … 12 apples; "
        "steady_points has 3."
    )
    panel.own_boxes["feather_points"].value = "1000 n"
    assert panel.own_messages["feather_points"].value == (
        "✗ The feather batch scores from 0 to 999 points, but feather_points gives 1 apple 1000."
    )
    assert panel.rules.feather_points == squares  # a refused table changes nothing


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("n/2", "✗ The 1st value is 0.5: points must be whole numbers."),
        ("4, 2, 1", "✗ The dice ladder must climb strictly from a value"),
        ("x", "✗ &quot;x&quot; is not a name this knows"),
        ("0, 1, 2", "✗ The dice ladder must climb strictly from a value &gt;= 1"),
    ],
)
def test_an_own_ladder_the_rules_refuse_is_said_and_changes_nothing(text: str, said: str) -> None:
    panel = RuleSwitches(st, st.Rules(ladder=(1, 2, 3)))
    seen: list = []
    panel.on_change(seen.append)
    panel.own_boxes["ladder"].value = text
    assert panel.own_messages["ladder"].value.startswith(said)
    assert panel.rules.ladder == (1, 2, 3) and seen == []
    panel.own_boxes["ladder"].value = ""  # emptied: nothing to say
    assert panel.own_messages["ladder"].value == ""


def test_the_what_if_compares_a_pupils_own_ladder() -> None:
    explorer = WhatIfExplorer(game=st, games=20)
    explorer.panels["B"].own_boxes["ladder"].value = "n^3"
    explorer.run()
    assert explorer.rules["B"].ladder == (1, 8, 27, 64)
    means = explorer.means()
    assert means["B"] > means["A"]  # cubes climb faster than the standard ladder


def test_a_refused_sequence_names_the_switch_as_the_panel_does() -> None:
    """A refusal that starts with the switch's code name says its label instead."""
    panel = RuleSwitches(wd)
    panel.own_boxes["group_points"].value = "1, 2"
    assert panel.own_messages["group_points"].value == (
        "✗ The points for a group of n fruits must hold 9 values, one for each group size "
        "1 to 9; got 2."
    )
    panel.own_boxes["group_points"].value = "1000"
    assert panel.own_messages["group_points"].value == (
        "✗ The points for a group of n fruits must hold whole numbers from 0 to 999, not 1000."
    )
