"""The shared core of the three games: illegal moves, explained scores, seeds, saved games.

>>> from orchard_lab.core import Score
>>> s = Score({"monochrome": 6, "bad": -1}, {"monochrome": "3 red apples → T(3) = 6"})
>>> s.total
5
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

__all__ = [
    "IllegalMove",
    "Score",
    "dump_save",
    "load_save",
    "make_rng",
    "require",
    "require_int",
]


class IllegalMove(ValueError):
    """A move the rules forbid. ``rule`` is its id in RULES.md, ``str(e)`` says why.

    >>> e = IllegalMove("AB-4", "Steady height (AB-4): a height-5 apple is not within 1 of 3.")
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
        """One line per part, naming it by its id, then nothing else."""
        lines = []
        for name, points in self.parts.items():
            note = self.notes.get(name)
            unit = "point" if abs(points) == 1 else "points"
            lines.append(
                f"{name}: {note} → {points} {unit}" if note else f"{name}: {points} {unit}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.explain()}\ntotal: {self.total}"


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
    require(isinstance(data, dict), "a saved game must be a JSON object")
    require(
        data.get("game") == game, f"this is not a saved {game} game (game={data.get('game')!r})"
    )
    require(
        data.get("format") == version,
        f"unknown save format {data.get('format')!r}; this version reads format {version}",
    )
    return data
