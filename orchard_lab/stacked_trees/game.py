"""A game of stacked trees for one or several players (ST-2, ST-3, ST-6, ST-7), and simulate.

Every player gets the same cards in the same order (ST-7: one "caller" deals) and builds an
own orchard from an own hand. Players take turns; a player whose hand has no legal placement
(or who has placed every card) is finished, and the game is over when all are.

>>> game = Game.new(players=1, seed=0)
>>> len(game.hand), game.is_over
(2, False)
>>> game.play(game.legal_moves()[0])
>>> len(game.boards[0].cards)
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from orchard_lab.core import IllegalMove, dump_save, load_save, make_rng, require, require_int
from orchard_lab.policies import run_games
from orchard_lab.stacked_trees.board import Board, _bits, illegal
from orchard_lab.stacked_trees.cards import ROTATIONS, Card, default_deck
from orchard_lab.stacked_trees.rules import Move, Rules

SAVE_NAME = "stacked_trees"
SAVE_FORMAT = 1


class Seat:
    """One player's side of the table: orchard, hand, how far down the caller's order."""

    __slots__ = ("board", "drawn", "finished", "hand")

    def __init__(self, board: Board, hand: list[Card], drawn: int) -> None:
        self.board, self.hand, self.drawn, self.finished = board, hand, drawn, False

    def copy(self) -> Seat:
        twin = Seat(self.board.copy(), list(self.hand), self.drawn)
        twin.finished = self.finished
        return twin


def has_placement(board: Board, hand: Sequence[Card]) -> bool:
    """Whether some card of ``hand`` has a legal placement on ``board`` (ST-6)."""
    return any(any(board._masks(card, rotation)) for card in set(hand) for rotation in ROTATIONS)


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
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
        self.rules = rules
        self.players = require_int(players, "players", 1)
        self.first_player = require_int(first_player, "first_player", 0, self.players - 1)
        self.order = tuple(order)
        self.set_aside = tuple(set_aside)
        for card in (*self.order, *self.set_aside):
            if not isinstance(card, Card):
                raise TypeError(f"cards must be Card values, got {card!r}")
        if len(self.order) != rules.cards_per_game:
            raise ValueError(
                f"the order must hold cards_per_game = {rules.cards_per_game} cards, "
                f"got {len(self.order)}"
            )
        self.history: list[tuple[int, Move]] = []
        self._reset()

    def _reset(self) -> None:
        hand_size = self.rules.hand_size
        self.seats = []
        for _ in range(self.players):
            seat = Seat(
                Board(self.order[0], self.rules),
                list(self.order[1 : 1 + hand_size]),
                min(1 + hand_size, len(self.order)),
            )
            seat.finished = not has_placement(seat.board, seat.hand)
            self.seats.append(seat)
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
        rules = Rules() if rules is None else rules
        deck = default_deck() if deck is None else list(deck)
        if len(deck) < rules.cards_per_game:
            raise ValueError(
                f"deck has {len(deck)} cards, fewer than cards_per_game = {rules.cards_per_game}"
            )
        shuffled = [deck[i] for i in make_rng(seed).permutation(len(deck))]
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
        ``cards_per_game`` is the length of the order.

        >>> cards = [Card.from_text("APL/LAP")] * 5
        >>> Game.deal(cards).hand
        (Card.from_text('APL/LAP'), Card.from_text('APL/LAP'))
        """
        rules = Rules() if rules is None else rules
        if isinstance(rules, Rules) and rules.cards_per_game != len(order):
            rules = replace(rules, cards_per_game=len(order))
        return cls(order, (), players, rules, first_player)

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
        return self.seats[player].finished

    def legal_moves(self) -> list[Move]:
        """Moves of the player to act: each distinct hand card, rotations 0..270, spots in
        reading order; a move that needs rotten tokens has ``rotten=True``. [] once over."""
        if self.is_over:
            return []
        seat = self.seats[self._current]
        moves = []
        for card in dict.fromkeys(seat.hand):
            for spot in seat.board.placements(card):
                moves.append(Move(card, spot.at, spot.rotation, spot.tokens > 0))
        return moves

    def scores(self) -> list[int]:
        return [seat.board.total for seat in self.seats]

    def winners(self) -> list[int]:
        """Highest score; tie: fewer rotten tokens, then more dice on the table (ST-7)."""
        keys = [
            (seat.board.total, -seat.board.rotten_used, len(seat.board._die)) for seat in self.seats
        ]
        best = max(keys)
        return [i for i, key in enumerate(keys) if key == best]

    def all_cards(self) -> list[Card]:
        """Every card each player holds in any zone: orchard, hand, still to draw, set aside."""
        cards = []
        for seat in self.seats:
            cards += [*seat.board.cards, *seat.hand, *self.order[seat.drawn :], *self.set_aside]
        return cards

    # -- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Play ``move`` for the player to act; IllegalMove (state unchanged) if not allowed."""
        if not isinstance(move, Move):
            raise illegal("ST-3", f"a move is a Move(card, at, rotation, rotten), not {move!r}")
        if self.is_over:
            raise illegal("ST-6", "the game is over: no more cards can be played")
        player = self._current
        seat = self.seats[player]
        if move.card not in seat.hand:
            raise illegal("ST-3", f"the card {move.card} is not in your hand")
        seat.board.place(move.card, move.at, move.rotation, move.rotten)
        self._after_place(seat, move.card)
        self.history.append((player, Move(move.card, move.at, move.rotation % 360, move.rotten)))
        self._advance()

    def _after_place(self, seat: Seat, card: Card) -> None:
        """Draw back up while the order lasts; finish the player if stuck (ST-3, ST-6)."""
        seat.hand.remove(card)
        while len(seat.hand) < self.rules.hand_size and seat.drawn < len(self.order):
            seat.hand.append(self.order[seat.drawn])
            seat.drawn += 1
        seat.finished = not has_placement(seat.board, seat.hand)

    def _advance(self) -> None:
        """Pass the turn to the next player who is not finished."""
        for step in range(1, self.players + 1):
            candidate = (self._current + step) % self.players
            if not self.seats[candidate].finished:
                self._current = candidate
                return

    def undo(self) -> None:
        """Take back the last move (ValueError when nothing has been played)."""
        if not self.history:
            raise ValueError("nothing to undo: no move has been played")
        moves = self.history[:-1]
        self.history = []
        self._reset()
        for _, move in moves:
            self.play(move)

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move`` (IllegalMove if not allowed); no change."""
        board = self.seats[self._current].board
        return board.total + board.gain(move.card, move.at, move.rotation, move.rotten)

    def copy(self) -> Game:
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.seats = [seat.copy() for seat in self.seats]
        twin.history = list(self.history)
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
        rules = self.rules
        return dump_save(
            SAVE_NAME,
            SAVE_FORMAT,
            {
                "rules": {
                    "dice_per_fruit": rules.dice_per_fruit,
                    "rotten_tokens": rules.rotten_tokens,
                    "rotten_penalty": rules.rotten_penalty,
                    "ladder": list(rules.ladder),
                    "cards_per_game": rules.cards_per_game,
                    "hand_size": rules.hand_size,
                },
                "players": self.players,
                "first_player": self.first_player,
                "order": [str(card) for card in self.order],
                "set_aside": [str(card) for card in self.set_aside],
                "moves": [
                    [player, str(m.card), m.at[0], m.at[1], m.rotation, m.rotten]
                    for player, m in self.history
                ],
            },
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved game, checking everything; ValueError says what is wrong."""
        data = load_save(text, SAVE_NAME, SAVE_FORMAT)
        expected = {
            "game",
            "format",
            "rules",
            "players",
            "first_player",
            "order",
            "set_aside",
            "moves",
        }
        require(set(data) == expected, f"a saved game has exactly the fields {sorted(expected)}")
        raw = data["rules"]
        require(isinstance(raw, dict), "rules must be an object")
        require(set(raw) == set(Rules.__dataclass_fields__), "rules must name every switch")
        ladder = raw["ladder"]
        require(isinstance(ladder, list), "rules.ladder must be a list of numbers")
        try:
            rules = Rules(**{**raw, "ladder": tuple(ladder)})
        except TypeError as exc:
            raise ValueError(f"bad rules: {exc}") from None
        players = require_int(data["players"], "players", 1, 64)
        first = require_int(data["first_player"], "first_player", 0, players - 1)
        order = _cards(data["order"], "order")
        set_aside = _cards(data["set_aside"], "set_aside")
        game = cls(order, set_aside, players, rules, first)
        moves = data["moves"]
        require(isinstance(moves, list), "moves must be a list")
        for i, entry in enumerate(moves):
            require(
                isinstance(entry, list) and len(entry) == 6,
                f"move {i} must be [player, card, row, col, rotation, rotten]",
            )
            player, card_text, row, col, rotation, rotten = entry
            require_int(player, f"move {i} player", 0, players - 1)
            require(player == game.current_player, f"move {i} is not player {player}'s turn")
            card = _cards([card_text], f"move {i} card")[0]
            row = require_int(row, f"move {i} row")
            col = require_int(col, f"move {i} col")
            rotation = require_int(rotation, f"move {i} rotation")
            require(rotation in ROTATIONS, f"move {i} rotation must be 0, 90, 180 or 270")
            require(isinstance(rotten, bool), f"move {i} rotten must be true or false")
            try:
                game.play(Move(card, (row, col), rotation, rotten))
            except IllegalMove as exc:
                raise ValueError(f"move {i} is illegal: {exc}") from None
        return game


def _cards(texts: Any, name: str) -> list[Card]:
    require(isinstance(texts, list), f"{name} must be a list of cards like 'APL/LAP'")
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


# -- fast play for simulate -------------------------------------------------------------------
def random_turn(board: Board, hand: Sequence[Card], rng: np.random.Generator) -> Card | None:
    """Place a uniformly random legal placement of a hand card, exactly the one ``RandomPolicy``
    would pick from ``legal_moves()`` with the same generator; return the card played, None if
    there is none (then nothing is drawn from ``rng``)."""
    options = []
    total = 0
    for card in dict.fromkeys(hand):
        for rotation in ROTATIONS:
            free, one, two = board._masks(card, rotation)
            mask = free | one | two
            if mask:
                options.append((card, rotation, mask))
                total += mask.bit_count()
    if not total:
        return None
    pick = int(rng.integers(total))
    for card, rotation, mask in options:
        n = mask.bit_count()
        if pick < n:
            pos = next(p for i, p in enumerate(_bits(mask)) if i == pick)
            board._place_at(card, pos, rotation)
            return card
        pick -= n
    raise AssertionError("unreachable: pick < total")


def greedy_turn(board: Board, hand: Sequence[Card]) -> Card | None:
    """Place the legal placement with the best score right after it (ties: the first in
    ``legal_moves()`` order), like ``GreedyPolicy``; return the card, None if there is none."""
    best = None
    best_gain = None
    for card in dict.fromkeys(hand):
        for rotation in ROTATIONS:
            free, one, two = board._masks(card, rotation)
            for pos in _bits(free | one | two):
                gain = board._gain(card, pos, rotation)
                if best_gain is None or gain > best_gain:
                    best_gain, best = gain, (card, pos, rotation)
    if best is None:
        return None
    card, pos, rotation = best
    board._place_at(card, pos, rotation)
    return card


def play_table(
    order: Sequence[Card],
    rules: Rules,
    turn: Callable[[Board, list[Card]], Card | None],
    players: int = 1,
) -> list[Board]:
    """Play every orchard over ``order`` to the end, players taking turns as in ``Game``, with
    a turn function (``random_turn``, ``greedy_turn``); return the boards."""
    boards = [Board(order[0], rules) for _ in range(players)]
    hands = [list(order[1 : 1 + rules.hand_size]) for _ in range(players)]
    drawn = [1 + len(hands[0])] * players
    playing = list(range(players))
    while playing:
        for player in list(playing):
            hand = hands[player]
            card = turn(boards[player], hand) if hand else None
            if card is None:
                playing.remove(player)
                continue
            hand.remove(card)
            if drawn[player] < len(order):
                hand.append(order[drawn[player]])
                drawn[player] += 1
    return boards


def _lookahead(rng: np.random.Generator, rollouts: int) -> Callable[[Game], Move]:
    """This game's ``LookaheadPolicy`` (search imports this module, hence the late import)."""
    from orchard_lab.stacked_trees.search import LookaheadPolicy

    return LookaheadPolicy(rollouts=rollouts, seed=rng)


def simulate(
    games: int = 1000,
    players: int = 1,
    policy: str | Callable[[Game], Move] = "greedy",
    seed: int | None = 0,
    rules: Rules | None = None,
    rollouts: int = 8,
) -> np.ndarray:
    """Final scores, shape (games, players), of seeded games played by one policy.

    "random" and "greedy" run on a fast path over bare boards that makes exactly the choices of
    ``RandomPolicy`` and ``GreedyPolicy`` in ``run_games`` (same seeds, same results);
    "lookahead" (this game's ``LookaheadPolicy``) and callables play whole games.

    >>> simulate(games=3, policy="greedy", seed=1).shape
    (3, 1)
    """
    rules = Rules() if rules is None else rules
    players = require_int(players, "players", 1)
    if not isinstance(policy, str) or policy not in ("random", "greedy"):
        return run_games(
            lambda s: Game.new(players=players, seed=s, rules=rules),
            games,
            players,
            policy,
            seed,
            rollouts,
            faster={"lookahead": _lookahead},
        )
    games = require_int(games, "games", 0)
    deck = default_deck()
    if rules.cards_per_game > len(deck):
        raise ValueError(
            f"cards_per_game = {rules.cards_per_game} is more than the deck's {len(deck)} cards"
        )
    rng = make_rng(seed)
    game_seeds = rng.integers(0, 2**63 - 1, size=games)
    if policy == "random":

        def turn(board, hand):
            return random_turn(board, hand, rng)
    else:
        turn = greedy_turn
    results = np.zeros((games, players), dtype=np.int64)
    for i, game_seed in enumerate(game_seeds):
        order = [deck[j] for j in make_rng(int(game_seed)).permutation(len(deck))]
        order = order[: rules.cards_per_game]
        results[i] = [board.total for board in play_table(order, rules, turn, players)]
    return results
