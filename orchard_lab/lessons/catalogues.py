"""The lessons in French and Korean: one gettext catalogue per lesson and language (issue 25).

Each source notebook ``notebooks/NN_name.ipynb`` has a catalogue per language beside it,
``notebooks/locale/LANGUAGE/NN_name.po``, read and written with Babel. Its messages are the
source's words, taken so that a small edit touches one message only:

- a markdown cell gives one message per paragraph (the text between blank lines, or
  between the ``>`` lines that part a quote box), Markdown and all;
- a code cell that comments or says something in words (a comment, a docstring, a
  sentence it prints) is one message, whole: its translation changes only the comments
  and the strings, never a name, a number or a card's text (``tests/test_lesson_translations.py``
  compares the Python tokens); a code cell without words is copied as it is.

``translated(source, lang)`` is the source with every message looked up; a message missing,
untranslated or fuzzy stays English, as gettext does. It also gives the lesson a code cell
of its own before its first one, ``set_language("fr")``, so the copy speaks its language
however it is opened. ``python -m orchard_lab.lessons.build`` builds the copies from it.

``update(source_dir)`` brings every lesson's catalogues in line with its source: a new
message comes in untranslated, a changed one is marked fuzzy (Babel's guess from the old
text), a message the source no longer has is dropped. ``problems(source, lang)`` lists what
stops a catalogue from being complete. After editing a lesson::

    python -m orchard_lab.lessons.catalogues   # refresh notebooks/locale/*/*.po, list the gaps

then translate the new and fuzzy entries and build the copies.

>>> split_paragraphs("# Title\\n\\nOne idea.\\n> **Note.** a\\n>\\n> b\\n")
['# Title', '\\n\\n', 'One idea.\\n> **Note.** a', '\\n>\\n', '> b', '\\n', '']
>>> speaks("print(total)"), speaks("print(f'{n} apples')"), speaks("x = 1  # one")
(False, True, True)
>>> speaks('check(scores["best line"])')  # a key is data
False
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from orchard_lab.language import LANGUAGES
from orchard_lab.po_files import read_or_start

__all__ = [
    "LANGUAGE_CELL",
    "SOURCE_DIR",
    "SPEAKING",
    "TRANSLATED",
    "catalogue_path",
    "messages",
    "problems",
    "read",
    "speaks",
    "split_paragraphs",
    "translated",
    "update",
]

TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
SOURCE_DIR = Path(__file__).resolve().parents[2] / "notebooks"  # in a checkout only
DOMAIN = "orchard_lab_lessons"
LANGUAGE_CELL = "set-language"  # the id of the cell that sets a translated copy's language
# the comment on that cell's set_language line, a message of every lesson's catalogue
SPEAKING = "# from here on, orchard_lab speaks the lesson's language"
# blank lines, or a quote box's empty ">" lines, part two paragraphs of a markdown cell (and
# the white space at either end is no paragraph's)
_BETWEEN = re.compile(r"(\A\s+|\n(?:[ \t]*>?[ \t]*\n)+|\s+\Z)")
_WORD = re.compile(r"[^\W\d_]{2,}")
_NOTES = {
    "markdown": "a paragraph of a markdown cell",
    "code": (
        "a code cell: translate its comments, docstrings and the words it prints; names, "
        "numbers and data (card texts, colours, dictionary keys other cells use) stay as "
        "they are, and no line grows wider than 72 characters"
    ),
    "pupil": "in the pupil's copy only",
    "teacher": "in the teacher's copy only",
    SPEAKING: (
        "the comment on the line that sets the language of a translated copy, "
        'after set_language("fr"): at most 52 characters'
    ),
}


def catalogue_path(source: Path, lang: str) -> Path:
    """Where the catalogue of the lesson ``source`` in the language ``lang`` is kept."""
    return Path(source).parent / "locale" / lang / f"{Path(source).stem}.po"


def split_paragraphs(text: str) -> list[str]:
    """A markdown cell's text as paragraphs (even places) and what parts them (odd places);
    joined, they are the text again."""
    return _BETWEEN.split(text)


def _is_words(text: str) -> bool:
    """A string a reader reads: a word, and a space between two things."""
    return bool(_WORD.search(text)) and " " in text.strip()


def speaks(source: str) -> bool:
    """Whether a code cell says something in words: a comment, or a string of words (a
    docstring, a sentence it prints, a label)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    if any(token.type == tokenize.COMMENT for token in tokens):
        return True
    return any(_is_words(text) for text in _strings(ast.parse(source)))


def _strings(tree: ast.AST) -> list[str]:
    """The strings of a piece of code, an f-string's fields written ``{}``; not a
    subscript's key (``scores["best line"]``), which is data, not words."""
    keys = {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in keys:
                found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            found.append("".join(_literal(part) for part in node.values))
    return found


def _literal(part: ast.expr) -> str:
    return str(part.value) if isinstance(part, ast.Constant) else "{}"


def _pieces(cell: nbformat.NotebookNode) -> list[tuple[str, bool]]:
    """A cell's text in pieces, each with whether it is a message."""
    if cell.cell_type == "markdown":
        parts = split_paragraphs(cell.source)
        return [(part, i % 2 == 0 and bool(_WORD.search(part))) for i, part in enumerate(parts)]
    return [(cell.source, cell.cell_type == "code" and speaks(cell.source))]


def messages(source: Path) -> Catalog:
    """The messages of the lesson ``source``, in order, each with its cell and a note to
    the translator."""
    notebook = nbformat.read(source, as_version=4)
    template = Catalog(domain=DOMAIN, project="orchard_lab lessons")
    for cell in notebook.cells:
        tags = [tag for tag in cell.metadata.get("tags", []) if tag in _NOTES]
        for piece, is_message in _pieces(cell):
            if is_message:
                note = "; ".join([_NOTES[cell.cell_type], *(_NOTES[tag] for tag in tags)])
                place = (f"{Path(source).name}#{cell.id}", 0)
                template.add(piece, locations=[place], auto_comments=[note])
    place = ("orchard_lab/lessons/catalogues.py", 0)
    template.add(SPEAKING, locations=[place], auto_comments=[_NOTES[SPEAKING]])
    return template


def read(source: Path, lang: str) -> Catalog:
    """The catalogue of the lesson ``source`` in ``lang`` as kept (empty if there is none)."""
    about = f"the lesson {Path(source).name} (orchard_lab/lessons/catalogues.py)"
    path = catalogue_path(source, lang)
    return read_or_start(path, lang, DOMAIN, "orchard_lab lessons", about)


def _lookup(catalogue: Catalog, text: str) -> str:
    """``text`` translated, or ``text`` itself where the catalogue has no final translation."""
    entry = catalogue.get(text)
    if entry is None or entry.fuzzy or not entry.string:
        return text
    return str(entry.string)


def translated(source: Path, lang: str) -> nbformat.NotebookNode:
    """The lesson ``source`` with its words in ``lang`` (English where not translated),
    and a first code cell that makes its kernel speak ``lang``."""
    notebook: nbformat.NotebookNode = nbformat.read(source, as_version=nbformat.NO_CONVERT)
    if lang == "en":
        return notebook
    catalogue = read(source, lang)
    for cell in notebook.cells:
        pieces = _pieces(cell)
        cell.source = "".join(
            _lookup(catalogue, text) if is_message else text for text, is_message in pieces
        )
    first = next(
        (i for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"),
        len(notebook.cells),
    )
    speaking = nbformat.v4.new_code_cell(
        "from orchard_lab.language import set_language\n\n"
        f'set_language("{lang}")  {_lookup(catalogue, SPEAKING)}',
        id=LANGUAGE_CELL,
    )
    notebook.cells.insert(first, speaking)
    return notebook


def _sources(source_dir: Path) -> list[Path]:
    return sorted(Path(source_dir).glob("*.ipynb"))


def update(source_dir: Path) -> list[Path]:
    """Bring the catalogues of every lesson in ``source_dir`` in line with its source, in
    every translated language; the files written."""
    written = []
    for source in _sources(source_dir):
        template = messages(source)
        for lang in TRANSLATED:
            catalogue = read(source, lang)
            catalogue.update(template, update_creation_date=False)
            catalogue.obsolete.clear()  # what the source no longer says is gone, not kept
            for message in catalogue:  # "10% of" and "{n}" are prose and code, not formats
                message.flags -= {"python-format", "python-brace-format"}
            path = catalogue_path(source, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as po:
                write_po(po, catalogue, width=100, sort_output=False)
            written.append(path)
    return written


def problems(source: Path, lang: str) -> list[str]:
    """What stops the catalogue of ``source`` in ``lang`` from being complete, one line each:
    a message missing, untranslated or fuzzy, or one the source no longer has."""
    template, catalogue = messages(source), read(source, lang)
    found = []
    for message in template:
        if not message.id:
            continue
        entry = catalogue.get(message.id)
        where = ", ".join(path for path, _line in message.locations)
        start = str(message.id).splitlines()[0][:60]
        if entry is None:
            found.append(f"missing: {start!r}… ({where})")
        elif entry.fuzzy:
            found.append(f"fuzzy: {start!r}… ({where})")
        elif not entry.string:
            found.append(f"untranslated: {start!r}… ({where})")
    for entry in catalogue:
        if entry.id and template.get(entry.id) is None:
            found.append(f"no longer in the source: {str(entry.id).splitlines()[0][:60]!r}…")
    return found


def main(argv: list[str] | None = None) -> int:
    """Refresh the catalogues of the lessons in the source folder (default: the
    repository's ``notebooks/``), then list what is left to translate."""
    args = sys.argv[1:] if argv is None else argv
    source_dir = Path(args[0]) if args else SOURCE_DIR
    for path in update(source_dir):
        print(f"updated {path}")
    for source in _sources(source_dir):
        for lang in TRANSLATED:
            for line in problems(source, lang):
                print(f"{source.name} {lang}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
