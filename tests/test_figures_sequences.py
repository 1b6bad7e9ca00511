"""The plotly builders of the scoring sequences carry the right numbers, colours and words."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from orchard_lab import sequences as seq
from orchard_lab.figures import (
    SEQUENCE_COLOURS,
    figurate_dots,
    highlight_point,
    plain_symbols,
    sequence_differences,
    sequence_values,
)


def _by_role(fig: go.Figure, role: str) -> dict[str, go.Scatter | go.Bar]:
    return {t.meta["sequence"]: t for t in fig.data if t.meta["role"] == role}


def test_values_figure_has_a_line_per_sequence_with_its_values() -> None:
    fig = sequence_values(seq.NAMES, 12)
    assert isinstance(fig, go.Figure)
    lines = _by_role(fig, "values")
    assert list(lines) == list(seq.NAMES) and len(fig.data) == 4
    for name, trace in lines.items():
        assert list(trace.x) == list(range(1, 13))
        assert list(trace.y) == seq.first(name, 12)
        assert trace.line.color == SEQUENCE_COLOURS[name]
    assert fig.layout.shapes == ()


def test_values_figure_rings_the_nth_value_and_marks_n() -> None:
    fig = sequence_values(["pronic", "odd_prime"], 12, highlight=6)
    rings = _by_role(fig, "highlight")
    assert {name: (list(t.x), list(t.y)) for name, t in rings.items()} == {
        "pronic": ([6], [30]),
        "odd_prime": ([6], [17]),
    }
    assert rings["pronic"].marker.color == SEQUENCE_COLOURS["pronic"]
    assert fig.layout.shapes[0].x0 == fig.layout.shapes[0].x1 == 6
    assert highlight_point("odd_prime", 6) == {"x": [6], "y": [17]}


def test_values_figure_takes_the_shared_keywords() -> None:
    fig = sequence_values(
        "square", 5, title="Squares", template="simple_white", width=400, height=300
    )
    assert fig.layout.title.text == "Squares"
    assert (fig.layout.width, fig.layout.height) == (400, 300)
    assert fig.layout.template.layout.plot_bgcolor == "white"


def test_differences_figure_has_what_each_card_adds() -> None:
    fig = sequence_differences(["triangular", "pronic", "square"], 5, highlight=2, height=250)
    bars = _by_role(fig, "differences")
    assert list(bars["triangular"].y) == [1, 2, 3, 4, 5]
    assert list(bars["pronic"].y) == [0, 2, 4, 6, 8]
    assert list(bars["square"].y) == [1, 3, 5, 7, 9]
    assert list(bars["square"].marker.opacity) == [0.35, 1.0, 0.35, 0.35, 0.35]
    assert fig.layout.barmode == "group" and fig.layout.height == 250


@pytest.mark.parametrize("name", seq.NAMES)
def test_dots_figure_draws_each_dot_once_in_the_sequence_colour(name: str) -> None:
    fig = figurate_dots(name, 5)
    (trace,) = fig.data
    drawn = sorted(zip(trace.x, trace.y, strict=True))
    assert drawn == sorted((col, -row) for row, col in seq.dots(name, 5))
    assert trace.marker.color == SEQUENCE_COLOURS[name]
    assert fig.layout.title.text == plain_symbols(seq.describe_dots(name, 5))
    assert "_" not in fig.layout.title.text  # no code name in a title
    assert fig.layout.yaxis.scaleanchor == "x"


def test_no_code_names_in_titles_or_hovers() -> None:
    fig = sequence_values(seq.NAMES, 12, highlight=4)
    assert all("_" not in t.hovertemplate.replace("<extra></extra>", "") for t in fig.data)
    assert figurate_dots("odd_prime", 4).layout.title.text.startswith("the 4th odd prime = 11")


def test_figures_take_their_container_width_unless_given_one() -> None:
    for fig in (sequence_values("square", 4), figurate_dots("square", 3)):
        assert fig.layout.width is None and fig.layout.autosize is True


def test_dots_figure_of_zero_is_empty_and_titled() -> None:
    fig = figurate_dots("pronic", 1, title="nothing", width=200)
    assert list(fig.data[0].x) == [] and fig.layout.title.text == "nothing"
    assert fig.layout.width == 200


@pytest.mark.parametrize(
    ("call", "error", "argument"),
    [
        (lambda: sequence_values(["cubes"], 5), ValueError, "names"),
        (lambda: sequence_values("square", -1), ValueError, "count"),
        (lambda: sequence_values("square", 5, highlight=6), ValueError, "highlight"),
        (lambda: sequence_differences(7, 5), TypeError, "names"),
        (lambda: sequence_differences("square", 5, highlight=0), ValueError, "highlight"),
        (lambda: figurate_dots("square", -1), ValueError, "n"),
        (lambda: figurate_dots("odd", 3), ValueError, "name"),
    ],
)
def test_bad_arguments_name_themselves(call, error, argument) -> None:
    with pytest.raises(error, match=rf"^{argument} must"):
        call()
