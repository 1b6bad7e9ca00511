"""One name per thing: the product's text uses the glossary's names, never a retired synonym.

The text scanned is what a pupil or a teacher reads: the string literals of orchard_lab's code
(not its docstrings, and not identifiers such as "sweet_couple" or CSS classes such as
"orchard-batch-special"), the lessons' sources and built copies (the Markdown, and the comments
and strings of the code cells), docs/rules.md and the README, all without their `code spans`.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import glossary, stacked_trees, water_drops
from orchard_lab.lessons.build import COPIES, COPIES_DIR, SOURCE_DIR

REPO = Path(__file__).resolve().parents[1]
GAMES = tuple(glossary.GAME_NAMES)
CODE_SPAN = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
RULES_SECTION = re.compile(r"^## (.+)$", re.MULTILINE)
QUOTE_MARK = re.compile(r"^>\s?", re.MULTILINE)

Text = tuple[str, str | None, str]  # where, the game it is about (None: any), the words


def _game_of(path: Path) -> str | None:
    return next((game for game in GAMES if game in path.name), None)


def _prose(value: str) -> bool:
    return " " in value.strip()


def _python_strings(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield from filter(_prose, [node.value])


def _code_cell_words(source: str) -> Iterator[str]:
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):  # a cell with `...` placeholders still tokenizes
        tokens = []
    words = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    for token in tokens:
        if token.type == tokenize.COMMENT or (token.type in words and _prose(token.string)):
            yield token.string


def _texts() -> Iterator[Text]:
    for path in sorted((REPO / "orchard_lab").rglob("*.py")):
        if path.name == "glossary.py":
            continue
        for words in _python_strings(path):
            yield str(path.relative_to(REPO)), _game_of(path), words
    folders = [SOURCE_DIR, *(COPIES_DIR / copy for copy in COPIES)]
    for path in sorted(p for folder in folders for p in folder.glob("*.ipynb")):
        where = str(path.relative_to(REPO))
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                yield f"{where} cell {index}", _game_of(path), CODE_SPAN.sub("", source)
            else:
                for words in _code_cell_words(source):
                    yield f"{where} cell {index}", _game_of(path), words
    yield "README.md", None, CODE_SPAN.sub("", (REPO / "README.md").read_text(encoding="utf-8"))
    rules = CODE_SPAN.sub("", (REPO / "docs" / "rules.md").read_text(encoding="utf-8"))
    titles = {name.capitalize(): game for game, name in glossary.GAME_NAMES.items()}
    parts = RULES_SECTION.split(rules)
    yield "docs/rules.md", None, parts[0]
    for title, section in zip(parts[1::2], parts[2::2], strict=True):
        yield f"docs/rules.md ## {title}", titles.get(title), section


def _flat(words: str) -> str:
    """One line, without Markdown's quote marks: a name broken over two lines still reads."""
    return " ".join(QUOTE_MARK.sub("", words).split())


TEXTS = [(where, game, _flat(words)) for where, game, words in _texts()]
RETIRED = [
    (entry.name, pattern, entry.game) for entry in glossary.TERMS for pattern in entry.retired
]


def _whole(pattern: str) -> re.Pattern[str]:
    """``pattern`` as whole words; a ``{field}`` of a catalogue sentence is a name in the
    code, not a word anyone reads, so it never matches."""
    return re.compile(rf"(?<![\w{{-])(?:{pattern})(?![\w}}-])", re.IGNORECASE)


@pytest.mark.parametrize(
    ("name", "pattern", "game"), RETIRED, ids=[f"{n}: {p}" for n, p, _g in RETIRED]
)
def test_no_retired_synonym(name: str, pattern: str, game: str | None) -> None:
    found = _whole(pattern)
    hits = [
        f"{where}: …{words[max(0, m.start() - 40) : m.end() + 40]}…"
        for where, about, words in TEXTS
        if game is None or about == game
        for m in found.finditer(words)
    ]
    assert not hits, f"say {name!r} instead:\n" + "\n".join(hits)


def test_the_scan_reads_every_kind_of_text() -> None:
    places = {where.split(" ")[0] for where, _game, _words in TEXTS}
    expected = ["orchard_lab/widgets/", "orchard_lab/lessons/pupil/", "notebooks/"]
    for start in [*expected, "orchard_lab/apple_batches/", "orchard_lab/worksheets/"]:
        assert any(place.startswith(start) for place in places), start
    assert {"README.md", "docs/rules.md"} <= places
    # the scan sees a retired synonym where there is one
    assert _whole(RETIRED[0][1]).search("the orchard cards") is not None


@pytest.mark.parametrize("game", GAMES)
def test_a_source_game_is_named_once_in_the_rules_reference(game: str) -> None:
    source = glossary.GAME_SOURCES[game]
    hits = [where for where, _game, words in TEXTS if source in words]
    assert hits == ["docs/rules.md"]
    rules = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert rules.count(source) == 1
    assert f"based on the card game *{source}*" in rules


def test_the_engines_take_their_names_from_the_glossary() -> None:
    assert ab.BATCH_NAMES is glossary.BATCH_NAMES
    for module in (ab, water_drops, stacked_trees):
        assert module.FACTS.title == glossary.GAME_NAMES[module.FACTS.name]
        assert dict(module.FACTS.rules) == {
            rule: name
            for rule, name in glossary.RULE_NAMES.items()
            if rule.startswith(next(iter(module.FACTS.rules))[:3])
        }


def test_a_refusal_names_the_batch_as_the_board_does() -> None:
    board = ab.Board()
    board.place(ab.Card("red", 1, 5), "unlucky")
    board.place(ab.Card("red", 2, 5), "unlucky")
    refusal = board.refusal(ab.Card("red", 3, 4), "unlucky")
    assert str(refusal).startswith("Unlucky 13 batch (AB-4): ")
    board.place(ab.Card("gold", 1, 1), "steady")
    refusal = board.refusal(ab.Card("gold", 2, 2), "special")
    assert str(refusal).startswith("Special tree (AB-6): ")
    assert glossary.RULE_NAMES["AB-6"].lower() == glossary.BATCH_NAMES["special"]


def test_every_term_is_named_once() -> None:
    names = [entry.name for entry in glossary.TERMS]
    assert len(names) == len(set(names))
    for entry in glossary.TERMS:
        assert glossary.term(entry.name) is entry
        assert entry.game in (None, *GAMES)
        for pattern in entry.retired:  # a retired name never matches the name kept
            assert not _whole(pattern).search(entry.name), (entry.name, pattern)
