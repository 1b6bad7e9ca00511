"""Whole water drops games compiled with numba: greedy, random and lookahead playouts.

A compiled loop plays one game after another on small reused arrays, with every switch of
``Rules`` (WD-2 to WD-4). Each orchard is a grid of cells (int8: fruit -1..-4, drop values
1..9, 0 empty) with a group id per fruit cell, a card laid as one of its shapes (the card
turned, worked out once in ``water_drops.shapes``); groups (size, drop values as bits,
points) join through a union-find ``parent`` array; a scoring group's points by its size (the
``group_points`` switch) sit in the scratch array the kernels share. A move's gain looks only
at the 8 cells around its square, as ``Board`` does; "per_drop" scoring, which counts
distinct matching drop cells, adds a group's points once for each new drop of its size that
wets it, and flood-fills a group the card makes or grows only when a touching drop matches
its size. Choices follow ``Game.legal_moves`` order (card, square, turn), so greedy takes
the first highest gain and random the same index as ``policies.RandomPolicy``. The tests
compare every table with ``policies.run_games``.

The kernels that play (``_play_games``, ``_play_on`` and what they call) are compiled
without numba's reference counts (``_nrt=False``): they make no arrays (``_state`` and
``_work`` make them), and counting the references to the arrays they hand on took much of
their time (issue 24: random play 1.6-1.7x and greedy 1.4x faster without; "per_drop"
greedy, which called a kernel laying and lifting the card for every move it weighed,
3.6-4.5x with its gain in ``_gain`` too).

>>> seeds = np.random.default_rng(0).integers(0, 2**63 - 1, size=3)
>>> play_greedy(seeds, players=2, rules=Rules()).shape
(3, 2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from orchard_lab.jit import njit
from orchard_lab.streams import PCG_WORDS, permute, seed_pcg
from orchard_lab.water_drops.cards import Card, default_deck, starting_cards
from orchard_lab.water_drops.game import Game
from orchard_lab.water_drops.rules import ROTATIONS, Move, Rules, market_size
from orchard_lab.water_drops.shapes import card_numbers, shape_tables

__all__ = [
    "DECK_MOVES",
    "lemire",
    "play_greedy",
    "play_random",
    "playout_margins",
    "warm_up",
]

DECK_MOVES = 50  # moves in a game, one per deck card: the most words a random game uses
_DR = (-1, 0, -1, 0, 2, 1, 2, 1)  # the 8 cells around a card; card cell p touches 2p, 2p+1
_DC = (0, -1, 1, 2, 0, -1, 1, 2)
_SCRATCH = 128
_POINTS = 108  # scratch 108-117: a scoring group's points by its size (0: no group), WD-4
_NEAR = 118  # scratch 118-125: the groups a card's fruit group touches (``_contacts``)
_CARD, _BESIDE = 2, 1  # a square with a card; an empty square beside one (open, WD-3)


def _side(players: int) -> int:
    """Card squares per side of an orchard grid: room for the most cards one player gets."""
    cards_each = math.ceil(DECK_MOVES / players) + 1
    return 2 * cards_each + 3


def _state(players: int, rules: Rules) -> tuple[np.ndarray, ...]:
    """Empty orchards for ``players`` players and the scratch arrays of the compiled code,
    with the points of ``rules.group_points`` in the scratch (``_POINTS``).

    The kernels read the points from the scratch rather than from an array of their own:
    measured, one more array in the greedy loop cost its games 5-10% (while the kernels still
    counted references)."""
    side = _side(players)
    cells, groups = (2 * side) ** 2, 4 * (DECK_MOVES + 2)
    scratch = np.zeros(_SCRATCH, dtype=np.int64)
    scratch[_POINTS : _POINTS + len(rules.group_points) + 1] = (0, *rules.group_points)
    return (
        np.zeros((players, cells), dtype=np.int8),  # cell values
        np.zeros((players, cells), dtype=np.int32),  # group id of each fruit cell
        np.zeros((players, groups), dtype=np.int32),  # union-find parent
        np.zeros((players, groups), dtype=np.int64),  # group size
        np.zeros((players, groups), dtype=np.int64),  # drop values touching, as bits
        np.zeros((players, groups), dtype=np.int64),  # group points
        np.zeros(players, dtype=np.int64),  # groups used
        np.zeros((players, side * side), dtype=np.int8),  # squares: _CARD, _BESIDE or 0
        np.zeros((players, 4), dtype=np.int64),  # box: min row, max row, min col, max col
        np.zeros(players, dtype=np.int64),  # score totals
        np.zeros(cells, dtype=np.int64),  # flood fill marks
        np.zeros(cells, dtype=np.int64),  # flood fill stack
        scratch,  # scratch: see _placing and _gain
        np.zeros(groups, dtype=np.int64),  # _gain: the comp that took each group
        np.zeros(groups, dtype=np.int64),  # _gain: which look took each group
    )


# --- the compiled engine ----------------------------------------------------------------------
@njit(cache=True)
def lemire(word: int, count: int) -> tuple[np.int64, np.bool_]:
    """``Generator.integers(count)`` from one 32-bit word (numpy's Lemire method), and
    whether numpy would reject the word and draw again.

    >>> words = np.random.default_rng(5).integers(0, 2**32, size=3, dtype=np.uint32)
    >>> rng = np.random.default_rng(5)
    >>> [lemire(w, n)[0] for w, n in zip(words, (7, 100, 3))] == [
    ...     int(rng.integers(n)) for n in (7, 100, 3)]
    True
    """
    product = np.uint64(word) * np.uint64(count)
    leftover = product & np.uint64(0xFFFFFFFF)
    threshold = (np.uint64(2**32) - np.uint64(count)) % np.uint64(count)
    return np.int64(product >> np.uint64(32)), leftover < threshold


@njit(cache=True, inline="always")
def _find(parent: np.ndarray, b: int, g: int) -> int:
    while parent[b, g] != g:
        parent[b, g] = parent[b, parent[b, g]]
        g = parent[b, g]
    return g


@njit(cache=True, _nrt=False)
def _matching(cell, b, start, size, width, marks, stack, scratch) -> int:
    """Distinct drop cells of value ``size`` touching the fruit group of cell ``start``."""
    scratch[_SCRATCH - 1] += 1
    mark = scratch[_SCRATCH - 1]
    fruit = cell[b, start]
    marks[start] = mark
    stack[0] = start
    top, count = 1, 0
    while top:
        top -= 1
        at = stack[top]
        for near in (at - width, at - 1, at + 1, at + width):
            if marks[near] == mark:
                continue
            value = cell[b, near]
            if value == fruit:
                marks[near] = mark
                stack[top] = near
                top += 1
            elif value == size:
                marks[near] = mark
                count += 1
    return count


@njit(cache=True, inline="always")
def _points(size, mask, per_drop, cell, b, start, width, marks, stack, scratch) -> int:
    """WD-4: a group scores the points of its size (``_POINTS``) when a touching drop equals
    its size; ``start`` is one of its cells, with the card laid (only "per_drop" looks: it
    counts the matching drops)."""
    if size > 9 or not (mask >> size) & 1:
        return 0
    if not per_drop:
        return scratch[_POINTS + size]
    return scratch[_POINTS + size] * _matching(cell, b, start, size, width, marks, stack, scratch)


@njit(cache=True, inline="always")
def _look(state, b, square) -> None:
    """Write the 8 cells around ``square`` of orchard ``b`` to scratch 0-7 and the groups of
    the fruit ones to 8-15 (-1 for the others), for ``_placing`` and ``_gain``."""
    cell, gid, parent, occupied, sc = state[0], state[1], state[2], state[7], state[12]
    side = int(np.sqrt(occupied.shape[1]) + 0.5)
    width = 2 * side
    base = 2 * (square // side) * width + 2 * (square % side)
    for i in range(8):
        at = base + _DR[i] * width + _DC[i]
        value = cell[b, at]
        sc[i] = value
        sc[8 + i] = _find(parent, b, gid[b, at]) if value < 0 else -1


@njit(cache=True, inline="always")
def _contacts(sc, tables, s, k) -> tuple[int, int]:
    """What group ``k`` of equal fruit within shape ``s`` touches around the card (as
    ``_look`` wrote it): the bits of the drops inside the card next to it and of the drops
    outside (its mask), and the groups of its fruit outside, written to scratch ``_NEAR`` on
    (at most 8: two outside cells per card cell), in card order. Returns (mask, groups)."""
    cfruit, csize, ccells, cinner = tables[2], tables[3], tables[4], tables[5]
    fruit, mask, count = cfruit[s, k], cinner[s, k], 0
    for m in range(csize[s, k]):
        p = ccells[s, k, m]
        for i in range(2 * p, 2 * p + 2):
            value = sc[i]
            if value > 0:
                mask |= 1 << value
            elif value == fruit:
                sc[_NEAR + count] = sc[8 + i]
                count += 1
    return mask, count


@njit(cache=True, inline="always")
def _placing(state, tables, b, square, s, per_drop) -> int:
    """Lay shape ``s`` on ``square`` of orchard ``b`` (looked at by ``_look``); return the
    score change. Written into ``_lay`` only: each copy written into a caller is typed and
    optimised again (three copies cost 10-15 s of a cold compile; the one that was written
    into ``_play_on``'s move 2.8 CPU s, issue 24 item 4: ``_play_on`` calls ``_lay``
    instead, for 4-5% of a random game).

    Scratch layout: 0-15 from ``_look``, 16-19 cluster sizes, 20-23 masks, 24-27 root
    counts, 28-59 roots (8 per cluster), 60-63 a card cell of each cluster, 64-79 old group
    -> cluster, 80-103 wetted groups (id, new bits, a cell), 104-107 comp cluster, 108-117
    the points by size (``_POINTS``), 118-125 from ``_contacts``.
    """
    cell, gid, parent, gsize, gmask, gpoints, ngroups, occupied, box, total = state[:10]
    marks, stack, sc = state[10], state[11], state[12]
    values, ncomp, _, csize, ccells, _, ndrop, dbit, dcell = tables
    side = int(np.sqrt(occupied.shape[1]) + 0.5)
    width = 2 * side
    row, col = square // side, square % side
    base = 2 * row * width + 2 * col
    for p in range(4):  # first: "per_drop" counts drops by flood fill, over the card too
        cell[b, base + (p >> 1) * width + (p & 1)] = values[s, p]
    nclusters, njoined = 0, 0
    for k in range(ncomp[s]):
        mask, touching = _contacts(sc, tables, s, k)
        twin = -1
        first_root = 28 + 8 * nclusters  # this comp's roots go where a new cluster's would
        nroots = 0
        for n in range(touching):
            root = sc[_NEAR + n]
            for j in range(njoined):
                if sc[64 + j] == root:
                    twin = sc[72 + j]
            seen = False
            for j in range(nroots):
                if sc[first_root + j] == root:
                    seen = True
            if not seen:
                sc[first_root + nroots] = root
                nroots += 1
        if twin < 0:
            twin = nclusters
            nclusters += 1
            sc[16 + twin], sc[20 + twin], sc[24 + twin] = csize[s, k], mask, nroots
            sc[60 + twin] = ccells[s, k, 0]
        else:
            sc[16 + twin] += csize[s, k]
            sc[20 + twin] |= mask
            for j in range(nroots):
                root = sc[first_root + j]
                seen = False
                for i in range(sc[24 + twin]):
                    if sc[28 + 8 * twin + i] == root:
                        seen = True
                if not seen:
                    sc[28 + 8 * twin + sc[24 + twin]] = root
                    sc[24 + twin] += 1
        sc[104 + k] = twin
        for j in range(sc[24 + twin]):
            root = sc[28 + 8 * twin + j]
            seen = False
            for i in range(njoined):
                if sc[64 + i] == root:
                    seen = True
            if not seen:
                sc[64 + njoined], sc[72 + njoined] = root, twin
                njoined += 1
    nwetted = 0
    for d in range(ndrop[s]):
        bit, p = dbit[s, d], dcell[s, d]
        for i in range(2 * p, 2 * p + 2):
            if sc[i] < 0:
                root, twin = sc[8 + i], -1
                for j in range(njoined):
                    if sc[64 + j] == root:
                        twin = sc[72 + j]
                if twin >= 0:
                    sc[20 + twin] |= bit
                    continue
                found = False
                for j in range(nwetted):
                    if sc[80 + j] == root:
                        sc[88 + j] |= bit
                        found = True
                if not found:
                    at = base + _DR[i] * width + _DC[i]
                    sc[80 + nwetted], sc[88 + nwetted], sc[96 + nwetted] = root, bit, at
                    nwetted += 1
    delta = 0
    for c in range(nclusters):
        size, mask = sc[16 + c], sc[20 + c]
        for j in range(sc[24 + c]):
            root = sc[28 + 8 * c + j]
            size += gsize[b, root]
            mask |= gmask[b, root]
            delta -= gpoints[b, root]
        p = sc[60 + c]
        start = base + (p >> 1) * width + (p & 1)
        points = _points(size, mask, per_drop, cell, b, start, width, marks, stack, sc)
        delta += points
        new = ngroups[b]
        ngroups[b] += 1
        parent[b, new] = new
        gsize[b, new], gmask[b, new], gpoints[b, new] = size, mask, points
        for j in range(sc[24 + c]):
            parent[b, sc[28 + 8 * c + j]] = new
        sc[60 + c] = new
    for w in range(nwetted):
        root = sc[80 + w]
        size, mask = gsize[b, root], gmask[b, root] | sc[88 + w]
        points = _points(size, mask, per_drop, cell, b, sc[96 + w], width, marks, stack, sc)
        delta += points - gpoints[b, root]
        gmask[b, root], gpoints[b, root] = mask, points
    for k in range(ncomp[s]):
        for m in range(csize[s, k]):
            p = ccells[s, k, m]
            gid[b, base + (p >> 1) * width + (p & 1)] = sc[60 + sc[104 + k]]
    total[b] += delta
    occupied[b, square] = _CARD
    for near in (square - side, square - 1, square + 1, square + side):
        if not occupied[b, near]:
            occupied[b, near] = _BESIDE
    box[b, 0], box[b, 1] = min(box[b, 0], row), max(box[b, 1], row)
    box[b, 2], box[b, 3] = min(box[b, 2], col), max(box[b, 3], col)
    return delta


@njit(cache=True, _nrt=False)
def _lay(state, tables, b, square, s, per_drop) -> int:
    """Lay shape ``s`` on ``square`` of orchard ``b``; return the score change."""
    _look(state, b, square)
    return _placing(state, tables, b, square, s, per_drop)


@njit(cache=True, inline="always")
def _gain(state, tables, b, square, s, per_drop) -> int:
    """The score change ``_placing`` would make, without laying the card, leaner: each old
    group is counted once through a mark (scratch 126 counts the calls), no lists are
    searched. "per_drop" counts matching drop cells: a group the card only wets gains its
    points once for each of the card's drops of its size beside it; a group the card makes
    or grows is flood-filled only when it scores (``_drops_matching``).

    Scratch: 0-15 from ``_look``, 16-19 comp sizes, 20-23 masks, 24-27 the comp each comp
    joins (itself if none), 80-87 wetted groups, 88-95 their new drop bits, 108-117 the
    points by size (``_POINTS``), 118-125 from ``_contacts``."""
    gsize, gmask, gpoints, sc = state[3], state[4], state[5], state[12]
    values, ncomp, _, csize, ccells, _, ndrop, dbit, dcell = tables
    owner, marks = state[13], state[14]
    sc[126] += 1
    mark = sc[126]
    delta = 0
    for k in range(ncomp[s]):
        size = csize[s, k]
        mask, touching = _contacts(sc, tables, s, k)
        sc[24 + k] = k
        for n in range(touching):
            root = sc[_NEAR + n]
            if marks[root] != mark:
                marks[root], owner[root] = mark, k
                size += gsize[b, root]
                mask |= gmask[b, root]
                delta -= gpoints[b, root]
            elif owner[root] != k:
                sc[24 + k] = owner[root]  # two parts of the card meet through it
        sc[16 + k], sc[20 + k] = size, mask
    nwetted = 0
    for d in range(ndrop[s]):
        bit, p = dbit[s, d], dcell[s, d]
        for i in range(2 * p, 2 * p + 2):
            if sc[i] < 0:
                root = sc[8 + i]
                if marks[root] == mark:
                    sc[20 + owner[root]] |= bit
                elif per_drop:  # a new drop of its size: its points once more
                    again = i == 2 * p + 1 and sc[2 * p] < 0 and sc[8 + 2 * p] == root
                    if not again and values[s, p] == gsize[b, root]:
                        delta += sc[_POINTS + gsize[b, root]]
                elif marks[root] == -mark:
                    for j in range(nwetted):
                        if sc[80 + j] == root:
                            sc[88 + j] |= bit
                else:
                    marks[root] = -mark
                    sc[80 + nwetted], sc[88 + nwetted] = root, bit
                    nwetted += 1
    for k in range(ncomp[s] - 1, -1, -1):
        j = sc[24 + k]
        if j != k:
            sc[16 + j] += sc[16 + k]
            sc[20 + j] |= sc[20 + k]
    for k in range(ncomp[s]):
        size = sc[16 + k]
        if sc[24 + k] == k and size <= 9 and (sc[20 + k] >> size) & 1:
            if per_drop:
                count = _drops_matching(state, tables, b, square, s, ccells[s, k, 0], size)
                delta += sc[_POINTS + size] * count
            else:
                delta += sc[_POINTS + size]
    for w in range(nwetted):
        root = sc[80 + w]
        size = gsize[b, root]
        if size <= 9 and ((gmask[b, root] | sc[88 + w]) >> size) & 1:
            delta += sc[_POINTS + size]
        delta -= gpoints[b, root]
    return delta


@njit(cache=True, inline="always")
def _drops_matching(state, tables, b, square, s, p, size) -> int:
    """Distinct drops of value ``size`` touching the group that card cell ``p`` would be in
    with shape ``s`` laid on ``square`` of orchard ``b``: the card laid for the flood fill,
    then taken up again."""
    cell, values = state[0], tables[0]
    side = int(np.sqrt(state[7].shape[1]) + 0.5)
    width = 2 * side
    base = 2 * (square // side) * width + 2 * (square % side)
    for q in range(4):
        cell[b, base + (q >> 1) * width + (q & 1)] = values[s, q]
    start = base + (p >> 1) * width + (p & 1)
    count = _matching(cell, b, start, size, width, state[10], state[11], state[12])
    for q in range(4):
        cell[b, base + (q >> 1) * width + (q & 1)] = 0
    return count


@njit(cache=True, inline="always")
def _open(state, b, rows, cols, out) -> int:
    """Write the open squares of orchard ``b`` to ``out`` in (row, col) order (WD-3: empty,
    beside a card, and within ``rows`` × ``cols`` when those are not 0); return how many."""
    occupied, box = state[7], state[8]
    side = int(np.sqrt(occupied.shape[1]) + 0.5)
    r0, r1, c0, c1 = box[b, 0], box[b, 1], box[b, 2], box[b, 3]
    count = 0
    for row in range(r0 - 1, r1 + 2):
        if rows and max(r1, row) - min(r0, row) >= rows:
            continue
        for col in range(c0 - 1, c1 + 2):
            if cols and max(c1, col) - min(c0, col) >= cols:
                continue
            q = row * side + col
            if occupied[b, q] == _BESIDE:  # kept by _placing: no look at the 4 neighbours
                out[count] = q
                count += 1
    return count


@njit(cache=True, _nrt=False)
def _clear(state) -> None:
    """Every orchard empty again, touching only the squares cards lie on or beside."""
    cell, ngroups, occupied, box, total = state[0], state[6], state[7], state[8], state[9]
    side = int(np.sqrt(occupied.shape[1]) + 0.5)
    width = 2 * side
    for b in range(cell.shape[0]):
        for row in range(max(box[b, 0] - 1, 0), min(box[b, 1] + 2, side)):
            for col in range(max(box[b, 2] - 1, 0), min(box[b, 3] + 2, side)):
                q = row * side + col
                if occupied[b, q] == _BESIDE:
                    occupied[b, q] = 0
                elif occupied[b, q]:
                    occupied[b, q] = 0
                    base = 2 * row * width + 2 * col
                    cell[b, base], cell[b, base + 1] = 0, 0
                    cell[b, base + width], cell[b, base + width + 1] = 0, 0
        origin = side // 2
        box[b, 0], box[b, 1], box[b, 2], box[b, 3] = origin, origin, origin, origin
        ngroups[b], total[b] = 0, 0


@njit(cache=True, _nrt=False)
def _play_on(
    state, tables, game, market, pile, switches, greedy, words, used, squares, gains
) -> bool:
    """Play to the end from ``game`` = [players, market size, cards in market, cards drawn,
    round's first player, cards taken this round] (``market`` and ``pile`` the cards;
    ``switches`` the rules', see ``_switches``; ``squares`` and ``gains`` room for a turn's
    open squares and gains, see ``_work``).

    Greedy takes the first highest gain in legal_moves order; random draws
    ``Generator.integers`` from ``words[used[0]:]``, one word per move with more than one
    choice. Returns False, with nothing laid for that move, at a word numpy would reject."""
    players, size = game[0], game[1]
    turns, rows, cols, per_drop = switches
    while game[2]:
        b = (game[4] + game[5]) % players
        n = _open(state, b, rows, cols, squares)
        distinct = 0
        for pos in range(game[2]):
            duplicate = False
            for earlier in range(pos):
                duplicate |= market[earlier] == market[pos]
            distinct += not duplicate
        pick, square, turn = 0, 0, 0
        if greedy:
            for i in range(n):  # each square looked at once, the gains kept in legal order
                _look(state, b, squares[i])
                for pos in range(game[2]):
                    for t in range(turns):
                        shape = 4 * market[pos] + t
                        gain = _gain(state, tables, b, squares[i], shape, per_drop)
                        gains[(pos * n + i) * turns + t] = gain
            best = -(1 << 62)
            for pos in range(game[2]):
                duplicate = False
                for earlier in range(pos):
                    duplicate |= market[earlier] == market[pos]
                if duplicate:
                    continue
                for i in range(n * turns):
                    if gains[pos * n * turns + i] > best:
                        best, pick = gains[pos * n * turns + i], pos
                        square, turn = squares[i // turns], i % turns
        else:
            count = distinct * n * turns
            index = np.int64(0)
            if count > 1:
                index, rejected = lemire(words[used[0]], count)
                if rejected:
                    return False
                used[0] += 1
            nth, rest = divmod(index, n * turns)
            square, turn = squares[rest // turns], rest % turns
            for pos in range(game[2]):
                duplicate = False
                for earlier in range(pos):
                    duplicate |= market[earlier] == market[pos]
                if not duplicate:
                    if nth == 0:
                        pick = pos
                        break
                    nth -= 1
        _lay(state, tables, b, square, 4 * market[pick] + turn, per_drop)
        _take_move(game, market, pile, pick, size, players)
    return True


def _taking(game, market, pile, pick, size, players) -> None:
    """The mover takes market card ``pick``; the turn passes, the market refills when empty
    (WD-2: the next round starts with the next player). Compiled twice (below): ``_take``,
    a kernel ``_playouts`` calls, and ``_take_move``, written into ``_play_on``'s move like
    ``_open``: small, and two calls fewer a move make up for most of the ``_lay`` call
    there (issue 24 item 4)."""
    for pos in range(pick, game[2] - 1):
        market[pos] = market[pos + 1]
    game[2] -= 1
    game[5] += 1
    if not game[2]:
        game[4] = (game[4] + 1) % players
        count = min(size, pile.shape[0] - game[3])
        for pos in range(count):
            market[pos] = pile[game[3] + pos]
        game[2], game[3], game[5] = count, game[3] + count, 0


_take = njit(cache=True, _nrt=False)(_taking)
_take_move = njit(cache=True, inline="always")(_taking)


@njit(cache=True, _nrt=False)
def _play_games(
    state, tables, work, seeds, decks, size, switches, greedy, words, scores
) -> tuple[int, int]:
    """Deal (``Game.new``'s deal of each seed, ``decks`` = [deck cards, start cards]) and play
    every game into ``scores``; return how many games were played and the words they used
    (random stops at a rejected word). ``work``: see ``_work``."""
    market, game, squares, gains, used, pile, starts, pcg = work
    players, per_drop = scores.shape[1], switches[3]
    side = int(np.sqrt(state[7].shape[1]) + 0.5)
    origin = side // 2 * (side + 1)
    for g in range(seeds.shape[0]):  # Game.new's deal: the start cards' order, the deck's
        seed_pcg(seeds[g], pcg)
        permute(starts, pcg)
        permute(pile, pcg)
        _clear(state)
        for b in range(players):
            _lay(state, tables, b, origin, 4 * (decks[0] + starts[b]), per_drop)
        count = min(size, decks[0])
        for pos in range(count):  # not a slice: numba compiles a slice's shape check (2 s)
            market[pos] = pile[pos]
        game[0], game[1], game[2], game[3], game[4], game[5] = players, size, count, count, 0, 0
        if not _play_on(
            state, tables, game, market, pile, switches, greedy, words, used, squares, gains
        ):
            return g, used[0]
        for b in range(players):
            scores[g, b] = state[9][b]
    return seeds.shape[0], used[0]


@njit(cache=True)
def _copy(target, source) -> None:
    """Copy ``source`` into ``target``, an array of the same shape, one cell at a time."""
    into, out = target.reshape(-1), source.reshape(-1)
    for i in range(into.shape[0]):
        into[i] = out[i]


@njit(cache=True)
def _playouts(state, tables, game, market, moves, piles, me, switches) -> np.ndarray:
    """Each move's total margin over the piles: the move (market position, square, turn),
    then greedy for everyone to the end; margin = my score - the best other score."""
    players, per_drop = game[0], switches[3]
    side = int(np.sqrt(state[7].shape[1]) + 0.5)
    totals = np.zeros(moves.shape[0], dtype=np.int64)
    squares = np.zeros(state[7].shape[1], dtype=np.int64)
    gains = np.zeros(8 * 4 * 2 * side, dtype=np.int64)  # market × frontier × turns
    used = np.zeros(1, dtype=np.int64)
    words = np.zeros(1, dtype=np.uint32)
    greedy = np.bool_(True)  # a value, not a constant: numba's one compile of _play_on
    own_market = np.zeros(8, dtype=np.int64)
    own_game = np.zeros(6, dtype=np.int64)
    trial = (
        state[0].copy(), state[1].copy(), state[2].copy(), state[3].copy(), state[4].copy(),
        state[5].copy(), state[6].copy(), state[7].copy(), state[8].copy(), state[9].copy(),
        state[10], state[11], state[12], state[13], state[14],
    )  # fmt: skip
    for m in range(moves.shape[0]):
        for k in range(piles.shape[0]):
            # not slices: numba would compile a slice's shape check (2 s)
            _copy(trial[0], state[0])
            _copy(trial[1], state[1])
            _copy(trial[2], state[2])
            _copy(trial[3], state[3])
            _copy(trial[4], state[4])
            _copy(trial[5], state[5])
            _copy(trial[6], state[6])
            _copy(trial[7], state[7])
            _copy(trial[8], state[8])
            _copy(trial[9], state[9])
            for i in range(6):
                own_game[i] = game[i]
            for i in range(8):
                own_market[i] = market[i]
            b = (game[4] + game[5]) % players
            pick = moves[m, 0]
            _lay(trial, tables, b, moves[m, 1], 4 * own_market[pick] + moves[m, 2], per_drop)
            _take(own_game, own_market, piles[k], pick, game[1], players)
            _play_on(
                trial, tables, own_game, own_market, piles[k], switches, greedy, words, used,
                squares, gains,
            )  # fmt: skip
            best_other = 0
            first_other = True
            for p in range(players):
                if p != me and (first_other or trial[9][p] > best_other):
                    best_other, first_other = trial[9][p], False
            totals[m] += trial[9][me] - best_other
    return totals


# --- from Python ------------------------------------------------------------------------------
def _switches(rules: Rules) -> tuple[int, int, int, bool]:
    """The switches the kernels play by: turns a card may take (WD-3), the largest
    orchard's rows and columns (0: no limit) and whether "per_drop" scores (WD-4)."""
    rows, cols = rules.max_size or (0, 0)
    return (len(ROTATIONS) if rules.allow_rotation else 1), rows, cols, rules.scoring == "per_drop"


def _decks() -> np.ndarray:
    """How many cards ``Game.new`` shuffles: [the deck's, the start cards']."""
    return np.array([len(default_deck()), len(starting_cards())], dtype=np.int64)


def _work(players: int) -> tuple[np.ndarray, ...]:
    """What ``_play_games`` plays with besides the orchards: the market, the counters of
    ``_play_on``, the open squares, the gains (market × open squares × turns), the words
    used, the draw pile, the start cards and the generator: made here, as the compiled
    loop makes no arrays (it counts no references, see the module's docstring)."""
    side = _side(players)
    return (
        np.zeros(8, dtype=np.int64),
        np.zeros(6, dtype=np.int64),
        np.zeros(side * side, dtype=np.int64),
        np.zeros(8 * 2 * side * len(ROTATIONS), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.zeros(len(default_deck()), dtype=np.int64),
        np.zeros(len(starting_cards()), dtype=np.int64),
        np.zeros(PCG_WORDS, dtype=np.int64),
    )


def play_greedy(seeds: np.ndarray, players: int, rules: Rules) -> np.ndarray:
    """Final scores (games, players) of ``Game.new(players, seed, rules)`` per seed, with
    everyone playing ``policies.GreedyPolicy``'s moves."""
    scores = np.zeros((len(seeds), players), dtype=np.int64)
    _play_games(
        _state(players, rules), shape_tables(), _work(players), seeds, _decks(),
        market_size(players), _switches(rules), True, np.zeros(1, dtype=np.uint32), scores,
    )  # fmt: skip
    return scores


def play_random(
    seeds: np.ndarray, players: int, rules: Rules, words: np.ndarray
) -> tuple[np.ndarray, int, int]:
    """Scores of the games of ``seeds`` played with ``policies.RandomPolicy``'s moves, its
    ``Generator.integers`` drawn from the 32-bit ``words`` in turn, one per move with more
    than one choice. Returns (scores, games played, words used): play stops before a game
    that meets a word numpy would reject (numpy draws again: the caller must redo it)."""
    scores = np.zeros((len(seeds), players), dtype=np.int64)
    done, used = _play_games(
        _state(players, rules), shape_tables(), _work(players), seeds, _decks(),
        market_size(players), _switches(rules), False, words, scores,
    )  # fmt: skip
    return scores, int(done), int(used)


def _position(game: Game) -> tuple[tuple[np.ndarray, ...], np.ndarray, np.ndarray]:
    """The compiled state of ``game``'s orchards (their cards laid again in order), its
    turn counters and its market, read through the public ``Game`` and ``Board`` API."""
    index, tables = card_numbers(), shape_tables()
    state = _state(game.players, game.rules)
    _clear(state)
    side = _side(game.players)
    origin = side // 2
    per_drop = game.rules.scoring == "per_drop"
    for b, board in enumerate(game.boards):
        _lay(state, tables, b, origin * (side + 1), 4 * index[board.start], per_drop)
        for move in board.placed:
            square = (move.at[0] + origin) * side + move.at[1] + origin
            shape = 4 * index[move.card] + ROTATIONS.index(move.rotation)
            _lay(state, tables, b, square, shape, per_drop)
    taken = len(game.history) % market_size(game.players)
    first = (game.current_player - taken) % game.players
    market = np.zeros(8, dtype=np.int64)
    market[: len(game.market)] = [index[card] for card in game.market]
    counters = np.array(
        [game.players, market_size(game.players), len(game.market), 0, first, taken]
    )
    return state, counters, market


def playout_margins(
    game: Game, moves: Sequence[Move], piles: Sequence[Sequence[Card]]
) -> list[int]:
    """For each move, its total margin over ``piles`` (hidden piles for the rest of the
    game): the move, then everyone plays greedy to the end; a margin is the mover's final
    score less the best other (none with one player)."""
    state, counters, market = _position(game)
    index, side = card_numbers(), _side(game.players)
    origin = side // 2
    cards = [index[card] for card in game.market]
    rows = np.array(
        [
            (
                cards.index(index[move.card]),
                (move.at[0] + origin) * side + move.at[1] + origin,
                ROTATIONS.index(move.rotation),
            )
            for move in moves
        ],
        dtype=np.int64,
    ).reshape(-1, 3)
    deals = np.array([[index[card] for card in pile] for pile in piles], dtype=np.int64)
    totals = _playouts(
        state, shape_tables(), counters, market, rows, deals.reshape(len(piles), -1),
        game.current_player, _switches(game.rules),
    )  # fmt: skip
    return [int(total) for total in totals]


def warm_up() -> None:
    """Compile the engine now (numba), so no learner waits for it later.

    The first use after an install compiles for about 8 CPU seconds (``benchmarks/
    bench_cold_start.py``; 11 until issue 24 item 4 and 40 before issue 24, see
    ``_placing``) and caches the result
    beside the code (or in the user's cache folder); later runs load it in well under a second.
    ``orchard-lab app`` calls this before the class starts, ``orchard-lab lessons`` and
    ``orchard-lab hub`` in the background (``compiled``).

    >>> warm_up()
    """
    seeds = np.arange(1, dtype=np.int64)
    play_greedy(seeds, 2, Rules())
    play_random(seeds, 2, Rules(), np.zeros(DECK_MOVES, dtype=np.uint32))
    game = Game.new(players=2, seed=0)
    world = game.determinized(np.random.default_rng(0))
    playout_margins(game, game.legal_moves()[:1], [world.pile])
