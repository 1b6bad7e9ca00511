"""The French and Korean catalogues kept equal to the text the code marks for translation.

``marked()`` reads every ``_("...")`` (and ``_n``, ``_p``, ``N_``) in the package with
Babel's extractor (a message's place in the code comes with it, and a ``# Translators:``
comment above it goes to the translator), and the glossary's names (``orchard_lab.glossary``
imports nothing, so its names are read from its tables, each term's meaning going to the
translator): one name per thing in each language; and the words of docs/rules.md that the
teacher's pages show (each game's readings: its note and every cell of its table, whole).
``update()`` brings each catalogue in line: a new message comes in untranslated, a changed
one is marked fuzzy (Babel's guess from the old text), a message the code no longer marks is
dropped. ``problems(code)`` lists what stops a catalogue from being complete: a message
missing, untranslated or fuzzy (a plural message in any of its forms), or one the code no
longer marks; ``tests/test_catalogues.py`` holds both catalogues to none. Run
``python -m orchard_lab.catalogues`` after marking text or editing the readings of
docs/rules.md, then translate the new entries.

>>> "Next ▶" in marked()
True
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from orchard_lab.glossary import BATCH_NAMES, GAME_NAMES, RULE_NAMES, TERMS
from orchard_lab.language import DOMAIN, LANGUAGES, catalogue_path
from orchard_lab.po_files import read_or_start
from orchard_lab.worksheets.pupil_sheet import SHEET_GAMES, teacher_messages
from orchard_lab.worksheets.rules_text import rules_markdown

__all__ = ["marked", "problems", "read", "update"]

PACKAGE = Path(__file__).parent
# the markers of orchard_lab.language: _, _n (singular, plural), _p (context, message), N_
_KEYWORDS = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "N_": None}
GLOSSARY = PACKAGE / "glossary.py"
READINGS_NOTE = (
    "docs/rules.md, the readings of {game}, on the teacher's page: the published words in "
    "quotes stay as published (a gloss in brackets may follow); Markdown, `code` and rule "
    "ids stay as they are"
)


def marked() -> Catalog:
    """Every message the package marks, with the places it stands."""
    template = Catalog(domain=DOMAIN, project="orchard_lab")
    found = extract_from_dir(
        PACKAGE,
        method_map=[("**.py", "python")],
        keywords=_KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for path, line, message, comments, context in found:
        place = (f"orchard_lab/{path}", line)
        template.add(message, locations=[place], auto_comments=comments, context=context)
    _add_glossary(template)
    _add_readings(template)
    return template


def _add_glossary(template: Catalog) -> None:
    """The glossary's names of games, batches and rules, and its terms with their meaning."""
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()

    def place(name: str) -> list[tuple[str, int]]:
        line = next(n for n, text in enumerate(lines, 1) if f'"{name}"' in text)
        return [("orchard_lab/glossary.py", line)]

    for names in (GAME_NAMES, BATCH_NAMES, RULE_NAMES):
        for name in names.values():
            template.add(name, locations=place(name))
    for entry in TERMS:
        template.add(entry.name, locations=place(entry.name), auto_comments=[entry.meaning])


def _add_readings(template: Catalog) -> None:
    """The words of docs/rules.md on the teacher's pages, each with its line there."""
    lines = rules_markdown().splitlines()
    for game in SHEET_GAMES:
        for message in teacher_messages(game):
            first = message.splitlines()[0]
            line = next(n for n, text in enumerate(lines, 1) if first in text)
            comment = READINGS_NOTE.format(game=GAME_NAMES[game])
            template.add(message, locations=[("docs/rules.md", line)], auto_comments=[comment])


def read(code: str) -> Catalog:
    """The catalogue of the language ``code`` as kept (empty if there is none yet)."""
    about = "orchard_lab's words (orchard_lab/catalogues.py)"
    return read_or_start(catalogue_path(code), code, DOMAIN, "orchard_lab", about)


def update() -> list[Path]:
    """Bring every catalogue in line with the marked text; the files written."""
    template = marked()
    written = []
    for code in LANGUAGES:
        if code == "en":
            continue
        catalogue = read(code)
        catalogue.update(template, update_header_comment=False)
        catalogue.obsolete.clear()  # what the code no longer marks is gone, not kept aside
        path = catalogue_path(code)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as po:
            write_po(po, catalogue, width=100, omit_header=False, sort_output=False)
        written.append(path)
    return written


def problems(code: str) -> list[str]:
    """What stops the catalogue of ``code`` from being complete, one line each."""
    template, catalogue = marked(), read(code)
    found = []
    for message in template:
        if not message.id:
            continue
        entry = catalogue.get(message.id, context=message.context)
        where = ", ".join(f"{path}:{line}" for path, line in message.locations)
        if entry is None:
            found.append(f"missing: {message.id!r} ({where})")
        elif entry.fuzzy:
            found.append(f"fuzzy: {message.id!r} ({where})")
        elif not all(entry.string if isinstance(entry.string, tuple) else [entry.string]):
            found.append(f"untranslated: {message.id!r} ({where})")
    for entry in catalogue:
        if entry.id and template.get(entry.id, context=entry.context) is None:
            found.append(f"no longer in the code: {entry.id!r}")
    return found


if __name__ == "__main__":
    for written in update():
        print(f"updated {written.relative_to(PACKAGE.parent)}")
    for code in LANGUAGES:
        if code != "en":
            for line in problems(code):
                print(f"{code}: {line}")
    sys.exit(0)
