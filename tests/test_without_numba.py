"""orchard_lab without numba (issue 24): where numba cannot be imported, the kernels run as
plain Python and every fast path still makes the generic policies' choices.

The engines' own comparisons of their fast paths with the shared policies run again in a
Python where ``import numba`` fails; they must pass unchanged, with no warning.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the fast paths' comparisons with the shared policies, chosen to run in seconds uncompiled
COMPARISONS = [
    "tests/test_water_drops.py::test_wd2_wd3_wd4_engine_games_are_the_shared_policies_games",
    "tests/test_water_drops.py::test_fast_lookahead_margins_are_the_shared_margins_near_the_end",
    "tests/test_water_drops.py::test_wd4_engine_gains_are_the_boards_gains_for_every_move",
    "tests/test_water_drops.py::test_wd4_engine_counts_a_drop_beside_two_cells_of_a_group_once",
    "tests/test_stacked_trees_search.py::test_st5_proven_optimum_equals_exhaustive_search_under_switches",
    "tests/test_stacked_trees_search.py::test_best_line_node_limit_gives_the_same_line_everywhere",
    "tests/test_stacked_trees.py::test_st5_fast_simulate_makes_the_shared_choices_under_every_switch",
    "tests/test_stacked_trees_batch.py::test_st5_batch_greedy_equals_greedy_turn_under_every_switch",
    "tests/test_stacked_trees_engine.py::test_streams_deal_is_numpys_permutation",
    "tests/test_stacked_trees_engine.py::test_streams_lemire_is_numpys_integers",
    "tests/test_stacked_trees_engine.py::test_st7_engine_random_tables_are_random_policys_under_every_switch",
    "tests/test_stacked_trees_engine.py::test_st7_engine_greedy_tables_are_greedy_policys_under_every_switch",
    "tests/test_stacked_trees_engine.py::test_engine_plays_on_when_the_words_run_out",
]
WITHOUT_NUMBA = """\
import sys, types
sys.modules["numba"] = None  # import numba now raises ImportError
from orchard_lab import games, jit
from orchard_lab import streams
from orchard_lab.stacked_trees import bound, fast
from orchard_lab.stacked_trees import engine as st_engine
from orchard_lab.water_drops import engine
assert not jit.COMPILED and not any(entry.compiled for entry in games.entries())
for kernel in (engine.lemire, fast._place, bound.pair_table, st_engine._play, streams.deal):
    assert isinstance(kernel, types.FunctionType), kernel  # plain Python, not a dispatcher
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "-W", "error", *sys.argv[1:]]))
"""


def test_the_fast_paths_make_the_same_choices_without_numba() -> None:
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_NUMBA, *COMPARISONS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and "warning" not in run.stdout
