"""The one list of the games: each game is registered here once, and everything that lists
games (the app, the commands, the walkthroughs, the what-if, the rules sheets, the result
codes, the compiled engines) reads it.

An entry names its parts by where they live (``"package.module:name"``), so the engine can
hold the list without importing a widget: a part is imported only when it is asked for.
Adding a game is its own package and one ``register`` call (the built-in three below, by
``_built_in``: their parts sit where every game's package and views put them).

>>> [entry.slug for entry in entries()]
['apple-batches', 'water-drops', 'stacked-trees']
>>> entry("water_drops").letter, entry("water-drops").title
('W', 'water drops')
>>> entry("water_drops").board_class().__name__
'WaterDropsBoard'
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol, cast

from orchard_lab.core import GameFacts, RuleSet, check_type
from orchard_lab.game_base import BaseGame
from orchard_lab.jit import COMPILED
from orchard_lab.language import N_
from orchard_lab.policies import HintFor, Simulate

__all__ = [
    "ChoiceCounter",
    "GameEntry",
    "GameModule",
    "HintingGameModule",
    "entries",
    "entry",
    "register",
    "unregister",
]


class GameModule(Protocol):
    """What a game package offers everything that lists games (the registry, the what-if,
    the boards' settings row, the rules sheets, the result codes): its declared ``FACTS``,
    its ``Rules`` (the switches), ``Move``, ``Game`` (on the shared base), the one
    ``simulate`` and its ``POLICY_NAMES``. A package is one: ``game: GameModule = wd``."""

    __name__: str

    @property
    def FACTS(self) -> GameFacts: ...
    @property
    def Rules(self) -> type[RuleSet]: ...
    @property
    def Move(self) -> type[object]: ...
    @property
    def Game(self) -> type[BaseGame[Any, Any]]: ...
    @property
    def POLICY_NAMES(self) -> tuple[str, ...]: ...
    @property
    def simulate(self) -> Simulate: ...


class HintingGameModule(GameModule, Protocol):
    """A game package that also explains a move (``hint``), as the three built-in games do."""

    @property
    def hint(self) -> HintFor: ...


if TYPE_CHECKING:  # the built-in games are game modules (checked by mypy, not at run time)
    from orchard_lab import apple_batches, stacked_trees, water_drops

    _BUILT_IN: tuple[HintingGameModule, ...] = (apple_batches, water_drops, stacked_trees)


class ChoiceCounter(Protocol):
    """How often each kind of move is chosen in games played as ``simulate`` plays them."""

    def __call__(
        self, games: int, players: int, policy: str, seed: int, rules: Any
    ) -> dict[str, float]: ...


@dataclass(frozen=True)
class GameEntry:
    """One game and where its parts live.

    ``name`` is its package name (``water_drops``), ``letter`` the first symbol of its result
    codes, ``engine`` its package; ``board`` and ``walkthrough`` name the board class and the
    function building its rule walkthrough (a game without them has no page); ``rules_text``
    is the Markdown its rules sheet is cut from (``None``: the package's ``docs/rules.md``).
    ``what_if_rules`` sets rule set B of the what-if before anyone touches it, and
    ``games_per_second`` (policy -> players -> games a second, as measured) keeps a what-if
    run within its time. ``choices`` names a function counting how often each kind of move
    is chosen (``simulate``'s arguments, random or greedy play; a dict from the kind in words
    to how many a player makes in a game, on average), ``choices_words`` says what it counts
    (marked ``N_``: shown with ``_``). ``board_charts`` says the board is drawn with plotly
    charts, so its app page runs plotly's JavaScript as it loads, not when the board arrives.
    """

    name: str
    letter: str
    engine: str
    board: str | None = None
    walkthrough: str | None = None
    rules_text: str | None = None
    what_if_rules: Mapping[str, Any] = field(default_factory=dict)
    games_per_second: Mapping[str, Mapping[int, float]] = field(default_factory=dict)
    choices: str | None = None
    choices_words: str = ""
    board_charts: bool = False

    @property
    def slug(self) -> str:
        """The name as the commands and the app show it: ``water-drops``."""
        return self.name.replace("_", "-")

    @property
    def module(self) -> GameModule:
        """The game's engine package (imported on first use)."""
        return cast(GameModule, importlib.import_module(self.engine))

    @property
    def title(self) -> str:
        """The game's name in words: ``water drops``."""
        return self.module.FACTS.title

    def board_class(self) -> Any:
        """The class of the board a class plays on (imports the widgets)."""
        return _load(self.board, f"{self.title} has no board")

    def new_walkthrough(self) -> Any:
        """A new rule walkthrough of the game (imports the widgets)."""
        return _load(self.walkthrough, f"{self.title} has no rule walkthrough")()

    def choice_counter(self) -> ChoiceCounter | None:
        """The function counting how often each kind of move is chosen, if the game has one."""
        return None if self.choices is None else cast(ChoiceCounter, _load(self.choices, ""))

    def warm_up(self) -> None:
        """Compile (or load) the game's compiled engines, if it has any."""
        ready = getattr(self.module, "warm_up", None)
        if ready is not None:
            ready()

    @property
    def compiled(self) -> bool:
        """Whether the game has engines to compile before a class plays (none without numba:
        its kernels then run as plain Python, ``orchard_lab.jit``)."""
        return COMPILED and hasattr(self.module, "warm_up")


def _load(where: str | None, missing: str) -> Any:
    if where is None:
        raise ValueError(missing)
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


_GAMES: dict[str, GameEntry] = {}


def register(game: GameEntry) -> GameEntry:
    """Add ``game`` to the list (ValueError if its name, slug or code letter is taken)."""
    check_type(game, GameEntry, "game")
    for other in _GAMES.values():
        if game.name == other.name or game.letter == other.letter:
            raise ValueError(f"the game {game.name!r} ({game.letter}) is registered already")
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Take the game ``name`` off the list (a test's own game, once the test is done)."""
    _GAMES.pop(entry(name).name)


def entries() -> tuple[GameEntry, ...]:
    """Every registered game, in the order registered."""
    return tuple(_GAMES.values())


def entry(name: str) -> GameEntry:
    """The game named ``name``, as a package name or as the commands spell it (either
    ``water_drops`` or ``water-drops``); ValueError naming the games otherwise."""
    check_type(name, str, "name")
    found = _GAMES.get(name.replace("-", "_"))
    if found is None:
        names = ", ".join(game.slug for game in _GAMES.values())
        raise ValueError(f"game must be one of {names}, got {name!r}")
    return found


@cache
def _measured() -> dict[str, dict[str, dict[int, float]]]:
    """The built-in games' ``games_per_second``, as measured: ``data/games_per_second.json``
    (how, in its "about"; ``benchmarks/bench_what_if.py`` measures them again)."""
    text = resources.files("orchard_lab").joinpath("data", "games_per_second.json").read_text()
    games = json.loads(text)["games"]
    return {
        game: {
            policy: {int(players): rate for players, rate in row.items()}
            for policy, row in by.items()
        }
        for game, by in games.items()
    }


def _built_in(name: str, letter: str, **parts: Any) -> GameEntry:
    """Register a game of orchard_lab's own, its parts where every game's package and views
    put them: the package ``orchard_lab.<name>``, the board class ``<Name>Board`` in
    ``widgets/<name>_board.py`` and ``walkthrough`` in ``widgets/<name>_walkthrough.py``;
    ``parts``: the entry's other fields."""
    board = "".join(word.title() for word in name.split("_")) + "Board"
    parts.setdefault("games_per_second", _measured()[name])
    return register(
        GameEntry(
            name=name,
            letter=letter,
            engine=f"orchard_lab.{name}",
            board=f"orchard_lab.widgets.{name}_board:{board}",
            walkthrough=f"orchard_lab.widgets.{name}_walkthrough:walkthrough",
            **parts,
        )
    )


_built_in(
    "apple_batches",
    "A",
    what_if_rules={"easy": True},
    choices="orchard_lab.apple_batches.policies:batch_use",
    choices_words=N_("Apples a player puts in each batch in a game, on average"),
    board_charts=True,
)
_built_in(
    "water_drops",
    "W",
    what_if_rules={"scoring": "per_drop"},
)
_built_in(
    "stacked_trees",
    "S",
    what_if_rules={"ladder": (1, 4, 9, 16)},
)
