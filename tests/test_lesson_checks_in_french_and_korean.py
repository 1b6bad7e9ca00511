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
does not hold, is found too). Water drops' and stacked trees' exercise checks with their
own words (``lessons.water_drops``, ``lessons.stacked_trees``) are walked the same way, by
tests of their own."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from contextlib import redirect_stdout
from typing import Any

import numpy as np
import pytest

from orchard_lab import sequences as seq
from orchard_lab import stacked_trees as st
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


def _water_drops() -> list[str]:
    """Water drops' exercise checks (lesson 02), each of its own hints, slips, explanations and
    verdicts once: wrong answers and right ones (the engine's refusal of a card on a square
    too, quoted in a hint)."""
    small = lesson_wd.SMALL_ORCHARD
    groups = small.groups()
    fruit_cells = sum(group.size for group in groups)
    every_drop = sum(value for group in groups for _, value in group.drops)
    scoring = sum(1 for group in groups if group.points)
    changed, standard = np.array([[5.0], [6.0]]), np.array([[3.0], [3.0]])

    def unsorted(board: Any) -> list[int]:
        return sorted((group.size for group in board.groups()), reverse=True)

    def twice(board: Any) -> list[int]:
        return sorted(group.size for group in board.groups() for _ in range(group.size))

    def drop_points(size: int, drops: list[int]) -> int:
        return size if size in drops else 0

    runs: list[Callable[[], Any]] = [
        lambda: lesson_wd.check_groups_by_hand(len(groups), small),
        lambda: lesson_wd.check_groups_by_hand(lesson_wd.corner_groups(small), small),
        lambda: lesson_wd.check_groups_by_hand(fruit_cells, small),
        lambda: lesson_wd.check_groups_by_hand(4, small),
        lambda: lesson_wd.check_groups_by_hand(100, small),
        lambda: lesson_wd.check_points_by_hand(len(groups), small),
        lambda: lesson_wd.check_points_by_hand(scoring, small),
        lambda: lesson_wd.check_points_by_hand(every_drop, small),
        lambda: lesson_wd.check_points_by_hand(100, small),
        lambda: lesson_wd.check_group_sizes(lambda board: sorted(g.size for g in board.groups())),
        lambda: lesson_wd.check_group_sizes(lambda board: len(board.groups())),
        lambda: lesson_wd.check_group_sizes(unsorted),
        lambda: lesson_wd.check_group_sizes(twice),
        lambda: lesson_wd.check_group_sizes(lambda board: [len(board.groups())]),
        lambda: lesson_wd.check_drop_points(drop_points),
        lambda: lesson_wd.check_drop_points(lambda size, drops: size * drops.count(size)),
        lambda: lesson_wd.check_drop_points(lambda size, drops: max(drops, default=0)),
        lambda: lesson_wd.check_drop_points(lambda size, drops: sum(drops)),
        lambda: lesson_wd.check_drop_points(lambda size, drops: size),
        lambda: lesson_wd.check_per_drop_card("PB/12", (0, -1)),
        lambda: lesson_wd.check_per_drop_card("1P/PC", (0, 1)),
        lambda: lesson_wd.check_per_drop_card("PB/12", (3, 3)),
        lambda: lesson_wd.check_per_drop_card("PB12", (0, -1)),
        lambda: lesson_wd.check_per_drop_card("PB/12", "(0, -1)"),
        lambda: lesson_wd.check_per_drop_card("PB/12", (0,)),
        lambda: lesson_wd.check_free_count(lambda n: len(lesson_wd.free_shapes(n))),
        lambda: lesson_wd.check_free_count(lambda n: len(lesson_wd.fixed_shapes(n))),
        lambda: lesson_wd.check_free_count(lambda n: [1, 1, 2, 7, 18][n - 1]),
        lambda: lesson_wd.check_card_shapes(4),
        lambda: lesson_wd.check_card_shapes(2),
        lambda: lesson_wd.check_card_shapes(7),
        lambda: lesson_wd.check_spoiling_cards(20),
        lambda: lesson_wd.check_spoiling_cards(2),
        lambda: lesson_wd.check_spoiling_cards(32),
        lambda: lesson_wd.check_spoiling_cards(5),
        lambda: lesson_wd.check_spoil_chance(36),
        lambda: lesson_wd.check_spoil_chance(18),
        lambda: lesson_wd.check_spoil_chance(0.64),
        lambda: lesson_wd.check_spoil_chance(0.5),
        lambda: lesson_wd.check_safer_square((0, -1)),
        lambda: lesson_wd.check_safer_square((0, 1)),
        lambda: lesson_wd.check_safer_square((1, 0)),
        lambda: lesson_wd.check_safer_square((5, 5)),
        lambda: lesson_wd.check_largest_scoring_group(5),
        lambda: lesson_wd.check_largest_scoring_group(4),
        lambda: lesson_wd.check_largest_scoring_group(6),
        lambda: lesson_wd.check_mean_gain("gain", 7.0, changed, standard),
        lambda: lesson_wd.check_fairer_points(tuple(n * n for n in range(1, 10))),
        lambda: lesson_wd.check_fairer_points((0,) * 9),
        lambda: lesson_wd.check_fairer_points(tuple(range(2, 19, 2))),
        lambda: lesson_wd.check_fairer_points((1,) * 9),
        lambda: lesson_wd.check_fairer_points((1, 2)),
    ]
    return [_said(run) for run in runs]


def _stacked_trees() -> list[str]:
    """Stacked trees' exercise checks (lesson 03), each of its own hints, slips, explanations
    and verdicts once: wrong answers and right ones."""
    placing, newcomer = st.Board(start=st.Card.from_text("PLL/APP")), st.Card.from_text("PPA/LPP")
    tempting = st.Board(start=st.Card.from_text("APL/LAP"))
    tempting.place(st.Card.from_text("APL/LAP"), at=(0, 0))
    offer = st.Move(st.Card.from_text("APL/LAA"), at=(0, 0), rotten=True)
    ladders = {
        "triangular 1, 3, 6, 10": np.array([41.0]),
        "squares 1, 4, 9, 16": np.array([57.0]),
        "doubling 1, 2, 4, 8": np.array([30.0]),
    }
    best, greedy = np.array([42, 49, 58, 46]), np.array([36, 37, 49, 33])
    runs: list[Callable[[], Any]] = [
        lambda: lesson_st.check_turn(lambda card: card.rotated(90)),
        lambda: lesson_st.check_turn(lambda card: card.rotated(270)),
        lambda: lesson_st.check_turn(lesson_st._transposed),
        lambda: lesson_st.check_turn(lambda card: card.rotated(180)),
        lambda: lesson_st.check_turn(lambda card: card),
        lambda: lesson_st.check_turned_by_hand("PLL/APP"),
        lambda: lesson_st.check_turned_by_hand("LP/LP/PA"),
        lambda: lesson_st.check_turned_by_hand("PPA/LLP"),
        lambda: lesson_st.check_turned_by_hand("PA/LP/LP"),
        lambda: lesson_st.check_turned_by_hand("AA/AA/AA"),
        lambda: lesson_st.check_half_turn_same(lambda card: card.rotated(90) == card),
        lambda: lesson_st.check_half_turn_same(lambda card: card.rows[::-1] == card.rows),
        lambda: lesson_st.check_half_turn_same(
            lambda card: card.rows == tuple(row[::-1] for row in card.rows)
        ),
        lambda: lesson_st.check_deck_half_turns(0),
        lambda: lesson_st.check_deck_half_turns(18),
        lambda: lesson_st.check_deck_half_turns(False),
        lambda: lesson_st.check_deck_half_turns(5),
        lambda: lesson_st.check_placements(12, 39, placing, newcomer),
        lambda: lesson_st.check_placements(51, 51, placing, newcomer),
        lambda: lesson_st.check_placements(5, 12, placing, newcomer),
        lambda: lesson_st.check_placements(1, 50, placing, newcomer),
        lambda: lesson_st.check_ladder_steps(4, 0),
        lambda: lesson_st.check_ladder_steps(10, 5),
        lambda: lesson_st.check_ladder_steps(3, 15),
        lambda: lesson_st.check_ladder_steps(4, 10),
        lambda: lesson_st.check_best_ladder("squares", ladders),
        lambda: lesson_st.check_best_ladder(57.0, ladders),
        lambda: lesson_st.check_best_ladder("triangular", ladders),
        lambda: lesson_st.check_best_ladder("doubling", ladders),
        lambda: lesson_st.check_best_ladder("nothing", ladders),
        lambda: lesson_st.check_own_ladder((3, 6, 9, 12)),
        lambda: lesson_st.check_own_ladder((1, 4, 9, 16)),
        lambda: lesson_st.check_own_ladder((2, 6, 12, 20)),
        lambda: lesson_st.check_own_ladder((1, 1, 2)),
        lambda: lesson_st.check_simple_bound(150),
        lambda: lesson_st.check_simple_bound(15),
        lambda: lesson_st.check_simple_bound(50),
        lambda: lesson_st.check_covering_trees(54),
        lambda: lesson_st.check_covering_trees(8),
        lambda: lesson_st.check_tighter_bound(120),
        lambda: lesson_st.check_tighter_bound(150),
        lambda: lesson_st.check_tighter_bound(480),
        lambda: lesson_st.check_tighter_bound(48),
        lambda: lesson_st.check_first_empty(2.5, seed=6),
        lambda: lesson_st.check_first_empty(4, seed=6),
        lambda: lesson_st.check_first_empty(6, seed=6),
        lambda: lesson_st.check_first_empty(1, seed=6),
        lambda: lesson_st.check_token_gain(9, tempting, offer),
        lambda: lesson_st.check_token_gain(7, tempting, offer),
        lambda: lesson_st.check_token_gain(10, tempting, offer),
        lambda: lesson_st.check_token_gain(0, tempting, offer),
        lambda: lesson_st.check_token_worth(True, tempting, offer),
        lambda: lesson_st.check_token_worth(6, tempting, offer),
        lambda: lesson_st.check_token_worth("True", tempting, offer),
        lambda: lesson_st.check_token_worth(False, tempting, offer),
        lambda: lesson_st.check_best_over_greedy(-10.0, best, greedy),
        lambda: lesson_st.check_best_over_greedy(40.0, best, greedy),
        lambda: lesson_st.check_best_over_greedy(3.0, best, greedy),
        lambda: lesson_st.check_reach_plum(3, best),
        lambda: lesson_st.check_reach_plum(4, best),
        lambda: lesson_st.check_reach_plum(1, np.array([44, 45, 52])),
        lambda: lesson_st.check_reach_plum(0, best),
    ]
    return [_said(run) for run in runs]


LESSONS_OWN_WORDS: dict[str, Callable[[], list[str]]] = {
    "water drops": _water_drops,
    "stacked trees": _stacked_trees,
}


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("lesson", list(LESSONS_OWN_WORDS))
def test_water_drops_and_stacked_trees_checks_speak_the_language(
    lesson: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each verdict differs from its English, shows no English sentence of the catalogue and
    no run of three English words of its English (a sentence left unmarked), and in Korean is
    written in Hangul."""
    monkeypatch.delenv(checks.STRICT_VARIABLE, raising=False)
    english = LESSONS_OWN_WORDS[lesson]()
    with speaking(lang):
        said = LESSONS_OWN_WORDS[lesson]()
    assert len(said) == len(english) and len(set(english)) == len(english), english
    for words, was in zip(said, english, strict=True):
        assert words and english_left(words) == [] and _english_runs(words, was) == [], words
        assert words != was, words
        assert lang != "ko" or HANGUL.search(words), words


def test_the_english_water_drops_and_stacked_trees_checks_are_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The walks reach the cases they are for, in the English the lessons have always said,
    and their verdicts right and wrong."""
    monkeypatch.delenv(checks.STRICT_VARIABLE, raising=False)
    water, trees = _water_drops(), _stacked_trees()
    for sentence in (
        "✓ Right! Standard rules: 3 points, per drop: 5 points.",
        "Not yet: there are 4 kinds of fruit, but two groups of the same fruit that do not "
        "touch are two groups.",
        "Not yet: with your points the first player wins 57.6 % of the games, more than 55 %. "
        "Doubling every value changes no winner: what if big groups were worth much more than "
        "small ones?",
        "Not yet: with your points the first player wins 59.8 % of the games, more than 55 %. "
        "What if big groups were worth much more than small ones?",
        "Not yet: next to the cherries a random card gains -0.08 on average: the group is at "
        "risk there.",
        'Not yet: write the card as text, two rows of two cells like "BC/3M": each cell a '
        "fruit, B, C, P or M, or a drop value from 1 to 9.",
    ):
        assert sentence in water, sentence
    for sentence in (
        "✓ Right! Your ladder gives the greedy player 73.4 points on average over the 100 deals.",
        "Not yet: your ladder gives the greedy player 57.2 points on average, below 60: let the "
        "dice climb faster.",
        "Not yet: write the first word of the ladder with the biggest mean: triangular, "
        "squares or doubling.",
        "Not yet: 45 itself is Plum-believable: count the scores of 45 or more, not only those "
        "above 45.",
        "✓ Right! The best placement without a token adds 4.",
    ):
        assert sentence in trees, sentence
    assert sum(verdict.startswith("✓ Right!") for verdict in water) == 8
    assert sum(verdict.startswith("✓ Right!") for verdict in trees) == 11
