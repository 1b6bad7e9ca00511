"""Exercise checks: every answer gets a sentence, never a bare ``AssertionError``.

A pupil's copy holds ``...`` where an answer goes; ``check`` says "Not answered yet" for it,
"✓ Right!" for the expected answer, and a hint in words for a wrong one. Set the
environment variable ``ORCHARD_LAB_STRICT_CHECKS=1`` (the test suite does, for the teacher's
copies) and every answer that is not right raises ``AssertionError`` with the same sentence.

The verdicts' own words ("✓ Right!", "Not yet: …", "Not answered yet: …", the usual slips)
are in the session's language (``orchard_lab.language``), which a French or Korean copy of a
lesson sets in its first cell; a lesson's hints are its module's, marked there.

>>> check("first_win", 3, 4, hints={3: "At n = 3 both batches score 6: is that more?"})
Not yet: At n = 3 both batches score 6: is that more?
>>> check("first_win", 4, 4, explanation="From 4 apples on, the feather batch scores more.")
✓ Right! From 4 apples on, the feather batch scores more.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Integral, Number, Real
from typing import Any, TypeVar

import numpy as np

from orchard_lab.language import _, _n

__all__ = [
    "STRICT_VARIABLE",
    "check",
    "check_function",
    "check_gain",
    "check_goal",
    "check_own_rules",
    "near",
    "sequence_slip",
]

STRICT_VARIABLE = "ORCHARD_LAB_STRICT_CHECKS"

Hints = Mapping[Any, str] | Callable[[Any], str | None]
Slips = Sequence[tuple[Callable[..., Any], str]]  # a wrong function a pupil writes, its hint
CaseHint = Callable[[Any, Any, Any], str | None]  # (input, what it gave, what it should give)
RulesT = TypeVar("RulesT")


def near(hints: Mapping[float, str]) -> Callable[[Any], str | None]:
    """Hints for numbers, each said for an answer within 0.01 of its number.

    >>> near({3.5: "that is the mean"})(3.504)
    'that is the mean'
    """

    def hint(answer: Any) -> str | None:
        if isinstance(answer, bool) or not isinstance(answer, Real):
            return None
        return next((said for at, said in hints.items() if abs(float(answer) - at) < 0.01), None)

    return hint


def check_gain(
    name: str,
    answer: Any,
    changed: np.ndarray,
    standard: np.ndarray,
    words: tuple[str, str],
    slips: Mapping[float, str] | None = None,
) -> None:
    """A what-if's gain: the mean of the ``changed`` scores minus the mean of the ``standard``
    ones, to 0.01. ``words`` name the two tables (changed, standard) in the hints for the
    usual slips: the other way round, the changed mean alone, and any ``slips``.

    >>> changed, standard = np.array([[5.0], [6.0]]), np.array([[3.0], [3.0]])
    >>> words = ("the changed rules", "the standard rules")
    >>> check_gain("gain", 2.5, changed, standard, words)
    ✓ Right!
    >>> check_gain("gain", -2.5, changed, standard, words)
    Not yet: that is the standard rules minus the changed rules: the other way round.
    >>> check_gain("gain", 5.5, changed, standard, words)
    Not yet: that is the mean of the changed rules; subtract the mean of the standard rules.
    >>> check_gain("gain", 1.0, changed, standard, words)
    Not yet: take the mean of each table, then subtract: the changed rules minus the standard
    rules.
    """
    new, old = words
    expected = float(np.mean(changed) - np.mean(standard))
    hints = {
        -expected: _("that is {old} minus {new}: the other way round.").format(old=old, new=new),
        float(np.mean(changed)): _("that is the mean of {new}; subtract the mean of {old}.").format(
            new=new, old=old
        ),
        **(slips or {}),
    }
    otherwise = _("take the mean of each table, then subtract: {new} minus {old}.")
    check(
        name, answer, expected, near(hints), tolerance=0.01,
        otherwise=otherwise.format(new=new, old=old),
    )  # fmt: skip


def _unanswered(answer: Any) -> bool:
    """Whether ``answer`` is, or still holds, the placeholder ``...``.

    >>> _unanswered(...), _unanswered([(5, 5, 3), ...]), _unanswered({"a": 1})
    (True, True, False)
    """
    if answer is Ellipsis:
        return True
    if isinstance(answer, Mapping):
        return any(_unanswered(value) for value in answer.values())
    if isinstance(answer, list | tuple | set | frozenset):
        return any(_unanswered(item) for item in answer)
    return False


def _equal(answer: Any, expected: Any, tolerance: float) -> bool:
    """``answer == expected`` (within ``tolerance`` for numbers), False when not comparable."""
    if isinstance(answer, bool) != isinstance(expected, bool):
        return False
    if tolerance and isinstance(answer, Number) and isinstance(expected, Number):
        return math.isclose(float(answer), float(expected), abs_tol=tolerance)  # type: ignore[arg-type]
    try:
        return bool(answer == expected)
    except (TypeError, ValueError):  # e.g. a numpy array has no single truth value
        return False


def _hint(answer: Any, expected: Any, hints: Hints | None, otherwise: str) -> str:
    """The sentence for a wrong answer: a number written as text, a specific hint, an empty
    answer, or ``otherwise``."""
    if isinstance(answer, str) and isinstance(expected, Number) and not isinstance(expected, bool):
        return _("your answer is text in quotes; write the number without the quotes.")
    if callable(hints):
        said = hints(answer)
        if said:
            return said
    elif hints:
        for wrong, said in hints.items():
            if _equal(answer, wrong, 0):
                return said
    if answer is None:
        return _("the answer is empty (None): did you forget a return, or write print instead?")
    return otherwise or _("that is not the answer yet. Look again and try once more.")


def _right(explanation: str = "") -> str:
    """The verdict of a right answer, with its ``explanation`` if any."""
    if not explanation:
        return _("✓ Right!")
    return _("✓ Right! {explanation}").format(explanation=explanation)


def _not_yet(hint: str) -> str:
    return _("Not yet: {hint}").format(hint=hint)


def _not_answered(name: str) -> str:
    return _("Not answered yet: replace ... in {name} with your answer.").format(name=name)


def _say(right: bool, message: str) -> None:
    """Print ``message``; in strict mode a wrong answer raises it instead."""
    if not right and os.environ.get(STRICT_VARIABLE) == "1":
        raise AssertionError(message)
    print(message)


def check(
    name: str,
    answer: Any,
    expected: Any,
    hints: Hints | None = None,
    *,
    otherwise: str = "",
    explanation: str = "",
    tolerance: float = 0.0,
) -> None:
    """Print whether ``answer`` (the pupil's ``name``) equals ``expected``, in a sentence.

    ``hints`` maps common wrong answers to a hint (or is a function from the answer to a
    hint or None); ``otherwise`` is said for any other wrong answer; ``explanation`` follows
    "✓ Right!"; numbers within ``tolerance`` of ``expected`` count as right.

    >>> check("twelfth", ..., 12)
    Not answered yet: replace ... in twelfth with your answer.
    >>> check("twelfth", "12", 12)
    Not yet: your answer is text in quotes; write the number without the quotes.
    >>> check("chance", 0.0467, 126 / 2701, tolerance=0.001)
    ✓ Right!
    """
    if _unanswered(answer):
        _say(False, _not_answered(name))
    elif _equal(answer, expected, tolerance):
        _say(True, _right(explanation))
    else:
        _say(False, _not_yet(_hint(answer, expected, hints, otherwise)))


def sequence_slip(
    said: Any, *, count: int, unit: str, what: str, example: str, formula: str
) -> str | None:
    """The slip in a pupil's own sequence (a goal check's answer) before it is tried: text
    not yet read by ``read_sequence``, or not a list of whole numbers; None if neither.
    ``count`` values of ``unit`` are wanted (``UNITS``: "apples", "sizes" or "steps");
    ``what`` (in the session's language), ``example`` and ``formula`` word the hint.

    >>> sequence_slip("3n", count=4, unit="steps", what="the ladder", example="(1, 5, 10, 20)",
    ...               formula="3n")
    'read your text first: read_sequence("3n", 4), for 4 steps.'
    >>> sequence_slip(2.5, count=4, unit="steps", what="the ladder", example="(1, 5, 10, 20)",
    ...               formula="3n")
    'write the ladder as whole numbers, like (1, 5, 10, 20), or as read_sequence("3n", 4).'
    """
    if isinstance(said, str):
        slip = _('read your text first: read_sequence("{said}", {count}), for {amount}.')
        return slip.format(said=said, count=count, amount=_amount(unit, count))
    if not isinstance(said, tuple | list) or not all(
        isinstance(value, Integral) and not isinstance(value, bool) for value in said
    ):
        slip = _(
            "write {what} as whole numbers, like {example}, or as "
            'read_sequence("{formula}", {count}).'
        )
        return slip.format(what=what, example=example, formula=formula, count=count)
    return None


UNITS = ("apples", "sizes", "steps")  # what a goal check's sequence counts


def _amount(unit: str, count: int) -> str:
    """``count`` ``unit`` (one of ``UNITS``) in the session's language: "4 steps"."""
    if unit == "apples":
        return _n("{count} apple", "{count} apples", count).format(count=count)
    if unit == "sizes":
        return _n("{count} size", "{count} sizes", count).format(count=count)
    if unit == "steps":
        return _n("{count} step", "{count} steps", count).format(count=count)
    raise ValueError(f"unit must be one of {', '.join(UNITS)}, got {unit!r}")


def check_goal(name: str, answer: Any, verdict: Callable[[Any], tuple[bool, str]]) -> None:
    """Print whether ``answer`` (the pupil's ``name``) meets a goal that many answers meet:
    ``verdict(answer)`` says whether it does and, in a sentence, what the answer gave (said
    after "Not yet:" as it is, after "✓ Right!" with a capital letter).

    >>> goal = lambda n: (n > 10, f"{n} is {'more' if n > 10 else 'not more'} than 10.")
    >>> check_goal("big", 12, goal)
    ✓ Right! 12 is more than 10.
    >>> check_goal("big", 3, goal)
    Not yet: 3 is not more than 10.
    >>> check_goal("big", ..., goal)
    Not answered yet: replace ... in big with your answer.
    """
    if _unanswered(answer):
        _say(False, _not_answered(name))
        return
    met, sentence = verdict(answer)
    _say(met, _right(f"{sentence[:1].upper()}{sentence[1:]}") if met else _not_yet(sentence))


def check_own_rules(
    name: str,
    answer: Any,
    verdict: Callable[[RulesT], tuple[bool, str]],
    rules: Callable[[tuple[int, ...]], RulesT],
    refused: str,
    *,
    count: int,
    unit: str,
    what: str,
    example: str,
    formula: str,
) -> None:
    """``check_goal`` for a goal that rules of the pupil's own meet: the pupil's sequence
    ``answer`` (their ``name``) makes the rules ``rules(values)``, and ``verdict(rules)`` says
    whether they meet the goal. A sequence that makes no rules is not yet, with the reason: its
    slip (``sequence_slip``, with the words ``count`` to ``formula``), or ``refused`` when the
    rules refuse the values (ValueError).

    >>> def ladder(values):
    ...     if list(values) != sorted(set(values)):
    ...         raise ValueError("not climbing")
    ...     return values
    >>> def tall(values):
    ...     return values[-1] >= 10, f"the ladder climbs to {values[-1]}."
    >>> words = dict(count=4, unit="steps", what="the ladder", example="(1, 5, 10, 20)",
    ...              formula="3n")
    >>> check_own_rules("my_ladder", [3, 6, 9, 12], tall, ladder, "a ladder climbs.", **words)
    ✓ Right! The ladder climbs to 12.
    >>> check_own_rules("my_ladder", [4, 2], tall, ladder, "a ladder climbs.", **words)
    Not yet: a ladder climbs.
    >>> check_own_rules("my_ladder", "3n", tall, ladder, "a ladder climbs.", **words)
    Not yet: read your text first: read_sequence("3n", 4), for 4 steps.
    """

    def rules_verdict(said: Any) -> tuple[bool, str]:
        slip = sequence_slip(
            said, count=count, unit=unit, what=what, example=example, formula=formula
        )
        if slip:
            return False, slip
        try:
            made = rules(tuple(int(value) for value in said))
        except ValueError:
            return False, refused
        return verdict(made)

    check_goal(name, answer, rules_verdict)


def check_function(
    name: str,
    function: Any,
    reference: Callable[[Any], Any],
    inputs: Iterable[Any],
    *,
    argument: str = "n",
    explanation: str = "",
    slips: Slips = (),
    hint: CaseHint | None = None,
) -> None:
    """Print whether ``function`` (the pupil's ``name``) agrees with ``reference`` on ``inputs``.

    A function whose body is still ``...`` (it returns None) is not answered yet; the first
    input where it disagrees or fails is named, with what it gave and what it should give.
    A usual slip is named first, in words: ``slips`` pairs a wrong function a pupil writes
    with its hint (said when the pupil's function gives what that one gives on every input),
    and ``hint`` reads the first input where it disagrees, what it gave and what it should
    give, and returns a hint or None.

    >>> def steady_points(n):
    ...     ...
    >>> check_function("steady_points", steady_points, lambda n: 2 * n + 1, range(1, 4))
    Not answered yet: write the body of steady_points in place of ...
    >>> def steady_points(n):
    ...     return 2 * n
    >>> check_function("steady_points", steady_points, lambda n: 2 * n + 1, range(1, 4))
    Not yet: with n = 1, steady_points gives 2, but it should give 3.
    """
    if function is Ellipsis or not callable(function):
        _say(
            False,
            _("Not answered yet: replace ... in {name} with your function.").format(name=name),
        )
        return
    cases = list(inputs)
    results = []
    for value in cases:
        try:
            results.append(function(value))
        except Exception as error:  # the pupil's code: report it in words
            problem = f"{type(error).__name__}: {error}"
            stopped = _("with {argument} = {value}, {name} stopped with {problem}")
            _say(
                False,
                _not_yet(
                    stopped.format(argument=argument, value=repr(value), name=name, problem=problem)
                ),
            )
            return
    if all(result is None or result is Ellipsis for result in results):
        _say(
            False, _("Not answered yet: write the body of {name} in place of ...").format(name=name)
        )
        return
    for value, result in zip(cases, results, strict=True):
        wanted = reference(value)
        if not _equal(result, wanted, 0):
            case = _(
                "with {argument} = {value}, {name} gives {result}, but it should give {wanted}."
            )
            case = case.format(
                argument=argument,
                value=repr(value),
                name=name,
                result=repr(result),
                wanted=repr(wanted),
            )
            said = _slip(slips, cases, results) or (hint(value, result, wanted) if hint else None)
            _say(
                False, _not_yet(_("{hint} ({case})").format(hint=said, case=case) if said else case)
            )
            return
    _say(True, _right(explanation))


def _slip(slips: Slips, cases: list[Any], results: list[Any]) -> str | None:
    """The hint of the first slip that gives exactly ``results`` on ``cases``, else None."""
    for wrong, said in slips:
        try:
            if all(_equal(r, wrong(v), 0) for v, r in zip(cases, results, strict=True)):
                return said
        except Exception:  # a slip that cannot run on an input is not this one
            continue
    return None
