"""Stacked trees: a test per rule (ST-1..ST-8), the board, the game, saves and simulate."""

from __future__ import annotations

import copy
import dataclasses
import json
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from orchard_lab import IllegalMove, policies
from orchard_lab import stacked_trees as st
from orchard_lab.core import move_row, rules_to_dict, switches
from orchard_lab.policies import GreedyPolicy, run_games
from orchard_lab.stacked_trees import Board, Card, Game, Move, Rules
from orchard_lab.stacked_trees.board import bits
from orchard_lab.stacked_trees.policies import margins

C = Card.from_text


def inside(board: Board) -> dict:
    """Every field of the board, its bit masks of trees and covered cells included: what an
    undo must restore exactly, beyond what the board shows."""
    fields = vars(board).items()
    return {key: copy.deepcopy(value) for key, value in fields if key not in {"_climb", "_steps"}}


def snapshot(board: Board) -> tuple:
    return (
        board.trees(),
        board.dice(),
        board.dice_left,
        board.rotten_used,
        board.history,
        str(board),
    )


# -- ST-1 cards -------------------------------------------------------------------------------
def test_st1_card_text_round_trip() -> None:
    """ST-1: a card is 2 rows of 3 trees written "APL/LAP"."""
    card = C("APL/LAP")
    assert str(card) == "APL/LAP" and card.rows == ("APL", "LAP")
    assert (card.height, card.width) == (2, 3)
    assert hash(card) == hash(C("APL/LAP"))


def test_st1_all_four_rotations_clockwise() -> None:
    """ST-1/ST-3: quarter turns clockwise, any multiple of 90 taken mod 360."""
    card = C("APL/LAP")
    assert str(card.rotated(0)) == "APL/LAP"
    assert str(card.rotated(90)) == "LA/AP/PL"
    assert str(card.rotated(180)) == "PAL/LPA"
    assert str(card.rotated(270)) == "LP/PA/AL"
    assert card.rotated(450) == card.rotated(90)
    assert card.rotated(-90) == card.rotated(270)
    assert card.rotated(90).rotated(270) == card


@pytest.mark.parametrize("degrees", [45, 1, 100])
def test_st1_rotation_must_be_a_multiple_of_90(degrees: int) -> None:
    with pytest.raises(ValueError, match="degrees"):
        C("APL/LAP").rotated(degrees)
    with pytest.raises(TypeError, match="degrees"):
        C("APL/LAP").rotated(90.0)


@pytest.mark.parametrize("text", ["APL/LA", "APX/LAP", "APL", "", "AP/LA", "APLA/LAPA"])
def test_st1_from_text_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError):
        C(text)
    with pytest.raises(TypeError, match="text"):
        Card.from_text(3)


# -- ST-2 set up ------------------------------------------------------------------------------
def test_st2_set_up() -> None:
    """ST-2: shuffle, deal 9, the first starts the orchard, 2 in hand, 5 dice a fruit, 2 tokens."""
    game = Game.new(players=1, seed=4)
    assert len(game.order) == 9 and len(game.set_aside) == 9
    assert Counter(game.order + game.set_aside) == Counter(st.default_deck())
    board = game.boards[0]
    assert board.cards() == (game.order[0],)
    assert game.hand == game.order[1:3]
    assert board.dice_left == {"A": 5, "P": 5, "L": 5}
    assert board.rotten_left == 2 and board.rotten_used == 0
    assert board.top(0, 0) == str(game.order[0])[0]
    assert Game.new(seed=4).order == game.order and Game.new(seed=5).order != game.order


def test_st2_rules_are_validated_by_name() -> None:
    with pytest.raises(ValueError, match="dice_per_fruit"):
        Rules(dice_per_fruit=-1)
    with pytest.raises(TypeError, match="rotten_tokens"):
        Rules(rotten_tokens="2")
    with pytest.raises(ValueError, match="ladder"):
        Rules(ladder=(1, 3, 3))
    with pytest.raises(ValueError, match="ladder"):
        Rules(ladder=())
    with pytest.raises(TypeError, match="ladder"):
        Rules(ladder="1, 3, 6")
    with pytest.raises(ValueError, match="cards_per_game"):
        Rules(cards_per_game=0)
    assert Rules(ladder=[1, 2]).ladder == (1, 2)


# -- ST-3 placing -----------------------------------------------------------------------------
def test_st3_at_least_one_tree_must_overlap() -> None:
    board = Board(start=C("APL/LAP"))
    before = snapshot(board)
    with pytest.raises(IllegalMove) as info:
        board.place(C("APL/LAP"), at=(2, 0))
    assert info.value.rule == "ST-3" and "at least one" in str(info.value)
    assert snapshot(board) == before


def test_st3_negative_coordinates_grow_the_orchard() -> None:
    board = Board(start=C("AAA/AAA"))
    board.place(C("PPP/PPA"), at=(-1, -2))  # only its bottom-right apple covers (0, 0)
    assert board.top(-1, -2) == "P" and board.top(0, 0) == "A" and board.die(0, 0) == 1
    assert board.bounds() == (-1, 1, -2, 2)
    at = (-1, -2)
    for _ in range(10):  # far up and to the left, one pear on a pear each time
        at = (at[0] - 1, at[1] - 2)
        board.place(C("PPP/PPP"), at=at)
    assert board.bounds() == (-11, 1, -22, 2)
    assert board.top(-11, -22) == "P" and board.die(0, 0) == 1 and board.die(-1, -2) == 1
    assert board.dice_left["P"] == 0 and board.die(at[0] + 1, at[1] + 2) is None  # 5 pear dice


def test_st3_every_rotation_places_the_turned_picture() -> None:
    """ST-3: the four rotations, with ``at`` the turned card's top-left tree."""
    card = C("APL/LAP")
    spots = Board(start=C("AAA/AAA")).placements(card)
    assert {spot.rotation for spot in spots} == set(st.ROTATIONS)
    for rotation in st.ROTATIONS:
        board = Board(start=C("AAA/AAA"))
        spot = next(s for s in spots if s.rotation == rotation and s.tokens == 0)
        board.place(card, at=spot.at, rotation=rotation)
        turned = card.rotated(rotation)
        for r, row in enumerate(turned.rows):
            for c, fruit in enumerate(row):
                assert board.top(spot.at[0] + r, spot.at[1] + c) == fruit


def test_st3_turned_card_covers_a_column() -> None:
    board = Board(start=C("APL/LAP"))
    board.place(C("LAA/PLP"), at=(-2, -1), rotation=90)  # "PL/LA/PA", its last A on (0, 0)
    assert [board.top(r, -1) for r in (-2, -1, 0)] == ["P", "L", "P"]
    assert [board.top(r, 0) for r in (-2, -1, 0, 1)] == ["L", "A", "A", "L"]
    assert board.dice() == {(0, 0): 1}


def test_st3_mismatch_without_a_token_is_refused() -> None:
    board = Board(start=C("APL/LAP"))
    before = snapshot(board)
    with pytest.raises(IllegalMove) as info:
        board.place(C("AAA/AAA"), at=(0, 0))
    assert info.value.rule == "ST-3" and "4 rotten tokens" in str(info.value)
    assert str(info.value).startswith("Matching fruit (ST-3): 4 trees would lie on")
    assert snapshot(board) == before


def test_st3_rotten_tree_can_never_be_covered() -> None:
    board = Board(start=C("AAA/AAA"))
    board.place(C("AAP/AAA"), at=(0, 0), rotten=True)  # P on A at (0, 2): rotten
    assert board.is_rotten(0, 2) and board.die(0, 2) is None
    before = snapshot(board)
    for rotten in (False, True):
        with pytest.raises(IllegalMove) as info:
            board.place(C("PPA/AAA"), at=(0, 1), rotten=rotten)
        assert info.value.rule == "ST-3" and "rotten" in str(info.value)
    assert snapshot(board) == before
    spots = board.placements(C("PPP/PPP"))
    assert spots and not any(_covers(p, (0, 2)) for p in spots)


def _covers(placement, cell) -> bool:
    h, w = (2, 3) if placement.rotation in (0, 180) else (3, 2)
    r, c = cell[0] - placement.at[0], cell[1] - placement.at[1]
    return 0 <= r < h and 0 <= c < w


@pytest.mark.parametrize(
    ("bad", "error", "name"),
    [
        (dict(rotation=45), ValueError, "rotation"),
        (dict(rotation=90.0), TypeError, "rotation"),
        (dict(at=(0,)), ValueError, "at"),
        (dict(at=(0.5, 1)), TypeError, "at"),
        (dict(at="00"), TypeError, "at"),
        (dict(rotten="yes"), TypeError, "rotten"),
        (dict(rotten=None), TypeError, "rotten"),
        (dict(rotten=0), TypeError, "rotten"),
        (dict(card="APL/LAP"), TypeError, "card"),
    ],
)
def test_st3_malformed_placements_raise_type_or_value_errors(bad, error, name) -> None:
    """ST-3: wrong types are TypeError, wrong values ValueError, naming the argument; the board
    and ``gain`` (the checked "what would this add") raise the same and change nothing."""
    board = Board(start=C("APL/LAP"))
    before = snapshot(board)
    args = {"card": C("APL/LAP"), "at": (0, 0), "rotation": 0, "rotten": False, **bad}
    for method in (board.place, board.gain):
        with pytest.raises(error, match=name) as info:
            method(**args)
        assert not isinstance(info.value, IllegalMove)
    assert snapshot(board) == before


def test_st3_placements_lists_every_legal_spot_with_its_cost() -> None:
    board = Board(start=C("APL/LAP"))
    card = C("PLA/PAP")
    spots = board.placements(card)
    assert len(spots) == len(set(spots))
    for spot in spots:
        assert board.tokens_needed(card, spot.at, spot.rotation) == spot.tokens <= 2
        assert board.can_place(card, spot.at, spot.rotation, rotten=spot.tokens > 0)
    # brute force over a window: nothing legal is missed
    found = {(s.at, s.rotation) for s in spots}
    for rotation in st.ROTATIONS:
        for r in range(-4, 4):
            for c in range(-4, 5):
                legal = board.can_place(card, (r, c), rotation) or board.can_place(
                    card, (r, c), rotation, rotten=True
                )
                assert legal == (((r, c), rotation) in found)


# -- ST-4 dice --------------------------------------------------------------------------------
def test_st4_the_ladder_climbs_and_caps_at_10() -> None:
    """ST-4: 1 -> 3 -> 6 -> 10, and 10 stays 10."""
    board = Board(start=C("APL/LAP"))
    seen = []
    for _ in range(6):
        board.place(C("APL/LAP"), at=(0, 0))
        seen.append(board.die(0, 0))
    assert seen == [1, 3, 6, 10, 10, 10]
    assert board.score().parts["dice"] == 6 * 10
    assert Rules().climb(10) == 10


def test_st4_ladder_is_a_rule() -> None:
    board = Board(start=C("APL/LAP"), rules=Rules(ladder=(2, 4)))
    values = []
    for _ in range(3):
        board.place(C("APL/LAP"), at=(0, 0))
        values.append(board.die(1, 1))
    assert values == [2, 4, 4]


def test_st4_five_dice_a_fruit_handed_out_in_reading_order() -> None:
    """ST-4: six new apples, five dice: the last tree in reading order gets none."""
    board = Board(start=C("AAA/AAA"))
    board.place(C("AAA/AAA"), at=(0, 0))
    assert board.dice() == {(0, 0): 1, (0, 1): 1, (0, 2): 1, (1, 0): 1, (1, 1): 1}
    assert board.die(1, 2) is None and board.dice_left["A"] == 0
    board.place(C("AAA/AAA"), at=(0, 0))  # dice climb; still no die left for (1, 2)
    assert board.die(0, 0) == 3 and board.die(1, 2) is None


def test_st4_reading_order_is_the_orchards_even_when_turned() -> None:
    """ST-4: turned 270, the card's first apple lands last: the orchard's reading order counts."""
    board = Board(start=C("APL/APL"), rules=Rules(dice_per_fruit=1))
    board.place(C("AAA/PPP"), at=(0, 0), rotation=270)  # "AP/AP/AP"
    assert board.die(0, 0) == 1 and board.die(1, 0) is None
    assert board.die(0, 1) == 1 and board.die(1, 1) is None


def test_st4_trees_that_cover_nothing_get_no_die() -> None:
    board = Board(start=C("APL/LAP"))
    board.place(C("LAP/PPP"), at=(1, 0))  # the top row covers "LAP", the bottom row nothing
    assert board.dice() == {(1, 0): 1, (1, 1): 1, (1, 2): 1}
    assert sum(board.dice_left.values()) == 12


def test_st4_rotten_comes_first_and_frees_a_die_for_the_same_card() -> None:
    """ST-4 order: the die under a rotten token returns before new dice are handed out."""
    board = Board(start=C("AAA/PPP"), rules=Rules(dice_per_fruit=1))
    board.place(C("PPP/PPA"), at=(-1, -2))  # the only apple die goes to (0, 0)
    assert board.die(0, 0) == 1 and board.dice_left["A"] == 0
    board.place(C("LAA/PPP"), at=(0, 0), rotten=True)
    # (0,0): L on A -> rotten, its die goes back; (0,1): A on A -> gets it; (0,2): none left
    assert board.is_rotten(0, 0) and board.die(0, 0) is None
    assert board.die(0, 1) == 1 and board.die(0, 2) is None and board.dice_left["A"] == 0
    assert board.die(1, 0) == 1 and board.dice_left["P"] == 0


# -- ST-5 rotten fruit ------------------------------------------------------------------------
def test_st5_a_token_is_spent_only_when_asked_and_the_message_counts() -> None:
    board = Board(start=C("APL/LAP"))
    with pytest.raises(IllegalMove, match="1 rotten token") as info:
        board.place(C("APA/LAP"), at=(0, 0))
    assert info.value.rule == "ST-3" and str(info.value).startswith("Matching fruit (ST-3): ")
    board.place(C("APA/LAP"), at=(0, 0), rotten=True)
    assert board.rotten_used == 1 and board.is_rotten(0, 2)
    assert board.score().parts == {"dice": 5, "rotten": -3}
    assert board.score().notes["rotten"] == "1 rotten token × -3"
    assert board.score().notes["dice"] == "5 dice: 1+1+1+1+1 = 5"


def test_st5_rotten_true_on_a_matching_placement_is_refused() -> None:
    board = Board(start=C("APL/LAP"))
    before = snapshot(board)
    with pytest.raises(IllegalMove, match="no rotten token is needed") as info:
        board.place(C("APL/LAP"), at=(0, 0), rotten=True)
    assert info.value.rule == "ST-5" and snapshot(board) == before


def test_st5_both_tokens_on_one_card_then_none_left() -> None:
    board = Board(start=C("APL/LAP"))
    board.place(C("AAL/LAA"), at=(0, 0), rotten=True)  # P->A twice
    assert board.rotten_used == 2 and board.rotten_left == 0
    assert board.score().total == 4 - 6
    before = snapshot(board)
    with pytest.raises(IllegalMove, match="only 0 are left") as info:
        board.place(C("PPP/AAA"), at=(1, -2), rotten=True)
    assert info.value.rule == "ST-5" and snapshot(board) == before
    assert all(p.tokens == 0 for p in board.placements(C("PLA/AAA")))


def test_st5_three_mismatches_cost_too_much() -> None:
    board = Board(start=C("APL/LAP"))
    with pytest.raises(IllegalMove, match="3 rotten tokens"):
        board.place(C("PLA/LAP"), at=(0, 0))
    with pytest.raises(IllegalMove, match="only 2"):
        board.place(C("PLA/LAP"), at=(0, 0), rotten=True)


def test_st5_rules_set_tokens_and_penalty() -> None:
    board = Board(start=C("APL/LAP"), rules=Rules(rotten_tokens=3, rotten_penalty=5))
    board.place(C("PLA/LAP"), at=(0, 0), rotten=True)
    assert board.score().parts["rotten"] == -15


# -- ST-6 end and score -----------------------------------------------------------------------
def test_st6_the_game_ends_when_no_card_in_hand_fits() -> None:
    """ST-6: with no tokens and no matching fruit, the hand cannot be placed: over at once."""
    rules = Rules(rotten_tokens=0)
    order = [C("AAA/AAA")] + [C("PPP/LLL")] * 8
    game = Game.deal(order, rules=rules)
    assert game.is_over and game.legal_moves() == [] and game.finished(0)
    with pytest.raises(IllegalMove) as info:
        game.play(Move(C("PPP/LLL"), (0, 0)))
    assert info.value.rule == "ST-6"


def test_st6_the_game_ends_mid_way_when_stuck() -> None:
    """ST-6: after one play the hand holds two pear cards and no pear is in sight: over."""
    order = [C("AAA/AAA"), C("LLA/LLL")] + [C("PPP/PPP")] * 7
    game = Game.deal(order, rules=Rules(rotten_tokens=0))
    moves = game.legal_moves()
    assert moves and all(m.card == C("LLA/LLL") and not m.rotten for m in moves)
    game.play(moves[0])
    assert game.is_over and game.legal_moves() == [] and len(game.boards[0].cards()) == 2
    assert game.hand == (C("PPP/PPP"), C("PPP/PPP"))


def test_st6_the_game_ends_after_the_ninth_card() -> None:
    game = Game.deal([C("APL/LAP")] * 9)
    placed = 0
    while not game.is_over:
        game.play(game.legal_moves()[0])
        placed += 1
    assert placed == 8 and len(game.boards[0].cards()) == 9 and game.hand == ()


@pytest.mark.parametrize(
    ("score", "name"),
    [
        (-6, "Pal-tree"),
        (24, "Pal-tree"),
        (25, "Forget-apple"),
        (29, "Forget-apple"),
        (30, "Satisfac-tree"),
        (35, "Remark-apple"),
        (40, "Tree-mendous"),
        (44, "Tree-mendous"),
        (45, "Plum-believable"),
        (50, "Close to Pear-fect"),
        (54, "Close to Pear-fect"),
        (55, "Almost imposs-apple!"),
        (150, "Almost imposs-apple!"),
    ],
)
def test_st6_rating_table(score: int, name: str) -> None:
    assert st.rating(score) == name


def test_st6_score_is_dice_minus_three_per_token() -> None:
    board = Board(start=C("APL/LAP"))
    board.place(C("APL/LAP"), at=(0, 0))
    board.place(C("APL/LAP"), at=(0, 0))
    board.place(C("APA/LAP"), at=(0, 0), rotten=True)
    score = board.score()
    assert score.parts == {"dice": 6 * 5, "rotten": -3}
    assert score.total == board.total == 27
    assert "dice: 5 dice: 6+6+6+6+6 = 30 → 30 points" in score.explain()
    with pytest.raises(TypeError, match="score"):
        st.rating("45")


# -- ST-7 several players ---------------------------------------------------------------------
def test_st7_players_share_the_order_and_take_turns() -> None:
    game = Game.new(players=3, seed=8, first_player=1)
    assert game.current_player == 1
    assert game.hands() == [game.order[1:3]] * 3
    seen = []
    rng = np.random.default_rng(0)
    while not game.is_over and len(seen) < 6:
        seen.append(game.current_player)
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    assert seen[:6] == [1, 2, 0, 1, 2, 0]
    for board in game.boards:
        assert board.cards()[0] == game.order[0]
    drawn = [seat.drawn for seat in game.seats]
    assert drawn == [5, 5, 5]


def _play(board: Board, *placements) -> tuple[int, int, int]:
    for text, at, rotation, rotten in placements:
        board.place(C(text), at=at, rotation=rotation, rotten=rotten)
    return board.total, board.rotten_used, len(board.dice())


def test_st7_winners_tie_break_fewer_rotten_then_more_dice() -> None:
    game = Game.deal([C("APL/LAP")] * 9, players=3)
    a, b, c = game.boards
    assert _play(a, ("APL/LAP", (-1, -1), 0, False), ("APL/LAP", (-2, -2), 0, False)) == (4, 0, 4)
    assert _play(b, ("APL/LAP", (0, 0), 0, False), ("APL/LAP", (-1, -1), 90, True)) == (4, 1, 5)
    assert _play(c, ("APA/LAP", (0, 0), 270, True), ("APL/LAP", (-1, -1), 0, False)) == (4, 1, 3)
    assert game.scores() == [4, 4, 4]
    assert game.winners() == [0]  # fewer rotten tokens
    duel = Game.deal([C("APL/LAP")] * 9, players=2)
    _play(duel.boards[0], ("APA/LAP", (0, 0), 270, True), ("APL/LAP", (-1, -1), 0, False))
    _play(duel.boards[1], ("APL/LAP", (0, 0), 0, False), ("APL/LAP", (-1, -1), 90, True))
    assert duel.winners() == [1]  # same score and tokens: more dice
    shared = Game.deal([C("APL/LAP")] * 9, players=2)
    for board in shared.boards:
        _play(board, ("AAA/AAA", (-1, -2), 0, False), ("AAA/AAA", (-1, -3), 0, False))
    assert shared.winners() == [0, 1]


def test_st7_a_finished_player_is_skipped() -> None:
    rules = Rules(rotten_tokens=0)
    game = Game.deal(
        [C("AAA/AAA"), C("AAA/AAA"), C("PPP/PPP")] + [C("LLL/LLL")] * 6, players=2, rules=rules
    )
    game.play(Move(C("AAA/AAA"), (0, 0)))  # player 0: now holds P and L cards, no apple: done
    assert game.finished(0) and game.current_player == 1
    game.play(Move(C("AAA/AAA"), (0, 0)))
    assert game.is_over and game.current_player in (0, 1)


# -- ST-8 default deck ------------------------------------------------------------------------
def test_st8_default_deck_design() -> None:
    deck = st.default_deck()
    assert len(deck) == 18 == st.MAX_CARDS  # simulate can deal every allowed cards_per_game
    assert all(card.height == 2 and card.width == 3 for card in deck)
    assert all(len(set("".join(card.rows))) >= 2 for card in deck)
    counts = Counter("".join("".join(card.rows) for card in deck))
    assert counts == {"A": 36, "P": 36, "L": 36}
    for i, first in enumerate(deck):
        for second in deck[i + 1 :]:
            assert not st.same_under_rotation(first, second), (first, second)
    assert st.default_deck() is not st.default_deck()  # a fresh list each time


# -- board basics -----------------------------------------------------------------------------
def test_board_reads_and_copies() -> None:
    board = Board(start=C("APL/LAP"))
    assert board.top(0, 0) == "A" and board.top(5, 5) is None and board.die(0, 0) is None
    twin = board.copy()
    twin.place(C("APL/LAP"), at=(0, 0))
    assert board.die(0, 0) is None and twin.die(0, 0) == 1
    assert board.score().parts == {"dice": 0, "rotten": 0}
    assert board.score().notes["dice"] == "no dice on the table yet"
    with pytest.raises(TypeError, match="start"):
        Board(start="APL/LAP")


def test_board_grows_far_and_keeps_its_trees() -> None:
    board = Board(start=C("AAA/AAA"))
    at = (0, 0)
    for _ in range(12):
        at = (at[0] + 1, at[1] + 2)  # one corner overlap each time
        board.place(C("AAA/AAA"), at=at)
        assert board.top(*at) == "A"
    assert board.bounds() == (0, 13, 0, 26)
    assert len(board.trees()) == 6 + 12 * 5
    assert sum(board.dice().values()) == board.score().parts["dice"] == 5


def test_gain_matches_place() -> None:
    rng = np.random.default_rng(1)
    for seed in range(20):
        game = Game.new(seed=seed)
        while not game.is_over:
            moves = game.legal_moves()
            move = moves[int(rng.integers(len(moves)))]
            expected = game.score_after(move)
            game.play(move)
            assert game.scores()[0] == expected == game.boards[0].score().total


# -- game -------------------------------------------------------------------------------------
def test_game_refuses_a_card_not_in_hand() -> None:
    game = Game.new(seed=1)
    outsider = next(c for c in st.default_deck() if c not in game.hand)
    before = game.to_json()
    with pytest.raises(IllegalMove, match="not in your hand"):
        game.play(Move(outsider, (0, 0)))
    with pytest.raises(TypeError, match="move"):
        game.play("a move")
    assert game.to_json() == before


def test_undo_and_save_round_trip() -> None:
    game = Game.new(players=2, seed=6)
    start = game.to_json()
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    game.play(game.legal_moves()[3])
    game.play(game.legal_moves()[-1])
    saved = game.to_json()
    loaded = Game.from_json(saved)
    assert loaded.to_json() == saved and loaded.scores() == game.scores()
    loaded.undo()
    loaded.undo()
    assert loaded.to_json() == start
    data = json.loads(saved)
    assert data["game"] == "stacked_trees" and data["format"] == st.SAVE_FORMAT == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(order=d["order"][:-1]), "order"),
        (lambda d: d["moves"][0].__setitem__("at", [40, 0]), "not allowed"),
        (lambda d: d["moves"][0].__setitem__("player", 1), "player"),
        (lambda d: d["moves"][0].__setitem__("rotation", 45), "rotation"),
        (lambda d: d["moves"][0].__setitem__("rotten", None), "rotten"),
        (lambda d: d["moves"][0].__setitem__("card", "LA/AP/PL"), "not allowed"),
        (lambda d: d["order"].__setitem__(1, "LA/AP/PL"), "order"),
        (lambda d: d["rules"].__setitem__("cards_per_game", 10**6), "cards_per_game"),
        (lambda d: d["rules"].__setitem__("ladder", list(range(1, 10**4))), "ladder"),
        (lambda d: d.update(players=st.FACTS.max_players + 1), "players"),
        (lambda d: d["order"].__setitem__(0, "APL/LA"), "order"),
        (lambda d: d["rules"].__setitem__("ladder", [3, 1]), "ladder"),
        (lambda d: d["rules"].pop("hand_size"), "switch"),
        (lambda d: d.update(extra=1), "fields"),
        (lambda d: d.update(players=0), "players"),
    ],
)
def test_from_json_says_what_is_wrong(change, message: str) -> None:
    game = Game.new(seed=2)
    game.play(game.legal_moves()[0])
    data = json.loads(game.to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        Game.from_json(json.dumps(data))


def test_rotation_is_saved_mod_360() -> None:
    game = Game.deal([C("APL/LAP")] * 9)
    game.play(Move(C("APL/LAP"), (0, 0), rotation=360))
    game.play(Move(C("APL/LAP"), (0, 0), rotation=-360, rotten=False))
    assert [move.rotation for _, move in game.history] == [0, 0]
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_determinized_keeps_what_the_player_has_seen() -> None:
    game = Game.new(players=2, seed=3)
    game.play(game.legal_moves()[0])
    world = game.determinized(np.random.default_rng(0))
    seen = max(seat.drawn for seat in game.seats)
    assert world.order[:seen] == game.order[:seen]
    assert Counter(world.all_cards()) == Counter(game.all_cards())
    assert world.hands() == game.hands() and world.boards[0].cards() == game.boards[0].cards()
    hidden = Counter(world.order[seen:] + world.set_aside)
    assert hidden == Counter(game.order[seen:] + game.set_aside)
    worlds = {game.determinized(np.random.default_rng(i)).order for i in range(5)}
    assert len(worlds) > 1


# -- simulate, policies and the best line -----------------------------------------------------
def test_simulate_greedy_fast_path_equals_the_shared_greedy_policy() -> None:
    fast = st.simulate(games=15, players=2, policy="greedy", seed=9)
    slow = st.simulate(games=15, players=2, policy=GreedyPolicy(), seed=9)
    assert np.array_equal(fast, slow)


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [1, 3])
def test_simulate_fast_path_makes_the_shared_policies_choices(policy: str, players: int) -> None:
    fast = st.simulate(games=25, players=players, policy=policy, seed=4)
    generic = run_games(lambda s: Game.new(players=players, seed=s), 25, players, policy, seed=4)
    assert np.array_equal(fast, generic)


def test_simulate_random_is_seeded_and_mostly_low() -> None:
    first = st.simulate(games=200, policy="random", seed=1)
    assert np.array_equal(first, st.simulate(games=200, policy="random", seed=1))
    assert (first < 25).mean() > 0.9  # ST-8: random legal play lands mostly below 25
    with pytest.raises(ValueError, match="policy"):
        st.simulate(games=1, policy="clever")


def test_lookahead_plays_legal_moves_to_the_end() -> None:
    game = Game.new(seed=12)
    policy = st.PlannerPolicy(rollouts=2, candidates=3, seed=0)
    while not game.is_over:
        move = policy(game)
        assert move in game.legal_moves()
        game.play(move)
    scores = st.simulate(games=2, policy="planner", seed=0, rollouts=2)
    assert scores.shape == (2, 1)


def test_lookahead_on_a_finished_game_says_it_is_over() -> None:
    game = Game.new(seed=12)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="game is over"):  # not an IndexError
        st.LookaheadPolicy(rollouts=2, seed=0)(game)


# -- issue 14: nothing gets past the rules ------------------------------------------------------
def test_st5_rotten_must_be_a_bool() -> None:
    """ST-5: ``rotten=None`` is a TypeError, never "falsy" (it let 6 tokens of 2 through)."""
    board = Board(start=C("AAA/AAA"))
    before = snapshot(board)
    for rotten in (None, 0, 1, "", np.int64(0)):
        with pytest.raises(TypeError, match="rotten"):
            board.place(C("PPP/PPP"), (0, 0), 0, rotten=rotten)
        with pytest.raises(TypeError, match="rotten"):
            board.gain(C("PPP/PPP"), (0, 0), 0, rotten=rotten)
        with pytest.raises(TypeError, match="rotten"):
            Move(C("PPP/PPP"), (0, 0), 0, rotten)
    assert snapshot(board) == before and board.rotten_used == 0


def brute_force_spots(board: Board, card: Card) -> dict:
    """Every legal (at, rotation) -> tokens, found by trying each cell around the orchard."""
    rmin, rmax, cmin, cmax = board.bounds()
    found = {}
    for rotation in st.ROTATIONS:
        for r in range(rmin - 3, rmax + 2):
            for c in range(cmin - 3, cmax + 2):
                for rotten in (False, True):
                    if board.can_place(card, (r, c), rotation, rotten):
                        found[(r, c), rotation] = board.tokens_needed(card, (r, c), rotation)
    return found


def test_st5_six_tokens_repro_offers_every_placement() -> None:
    """ST-5 with ``rotten_tokens=6``: ALP/PAP at (0, 0) turned 0 costs 3 tokens and is legal."""
    game = Game.new(players=1, seed=0, rules=Rules(rotten_tokens=6))
    moves = game.legal_moves()
    assert Move(C("ALP/PAP"), (0, 0), 0, True) in moves
    assert len(moves) == 124  # 104 with at most 2 tokens, and 20 that cost 3 or more
    board = game.boards[0]
    assert board.tokens_needed(C("ALP/PAP"), (0, 0)) >= 3


@settings(max_examples=25, deadline=None)
@given(tokens=hst.integers(0, st.rules.MAX_TOKENS), seed=hst.integers(0, 10**6))
def test_st5_any_token_count_legal_moves_equal_brute_force(tokens: int, seed: int) -> None:
    """ST-5/ST-6 for every ``rotten_tokens``: ``placements`` (hence ``legal_moves`` and the
    end check) lists exactly what ``place`` accepts, with the tokens each costs."""
    game = Game.new(seed=seed, rules=Rules(rotten_tokens=tokens))
    rng = np.random.default_rng(seed)
    while not game.is_over:
        board = game.boards[0]
        for card in set(game.hand):
            listed = {(p.at, p.rotation): p.tokens for p in board.placements(card)}
            assert listed == brute_force_spots(board, card)
        assert board.fits_any(game.hand)
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    board = game.boards[0]
    assert not any(brute_force_spots(board, card) for card in game.hand)


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize(
    "rules",
    [
        Rules(rotten_tokens=6),
        Rules(rotten_tokens=12, rotten_penalty=0),
        Rules(ladder=(1, 4, 9, 16), dice_per_fruit=2, hand_size=3, cards_per_game=12),
        Rules(rotten_tokens=0, ladder=(2,)),
    ],
    ids=["6 tokens", "12 free tokens", "squares, 2 dice, hand 3", "no tokens"],
)
def test_st5_fast_simulate_makes_the_shared_choices_under_every_switch(policy, rules) -> None:
    """ST-5 (and every project switch): both fast ``simulate`` paths equal the shared policies
    playing ``Game`` objects, so they offer the 3-token placements too."""
    fast = st.simulate(games=6, players=2, policy=policy, seed=3, rules=rules)
    generic = run_games(lambda s: Game.new(players=2, seed=s, rules=rules), 6, 2, policy, seed=3)
    assert np.array_equal(fast, generic)


class _Untouched(tuple):
    """A ladder that fails the test if any of its values is read."""

    def __iter__(self):
        raise AssertionError("the ladder's values were read")

    def __getitem__(self, index):
        raise AssertionError("the ladder's values were read")


def test_st4_ladder_work_is_bounded_and_linear() -> None:
    """ST-4: a ladder longer than MAX_LADDER is refused at once, from its length alone, before
    any value is read (a 20,000-step ladder took 3.3 s in ``Game.new``); the tables of an
    allowed ladder are built once."""
    for length in (st.MAX_LADDER + 1, 20_000, 10**6):
        with pytest.raises(ValueError, match="ladder"):
            Rules(ladder=_Untouched(range(1, length + 1)))
    longest = Rules(ladder=tuple(range(1, st.MAX_LADDER + 1)))
    board = Board(C("APL/LAP"), longest)
    for _ in range(st.MAX_LADDER + 2):
        board.place(C("APL/LAP"), (0, 0))
    assert board.die(0, 0) == st.MAX_LADDER and longest.climb(st.MAX_LADDER) == st.MAX_LADDER
    with pytest.raises(ValueError, match="ladder"):
        Rules(ladder=(1, st.rules.MAX_LADDER_VALUE + 1))


def test_st2_every_switch_describes_itself_and_declares_its_bounds() -> None:
    """ST-2..ST-6: each switch has a label, a line of help, a rule id and its limits; a value
    past a limit is a ValueError naming the switch, a wrong type a TypeError."""
    found = switches(Rules)
    assert [s.name for s in found] == [f.name for f in dataclasses.fields(Rules)]
    for each in found:
        assert each.label and each.help and each.rule in st.FACTS.rules
        value = getattr(Rules(), each.name)
        if each.kind == "int":
            assert each.low is not None and each.high is not None
            assert Rules(**{each.name: each.high}) and Rules(**{each.name: each.low})
            for bad in (each.high + 1, each.low - 1, 10**100):
                with pytest.raises(ValueError, match=each.name):
                    Rules(**{each.name: bad})
        for wrong in ("3", 2.0, None, True):
            if wrong is True and each.kind == "bool":
                continue
            with pytest.raises(TypeError, match=each.name):
                Rules(**{each.name: wrong})
        assert value == each.default
    ladder = next(s for s in found if s.name == "ladder")
    assert ladder.kind == "choice" and ladder.open
    assert dict((v, k) for k, v in ladder.options)[(1, 4, 9, 16)].startswith("squares")
    assert Rules(ladder=(2, 5)).ladder == (2, 5)  # open: any climbing ladder


def test_st7_players_beyond_the_limit_are_refused_at_once() -> None:
    """ST-7: ``Game.new(players=10**9)`` and ``simulate(players=10**7)`` hung; now ValueError."""
    start = time.process_time()  # CPU, not wall-clock: load cannot fail it
    for players in (10**9, st.FACTS.max_players + 1, 0):
        with pytest.raises(ValueError, match="players"):
            Game.new(players=players)
        with pytest.raises(ValueError, match="players"):
            st.simulate(games=1, players=players)
        with pytest.raises(ValueError, match="players"):
            Game.deal([C("APL/LAP")] * 3, players=players)
    with pytest.raises(ValueError, match="policy"):
        st.simulate(games=10**8, policy="nope")  # allocated 800 MB of seeds before refusing
    with pytest.raises(ValueError, match="games"):
        st.simulate(games=st.MAX_GAMES + 1)
    with pytest.raises(ValueError, match="games"):
        st.simulate(games=10**9)
    with pytest.raises(ValueError, match="rollouts"):
        st.simulate(games=1, policy="lookahead", rollouts=st.MAX_ROLLOUTS + 1)
    assert time.process_time() - start < 1.0
    assert st.simulate(games=0, players=3).shape == (0, 3)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: Game.new(rules="x"), "rules"),
        (lambda: Game.deal([C("APL/LAP")] * 3, rules="x"), "rules"),
        (lambda: st.simulate(games=1, rules="x"), "rules"),
        (lambda: Game.new(players="2"), "players"),
        (lambda: Game.new(first_player=0.0), "first_player"),
        (lambda: Game.new(deck="APL/LAP"), "deck"),
        (lambda: Game.new(deck=["APL/LAP"] * 9), "deck"),
        (lambda: st.simulate(games=1.0), "games"),
        (lambda: st.simulate(games=1, players=2.0), "players"),
        (lambda: st.simulate(games=1, policy=3), "policy"),
        (lambda: Board(C("APL/LAP"), rules="x"), "rules"),
        (lambda: Board(C("APL/LAP")).placements("APL/LAP"), "card"),
        (lambda: st.hint("game"), "game"),
        (lambda: st.rating(45.0), "score"),
    ],
)
def test_st2_wrong_types_are_type_errors_naming_the_argument(call, name: str) -> None:
    """Wrong types are TypeError everywhere (``Game.new(rules="x")`` was an AttributeError)."""
    with pytest.raises(TypeError, match=name):
        call()


@settings(max_examples=8, deadline=None)
@given(players=hst.integers(1, st.FACTS.max_players))
def test_st7_every_accepted_player_count_loads_back(players: int) -> None:
    """ST-7: ``Game.new(players=N)`` accepted <=> ``from_json`` loads it (65 was accepted and
    then refused on load)."""
    game = Game.new(players=players, seed=players)
    game.play(game.legal_moves()[-1])
    saved = game.to_json()
    assert Game.from_json(saved).to_json() == saved


def test_st1_a_deal_order_holds_unturned_cards_only() -> None:
    """ST-1: ``Game.deal`` with a turned card ("LA/AP/PL") saved a game that did not load; now
    ``deal`` and ``new`` refuse it with a ValueError."""
    turned = C("LA/AP/PL")
    with pytest.raises(ValueError, match="turned"):
        Game.deal([C("APL/LAP"), turned, C("APL/LAP")])
    with pytest.raises(ValueError, match="turned"):
        Game.new(deck=[turned] * 9)
    with pytest.raises(ValueError, match="turned"):
        Game(order=[C("APL/LAP")] * 9, set_aside=[turned])


def test_st6_largest_save_loads_quickly() -> None:
    """ST-6: the work of a save is bounded: the most players, cards, hand and tokens allowed,
    played to the end, loads back in well under a second."""
    rules = Rules(cards_per_game=st.MAX_CARDS, hand_size=6, rotten_tokens=12)
    game = Game.new(players=8, seed=2, rules=rules, deck=st.default_deck() * 2)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    saved = game.to_json()
    start = time.process_time()  # CPU, not wall-clock
    assert Game.from_json(saved).to_json() == saved
    assert time.process_time() - start < 1.0
    data = json.loads(saved)
    data["moves"] = data["moves"] * 50
    with pytest.raises(ValueError, match="at most"):
        Game.from_json(json.dumps(data))
    data = json.loads(saved)
    data["set_aside"] = ["APL/LAP"] * (st.MAX_DECK + 1)
    with pytest.raises(ValueError, match="at most"):
        Game.from_json(json.dumps(data))


@settings(max_examples=60, deadline=None)
@given(text=hst.text(alphabet="APL/ LX\u0661", max_size=14))
def test_st1_card_texts_are_cards_or_value_errors(text: str) -> None:
    """ST-1: any text is a card or a ValueError; a card's text reads back to the same card."""
    try:
        card = Card.from_text(text)
    except ValueError:
        return
    assert Card.from_text(str(card)) == card


# -- one vocabulary: cards(), gain, undo, history, winner_reason, repr ---------------------------
@settings(max_examples=20, deadline=None)
@given(seed=hst.integers(0, 10**6), tokens=hst.integers(0, 8))
def test_st4_board_undo_takes_back_each_placement_exactly(seed: int, tokens: int) -> None:
    """ST-4/ST-5: ``Board.undo`` restores trees, dice, supply and tokens, even after the grid
    grew; ``gain`` equals the change of ``total`` and changes nothing."""
    rng = np.random.default_rng(seed)
    deck = st.default_deck()
    board = Board(deck[int(rng.integers(18))], Rules(rotten_tokens=tokens, dice_per_fruit=3))
    seen = [(snapshot(board), board.total, inside(board))]
    for _ in range(14):
        card = deck[int(rng.integers(18))]
        spots = board.placements(card)
        if not spots:
            break
        spot = spots[int(rng.integers(len(spots)))]
        gain = board.gain(card, spot.at, spot.rotation, spot.tokens > 0)
        assert (snapshot(board), board.total, inside(board)) == seen[-1]
        board.place(card, spot.at, spot.rotation, spot.tokens > 0)
        assert board.total == seen[-1][1] + gain == board.score().total
        seen.append((snapshot(board), board.total, inside(board)))
    twin = board.copy()
    while len(seen) > 1:
        seen.pop()
        board.undo()
        assert (snapshot(board), board.total, inside(board)) == seen[-1]
    with pytest.raises(ValueError, match="nothing to undo"):
        board.undo()
    assert len(twin.cards()) == len(twin.history)  # the copy kept its own placements


def test_st3_gain_raises_exactly_what_place_raises() -> None:
    """ST-3/ST-5: ``gain`` is the checked "what would this move add": same IllegalMove."""
    board = Board(start=C("APL/LAP"))
    board.place(C("AAL/LAA"), at=(0, 0), rotten=True)
    for args in [
        (C("APL/LAP"), (5, 5), 0, False),
        (C("PPP/AAA"), (1, -2), 0, True),
        (C("APL/LAP"), (0, 0), 0, True),
        (C("PLA/LAP"), (0, 0), 0, False),
        (C("PPA/AAA"), (0, 0), 0, False),
    ]:
        with pytest.raises(IllegalMove) as from_gain:
            board.gain(*args)
        with pytest.raises(IllegalMove) as from_place:
            board.place(*args)
        assert str(from_gain.value) == str(from_place.value)
        assert from_gain.value.rule == from_place.value.rule
        _, rest = str(from_gain.value).split(" (", 1)
        assert rest.startswith(f"{from_gain.value.rule}): ") and rest.endswith(".")


def test_st3_every_illegal_move_has_the_one_sentence_shape() -> None:
    """ST-3/ST-6: "Name (ID): reason." for the game's own refusals too."""
    game = Game.deal([C("AAA/AAA"), C("PPP/LLL"), C("PPP/LLL")], rules=Rules(rotten_tokens=0))
    with pytest.raises(IllegalMove, match=r"^End and score \(ST-6\): the game is over"):
        game.play(Move(C("PPP/LLL"), (0, 0)))
    game = Game.new(seed=1)
    outsider = next(c for c in st.default_deck() if c not in game.hand)
    with pytest.raises(IllegalMove, match=r"^A turn \(ST-3\): the card .* is not in your hand\.$"):
        game.play(Move(outsider, (0, 0)))


def test_st7_game_undo_restores_one_move_without_replaying(monkeypatch) -> None:
    """ST-7: ``Game.undo`` takes back exactly one move, and never plays the game again."""
    game = Game.new(players=3, seed=5, first_player=2)
    saves = [game.to_json()]
    reprs = [repr(game)]
    rng = np.random.default_rng(5)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
        saves.append(game.to_json())
        reprs.append(repr(game))

    def no_replay(*args, **kwargs):
        raise AssertionError("undo replayed a move")

    monkeypatch.setattr(Board, "place", no_replay)
    monkeypatch.setattr(Board, "place_spot", no_replay)
    monkeypatch.setattr(Game, "play", no_replay)
    while len(saves) > 1:
        saves.pop()
        reprs.pop()
        game.undo()
        assert game.to_json() == saves[-1] and repr(game) == reprs[-1]
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_st7_history_is_an_immutable_tuple_of_player_move_pairs() -> None:
    game = Game.new(players=2, seed=1)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[1])
    history = game.history
    assert isinstance(history, tuple) and [p for p, _ in history] == [0, 1]
    assert all(isinstance(move, Move) for _, move in history)
    with pytest.raises(AttributeError):
        game.history = ()  # type: ignore[misc]
    assert game.history == history
    data = json.loads(game.to_json())
    assert data["moves"][0] == move_row(0, history[0][1])
    assert data["rules"] == rules_to_dict(game.rules)


def test_st7_winner_reason_names_the_tie_break() -> None:
    """ST-7: the reason names the tie-break that decided: fewer rotten tokens, then more dice."""
    game = Game.deal([C("APL/LAP")] * 9, players=3)
    a, b, c = game.boards
    _play(a, ("APL/LAP", (-1, -1), 0, False), ("APL/LAP", (-2, -2), 0, False))
    _play(b, ("APL/LAP", (0, 0), 0, False), ("APL/LAP", (-1, -1), 90, True))
    _play(c, ("APA/LAP", (0, 0), 270, True), ("APL/LAP", (-1, -1), 0, False))
    assert game.winner_reason() == (
        "Players 0, 1 and 2 tie on 4 points; player 0 leads the tie-break (ST-7) with fewer "
        "rotten tokens: 0 against 1."
    )
    duel = Game.deal([C("APL/LAP")] * 9, players=2)
    _play(duel.boards[0], ("APA/LAP", (0, 0), 270, True), ("APL/LAP", (-1, -1), 0, False))
    _play(duel.boards[1], ("APL/LAP", (0, 0), 0, False), ("APL/LAP", (-1, -1), 90, True))
    assert "with more dice on the table: 5 against 3" in duel.winner_reason()
    shared = Game.deal([C("APL/LAP")] * 9, players=2)
    for board in shared.boards:
        _play(board, ("AAA/AAA", (-1, -2), 0, False), ("AAA/AAA", (-1, -3), 0, False))
    assert shared.winner_reason().startswith("Players 0 and 1 share the lead:")
    solo = Game.deal([C("APL/LAP")] * 3)
    while not solo.is_over:
        solo.play(solo.legal_moves()[0])
    assert solo.winner_reason() == f"Solo game: {solo.scores()[0]} points (Pal-tree)."


def test_st7_winner_reason_when_the_tie_break_leaves_several_or_none(monkeypatch) -> None:
    """ST-7 in words when the tie-break that decides leaves two winners among four, and when
    every tie-break is level (each count in the singular or the plural)."""
    game = Game.new(players=4, seed=0)  # every orchard at 0 points
    counts = {0: (1, 5), 1: (1, 5), 2: (2, 7), 3: (3, 7)}
    monkeypatch.setattr(game, "_tie_counts", counts.__getitem__)
    assert game.winners() == [0, 1]
    assert game.winner_reason() == (
        "Players 0, 1, 2 and 3 tie on 0 points; players 0 and 1 lead the tie-break (ST-7) "
        "with fewer rotten tokens: 1 against 2 or 3."
    )
    for level, words in (
        ((1, 1), "1 rotten token and 1 die"),
        ((2, 5), "2 rotten tokens and 5 dice"),
    ):
        monkeypatch.setattr(game, "_tie_counts", lambda player, level=level: level)
        assert game.winners() == [0, 1, 2, 3]
        assert game.winner_reason() == (
            f"Players 0, 1, 2 and 3 share the lead: 0 points, {words} each (ST-7)."
        )


def test_deal_and_from_code_keep_the_players_rules_and_first_player_given() -> None:
    cards = [C("APL/LAP")] * 5
    alone = Game.deal(cards)
    assert (alone.players, alone.rules, alone.first_player) == (1, Rules(cards_per_game=5), 0)
    rules = Rules(rotten_tokens=1, hand_size=3)
    dealt = Game.deal(cards, players=2, rules=rules, first_player=1)
    assert dealt.rules == dataclasses.replace(rules, cards_per_game=5)
    assert (dealt.players, dealt.first_player, dealt.current_player) == (2, 1, 1)
    assert dealt.order == tuple(cards) and dealt.set_aside == ()
    code = "ST-47QS-4Z79"  # the first nine cards of the box
    challenge = Game.from_code(code, players=3, rules=rules, first_player=2)
    assert challenge.rules == dataclasses.replace(rules, cards_per_game=9)
    assert (challenge.players, challenge.first_player) == (3, 2)
    assert challenge.order == tuple(st.default_deck()[:9])
    assert challenge.set_aside == tuple(st.default_deck()[9:])
    assert Game.from_code(code).rules == Rules(cards_per_game=9)
    for build in (Game.deal, Game.from_code):
        with pytest.raises(TypeError, match="rules must be Rules"):
            build(cards if build is Game.deal else code, rules="standard")  # type: ignore[arg-type]


@pytest.mark.parametrize("tokens", [0, 1, 2, 3, 4, 5, 6, 7, 12])
def test_st5_legal_spots_with_many_tokens_left_match_each_placement_counted(tokens: int) -> None:
    """ST-3/ST-5 where random play is thin: with 3 or more rotten tokens left the spot masks
    take another path than with 0 to 2; on both, every spot, rotation and token cost equals
    the placements counted one by one with ``tokens_needed``, while the tokens are spent."""
    rng = np.random.default_rng(tokens)
    deck = st.default_deck()
    board = Board(deck[0], Rules(rotten_tokens=tokens, dice_per_fruit=2))  # scarce dice
    for _ in range(6):
        left = tokens - board.rotten_used
        rows = range(min(r for r, _ in board.trees()) - 3, max(r for r, _ in board.trees()) + 2)
        cols = range(min(c for _, c in board.trees()) - 3, max(c for _, c in board.trees()) + 2)
        moves = []
        for card in (deck[int(i)] for i in rng.choice(len(deck), 3, replace=False)):
            expected = set()
            for rotation in st.ROTATIONS:
                for r in rows:
                    for c in cols:
                        try:
                            cost = board.tokens_needed(card, (r, c), rotation)
                        except IllegalMove:
                            continue
                        if cost <= left:
                            expected.add(((r, c), rotation, cost))
            assert set(board.legal_spots(card)) == expected
            for rotation in st.ROTATIONS:
                spots = {board.spot_cell(s) for s in bits(board.spots(card, rotation))}
                assert spots == {at for at, turn, _ in expected if turn == rotation}
            moves += [(cost, card, at, rotation) for at, rotation, cost in expected]
            for at, rotation, cost in expected:  # dice going back may be dealt again (ST-5)
                after = board.copy()
                after.place(card, at, rotation, cost > 0)
                gain = board.spot_gain(card, board.spot(*at), rotation)
                assert gain == board.gain(card, at, rotation, cost > 0) == after.total - board.total
        if not moves:
            break
        cost, card, at, rotation = max(moves, key=lambda move: move[0])
        board.place(card, at, rotation, cost > 0)
    assert board.rotten_used >= min(tokens, 3)


def test_st5_dice_of_two_fruits_sent_back_are_dealt_again_to_the_new_trees() -> None:
    """ST-5 with scarce dice: the card rots an apple and a lemon that carried dice, and both
    dice go back to the supply before the card's two new apples take theirs, so both new
    apples get a die although only one apple die was left (a rare position, issue 28)."""
    deck = st.default_deck()
    board = Board(deck[15], Rules(rotten_tokens=12, dice_per_fruit=2))
    for index, at, rotation in [
        (12, (0, 2), 90), (17, (2, 0), 180), (8, (1, -2), 180), (3, (2, 3), 0),
        (13, (-2, -1), 270),
    ]:  # fmt: skip
        board.place(deck[index], at, rotation, board.tokens_needed(deck[index], at, rotation) > 0)
    card = Card.from_text("LPL/ALA")
    assert card == deck[14] and board.dice_left["A"] == 1
    after = board.copy()
    after.place(card, (0, -1), 180, True)
    assert after.dice_left["A"] == 0 and after.total - board.total == -8
    assert board.spot_gain(card, board.spot(0, -1), 180) == -8
    assert board.gain(card, (0, -1), 180, True) == -8


def test_a_game_made_from_its_cards_is_solo_by_default_and_checks_its_seats() -> None:
    """Game(order) and Game.from_code deal one orchard unless told otherwise (ST-7 adds the
    others); the first player must sit at the table; the cards must be a sequence."""
    order = st.default_deck()[:9]
    assert Game(order).players == 1 and Game.from_code(st.deal_code(order)).players == 1
    assert Game(order, players=2, first_player=1).current_player == 1
    for seat in (-1, 2, 3):
        with pytest.raises(
            ValueError, match=rf"^first_player must be between 0 and 1, got {seat}$"
        ):
            Game(order, players=2, first_player=seat)
    with pytest.raises(TypeError, match=r"^order must be a sequence of Card values, not set$"):
        Game(set(order))  # type: ignore[arg-type]


def test_a_custom_deck_needs_at_least_the_cards_of_a_game() -> None:
    rules = Rules(cards_per_game=9)
    assert len(Game.new(deck=st.default_deck()[:9], rules=rules).order) == 9
    with pytest.raises(ValueError, match="deck has 8 cards, fewer than cards_per_game = 9"):
        Game.new(deck=st.default_deck()[:8], rules=rules)


def test_every_card_of_every_seat_and_whether_each_has_finished() -> None:
    game = Game.new(players=2, seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    per_seat = len(game.order) + len(game.set_aside)
    assert len(game.all_cards()) == 2 * per_seat
    assert Counter(game.all_cards()) == Counter(st.default_deck() * 2)
    assert game.snapshot()["drawn"] == tuple(seat.drawn for seat in game.seats)
    assert game.finished(1) is False
    for player in (-1, 2):
        with pytest.raises(ValueError, match="player must be between 0 and 1"):
            game.finished(player)


def test_a_save_holds_at_most_every_move_the_deal_allows() -> None:
    """Every card fits on APL/LAP: each of 2 players places the 4 cards after the start."""
    game = Game.deal([C("APL/LAP")] * 5, players=2, first_player=1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert len(game.history) == 2 * (5 - 1)
    saved = json.loads(game.to_json())
    assert Game.from_json(game.to_json()).first_player == 1
    saved["moves"].append(saved["moves"][-1])
    with pytest.raises(ValueError, match="moves must hold at most 8 moves, got 9"):
        Game.from_json(json.dumps(saved))
    saved = json.loads(game.to_json())
    saved["set_aside"] = ["APL/LAP"] * st.MAX_DECK
    assert len(Game.from_json(json.dumps(saved)).set_aside) == st.MAX_DECK


def test_game_repr_is_readable() -> None:
    game = Game.new(players=1, seed=0)
    for _ in range(2):
        game.play(game.legal_moves()[0])
    assert repr(game) == f"<stacked trees: 1 player, card 4 of 9, scores {game.scores()}>"
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert repr(game).startswith("<stacked trees: 1 player, over, scores [")


def test_the_package_template() -> None:
    """The package's modules (each imports on its own: ``tests/test_contract.py``)."""
    root = Path(st.__file__).parent
    names = sorted(p.stem for p in root.glob("*.py") if p.stem != "__init__")
    assert names == [
        "batch",
        "board",
        "bound",
        "cards",
        "codes",
        "engine",
        "fast",
        "game",
        "policies",
        "rules",
        "search",
    ]


# -- one meaning for "lookahead", and hints --------------------------------------------------
def generic_margins(game: Game, worlds: list[Game]) -> np.ndarray:
    """What the shared LookaheadPolicy adds up: Game objects, greedy play_out, move by move."""
    me, rows = game.current_player, []
    for move in game.legal_moves():
        row = []
        for world in worlds:
            trial = world.copy()
            trial.play(move)
            scores = policies.play_out(trial, policies.GreedyPolicy()).scores()
            others = [s for i, s in enumerate(scores) if i != me]
            row.append(scores[me] - (max(others) if others else 0))
        rows.append(row)
    return np.array(rows)


def position(players: int, rules: Rules, moves: int, seed: int) -> Game:
    game = Game.new(players=players, seed=seed, rules=rules, first_player=players - 1)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
    return game


SHORT = Rules(cards_per_game=5)


@pytest.mark.parametrize(
    "rules", [SHORT, Rules(cards_per_game=4, rotten_tokens=4, ladder=(1, 2, 4, 8), hand_size=3)]
)
@pytest.mark.parametrize("players", [1, 2, 3])
def test_lookahead_margins_equal_the_generic_rollouts(rules: Rules, players: int) -> None:
    """The fast ``margins`` are the shared lookahead's, per move and world (any switch)."""
    for moves in (0, players + 1):
        game = position(players, rules, moves, seed=7 * players + moves)
        if game.is_over:
            continue
        worlds = [game.determinized(np.random.default_rng(s)) for s in range(2)]
        assert np.array_equal(margins(game, worlds), generic_margins(game, worlds))


@pytest.mark.parametrize("players", [1, 2])
def test_lookahead_makes_the_generic_policys_choice(players: int) -> None:
    game = position(players, SHORT, players, seed=players)
    before = game.to_json()
    move = st.LookaheadPolicy(rollouts=2, seed=9)(game)
    assert move == policies.LookaheadPolicy(rollouts=2, seed=9)(game)
    assert game.to_json() == before  # looking ahead changes nothing


def test_simulate_lookahead_gives_the_generic_table() -> None:
    rules = Rules(cards_per_game=4)
    fast = st.simulate(games=2, players=2, policy="lookahead", seed=4, rollouts=1, rules=rules)
    generic = run_games(
        lambda s: Game.new(players=2, seed=s, rules=rules), 2, 2, "lookahead", 4, rollouts=1
    )
    assert np.array_equal(fast, generic)


def test_planner_is_its_own_policy_name() -> None:
    """The 6-candidate search is "planner", not "lookahead" (a different search, its own name)."""
    rng = np.random.default_rng(4)
    expected = run_games(
        lambda s: Game.new(seed=s), 2, 1, st.PlannerPolicy(rollouts=2, seed=rng), rng
    )
    actual = st.simulate(games=2, policy="planner", seed=4, rollouts=2)
    assert np.array_equal(actual, expected)
    assert "planner" in st.POLICY_NAMES


def test_hint_gives_the_policys_move_and_a_reason_in_words() -> None:
    game = position(2, Rules(), 3, seed=8)
    advice = st.hint(game)
    assert advice.move == policies.GreedyPolicy()(game) and advice.policy == "greedy"
    assert advice.reason.startswith("Greedy choice: the card ")
    assert "row" in advice.reason and "points now" in advice.reason
    assert "Next best:" in advice.reason
    short = position(1, SHORT, 1, seed=2)
    looked = st.hint(short, "lookahead", rollouts=2, seed=1)
    assert looked.move == st.LookaheadPolicy(rollouts=2, seed=1)(short)
    assert "played every possible move to the end of the game 2 times" in looked.reason
    planned = st.hint(short, "planner", rollouts=2, seed=1)
    assert planned.move == st.PlannerPolicy(rollouts=2, seed=1)(short)
    with pytest.raises(ValueError, match="policy"):
        st.hint(short, "clever")
    with pytest.raises(ValueError, match="rollouts"):
        st.hint(short, "lookahead", rollouts=0)
    while not short.is_over:
        short.play(short.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        st.hint(short)


# -- a quick soak: random switches, every move checked ----------------------------------------
LADDER = hst.lists(hst.integers(1, 40), min_size=1, max_size=st.MAX_LADDER, unique=True).map(
    lambda values: tuple(sorted(values))
)
RULES = hst.builds(
    Rules,
    dice_per_fruit=hst.integers(0, st.rules.MAX_DICE),
    rotten_tokens=hst.integers(0, st.rules.MAX_TOKENS),
    rotten_penalty=hst.integers(0, st.rules.MAX_PENALTY),
    ladder=hst.one_of(hst.sampled_from([v for _, v in st.LADDERS]), LADDER),
    cards_per_game=hst.integers(1, st.MAX_CARDS),
    hand_size=hst.integers(1, st.rules.MAX_HAND),
)


@settings(max_examples=40, deadline=None)
@given(rules=RULES, players=hst.integers(1, 3), seed=hst.integers(0, 2**32 - 1))
def test_st_random_switches_keep_every_invariant(rules: Rules, players: int, seed: int) -> None:
    """ST-2..ST-7 under any switch values: every legal move is accepted, crafted illegal ones
    are refused and change nothing, and after each move the copy twin, undo and save/load all
    agree with the game, and the dice supply and the cards add up."""
    from tests.adapters.stacked_trees import candidate_moves, check_invariants

    game = Game.new(players=players, seed=seed, rules=rules)
    rng = np.random.default_rng(seed)
    while not game.is_over:
        check_invariants(game)
        before = game.to_json()
        legal = game.legal_moves()
        assert legal
        for move in candidate_moves(game, rng):
            if move not in legal:
                with pytest.raises(IllegalMove):
                    game.play(move)
                assert game.to_json() == before
        move = legal[int(rng.integers(len(legal)))]
        twin = game.copy()
        expected = game.score_after(move)
        game.play(move)
        assert game.scores()[game.history[-1][0]] == expected
        assert twin.to_json() == before  # the copy is independent
        twin.play(move)
        after = game.to_json()
        assert twin.to_json() == after
        game.undo()
        assert game.to_json() == before
        game = Game.from_json(after)
        assert game.to_json() == after
    check_invariants(game)
    assert game.legal_moves() == [] and not any(
        b.fits_any(h) for b, h in zip(game.boards, game.hands(), strict=True)
    )


def test_board_effect_says_what_a_placement_would_do_and_changes_nothing() -> None:
    board = Board(Card.from_text("APL/LAP"))
    before = board.snapshot()
    effect = board.effect(Card.from_text("PPL/LAP"), (0, 0))
    assert effect.legal and effect.tokens == 1 and effect.gain == 5 - 3
    assert len(effect.new_dice) == 5 and not effect.climbs and not effect.back
    assert effect.cells()[(0, 0)] == "P" and len(effect.cells()) == 6
    spent = board.effect(Card.from_text("PPL/LAP"), (0, 0), rotten=False)
    assert not spent.legal and "rotten=True" in spent.reason
    too_many = board.effect(Card.from_text("PPP/PPP"), (0, 0))
    assert not too_many.legal and "needs 4 rotten tokens but only 2" in too_many.reason
    refused = board.effect(Card.from_text("PPP/PPP"), (5, 5), 90)
    assert not refused.legal and "ST-3" in refused.reason and refused.rotation == 90
    turned = board.effect(Card.from_text("APL/LAP"), (5, 7), 90)  # LA/AP/PL, 2 columns
    assert turned.cells() == {
        **{(5, 7): "L", (5, 8): "A"},
        **{(6, 7): "A", (6, 8): "P"},
        **{(7, 7): "P", (7, 8): "L"},
    }
    assert board.snapshot() == before
    with pytest.raises(TypeError):
        board.effect("APL/LAP", (0, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(4))
def test_board_effect_agrees_with_place(seed: int) -> None:
    """On greedy games, every legal move's effect is exactly what placing it does (ST-4, ST-5)."""
    game = Game.new(seed=seed)
    while not game.is_over:
        board = game.boards[game.current_player]
        for move in game.legal_moves()[:40]:
            effect = board.effect(move.card, move.at, move.rotation, move.rotten)
            after = board.copy()
            after.place(move.card, move.at, move.rotation, move.rotten)
            old, new = board.dice(), after.dice()
            assert effect.legal and effect.gain == after.total - board.total
            assert effect.tokens == after.rotten_used - board.rotten_used
            assert {c: b for c, _a, b in effect.climbs} == {
                c: v for c, v in new.items() if c in old and old[c] != v
            }
            assert {c for c, _f in effect.new_dice} == set(new) - set(old)
            assert all(after.top(*c) == fruit for c, fruit in effect.new_dice)
            assert set(effect.back) == set(old) - set(new)
            placed = (effect.card, effect.at, effect.rotation, effect.reason)
            assert placed == (move.card, move.at, move.rotation, "")
            covered = effect.cells()
            assert len(covered) == 6 and move.at in covered
            assert all(after.top(*c) == fruit for c, fruit in covered.items())
        game.play(policies.resolve("greedy", seed=seed)(game))


def test_can_place_takes_the_card_unturned_and_no_token_by_default() -> None:
    board = Board(start=C("APL/LAP"))
    assert board.can_place(C("APL/LAP"), (0, 0))
    assert not board.can_place(C("LAP/APL"), (0, 0))  # every tree on another fruit
    assert board.can_place(C("LAP/APL"), (0, 0), 0, True) is False  # 6 tokens, 2 in supply
    assert board.can_place(C("APL/LAP"), (0, 0), 180) is False  # turned: 4 on another fruit


def test_score_notes_say_one_die_and_two_rotten_tokens() -> None:
    board = Board(start=C("APL/LAP"))
    board.place(C("APL/LAP"), at=(-1, 0), rotation=180, rotten=True)
    assert board.score().notes == {"dice": "1 die: 1 = 1", "rotten": "2 rotten tokens × -3"}


def test_board_snapshot_shows_every_cell_the_supply_and_the_tokens() -> None:
    board = Board(start=C("APL/LAP"))
    board.place(C("AAA/AAA"), at=(1, 1), rotten=True)
    shot = board.snapshot()
    assert shot["trees"] == tuple(sorted(board.trees().items()))
    assert shot["dice"] == tuple(sorted(board.dice().items())) and (1, 1) in dict(shot["dice"])
    assert shot["rotten"] == ((1, 2),)
    assert shot["dice_left"] == tuple(sorted(board.dice_left.items()))
    assert dict(shot["dice_left"])["A"] < Rules().dice_per_fruit
    assert shot["rotten_left"] == board.rotten_left == Rules().rotten_tokens - 1
    assert shot["total"] == board.total and dict(shot["parts"]) == board.score().parts


@pytest.mark.parametrize("seed", range(3))
def test_a_refused_effect_is_the_refusal_place_raises(seed: int) -> None:
    """Placements off the orchard, with a token not spent, or anywhere at all on random
    boards: ``effect`` is legal exactly when ``place`` accepts, and else says its sentence."""
    game = Game.new(seed=seed)
    rng = np.random.default_rng(seed)
    while not game.is_over:
        board = game.boards[game.current_player]
        card = game.legal_moves()[0].card
        for _ in range(30):
            at = (int(rng.integers(-4, 5)), int(rng.integers(-4, 5)))
            rotation, rotten = int(rng.integers(4)) * 90, bool(rng.integers(2))
            effect = board.effect(card, at, rotation, rotten)
            assert (effect.card, effect.at, effect.rotation) == (card, at, rotation)
            try:
                board.copy().place(card, at, rotation, rotten)
            except IllegalMove as refusal:
                assert effect.legal is False and effect.reason == str(refusal)
            else:
                assert effect.legal is True and effect.reason == ""
        game.play(policies.resolve("greedy", seed=seed)(game))


def test_board_prints_fruit_and_die_per_tree_and_its_repr_counts() -> None:
    """ "A1" a tree with its die, "A." without one, "A*" rotten, "." no tree; negative rows
    and columns print from the orchard's top-left corner."""
    board = Board(start=C("APL/LAP"))
    assert str(board) == " A.  P.  L.\n L.  A.  P."
    assert repr(board) == "<stacked trees board: 1 card, total 0>"
    board.place(C("PLA/APA"), at=(0, 1))
    board.place(C("LLL/AAA"), at=(-1, -2))
    assert str(board).splitlines() == [
        " L.  L.  L.   .   .   .",
        " A.  A.  A1  P1  L1  A.",
        "  .   .  L.  A1  P1  A.",
    ]
    assert repr(board) == "<stacked trees board: 3 cards, total 5>"
    board.place(C("AAA/AAA"), at=(1, 2), rotten=True)
    assert str(board).splitlines()[2:] == [
        "  .   .  L.  A1  A*  A1  A.",
        "  .   .   .   .  A.  A.  A.",
    ]
    assert repr(board) == "<stacked trees board: 4 cards, total 2>"
