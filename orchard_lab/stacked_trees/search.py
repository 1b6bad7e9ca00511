"""Looking ahead in stacked trees: the best line of a known card order (perfect information).

``best_line`` knows the whole order (perfect information). It first plays a greedy line, then
beam searches of growing width (started in the first half of the time budget), then a
depth-first branch and bound that prunes with an upper bound on what the remaining cards can
still add (below). When the branch and bound finishes inside the time limit the line is
provably optimal (``optimal=True``); deals of up to 5 cards finish in a few seconds.

The upper bound, fruit by fruit: a covering tree of fruit f can lift one die of fruit f one
step up the ladder (a new die counts as the first step), one card lifts a die at most once,
and the remaining cards hold only so many trees of fruit f. Splitting those steps over the
dice (those on the table, and new ones from the supply and the rotten tokens left) as a
fractional knapsack, best value per step first, can only overestimate.

>>> from orchard_lab.stacked_trees import Card
>>> line = best_line([Card.from_text(t) for t in ("APL/LAP", "LAP/APL", "PPA/AAL")])
>>> line.optimal, line.score, len(line.moves)
(True, 10, 2)
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from orchard_lab.core import check_int, check_type
from orchard_lab.stacked_trees.board import Board, bits, offsets
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, rotated_card
from orchard_lab.stacked_trees.policies import greedy_turn
from orchard_lab.stacked_trees.rules import Move, Rules, ladder_steps


@dataclass(frozen=True)
class BestLine:
    """The result of ``best_line``: the score, the moves in order, and whether it is proven."""

    score: int
    moves: tuple[Move, ...]
    optimal: bool
    nodes: int


DEFAULT_TIME_LIMIT = 10.0  # seconds, when neither a time nor a node limit is given


class _Timeout(Exception):
    """The time budget ran out."""


@lru_cache(maxsize=1024)
def _distinct_rotations(card: Card) -> tuple[int, ...]:
    """The rotations of ``card`` that show different pictures (180 may repeat 0)."""
    seen: dict[Card, int] = {}
    for rotation in ROTATIONS:
        seen.setdefault(rotated_card(card, rotation), rotation)
    return tuple(seen.values())


@lru_cache(maxsize=64)
def _step_table(ladder: tuple[int, ...], cards: int) -> dict[int, tuple[float, int]]:
    """For a die at ladder level l (-1: not yet on the table) and ``cards`` cards to come:
    (best points per step, points for every step it can still take)."""
    table = {}
    for level in range(-1, len(ladder)):
        steps = min(len(ladder) - 1 - level, cards)
        start = ladder[level] if level >= 0 else 0
        if steps <= 0:
            continue
        ratio = max((ladder[level + j] - start) / j for j in range(1, steps + 1))
        table[level] = (ratio, ladder[level + steps] - start)
    return table


def _levels(board: Board) -> dict[str, dict[int, int]]:
    """Per fruit, how many dice stand at each ladder level; level -1 counts the dice that may
    still come (the supply, plus one per rotten token left, which could send a die back)."""
    level_of = ladder_steps(board.rules.ladder).level
    levels: dict[str, dict[int, int]] = {
        f: {-1: board.supply[f] + board.rotten_left} for f in FRUITS
    }
    fruit_at = board.grid_trees
    for idx, value in board.grid_dice.items():
        counts = levels[fruit_at[idx]]
        level = level_of[value]
        counts[level] = counts.get(level, 0) + 1
    return levels


Context = tuple[
    Mapping[int, str], Mapping[int, int], int, Mapping[str, int], int, Mapping[int, int], int
]


def _context(board: Board) -> Context:
    """What ``_levels_after`` reads from a board, fetched once per position."""
    ladder = board.rules.ladder
    return (
        board.grid_trees,
        board.grid_dice,
        board.stride,
        board.supply,
        board.rotten_left,
        ladder_steps(ladder).level,
        len(ladder) - 1,
    )


def _levels_after(
    context: Context, levels: dict[str, dict[int, int]], card: Card, pos: int, rotation: int
) -> dict[str, dict[int, int]]:
    """``_levels`` of the board (read through its ``_context``) after a legal placement,
    without making it."""
    fruit_at, die_at, stride, supply_left, rotten_left, level_of, top = context
    after = {f: dict(counts) for f, counts in levels.items()}
    tokens = 0
    back = dict.fromkeys(FRUITS, 0)
    wanted = dict.fromkeys(FRUITS, 0)
    for k, f in offsets(card, rotation, stride):
        below = fruit_at.get(pos + k)
        if below is None:
            continue
        value = die_at.get(pos + k)
        if below == f and value is None:
            wanted[f] += 1
            continue
        if below != f:
            tokens += 1
            back[below] += value is not None
        if value is not None:
            counts = after[below]
            level = level_of[value]
            counts[level] -= 1
            if below == f:
                counts[min(level + 1, top)] = counts.get(min(level + 1, top), 0) + 1
    rotten_left -= tokens
    for f in FRUITS:
        supply = supply_left[f] + back[f]
        placed = min(wanted[f], supply)
        counts = after[f]
        counts[0] = counts.get(0, 0) + placed
        counts[-1] = supply - placed + rotten_left
    return after


@lru_cache(maxsize=64)
def _ratio_order(ladder: tuple[int, ...], cards: int) -> tuple[tuple[int, float, float], ...]:
    """(level, points per step, steps) of ``_step_table``, best points per step first."""
    table = _step_table(ladder, cards)
    ranked = sorted(table.items(), key=lambda item: -item[1][0])
    return tuple((level, ratio, points / ratio) for level, (ratio, points) in ranked)


@lru_cache(maxsize=1024)
def _fruit_counts(card: Card) -> dict[str, int]:
    return {f: card.count(f) for f in FRUITS}


def _knapsack(
    levels: dict[str, dict[int, int]], budgets: dict[str, int], cards: int, ladder: tuple[int, ...]
) -> float:
    """The fractional knapsack of the module docstring: ``budgets[f]`` steps of fruit f, to be
    spread over the dice in ``levels``, each climbing at most once per card of ``cards``."""
    if cards <= 0:
        return 0.0
    order = _ratio_order(ladder, cards)
    total = 0.0
    for f, steps_left in budgets.items():
        budget: float = steps_left
        counts = levels[f]
        for level, ratio, steps in order:
            if budget <= 0:
                break
            n = counts.get(level)
            if n:
                take = min(n * steps, budget)
                total += take * ratio
                budget -= take
    return total


def _budgets(cards: Sequence[Card]) -> dict[str, int]:
    return {f: sum(_fruit_counts(card)[f] for card in cards) for f in FRUITS}


def upper_bound(board: Board, remaining: Sequence[Card]) -> float:
    """At most how many points ``remaining`` cards can still add to ``board`` (see above)."""
    return _knapsack(_levels(board), _budgets(remaining), len(remaining), board.rules.ladder)


def _add(acc: list[int], x: list[int]) -> list[int]:
    """Bit-sliced addition: plane j holds bit j of a number at every grid position."""
    out, carry = [], 0
    for j in range(max(len(acc), len(x))):
        a = acc[j] if j < len(acc) else 0
        b = x[j] if j < len(x) else 0
        out.append(a ^ b ^ carry)
        carry = (a & b) | (carry & (a ^ b))
    if carry:
        out.append(carry)
    return out


def _max_value(acc: list[int], mask: int) -> int:
    """The largest bit-sliced number over the positions in ``mask`` (not empty)."""
    value = 0
    for j in range(len(acc) - 1, -1, -1):
        hit = mask & acc[j]
        if hit:
            mask, value = hit, value | 1 << j
    return value


def _at_least(acc: list[int], threshold: int, mask: int) -> int:
    """The positions in ``mask`` whose bit-sliced number is at least ``threshold``."""
    if threshold <= 0:
        return mask
    if threshold >= 1 << len(acc):
        return 0
    greater, equal = 0, mask
    for j in range(len(acc) - 1, -1, -1):
        if threshold >> j & 1:
            equal &= acc[j]
        else:
            greater |= equal & acc[j]
            equal &= ~acc[j]
    return greater | equal


def _planes(board: Board) -> dict[str, list[int]]:
    """Per fruit, bit planes of what one matching tree on each cell adds: the die's next step,
    or a new die while the supply lasts."""
    first, steps, left, rot, die = (
        board.rules.ladder[0],
        ladder_steps(board.rules.ladder).step,
        board.supply,
        board.rotten_spots,
        board.grid_dice,
    )
    width = max(first, *steps.values()).bit_length()
    planes = {f: [0] * width for f in FRUITS}
    for idx, f in board.grid_trees.items():
        if rot >> idx & 1:
            continue
        value = die.get(idx)
        add = (first if left[f] else 0) if value is None else steps[value]
        j = 0
        while add:
            if add & 1:
                planes[f][j] |= 1 << idx
            add >>= 1
            j += 1
    return planes


def best_last(board: Board, card: Card) -> tuple[int, int, int, bool] | None:
    """The best placement of one last ``card``: (gain, grid position, rotation, rotten), None if
    it has none. All positions are scored at once, bit-sliced, as an upper bound (exact for a
    placement without tokens while the supply lasts); only the promising ones are checked."""
    planes = _planes(board)
    penalty = board.rules.rotten_penalty
    options = []
    for rotation in _distinct_rotations(card):
        masks = board.masks(card, rotation)
        if not any(masks):
            continue
        acc: list[int] = []
        for k, f in offsets(card, rotation, board.stride):
            acc = _add(acc, [plane >> k for plane in planes[f]])
        for tokens, mask in enumerate(masks):
            if mask:
                options.append(
                    (_max_value(acc, mask) - penalty * tokens, tokens, rotation, acc, mask)
                )
    options.sort(key=lambda option: -option[0])
    best = None
    for bound, tokens, rotation, acc, mask in options:
        if best is not None and bound <= best[0]:
            break
        threshold = bound if best is None else best[0] + 1
        tried = 0
        while True:  # positions not tried yet are scored below ``threshold``
            fresh = _at_least(acc, threshold + penalty * tokens, mask) & ~tried
            tried |= fresh
            for pos in bits(fresh):
                gain = board.spot_gain(card, pos, rotation)
                if best is None or gain > best[0]:
                    best = (gain, pos, rotation, tokens > 0)
            lower = best[0] + 1 if best is not None else -(1 << 30)
            if lower >= threshold:
                break
            threshold = lower
    return best


class _Search:
    """The shared state of one ``best_line`` call."""

    def __init__(
        self,
        order: Sequence[Card],
        rules: Rules,
        deadline: float | None,
        node_limit: int | None = None,
    ) -> None:
        self.order, self.rules, self.deadline = tuple(order), rules, deadline
        self.node_limit = node_limit
        self.best_score: int | None = None
        self.best_moves: tuple[Move, ...] = ()
        self.nodes = 0
        self.seen: set = set()

    def start(self) -> tuple[Board, tuple[Card, ...], int]:
        hand = self.order[1 : 1 + self.rules.hand_size]
        return Board(self.order[0], self.rules), hand, 1 + len(hand)

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Timeout
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout

    def leaf(self, score: int, moves: Sequence[Move]) -> None:
        if self.best_score is None or score > self.best_score:
            self.best_score, self.best_moves = score, tuple(moves)

    def children(
        self, board: Board, hand: Sequence[Card]
    ) -> list[tuple[int, Card, int, int, bool]]:
        """(gain, card, grid position, rotation, rotten) of every distinct placement."""
        kids = []
        for card in dict.fromkeys(hand):
            for rotation in _distinct_rotations(card):
                masks = board.masks(card, rotation)
                free, every = masks[0], 0
                for mask in masks:
                    every |= mask
                for pos in bits(every):
                    kids.append(
                        (
                            board.spot_gain(card, pos, rotation),
                            card,
                            pos,
                            rotation,
                            not free >> pos & 1,
                        )
                    )
        return kids

    def follow(self, board, hand, drawn, kid):
        """The board, hand, draw count and Move after playing ``kid`` (the board is copied)."""
        _, card, pos, rotation, rotten = kid
        child = board.copy()
        move = Move(card, board.spot_cell(pos), rotation, rotten)
        child.place_spot(card, pos, rotation)
        rest = list(hand)
        rest.remove(card)
        while len(rest) < self.rules.hand_size and drawn < len(self.order):
            rest.append(self.order[drawn])
            drawn += 1
        return child, tuple(rest), drawn, move

    def greedy(self) -> None:
        board, start_hand, drawn = self.start()
        moves = []
        hand = list(start_hand)
        while hand:
            before = len(board.history)
            card = greedy_turn(board, hand)
            if card is None:
                break
            placed_card, at, rotation, tokens = board.history[before]
            moves.append(Move(placed_card, at, rotation, tokens > 0))
            hand.remove(card)
            if drawn < len(self.order):
                hand.append(self.order[drawn])
                drawn += 1
        self.leaf(board.total, moves)

    def beam(self, width: int) -> None:
        board, hand, drawn = self.start()
        frontier: list[tuple[Board, tuple[Card, ...], int, tuple[Move, ...]]]
        frontier = [(board, hand, drawn, ())]
        while frontier:
            candidates = []
            for i, (board, hand, _, moves) in enumerate(frontier):
                self.tick()
                kids = self.children(board, hand)
                if not kids:
                    self.leaf(board.total, moves)
                base = board.total
                candidates += [(base + kid[0], i, kid) for kid in kids]
            chosen = heapq.nlargest(2 * width, candidates, key=lambda t: t[0])
            following: dict[tuple, tuple[Board, tuple[Card, ...], int, tuple[Move, ...]]] = {}
            for _, i, kid in chosen:
                self.tick()
                board, hand, drawn, moves = frontier[i]
                child, rest, drawn2, move = self.follow(board, hand, drawn, kid)
                key = _key(child, rest, drawn2)
                if key not in following:
                    following[key] = (child, rest, drawn2, (*moves, move))
            frontier = heapq.nlargest(width, following.values(), key=lambda n: _promise(n[0]))

    def dfs(self, board: Board, hand: tuple[Card, ...], drawn: int, moves: list[Move]) -> None:
        self.tick()
        remaining = (*hand, *self.order[drawn:])
        base = board.total
        if self.best_score is not None and base + upper_bound(board, remaining) <= self.best_score:
            return
        if len(remaining) == 1:
            last = best_last(board, remaining[0])
            if last is None:
                self.leaf(base, moves)
            else:
                gain, pos, rotation, rotten = last
                move = Move(remaining[0], board.spot_cell(pos), rotation, rotten)
                self.leaf(base + gain, [*moves, move])
            return
        kids = self.children(board, hand)
        if not kids:
            self.leaf(base, moves)
            return
        kids.sort(key=lambda kid: -kid[0])
        levels = _levels(board)
        context = _context(board)
        budgets = _budgets(remaining)
        ladder = self.rules.ladder
        left = {
            card: {f: budgets[f] - n for f, n in _fruit_counts(card).items()}
            for card in dict.fromkeys(hand)
        }
        for kid in kids:
            gain, card, pos, rotation, _ = kid
            if self.best_score is not None:
                after = _levels_after(context, levels, card, pos, rotation)
                bound = _knapsack(after, left[card], len(remaining) - 1, ladder)
                if base + gain + bound <= self.best_score:
                    continue
            child, rest, drawn2, move = self.follow(board, hand, drawn, kid)
            key = _key(child, rest, drawn2)
            if key in self.seen:
                continue
            self.seen.add(key)
            moves.append(move)
            self.dfs(child, rest, drawn2, moves)
            moves.pop()


POTENTIAL_WEIGHT = 0.5


def _promise(board: Board) -> float:
    """The beam's yardstick: the score now, plus half of what one more tree on each die would
    add (stacked dice are worth more than their face value while the game goes on)."""
    steps = ladder_steps(board.rules.ladder).step
    return board.total + POTENTIAL_WEIGHT * sum(steps[v] for v in board.grid_dice.values())


def _key(board: Board, hand: tuple[Card, ...], drawn: int) -> tuple:
    """A position's identity for spotting the same position reached twice."""
    return (
        frozenset(board.grid_trees.items()),
        frozenset(board.grid_dice.items()),
        board.rotten_spots,
        board.stride,
        board.spot(0, 0),
        tuple(sorted(hand, key=str)),
        drawn,
    )


def best_line(
    cards: Sequence[Card],
    rules: Rules | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
) -> BestLine:
    """The highest score of a known card order, and the moves that reach it (perfect information).

    The first card starts the orchard, the next ``hand_size`` form the hand, and each play
    draws the next card, exactly as in a game. Anytime: the best line found within
    ``time_limit`` seconds (``DEFAULT_TIME_LIMIT`` when neither limit is given); ``optimal``
    says whether the search proved it best. A line cut short by the clock depends on the
    machine. With a ``node_limit`` (positions searched) and no ``time_limit`` the clock is
    never read: the same deal gives the same line on any machine, under any load.

    >>> from orchard_lab.stacked_trees import Card, default_deck
    >>> line = best_line(default_deck()[:4], time_limit=5)
    >>> line.optimal, len(line.moves)
    (True, 3)
    """
    rules = Rules() if rules is None else check_type(rules, Rules, "rules")
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise TypeError(f"cards must be a sequence of Card values, not {type(cards).__name__}")
    cards = [check_type(card, Card, "cards") for card in cards]
    if not cards:
        raise ValueError("cards must hold at least one card")
    if node_limit is not None:
        node_limit = check_int(node_limit, "node_limit", 1)
    if time_limit is not None:
        check_type(time_limit, (int, float), "time_limit")
        if isinstance(time_limit, bool) or not 0 < time_limit < float("inf"):
            raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    elif node_limit is None:
        time_limit = DEFAULT_TIME_LIMIT
    rules = replace(rules, cards_per_game=len(cards))
    deadline = None
    if time_limit is not None:
        deadline = time.perf_counter() + time_limit - min(0.1, 0.1 * time_limit)
    search = _Search(cards, rules, deadline, node_limit)
    search.greedy()
    optimal = False
    try:
        width = 4  # beams 4 and 16; with a clock, 4 times wider while in the first half of the
        while True:  # time and while the next beam (about 4 times as long) should end in time
            started = time.perf_counter() if time_limit is not None else 0.0
            search.beam(width)
            width *= 4
            if width <= 16:
                continue
            if deadline is None or time_limit is None or len(cards) <= 5:
                break
            now = time.perf_counter()
            late = now > deadline - 0.5 * time_limit
            if late or now + 4 * (now - started) > deadline:
                break
        board, hand, drawn = search.start()
        search.dfs(board, hand, drawn, [])
        optimal = True
    except _Timeout:
        pass
    assert search.best_score is not None  # the greedy line always ends
    return BestLine(search.best_score, search.best_moves, optimal, search.nodes)
