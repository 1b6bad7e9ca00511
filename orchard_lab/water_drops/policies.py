"""Water drops' fast policies: random, greedy and lookahead; ``simulate`` and ``hint`` are the
shared ones made from them (``POLICIES``).

The fast versions make exactly the choices of ``orchard_lab.policies`` (``RandomPolicy``,
``GreedyPolicy``, ``LookaheadPolicy``) with the same seed, by faster routes. ``simulate``
plays "random" and "greedy" games, and ``LookaheadPolicy`` its greedy playouts, in compiled
code (``engine``) under every switch; one move at a time, ``random_policy`` builds no Move
list and ``greedy_policy`` uses the board's remembered gains (``Board.best_placement``).
The tests prove the choices equal.

>>> from orchard_lab.policies import GreedyPolicy
>>> game = Game.new(players=2, seed=3)
>>> greedy_policy(game) == GreedyPolicy()(game)
True
>>> hint(game).reason.startswith("Greedy choice: the ")
True
"""

from __future__ import annotations

from functools import partial

import numpy as np

from orchard_lab import policies
from orchard_lab.core import MAX_ROLLOUTS
from orchard_lab.fruit_words import water_drops_code
from orchard_lab.language import _
from orchard_lab.policies import FasterPolicies, Policy, play_out
from orchard_lab.streams import words_ahead
from orchard_lab.water_drops import engine
from orchard_lab.water_drops.cards import Card
from orchard_lab.water_drops.game import Game, check_room
from orchard_lab.water_drops.rules import Move, Rules, _known_move

__all__ = [
    "FASTER",
    "MAX_GAMES",
    "MAX_ROLLOUTS",
    "POLICIES",
    "POLICY_NAMES",
    "LookaheadPolicy",
    "greedy_policy",
    "hint",
    "named_policy",
    "random_policy",
    "simulate",
]

MAX_GAMES = 1_000_000  # simulate's bound: a million games (8 MB of game seeds)
BATCH_GAMES = 10_000  # games dealt together for the engine (80 bytes of deal per move each)


def _nth_move(
    index: int, cards: list[Card], squares: list[tuple[int, int]], rotations: tuple[int, ...]
) -> Move:
    """``legal_moves()[index]`` for these ``Game.choices()``, without building the list."""
    card_index, rest = divmod(index, len(squares) * len(rotations))
    square_index, turn_index = divmod(rest, len(rotations))
    return _known_move(cards[card_index], squares[square_index], rotations[turn_index])


def random_policy(rng: np.random.Generator) -> Policy:
    """``policies.RandomPolicy``'s choices (same index, same move) without building Moves.

    >>> from orchard_lab.policies import RandomPolicy
    >>> game = Game.new(players=2, seed=1)
    >>> fast, shared = random_policy(np.random.default_rng(4)), RandomPolicy(4)
    >>> [fast(game) for _ in range(3)] == [shared(game) for _ in range(3)]
    True
    """

    def choose(game: Game) -> Move:
        cards, squares, rotations = game.choices()
        index = int(rng.integers(len(cards) * len(squares) * len(rotations)))
        return _nth_move(index, cards, squares, rotations)

    return choose


def greedy_policy(game: Game) -> Move:
    """``policies.GreedyPolicy``'s choice (the first best ``score_after`` in legal_moves
    order), from the board's remembered gains instead of one ``score_after`` per Move."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    cards = list(dict.fromkeys(game.market))
    c, at, turn = game.boards[game.current_player].best_placement(cards)
    return _known_move(cards[c], at, turn)


class LookaheadPolicy(policies.RolloutPolicy):
    """``policies.LookaheadPolicy``'s choices (same worlds from the same draws, same greedy
    playouts, same margins, ties to the first move in legal_moves order), with every
    (move, world) playout run in compiled code (``engine.playout_margins``).

    >>> game = Game.new(players=2, seed=3)
    >>> LookaheadPolicy(rollouts=2, seed=0)(game) in game.legal_moves()
    True
    """

    def margins(self, game: Game) -> list[int]:
        """Each legal move's total final margin over the rollouts, in legal_moves order
        (drawing the worlds from this policy's generator, as a choice does)."""
        worlds = [game.determinized(self.rng) for _ in range(self.rollouts)]
        return engine.playout_margins(game, game.legal_moves(), [world.pile for world in worlds])

    def choose(self, game: Game, moves: list[Move]) -> Move:
        totals = self.margins(game)
        return moves[totals.index(max(totals))]


FASTER: FasterPolicies = {
    "random": lambda rng, _rollouts: random_policy(rng),
    "greedy": lambda _rng, _rollouts: greedy_policy,
    "lookahead": lambda rng, rollouts: LookaheadPolicy(rollouts, rng),
}


def _batched(
    games: int, players: int, policy: str, rng: np.random.Generator, rules: Rules
) -> np.ndarray:
    """``run_games``'s table for "random" or "greedy" from the engine, ``BATCH_GAMES``
    games at a time.

    Greedy needs no draws. Random draws as ``RandomPolicy`` does, game after game from one
    generator: the engine takes 32-bit words from a copy of the stream
    (``Generator.integers(n)`` uses one word, none when n is 1, and on a rare rejection
    another), plays up to the first game that meets a word numpy would reject (that game
    then plays alone on the real generator), and the real generator moves on by exactly
    the words used."""
    seeds = rng.integers(0, 2**63 - 1, size=games)
    results = np.zeros((games, players), dtype=np.int64)
    if policy == "greedy":
        for start in range(0, games, BATCH_GAMES):
            part = seeds[start : start + BATCH_GAMES]
            results[start : start + len(part)] = engine.play_greedy(part, players, rules)
        return results
    start = 0
    while start < games:
        part = seeds[start : start + BATCH_GAMES]
        random_play = partial(engine.play_random, part, players, rules)
        scores, done, _ = words_ahead(rng, len(part) * engine.DECK_MOVES, random_play)
        results[start : start + done] = scores[:done]
        start += done
        if done < len(part):
            game = Game.new(players=players, seed=int(seeds[start]), rules=rules)
            results[start] = play_out(game, random_policy(rng)).scores()
            start += 1
    return results


# --- hints ------------------------------------------------------------------------------------
def _placing(move: Move, turning: bool = False) -> str:
    """A move in words, its square as "row R, column C" (as stacked trees' hints say it);
    when the rules let cards turn (``turning``), whether the card must be turned first and
    how it then lies, so a hint never reads as the board's lit squares contradicting it:
    they show the card as it lies now.

    >>> card = Card.from_text("3C/MM")
    >>> _placing(Move(card, (0, -1), 0))
    'the 3C/MM card on row 0, column -1'
    >>> _placing(Move(card, (0, -1), 0), turning=True)
    'the 3C/MM card as dealt, not turned, on row 0, column -1'
    >>> _placing(Move(card, (1, 0), 90), turning=True)
    'the 3C/MM card turned 90° first (it then lies as M3/MC), on row 1, column 0'
    """
    card = water_drops_code(move.card)
    row, col = move.at
    if move.rotation:
        # Translators: {card} is the card as dealt, {turned} the same card once turned by
        # {rotation} degrees (both written row by row, as the board writes cards)
        said = _(
            "the {card} card turned {rotation}° first (it then lies as {turned}), on row {row}, "
            "column {col}"
        )
        turned = water_drops_code(move.card.rotated(move.rotation))
        return said.format(card=card, rotation=move.rotation, turned=turned, row=row, col=col)
    if turning:
        said = _("the {card} card as dealt, not turned, on row {row}, column {col}")
    else:
        said = _("the {card} card on row {row}, column {col}")
    return said.format(card=card, row=row, col=col)


def _effect(game: Game, move: Move) -> str:
    """What ``move`` does, in words: the groups it makes score, or (when it scores nothing)
    the first group it changes."""
    before = game.boards[game.current_player]
    after = before.copy()
    after.place(move.card, move.at, move.rotation)
    old = {(group.cells, group.drops) for group in before.groups()}
    changed = [group for group in after.groups() if (group.cells, group.drops) not in old]
    scoring = [group for group in changed if group.points]
    shown = scoring[:2] if after.total > before.total and scoring else changed[:1]
    return "; ".join(group.reason for group in shown) or _("no group changes")


def _describe(game: Game, move: Move) -> tuple[str, str]:
    """A move in words, and what it does to the groups, as a hint says it.

    >>> game = Game.new(players=2, seed=1)
    >>> game.play(game.legal_moves()[2])
    >>> print(hint(game).reason)
    Greedy choice: the 3C/MM card on row 0, column -1 (+2 points now: 2 mangoes touch a
    2-drop: scores 2). No other move adds more points right now. Next best: the 3C/MM card on
    row 1, column 0 (+2 points now: 2 cherries touch a 2-drop: scores 2). Both add as much;
    greedy takes the one it finds first.
    """
    return _placing(move, game.rules.allow_rotation), _effect(game, move)


POLICIES = policies.GamePolicies(
    game=Game,
    faster=FASTER,
    table=_batched,
    describe=_describe,
    max_games=MAX_GAMES,
    check=check_room,
)
POLICY_NAMES = POLICIES.names
simulate = policies.simulator(POLICIES)
hint = policies.hinter(POLICIES)
named_policy = POLICIES.policy  # a named policy by its fastest route, or a callable
