"""The checks of lesson 02 (water drops), one per exercise, with hints in words, and the few
tools the lesson shares with them (random orchards, polyomino shapes).

Every expected answer is computed from the engine (or, for the shapes, by enumerating them),
never typed in, so a check cannot disagree with the game.

>>> check_groups_by_hand(..., SMALL_ORCHARD)
Not answered yet: replace ... in groups_by_hand with your answer.
>>> check_largest_scoring_group(5)
✓ Right! No drop is bigger than 5, so a group of 6 or more fruit never scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from numbers import Integral
from typing import Any

import numpy as np

from orchard_lab import water_drops as wd
from orchard_lab.core import IllegalMove, make_rng
from orchard_lab.game_base import points_words
from orchard_lab.language import _, _n
from orchard_lab.lessons.checks import (
    check,
    check_function,
    check_gain,
    check_own_rules,
)
from orchard_lab.lessons.timing import Pace
from orchard_lab.policies import first_player_share

__all__ = [
    "FAIR_DEALS",
    "FAIR_GOAL",
    "KNOWN_FIXED",
    "KNOWN_FREE",
    "PACE",
    "PER_DROP_START",
    "RISK_SQUARE",
    "RISK_START",
    "SHORT_GAME_CARDS",
    "SMALL_ORCHARD",
    "canonical",
    "card_shapes",
    "check_card_shapes",
    "check_drop_points",
    "check_fairer_points",
    "check_free_count",
    "check_group_sizes",
    "check_groups_by_hand",
    "check_largest_scoring_group",
    "check_mean_gain",
    "check_per_drop_card",
    "check_points_by_hand",
    "check_safer_square",
    "check_spoil_chance",
    "check_spoiling_cards",
    "fixed_shapes",
    "free_shapes",
    "mean_gains",
    "normalise",
    "orientations",
    "random_orchard",
    "short_game",
    "spoils",
]

# "Invent a fairer scoring": in 2-player greedy games the first player wins at most this many
# percent (a shared win as a share), over this many deals (seed 0)
FAIR_GOAL = 55
FAIR_DEALS = 1000

Cell = tuple[int, int]
Shape = frozenset[Cell]

# The numbers of polyominoes of 1..5 squares, as the mathematicians' tables give them:
# free (turns and flips count as the same shape) and fixed (only a slide counts as the same).
KNOWN_FREE = (1, 1, 2, 5, 12)
KNOWN_FIXED = (1, 2, 6, 19, 63)


# ---- orchards the lesson uses -------------------------------------------------------------------
def _small_orchard() -> wd.Board:
    board = wd.Board(start=wd.Card.from_text("BP/2C"))
    for text, at in (("CC/1P", (0, 1)), ("B3/BB", (1, 0)), ("P2/CP", (1, 1))):
        board.place(wd.Card.from_text(text), at)
    return board


SMALL_ORCHARD = _small_orchard()  # four cards, for counting groups by hand
PER_DROP_START = wd.Card.from_text("BP/2C")  # the start card of the per-drop exercise
RISK_START = wd.Card.from_text("2C/1C")  # two cherries on a 2-drop: a group that scores
RISK_SQUARE = (0, 1)  # the square right of those cherries


SHORT_GAME_CARDS = 12  # the lesson's short game: 12 cards of the deck, 6 each for 2 players
PACE = Pace(moves=SHORT_GAME_CARDS // 2, seconds=45)  # a move: pick a card, find a square


def short_game(players: int = 2, seed: int = 1, cards: int = SHORT_GAME_CARDS) -> wd.Game:
    """The lesson's short game: the standard rules, but only the first ``cards`` cards of
    the shuffled deck are dealt (a whole game deals all 50, about 25 each for 2 players:
    too long for one lesson). The start cards and the order are those of
    ``wd.Game.new(players, seed)``.

    >>> game = short_game()
    >>> len(game.deck), game.rules == wd.Rules()
    (12, True)
    >>> game.deck == wd.Game.new(players=2, seed=1).deck[:12]
    True
    """
    starts, deck = wd.Game.new(players=players, seed=seed).deal_parts()
    return wd.Game.from_parts(players, wd.Rules(), 0, (starts, deck[:cards]))


def random_orchard(cards: int = 12, seed: int = 0, rules: wd.Rules | None = None) -> wd.Board:
    """An orchard of a start card and ``cards`` deck cards, each laid as dealt on an open
    square picked at random. The same seed lays the same cards whatever the ``rules``.

    >>> a = random_orchard(6, seed=1)
    >>> b = random_orchard(6, seed=1, rules=wd.Rules(scoring="drop"))
    >>> str(a) == str(b), len(a.cards())
    (True, 7)
    """
    rng = make_rng(seed)
    starts, deck = wd.starting_cards(), wd.default_deck()
    board = wd.Board(start=starts[int(rng.integers(len(starts)))], rules=rules)
    for index in rng.permutation(len(deck))[:cards]:
        squares = board.open_squares()
        board.place(deck[index], squares[int(rng.integers(len(squares)))])
    return board


def _whole(answer: Any) -> bool:
    """Whether ``answer`` is a whole number (numpy's too), not a bool."""
    return isinstance(answer, Integral) and not isinstance(answer, bool)


# ---- flood fill ---------------------------------------------------------------------------------
def _fruit_cells(board: wd.Board) -> dict[Cell, str]:
    """Every fruit cell of ``board`` and its fruit (square (r, c) covers rows 2r, 2r + 1 and
    columns 2c, 2c + 1)."""
    cells = ((2 * r + dr, 2 * c + dc) for r, c in board.squares for dr in (0, 1) for dc in (0, 1))
    found = {cell: board.cell(*cell) for cell in cells}
    return {
        cell: fruit for cell, fruit in found.items() if fruit is not None and fruit in wd.FRUITS
    }


def corner_groups(board: wd.Board) -> int:
    """How many groups ``board`` would have if fruit touching only at a corner were joined
    too (the usual slip when counting by hand).

    >>> corner_groups(SMALL_ORCHARD) < len(SMALL_ORCHARD.groups())
    True
    """
    fruit = _fruit_cells(board)
    seen: set[Cell] = set()
    count = 0
    for start in fruit:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        to_visit = [start]
        while to_visit:
            r, c = to_visit.pop()
            for near in ((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                if near not in seen and fruit.get(near) == fruit[start]:
                    seen.add(near)
                    to_visit.append(near)
    return count


def check_groups_by_hand(answer: Any, board: wd.Board) -> None:
    """Exercise 1: the number of fruit groups of ``board``, counted by hand.

    >>> check_groups_by_hand(4, SMALL_ORCHARD)
    Not yet: there are 4 kinds of fruit, but two groups of the same fruit that do not touch
    are two groups.
    >>> check_groups_by_hand(corner_groups(SMALL_ORCHARD), SMALL_ORCHARD)
    Not yet: you joined fruit that touch only at a corner; only a shared side joins them.
    """
    groups = board.groups()
    fruit = sum(group.size for group in groups)
    kinds = len(wd.FRUITS)
    hints = {
        corner_groups(board): _(
            "you joined fruit that touch only at a corner; only a shared side joins them."
        ),
        fruit: _(
            "{count} is the number of fruit cells; fruit of one kind that share a side make one "
            "group."
        ).format(count=fruit),
        kinds: _n(
            "there is {count} kind of fruit, but two groups of the same fruit that do not touch "
            "are two groups.",
            "there are {count} kinds of fruit, but two groups of the same fruit that do not "
            "touch are two groups.",
            kinds,
        ).format(count=kinds),
    }
    check(
        "groups_by_hand", answer, len(groups), hints,
        otherwise=_("go fruit by fruit; cells that touch only at a corner are not joined."),
    )  # fmt: skip


def check_points_by_hand(answer: Any, board: wd.Board) -> None:
    """Exercise 1: the points of ``board`` under the standard rules, worked out by hand.

    >>> check_points_by_hand(SMALL_ORCHARD.total, SMALL_ORCHARD)
    ✓ Right!
    >>> check_points_by_hand(4, SMALL_ORCHARD)
    Not yet: 4 groups score, but a scoring group earns 1 point for each of its fruit.
    """
    groups = board.groups()
    every_drop = sum(value for group in groups for _, value in group.drops)
    scoring = sum(1 for group in groups if group.points)
    hints = {
        len(groups): _(
            "{count} is the number of groups, the answer above; now add the points of the "
            "groups that score."
        ).format(count=len(groups)),
        scoring: _n(
            "{count} group scores, but a scoring group earns 1 point for each of its fruit.",
            "{count} groups score, but a scoring group earns 1 point for each of its fruit.",
            scoring,
        ).format(count=scoring),
        every_drop: _(
            "that adds every drop each group touches; a group scores only when a touching drop "
            "equals its size."
        ),
    }
    hints.pop(board.total, None)
    check(
        "points_by_hand", answer, board.total, hints,
        otherwise=_("a group scores its size when a drop it touches shows exactly its size."),
    )  # fmt: skip


def check_group_sizes(function: Callable[[wd.Board], Any] | Any) -> None:
    """Exercise 2: ``group_sizes(board)``, the sizes of all groups of an orchard, smallest
    first, found with your own flood fill; checked against ``board.groups()`` on 20 orchards.

    >>> check_group_sizes(lambda board: sorted(g.size for g in board.groups()))
    ✓ Right! Your flood fill finds the same groups as the engine on 20 orchards.
    """
    boards = [SMALL_ORCHARD, *(random_orchard(10, seed) for seed in range(19))]
    # Translators: the lesson's small orchard of Exercise 1, named where a check shows the
    # orchard a pupil's group_sizes got wrong (the others are named by code, random_orchard(...))
    names = [_("the small orchard"), *(f"random_orchard(10, seed={s})" for s in range(19))]
    if not callable(function):
        check_function("group_sizes", function, len, [])
        return
    by_name = dict(zip(names, boards, strict=True))
    wanted = {name: sorted(g.size for g in board.groups()) for name, board in by_name.items()}
    check_function(
        "group_sizes", lambda name: _listed(function(by_name[name])), wanted.__getitem__, names,
        argument="board", hint=_group_sizes_hint,
        explanation=_n(
            "Your flood fill finds the same groups as the engine on {count} orchard.",
            "Your flood fill finds the same groups as the engine on {count} orchards.",
            len(boards),
        ).format(count=len(boards)),
    )  # fmt: skip


def _group_sizes_hint(_board: str, said: Any, wanted: list[int]) -> str | None:
    """The usual slips of ``group_sizes``: a count, the sizes unsorted, groups found twice."""
    if _whole(said):
        return _("give the list of the sizes, not how many groups there are.")
    if not isinstance(said, list):
        return None
    if sorted(said) == wanted:
        # Translators: return sorted(sizes) is code the pupil writes: keep it as it is
        return _("the sizes are right, but not smallest first: return sorted(sizes).")
    if sum(said) > sum(wanted):
        # Translators: seen is the name of the set in the pupil's code: keep it as it is
        return _(
            "some fruit are counted twice: skip a cell that is already in a group you found "
            "(keep them in a set, seen)."
        )
    if len(said) < len(wanted):
        return _("some groups are missing: start a flood from every fruit cell not seen yet.")
    return None


def _listed(result: Any) -> Any:
    """A result as a plain list when it is a list-like of numbers, else as it is."""
    if isinstance(result, list | tuple | np.ndarray):
        return [int(x) if _whole(x) else x for x in result]
    return result


# ---- the two scorings ---------------------------------------------------------------------------
def check_drop_points(function: Callable[[int, list[int]], Any] | Any) -> None:
    """Exercise 3: ``drop_points(size, drops)``, what a group earns under the alternative rules
    (``scoring="drop"``): the value of a touching drop equal to its size, else 0.

    >>> check_drop_points(lambda size, drops: size if size in drops else 0)
    ✓ Right! A matching drop's value is the group's size: the two rules always agree.
    """
    cases = [(size, drops) for size in range(1, 7) for drops in ([], [1], [2, 3], [3, 3], [5, 1])]
    wrapped = function if not callable(function) else (lambda case: function(*case))
    check_function(
        "drop_points", wrapped, lambda case: wd.group_points("drop", *case), cases,
        argument="(size, drops)",
        explanation=_(
            "A matching drop's value is the group's size: the two rules always agree."
        ),
        slips=(
            (lambda case: wd.group_points("per_drop", *case), _(
                "you add every matching drop; the alternative rules pay the matching drop's "
                "value once.")),
            (lambda case: max(case[1], default=0), _(
                "a drop pays only when its value equals the group's size, not the biggest "
                "drop.")),
            (lambda case: sum(case[1]), _(
                "a drop pays only when its value equals the group's size: leave out the "
                "others.")),
            (lambda case: case[0], _(
                "a group with no drop of its size earns nothing: give 0 when no drop "
                "matches.")),
        ),
    )  # fmt: skip


def _per_drop_board(card: wd.Card, at: Cell, scoring: str) -> wd.Board:
    board = wd.Board(start=PER_DROP_START, rules=wd.Rules(scoring=scoring))
    board.place(card, at)
    return board


def check_per_drop_card(card: Any, at: Any) -> None:
    """Exercise 4: a card (as text, like "PB/12") and a square next to the start card
    ``PER_DROP_START`` where per-drop scoring gives a different total from standard scoring.

    >>> check_per_drop_card("PB/12", (0, -1))
    ✓ Right! Standard rules: 3 points, per drop: 5 points.
    >>> check_per_drop_card("1P/PC", (0, 1))
    Not yet: both rules give 3 points here. Per drop differs only when a group touches two
    (or more) drops of its size.
    >>> check_per_drop_card("PB/12", "(0, -1)")
    Not yet: write the square as (row, column), without quotes.
    """
    if card is Ellipsis or at is Ellipsis:
        check("per_drop_card", ..., None)
        return
    try:
        laid = wd.Card.from_text(card)
    except (TypeError, ValueError):
        # Translators: "BC/3M" and the letters B, C, P, M are the card as the pupil types it
        # in the code (the engine's letters, in every language): keep them as they are
        slip = _(
            'write the card as text, two rows of two cells like "BC/3M": each cell a fruit, '
            "B, C, P or M, or a drop value from 1 to 9."
        )
        check("per_drop_card", (card, at), None, otherwise=slip)
        return
    try:
        totals = {s: _per_drop_board(laid, at, s).total for s in ("fruit", "per_drop")}
    except IllegalMove as refusal:  # before ValueError: an IllegalMove is one
        slip = _("that card cannot go there: {refusal}").format(refusal=refusal)
        check("per_drop_card", (card, at), None, otherwise=slip)
        return
    except (TypeError, ValueError):
        check("per_drop_card", (card, at), None, otherwise=_square_slip(at))
        return
    fruit, per_drop = totals["fruit"], totals["per_drop"]
    check(
        "per_drop_card", fruit != per_drop, True,
        otherwise=_n(
            "both rules give {count} point here. Per drop differs only when a group touches "
            "two (or more) drops of its size.",
            "both rules give {count} points here. Per drop differs only when a group touches "
            "two (or more) drops of its size.",
            fruit,
        ).format(count=fruit),
        explanation=_("Standard rules: {fruit}, per drop: {per_drop}.").format(
            fruit=points_words(fruit), per_drop=points_words(per_drop)
        ),
    )  # fmt: skip


def _square_slip(at: Any) -> str:
    """The hint for a square that is not a pair of whole numbers (text, or anything else)."""
    if isinstance(at, str):
        return _("write the square as (row, column), without quotes.")
    return _("write the square as (row, column), two whole numbers.")


# ---- shapes -------------------------------------------------------------------------------------
def normalise(cells: Iterable[Cell]) -> Shape:
    """Slide a shape so its top row is 0 and its leftmost column is 0.

    >>> sorted(normalise([(3, 5), (3, 6)]))
    [(0, 0), (0, 1)]
    """
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def orientations(shape: Iterable[Cell]) -> set[Shape]:
    """The shape turned by quarter turns and flipped: up to 8 fixed shapes.

    >>> len(orientations([(0, 0), (0, 1), (1, 0)])), len(orientations([(0, 0)]))
    (4, 1)
    """
    cells = list(shape)
    found = set()
    for _turn in range(4):
        cells = [(c, -r) for r, c in cells]  # a quarter turn
        found.add(normalise(cells))
        found.add(normalise((r, -c) for r, c in cells))  # and its mirror image
    return found


def canonical(shape: Iterable[Cell]) -> Shape:
    """One chosen orientation of a shape, the same for all its turns and flips.

    >>> canonical([(0, 0), (1, 0)]) == canonical([(5, 5), (5, 6)])
    True
    """
    return min(orientations(shape), key=sorted)


def fixed_shapes(n: int) -> set[Shape]:
    """Every fixed polyomino of ``n`` squares: grow each one of n − 1 squares by a square.

    >>> [len(fixed_shapes(n)) for n in range(1, 6)] == list(KNOWN_FIXED)
    True
    """
    shapes = {frozenset({(0, 0)})}
    for _size in range(n - 1):
        shapes = {
            normalise(shape | {near})
            for shape in shapes
            for r, c in shape
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if near not in shape
        }
    return shapes


def free_shapes(n: int) -> set[Shape]:
    """Every free polyomino of ``n`` squares, each as its ``canonical`` orientation.

    >>> [len(free_shapes(n)) for n in range(1, 6)] == list(KNOWN_FREE)
    True
    """
    return {canonical(shape) for shape in fixed_shapes(n)}


def check_free_count(function: Callable[[int], Any] | Any) -> None:
    """Exercise 5: ``free_count(n)``, the number of free shapes of n squares, for n = 1..5.

    >>> check_free_count(lambda n: len(fixed_shapes(n)))
    Not yet: you counted fixed shapes: a shape turned or flipped is the same free shape.
    (with n = 2, free_count gives 2, but it should give 1.)
    """
    check_function(
        "free_count", function, lambda n: len(free_shapes(n)), range(1, 6),
        explanation=_("Turns and flips make up to 8 fixed shapes from one free shape."),
        slips=(
            (lambda n: len(fixed_shapes(n)), _(
                "you counted fixed shapes: a shape turned or flipped is the same free shape.")),
            (lambda n: len(_turned_shapes(n)), _(
                "you let turns count as the same, but not flips: a shape flipped over is the "
                "same free shape too.")),
        ),
    )  # fmt: skip


def _turned_shapes(n: int) -> set[Shape]:
    """The shapes of ``n`` squares when turns count as the same but flips do not.

    >>> [len(_turned_shapes(n)) for n in range(1, 6)]
    [1, 1, 2, 7, 18]
    """

    def turns(shape: Shape) -> Shape:
        cells, found = list(shape), []
        for _turn in range(4):
            cells = [(c, -r) for r, c in cells]
            found.append(normalise(cells))
        return min(found, key=sorted)

    return {turns(shape) for shape in fixed_shapes(n)}


def card_shapes() -> set[Shape]:
    """The free shapes the groups inside one card of the deck take (a card is 2 × 2).

    >>> sorted(len(shape) for shape in card_shapes())
    [1, 2, 3]
    """
    return {
        canonical(group.cells)
        for card in wd.default_deck()
        for group in wd.Board(start=card).groups()
    }


def check_card_shapes(answer: Any) -> None:
    """Exercise 6: how many different free shapes the groups inside a single card take.

    >>> check_card_shapes(4)
    Not yet: the straight line of 3 does not fit in a 2 × 2 card: which shapes do?
    """
    shapes = card_shapes()
    straight = canonical([(0, 0), (0, 1), (0, 2)])
    fit = sum(len({canonical(s) for s in free_shapes(n)} - {straight}) for n in range(1, 4))
    fixed = len({normalise(cells) for s in shapes for cells in orientations(s)})
    hints = {
        fit + 1: _("the straight line of 3 does not fit in a 2 × 2 card: which shapes do?"),
        fit: _(
            "every shape that fits in 2 × 2 squares with at most 3 cells, but does a card of the "
            "deck hold four fruit of one kind?"
        ),
        len(shapes) - 1: _("a single fruit is a group too, and its shape counts."),
        fixed: _("turned or flipped, a shape is still the same free shape: count each once."),
    }
    if len(shapes) == fit:
        hints.pop(fit)
    check("card_shapes", answer, len(shapes), hints)


# ---- risk ---------------------------------------------------------------------------------------
def spoils(board: wd.Board, card: wd.Card, at: Cell, cell: Cell) -> bool:
    """Whether laying ``card`` at ``at`` makes the group of fruit cell ``cell`` grow and lose
    its points (it is then bigger than the drops it touches, or none matches).

    >>> board = wd.Board(start=RISK_START)
    >>> spoils(board, wd.Card.from_text("CB/11"), RISK_SQUARE, (0, 1))
    True
    """
    before = next(group for group in board.groups() if cell in group.cells)
    after = board.copy()
    after.place(card, at)
    group = next(group for group in after.groups() if cell in group.cells)
    return bool(before.points and group.size > before.size and not group.points)


def _spoiling(board: wd.Board, at: Cell, cell: Cell) -> int:
    return sum(spoils(board, card, at, cell) for card in wd.default_deck())


def check_spoiling_cards(answer: Any) -> None:
    """Exercise 7: how many of the 50 deck cards, laid as dealt on ``RISK_SQUARE`` next to
    ``RISK_START``, spoil its group of cherries.

    >>> left_cherry = sum("C" in (c.cells[0], c.cells[2]) for c in wd.default_deck())
    >>> check_spoiling_cards(left_cherry)
    Not yet: those are the cards with a cherry next to the group; do they all spoil it? Look
    at their drops.
    >>> check_spoiling_cards(2)
    Not yet: those are the cherry cards that bring a drop of the group's new size: they do
    not spoil it. Count the others.
    """
    board = wd.Board(start=RISK_START)
    left_cherry = sum("C" in (c.cells[0], c.cells[2]) for c in wd.default_deck())
    spoiling = _spoiling(board, RISK_SQUARE, (0, 1))
    hints = {
        left_cherry: _(
            "those are the cards with a cherry next to the group; do they all spoil it? Look at "
            "their drops."
        ),
        left_cherry - spoiling: _(
            "those are the cherry cards that bring a drop of the group's new size: they do not "
            "spoil it. Count the others."
        ),
        len(wd.default_deck()) - spoiling: _(
            "those are the cards that leave the group safe; count the ones that spoil it."
        ),
    }
    check(
        "spoiling_cards", answer, spoiling, hints,
        otherwise=_(
            "count the cards whose cherries join the group and leave it with no drop of its new "
            "size."
        ),
    )  # fmt: skip


def check_spoil_chance(answer: Any) -> None:
    """Exercise 7: the chance that a random card of the deck spoils the group (a fraction or a
    decimal).

    >>> check_spoil_chance(0.36)
    ✓ Right!
    >>> check_spoil_chance(36)
    Not yet: 36 is the chance in per cent; write it as a fraction or a decimal, like 0.36.
    """
    board = wd.Board(start=RISK_START)
    spoiling = _spoiling(board, RISK_SQUARE, (0, 1))
    exact = Fraction(spoiling, len(wd.default_deck()))
    per_cent = float(exact * 100)

    def hint(answer: Any) -> str | None:
        if not isinstance(answer, int | float | Fraction | np.number) or isinstance(answer, bool):
            return None
        if abs(float(answer) - per_cent) < 0.5:
            # Translators: {decimal} is a number as Python writes it (0.36), as the pupil
            # types it: keep the point
            said = _(
                "{per_cent} is the chance in per cent; write it as a fraction or a decimal, "
                "like {decimal}."
            )
            return said.format(per_cent=f"{per_cent:g}", decimal=f"{float(exact):g}")
        if answer == spoiling:
            return _n(
                "that is the number of cards; a chance is that number out of all {count} card.",
                "that is the number of cards; a chance is that number out of all {count} cards.",
                len(wd.default_deck()),
            ).format(count=len(wd.default_deck()))
        if abs(float(answer) - float(1 - exact)) < 0.005:
            return _("that is the chance that the group stays safe: the other way round.")
        return None

    check(
        "spoil_chance", answer, exact, hint,
        tolerance=0.005,
        otherwise=_("divide the spoiling cards by the number of cards in the deck."),
    )  # fmt: skip


def mean_gains(board: wd.Board) -> dict[Cell, Fraction]:
    """The mean gain of a random deck card laid as dealt on each open square of ``board``.

    >>> gains = mean_gains(wd.Board(start=RISK_START))
    >>> max(gains, key=gains.__getitem__)
    (0, -1)
    """
    deck = wd.default_deck()
    return {
        at: Fraction(sum(board.gain(card, at) for card in deck), len(deck))
        for at in board.open_squares()
    }


def check_safer_square(answer: Any) -> None:
    """Exercise 8: the open square next to ``RISK_START`` where a random card gains most.

    >>> check_safer_square((0, 1))
    Not yet: next to the cherries a random card gains -0.08 on average: the group is at risk there.
    >>> check_safer_square("(0, -1)")
    Not yet: write the square as (row, column), without quotes.
    """
    board = wd.Board(start=RISK_START)
    gains = mean_gains(board)
    best = max(gains, key=gains.__getitem__)
    said = tuple(answer) if isinstance(answer, list) else answer

    def hint(answer: Any) -> str | None:
        if isinstance(answer, str):
            return _square_slip(answer)
        if answer not in gains:
            squares = ", ".join(map(str, gains))
            return _("give one of the open squares: {squares}.").format(squares=squares)
        gain = f"{float(gains[answer]):.2f}"
        if answer == RISK_SQUARE:
            return _(
                "next to the cherries a random card gains {gain} on average: the group is at "
                "risk there."
            ).format(gain=gain)
        return _("a random card gains {gain} on average; is that the most?").format(gain=gain)

    check(
        "safer_square", said, best, hint,
        explanation=_("A random card gains {gain} there on average.").format(
            gain=f"{float(gains[best]):.2f}"
        ),
    )  # fmt: skip


def check_largest_scoring_group(answer: Any) -> None:
    """Exercise 9: the largest group that can ever score, from the drops on the cards.

    >>> check_largest_scoring_group(4)
    Not yet: some cards hold a drop bigger than 4.
    """
    cards = wd.default_deck() + wd.starting_cards()
    biggest = max(value for card in cards for value in card.drops)

    def hint(answer: Any) -> str | None:
        if _whole(answer) and answer < biggest:
            return _("some cards hold a drop bigger than {size}.").format(size=answer)
        if _whole(answer) and answer > biggest:
            return _("a group of {size} needs a {size}-drop: does any card hold one?").format(
                size=answer
            )
        return None

    check(
        "largest_scoring_group", answer, biggest, hint,
        explanation=_(
            "No drop is bigger than {biggest}, so a group of {more} or more fruit never scores."
        ).format(biggest=biggest, more=biggest + 1),
    )  # fmt: skip


# ---- what if ------------------------------------------------------------------------------------
def check_mean_gain(name: str, answer: Any, changed: np.ndarray, standard: np.ndarray) -> None:
    """Exercise 10: the mean of ``changed`` minus the mean of ``standard`` (final scores).

    >>> check_mean_gain("per_drop_gain", 2.0, np.array([[5.0]]), np.array([[3.0]]))
    ✓ Right!
    >>> check_mean_gain("per_drop_gain", -2.0, np.array([[5.0]]), np.array([[3.0]]))
    Not yet: that is the standard rules minus the changed rules: the other way round.
    >>> check_mean_gain("per_drop_gain", 5.0, np.array([[5.0]]), np.array([[3.0]]))
    Not yet: that is the mean of the changed rules; subtract the mean of the standard rules.
    """
    check_gain(name, answer, changed, standard, (_("the changed rules"), _("the standard rules")))


def check_fairer_points(answer: Any) -> None:
    """Investigation 5: points of the pupil's own for a scoring group of 1, 2, ... 9 fruits
    under which the first player wins at most 55 % of 1,000 greedy 2-player games (seed 0);
    the standard points give 57.6 %. Many answers pass; the check says what the pupil's
    points give.

    >>> check_fairer_points((1, 4, 9, 16, 25, 36, 49, 64, 81))
    ✓ Right! With your points the first player wins 54.9 % of the games.
    >>> check_fairer_points((2, 4, 6, 8, 10, 12, 14, 16, 18))
    Not yet: with your points the first player wins 57.6 % of the games, more than 55 %.
    Doubling every value changes no winner: what if big groups were worth much more than
    small ones?
    >>> check_fairer_points((1,) * 9)
    Not yet: with your points the first player wins 59.8 % of the games, more than 55 %. What
    if big groups were worth much more than small ones?
    >>> check_fairer_points((1, 2, 3))
    Not yet: a scoring group needs 9 points, one for each of 1, 2, ... 9 fruits, each a whole
    number from 0 to 999.
    """

    def verdict(rules: wd.Rules) -> tuple[bool, str]:
        if not any(rules.group_points):
            return False, _("with your points nobody ever scores: every game is a tie.")
        scores = wd.simulate(FAIR_DEALS, 2, "greedy", seed=0, rules=rules)
        percent = 100 * first_player_share(scores)
        share = f"{percent:.1f}"
        if percent <= FAIR_GOAL:
            said = _("with your points the first player wins {share} % of the games.")
            return True, said.format(share=share)
        first = rules.group_points[0]
        if first and rules.group_points == tuple(first * n for n in range(1, 10)):
            said = _(
                "with your points the first player wins {share} % of the games, more than "
                "{goal} %. Doubling every value changes no winner: what if big groups were worth "
                "much more than small ones?"
            )
        else:
            said = _(
                "with your points the first player wins {share} % of the games, more than "
                "{goal} %. What if big groups were worth much more than small ones?"
            )
        return False, said.format(share=share, goal=FAIR_GOAL)

    refused = _(
        "a scoring group needs 9 points, one for each of 1, 2, ... 9 fruits, each a whole number "
        "from 0 to {most}."
    ).format(most=wd.MAX_GROUP_POINTS)
    check_own_rules(
        "fairer_points", answer, verdict, lambda values: wd.Rules(group_points=values), refused,
        count=9, unit="sizes", what=_("the 9 points"), example="(1, 4, 9, ...)", formula="n*n",
    )  # fmt: skip
