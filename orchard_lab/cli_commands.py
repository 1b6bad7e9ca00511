"""How an ``orchard-lab`` command is put on the command line: a ``Subcommand`` (its name,
its line in ``orchard-lab --help``, what adds its arguments and the function that runs it,
whose docstring opens its own ``--help``), and the options several commands share: ``--lang``
for the commands that write for the class in a language, and on/off flags.

>>> import argparse
>>> def hello(args: argparse.Namespace) -> int:
...     '''Say hello to the class.'''
...     return 0
>>> def hello_arguments(parser: argparse.ArgumentParser) -> None:
...     add_language_option(parser, "the greeting in")
...     add_flag(parser, "--loud", "say it loudly")
>>> commands = argparse.ArgumentParser(prog="orchard-lab").add_subparsers(dest="command")
>>> parser = Subcommand("hello", "say hello", hello_arguments, hello).add_to(commands)
>>> args = parser.parse_args(["--lang", "fr", "--loud"])
>>> args.lang, args.loud, args.run is hello, parser.description
('fr', True, True, 'Say hello to the class.')
"""

from __future__ import annotations

import argparse
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from orchard_lab.language import LANGUAGES

__all__ = ["Subcommand", "add_flag", "add_language_option"]


@dataclass(frozen=True)
class Subcommand:
    """One ``orchard-lab`` subcommand: ``name``; ``help``, its line in ``orchard-lab --help``;
    ``arguments``, which adds its arguments to its parser; ``run``, which runs it (stored as
    ``args.run``) and whose docstring is the description opening its own ``--help``, as a
    teacher reads it (argparse folds its lines; under ``python -OO`` there is none)."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]

    def add_to(self, commands: Any) -> argparse.ArgumentParser:
        """Add this subcommand to ``commands`` (from ``add_subparsers``); its parser."""
        parser: argparse.ArgumentParser = commands.add_parser(
            self.name, help=self.help, description=inspect.getdoc(self.run)
        )
        self.arguments(parser)
        parser.set_defaults(run=self.run)
        return parser


def add_flag(parser: argparse.ArgumentParser, flag: str, help: str) -> None:
    """Add the option ``flag`` (``--teacher``), off unless given, to ``parser``."""
    parser.add_argument(flag, action="store_true", help=help)


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
