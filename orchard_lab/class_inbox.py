"""Results that pupils send during a class: each "name: code" checked as it arrives.

A ``ClassInbox`` keeps the lines a class has sent. ``send(name, code)`` checks the new line
with everything already counted (``classroom.class_results``: the code replayed, the same
game sent twice refused), keeps it only if it counts, and says so in one sentence for the
pupil. Kept lines are added to a text file when one is given, one "name: code" per line, so
``orchard-lab results FILE`` gives the same table after the class, and a server started
again on that file goes on where it stopped. ``results()`` is the ranked table, worked out
again only when a line has arrived since. Sends from many pages at once are taken one at a
time, even from other processes sending to the same file (the pupils' kernels on a class hub,
``class_on_this_hub``): each send locks the file and reads what the others wrote first.

>>> from orchard_lab import stacked_trees as st
>>> from orchard_lab.result_codes import result_code
>>> game = st.Game.new(seed=4)
>>> while not game.is_over:
...     game.play(game.legal_moves()[0])
>>> inbox = ClassInbox()
>>> inbox.send("Ana", result_code(game, seed=4)).sentence
'Sent: your teacher has your game (2 points).'
>>> inbox.send("Ben", result_code(game, seed=4)).sentence
"Not counted. The same game as Ana's code: each pupil has their own."
>>> [row.name for row in inbox.results(best_lines=False).rows], inbox.version
(['Ana'], 1)
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from orchard_lab.classroom import MAX_LINES, ClassResults, class_results, clean_name
from orchard_lab.core import check_type
from orchard_lab.language import _, _n

if sys.platform != "win32":  # a class hub's kernels share the file (JupyterHub needs POSIX)
    import fcntl

__all__ = ["RESULTS_FILE", "ClassInbox", "Sent", "class_on_this_hub"]

CODE_LENGTH = 200  # characters of a code looked at: the longest code is about 100
RESULTS_FILE = "ORCHARD_LAB_CLASS_RESULTS"  # set by orchard-lab hub for each pupil's server
HUB_USER = "JUPYTERHUB_USER"  # set by JupyterHub: the name the pupil logged in with


@dataclass(frozen=True)
class Sent:
    """What became of one send: ``counted`` or not, the sentence the pupil reads and, for a
    send not counted, the reason (for the teacher's list)."""

    name: str
    counted: bool
    sentence: str
    reason: str = ""


class ClassInbox:
    """The lines sent so far (and those of ``path``, if it exists; its folder must); see the
    module's text."""

    def __init__(self, path: Path | None = None) -> None:
        if path is not None:
            path = Path(check_type(path, (str, Path), "path"))
            if not path.parent.is_dir():  # said now, not at the first send or look
                raise ValueError(f"path {path}: the folder {path.parent} does not exist")
        self.path = path
        self._lines: list[str] = []
        if path is not None and path.exists():
            self._lines = _lines_of(path.read_text(encoding="utf-8"))
        self._refused: list[Sent] = []
        self._lock = threading.Lock()
        self._cache: tuple[int, bool, ClassResults] | None = None

    @property
    def version(self) -> int:
        """The number of lines counted (lines are only ever added)."""
        return len(self._lines)

    @property
    def refused(self) -> tuple[Sent, ...]:
        """The sends not counted since the server started, oldest first."""
        return tuple(self._refused)

    @contextmanager
    def _held(self) -> Iterator[IO[str] | None]:
        """The lines brought up to date and held until the block ends: no other send, from
        this process or another, comes in between. Yields the file to add to, if any."""
        with self._lock:
            if self.path is None:
                yield None
                return
            with self.path.open("a+", encoding="utf-8") as file:
                if sys.platform != "win32":
                    fcntl.flock(file, fcntl.LOCK_EX)  # let go when the file closes
                file.seek(0)
                self._lines = _lines_of(file.read())
                yield file

    def send(self, name: str, code: str) -> Sent:
        """Check ``name``'s ``code`` against the class so far; keep it if it counts.
        TypeError if either is not text."""
        name = clean_name(check_type(name, str, "name"))
        code = "".join(check_type(code, str, "code").split())[:CODE_LENGTH]
        if not name:
            return Sent(name, False, _("Type your name first, then press Send."))
        if not code:
            return Sent(name, False, _("There is no result code to send yet: finish a game first."))
        line = f"{name}: {code}"
        with self._held() as file:
            if len(self._lines) >= MAX_LINES:
                full = _("the class already has {count} results")
                return self._refuse(name, full.format(count=MAX_LINES))
            checked = class_results("\n".join([*self._lines, line]), best_lines=False)
            number = len(self._lines) + 1
            refusal = next((each for each in checked.refused if each.line == number), None)
            if refusal is not None:
                return self._refuse(name, refusal.reason)
            (row,) = [row for row in checked.rows if row.line == number]
            self._lines.append(line)
            if file is not None:
                file.write(line + "\n")
        said = _n(
            "Sent: your teacher has your game ({count} point).",
            "Sent: your teacher has your game ({count} points).",
            abs(row.score),
        )
        return Sent(name, True, said.format(count=row.score))

    def _refuse(self, name: str, reason: str) -> Sent:
        # the reason, a sentence of its own
        sentence = _("Not counted. {reason}.").format(reason=reason[:1].upper() + reason[1:])
        sent = Sent(name, False, sentence, reason)
        self._refused.append(sent)
        return sent

    def text(self) -> str:
        """The counted lines, one "name: code" per line."""
        with self._held():
            return "\n".join(self._lines)

    def results(self, *, best_lines: bool = True) -> ClassResults:
        """The class's ranked table (``classroom.class_results`` of the counted lines)."""
        return self.versioned_results(best_lines=best_lines)[1]

    def versioned_results(self, *, best_lines: bool = True) -> tuple[int, ClassResults]:
        """``results`` with the ``version`` they are the table of, read together: a send
        that comes while the table is made makes a later version (the teacher's page, which
        redraws when the version changes, kept a table one send behind when it paired the
        table with the version read after it)."""
        with self._held():
            version, text = self.version, "\n".join(self._lines)
            cached = self._cache
        if cached is not None and cached[:2] == (version, best_lines):
            return version, cached[2]
        results = class_results(text, best_lines=best_lines)
        with self._lock:
            self._cache = (version, best_lines, results)
        return version, results


def _lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def class_on_this_hub(
    environment: Mapping[str, str] = os.environ,
) -> tuple[ClassInbox, str] | None:
    """The class's inbox and the pupil's name when this runs in a pupil's JupyterLab on a
    class hub (``orchard-lab hub`` names the results file, JupyterHub the pupil); else None.

    >>> class_on_this_hub({})
    >>> inbox, name = class_on_this_hub({RESULTS_FILE: "7b.txt", HUB_USER: "Ana"})
    >>> str(inbox.path), name
    ('7b.txt', 'Ana')
    """
    path, name = environment.get(RESULTS_FILE, ""), environment.get(HUB_USER, "")
    if not (path and name):
        return None
    return ClassInbox(Path(path)), name
