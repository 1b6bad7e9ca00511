"""The order the suite runs in: the files that fork a child for every fuzzed input first.

Forking copies the worker's page tables, so it costs what the worker holds: about 18 ms from
a fresh worker with the compiled engines, about 100 ms once earlier tests have left a
gigabyte behind. Run late in a loaded CI, ``tests/test_fuzz.py`` took four minutes of a
worker instead of about forty seconds.

This order holds in one process. Under ``./dev test`` (``-n 2 --dist loadfile``) pytest-xdist
hands out whole files most-tests-first (its default ``--loadscope-reorder``), so these files
start wherever their test counts put them. Since most inputs go to the small fork server
(``tests/fork_server.py``) that costs nothing measurable: ``tests/test_fuzz.py`` took 7.3 s
of CPU started 3 s into the run and 7.4 s started a minute in (two cores, loaded by other
work). Keeping this order under xdist (``--no-loadscope-reorder``, the slowest files next)
did not shorten the run either: both workers already end within a few seconds of each other.
"""

from __future__ import annotations

import pytest

# the files whose tests call tests.test_fuzz.bounded, a fork per input
FORKING_FILES = ("test_fuzz.py", "test_classroom.py", "test_formula.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name not in FORKING_FILES)  # stable: else as found
