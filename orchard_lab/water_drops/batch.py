"""Many water drops games at once with numpy: greedy and random play vectorised across games.

Every game of a batch has the same turn structure (the same player count, market size and
cards left), so all games take their n-th card together. Each orchard is a grid of cells
(int8 codes: fruit -1..-4, drop values 1..9, 0 empty) with a group id per fruit cell; groups
(size, drop values as bits, points) join through a union-find ``parent`` array. A move's
gain is worked out for all candidates of all games at once from the 8 cells around its
square, exactly as ``Board`` does (WD-3, WD-4), for "fruit" and "drop" scoring (a group
earns its size when a touching drop equals it; "per_drop" counts drop cells, which this
does not keep). The tests compare every table with ``policies.run_games``.

>>> seeds = np.random.default_rng(0).integers(0, 2**63 - 1, size=3)
>>> Batch.deal(seeds, players=2, rules=Rules()).play_greedy().shape
(3, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from orchard_lab.water_drops.board import Board
from orchard_lab.water_drops.cards import FRUITS, Card, default_deck, starting_cards
from orchard_lab.water_drops.game import Game
from orchard_lab.water_drops.rules import ROTATIONS, Move, Rules, market_size

__all__ = ["Batch", "lemire_indexes"]

_CODE = {code: -1 - i for i, code in enumerate(FRUITS)} | {str(v): v for v in range(1, 10)}
_SLOT_CELL = np.array([0, 0, 1, 1, 2, 2, 3, 3])  # the card cell each outside cell touches
_INSIDE = ((1, 2), (0, 3), (0, 3), (1, 2))  # neighbours of each cell within the card
_LOW = np.array([(i & -i).bit_length() - 1 if i else 0 for i in range(256)])  # lowest bit
_EARLIER = np.tril(np.ones((8, 8), dtype=bool), -1)  # [i, j]: j < i


def lemire_indexes(words: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``Generator.integers(count)`` from one 32-bit word each (numpy's Lemire method), and
    whether the word would be rejected (then numpy draws again: the caller must redo it).

    >>> rng = np.random.default_rng(5)
    >>> words = np.random.default_rng(5).integers(0, 2**32, size=3, dtype=np.uint32)
    >>> lemire_indexes(words, np.array([7, 100, 3]))[0].tolist() == [
    ...     int(rng.integers(n)) for n in (7, 100, 3)]
    True
    """
    n = counts.astype(np.uint64)
    product = words.astype(np.uint64) * n
    leftover = product & np.uint64(0xFFFFFFFF)
    threshold = (np.uint64(2**32) - n) % np.maximum(n, np.uint64(1))
    return (product >> np.uint64(32)).astype(np.int64), leftover < threshold


class _Shapes:
    """Every card of a batch turned every way: cell codes, in-card groups, inner drops."""

    def __init__(self, cards: Sequence[Card]) -> None:
        count = len(cards) * len(ROTATIONS)
        self.values = np.zeros((count, 4), dtype=np.int8)
        self.comp = np.full((count, 4), -1, dtype=np.int64)  # lowest cell of its in-card group
        self.inner = np.zeros((count, 4), dtype=np.int64)  # bits of drops next to it inside
        self.d03 = np.zeros(count, dtype=bool)  # cells 0 and 3 same fruit, apart in the card
        self.d12 = np.zeros(count, dtype=bool)
        self.drop_bit = np.zeros((count, 4), dtype=np.int64)  # 1 << value of drop cells
        for c, card in enumerate(cards):
            for t, turn in enumerate(ROTATIONS):
                s = c * len(ROTATIONS) + t
                values = [_CODE[code] for code in card.rotated(turn).cells]
                self.values[s] = values
                for p in range(4):
                    if values[p] < 0 and self.comp[s, p] < 0:
                        stack = [p]
                        self.comp[s, p] = p
                        while stack:
                            q = stack.pop()
                            for r in _INSIDE[q]:
                                if values[r] == values[p] and self.comp[s, r] < 0:
                                    self.comp[s, r] = p
                                    stack.append(r)
                    if values[p] < 0:
                        self.inner[s, p] = sum(1 << values[q] for q in _INSIDE[p] if values[q] > 0)
                    else:
                        self.drop_bit[s, p] = 1 << values[p]
                for a, b, apart in ((0, 3, self.d03), (1, 2, self.d12)):
                    apart[s] = values[a] < 0 and values[a] == values[b]
                    apart[s] &= self.comp[s, a] != self.comp[s, b]
        slot_values = self.values[:, _SLOT_CELL].astype(np.int64)
        self.slot_fruit = np.where(
            slot_values < 0, slot_values, 99
        )  # the fruit at each slot's cell


def _any_last(flags: np.ndarray) -> np.ndarray:
    """``flags.any(axis=-1)`` for a C-ordered bool array whose last axis has 8 entries."""
    return np.ascontiguousarray(flags).view(np.uint64)[..., 0] != 0


def _row_sum(values: np.ndarray) -> np.ndarray:
    """``values.sum(axis=1)`` of an (n, 8) array, by halves (much faster for 8 columns)."""
    half = values[:, :4] + values[:, 4:]
    half = half[:, :2] + half[:, 2:]
    return half[:, 0] + half[:, 1]


def _points(size: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """ "fruit"/"drop" points of groups of these sizes touching these drop bits (WD-4)."""
    return size * ((size <= 9) & ((mask >> np.minimum(size, 9)) & 1 == 1))


class Batch:
    """``games`` games of ``players`` players in lockstep; see the module docstring."""

    def __init__(
        self, games: int, players: int, rules: Rules, cards: Sequence[Card], cards_each: int
    ) -> None:
        self.players, self.rules = players, rules
        self.index = {card: i for i, card in enumerate(cards)}
        self.shapes = _Shapes(cards)
        self.turns = len(ROTATIONS) if rules.allow_rotation else 1
        self.origin = cards_each + 1
        side = self.side = 2 * cards_each + 3
        width = self.width = 2 * side
        boards = games * players
        self.value = np.zeros(boards * width * width, dtype=np.int8)
        self.gid = np.zeros(boards * width * width, dtype=np.int32)  # 0: no group
        self.per_board = 4 * cards_each + 4
        self.occupied = np.zeros(boards * side * side, dtype=bool)
        self.infront = np.zeros(boards * side * side, dtype=bool)
        self.fronts = 2 * cards_each + 4  # the most squares a frontier can hold
        self._empty()
        self.around = np.array(
            [-width, -1, 1 - width, 2, 2 * width, width - 1, 2 * width + 1, width + 2]
        )
        self.cell_offsets = np.array([0, 1, width, width + 1])
        self.market_size = market_size(players)
        self.market = np.zeros((games, 0), dtype=np.int64)
        self.pile = np.zeros((games, 0), dtype=np.int64)
        self.drawn = self.first = self.taken = 0

    def _empty(self) -> None:
        """Every orchard empty, no group, no score (the cell arrays must be zero already)."""
        boards, side = self.occupied.size // self.side**2, self.side
        count = 1 + boards * self.per_board
        self.parent = np.arange(count, dtype=np.int32)
        self.size = np.zeros(count, dtype=np.int32)
        self.mask = np.zeros(count, dtype=np.int32)
        self.points = np.zeros(count, dtype=np.int32)
        self.next_group = 1 + np.arange(boards) * self.per_board
        self.front = np.zeros((boards, self.fronts), dtype=np.int64)
        self.nfront = np.zeros(boards, dtype=np.int64)
        self.box = np.tile(np.array([side, -1, side, -1]), (boards, 1))  # rows, cols
        self.total = np.zeros(boards, dtype=np.int64)

    def clear(self) -> None:
        """Empty every orchard again, zeroing only the cells cards lie on: fresh cell arrays
        would cost a page fault for every page the cards touch."""
        side, width = self.side, self.width
        boards, squares = np.divmod(np.flatnonzero(self.occupied), side * side)
        top = boards * width * width + 2 * (squares // side) * width + 2 * (squares % side)
        cells = top[:, None] + self.cell_offsets
        self.value[cells] = 0
        self.gid[cells] = 0
        self.occupied[:] = False
        self.infront[:] = False
        self._empty()

    # --- building -------------------------------------------------------------------------
    @classmethod
    def deal(
        cls, seeds: np.ndarray, players: int, rules: Rules, reuse: Batch | None = None
    ) -> Batch:
        """Fresh games dealt as ``Game.new(players, seed, rules)`` deals them; ``reuse`` is a
        finished batch of ``deal`` with the same arguments but seeds, whose arrays it takes."""
        deck, starts = default_deck(), starting_cards()
        if reuse is not None and reuse.games == len(seeds) and reuse.players == players:
            batch = reuse
            batch.clear()
            batch.rules = rules
            batch.turns = len(ROTATIONS) if rules.allow_rotation else 1
            batch.drawn = batch.first = 0
        else:
            batch = cls(len(seeds), players, rules, deck + starts, -(-len(deck) // players) + 1)
        first_starts = np.empty((len(seeds), players), dtype=np.int64)
        deals = np.empty((len(seeds), len(deck)), dtype=np.int64)
        for g, seed in enumerate(seeds):
            rng = np.random.default_rng(int(seed))
            first_starts[g] = rng.permutation(len(starts))[:players]
            deals[g] = rng.permutation(len(deck))
        boards = np.arange(len(seeds) * players)
        batch.lay(
            boards, batch.square(0, 0, boards), len(ROTATIONS) * (len(deck) + first_starts.ravel())
        )
        batch.pile = deals
        batch.refill()
        return batch

    @classmethod
    def of_position(cls, game: Game, piles: Sequence[Sequence[Card]], repeat: int) -> Batch:
        """``repeat`` × ``len(piles)`` copies of ``game`` (game ``i`` draws from pile
        ``i % len(piles)``), read through the public ``Game`` and ``Board`` API."""
        players, boards = game.players, game.boards
        cards = list(dict.fromkeys(game.all_cards()))
        left = len(game.market) + len(piles[0])
        each = max(len(board.cards()) for board in boards) + -(-left // players) + 1
        batch = cls(repeat * len(piles), players, game.rules, cards, each)
        batch.load(boards)
        index = batch.index
        batch.market = np.tile(np.array([index[card] for card in game.market]), (batch.games, 1))
        batch.pile = np.tile(
            np.array([[index[card] for card in pile] for pile in piles]), (repeat, 1)
        )
        batch.taken = len(game.history) % batch.market_size
        batch.first = (game.current_player - batch.taken) % players
        return batch

    def load(self, boards: Sequence[Board]) -> None:
        """Every game's orchards become copies of ``boards`` (one per player)."""
        side, width, per_board, players = self.side, self.width, self.per_board, self.players
        cells = width * width
        local = np.zeros(players * cells, dtype=np.int32)
        size = np.zeros(players * per_board, dtype=np.int32)
        mask, points = np.zeros_like(size), np.zeros_like(size)
        for p, board in enumerate(boards):
            for (row, col), card in board.squares.items():
                sq = (row + self.origin) * side + col + self.origin
                self.occupied[p * side * side + sq] = True
                top = p * cells + 2 * (row + self.origin) * width + 2 * (col + self.origin)
                self.value[top + self.cell_offsets] = [_CODE[code] for code in card.cells]
            for number, group in enumerate(board.groups(), 1):
                for row, col in group.cells:
                    local[p * cells + (row + 2 * self.origin) * width + col + 2 * self.origin] = (
                        number
                    )
                size[p * per_board + number] = group.size
                mask[p * per_board + number] = sum({1 << value for _, value in group.drops})
                points[p * per_board + number] = group.points
            self.next_group[p] = 1 + len(board.groups())
            self.total[p] = board.total
            rows = [row for row, _ in board.squares]
            cols = [col for _, col in board.squares]
            self.box[p] = [
                min(rows) + self.origin,
                max(rows) + self.origin,
                min(cols) + self.origin,
                max(cols) + self.origin,
            ]
            front = sorted(
                {
                    (r + dr, c + dc)
                    for r, c in board.squares
                    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                }
                - set(board.squares)
            )
            for i, (row, col) in enumerate(front):
                sq = (row + self.origin) * side + col + self.origin
                self.front[p, i] = sq
                self.infront[p * side * side + sq] = True
            self.nfront[p] = len(front)
        games = self.total.size // players
        offsets = np.arange(games * players, dtype=np.int32).reshape(games, players) * per_board
        self.gid = (
            (local.reshape(players, cells) + offsets[..., None])
            * (local.reshape(players, cells) > 0)
        ).ravel()
        for array, template in ((self.size, size), (self.mask, mask), (self.points, points)):
            array[: games * players * per_board] = np.tile(template, games)
        per_game: tuple[np.ndarray, ...] = (self.value, self.occupied, self.infront)
        for array in per_game:
            array.reshape(games, -1)[:] = array[: array.size // games]
        boardwise: tuple[np.ndarray, ...] = (self.front, self.nfront, self.box, self.total)
        for array in boardwise:
            array.reshape(games, players, *array.shape[1:])[:] = array[:players]
        self.next_group = (self.next_group[:players] + offsets).ravel()

    @property
    def games(self) -> int:
        return self.total.size // self.players

    def square(self, row: int, col: int, boards: np.ndarray) -> np.ndarray:
        """Square index of (row, col) for every board of ``boards``."""
        return np.full(len(boards), (row + self.origin) * self.side + col + self.origin)

    def refill(self) -> None:
        count = min(self.market_size, self.pile.shape[1] - self.drawn)
        self.market = self.pile[:, self.drawn : self.drawn + count]
        self.drawn += count
        self.taken = 0

    @property
    def mover(self) -> int:
        return (self.first + self.taken) % self.players

    # --- the engine -----------------------------------------------------------------------
    def _find(self, group: np.ndarray) -> np.ndarray:
        parent = self.parent
        root = parent[group]
        while True:
            up = parent[root]
            if np.array_equal(up, root):
                parent[group] = root
                return root
            root = up

    def _evaluate(self, boards: np.ndarray, squares: np.ndarray, shapes: np.ndarray) -> tuple:
        """Gain of laying shape ``shapes[k]`` on square ``squares[k]`` of board ``boards[k]``,
        and what laying it changes (see ``lay``)."""
        width, side = self.width, self.side
        base = boards * width * width + 2 * (squares // side) * width + 2 * (squares % side)
        around = base[:, None] + self.around
        near = self.value[around].astype(np.int64)
        fruit = near < 0
        groups = np.where(fruit, self._find(self.gid[around]), 0)
        values = self.shapes.values[shapes].astype(np.int64)
        card = values[:, _SLOT_CELL]
        merge = fruit & (near == card)
        same = fruit[:, :, None] & (groups[:, :, None] == groups[:, None, :])
        joins = same & merge[:, None, :]
        absorbed = _any_last(joins)
        first = fruit & ~_any_last(same & _EARLIER)
        comp = self.shapes.comp[shapes]
        for a, b, apart in ((0, 3, self.shapes.d03), (1, 2, self.shapes.d12)):
            sa, sb = slice(2 * a, 2 * a + 2), slice(2 * b, 2 * b + 2)
            meet = (same[:, sa, sb] & merge[:, sa, None] & merge[:, None, sb]).any(axis=(1, 2))
            comp[:, b] = np.where(apart[shapes] & meet, comp[:, a], comp[:, b])
        slot_label = comp[:, _SLOT_CELL]
        label = np.full(near.shape, -1, dtype=np.int64)
        for j in range(8):
            label = np.maximum(label, np.where(joins[:, :, j], slot_label[:, j : j + 1], -1))
        wet_bit = np.where(fruit & (card > 0), 1 << np.maximum(card, 0), 0)
        wet = np.zeros(near.shape, dtype=np.int64)
        for j in range(8):
            wet |= np.where(same[:, :, j], wet_bit[:, j : j + 1], 0)
        size, mask, points = self.size[groups], self.mask[groups], self.points[groups]
        out_bit = np.where((near > 0) & (card < 0), 1 << np.maximum(near, 0), 0)
        taken = first & absorbed
        delta = -(points * taken).sum(axis=1)
        wetted = first & ~absorbed & (wet != 0)
        wet_mask = mask | wet
        wet_points = _points(size, wet_mask)
        delta += np.where(wetted, wet_points - points, 0).sum(axis=1)
        inner = self.shapes.inner[shapes]
        new_size = np.zeros((len(boards), 4), dtype=np.int64)
        new_mask = np.zeros((len(boards), 4), dtype=np.int64)
        for ell in range(4):
            cells, slots = comp == ell, slot_label == ell
            new_size[:, ell] = cells.sum(axis=1) + (size * (taken & (label == ell))).sum(axis=1)
            new_mask[:, ell] = (
                np.bitwise_or.reduce(np.where(cells, inner, 0), axis=1)
                | np.bitwise_or.reduce(np.where(slots, out_bit, 0), axis=1)
                | np.bitwise_or.reduce(np.where(absorbed & (label == ell), mask | wet, 0), axis=1)
            )
        new_points = _points(new_size, new_mask)
        delta += new_points.sum(axis=1)
        return delta, (
            base,
            values,
            comp,
            groups,
            taken,
            label,
            wetted,
            wet_mask,
            wet_points,
            new_size,
            new_mask,
            new_points,
        )

    def gains(
        self, boards: np.ndarray, squares: np.ndarray, where: np.ndarray, shapes: np.ndarray
    ) -> np.ndarray:
        """``_evaluate(boards[where], squares[where], shapes)[0]``, faster: what depends only
        on the square is worked out once per square, groups meet through bit masks, and the
        new groups are counted with ``bincount`` (label 7 collects the drop cells)."""
        width, side = self.width, self.side
        base = boards * (width * width) + 2 * (squares // side) * width + 2 * (squares % side)
        around = base[:, None] + self.around
        near = self.value.take(around).astype(np.int32)
        fruit = near < 0
        groups = self._find(self.gid.take(around)) * fruit
        same = fruit[:, :, None] & (groups[:, :, None] == groups[:, None, :])
        same_bits = np.packbits(same, axis=2, bitorder="little")[..., 0].astype(np.int32)
        first = fruit & ~_any_last(same & _EARLIER)
        out_bit = (1 << np.maximum(near, 0)) * (near > 0)
        shape = self.shapes
        sk, nk = same_bits.take(where, axis=0), near.take(where, axis=0)
        merge = nk == shape.slot_fruit.take(shapes, axis=0)
        merge_bits = np.packbits(merge, axis=1, bitorder="little")[:, 0].astype(np.int32)
        joins = sk & merge_bits[:, None]
        absorbed = joins != 0
        comp = shape.comp.take(shapes, axis=0) & 7
        for a, b, apart in ((0, 3, shape.d03), (1, 2, shape.d12)):
            mine = (joins[:, 2 * a] * merge[:, 2 * a]) | (joins[:, 2 * a + 1] * merge[:, 2 * a + 1])
            meet = apart.take(shapes) & ((mine & (3 << 2 * b)) != 0)
            comp[:, b] += (comp[:, a] - comp[:, b]) * meet
        count = len(where)
        row8 = np.arange(count)[:, None] * 8
        slot_label = comp.take(_SLOT_CELL, axis=1)
        label = slot_label.ravel().take(_LOW.take(joins) + row8)
        wet = np.zeros(nk.shape, dtype=np.int32)
        drop_bit = shape.drop_bit.take(shapes, axis=0)
        for p in range(4):
            wet |= drop_bit[:, p : p + 1] * ((sk & (3 << 2 * p)) != 0)
        groups_k = groups.take(where, axis=0)
        size, mask = self.size.take(groups_k), self.mask.take(groups_k) | wet
        points = self.points.take(groups_k)
        fk = first.take(where, axis=0)
        taken = fk & absorbed
        wetted = fk & ~absorbed & (wet != 0)
        delta = _row_sum((_points(size, mask) - points) * wetted - points * taken)
        cell_keys, label_keys = (row8[:, :4] + comp).ravel(), (row8 + label).ravel()
        new_size = np.bincount(cell_keys, minlength=8 * count)
        chosen = taken.ravel()
        np.add.at(new_size, label_keys[chosen], size.ravel()[chosen])
        shift = np.minimum(new_size, 10)
        hit = np.zeros(8 * count, dtype=bool)
        for keys, bits in (  # only the few nonzero drop bits can make a group score
            (cell_keys, shape.inner.take(shapes, axis=0).ravel()),
            ((row8 + slot_label).ravel(), out_bit.take(where, axis=0).ravel()),
            (label_keys, (mask * absorbed).ravel()),
        ):
            some = bits != 0
            keys, bits = keys[some], bits[some]
            hit[keys[(bits >> shift.take(keys)) & 1 == 1]] = True
        won = (new_size * hit).reshape(count, 8)
        return delta + won[:, 0] + won[:, 1] + won[:, 2] + won[:, 3]

    def lay(self, boards: np.ndarray, squares: np.ndarray, shapes: np.ndarray) -> None:
        """Lay one card on each board of ``boards`` (one board per game at most)."""
        (
            delta,
            (
                base,
                values,
                comp,
                groups,
                taken,
                label,
                wetted,
                wet_mask,
                wet_points,
                new_size,
                new_mask,
                new_points,
            ),
        ) = self._evaluate(boards, squares, shapes)
        cells = base[:, None] + self.cell_offsets
        self.value[cells] = values
        present = (comp[:, :, None] == np.arange(4)).any(axis=1)
        new_id = self.next_group[boards][:, None] + np.cumsum(present, axis=1) - 1
        self.next_group[boards] += present.sum(axis=1)
        ids = new_id[present]
        self.parent[ids] = ids
        self.size[ids], self.mask[ids] = new_size[present], new_mask[present]
        self.points[ids] = new_points[present]
        fruit = comp >= 0
        self.gid[cells[fruit]] = np.take_along_axis(new_id, np.maximum(comp, 0), axis=1)[fruit]
        self.parent[groups[taken]] = np.take_along_axis(new_id, np.maximum(label, 0), axis=1)[taken]
        self.mask[groups[wetted]] = wet_mask[wetted]
        self.points[groups[wetted]] = wet_points[wetted]
        self.total[boards] += delta
        side = self.side
        flat = boards * side * side
        self.occupied[flat + squares] = True
        found = self.front[boards] == squares[:, None]
        had = found.any(axis=1)
        at = found.argmax(axis=1)
        last = np.maximum(self.nfront[boards] - 1, 0)
        self.front[boards[had], at[had]] = self.front[boards[had], last[had]]
        self.nfront[boards] -= had
        self.infront[flat + squares] = False
        near = squares[:, None] + np.array([-side, -1, 1, side])
        new = ~self.occupied[flat[:, None] + near] & ~self.infront[flat[:, None] + near]
        self.infront[(flat[:, None] + near)[new]] = True
        slot = self.nfront[boards][:, None] + np.cumsum(new, axis=1) - 1
        self.front[np.broadcast_to(boards[:, None], new.shape)[new], slot[new]] = near[new]
        self.nfront[boards] += new.sum(axis=1)
        rows, cols = squares // side, squares % side
        box = self.box[boards]
        self.box[boards] = np.stack(
            [
                np.minimum(box[:, 0], rows),
                np.maximum(box[:, 1], rows),
                np.minimum(box[:, 2], cols),
                np.maximum(box[:, 3], cols),
            ],
            axis=1,
        )

    # --- playing --------------------------------------------------------------------------
    def _open(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The mover's boards, their frontier squares and which of them are open now."""
        games = self.market.shape[0]
        boards = np.arange(games) * self.players + self.mover
        front = self.front[boards]
        valid = np.arange(front.shape[1]) < self.nfront[boards][:, None]
        if self.rules.max_size is not None:
            rows, cols = self.rules.max_size
            box = self.box[boards]
            r, c = front // self.side, front % self.side
            valid &= np.maximum(box[:, 1:2], r) - np.minimum(box[:, 0:1], r) < rows
            valid &= np.maximum(box[:, 3:4], c) - np.minimum(box[:, 2:3], c) < cols
        return boards, front, valid

    def _take(self, position: np.ndarray) -> None:
        """Each game's mover takes its market card at ``position``; the turn passes."""
        m = self.market.shape[1]
        keep = np.arange(m - 1)[None, :]
        self.market = np.take_along_axis(self.market, keep + (keep >= position[:, None]), axis=1)
        self.taken += 1
        if not self.market.shape[1]:
            self.first = (self.first + 1) % self.players
            self.refill()

    def step_greedy(self) -> None:
        boards, front, valid = self._open()
        games, m = self.market.shape
        turns = self.turns
        shape_of = self.market[:, :, None] * len(ROTATIONS) + np.arange(turns)  # (g, m, t)
        full = np.broadcast_to(valid[:, None, :, None], (games, m, front.shape[1], turns))
        g, c, s, t = np.nonzero(full)
        squares = front[g, s]
        at = np.flatnonzero(valid)
        where = np.cumsum(valid.ravel())[g * front.shape[1] + s] - 1
        gain = self.gains(boards[at // front.shape[1]], front.ravel()[at], where, shape_of[g, c, t])
        key = (c * self.side * self.side + squares) * 4 + t
        score = gain * (1 << 24) - key
        starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
        best = np.maximum.reduceat(score, starts)
        pick = np.flatnonzero(score == best[g])
        self.lay(boards, squares[pick], shape_of[g[pick], c[pick], t[pick]])
        self._take(c[pick])

    def play_greedy(self) -> np.ndarray:
        """Play every game to the end with greedy; final scores, shape (games, players)."""
        while self.market.shape[1]:
            self.step_greedy()
        return self.scores()

    def play_moves(self, moves: Sequence[Move]) -> None:
        """Game ``i`` plays ``moves[i * len(moves) // games]``: each move for a run of games."""
        games, side = self.games, self.side
        which = np.arange(games) * len(moves) // games
        market = [self._card_of(i) for i in range(self.market.shape[1])]
        position = np.array([market.index(self.index[move.card]) for move in moves])[which]
        squares = np.array(
            [(move.at[0] + self.origin) * side + move.at[1] + self.origin for move in moves]
        )[which]
        turn = np.array([ROTATIONS.index(move.rotation) for move in moves])[which]
        boards = np.arange(games) * self.players + self.mover
        shapes = self.market[np.arange(games), position] * len(ROTATIONS) + turn
        self.lay(boards, squares, shapes)
        self._take(position)

    def _card_of(self, position: int) -> int:
        return int(self.market[0, position])

    def play_random(self, words: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Play to the end with random moves, game ``g`` drawing ``Generator.integers``
        from its row of 32-bit ``words``, one word per move with more than one choice.
        Returns how many words each game used, and which games met a word numpy would
        reject (their results are wrong: numpy would have drawn again)."""
        games = self.games
        used = np.zeros(games, dtype=np.int64)
        rejected = np.zeros(games, dtype=bool)
        rows = np.arange(games)
        while self.market.shape[1]:
            boards, front, valid = self._open()
            choices = valid.sum(axis=1) * self.turns
            count = choices * self.market.shape[1]
            word = words[rows, np.minimum(used, words.shape[1] - 1)]
            index, bad = lemire_indexes(word, count)
            many = count > 1
            index *= many
            rejected |= bad & many
            used += many
            position, rest = np.divmod(index, choices)
            rank, turn = np.divmod(rest, self.turns)
            ordered = np.sort(np.where(valid, front, np.iinfo(np.int64).max), axis=1)
            squares = ordered[rows, rank]
            self.lay(boards, squares, self.market[rows, position] * len(ROTATIONS) + turn)
            self._take(position)
        return used, rejected

    def scores(self) -> np.ndarray:
        """Every player's score so far, shape (games, players)."""
        return self.total.reshape(-1, self.players)
