"""The pair bound: at most how many points the cards to come can still add to an orchard.

Why it holds. With the standard ladder a stack of H matching trees on a cell scores
ladder[H - 2] = T(H - 1) = H(H - 1)/2, the number of pairs of trees in the stack. So n more
matching trees on a cell add n times the cell's next step (``next_steps``: 1 for a tree without
a die, 2 for a die showing 1, ... 0 for a die at the top) plus one point for every pair of the
new trees. Summed over the cells, the cards to come add at most

- for each card, what its trees add on their own where they lie on today's trees (its best
  window over the cells' next steps: ``alone_terms``), plus
- for each two cards, one point per tree they share: at most the best overlap of their
  pictures with matching fruit, over every turn and offset (``pair_table``, once per deal).

Each pair's points are split half and half between its two cards, and each card takes its best
turn. Any other ladder: the next steps of ``next_steps`` and a pair weight beta
(``pair_weight``) with steps[p + j] <= steps[p] + j * beta make the same sum an upper bound.
A die at the top of the ladder, the supply running out and the game ending early only lose
points, so the bound stays above the truth.

Rotten tokens (ST-5). A tree of a different fruit needs a token; where it lies on a tree of
today's orchard the card's window loses that die, and two cards to come may differ on as many
trees as the tokens they both spend. Each card that spends tokens pays the penalty, so the bound
is the most over every way to share out the tokens left among the cards (``bound``: none, one
card with 1 or 2, two cards with 1 each; with more than 2 tokens left every card may spend them
all and pays nothing).

The joint bound (issue 24). The sum above holds for every way the cards can be played: with
card n laid at place P_n (a turn and an offset) and spending u_n tokens, they add at most
sum_n (W_n(P_n) - penalty * u_n) + beta * sum_{n<m} S(P_n, P_m), where W_n is the window
value at P_n (its cells' next steps; each tree it lays on a tree of today's orchard of another
fruit takes one of its tokens) and S the trees the two share with the same fruit (those on a
different fruit take tokens of theirs). The pair bound takes every term at its best on its
own: each card on its best window and, at the same time, sharing the most with every other
card. The joint bound splits each card's W_n - penalty * u_n evenly over the k - 1 pairs it
belongs to and takes each pair at its best with both places chosen together
(``joint_pairs``): a card cannot lie both on its best window and where it shares the most
with each other card. Once a card is laid at a known place, its pairs become terms of the
other cards alone; the tokens are shared out as above (both ``joint_bound``). The
search stops a position, or drops a placement before making it, when either bound says it
cannot beat the best line found.

>>> from orchard_lab.stacked_trees import Board, Card
>>> pair_bound(Board(Card.from_text("APL/LAP")), [Card.from_text("APL/LAP")])
6.0
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import numpy as np

from orchard_lab.jit import njit
from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, rotated_card, trees

__all__ = ["laid_bound", "pair_bound"]

FRUIT_INDEX = {f: i for i, f in enumerate(FRUITS)}
WINDOW = 3  # a turned card spans at most 3 rows and 3 columns
BLOCKED = 64  # more tokens than any card can spend: no tree may go on a rotten one
MOST_TOKENS = 6  # a card has 6 trees, so two cards never differ on more
_TOKENS = 512  # cell values are packed as (value * _TOKENS + tokens) * _COVERS + covers; a
_COVERS = 8  # sum of 6 cells has at most 6 * BLOCKED < _TOKENS tokens and 6 < _COVERS covers


def pair_table(patterns: np.ndarray, distinct: np.ndarray, most: int) -> np.ndarray:
    """``pairs[x, rx, y, t]``: the most trees of card x (turn rx) that lie on a tree of the same
    fruit of card y, over every turn and offset of y with at most t trees on a different fruit
    (t up to ``most``). Plain numpy, once per search (``overlaps``): a kernel cost its compile
    on every new machine (0.3 CPU s, issue 24 item 4).

    >>> from orchard_lab.stacked_trees import Card
    >>> pair_table(*pictures([Card.from_text("AAA/PPP")]), 1)[0, 0, 0].tolist()
    [6, 6]
    """
    same, different = overlaps(patterns)
    n = patterns.shape[0]
    out = np.zeros((n, 4, n, most + 1), dtype=np.int64)
    kept = distinct[None, None, :, :, None, None]  # y's turns that show a new picture
    for t in range(most + 1):
        out[..., t] = np.where(kept & (different <= t), same, 0).max(axis=(3, 4, 5))
    return out


@njit(cache=True, nogil=True, opt=2)
def cell_values(fruit, level, rotten, supply, tokens_left, ladder, steps, box, packed):
    """For each fruit f and cell around ``box``, packed into one number (``unpack``): what a
    tree of fruit f adds there on its own (the cell's next step, see ``next_steps``; minus the
    die a token sends back where the fruit differs), the token it needs (1 where the fruit
    differs, ``BLOCKED`` on a rotten tree) and whether it covers a tree (1 or 0)."""
    for i in range(box[0] - WINDOW + 1, box[1] + WINDOW):
        for j in range(box[2] - WINDOW + 1, box[3] + WINDOW):
            below, lv = fruit[i, j], level[i, j]
            lost = ladder[min(lv, ladder.shape[0] - 1)]
            climb = steps[min(lv + 2, steps.shape[0] - 1)]
            for f in range(3):
                packed[f, i, j] = cell_value(below, lv, rotten[i, j], f, supply[f] + tokens_left,
                                             lost, climb, steps[1])  # fmt: skip


@njit(cache=True, nogil=True, opt=2, inline="always")
def cell_value(below, lv, rotten, f, dice, lost, climb, first):
    """The packed value of a tree of fruit f on a cell with tree ``below`` (-1: none), die level
    ``lv`` (-1: none) and the ``rotten`` mark (``cell_values``), with ``dice`` of fruit f that
    may still come (the supply and the tokens left), a die worth ``lost`` there, the cell's
    next step ``climb`` if it has a die and ``first`` if it has none. Scalars only: an array
    passed to an inlined kernel costs two atomic reference counts at each call."""
    value, differs = 0, 0
    if below < 0:
        pass
    elif rotten:
        differs = BLOCKED
    elif below != f:
        differs = 1
        if lv >= 0:
            value = -lost
    elif lv >= 0:
        value = climb
    elif dice > 0:
        value = first
    return (value * _TOKENS + differs) * _COVERS + (below >= 0)


@njit(cache=True, nogil=True, opt=2, inline="always")
def unpack(total):
    """(value, tokens, trees covered) of a sum of up to 6 ``cell_values``."""
    covers = total % _COVERS
    rest = total // _COVERS
    return rest // _TOKENS, rest % _TOKENS, covers


@njit(cache=True, nogil=True, opt=2)
def window_sums(packed, shape, box, total):
    """For the turned card ``shape`` at every top-left position around ``box`` (row
    ``box[0] - 2 + i``, column ``box[2] - 2 + j``): ``total[i, j]``, the sum of its trees'
    ``packed`` cell values."""
    r0, c0 = box[0] - WINDOW + 1, box[2] - WINDOW + 1
    rows, cols = box[1] - r0 + 1, box[3] - c0 + 1
    total[:rows, :cols] = 0
    for t in range(shape.shape[0]):
        r, c, f = r0 + shape[t, 0], c0 + shape[t, 1], shape[t, 2]
        for i in range(rows):
            for j in range(cols):
                total[i, j] += packed[f, r + i, c + j]


@njit(cache=True, nogil=True, opt=2)
def best_windows(total, box, out):
    """``out[j]``: the largest value of the window sums ``total`` (``window_sums``) that need at
    most j tokens, and at least 0 (the card away from the trees)."""
    most = out.shape[0] - 1
    out[:] = 0.0
    for i in range(box[1] - box[0] + WINDOW):
        for j in range(box[3] - box[2] + WINDOW):
            value, spent, _ = unpack(total[i, j])
            if spent <= most and value > out[spent]:
                out[spent] = value
    for j in range(1, most + 1):
        out[j] = max(out[j], out[j - 1])


@njit(cache=True, nogil=True, opt=2)
def card_terms(packed, shape, distinct, box, out, sums):
    """``out[j, r]``: at most what one card turned by r adds through the trees now on the table
    (``cell_values``) when at most j of its trees lie on a different fruit: its best window, or
    0 away from the trees; -1e18 for a turn that repeats a picture (``shape`` and ``distinct``
    are the card's rows of ``tree_lists`` and ``pictures``). The tokens' cost is counted apart
    (``bound``). ``sums[r]`` keeps the window sums of turn r."""
    for ro in range(4):
        if distinct[ro]:
            window_sums(packed, shape[ro], box, sums[ro])
            best_windows(sums[ro], box, out[:, ro])
        else:
            out[:, ro] = -1e18


@njit(cache=True, nogil=True, opt=2)
def moved_terms(planes, before, shapes, distinct, cards, skip, box, laid, r, c, change, out):
    """At least the ``card_terms`` of the cards ``cards[n]`` other than ``cards[skip]`` (in
    order, with ``out.shape[1] - 1`` tokens at most) once a card whose trees are ``laid``
    (``tree_lists``) is laid with its top-left at (r, c) and the cell values under its trees
    change by ``change[tree, fruit]``: ``before[n]`` and ``planes[n]`` are card n's terms and
    window sums around ``box`` before. A window off the new card keeps its sum, so the best of
    those is at most the best before; a window over it gains the changes of the cells it
    covers."""
    r0, c0 = box[0] - WINDOW + 1, box[2] - WINDOW + 1
    rows, cols = box[1] - r0 + 1, box[3] - c0 + 1
    most = out.shape[1] - 1
    span = 2 * WINDOW - 1  # the top-left corners of the windows that may cover the new card
    sums = np.empty((span, span), dtype=np.int64)
    stamp = np.empty((span, span), dtype=np.int64)  # == turn: sums[a, b] is this turn's
    for a in range(span):
        for b in range(span):
            stamp[a, b] = 0
    corners = np.empty((laid.shape[0] * 6, 2), dtype=np.int64)
    turn = 0
    m = 0
    for n in range(cards.shape[0]):
        if n == skip:
            continue
        card = cards[n]
        for ro in range(4):
            for j in range(most + 1):
                out[m, j, ro] = before[n, j, ro]
            if not distinct[card, ro]:
                continue
            turn += 1
            count = 0
            for t in range(shapes.shape[2]):  # tree t of this card on new tree u
                dr, dc, f = shapes[card, ro, t, 0], shapes[card, ro, t, 1], shapes[card, ro, t, 2]
                for u in range(laid.shape[0]):
                    a, b = laid[u, 0] - dr + WINDOW - 1, laid[u, 1] - dc + WINDOW - 1
                    if stamp[a, b] != turn:
                        stamp[a, b] = turn
                        corners[count, 0], corners[count, 1] = a, b
                        count += 1
                        i, j = r + a - WINDOW + 1 - r0, c + b - WINDOW + 1 - c0
                        inside = 0 <= i < rows and 0 <= j < cols
                        sums[a, b] = planes[n, ro, i, j] if inside else 0  # else no tree yet
                    sums[a, b] += change[u, f]
            for q in range(count):
                value, spent, _ = unpack(sums[corners[q, 0], corners[q, 1]])
                if spent <= most and value > out[m, spent, ro]:
                    out[m, spent, ro] = value
            for j in range(1, most + 1):
                out[m, j, ro] = max(out[m, j, ro], out[m, j - 1, ro])
        m += 1


@njit(cache=True, nogil=True, opt=2)
def alone_terms(packed, shapes, distinct, cards, box, out, sums):
    """``out[n]``: the ``card_terms`` of card ``cards[n]``; ``sums`` is scratch space."""
    for n in range(cards.shape[0]):
        card_terms(packed, shapes[cards[n]], distinct[cards[n]], box, out[n], sums)


@njit(cache=True, nogil=True, opt=2)
def bound(alone, cards, pairs, beta, penalty, tokens_left, skip):
    """At most what the cards to come add; with ``skip`` >= 0, once card ``cards[skip]`` is laid
    (what the others share with it is then on the table, worth ``beta`` per tree in full).

    Card n's term, when card m spends ``uses[m]`` tokens: its best turn of ``alone`` plus half
    of ``beta`` per tree it can share with each other card (``pairs``, with as many trees on a
    different fruit as the two spend), less its tokens' cost. The bound is the most over every
    way to share out the tokens left (at most 2: no card, one card with 1 or 2, two cards with
    1 each); with more, every card may spend them all and none pays."""
    k = cards.shape[0]
    most = pairs.shape[3] - 1
    half = 0.5 * beta
    top = alone.shape[1] - 1  # the most tokens ``alone`` knows
    # pair[n, r, m, t]: trees n (turned r) shares with m
    pair = np.empty((k, 4, k, 3), dtype=np.float64)
    for n in range(k):
        for r in range(4):
            for m in range(k):
                if m != n:
                    for t in range(3):
                        pair[n, r, m, t] = pairs[cards[n], r, cards[m], min(t, most)]
            for t in range(3):
                pair[n, r, n, t] = 0.0
    if tokens_left > 2:
        total = 0.0
        for n in range(k):
            if n == skip:
                continue
            term = -1e18
            for r in range(4):
                value = alone[n, top, r]
                for m in range(k):
                    if m != n and m != skip:
                        value += half * pairs[cards[n], r, cards[m], most]
                if skip >= 0:
                    value += beta * pairs[cards[n], r, cards[skip], most]
                term = max(term, value)
            total += term
        return total
    # what n shares with every other card still to come
    shared = np.empty((k, 4, 3), dtype=np.float64)
    laid = np.empty((k, 4, 3), dtype=np.float64)  # ... and, in full, with the card just laid
    for n in range(k):
        for r in range(4):
            for t in range(3):
                shared[n, r, t] = 0.0
                for m in range(k):
                    if m != skip:
                        shared[n, r, t] += pair[n, r, m, t]
                laid[n, r, t] = beta * pair[n, r, skip, t] if skip >= 0 else 0.0
    base = np.empty((k, 4), dtype=np.float64)
    total = 0.0
    for n in range(k):
        for r in range(4):
            base[n, r] = alone[n, 0, r] + half * shared[n, r, 0] + laid[n, r, 0]
        if n != skip:  # its best turn (a loop: ``.max()`` compiles numba's reductions)
            total += max(max(base[n, 0], base[n, 1]), max(base[n, 2], base[n, 3]))
    best = total
    for a in range(k):
        if a == skip:
            continue
        for u in range(1, tokens_left + 1):  # card a spends u tokens
            term = -1e18
            for r in range(4):
                term = max(term, alone[a, u, r] + half * shared[a, r, u] + laid[a, r, u])
            total = term - penalty * u
            for n in range(k):
                if n in (a, skip):
                    continue
                term = -1e18
                for r in range(4):
                    term = max(term, base[n, r] + half * (pair[n, r, a, u] - pair[n, r, a, 0]))
                total += term
            best = max(best, total)
        if tokens_left < 2:
            continue
        for b in range(a + 1, k):  # cards a and b spend one token each
            if b == skip:
                continue
            total = -2.0 * penalty
            for x, y in ((a, b), (b, a)):
                term = -1e18
                for r in range(4):
                    more = pair[x, r, y, 2] - pair[x, r, y, 1]
                    term = max(
                        term, alone[x, 1, r] + half * (shared[x, r, 1] + more) + laid[x, r, 1]
                    )
                total += term
            for n in range(k):
                if n in (a, b, skip):
                    continue
                term = -1e18
                for r in range(4):
                    more = pair[n, r, a, 1] - pair[n, r, a, 0] + pair[n, r, b, 1] - pair[n, r, b, 0]
                    term = max(term, base[n, r] + half * more)
                total += term
            best = max(best, total)
    return best


def overlaps(patterns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``same[x, rx, y, ry, dr + 2, dc + 2]``: the trees of card x turned rx that lie on a tree of
    the same fruit of card y turned ry, with y's top-left (dr, dc) from x's (``patterns``:
    ``pictures``); ``different``: those that lie on a tree of another fruit."""
    n = patterns.shape[0]
    span = 2 * WINDOW - 1
    wide = np.full((n, 4, WINDOW + 2 * (WINDOW - 1), WINDOW + 2 * (WINDOW - 1)), -1, np.int64)
    wide[:, :, WINDOW - 1 : 2 * WINDOW - 1, WINDOW - 1 : 2 * WINDOW - 1] = patterns
    same = np.zeros((n, 4, n, 4, span, span), dtype=np.int64)
    different = np.zeros_like(same)
    for dr in range(-WINDOW + 1, WINDOW):
        for dc in range(-WINDOW + 1, WINDOW):
            # card y's tree under card x's cell (i, j): its cell (i - dr, j - dc)
            r, c = WINDOW - 1 - dr, WINDOW - 1 - dc
            b = wide[None, None, :, :, r : r + WINDOW, c : c + WINDOW]  # x, rx, y, ry, cell
            x = patterns[:, :, None, None]
            both = (x >= 0) & (b >= 0)
            same[:, :, :, :, dr + WINDOW - 1, dc + WINDOW - 1] = (both & (x == b)).sum(axis=(4, 5))
            different[:, :, :, :, dr + WINDOW - 1, dc + WINDOW - 1] = (both & (x != b)).sum(
                axis=(4, 5)
            )
    return same, different


VARIANTS = ((0, 0), (1, 0), (0, 1), (2, 0), (0, 2), (1, 1))  # tokens a pair's two cards spend
SWAPPED = (0, 2, 1, 4, 3, 5)  # each variant with the pair's cards the other way round
JOINT_CARDS = 3  # the search takes the joint bound too from this many cards to come


def pair_moves(patterns: np.ndarray, distinct: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``moves[x, y, 4, c]``: (rx, ry, dr, dc, same, different) for each way card y turned ry can
    lie with its top-left (dr, dc) from that of card x turned rx and share ``same`` trees of the
    same fruit with it (at least one; ``different`` trees lie on a different fruit), most shared
    trees first; ``counts[x, y, 4]`` of them. ``moves[x, y, rx]`` and ``counts[x, y, rx]``: those
    of card x turned rx alone. Only the turns ``distinct`` keeps. Plain numpy, once per search:
    a kernel would cost its compile on every new machine (issue 24 item 4).

    >>> from orchard_lab.stacked_trees import Card
    >>> moves, counts = pair_moves(*pictures([Card.from_text("AAA/PPP")]))
    >>> counts[0, 0].tolist(), moves[0, 0, 4, 0].tolist(), moves[0, 0, 2, 0].tolist()
    ([43, 43, 43, 43, 172], [0, 0, 0, 0, 6, 0], [2, 2, 0, 0, 6, 0])
    """
    n = patterns.shape[0]
    span = 2 * WINDOW - 1
    same, different = overlaps(patterns)
    kept = distinct[:, :, None, None] & distinct[None, None, :, :]  # x, rx, y, ry
    shared = np.where(kept[..., None, None], same, 0).transpose(0, 2, 1, 3, 4, 5).reshape(n, n, -1)
    apart = different.transpose(0, 2, 1, 3, 4, 5).reshape(n, n, -1)
    order = np.argsort(-shared, axis=-1, kind="stable")  # most shared first, then (rx, ry, dr, dc)
    rx, ry, rows, cols = np.unravel_index(order, (4, 4, span, span))
    every = np.stack(
        [
            rx, ry, rows - WINDOW + 1, cols - WINDOW + 1,
            np.take_along_axis(shared, order, -1), np.take_along_axis(apart, order, -1),
        ],
        axis=-1,
    ).astype(np.int64)  # fmt: skip
    found = every[..., 4] > 0
    moves = np.zeros((n, n, 5, *every.shape[2:]), dtype=np.int64)
    counts = np.zeros((n, n, 5), dtype=np.int64)
    moves[:, :, 4], counts[:, :, 4] = every, found.sum(axis=-1)
    for turn in range(4):
        mine = found & (every[..., 0] == turn)  # stable: still most shared first
        keep = np.argsort(~mine, axis=-1, kind="stable")
        moves[:, :, turn] = np.take_along_axis(every, keep[..., None], axis=2)
        counts[:, :, turn] = mine.sum(axis=-1)
    return moves, counts


@njit(cache=True, nogil=True, opt=2)
def joint_pairs(planes, cards, moves, counts, rows, cols, tokens_left, penalty, beta, values, tops,
                whole, pairs):  # fmt: skip
    """The pairs of the joint bound (module docstring): ``pairs[n, m, v]``, the most that cards
    n and m (``cards``, k of them) add together when they spend the tokens ``VARIANTS[v]`` (n's,
    m's): each card's share 1/(k-1) of its window value less its tokens' cost, plus ``beta`` per
    tree they share, their places chosen together. ``planes[n, turn]`` holds the window sums
    of card n at the rows x cols top-left positions (``window_sums``). With more than 2 tokens
    left only ``v`` 0: each card may spend them all, and pays only for the trees it lays on
    today's trees of another fruit.

    Also fills, for ``joint_bound``: ``values[n, turn, u]``, card n's window values with at most
    u tokens (at least 0: a card away from the trees, or taking no share; with more than 2
    tokens left, u = 0 and less the tokens' cost), ``tops`` their most per turn and ``whole``
    per card. Loops read single elements: an array view costs two atomic reference counts."""
    k = cards.shape[0]
    share = 1.0 / (k - 1)
    many = tokens_left > 2
    allowances = 1 if tokens_left == 0 or many else min(tokens_left, 2) + 1
    spans = np.empty((k, 4, allowances, 4), dtype=np.int64)  # rows and columns where values > 0
    lines = np.empty((k, 4, allowances, rows), dtype=np.float64)  # the most of each row
    for n in range(k):
        for u in range(allowances):
            whole[n, u] = 0.0
        for ro in range(4):
            for u in range(allowances):
                tops[n, ro, u] = 0.0
                for i in range(rows):
                    lines[n, ro, u, i] = 0.0
                spans[n, ro, u, 0], spans[n, ro, u, 1] = rows, -1
                spans[n, ro, u, 2], spans[n, ro, u, 3] = cols, -1
            for i in range(rows):
                for j in range(cols):
                    value, spent, _ = unpack(planes[n, ro, i, j])
                    if many:
                        value -= penalty * spent
                    for u in range(allowances):
                        if value <= 0 or spent > (tokens_left if many else u):
                            values[n, ro, u, i, j] = 0.0
                            continue
                        values[n, ro, u, i, j] = value
                        tops[n, ro, u] = max(tops[n, ro, u], value)
                        lines[n, ro, u, i] = max(lines[n, ro, u, i], value)
                        spans[n, ro, u, 0] = min(spans[n, ro, u, 0], i)
                        spans[n, ro, u, 1] = max(spans[n, ro, u, 1], i)
                        spans[n, ro, u, 2] = min(spans[n, ro, u, 2], j)
                        spans[n, ro, u, 3] = max(spans[n, ro, u, 3], j)
            for u in range(allowances):
                whole[n, u] = max(whole[n, u], tops[n, ro, u])
    variants = 1 if allowances == 1 else (3 if allowances == 2 else 6)
    for n in range(k):
        x = cards[n]
        for m in range(n + 1, k):
            y = cards[m]
            for v in range(variants):
                un, um = VARIANTS[v]
                allow = tokens_left if many else un + um
                cost = 0.0 if many else share * penalty * (un + um)
                apart = share * (whole[n, un] + whole[m, um]) - cost
                best = apart  # each card on its own best window
                for c in range(counts[x, y, 4]):
                    rn, rm = moves[x, y, 4, c, 0], moves[x, y, 4, c, 1]
                    dr, dc = moves[x, y, 4, c, 2], moves[x, y, 4, c, 3]
                    same, different = moves[x, y, 4, c, 4], moves[x, y, 4, c, 5]
                    if beta * same + apart <= best:
                        break  # no later move shares more trees
                    a, b = tops[n, rn, un], tops[m, rm, um]
                    if different > allow or beta * same + share * (a + b) - cost <= best:
                        continue
                    most = max(a, b)  # one card on its best window, the other away from the trees
                    i0 = max(spans[n, rn, un, 0], spans[m, rm, um, 0] - dr)
                    i1 = min(spans[n, rn, un, 1], spans[m, rm, um, 1] - dr)
                    j0 = max(spans[n, rn, un, 2], spans[m, rm, um, 2] - dc)
                    j1 = min(spans[n, rn, un, 3], spans[m, rm, um, 3] - dc)
                    reach = most  # at most the best two rows' most
                    for i in range(i0, i1 + 1):
                        reach = max(reach, lines[n, rn, un, i] + lines[m, rm, um, i + dr])
                    if beta * same + share * reach - cost <= best:
                        continue
                    for i in range(i0, i1 + 1):
                        if lines[n, rn, un, i] + lines[m, rm, um, i + dr] <= most:
                            continue
                        for j in range(j0, j1 + 1):
                            both = values[n, rn, un, i, j] + values[m, rm, um, i + dr, j + dc]
                            most = max(most, both)
                        if most >= reach:
                            break
                    best = max(best, beta * same + share * most - cost)
                pairs[n, m, v] = best
                pairs[m, n, SWAPPED[v]] = best


@njit(cache=True, nogil=True, opt=2)
def joint_bound(pairs, cards, laid, moves, counts, values, tops, whole, rows, cols, left, many,
                penalty, beta, turn, y, x, terms):  # fmt: skip
    """The joint bound (module docstring): the sum of ``pairs`` (``joint_pairs``, whose ``values``,
    ``tops`` and ``whole`` these are too) over the pairs of ``cards`` other than ``laid``, the
    most over every way to share out the ``left`` tokens (as ``bound``: none, one card with 1
    or 2, two cards with 1 each; with ``many`` the pairs allow them all).

    With ``laid`` >= 0, card ``cards[laid]`` is laid first, turned ``turn`` at top-left position
    (y, x) (``turn`` -1: anywhere), and the sum takes for each other card n ``terms[n, u]``:
    the most it adds with its last share of its window value (the k-1th) less its tokens'
    cost, plus ``beta`` per tree it shares with the laid card, when it spends u tokens (with
    ``many``: u = 0, any of them)."""
    k = cards.shape[0]
    share = 1.0 / (k - 1)
    z = cards[max(laid, 0)]
    group = turn if turn >= 0 else 4  # the moves of the laid card's turn, or of every turn
    for n in range(k if laid >= 0 else 0):
        if n == laid:
            continue
        w = cards[n]
        for u in range(1 if many else min(left, 2) + 1):
            allow = left if many else u
            cost = 0.0 if many else share * penalty * u
            apart = share * whole[n, u] - cost
            best = apart
            for c in range(counts[z, w, group]):
                rn = moves[z, w, group, c, 1]
                dr, dc = moves[z, w, group, c, 2], moves[z, w, group, c, 3]
                same, different = moves[z, w, group, c, 4], moves[z, w, group, c, 5]
                if beta * same + apart <= best:
                    break
                if different > allow:
                    continue
                i, j = y + dr, x + dc
                if turn < 0:
                    value = tops[n, rn, u]
                elif 0 <= i < rows and 0 <= j < cols:
                    value = values[n, rn, u, i, j]
                else:
                    value = 0.0  # no tree there yet
                best = max(best, beta * same + share * value - cost)
            terms[n, u] = best
    base = 0.0
    for n in range(k):
        if n == laid:
            continue
        for m in range(n + 1, k):
            if m != laid:
                base += pairs[n, m, 0]
        if laid >= 0:
            base += terms[n, 0]
    if many or left == 0:
        return base
    best = base
    for a in range(k):
        if a == laid:
            continue
        for u in range(1, min(left, 2) + 1):  # card a spends u tokens: VARIANTS (1, 0), (2, 0)
            total = base
            for n in range(k):
                if n != a and n != laid:
                    total += pairs[a, n, 2 * u - 1] - pairs[a, n, 0]
            if laid >= 0:
                total += terms[a, u] - terms[a, 0]
            best = max(best, total)
        if left < 2:
            continue
        for b in range(a + 1, k):  # cards a and b spend one token each
            if b == laid:
                continue
            total = base + pairs[a, b, 5] - pairs[a, b, 0]
            for n in range(k):
                if n != a and n != b and n != laid:
                    total += pairs[a, n, 1] - pairs[a, n, 0] + pairs[b, n, 1] - pairs[b, n, 0]
            if laid >= 0:
                total += terms[a, 1] - terms[a, 0] + terms[b, 1] - terms[b, 0]
            best = max(best, total)
    return best


def next_steps(ladder: tuple[int, ...]) -> np.ndarray:
    """What one more matching tree adds to a cell, by the cell's stage: 0 an empty cell, 1 a tree
    without a die, 2 + l a die at ladder level l."""
    climbs = [b - a for a, b in pairwise(ladder)]
    return np.array([0, ladder[0], *climbs, 0], dtype=np.int64)


def pair_weight(steps: np.ndarray) -> float:
    """The least beta with steps[p + j] <= steps[p] + j * beta for every stage p and j >= 1: then
    n trees on a cell at stage p add at most n * steps[p] + C(n, 2) * beta (for the standard
    ladder 1, 3, 6, 10 the steps are 0, 1, 2, 3, 4, 0 and beta is 1)."""
    beta = 0.0
    for p in range(len(steps)):
        for q in range(p + 1, len(steps)):
            beta = max(beta, (steps[q] - steps[p]) / (q - p))
    return beta


def pictures(cards: Sequence[Card]) -> tuple[np.ndarray, np.ndarray]:
    """Per card: its 4 turned pictures as 3x3 fruit indexes (-1: no tree), and which turns
    show a new picture (the others are skipped, as in ``search._distinct_rotations``)."""
    patterns = np.full((len(cards), 4, WINDOW, WINDOW), -1, dtype=np.int64)
    distinct = np.zeros((len(cards), 4), dtype=np.bool_)
    for n, card in enumerate(cards):
        seen = set()
        for ro, rotation in enumerate(ROTATIONS):
            for r, c, f in trees(card, rotation):
                patterns[n, ro, r, c] = FRUIT_INDEX[f]
            picture = rotated_card(card, rotation)
            distinct[n, ro] = picture not in seen
            seen.add(picture)
    return patterns, distinct


def scratch_space(rows: int, cols: int, cards: int) -> tuple[np.ndarray, ...]:
    """Scratch space on a grid of rows x cols: the packed cell values per fruit
    (``cell_values``), window sums per turn (``card_terms``), and the window sums of the turns
    of each card still to come at each depth of a search of ``cards`` cards (``cards`` of them
    at the first depth, one fewer at each next one: ``plane_offset``)."""
    return (
        np.zeros((3, rows, cols), dtype=np.int64),
        np.zeros((4, rows, cols), dtype=np.int64),
        np.zeros((cards * (cards + 1) // 2, 4, rows, cols), dtype=np.int64),
    )


def tree_lists(patterns: np.ndarray) -> np.ndarray:
    """Per card and turn: its 6 trees as (row, column, fruit index) inside the 3x3 window."""
    shapes = np.zeros((*patterns.shape[:2], 6, 3), dtype=np.int64)
    for n, ro in np.ndindex(*patterns.shape[:2]):
        rows, cols = np.nonzero(patterns[n, ro] >= 0)
        shapes[n, ro] = np.stack([rows, cols, patterns[n, ro][rows, cols]], axis=1)
    return shapes


def grid(board: Board, k: int) -> tuple[Any, ...]:
    """The orchard as arrays with room for ``k`` more cards: fruit index (-1: no tree), die
    ladder level (-1: no die) and rotten mark per cell, the supply per fruit, the box of the
    trees (first and last row, first and last column) and the grid cell of the board's (0, 0)."""
    rmin, rmax, cmin, cmax = board.bounds()
    pad = 2 * k + WINDOW  # each card reaches at most 2 cells beyond the trees it covers
    rows, cols = rmax - rmin + 1 + 2 * pad, cmax - cmin + 1 + 2 * pad
    fruit = np.full((rows, cols), -1, dtype=np.int64)
    level = np.full((rows, cols), -1, dtype=np.int64)
    rotten = np.zeros((rows, cols), dtype=np.bool_)
    place = {v: i for i, v in enumerate(board.rules.ladder)}
    dice = board.dice()
    for (r, c), f in board.trees().items():
        i, j = r - rmin + pad, c - cmin + pad
        fruit[i, j] = FRUIT_INDEX[f]
        if (r, c) in dice:
            level[i, j] = place[dice[(r, c)]]
        rotten[i, j] = board.is_rotten(r, c)
    left = board.dice_left
    supply = np.array([left[f] for f in FRUITS], dtype=np.int64)
    box = np.array([pad, rmax - rmin + pad, pad, cmax - cmin + pad], dtype=np.int64)
    return fruit, level, rotten, supply, box, (pad - rmin, pad - cmin)


def pair_bound(board: Board, cards: Sequence[Card]) -> float:
    """At most how many points ``cards`` (in any order) can still add to ``board``: the pair
    bound, or from ``JOINT_CARDS`` cards the joint bound if it is lower, as the search stops a
    position (see the module docstring).

    >>> from orchard_lab.stacked_trees import Card
    >>> pair_bound(Board(Card.from_text("APL/LAP")), [Card.from_text("APL/LAP")])
    6.0
    """
    if not cards:
        return 0.0
    ids = list(dict.fromkeys(cards))
    patterns, distinct = pictures(ids)
    fruit, level, rotten, supply, box, _ = grid(board, len(cards))
    rows, cols = fruit.shape
    packed, sums, _ = scratch_space(rows, cols, 0)
    tokens_left = board.rotten_left
    steps = next_steps(board.rules.ladder)
    pairs = pair_table(patterns, distinct, min(tokens_left, MOST_TOKENS))
    indexes = np.array([ids.index(card) for card in cards], dtype=np.int64)
    alone = np.empty((len(cards), min(tokens_left, MOST_TOKENS) + 1, 4))
    ladder = np.array(board.rules.ladder, dtype=np.int64)
    cell_values(fruit, level, rotten, supply, tokens_left, ladder, steps, box, packed)
    alone_terms(packed, tree_lists(patterns), distinct, indexes, box, alone, sums)
    beta = pair_weight(steps)
    found = float(bound(alone, indexes, pairs, beta, board.rules.rotten_penalty, tokens_left, -1))
    if len(cards) >= JOINT_CARDS:
        joint = _Joint(board, cards)
        found = min(found, joint.total(-1, 0, 0, 0))
    return found


def laid_bound(
    board: Board, cards: Sequence[Card], first: int, at: tuple[int, int], rotation: int
) -> float:
    """At most how many points ``cards`` (``JOINT_CARDS`` or more, in any order after the first)
    can still add to ``board`` when ``cards[first]`` is laid first, its turned top-left at
    ``at``, turned by ``rotation`` (a legal placement): the joint bound the search drops that
    placement with before making it (its window value counted, see the module docstring).

    >>> from orchard_lab.stacked_trees import Card
    >>> apl, lap = Card.from_text("APL/LAP"), Card.from_text("LAP/APL")
    >>> laid_bound(Board(apl), [apl, lap, apl], 0, (0, 0), 0)
    30.0
    """
    if len(cards) < JOINT_CARDS:
        raise ValueError(f"laid_bound needs at least {JOINT_CARDS} cards, got {len(cards)}")
    joint = _Joint(board, cards)
    return joint.total(first, ROTATIONS.index(rotation), *at)


class _Joint:
    """The joint bound's pairs of ``cards`` on ``board`` (``joint_pairs``), as the search has
    them at a position."""

    def __init__(self, board: Board, cards: Sequence[Card]) -> None:
        ids = list(dict.fromkeys(cards))
        self.patterns, distinct = pictures(ids)
        shapes = tree_lists(self.patterns)
        k = len(cards)
        fruit, level, rotten, supply, box, self.origin = grid(board, k)
        packed, _, planes = scratch_space(fruit.shape[0], fruit.shape[1], k)
        self.tokens_left = board.rotten_left
        self.penalty = board.rules.rotten_penalty
        steps = next_steps(board.rules.ladder)
        self.beta = pair_weight(steps)
        ladder = np.array(board.rules.ladder, dtype=np.int64)
        cell_values(fruit, level, rotten, supply, self.tokens_left, ladder, steps, box, packed)
        self.cards = np.array([ids.index(card) for card in cards], dtype=np.int64)
        for n, card in enumerate(self.cards):
            for ro in range(4):
                window_sums(packed, shapes[card, ro], box, planes[n, ro])
        self.corner = (box[0] - WINDOW + 1, box[2] - WINDOW + 1)
        self.rows, self.cols = box[1] - box[0] + WINDOW, box[3] - box[2] + WINDOW
        self.planes = planes[:k]
        self.moves, self.counts = pair_moves(self.patterns, distinct)
        self.values = np.zeros((k, 4, 3, self.rows, self.cols))
        self.tops, self.whole = np.zeros((k, 4, 3)), np.zeros((k, 3))
        self.pairs = np.zeros((k, k, len(VARIANTS)))
        joint_pairs(
            self.planes, self.cards, self.moves, self.counts, self.rows, self.cols,
            self.tokens_left, self.penalty, self.beta, self.values, self.tops, self.whole,
            self.pairs,
        )  # fmt: skip

    def total(self, first: int, turn: int, row: int, col: int) -> float:
        """The joint bound (``first`` -1), or with ``cards[first]`` laid turned ``turn`` (an
        index of ``ROTATIONS``) with its top-left at (row, col) of the board."""
        terms = np.zeros((len(self.cards), 3))
        none = np.int64(-1)
        if first < 0:
            return self.joint(none, self.tokens_left, none, none, none, terms)
        turns = self.patterns[self.cards[first]]
        turn = next(ro for ro in range(4) if (turns[ro] == turns[turn]).all())  # as in ``moves``
        y = row + self.origin[0] - self.corner[0]
        x = col + self.origin[1] - self.corner[1]
        most, spent, covers = 0, 0, 0
        if 0 <= y < self.rows and 0 <= x < self.cols:
            most, spent, covers = unpack(self.planes[first, turn, y, x])
        if not covers or spent > self.tokens_left:
            raise ValueError("the card does not lie there legally (ST-3, ST-5)")
        left = self.tokens_left - spent
        rest = self.joint(np.int64(first), left, np.int64(turn), np.int64(y), np.int64(x), terms)
        return float(most - self.penalty * spent) + rest

    def joint(self, laid: Any, left: int, turn: Any, y: Any, x: Any, terms: np.ndarray) -> float:
        return float(
            joint_bound(
                self.pairs, self.cards, laid, self.moves, self.counts, self.values, self.tops,
                self.whole, self.rows, self.cols, np.int64(left), self.tokens_left > 2,
                self.penalty, self.beta, turn, y, x, terms,
            )
        )  # fmt: skip
