"""The apple batches plotly builders carry the engine's numbers (AB-4..AB-6) and words."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pytest
from hypothesis import given
from hypothesis import strategies as hst

from orchard_lab import apple_batches as ab
from orchard_lab import sequences as seq
from orchard_lab.core import Score
from orchard_lab.figures import (
    BATCH_COLOURS,
    SEQUENCE_COLOURS,
    batch_growth,
    best_batch_points,
    next_card_values,
    score_breakdown,
    score_histograms,
)
from orchard_lab.figures.runs import score_percentiles


def _growth(fig: go.Figure) -> dict[str, tuple[list, list]]:
    return {t.meta["batch"]: (list(t.x), list(t.y)) for t in fig.data}


def test_growth_has_all_eight_batches_with_their_sequences_AB_4() -> None:
    lines = _growth(batch_growth())
    assert list(lines) == list(ab.BATCHES)
    for batch, name in seq.BATCH_SEQUENCE.items():
        start = 3 if batch == "unlucky" else 1  # 13 needs three apples: 5 + 5 + 3
        assert lines[batch][1][start:] == seq.first(name, 12)[start - 1 :], batch
    assert lines["unlucky"][1][:4] == [0, 0, 0, 9]
    assert lines["fortepiano"][1][-1] == 48 and lines["sweet_couple"][1][-1] == 42
    assert lines["special"] == ([0, 1], [0, 20])  # one tree only (AB-6)
    assert lines["bad"][1][-1] == -12


def test_growth_follows_easy_mode_and_sequence_colours() -> None:
    fig = batch_growth(5, rules=ab.Rules(easy=True), title="Growth", width=500, height=300)
    assert _growth(fig)["bad"][1] == [0] * 6
    colours = {t.meta["batch"]: t.line.color for t in fig.data}
    assert colours["monochrome"] == SEQUENCE_COLOURS["triangular"] == BATCH_COLOURS["monochrome"]
    assert (fig.layout.title.text, fig.layout.width, fig.layout.height) == ("Growth", 500, 300)


def test_best_points_refuses_unknown_batches_and_sizes() -> None:
    with pytest.raises(ValueError, match="batch"):
        best_batch_points("orchard", 3)
    with pytest.raises(ValueError, match="n must be between 0 and 12"):
        best_batch_points("steady", 13)


def test_breakdown_has_a_bar_per_part_with_its_note() -> None:
    board = ab.Board()
    for sweetness in (5, 5, 3):
        board.place(ab.Card("red", 1, sweetness), "unlucky")
    score = board.score()
    bars = score_breakdown(score, height=250).data[0]
    assert list(bars.y) == [ab.BATCH_NAMES[b] for b in ab.BATCHES]  # names, never ids
    assert list(bars.x) == [score.parts[b] for b in ab.BATCHES]
    assert dict(zip(bars.y, bars.x, strict=True))["unlucky 13 batch"] == 9
    assert "5+5+3 = 13" in dict(zip(bars.y, bars.customdata, strict=True))["unlucky 13 batch"]
    assert bars.orientation == "h" and "sweet_couple" not in bars.y
    with pytest.raises(TypeError, match=r"core\.Score"):
        score_breakdown({"a": 1})


def test_breakdown_takes_any_score_parts() -> None:
    bars = score_breakdown(Score({"dice": 12, "rotten": -3})).data[0]
    assert list(bars.x) == [12, -3] and list(bars.text) == ["12", "-3"]
    assert list(bars.y) == ["dice", "rotten"]


def test_next_card_values_for_a_card_count_the_special_loss_AB_6() -> None:
    board = ab.Board()
    board.place(ab.Card("red", 2, 2), "special")
    board.place(ab.Card("gold", 2, 2), "steady")
    bars = next_card_values(board, ab.Card("red", 5, 4)).data[0]
    gains = dict(zip(bars.y, bars.text, strict=True))
    assert gains["monochrome batch"] == "-19"  # +1 for the apple, -20 for the broken tree
    assert gains["special tree"] == gains["steady height batch"] == "✗ not allowed"
    assert gains["bad batch"] == "-1"
    assert bars.marker.opacity[ab.BATCHES.index("steady")] < 1


def test_next_card_values_without_a_card_show_the_best_apple() -> None:
    board = ab.Board()
    for card in (ab.Card("red", 3, 1), ab.Card("gold", 3, 2)):
        board.place(card, "feather")  # locked to height 3 (AB-5)
    bars = next_card_values(board).data[0]
    best = dict(zip(bars.y, bars.x, strict=True))
    expected = {ab.BATCH_NAMES[b]: max(board.gain(c, b) for c in ab.default_deck()
                                       if board.can_place(c, b))
                for b in ab.BATCHES}  # fmt: skip
    assert best == expected
    assert best["special tree"] == 20 and best["steady height batch"] == 3


def test_sideways_charts_take_the_containers_width() -> None:
    for fig in (next_card_values(ab.Board()), score_breakdown(ab.Board().score())):
        assert fig.layout.width is None and fig.layout.autosize
        assert fig.layout.margin.r >= 90  # room for "✗ not allowed" outside a bar
        low, high = fig.layout.xaxis.autorangeoptions.include
        assert high == 5 and low <= min(0, *fig.data[0].x)  # no 0.5 points
    assert list(score_breakdown(ab.Board().score()).layout.xaxis.autorangeoptions.include) == [
        0,
        5,
    ]
    growth = batch_growth()
    assert growth.layout.width is None and growth.layout.legend.yanchor == "top"
    assert growth.layout.xaxis.title.text == "n = apples in the batch"


def test_histograms_count_every_score_and_mark_means_and_percentiles() -> None:
    a = np.array([[3, 5], [4, 4]])  # a simulate table: every player counts
    b = [10, 12, 12, 13]
    fig = score_histograms({"A": a, "B": b}, percentiles=(10, 50, 90))
    roles = [(t.meta["run"], t.meta["role"]) for t in fig.data]
    assert roles == [(r, role) for r in (0, 1) for role in ("histogram", "mean", "percentile")]
    bars = fig.data[0]
    assert (list(bars.x), list(bars.y)) == ([3, 4, 5], [1, 2, 1])
    assert (list(fig.data[3].x), list(fig.data[3].y)) == ([10, 11, 12, 13], [1, 0, 2, 1])
    assert fig.data[4].x[:2] == (11.75, 11.75)  # the mean of B, a vertical line
    marked = [x for x in fig.data[5].x if x is not None][::2]
    assert marked == [10, 12, 13]  # scores B made: 1 game in 4 scored 10 or less, ...
    assert fig.layout.barmode == "overlay" and fig.data[0].name == "A"


@given(
    scores=hst.lists(hst.integers(-50, 500), min_size=1, max_size=60),
    percentile=hst.sampled_from((10, 50, 90)),
)
def test_a_marked_percentile_is_a_score_that_share_of_the_games_made_or_less(
    scores: list[int], percentile: int
) -> None:
    """The what-if's words say "90th percentile: 9 games in 10 scored this or less": the mark
    is a score some game made, at least that share scored it or less, and no lower score
    has that share (an interpolated 122.9 was no game's score)."""
    [mark] = score_percentiles(scores, [percentile])
    assert mark in scores
    assert sum(s <= mark for s in scores) >= percentile / 100 * len(scores)
    assert sum(s < mark for s in scores) < percentile / 100 * len(scores)


def test_histograms_show_no_axes_until_a_run_has_a_score() -> None:
    """Before the what-if's first Run its chart showed plotly's default axes (-1 to 6) under
    "Press Run to play the games", measuring nothing (issue 24): with no score the builder
    hides both axes (their grid, ticks and titles); with one it shows them."""
    empty = score_histograms({"A": [], "B": []}, title="Press Run to play the games")
    assert (empty.layout.xaxis.visible, empty.layout.yaxis.visible) == (False, False)
    played = score_histograms({"A": [], "B": [3, 4]})
    assert (played.layout.xaxis.visible, played.layout.yaxis.visible) == (True, True)
    assert played.layout.xaxis.title.text == "final score"


def test_histograms_accept_empty_runs_and_refuse_bad_percentiles() -> None:
    fig = score_histograms({"A": [], "B": []})
    assert [len(t.x) for t in fig.data] == [0] * 6
    with pytest.raises(ValueError, match="percentiles"):
        score_histograms({"A": [1]}, percentiles=(150,))
    with pytest.raises(TypeError, match="samples"):
        score_histograms([1, 2, 3])


def test_a_number_below_zero_sits_left_of_its_bar_with_room() -> None:
    board = ab.Board()
    fig = next_card_values(board, ab.Card("red", 1, 1))
    bars = fig.data[0]
    positions = dict(zip(bars.y, bars.textposition, strict=True))
    assert positions["bad batch"] == "outside" and positions["special tree"] == "outside"
    low, _high = fig.layout.xaxis.autorangeoptions.include
    assert low < min(bars.x) - 1


def test_a_bar_below_zero_has_its_number_clear_of_the_zero_line() -> None:
    """A reviewer found the bad batch's -1 written over the zero line, inside a bar too short
    to hold it: every number sits outside its bar, and the axis keeps room on the left of a
    bar below zero for it (a fifth of the span at least), on the board's charts too."""
    from orchard_lab.core import Score
    from orchard_lab.widgets import AppleBatchesBoard

    fig = score_breakdown(Score({"monochrome": 10, "bad": -1}))
    bars = fig.data[0]
    assert list(bars.textposition) == ["outside", "outside"]
    low, high = fig.layout.xaxis.autorangeoptions.include
    assert low <= -1 - 0.2 * (10 - -1) and high == 5
    board = AppleBatchesBoard(players=1, seed=3)
    board.select_card(0)
    board.choose_batch("bad")
    shown = board.points_figure
    assert list(shown.data[0].textposition) == ["outside"] * len(shown.data[0].x)
    low, _high = shown.layout.xaxis.autorangeoptions.include
    assert low < min(shown.data[0].x) - 1
