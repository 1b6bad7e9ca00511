"""Cards of stacked trees (ST-1): six trees in 2 rows x 3 columns, turned in quarter turns.

>>> card = Card.from_text("APL/LAP")
>>> str(card.rotated(90))
'LA/AP/PL'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

FRUITS = ("A", "P", "L")
FRUIT_NAMES = {"A": "apple", "P": "pear", "L": "plum"}
ROTATIONS = (0, 90, 180, 270)
DECK_FILE = "stacked_trees_deck.txt"


def check_rotation(rotation: object, name: str = "rotation") -> int:
    """``rotation`` taken mod 360: TypeError if not an int, ValueError (naming it) if it is not a
    multiple of 90.

    >>> check_rotation(-90)
    270
    """
    if isinstance(rotation, bool) or not isinstance(rotation, int):
        raise TypeError(f"{name} must be a whole number of degrees, not {rotation!r}")
    if rotation % 90:
        raise ValueError(f"{name} must be a multiple of 90 (0, 90, 180, 270), got {rotation}")
    return rotation % 360


@dataclass(frozen=True)
class Card:
    """A card of trees, row by row: ``Card(("APL", "LAP"))``; a turned card has 3 rows of 2.

    >>> Card.from_text("APL/LAP").rows
    ('APL', 'LAP')
    """

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        rows = self.rows
        if not isinstance(rows, tuple) or not all(isinstance(row, str) for row in rows):
            raise TypeError(f"rows must be a tuple of strings, got {rows!r}")
        shape = (len(rows), len(rows[0]) if rows else 0)
        if shape not in ((2, 3), (3, 2)) or any(len(row) != shape[1] for row in rows):
            raise ValueError(f"a card has 2 rows of 3 trees (or 3 rows of 2 when turned): {rows!r}")
        bad = sorted({tree for row in rows for tree in row} - set(FRUITS))
        if bad:
            raise ValueError(f"trees are A (apple), P (pear) or L (plum), not {bad[0]!r}")

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Read ``"APL/LAP"``: rows split by ``/``, A apple, P pear, L plum.

        >>> Card.from_text(" APL / LAP ") == Card.from_text("APL/LAP")
        True
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a string like 'APL/LAP', got {type(text).__name__}")
        return cls(tuple(row.strip() for row in text.strip().split("/")))

    def __str__(self) -> str:
        return "/".join(self.rows)

    def __repr__(self) -> str:
        return f"Card.from_text({str(self)!r})"

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def rotated(self, degrees: int) -> Card:
        """The card turned clockwise by ``degrees`` (a multiple of 90, taken mod 360).

        >>> str(Card.from_text("APL/LAP").rotated(180))
        'PAL/LPA'
        """
        return rotated_card(self, check_rotation(degrees, "degrees"))

    def count(self, fruit: str) -> int:
        """How many trees of ``fruit`` the card shows."""
        return sum(row.count(fruit) for row in self.rows)


@lru_cache(maxsize=4096)
def rotated_card(card: Card, rotation: int) -> Card:
    """``card`` turned clockwise by a checked ``rotation`` in 0, 90, 180, 270 (cached)."""
    rows = card.rows
    for _ in range(rotation // 90):
        rows = tuple("".join(row[c] for row in reversed(rows)) for c in range(len(rows[0])))
    return Card(rows)


@lru_cache(maxsize=4096)
def trees(card: Card, rotation: int) -> tuple[tuple[int, int, str], ...]:
    """The (row, col, fruit) of each tree of the turned card, in reading order (cached)."""
    turned = rotated_card(card, rotation)
    return tuple((r, c, fruit) for r, row in enumerate(turned.rows) for c, fruit in enumerate(row))


def same_under_rotation(first: Card, second: Card) -> bool:
    """Whether some quarter turn of ``first`` shows exactly ``second``.

    >>> same_under_rotation(Card.from_text("APL/LAP"), Card.from_text("PAL/LPA"))
    True
    """
    return any(rotated_card(first, rotation) == second for rotation in ROTATIONS)


def default_deck() -> list[Card]:
    """The project's 18 cards (ST-8), read from ``data/stacked_trees_deck.txt``.

    >>> len(default_deck())
    18
    """
    return list(_default_deck())


@lru_cache(maxsize=1)
def _default_deck() -> tuple[Card, ...]:
    text = resources.files("orchard_lab").joinpath("data", DECK_FILE).read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(Card.from_text(line) for line in lines if line and not line.startswith("#"))
