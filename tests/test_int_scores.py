"""Scores and their parts are Python ints in every game under every switch (issue 28).

A float that equals an int (3.0 == 3) passes every comparison of points, and a numpy integer
prints and saves differently, so these tests ask for ``type(x) is int``: over random games of
the three games, one game for every value the soak draws of every switch (``tests/soak.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from orchard_lab import core
from tests import soak

#: drawn values that no game accepts whatever the player count: there is no game to play
UNPLAYABLE = [("water_drops", "max_size", (3, 3))]  # 9 cards; 5 players get 11 each


def switch_draws() -> list[tuple[str, str, Any]]:
    """(game, switch, value): every value the soak draws, each switch alone."""
    return [
        (name, each.name, value)
        for name in soak.GAMES
        for each in core.switches(soak.adapter(name).module.Rules)
        for value in soak.switch_values(each)
        if (name, each.name, value) not in UNPLAYABLE
    ]


def assert_ints(game: Any) -> None:
    scores = game.scores()
    assert all(type(score) is int for score in scores), scores
    for board in game.boards:
        score = board.score()
        assert type(board.total) is int, repr(board.total)
        assert type(score.total) is int, repr(score.total)
        assert all(type(part) is int for part in score.parts.values()), dict(score.parts)
        snapshot = board.snapshot()
        assert type(snapshot["total"]) is int
        assert all(type(part) is int for _, part in snapshot["parts"])


def play_checked(name: str, rules: dict[str, Any], seed: int) -> int:
    """A random game of ``name`` under ``rules``, scores checked after every move; its moves."""
    ad = soak.adapter(name)
    counts = ad.PLAYER_COUNTS
    game = None
    for i in range(len(counts)):  # player counts in turn from the seed's, up to one accepted
        players = counts[(seed + i) % len(counts)]
        try:
            game = ad.module.Game.new(players=players, seed=seed, rules=ad.module.Rules(**rules))
        except ValueError:  # e.g. a box too small for the orchards of this many players
            continue
        break
    assert game is not None, f"no player count accepted {rules}"
    rng = np.random.default_rng(seed)
    moves = 0
    assert_ints(game)
    while not game.is_over:
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
        moves += 1
        assert_ints(game)
    loaded = type(game).from_json(game.to_json())
    assert_ints(loaded)
    if moves:
        game.undo()
        assert_ints(game)
    return moves


@pytest.mark.parametrize(("name", "switch", "value"), switch_draws())
def test_scores_and_parts_are_ints_under_every_drawn_switch(
    name: str, switch: str, value: Any
) -> None:
    seed = len(switch) * 31 + len(repr(value))
    play_checked(name, {switch: value}, seed)


@pytest.mark.parametrize("name", soak.GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_scores_and_parts_are_ints_under_random_switches(name: str, seed: int) -> None:
    rules = soak.random_rules(name, np.random.default_rng([seed, 28]))
    assert play_checked(name, rules, seed) > 0


@pytest.mark.parametrize(("name", "switch", "value"), UNPLAYABLE)
def test_unplayable_draws_are_refused_for_every_player_count(
    name: str, switch: str, value: Any
) -> None:
    ad = soak.adapter(name)
    for players in ad.PLAYER_COUNTS:
        with pytest.raises(ValueError, match=switch):
            ad.module.Game.new(players=players, seed=0, rules=ad.module.Rules(**{switch: value}))
