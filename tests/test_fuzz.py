"""Fuzzing every entry that takes outside data (issue 14): saves, card texts, rule switches,
the stacked trees deal codes, and the arguments of ``Game.new`` and ``simulate`` (the
classroom result codes are fuzzed the same way in ``tests/test_classroom.py``).

Each input runs in a forked child with a memory cap (``bounded``): it must return or raise
ValueError/TypeError within ``LIMIT`` seconds; a hang, a slower input, a MemoryError or any
other exception is a failure. A function that accepts an input must also give a working
result (a loaded save round trips, accepted rules play).
"""

from __future__ import annotations

import json
import operator
import os
import pickle
import signal
import time
from collections.abc import Callable
from dataclasses import fields
from functools import partial
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from orchard_lab import core, stacked_trees
from orchard_lab.stacked_trees.codes import CODE_SYMBOLS
from tests import fork_server, soak

LIMIT = 1.0  # CPU seconds one input may take (CPU time: the machine may be busy)
HANG = 10 * LIMIT  # wall seconds after which a child that has not answered is killed
MEMORY = 512 * 2**20  # bytes of address space a child may add to what the parent holds
ALLOWED = (ValueError, TypeError)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate),  # no shrinking: a hang would be re-run many times
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def module(name: str):
    return soak.adapter(name).module


# -- running one input with a time and memory bound -------------------------------------------
def nothing(result: Any) -> None:
    """The default ``then``: any result will do."""


def bounded(
    call: Callable[[], Any],
    then: Callable[[Any], Any] = nothing,
    allowed: tuple[type[BaseException], ...] = ALLOWED,
    hang: float = HANG,
) -> None:
    """Run ``call()`` in a forked child: fail unless it ends within LIMIT CPU seconds, returning
    or raising one of ``allowed``; what it returns must pass ``then(result)`` (where every
    exception is a failure). A child that answers nothing within ``hang`` seconds is killed.

    The child is forked by the small fork server of this process (``tests/fork_server.py``) if
    ``call`` and ``then`` pickle (module-level functions, ``functools.partial``), else (a lambda)
    from this process, which costs more the more this process holds."""
    try:
        request = pickle.dumps((call, then, allowed, MEMORY, hang))
    except (pickle.PicklingError, AttributeError, TypeError):
        data = fork_server.fork_and_wait(call, then, allowed, MEMORY, hang)
    else:
        data = fork_server.SERVER.run(request, hang)
    if data is None:
        raise AssertionError(f"hang: no answer within {hang:g} s")
    assert data, "the child died without an answer"
    outcome, detail, seconds = pickle.loads(data)
    wanted = "/".join(error.__name__ for error in allowed)
    assert outcome != "raised", f"not {wanted}, or a wrong result:\n{detail}"
    assert seconds <= LIMIT, f"took {seconds:.2f} s (> {LIMIT:g} s); {outcome} {detail}"


def refuse(result: Any) -> None:
    """``then`` of a call that must be refused."""
    raise AssertionError(f"accepted, giving {result!r}")


def round_trips(game: Any) -> None:
    saved = game.to_json()
    assert type(game).from_json(saved).to_json() == saved, "the save does not load back"


def spin(seconds: float) -> None:
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass


def unparsable(result: Any) -> None:
    int("x")


def kill_the_parent(server: int) -> None:
    """Kill the fork server that forked this child (and only it)."""
    assert os.getppid() == server, "not a child of the fork server"
    os.kill(server, signal.SIGKILL)
    time.sleep(60)


def test_bounded_fails_a_hang_a_slow_input_and_a_wrong_error() -> None:
    with pytest.raises(AssertionError, match="hang"):
        bounded(partial(spin, 60), hang=0.5)  # the watchdog, on a short leash
    with pytest.raises(AssertionError, match="took"):  # CPU time, however busy the machine:
        bounded(partial(spin, LIMIT + 0.2), hang=120)  # the watchdog waits long enough
    cases: list[tuple[Callable[[], Any], str]] = [
        (partial(operator.getitem, {}, "x"), "KeyError"),
        (partial(bytearray, 2 * MEMORY), "MemoryError"),
        (lambda: bytearray(2 * MEMORY), "MemoryError"),  # a lambda: forked from this process
    ]
    for call, message in cases:
        with pytest.raises(AssertionError) as info:
            bounded(call)
        assert message in str(info.value)
    with pytest.raises(AssertionError, match="wrong result"):
        bounded(partial(int, "1"), unparsable)  # a ValueError in then() is a failure
    bounded(partial(int, "x"))  # a ValueError of the call is allowed
    with pytest.raises(AssertionError, match="hang"):  # the same from this process
        bounded(lambda: spin(60), hang=0.5)


def test_bounded_fails_at_once_when_the_fork_server_dies() -> None:
    server = fork_server.SERVER.start()
    with pytest.raises(AssertionError, match="the fork server died"):
        bounded(partial(kill_the_parent, server))
    bounded(partial(int, "1"))  # a new server
    assert fork_server.SERVER.start() != server


# -- junk values ---------------------------------------------------------------------------------
HUGE = st.integers(10**6, 10**30) | st.integers(-(10**30), -(10**6))
LONG = st.integers(0, 10**6).map(lambda n: list(range(1, n + 1)))  # e.g. a 10**6-step ladder
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 100),
    HUGE,
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(-1, 12), max_size=5),
    LONG,
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


# -- saves -------------------------------------------------------------------------------------
def check_load(name: str, text: str) -> None:
    """A save loads and round trips, or ValueError."""
    bounded(partial(module(name).Game.from_json, text), round_trips, allowed=(ValueError,))


@pytest.mark.parametrize("name", soak.GAMES)
@FUZZ
@given(text=st.text(max_size=300) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_from_json_refuses_arbitrary_text(name: str, text: str) -> None:
    check_load(name, text)


def mutate(value: Any, data: st.DataObject) -> Any:
    """Replace one randomly chosen leaf or sub-tree of a JSON value: junk, or the value scaled."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        return {**value, key: mutate(value[key], data)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], mutate(value[i], data), *value[i + 1 :]]
    if isinstance(value, list) and value and data.draw(st.booleans()):
        return value * data.draw(st.integers(2, 2000))  # more of the same: legal-looking, big
    return data.draw(JUNK)


@pytest.mark.parametrize("name", soak.GAMES)
@FUZZ
@given(data=st.data())
def test_from_json_refuses_mutated_saves(name: str, data: st.DataObject) -> None:
    """A real save (random rules, players, moves) with 1-3 mutations, and maybe its text
    spliced: it loads and round trips, or ValueError."""
    saved = soak.random_save(name, data.draw(st.integers(0, 10**6), label="save seed")).to_json()
    value = json.loads(saved)
    for _ in range(data.draw(st.integers(1, 3))):
        value = mutate(value, data)
    text = json.dumps(value)
    if data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 20)))
        text = text[:i] + data.draw(st.text(max_size=4)) + text[j:]
    check_load(name, text)


# -- card texts ----------------------------------------------------------------------------------
def card_reads_back(name: str, text: Any, card: Any) -> None:
    assert isinstance(text, str), f"{text!r} is not text"
    shown = "".join(ch for ch in text if not ch.isspace())
    assert shown.isascii(), f"{text!r} is accepted although it is not ASCII"
    assert module(name).Card.from_text(str(card)) == card


def check_card_text(name: str, text: Any) -> None:
    """Refused with ValueError/TypeError, or ASCII apart from whitespace and read back by str."""
    bounded(partial(module(name).Card.from_text, text), partial(card_reads_back, name, text))


def card_texts(name: str) -> st.SearchStrategy[Any]:
    """Arbitrary text and values, and real card texts with a character replaced or inserted
    (any character) or an ASCII digit swapped for another script's digit."""
    real = st.sampled_from([str(card) for card in module(name).default_deck()])
    char = st.characters() | st.sampled_from(" /\t\n")
    digit = st.characters(categories=["Nd"], exclude_characters="0123456789")

    def edit(text: str, i: int, ch: str, replace: bool) -> str:
        i %= len(text) + 1
        return text[:i] + ch + text[i + replace :]

    def swap_digit(text: str, ch: str) -> str:
        return "".join(ch if c.isascii() and c.isdigit() else c for c in text)

    mutated = st.builds(edit, real, st.integers(0, 40), char, st.booleans())
    return st.text(max_size=20) | mutated | st.builds(swap_digit, real, digit) | JUNK


@pytest.mark.parametrize("name", soak.GAMES)
@FUZZ
@given(data=st.data())
def test_card_from_text_refuses_what_is_not_a_card(name: str, data: st.DataObject) -> None:
    check_card_text(name, data.draw(card_texts(name), label="text"))


# -- rule switches -------------------------------------------------------------------------------
def rules_work(name: str, rules: Any) -> None:
    rules_type = module(name).Rules
    for f in fields(rules_type):
        value = getattr(rules, f.name)
        if isinstance(f.default, bool):
            assert isinstance(value, bool), f"{f.name}={value!r} accepted for a bool switch"
        elif isinstance(f.default, int):
            assert type(value) is int, f"{f.name}={value!r} accepted for an int switch"
    for each in core.switches(rules_type):
        each.check(getattr(rules, each.name))
    try:
        game = module(name).Game.new(players=module(name).FACTS.min_players, rules=rules)
    except ValueError:
        return
    if not game.is_over:
        game.play(game.legal_moves()[0])
    round_trips(game)


def check_rules(name: str, kwargs: dict[str, Any]) -> None:
    """Refused with ValueError/TypeError, or the switches keep their types and declared limits
    and a game under them (unless ``Game.new`` refuses them with ValueError) plays and saves."""
    bounded(partial(module(name).Rules, **kwargs), partial(rules_work, name))


def rule_kwargs(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Some of the switches (and now and then an unknown one) set to declared or junk values."""
    rules_type = module(name).Rules
    declared = {each.name: each for each in core.switches(rules_type)}
    names = [f.name for f in fields(rules_type)]

    def value(field_name: str) -> st.SearchStrategy[Any]:
        junk = JUNK | LONG.map(tuple)
        if field_name in declared:
            return st.sampled_from(soak.switch_values(declared[field_name])) | junk
        return junk

    known = st.fixed_dictionaries({}, optional={n: value(n) for n in names})
    unknown = st.dictionaries(st.sampled_from(["colour", "players", "rotten", ""]), JUNK)
    return st.builds(lambda a, b: {**b, **a}, known, unknown | st.just({}))


@pytest.mark.parametrize("name", soak.GAMES)
@FUZZ
@given(data=st.data())
def test_rules_take_only_what_they_declare(name: str, data: st.DataObject) -> None:
    check_rules(name, data.draw(rule_kwargs(name), label="kwargs"))


# -- deal codes (typed by pupils) ------------------------------------------------------------------
def check_deal(game: Any) -> None:
    """An accepted code deals a game that plays and saves."""
    if not game.is_over:
        game.play(game.legal_moves()[0])
    round_trips(game)


@FUZZ
@given(
    text=st.text(max_size=60)
    | st.text(alphabet="ST-" + CODE_SYMBOLS + " ", max_size=30)
    | st.integers(0, 10**40).map(lambda n: f"ST-{n:X}")
)
@example(text="st 47qs 4z79")  # a real code: its game must play and save
def test_deal_codes_are_read_or_refused_quickly(text: str) -> None:
    bounded(partial(stacked_trees.read_code, text), allowed=(ValueError,))
    bounded(partial(stacked_trees.Game.from_code, text), check_deal, allowed=(ValueError,))


@FUZZ
@given(value=st.one_of(st.none(), st.integers(), st.binary(), st.lists(st.text())))
def test_deal_codes_that_are_not_text_are_a_type_error(value: object) -> None:
    bounded(partial(stacked_trees.read_code, value), refuse, allowed=(TypeError,))  # type: ignore[arg-type]


# -- Game.new and simulate with huge or wrong values ---------------------------------------------
def check_new(name: str, **kwargs: Any) -> None:
    """``Game.new(**kwargs)`` refuses with ValueError/TypeError, or its game saves and loads."""
    bounded(partial(module(name).Game.new, **kwargs), round_trips)


def players_values(name: str) -> st.SearchStrategy[Any]:
    facts = module(name).FACTS
    wrong = st.sampled_from([None, "2", 2.0, True, [2], np.float64(2)])
    return st.integers(facts.min_players - 2, facts.max_players + 2) | HUGE | wrong


def rules_values(name: str) -> st.SearchStrategy[Any]:
    other = "water_drops" if name != "water_drops" else "apple_batches"
    return st.sampled_from([None, module(name).Rules(), "x", 3, {}, module(other).Rules()])


@pytest.mark.parametrize("name", soak.GAMES)
@FUZZ
@given(data=st.data())
def test_game_new_refuses_huge_or_wrong_values(name: str, data: st.DataObject) -> None:
    players = data.draw(players_values(name), label="players")
    seed = data.draw(
        st.integers(0, 2**64) | HUGE | st.sampled_from([None, -1, "x", 1.5, True]), label="seed"
    )
    check_new(name, players=players, seed=seed, rules=data.draw(rules_values(name), label="rules"))


def first_move(game: Any) -> Any:
    return game.legal_moves()[0]


def simulate(name: str, **kwargs: Any) -> Any:
    """The game's ``simulate`` (made by a factory, so it does not pickle by itself)."""
    return module(name).simulate(**kwargs)


def has_shape(shape: tuple[Any, Any], table: np.ndarray) -> None:
    assert table.shape == shape, f"simulate gave shape {table.shape}, not {shape}"


def check_simulate(name: str, **kwargs: Any) -> None:
    """``simulate(**kwargs)`` refuses with ValueError/TypeError, or gives (games, players)."""
    shape = (kwargs.get("games", 1000), kwargs.get("players", 1))
    bounded(partial(simulate, name, seed=1, **kwargs), partial(has_shape, shape))


@pytest.mark.parametrize("name", soak.GAMES)
@pytest.mark.parametrize("policy", ["random", "greedy", first_move])
def test_simulate_with_working_values_gives_its_table_within_the_bound(name: str, policy) -> None:
    """The accepting side of the fuzz below, whose draws seldom all work together: a few
    games by a working policy give the table of (games, players) within the bound."""
    check_simulate(name, games=2, players=2, policy=policy, rules=None)


@pytest.mark.parametrize("name", soak.GAMES)
@FUZZ
@given(data=st.data())
def test_simulate_refuses_huge_or_wrong_values(name: str, data: st.DataObject) -> None:
    """Few games with a working policy finish within the bound; many games (10**9 and more)
    or a wrong policy (with 10**8 games and more) are refused at once."""
    policy = data.draw(
        st.sampled_from(["random", "greedy", first_move, "lookahead", "nope", "", None, 3]),
        label="policy",
    )
    works = policy in ("random", "greedy", first_move)
    many = st.integers(10**9 if works or policy == "lookahead" else 10**8, 10**18)
    wrong = st.sampled_from([None, "3", 2.5, True, -1, -(10**9)])
    games = data.draw((st.integers(0, 2) if works else st.nothing()) | many | wrong, label="games")
    players = data.draw(players_values(name), label="players")
    rules = data.draw(rules_values(name), label="rules")
    check_simulate(name, games=games, players=players, policy=policy, rules=rules)


# -- the inputs issue 14 names, always tried ------------------------------------------------------
def ladder_save(steps: int) -> str:
    """A stacked trees save whose ladder has ``steps`` steps."""
    value = json.loads(module("stacked_trees").Game.new(seed=0).to_json())
    value["rules"]["ladder"] = list(range(1, steps + 1))
    return json.dumps(value)


def deal(order_texts: list[str] | None = None, repeat: int = 1) -> Any:
    """A stacked trees ``Game.deal`` over the given cards (default: the deck) ``repeat`` times."""
    st_ = module("stacked_trees")
    if order_texts is None:
        return st_.Game.deal(st_.default_deck() * repeat)
    return st_.Game.deal([st_.Card.from_text(text) for text in order_texts] * repeat)


def placed_without_tokens(rotten: Any) -> Any:
    """ST-5: a pear card on an apple card with ``rotten`` given as the token switch."""
    st_ = module("stacked_trees")
    board = st_.Board(st_.Card.from_text("AAA/AAA"))
    board.place(st_.Card.from_text("PPP/PPP"), (0, 0), 0, rotten=rotten)
    return board


def played_without_tokens(rotten: Any) -> Any:
    st_ = module("stacked_trees")
    game = deal(["AAA/AAA", *["PPP/PPP"] * 8])
    game.play(st_.Move(st_.Card.from_text("PPP/PPP"), (0, 0), 0, rotten))
    return game


def legal_moves_complete(game: Any) -> None:
    """Every placement ``play`` accepts near the orchard is in ``legal_moves()`` (stacked trees)."""
    st_ = module("stacked_trees")
    legal = game.legal_moves()
    rmin, rmax, cmin, cmax = game.boards[game.current_player].bounds()
    for card in set(game.hand):
        for rotation in (0, 90, 180, 270):
            for row in range(rmin - 3, rmax + 2):
                for col in range(cmin - 3, cmax + 2):
                    for rotten in (False, True):
                        move = st_.Move(card, (row, col), rotation, rotten)
                        try:
                            game.copy().play(move)
                        except ValueError:
                            continue
                        assert move in legal, f"play() accepts {move} but legal_moves() lacks it"


def popped_out_of_order() -> Any:
    """Apple batches: take-backs after a card of the special tree's colour grew (once ``pop``
    of the special batch first left ``total`` at -19 while ``score()`` said 1); ``undo``
    takes back the last card placed, so each step must keep the total exact."""
    ab = module("apple_batches")
    board = ab.Board()
    board.place(ab.Card("red", 3, 3), "special")
    board.place(ab.Card("red", 1, 1), "monochrome")
    board.undo()
    assert board.total == board.score().total == 20
    board.undo()
    return board


def same_total(board: Any) -> None:
    assert board.total == board.score().total, f"total {board.total} != {board.score().total}"


def max_players_plus(name: str, more: int) -> int:
    return module(name).FACTS.max_players + more


ISSUE_14 = {
    "ab card text with an Arabic-Indic digit": lambda: check_card_text(
        "apple_batches", "red h\u0663 s2"
    ),
    "ab card text with a fullwidth digit": lambda: check_card_text(
        "apple_batches", "gold h5 s\uff15"
    ),
    "st ladder of 10**6 steps, a game played": lambda: check_rules(
        "stacked_trees", {"ladder": tuple(range(1, 10**6))}
    ),
    "st ladder of 20,000 steps, a game played": lambda: check_rules(
        "stacked_trees", {"ladder": tuple(range(1, 20_001))}
    ),
    "st save with a 10**6-step ladder": lambda: check_load("stacked_trees", ladder_save(10**6)),
    "st deal of 10,800 cards saves and loads": lambda: bounded(
        partial(deal, repeat=600), round_trips
    ),
    "st deal holding a turned card saves and loads": lambda: bounded(
        partial(deal, ["LA/AP/PL", "APL/LAP", *["AAA/PPP"] * 7]), round_trips
    ),
    "st rotten=None on a board is a TypeError": lambda: bounded(
        partial(placed_without_tokens, None), refuse, allowed=(TypeError,)
    ),
    "st rotten=None in a game is a TypeError": lambda: bounded(
        partial(played_without_tokens, None), refuse, allowed=(TypeError,)
    ),
    "st rotten_tokens=6: legal_moves has every placement": lambda: bounded(
        partial(
            module("stacked_trees").Game.new,
            seed=0,
            rules=module("stacked_trees").Rules(rotten_tokens=6),
        ),
        legal_moves_complete,
    ),
    "st Game.new(players=10**9)": lambda: check_new("stacked_trees", players=10**9),
    "st simulate(players=10**7)": lambda: check_simulate("stacked_trees", games=1, players=10**7),
    "ab undo after the special tree": lambda: bounded(popped_out_of_order, same_total),
}
for _name in soak.GAMES:
    ISSUE_14 |= {
        f"{_name} Game.new(players=max)": partial(
            check_new, _name, players=max_players_plus(_name, 0)
        ),
        f"{_name} Game.new(players=max + 1)": partial(
            check_new, _name, players=max_players_plus(_name, 1)
        ),
        f"{_name} Game.new(rules='x') is a TypeError": partial(
            bounded, partial(module(_name).Game.new, rules="x"), refuse, (TypeError,)
        ),
        f"{_name} simulate(rules='x') is a TypeError": partial(
            bounded, partial(simulate, _name, games=1, rules="x"), refuse, (TypeError,)
        ),
        f"{_name} simulate(games=0)": partial(check_simulate, _name, games=0, players=2),
        f"{_name} simulate(games=10**8, policy='nope')": partial(
            check_simulate, _name, games=10**8, policy="nope"
        ),
        f"{_name} simulate(games=10**9)": partial(check_simulate, _name, games=10**9),
    }


@pytest.mark.parametrize("case", list(ISSUE_14))
def test_issue_14_inputs(case: str) -> None:
    ISSUE_14[case]()
