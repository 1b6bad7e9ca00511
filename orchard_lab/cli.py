"""The ``orchard-lab`` command for teachers: one subcommand per job.

Each subcommand lives in its own module, which gives its ``COMMAND`` (a
``cli_commands.Subcommand``: name, help line, arguments, and the function that runs it, stored
as ``args.run``); ``COMMANDS`` lists them in the order ``orchard-lab --help`` shows. A command
stops on a teacher's mistake with ``cli_refusal.refuse``: a sentence on stderr, exit code 1.

>>> build_parser().prog
'orchard-lab'
>>> [command.name for command in COMMANDS]
['lessons', 'rules-sheet', 'app', 'results', 'hub']
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from orchard_lab import hub, results_command
from orchard_lab.app import command as app_command
from orchard_lab.cli_commands import Subcommand
from orchard_lab.lessons import command as lessons_command
from orchard_lab.worksheets import command as rules_sheet_command

__all__ = ["COMMANDS", "OptionsAnywhere", "build_parser", "main"]

COMMANDS: tuple[Subcommand, ...] = (
    lessons_command.COMMAND,
    rules_sheet_command.COMMAND,
    app_command.COMMAND,
    results_command.COMMAND,
    hub.COMMAND,
)


class OptionsAnywhere(argparse.ArgumentParser):
    """Every subcommand's parser: positionals may stand on both sides of an option
    (``rules-sheet GAME --lang ko out.pdf``). argparse reads a subcommand's positionals in
    one run, before the first option, so OUT would be left over; this reads them as
    ``parse_intermixed_args`` does (the options first, then the positionals)."""

    _mixing = False

    def parse_known_args(  # type: ignore[override]
        self, args: list[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._mixing:  # parse_known_intermixed_args reads through here, twice
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def build_parser() -> argparse.ArgumentParser:
    """The command line parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="orchard-lab",
        description="Orchard lab: maths lessons and game boards for Jupyter.",
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=OptionsAnywhere
    )
    for command in COMMANDS:
        command.add_to(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``orchard-lab`` with ``argv`` (the process's arguments when None)."""
    args = build_parser().parse_args(argv)
    return int(args.run(args) or 0)
