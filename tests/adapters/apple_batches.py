"""Apple batches joins the conformance suite (see README.md in this folder)."""

from __future__ import annotations

import numpy as np

from orchard_lab import apple_batches as module
from orchard_lab.apple_batches import BATCHES, Board, Move

PLAYER_COUNTS = (1, 2, 3, 4, 5, 6)


def candidate_moves(game: module.Game, rng: np.random.Generator) -> list[Move]:
    """Every market card in all 8 batches, a pile card (not in the market) and a bad batch name."""
    moves = [Move(card, batch) for card in game.market for batch in BATCHES]
    if game.pile:
        moves.append(Move(game.pile[int(rng.integers(len(game.pile)))], "bad"))
    if game.market:
        moves.append(Move(game.market[0], "compost"))
    return moves


def full_deck(game: module.Game) -> list[module.Card]:
    return module.default_deck()


def check_invariants(game: module.Game) -> None:
    """Card counts follow the turn order (AB-2) and every batch is a legal sequence (AB-3..6)."""
    played = len(game.history)
    per_round = game.market_size
    assert len(game.market) == (0 if game.is_over else per_round - played % per_round)
    counts = [board.card_count for board in game.boards]
    assert sum(counts) == played and max(counts) <= module.cards_per_player(
        game.players, game.rules
    )
    assert max(counts) - min(counts) <= 1
    movers = [player for player, _ in game.history]  # (player, move) pairs, oldest first
    assert counts == [movers.count(p) for p in range(game.players)]
    for player, move in game.history:
        assert move.card in game.boards[player].batches[move.batch]
    for board in game.boards:
        rebuilt = Board(game.rules)  # special first: AB-6 only limits what comes before it
        for batch in ("special", *(b for b in BATCHES if b != "special")):
            for card in board.batches[batch]:
                assert rebuilt.can_place(card, batch), f"{card} cannot follow its batch {batch}"
                rebuilt.place(card, batch)
        assert rebuilt == board and rebuilt.total == board.total
