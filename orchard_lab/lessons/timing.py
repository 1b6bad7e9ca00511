"""How long a lesson takes: the minutes of its core, estimated from its cells.

Every lesson has a **core** a class finishes in 50 minutes and **extensions** for a second
lesson or homework. A heading whose words say ``(extension`` starts an extension, and so
does every heading below it (a ``###`` under an extension ``##``); any other heading starts
core. The estimate of a core part adds up, cell by cell (the teacher's notes cost nothing:
the teacher reads them before the lesson):

- reading: the words of a Markdown cell at ``WORDS_PER_MINUTE`` (a class reads the projected
  text together and talks about it, so slower than reading alone);
- a code box the class runs and looks at: ``CODE_MINUTES``;
- an exercise (a cell tagged ``pupil``): ``EXERCISE_MINUTES``, or ``FUNCTION_MINUTES`` when
  the pupil writes a function; its check cell is part of it;
- the rule walkthrough: its steps at ``STEP_SECONDS`` each, plus its words;
- the game on the class board: ``GAME_START_MINUTES`` to start, then the pupil's moves at the
  lesson's seconds per move (``Pace``).

A part is a ``##`` section (the header is "Getting started"); the header's plan quotes the
minutes this module gives, and ``tests/test_lesson_plans.py`` checks they agree. Print every
lesson's estimate with::

    python -m orchard_lab.lessons.timing

>>> from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
>>> cells = [new_markdown_cell("# A lesson\\n\\n" + "word " * 98),
...          new_code_cell("x = 1"),
...          new_markdown_cell("## Investigations (extension)"),
...          new_code_cell("y = 2")]
>>> estimate(new_notebook(cells=cells), Pace(moves=0, seconds=0))
{'Getting started': 1.5}
"""

from __future__ import annotations

import importlib
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import nbformat

from orchard_lab.lessons.build import SOURCE_DIR

__all__ = [
    "CODE_MINUTES",
    "CORE_MINUTES",
    "EXERCISE_MINUTES",
    "FUNCTION_MINUTES",
    "GAME_START_MINUTES",
    "STEP_SECONDS",
    "WORDS_PER_MINUTE",
    "Pace",
    "estimate",
    "is_extension",
    "lesson_pace",
    "parts",
]

CORE_MINUTES = 50
WORDS_PER_MINUTE = 100
CODE_MINUTES = 0.5
EXERCISE_MINUTES = 4.0
FUNCTION_MINUTES = 6.0
STEP_SECONDS = 15
GAME_START_MINUTES = 2.0
HEADING = re.compile(r"^(#{1,3}) (.+)$", re.MULTILINE)
EXTENSION = re.compile(r"\(extension", re.IGNORECASE)
FIRST_PART = "Getting started"


@dataclass(frozen=True)
class Pace:
    """The lesson's game: the moves the pupil makes and the seconds each takes; the rule
    walkthrough's steps and words (0 when the lesson has none)."""

    moves: int
    seconds: int
    steps: int = 0
    step_words: int = 0


def lesson_pace(game: str) -> Pace:
    """The ``PACE`` of ``game``'s lesson module (``orchard_lab.lessons.<game>``), with the
    steps and words of the game's rule walkthrough."""
    from orchard_lab import games  # here, so that importing timing loads no widgets
    from orchard_lab.widgets import rule_walkthrough

    pace: Pace = importlib.import_module(f"orchard_lab.lessons.{game}").PACE
    steps = rule_walkthrough(games.entry(game).module).steps
    words = sum(_words(re.sub(r"<[^>]+>", " ", step.text)) for step in steps)
    return replace(pace, steps=len(steps), step_words=words)


def _words(markdown: str) -> int:
    text = re.sub(r"\$[^$]*\$", " x ", markdown)  # a formula reads as one word
    return len(re.findall(r"[\w'’]+", text))


def is_extension(heading: str) -> bool:
    """Whether a heading's words start an extension.

    >>> is_extension("### Exercise 3 · Your own prime test (extension)"), is_extension("## Part 1")
    (True, False)
    """
    return bool(EXTENSION.search(heading))


def parts(notebook: Any) -> list[tuple[str, bool, list[Any]]]:
    """The lesson's cells cut at its ``##`` headings: (the part's title, whether it is core,
    its cells), the header first as "Getting started". A core part keeps only its core
    cells (an extension ``###`` inside it is left out)."""
    cut: list[tuple[str, bool, list[Any]]] = [(FIRST_PART, True, [])]
    extension_from: int | None = None  # the level of the heading that started an extension
    for cell in notebook.cells:
        heading = HEADING.match(cell.source) if cell.cell_type == "markdown" else None
        if heading:
            level, words = len(heading.group(1)), heading.group(2)
            if extension_from is not None and level <= extension_from:
                extension_from = None
            if extension_from is None and is_extension(words):
                extension_from = level
            if level == 2:
                cut.append((words.strip(), extension_from is None, []))
        if extension_from is None:
            cut[-1][2].append(cell)
    return cut


def _cell_minutes(cell: Any, pace: Pace) -> float:
    tags = cell.metadata.get("tags", [])
    if "teacher" in tags:
        return 0.0
    if cell.cell_type == "markdown":
        return _words(cell.source) / WORDS_PER_MINUTE
    if "pupil" in tags:
        return FUNCTION_MINUTES if "def " in cell.source else EXERCISE_MINUTES
    if "lesson.check" in cell.source:
        return 0.0  # part of its exercise
    if "rule_walkthrough(" in cell.source:
        return pace.steps * STEP_SECONDS / 60 + pace.step_words / WORDS_PER_MINUTE
    if "class_board" in cell.source and "Board(" in cell.source:
        return GAME_START_MINUTES + pace.moves * pace.seconds / 60
    return CODE_MINUTES


def _half(minutes: float) -> float:
    return round(minutes * 2) / 2


def estimate(notebook: Any, pace: Pace) -> dict[str, float]:
    """The minutes of each core part of ``notebook`` (a path or a notebook), rounded to the
    half minute, in the order of the lesson."""
    if not hasattr(notebook, "cells"):
        notebook = nbformat.read(notebook, as_version=4)
    return {
        title: _half(sum(_cell_minutes(cell, pace) for cell in cells))
        for title, core, cells in parts(notebook)
        if core
    }


def main() -> int:
    """Print the core's minutes, part by part, of every lesson source."""
    for source in sorted(Path(SOURCE_DIR).glob("*.ipynb")):
        minutes = estimate(source, lesson_pace(source.stem[3:]))
        print(f"{source.name}: {sum(minutes.values()):g} minutes")
        for title, part in minutes.items():
            print(f"  {part:4g}  {title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
