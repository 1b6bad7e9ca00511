"""Number race's deal as result codes store it: one part, the row of cards."""

from __future__ import annotations

from typing import Any

from tests.toy_game import DECK, Game, Rules


def standard_parts() -> tuple[tuple[int, ...], ...]:
    return (DECK,)


def deal_parts(game: Game) -> tuple[tuple[int, ...], ...]:
    return (game.deck,)


def deal_game(players: int, rules: Rules, first_player: int, parts: Any) -> Game:
    return Game(players, rules, first_player, list(parts[0]))
