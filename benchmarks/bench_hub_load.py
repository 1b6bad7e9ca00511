"""A class of simulated pupils on one ``orchard-lab hub``: what one machine serves.

Starts ``orchard-lab hub`` on 127.0.0.1 (configurable-http-proxy from
``tests/browser/node_modules``, the class password in the environment), then ``PUPILS``
pupils (at most ``PARALLEL`` at a time) each log in as a browser does, wait for their own
JupyterLab, start one kernel and run in it lesson 01's first code cell, a first water drops
and stacked trees game, and eight clicks of a water drops board (a market card, then a lit
square; the Python side of a click, timed in the kernel). It prints per pupil: time to a
ready JupyterLab, the first cell's time (kernel start included), the first games' time
(near zero when the engines were compiled once at install, ``orchard-lab warm-up``, and
read from the shared cache), the clicks' time; then the memory of each pupil's JupyterLab
and kernel, and the CPU time of the hub and everything it started.

Bounded: every pupil has a deadline and only this script's hub is ended. Run from the
repository: ``PYTHONPATH=. .venv/bin/python benchmarks/bench_hub_load.py [pupils] [parallel]``.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import psutil
import requests

from orchard_lab import hub
from tests.class_hub import PROXY, Hub, hub_port, log_in, memory_mb, run_in_kernel
from tests.servers import stop_group

PUPILS = int(sys.argv[1]) if len(sys.argv) > 1 else 30
PARALLEL = int(sys.argv[2]) if len(sys.argv) > 2 else 6
PASSWORD = "orchard-class-bench"
START_SECONDS = 120
GAMES = """
import json, time
start = time.perf_counter()
from orchard_lab import stacked_trees as st, water_drops as wd
wd.simulate(games=1, players=2, seed=1); st.simulate(games=1, seed=1)
first_games = time.perf_counter() - start
from orchard_lab.widgets import WaterDropsBoard
board = WaterDropsBoard(seed=7)
clicks = []
def timed(click):
    tick = time.perf_counter()
    click()
    clicks.append(time.perf_counter() - tick)
for turn in range(4):
    timed(board.market_buttons[0].click)
    lit = [s.at for s in board.orchard.shown() if "orchard-legal" in s.classes.split()]
    timed(lambda: board.orchard.click(lit[0]))
print(json.dumps({"first_cell": first_cell, "first_games": first_games, "clicks": clicks}))
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def pupil(class_hub: Hub, number: int) -> dict[str, object]:
    """One pupil's login, lesson cell, first games and clicks, with their times."""
    name = f"pupil{number:02d}"
    person = log_in(class_hub, name, PASSWORD)
    book = nbformat.read(class_hub.folder / "pupils" / name / "01_apple_batches.ipynb", 4)
    setup = next(cell.source for cell in book.cells if cell.cell_type == "code")
    timed_setup = f"import time\nstarted = time.perf_counter()\n{setup}\n"
    timed_setup += "first_cell = time.perf_counter() - started\n"
    start = time.monotonic()
    found = json.loads(run_in_kernel(person, timed_setup + GAMES)[-1])
    kernel = time.monotonic() - start
    return {"name": name, "ready": person.seconds, "kernel": kernel, **found}


def tree_cpu(process: psutil.Process) -> float:
    """CPU seconds of ``process`` and every process it started that is still running."""
    total = 0.0
    for each in [process, *process.children(recursive=True)]:
        try:
            times = each.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            continue
    return total


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "class"
        port = hub_port()
        command = [str(Path(sys.executable).parent / "orchard-lab"), "hub", str(folder),
                   f"--port={port}", f"--proxy={PROXY}"]  # fmt: skip
        environment = os.environ | {hub.CLASS_PASSWORD: PASSWORD, "NO_PROXY": "127.0.0.1"}
        log_path = Path(work) / "hub.log"
        with log_path.open("w") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                       env=environment, start_new_session=True)  # fmt: skip
        class_hub = Hub(f"http://127.0.0.1:{port}", folder, process)
        try:
            deadline = time.monotonic() + START_SECONDS
            while True:
                try:
                    if requests.get(f"{class_hub.url}/hub/login", timeout=5).ok:
                        break
                except requests.ConnectionError:
                    pass
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the hub did not start:\n{log_path.read_text()}")
                time.sleep(0.3)
            root = psutil.Process(process.pid)
            cpu_before, start = tree_cpu(root), time.monotonic()
            failures: list[str] = []
            served = []
            with ThreadPoolExecutor(PARALLEL) as pool:
                futures = [pool.submit(pupil, class_hub, n) for n in range(PUPILS)]
                for future in futures:
                    try:
                        served.append(future.result(timeout=900))
                    except Exception as error:  # a pupil who is not served is counted
                        failures.append("".join(traceback.format_exception(error))[-600:])
            wall = time.monotonic() - start
            cpu = tree_cpu(root) - cpu_before
            memory = [memory_mb(class_hub, str(each["name"])) for each in served]
        finally:
            stop_group(process)  # the hub, its proxy and every pupil's JupyterLab
    print(f"machine: {platform.node()}, {os.cpu_count()} cores, "
          f"{psutil.virtual_memory().total / 2**30:.0f} GiB, load average "
          f"{os.getloadavg()[0]:.1f} at the end")  # fmt: skip
    print(f"pupils {PUPILS} ({PARALLEL} at a time), served {len(served)}, "
          f"failures {len(failures)}, wall {wall:.0f} s")  # fmt: skip
    for failure in failures[:3]:
        print("  failure:", failure)
    for label, key in (("JupyterLab ready", "ready"),
                       ("a kernel started, lesson 01's first cell, games, clicks", "kernel"),
                       ("lesson 01's first cell", "first_cell"),
                       ("first water drops and stacked trees games", "first_games")):  # fmt: skip
        values = [float(each[key]) for each in served]  # type: ignore[arg-type]
        if values:
            print(f"{label}: median {statistics.median(values):.2f} s, "
                  f"p95 {percentile(values, 0.95):.2f} s, max {max(values):.2f} s")  # fmt: skip
    clicks = [c * 1000 for each in served for c in each["clicks"]]  # type: ignore[attr-defined]
    if clicks:
        median, p95 = statistics.median(clicks), percentile(clicks, 0.95)
        print(f"water drops board clicks in the kernel ({len(clicks)}): median {median:.0f} ms, "
              f"p95 {p95:.0f} ms")  # fmt: skip
    if memory:
        print(f"memory per pupil (JupyterLab and kernel): median {statistics.median(memory):.0f}"
              f" MB, max {max(memory):.0f} MB, all pupils {sum(memory) / 1024:.1f} GB")  # fmt: skip
    print(f"CPU of the hub and all it started: {cpu:.0f} s over {wall:.0f} s")


if __name__ == "__main__":
    main()
