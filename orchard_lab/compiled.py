"""The engines numba compiles (water drops' game, stacked trees' best-line search), so that a
class never waits for them: ``warm_up`` gets them all ready, ``WARM_UPS`` one game's.

The first call after an install compiles and caches them (under a minute); later calls load
the cache in about a second.

>>> sorted(WARM_UPS)
['stacked-trees', 'water-drops']
"""

from __future__ import annotations

from collections.abc import Callable

from orchard_lab import stacked_trees, water_drops

__all__ = ["WARM_UPS", "warm_up"]

WARM_UPS: dict[str, Callable[[], None]] = {
    "water-drops": water_drops.warm_up,
    "stacked-trees": stacked_trees.warm_up,
}


def warm_up() -> None:
    """Compile (or load) every compiled engine now.

    >>> warm_up()
    """
    for ready in WARM_UPS.values():
        ready()
