"""The background warm-up (``compiled.warm_up_in_background``, issue 24 item 4), which
``orchard-lab lessons`` and ``orchard-lab hub`` start instead of making the class wait: it
runs this checkout's orchard_lab to the end, and ``stop`` ends it early. A class hub gives
every pupil the hub's numba cache (``jit.class_cache``); that such a pupil loads the kernels
compiled when installing is checked in ``test_shared_cache``."""

from __future__ import annotations

from pathlib import Path

import pytest

from orchard_lab import compiled
from orchard_lab.hub import hub_config
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


def test_a_class_hub_gives_every_pupil_its_numba_cache() -> None:
    config = hub_config(
        Path("7b"), port=8000, lan=False, proxy="chp", teacher=False, numba_cache="/c/numba"
    )
    assert "c.Spawner.environment = {'NUMBA_CACHE_DIR': '/c/numba'}" in config
    assert "NUMBA_CACHE_DIR" not in hub_config(
        Path("7b"), port=8000, lan=False, proxy="chp", teacher=False
    )
