# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False
# mypy: disallow-untyped-decorators=False, warn-return-any=False
# (the numba kernels are left unannotated, as pyproject.toml says of fast.py and bound.py)
"""Whole stacked trees games compiled with numba: the "random" and "greedy" tables of
``simulate`` under every switch of ``Rules`` (issue 24).

One compiled loop deals each game as ``Game.new`` does (``streams.deal``: numpy's seeding and
shuffle, number for number) and plays it to the end on small reused arrays, every orchard
with the rules of ``Board`` (ST-3 to ST-6). Each row of an orchard is also kept as bit masks
over its columns (trees, rotten trees, and per fruit the trees of another fruit), so one row
of positions of a turned card is tried at once: a few shifts and ors give where it covers a
tree, where it would cover a rotten one, and (counted bit by bit) where it would need more
rotten tokens than are left. Random play counts those positions and takes
``RandomPolicy``'s pick from the same 32-bit words of the same generator (``streams.lemire``);
greedy play adds up, for each legal position, what each covered cell gives a tree of that
fruit (kept per cell, changed only where a card lands), scores exactly only where the dice
supply may run short, and takes the first best, as ``GreedyPolicy`` does. Both go through the
moves in ``Game.legal_moves()`` order: hand cards, rotations 0 to 270, positions in reading
order. Simpler rules cost less: with no rotten tokens fewer positions are legal, and a game
that cannot run short of dice never scores exactly.

>>> seeds = np.random.default_rng(0).integers(0, 2**63 - 1, size=3)
>>> play(seeds, 2, Rules(), greedy=True)[0].shape
(3, 2)
"""

from __future__ import annotations

from functools import cache, partial

import numpy as np

from orchard_lab.jit import njit
from orchard_lab.stacked_trees import fast
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, default_deck, trees
from orchard_lab.stacked_trees.rules import Rules
from orchard_lab.streams import PCG_WORDS, deal, lemire, words_ahead

__all__ = ["WORDS", "play", "table", "warm_up"]

WORDS = 1 << 20  # 32-bit words drawn ahead for one call of the random kernel (8 MB)
SPARE_WORDS = 64  # beyond one word per move: for the rare word numpy rejects
# the fields of an orchard's counters (``_play``'s ``info``)
RMIN, RMAX, CMIN, CMAX, BASE, SUPPLY, USED, DICE, DRAWN, ACTIVE = 0, 1, 2, 3, 4, 5, 8, 9, 10, 11
INFO = 12
# the parameters of a table (``_play``'s ``params``)
P_DICE, P_TOKENS, P_PENALTY, P_CARDS, P_HAND, P_PLAYERS, P_GREEDY = range(7)


@cache
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """The default deck's cards turned every way: (row, col, fruit) of each of the 6 trees in
    reading order, shape (cards, 4, 6, 3), and each card's trees of each fruit (cards, 3)."""
    deck = default_deck()
    shapes = np.zeros((len(deck), len(ROTATIONS), 6, 3), dtype=np.int64)
    for k, card in enumerate(deck):
        for r, rotation in enumerate(ROTATIONS):
            for t, (row, col, fruit) in enumerate(trees(card, rotation)):
                shapes[k, r, t] = row, col, FRUITS.index(fruit)
    counts = np.array([[card.count(f) for f in FRUITS] for card in deck], dtype=np.int64)
    return shapes, counts


@njit(cache=True, opt=2)
def _bits(x):
    """How many bits of ``x`` are set (a loop LLVM turns into one popcount instruction)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, opt=2)
def _moves(masks, p, info, hand, shapes, left, legal, spans):
    """Every legal placement of orchard ``p``'s hand (ST-3, ST-5), in ``legal_moves()``
    order, into ``legal``: a row per (hand slot, turn, top row) with some, and its columns as
    bits (column ``BASE + c`` for bit ``c``). Returns (rows written, placements)."""
    rmin, rmax = info[p, RMIN], info[p, RMAX]
    for shape in range(2):  # where a card lying flat (2 x 3) or upright (3 x 2) covers a
        tall, wide = 2 + shape, 3 - shape  # tree and no rotten one: the same for every card
        for r in range(rmin - tall + 1, rmax + 1):
            over = blocked = 0
            for dr in range(tall):
                for dc in range(wide):
                    over |= masks[p, 0, r + dr] >> dc
                    blocked |= masks[p, 1, r + dr] >> dc
            spans[shape, r] = over & ~blocked
    need = min(left, 6) + 1  # positions with this many trees on another fruit are refused
    found = total = 0
    for slot in range(hand.shape[1]):
        k = hand[p, slot]
        repeat = False
        for before in range(slot):
            repeat |= hand[p, before] == k
        if k < 0 or repeat:
            continue
        for ro in range(4):
            shape = ro & 1
            for r in range(rmin - 1 - shape, rmax + 1):
                columns = spans[shape, r]
                if not columns:
                    continue
                if need < 7:  # count them bit by bit: a 3-bit counter per column
                    s0 = s1 = s2 = 0
                    for t in range(6):
                        x = masks[p, 2 + shapes[k, ro, t, 2], r + shapes[k, ro, t, 0]]
                        x >>= shapes[k, ro, t, 1]
                        carry = s0 & x
                        s0 ^= x
                        s2 |= s1 & carry
                        s1 ^= carry
                    at_least = -1  # columns whose count is at least ``need``
                    above = 0
                    for level, bits in ((4, s2), (2, s1), (1, s0)):
                        if need & level:
                            at_least &= bits
                        else:
                            above |= at_least & bits
                            at_least &= ~bits
                    columns &= ~(above | at_least)
                if columns:
                    legal[found, 0], legal[found, 1], legal[found, 2] = slot, ro, r
                    legal[found, 3] = columns
                    found += 1
                    total += _bits(columns)
    return found, total


@njit(cache=True, opt=2)
def _place(masks, fruit, level, value, info, p, shapes, move, ladder, penalty, greedy):
    """Lay ``move`` = (card, turn, row, col): the card turned by the turn (an index of
    ``ROTATIONS``) with its top-left tree at (row, col) of orchard ``p``, as
    ``Board._put`` does (ST-4: rotten tokens first, then dice climb, then new dice in reading
    order while the supply lasts); keep its masks, bounds and (for greedy play) the value of
    each covered cell to each fruit."""
    k, ro, r, c = move[0], move[1], move[2], move[3]
    top = ladder.shape[0] - 1
    for t in range(6):  # 1. rotten tokens (a die below goes back to the supply); 2. climbing
        rr, cc, f = r + shapes[k, ro, t, 0], c + shapes[k, ro, t, 1], shapes[k, ro, t, 2]
        below, now = fruit[p, rr, cc], level[p, rr, cc]
        if below >= 0 and below != f:
            info[p, USED] += 1
            if now >= 0:
                info[p, SUPPLY + below] += 1
                info[p, DICE] -= ladder[now]
                level[p, rr, cc] = -1
        elif below == f and now >= 0:
            level[p, rr, cc] = min(now + 1, top)
            info[p, DICE] += ladder[level[p, rr, cc]] - ladder[now]
    for t in range(6):  # 3. new dice in reading order while the supply lasts; the new trees
        rr, cc, f = r + shapes[k, ro, t, 0], c + shapes[k, ro, t, 1], shapes[k, ro, t, 2]
        below, now = fruit[p, rr, cc], level[p, rr, cc]
        if below == f and now < 0 and info[p, SUPPLY + f] > 0:
            info[p, SUPPLY + f] -= 1
            level[p, rr, cc] = now = 0
            info[p, DICE] += ladder[0]
        fruit[p, rr, cc] = f
        bit = 1 << (cc - info[p, BASE])
        masks[p, 0, rr] |= bit
        for g in range(3):
            masks[p, 2 + g, rr] |= bit
        if below >= 0 and below != f:  # rotten: never covered again
            masks[p, 1, rr] |= bit
            continue
        masks[p, 2 + f, rr] &= ~bit
        if greedy:  # what covering this tree would give a tree of each fruit
            lost = penalty + (ladder[now] if now >= 0 else 0)
            for g in range(3):
                value[p, g, rr, cc] = -lost
            value[p, f, rr, cc] = ladder[min(now + 1, top)] - ladder[now] if now >= 0 else ladder[0]
    tall, wide = 2 + (ro & 1), 3 - (ro & 1)
    info[p, RMIN], info[p, RMAX] = min(info[p, RMIN], r), max(info[p, RMAX], r + tall - 1)
    info[p, CMIN], info[p, CMAX] = min(info[p, CMIN], c), max(info[p, CMAX], c + wide - 1)
    base = info[p, BASE]
    if info[p, CMIN] - base < 2 or info[p, CMAX] - base > 60:  # recentre the 63 bits
        width = info[p, CMAX] - info[p, CMIN] + 1
        shift = info[p, CMIN] - (63 - width) // 2 - base
        info[p, BASE] = base + shift
        for row in range(info[p, RMIN], info[p, RMAX] + 1):
            for j in range(5):
                if shift > 0:
                    masks[p, j, row] >>= shift
                else:
                    masks[p, j, row] <<= -shift


@njit(cache=True, opt=2)
def _greedy(fruit, level, value, info, hand, shapes, counts, legal, found, first):
    """The first placement with the best gain (``GreedyPolicy``) among ``legal[:found]`` of
    the one greedy orchard, as (slot, turn, row, col). A position's gain adds up what each
    covered cell gives a tree of that fruit (``value``, as if the dice lasted); only where it
    beats the best so far and the supply may run short is it scored exactly, taking off the
    new dice the supply cannot give (``Board.spot_gain``)."""
    best = -(1 << 62)
    slot = ro = r = c = 0
    for i in range(found):
        k, turn, row, columns = hand[0, legal[i, 0]], legal[i, 1], legal[i, 2], legal[i, 3]
        short = False
        for f in range(3):
            short |= info[0, SUPPLY + f] < counts[k, f]
        while columns:
            low = columns & -columns
            columns ^= low
            col = info[0, BASE] + _bits(low - 1)
            gain = 0
            for t in range(6):
                dr, dc, g = shapes[k, turn, t, 0], shapes[k, turn, t, 1], shapes[k, turn, t, 2]
                gain += value[0, g, row + dr, col + dc]
            if gain <= best:
                continue
            if short:
                for f in range(3):
                    wanted = back = 0
                    for t in range(6):
                        rr, cc = row + shapes[k, turn, t, 0], col + shapes[k, turn, t, 1]
                        g = shapes[k, turn, t, 2]
                        if fruit[0, rr, cc] == f and g == f and level[0, rr, cc] < 0:
                            wanted += 1
                        elif fruit[0, rr, cc] == f and g != f and level[0, rr, cc] >= 0:
                            back += 1
                    gain -= first * max(0, wanted - info[0, SUPPLY + f] - back)
            if gain > best:
                best, slot, ro, r, c = gain, legal[i, 0], turn, row, col
    return slot, ro, r, c


@njit(cache=True, opt=2)
def _play(seeds, params, ladder, shapes, counts, words, scores):
    """Deal and play every game of ``seeds`` into ``scores``; return (games played, words
    used). Random play stops before a game that would run out of ``words``."""
    cards, size, players = params[P_CARDS], params[P_HAND], params[P_PLAYERS]
    greedy, penalty = params[P_GREEDY] != 0, params[P_PENALTY]
    orchards = 1 if greedy else players  # greedy orchards all play alike: one is enough
    origin = 2 * cards
    side = 4 * cards + 2
    masks = np.zeros((orchards, 5, side), dtype=np.int64)
    fruit = np.zeros((orchards, side, side), dtype=np.int8)
    level = np.zeros((orchards, side, side), dtype=np.int8)
    value = np.zeros((orchards if greedy else 1, 3, side, side), dtype=np.int64)
    info = np.zeros((orchards, INFO), dtype=np.int64)
    info[:, RMAX] = info[:, CMAX] = side - 1  # the first game clears every cell
    hand = np.zeros((orchards, size), dtype=np.int64)
    legal = np.zeros((4 * size * side, 4), dtype=np.int64)  # slot, turn, row, columns
    spans = np.zeros((2, side), dtype=np.int64)
    order = np.zeros(shapes.shape[0], dtype=np.int64)
    move = np.zeros(4, dtype=np.int64)  # card, turn, row, col
    pcg = np.zeros(PCG_WORDS, dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)
    for game in range(seeds.shape[0]):
        start_words = used[0]
        deal(seeds[game], order, pcg)
        moving = 0
        for p in range(orchards):
            for row in range(info[p, RMIN], info[p, RMAX] + 1):  # clear the last game
                for j in range(5):
                    masks[p, j, row] = 0
                for col in range(info[p, CMIN], info[p, CMAX] + 1):
                    fruit[p, row, col] = level[p, row, col] = -1
                    if greedy:
                        for g in range(3):
                            value[p, g, row, col] = 0
            for j in range(INFO):
                info[p, j] = 0
            info[p, RMIN], info[p, RMAX] = origin, origin + 1
            info[p, CMIN], info[p, CMAX] = origin, origin + 2
            info[p, BASE] = origin - 2  # the least room: the first card laid left recentres
            for f in range(3):
                info[p, SUPPLY + f] = params[P_DICE]
            move[0], move[1], move[2], move[3] = order[0], 0, origin, origin
            _place(masks, fruit, level, value, info, p, shapes, move, ladder, penalty, greedy)
            held = min(size, cards - 1)
            for i in range(size):
                hand[p, i] = order[1 + i] if i < held else -1
            info[p, DRAWN], info[p, ACTIVE] = 1 + held, held > 0
            moving += held > 0
        while moving:
            for p in range(orchards):
                if not info[p, ACTIVE]:
                    continue
                left = params[P_TOKENS] - info[p, USED]
                found, total = _moves(masks, p, info, hand, shapes, left, legal, spans)
                if total == 0:  # no card in hand fits: this orchard is done (ST-6)
                    info[p, ACTIVE] = 0
                    moving -= 1
                    continue
                if greedy:
                    slot, ro, r, c = _greedy(
                        fruit, level, value, info, hand, shapes, counts, legal, found, ladder[0]
                    )
                else:
                    pick = 0
                    if total > 1:
                        pick = lemire(words, used, total)
                        if pick < 0:  # out of words: the caller draws more and plays on
                            return game, start_words
                    i = 0
                    while pick >= _bits(legal[i, 3]):
                        pick -= _bits(legal[i, 3])
                        i += 1
                    columns = legal[i, 3]
                    for _ in range(pick):
                        columns &= columns - 1
                    slot, ro, r = legal[i, 0], legal[i, 1], legal[i, 2]
                    c = info[p, BASE] + _bits((columns & -columns) - 1)
                move[0], move[1], move[2], move[3] = hand[p, slot], ro, r, c
                _place(masks, fruit, level, value, info, p, shapes, move, ladder, penalty, greedy)
                for i in range(slot, size - 1):  # the rest keep their order; draw at the end
                    hand[p, i] = hand[p, i + 1]
                hand[p, size - 1] = -1
                if info[p, DRAWN] < cards:
                    held = 0
                    while held < size and hand[p, held] >= 0:
                        held += 1
                    hand[p, held] = order[info[p, DRAWN]]
                    info[p, DRAWN] += 1
                if hand[p, 0] < 0:
                    info[p, ACTIVE] = 0
                    moving -= 1
        for q in range(players):
            p = 0 if greedy else q
            scores[game, q] = info[p, DICE] - penalty * info[p, USED]
    return seeds.shape[0], used[0]


def _params(rules: Rules, players: int, greedy: bool) -> np.ndarray:
    return np.array(
        [rules.dice_per_fruit, rules.rotten_tokens, rules.rotten_penalty, rules.cards_per_game,
         rules.hand_size, players, int(greedy)],
        dtype=np.int64,
    )  # fmt: skip


def play(
    seeds: np.ndarray,
    players: int,
    rules: Rules,
    greedy: bool,
    words: np.ndarray | None = None,
) -> tuple[np.ndarray, int, int]:
    """Scores (games, players) of ``Game.new(players, seed, rules)`` for each of ``seeds``,
    everyone playing ``GreedyPolicy``'s moves (``greedy``) or ``RandomPolicy``'s, its
    ``Generator.integers`` taken from the 32-bit ``words`` in turn, one per move with more
    than one choice. Returns (scores, games played, words used): random play stops before a
    game the words do not last for (the rows from there are zero)."""
    seeds = np.ascontiguousarray(seeds, dtype=np.int64)
    scores = np.zeros((len(seeds), players), dtype=np.int64)
    taken = np.zeros(0, dtype=np.int64) if words is None else words.astype(np.int64)
    shapes, counts = _tables()
    ladder = np.array(rules.ladder, dtype=np.int64)
    done, used = _play(
        seeds, _params(rules, players, greedy), ladder, shapes, counts, taken, scores
    )
    return scores, int(done), int(used)


def table(
    games: int, players: int, policy: str, rng: np.random.Generator, rules: Rules
) -> np.ndarray:
    """``policies.run_games``'s table of "random" or "greedy" games, from the same generator.

    The game seeds come first, as in ``run_games``. Random play then draws as
    ``RandomPolicy`` does, game after game from ``rng``: the kernel takes 32-bit words from a
    copy of the stream drawn ahead, and the generator moves on by exactly the words used.

    >>> table(2, 1, "random", np.random.default_rng(0), Rules()).shape
    (2, 1)
    """
    seeds = rng.integers(0, 2**63 - 1, size=games)
    if policy == "greedy":
        return play(seeds, players, rules, greedy=True)[0]
    results = np.zeros((games, players), dtype=np.int64)
    per_game = players * max(rules.cards_per_game - 1, 0)
    batch = max(1, WORDS // max(per_game, 1))
    start, spare = 0, SPARE_WORDS
    while start < games:
        part = seeds[start : start + batch]
        random_play = partial(play, part, players, rules, False)
        scores, done, _ = words_ahead(rng, len(part) * per_game + spare, random_play)
        results[start : start + done] = scores[:done]
        start += done
        spare = SPARE_WORDS if done else 2 * spare  # a game that met many rejected words
    return results


def warm_up() -> None:
    """Compile stacked trees' engines now (numba): this one and the best-line search
    (``fast.warm_up``), so no learner waits for them later. The first use after an install
    compiles this engine in about 5 CPU seconds and caches it beside the code (or in the
    user's cache folder); later runs load it in a fraction of a second. This engine goes
    first: a lesson plays tables before it asks for a best line (``compiled``).

    >>> warm_up()
    """
    table(1, 2, "random", np.random.default_rng(0), Rules())
    table(1, 1, "greedy", np.random.default_rng(0), Rules())
    fast.warm_up()
