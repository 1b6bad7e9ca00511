"""A toy fourth game, for the registry test: number race. A row of number cards lies face
up; in turn each player takes one of the first two and adds it to their total (TOY-1); the
game ends when the row is empty and the highest total wins (TOY-2). It uses only what any
game must have: FACTS, Rules with one switch, Move, a ``Game`` on the shared base,
``simulate`` through the generic runner, and its deal as parts for result codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import numpy as np

from orchard_lab.core import GameFacts, Score, illegal, switch
from orchard_lab.game_base import BaseGame, Parts, SaveLayout
from orchard_lab.policies import POLICY_NAMES, run_games

FACTS = GameFacts(
    name="toy_game",
    title="number race",
    min_players=1,
    max_players=3,
    rules={"TOY-1": "Taking", "TOY-2": "Winning"},
    min_score=0,
    max_score=45,
    win_rule="TOY-2",
    default_players=2,
)
DECK = tuple(range(1, 10))  # the standard cards: 1 to 9


@dataclass(frozen=True)
class Rules:
    reach: int = switch(
        2,
        label="cards you may take from",
        help="the first cards of the row",
        rule="TOY-1",
        low=1,
        high=3,
    )


@dataclass(frozen=True)
class Move:
    card: int


class Board:
    """One player's taken cards and their total."""

    def __init__(self) -> None:
        self.cards: list[int] = []

    @property
    def total(self) -> int:
        return sum(self.cards)

    def score(self) -> Score:
        return Score({"cards": self.total})

    def snapshot(self) -> dict[str, Any]:
        return {"cards": tuple(self.cards), "total": self.total}


class Game(BaseGame[Move, Board]):
    facts: ClassVar[GameFacts] = FACTS
    rules_type = Rules
    move_type = Move
    saves = SaveLayout(1, frozenset({"row"}), int)

    def __init__(self, players: int, rules: Rules, first_player: int, row: list[int]) -> None:
        self._begin(players, rules, first_player)
        self.row = list(row)
        self.deck = tuple(row)
        self._boards = [Board() for _ in range(players)]

    @property
    def current_player(self) -> int:
        return (self.first_player + len(self._history)) % self.players

    @property
    def is_over(self) -> bool:
        return not self.row

    def legal_moves(self) -> list[Move]:
        return [Move(card) for card in self.row[: self.rules.reach]]

    def _game_over(self) -> Any:
        return illegal("TOY-2", "Winning", "the row is empty.")

    def _move(self, player: int, move: Move) -> Any:
        if move.card not in self.row[: self.rules.reach]:
            raise illegal("TOY-1", "Taking", f"{move.card} is not among the first cards.")
        slot = self.row.index(move.card)
        del self.row[slot]
        self._boards[player].cards.append(move.card)
        return slot

    def _take_back(self, player: int, move: Move, step: Any) -> None:
        self._boards[player].cards.pop()
        self.row.insert(step, move.card)

    def _copy_zones(self, other: Self) -> None:
        other.row = list(self.row)
        other._boards = []
        for board in self._boards:
            twin = Board()
            twin.cards = list(board.cards)
            other._boards.append(twin)

    def _zones(self) -> dict[str, Any]:
        return {"row": tuple(self.row)}

    def _progress(self) -> str:
        return f"{len(self.row)} cards left"

    def _deal_to_save(self) -> dict[str, Any]:
        return {"row": list(self.deck)}

    @classmethod
    def _from_deal(cls, data: Mapping[str, Any], players: int, rules: Any, first: int) -> Self:
        return cls(players, rules, first, list(data["row"]))

    @classmethod
    def _most_moves(cls, players: int, rules: Any) -> int:
        return len(DECK)

    @classmethod
    def standard_parts(cls) -> Parts:
        return (DECK,)

    def deal_parts(self) -> Parts:
        return (self.deck,)

    @classmethod
    def from_parts(cls, players: int, rules: Any, first_player: int, parts: Parts) -> Self:
        return cls(players, rules, first_player, list(parts[0]))

    def score_after(self, move: Move) -> int:
        return self._boards[self.current_player].total + move.card

    def determinized(self, rng: np.random.Generator) -> Self:
        return self.copy()


def simulate(
    games: int = 1000,
    players: int = 1,
    policy: str = "greedy",
    seed: Any = 0,
    rules: Rules | None = None,
    rollouts: int = 8,
) -> np.ndarray:
    """Final scores of ``games`` seeded games, every player using ``policy``."""

    def new_game(game_seed: int) -> Game:
        return Game.new(players=players, seed=game_seed, rules=rules)

    return run_games(new_game, games, players, policy, seed, rollouts)


__all__ = ["FACTS", "POLICY_NAMES", "Game", "Move", "Rules", "simulate"]
