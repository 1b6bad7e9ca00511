"""Many games at once with numpy: the "random" and "greedy" policies, vectorised across games.

Every game's orchards are rows of the lookup tables (``tables``): one integer per (player,
batch, game), games along the last axis. A turn looks up every (market card left, batch)
move of all games in one gather, picks a move per game (greedy: one ``max`` over ranked
values), and moves the chosen batch (and the special tree) to its next row; no Python loop
runs per game or per card. The tables hold exactly the rules of ``Board`` (AB-3..AB-6); the
tests replay the chosen moves through ``Game`` and get the same scores and greedy choices.
``State.of_boards`` and ``play_on`` continue games from a position of ``Game`` (the lookahead
policy's rollouts).

>>> import numpy as np
>>> orders = deal_orders(np.random.default_rng(0), games=4)
>>> play_games(orders, players=2, rules=Rules(), policy="greedy").shape
(4, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from orchard_lab.apple_batches.board import Board
from orchard_lab.apple_batches.cards import default_deck
from orchard_lab.apple_batches.rules import (
    BATCHES,
    FACTS,
    Rules,
    cards_per_market_per_player,
    rounds_per_game,
)
from orchard_lab.apple_batches.tables import ILLEGAL, SPECIAL, board_rows, tables

__all__ = ["State", "deal_orders", "play_games", "play_on"]

_DECK_SIZE = len(default_deck())
_BAD = BATCHES.index("bad")  # the last batch: a lost special tree costs every batch before it
_MARKET = max(  # market cards at most: 15, with 5 players
    cards_per_market_per_player(p) * p for p in range(FACTS.min_players, FACTS.max_players + 1)
)
_CHUNK = 8192  # games played together: about 1 MB per turn array, with 1 player
_RANK_BITS = 7  # a turn has at most 120 moves (15 market cards x 8 batches): 7 bits
_RANK_LAST = (1 << _RANK_BITS) - 1
_SLOTS = np.arange(_MARKET).reshape(-1, 1)
_SLOT_RANK = (len(BATCHES) * _SLOTS[::-1]).reshape(-1, 1, 1).astype(np.int32)


def deal_orders(rng: np.random.Generator, games: int, cards: int = _DECK_SIZE) -> np.ndarray:
    """The first ``cards`` of a shuffled default deck per game: shape ``(games, cards)`` of card
    indexes, each card drawn uniformly from those left (a Fisher-Yates shuffle that stops
    once a game's cards are dealt).

    >>> deal_orders(np.random.default_rng(0), games=2, cards=12).shape
    (2, 12)
    """
    deck = np.tile(np.arange(_DECK_SIZE, dtype=np.int16), (games, 1))
    cells = deck.reshape(-1)  # each game's row stays in cache while its cards swap
    first = np.arange(games) * _DECK_SIZE  # where each game's deck begins in ``cells``
    for i in range(cards):
        drawn = first + rng.integers(i, _DECK_SIZE, size=games)
        card = cells[drawn]
        cells[drawn] = deck[:, i]
        deck[:, i] = card
    return deck[:, :cards].copy()


class State:
    """Every game's orchards: ``rows[player, batch, game]`` of the tables, ``total[player,
    game]`` the points (games last: every turn works along them)."""

    def __init__(self, games: int, players: int, rules: Rules) -> None:
        self.rules = rules
        self.tables = tables(rules)
        self.rows = np.tile(self.tables.start.reshape(-1, 1), (players, 1, games))
        self.total = np.zeros((players, games), dtype=np.int64)

    @classmethod
    def of_boards(cls, boards: Sequence[Board], games: int) -> State:
        """``games`` identical copies of a position's orchards (one board per player)."""
        state = cls(games, len(boards), boards[0].rules)
        for p, board in enumerate(boards):
            state.rows[p] = np.reshape(board_rows(state.tables, board), (-1, 1))
            state.total[p] = board.total
        return state

    def scores(self) -> np.ndarray:
        """Each game's points, shape ``(games, players)``."""
        return self.total.T.copy()

    def place(self, p: int, card: np.ndarray, batch: np.ndarray, gain: np.ndarray) -> None:
        """Put each game's ``card`` into its ``batch`` of player ``p``'s orchard, for ``gain``
        points (the value the tables gave the move)."""
        rows, games = self.rows[p], np.arange(len(card))
        special = self.tables.special_next[(rows[SPECIAL] + card) * len(BATCHES) + batch]
        rows[batch, games] = self.tables.next[rows[batch, games] + card]
        rows[SPECIAL] = special
        self.total[p] += gain


def play_games(
    orders: np.ndarray,
    players: int,
    rules: Rules,
    policy: str,
    rng: np.random.Generator | None = None,
    first_player: int = 0,
    record: list[np.ndarray] | None = None,
) -> np.ndarray:
    """Final scores ``(games, players)`` of games dealt from ``orders`` (see ``deal_orders``).

    The game ends as ``rules.end`` says (AB-2): after the rounds of ``rounds_per_game``.
    Games are played ``_CHUNK`` at a time, so that each turn's arrays stay in the cache.

    ``policy`` is "random" (uniform over legal moves, drawn from ``rng``) or "greedy" (the
    best gain; ties: the first in ``Game.legal_moves()`` order). If ``record`` is a list,
    each turn's chosen ``(card index, batch index)`` pairs are appended to it.
    """
    scores, records = [], []
    for start in range(0, max(len(orders), 1), _CHUNK):
        chunk = orders[start : start + _CHUNK]
        state = State(len(chunk), players, rules)
        turns: list[np.ndarray] | None = None if record is None else []
        play_on(state, chunk, policy, rng, first_player, record=turns)
        scores.append(state.scores())
        records.append(turns or [])
    if record is not None:  # each turn's choices, all chunks together
        record += [np.concatenate(turn) for turn in zip(*records, strict=True)]
    return np.concatenate(scores)


def play_on(
    state: State,
    orders: np.ndarray,
    policy: str,
    rng: np.random.Generator | None = None,
    first_player: int = 0,
    start_round: int = 0,
    taken: np.ndarray | None = None,
    record: list[np.ndarray] | None = None,
) -> None:
    """Play every game of ``state`` on to the end, in place, as ``play_games`` does.

    The games stand in round ``start_round``; ``taken`` (shape ``(games, market)``, the same
    number of slots in every game) marks that round's market cards already taken.
    """
    if policy not in ("random", "greedy"):
        raise ValueError(f"the vectorised policies are 'random' and 'greedy', got {policy!r}")
    if policy == "random" and rng is None:
        raise ValueError("the random policy needs rng")
    random = rng if policy == "random" else None
    players, games = state.total.shape
    market = cards_per_market_per_player(players) * players
    value, lost = _ranked(state.rules)
    games_at = np.arange(games)
    first_turn = 0 if taken is None else int(taken[:1].sum())
    for r in range(start_round, rounds_per_game(players, state.rules)):
        dealt = orders[:, r * market : (r + 1) * market]  # (game, slot)
        if r == start_round and taken is not None:
            dealt = dealt[~taken].reshape(games, market - first_turn)
        dealt = np.array(dealt.T, dtype=np.intp, order="C")  # the cards left, in market order
        for t in range(first_turn if r == start_round else 0, market):
            p, left = (first_player + r + t) % players, market - t
            rows = state.rows[p]
            moves = value[dealt[:, None, :] + rows]  # (slot, batch, game)
            moves[:, :_BAD] += lost[rows[SPECIAL] + dealt][:, None, :]
            moves += _SLOT_RANK[-left:]
            moves = moves.reshape(left * len(BATCHES), games)
            chosen = moves.max(axis=0) if random is None else _random(moves, random)
            choice = left * len(BATCHES) - 1 - (chosen & _RANK_LAST)
            slot, batch = np.divmod(choice, len(BATCHES))
            card = dealt[slot, games_at]
            state.place(p, card, batch, chosen >> _RANK_BITS)
            if record is not None:
                record.append(np.stack([card, batch], axis=1))
            if left > 1:  # the cards after the one taken move up a slot
                dealt = np.where(_SLOTS[: left - 1] < slot, dealt[:-1], dealt[1:])


@cache
def _ranked(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The ``value`` and ``lost`` tables as int32 *ranks*: points in the high bits, and in the
    low ``_RANK_BITS`` the move's place, higher for a move met earlier in ``Game.legal_moves``
    order: 7 - batch here, plus 8 for each market card after the move's (``_SLOT_RANK``). So
    one ``max`` finds the greedy move and its points, ties going to the first move."""
    t = tables(rules)
    batch = np.empty(len(t.value), dtype=np.int32)
    starts = sorted(t.offset)
    for start, end in zip(starts, [*starts[1:], len(t.value)], strict=True):
        batch[start:end] = t.offset.index(start)
    value = (t.value.astype(np.int32) << _RANK_BITS) + (len(BATCHES) - 1 - batch)
    return value, t.lost.astype(np.int32) << _RANK_BITS


def _random(moves: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The ranked value (``_ranked``) of a legal move per game, a column of ``moves``: every
    legal move with the same chance."""
    seen = (moves > ILLEGAL << (_RANK_BITS - 1)).astype(np.int8)  # legal moves so far
    for move in range(1, len(seen)):  # along games: numpy's cumsum over axis 0 is slow
        seen[move] += seen[move - 1]
    pick = (rng.random(seen.shape[1]) * seen[-1]).astype(np.int8)
    chosen: np.ndarray = moves[(seen <= pick).sum(axis=0, dtype=np.intp), np.arange(seen.shape[1])]
    return chosen
