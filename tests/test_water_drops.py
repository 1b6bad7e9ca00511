"""Water drops (Mango): cards, placing, groups and scoring, the game, saves, the deck.

Each rule of docs/rules.md (WD-1 .. WD-6) has tests whose names carry its id.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orchard_lab import IllegalMove, core, policies
from orchard_lab import water_drops as wd
from orchard_lab.core import describe_rules, switches
from orchard_lab.language import speaking
from orchard_lab.water_drops import cards as cards_module
from orchard_lab.water_drops import engine, shapes
from orchard_lab.water_drops import policies as wd_policies
from orchard_lab.water_drops import scoring as scoring_module

C = wd.Card.from_text


def board_of(*placements: tuple[str, tuple[int, int]], start: str = "BP/2C", **rules) -> wd.Board:
    board = wd.Board(start=C(start), rules=wd.Rules(**rules))
    for text, at in placements:
        board.place(C(text), at=at)
    return board


# --- WD-1 cells and cards ----------------------------------------------------------------
def test_wd1_card_text_round_trip_and_cells() -> None:
    card = C("BC/3M")
    assert card.cells == ("B", "C", "3", "M")
    assert str(card) == "BC/3M"
    assert card.fruits == 3 and card.drops == (3,)
    assert card == wd.Card(("B", "C", "3", "M")) and hash(card) == hash(C("BC/3M"))
    assert repr(card) == "Card.from_text('BC/3M')"


@pytest.mark.parametrize("text", ["", "BC3M", "BC/3", "BCP/3M", "BC/0M", "BX/3M", "bc/3m", "B/C/3"])
def test_wd1_from_text_rejects_text_that_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match=r"text|cells"):
        C(text)


def test_wd1_card_arguments_are_named_in_errors() -> None:
    with pytest.raises(TypeError, match="text"):
        C(12)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cells"):
        wd.Card(("B", "C", "3"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="degrees"):
        C("BC/3M").rotated(45)
    with pytest.raises(TypeError, match="degrees"):
        C("BC/3M").rotated(90.0)  # type: ignore[arg-type]


def test_wd1_quarter_turns_are_clockwise() -> None:
    card = C("BC/3M")
    assert str(card.rotated(90)) == "3B/MC"
    assert str(card.rotated(180)) == "M3/CB"
    assert card.rotated(270) == card.rotated(-90) == C("CM/B3")
    assert card.rotated(360) == card.rotated(0) == card


CARDS = st.tuples(*[st.sampled_from(wd.CODES)] * 4).map(wd.Card)
# group_points (WD-4): a table a board offers, or any 9 values a table may hold
OFFERED_POINTS = [v for s in switches(wd.Rules) if s.name == "group_points" for _, v in s.options]
POINTS = st.sampled_from(OFFERED_POINTS) | st.lists(
    st.integers(0, wd.MAX_GROUP_POINTS), min_size=9, max_size=9
).map(tuple)


@given(card=CARDS, turns=st.integers(-8, 8))
def test_wd1_four_quarter_turns_make_a_full_turn(card: wd.Card, turns: int) -> None:
    assert C(str(card)) == card
    assert card.rotated(90 * turns).rotated(-90 * turns) == card
    assert Counter(card.rotated(90 * turns).cells) == Counter(card.cells)


# --- WD-3 placing --------------------------------------------------------------------------
def test_wd3_start_lies_at_square_zero_and_cells_follow_card_squares() -> None:
    board = board_of(("3B/BB", (0, 1)))
    assert [board.cell(0, c) for c in range(4)] == ["B", "P", "3", "B"]
    assert [board.cell(1, c) for c in range(4)] == ["2", "C", "B", "B"]
    assert board.cell(2, 0) is None and board.cell(-1, 0) is None
    assert str(board) == "BP3B\n2CBB"
    assert board.squares == {(0, 0): C("BP/2C"), (0, 1): C("3B/BB")}
    assert board.cards() == (C("BP/2C"), C("3B/BB"))
    assert board.placed == (wd.Move(C("3B/BB"), (0, 1)),)


def test_wd3_a_card_needs_an_empty_square_touching_the_orchard() -> None:
    board = board_of(("BB/BB", (0, 1)))
    before = (str(board), board.total, board.open_squares())
    # the square named "row R, column C", as the board and the hints name it
    taken_said = (
        r"^Placing \(WD-3\): the square on row 0, column 1 already holds a card; a card needs "
        r"an empty square\.$"
    )
    far_said = (
        r"^Placing \(WD-3\): a card must share a side with a card already in your orchard; the "
        r"square on row 1, column 2 touches none\.$"
    )
    with pytest.raises(IllegalMove, match=taken_said) as taken:
        board.place(C("CC/CC"), at=(0, 1))
    with pytest.raises(IllegalMove, match=far_said) as far:
        board.place(C("CC/CC"), at=(1, 2))
    assert taken.value.rule == far.value.rule == "WD-3"
    assert (str(board), board.total, board.open_squares()) == before
    assert not board.can_place(C("CC/CC"), (1, 2)) and board.can_place(C("CC/CC"), (1, 1))
    assert board.open_squares() == [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)]


def test_wd3_no_rotation_by_default_quarter_turns_when_allowed() -> None:
    board = board_of()
    with pytest.raises(IllegalMove, match=r"WD-3.*allow_rotation") as info:
        board.place(C("B1/CC"), at=(0, 1), rotation=90)
    assert info.value.rule == "WD-3" and board.placed == ()
    with pytest.raises(ValueError, match="rotation"):
        board.place(C("B1/CC"), at=(0, 1), rotation=45)
    turning = board_of(allow_rotation=True)
    turning.place(C("B1/CC"), at=(0, 1), rotation=90)
    assert turning.squares[(0, 1)] == C("CB/C1") and turning.placed[0].card == C("B1/CC")
    assert turning.cards() == (C("BP/2C"), C("B1/CC")), "cards() are as printed"


def test_wd3_max_size_bounds_the_orchard() -> None:
    board = board_of(("BB/BB", (0, 1)), max_size=(1, 2))
    assert board.open_squares() == []
    said = (
        r"WD-3.*at most 1×2 cards \(max_size\); a card on row 1, column 0 would make it bigger\.$"
    )
    with pytest.raises(IllegalMove, match=said):
        board.place(C("CC/CC"), at=(1, 0))
    wide = board_of(max_size=(2, 1))
    assert wide.open_squares() == [(-1, 0), (1, 0)]


def test_wd3_game_refuses_a_max_size_too_small_for_its_cards() -> None:
    with pytest.raises(ValueError, match="max_size"):
        wd.Game.new(players=2, rules=wd.Rules(max_size=(4, 4)))
    game = wd.Game.new(players=4, rules=wd.Rules(max_size=(4, 4)))
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert all(len(board.cards()) <= 16 for board in game.boards)


def test_wd3_a_box_exactly_the_size_of_an_orchard_is_enough() -> None:
    """WD-3: with 2 players an orchard gets up to 26 cards (its start card and half the 50
    of the deck), so a 2×13 box is enough and a 5×5 box is not."""
    assert wd.Game.new(players=2, rules=wd.Rules(max_size=(2, 13))).rules.max_size == (2, 13)
    message = r"^max_size 5×5 holds 25 cards, but with 2 players an orchard gets up to 26 \(WD-3\)$"
    with pytest.raises(ValueError, match=message):
        wd.Game.new(players=2, rules=wd.Rules(max_size=(5, 5)))


def test_wd3_a_short_deal_needs_only_the_room_of_its_cards() -> None:
    """WD-3 for a game dealt from fewer cards (as the lessons deal): playing alone with 11
    cards, an orchard gets up to 12, so a 3×4 box is enough and a 3×3 box is not."""
    starts, deck = wd.starting_cards(), wd.default_deck()
    game = wd.Game.from_parts(1, wd.Rules(max_size=(3, 4)), 0, (starts, deck[:11]))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert len(game.boards[0].cards()) == 12
    message = r"^max_size 3×3 holds 9 cards, but playing alone an orchard gets up to 12 \(WD-3\)$"
    with pytest.raises(ValueError, match=message):
        wd.Game.from_parts(1, wd.Rules(max_size=(3, 3)), 0, (starts, deck[:11]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_wd2_the_last_round_deals_the_cards_that_are_left(players: int) -> None:
    """WD-2: 50 cards do not divide into rounds of 3 or 4, so the last round's market holds
    what is left; the count of cards left is always the market and the pile."""
    game = wd.Game.new(players=players, seed=players)
    rounds, pile = [], None  # each round's market as it is dealt
    while not game.is_over:
        if len(game.pile) != pile:
            rounds.append(len(game.market))
            pile = len(game.pile)
        left = len(game.market) + len(game.pile)
        assert f" {left} cards left" in repr(game)
        game.play(game.legal_moves()[0])
    assert rounds[-1] == 50 % wd.market_size(players) and "0 cards left" in repr(game)
    assert game.choices() == ([], [], game.choices()[2]) and game.legal_moves() == []


def test_wd3_wd4_rules_are_validated_naming_the_switch() -> None:
    """WD-3/WD-4 switches: wrong types raise TypeError, wrong values ValueError (issue 14)."""
    with pytest.raises(ValueError, match="scoring"):
        wd.Rules(scoring="fruits")
    with pytest.raises(TypeError, match="scoring"):
        wd.Rules(scoring=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allow_rotation"):
        wd.Rules(allow_rotation=1)  # type: ignore[arg-type]
    for bad in [(0, 3), (2,), (1, 2, 3), (wd.MAX_SIDE + 1, 2), (2, 10**100)]:
        with pytest.raises(ValueError, match="max_size"):
            wd.Rules(max_size=bad)  # type: ignore[arg-type]
    for bad in ["4x4", 4, (2.0, 2), (True, 2), ("2", 2)]:
        with pytest.raises(TypeError, match="max_size"):
            wd.Rules(max_size=bad)  # type: ignore[arg-type]
    assert wd.Rules(max_size=[3, 4]).max_size == (3, 4)
    assert wd.Rules(max_size=(np.int64(wd.MAX_SIDE), 1)).max_size == (wd.MAX_SIDE, 1)
    with pytest.raises(TypeError, match="start"):
        wd.Board(start="BP/2C")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules"):
        wd.Board(start=C("BP/2C"), rules="fruit")  # type: ignore[arg-type]


def test_wd3_wd4_switches_describe_themselves() -> None:
    """Every switch carries a label, help, its rule id and the values a widget offers."""
    found = {each.name: each for each in switches(wd.Rules)}
    assert list(found) == ["scoring", "allow_rotation", "max_size", "group_points"]
    assert [value for _, value in found["scoring"].options] == list(wd.SCORINGS)
    assert found["scoring"].options[0][0] == "fruit: 1 point per fruit (standard)"
    assert found["scoring"].rule == "WD-4" and found["allow_rotation"].kind == "bool"
    assert found["max_size"].open and ("no limit", None) in found["max_size"].options
    assert found["group_points"].open and found["group_points"].rule == "WD-4"
    assert found["group_points"].options[0] == ("its size: 1, 2, 3, …", tuple(range(1, 10)))
    assert all(each.label and each.help for each in found.values())
    assert [found[name].rule for name in ("allow_rotation", "max_size")] == ["WD-3", "WD-3"]
    assert describe_rules(wd.Rules()) == "standard rules"
    assert describe_rules(wd.Rules(scoring="per_drop", max_size=(2, 7))) == (
        "a scoring group earns: per drop: size × matching drops, largest orchard: 2, 7"
    )


# --- WD-4 scoring ---------------------------------------------------------------------------
def reasons(board: wd.Board) -> list[str]:
    return [group.reason for group in board.groups()]


def test_wd4_a_group_scores_when_a_touching_drop_equals_its_size() -> None:
    board = board_of(("3B/BB", (0, 1)))
    bananas = [group for group in board.groups() if group.size == 3]
    assert len(bananas) == 1
    group = bananas[0]
    assert group.fruit == "B" and group.cells == ((0, 3), (1, 2), (1, 3))
    assert group.drops == (((0, 2), 3),) and group.matching == (((0, 2), 3),)
    assert group.scores and group.points == 3
    assert group.reason == "3 bananas touch a 3-drop: scores 3"
    assert board.score().parts == {"banana": 3, "cherry": 0, "pear": 0, "mango": 0}


def test_wd4_groups_join_across_card_edges_and_overwater() -> None:
    board = board_of(("CC/CC", (1, 0)), start="BP/2C")  # 5 cherries touching the 2-drop
    (cherries,) = [group for group in board.groups() if group.fruit == "C"]
    assert cherries.size == 5 and not cherries.scores and cherries.points == 0
    assert cherries.reason == "5 cherries touch a 2-drop only: overwatered"
    overwatered = board_of(("2C/3C", (0, 1)), ("CC/MM", (1, 1)), start="MC/2C")
    assert "4 cherries touch drops 2, 3 only: overwatered" in reasons(overwatered)


def test_wd4_another_matching_drop_saves_an_overwatered_group() -> None:
    board = board_of(("B4/MM", (0, 1)), start="BB/B1")
    (bananas,) = [group for group in board.groups() if group.fruit == "B"]
    assert bananas.size == 4 and bananas.points == 4
    assert sorted(value for _, value in bananas.drops) == [1, 4]
    assert bananas.reason == "4 bananas touch a 4-drop: scores 4"


def test_wd4_one_drop_scores_several_groups() -> None:
    board = board_of(start="B1/1C")
    assert board.total == 2
    assert reasons(board) == [
        "1 banana touches 2 1-drops: scores 1",
        "1 cherry touches 2 1-drops: scores 1",
    ]
    shared = board_of(start="B1/CM")  # the 1-drop scores the banana and the mango below it
    assert shared.score().parts == {"banana": 1, "cherry": 0, "pear": 0, "mango": 1}


def test_wd4_reasons_for_groups_that_do_not_score() -> None:
    assert reasons(board_of(start="BB/BB")) == ["4 bananas touch no drop: scores nothing"]
    assert reasons(board_of(start="P5/P4")) == ["2 pears touch drops 4, 5 only: too few to score"]
    mixed = board_of(("P1/5M", (0, 1)), start="PP/PC")
    assert "4 pears touch drops 1, 5: none is 4, scores nothing" in reasons(mixed)


def test_wd4_score_has_every_part_with_notes_from_the_groups() -> None:
    score = board_of(("3B/BB", (0, 1))).score()
    assert list(score.parts) == ["banana", "cherry", "pear", "mango"]
    assert score.total == 3
    assert score.notes["mango"] == "no mangoes"
    assert score.notes["banana"] == (
        "1 banana touches a 2-drop only: too few to score; 3 bananas touch a 3-drop: scores 3"
    )
    assert "banana: " in score.explain() and "→ 3 points" in score.explain()


def test_wd4_alternative_and_what_if_scorings() -> None:
    placements = (("3B/BB", (0, 1)), ("B3/BM", (1, 1)))
    # bananas (0,3),(1,2),(1,3),(2,2),(3,2): 5 bananas touch 3-drops only
    for scoring in wd.SCORINGS:
        board = board_of(*placements, scoring=scoring)
        assert board.total == board.score().total == 0
    double = ("B1/12", (0, 1))  # 3 bananas touching two 3-drops and two 1-drops
    board = board_of(double, start="3B/3B", scoring="per_drop")
    groups = {group.fruit: group for group in board.groups()}
    assert groups["B"].size == 3 and len(groups["B"].matching) == 2
    assert groups["B"].points == 6 and board.total == 6
    assert "3 bananas touch 2 3-drops: scores 6" in reasons(board)
    assert board_of(double, start="3B/3B", scoring="drop").total == 3
    assert board_of(double, start="3B/3B", scoring="fruit").total == 3


@st.composite
def orchards(draw, scoring: str = "fruit") -> wd.Board:
    """A random orchard: random cards placed on random open squares."""
    board = wd.Board(start=draw(CARDS), rules=wd.Rules(scoring=scoring, allow_rotation=True))
    for _ in range(draw(st.integers(0, 24))):
        squares = board.open_squares()
        at = squares[draw(st.integers(0, len(squares) - 1))]
        board.place(draw(CARDS), at=at, rotation=draw(st.sampled_from((0, 90, 180, 270))))
    return board


def rescored(board: wd.Board, scoring: str) -> wd.Board:
    other = wd.Board(start=board.start, rules=wd.Rules(scoring=scoring, allow_rotation=True))
    for move in board.placed:
        other.place(move.card, move.at, move.rotation)
    return other


@settings(max_examples=150, deadline=None)
@given(board=orchards())
def test_wd4_standard_and_alternative_scoring_always_agree(board: wd.Board) -> None:
    """WD-4: a matching drop's value IS the group's size, so the two totals are equal."""
    alternative = rescored(board, "drop")
    assert board.score().total == alternative.score().total
    assert board.score().parts == alternative.score().parts
    assert rescored(board, "per_drop").score().total >= board.score().total


@settings(max_examples=100, deadline=None)
@given(data=st.data(), scoring=st.sampled_from(wd.SCORINGS))
def test_wd4_incremental_total_and_gain_match_a_fresh_count(data, scoring) -> None:
    """WD-4: ``gain`` is the change of ``score().total`` that ``place`` makes."""
    board = data.draw(orchards(scoring))
    assert board.total == board.score().total == sum(g.points for g in board.groups())
    card = data.draw(CARDS)
    at = data.draw(st.sampled_from(board.open_squares()))
    rotation = data.draw(st.sampled_from((0, 90, 180, 270)))
    gain = board.gain(card, at, rotation)
    copy = board.copy()
    copy.place(card, at, rotation)
    assert board.score().total + gain == copy.total == copy.score().total
    assert len(copy.placed) == len(board.placed) + 1, "copy is independent"


def test_board_snapshot_shows_each_card_its_cells_and_groups() -> None:
    """Each card square covers cells 2r..2r+1, 2c..2c+1, read as the card is printed."""
    board = board_of(("B1/CC", (0, -1)), ("P2/BB", (-1, -1)))
    shot = board.snapshot()
    assert shot["squares"] == (
        ((-1, -1), C("P2/BB")),
        ((0, -1), C("B1/CC")),
        ((0, 0), C("BP/2C")),
    )
    assert shot["cells"] == (
        *(((-2, -2), "P"), ((-2, -1), "2"), ((-1, -2), "B"), ((-1, -1), "B")),
        *(((0, -2), "B"), ((0, -1), "1"), ((0, 0), "B"), ((0, 1), "P")),
        *(((1, -2), "C"), ((1, -1), "C"), ((1, 0), "2"), ((1, 1), "C")),
    )
    assert shot["groups"] == tuple(board.groups()) and len(shot["groups"]) == 6
    assert shot["open"] == tuple(board.open_squares())
    assert shot["total"] == board.total


def snapshot(board: wd.Board) -> tuple:
    """Everything a reader can see of a board."""
    return (
        str(board), board.total, board.score(), board.groups(), board.open_squares(),
        board.placed, board.cards(), board.squares,
    )  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(data=st.data(), scoring=st.sampled_from(wd.SCORINGS))
def test_wd3_board_undo_takes_back_the_last_card_exactly(data, scoring) -> None:
    """WD-3: ``undo`` restores everything a reader sees, and gains stay right after it."""
    board = data.draw(orchards(scoring))
    before = snapshot(board)
    board.place(data.draw(CARDS), data.draw(st.sampled_from(board.open_squares())), 0)
    twin = board.copy()
    placed = snapshot(twin)
    board.undo()
    assert snapshot(board) == before
    assert snapshot(twin) == placed, "a copy does not follow the undo"
    card = data.draw(CARDS)
    for at in board.open_squares():
        after = board.copy()
        after.place(card, at)
        assert board.total + board.gain(card, at) == after.score().total
    while board.placed:
        board.undo()
    assert str(board) == str(wd.Board(board.start)) and board.open_squares() == [
        (-1, 0), (0, -1), (0, 1), (1, 0)
    ]  # fmt: skip
    with pytest.raises(ValueError, match="nothing to undo"):
        board.undo()


SQUARES = st.tuples(st.integers(-3, 3), st.integers(-3, 3))


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_wd3_gain_raises_exactly_what_place_raises(data) -> None:
    """WD-3: ``gain`` is the checked "what would this add": same refusal as ``place``."""
    rules = data.draw(st.sampled_from([{}, {"allow_rotation": True}, {"max_size": (2, 3)}]))
    board = wd.Board(start=data.draw(CARDS), rules=wd.Rules(**rules))
    for _ in range(data.draw(st.integers(0, 4))):
        if board.open_squares():
            board.place(data.draw(CARDS), data.draw(st.sampled_from(board.open_squares())))
    card, at = data.draw(CARDS), data.draw(SQUARES)
    rotation = data.draw(st.sampled_from((0, 90, -90, 180)))
    before = snapshot(board)
    try:
        gain = board.gain(card, at, rotation)
    except IllegalMove as refused:
        with pytest.raises(IllegalMove) as again:
            board.place(card, at, rotation)
        assert str(again.value) == str(refused) and again.value.rule == refused.rule == "WD-3"
        assert str(refused).startswith("Placing (WD-3): ")
        assert snapshot(board) == before
        return
    assert snapshot(board) == before, "gain changes nothing"
    board.place(card, at, rotation)
    assert board.score().total == before[1] + gain


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_wd3_best_placement_is_the_first_highest_gain(data) -> None:
    """WD-3: greedy's placement, tried in legal-move order (card, square, turn)."""
    board = data.draw(orchards())
    cards = data.draw(st.lists(CARDS, min_size=1, max_size=4))
    gains = [
        (board.gain(card, at, turn), -c, at, turn)
        for c, card in enumerate(cards)
        for at in board.open_squares()
        for turn in wd.ROTATIONS
    ]
    best = max(gain for gain, *_ in gains)
    _, c, at, turn = next(entry for entry in gains if entry[0] == best)
    assert board.best_placement(cards) == (-c, at, turn)
    total = board.total
    board.place(cards[-c], at, turn)
    assert board.total == total + best


def test_wd3_board_arguments_wrong_type_or_value() -> None:
    """WD-3: wrong types TypeError, wrong values ValueError, naming the argument."""
    board = board_of()
    for call in (board.place, board.gain, board.can_place):
        with pytest.raises(TypeError, match="card"):
            call("BB/BB", (0, 1))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="at"):
            call(C("BB/BB"), "01")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="at"):
            call(C("BB/BB"), (0, 1.0))  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="at"):
            call(C("BB/BB"), (0, 1, 2))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="rotation"):
            call(C("BB/BB"), (0, 1), "90")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="at"):
        wd.Move(C("BB/BB"), None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="card"):
        wd.Move("BB/BB", (0, 1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no card"):
        board.best_placement([])
    assert str(board) == "BP\n2C" and board.placed == ()


@settings(max_examples=60, deadline=None)
@given(board=orchards())
def test_wd4_groups_partition_the_fruit_cells(board: wd.Board) -> None:
    cells = [cell for group in board.groups() for cell in group.cells]
    fruit_cells = [
        (r, c)
        for (sr, sc) in board.squares
        for r in (2 * sr, 2 * sr + 1)
        for c in (2 * sc, 2 * sc + 1)
        if board.cell(r, c) in wd.FRUITS
    ]
    assert sorted(cells) == sorted(fruit_cells)
    for group in board.groups():
        assert all(board.cell(*cell) == group.fruit for cell in group.cells)
        assert all(board.cell(*cell) == str(value) for cell, value in group.drops)


# --- WD-2 the game: players, market, rounds ---------------------------------------------
@pytest.mark.parametrize(("players", "market"), [(1, 1), (2, 4), (3, 3), (4, 4), (5, 5)])
def test_wd2_market_holds_one_card_per_player_four_with_two(players: int, market: int) -> None:
    game = wd.Game.new(players=players, seed=2)
    assert len(game.market) == market == wd.market_size(players)
    assert len(game.pile) == 50 - market and len(game.deck) == 50
    starts = [board.start for board in game.boards]
    assert len(set(starts)) == players and set(starts) <= set(wd.starting_cards())
    assert Counter(starts + list(game.set_aside)) == Counter(wd.starting_cards())


def test_wd2_starting_cards_are_dealt_at_random() -> None:
    starts = {tuple(b.start for b in wd.Game.new(players=2, seed=s).boards) for s in range(20)}
    assert len(starts) > 3


def test_wd2_two_players_take_two_cards_each_in_turn_order() -> None:
    game = wd.Game.new(players=2, seed=4, first_player=1)
    order = []
    for _ in range(8):
        order.append(game.current_player)
        game.play(game.legal_moves()[0])
    assert order == [1, 0, 1, 0, 0, 1, 0, 1], "the first player passes clockwise each round"


def test_wd2_market_refills_only_when_empty() -> None:
    game = wd.Game.new(players=3, seed=5)
    first = game.market
    game.play(game.legal_moves()[0])
    assert game.market == first[1:]
    game.play(game.legal_moves()[-1])
    game.play(game.legal_moves()[0])
    assert len(game.market) == 3 and len(game.pile) == 44 and game.current_player == 1


def test_wd2_a_last_partial_market_is_taken_in_turn_order() -> None:
    game = wd.Game.new(players=3, seed=6)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    # 50 cards = 16 rounds of 3 + a last market of 2, taken by that round's first two players
    assert [len(board.placed) for board in game.boards] == [16, 17, 17]
    assert game.pile == () and game.market == () and game.legal_moves() == []
    with pytest.raises(IllegalMove, match=r"WD-2.*over"):
        game.play(wd.Move(wd.default_deck()[0], (0, 1)))


def test_wd2_only_market_cards_can_be_taken_and_nothing_changes() -> None:
    game = wd.Game.new(players=2, seed=7)
    stranger = next(card for card in wd.default_deck() if card not in game.market)
    before = game.to_json()
    with pytest.raises(
        IllegalMove,
        match=r"^Players, market and rounds \(WD-2\): you can only take a card from the market",
    ) as e:
        game.play(wd.Move(stranger, (0, 1)))
    assert e.value.rule == "WD-2" and game.to_json() == before
    with pytest.raises(IllegalMove, match="WD-3"):
        game.play(wd.Move(game.market[0], (5, 5)))
    with pytest.raises(TypeError, match="Move"):
        game.play((game.market[0], (0, 1), 0))  # type: ignore[arg-type]
    assert game.to_json() == before


def test_wd2_legal_moves_cover_market_squares_and_rotations() -> None:
    game = wd.Game.new(players=2, seed=8)
    moves = game.legal_moves()
    assert len(moves) == 4 * 4 and {m.rotation for m in moves} == {0}
    assert [m.card for m in moves[::4]] == list(game.market)
    turning = wd.Game.new(players=2, seed=8, rules=wd.Rules(allow_rotation=True))
    assert len(turning.legal_moves()) == 4 * 4 * 4


def test_wd2_practice_mode_for_one_player() -> None:
    game = wd.Game.new(players=1, seed=9)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert len(game.boards[0].placed) == 50 and game.winners() == [0]


def test_wd2_game_new_checks_its_arguments() -> None:
    """WD-2: players within FACTS; wrong types TypeError, wrong values ValueError."""
    for players in (0, 6, 10**9, -1):
        with pytest.raises(ValueError, match="players"):
            wd.Game.new(players=players)
    for players in ("2", True, 2.0):
        with pytest.raises(TypeError, match="players"):
            wd.Game.new(players=players)  # type: ignore[arg-type]
    assert wd.Game.new(players=None).players == wd.FACTS.default_players
    with pytest.raises(ValueError, match="deck: water drops deals only its own cards"):
        wd.Game.new(deck=list(wd.default_deck()))  # WD-6: the designed deck only
    with pytest.raises(ValueError, match="first_player"):
        wd.Game.new(players=2, first_player=2)
    with pytest.raises(TypeError, match="first_player"):
        wd.Game.new(players=2, first_player="0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules"):
        wd.Game.new(players=2, rules="fruit")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        wd.Game.new(players=2, seed="0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        wd.Game.new(players=2, seed=-1)
    game = wd.Game.new(players=np.int64(3), first_player=np.int64(2))
    assert game.players == 3 and type(game.players) is int and game.current_player == 2
    with pytest.raises(TypeError, match="move"):
        game.score_after((game.market[0], (0, 1)))  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(-1, 7),
    first=st.integers(-1, 5),
    rows=st.integers(1, 8),
    cols=st.integers(1, 8),
    bounded=st.booleans(),
    scoring=st.sampled_from(wd.SCORINGS),
    rotation=st.booleans(),
)
def test_wd2_wd3_what_new_accepts_from_json_loads_back(
    players, first, rows, cols, bounded, scoring, rotation
) -> None:
    """WD-2/WD-3: ``Game.new`` accepts a setup exactly when its save loads back."""
    rules = wd.Rules(scoring, rotation, (rows, cols) if bounded else None)
    try:
        game = wd.Game.new(players=players, seed=players, rules=rules, first_player=first)
    except ValueError:
        assert not (1 <= players <= 5 and 0 <= first < players) or (
            bounded and rows * cols < -(-50 // players) + 1
        )
        return
    assert wd.Game.from_json(game.to_json()).to_json() == game.to_json()
    game.play(game.legal_moves()[-1])
    assert wd.Game.from_json(game.to_json()).to_json() == game.to_json()


# --- WD-5 winning ---------------------------------------------------------------------------
def test_wd5_most_points_wins_and_ties_are_shared() -> None:
    game = wd.Game.new(players=3, seed=10)
    assert game.winners() == [0, 1, 2]  # nobody scores with a start card alone: shared
    best = max(game.legal_moves(), key=game.score_after)
    game.play(best)
    assert game.scores()[0] > 0 and game.winners() == [0]
    while not game.is_over:
        game.play(wd.greedy_policy(game))
    scores = game.scores()
    assert game.winners() == [p for p in range(3) if scores[p] == max(scores)]


# --- saves, undo, copies -----------------------------------------------------------------
def played(players: int = 2, seed: int = 3, moves: int = 10, **rules) -> wd.Game:
    game = wd.Game.new(players=players, seed=seed, rules=wd.Rules(**rules))
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:  # the game is over
            break
        game.play(legal[int(rng.integers(len(legal)))])
    return game


def test_save_round_trip_keeps_rules_history_and_undo() -> None:
    game = played(3, seed=1, moves=12, allow_rotation=True, scoring="per_drop", max_size=(5, 6))
    text = game.to_json()
    data = json.loads(text)
    assert (data["game"], data["format"]) == (wd.SAVE_NAME, wd.SAVE_FORMAT) == ("water_drops", 2)
    assert data["rules"] == {
        "scoring": "per_drop", "allow_rotation": True, "max_size": [5, 6],
        "group_points": list(range(1, 10)),
    }  # fmt: skip
    player, move = game.history[0]
    assert data["moves"][0] == core.move_row(player, move) == {
        "player": player, "card": str(move.card), "at": list(move.at), "rotation": move.rotation
    }  # fmt: skip
    loaded = wd.Game.from_json(text)
    assert loaded.to_json() == text and loaded.scores() == game.scores()
    assert loaded.history == game.history
    loaded.undo()
    game.undo()
    assert loaded.to_json() == game.to_json()


def test_wd2_history_is_an_immutable_sequence_of_player_move_pairs() -> None:
    game = wd.Game.new(players=3, seed=2, first_player=1)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    history = game.history
    assert isinstance(history, tuple) and [player for player, _ in history] == [1, 2, 0, 2]
    assert all(isinstance(move, wd.Move) for _, move in history)
    with pytest.raises(TypeError):
        history[0] = history[1]  # type: ignore[index]


def test_wd2_undo_restores_one_move_without_replaying(monkeypatch) -> None:
    """WD-2: ``Game.undo`` takes back exactly one move and never places a card again."""
    game = played(players=3, seed=5, moves=20)
    saved = [game.to_json()]
    for move in game.legal_moves()[:3]:
        game.play(move)
        saved.append(game.to_json())
        game.undo()
        assert game.to_json() == saved[0]
    game.play(game.legal_moves()[1])
    game.play(game.legal_moves()[2])
    after_two = game.to_json()

    def no_replay(*_args, **_kwargs) -> None:
        raise AssertionError("undo replayed a placement")

    monkeypatch.setattr(wd.Board, "place", no_replay)
    monkeypatch.setattr(wd.Board, "__init__", no_replay)
    game.undo()
    game.undo()
    monkeypatch.undo()
    assert game.to_json() == saved[0]
    game.play(game.legal_moves()[1])
    game.play(game.legal_moves()[2])
    assert game.to_json() == after_two


def test_undo_needs_a_move() -> None:
    game = wd.Game.new(players=2, seed=0)
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_wd5_winner_reason_and_repr() -> None:
    """WD-5: the result in words, and a readable repr."""
    game = wd.Game.new(players=2, seed=1)
    assert repr(game) == "<water drops: 2 players, 50 cards left, scores [0, 0]>"
    assert game.winner_reason() == (
        "Players 0 and 1 share the lead with 0 points each (WD-5: ties are shared)."
    )
    game.play(wd.greedy_policy(game))
    assert repr(game) == f"<water drops: 2 players, 49 cards left, scores {game.scores()}>"
    assert (
        game.winner_reason()
        == f"Player 0 leads with {game.scores()[0]} points (next best: 0 points)."
    )
    while not game.is_over:
        game.play(wd.greedy_policy(game))
    (winner,) = game.winners()
    scores = game.scores()
    assert game.winner_reason() == (
        f"Player {winner} wins with {scores[winner]} points "
        f"(next best: {scores[1 - winner]} points)."
    )
    solo = played(players=1, moves=50)
    assert solo.winner_reason() == f"Solo game: {solo.scores()[0]} points."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(players=3), "starts"),
        (lambda d: d.update(extra=1), "fields"),
        (lambda d: d["deal"].__setitem__(0, "BB/BB"), "deal"),
        (lambda d: d["deal"].__setitem__(0, "BB/B"), "text"),
        (lambda d: d.update(starts=[d["starts"][0]] * 2), "start cards"),
        (lambda d: d["rules"].update(scoring="many"), "scoring"),
        (lambda d: d["rules"].update(allow_rotation="yes"), "allow_rotation"),
        (lambda d: d["rules"].update(max_size=[2, 2]), "max_size"),
        (lambda d: d["rules"].update(max_size="2x2"), "max_size"),
        (lambda d: d["rules"].update(many=1), "unknown rule"),
        (lambda d: d["moves"][0].update(card="BB/BB"), "move 1"),
        (lambda d: d["moves"][1].update(at=[9, 9]), r"move 2.*Placing \(WD-3\)"),
        (lambda d: d["moves"][1].update(at=[0, True]), "move 2"),
        (lambda d: d["moves"][2].update(rotation=45), "rotation"),
        (lambda d: d["moves"][2].update(player=1 - d["moves"][2]["player"]), "move 3 is by"),
        (lambda d: d["moves"][0].update(extra=1), "move 1"),
        (lambda d: d["moves"][0].pop("card"), "move 1"),
        (lambda d: d["moves"].__setitem__(0, "BB/BB"), "move 1"),
        (lambda d: d["moves"].extend([d["moves"][0]] * 60), "at most 50 moves"),
        (lambda d: d.update(moves={}), "moves"),
        (lambda d: d.update(deal=d["deal"] * 1000), "deal must hold 50"),
    ],
)
def test_from_json_says_what_is_wrong(change, message: str) -> None:
    data = json.loads(played(moves=5).to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        wd.Game.from_json(json.dumps(data))


def test_copy_and_determinized_are_independent() -> None:
    game = played(moves=6)
    copy = game.copy()
    copy.play(copy.legal_moves()[0])
    assert len(copy.history) == len(game.history) + 1 and game.to_json() != copy.to_json()
    world = game.determinized(np.random.default_rng(1))
    assert world.market == game.market and world.boards[0].squares == game.boards[0].squares
    assert Counter(world.all_cards()) == Counter(game.all_cards())
    assert world.pile != game.pile, "the hidden pile was reshuffled"
    assert world.deck[: -len(world.pile)] == game.deck[: -len(game.pile)]
    assert game.to_json() == wd.Game.from_json(game.to_json()).to_json()


# --- simulation ------------------------------------------------------------------------
@pytest.mark.parametrize("rotation", [False, True])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate_makes_the_shared_policies_choices(policy: str, rotation: bool) -> None:
    """The fast paths choose exactly what policies.run_games would (greedy ties with
    rotation on go to the first move in legal_moves order: card, square, then turn)."""
    rules = wd.Rules(allow_rotation=rotation)

    def new_game(seed: int) -> wd.Game:
        return wd.Game.new(players=3, seed=seed, rules=rules)

    expected = policies.run_games(new_game, 4, 3, policy, seed=12)
    fast = wd.simulate(games=4, players=3, policy=policy, seed=12, rules=rules)
    assert np.array_equal(fast, expected)


# every switch: scoring, rotation, max_size (the smallest box each player count allows)
SWITCHES = [
    {"scoring": "fruit"},
    {"scoring": "drop", "allow_rotation": True},
    {"scoring": "per_drop"},
    {"allow_rotation": True, "max_size": "small"},
    {"scoring": "drop", "max_size": "small"},
    {"scoring": "per_drop", "allow_rotation": True, "max_size": "small"},
]
SMALL_BOX = {1: (7, 8), 2: (6, 5), 3: (5, 4), 4: (4, 4), 5: (4, 3)}


@pytest.mark.parametrize("switches", SWITCHES)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_batched_simulate_makes_the_shared_policies_choices_for_every_switch(
    monkeypatch, policy: str, players: int, switches: dict
) -> None:
    """``simulate`` (engine batches of 4 games, so batch edges and reused arrays are crossed)
    gives ``policies.run_games``'s table with the generic policies: same deals, same choices
    (every move changes the scores that follow), same generator draws."""
    monkeypatch.setattr(wd_policies, "BATCH_GAMES", 4)
    size = SMALL_BOX[players] if switches.get("max_size") else None
    rules = wd.Rules(**{**switches, "max_size": size})

    def new_game(seed: int) -> wd.Game:
        return wd.Game.new(players=players, seed=seed, rules=rules)

    chooser = policies.RandomPolicy if policy == "random" else policies.GreedyPolicy
    rng = np.random.default_rng(21)
    seeds = rng.integers(0, 2**63 - 1, size=10)
    shared = chooser(rng) if policy == "random" else chooser()  # type: ignore[call-arg]
    expected = [policies.play_out(new_game(int(seed)), shared).scores() for seed in seeds]
    assert np.array_equal(wd.simulate(10, players, policy, seed=21, rules=rules), expected)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    scoring=st.sampled_from(wd.SCORINGS),
    rotation=st.booleans(),
    small=st.booleans(),
    policy=st.sampled_from(["random", "greedy"]),
    points=POINTS,
)
def test_wd2_wd3_wd4_engine_games_are_the_shared_policies_games(
    seed: int, players: int, scoring: str, rotation: bool, small: bool, policy: str, points: tuple
) -> None:
    """WD-2 to WD-4 under any switches: the engine's tables are ``run_games``'s."""
    rules = wd.Rules(scoring, rotation, SMALL_BOX[players] if small else None, points)

    def new_game(game_seed: int) -> wd.Game:
        return wd.Game.new(players=players, seed=game_seed, rules=rules)

    expected = policies.run_games(new_game, 2, players, policy, seed)
    assert np.array_equal(wd.simulate(2, players, policy, seed=seed, rules=rules), expected)


def test_batched_random_replays_a_game_whose_draw_numpy_would_redo(monkeypatch) -> None:
    """A word Lemire's method rejects (numpy then draws again) sends that game to the exact
    per-game route on the real generator; the games after it go on from the right word."""
    calls, play_random = [], engine.play_random

    def rejecting(
        seeds: np.ndarray, players: int, rules: wd.Rules, words: np.ndarray
    ) -> tuple[np.ndarray, int, int]:
        scores, done, used = play_random(seeds, players, rules, words)
        calls.append(done)
        if len(calls) == 1:  # pretend game 2 met a rejected word: keep only games 0 and 1
            _, done, used = play_random(seeds[:2], players, rules, words)
        return scores, done, used

    monkeypatch.setattr(engine, "play_random", rejecting)

    def new_game(seed: int) -> wd.Game:
        return wd.Game.new(players=2, seed=seed)

    expected = policies.run_games(new_game, 9, 2, "random", seed=5)
    assert np.array_equal(wd.simulate(9, 2, "random", seed=5), expected)
    assert calls == [9, 6], "after the replayed game the engine plays the other 6"


def test_engine_stops_before_a_game_that_meets_a_rejected_word() -> None:
    """3 players: 3 cards × 4 squares = 12 first moves; a zero word leaves 0 < 2**32 % 12."""
    seeds = np.array([3, 4])
    words = np.random.default_rng(2).integers(0, 2**32, size=100, dtype=np.uint32)
    scores, done, used = engine.play_random(seeds, 3, wd.Rules(), words)
    assert (done, used) == (2, 100)
    words[50] = 0  # the first word of game 1
    stopped, done, used = engine.play_random(seeds, 3, wd.Rules(), words)
    assert (done, used) == (1, 50) and stopped[0].tolist() == scores[0].tolist()


def test_lemire_is_generator_integers() -> None:
    counts = np.random.default_rng(1).integers(2, 5000, size=2000)
    words = np.random.default_rng(8).integers(0, 2**32, size=2000, dtype=np.uint32)
    rng = np.random.default_rng(8)
    drawn = [engine.lemire(word, count) for word, count in zip(words, counts, strict=True)]
    assert not any(rejected for _, rejected in drawn)
    assert [int(index) for index, _ in drawn] == [int(rng.integers(n)) for n in counts]
    assert engine.lemire(0, 3)[1] and not engine.lemire(0, 4)[1]


@pytest.mark.parametrize("scoring", ["drop", "per_drop"])
def test_fast_lookahead_margins_for_every_scoring(scoring: str) -> None:
    # 40 cards in: 120 legal moves, each played out twice to the end by the generic policy
    game = played(players=3, seed=2, moves=40, scoring=scoring, allow_rotation=True)
    assert wd.LookaheadPolicy(rollouts=2, seed=5).margins(game) == shared_margins(game, 2, 5)


def shared_margins(game: wd.Game, rollouts: int, seed: int) -> list[int]:
    """policies.LookaheadPolicy's total margin of every legal move, spelled out."""
    rng = np.random.default_rng(seed)
    me, greedy = game.current_player, policies.GreedyPolicy()
    worlds = [game.determinized(rng) for _ in range(rollouts)]
    totals = []
    for move in game.legal_moves():
        total = 0
        for world in worlds:
            trial = world.copy()
            trial.play(move)
            scores = policies.play_out(trial, greedy).scores()
            others = [score for player, score in enumerate(scores) if player != me]
            total += scores[me] - (max(others) if others else 0)
        totals.append(total)
    return totals


# (players, random moves played first, rotation): early and late, 2-5 players, both rules
POSITIONS = [(2, 44, False), (2, 45, True), (3, 30, False), (4, 44, True), (5, 35, False)]


# any game under any switches: the seed, 1 to 5 players, the scoring, rotation, group points
ANY_GAME = {
    "seed": st.integers(0, 2**32),
    "players": st.integers(1, 5),
    "scoring": st.sampled_from(wd.SCORINGS),
    "rotation": st.booleans(),
    "points": POINTS,
}


def margins_agree(game: wd.Game, seed: int) -> None:
    assert wd.LookaheadPolicy(rollouts=1, seed=seed).margins(game) == shared_margins(game, 1, seed)


@settings(max_examples=10, deadline=None)
@given(moves=st.integers(38, 49), **ANY_GAME)
def test_fast_lookahead_margins_are_the_shared_margins_anywhere(
    seed: int, players: int, moves: int, scoring: str, rotation: bool, points: tuple
) -> None:
    """Late positions of any game under any switches, 1 to 5 players: same margins."""
    rules = {"scoring": scoring, "allow_rotation": rotation, "group_points": points}
    margins_agree(played(players, seed % 1000, moves, **rules), seed)


@settings(max_examples=10, deadline=None)
@given(back=st.integers(1, 4), **ANY_GAME)
def test_fast_lookahead_margins_are_the_shared_margins_near_the_end(
    seed: int, players: int, back: int, scoring: str, rotation: bool, points: tuple
) -> None:
    """As the test above, ``back`` moves before the end of a random game: short playouts, so
    it also runs in seconds uncompiled (tests/test_without_numba.py runs it so)."""
    rules = {"scoring": scoring, "allow_rotation": rotation, "group_points": points}
    game = played(players, seed % 1000, 10**6, **rules)  # to the end of the game
    for _ in range(back):
        game.undo()
    margins_agree(game, seed)


def engine_gains_are_the_boards_gains(game: wd.Game) -> None:
    """What the compiled greedy compares, move by move: the gain of every legal move (the
    card looked at, not laid: ``engine._gain``) is ``Board.gain``; the orchard is as it was
    after every gain."""
    me, board = game.current_player, game.boards[game.current_player]
    state, _, _ = engine._position(game)
    cells = state[0].copy()
    index, side, tables = shapes.card_numbers(), engine._side(game.players), shapes.shape_tables()
    origin, per_drop = side // 2, game.rules.scoring == "per_drop"
    for move in game.legal_moves():
        square = (move.at[0] + origin) * side + move.at[1] + origin
        shape = 4 * index[move.card] + wd.ROTATIONS.index(move.rotation)
        engine._look(state, me, square)
        gain = engine._gain(state, tables, me, square, shape, per_drop)
        assert gain == board.gain(move.card, move.at, move.rotation), move
    assert np.array_equal(state[0], cells)


@settings(max_examples=30, deadline=None)
@given(moves=st.integers(0, 49), **ANY_GAME)
def test_wd4_engine_gains_are_the_boards_gains_for_every_move(
    seed: int, players: int, moves: int, scoring: str, rotation: bool, points: tuple
) -> None:
    """Any position of any game under any switches: groups a card makes, joins or only
    wets, scored by fruit, drop or per drop, with any points."""
    rules = {"scoring": scoring, "allow_rotation": rotation, "group_points": points}
    engine_gains_are_the_boards_gains(played(players, seed % 1000, moves, **rules))


@pytest.mark.parametrize("scoring", wd.SCORINGS)
def test_wd4_engine_counts_a_drop_beside_two_cells_of_a_group_once(scoring: str) -> None:
    """The 3C/MM card at (1, 1) lays a 3-drop beside two cells of a group of 3 bananas (around
    the corner of its square) and a cherry beside a 1-drop: the bananas score once for that
    drop, "per_drop" too (3 + 1 points); in the engine's gain as on the board."""
    starts = (C("MC/2B"), *[card for card in wd.starting_cards() if card != C("MC/2B")])
    first = [C("MB/B1"), C("PB/2P"), C("3C/MM")]
    deal = (*first, *[card for card in wd.default_deck() if card not in first])
    game = wd.Game.from_parts(1, wd.Rules(scoring=scoring), 0, (starts, deal))
    game.play(wd.Move(C("MB/B1"), (0, 1)))
    game.play(wd.Move(C("PB/2P"), (1, 0)))
    assert game.boards[0].gain(C("3C/MM"), (1, 1)) == 4
    engine_gains_are_the_boards_gains(game)


@pytest.mark.parametrize(("players", "moves", "rotation"), POSITIONS)
def test_fast_lookahead_margins_equal_the_shared_lookahead_margins(players, moves, rotation):
    """Same worlds, same greedy playouts, same margins, move by move."""
    game = played(players=players, seed=players, moves=moves, allow_rotation=rotation)
    fast = wd.LookaheadPolicy(rollouts=2, seed=5).margins(game)
    assert fast == shared_margins(game, rollouts=2, seed=5)
    assert len(set(fast)) > 1, "the position tells moves apart"


@pytest.mark.parametrize(
    ("players", "moves", "rotation", "turns"),
    [(2, 44, False, 3), (3, 30, False, 3), (4, 2, False, 1), (5, 35, False, 3), (2, 47, True, 2)],
)
def test_fast_lookahead_makes_the_shared_lookahead_choices(players, moves, rotation, turns):
    game = played(players=players, seed=4, moves=moves, allow_rotation=rotation)
    fast = wd_policies.named_policy("lookahead", np.random.default_rng(9), rollouts=3)
    shared = policies.resolve("lookahead", np.random.default_rng(9), rollouts=3)
    for _ in range(turns):
        move = fast(game)
        assert move == shared(game)
        game.play(move)
        for board in game.boards:  # gains remembered during the rollouts are still right
            for card in game.market:
                for at in board.open_squares():
                    after = board.copy()
                    after.place(card, at)
                    assert board.total + board.gain(card, at) == after.score().total


def test_fast_lookahead_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="rollouts"):
        wd.LookaheadPolicy(rollouts=0)
    with pytest.raises(ValueError, match="rollouts"):
        wd.LookaheadPolicy(rollouts=wd.MAX_ROLLOUTS + 1)
    with pytest.raises(TypeError, match="rollouts"):
        wd.LookaheadPolicy(rollouts="8")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="over"):
        wd.LookaheadPolicy(seed=0)(played(players=1, moves=50))


def test_simulate_callables_and_bad_names() -> None:
    first = wd.simulate(games=2, players=2, policy=lambda game: game.legal_moves()[0], seed=0)
    assert first.shape == (2, 2)
    with pytest.raises(ValueError, match="policy"):
        wd.simulate(games=1, policy="clever")
    with pytest.raises(ValueError, match="over"):
        wd.greedy_policy(played(players=1, moves=50))


def test_wd2_simulate_checks_every_argument_before_any_work() -> None:
    """WD-2 players within FACTS, games and rollouts bounded, all before any work (issue 14);
    TypeError for wrong types, ValueError for wrong values."""
    for games in (-1, wd.MAX_GAMES + 1, 10**9):
        with pytest.raises(ValueError, match="games"):
            wd.simulate(games=games)
    with pytest.raises(TypeError, match="games"):
        wd.simulate(games="10")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="policy"):
        wd.simulate(games=10**6, policy="nope")  # refused before 10**6 seeds are drawn
    with pytest.raises(TypeError, match="policy"):
        wd.simulate(games=1, policy=3)  # type: ignore[arg-type]
    for players in (0, 6, 10**7):
        with pytest.raises(ValueError, match="players"):
            wd.simulate(games=1, players=players)
    with pytest.raises(TypeError, match="rules"):
        wd.simulate(games=1, rules="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rollouts"):
        wd.simulate(games=1, policy="lookahead", rollouts=10**6)
    with pytest.raises(ValueError, match="max_size"):
        wd.simulate(games=10**6, players=1, rules=wd.Rules(max_size=(5, 5)))
    with pytest.raises(TypeError, match="seed"):
        wd.simulate(games=1, seed="0")  # type: ignore[arg-type]
    assert wd.simulate(games=0, players=3).shape == (0, 3)


# --- hints -----------------------------------------------------------------------------------
def test_hint_greedy_says_the_move_and_why_in_words() -> None:
    """WD-4 in words: the greedy hint is greedy's move, with the groups that score."""
    game = played(players=2, seed=1, moves=6)
    advice = wd.hint(game)
    assert advice.policy == "greedy" and advice.move == wd.greedy_policy(game)
    gain = game.score_after(advice.move) - game.scores()[game.current_player]
    assert advice.reason.startswith(
        f"Greedy choice: the {advice.move.card} card on row {advice.move.at[0]}, column "
        f"{advice.move.at[1]} ({gain:+d} points now: "
    )
    assert "No other move adds more points right now. Next best: the " in advice.reason
    assert "WD-" not in advice.reason and "_" not in advice.reason
    assert "square" not in advice.reason  # "row R, column C", as stacked trees' hints say


def test_a_hint_says_whether_its_card_is_turned_first_and_how_it_then_lies() -> None:
    """With turning on, each move a hint names says its turn: "as dealt, not turned", or
    "turned 90° first (it then lies as ...)", so its points never seem to contradict a lit
    square that counts the card as it lies now."""
    said = set()
    for seed in range(4):
        game = wd.Game.new(players=2, seed=seed, rules=wd.Rules(allow_rotation=True))
        advice = wd.hint(game)
        move = advice.move
        if move.rotation:
            turned = move.card.rotated(move.rotation)
            assert advice.reason.startswith(
                f"Greedy choice: the {move.card} card turned {move.rotation}° first (it then "
                f"lies as {turned}), on row {move.at[0]}, column {move.at[1]} ("
            ), advice.reason
        else:
            assert advice.reason.startswith(
                f"Greedy choice: the {move.card} card as dealt, not turned, on row "
                f"{move.at[0]}, column {move.at[1]} ("
            ), advice.reason
        said.add(bool(move.rotation))
    assert said == {True, False}


def test_hint_lookahead_is_the_lookahead_choice() -> None:
    """WD-4 in words: the lookahead hint is the lookahead policy's move, same seed."""
    game = played(players=2, seed=2, moves=44, allow_rotation=True)
    advice = wd.hint(game, "lookahead", rollouts=2, seed=3)
    assert advice.move == wd.LookaheadPolicy(rollouts=2, seed=3)(game)
    assert advice.reason.startswith("Lookahead choice: the ")
    assert "2 times with the cards nobody has seen shuffled" in advice.reason
    if advice.move != wd.greedy_policy(game):
        assert "Greedy would play" in advice.reason


def test_hint_checks_its_arguments() -> None:
    """WD-2: no hint once the game is over; wrong arguments TypeError/ValueError."""
    game = wd.Game.new(players=2, seed=0)
    with pytest.raises(TypeError, match="game"):
        wd.hint("game")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="policy"):
        wd.hint(game, "random")
    with pytest.raises(ValueError, match="rollouts"):
        wd.hint(game, "lookahead", rollouts=0)
    with pytest.raises(ValueError, match="over"):
        wd.hint(played(players=1, moves=50))


# --- WD-6 the default deck --------------------------------------------------------------
def test_wd6_default_deck_counts() -> None:
    deck = wd.default_deck()
    cells = Counter(code for card in deck for code in card.cells)
    assert len(deck) == 50 and len(set(deck)) == 50
    assert all(card.fruits >= 1 for card in deck)
    assert [cells[fruit] for fruit in wd.FRUITS] == [36, 36, 36, 36]
    drops = [cells[str(value)] for value in range(1, 10)]
    assert drops == [16, 14, 12, 8, 6, 0, 0, 0, 0], "drops 1-5, small values more common"
    starts = wd.starting_cards()
    assert len(set(starts)) == 5 and not set(starts) & set(deck)
    assert all(card.cells[2] == "2" and len(set(card.cells)) == 4 for card in starts)


def test_wd6_deck_file_documents_its_design() -> None:
    from importlib import resources

    text = resources.files("orchard_lab.data").joinpath("water_drops_deck.txt").read_text()
    notes = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    for fact in ("36 each", "16 ones", "6 fives", "every card has fruit", "5 start cards"):
        assert fact in notes
    assert cards_module.parse_deck(text) == (tuple(wd.default_deck()), tuple(wd.starting_cards()))
    with pytest.raises(ValueError, match="section"):
        cards_module.parse_deck("BC/3M")


def test_wd6_greedy_play_clearly_beats_random_play() -> None:
    random = wd.simulate(games=30, players=2, policy="random", seed=1)
    greedy = wd.simulate(games=30, players=2, policy="greedy", seed=1)
    assert greedy.mean() > 1.5 * random.mean()
    assert greedy.mean() - random.mean() > 3 * random.std()


def test_rotation_refusal_is_what_place_raises_WD_3() -> None:
    from orchard_lab.water_drops.rules import rotation_refusal

    board = wd.Board(wd.Card.from_text("BC/PM"))
    refusal = rotation_refusal(board.rules, 270)
    assert refusal is not None and refusal.rule == "WD-3"
    with pytest.raises(IllegalMove) as raised:
        board.place(wd.Card.from_text("BC/PM"), board.open_squares()[0], 270)
    assert str(raised.value) == str(refusal)
    assert rotation_refusal(board.rules, 0) is None
    assert rotation_refusal(wd.Rules(allow_rotation=True), 270) is None


def test_wd3_board_prints_its_cells_row_by_row_with_dots_for_empty_cells() -> None:
    """The printed grid spans the orchard's box, negative squares included."""
    board = board_of(("3B/BB", (-1, 0)), ("MM/1M", (0, -1)), ("CC/C4", (0, 1)))
    assert str(board) == "..3B..\n..BB..\nMMBPCC\n1M2CC4"
    board.undo()
    assert str(board) == "..3B\n..BB\nMMBP\n1M2C"
    board.place(C("1M/MM"), (1, 0))
    assert str(board) == "..3B\n..BB\nMMBP\n1M2C\n..1M\n..MM"


# --- the fast routes check what they always checked (issues 23 and 24) --------------------


def test_wd3_arguments_in_other_forms_are_checked_and_read_as_before() -> None:
    """Moves, ``place`` and ``gain`` skip the checks that would give back a Card, a tuple of
    two ints and a quarter turn 0-270 unchanged; any other form is checked and read as
    before: lists, numpy ints, turns beyond 270 or below 0, and wrong types or values."""
    card = C("B1/11")
    plain = wd.Move(card, (1, 0), 90)
    for at, rotation in [([1, 0], 90), ((np.int64(1), 0), 450), ((1, np.int32(0)), -270)]:
        move = wd.Move(card, at, rotation)  # type: ignore[arg-type]
        assert move == plain and hash(move) == hash(plain) and repr(move) == repr(plain)
        assert type(move.at) is tuple and all(type(x) is int for x in (*move.at, move.rotation))
    for at in [(True, 0), (0, 1.0), "01", None]:
        with pytest.raises(TypeError, match="at"):
            wd.Move(card, at)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at"):
        wd.Move(card, (0, 1, 2))  # type: ignore[arg-type]
    for rotation, error in [(True, TypeError), (90.0, TypeError), (45, ValueError)]:
        with pytest.raises(error, match="rotation"):
            wd.Move(card, (1, 0), rotation)  # type: ignore[arg-type]
    board = board_of(allow_rotation=True)
    gain = board.gain(card, (1, 0), 90)
    for at, rotation in [([1, 0], 90), ((np.int64(1), 0), 450), ((1, np.int32(0)), -270)]:
        assert board.gain(card, at, rotation) == gain  # type: ignore[arg-type]
        assert board.can_place(card, at, rotation)  # type: ignore[arg-type]
    for call in (board.gain, board.place, board.can_place):
        for rotation, error in [(True, TypeError), (90.0, TypeError), (45, ValueError)]:
            with pytest.raises(error, match="rotation"):
                call(card, (1, 0), rotation)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="at"):
            call(card, (True, 0))  # type: ignore[arg-type]
    board.place(card, [np.int64(1), 0], 450)  # type: ignore[arg-type]
    assert board.placed == (plain,) and board.squares[(1, 0)] == card.rotated(90)
    assert board.total == gain


def test_wd2_listed_moves_are_moves_like_any_other() -> None:
    """``legal_moves`` builds its Moves without checking their parts again (they come from
    the game): each equals, hashes and prints as the Move a caller would build."""
    game = wd.Game.new(players=3, seed=2, rules=wd.Rules(allow_rotation=True))
    for _ in range(5):
        for move in game.legal_moves():
            again = wd.Move(move.card, move.at, move.rotation)
            assert move == again and hash(move) == hash(again) and repr(move) == repr(again)
            assert type(move.at) is tuple and type(move.rotation) is int
        game.play(wd.greedy_policy(game))
    rng = np.random.default_rng(1)
    assert wd.random_policy(rng)(game) in game.legal_moves()


def test_wd2_wd3_a_callers_moves_are_refused_as_before_and_nothing_changes() -> None:
    """``score_after`` and ``play`` take a caller's Move through every check: a taken
    square, a square that touches nothing, a turn while turning is off, a card not in the
    market, a move after the end; the game stays as it was."""
    game = wd.Game.new(players=2, seed=9)
    game.play(game.legal_moves()[1])
    card, before = game.market[0], game.to_json()
    for move, rule in [
        (wd.Move(card, (0, 0)), "WD-3"),
        (wd.Move(card, [5, 5]), "WD-3"),  # type: ignore[arg-type]
        (wd.Move(card, (0, 1), 90), "WD-3"),
        (wd.Move(next(c for c in wd.default_deck() if c not in game.market), (0, 1)), "WD-2"),
    ]:
        for call in (game.score_after, game.play):
            with pytest.raises(IllegalMove) as refused:
                call(move)
            assert refused.value.rule == rule and game.to_json() == before
    with pytest.raises(TypeError, match="move"):
        game.score_after((card, (0, 1), 0))  # type: ignore[arg-type]
    policies.play_out(game, wd.greedy_policy)
    with pytest.raises(IllegalMove) as refused:
        game.score_after(wd.Move(card, (0, 1)))
    assert refused.value.rule == "WD-2"


def test_wd4_reasons_are_said_in_the_language_of_the_moment() -> None:
    """A group's reason is looked up once per language and kept: switching the language
    switches the sentence, and coming back gives the first one again."""
    english = scoring_module.reason("B", 3, [3], 3)
    notes = board_of().score().notes
    with speaking("fr"):
        french = scoring_module.reason("B", 3, [3], 3)
        assert board_of().score().notes != notes
        assert scoring_module.no_fruit("C") != "no cherries"
    assert english == "3 bananas touch a 3-drop: scores 3" and french != english
    assert board_of().score().notes == notes and scoring_module.no_fruit("C") == "no cherries"
    with speaking("fr"):
        assert scoring_module.reason("B", 3, [3], 3) == french


def test_wd4_groups_are_counted_again_after_a_card_an_undo_and_in_another_language() -> None:
    """``groups()`` is counted once per position and language: laying a card, taking it
    back, copying the board or changing the language never shows groups of another
    position or another language."""

    def fresh(board: wd.Board) -> list[wd.Group]:
        again = wd.Board(start=board.start, rules=board.rules)
        for move in board.placed:
            again.place(move.card, move.at, move.rotation)
        return again.groups()

    board = board_of()
    first = board.groups()
    board.place(C("3B/BB"), (0, 1))
    twin = board.copy()
    english = board.groups()
    assert english == fresh(board) != first
    assert board.score().parts == {"banana": 3, "cherry": 0, "pear": 0, "mango": 0}
    with speaking("fr"):
        french = board.groups()
        assert french == fresh(board) and french != english
        assert [g.cells for g in french] == [g.cells for g in english]
    assert board.groups() == english
    twin.place(C("B1/11"), (1, 0))
    assert board.undo() == C("3B/BB") and board.groups() == first
    assert twin.groups() == fresh(twin) and len(twin.groups()) > len(first)
    assert board.snapshot() == board_of().snapshot()
