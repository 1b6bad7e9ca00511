"""One player's orchard of stacked trees (ST-3, ST-4, ST-5, ST-6).

The trees lie on a grid of (row, col) cells that grows in every direction. Inside, each
fruit's visible trees are a bit mask over a padded grid, so the legal spots of a card in all
positions at once come from a few shifts and ands (no loop over positions).

>>> from orchard_lab.stacked_trees import Board, Card
>>> board = Board(start=Card.from_text("APL/LAP"))
>>> board.place(Card.from_text("PLA/APA"), at=(0, 1))
>>> board.die(0, 1), board.die(1, 2), board.score().total
(1, 1, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from orchard_lab.core import IllegalMove, Score
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, trees
from orchard_lab.stacked_trees.rules import Rules

MARGIN = 6  # spare grid columns and rows kept around the trees (at least 2 are needed)


@dataclass(frozen=True)
class Placement:
    """A legal spot for a card: its turned top-left tree at ``at``, costing ``tokens``."""

    at: tuple[int, int]
    rotation: int
    tokens: int


@lru_cache(maxsize=8192)
def _offsets(card: Card, rotation: int, stride: int) -> tuple[tuple[int, str], ...]:
    """The grid offset and fruit of each tree of the turned card for a grid ``stride``."""
    return tuple((r * stride + c, fruit) for r, c, fruit in trees(card, rotation))


def _bits(mask: int):
    """The set bit indexes of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def illegal(rule: str, message: str) -> IllegalMove:
    """An IllegalMove whose sentence ends by naming its rule.

    >>> str(illegal("ST-3", "no tree overlaps"))
    'no tree overlaps (rule ST-3)'
    """
    return IllegalMove(rule, f"{message} (rule {rule})")


class Board:
    """One player's orchard; the start card's top-left tree lies at (0, 0).

    >>> Board(start=Card.from_text("APL/LAP")).top(1, 0)
    'L'
    """

    def __init__(self, start: Card, rules: Rules | None = None) -> None:
        if not isinstance(start, Card):
            raise TypeError(f"start must be a Card, got {type(start).__name__}")
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
        self.rules = rules
        self._climb = {v: rules.climb(v) for v in rules.ladder}
        self._steps = {v: rules.climb(v) - v for v in rules.ladder}
        self._level = {v: i for i, v in enumerate(rules.ladder)}
        self._left = dict.fromkeys(FRUITS, rules.dice_per_fruit)
        self._rotten_used = 0
        self._dice_sum = 0
        self._placed: list[tuple[Card, tuple[int, int], int, int]] = [(start, (0, 0), 0, 0)]
        self._bounds = [0, start.height - 1, 0, start.width - 1]
        trees_ = {(r, c): fruit for r, c, fruit in trees(start, 0)}
        self._rebuild(trees_, {}, set())

    # -- the grid -------------------------------------------------------------------------
    def _rebuild(
        self, fruit: dict[tuple[int, int], str], dice: dict[tuple[int, int], int], rotten: set
    ) -> None:
        """Lay the trees on a fresh padded grid (at the start, and when the orchard grows)."""
        rmin, _, cmin, cmax = self._bounds
        self._r0, self._c0 = MARGIN - rmin, MARGIN - cmin
        self._stride = cmax - cmin + 1 + 2 * MARGIN
        self._fruit: dict[int, str] = {self._index(*rc): f for rc, f in fruit.items()}
        self._die: dict[int, int] = {self._index(*rc): v for rc, v in dice.items()}
        self._occ = self._rot = 0
        self._vis = dict.fromkeys(FRUITS, 0)
        for idx, f in self._fruit.items():
            self._occ |= 1 << idx
            if self._cell(idx) in rotten:
                self._rot |= 1 << idx
            else:
                self._vis[f] |= 1 << idx

    def _index(self, r: int, c: int) -> int:
        return (r + self._r0) * self._stride + c + self._c0

    def _cell(self, idx: int) -> tuple[int, int]:
        r, c = divmod(idx, self._stride)
        return r - self._r0, c - self._c0

    def _lookup(self, r: int, c: int) -> int | None:
        """The grid index of (r, c) if a tree lies there, else None."""
        rmin, rmax, cmin, cmax = self._bounds
        if rmin <= r <= rmax and cmin <= c <= cmax:
            idx = self._index(r, c)
            if idx in self._fruit:
                return idx
        return None

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

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card in the orchard, the start card first, in the order they were placed."""
        return tuple(card for card, _, _, _ in self._placed)

    @property
    def history(self) -> tuple[tuple[Card, tuple[int, int], int, int], ...]:
        """(card, at, rotation, tokens) of every card placed, the start card first."""
        return tuple(self._placed)

    def dice(self) -> dict[tuple[int, int], int]:
        """Every die on the table by cell, in reading order."""
        return {self._cell(idx): v for idx, v in sorted(self._die.items())}

    def trees(self) -> dict[tuple[int, int], str]:
        """The visible tree of every cell, in reading order."""
        return {self._cell(idx): f for idx, f in sorted(self._fruit.items())}

    def bounds(self) -> tuple[int, int, int, int]:
        """(first row, last row, first col, last col) of the orchard."""
        return tuple(self._bounds)

    def score(self) -> Score:
        """Recomputed from the table (ST-6): dice values minus the penalty per rotten token.

        >>> Board(start=Card.from_text("APL/LAP")).score().parts
        mappingproxy({'dice': 0, 'rotten': 0})
        """
        values = sorted(self._die.values())
        if values:
            count = f"{len(values)} {'die' if len(values) == 1 else 'dice'}"
            dice_note = f"{count}: {'+'.join(map(str, values))} = {sum(values)}"
        else:
            dice_note = "no dice on the table yet"
        used, penalty = self._rotten_used, self.rules.rotten_penalty
        token = "token" if used == 1 else "tokens"
        return Score(
            {"dice": sum(values), "rotten": -penalty * used},
            {"dice": dice_note, "rotten": f"{used} rotten {token} × −{penalty}"},
        )

    @property
    def total(self) -> int:
        """The score total, kept as the game goes (equal to ``score().total``)."""
        return self._dice_sum - self.rules.rotten_penalty * self._rotten_used

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
        return twin

    def __str__(self) -> str:
        """A picture: each tree as its fruit and die ("A3"), "A." without a die, "A*" rotten."""
        rmin, rmax, cmin, cmax = self._bounds
        lines = []
        for r in range(rmin, rmax + 1):
            cells = []
            for c in range(cmin, cmax + 1):
                idx = self._lookup(r, c)
                if idx is None:
                    cells.append("  .")
                elif self._rot >> idx & 1:
                    cells.append(f"{self._fruit[idx]}*".rjust(3))
                else:
                    cells.append(f"{self._fruit[idx]}{self._die.get(idx, '.')}".rjust(3))
            lines.append(" ".join(cells))
        return "\n".join(lines)

    # -- legal placements -----------------------------------------------------------------
    def _masks(self, card: Card, rotation: int) -> tuple[int, int, int]:
        """Grid positions where the turned card may go with 0, 1 and 2 rotten tokens."""
        occ, rot, vis = self._occ, self._rot, self._vis
        other = {f: occ & ~vis[f] for f in FRUITS}
        over = blocked = one = two = three = 0
        for k, f in _offsets(card, rotation, self._stride):
            over |= occ >> k
            blocked |= rot >> k
            x = other[f] >> k
            three |= two & x
            two |= one & x
            one |= x
        ok = over & ~blocked
        left = self.rules.rotten_tokens - self._rotten_used
        return (
            ok & ~one,
            ok & one & ~two if left >= 1 else 0,
            ok & two & ~three if left >= 2 else 0,
        )

    def placements(self, card: Card) -> list[Placement]:
        """Every legal spot for ``card`` (ST-3, ST-5): rotations 0, 90, 180, 270, each in reading
        order, with the rotten tokens it costs.

        >>> board = Board(start=Card.from_text("AAA/AAA"))
        >>> len(board.placements(Card.from_text("AAA/AAA")))  # 15 flat + 16 upright, twice
        62
        """
        found = []
        for rotation in ROTATIONS:
            free, one, two = self._masks(card, rotation)
            for p in _bits(free | one | two):
                tokens = 0 if free >> p & 1 else 1 if one >> p & 1 else 2
                found.append(Placement(self._cell(p), rotation, tokens))
        return found

    def count_placements(self, card: Card, rotation: int) -> int:
        """How many legal spots the card has in this rotation (a fast count)."""
        return sum(mask.bit_count() for mask in self._masks(card, rotation))

    def can_place(
        self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool = False
    ) -> bool:
        """Whether ``place`` would accept this placement."""
        try:
            self._assess(card, at, rotation, rotten)
        except IllegalMove:
            return False
        return True

    def tokens_needed(self, card: Card, at: tuple[int, int], rotation: int = 0) -> int:
        """The rotten tokens a placement costs (trees on a different fruit), 0 if none."""
        return self._assess(card, at, rotation, None)[1]

    def _assess(
        self, card: Card, at: tuple[int, int], rotation: int, rotten: bool | None
    ) -> tuple[int, int]:
        """Check a placement against ST-3 and ST-5: (grid position, tokens) or IllegalMove."""
        if not isinstance(card, Card):
            raise illegal("ST-3", f"only a card can be placed, not {card!r}")
        if isinstance(rotation, bool) or not isinstance(rotation, int) or rotation % 90:
            raise illegal(
                "ST-3", f"rotation must be a multiple of 90 (0, 90, 180, 270), got {rotation!r}"
            )
        if (
            not isinstance(at, tuple)
            or len(at) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in at)
        ):
            raise illegal("ST-3", f"at must be a (row, col) pair of whole numbers, got {at!r}")
        if rotten is not None and not isinstance(rotten, bool):
            raise illegal("ST-5", f"rotten must be True or False, got {rotten!r}")
        rotation %= 360
        row, col = at
        overlaps = tokens = 0
        for r, c, fruit in trees(card, rotation):
            idx = self._lookup(row + r, col + c)
            if idx is None:
                continue
            overlaps += 1
            cell = (row + r, col + c)
            if self._rot >> idx & 1:
                raise illegal(
                    "ST-3", f"the tree at {cell} is rotten: a rotten tree can never be covered"
                )
            if self._fruit[idx] != fruit:
                tokens += 1
        if not overlaps:
            raise illegal(
                "ST-3",
                f"at least one tree of the card must lie on a tree in play; at {at} none does",
            )
        if rotten is not None:
            left = self.rotten_left
            plural = "token" if tokens == 1 else "tokens"
            if tokens and not rotten:
                raise illegal(
                    "ST-5",
                    f"{tokens} tree{'s' if tokens > 1 else ''} would lie on a different fruit, so "
                    f"this costs {tokens} rotten {plural}: play it with rotten=True to spend "
                    f"{'it' if tokens == 1 else 'them'}",
                )
            if tokens > left:
                raise illegal(
                    "ST-5", f"this needs {tokens} rotten {plural} but only {left} are left"
                )
            if rotten is True and not tokens:
                raise illegal(
                    "ST-5",
                    "every covering tree matches the fruit below, so no rotten token is needed: "
                    "play it with rotten=False",
                )
        return self._index(row, col), tokens

    # -- placing --------------------------------------------------------------------------
    def place(
        self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool = False
    ) -> None:
        """Play ``card`` turned by ``rotation`` with its top-left tree at ``at`` (ST-3..ST-5).

        Raises IllegalMove and leaves the board exactly as it was when the rules forbid it.

        >>> board = Board(start=Card.from_text("APL/LAP"))
        >>> board.place(Card.from_text("AAA/AAA"), at=(1, 1), rotten=True)
        >>> board.rotten_used, board.die(1, 1), board.is_rotten(1, 2)
        (1, 1, True)
        """
        self._assess(card, at, rotation, rotten)
        rotation %= 360
        self._grow(card, at, rotation)
        tokens = self._apply(card, self._index(*at), rotation)
        self._placed.append((card, tuple(at), rotation, tokens))

    def _place_at(self, card: Card, pos: int, rotation: int) -> None:
        """Place a card already known to be legal at grid position ``pos`` (the fast path)."""
        at = self._cell(pos)
        self._grow(card, at, rotation)
        tokens = self._apply(card, self._index(*at), rotation)
        self._placed.append((card, at, rotation, tokens))

    def _grow(self, card: Card, at: tuple[int, int], rotation: int) -> None:
        """Widen the bounds for the card; lay out a new grid if it would reach the padding."""
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
            return
        inside = (
            new[0] + self._r0 >= 2
            and new[2] + self._c0 >= 2
            and new[3] + self._c0 <= self._stride - 3
        )
        if inside:
            self._bounds = new
            return
        fruit, dice = self.trees(), self.dice()
        rotten = {self._cell(idx) for idx in _bits(self._rot)}
        self._bounds = new
        self._rebuild(fruit, dice, rotten)

    def _apply(self, card: Card, pos: int, rotation: int) -> int:
        """Lay a checked card at grid position ``pos``; returns the rotten tokens spent (ST-4)."""
        fruit_at, die_at, left, climb = self._fruit, self._die, self._left, self._climb
        cells = [(pos + k, f) for k, f in _offsets(card, rotation, self._stride)]
        tokens = 0
        rotten_bits = 0
        for idx, f in cells:  # 1. rotten tokens first: dice under them go back to the supply
            below = fruit_at.get(idx)
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
        return tokens

    def _gain(self, card: Card, pos: int, rotation: int) -> int:
        """How much the score total would change with the card at grid position ``pos``."""
        fruit_at, die_at, steps = self._fruit, self._die, self._steps
        gain = tokens = 0
        new = back = ""
        for k, f in _offsets(card, rotation, self._stride):
            below = fruit_at.get(pos + k)
            if below is None:
                continue
            value = die_at.get(pos + k)
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

    def gain(self, card: Card, at: tuple[int, int], rotation: int = 0, rotten: bool = False) -> int:
        """How much the score would change with this placement, without placing (IllegalMove
        if it is not allowed).

        >>> Board(start=Card.from_text("APL/LAP")).gain(Card.from_text("APL/LAP"), at=(0, 0))
        6
        """
        pos, _ = self._assess(card, at, rotation, rotten)
        return self._gain(card, pos, rotation % 360)
