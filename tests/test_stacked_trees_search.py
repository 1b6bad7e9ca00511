"""The best line of a deal (perfect information) against brute force, and its anytime answer."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from orchard_lab import stacked_trees as st
from orchard_lab.stacked_trees import Board, Card, Game, Rules, search
from orchard_lab.stacked_trees.search import best_last
from tests.test_stacked_trees import position


def brute_force(cards: list[Card], rules: Rules) -> int:
    """The best final score over every sequence of legal placements (public API only)."""

    def best(board: Board, hand: list[Card], drawn: int) -> int:
        results = []
        for card in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(card)
            more = drawn < len(cards)
            if more:
                rest.append(cards[drawn])
            for spot in board.placements(card):
                rotten = spot.tokens > 0
                if not rest:
                    results.append(board.total + board.gain(card, spot.at, spot.rotation, rotten))
                    continue
                child = board.copy()
                child.place(card, spot.at, spot.rotation, rotten)
                results.append(best(child, rest, drawn + more))
        return max(results, default=board.total)  # nothing fits: the game ends (ST-6)

    hand = cards[1 : 1 + rules.hand_size]
    return best(Board(cards[0], rules), list(hand), 1 + len(hand))


def deal(seed: int, size: int) -> list[Card]:
    deck = st.default_deck()
    return [deck[i] for i in np.random.default_rng(seed).permutation(len(deck))][:size]


def replay(cards: list[Card], rules: Rules, moves) -> int:
    game = Game.deal(cards, rules=replace(rules, cards_per_game=len(cards)))
    for move in moves:
        game.play(move)
    assert game.is_over
    return game.scores()[0]


@pytest.mark.parametrize(("seed", "size"), [(0, 3), (1, 4), (2, 4)])
def test_best_line_is_optimal_on_small_deals(seed: int, size: int) -> None:
    cards = deal(seed, size)
    line = st.best_line(cards, time_limit=60)
    assert line.optimal
    assert line.score == brute_force(cards, Rules())
    assert replay(cards, Rules(), line.moves) == line.score


def test_best_line_is_optimal_on_five_cards() -> None:
    """Up to 5 cards the search proves its line; brute force agrees (no tokens keeps it quick)."""
    rules = Rules(rotten_tokens=0)
    cards = deal(7, 5)
    line = st.best_line(cards, rules, time_limit=60)
    assert line.optimal and line.score == brute_force(cards, rules)
    assert replay(cards, rules, line.moves) == line.score
    assert st.best_line(deal(3, 5), time_limit=60).optimal  # with the tokens, proven too


def test_best_line_plays_a_whole_deal_within_its_budget() -> None:
    cards = deal(4, 9)
    line = st.best_line(cards, time_limit=1.0)
    assert len(line.moves) <= 8
    assert replay(cards, Rules(), line.moves) == line.score
    greedy = Game.deal(cards)
    while not greedy.is_over:
        moves = greedy.legal_moves()
        greedy.play(max(moves, key=greedy.score_after))
    assert line.score >= greedy.scores()[0]


def test_best_line_node_limit_gives_the_same_line_everywhere() -> None:
    cards = deal(5, 9)
    first = st.best_line(cards, time_limit=60, node_limit=400)
    again = st.best_line(cards, time_limit=60, node_limit=400)
    assert first == again and not first.optimal and first.nodes == 401
    assert replay(cards, Rules(), first.moves) == first.score
    with pytest.raises(ValueError, match="node_limit"):
        st.best_line(cards, node_limit=0)


def test_best_line_when_stuck_at_once() -> None:
    cards = [Card.from_text("AAA/AAA"), Card.from_text("PPP/PPP"), Card.from_text("LLL/LLL")]
    line = st.best_line(cards, Rules(rotten_tokens=0))
    assert line.score == 0 and line.moves == () and line.optimal


@pytest.mark.parametrize(
    ("kwargs", "error", "word"),
    [
        ({"time_limit": 0}, ValueError, "time_limit"),
        ({"time_limit": float("nan")}, ValueError, "time_limit"),
        ({"time_limit": "1"}, TypeError, "time_limit"),
        ({"node_limit": 1.5}, TypeError, "node_limit"),
        ({"rules": "x"}, TypeError, "rules"),
    ],
)
def test_best_line_checks_its_arguments(kwargs, error, word: str) -> None:
    """Wrong types are TypeError, wrong values ValueError, each naming the argument."""
    with pytest.raises(error, match=word):
        st.best_line(deal(0, 3), **kwargs)
    with pytest.raises(ValueError, match="cards"):
        st.best_line([])
    with pytest.raises(TypeError, match="cards"):
        st.best_line(["APL/LAP"])
    with pytest.raises(ValueError, match="cards_per_game"):
        st.best_line(deal(0, 3) * 13)  # 39 cards: more than MAX_CARDS


@settings(max_examples=20, deadline=None)
@given(
    dice=hst.integers(0, 3),
    tokens=hst.integers(0, 6),
    penalty=hst.integers(0, 4),
    ladder=hst.sampled_from([ladder for _, ladder in st.LADDERS]),
    seed=hst.integers(0, 10**6),
)
def test_st5_proven_optimum_equals_exhaustive_search_under_switches(
    dice: int, tokens: int, penalty: int, ladder: tuple[int, ...], seed: int
) -> None:
    """ST-4/ST-5/ST-6, any switch: a line ``best_line`` calls optimal is the exhaustive
    optimum (its bounds never cut off a better line), and it replays to its score."""
    rules = Rules(dice_per_fruit=dice, rotten_tokens=tokens, rotten_penalty=penalty, ladder=ladder)
    cards = deal(seed, 3)
    line = st.best_line(cards, rules, node_limit=10**6)
    assert line.optimal
    assert line.score == brute_force(cards, rules)
    assert replay(cards, rules, line.moves) == line.score


@settings(max_examples=25, deadline=None)
@given(
    dice=hst.integers(0, 3),
    tokens=hst.integers(0, 12),
    moves=hst.integers(0, 6),
    seed=hst.integers(0, 10**6),
)
def test_st4_best_last_card_is_the_best_of_every_placement(
    dice: int, tokens: int, moves: int, seed: int
) -> None:
    """ST-4/ST-5: the last card's bit-sliced bound is admissible (a die a token sends back can
    buy a new die, but that die's loss pays for it), so ``best_last`` finds the best gain."""
    game = position(1, Rules(dice_per_fruit=dice, rotten_tokens=tokens), moves, seed)
    board = game.boards[0]
    for card in st.default_deck():
        gains = [board.gain(card, p.at, p.rotation, p.tokens > 0) for p in board.placements(card)]
        found = best_last(board, card)
        assert (found and found[0]) == (max(gains) if gains else None)


class _NoClock:
    """Stands in for the ``time`` module: reading the clock fails the test."""

    @staticmethod
    def perf_counter() -> float:
        raise AssertionError("best_line read the clock")


def test_best_line_with_a_node_limit_never_reads_the_clock(monkeypatch) -> None:
    """With a node limit and no time limit the result cannot depend on the machine or its
    load: the clock is never read, and two runs give the same line."""
    cards = deal(6, 9)
    monkeypatch.setattr(search, "time", _NoClock)
    first = st.best_line(cards, node_limit=800)
    assert first == st.best_line(cards, node_limit=800)
    assert first.nodes == 801 and not first.optimal
    assert replay(cards, Rules(), first.moves) == first.score
    small = st.best_line(deal(0, 3), node_limit=10**6)
    assert small.optimal and small.score == brute_force(deal(0, 3), Rules())
    with pytest.raises(AssertionError, match="clock"):
        st.best_line(cards, time_limit=5, node_limit=800)
