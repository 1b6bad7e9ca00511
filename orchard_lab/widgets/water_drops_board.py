"""The water drops board: a class plays a whole game by clicking cards and squares.

A plain class composing stock ipywidgets over ``water_drops.Game``. You are player 0; the
other players are played by a chosen policy right after each of your moves. Your orchard is
a grid of 2 × 2 cards; every fruit group is outlined, a scoring group in green, and a list
gives each group's reason from the engine. Every user action is a method (``select_card``,
``choose_square``, ``turn``, ``press`` for a key, ``undo``, ``hint``, ``new_game``)
and every button calls the same method, so tests drive the board without a browser. Views
are updated in place, each widget at most once a click, and a view that did not change is
not sent again. Building a board plays nothing. The turn flow, the settings row, the market
row and the board's keys are the shared ones of ``board_base``; the pictures are
``water_drops_html``'s.

>>> board = WaterDropsBoard(players=1, seed=3)
>>> board.select_card(0)
>>> board.choose_square(board.game.boards[0].open_squares()[0])
>>> len(board.game.boards[0].cards())
2
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from orchard_lab import water_drops as wd
from orchard_lab.core import require_int
from orchard_lab.fruit_words import water_drops_code
from orchard_lab.language import N_, _, _n
from orchard_lab.water_drops.policies import named_policy
from orchard_lab.water_drops.rules import check_square, rotation_refusal
from orchard_lab.widgets.board_base import (
    HUMAN,
    PolicyBoard,
    seats_words,
    turn_html,
)
from orchard_lab.widgets.square_grid import Square as GridSquare
from orchard_lab.widgets.square_grid import SquareGrid
from orchard_lab.widgets.water_drops_html import (
    BIGGEST_CARD,
    card_picture,
    card_px,
    card_squares,
    groups_html,
    legend,
    open_square,
    opponent_html,
    score_html,
    style,
)

__all__ = ["WaterDropsBoard"]


Square = tuple[int, int]


class WaterDropsBoard(PolicyBoard):
    """Play water drops by clicking: a card of the market, then a lit square of your orchard.

    ``players`` 1-5 (you are player 0), ``seed`` deals the deck, ``rules`` holds the
    switches (default: the standard rules), ``policy`` plays the other players ("random",
    "greedy", "lookahead"), ``hint_policy`` answers the hint button ("greedy",
    "lookahead"). Display it as the last line of a cell.

    >>> board = WaterDropsBoard(players=2, seed=0)
    >>> board.select_card(0); board.choose_square((1, 0))
    >>> [len(b.cards()) for b in board.game.boards]  # your card and the other player's answer
    [2, 2]
    """

    GAME = wd
    game: wd.Game
    CSS = "wd"
    NEW_GAME = N_("New game: pick a card from the market, then a lit square for it.")
    rotation: int  # the picked card's quarter turns, in degrees
    _hinted: Square | None  # the hinted move's square
    _opponent_views: dict[int, tuple[int, str]]  # each other orchard: its cards and HTML, drawn

    def _make_parts(self) -> None:
        """The title, the turn line, the score, the group list, the other players' orchards,
        the market, your orchard, its legend and the Turn button, each with its CSS hook."""
        self.title = w.HTML(html.escape(_("Water drops"))).add_class("orchard-wd-title")
        self.turn_line = w.HTML().add_class("orchard-wd-turn")
        self.score_text = w.HTML().add_class("orchard-wd-score")
        self.groups_text = w.HTML().add_class("orchard-wd-groups")
        self.opponents = w.HTML().add_class("orchard-wd-opponents")
        self.legend = w.HTML(legend()).add_class("orchard-wd-legend")  # what each fruit and drop is
        self._make_market(_market_slot)
        self.market_slots = self.market_row.slots  # each a card's picture above its Take button
        self.orchard = SquareGrid(
            lambda at: self._clicked(functools.partial(self.choose_square, at)),
            label=_("your orchard: the cards you laid and the open squares around them"),
        )
        self.orchard.add_class("orchard-wd-orchard")
        self._card_squares: list[GridSquare] = []  # your cards, as _show_orchard drew them
        self._card_px = BIGGEST_CARD
        self.turn_button = w.Button(
            description=_("Turn ↻"), tooltip=_("turn the card a quarter turn (r)")
        ).add_class("orchard-wd-turn-button")
        self._make_keys(
            _("the cards of the market"),
            _("your orchard"),
            rows=[".orchard-wd-market .orchard-wd-take"],
        )
        self.turn_button.on_click(lambda _b: self._clicked(self.turn))

    # ---- what a player does ------------------------------------------------------------
    def choose_square(self, at: Square) -> None:
        """Lay the picked card on card square ``at`` = (row, col); a refused square only
        explains why (WD-3), and changes nothing."""
        at = check_square(at)
        card = self._picked_card(_("Pick a card from the market first, then a square for it."))
        if card is None:
            return
        if self.rotation:
            done = _("You laid the {card} card turned {degrees}° on row {row}, column {col}")
        else:
            done = _("You laid the {card} card on row {row}, column {col}")
        self._play_yours(
            wd.Move(card, at, self.rotation),
            done.format(card=water_drops_code(card), degrees=self.rotation, row=at[0], col=at[1]),
            ".orchard-wd-market .orchard-slot-0 .orchard-wd-take",
        )

    def turn(self) -> None:
        """Turn the picked card a quarter turn clockwise (only when the rules allow it)."""
        card = self._picked_card(_("Pick a card from the market first, then turn it."))
        if card is None:
            return
        refusal = rotation_refusal(self.game.rules, 90)
        if refusal is not None:
            self._say_refused(refusal)
            return
        self.rotation = (self.rotation + 90) % 360
        self._hinted = None
        said = _(
            "The card is turned {degrees}°: it lies as {card}. The lit squares now show what "
            "it would add turned this way."
        )
        self._say(
            said.format(degrees=self.rotation, card=water_drops_code(card.rotated(self.rotation)))
        )
        self._show_picked()

    def _turn_card(self) -> None:
        self.turn()

    def highlight(
        self,
        *,
        squares: Iterable[Square] = (),
        cells: Iterable[Square] = (),
        slots: Iterable[int] = (),
        **flags: bool,
    ) -> None:
        """Mark what a lesson talks about (CSS class ``HIGHLIGHT``); the call replaces the last.

        ``squares`` are card squares of your orchard, ``cells`` single cells (row, col),
        ``slots`` market cards; the flags mark a whole part: ``market``, ``turn`` (the turn
        line), ``score``, ``groups`` (the group list), ``summary`` (the game-over box) and
        ``opponents`` (the other players' orchards).

        >>> board = WaterDropsBoard()
        >>> board.highlight(squares=[(0, 0)], score=True)
        >>> board.highlighted
        {'squares': ((0, 0),), 'score': (True,)}
        """
        chosen = {
            "squares": tuple(check_square(at, "squares") for at in squares),
            "cells": tuple(check_square(at, "cells") for at in cells),
            "slots": tuple(require_int(s, "slot", 0, len(self.game.market) - 1) for s in slots),
        }
        self._mark(chosen, **flags)
        self._show_orchard()

    # ---- what the board shows ------------------------------------------------------------
    @property
    def selected(self) -> wd.Card | None:
        """The market card picked and not yet placed (as printed, not turned)."""
        return None if self.selected_slot is None else self.game.market[self.selected_slot]

    def legal_squares(self) -> list[Square]:
        """The squares the picked card may go on, turned as it is now (none if none picked)."""
        card = self.selected
        if card is None:
            return []
        board = self.game.boards[HUMAN]
        return [at for at in board.open_squares() if board.can_place(card, at, self.rotation)]

    # ---- turns ---------------------------------------------------------------------------
    def _opponent_for(self, policy: str) -> Callable[[Any], Any]:
        return named_policy(policy, self._rng)

    def _begin(self, game: wd.Game, policy: str) -> None:
        self._opponent_views = {}
        super()._begin(game, policy)
        self.turn_button.layout.display = None if self._cards_turn() else "none"

    def _cards_turn(self) -> bool:
        return bool(self.game.rules.allow_rotation)

    def _forget_selection(self) -> None:
        self.selected_slot = None
        self.rotation = 0
        self._hinted = None

    def _take_card(self, card: wd.Card) -> tuple[str, str | None]:
        """The card is picked as dealt; the squares it may go on light up, each showing the
        card and what it would add there."""
        self.rotation = 0
        self._hinted = None
        if self.game.rules.allow_rotation:
            said = _(
                "You picked the {card} card: pick a lit square next to your orchard. Each lit "
                "square shows what the card would add there as it lies now; Turn ↻ turns it."
            )
        else:
            said = _(
                "You picked the {card} card: pick a lit square next to your orchard. Each lit "
                "square shows what the card would add there."
            )
        lit = self.legal_squares()
        return said.format(card=water_drops_code(card)), _square(lit[0]) if lit else None

    def _take_hint(self, move: wd.Move) -> tuple[str, str]:
        """The hinted card is turned as suggested, and its square marked. It says that the
        lit squares count the picked card (as it lies now, when cards may turn): a move the
        hint names besides may take another card, or turn it another way, and its square
        then shows other points until that card is picked and turned so."""
        self.rotation = move.rotation
        self._hinted = move.at
        card = water_drops_code(move.card)
        if not self.game.rules.allow_rotation:
            said = _("Hint: the {card} card is picked; its square has a dashed frame.")
            lit = _(
                "The lit squares show what the picked card adds: for a move with another card, "
                "pick that card first."
            )
        else:
            if move.rotation:
                said = _(
                    "Hint: the {card} card is picked and turned {degrees}°; its square has a "
                    "dashed frame."
                )
            else:
                said = _(
                    "Hint: the {card} card is picked, not turned; its square has a dashed frame."
                )
            lit = _(
                "The lit squares show what the picked card adds as it lies now: for a move with "
                "another card or another turn, pick and turn that card first."
            )
        said = said.format(card=card, degrees=move.rotation)
        return f"{said} {lit}", _square(move.at)

    # ---- drawing ---------------------------------------------------------------------------
    def _show_all(self) -> None:
        self._show_market()
        self._show_selection()
        groups = self._show_orchard()
        self._show_groups(groups)
        self._show_score()
        self._show_turn()
        self._show_opponents()
        self._show_summary()
        self._show_keys()
        self._show_highlight()

    def _draw_slot(self, slot: int, card: wd.Card) -> None:
        picture = card_picture(card, 26)
        html_view = self.market_slots[slot].children[0]
        if html_view.value != picture:  # the same card in the same slot: no message
            html_view.value = picture
            self.market_buttons[slot].tooltip = _("take the {card} card").format(
                card=water_drops_code(card)
            )

    def _show_selection(self) -> None:
        self.market_row.select(self.selected_slot)

    def _show_picked(self) -> None:
        self._show_selection()
        self._show_ghosts()

    def _show_orchard(self) -> list[wd.Group]:
        """Draw your orchard: each card at its square, the open squares around it (lit, with
        the ghost of the picked card, where it may go). Returns the groups it drew."""
        board = self.game.boards[HUMAN]
        spots = [*board.squares, *board.open_squares()]
        c0, c1 = min(c for _, c in spots), max(c for _, c in spots)
        self._card_px = card_px(c1 - c0 + 1)
        groups = board.groups()
        marked_cells = set(self._highlighted.get("cells", ()))
        marked_squares = set(self._highlighted.get("squares", ()))
        self._card_squares = card_squares(
            board, groups, self._card_px, marked_cells, marked_squares
        )
        self._show_ghosts()
        return groups

    def _show_ghosts(self) -> None:
        """Draw the open squares, lit where the picked card may go, each with its ghost and
        gain; the cards in the orchard are drawn as ``_show_orchard`` last made them."""
        board = self.game.boards[HUMAN]
        legal = set(self.legal_squares())
        card = self.selected
        turned = None if card is None else card.rotated(self.rotation)
        marked = set(self._highlighted.get("squares", ()))
        opens = []
        for at in sorted(board.open_squares()):
            lit = turned is not None and at in legal
            gain = board.gain(turned, at) if lit and turned is not None else None
            more = {"orchard-legal": lit, "orchard-hinted": at == self._hinted}
            opens.append(open_square(at, turned, gain, self._card_px, more, at in marked))
        self.orchard.show([*self._card_squares, *opens], self._card_px)

    def _show_highlight(self) -> None:
        marked = self._highlighted
        self.market_row.highlight(marked.get("slots", ()))
        super()._show_highlight()

    def _show_groups(self, groups: list[wd.Group]) -> None:
        self.groups_text.value = groups_html(groups)

    def _show_score(self) -> None:
        board = self.game.boards[HUMAN]
        self.score_text.value = score_html(board, self.game.rules.scoring)

    def _show_turn(self) -> None:
        left = len(self.game.pile)
        self.turn_line.value = turn_html(
            self.game,
            seats_words(self.game.players),
            _n("{count} card in the draw pile", "{count} cards in the draw pile", left).format(
                count=left
            ),
            in_tour=self.in_tour,
        )

    def _show_opponents(self) -> None:
        game = self.game
        blocks = []
        for player in range(1, game.players):
            board = game.boards[player]
            count = len(board.cards())
            cached = self._opponent_views.get(player)
            if cached is None or cached[0] != count:  # redraw only an orchard that changed
                block = opponent_html(player, self._opponent_policy, board)
                self._opponent_views[player] = (count, block)
            blocks.append(self._opponent_views[player][1])
        self.opponents.value = "".join(blocks)

    # ---- building ------------------------------------------------------------------------
    def _layout(self) -> w.Box:
        actions = w.HBox(
            [self.turn_button, self.undo_button, self.hint_button, self.hint_choice,
             self.hint_help]
        ).add_class("orchard-wd-actions")  # fmt: skip
        main = w.VBox(
            [
                self.market_box,
                self.message,
                self.orchard,
                self.legend,
                actions,
                self.board_keys,
                self.hint_text,
                self.summary,
            ]
        ).add_class("orchard-wd-main")
        side = w.VBox([self.score_text, self.groups_text]).add_class("orchard-wd-side")
        play = w.HBox([main, side]).add_class("orchard-wd-play")
        settings = self._settings_row()
        self._highlightable = {
            "market": self.market_box,
            "turn": self.turn_line,
            "score": self.score_text,
            "groups": self.groups_text,
            "summary": self.summary,
            "opponents": self.opponents,
        }
        root = w.VBox(
            [w.HTML(style()), self.title, self.turn_line, play,
             self.opponents, settings, self.view_language]
        )  # fmt: skip
        return root.add_class("orchard-wd-board")


def _square(at: Square) -> str:
    """The CSS selector of your orchard's square ``at``."""
    return f'.orchard-wd-orchard [data-square="{at[0]},{at[1]}"]'


def _market_slot(slot: int) -> tuple[w.VBox, w.Button]:
    """A market slot: the card's picture above its Take button."""
    button = w.Button(description=_("Take")).add_class("orchard-wd-take")
    button.add_class(f"orchard-wd-take-{slot}")
    return w.VBox([w.HTML(), button]).add_class("orchard-wd-slot"), button
