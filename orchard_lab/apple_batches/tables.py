"""The batch rules as integer lookup tables: legal or not, points gained, next state (AB-3..AB-6).

Each batch's state is a small integer *key*: its card count and the little the rules read
(monochrome's colour, feather's live sweetness and height, the unlucky total, the waiting
card of a pair, steady's heights). The special tree's key also holds which colours grow
outside the bad and special batches (AB-6). Key k of a batch owns the *row* starting at
``offset + k * WIDTH`` of the flat tables, one entry per card index of the default deck:

- ``value[row + card]``: the points the card gains in the batch, or ``ILLEGAL`` if refused;
- ``next[row + card]``: the batch's row once the card is placed there;
- ``lost[row + card]`` (special tree rows): what placing the card in any batch but the
  special and bad ones costs, when it breaks the special tree (AB-6).

``fast`` looks up every game's moves at once with them; tests check every entry against
``Board``.

>>> from orchard_lab.apple_batches import Board
>>> t = tables(Rules())
>>> rows = board_rows(t, Board())
>>> card = card_indexes([Card("red", 3, 2)])[0]
>>> int(t.value[rows[BATCHES.index("steady")] + card])  # the first odd prime
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from orchard_lab.apple_batches.board import Board, feather_live
from orchard_lab.apple_batches.cards import COLOURS, VALUES, Card, default_deck
from orchard_lab.apple_batches.rules import (
    BATCH_CAPACITY,
    BATCHES,
    FORTEPIANO_POINTS_PER_STEP,
    SPECIAL_BONUS,
    SWEET_COUPLE_POINTS,
    UNLUCKY_TARGET,
    Rules,
)

__all__ = ["ILLEGAL", "WIDTH", "Tables", "board_rows", "card_indexes", "tables"]

_DECK = default_deck()
_INDEX = {card: i for i, card in enumerate(_DECK)}
WIDTH = len(_DECK)  # entries per row: one per card
ILLEGAL = -10_000  # far below any gain, even after a lost special tree
MONO, FEATHER, SPECIAL, UNLUCKY, FORTE, COUPLE, STEADY, BAD = range(len(BATCHES))

_COLOUR = np.array([COLOURS.index(card.colour) for card in _DECK])
_HEIGHT = np.array([card.height for card in _DECK])
_SWEETNESS = np.array([card.sweetness for card in _DECK])
_COUNTS = BATCH_CAPACITY + 1  # a batch holds 0..12 cards
_NONE = len(COLOURS)  # the special tree's colour while it is not planted
_LAST = len(VALUES) + 1  # a remembered height or sweetness: 0 (none) or 1..5
_OVER = UNLUCKY_TARGET + 1  # the unlucky total once past 13 (it never comes back)
_HEIGHTS = 1 << len(VALUES)  # steady "any": bit h-1 set for each height h in the batch
_OUTSIDE = 1 << len(COLOURS)  # special tree: bit c set for each colour c grown outside


def card_indexes(cards: Sequence[Card]) -> np.ndarray:
    """Each card's index in the default deck, the columns of the tables.

    Every well-formed card has one, so custom decks (repeats included) work too.

    >>> card_indexes([Card("red", 1, 1), Card("gold", 5, 5)]).tolist()
    [0, 74]
    """
    return np.array([_INDEX[card] for card in cards], dtype=np.intp)


@dataclass(frozen=True)
class Tables:
    """The flat tables of one set of rules; ``start[b]`` is batch b's row when empty."""

    value: np.ndarray  # int16
    next: np.ndarray  # intp
    lost: np.ndarray  # int16
    special_next: np.ndarray  # intp, at ``(special row + card) * 8 + batch``
    start: np.ndarray  # intp, one row per batch
    offset: tuple[int, ...]  # where each batch's rows begin


def _gains(rules: Rules, batch: str) -> np.ndarray:
    """What the n-th card (n = 1..12) adds to a sequence batch, at index n - 1 (AB-4); a
    13th entry for a full batch, which refuses every card."""
    table = rules.points_table(batch)
    return np.diff((*table, table[-1]))


def _keys(*sizes: int) -> tuple[np.ndarray, ...]:
    """Every key's components, each shaped ``(keys, 1)`` to broadcast against the cards."""
    return tuple(part.reshape(-1, 1) for part in np.indices(sizes))


# a batch's tables before they are laid out: for every key (rows) and card (columns), the
# cards the batch holds, whether it takes the card, the points gained and the next key
_Part = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _mono(rules: Rules) -> _Part:
    n, colour = _keys(_COUNTS, len(COLOURS))
    legal = (n == 0) | (colour == _COLOUR)
    return (
        n,
        legal,
        _gains(rules, "monochrome")[n],
        (n + 1) * len(COLOURS) + np.where(n == 0, _COLOUR, colour),
    )


def _feather(rules: Rules) -> _Part:
    n, sweetness, height = _keys(_COUNTS, _LAST, _LAST)  # 0: no longer live (AB-5)
    legal = (n == 0) | (sweetness == _SWEETNESS) | (height == _HEIGHT)
    sweetness = np.where((n == 0) | (sweetness == _SWEETNESS), _SWEETNESS, 0)
    height = np.where((n == 0) | (height == _HEIGHT), _HEIGHT, 0)
    return n, legal, _gains(rules, "feather")[n], ((n + 1) * _LAST + sweetness) * _LAST + height


def _special() -> _Part:
    colour, outside = _keys(_NONE + 1, _OUTSIDE)
    legal = (colour == _NONE) & ((outside >> _COLOUR) & 1 == 0)  # AB-6
    planted = (colour != _NONE).astype(int)
    return planted, legal, np.full_like(colour, SPECIAL_BONUS), _COLOUR * _OUTSIDE + outside


def _unlucky(rules: Rules) -> _Part:
    n, total = _keys(_COUNTS, _OVER + 1)
    after = total + _SWEETNESS
    legal = (after <= UNLUCKY_TARGET) | rules.unlucky_may_bust
    made, had = after == UNLUCKY_TARGET, total == UNLUCKY_TARGET
    table = np.array((*rules.points_table("unlucky"), 0))  # 0..12 apples, and a full batch
    gain = np.where(made, table[n + 1], 0) - np.where(had, table[n], 0)
    return n, legal, gain, (n + 1) * (_OVER + 1) + np.minimum(after, _OVER)


def _fortepiano() -> _Part:
    n, height = _keys(_COUNTS, _LAST)  # the last card's height
    waiting = n % 2 == 1
    legal = ~waiting | (height != _HEIGHT)
    gain = np.where(waiting, FORTEPIANO_POINTS_PER_STEP * np.abs(_HEIGHT - height), 0)
    return n, legal, gain, (n + 1) * _LAST + _HEIGHT


def _sweet_couple() -> _Part:
    n, sweetness = _keys(_COUNTS, _LAST)  # the last card's sweetness
    waiting = n % 2 == 1
    legal = ~waiting | (sweetness == _SWEETNESS)
    return n, legal, np.where(waiting, SWEET_COUPLE_POINTS, 0), (n + 1) * _LAST + _SWEETNESS


def _steady(rules: Rules) -> _Part:
    if rules.steady_reference == "last":
        n, height = _keys(_COUNTS, _LAST)  # the last card's height
        near = np.abs(_HEIGHT - height) <= 1
        after = (n + 1) * _LAST + _HEIGHT
    else:
        n, heights = _keys(_COUNTS, _HEIGHTS)
        near = ((heights << 1) >> (_HEIGHT - 1)) & 0b111 != 0  # a height h-1, h or h+1
        after = (n + 1) * _HEIGHTS + (heights | (1 << (_HEIGHT - 1)))
    return n, (n == 0) | near, _gains(rules, "steady")[n], after


def _bad(rules: Rules) -> _Part:
    (n,) = _keys(_COUNTS)
    return n, n >= 0, np.full_like(n, 0 if rules.easy else -1), n + 1


# the special tree's rows come first: its rows are then ``key * WIDTH``
_LAYOUT = (SPECIAL, MONO, FEATHER, UNLUCKY, FORTE, COUPLE, STEADY, BAD)


@cache
def tables(rules: Rules) -> Tables:
    """The tables of ``rules`` (built once per set of rules, in a few milliseconds)."""
    parts = {
        MONO: _mono(rules),
        FEATHER: _feather(rules),
        SPECIAL: _special(),
        UNLUCKY: _unlucky(rules),
        FORTE: _fortepiano(),
        COUPLE: _sweet_couple(),
        STEADY: _steady(rules),
        BAD: _bad(rules),
    }
    offset, values, nexts, at = [0] * len(BATCHES), [], [], 0
    for batch in _LAYOUT:
        n, legal, gain, after = parts[batch]
        legal = legal & (n < BATCH_CAPACITY)  # a full batch refuses every card (AB-3)
        own = np.arange(len(n)).reshape(-1, 1)
        value = np.broadcast_to(np.where(legal, gain, ILLEGAL), (len(n), WIDTH))
        row_after = np.broadcast_to(at + np.where(legal, after, own) * WIDTH, (len(n), WIDTH))
        offset[batch] = at
        values.append(value.ravel())
        nexts.append(row_after.ravel())
        at += len(n) * WIDTH
    colour, outside = _keys(_NONE + 1, _OUTSIDE)
    breaks = (colour == _COLOUR) & ((outside >> _COLOUR) & 1 == 0)  # an unbroken tree (AB-6)
    lost = np.zeros(at, dtype=np.int16)
    lost[: breaks.size] = np.where(breaks, rules.special_broken_points - SPECIAL_BONUS, 0).ravel()
    # empty: key 0, but the special tree's is "no tree, no colour outside"
    empty = np.where(np.arange(len(BATCHES)) == SPECIAL, _NONE * _OUTSIDE * WIDTH, 0)
    return Tables(
        value=np.concatenate(values).astype(np.int16),
        next=np.concatenate(nexts).astype(np.intp),
        lost=lost,
        special_next=_special_next(),
        start=np.array(offset, dtype=np.intp) + empty,
        offset=tuple(offset),
    )


def _special_next() -> np.ndarray:
    """The special tree's row once a card goes to a batch: the special batch plants it, every
    batch but the bad one grows the card's colour outside (AB-6)."""
    colour, outside = (k.reshape(-1, 1, 1) for k in _keys(_NONE + 1, _OUTSIDE))
    card_colour = _COLOUR.reshape(1, -1, 1)
    batch = np.arange(len(BATCHES)).reshape(1, 1, -1)
    grown = np.where(batch == BAD, outside, outside | (1 << card_colour))
    key = np.where(batch == SPECIAL, card_colour * _OUTSIDE + outside, colour * _OUTSIDE + grown)
    return (key * WIDTH).ravel().astype(np.intp)


def board_rows(t: Tables, board: Board) -> list[int]:
    """The row of each batch of ``board``, in ``BATCHES`` order."""
    cards = board.batches
    n = {batch: len(cards[batch]) for batch in BATCHES}

    def last(batch: str, attribute: str) -> int:
        return getattr(cards[batch][-1], attribute) if cards[batch] else 0

    mono = COLOURS.index(cards["monochrome"][0].colour) if cards["monochrome"] else 0
    sweetness, height = feather_live(cards["feather"])
    tree = COLOURS.index(cards["special"][0].colour) if cards["special"] else _NONE
    outside = sum(1 << i for i, colour in enumerate(COLOURS) if board.colour_outside(colour))
    unlucky = min(sum(card.sweetness for card in cards["unlucky"]), _OVER)
    if board.rules.steady_reference == "last":
        steady = n["steady"] * _LAST + last("steady", "height")
    else:
        heights = sum({1 << (card.height - 1) for card in cards["steady"]})
        steady = n["steady"] * _HEIGHTS + heights
    keys = {
        MONO: n["monochrome"] * len(COLOURS) + mono,
        FEATHER: (n["feather"] * _LAST + sweetness) * _LAST + height,
        SPECIAL: tree * _OUTSIDE + outside,
        UNLUCKY: n["unlucky"] * (_OVER + 1) + unlucky,
        FORTE: n["fortepiano"] * _LAST + last("fortepiano", "height"),
        COUPLE: n["sweet_couple"] * _LAST + last("sweet_couple", "sweetness"),
        STEADY: steady,
        BAD: n["bad"],
    }
    return [t.offset[b] + keys[b] * WIDTH for b in range(len(BATCHES))]
