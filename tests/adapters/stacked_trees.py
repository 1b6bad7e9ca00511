"""Stacked trees joins the conformance suite (see README.md)."""

from __future__ import annotations

from collections import Counter

from orchard_lab import stacked_trees as module
from orchard_lab.stacked_trees import FRUITS, Card, Move

PLAYER_COUNTS = (1, 2, 3)


def full_deck(game) -> list:
    """Each player plays an own copy of the 18-card box (ST-7)."""
    return module.default_deck() * game.players


def check_invariants(game) -> None:
    rules = game.rules
    for seat in game.seats:
        board = seat.board
        on_table = dict.fromkeys(FRUITS, 0)
        for (r, c), value in board.dice().items():
            assert value in rules.ladder, f"die value {value} is not on the ladder"
            assert not board.is_rotten(r, c), "a rotten tree carries a die"
            on_table[board.top(r, c)] += 1
        for fruit in FRUITS:
            assert board.dice_left[fruit] >= 0, "negative dice supply"
            assert on_table[fruit] + board.dice_left[fruit] == rules.dice_per_fruit, (
                f"{fruit} dice: {on_table[fruit]} on the table + {board.dice_left[fruit]} left"
            )
        assert 0 <= board.rotten_used <= rules.rotten_tokens
        rotten_cells = sum(board.is_rotten(r, c) for r, c in board.trees())
        assert rotten_cells == board.rotten_used
        assert len(seat.hand) <= rules.hand_size
        drawn = Counter([*board.cards(), *seat.hand])
        assert drawn == Counter(game.order[: seat.drawn]), "cards come in the caller's order"


def candidate_moves(game, rng) -> list:
    """Illegal placements of every kind (ST-3, ST-5), plus a few random ones."""
    if game.is_over:
        return []
    seat = game.seats[game.current_player]
    board, hand = seat.board, seat.hand
    legal = game.legal_moves()
    moves = []
    for move in (legal[int(rng.integers(len(legal)))] for _ in range(3)):
        moves.append(Move(move.card, move.at, move.rotation, not move.rotten))
    card = hand[int(rng.integers(len(hand)))]
    rmin, rmax, cmin, cmax = board.bounds()
    moves.append(Move(card, (rmax + 5, cmax + 5), 0, False))  # no overlap
    moves.append(Move(card, (rmin - 3, cmin), 90, False))  # turned, still no overlap
    outsider = next(c for c in [*module.default_deck(), Card.from_text("AAA/AAA")] if c not in hand)
    moves.append(Move(outsider, legal[0].at, legal[0].rotation, legal[0].rotten))
    for (r, c), _ in board.trees().items():
        if board.is_rotten(r, c):
            moves.append(Move(card, (r, c), 0, False))  # covers a rotten tree
            moves.append(Move(card, (r - 1, c - 2), 90, True))
    if board.rotten_left == 0:  # a mismatch when no token is left
        for spot in board.placements(card)[:3]:
            for r, c in ((spot.at[0] + 1, spot.at[1]), (spot.at[0], spot.at[1] + 1)):
                moves.append(Move(card, (r, c), spot.rotation, True))
    for _ in range(6):
        at = (int(rng.integers(rmin - 2, rmax + 2)), int(rng.integers(cmin - 2, cmax + 2)))
        rotation = int(rng.choice([0, 90, 180, 270]))
        moves.append(Move(card, at, rotation, bool(rng.integers(2))))
    return moves
