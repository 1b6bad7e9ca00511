"""Apple batches: draft apple cards into 8 batches that score by sequences.

docs/rules.md AB-1..AB-7. The package follows the template of every game: ``cards`` (Card, the
deck), ``rules`` (Rules and its switches, Move, the batches and the declared ``FACTS``),
``board`` (one orchard: placing, scoring, undo), ``game`` (Game: markets, turns, undo, saves),
``policies`` (the fast policies, among them ``LookaheadPolicy`` with its rollouts batched
with ``fast``, and the shared ``simulate`` and ``hint`` made from them); extras with one job
each: ``tables`` (the batch rules as integer lookup tables), ``fast`` (many games at once
with numpy and those tables) and ``counting`` (exact chances of making 13 in the unlucky
batch).

>>> from orchard_lab import apple_batches as ab
>>> board = ab.Board()
>>> board.place(ab.Card("red", 2, 3), "feather")
>>> board.place(ab.Card("gold", 4, 3), "feather")
>>> board.score().parts["feather"]
2
"""

from __future__ import annotations

from orchard_lab.apple_batches.board import (
    Board,
    best_batch_points,
    feather_live,
    score_batch,
)
from orchard_lab.apple_batches.cards import COLOURS, VALUES, Card, default_deck
from orchard_lab.apple_batches.counting import (
    partitions_of_13,
    probability_of_13,
    ways_to_make_13,
)
from orchard_lab.apple_batches.game import SAVE_FORMAT, SAVE_NAME, Game
from orchard_lab.apple_batches.policies import (
    FASTER,
    POLICY_NAMES,
    LookaheadPolicy,
    batch_use,
    hint,
    simulate,
)
from orchard_lab.apple_batches.rules import (
    BATCH_CAPACITY,
    BATCHES,
    CARDS_PER_PLAYER,
    ENDS,
    FACTS,
    FORTEPIANO_POINTS_PER_STEP,
    FOUR_ROUNDS,
    MAX_DECK_CARDS,
    MAX_GAMES,
    MAX_TABLE_POINTS,
    ODD_PRIMES,
    POINT_TABLES,
    PRONIC,
    SEQUENCE_BATCHES,
    SPECIAL_BONUS,
    SQUARES,
    STEADY_REFERENCES,
    SWEET_COUPLE_POINTS,
    TRIANGULAR,
    UNLUCKY_TARGET,
    Move,
    Rules,
    cards_per_market_per_player,
    cards_per_player,
    rounds_per_game,
)
from orchard_lab.core import MAX_ROLLOUTS
from orchard_lab.glossary import BATCH_NAMES

__all__ = [
    "BATCHES",
    "BATCH_CAPACITY",
    "BATCH_NAMES",
    "CARDS_PER_PLAYER",
    "COLOURS",
    "ENDS",
    "FACTS",
    "FASTER",
    "FORTEPIANO_POINTS_PER_STEP",
    "FOUR_ROUNDS",
    "MAX_DECK_CARDS",
    "MAX_GAMES",
    "MAX_ROLLOUTS",
    "MAX_TABLE_POINTS",
    "ODD_PRIMES",
    "POINT_TABLES",
    "POLICY_NAMES",
    "PRONIC",
    "SAVE_FORMAT",
    "SAVE_NAME",
    "SEQUENCE_BATCHES",
    "SPECIAL_BONUS",
    "SQUARES",
    "STEADY_REFERENCES",
    "SWEET_COUPLE_POINTS",
    "TRIANGULAR",
    "UNLUCKY_TARGET",
    "VALUES",
    "Board",
    "Card",
    "Game",
    "LookaheadPolicy",
    "Move",
    "Rules",
    "batch_use",
    "best_batch_points",
    "cards_per_market_per_player",
    "cards_per_player",
    "default_deck",
    "feather_live",
    "hint",
    "partitions_of_13",
    "probability_of_13",
    "rounds_per_game",
    "score_batch",
    "simulate",
    "ways_to_make_13",
]
