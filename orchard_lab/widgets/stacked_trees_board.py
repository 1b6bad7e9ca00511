"""The stacked trees board: choose a card, turn it, see where it would go, then place it.

A plain class composing stock ipywidgets over ``stacked_trees.Game``; the orchard is one
``SquareGrid`` drawing each tree cell at its (row, col), ``data-cell="row,col"`` in engine
coordinates, with MARGIN empty cells around (``board.grid.click(at)`` clicks a cell,
``board.grid.square(at)`` says what it shows). You are player 0; with several players the
others get the same cards (ST-7) and play greedy after each of your moves. Every action is
a method (``select_card``, ``turn``, ``preview``, ``place``, ``confirm``, ``hint``,
``undo``, ``new_game``, ``how_well``, ``replay_next``...) and every button calls the same
method, so tests drive the board without a browser. A click on a grid cell shows a ghost
of the card there, saying before you commit whether it is allowed, which dice would climb,
which new dice would come and what rotten tokens it would cost; a second click on the same
cell places it. Building a board plays nothing.

>>> board = StackedTreesBoard(seed=0)
>>> board.select_card(0); board.turn(); board.rotation
90
>>> move = board.game.legal_moves()[0]
>>> board.select_card(board.game.hand.index(move.card)); board.rotation = move.rotation
>>> board.preview(move.at).legal
True
"""

from __future__ import annotations

import dataclasses
import functools
import html
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go

from orchard_lab import policies
from orchard_lab import stacked_trees as st
from orchard_lab.core import IllegalMove, check_type, require_int
from orchard_lab.policies import hint_names
from orchard_lab.stacked_trees.policies import (
    POLICY_NAMES,
    greedy_turn,
    play_table,
    random_turn,
    say,
)
from orchard_lab.stacked_trees.rules import check_at
from orchard_lab.widgets.board_base import (
    HIGHLIGHT,
    HUMAN,
    GameBoard,
    hint_choice,
    keys_box,
    points,
    set_classes,
)
from orchard_lab.widgets.contrast import text_colour_on
from orchard_lab.widgets.plotly_state import SharedBundleFigure, fit_to_container, keep_state
from orchard_lab.widgets.square_grid import Square, SquareGrid

__all__ = [
    "FRUIT_FILL",
    "FRUIT_MARK",
    "HIGHLIGHT",
    "SEARCH_SECONDS",
    "TEXT_ON",
    "Ghost",
    "StackedTreesBoard",
    "card_html",
    "deal_comparison",
    "orchard_html",
]

SEARCH_SECONDS = 8.0  # the best line's time limit (then the other players' scores: < 10 s)
LOOKAHEAD_ROLLOUTS = 2  # a lookahead game of a 9-card deal in well under a second
RANDOM_GAMES = 100  # random games on the deal, for the comparison figure
MARGIN = 2  # empty cells shown around the orchard: a turned card reaches 2 cells out
ROOM = 560  # px of grid width at 1024 × 768 with the file browser open
BIGGEST_CELL, SMALLEST_CELL = 44, 16  # px; cells shrink as the orchard grows wider
GRID_PAD, GRID_GAP = 4, 1  # px around the cells and between them (the grid's CSS)
# Colour-blind-safe fruit colours told apart by lightness and hue (dark red, gold, purple),
# and by a letter and a shape, so no rule depends on colour alone.
FRUIT_FILL = {"A": "#b2182b", "P": "#f0c419", "L": "#5e3c99"}
FRUIT_MARK = {"A": "●", "P": "▲", "L": "◆"}
EMPTY_FILL = "#f4f1e6"
TEXT_ON = {  # every (text, background) pair the board's CSS uses; a test checks 4.5:1
    **{f"{st.FRUIT_NAMES[f]} tree": (text_colour_on(fill), fill) for f, fill in FRUIT_FILL.items()},
    "title": ("#1f5c1f", "#ffffff"),
    "refused": ("#b3261e", "#ffffff"),
    "allowed": ("#1b5e20", "#ffffff"),
    "ask": ("#7a4100", "#ffffff"),
    "hint": ("#4a3b00", "#ffffff"),
    "help": ("#595959", "#ffffff"),
    "result": ("#1a1a1a", "#fff4d6"),
    "empty spot": ("#595959", EMPTY_FILL),
    "die": ("#1a1a1a", "#ffffff"),
}
SIDES = (("t", (-1, 0)), ("b", (1, 0)), ("l", (0, -1)), ("r", (0, 1)))  # card outlines
KEY_HELP = "keys: r turn · w a s d move the ghost · p place · y yes, spend tokens"


@dataclass(frozen=True)
class Ghost:
    """What placing the chosen card at ``at`` would do, worked out on a copy of the board.

    ``reason`` is the engine's sentence when it is not allowed; ``climbs`` lists
    (cell, value before, value after), ``new_dice`` (cell, fruit), ``back`` the dice that go
    back to the supply under rotten tokens.
    """

    card: st.Card
    at: tuple[int, int]
    rotation: int
    legal: bool
    reason: str = ""
    tokens: int = 0
    gain: int = 0
    climbs: tuple[tuple[tuple[int, int], int, int], ...] = ()
    new_dice: tuple[tuple[tuple[int, int], str], ...] = ()
    back: tuple[tuple[int, int], ...] = ()

    def cells(self) -> dict[tuple[int, int], str]:
        """The cells the turned card covers, with its fruit there."""
        row, col = self.at
        turned = self.card.rotated(self.rotation)
        return {
            (row + r, col + c): fruit
            for r, line in enumerate(turned.rows)
            for c, fruit in enumerate(line)
        }

    def words(self, penalty: int) -> str:
        """The ghost in a sentence a learner reads."""
        if not self.legal:
            return f"✗ Not allowed here: {self.reason}"
        parts = []
        if self.climbs:
            steps = ", ".join(f"{a} → {b}" for _, a, b in self.climbs)
            count = "1 die climbs" if len(self.climbs) == 1 else f"{len(self.climbs)} dice climb"
            parts.append(f"{count} ({steps})")
        if self.new_dice:
            names = ", ".join(st.FRUIT_NAMES[f] for _, f in self.new_dice)
            count = "1 new die" if len(self.new_dice) == 1 else f"{len(self.new_dice)} new dice"
            parts.append(f"{count} ({names})")
        if self.back:
            count = "1 die goes" if len(self.back) == 1 else f"{len(self.back)} dice go"
            parts.append(f"{count} back to the supply")
        if self.tokens:
            tokens = "1 rotten token" if self.tokens == 1 else f"{self.tokens} rotten tokens"
            parts.append(f"costs {tokens} (−{penalty * self.tokens} points)")
        effect = ", ".join(parts) or "no die moves"
        return f"✓ Allowed here: {effect}; {_signed(self.gain)} in all."


def _signed(n: int) -> str:
    return points(n, signed=True)


def work_out(board: st.Board, card: st.Card, at: tuple[int, int], rotation: int) -> Ghost:
    """The ``Ghost`` of ``card`` turned by ``rotation`` at ``at`` on ``board`` (unchanged).

    >>> board = st.Board(st.Card.from_text("APL/LAP"))
    >>> work_out(board, st.Card.from_text("APL/LAP"), (0, 0), 0).new_dice[0]
    ((0, 0), 'A')
    """
    try:
        tokens = board.tokens_needed(card, at, rotation)
        gain = board.gain(card, at, rotation, rotten=tokens > 0)
    except IllegalMove as refusal:
        return Ghost(card, at, rotation, False, str(refusal))
    before = board.dice()
    after_board = board.copy()
    after_board.place(card, at, rotation, tokens > 0)
    after = after_board.dice()
    climbs = tuple((c, before[c], v) for c, v in after.items() if c in before and before[c] != v)
    new = tuple((c, after_board.top(*c) or "") for c in after if c not in before)
    back = tuple(c for c in before if c not in after)
    return Ghost(card, at, rotation, True, "", tokens, gain, climbs, new, back)


def _tree_cell(fruit: str, die: int | None, rotten: bool, size: int) -> str:
    fill = FRUIT_FILL[fruit]
    mark = "✗" if rotten else (str(die) if die is not None else "")
    badge = (
        f'<span style="background:#fff;color:#1a1a1a;border-radius:3px;padding:0 2px;'
        f'font-size:{size * 0.38:.0f}px">{mark}</span>'
        if mark
        else ""
    )
    return (
        f'<td title="{st.FRUIT_NAMES[fruit]}{" (rotten)" if rotten else ""}" '
        f'style="background:{fill};color:{text_colour_on(fill)};width:{size}px;'
        f'height:{size}px;text-align:center;font-weight:700;font-size:{size * 0.42:.0f}px">'
        f"{fruit}{badge}</td>"
    )


def _cell_text(fruit: str, mark: str | None) -> str:
    """What a grid cell shows: the fruit's letter, and under it its die value or ✗."""
    letter = f'<span class="orchard-st-letter">{fruit}</span>'
    return letter if mark is None else f'{letter}<span class="orchard-st-mark">{mark}</span>'


def _cell_px(columns: int) -> int:
    """The cell size that lets ``columns`` cells (with the grid's gaps and padding) fit the
    narrow output area.

    >>> _cell_px(8), _cell_px(14), _cell_px(60)
    (44, 38, 16)
    """
    room = ROOM - 2 * GRID_PAD - GRID_GAP * (columns - 1)
    return max(SMALLEST_CELL, min(BIGGEST_CELL, room // max(columns, 1)))


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
    return f'<table class="orchard-st-card">{rows}</table>'


def orchard_html(board: st.Board, size: int = 18) -> str:
    """A whole orchard as a small table: each visible tree with its die value or ✗ if rotten.

    >>> orchard_html(st.Board(st.Card.from_text("APL/LAP"))).count("<td")
    6
    """
    rmin, rmax, cmin, cmax = board.bounds()
    rows = []
    for r in range(rmin, rmax + 1):
        cells = []
        for c in range(cmin, cmax + 1):
            fruit = board.top(r, c)
            if fruit is None:
                cells.append(f'<td style="width:{size}px;height:{size}px"></td>')
            else:
                cells.append(_tree_cell(fruit, board.die(r, c), board.is_rotten(r, c), size))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table class="orchard-st-mini">{"".join(rows)}</table>'


def deal_comparison(
    scores: Mapping[str, float],
    you: int,
    *,
    title: str | None = None,
    height: int | None = None,
) -> go.Figure:
    """Your score among the policies' scores on the same deal, as one row of labelled dots.

    >>> fig = deal_comparison({"random (mean)": 4.5, "greedy": 36, "best line": 51}, you=40)
    >>> fig.data[0].x[-1], fig.data[0].y[-1]
    (40, 'you')
    """
    names = [*scores, "you"]
    values = [*scores.values(), you]
    colours = ["#5b7083"] * len(scores) + ["#b2182b"]
    figure = go.Figure(
        go.Scatter(
            x=values,
            y=names,
            mode="markers+text",
            marker={"size": 14, "color": colours, "symbol": ["circle"] * len(scores) + ["star"]},
            text=[f"{v:g}" for v in values],
            textposition="middle right",
            hovertemplate="%{y}: %{x} points<extra></extra>",
        )
    )
    top = max([10.0, *values]) * 1.15
    figure.update_layout(
        title=title,
        height=height,
        margin={"l": 10, "r": 10, "t": 36 if title else 10, "b": 36},
        xaxis={"title": "points on this deal", "range": [min(0.0, *values) - 2, top]},
        yaxis={"automargin": True},
        template="plotly_white",
        autosize=True,
    )
    return figure


def _css() -> str:
    text = {name: f"color: {fg}" for name, (fg, _bg) in TEXT_ON.items()}
    fills = "\n".join(
        f".orchard-st-board .orchard-st-fruit-{f} {{background: {fill} !important; "
        f"color: {text_colour_on(fill)} !important}}"
        for f, fill in FRUIT_FILL.items()
    )
    return f"""
.orchard-st-board {{gap: 6px; font-family: var(--jp-ui-font-family); max-width: 1180px;
  box-sizing: border-box; min-width: 0; overflow-x: hidden}}
.orchard-st-board * {{box-sizing: border-box}}
.orchard-st-board .widget-html-content {{white-space: normal; line-height: 1.35}}
.orchard-st-board .orchard-st-title {{font-size: 22px; font-weight: 700; {text["title"]}}}
.orchard-st-board .orchard-st-play {{flex-wrap: wrap; gap: 10px; align-items: flex-start}}
.orchard-st-board .orchard-st-grid {{flex: 0 1 auto; min-width: 0; max-width: 100%;
  overflow-x: auto}}
.orchard-st-board .orchard-st-grid > .orchard-square-grid {{gap: {GRID_GAP}px;
  padding: {GRID_PAD}px; background: #d9d3bd; border-radius: 8px; width: max-content}}
.orchard-st-board .orchard-st-cell {{display: flex; flex-direction: column;
  align-items: center; justify-content: center; padding: 0; font-weight: 700;
  font-size: max(9px, calc(var(--square-px) * 0.3)); line-height: 1.05;
  border-radius: 40% 40% 12% 12%; background: {EMPTY_FILL}; {text["empty spot"]};
  border: 2px solid transparent; user-select: none}}
.orchard-st-board .orchard-st-empty {{border-radius: 3px}}
{fills}
.orchard-st-board .orchard-st-die {{box-shadow: inset 0 -9px 0 #ffffff55}}
.orchard-st-board .orchard-st-edge-t {{border-top: 2px solid #1a1a1a}}
.orchard-st-board .orchard-st-edge-b {{border-bottom: 2px solid #1a1a1a}}
.orchard-st-board .orchard-st-edge-l {{border-left: 2px solid #1a1a1a}}
.orchard-st-board .orchard-st-edge-r {{border-right: 2px solid #1a1a1a}}
.orchard-st-board .orchard-st-rotten {{text-decoration: line-through}}
.orchard-st-board .orchard-st-ghost {{outline: 3px dashed #1b7837; outline-offset: -3px;
  z-index: 1}}
.orchard-st-board .orchard-st-ghost-bad {{outline: 3px dashed #b3261e}}
.orchard-st-board .orchard-st-picked {{outline: 3px solid #1565c0; outline-offset: -3px}}
.orchard-st-board .orchard-st-last {{outline: 3px solid #e69f00; outline-offset: -3px}}
.orchard-st-board .orchard-st-side {{flex: 1 1 230px; min-width: 0; max-width: 100%;
  gap: 4px}}
.orchard-st-board .orchard-st-hand {{flex-wrap: wrap; gap: 6px}}
.orchard-st-board .orchard-st-slot {{padding: 4px; border-radius: 8px; border: 2px solid #ddd;
  align-items: center}}
.orchard-st-board .orchard-st-slot.orchard-selected {{border-color: #1565c0;
  background: #e8f0fb}}
.orchard-st-board .orchard-st-card, .orchard-st-board .orchard-st-mini
  {{border-collapse: separate; border-spacing: 1px}}
.orchard-st-board .orchard-st-buttons {{flex-wrap: wrap; gap: 4px}}
.orchard-st-board .orchard-st-buttons .widget-button {{width: auto; min-width: 0}}
.orchard-st-board .orchard-st-message {{min-height: 24px; font-size: 14px}}
.orchard-st-board .orchard-refused {{{text["refused"]}; font-weight: 600}}
.orchard-st-board .orchard-allowed {{{text["allowed"]}; font-weight: 600}}
.orchard-st-board .orchard-ask {{{text["ask"]}; font-weight: 600}}
.orchard-st-board .orchard-st-hint-text {{font-size: 13px; {text["hint"]}}}
.orchard-st-board .orchard-st-help {{font-size: 12px; {text["help"]}}}
.orchard-st-board .orchard-st-keys {{width: auto; max-width: 100%; min-width: 0;
  margin-left: 0; margin-right: 0}}
.orchard-st-board .orchard-st-keys input {{min-width: 0; width: 100%}}
.orchard-st-board .orchard-st-slot .widget-button {{width: auto; max-width: 100%}}
.orchard-st-board .orchard-st-result {{padding: 8px 12px; border-radius: 10px;
  background: #fff4d6; border: 2px solid #e69f00; {text["result"]}}}
.orchard-st-board .orchard-st-compare {{flex-wrap: wrap; gap: 8px 24px}}
.orchard-st-board .orchard-st-compare > * {{flex: 1 1 220px; min-width: 0}}
.orchard-st-board .orchard-st-figure {{width: 100%; min-width: 0}}
.orchard-st-board .orchard-st-settings {{flex-wrap: wrap; gap: 4px 16px; padding: 8px 6px;
  border-top: 1px solid #ddd; align-items: flex-start}}
.orchard-st-board .orchard-st-settings .orchard-rule-switches {{flex: 1 1 300px;
  min-width: 0}}
.orchard-st-board .widget-progress {{max-width: 100%}}
.orchard-st-board .{HIGHLIGHT} {{outline: 4px solid #e69f00; outline-offset: 2px;
  background-color: #fff3c4}}
.orchard-st-board .orchard-st-cell.{HIGHLIGHT} {{outline-offset: -4px}}
"""


class StackedTreesBoard(GameBoard):
    """Play stacked trees by clicking: a hand card, turn it, a grid cell, then place.

    ``seed`` shuffles the deal, or ``deal`` (a class challenge code such as
    ``"ST-4LT6-M5AV"``) deals exactly those cards; ``rules`` holds the switches (default:
    the standard rules); ``players`` sit at the table (you are player 0, the others play
    greedy). Display it as the last line of a cell.

    >>> board = StackedTreesBoard(deal="ST-4LT6-M5AV")
    >>> board.code.value.count("ST-4LT6-M5AV"), len(board.game.history)
    (1, 0)
    """

    GAME_OVER = "The game is over: see how well you could have done, or deal anew."
    RESULT_CLASS = "orchard-st-result"
    NOTHING_TO_UNDO = "There is no card of yours to take back yet."
    UNDONE = "Card taken back: it is your turn again."

    def __init__(
        self,
        seed: int = 0,
        rules: st.Rules | None = None,
        deal: str | None = None,
        players: int = 1,
    ) -> None:
        self.message = w.HTML().add_class("orchard-st-message")
        self.title = w.HTML("Stacked trees").add_class("orchard-st-title")
        self.code = w.HTML().add_class("orchard-st-code")
        self.turn_line = w.HTML().add_class("orchard-st-turn")
        self.grid = SquareGrid(
            lambda at: self._clicked(functools.partial(self.click_cell, at)),
            label="your orchard: the trees you placed and the empty spots around them",
            coordinate="cell",
        )
        self.grid.add_class("orchard-st-grid")
        self.hand_buttons: list[w.Button] = []
        self.hand_pictures: list[w.HTML] = []
        self.hand_slots: list[w.VBox] = []
        self.hand_box = w.HBox().add_class("orchard-st-hand")
        self.left_button = w.Button(description="↺ Turn left", tooltip="a quarter turn back")
        self.right_button = w.Button(description="↻ Turn right", tooltip="a quarter turn (R)")
        self.place_button = w.Button(
            description="Place here", button_style="success", tooltip="place the ghost card"
        )
        self.confirm_button = w.Button(
            description="Yes, spend the tokens", button_style="warning",
            tooltip="place it and spend the rotten tokens it needs",
        )  # fmt: skip
        self.keys = keys_box(
            "type here: r w a s d p y",
            lambda key: self._clicked(functools.partial(self.press, key)),
        ).add_class("orchard-st-keys")
        self.supply = w.HTML().add_class("orchard-st-supply")
        self.score_text = w.HTML().add_class("orchard-st-score")
        self.others = w.HTML().add_class("orchard-st-others")
        self.hint_text = w.HTML().add_class("orchard-st-hint-text")
        self.summary = w.HTML().add_class("orchard-st-summary")
        self.undo_button = w.Button(description="Undo", tooltip="take back your last card")
        self.hint_button = w.Button(description="Hint", tooltip="suggest a move and say why")
        self.hint_choice = hint_choice(hint_names(POLICY_NAMES), "greedy", button_width="96px")
        self.how_button = w.Button(
            description="How well could I have done?", button_style="info",
            tooltip="search the best line of this deal (up to 10 seconds)",
        )  # fmt: skip
        self.progress = w.FloatProgress(
            value=0, min=0, max=SEARCH_SECONDS, description="searching",
            style={"description_width": "initial"}, layout={"display": "none"},
        )  # fmt: skip
        self.yours = w.HTML().add_class("orchard-st-yours")
        self.best_text = w.HTML().add_class("orchard-st-best")
        self.replay_back = w.Button(description="◀ Back", tooltip="the best line, one card back")
        self.replay_next = w.Button(description="Next ▶", tooltip="the best line, one card on")
        self.replay_exit = w.Button(description="Back to my game")
        self.figure = SharedBundleFigure(deal_comparison({}, 0, height=230))
        fit_to_container(self.figure)
        self.figure.add_class("orchard-st-figure")
        self._make_settings(st)
        self.deal_choice = w.Text(
            value="", placeholder="ST-XXXX-XXXX", description="deal code",
            style={"description_width": "initial"}, layout={"width": "240px"},
        )  # fmt: skip
        self._wire()
        self.widget = self._layout()
        self._lock = threading.Lock()
        self._highlighted: dict[str, tuple[Any, ...]] = {}
        self.best: st.BestLine | None = None
        self.comparison: dict[str, float] = {}
        self.replay_step: int | None = None
        self.selected_slot: int | None = None
        self.rotation = 0
        self.at: tuple[int, int] | None = None
        self._pending = False
        self._ghost_key: tuple[Any, ...] | None = None
        self._ghost: Ghost | None = None
        self.new_game(seed=seed, rules=rules, deal=deal, players=players)

    # ---- what a player does ------------------------------------------------------------
    def select_card(self, slot: int) -> None:
        """Pick the hand card at ``slot`` (0 = the first); it keeps the turn it had."""
        slot = require_int(slot, "slot", 0)
        if self._refuse_turn():
            return
        if slot >= len(self.game.hand):
            raise ValueError(f"slot must be below {len(self.game.hand)}, the cards in your hand")
        self.selected_slot = slot
        self._pending = False
        self._say(
            f"Card {html.escape(str(self.selected))} chosen: turn it if you like, then click "
            "a spot of the orchard for its top-left tree."
        )
        self._show_ghost_and_hand()

    def turn(self, quarters: int = 1) -> None:
        """Turn the chosen card by ``quarters`` quarter turns clockwise (−1: anticlockwise)."""
        quarters = require_int(quarters, "quarters", -3, 3)
        if self._refuse_turn():
            return
        if self.selected_slot is None:
            self._say("Choose a card of your hand first, then turn it.")
            return
        self.rotation = (self.rotation + 90 * quarters) % 360
        self._pending = False
        if self.at is not None:
            self._say(html.escape(self._ghost_words()))
        else:
            self._say(f"Turned to {self.rotation}°. Now click a spot of the orchard.")
        self._show_ghost_and_hand()

    def preview(self, at: tuple[int, int]) -> Ghost | None:
        """Show the chosen card as a ghost with its top-left tree at ``at`` = (row, col), and
        say what placing it would do; nothing changes. The ghost, or None without a card."""
        at = check_at(at)
        if self._refuse_turn():
            return None
        if self.selected_slot is None:
            self._say("Choose a card of your hand first, then a spot for it.")
            return None
        self.at = at
        self._pending = False
        ghost = self.ghost
        assert ghost is not None
        self._say(html.escape(self._ghost_words()))
        self._show_ghost_and_hand()
        return ghost

    def place(self, at: tuple[int, int] | None = None) -> None:
        """Place the chosen card at ``at`` (default: where its ghost is). A placement that
        spends rotten tokens waits for ``confirm``; a refused one only says why."""
        if at is not None and self.preview(at) is None:
            return
        if self._refuse_turn():
            return
        ghost = self.ghost
        if ghost is None:
            self._say("Choose a card and a spot first: the ghost shows where it would go.")
            return
        if not ghost.legal:
            self._say(f'<span class="orchard-refused">{html.escape(self._ghost_words())}</span>')
            return
        if ghost.tokens:
            self._pending = True
            tokens = "1 rotten token" if ghost.tokens == 1 else f"{ghost.tokens} rotten tokens"
            lost = ghost.tokens * self.game.rules.rotten_penalty
            self._say(
                f'<span class="orchard-ask">This costs {tokens} (−{lost} points). Place it '
                "anyway? Click “Yes, spend the tokens”.</span>"
            )
            self._show_buttons()
            return
        self._commit(ghost)

    def confirm(self) -> None:
        """Say yes to a placement that spends rotten tokens (after ``place`` asked)."""
        if self._refuse_turn():
            return
        ghost = self.ghost
        if not self._pending or ghost is None or not ghost.legal:
            self._say("There is nothing to say yes to: place a card that needs tokens first.")
            return
        self._commit(ghost)

    def click_cell(self, at: tuple[int, int]) -> None:
        """What a click on a grid cell does: show the ghost there, or place it when the ghost
        is already there."""
        at = check_at(at)
        if self.replay_step is not None:
            self._say("You are watching the best line: click “Back to my game” to play on.")
            return
        if self.at == at and self.selected_slot is not None and not self._pending:
            self.place()
        else:
            self.preview(at)

    def hint(self) -> st.Move | None:
        """Suggest a move (``st.hint`` by the chosen policy): its card, turn and ghost."""
        if self._refuse_turn():
            return None
        advice = st.hint(self.game, self.hint_choice.value, seed=self._rng)
        move = advice.move
        self.selected_slot = self.game.hand.index(move.card)
        self.rotation = move.rotation
        self.at = move.at
        self._pending = False
        self.hint_text.value = f"<b>Hint:</b> {html.escape(advice.reason)}"
        self._say("Hint: its ghost is on the orchard. Click the ghost or “Place here”.")
        self._show_ghost_and_hand()
        return move

    def new_game(
        self,
        seed: int | None = None,
        rules: st.Rules | None = None,
        deal: str | None = None,
        players: int | None = None,
    ) -> None:
        """Deal a new game; arguments left out are read from the settings row. ``deal`` is a
        class challenge code (an empty one: shuffle by the seed). A bad argument changes
        nothing."""
        players_now, seed_now, rules_now = self.settings.checked(players, seed, rules)
        code = self.deal_choice.value if deal is None else check_type(deal, str, "deal")
        if code.strip():
            game = st.Game.from_code(code, players=players_now, rules=rules_now)
        else:
            game = st.Game.new(players=players_now, seed=seed_now, rules=rules_now)
        self.settings.show(players_now, seed, game.rules)
        self.deal_choice.value = code.strip().upper()
        self._begin(game)
        self._say("New game: choose a card of your hand, turn it, then click a spot.")
        self._show_all()

    def load(self, game: st.Game) -> None:
        """Show a copy of ``game`` (you are player 0) and play on from it; its moves so far
        cannot be undone. A lesson uses it to show a prepared position."""
        check_type(game, st.Game, "game")
        self.settings.show(game.players, None, game.rules)
        self._begin(game.copy())
        self._say("")
        self._show_all()

    # ---- how well could I have done? -----------------------------------------------------
    def how_well(self, wait: bool = False, time_limit: float = SEARCH_SECONDS) -> None:
        """Search the best line of this deal (at most ``time_limit`` s, a bar shows progress),
        then show it beside your game with the scores of random, greedy, lookahead and the
        planner on the same deal. ``wait`` blocks until done (tests, lessons); a click does
        not."""
        if not self._lock.acquire(blocking=False):
            self._say("Still searching: the best line is on its way.")
            return
        self.progress.max = time_limit
        self.progress.value = 0
        self.progress.layout.display = None
        self._say("Searching the best line of this deal (up to 10 seconds)…")
        game = self.game
        done = threading.Event()

        def search() -> None:
            try:
                self._search(game, time_limit)
            except Exception as exc:  # a learner's widget must keep working
                self._say(f"<b>That did not work:</b> {html.escape(str(exc))}")
            finally:
                done.set()
                self.progress.layout.display = "none"
                self._lock.release()

        def tick() -> None:
            start = time.perf_counter()
            while not done.wait(0.25):
                self.progress.value = min(time_limit, time.perf_counter() - start)

        if wait:
            search()
            return
        threading.Thread(target=tick, daemon=True).start()
        threading.Thread(target=search, daemon=True).start()

    def _search(self, game: st.Game, time_limit: float) -> None:
        order, rules = list(game.order), game.rules
        best = st.best_line(order, rules, time_limit=time_limit)
        mine = [move for player, move in game.history if player == HUMAN]
        if game.finished(HUMAN) and game.boards[HUMAN].total > best.score:
            # The search ran out of time below your own line: your line is the best known.
            best = st.BestLine(game.boards[HUMAN].total, tuple(mine), False, best.nodes)
        self.best = best
        self.comparison = deal_scores(order, rules, best)
        self.replay_step = None
        self._show_comparison()
        proven = "the best possible" if best.optimal else "the best found in the time"
        self._say(
            f"The best line of this deal scores {points(best.score)} ({proven}). Step through "
            "it with Next ▶."
        )

    def replay(self, step: int) -> None:
        """Show the best line after ``step`` of its cards on the grid (0: the start card)."""
        if self.best is None:
            self._say("Click “How well could I have done?” first.")
            return
        self.replay_step = require_int(step, "step", 0, len(self.best.moves))
        board = self.replay_board()
        assert board is not None
        moves = self.best.moves
        if self.replay_step == 0:
            words = "The best line starts from the same first card."
        else:
            move = moves[self.replay_step - 1]
            words = f"Card {self.replay_step} of {len(moves)}: the {say(move)}."
        self._say(f"<b>Best line</b> · {html.escape(words)} Total so far: {board.total}.")
        self._show_all()

    def replay_forward(self) -> None:
        """The best line, one card on."""
        step = -1 if self.replay_step is None else self.replay_step
        self.replay(min(step + 1, len(self.best.moves) if self.best else 0))

    def replay_backward(self) -> None:
        """The best line, one card back."""
        self.replay(max((self.replay_step or 0) - 1, 0))

    def stop_replay(self) -> None:
        """Back to your own game."""
        self.replay_step = None
        self._say("Your own game again.")
        self._show_all()

    def replay_board(self) -> st.Board | None:
        """The best line's orchard at ``replay_step``, None when not replaying."""
        if self.best is None or self.replay_step is None:
            return None
        rules = self.game.rules
        board = st.Board(self.game.order[0], rules)
        for move in self.best.moves[: self.replay_step]:
            board.place(move.card, move.at, move.rotation, move.rotten)
        return board

    # ---- lessons -----------------------------------------------------------------------
    def highlight(
        self,
        *,
        cells: Iterable[tuple[int, int]] = (),
        hand: bool = False,
        turn_buttons: bool = False,
        supply: bool = False,
        score: bool = False,
        message: bool = False,
        summary: bool = False,
        code: bool = False,
        others: bool = False,
        replay: bool = False,
    ) -> None:
        """Mark what a lesson talks about (CSS class ``HIGHLIGHT``); the call replaces the last.

        >>> board = StackedTreesBoard()
        >>> board.highlight(cells=[(0, 0)], supply=True)
        >>> board.highlighted
        {'cells': ((0, 0),), 'supply': (True,)}
        """
        chosen: dict[str, tuple[Any, ...]] = {
            "cells": tuple(check_at(cell, "cells") for cell in cells)
        }
        flags = {"hand": hand, "turn_buttons": turn_buttons, "supply": supply, "score": score}
        flags.update(message=message, summary=summary, code=code, others=others, replay=replay)
        chosen.update({name: (True,) for name, on in flags.items() if on})
        self._highlighted = {name: value for name, value in chosen.items() if value}
        self._show_grid()
        self._show_highlight()

    # ---- what the board shows ----------------------------------------------------------
    @property
    def selected(self) -> st.Card | None:
        """The hand card chosen and not yet placed."""
        return None if self.selected_slot is None else self.game.hand[self.selected_slot]

    @property
    def ghost(self) -> Ghost | None:
        """What the chosen card at the ghost's cell would do (None without card and cell)."""
        card = self.selected
        if card is None or self.at is None or self.game.is_over:
            return None
        key = (card, self.at, self.rotation, len(self.game.history))
        if self._ghost_key != key:
            self._ghost_key = key
            self._ghost = work_out(self.game.boards[HUMAN], card, self.at, self.rotation)
        return self._ghost

    # ---- turns -------------------------------------------------------------------------
    def _begin(self, game: st.Game) -> None:
        self.best = None
        self.comparison = {}
        self.replay_step = None
        self._ghost_key = None
        self._ghost = None
        self._start(game, self.seed_choice.value)
        self._opponent = policies.resolve("greedy", seed=self._rng)

    def _forget_selection(self) -> None:
        self.selected_slot = None
        self.rotation = 0
        self.at = None
        self._pending = False

    def _refuse_turn(self) -> bool:
        if super()._refuse_turn():
            return True
        if self.replay_step is not None:
            self._say("You are watching the best line: click “Back to my game” to play on.")
            return True
        return False

    def _commit(self, ghost: Ghost) -> None:
        self._play(st.Move(ghost.card, ghost.at, ghost.rotation, ghost.tokens > 0))
        words = ghost.words(self.game.rules.rotten_penalty).removeprefix("✓ Allowed here: ")
        self._forget_selection()
        self._say(f'<span class="orchard-allowed">Placed: {html.escape(words)}</span>')
        self._show_all()

    def _others_turn(self) -> bool:  # the others play on once you cannot (ST-6)
        return bool(self.game.current_player != HUMAN or self.game.finished(HUMAN))

    def _ghost_words(self) -> str:
        ghost = self.ghost
        return "" if ghost is None else ghost.words(self.game.rules.rotten_penalty)

    def press(self, key: str) -> None:
        """A key typed in the keys box: r turn, w a s d move the ghost, p place, y say yes."""
        key = check_type(key, str, "key").lower()
        moves = {"w": (-1, 0), "s": (1, 0), "a": (0, -1), "d": (0, 1)}
        if key == "r":
            self.turn()
        elif key in moves:
            row, col = self.at if self.at is not None else (0, 0)
            self.preview((row + moves[key][0], col + moves[key][1]))
        elif key == "p":
            self.place()
        elif key == "y":
            self.confirm()
        else:
            self._say(html.escape(KEY_HELP))

    # ---- drawing -----------------------------------------------------------------------
    def _show_all(self) -> None:
        self._show_grid()
        self._show_hand()
        self._show_buttons()
        self._show_status()
        self._show_summary()
        self._show_comparison()
        self._show_highlight()

    def _show_ghost_and_hand(self) -> None:
        self._show_grid()
        self._show_hand()
        self._show_buttons()

    def _shown_board(self) -> st.Board:
        replayed = self.replay_board()
        return self.game.boards[HUMAN] if replayed is None else replayed

    def _window(self, board: st.Board) -> tuple[int, int, int, int]:
        rmin, rmax, cmin, cmax = board.bounds()
        return (
            rmin - MARGIN,
            cmin - MARGIN,
            rmax - rmin + 1 + 2 * MARGIN,
            cmax - cmin + 1 + 2 * MARGIN,
        )

    def _show_grid(self) -> None:
        """Draw the orchard and MARGIN empty cells around it, each cell at its (row, col), in
        one message: trees with their die or ✗, card edges, the ghost, the picked, last and
        highlighted cells. Every cell takes a click (``click_cell``)."""
        board = self._shown_board()
        top, left, rows, cols = self._window(board)
        owner: dict[tuple[int, int], int] = {}
        for i, (card, at, rotation, _tokens) in enumerate(board.history):
            row, col = at
            for r, line in enumerate(card.rotated(rotation).rows):
                for c in range(len(line)):
                    owner[(row + r, col + c)] = i
        ghost = self.ghost if self.replay_step is None else None
        ghost_cells = ghost.cells() if ghost is not None else {}
        after: dict[tuple[int, int], int] = {}
        if ghost is not None and ghost.legal:
            after = {cell: b for cell, _a, b in ghost.climbs}
            after.update({cell: board.rules.ladder[0] for cell, _f in ghost.new_dice})
        last = set()
        if self.replay_step:
            card, at, rotation, _ = board.history[-1]
            last = {(at[0] + r, at[1] + c) for r in range(3) for c in range(3)} & set(owner)
            last = {cell for cell in last if owner[cell] == len(board.history) - 1}
        picked = self.at if self.replay_step is None and self.selected_slot is not None else None
        lit = set(self._highlighted.get("cells", ()))
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
                text = _cell_text(shown, None if value is None else str(value))
                words = f"ghost of your card: {st.FRUIT_NAMES[shown]}, {where}" + (
                    "" if value is None else f", die would be {value}"
                )
            elif fruit is None:
                classes.append("orchard-st-empty")
                text, words = "", f"empty, {where}"
            else:
                die = board.die(*cell)
                rotten = board.is_rotten(*cell)
                classes.append(f"orchard-st-fruit-{fruit}")
                if rotten:
                    classes.append("orchard-st-rotten")
                    text = _cell_text(fruit, "✗")
                elif die is not None:
                    classes.append("orchard-st-die")
                    text = _cell_text(fruit, str(die))
                else:
                    text = _cell_text(fruit, None)
                words = f"{st.FRUIT_NAMES[fruit]}, {where}" + (
                    ", rotten" if rotten else f", die {die}" if die is not None else ""
                )
                mine = owner.get(cell)
                classes += [
                    f"orchard-st-edge-{side}"
                    for side, (dr, dc) in SIDES
                    if owner.get((cell[0] + dr, cell[1] + dc)) != mine
                ]
            if cell == picked:
                classes.append("orchard-st-picked")
            if cell in last:
                classes.append("orchard-st-last")
            if cell in lit:
                classes.append(HIGHLIGHT)
            squares.append(Square(cell, text, words, " ".join(classes), active=True))
        self.grid.show(squares, _cell_px(cols))

    def _show_hand(self) -> None:
        hand = () if self.replay_step is not None or self.game.is_over else self.game.hand
        while len(self.hand_slots) < len(hand):
            self._add_slot()
        for slot, box in enumerate(self.hand_slots):
            if slot >= len(hand):
                box.layout.display = "none"
                continue
            box.layout.display = None
            chosen = slot == self.selected_slot
            rotation = self.rotation if chosen else 0
            self.hand_pictures[slot].value = card_html(hand[slot], rotation)
            button = self.hand_buttons[slot]
            with button.hold_sync():
                button.description = "chosen" if chosen else f"Choose card {slot + 1}"
                button.tooltip = f"card {hand[slot]}"
            set_classes(box, {"orchard-selected": chosen})

    def _add_slot(self) -> None:
        slot = len(self.hand_slots)
        picture = w.HTML()
        button = w.Button().add_class(f"orchard-st-choose-{slot}")
        button.on_click(lambda _b: self._clicked(functools.partial(self.select_card, slot)))
        box = w.VBox([picture, button]).add_class("orchard-st-slot")
        self.hand_pictures.append(picture)
        self.hand_buttons.append(button)
        self.hand_slots.append(box)
        self.hand_box.children = (*self.hand_box.children, box)

    def _show_buttons(self) -> None:
        playing = not self.game.is_over and self.replay_step is None
        chosen = playing and self.selected_slot is not None
        for button in (self.left_button, self.right_button):
            button.disabled = not chosen
        ghost = self.ghost if playing else None
        self.place_button.disabled = ghost is None or not ghost.legal
        self.confirm_button.layout.display = None if self._pending else "none"
        replaying = self.replay_step is not None
        best = self.best
        self.replay_back.disabled = not replaying or not self.replay_step
        self.replay_next.disabled = best is None or (
            replaying and self.replay_step == len(best.moves)
        )
        self.replay_exit.disabled = not replaying

    def _show_status(self) -> None:
        game = self.game
        board = game.boards[HUMAN]
        left = board.dice_left
        supply = " · ".join(f"{FRUIT_MARK[f]} {st.FRUIT_NAMES[f]} {left[f]}" for f in st.FRUITS)
        self.supply.value = (
            f"<b>Dice left:</b> {supply}<br><b>Rotten tokens left:</b> {board.rotten_left} of "
            f"{game.rules.rotten_tokens} · <b>ladder:</b> "
            f"{' → '.join(map(str, game.rules.ladder))}"
        )
        score = board.score()
        self.score_text.value = (
            f"<b>Score: {score.total}</b> ({html.escape(score.notes['dice'])}; "
            f"{html.escape(score.notes['rotten'])}) · rating <b>{st.rating(score.total)}</b>"
        )
        try:
            code = st.deal_code(game.order)
            self.code.value = (
                f"Deal code <b>{code}</b>: type it under New game to play the same cards."
            )
        except ValueError:
            self.code.value = "This deal has no code: its cards are not all from the box."
        placed = len(board.cards())
        if self.best is not None and self.replay_step is not None:
            self.turn_line.value = (
                f"<b>Watching the best line</b> · card {self.replay_step} of "
                f"{len(self.best.moves)} · your own game waits"
            )
        elif game.is_over:
            self.turn_line.value = "<b>Game over.</b> Undo to try again, or see the best line."
        else:
            self.turn_line.value = (
                f"<b>Your turn</b> · card {placed + 1} of {len(game.order)} · "
                f"{len(game.order) - max(s.drawn for s in game.seats)} still to draw"
            )
        if game.players == 1:
            self.others.value = ""
        else:
            rows = [
                f"Player {p} (greedy): {points(game.scores()[p])}, "
                f"{len(game.boards[p].cards())} cards"
                for p in range(1, game.players)
            ]
            self.others.value = "<b>The others, same cards:</b><br>" + "<br>".join(rows)

    def _result_text(self) -> str:
        mine = self.game.scores()[HUMAN]
        return (
            f"Game over: you scored {points(mine)}, rating “{st.rating(mine)}”. "
            f"{self.game.winner_reason()}"
        )

    def _show_comparison(self) -> None:
        best = self.best
        if best is None:
            self.compare_box.layout.display = "none"
            return
        self.compare_box.layout.display = None
        board = self.game.boards[HUMAN]
        self.yours.value = (
            f"<b>Your game:</b> {points(board.total)} ({st.rating(board.total)})"
            f"{orchard_html(board)}"
        )
        proven = "proven best" if best.optimal else f"best found in {SEARCH_SECONDS:g} s"
        replayed = self.replay_board()
        shown = replayed if replayed is not None else _final(self.game, best)
        self.best_text.value = (
            f"<b>Best line:</b> {points(best.score)} ({st.rating(best.score)}, {proven})"
            f"{orchard_html(shown)}"
        )
        new = deal_comparison(self.comparison, board.total, height=230)
        with self.figure.batch_update():
            self.figure.data[0].update(new.data[0])
            self.figure.layout.xaxis.range = new.layout.xaxis.range
        keep_state(self.figure)
        self._show_buttons()

    def _show_highlight(self) -> None:
        marked = self._highlighted
        for name, widget in self._highlightable.items():
            set_classes(widget, {HIGHLIGHT: name in marked})

    # ---- building ----------------------------------------------------------------------
    def _wire(self) -> None:
        actions: list[tuple[w.Button, Callable[[], Any]]] = [
            (self.left_button, functools.partial(self.turn, -1)),
            (self.right_button, self.turn),
            (self.place_button, self.place),
            (self.confirm_button, self.confirm),
            (self.undo_button, self.undo),
            (self.hint_button, self.hint),
            (self.how_button, self.how_well),
            (self.replay_back, self.replay_backward),
            (self.replay_next, self.replay_forward),
            (self.replay_exit, self.stop_replay),
            (self.new_button, self.new_game),
        ]
        for button, action in actions:
            button.on_click(lambda _b, act=action: self._clicked(act))

    def _layout(self) -> w.Box:
        for widget, hook in (
            (self.left_button, "orchard-st-left"),
            (self.right_button, "orchard-st-right"),
            (self.place_button, "orchard-st-place"),
            (self.confirm_button, "orchard-st-confirm"),
            (self.undo_button, "orchard-st-undo"),
            (self.hint_button, "orchard-st-hint"),
            (self.how_button, "orchard-st-how"),
            (self.replay_back, "orchard-st-replay-back"),
            (self.replay_next, "orchard-st-replay-next"),
            (self.replay_exit, "orchard-st-replay-exit"),
            (self.new_button, "orchard-st-new"),
        ):
            widget.add_class(hook)
        turning = w.HBox([self.left_button, self.right_button, self.place_button])
        side = w.VBox(
            [
                w.HTML("<b>Your hand</b>"),
                self.hand_box,
                turning.add_class("orchard-st-buttons"),
                self.confirm_button,
                self.keys,
                w.HTML(html.escape(KEY_HELP)).add_class("orchard-st-help"),
                self.supply,
                self.score_text,
                self.others,
            ]
        ).add_class("orchard-st-side")
        play = w.HBox([self.grid, side]).add_class("orchard-st-play")
        actions = w.HBox(
            [self.undo_button, self.hint_button, self.hint_choice, self.how_button]
        ).add_class("orchard-st-buttons")
        replay_nav = w.HBox([self.replay_back, self.replay_next, self.replay_exit])
        self.compare_box = w.VBox(
            [
                w.HBox([self.yours, self.best_text]).add_class("orchard-st-compare"),
                replay_nav.add_class("orchard-st-buttons"),
                w.HTML("<b>Your score among other ways to play this deal</b>"),
                self.figure,
            ]
        ).add_class("orchard-st-replay")
        settings = self.settings.widget([self.deal_choice], "orchard-st-settings")
        self._highlightable: dict[str, w.DOMWidget] = {
            "hand": self.hand_box,
            "turn_buttons": turning,
            "supply": self.supply,
            "score": self.score_text,
            "message": self.message,
            "summary": self.summary,
            "code": self.code,
            "others": self.others,
            "replay": self.compare_box,
        }
        root = w.VBox(
            [w.HTML(f"<style>{_css()}</style>"), self.title, self.code, self.turn_line, play,
             self.message, actions, self.progress, self.hint_text, self.summary,
             self.compare_box, settings]
        )  # fmt: skip
        return root.add_class("orchard-st-board")


def _final(game: st.Game, best: st.BestLine) -> st.Board:
    board = st.Board(game.order[0], game.rules)
    for move in best.moves:
        board.place(move.card, move.at, move.rotation, move.rotten)
    return board


def deal_scores(
    order: list[st.Card], rules: st.Rules, best: st.BestLine, seed: int = 0
) -> dict[str, float]:
    """Scores of other ways to play the deal ``order``: random (the mean of 100 games),
    greedy, lookahead (``LOOKAHEAD_ROLLOUTS`` rollouts a move), the planner, and the best
    line ``best``.

    >>> deal = st.Game.new(seed=1).order[:4]
    >>> scores = deal_scores(list(deal), st.Rules(cards_per_game=4), st.best_line(deal))
    >>> list(scores)
    ['random (mean)', 'greedy', 'lookahead', 'planner', 'best line']
    """
    rules = dataclasses.replace(rules, cards_per_game=len(order))
    rng = np.random.default_rng(seed)

    def turn(board: st.Board, hand: list[st.Card]) -> st.Card | None:
        return random_turn(board, hand, rng)

    def searched(policy: Callable[[st.Game], st.Move]) -> int:
        game = st.Game.deal(order, rules=rules)
        while not game.is_over:
            game.play(policy(game))
        return game.scores()[0]

    randoms = [play_table(order, rules, turn)[0].total for _ in range(RANDOM_GAMES)]
    return {
        "random (mean)": round(float(np.mean(randoms)), 1),
        "greedy": play_table(order, rules, greedy_turn)[0].total,
        "lookahead": searched(st.LookaheadPolicy(rollouts=LOOKAHEAD_ROLLOUTS, seed=seed)),
        "planner": searched(st.PlannerPolicy(seed=seed)),
        "best line": best.score,
    }
