"""The ``orchard-lab app`` subcommand: serve one game's page to pupils.

>>> import argparse
>>> parser = argparse.ArgumentParser(); commands = parser.add_subparsers()
>>> add_command(commands)
>>> args = parser.parse_args(["app", "stacked_trees", "--lan"])
>>> args.game, args.lan, args.port
('stacked-trees', True, 8866)
"""

from __future__ import annotations

import argparse
from typing import Any

from orchard_lab.app.gate import MIN_TOKEN, check_token
from orchard_lab.app.server import CULL_MINUTES, new_token, serve
from orchard_lab.cli_games import add_game_argument
from orchard_lab.games import entry

__all__ = ["add_command"]


def add_command(commands: Any) -> None:
    """Add ``app`` to ``commands`` (the subparsers of ``orchard-lab``)."""
    parser = commands.add_parser(
        "app",
        help="serve a game's page to pupils (no code on it)",
        description="Serve one game's page (board, rule walkthrough, what-if) to pupils.",
    )
    add_game_argument(parser, "the game to serve")
    parser.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
    parser.add_argument(
        "--lan",
        action="store_true",
        help="serve the classroom network too (default: this computer only)",
    )
    parser.add_argument(
        "--token",
        type=_token,
        default=None,
        help=f"the token pupils need, at least {MIN_TOKEN} characters (default: a new one)",
    )
    parser.add_argument(
        "--cull-minutes",
        type=int,
        default=CULL_MINUTES,
        help=f"close a page's kernel this long after its tab goes (default {CULL_MINUTES})",
    )
    parser.set_defaults(run=_run)


def _token(text: str) -> str:
    """A ``--token`` checked while the command line is read, before anything is printed."""
    try:
        return check_token(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _run(args: argparse.Namespace) -> int:
    game = entry(args.game)
    if game.compiled:
        print("Getting the game engine ready (the first time after installing: about 30 s)...")
        game.warm_up()  # compiles it now, not while the first pupil waits
    serve(
        args.game,
        port=args.port,
        token=args.token or new_token(),
        lan=args.lan,
        cull_minutes=args.cull_minutes,
    )
    return 0
