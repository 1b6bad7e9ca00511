"""Built positions for branches random play seldom reaches (issue 28).

Each position is checked three ways: the board's kept-up-to-date ``total`` and ``gain``,
its recount from scratch (``score()``), and a count written here that shares no code with the
engine (``independent_points``), plus the numbers worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import IllegalMove
from orchard_lab.stacked_trees.board import bits

C = wd.Card.from_text
Square = tuple[int, int]


# --- an independent water drops count (WD-4) ---------------------------------------------------
def cells_of(board: wd.Board) -> dict[tuple[int, int], str]:
    """Every cell's code, read from the cards as they lie (card square (r, c) covers cell rows
    2r, 2r+1 and cell columns 2c, 2c+1)."""
    cells = {}
    for (r, c), card in board.squares.items():
        for i, code in enumerate(card.cells):
            cells[(2 * r + i // 2, 2 * c + i % 2)] = code
    return cells


def independent_points(board: wd.Board) -> int:
    """WD-4 counted from the cells alone: a group earns when a touching drop shows its size."""
    cells = cells_of(board)
    seen: set[tuple[int, int]] = set()
    total = 0
    for start, code in sorted(cells.items()):
        if code.isdigit() or start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cells.get(near) == code and near not in group:
                    group.add(near)
                    todo.append(near)
        seen |= group
        drops = {
            near: int(cells[near])
            for r, c in group
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if cells.get(near, "B").isdigit()
        }
        matching = [value for value in drops.values() if value == len(group)]
        if not matching:
            continue
        scoring = board.rules.scoring
        if scoring == "fruit":
            total += len(group)
        elif scoring == "drop":
            total += matching[0]
        else:  # per_drop
            total += len(group) * len(matching)
    return total


def checked(board: wd.Board, expected: int) -> None:
    """The board's total, its recount and the independent count all say ``expected``."""
    assert board.total == board.score().total == independent_points(board) == expected
    assert type(board.total) is int


def turned(flip: bool, text: str) -> tuple[wd.Card, int]:
    """The card and its rotation for a layout turned half round when ``flip``."""
    return C(text), 180 if flip else 0


def lay(board: wd.Board, flip: bool, text: str, at: Square) -> None:
    card, rotation = turned(flip, text)
    board.place(card, (-at[0], -at[1]) if flip else at, rotation)


def start_board(flip: bool, text: str, **rules: object) -> wd.Board:
    card = C(text).rotated(180) if flip else C(text)
    return wd.Board(start=card, rules=wd.Rules(allow_rotation=True, **rules))  # type: ignore[arg-type]


# --- a card whose two cells of one fruit touch one old group -----------------------------------
U_SHAPED = (("PB/PB", (1, 0)), ("PB/P5", (2, 0)), ("BB/PP", (2, 1)))
# MM..
# MM..
# PB..    the 5 bananas (2,1) (3,1) (4,1) (4,2) (4,3) wrap round square (1, 1) and touch
# PB..    the 5-drop at (5,1): they score 5. A card on (1, 1) with bananas at its top-left
# PBBB    and bottom-right cells touches that one group from the left and from below.
# P5PP


# With ``above``, a card on square (0, 1) too, whose bottom-left cell (1, 2) sits above the
# top-left cell of square (1, 1):
# MMMM     X is a 7-drop or a lone banana. "B?/?B" on (1, 1) then joins the 5 bananas through
# MMXP     both of its banana cells, and only its top-left banana touches X. Turned half round
# PB..     (negative), that banana is the card's second part, so the merge of the two parts
# ...      is met in both orders.
@pytest.mark.parametrize("flip", [False, True], ids=["positive", "negative"])
@pytest.mark.parametrize("scoring", wd.SCORINGS)
@pytest.mark.parametrize(
    ("above", "text", "bananas", "gain"),
    [
        (None, "B1/1B", 7, -5),  # 7 bananas touch drops 1, 1, 5: the old 5 points are lost
        (None, "B7/1B", 7, 2),  # 7 bananas touch a 7-drop: 7 points in place of 5
        ("MM/7P", "B2/2B", 7, 2),  # 7 bananas touch drops 2, 2, 5 and the 7-drop: 7 for 5
        ("MM/BP", "B8/2B", 8, 3),  # the lone banana joins too: 8 bananas, 8-drop: 8 for 5
        ("MM/BP", "B2/2B", 8, -5),  # 8 bananas, drops 2, 2, 5: the old 5 points are lost
    ],
)
def test_wd4_two_cells_of_a_card_join_the_same_old_group(
    flip: bool, scoring: str, above: str | None, text: str, bananas: int, gain: int
) -> None:
    board = start_board(flip, "MM/MM", scoring=scoring)
    more = () if above is None else ((above, (0, 1)),)
    for card, at in (*U_SHAPED, *more):
        lay(board, flip, card, at)
    checked(board, 5)
    card, rotation = turned(flip, text)
    at = (-1, -1) if flip else (1, 1)
    assert board.gain(card, at, rotation) == gain
    board.place(card, at, rotation)
    checked(board, 5 + gain)
    (group,) = [group for group in board.groups() if group.fruit == "B"]
    assert group.size == bananas
    board.undo()
    checked(board, 5)
    assert board.gain(card, at, rotation) == gain


# --- an undo that splits a group -------------------------------------------------------------
# MMM2     square (0, 1) "M2/BB": bananas A at (1,2) (1,3) touch the 2-drop at (0,3): 2 points
# MMBB     square (1, 0) "MB/2B": bananas B at (2,1) (3,1) touch the 2-drop at (3,0): 2 points
# MBBB     the card "BB/BM" on (1, 1) joins A and B through its bananas into 7, which no
# 2BBM     drop matches; undo must split them again into two groups of 2.
@pytest.mark.parametrize("flip", [False, True], ids=["positive", "negative"])
@pytest.mark.parametrize("scoring", wd.SCORINGS)
def test_wd3_undo_splits_the_group_a_card_joined(flip: bool, scoring: str) -> None:
    board = start_board(flip, "MM/MM", scoring=scoring)
    lay(board, flip, "M2/BB", (0, 1))
    lay(board, flip, "MB/2B", (1, 0))
    checked(board, 4)
    before = sorted(group.cells for group in board.groups())
    card, rotation = turned(flip, "BB/BM")
    at = (-1, -1) if flip else (1, 1)
    assert board.gain(card, at, rotation) == -4
    board.place(card, at, rotation)
    checked(board, 0)
    assert max(group.size for group in board.groups() if group.fruit == "B") == 7
    board.undo()
    checked(board, 4)
    assert sorted(group.cells for group in board.groups()) == before
    assert board.gain(card, at, rotation) == -4  # the two groups are kept apart again
    board.place(card, at, rotation)
    checked(board, 0)


# --- an undo that splits off a group touching two drops of its size ----------------------------
# BBBM     the start "BB/22": 2 bananas touch two 2-drops (fruit 2, drop 2, per drop 4 points).
# 22MM     "BM/MM" on square (0, 1) grows them to 3 bananas, which no drop matches; undo
#          counts the 2 bananas again as a new group, under the board's own scoring.
@pytest.mark.parametrize("flip", [False, True], ids=["positive", "negative"])
@pytest.mark.parametrize(("scoring", "points"), [("fruit", 2), ("drop", 2), ("per_drop", 4)])
def test_wd4_a_group_split_off_by_undo_scores_two_matching_drops_by_the_rules(
    flip: bool, scoring: str, points: int
) -> None:
    board = start_board(flip, "BB/22", scoring=scoring)
    checked(board, points)
    lay(board, flip, "BM/MM", (0, 1))
    checked(board, 0)
    board.undo()
    checked(board, points)


# --- an undo that counts again a group the card's drop wetted, cells met leftwards -------------
# BBBB     "BB/MM" on square (0, -1) grows the start's mango group leftwards: its members are
# MMMM     listed start first, so a recount from them starts at (1, 0) and must step left.
# ..4P     "4P/PP" on (1, 0) gives those 4 mangoes a 4-drop: 4 points, taken back by undo.
# ..PP
@pytest.mark.parametrize("flip", [False, True], ids=["positive", "negative"])
@pytest.mark.parametrize("scoring", wd.SCORINGS)
def test_wd3_undo_counts_again_the_groups_the_card_wetted(flip: bool, scoring: str) -> None:
    board = start_board(flip, "BB/MM", scoring=scoring)
    lay(board, flip, "BB/MM", (0, -1))
    checked(board, 0)
    card, rotation = turned(flip, "4P/PP")
    at = (-1, 0) if flip else (1, 0)
    board.place(card, at, rotation)
    checked(board, 4)
    board.undo()
    checked(board, 0)
    assert board.gain(card, at, rotation) == 4
    board.place(card, at, rotation)
    checked(board, 4)


# --- greedy when every placement loses points ----------------------------------------------
# P21C     a 1 × 3 orchard (max_size): only squares (0, -1) and (0, 2) are open. The pears
# PM1M     (col 0) score 2, the mangoes 1 each and the cherry 1. "CP/CP" on (0, -1) makes the
#          pears 4 (-2); on (0, 2) it makes the cherry 3 (-1): the best move still loses.
@pytest.mark.parametrize("scoring", wd.SCORINGS)
def test_wd3_greedy_picks_the_smallest_loss_when_every_placement_loses(scoring: str) -> None:
    board = wd.Board(start=C("P2/PM"), rules=wd.Rules(max_size=(1, 3), scoring=scoring))
    board.place(C("1C/1M"), (0, 1))
    checked(board, 5)
    assert board.open_squares() == [(0, -1), (0, 2)]
    card = C("CP/CP")
    gains = {}
    for at in board.open_squares():
        after = board.copy()
        after.place(card, at)
        gains[at] = independent_points(after) - independent_points(board)
    assert gains == {(0, -1): -2, (0, 2): -1}
    assert wd.Board.best_placement(board.copy(), [card]) == (0, (0, 2), 0)
    board.best_placement([card, card])  # the gains are remembered now
    assert board.best_placement([card]) == (0, (0, 2), 0)


# --- greedy under per-drop scoring, gains not yet remembered ----------------------------------
# 3B       "5B/BB" makes 5 bananas touching a 5-drop (5 points, 6 with two matching drops on
# 3B       (0, -1)); "B1/12" on (0, 1) makes 3 bananas touching two 3-drops: 3 points, but 6
#          under per-drop scoring, which counts every matching drop.
@pytest.mark.parametrize(
    ("scoring", "choice", "best"),
    [("fruit", (0, (-1, 0), 0), 5), ("drop", (0, (-1, 0), 0), 5), ("per_drop", (0, (0, -1), 0), 6)],
)
def test_wd3_greedy_counts_every_matching_drop_under_per_drop_scoring(
    scoring: str, choice: tuple[int, Square, int], best: int
) -> None:
    cards = [C("5B/BB"), C("B1/12")]
    board = wd.Board(start=C("3B/3B"), rules=wd.Rules(scoring=scoring))
    assert board.best_placement(cards) == choice  # nothing remembered yet
    c, at, rotation = choice
    board.place(cards[c], at, rotation)
    checked(board, best)
    fresh = wd.Board(start=C("3B/3B"), rules=wd.Rules(scoring=scoring))
    per_drop = {"fruit": 3, "drop": 3, "per_drop": 6}[scoring]
    assert fresh.gain(cards[1], (0, 1)) == per_drop
    fresh.place(cards[1], (0, 1))
    checked(fresh, per_drop)


def first_best(board: wd.Board, cards: list[wd.Card]) -> tuple[int, Square, int]:
    """Greedy's choice by brute force: every (card, square, turn) in legal-move order, each
    scored on a copy by the independent count; the first highest gain wins."""
    rotations = wd.ROTATIONS if board.rules.allow_rotation else (0,)
    before, best, choice = independent_points(board), None, None
    for c, card in enumerate(cards):
        for at in board.open_squares():
            for rotation in rotations:
                after = board.copy()
                after.place(card, at, rotation)
                gain = independent_points(after) - before
                if best is None or gain > best:
                    best, choice = gain, (c, at, rotation)
    assert choice is not None
    return choice


@pytest.mark.parametrize("scoring", wd.SCORINGS)
@pytest.mark.parametrize(
    ("start", "placed", "cards"),
    [
        ("3B/3B", (), ("5B/BB", "B1/12", "1B/2B")),
        ("MM/MM", U_SHAPED, ("B1/1B", "B7/1B", "7B/1B")),
        ("MM/MM", (("M2/BB", (0, 1)), ("MB/2B", (1, 0))), ("BB/BM", "2M/BB")),
    ],
)
def test_wd3_greedy_with_quarter_turns_is_the_first_best_of_the_built_positions(
    scoring: str, start: str, placed: tuple[tuple[str, Square], ...], cards: tuple[str, ...]
) -> None:
    board = start_board(False, start, scoring=scoring)
    for text, at in placed:
        board.place(C(text), at)
    hand = [C(text) for text in cards]
    expected = first_best(board, hand)
    assert board.best_placement(hand) == expected  # gains counted now
    assert board.best_placement(hand) == expected  # gains remembered


# --- stacked trees: an orchard grown far up and to the left ----------------------------------
GROWING = ("APL/LAA", "PPA/LAL", "AAL/PPA")  # cards laid each at the furthest up-left spot


def up_left_orchard(cards: int) -> st.Board:
    """``cards`` cards, each laid with no token where its top-left tree lies furthest up and to
    the left: the orchard grows past the grid's padding, so the grid is laid out again."""
    board = st.Board(start=st.Card.from_text("AAA/AAA"))
    for i in range(cards):
        card = st.Card.from_text(GROWING[i % len(GROWING)])
        free = [p for p in board.placements(card) if not p.tokens]
        best = min(free, key=lambda p: (p.at[0] + p.at[1], p.at, p.rotation))
        board.place(card, best.at, best.rotation)
    return board


@pytest.mark.parametrize("cards", [5, 8])
def test_st3_st4_a_grid_laid_out_again_offers_what_can_place_accepts(cards: int) -> None:
    """The placements offered (bit masks over the padded grid) are exactly those
    ``can_place`` accepts cell by cell, at the tokens ``tokens_needed`` names (so a tree
    covered by another fruit counts as that fruit); rotten spots are only where a token
    lies (ST-3, ST-4)."""
    board = up_left_orchard(cards)
    rmin, rmax, cmin, cmax = board.bounds()
    assert rmin <= -8 and cmin <= -6, "the orchard did not grow past the padding"
    tokens = {cell for cell in board.trees() if board.is_rotten(*cell)}
    assert {board.spot_cell(s) for s in bits(board.rotten_spots)} == tokens
    for text in ("AAA/AAA", "LLP/PLA"):
        card = st.Card.from_text(text)
        offered = {(p.at, p.rotation): p.tokens for p in board.placements(card)}
        accepted = {
            ((r, c), turn): board.tokens_needed(card, (r, c), turn)
            for r in range(rmin - 3, rmax + 2)
            for c in range(cmin - 3, cmax + 2)
            for turn in st.ROTATIONS
            if any(board.can_place(card, (r, c), turn, rotten) for rotten in (False, True))
        }
        assert offered == accepted, text
    trees, dice = board.trees(), board.dice()
    for r in range(rmin - 3, rmax + 4):  # far cells never alias a tree of another row
        for c in range(cmin - 40, cmax + 41):
            assert board.top(r, c) == trees.get((r, c)), (r, c)
            assert board.die(r, c) == dice.get((r, c)), (r, c)
            assert board.is_rotten(r, c) == ((r, c) in tokens), (r, c)
    card = st.Card.from_text("AAA/AAA")
    flat = next(p for p in board.placements(card) if not p.tokens and p.rotation == 0)
    assert board.can_place(card, flat.at)  # unturned unless told


def test_st2_the_start_card_is_the_first_placement_at_the_origin_unturned() -> None:
    board = up_left_orchard(2)
    start = st.Card.from_text("AAA/AAA")
    assert board.history[0] == (start, (0, 0), 0, 0)
    assert board.cards()[0] == start and len(board.history) == 3


def test_st3_st5_a_placement_costing_one_token_is_refused_in_the_singular() -> None:
    board = up_left_orchard(3)
    card = st.Card.from_text("LLP/PLA")
    one = next(p for p in board.placements(card) if p.tokens == 1)
    two = next(p for p in board.placements(card) if p.tokens == 2)
    for placement, words in (
        (one, "1 tree would lie on a different fruit, so this costs 1 rotten token: play it "
              "with rotten=True to spend it."),
        (two, "2 trees would lie on a different fruit, so this costs 2 rotten tokens: play it "
              "with rotten=True to spend them."),
    ):  # fmt: skip
        with pytest.raises(IllegalMove) as refusal:
            board.place(card, placement.at, placement.rotation)
        assert str(refusal.value).endswith(words)
