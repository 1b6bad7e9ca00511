"""The engines numba compiles (water drops' game, stacked trees' best-line search), so that a
class never waits for them: ``warm_up`` gets every registered game's ready (``games``).

The first call after an install compiles and caches them (water drops about 8 s of CPU,
stacked trees about 13.5, both about 21: ``benchmarks/bench_cold_start.py``, which lists the
costliest kernels); later calls load the cache in under a second. Numba compiles a kernel
only when it is first called, so a lesson that did not wait for ``warm_up`` compiles only
what its first action needs (a water drops what-if Run or lookahead hint about 6.5 CPU s,
stacked trees' what-if Run about 4, its best line about 9.5; greedy hints none).
``warm_up_in_background`` fills the cache meanwhile: ``orchard-lab lessons`` and
``orchard-lab hub`` start it and open at once.

>>> [entry.slug for entry in games.entries() if entry.compiled]
['water-drops', 'stacked-trees']
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from orchard_lab import games

__all__ = ["stop", "warm_up", "warm_up_in_background"]

# the background warm-up: at a low priority, so a lesson's own work goes first
_BACKGROUND = """\
import os
if hasattr(os, "nice"):
    os.nice(10)
from orchard_lab.compiled import warm_up
warm_up()
"""


def warm_up() -> None:
    """Compile (or load) every compiled engine now.

    >>> warm_up()
    """
    for entry in games.entries():
        entry.warm_up()


def warm_up_in_background() -> subprocess.Popen[bytes] | None:
    """Start ``warm_up`` in a process of its own (this orchard_lab, this user's numba cache)
    and return it; None when nothing is compiled (no numba). Every later process of this user
    loads what it has cached (a lesson's kernel; every pupil's on ``orchard-lab hub``, which
    runs them all as the teacher); a game played before it is done compiles what its first
    action needs itself, as numba always does. ``stop`` ends it."""
    if not any(entry.compiled for entry in games.entries()):
        return None
    package_root = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (package_root, os.environ.get("PYTHONPATH")) if p)
    return subprocess.Popen(
        [sys.executable, "-c", _BACKGROUND],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=os.environ | {"PYTHONPATH": path},
    )


def stop(process: subprocess.Popen[bytes] | None) -> None:
    """End a background warm-up if it is still running (what it cached so far stays: numba
    writes each kernel's cache file whole)."""
    if process is not None and process.poll() is None:
        process.terminate()
        process.wait()
