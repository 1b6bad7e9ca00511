"""How every ``orchard-lab`` command stops on a teacher's mistake (a missing file, a bad
option): one sentence on stderr naming the command, not a traceback, and exit code 1.

>>> import contextlib, io
>>> with contextlib.redirect_stderr(io.StringIO()) as err:
...     code = refuse("results", ValueError("no name in the class list"))
>>> code, err.getvalue()
(1, 'orchard-lab results: no name in the class list\\n')
"""

from __future__ import annotations

import sys

__all__ = ["refuse"]


def refuse(command: str, error: Exception) -> int:
    """Say ``error`` as ``orchard-lab COMMAND: ...`` on stderr; the exit code, 1."""
    print(f"orchard-lab {command}: {error}", file=sys.stderr)
    return 1
