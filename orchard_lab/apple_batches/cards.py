"""Apple cards, the deck, the batch names and the rule switches (RULES.md AB-1, AB-4).

>>> card = Card(colour="red", height=3, sweetness=2)
>>> str(card), Card.from_text("red h3 s2") == card
('red h3 s2', True)
>>> len(default_deck())
75
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from typing import Any

from orchard_lab.core import GameFacts, check_switches, switch

COLOURS = ("red", "green", "gold")
VALUES = (1, 2, 3, 4, 5)
BATCHES = (
    "monochrome",
    "feather",
    "special",
    "unlucky",
    "fortepiano",
    "sweet_couple",
    "steady",
    "bad",
)
BATCH_NAMES = {  # the one name a learner reads for each batch, everywhere
    "monochrome": "monochrome",
    "feather": "feather",
    "special": "special tree",
    "unlucky": "unlucky 13",
    "fortepiano": "fortepiano",
    "sweet_couple": "sweet couple",
    "steady": "steady height",
    "bad": "bad batch",
}
BATCH_CAPACITY = 12  # AB-3
CARDS_PER_PLAYER = 12  # AB-2
UNLUCKY_TARGET = 13  # AB-4
SPECIAL_BONUS = 20  # AB-6
STEADY_REFERENCES = ("last", "any")

_TEXT = re.compile(r"^\s*(red|green|gold)\s+h(\d)\s+s(\d)\s*$")


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
        if match is None or int(match[2]) not in VALUES or int(match[3]) not in VALUES:
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


@dataclass(frozen=True)
class Rules:
    """The rule switches of the rules reference; the defaults are the standard rules.

    Each switch describes itself (``core.switches(Rules)``): a label, a line of help and its
    allowed values.

    >>> Rules(easy=True).easy
    True
    """

    easy: bool = switch(
        False, label="easy mode", help="The bad batch costs nothing instead of −1 an apple.",
        rule="AB-4",
    )  # fmt: skip
    unlucky_may_bust: bool = switch(
        False, label="unlucky may pass 13",
        help="Apples may take the unlucky batch past sweetness 13; it then scores 0.", rule="AB-4",
    )  # fmt: skip
    steady_reference: str = switch(
        "last", label="steady height compares with",
        help="A steady apple must be within 1 of the last apple's height, or of any earlier one.",
        options=(("the last apple", "last"), ("any earlier apple", "any")), rule="AB-4",
    )  # fmt: skip
    special_broken_points: int = switch(
        0, label="broken special tree scores",
        help="What the special tree scores once an apple of its colour grows elsewhere.",
        low=-SPECIAL_BONUS, high=SPECIAL_BONUS, rule="AB-6",
    )  # fmt: skip

    def __post_init__(self) -> None:
        check_switches(self)

    def to_dict(self) -> dict[str, Any]:
        """The switches as a plain dict (for saved games)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from ``to_dict()``'s output; anything else raises ``ValueError``.

        >>> Rules.from_dict({"easy": True}) == Rules(easy=True)
        True
        """
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a JSON object, got {data!r}")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown rule switches: {sorted(map(str, unknown))}")
        try:
            return cls(**data)
        except TypeError as exc:
            raise ValueError(str(exc)) from None


FACTS = GameFacts(
    name="apple_batches",
    title="apple batches",
    min_players=1,
    max_players=6,
    rules={
        "AB-1": "Cards",
        "AB-2": "Players and rounds",
        "AB-3": "Placing",
        "AB-4": "The batches",
        "AB-5": "Apples of a feather",
        "AB-6": "Special colour tree",
        "AB-7": "Winning",
    },
    min_score=-32,  # a broken special tree at -20 and 11 apples in the bad batch
    max_score=144,  # 12 apples in the unlucky batch summing to 13: 12²
)


def card_key(card: Card) -> tuple[int, int, int]:
    """Sort key putting cards in deck order (colour, height, sweetness)."""
    return COLOURS.index(card.colour), card.height, card.sweetness
