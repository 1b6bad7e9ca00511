"""numba's ``njit`` when numba can be imported, else a stand-in that leaves the function as
plain Python: every engine then plays with the same answers, only slower (a platform without
numba's wheels, or a Python in the browser).

>>> @njit(inline="always")
... def twice(x):
...     return 2 * x
>>> int(twice(21))
42
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__ = ["COMPILED", "KERNELS", "njit"]


def _numba() -> ModuleType | None:
    try:
        return importlib.import_module("numba")
    except ImportError:  # no numba here: the kernels run as the Python they are written in
        return None


_NUMBA = _numba()
COMPILED = _NUMBA is not None  # whether the engines' kernels are compiled
KERNELS = r"orchard_lab\.(water_drops\.engine|stacked_trees\.(fast|bound))"
if not COMPILED:
    # The kernels' hashes wrap around 64 bits on purpose, silently under numba; numpy warns.
    warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning, KERNELS)


def njit(*args: Any, **options: Any) -> Any:
    """``numba.njit`` (``@njit`` or ``@njit(...)``); without numba, the function itself."""
    if _NUMBA is not None:
        return _NUMBA.njit(*args, **options)
    if len(args) == 1 and callable(args[0]) and not options:
        return args[0]

    def plain(function: Callable[..., Any]) -> Callable[..., Any]:
        return function

    return plain
