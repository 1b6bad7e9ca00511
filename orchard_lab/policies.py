"""Policies shared by the three games, and the plain simulation loop.

A policy is any ``callable(game) -> move``. The named ones:

- ``"random"``: a uniformly random legal move (seeded).
- ``"greedy"``: the move that leaves the mover's own score highest right after it;
  ties go to the first move in ``legal_moves()`` order.
- ``"lookahead"``: Monte-Carlo rollouts. For every legal move it plays ``rollouts`` games to
  the end from a *determinized* copy (hidden cards reshuffled, using only what the mover can
  know), with greedy play for everyone, and picks the move with the best mean final margin
  (own score minus the best other score; own score when solo).

A game joins by offering ``legal_moves``, ``play``, ``copy``, ``score_after(move)``,
``determinized(rng)``, ``current_player``, ``is_over`` and ``scores()``.

>>> from orchard_lab import apple_batches as ab
>>> game = ab.Game.new(players=1, seed=0)
>>> move = resolve("greedy", seed=0)(game)
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from orchard_lab.core import Hint, make_rng, require_int

__all__ = [
    "POLICY_NAMES",
    "POLICY_WORDS",
    "FasterPolicies",
    "GreedyPolicy",
    "LookaheadPolicy",
    "Policy",
    "RandomPolicy",
    "Search",
    "explain_choice",
    "margin",
    "play_out",
    "resolve",
    "run_games",
]

POLICY_NAMES = ("random", "greedy", "lookahead")
POLICY_WORDS = {  # each policy in one sentence a learner reads, wherever it is offered
    "random": "random: any allowed move, picked by chance",
    "greedy": "greedy: the move that adds the most points right now",
    "lookahead": "lookahead: tries each move to the end of the game several times, keeps the best",
    "planner": "planner: looks ahead from the few moves that pay most now",
}


class PlayableGame(Protocol):
    """What a policy needs from a game."""

    @property
    def current_player(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def legal_moves(self) -> list[Any]: ...
    def play(self, move: Any) -> None: ...
    def copy(self) -> PlayableGame: ...
    def score_after(self, move: Any) -> int: ...
    def determinized(self, rng: np.random.Generator) -> PlayableGame: ...
    def scores(self) -> list[int]: ...


Policy = Callable[[Any], Any]


class RandomPolicy:
    """A uniformly random legal move, from its own seeded generator."""

    def __init__(self, seed: int | np.random.Generator | None = None) -> None:
        self.rng = make_rng(seed)

    def __call__(self, game: PlayableGame) -> Any:
        moves = game.legal_moves()
        return moves[int(self.rng.integers(len(moves)))]


class GreedyPolicy:
    """The move with the best immediate own score; ties: the first in ``legal_moves()``."""

    def __call__(self, game: PlayableGame) -> Any:
        moves = game.legal_moves()
        gains = [game.score_after(move) for move in moves]
        return moves[gains.index(max(gains))]


def margin(scores: Sequence[int], player: int) -> int:
    """Own score minus the best other score (own score when solo): what lookahead maximises.

    >>> margin([5, 9, 7], 0), margin([5], 0)
    (-4, 5)
    """
    others = [s for i, s in enumerate(scores) if i != player]
    return scores[player] - (max(others) if others else 0)


def play_out(game: PlayableGame, policy: Policy) -> PlayableGame:
    """Play ``game`` to the end in place with one policy for every player; return it."""
    while not game.is_over:
        game.play(policy(game))
    return game


class LookaheadPolicy:
    """Monte-Carlo rollouts over determinized copies; see the module docstring."""

    def __init__(self, rollouts: int = 8, seed: int | np.random.Generator | None = None) -> None:
        self.rollouts = require_int(rollouts, "rollouts", 1)
        self.rng = make_rng(seed)
        self.rollout_policy = GreedyPolicy()

    def __call__(self, game: PlayableGame) -> Any:
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if len(moves) == 1:
            return moves[0]
        me = game.current_player
        best_move, best_value = moves[0], -np.inf
        worlds = [game.determinized(self.rng) for _ in range(self.rollouts)]
        for move in moves:
            total = 0
            for world in worlds:
                trial = world.copy()
                trial.play(move)
                total += margin(play_out(trial, self.rollout_policy).scores(), me)
            if total > best_value:
                best_move, best_value = move, total
        return best_move


FasterPolicies = Mapping[str, Callable[[np.random.Generator, int], Policy]]
"""A game's own versions of named policies: name -> ``make(rng, rollouts)``. They must make
exactly the generic policy's choices, only faster (each game's tests prove it)."""


def resolve(
    policy: str | Policy,
    seed: int | np.random.Generator | None = None,
    rollouts: int = 8,
    faster: FasterPolicies | None = None,
) -> Policy:
    """A named policy ("random", "greedy", "lookahead") or any callable, ready to call.

    ``faster`` lets a game supply its own, faster version of a named policy.
    """
    if callable(policy):
        return policy
    if faster and policy in faster:
        return faster[policy](make_rng(seed), rollouts)
    if policy == "random":
        return RandomPolicy(seed)
    if policy == "greedy":
        return GreedyPolicy()
    if policy == "lookahead":
        return LookaheadPolicy(rollouts=rollouts, seed=seed)
    raise ValueError(f"policy must be one of {POLICY_NAMES} or a callable, got {policy!r}")


def run_games(
    new_game: Callable[[int], PlayableGame],
    games: int,
    players: int,
    policy: str | Policy,
    seed: int | np.random.Generator | None,
    rollouts: int = 8,
    faster: FasterPolicies | None = None,
) -> np.ndarray:
    """Final scores, shape ``(games, players)``, of ``games`` games played by one policy.

    ``new_game(game_seed)`` deals a fresh game; game seeds and the policy's generator both come
    from ``seed``, so the same seed gives the same table.
    """
    games = require_int(games, "games", 0)
    rng = make_rng(seed)
    game_seeds = rng.integers(0, 2**63 - 1, size=games)
    chooser = resolve(policy, seed=rng, rollouts=rollouts, faster=faster)
    results = np.zeros((games, players), dtype=np.int64)
    for i, game_seed in enumerate(game_seeds):
        results[i] = play_out(new_game(int(game_seed)), chooser).scores()
    return results


Search = tuple[Callable[[], Policy], str]
"""A searching policy for a hint: how to make it, and what it tries, in words."""


def explain_choice(
    game: PlayableGame,
    policy: str,
    searches: Mapping[str, Search],
    describe: Callable[[Any], tuple[str, str]],
    rollouts: int,
) -> Hint:
    """The move ``policy`` chooses for the player to act, and why, in words a learner reads.

    "greedy" takes the move that adds the most points now (ties: the first legal move);
    any name in ``searches`` plays its search. ``describe(move)`` gives the move in words
    and what it does on the board; the points it adds now come from ``score_after``. Each
    game's ``hint`` calls this with its own searches and words.
    """
    if policy != "greedy" and policy not in searches:
        names = ("greedy", *searches)
        raise ValueError(f"policy must be one of {names}, got {policy!r}")
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to suggest")
    now = game.scores()[game.current_player]
    gains = [game.score_after(move) - now for move in moves]
    order = sorted(range(len(moves)), key=lambda i: -gains[i])  # stable: ties keep move order
    greedy = moves[order[0]]

    def said(move: Any) -> str:
        gain = gains[moves.index(move)]
        what, effect = describe(move)
        return f"{what} ({gain:+d} {'point' if abs(gain) == 1 else 'points'} now: {effect})"

    if policy == "greedy":
        reason = f"Greedy choice: {said(greedy)}. No other move adds more points right now."
        if len(moves) > 1:
            runner_up = order[1]
            reason += f" Next best: {said(moves[runner_up])}."
            if gains[runner_up] == gains[order[0]]:
                reason += " Both add as much; greedy takes the one it finds first."
        return Hint(greedy, reason, policy)
    make, how = searches[policy]
    chosen = make()(game)
    reason = (
        f"{policy.capitalize()} choice: {said(chosen)}. It played {how} to the end of the game "
        f"{rollouts} {'time' if rollouts == 1 else 'times'} with the cards nobody has seen "
        "shuffled, and this move finished best on average."
    )
    if chosen != greedy:
        more = "more" if gains[order[0]] > gains[moves.index(chosen)] else "as much"
        reason += f" Greedy would play {said(greedy)}, which pays {more} now but less by the end."
    return Hint(chosen, reason, policy)
