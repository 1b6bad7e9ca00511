"""Compiled once per installation (issue 22): the kernels that whoever installs orchard_lab
compiles (``warm_up``) are loaded, not compiled again, by a pupil who may not write beside
the package (``orchard_lab.jit.share_installed_cache``).

A copy of the package (with the kernels this checkout compiled) is warmed up as its
installer, made read-only, and warmed up again as another user (``nobody``, through
``setpriv``) with a numba cache of their own (their user-wide one, or the one
``NUMBA_CACHE_DIR`` names, as a class hub's pupils have); numba's cache log
(``NUMBA_DEBUG_CACHE``) must show that user loading the kernels and saving none.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = "from orchard_lab.water_drops.engine import warm_up; warm_up()"
NOBODY = 65534

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user")


def warm_up(site: Path, *, cache: Path | None = None, told: bool = False) -> str:
    """Warm the water drops engine up from the copy in ``site``; numba's cache log. With a
    ``cache``, as the user ``nobody``: their home there, or with ``told`` their
    ``NUMBA_CACHE_DIR``."""
    environment = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    environment |= {"PYTHONPATH": str(site), "NUMBA_DEBUG_CACHE": "1"}
    command = [sys.executable, "-c", WARM_UP]
    if cache is not None:
        home = {"NUMBA_CACHE_DIR": str(cache)} if told else {"XDG_CACHE_HOME": str(cache)}
        environment |= {"HOME": str(cache), **home}
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                   *command]  # fmt: skip
    done = subprocess.run(
        command, cwd=site, env=environment, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_a_pupil_loads_the_kernels_compiled_when_installing() -> None:
    install = Path(tempfile.mkdtemp(prefix="orchard-install-"))  # outside pytest's private tmp
    try:
        install.chmod(0o755)
        site = install / "site"
        # The kernels this checkout has compiled come along (numba checks them against the
        # source's size and time, which copy2 keeps): compiling again would cost about 45 s
        # of CPU and prove nothing more. Without them the installer compiles here.
        ignore = shutil.ignore_patterns("*.pyc")
        shutil.copytree(ROOT / "orchard_lab", site / "orchard_lab", ignore=ignore)
        installed = warm_up(site)  # the installer's kernels, beside the code
        assert "data loaded" in installed or "data saved" in installed, installed[-2000:]
        for path in [site, *site.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)  # read-only for everyone else
        # two pupils with numba caches of their own, and a class hub's pupil told where to
        # cache (its NUMBA_CACHE_DIR, the hub's cache: ``jit.class_cache``)
        for pupil, told in (("ana", False), ("ben", False), ("hub-pupil", True)):
            cache = install / pupil
            cache.mkdir()
            os.chown(cache, NOBODY, NOBODY)
            log = warm_up(site, cache=cache, told=told)
            assert "data loaded" in log and "data saved" not in log, log[-2000:]
            assert list(cache.rglob("engine.*.nbi")), "the kernels were not copied for the pupil"
    finally:
        shutil.rmtree(install)
