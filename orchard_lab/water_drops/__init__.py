"""Water drops (after *Mango*): grow fruit groups whose size matches a touching drop.

Rules WD-1..WD-6 of RULES.md. ``cards`` holds the cards and the designed deck, ``scoring``
what a group earns and why, ``board`` one player's orchard, ``game`` the drafting game and
``simulate``.

>>> from orchard_lab import water_drops as wd
>>> board = wd.Board(start=wd.Card.from_text("BP/2C"))
>>> board.place(wd.Card.from_text("C1/PP"), at=(1, 0))
>>> board.score().total
2
"""

from __future__ import annotations

from orchard_lab.water_drops.board import FACTS, Board, Move, Rules
from orchard_lab.water_drops.cards import (
    CODES,
    DROPS,
    FRUIT_NAMES,
    FRUITS,
    Card,
    default_deck,
    parse_deck,
    starting_cards,
)
from orchard_lab.water_drops.game import FORMAT, GAME, Game, market_size, simulate
from orchard_lab.water_drops.scoring import SCORINGS, Group, group_points

__all__ = [
    "CODES",
    "DROPS",
    "FACTS",
    "FORMAT",
    "FRUITS",
    "FRUIT_NAMES",
    "GAME",
    "SCORINGS",
    "Board",
    "Card",
    "Game",
    "Group",
    "Move",
    "Rules",
    "default_deck",
    "group_points",
    "market_size",
    "parse_deck",
    "simulate",
    "starting_cards",
]
