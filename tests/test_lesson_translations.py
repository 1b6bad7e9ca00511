"""The lessons in French and Korean (issue 25, item 3): one source per lesson, its words
translated through a catalogue per language (``orchard_lab.lessons.catalogues``), built into
pupil and teacher copies per language (``orchard_lab.lessons.build``).

What is checked here: a catalogue follows its source (new messages untranslated, changed ones
fuzzy, removed ones dropped); every lesson's catalogue is complete in French and in Korean;
a translated copy has the English copy's cells, and a code cell's translation changes only
its comments and the words of its strings (the Python tokens, an f-string's fields and the
data strings a call or a subscript reads are the English cell's); no English sentence is
left in a translated markdown cell, and every Korean cell with words reads in Hangul; no
line of code grows wider than 72 columns (a Hangul syllable takes two). The committed
copies' freshness is ``tests/test_lessons.py``'s (``stale`` covers every language).

Runs: nbval runs the French and Korean teacher's copies (the top conftest.py), as the
English ones, with strict checks. The pupil's copies run here, both languages of a lesson in
one kernel one after the other (a translation changes no code, so the second cannot lean on
a name only the first defines), each check saying "not answered yet".
"""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
import unicodedata
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po, write_po
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from orchard_lab.language import speaking
from orchard_lab.lessons import STRICT_VARIABLE, check
from orchard_lab.lessons.build import COPIES, COPIES_DIR, SOURCE_DIR, copy_folder
from orchard_lab.lessons.catalogues import (
    LANGUAGE_CELL,
    SPEAKING,
    TRANSLATED,
    catalogue_path,
    messages,
    problems,
    speaks,
    translated,
    update,
)
from tests.test_catalogues import HEDGED_PARTICLE

LESSONS = sorted(SOURCE_DIR.glob("0*.ipynb"))
WIDEST = 72  # columns of a code line on a projector at 1024 × 768 (tests/test_lesson_plans.py)
MAX_SECONDS = 2 * 20  # two pupil's copies, each within tests/test_lessons.py's 20 s
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# what a sentence of a markdown cell is not made of: `code`, $maths$, a link's address
NOT_WORDS = re.compile(r"`[^`]*`|\$[^$]*\$|\]\([^)]*\)|[*_#>|]")


def copies(lang: str) -> list[tuple[Path, Path]]:
    """Each English copy with its copy in ``lang``."""
    return [
        (copy_folder(COPIES_DIR, copy) / s.name, copy_folder(COPIES_DIR, copy, lang) / s.name)
        for copy in COPIES
        for s in LESSONS
    ]


def pairs(lang: str) -> list[tuple[str, nbformat.NotebookNode, nbformat.NotebookNode]]:
    """Every cell of every English copy beside the same cell of its copy in ``lang``."""
    found = []
    for english, other in copies(lang):
        theirs = {c.id: c for c in nbformat.read(other, as_version=4).cells}
        for cell in nbformat.read(english, as_version=4).cells:
            found.append(
                (f"{lang}/{other.parent.name}/{other.name}#{cell.id}", cell, theirs[cell.id])
            )
    return found


def each_cell(cell_type: str) -> list[object]:
    return [
        pytest.param(english, other, id=where)
        for lang in TRANSLATED
        for where, english, other in pairs(lang)
        if english.cell_type == cell_type
    ]


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


# ---- the catalogues are complete ----------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("source", LESSONS, ids=lambda p: p.stem)
def test_every_message_of_a_lesson_is_translated_and_none_is_fuzzy(source: Path, lang: str) -> None:
    assert problems(source, lang) == [], "translate them, then: python -m orchard_lab.lessons.build"


@pytest.mark.parametrize("source", LESSONS, ids=lambda p: p.stem)
def test_no_korean_sentence_of_a_lesson_hedges_a_particle(source: Path) -> None:
    """As in the package's catalogue (test_catalogues): a sentence, a comment or a printed
    line is reshaped around a field, never "{card}을(를)"."""
    with catalogue_path(source, "ko").open("rb") as po:
        catalogue = read_po(po)
    found = [str(m.id)[:60] for m in catalogue if m.id and HEDGED_PARTICLE.search(str(m.string))]
    assert found == []


# ---- a translated copy is the English copy in other words ----------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_copy_has_the_english_copys_cells_and_sets_its_language(lang: str) -> None:
    for english, other in copies(lang):
        ours = nbformat.read(english, as_version=4)
        theirs = nbformat.read(other, as_version=4)
        first = next(i for i, cell in enumerate(ours.cells) if cell.cell_type == "code")
        expected = [(c.id, c.cell_type, c.metadata.get("tags")) for c in ours.cells]
        expected.insert(first, (LANGUAGE_CELL, "code", None))
        assert [(c.id, c.cell_type, c.metadata.get("tags")) for c in theirs.cells] == expected
        said = theirs.cells[first].source.splitlines()
        assert said[0] == "from orchard_lab.language import set_language"
        assert said[2].startswith(f'set_language("{lang}")  # ')
        assert theirs.metadata == ours.metadata


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


@pytest.mark.parametrize(("english", "other"), each_cell("code"))
def test_a_translation_changes_no_code(
    english: nbformat.NotebookNode, other: nbformat.NotebookNode
) -> None:
    assert code_tokens(other.source) == code_tokens(english.source)
    ours, theirs = ast.parse(english.source), ast.parse(other.source)
    assert fields(theirs) == fields(ours)
    assert data(theirs) == data(ours)
    if has_words(english):
        assert other.source != english.source, "a cell with words, not translated"
    widest = max(columns(line) for line in other.source.splitlines())
    assert widest <= WIDEST, f"a line {widest} columns wide"


def said(source: str) -> list[str]:
    """What a code cell says in words: its comments and its strings with a space in them
    (not a subscript's key, which is data)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    comments = [token.string for token in tokens if token.type == tokenize.COMMENT]
    tree = ast.parse(source)
    keys = {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
    texts = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and " " in node.value
        and id(node) not in keys
    ]
    return comments + texts


def columns(line: str) -> int:
    """How wide a line of code shows: a Hangul syllable takes two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def has_words(cell: nbformat.NotebookNode) -> bool:
    """Whether a cell says something in English words a translation must change: a
    markdown cell's text, a code cell's comments and strings (not "# 3, 6, 9, ... 36")."""
    if cell.cell_type == "markdown":
        return bool(re.search(r"[A-Za-z]{2,}", NOT_WORDS.sub(" ", cell.source)))
    return bool(re.search(r"[A-Za-z]{3,}", " ".join(said(cell.source))))


def sentences(text: str) -> set[str]:
    """The sentences (and clauses) of four words or more of a markdown cell's text."""
    pieces = re.split(r"[.!?;:()\n]+", NOT_WORDS.sub(" ", text))
    return {
        " ".join(piece.split()) for piece in pieces if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 4
    }


@pytest.mark.parametrize(("english", "other"), each_cell("markdown"))
def test_no_english_sentence_is_left_in_a_translated_markdown_cell(
    english: nbformat.NotebookNode, other: nbformat.NotebookNode
) -> None:
    theirs = " ".join(NOT_WORDS.sub(" ", other.source).split())
    assert sorted(s for s in sentences(english.source) if s in theirs) == []


@pytest.mark.parametrize(
    "cell",
    [pytest.param(other, id=where) for where, english, other in pairs("ko") if has_words(english)],
)
def test_every_korean_cell_with_words_reads_in_hangul(cell: nbformat.NotebookNode) -> None:
    assert HANGUL.search(cell.source)


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


# ---- the pupil's copies run ----------------------------------------------------------------
def verdict_starts(lang: str) -> tuple[str, ...]:
    """How a check's sentence starts in ``lang``: not answered, wrong, right."""
    said = io.StringIO()
    with speaking(lang), redirect_stdout(said):
        check("x", ..., 1)
        check("x", 2, 1)
        check("x", 1, 1)
    unanswered, wrong, right = said.getvalue().splitlines()
    return unanswered.split(":")[0], wrong.split(":")[0], right.split()[0]


def printed(cells: list[nbformat.NotebookNode]) -> list[str]:
    return [
        line
        for cell in cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "stream"
        for line in output.text.splitlines()
    ]


@pytest.mark.parametrize("source", LESSONS, ids=lambda p: p.stem)
def test_the_pupils_copies_run_top_to_bottom(source: Path) -> None:
    """No error, and every check says it is not answered yet, in each language."""
    parts = {}
    cells = []
    for lang in TRANSLATED:
        copy = nbformat.read(copy_folder(COPIES_DIR, "pupil", lang) / source.name, as_version=4)
        for cell in copy.cells:
            cell.id = f"{lang}-{cell.id}"
        parts[lang] = copy.cells
        cells += copy.cells
    # the kernel's CPU time, start-up included (tests/test_lessons.py), is the limit; a cell's
    # wall time only says how busy the machine is (a cell took over 60 s at a load of 30)
    cells.append(new_code_cell("import os\nprint(sum(os.times()[:4]))"))
    notebook = new_notebook(cells=cells, metadata=copy.metadata)
    env = {k: v for k, v in os.environ.items() if k != STRICT_VARIABLE}
    folder = copy_folder(COPIES_DIR, "pupil", TRANSLATED[0])
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": folder}}
    ).execute(env=env)
    seconds = float(notebook.cells[-1].outputs[0].text)
    assert seconds < MAX_SECONDS, f"{source.name} took {seconds:.1f} s of CPU"
    counts = set()
    for lang, run in parts.items():
        starts = verdict_starts(lang)
        verdicts = [line for line in printed(run) if line.startswith(starts)]
        assert verdicts and all(line.startswith(starts[0]) for line in verdicts), (lang, verdicts)
        counts.add(len(verdicts))
    assert len(counts) == 1, "the same checks in every language"
