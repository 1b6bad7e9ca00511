"""``orchard_lab.jit``: a kernel given its own LLVM optimisation level (``njit(opt=...)``, issue
24 item 4) answers as before and leaves every other numba function at numba's level; numba
caches beside the code where this user may write (``share_installed_cache`` and
``class_cache`` ask the same question)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from orchard_lab import jit

pytestmark = pytest.mark.skipif(not jit.COMPILED, reason="nothing is compiled without numba")


def _total(values):  # type: ignore[no-untyped-def]
    total = 0
    for value in values:
        total += value
    return total


def _count(values):  # type: ignore[no-untyped-def]
    return values.shape[0]


def test_only_the_kernels_given_a_level_are_optimised_at_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    numba = pytest.importorskip("numba")
    from numba.core import config
    from numba.core.registry import cpu_target

    generator = cpu_target.target_context.codegen()
    if not hasattr(generator, "_pass_builder"):
        pytest.skip("this numba builds its LLVM passes otherwise")
    levels: list[Any] = []
    build = generator._pass_builder

    def recorded(**options: Any) -> Any:
        levels.append(options.get("opt", "numba's"))
        return build(**options)

    monkeypatch.setattr(generator, "_pass_builder", recorded)
    numba_level = vars(config)["OPT"]  # NUMBA_OPT
    ours = jit.njit(opt=1)(_total)
    assert int(ours(np.arange(10))) == 45
    assert levels and set(levels) <= {0, 1}  # 0: numba's cheap pass before refcount pruning
    levels.clear()
    theirs = numba.njit(_count)  # a user's own numba function
    assert int(theirs(np.arange(10))) == 10
    assert levels and "numba's" in levels and 1 not in levels
    assert vars(config)["OPT"] is numba_level  # untouched


def test_numba_caches_beside_the_code_where_this_user_may_write(tmp_path: Path) -> None:
    assert jit._caches_beside_code(tmp_path)  # no __pycache__ yet: the folder itself
    (tmp_path / "__pycache__").mkdir()
    assert jit._caches_beside_code(tmp_path)


def _doubled_total(values):  # type: ignore[no-untyped-def]
    total = 0
    for value in values:
        total += 2 * value
    return total


def test_a_numba_without_the_level_hooks_still_compiles_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``opt`` reaches into numba's code generator. A numba whose pass managers take no level,
    or whose code library is made otherwise, compiles the kernel at its own level: never a
    kernel that fails to compile (a school's install may bring a newer numba than CI's)."""
    pytest.importorskip("numba")
    from numba.core import codegen
    from numba.core.registry import cpu_target

    generator = cpu_target.target_context.codegen()
    with monkeypatch.context() as levelless_numba:
        for name in ("_function_pass_manager", "_module_pass_manager"):
            if not hasattr(generator, name):
                pytest.skip("this numba builds its LLVM passes otherwise")
            own = getattr(generator, name)

            def levelless(*args: Any, _own: Any = own, **options: Any) -> Any:
                if "opt" in options:
                    raise TypeError("got an unexpected keyword argument 'opt'")
                return _own(*args, **options)

            levelless_numba.setattr(generator, name, levelless)
        assert int(jit.njit(opt=1)(_doubled_total)(np.arange(5))) == 20

    class OtherLibrary:
        def __init__(self, *args: Any) -> None:
            raise TypeError("this numba makes its code library otherwise")

    monkeypatch.setattr(jit, "_COMPILERS", {})
    with monkeypatch.context() as other_numba:  # the compiler made with that numba's library
        other_numba.setattr(codegen, "JITCodeLibrary", OtherLibrary)
        jit._compiler(2)
    assert int(jit.njit(opt=2)(_doubled_total)(np.arange(6))) == 30
