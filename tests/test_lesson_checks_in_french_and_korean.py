"""The lesson checks' verdicts in French and Korean (issue 25): each verdict of
``lessons.checks`` (right, right with its explanation, not answered yet, each usual slip:
text in quotes, None, any other answer; a function's body not written, an error, a wrong
value, a named slip; a what-if gain the other way round, the changed mean alone, neither;
a sequence not read yet or not whole numbers, for each unit) and the lesson checks whose
words are all the frame's, walked under ``speaking``. Each differs from its English, shows no
English sentence of the catalogue and, in Korean, is written in Hangul. A lesson's own hints
(its module's sentences) are not marked yet: the walks give the frame hints of its own."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from contextlib import redirect_stdout
from typing import Any

import numpy as np
import pytest

from orchard_lab.language import _, speaking
from orchard_lab.lessons import apple_batches as lesson_ab
from orchard_lab.lessons import checks
from orchard_lab.lessons import stacked_trees as lesson_st
from orchard_lab.lessons import water_drops as lesson_wd
from tests.catalogue_english import english_left

HANGUL = re.compile("[\uac00-\ud7a3]")


def _said(run: Callable[[], Any]) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        run()
    return out.getvalue().strip()


def _oops(n: int) -> int:
    raise ZeroDivisionError("division by zero")


def _verdicts() -> list[str]:
    """Every verdict of the frame, by a check of its own (the hints given here are numbers
    and code, no English sentence)."""
    changed, standard = np.array([[5.0], [6.0]]), np.array([[3.0], [3.0]])
    words = (_("the changed rules"), _("the standard rules"))
    three = {3: "n = 3 → 6 ≠ 4"}
    odd = [(lambda n: 2 * n, "2 × n ≠ 2 × n + 1")]
    runs: list[Callable[[], Any]] = [
        lambda: checks.check("answer", 4, 4),
        lambda: checks.check("answer", 4, 4, explanation="2 × 2 = 4"),
        lambda: checks.check("answer", ..., 4),
        lambda: checks.check("answer", "4", 4),
        lambda: checks.check("answer", None, 4),
        lambda: checks.check("answer", 5, 4),
        lambda: checks.check("answer", 3, 4, three),
        lambda: checks.check_function("points", ..., lambda n: 2 * n + 1, range(3)),
        lambda: checks.check_function("points", lambda n: None, lambda n: 2 * n + 1, range(3)),
        lambda: checks.check_function("points", _oops, lambda n: 2 * n + 1, range(3)),
        lambda: checks.check_function("points", lambda n: n, lambda n: 2 * n + 1, range(3)),
        lambda: checks.check_function(
            "points", lambda n: 2 * n, lambda n: 2 * n + 1, range(3), slips=odd
        ),
        lambda: checks.check_gain("gain", -2.5, changed, standard, words),
        lambda: checks.check_gain("gain", 5.5, changed, standard, words),
        lambda: checks.check_gain("gain", 1.0, changed, standard, words),
    ]
    return [_said(run) for run in runs]


def _slips() -> list[str]:
    """A sequence not read yet (each unit) and one that is not whole numbers."""
    said = []
    for unit, count in (("apples", 12), ("sizes", 9), ("steps", 4), ("steps", 1)):
        slip = checks.sequence_slip(
            "3n", count=count, unit=unit, what="(1, 2)", example="(1, 2)", formula="3n"
        )
        assert slip is not None
        said.append(slip)
    slip = checks.sequence_slip(
        2.5, count=4, unit="steps", what=_("the ladder"), example="(1, 5)", formula="3n"
    )
    assert slip is not None
    return [*said, slip]


def _lessons() -> list[str]:
    """The lessons' checks whose every word is the frame's: an exercise not answered yet,
    a gain right or the other way round, a sequence of one's own not yet read or not whole
    numbers."""
    ladder, standard = np.array([55.0, 57.0]), np.array([40.0, 42.0])
    runs: list[Callable[[], Any]] = [
        lambda: lesson_ab.check_first_win(...),
        lambda: lesson_ab.check_monochrome_points(...),
        lambda: lesson_ab.check_own_feather("2n"),
        lambda: lesson_ab.check_own_feather(2.5),
        lambda: lesson_wd.check_fairer_points("n*n"),
        lambda: lesson_wd.check_fairer_points((1.5, 2)),
        lambda: lesson_st.check_ladder_gain(15, ladder, standard),
        lambda: lesson_st.check_ladder_gain(-15, ladder, standard),
        lambda: lesson_st.check_ladder_gain(56, ladder, standard),
        lambda: lesson_st.check_own_ladder("3n"),
        lambda: lesson_st.check_own_ladder((1.5, 2)),
    ]
    return [_said(run) for run in runs]


WALKS: dict[str, Callable[[], list[str]]] = {
    "the verdicts": _verdicts,
    "a sequence's slips": _slips,
    "the lessons' frame verdicts": _lessons,
}


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("walk", list(WALKS))
def test_the_verdicts_speak_the_language(
    walk: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(checks.STRICT_VARIABLE, raising=False)
    english = WALKS[walk]()
    with speaking(lang):
        said = WALKS[walk]()
    assert len(said) == len(english) and len(set(english)) == len(english), english
    for words, was in zip(said, english, strict=True):
        assert words and english_left(words) == [], words
        assert words != was, words
        assert lang != "ko" or HANGUL.search(words), words


def test_the_english_verdicts_are_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(checks.STRICT_VARIABLE, raising=False)
    assert _verdicts()[:3] == [
        "✓ Right!",
        "✓ Right! 2 × 2 = 4",
        "Not answered yet: replace ... in answer with your answer.",
    ]
    assert _verdicts()[-4:-2] == [
        "Not yet: 2 × n ≠ 2 × n + 1 (with n = 0, points gives 0, but it should give 1.)",
        "Not yet: that is the standard rules minus the changed rules: the other way round.",
    ]
    assert _slips()[2:4] == [
        'read your text first: read_sequence("3n", 4), for 4 steps.',
        'read your text first: read_sequence("3n", 1), for 1 step.',
    ]


def test_an_unknown_unit_is_refused() -> None:
    with pytest.raises(ValueError, match="unit must be one of apples, sizes, steps"):
        checks.sequence_slip("3n", count=2, unit="cards", what="", example="", formula="")
