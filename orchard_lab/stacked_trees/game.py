"""A game of stacked trees for one or several players (ST-2, ST-3, ST-6, ST-7).

Every player gets the same cards in the same order (ST-7: one "caller" deals) and builds an
own orchard from an own hand. Players take turns; a player whose hand has no legal placement
(or who has placed every card) is finished, and the game is over when all are.

>>> game = Game.new(players=1, seed=0)
>>> len(game.hand), game.is_over
(2, False)
>>> move = game.legal_moves()[0]
>>> game.play(move)
>>> len(game.boards[0].cards()), len(game.history)
(2, 1)
>>> game.undo() == move, game.history
(True, ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from orchard_lab.core import IllegalMove, check_int, check_type, illegal, make_rng, require
from orchard_lab.game_base import BaseGame, Parts, SaveLayout, TieBreak
from orchard_lab.language import _, _n
from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.cards import Card, default_deck
from orchard_lab.stacked_trees.codes import read_code
from orchard_lab.stacked_trees.rules import FACTS, MAX_DECK, Move, Rules, rating

__all__ = ["SAVE_FORMAT", "SAVE_NAME", "Game", "Seat", "check_cards"]


def _tokens(count: int) -> str:
    """ST-7's first tie-break count in words: '2 rotten tokens'."""
    return _n("{count} rotten token", "{count} rotten tokens", count).format(count=count)


def _dice(count: int) -> str:
    """ST-7's second tie-break count in words: '5 dice'."""
    return _n("{count} die", "{count} dice", count).format(count=count)


SAVE_NAME = FACTS.name
SAVE_FORMAT = 2  # 2: rules by core.rules_to_dict, moves by core.move_row


class Seat:
    """One player's side of the table: orchard, hand, how far down the caller's order."""

    __slots__ = ("board", "drawn", "finished", "hand")

    def __init__(self, board: Board, hand: list[Card], drawn: int) -> None:
        self.board, self.hand, self.drawn, self.finished = board, hand, drawn, False

    def copy(self) -> Seat:
        twin = Seat(self.board.copy(), list(self.hand), self.drawn)
        twin.finished = self.finished
        return twin


def check_cards(cards: Any, name: str) -> tuple[Card, ...]:
    """A sequence of unturned cards (2 rows of 3), at most ``MAX_DECK``: TypeError or ValueError
    naming ``name``."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise TypeError(f"{name} must be a sequence of Card values, not {type(cards).__name__}")
    if len(cards) > MAX_DECK:
        raise ValueError(f"{name} may hold at most {MAX_DECK} cards, got {len(cards)}")
    for card in cards:
        check_type(card, Card, f"{name}'s cards")
        if card.height != 2:
            raise ValueError(
                f"{name}: a card is dealt with 2 rows of 3 trees, not turned like {card}"
            )
    return tuple(cards)


class Game(BaseGame[Move, Board]):
    """A seeded game; see the module docstring. Build one with ``Game.new`` (the 18 cards, or a
    deck of the caller's, shuffled; ``cards_per_game`` dealt, the rest set aside; one player
    unless told: ST-2..ST-6 are one orchard's game) or ``Game.deal``.

    >>> Game.new(seed=3).order == Game.new(seed=3).order
    True
    """

    facts = FACTS
    rules_type = Rules
    move_type = Move
    saves = SaveLayout(
        SAVE_FORMAT, frozenset({"order", "set_aside"}), Card, names_every_switch=True
    )
    tie_breaks = (
        TieBreak("tokens", _tokens, fewer=True),
        TieBreak("dice", _dice),
    )
    rules: Rules

    def __init__(
        self,
        order: Sequence[Card],
        set_aside: Sequence[Card] = (),
        players: int = 1,
        rules: Rules | None = None,
        first_player: int = 0,
    ) -> None:
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        players = FACTS.check_players(players)
        self._begin(players, rules, check_int(first_player, "first_player", 0, players - 1))
        self.order = check_cards(order, "order")
        self.set_aside = check_cards(set_aside, "set_aside")
        if len(self.order) != rules.cards_per_game:
            raise ValueError(
                f"the order must hold cards_per_game = {rules.cards_per_game} cards, "
                f"got {len(self.order)}"
            )
        hand_size = rules.hand_size
        self.seats: list[Seat] = []
        for _player in range(self.players):
            seat = Seat(
                Board(self.order[0], rules),
                list(self.order[1 : 1 + hand_size]),
                min(1 + hand_size, len(self.order)),
            )
            seat.finished = not seat.board.fits_any(seat.hand)
            self.seats.append(seat)
        self._current = self.first_player
        if self.seats[self._current].finished:
            self._advance()

    @classmethod
    def _deck_parts(cls, deck: Sequence[Card]) -> Parts:
        """A deck of the caller's: its cards (``check_cards``)."""
        return (check_cards(deck, "deck"),)

    @classmethod
    def _check_deal(cls, parts: Parts, players: int, rules: Rules) -> None:
        cards, needed = len(parts[0]), rules.cards_per_game
        if cards < needed:
            raise ValueError(f"deck has {cards} cards, fewer than cards_per_game = {needed}")

    @classmethod
    def deal(
        cls,
        order: Sequence[Card],
        players: int = 1,
        rules: Rules | None = None,
        first_player: int = 0,
    ) -> Game:
        """A game over a given card order (the caller's order), nothing set aside; its
        ``cards_per_game`` is the length of the order. Cards are dealt unturned.

        >>> cards = [Card.from_text("APL/LAP")] * 5
        >>> Game.deal(cards).hand
        (Card.from_text('APL/LAP'), Card.from_text('APL/LAP'))
        """
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        order = check_cards(order, "order")
        if rules.cards_per_game != len(order):
            rules = replace(rules, cards_per_game=len(order))
        return cls(order, (), players, rules, first_player)

    @classmethod
    def from_code(
        cls,
        code: str,
        players: int = 1,
        rules: Rules | None = None,
        first_player: int = 0,
    ) -> Game:
        """The deal of a class challenge code (``codes.deal_code``): everyone who types the
        same code gets the same cards in the same order; the other cards of the box are set
        aside. ``cards_per_game`` is the code's number of cards. ValueError for a broken code.

        >>> Game.from_code("ST-47QS-4Z79").order == tuple(default_deck()[:9])
        True
        """
        order = read_code(code)
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        if rules.cards_per_game != len(order):
            rules = replace(rules, cards_per_game=len(order))
        rest = [card for card in default_deck() if card not in order]
        return cls(order, rest, players, rules, first_player)

    # -- reading the game -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._current

    @property
    def boards(self) -> tuple[Board, ...]:
        return tuple(seat.board for seat in self.seats)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards in hand of the player to act."""
        return tuple(self.seats[self._current].hand)

    def hands(self) -> list[tuple[Card, ...]]:
        """Every player's hand."""
        return [tuple(seat.hand) for seat in self.seats]

    @property
    def is_over(self) -> bool:
        return all(seat.finished for seat in self.seats)

    def finished(self, player: int) -> bool:
        """Whether ``player`` has placed every card or cannot place any card in hand (ST-6)."""
        return self.seats[check_int(player, "player", 0, self.players - 1)].finished

    def legal_moves(self) -> list[Move]:
        """Moves of the player to act: each distinct hand card, rotations 0..270, spots in
        reading order; a move that needs rotten tokens has ``rotten=True``. [] once over."""
        if self.is_over:
            return []
        seat = self.seats[self._current]
        moves = []
        for card in dict.fromkeys(seat.hand):
            for at, rotation, tokens in seat.board.legal_spots(card):
                moves.append(Move(card, at, rotation, tokens > 0))
        return moves

    def _tie_counts(self, player: int) -> tuple[int, ...]:
        """ST-7: on a tie, fewer rotten tokens used, then more dice on the table."""
        board = self.seats[player].board
        return (board.rotten_used, len(board.grid_dice))

    def _solo_rating(self, total: int) -> str:
        """ST-6: a solo score comes with its rating.

        >>> Game.new(players=1).winner_reason()
        'Solo game: 0 points so far (Pal-tree).'
        """
        return _(rating(total))

    def _tie_decided(self, tie: int, over: bool, winners: int) -> str:
        """ST-7's tie-breaks decided: fewer rotten tokens (``tie`` 0), then more dice (1)."""
        if tie == 0 and over:
            return _n(
                "Players {players} tie on {points}; player {winners} wins the tie-break ({rule}) "
                "with fewer rotten tokens: {best} against {others}.",
                "Players {players} tie on {points}; players {winners} win the tie-break ({rule}) "
                "with fewer rotten tokens: {best} against {others}.",
                winners,
            )
        if tie == 0:
            return _n(
                "Players {players} tie on {points}; player {winners} leads the tie-break ({rule}) "
                "with fewer rotten tokens: {best} against {others}.",
                "Players {players} tie on {points}; players {winners} lead the tie-break ({rule}) "
                "with fewer rotten tokens: {best} against {others}.",
                winners,
            )
        if over:
            return _n(
                "Players {players} tie on {points} and rotten tokens; player {winners} wins the "
                "tie-break ({rule}) with more dice on the table: {best} against {others}.",
                "Players {players} tie on {points} and rotten tokens; players {winners} win the "
                "tie-break ({rule}) with more dice on the table: {best} against {others}.",
                winners,
            )
        return _n(
            "Players {players} tie on {points} and rotten tokens; player {winners} leads the "
            "tie-break ({rule}) with more dice on the table: {best} against {others}.",
            "Players {players} tie on {points} and rotten tokens; players {winners} lead the "
            "tie-break ({rule}) with more dice on the table: {best} against {others}.",
            winners,
        )

    def _tie_shared(self, over: bool, told: bool = False) -> str:
        """ST-7: level on points, rotten tokens and dice, the players share (``told``: a
        finished game's sentence says only the tie, "You share the win." being said already)."""
        # Translators: {tokens} is "2 rotten tokens", {dice} "5 dice", in the language's words
        if told:
            return _("Players {players} tie on {points}, {tokens} and {dice} each ({rule}).")
        # Translators: {tokens} is "2 rotten tokens", {dice} "5 dice", in the language's words
        if over:
            return _(
                "Players {players} share the win: {points}, {tokens} and {dice} each ({rule})."
            )
        return _("Players {players} share the lead: {points}, {tokens} and {dice} each ({rule}).")

    def all_cards(self) -> list[Card]:
        """Every card each player holds in any zone: orchard, hand, still to draw, set aside."""
        cards = []
        for seat in self.seats:
            cards += [*seat.board.cards(), *seat.hand, *self.order[seat.drawn :], *self.set_aside]
        return cards

    def _progress(self) -> str:
        placed = len(self.seats[self._current].board.cards())
        return "over" if self.is_over else f"card {placed + 1} of {len(self.order)}"

    # -- playing --------------------------------------------------------------------------
    def _game_over(self) -> IllegalMove:
        return illegal("ST-6", _("End and score"), _("the game is over: no card can be played."))

    def _move(self, player: int, move: Move) -> tuple[tuple[Card, ...], int]:
        """Place ``move`` and draw back up; the step: the hand and the cards drawn before."""
        seat = self.seats[player]
        if move.card not in seat.hand:
            raise illegal(
                "ST-3",
                _("A turn"),
                _("the card {card} is not in your hand.").format(card=move.card),
            )
        seat.board.place(move.card, move.at, move.rotation, move.rotten)
        step = (tuple(seat.hand), seat.drawn)
        seat.hand.remove(move.card)
        while len(seat.hand) < self.rules.hand_size and seat.drawn < len(self.order):
            seat.hand.append(self.order[seat.drawn])
            seat.drawn += 1
        seat.finished = not seat.board.fits_any(seat.hand)
        self._advance()
        return step

    def _advance(self) -> None:
        """Pass the turn to the next player who is not finished."""
        for step in range(1, self.players + 1):
            candidate = (self._current + step) % self.players
            if not self.seats[candidate].finished:
                self._current = candidate
                return

    def _take_back(self, player: int, move: Move, step: tuple[tuple[Card, ...], int]) -> None:
        hand, drawn = step
        seat = self.seats[player]
        seat.board.undo()
        seat.hand, seat.drawn, seat.finished = list(hand), drawn, False
        self._current = player

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move`` (IllegalMove if not allowed); no change."""
        board = self.seats[self._current].board
        return board.total + board.gain(move.card, move.at, move.rotation, move.rotten)

    def _zones(self) -> dict[str, Any]:
        """Shown besides the boards: each player's hand, how far each has drawn and who has
        finished.

        >>> Game.new(seed=0).snapshot()["finished"]
        (False,)
        """
        seats = self.seats
        return {
            "hands": tuple(tuple(seat.hand) for seat in seats),
            "drawn": tuple(seat.drawn for seat in seats),
            "finished": tuple(seat.finished for seat in seats),
        }

    def _copy_zones(self, other: Game) -> None:
        other.seats = [seat.copy() for seat in self.seats]

    def determinized(self, rng: np.random.Generator) -> Game:
        """A copy in which the cards nobody has drawn yet and the set-aside cards are reshuffled.

        What the player to act can see: the orchards, the hands, and every card some player has
        drawn already (all players share one order); the rest is reshuffled.
        """
        twin = self.copy()
        seen = max(seat.drawn for seat in self.seats)
        hidden = [*self.order[seen:], *self.set_aside]
        shuffled = [hidden[i] for i in make_rng(rng).permutation(len(hidden))]
        cut = len(self.order) - seen
        twin.order = (*self.order[:seen], *shuffled[:cut])
        twin.set_aside = tuple(shuffled[cut:])
        return twin

    # -- saving ---------------------------------------------------------------------------
    def _deal_to_save(self) -> dict[str, Any]:
        return {
            "order": [str(card) for card in self.order],
            "set_aside": [str(card) for card in self.set_aside],
        }

    # -- the deal as result codes store it -----------------------------------------------
    @classmethod
    def standard_parts(cls) -> Parts:
        """The standard cards, part by part: the deck."""
        return (tuple(default_deck()),)

    def deal_parts(self) -> Parts:
        """The deal part by part: the cards in play in their order, then those set aside."""
        return (tuple(self.order) + tuple(self.set_aside),)

    @classmethod
    def from_parts(cls, players: int, rules: Rules, first_player: int, parts: Parts) -> Game:
        """A new game of ``players``: the first ``cards_per_game`` cards in play, in order."""
        cut = rules.cards_per_game
        return cls(parts[0][:cut], parts[0][cut:], players, rules, first_player)

    @classmethod
    def _most_moves(cls, players: int, rules: Rules) -> int:
        return players * (rules.cards_per_game - 1)

    @classmethod
    def _from_deal(
        cls, data: Mapping[str, Any], players: int, rules: Rules, first_player: int
    ) -> Game:
        return cls(
            _cards(data["order"], "order"),
            _cards(data["set_aside"], "set_aside"),
            players,
            rules,
            first_player,
        )


def _cards(texts: Any, name: str) -> list[Card]:
    """Card texts of a save, at most ``MAX_DECK``, each unturned (ValueError otherwise)."""
    require(isinstance(texts, list), f"{name} must be a list of cards like 'APL/LAP'")
    require(len(texts) <= MAX_DECK, f"{name} may hold at most {MAX_DECK} cards")
    cards = []
    for text in texts:
        require(isinstance(text, str), f"{name} must hold card texts, got {text!r}")
        try:
            card = Card.from_text(text)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{name}: {exc}") from None
        require(card.height == 2, f"{name}: a card is written with 2 rows, got {text!r}")
        cards.append(card)
    return cards
