"""orchard_lab's ``simulate`` against plain C references of the three games (issue 24).

    python benchmarks/bench_against_c.py [--validate GAMES] [--scale FACTOR] [--repeat N]
        [--switches] [--only TEXT]

``c_reference/`` holds one small C program per game (standard C11, no dependencies): the
game for any number of players the engine allows (apple batches 1 to 6, water drops 1 to 5,
stacked trees 1 to 6) under every rule switch (each program's options: the fields of the
game's ``Rules``), with the greedy and random policies. ``ROWS`` are issue 24's table, water
drops solo and apple batches and stacked trees with 2 players; ``--switches`` adds
``SWITCH_ROWS``, each game under each switch that changes the work, solo and with 2
players, and validates (without timing them) ``CHECK_ROWS``, the switches that change only
numbers (points tables, constants) and apple batches' ``end`` with 3 and 6 players (with 1,
2, 4 or 5 players a game has 4 rounds either way); ``--only`` keeps the rows whose case
holds the text. This script compiles the programs with ``gcc -O2`` into a temporary folder,
then:

1. **Validates them by exact replay.** For every row it plays ``--validate`` games through
   ``policies.run_games`` on ``Game.new`` deals (the seeded dealing every simulation uses),
   writes each game's deal (its cards in dealing order) to the C program and checks that
   the C program's final scores equal the engine's, game for game. Greedy: the C program
   chooses its own moves on the same deal. Random: the engine's ``RandomPolicy`` choices
   are recorded, turn by turn, as (number of legal moves, index chosen); the C program
   checks that it counts the same legal moves and replays the same indexes. Where a game's
   ``simulate`` plays ``run_games``' very deals (water drops, stacked trees), its table is
   checked equal to the replayed scores too; apple batches' ``simulate`` deals its own
   orders. Any mismatch is printed and the script exits with status 1.
2. **Times them.** Games/s of the C program (its own CPU time of N games, dealt and played
   with its own xoshiro256** generator) and of the engine's ``simulate`` (``process_time``
   of one call, after a warm-up call so that numba's compile time is not counted), the
   C ÷ orchard_lab ratio, and each side's mean score (both deal at random, so these agree
   only to within chance), as a table naming the machine. ``--repeat N`` times each row N
   times, C and orchard_lab in turn, and prints the medians and the ratios' range (the
   machine is shared: the two sides of one turn meet the same load).

The C programs' interface is described in ``c_reference/reference.h``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.policies import FasterPolicies, Simulate, run_games

SOURCES = Path(__file__).resolve().parent / "c_reference"
PROGRAMS = ("apple_batches", "water_drops", "stacked_trees")
GCC_FLAGS = ("-O2", "-std=c11", "-Wall", "-Wextra")
VALIDATION_SEED = 24  # the seed of the replayed games (issue 24)
SPEED_SEED = 1


@dataclass(frozen=True)
class CGame:
    """One game's side of the comparison: its engine and how its C program reads a deal."""

    program: str  # the C file in c_reference/, without ".c"
    game: Any  # the engine's Game class
    simulate: Simulate
    max_games: int  # the most games one simulate call plays
    faster: FasterPolicies  # the per-move policies run_games plays with
    cards: str  # the card sections the C program reads first
    deal: Callable[[Any], list[int]]  # a fresh Game's deal as the C program reads it
    simulate_plays_run_games_deals: bool
    options: Callable[[int, Any], tuple[str, ...]]  # the C program's options for (players, rules)


def _card_section(name: str, cards: Sequence[object]) -> str:
    return f"{name} {len(cards)}\n" + "".join(f"{card}\n" for card in cards)


def _apple_deal(game: ab.Game) -> list[int]:
    """The dealt cards as indexes into ``default_deck()`` (the C program's AB-1 order)."""
    deck = ab.default_deck()
    return [deck.index(card) for card in game.deck[: game.market_size * game.rounds]]


def _water_deal(game: wd.Game) -> list[int]:
    """Each seat's start card, then the draw order, as indexes into the card sections."""
    starts, deck = wd.starting_cards(), wd.default_deck()
    return [starts.index(board.start) for board in game.boards] + [
        deck.index(card) for card in game.deck
    ]


def _table_text(table: Sequence[int]) -> str:
    return ",".join(map(str, table))


def _apple_options(players: int, rules: Any) -> tuple[str, ...]:
    """The players, then every switch of ``rules`` that differs from the standard rules as
    the C program's options."""
    options: tuple[str, ...] = ("--players", str(players))
    standard = ab.Rules()
    if rules.easy:
        options += ("--easy",)
    if rules.unlucky_may_bust:
        options += ("--unlucky-may-bust",)
    if rules.steady_reference == "any":
        options += ("--steady-any",)
    if rules.special_broken_points != standard.special_broken_points:
        options += ("--special-broken", str(rules.special_broken_points))
    if rules.end == "four_rounds":
        options += ("--four-rounds",)
    for batch, name in ab.SEQUENCE_BATCHES.items():
        if getattr(rules, name) != getattr(standard, name):
            options += (f"--{batch}-points", _table_text(getattr(rules, name)))
    return options


def _water_options(players: int, rules: Any) -> tuple[str, ...]:
    """The players, then the switches of ``rules`` (None: the standard rules) as the C
    program's options ("drop" scoring needs none: it gives the totals of "fruit")."""
    options: tuple[str, ...] = ("--players", str(players))
    if rules is None:
        return options
    if rules.allow_rotation:
        options += ("--rotation",)
    if rules.max_size is not None:
        options += ("--max-size", *map(str, rules.max_size))
    if rules.scoring == "per_drop":
        options += ("--per-drop",)
    if rules.group_points != wd.Rules().group_points:
        options += ("--points", ",".join(map(str, rules.group_points)))
    return options


def _stacked_options(players: int, rules: Any) -> tuple[str, ...]:
    """The players, then every switch of ``rules`` that differs from the standard rules as
    the C program's options."""
    options: tuple[str, ...] = ("--players", str(players))
    standard = st.Rules()
    for field, option in (
        ("dice_per_fruit", "--dice"),
        ("rotten_tokens", "--tokens"),
        ("rotten_penalty", "--penalty"),
        ("cards_per_game", "--cards"),
        ("hand_size", "--hand"),
    ):
        if getattr(rules, field) != getattr(standard, field):
            options += (option, str(getattr(rules, field)))
    if rules.ladder != standard.ladder:
        options += ("--ladder", _table_text(rules.ladder))
    return options


def _stacked_deal(game: st.Game) -> list[int]:
    """The order of the cards in play, as indexes into the deck section."""
    deck = st.default_deck()
    return [deck.index(card) for card in game.order]


APPLES = CGame(
    "apple_batches",
    ab.Game,
    ab.simulate,
    ab.MAX_GAMES,
    ab.FASTER,
    "",
    _apple_deal,
    False,
    _apple_options,
)
DROPS = CGame(
    "water_drops",
    wd.Game,
    wd.simulate,
    wd.MAX_GAMES,
    wd.FASTER,
    _card_section("deck", wd.default_deck()) + _card_section("starts", wd.starting_cards()),
    _water_deal,
    True,
    _water_options,
)
TREES = CGame(
    "stacked_trees",
    st.Game,
    st.simulate,
    st.MAX_GAMES,
    st.FASTER,
    _card_section("deck", st.default_deck()),
    _stacked_deal,
    True,
    _stacked_options,
)


@dataclass(frozen=True)
class Row:
    """One row of issue 24's table."""

    case: str
    game: CGame
    players: int
    policy: str  # "greedy" or "random"
    rules: Any
    filed: int | None  # C games/s when issue 24 was filed (gcc -O2; None: a row added since)
    engine_games: int  # games of simulate timed at --scale 1
    c_games: int = 0  # games of the C program timed at --scale 1 (0: filed // 2)

    @property
    def options(self) -> tuple[str, ...]:
        """The C program's options for these players and rules."""
        return self.game.options(self.players, self.rules)

    @property
    def timed_c_games(self) -> int:
        """Games of the C program timed at --scale 1."""
        return self.c_games or (self.filed or 0) // 2


NO_ROT = st.Rules(rotten_tokens=0)  # the switch that turns rotten tokens off (ST-5)
ROWS = (
    Row("apple batches solo greedy", APPLES, 1, "greedy", ab.Rules(), 1_600_000, 300_000),
    Row("apple batches solo random", APPLES, 1, "random", ab.Rules(), 958_000, 300_000),
    Row("water drops 2 players greedy", DROPS, 2, "greedy", wd.Rules(), 8_300, 2_000),
    Row("water drops 2 players random", DROPS, 2, "random", wd.Rules(), 61_000, 20_000),
    Row("water drops solo greedy", DROPS, 1, "greedy", wd.Rules(), None, 2_000, 5_000),
    Row("water drops solo random", DROPS, 1, "random", wd.Rules(), None, 20_000, 30_000),
    Row("stacked trees solo greedy, standard rules", TREES, 1, "greedy", st.Rules(), 27_000, 5_000),
    Row("stacked trees solo greedy, no rotten tokens", TREES, 1, "greedy", NO_ROT, 82_000, 5_000),
    Row("stacked trees solo random", TREES, 1, "random", st.Rules(), 155_000, 3_000),
    Row("apple batches 2 players greedy", APPLES, 2, "greedy", ab.Rules(), None, 150_000, 150_000),
    Row("apple batches 2 players random", APPLES, 2, "random", ab.Rules(), None, 150_000, 150_000),
    Row("stacked trees 2 players greedy", TREES, 2, "greedy", st.Rules(), None, 10_000, 10_000),
    Row("stacked trees 2 players random", TREES, 2, "random", st.Rules(), None, 10_000, 10_000),
)  # fmt: skip
SQUARES = tuple(n * n for n in range(1, 10))  # a group_points table of the what-if's choices


def _switch_rows() -> tuple[Row, ...]:
    """Water drops solo and with 2 players, random and greedy, under each switch that changes
    the work (the what-if's "per_drop" first; "drop" scoring plays as "fruit")."""
    rows = []
    for players, who, box in ((1, "solo", (7, 8)), (2, "2 players", (6, 5))):
        switches = {
            "per_drop scoring": wd.Rules(scoring="per_drop"),
            "rotation": wd.Rules(allow_rotation=True),
            f"max_size {box[0]}x{box[1]}": wd.Rules(max_size=box),
            "square group points": wd.Rules(group_points=SQUARES),
        }
        for name, rules in switches.items():
            for policy, games in (("greedy", 2_000), ("random", 20_000)):
                games //= 4 if rules.allow_rotation and policy == "greedy" else 1
                case = f"water drops {who} {policy}, {name}"
                rows.append(Row(case, DROPS, players, policy, rules, None, games, 2 * games))
    return tuple(rows)


def _apple_switch_rows() -> tuple[Row, ...]:
    """Apple batches solo and with 2 players, greedy and random, under each switch that
    changes the work: which moves are legal (``CHECK_ROWS`` has the others)."""
    rows = []
    switches = {
        "unlucky_may_bust": ab.Rules(unlucky_may_bust=True),
        "steady_reference any": ab.Rules(steady_reference="any"),
    }
    for players, who, games in ((1, "solo", 300_000), (2, "2 players", 150_000)):
        for name, rules in switches.items():
            for policy in ("greedy", "random"):
                case = f"apple batches {who} {policy}, {name}"
                rows.append(Row(case, APPLES, players, policy, rules, None, games, games))
    return tuple(rows)


def _stacked_switch_rows() -> tuple[Row, ...]:
    """Stacked trees solo and with 2 players, greedy and random, under each switch that
    changes the work (``CHECK_ROWS`` has the others); solo greedy with no rotten tokens is
    in ``ROWS`` already."""
    rows = []
    switches = {
        "dice_per_fruit 3": st.Rules(dice_per_fruit=3),
        "no rotten tokens": NO_ROT,
        "rotten_tokens 4": st.Rules(rotten_tokens=4),
        "cards_per_game 18": st.Rules(cards_per_game=18),
        "hand_size 3": st.Rules(hand_size=3),
    }
    for players, who in ((1, "solo"), (2, "2 players")):
        for name, rules in switches.items():
            for policy in ("greedy", "random"):
                if (players, policy, rules) == (1, "greedy", NO_ROT):
                    continue
                games = 5_000 if rules.cards_per_game == 18 else 10_000
                case = f"stacked trees {who} {policy}, {name}"
                rows.append(Row(case, TREES, players, policy, rules, None, games, games))
    return tuple(rows)


SWITCH_ROWS = _switch_rows() + _apple_switch_rows() + _stacked_switch_rows()


def _check_rows() -> tuple[Row, ...]:
    """The switches that change only numbers, not the work (a points table, a constant, the
    ladder's values), and apple batches' ``end``, which changes the work only with 3 or 6
    players (with 1, 2, 4 or 5 the game has 4 rounds either way): validated by replay with
    ``--switches``, not timed. Solo and 2 players (``end``: 3 and 6), greedy and random."""
    apple = {
        "easy": ab.Rules(easy=True),
        "special_broken_points -10": ab.Rules(special_broken_points=-10),
        "monochrome_points counting": ab.Rules(monochrome_points=tuple(range(1, 13))),
        "feather_points squares": ab.Rules(feather_points=ab.SQUARES),
        "unlucky_points triangular": ab.Rules(unlucky_points=ab.TRIANGULAR),
        "steady_points pronic": ab.Rules(steady_points=ab.PRONIC),
        "end four_rounds": ab.Rules(end="four_rounds"),
    }
    stacked = {
        "rotten_penalty 5": st.Rules(rotten_penalty=5),
        "ladder doubling": st.Rules(ladder=(1, 2, 4, 8)),
        "ladder of 12 steps": st.Rules(ladder=tuple(n * n for n in range(1, 13))),
    }
    rows = []
    for game, title, switches in (
        (APPLES, "apple batches", apple),
        (TREES, "stacked trees", stacked),
    ):
        for name, rules in switches.items():
            tables = (3, 6) if name == "end four_rounds" else (1, 2)
            for players in tables:
                for policy in ("greedy", "random"):
                    who = "solo" if players == 1 else f"{players} players"
                    case = f"{title} {who} {policy}, {name}"
                    rows.append(Row(case, game, players, policy, rules, None, 0))
    return tuple(rows)


CHECK_ROWS = _check_rows()


# -- building and running the C programs ------------------------------------------------------
def compile_programs(folder: Path) -> dict[str, Path]:
    """Each C reference compiled with ``gcc -O2`` into ``folder``, by program name.

    SystemExit with a clear message when gcc is not on PATH."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise SystemExit(
            "gcc is not on PATH: install it to build the C references in " + str(SOURCES)
        )
    built = {}
    for name in PROGRAMS:
        target = folder / name
        subprocess.run([gcc, *GCC_FLAGS, "-o", str(target), str(SOURCES / f"{name}.c")], check=True)
        built[name] = target
    return built


def run_c(program: Path, arguments: Sequence[str], text: str) -> str:
    """The C program's output for ``text`` on its input (CalledProcessError if it fails)."""
    done = subprocess.run(
        [str(program), *arguments], input=text, capture_output=True, text=True, check=True
    )
    return done.stdout


# -- validation by exact replay ----------------------------------------------------------------
@dataclass
class Replay:
    """The engine's games of one row: each deal, each game's random choices as (legal moves,
    index chosen) per turn (none for greedy), and the final scores."""

    deals: list[list[int]]
    turns: list[list[tuple[int, int]]]
    scores: np.ndarray


class RecordingGenerator(np.random.Generator):
    """numpy's default generator for a seed that also notes each move a random policy
    draws: every ``integers(n)`` call becomes (n, the index drawn) in ``turns[-1]``, the
    list of the game being played. ``RandomPolicy`` draws one index per move among the n
    legal moves, and each game's faster random policy draws the same (the engines' tests
    prove it), so these are the engine's choices, turn by turn."""

    def __init__(self, seed: int, turns: list[list[tuple[int, int]]]) -> None:
        super().__init__(np.random.PCG64(seed))
        self.turns = turns

    def integers(self, *args: Any, **kwargs: Any) -> Any:
        value = super().integers(*args, **kwargs)
        if len(args) == 1 and not kwargs and self.turns:  # a choice, not the game seeds
            self.turns[-1].append((int(args[0]), int(value)))
        return value


def engine_games(row: Row, games: int, seed: int) -> Replay:
    """``games`` games of ``row`` played by ``run_games`` with the engine's fastest per-move
    policies, each deal and (random) each choice recorded as it is made."""
    deals: list[list[int]] = []
    turns: list[list[tuple[int, int]]] = []

    def new_game(game_seed: int) -> Any:
        game = row.game.game.new(players=row.players, seed=game_seed, rules=row.rules)
        deals.append(row.game.deal(game))
        turns.append([])
        return game

    rng = RecordingGenerator(seed, turns)  # the game seeds, then the random choices
    scores = run_games(new_game, games, row.players, row.policy, rng, faster=row.game.faster)
    return Replay(deals, turns, scores)


def c_scores(row: Row, program: Path, replay: Replay) -> list[str]:
    """The C program's output line for each game of ``replay``: final scores, or the turn
    where it counted other legal moves than the engine."""
    lines = [f"{len(replay.deals)}"]
    for deal, turns in zip(replay.deals, replay.turns, strict=True):
        lines.append(" ".join(map(str, deal)))
        if row.policy == "random":
            lines.append(f"{len(turns)} " + " ".join(f"{n} {k}" for n, k in turns))
    mode = "greedy" if row.policy == "greedy" else "replay"
    return run_c(
        program, [*row.options, mode], row.game.cards + "\n".join(lines) + "\n"
    ).splitlines()


def validate(
    row: Row, programs: dict[str, Path], games: int, seed: int = VALIDATION_SEED
) -> list[str]:
    """Every disagreement between the C program and the engine on ``games`` games of ``row``
    (empty when they agree game for game)."""
    replay = engine_games(row, games, seed)
    wrong = []
    output = c_scores(row, programs[row.game.program], replay)
    if len(output) != games:
        wrong.append(f"{row.case}: the C program answered {len(output)} games of {games}")
    for g, (line, scores) in enumerate(zip(output, replay.scores, strict=False)):
        expected = " ".join(str(int(s)) for s in scores)
        if line != expected:
            wrong.append(
                f"{row.case}: game {g} (deal {replay.deals[g]}): engine {expected}, C {line}"
            )
    if row.game.simulate_plays_run_games_deals:
        table = row.game.simulate(games, row.players, row.policy, seed, row.rules)
        for g in np.flatnonzero((table != replay.scores).any(axis=1)).tolist():
            wrong.append(
                f"{row.case}: game {g}: simulate {table[g].tolist()}, run_games "
                f"{replay.scores[g].tolist()}"
            )
    return wrong


# -- speed ----------------------------------------------------------------------------------------
def c_speed(row: Row, program: Path, games: int) -> tuple[float, float]:
    """Games/s of the C program (its CPU time) and its mean score."""
    words = run_c(
        program, [*row.options, "speed", row.policy, str(games), str(SPEED_SEED)], row.game.cards
    ).split()
    seconds, mean = float(words[3]), float(words[5])
    return games / max(seconds, 1e-9), mean


def engine_speed(row: Row, games: int) -> tuple[float, float]:
    """Games/s of the engine's ``simulate`` (CPU time of its calls, after a warm-up call)
    and its mean score; a call plays at most the game's ``max_games``."""
    row.game.simulate(20, row.players, row.policy, 0, row.rules)  # compiles, fills caches
    tables, seconds = [], 0.0
    for seed, start in enumerate(range(0, games, row.game.max_games), SPEED_SEED):
        count = min(row.game.max_games, games - start)
        began = time.process_time()
        tables.append(row.game.simulate(count, row.players, row.policy, seed, row.rules))
        seconds += time.process_time() - began
    return games / max(seconds, 1e-9), float(np.concatenate(tables).mean())


def machine() -> str:
    """The processor, cores, system, Python, numpy and gcc, and the load when measured."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = [line for line in cpuinfo.read_text().splitlines() if line.startswith("model name")]
        model = names[0].split(":", 1)[1].strip() if names else model
    gcc = subprocess.run(["gcc", "--version"], capture_output=True, text=True).stdout.splitlines()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{model}, {os.cpu_count()} cores, {platform.system()}, Python "
        f"{platform.python_version()}, numpy {np.__version__}, {gcc[0] if gcc else 'gcc'}; "
        f"load average {load}"
    )


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A Markdown table: the first column left-aligned, the numbers right-aligned."""
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, ["-" * width for width in widths], *rows):
        cells = [
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        print("| " + " | ".join(cells) + " |")


HEADER: tuple[str, ...] = (
    "case",
    "C games/s",
    "orchard_lab games/s",
    "C ÷ orchard_lab",
    "C at filing",
)
HEADER += ("mean C", "mean orchard_lab")  # both deal at random: equal within chance


def timed_row(row: Row, program: Path, scale: float, repeat: int) -> list[str]:
    """The table's cells for ``row``: C and orchard_lab timed in turn ``repeat`` times, the
    median games/s of each and the median C ÷ orchard_lab (with its range)."""
    c_games = max(1, round(row.timed_c_games * scale))
    games = max(1, round(row.engine_games * scale))
    runs = []
    for _ in range(repeat):
        c_rate, c_mean = c_speed(row, program, c_games)
        rate, mean = engine_speed(row, games)
        runs.append((c_rate, rate, c_rate / rate))
    c_rate, rate, ratio = (float(np.median(column)) for column in zip(*runs, strict=True))
    ratios = sorted(run[2] for run in runs)
    spread = f" ({ratios[0]:.2f}-{ratios[-1]:.2f})" if repeat > 1 else ""
    filed = f"{row.filed:,}" if row.filed else "-"
    numbers = [f"{c_rate:,.0f}", f"{rate:,.0f}", f"{ratio:.2f}{spread}", filed]
    return [row.case, *numbers, f"{c_mean:.2f}", f"{mean:.2f}"]


def main(argv: Sequence[str] | None = None) -> int:
    """Build, validate every row, then time every row; 1 when any game differs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--validate", type=int, default=500, help="games replayed per row (500)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="times the timed games per row (1.0)"
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="timings of each row, C and orchard_lab in turn (1)"
    )
    parser.add_argument(
        "--switches",
        action="store_true",
        help="every game under each switch too (SWITCH_ROWS timed, CHECK_ROWS only validated)",
    )
    parser.add_argument("--only", default="", help="only the rows whose case holds this text")
    args = parser.parse_args(argv)
    chosen = (*ROWS, *SWITCH_ROWS) if args.switches else ROWS
    rows = [row for row in chosen if args.only in row.case]
    checked = [row for row in CHECK_ROWS if args.switches and args.only in row.case]
    with tempfile.TemporaryDirectory() as folder:
        programs = compile_programs(Path(folder))
        print(f"validation: {args.validate} games a row, replayed exactly (seed {VALIDATION_SEED})")
        wrong = []
        for row in (*rows, *checked):
            start = time.perf_counter()
            found = validate(row, programs, args.validate)
            verdict = "identical" if not found else f"{len(found)} MISMATCHES"
            print(f"  {row.case}: {verdict} ({time.perf_counter() - start:.1f} s)")
            wrong += found
        for line in wrong[:50]:
            print("  " + line)
        print(f"\nspeed, CPU time, single-threaded: {machine()}")
        table = [
            timed_row(row, programs[row.game.program], args.scale, args.repeat) for row in rows
        ]
        print_table(HEADER, table)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
