"""What the stacked trees board draws: its colours, the grid's squares, small HTML tables of
cards and orchards, the sentence for a move's effect, the legend under the grid, and its
stylesheet.

Pure functions from engine values to HTML, ``Square`` values and words; no widget, no rule
(a move's effect comes from ``st.Board.effect``). The CSS is ``static/stacked_trees_board.css``;
the colours a contrast test checks (``TEXT_ON``) and the grid's sizes reach it as custom
properties (``style``).

>>> board = st.Board(st.Card.from_text("APL/LAP"))
>>> squares, px = orchard_squares(board)
>>> len(squares), px, squares[0].at
(42, 44, (-2, -2))
>>> effect_words(board.effect(st.Card.from_text("APL/LAP"), (0, 0)), 3)
'✓ Allowed here: 6 new dice (apple, pear, plum, plum, apple, pear); +6 points in all.'
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from orchard_lab import stacked_trees as st
from orchard_lab.contrast import text_colour_on
from orchard_lab.fruit_words import tree_letter, tree_name
from orchard_lab.language import N_, _, _n
from orchard_lab.widgets.board_base import BOARD_TEXT_ON, HIGHLIGHT
from orchard_lab.widgets.board_parts import legend_html
from orchard_lab.widgets.square_grid import Square
from orchard_lab.widgets.styles import style_html, text_properties

__all__ = [
    "FRAMES",
    "FRUIT_FILL",
    "GHOST_FILL",
    "MARGIN",
    "TEXT_ON",
    "card_html",
    "cell_px",
    "effect_words",
    "orchard_html",
    "orchard_squares",
    "style",
    "token_cells",
    "trees_legend",
]

MARGIN = 2  # empty cells shown around the orchard: a turned card reaches 2 cells out
ROOM = 560  # px of grid width at 1024 × 768 with the file browser open
BIGGEST_CELL, SMALLEST_CELL = 44, 16  # px; cells shrink as the orchard grows wider
GRID_PAD, GRID_GAP = 4, 1  # px around the cells and between them (the grid's CSS)
# Colour-blind-safe fruit colours told apart by lightness and hue (dark red, gold, purple),
# and by a letter, so no rule depends on colour alone.
FRUIT_FILL = {"A": "#b2182b", "P": "#f0c419", "L": "#5e3c99"}
# A ghost (a card's preview, not placed) is drawn pale, in a tint of its fruit's colour with
# dark letters, under a dashed outline: never mistaken for a placed, solid tree.
GHOST_FILL = {"A": "#ecc5ca", "P": "#f8e49a", "L": "#d7cee6"}
EMPTY_FILL = "#f4f1e6"
TEXT_ON = {  # every (text, background) pair the board's CSS uses; a test checks 4.5:1
    **{f"{st.FRUIT_NAMES[f]} tree": (text_colour_on(fill), fill) for f, fill in FRUIT_FILL.items()},
    **{f"{st.FRUIT_NAMES[f]} ghost": ("#1a1a1a", fill) for f, fill in GHOST_FILL.items()},
    "title": ("#1f5c1f", "#ffffff"),
    **BOARD_TEXT_ON,
    "allowed": ("#1b5e20", "#ffffff"),
    "ask": ("#7a4100", "#ffffff"),
    "empty spot": ("#595959", EMPTY_FILL),
    "die": ("#1a1a1a", "#ffffff"),
}
SIDES = (("t", (-1, 0)), ("b", (1, 0)), ("l", (0, -1)), ("r", (0, 1)))  # card outlines
Cell = tuple[int, int]


def style() -> str:
    """The board's ``<style>``: ``TEXT_ON`` and the grid's sizes as custom properties, then
    ``static/stacked_trees_board.css``."""
    properties = text_properties("st", TEXT_ON)
    properties.update({"--st-grid-gap": f"{GRID_GAP}px", "--st-grid-pad": f"{GRID_PAD}px"})
    return style_html("stacked_trees_board.css", ".orchard-st-board", properties)


def effect_words(effect: st.Effect, penalty: int) -> str:
    """A move's effect in a sentence a learner reads; ``penalty`` points per rotten token."""
    if not effect.legal:
        return _("✗ Not allowed here: {reason}").format(reason=effect.reason)
    return _("✓ Allowed here: {effect}").format(effect=effect_summary(effect, penalty))


def effect_summary(effect: st.Effect, penalty: int) -> str:
    """What an allowed move does to the dice and tokens, and its points:
    '1 new die (plum); +1 point in all.'"""
    parts = []
    if effect.climbs:
        steps = ", ".join(f"{a} → {b}" for _, a, b in effect.climbs)
        climbs = len(effect.climbs)
        said = _n("{count} die climbs ({steps})", "{count} dice climb ({steps})", climbs)
        parts.append(said.format(count=climbs, steps=steps))
    if effect.new_dice:
        names = ", ".join(tree_name(f) for _, f in effect.new_dice)
        new = len(effect.new_dice)
        said = _n("{count} new die ({fruits})", "{count} new dice ({fruits})", new)
        parts.append(said.format(count=new, fruits=names))
    if effect.back:
        back = len(effect.back)
        said = _n("{count} die goes back to the supply", "{count} dice go back to the supply", back)
        parts.append(said.format(count=back))
    if effect.tokens:
        said = _n(
            "costs {count} rotten token (-{lost} points)",
            "costs {count} rotten tokens (-{lost} points)",
            effect.tokens,
        )
        parts.append(said.format(count=effect.tokens, lost=penalty * effect.tokens))
    gain = effect.gain
    done = ", ".join(parts) or _("no die moves")
    said = _n("{effects}; {gain} point in all.", "{effects}; {gain} points in all.", abs(gain))
    return said.format(effects=done, gain=f"{gain:+d}")


def _tree_title(fruit: str, rotten: bool) -> str:
    name = tree_name(fruit)
    return _("{fruit} (rotten)").format(fruit=name) if rotten else name


def _tree_cell(fruit: str, die: int | None, rotten: bool, size: int) -> str:
    fill = FRUIT_FILL[fruit]
    mark = "✗" if rotten else (str(die) if die is not None else "")
    text, back = TEXT_ON["die"]
    badge = (
        f'<span style="background:{back};color:{text};border-radius:3px;padding:0 2px;'
        f'font-size:{size * 0.38:.0f}px">{mark}</span>'
        if mark
        else ""
    )
    return (
        f'<td title="{html.escape(_tree_title(fruit, rotten))}" '
        f'style="background:{fill};color:{text_colour_on(fill)};width:{size}px;'
        f'height:{size}px;text-align:center;font-weight:700;font-size:{size * 0.42:.0f}px">'
        f"{tree_letter(fruit)}{badge}</td>"
    )


def card_html(card: st.Card, rotation: int = 0, size: int = 22) -> str:
    """A card turned by ``rotation`` as a small table of coloured trees with their letters.

    >>> card_html(st.Card.from_text("APL/LAP")).count("<td")
    6
    """
    turned = card.rotated(rotation)
    rows = "".join(
        "<tr>" + "".join(_tree_cell(f, None, False, size) for f in line) + "</tr>"
        for line in turned.rows
    )
    words = " / ".join(", ".join(st.FRUIT_NAMES[f] for f in line) for line in turned.rows)
    return f'<table class="orchard-st-card" role="img" aria-label="card: {words}">{rows}</table>'


def orchard_html(board: st.Board, size: int = 18) -> str:
    """A whole orchard as a small table: each visible tree with its die value or ✗ if rotten.

    >>> orchard_html(st.Board(st.Card.from_text("APL/LAP"))).count("<td")
    6
    """
    empty = f'<td style="width:{size}px;height:{size}px"></td>'
    rows = [
        "".join(
            empty
            if cell is None
            else _tree_cell(board.top(*cell) or "", board.die(*cell), board.is_rotten(*cell), size)
            for cell in row
        )
        for row in board.cell_rows()
    ]
    return f'<table class="orchard-st-mini">{"".join(f"<tr>{row}</tr>" for row in rows)}</table>'


def cell_px(columns: int) -> int:
    """The cell size that lets ``columns`` cells (with the grid's gaps and padding) fit the
    narrow output area.

    >>> cell_px(8), cell_px(14), cell_px(60)
    (44, 38, 16)
    """
    room = ROOM - 2 * GRID_PAD - GRID_GAP * (columns - 1)
    return max(SMALLEST_CELL, min(BIGGEST_CELL, room // max(columns, 1)))


def _cell_text(fruit: str, mark: str | None) -> str:
    """What a grid cell shows: the fruit's letter, and under it its die value or ✗ (a space
    between, so the two read as the words its name starts with)."""
    letter = f'<span class="orchard-st-letter">{tree_letter(fruit)}</span>'
    return letter if mark is None else f'{letter} <span class="orchard-st-mark">{mark}</span>'


def _cell_words(fruit: str, mark: str | None, words: str) -> str:
    """A cell's name: what it shows, then ``words``, so that the name holds its visible
    label (WCAG 2.5.3; ✗ is no word).

    >>> _cell_words("A", "1", "apple, row 0, column 0, die 1")
    'A 1: apple, row 0, column 0, die 1'
    """
    shown = fruit if mark in (None, "✗") else f"{fruit} {mark}"
    return f"{shown}: {words}"


def _owners(board: st.Board) -> dict[Cell, int]:
    """Which placement (its index in the history) shows each cell's visible tree."""
    owner: dict[Cell, int] = {}
    for i, (card, (row, col), rotation, _tokens) in enumerate(board.history):
        for r, line in enumerate(card.rotated(rotation).rows):
            for c in range(len(line)):
                owner[(row + r, col + c)] = i
    return owner


def token_cells(board: st.Board, effect: st.Effect) -> frozenset[Cell]:
    """The cells of ``effect``'s card that would carry a rotten token once it is placed
    (ST-5), as the engine places it on a copy of ``board``: none for a refused placement or
    one that spends no token.

    >>> board = st.Board(st.Card.from_text("APL/LAP"))
    >>> sorted(token_cells(board, board.effect(st.Card.from_text("PPL/LAP"), (0, 0))))
    [(0, 0)]
    >>> token_cells(board, board.effect(st.Card.from_text("APL/LAP"), (0, 0)))
    frozenset()
    """
    if not effect.legal or not effect.tokens:
        return frozenset()
    after = board.copy()
    after.place(effect.card, effect.at, effect.rotation, rotten=True)
    return frozenset(cell for cell in effect.cells() if after.is_rotten(*cell))


def orchard_squares(
    board: st.Board,
    *,
    ghost: st.Effect | None = None,
    picked: Cell | None = None,
    last: bool = False,
    lit: Iterable[Cell] = (),
) -> tuple[list[Square], int]:
    """The grid's squares for ``board`` and their size in px: the orchard and MARGIN empty
    cells around it, each cell at its (row, col), every one taking a click. Trees show their
    die or ✗ and their card's edges; ``ghost`` (a move's effect) is drawn over them with the
    dice it would leave and a ✗ where it would take a rotten token; ``picked`` is the
    ghost's cell, ``last`` marks the last card placed and ``lit`` the cells a lesson talks
    about."""
    rmin, rmax, cmin, cmax = board.bounds()
    top, left = rmin - MARGIN, cmin - MARGIN
    rows, cols = rmax - rmin + 1 + 2 * MARGIN, cmax - cmin + 1 + 2 * MARGIN
    owner = _owners(board)
    ghost_cells = ghost.cells() if ghost is not None else {}
    after: dict[Cell, int] = {}
    tokens: frozenset[Cell] = frozenset()
    if ghost is not None and ghost.legal:
        after = {cell: b for cell, _a, b in ghost.climbs}
        after.update({cell: board.rules.ladder[0] for cell, _f in ghost.new_dice})
        tokens = token_cells(board, ghost)
    newest = {cell for cell, i in owner.items() if i == len(board.history) - 1} if last else set()
    lit = set(lit)
    squares = []
    for cell in ((top + i, left + j) for i in range(rows) for j in range(cols)):
        where = f"row {cell[0]}, column {cell[1]}"
        fruit = board.top(*cell)
        classes = ["orchard-st-cell"]
        if cell in ghost_cells:
            shown = ghost_cells[cell]
            value = after.get(cell)
            classes += [f"orchard-st-fruit-{shown}", "orchard-st-ghost"]
            if ghost is None or not ghost.legal:
                classes.append("orchard-st-ghost-bad")
            more = "" if value is None else f", die would be {value}"
            mark = None if value is None else str(value)
            if cell in tokens:  # the token it would take, drawn as a placed rotten tree is
                classes.append("orchard-st-rotten")
                more, mark = ", would take a rotten token", "✗"
            text = _cell_text(shown, mark)
            words = _cell_words(
                shown, mark, f"ghost of your card: {st.FRUIT_NAMES[shown]}, {where}{more}"
            )
        elif fruit is None:
            classes.append("orchard-st-empty")
            text, words = "", f"empty, {where}"
        else:
            die = board.die(*cell)
            rotten = board.is_rotten(*cell)
            classes.append(f"orchard-st-fruit-{fruit}")
            mark = "✗" if rotten else None if die is None else str(die)
            if rotten:
                classes.append("orchard-st-rotten")
            elif die is not None:
                classes.append("orchard-st-die")
            text = _cell_text(fruit, mark)
            words = _cell_words(
                fruit,
                mark,
                f"{st.FRUIT_NAMES[fruit]}, {where}"
                + (", rotten" if rotten else f", die {die}" if die is not None else ""),
            )
            mine = owner.get(cell)
            classes += [
                f"orchard-st-edge-{side}"
                for side, (dr, dc) in SIDES
                if owner.get((cell[0] + dr, cell[1] + dc)) != mine
            ]
        if cell == picked:
            classes.append("orchard-st-picked")
        if cell in newest:
            classes.append("orchard-st-last")
        if cell in lit:
            classes.append(HIGHLIGHT)
        squares.append(Square(cell, text, words, " ".join(classes), active=True))
    return squares, cell_px(cols)


# Every frame the grid draws on a cell besides a card's edges: the class the grid gives the
# cell, the class of the legend's sample (drawn by the same CSS rule, a class of its own so
# nothing mistakes the sample for the grid) and what it means. Each has a sign besides its
# colour: dashes (a ghost), a ✗ (not allowed), a corner (the spot you clicked). The last
# card's frame is named while the best line is replayed, the highlight while a lesson
# highlights.
FRAMES = (
    (
        "orchard-st-ghost",
        "orchard-st-legend-ghost",
        # Translators: stacked trees, the legend: a card's ghost, the preview of where it would
        # go (the hint's too), drawn pale and dashed; the board calls it "its ghost" elsewhere
        N_("ghost of your card, not placed: its dice as they would be"),
    ),
    (
        "orchard-st-ghost-bad",
        "orchard-st-legend-bad",
        # Translators: stacked trees, the legend: a ghost drawn with red dashes and a ✗
        N_("ghost where your card may not go"),
    ),
    (
        "orchard-st-picked",
        "orchard-st-legend-picked",
        # Translators: stacked trees, the legend: the cell a pupil clicked, marked by a
        # corner; the card's top-left tree goes there
        N_("the spot you clicked, for your card's top-left tree: click it again to place it"),
    ),
)
# Translators: stacked trees, the legend while the best line is replayed: the frame of the
# card it placed last
LAST_FRAME = ("orchard-st-last", "orchard-st-legend-last", N_("the last card the best line placed"))
# Translators: the legend of a board in a lesson or a walkthrough: the frame round what the
# text above the board is about
HIGHLIGHT_FRAME = (HIGHLIGHT, "orchard-st-legend-highlight", N_("what the text above talks about"))


def trees_legend(*, replaying: bool = False, highlighting: bool = False) -> str:
    """The legend under the grid: each fruit's tree with its letter (the session's) and its
    name, a die's value, a rotten token's ✗, and each frame the grid draws (``FRAMES``: a
    ghost, a card's preview, drawn pale and dashed...), each drawn as the grid draws it;
    the best line's last card while ``replaying``, the lesson's highlight while
    ``highlighting``.

    >>> from orchard_lab.language import speaking
    >>> with speaking("fr"):
    ...     shown = trees_legend()
    >>> "M</span> pomme" in shown, "M ✗</span> jeton pourri" in shown
    (True, True)
    >>> "orchard-st-legend-picked" in shown, "orchard-st-legend-last" in shown
    (True, False)
    """
    apple = tree_letter("A")
    entries = [(_legend_tree(f, tree_letter(f)), tree_name(f)) for f in st.FRUITS]
    # Translators: stacked trees, the legend under the orchard: a tree drawn with its die
    die = _("a die of value {value}").format(value=3)
    entries += [
        (_legend_tree("A", f"{apple} 3"), die),
        (_legend_tree("A", f"{apple} ✗", "orchard-st-rotten"), _("rotten token")),
    ]
    frames = [*FRAMES]
    if replaying:
        frames.append(LAST_FRAME)
    if highlighting:
        frames.append(HIGHLIGHT_FRAME)
    for _state, sample, meaning in frames:
        # a ghost's samples are ghosts: pale and dashed
        ghost = "orchard-st-legend-ghost " if sample in _ON_A_GHOST else ""
        entries.append((_legend_tree("A", apple, f"{ghost}{sample}".strip()), _(meaning)))
    return legend_html(entries)


_ON_A_GHOST = ("orchard-st-legend-bad", "orchard-st-legend-picked")


def _legend_tree(fruit: str, shown: str, more: str = "") -> str:
    """A tree of the legend: ``shown`` on ``fruit``'s colour, with the classes ``more``."""
    classes = f"orchard-st-legend-tree orchard-st-fruit-{fruit} {more}".strip()
    return f'<span class="{classes}">{html.escape(shown)}</span>'


# -- the lines beside the board --------------------------------------------------------------
def supply_html(game: st.Game, board: st.Board) -> str:
    """The dice and rotten tokens ``board`` has left, and the ladder the dice climb.

    >>> game = st.Game.new(seed=1)
    >>> "Dice left" in supply_html(game, game.boards[0])
    True
    """
    left = board.dice_left
    supply = " · ".join(f"{tree_letter(f)} {tree_name(f)} {left[f]}" for f in st.FRUITS)
    said = _(
        "<b>Dice left:</b> {supply}<br><b>Rotten tokens left:</b> {left} of {tokens} · "
        "<b>ladder:</b> {ladder}"
    )
    return said.format(
        supply=supply,
        left=board.rotten_left,
        tokens=game.rules.rotten_tokens,
        ladder=" → ".join(map(str, game.rules.ladder)),
    )


def score_html(board: st.Board) -> str:
    """An orchard's score with its two parts and its rating."""
    score = board.score()
    said = _("<b>Score: {total}</b> ({dice}; {rotten}) · rating <b>{rating}</b>")
    return said.format(
        total=score.total,
        dice=html.escape(score.notes["dice"]),
        rotten=html.escape(score.notes["rotten"]),
        rating=html.escape(_(st.rating(score.total))),
    )


def deal_code_html(game: st.Game) -> str:
    """The deal's code, to play the same cards again, or why it has none."""
    try:
        code = st.deal_code(game.order)
    except ValueError:
        return _("This deal has no code: its cards are not all from the box.")
    return _("Deal code <b>{code}</b>: type it under New game to play the same cards.").format(
        code=code
    )


def others_html(game: st.Game) -> str:
    """The other players' points and cards (nothing in a solo game)."""
    if game.players == 1:
        return ""
    scores = game.scores()
    rows = [_other(p, scores[p], len(game.boards[p].cards())) for p in range(1, game.players)]
    return "<br>".join([_("<b>The others, same cards:</b>"), *rows])


def _other(player: int, score: int, cards: int) -> str:
    """Another player's line: 'Player 1 (greedy): 2 points, 2 cards'."""
    said = _n(
        "Player {player} (greedy): {score}, {count} card",
        "Player {player} (greedy): {score}, {count} cards",
        cards,
    )
    scored = _n("{points} point", "{points} points", abs(score)).format(points=score)
    return said.format(player=player, score=scored, count=cards)
