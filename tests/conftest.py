"""The order the suite runs in: the files that fork a child for every fuzzed input first.

Forking copies the worker's page tables, so it costs what the worker holds: about 18 ms from
a fresh worker with the compiled engines, about 100 ms once earlier tests have left a
gigabyte behind. Run late in a loaded CI, ``tests/test_fuzz.py`` took four minutes of a
worker instead of about forty seconds. With ``--dist loadfile`` a worker takes files in
this order, so these start while the workers are small.
"""

from __future__ import annotations

import pytest

# the files whose tests call tests.test_fuzz.bounded, a fork per input
FORKING_FILES = ("test_fuzz.py", "test_classroom.py", "test_formula.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name not in FORKING_FILES)  # stable: else as found
