"""The lookup tables (apple_batches.tables) hold exactly the batch rules of Board."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from orchard_lab import apple_batches as ab
from orchard_lab.apple_batches import BATCHES, Board, Rules, fast
from orchard_lab.apple_batches.tables import (
    ILLEGAL,
    SPECIAL,
    board_rows,
    card_indexes,
    tables,
)
from tests.test_apple_batches import SWITCHES

DECK = ab.default_deck()
BAD = BATCHES.index("bad")
# cards tried in order, each into the first batch of its list that takes it: boards with
# long batches, a planted or broken special tree, an unlucky total near 13 or past it
PLACEMENTS = st.lists(st.tuples(st.sampled_from(DECK), st.permutations(BATCHES)), max_size=60)


def board_from(rules: Rules, placements: list[tuple[ab.Card, list[str]]]) -> Board:
    board = Board(rules)
    for card, batches in placements:
        for batch in batches:
            if board.can_place(card, batch):
                board.place(card, batch)
                break
    return board


@settings(max_examples=120, deadline=None)
@given(rules=SWITCHES, placements=PLACEMENTS)
def test_ab3_to_ab6_every_entry_is_the_boards_rule(rules: Rules, placements: list) -> None:
    """AB-3..AB-6 under any switches: for every card and batch of a board, the tables refuse
    what ``Board`` refuses; otherwise the value (with a lost special tree's cost on every
    batch before the bad one, as ``fast`` adds it) is ``Board``'s gain, and the rows after the
    move are those of the board after it."""
    board = board_from(rules, placements)
    t = tables(rules)
    state = fast.State.of_boards([board], 1)
    rows = state.rows[0, :, 0].copy()
    assert rows.tolist() == board_rows(t, board)
    for index, card in enumerate(DECK):
        for b, batch in enumerate(BATCHES):
            value = int(t.value[rows[b] + index])
            if not board.can_place(card, batch):
                assert value == ILLEGAL, (card, batch)
                continue
            value += int(t.lost[rows[SPECIAL] + index]) if b < BAD else 0
            assert value == board.gain_unchecked(card, batch), (card, batch)
            after = board.copy()
            after.place(card, batch)
            state.rows[0, :, 0] = rows
            state.place(0, np.array([index]), np.array([b]), np.array([value]))
            assert state.rows[0, :, 0].tolist() == board_rows(t, after), (card, batch)


def test_tables_are_built_once_per_set_of_rules() -> None:
    assert tables(Rules(easy=True)) is tables(Rules(easy=True))
    assert tables(Rules(easy=True)) is not tables(Rules())


def test_state_of_a_game_is_the_state_its_moves_reach() -> None:
    """AB-3..AB-6 along a whole game under every switch: placing each move of the history in
    a fresh ``fast.State`` reaches the rows ``State.of_boards`` reads off the final boards."""
    rules = Rules(
        easy=True, unlucky_may_bust=True, steady_reference="any", special_broken_points=-20
    )
    game = ab.Game.new(players=3, seed=8, rules=rules)
    rng = np.random.default_rng(8)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    state = fast.State(1, 3, rules)
    for player, move in game.history:
        card = card_indexes([move.card])
        batch = np.array([BATCHES.index(move.batch)])
        rows = state.rows[player, :, 0]
        gain = state.tables.value[rows[batch] + card]
        gain += state.tables.lost[rows[SPECIAL] + card] if batch[0] < BAD else 0
        state.place(player, card, batch, gain)
    read = fast.State.of_boards(game.boards, 1)
    assert np.array_equal(state.rows, read.rows)
    assert state.scores()[0].tolist() == read.scores()[0].tolist() == game.scores()
