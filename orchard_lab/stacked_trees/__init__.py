"""Stacked trees: quarter turns, the dice ladder 1 → 3 → 6 → 10 and planning with scarce
dice and rotten tokens (docs/rules.md ST-1..ST-8).

The package has the shape of every game: ``cards`` (Card, the deck), ``rules`` (Rules, Move,
FACTS, the limits, the rating), ``board``, ``game``, ``policies`` (fast policies, ``simulate``,
``hint``), ``engine`` (whole random and greedy games compiled, for ``simulate``), ``batch``
(greedy play of many orchards at once, in numpy) and ``search`` (the best line of a known
deal).

>>> from orchard_lab import stacked_trees as st
>>> board = st.Board(start=st.Card.from_text("APL/LAP"))
>>> board.place(st.Card.from_text("LAP/APL"), at=(1, 0))
>>> board.die(1, 0), board.dice_left["L"]
(1, 4)
>>> st.rating(board.score().total)
'Pal-tree'
"""

from orchard_lab.core import MAX_ROLLOUTS
from orchard_lab.stacked_trees.board import Board, Effect, Placement
from orchard_lab.stacked_trees.cards import (
    FRUIT_NAMES,
    FRUITS,
    ROTATIONS,
    Card,
    default_deck,
    same_under_rotation,
)
from orchard_lab.stacked_trees.codes import CODE_SYMBOLS, deal_code, read_code
from orchard_lab.stacked_trees.engine import warm_up
from orchard_lab.stacked_trees.game import SAVE_FORMAT, SAVE_NAME, Game
from orchard_lab.stacked_trees.policies import (
    FASTER,
    POLICY_NAMES,
    LookaheadPolicy,
    PlannerPolicy,
    hint,
    simulate,
)
from orchard_lab.stacked_trees.rules import (
    FACTS,
    LADDERS,
    MAX_CARDS,
    MAX_DECK,
    MAX_GAMES,
    MAX_LADDER,
    MAX_PLAYERS,
    RATINGS,
    Move,
    Rules,
    rating,
)
from orchard_lab.stacked_trees.search import BestLine, best_line, deal_scores

__all__ = [
    "CODE_SYMBOLS",
    "FACTS",
    "FASTER",
    "FRUITS",
    "FRUIT_NAMES",
    "LADDERS",
    "MAX_CARDS",
    "MAX_DECK",
    "MAX_GAMES",
    "MAX_LADDER",
    "MAX_PLAYERS",
    "MAX_ROLLOUTS",
    "POLICY_NAMES",
    "RATINGS",
    "ROTATIONS",
    "SAVE_FORMAT",
    "SAVE_NAME",
    "BestLine",
    "Board",
    "Card",
    "Effect",
    "Game",
    "LookaheadPolicy",
    "Move",
    "Placement",
    "PlannerPolicy",
    "Rules",
    "best_line",
    "deal_code",
    "deal_scores",
    "default_deck",
    "hint",
    "rating",
    "read_code",
    "same_under_rotation",
    "simulate",
    "warm_up",
]
