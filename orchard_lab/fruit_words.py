"""The words and letters of the three games' fruits, in the session's language: one home.

The boards, the charts, the rules sheets and the hints' sentences all name an apple's
colour, a water drops fruit or a stacked trees fruit, and write a card in the letters the
board draws; they all ask here, so a pupil reads the same letter for an apple tree on the
board, in its chart, on the rules sheet and in the hint beside it. Light on purpose (it imports only
``orchard_lab.language``): the engines' sentences use it without loading a view, and a view
without loading another game's engine.

>>> from orchard_lab.language import speaking
>>> with speaking("fr"):
...     colour_name("gold"), tree_letter("A"), tree_name("L"), water_drops_fruit("C")
('doré', 'M', 'prune', 'cerise')
>>> with speaking("ko"):
...     water_drops_code("5P/CM"), trees_code("APL/LAP")
('5·배/체·망', '사배자/자사배')
>>> water_drops_code("BC/3M"), trees_code("APL/LAP")
('BC/3M', 'APL/LAP')
"""

from __future__ import annotations

from functools import cache

from orchard_lab.language import _p, language

__all__ = [
    "colour_name",
    "tree_letter",
    "tree_name",
    "trees_code",
    "water_drops_code",
    "water_drops_fruit",
    "water_drops_letter",
]


@cache
def _words(lang: str) -> dict[tuple[str, str], str]:
    """Every word here in the language ``lang`` (the session's, when it is called), by what
    it names: ("colour", "red"), ("drops fruit", "B"), ("drops letter", "B"), ("tree", "A"),
    ("tree letter", "A")."""
    return {
        ("colour", "red"): _p("an apple's colour", "red"),
        ("colour", "green"): _p("an apple's colour", "green"),
        ("colour", "gold"): _p("an apple's colour", "gold"),
        ("drops fruit", "B"): _p("water drops: a fruit", "banana"),
        ("drops fruit", "C"): _p("water drops: a fruit", "cherry"),
        ("drops fruit", "P"): _p("water drops: a fruit", "pear"),
        ("drops fruit", "M"): _p("water drops: a fruit", "mango"),
        ("drops letter", "B"): _p("water drops: the letter of a banana", "B"),
        ("drops letter", "C"): _p("water drops: the letter of a cherry", "C"),
        ("drops letter", "P"): _p("water drops: the letter of a pear", "P"),
        ("drops letter", "M"): _p("water drops: the letter of a mango", "M"),
        # Translators: {left} and {right} are two cells side by side in a water drops card's
        # code ("5P/CM" is read 5, P, then C, M); a language whose letters are syllables puts
        # a mark between them, so that "5" and a letter, or two letters, are not read as a
        # word (Korean "5·배/체·망", never "5배/체망": fivefold, strainer)
        ("drops pair", "{left}{right}"): _p(
            "water drops: two cells side by side in a card's code", "{left}{right}"
        ),
        ("tree", "A"): _p("a tree's fruit", "apple"),
        ("tree", "P"): _p("a tree's fruit", "pear"),
        ("tree", "L"): _p("a tree's fruit", "plum"),
        ("tree letter", "A"): _p("stacked trees: the letter of an apple", "A"),
        ("tree letter", "P"): _p("stacked trees: the letter of a pear", "P"),
        ("tree letter", "L"): _p("stacked trees: the letter of a plum", "L"),
    }


def colour_name(colour: str) -> str:
    """An apple colour (red, green, gold) as a word of the session's language, as a batch or
    a tree has it: "this batch is red"."""
    return _words(language())["colour", colour]


def water_drops_fruit(fruit: str) -> str:
    """A water drops fruit's name (its letter's: B, C, P, M) in the session's language."""
    return _words(language())["drops fruit", fruit]


def water_drops_letter(code: str) -> str:
    """What a water drops cell shows: its fruit's letter in the session's language, or the
    drop's digit (anything else, such as a card's "/", as it is)."""
    return _words(language()).get(("drops letter", code), code)


def water_drops_code(card: object) -> str:
    """A water drops card written row by row (``str(card)``: ``"BC/3M"``) in the letters the
    boards draw, the two cells of a row joined as the language joins them (Korean puts a
    "·" between them: "5·배/체·망"); English and French keep the engine's own ("5P/CM").

    >>> from orchard_lab.language import speaking
    >>> with speaking("ko"):
    ...     water_drops_code("12/BB"), water_drops_code("B1/CC")
    ('1·2/바·바', '바·1/체·체')
    """
    words = _words(language())
    pair = words["drops pair", "{left}{right}"]

    def letters(row: str) -> str:
        shown = [words.get(("drops letter", cell), cell) for cell in row]
        if len(shown) != 2:  # not a card's row: as it is
            return "".join(shown)
        return pair.format(left=shown[0], right=shown[1])

    return "/".join(letters(row) for row in str(card).split("/"))


def tree_name(fruit: str) -> str:
    """A stacked trees fruit's name in the session's language (English: apple, pear, plum)."""
    return _words(language())["tree", fruit]


def tree_letter(fruit: str) -> str:
    """A stacked trees fruit's letter in the session's language (English: A, P, L); anything
    else, such as a card's "/", as it is."""
    return _words(language()).get(("tree letter", fruit), fruit)


def trees_code(card: object) -> str:
    """A stacked trees card written row by row (``str(card)``: ``"APL/LAP"``) in the letters
    the boards draw; English keeps the engine's own."""
    return "".join(tree_letter(fruit) for fruit in str(card))
