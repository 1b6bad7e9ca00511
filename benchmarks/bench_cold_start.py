"""Cold start of the compiled engines: CPU seconds until each compiled game answers, from an
empty numba cache (a new machine, or a new user of an install nobody warmed up) and from a
filled one (every later start).

For each game the registry marks compiled (``games.entries()``), a fresh Python process
with a fresh, empty ``NUMBA_CACHE_DIR`` runs the game's ``warm_up`` (numba compiles and
caches every kernel); a second fresh process with the same cache folder runs it again
(numba loads the kernels). Each process reports the CPU time (``time.process_time``) of
``import orchard_lab.games`` plus numba and of ``warm_up``; the parent also reports each
child's whole CPU time (interpreter start included). The cache beside the source is not
used: numba caches in ``NUMBA_CACHE_DIR`` when it is set.

Run: ``.venv/bin/python benchmarks/bench_cold_start.py [game ...]`` (default: every compiled
game).

Figures (2-core AMD EPYC shared with other agents, load 2-3; Python 3.11.7, numpy 2.4.6,
numba 0.68.1; CPU seconds of imports + warm_up (whole process), cold / cached):
- water drops before issue 24: 0.34 + 30.95 (32.11) / 0.33 + 0.25 (0.93); 40.4 s of
  warm_up cold at load 0.4 earlier the same day.
- water drops after: 0.28 + 14.48 (15.13) / 0.26 + 0.18 (0.59); again at load 3: 0.37 +
  16.32 (17.26) / 0.32 + 0.27 (0.88).
- stacked trees (its kernels as they stood, not changed here): 0.26 + 23.01 (23.97) /
  0.27 + 0.19 (0.61).
"""

from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CHILD = """\
import json, sys, time
start = time.process_time()
import numba
from orchard_lab import games
imported = time.process_time()
games.entry(sys.argv[1]).warm_up()
print(json.dumps({"import": imported - start, "warm_up": time.process_time() - imported}))
"""


def machine() -> str:
    """The machine the figures come from."""
    return (
        f"nproc {len(os.sched_getaffinity(0))}, load {os.getloadavg()[0]:.1f}, "
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"{platform.platform()}, {platform.processor() or platform.machine()}"
    )


def start(game: str, cache: Path) -> dict[str, float]:
    """One fresh process warming ``game`` up with numba's cache in ``cache``: its CPU
    seconds for the imports, for ``warm_up`` and in all."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    environment = os.environ | {"NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, game],
        env=environment,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    whole = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(done.stdout.splitlines()[-1]) | {"process": whole}


def main() -> None:
    from orchard_lab import games

    names = sys.argv[1:] or [entry.name for entry in games.entries() if entry.compiled]
    print(machine())
    print("CPU seconds: imports + warm_up (whole process)")
    for name in names:
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as folder:
            cold, cached = start(name, Path(folder)), start(name, Path(folder))
        for label, run in (("cold", cold), ("cached", cached)):
            print(
                f"  {name:>13} {label:>6}: {run['import']:5.2f} + {run['warm_up']:6.2f} "
                f"({run['process']:6.2f})"
            )


if __name__ == "__main__":
    main()
