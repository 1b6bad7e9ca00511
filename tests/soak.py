"""The soak engine: random games under random rule switches, every move checked (issue 14).

After OpenSpiel's ``games_sim_test``: each game joins through its adapter in
``tests/adapters/`` and its rule switches describe themselves (``core.switches``), so one
engine soaks every game. After every move it checks that no card is lost or duplicated, the
incremental totals equal the recomputed scores, the game's own invariants, an undo twin, a
save/load twin, an independent ``copy()`` twin and crafted illegal moves. A failure is kept
with a reproducer instead of stopping the run; ``tests/test_soak.py`` runs a quick size and
``benchmarks/soak.py`` a long one.

>>> tally = soak("apple_batches", games=1, seed=0)
>>> tally.games, tally.failures
(1, 0)
"""

from __future__ import annotations

import importlib
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from orchard_lab import IllegalMove, core

GAMES = ("apple_batches", "water_drops", "stacked_trees")
SPAN = 8  # an int switch with a wide range is drawn within SPAN of its default
GAME_SECONDS = 60.0  # CPU seconds; a soaked game taking longer is a failure ("slow game")
ACCEPTED = "illegal move accepted"  # the failure kind counted apart from invariant failures


def adapter(name: str) -> ModuleType:
    """The game's adapter module in ``tests/adapters/`` (it holds the game module as ``module``)."""
    return importlib.import_module(f"tests.adapters.{name}")


# -- random rules --------------------------------------------------------------------------
def switch_values(each: core.Switch) -> list[Any]:
    """The values the soak draws for one switch: every option, or a small window of ints."""
    if each.kind == "bool":
        return [False, True]
    if each.kind == "choice":
        return [value for _, value in each.options] or [each.default]
    low = each.default - SPAN if each.low is None else max(each.low, each.default - SPAN)
    high = each.default + SPAN if each.high is None else min(each.high, each.default + SPAN)
    return list(range(low, high + 1))


def random_rules(name: str, rng: np.random.Generator) -> dict[str, Any]:
    """Switch values that differ from the standard rules, each switch changed half the time.

    Only switches the game declares (``core.switches``) are drawn; a game without declared
    switches plays the standard rules. A draw its ``Rules`` refuses with ValueError as a whole
    (switches that exclude each other) is drawn again, up to 20 times.
    """
    declared = core.switches(adapter(name).module.Rules)
    for _ in range(20):
        changed = {}
        for each in declared:
            if rng.integers(2):
                values = switch_values(each)
                value = values[int(rng.integers(len(values)))]
                if value != each.default:
                    changed[each.name] = value
        try:
            adapter(name).module.Rules(**changed)
        except ValueError:
            continue
        return changed
    return {}


# -- failures --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Failure:
    """One failed check, with what replays it."""

    kind: str
    message: str
    call: str  # the call that replays it, e.g. "tests.soak.soak_game(...)"
    move: int  # moves played before the failure

    def reproducer(self) -> str:
        return f"{self.call}  # move {self.move}: {self.kind}: {self.message}"


class Slow(BaseException):
    """Raised inside a game that ran past its time (a BaseException: engines cannot catch it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Slow`` in the main thread after ``seconds`` of CPU time (SIGPROF; Unix)."""

    def ring(signum: int, frame: Any) -> None:
        raise Slow(f"took more than {seconds:g} CPU seconds")

    previous = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@dataclass
class Tally:
    """What a soak run did and found, for one game."""

    game: str
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    counts: Counter[str] = field(default_factory=Counter)
    first: dict[str, Failure] = field(default_factory=dict)
    refused: int = 0  # rule draws that Game.new refused with ValueError (not played)
    first_refusal: str = ""

    @property
    def accepted(self) -> int:
        """Illegal moves that ``play`` accepted."""
        return self.counts[ACCEPTED]

    @property
    def invariant_failures(self) -> int:
        """Every other failed check."""
        return sum(self.counts.values()) - self.accepted

    @property
    def failures(self) -> int:
        return sum(self.counts.values())

    def add(self, failure: Failure) -> None:
        self.counts[failure.kind] += 1
        self.first.setdefault(failure.kind, failure)

    def report(self) -> str:
        """The figures, then the first reproducer of each kind of failure."""
        lines = [
            f"{self.game}: {self.games:,} games, {self.moves:,} moves checked, "
            f"{self.invariant_failures:,} invariant failures, {self.accepted:,} illegal moves "
            f"accepted, {self.seconds:.1f} s"
        ]
        if self.refused:
            lines.append(f"  {self.refused:,} rule draws refused by Game.new: {self.first_refusal}")
        for kind, failure in self.first.items():
            lines.append(f"  {self.counts[kind]:,} × {kind}; first: {failure.reproducer()}")
        return "\n".join(lines)


# -- one game, every move checked --------------------------------------------------------------
class _Checker:
    """Runs the checks of one game and records each failure against the move number."""

    def __init__(self, call: str, tally: Tally) -> None:
        self.call, self.tally = call, tally
        self.move = 0

    def fail(self, kind: str, message: str) -> None:
        self.tally.add(Failure(kind, message, self.call, self.move))

    def check(self, kind: str, test: Callable[..., Any], *args: Any) -> bool:
        """Run ``test(*args)``: an AssertionError or any exception is a failure of ``kind``."""
        try:
            test(*args)
        except AssertionError as exc:
            self.fail(kind, str(exc) or "assertion failed")
            return False
        except Exception as exc:
            self.fail(kind, f"{type(exc).__name__}: {exc}")
            return False
        return True


def check_position(game: Any, ad: ModuleType, over: bool) -> None:
    """Cards, scores, the game's own invariants and the moves on offer (any AssertionError)."""
    assert Counter(game.all_cards()) == Counter(ad.full_deck(game)), "a card lost or duplicated"
    recomputed = [board.score().total for board in game.boards]
    assert [board.total for board in game.boards] == recomputed, (
        f"incremental totals {[board.total for board in game.boards]} != scores {recomputed}"
    )
    assert game.scores() == recomputed, f"scores() {game.scores()} != {recomputed}"
    for board in game.boards:
        score = board.score()
        assert score.total == sum(score.parts.values()), f"{score.total} != sum of {score.parts}"
    ad.check_invariants(game)
    moves = game.legal_moves()
    if over:
        assert moves == [], f"legal_moves() after the end: {moves[:3]}"
        winners = game.winners()
        assert winners and set(winners) <= set(range(game.players)), f"winners() = {winners}"
    else:
        assert moves, "legal_moves() is empty before the end"


def state(game: Any) -> tuple[str, dict[str, Any]]:
    """The game's save and everything it shows (``snapshot()``): two games in the same
    state agree on both; a save alone logs the moves, not where the cards went."""
    return game.to_json(), game.snapshot()


def check_round_trip(game: Any) -> None:
    saved = game.to_json()
    assert state(type(game).from_json(saved)) == state(game), "from_json(to_json()) differs"


def soak_game(
    name: str,
    players: int,
    seed: int,
    rules: dict[str, Any] | None = None,
    tally: Tally | None = None,
) -> Tally:
    """Play one random game of ``name`` checking every move; failures go into the tally."""
    tally = Tally(name) if tally is None else tally
    rules = {} if rules is None else rules
    ad = adapter(name)
    call = f"tests.soak.soak_game({name!r}, players={players}, seed={seed}, rules={rules!r})"
    run = _Checker(call, tally)
    start = time.perf_counter()
    try:
        with time_limit(GAME_SECONDS):
            try:
                game = ad.module.Game.new(
                    players=players, seed=seed, rules=ad.module.Rules(**rules)
                )
            except ValueError as exc:  # Game.new refused these rules for this many players
                tally.refused += 1
                tally.first_refusal = tally.first_refusal or f"{call}: {exc}"
            else:
                tally.games += 1
                _play_checked(game, ad, run, np.random.default_rng(seed))
    except Slow as exc:
        run.fail("slow game", str(exc))
    except Exception as exc:
        run.fail("new game", f"{type(exc).__name__}: {exc}")
    tally.seconds += time.perf_counter() - start
    return tally


def _play_checked(game: Any, ad: ModuleType, run: _Checker, rng: np.random.Generator) -> None:
    now = state(game)  # each position's state is taken once: after its move, before the next
    while True:
        over = game.is_over
        run.check("position", check_position, game, ad, over)
        if not run.check("illegal move", try_illegal, game, now, ad, rng, run):
            return
        if over:
            run.check("save round trip", check_round_trip, game)
            return
        moves = game.legal_moves()
        if not moves:  # a failure of "position" already
            return
        played = _play_twins(game, now, moves[int(rng.integers(len(moves)))], run)
        if played is None:
            return
        game, now = played
        run.move += 1
        run.tally.moves += 1


def try_illegal(
    game: Any,
    before: tuple[str, dict[str, Any]],
    ad: ModuleType,
    rng: np.random.Generator,
    run: _Checker,
) -> None:
    """Each crafted move not in ``legal_moves()`` must raise IllegalMove with a rule id and
    change nothing; an accepted one is counted (ACCEPTED) and taken back. ``before`` is the
    game's ``state``: after each refusal the save must be unchanged, and after them all the
    whole state (a refusal that moved a card leaves the state changed at the end)."""
    legal = game.legal_moves()
    tries = ad.candidate_moves(game, rng)
    if game.is_over and game.history:  # the last move again, after the end
        last = game.history[-1]
        tries.append(last[1] if isinstance(last, tuple) else last)
    refused = []
    for move in tries:
        if move in legal:
            continue
        try:
            game.play(move)
        except IllegalMove as exc:
            assert exc.rule in ad.module.FACTS.rules, f"{move!r} refused citing {exc.rule!r}"
            assert str(exc), f"{move!r} refused without a reason"
            assert game.to_json() == before[0], f"refusing {move!r} changed the game's save"
            refused.append(move)
            continue
        run.fail(ACCEPTED, f"{move!r} is not in legal_moves() but play() accepted it")
        game.undo()
        assert state(game) == before, f"undo after the accepted {move!r} did not restore"
    assert state(game) == before, f"refusing one of {refused!r} changed the game"


def _play_twins(
    game: Any, before: tuple[str, dict[str, Any]], move: Any, run: _Checker
) -> tuple[Any, tuple[str, dict[str, Any]]] | None:
    """Play ``move`` on the game (whose ``state`` is ``before``) and on its copy, undo and
    load twins; the game and its new state, or None. Each twin must match the game in its
    save and in everything it shows."""
    twin = game.copy()
    try:
        game.play(move)
    except Exception as exc:
        run.fail("legal move refused", f"{move!r}: {type(exc).__name__}: {exc}")
        return None
    after = state(game)

    def copy_twin() -> None:
        assert state(twin) == before, "playing on the game changed its copy"
        twin.play(move)
        assert state(game) == after, "playing on the copy changed the game"
        assert state(twin) == after, "the copy plays on differently"

    def undo_twin() -> None:
        game.undo()
        assert state(game) == before, f"undo of {move!r} did not restore the game exactly"
        game.play(move)
        assert state(game) == after, f"{move!r} replayed after undo plays differently"

    def load_twin() -> None:
        loaded = type(game).from_json(before[0])
        assert state(loaded) == before, "from_json(to_json()) is not the same game"
        loaded.play(move)
        assert state(loaded) == after, "a loaded game plays on differently"

    run.check("copy twin", copy_twin)
    undone = run.check("undo twin", undo_twin)
    run.check("save twin", load_twin)
    if not undone:  # play on from the save, not from a game the failed undo left
        game = type(game).from_json(after[0])
        after = state(game)
    return game, after


# -- many games ------------------------------------------------------------------------------
DRAWS_PER_GAME = 10  # rule draws tried per game played, so a run always ends


def soak(
    name: str,
    games: int,
    seed: int = 0,
    seconds: float | None = None,
    tally: Tally | None = None,
) -> Tally:
    """``games`` checked games of ``name``, player counts in turn, random rules each.

    Draw ``i`` uses seed ``seed + i`` for its rules and its game. A draw that ``Game.new``
    refuses (e.g. too small a box for the players) is counted apart and the next draw is played
    instead, at most ``DRAWS_PER_GAME`` draws a game. With ``seconds``, no new game starts once
    that much time has passed.
    """
    tally = Tally(name) if tally is None else tally
    counts = adapter(name).PLAYER_COUNTS
    start = time.perf_counter()
    wanted = tally.games + games
    for i in range(DRAWS_PER_GAME * games):
        if tally.games >= wanted:
            break
        if seconds is not None and time.perf_counter() - start > seconds:
            break
        game_seed = seed + i
        try:
            rules = random_rules(name, np.random.default_rng([game_seed, 1]))
        except Exception as exc:  # Rules refused declared values with something else
            call = f"tests.soak.random_rules({name!r}, np.random.default_rng([{game_seed}, 1]))"
            tally.add(Failure("rule draw", f"{type(exc).__name__}: {exc}", call, 0))
            continue
        soak_game(name, counts[i % len(counts)], game_seed, rules, tally)
    return tally


# -- saves under random rules ------------------------------------------------------------------
def random_save(name: str, seed: int) -> Any:
    """A game of ``name`` under random rules, partly played at random.

    Players come from the game's whole declared range (``FACTS``); besides legal moves it
    plays crafted moves that ``play`` accepts, so the save holds whatever the engine allows.
    """
    ad = adapter(name)
    module = ad.module
    rng = np.random.default_rng([seed, 2])
    choices = [module.FACTS.min_players, module.FACTS.max_players, *ad.PLAYER_COUNTS]
    while True:  # rules that Game.new accepts for this many players (e.g. a big enough box)
        rules = random_rules(name, rng)
        players = choices[int(rng.integers(len(choices)))]
        try:
            game = module.Game.new(players=players, seed=seed, rules=module.Rules(**rules))
        except ValueError:
            continue
        break
    for _ in range(int(rng.integers(0, 40))):
        if game.is_over:
            break
        tries = [*ad.candidate_moves(game, rng)]
        move = tries[int(rng.integers(len(tries)))] if tries and rng.integers(2) else None
        if move is not None:
            try:
                game.play(move)
                continue
            except IllegalMove:
                pass
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    return game


def soak_saves(name: str, saves: int, seed: int = 0, tally: Tally | None = None) -> Tally:
    """``saves`` random saves of ``name`` (``random_save``), each loaded back exactly."""
    tally = Tally(name) if tally is None else tally
    for i in range(seed, seed + saves):
        start = time.perf_counter()
        run = _Checker(f"tests.soak.random_save({name!r}, seed={i})", tally)
        try:
            with time_limit(GAME_SECONDS):
                game = random_save(name, i)
                tally.games += 1
                run.move = len(game.history)
                tally.moves += run.move
                run.check("save round trip", check_round_trip, game)
        except Slow as exc:
            run.fail("slow save", str(exc))
        except Exception as exc:
            run.fail("random save", f"{type(exc).__name__}: {exc}")
        tally.seconds += time.perf_counter() - start
    return tally
