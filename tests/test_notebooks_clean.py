"""Lesson notebooks stay small in git: no outputs, no saved widget state (PITFALLS.md).

Every lesson has a source and two built copies (notebooks/README.md); all are checked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
FOLDERS = ("source", "pupil", "teacher")
LESSONS = ["01_apple_batches.ipynb", "02_water_drops.ipynb", "03_stacked_trees.ipynb"]
ALL = sorted(NOTEBOOKS.glob("*/*.ipynb"))


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_lesson_exists(folder: str) -> None:
    assert [path.name for path in sorted((NOTEBOOKS / folder).glob("*.ipynb"))] == LESSONS


def test_no_notebook_outside_the_three_folders() -> None:
    assert sorted(NOTEBOOKS.glob("*.ipynb")) == []
    assert {path.parent.name for path in ALL} == set(FOLDERS)


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_is_small_and_stripped(path: Path) -> None:
    assert path.stat().st_size < 200_000
    notebook = json.loads(path.read_text())
    assert "widgets" not in notebook["metadata"], "saved widget state in metadata.widgets"
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"cell {index} carries saved outputs"
            assert cell["execution_count"] is None, f"cell {index} carries an execution count"
