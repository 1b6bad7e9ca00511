"""A game of water drops (WD-2, WD-5): players draft from a face-up market into their orchards.

>>> game = Game.new(players=2, seed=1)
>>> len(game.market), game.current_player
(4, 0)
>>> game.play(game.legal_moves()[0])
>>> game.current_player, len(game.market)
(1, 3)
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache
from typing import Any

import numpy as np

from orchard_lab import policies
from orchard_lab.core import IllegalMove, dump_save, load_save, make_rng, require, require_int
from orchard_lab.water_drops.board import (
    ROTATIONS,
    Board,
    Move,
    Rules,
    _Shape,
    _shape,
)
from orchard_lab.water_drops.cards import Card, default_deck, starting_cards

__all__ = ["FORMAT", "GAME", "Game", "market_size", "simulate"]

GAME = "water_drops"
FORMAT = 1
MAX_PLAYERS = 5


def market_size(players: int) -> int:
    """Cards in a full market (WD-2): one per player, but 4 with 2 players.

    >>> [market_size(n) for n in range(1, 6)]
    [1, 4, 3, 4, 5]
    """
    return 4 if players == 2 else players


class Game:
    """A seeded game for 1-5 players (1 = practice). Build one with ``Game.new``."""

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
        self.players = players
        self.rules = rules
        self.first_player = first_player
        self.set_aside = tuple(set_aside)
        self._deal = list(deal)  # the draw order; _deal[_drawn:] is the face-down pile
        self._drawn = 0
        self._market: list[Card] = []
        self._round_first = first_player
        self._taken = 0
        self._history: list[tuple[Move, int, tuple[Any, ...]]] = []
        self._boards = [Board(start=card, rules=rules) for card in starts]
        cards_each = math.ceil(len(deal) / players) + 1
        if rules.max_size is not None and rules.max_size[0] * rules.max_size[1] < cards_each:
            rows, cols = rules.max_size
            raise ValueError(
                f"max_size {rows}×{cols} holds {rows * cols} cards, but with {players} "
                f"player(s) an orchard gets up to {cards_each}"
            )
        self._refill()

    @classmethod
    def new(
        cls,
        players: int = 2,
        seed: int | np.random.Generator | None = 0,
        rules: Rules | None = None,
        first_player: int = 0,
    ) -> Game:
        """Deal a game: different starting cards at random (WD-2), the deck shuffled.

        >>> Game.new(players=3, seed=7).to_json() == Game.new(players=3, seed=7).to_json()
        True
        """
        players = require_int(players, "players", 1, MAX_PLAYERS)
        first_player = require_int(first_player, "first_player", 0, players - 1)
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be water_drops.Rules, not {type(rules).__name__}")
        rng = make_rng(seed)
        starts = [starting_cards()[i] for i in rng.permutation(len(starting_cards()))]
        deck = default_deck()
        deal = [deck[i] for i in rng.permutation(len(deck))]
        return cls(
            players=players,
            rules=rules,
            first_player=first_player,
            starts=starts[:players],
            set_aside=starts[players:],
            deal=deal,
        )

    # --- the state -----------------------------------------------------------------------
    @property
    def boards(self) -> tuple[Board, ...]:
        """One orchard per player."""
        return tuple(self._boards)

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
        """Every orchard card of this game, in the order it is drawn."""
        return tuple(self._deal)

    @property
    def current_player(self) -> int:
        """Who takes the next card: turn order from the round's first player (WD-2)."""
        return (self._round_first + self._taken) % self.players

    @property
    def is_over(self) -> bool:
        """True once the pile is empty and the last market has been taken (WD-2)."""
        return not self._market

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played so far."""
        return tuple(move for move, _, _ in self._history)

    def all_cards(self) -> list[Card]:
        """Every card of the game in any zone: pile, market, orchards, set-aside starts."""
        cards = [*self.pile, *self._market, *self.set_aside]
        for board in self._boards:
            cards.append(board.start)
            cards.extend(move.card for move in board.placed)
        return cards

    def scores(self) -> list[int]:
        """Each player's points so far (kept up to date move by move)."""
        return [board.total for board in self._boards]

    def winners(self) -> list[int]:
        """The players with the most points; ties are shared (WD-5)."""
        scores = self.scores()
        return [player for player, score in enumerate(scores) if score == max(scores)]

    # --- moves ---------------------------------------------------------------------------
    def _choices(self) -> tuple[list[Card], list[tuple[int, int]], tuple[int, ...]]:
        cards = list(dict.fromkeys(self._market))
        squares = self._boards[self.current_player].open_squares() if cards else []
        return cards, squares, ROTATIONS if self.rules.allow_rotation else (0,)

    def legal_moves(self) -> list[Move]:
        """Every (market card, open square, rotation) of the player to act; [] once over."""
        cards, squares, rotations = self._choices()
        return [Move(card, at, turn) for card in cards for at in squares for turn in rotations]

    def _check(self, move: Move) -> None:
        if not isinstance(move, Move):
            raise TypeError(f"move must be a water_drops.Move, not {type(move).__name__}")
        if self.is_over:
            raise IllegalMove("WD-2", "WD-2: the game is over; the market is empty.")
        if move.card not in self._market:
            raise IllegalMove(
                "WD-2", f"WD-2: you can only take a card from the market; {move.card} is not there."
            )

    def play(self, move: Move) -> None:
        """The player to act takes ``move.card`` from the market and places it at once."""
        self._check(move)
        board = self._boards[self.current_player]
        turned, at = board._check(move.card, move.at, move.rotation)
        board._lay(turned, at)
        board._placed.append(move)
        self._took(move)

    def _took(self, move: Move) -> None:
        before = (tuple(self._market), self._drawn, self._round_first, self._taken)
        self._history.append((move, self.current_player, before))
        self._advance(move.card)

    def _advance(self, card: Card) -> None:
        """``card`` leaves the market; the turn passes, the market refills when empty."""
        self._market.remove(card)
        self._taken += 1
        if not self._market:
            self._round_first = (self._round_first + 1) % self.players
            self._refill()

    def _refill(self) -> None:
        count = min(market_size(self.players), len(self._deal) - self._drawn)
        self._market = self._deal[self._drawn : self._drawn + count]
        self._drawn += count
        self._taken = 0

    def score_after(self, move: Move) -> int:
        """The mover's own score right after ``move``, without playing it."""
        self._check(move)
        board = self._boards[self.current_player]
        return board.score_if_placed(move.card, move.at, move.rotation)

    def undo(self) -> None:
        """Take back the last move; ValueError when nothing was played."""
        if not self._history:
            raise ValueError("nothing to undo: no move has been played")
        _, player, (market, drawn, round_first, taken) = self._history.pop()
        self._market, self._drawn = list(market), drawn
        self._round_first, self._taken = round_first, taken
        old = self._boards[player]
        board = Board(start=old.start, rules=self.rules)
        for placed in old.placed[:-1]:
            board.place(placed.card, placed.at, placed.rotation)
        self._boards[player] = board

    def copy(self) -> Game:
        """An independent game in the same state."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._deal = list(self._deal)
        other._market = list(self._market)
        other._history = list(self._history)
        other._boards = [board.copy() for board in self._boards]
        return other

    def _rollout_copy(self) -> Game:
        """A copy for ``_greedy_playout`` only: it shares the deal (a playout never changes
        it) and starts with no history (a playout keeps none)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._market = list(self._market)
        other._history = []
        other._boards = [board.copy() for board in self._boards]
        return other

    def _greedy_playout(self, first: tuple[Card, tuple[int, int], int] | None = None) -> None:
        """Play ``first`` = (card, square, rotation), then ``greedy_policy`` for everyone to
        the end, skipping the checks, the Moves and the history: this game is then fit only
        for ``scores()`` (a rollout copy, thrown away after)."""
        rotations = ROTATIONS if self.rules.allow_rotation else (0,)
        boards, players, market = self._boards, self.players, self._market
        if first is not None:
            card, at, turn = first
            boards[self.current_player]._lay(card.rotated(turn), at)
            self._advance(card)
        while self._market:
            market = self._market
            cards = list(dict.fromkeys(market)) if len(market) > 1 else market
            board = boards[(self._round_first + self._taken) % players]
            squares = board.open_squares()
            shapes = [[_turned_shape(card, turn) for turn in rotations] for card in cards]
            c, s, t = board._first_best(shapes, squares)
            board._lay(cards[c].rotated(rotations[t]), squares[s])
            self._advance(cards[c])

    def determinized(self, rng: np.random.Generator) -> Game:
        """A copy with the face-down pile reshuffled: what the player to act cannot see."""
        other = self.copy()
        hidden = other._deal[other._drawn :]
        other._deal[other._drawn :] = [hidden[i] for i in rng.permutation(len(hidden))]
        return other

    # --- saves ---------------------------------------------------------------------------
    def to_json(self) -> str:
        """The deal and the moves as plain JSON; ``from_json`` replays them exactly."""
        rules = self.rules
        return dump_save(
            GAME,
            FORMAT,
            {
                "players": self.players,
                "first_player": self.first_player,
                "rules": {
                    "scoring": rules.scoring,
                    "allow_rotation": rules.allow_rotation,
                    "max_size": None if rules.max_size is None else list(rules.max_size),
                },
                "starts": [str(board.start) for board in self._boards],
                "set_aside": [str(card) for card in self.set_aside],
                "deal": [str(card) for card in self._deal],
                "moves": [
                    [str(move.card), move.at[0], move.at[1], move.rotation]
                    for move, _, _ in self._history
                ],
            },
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved game, checking everything; ValueError says what is wrong."""
        data = load_save(text, GAME, FORMAT)
        fields = {"game", "format", "players", "first_player", "rules", "starts", "set_aside"}
        fields |= {"deal", "moves"}
        require(set(data) == fields, f"a saved game has exactly the fields {sorted(fields)}")
        players = require_int(data["players"], "players", 1, MAX_PLAYERS)
        first = require_int(data["first_player"], "first_player", 0, players - 1)
        rules = _load_rules(data["rules"])
        starts = _load_cards(data["starts"], "starts")
        set_aside = _load_cards(data["set_aside"], "set_aside")
        deal = _load_cards(data["deal"], "deal")
        require(len(starts) == players, f"starts must hold one card per player ({players})")
        require(
            Counter(starts + set_aside) == Counter(starting_cards()),
            "starts and set_aside must be the 5 starting cards, each once",
        )
        require(Counter(deal) == Counter(default_deck()), "deal must be the 50 cards of the deck")
        game = cls(
            players=players,
            rules=rules,
            first_player=first,
            starts=starts,
            set_aside=set_aside,
            deal=deal,
        )
        moves = data["moves"]
        require(isinstance(moves, list), "moves must be a list")
        for number, raw in enumerate(moves, 1):
            require(
                isinstance(raw, list) and len(raw) == 4 and isinstance(raw[0], str),
                f"move {number} must be [card, row, col, rotation], got {raw!r}",
            )
            try:
                move = Move(Card.from_text(raw[0]), (raw[1], raw[2]), raw[3])
                game.play(move)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"move {number} cannot be played: {exc}") from None
        return game


def _load_rules(raw: object) -> Rules:
    require(isinstance(raw, dict), "rules must be an object")
    assert isinstance(raw, dict)
    keys = {"scoring", "allow_rotation", "max_size"}
    require(set(raw) == keys, f"rules must have exactly the keys {sorted(keys)}")
    try:
        return Rules(**raw)
    except TypeError as exc:
        raise ValueError(f"rules: {exc}") from None


def _load_cards(raw: object, name: str) -> list[Card]:
    require(isinstance(raw, list), f"{name} must be a list of cards")
    assert isinstance(raw, list)
    cards = []
    for text in raw:
        require(isinstance(text, str), f"{name} must hold cards as text, got {text!r}")
        cards.append(Card.from_text(text))
    return cards


# --- simulation ----------------------------------------------------------------------------
def _nth_move(
    index: int, cards: list[Card], squares: list[tuple[int, int]], rotations: tuple[int, ...]
) -> Move:
    """``legal_moves()[index]`` for these ``_choices()``, without building the whole list."""
    card_index, rest = divmod(index, len(squares) * len(rotations))
    square_index, turn_index = divmod(rest, len(rotations))
    return Move(cards[card_index], squares[square_index], rotations[turn_index])


def random_policy(rng: np.random.Generator) -> policies.Policy:
    """``policies.RandomPolicy``'s choices (same index, same move) without building Moves."""

    def choose(game: Game) -> Move:
        cards, squares, rotations = game._choices()
        index = int(rng.integers(len(cards) * len(squares) * len(rotations)))
        return _nth_move(index, cards, squares, rotations)

    return choose


@cache
def _turned_shape(card: Card, turn: int) -> _Shape:
    return _shape(card.rotated(turn))


def greedy_policy(game: Game) -> Move:
    """``policies.GreedyPolicy``'s choice (the first best ``score_after`` in legal_moves
    order), from the board's remembered gains instead of one ``score_after`` per Move."""
    cards, squares, rotations = game._choices()
    if not cards:
        raise ValueError("the game is over: there is no move to choose")
    shapes = [[_turned_shape(card, turn) for turn in rotations] for card in cards]
    c, s, t = game._boards[game.current_player]._first_best(shapes, squares)
    return Move(cards[c], squares[s], rotations[t])


def simulate(
    games: int = 1000,
    players: int = 1,
    policy: str | policies.Policy = "greedy",
    seed: int | None = 0,
    rules: Rules | None = None,
    rollouts: int = 8,
) -> np.ndarray:
    """Final scores, shape (games, players), of games played by one policy for everyone.

    ``policy`` is "random", "greedy", "lookahead" (``rollouts`` per move) or any
    ``callable(game) -> Move``. The named policies make exactly the choices of
    ``policies.run_games`` with the same seed, by faster routes.

    >>> simulate(games=3, players=2, policy="greedy", seed=1).shape
    (3, 2)
    """
    players = require_int(players, "players", 1, MAX_PLAYERS)
    rules = Rules() if rules is None else rules
    rng = make_rng(seed)

    def new_game(game_seed: int) -> Game:
        return Game.new(players=players, seed=game_seed, rules=rules)

    return policies.run_games(new_game, games, players, policy, rng, rollouts, faster=FASTER)


class LookaheadPolicy:
    """``policies.LookaheadPolicy``'s choices (same worlds from the same draws, same greedy
    playouts, same margins, ties to the first move in legal_moves order), by lean playouts:
    no Move list, no history, remembered gains shared between copies.

    >>> game = Game.new(players=2, seed=3)
    >>> LookaheadPolicy(rollouts=2, seed=0)(game) in game.legal_moves()
    True
    """

    def __init__(self, rollouts: int = 8, seed: int | np.random.Generator | None = None) -> None:
        self.rollouts = require_int(rollouts, "rollouts", 1)
        self.rng = make_rng(seed)

    def margins(self, game: Game) -> list[int]:
        """Each legal move's total final margin over the rollouts, in legal_moves order
        (drawing the worlds from this policy's generator, as a choice does)."""
        cards, squares, rotations = game._choices()
        me = game.current_player
        worlds = [game.determinized(self.rng) for _ in range(self.rollouts)]
        family: dict = {}  # every world's boards start alike: playouts share board states
        for world in worlds:
            for player, board in enumerate(world._boards):
                board._family, board._state = family, -1 - player
        totals = []
        for card in cards:
            for at in squares:
                for turn in rotations:
                    total = 0
                    for world in worlds:
                        trial = world._rollout_copy()
                        trial._greedy_playout((card, at, turn))
                        total += policies._margin(trial.scores(), me)
                    totals.append(total)
        return totals

    def __call__(self, game: Game) -> Move:
        cards, squares, rotations = game._choices()
        count = len(cards) * len(squares) * len(rotations)
        if not count:
            raise ValueError("the game is over: there is no move to choose")
        if count > 1:
            totals = self.margins(game)
            index = totals.index(max(totals))
        else:
            index = 0
        return _nth_move(index, cards, squares, rotations)


FASTER: policies.FasterPolicies = {
    "random": lambda rng, _rollouts: random_policy(rng),
    "greedy": lambda _rng, _rollouts: greedy_policy,
    "lookahead": lambda rng, rollouts: LookaheadPolicy(rollouts, rng),
}


def named_policy(name: str, rng: np.random.Generator, rollouts: int = 8) -> policies.Policy:
    """``policies.resolve(name, rng, rollouts)`` with the same choices, by faster routes."""
    return policies.resolve(name, rng, rollouts, faster=FASTER)
