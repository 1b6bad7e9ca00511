"""The plain C references of ``benchmarks/c_reference/`` still play exactly like the engines.

``benchmarks/bench_against_c.py`` times orchard_lab against these C programs; the ratios mean
something only while the C programs play the same games. This test builds them with gcc and
replays a few dozen engine games of every row of the benchmark, and a dozen of every row
under a switch (``SWITCH_ROWS`` and ``CHECK_ROWS``: every switch of every game), greedy on
the same deals, random replaying the engine's choices, so a change of the engines' rules or
policies that the C programs do not follow shows up here. Nothing is timed.
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


SWITCH_GAMES = 12  # games replayed per row under a switch: every game under every switch
ALL_ROWS = (*bench.ROWS, *bench.SWITCH_ROWS, *bench.CHECK_ROWS)


@pytest.mark.parametrize("row", ALL_ROWS, ids=[row.case for row in ALL_ROWS])
def test_c_reference_replays_the_engine(row: object, programs: dict[str, Path]) -> None:
    games = GAMES if row in bench.ROWS else SWITCH_GAMES
    assert bench.validate(row, programs, games) == []


@pytest.mark.parametrize("players", [1, 3, 5])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_water_drops_reference_for_other_tables(
    players: int, policy: str, programs: dict[str, Path]
) -> None:
    """The water drops reference takes any number of players (``--players``): markets of
    one card a player, and 5 cards with 5 players."""
    row = bench.Row(f"water drops {players} players", bench.DROPS, players, policy, None, 0, 0)
    assert bench.validate(row, programs, 10) == []


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_apple_batches_and_stacked_trees_references_for_other_tables(
    players: int, policy: str, programs: dict[str, Path]
) -> None:
    """The apple batches and stacked trees references take 1 to 6 players (``--players``):
    markets of 2 cards a player with 3 or 6 players (AB-2); every orchard its own hand and
    turn (ST-7)."""
    for game, rules in ((bench.APPLES, bench.ab.Rules()), (bench.TREES, bench.st.Rules())):
        row = bench.Row(f"{players} players", game, players, policy, rules, 0, 0)
        assert bench.validate(row, programs, 6) == []


EDGES = (  # stacked trees switches at their ends, and together
    bench.st.Rules(rotten_tokens=3),
    bench.st.Rules(rotten_tokens=5),
    bench.st.Rules(rotten_tokens=12, rotten_penalty=0),
    bench.st.Rules(dice_per_fruit=0),
    bench.st.Rules(dice_per_fruit=1, ladder=(5,)),
    bench.st.Rules(cards_per_game=1),
    bench.st.Rules(cards_per_game=2, hand_size=6),
    bench.st.Rules(cards_per_game=18, hand_size=6, rotten_tokens=6, ladder=tuple(range(1, 21))),
)


@pytest.mark.parametrize("rules", EDGES, ids=[str(i) for i in range(len(EDGES))])
@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_stacked_trees_reference_at_the_ends_of_the_switches(
    rules: object, players: int, policy: str, programs: dict[str, Path]
) -> None:
    row = bench.Row("stacked trees edge", bench.TREES, players, policy, rules, 0, 0)
    assert bench.validate(row, programs, 4) == []


def test_apple_batches_reference_at_the_ends_of_the_switches(programs: dict[str, Path]) -> None:
    """Every apple batches switch at once, with tables that fall as batches fill (a move may
    lose hundreds of points)."""
    rules = bench.ab.Rules(
        easy=True,
        unlucky_may_bust=True,
        steady_reference="any",
        special_broken_points=20,
        monochrome_points=(999, 0) * 6,
        feather_points=(0, 999) * 6,
        unlucky_points=(999,) * 6 + (0,) * 6,
        steady_points=tuple(range(12, 0, -1)),
    )
    for players in (1, 2, 6):
        for policy in ("greedy", "random"):
            row = bench.Row("apple batches edge", bench.APPLES, players, policy, rules, 0, 0)
            assert bench.validate(row, programs, 10) == []


def test_a_wrong_replay_is_reported(programs: dict[str, Path]) -> None:
    """A replayed choice the C program cannot follow (a count of legal moves it does not
    see) is answered as a mismatch, not as scores."""
    row = bench.ROWS[1]  # apple batches solo random
    replay = bench.engine_games(row, 1, seed=0)
    replay.turns[0][0] = (replay.turns[0][0][0] + 1, 0)
    (line,) = bench.c_scores(row, programs[row.game.program], replay)
    assert line.startswith("mismatch turn 0:")
