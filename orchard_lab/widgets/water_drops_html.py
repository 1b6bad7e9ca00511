"""What the water drops board draws: its colours, a card's four cells, the orchard's squares
with every fruit group outlined, the ghost of a picked card on a lit square, the score and
group lists, another player's small orchard, the legend under the orchard, and its stylesheet.

Pure functions from engine values to HTML and ``Square`` values; no widget, no rule (groups,
their reasons and gains come from ``wd.Board``). The CSS is ``static/water_drops_board.css``;
the colours a contrast test checks (``TEXT_ON``) reach it as custom properties (``style``).

>>> board = wd.Board(start=wd.Card.from_text("BB/2C"))
>>> [square.at for square in card_squares(board, board.groups(), 46)]
[(0, 0)]
>>> "border-" in orchard_picture(board)
True
"""

from __future__ import annotations

import functools
import html
from collections.abc import Collection

from orchard_lab import water_drops as wd
from orchard_lab.contrast import text_colour_on
from orchard_lab.fruit_words import water_drops_code, water_drops_fruit, water_drops_letter
from orchard_lab.language import N_, _, _n
from orchard_lab.widgets.board_base import BOARD_TEXT_ON, HIGHLIGHT
from orchard_lab.widgets.board_parts import legend_html
from orchard_lab.widgets.square_grid import Square as GridSquare
from orchard_lab.widgets.styles import style_html, text_properties

__all__ = [
    "DROP_FILL",
    "FRAMES",
    "FRUIT_FILL",
    "FRUIT_SHAPE",
    "SMALLEST_LETTER",
    "TEXT_ON",
    "GroupMap",
    "card_picture",
    "card_px",
    "card_squares",
    "card_words",
    "ghost_html",
    "groups_html",
    "legend",
    "mini_px",
    "open_square",
    "opponent_html",
    "orchard_picture",
    "score_html",
    "square_classes",
    "style",
]

ROOM = 560  # px of orchard width at 1024 × 768 with the file browser open
BIGGEST_CARD, SMALLEST_CARD = 92, 34  # px; cards shrink as the orchard grows wider
MINI_ROOM = 520  # px of width for another player's small orchard (the board's, at 1024 × 768)
BIGGEST_MINI, SMALLEST_MINI = 28, 18  # px a cell of it; 18 px still holds an 11 px letter
SMALLEST_LETTER = 11  # px: the smallest letter or drop number a cell shows, on any orchard
GHOST_PX = 60  # a lit square this big shows the card's cells above its gain
# Okabe-Ito colours (safe for colour-blind eyes), each fruit also a shape and a letter.
FRUIT_FILL = {"B": "#F0E442", "C": "#CC79A7", "P": "#009E73", "M": "#E69F00"}
FRUIT_SHAPE = {
    "B": "70% 20% 70% 20%",  # a long bent banana
    "C": "50%",  # a round cherry
    "P": "45% 45% 50% 50% / 35% 35% 65% 65%",  # a pear, wide below
    "M": "60% 40% 55% 45% / 50% 50% 50% 50%",  # a lopsided mango
}
DROP_FILL = "#0072B2"
# Every (text, background) pair the board uses; a test checks each reaches 4.5:1.
TEXT_ON = {
    **{f"{wd.FRUIT_NAMES[f][0]} letter": (text_colour_on(c), c) for f, c in FRUIT_FILL.items()},
    "drop number": (text_colour_on(DROP_FILL), DROP_FILL),
    "title": ("#0b4f6c", "#ffffff"),
    **BOARD_TEXT_ON,
    "scoring group": ("#14532d", "#e3f4e6"),
    "ghost": ("#1a1a1a", "#d9f2dd"),
    "highlight label": ("#1a1a1a", "#fff3c4"),
}
SCORING_EDGE, GROUP_EDGE, SAME_EDGE = "#1b7837", "#262626", "#d8d2c0"
# Every frame the board draws by a class (the groups' edges are drawn inline), and the class
# of its sample in the legend; the CSS draws each with the same rule, and a test checks
# that each class the board's CSS frames is here. "focus" is the keyboard's (square_grid.css,
# buttons.css), drawn on the square or button the keys act on.
FRAMES = {
    "orchard-wd-card": "wd-legend-card",  # a card's edge: dashed
    "orchard-wd-open": "wd-legend-open",  # an empty square next to the orchard: dotted
    "orchard-legal": "wd-legend-lit",  # a lit square: solid, filled, its points inside
    "orchard-hinted": "wd-legend-hinted",  # the hint's square: thick dashed
    "orchard-selected": "wd-legend-picked",  # the picked market card: solid, filled
    "focus": "wd-legend-focus",  # where the keys act: a solid line just outside, a white ring
    HIGHLIGHT: "wd-legend-highlight",  # what a tour or lesson points at: double, filled
}

Square = tuple[int, int]


def style() -> str:
    """The board's ``<style>``: ``TEXT_ON`` as custom properties, then its CSS file."""
    properties = text_properties("wd", TEXT_ON) | {"--wd-same-edge": SAME_EDGE}
    return style_html("water_drops_board.css", ".orchard-wd-board", properties)


def _code_html(code: str, size: int) -> str:
    """One cell's content: a fruit shape with its letter (the session's), or a drop with its
    number."""
    return _cell_html(code, water_drops_letter(code), size)


@functools.cache
def _cell_html(code: str, letter: str, size: int) -> str:
    font = f"font-size:{max(SMALLEST_LETTER, size * 9 // 20)}px"
    if code in FRUIT_FILL:
        fill = FRUIT_FILL[code]
        style = f"background:{fill};color:{text_colour_on(fill)};border-radius:{FRUIT_SHAPE[code]}"
        return f'<span class="wd-fruit" style="{style};{font}">{letter}</span>'
    style = f"background:{DROP_FILL};color:{text_colour_on(DROP_FILL)};{font}"
    return f'<span class="wd-drop" style="{style}"><span>{code}</span></span>'


_FRUIT_OF = {names[0]: fruit for fruit, names in wd.FRUIT_NAMES.items()}  # "banana": "B"


def _cell_words(code: str) -> str:
    if code in wd.FRUIT_NAMES:
        return water_drops_fruit(code)
    return _("{value}-drop").format(value=code)


def card_picture(card: wd.Card, size: int = 24) -> str:
    """A card as HTML: four cells of ``size`` px, fruit shapes with letters, numbered drops.

    >>> "wd-drop" in card_picture(wd.Card.from_text("BC/3M"))
    True
    """
    cells = "".join(
        f'<div class="wd-cell" style="width:{size}px;height:{size}px" '
        f'title="{_cell_words(code)}">{_code_html(code, size)}</div>'
        for code in card.cells
    )
    said = _("the {card} card: {cells}").format(card=water_drops_code(card), cells=card_words(card))
    words = html.escape(said)
    return f'<div class="wd-grid" role="img" aria-label="{words}" title="{words}">{cells}</div>'


def legend() -> str:
    """The legend under the orchard: each fruit's shape and letter (the session's) with its
    name, a drop with its value, then every frame the board draws (``FRAMES``: a group that
    scores and one that does not, a card's edge, an empty square, a lit square with its
    points, the hint's square, the picked card, the keyboard's focus, what a tour points
    at), each drawn as the board draws it and named by its shape as well as its colour.

    >>> from orchard_lab.language import speaking
    >>> with speaking("fr"):
    ...     shown = legend()
    >>> 'M</span></span> mangue' in shown, "goutte de 3" in shown
    (True, True)
    >>> "a group that scores nothing" in legend()
    True
    """
    entries = [(_legend_cell(code), water_drops_fruit(code)) for code in FRUIT_FILL]
    entries.append((_legend_cell("3"), _cell_words("3")))
    scoring = f"border:3px solid {SCORING_EDGE};background:var(--wd-scoring-group-back)"
    groups = [  # the groups' edges, drawn inline as the orchard draws them
        (scoring, _("solid frame, green inside: a group that scores")),
        (f"border:3px solid {GROUP_EDGE}", _("solid frame: a group that scores nothing")),
    ]
    entries += [
        (f'<span class="wd-legend-frame" style="{style}"></span>', meaning)
        for style, meaning in groups
    ]
    framed = {  # every other frame, by the class the board draws it with: what it means
        "orchard-wd-card": _("dashed frame: a card's edge"),
        "orchard-wd-open": _("dotted frame: an empty square next to your orchard"),
        "orchard-legal": _(
            "lit square: the picked card may go there; the number is what it adds, as it lies now"
        ),
        "orchard-hinted": _("thick dashed frame: the hint's square"),
        "orchard-selected": _("filled frame round a market card: the card you picked"),
        "focus": _("blue frame just outside, white gap: where the keys act (focus)"),
        HIGHLIGHT: _("double frame, yellow inside: what the tour or the lesson points at"),
    }
    entries += [
        (
            f'<span class="wd-legend-frame {FRAMES[drawn]}">'
            f"{'+2' if drawn == 'orchard-legal' else ''}</span>",
            meaning,
        )
        for drawn, meaning in framed.items()
    ]
    return legend_html(entries)


def _legend_cell(code: str, size: int = 22) -> str:
    """One cell of the legend: ``code`` drawn as in the orchard, in a cell of ``size`` px."""
    style = f"width:{size}px;height:{size}px"
    return f'<span class="wd-cell wd-legend-cell" style="{style}">{_code_html(code, size)}</span>'


def card_words(card: wd.Card) -> str:
    """What is on a card, cell by cell in reading order, for a screen reader.

    >>> card_words(wd.Card.from_text("BC/3M"))
    'banana, cherry, 3-drop, mango'
    """
    return ", ".join(_cell_words(code) for code in card.cells)


class GroupMap:
    """Which group each fruit cell belongs to, numbered in reading order from 1."""

    def __init__(self, groups: list[wd.Group]) -> None:
        self.groups = groups
        self.of: dict[Square, int] = {}
        for number, group in enumerate(groups, 1):
            for cell in group.cells:
                self.of[cell] = number

    def cell_html(
        self, board: wd.Board, cell: Square, size: int, marked: Collection[Square]
    ) -> str:
        """A cell with its borders: thick where its group ends, green when the group scores."""
        code = board.cell(*cell)
        where = f'data-cell="{cell[0]},{cell[1]}"'
        if code is None:
            return f'<div {where} style="width:{size}px;height:{size}px"></div>'
        number = self.of.get(cell)
        group = self.groups[number - 1] if number else None
        edge = SCORING_EDGE if group is not None and group.scores else GROUP_EDGE
        thick = 3 if size >= 30 else 2
        sides = []
        for side, (dr, dc) in zip(
            ("top", "right", "bottom", "left"), ((-1, 0), (0, 1), (1, 0), (0, -1)), strict=True
        ):
            near = (cell[0] + dr, cell[1] + dc)
            if number is not None and self.of.get(near) != number:
                sides.append(f"border-{side}:{thick}px solid {edge}")
        classes = ["wd-cell"]
        if group is not None and group.scores:
            classes.append("wd-scoring")
        if cell in marked:
            classes.append(HIGHLIGHT)
        words = (
            _("group {number}: {reason}").format(number=number, reason=group.reason)
            if group is not None
            else _("{cell} at cell {at}").format(cell=_cell_words(code), at=cell)
        )
        style = ";".join([f"width:{size}px;height:{size}px", *sides])
        return (
            f'<div class="{" ".join(classes)}" {where} style="{style}" '
            f'title="{html.escape(words)}">{_code_html(code, size)}</div>'
        )

    def square_html(
        self, board: wd.Board, at: Square, size: int, marked: Collection[Square] = ()
    ) -> str:
        cells = [(2 * at[0] + dr, 2 * at[1] + dc) for dr in (0, 1) for dc in (0, 1)]
        inner = "".join(self.cell_html(board, cell, size, marked) for cell in cells)
        return f'<div class="wd-grid">{inner}</div>'


def orchard_picture(board: wd.Board, size: int = 12) -> str:
    """A whole orchard as small HTML, every group outlined (for the other players).

    >>> "border-" in orchard_picture(wd.Board(start=wd.Card.from_text("BB/2C")))
    True
    """
    squares = board.squares
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    groups = GroupMap(board.groups())
    cells = "".join(
        groups.cell_html(board, (row, col), size, set())
        for row in range(2 * min(rows), 2 * max(rows) + 2)
        for col in range(2 * min(cols), 2 * max(cols) + 2)
    )
    count = 2 * (max(cols) - min(cols) + 1)
    return (
        f'<div class="wd-grid wd-mini" style="grid-template-columns:repeat({count},{size}px)">'
        f"{cells}</div>"
    )


def mini_px(board: wd.Board) -> int:
    """The cell size of another player's small orchard: 28 px, less when it is wide, so it
    fits the narrow output area without scrolling, and never below 18 px, so its letters
    stay ``SMALLEST_LETTER`` px (at 14 px a cell, they were 9 px, the size of a 6 px
    capital).

    >>> board = wd.Board(start=wd.Card.from_text("BB/2C"))
    >>> mini_px(board)
    28
    >>> for col in range(1, 12): board.place(wd.Card.from_text("BB/2C"), (0, col))
    >>> mini_px(board), "font-size:11px" in orchard_picture(board, mini_px(board))
    (21, True)
    """
    cols = [c for _, c in board.squares]
    cells = 2 * (max(cols) - min(cols) + 1)
    return max(SMALLEST_MINI, min(BIGGEST_MINI, MINI_ROOM // cells))


def card_px(columns: int) -> int:
    """The card size that lets ``columns`` cards fit the narrow output area."""
    return max(SMALLEST_CARD, min(BIGGEST_CARD, ROOM // max(columns, 1)))


def square_classes(base: str, marked: bool, more: dict[str, bool] | None = None) -> str:
    """``base`` and the class names switched on in ``more``, plus ``HIGHLIGHT`` if marked."""
    names = [base, *(name for name, on in (more or {}).items() if on)]
    return " ".join([*names, HIGHLIGHT] if marked else names)


def ghost_html(turned: wd.Card | None, gain: int | None, px: int) -> str:
    """An open square's text: the turned card's four cells (when the square is big enough)
    above what it would add there; empty when the square is not lit."""
    if turned is None or gain is None:
        return ""
    a, b, c, d = (html.escape(water_drops_letter(code)) for code in turned.cells)
    ghost = f'<span class="wd-ghost">{a} {b}<br>{c} {d}</span>' if px >= GHOST_PX else ""
    return f'{ghost}<span class="wd-gain">{gain:+d}</span>'


def card_squares(
    board: wd.Board,
    groups: list[wd.Group],
    px: int,
    marked_cells: Collection[Square] = (),
    marked_squares: Collection[Square] = (),
) -> list[GridSquare]:
    """Each card of ``board`` as a grid square of ``px``, each of its ``groups`` outlined;
    the cells in ``marked_cells`` and the squares in ``marked_squares`` carry ``HIGHLIGHT``."""
    group_map = GroupMap(groups)
    return [
        GridSquare(
            at,
            group_map.square_html(board, at, px // 2, marked_cells),
            _("row {row}, column {col}: the {card} card ({cells})").format(
                row=at[0], col=at[1], card=water_drops_code(card), cells=card_words(card)
            ),
            square_classes("orchard-wd-square orchard-wd-card", at in marked_squares),
        )
        for at, card in board.squares.items()
    ]


def open_square(
    at: Square, turned: wd.Card | None, gain: int | None, px: int, more: dict[str, bool],
    marked: bool,
) -> GridSquare:  # fmt: skip
    """The open square ``at``: lit (``more``) with the ghost of the ``turned`` card and its
    ``gain`` where the picked card may go, a clickable square in any case; a screen reader
    reads its row and column, and on a lit square what the card adds as it lies now."""
    if gain is None:
        words = _("row {row}, column {col}: an empty square").format(row=at[0], col=at[1])
    else:
        words = _(
            "row {row}, column {col}: an empty square; the picked card, as it lies now, would "
            "add {gain} here"
        ).format(row=at[0], col=at[1], gain=f"{gain:+d}")
    return GridSquare(
        at,
        ghost_html(turned, gain, px),
        words,
        square_classes("orchard-wd-open", marked, more),
        active=True,
    )


def _group(number: int, reason: str) -> str:
    return _("group {number}: {reason}").format(number=number, reason=html.escape(reason))


def groups_html(groups: list[wd.Group]) -> str:
    """The list of your groups, each with the engine's reason, a tick on those that score."""
    rows = "".join(
        f'<li class="{"wd-scores" if group.scores else "wd-nothing"}">'
        f"{'✓' if group.scores else '·'} {_group(number, group.reason)}</li>"
        for number, group in enumerate(groups, 1)
    )
    heading = _("<b>Your groups</b> (a green outline scores; point at a fruit to see its group)")
    return f"{heading}<ul>{rows}</ul>"


_EXPLAINED = {  # the score's heading under each scoring of WD-4
    "fruit": N_("<b>Explain my score</b> (fruit scoring)"),
    "drop": N_("<b>Explain my score</b> (drop scoring)"),
    "per_drop": N_("<b>Explain my score</b> (per drop scoring)"),
}


def _alike(reason: str, count: int) -> str:
    """A kind of group on the score's list: its reason, and how many groups share it."""
    if count == 1:
        return reason
    return _n("{reason} ({count} group)", "{reason} ({count} groups)", count).format(
        reason=reason, count=count
    )


def score_html(board: wd.Board, scoring: str) -> str:
    """Each fruit's points, and beside them one short line per kind of group (the engine's
    reason; groups alike share a line, the scoring ones first), under ``scoring``'s name.

    >>> "<b>total</b>" in score_html(wd.Board(start=wd.Card.from_text("BB/2C")), "fruit")
    True
    """
    score = board.score()
    alike: dict[str, dict[tuple[int, str], int]] = {name: {} for name in score.parts}
    for group in board.groups():
        counts = alike[wd.FRUIT_NAMES[group.fruit][0]]
        counts[(group.points, group.reason)] = counts.get((group.points, group.reason), 0) + 1
    rows: list[str] = []
    for name, earned in score.parts.items():
        kinds = sorted(alike[name].items(), key=lambda kind: (-kind[0][0], -kind[1]))
        items = "".join(
            f"<li>{html.escape(_alike(why, count))}</li>" for (_points, why), count in kinds
        )
        shown = (
            f'<ul style="margin: 0; padding-left: 16px">{items}</ul>'
            if items
            else html.escape(score.notes[name])  # "no cherries"
        )
        rows.append(
            f"<tr><td><b>{html.escape(water_drops_fruit(_FRUIT_OF[name]))}</b></td><td>{shown}</td>"
            f'<td style="text-align:right">{earned}</td></tr>'
        )
    heading, total = _(_EXPLAINED[scoring]), html.escape(_("total"))
    return (
        f"{heading}<table>"
        f"{''.join(rows)}<tr><td><b>{total}</b></td><td></td>"
        f'<td style="text-align:right"><b>{score.total}</b></td></tr></table>'
    )


def opponent_html(player: int, policy: str, board: wd.Board) -> str:
    """Another player's block: who plays it, its points, its orchard drawn small."""
    who = _n(
        "<b>Player {player}</b> ({policy}) · {count} point",
        "<b>Player {player}</b> ({policy}) · {count} points",
        abs(board.total),
    ).format(player=player, policy=html.escape(policy), count=board.total)
    return f'<div class="orchard-wd-opponent">{who}{orchard_picture(board, mini_px(board))}</div>'
