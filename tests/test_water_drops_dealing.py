"""Water drops' deal in compiled code (``streams``, issue 24): the engine deals
each game from its seed exactly as ``Game.new`` does through numpy's ``default_rng``.

``simulate``'s comparisons with the shared policies (tests/test_water_drops.py) prove the
deals through whole games; these tests compare the deal itself, over the whole range of the
seeds ``simulate`` draws and at its edges.
"""

from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from orchard_lab import water_drops as wd
from orchard_lab.streams import PCG_WORDS, permute, seed_pcg

SEEDS = st.integers(0, 2**63 - 1)  # what simulate draws: rng.integers(0, 2**63 - 1)


def deal(seed: int, starts: np.ndarray, order: np.ndarray) -> None:
    """The engine's deal: the start cards' order, then the deck's, from one generator."""
    pcg = np.zeros(PCG_WORDS, dtype=np.int64)
    seed_pcg(seed, pcg)
    permute(starts, pcg)
    permute(order, pcg)


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, starts=st.integers(1, 8), cards=st.integers(1, 80))
@example(seed=0, starts=5, cards=50)
@example(seed=2**32 - 1, starts=5, cards=50)  # the largest one-word seed
@example(seed=2**32, starts=5, cards=50)  # the smallest two-word seed
@example(seed=2**63 - 1, starts=5, cards=50)
def test_deal_is_numpys_two_permutations_of_default_rng(seed: int, starts: int, cards: int) -> None:
    """Any seed and any sizes: the generator's first two permutations, so every draw (the
    spare 32-bit half carried from one permutation to the next, the rejections) is numpy's."""
    rng = np.random.default_rng(seed)
    expected_starts, expected_order = rng.permutation(starts), rng.permutation(cards)
    got_starts, got_order = np.zeros(starts, dtype=np.int64), np.zeros(cards, dtype=np.int64)
    deal(seed, got_starts, got_order)
    assert got_starts.tolist() == expected_starts.tolist()
    assert got_order.tolist() == expected_order.tolist()


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, players=st.integers(1, 5))
def test_wd2_wd6_deal_gives_game_news_start_cards_and_draw_pile(seed: int, players: int) -> None:
    """The deal read as cards: each player's start card and the deck in drawing order are
    ``Game.new``'s."""
    deck, start_cards = wd.default_deck(), wd.starting_cards()
    starts, order = np.zeros(len(start_cards), dtype=np.int64), np.zeros(len(deck), np.int64)
    deal(seed, starts, order)
    game = wd.Game.new(players=players, seed=seed)
    assert [start_cards[i] for i in starts[:players]] == [board.start for board in game.boards]
    assert tuple(deck[i] for i in order) == game.deck
