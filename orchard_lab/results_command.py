"""``orchard-lab results FILE``: check a class's result codes without Python.

    orchard-lab results codes.txt                 # the ranked table, in the terminal
    orchard-lab results codes.txt --csv class.csv # and a spreadsheet of the rows
    orchard-lab results -                         # the lines typed or pasted, then Ctrl-D

FILE holds one "name: code" line per pupil, as the checker widget takes them. Every code is
replayed by the engine (``classroom.class_results``), so the scores are verified; the lines
that are not counted are listed with the reason. ``--lang`` names the language of the table,
the reasons and the spreadsheet's headings (default: the session's).

>>> print(results_text(class_results("Ben: S2")))
0 results verified in 0 groups; 1 line refused (below).
<BLANKLINE>
Lines not counted:
  line 1, Ben: this code is cut off: it is too short to hold a game
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from orchard_lab.classroom import (
    ClassResults,
    at_table_words,
    class_results,
    summary,
    table_headings,
)
from orchard_lab.cli_commands import Subcommand, add_flag, add_language_option
from orchard_lab.cli_refusal import refuse
from orchard_lab.language import _, _p, language, speaking

__all__ = ["COMMAND", "csv_headings", "results_text", "write_csv"]


def csv_headings() -> tuple[str, ...]:
    """The spreadsheet's headings in the session's language: the group, the table's, the line.

    >>> csv_headings()
    ('group', 'place', 'name', 'score', 'at the table', 'rating', 'line')
    """
    group = _p("class results: a column", "group")
    return (group, *table_headings(), _p("class results: a column", "line"))


def results_text(results: ClassResults) -> str:
    """The check as plain text: the summary, each group and its pupils, the refused lines."""
    lines = [summary(results)]
    shared = set(results.shared_names)
    headings = table_headings()
    for group in results.groups:
        label = group.label
        if group.best is not None:
            label = _("{group}; best line found: {score}").format(
                group=label, score=group.best.score
            )
        rows = [headings] + [
            (
                str(row.place),
                _("{name} (same name)").format(name=row.name) if row.name in shared else row.name,
                str(row.score),
                at_table_words(row),
                _(row.rating) if row.rating else "",
            )
            for row in group.rows
        ]
        widths = [max(len(row[i]) for row in rows) for i in range(len(headings))]
        lines += ["", f"{group.number}. {label}"]
        for row in rows:
            cells = (value.ljust(width) for value, width in zip(row, widths, strict=True))
            lines.append(("  " + "  ".join(cells)).rstrip())
    if results.refused:
        lines += ["", _("Lines not counted:")]
        said = _("line {number}, {name}: {reason}")
        lines += [
            "  " + said.format(number=each.line, name=each.name, reason=each.reason)
            for each in results.refused
        ]
    return "\n".join(lines)


def write_csv(results: ClassResults, out: Path) -> None:
    """The verified rows as a spreadsheet (UTF-8 CSV): group, place, name, score, at the
    table, rating and the line of the paste, in the session's language."""
    with out.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(csv_headings())
        for group in results.groups:
            for row in group.rows:
                writer.writerow(
                    (
                        group.label,
                        row.place,
                        row.name,
                        row.score,
                        at_table_words(row),
                        _(row.rating) if row.rating else "",
                        row.line,
                    )
                )


def run(args: argparse.Namespace) -> int:
    """Replay every result code in FILE (one 'name: code' line per pupil) through the engine
    and print the pupils ranked group by group: one group per game, deal, rules and table
    size. Lines that are not counted are listed with the reason."""
    with speaking(args.lang or language()):  # --lang, else the session's language
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """What ``run`` does, in the language it chose; 1 with a sentence if it fails."""
    try:
        if str(args.file) == "-":
            text = sys.stdin.read()
        else:
            text = Path(args.file).read_text(encoding="utf-8")
        results = class_results(text, best_lines=not args.no_best_lines)
        if args.csv is not None:
            write_csv(results, args.csv)
    except (ValueError, OSError) as error:
        return refuse("results", error)
    print(results_text(results))
    if args.csv is not None:
        said = _("wrote {file}: the verified rows, to open in a spreadsheet")
        print("\n" + said.format(file=args.csv))
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``results``' arguments: FILE, ``--csv``, ``--no-best-lines`` and ``--lang``."""
    parser.add_argument(
        "file", metavar="FILE", help="a text file of 'name: code' lines, or - to read them typed"
    )
    parser.add_argument(
        "--csv", type=Path, metavar="OUT", help="also write the verified rows to this CSV file"
    )
    add_flag(
        parser,
        "--no-best-lines",
        "skip the stacked trees best-line search (a fraction of a second per deal)",
    )
    add_language_option(parser, "the table, the reasons and the spreadsheet's headings in")


COMMAND = Subcommand(
    "results", "check a class's result codes from a file and rank them", add_arguments, run
)
