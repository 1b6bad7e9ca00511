"""The deal of an apple batches game as result codes store it (``orchard_lab.result_codes``):
its parts (here one, the deck in the order it is dealt), the standard cards' parts, and the
game dealt from parts.

>>> game = deal_game(2, Rules(), 0, standard_parts())
>>> deal_parts(game) == standard_parts()
True
"""

from __future__ import annotations

from typing import Any

from orchard_lab.apple_batches.cards import Card, default_deck
from orchard_lab.apple_batches.game import Game
from orchard_lab.apple_batches.rules import Rules

__all__ = ["deal_game", "deal_parts", "standard_parts"]

Parts = tuple[tuple[Card, ...], ...]


def standard_parts() -> Parts:
    """The standard cards, part by part: the 75 apples."""
    return (tuple(default_deck()),)


def deal_parts(game: Game) -> Parts:
    """``game``'s deal part by part: the deck in the order it is dealt."""
    return (tuple(game.deck),)


def deal_game(players: int, rules: Rules, first_player: int, parts: Any) -> Game:
    """A new game of ``players`` dealing the cards ``parts`` in their order."""
    return Game.new(players, rules=rules, first_player=first_player, deck=parts[0], shuffle=False)
