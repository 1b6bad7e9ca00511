"""Small pictures for the printed sheets, drawn from engine objects as plain HTML with
inline colours (the boards' own colour tables): an apple, a water drops orchard with its
groups outlined, a stacked trees orchard with its dice. The letters and words are the
session's language's (``orchard_lab.language``): a fruit's letter is its catalogue's, chosen
so that no two fruits of a game share one (French stacked trees: M, R, N).

>>> chip(ab.Card("red", 3, 2)).count("h3 · s2")
1
>>> drops_orchard(wd.Board(start=wd.Card.from_text("BB/2C"))).count('class="cell"')
4
>>> trees_orchard(st.Board(st.Card.from_text("APL/LAP"))).count('class="tree"')
6
"""

from __future__ import annotations

from html import escape

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.contrast import text_colour_on
from orchard_lab.fruit_words import tree_letter, tree_name, water_drops_letter
from orchard_lab.language import _
from orchard_lab.widgets.apple_batches_board import (
    APPLE_FILL,
    APPLE_MARK,
    chip_html,
    chip_label,
)
from orchard_lab.widgets.stacked_trees_html import FRUIT_FILL as TREE_FILL
from orchard_lab.widgets.water_drops_html import DROP_FILL
from orchard_lab.widgets.water_drops_html import FRUIT_FILL as DROPS_FRUIT_FILL

__all__ = [
    "chip",
    "chip_label",
    "chips",
    "drops_card",
    "drops_orchard",
    "mark_chip",
    "trees_card",
    "trees_orchard",
]

SCORING_EDGE = "#1a7f37"  # a group that scores: a thick green outline
GROUP_EDGE = "#555555"  # a group that does not: a thin dashed grey one


def chip(card: ab.Card, *, refused: bool = False) -> str:
    """An apple as a small pill on its colour, as the board draws it: its shape, height and
    sweetness."""
    return chip_html(card, "chip refused" if refused else "chip")


def mark_chip(colour: str) -> str:
    """A colour's mark alone on its colour, for the key to the marks (● red, ▲ green, ★ gold)."""
    fill = APPLE_FILL[colour]
    return (
        f'<span class="chip" style="background:{fill};color:{text_colour_on(fill)}">'
        f"{APPLE_MARK[colour]}</span>"
    )


def chips(cards: tuple[ab.Card, ...] | list[ab.Card]) -> str:
    return "".join(chip(card) for card in cards)


def _drops_cell(code: str | None, edges: list[str]) -> str:
    if code is None:
        return '<div class="cell empty"></div>'
    fill = DROPS_FRUIT_FILL.get(code, DROP_FILL)
    radius = "50%" if code in DROPS_FRUIT_FILL else "1mm"
    style = f"background:{fill};color:{text_colour_on(fill)};border-radius:{radius}"
    return (
        f'<div class="cell" style="{";".join(edges)}">'
        f'<span style="{style}">{escape(water_drops_letter(code))}</span></div>'
    )


def drops_orchard(board: wd.Board, *, small: bool = False) -> str:
    """A water drops orchard: fruit letters on their colours, drops in blue with their
    value; a group that scores has a thick green outline, any other group a dashed one; a
    thin white gap between cards."""
    squares = board.squares
    rows, cols = [r for r, _ in squares], [c for _, c in squares]
    owner: dict[tuple[int, int], wd.Group] = {}
    for group in board.groups():
        for cell in group.cells:
            owner[cell] = group
    sides = (("top", (-1, 0)), ("right", (0, 1)), ("bottom", (1, 0)), ("left", (0, -1)))
    cells = []
    for row in range(2 * min(rows), 2 * max(rows) + 2):
        for col in range(2 * min(cols), 2 * max(cols) + 2):
            found = owner.get((row, col))
            edges = []
            if found is not None:
                line = f"0.4mm dashed {GROUP_EDGE}"
                if found.points:
                    line = f"0.7mm solid {SCORING_EDGE}"
                edges = [
                    f"border-{side}:{line}"
                    for side, (dr, dc) in sides
                    if owner.get((row + dr, col + dc)) is not found
                ]
            cells.append(_drops_cell(board.cell(row, col), edges))
    size, gap = (4.6, 0.8) if small else (6.2, 1.0)
    return (
        f'<div class="cells{" small" if small else ""}" '
        f'style="grid-template-columns:{_card_tracks(max(cols) - min(cols) + 1, size, gap)};'
        f'grid-template-rows:{_card_tracks(max(rows) - min(rows) + 1, size, gap)}">'
        f"{''.join(cells)}</div>"
    )


def _card_tracks(cards: int, size: float, gap: float) -> str:
    """The grid's tracks along ``cards`` cards, two cells each, with a white gap between one
    card and the next, so a pupil can count the cards and see where each one lies."""
    card = f"{size}mm {size + gap:.1f}mm"
    return " ".join([card] * (cards - 1) + [f"{size}mm {size}mm"])


def drops_card(card: wd.Card) -> str:
    """One water drops card: its four cells."""
    return drops_orchard(wd.Board(start=card))


def _tree(fruit: str | None, die: int | None = None, rotten: bool = False) -> str:
    if fruit is None:
        return '<td class="tree"></td>'
    fill = TREE_FILL[fruit]
    mark = "✗" if rotten else (str(die) if die is not None else "")
    badge = f'<span class="die">{mark}</span>' if mark else ""
    rotten_names = {"A": _("apple, rotten"), "P": _("pear, rotten"), "L": _("plum, rotten")}
    name = rotten_names[fruit] if rotten else tree_name(fruit)
    return (
        f'<td class="tree" title="{escape(name)}" style="background:{fill};'
        f'color:{text_colour_on(fill)}">{escape(tree_letter(fruit))}{badge}</td>'
    )


def trees_orchard(board: st.Board, *, small: bool = False) -> str:
    """A stacked trees orchard: every tree you can see, with its die or ✗ when rotten."""
    top, bottom, left, right = board.bounds()
    rows = "".join(
        "<tr>"
        + "".join(
            _tree(board.top(r, c), board.die(r, c), board.is_rotten(r, c))
            for c in range(left, right + 1)
        )
        + "</tr>"
        for r in range(top, bottom + 1)
    )
    return f'<table class="trees{" small" if small else ""}">{rows}</table>'


def trees_card(card: st.Card) -> str:
    """One stacked trees card: its six trees, no dice."""
    rows = "".join("<tr>" + "".join(_tree(f) for f in line) + "</tr>" for line in card.rows)
    return f'<table class="trees" style="display:inline-table;margin-right:2mm">{rows}</table>'
