"""The ``orchard-lab app`` subcommand: serve one game's page to pupils.

The token pupils need is never on the command line, where every user of the machine sees it
(``ps``): it comes from ``--token-file`` (the file's first line), else from the environment
variable ``ORCHARD_LAB_TOKEN``, else a fresh one is made. ``--class-results FILE`` keeps a
class's results: pupils send their finished games from the page, and the teacher's page
ranks them as they arrive; its token comes the same way from ``--teacher-token-file`` or
``ORCHARD_LAB_TEACHER_TOKEN``. ``--lang`` names the language each page opens in (a page's
menu changes it for that page alone); by default the system's.

>>> import argparse
>>> parser = argparse.ArgumentParser(); commands = parser.add_subparsers()
>>> _ = COMMAND.add_to(commands)
>>> args = parser.parse_args(["app", "stacked_trees", "--lan"])
>>> args.game, args.lan, args.port, args.lang
('stacked-trees', True, 8866, None)
>>> parser.parse_args(["app", "water-drops", "--lang", "ko"]).lang
'ko'
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path

from orchard_lab.app.gate import MIN_TOKEN, check_token
from orchard_lab.app.seats import PAGES_PER_BROWSER
from orchard_lab.app.server import CULL_MINUTES, MAX_PAGES, new_token, serve
from orchard_lab.class_inbox import ClassInbox
from orchard_lab.cli_commands import Subcommand, add_flag, add_language_option
from orchard_lab.cli_games import add_game_argument
from orchard_lab.cli_refusal import refuse
from orchard_lab.core import check_int
from orchard_lab.games import entry

__all__ = ["COMMAND", "TEACHER_VARIABLE", "TOKEN_VARIABLE", "class_token", "first_line"]

TOKEN_VARIABLE = "ORCHARD_LAB_TOKEN"
TEACHER_VARIABLE = "ORCHARD_LAB_TEACHER_TOKEN"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``app``'s arguments: GAME, ``--port``, ``--lang``, ``--lan``, the token files, the seat
    counts and ``--class-results``."""
    add_game_argument(parser, "the game to serve")
    parser.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
    add_language_option(parser, "the language each page opens in (its menu changes it):")
    add_flag(parser, "--lan", "serve the classroom network too (default: this computer only)")
    parser.add_argument(
        "--token-file",
        type=Path,
        metavar="FILE",
        help=f"a file whose first line is the token pupils need, at least {MIN_TOKEN} "
        f"characters (default: ${TOKEN_VARIABLE}, else a new token)",
    )
    parser.add_argument("--token", type=_on_the_command_line, help=argparse.SUPPRESS)
    parser.add_argument(
        "--cull-minutes",
        type=int,
        default=CULL_MINUTES,
        help=f"close a page's kernel this long after its tab goes (default {CULL_MINUTES})",
    )
    parser.add_argument(
        "--max-pages",
        type=int,
        default=MAX_PAGES,
        help=f"pages open at once, at most (default and most {MAX_PAGES}); one more page "
        "reads that the class is full",
    )
    parser.add_argument(
        "--pages-per-browser",
        type=int,
        default=PAGES_PER_BROWSER,
        help=f"pages one browser may keep open (default {PAGES_PER_BROWSER}), so that no "
        "pupil can take the class's seats",
    )
    parser.add_argument(
        "--class-results",
        type=Path,
        metavar="FILE",
        help="keep the class's results: pupils send their finished games from the page, your "
        "results page ranks them as they arrive, and each one is added to FILE (read it later "
        "with: orchard-lab results FILE)",
    )
    parser.add_argument(
        "--teacher-token-file",
        type=Path,
        metavar="FILE",
        help=f"with --class-results: a file whose first line is the token of your results page "
        f"(default: ${TEACHER_VARIABLE}, else a new token)",
    )


def _on_the_command_line(text: str) -> str:
    """``--token`` is refused: a command line is visible to every user of the machine."""
    raise argparse.ArgumentTypeError(
        "a token on the command line is visible to every user of this computer: put it in a "
        f"file for --token-file, or in ${TOKEN_VARIABLE}"
    )


def first_line(path: Path) -> str:
    """The first line of the text file ``path``, stripped ("" for an empty file): where a
    token or a password is kept."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return lines[0].strip() if lines else ""


def class_token(
    token_file: Path | None, environment: Mapping[str, str], variable: str = TOKEN_VARIABLE
) -> str:
    """The token to serve with: the first line of ``token_file``, else ``variable`` of
    ``environment``, else a new one; ValueError (or OSError) naming where a bad one came
    from.

    >>> class_token(None, {"ORCHARD_LAB_TOKEN": "apple-pie-42"})
    'apple-pie-42'
    """
    if token_file is not None:
        where, token = f"the token in {token_file}", first_line(token_file)
    elif environment.get(variable):
        where, token = f"${variable}", environment[variable].strip()
    else:
        return new_token()
    try:
        return check_token(token)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def run(args: argparse.Namespace) -> int:
    """Serve one game's page (board, rule walkthrough, what-if) to pupils."""
    try:
        token = class_token(args.token_file, os.environ)
        check_int(args.max_pages, "--max-pages", 1, MAX_PAGES)
        check_int(args.pages_per_browser, "--pages-per-browser", 1, args.max_pages)
        inbox = teacher = None
        if args.class_results is not None:
            teacher = class_token(args.teacher_token_file, os.environ, TEACHER_VARIABLE)
            if teacher == token:
                raise ValueError("the teacher's token must differ from the pupils' token")
            inbox = ClassInbox(args.class_results)
        elif args.teacher_token_file is not None:
            raise ValueError("--teacher-token-file goes with --class-results FILE")
    except (ValueError, OSError) as error:
        return refuse("app", error)
    game = entry(args.game)
    if game.compiled:
        print("Getting the game engine ready (the first time after installing: about 30 s)...")
        game.warm_up()  # compiles it now, not while the first pupil waits
    serve(
        args.game,
        port=args.port,
        token=token,
        lan=args.lan,
        cull_minutes=args.cull_minutes,
        max_pages=args.max_pages,
        pages_per_browser=args.pages_per_browser,
        inbox=inbox,
        teacher_token=teacher,
        lang=args.lang,
    )
    return 0


COMMAND = Subcommand("app", "serve a game's page to pupils (no code on it)", add_arguments, run)
