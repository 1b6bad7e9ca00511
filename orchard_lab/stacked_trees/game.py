"""A game of stacked trees for one or several players (ST-2, ST-3, ST-6, ST-7).

Every player gets the same cards in the same order (ST-7: one "caller" deals) and builds an
own orchard from an own hand. Players take turns; a player whose hand has no legal placement
(or who has placed every card) is finished, and the game is over when all are.

>>> game = Game.new(players=1, seed=0)
>>> len(game.hand), game.is_over
(2, False)
>>> game.play(game.legal_moves()[0])
>>> len(game.boards[0].cards()), len(game.history)
(2, 1)
>>> game.undo(); game.history
()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from orchard_lab.core import (
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
from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.cards import Card, default_deck
from orchard_lab.stacked_trees.codes import read_code
from orchard_lab.stacked_trees.rules import FACTS, MAX_DECK, Move, Rules, rating

SAVE_NAME = "stacked_trees"
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


class Game:
    """A seeded game; see the module docstring. Build one with ``Game.new`` or ``Game.deal``."""

    def __init__(
        self,
        order: Sequence[Card],
        set_aside: Sequence[Card] = (),
        players: int = 1,
        rules: Rules | None = None,
        first_player: int = 0,
    ) -> None:
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        self.rules = rules
        self.players = FACTS.check_players(players)
        self.first_player = check_int(first_player, "first_player", 0, self.players - 1)
        self.order = check_cards(order, "order")
        self.set_aside = check_cards(set_aside, "set_aside")
        if len(self.order) != rules.cards_per_game:
            raise ValueError(
                f"the order must hold cards_per_game = {rules.cards_per_game} cards, "
                f"got {len(self.order)}"
            )
        hand_size = rules.hand_size
        self.seats: list[Seat] = []
        for _ in range(self.players):
            seat = Seat(
                Board(self.order[0], rules),
                list(self.order[1 : 1 + hand_size]),
                min(1 + hand_size, len(self.order)),
            )
            seat.finished = not seat.board.fits_any(seat.hand)
            self.seats.append(seat)
        self._history: list[tuple[int, Move]] = []
        self._undo: list[tuple[int, tuple[Card, ...], int]] = []
        self._current = self.first_player
        if self.seats[self._current].finished:
            self._advance()

    @classmethod
    def new(
        cls,
        players: int = 1,
        seed: int | np.random.Generator | None = 0,
        rules: Rules | None = None,
        first_player: int = 0,
        deck: Sequence[Card] | None = None,
    ) -> Game:
        """Shuffle the deck (default: the 18 cards), deal ``cards_per_game``, set the rest aside.

        >>> Game.new(seed=3).order == Game.new(seed=3).order
        True
        """
        rules = Rules() if rules is None else check_type(rules, Rules, "rules")
        FACTS.check_players(players)
        cards = default_deck() if deck is None else list(check_cards(deck, "deck"))
        if len(cards) < rules.cards_per_game:
            raise ValueError(
                f"deck has {len(cards)} cards, fewer than cards_per_game = {rules.cards_per_game}"
            )
        shuffled = [cards[i] for i in make_rng(seed).permutation(len(cards))]
        n = rules.cards_per_game
        return cls(shuffled[:n], shuffled[n:], players, rules, first_player)

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
    def history(self) -> tuple[tuple[int, Move], ...]:
        """The (player, move) pairs played so far, oldest first."""
        return tuple(self._history)

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

    def scores(self) -> list[int]:
        return [seat.board.total for seat in self.seats]

    def _ranking(self) -> list[tuple[int, int, int]]:
        """Per player the ST-7 key: (score, -rotten tokens, dice on the table)."""
        return [
            (seat.board.total, -seat.board.rotten_used, len(seat.board.grid_dice))
            for seat in self.seats
        ]

    def winners(self) -> list[int]:
        """Highest score; tie: fewer rotten tokens, then more dice on the table (ST-7)."""
        keys = self._ranking()
        best = max(keys)
        return [i for i, key in enumerate(keys) if key == best]

    def winner_reason(self) -> str:
        """The result in words, naming the ST-7 tie-break when it decided; solo: the score and
        its rating (ST-6).

        >>> Game.new(players=1).winner_reason()
        'Solo game: 0 points so far (Pal-tree).'
        """
        keys = self._ranking()
        if self.players == 1:
            return f"Solo game: {_points(keys[0][0])}{'' if self.is_over else ' so far'} " + (
                f"({rating(keys[0][0])})."
            )
        verb = "wins" if self.is_over else "leads"
        top = max(key[0] for key in keys)
        tied = [i for i, key in enumerate(keys) if key[0] == top]
        winners = self.winners()
        if len(tied) == 1:
            return f"Player {tied[0]} {verb} with {_points(top)}."
        names = _names(tied)
        if len(winners) == len(tied):
            used, dice = -keys[tied[0]][1], keys[tied[0]][2]
            return (
                f"{names} share the {'win' if self.is_over else 'lead'}: {_points(top)}, "
                f"{_count(used, 'rotten token')} and {_count(dice, 'die', 'dice')} each (ST-7)."
            )
        who = _names(winners, "player")
        verb = verb if len(winners) == 1 else verb.removesuffix("s")
        fewest = max(keys[i][1] for i in tied)
        if any(keys[i][1] != fewest for i in tied):
            others = sorted({-keys[i][1] for i in tied} - {-fewest})
            return (
                f"{names} tie on {_points(top)}; {who} {verb} the tie-break (ST-7) with fewer "
                f"rotten tokens: {-fewest} against {' or '.join(map(str, others))}."
            )
        most = sorted({keys[i][2] for i in tied}, reverse=True)
        return (
            f"{names} tie on {_points(top)} and rotten tokens; {who} {verb} the tie-break (ST-7) "
            f"with more dice on the table: {most[0]} against {' or '.join(map(str, most[1:]))}."
        )

    def all_cards(self) -> list[Card]:
        """Every card each player holds in any zone: orchard, hand, still to draw, set aside."""
        cards = []
        for seat in self.seats:
            cards += [*seat.board.cards(), *seat.hand, *self.order[seat.drawn :], *self.set_aside]
        return cards

    def __repr__(self) -> str:
        seat = self.seats[self._current]
        placed = len(seat.board.cards())
        state = "over" if self.is_over else f"card {placed + 1} of {len(self.order)}"
        players = f"{self.players} player{'' if self.players == 1 else 's'}"
        return f"<stacked trees: {players}, {state}, scores {self.scores()}>"

    # -- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Play ``move`` for the player to act; IllegalMove (state unchanged) if not allowed."""
        check_type(move, Move, "move")
        if self.is_over:
            raise illegal("ST-6", "End and score", "the game is over: no card can be played.")
        player = self._current
        seat = self.seats[player]
        if move.card not in seat.hand:
            raise illegal("ST-3", "A turn", f"the card {move.card} is not in your hand.")
        seat.board.place(move.card, move.at, move.rotation, move.rotten)
        self._undo.append((player, tuple(seat.hand), seat.drawn))
        seat.hand.remove(move.card)
        while len(seat.hand) < self.rules.hand_size and seat.drawn < len(self.order):
            seat.hand.append(self.order[seat.drawn])
            seat.drawn += 1
        seat.finished = not seat.board.fits_any(seat.hand)
        self._history.append((player, move))
        self._advance()

    def _advance(self) -> None:
        """Pass the turn to the next player who is not finished."""
        for step in range(1, self.players + 1):
            candidate = (self._current + step) % self.players
            if not self.seats[candidate].finished:
                self._current = candidate
                return

    def undo(self) -> None:
        """Take back the last move exactly, without replaying the game (ValueError when nothing
        has been played)."""
        if not self._history:
            raise ValueError("nothing to undo: no move has been played")
        player, hand, drawn = self._undo.pop()
        self._history.pop()
        seat = self.seats[player]
        seat.board.undo()
        seat.hand, seat.drawn, seat.finished = list(hand), drawn, False
        self._current = player

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move`` (IllegalMove if not allowed); no change."""
        board = self.seats[self._current].board
        return board.total + board.gain(move.card, move.at, move.rotation, move.rotten)

    def snapshot(self) -> dict[str, Any]:
        """Everything the players see (``core.game_snapshot``): here also each player's
        hand, how far each has drawn and who has finished.

        >>> Game.new(seed=0).snapshot()["finished"]
        (False,)
        """
        seats = self.seats
        return game_snapshot(
            self,
            hands=tuple(tuple(seat.hand) for seat in seats),
            drawn=tuple(seat.drawn for seat in seats),
            finished=tuple(seat.finished for seat in seats),
        )

    def copy(self) -> Game:
        """An independent copy."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.seats = [seat.copy() for seat in self.seats]
        twin._history = list(self._history)
        twin._undo = list(self._undo)
        return twin

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
    def to_json(self) -> str:
        """Plain JSON: rules, the order, the set-aside cards and every move played."""
        return dump_save(
            SAVE_NAME,
            SAVE_FORMAT,
            {
                "rules": rules_to_dict(self.rules),
                "players": self.players,
                "first_player": self.first_player,
                "order": [str(card) for card in self.order],
                "set_aside": [str(card) for card in self.set_aside],
                "moves": [move_row(player, move) for player, move in self._history],
            },
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved game, checking every limit before any work; ValueError says what is
        wrong."""
        data = load_save(text, SAVE_NAME, SAVE_FORMAT)
        expected = {"game", "format", "rules", "players", "first_player"}
        expected |= {"order", "set_aside", "moves"}
        require(set(data) == expected, f"a saved game has exactly the fields {sorted(expected)}")
        raw = data["rules"]
        require(isinstance(raw, dict), "rules must be an object")
        require(set(raw) == set(Rules.__dataclass_fields__), "rules must name every switch")
        rules = rules_from_dict(Rules, raw)
        players = require_int(data["players"], "players", FACTS.min_players, FACTS.max_players)
        first = require_int(data["first_player"], "first_player", 0, players - 1)
        order = _cards(data["order"], "order")
        set_aside = _cards(data["set_aside"], "set_aside")
        moves = data["moves"]
        require(isinstance(moves, list), "moves must be a list")
        most = players * (rules.cards_per_game - 1)
        require(len(moves) <= most, f"moves: at most {most} moves fit in this game")
        game = cls(order, set_aside, players, rules, first)
        for i, row in enumerate(moves):
            player, move = read_move_row(row, i, Move, Card)
            require(player == game.current_player, f"move {i} is not player {player}'s turn")
            try:
                game.play(move)
            except ValueError as exc:
                raise ValueError(f"move {i} is illegal: {exc}") from None
        return game


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


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def _names(players: list[int], word: str = "Player") -> str:
    if len(players) == 1:
        return f"{word} {players[0]}"
    listed = [str(i) for i in players]
    return f"{word}s {', '.join(listed[:-1])} and {listed[-1]}"
