"""Apple cards and the default deck (docs/rules.md AB-1).

>>> card = Card(colour="red", height=3, sweetness=2)
>>> str(card), Card.from_text("red h3 s2") == card
('red h3 s2', True)
>>> len(default_deck())
75
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["COLOURS", "VALUES", "Card", "default_deck"]

COLOURS = ("red", "green", "gold")
VALUES = (1, 2, 3, 4, 5)

# ASCII only: "\d" and "\s" would also match other scripts' digits and spaces (٣ is a 3).
_TEXT = re.compile(r"^\s*(red|green|gold)\s+h([1-5])\s+s([1-5])\s*$", re.ASCII)


def _check_value(value: Any, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer 1-5, not {type(value).__name__}")
    if value not in VALUES:
        raise ValueError(f"{name} must be between 1 and 5, got {value}")


@dataclass(frozen=True)
class Card:
    """One apple card (AB-1): a colour, a height 1-5 and a sweetness 1-5.

    >>> Card("gold", 5, 1)
    Card(colour='gold', height=5, sweetness=1)
    """

    colour: str
    height: int
    sweetness: int

    def __post_init__(self) -> None:
        if not isinstance(self.colour, str):
            raise TypeError(f"colour must be a string, not {type(self.colour).__name__}")
        if self.colour not in COLOURS:
            raise ValueError(f"colour must be one of {', '.join(COLOURS)}, got {self.colour!r}")
        _check_value(self.height, "height")
        _check_value(self.sweetness, "sweetness")

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Read a card written as ``str(card)`` does: colour, ``h`` height, ``s`` sweetness.

        >>> Card.from_text("green h1 s5").sweetness
        5
        """
        if not isinstance(text, str):
            raise TypeError(f"card text must be a string, not {type(text).__name__}")
        match = _TEXT.match(text.lower())
        if match is None:
            raise ValueError(f"{text!r} is not a card; write it like 'red h3 s2'")
        return cls(match[1], int(match[2]), int(match[3]))

    def __str__(self) -> str:
        return f"{self.colour} h{self.height} s{self.sweetness}"


def default_deck() -> list[Card]:
    """The 75 cards, one per (colour, height, sweetness), colour by colour (AB-1).

    >>> default_deck()[0], default_deck()[-1]
    (Card(colour='red', height=1, sweetness=1), Card(colour='gold', height=5, sweetness=5))
    """
    return [Card(c, h, s) for c in COLOURS for h in VALUES for s in VALUES]
