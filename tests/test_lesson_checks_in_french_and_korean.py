"""The lesson checks' verdicts in French and Korean (issue 25): each verdict of
``lessons.checks`` (right, right with its explanation, not answered yet, each usual slip:
text in quotes, None, any other answer; a function's body not written, an error, a wrong
value, a named slip; a what-if gain the other way round, the changed mean alone, neither;
a sequence not read yet or not whole numbers, for each unit) and the lesson checks whose
words are all the frame's, and apple batches' exercise checks with their own words (each
hint, slip, explanation and verdict of ``lessons.apple_batches``, wrong answers and right
ones), walked under ``speaking``. Each differs from its English, shows no English sentence of
the catalogue and, in Korean, is written in Hangul; apple batches' verdicts also show no run
of three English words of their English (so a sentence left unmarked, which the catalogue
does not hold, is found too). Water drops' and stacked trees' own hints are not walked yet:
the frame walks give them hints of their own."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from contextlib import redirect_stdout
from typing import Any

import numpy as np
import pytest

from orchard_lab import sequences as seq
from orchard_lab.language import _, speaking
from orchard_lab.lessons import apple_batches as lesson_ab
from orchard_lab.lessons import checks
from orchard_lab.lessons import stacked_trees as lesson_st
from orchard_lab.lessons import water_drops as lesson_wd
from tests.catalogue_english import english_left

HANGUL = re.compile("[\uac00-\ud7a3]")
# runs of words and numbers between code and punctuation ("12 apples make 6 pairs" is one
# run, "is_odd_prime" three runs of a word each)
ENGLISH_RUN = re.compile(r"[A-Za-z0-9' ]+")


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


def _prime_with_two(k: int) -> bool:
    return k > 1 and all(k % d for d in range(2, int(k**0.5) + 1))


def _prime_to_root_exclusive(k: int) -> bool:  # misses 9, 25, 49
    return k > 2 and k % 2 == 1 and all(k % d for d in range(3, int(k**0.5), 2))


def _apple_batches() -> list[str]:
    """Apple batches' exercise checks (lesson 01), each of its own hints, slips,
    explanations and verdicts once: wrong answers and right ones. The rule changes the pupil
    compares are named as the lesson's copy in the language names them (the switches')."""
    odd_primes = set(seq.sieve(100)) - {2}
    standard = np.array([[30.0], [32.0]])
    steady_any, easy = standard + 1.0, standard + 4.0
    changed = {_("easy mode"): easy, _("any earlier apple"): steady_any}
    halves = {_("easy mode"): easy, _("any earlier apple"): standard + 1.5}
    runs: list[Callable[[], Any]] = [
        lambda: lesson_ab.check_monochrome_points(lambda n: n * (n + 1) // 2),
        lambda: lesson_ab.check_monochrome_points(lambda n: sum(range(n))),
        lambda: lesson_ab.check_monochrome_points(lambda n: n),
        lambda: lesson_ab.check_monochrome_points(lambda n: n * (n + 1) // 2 + 1),
        lambda: lesson_ab.check_monochrome_points(lambda n: n * (n - 1)),
        lambda: lesson_ab.check_first_win(4),
        lambda: lesson_ab.check_first_win(3),
        lambda: lesson_ab.check_first_win(2),
        lambda: lesson_ab.check_first_win(5),
        lambda: lesson_ab.check_first_win(13),
        lambda: lesson_ab.check_is_odd_prime(lambda k: k in odd_primes),
        lambda: lesson_ab.check_is_odd_prime(_prime_with_two),
        lambda: lesson_ab.check_is_odd_prime(lambda k: k == 1 or k in odd_primes),
        lambda: lesson_ab.check_is_odd_prime(lambda k: k == 4 or k in odd_primes),
        lambda: lesson_ab.check_is_odd_prime(_prime_to_root_exclusive),
        lambda: lesson_ab.check_is_odd_prime(lambda k: k == 15 or k in odd_primes),
        lambda: lesson_ab.check_is_odd_prime(lambda k: k > 2 and k % 2 == 1),
        lambda: lesson_ab.check_twelfth("monochrome", 12),
        lambda: lesson_ab.check_twelfth("monochrome", 78),
        lambda: lesson_ab.check_twelfth("monochrome", 66),
        lambda: lesson_ab.check_twelfth("monochrome", 11),
        lambda: lesson_ab.check_twelfth("feather", 24),
        lambda: lesson_ab.check_twelfth("feather", 12),
        lambda: lesson_ab.check_overtake("monochrome", 3.5),
        lambda: lesson_ab.check_overtake("monochrome", 1),
        lambda: lesson_ab.check_overtake("monochrome", 6),
        lambda: lesson_ab.check_overtake("feather", 6),
        lambda: lesson_ab.check_three_parts(5),
        lambda: lesson_ab.check_three_parts([(5, 5)]),
        lambda: lesson_ab.check_three_parts([(6, 4, 3)]),
        lambda: lesson_ab.check_three_parts([(5, 5, 2)]),
        lambda: lesson_ab.check_three_parts([(5, 5, 3), (3, 5, 5)]),
        lambda: lesson_ab.check_three_parts([(5, 5, 3)]),
        lambda: lesson_ab.check_card_triples(3150),
        lambda: lesson_ab.check_card_triples(2),
        lambda: lesson_ab.check_card_triples(1575),
        lambda: lesson_ab.check_card_triples(2 * 15**3),
        lambda: lesson_ab.check_most_fortepiano(8),
        lambda: lesson_ab.check_most_fortepiano(96),
        lambda: lesson_ab.check_most_fortepiano(24),
        lambda: lesson_ab.check_steady_gain(-1.0, steady_any, standard, easy),
        lambda: lesson_ab.check_steady_gain(32.0, steady_any, standard, easy),
        lambda: lesson_ab.check_steady_gain(4.0, steady_any, standard, easy),
        lambda: lesson_ab.check_steady_gain(7.0, steady_any, standard, easy),
        lambda: lesson_ab.check_helps_more(4.0, standard, changed),
        lambda: lesson_ab.check_helps_more(_("any earlier apple"), standard, changed),
        lambda: lesson_ab.check_helps_more(_("any earlier apple"), standard, halves),
        lambda: lesson_ab.check_helps_more("more", standard, changed),
        lambda: lesson_ab.check_own_feather(tuple(range(2, 26, 2))),
        lambda: lesson_ab.check_own_feather(tuple(range(1, 13))),
        lambda: lesson_ab.check_own_feather(tuple(range(10, 130, 10))),
        lambda: lesson_ab.check_own_feather((1, 2, 3)),
    ]
    return [_said(run) for run in runs]


def _english_runs(words: str, english: str) -> list[str]:
    """The runs of three English words or more of ``english`` (between code and punctuation,
    with the numbers among them) that ``words`` shows: a sentence of ``english`` not
    translated. Only a sentence of fewer words slips through ("5 + 5 + 2 = 12, not 13.")."""
    runs = (run.strip() for run in ENGLISH_RUN.findall(english))
    return [run for run in runs if len(re.findall(r"[A-Za-z]{2,}", run)) >= 3 and run in words]


WALKS: dict[str, Callable[[], list[str]]] = {
    "the verdicts": _verdicts,
    "a sequence's slips": _slips,
    "the lessons' frame verdicts": _lessons,
    "apple batches' own words": _apple_batches,
}
# the walks of a lesson's own words, each a verdict whose English is all its module's or the
# frame's (the frame walks quote Python's own English: "ZeroDivisionError: division by zero")
OWN_WORDS = {"apple batches' own words"}


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
        assert walk not in OWN_WORDS or _english_runs(words, was) == [], words
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


def test_the_english_apple_batches_checks_are_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk reaches the cases it is for, in the English the lesson has always said: right
    answers with their explanation, a hint, a slip, a plural chosen by its number (one apple,
    one point and 1.5 points), the option named by the rule switches."""
    monkeypatch.delenv(checks.STRICT_VARIABLE, raising=False)
    said = _apple_batches()
    for sentence in (
        "✓ Right! Adding 1 + 2 + … + n gives the triangular numbers.",
        "Not yet: 1 apple scores 1 in the monochrome batch, 1 per apple: not more than 3.5.",
        "Not yet: any earlier apple adds 1 point on average, easy mode adds 4: which is bigger?",
        "Not yet: any earlier apple adds 1.5 points on average, easy mode adds 4: which is bigger?",
        'Not yet: that is the gain of easy mode, the experiment before; this one is "any earlier '
        'apple".',
        "✓ Right! Greedy players put 2.14 apples in your feather batch and score 31.8 points on "
        "average.",
    ):
        assert sentence in said, sentence
    assert sum(verdict.startswith("✓ Right!") for verdict in said) == 6


def test_an_unknown_unit_is_refused() -> None:
    with pytest.raises(ValueError, match="unit must be one of apples, sizes, steps"):
        checks.sequence_slip("3n", count=2, unit="cards", what="", example="", formula="")
