"""Why nbval runs the teacher's copies and not the sources as well (issue 21, item 6).

A source holds the pupil's placeholder cell and the teacher's answer cell side by side; the
teacher's copy is the source without its ``pupil`` cells, the pupil's copy the source without
its ``teacher`` cells. Running a source top to bottom is therefore running the teacher's copy
with a few extra cells that only bind placeholders (``x = ...``, a function whose body is
``...``) which the very next cell, the teacher's answer, binds again before anything reads
them. These structural checks prove that, in well under a second, so the suite runs each
lesson once under nbval (the teacher's copies, strict) and once as a pupil (Run All,
tests/test_lessons.py) instead of three times.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from orchard_lab.lessons.build import COPIES_DIR, SOURCE_DIR

SOURCES = sorted(SOURCE_DIR.glob("0*.ipynb"))


def cells(path: Path) -> list[nbformat.NotebookNode]:
    return nbformat.read(path, as_version=4).cells


def tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.metadata.get("tags", []))


def placeholder(node: ast.expr) -> bool:
    """``...``, or a list or tuple of ``...`` and constants (``[(5, 5, 3), ...]``)."""
    if isinstance(node, ast.Constant):
        return node.value is Ellipsis
    if isinstance(node, ast.List | ast.Tuple):
        inner = [
            placeholder(item) or isinstance(item, ast.Constant | ast.Tuple) for item in node.elts
        ]
        return all(inner) and any(placeholder(item) for item in node.elts)
    return False


def bound_placeholders(source: str) -> set[str]:
    """The names a pupil's cell binds; an AssertionError if it does anything else."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            assert placeholder(node.value), ast.unparse(node)
            for target in node.targets:
                assert isinstance(target, ast.Name), ast.unparse(node)
                names.add(target.id)
        elif isinstance(node, ast.FunctionDef):
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            assert [ast.unparse(statement) for statement in body] == ["..."], node.name
            names.add(node.name)
        else:
            raise AssertionError(f"a pupil's cell may only bind placeholders: {ast.unparse(node)}")
    return names


def bound(source: str) -> set[str]:
    """The names a cell binds at its top level."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        for target in [*getattr(node, "targets", []), getattr(node, "target", None)]:
            for name in ast.walk(target) if target is not None else []:
                if isinstance(name, ast.Name):
                    names.add(name.id)
    return names


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_each_copy_is_the_source_without_the_other_copys_cells(source: Path) -> None:
    everything = cells(source)
    for copy, left_out in (("teacher", "pupil"), ("pupil", "teacher")):
        built = cells(COPIES_DIR / copy / source.name)
        kept = [c for c in everything if left_out not in tags(c)]
        assert [(c.id, c.cell_type, c.source) for c in built] == [
            (c.id, c.cell_type, c.source) for c in kept
        ], f"{copy}'s copy of {source.name}: rebuild with python -m orchard_lab.lessons.build"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_running_the_source_is_running_the_teachers_copy(source: Path) -> None:
    """Every pupil's cell binds only placeholders, and the teacher's cell right after it
    binds each of them again, so nothing ever reads a placeholder of the source."""
    everything = cells(source)
    pupils = [i for i, cell in enumerate(everything) if "pupil" in tags(cell)]
    assert pupils, f"{source.name} has no exercise"
    for index in pupils:
        answer = everything[index + 1]
        assert "teacher" in tags(answer) and answer.cell_type == "code", everything[index].id
        missing = bound_placeholders(everything[index].source) - bound(answer.source)
        assert not missing, f"{answer.id} leaves {missing} a placeholder"


def test_the_proof_would_catch_a_placeholder_left_standing() -> None:
    assert bound_placeholders("x = ...\ndef f(n):\n    '''doc'''\n    ...") == {"x", "f"}
    assert bound_placeholders("parts = [(5, 5, 3), ...]") == {"parts"}
    with pytest.raises(AssertionError):
        bound_placeholders("total = 0\ntotal += ...")
    with pytest.raises(AssertionError):
        bound_placeholders("def f(n):\n    return n + ...")
    assert bound("a, b = 1, 2\nfor c in d: pass\ndef e(): pass") == {"a", "b", "c", "e"}
