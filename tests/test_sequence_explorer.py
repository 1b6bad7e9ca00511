"""The SequenceExplorer driven from Python, as a learner drives it in the browser."""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go
import pytest

from orchard_lab import sequences as seq
from orchard_lab.widgets import SequenceExplorer


@pytest.fixture
def explorer() -> SequenceExplorer:
    return SequenceExplorer(n=6, shown=["triangular", "pronic"], dots="triangular")


def _trace(explorer: SequenceExplorer, name: str, role: str) -> go.Scatter:
    (trace,) = [
        t for t in explorer.values_figure.data if t.meta == {"sequence": name, "role": role}
    ]
    return trace


def test_it_starts_with_the_issue_sentence_table_and_pictures(explorer) -> None:
    assert explorer.sentence.value == (
        "The 6th apple in the monochrome batch adds 6 points; in the feather batch it adds 10."
    )
    assert explorer.shown == ("triangular", "pronic") and explorer.n == 6
    assert 'data-sequence="triangular"' in explorer.table.value
    assert 'data-sequence="square"' not in explorer.table.value
    assert explorer.dots_words.value == "T(6) = 21 dots: rows of 1, 2, …, 6"
    assert explorer.message.value == ""
    assert isinstance(explorer.values_figure, go.FigureWidget)


def test_it_displays_as_one_widget_tree_with_css_classes(explorer) -> None:
    bundle = explorer._repr_mimebundle_()
    assert (
        bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.widget.model_id
    )
    assert "orchard-sequence-explorer" in explorer.widget._dom_classes
    assert "orchard-n-slider" in explorer.slider._dom_classes
    assert "orchard-values-plot" in explorer.values_figure._dom_classes
    assert "orchard-toggle-pronic" in explorer.toggles["pronic"]._dom_classes


def test_moving_the_slider_moves_the_rings_the_dots_and_the_words(explorer) -> None:
    figure_before = explorer.values_figure
    explorer.slider.value = 9  # exactly what a browser drag does
    assert explorer.values_figure is figure_before  # updated in place, not recreated
    assert (
        list(_trace(explorer, "pronic", "highlight").x),
        list(_trace(explorer, "pronic", "highlight").y),
    ) == ([9], [72])
    assert list(_trace(explorer, "triangular", "highlight").y) == [45]
    assert explorer.values_figure.layout.shapes[0].x0 == 9
    assert len(explorer.dots_figure.data[0].x) == 45
    assert explorer.dots_words.value.startswith("T(9) = 45 dots")
    assert explorer.sentence.value.startswith("The 9th apple in the monochrome batch adds 9 points")
    assert (
        'class="orchard-current" style="background:#fff3b0;font-weight:bold">45<'
        in explorer.table.value
    )
    assert "the 9th adds" in explorer.table.value


def test_set_n_is_the_slider(explorer) -> None:
    explorer.set_n(3)
    assert explorer.slider.value == 3 and list(_trace(explorer, "square", "highlight").y) == [9]
    assert "The 3rd apple" in explorer.sentence.value


def test_toggles_show_and_hide_lines_rings_table_rows_and_clauses(explorer) -> None:
    assert _trace(explorer, "square", "values").visible is False
    explorer.toggle("square", True)
    assert _trace(explorer, "square", "values").visible is True
    assert _trace(explorer, "square", "highlight").visible is True
    assert 'data-sequence="square"' in explorer.table.value
    assert "the unlucky 13 batch it brings all 36 at once" in explorer.sentence.value
    explorer.toggles["triangular"].value = False  # a click in the browser
    assert _trace(explorer, "triangular", "values").visible is False
    assert explorer.sentence.value.startswith("The 6th apple in the feather batch adds 10 points")
    explorer.toggle("pronic")  # flips
    assert explorer.shown == ("square",)


def test_zero_sequences_gives_a_friendly_message_and_no_crash(explorer) -> None:
    explorer.toggle("triangular", False)
    explorer.toggle("pronic", False)
    assert explorer.shown == ()
    assert "Switch on at least one sequence" in explorer.message.value
    assert explorer.sentence.value == "" and explorer.table.value == ""
    assert not any(t.visible for t in explorer.values_figure.data)
    explorer.set_n(2)  # still works
    assert len(explorer.dots_figure.data[0].x) == 3
    explorer.toggle("odd_prime", True)
    assert explorer.message.value == ""
    assert explorer.sentence.value == "The 2nd apple in the steady height batch adds 2 points."


def test_choosing_the_dots(explorer) -> None:
    explorer.show_dots("odd_prime")
    assert list(explorer.dots_figure.data[0].y) == [0] * 17
    assert explorer.dots_figure.data[0].marker.color == "#CC79A7"
    explorer.dots_choice.value = "pronic"
    explorer.set_n(1)
    assert list(explorer.dots_figure.data[0].x) == []
    assert explorer.dots_words.value == "P(1) = 0 dots: nothing to draw"


def test_bad_values_cannot_be_entered(explorer) -> None:
    explorer.slider.value = 99  # the slider clamps what the browser sends
    assert explorer.n == 12
    explorer.slider.value = -4
    assert explorer.n == 1
    assert explorer.slider.min == 1 and explorer.slider.max == seq.CARDS_PER_BATCH
    assert isinstance(explorer.dots_choice, w.Dropdown)
    assert [value for _, value in explorer.dots_choice.options] == list(seq.NAMES)
    assert explorer.message.value == ""


@pytest.mark.parametrize(
    ("call", "error", "argument"),
    [
        (lambda e: e.set_n(13), ValueError, "n"),
        (lambda e: e.set_n(0), ValueError, "n"),
        (lambda e: e.set_n(2.5), TypeError, "n"),
        (lambda e: e.set_n(True), TypeError, "n"),
        (lambda e: e.toggle("cubes"), ValueError, "name"),
        (lambda e: e.toggle("square", "yes"), TypeError, "on"),
        (lambda e: e.show_dots(["square"]), TypeError, "name"),
    ],
)
def test_bad_method_arguments_change_nothing(explorer, call, error, argument) -> None:
    before = (explorer.n, explorer.shown, explorer.dots, explorer.sentence.value)
    with pytest.raises(error, match=rf"^{argument} must"):
        call(explorer)
    assert (explorer.n, explorer.shown, explorer.dots, explorer.sentence.value) == before


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [({"n": 0}, "n"), ({"shown": ["cube"]}, "shown"), ({"dots": "cube"}, "dots")],
)
def test_bad_constructor_arguments_name_themselves(kwargs, argument) -> None:
    with pytest.raises(ValueError, match=rf"^{argument} must"):
        SequenceExplorer(**kwargs)


def test_a_failing_callback_shows_the_reason_not_a_traceback(explorer, monkeypatch) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("the dots went missing")

    monkeypatch.setattr("orchard_lab.widgets.sequence_explorer.figurate_dots", broken)
    explorer.set_n(7)
    assert "the dots went missing" in explorer.message.value
    assert explorer.n == 7
    monkeypatch.undo()
    explorer.show_dots("square")
    assert explorer.message.value == "" and len(explorer.dots_figure.data[0].x) == 49


def _saved_visibility(explorer: SequenceExplorer) -> dict[str, bool]:
    """What a page that loads the widget later (Voilà, a reload) is told to draw."""
    saved = explorer.values_figure.get_state("_widget_data")["_widget_data"]
    return {
        trace["meta"]["sequence"]: trace.get("visible", True)
        for trace in saved
        if trace["meta"]["role"] == "values"
    }


def test_a_page_loaded_later_draws_only_the_lines_switched_on(explorer) -> None:
    # Issue 13: app mode drew all four lines while two were switched on.
    assert _saved_visibility(explorer) == {
        "triangular": True, "pronic": True, "square": False, "odd_prime": False,
    }  # fmt: skip
    explorer.toggle("square", True)
    explorer.set_n(9)
    assert _saved_visibility(explorer)["square"] is True
    saved = explorer.values_figure.get_state("_widget_data")["_widget_data"]
    rings = [t for t in saved if t["meta"]["role"] == "highlight"]
    assert all(list(t["x"]) == [9] for t in rings)


def test_no_code_names_in_the_words(explorer) -> None:
    explorer.toggle("odd_prime", True)
    explorer.show_dots("odd_prime")
    explorer.set_n(4)
    assert explorer.dots_words.value.startswith("the 4th odd prime = 11 dots")
    assert "odd_prime(" not in explorer.table.value
    assert "the 4th odd prime" in explorer.table.value
