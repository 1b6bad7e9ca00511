"""Every figure builder takes the shared keywords (``layout.Look``) and refuses a misspelt one."""

from __future__ import annotations

import inspect
import typing

import plotly.graph_objects as go
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import figures
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import Score

_ORCHARD = wd.Board(start=wd.Card.from_text("2C/1C"))
EXAMPLES: dict[str, tuple[object, ...]] = {  # each builder: positional arguments it can draw
    "batch_growth": (),
    "score_breakdown": (Score({"bad": -1}),),
    "next_card_values": (ab.Board(),),
    "class_scores": ([],),
    "score_histograms": ({"A": [3, 4]},),
    "sequence_values": ("square", 4),
    "sequence_differences": ("square", 4),
    "figurate_dots": ("pronic", 3),
    "orchard_stacks": (st.Board(start=st.Card.from_text("APL/LAP")),),
    "dice_ladder": (),
    "supply_through_game": ([{"A": 5, "P": 5, "L": 5}],),
    "policy_scores": ({"greedy": [40, 44]},),
    "deal_comparison": ({"greedy": 36}, 40),
    "group_map": (_ORCHARD,),
    "fruit_breakdown": (_ORCHARD.score(),),
    "group_fates": (_ORCHARD.groups(),),
    "polyomino_shapes": ([{(0, 0), (0, 1)}],),
}


def _builders() -> list[str]:
    """The public names of ``orchard_lab.figures`` that are functions returning a figure."""
    return sorted(
        name
        for name in figures.__all__
        if inspect.isfunction(builder := getattr(figures, name))
        and typing.get_type_hints(builder).get("return") is go.Figure
    )


def test_every_builder_has_an_example() -> None:
    assert _builders() == sorted(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_builder_refuses_a_misspelt_keyword_by_name(name: str) -> None:
    builder = getattr(figures, name)
    refusal = rf"^{name}\(\) got an unexpected keyword argument 'titel'$"  # as Python says it
    with pytest.raises(TypeError, match=refusal):
        builder(*EXAMPLES[name], titel="Points")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_builder_takes_title_template_width_and_height(name: str) -> None:
    builder = getattr(figures, name)
    fig = builder(*EXAMPLES[name], title="Points", template="simple_white", width=400, height=300)
    assert fig.layout.title.text == "Points"
    assert fig.layout.template.layout.plot_bgcolor == "white"
    assert (fig.layout.width, fig.layout.height, fig.layout.autosize) == (400, 300, False)
