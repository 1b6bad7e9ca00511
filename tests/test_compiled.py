"""The background warm-up (``compiled.warm_up_in_background``, issue 24 item 4), which
``orchard-lab lessons`` and ``orchard-lab hub`` start instead of making the class wait: it
runs this checkout's orchard_lab to the end, and ``stop`` ends it early. A class hub gives
every pupil the hub's numba cache (``jit.class_cache``), where the kernels compiled when
installing are copied and loaded."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from orchard_lab import compiled
from orchard_lab.hub import hub_config
from orchard_lab.jit import COMPILED
from tests.test_shared_cache import NOBODY, ROOT, WARM_UP

pytestmark = pytest.mark.skipif(not COMPILED, reason="nothing is compiled without numba")


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


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user")
def test_a_pupil_told_where_to_cache_loads_the_kernels_compiled_when_installing() -> None:
    """As ``test_shared_cache``, for a pupil whose ``NUMBA_CACHE_DIR`` is set (a class hub's
    pupils, ``jit.class_cache``): the installed kernels are copied there and loaded."""
    install = Path(tempfile.mkdtemp(prefix="orchard-install-"))  # outside pytest's private tmp
    try:
        install.chmod(0o755)
        site = install / "site"
        ignore = shutil.ignore_patterns("*.pyc")
        shutil.copytree(ROOT / "orchard_lab", site / "orchard_lab", ignore=ignore)
        warm_up(site)  # the installer's kernels, beside the code
        for path in [site, *site.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)  # read-only for everyone else
        cache = install / "class-cache"
        cache.mkdir()
        os.chown(cache, NOBODY, NOBODY)
        log = warm_up(site, cache=cache, told=True)
        assert "data loaded" in log and "data saved" not in log, log[-2000:]
        assert list(cache.rglob("engine.*.nbi")), "the kernels were not copied for the pupil"
    finally:
        shutil.rmtree(install)
