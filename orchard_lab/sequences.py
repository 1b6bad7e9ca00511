"""The scoring sequences behind the apple batches, and the mathematics that links them.

Four batches of apple batches score with a famous sequence (docs/rules.md, AB-4 and the last
table): monochrome with the triangular numbers, the feather batch with the pronic
numbers, the unlucky batch with the squares and the steady height batch with the odd
primes. This module gives their values, what the n-th card adds, closed forms as LaTeX,
worked examples of the links between them, a sieve of Eratosthenes that records its steps,
and the dots of the figurate numbers for drawing.

>>> from orchard_lab import sequences as seq
>>> seq.first("triangular", 5)
[1, 3, 6, 10, 15]
>>> seq.pronic(6) == 2 * seq.triangular(5)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import Any, NamedTuple

from orchard_lab.core import check_int, points

__all__ = [
    "BATCH_PHRASES",
    "BATCH_SEQUENCE",
    "CARDS_PER_BATCH",
    "CLOSED_FORMS",
    "DIFFERENCE_FORMS",
    "LINKS",
    "MAX_COUNT",
    "MAX_DOTS_N",
    "MAX_ODD_PRIME_INDEX",
    "MAX_SIEVE_LIMIT",
    "MAX_SIEVE_STEPS_LIMIT",
    "NAMES",
    "SEQUENCE_BATCH",
    "SEQUENCE_LABELS",
    "UNLUCKY_MIN_CARDS",
    "SieveStep",
    "as_names",
    "batch_sentence",
    "closed_form",
    "describe_dots",
    "difference",
    "differences",
    "dots",
    "first",
    "link",
    "naturals",
    "odd_numbers",
    "odd_prime",
    "ordinal",
    "pronic",
    "sieve",
    "sieve_steps",
    "square",
    "symbol",
    "triangular",
    "value",
]

NAMES = ("triangular", "pronic", "square", "odd_prime")
CARDS_PER_BATCH = 12  # AB-3: a batch holds at most 12 cards
MAX_COUNT = 100_000  # longest list first()/differences()/naturals()/odd_numbers() build
MAX_ODD_PRIME_INDEX = 100_000  # odd_prime(100_000) == 1_299_721
MAX_SIEVE_LIMIT = 2_000_000
MAX_SIEVE_STEPS_LIMIT = 10_000  # sieve_steps keeps every crossed-out number
MAX_DOTS_N = 100
UNLUCKY_MIN_CARDS = 3  # AB-1, AB-4: sweetness is at most 5, so 13 needs 3 apples or more

SEQUENCE_LABELS = {
    "triangular": "triangular",
    "pronic": "pronic",
    "square": "square",
    "odd_prime": "odd prime",
}
BATCH_SEQUENCE = {
    "monochrome": "triangular",
    "feather": "pronic",
    "unlucky": "square",
    "steady": "odd_prime",
}
SEQUENCE_BATCH = {name: batch for batch, name in BATCH_SEQUENCE.items()}
BATCH_PHRASES = {
    "monochrome": "the monochrome batch",
    "feather": "the feather batch",
    "unlucky": "the unlucky 13 batch",
    "steady": "the steady height batch",
}
# Each sequence in LaTeX: its closed form, the difference of two neighbours, and its link to
# simpler numbers.
_FORMS = {
    "triangular": (
        r"T(n) = \frac{n(n+1)}{2}",
        r"T(n) - T(n-1) = n",
        r"T(n) = 1 + 2 + \dots + n",
    ),
    "pronic": (
        r"P(n) = n(n-1) = 2\,T(n-1)",
        r"P(n) - P(n-1) = 2(n-1)",
        r"n(n-1) = 2\,T(n-1) = 2 + 4 + \dots + 2(n-1)",
    ),
    "square": (
        r"S(n) = n^2",
        r"n^2 - (n-1)^2 = 2n - 1",
        r"n^2 = 1 + 3 + 5 + \dots + (2n-1)",
    ),
    "odd_prime": (
        r"p_n = \text{the } n\text{-th odd prime (no simple formula)}",
        r"p_n - p_{n-1} \text{ (a prime gap; } p_1 - 0 = 3\text{)}",
        r"p_n = 1 \times p_n \text{ is the only rectangle of } p_n \text{ dots}",
    ),
}
CLOSED_FORMS, DIFFERENCE_FORMS, LINKS = (
    {name: forms[i] for name, forms in _FORMS.items()} for i in range(3)
)
_SYMBOLS = {
    "triangular": "T({n})",
    "pronic": "P({n})",
    "square": "{n}²",
    "odd_prime": "odd_prime({n})",
}


class SieveStep(NamedTuple):
    """One step of the sieve of Eratosthenes: ``prime`` crosses out ``crossed_out``.

    Only numbers not crossed out by an earlier, smaller prime are listed.
    """

    prime: int
    crossed_out: tuple[int, ...]


def _name(value: Any, argument: str = "name") -> str:
    if not isinstance(value, str):
        raise TypeError(f"{argument} must be a str, one of {NAMES}, not {type(value).__name__}")
    if value not in NAMES:
        raise ValueError(f"{argument} must be one of {NAMES}, got {value!r}")
    return value


def as_names(names: str | Iterable[str], argument: str = "names") -> tuple[str, ...]:
    """Sequence names checked and without repeats; a single name is allowed.

    >>> as_names(["square", "pronic", "square"])
    ('square', 'pronic')
    """
    if isinstance(names, str):
        return (_name(names, argument),)
    if not isinstance(names, Iterable):
        raise TypeError(f"{argument} must be a list of sequence names from {NAMES}")
    return tuple(dict.fromkeys(_name(item, argument) for item in names))


def triangular(n: int) -> int:
    """T(n) = n(n+1)/2, n >= 0: the monochrome batch's points.

    >>> [triangular(n) for n in range(5)]
    [0, 1, 3, 6, 10]
    """
    n = check_int(n, "n", 0)
    return n * (n + 1) // 2


def pronic(n: int) -> int:
    """n(n-1), n >= 0: the points of the feather batch.

    >>> [pronic(n) for n in range(1, 5)]
    [0, 2, 6, 12]
    """
    n = check_int(n, "n", 0)
    return n * (n - 1) if n else 0


def square(n: int) -> int:
    """n², n >= 0: the unlucky batch's points when its sweetness totals exactly 13.

    >>> square(12)
    144
    """
    n = check_int(n, "n", 0)
    return n * n


_odd_primes: list[int] = []


def odd_prime(n: int) -> int:
    """The n-th odd prime, n >= 1: the steady height batch's points.

    >>> [odd_prime(n) for n in (1, 2, 3, 4, 12)]
    [3, 5, 7, 11, 41]
    """
    n = check_int(n, "n", 1, MAX_ODD_PRIME_INDEX)
    if len(_odd_primes) < n:
        k = max(n + 1, 6)  # the n-th odd prime is the (n+1)-th prime p_k < k(ln k + ln ln k)
        _odd_primes[:] = sieve(int(k * (math.log(k) + math.log(math.log(k)))) + 1)[1:]
    return _odd_primes[n - 1]


_FUNCTIONS = {"triangular": triangular, "pronic": pronic, "square": square}


def value(name: str, n: int) -> int:
    """The n-th number of a sequence; ``value("odd_prime", 0)`` is 0, an empty batch.

    >>> value("square", 7)
    49
    """
    name = _name(name)
    if name == "odd_prime":
        return 0 if check_int(n, "n", 0) == 0 else odd_prime(n)
    return _FUNCTIONS[name](n)


def first(name: str, count: int) -> list[int]:
    """The values for n = 1..count.

    >>> first("odd_prime", 6)
    [3, 5, 7, 11, 13, 17]
    """
    name = _name(name)
    count = check_int(count, "count", 0, MAX_COUNT)
    return [value(name, n) for n in range(1, count + 1)]


def difference(name: str, n: int) -> int:
    """What the n-th card adds: value(n) - value(n-1), n >= 1, with 0 for an empty batch.

    >>> difference("triangular", 6), difference("pronic", 6)
    (6, 10)
    """
    name = _name(name)
    n = check_int(n, "n", 1)
    return value(name, n) - value(name, n - 1)


def differences(name: str, count: int) -> list[int]:
    """What cards 1..count add, one after the other; they sum to ``value(name, count)``.

    >>> differences("square", 5)
    [1, 3, 5, 7, 9]
    """
    name = _name(name)
    count = check_int(count, "count", 0, MAX_COUNT)
    values = [0, *first(name, count)]
    return [b - a for a, b in itertools.pairwise(values)]


def closed_form(name: str) -> str:
    r"""The closed form of a sequence as LaTeX (for ``IPython.display.Math``).

    >>> closed_form("triangular")
    'T(n) = \\frac{n(n+1)}{2}'
    """
    return CLOSED_FORMS[_name(name)]


def symbol(name: str, n: int | str = "n") -> str:
    """How a lesson writes the n-th number in plain text.

    >>> symbol("triangular", 4), symbol("square", 3)
    ('T(4)', '3²')
    """
    return _SYMBOLS[_name(name)].format(n=n)


def naturals(count: int) -> list[int]:
    """1, 2, ..., count: they add up to T(count).

    >>> sum(naturals(4)) == triangular(4)
    True
    """
    return list(range(1, check_int(count, "count", 0, MAX_COUNT) + 1))


def odd_numbers(count: int) -> list[int]:
    """The first ``count`` odd numbers 1, 3, ..., 2·count - 1: they add up to count².

    >>> odd_numbers(4), sum(odd_numbers(4))
    ([1, 3, 5, 7], 16)
    """
    return list(range(1, 2 * check_int(count, "count", 0, MAX_COUNT), 2))


def _sum_text(terms: list[int]) -> str:
    shown = terms if len(terms) <= 6 else [*terms[:3], "…", terms[-1]]
    return " + ".join(str(term) for term in shown)


def link(name: str, n: int) -> str:
    """A worked example of the link between a sequence and simpler numbers.

    >>> link("triangular", 4)
    'T(4) = 1 + 2 + 3 + 4 = 10'
    >>> link("pronic", 4)
    'P(4) = 4 × 3 = 2 × T(3) = 2 × 6 = 12'
    >>> link("square", 4)
    '4² = 1 + 3 + 5 + 7 = 16'
    """
    name = _name(name)
    n = check_int(n, "n", 1, MAX_COUNT)
    if name == "triangular":
        return f"T({n}) = {_sum_text(naturals(n))} = {triangular(n)}"
    if name == "pronic":
        half = triangular(n - 1)
        return f"P({n}) = {n} × {n - 1} = 2 × T({n - 1}) = 2 × {half} = {pronic(n)}"
    if name == "square":
        return f"{n}² = {_sum_text(odd_numbers(n))} = {square(n)}"
    p = odd_prime(n)
    return f"odd_prime({n}) = {p} = 1 × {p}: {p} dots make only one rectangle, a single row"


def sieve(limit: int) -> list[int]:
    """The primes up to ``limit`` by the sieve of Eratosthenes.

    >>> sieve(30)
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    limit = check_int(limit, "limit", 0, MAX_SIEVE_LIMIT)
    alive = bytearray([1]) * (limit + 1)
    alive[: min(2, limit + 1)] = bytes(min(2, limit + 1))
    for p in range(2, math.isqrt(limit) + 1):
        if alive[p]:
            alive[p * p :: p] = bytes(len(range(p * p, limit + 1, p)))
    return [k for k in range(limit + 1) if alive[k]]


def sieve_steps(limit: int) -> list[SieveStep]:
    """The sieve as a lesson shows it: each prime p with p² <= limit and what it crosses out.

    >>> sieve_steps(20)
    [SieveStep(prime=2, crossed_out=(4, 6, 8, 10, 12, 14, 16, 18, 20)), \
SieveStep(prime=3, crossed_out=(9, 15))]
    """
    limit = check_int(limit, "limit", 0, MAX_SIEVE_STEPS_LIMIT)
    alive = [k >= 2 for k in range(limit + 1)]
    steps = []
    for p in range(2, math.isqrt(limit) + 1):
        if alive[p]:
            crossed = tuple(k for k in range(p * p, limit + 1, p) if alive[k])
            for k in crossed:
                alive[k] = False
            steps.append(SieveStep(p, crossed))
    return steps


def dots(name: str, n: int) -> list[tuple[int, int]]:
    """The (row, col) dots of the n-th number, row 0 at the top, n <= MAX_DOTS_N.

    A triangle of rows 1..n, an n×(n-1) rectangle, an n×n square, and for an odd prime a
    single row: a prime number of dots makes no other rectangle.

    >>> dots("triangular", 2)
    [(0, 0), (1, 0), (1, 1)]
    >>> len(dots("pronic", 4)) == pronic(4)
    True
    """
    name = _name(name)
    n = check_int(n, "n", 1 if name == "odd_prime" else 0, MAX_DOTS_N)
    if name == "triangular":
        return [(row, col) for row in range(n) for col in range(row + 1)]
    if name == "pronic":
        return [(row, col) for row in range(n) for col in range(n - 1)]
    if name == "square":
        return [(row, col) for row in range(n) for col in range(n)]
    return [(0, col) for col in range(odd_prime(n))]


def describe_dots(name: str, n: int) -> str:
    """One line saying what the dot picture of the n-th number shows.

    >>> describe_dots("pronic", 6)
    'P(6) = 30 dots: 6 rows of 5'
    >>> describe_dots("triangular", 1)
    'T(1) = 1 dot: a row of 1'
    """
    total = len(dots(name, n))
    head = f"{symbol(name, n)} = {total} dot{'' if total == 1 else 's'}"
    if total == 0:
        return f"{head}: nothing to draw"
    if name == "odd_prime":
        return f"{head}: one row of {total}, the only rectangle a prime makes"
    if n == 1:
        return f"{head}: a row of 1"
    if name == "triangular":
        rows = ", ".join(map(str, range(1, n + 1))) if n <= 4 else f"1, 2, …, {n}"
        return f"{head}: rows of {rows}"
    return f"{head}: {n} rows of {n - 1 if name == 'pronic' else n}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st.

    >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd']
    """
    n = check_int(n, "n", 0)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _apples(n: int) -> str:
    return "1 apple alone can" if n == 1 else f"{n} apples can"


def batch_sentence(n: int, names: str | Iterable[str]) -> str:
    """What the n-th apple (1..12) brings in the batch of each sequence, in one sentence.

    The unlucky batch scores only when its sweetness totals exactly 13, so the apple that
    makes it 13 brings all n² points at once.

    >>> batch_sentence(6, ["triangular", "pronic"])
    'The 6th apple in the monochrome batch adds 6 points; in the feather batch it adds 10.'
    """
    n = check_int(n, "n", 1, CARDS_PER_BATCH)
    names = as_names(names)
    if not names:
        raise ValueError("names must name at least one sequence")
    clauses = []
    for index, name in enumerate(names):
        phrase = BATCH_PHRASES[SEQUENCE_BATCH[name]]
        if name == "square" and n < UNLUCKY_MIN_CARDS:
            verb = f"scores nothing: {_apples(n)} never make sweetness 13"
        elif name == "square":
            amount = points(square(n)) if index == 0 else str(square(n))
            verb = f"brings all {amount} at once if it makes the sweetness exactly 13"
        else:
            step = difference(name, n)
            verb = f"adds {points(step) if index == 0 else step}"
        start = f"The {ordinal(n)} apple in {phrase}" if index == 0 else f"in {phrase} it"
        clauses.append(f"{start} {verb}")
    return "; ".join(clauses) + "."
