"""orchard_lab: explore mathematics in Jupyter through three card games about fruit.

>>> import orchard_lab as ol
>>> ol.sequences.triangular(4)
10
"""

from __future__ import annotations

import importlib
from types import ModuleType

from orchard_lab.core import IllegalMove, Score

__all__ = [
    "IllegalMove",
    "Score",
    "apple_batches",
    "classroom",
    "sequences",
    "stacked_trees",
    "water_drops",
]
__version__ = "0.1.0"

_SUBMODULES = {"apple_batches", "classroom", "sequences", "stacked_trees", "water_drops"}


def __getattr__(name: str) -> ModuleType:
    """Import the game modules, ``sequences`` and ``classroom`` on first use (``ol.sequences``)."""
    if name in _SUBMODULES:
        return importlib.import_module(f"orchard_lab.{name}")
    raise AttributeError(f"module 'orchard_lab' has no attribute {name!r}")
