"""Every chart in French and Korean (issue 25): a figure built while the session speaks French
or Korean shows no English sentence of the catalogue in its titles, axis titles, legend
names, texts or hover texts, and writes numbers with the language's separators. The words a
chart quotes from the engine (a water drops group's reason, a score's note, the scoring
sequences' names) are not translated yet: they are no sentences of the catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import pytest

from orchard_lab import figures
from orchard_lab import stacked_trees as st
from orchard_lab.classroom import class_results, result_code
from orchard_lab.language import _, speaking
from tests.catalogue_english import english_left
from tests.test_figures_look import EXAMPLES

HANGUL = re.compile("[\uac00-\ud7a3]")
TEXT_KEYS = {"name", "text", "hovertext", "hovertemplate"}  # and a title's or annotation's text
PLOTLY_FIELD = re.compile(r"%\{[^}]*\}")  # %{x:.1f}: plotly fills it in the browser


def _texts(node: Any, key: str = "") -> Iterator[str]:
    """Every text of a figure's plain-data form: its traces' names, texts and hover texts,
    its titles and annotations (not ``meta``, which no one reads)."""
    if isinstance(node, dict):
        for name, value in node.items():
            if name != "meta":
                yield from _texts(value, name)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _texts(item, key)
    elif isinstance(node, str) and key in TEXT_KEYS:
        yield node


def chart_words(fig: go.Figure) -> str:
    """What ``fig`` shows and says, markup and plotly's fields taken out."""
    shown = " ".join(_texts(fig.to_plotly_json()))
    shown = PLOTLY_FIELD.sub(" ", re.sub(r"<[^>]+>", " ", shown))
    return " ".join(shown.split())


def _class_example() -> tuple[Any, ...]:
    """A class of one stacked trees result: the chart marks the deal's best line."""
    game = st.Game.new(seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return (class_results(f"Ana: {result_code(game)}").groups,)


def _examples() -> dict[str, tuple[Any, ...]]:
    return EXAMPLES | {
        "class_scores": _class_example(),
        "score_histograms": ({"A": [3, 4, 4], "B": [5, 6]},),
        "group_fates": EXAMPLES["group_fates"],
    }


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_chart_in_french_and_korean_shows_no_english_of_the_catalogue(
    name: str, lang: str
) -> None:
    builder, arguments = getattr(figures, name), _examples()[name]
    with speaking(lang):
        words = chart_words(builder(*arguments))
    english = chart_words(builder(*arguments))
    assert english_left(words) == [], f"{name} in {lang}: {words}"
    if english_left(english):  # a chart with words of the catalogue says them in the language
        assert words != english
        assert lang != "ko" or HANGUL.search(words), words


def test_the_fruits_words_have_one_home() -> None:
    """A batch, a fruit, a fruit's letter and an apple's colour read on a chart as on the
    board beside it, on the rules sheet and in a hint: one place in the code says each."""
    from orchard_lab.catalogues import marked

    contexts = {
        "an apple's colour",
        "a tree's fruit",
        "water drops: a fruit",
        *(
            f"water drops: the letter of a {fruit}"
            for fruit in ("banana", "cherry", "pear", "mango")
        ),
        "stacked trees: the letter of an apple",
        "stacked trees: the letter of a pear",
        "stacked trees: the letter of a plum",
    }
    found = [message for message in marked() if message.context in contexts]
    assert {message.context for message in found} == contexts
    for message in found:
        files = {Path(path).name for path, _line in message.locations}
        assert files == {"fruit_words.py"}, (message.context, message.id, files)
    for lang in ("en", "fr", "ko"):
        with speaking(lang):
            for batch, name in figures.BATCH_LABELS.items():  # as the board names its batches
                assert figures.words.batch_name(batch) == _(name)


def test_numbers_are_written_as_the_language_writes_them() -> None:
    with speaking("fr"):
        french = figures.policy_scores({"greedy": [40, 45]})
    english = figures.policy_scores({"greedy": [40, 45]})
    assert (french.layout.separators, english.layout.separators) == (",\u00a0", ".,")
    assert french.data[0].y[0] == "greedy · moyenne 42,5"
    assert english.data[0].y[0] == "greedy · mean 42.5"


def test_the_orchard_charts_draw_the_fruit_letters_of_the_language() -> None:
    from orchard_lab import water_drops as wd

    trees = st.Board(start=st.Card.from_text("APL/LAP"))
    drops = wd.Board(start=wd.Card.from_text("BP/2C"))
    with speaking("ko"):
        tree_marks = {text.split()[0] for text in figures.orchard_stacks(trees).data[0].text}
        drop_marks = next(
            t for t in figures.group_map(drops).data if t.meta["role"] == "letter"
        ).text
    assert tree_marks == {"사", "배", "자"}
    assert set(drop_marks) == {"바", "배", "체"}
