"""Apple batches' policies: ``simulate`` many games, and a hint (move and reason) for a learner.

"random" and "greedy" play every game at once with numpy (``fast``); "lookahead" is the
batched ``LookaheadPolicy`` (``lookahead``), registered in ``FASTER`` as the faster version
of the shared ``policies.LookaheadPolicy`` (the same choices).

>>> simulate(games=5, players=2, policy="greedy", seed=1).shape
(5, 2)
>>> game = Game.new(players=1, seed=3)
>>> advice = hint(game)
>>> advice.move in game.legal_moves(), advice.reason.startswith("Greedy choice:")
(True, True)
"""

from __future__ import annotations

import numpy as np

from orchard_lab import policies
from orchard_lab.apple_batches import fast
from orchard_lab.apple_batches.game import Game
from orchard_lab.apple_batches.lookahead import LookaheadPolicy
from orchard_lab.apple_batches.rules import (
    BATCH_NAMES,
    FACTS,
    MAX_GAMES,
    MAX_ROLLOUTS,
    STANDARD_RULES,
    Move,
    Rules,
    cards_per_player,
)
from orchard_lab.core import Hint, check_int, check_type, make_rng

__all__ = ["FASTER", "HINT_POLICIES", "hint", "simulate"]

HINT_POLICIES = ("greedy", "lookahead")
FASTER: policies.FasterPolicies = {
    "lookahead": lambda rng, rollouts: LookaheadPolicy(rollouts=rollouts, seed=rng)
}


def simulate(
    games: int = 1000,
    players: int = 1,
    policy: str | policies.Policy = "greedy",
    seed: int | np.random.Generator | None = 0,
    rules: Rules | None = None,
    rollouts: int = 8,
) -> np.ndarray:
    """Final scores, shape ``(games, players)``, of ``games`` seeded games.

    Every player uses ``policy``: "random", "greedy", "lookahead" (``rollouts`` rollouts per
    move) or any ``callable(game) -> move``. "random" and "greedy" play all games at once
    with numpy (``fast.play_games``, the same rules as ``Game``). "lookahead" and callables
    play game by game through ``policies.run_games``, lookahead as ``LookaheadPolicy`` (each
    decision's rollouts at once; the same moves as the generic policy).

    Every argument is checked before any work: ``games`` from 0 to ``MAX_GAMES``, ``players``
    within ``FACTS``, ``rollouts`` from 1 to ``MAX_ROLLOUTS`` (TypeError for a wrong type,
    ValueError for a wrong value, naming the argument).

    >>> simulate(games=0, players=3).shape
    (0, 3)
    """
    games = check_int(games, "games", 0, MAX_GAMES)
    players = FACTS.check_players(players)
    rules = STANDARD_RULES if rules is None else check_type(rules, Rules, "rules")
    rollouts = check_int(rollouts, "rollouts", 1, MAX_ROLLOUTS)
    if isinstance(policy, str):
        if policy not in policies.POLICY_NAMES:
            raise ValueError(f"policy must be one of {policies.POLICY_NAMES}, got {policy!r}")
    elif not callable(policy):
        raise TypeError(f"policy must be a name or a callable, not {type(policy).__name__}")
    rng = make_rng(seed)
    if policy in ("random", "greedy"):
        cards = cards_per_player(players, rules) * players  # dealt in a game
        orders = fast.deal_orders(rng, games, cards)
        return fast.play_games(orders, players, rules, str(policy), rng)
    return policies.run_games(
        lambda game_seed: Game.new(players=players, seed=game_seed, rules=rules),
        games,
        players,
        policy,
        rng,
        rollouts=rollouts,
        faster=FASTER,
    )


def _note_after(game: Game, move: Move) -> str:
    """The batch's note once ``move`` is made: what its points would be made of."""
    board = game.boards[game.current_player].copy()
    board.place(move.card, move.batch)
    return board.score().notes[move.batch]


def hint(
    game: Game,
    policy: str = "greedy",
    *,
    rollouts: int = 8,
    seed: int | np.random.Generator | None = None,
) -> Hint:
    """The move ``policy`` ("greedy" or "lookahead") suggests to the player to act, and why.

    Greedy takes the move that adds the most points now (ties: the first legal move);
    lookahead plays each move to the end ``rollouts`` times with the hidden cards shuffled.
    """
    check_type(game, Game, "game")
    check_type(policy, str, "policy")
    rollouts = check_int(rollouts, "rollouts", 1, MAX_ROLLOUTS)
    searches: dict[str, policies.Search] = {
        "lookahead": (
            lambda: LookaheadPolicy(rollouts=rollouts, seed=make_rng(seed)),
            "every possible move",
        )
    }

    def describe(move: Move) -> tuple[str, str]:
        return f"the {move.card} apple in the {BATCH_NAMES[move.batch]}", _note_after(game, move)

    return policies.explain_choice(game, policy, searches, describe, rollouts)
