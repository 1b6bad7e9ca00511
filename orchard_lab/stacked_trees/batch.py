"""Greedy play of many stacked trees orchards in play at once, in numpy (issue 15): the
rollouts of ``LookaheadPolicy`` and ``PlannerPolicy`` (whole fresh games are ``engine``'s).

Each orchard lies on its own padded grid of cell codes (0 no tree, 1 a rotten tree, then one
code per fruit and die level). One table per fruit packs what a covering tree does to a cell
(covers it, is blocked by a token, needs a token, starts a die, sends a die back, the points)
into one integer, so the six table look-ups of a card, summed, score every position of every
orchard in one go, over a window around each orchard (orchards of about the same size share
one window size). The choice is then ``GreedyPolicy``'s exactly: the best score right after
the move, ties to the first in ``legal_moves()`` order (hand order, rotations 0..270,
positions in reading order). Points are first counted as if the supply lasted (an upper
bound); only where the best choice runs short of dice is everything scored again exactly.

>>> from orchard_lab.stacked_trees import Board, Card, Rules, default_deck
>>> deck = default_deck()
>>> start = [Board(deck[0], Rules())]
>>> int(greedy_totals(start, [deck[1:3]], [deck[:9]], [3])[0])
41
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, trees
from orchard_lab.stacked_trees.rules import Rules, ladder_steps

__all__ = ["CHUNK", "greedy_totals"]

CHUNK = 1024  # orchards played together; more only costs memory
GROUPS, GROUP_SIZE = 6, 128  # each turn, up to 6 groups of orchards of about the same size
_NONE = -(1 << 62)  # the score of a position where the card may not go
_POINTS = 30  # the points start at this bit of a packed table entry (see ``_tables``)
_LEGAL_BITS = 1 << 3 | 7 << 4 | 1 << 10  # some tree covered, no rotten one, tokens enough


@dataclass(frozen=True)
class _Tables:
    """What the batch reads for one set of cards and rules."""

    fruit: np.ndarray  # (cards, 4 rotations, 6 trees): fruit index of each tree, reading order
    counts: np.ndarray  # (cards, 3): trees of each fruit on a card
    rows: np.ndarray  # (4, 6): the row offset of each tree of a turned card
    cols: np.ndarray  # (4, 6)
    shape: tuple[tuple[int, int], ...]  # (height, width) of a turned card
    packed: np.ndarray  # (3 * codes,): the packed effect of a tree of fruit f on a cell code
    offset: int  # the points each packed entry adds to stay positive
    values: np.ndarray  # die value by level (level 0: no die)
    levels: int  # ladder length


def _tables(cards: Sequence[Card], rules: Rules) -> _Tables:
    """The tables of ``cards`` under ``rules``; the packed layout, by bit: 0-3 trees covered,
    4-6 rotten trees covered, 7-10 tokens needed, 11 + 3f new dice of fruit f wanted, 20 + 3f
    dice of fruit f sent back, from ``_POINTS`` on the points (a new die counted as if the
    supply lasts, a token's penalty included), each tree adding ``offset`` to stay positive."""
    ladder, penalty = rules.ladder, rules.rotten_penalty
    top = len(ladder)
    values = np.array((0, *ladder), dtype=np.int64)
    codes = 2 + 3 * (top + 1)
    offset = ladder[-1] + penalty
    packed = np.full((3, codes), offset << _POINTS, dtype=np.int64)
    for f in range(3):
        packed[f, 1] += 1 | 1 << 4
        for code in range(2, codes):
            below, level = divmod(code - 2, top + 1)
            if below == f and level == 0:
                packed[f, code] += 1 | 1 << 11 + 3 * f | ladder[0] << _POINTS
            elif below == f:
                step = int(values[min(level + 1, top)] - values[level])
                packed[f, code] += 1 | step << _POINTS
            else:
                lost = int(values[level]) + penalty
                sent = 1 << 20 + 3 * below if level else 0
                packed[f, code] += (1 | 1 << 7 | sent) - (lost << _POINTS)
    index = {fruit: i for i, fruit in enumerate(FRUITS)}
    fruit = np.zeros((len(cards), 4, 6), dtype=np.int64)
    rows = np.zeros((4, 6), dtype=np.int64)
    cols = np.zeros((4, 6), dtype=np.int64)
    shape = []
    for r, rotation in enumerate(ROTATIONS):
        shape.append((2, 3) if rotation in (0, 180) else (3, 2))
        for k, card in enumerate(cards):
            for i, (row, col, tree) in enumerate(trees(card, rotation)):
                fruit[k, r, i] = index[tree]
                rows[r, i], cols[r, i] = row, col
    counts = np.array([[card.count(f) for f in FRUITS] for card in cards], dtype=np.int64)
    counts = counts.reshape(len(cards), 3)
    return _Tables(fruit, counts, rows, cols, tuple(shape), packed.ravel(), offset, values, top)


def greedy_totals(
    boards: Sequence[Board],
    hands: Sequence[Sequence[Card]],
    orders: Sequence[Sequence[Card]],
    drawn: Sequence[int],
) -> np.ndarray:
    """The final totals when each orchard is played to its end with greedy moves, drawing from
    its order: board ``i`` holds ``hands[i]`` and has drawn ``drawn[i]`` cards of ``orders[i]``
    (the boards are not changed). Every board has the same rules.

    Exactly the choices of ``greedy_turn`` (hence ``GreedyPolicy``), only many orchards at once.
    """
    if not boards:
        return np.zeros(0, dtype=np.int64)
    rules = boards[0].rules
    if any(board.rules != rules for board in boards):
        raise ValueError("boards must all have the same rules")
    cards = list(dict.fromkeys(card for group in (*hands, *orders) for card in group))
    tables = _tables(cards, rules)
    index = {card: k for k, card in enumerate(cards)}
    totals = []
    for start in range(0, len(boards), CHUNK):
        part = slice(start, start + CHUNK)
        batch = _from_boards(boards[part], hands[part], orders[part], drawn[part], index, tables)
        totals.append(_play(batch, tables, rules))
    return np.concatenate(totals)


class _Batch:
    """The state of a chunk of orchards, as arrays: each orchard on a grid with ``room`` cells
    around its trees (each card widens an orchard by at most 2 cells)."""

    def __init__(self, games: int, room: int, widest: int, size: int, longest: int) -> None:
        side = 2 * room + widest + 4
        self.grid = np.zeros((games, side, side), dtype=np.uint8)  # at most 65 cell codes
        self.bounds = np.full((games, 4), room, dtype=np.int64)  # rmin, rmax, cmin, cmax
        self.supply = np.zeros((games, 3), dtype=np.int64)
        self.used = np.zeros(games, dtype=np.int64)
        self.dice_sum = np.zeros(games, dtype=np.int64)
        self.hand = np.full((games, size), -1, dtype=np.int64)
        self.order = np.full((games, max(longest, 1)), -1, dtype=np.int64)
        self.count = np.zeros(games, dtype=np.int64)
        self.drawn = np.zeros(games, dtype=np.int64)
        self.active = np.zeros(games, dtype=bool)


def _from_boards(
    boards: Sequence[Board],
    hands: Sequence[Sequence[Card]],
    orders: Sequence[Sequence[Card]],
    drawn: Sequence[int],
    index: dict[Card, int],
    tables: _Tables,
) -> _Batch:
    """A batch of orchards in play: copies of ``boards`` with their hands and orders."""
    rules = boards[0].rules
    size = rules.hand_size
    to_come = [len(h) + len(o) - d for h, o, d in zip(hands, orders, drawn, strict=True)]
    room = 2 * max(to_come) + 2
    widest = max(max(b[1] - b[0], b[3] - b[2]) + 1 for b in (x.bounds() for x in boards))
    batch = _Batch(len(boards), room, widest, size, max(len(order) for order in orders))
    level_of = ladder_steps(rules.ladder).level
    stride = tables.levels + 1
    for g, board in enumerate(boards):
        rmin, rmax, cmin, cmax = board.bounds()
        shift_r, shift_c = room - rmin, room - cmin
        batch.bounds[g] = (room, rmax + shift_r, room, cmax + shift_c)
        dice = board.dice()
        for (r, c), tree in board.trees().items():
            if board.is_rotten(r, c):
                code = 1
            else:
                value = dice.get((r, c))
                level = 0 if value is None else level_of[value] + 1
                code = 2 + FRUITS.index(tree) * stride + level
            batch.grid[g, r + shift_r, c + shift_c] = code
        left = board.dice_left
        batch.supply[g] = [left[f] for f in FRUITS]
        batch.used[g] = board.rotten_used
        batch.dice_sum[g] = board.total + rules.rotten_penalty * board.rotten_used
        hand = [index[card] for card in hands[g]]
        taken = drawn[g]
        while len(hand) < size and taken < len(orders[g]):  # draw up to the hand size (ST-3)
            hand.append(index[orders[g][taken]])
            taken += 1
        batch.hand[g, : len(hand)] = hand
        batch.order[g, : len(orders[g])] = [index[card] for card in orders[g]]
        batch.count[g], batch.drawn[g] = len(orders[g]), taken
    batch.active = batch.hand[:, 0] >= 0
    return batch


def _scores(
    batch: _Batch, live: np.ndarray, tables: _Tables, rules: Rules
) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int, int, int]]]:
    """Every placement of each live orchard, one row per orchard in ``legal_moves()`` order:
    the score after it as if the supply lasted (``_NONE`` where the card may not go), its
    packed table sum, and per (slot, rotation) segment: (slot, rotation, positions per window
    row, positions)."""
    bounds = batch.bounds[live]
    height = int((bounds[:, 1] - bounds[:, 0]).max()) + 5
    width = int((bounds[:, 3] - bounds[:, 2]).max()) + 5
    rows = bounds[:, 0, None] - 2 + np.arange(height)
    cols = bounds[:, 2, None] - 2 + np.arange(width)
    window = batch.grid[live[:, None, None], rows[:, :, None], cols[:, None, :]].astype(np.intp)
    codes = 2 + 3 * (tables.levels + 1)
    # Biases that make bit 3 mean "a tree is covered" and bit 10 "more tokens than are left"
    tokens_left = np.minimum(rules.rotten_tokens - batch.used[live], 6)
    bias = 7 + (7 - tokens_left << 7)
    offset = 6 * tables.offset
    sums, scores = [], []
    layout = []
    for slot in range(batch.hand.shape[1]):
        card = batch.hand[live, slot]
        holds = card >= 0
        card = np.where(holds, card, 0)
        slot_bias = np.where(holds, bias, 8 << 7)[:, None, None]  # no card: never legal
        for r in range(4):
            tall, wide = tables.shape[r]
            down, across = height - tall + 1, width - wide + 1
            base = tables.fruit[card, r] * codes
            acc = tables.packed.take(window[:, :down, :across] + base[:, 0, None, None])
            for i in range(1, 6):
                dr, dc = tables.rows[r, i], tables.cols[r, i]
                cells = window[:, dr : dr + down, dc : dc + across] + base[:, i, None, None]
                acc += tables.packed.take(cells)
            legal = (acc + slot_bias) & _LEGAL_BITS == 1 << 3
            scores.append(np.where(legal, (acc >> _POINTS) - offset, _NONE).reshape(len(live), -1))
            sums.append(acc.reshape(len(live), -1))
            layout.append((slot, r, across, down * across))
    return np.concatenate(scores, axis=1), np.concatenate(sums, axis=1), layout


def _short(sums: np.ndarray, supply: np.ndarray, first: int) -> np.ndarray:
    """The points a placement loses because the supply runs out: new dice wanted beyond the
    supply plus the dice the same card sends back get none (ST-4)."""
    lost = np.zeros(sums.shape, dtype=np.int64)
    for f in range(3):
        wanted = sums >> 11 + 3 * f & 7
        back = sums >> 20 + 3 * f & 7
        lost += np.maximum(wanted - back - supply[:, f, None], 0)
    return first * lost


def _place(
    batch: _Batch,
    movers: np.ndarray,
    card: np.ndarray,
    r: np.ndarray,
    at: tuple[np.ndarray, np.ndarray],
    tables: _Tables,
    rules: Rules,
) -> None:
    """Lay each mover's card turned by rotation index ``r`` with its top-left tree at grid
    ``at`` = (rows, cols) (ST-4: tokens first, then climbing, then new dice in reading order)."""
    top, stride = tables.levels, tables.levels + 1
    cell_r = at[0][:, None] + tables.rows[r]
    cell_c = at[1][:, None] + tables.cols[r]
    codes = batch.grid[movers[:, None], cell_r, cell_c].astype(np.int64)
    fruit = tables.fruit[card, r]
    tree = codes >= 2
    below = np.where(tree, (codes - 2) // stride, -1)
    level = np.where(tree, (codes - 2) % stride, 0)
    rotten = tree & (below != fruit)
    match = tree & ~rotten
    values = tables.values
    sent = rotten & (level > 0)
    batch.dice_sum[movers] -= np.where(sent, values[level], 0).sum(1)
    for i in range(6):  # 1. dice under tokens go back to the supply
        back = sent[:, i]
        batch.supply[movers[back], below[back, i]] += 1
    climbed = np.where(match & (level > 0), np.minimum(level + 1, top), level)
    batch.dice_sum[movers] += (values[climbed] - values[level]).sum(1)  # 2. dice climb
    for i in range(6):  # 3. new dice in reading order while the supply lasts
        wants = np.flatnonzero(match[:, i] & (level[:, i] == 0))
        fruits = fruit[wants, i]
        gets = wants[batch.supply[movers[wants], fruits] > 0]
        batch.supply[movers[gets], fruit[gets, i]] -= 1
        climbed[gets, i] = 1
        batch.dice_sum[movers[gets]] += rules.ladder[0]
    batch.grid[movers[:, None], cell_r, cell_c] = np.where(rotten, 1, 2 + fruit * stride + climbed)
    batch.used[movers] += rotten.sum(1)
    tall = np.array([s[0] for s in tables.shape])[r]
    wide = np.array([s[1] for s in tables.shape])[r]
    bounds = batch.bounds
    bounds[movers, 0] = np.minimum(bounds[movers, 0], at[0])
    bounds[movers, 1] = np.maximum(bounds[movers, 1], at[0] + tall - 1)
    bounds[movers, 2] = np.minimum(bounds[movers, 2], at[1])
    bounds[movers, 3] = np.maximum(bounds[movers, 3], at[1] + wide - 1)


def _refill(batch: _Batch, movers: np.ndarray, slot: np.ndarray) -> None:
    """Take the played card out of each mover's hand (the rest keep their order) and draw the
    next card of the order at the end, while it lasts (ST-3)."""
    size = batch.hand.shape[1]
    columns = np.arange(size)[None, :]
    source = columns + (columns >= slot[:, None])
    hand = np.take_along_axis(batch.hand[movers], np.minimum(source, size - 1), axis=1)
    hand[source >= size] = -1
    held = (hand >= 0).sum(axis=1)
    more = np.flatnonzero(batch.drawn[movers] < batch.count[movers])
    hand[more, held[more]] = batch.order[movers[more], batch.drawn[movers[more]]]
    batch.drawn[movers[more]] += 1
    batch.hand[movers] = hand
    batch.active[movers] = hand[:, 0] >= 0


def _play(batch: _Batch, tables: _Tables, rules: Rules) -> np.ndarray:
    """Play every orchard of ``batch`` to its end with greedy moves; the final totals."""
    while batch.active.any():
        live = np.flatnonzero(batch.active)
        bounds = batch.bounds[live]
        area = (bounds[:, 1] - bounds[:, 0] + 5) * (bounds[:, 3] - bounds[:, 2] + 5)  # window
        parts = max(1, min(GROUPS, len(live) // GROUP_SIZE))
        for group in np.array_split(live[np.argsort(area, kind="stable")], parts):
            _turn(batch, group, tables, rules)
    return batch.dice_sum - rules.rotten_penalty * batch.used


def _turn(batch: _Batch, live: np.ndarray, tables: _Tables, rules: Rules) -> None:
    """One greedy move in each orchard of ``live``, or the end of those where none fits."""
    first = rules.ladder[0]
    scores, sums, layout = _scores(batch, live, tables, rules)
    best = scores.argmax(axis=1)
    # The scores assume the supply lasts, so they are upper bounds: where the best one is
    # exact it is the greedy choice; elsewhere score again with the supply counted.
    every = np.arange(len(live))
    unsure = np.flatnonzero(_short(sums[every, best, None], batch.supply[live], first)[:, 0])
    if len(unsure):
        fixed = scores[unsure] - _short(sums[unsure], batch.supply[live[unsure]], first)
        fixed[scores[unsure] == _NONE] = _NONE
        best[unsure] = fixed.argmax(axis=1)
        scores[unsure] = fixed
    stuck = scores[every, best] == _NONE
    batch.active[live[stuck]] = False  # no card in hand fits: the orchard is done (ST-6)
    moving = ~stuck
    movers, best = live[moving], best[moving]
    slots, rotations, widths, sizes = np.array(layout).T
    starts = np.cumsum(sizes) - sizes
    which = np.searchsorted(starts, best, side="right") - 1
    local = best - starts[which]
    slot, r, across = slots[which], rotations[which], widths[which]
    bounds = batch.bounds[movers]
    at = (bounds[:, 0] - 2 + local // across, bounds[:, 2] - 2 + local % across)
    card = batch.hand[movers, slot]
    _place(batch, movers, card, r, at, tables, rules)
    _refill(batch, movers, slot)
