"""The compiled search behind ``best_line``: an exact branch and bound over a known card order.

The orchard is copied into small arrays (the fruit, the die's ladder level and the rotten mark
of each cell, with room to grow), and a depth-first search plays every distinct placement of
the cards to come with the rules of ``Board`` (ST-3, ST-4, ST-5, ST-6) and any switches. At
each position it prunes with the pair bound of ``bound`` (what the cards to come can still
add), and before laying a card with that card's gain plus the bound of the others; placements
are tried best gain first. Each bound is the pair bound, or from ``JOINT_CARDS`` cards to come
the joint bound when it is lower (issue 24: it couples where a card lies with what it shares
with each other card): a position keeps the joint bound's pairs, and a placement whose bound
(its window value plus the others' ``joint_bound``) cannot beat the best line is dropped before it
is made, counted as a position. Most other positions reached stop at once at their pair
bound: that bound is worked out from the window sums of the position before (only the windows
over the new card change), without entering the position (``_cut``). A position reached
again by another order of the same moves is skipped (a table of position keys), and several
threads can share the moves after the first.

The kernels ``_search`` uses are called, none written into it (``inline``), and the loops it
ran itself are kernels of their own (``_kids``, ``_next_hand``, ``_first_visit``, ...): numba
types a recursive kernel's body again at each round of its type inference, and every kernel
written into the body again with it (issue 24 item 4: ``_search``'s own compile from about
6.4 CPU s to 3, the search about 2% slower). Every kernel here and in ``bound`` is ``nogil``
like ``_search`` and allocates with ``np.empty`` (zeroed by a loop where it must be), never
``np.zeros``: numba compiles its ``np.empty`` once per shape, type and set of kernel flags, and
``np.zeros`` calls it with flags of its own (8 compiles for the search, not 14 and 7 of
``np.zeros``); and LLVM optimises them at level 2, not 3 (``jit.njit(opt=2)``): the first best
line after an install from about 11.5 CPU s to 9.3, the search 2-3% slower.

>>> from orchard_lab.stacked_trees import Board, Card
>>> board = Board(Card.from_text("APL/LAP"))
>>> found = solve(board, [Card.from_text("APL/LAP")], [], -1, 10**6)
>>> found.gain, found.moves[0].at, found.nodes
(6, (0, 0), 1)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from orchard_lab.jit import njit
from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.bound import (
    JOINT_CARDS,
    MOST_TOKENS,
    VARIANTS,
    WINDOW,
    bound,
    card_terms,
    cell_value,
    cell_values,
    grid,
    joint_bound,
    joint_pairs,
    moved_terms,
    next_steps,
    pair_moves,
    pair_table,
    pair_weight,
    pictures,
    scratch_space,
    tree_lists,
    unpack,
    window_sums,
)
from orchard_lab.stacked_trees.cards import ROTATIONS, Card
from orchard_lab.stacked_trees.rules import Move

_MOVE = 6  # a move in the path: card, row, col, rotation index, tokens, gain
_ILLEGAL = -(2**62)  # the gain ``_gain`` gives a placement the rules refuse
# ``bound``'s skip when no card is laid: an int64, not the literal -1 (for which numba would
# compile ``bound`` once more)
_NONE = np.int64(-1)
_PLUS = np.int64(1)  # ``_under``'s signs: int64 values, one compile for both
_MINUS = np.int64(-1)


@njit(cache=True, nogil=True, opt=2)
def _gain(fruit, level, rotten, supply, tokens_left, ladder, penalty, pattern, r, c, back, wanted):
    """(score change, tokens spent) of ``pattern`` (3x3, -1 for no tree) with its top-left at
    (r, c), as ``Board.spot_gain``; the change is ``_ILLEGAL`` if ST-3 or ST-5 refuse it.
    ``back`` and ``wanted`` are scratch space."""
    top = ladder.shape[0] - 1
    gain = 0
    tokens = 0
    overlap = 0
    for f in range(3):
        back[f] = 0
        wanted[f] = 0
    for dr in range(WINDOW):
        for dc in range(WINDOW):
            f = pattern[dr, dc]
            if f < 0:
                continue
            below = fruit[r + dr, c + dc]
            if below < 0:
                continue
            overlap += 1
            if rotten[r + dr, c + dc]:
                return _ILLEGAL, 0
            lv = level[r + dr, c + dc]
            if below == f:
                if lv >= 0:
                    gain += ladder[min(lv + 1, top)] - ladder[lv]
                else:
                    wanted[f] += 1
            else:
                tokens += 1
                if lv >= 0:
                    gain -= ladder[lv]
                    back[below] += 1
    if overlap == 0 or tokens > tokens_left:
        return _ILLEGAL, 0
    for f in range(3):
        gain += ladder[0] * min(wanted[f], supply[f] + back[f])
    return gain - penalty * tokens, tokens


@njit(cache=True, nogil=True, opt=2)
def _place(fruit, level, rotten, supply, pattern, r, c, top, undo):
    """Lay a legal ``pattern`` at (r, c) as ``Board._put`` does; ``undo`` (9 x 3) keeps the old
    cells. Returns the tokens spent."""
    k = 0
    tokens = 0
    for dr in range(WINDOW):
        for dc in range(WINDOW):
            f = pattern[dr, dc]
            if f < 0:
                continue
            undo[k, 0] = fruit[r + dr, c + dc]
            undo[k, 1] = level[r + dr, c + dc]
            undo[k, 2] = rotten[r + dr, c + dc]
            k += 1
            below = fruit[r + dr, c + dc]
            if below >= 0 and below != f:  # 1. tokens first: dice go back to the supply
                tokens += 1
                rotten[r + dr, c + dc] = True
                if level[r + dr, c + dc] >= 0:
                    supply[below] += 1
                    level[r + dr, c + dc] = -1
    for dr in range(WINDOW):  # 2. dice climb
        for dc in range(WINDOW):
            f = pattern[dr, dc]
            if f >= 0 and fruit[r + dr, c + dc] == f and level[r + dr, c + dc] >= 0:
                level[r + dr, c + dc] = min(level[r + dr, c + dc] + 1, top)
    for dr in range(WINDOW):  # 3. new dice in reading order while the supply lasts
        for dc in range(WINDOW):
            f = pattern[dr, dc]
            new = f >= 0 and fruit[r + dr, c + dc] == f and level[r + dr, c + dc] < 0
            if new and not rotten[r + dr, c + dc] and supply[f] > 0:
                supply[f] -= 1
                level[r + dr, c + dc] = 0
    for dr in range(WINDOW):
        for dc in range(WINDOW):
            f = pattern[dr, dc]
            if f >= 0:
                fruit[r + dr, c + dc] = f
    return tokens


@njit(cache=True, nogil=True, opt=2)
def _unplace(fruit, level, rotten, pattern, r, c, undo):
    k = 0
    for dr in range(WINDOW):
        for dc in range(WINDOW):
            if pattern[dr, dc] < 0:
                continue
            fruit[r + dr, c + dc] = undo[k, 0]
            level[r + dr, c + dc] = undo[k, 1]
            rotten[r + dr, c + dc] = undo[k, 2] != 0
            k += 1


@njit(cache=True, nogil=True, opt=2)
def _window_key(zobrist, fruit, level, rotten, pattern, r, c):
    """The cells that ``pattern`` at (r, c) covers, as their part of a position's key: the XOR of
    one random number per cell, fruit, die level and rotten mark (``zobrist``)."""
    key = np.uint64(0)
    for dr in range(WINDOW):
        for dc in range(WINDOW):
            if pattern[dr, dc] >= 0:
                i, j = r + dr, c + dc
                key ^= zobrist[i, j, fruit[i, j] + 1, level[i, j] + 1, 1 if rotten[i, j] else 0]
    return key


@njit(cache=True, nogil=True, opt=2, inline="always")
def _upper_gain(total, tokens_left, penalty):
    """(at most what a placement gains, the tokens it spends) from its window sum
    (``window_sums``): exact while the supply lasts; ``_ILLEGAL`` if it covers no tree or needs
    more tokens than are left (ST-3, ST-5)."""
    most, spent, covers = unpack(total)
    if covers == 0 or spent > tokens_left:
        return _ILLEGAL, spent
    return most - penalty * spent, spent


@njit(cache=True, nogil=True, opt=2)
def _improve(best, best_path, shared, path, score, length):
    """Keep the line in ``path[:length]`` if it beats this search's best; raise the bar that
    every part of the search prunes against."""
    if score > best[0]:
        best[0], best[1] = score, length
        for d in range(length):  # cell by cell: a slice assignment compiles numba's shape error
            for f in range(_MOVE):
                best_path[d, f] = path[d, f]
    shared[0] = max(shared[0], score)


@njit(cache=True, nogil=True, opt=2)
def _best_first(gains):
    """The indexes of ``gains`` from the highest gain to the lowest, equal gains in
    their order (as a stable sort; a counting sort, which numba compiles in a fraction of the
    time of ``np.argsort``)."""
    found = gains.shape[0]
    order = np.empty(found, dtype=np.int64)
    if found == 0:
        return order
    top = bottom = gains[0]
    for m in range(found):
        top = max(top, gains[m])
        bottom = min(bottom, gains[m])
    starts = np.empty(top - bottom + 2, dtype=np.int64)
    for g in range(starts.shape[0]):
        starts[g] = 0
    for m in range(found):
        starts[top - gains[m] + 1] += 1
    for g in range(1, starts.shape[0]):
        starts[g] += starts[g - 1]
    for m in range(found):
        g = top - gains[m]
        order[starts[g]] = m
        starts[g] += 1
    return order


@njit(cache=True, nogil=True, opt=2)
def _last(
    fruit, level, rotten, supply, tokens_left, ladder, penalty, patterns, distinct,
    hand, pending, drawn, acc, depth, best, path, best_path, shared, box, steps, shapes, scratch,
):  # fmt: skip
    """``_search`` with one card to come: its best placement (the game ends if it has none).
    A placement is scored exactly only if ``cell_values`` says it may beat the best so far."""
    card = pending[drawn] if drawn < pending.shape[0] else -1
    for i in range(hand.shape[0]):
        if hand[i] >= 0:
            card = hand[i]
    packed, sums, _ = scratch
    cell_values(fruit, level, rotten, supply, tokens_left, ladder, steps, box, packed)
    back = np.empty(3, dtype=np.int64)  # scratch space, set by ``_gain``
    wanted = np.empty(3, dtype=np.int64)
    legal = False
    top_gain = shared[0] - acc  # only a gain above it can raise the bar
    r0, c0 = box[0] - WINDOW + 1, box[2] - WINDOW + 1
    for ro in range(4):
        if not distinct[card, ro]:
            continue
        window_sums(packed, shapes[card, ro], box, sums[ro])
        for i in range(box[1] - r0 + 1):
            for j in range(box[3] - c0 + 1):
                most, _ = _upper_gain(sums[ro, i, j], tokens_left, penalty)
                if most == _ILLEGAL:
                    continue
                legal = True
                if most <= top_gain:
                    continue
                gain, spent = _gain(
                    fruit, level, rotten, supply, tokens_left, ladder, penalty, patterns[card, ro],
                    r0 + i, c0 + j, back, wanted,
                )  # fmt: skip
                if gain > top_gain:
                    top_gain = gain
                    path[depth, 0], path[depth, 1], path[depth, 2] = card, r0 + i, c0 + j
                    path[depth, 3], path[depth, 4], path[depth, 5] = ro, spent, gain
                    _improve(best, best_path, shared, path, acc + gain, depth + 1)
    if not legal:  # stuck: the game ends here
        _improve(best, best_path, shared, path, acc, depth)


@njit(cache=True, nogil=True, opt=2)
def _under(fruit, level, rotten, supply, tokens_left, ladder, steps, shape, r, c, out, sign):
    """Add ``sign`` times the cell values (``cell_value``) under the trees ``shape`` laid with
    their top-left at (r, c) to ``out[tree, fruit]``."""
    for u in range(shape.shape[0]):
        i, j = r + shape[u, 0], c + shape[u, 1]
        below, lv = fruit[i, j], level[i, j]
        lost = ladder[min(lv, ladder.shape[0] - 1)]
        climb = steps[min(lv + 2, steps.shape[0] - 1)]
        for f in range(3):
            value = cell_value(below, lv, rotten[i, j], f, supply[f] + tokens_left, lost, climb,
                               steps[1])  # fmt: skip
            out[u, f] += sign * value


@njit(cache=True, nogil=True, opt=2)
def _cut(
    fruit, level, rotten, supply, before, tokens_left, spent, ladder, penalty, steps, beta, pairs,
    shapes, distinct, cards, laid, ro, alone, planes, box, r, c, acc, shared, change,
):  # fmt: skip
    """Whether the position just reached by laying ``cards[laid]`` turned ``ro`` at (r, c) would
    stop at once at its own bound in ``_search`` (``supply`` was ``before``): a bound at least as
    high, from the terms ``alone`` and window sums ``planes`` of the position before, where
    only the windows over the new card change (``moved_terms``). ``change`` holds minus the
    old cell values under the new trees (``_under``). No answer (False) when a fruit's supply
    running out changes every window of that fruit."""
    left = tokens_left - spent
    for f in range(3):
        if (supply[f] + left > 0) != (before[f] + tokens_left > 0):
            return False
    shape = shapes[cards[laid], ro]
    _under(fruit, level, rotten, supply, left, ladder, steps, shape, r, c, change, _PLUS)
    k = cards.shape[0] - 1
    terms = np.empty((k, min(left, pairs.shape[3] - 1) + 1, 4), dtype=np.float64)
    moved_terms(planes, alone, shapes, distinct, cards, laid, box, shape, r, c, change, terms)
    others = np.empty(k, dtype=np.int64)
    for n in range(k):
        others[n] = cards[n + (n >= laid)]
    return acc + bound(terms, others, pairs, beta, penalty, left, _NONE) < shared[0] + 1


@njit(cache=True, nogil=True, opt=2)
def _to_come(hand, pending, drawn, k):
    """The ``k`` cards to come: the hand's (in hand order), then those not yet drawn."""
    cards = np.empty(k, dtype=np.int64)
    n = 0
    for i in range(hand.shape[0]):
        if hand[i] >= 0:
            cards[n] = hand[i]
            n += 1
    for i in range(drawn, pending.shape[0]):
        cards[n] = pending[i]
        n += 1
    return cards


@njit(cache=True, nogil=True, opt=2)
def _kids(hand, distinct, box, planes, first, slots, rest, tokens_left, penalty, acc, shared):
    """``_search``'s placements of the hand's cards (hand slot, row, column, turn, tokens, at
    most what it gains), those that may still beat the bar, in the order found; how many;
    and whether any placement is legal. (A kernel of its own, like the other helpers of
    ``_search``: its recursion types ``_search``'s body again at rounds of numba's type
    inference, so each line moved out is typed once, issue 24 item 4.)"""
    r0, c0 = box[0] - WINDOW + 1, box[2] - WINDOW + 1
    size = 4 * (box[1] - r0 + 1) * (box[3] - c0 + 1) * hand.shape[0]
    kids = np.empty((size, _MOVE), dtype=np.int64)
    found = 0
    legal = False
    for i in range(hand.shape[0]):
        card = hand[i]
        if card < 0:
            continue
        repeat = False
        for j in range(i):
            repeat |= hand[j] == card
        if repeat:
            continue
        for ro in range(4):
            if not distinct[card, ro]:
                continue
            for y in range(box[1] - r0 + 1):
                for x in range(box[3] - c0 + 1):
                    most, spent = _upper_gain(
                        planes[first + slots[i], ro, y, x], tokens_left, penalty
                    )
                    if most == _ILLEGAL:
                        continue
                    legal = True
                    if acc + most + rest[i] < shared[0] + 1:
                        continue
                    kids[found, 0], kids[found, 1], kids[found, 2] = i, r0 + y, c0 + x
                    kids[found, 3], kids[found, 4], kids[found, 5] = ro, spent, most
                    found += 1
    return kids, found, legal


@njit(cache=True, nogil=True, opt=2)
def _next_hand(hand, slot, pending, drawn, child_hand):
    """Write the hand after playing ``hand[slot]`` and drawing to ``child_hand`` (-1: no card);
    return the next card to draw."""
    hand_size = child_hand.shape[0]
    n = 0
    for i in range(hand.shape[0]):
        if hand[i] >= 0 and i != slot:
            child_hand[n] = hand[i]
            n += 1
    next_draw = drawn
    while n < hand_size and next_draw < pending.shape[0]:
        child_hand[n] = pending[next_draw]
        n += 1
        next_draw += 1
    for i in range(n, hand_size):
        child_hand[i] = -1
    return next_draw


@njit(cache=True, nogil=True, opt=2)
def _first_visit(child_key, next_draw, child_hand, hand_keys, seen, shared):
    """Whether the position of key ``child_key`` with ``child_hand`` and ``next_draw`` is met
    for the first time (the table ``seen``, while it is at most half full: ``shared[2]``)."""
    full = child_key + np.uint64(next_draw) * np.uint64(0x9E3779B97F4A7C15)
    for i in range(child_hand.shape[0]):
        if child_hand[i] >= 0:
            full += hand_keys[child_hand[i]]
    slot_at = full & np.uint64(seen.shape[0] - 1)
    while seen[slot_at] != 0:
        if seen[slot_at] == full:
            return False
        slot_at = (slot_at + np.uint64(1)) & np.uint64(seen.shape[0] - 1)
    if shared[2] < seen.shape[0] // 2:
        seen[slot_at] = full
        shared[2] += 1
    return True


@njit(cache=True, nogil=True, opt=2)
def _grown(box, pattern, r, c):
    """The box of the trees once ``pattern`` is laid with its top-left at (r, c)."""
    child_box = box.copy()
    for dr in range(WINDOW):
        for dc in range(WINDOW):
            if pattern[dr, dc] >= 0:
                child_box[0] = min(child_box[0], r + dr)
                child_box[1] = max(child_box[1], r + dr)
                child_box[2] = min(child_box[2], c + dc)
                child_box[3] = max(child_box[3], c + dc)
    return child_box


@njit(cache=True, nogil=True, opt=2)  # the board's progress bar keeps moving meanwhile
def _search(
    fruit, level, rotten, supply, tokens_left, ladder, penalty, patterns, distinct,
    hand, pending, drawn, hand_size, acc, depth, best, path, best_path, counters, box,
    steps, beta, pairs, moves, counts, zobrist, hand_keys, seen, key, shared, part, parts, shapes,
    scratch,
):  # fmt: skip
    """Every line from here: ``best[0]`` is the best gain this part found, ``best[1]`` the
    length of ``best_path``; ``shared`` holds the best gain any part found (only a better one
    counts), the stop mark and how full ``seen`` is. ``counters`` holds this part's positions
    and their budget. Part ``part`` of ``parts`` takes every parts-th move after the first."""
    counters[0] += 1
    if counters[0] > counters[1]:
        shared[1] = 1
    if shared[1]:  # a node budget ran out, or ``solve``'s timer stopped the search
        return
    in_hand = 0
    for i in range(hand.shape[0]):
        in_hand += hand[i] >= 0
    k = in_hand + pending.shape[0] - drawn
    if k == 0:
        _improve(best, best_path, shared, path, acc, depth)
        return
    if k == 1:
        _last(fruit, level, rotten, supply, tokens_left, ladder, penalty, patterns, distinct,
              hand, pending, drawn, acc, depth, best, path, best_path, shared, box, steps,
              shapes, scratch)  # fmt: skip
        return
    cards = _to_come(hand, pending, drawn, k)
    most_tokens = pairs.shape[3] - 1
    alone = np.empty((k, min(tokens_left, most_tokens) + 1, 4), dtype=np.float64)
    packed, _, planes = scratch
    # planes[first + n, turn]: the window sums of card n, kept for the placements below
    first = depth * (k + depth) - depth * (depth - 1) // 2
    cell_values(fruit, level, rotten, supply, tokens_left, ladder, steps, box, packed)
    for n in range(k):
        card_terms(packed, shapes[cards[n]], distinct[cards[n]], box, alone[n], planes[first + n])
    if acc + bound(alone, cards, pairs, beta, penalty, tokens_left, _NONE) < shared[0] + 1:
        return
    # the joint bound (``bound.joint_pairs``), its pairs kept for the placements below
    joint = k >= JOINT_CARDS
    many = tokens_left > 2
    rows, cols = box[1] - box[0] + WINDOW, box[3] - box[2] + WINDOW
    values = np.empty((k if joint else 0, 4, 3, rows, cols), dtype=np.float64)
    tops = np.empty((k, 4, 3), dtype=np.float64)
    whole = np.empty((k, 3), dtype=np.float64)
    joint_sums = np.empty((k, k, len(VARIANTS)), dtype=np.float64)
    terms = np.empty((k, 3), dtype=np.float64)
    if joint:
        joint_pairs(planes[first : first + k], cards, moves, counts, rows, cols, tokens_left,
                    penalty, beta, values, tops, whole, joint_sums)  # fmt: skip
        bar = joint_bound(joint_sums, cards, _NONE, moves, counts, values, tops, whole, rows, cols,
                          tokens_left, many, penalty, beta, _NONE, _NONE, _NONE, terms)  # fmt: skip
        if acc + bar < shared[0] + 1:
            return
    # the rest's bound once a hand card is placed: what it shares with the others is on the table
    rest = np.empty(hand.shape[0], dtype=np.float64)
    slots = np.empty(hand.shape[0], dtype=np.int64)  # a hand card's place in ``cards``
    n = 0
    for i in range(hand.shape[0]):
        rest[i], slots[i] = 0.0, 0
        if hand[i] >= 0:
            slots[i] = n
            rest[i] = bound(alone, cards, pairs, beta, penalty, tokens_left, slots[i])
            if joint:  # the joint bound with the card laid anywhere
                anywhere = joint_bound(
                    joint_sums, cards, slots[i], moves, counts, values, tops, whole, rows, cols,
                    tokens_left, many, penalty, beta, _NONE, _NONE, _NONE, terms,
                )  # fmt: skip
                rest[i] = min(rest[i], anywhere)
            n += 1
    # every legal placement of a hand card, with at most what it gains (``value``: exact while
    # the supply lasts); only those that may still beat the bar are kept
    r0, c0 = box[0] - WINDOW + 1, box[2] - WINDOW + 1
    kids, found, legal = _kids(
        hand, distinct, box, planes, first, slots, rest, tokens_left, penalty, acc, shared
    )
    if not legal:  # stuck: the game ends here
        _improve(best, best_path, shared, path, acc, depth)
        return
    top = ladder.shape[0] - 1
    back = np.empty(3, dtype=np.int64)  # scratch space, set by ``_gain``
    wanted = np.empty(3, dtype=np.int64)
    order = _best_first(kids[:found, 5])
    undo = np.empty((9, 3), dtype=np.int64)  # written by ``_place`` before ``_unplace`` reads it
    change = np.empty((6, 3), dtype=np.int64)  # set to 0 before each use
    child_hand = np.empty(hand_size, dtype=np.int64)
    for m in range(found):
        kid = order[m]
        slot, r, c, ro = kids[kid, 0], kids[kid, 1], kids[kid, 2], kids[kid, 3]
        spent, most = kids[kid, 4], kids[kid, 5]
        if (depth == 1 and m % parts != part) or acc + most + rest[slot] < shared[0] + 1:
            continue
        if joint:  # the joint bound once this card is laid here, from this position's pairs
            left = tokens_left - spent
            here = joint_bound(
                joint_sums, cards, slots[slot], moves, counts, values, tops, whole, rows, cols,
                left, many, penalty, beta, ro, r - r0, c - c0, terms,
            )  # fmt: skip
            if acc + most + here < shared[0] + 1:
                counters[0] += 1  # counted as a position reached, not entered (as ``_cut``)
                if counters[0] > counters[1]:
                    shared[1] = 1
                    return
                continue
        card = hand[slot]
        pattern = patterns[card, ro]
        gain, _ = _gain(
            fruit, level, rotten, supply, tokens_left, ladder, penalty, pattern, r, c, back, wanted
        )  # fmt: skip
        if acc + gain + rest[slot] < shared[0] + 1:
            continue
        next_draw = _next_hand(hand, slot, pending, drawn, child_hand)
        saved = supply.copy()
        if k > 2:  # the cell values under the new trees, for ``_cut``
            change[:] = 0
            _under(fruit, level, rotten, supply, tokens_left, ladder, steps, shapes[card, ro], r, c,
                   change, _MINUS)  # fmt: skip
        child_key = key ^ _window_key(zobrist, fruit, level, rotten, pattern, r, c)
        _place(fruit, level, rotten, supply, pattern, r, c, top, undo)
        child_key ^= _window_key(zobrist, fruit, level, rotten, pattern, r, c)
        fresh = depth < 1 or _first_visit(child_key, next_draw, child_hand, hand_keys, seen, shared)
        if fresh and k > 2 and _cut(
            fruit, level, rotten, supply, saved, tokens_left, spent, ladder, penalty, steps, beta,
            pairs, shapes, distinct, cards, slots[slot], ro, alone, planes[first : first + k],
            box, r, c, acc + gain, shared, change,
        ):  # fmt: skip
            fresh = False  # the child's own bound would stop it at once: counted, not entered
            counters[0] += 1
            if counters[0] > counters[1]:
                shared[1] = 1
        if fresh:
            child_box = _grown(box, pattern, r, c)
            path[depth, 0], path[depth, 1], path[depth, 2] = card, r, c
            path[depth, 3], path[depth, 4], path[depth, 5] = ro, spent, gain
            _search(
                fruit, level, rotten, supply, tokens_left - spent, ladder, penalty, patterns,
                distinct, child_hand.copy(), pending, next_draw, hand_size, acc + gain,
                depth + 1, best, path, best_path, counters, child_box, steps, beta, pairs, moves,
                counts, zobrist, hand_keys, seen, child_key, shared, part, parts, shapes, scratch,
            )  # fmt: skip
        _unplace(fruit, level, rotten, pattern, r, c, undo)
        for f in range(3):
            supply[f] = saved[f]
        if shared[1]:
            return


UNLIMITED = 1 << 62  # a node budget that never runs out
ZOBRIST_SEED = 20261130  # the position keys' random numbers: the same search on every run
SEEN_BITS = 23  # at most 2**23 positions remembered (64 MB), fewer for a small node budget


@dataclass(frozen=True)
class Found:
    """What ``solve`` found: the best gain over ``floor`` (None if none beats it), its moves,
    the positions searched, and whether the node budget or the clock stopped it first."""

    gain: int | None
    moves: tuple[Move, ...]
    nodes: int
    stopped: bool


def solve(
    board: Board,
    hand: Sequence[Card],
    pending: Sequence[Card],
    floor: int,
    node_budget: int,
    seconds: float | None = None,
    threads: int = 1,
) -> Found:
    """The best that ``hand`` and then ``pending`` (drawn into the hand in order) can still add
    to ``board``, if it beats ``floor``: an exact search (see the module docstring) that stops
    after ``node_budget`` positions (per thread) or ``seconds`` of wall time, if either comes
    first (``Found.stopped``), with the best it found by then. With several ``threads`` each
    takes its share of the moves after the first; one thread gives the same answer on every
    machine."""
    rules = board.rules
    ids = list(dict.fromkeys([*hand, *pending]))
    patterns, distinct = pictures(ids)
    shapes = tree_lists(patterns)
    k = len(hand) + len(pending)
    fruit, level, rotten, supply, box, origin = grid(board, k)
    rows, cols = fruit.shape
    hand_ids = np.full(rules.hand_size, -1, dtype=np.int64)
    hand_ids[: len(hand)] = [ids.index(card) for card in hand]
    pending_ids = np.array([ids.index(card) for card in pending], dtype=np.int64)
    steps = next_steps(rules.ladder)
    pairs = pair_table(patterns, distinct, min(board.rotten_left, MOST_TOKENS))
    shares, share_counts = pair_moves(patterns, distinct)
    rng = np.random.default_rng(ZOBRIST_SEED)
    zobrist = rng.integers(
        1, 2**63, size=(rows, cols, 4, len(rules.ladder) + 1, 2), dtype=np.uint64
    )
    zobrist[:, :, 0, 0, 0] = 0  # an empty cell adds nothing to the key
    key = np.uint64(0)
    for i, j in zip(*np.nonzero(fruit >= 0), strict=True):
        key ^= zobrist[i, j, fruit[i, j] + 1, level[i, j] + 1, int(rotten[i, j])]
    hand_keys = rng.integers(1, 2**63, size=len(ids), dtype=np.uint64)
    seen = np.zeros(1 << min(SEEN_BITS, max(10, (4 * node_budget).bit_length())), np.uint64)
    shared = np.array([floor, 0, 0], dtype=np.int64)
    ladder = np.array(rules.ladder, dtype=np.int64)
    parts = [
        (np.array([floor, 0], dtype=np.int64), np.zeros((k, _MOVE), dtype=np.int64),
         np.array([0, node_budget], dtype=np.int64))
        for _ in range(threads)
    ]  # fmt: skip

    def run(part: int) -> None:
        best, best_path, counters = parts[part]
        _search(
            fruit.copy(), level.copy(), rotten.copy(), supply.copy(), board.rotten_left, ladder,
            rules.rotten_penalty, patterns, distinct, hand_ids, pending_ids, 0, rules.hand_size,
            0, 0, best, np.zeros((k, _MOVE), dtype=np.int64), best_path, counters, box, steps,
            pair_weight(steps), pairs, shares, share_counts, zobrist, hand_keys, seen, key,
            shared, part, threads, shapes, scratch_space(rows, cols, k),
        )  # fmt: skip

    timer = None
    if seconds is not None:
        timer = threading.Timer(seconds, shared.__setitem__, (1, 1))
        timer.start()
    workers = [threading.Thread(target=run, args=(part,)) for part in range(1, threads)]
    for worker in workers:
        worker.start()
    run(0)
    for worker in workers:
        worker.join()
    if timer is not None:
        timer.cancel()
    nodes = sum(int(counters[0]) for _, _, counters in parts)
    stopped = bool(shared[1])
    best, best_path, _ = max(parts, key=lambda part: part[0][0])
    if best[0] <= floor:
        return Found(None, (), nodes, stopped)
    moves = tuple(
        Move(ids[card], (r - origin[0], c - origin[1]), ROTATIONS[ro], tokens > 0)
        for card, r, c, ro, tokens, _ in best_path[: best[1]].tolist()
    )
    return Found(int(best[0]), moves, nodes, stopped)


def warm_up() -> None:
    """Compile the search now (numba), so no learner waits for it later.

    The first use after an install compiles for about 9 CPU seconds (22 before issue 24
    item 4: ``bound`` was compiled three times, see ``_NONE``; the joint bound of item 5 added
    about 1.6: stacked trees' whole warm-up went from 15.4 to 17.0 CPU s in
    ``benchmarks/bench_cold_start.py``; then 13.3 until ``_search`` called its helpers, and
    11.5 until its kernels were compiled at LLVM level 2, see the module docstring) and caches
    the result beside the code (or in the user's cache folder); later runs load it in a
    fraction of a second. ``orchard-lab app`` calls this before the class starts,
    ``orchard-lab lessons`` and ``orchard-lab hub`` in the background (``compiled``);
    ``best_line`` first, so the compile is not on its clock.

    >>> warm_up()
    """
    board = Board(Card.from_text("APL/LAP"))
    solve(board, [Card.from_text("LAP/APL"), Card.from_text("PPA/AAL")], [], -1, 100)
