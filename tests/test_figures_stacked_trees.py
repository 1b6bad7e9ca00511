"""The stacked trees plotly builders carry the engine's numbers (ST-4, ST-6) and words."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from orchard_lab import stacked_trees as st
from orchard_lab.figures import (
    dice_ladder,
    orchard_stacks,
    policy_scores,
    stack_heights,
    supply_through_game,
)
from orchard_lab.figures.stacked_trees import FRUIT_COLOURS
from orchard_lab.sequences import triangular
from orchard_lab.stacked_trees.policies import greedy_turn, play_table


def greedy_board(seed: int = 0) -> st.Board:
    """The orchard greedy play builds on deal ``seed``."""
    return play_table(st.Game.new(seed=seed).order, st.Rules(), greedy_turn)[0]


def test_stack_heights_count_the_cards_under_each_visible_tree() -> None:
    board = st.Board(start=st.Card.from_text("APL/LAP"))
    board.place(st.Card.from_text("APL/LAP"), at=(0, 0))
    board.place(st.Card.from_text("LAP/APL"), at=(1, 0))
    heights = stack_heights(board)
    assert heights[(0, 0)] == 1 and heights[(1, 0)] == 2 and heights[(2, 2)] == 0
    assert list(heights) == list(board.trees())
    with pytest.raises(TypeError, match="stacked_trees Board"):
        stack_heights("APL/LAP")  # type: ignore[arg-type]


def test_orchard_shows_every_visible_tree_with_its_die_and_stack() -> None:
    board = greedy_board()
    fig = orchard_stacks(board, title="Deal 0", height=400)
    (trees,) = fig.data
    assert trees.meta["role"] == "trees"
    assert len(trees.x) == len(board.trees())
    heights = stack_heights(board)
    for x, y, text, (fruit, die, under) in zip(
        trees.x, trees.y, trees.text, trees.customdata, strict=True
    ):
        assert board.top(y, x) == fruit and board.die(y, x) == die and heights[(y, x)] == under
        assert text.startswith(fruit)
        if board.is_rotten(y, x):
            assert "✗" in text
        elif die is not None:
            assert text.startswith(f"{fruit} {die}")
    assert list(trees.marker.color) == [FRUIT_COLOURS[f] for f in board.trees().values()]
    assert len(fig.layout.shapes) == len(board.history)  # one outline per card
    assert fig.layout.shapes[-1].line.width > fig.layout.shapes[0].line.width  # the last card
    assert (fig.layout.title.text, fig.layout.height, fig.layout.width) == ("Deal 0", 400, None)
    assert fig.layout.autosize


def test_the_dice_ladder_is_the_triangular_numbers_by_default_ST_4() -> None:
    fig = dice_ladder()
    ladders = [t for t in fig.data if t.meta["role"] == "ladder"]
    assert [tuple(t.y) for t in ladders] == [ladder for _, ladder in st.LADDERS]
    assert tuple(ladders[0].y) == st.Rules().ladder
    (rings,) = [t for t in fig.data if t.meta["role"] == "triangular"]
    assert list(rings.y) == [triangular(n) for n in range(1, 5)] == list(st.Rules().ladder)
    with pytest.raises(ValueError, match="ladder must climb"):
        dice_ladder({"down": (3, 2)})
    with pytest.raises(ValueError, match="at least one"):
        dice_ladder({})


def test_supply_follows_dice_left() -> None:
    order = list(st.Game.new(seed=1).order)
    board = st.Board(order[0])
    supplies = [board.dice_left]
    board.place(*_first_free(board, order[1]))
    supplies.append(board.dice_left)
    fig = supply_through_game(supplies, width=500)
    assert {t.meta["fruit"]: list(t.y) for t in fig.data} == {
        f: [s[f] for s in supplies] for f in st.FRUITS
    }
    assert [t.name for t in fig.data] == ["A apple", "P pear", "L plum"]  # letters, not only colour
    assert len({t.marker.symbol for t in fig.data}) == 3  # and a shape of its own
    with pytest.raises(TypeError, match="dice_left"):
        supply_through_game([])


def _first_free(board: st.Board, card: st.Card) -> tuple[st.Card, tuple[int, int], int]:
    place = next(p for p in board.placements(card) if p.tokens == 0)
    return card, place.at, place.rotation


def test_policy_scores_shade_every_rating_band_ST_6() -> None:
    fig = policy_scores({"random": [3, 5], "greedy": [41, 45], "best line": [57]}, height=350)
    assert isinstance(fig, go.Figure)
    means = {t.meta["policy"]: t.x[0] for t in fig.data if t.meta["role"] == "mean"}
    assert means == {"random": 4.0, "greedy": 43.0, "best line": 57.0}
    named = [a.text for a in fig.layout.annotations]
    assert named == ["Pal-tree", *(name for _, name in reversed(st.RATINGS))]
    assert len(fig.layout.shapes) == len(named)
    with pytest.raises(TypeError, match="policy"):
        policy_scores({})


def test_deal_comparison_puts_you_last_as_a_star() -> None:
    from orchard_lab.figures import deal_comparison

    figure = deal_comparison({"greedy": 30, "best line": 50}, you=41, title="t", height=230)
    trace = figure.data[0]
    assert list(trace.y) == ["greedy", "best line", "you"] and list(trace.x) == [30, 50, 41]
    assert list(trace.marker.symbol)[-1] == "star" and trace.meta["role"] == "scores"
    assert figure.layout.height == 230 and figure.layout.autosize
    assert figure.layout.xaxis.range[1] >= 50
