"""One player's orchard of stacked trees (ST-3, ST-4, ST-5, ST-6).

The trees lie on a grid of (row, col) cells that grows in every direction. Inside, each cell
is a *spot*: an index into a padded grid, so each fruit's visible trees are a bit mask and
the legal spots of a card in all positions at once come from a few shifts and ands (no loop
over positions). ``spots``, ``spot_gain`` and ``place_spot`` are that fast, unchecked layer
(for policies and search); ``place``, ``gain`` and ``placements`` are the checked one.

>>> from orchard_lab.stacked_trees import Board, Card
>>> board = Board(start=Card.from_text("APL/LAP"))
>>> board.place(Card.from_text("PLA/APA"), at=(0, 1))
>>> board.die(0, 1), board.die(1, 2), board.score().total
(1, 1, 4)
>>> board.undo()
Card.from_text('PLA/APA')
>>> board.score().total, board.cards()
(0, (Card.from_text('APL/LAP'),))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from orchard_lab.core import (
    IllegalMove,
    Score,
    board_snapshot,
    check_bool,
    check_type,
    count,
    illegal,
)
from orchard_lab.language import _, _n
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, check_rotation, trees
from orchard_lab.stacked_trees.rules import Rules, check_at, ladder_steps

MARGIN = 6  # spare grid columns and rows kept around the trees (at least 2 are needed)
MOST_TOKENS = 6  # a card has 6 trees, so one placement never costs more tokens


@dataclass(frozen=True)
class Placement:
    """A legal spot for a card: its turned top-left tree at ``at``, costing ``tokens``."""

    at: tuple[int, int]
    rotation: int
    tokens: int


@lru_cache(maxsize=8192)
def offsets(card: Card, rotation: int, stride: int) -> tuple[tuple[int, str], ...]:
    """The grid offset and fruit of each tree of the turned card for a grid ``stride`` (cached).

    >>> offsets(Card.from_text("APL/LAP"), 0, 10)[3]
    (10, 'L')
    """
    return tuple((r * stride + c, fruit) for r, c, fruit in trees(card, rotation))


def bits(mask: int) -> Iterator[int]:
    """The set bit indexes of ``mask``, lowest first.

    >>> list(bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


Cell = tuple[int, int]


@dataclass(frozen=True)
class Effect:
    """What placing ``card`` turned by ``rotation`` at ``at`` would do (``Board.effect``).

    When it is refused, ``legal`` is False and ``reason`` is the sentence ``place`` would
    raise. Else ``tokens`` is the rotten tokens it spends, ``gain`` the change of the total,
    ``climbs`` (cell, value before, value after) each die that climbs (ST-4), ``new_dice``
    (cell, fruit) each new die and ``back`` the cells whose dice go back to the supply under
    rotten tokens (ST-5).
    """

    card: Card
    at: Cell
    rotation: int
    legal: bool
    reason: str = ""
    tokens: int = 0
    gain: int = 0
    climbs: tuple[tuple[Cell, int, int], ...] = ()
    new_dice: tuple[tuple[Cell, str], ...] = ()
    back: tuple[Cell, ...] = ()

    def cells(self) -> dict[Cell, str]:
        """The cells the turned card covers, with its fruit there.

        >>> Effect(Card.from_text("APL/LAP"), (2, 0), 90, False).cells()[(2, 0)]
        'L'
        """
        row, col = self.at
        return {(row + r, col + c): fruit for r, c, fruit in trees(self.card, self.rotation)}


class Board:
    """One player's orchard; the start card's top-left tree lies at (0, 0).

    >>> Board(start=Card.from_text("APL/LAP")).top(1, 0)
    'L'
    """

    def __init__(self, start: Card, rules: Rules | None = None) -> None:
        check_type(start, Card, "start")
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        self.rules = rules
        ladder = ladder_steps(rules.ladder)
        self._climb, self._steps = ladder.climb, ladder.step
        self._left = dict.fromkeys(FRUITS, rules.dice_per_fruit)
        self._rotten_used = 0
        self._dice_sum = 0
        self._placed: list[tuple[Card, tuple[int, int], int, int]] = [(start, (0, 0), 0, 0)]
        self._bounds = [0, start.height - 1, 0, start.width - 1]
        self._undo: list[tuple[Any, ...]] = []
        self._rebuild({(r, c): fruit for r, c, fruit in trees(start, 0)}, {}, set())

    # -- the grid -------------------------------------------------------------------------
    def _rebuild(
        self,
        fruit: dict[tuple[int, int], str],
        dice: dict[tuple[int, int], int],
        rotten: set[tuple[int, int]],
    ) -> None:
        """Lay the trees on a fresh padded grid (at the start, and when the orchard grows)."""
        rmin, _, cmin, cmax = self._bounds
        self._r0, self._c0 = MARGIN - rmin, MARGIN - cmin
        self._stride = cmax - cmin + 1 + 2 * MARGIN
        self._fruit: dict[int, str] = {self.spot(*rc): f for rc, f in fruit.items()}
        self._die: dict[int, int] = {self.spot(*rc): v for rc, v in dice.items()}
        self._occ = self._rot = 0
        self._vis = dict.fromkeys(FRUITS, 0)
        for idx, f in self._fruit.items():
            self._occ |= 1 << idx
            if self.spot_cell(idx) in rotten:
                self._rot |= 1 << idx
            else:
                self._vis[f] |= 1 << idx

    def spot(self, row: int, col: int) -> int:
        """The grid spot of cell (row, col) in the current layout (it changes as the orchard
        grows: use spots at once, do not keep them across placements)."""
        return (row + self._r0) * self._stride + col + self._c0

    def spot_cell(self, spot: int) -> tuple[int, int]:
        """The (row, col) cell of a grid spot: ``spot_cell(spot(r, c)) == (r, c)``."""
        r, c = divmod(spot, self._stride)
        return r - self._r0, c - self._c0

    def _lookup(self, r: int, c: int) -> int | None:
        """The grid spot of (r, c) if a tree lies there, else None."""
        rmin, rmax, cmin, cmax = self._bounds
        if rmin <= r <= rmax and cmin <= c <= cmax:
            idx = self.spot(r, c)
            if idx in self._fruit:
                return idx
        return None

    @property
    def stride(self) -> int:
        """Grid spots per row of the current layout."""
        return self._stride

    @property
    def grid_trees(self) -> Mapping[int, str]:
        """The visible fruit by grid spot (read only; for the fast search)."""
        return self._fruit

    @property
    def grid_dice(self) -> Mapping[int, int]:
        """The die value by grid spot (read only; for the fast search)."""
        return self._die

    @property
    def rotten_spots(self) -> int:
        """A bit mask of the grid spots that carry a rotten token."""
        return self._rot

    # -- reading the orchard --------------------------------------------------------------
    def top(self, row: int, col: int) -> str | None:
        """The fruit code of the visible tree at (row, col), None if no tree lies there."""
        idx = self._lookup(row, col)
        return None if idx is None else self._fruit[idx]

    def die(self, row: int, col: int) -> int | None:
        """The value of the die on the visible tree at (row, col), None if there is none."""
        idx = self._lookup(row, col)
        return None if idx is None else self._die.get(idx)

    def is_rotten(self, row: int, col: int) -> bool:
        """Whether the visible tree at (row, col) carries a rotten fruit token (ST-5)."""
        idx = self._lookup(row, col)
        return idx is not None and bool(self._rot >> idx & 1)

    @property
    def dice_left(self) -> dict[str, int]:
        """Dice still in the supply, per fruit: ``{"A": 5, "P": 5, "L": 5}`` at the start."""
        return dict(self._left)

    @property
    def rotten_used(self) -> int:
        return self._rotten_used

    @property
    def rotten_left(self) -> int:
        return self.rules.rotten_tokens - self._rotten_used

    def cards(self) -> tuple[Card, ...]:
        """Every card in the orchard, the start card first, in the order they were placed."""
        return tuple(card for card, _, _, _ in self._placed)

    @property
    def history(self) -> tuple[tuple[Card, tuple[int, int], int, int], ...]:
        """(card, at, rotation, tokens) of every card placed, the start card first."""
        return tuple(self._placed)

    def dice(self) -> dict[tuple[int, int], int]:
        """Every die on the table by cell, in reading order."""
        return {self.spot_cell(idx): v for idx, v in sorted(self._die.items())}

    def trees(self) -> dict[tuple[int, int], str]:
        """The visible tree of every cell, in reading order."""
        return {self.spot_cell(idx): f for idx, f in sorted(self._fruit.items())}

    def bounds(self) -> tuple[int, int, int, int]:
        """(first row, last row, first col, last col) of the orchard."""
        rmin, rmax, cmin, cmax = self._bounds
        return rmin, rmax, cmin, cmax

    def score(self) -> Score:
        """Recomputed from the table (ST-6): dice values minus the penalty per rotten token.

        >>> Board(start=Card.from_text("APL/LAP")).score().parts
        mappingproxy({'dice': 0, 'rotten': 0})
        """
        values = sorted(self._die.values())
        if values:
            dice = _n(
                "{count} die: {values} = {total}", "{count} dice: {values} = {total}", len(values)
            )
            dice_note = dice.format(
                count=len(values), values="+".join(map(str, values)), total=sum(values)
            )
        else:
            dice_note = _("no dice on the table yet")
        used, penalty = self._rotten_used, self.rules.rotten_penalty
        rotten = _n("{count} rotten token × -{penalty}", "{count} rotten tokens × -{penalty}", used)
        return Score(
            {"dice": sum(values), "rotten": -penalty * used},
            {"dice": dice_note, "rotten": rotten.format(count=used, penalty=penalty)},
        )

    @property
    def total(self) -> int:
        """The score total, kept as the game goes (equal to ``score().total``)."""
        return self._dice_sum - self.rules.rotten_penalty * self._rotten_used

    def snapshot(self) -> dict[str, Any]:
        """Everything this orchard shows: the top tree, die and rotten token of every cell,
        the dice and tokens left, the score's parts.

        >>> Board(start=Card.from_text("APL/LAP")).snapshot()["trees"][0]
        ((0, 0), 'A')
        """
        trees = self.trees()
        return board_snapshot(
            self,
            trees=tuple(sorted(trees.items())),
            dice=tuple(sorted(self.dice().items())),
            rotten=tuple(sorted(cell for cell in trees if self.is_rotten(*cell))),
            dice_left=tuple(sorted(self.dice_left.items())),
            rotten_left=self.rotten_left,
        )

    def copy(self) -> Board:
        """An independent copy."""
        twin = object.__new__(Board)
        twin.__dict__.update(self.__dict__)
        twin._left = dict(self._left)
        twin._placed = list(self._placed)
        twin._bounds = list(self._bounds)
        twin._fruit = dict(self._fruit)
        twin._die = dict(self._die)
        twin._vis = dict(self._vis)
        twin._undo = list(self._undo)
        return twin

    def cell_rows(self) -> list[list[tuple[int, int] | None]]:
        """The orchard within its bounds, row by row: each cell that holds a tree, None where
        no card lies (read it with ``top``, ``die`` and ``is_rotten``).

        >>> Board(Card.from_text("APL/LAP")).cell_rows()[1]
        [(1, 0), (1, 1), (1, 2)]
        """
        rmin, rmax, cmin, cmax = self._bounds
        return [
            [(r, c) if self._lookup(r, c) is not None else None for c in range(cmin, cmax + 1)]
            for r in range(rmin, rmax + 1)
        ]

    def __str__(self) -> str:
        """A picture: each tree as its fruit and die ("A3"), "A." without a die, "A*" rotten."""
        return "\n".join(
            " ".join(self._tree_text(cell).rjust(3) for cell in row) for row in self.cell_rows()
        )

    def _tree_text(self, cell: tuple[int, int] | None) -> str:
        if cell is None:
            return "."
        if self.is_rotten(*cell):
            return f"{self.top(*cell)}*"
        die = self.die(*cell)
        return f"{self.top(*cell)}{'.' if die is None else die}"

    def __repr__(self) -> str:
        cards = len(self._placed)
        return f"<stacked trees board: {count(cards, 'card', 'cards')}, total {self.total}>"

    # -- legal placements (fast, unchecked layer) -----------------------------------------
    def _counted(self, card: Card, rotation: int) -> tuple[int, int, int, int]:
        """(spots where the turned card covers a tree and no rotten one, then the spots with at
        least 1, 2 and 3 trees on a different fruit): enough while at most 2 tokens are left."""
        occ, rot, vis = self._occ, self._rot, self._vis
        other = {f: occ & ~vis[f] for f in FRUITS}
        over = blocked = one = two = three = 0
        for k, f in offsets(card, rotation, self._stride):
            over |= occ >> k
            blocked |= rot >> k
            x = other[f] >> k
            three |= two & x
            two |= one & x
            one |= x
        return over & ~blocked, one, two, three

    def _mismatches(self, card: Card, rotation: int, top: int) -> list[int]:
        """Any number of tokens: [spots as in ``_counted``, then the spots with at least
        1, 2, ..., ``top`` trees on a different fruit]."""
        occ, rot, vis = self._occ, self._rot, self._vis
        other = {f: occ & ~vis[f] for f in FRUITS}
        over = blocked = 0
        at_least = [0] * (top + 1)
        for k, f in offsets(card, rotation, self._stride):
            over |= occ >> k
            blocked |= rot >> k
            x = other[f] >> k
            for j in range(top, 1, -1):
                at_least[j] |= at_least[j - 1] & x
            at_least[1] |= x
        at_least[0] = over & ~blocked
        return at_least

    def spots(self, card: Card, rotation: int) -> int:
        """A bit mask of the grid spots where the card (turned by a checked ``rotation`` in 0,
        90, 180, 270) may go with its top-left tree, whatever the tokens it costs.

        >>> board = Board(start=Card.from_text("AAA/AAA"))
        >>> [board.spot_cell(s) for s in bits(board.spots(Card.from_text("AAA/AAA"), 0))][:2]
        [(-1, -2), (-1, -1)]
        """
        left = self.rules.rotten_tokens - self._rotten_used
        if left <= 2:
            ok, one, two, three = self._counted(card, rotation)
            return ok & ~(one, two, three)[left]
        if left >= MOST_TOKENS:
            return self._counted(card, rotation)[0]
        at_least = self._mismatches(card, rotation, left + 1)
        return at_least[0] & ~at_least[left + 1]

    def masks(self, card: Card, rotation: int) -> tuple[int, ...]:
        """Bit masks of the grid spots where the card may go costing exactly 0, 1, ...
        rotten tokens, up to the tokens left (at most 6, a card's trees)."""
        left = self.rules.rotten_tokens - self._rotten_used
        if left <= 2:
            ok, one, two, three = self._counted(card, rotation)
            if left == 0:
                return (ok & ~one,)
            if left == 1:
                return ok & ~one, ok & one & ~two
            return ok & ~one, ok & one & ~two, ok & two & ~three
        top = min(left, MOST_TOKENS)
        at_least = self._mismatches(card, rotation, top + 1 if top < MOST_TOKENS else top)
        if top == MOST_TOKENS:
            at_least.append(0)
        ok = at_least[0]
        rest = (ok & at_least[t] & ~at_least[t + 1] for t in range(1, top + 1))
        return (ok & ~at_least[1], *rest)

    def fits_any(self, cards: Sequence[Card]) -> bool:
        """Whether some of ``cards`` has a legal placement (the ST-6 end check).

        >>> Board(Card.from_text("AAA/AAA"), Rules(rotten_tokens=0)).fits_any(
        ...     [Card.from_text("PPP/LLL")])
        False
        """
        return any(self.spots(card, r) for card in set(cards) for r in ROTATIONS)

    def placements(self, card: Card) -> list[Placement]:
        """Every legal spot for ``card`` (ST-3, ST-5): rotations 0, 90, 180, 270, each in reading
        order, with the rotten tokens it costs.

        >>> board = Board(start=Card.from_text("AAA/AAA"))
        >>> len(board.placements(Card.from_text("AAA/AAA")))  # 15 flat + 16 upright, twice
        62
        """
        return [Placement(at, rotation, tokens) for at, rotation, tokens in self.legal_spots(card)]

    def legal_spots(self, card: Card) -> list[tuple[tuple[int, int], int, int]]:
        """(at, rotation, tokens) of every legal placement of ``card``, in ``placements`` order
        (the fast way to list them).

        >>> Board(Card.from_text("AAA/AAA")).legal_spots(Card.from_text("AAA/PPP"))[0]
        ((-1, -2), 0, 1)
        """
        check_type(card, Card, "card")
        found = []
        stride, r0, c0 = self._stride, self._r0, self._c0
        for rotation in ROTATIONS:
            masks = self.masks(card, rotation)
            free = masks[0]
            every = 0
            for mask in masks:
                every |= mask
            while every:
                low = every & -every
                p = low.bit_length() - 1
                every ^= low
                if free & low:
                    tokens = 0
                else:
                    tokens = 1
                    while not masks[tokens] & low:
                        tokens += 1
                r, c = divmod(p, stride)
                found.append(((r - r0, c - c0), rotation, tokens))
        return found

    def spot_gain(self, card: Card, spot: int, rotation: int) -> int:
        """How much the total would change with the card at a legal ``spot`` (from ``spots``);
        unchecked: ``gain`` is the checked version."""
        fruit_at, die_at, steps = self._fruit, self._die, self._steps
        gain = tokens = 0
        new = back = ""
        for k, f in offsets(card, rotation, self._stride):
            below = fruit_at.get(spot + k)
            if below is None:
                continue
            value = die_at.get(spot + k)
            if below == f:
                if value is None:
                    new += f
                else:
                    gain += steps[value]
            else:
                tokens += 1
                if value is not None:
                    gain -= value
                    back += below
        if new:
            first, left = self.rules.ladder[0], self._left
            for f in set(new):
                gain += first * min(new.count(f), left[f] + back.count(f))
        return gain - self.rules.rotten_penalty * tokens

    def place_spot(self, card: Card, spot: int, rotation: int) -> None:
        """Place the card at a legal ``spot`` (from ``spots``); unchecked: ``place`` checks."""
        self._put(card, self.spot_cell(spot), rotation)

    # -- checked placing ------------------------------------------------------------------
    def _cover(self, card: Any, at: Any, rotation: Any) -> tuple[tuple[int, int], int, int]:
        """Check the arguments and ST-3: (at, rotation mod 360, tokens the placement costs)."""
        check_type(card, Card, "card")
        at = check_at(at)
        rotation = check_rotation(rotation)
        row, col = at
        overlaps = tokens = 0
        for r, c, fruit in trees(card, rotation):
            idx = self._lookup(row + r, col + c)
            if idx is None:
                continue
            overlaps += 1
            if self._rot >> idx & 1:
                raise illegal(
                    "ST-3",
                    _("Stacking"),
                    _("the tree at {at} is rotten, and a rotten tree can never be covered.").format(
                        at=(row + r, col + c)
                    ),
                )
            if self._fruit[idx] != fruit:
                tokens += 1
        if not overlaps:
            raise illegal(
                "ST-3",
                _("Stacking"),
                _(
                    "at least one tree of the card must lie on a tree in play; at {at} none does."
                ).format(at=at),
            )
        return at, rotation, tokens

    def _check(
        self, card: Any, at: Any, rotation: Any, rotten: Any
    ) -> tuple[tuple[int, int], int, int]:
        """``_cover`` plus the rotten token rules (ST-5): what ``place`` and ``gain`` check."""
        rotten = check_bool(rotten, "rotten")
        at, rotation, tokens = self._cover(card, at, rotation)
        if tokens and not rotten:  # a token for each tree on a different fruit
            raise illegal(
                "ST-3",
                _("Matching fruit"),
                _n(
                    "{count} tree would lie on a different fruit, so this costs {count} rotten "
                    "token: play it with rotten=True to spend it.",
                    "{count} trees would lie on a different fruit, so this costs {count} rotten "
                    "tokens: play it with rotten=True to spend them.",
                    tokens,
                ).format(count=tokens),
            )
        left = self.rotten_left
        if tokens > left:
            needs = (
                _n(
                    "this needs {count} rotten token but only 1 is left.",
                    "this needs {count} rotten tokens but only 1 is left.",
                    tokens,
                )
                if left == 1
                else _n(
                    "this needs {count} rotten token but only {left} are left.",
                    "this needs {count} rotten tokens but only {left} are left.",
                    tokens,
                )
            )
            raise illegal("ST-5", _("Rotten fruit"), needs.format(count=tokens, left=left))
        if rotten and not tokens:
            raise illegal(
                "ST-5",
                _("Rotten fruit"),
                _(
                    "every covering tree matches the fruit below, so no rotten token is needed: "
                    "play it with rotten=False."
                ),
            )
        return at, rotation, tokens

    def can_place(
        self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool = False
    ) -> bool:
        """Whether ``place`` would accept this placement (wrong argument types still raise)."""
        try:
            self._check(card, at, rotation, rotten)
        except ValueError:
            return False
        return True

    def tokens_needed(self, card: Card, at: tuple[int, int], rotation: int = 0) -> int:
        """The rotten tokens a placement costs (trees on a different fruit), 0 if none;
        IllegalMove if it breaks ST-3 whatever the tokens."""
        return self._cover(card, at, rotation)[2]

    def gain(self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool = False) -> int:
        """How much the score total would change with this placement, changing nothing; raises
        exactly what ``place`` would raise.

        >>> Board(start=Card.from_text("APL/LAP")).gain(Card.from_text("APL/LAP"), at=(0, 0))
        6
        """
        at, rotation, _ = self._check(card, at, rotation, rotten)
        return self.spot_gain(card, self.spot(*at), rotation)  # a legal card stays in the grid

    def effect(
        self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool | None = None
    ) -> Effect:
        """What this placement would do, changing nothing: the dice that would climb, come
        and go back, the tokens and the gain, or the refusal ``place`` would raise. ``rotten``
        None spends the rotten tokens the placement needs, if any (wrong argument types
        still raise).

        >>> board = Board(start=Card.from_text("APL/LAP"))
        >>> effect = board.effect(Card.from_text("APL/LAP"), at=(0, 0))
        >>> effect.gain, effect.new_dice[0], effect.climbs
        (6, ((0, 0), 'A'), ())
        >>> board.effect(Card.from_text("PPP/PPP"), at=(5, 5)).reason[:18]
        'Stacking (ST-3): a'
        """
        check_type(card, Card, "card")
        at, rotation = check_at(at), check_rotation(rotation)
        try:
            tokens = self.tokens_needed(card, at, rotation)
            spend = tokens > 0 if rotten is None else check_bool(rotten, "rotten")
            gain = self.gain(card, at, rotation, rotten=spend)
        except IllegalMove as refusal:
            return Effect(card, at, rotation, False, str(refusal))
        before = self.dice()
        after_board = self.copy()
        after_board.place(card, at, rotation, spend)
        after = after_board.dice()
        climbs = tuple((c, before[c], v) for c, v in after.items() if before.get(c, v) != v)
        new = tuple((c, after_board.top(*c) or "") for c in after if c not in before)
        back = tuple(c for c in before if c not in after)
        return Effect(card, at, rotation, True, "", tokens, gain, climbs, new, back)

    def place(
        self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool = False
    ) -> None:
        """Play ``card`` turned by ``rotation`` with its top-left tree at ``at`` (ST-3..ST-5).

        Raises IllegalMove and leaves the board exactly as it was when the rules forbid it;
        TypeError or ValueError for arguments of the wrong type or value.

        >>> board = Board(start=Card.from_text("APL/LAP"))
        >>> board.place(Card.from_text("AAA/AAA"), at=(1, 1), rotten=True)
        >>> board.rotten_used, board.die(1, 1), board.is_rotten(1, 2)
        (1, 1, True)
        """
        at, rotation, _ = self._check(card, at, rotation, rotten)
        self._put(card, at, rotation)

    def undo(self) -> Card:
        """Take back the last placement exactly: trees, dice, supply and tokens, and return its
        card, as every game's board does (ValueError when only the start card lies).

        >>> board = Board(start=Card.from_text("APL/LAP"))
        >>> board.place(Card.from_text("APL/LAP"), at=(0, 0)); board.undo()
        Card.from_text('APL/LAP')
        >>> board.dice(), board.dice_left["A"]
        ({}, 5)
        """
        if not self._undo:
            raise ValueError("nothing to undo: only the start card lies in the orchard")
        changed, left, rotten_used, dice_sum, bounds, layout = self._undo.pop()
        card = self._placed.pop()[0]
        self._left, self._rotten_used, self._dice_sum, self._bounds = (
            dict(left),
            rotten_used,
            dice_sum,
            list(bounds),
        )
        if layout is not None:  # the placement laid out a new grid: take the old one back
            fruit, die, self._occ, self._rot, vis, self._r0, self._c0, self._stride = layout
            self._fruit, self._die, self._vis = dict(fruit), dict(die), dict(vis)
            return card
        fruit_at, die_at, vis = self._fruit, self._die, self._vis
        for idx, below, value in changed:  # a covered tree was never rotten (ST-3)
            bit = 1 << idx
            vis[fruit_at[idx]] &= ~bit
            self._rot &= ~bit
            if below is None:
                del fruit_at[idx]
                self._occ &= ~bit
            else:
                fruit_at[idx] = below
                vis[below] |= bit
            if value is None:
                die_at.pop(idx, None)
            else:
                die_at[idx] = value
        return card

    def _grow(self, card: Card, at: tuple[int, int], rotation: int) -> tuple[Any, ...] | None:
        """Widen the bounds for the card; lay out a new grid if it would reach the padding, and
        then return the old layout (for ``undo``)."""
        height, width = (
            (card.height, card.width) if rotation in (0, 180) else (card.width, card.height)
        )
        b = self._bounds
        new = [
            min(b[0], at[0]),
            max(b[1], at[0] + height - 1),
            min(b[2], at[1]),
            max(b[3], at[1] + width - 1),
        ]
        if new == b:
            return None
        inside = (
            new[0] + self._r0 >= 2
            and new[2] + self._c0 >= 2
            and new[3] + self._c0 <= self._stride - 3
        )
        if inside:
            self._bounds = new
            return None
        layout = (
            self._fruit,
            self._die,
            self._occ,
            self._rot,
            self._vis,
            self._r0,
            self._c0,
            self._stride,
        )
        fruit, dice = self.trees(), self.dice()
        rotten = {self.spot_cell(idx) for idx in bits(self._rot)}
        self._bounds = new
        self._rebuild(fruit, dice, rotten)
        return layout

    def _put(self, card: Card, at: tuple[int, int], rotation: int) -> None:
        """Lay a checked card (ST-4), remembering what ``undo`` needs."""
        bounds = tuple(self._bounds)
        layout = self._grow(card, at, rotation)
        fruit_at, die_at, left, climb = self._fruit, self._die, self._left, self._climb
        pos = self.spot(*at)
        cells = [(pos + k, f) for k, f in offsets(card, rotation, self._stride)]
        changed: list[tuple[int, str | None, int | None]] = []
        self._undo.append((changed, dict(left), self._rotten_used, self._dice_sum, bounds, layout))
        tokens = 0
        rotten_bits = 0
        for idx, f in cells:  # 1. rotten tokens first: dice under them go back to the supply
            below = fruit_at.get(idx)
            changed.append((idx, below, die_at.get(idx)))
            if below is not None and below != f:
                tokens += 1
                rotten_bits |= 1 << idx
                value = die_at.pop(idx, None)
                if value is not None:
                    left[below] += 1
                    self._dice_sum -= value
        newcomers = []
        for idx, f in cells:  # 2. dice move up the ladder
            if fruit_at.get(idx) == f:
                value = die_at.get(idx)
                if value is None:
                    newcomers.append((idx, f))
                else:
                    die_at[idx] = climb[value]
                    self._dice_sum += climb[value] - value
        first = self.rules.ladder[0]
        for idx, f in newcomers:  # 3. new dice in reading order while the supply lasts
            if left[f]:
                left[f] -= 1
                die_at[idx] = first
                self._dice_sum += first
        vis = self._vis
        for idx, f in cells:
            bit = 1 << idx
            below = fruit_at.get(idx)
            if below is not None:
                vis[below] &= ~bit
            fruit_at[idx] = f
            if rotten_bits & bit:
                self._rot |= bit
            else:
                vis[f] |= bit
            self._occ |= bit
        self._rotten_used += tokens
        self._placed.append((card, at, rotation, tokens))
