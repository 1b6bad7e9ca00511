"""Stacked trees (after *Orchard: A 9 Card Solitaire Game*): quarter turns, the dice ladder
1 → 3 → 6 → 10 and planning with scarce dice and rotten fruit (RULES.md ST-1..ST-8).

>>> from orchard_lab import stacked_trees as st
>>> board = st.Board(start=st.Card.from_text("APL/LAP"))
>>> board.place(st.Card.from_text("LAP/APL"), at=(1, 0))
>>> board.die(1, 0), board.dice_left["L"]
(1, 4)
>>> st.rating(board.score().total)
'Pal-tree'
"""

from orchard_lab.stacked_trees.board import Board, Placement
from orchard_lab.stacked_trees.cards import (
    FRUIT_NAMES,
    FRUITS,
    ROTATIONS,
    Card,
    default_deck,
    same_under_rotation,
)
from orchard_lab.stacked_trees.game import Game, simulate
from orchard_lab.stacked_trees.rules import FACTS, RATINGS, Move, Rules, rating
from orchard_lab.stacked_trees.search import BestLine, LookaheadPolicy, best_line

__all__ = [
    "FACTS",
    "FRUITS",
    "FRUIT_NAMES",
    "RATINGS",
    "ROTATIONS",
    "BestLine",
    "Board",
    "Card",
    "Game",
    "LookaheadPolicy",
    "Move",
    "Placement",
    "Rules",
    "best_line",
    "default_deck",
    "rating",
    "same_under_rotation",
    "simulate",
]
