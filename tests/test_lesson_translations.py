"""The lessons in French and Korean (issue 25, item 3): one source per lesson, its words
translated through a catalogue per language (``orchard_lab.lessons.catalogues``), built into
pupil and teacher copies per language (``orchard_lab.lessons.build``).

Here: a catalogue follows its source (new messages untranslated, changed ones fuzzy, removed
ones dropped), a translated copy sets its own language, and the checks that a code cell's
translation changes only its comments and the words of its strings (the Python tokens, an
f-string's fields and the data strings a call or a subscript reads stay the English cell's)
would catch a change. The committed copies' freshness, in every language, is
``tests/test_lessons.py``'s.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import Counter
from pathlib import Path

import nbformat
from babel.messages.pofile import read_po, write_po
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from orchard_lab.lessons.catalogues import (
    LANGUAGE_CELL,
    SPEAKING,
    catalogue_path,
    messages,
    problems,
    speaks,
    translated,
    update,
)

# what a sentence of a markdown cell is not made of: `code`, $maths$, a link's address
NOT_WORDS = re.compile(r"`[^`]*`|\$[^$]*\$|\]\([^)]*\)|[*_#>|]")


# ---- a catalogue follows its source ------------------------------------------------------
def toy_lesson(folder: Path, paragraph: str) -> Path:
    folder.mkdir(exist_ok=True)
    notebook = new_notebook(
        cells=[
            new_markdown_cell(f"# A lesson\n\n{paragraph}\n\n> **Note.** one\n>\n> two", id="m"),
            new_code_cell("import math", id="quiet"),
            new_code_cell('print(f"{math.pi:.2f} is about pi")  # a sentence', id="says"),
        ]
    )
    path = folder / "00_toy.ipynb"
    nbformat.write(notebook, path)
    return path


def fill(source: Path, lang: str, words: dict[str, str]) -> None:
    path = catalogue_path(source, lang)
    with path.open("rb") as po:
        catalogue = read_po(po, locale=lang)
    for english, theirs in words.items():
        catalogue[english].string = theirs
        catalogue[english].flags.discard("fuzzy")
    with path.open("wb") as po:
        write_po(po, catalogue)


FRENCH = {
    "# A lesson": "# Une leçon",
    "The apples are red.": "Les pommes sont rouges.",
    "> **Note.** one": "> **Note.** un",
    "> two": "> deux",
    'print(f"{math.pi:.2f} is about pi")  # a sentence': (
        'print(f"{math.pi:.2f} vaut à peu près pi")  # une phrase'
    ),
    SPEAKING: "# désormais, orchard_lab parle français",
}


def test_a_lessons_messages_are_its_paragraphs_and_its_code_that_speaks(tmp_path: Path) -> None:
    source = toy_lesson(tmp_path, "The apples are red.")
    assert [m.id for m in messages(source) if m.id] == list(FRENCH)
    assert (speaks("x = 1"), speaks('card = Card("red", 1)'), speaks('"""Two words."""')) == (
        False,
        False,
        True,
    )


def test_a_catalogue_follows_its_source(tmp_path: Path) -> None:
    source = toy_lesson(tmp_path, "The apples are red.")
    update(tmp_path)
    assert problems(source, "fr")[0].startswith("untranslated: '# A lesson'")
    fill(source, "fr", FRENCH)
    assert problems(source, "fr") == []
    cells = translated(source, "fr").cells
    assert [c.id for c in cells] == ["m", LANGUAGE_CELL, "quiet", "says"]
    assert cells[0].source == "# Une leçon\n\nLes pommes sont rouges.\n\n> **Note.** un\n>\n> deux"
    assert cells[1].source == (
        'from orchard_lab.language import set_language\n\nset_language("fr")  '
        "# désormais, orchard_lab parle français"
    )
    assert cells[2].source == "import math"  # no words: copied as it is, in no catalogue
    toy_lesson(tmp_path, "The apples are green.")  # an edit: the old words are a guess now
    update(tmp_path)
    assert problems(source, "fr") == [
        "fuzzy: 'The apples are green.'… (00_toy.ipynb#m)",
    ]
    assert "Les pommes sont rouges." not in translated(source, "fr").cells[0].source
    toy_lesson(tmp_path, "")  # the paragraph is gone, and so is its message
    update(tmp_path)
    assert problems(source, "fr") == []
    assert "apples" not in catalogue_path(source, "fr").read_text()


# ---- what a translation may change ---------------------------------------------------------
def code_tokens(source: str) -> list[tuple[int, str]]:
    """The Python of a cell without its comments and strings: what a translation keeps."""
    words = {tokenize.COMMENT, tokenize.STRING, tokenize.NL}
    return [
        (token.type, "" if token.type in {tokenize.INDENT, tokenize.DEDENT} else token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type not in words
    ]


def fields(tree: ast.AST) -> Counter[str]:
    """The fields of every f-string, with their conversion and format: a translation may
    move them about, but neither add, drop nor change one."""
    return Counter(
        ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.FormattedValue)
    )


def data(tree: ast.AST) -> list[str]:
    """The strings the code reads rather than shows: a subscript's key, and a word without
    a space given to a call (a colour, a batch, a card's text, a policy)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            found.append(repr(node.slice.value))
        given = (
            [*node.args, *(keyword.value for keyword in node.keywords)]
            if isinstance(node, ast.Call)
            else []
        )
        found += [
            repr(value.value)
            for value in given
            if isinstance(value, ast.Constant)
            and isinstance(value.value, str)
            and " " not in value.value
        ]
    return found


def sentences(text: str) -> set[str]:
    """The sentences (and clauses) of four words or more of a markdown cell's text."""
    pieces = re.split(r"[.!?;:()\n]+", NOT_WORDS.sub(" ", text))
    return {
        " ".join(piece.split()) for piece in pieces if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 4
    }


def test_the_proof_of_a_kept_code_would_catch_a_changed_name_field_or_card() -> None:
    english = 'card = ab.Card("red", 1, 2)  # one apple\nprint(f"{card} is {card.colour}")'
    fine = 'card = ab.Card("red", 1, 2)  # une pomme\nprint(f"{card.colour} : {card}")'
    assert code_tokens(fine) == code_tokens(english)
    assert fields(ast.parse(fine)) == fields(ast.parse(english))
    assert data(ast.parse(fine)) == data(ast.parse(english))
    assert code_tokens(english.replace("card =", "carte =")) != code_tokens(english)
    changed = english.replace("{card.colour}", "{card.height}")
    assert fields(ast.parse(changed)) != fields(ast.parse(english))
    assert data(ast.parse(english.replace('"red"', '"rouge"'))) != data(ast.parse(english))
    assert sentences("Run `f(x)` now: it counts the apples (all of them).") == {
        "it counts the apples"
    }
