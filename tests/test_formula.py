"""A pupil's own scoring sequence (issue 27, item 2): ``orchard_lab.formula.read_sequence``.

The formulas and lists a pupil writes give their values; every mistake is a ValueError in
words; arbitrary text is only ever refused with a ValueError, within the fuzz harness's
bounds (``tests.test_fuzz.bounded``: a forked child, CPU time and memory capped), and no
Python name can be reached. Random formula trees, written out, give exactly the values
worked out from the tree itself.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from orchard_lab import formula
from orchard_lab.formula import MAX_VALUE, read_sequence
from tests.test_fuzz import FUZZ, bounded


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("n*n", (1, 4, 9, 16, 25)),
        ("2*n - 1", (1, 3, 5, 7, 9)),
        ("2n - 1", (1, 3, 5, 7, 9)),
        ("n*(n+1)/2", (1, 3, 6, 10, 15)),
        ("n(n + 1)/2", (1, 3, 6, 10, 15)),
        ("0.5 n (n+1)", (1, 3, 6, 10, 15)),
        ("3**n", (3, 9, 27, 81, 243)),
        ("3^n", (3, 9, 27, 81, 243)),
        ("prime(n)", (2, 3, 5, 7, 11)),
        ("odd_prime(n)", (3, 5, 7, 11, 13)),
        ("triangular(n) + square(n)", (2, 7, 15, 26, 40)),
        ("pronic(n) / 2", (0, 1, 3, 6, 10)),  # pronic(n) = n(n - 1) here
        ("3 × n − 1", (2, 5, 8, 11, 14)),
        ("12 ÷ n * n", (12, 12, 12, 12, 12)),
        ("-n + 6", (5, 4, 3, 2, 1)),
        ("2^(n - 1)", (1, 2, 4, 8, 16)),
        ("2^n^0", (2, 2, 2, 2, 2)),  # powers go right to left: 2^(n^0)
        ("7", (7, 7, 7, 7, 7)),
        ("1, 3, 6, 10, 15", (1, 3, 6, 10, 15)),
        ("1 3 6 10 15", (1, 3, 6, 10, 15)),
        ("1; 3; 6; 10; 15;", (1, 3, 6, 10, 15)),
        ("0, -1, 2, −3, 4", (0, -1, 2, -3, 4)),
        ("  5,5,5,5,5  ", (5, 5, 5, 5, 5)),
    ],
)
def test_a_pupils_sequence_gives_its_values(text: str, values: tuple[int, ...]) -> None:
    read = read_sequence(text, 5)
    assert read == values and all(type(value) is int for value in read)


@pytest.mark.parametrize(
    ("text", "count", "words"),
    [
        ("1, 2, 3, 2.5", 4, "the 4th value is 2.5: points must be whole numbers"),
        ("n/2", 3, "the 1st value is 0.5: points must be whole numbers"),
        ("n/3", 3, "the 1st value is 1/3: points must be whole numbers"),
        ("1, 2, 3", 4, "this needs 4 values, one for each n; the list has 3"),
        ("1, two, 3", 3, "the 2nd value, 'two', is not a number"),
        ("2^n", 35, "the 30th value grows past 1,000,000,000 on the way"),
        ("n^100", 3, "powers must be whole numbers from 0 to 60"),
        ("2^(1/2)", 3, "the power is 1/2"),
        ("1/(n - 2)", 3, "the 2nd value divides by zero"),
        ("prime(n - 1)", 3, "prime(0) is asked for: prime takes whole numbers from 1 to 1,000"),
        ("x + 1", 3, '"x" is not a name this knows: write n, numbers'),
        ("prime n", 3, "write prime(n), with the n in brackets"),
        ("(n + 1", 3, "a bracket is opened and never closed"),
        ("n + 1)", 3, "')' is not expected there"),
        ("n +", 3, "the formula stops too soon"),
        ("n % 2", 3, "'%' cannot be read"),
        ("", 3, "write a list of numbers or a formula in n"),
        ("n" + "+n" * 150, 3, "a sequence is at most 200 characters, not 301"),
        ("(" * 40 + "n" + ")" * 40, 3, "the formula nests more than 30 deep"),
        ("99999999999", 3, "is past 1,000,000,000"),
    ],
)
def test_every_mistake_is_said_in_words(text: str, count: int, words: str) -> None:
    with pytest.raises(ValueError) as refused:
        read_sequence(text, count)
    assert words in str(refused.value)


@pytest.mark.parametrize(
    "text",
    [
        "__import__(n)",
        "exec(n)",
        "eval(n)",
        "open(n)",
        "n.__class__",
        "().__class__",
        "globals()",
        "__builtins__",
        "lambda: 1",
        "[n for n in n]",
        "n if n else n",
        "'n'",
        "f'{n}'",
        "n.real",
        "sequences(n)",
        "NAMED(n)",
        "read_sequence(n)",
    ],
)
def test_no_python_name_can_be_reached(text: str) -> None:
    with pytest.raises(ValueError, match=r"cannot be read|is not a name this knows|not expected"):
        read_sequence(text, 3)


def test_what_is_not_text_or_a_count_is_named() -> None:
    with pytest.raises(TypeError, match="text"):
        read_sequence(12, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count"):
        read_sequence("n", 0)
    with pytest.raises(ValueError, match="count"):
        read_sequence("n", formula.MAX_COUNT + 1)


# -- random formulas, written out, against the tree they came from -----------------------------
Tree = tuple  # ("n",) | ("number", k) | (sign, left, right) | ("neg", inner)

LEAVES = hs.just(("n",)) | hs.integers(0, 30).map(lambda k: ("number", k))


def _grow(inner: hs.SearchStrategy[Tree]) -> hs.SearchStrategy[Tree]:
    return (
        hs.tuples(hs.sampled_from(["+", "-", "*", "/"]), inner, inner)
        | hs.tuples(hs.just("^"), inner, hs.integers(0, 4).map(lambda k: ("number", k)))
        | hs.tuples(hs.just("neg"), inner)
    )


TREES = hs.recursive(LEAVES, _grow, max_leaves=12)


def _written(tree: Tree) -> str:
    if tree[0] == "n":
        return "n"
    if tree[0] == "number":
        return str(tree[1])
    if tree[0] == "neg":
        return f"-({_written(tree[1])})"
    return f"({_written(tree[1])}) {tree[0]} ({_written(tree[2])})"


class TooBig(Exception):
    pass


def _value(tree: Tree, n: int) -> Fraction:
    """The tree's value at ``n``, each step bounded as the parser bounds it."""
    if tree[0] == "n":
        return Fraction(n)
    if tree[0] == "number":
        return Fraction(tree[1])
    if tree[0] == "neg":
        return -_value(tree[1], n)
    left, right = _value(tree[1], n), _value(tree[2], n)
    if tree[0] == "^":
        value = Fraction(1)
        for _ in range(int(right)):
            value = _bounded(value * left)
        return value
    if tree[0] == "/":
        if right == 0:
            raise ZeroDivisionError
        return _bounded(left / right)
    return _bounded({"+": left + right, "-": left - right, "*": left * right}[tree[0]])


def _bounded(value: Fraction) -> Fraction:
    if abs(value) > MAX_VALUE or value.denominator > MAX_VALUE:
        raise TooBig
    return value


@given(tree=TREES)
def test_a_random_formula_gives_the_values_of_its_tree(tree: Tree) -> None:
    text = _written(tree)
    if len(text) > formula.LONGEST_TEXT:
        with pytest.raises(ValueError, match="at most 200 characters"):
            read_sequence(text, 5)
        return
    try:
        expected = [_value(tree, n) for n in range(1, 6)]
    except (TooBig, ZeroDivisionError):
        with pytest.raises(ValueError, match=r"grows past|divides by zero"):
            read_sequence(text, 5)
        return
    if any(value.denominator != 1 for value in expected):
        with pytest.raises(ValueError, match="points must be whole numbers"):
            read_sequence(text, 5)
        return
    assert read_sequence(text, 5) == tuple(int(value) for value in expected)


# -- fuzzing -------------------------------------------------------------------------------------
FORMULA_ALPHABET = "n0123456789.+-*/^()×÷−,; _pimetrsquadl"


@FUZZ
@given(text=hs.text(max_size=250) | hs.text(alphabet=FORMULA_ALPHABET, max_size=250))
def test_any_text_is_read_or_refused_with_a_value_error(text: str) -> None:
    bounded(partial(read_sequence, text, formula.MAX_COUNT))


@pytest.mark.parametrize(
    "heavy",
    [
        "(" * 25 + "n^2*n/n+prime(n)" + ")" * 25,  # every step at every n, nested
        "+".join(["1"] * 100),  # 99 additions in 199 characters
        "+".join(["1^60"] * 40),  # 40 powers
        "n" + "*1/2*2" * 33,  # fractions on the way
        "*".join(["n"] * 66),  # a product past the bound at the 2nd value
    ],
    ids=["nested", "additions", "powers", "fractions", "products"],
)
def test_the_heaviest_formulas_still_answer_in_bounds(heavy: str) -> None:
    """The inputs ``benchmarks/bench_formula.py`` times, at the most values, in the harness."""
    bounded(partial(read_sequence, heavy, formula.MAX_COUNT))
