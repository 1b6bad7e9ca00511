"""The class scores figure shows every verified pupil as a dot and marks the best line."""

from __future__ import annotations

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab.classroom import class_results, result_code
from orchard_lab.figures import class_scores
from tests.test_classroom import played


def test_one_dot_per_pupil_stacked_by_score_and_the_best_line_marked() -> None:
    table = played(st, 3, seed=4, play=1)  # scores 5, 1, 5: two dots stack
    duo = played(ab, 2, seed=1)
    paste = "\n".join(
        [
            f"Ana: {result_code(table, player=0, seed=4)}",
            f"Ben: {result_code(table, player=1, seed=4)}",
            f"Cai: {result_code(table, player=2, seed=4)}",
            f"Dev: {result_code(duo, player=0, seed=1)}",
            f"Eve: {result_code(duo, player=1, seed=1)}",
        ]
    )
    groups = class_results(paste).groups
    fig = class_scores(groups, title="Our class")
    roles = [(trace.meta["role"], trace.meta["group"]) for trace in fig.data]
    assert roles == [("scores", 1), ("best", 1), ("scores", 2)]
    ours = fig.data[0]
    assert sorted(ours.x) == sorted(table.scores())
    for score in set(ours.x):  # pupils with the same score stack upwards: 1, 2, ...
        heights = [y for x, y in zip(ours.x, ours.y, strict=True) if x == score]
        assert heights == list(range(1, len(heights) + 1))
    assert max(ours.y) == 2
    assert sorted(ours.customdata) == ["Ana", "Ben", "Cai"]
    best = fig.data[1]
    assert groups[0].best is not None
    assert list(best.x) == [groups[0].best.score] * 2
    assert f"best line {groups[0].best.score}" in list(best.text)
    assert sorted(fig.data[2].x) == sorted(duo.scores())
    titles = [annotation.text for annotation in fig.layout.annotations]
    assert titles[:2] == [
        f"1. stacked trees, deal {st.deal_code(table.order)}",
        "2. apple batches, seed 1",
    ]
    assert fig.layout.width is None and fig.layout.autosize  # takes the output's width


def test_an_empty_class_and_wrong_arguments() -> None:
    fig = class_scores([])
    assert fig.data == () and "No verified results" in fig.layout.annotations[0].text
    with pytest.raises(TypeError, match="sequence of Group"):
        class_scores("groups")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hold Group"):
        class_scores([1])  # type: ignore[list-item]
