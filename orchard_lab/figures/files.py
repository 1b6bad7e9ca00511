"""Save a figure as a picture file for a worksheet: PNG or SVG, chosen by the file's suffix.

kaleido (≥ 1) draws the figure in headless Chromium: the browser that ``BROWSER_PATH`` names,
else Debian's ``/usr/bin/chromium``, else a Chrome or Chromium kaleido finds installed.
Nothing is downloaded, and the page loads nothing from outside the machine: plotly.js comes
from the installed plotly, and MathJax (which kaleido would fetch from a CDN) is off.

On a loaded machine kaleido once ran its drawing script before its page had loaded it
("ReferenceError: kaleido_scopes is not defined"); that one error is logged and the picture
drawn once more on a fresh page.

>>> picture_format("orchard.svg"), picture_format("ladder.PNG")
('svg', 'png')
"""

from __future__ import annotations

import logging
import os
import queue
import threading
from pathlib import Path
from typing import Any

import plotly.graph_objects as go

from orchard_lab.core import check_int, check_path, check_type

__all__ = [
    "DEBIAN_CHROMIUM",
    "FORMATS",
    "NO_BROWSER",
    "OFFLINE",
    "picture_bytes",
    "picture_format",
    "save",
]

FORMATS = {".png": "png", ".svg": "svg"}
OFFLINE = {"mathjax": False}  # kaleido's page options: no MathJax from a CDN
DEBIAN_CHROMIUM = "/usr/bin/chromium"
MAX_SIDE = 4000  # pixels
NOT_LOADED = "kaleido_scopes is not defined"  # kaleido's page was not ready for its script
# Wall seconds after which a drawing is given up as stuck: kaleido waits for ever on a tab
# once its browser has gone (seen in a CI run beside a CPU hog), so it is drawn again.
STUCK_SECONDS = 120
_log = logging.getLogger(__name__)
NO_BROWSER = (
    "no Chromium found to draw the picture: install Debian's chromium (apt install chromium) "
    "or set BROWSER_PATH to a Chromium or Chrome"
)


def picture_format(path: str | os.PathLike[str]) -> str:
    """The picture format ``save`` writes to ``path``: "png" or "svg", from its suffix."""
    check_path(path, "path")
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"path must end in .png or .svg, got {os.fspath(path)!r}")
    return FORMATS[suffix]


def _browser() -> dict[str, Any]:
    """kaleido's browser option: BROWSER_PATH wins, then Debian's chromium, then its search."""
    if os.environ.get("BROWSER_PATH") or not Path(DEBIAN_CHROMIUM).exists():
        return {}
    return {"path": DEBIAN_CHROMIUM}


def picture_bytes(fig: go.Figure, picture: str, width: int = 800, height: int = 500) -> bytes:
    """``fig`` drawn as a ``picture`` ("png" or "svg") of ``width`` × ``height`` pixels (a
    PNG at twice that, sharp on paper)."""
    check_type(fig, (go.Figure, go.FigureWidget), "fig")
    if picture not in FORMATS.values():
        raise ValueError(f"picture must be 'png' or 'svg', got {picture!r}")
    width = check_int(width, "width", 1, MAX_SIDE)
    height = check_int(height, "height", 1, MAX_SIDE)
    scale = 2 if picture == "png" else 1  # an SVG is sharp at any size
    options = {"format": picture, "width": width, "height": height, "scale": scale}
    import kaleido  # here, not at the top: importing it costs 0.2 s that boards never need
    from kaleido.errors import ChromeNotFoundError

    def draw() -> bytes:
        return bytes(kaleido.calc_fig_sync(fig, opts=options, kopts=OFFLINE | _browser()))

    for last in (False, True):
        try:
            return bytes(_within(STUCK_SECONDS, draw))
        except ChromeNotFoundError:  # kaleido's own advice would download a browser: never
            raise FileNotFoundError(NO_BROWSER) from None
        except TimeoutError as stuck:
            if last:
                raise
            _log.warning("%s: drawing again with a new browser", stuck)
        except RuntimeError as error:  # kaleido's JavascriptError
            if last or NOT_LOADED not in str(error):
                raise
            _log.warning("kaleido ran before its page was ready (%s): drawing again", error)
    raise AssertionError("unreachable: the last try returns or raises")


def _within(seconds: float, work: Any) -> Any:
    """``work()`` in a thread of its own, its result or its error; TimeoutError if it has not
    finished within ``seconds`` (the thread is left behind, a daemon)."""
    answer: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=1)

    def run() -> None:
        try:
            answer.put((True, work()))
        except BaseException as error:  # handed to the caller below
            answer.put((False, error))

    threading.Thread(target=run, name="kaleido drawing", daemon=True).start()
    try:
        ok, value = answer.get(timeout=seconds)
    except queue.Empty:
        raise TimeoutError(f"kaleido drew nothing within {seconds} s") from None
    if not ok:
        raise value
    return value


def save(
    fig: go.Figure, path: str | os.PathLike[str], *, width: int = 800, height: int = 500
) -> Path:
    """Write ``fig`` to ``path`` as PNG or SVG (from the suffix), ``width`` × ``height``
    pixels (a PNG at twice that); the path written.

    ``save(figures.dice_ladder(), "ladder.svg")`` writes the dice ladder for a worksheet.
    """
    check_type(fig, (go.Figure, go.FigureWidget), "fig")
    data = picture_bytes(fig, picture_format(path), width, height)
    target = Path(path)
    target.write_bytes(data)
    return target
