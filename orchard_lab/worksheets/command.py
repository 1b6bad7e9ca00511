"""``orchard-lab rules-sheet GAME [OUT]``: write a game's one-page rules sheet to print.

    orchard-lab rules-sheet stacked-trees              # ./stacked_trees_rules.html
    orchard-lab rules-sheet apple-batches rules.pdf    # a PDF, printed by Chromium

>>> default_out("water_drops").name
'water_drops_rules.html'
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from orchard_lab.cli_games import add_game_argument, package_name
from orchard_lab.worksheets.rules_sheet import write_rules_sheet

__all__ = ["add_command", "default_out"]


def default_out(game: str) -> Path:
    """Where ``rules-sheet`` writes ``game``'s sheet when no OUT is given."""
    return Path(f"{game}_rules.html")


def run(args: argparse.Namespace) -> int:
    """Write the sheet ``args`` asks for and say where it is."""
    game = package_name(args.game)
    try:
        out = write_rules_sheet(game, args.out or default_out(game), picture=not args.no_picture)
    except (ValueError, OSError) as error:  # a sentence for the teacher, not a traceback
        print(f"orchard-lab rules-sheet: {error}", file=sys.stderr)
        return 1
    print(f"wrote {out}: open it in a browser and print it (A4, one page)")
    return 0


def add_command(commands: Any) -> None:
    """Add ``rules-sheet`` to the subcommands ``commands`` (from ``add_subparsers``)."""
    parser = commands.add_parser(
        "rules-sheet",
        help="write a game's rules as a one-page sheet to print (HTML or PDF)",
        description=(
            "Write the standard rules of GAME, each with its id and the tables of points, "
            "as one A4 page to print for the class. The HTML holds everything it shows "
            "and loads nothing; an OUT ending in .pdf is printed to PDF by Chromium."
        ),
    )
    add_game_argument(parser, "the game")
    parser.add_argument(
        "out",
        nargs="?",
        type=Path,
        metavar="OUT",
        help="the file to write (default: ./water_drops_rules.html for water-drops, and so on)",
    )
    parser.add_argument(
        "--no-picture", action="store_true", help="leave out the picture (it needs Chromium)"
    )
    parser.set_defaults(run=run)
