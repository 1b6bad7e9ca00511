"""The numpy batch (issue 15): many greedy orchards at once, exactly the generic greedy choices
under every rule switch (ST-2, ST-4, ST-5, ST-6)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from orchard_lab import stacked_trees as st
from orchard_lab.core import make_rng
from orchard_lab.policies import GreedyPolicy, play_out, run_games
from orchard_lab.stacked_trees import Game, Rules
from orchard_lab.stacked_trees.batch import CHUNK, greedy_totals
from orchard_lab.stacked_trees.board import Board
from orchard_lab.stacked_trees.cards import Card
from orchard_lab.stacked_trees.policies import greedy_turn, play_table
from orchard_lab.stacked_trees.rules import LADDERS

DECK = st.default_deck()

rules_strategy = hst.builds(
    Rules,
    dice_per_fruit=hst.integers(0, 6),
    rotten_tokens=hst.integers(0, 12),
    rotten_penalty=hst.integers(0, 10),
    ladder=hst.one_of(
        hst.sampled_from([ladder for _, ladder in LADDERS]),
        hst.lists(hst.integers(1, 10**6), min_size=1, max_size=20, unique=True).map(
            lambda values: tuple(sorted(values))
        ),
    ),
    cards_per_game=hst.integers(1, 18),
    hand_size=hst.integers(1, 6),
)


def finish(board: Board, hand: list[Card], order, drawn: int) -> int:
    """One orchard played to its end with ``greedy_turn``, drawing from ``order`` (ST-3)."""
    hand_size = board.rules.hand_size
    while True:
        while len(hand) < hand_size and drawn < len(order):
            hand.append(order[drawn])
            drawn += 1
        card = greedy_turn(board, hand) if hand else None
        if card is None:
            return board.total
        hand.remove(card)


def greedy_deals(table: np.ndarray, cards: list[Card], rules: Rules) -> np.ndarray:
    """The batch's final totals of fresh deals (row ``i`` of ``table``: indexes into
    ``cards`` of one game's order, the first starting the orchard)."""
    orders = [[cards[i] for i in deal] for deal in table]
    boards = [Board(order[0], rules) for order in orders]
    hands = [order[1 : 1 + rules.hand_size] for order in orders]
    drawn = [len(hand) + 1 for hand in hands]
    return greedy_totals(boards, hands, orders, drawn)


def deals(games: int, cards: int, seed: int) -> np.ndarray:
    rng = make_rng(seed)
    return np.array([rng.permutation(len(DECK))[:cards] for _ in range(games)])


@settings(max_examples=30, deadline=None)
@given(rules=rules_strategy, seed=hst.integers(0, 10**6))
def test_st5_batch_greedy_equals_greedy_turn_under_every_switch(rules: Rules, seed: int) -> None:
    """ST-2/ST-4/ST-5/ST-6, any switch: each batch total is ``greedy_turn``'s game, move by move
    the same choices (the final totals of 12 deals agree)."""
    table = deals(12, rules.cards_per_game, seed)
    expected = [play_table([DECK[i] for i in deal], rules, greedy_turn)[0].total for deal in table]
    assert greedy_deals(table, DECK, rules).tolist() == expected


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(rotten_tokens=6), Rules(dice_per_fruit=1, ladder=(1, 2, 4, 8))],
    ids=["standard", "6 tokens", "1 die, doubling"],
)
def test_st6_batch_greedy_equals_the_shared_greedy_policy_through_game(rules: Rules) -> None:
    """ST-6: the fast greedy ``simulate`` is ``GreedyPolicy`` playing ``Game`` objects."""
    fast = st.simulate(games=8, players=2, policy="greedy", seed=11, rules=rules)
    generic = run_games(lambda s: Game.new(players=2, seed=s, rules=rules), 8, 2, "greedy", 11)
    assert np.array_equal(fast, generic)


@settings(max_examples=15, deadline=None)
@given(
    tokens=hst.integers(0, 12),
    dice=hst.integers(0, 5),
    ladder=hst.sampled_from([ladder for _, ladder in LADDERS] + [(2,), (1, 5, 1000)]),
    hand=hst.integers(1, 4),
    moves=hst.integers(0, 6),
    seed=hst.integers(0, 10**6),
)
def test_st4_batch_finishes_games_in_play_like_finish(
    tokens: int, dice: int, ladder: tuple[int, ...], hand: int, moves: int, seed: int
) -> None:
    """ST-4/ST-5: from boards in play (dice climbed, tokens spent, supply short) the batch
    finishes each orchard as ``greedy_turn`` does, and leaves the boards alone."""
    rules = Rules(rotten_tokens=tokens, dice_per_fruit=dice, ladder=ladder, hand_size=hand)
    rng = np.random.default_rng(seed)
    boards, hands, orders, drawn, expected = [], [], [], [], []
    for _ in range(6):
        game = Game.new(seed=int(rng.integers(1 << 30)), rules=rules)
        for _ in range(moves):
            if game.is_over:
                break
            options = game.legal_moves()
            game.play(options[int(rng.integers(len(options)))])
        seat = game.seats[0]
        boards.append(seat.board)
        hands.append(list(seat.hand))
        orders.append(game.order)
        drawn.append(seat.drawn)
        expected.append(finish(seat.board.copy(), list(seat.hand), game.order, seat.drawn))
    before = [(str(board), board.dice_left, board.rotten_used) for board in boards]
    assert greedy_totals(boards, hands, orders, drawn).tolist() == expected
    assert [(str(board), board.dice_left, board.rotten_used) for board in boards] == before


def test_st6_batch_stops_an_orchard_that_is_stuck() -> None:
    """ST-6: an orchard where no card in hand fits ends at once; the others play on."""
    rules = Rules(rotten_tokens=0)
    stuck = [st.Card.from_text(text) for text in ("AAA/AAA", "PPP/PPP", "LLL/LLL")]
    game = Game.deal(stuck, rules=rules)
    assert game.is_over
    cards = [*stuck, *DECK]
    table = np.array([[0, 1, 2], [3, 4, 5]])
    expected = [play_table([cards[i] for i in deal], rules, greedy_turn)[0].total for deal in table]
    assert greedy_deals(table, cards, rules).tolist() == expected
    assert expected[0] == 0


def test_batch_plays_more_games_than_one_chunk() -> None:
    table = deals(CHUNK + 3, 9, 5)
    totals = greedy_deals(table, DECK, Rules())
    assert totals.shape == (CHUNK + 3,)
    for i in (0, CHUNK - 1, CHUNK, CHUNK + 2):
        game = Game.deal([DECK[j] for j in table[i]])
        assert totals[i] == play_out(game, GreedyPolicy()).scores()[0]


def test_batch_empty_and_mixed_rules() -> None:
    assert greedy_totals([], [], [], []).shape == (0,)
    boards = [st.Board(DECK[0]), st.Board(DECK[0], Rules(rotten_tokens=0))]
    with pytest.raises(ValueError, match="boards"):
        greedy_totals(boards, [[DECK[1]]] * 2, [DECK[:3]] * 2, [2, 2])
