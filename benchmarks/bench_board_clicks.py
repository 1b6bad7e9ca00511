"""How long a click on each board takes in the browser: JupyterLab and Chromium (issue 15).

For each board, 50 clicks as a learner makes them (water drops: a market card, then a lit
square; apple batches: an apple, then a batch it fits; stacked trees: a card, the hint,
then Place here). Each click is timed from the click to the last change it causes in the
board's DOM: a MutationObserver on the board, the end being the last mutation before a
quiet period of ``QUIET_MS``. That covers the kernel's answer, every widget message and
the browser's redraw. Prints the median and 95th percentile per board and per kind of click.
Goals: a median under 100 ms and a 95th percentile under 200 ms. A benchmark, not a test:
it asserts nothing about times. The lab and the browser are the browser tests' fixtures.
Run: ``.venv/bin/python benchmarks/bench_board_clicks.py [--only "apple batches"] [--clicks N]``.

Apple batches, issue 24 item 2 (2 cores shared with other work, load 5-7): each chart
change one message (``plotly_state.BoardChart``), the charts sent first, took the
board from about 35 to 28 messages a batch click and 17 to 13 an apple click. This script,
old and new code run alternately, 25 clicks a kind a run: batch median 118 and 133 -> 93 and
115 ms, apple 66 and 72 -> 57 and 69 ms. In one lab session switching between old and new
code every 20 clicks (80 a kind each, loads 5 and 9): batch 93 and 106 -> 83 and 97 ms,
apple 51 and 60 -> 38 and 51 ms. The worst clicks stay at 160-400 ms under that load.
The same clicks on ``orchard-lab app apple-batches`` (2 pages of 50 a run, load 5-6): batch
median 81 and 82 -> 62 and 60 ms, worst 430 and 214 -> 147 and 269 ms; apple 40 and 45 ->
37 and 43 ms. The walkthrough's Next, timed as ``bench_browser_waits.py`` does (3 pages of
13 steps a run, load 6-7), with each chart's changes of a step sent as one
(``BoardChart.merged``): median 149 and 183 -> 89 and 93 ms, worst 616 and 537 -> 223 and
163 ms.

Quiet (the 2-core Intel Xeon of ``bench_against_c.py``, load 1.4, 50 clicks a board): water
drops 22 ms median, 37 worst; apple batches 70 and 157 (an apple 56 and 110, a batch 104 and
157); stacked trees 36 and 84.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.conftest import open_and_run_notebook  # noqa: E402
from tests.browser.test_apple_batches_in_lab import write_notebook  # noqa: E402

CLICKS = int(os.environ.get("ORCHARD_BENCH_BOARD_CLICKS", "50"))
ONLY = os.environ.get("ORCHARD_BENCH_BOARDS", "")  # the boards whose name holds it
QUIET_MS = 250  # no DOM change for this long: the click's work is done
FIRST_CHANGE_MS = 5_000  # a click that changes nothing within this is timed as None
SIZE = {"width": 1400, "height": 900}
BOARDS = {
    "water drops": (
        "from orchard_lab.widgets import WaterDropsBoard\n"
        "board = WaterDropsBoard(players=1, seed=2)\nboard",
        ".orchard-wd-board",
        [
            ("card", ".orchard-wd-slot:not([style*='display: none']) .orchard-wd-take"),
            ("square", ".orchard-wd-open.orchard-legal"),
        ],
        ".orchard-wd-new",
    ),
    "apple batches": (
        "from orchard_lab.widgets import AppleBatchesBoard\n"
        "board = AppleBatchesBoard(players=3, seed=2)\nboard",
        ".orchard-ab-board",
        [
            ("card", ".orchard-market-card:not([style*='display: none'])"),
            ("batch", ".orchard-batch.orchard-legal .orchard-batch-button"),
        ],
        ".orchard-ab-new",
    ),
    "stacked trees": (
        "from orchard_lab.widgets import StackedTreesBoard\n"
        "board = StackedTreesBoard(seed=2)\nboard",
        ".orchard-st-board",
        [
            ("card", ".orchard-st-slot:not([style*='display: none']) .orchard-st-choose-0"),
            ("hint", ".orchard-st-hint"),
            ("place", ".orchard-st-place:not([disabled])"),
        ],
        ".orchard-st-new",
    ),
}
# Click the first element matching the selector inside the board and resolve with the ms
# from the click to the last DOM change before a quiet period (null: nothing changed).
TIME_CLICK = """([board, selector, quiet, first]) => new Promise(resolve => {
    const root = document.querySelector(board);
    const target = root.querySelector(selector);
    if (!target) { resolve(-1); return; }
    let last = null;
    let timer = null;
    const observer = new MutationObserver(() => {
        last = performance.now();
        clearTimeout(timer);
        timer = setTimeout(done, quiet);
    });
    function done() { observer.disconnect(); resolve(last === null ? null : last - start); }
    observer.observe(root, {subtree: true, childList: true, attributes: true,
                            characterData: true});
    timer = setTimeout(done, first);
    const start = performance.now();
    target.click();
})"""


def _board_clicks(page, board: str, steps: list[tuple[str, str]], new: str) -> dict[str, list]:
    """CLICKS timed clicks, a new game dealt (untimed) whenever one cannot go on."""
    times: dict[str, list[float]] = {kind: [] for kind, _ in steps}
    done = 0
    while done < CLICKS:
        for kind, selector in steps:
            ms = page.evaluate(TIME_CLICK, [board, selector, QUIET_MS, FIRST_CHANGE_MS])
            if ms == -1:  # the game is over: deal again and start the round of clicks anew
                page.evaluate(TIME_CLICK, [board, new, QUIET_MS, FIRST_CHANGE_MS])
                break
            if ms is not None:
                times[kind].append(ms)
            done += 1
    return times


def _line(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name:<24} median {statistics.median(ordered):7.1f} ms   95% {p95:7.1f} ms   "
        f"worst {ordered[-1]:7.1f} ms   clicks {len(ordered)}"
    )


def bench_board_clicks(lab, browser) -> None:
    context = browser.new_context(viewport=SIZE)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.route("**/*", lambda route: _local_only(route))
    print(
        f"\n{CLICKS} clicks per board, Chromium {browser.version}, {SIZE['width']}x{SIZE['height']}"
    )
    try:
        for name, (cell, board, steps, new) in BOARDS.items():
            if ONLY not in name:
                continue
            notebook = write_notebook(lab, f"bench_{name.replace(' ', '_')}.ipynb", cell)
            open_and_run_notebook(page, lab, notebook)
            page.locator(f"{board} .widget-button").first.wait_for()
            page.wait_for_timeout(1_000)  # the first drawing settles
            times = _board_clicks(page, board, steps, new)
            print(_line(name, [t for each in times.values() for t in each]))
            for kind, each in times.items():
                if each:
                    print(_line(f"  {kind}", each))
            page.evaluate(
                "() => { window.jupyterapp.shell.currentWidget.sessionContext.shutdown(); }"
            )
    finally:
        context.close()


def _local_only(route) -> None:
    if route.request.url.startswith("http://127.0.0.1"):
        route.continue_()
    else:
        route.abort()  # nothing may load from outside the machine


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Time each board's clicks in Chromium.")
    parser.add_argument("--only", default="", help="the boards whose name holds this text")
    parser.add_argument("--clicks", type=int, default=CLICKS, help="timed clicks per board")
    args, rest = parser.parse_known_args()
    os.environ["ORCHARD_BENCH_BOARDS"] = args.only
    os.environ["ORCHARD_BENCH_BOARD_CLICKS"] = str(args.clicks)
    options = ["-q", "-s", "-p", "no:cacheprovider", "--rootdir", str(REPO)]
    options += ["-p", "tests.browser.conftest"]  # its lab and browser fixtures
    options += ["-o", "python_files=bench_*.py", "-o", "python_functions=bench_*"]
    sys.exit(pytest.main([__file__, *options, "-o", "timeout=900", *rest]))
