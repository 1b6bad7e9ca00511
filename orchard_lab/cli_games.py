"""How every ``orchard-lab`` command reads a game's name: ``water-drops`` and ``water_drops``
alike, shown in ``--help`` with a hyphen; the games are the registered ones (``games``).

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_game_argument(parser, "the game")
>>> parser.parse_args(["water_drops"]).game, parser.parse_args(["water-drops"]).game
('water-drops', 'water-drops')
>>> package_name("stacked-trees")
'stacked_trees'
"""

from __future__ import annotations

import argparse

from orchard_lab import games

__all__ = ["add_game_argument", "game_names", "package_name"]


def game_names() -> tuple[str, ...]:
    """The games as the commands show them: apple-batches, water-drops, stacked-trees."""
    return tuple(entry.slug for entry in games.entries())


def _spelled(text: str) -> str:
    """A game name as typed, in the hyphen form (argparse then checks it is a game)."""
    return text.replace("_", "-")


def add_game_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    """Add the positional argument GAME (stored in hyphen form) to ``parser``."""
    names = game_names()
    parser.add_argument(
        "game",
        type=_spelled,
        choices=names,
        metavar="GAME",
        help=f"{help_text}: {', '.join(names[:-1])} or {names[-1]} "
        f"({package_name(names[0])} works too)",
    )


def package_name(game: str) -> str:
    """The package name (``water_drops``) of a game named as the commands store it."""
    return games.entry(game).name
