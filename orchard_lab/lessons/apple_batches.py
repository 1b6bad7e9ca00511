"""The checks of lesson 01 (apple batches), one per exercise, with hints in words.

Every expected answer is computed from the engine, never typed in, so a check cannot
disagree with the game.

>>> check_first_win(...)
Not answered yet: replace ... in first_win with your answer.
>>> check_first_win(3)
Not yet: at n = 3 both batches score 6: is that more?
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from numbers import Integral
from typing import Any

import numpy as np

from orchard_lab import apple_batches as ab
from orchard_lab import sequences as seq
from orchard_lab.language import _
from orchard_lab.lessons.checks import (
    check,
    check_function,
    check_gain,
    check_own_rules,
)
from orchard_lab.lessons.timing import Pace

__all__ = [
    "FEATHER_DEALS",
    "OWN_FEATHER_GOAL",
    "PACE",
    "SWEET_COUPLE_PER_APPLE",
    "check_card_triples",
    "check_first_win",
    "check_helps_more",
    "check_is_odd_prime",
    "check_monochrome_points",
    "check_most_fortepiano",
    "check_overtake",
    "check_own_feather",
    "check_steady_gain",
    "check_three_parts",
    "check_twelfth",
    "first_overtake",
]

PACE = Pace(moves=ab.CARDS_PER_PLAYER, seconds=40)  # 8 batches to weigh up
SWEET_COUPLE_PER_APPLE = 3.5  # 7 points for a pair of apples
_SEQUENCE = {"monochrome": "triangular", "feather": "pronic", "unlucky": "square"}
# "Invent a feather batch": greedy solo players put at least this many apples in it on
# average, and score at most this many points on average, over the deals of Investigation 4
OWN_FEATHER_GOAL = (2, 40)
FEATHER_DEALS = 2000


def check_monochrome_points(function: Callable[[int], int] | Any) -> None:
    """Exercise 1: a loop that adds 1 + 2 + … + n gives the monochrome batch's points.

    >>> check_monochrome_points(lambda n: n * (n + 1) // 2)
    ✓ Right! Adding 1 + 2 + … + n gives the triangular numbers.
    >>> check_monochrome_points(lambda n: sum(range(n)))
    Not yet: your loop stops one apple early: the n-th apple adds n too, so count up to n
    itself, with range(1, n + 1). (with n = 1, monochrome_points gives 0, but it should
    give 1.)
    """
    t = seq.triangular
    check_function(
        "monochrome_points", function, t, range(13),
        explanation="Adding 1 + 2 + … + n gives the triangular numbers.",
        slips=(
            (lambda n: t(n - 1) if n else 0, "your loop stops one apple early: the n-th apple "
             "adds n too, so count up to n itself, with range(1, n + 1)."),
            (lambda n: n, "that counts the apples; each apple adds its own number of points: "
             "1 + 2 + … + n."),
            (lambda n: t(n) + 1, "one point too many: start the total at 0, not at 1."),
            (seq.pronic, "that is the feather batch's n(n − 1); the monochrome batch adds "
             "1 + 2 + … + n."),
        ),
    )  # fmt: skip


def _whole(answer: Any) -> bool:
    """Whether ``answer`` is a whole number (numpy's too), not a bool."""
    return isinstance(answer, Integral) and not isinstance(answer, bool)


def _first_win() -> int:
    return min(n for n in range(1, 13) if seq.pronic(n) > seq.triangular(n))


def _first_win_hint(answer: Any) -> str | None:
    if not _whole(answer) or not 1 <= answer <= 12:
        return "give a number of apples from 1 to 12."
    feather, mono = seq.pronic(answer), seq.triangular(answer)
    if feather == mono:
        return f"at n = {answer} both batches score {mono}: is that more?"
    if feather < mono:
        mono_said = f"the monochrome batch {mono}"
        return f"at n = {answer} the feather batch scores {feather}, {mono_said}: less."
    return f"at n = {answer} the feather batch does win, but is it the first size where it does?"


def check_first_win(answer: Any) -> None:
    """Exercise 2: the smallest batch where the feather batch beats a monochrome batch.

    >>> check_first_win(5)
    Not yet: at n = 5 the feather batch does win, but is it the first size where it does?
    >>> check_first_win("4")
    Not yet: your answer is text in quotes; write the number without the quotes.
    """
    check(
        "first_win", answer, _first_win(), _first_win_hint,
        explanation="From 4 apples on, the feather batch scores more: 2n − 2 > n + 1.",
    )  # fmt: skip


def check_is_odd_prime(function: Callable[[int], bool] | Any) -> None:
    """Exercise 3: a test that says True exactly for the odd primes (checked up to 100).

    >>> check_is_odd_prime(lambda k: k in {3, 5, 7})
    Not yet: with k = 11, is_odd_prime gives False, but it should give True.
    """
    odd_primes = set(seq.sieve(100)) - {2}

    def hint(k: int, said: Any, _wanted: bool) -> str | None:
        if k == 2:
            return "2 is a prime, but not an odd one: the steady height batch starts at 3."
        if k < 2:
            return f"{k} is not a prime: a prime has exactly two divisors, 1 and itself."
        if k % 2 == 0:
            return f"{k} is even, so it is not an odd prime."
        if said and round(k**0.5) ** 2 == k:
            return (
                f"{k} = {round(k**0.5)} × {round(k**0.5)}: let the divisors d go up to √k "
                "itself, with range(3, int(k**0.5) + 1, 2)."
            )
        if said:
            divisor = next(d for d in range(3, k) if k % d == 0)
            return f"{k} is odd, but {divisor} divides it: an odd number is not always prime."
        return None

    check_function(
        "is_odd_prime", function, lambda k: k in odd_primes, range(101), argument="k",
        explanation="Your test agrees with the sieve on every number up to 100.", hint=hint,
        slips=[
            (odd, "an odd number is not always prime: 9 = 3 × 3 is odd. Test the divisors "
             "d from 3 up to √k with k % d == 0.")
            for odd in (lambda k: k > 2 and k % 2 == 1, lambda k: k % 2 == 1)
        ],
    )  # fmt: skip


def check_twelfth(batch: str, answer: Any) -> None:
    """Exercise 4: what the 12th apple adds to a monochrome or a feather batch.

    >>> check_twelfth("feather", 132)
    Not yet: 132 is what the whole batch of 12 apples scores; what does the 12th apple add?
    >>> check_twelfth("monochrome", 12)
    ✓ Right!
    >>> check_twelfth("feather", 12)
    Not yet: 12 is what the 12th apple adds to a monochrome batch; in the feather batch the
    1st apple adds 0, the 2nd adds 2, the 3rd adds 4: what does the 12th add?
    """
    name = _SEQUENCE[batch]
    whole = seq.value(name, 12)
    hints = {
        whole: f"{whole} is what the whole batch of 12 apples scores; what does the 12th "
        "apple add?",
        seq.value(name, 11): "that is the score of 11 apples; what does the 12th apple add?",
        seq.difference(name, 11): "that is what the 11th apple adds: the 12th is one apple "
        "further.",
    }
    if batch == "feather":
        steps = "the 1st apple adds 0, the 2nd adds 2, the 3rd adds 4: what does the 12th add?"
        hints[24] = steps
        mono = seq.difference("triangular", 12)
        hints[mono] = (
            f"{mono} is what the 12th apple adds to a monochrome batch; in the "
            f"feather batch {steps}"
        )
    check(f"twelfth_{batch}", answer, seq.difference(name, 12), hints)


def first_overtake(batch: str) -> int | None:
    """The smallest batch size at which ``batch`` pays more than 3.5 points per apple.

    >>> [first_overtake(b) for b in ("monochrome", "feather", "unlucky")]
    [7, 5, 4]
    """
    sizes = range(1, ab.BATCH_CAPACITY + 1)
    name = _SEQUENCE[batch]
    return next((n for n in sizes if seq.value(name, n) / n > SWEET_COUPLE_PER_APPLE), None)


def check_overtake(batch: str, answer: Any) -> None:
    """Investigation 1: the smallest size at which a batch beats 3.5 points per apple.

    >>> check_overtake("monochrome", 6)
    Not yet: 6 apples score 21 in the monochrome batch, 3.5 per apple: not more than 3.5.
    """
    name = _SEQUENCE[batch]

    def hint(answer: Any) -> str | None:
        if answer == SWEET_COUPLE_PER_APPLE:
            return "3.5 is the points per apple to beat; the answer is a number of apples."
        if not _whole(answer) or not 1 <= answer <= ab.BATCH_CAPACITY:
            return "give a number of apples from 1 to 12."
        points = seq.value(name, answer)
        each = f"{points / answer:.3g}"
        said = f"{answer} apples score {points} in the {ab.BATCH_NAMES[batch]}, {each} per apple"
        if points / answer <= SWEET_COUPLE_PER_APPLE:
            return f"{said}: not more than 3.5."
        return f"{said}: more than 3.5, but does a smaller batch already beat 3.5?"

    check(f"overtake_{batch}", answer, first_overtake(batch), hint)


def _parts_hint(answer: Any) -> str | None:
    if not isinstance(answer, list | tuple | set):
        return "write a list of sums, like [(5, 5, 3), (4, 4, 4)]."
    for parts in answer:
        if not isinstance(parts, tuple | list) or len(parts) != 3:
            return f"{parts} is not three sweetnesses: write each sum as (a, b, c)."
        if max(parts) > 5 or min(parts) < 1:
            return f"in {parts}, a sweetness is always from 1 to 5."
        if sum(parts) != 13:
            return f"{' + '.join(map(str, parts))} = {sum(parts)}, not 13."
    ordered = [tuple(sorted(parts, reverse=True)) for parts in answer]
    if len(set(ordered)) < len(ordered):
        return "two of your sums use the same sweetnesses in another order: list each once."
    return f"you have {len(ordered)} of them; there are {len(ab.partitions_of_13(parts=3))}."


def check_three_parts(answer: Any) -> None:
    """Investigation 2 (a): the ways to make 13 with exactly three sweetnesses.

    >>> check_three_parts([(5, 5, 3), (4, 4, 5), (6, 4, 3)])
    Not yet: in (6, 4, 3), a sweetness is always from 1 to 5.
    >>> check_three_parts([(5, 3, 5), (5, 4, 4)])
    ✓ Right!
    """
    expected = sorted(ab.partitions_of_13(parts=3))
    ordered = answer
    if isinstance(answer, list | tuple | set) and all(isinstance(p, tuple | list) for p in answer):
        ordered = sorted(tuple(sorted(p, reverse=True)) for p in answer)
        if len(ordered) != len(answer) or len(set(ordered)) != len(ordered):
            ordered = answer  # repeats: let the hint say so
    check("three_parts", ordered, expected, lambda _answer: _parts_hint(answer))


def check_card_triples(answer: Any) -> None:
    """Investigation 2 (b): the sets of three cards of the deck whose sweetness makes 13.

    >>> check_card_triples(1575)
    Not yet: that counts one of the two sums; add the sets for the other one.
    """
    half = comb(15, 2) * 15
    check(
        "card_triples", answer, ab.ways_to_make_13(3),
        {
            2: "that counts the sums; every sweetness is on 15 cards, so each sum is many sets.",
            half: "that counts one of the two sums; add the sets for the other one.",
            2 * 15**3: "15 × 15 × 15 counts ordered draws; two 5s or two 4s may come in "
            "either order, so pick the pair with comb(15, 2).",
        },
        explanation="3150 sets of three cards out of comb(75, 3) = 67525.",
    )  # fmt: skip


def check_most_fortepiano(answer: Any) -> None:
    """Investigation 3: the most a fortepiano batch of 12 apples can score.

    >>> check_most_fortepiano(8)
    Not yet: 8 is the best single pair; how many pairs fit in a batch of 12 apples?
    """
    check(
        "most_fortepiano", answer, ab.best_batch_points("fortepiano", ab.BATCH_CAPACITY),
        {
            8: "8 is the best single pair; how many pairs fit in a batch of 12 apples?",
            96: "12 apples make 6 pairs, not 12.",
            24: "a pair scores twice its height gap: 2 × |1 − 5| = 8.",
        },
    )  # fmt: skip


def check_steady_gain(
    answer: Any, steady_any: np.ndarray, standard: np.ndarray, easy: np.ndarray | None = None
) -> None:
    """Investigation 4: the mean gain of "any earlier apple" over the standard rules
    (``easy``: the scores of easy mode, whose gain is the previous answer).

    >>> a, b = np.array([[3.0], [5.0]]), np.array([[1.0], [2.0]])
    >>> check_steady_gain(2.5, a, b)
    ✓ Right!
    >>> check_steady_gain(4.0, a, b)
    Not yet: that is the mean of "any earlier apple"; subtract the mean of the standard rules.
    >>> check_steady_gain(-2.5, a, b)
    Not yet: that is the standard rules minus "any earlier apple": the other way round.
    >>> check_steady_gain(6.0, a, b, easy=np.array([[7.0], [8.0]]))
    Not yet: that is the gain of easy mode, the experiment before; this one is "any earlier
    apple".
    """
    slips = {}
    if easy is not None:
        slips[float(np.mean(easy) - np.mean(standard))] = (
            'that is the gain of easy mode, the experiment before; this one is "any earlier apple".'
        )
    words = ('"any earlier apple"', "the standard rules")
    check_gain("steady_gain", answer, steady_any, standard, words, slips)


def check_helps_more(answer: Any, standard: np.ndarray, changed: dict[str, np.ndarray]) -> None:
    """Investigation 4: which rule change helps more, compared with the ``standard`` scores.

    ``changed`` maps each change, in words, to its table of final scores.

    >>> standard = np.array([[30.0], [32.0]])
    >>> easy, any_earlier = np.array([[34.0], [36.0]]), np.array([[31.0], [33.0]])
    >>> changed = {"easy mode": easy, "any earlier apple": any_earlier}
    >>> check_helps_more("Easy mode", standard, changed)
    ✓ Right!
    >>> check_helps_more("more", standard, changed)
    Not yet: write "easy mode" or "any earlier apple", the change with the bigger mean gain.
    >>> check_helps_more("any earlier apple", standard, changed)
    Not yet: any earlier apple adds 1 point on average, easy mode adds 4: which is bigger?
    >>> check_helps_more(4.0, standard, changed)
    Not yet: write the change in words, "easy mode" or "any earlier apple", not its gain.
    """
    gains = {name: float(np.mean(table) - np.mean(standard)) for name, table in changed.items()}
    best = max(gains, key=gains.__getitem__)
    said = answer.strip().lower() if isinstance(answer, str) else answer
    choices = " or ".join(f'"{name}"' for name in gains)

    def hint(answer: Any) -> str | None:
        if isinstance(answer, int | float | np.number) and not isinstance(answer, bool):
            return f"write the change in words, {choices}, not its gain."
        if answer in gains:
            return (
                f"{answer} adds {gains[answer]:.3g} point{'s' * (gains[answer] != 1)} on "
                f"average, {best} adds {gains[best]:.3g}: which is bigger?"
            )
        return None

    check(
        "helps_more", said, best, hint,
        otherwise=f"write {choices}, the change with the bigger mean gain.",
    )  # fmt: skip


def check_own_feather(answer: Any) -> None:
    """Investigation 5: points of the pupil's own for the feather batch (1, 2, ... 12 apples)
    that make greedy solo players put at least 2 apples in it on average, while the mean
    score stays at most 40, over the 2,000 deals of Investigation 4 (seed 0). Many answers
    pass; the check says what the pupil's points give.

    >>> check_own_feather(tuple(range(2, 26, 2)))
    ✓ Right! Greedy players put 2.14 apples in your feather batch and score 31.8 points on
    average.
    >>> check_own_feather(ab.PRONIC)
    Not yet: greedy players put 0.89 apples in your feather batch, fewer than 2. The greedy
    player looks only at what the next apple adds: what do your 1st, 2nd and 3rd apples add?
    >>> check_own_feather(tuple(range(10, 130, 10)))
    Not yet: greedy players put 2.60 apples in your feather batch, but score 52.3 points on
    average, more than 40: make the points smaller.
    >>> check_own_feather((1, 2, 3))
    Not yet: the feather batch needs 12 points, one for each of 1, 2, ... 12 apples, each a
    whole number from 0 to 999.
    """
    apples, most = OWN_FEATHER_GOAL

    def verdict(rules: ab.Rules) -> tuple[bool, str]:
        use = ab.batch_use(FEATHER_DEALS, 1, "greedy", seed=0, rules=rules)
        put = use[ab.BATCH_NAMES["feather"]]
        mean = float(ab.simulate(FEATHER_DEALS, 1, "greedy", seed=0, rules=rules).mean())
        where = f"greedy players put {put:.2f} apples in your feather batch"
        if put < apples:
            return False, (
                f"{where}, fewer than {apples}. The greedy player looks only at what the next "
                "apple adds: what do your 1st, 2nd and 3rd apples add?"
            )
        if mean > most:
            return False, (
                f"{where}, but score {mean:.1f} points on average, more than {most}: make the "
                "points smaller."
            )
        return True, f"{where} and score {mean:.1f} points on average."

    check_own_rules(
        "my_feather", answer, verdict, lambda values: ab.Rules(feather_points=values),
        f"the feather batch needs {ab.BATCH_CAPACITY} points, one for each of 1, 2, ... "
        f"{ab.BATCH_CAPACITY} apples, each a whole number from 0 to {ab.MAX_TABLE_POINTS}.",
        count=ab.BATCH_CAPACITY, unit="apples", what=_("the 12 points"),
        example="(2, 4, 6, ...)", formula="2n",
    )  # fmt: skip
