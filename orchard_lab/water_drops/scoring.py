"""Water drops scoring (WD-4): what a group of fruit earns, and a sentence saying why.

>>> group_points("fruit", 3, [2, 3]), reason("C", 4, [2, 3], 0)
(3, '4 cherries touch drops 2, 3 only: overwatered')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from orchard_lab.water_drops.cards import FRUIT_NAMES

__all__ = ["SCORINGS", "STANDARD_POINTS", "Group", "group_points", "reason"]

SCORINGS = ("fruit", "drop", "per_drop")
STANDARD_POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9)  # a scoring group of n fruits earns n (WD-4)


def group_points(
    scoring: str, size: int, drops: Collection[int], table: Sequence[int] = STANDARD_POINTS
) -> int:
    """Points of a group of ``size`` fruits touching drops of these values (WD-4), when a
    scoring group of n fruits earns ``table[n - 1]`` (the ``group_points`` switch).

    >>> [group_points(scoring, 3, [2, 3, 3]) for scoring in SCORINGS]
    [3, 3, 6]
    >>> squares = tuple(n * n for n in range(1, 10))
    >>> [group_points(scoring, 3, [2, 3, 3], squares) for scoring in SCORINGS]
    [9, 9, 18]
    """
    if size not in drops:
        return 0
    points = table[size - 1]  # drops go 1..9, so a matching size does too
    if scoring == "per_drop":
        return points * sum(value == size for value in drops)  # once per matching drop
    return points  # "fruit": for its size; "drop": for the matching drop's value, once


@dataclass(frozen=True)
class Group:
    """A group of WD-4: same-fruit cells joined by sides, with the drops that touch it.

    ``cells`` and the drop positions are cell coordinates (row, col); ``drops`` pairs each
    touching drop's cell with its value, ``matching`` keeps those whose value is the size.
    """

    fruit: str
    cells: tuple[tuple[int, int], ...]
    drops: tuple[tuple[tuple[int, int], int], ...]
    matching: tuple[tuple[tuple[int, int], int], ...]
    points: int
    reason: str

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def scores(self) -> bool:
        return bool(self.matching)


def _describe(values: list[int]) -> str:
    if len(values) == 1:
        return f"a {values[0]}-drop"
    return "drops " + ", ".join(map(str, values))


def reason(fruit: str, size: int, values: list[int], points: int) -> str:
    """Why a group of ``size`` ``fruit`` touching drops ``values`` (sorted) earns ``points``
    (what ``group_points`` gives, so the sentence holds for any table of points).

    >>> reason("B", 3, [3], 3)
    '3 bananas touch a 3-drop: scores 3'
    >>> reason("B", 3, [3, 3], 18)  # squares, per drop: 9 for each 3-drop
    '3 bananas touch 2 3-drops: scores 18'
    """
    singular, plural = FRUIT_NAMES[fruit]
    who = f"1 {singular} touches" if size == 1 else f"{size} {plural} touch"
    matches = values.count(size)
    if not values:
        return f"{who} no drop: scores nothing"
    if matches == 1:
        return f"{who} a {size}-drop: scores {points}"
    if matches:
        return f"{who} {matches} {size}-drops: scores {points}"
    if max(values) < size:
        return f"{who} {_describe(values)} only: overwatered"
    if min(values) > size:
        return f"{who} {_describe(values)} only: too few to score"
    return f"{who} {_describe(values)}: none is {size}, scores nothing"
