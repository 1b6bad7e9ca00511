"""Lesson notebooks stay small in git: no outputs, no saved widget state (PITFALLS.md).

Every lesson has a source (notebooks/) and two built copies in each language
(orchard_lab/lessons/pupil/ and teacher/, fr/pupil/, fr/teacher/, ko/pupil/ and ko/teacher/,
notebooks/README.md); all are checked.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from orchard_lab.language import LANGUAGES
from orchard_lab.lessons.build import COPIES, COPIES_DIR, SOURCE_DIR, copy_folder

REPO = Path(__file__).resolve().parents[1]
FOLDERS = [SOURCE_DIR] + [copy_folder(COPIES_DIR, c, lang) for lang in LANGUAGES for c in COPIES]
LESSONS = ["01_apple_batches.ipynb", "02_water_drops.ipynb", "03_stacked_trees.ipynb"]
ALL = sorted(path for folder in FOLDERS for path in folder.glob("*.ipynb"))


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_lesson_exists(folder: Path) -> None:
    assert [path.name for path in sorted(folder.glob("*.ipynb"))] == LESSONS


def test_no_notebook_outside_the_lessons_folders() -> None:
    committed = subprocess.run(
        ["git", "ls-files", "*.ipynb"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    assert sorted(REPO / path for path in committed) == ALL


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.relative_to(REPO).as_posix())
def test_notebook_is_small_and_stripped(path: Path) -> None:
    assert path.stat().st_size < 200_000
    notebook = json.loads(path.read_text())
    assert "widgets" not in notebook["metadata"], "saved widget state in metadata.widgets"
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"cell {index} carries saved outputs"
            assert cell["execution_count"] is None, f"cell {index} carries an execution count"
