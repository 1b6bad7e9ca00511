"""Every water drops card turned every way, as the arrays the compiled engine reads
(``water_drops.engine``): the cards a game can hold are numbered, the deck's first and then
the start cards', and card ``c`` turned by ``ROTATIONS[t]`` is shape ``4 * c + t``.

A cell is a number as the engine's orchards hold it (fruit -1..-4 in ``FRUITS`` order, a
drop its value 1..9); a shape's groups of equal fruit within the card, with the drops inside
the card beside them, and its drop cells are worked out here once, so a kernel laying a card
only looks at the cells around it (WD-4).

>>> values, groups, fruit, size = shape_tables()[:4]
>>> shape = 4 * card_numbers()[Card.from_text("MP/2P")]  # not turned
>>> values[shape].tolist()  # mango, pear, a drop of 2, pear
[-4, -3, 2, -3]
>>> int(groups[shape]), size[shape, :2].tolist()  # the mango alone, the two pears
(2, [1, 2])
"""

from __future__ import annotations

from functools import cache

import numpy as np

from orchard_lab.water_drops.cards import FRUITS, Card, default_deck, starting_cards
from orchard_lab.water_drops.rules import ROTATIONS

__all__ = ["CELL_NUMBERS", "card_numbers", "every_card", "shape_tables"]

CELL_NUMBERS = {code: -1 - i for i, code in enumerate(FRUITS)} | {str(v): v for v in range(1, 10)}
_INSIDE = ((1, 2), (0, 3), (0, 3), (1, 2))  # neighbours of each card cell within the card


@cache
def every_card() -> tuple[Card, ...]:
    """Every card a game can hold, in the engine's numbering: the deck, then the start cards."""
    return (*default_deck(), *starting_cards())


@cache
def card_numbers() -> dict[Card, int]:
    """Each card's number in ``every_card``."""
    return {card: i for i, card in enumerate(every_card())}


@cache
def shape_tables() -> tuple[np.ndarray, ...]:
    """Every card turned every way (shape ``4 * card + turn``): cell values, its groups of
    equal fruit (fruit, size, card cells, bits of the drops inside the card next to them)
    and its drop cells (bit, card cell)."""
    count = len(every_card()) * len(ROTATIONS)
    values = np.zeros((count, 4), dtype=np.int8)
    ncomp = np.zeros(count, dtype=np.int64)
    cfruit = np.zeros((count, 4), dtype=np.int64)
    csize = np.zeros((count, 4), dtype=np.int64)
    ccells = np.zeros((count, 4, 4), dtype=np.int64)
    cinner = np.zeros((count, 4), dtype=np.int64)
    ndrop = np.zeros(count, dtype=np.int64)
    dbit = np.zeros((count, 4), dtype=np.int64)
    dcell = np.zeros((count, 4), dtype=np.int64)
    for c, card in enumerate(every_card()):
        for t, turn in enumerate(ROTATIONS):
            s = 4 * c + t
            cells = [CELL_NUMBERS[code] for code in card.rotated(turn).cells]
            values[s] = cells
            seen: set[int] = set()
            for p in range(4):
                if cells[p] > 0:
                    dbit[s, ndrop[s]], dcell[s, ndrop[s]] = 1 << cells[p], p
                    ndrop[s] += 1
                elif p not in seen:
                    members, stack = [p], [p]
                    seen.add(p)
                    while stack:
                        for q in _INSIDE[stack.pop()]:
                            if cells[q] == cells[p] and q not in seen:
                                seen.add(q)
                                members.append(q)
                                stack.append(q)
                    k = ncomp[s]
                    cfruit[s, k], csize[s, k] = cells[p], len(members)
                    ccells[s, k, : len(members)] = members
                    inner = {cells[q] for m in members for q in _INSIDE[m] if cells[q] > 0}
                    cinner[s, k] = sum(1 << value for value in inner)
                    ncomp[s] += 1
    return values, ncomp, cfruit, csize, ccells, cinner, ndrop, dbit, dcell
