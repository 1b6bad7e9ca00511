"""The background warm-up (``compiled.warm_up_in_background``, issue 24 item 4), which
``orchard-lab lessons`` and ``orchard-lab hub`` start instead of making the class wait: it
runs this checkout's orchard_lab to the end, and ``stop`` ends it early."""

from __future__ import annotations

import pytest

from orchard_lab import compiled
from orchard_lab.jit import COMPILED

pytestmark = pytest.mark.skipif(not COMPILED, reason="nothing is compiled without numba")


def test_the_background_warm_up_runs_to_the_end() -> None:
    process = compiled.warm_up_in_background()
    assert process is not None
    assert process.wait(timeout=600) == 0
    compiled.stop(process)  # already done: nothing to end


def test_stop_ends_a_background_warm_up() -> None:
    process = compiled.warm_up_in_background()
    compiled.stop(process)
    assert process is not None and process.returncode is not None
    compiled.stop(None)
