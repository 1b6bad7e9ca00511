"""``orchard-lab lessons``: copy the lessons into a working folder, then open JupyterLab there.

The lessons ship inside the package (``orchard_lab/lessons/pupil/`` and ``teacher/``, and
in French and Korean under ``fr/`` and ``ko/``), so installing orchard_lab is enough. A
lesson already in the folder is a pupil's saved work and is never overwritten::

    orchard-lab lessons                  # ./orchard-lessons: the pupil's copies, then JupyterLab
    orchard-lab lessons --teacher        # ./orchard-lessons-teacher: the answers too
    orchard-lab lessons DIR --copy-only  # copy into DIR and stop (for scripts and tests)
    orchard-lab lessons --lang fr        # the lessons, sheets and kernels in French (en, fr, ko)

Beside the lessons go the pupils' rules sheets the lessons link to
(``apple_batches_rules.html``, ...), written afresh each time (they are not saved work);
``--teacher`` adds the teacher's page of each (``..._rules_teacher.html``). The lessons and
the sheets are in the language ``--lang`` names, else the session's (``orchard_lab.language``),
and JupyterLab's kernels speak it too: the command passes it to them in
``$ORCHARD_LAB_LANGUAGE`` (a French or Korean lesson also sets its own language).

>>> lab_command("secret")[-5:]  # doctest: +NORMALIZE_WHITESPACE
['--IdentityProvider.token=secret', '--ServerApp.root_dir=.',
 '--ServerApp.jpserver_extensions', 'orchard_lab.plotly_bundle=True', '01_apple_batches.ipynb']
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from orchard_lab.cli_commands import Subcommand, add_flag, add_language_option
from orchard_lab.cli_refusal import refuse
from orchard_lab.compiled import stop, warm_up_in_background
from orchard_lab.core import check_path, check_type
from orchard_lab.language import ENVIRONMENT, LANGUAGES, language
from orchard_lab.lessons.build import COPIES, copy_folder
from orchard_lab.plotly_bundle import SERVER_OPTIONS
from orchard_lab.worksheets.pupil_sheet import write_pupil_sheets

__all__ = [
    "COMMAND",
    "DEFAULT_FOLDERS",
    "FIRST_LESSON",
    "Copied",
    "copy_lessons",
    "lab_command",
]

DEFAULT_FOLDERS = {"pupil": "orchard-lessons", "teacher": "orchard-lessons-teacher"}
FIRST_LESSON = "01_apple_batches.ipynb"


@dataclass(frozen=True)
class Copied:
    """What ``copy_lessons`` did: the lessons it wrote and the ones it left as they were."""

    written: tuple[Path, ...]
    kept: tuple[Path, ...]


def copy_lessons(folder: str | os.PathLike[str], copy: str = "pupil", lang: str = "en") -> Copied:
    """Copy every lesson's ``copy`` ("pupil" or "teacher") in the language ``lang`` into
    ``folder``, keeping any lesson file already there.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     first, again = copy_lessons(Path(tmp)), copy_lessons(Path(tmp))
    >>> [p.name for p in first.written], again.written
    (['01_apple_batches.ipynb', '02_water_drops.ipynb', '03_stacked_trees.ipynb'], ())
    """
    check_path(folder, "folder")
    check_type(copy, str, "copy")
    if copy not in COPIES:
        raise ValueError(f"copy must be one of {COPIES}, got {copy!r}")
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    where = Path(folder)
    if where.exists() and not where.is_dir():
        raise ValueError(f"folder {where} is a file, not a folder")
    where.mkdir(parents=True, exist_ok=True)
    written, kept = [], []
    shipped = files("orchard_lab.lessons")
    for part in copy_folder(Path(), copy, lang).parts:
        shipped = shipped.joinpath(part)
    lessons = sorted(shipped.iterdir(), key=lambda p: p.name)
    for lesson in lessons:
        if not lesson.name.endswith(".ipynb"):
            continue
        target = where / lesson.name
        try:
            with target.open("xb") as out:  # "x": never replace a file that is there
                out.write(lesson.read_bytes())
        except FileExistsError:
            kept.append(target)
        else:
            written.append(target)
    return Copied(tuple(written), tuple(kept))


def lab_command(token: str) -> list[str]:
    """The command that starts JupyterLab in the current folder on 127.0.0.1 with ``token``,
    opening the first lesson."""
    root = ["--allow-root"] if getattr(os, "geteuid", lambda: 1)() == 0 else []
    return [
        sys.executable, "-m", "jupyterlab", *root,
        "--ServerApp.ip=127.0.0.1",  # only this machine, whatever a user's config says
        f"--IdentityProvider.token={token}",
        "--ServerApp.root_dir=.",
        *SERVER_OPTIONS,  # plotly's bundle served over HTTP (orchard_lab.plotly_bundle)
        FIRST_LESSON,
    ]  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Copy the lessons into FOLDER and open JupyterLab there, on this machine only
    (127.0.0.1) with a fresh token. A lesson already in FOLDER is kept as it is, so a pupil's
    saved work is never overwritten."""
    copy = "teacher" if args.teacher else "pupil"
    folder = Path(args.folder or DEFAULT_FOLDERS[copy])
    lang = args.lang or language()
    try:
        copied = copy_lessons(folder, copy, lang)
    except (ValueError, OSError) as error:
        return refuse("lessons", error)
    for path in copied.written:
        print(f"copied {path}")
    for path in copied.kept:
        print(f"kept {path}: it is already there (saved work is never overwritten)")
    try:
        sheets = write_pupil_sheets(folder, teacher=args.teacher, lang=lang)
    except OSError as error:
        return refuse("lessons", error)
    print(f"wrote the rules sheets the lessons link to: {', '.join(p.name for p in sheets)}")
    if args.copy_only:
        return 0
    # The engines compile (the first time after installing, about 30 CPU s) while JupyterLab
    # opens and the first lesson (apple batches, not compiled) runs; a compiled game played
    # sooner compiles what it needs itself (``orchard_lab.compiled``).
    warming = warm_up_in_background()
    token = secrets.token_hex(24)
    print(f"JupyterLab opens in your browser; if it asks for a token, paste: {token}")
    try:
        return subprocess.call(
            lab_command(token), cwd=folder, env={**os.environ, ENVIRONMENT: lang}
        )
    except KeyboardInterrupt:  # Ctrl+C also stops JupyterLab, which says so itself
        return 0
    finally:
        stop(warming)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``lessons``' arguments: FOLDER, ``--teacher``, ``--lang`` and ``--copy-only``."""
    parser.add_argument(
        "folder",
        nargs="?",
        metavar="FOLDER",
        help=(
            f"where the lessons go (default: ./{DEFAULT_FOLDERS['pupil']}, "
            f"or ./{DEFAULT_FOLDERS['teacher']} with --teacher)"
        ),
    )
    add_flag(
        parser,
        "--teacher",
        "the teacher's copies, with the answers and talking points (not for a projector)",
    )
    add_language_option(parser, "the language of the rules sheets and of the lessons' kernels:")
    add_flag(parser, "--copy-only", "copy the lessons and stop, without starting JupyterLab")


COMMAND = Subcommand(
    "lessons", "copy the lessons into a folder and open them in JupyterLab", add_arguments, run
)
