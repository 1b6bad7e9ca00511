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
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np

from orchard_lab.apple_batches.board import Board, apple_code
from orchard_lab.apple_batches.cards import Card, default_deck
from orchard_lab.apple_batches.rules import (
    FACTS,
    MAX_DECK_CARDS,
    Move,
    Rules,
    cards_per_market_per_player,
    cards_per_player,
    rounds_per_game,
)
from orchard_lab.core import IllegalMove, check_type, illegal, make_rng, require
from orchard_lab.game_base import BaseGame, Parts, SaveLayout, TieBreak
from orchard_lab.language import _, _n

__all__ = ["SAVE_FORMAT", "SAVE_NAME", "Game"]

SAVE_NAME = FACTS.name
SAVE_FORMAT = 2  # 2: rules hold the switch ``end`` (AB-2); moves are ``core.move_row`` rows


def _batches(count: int) -> str:
    """AB-7's tie-break count in words: 'cards in 3 batches'."""
    return _n("cards in {count} batch", "cards in {count} batches", count).format(count=count)


@cache
def _move(card: Card, batch: str) -> Move:
    """One shared Move per (card, batch): moves are values, and building them is slow."""
    return Move(card, batch)


class Game(BaseGame[Move, Board]):
    """A game in progress. Build one with ``Game.new`` (the 75 apples shuffled, or a deck of
    the caller's: a list or tuple of at most ``MAX_DECK_CARDS`` apples; 2 players unless
    told) or ``Game.from_json``.

    >>> Game.new(players=3, seed=0).market_size
    6
    """

    facts = FACTS
    rules_type = Rules
    move_type = Move
    saves = SaveLayout(SAVE_FORMAT, frozenset({"deck", "order"}), Card)
    tie_breaks = (TieBreak("batches", _batches),)
    rules: Rules

    def __init__(
        self, players: int, order: Sequence[Card], rules: Rules, first_player: int, default: bool
    ) -> None:
        self._begin(players, rules, first_player)
        self._order = tuple(order)
        self._default = default
        self.market_size = cards_per_market_per_player(players) * players
        self.rounds = rounds_per_game(players, rules)
        self._boards = [Board(rules) for _ in range(players)]
        self._round = 0
        self._market = list(self._order[: self.market_size])

    @classmethod
    def _deck_parts(cls, deck: Sequence[Card]) -> Parts:
        """A deck of the caller's: a list or tuple of at most ``MAX_DECK_CARDS`` apples."""
        check_type(deck, (list, tuple), "deck")
        if len(deck) > MAX_DECK_CARDS:
            raise ValueError(f"deck must hold at most {MAX_DECK_CARDS} cards, got {len(deck)}")
        for card in deck:
            check_type(card, Card, "every card of deck")
        return (tuple(deck),)

    @classmethod
    def _check_deal(cls, parts: Parts, players: int, rules: Rules) -> None:
        needed = cards_per_player(players, rules) * players
        if len(parts[0]) < needed:
            raise ValueError(f"deck must hold at least {needed} cards, got {len(parts[0])}")

    # -- reading -------------------------------------------------------------------------
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
    def is_over(self) -> bool:
        """Whether every round is played (AB-2, switch ``end``)."""
        return self._round >= self.rounds

    def _end_words(self) -> str:
        """The game-over refusal's reason (AB-2, switch ``end``), in the session's language."""
        cards = cards_per_player(self.players, self.rules)
        if self.rules.end == "four_rounds":
            said = _n(
                "the game ends after {rounds} rounds, {count} apple each; no more moves.",
                "the game ends after {rounds} rounds, {count} apples each; no more moves.",
                cards,
            )
            return said.format(rounds=self.rounds, count=cards)
        said = _n(
            "the game ends when every player holds {count} apple; no more moves.",
            "the game ends when every player holds {count} apples; no more moves.",
            cards,
        )
        return said.format(count=cards)

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

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move`` (assumed legal; nothing changes)."""
        board = self._boards[self.current_player]
        return board.total + board.gain_unchecked(move.card, move.batch)

    def _tie_counts(self, player: int) -> tuple[int, ...]:
        """AB-7: on a tie, cards in more distinct batches win.

        >>> Game.new(players=2).winner_reason()
        'Players 0 and 1 share the lead: 0 points and cards in 0 batches each (AB-7).'
        """
        return (self._boards[player].used_batches(),)

    def _tie_decided(self, tie: int, over: bool, winners: int) -> str:
        """AB-7's one tie-break decided: cards in more batches."""
        if over:
            return _n(
                "Players {players} tie on {points}; player {winners} wins the tie-break ({rule}) "
                "with cards in {best} batches against {others}.",
                "Players {players} tie on {points}; players {winners} win the tie-break ({rule}) "
                "with cards in {best} batches against {others}.",
                winners,
            )
        return _n(
            "Players {players} tie on {points}; player {winners} leads the tie-break ({rule}) "
            "with cards in {best} batches against {others}.",
            "Players {players} tie on {points}; players {winners} lead the tie-break ({rule}) "
            "with cards in {best} batches against {others}.",
            winners,
        )

    def _tie_shared(self, over: bool, told: bool = False) -> str:
        """AB-7: level on points and batches, the players share (``told``: a finished game's
        sentence says only the tie, "You share the win." being said already)."""
        # Translators: {batches} is "cards in 2 batches", in the language's own words
        if told:
            return _("Players {players} tie on {points} and {batches} each ({rule}).")
        # Translators: {batches} is "cards in 2 batches", in the language's own words
        if over:
            return _("Players {players} share the win: {points} and {batches} each ({rule}).")
        return _("Players {players} share the lead: {points} and {batches} each ({rule}).")

    # -- changing --------------------------------------------------------------------------
    def _game_over(self) -> IllegalMove:
        return illegal("AB-2", _("Game over"), self._end_words())

    def _move(self, player: int, move: Move) -> tuple[int, int]:
        """Take ``move.card`` from the market and place it; the step: (market slot, round)."""
        if move.card not in self._market:
            said = _("the {card} apple is not in the market; it holds {cards}.")
            cards = ", ".join(map(apple_code, self._market))
            raise illegal("AB-2", _("Market"), said.format(card=apple_code(move.card), cards=cards))
        self._boards[player].place(move.card, move.batch)
        slot = self._market.index(move.card)
        del self._market[slot]
        step = (slot, self._round)
        if not self._market:
            self._round += 1
            if not self.is_over:
                start = self._round * self.market_size
                self._market = list(self._order[start : start + self.market_size])
        return step

    def _take_back(self, player: int, move: Move, step: tuple[int, int]) -> None:
        slot, round_ = step
        if round_ != self._round:
            self._round = round_
            self._market = []
        self._boards[player].undo()  # the last card placed on that board is this move's
        self._market.insert(slot, move.card)

    def _zones(self) -> dict[str, Any]:
        """Shown besides the boards: the market in its slot order, the round and the cards
        still to come.

        >>> Game.new(players=2, seed=0).snapshot()["round"]
        0
        """
        return {"market": self.market, "round": self._round, "pile": self.pile}

    def _copy_zones(self, other: Game) -> None:
        other._boards = [board.copy() for board in self._boards]
        other._market = list(self._market)

    def determinized(self, rng: np.random.Generator) -> Game:
        """A copy with the face-down pile reshuffled: what the current player cannot see."""
        other: Game = self.copy()
        pile = self.pile
        if pile:
            seen = len(self._order) - len(pile)
            shuffled = [pile[i] for i in make_rng(rng).permutation(len(pile))]
            other._order = (*self._order[:seen], *shuffled)
        return other

    def _progress(self) -> str:
        return "over" if self.is_over else f"round {self._round + 1} of {self.rounds}"

    # -- saving ----------------------------------------------------------------------------
    def _deal_to_save(self) -> dict[str, Any]:
        """The deck saved: whether it is the default one, and its shuffled order.

        >>> Game.from_json(Game.new(players=3, seed=1).to_json()).players
        3
        """
        return {
            "deck": "default" if self._default else "custom",
            "order": [str(card) for card in self._order],
        }

    # -- the deal as result codes store it -----------------------------------------------
    @classmethod
    def standard_parts(cls) -> Parts:
        """The standard cards, part by part: the 75 apples."""
        return (tuple(default_deck()),)

    def deal_parts(self) -> Parts:
        """The deal part by part: the deck in the order it is dealt."""
        return (tuple(self.deck),)

    @classmethod
    def from_parts(cls, players: int, rules: Rules, first_player: int, parts: Parts) -> Game:
        """A new game of ``players`` dealing the cards ``parts`` in their order."""
        deck = parts[0]
        return cls(players, deck, rules, first_player, Counter(deck) == Counter(default_deck()))

    @classmethod
    def _most_moves(cls, players: int, rules: Rules) -> int:
        return cards_per_player(players, rules) * players

    @classmethod
    def _from_deal(
        cls, data: Mapping[str, Any], players: int, rules: Rules, first_player: int
    ) -> Game:
        """The saved deck: at most ``MAX_DECK_CARDS`` cards, the 75 default ones each once or
        a custom deck big enough for the game."""
        require(data["deck"] in ("default", "custom"), "deck must be 'default' or 'custom'")
        order = _cards(data["order"], "order")
        if data["deck"] == "default":
            require(
                Counter(order) == Counter(default_deck()),
                "order must hold each of the 75 default cards exactly once",
            )
        else:
            needed = cls._most_moves(players, rules)
            require(len(order) >= needed, f"order must hold at least {needed} cards")
        return cls(players, order, rules, first_player, data["deck"] == "default")


def _cards(items: Any, field: str) -> list[Card]:
    require(isinstance(items, list), f"{field} must be a list of cards")
    require(
        len(items) <= MAX_DECK_CARDS,
        f"{field} must hold at most {MAX_DECK_CARDS} cards, got {len(items)}",
    )
    for item in items:
        require(isinstance(item, str), f"{field} must hold card texts like 'red h3 s2'")
    return [Card.from_text(item) for item in items]
