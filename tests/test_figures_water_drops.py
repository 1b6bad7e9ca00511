"""The water drops plotly builders carry the engine's groups, reasons and points (WD-4)."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from orchard_lab import water_drops as wd
from orchard_lab.figures import (
    fruit_breakdown,
    group_fate,
    group_fates,
    group_map,
    polyomino_shapes,
)
from orchard_lab.figures.water_drops import FRUIT_COLOURS
from orchard_lab.lessons.water_drops import SMALL_ORCHARD, free_shapes, random_orchard


def traces(fig: go.Figure, role: str) -> list:
    return [trace for trace in fig.data if trace.meta["role"] == role]


def segments(trace: go.Scatter) -> int:
    return list(trace.x).count(None)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_group_map_has_one_fill_and_one_outline_per_group_WD_4(seed: int) -> None:
    board = random_orchard(10, seed)
    groups = board.groups()
    fig = group_map(board)
    fills, outlines = traces(fig, "group"), traces(fig, "outline")
    assert [t.meta["reason"] for t in fills] == [g.reason for g in groups]
    assert [t.text for t in fills] == [g.reason for g in groups]  # the hover
    assert [t.meta["points"] for t in fills] == [g.points for g in groups]
    assert sum(segments(t) for t in fills) == sum(g.size for g in groups)  # a square per cell
    for group, fill, outline in zip(groups, fills, outlines, strict=True):
        assert fill.fillcolor == FRUIT_COLOURS[group.fruit]
        assert outline.meta["scores"] == group.scores
        assert outline.line.dash == ("solid" if group.scores else "dash")
        assert (fill.fillpattern.shape is None) == group.scores  # hatched when not scoring


def test_group_map_letters_drops_and_cards() -> None:
    board = SMALL_ORCHARD
    fig = group_map(board)
    (letters,) = traces(fig, "letter")
    (values,) = traces(fig, "drop_value")
    (cards,) = traces(fig, "cards")
    for x, y, text in zip(letters.x, letters.y, letters.text, strict=True):
        assert board.cell(y, x) == text  # the letter of the fruit in that cell
    drops = [(r, c) for r in range(4) for c in range(4) if board.cell(r, c) in wd.DROPS]
    assert sorted(zip(values.y, values.x, strict=True)) == drops
    assert "a 3-drop" in values.hovertext
    assert segments(cards) == len(board.squares)
    assert set(letters.hovertext) <= {g.reason for g in board.groups()}


def test_outline_goes_round_the_group_only() -> None:
    board = wd.Board(start=wd.Card.from_text("2C/1C"))  # two cherries, one above the other
    (outline,) = traces(group_map(board), "outline")
    assert segments(outline) == 6  # a 1 × 2 domino has 6 sides of unit length


def test_group_map_takes_its_containers_width_and_the_keywords() -> None:
    fig = group_map(SMALL_ORCHARD)
    assert fig.layout.width is None and fig.layout.autosize
    assert fig.layout.yaxis.autorange == "reversed" and fig.layout.yaxis.scaleanchor == "x"
    fig = group_map(SMALL_ORCHARD, title="Map", template="simple_white", width=400, height=300)
    assert (fig.layout.title.text, fig.layout.width, fig.layout.height) == ("Map", 400, 300)
    with pytest.raises(TypeError, match="water_drops Board"):
        group_map("BC/3M")  # type: ignore[arg-type]


def test_fruit_breakdown_has_a_bar_per_fruit_with_its_notes() -> None:
    score = SMALL_ORCHARD.score()
    (bars,) = fruit_breakdown(score, height=250).data
    assert list(bars.y) == [wd.FRUIT_NAMES[f][0] for f in wd.FRUITS]
    assert list(bars.x) == [score.parts[name] for name in bars.y]
    assert list(bars.marker.color) == [FRUIT_COLOURS[f] for f in wd.FRUITS]
    assert "3 bananas touch a 3-drop: scores 3" in bars.customdata[0]
    assert bars.meta["role"] == "breakdown"


def test_group_fates_count_every_group_once() -> None:
    groups = [g for seed in range(30) for g in random_orchard(8, seed).groups()]
    fig = group_fates(groups)
    assert [t.meta["fate"] for t in fig.data] == ["scores", "overwatered", "other"]
    assert sum(sum(t.y) for t in fig.data) == len(groups)
    scoring = dict(zip(fig.data[0].x, fig.data[0].y, strict=True))
    assert all(scoring.get(size, 0) == 0 for size in range(6, 20))  # no drop above 5 (WD-6)
    shares = group_fates(groups, share=True)
    for size_index in range(len(shares.data[0].x)):
        assert sum(t.y[size_index] for t in shares.data) == pytest.approx(100, abs=0.2)


def test_group_fate_follows_the_reason() -> None:
    for seed in range(10):
        for group in random_orchard(8, seed).groups():
            fate = group_fate(group)
            assert (fate == "scores") == group.scores
            assert (fate == "overwatered") == group.reason.endswith("overwatered")


def test_polyomino_shapes_draws_each_shape_with_its_label() -> None:
    shapes = sorted(free_shapes(4), key=sorted)
    fig = polyomino_shapes(shapes, [f"T{i}" for i in range(5)], columns=3, height=200)
    drawn = traces(fig, "shape")
    assert [t.meta["size"] for t in drawn] == [4] * 5
    assert [segments(t) for t in drawn] == [4] * 5
    (labels,) = traces(fig, "label")
    assert list(labels.text) == [f"T{i}" for i in range(5)]
    with pytest.raises(ValueError, match="one label per shape"):
        polyomino_shapes(shapes, ["only one"])
    with pytest.raises(ValueError, match="columns"):
        polyomino_shapes(shapes, columns=0)
