"""Water drops scoring (WD-4): what a group of fruit earns, and a sentence saying why.

>>> group_points("fruit", 3, [2, 3]), reason("C", 4, [2, 3], 0)
(3, '4 cherries touch drops 2, 3 only: overwatered')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from orchard_lab.language import _, _n, language

__all__ = ["SCORINGS", "STANDARD_POINTS", "Group", "group_points", "no_fruit", "reason"]

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


def _fruits(fruit: str, size: int) -> str:
    """``size`` fruits of one kind in the session's language: "3 bananas" (only that fruit's
    words are looked up)."""
    if fruit == "B":
        said = _n("{count} banana", "{count} bananas", size)
    elif fruit == "C":
        said = _n("{count} cherry", "{count} cherries", size)
    elif fruit == "P":
        said = _n("{count} pear", "{count} pears", size)
    elif fruit == "M":
        said = _n("{count} mango", "{count} mangoes", size)
    else:
        raise KeyError(fruit)
    return said.format(count=size)


def no_fruit(fruit: str) -> str:
    """A fruit's score note when the orchard has none of it: "no cherries"."""
    if fruit == "B":
        return _("no bananas")
    if fruit == "C":
        return _("no cherries")
    if fruit == "P":
        return _("no pears")
    if fruit == "M":
        return _("no mangoes")
    raise KeyError(fruit)


def reason(fruit: str, size: int, values: list[int], points: int) -> str:
    """Why a group of ``size`` ``fruit`` touching drops ``values`` (sorted) earns ``points``
    (what ``group_points`` gives, so the sentence holds for any table of points), in the
    session's language: a whole sentence for each case, the group's fruit counted in it.

    >>> reason("B", 3, [3], 3)
    '3 bananas touch a 3-drop: scores 3'
    >>> reason("B", 3, [3, 3], 18)  # squares, per drop: 9 for each 3-drop
    '3 bananas touch 2 3-drops: scores 18'
    >>> reason("C", 1, [5], 0)
    '1 cherry touches a 5-drop only: too few to score'
    """
    # every score and group list says these again and again: each sentence is looked up
    # once per language (the catalogues do not change while the program runs)
    return _said(language(), fruit, size, tuple(values), points)


@lru_cache(maxsize=4096)
def _said(code: str, fruit: str, size: int, values: tuple[int, ...], points: int) -> str:
    """``reason`` in the language ``code`` (the session's: what ``_`` and ``_n`` use)."""
    matches = values.count(size)
    fields = {"fruits": _fruits(fruit, size), "size": size, "points": points}
    fields["matches"] = matches
    if not values:
        said = _n(
            "{fruits} touches no drop: scores nothing",
            "{fruits} touch no drop: scores nothing",
            size,
        )
    elif matches == 1:
        said = _n(
            "{fruits} touches a {size}-drop: scores {points}",
            "{fruits} touch a {size}-drop: scores {points}",
            size,
        )
    elif matches:
        said = _n(
            "{fruits} touches {matches} {size}-drops: scores {points}",
            "{fruits} touch {matches} {size}-drops: scores {points}",
            size,
        )
    elif len(values) == 1:
        fields["drop"] = values[0]
        if values[0] < size:
            said = _n(
                "{fruits} touches a {drop}-drop only: overwatered",
                "{fruits} touch a {drop}-drop only: overwatered",
                size,
            )
        else:
            said = _n(
                "{fruits} touches a {drop}-drop only: too few to score",
                "{fruits} touch a {drop}-drop only: too few to score",
                size,
            )
    else:
        fields["drops"] = ", ".join(map(str, values))
        if max(values) < size:
            said = _n(
                "{fruits} touches drops {drops} only: overwatered",
                "{fruits} touch drops {drops} only: overwatered",
                size,
            )
        elif min(values) > size:
            said = _n(
                "{fruits} touches drops {drops} only: too few to score",
                "{fruits} touch drops {drops} only: too few to score",
                size,
            )
        else:
            said = _n(
                "{fruits} touches drops {drops}: none is {size}, scores nothing",
                "{fruits} touch drops {drops}: none is {size}, scores nothing",
                size,
            )
    return said.format(**fields)
