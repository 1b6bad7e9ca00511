"""The deal of a stacked trees game as result codes store it (``orchard_lab.result_codes``):
its parts (here one: the cards in play in their order, then those set aside), the standard
cards' parts, and the game dealt from parts.

>>> game = deal_game(1, Rules(), 0, standard_parts())
>>> deal_parts(game) == standard_parts()
True
"""

from __future__ import annotations

from typing import Any

from orchard_lab.stacked_trees.cards import Card, default_deck
from orchard_lab.stacked_trees.game import Game
from orchard_lab.stacked_trees.rules import Rules

__all__ = ["deal_game", "deal_parts", "standard_parts"]

Parts = tuple[tuple[Card, ...], ...]


def standard_parts() -> Parts:
    """The standard cards, part by part: the deck."""
    return (tuple(default_deck()),)


def deal_parts(game: Game) -> Parts:
    """``game``'s deal part by part: the cards in play in their order, then those set aside."""
    return (tuple(game.order) + tuple(game.set_aside),)


def deal_game(players: int, rules: Rules, first_player: int, parts: Any) -> Game:
    """A new game of ``players``: the first ``cards_per_game`` cards in play, in order."""
    cut = rules.cards_per_game
    return Game(parts[0][:cut], parts[0][cut:], players, rules, first_player)
