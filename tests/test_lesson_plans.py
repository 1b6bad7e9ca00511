"""Lessons that fit the hour and the projector (issue 21, items 1 and 2): each lesson's
header states a core of at most 50 minutes, part by part, as ``orchard_lab.lessons.timing``
estimates it, names its extensions and how the minutes were estimated; no line of code in any
lesson is wider than 72 characters (a projector at 1024 × 768 with JupyterLab's file browser
open leaves a code column of about 590 pixels)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from orchard_lab.lessons import timing
from orchard_lab.lessons.build import COPIES, COPIES_DIR, SOURCE_DIR
from orchard_lab.lessons.timing import CORE_MINUTES, Pace, estimate, lesson_pace, parts

SOURCES = sorted(SOURCE_DIR.glob("0*.ipynb"))
EVERY_LESSON = SOURCES + [COPIES_DIR / copy / s.name for copy in COPIES for s in SOURCES]
WIDEST = 72


def game_of(source: Path) -> str:
    return source.stem[3:]  # "01_apple_batches" -> "apple_batches"


def header(source: Path) -> str:
    return str(nbformat.read(source, as_version=4).cells[0].source)


@pytest.fixture(scope="module", params=SOURCES, ids=lambda p: p.stem)
def planned(request: pytest.FixtureRequest) -> tuple[Path, dict[str, float]]:
    source: Path = request.param
    return source, estimate(source, lesson_pace(game_of(source)))


def test_the_core_fits_the_hour(planned: tuple[Path, dict[str, float]]) -> None:
    source, minutes = planned
    total = sum(minutes.values())
    assert total <= CORE_MINUTES, f"{source.name}: the core takes {total} minutes"
    assert total >= CORE_MINUTES - 10, f"{source.name}: {total} minutes leave the hour half empty"


def test_the_header_states_the_estimate_part_by_part(
    planned: tuple[Path, dict[str, float]],
) -> None:
    source, minutes = planned
    text = header(source)
    for title, part in minutes.items():
        row = rf"^\| {re.escape(title)}[^|]*\| {part:g} \|$"
        assert re.search(row, text, re.MULTILINE), f"{source.name}: no row '{title} | {part:g}'"
    total = sum(minutes.values())
    assert f"| **the core** | **{total:g}**, {CORE_MINUTES - total:g} to spare |" in text
    assert f"| **Time** | {CORE_MINUTES} minutes: the core below." in text
    assert "**Extensions:**" in text and "*How the minutes were estimated:*" in text
    pace = lesson_pace(game_of(source))
    assert f"at {pace.seconds} seconds for each of your {pace.moves} moves" in text


def test_every_exercise_and_investigation_says_core_or_extension(
    planned: tuple[Path, dict[str, float]],
) -> None:
    """An exercise in the core has no "(extension)"; the core holds two or three of them
    (an exercise is a cell tagged pupil), and the investigations are all extensions."""
    source, _ = planned
    core = [
        cell
        for _, in_core, cells in parts(nbformat.read(source, as_version=4))
        if in_core
        for cell in cells
    ]
    exercises = [c for c in core if "pupil" in c.metadata.get("tags", [])]
    assert 2 <= len(exercises) <= 4, [c.source for c in exercises]  # Ex. 1 of 02 has two cells
    headings = {c.source.splitlines()[0] for c in core if c.cell_type == "markdown"}
    assert not [h for h in headings if h.startswith("## Investigations")]
    named = {re.sub(r"\D", "", h.split("·")[0]) for h in headings if "### Exercise" in h}
    assert 2 <= len(named) <= 3, named


def test_the_lesson_links_the_rules_sheet_not_the_repository(
    planned: tuple[Path, dict[str, float]],
) -> None:
    source, _ = planned
    text = source.read_text(encoding="utf-8")
    assert f"]({game_of(source)}_rules.html)" in header(source)
    assert "docs/rules.md" not in text


def test_the_short_water_drops_game_is_named_as_the_lessons(
    planned: tuple[Path, dict[str, float]],
) -> None:
    """A game shortened for the hour is the lesson's short game, never the standard rules."""
    source, _ = planned
    cells = nbformat.read(source, as_version=4).cells
    board = next(c for c in cells if "class_board = " in c.source and "Board(" in c.source)
    before = cells[cells.index(board) - 1].source
    if "short_game" in board.source:
        assert "the lesson's short game" in before and "not the standard game" in before
    else:
        assert "short" not in before


def test_the_estimate_reads_words_boxes_exercises_and_the_game() -> None:
    cells = [
        new_markdown_cell("# Title\n\n" + "word " * 198),  # 200 words: 2 minutes
        new_code_cell("x = 1"),  # 0.5
        new_markdown_cell("## Part 1"),  # 3 words
        new_code_cell("a = ...", metadata={"tags": ["pupil"]}),  # 4
        new_code_cell("a = 4", metadata={"tags": ["teacher"]}),  # the teacher's: 0
        new_code_cell("lesson.check_a(a)"),  # part of the exercise: 0
        new_code_cell("def f(n):\n    ...", metadata={"tags": ["pupil"]}),  # 6
        new_code_cell("class_board = Board()"),  # 2 + 10 moves × 30 s = 7
        new_code_cell("rule_walkthrough(ab)"),  # 8 steps × 15 s + 100 words = 3
        new_markdown_cell("### Exercise 9 (extension)"),
        new_code_cell("b = ...", metadata={"tags": ["pupil"]}),  # an extension: not counted
        new_markdown_cell("## Investigations (extension: homework)"),
        new_code_cell("c = 1"),
    ]
    pace = Pace(moves=10, seconds=30, steps=8, step_words=100)
    assert estimate(new_notebook(cells=cells), pace) == {
        "Getting started": 2.5,
        "Part 1": 20.0,
    }
    assert timing.is_extension("### Exercise 1 · Turn a card (Extension)")


@pytest.mark.parametrize("path", EVERY_LESSON, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_code_line_is_wider_than_the_projector(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    wide = [
        f"{cell.get('id')}: {line}"
        for cell in notebook.cells
        if cell.cell_type == "code"
        for line in cell.source.splitlines()
        if len(line) > WIDEST
    ]
    assert not wide, f"{len(wide)} code lines wider than {WIDEST} characters: {wide[:5]}"


def test_every_lesson_is_checked_for_width() -> None:
    assert len(EVERY_LESSON) == 9
