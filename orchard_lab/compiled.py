"""The engines numba compiles (water drops' game, stacked trees' best-line search), so that a
class never waits for them: ``warm_up`` gets every registered game's ready (``games``).

The first call after an install compiles and caches them (water drops about 13 s of CPU,
stacked trees about 18, both about 31: ``benchmarks/bench_cold_start.py``, which lists the
costliest kernels); later calls load the cache in under a second.

>>> [entry.slug for entry in games.entries() if entry.compiled]
['water-drops', 'stacked-trees']
"""

from __future__ import annotations

from orchard_lab import games

__all__ = ["warm_up"]


def warm_up() -> None:
    """Compile (or load) every compiled engine now.

    >>> warm_up()
    """
    for entry in games.entries():
        entry.warm_up()
