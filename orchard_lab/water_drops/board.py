"""One player's water drops orchard: placing cards (WD-3) and scoring groups (WD-4).

Cells live in a dict keyed by one int per cell, so neighbours are ``key ± 1`` and
``key ± STRIDE``. The board keeps its fruit groups (members, touching drops, points) up to
date as cards arrive, so ``total`` and ``gain`` only look at the groups a card touches, and
``undo`` counts again only the groups the last card touched; ``score()`` and ``groups()``
recompute everything from scratch with a flood fill.

>>> board = Board(start=Card.from_text("BP/2C"))
>>> board.place(Card.from_text("3B/BB"), at=(0, 1))
>>> board.total, board.cell(0, 2)
(3, '3')
>>> [group.reason for group in board.groups() if group.fruit == "B"]
['1 banana touches a 2-drop only: too few to score', '3 bananas touch a 3-drop: scores 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from orchard_lab.core import IllegalMove, Score, board_snapshot, check_type, illegal
from orchard_lab.language import _, language
from orchard_lab.water_drops.cards import FRUIT_NAMES, FRUITS, Card, check_degrees
from orchard_lab.water_drops.rules import (
    FACTS,
    ROTATIONS,
    Move,
    Rules,
    _is_square,
    _is_turn,
    check_square,
    rotation_refusal,
)
from orchard_lab.water_drops.scoring import Group, group_points, no_fruit, reason

__all__ = ["Board"]

STRIDE = 1 << 21  # cell key = (row + OFFSET) * STRIDE + (col + OFFSET)
OFFSET = 1 << 20
_VALUE = {code: -1 - i for i, code in enumerate(FRUITS)} | {str(v): v for v in range(1, 10)}
_CODE = {value: code for code, value in _VALUE.items()}
_POS = (0, 1, STRIDE, STRIDE + 1)  # the four cells of a card, from its top-left cell
_OUT = ((-STRIDE, -1), (1 - STRIDE, 2), (2 * STRIDE, STRIDE - 1), (2 * STRIDE + 1, STRIDE + 2))
_AROUND = tuple(off for outs in _OUT for off in outs)  # the 8 cells around a card, numbered
_AROUND_OF = ((0, 1), (2, 3), (4, 5), (6, 7))  # their numbers, for each cell of the card
_INSIDE = ((1, 2), (0, 3), (0, 3), (1, 2))  # neighbours of each cell within the card


def _base(at: tuple[int, int]) -> int:
    return (2 * at[0] + OFFSET) * STRIDE + 2 * at[1] + OFFSET


@dataclass(frozen=True, eq=False)  # one per card (cached), hashed by identity
class _Shape:
    """A card as the board sees it, as offsets from its top-left cell key.

    ``comps``: one (fruit, cell offsets, numbers of the cells around the card that touch it,
    inner drops as (offset, value)) per group of equal fruit inside the card; ``drops``: one
    (offset, value, numbers of the cells around the card that touch it) per drop cell. The
    cells around a card are numbered as in ``_AROUND``. ``bits`` and ``drop_bits`` say the
    same with drop values as bits (``1 << value``) for ``Board._delta``: (fruit, size, outs,
    inner drop bits) per group and (bit, outs) per drop.
    """

    values: tuple[int, ...]
    comps: tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]], ...]
    drops: tuple[tuple[int, int, tuple[int, ...]], ...]
    bits: tuple[tuple[int, int, tuple[int, ...], int], ...]
    drop_bits: tuple[tuple[int, tuple[int, ...]], ...]


@cache
def _shape(card: Card) -> _Shape:
    values = tuple(_VALUE[code] for code in card.cells)
    comps, seen = [], set()
    for start in range(4):
        if values[start] > 0 or start in seen:
            continue
        members, stack = [], [start]
        seen.add(start)
        while stack:
            p = stack.pop()
            members.append(p)
            for q in _INSIDE[p]:
                if values[q] == values[start] and q not in seen:
                    seen.add(q)
                    stack.append(q)
        members.sort()
        inner = sorted({q for p in members for q in _INSIDE[p] if values[q] > 0})
        comps.append(
            (
                values[start],
                tuple(_POS[p] for p in members),
                tuple(i for p in members for i in _AROUND_OF[p]),
                tuple((_POS[q], values[q]) for q in inner),
            )
        )
    drops = tuple((_POS[p], values[p], _AROUND_OF[p]) for p in range(4) if values[p] > 0)
    bits = tuple(
        (fruit, len(offsets), outs, _bits(value for _, value in inner))
        for fruit, offsets, outs, inner in comps
    )
    drop_bits = tuple((1 << value, outs) for _, value, outs in drops)
    return _Shape(values, tuple(comps), drops, bits, drop_bits)


def _bits(values: Iterable[int]) -> int:
    """Drop values as one int: bit ``v`` set for every value ``v``."""
    mask = 0
    for value in values:
        mask |= 1 << value
    return mask


Square = tuple[int, int]
Near = tuple[int, int, int] | None  # a cell around a square: (value, key, group id or -1)
Entry = tuple[set[int], tuple[Near, ...], int, dict[_Shape, int]]  # see Board._gains


@cache
def _turned(card: Card, turn: int) -> tuple[Card, _Shape]:
    """``card`` turned ``turn`` degrees, and its shape."""
    turned = card.rotated(turn)
    return turned, _shape(turned)


class Board:
    """One player's orchard (WD-3): the start card at card square (0, 0), then placed cards.

    >>> board = Board(start=Card.from_text("BP/2C"))
    >>> board.open_squares()
    [(-1, 0), (0, -1), (0, 1), (1, 0)]
    >>> board.gain(Card.from_text("B1/11"), (1, 0))
    2
    >>> board.place(Card.from_text("B1/11"), (1, 0))
    >>> board.total, len(board.cards())
    (2, 2)
    >>> board.undo()
    Card.from_text('B1/11')
    >>> board.total, board.cards()
    (0, (Card.from_text('BP/2C'),))
    """

    def __init__(self, start: Card, rules: Rules | None = None) -> None:
        check_type(start, Card, "start")
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        self.rules = rules
        self._scoring = rules.scoring
        self._table = rules.group_points
        self._worth = (0, *rules.group_points)  # a scoring group's points by its size
        self._rotations = ROTATIONS if rules.allow_rotation else (0,)
        self.start = start
        self._placed: list[tuple[Card, Square, int]] = []  # (card as printed, at, rotation)
        self._squares: dict[Square, Card] = {}
        self._frontier: set[Square] = set()
        self._open: list[Square] | None = None
        self._box = (0, 0, 0, 0)  # min row, max row, min col, max col
        self._cells: dict[int, int] = {}
        self._gid: dict[int, int] = {}  # fruit cell -> group id
        self._members: dict[int, list[int]] = {}
        self._drops: dict[int, dict[int, int]] = {}  # group id -> {drop cell: value}
        self._points: dict[int, int] = {}
        self._masks: dict[int, int] = {}  # group id -> its drops' values as bits (_bits)
        self._next = 0
        self._total = 0
        # square -> (groups around it, its neighbourhood, its cell key, {shape: gain}). Only
        # ever added to while the board keeps its state (copies in that state share it);
        # laying a card replaces it by the entries the card cannot change.
        self._gains: dict[Square, Entry] = {}
        # groups() of this position, counted from scratch once per language (the reasons
        # are sentences); laying or taking back a card forgets them
        self._found: tuple[str, tuple[Group, ...]] | None = None
        self._lay(start, (0, 0), _shape(start))

    # --- placing -------------------------------------------------------------------------
    def open_squares(self) -> list[Square]:
        """Empty card squares where a card may go now (WD-3), sorted."""
        if self._open is None:
            squares = sorted(self._frontier)
            if self.rules.max_size is not None:
                squares = [sq for sq in squares if self._fits(sq)]
            self._open = squares
        return list(self._open)

    def _fits(self, at: Square) -> bool:
        rows, cols = self.rules.max_size or (0, 0)
        r0, r1, c0, c1 = self._box
        return max(r1, at[0]) - min(r0, at[0]) < rows and max(c1, at[1]) - min(c0, at[1]) < cols

    def _check(self, card: object, at: object, rotation: object) -> tuple[Card, Square, int]:
        """The card, square and rotation of a legal placement, else IllegalMove (WD-3);
        TypeError or ValueError for arguments that are not a card, a square, a rotation."""
        # arguments already in their checked form (as every Move holds them) skip the checks
        # that would return them unchanged; anything else gets the full checks, in order
        checked = card if type(card) is Card else check_type(card, Card, "card")
        square = at if _is_square(at) else check_square(at)
        turn = rotation if _is_turn(rotation) else check_degrees(rotation, "rotation")
        self._refuse(square, turn)
        return checked, square, turn

    def _refuse(self, at: Square, rotation: int) -> None:
        """IllegalMove (WD-3) unless a card may lie on square ``at`` turned ``rotation``
        degrees now; both already checked (a tuple of two ints, a rotation in ROTATIONS).
        Its sentence names the square "row R, column C", as the board and the hints do.

        >>> try:
        ...     Board(start=Card.from_text("BP/2C")).place(Card.from_text("B1/11"), (0, 3))
        ... except IllegalMove as refusal:
        ...     print(refusal)
        Placing (WD-3): a card must share a side with a card already in your orchard; the
        square on row 0, column 3 touches none.
        """
        if rotation and not self.rules.allow_rotation:
            refusal = rotation_refusal(self.rules, rotation)
            if refusal is not None:
                raise refusal
        if at in self._squares:
            said = _(
                "the square on row {row}, column {col} already holds a card; a card needs an "
                "empty square."
            )
            raise illegal("WD-3", _(FACTS.rules["WD-3"]), said.format(row=at[0], col=at[1]))
        if at not in self._frontier:
            said = _(
                "a card must share a side with a card already in your orchard; the square on "
                "row {row}, column {col} touches none."
            )
            raise illegal("WD-3", _(FACTS.rules["WD-3"]), said.format(row=at[0], col=at[1]))
        if self.rules.max_size is not None and not self._fits(at):
            rows, cols = self.rules.max_size
            said = _(
                "the orchard may be at most {rows}×{cols} cards (max_size); a card on row {row}, "
                "column {col} would make it bigger."
            )
            said = said.format(rows=rows, cols=cols, row=at[0], col=at[1])
            raise illegal("WD-3", _(FACTS.rules["WD-3"]), said)

    def can_place(self, card: Card, at: Square, rotation: int = 0) -> bool:
        """Whether ``place`` would accept this card here."""
        try:
            self._check(card, at, rotation)
        except IllegalMove:
            return False
        return True

    def place(self, card: Card, at: Square, rotation: int = 0) -> None:
        """Lay ``card`` on card square ``at`` turned ``rotation`` degrees clockwise (WD-3).

        Raises IllegalMove, leaving the board as it was, when the square is taken, touches no
        card, breaks ``max_size``, or the card is turned while rotation is off.
        """
        card, at, rotation = self._check(card, at, rotation)
        turned, shape = _turned(card, rotation) if rotation else (card, _shape(card))
        self._lay(turned, at, shape)
        self._placed.append((card, at, rotation))

    def gain(self, card: Card, at: Square, rotation: int = 0) -> int:
        """How much ``total`` would change with ``place(card, at, rotation)``; no change made.

        Raises exactly what ``place`` would raise.

        >>> Board(start=Card.from_text("BP/2C")).gain(Card.from_text("B1/11"), (1, 0))
        2
        """
        if (  # what a Move holds (the generic greedy's every call): only whether it is legal
            type(card) is Card
            and type(at) is tuple
            and len(at) == 2
            and type(at[0]) is int
            and type(at[1]) is int
            and type(rotation) is int
            and rotation in ROTATIONS
        ):
            self._refuse(at, rotation)
        else:
            card, at, rotation = self._check(card, at, rotation)
        return self._gain(_turned(card, rotation)[1], at)

    def undo(self) -> Card:
        """Take back the last placement exactly and return its card (as in every game's
        board); ValueError when only the start card lies.

        The groups the card touched are counted again from their cells (no replay).
        """
        if not self._placed:
            raise ValueError("nothing to undo: only the start card is in the orchard")
        card, at, _ = self._placed.pop()
        del self._squares[at]
        base = _base(at)
        cells, gid = self._cells, self._gid
        keys = [base + off for off in _POS]
        around = [base + off for off in _AROUND]
        roots = {gid[key] for key in keys + around if cells.get(key, 1) < 0}
        loose: list[int] = []  # fruit cells whose groups are counted again
        for root in roots:
            members = self._members.pop(root)
            loose.extend(members)
            for key in members:
                del gid[key]
            del self._drops[root], self._masks[root]
            self._total -= self._points.pop(root)
        for key in keys:
            del cells[key]
        for key in loose:
            if key in cells and key not in gid:
                self._regroup(key)
        self._frontier.add(at)
        row, col = at
        for square in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
            r, c = square
            if square not in self._squares and not any(
                near in self._squares for near in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            ):
                self._frontier.discard(square)
        rows = [r for r, _ in self._squares]
        cols = [c for _, c in self._squares]
        self._box = (min(rows), max(rows), min(cols), max(cols))
        self._open = None
        self._gains = {}
        self._found = None
        return card

    def _regroup(self, start: int) -> None:
        """Count the group of fruit cell ``start`` again from its cells, as a new group."""
        cells, gid = self._cells, self._gid
        fruit, target = cells[start], self._next
        self._next += 1
        members, drops, stack = [], {}, [start]
        gid[start] = target
        while stack:
            key = stack.pop()
            members.append(key)
            for near in (key - STRIDE, key - 1, key + 1, key + STRIDE):
                value = cells.get(near)
                if value == fruit and near not in gid:
                    gid[near] = target
                    stack.append(near)
                elif value is not None and value > 0:
                    drops[near] = value
        points = group_points(self._scoring, len(members), drops.values(), self._table)
        self._members[target], self._drops[target] = members, drops
        self._masks[target], self._points[target] = _bits(drops.values()), points
        self._total += points

    # --- what the fast policies ask ------------------------------------------------------
    def best_placement(self, cards: Sequence[Card]) -> tuple[int, Square, int]:
        """Greedy's choice: (index in ``cards``, square, rotation) of the first highest gain.

        Tries each card in order, its open squares in order, each square's allowed rotations
        in order (``Game.legal_moves`` order), from remembered gains (``gain`` for each would
        give the same answer, slower). ValueError if there is no card or no open square.

        >>> board = Board(start=Card.from_text("BP/2C"))
        >>> board.best_placement([Card.from_text("PP/PP"), Card.from_text("B1/11")])
        (1, (-1, 0), 0)
        """
        squares = self.open_squares()
        if not cards or not squares:
            raise ValueError("there is no placement to choose: no card or no open square")
        shapes = [[_turned(card, turn)[1] for turn in self._rotations] for card in cards]
        c, s, t = self._first_best(shapes, squares)
        return c, squares[s], self._rotations[t]

    def _gain(self, shape: _Shape, at: Square) -> int:
        """Score change of laying ``shape`` on square ``at``, remembered until it can change.

        A remembered gain stays right until a card lands next to the square or a group
        touching the square (its ``deps``) grows or gets a new drop.
        """
        entry = self._gains.get(at)
        if entry is None:
            base = _base(at)
            entry = self._gains[at] = (*self._around(base), base, {})
        gain = entry[3].get(shape)
        if gain is None:
            gain = entry[3][shape] = self._delta(shape, entry[2], entry[1])
        return gain

    def _first_best(
        self, shapes: Sequence[Sequence[_Shape]], squares: Sequence[Square]
    ) -> tuple[int, int, int]:
        """(card, square, turn) indices of the first highest gain, trying each card's
        squares in order and each square's turns in order (``Game.legal_moves`` order);
        ``shapes[card][turn]`` is the card turned by the ``turn``-th rotation."""
        entries, found = self._gains, []
        for at in squares:  # one lookup per square, not one per (shape, square)
            entry = entries.get(at)
            if entry is None:
                base = _base(at)
                entry = entries[at] = (*self._around(base), base, {})
            found.append(entry)
        knowns = [entry[3] for entry in found]
        best, choice, count = -1 << 62, (0, 0, 0), len(shapes[0])
        for c, turns in enumerate(shapes):
            gains = [known.get(shape) for known in knowns for shape in turns]  # legal order
            if None in gains:
                for i, gain in enumerate(gains):
                    if gain is None:
                        entry, shape = found[i // count], turns[i % count]
                        gains[i] = entry[3][shape] = self._delta(shape, entry[2], entry[1])
            top: int = max(gains)  # type: ignore[type-var, assignment]
            if top > best:
                best, choice = top, (c, *divmod(gains.index(top), count))
        return choice

    def _around(self, base: int) -> tuple[set[int], tuple[Near, ...]]:
        """The groups around the square at cell key ``base``, and its 8 outside neighbours,
        each None (empty) or (value, cell key, group id; -1 for a drop)."""
        cells, gid = self._cells, self._gid
        deps: set[int] = set()
        around: list[Near] = []
        for off in _AROUND:
            value = cells.get(base + off)
            if value is None:
                around.append(None)
            elif value > 0:
                around.append((value, base + off, -1))
            else:
                deps.add(gid[base + off])
                around.append((value, base + off, gid[base + off]))
        return deps, tuple(around)

    # --- the incremental engine ----------------------------------------------------------
    def _plan(
        self, shape: _Shape, base: int, around: tuple[Near, ...]
    ) -> tuple[int, list[list[Any]], dict[int, dict[int, int]]]:
        """Score change of laying ``shape`` at cell key ``base``, and how groups would change.

        Returns (delta, clusters, wetted): each cluster is [fruit, new cell offsets, old group
        ids, drops] for one group the card's fruit forms (joining old groups); ``wetted`` maps
        old groups not joined to the new drops that now touch them. Drops are {cell: value}.
        ``around`` is the square's neighbourhood from ``_around``.
        """
        clusters: list[list[Any]] = []  # each [fruit, offsets, old group ids, drops]
        joined: dict[int, list[Any]] = {}  # old group id -> the cluster that joins it
        for fruit, offsets, outs, inner in shape.comps:
            roots: set[int] = set()
            drops = {base + off: value for off, value in inner} if inner else {}
            for i in outs:
                near = around[i]
                if near is None:
                    continue
                if near[0] > 0:
                    drops[near[1]] = near[0]
                elif near[0] == fruit:
                    roots.add(near[2])
            twin = None
            if joined:  # two parts of the card may meet through an old group
                for root in roots:
                    if root in joined:
                        twin = joined[root]
                        break
            if twin is None:
                twin = [fruit, offsets, roots, drops]
                clusters.append(twin)
            else:
                twin[1] += offsets
                twin[2] |= roots
                twin[3].update(drops)
            for root in roots:
                joined[root] = twin
        wetted: dict[int, dict[int, int]] = {}
        for off, value, outs in shape.drops:
            for i in outs:
                near = around[i]
                if near is not None and near[0] < 0:
                    root = near[2]
                    if root in joined:
                        joined[root][3][base + off] = value
                    else:
                        wetted.setdefault(root, {})[base + off] = value
        scoring, table, points, members_of, drops_of = (
            self._scoring,
            self._table,
            self._points,
            self._members,
            self._drops,
        )
        delta = 0
        for cluster in clusters:
            size = len(cluster[1])
            drops = cluster[3]
            for root in cluster[2]:
                size += len(members_of[root])
                drops.update(drops_of[root])
                delta -= points[root]
            if size in drops.values():  # else it scores nothing: skip the call
                delta += group_points(scoring, size, drops.values(), table)
        for root, drops in wetted.items():
            drops.update(drops_of[root])
            size = len(members_of[root])
            if size in drops.values():
                delta += group_points(scoring, size, drops.values(), table)
            delta -= points[root]
        return delta, clusters, wetted

    def _delta(self, shape: _Shape, base: int, around: tuple[Near, ...]) -> int:
        """``_plan(shape, base, around)[0]``, faster: with "fruit" and "drop" scoring a group
        earns the points of its size when one of its drops equals it, so drop values kept as
        bits suffice. "per_drop" counts matching drop cells, so it asks ``_plan``."""
        if self._scoring == "per_drop":
            return self._plan(shape, base, around)[0]
        clusters: list[list[Any]] = []  # [size, drop bits, old group ids]
        joined: dict[int, list[Any]] = {}
        for fruit, size, outs, mask in shape.bits:
            roots = []
            for i in outs:
                near = around[i]
                if near is not None:
                    value = near[0]
                    if value > 0:
                        mask |= 1 << value
                    elif value == fruit and near[2] not in roots:
                        roots.append(near[2])
            twin = None
            if joined:  # two parts of the card may meet through an old group
                for root in roots:
                    twin = joined.get(root)
                    if twin is not None:
                        break
            if twin is None:
                twin = [size, mask, roots]
                clusters.append(twin)
            else:
                twin[0] += size
                twin[1] |= mask
                twin[2] = twin[2] + [root for root in roots if root not in twin[2]]
            for root in roots:
                joined[root] = twin
        wetted: dict[int, int] = {}
        for bit, outs in shape.drop_bits:
            for i in outs:
                near = around[i]
                if near is not None and near[0] < 0:
                    root = near[2]
                    twin = joined.get(root)
                    if twin is not None:
                        twin[1] |= bit
                    else:
                        wetted[root] = wetted.get(root, 0) | bit
        members, masks, points, worth = self._members, self._masks, self._points, self._worth
        delta = 0
        for size, mask, roots in clusters:
            for root in roots:
                size += len(members[root])
                mask |= masks[root]
                delta -= points[root]
            if mask >> size & 1:  # a drop of this size: so the size is 1..9
                delta += worth[size]
        for root, bits in wetted.items():
            size = len(members[root])
            if (bits | masks[root]) >> size & 1:
                delta += worth[size]
            delta -= points[root]
        return delta

    def _lay(self, card: Card, at: Square, shape: _Shape) -> None:
        """Put an already checked, already turned card (of this shape) down; update the groups."""
        base = _base(at)
        delta, clusters, wetted = self._plan(shape, base, self._around(base)[1])
        for p in range(4):
            self._cells[base + _POS[p]] = shape.values[p]
        for _fruit, offsets, roots, drops in clusters:
            new_cells = [base + off for off in offsets]
            if roots:
                target = max(roots, key=lambda root: len(self._members[root]))
                for root in roots - {target}:
                    for key in self._members.pop(root):
                        self._gid[key] = target
                        self._members[target].append(key)
                    del self._drops[root], self._points[root], self._masks[root]
            else:
                target = self._next
                self._next += 1
                self._members[target] = []
            for key in new_cells:
                self._gid[key] = target
            self._members[target].extend(new_cells)
            self._drops[target] = drops
            self._masks[target] = _bits(drops.values())
            self._points[target] = group_points(
                self._scoring, len(self._members[target]), drops.values(), self._table
            )
        for root, drops in wetted.items():
            self._drops[root] = drops
            self._masks[root] = _bits(drops.values())
            self._points[root] = group_points(
                self._scoring, len(self._members[root]), drops.values(), self._table
            )
        self._total += delta
        row, col = at
        near = ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))
        self._regain(clusters, wetted, near)
        self._squares[at] = card
        self._frontier.discard(at)
        for square in near:
            if square not in self._squares:
                self._frontier.add(square)
        r0, r1, c0, c1 = self._box
        self._box = (min(r0, row), max(r1, row), min(c0, col), max(c1, col))
        self._open = None
        self._found = None

    def _regain(
        self, clusters: list[list[Any]], wetted: dict[int, dict[int, int]], near: tuple[Square, ...]
    ) -> None:
        """A new ``_gains`` for the state after a card lands beside the squares ``near``:
        the old entries of the other squares whose groups did not change."""
        changed = {root for cluster in clusters for root in cluster[2]} | set(wetted)
        self._gains = {
            square: entry
            for square, entry in self._gains.items()
            if square not in near and not entry[0] & changed
        }

    # --- looking at the orchard ----------------------------------------------------------
    @property
    def placed(self) -> tuple[Move, ...]:
        """The cards placed after the start, in order, as printed (not turned)."""
        return tuple(Move(card, at, rotation) for card, at, rotation in self._placed)

    def cards(self) -> tuple[Card, ...]:
        """Every card in the orchard as printed, the start card first, in placement order.

        >>> Board(start=Card.from_text("BP/2C")).cards()
        (Card.from_text('BP/2C'),)
        """
        return (self.start, *(card for card, _, _ in self._placed))

    @property
    def squares(self) -> dict[Square, Card]:
        """Card square -> the card as it lies there (turned if it was placed turned)."""
        return dict(self._squares)

    @property
    def total(self) -> int:
        """The score total, kept up to date card by card (equal to ``score().total``)."""
        return self._total

    def cell(self, row: int, col: int) -> str | None:
        """The code of cell (row, col) as in ``Card.from_text`` ("B", "3"), None if empty.

        Card square (r, c) covers cells 2r..2r+1, 2c..2c+1.
        """
        row, col = check_square((row, col))
        if max(abs(row), abs(col)) >= OFFSET:  # far beyond any orchard
            return None
        value = self._cells.get((row + OFFSET) * STRIDE + col + OFFSET)
        return None if value is None else _CODE[value]

    def groups(self) -> list[Group]:
        """Every fruit group (WD-4), counted from scratch, in reading order of first cells.

        Counted once per position and language (a score, a snapshot and the groups shown
        ask for one position's groups again and again; each reason is a sentence): laying
        or taking back a card counts them again when next asked.
        """
        code = language()
        found = self._found
        if found is None or found[0] != code:
            found = self._found = (code, tuple(self._count_groups()))
        return list(found[1])

    def _count_groups(self) -> list[Group]:
        """``groups()`` counted from the cells, with flood fills."""
        cells, scoring, table = self._cells, self._scoring, self._table
        where = {key: (key // STRIDE - OFFSET, key % STRIDE - OFFSET) for key in cells}
        seen: set[int] = set()
        found = []
        for start in sorted(cells):
            value = cells[start]
            if value > 0 or start in seen:
                continue
            members, drops, stack = [], {}, [start]
            seen.add(start)
            while stack:
                key = stack.pop()
                members.append(key)
                for near in (key - STRIDE, key - 1, key + 1, key + STRIDE):
                    other = cells.get(near)
                    if other == value:
                        if near not in seen:
                            seen.add(near)
                            stack.append(near)
                    elif other is not None and other > 0:
                        drops[near] = other
            size = len(members)
            members.sort()
            touching = tuple([(where[key], drops[key]) for key in sorted(drops)])
            points = group_points(scoring, size, drops.values(), table)
            fruit = _CODE[value]
            found.append(
                Group(
                    fruit=fruit,
                    cells=tuple([where[key] for key in members]),
                    drops=touching,
                    matching=tuple([drop for drop in touching if drop[1] == size]),
                    points=points,
                    reason=reason(fruit, size, sorted(drops.values()), points),
                )
            )
        return found

    def score(self) -> Score:
        """Points per fruit (WD-4), recomputed from scratch; each note lists that fruit's groups.

        >>> Board(start=Card.from_text("BP/2C")).score().explain().splitlines()[0]
        'banana: 1 banana touches a 2-drop only: too few to score → 0 points'
        """
        parts = {FRUIT_NAMES[fruit][0]: 0 for fruit in FRUITS}
        reasons: dict[str, list[str]] = {name: [] for name in parts}
        for group in self.groups():
            name = FRUIT_NAMES[group.fruit][0]
            parts[name] += group.points
            reasons[name].append(group.reason)
        notes = {
            name: "; ".join(reasons[name]) or no_fruit(fruit)
            for fruit, name in zip(FRUITS, parts, strict=True)
        }
        return Score(parts, notes)

    def snapshot(self) -> dict[str, Any]:
        """Everything this orchard shows: each card as it lies at its square, every cell,
        the open squares, the groups and the score's parts.

        >>> Board(start=Card.from_text("BP/2C")).snapshot()["open"]
        ((-1, 0), (0, -1), (0, 1), (1, 0))
        """
        laid = self._cells  # every cell of a laid square holds a code
        cells = {
            (row, col): _CODE[laid[(row + OFFSET) * STRIDE + col + OFFSET]]
            for r, c in self._squares
            for row in (2 * r, 2 * r + 1)
            for col in (2 * c, 2 * c + 1)
        }
        return board_snapshot(
            self,
            squares=tuple(sorted(self._squares.items())),
            cells=tuple(sorted(cells.items())),
            open=tuple(self.open_squares()),
            groups=tuple(self.groups()),
        )

    def copy(self) -> Board:
        """An independent board in the same state."""
        other = Board.__new__(Board)
        other.__dict__.update(
            self.__dict__,
            _placed=list(self._placed),
            _squares=dict(self._squares),
            _frontier=set(self._frontier),
            _cells=dict(self._cells),
            _gid=dict(self._gid),
            _members={root: list(keys) for root, keys in self._members.items()},
            _drops={root: dict(drops) for root, drops in self._drops.items()},
            _points=dict(self._points),
            _masks=dict(self._masks),  # _gains is shared: see __init__
        )
        return other

    def __str__(self) -> str:
        """The orchard as text, one line per cell row, "." for an empty cell."""
        r0, r1, c0, c1 = self._box
        return "\n".join(
            "".join(self.cell(row, col) or "." for col in range(2 * c0, 2 * c1 + 2))
            for row in range(2 * r0, 2 * r1 + 2)
        )
