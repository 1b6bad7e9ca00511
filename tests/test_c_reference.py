"""The plain C references of ``benchmarks/c_reference/`` still play exactly like the engines.

``benchmarks/bench_against_c.py`` times orchard_lab against these C programs; the ratios mean
something only while the C programs play the same games. This test builds them with gcc and
replays a few dozen engine games of every row of the benchmark (greedy on the same deals,
random replaying the engine's choices), so a change of the engines' rules or policies that
the C programs do not follow shows up here. Nothing is timed.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_against_c.py"
GAMES = 40  # games replayed per row


def _bench() -> ModuleType:
    """The benchmark script as a module (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_against_c", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


bench = _bench()


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The C references compiled into a temporary folder; skipped where gcc is missing."""
    if shutil.which("gcc") is None:
        pytest.skip(
            "gcc is not on PATH: the C references of benchmarks/c_reference cannot be built"
        )
    yield bench.compile_programs(tmp_path_factory.mktemp("c_reference"))


ALL_ROWS = (*bench.ROWS, *bench.SWITCH_ROWS)  # water drops under each switch too


@pytest.mark.parametrize("row", ALL_ROWS, ids=[row.case for row in ALL_ROWS])
def test_c_reference_replays_the_engine(row: object, programs: dict[str, Path]) -> None:
    assert bench.validate(row, programs, GAMES) == []


@pytest.mark.parametrize("players", [1, 3, 5])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_water_drops_reference_for_other_tables(
    players: int, policy: str, programs: dict[str, Path]
) -> None:
    """The water drops reference takes any number of players (``--players``): markets of
    one card a player, and 5 cards with 5 players."""
    row = bench.Row(f"water drops {players} players", bench.DROPS, players, policy, None, 0, 0)
    assert bench.validate(row, programs, 10) == []


def test_a_wrong_replay_is_reported(programs: dict[str, Path]) -> None:
    """A replayed choice the C program cannot follow (a count of legal moves it does not
    see) is answered as a mismatch, not as scores."""
    row = bench.ROWS[1]  # apple batches solo random
    replay = bench.engine_games(row, 1, seed=0)
    replay.turns[0][0] = (replay.turns[0][0][0] + 1, 0)
    (line,) = bench.c_scores(row, programs[row.game.program], replay)
    assert line.startswith("mismatch turn 0:")
