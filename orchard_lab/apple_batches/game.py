"""A whole game of apple batches for 1-6 players: markets, turns, undo, saves (AB-2, AB-7).

The deck is shuffled once at the start; round r deals the next ``k × players`` cards of
that order face up. A move takes one market card and places it at once.

>>> game = Game.new(players=2, seed=1)
>>> len(game.market), game.current_player
(6, 0)
>>> game.play(game.legal_moves()[0])
>>> game.current_player
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from orchard_lab.apple_batches.board import Board
from orchard_lab.apple_batches.cards import Card, default_deck
from orchard_lab.apple_batches.rules import (
    FACTS,
    MAX_DECK_CARDS,
    STANDARD_RULES,
    Move,
    Rules,
    cards_per_market_per_player,
    cards_per_player,
    rounds_per_game,
)
from orchard_lab.core import (
    check_bool,
    check_int,
    check_type,
    dump_save,
    game_snapshot,
    illegal,
    load_save,
    make_rng,
    move_row,
    read_move_row,
    require,
    require_int,
    rules_from_dict,
    rules_to_dict,
)

__all__ = ["SAVE_FORMAT", "Game"]

SAVE_NAME = "apple_batches"
SAVE_FORMAT = 2  # 2: rules hold the switch ``end`` (AB-2); moves are ``core.move_row`` rows
_SAVE_KEYS = {"game", "format", "players", "first_player", "rules", "deck", "order", "moves"}


@cache
def _move(card: Card, batch: str) -> Move:
    """One shared Move per (card, batch): moves are values, and building them is slow."""
    return Move(card, batch)


@dataclass(frozen=True)
class _Step:
    """What undo needs: who moved, the market slot taken, the move, the round it was in."""

    player: int
    slot: int
    move: Move
    round: int


class Game:
    """A game in progress. Build one with ``Game.new`` or ``Game.from_json``."""

    def __init__(
        self, players: int, order: Sequence[Card], rules: Rules, first_player: int, default: bool
    ) -> None:
        self.players = players
        self.rules = rules
        self.first_player = first_player
        self._order = tuple(order)
        self._default = default
        self.market_size = cards_per_market_per_player(players) * players
        self.rounds = rounds_per_game(players, rules)
        self._boards = [Board(rules) for _ in range(players)]
        self._round = 0
        self._market = list(self._order[: self.market_size])
        self._history: list[_Step] = []

    @classmethod
    def new(
        cls,
        players: int = 2,
        seed: int | np.random.Generator | None = 0,
        rules: Rules | None = None,
        first_player: int = 0,
        deck: Sequence[Card] | None = None,
        shuffle: bool = True,
    ) -> Game:
        """A fresh game: the deck (default: the 75 cards) shuffled with ``seed``.

        ``shuffle=False`` deals ``deck`` (a list or tuple of at most ``MAX_DECK_CARDS`` cards)
        in the given order, for prepared lessons. Wrong types raise TypeError, wrong values
        ValueError, naming the argument.

        >>> Game.new(players=3, seed=0).market_size
        6
        """
        players = FACTS.check_players(players)
        first_player = check_int(first_player, "first_player", 0, players - 1)
        rules = STANDARD_RULES if rules is None else check_type(rules, Rules, "rules")
        rng = make_rng(seed)
        shuffle = check_bool(shuffle, "shuffle")
        if deck is None:
            cards = default_deck()
        else:
            check_type(deck, (list, tuple), "deck")
            if len(deck) > MAX_DECK_CARDS:
                raise ValueError(f"deck must hold at most {MAX_DECK_CARDS} cards, got {len(deck)}")
            for card in deck:
                check_type(card, Card, "every card of deck")
            cards = list(deck)
        needed = cards_per_player(players, rules) * players
        if len(cards) < needed:
            raise ValueError(f"deck must hold at least {needed} cards, got {len(cards)}")
        if shuffle:
            cards = [cards[i] for i in rng.permutation(len(cards))]
        default = Counter(cards) == Counter(default_deck())
        return cls(players, cards, rules, first_player, default)

    # -- reading -------------------------------------------------------------------------
    @property
    def boards(self) -> tuple[Board, ...]:
        """Each player's board (live: change them only through ``play``)."""
        return tuple(self._boards)

    @property
    def market(self) -> tuple[Card, ...]:
        """The face-up cards left this round, in the order dealt."""
        return tuple(self._market)

    @property
    def round(self) -> int:
        """The round being played, from 0 (equals ``rounds`` once the game is over)."""
        return self._round

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of this game's deck, in the order it was shuffled."""
        return self._order

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-down cards not dealt yet (hidden from the players)."""
        dealt_rounds = min(self._round + 1, self.rounds)
        return self._order[dealt_rounds * self.market_size :]

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """The (player, move) pairs played so far, oldest first.

        >>> game = Game.new(players=2, seed=0)
        >>> game.play(game.legal_moves()[0])
        >>> [(player, str(move)) for player, move in game.history]
        [(0, 'red h2 s1 → monochrome')]
        """
        return tuple((step.player, step.move) for step in self._history)

    @property
    def is_over(self) -> bool:
        """Whether every round is played (AB-2, switch ``end``)."""
        return self._round >= self.rounds

    def _end_words(self) -> str:
        cards = cards_per_player(self.players, self.rules)
        if self.rules.end == "four_rounds":
            return f"the game ends after {self.rounds} rounds, {cards} apples each"
        return f"the game ends when every player holds {cards} apples"

    @property
    def current_player(self) -> int:
        """Whose turn it is: round-robin from the round's first player (AB-2)."""
        taken = self.market_size - len(self._market)
        return (self.first_player + self._round + taken) % self.players

    def all_cards(self) -> list[Card]:
        """Every card the game holds: the pile, the market and all boards."""
        on_boards = [card for board in self._boards for card in board.cards()]
        return [*self.pile, *self._market, *on_boards]

    def legal_moves(self) -> list[Move]:
        """The current player's moves: market order, then ``BATCHES`` order; [] when over."""
        if self.is_over:
            return []
        board = self._boards[self.current_player]
        moves, seen = [], set()
        for card in self._market:
            if card in seen:
                continue
            seen.add(card)
            moves += [_move(card, batch) for batch in board.legal_batches(card)]
        return moves

    def scores(self) -> list[int]:
        """Each player's points, kept up to date move by move."""
        return [board.total for board in self._boards]

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move`` (assumed legal; nothing changes)."""
        board = self._boards[self.current_player]
        return board.total + board.gain_unchecked(move.card, move.batch)

    def _ranking(self) -> list[tuple[int, int, int]]:
        return [(b.total, b.used_batches(), i) for i, b in enumerate(self._boards)]

    def winners(self) -> list[int]:
        """The leaders: most points; tie: cards in more distinct batches; else shared (AB-7)."""
        best = max((points, used) for points, used, _ in self._ranking())
        return [i for points, used, i in self._ranking() if (points, used) == best]

    def winner_reason(self) -> str:
        """The result in words, naming the AB-7 tie-break when it decided.

        >>> Game.new(players=1).winner_reason()
        'Solo game: 0 points so far.'
        """
        verb = "wins" if self.is_over else "leads"
        ranking = self._ranking()
        if self.players == 1:
            return f"Solo game: {_points(ranking[0][0])}{'' if self.is_over else ' so far'}."
        top = max(points for points, _, _ in ranking)
        tied = [i for points, _, i in ranking if points == top]
        winners = self.winners()
        if len(tied) == 1:
            return f"Player {tied[0]} {verb} with {_points(top)}."
        names = _names(tied)
        if len(winners) == len(tied):
            used = ranking[tied[0]][1]
            return (
                f"{names} share the {'win' if self.is_over else 'lead'}: {_points(top)} each "
                f"and cards in {used} batch{'' if used == 1 else 'es'} each (AB-7)."
            )
        batches = sorted({ranking[i][1] for i in tied}, reverse=True)
        others = " or ".join(str(u) for u in batches[1:])
        who = _names(winners, "player")
        verb = verb if len(winners) == 1 else verb.removesuffix("s")
        return (
            f"{names} tie on {_points(top)}; {who} {verb} the tie-break (AB-7) "
            f"with cards in {batches[0]} batches against {others}."
        )

    # -- changing --------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Take ``move.card`` from the market and place it; ``IllegalMove`` if not allowed."""
        if not isinstance(move, Move):  # inline: play is the hot path of every rollout
            raise TypeError(f"move must be Move, not {type(move).__name__}")
        if self.is_over:
            raise illegal("AB-2", "Game over", f"{self._end_words()}; no more moves.")
        if move.card not in self._market:
            raise illegal(
                "AB-2",
                "Market",
                f"the {move.card} apple is not in the market; "
                f"it holds {', '.join(map(str, self._market))}.",
            )
        player = self.current_player
        self._boards[player].place(move.card, move.batch)
        slot = self._market.index(move.card)
        del self._market[slot]
        self._history.append(_Step(player, slot, move, self._round))
        if not self._market:
            self._round += 1
            if not self.is_over:
                start = self._round * self.market_size
                self._market = list(self._order[start : start + self.market_size])

    def undo(self) -> None:
        """Take back the last move exactly; ``ValueError`` if nothing was played."""
        if not self._history:
            raise ValueError("there is no move to undo")
        step = self._history.pop()
        if step.round != self._round:
            self._round = step.round
            self._market = []
        self._boards[step.player].undo()  # the last card placed on that board is this move's
        self._market.insert(step.slot, step.move.card)

    def snapshot(self) -> dict[str, Any]:
        """Everything the players see (``core.game_snapshot``): here also the market in its
        slot order, the round and the cards still to come.

        >>> Game.new(players=2, seed=0).snapshot()["round"]
        0
        """
        return game_snapshot(self, market=self.market, round=self._round, pile=self.pile)

    def copy(self) -> Game:
        """An independent copy."""
        other: Game = Game.__new__(Game)  # annotated: ruff then allows its private fields
        other.__dict__.update(self.__dict__)
        other._boards = [board.copy() for board in self._boards]
        other._market = list(self._market)
        other._history = list(self._history)
        return other

    def determinized(self, rng: np.random.Generator) -> Game:
        """A copy with the face-down pile reshuffled: what the current player cannot see."""
        other: Game = self.copy()
        pile = self.pile
        if pile:
            seen = len(self._order) - len(pile)
            shuffled = [pile[i] for i in make_rng(rng).permutation(len(pile))]
            other._order = (*self._order[:seen], *shuffled)
        return other

    # -- saving ----------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as plain JSON: setup, the shuffled deck and every move (``SAVE_FORMAT``).

        >>> Game.from_json(Game.new(players=3, seed=1).to_json()).players
        3
        """
        payload = {
            "players": self.players,
            "first_player": self.first_player,
            "rules": rules_to_dict(self.rules),
            "deck": "default" if self._default else "custom",
            "order": [str(card) for card in self._order],
            "moves": [move_row(s.player, s.move) for s in self._history],
        }
        return dump_save(SAVE_NAME, SAVE_FORMAT, payload)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load ``to_json`` output, replaying and checking every move; else ``ValueError``.

        Every size is checked before any work: at most ``MAX_DECK_CARDS`` cards and the moves
        of one game.
        """
        data = load_save(text, SAVE_NAME, SAVE_FORMAT)
        require(
            set(data) == _SAVE_KEYS, f"a saved game has exactly the fields {sorted(_SAVE_KEYS)}"
        )
        players = require_int(data["players"], "players", FACTS.min_players, FACTS.max_players)
        first_player = require_int(data["first_player"], "first_player", 0, players - 1)
        rules = rules_from_dict(Rules, data["rules"])
        require(data["deck"] in ("default", "custom"), "deck must be 'default' or 'custom'")
        needed = cards_per_player(players, rules) * players
        moves = data["moves"]
        require(isinstance(moves, list), "moves must be a list")
        require(len(moves) <= needed, f"moves must hold at most {needed} moves, got {len(moves)}")
        order = _cards(data["order"], "order")
        if data["deck"] == "default":
            require(
                Counter(order) == Counter(default_deck()),
                "order must hold each of the 75 default cards exactly once",
            )
        else:
            require(len(order) >= needed, f"order must hold at least {needed} cards")
        game = cls(players, order, rules, first_player, data["deck"] == "default")
        for number, entry in enumerate(moves, start=1):
            _replay(game, entry, number)
        return game

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self._round + 1} of {self.rounds}"
        return f"<apple batches: {self.players} players, {state}, scores {self.scores()}>"


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _names(players: list[int], word: str = "Player") -> str:
    if len(players) == 1:
        return f"{word} {players[0]}"
    listed = [str(i) for i in players]
    return f"{word}s " + ", ".join(listed[:-1]) + " and " + listed[-1]


def _cards(items: Any, field: str) -> list[Card]:
    require(isinstance(items, list), f"{field} must be a list of cards")
    require(
        len(items) <= MAX_DECK_CARDS,
        f"{field} must hold at most {MAX_DECK_CARDS} cards, got {len(items)}",
    )
    for item in items:
        require(isinstance(item, str), f"{field} must hold card texts like 'red h3 s2'")
    return [Card.from_text(item) for item in items]


def _replay(game: Game, entry: Any, number: int) -> None:
    player, move = read_move_row(entry, number, Move, Card)
    require(
        player == game.current_player,
        f"move {number} is by player {player}, but it was player {game.current_player}'s turn",
    )
    try:
        game.play(move)
    except ValueError as exc:
        raise ValueError(f"move {number} is not allowed: {exc}") from None
