"""The switches of stacked trees (ST-2, ST-4, ST-5, ST-6), a move, and the rating table.

>>> Rules().ladder
(1, 3, 6, 10)
>>> rating(47)
'Plum-believable'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from orchard_lab.core import GameFacts, require_int
from orchard_lab.stacked_trees.cards import Card

RATINGS = (
    (55, "Almost imposs-apple!"),
    (50, "Close to Pear-fect"),
    (45, "Plum-believable"),
    (40, "Tree-mendous"),
    (35, "Remark-apple"),
    (30, "Satisfac-tree"),
    (25, "Forget-apple"),
)
LOWEST_RATING = "Pal-tree"


def rating(score: int) -> str:
    """The ST-6 rating of a final score: below 25 "Pal-tree" ... 55 and up "Almost imposs-apple!".

    >>> rating(24), rating(25), rating(55)
    ('Pal-tree', 'Forget-apple', 'Almost imposs-apple!')
    """
    score = require_int(score, "score")
    return next((name for low, name in RATINGS if score >= low), LOWEST_RATING)


FACTS = GameFacts(
    name="stacked_trees",
    title="stacked trees",
    min_players=1,
    max_players=64,
    rules={
        "ST-1": "Cards",
        "ST-2": "Setting up",
        "ST-3": "A turn",
        "ST-4": "Dice",
        "ST-5": "Rotten fruit",
        "ST-6": "End and score",
        "ST-7": "Several players",
        "ST-8": "The deck",
    },
    min_score=-6,  # both rotten tokens and no die
    max_score=150,  # all 15 dice at the top of the ladder
)


@dataclass(frozen=True)
class Rules:
    """Every switch of stacked trees; the defaults are the seeds' rules.

    - ``dice_per_fruit``: dice of each fruit in the supply (ST-2, 5).
    - ``rotten_tokens``: rotten fruit tokens per game (ST-5, 2); ``rotten_penalty``: points
      lost per token used (ST-6, 3).
    - ``ladder``: the values a die climbs (ST-4, 1 -> 3 -> 6 -> 10); it stays on the last.
    - ``cards_per_game``: cards dealt for one game (ST-2, 9); ``hand_size``: cards in hand (2).

    >>> Rules(ladder=(1, 2, 3)).ladder
    (1, 2, 3)
    """

    dice_per_fruit: int = 5
    rotten_tokens: int = 2
    rotten_penalty: int = 3
    ladder: tuple[int, ...] = (1, 3, 6, 10)
    cards_per_game: int = 9
    hand_size: int = 2

    def __post_init__(self) -> None:
        for name, low in (
            ("dice_per_fruit", 0),
            ("rotten_tokens", 0),
            ("rotten_penalty", 0),
            ("cards_per_game", 1),
            ("hand_size", 1),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, got {type(value).__name__}")
            require_int(value, name, low)
        ladder = self.ladder
        if isinstance(ladder, list):
            ladder = tuple(ladder)
            object.__setattr__(self, "ladder", ladder)
        if not isinstance(ladder, tuple) or not ladder:
            raise TypeError(f"ladder must be a non-empty tuple of ints, got {ladder!r}")
        for value in ladder:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"ladder must hold ints, got {value!r}")
        if ladder[0] < 1 or any(b <= a for a, b in pairwise(ladder)):
            raise ValueError(f"ladder must climb strictly from a value >= 1, got {ladder}")

    def climb(self, value: int) -> int:
        """The die value after one more tree on top (ST-4); the top of the ladder stays.

        >>> Rules().climb(6), Rules().climb(10)
        (10, 10)
        """
        ladder = self.ladder
        i = ladder.index(value)
        return ladder[min(i + 1, len(ladder) - 1)]


@dataclass(frozen=True)
class Move:
    """Play ``card`` from the hand with its turned top-left tree at ``at`` = (row, col).

    >>> Move(Card.from_text("APL/LAP"), (0, 1), rotation=180).at
    (0, 1)
    """

    card: Card
    at: tuple[int, int]
    rotation: int = 0
    rotten: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.at, list):
            object.__setattr__(self, "at", tuple(self.at))
