"""Number race's deal as result codes store it: one part, the row of cards."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.toy_game import DECK, Game, Rules


def standard_parts() -> tuple[tuple[int, ...], ...]:
    return (DECK,)


def deal_parts(game: Game) -> tuple[tuple[int, ...], ...] | None:
    return (game.deck,) if Counter(game.deck) == Counter(DECK) else None


def deal_game(players: int, rules: Rules, first_player: int, parts: Any) -> Game:
    return Game(players, rules, first_player, list(parts[0]))
