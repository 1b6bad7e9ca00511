"""``orchard-lab rules-sheet GAME [OUT]``: write a game's one-page rules sheet to print.

    orchard-lab rules-sheet stacked-trees              # ./stacked_trees_rules.html, for pupils
    orchard-lab rules-sheet apple-batches rules.pdf    # a PDF, printed by Chromium
    orchard-lab rules-sheet water-drops --lang ko      # in Korean (en, fr or ko)
    orchard-lab rules-sheet water-drops --teacher      # the teacher's page: the readings
    orchard-lab rules-sheet water-drops --reference    # the rules as docs/rules.md words them

The pupils' sheet (``pupil_sheet``) is the default for the three games; a game without one
(a game of your own) gets the reference sheet, cut from its rules text. The pupils' sheet
and the teacher's page are in the language ``--lang`` names, else the session's
(``orchard_lab.language``); the reference sheet is in English so far.

>>> default_out("water_drops").name
'water_drops_rules.html'
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from orchard_lab.cli_commands import Subcommand, add_flag, add_language_option
from orchard_lab.cli_games import add_game_argument, package_name
from orchard_lab.cli_refusal import refuse
from orchard_lab.worksheets.pupil_sheet import (
    SHEET_GAMES,
    pupil_sheet_html,
    sheet_name,
    teacher_sheet_html,
)
from orchard_lab.worksheets.rules_sheet import print_to_pdf, rules_sheet_html

__all__ = ["COMMAND", "default_out"]


def default_out(game: str, teacher: bool = False) -> Path:
    """Where ``rules-sheet`` writes ``game``'s sheet when no OUT is given."""
    return Path(sheet_name(game, teacher=teacher))


def sheet_html(game: str, args: argparse.Namespace) -> str:
    """The page ``args`` asks for: the teacher's or the pupils' (in the language
    ``args.lang``, else the session's), or the reference sheet (English only)."""
    if args.teacher:
        return teacher_sheet_html(game, lang=args.lang)
    if args.reference or game not in SHEET_GAMES:
        if args.lang not in {None, "en"}:
            raise ValueError(f"--lang {args.lang}: this sheet is in English only so far")
        return rules_sheet_html(game, picture=not args.no_picture)
    return pupil_sheet_html(game, lang=args.lang)


def run(args: argparse.Namespace) -> int:
    """Write the standard rules of GAME as one A4 page to print for the class: large type,
    each rule in plain words with a picture of a real position, and the other ways to play.
    --teacher writes the teacher's page instead: where the published rules disagree or say
    nothing, and which reading the standard rules take. The HTML holds everything it shows
    and loads nothing; an OUT ending in .pdf is printed to PDF by Chromium."""
    game = package_name(args.game)
    out = Path(args.out or default_out(game, args.teacher))
    try:
        if out.suffix.lower() not in {".html", ".htm", ".pdf"}:
            raise ValueError(f"out must end in .html or .pdf, got {str(out)!r}")
        html = sheet_html(game, args)
        if out.suffix.lower() == ".pdf":
            with tempfile.TemporaryDirectory() as tmp:
                page = Path(tmp) / "sheet.html"
                page.write_text(html, encoding="utf-8")
                print_to_pdf(page, out)
        else:
            out.write_text(html, encoding="utf-8")
    except (ValueError, OSError) as error:
        return refuse("rules-sheet", error)
    print(f"wrote {out}: open it in a browser and print it (A4, one page)")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``rules-sheet``'s arguments: GAME, OUT, ``--teacher``, ``--lang``, ``--reference`` and
    ``--no-picture``."""
    add_game_argument(parser, "the game")
    parser.add_argument(
        "out",
        nargs="?",
        type=Path,
        metavar="OUT",
        help="the file to write (default: ./water_drops_rules.html for water-drops, and so on)",
    )
    add_flag(parser, "--teacher", "the teacher's page: the readings of the rules")
    add_language_option(parser, "the pupils' sheet or the teacher's page in")
    add_flag(
        parser,
        "--reference",
        "the rules as docs/rules.md words them, with their tables (the older sheet)",
    )
    add_flag(parser, "--no-picture", "with --reference: leave out the picture (it needs Chromium)")


COMMAND = Subcommand(
    "rules-sheet",
    "write a game's rules as a one-page sheet to print (HTML or PDF)",
    add_arguments,
    run,
)
