"""How an ``orchard-lab`` command adds itself to the command line: a subcommand with its
name, help, description and the function that runs it, and the ``--lang`` option of the
commands that write for the class in a language.

>>> import argparse
>>> commands = argparse.ArgumentParser(prog="orchard-lab").add_subparsers(dest="command")
>>> parser = add_subcommand(commands, "hello", run=len, help="say hello", description="Hello.")
>>> add_language_option(parser, "the greeting in")
>>> args = parser.parse_args(["--lang", "fr"])
>>> args.lang, args.run is len
('fr', True)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from orchard_lab.language import LANGUAGES

__all__ = ["add_language_option", "add_subcommand"]


def add_subcommand(
    commands: Any,
    name: str,
    *,
    run: Callable[[argparse.Namespace], int],
    help: str,
    description: str,
) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` to ``commands`` (from ``add_subparsers``) and return its
    parser, for its arguments: ``help`` is its line in ``orchard-lab --help``,
    ``description`` opens its own ``--help``, and ``run`` (stored as ``args.run``) runs it."""
    parser: argparse.ArgumentParser = commands.add_parser(name, help=help, description=description)
    parser.set_defaults(run=run)
    return parser


def add_language_option(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--lang`` (``LANGUAGES``: en, fr or ko; None, the default, leaves the choice to
    the session) to ``parser``; ``what`` is its help up to the names of the languages ("the
    pupils' sheet in")."""
    parser.add_argument(
        "--lang",
        choices=tuple(LANGUAGES),
        help=f"{what} English, French or Korean (default: the system's language where it is "
        "one of these, else English)",
    )
