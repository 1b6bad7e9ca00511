"""The compiled engine of stacked trees (issue 24): whole random and greedy games, dealt and
played in compiled code, are exactly the generic policies' games through ``Game`` objects
under every rule switch (ST-2 to ST-7), and numpy's draws written out (``streams``) are
numpy's, number for number."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from orchard_lab import stacked_trees as st
from orchard_lab import streams
from orchard_lab.policies import run_games
from orchard_lab.stacked_trees import Game, Rules, engine
from tests.test_stacked_trees_batch import rules_strategy  # every switch, drawn


def generic(games: int, players: int, policy: str, rng: np.random.Generator, rules: Rules):
    """The shared ``RandomPolicy`` or ``GreedyPolicy`` playing ``Game`` objects."""
    return run_games(lambda s: Game.new(players=players, seed=s, rules=rules), games, players,
                     policy, rng)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(seed=hst.integers(0, 2**63 - 2), cards=hst.sampled_from([1, 2, 9, 18, 40, 1000]))
def test_streams_deal_is_numpys_permutation(seed: int, cards: int) -> None:
    """ST-2: ``Game.new``'s shuffle, ``default_rng(seed).permutation``, number for number."""
    order = np.zeros(cards, dtype=np.int64)
    streams.deal(seed, order, np.zeros(streams.PCG_WORDS, dtype=np.int64))
    assert order.tolist() == np.random.default_rng(seed).permutation(cards).tolist()


@settings(max_examples=30, deadline=None)
@given(
    seed=hst.integers(0, 2**32),
    counts=hst.lists(hst.integers(2, 2**31) | hst.just(3 << 29), min_size=1, max_size=20),
)
def test_streams_lemire_is_numpys_integers(seed: int, counts: list[int]) -> None:
    """``RandomPolicy``'s ``Generator.integers(n)`` from the generator's 32-bit words, with
    numpy's rejections (a count of 3 * 2**29 rejects a word in four) and the words used."""
    words = np.random.default_rng(seed).integers(0, 2**32, size=200, dtype=np.uint32)
    used = np.zeros(1, dtype=np.int64)
    rng = np.random.default_rng(seed)
    picks = [streams.lemire(words.astype(np.int64), used, count) for count in counts]
    assert picks == [int(rng.integers(count)) for count in counts]
    after = np.random.default_rng(seed)
    after.integers(0, 2**32, size=int(used[0]), dtype=np.uint32)
    assert after.bit_generator.state == rng.bit_generator.state
    assert streams.lemire(words[:0].astype(np.int64), used[:1] * 0, 5) == -1  # no words left


@settings(max_examples=25, deadline=None)
@given(
    rules=rules_strategy,
    players=hst.integers(1, 3),
    seed=hst.integers(0, 2**32),
)
def test_st7_engine_random_tables_are_random_policys_under_every_switch(
    rules: Rules, players: int, seed: int
) -> None:
    """ST-2..ST-7, any switch, 1 to 3 players: the compiled random games are
    ``RandomPolicy``'s through ``Game`` with the same seed, and the generator moves on by
    exactly the draws those games take."""
    fast_rng, generic_rng = np.random.default_rng(seed), np.random.default_rng(seed)
    fast = engine.table(3, players, "random", fast_rng, rules)
    assert np.array_equal(fast, generic(3, players, "random", generic_rng, rules))
    assert fast_rng.bit_generator.state == generic_rng.bit_generator.state


@settings(max_examples=20, deadline=None)
@given(
    rules=rules_strategy,
    players=hst.integers(1, 2),
    seed=hst.integers(0, 2**32),
)
def test_st7_engine_greedy_tables_are_greedy_policys_under_every_switch(
    rules: Rules, players: int, seed: int
) -> None:
    """ST-2..ST-7, any switch: the compiled greedy games are ``GreedyPolicy``'s (ties to the
    first legal move) through ``Game`` with the same seed."""
    rules = replace(rules, cards_per_game=min(rules.cards_per_game, 12))  # generic play is slow
    fast = engine.table(2, players, "greedy", np.random.default_rng(seed), rules)
    assert np.array_equal(fast, generic(2, players, "greedy", np.random.default_rng(seed), rules))


def test_st6_engine_simulate_is_the_generic_table_with_many_players() -> None:
    """ST-6/ST-7: ``simulate`` goes through the engine; with 5 players some finish early
    (no token left to place a card) while the others play on, in turn."""
    rules = Rules(rotten_tokens=0, hand_size=1, cards_per_game=12)
    for policy in ("random", "greedy"):
        fast = st.simulate(games=4, players=5, policy=policy, seed=8, rules=rules)
        assert np.array_equal(fast, generic(4, 5, policy, np.random.default_rng(8), rules))


def test_engine_plays_on_when_the_words_run_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play stops before a game its words do not last for: the games before are
    played, the words they used counted, and ``table`` draws more and plays on (here one
    game at a time) to the generic table."""
    rules = Rules()
    seeds = np.random.default_rng(1).integers(0, 2**63 - 1, size=6)
    words = np.random.default_rng(2).integers(0, 2**32, size=20, dtype=np.uint32)
    scores, done, used = engine.play(seeds, 1, rules, greedy=False, words=words)
    assert 0 < done < 6 and 0 < used <= 20 and not scores[done:].any()
    full, all_done, _ = engine.play(seeds, 1, rules, greedy=False, words=np.tile(words, 10))
    assert all_done == 6 and np.array_equal(full[:done], scores[:done])
    rng, same = np.random.default_rng(3), np.random.default_rng(3)
    monkeypatch.setattr(engine, "WORDS", 1)  # one game per kernel call
    fast = engine.table(5, 2, "random", rng, rules)
    assert np.array_equal(fast, generic(5, 2, "random", same, rules))


def test_engine_empty_tables() -> None:
    for policy in ("random", "greedy"):
        assert engine.table(0, 3, policy, np.random.default_rng(0), Rules()).shape == (0, 3)
