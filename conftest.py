"""How pytest runs the lessons (notebooks/README.md, "Tests").

nbval (``--nbval-lax`` in pyproject's ``addopts``) runs the teacher's copies
(``orchard_lab/lessons/teacher/``), and through them the sources (``notebooks/``): a source
is its teacher's copy plus cells that only bind placeholders the next cell binds again, which
``tests/test_lesson_sources.py`` proves structurally, so running the sources under nbval too
would run every lesson a second time for nothing. The French and Korean teacher's copies
(``orchard_lab/lessons/fr/teacher/``, ``ko/teacher/``) run under nbval the same way. The
pupil's copies are run by ``tests/test_lessons.py`` (English) and
``tests/test_lesson_translations.py`` (French and Korean), which check that their checks say
"Not answered yet". This file sits at the top of the repository because the copies are
package data, and a conftest.py inside the package would be installed with it. The
teacher's copies run with strict checks, so a wrong answer in a teacher's cell fails the
test instead of printing a hint.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ["ORCHARD_LAB_LANGUAGE"] = "en"  # the tests read English, whatever the locale

import pytest
from hypothesis import settings

from orchard_lab.compiled import warm_up
from orchard_lab.lessons.checks import STRICT_VARIABLE

collect_ignore = [
    "notebooks",
    "orchard_lab/lessons/pupil",
    "orchard_lab/lessons/fr/pupil",
    "orchard_lab/lessons/ko/pupil",
]

# Tests never assert wall-clock times: hypothesis's 200 ms deadline per example is one, and
# it failed test_plotly_bundle on a loaded machine. Every property test runs without it.
settings.register_profile("orchard_lab", deadline=None)
settings.load_profile("orchard_lab")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """Start each teacher's copy's kernel (in its first cell's setup) with strict checks."""
    if item.path.suffix != ".ipynb":
        return (yield)
    before = os.environ.get(STRICT_VARIABLE)
    os.environ[STRICT_VARIABLE] = "1"
    try:
        return (yield)
    finally:
        if before is None:
            del os.environ[STRICT_VARIABLE]
        else:
            os.environ[STRICT_VARIABLE] = before


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile water drops' engine and stacked trees' search once before any test, as
    ``orchard-lab lessons`` does before a class: the lesson kernels and the browser's kernels
    then load them from the cache instead of each compiling them while a test waits."""
    warm_up()
