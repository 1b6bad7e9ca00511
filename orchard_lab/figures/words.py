"""The names a chart shows, in the session's language: batches, fruits and their letters.

They are the catalogue's messages the boards draw with (``widgets.apple_batches_board``,
``widgets.water_drops_html``, ``widgets.stacked_trees_html``: the same English and the same
context), so a chart names each thing as the board beside it does; the figures do not import
the widgets. ``separators`` is the language's decimal and thousands separators, for plotly.

>>> from orchard_lab.language import speaking
>>> with speaking("fr"):
...     batch_name("bad"), tree_letter("A"), tree_name("L"), water_drops_fruit("C")
('mauvais lot', 'M', 'prune', 'cerise')
>>> tree_letter("A"), separators()
('A', '.,')
"""

from __future__ import annotations

from orchard_lab.glossary import BATCH_NAMES
from orchard_lab.language import _, _p

__all__ = [
    "batch_name",
    "part_name",
    "separators",
    "tree_letter",
    "tree_name",
    "water_drops_fruit",
    "water_drops_letter",
]


def batch_name(batch: str) -> str:
    """An apple batch's one name (``glossary.BATCH_NAMES``) in the session's language."""
    return _(BATCH_NAMES[batch])


def part_name(part: str) -> str:
    """A part of a score as a chart names it: a batch by its name, a water drops fruit by
    its name (``"banana"``), anything else as it is."""
    if part in BATCH_NAMES:
        return batch_name(part)
    fruits = {"banana": "B", "cherry": "C", "pear": "P", "mango": "M"}
    return water_drops_fruit(fruits[part]) if part in fruits else part


def water_drops_fruit(fruit: str) -> str:
    """A water drops fruit's name (its letter's: B, C, P, M) in the session's language."""
    names = {
        "B": _p("water drops: a fruit", "banana"),
        "C": _p("water drops: a fruit", "cherry"),
        "P": _p("water drops: a fruit", "pear"),
        "M": _p("water drops: a fruit", "mango"),
    }
    return names[fruit]


def water_drops_letter(code: str) -> str:
    """What a water drops cell shows: its fruit's letter in the session's language, or the
    drop's digit."""
    letters = {
        "B": _p("water drops: the letter of a banana", "B"),
        "C": _p("water drops: the letter of a cherry", "C"),
        "P": _p("water drops: the letter of a pear", "P"),
        "M": _p("water drops: the letter of a mango", "M"),
    }
    return letters.get(code, code)


def tree_letter(fruit: str) -> str:
    """A stacked trees fruit's letter in the session's language (English: A, P, L)."""
    letters = {
        "A": _p("stacked trees: the letter of an apple", "A"),
        "P": _p("stacked trees: the letter of a pear", "P"),
        "L": _p("stacked trees: the letter of a plum", "L"),
    }
    return letters[fruit]


def tree_name(fruit: str) -> str:
    """A stacked trees fruit's name in the session's language (English: apple, pear, plum)."""
    names = {
        "A": _p("a tree's fruit", "apple"),
        "P": _p("a tree's fruit", "pear"),
        "L": _p("a tree's fruit", "plum"),
    }
    return names[fruit]


def separators() -> str:
    """The session's language's decimal separator, then its thousands separator, as plotly's
    ``layout.separators`` takes them (English ".,": 1,234.5)."""
    # Translators: the decimal separator, then the thousands separator (French ", ": a
    # decimal comma and a space between thousands); two characters
    return _p("number separators", ".,")
