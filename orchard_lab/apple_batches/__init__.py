"""Apple batches (Draft Cider): draft apple cards into 8 batches that score by sequences.

RULES.md AB-1..AB-7. The pieces: ``cards`` (Card, Rules, the deck), ``board`` (one orchard:
placing and scoring), ``game`` (Move, Game: markets, turns, saves), ``simulation``
(``simulate``), ``lookahead`` (``LookaheadPolicy``: Monte-Carlo hints, rollouts batched with
numpy), ``counting`` (exact chances of making 13 in the unlucky batch).

>>> from orchard_lab import apple_batches as ab
>>> board = ab.Board()
>>> board.place(ab.Card("red", 2, 3), "feather")
>>> board.place(ab.Card("gold", 4, 3), "feather")
>>> board.score().parts["feather"]
2
"""

from __future__ import annotations

from orchard_lab.apple_batches.board import (
    ODD_PRIMES,
    Board,
    best_batch_points,
    feather_live,
    score_batch,
)
from orchard_lab.apple_batches.cards import (
    BATCH_CAPACITY,
    BATCH_NAMES,
    BATCHES,
    COLOURS,
    FACTS,
    VALUES,
    Card,
    Rules,
    default_deck,
)
from orchard_lab.apple_batches.counting import (
    partitions_of_13,
    probability_of_13,
    ways_to_make_13,
)
from orchard_lab.apple_batches.game import Game, Move, cards_per_market_per_player
from orchard_lab.apple_batches.lookahead import LookaheadPolicy
from orchard_lab.apple_batches.policies import HINT_POLICIES, hint
from orchard_lab.apple_batches.simulation import simulate

__all__ = [
    "BATCHES",
    "BATCH_CAPACITY",
    "BATCH_NAMES",
    "COLOURS",
    "FACTS",
    "HINT_POLICIES",
    "ODD_PRIMES",
    "VALUES",
    "Board",
    "Card",
    "Game",
    "LookaheadPolicy",
    "Move",
    "Rules",
    "best_batch_points",
    "cards_per_market_per_player",
    "default_deck",
    "feather_live",
    "hint",
    "partitions_of_13",
    "probability_of_13",
    "score_batch",
    "simulate",
    "ways_to_make_13",
]
