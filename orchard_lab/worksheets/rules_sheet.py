"""A printable rules sheet per game: one A4 page a teacher prints for the class.

The words, the rule ids and the tables of points are docs/rules.md's (``rules_text``), in
the engine's order of rules; a picture from ``orchard_lab.figures`` goes with a game where
it helps (the dice ladder; the table of the batches already shows their points). The page
is one self-contained HTML file: its style and its picture (SVG) are inside it, and it
loads nothing, from this machine or outside. Chromium prints it to PDF
(``write_rules_sheet(game, "sheet.pdf")``).

>>> html = rules_sheet_html("water_drops", picture=False)
>>> html.count('class="rule"'), "WD-4 Scoring" in html, "http" in html
(6, True, False)
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable
from html import escape
from pathlib import Path

import mistune
import plotly.graph_objects as go

from orchard_lab.core import check_bool, check_path
from orchard_lab.figures import dice_ladder
from orchard_lab.figures.files import DEBIAN_CHROMIUM, NO_BROWSER, picture_bytes
from orchard_lab.worksheets.rules_text import game_text

__all__ = ["PICTURES", "print_to_pdf", "rules_sheet_html", "write_rules_sheet"]

PICTURES: dict[str, tuple[Callable[[], go.Figure], str]] = {  # a figure and its caption
    "stacked_trees": (
        lambda: (
            dice_ladder({"standard": (1, 3, 6, 10)})
            .update_layout(showlegend=False, margin={"t": 20, "b": 45})
            .update_traces(cliponaxis=False)
        ),  # the "10" above the top point stays whole
        "A die climbs 1 → 3 → 6 → 10 as trees are stacked on it (ST-4); the rings are the "
        "triangular numbers T(n).",
    ),
}
PICTURE_SIZE = (520, 220)  # pixels: about the picture's room on the page, so its words stay big

STYLE = (Path(__file__).parent / "rules_sheet.css").read_text(encoding="utf-8")  # inlined


def _markdown(text: str) -> str:
    return str(mistune.create_markdown(escape=True, plugins=["table"])(text))


def _picture(game: str) -> str:
    if game not in PICTURES:
        return ""
    build, caption = PICTURES[game]
    fig = build().update_layout(title=None)
    svg = picture_bytes(fig, "svg", *PICTURE_SIZE).decode("utf-8")
    return f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>"


def rules_sheet_html(game: str, *, picture: bool = True) -> str:
    """The rules sheet of ``game`` as one self-contained HTML page for A4 paper; with
    ``picture``, the game's picture too (drawn by kaleido in Chromium)."""
    text = game_text(game)
    check_bool(picture, "picture")
    rules = "\n".join(
        f'<section class="rule" id="{rule}">{_markdown(words)}</section>'
        for rule, words in text.rules.items()
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(text.title)}: the rules</title>
<style>{STYLE}</style>
</head>
<body>
<main>
<h1>{escape(text.title)}: the rules</h1>
<div class="intro">{_markdown(text.intro)}</div>
{rules}
{_picture(game) if picture else ""}
<footer>The standard rules of {escape(text.title.lower())} in orchard_lab, from
docs/rules.md. The ids ({", ".join(text.rules)}) are the ones the lessons and the game's own
messages quote.</footer>
</main>
</body>
</html>
"""


def write_rules_sheet(game: str, out: str | os.PathLike[str], *, picture: bool = True) -> Path:
    """Write the rules sheet of ``game`` to ``out``: HTML, or a PDF printed by Chromium when
    ``out`` ends in ``.pdf``; the path written."""
    check_path(out, "out")
    target = Path(out)
    if target.suffix.lower() not in {".html", ".htm", ".pdf"}:
        raise ValueError(f"out must end in .html or .pdf, got {os.fspath(out)!r}")
    html = rules_sheet_html(game, picture=picture)
    if target.suffix.lower() != ".pdf":
        target.write_text(html, encoding="utf-8")
        return target
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "sheet.html"
        page.write_text(html, encoding="utf-8")
        print_to_pdf(page, target)
    return target


def print_to_pdf(page: Path, pdf: Path) -> None:
    """Print the HTML file ``page`` to ``pdf`` with headless Chromium (BROWSER_PATH, else
    Debian's), without the browser's header and footer."""
    browser = os.environ.get("BROWSER_PATH") or DEBIAN_CHROMIUM
    if not Path(browser).exists():
        raise FileNotFoundError(NO_BROWSER)
    with tempfile.TemporaryDirectory() as profile:
        try:
            subprocess.run(
                [
                    browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", f"--user-data-dir={profile}", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf.resolve()}", page.resolve().as_uri(),
                ],
                check=True, capture_output=True, timeout=120,
            )  # fmt: skip
        except subprocess.SubprocessError as error:  # an OSError says it in one sentence
            raise OSError(f"{browser} could not print {pdf.name}: {error}") from None
