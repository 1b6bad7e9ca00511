"""The soak suite's quick size (issue 14): random games under random rules, every move checked.

``tests/soak.py`` does the work; ``benchmarks/soak.py`` runs the same with 10,000 games a game.
A failure message lists the first reproducer of each kind of failure.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import core
from tests import soak

GAMES_PER_RUN = {"apple_batches": 12, "water_drops": 10, "stacked_trees": 30}
SAVES_PER_RUN = 30

# Rule sets that issue 14 names, soaked even while a game's Rules declares no switches.
NAMED_RULES = [
    ("stacked_trees", {"rotten_tokens": 3}),
    ("stacked_trees", {"rotten_tokens": 6}),
    ("stacked_trees", {"rotten_tokens": 0}),
    ("stacked_trees", {"ladder": (1, 2, 3, 4, 5, 6, 7, 8), "dice_per_fruit": 2}),
    ("stacked_trees", {"cards_per_game": 18, "hand_size": 3}),
    ("water_drops", {"scoring": "drop", "allow_rotation": True}),
    ("water_drops", {"scoring": "per_drop", "max_size": (8, 8)}),
]


def assert_clean(tally: soak.Tally) -> None:
    assert tally.failures == 0, tally.report()


@pytest.mark.parametrize("name", soak.GAMES)
def test_random_games_under_random_rules_keep_every_invariant(name: str) -> None:
    tally = soak.soak(name, games=GAMES_PER_RUN[name], seed=1000)
    assert tally.games == GAMES_PER_RUN[name], tally.report()  # refused draws are replaced
    assert_clean(tally)


@pytest.mark.parametrize(("name", "rules"), NAMED_RULES)
def test_named_rule_sets_keep_every_invariant(name: str, rules: dict) -> None:
    tally = soak.Tally(name)
    for seed in range(6):
        players = soak.adapter(name).PLAYER_COUNTS[seed % len(soak.adapter(name).PLAYER_COUNTS)]
        soak.soak_game(name, players, seed, rules, tally)
    assert tally.refused == 0, tally.first_refusal
    assert_clean(tally)


@pytest.mark.parametrize("name", soak.GAMES)
def test_saves_under_random_rules_and_players_load_back(name: str) -> None:
    assert_clean(soak.soak_saves(name, saves=SAVES_PER_RUN, seed=0))


@pytest.mark.parametrize("name", soak.GAMES)
def test_random_rules_draw_every_declared_switch(name: str) -> None:
    """Each declared switch takes at least two values over the draws, all accepted by Rules."""
    module = soak.adapter(name).module
    rng = np.random.default_rng(0)
    draws = [soak.random_rules(name, rng) for _ in range(200)]
    for rules in draws:
        module.Rules(**rules)
    for each in core.switches(module.Rules):
        if len(soak.switch_values(each)) > 1:
            seen = {repr(rules.get(each.name, each.default)) for rules in draws}
            assert len(seen) >= 2, f"{each.name} never changed"


def test_switch_values_keep_wide_ranges_small() -> None:
    wide = core.Switch("n", "n", "", 5, "int", low=0, high=10**6)
    assert soak.switch_values(wide) == list(range(0, 5 + soak.SPAN + 1))
    assert soak.switch_values(core.Switch("b", "b", "", False, "bool")) == [False, True]


# -- the soak itself catches broken engines (so that a clean run means something) ---------------
def test_soak_catches_an_undo_that_restores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    module = soak.adapter("water_drops").module
    monkeypatch.setattr(module.Game, "undo", lambda self: None)
    tally = soak.soak("water_drops", games=1)
    assert tally.counts["undo twin"] > 0, tally.report()
    assert "soak_game('water_drops', players=1, seed=0" in tally.first["undo twin"].reproducer()


def test_soak_catches_legal_moves_missing_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Like stacked trees with 3+ rotten tokens: play() accepts what legal_moves() omits."""
    module = soak.adapter("apple_batches").module
    legal_moves = module.Game.legal_moves
    monkeypatch.setattr(module.Game, "legal_moves", lambda self: legal_moves(self)[1:])
    tally = soak.soak("apple_batches", games=1)
    assert tally.accepted > 0, tally.report()


def test_soak_catches_a_copy_that_shares_its_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    module = soak.adapter("stacked_trees").module
    monkeypatch.setattr(module.Game, "copy", lambda self: self)
    tally = soak.soak("stacked_trees", games=1)
    assert tally.counts["copy twin"] > 0, tally.report()


def test_soak_stops_a_slow_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "GAME_SECONDS", 0.05)
    module = soak.adapter("apple_batches").module
    legal_moves = module.Game.legal_moves

    def slow(self):
        start = time.process_time()
        while time.process_time() - start < 0.01:
            pass
        return legal_moves(self)

    monkeypatch.setattr(module.Game, "legal_moves", slow)
    tally = soak.soak("apple_batches", games=1)
    assert tally.counts["slow game"] == 1, tally.report()


def test_soak_catches_a_save_that_forgets_the_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    module = soak.adapter("apple_batches").module
    fresh = classmethod(lambda cls, text: module.Game.new(players=1))
    monkeypatch.setattr(module.Game, "from_json", fresh)
    tally = soak.soak("apple_batches", games=1)
    assert tally.counts["save twin"] > 0, tally.report()


def _undo_to_the_first_slot(game: ab.Game, player: int, move: ab.Move, step) -> None:
    """A planted bug: apple batches' undo puts the card back at market slot 0, not its own."""
    _slot, round_ = step
    if round_ != game._round:
        game._round = round_
        game._market = []
    game._boards[player].undo()
    game._market.insert(0, move.card)


def test_the_soak_catches_an_undo_that_puts_a_card_back_in_the_wrong_slot(monkeypatch) -> None:
    """The save logs moves, not the market's order, so only the snapshot sees this bug."""
    tally = soak.Tally("apple_batches")
    for seed in range(3):
        soak.soak_game("apple_batches", 2, seed, tally=tally)
    assert tally.failures == 0, tally.report()
    monkeypatch.setattr(ab.Game, "_take_back", _undo_to_the_first_slot)
    planted = soak.Tally("apple_batches")
    for seed in range(3):
        soak.soak_game("apple_batches", 2, seed, tally=planted)
    assert planted.failures > 0
    assert "did not restore the game exactly" in planted.report()
