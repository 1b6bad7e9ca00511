"""Build the pupil and the teacher copy of every lesson, in every language, from its source.

One source notebook per lesson (``notebooks/NN_name.ipynb``) holds everything; its
cells' tags say who sees them (``notebooks/README.md``). The copies are built into this
package, so installing orchard_lab installs the lessons; the sources stay in the repository:

- ``teacher``: answers and talking points, only in the teacher's copy;
- ``pupil``: placeholders (``...``) for the pupil to replace, only in the pupil's copy.

The English copies go to ``orchard_lab/lessons/pupil/`` and ``teacher/``, the French and
Korean ones to ``orchard_lab/lessons/fr/pupil/``, ``fr/teacher/``, ``ko/pupil/`` and
``ko/teacher/`` (``copy_folder``). A translated copy takes its words from the lesson's
catalogue, ``notebooks/locale/LANGUAGE/NN_name.po`` (``orchard_lab.lessons.catalogues``),
and sets its kernel's language in a cell of its own before the first code cell.

The copies are written with nbconvert's ``NotebookExporter`` and its preprocessors
(``TagRemovePreprocessor`` drops the cells, ``ClearOutputPreprocessor`` and
``ClearMetadataPreprocessor`` keep the copies free of outputs and saved widget state)::

    python -m orchard_lab.lessons.build            # notebooks -> orchard_lab/lessons/
    python -m orchard_lab.lessons.build --check    # exit 1 if a copy is out of date
    python -m orchard_lab.lessons.build SOURCE OUT # any other folders

>>> sorted(REMOVED["pupil"]), sorted(REMOVED["teacher"])
(['teacher'], ['pupil'])
>>> [copy_folder(Path("out"), "teacher", lang).as_posix() for lang in ("en", "fr")]
['out/teacher', 'out/fr/teacher']
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nbconvert.exporters import NotebookExporter
from nbconvert.preprocessors import (
    ClearMetadataPreprocessor,
    ClearOutputPreprocessor,
    TagRemovePreprocessor,
)

from orchard_lab.language import LANGUAGES
from orchard_lab.lessons.catalogues import SOURCE_DIR, translated

__all__ = [
    "COPIES",
    "COPIES_DIR",
    "REMOVED",
    "SOURCE_DIR",
    "build",
    "copy_folder",
    "copy_text",
    "stale",
]

COPIES = ("pupil", "teacher")
COPIES_DIR = Path(__file__).resolve().parent  # the copies' folders are in it (copy_folder)
REMOVED = {"pupil": {"teacher"}, "teacher": {"pupil"}}  # tags left out
KEPT_NOTEBOOK_METADATA = {"kernelspec", "language_info"}


def copy_folder(out_dir: Path, copy: str, lang: str = "en") -> Path:
    """The folder under ``out_dir`` that holds the ``copy`` of the lessons in ``lang``."""
    return Path(out_dir) / copy if lang == "en" else Path(out_dir) / lang / copy


def copy_text(source: Path, copy: str, lang: str = "en") -> str:
    """The text of the ``copy`` ("pupil" or "teacher") of the source notebook ``source``, in
    the language ``lang``."""
    if copy not in COPIES:
        raise ValueError(f"copy must be one of {COPIES}, got {copy!r}")
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    exporter = NotebookExporter()
    for preprocessor in (
        TagRemovePreprocessor(remove_cell_tags=REMOVED[copy]),
        ClearOutputPreprocessor(),
        ClearMetadataPreprocessor(
            preserve_cell_metadata_mask={"tags"},
            preserve_nb_metadata_mask=KEPT_NOTEBOOK_METADATA,
        ),
    ):
        exporter.register_preprocessor(preprocessor, enabled=True)
    notebook = translated(source, lang)
    text: str
    text, _resources = exporter.from_notebook_node(notebook)
    return text if text.endswith("\n") else text + "\n"


def _targets(source_dir: Path, out_dir: Path) -> list[tuple[Path, str, str, Path]]:
    sources = sorted(Path(source_dir).glob("*.ipynb"))
    if not sources:
        raise FileNotFoundError(f"no source notebooks (*.ipynb) in {source_dir}")
    return [
        (source, copy, lang, copy_folder(out_dir, copy, lang) / source.name)
        for lang in LANGUAGES
        for source in sources
        for copy in COPIES
    ]


def build(source_dir: Path, out_dir: Path) -> list[Path]:
    """Write ``out_dir/pupil/NAME``, ``out_dir/teacher/NAME`` and the same under
    ``out_dir/fr/`` and ``out_dir/ko/`` for every source; the paths."""
    written = []
    for source, copy, lang, target in _targets(source_dir, out_dir):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(copy_text(source, copy, lang), encoding="utf-8")
        written.append(target)
    return written


def stale(source_dir: Path, out_dir: Path) -> list[Path]:
    """The copies, in every language, that are missing or differ from what ``build`` would
    write now."""
    return [
        target
        for source, copy, lang, target in _targets(source_dir, out_dir)
        if not target.exists()
        or target.read_text(encoding="utf-8") != copy_text(source, copy, lang)
    ]


def main(argv: list[str] | None = None) -> int:
    """The command line: build the copies, or with ``--check`` only report stale ones."""
    parser = argparse.ArgumentParser(
        prog="python -m orchard_lab.lessons.build",
        description=(
            "Build the pupil and teacher copies of every lesson, in English, French and "
            "Korean, from its source and its catalogues."
        ),
    )
    parser.add_argument("source", nargs="?", default=SOURCE_DIR, type=Path)
    parser.add_argument("out", nargs="?", default=COPIES_DIR, type=Path)
    parser.add_argument("--check", action="store_true", help="only check the copies are fresh")
    args = parser.parse_args(argv)
    if args.check:
        old = stale(args.source, args.out)
        for path in old:
            print(f"out of date: {path}")
        if old:
            print("rebuild them with: python -m orchard_lab.lessons.build")
        return 1 if old else 0
    for path in build(args.source, args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
