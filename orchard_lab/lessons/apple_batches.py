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
from orchard_lab.core import switches
from orchard_lab.game_base import listed
from orchard_lab.language import _, _n
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
        explanation=_("Adding 1 + 2 + … + n gives the triangular numbers."),
        slips=(
            # Translators: range(1, n + 1) is the pupil's Python code: keep it as it is
            (lambda n: t(n - 1) if n else 0, _("your loop stops one apple early: the n-th "
             "apple adds n too, so count up to n itself, with range(1, n + 1).")),
            (lambda n: n, _("that counts the apples; each apple adds its own number of "
             "points: 1 + 2 + … + n.")),
            (lambda n: t(n) + 1, _("one point too many: start the total at 0, not at 1.")),
            (seq.pronic, _("that is the feather batch's n(n − 1); the monochrome batch adds "
             "1 + 2 + … + n.")),
        ),
    )  # fmt: skip


def _whole(answer: Any) -> bool:
    """Whether ``answer`` is a whole number (numpy's too), not a bool."""
    return isinstance(answer, Integral) and not isinstance(answer, bool)


def _first_win() -> int:
    return min(n for n in range(1, 13) if seq.pronic(n) > seq.triangular(n))


def _apples_wanted() -> str:
    """The hint for an answer that is not a number of apples a batch can hold."""
    return _("give a number of apples from 1 to {most}.").format(most=ab.BATCH_CAPACITY)


def _first_win_hint(answer: Any) -> str | None:
    if not _whole(answer) or not 1 <= answer <= ab.BATCH_CAPACITY:
        return _apples_wanted()
    feather, mono = seq.pronic(answer), seq.triangular(answer)
    if feather == mono:
        return _("at n = {n} both batches score {points}: is that more?").format(
            n=answer, points=mono
        )
    if feather < mono:
        less = _(
            "at n = {n} the feather batch scores {feather}, the monochrome batch {mono}: less."
        )
        return less.format(n=answer, feather=feather, mono=mono)
    return _(
        "at n = {n} the feather batch does win, but is it the first size where it does?"
    ).format(n=answer)


def check_first_win(answer: Any) -> None:
    """Exercise 2: the smallest batch where the feather batch beats a monochrome batch.

    >>> check_first_win(5)
    Not yet: at n = 5 the feather batch does win, but is it the first size where it does?
    >>> check_first_win("4")
    Not yet: your answer is text in quotes; write the number without the quotes.
    """
    check(
        "first_win", answer, _first_win(), _first_win_hint,
        explanation=_("From 4 apples on, the feather batch scores more: 2n − 2 > n + 1."),
    )  # fmt: skip


def check_is_odd_prime(function: Callable[[int], bool] | Any) -> None:
    """Exercise 3: a test that says True exactly for the odd primes (checked up to 100).

    >>> check_is_odd_prime(lambda k: k in {3, 5, 7})
    Not yet: with k = 11, is_odd_prime gives False, but it should give True.
    """
    odd_primes = set(seq.sieve(100)) - {2}

    def hint(k: int, said: Any, _wanted: bool) -> str | None:
        if k == 2:
            return _("2 is a prime, but not an odd one: the steady height batch starts at 3.")
        if k < 2:
            return _("{k} is not a prime: a prime has exactly two divisors, 1 and itself.").format(
                k=k
            )
        if k % 2 == 0:
            return _("{k} is even, so it is not an odd prime.").format(k=k)
        if said and round(k**0.5) ** 2 == k:
            # Translators: d, k and range(3, int(k**0.5) + 1, 2) are the pupil's Python code:
            # keep them as they are
            root = _(
                "{k} = {root} × {root}: let the divisors d go up to √k itself, with "
                "range(3, int(k**0.5) + 1, 2)."
            )
            return root.format(k=k, root=round(k**0.5))
        if said:
            divisor = next(d for d in range(3, k) if k % d == 0)
            odd = _("{k} is odd, but {divisor} divides it: an odd number is not always prime.")
            return odd.format(k=k, divisor=divisor)
        return None

    # Translators: d, k and k % d == 0 are the pupil's Python code: keep them as they are
    not_always = _(
        "an odd number is not always prime: 9 = 3 × 3 is odd. Test the divisors d "
        "from 3 up to √k with k % d == 0."
    )
    check_function(
        "is_odd_prime", function, lambda k: k in odd_primes, range(101), argument="k",
        explanation=_("Your test agrees with the sieve on every number up to 100."), hint=hint,
        slips=[
            (odd, not_always) for odd in (lambda k: k > 2 and k % 2 == 1, lambda k: k % 2 == 1)
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
        whole: _(
            "{whole} is what the whole batch of 12 apples scores; what does the 12th apple add?"
        ).format(whole=whole),
        seq.value(name, 11): _("that is the score of 11 apples; what does the 12th apple add?"),
        seq.difference(name, 11): _(
            "that is what the 11th apple adds: the 12th is one apple further."
        ),
    }
    if batch == "feather":
        hints[24] = _(
            "the 1st apple adds 0, the 2nd adds 2, the 3rd adds 4: what does the 12th add?"
        )
        mono = seq.difference("triangular", 12)
        hints[mono] = _(
            "{mono} is what the 12th apple adds to a monochrome batch; in the feather batch the "
            "1st apple adds 0, the 2nd adds 2, the 3rd adds 4: what does the 12th add?"
        ).format(mono=mono)
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
        beat = SWEET_COUPLE_PER_APPLE
        if answer == beat:
            return _(
                "{beat} is the points per apple to beat; the answer is a number of apples."
            ).format(beat=beat)
        if not _whole(answer) or not 1 <= answer <= ab.BATCH_CAPACITY:
            return _apples_wanted()
        points = seq.value(name, answer)
        fields = dict(
            count=answer, points=points, batch=_(ab.BATCH_NAMES[batch]),
            each=f"{points / answer:.3g}", beat=beat,
        )  # fmt: skip
        if points / answer <= beat:
            # Translators: {batch} is a batch's name (monochrome, feather, unlucky 13), {each}
            # the points per apple, {beat} 3.5
            return _n(
                "{count} apple scores {points} in the {batch}, {each} per apple: not more than "
                "{beat}.",
                "{count} apples score {points} in the {batch}, {each} per apple: not more than "
                "{beat}.",
                int(answer),
            ).format(**fields)
        # Translators: as the sentence above, when the batch beats {beat} points per apple
        return _n(
            "{count} apple scores {points} in the {batch}, {each} per apple: more than {beat}, "
            "but does a smaller batch already beat {beat}?",
            "{count} apples score {points} in the {batch}, {each} per apple: more than {beat}, "
            "but does a smaller batch already beat {beat}?",
            int(answer),
        ).format(**fields)

    check(f"overtake_{batch}", answer, first_overtake(batch), hint)


def _parts_hint(answer: Any) -> str | None:
    if not isinstance(answer, list | tuple | set):
        # Translators: [(5, 5, 3), (4, 4, 4)] is Python the pupil types: keep it as it is
        return _("write a list of sums, like [(5, 5, 3), (4, 4, 4)].")
    for parts in answer:
        if not isinstance(parts, tuple | list) or len(parts) != 3:
            # Translators: {parts} and (a, b, c) are Python the pupil types: keep them
            return _("{parts} is not three sweetnesses: write each sum as (a, b, c).").format(
                parts=parts
            )
        if max(parts) > 5 or min(parts) < 1:
            return _("in {parts}, a sweetness is always from 1 to 5.").format(parts=parts)
        if sum(parts) != 13:
            return _("{terms} = {total}, not 13.").format(
                terms=" + ".join(map(str, parts)), total=sum(parts)
            )
    ordered = [tuple(sorted(parts, reverse=True)) for parts in answer]
    if len(set(ordered)) < len(ordered):
        return _("two of your sums use the same sweetnesses in another order: list each once.")
    return _("you have {count} of them; there are {total}.").format(
        count=len(ordered), total=len(ab.partitions_of_13(parts=3))
    )


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
            2: _("that counts the sums; every sweetness is on 15 cards, so each sum is many "
                 "sets."),
            half: _("that counts one of the two sums; add the sets for the other one."),
            # Translators: comb(15, 2) is Python the pupil types: keep it as it is
            2 * 15**3: _("15 × 15 × 15 counts ordered draws; two 5s or two 4s may come in "
                         "either order, so pick the pair with comb(15, 2)."),
        },
        # Translators: comb(75, 3) is Python the pupil types: keep it as it is
        explanation=_("3150 sets of three cards out of comb(75, 3) = 67525."),
    )  # fmt: skip


def check_most_fortepiano(answer: Any) -> None:
    """Investigation 3: the most a fortepiano batch of 12 apples can score.

    >>> check_most_fortepiano(8)
    Not yet: 8 is the best single pair; how many pairs fit in a batch of 12 apples?
    """
    check(
        "most_fortepiano", answer, ab.best_batch_points("fortepiano", ab.BATCH_CAPACITY),
        {
            8: _("8 is the best single pair; how many pairs fit in a batch of 12 apples?"),
            96: _("12 apples make 6 pairs, not 12."),
            24: _("a pair scores twice its height gap: 2 × |1 − 5| = 8."),
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
    # Translators: a rule switch's option named in a sentence, in quotation marks
    any_earlier = _('"{option}"').format(option=_switch_words("steady_reference", "any"))
    slips = {}
    if easy is not None:
        # Translators: {easy} is the rule switch "easy mode", {option} "any earlier apple" in
        # quotation marks, as the rule switches name them
        before = _("that is the gain of {easy}, the experiment before; this one is {option}.")
        slips[float(np.mean(easy) - np.mean(standard))] = before.format(
            easy=_switch_words("easy"), option=any_earlier
        )
    words = (any_earlier, _("the standard rules"))
    check_gain("steady_gain", answer, steady_any, standard, words, slips)


def _switch_words(name: str, value: Any = None) -> str:
    """A rule switch of apple batches in the session's language, as the rule switches show
    it: its label, or with ``value`` the label of that option.

    >>> _switch_words("easy"), _switch_words("steady_reference", "any")
    ('easy mode', 'any earlier apple')
    """
    found = next(each for each in switches(ab.Rules) if each.name == name)
    if value is None:
        return _(found.label)
    return _(next(label for label, option in found.options if option == value))


def _plural_count(shown: str) -> int:
    """The count ``_n`` picks a plural form by for a number written ``shown``: the number
    itself when it is whole, else 2, a plural ("0.5 points", "1.5 points").

    >>> _plural_count("1"), _plural_count("-1"), _plural_count("0"), _plural_count("1.5")
    (1, 1, 0, 2)
    """
    value = float(shown)
    return abs(int(value)) if value.is_integer() else 2


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
    # the changes as the pupil writes them, Python strings in quotes: "easy mode" or "…"
    choices = listed([f'"{name}"' for name in gains], "or")

    def hint(answer: Any) -> str | None:
        if isinstance(answer, int | float | np.number) and not isinstance(answer, bool):
            # Translators: {choices} are the changes in Python quotes, "easy mode" or "…"
            return _("write the change in words, {choices}, not its gain.").format(choices=choices)
        if answer in gains:
            gain = f"{gains[answer]:.3g}"
            # Translators: {change} and {best} are two rule changes ("easy mode"), {gain} and
            # {best_gain} their mean gains in points; the plural form follows {gain}
            bigger = _n(
                "{change} adds {gain} point on average, {best} adds {best_gain}: which is bigger?",
                "{change} adds {gain} points on average, {best} adds {best_gain}: which is bigger?",
                _plural_count(gain),
            )
            return bigger.format(
                change=answer, gain=gain, best=best, best_gain=f"{gains[best]:.3g}"
            )
        return None

    # Translators: {choices} are the changes in Python quotes, "easy mode" or "…"
    otherwise = _("write {choices}, the change with the bigger mean gain.")
    check("helps_more", said, best, hint, otherwise=otherwise.format(choices=choices))


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
        said = dict(put=f"{put:.2f}", mean=f"{mean:.1f}", apples=apples, most=most)
        if put < apples:
            # Translators: greedy is the computer player's name, as on the board; {put} is a
            # mean, a decimal (0.89 apples), {apples} the goal (2)
            few = _(
                "greedy players put {put} apples in your feather batch, fewer than {apples}. "
                "The greedy player looks only at what the next apple adds: what do your "
                "1st, 2nd and 3rd apples add?"
            )
            return False, few.format(**said)
        if mean > most:
            # Translators: greedy is the computer player's name; {put} and {mean} are means,
            # decimals (2.60 apples, 52.3 points), {most} the most points the goal allows (40)
            many = _(
                "greedy players put {put} apples in your feather batch, but score {mean} "
                "points on average, more than {most}: make the points smaller."
            )
            return False, many.format(**said)
        # Translators: the goal met; greedy is the computer player's name, {put} and {mean}
        # are means, decimals (2.14 apples, 31.8 points)
        met = _(
            "greedy players put {put} apples in your feather batch and score {mean} points "
            "on average."
        )
        return True, met.format(**said)

    # Translators: {count} is 12, the apples a batch holds, {most} the most points (999)
    refused = _(
        "the feather batch needs {count} points, one for each of 1, 2, ... {count} "
        "apples, each a whole number from 0 to {most}."
    )
    check_own_rules(
        "my_feather", answer, verdict, lambda values: ab.Rules(feather_points=values),
        refused.format(count=ab.BATCH_CAPACITY, most=ab.MAX_TABLE_POINTS),
        count=ab.BATCH_CAPACITY, unit="apples", what=_("the 12 points"),
        example="(2, 4, 6, ...)", formula="2n",
    )  # fmt: skip
