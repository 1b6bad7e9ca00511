"""Cold start of the compiled engines: CPU seconds until each compiled game answers, from an
empty numba cache (a new machine, or a new user of an install nobody warmed up) and from a
filled one (every later start), and where a cold start's seconds go.

For each game the registry marks compiled (``games.entries()``), and for all of them together
(``compiled.warm_up``, what ``orchard-lab lessons`` runs), a fresh Python process with a fresh,
empty ``NUMBA_CACHE_DIR`` runs the warm-up (numba compiles and caches every kernel); a second
fresh process with the same cache folder runs it again (numba loads the kernels). Each process
reports the CPU time (``time.process_time``) of ``import orchard_lab.games`` plus numba and of
the warm-up; the parent also reports each child's whole CPU time (interpreter start
included). The cache beside the source is not used: numba caches in ``NUMBA_CACHE_DIR`` when
it is set. The cold run of all the games also lists the ``KERNELS`` costliest kernels: numba's
compile events, each kernel (and numba's own helpers) in CPU seconds of its own (the kernels it
calls, compiled meanwhile, are counted apart; what LLVM does again with them linked in is the
caller's), summed over its specialisations, with their number when a kernel was compiled for
more than one set of argument types.

With ``--first``, each of the first things a lesson asks of a compiled engine (``FIRST``: a
hint, a what-if Run, stacked trees' best line) is done instead of the warm-up, in the same
two fresh processes: CPU seconds until it answers, when nothing was warmed up beforehand.

Run: ``.venv/bin/python benchmarks/bench_cold_start.py [game ...]`` (default: every compiled
game, then all of them), or ``... bench_cold_start.py --first [action ...]`` (default: all).

Figures (2-core AMD EPYC shared with other agents; Python 3.11.7, numpy 2.4.6, numba 0.68.1;
CPU seconds of imports + warm_up (whole process), cold / cached):
- water drops before issue 24: 0.34 + 30.95 (32.11) / 0.33 + 0.25 (0.93); 40.4 s of
  warm_up cold at load 0.4 earlier the same day.
- water drops after: 0.28 + 14.48 (15.13) / 0.26 + 0.18 (0.59); again at load 3: 0.37 +
  16.32 (17.26) / 0.32 + 0.27 (0.88); at load 8 (issue 24 item 4): 0.35 + 13.79 (14.46) /
  0.25 + 0.19 (0.62).
- stacked trees before issue 24 item 4 (load 8): 0.26 + 26.00 (26.81) / 0.28 + 0.24 (0.68);
  after (``bound`` compiled once, no slice assignments, no ``np.argsort``; load 8): 0.36 +
  18.74 (19.50) / 0.36 + 0.23 (0.76); at load 0.8: 0.33 + 17.54 (18.23) / 0.36 + 0.22 (0.72).
- all games (``compiled.warm_up``, load 0.8): 36.8 CPU s of warm_up cold before issue 24
  item 4 (37.4 for the whole process); after: 0.33 + 30.03 (30.81) / 0.34 + 0.29 (0.80).
  The costliest compiles then: stacked trees' ``_search`` 6.1 s, water drops' ``_play_on``
  4.8, ``_playouts`` 1.7 and ``_play_games`` 1.5 (each entry point optimises the kernels it
  calls once more), ``_placing`` 1.5, stacked trees' ``_play`` 1.5, ``moved_terms`` 1.3.
- with item 5's joint bound (load 2.6): water drops 0.27 + 10.62 (11.16) / 0.25 + 0.18
  (0.56), stacked trees 0.25 + 18.34 (19.10) / 0.25 + 0.22 (0.63), all games 0.25 + 32.75
  (33.63) / 0.26 + 0.26 (0.68); after the background warm-up (no kernel changed; load 9):
  12.45 / 0.20, 19.05 / 0.19, all games 0.25 + 31.44 (32.45) / 0.25 + 0.26 (0.69).
- ``--first`` (load 3.2), the action's CPU s cold / cached (imports 0.3 more): water drops'
  greedy hint 0.00 / 0.00, lookahead hint 10.74 / 0.21, what-if Run 9.98 / 0.17 (both
  compile ``_play_on``); stacked trees' greedy hint 0.00 / 0.00, what-if Run 4.53 / 0.16,
  best line 15.33 / 0.23 (the search ``_search`` and its bounds).
- issue 24 item 4 (this and the next on the 2-core Intel Xeon that ``bench_against_c.py``
  names), stacked trees' ``_search`` calling its helpers (``_gain``, ``_under``,
  ``_window_key`` no longer written into it; its loops over the placements, the next hand,
  the table of positions and the new box kernels of their own) and ``pair_table`` in numpy;
  before and after one after the other, load 1.3-1.6: stacked trees 0.32 + 17.97 (18.74) /
  0.34 + 0.22 (0.73) before, 0.32 + 15.47 (16.18) / 0.34 + 0.21 (0.70) after; water drops
  (no kernel changed) 10.93 / 10.83; all games 0.32 + 29.31 (30.23) / 0.34 + 0.30 (0.79)
  before, 0.31 + 26.99 (27.83) / 0.34 + 0.27 (0.77) after. ``--first`` stacked trees' best
  line 13.77 / 0.21 before, 11.53 / 0.21 after (load 0.9). ``_search``'s own compile went
  from 6.5 CPU s to 3.0 (its recursion now re-types 3 times for 0.5 s, not 7 for about 2);
  a best line searches about 2% slower (the same positions and lines). The costliest
  kernels after: water drops' ``_play_on`` 4.4, ``_search`` 3.0, ``_playouts`` 1.5,
  stacked trees' ``engine._play`` 1.3, ``_placing`` 1.3, ``moved_terms`` 1.2, ``_play_games``
  1.1, ``bound`` 0.9, numba's ``np.empty`` (18 specialisations, one per shape, dtype and
  kernel flags) 0.9, ``joint_pairs`` 0.8.
- then water drops' ``_placing`` written into ``_lay`` only, which ``_play_on`` calls for a
  move, with ``_open`` and ``_take`` written into ``_play_on`` instead (load 0.7): water
  drops 0.30 + 7.88 (8.41) / 0.31 + 0.18 (0.61), stacked trees 0.30 + 14.76 (15.40) / 0.31 +
  0.19 (0.62), all games 0.30 + 23.60 (24.37) / 0.31 + 0.25 (0.70): 29.3 -> 23.6 CPU s with
  the search's change above. ``--first`` (load 0.9), before / after: water drops' lookahead
  hint 8.84 / 6.52, what-if Run 8.71 / 6.34, stacked trees' what-if Run 4.11 / 4.09, best
  line 13.77 / 11.53 (cached 0.15-0.21 all). ``bench_against_c.py --repeat 3``: water drops
  random 4-5% fewer games/s (2 players 54,282 -> 51,595, solo 50,504 -> 48,462), greedy
  the same (7,094 -> 7,284, 8,407 -> 8,483). The costliest kernels then: ``_search`` 2.9,
  ``_play_on`` 2.2, ``_lay`` 1.7, ``moved_terms`` 1.2, stacked trees' ``engine._play`` 1.2,
  ``_playouts`` 1.1, ``_play_games`` 1.0, ``bound`` 0.9, ``_cut`` 0.9, ``joint_pairs`` 0.8.
- What a class waits for. Before: ``orchard-lab lessons`` on a new machine warmed every
  engine up (about 31 CPU s) before JupyterLab opened; ``orchard-lab hub`` warmed nothing,
  and where the hub's user could not write beside the package each pupil (a home of their
  own) compiled into their own cache at their first water drops or stacked trees action,
  all at once on one machine. Now both open at once and warm up in a process of their own
  (``compiled.warm_up_in_background``, nice 10), into the cache every pupil of the hub
  shares (``jit.class_cache``); an action met before it is done compiles what it needs,
  as ``--first`` says (the warm-up runs at a low priority). ``orchard-lab app`` still warms
  its game first (water drops about 8 CPU s, stacked trees 15). Cached loads: under 0.3 s.
- Where a cold compile's seconds go (numba 0.68, per-kernel profiles): about a third in
  LLVM (each kernel's module optimised and emitted, with every kernel it calls linked in
  again); the rest in numba's Python: typing (``_search`` is typed 7 times: its recursive
  call makes numba re-type a copy of the whole function at each round, about 2 s), and
  ``inline="always"`` copies (numba deep-copies the inlined function's IR block by block,
  each copy with the whole variable scope: 1.8 s of ``_play_on``'s 4.8 for ``_placing``,
  ``_gain`` and ``_look`` written into it). Tried and dropped: the recursion through a
  second kernel (2 re-typings instead of 6, but numba does not link kernels calling each
  other: "unresolved symbol").
- Item 4, measured per kernel (LLVM timed in numba's ``CPUCodeLibrary``): LLVM is 5.2 of
  stacked trees' 12.8 CPU s of ``fast.warm_up`` and 4.2 of water drops' 10.6 (function
  passes, the final module's passes, object code), mostly in the entry kernels, whose final
  module links in every kernel they call and optimises and emits it once more (water drops'
  ``_play_games`` and ``_playouts`` each about 0.85 s for the ``_play_on`` they call); most
  of the rest is numba's typing, where ``inline="always"`` runs the untyped pipeline of the
  inlined kernel again at each call site. Tried and dropped (water drops): ``_play_on``
  calling ``_place`` (``_placing`` as a kernel of its own) after its written-in ``_look``:
  warm-up 10.9 -> 8.3 CPU s, but random games 13-15% slower (greedy 3%; with ``_open`` and
  ``_take`` written in, 6-8%; calling ``_lay`` instead, which has ``_look`` and the only
  written-in ``_placing``, 4-5%: kept); ``_gain`` called instead of written in: no gain
  (compiled on its own instead), greedy 26% slower; the greedy choice as a kernel of its own,
  ``_contacts`` or ``_drops_matching`` called: no gain. Stacked trees: the rest of
  ``_search``'s bounds as kernels too: no gain once its recursion types 3 rounds; every
  kernel of ``fast`` and ``bound`` ``nogil`` like ``_search`` (numba compiles ``np.empty``
  and ``np.zeros`` again for each set of kernel flags): 3 fewer in the search alone, none
  fewer with ``engine``'s, whose kernels then differ; the warm-up no faster. Every
  kernel compiles one signature (``dispatcher.signatures`` after a warm-up; ``_under``,
  once its own kernel, had two, for the literal signs 1 and -1: now int64 values).
- LLVM's optimisation level (numba's ``NUMBA_OPT``, 3 by default), measured before changing
  it (fresh caches, load 1.4-6.5; games/s from ``bench_against_c.py --repeat 3``, the
  search as positions per CPU second, one thread, node limit 10**7, deals 0-11: 2,260,840
  positions). Whole numba at 3 / 2 / 1: stacked trees cold 16.14 / 13.78 CPU s, water drops
  8.29 / 8.21; best line (``--first``) 12.03 / 10.64 / 10.13, at 0 8.36 but the kernels are
  then not cached at all (numba: "dynamic globals", the reference counts not pruned). Only
  orchard_lab's kernels at the level (``jit.njit(opt=...)``, with the ``np.empty`` change
  below; numba's machine code generation stays at its level) 3 / 2 / 1: stacked trees
  15.50 / 13.67 / 13.94, water drops 8.45 / 8.46 / 8.22; water drops 2 players random
  52,566 / 50,733 / 49,342 games/s, greedy 7,262 / 7,162 / 7,005, solo random 48,276 /
  47,212 / 44,636; stacked trees' rows within 1-3% of each other at every level; the search
  170,942 / 170,869 / 161,739 (load 3-6). Kept: level 2 for stacked trees' kernels (``fast``,
  ``bound``, ``engine``); water drops stays at 3 (nothing gained at 2, 1 costs 4-7% of its
  games/s), so does the best line's search at 1 (5% slower).
- Then (issue 24 item 4, back to back with the code before, 2-core Intel Xeon): stacked
  trees' kernels at LLVM level 2, every kernel of ``fast`` and ``bound`` ``nogil`` like
  ``_search`` and none of them calling ``np.zeros`` (``np.empty``, and a loop where zeros
  are needed): numba compiles its ``np.empty`` once per shape, type and set of kernel flags,
  and ``np.zeros`` calls it with flags of its own, so the best line compiled ``np.empty`` 8
  times, not 14 plus 7 ``np.zeros`` and 5 zero fills. Before / after (load 0.9-1.2): water
  drops (no kernel changed) 0.32 + 8.35 (8.93) / 0.32 + 0.20 (0.66) and 0.31 + 8.30 (8.89)
  / 0.32 + 0.19 (0.65); stacked trees 0.29 + 15.27 (15.94) / 0.33 + 0.22 (0.69) and 0.32 +
  13.60 (14.23) / 0.31 + 0.20 (0.64); all games 0.32 + 24.09 (24.89) / 0.32 + 0.29 (0.76)
  and 0.31 + 21.21 (21.97) / 0.32 + 0.28 (0.76). ``--first`` (load 1.5-1.6), cold, before /
  after: stacked trees' best line 11.48 / 9.43 (the whole process 12.11 / 10.11), what-if
  Run 4.07 / 3.81; water drops' lookahead hint 6.54 / 6.62 and what-if Run 6.34 / 6.36 (not
  changed); cached 0.15-0.21 all. LLVM's share of the best line's compile: 5.5 of 12.0 CPU
  s before, 3.8 of 9.4 after. The search, same positions and lines: 176,000-177,900
  positions per CPU s before, 170,200-173,400 after (2-3% slower; level 2 alone 169,000-
  170,700, ``_search`` alone kept at 3 no faster); ``bench_against_c.py --repeat 3`` (load
  1.5): stacked trees solo greedy 75,905 -> 76,536 games/s, no rotten tokens 97,680 ->
  98,180, solo random 133,378 -> 138,566, 2 players greedy 76,058 -> 76,095, random 70,057
  -> 71,385. ``bench_stacked_trees_best_line.py 30 --to-proof`` (2 threads, load 1.5): every
  deal proven at its recorded optimum both times; CPU median 0.98 / 0.99 s, p90 2.21 /
  2.28, max (deal 19) 3.49 / 3.67; 179,367 / 176,522 positions per CPU s.
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
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
ALL = "all games"  # compiled.warm_up: every compiled game in one process
KERNELS = 20  # the costliest kernels listed
CHILD = """\
import json, sys, time
start = time.process_time()
import numba
from numba.core import event
from orchard_lab import compiled, games
imported = time.process_time()
open_compiles, own = [], {}

class Compiles(event.Listener):
    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        kernel = f"{function.__module__.removeprefix('orchard_lab.')}.{function.__qualname__}"
        open_compiles.append([kernel, time.process_time(), 0.0])

    def on_end(self, ev):
        name, began, inner = open_compiles.pop()
        spent = time.process_time() - began
        seconds, count = own.get(name, (0.0, 0))
        own[name] = (seconds + spent - inner, count + 1)
        if open_compiles:
            open_compiles[-1][2] += spent

event.register("numba:compile", Compiles())
compiled.warm_up() if sys.argv[1] == "ALL" else games.entry(sys.argv[1]).warm_up()
print(json.dumps({"import": imported - start, "warm_up": time.process_time() - imported,
                  "kernels": sorted(own.items(), key=lambda item: -item[1][0])}))
"""
# What a lesson does first with each compiled engine, from a fresh process (``--first``):
# CPU seconds until it answers, numba compiling only what it needs (greedy hints: none).
FIRST = {
    "wd greedy hint": "wd.hint(wd.Game.new(players=2, seed=0), 'greedy', seed=0)",
    "wd lookahead hint": "wd.hint(wd.Game.new(players=2, seed=0), 'lookahead', seed=0)",
    "wd what-if Run": "wd.simulate(games=200, players=2, policy='random', seed=0)",
    "st greedy hint": "st.hint(st.Game.new(players=2, seed=0), 'greedy', seed=0)",
    "st what-if Run": "st.simulate(games=200, players=2, policy='random', seed=0)",
    "st best line": "st.best_line(st.Game.new(seed=3).order, node_limit=1000)",
}
FIRST_CHILD = """\
import json, sys, time
start = time.process_time()
import numba
from orchard_lab import stacked_trees as st, water_drops as wd
imported = time.process_time()
exec(sys.argv[1])
print(json.dumps({"import": imported - start, "warm_up": time.process_time() - imported}))
"""


def machine() -> str:
    """The machine the figures come from."""
    return (
        f"nproc {len(os.sched_getaffinity(0))}, load {os.getloadavg()[0]:.1f}, "
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"{platform.platform()}, {platform.processor() or platform.machine()}"
    )


def start(game: str, cache: Path) -> dict[str, Any]:
    """One fresh process warming ``game`` (or ``ALL``) up with numba's cache in ``cache``, or
    doing the first action ``game`` of ``FIRST``: its CPU seconds for the imports, for the
    warm-up (or the action) and in all, and the compiles' own CPU seconds (``kernels``:
    (kernel and argument types, seconds), the costliest first; not for an action)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    environment = os.environ | {"NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    command = [CHILD, "ALL" if game == ALL else game]
    if game in FIRST:
        command = [FIRST_CHILD, FIRST[game]]
    done = subprocess.run(
        [sys.executable, "-c", *command],
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

    first = sys.argv[1:2] == ["--first"]
    every = [*(entry.name for entry in games.entries() if entry.compiled), ALL]
    names = sys.argv[1 + first :] or (list(FIRST) if first else every)
    print(machine())
    print(f"CPU seconds: imports + {'the action' if first else 'warm_up'} (whole process)")
    for name in names:
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as folder:
            cold, cached = start(name, Path(folder)), start(name, Path(folder))
        for label, run in (("cold", cold), ("cached", cached)):
            print(
                f"  {name:>17} {label:>6}: {run['import']:5.2f} + {run['warm_up']:6.2f} "
                f"({run['process']:6.2f})"
            )
        if name == ALL:
            print(f"  the {KERNELS} costliest kernels of the cold start, CPU s of their own")
            print("  (x n: compiled for n argument types; numba's own helpers count too):")
            for kernel, (seconds, count) in cold["kernels"][:KERNELS]:
                print(f"    {seconds:5.2f}  {kernel}" + (f" x {count}" if count > 1 else ""))


if __name__ == "__main__":
    main()
