"""Many whole games at once: final scores for a policy (random, greedy, lookahead, callable).

>>> table = simulate(games=5, players=2, policy="greedy", seed=1)
>>> table.shape
(5, 2)
"""

from __future__ import annotations

import numpy as np

from orchard_lab import policies
from orchard_lab.apple_batches import fast
from orchard_lab.apple_batches.cards import Rules
from orchard_lab.apple_batches.game import MAX_PLAYERS, MIN_PLAYERS, Game
from orchard_lab.apple_batches.lookahead import LookaheadPolicy
from orchard_lab.core import make_rng, require_int

FASTER: policies.FasterPolicies = {
    "lookahead": lambda rng, rollouts: LookaheadPolicy(rollouts=rollouts, seed=rng)
}


def simulate(
    games: int = 1000,
    players: int = 1,
    policy: str | policies.Policy = "greedy",
    seed: int | None = 0,
    rules: Rules | None = None,
    rollouts: int = 8,
) -> np.ndarray:
    """Final scores, shape ``(games, players)``, of ``games`` seeded games.

    Every player uses ``policy``: "random", "greedy", "lookahead" (``rollouts`` rollouts per
    move) or any ``callable(game) -> move``. "random" and "greedy" play all games at once
    with numpy (``fast.play_games``, the same rules as ``Game``). "lookahead" and callables
    play game by game through ``policies.run_games``, lookahead as ``LookaheadPolicy`` (each
    decision's rollouts at once; the same moves as the generic policy).
    """
    games = require_int(games, "games", 0)
    players = require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    if isinstance(policy, str) and policy in ("random", "greedy"):
        rng = make_rng(seed)
        return fast.play_games(fast.deal_orders(rng, games), players, rules, policy, rng)
    return policies.run_games(
        lambda game_seed: Game.new(players=players, seed=game_seed, rules=rules),
        games,
        players,
        policy,
        seed,
        rollouts=rollouts,
        faster=FASTER,
    )
