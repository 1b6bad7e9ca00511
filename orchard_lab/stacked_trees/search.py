"""Looking ahead in stacked trees: the best line of a known card order (perfect information).

``best_line`` knows the whole order (perfect information). It plays a greedy line and two beam
searches (widths 4 and 16) for a good first line, then hands the deal to the compiled branch
and bound of ``fast``, which proves the best line (``optimal=True``) or, if the time or node
budget runs out first, returns the best line it found.

``deal_scores`` plays the same deal by the other policies (random, greedy, lookahead, the
planner) beside a best line, for a learner to compare their own game with.

``upper_bound`` is the simple bound of lesson 03, fruit by fruit: a covering tree of fruit f
can lift one die of fruit f one step up the ladder (a new die counts as the first step), one
card lifts a die at most once, and the remaining cards hold only so many trees of fruit f.
Splitting those steps over the dice (those on the table, and new ones from the supply and the
rotten tokens left) as a fractional knapsack, best value per step first, can only
overestimate. The search prunes with the much sharper bound of ``fast``.

>>> from orchard_lab.stacked_trees import Card
>>> line = best_line([Card.from_text(t) for t in ("APL/LAP", "LAP/APL", "PPA/AAL")])
>>> line.optimal, line.score, len(line.moves)
(True, 10, 2)
"""

from __future__ import annotations

import heapq
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from orchard_lab.core import check_int, check_type
from orchard_lab.stacked_trees import fast
from orchard_lab.stacked_trees.board import Board, bits
from orchard_lab.stacked_trees.cards import FRUITS, ROTATIONS, Card, rotated_card
from orchard_lab.stacked_trees.game import Game
from orchard_lab.stacked_trees.policies import (
    LookaheadPolicy,
    PlannerPolicy,
    greedy_turn,
    play_table,
    random_turn,
)
from orchard_lab.stacked_trees.rules import Move, Rules, ladder_steps


@dataclass(frozen=True)
class BestLine:
    """The result of ``best_line``: the score, the moves in order, and whether it is proven."""

    score: int
    moves: tuple[Move, ...]
    optimal: bool
    nodes: int


DEFAULT_TIME_LIMIT = 10.0  # seconds, when neither a time nor a node limit is given
THREADS = min(8, os.cpu_count() or 1)  # the compiled search's threads under a time limit


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
    left = board.dice_left
    levels: dict[str, dict[int, int]] = {f: {-1: left[f] + board.rotten_left} for f in FRUITS}
    fruit_at = board.grid_trees
    for idx, value in board.grid_dice.items():
        counts = levels[fruit_at[idx]]
        level = level_of[value]
        counts[level] = counts.get(level, 0) + 1
    return levels


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

    def follow(
        self, board: Board, hand: Sequence[Card], drawn: int, kid: tuple[int, Card, int, int, bool]
    ) -> tuple[Board, tuple[Card, ...], int, Move]:
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
            following: dict[
                tuple[object, ...], tuple[Board, tuple[Card, ...], int, tuple[Move, ...]]
            ] = {}
            for _, i, kid in chosen:
                self.tick()
                board, hand, drawn, moves = frontier[i]
                child, rest, drawn2, move = self.follow(board, hand, drawn, kid)
                key = _key(child, rest, drawn2)
                if key not in following:
                    following[key] = (child, rest, drawn2, (*moves, move))
            frontier = heapq.nlargest(width, following.values(), key=lambda n: _promise(n[0]))

    def prove(self) -> None:
        """The compiled branch and bound from the first card (``fast.solve``) within the budget;
        ``_Timeout`` if the budget runs out before it ends."""
        board, hand, drawn = self.start()
        budget = fast.UNLIMITED if self.node_limit is None else self.node_limit - self.nodes
        seconds = None if self.deadline is None else self.deadline - time.perf_counter()
        if budget < 1 or (seconds is not None and seconds <= 0):
            raise _Timeout
        floor = -1 if self.best_score is None else self.best_score
        threads = 1 if self.node_limit is not None else THREADS  # a node limit: the same line
        found = fast.solve(board, hand, self.order[drawn:], floor, budget, seconds, threads)
        self.nodes += found.nodes
        if found.gain is not None:
            self.leaf(found.gain, found.moves)
        if found.stopped:
            raise _Timeout


POTENTIAL_WEIGHT = 0.5


def _promise(board: Board) -> float:
    """The beam's yardstick: the score now, plus half of what one more tree on each die would
    add (stacked dice are worth more than their face value while the game goes on)."""
    steps = ladder_steps(board.rules.ladder).step
    return board.total + POTENTIAL_WEIGHT * sum(steps[v] for v in board.grid_dice.values())


def _key(board: Board, hand: tuple[Card, ...], drawn: int) -> tuple[object, ...]:
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
    fast.warm_up()  # the first call after an install compiles the search: not on the clock
    deadline = None
    if time_limit is not None:
        deadline = time.perf_counter() + time_limit - min(0.1, 0.1 * time_limit)
    search = _Search(cards, rules, deadline, node_limit)
    search.greedy()
    optimal = False
    try:
        search.beam(4)
        search.beam(16)
        search.prove()
        optimal = True
    except _Timeout:
        pass
    assert search.best_score is not None  # the greedy line always ends
    return BestLine(search.best_score, search.best_moves, optimal, search.nodes)


LOOKAHEAD_ROLLOUTS = 2  # a lookahead game of a 9-card deal in well under a second
RANDOM_GAMES = 100  # random games on the deal, for their mean


def deal_scores(
    order: Sequence[Card], rules: Rules, best: BestLine, seed: int = 0
) -> dict[str, float]:
    """Scores of other ways to play the deal ``order`` (one player): random (the mean of
    ``RANDOM_GAMES`` games), greedy, lookahead (``LOOKAHEAD_ROLLOUTS`` rollouts a move), the
    planner, and the best line ``best``.

    >>> from orchard_lab.stacked_trees import Game
    >>> deal = Game.new(seed=1).order[:4]
    >>> scores = deal_scores(deal, Rules(cards_per_game=4), best_line(deal))
    >>> list(scores)
    ['random (mean)', 'greedy', 'lookahead', 'planner', 'best line']
    """
    order = list(order)
    rules = replace(check_type(rules, Rules, "rules"), cards_per_game=len(order))
    rng = np.random.default_rng(seed)

    def turn(board: Board, hand: Sequence[Card]) -> Card | None:
        return random_turn(board, hand, rng)

    def searched(policy: Callable[[Game], Move]) -> int:
        game = Game.deal(order, rules=rules)
        while not game.is_over:
            game.play(policy(game))
        return int(game.scores()[0])

    randoms = [play_table(order, rules, turn)[0].total for _ in range(RANDOM_GAMES)]
    return {
        "random (mean)": round(float(np.mean(randoms)), 1),
        "greedy": play_table(order, rules, greedy_turn)[0].total,
        "lookahead": searched(LookaheadPolicy(rollouts=LOOKAHEAD_ROLLOUTS, seed=seed)),
        "planner": searched(PlannerPolicy(seed=seed)),
        "best line": best.score,
    }
