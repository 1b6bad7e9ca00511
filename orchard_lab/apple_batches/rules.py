"""The rules of apple batches as data: the switches, a move, the batches and the declared facts.

docs/rules.md AB-2..AB-7. Every number a rule fixes has a name here, so that boards, figures and
lessons take it from the engine instead of typing it again.

>>> Rules().end, rounds_per_game(3, Rules(end="four_rounds"))
('twelve_cards', 4)
>>> str(Move(Card("red", 3, 2), "feather"))
'red h3 s2 → feather'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from orchard_lab import sequences
from orchard_lab.apple_batches.cards import Card
from orchard_lab.core import (
    GameFacts,
    check_switches,
    check_type,
    count,
    switch,
)
from orchard_lab.glossary import BATCH_NAMES
from orchard_lab.language import N_

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
BATCH_CAPACITY = 12  # AB-3: cards a batch holds at most
CARDS_PER_PLAYER = 12  # AB-2, end "twelve_cards": the game ends when everyone holds 12
FOUR_ROUNDS = 4  # AB-2, end "four_rounds": the game ends after 4 rounds
ENDS = ("twelve_cards", "four_rounds")  # AB-2: the values of the switch ``end``
UNLUCKY_TARGET = 13  # AB-4: the unlucky batch's sweetness total
SPECIAL_BONUS = 20  # AB-6: a special tree whose colour grows nowhere else
FORTEPIANO_POINTS_PER_STEP = 2  # AB-4: a fortepiano pair scores 2 per height step between them
SWEET_COUPLE_POINTS = 7  # AB-4: a complete sweet couple
STEADY_REFERENCES = ("last", "any")  # AB-4: the values of the switch ``steady_reference``
MAX_GAMES = 100_000  # games one ``simulate`` call plays at most (memory grows with games)
MAX_DECK_CARDS = 750  # cards a custom deck or a saved game's deck holds at most (10 decks)
MAX_TABLE_POINTS = 999  # the most a batch may score under a table of one's own (AB-4)


def _first(name: str) -> tuple[int, ...]:
    return tuple(sequences.first(name, BATCH_CAPACITY))


# AB-4: the batches scored by a sequence, each with its switch, the table of its points for
# 1, 2, ..., 12 apples; the standard rules' sequence is the default
SEQUENCE_BATCHES = {
    "monochrome": "monochrome_points",
    "feather": "feather_points",
    "unlucky": "unlucky_points",
    "steady": "steady_points",
}
TRIANGULAR, PRONIC, SQUARES, ODD_PRIMES = (
    _first(name) for name in ("triangular", "pronic", "square", "odd_prime")
)  # monochrome, feather, unlucky (at exactly 13) and steady under the standard rules
POINT_TABLES = (  # the tables a what-if offers; any other table of 12 values may be typed
    (N_("triangular: 1, 3, 6, 10, …"), TRIANGULAR),
    (N_("pronic: 0, 2, 6, 12, …"), PRONIC),
    (N_("square: 1, 4, 9, 16, …"), SQUARES),
    (N_("odd primes: 3, 5, 7, 11, …"), ODD_PRIMES),
    (N_("counting: 1, 2, 3, 4, …"), tuple(range(1, BATCH_CAPACITY + 1))),
)


def check_points_table(table: Any, name: str) -> tuple[int, ...]:
    """The table of points of switch ``name`` (one of ``SEQUENCE_BATCHES``' values), checked:
    12 whole numbers from 0 to ``MAX_TABLE_POINTS``, the points of its batch with 1, 2, ...,
    12 apples (AB-4). TypeError or ValueError in words, naming the switch.

    >>> check_points_table(tuple(range(12)), "steady_points")[-1]
    11
    >>> check_points_table((1, 4, 9), "steady_points")
    Traceback (most recent call last):
    ...
    ValueError: the steady height batch needs 12 values, its points with 1, 2, … 12 apples; \
steady_points has 3
    """
    batch = BATCH_NAMES[next(b for b, switch in SEQUENCE_BATCHES.items() if switch == name)]
    if not isinstance(table, tuple):
        raise TypeError(f"{name} must be a tuple of whole numbers, not {type(table).__name__}")
    for value in table:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must hold whole numbers, not {value!r}")
    if len(table) != BATCH_CAPACITY:
        raise ValueError(
            f"the {batch} needs {BATCH_CAPACITY} values, its points with 1, 2, … "
            f"{BATCH_CAPACITY} apples; {name} has {len(table)}"
        )
    for n, value in enumerate(table, start=1):
        if not 0 <= value <= MAX_TABLE_POINTS:
            raise ValueError(
                f"the {batch} scores from 0 to {MAX_TABLE_POINTS} points, but {name} gives "
                f"{count(n, 'apple', 'apples')} {value}"
            )
    return table


def _points_switch(standard: tuple[int, ...], label: str, help: str) -> Any:
    return switch(standard, label=label, help=help, rule="AB-4", options=POINT_TABLES, open=True)


@dataclass(frozen=True)
class Rules:
    """The rule switches of the rules reference; the defaults are the standard rules.

    Each switch describes itself (``core.switches(Rules)``): a label, a line of help and its
    allowed values. Wrong types raise TypeError, wrong values ValueError, naming the switch.

    >>> Rules(easy=True).easy
    True
    """

    easy: bool = switch(
        False, label=N_("easy mode"),
        help=N_("The bad batch costs nothing instead of -1 an apple."), rule="AB-4",
    )  # fmt: skip
    unlucky_may_bust: bool = switch(
        False, label=N_("unlucky 13 batch may pass 13"),
        help=N_("Apples may take the unlucky 13 batch past sweetness 13; it then scores 0."),
        rule="AB-4",
    )  # fmt: skip
    steady_reference: str = switch(
        "last", label=N_("steady height batch compares with"),
        help=N_("An apple in the steady height batch must be within 1 of the last apple's "
                "height, or of any earlier one."),
        options=((N_("the last apple"), "last"), (N_("any earlier apple"), "any")), rule="AB-4",
    )  # fmt: skip
    special_broken_points: int = switch(
        0, label=N_("broken special tree scores"),
        help=N_("What the special tree scores once an apple of its colour grows elsewhere."),
        low=-SPECIAL_BONUS, high=SPECIAL_BONUS, rule="AB-6",
    )  # fmt: skip
    end: str = switch(
        "twelve_cards", label=N_("the game ends"),
        help=N_("When every player holds 12 apples (standard), or after 4 rounds as one "
                "edition of the rules says: then 3 or 6 players get 8 apples each."),
        options=((N_("when everyone holds 12 apples"), "twelve_cards"),
                 (N_("after 4 rounds"), "four_rounds")), rule="AB-2",
    )  # fmt: skip

    monochrome_points: tuple[int, ...] = _points_switch(
        TRIANGULAR, N_("monochrome batch points"),
        N_("The points of a monochrome batch of 1, 2, 3, … 12 apples."),
    )  # fmt: skip
    feather_points: tuple[int, ...] = _points_switch(
        PRONIC, N_("feather batch points"),
        N_("The points of a feather batch of 1, 2, 3, … 12 apples."),
    )  # fmt: skip
    unlucky_points: tuple[int, ...] = _points_switch(
        SQUARES, N_("unlucky 13 batch points"),
        N_("The points of an unlucky 13 batch of 1, 2, 3, … 12 apples whose sweetness adds "
           "up to exactly 13."),
    )  # fmt: skip
    steady_points: tuple[int, ...] = _points_switch(
        ODD_PRIMES, N_("steady height batch points"),
        N_("The points of a steady height batch of 1, 2, 3, … 12 apples."),
    )  # fmt: skip

    def __post_init__(self) -> None:
        for name in SEQUENCE_BATCHES.values():
            if isinstance(getattr(self, name), list):  # a table given as a list, as the ladder
                object.__setattr__(self, name, tuple(getattr(self, name)))
        check_switches(self)
        for name in SEQUENCE_BATCHES.values():
            check_points_table(getattr(self, name), name)

    def points_table(self, batch: str) -> tuple[int, ...]:
        """What a sequence batch scores with 0, 1, 2, ... 12 apples under these rules (AB-4).

        >>> Rules().points_table("monochrome")[:4], Rules().points_table("steady")[:3]
        ((0, 1, 3, 6), (0, 3, 5))
        """
        return (0, *getattr(self, SEQUENCE_BATCHES[batch]))


STANDARD_RULES = Rules()  # shared by default: Rules are frozen, and checking them takes time


@dataclass(frozen=True)
class Move:
    """Take ``card`` from the market and place it in ``batch`` (one turn, AB-2/AB-3).

    An unknown batch name is a legal *value* of a move, refused when played (AB-3).

    >>> Move(Card("red", 3, 2), "feather").batch
    'feather'
    """

    card: Card
    batch: str

    def __post_init__(self) -> None:
        check_type(self.card, Card, "card")
        check_type(self.batch, str, "batch")

    def __str__(self) -> str:
        return f"{self.card} → {self.batch}"


def cards_per_market_per_player(players: int) -> int:
    """k of AB-2: 2 cards per player with 3 or 6 players, else 3.

    >>> [cards_per_market_per_player(p) for p in range(1, 7)]
    [3, 3, 2, 3, 3, 2]
    """
    return 2 if players in (3, 6) else 3


def rounds_per_game(players: int, rules: Rules) -> int:
    """How many markets a game deals (AB-2): until 12 cards each, or 4 with ``end="four_rounds"``.

    >>> [rounds_per_game(p, Rules()) for p in (2, 3)], rounds_per_game(6, Rules(end="four_rounds"))
    ([4, 6], 4)
    """
    if rules.end == "four_rounds":
        return FOUR_ROUNDS
    return CARDS_PER_PLAYER // cards_per_market_per_player(players)


def cards_per_player(players: int, rules: Rules) -> int:
    """How many cards each player holds at the end (AB-2).

    >>> cards_per_player(3, Rules()), cards_per_player(3, Rules(end="four_rounds"))
    (12, 8)
    """
    return rounds_per_game(players, rules) * cards_per_market_per_player(players)


FACTS = GameFacts(
    name="apple_batches",
    min_players=1,
    max_players=6,
    # the lowest under any switches: a special tree broken at -20 by one apple scoring 0
    # (a lone fortepiano apple), and the other 10 apples in the bad batch
    min_score=-SPECIAL_BONUS - (CARDS_PER_PLAYER - 2),
    max_score=CARDS_PER_PLAYER**2,  # 12 apples in the unlucky batch summing to 13: 12²
    win_rule="AB-7",
)
