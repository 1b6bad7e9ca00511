"""The compiled end of ``best_line``: an exact search of the last few cards (numba).

The orchard is copied into small arrays (the fruit, the die's ladder level and the rotten mark
of each cell, with room to grow), and a depth-first branch and bound plays every distinct
placement of the cards to come with the rules of ``Board`` (ST-3, ST-4, ST-5, ST-6) and any
switches. It prunes with the next card's exact gain plus, for each other card, the value of
``search._card_values`` (its best window over per-cell values), and scores the last card by
trying all its placements.

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

import numba
import numpy as np

from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, rotated_card, trees
from orchard_lab.stacked_trees.rules import Move

_FRUIT = {f: i for i, f in enumerate(FRUITS)}
_WINDOW = 3  # a turned card spans at most 3 rows and 3 columns
_MOVE = 6  # a move in the path: card, row, col, rotation index, tokens, gain
_ILLEGAL = -(2**62)  # the gain ``_gain`` gives a placement the rules refuse


@numba.njit(cache=True, inline="always")
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
    for dr in range(_WINDOW):
        for dc in range(_WINDOW):
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


@numba.njit(cache=True)
def _place(fruit, level, rotten, supply, pattern, r, c, top, undo):
    """Lay a legal ``pattern`` at (r, c) as ``Board._put`` does; ``undo`` (9 x 3) keeps the old
    cells. Returns the tokens spent."""
    k = 0
    tokens = 0
    for dr in range(_WINDOW):
        for dc in range(_WINDOW):
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
    for dr in range(_WINDOW):  # 2. dice climb
        for dc in range(_WINDOW):
            f = pattern[dr, dc]
            if f >= 0 and fruit[r + dr, c + dc] == f and level[r + dr, c + dc] >= 0:
                level[r + dr, c + dc] = min(level[r + dr, c + dc] + 1, top)
    for dr in range(_WINDOW):  # 3. new dice in reading order while the supply lasts
        for dc in range(_WINDOW):
            f = pattern[dr, dc]
            new = f >= 0 and fruit[r + dr, c + dc] == f and level[r + dr, c + dc] < 0
            if new and not rotten[r + dr, c + dc] and supply[f] > 0:
                supply[f] -= 1
                level[r + dr, c + dc] = 0
    for dr in range(_WINDOW):
        for dc in range(_WINDOW):
            f = pattern[dr, dc]
            if f >= 0:
                fruit[r + dr, c + dc] = f
    return tokens


@numba.njit(cache=True)
def _unplace(fruit, level, rotten, pattern, r, c, undo):
    k = 0
    for dr in range(_WINDOW):
        for dc in range(_WINDOW):
            if pattern[dr, dc] < 0:
                continue
            fruit[r + dr, c + dc] = undo[k, 0]
            level[r + dr, c + dc] = undo[k, 1]
            rotten[r + dr, c + dc] = undo[k, 2] != 0
            k += 1


@numba.njit(cache=True)
def _improve(best, best_path, shared, path, score, length):
    """Keep the line in ``path[:length]`` if it beats this search's best; raise the bar that
    every part of the search prunes against."""
    if score > best[0]:
        best[0], best[1] = score, length
        best_path[:length] = path[:length]
    shared[0] = max(shared[0], score)


@numba.njit(cache=True)
def _last(
    fruit, level, rotten, supply, tokens_left, ladder, penalty, patterns, distinct,
    hand, pending, drawn, acc, depth, best, path, best_path, shared, box,
):  # fmt: skip
    """``_search`` with one card to come: its best placement (the game ends if it has none)."""
    card = pending[drawn] if drawn < pending.shape[0] else -1
    for i in range(hand.shape[0]):
        if hand[i] >= 0:
            card = hand[i]
    back = np.zeros(3, dtype=np.int64)
    wanted = np.zeros(3, dtype=np.int64)
    top_gain = _ILLEGAL
    for ro in range(4):
        if not distinct[card, ro]:
            continue
        pattern = patterns[card, ro]
        for r in range(box[0] - _WINDOW + 1, box[1] + 1):
            for c in range(box[2] - _WINDOW + 1, box[3] + 1):
                gain, tokens = _gain(
                    fruit, level, rotten, supply, tokens_left, ladder, penalty, pattern,
                    r, c, back, wanted,
                )  # fmt: skip
                if gain > top_gain:
                    top_gain = gain
                    path[depth, 0], path[depth, 1], path[depth, 2] = card, r, c
                    path[depth, 3], path[depth, 4], path[depth, 5] = ro, tokens, gain
    if top_gain == _ILLEGAL:  # stuck: the game ends here
        _improve(best, best_path, shared, path, acc, depth)
    else:
        _improve(best, best_path, shared, path, acc + top_gain, depth + 1)


@numba.njit(cache=True)
def _pair_table(patterns, distinct, most):
    """``pairs[x, rx, y, t]``: the most trees of card x (turn rx) that lie on a tree of the same
    fruit of card y, over every turn and offset of y with at most t trees on a different fruit
    (t up to ``most``)."""
    n = patterns.shape[0]
    out = np.zeros((n, 4, n, most + 1), dtype=np.int64)
    for x in range(n):
        for rx in range(4):
            a = patterns[x, rx]
            for y in range(n):
                for ry in range(4):
                    if not distinct[y, ry]:
                        continue
                    b = patterns[y, ry]
                    for dr in range(-_WINDOW + 1, _WINDOW):
                        for dc in range(-_WINDOW + 1, _WINDOW):
                            match = 0
                            miss = 0
                            for i in range(_WINDOW):
                                for j in range(_WINDOW):
                                    f = a[i, j]
                                    ii, jj = i + dr, j + dc
                                    if f < 0 or not (0 <= ii < _WINDOW and 0 <= jj < _WINDOW):
                                        continue
                                    g = b[ii, jj]
                                    if g >= 0:
                                        if g == f:
                                            match += 1
                                        else:
                                            miss += 1
                            for t in range(miss, most + 1):
                                out[x, rx, y, t] = max(out[x, rx, y, t], match)
    return out


@numba.njit(cache=True)
def _alone(
    fruit, level, rotten, supply, tokens_left, ladder, patterns, distinct, cards, box, steps, out
):  # fmt: skip
    """``out[n, j, r]``: at most what card ``cards[n]`` turned by r adds through the trees now on
    the table when it lies on at most j of them with a different fruit: its best window over the
    cells' next steps (``steps``), less the die on each tree of a different fruit (the tokens'
    cost is counted apart); 0 away from the trees; -1e18 for a turn that repeats a picture."""
    k = cards.shape[0]
    most = out.shape[1] - 1
    top = ladder.shape[0] - 1
    for n in range(k):
        x = cards[n]
        for ro in range(4):
            for j in range(most + 1):
                out[n, j, ro] = 0.0 if distinct[x, ro] else -1e18
            if not distinct[x, ro]:
                continue
            pattern = patterns[x, ro]
            for r in range(box[0] - _WINDOW + 1, box[1] + 1):
                for c in range(box[2] - _WINDOW + 1, box[3] + 1):
                    total = 0.0
                    tokens = 0
                    ok = True
                    for dr in range(_WINDOW):
                        for dc in range(_WINDOW):
                            f = pattern[dr, dc]
                            if f < 0:
                                continue
                            below = fruit[r + dr, c + dc]
                            if below < 0:
                                continue
                            if rotten[r + dr, c + dc]:
                                ok = False
                                continue
                            lv = level[r + dr, c + dc]
                            if below == f:
                                if lv >= 0:
                                    total += steps[min(lv + 2, steps.shape[0] - 1)]
                                elif supply[f] + tokens_left > 0:
                                    total += steps[1]
                            else:
                                tokens += 1
                                if lv >= 0:
                                    total -= ladder[min(lv, top)]
                    if ok:
                        for j in range(tokens, most + 1):
                            out[n, j, ro] = max(out[n, j, ro], total)


@numba.njit(cache=True)
def _term(alone, cards, pairs, beta, penalty, n, uses, placed):
    """Card ``cards[n]``'s share of the bound when each card m to come spends ``uses[m]`` tokens:
    the best over its turns of ``alone`` plus half of ``beta`` per tree it can share with each
    other card to come (two cards differ on at most the tokens both spend), plus ``beta`` per
    tree it can share with card ``placed`` (just laid: -1 for none), less its tokens' cost."""
    x = cards[n]
    most = pairs.shape[3] - 1
    u = uses[n]
    best = -1e18
    for ro in range(4):
        value = alone[n, u, ro]
        if value < -1e17:
            continue
        shared = 0
        for m in range(cards.shape[0]):
            if m != n and uses[m] >= 0:
                shared += pairs[x, ro, cards[m], min(u + uses[m], most)]
        value += 0.5 * beta * shared
        if placed >= 0:
            value += beta * pairs[x, ro, placed, min(u, most)]
        best = max(best, value)
    return best - penalty * u


@numba.njit(cache=True)
def _sum_terms(alone, cards, pairs, beta, penalty, uses, placed):
    total = 0.0
    for n in range(cards.shape[0]):
        if uses[n] >= 0:
            total += _term(alone, cards, pairs, beta, penalty, n, uses, placed)
    return total


@numba.njit(cache=True)
def _bound(alone, cards, pairs, beta, penalty, tokens_left, skip, placed):
    """At most what the cards to come add (all but ``cards[skip]``; -1 skips none), the most
    over every way to share out the tokens left among them (see the module docstring); with
    more than 2 tokens left, every card may spend them all and none pays."""
    k = cards.shape[0]
    uses = np.zeros(k, dtype=np.int64)
    if skip >= 0:
        uses[skip] = -1
    most = alone.shape[1] - 1
    if tokens_left > 2:
        for n in range(k):
            if n != skip:
                uses[n] = most
        return _sum_terms(alone, cards, pairs, beta, 0, uses, placed)
    best = _sum_terms(alone, cards, pairs, beta, penalty, uses, placed)
    for a in range(k):
        if a == skip:
            continue
        for ua in range(1, tokens_left + 1):
            uses[a] = ua
            best = max(best, _sum_terms(alone, cards, pairs, beta, penalty, uses, placed))
        if tokens_left == 2:
            uses[a] = 1
            for b in range(a + 1, k):
                if b == skip:
                    continue
                uses[b] = 1
                best = max(best, _sum_terms(alone, cards, pairs, beta, penalty, uses, placed))
                uses[b] = 0
        uses[a] = 0
    return best


@numba.njit(cache=True, nogil=True)  # the board's progress bar keeps moving meanwhile
def _search(
    fruit, level, rotten, supply, tokens_left, ladder, penalty, patterns, distinct,
    hand, pending, drawn, hand_size, acc, depth, best, path, best_path, counters, box,
    steps, beta, pairs, zobrist, hand_keys, seen, key, shared, part, parts,
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
              hand, pending, drawn, acc, depth, best, path, best_path, shared, box)  # fmt: skip
        return
    cards = np.empty(k, dtype=np.int64)
    n = 0
    for i in range(hand.shape[0]):
        if hand[i] >= 0:
            cards[n] = hand[i]
            n += 1
    for i in range(drawn, pending.shape[0]):
        cards[n] = pending[i]
        n += 1
    alone = np.empty((k, min(tokens_left, pairs.shape[3] - 1) + 1, 4), dtype=np.float64)
    _alone(
        fruit, level, rotten, supply, tokens_left, ladder, patterns, distinct, cards, box, steps,
        alone,
    )  # fmt: skip
    if acc + _bound(alone, cards, pairs, beta, penalty, tokens_left, -1, -1) < shared[0] + 1:
        return
    top = ladder.shape[0] - 1
    back = np.zeros(3, dtype=np.int64)
    wanted = np.zeros(3, dtype=np.int64)
    r0, c0 = box[0] - _WINDOW + 1, box[2] - _WINDOW + 1
    size = 4 * (box[1] - r0 + 1) * (box[3] - c0 + 1) * hand.shape[0]
    kids = np.empty((size, _MOVE), dtype=np.int64)
    found = 0
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
            pattern = patterns[card, ro]
            for r in range(r0, box[1] + 1):
                for c in range(c0, box[3] + 1):
                    gain, tokens = _gain(
                        fruit, level, rotten, supply, tokens_left, ladder, penalty, pattern,
                        r, c, back, wanted,
                    )  # fmt: skip
                    if gain == _ILLEGAL:
                        continue
                    kids[found, 0], kids[found, 1], kids[found, 2] = i, r, c
                    kids[found, 3], kids[found, 4], kids[found, 5] = ro, tokens, gain
                    found += 1
    if found == 0:  # stuck: the game ends here
        _improve(best, best_path, shared, path, acc, depth)
        return
    # the rest's bound once a hand card is placed: what it shares with the others is on the table
    rest = np.zeros(hand.shape[0], dtype=np.float64)
    for i in range(hand.shape[0]):
        if hand[i] < 0:
            continue
        mine = 0
        while cards[mine] != hand[i]:
            mine += 1
        rest[i] = _bound(alone, cards, pairs, beta, penalty, tokens_left, mine, hand[i])
    order = np.argsort(-kids[:found, 5], kind="mergesort")
    undo = np.zeros((9, 3), dtype=np.int64)
    child_hand = np.empty(hand_size, dtype=np.int64)
    rows, cols = fruit.shape[0], fruit.shape[1]
    for m in range(found):
        kid = kids[order[m]]
        slot, r, c, ro, tokens, gain = kid[0], kid[1], kid[2], kid[3], kid[4], kid[5]
        card = hand[slot]
        if (depth == 1 and m % parts != part) or acc + gain + rest[slot] < shared[0] + 1:
            continue
        pattern = patterns[card, ro]
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
        child_hand[n:] = -1
        child_key = key
        for dr in range(_WINDOW):
            for dc in range(_WINDOW):
                if pattern[dr, dc] >= 0:
                    i, j = r + dr, c + dc
                    child_key ^= zobrist[i * cols + j, fruit[i, j] + 1, level[i, j] + 1, 1 if rotten[i, j] else 0]
        saved = supply.copy()
        _place(fruit, level, rotten, supply, pattern, r, c, top, undo)
        for dr in range(_WINDOW):
            for dc in range(_WINDOW):
                if pattern[dr, dc] >= 0:
                    i, j = r + dr, c + dc
                    child_key ^= zobrist[i * cols + j, fruit[i, j] + 1, level[i, j] + 1, 1 if rotten[i, j] else 0]
        full = child_key + np.uint64(next_draw) * np.uint64(0x9E3779B97F4A7C15)
        for i in range(hand_size):
            if child_hand[i] >= 0:
                full += hand_keys[child_hand[i]]
        fresh = True
        if depth >= 1:  # below the split: a position one part met is searched whole by it
            slot_at = full & np.uint64(seen.shape[0] - 1)
            while seen[slot_at] != 0:
                if seen[slot_at] == full:
                    fresh = False
                    break
                slot_at = (slot_at + np.uint64(1)) & np.uint64(seen.shape[0] - 1)
            if fresh and shared[2] < seen.shape[0] // 2:
                seen[slot_at] = full
                shared[2] += 1
        if fresh:
            child_box = box.copy()
            for dr in range(_WINDOW):
                for dc in range(_WINDOW):
                    if pattern[dr, dc] >= 0:
                        child_box[0] = min(child_box[0], r + dr)
                        child_box[1] = max(child_box[1], r + dr)
                        child_box[2] = min(child_box[2], c + dc)
                        child_box[3] = max(child_box[3], c + dc)
            path[depth, 0], path[depth, 1], path[depth, 2] = card, r, c
            path[depth, 3], path[depth, 4], path[depth, 5] = ro, tokens, gain
            _search(
                fruit, level, rotten, supply, tokens_left - tokens, ladder, penalty, patterns,
                distinct, child_hand.copy(), pending, next_draw, hand_size, acc + gain,
                depth + 1, best, path, best_path, counters, child_box,
                steps, beta, pairs, zobrist, hand_keys, seen, child_key, shared, part, parts,
            )  # fmt: skip
        _unplace(fruit, level, rotten, pattern, r, c, undo)
        supply[:] = saved
        if shared[1]:
            return


UNLIMITED = 1 << 62  # a node budget that never runs out
MOST_TOKENS = 6  # a card has 6 trees, so two cards never differ on more
ZOBRIST_SEED = 20261130
SEEN_SLOTS = 1 << 23  # positions remembered (64 MB)


def _next_steps(ladder: tuple[int, ...]) -> np.ndarray:
    """What one more matching tree adds to a cell, by the cell's stage: 0 an empty cell, 1 a tree
    without a die, 2 + l a die at ladder level l."""
    climbs = [b - a for a, b in zip(ladder, ladder[1:], strict=False)]
    return np.array([0, ladder[0], *climbs, 0], dtype=np.int64)


def _pair_weight(steps: np.ndarray) -> float:
    """The least beta with steps[p + j] <= steps[p] + j * beta for every stage p and j >= 1: then
    n trees on a cell at stage p add at most n * steps[p] + C(n, 2) * beta (for the standard
    ladder 1, 3, 6, 10 the steps are 0, 1, 2, 3, 4, 0 and beta is 1)."""
    beta = 0.0
    for p in range(len(steps)):
        for q in range(p + 1, len(steps)):
            beta = max(beta, (steps[q] - steps[p]) / (q - p))
    return beta


@dataclass(frozen=True)
class Found:
    """What ``solve`` found: the best gain over ``floor`` (None if none beats it), its moves,
    the positions searched, and whether the node budget stopped it first."""

    gain: int | None
    moves: tuple[Move, ...]
    nodes: int
    stopped: bool


def _patterns(cards: Sequence[Card]) -> tuple[np.ndarray, np.ndarray]:
    """Per card: its 4 turned pictures as 3x3 fruit indexes (-1: no tree), and which turns
    show a new picture (the others are skipped, as in ``search._distinct_rotations``)."""
    patterns = np.full((len(cards), 4, _WINDOW, _WINDOW), -1, dtype=np.int64)
    distinct = np.zeros((len(cards), 4), dtype=np.bool_)
    for n, card in enumerate(cards):
        seen = set()
        for ro, rotation in enumerate(ROTATIONS):
            for r, c, f in trees(card, rotation):
                patterns[n, ro, r, c] = _FRUIT[f]
            picture = rotated_card(card, rotation)
            distinct[n, ro] = picture not in seen
            seen.add(picture)
    return patterns, distinct


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
    patterns, distinct = _patterns(ids)
    k = len(hand) + len(pending)
    cells = board.trees()
    rmin, rmax, cmin, cmax = board.bounds()
    pad = 2 * k + _WINDOW  # each card reaches at most 2 cells beyond the trees it covers
    rows, cols = rmax - rmin + 1 + 2 * pad, cmax - cmin + 1 + 2 * pad
    fruit = np.full((rows, cols), -1, dtype=np.int64)
    level = np.full((rows, cols), -1, dtype=np.int64)
    rotten = np.zeros((rows, cols), dtype=np.bool_)
    place = {v: i for i, v in enumerate(rules.ladder)}
    dice = board.dice()
    for (r, c), f in cells.items():
        i, j = r - rmin + pad, c - cmin + pad
        fruit[i, j] = _FRUIT[f]
        if (r, c) in dice:
            level[i, j] = place[dice[(r, c)]]
        rotten[i, j] = board.is_rotten(r, c)
    supply = np.array([board.supply[f] for f in FRUITS], dtype=np.int64)
    hand_ids = np.full(rules.hand_size, -1, dtype=np.int64)
    hand_ids[: len(hand)] = [ids.index(card) for card in hand]
    pending_ids = np.array([ids.index(card) for card in pending], dtype=np.int64)
    steps = _next_steps(rules.ladder)
    pairs = _pair_table(patterns, distinct, min(board.rotten_left, MOST_TOKENS))
    rng = np.random.default_rng(ZOBRIST_SEED)
    zobrist = rng.integers(1, 2**63, size=(rows * cols, 4, len(rules.ladder) + 1, 2), dtype=np.uint64)
    zobrist[:, 0, 0, 0] = 0  # an empty cell adds nothing to the key
    key = np.uint64(0)
    for i, j in zip(*np.nonzero(fruit >= 0), strict=True):
        key ^= zobrist[i * cols + j, fruit[i, j] + 1, level[i, j] + 1, int(rotten[i, j])]
    hand_keys = rng.integers(1, 2**63, size=len(ids), dtype=np.uint64)
    seen = np.zeros(SEEN_SLOTS, dtype=np.uint64)
    shared = np.array([floor, 0, 0], dtype=np.int64)
    box = np.array([pad, rmax - rmin + pad, pad, cmax - cmin + pad], dtype=np.int64)
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
            _pair_weight(steps), pairs, zobrist, hand_keys, seen, key, shared, part, threads,
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
        Move(ids[card], (r + rmin - pad, c + cmin - pad), ROTATIONS[ro], tokens > 0)
        for card, r, c, ro, tokens, _ in best_path[: best[1]].tolist()
    )
    return Found(int(best[0]), moves, nodes, stopped)


def warm_up() -> None:
    """Compile the search now (numba), so no learner waits for it later.

    The first use after an install compiles for about 10 CPU seconds and caches the result
    beside the code (or in the user's cache folder); later runs load it in a fraction of a
    second. ``orchard-lab lessons`` and ``orchard-lab app`` call this before the class starts.

    >>> warm_up()
    """
    board = Board(Card.from_text("APL/LAP"))
    solve(board, [Card.from_text("LAP/APL"), Card.from_text("PPA/AAL")], [], -1, 100)
