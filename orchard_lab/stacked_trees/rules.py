"""The switches of stacked trees (ST-2, ST-4, ST-5, ST-6), a move, the declared facts and limits,
and the rating table.

Limits (checked before any work, so the cost of every call is at most linear in its input):
1 to ``MAX_PLAYERS`` = 64 players (``FACTS``; ``Game.new``, ``from_json`` and ``simulate``
alike), ``cards_per_game`` up to 18, ``hand_size`` up to 6, ``dice_per_fruit`` up to 20,
``rotten_tokens`` up to 12, ``rotten_penalty`` up to 10, a ladder of up to 20 values up to
10**6, decks and saved card lists of up to 1,000 cards, ``MAX_GAMES`` = 1,000,000 games and
``core.MAX_ROLLOUTS`` = 1,000 rollouts per call.

>>> Rules().ladder
(1, 3, 6, 10)
>>> rating(47)
'Plum-believable'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from orchard_lab.core import (
    GameFacts,
    check_bool,
    check_int,
    check_pair,
    check_switches,
    switch,
)
from orchard_lab.language import N_
from orchard_lab.stacked_trees.cards import Card, check_rotation

# Upper limits of what one call may ask for (issue 14: the work of any input is bounded).
MAX_PLAYERS = 64  # orchards at one table (ST-7)
MAX_CARDS = 18  # cards_per_game: the whole box (ST-1), so simulate can always deal it
MAX_HAND = 6  # hand_size
MAX_DICE = 20  # dice_per_fruit
MAX_TOKENS = 12  # rotten_tokens (a card has 6 trees, so one card spends at most 6)
MAX_PENALTY = 10  # rotten_penalty
MAX_LADDER = 20  # steps on the ladder
MAX_LADDER_VALUE = 10**6  # the top of the ladder
MAX_DECK = 1000  # cards in a custom deck (Game.new) or in a save's order and set-aside cards
MAX_GAMES = 1_000_000  # games in one simulate call

RATINGS = (  # marked for the catalogues: shown with orchard_lab.language._
    (55, N_("Almost imposs-apple!")),
    (50, N_("Close to Pear-fect")),
    (45, N_("Plum-believable")),
    (40, N_("Tree-mendous")),
    (35, N_("Remark-apple")),
    (30, N_("Satisfac-tree")),
    (25, N_("Forget-apple")),
)
LOWEST_RATING = N_("Pal-tree")


def rating(score: int) -> str:
    """The ST-6 rating of a final score: below 25 "Pal-tree" ... 55 and up "Almost imposs-apple!".

    >>> rating(24), rating(25), rating(55)
    ('Pal-tree', 'Forget-apple', 'Almost imposs-apple!')
    """
    score = check_int(score, "score")
    return next((name for low, name in RATINGS if score >= low), LOWEST_RATING)


FACTS = GameFacts(
    name="stacked_trees",
    min_players=1,
    max_players=MAX_PLAYERS,
    min_score=-6,  # both rotten tokens and no die
    max_score=150,  # all 15 dice at the top of the ladder
    win_rule="ST-7",
    default_players=1,  # ST-2..ST-6 are the game of one orchard; ST-7 adds players
)

_ROTATIONS = frozenset((0, 90, 180, 270))

LADDERS = (
    (N_("triangular 1, 3, 6, 10"), (1, 3, 6, 10)),
    (N_("squares 1, 4, 9, 16"), (1, 4, 9, 16)),
    (N_("doubling 1, 2, 4, 8"), (1, 2, 4, 8)),
    (N_("counting 1, 2, 3, 4"), (1, 2, 3, 4)),
)


@dataclass(frozen=True)
class Rules:
    """Every switch of stacked trees; the defaults are the standard rules.

    Each switch describes itself (``core.switches(Rules)``): a label, a line of help, its rule
    id and its allowed values (the upper limits are the ``MAX_*`` constants of this module).

    >>> Rules(ladder=(1, 2, 3)).ladder
    (1, 2, 3)
    """

    dice_per_fruit: int = switch(
        5, label=N_("dice of each fruit"),
        help=N_("How many dice of each fruit wait in the supply at the start."),
        rule="ST-2", low=0, high=MAX_DICE,
    )  # fmt: skip
    rotten_tokens: int = switch(
        2, label=N_("rotten tokens"),
        help=N_("How many times a tree may go on a different fruit, by spending a token."),
        rule="ST-5", low=0, high=MAX_TOKENS,
    )  # fmt: skip
    rotten_penalty: int = switch(
        3, label=N_("points lost per token"),
        help=N_("Points taken off the score for each rotten token used."),
        rule="ST-6", low=0, high=MAX_PENALTY,
    )  # fmt: skip
    ladder: tuple[int, ...] = switch(
        (1, 3, 6, 10), label=N_("dice ladder"),
        help=N_("The values a die climbs, one step each time a matching tree covers it; the top "
                "value stays."),
        rule="ST-4", options=LADDERS, open=True,
    )  # fmt: skip
    cards_per_game: int = switch(
        9, label=N_("cards in a game"),
        help=N_("How many cards are dealt for one game: the first is the start card of the "
                "orchard."),
        rule="ST-2", low=1, high=MAX_CARDS,
    )  # fmt: skip
    hand_size: int = switch(
        2, label=N_("cards in hand"),
        help=N_("How many cards a player holds to choose from."),
        rule="ST-2", low=1, high=MAX_HAND,
    )  # fmt: skip

    def __post_init__(self) -> None:
        if isinstance(self.ladder, list):
            object.__setattr__(self, "ladder", tuple(self.ladder))
        check_switches(self)
        check_ladder(self.ladder)

    def climb(self, value: int) -> int:
        """The die value after one more tree on top (ST-4); the top of the ladder stays.

        >>> Rules().climb(6), Rules().climb(10)
        (10, 10)
        """
        return ladder_steps(self.ladder).climb[value]


def check_ladder(ladder: Any) -> tuple[int, ...]:
    """``ladder`` as a checked tuple: TypeError for a wrong type, ValueError (naming it) for a
    ladder that is empty, too long, or does not climb strictly from 1 or more.

    >>> check_ladder((1, 2, 4))
    (1, 2, 4)
    """
    if not isinstance(ladder, tuple):
        raise TypeError(f"ladder must be a tuple of ints, not {type(ladder).__name__}")
    if not 1 <= len(ladder) <= MAX_LADDER:
        raise ValueError(f"ladder must hold 1 to {MAX_LADDER} values, got {len(ladder)}")
    for value in ladder:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"ladder must hold ints, not {value!r}")
    if ladder[0] < 1 or ladder[-1] > MAX_LADDER_VALUE or any(b <= a for a, b in pairwise(ladder)):
        raise ValueError(
            f"ladder must climb strictly from a value >= 1 up to {MAX_LADDER_VALUE}, got {ladder}"
        )
    return ladder


@dataclass(frozen=True)
class LadderSteps:
    """A ladder's tables, built once (linear in its length): the next value, the points one
    more step adds, and the level (0 for the first value) of each value."""

    climb: Mapping[int, int]
    step: Mapping[int, int]
    level: Mapping[int, int]


@lru_cache(maxsize=64)
def ladder_steps(ladder: tuple[int, ...]) -> LadderSteps:
    """The ``LadderSteps`` of a checked ladder (cached).

    >>> dict(ladder_steps((1, 3, 6)).step)
    {1: 2, 3: 3, 6: 0}
    """
    climb = dict(zip(ladder, (*ladder[1:], ladder[-1]), strict=True))
    return LadderSteps(
        MappingProxyType(climb),
        MappingProxyType({v: climb[v] - v for v in ladder}),
        MappingProxyType({v: i for i, v in enumerate(ladder)}),
    )


check_at = check_pair  # a spot (row, col) of the tree grid (ST-3)


@dataclass(frozen=True)
class Move:
    """Play ``card`` from the hand with its turned top-left tree at ``at`` = (row, col).

    ``rotation`` is taken mod 360; ``rotten=True`` spends the rotten tokens the move needs (ST-5).

    >>> Move(Card.from_text("APL/LAP"), (0, 1), rotation=-180).rotation
    180
    """

    card: Card
    at: tuple[int, int]
    rotation: int = 0
    rotten: bool = False

    def __post_init__(self) -> None:
        at, rotation, rotten = self.at, self.rotation, self.rotten
        if (  # the common case, quickly: every field already in its final form
            type(at) is tuple
            and len(at) == 2
            and type(at[0]) is int
            and type(at[1]) is int
            and rotation in _ROTATIONS
            and type(rotation) is int
            and (rotten is True or rotten is False)
            and type(self.card) is Card
        ):
            return
        if not isinstance(self.card, Card):
            raise TypeError(f"card must be a Card, not {type(self.card).__name__}")
        object.__setattr__(self, "at", check_at(self.at))
        object.__setattr__(self, "rotation", check_rotation(self.rotation))
        object.__setattr__(self, "rotten", check_bool(self.rotten, "rotten"))

    def __str__(self) -> str:
        turned = f", turned {self.rotation}°" if self.rotation else ""
        return f"{self.card} at {self.at}{turned}{' with rotten fruit' if self.rotten else ''}"
