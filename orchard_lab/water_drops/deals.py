"""The deal of a water drops game as result codes store it (``orchard_lab.result_codes``):
its parts (the start cards, then the deck in the order it is drawn), the standard cards'
parts, and the game dealt from parts.

>>> game = deal_game(2, Rules(), 0, standard_parts())
>>> deal_parts(game) == standard_parts()
True
"""

from __future__ import annotations

from typing import Any

from orchard_lab.water_drops.cards import Card, default_deck, starting_cards
from orchard_lab.water_drops.game import Game
from orchard_lab.water_drops.rules import Rules

__all__ = ["deal_game", "deal_parts", "standard_parts"]

Parts = tuple[tuple[Card, ...], ...]


def standard_parts() -> Parts:
    """The standard cards, part by part: the 5 start cards, the 50 deck cards."""
    return (tuple(starting_cards()), tuple(default_deck()))


def deal_parts(game: Game) -> Parts:
    """``game``'s deal part by part: the start cards in seat order, then those set aside;
    the deck in the order it is drawn."""
    starts = tuple(board.start for board in game.boards) + tuple(game.set_aside)
    return (starts, tuple(game.deck))


def deal_game(players: int, rules: Rules, first_player: int, parts: Any) -> Game:
    """A new game of ``players``: the first start cards to the seats, the deck in order."""
    return Game.from_cards(players, rules, first_player, parts[0], parts[1])
