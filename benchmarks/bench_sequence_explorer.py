"""Milliseconds per SequenceExplorer update (slider move, toggle, dots choice), in Python.

This times the kernel side of an update: the callbacks, the FigureWidget batch updates and
the new HTML. The browser's redraw comes on top. Run: ``.venv/bin/python
benchmarks/bench_sequence_explorer.py [rounds]``.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from importlib.metadata import version

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 50


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores; plotly {version('plotly')}, ipywidgets {version('ipywidgets')}"
    )


def per_update_ms(actions: list[Callable[[], None]], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for action in actions:
            action()
    return 1000 * (time.perf_counter() - start) / (rounds * len(actions))


def main() -> None:
    start = time.perf_counter()
    from orchard_lab.widgets import SequenceExplorer

    imported = time.perf_counter()
    explorer = SequenceExplorer(n=6, shown=["triangular", "pronic"])
    built = time.perf_counter()
    second = SequenceExplorer(n=6)
    rebuilt = time.perf_counter()
    del second

    slide = [lambda k=k: explorer.set_n(k) for k in (*range(1, 13), *range(11, 1, -1))]
    toggle = [lambda name=name: explorer.toggle(name) for name in ("square", "odd_prime") * 2]
    dots = [lambda name=name: explorer.show_dots(name) for name in ("square", "triangular")]
    print(machine())
    print(f"import orchard_lab.widgets:      {1000 * (imported - start):8.1f} ms (once)")
    print(f"first explorer built:            {1000 * (built - imported):8.1f} ms (once)")
    print(f"another explorer built:          {1000 * (rebuilt - built):8.1f} ms")
    results = {
        "set_n (slider move)": per_update_ms(slide, ROUNDS),
        "toggle a sequence": per_update_ms(toggle, ROUNDS),
        "show_dots (dropdown)": per_update_ms(dots, ROUNDS),
    }
    for label, ms in results.items():
        print(f"{label + ':':33s}{ms:8.2f} ms per update (mean of {ROUNDS} rounds)")
    assert explorer.message.value == "", explorer.message.value


if __name__ == "__main__":
    main()
