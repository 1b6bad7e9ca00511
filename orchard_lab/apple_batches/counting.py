"""Exact counting for the unlucky batch: how often do k cards make exactly 13 (AB-4)?

>>> ways_to_make_13(3)
3150
>>> probability_of_13(3)
Fraction(126, 2701)
>>> partitions_of_13(parts=3)
[(5, 5, 3), (5, 4, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from orchard_lab.apple_batches.cards import VALUES, Card, default_deck
from orchard_lab.apple_batches.rules import MAX_DECK_CARDS, UNLUCKY_TARGET
from orchard_lab.core import check_int, check_type

__all__ = ["partitions_of_13", "probability_of_13", "ways_to_make_13"]


def _deck(deck: Sequence[Card] | None) -> list[Card]:
    """``deck`` checked like ``Game.new``'s: a list or tuple of at most MAX_DECK_CARDS Cards."""
    if deck is None:
        return default_deck()
    check_type(deck, (list, tuple), "deck")
    if len(deck) > MAX_DECK_CARDS:
        raise ValueError(f"deck must hold at most {MAX_DECK_CARDS} cards, got {len(deck)}")
    for card in deck:
        check_type(card, Card, "every card of deck")
    return list(deck)


def ways_to_make_13(k: int, deck: Sequence[Card] | None = None) -> int:
    """How many k-card subsets of ``deck`` (default: the 75 cards) have sweetness total 13.

    Counted exactly, card by card: ``ways[j][t]`` is the number of j-card subsets of the cards
    seen so far with sweetness total t.

    >>> ways_to_make_13(1), ways_to_make_13(14)
    (0, 0)
    """
    k = check_int(k, "k", 0)
    cards = _deck(deck)
    if k > UNLUCKY_TARGET:  # every apple is at least 1 sweet: more than 13 pass 13
        return 0
    ways = [[0] * (UNLUCKY_TARGET + 1) for _ in range(k + 1)]
    ways[0][0] = 1
    for card in cards:
        for j in range(k, 0, -1):
            for total in range(UNLUCKY_TARGET, card.sweetness - 1, -1):
                ways[j][total] += ways[j - 1][total - card.sweetness]
    return ways[k][UNLUCKY_TARGET]


def probability_of_13(k: int, deck: Sequence[Card] | None = None) -> Fraction:
    """The chance that k cards drawn at random from ``deck`` have sweetness total exactly 13.

    >>> probability_of_13(2)
    Fraction(0, 1)
    """
    k = check_int(k, "k", 0)
    size = len(_deck(deck))
    if k > size:
        raise ValueError(f"k must be at most the deck size {size}, got {k}")
    return Fraction(ways_to_make_13(k, deck), comb(size, k))


def partitions_of_13(parts: int | None = None) -> list[tuple[int, ...]]:
    """The ways to write 13 as a sum of sweetness values 1-5, largest first.

    ``parts`` keeps only the sums of that many values (the number of cards).

    >>> len(partitions_of_13()), partitions_of_13(parts=13)
    (57, [(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)])
    """
    if parts is not None:
        parts = check_int(parts, "parts", 0)
    found: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], left: int) -> None:
        if left == 0:
            found.append(prefix)
            return
        for value in sorted(VALUES, reverse=True):
            if value <= left and (not prefix or value <= prefix[-1]):
                extend((*prefix, value), left - value)

    extend((), UNLUCKY_TARGET)
    return [p for p in found if parts is None or len(p) == parts]
