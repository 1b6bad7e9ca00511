"""One suite over all three games (STYLE.md, after OpenSpiel's games_sim_test).

Random legal play must never break an invariant: no card lost or duplicated, the incremental
score equals the recomputed one, save/load is exact at every step, undo restores exactly,
and every illegal attempt raises IllegalMove and changes nothing. Each game joins through a
small adapter in ``tests/adapters/`` (the candidate moves to try, its full deck, and any
invariant of its own such as the dice supply).
"""

from __future__ import annotations

import functools
import importlib
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orchard_lab import IllegalMove
from tests.soak import state

GAMES = ["apple_batches", "water_drops", "stacked_trees"]


def adapter(name: str):
    return importlib.import_module(f"tests.adapters.{name}")


def check_position(game, ad) -> None:
    assert Counter(game.all_cards()) == Counter(ad.full_deck(game)), "a card was lost or duplicated"
    assert game.scores() == [board.score().total for board in game.boards]
    for board in game.boards:
        score = board.score()
        assert score.total == sum(score.parts.values())
    saved = game.to_json()
    assert state(type(game).from_json(saved)) == state(game)
    ad.check_invariants(game)


def play_random_game(name: str, players: int, seed: int, check_every_step: bool):
    ad = adapter(name)
    game = ad.module.Game.new(players=players, seed=seed)
    rng = np.random.default_rng(seed)
    now = state(game) if check_every_step else None  # taken once a position
    while not game.is_over:
        if check_every_step:
            check_position(game, ad)
            legal = game.legal_moves()
            for move in ad.candidate_moves(game, rng):
                if move in legal:
                    continue
                with pytest.raises(IllegalMove) as info:
                    game.play(move)
                assert info.value.rule and str(info.value)
                assert game.to_json() == now[0], f"illegal {move!r} changed the game's save"
            assert state(game) == now, "an illegal move changed the game"
        moves = game.legal_moves()
        assert moves, "no legal move before the end of the game"
        move = moves[int(rng.integers(len(moves)))]
        game.play(move)
        if check_every_step:
            after = state(game)
            game.undo()
            assert state(game) == now, "undo did not restore the game exactly"
            game = type(game).from_json(now[0])
            game.play(move)
            assert state(game) == after, "a loaded game plays on differently"
            now = after
    check_position(game, ad)
    assert game.legal_moves() == []
    winners = game.winners()
    assert winners and set(winners) <= set(range(players))
    return game


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_every_invariant(name: str, data) -> None:
    ad = adapter(name)
    players = data.draw(st.sampled_from(ad.PLAYER_COUNTS), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    play_random_game(name, players, seed, check_every_step=True)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    ad = adapter(name)
    for players in ad.PLAYER_COUNTS:
        first = play_random_game(name, players, seed=11, check_every_step=False)
        again = play_random_game(name, players, seed=11, check_every_step=False)
        assert state(first) == state(again)


@pytest.mark.parametrize("name", GAMES)
def test_undo_walks_back_to_the_start(name: str) -> None:
    ad = adapter(name)
    game = ad.module.Game.new(players=max(ad.PLAYER_COUNTS), seed=3)
    start = state(game)
    rng = np.random.default_rng(3)
    played = 0
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
        played += 1
    for _ in range(played):
        game.undo()
    assert state(game) == start


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate_shape_and_reproducibility(name: str, policy: str) -> None:
    ad = adapter(name)
    players = ad.PLAYER_COUNTS[-1]
    first = ad.module.simulate(games=20, players=players, policy=policy, seed=5)
    again = ad.module.simulate(games=20, players=players, policy=policy, seed=5)
    assert isinstance(first, np.ndarray) and first.shape == (20, players)
    assert np.array_equal(first, again)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=50).map(repr)))
def test_from_json_rejects_junk_with_value_error(name: str, text: str) -> None:
    with pytest.raises(ValueError):
        adapter(name).module.Game.from_json(text)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_from_json_rejects_corrupted_saves_with_value_error(name: str, data) -> None:
    """Mutate one field of a real save: the result loads exactly or raises ValueError."""
    import json

    ad = adapter(name)
    saved = json.loads(finished_save(name, data.draw(st.integers(0, 99))))
    mutated = ad_mutate(saved, data)
    game_type = ad.module.Game
    try:
        loaded = game_type.from_json(json.dumps(mutated))
    except ValueError:
        return
    assert loaded.to_json() == game_type.from_json(loaded.to_json()).to_json()


@functools.cache
def finished_save(name: str, seed: int) -> str:
    """The save of a random game played to the end (kept: the examples draw 100 seeds)."""
    players = adapter(name).PLAYER_COUNTS[0]
    return play_random_game(name, players, seed, check_every_step=False).to_json()


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 100),
    st.text(max_size=6),
    st.lists(st.integers(-1, 5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def ad_mutate(value, data):
    """Replace one randomly chosen leaf or sub-tree of a JSON value by junk."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        return {**value, key: ad_mutate(value[key], data)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], ad_mutate(value[i], data), *value[i + 1 :]]
    return data.draw(JUNK)
