"""The shared core of the three games: illegal moves, explained scores, seeds, saved games.

>>> from orchard_lab.core import Score
>>> s = Score({"monochrome": 6, "bad": -1}, {"monochrome": "3 red apples → T(3) = 6"})
>>> s.total
5
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, TypeVar, overload

import numpy as np

from orchard_lab.glossary import GAME_NAMES, rules_of
from orchard_lab.language import _, _n

__all__ = [
    "MAX_ROLLOUTS",
    "GameFacts",
    "Hint",
    "IllegalMove",
    "RuleSet",
    "Score",
    "Switch",
    "board_snapshot",
    "check_bool",
    "check_int",
    "check_path",
    "check_switches",
    "check_type",
    "count",
    "describe_rules",
    "dump_save",
    "game_snapshot",
    "illegal",
    "load_save",
    "make_rng",
    "move_row",
    "plain_value",
    "points",
    "read_move_row",
    "require",
    "require_int",
    "rules_from_dict",
    "rules_to_dict",
    "switch",
    "switches",
]

MAX_ROLLOUTS = 1_000  # every game's bound on the rollouts of one lookahead or planner choice

R = TypeVar("R", bound="RuleSet")
M = TypeVar("M")
T = TypeVar("T")
U = TypeVar("U")


def count(n: int, one: str, many: str) -> str:
    """``n`` things in words, singular for 1 and -1: the one plural rule of every sentence.

    >>> count(1, "die", "dice"), count(3, "die", "dice"), count(0, "apple", "apples")
    ('1 die', '3 dice', '0 apples')
    """
    return f"{n} {one}" if abs(n) == 1 else f"{n} {many}"


def points(n: int, signed: bool = False) -> str:
    """'1 point', '-1 point', '3 points'; ``signed`` writes the sign of a gain ('+0 points').

    >>> points(1), points(-1), points(0), points(2, signed=True)
    ('1 point', '-1 point', '0 points', '+2 points')
    """
    shown = f"{n:+d}" if signed else str(n)
    return f"{shown} point" if abs(n) == 1 else f"{shown} points"


class IllegalMove(ValueError):
    """A move the rules forbid. ``rule`` is its id in docs/rules.md, ``str(e)`` says why.

    >>> e = IllegalMove("AB-4", "Steady height batch (AB-4): a height-5 apple is not near 3.")
    >>> e.rule, isinstance(e, ValueError)
    ('AB-4', True)
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Score:
    """A total made of named parts, each with a sentence that explains it.

    >>> Score({"a": 3, "b": 0}, {"a": "three apples"}).explain()
    'a: three apples → 3 points\\nb: 0 points'
    """

    parts: Mapping[str, int]
    notes: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", MappingProxyType(dict(self.parts)))
        object.__setattr__(self, "notes", MappingProxyType(dict(self.notes)))

    @property
    def total(self) -> int:
        return sum(self.parts.values())

    def explain(self) -> str:
        """One line per part, naming it by its id (what ``parts`` is indexed by), then
        nothing else; in the session's language but the ids.

        >>> from orchard_lab.language import speaking
        >>> with speaking("fr"):
        ...     print(Score({"a": 3, "b": 1}, {"a": "trois pommes"}))
        a : trois pommes → 3 points
        b : 1 point
        total : 4
        """
        lines = []
        for name, value in self.parts.items():
            note = self.notes.get(name)
            said = _n("{points} point", "{points} points", abs(value)).format(points=value)
            if note:
                # Translators: {part} is a part of a score by its id in the code ("banana",
                # "sweet_couple"), {note} why it scores, {points} "3 points"
                line = _("{part}: {note} → {points}").format(part=name, note=note, points=said)
            else:
                line = _("{part}: {points}").format(part=name, points=said)
            lines.append(line)
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join([self.explain(), _("total: {total}").format(total=self.total)])


def make_rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    """A ``numpy.random.Generator`` from a seed; the same seed gives the same stream everywhere.

    >>> int(make_rng(7).integers(100)) == int(make_rng(7).integers(100))
    True
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | np.integer)):
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    if seed is not None and seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    return np.random.default_rng(seed)


def require(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition``: the validator of saved games."""
    if not condition:
        raise ValueError(message)


def require_int(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int within [low, high], else ``ValueError`` naming ``name``.

    >>> require_int(3, "players", 1, 6)
    3
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bounds}, got {value}")
    return int(value)


def dump_save(game: str, version: int, payload: Mapping[str, Any]) -> str:
    """Plain JSON of a saved game, stamped with the game's name and the format version."""
    return json.dumps({"game": game, "format": version, **payload}, sort_keys=True)


def load_save(text: str, game: str, version: int) -> dict[str, Any]:
    """Parse a saved game, checking that it is JSON, an object, this game and this format.

    >>> load_save('{"game": "x", "format": 1, "seed": 3}', "x", 1)["seed"]
    3
    """
    if not isinstance(text, str | bytes | bytearray):
        raise ValueError(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"a saved game must be JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a JSON object")
    require(
        data.get("game") == game, f"this is not a saved {game} game (game={data.get('game')!r})"
    )
    require(
        data.get("format") == version,
        f"unknown save format {data.get('format')!r}; this version reads format {version}",
    )
    return data


# -- errors ------------------------------------------------------------------------------
def illegal(rule: str, name: str, reason: str) -> IllegalMove:
    """The one sentence shape of a refused move: "Name (ID): reason in plain words." (in the
    session's language: ``name`` and ``reason`` come translated, the rule id stays).

    >>> str(illegal("ST-3", "Matching fruit", "a plum cannot lie on an apple."))
    'Matching fruit (ST-3): a plum cannot lie on an apple.'
    """
    return IllegalMove(
        rule, _("{name} ({rule}): {reason}").format(name=name, rule=rule, reason=reason)
    )


@overload
def check_type(value: Any, expected: type[T], name: str) -> T: ...
@overload
def check_type(value: Any, expected: tuple[type[T], type[U]], name: str) -> T | U: ...
def check_type(value: Any, expected: type[Any] | tuple[type[Any], ...], name: str) -> Any:
    """``value`` if it is an ``expected`` instance (or an instance of one of a tuple of types),
    else ``TypeError`` naming ``name``; typed as the type checked for.

    >>> check_type(3, int, "seed")
    3
    >>> check_type(2.5, (int, float), "time_limit")
    2.5
    """
    if not isinstance(value, expected) or (isinstance(value, bool) and expected is int):
        wanted = (
            " or ".join(t.__name__ for t in expected)
            if isinstance(expected, tuple)
            else expected.__name__
        )
        raise TypeError(f"{name} must be {wanted}, not {type(value).__name__}")
    return value


def check_path(value: Any, name: str) -> str | os.PathLike[str]:
    """An argument that must be a path (a str or an ``os.PathLike``), else TypeError.

    >>> check_path("rules.pdf", "out")
    'rules.pdf'
    """
    # os.PathLike is abstract: mypy refuses it as a type[T] (python/mypy#4717), although
    # check_type only asks isinstance, never makes one.
    return check_type(value, (str, os.PathLike), name)  # type: ignore[type-abstract]


def check_int(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """An argument that must be an int within [low, high]: TypeError or ValueError naming it.

    Unlike ``require_int`` (for saved data, always ValueError), a wrong type is a TypeError.

    >>> check_int(2, "players", 1, 6)
    2
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    return require_int(value, name, low, high)


def check_pair(at: Any, name: str = "at") -> tuple[int, int]:
    """A (row, col) pair of ints, as a tuple: TypeError or ValueError naming ``name``; the
    squares of water drops and the spots of stacked trees alike.

    >>> check_pair([0, -1])
    (0, -1)
    """
    if not isinstance(at, tuple | list):
        raise TypeError(f"{name} must be a (row, col) pair, not {type(at).__name__}")
    if len(at) != 2:
        raise ValueError(f"{name} must be a (row, col) pair, got {at!r}")
    row, col = at
    if (
        isinstance(row, bool)
        or isinstance(col, bool)
        or not isinstance(row, int | np.integer)
        or not isinstance(col, int | np.integer)
    ):
        raise TypeError(f"{name} must be a (row, col) pair of ints, got {at!r}")
    return (int(row), int(col))


def check_bool(value: Any, name: str) -> bool:
    """An argument that must be True or False (not merely truthy), else TypeError.

    >>> check_bool(False, "rotten")
    False
    """
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return bool(value)


# -- rule switches that describe themselves ----------------------------------------------------
@dataclass(frozen=True)
class Switch:
    """One rule switch as a learner sees it: a label, a line of help and its allowed values.

    ``kind`` is "bool", "int" (whole numbers from ``low`` to ``high``) or "choice" (one of
    ``options``, each a (label, value) pair). A "choice" switch with ``open=True`` accepts other
    values too (its Rules class checks them); its options are the ones a widget offers.
    ``fits(value, players)``, when given, says whether a value leaves a game of the standard
    deck playable by that many players; ``offered(players)`` keeps the options that do.
    """

    name: str
    label: str
    help: str
    default: Any
    kind: str
    options: tuple[tuple[str, Any], ...] = ()
    low: int | None = None
    high: int | None = None
    open: bool = False
    rule: str = ""
    fits: Callable[[Any, int], bool] | None = None

    def check(self, value: Any) -> Any:
        """``value`` checked against this switch: TypeError or ValueError naming it."""
        if self.kind == "bool":
            return check_bool(value, self.name)
        if self.kind == "int":
            return check_int(value, self.name, self.low, self.high)
        values = [v for _, v in self.options]
        if not self.open and value not in values:
            shown = ", ".join(repr(v) for v in values)
            raise ValueError(f"{self.name} must be one of {shown}, got {value!r}")
        return value

    def offered(self, players: int) -> tuple[tuple[str, Any], ...]:
        """The options a game of ``players`` players can be dealt with (all without ``fits``).

        >>> wide = Switch("box", "box", "", None, "choice", (("none", None), ("tiny", 1)),
        ...               fits=lambda value, players: value is None or players > 2)
        >>> wide.offered(2), len(wide.offered(3))
        ((('none', None),), 2)
        """
        if self.fits is None:
            return self.options
        return tuple((label, v) for label, v in self.options if self.fits(v, players))

    def describe(self, value: Any) -> str:
        """The value in words, as a widget or a legend shows it.

        >>> Switch("easy", "easy mode", "", False, "bool").describe(True)
        'easy mode: on'
        >>> Switch("ladder", "ladder", "", (1, 3), "choice", open=True).describe((1, 4, 9))
        'ladder: 1, 4, 9'
        """
        shown = next((label for label, v in self.options if v == value), None)
        if shown is not None:
            words = _(shown)
        elif isinstance(value, bool):
            words = _("on") if value else _("off")
        else:
            words = plain_value(value)
        return _("{switch}: {value}").format(switch=_(self.label), value=words)


class RuleSet(Protocol):
    """A game's ``Rules``: a frozen dataclass whose fields are its switches (``switch``),
    every one with a default (``Rules()`` is the standard rules)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __init__(self, **switches: Any) -> None: ...


def plain_value(value: Any) -> str:
    """A rule value in words: no brackets, quotes or underscores.

    >>> plain_value(True), plain_value(False), plain_value((1, 4, 9)), plain_value(None)
    ('on', 'off', '1, 4, 9', 'none')
    >>> plain_value("per_drop")
    'per drop'
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple | list):
        return ", ".join(plain_value(v) for v in value)
    if value is None:
        return "none"
    return str(value).replace("_", " ")


def switch(
    default: Any,
    *,
    label: str,
    help: str,
    rule: str = "",
    options: Sequence[tuple[str, Any]] = (),
    low: int | None = None,
    high: int | None = None,
    open: bool = False,
    fits: Callable[[Any, int], bool] | None = None,
) -> Any:
    """A ``Rules`` dataclass field carrying its ``Switch`` description (field metadata).

    The kind follows from the default and the arguments: a bool default is "bool", ``options``
    make a "choice", anything else is "int", which needs both ``low`` and ``high`` (a slider
    and a result code need them). ``fits`` is for a "choice" (see ``Switch``).
    """
    if isinstance(default, bool):
        kind = "bool"
    elif options:
        kind = "choice"
    else:
        kind = "int"
        if low is None or high is None:
            raise ValueError("a whole-number switch needs both low and high")
    info: dict[str, Any] = {"label": label, "help": help, "kind": kind, "options": tuple(options)}
    if fits is not None and not options:
        raise ValueError("fits is for a switch with options")
    info |= {"low": low, "high": high, "open": open, "rule": rule, "fits": fits}
    return field(default=default, metadata={"switch": info})


def switches(rules: RuleSet | type[RuleSet]) -> tuple[Switch, ...]:
    """Every switch of a ``Rules`` class (or instance), in declaration order.

    >>> from orchard_lab import apple_batches as ab
    >>> [s.name for s in switches(ab.Rules)][:2]
    ['easy', 'unlucky_may_bust']
    """
    found = []
    for f in fields(rules):
        info = f.metadata.get("switch")
        if info is not None:
            found.append(Switch(name=f.name, default=f.default, **info))
    return tuple(found)


def check_switches(rules: RuleSet) -> None:
    """Check every switch of a ``Rules`` instance (call it from ``__post_init__``)."""
    for each in switches(rules):
        each.check(getattr(rules, each.name))


def describe_rules(rules: RuleSet) -> str:
    """The switches that differ from the standard rules, in words; "standard rules" if none.

    >>> from orchard_lab import apple_batches as ab
    >>> describe_rules(ab.Rules()), describe_rules(ab.Rules(easy=True))
    ('standard rules', 'easy mode: on')
    """
    changed = [
        s.describe(getattr(rules, s.name))
        for s in switches(rules)
        if getattr(rules, s.name) != s.default
    ]
    return ", ".join(changed) or _("standard rules")


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """A Rules value as plain JSON data (tuples become lists)."""
    return {
        f.name: list(value) if isinstance(value, tuple) else value
        for f in fields(rules)
        for value in [getattr(rules, f.name)]
    }


def rules_from_dict(rules_type: type[R], data: Any) -> R:
    """``rules_to_dict`` read back; any problem is a ValueError (for saved games).

    >>> from orchard_lab import apple_batches as ab
    >>> rules_from_dict(ab.Rules, {"easy": True}) == ab.Rules(easy=True)
    True
    """
    require(isinstance(data, dict), f"rules must be a JSON object, got {data!r}")
    known = {f.name for f in fields(rules_type)}
    unknown = set(data) - known
    require(not unknown, f"unknown rule switches: {sorted(map(str, unknown))}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    try:
        return rules_type(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad rules: {exc}") from None


# -- what every game declares ------------------------------------------------------------------
@dataclass(frozen=True)
class GameFacts:
    """What a game declares about itself (each game's ``rules.FACTS``).

    ``min_score`` and ``max_score`` bound one player's final score under the standard
    rules; ``win_rule`` is the rule that says who wins (most points, then its tie-breaks).
    ``default_players`` is the table ``Game.new`` deals for when no count is given: the
    game as its rules describe it first (two for the drafting games, whose market is
    shared; one for stacked trees, a game of one orchard with ST-7 adding others).
    ``title`` (the game's one name) and ``rules`` (each rule id's name, "AB-4": "The
    batches") are the glossary's for a game it names, found by ``name`` and by the prefix of
    ``win_rule``'s id; another game gives its own.

    >>> FACTS = GameFacts("apple_batches", 1, 6, min_score=-30, max_score=144, win_rule="AB-7")
    >>> FACTS.title, FACTS.rules["AB-4"], len(FACTS.rules)
    ('apple batches', 'The batches', 7)
    """

    name: str
    min_players: int
    max_players: int
    min_score: int
    max_score: int
    win_rule: str
    default_players: int = 2
    title: str = ""
    rules: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.title:
            object.__setattr__(self, "title", GAME_NAMES[self.name])
        if not self.rules:
            object.__setattr__(self, "rules", rules_of(self.win_rule.split("-")[0]))

    def check_players(self, players: Any, name: str = "players") -> int:
        """``players`` within this game's range: TypeError or ValueError naming it."""
        return check_int(players, name, self.min_players, self.max_players)


# -- saved moves ---------------------------------------------------------------------------
def move_row(player: int, move: Any) -> dict[str, Any]:
    """One saved move: the player and the move's fields as JSON (cards as text).

    >>> from orchard_lab import water_drops as wd
    >>> move_row(1, wd.Move(wd.Card.from_text("BC/3M"), (0, 1)))
    {'player': 1, 'card': 'BC/3M', 'at': [0, 1], 'rotation': 0}
    """
    row: dict[str, Any] = {"player": player}
    for f in fields(move):
        value = getattr(move, f.name)
        if isinstance(value, tuple):
            value = list(value)
        elif not isinstance(value, bool | int | str):
            value = str(value)
        row[f.name] = value
    return row


def read_move_row(row: Any, number: int, move_type: type[M], card_type: Any) -> tuple[int, M]:
    """``move_row`` read back as (player, move); any problem is a ValueError naming the move."""
    names = [f.name for f in fields(move_type)]  # type: ignore[arg-type]  # a dataclass
    require(
        isinstance(row, dict) and set(row) <= {"player", *names} and "player" in row,
        f"move {number} must be an object with the fields player, {', '.join(names)}",
    )
    player = require_int(row["player"], f"move {number}'s player", 0)
    values = {}
    for name, value in row.items():
        if name == "player":
            continue
        if name == "card":
            require(isinstance(value, str), f"move {number}'s card must be a card text")
            value = card_type.from_text(value)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    try:
        return player, move_type(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"move {number} is not a move: {exc}") from None


# -- hints ---------------------------------------------------------------------------------
def game_snapshot(game: Any, **zones: Any) -> dict[str, Any]:
    """Everything a player of ``game`` can see, as plain values that compare with ``==``:
    who plays, whose turn, each board's ``snapshot()``, scores, winners and the moves on
    offer, plus the game's own ``zones`` (its market, hands, pile). Undo, copy and saves are
    checked against it: a game that differs in anything shown gives a different snapshot.
    """
    return {
        "players": game.players,
        "rules": game.rules,
        "current_player": game.current_player,
        "is_over": game.is_over,
        "history": game.history,
        "boards": tuple(board.snapshot() for board in game.boards),
        "scores": tuple(game.scores()),
        "winners": tuple(game.winners()),
        "legal_moves": tuple(game.legal_moves()),
        **zones,
    }


def board_snapshot(board: Any, **shown: Any) -> dict[str, Any]:
    """A board's ``snapshot()``: what it ``shown``, its total and each score part with its
    note."""
    score = board.score()
    return {
        **shown,
        "total": board.total,
        "parts": tuple(score.parts.items()),
        "notes": tuple(score.notes.items()),
    }


@dataclass(frozen=True)
class Hint:
    """A suggested move and why, in words a learner reads (each game's ``policies.hint``)."""

    move: Any
    reason: str
    policy: str
