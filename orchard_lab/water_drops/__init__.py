"""Water drops: grow fruit groups whose size matches a touching drop.

Rules WD-1..WD-6 of docs/rules.md. The modules, as in every game: ``cards`` (Card, the designed
deck), ``rules`` (Rules and its self-describing switches, Move, FACTS), ``scoring`` (what a
group earns and why), ``board`` (one player's orchard), ``game`` (the drafting game and its
saves), ``policies`` (the fast random, greedy and lookahead, ``simulate``, ``hint``).

>>> from orchard_lab import water_drops as wd
>>> board = wd.Board(start=wd.Card.from_text("BP/2C"))
>>> board.place(wd.Card.from_text("C1/PP"), at=(1, 0))
>>> board.score().total
2
"""

from __future__ import annotations

from orchard_lab.water_drops.board import Board
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
from orchard_lab.water_drops.engine import warm_up
from orchard_lab.water_drops.game import SAVE_FORMAT, SAVE_NAME, Game
from orchard_lab.water_drops.policies import (
    FASTER,
    MAX_GAMES,
    MAX_ROLLOUTS,
    POLICY_NAMES,
    LookaheadPolicy,
    greedy_policy,
    hint,
    random_policy,
    simulate,
)
from orchard_lab.water_drops.rules import (
    CARDS_PER_ORCHARD,
    FACTS,
    MAX_GROUP_POINTS,
    MAX_SIDE,
    ROTATIONS,
    Move,
    Rules,
    market_size,
)
from orchard_lab.water_drops.scoring import SCORINGS, Group, group_points

__all__ = [
    "CARDS_PER_ORCHARD",
    "CODES",
    "DROPS",
    "FACTS",
    "FASTER",
    "FRUITS",
    "FRUIT_NAMES",
    "MAX_GAMES",
    "MAX_GROUP_POINTS",
    "MAX_ROLLOUTS",
    "MAX_SIDE",
    "POLICY_NAMES",
    "ROTATIONS",
    "SAVE_FORMAT",
    "SAVE_NAME",
    "SCORINGS",
    "Board",
    "Card",
    "Game",
    "Group",
    "LookaheadPolicy",
    "Move",
    "Rules",
    "default_deck",
    "greedy_policy",
    "group_points",
    "hint",
    "market_size",
    "parse_deck",
    "random_policy",
    "simulate",
    "starting_cards",
    "warm_up",
]
