"""Water drops cards (WD-1): a 2×2 block of fruit and drop cells, and the designed deck (WD-6).

>>> card = Card.from_text("BC/3M")
>>> card.cells
('B', 'C', '3', 'M')
>>> str(card.rotated(90))
'3B/MC'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

__all__ = [
    "CODES",
    "DROPS",
    "FRUITS",
    "FRUIT_NAMES",
    "Card",
    "default_deck",
    "starting_cards",
]

FRUITS = ("B", "C", "P", "M")
FRUIT_NAMES = {
    "B": ("banana", "bananas"),
    "C": ("cherry", "cherries"),
    "P": ("pear", "pears"),
    "M": ("mango", "mangoes"),
}
DROPS = tuple(str(value) for value in range(1, 10))
CODES = FRUITS + DROPS
DECK_FILE = "water_drops_deck.txt"


def check_degrees(degrees: object, name: str = "degrees") -> int:
    """``degrees`` taken mod 360 when it is a whole number of quarter turns, else an error."""
    if isinstance(degrees, bool) or not isinstance(degrees, int | np.integer):
        raise TypeError(f"{name} must be an int multiple of 90, not {type(degrees).__name__}")
    if degrees % 90:
        raise ValueError(f"{name} must be a multiple of 90, got {degrees}")
    return int(degrees) % 360


@dataclass(frozen=True)
class Card:
    """Four cells row by row (top-left, top-right, bottom-left, bottom-right), WD-1.

    A cell is a fruit code (B banana, C cherry, P pear, M mango) or a drop value "1"-"9".

    >>> Card(("B", "C", "3", "M")) == Card.from_text("BC/3M")
    True
    """

    cells: tuple[str, str, str, str]

    def __post_init__(self) -> None:
        cells = self.cells
        if not isinstance(cells, tuple | list) or len(cells) != 4:
            raise ValueError(f"cells must be 4 cell codes, got {cells!r}")
        for code in cells:
            if code not in CODES:
                raise ValueError(
                    f"cells: {code!r} is not a cell; use B, C, P, M or a drop value 1-9"
                )
        object.__setattr__(self, "cells", tuple(cells))

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Parse ``"BC/3M"``: two rows of two cells, split by ``/``.

        >>> Card.from_text("PP/1P").fruits
        3
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str like 'BC/3M', not {type(text).__name__}")
        rows = text.strip().split("/")
        if len(rows) != 2 or any(len(row) != 2 for row in rows):
            raise ValueError(f"text must be two rows of two cells like 'BC/3M', got {text!r}")
        top, bottom = rows
        return cls((top[0], top[1], bottom[0], bottom[1]))

    def __str__(self) -> str:
        a, b, c, d = self.cells
        return f"{a}{b}/{c}{d}"

    def __repr__(self) -> str:
        return f"Card.from_text({str(self)!r})"

    def rotated(self, degrees: int) -> Card:
        """The card turned clockwise by a multiple of 90 degrees (taken mod 360).

        >>> str(Card.from_text("BC/3M").rotated(-90))
        'CM/B3'
        """
        card = self
        for _ in range(check_degrees(degrees) // 90):
            a, b, c, d = card.cells
            card = Card((c, a, d, b))
        return card

    @property
    def fruits(self) -> int:
        """How many of the four cells are fruit."""
        return sum(code in FRUIT_NAMES for code in self.cells)

    @property
    def drops(self) -> tuple[int, ...]:
        """The drop values on the card, in reading order."""
        return tuple(int(code) for code in self.cells if code not in FRUIT_NAMES)


@cache
def _load_deck() -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    text = resources.files("orchard_lab.data").joinpath(DECK_FILE).read_text(encoding="utf-8")
    return parse_deck(text)


def parse_deck(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The deck's cards and the start cards of a deck file.

    Lines are ``[deck]`` or ``[start]`` (a section), ``# ...`` (a note) or a card.

    >>> parse_deck("[deck]\\nBC/3M\\n[start]\\nBP/2C")
    ((Card.from_text('BC/3M'),), (Card.from_text('BP/2C'),))
    """
    sections: dict[str, list[Card]] = {"deck": [], "start": []}
    current: list[Card] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]") and line[1:-1] in sections:
            current = sections[line[1:-1]]
        elif current is None:
            raise ValueError(f"deck line {number}: a card before any [deck]/[start] section")
        else:
            current.append(Card.from_text(line))
    return tuple(sections["deck"]), tuple(sections["start"])


def default_deck() -> list[Card]:
    """The 50 cards of the default deck (WD-6), in the order of the deck file.

    >>> len(default_deck()), all(card.fruits for card in default_deck())
    (50, True)
    """
    return list(_load_deck()[0])


def starting_cards() -> list[Card]:
    """The 5 distinct start cards, kept apart from the deck (WD-1).

    >>> len(set(starting_cards()))
    5
    """
    return list(_load_deck()[1])
