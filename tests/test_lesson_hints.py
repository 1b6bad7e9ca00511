"""Hints for the usual slips (issue 21, item 5): every exercise of the three lessons has at
least two common wrong answers (off by one, the previous exercise's answer, a reversed
order, text for a number, the pure-number answer the game rules out, a usual wrong
function) that get a hint in words pointing at the slip. Each is fed to its check here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.lessons import STRICT_VARIABLE
from orchard_lab.lessons import apple_batches as l01
from orchard_lab.lessons import stacked_trees as l03
from orchard_lab.lessons import water_drops as l02
from orchard_lab.lessons.checks import check_function

SMALL = l02.SMALL_ORCHARD
A, B = np.array([[41.0], [43.0]]), np.array([[38.0], [40.0]])  # changed and standard scores
EASY = np.array([[45.0], [46.0]])
PLACING = st.Board(start=st.Card.from_text("PLL/APP"))
NEWCOMER = st.Card.from_text("PPA/LPP")
TEMPTING = st.Board(start=st.Card.from_text("APL/LAP"))
TEMPTING.place(st.Card.from_text("APL/LAP"), at=(0, 0))
OFFER = st.Move(st.Card.from_text("APL/LAA"), at=(0, 0), rotten=True)
LADDERS = {"triangular 1, 3, 6, 10": np.array([41.0]), "squares 1, 4, 9, 16": np.array([57.0])}
BEST, GREEDY = np.array([42, 49, 58, 46]), np.array([36, 37, 49, 33])


def unsorted_sizes(board: wd.Board) -> list[int]:
    return [g.size for g in sorted(board.groups(), key=lambda g: -g.size)]


def sizes_counted_twice(board: wd.Board) -> list[int]:  # no "seen": each cell floods again
    return sorted(g.size for g in board.groups() for _ in range(g.size))


def prime_with_two(k: int) -> bool:
    return k > 1 and all(k % d for d in range(2, int(k**0.5) + 1))


def prime_to_root_exclusive(k: int) -> bool:  # misses 9, 25, 49: d stops before √k
    return k > 2 and k % 2 == 1 and all(k % d for d in range(3, int(k**0.5), 2))


def every_odd(k: int) -> bool:
    return k > 2 and k % 2 == 1


# (exercise, its check taking the answer, a usual wrong answer, words the hint must say)
Slip = tuple[str, Callable[[Any], None], Any, str]
SLIPS: list[Slip] = [
    # ---- lesson 01 ----
    ("01 ex1", l01.check_monochrome_points, lambda n: sum(range(n)), "stops one apple early"),
    ("01 ex1", l01.check_monochrome_points, lambda n: n, "counts the apples"),
    ("01 ex1", l01.check_monochrome_points, lambda n: sum(range(n + 1)) + 1, "start the total"),
    ("01 ex1", l01.check_monochrome_points, lambda n: n * (n - 1), "feather batch"),
    ("01 ex2", l01.check_first_win, 3, "both batches score 6"),
    ("01 ex2", l01.check_first_win, 5, "is it the first size"),
    ("01 ex2", l01.check_first_win, "4", "without the quotes"),
    ("01 ex3", l01.check_is_odd_prime, prime_with_two, "not an odd one"),
    ("01 ex3", l01.check_is_odd_prime, prime_to_root_exclusive, "up to √k"),
    ("01 ex3", l01.check_is_odd_prime, every_odd, "not always prime"),
    ("01 ex4", lambda a: l01.check_twelfth("monochrome", a), 11, "what the 11th apple adds"),
    ("01 ex4", lambda a: l01.check_twelfth("monochrome", a), 78, "the whole batch"),
    ("01 ex4", lambda a: l01.check_twelfth("monochrome", a), "12", "without the quotes"),
    ("01 ex4", lambda a: l01.check_twelfth("feather", a), 20, "what the 11th apple adds"),
    ("01 ex4", lambda a: l01.check_twelfth("feather", a), 12, "to a monochrome batch"),
    ("01 ex4", lambda a: l01.check_twelfth("feather", a), 132, "the whole batch"),
    ("01 inv1", lambda a: l01.check_overtake("monochrome", a), 6, "not more than 3.5"),
    ("01 inv1", lambda a: l01.check_overtake("monochrome", a), 8, "does a smaller batch"),
    ("01 inv1", lambda a: l01.check_overtake("unlucky", a), 3.5, "a number of apples"),
    ("01 inv2a", l01.check_three_parts, [(6, 4, 3), (5, 5, 3)], "from 1 to 5"),
    ("01 inv2a", l01.check_three_parts, [(5, 5, 3), (3, 5, 5)], "list each once"),
    ("01 inv2b", l01.check_card_triples, 1575, "one of the two sums"),
    ("01 inv2b", l01.check_card_triples, 2 * 15**3, "ordered draws"),
    ("01 inv3", l01.check_most_fortepiano, 8, "best single pair"),
    ("01 inv3", l01.check_most_fortepiano, 96, "6 pairs, not 12"),
    ("01 inv4", lambda a: l01.check_steady_gain(a, A, B, EASY), -3.0, "the other way round"),
    ("01 inv4", lambda a: l01.check_steady_gain(a, A, B, EASY), 6.5, "the gain of easy mode"),
    (
        "01 inv4",
        lambda a: l01.check_steady_gain(a, A, B, EASY),
        42.0,
        "subtract the mean of the standard",
    ),
    (
        "01 inv4",
        lambda a: l01.check_helps_more(a, B, {"easy mode": EASY, "any earlier apple": A}),
        "any earlier apple",
        "which is bigger",
    ),
    (
        "01 inv4",
        lambda a: l01.check_helps_more(a, B, {"easy mode": EASY, "any earlier apple": A}),
        6.5,
        "not its gain",
    ),
    ("02 inv5", l02.check_fairer_points, (2, 4, 6, 8, 10, 12, 14, 16, 18), "Doubling every"),
    ("02 inv5", l02.check_fairer_points, (1,) * 9, "59.8 % of the games, more than 55 %"),
    ("02 inv5", l02.check_fairer_points, (0,) * 9, "nobody ever scores"),
    ("02 inv5", l02.check_fairer_points, (1, 2), "needs 9 points, one for each of 1, 2,"),
    ("02 inv5", l02.check_fairer_points, "n*n", 'read_sequence("n*n", 9)'),
    ("01 inv5", l01.check_own_feather, ab.PRONIC, "0.89 apples in your feather batch, fewer"),
    ("01 inv5", l01.check_own_feather, (20,) * 12, "what do your 1st, 2nd and 3rd apples add?"),
    ("01 inv5", l01.check_own_feather, tuple(range(10, 130, 10)), "52.3 points on average, more"),
    ("01 inv5", l01.check_own_feather, (2, 4, 6), "needs 12 points, one for each of 1, 2,"),
    ("01 inv5", l01.check_own_feather, "3n", 'read_sequence("3n", 12)'),
    (
        "01 inv5",
        l01.check_own_feather,
        3.5,
        "write the 12 points as whole numbers, like (2, 4, 6, ...)",
    ),
    # ---- lesson 02 ----
    ("02 ex1", lambda a: l02.check_groups_by_hand(a, SMALL), 4, "4 kinds of fruit"),
    ("02 ex1", lambda a: l02.check_groups_by_hand(a, SMALL), 6, "only at a corner"),
    ("02 ex1", lambda a: l02.check_groups_by_hand(a, SMALL), 12, "number of fruit cells"),
    ("02 ex1", lambda a: l02.check_points_by_hand(a, SMALL), 9, "the number of groups"),
    ("02 ex1", lambda a: l02.check_points_by_hand(a, SMALL), 4, "1 point for each of its fruit"),
    ("02 ex1", lambda a: l02.check_points_by_hand(a, SMALL), 25, "adds every drop"),
    ("02 ex2", l02.check_group_sizes, unsorted_sizes, "not smallest first"),
    ("02 ex2", l02.check_group_sizes, lambda board: len(board.groups()), "not how many"),
    ("02 ex2", l02.check_group_sizes, sizes_counted_twice, "counted twice"),
    (
        "02 ex3",
        l02.check_drop_points,
        lambda size, drops: size * drops.count(size),
        "matching drop's value once",
    ),
    ("02 ex3", l02.check_drop_points, lambda size, drops: max(drops, default=0), "biggest drop"),
    ("02 ex3", l02.check_drop_points, lambda size, drops: size, "give 0 when no drop matches"),
    ("02 ex4", lambda a: l02.check_per_drop_card(*a), ("1P/PC", (0, 1)), "both rules give"),
    ("02 ex4", lambda a: l02.check_per_drop_card(*a), ("PB/12", (3, 3)), "cannot go there"),
    ("02 ex4", lambda a: l02.check_per_drop_card(*a), ("banana", (0, 1)), "Not yet"),
    ("02 ex5", l02.check_free_count, lambda n: len(l02.fixed_shapes(n)), "fixed shapes"),
    ("02 ex5", l02.check_free_count, lambda n: [1, 1, 2, 7, 18][n - 1], "but not flips"),
    ("02 ex6", l02.check_card_shapes, 4, "straight line of 3"),
    ("02 ex6", l02.check_card_shapes, 2, "a single fruit is a group too"),
    ("02 ex6", l02.check_card_shapes, 7, "count each once"),
    ("02 ex7", l02.check_spoiling_cards, 20, "a cherry next to the group"),
    ("02 ex7", l02.check_spoiling_cards, 2, "Count the others"),
    ("02 ex7", l02.check_spoiling_cards, 32, "leave the group safe"),
    ("02 ex7", l02.check_spoil_chance, 36, "in per cent"),
    ("02 ex7", l02.check_spoil_chance, 18, "the number of cards"),
    ("02 ex7", l02.check_spoil_chance, 0.64, "stays safe"),
    ("02 ex8", l02.check_safer_square, (0, 1), "at risk there"),
    ("02 ex8", l02.check_safer_square, "(0, -1)", "without quotes"),
    ("02 ex8", l02.check_safer_square, (1, 0), "is that the most"),
    ("02 ex9", l02.check_largest_scoring_group, 4, "bigger than 4"),
    ("02 ex9", l02.check_largest_scoring_group, 6, "does any card hold one"),
    ("02 ex10", lambda a: l02.check_mean_gain("per_drop_gain", a, A, B), -3.0, "other way"),
    ("02 ex10", lambda a: l02.check_mean_gain("per_drop_gain", a, A, B), 42.0, "subtract"),
    # ---- lesson 03 ----
    ("03 ex1", l03.check_turn, lambda card: card.rotated(270), "anticlockwise"),
    ("03 ex1", l03.check_turn, l03._transposed, "from the top down"),
    ("03 ex1", l03.check_turn, lambda card: card.rotated(180), "half turn"),
    ("03 ex2", l03.check_turned_by_hand, "LP/LP/PA", "anticlockwise"),
    ("03 ex2", l03.check_turned_by_hand, "PPA/LLP", "half turn"),
    ("03 ex2", l03.check_turned_by_hand, "PA/LP/LP", "from the top down"),
    ("03 ex2", l03.check_turned_by_hand, "PLL/APP", "as it was"),
    ("03 ex3", l03.check_half_turn_same, lambda card: card.rotated(90) == card, "quarter turn"),
    (
        "03 ex3",
        l03.check_half_turn_same,
        lambda card: tuple(reversed(card.rows)) == card.rows,
        "upside down",
    ),
    ("03 ex3", l03.check_deck_half_turns, 18, "every card of the deck"),
    ("03 ex3", l03.check_deck_half_turns, False, "not True or False"),
    ("03 ex4", lambda a: l03.check_placements(a, 39, PLACING, NEWCOMER), 51, "every placement"),
    ("03 ex4", lambda a: l03.check_placements(a, 39, PLACING, NEWCOMER), 5, "all four turns"),
    ("03 ex4", lambda a: l03.check_placements(12, a, PLACING, NEWCOMER), 12, "without a token"),
    ("03 ex4", lambda a: l03.check_placements(12, a, PLACING, NEWCOMER), 50, "3 or more tokens"),
    ("03 ex5", lambda a: l03.check_ladder_steps(a, 0), 10, "what the die shows after 4"),
    ("03 ex5", lambda a: l03.check_ladder_steps(a, 0), 3, "what the 3rd tree adds"),
    ("03 ex5", lambda a: l03.check_ladder_steps(4, a), 5, "the ladder stops at 10"),
    ("03 ex5", lambda a: l03.check_ladder_steps(4, a), 15, "the ladder stops at 10"),
    ("03 ex5", lambda a: l03.check_ladder_steps(4, a), 10, "can it climb higher"),
    ("03 ex6", lambda a: l03.check_best_ladder(a, LADDERS), "triangular", "standard ladder"),
    ("03 ex6", lambda a: l03.check_best_ladder(a, LADDERS), 57.0, "not its mean"),
    ("03 ex6", lambda a: l03.check_ladder_gain(a, A, B), -3.0, "the other way round"),
    ("03 ex6", lambda a: l03.check_ladder_gain(a, A, B), 42.0, "the mean of the squares ladder"),
    ("03 own ladder", l03.check_own_ladder, (1, 4, 9, 16), "57.2 points on average, below 60"),
    ("03 own ladder", l03.check_own_ladder, (2, 6, 12, 20), "81.7 points on average, above 80"),
    ("03 own ladder", l03.check_own_ladder, (1, 1, 2), "a dice ladder climbs"),
    ("03 own ladder", l03.check_own_ladder, "2n + 1", 'read_sequence("2n + 1", 4)'),
    ("03 own ladder", l03.check_own_ladder, 64.5, "whole numbers, like (1, 5, 10, 20)"),
    ("03 ex7", l03.check_simple_bound, 15, "the number of dice"),
    ("03 ex7", l03.check_simple_bound, 50, "one fruit's dice"),
    ("03 ex8", l03.check_covering_trees, 54, "the start card lies on nothing"),
    ("03 ex8", l03.check_covering_trees, 8, "that counts cards"),
    ("03 ex8", l03.check_tighter_bound, 150, "the first bound"),
    ("03 ex8", l03.check_tighter_bound, 480, "needs 4 trees"),
    ("03 ex9", lambda a: l03.check_first_empty(a, seed=6), 4, "look one point further"),
    ("03 ex9", lambda a: l03.check_first_empty(a, seed=6), 6, "one card too many"),
    ("03 ex10", lambda a: l03.check_token_gain(a, TEMPTING, OFFER), 9, "the token costs 3"),
    ("03 ex10", lambda a: l03.check_token_gain(a, TEMPTING, OFFER), 7, "back to the supply"),
    ("03 ex10", lambda a: l03.check_token_gain(a, TEMPTING, OFFER), 10, "only the dice that"),
    ("03 ex10", lambda a: l03.check_token_worth(a, TEMPTING, OFFER), 6, "is 6 more than"),
    ("03 ex10", lambda a: l03.check_token_worth(a, TEMPTING, OFFER), "True", "without quotes"),
    ("03 ex11", lambda a: l03.check_tokens_pay(a, A, B), -3.0, "the other way round"),
    ("03 ex11", lambda a: l03.check_tokens_pay(a, A, B), 42.0, "the mean of the games with tokens"),
    ("03 ex12", lambda a: l03.check_best_over_greedy(a, BEST, GREEDY), -10.0, "other way"),
    ("03 ex12", lambda a: l03.check_best_over_greedy(a, BEST, GREEDY), 40.0, "divide by 4"),
    ("03 ex12", lambda a: l03.check_reach_plum(a, BEST), 4, "that is every deal"),
    ("03 ex12", lambda a: l03.check_reach_plum(a, np.array([44, 45, 52])), 1, "45 itself"),
]


@pytest.fixture(autouse=True)
def relaxed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STRICT_VARIABLE, raising=False)


@pytest.mark.parametrize(
    ("exercise", "checked", "answer", "words"),
    SLIPS,
    ids=[f"{e}-{w}" for e, _, _, w in SLIPS],
)
def test_a_usual_slip_gets_a_hint_in_words(
    exercise: str,
    checked: Callable[[Any], None],
    answer: Any,
    words: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    checked(answer)
    lines = capsys.readouterr().out.strip().splitlines()  # two for a check of two answers
    wrong = [line for line in lines if not line.startswith("✓ Right!")]
    assert len(wrong) == 1 and wrong[0].startswith("Not yet: "), lines
    assert words in wrong[0], wrong[0]


def test_every_exercise_has_at_least_two_slips() -> None:
    counts = Counter(exercise for exercise, *_ in SLIPS)
    lessons = {
        "01": ["ex1", "ex2", "ex3", "ex4", "inv1", "inv2a", "inv2b", "inv3", "inv4", "inv5"],
        "02": [*(f"ex{n}" for n in range(1, 11)), "inv5"],
        "03": [*(f"ex{n}" for n in range(1, 13)), "own ladder"],
    }
    expected = [f"{lesson} {name}" for lesson, names in lessons.items() for name in names]
    assert sorted(counts) == sorted(expected)
    assert all(counts[name] >= 2 for name in expected), counts


def test_a_function_slip_names_the_slip_and_the_case(capsys: pytest.CaptureFixture[str]) -> None:
    check_function("f", lambda n: n + 1, abs, range(3), slips=((lambda n: n + 1, "off by one."),))
    assert capsys.readouterr().out.strip() == (
        "Not yet: off by one. (with n = 0, f gives 1, but it should give 0.)"
    )
    check_function("f", lambda n: 7, abs, range(3), hint=lambda n, got, want: f"{got} at {n}.")
    assert capsys.readouterr().out.strip().startswith("Not yet: 7 at 0. (with n = 0")
    check_function("f", lambda n: 7, abs, range(3), slips=((lambda n: 1 // n, "never said."),))
    assert capsys.readouterr().out.strip().startswith("Not yet: with n = 0, f gives 7")


def test_the_right_answers_still_say_right(capsys: pytest.CaptureFixture[str]) -> None:
    l01.check_steady_gain(3.0, A, B, EASY)
    l02.check_points_by_hand(SMALL.total, SMALL)
    l02.check_groups_by_hand(len(SMALL.groups()), SMALL)
    l02.check_group_sizes(lambda board: sorted(g.size for g in board.groups()))
    l02.check_card_shapes(len(l02.card_shapes()))
    l03.check_placements(12, 39, PLACING, NEWCOMER)
    l03.check_first_empty(5, seed=6)
    l03.check_reach_plum(3, BEST)
    lines = capsys.readouterr().out.splitlines()
    assert all(line.startswith("✓ Right!") for line in lines) and len(lines) == 9, lines
