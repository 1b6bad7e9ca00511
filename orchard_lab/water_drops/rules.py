"""The water drops switches (WD-3, WD-4), a move, and what the game declares about itself.

Every switch describes itself (``core.switches(Rules)``): a learner's label, a line of help
and its allowed values. ``FACTS`` gives the player range, the score bounds and the rule names.

>>> Rules(max_size=[4, 4]).max_size
(4, 4)
>>> Rules(group_points=[n * n for n in range(1, 10)]).group_points[:4]
(1, 4, 9, 16)
>>> [market_size(n) for n in range(FACTS.min_players, FACTS.max_players + 1)]
[1, 4, 3, 4, 5]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypeGuard

import numpy as np

from orchard_lab.core import (
    GameFacts,
    IllegalMove,
    check_pair,
    check_switches,
    check_type,
    illegal,
    switch,
)
from orchard_lab.language import N_, _
from orchard_lab.water_drops.cards import Card, check_degrees
from orchard_lab.water_drops.scoring import STANDARD_POINTS

__all__ = [
    "CARDS_PER_ORCHARD",
    "FACTS",
    "MAX_GROUP_POINTS",
    "MAX_SIDE",
    "POINT_TABLES",
    "ROTATIONS",
    "Move",
    "Rules",
    "check_group_points",
    "check_square",
    "market_size",
    "orchard_room",
    "rotation_refusal",
]

ROTATIONS = (0, 90, 180, 270)  # quarter turns, clockwise (WD-3)
CARDS_PER_ORCHARD = 51  # the most an orchard can hold: a start card and the 50 of the deck
MAX_SIDE = CARDS_PER_ORCHARD  # a max_size side beyond this can never matter (WD-3)
MAX_GROUP_POINTS = 999  # the most a scoring group may earn under group_points (WD-4)
GROUP_SIZES = len(STANDARD_POINTS)  # group_points holds one value per size 1..9: drops go 1..9

# the tables a board offers for group_points (WD-4); result codes store their order
POINT_TABLES = (
    (N_("its size: 1, 2, 3, …"), STANDARD_POINTS),
    (N_("squares: 1, 4, 9, …"), tuple(n * n for n in range(1, GROUP_SIZES + 1))),
    (N_("triangular: 1, 3, 6, …"), tuple(n * (n + 1) // 2 for n in range(1, GROUP_SIZES + 1))),
    (N_("1 point, any size"), (1,) * GROUP_SIZES),
)

FACTS = GameFacts(
    name="water_drops",
    min_players=1,
    max_players=5,
    min_score=0,
    max_score=4 * CARDS_PER_ORCHARD,  # every fruit of all 51 cards scoring once
    win_rule="WD-5",  # most points wins; ties are shared
)


def market_size(players: int) -> int:
    """Cards in a full market (WD-2): one per player, but 4 with 2 players.

    >>> market_size(2), market_size(3)
    (4, 3)
    """
    players = FACTS.check_players(players)
    return 4 if players == 2 else players


def orchard_room(players: int, cards: int = CARDS_PER_ORCHARD - 1) -> int:
    """The most cards one orchard can get (WD-2, WD-3): its start card and its share of
    the ``cards`` dealt (default: the whole deck), rounded up.

    >>> [orchard_room(n) for n in range(FACTS.min_players, FACTS.max_players + 1)]
    [51, 26, 18, 14, 11]
    """
    return math.ceil(cards / players) + 1


def check_group_points(table: Any) -> tuple[int, ...]:
    """``group_points`` as a tuple of 9 whole numbers from 0 to ``MAX_GROUP_POINTS`` (WD-4):
    TypeError or ValueError naming it.

    >>> check_group_points([0, 0, 1, 1, 2, 2, 3, 3, 4])
    (0, 0, 1, 1, 2, 2, 3, 3, 4)
    >>> check_group_points((1, 2, 3, 4))
    Traceback (most recent call last):
    ...
    ValueError: group_points must hold 9 values, one for each group size 1 to 9; got 4
    """
    if not isinstance(table, tuple | list):
        raise TypeError(
            f"group_points must be {GROUP_SIZES} whole numbers, one for each group size 1 to "
            f"{GROUP_SIZES}, not {type(table).__name__}"
        )
    if len(table) != GROUP_SIZES:
        raise ValueError(
            f"group_points must hold {GROUP_SIZES} values, one for each group size 1 to "
            f"{GROUP_SIZES}; got {len(table)}"
        )
    for value in table:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise TypeError(f"group_points must hold whole numbers, not {value!r}")
        if not 0 <= value <= MAX_GROUP_POINTS:
            raise ValueError(
                f"group_points must hold whole numbers from 0 to {MAX_GROUP_POINTS}, not {value}"
            )
    return tuple(int(value) for value in table)


def _box_fits(size: tuple[int, int] | None, players: int) -> bool:
    """Whether a largest-orchard box holds every orchard of a deal to ``players`` players."""
    return size is None or size[0] * size[1] >= orchard_room(players)


def _check_max_size(size: Any) -> tuple[int, int] | None:
    """``max_size`` as None or a (rows, cols) pair within 1..MAX_SIDE (WD-3)."""
    if size is None:
        return None
    if not isinstance(size, tuple | list):
        raise TypeError(f"max_size must be None or a (rows, cols) pair, not {type(size).__name__}")
    if len(size) != 2:
        raise ValueError(f"max_size must be a (rows, cols) pair, got {size!r}")
    for side in size:
        if isinstance(side, bool) or not isinstance(side, int | np.integer):
            raise TypeError(f"max_size must hold whole numbers, not {type(side).__name__}")
        if not 1 <= side <= MAX_SIDE:
            raise ValueError(f"max_size sides must be between 1 and {MAX_SIDE}, got {size!r}")
    return (int(size[0]), int(size[1]))


@dataclass(frozen=True)
class Rules:
    """The water drops switches of the rules reference; the defaults are the standard rules.

    >>> Rules(scoring="drop").scoring
    'drop'
    >>> from orchard_lab.core import describe_rules
    >>> describe_rules(Rules(allow_rotation=True, max_size=(4, 4)))
    'cards may turn: on, largest orchard: 4×4 cards'
    >>> describe_rules(Rules(group_points=(1, 4, 9, 16, 25, 36, 49, 64, 81)))
    'points for a group of n fruits: squares: 1, 4, 9, …'
    """

    scoring: str = switch(
        "fruit", label=N_("a scoring group earns"),
        help=N_("What a group of fruit earns when a touching drop's value equals its size."),
        options=(
            (N_("fruit: 1 point per fruit (standard)"), "fruit"),
            (N_("drop: the drop's value"), "drop"),
            (N_("per drop: size × matching drops"), "per_drop"),
        ),
        rule="WD-4",
    )  # fmt: skip
    allow_rotation: bool = switch(
        False, label=N_("cards may turn"),
        help=N_("A card may be laid turned by quarter turns, clockwise."), rule="WD-3",
    )  # fmt: skip
    max_size: tuple[int, int] | None = switch(
        None, label=N_("largest orchard"),
        help=N_("The orchard must fit in a box of this many cards (rows × columns)."),
        # 3×3 fits a short deal only (no table gets a whole deck into it), so a board never
        # offers it; the options keep their order, which result codes store
        options=((N_("no limit"), None), (N_("3×3 cards"), (3, 3)), (N_("4×4 cards"), (4, 4)),
                 (N_("5×5 cards"), (5, 5))),
        open=True, low=1, high=MAX_SIDE, rule="WD-3", fits=_box_fits,
    )  # fmt: skip
    group_points: tuple[int, ...] = switch(
        STANDARD_POINTS, label=N_("points for a group of n fruits"),
        help=N_("How many points a scoring group of 1, 2, 3, … up to 9 fruits earns. The "
                "standard rules give 1 point for each fruit."),
        options=POINT_TABLES, open=True, rule="WD-4",
    )  # fmt: skip

    def __post_init__(self) -> None:
        check_type(self.scoring, str, "scoring")
        object.__setattr__(self, "max_size", _check_max_size(self.max_size))
        object.__setattr__(self, "group_points", check_group_points(self.group_points))
        check_switches(self)


@dataclass(frozen=True)
class Move:
    """Take ``card`` and lay it on card square ``at`` = (row, col), turned ``rotation`` degrees.

    >>> Move(Card.from_text("BC/3M"), (0, 1), 360).rotation
    0
    """

    card: Card
    at: tuple[int, int]
    rotation: int = 0

    def __post_init__(self) -> None:
        # the common case (a Card, a tuple of two ints, a quarter turn 0-270) is already in
        # its checked form; anything else goes through the full checks, which say what is wrong
        if type(self.card) is not Card:
            check_type(self.card, Card, "card")
        if not _is_square(self.at):
            object.__setattr__(self, "at", check_square(self.at))
        if not _is_turn(self.rotation):
            object.__setattr__(self, "rotation", check_degrees(self.rotation, "rotation"))


check_square = check_pair  # a card square (row, col) of the orchard (WD-3)


def _is_square(at: object) -> TypeGuard[tuple[int, int]]:
    """Whether ``at`` is already what ``check_square`` makes of it: a tuple of two ints."""
    return type(at) is tuple and len(at) == 2 and type(at[0]) is int and type(at[1]) is int


def _is_turn(rotation: object) -> TypeGuard[int]:
    """Whether ``rotation`` is already what ``check_degrees`` makes of it: 0, 90, 180 or 270."""
    return type(rotation) is int and rotation in ROTATIONS


def _known_move(card: Card, at: tuple[int, int], rotation: int) -> Move:
    """A Move made from parts already in their checked form (a Card, a tuple of two ints, a
    rotation in ``ROTATIONS``) without checking them again: only for the moves a game lists
    itself from its own cards and squares (``legal_moves``, the fast policies), never for
    what a caller gives; equal to ``Move(card, at, rotation)``.

    >>> card = Card.from_text("BC/3M")
    >>> _known_move(card, (0, 1), 90) == Move(card, (0, 1), 90)
    True
    """
    move = object.__new__(Move)
    fields = move.__dict__
    fields["card"], fields["at"], fields["rotation"] = card, at, rotation
    return move


def rotation_refusal(rules: Rules, rotation: int) -> IllegalMove | None:
    """Why a card turned ``rotation`` degrees is refused under ``rules`` (WD-3), or None when
    turning it is allowed; what ``Board.place`` raises for such a card.

    >>> print(rotation_refusal(Rules(), 90))  # doctest: +ELLIPSIS
    Placing (WD-3): turning cards is off in these rules (allow_rotation=False), so rotation...
    >>> rotation_refusal(Rules(allow_rotation=True), 90), rotation_refusal(Rules(), 360)
    (None, None)
    """
    check_type(rules, Rules, "rules")
    rotation = check_degrees(rotation, "rotation")
    if not rotation or rules.allow_rotation:
        return None
    said = _(
        "turning cards is off in these rules (allow_rotation=False), so rotation must be 0, not "
        "{rotation}."
    )
    return illegal("WD-3", _(FACTS.rules["WD-3"]), said.format(rotation=rotation))
