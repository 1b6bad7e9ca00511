"""Apple batches' fast policies; ``simulate`` and ``hint`` are the shared ones made from them.

"random" and "greedy" play every game of a table at once with numpy (``fast``);
``LookaheadPolicy`` makes exactly the choices of the shared ``policies.LookaheadPolicy``
with every rollout of a decision played at once: for each legal move, ``rollouts``
determinized worlds (``Game.determinized``: the face-down pile reshuffled) get the move, then
everyone plays greedy to the end; the move with the best total margin wins (own score minus
the best other score, own score when solo; ties: the first in ``legal_moves()`` order).
All (move × world) continuations are games of one ``fast.State`` played on together by
``fast.play_on``, so a decision costs a few numpy calls per remaining turn. With the same
seed it draws the same worlds (the same permutations of the pile, as decks of card indexes).

>>> simulate(games=5, players=2, policy="greedy", seed=1).shape
(5, 2)
>>> game = Game.new(players=1, seed=3)
>>> advice = hint(game)
>>> advice.move in game.legal_moves(), advice.reason.startswith("Greedy choice:")
(True, True)
>>> game = Game.new(players=2, seed=3)
>>> LookaheadPolicy(rollouts=4, seed=0)(game) in game.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np

from orchard_lab import policies
from orchard_lab.apple_batches import fast
from orchard_lab.apple_batches.cards import Card
from orchard_lab.apple_batches.game import Game
from orchard_lab.apple_batches.rules import (
    BATCHES,
    FACTS,
    MAX_GAMES,
    Move,
    Rules,
    cards_per_player,
)
from orchard_lab.apple_batches.tables import card_indexes
from orchard_lab.core import check_int, check_type, make_rng
from orchard_lab.glossary import BATCH_NAMES
from orchard_lab.language import _
from orchard_lab.policies import TABLE_POLICIES

__all__ = [
    "FASTER",
    "POLICIES",
    "POLICY_NAMES",
    "LookaheadPolicy",
    "batch_use",
    "hint",
    "margins",
    "simulate",
]


def _market_slots(game: Game, moves: list[Move]) -> tuple[np.ndarray, list[int]]:
    """This round's market as dealt: which slots are taken, and the slot each move takes.

    The market left is the dealt market minus the taken cards, in order; a move takes the
    first card like its own that is left, as ``Game.play`` does.
    """
    start = game.round * game.market_size
    dealt = game.deck[start : start + game.market_size]
    left = list(game.market)
    taken = np.ones(len(dealt), dtype=bool)
    for slot, card in enumerate(dealt):
        if left and card == left[0]:
            taken[slot] = False
            left.pop(0)
    first_left: dict[Card, int] = {}
    for slot in np.flatnonzero(~taken).tolist():
        first_left.setdefault(dealt[slot], slot)
    return taken, [first_left[move.card] for move in moves]


def margins(game: Game, worlds: Sequence[Game]) -> np.ndarray:
    """Final margins, shape ``(moves, worlds)``, of each legal move played in each world.

    ``worlds`` are determinized copies of ``game`` (``game.determinized(rng)``); after the
    move everyone plays greedy. A margin is the mover's score minus the best other score
    (the mover's own score when solo).

    >>> game = Game.new(players=1, seed=0)
    >>> margins(game, [game.determinized(np.random.default_rng(1))]).shape
    (24, 1)
    """
    moves = _moves(game)
    seen = len(game.deck) - len(game.pile)
    if not worlds or any(
        world.deck[:seen] != game.deck[:seen] or len(world.deck) != len(game.deck)
        for world in worlds
    ):
        raise ValueError("worlds must be one or more determinized copies of the game")
    return _margins(game, moves, np.stack([card_indexes(world.deck) for world in worlds]))


def _moves(game: Game) -> list[Move]:
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to look ahead from")
    return moves


def _margins(game: Game, moves: list[Move], decks: np.ndarray) -> np.ndarray:
    """``margins`` of ``moves`` with the worlds as decks of card indexes, one row each."""
    rollouts, size = len(decks), len(moves) * len(decks)  # row m * rollouts + r
    orders = np.tile(decks, (len(moves), 1))
    state = fast.State.of_boards(game.boards, size)
    taken, slots = _market_slots(game, moves)
    taken = np.tile(taken, (size, 1))
    slot = np.repeat(slots, rollouts)
    batch = np.repeat([BATCHES.index(move.batch) for move in moves], rollouts)
    me, board = game.current_player, game.boards[game.current_player]
    gain = np.repeat([board.gain_unchecked(move.card, move.batch) for move in moves], rollouts)
    rows = np.arange(size)
    state.place(me, orders[rows, game.round * game.market_size + slot], batch, gain)
    taken[rows, slot] = True
    fast.play_on(state, orders, "greedy", None, game.first_player, game.round, taken)
    others = np.delete(state.total, me, axis=0)
    best_other = others.max(axis=0) if len(others) else 0
    margins: np.ndarray = (state.total[me] - best_other).reshape(len(moves), rollouts)
    return margins


class LookaheadPolicy(policies.RolloutPolicy):
    """Monte-Carlo lookahead for apple batches: ``callable(game) -> move``, seeded.

    >>> game = Game.new(players=1, seed=0)
    >>> LookaheadPolicy(rollouts=2, seed=0)(game) in game.legal_moves()
    True
    """

    def __call__(self, game: Game) -> Move:
        return cast(Move, super().__call__(check_type(game, Game, "game")))

    def choose(self, game: Game, moves: list[Move]) -> Move:
        return moves[int(np.argmax(_margins(game, moves, self._worlds(game)).sum(axis=1)))]

    def _worlds(self, game: Game) -> np.ndarray:
        """The decks of ``rollouts`` worlds as card indexes, one row each: what as many
        ``game.determinized(self.rng)`` deal, drawn from the generator in the same way (the
        face-down pile reshuffled), without copying the game."""
        deck = card_indexes(game.deck)
        seen = len(deck) - len(game.pile)
        if seen == len(deck):
            return np.tile(deck, (self.rollouts, 1))
        pile = deck[seen:]
        return np.stack(
            [
                np.concatenate([deck[:seen], pile[self.rng.permutation(len(pile))]])
                for _ in range(self.rollouts)
            ]
        )


FASTER: policies.FasterPolicies = {
    "lookahead": lambda rng, rollouts: LookaheadPolicy(rollouts=rollouts, seed=rng)
}


def _table(
    games: int, players: int, policy: str, rng: np.random.Generator, rules: Rules
) -> np.ndarray:
    """``games`` games of "random" or "greedy" at once with numpy (``fast.play_games``, the
    same rules as ``Game``)."""
    orders = fast.deal_orders(rng, games, cards_per_player(players, rules) * players)
    return fast.play_games(orders, players, rules, policy, rng)


def batch_use(
    games: int = 1000,
    players: int = 1,
    policy: str = "greedy",
    seed: int | np.random.Generator | None = 0,
    rules: Rules | None = None,
) -> dict[str, float]:
    """How many apples a player puts in each batch in a game, on average, keyed by the
    batch's name (``BATCH_NAMES``), when every player plays ``policy`` ("random" or
    "greedy") on the deals ``simulate`` plays with the same arguments (AB-3: the batch each
    taken card goes to). Arguments are checked as ``simulate`` checks them.

    >>> use = batch_use(games=200, seed=1)
    >>> sum(use.values()), use["special tree"] <= 1
    (12.0, True)
    """
    if policy not in TABLE_POLICIES:
        raise ValueError(f"policy must be one of {', '.join(TABLE_POLICIES)}, got {policy!r}")
    rules = Rules() if rules is None else check_type(rules, Rules, "rules")
    players = FACTS.check_players(players)
    games = check_int(games, "games", 1, MAX_GAMES)
    rng = make_rng(seed)
    orders = fast.deal_orders(rng, games, cards_per_player(players, rules) * players)
    record: list[np.ndarray] = []
    fast.play_games(orders, players, rules, policy, rng, record=record)
    counts = np.bincount(np.concatenate([turn[:, 1] for turn in record]), minlength=len(BATCHES))
    return {
        BATCH_NAMES[batch]: float(n) / (games * players)
        for batch, n in zip(BATCHES, counts, strict=True)
    }


def _describe(game: Game, move: Move) -> tuple[str, str]:
    """The move in words, and its batch's note once it is made."""
    board = game.boards[game.current_player].copy()
    board.place(move.card, move.batch)
    card = move.card
    said = {
        "red": _("the red h{height} s{sweetness} apple in the {batch}"),
        "green": _("the green h{height} s{sweetness} apple in the {batch}"),
        "gold": _("the gold h{height} s{sweetness} apple in the {batch}"),
    }[card.colour]
    where = _(BATCH_NAMES[move.batch])
    return said.format(height=card.height, sweetness=card.sweetness, batch=where), (
        board.score().notes[move.batch]
    )


POLICIES = policies.GamePolicies(
    game=Game,
    faster=FASTER,
    table=_table,
    describe=_describe,
    max_games=MAX_GAMES,
)
POLICY_NAMES = POLICIES.names
simulate = policies.simulator(POLICIES)
hint = policies.hinter(POLICIES)
