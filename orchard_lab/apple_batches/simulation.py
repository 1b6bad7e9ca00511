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
    with numpy (``fast.play_games``, the same rules as ``Game``). "lookahead" plays game by
    game with ``lookahead.LookaheadPolicy`` (each decision's rollouts at once, the same moves
    and seeds as ``policies.run_games`` with the generic policy); callables go through
    ``policies.run_games``.
    """
    games = require_int(games, "games", 0)
    players = require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    if isinstance(policy, str) and policy in ("random", "greedy"):
        rng = make_rng(seed)
        return fast.play_games(fast.deal_orders(rng, games), players, rules, policy, rng)
    if isinstance(policy, str) and policy == "lookahead":
        rng = make_rng(seed)
        game_seeds = rng.integers(0, 2**63 - 1, size=games)  # as policies.run_games draws them
        chooser = LookaheadPolicy(rollouts=rollouts, seed=rng)
        results = np.zeros((games, players), dtype=np.int64)
        for i, game_seed in enumerate(game_seeds):
            game = Game.new(players=players, seed=int(game_seed), rules=rules)
            results[i] = policies.play_out(game, chooser).scores()
        return results
    return policies.run_games(
        lambda game_seed: Game.new(players=players, seed=game_seed, rules=rules),
        games,
        players,
        policy,
        seed,
        rollouts=rollouts,
    )
