"""A kernel that draws orchard_lab's charts loads no IRI parser (``figures.lean_imports``)."""

from __future__ import annotations

import subprocess
import sys

BOARD_AND_CHART = """\
import sys
from orchard_lab.widgets import AppleBatchesBoard
from orchard_lab.figures import sequence_values
import plotly.io, nbformat
board = AppleBatchesBoard(players=2, seed=3)
plotly.io.to_json(sequence_values(["triangular"], 5))
print(sys.modules.get("rfc3987_syntax", "absent"))
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_a_board_and_a_chart_load_no_iri_parser_and_notebooks_still_validate() -> None:
    check = "\nnbformat.validate(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('1')]))"
    assert _run(BOARD_AND_CHART + check) == "None"


def test_an_iri_parser_loaded_before_orchard_lab_is_left_alone() -> None:
    assert _run("import rfc3987_syntax\n" + BOARD_AND_CHART).startswith("<module 'rfc3987_syntax'")
