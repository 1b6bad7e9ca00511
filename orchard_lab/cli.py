"""The ``orchard-lab`` command for teachers: one subcommand per job.

Each subcommand lives in its own module, which gives ``add_command(commands)`` to add its
parser here (``cli_commands.add_subcommand``); the parser stores the function that runs it as
``run``. A command stops on a teacher's mistake with ``cli_refusal.refuse``: a sentence on
stderr, exit code 1.

>>> build_parser().prog
'orchard-lab'
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from orchard_lab.app.command import add_command as add_app
from orchard_lab.hub import add_command as add_hub
from orchard_lab.lessons.command import add_command as add_lessons
from orchard_lab.results_command import add_command as add_results
from orchard_lab.worksheets.command import add_command as add_rules_sheet


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
    add_lessons(commands)
    add_rules_sheet(commands)
    add_app(commands)
    add_results(commands)
    add_hub(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``orchard-lab`` with ``argv`` (the process's arguments when None)."""
    args = build_parser().parse_args(argv)
    return int(args.run(args) or 0)
