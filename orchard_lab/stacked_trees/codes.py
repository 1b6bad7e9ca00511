"""Deal codes for a class challenge: a short code that deals everyone the same cards in order.

A code names which cards of the 18-card box (ST-8) are dealt and in which order, as one
whole number written with 31 easy-to-read symbols (2-9 and the letters without I, O and U),
then one check symbol. It encodes the cards themselves, not a random seed, so every machine
reads the same deal. A mistyped symbol, or two neighbours swapped, breaks the check and the
code is refused with a ValueError that says so.

>>> from orchard_lab.stacked_trees import Game
>>> game = Game.new(seed=4)
>>> code = deal_code(game.order)
>>> code
'ST-4LT6-M5AV'
>>> read_code(code) == game.order and read_code(code.lower().replace("-", " ")) == game.order
True
>>> Game.from_code(code).order == game.order
True
"""

from __future__ import annotations

from collections.abc import Sequence
from math import perm

from orchard_lab.stacked_trees.cards import Card, default_deck
from orchard_lab.stacked_trees.rules import MAX_CARDS

__all__ = ["CODE_SYMBOLS", "PREFIX", "check_value", "deal_code", "read_code"]

CODE_SYMBOLS = "23456789ABCDEFGHJKLMNPQRSTVWXYZ"  # 31 symbols: no 0/O, 1/I/L mix-ups, no U
PREFIX = "ST"
_BASE = len(CODE_SYMBOLS)  # a prime, so the weighted check catches every single slip
_VALUE = {symbol: i for i, symbol in enumerate(CODE_SYMBOLS)}
_MIN_BODY = 7  # a standard 9-card deal fits in 7 symbols


def _box() -> list[Card]:
    return default_deck()


def _offset(cards: int, box: int) -> int:
    """How many numbers the deals of fewer than ``cards`` cards use (they come first)."""
    return sum(perm(box, k) for k in range(1, cards))


def check_value(values: Sequence[int]) -> int:
    """The check symbol's value: with it (weight 1) the weighted sum is a multiple of 31.

    The weights 2, 3, ..., 30 repeat, so for codes of any length no weight is a multiple of 31
    (every single slip changes the sum) and neighbours' weights differ, the check symbol's
    too (every swap of two different neighbours changes it). Result codes use it as well.

    >>> check_value([0, 1]), check_value([1] * 29 + [1])
    (28, 30)
    """
    return -sum((i % 29 + 2) * v for i, v in enumerate(values)) % _BASE


def deal_code(order: Sequence[Card]) -> str:
    """The deal code of ``order``: different cards of the standard box, in the order dealt.

    >>> deal_code(default_deck()[:9])
    'ST-47QS-4Z79'
    """
    box = _box()
    if isinstance(order, str) or not isinstance(order, Sequence):
        raise TypeError(f"order must be a sequence of Card values, not {type(order).__name__}")
    if not 1 <= len(order) <= MAX_CARDS:
        raise ValueError(f"a deal code holds 1 to {MAX_CARDS} cards, got {len(order)}")
    left = list(range(len(box)))
    rank = 0
    for card in order:
        if not isinstance(card, Card):
            raise TypeError(f"order must hold Card values, not {type(card).__name__}")
        if card not in box:
            raise ValueError(f"only cards of the standard box have a deal code, not {card}")
        index = box.index(card)
        if index not in left:
            raise ValueError(f"a deal code deals each card once, but {card} comes twice")
        rank = rank * len(left) + left.index(index)
        left.remove(index)
    number = _offset(len(order), len(box)) + rank
    values: list[int] = []
    while number or len(values) < _MIN_BODY:
        number, digit = divmod(number, _BASE)
        values.append(digit)
    values.reverse()
    symbols = "".join(CODE_SYMBOLS[v] for v in (*values, check_value(values)))
    groups = [symbols[i : i + 4] for i in range(0, len(symbols), 4)]
    return "-".join([PREFIX, *groups])


def read_code(code: str) -> tuple[Card, ...]:
    """The cards a deal code deals, in order; ValueError for a mistyped or broken code.

    Upper or lower case, dashes and spaces do not matter; the ``ST`` in front may be left out.

    >>> read_code("st 47qs 4z79") == tuple(default_deck()[:9])
    True
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be text like 'ST-4LT6-M5AV', not {type(code).__name__}")
    text = "".join(code.upper().replace("-", " ").split())
    if len(text) > 40:
        raise ValueError(f"a deal code is short, like 'ST-4LT6-M5AV'; {code[:20]!r}… is too long")
    text = text.removeprefix(PREFIX)
    wrong = sorted({symbol for symbol in text if symbol not in _VALUE})
    if wrong:
        raise ValueError(
            f"{wrong[0]!r} is not used in deal codes (they use 2-9 and the letters except "
            f"I, O and U): check the code {code!r}"
        )
    if len(text) < _MIN_BODY + 1:
        raise ValueError(f"the deal code {code!r} is too short: check that no symbol is missing")
    values = [_VALUE[symbol] for symbol in text]
    if check_value(values[:-1]) != values[-1]:
        raise ValueError(
            f"the deal code {code!r} does not check out: a symbol is mistyped or two are swapped"
        )
    number = 0
    for value in values[:-1]:
        number = number * _BASE + value
    box = _box()
    cards = 1
    while cards <= min(MAX_CARDS, len(box)) and number >= perm(len(box), cards):
        number -= perm(len(box), cards)
        cards += 1
    if cards > min(MAX_CARDS, len(box)):
        raise ValueError(f"the deal code {code!r} is not a deal of the {len(box)} cards")
    left = list(range(len(box)))
    digits = []
    for k in range(cards):  # the mixed-radix digits, last card first
        base = len(box) - cards + 1 + k
        number, digit = divmod(number, base)
        digits.append(digit)
    order = []
    for digit in reversed(digits):
        order.append(box[left.pop(digit)])
    return tuple(order)
