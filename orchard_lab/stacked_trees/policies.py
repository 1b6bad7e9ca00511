"""Stacked trees' fast policies; ``simulate`` and ``hint`` are the shared ones made from them
(``POLICIES``).

- ``random_turn`` and ``greedy_turn`` play one turn on a bare board, making exactly the
  choices of the shared ``RandomPolicy`` and ``GreedyPolicy`` over ``Game.legal_moves()``;
  ``simulate`` plays whole tables of "random" and "greedy" games in compiled code
  (``engine``), with the same choices again.
- ``LookaheadPolicy`` makes exactly the shared lookahead's choices (every legal move, greedy
  rollouts in determinized worlds, best mean margin), only faster: an orchard never touches
  another, so each player's greedy rollout depends on the own board, hand and the order
  alone; the other players' rollouts are played once per world, not once per move.
- ``PlannerPolicy`` ("planner") is a different search: it tries only the ``candidates`` moves
  with the best immediate score and maximises its own final score.

>>> game = Game.new(seed=3)
>>> advice = hint(game)
>>> advice.move in game.legal_moves(), advice.reason.startswith("Greedy choice:")
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from orchard_lab import policies
from orchard_lab.core import check_int
from orchard_lab.fruit_words import trees_code
from orchard_lab.language import _, _n
from orchard_lab.stacked_trees import engine
from orchard_lab.stacked_trees.batch import greedy_totals
from orchard_lab.stacked_trees.board import Board, bits
from orchard_lab.stacked_trees.cards import ROTATIONS, Card
from orchard_lab.stacked_trees.game import Game
from orchard_lab.stacked_trees.rules import MAX_GAMES, Move, Rules

__all__ = [
    "FASTER",
    "POLICIES",
    "POLICY_NAMES",
    "LookaheadPolicy",
    "PlannerPolicy",
    "greedy_turn",
    "hint",
    "hint_as_shown",
    "margins",
    "play_table",
    "random_turn",
    "simulate",
]

PLANNER_CANDIDATES = 6  # the moves the planner tries: those that pay most now
Turn = Callable[[Board, list[Card]], Card | None]


# -- one turn on a bare board ------------------------------------------------------------------
def random_turn(board: Board, hand: Sequence[Card], rng: np.random.Generator) -> Card | None:
    """Place a uniformly random legal placement of a hand card, exactly the one ``RandomPolicy``
    would pick from ``legal_moves()`` with the same generator; return the card played, None if
    there is none (then nothing is drawn from ``rng``)."""
    options = []
    total = 0
    for card in dict.fromkeys(hand):
        for rotation in ROTATIONS:
            mask = board.spots(card, rotation)
            if mask:
                options.append((card, rotation, mask))
                total += mask.bit_count()
    if not total:
        return None
    pick = int(rng.integers(total))
    for card, rotation, mask in options:
        n = mask.bit_count()
        if pick < n:
            spot = next(p for i, p in enumerate(bits(mask)) if i == pick)
            board.place_spot(card, spot, rotation)
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
            for spot in bits(board.spots(card, rotation)):
                gain = board.spot_gain(card, spot, rotation)
                if best_gain is None or gain > best_gain:
                    best_gain, best = gain, (card, spot, rotation)
    if best is None:
        return None
    card, spot, rotation = best
    board.place_spot(card, spot, rotation)
    return card


def play_table(order: Sequence[Card], rules: Rules, turn: Turn, players: int = 1) -> list[Board]:
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


# -- looking ahead -----------------------------------------------------------------------------
def margins(game: Game, worlds: Sequence[Game], moves: Sequence[Move] | None = None) -> np.ndarray:
    """The shared lookahead's table: per legal move (rows) and world (columns), the mover's
    final score minus the best other final score (own score when solo) when the move is played
    in the world and everyone then plays greedily to the end (all rollouts at once, ``batch``)."""
    moves = game.legal_moves() if moves is None else moves
    me = game.current_player
    boards, hands, orders, drawn = [], [], [], []
    others = len(game.seats) - 1
    for world in worlds:
        for p, seat in enumerate(world.seats):
            if p != me:
                boards.append(seat.board)
                hands.append(seat.hand)
                orders.append(world.order)
                drawn.append(seat.drawn)
    seat = game.seats[me]
    for move in moves:
        board = seat.board.copy()
        board.place(move.card, move.at, move.rotation, move.rotten)
        hand = list(seat.hand)
        hand.remove(move.card)
        for world in worlds:
            boards.append(board)
            hands.append(hand)
            orders.append(world.order)
            drawn.append(world.seats[me].drawn)
    totals = greedy_totals(boards, hands, orders, drawn)
    split = others * len(worlds)
    best_other = np.zeros(len(worlds), dtype=np.int64)
    if others:
        best_other = totals[:split].reshape(len(worlds), others).max(axis=1)
    return totals[split:].reshape(len(moves), len(worlds)) - best_other[None, :]


class LookaheadPolicy(policies.RolloutPolicy):
    """Exactly the choices of the shared ``orchard_lab.policies.LookaheadPolicy``, faster.

    >>> game = Game.new(seed=2)
    >>> LookaheadPolicy(rollouts=1, seed=0)(game) in game.legal_moves()
    True
    """

    def choose(self, game: Game, moves: list[Move]) -> Move:
        worlds = [game.determinized(self.rng) for _ in range(self.rollouts)]
        return moves[int(np.argmax(margins(game, worlds, moves).sum(axis=1)))]


class PlannerPolicy(policies.RolloutPolicy):
    """Rollouts that know only the hand and the set of unseen cards.

    The ``candidates`` moves with the best immediate score are each tried in ``rollouts``
    determinized worlds (unseen cards reshuffled) and finished with greedy play; the move with
    the best total own final score wins (ties: the earlier in ``legal_moves()`` order).

    >>> game = Game.new(seed=2)
    >>> PlannerPolicy(rollouts=2, seed=0)(game) in game.legal_moves()
    True
    """

    def __init__(
        self,
        rollouts: int = 8,
        candidates: int = PLANNER_CANDIDATES,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        super().__init__(rollouts, seed)
        self.candidates = check_int(candidates, "candidates", 1)

    def choose(self, game: Game, moves: list[Move]) -> Move:
        gains = [game.score_after(move) for move in moves]
        ranked = sorted(range(len(moves)), key=lambda i: -gains[i])[: self.candidates]
        ranked.sort()
        seat = game.seats[game.current_player]
        worlds = [game.determinized(self.rng).order for _ in range(self.rollouts)]
        boards, hands = [], []
        for i in ranked:
            move = moves[i]
            board = seat.board.copy()
            board.place(move.card, move.at, move.rotation, move.rotten)
            hand = list(seat.hand)
            hand.remove(move.card)
            boards += [board] * len(worlds)
            hands += [hand] * len(worlds)
        orders = worlds * len(ranked)
        totals = greedy_totals(boards, hands, orders, [seat.drawn] * len(boards))
        sums = totals.reshape(len(ranked), len(worlds)).sum(axis=1)
        return moves[ranked[int(np.argmax(sums))]]  # ties: the earlier in legal_moves() order


# -- whole tables at once ---------------------------------------------------------------------
FASTER: policies.FasterPolicies = {
    "lookahead": lambda rng, rollouts: LookaheadPolicy(rollouts=rollouts, seed=rng),
    "planner": lambda rng, rollouts: PlannerPolicy(rollouts=rollouts, seed=rng),
}


# -- a hint for a learner ----------------------------------------------------------------------
def say(move: Move, shown: int = 0) -> str:
    """A move in words a learner reads, in the session's language: one whole phrase for each
    turn of the card, with and without rotten tokens. ``shown`` is the turn the card is seen
    at (a board's hand shows a card turned): the card is written as seen, and the turn said
    is the one it still needs.

    >>> say(Move(Card.from_text("APL/LAP"), (0, 1), 90))
    'card APL/LAP with its top-left tree on row 0, column 1, turned a quarter turn clockwise'
    >>> say(Move(Card.from_text("APL/LAP"), (0, 1), 90), shown=90)
    'card LA/AP/PL with its top-left tree on row 0, column 1'
    >>> from orchard_lab.language import speaking
    >>> with speaking("fr"):
    ...     say(Move(Card.from_text("APL/LAP"), (0, 1), 180, rotten=True))[:54]
    'carte MRN/NMR, son arbre en haut à gauche en rangée 0,'
    """
    turn = (move.rotation - shown) % 360
    # Translators: {card} is a card written row by row, as APL/LAP; the row and column of
    # its top-left tree follow. The four are the card as written and turned by 90, 180, 270°
    if not move.rotten:
        words = {
            0: _("card {card} with its top-left tree on row {row}, column {col}"),
            90: _(
                "card {card} with its top-left tree on row {row}, column {col}, turned a quarter "
                "turn clockwise"
            ),
            180: _(
                "card {card} with its top-left tree on row {row}, column {col}, turned upside down"
            ),
            270: _(
                "card {card} with its top-left tree on row {row}, column {col}, turned a quarter "
                "turn anticlockwise"
            ),
        }[turn]
    else:
        # Translators: as the card's sentences above, the card placed by spending rotten
        # tokens, one on each of its trees that lies on a different fruit (one token or more)
        words = {
            0: _(
                "card {card} with its top-left tree on row {row}, column {col}, paying a rotten "
                "token for each tree on a different fruit"
            ),
            90: _(
                "card {card} with its top-left tree on row {row}, column {col}, turned a quarter "
                "turn clockwise, paying a rotten token for each tree on a different fruit"
            ),
            180: _(
                "card {card} with its top-left tree on row {row}, column {col}, turned upside "
                "down, paying a rotten token for each tree on a different fruit"
            ),
            270: _(
                "card {card} with its top-left tree on row {row}, column {col}, turned a quarter "
                "turn anticlockwise, paying a rotten token for each tree on a different fruit"
            ),
        }[turn]
    row, col = move.at
    return words.format(card=trees_code(move.card.rotated(shown)), row=row, col=col)


def _effect(board: Board, move: Move) -> str:
    """What ``move`` does to the dice, in words: new dice, dice climbing, tokens spent."""
    before = board.dice()
    after_board = board.copy()
    after_board.place(move.card, move.at, move.rotation, move.rotten)
    after = after_board.dice()
    new = sum(1 for cell in after if cell not in before)
    climbed = sum(1 for cell, v in after.items() if cell in before and before[cell] != v)
    lost = sum(1 for cell in before if cell not in after)
    tokens = after_board.rotten_used - board.rotten_used
    parts = []
    if new:
        parts.append(_n("{count} new die", "{count} new dice", new).format(count=new))
    if climbed:
        said = _n("{count} die climbs the ladder", "{count} dice climb the ladder", climbed)
        parts.append(said.format(count=climbed))
    if tokens:
        penalty = tokens * board.rules.rotten_penalty
        said = _n(
            "{count} rotten token cost {penalty}", "{count} rotten tokens cost {penalty}", tokens
        )
        parts.append(said.format(count=tokens, penalty=penalty))
    if lost:
        said = _n("{count} die goes back to the supply", "{count} dice go back to the supply", lost)
        parts.append(said.format(count=lost))
    return ", ".join(parts) or _("no die moves")


def _describe(game: Game, move: Move, hinted: Move | None = None) -> tuple[str, str]:
    """``move`` and what it does, in words; the card of ``hinted`` (a board shows it turned
    as ``hinted`` wants) is written as it is seen."""
    shown = hinted.rotation if hinted is not None and hinted.card == move.card else 0
    # Translators: {move} is a card's phrase, "card APL/LAP with its top-left tree on …"
    the_move = _("the {move}").format(move=say(move, shown))
    return the_move, _effect(game.boards[game.current_player], move)


POLICIES = policies.GamePolicies(
    game=Game,
    faster=FASTER,
    searches={
        "lookahead": "every possible move",
        "planner": f"the {PLANNER_CANDIDATES} moves that pay most now",
    },
    table=engine.table,  # random and greedy tables: whole games compiled
    describe=_describe,
    max_games=MAX_GAMES,
)
POLICY_NAMES = POLICIES.names
simulate = policies.simulator(POLICIES)
hint = policies.hinter(POLICIES)


def hint_as_shown(game: Game, move: Move, policy: str = "greedy", rollouts: int = 8) -> str:
    """The reason of ``hint(game, policy)``, once it chose ``move``, as a board says it: the
    board shows the hinted card turned as the move wants already, so that card is written as
    it is seen, and a turn is said only when it needs one more. Words only: nothing is chosen
    again (the search's answer is ``move``), no random number is drawn.

    >>> game = Game.new(seed=0)
    >>> move = hint(game).move
    >>> move.rotation, say(move) in hint(game).reason
    (270, True)
    >>> shown = hint_as_shown(game, move)
    >>> say(move, shown=move.rotation) + " (+4" in shown, "anticlockwise" in shown
    (True, False)
    """
    searches = {
        name: ((lambda: lambda _game: move), how) for name, how in POLICIES.searches.items()
    }
    said = policies.explain_choice(
        game, policy, searches, lambda each: _describe(game, each, move), rollouts
    )
    return said.reason
