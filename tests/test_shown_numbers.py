"""One minus sign for shown numbers: the hyphen-minus, as Python prints a score and as a
pupil types one (a lesson's printed -1 and a board's −1 once sat side by side). The true
minus sign stays only as the operator of a formula, such as n − 1 or n(n−1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab.core import switches
from orchard_lab.widgets.apple_batches_board import batch_rule

REPO = Path(__file__).resolve().parent.parent
# U+2212 as the sign of a number: not after a letter, digit or bracket (n−1), before a digit
# or an f-string's value
SIGN = re.compile("(?<![\\w)])\u2212(?=[0-9{])")
PRODUCT = sorted(
    [
        *(REPO / "orchard_lab").rglob("*.py"),
        *(REPO / "orchard_lab").rglob("*.ipynb"),
        *(REPO / "notebooks").glob("*.ipynb"),
        *(REPO / "docs").glob("*.md"),
        REPO / "README.md",
    ]
)


@pytest.mark.parametrize("path", PRODUCT, ids=lambda path: str(path.relative_to(REPO)))
def test_no_number_is_shown_with_the_true_minus_sign(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [f"line {n}: {line.strip()}" for n, line in enumerate(lines, 1) if SIGN.search(line)]
    assert not found, f"{path.name} writes a negative number with U+2212: {found}"


def test_the_bad_batch_says_minus_one_with_a_hyphen() -> None:
    board = ab.Board()
    board.place(ab.Card.from_text("red h1 s1"), "bad")
    assert board.score().notes["bad"] == "1 apple, -1 each"
    assert batch_rule("bad", ab.Rules()) == "takes anything · -1 each"
    easy = next(each for each in switches(ab.Rules) if each.name == "easy")
    assert "instead of -1 an apple" in easy.help
