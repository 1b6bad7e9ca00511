"""Apple batches' advice for a learner: a suggested move and why, in plain words.

>>> game = Game.new(players=1, seed=3)
>>> advice = hint(game)
>>> advice.move in game.legal_moves(), advice.reason.startswith("Greedy choice:")
(True, True)
"""

from __future__ import annotations

import numpy as np

from orchard_lab.apple_batches.cards import BATCH_NAMES
from orchard_lab.apple_batches.game import Game, Move
from orchard_lab.apple_batches.lookahead import LookaheadPolicy
from orchard_lab.core import Hint, check_int, make_rng

__all__ = ["HINT_POLICIES", "hint"]

HINT_POLICIES = ("greedy", "lookahead")


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
    if not isinstance(game, Game):
        raise TypeError(f"game must be an apple batches Game, not {type(game).__name__}")
    if policy not in HINT_POLICIES:
        raise ValueError(f"policy must be one of {HINT_POLICIES}, got {policy!r}")
    rollouts = check_int(rollouts, "rollouts", 1)
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to suggest")
    now = game.scores()[game.current_player]
    gains = [game.score_after(move) - now for move in moves]
    order = sorted(range(len(moves)), key=lambda i: -gains[i])  # stable: ties keep move order
    greedy = moves[order[0]]
    runner_up = moves[order[1]] if len(moves) > 1 else None

    def said(move: Move) -> str:
        gain = gains[moves.index(move)]
        return (
            f"the {move.card} apple in the {BATCH_NAMES[move.batch]} "
            f"({gain:+d} now: {_note_after(game, move)})"
        )

    if policy == "greedy":
        reason = f"Greedy choice: {said(greedy)}. It adds the most points right now."
        if runner_up is not None:
            reason += f" Next best: {said(runner_up)}."
        return Hint(greedy, reason, policy)
    chosen = LookaheadPolicy(rollouts=rollouts, seed=make_rng(seed))(game)
    reason = (
        f"Lookahead choice: {said(chosen)}. It played every possible move to the end of the "
        f"game {rollouts} times with the hidden cards shuffled, and this move finished best "
        "on average."
    )
    if chosen != greedy:
        reason += f" Greedy would take {said(greedy)}, which pays more now but less by the end."
    return Hint(chosen, reason, policy)
