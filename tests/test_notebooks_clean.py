"""Lesson notebooks stay small in git: no outputs, no saved widget state (PITFALLS.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
LESSONS = ["01_apple_batches.ipynb", "02_water_drops.ipynb", "03_stacked_trees.ipynb"]


def test_every_lesson_exists() -> None:
    assert [path.name for path in NOTEBOOKS] == LESSONS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_small_and_stripped(path: Path) -> None:
    assert path.stat().st_size < 200_000
    notebook = json.loads(path.read_text())
    assert "widgets" not in notebook["metadata"], "saved widget state in metadata.widgets"
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"cell {index} carries saved outputs"
            assert cell["execution_count"] is None, f"cell {index} carries an execution count"
