"""``best_line`` over 100 seeded 9-card deals with its 10 s budget (issue 15): prints figures,
asserts nothing. It takes up to 100 x 10 s.

    python benchmarks/bench_stacked_trees_best_line.py [deals] [time_limit]

Deal ``s`` is the first 9 cards of the 18 shuffled by ``numpy.random.default_rng(s)``. For each
it records whether the line is proven optimal, the wall seconds (what the budget counts) and
the CPU seconds of this process (the search runs ``search.THREADS`` threads, one per core); it
prints the proven fraction and the median, p90 and max of both, and the greedy score of each
deal beside the best line's as the generic yardstick. The compiled search is loaded (compiled
on the first run after an install) before the clock starts, as ``orchard-lab`` does before a
class.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from orchard_lab import stacked_trees as st
from orchard_lab.policies import GreedyPolicy, play_out
from orchard_lab.stacked_trees import search


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    time_limit = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    st.warm_up()
    print(f"{search.THREADS} threads")
    deck = st.default_deck()
    table = np.array([np.random.default_rng(s).permutation(len(deck))[:9] for s in range(deals)])
    greedy = [
        play_out(st.Game.deal([deck[i] for i in deal]), GreedyPolicy()).scores()[0]
        for deal in table
    ]
    proven, walls, cpus, gains, nodes = [], [], [], [], []
    for seed, deal in enumerate(table):
        order = [deck[i] for i in deal]
        wall, cpu = time.perf_counter(), time.process_time()
        line = st.best_line(order, time_limit=time_limit)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        proven.append(line.optimal)
        nodes.append(line.nodes)
        gains.append(line.score - int(greedy[seed]))
        print(
            f"deal {seed:3d}: score {line.score:3d} (greedy {greedy[seed]:3d}), "
            f"proven {line.optimal!s:5}, {walls[-1]:6.2f} s wall, {cpus[-1]:6.2f} s CPU, "
            f"{line.nodes} nodes",
            flush=True,
        )
    for name, values in (("wall", walls), ("CPU", cpus)):
        median, p90 = np.percentile(values, [50, 90])
        print(f"{name} seconds: median {median:.2f}, p90 {p90:.2f}, max {max(values):.2f}")
    median, p90 = np.percentile(nodes, [50, 90])
    print(f"positions searched: median {median:,.0f}, p90 {p90:,.0f}, max {max(nodes):,}")
    print(
        f"proven optimal: {sum(proven)} of {deals} ({np.mean(proven):.0%}); best line beats "
        f"greedy by {np.mean(gains):.1f} points on average (time limit {time_limit} s)"
    )


if __name__ == "__main__":
    main()
