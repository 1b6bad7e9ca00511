"""The scoring sequences (docs/rules.md AB-4, "The numbers behind the scores"): values,
links, sieve, dots."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from orchard_lab import sequences as seq

small_n = st.integers(min_value=0, max_value=2_000)
index = st.integers(min_value=1, max_value=300)
name = st.sampled_from(seq.NAMES)


def _is_prime(k: int) -> bool:
    return k >= 2 and all(k % d for d in range(2, math.isqrt(k) + 1))


# ---- the seeds' values (AB-4) ---------------------------------------------------------------
def test_ab4_monochrome_scores_triangular_1_to_78() -> None:
    assert seq.first("triangular", 12) == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78]


def test_ab4_feather_scores_pronic_0_to_132() -> None:
    assert seq.first("pronic", 12) == [0, 2, 6, 12, 20, 30, 42, 56, 72, 90, 110, 132]


def test_ab4_unlucky_scores_squares_9_to_144_for_3_to_12_cards() -> None:
    assert seq.first("square", 12)[2:] == [9, 16, 25, 36, 49, 64, 81, 100, 121, 144]


def test_ab4_steady_scores_odd_primes_3_to_41() -> None:
    assert seq.first("odd_prime", 12) == [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]


def test_api_examples_and_the_dice_ladder() -> None:
    assert seq.triangular(4) == 10 and [seq.triangular(n) for n in range(1, 5)] == [1, 3, 6, 10]
    assert seq.pronic(1) == 0 and seq.pronic(0) == 0 and seq.square(0) == 0
    assert seq.odd_prime(1) == 3 and seq.odd_prime(12) == 41
    assert seq.first("square", 0) == []


def test_the_largest_odd_prime_index_is_known() -> None:
    assert seq.odd_prime(seq.MAX_ODD_PRIME_INDEX) == 1_299_721  # the 100001st prime


def test_batch_mapping_names_the_four_sequences() -> None:
    assert seq.BATCH_SEQUENCE == {
        "monochrome": "triangular",
        "feather": "pronic",
        "unlucky": "square",
        "steady": "odd_prime",
    }
    assert {seq.BATCH_SEQUENCE[b] for b in seq.SEQUENCE_BATCH.values()} == set(seq.NAMES)


# ---- the links, as properties --------------------------------------------------------------
@given(small_n)
def test_triangular_is_the_sum_of_1_to_n(n: int) -> None:
    assert seq.triangular(n) == sum(seq.naturals(n))


@given(small_n)
def test_pronic_is_twice_the_previous_triangular(n: int) -> None:
    assert seq.pronic(n) == (2 * seq.triangular(n - 1) if n else 0)


@given(small_n)
def test_square_is_the_sum_of_the_first_odd_numbers(n: int) -> None:
    assert seq.square(n) == sum(seq.odd_numbers(n))
    assert all(k % 2 == 1 for k in seq.odd_numbers(n))


@given(small_n)
def test_two_neighbouring_triangles_make_a_square(n: int) -> None:
    assert seq.triangular(n) + (seq.triangular(n - 1) if n else 0) == seq.square(n)


@given(index)
def test_odd_primes_are_the_odd_primes_in_order(n: int) -> None:
    p = seq.odd_prime(n)
    assert p % 2 == 1 and _is_prime(p)
    assert sum(1 for k in range(3, p + 1, 2) if _is_prime(k)) == n


@given(name, st.integers(min_value=0, max_value=300))
def test_differences_add_up_to_the_value(name: str, count: int) -> None:
    steps = seq.differences(name, count)
    assert len(steps) == count
    assert sum(steps) == (seq.value(name, count) if count else 0)
    assert steps == [seq.difference(name, n) for n in range(1, count + 1)]


@given(st.integers(min_value=1, max_value=2_000))
def test_differences_have_the_closed_forms(n: int) -> None:
    assert seq.difference("triangular", n) == n
    assert seq.difference("pronic", n) == 2 * (n - 1)
    assert seq.difference("square", n) == 2 * n - 1


def test_prime_gaps_are_the_steady_differences() -> None:
    assert seq.differences("odd_prime", 6) == [3, 2, 2, 4, 2, 4]


@pytest.mark.parametrize(
    ("name", "n", "text"),
    [
        ("triangular", 4, "T(4) = 1 + 2 + 3 + 4 = 10"),
        ("triangular", 10, "T(10) = 1 + 2 + 3 + … + 10 = 55"),
        ("pronic", 6, "P(6) = 6 × 5 = 2 × T(5) = 2 × 15 = 30"),
        ("square", 4, "4² = 1 + 3 + 5 + 7 = 16"),
        (
            "odd_prime",
            4,
            "odd_prime(4) = 11 = 1 × 11: 11 dots make only one rectangle, a single row",
        ),
    ],
)
def test_link_shows_a_worked_example(name: str, n: int, text: str) -> None:
    assert seq.link(name, n) == text


def test_closed_forms_are_latex_for_every_sequence() -> None:
    assert set(seq.CLOSED_FORMS) == set(seq.DIFFERENCE_FORMS) == set(seq.LINKS) == set(seq.NAMES)
    assert seq.closed_form("triangular") == r"T(n) = \frac{n(n+1)}{2}"
    assert "2\\,T(n-1)" in seq.closed_form("pronic")


# ---- the sieve ------------------------------------------------------------------------------
@given(st.integers(min_value=0, max_value=3_000))
def test_sieve_gives_exactly_the_primes(limit: int) -> None:
    assert seq.sieve(limit) == [k for k in range(limit + 1) if _is_prime(k)]


@given(st.integers(min_value=0, max_value=2_000))
def test_sieve_steps_cross_out_every_composite_once(limit: int) -> None:
    steps = seq.sieve_steps(limit)
    crossed = [k for step in steps for k in step.crossed_out]
    assert len(crossed) == len(set(crossed))
    assert sorted(crossed) == [k for k in range(4, limit + 1) if not _is_prime(k)]
    assert [step.prime for step in steps] == [p for p in seq.sieve(math.isqrt(limit))]
    for step in steps:
        assert all(k % step.prime == 0 and k >= step.prime**2 for k in step.crossed_out)


def test_sieve_steps_for_a_lesson() -> None:
    assert seq.sieve_steps(30)[1] == seq.SieveStep(3, (9, 15, 21, 27))
    assert seq.sieve_steps(30)[2] == seq.SieveStep(5, (25,))


# ---- the dots --------------------------------------------------------------------------------
@given(name, st.integers(min_value=1, max_value=40))
def test_dots_count_the_number_without_repeats(name: str, n: int) -> None:
    points = seq.dots(name, n)
    assert len(points) == len(set(points)) == seq.value(name, n)
    assert all(row >= 0 and col >= 0 for row, col in points)


def test_dots_have_the_figurate_shapes() -> None:
    assert seq.dots("triangular", 3) == [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)]
    assert seq.dots("pronic", 3) == [(r, c) for r in range(3) for c in range(2)]
    assert seq.dots("square", 2) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert seq.dots("odd_prime", 2) == [(0, c) for c in range(5)]
    assert seq.dots("pronic", 1) == [] and seq.dots("triangular", 0) == []


def test_describe_dots() -> None:
    assert seq.describe_dots("triangular", 6) == "T(6) = 21 dots: rows of 1, 2, …, 6"
    assert seq.describe_dots("square", 1) == "1² = 1 dot: a row of 1"
    assert seq.describe_dots("pronic", 1) == "P(1) = 0 dots: nothing to draw"


# ---- words for lessons -----------------------------------------------------------------------
def test_batch_sentence_matches_the_issue_example() -> None:
    assert seq.batch_sentence(6, ["triangular", "pronic"]) == (
        "The 6th apple in the monochrome batch adds 6 points; in the feather batch it adds 10."
    )


def test_batch_sentence_unlucky_scores_all_at_once_and_never_below_3_apples() -> None:
    """AB-4: the unlucky batch scores n² only when the sweetness totals exactly 13 (1–5 each)."""
    assert seq.batch_sentence(4, "square") == (
        "The 4th apple in the unlucky 13 batch brings all 16 points at once "
        "if it makes the sweetness exactly 13."
    )
    assert "2 apples can never make sweetness 13" in seq.batch_sentence(2, ["odd_prime", "square"])
    assert seq.batch_sentence(1, "odd_prime") == (
        "The 1st apple in the steady height batch adds 3 points."
    )


def test_ordinals() -> None:
    assert [seq.ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"
    ]  # fmt: skip


def test_as_names_keeps_order_and_drops_repeats() -> None:
    assert seq.as_names("pronic") == ("pronic",)
    assert seq.as_names(["square", "triangular", "square"]) == ("square", "triangular")
    assert seq.as_names([]) == ()


def test_numpy_integers_are_whole_numbers() -> None:
    assert seq.triangular(np.int64(4)) == 10 and isinstance(seq.triangular(np.int64(4)), int)


# ---- bad arguments name themselves -----------------------------------------------------------
@pytest.mark.parametrize(
    ("call", "error", "argument"),
    [
        (lambda: seq.triangular(-1), ValueError, "n"),
        (lambda: seq.pronic(-5), ValueError, "n"),
        (lambda: seq.square(2.0), TypeError, "n"),
        (lambda: seq.square(True), TypeError, "n"),
        (lambda: seq.triangular("3"), TypeError, "n"),
        (lambda: seq.odd_prime(0), ValueError, "n"),
        (lambda: seq.odd_prime(seq.MAX_ODD_PRIME_INDEX + 1), ValueError, "n"),
        (lambda: seq.first("cubes", 3), ValueError, "name"),
        (lambda: seq.first(3, 3), TypeError, "name"),
        (lambda: seq.first("square", -1), ValueError, "count"),
        (lambda: seq.first("square", None), TypeError, "count"),
        (lambda: seq.first("square", False), TypeError, "count"),
        (lambda: seq.first("square", seq.MAX_COUNT + 1), ValueError, "count"),
        (lambda: seq.difference("square", 0), ValueError, "n"),
        (lambda: seq.differences("pronic", -2), ValueError, "count"),
        (lambda: seq.closed_form("Triangular"), ValueError, "name"),
        (lambda: seq.naturals(-1), ValueError, "count"),
        (lambda: seq.odd_numbers(1.5), TypeError, "count"),
        (lambda: seq.sieve(-1), ValueError, "limit"),
        (lambda: seq.sieve(seq.MAX_SIEVE_LIMIT + 1), ValueError, "limit"),
        (lambda: seq.sieve_steps(seq.MAX_SIEVE_STEPS_LIMIT + 1), ValueError, "limit"),
        (lambda: seq.dots("odd_prime", 0), ValueError, "n"),
        (lambda: seq.dots("square", seq.MAX_DOTS_N + 1), ValueError, "n"),
        (lambda: seq.dots(None, 3), TypeError, "name"),
        (lambda: seq.link("square", 0), ValueError, "n"),
        (lambda: seq.batch_sentence(13, "square"), ValueError, "n"),
        (lambda: seq.batch_sentence(0, "square"), ValueError, "n"),
        (lambda: seq.batch_sentence(3, []), ValueError, "names"),
        (lambda: seq.batch_sentence(3, ["square", "cube"]), ValueError, "names"),
        (lambda: seq.batch_sentence(3, 7), TypeError, "names"),
    ],
)
def test_bad_arguments_raise_errors_naming_the_argument(call, error, argument) -> None:
    with pytest.raises(error, match=rf"^{argument} must"):
        call()
