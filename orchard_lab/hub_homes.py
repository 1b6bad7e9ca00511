"""What each login finds in their folder on a class hub (``orchard-lab hub``).

JupyterHub calls ``prepare_home`` before it starts someone's JupyterLab. A pupil gets their
own copy of the pupil lessons, and their boards send finished games to the class's results
file (the environment names it; ``class_inbox.class_on_this_hub``). The teacher gets the
teacher's copies and ``class-results.ipynb``, whose one cell shows the class's results
checked and ranked as they arrive (``ClassResultsChecker(results_file=...)``). Everyone's
JupyterLab is set never to fetch news or look for updates (nothing leaves the classroom, and
no question pops up over a lesson). Nothing already in a folder is replaced.

>>> import json, tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     pupil = prepare_home(Path(tmp, "Ana"), teacher=False, results_file=Path(tmp, "7b.txt"))
...     teacher = prepare_home(Path(tmp, "t"), teacher=True, results_file=Path(tmp, "7b.txt"))
...     cells = json.loads(Path(tmp, "t", RESULTS_NOTEBOOK).read_text())["cells"]
>>> list(pupil) == [RESULTS_FILE], teacher, cells[1]["source"][0].strip()
(True, {}, 'from orchard_lab.widgets import ClassResultsChecker')
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import nbformat

from orchard_lab.class_inbox import RESULTS_FILE
from orchard_lab.core import check_bool, check_path
from orchard_lab.lessons.command import copy_lessons

__all__ = ["RESULTS_NOTEBOOK", "prepare_home", "results_notebook"]

RESULTS_NOTEBOOK = "class-results.ipynb"
LAB_SETTINGS = (  # JupyterLab's own settings file for its news and update checks
    ".jupyter", "lab", "user-settings", "@jupyterlab", "apputils-extension",
    "notification.jupyterlab-settings",
)  # fmt: skip


def prepare_home(home: str | Path, *, teacher: bool, results_file: str | Path) -> dict[str, str]:
    """Fill ``home`` for a pupil or the ``teacher`` (see the module's text); the environment
    variables their JupyterLab needs."""
    check_path(home, "home")
    check_bool(teacher, "teacher")
    check_path(results_file, "results_file")
    copy_lessons(home, "teacher" if teacher else "pupil")
    quiet = Path(home, *LAB_SETTINGS)
    if not quiet.exists():
        quiet.parent.mkdir(parents=True, exist_ok=True)
        quiet.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    results_file = Path(results_file).resolve()
    if not teacher:
        return {RESULTS_FILE: str(results_file)}
    notebook = Path(home) / RESULTS_NOTEBOOK
    if not notebook.exists():
        nbformat.write(results_notebook(results_file, Path(home).resolve()), notebook)
    return {}


def results_notebook(results_file: Path, home: Path) -> Any:
    """The teacher's results notebook (an ``nbformat`` notebook) in the folder ``home``, for
    the class whose results go to ``results_file`` (named from ``home``, so the code fits)."""
    text = (
        "# The class's results\n\n"
        "Run the cell below (Shift+Enter) at the start of the lesson. When a pupil finishes a "
        "game on a lesson's board and presses **Send**, the game appears in the table within "
        "two seconds: replayed, checked and ranked with the others of the same deal. The "
        "same game sent twice (even written for another seat) is not counted.\n\n"
        f"The results are kept in `{results_file}`. After the lesson, "
        f"`orchard-lab results {results_file}` prints the same table."
    )
    code = (
        "from orchard_lab.widgets import ClassResultsChecker\n\n"
        f"ClassResultsChecker(results_file={os.path.relpath(results_file, home)!r})"
    )
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell(text), nbformat.v4.new_code_cell(code)]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    return notebook
