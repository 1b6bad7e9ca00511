"""A pupil's own scoring sequence, written as numbers or as a formula in ``n``, read safely.

``read_sequence(text, count)`` gives the first ``count`` values of what a pupil typed: a list
("1, 3, 6, 10") or a formula in ``n`` for n = 1, 2, 3, ... ("n*n", "2n - 1", "n(n+1)/2",
"3^n", "prime(n)"). A formula is read by a small parser of arithmetic written here: ``n``,
whole and decimal numbers, ``+ - * /``, powers (``^`` or ``**``), brackets, and the named
sequences in ``NAMED``. Nothing is handed to Python's ``eval``, and no other name can be
reached. The text, the values and the powers are bounded, so any input is answered quickly.
A value that is not a whole number, or that leaves the bounds, is refused with a ValueError
in words:

>>> read_sequence("n*(n+1)/2", 5)
(1, 3, 6, 10, 15)
>>> read_sequence("2n - 1", 4), read_sequence("3^n", 3), read_sequence("1, 4, 9", 3)
((1, 3, 5, 7), (3, 9, 27), (1, 4, 9))
>>> read_sequence("n/2", 4)
Traceback (most recent call last):
...
ValueError: the 1st value is 0.5: points must be whole numbers
>>> read_sequence("exec(n)", 3)
Traceback (most recent call last):
...
ValueError: "exec" is not a name this knows: write n, numbers, + - * / ^ and brackets, \
or one of triangular(n), square(n), pronic(n), prime(n), odd_prime(n)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from orchard_lab import sequences
from orchard_lab.core import check_int, check_type
from orchard_lab.sequences import ordinal

__all__ = ["LONGEST_TEXT", "MAX_POWER", "MAX_VALUE", "NAMED", "read_sequence"]

LONGEST_TEXT = 200  # characters a pupil may type
MAX_VALUE = 10**9  # no value, nor any step on the way to one, may pass this (either sign)
MAX_POWER = 60  # the largest power: 2^60 is past MAX_VALUE already
MAX_COUNT = 40  # values asked for at once: a batch holds 12 cards, a ladder at most 20 steps
MAX_INDEX = 1000  # the largest n a named sequence is asked for (prime(1000) is 7919)
MAX_DEPTH = 30  # brackets and signs nested


def _prime(n: int) -> int:
    return 2 if n == 1 else sequences.odd_prime(n - 1)


NAMED: dict[str, Callable[[int], int]] = {
    "triangular": sequences.triangular,
    "square": sequences.square,
    "pronic": sequences.pronic,
    "prime": _prime,
    "odd_prime": sequences.odd_prime,
}
_WORDS = "write n, numbers, + - * / ^ and brackets, or one of " + ", ".join(
    f"{name}(n)" for name in NAMED
)
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]\w*)|(\*\*|[-+*/^()×÷−]))")
_SAME = {"×": "*", "÷": "/", "−": "-", "**": "^"}
_SPACED_NUMBERS = re.compile(r"[-−]?[\d.]+(?:\s+[-−]?[\d.]+)+")  # "1 3 6 10": a list, not 1×3×6×10


def read_sequence(text: str, count: int, *, list_length: bool = False) -> tuple[int, ...]:
    """The first ``count`` values of the sequence in ``text`` (see the module's text): a
    formula's values at n = 1..count, or the numbers of a list (exactly ``count`` of them,
    or, with ``list_length``, as many as the list has). TypeError if ``text`` is not a
    string; ValueError, in words, for anything else wrong.

    >>> read_sequence("2, 4, 8, 16", 3, list_length=True), read_sequence("2^n", 3)
    ((2, 4, 8, 16), (2, 4, 8))
    """
    check_type(text, str, "text")
    count = check_int(count, "count", 1, MAX_COUNT)
    text = text.strip()
    if not text:
        raise ValueError("write a list of numbers or a formula in n")
    if len(text) > LONGEST_TEXT:
        raise ValueError(f"a sequence is at most {LONGEST_TEXT} characters, not {len(text)}")
    if "," in text or ";" in text or _SPACED_NUMBERS.fullmatch(text):
        return _read_list(text, None if list_length else count)
    formula = _Parser(_tokens(text)).formula()
    return tuple(_whole(formula(n), n) for n in range(1, count + 1))


def _read_list(text: str, count: int | None) -> tuple[int, ...]:
    pieces = re.split(r"\s*[,;]\s*|\s+", text)
    if pieces and not pieces[-1]:
        pieces.pop()  # "1, 3, 6," ends with a comma
    values = []
    for place, piece in enumerate(pieces, start=1):
        if not re.fullmatch(r"[-−]?\d{1,10}(\.\d{1,10})?", piece):
            raise ValueError(f"the {ordinal(place)} value, {piece!r}, is not a number")
        exact = Fraction(piece.replace("−", "-"))
        if exact.denominator != 1:
            raise ValueError(f"the {ordinal(place)} value is {piece}: points must be whole numbers")
        value = int(exact)
        if abs(value) > MAX_VALUE:
            raise ValueError(f"the {ordinal(place)} value is past {MAX_VALUE:,}")
        values.append(value)
    if len(values) > MAX_COUNT:
        raise ValueError(f"a list holds at most {MAX_COUNT} values, not {len(values)}")
    if count is not None and len(values) != count:
        raise ValueError(f"this needs {count} values, one for each n; the list has {len(values)}")
    return tuple(values)


def _whole(value: Number, n: int) -> int:
    if isinstance(value, Fraction):  # _apply keeps whole numbers as ints
        shown = float(value) if (10**6 * value).denominator == 1 else value
        raise ValueError(f"the {ordinal(n)} value is {shown}: points must be whole numbers")
    return int(value)


def _tokens(text: str) -> list[str]:
    tokens, at = [], 0
    while at < len(text):
        found = _TOKEN.match(text, at)
        if found is None:
            if text[at:].strip() == "":
                break
            raise ValueError(f"{text[at:].strip()[0]!r} cannot be read: {_WORDS}")
        number, name, sign = found.groups()
        token = number or name or sign
        tokens.append(_SAME.get(token, token))
        at = found.end()
    return tokens


Number = int | Fraction  # a whole number stays an int: about 30 times quicker than a Fraction
Formula = Callable[[int], Number]


class _Parser:
    """A recursive descent over the tokens, building the formula as nested functions of n:

    formula = sum;  sum = product (("+" | "-") product)*;
    product = signed (("*" | "/") signed | signed without a sign, as in 2n or 3(n+1))*;
    signed = ("-" | "+") signed | power;  power = atom ("^" signed)?;
    atom = number | "n" | name "(" sum ")" | "(" sum ")"
    """

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0
        self.depth = 0

    def formula(self) -> Formula:
        built = self.sum()
        if self.at < len(self.tokens):
            raise ValueError(f"{self.tokens[self.at]!r} is not expected there: {_WORDS}")
        return built

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ValueError("the formula stops too soon: is something missing at the end?")
        self.at += 1
        return token

    def sum(self) -> Formula:
        built = self.product()
        while self.peek() in ("+", "-"):
            sign = self.take()
            built = _apply(sign, built, self.product())
        return built

    def product(self) -> Formula:
        built = self.signed()
        while True:
            token = self.peek()
            if token in ("*", "/"):
                self.take()
                built = _apply(token, built, self.signed())
            elif token is not None and (token == "(" or token[0].isalpha()):
                built = _apply("*", built, self.signed())  # 2n, 3(n + 1); not "2 3"
            else:
                return built

    def signed(self) -> Formula:
        if self.peek() in ("-", "+"):
            sign = self.take()
            inner = self.nested(self.signed)
            return inner if sign == "+" else _apply("-", _constant(Fraction(0)), inner)
        return self.power()

    def power(self) -> Formula:
        base = self.atom()
        if self.peek() != "^":
            return base
        self.take()
        return _apply("^", base, self.nested(self.signed))

    def atom(self) -> Formula:
        token = self.take()
        if token[0].isdigit():  # a whole number or a decimal, kept exact
            if len(token) > 20 or Fraction(token) > MAX_VALUE:
                raise ValueError(f"{token} is past {MAX_VALUE:,}")
            return _constant(Fraction(token))
        if token == "n":
            return _n
        if token == "(":
            inner = self.nested(self.sum)
            self.close()
            return inner
        if token[0].isalpha() or token[0] == "_":
            if token not in NAMED:
                raise ValueError(f'"{token}" is not a name this knows: {_WORDS}')
            if self.peek() != "(":
                raise ValueError(f"write {token}(n), with the n in brackets")
            self.take()
            inner = self.nested(self.sum)
            self.close()
            return _named(token, inner)
        raise ValueError(f"{token!r} is not expected there: {_WORDS}")

    def close(self) -> None:
        if self.peek() != ")":
            raise ValueError("a bracket is opened and never closed")
        self.take()

    def nested(self, part: Callable[[], Formula]) -> Formula:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ValueError(f"the formula nests more than {MAX_DEPTH} deep")
        built = part()
        self.depth -= 1
        return built


def _n(n: int) -> Number:
    return n


def _constant(number: Fraction) -> Formula:
    value = _simplest(number)

    def run(n: int) -> Number:
        return value

    return run


def _apply(sign: str, left: Formula, right: Formula) -> Formula:
    """The formula ``left sign right``, refusing a value past MAX_VALUE (so nothing grows
    without bound on the way)."""
    operation = _OPERATIONS[sign]

    def run(n: int) -> Number:
        value = operation(left(n), right(n), n)
        if not -MAX_VALUE <= value <= MAX_VALUE:
            raise ValueError(f"the {ordinal(n)} value grows past {MAX_VALUE:,} on the way")
        if isinstance(value, Fraction):
            if value.denominator > MAX_VALUE:
                raise ValueError(f"the {ordinal(n)} value grows past {MAX_VALUE:,} on the way")
            return _simplest(value)
        return value

    return run


def _simplest(value: Fraction) -> Number:
    return value.numerator if value.denominator == 1 else value


def _divide(top: Number, bottom: Number, n: int) -> Number:
    if bottom == 0:
        raise ValueError(f"the {ordinal(n)} value divides by zero")
    if isinstance(top, int) and isinstance(bottom, int) and top % bottom == 0:
        return top // bottom  # whole: no Fraction needed
    return Fraction(top) / bottom


def _power(base: Number, exponent: Number, n: int) -> Number:
    if isinstance(exponent, Fraction) or not 0 <= exponent <= MAX_POWER:
        raise ValueError(
            f"for the {ordinal(n)} value the power is {exponent}: "
            f"powers must be whole numbers from 0 to {MAX_POWER}"
        )
    steps = int(exponent)
    for part in Fraction(base).as_integer_ratio():  # 2^30 > MAX_VALUE: refused unworked
        if (abs(part).bit_length() - 1) * steps > 30:
            raise ValueError(f"the {ordinal(n)} value grows past {MAX_VALUE:,} on the way")
    return base**steps  # at most about 2^90 on the way: checked by _apply


_OPERATIONS: dict[str, Callable[[Number, Number, int], Number]] = {
    "+": lambda a, b, n: a + b,
    "-": lambda a, b, n: a - b,
    "*": lambda a, b, n: a * b,
    "/": _divide,
    "^": _power,
}


def _named(name: str, inner: Formula) -> Formula:
    """The named sequence ``name`` at the value of ``inner``."""
    function = NAMED[name]

    def run(n: int) -> Number:
        argument = inner(n)
        if isinstance(argument, Fraction) or not 1 <= argument <= MAX_INDEX:
            raise ValueError(
                f"for the {ordinal(n)} value, {name}({argument}) is asked for: "
                f"{name} takes whole numbers from 1 to {MAX_INDEX:,}"
            )
        return function(argument)

    return run
