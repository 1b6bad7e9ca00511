"""The pupils' rules sheets: one A4 page per game in large type, each rule in plain words
beside a picture of a real position the engine played, and the other ways to play that the
published rules offer; and the teacher's page, which lists where the published rules
disagree or say nothing and which reading the standard rules take (cut from docs/rules.md,
the "Readings" of each game).

The words of each game's sheet live in ``<game>_sheet.py`` next to this module (so the
glossary test reads them as that game's text); every picture is drawn from engine objects
as plain HTML with inline colours, so the page is one self-contained file that loads
nothing and prints the same everywhere. ``orchard-lab lessons`` puts the pupils' sheets
beside the lessons, and the lessons link to them.

Each page is in one language, the session's or the one asked for (``lang``): its words come
whole from the catalogues (``orchard_lab.language``; a game's words are marked ``N_`` where
they are defined and translated here), and ``<html lang>`` says which, so the type (Noto
Sans CJK for Korean, named in the CSS) and the line breaks are the language's.

>>> html = pupil_sheet_html("water_drops")
>>> html.count('class="rule"'), "<script" in html, "http" in html
(6, False, False)
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

import mistune

from orchard_lab.core import check_path, check_type, switches
from orchard_lab.glossary import GAME_NAMES
from orchard_lab.language import N_, _, language, speaking
from orchard_lab.worksheets.rules_text import game_readings

__all__ = [
    "SHEET_GAMES",
    "SheetRule",
    "keep_ids",
    "pupil_sheet_html",
    "sheet_name",
    "teacher_messages",
    "teacher_sheet_html",
    "write_pupil_sheets",
]

SHEET_GAMES = ("apple_batches", "water_drops", "stacked_trees")  # games with a pupils' sheet
STYLE = (Path(__file__).parent / "pupil_sheet.css").read_text(encoding="utf-8")  # inlined
RULE_ID = re.compile(r"(?<![\w-])((?:AB|WD|ST)-\d+)\b")  # kept on one line: "(AB-" / "2)"
CODE_SPAN = re.compile(r"<code>([^<]*)</code>")
NOT_ON_THE_BOARD = {  # a reading chosen only in code, in the teacher's words
    "Game.new(first_player=...)": N_("not on the board (you are the first player there); in "
                                     "code {code}"),
}  # fmt: skip


@dataclass(frozen=True)
class SheetRule:
    """One rule on a pupils' sheet: its id, its name, its words (a little Markdown, no code)
    and its picture, drawn from the engine (HTML); ``wide`` gives it the page's whole width."""

    rule: str
    name: str
    words: str
    picture: Callable[[], str]
    wide: bool = False


def sheet_name(game: str, teacher: bool = False) -> str:
    """The file name of ``game``'s sheet beside the lessons.

    >>> sheet_name("water_drops"), sheet_name("water_drops", teacher=True)
    ('water_drops_rules.html', 'water_drops_rules_teacher.html')
    """
    return f"{game}_rules{'_teacher' if teacher else ''}.html"


def _game(game: str) -> str:
    check_type(game, str, "game")
    if game not in SHEET_GAMES:
        raise ValueError(f"game must be one of {', '.join(SHEET_GAMES)}, got {game!r}")
    return game


def keep_ids(html: str) -> str:
    """``html`` with its rule ids kept whole on one line."""
    return RULE_ID.sub(r'<span class="id-nowrap">\1</span>', html)


def _markdown(text: str) -> str:
    """``text`` in HTML, its rule ids kept whole on one line."""
    return keep_ids(str(mistune.create_markdown(escape=True, plugins=["table"])(text)))


def _inline(text: str) -> str:
    """``text``, one table cell of Markdown, in HTML without a paragraph around it."""
    return _markdown(text).strip().removeprefix("<p>").removesuffix("</p>")


def _page(title: str, body: str, kind: str, lang: str) -> str:
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body class="{kind}">
<main>
{body}
</main>
</body>
</html>
"""


def pupil_sheet_html(game: str, *, lang: str | None = None) -> str:
    """``game``'s rules sheet for pupils: one A4 page, self-contained HTML, in the language
    ``lang`` ("en", "fr" or "ko"; by default the session's)."""
    _game(game)
    with speaking(language() if lang is None else lang):
        return _pupil_sheet(game)


def _pupil_sheet(game: str) -> str:
    words = importlib.import_module(f"orchard_lab.worksheets.{game}_sheet")
    name = _(GAME_NAMES[game]).capitalize()
    rules = "\n".join(
        f'<section class="rule{" wide" if rule.wide else ""}" id="{rule.rule}">'
        f'<div class="words"><h2><span class="id">{rule.rule}</span> {escape(_(rule.name))}'
        f"</h2>{_markdown(_(rule.words))}</div>"
        f'<div class="picture">{rule.picture()}</div></section>'
        for rule in sorted(words.RULES, key=lambda rule: words.ORDER.index(rule.rule))
    )
    variants = "".join(f"<li>{_markdown(_(text))}</li>" for text in words.VARIANTS)
    offered = (
        _("Above are the <b>standard rules</b>. The published rules offer these too: your "
          "teacher says if you play one.")
        if variants
        else _("Above are the <b>standard rules</b>. The published rules offer no other way "
               "to play.")
    )  # fmt: skip
    title = _("{game}: the rules").format(game=name)
    other_ways = _("Other ways to play")
    body = f"""<h1>{escape(title)}</h1>
<p class="intro">{escape(_(words.INTRO))}</p>
<div class="rules">{rules}</div>
<section class="variants"><h2>{escape(other_ways)}</h2>
<p class="note">{offered}</p>
{f"<ul>{variants}</ul>" if variants else ""}</section>"""
    return _page(title, body, "pupil", language())


def _switch_labels(game: str) -> dict[str, str]:
    """Each switch's code name and the label the board shows beside its control."""
    module = importlib.import_module(f"orchard_lab.{game}")
    return {each.name: each.label for each in switches(module.Rules)}


def _with_board_labels(cell: str, labels: dict[str, str]) -> str:
    """A cell of the readings' switch column (HTML) with the board's label before each code
    name, so a teacher at the board finds the switch by the words it shows there."""

    def labelled(found: re.Match[str]) -> str:
        code = found.group(1)
        if code in labels:
            return f"<b>{escape(_(labels[code]))}</b> (<code>{code}</code>)"
        if code in NOT_ON_THE_BOARD:
            return escape(_(NOT_ON_THE_BOARD[code])).format(code=f"<code>{code}</code>")
        return found.group(0)

    return CODE_SPAN.sub(labelled, cell)


def teacher_messages(game: str) -> list[str]:
    """The words of docs/rules.md that ``game``'s teacher's page shows, each whole (Markdown):
    the readings' note, the table's header but its switch column's (the page's own), and
    every cell. The catalogues carry them."""
    readings = game_readings(GAME_NAMES[_game(game)])
    return [readings.note, *readings.header[:-1], *(cell for row in readings.rows for cell in row)]


def teacher_sheet_html(game: str, *, lang: str | None = None) -> str:
    """The teacher's page of ``game``'s sheet: where the published rules disagree or say
    nothing, their words, and the reading the standard rules take (docs/rules.md); in the
    language ``lang`` ("en", "fr" or "ko"; by default the session's). The published words
    stay in the language they were published in."""
    _game(game)
    with speaking(language() if lang is None else lang):
        return _teacher_sheet(game)


def _teacher_sheet(game: str) -> str:
    readings = game_readings(GAME_NAMES[game])
    labels = _switch_labels(game)
    header = [*map(_, readings.header[:-1]), _("switch: on the board (in code)")]
    head = "".join(f"<th>{escape(cell)}</th>\n" for cell in header)
    rows = "".join(
        "<tr>\n"
        + "".join(f"<td>{_inline(_(cell))}</td>\n" for cell in row[:-1])
        + f"<td>{_with_board_labels(_inline(_(row[-1])), labels)}</td>\n</tr>\n"
        for row in readings.rows
    )
    name = _(GAME_NAMES[game]).capitalize()
    title = _("{game}: for the teacher").format(game=name)
    intro = _(
        "Where the published rules disagree or say nothing, the standard rules take one "
        "reading. This page lists them, with the published words and the switch that chooses "
        "another reading: in bold its label on the board's rule switches, in brackets its name "
        "in code. The pupils' sheet states the standard rules."
    )
    body = f"""<h1>{escape(title)}</h1>
<p class="intro">{escape(intro)}</p>
{_markdown(_(readings.note))}<table>
<thead>
<tr>
{head}</tr>
</thead>
<tbody>
{rows}</tbody>
</table>"""
    page_title = _("{game}: the readings, for the teacher").format(game=name)
    return _page(page_title, body, "teacher", language())


def write_pupil_sheets(
    folder: str | os.PathLike[str], *, teacher: bool = False, lang: str | None = None
) -> list[Path]:
    """Write every game's pupils' sheet into ``folder`` (and the teacher's pages with
    ``teacher``), replacing an older copy, in the language ``lang`` (by default the
    session's); the paths written."""
    check_path(folder, "folder")
    where = Path(folder)
    written = []
    for game in SHEET_GAMES:
        pages = [(sheet_name(game), pupil_sheet_html(game, lang=lang))]
        if teacher:
            pages.append((sheet_name(game, teacher=True), teacher_sheet_html(game, lang=lang)))
        for file, html in pages:
            (where / file).write_text(html, encoding="utf-8")
            written.append(where / file)
    return written
