"""numba's ``njit`` when numba can be imported, else a stand-in that leaves the function as
plain Python: every engine then plays with the same answers, only slower (a platform without
numba's wheels, or a Python in the browser).

Compiled once per installation: whoever installs orchard_lab runs ``warm_up``
(``orchard_lab.compiled``), and numba caches the kernels beside the code. A user who may
not write there (a school's install for every pupil) would compile them again into their
own cache (``NUMBA_CACHE_DIR``, else their user-wide one); instead ``njit`` first copies the
installed cache into it, so every pupil loads the kernels in about a second.
``class_cache`` is the cache a class hub gives every pupil: the hub's own.

``njit(opt=n)`` has LLVM optimise a kernel at level n instead of numba's (``NUMBA_OPT``, 3
unless the user sets it), which every other numba function keeps: stacked trees' kernels
compile at 2, their first best line after an install in about 1.5 CPU s less, games as fast,
the search 2-3% slower (issue 24 item 4, ``benchmarks/bench_cold_start.py``).

>>> @njit(inline="always")
... def twice(x):
...     return 2 * x
>>> int(twice(21))
42
"""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["COMPILED", "KERNELS", "class_cache", "njit", "share_installed_cache"]


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


def njit(*args: Any, opt: int | None = None, **options: Any) -> Any:
    """``numba.njit`` (``@njit`` or ``@njit(...)``); without numba, the function itself. With
    ``opt``, LLVM optimises the kernel at that level (``_compiler``)."""
    numba = _NUMBA
    if numba is not None:
        compiler = None if opt is None else _compiler(opt)
        if compiler is not None:
            options["pipeline_class"] = compiler
        if not options.get("cache"):
            return numba.njit(*args, **options)

        def cached(function: Callable[..., Any]) -> Any:
            return numba.njit(**options)(share_installed_cache(function))

        return cached(args[0]) if args else cached
    if len(args) == 1 and callable(args[0]) and not options:
        return args[0]

    def plain(function: Callable[..., Any]) -> Callable[..., Any]:
        return function

    return plain


_COMPILERS: dict[int, Any] = {}  # numba's compiler for each optimisation level asked for


def _compiler(opt: int) -> Any:
    """numba's compiler (``pipeline_class``) with one change: the LLVM passes over the kernel's
    code (each function's, then the module's with the kernels it calls linked in) run at
    level ``opt``, not numba's (``NUMBA_OPT``); the machine code is made as numba makes it.
    Only the kernels given it change: numba's ``config.OPT`` and every other function's
    compile stay as they are. None if this numba's code generator lacks what it needs (then
    numba's level applies)."""
    if opt in _COMPILERS:
        return _COMPILERS[opt]
    codegen = importlib.import_module("numba.core.codegen")
    numba_compiler: Any = importlib.import_module("numba.core.compiler").Compiler
    library_class: Any = getattr(codegen, "JITCodeLibrary", None)
    managers = ("_function_pass_manager", "_module_pass_manager")
    if library_class is None or not all(hasattr(codegen.CPUCodegen, name) for name in managers):
        _COMPILERS[opt] = None
        return None

    class Passes:
        """numba's code generator, whose pass managers run at level ``opt`` unless told."""

        def __init__(self, generator: Any) -> None:
            self._generator = generator

        def __getattr__(self, name: str) -> Any:
            return getattr(self._generator, name)

        def _function_pass_manager(self, *args: Any, **options: Any) -> Any:
            make = self._generator._function_pass_manager  # noqa: SLF001  # numba's own
            return _at_level(make, opt, args, options)

        def _module_pass_manager(self, *args: Any, **options: Any) -> Any:
            make = self._generator._module_pass_manager  # noqa: SLF001  # numba's own
            return _at_level(make, opt, args, options)

    class Compiler(numba_compiler):  # type: ignore[misc]  # numba is untyped
        """numba's compiler, the kernel's code in a library of its own that uses ``Passes``."""

        def compile_extra(self, func: Callable[..., Any]) -> Any:
            if self.state.library is None:  # as numba's lowering would make it
                passes = Passes(self.state.targetctx.codegen())
                try:
                    library = library_class(passes, func.__qualname__)
                    library.enable_object_caching()
                except (TypeError, AttributeError):  # another numba's library: numba's own
                    library = None  # (numba's lowering makes it, at numba's level)
                self.state.library = library
            return super().compile_extra(func)

    _COMPILERS[opt] = Compiler
    return Compiler


def _at_level(make: Callable[..., Any], opt: int, args: Any, options: dict[str, Any]) -> Any:
    """numba's pass manager ``make`` at level ``opt``; at numba's own level when this numba's
    pass managers take no level (a kernel compiled as numba would, never one that fails)."""
    try:
        return make(*args, **{"opt": opt, **options})
    except TypeError:
        return make(*args, **{name: value for name, value in options.items() if name != "opt"})


_SHARED: set[Path] = set()  # the source files whose installed cache was looked at


def _caches_beside_code(folder: Path) -> bool:
    """Whether numba caches the kernels of ``folder`` (of this package) beside them: whether
    this user may write in its ``__pycache__``, or in ``folder`` if it has none yet."""
    cache = folder / "__pycache__"
    return os.access(cache if cache.is_dir() else folder, os.W_OK)


def share_installed_cache(function: Callable[..., Any]) -> Callable[..., Any]:
    """Copy the kernels cached beside ``function``'s module at install time into this
    user's numba cache, when the user may not write beside the module (so numba would
    compile them again); once per module, and never over a newer copy. Returns
    ``function``."""
    source = Path(inspect.getfile(function))
    if source in _SHARED:
        return function
    _SHARED.add(source)
    installed = source.parent / "__pycache__"
    if _caches_beside_code(source.parent) or not installed.is_dir():
        return function  # numba caches beside the code, or where NUMBA_CACHE_DIR says
    caching = importlib.import_module("numba.core.caching")
    told = importlib.import_module("numba.core.config").CACHE_DIR
    locator = caching.UserProvidedCacheLocator if told else caching.UserWideCacheLocator
    mine = Path(locator(function, str(source)).get_cache_path())
    for cached in installed.glob(f"{source.stem}.*.nb[ic]"):
        copy = mine / cached.name
        try:
            if not copy.exists() or copy.stat().st_mtime < cached.stat().st_mtime:
                mine.mkdir(parents=True, exist_ok=True)
                shutil.copy2(cached, copy)
        except OSError:
            return function  # no cache of one's own either: numba compiles, as before
    return function


def class_cache() -> str | None:
    """The numba cache for every pupil of a class hub, whose servers run as the hub's user
    but each with a home of their own (so each would compile the engines into their own
    user-wide cache): the hub's own cache, ``NUMBA_CACHE_DIR`` if set, else its user-wide
    one when it may not write beside the code. None when numba caches beside the code
    (shared anyway) or there is no numba."""
    told = os.environ.get("NUMBA_CACHE_DIR")
    if told or not COMPILED or _caches_beside_code(Path(__file__).parent):
        return told or None
    appdirs = importlib.import_module("numba.misc.appdirs")
    return str(appdirs.AppDirs(appname="numba", appauthor=False).user_cache_dir)
