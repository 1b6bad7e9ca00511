"""Water drops joins the conformance suite (see README.md beside this file)."""

from __future__ import annotations

import numpy as np

from orchard_lab import water_drops as module

PLAYER_COUNTS = (1, 2, 3, 4, 5)


def candidate_moves(game: module.Game, rng: np.random.Generator) -> list[module.Move]:
    """Illegal tries (taken and far squares, cards not in the market, turned cards while
    rotation is off) and a few legal moves."""
    if game.is_over:
        return []
    board = game.boards[game.current_player]
    card = game.market[int(rng.integers(len(game.market)))]
    taken = list(board.squares)
    rows = [at[0] for at in taken]
    far = (max(rows) + 2, 0)
    outside = next(
        c for c in module.default_deck() + module.starting_cards() if c not in game.market
    )
    open_square = board.open_squares()[0]
    tries = [
        module.Move(card, taken[int(rng.integers(len(taken)))]),
        module.Move(card, far),
        module.Move(outside, open_square),
        module.Move(card, open_square, 90),
        module.Move(card, open_square, 270),
    ]
    legal = game.legal_moves()
    tries += [legal[int(i)] for i in rng.integers(len(legal), size=3)]
    return tries


def full_deck(game: module.Game) -> list[module.Card]:
    return module.default_deck() + module.starting_cards()


def check_invariants(game: module.Game) -> None:
    sizes = [len(board.cards()) for board in game.boards]
    assert max(sizes) - min(sizes) <= 1, "turn order keeps orchards within one card"
    assert len(game.market) <= module.market_size(game.players)
    assert len({board.start for board in game.boards}) == game.players
    for board in game.boards:
        assert len(board.cards()) == len(board.placed) + 1
