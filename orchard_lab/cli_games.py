"""How every ``orchard-lab`` command reads a game's name: ``water-drops`` and ``water_drops``
alike, shown in ``--help`` with a hyphen.

>>> import argparse
>>> parser = argparse.ArgumentParser(); add_game_argument(parser, "the game")
>>> parser.parse_args(["water_drops"]).game, parser.parse_args(["water-drops"]).game
('water-drops', 'water-drops')
>>> package_name("stacked-trees")
'stacked_trees'
"""

from __future__ import annotations

import argparse

from orchard_lab import apple_batches, stacked_trees, water_drops

__all__ = ["GAME_NAMES", "add_game_argument", "package_name"]

GAME_NAMES = tuple(
    game.FACTS.name.replace("_", "-") for game in (apple_batches, water_drops, stacked_trees)
)  # as the commands show them: apple-batches, water-drops, stacked-trees


def _spelled(text: str) -> str:
    """A game name as typed, in the hyphen form (argparse then checks it is a game)."""
    return text.replace("_", "-")


def add_game_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    """Add the positional argument GAME (stored in hyphen form) to ``parser``."""
    parser.add_argument(
        "game",
        type=_spelled,
        choices=GAME_NAMES,
        metavar="GAME",
        help=f"{help_text}: {', '.join(GAME_NAMES[:-1])} or {GAME_NAMES[-1]} "
        f"({package_name(GAME_NAMES[0])} works too)",
    )


def package_name(game: str) -> str:
    """The package name (``water_drops``) of a game named as the commands store it."""
    if game not in GAME_NAMES:
        raise ValueError(f"game must be one of {', '.join(GAME_NAMES)}, got {game!r}")
    return game.replace("-", "_")
