"""A game of water drops (WD-2, WD-5): players draft from a face-up market into their orchards.

>>> game = Game.new(players=2, seed=1)
>>> len(game.market), game.current_player
(4, 0)
>>> move = game.legal_moves()[0]
>>> game.play(move)
>>> game.current_player, len(game.market)
(1, 3)
>>> game.undo() == move
True
>>> game
<water drops: 2 players, 50 cards left, scores [0, 0]>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from orchard_lab.core import IllegalMove, check_type, illegal, require
from orchard_lab.game_base import BaseGame, Parts, SaveLayout
from orchard_lab.language import _
from orchard_lab.water_drops.board import Board
from orchard_lab.water_drops.cards import Card, default_deck, starting_cards
from orchard_lab.water_drops.rules import (
    CARDS_PER_ORCHARD,
    FACTS,
    ROTATIONS,
    Move,
    Rules,
    _known_move,
    market_size,
    orchard_room,
)

__all__ = ["SAVE_FORMAT", "SAVE_NAME", "Game", "check_room"]

SAVE_NAME = FACTS.name
SAVE_FORMAT = 2  # 2: moves as core.move_row objects, rules through core.rules_to_dict


def check_room(rules: Rules, players: int, cards: int = CARDS_PER_ORCHARD - 1) -> None:
    """ValueError unless ``rules.max_size`` holds the orchard of each of ``players`` players
    when ``cards`` cards are dealt (WD-3: ``orchard_room``).

    >>> check_room(Rules(max_size=(4, 4)), players=4)
    >>> check_room(Rules(max_size=(4, 4)), players=1)
    Traceback (most recent call last):
    ...
    ValueError: max_size 4×4 holds 16 cards, but playing alone an orchard gets up to 51 (WD-3)
    """
    room = orchard_room(players, cards)
    if rules.max_size is not None and rules.max_size[0] * rules.max_size[1] < room:
        rows, cols = rules.max_size
        table = "playing alone" if players == 1 else f"with {players} players"
        raise ValueError(
            f"max_size {rows}×{cols} holds {rows * cols} cards, but {table} an orchard gets "
            f"up to {room} (WD-3)"
        )


# what undo restores: the market, the cards drawn, the round's first player, cards taken
_Before = tuple[tuple[Card, ...], int, int, int]


class Game(BaseGame[Move, Board]):
    """A seeded game for 1-5 players (1 = a solo game). Build one with ``Game.new``: different
    start cards at random (WD-2), then the designed deck shuffled (WD-6: a game deals only
    its own cards); 2 players unless told. What ``new`` accepts ``from_json`` loads back.

    >>> Game.new(players=3, seed=7).to_json() == Game.new(players=3, seed=7).to_json()
    True
    """

    facts = FACTS
    rules_type = Rules
    move_type = Move
    saves = SaveLayout(SAVE_FORMAT, frozenset({"starts", "set_aside", "deal"}), Card)
    rules: Rules

    def __init__(
        self,
        *,
        players: int,
        rules: Rules,
        first_player: int,
        starts: list[Card],
        set_aside: list[Card],
        deal: list[Card],
    ) -> None:
        check_room(rules, players, len(deal))
        self._begin(players, rules, first_player)
        self.set_aside = tuple(set_aside)
        self._market_size = market_size(players)
        self._deal = list(deal)  # the draw order; _deal[_drawn:] is the face-down pile
        self._drawn = 0
        self._market: list[Card]  # the round's face-up cards, and
        self._taken: int  # how many of them are taken: both set by _refill
        self._round_first = first_player
        self._boards = [Board(start=card, rules=rules) for card in starts]
        self._refill()

    @classmethod
    def _check_deal(cls, parts: Parts, players: int, rules: Rules) -> None:
        check_room(rules, players)

    # --- the state -----------------------------------------------------------------------
    @property
    def market(self) -> tuple[Card, ...]:
        """The face-up cards left this round."""
        return tuple(self._market)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-down draw pile, next card first (hidden from the players)."""
        return tuple(self._deal[self._drawn :])

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every deck card of this game, in the order it is drawn."""
        return tuple(self._deal)

    @property
    def current_player(self) -> int:
        """Who takes the next card: turn order from the round's first player (WD-2)."""
        return (self._round_first + self._taken) % self.players

    @property
    def is_over(self) -> bool:
        """True once the pile is empty and the last market has been taken (WD-2)."""
        return not self._market

    def all_cards(self) -> list[Card]:
        """Every card of the game in any zone: pile, market, orchards, set-aside starts."""
        cards = [*self.pile, *self._market, *self.set_aside]
        for board in self._boards:
            cards.extend(board.cards())
        return cards

    def _progress(self) -> str:
        """The cards not taken yet.

        >>> Game.new(players=3, seed=0).winner_reason()
        'Players 0, 1 and 2 share the lead with 0 points each (WD-5: ties are shared).'
        """
        return f"{len(self._market) + len(self._deal) - self._drawn} cards left"

    # --- moves ---------------------------------------------------------------------------
    def choices(self) -> tuple[list[Card], list[tuple[int, int]], tuple[int, ...]]:
        """``legal_moves()`` as its factors: the distinct market cards, the open squares of
        the player to act and the allowed rotations; the moves are every (card, square,
        rotation) in this order. Three empty factors once the game is over.

        >>> cards, squares, rotations = Game.new(players=2, seed=1).choices()
        >>> len(cards), squares, rotations
        (4, [(-1, 0), (0, -1), (0, 1), (1, 0)], (0,))
        """
        cards = list(dict.fromkeys(self._market))
        squares = self._boards[self.current_player].open_squares() if cards else []
        return cards, squares, ROTATIONS if self.rules.allow_rotation else (0,)

    def legal_moves(self) -> list[Move]:
        """Every (market card, open square, rotation) of the player to act; [] once over."""
        cards, squares, rotations = self.choices()
        known = _known_move  # the parts come from the game itself: checked already
        return [known(card, at, turn) for card in cards for at in squares for turn in rotations]

    def _game_over(self) -> IllegalMove:
        return illegal("WD-2", _(FACTS.rules["WD-2"]), _("the game is over; the market is empty."))

    def _check(self, move: Move) -> None:
        if type(move) is not Move:  # score_after is the hot path of the generic greedy
            check_type(move, Move, "move")
        if not self._market:
            raise self._game_over()
        if move.card not in self._market:
            self._check_market(move)

    def _check_market(self, move: Move) -> None:
        if move.card not in self._market:
            said = _("you can only take a card from the market; {card} is not there.")
            raise illegal("WD-2", _(FACTS.rules["WD-2"]), said.format(card=move.card))

    def _move(self, player: int, move: Move) -> _Before:
        """The player to act takes ``move.card`` from the market and places it at once."""
        self._check_market(move)
        self._boards[player].place(move.card, move.at, move.rotation)
        before = (tuple(self._market), self._drawn, self._round_first, self._taken)
        self._advance(move.card)
        return before

    def _advance(self, card: Card) -> None:
        """``card`` leaves the market; the turn passes, the market refills when empty."""
        self._market.remove(card)
        self._taken += 1
        if not self._market:
            self._round_first = (self._round_first + 1) % self.players
            self._refill()

    def _refill(self) -> None:
        count = min(self._market_size, len(self._deal) - self._drawn)
        self._market = self._deal[self._drawn : self._drawn + count]
        self._drawn += count
        self._taken = 0

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move``, without playing it."""
        self._check(move)
        board = self._boards[self.current_player]
        return board.total + board.gain(move.card, move.at, move.rotation)

    def _take_back(self, player: int, move: Move, step: _Before) -> None:
        """Undo without replaying.

        >>> game = Game.new(players=2, seed=4)
        >>> saved = game.to_json()
        >>> game.play(game.legal_moves()[5]); _ = game.undo()
        >>> game.to_json() == saved
        True
        """
        market, drawn, round_first, taken = step
        self._market, self._drawn = list(market), drawn
        self._round_first, self._taken = round_first, taken
        self._boards[player].undo()

    def _zones(self) -> dict[str, Any]:
        """Shown besides the boards: the market in its order, the draw pile and the starting
        cards set aside.

        >>> len(Game.new(players=2, seed=0).snapshot()["market"])
        4
        """
        return {"market": self.market, "pile": self.pile, "set_aside": self.set_aside}

    def _copy_zones(self, other: Game) -> None:
        other._deal = list(self._deal)
        other._market = list(self._market)
        other._boards = [board.copy() for board in self._boards]

    def determinized(self, rng: np.random.Generator) -> Game:
        """A copy with the face-down pile reshuffled: what the player to act cannot see."""
        other: Game = self.copy()
        hidden = self._deal[self._drawn :]
        other._deal = self._deal[: self._drawn] + [hidden[i] for i in rng.permutation(len(hidden))]
        return other

    # --- saves ---------------------------------------------------------------------------
    def _deal_to_save(self) -> dict[str, Any]:
        return {
            "starts": [str(board.start) for board in self._boards],
            "set_aside": [str(card) for card in self.set_aside],
            "deal": [str(card) for card in self._deal],
        }

    # --- the deal as result codes store it ----------------------------------------------
    @classmethod
    def standard_parts(cls) -> Parts:
        """The standard cards, part by part: the 5 start cards, the 50 deck cards."""
        return (tuple(starting_cards()), tuple(default_deck()))

    def deal_parts(self) -> Parts:
        """The deal part by part: the start cards in seat order, then those set aside; the
        deck in the order it is drawn."""
        starts = tuple(board.start for board in self._boards) + tuple(self.set_aside)
        return (starts, tuple(self.deck))

    @classmethod
    def from_parts(cls, players: int, rules: Rules, first_player: int, parts: Parts) -> Game:
        """A new game of ``players``: the first start cards to the seats (the rest set aside),
        the deck drawn in order."""
        starts, deal = parts
        return cls(
            players=players,
            rules=rules,
            first_player=first_player,
            starts=list(starts[:players]),
            set_aside=list(starts[players:]),
            deal=list(deal),
        )

    @classmethod
    def _most_moves(cls, players: int, rules: Rules) -> int:
        return len(default_deck())

    @classmethod
    def _from_deal(
        cls, data: Mapping[str, Any], players: int, rules: Rules, first_player: int
    ) -> Game:
        """The saved start cards, the ones set aside and the draw order, each checked."""
        starts = _load_cards(data["starts"], "starts", players)
        set_aside = _load_cards(data["set_aside"], "set_aside", len(starting_cards()) - players)
        deal = _load_cards(data["deal"], "deal", len(default_deck()))
        require(
            Counter(starts + set_aside) == Counter(starting_cards()),
            "starts and set_aside must be the 5 start cards, each once",
        )
        require(Counter(deal) == Counter(default_deck()), "deal must be the 50 cards of the deck")
        parts = (tuple(starts + set_aside), tuple(deal))
        return cls.from_parts(players, rules, first_player, parts)


def _load_cards(raw: Any, name: str, count: int) -> list[Card]:
    """``count`` card texts read back as cards; ValueError naming ``name`` otherwise."""
    require(isinstance(raw, list), f"{name} must be a list of cards")
    require(len(raw) == count, f"{name} must hold {count} cards, got {len(raw)}")
    cards = []
    for text in raw:
        require(isinstance(text, str), f"{name} must hold cards as text, got {text!r}")
        cards.append(Card.from_text(text))
    return cards
