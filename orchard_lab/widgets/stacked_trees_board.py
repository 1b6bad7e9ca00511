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

The engine says what a placement would do (``st.Board.effect``); ``stacked_trees_html``
draws the grid, cards and words, and ``stacked_trees_best_line`` (``BestLineBoard``, the
base class) searches and replays the deal's best line.

>>> board = StackedTreesBoard(seed=0)
>>> board.select_card(0); board.turn(); board.rotation
90
>>> move = board.game.legal_moves()[0]
>>> board.select_card(board.game.hand.index(move.card)); board.rotation = move.rotation
>>> board.preview(move.at).legal
True
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as w

from orchard_lab import policies
from orchard_lab import stacked_trees as st
from orchard_lab.core import check_type, require_int
from orchard_lab.fruit_words import trees_code
from orchard_lab.language import N_, _, _n
from orchard_lab.policies import hint_names
from orchard_lab.stacked_trees.policies import POLICY_NAMES, hint_as_shown
from orchard_lab.stacked_trees.rules import check_at
from orchard_lab.widgets.board_base import (
    HUMAN,
    MarketRow,
    hint_choice,
)
from orchard_lab.widgets.square_grid import SquareGrid
from orchard_lab.widgets.stacked_trees_best_line import BestLineBoard
from orchard_lab.widgets.stacked_trees_html import (
    card_html,
    deal_code_html,
    effect_summary,
    effect_words,
    orchard_squares,
    others_html,
    score_html,
    style,
    supply_html,
    trees_legend,
)

__all__ = ["StackedTreesBoard", "yes_spend_label"]


class StackedTreesBoard(BestLineBoard):
    """Play stacked trees by clicking: a hand card, turn it, a grid cell, then place.

    ``seed`` shuffles the deal, or ``deal`` (a class challenge code such as
    ``"ST-4LT6-M5AV"``) deals exactly those cards; ``rules`` holds the switches (default:
    the standard rules); ``players`` sit at the table (you are player 0, the others play
    greedy). Display it as the last line of a cell.

    >>> board = StackedTreesBoard(deal="ST-4LT6-M5AV")
    >>> board.code.value.count("ST-4LT6-M5AV"), len(board.game.history)
    (1, 0)
    """

    GAME = st
    CSS = "st"
    OFFERED = "the cards in your hand"
    GAME_OVER = N_("The game is over: see how well you could have done, or deal anew.")
    NEW_GAME = N_("New game: choose a card of your hand, turn it, then click a spot.")
    NOTHING_TO_UNDO = N_("There is no card of yours to take back yet.")
    UNDONE = N_("Card taken back: it is your turn again.")
    CARDS_TURN = True
    game: st.Game

    def __init__(
        self,
        seed: int = 0,
        rules: st.Rules | None = None,
        deal: str | None = None,
        players: int = 1,
    ) -> None:
        self._make_settings(st)
        self._make_turn_flow(undo_tooltip=N_("take back your last card"))
        self.title = w.HTML(html.escape(_("Stacked trees"))).add_class("orchard-st-title")
        self.code = w.HTML().add_class("orchard-st-code")
        self.turn_line = w.HTML().add_class("orchard-st-turn")
        self.grid = SquareGrid(
            lambda at: self._clicked(functools.partial(self.click_cell, at)),
            label=_("your orchard: the trees you placed and the empty spots around them"),
            coordinate="cell",
        )
        self.grid.add_class("orchard-st-grid")
        self.legend = w.HTML(trees_legend()).add_class("orchard-st-legend")  # under the grid
        self.hand_pictures: list[w.HTML] = []
        self.hand_row = MarketRow(
            self._hand_slot,
            lambda slot: self._clicked(functools.partial(self.select_card, slot)),
            "orchard-st-empty-hand",
        )
        self.hand_box = self.hand_row.box.add_class("orchard-st-hand")
        self.hand_buttons = self.hand_row.buttons  # each slot is its card's button
        self.left_button = w.Button(description=_("↺ Turn left"), tooltip=_("a quarter turn back"))
        self.right_button = w.Button(description=_("↻ Turn right"), tooltip=_("a quarter turn (R)"))
        self.place_button = w.Button(
            description=_("Place here"), button_style="success", tooltip=_("place the ghost card")
        )
        self.confirm_button = w.Button(
            description=yes_spend_label(2), button_style="warning", tooltip=_spend_tip(2)
        )
        # Once the game is over, in the place of the hand and its buttons (none of which can
        # do anything then): a new game. The focus goes to it when the last card is placed.
        self.again_button = w.Button(description=_("New game"), button_style="success")
        self.again_button.add_class("orchard-new-game")
        # (marked outside the f-string: Babel's extractor does not look inside f-strings)
        hand_heading = _("Your hand")
        self.hand_heading = w.HTML(f"<b>{html.escape(hand_heading)}</b>")
        self._make_keys(
            _("the cards of your hand"),
            _("your orchard"),
            rows=[".orchard-st-hand .jupyter-button"],
        )
        self.supply = w.HTML().add_class("orchard-st-supply")
        self.score_text = w.HTML().add_class("orchard-st-score")
        self.others = w.HTML().add_class("orchard-st-others")
        self.hint_choice = hint_choice(hint_names(POLICY_NAMES), "greedy", button_width="96px")
        self._make_best_line()
        self.deal_choice = w.Text(
            value="", placeholder="ST-XXXX-XXXX", description=_("deal code"),
            style={"description_width": "initial"}, layout={"width": "240px"},
        )  # fmt: skip
        self._wire()
        self.widget = self._layout()
        self._highlighted: dict[str, tuple[Any, ...]] = {}
        self.selected_slot: int | None = None
        self.rotation = 0
        self.at: tuple[int, int] | None = None
        self._pending = False
        self._ghost_key: tuple[Any, ...] | None = None
        self._ghost: st.Effect | None = None
        self.new_game(seed=seed, rules=rules, deal=deal, players=players)

    # ---- what a player does ------------------------------------------------------------
    def turn(self, quarters: int = 1) -> None:
        """Turn the chosen card by ``quarters`` quarter turns clockwise (-1: anticlockwise)."""
        quarters = require_int(quarters, "quarters", -3, 3)
        if self._picked_card(_("Choose a card of your hand first, then turn it.")) is None:
            return
        self.rotation = (self.rotation + 90 * quarters) % 360
        self._pending = False
        if self.at is not None:
            self._say(html.escape(self._ghost_words()))
        else:
            self._say(
                _("Turned to {degrees}°. Now click a spot of the orchard.").format(
                    degrees=self.rotation
                )
            )
        self._show_picked()

    def _turn_card(self) -> None:
        self.turn()

    def preview(self, at: tuple[int, int]) -> st.Effect | None:
        """Show the chosen card as a ghost with its top-left tree at ``at`` = (row, col), and
        say what placing it would do; nothing changes. The ghost, or None without a card."""
        at = check_at(at)
        if self._picked_card(_("Choose a card of your hand first, then a spot for it.")) is None:
            return None
        self.at = at
        self._pending = False
        ghost = self.ghost
        assert ghost is not None
        self._say(html.escape(self._ghost_words()))
        self._show_picked()
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
            self._say(_("Choose a card and a spot first: the ghost shows where it would go."))
            return
        if not ghost.legal:
            self._say(f'<span class="orchard-refused">{html.escape(self._ghost_words())}</span>')
            return
        if ghost.tokens:
            self._pending = True
            with self.confirm_button.hold_sync():
                self.confirm_button.description = yes_spend_label(ghost.tokens)
                self.confirm_button.tooltip = _spend_tip(ghost.tokens)
            lost = ghost.tokens * self.game.rules.rotten_penalty
            self._say(
                '<span class="orchard-ask">'
                + _n(
                    "This costs {count} rotten token (-{lost} points). Place it anyway? Click "
                    "“Yes, spend the token”.",
                    "This costs {count} rotten tokens (-{lost} points). Place it anyway? Click "
                    "“Yes, spend the tokens”.",
                    ghost.tokens,
                ).format(count=ghost.tokens, lost=lost)
                + "</span>"
            )
            self._show_buttons()
            self._focus(".orchard-st-confirm")
            return
        self._commit(ghost)

    def confirm(self) -> None:
        """Say yes to a placement that spends rotten tokens (after ``place`` asked)."""
        if self._refuse_turn():
            return
        ghost = self.ghost
        if not self._pending or ghost is None or not ghost.legal:
            self._say(_("There is nothing to say yes to: place a card that needs tokens first."))
            return
        self._commit(ghost)

    def click_cell(self, at: tuple[int, int]) -> None:
        """What a click on a grid cell does: show the ghost there, or place it when the ghost
        is already there."""
        at = check_at(at)
        if self.replay_step is not None:
            self._say(_("You are watching the best line: click “Back to my game” to play on."))
            return
        if self.at == at and self.selected_slot is not None and not self._pending:
            self.place()
        else:
            self.preview(at)

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
        self._say(_(self.NEW_GAME))
        self._show_all()

    def _again(self) -> None:
        """What the New game button of an ended game does: a new game, and the focus (the
        button is gone) on the first card of the new hand."""
        self.new_game()
        self._focus(".orchard-st-hand .orchard-st-choose-0")

    def load(self, game: st.Game) -> None:
        """Show a copy of ``game`` (you are player 0) and play on from it; its moves so far
        cannot be undone. A lesson uses it to show a prepared position."""
        check_type(game, st.Game, "game")
        self.settings.show(game.players, None, game.rules)
        self._begin(game.copy())
        self._say("")
        self._show_all()

    # ---- lessons -----------------------------------------------------------------------
    def highlight(
        self,
        *,
        cells: Iterable[tuple[int, int]] = (),
        **flags: bool,
    ) -> None:
        """Mark what a lesson talks about (CSS class ``HIGHLIGHT``); the call replaces the last.

        ``cells`` are cells of your orchard (row, col); the flags mark a whole part: ``hand``,
        ``turn_buttons``, ``supply``, ``score``, ``message``, ``summary`` (the game-over box),
        ``code`` (the deal's code), ``others`` (the other players) and ``replay`` (the best
        line's comparison).

        >>> board = StackedTreesBoard()
        >>> board.highlight(cells=[(0, 0)], supply=True)
        >>> board.highlighted
        {'cells': ((0, 0),), 'supply': (True,)}
        """
        self._mark({"cells": tuple(check_at(cell, "cells") for cell in cells)}, **flags)
        self._show_grid()

    # ---- what the board shows ----------------------------------------------------------
    @property
    def selected(self) -> st.Card | None:
        """The hand card chosen and not yet placed."""
        return None if self.selected_slot is None else self.game.hand[self.selected_slot]

    @property
    def ghost(self) -> st.Effect | None:
        """What the chosen card at the ghost's cell would do (None without card and cell)."""
        card = self.selected
        if card is None or self.at is None or self.game.is_over:
            return None
        key = (card, self.at, self.rotation, len(self.game.history))
        if self._ghost_key != key:
            self._ghost_key = key
            self._ghost = self.game.boards[HUMAN].effect(card, self.at, self.rotation)
        return self._ghost

    # ---- turns -------------------------------------------------------------------------
    def _begin(self, game: st.Game) -> None:
        self._forget_best_line()
        self._ghost_key = None
        self._ghost = None
        self._start(game, self.seed_choice.value)
        self._opponent = policies.resolve("greedy", seed=self._rng)

    def _forget_selection(self) -> None:
        self.selected_slot = None
        self.rotation = 0
        self.at = None
        self._pending = False

    def _offer(self) -> Sequence[st.Card]:
        return self.game.hand

    def _take_card(self, card: st.Card) -> tuple[str, str | None]:
        """The card keeps the turn it had; the focus goes to its ghost's spot, else the start
        card's corner."""
        self._pending = False
        said = _(
            "Card {card} chosen: turn it if you like, then click a spot of the orchard for its "
            "top-left tree."
        )
        return said.format(card=html.escape(trees_code(card))), _cell(self.at or (0, 0))

    def _take_hint(self, move: st.Move) -> tuple[str, str]:
        """The hinted card is turned as suggested, its ghost where the move goes; the hint's
        words then name the card as the hand shows it, turned (``hint_as_shown``)."""
        self.rotation = move.rotation
        self.at = move.at
        self._pending = False
        reason = hint_as_shown(self.game, move, self.hint_choice.value)
        self.hint_text.value = _("<b>Hint:</b> {reason}").format(reason=html.escape(reason))
        said = _("Hint: its ghost is on the orchard. Click the ghost or “Place here”.")
        return said, _cell(move.at)

    def _refuse_turn(self) -> bool:
        if super()._refuse_turn():
            return True
        if self.replay_step is not None:
            self._say(_("You are watching the best line: click “Back to my game” to play on."))
            return True
        return False

    def _commit(self, ghost: st.Effect) -> None:
        self._play(st.Move(ghost.card, ghost.at, ghost.rotation, ghost.tokens > 0))
        words = effect_summary(ghost, self.game.rules.rotten_penalty)
        self._forget_selection()
        self._show_all()
        mine = self.game.scores()[HUMAN]
        placed = _n(
            "Placed: {effect} {count} point now.", "Placed: {effect} {count} points now.", abs(mine)
        ).format(effect=html.escape(words), count=mine)
        self._say_move(
            f'<span class="orchard-allowed">{placed}</span>',
            ".orchard-st-hand .orchard-st-choose-0",
        )

    def _say_move(self, text: str, first_card: str) -> None:
        """As every board, but the message does not say again how the game ended, which the
        result box under the buttons says (a screen reader hears it with the move)."""
        if not self.game.is_over:
            super()._say_move(text, first_card)
            return
        self.message.value = text
        self.board_keys.say(f"{text} {html.escape(self._result_text())}")
        self._focus(self._next_after_the_game())

    def _others_turn(self) -> bool:  # the others play on once you cannot (ST-6)
        return bool(self.game.current_player != HUMAN or self.game.finished(HUMAN))

    def _ghost_words(self) -> str:
        ghost = self.ghost
        return "" if ghost is None else effect_words(ghost, self.game.rules.rotten_penalty)

    # ---- drawing -----------------------------------------------------------------------
    def _show_all(self) -> None:
        self._show_grid()
        self._show_hand()
        self._show_buttons()
        self._show_status()
        self._show_summary()
        self._show_keys()
        self._show_comparison()
        self._show_highlight()

    def _show_highlight(self) -> None:
        super()._show_highlight()
        self._show_legend()

    def _show_legend(self) -> None:
        """The legend names the best line's last card while it is replayed, the highlight
        while a lesson highlights (one message, only when it changes)."""
        legend = trees_legend(
            replaying=bool(self.replay_step), highlighting=bool(self._highlighted)
        )
        if self.legend.value != legend:
            self.legend.value = legend

    def _show_picked(self) -> None:
        self._show_grid()
        self._show_hand()
        self._show_buttons()

    def _shown_board(self) -> st.Board:
        replayed = self.replay_board()
        return self.game.boards[HUMAN] if replayed is None else replayed

    def _show_grid(self) -> None:
        """Draw the orchard shown (yours, or the best line's while replaying) in one message."""
        replaying = self.replay_step is not None
        squares, px = orchard_squares(
            self._shown_board(),
            ghost=None if replaying else self.ghost,
            picked=self.at if not replaying and self.selected_slot is not None else None,
            last=bool(self.replay_step),
            lit=self._highlighted.get("cells", ()),
        )
        self.grid.show(squares, px)

    def _show_hand(self) -> None:
        hand = () if self.replay_step is not None or self.game.is_over else self.game.hand
        self.hand_row.show(hand, self._draw_hand_card, self.selected_slot)

    def _hand_slot(self, slot: int) -> tuple[w.VBox, w.Button]:
        picture = w.HTML()
        self.hand_pictures.append(picture)
        button = w.Button().add_class(f"orchard-st-choose-{slot}")
        return w.VBox([picture, button]).add_class("orchard-st-slot"), button

    def _draw_hand_card(self, slot: int, card: st.Card) -> None:
        chosen = slot == self.selected_slot
        self.hand_pictures[slot].value = card_html(card, self.rotation if chosen else 0)
        button = self.hand_buttons[slot]
        with button.hold_sync():
            button.description = (
                _("chosen") if chosen else _("Choose card {number}").format(number=slot + 1)
            )
            button.tooltip = _("card {card}").format(card=trees_code(card))

    def _show_buttons(self) -> None:
        over = self.game.is_over  # then no card to choose, turn or place, no hint: New game
        playing = not over and self.replay_step is None  # (the best line replayed: no hand)
        for part in (self.hand_heading, self.turning, self.hint_button, self.hint_choice):
            part.layout.display = None if playing else "none"
        self.again_button.layout.display = None if over else "none"
        chosen = playing and self.selected_slot is not None
        for button in (self.left_button, self.right_button):
            button.disabled = not chosen
        ghost = self.ghost if playing else None
        self.place_button.disabled = ghost is None or not ghost.legal
        self.confirm_button.layout.display = None if self._pending else "none"
        self._show_replay_buttons()

    def _show_status(self) -> None:
        game = self.game
        shown = self._shown_board()  # yours, or the best line's while it is replayed
        self.supply.value = supply_html(game, shown)
        self.score_text.value = score_html(shown)
        self.code.value = deal_code_html(game)
        self.others.value = others_html(game)
        if self.best is not None and self.replay_step is not None:
            self.turn_line.value = _(
                "<b>Watching the best line</b> · card {card} of {cards} · your own game waits"
            ).format(card=self.replay_step, cards=len(self.best.moves))
        elif game.is_over:  # the box under the buttons says how it ended: here what now
            self.turn_line.value = _(
                "<b>What now?</b> Undo your last card to try it another way, see how well you "
                "could have done, or start a new game."
            )
        else:
            self.turn_line.value = _(
                "<b>Your turn</b> · card {card} of {cards} · {left} still to draw"
            ).format(
                card=len(game.boards[HUMAN].cards()) + 1,
                cards=len(game.order),
                left=len(game.order) - max(s.drawn for s in game.seats),
            )

    def _result_said(self, as_html: bool = False) -> str:
        """How the game ended: your points, your rating and the winner sentence; ``as_html``:
        escaped for the game-over box, the rating kept whole on its line there."""
        mine = self.game.scores()[HUMAN]
        said = _n(
            "Game over: you scored {count} point, rating “{rating}”.",
            "Game over: you scored {count} points, rating “{rating}”.",
            abs(mine),
        )
        rating = _(st.rating(mine))
        # alone, the winner sentence ("Solo game: 41 points (Tree-mendous).") says it again
        reason = self.game.winner_reason() if self.game.players > 1 else ""
        if not as_html:
            return f"{said.format(count=mine, rating=rating)} {reason}".strip()
        # A rating's name is a pun with a hyphen ("Tree-mendous") that a line would break at,
        # as the score line's would (kept whole there too): its span is kept whole by the
        # stylesheet, the word and its hyphen as they are, so a screen reader reads the word.
        whole = f'<span class="orchard-st-rating">{html.escape(rating)}</span>'
        return f"{html.escape(said).format(count=mine, rating=whole)} {html.escape(reason)}".strip()

    def _result_text(self) -> str:
        return self._result_said()

    def _result_html(self) -> str:
        return self._result_said(as_html=True)

    # ---- building ----------------------------------------------------------------------
    def _wire(self) -> None:
        """Each button's CSS hook (``orchard-st-<hook>``, what the browser tests find) and
        what a click on it does."""
        for button, hook, action in (
            (self.left_button, "left", functools.partial(self.turn, -1)),
            (self.right_button, "right", self.turn),
            (self.place_button, "place", self.place),
            (self.confirm_button, "confirm", self.confirm),
            (self.again_button, "again", self._again),
        ):
            button.add_class(f"orchard-st-{hook}")
            button.on_click(lambda _b, act=action: self._clicked(act))

    def _layout(self) -> w.Box:
        self.turning = turning = w.HBox([self.left_button, self.right_button, self.place_button])
        side = w.VBox(
            [
                self.hand_heading,
                self.hand_box,
                turning.add_class("orchard-st-buttons"),
                self.confirm_button,
                self.again_button,
                self.board_keys,
                self.supply,
                self.score_text,
                self.others,
            ]
        ).add_class("orchard-st-side")
        orchard = w.VBox([self.grid, self.legend]).add_class("orchard-st-orchard")
        play = w.HBox([orchard, side]).add_class("orchard-st-play")
        actions = w.HBox(
            [self.undo_button, self.hint_button, self.hint_choice, self.how_button]
        ).add_class("orchard-st-buttons")
        settings = self.settings.widget([self.deal_choice], "orchard-st-settings")
        self._highlightable = {
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
            [w.HTML(style()), self.title, self.code, self.turn_line, play,
             self.message, actions, self.progress, self.hint_text, self.summary,
             self.compare_box, settings, self.view_language]
        )  # fmt: skip
        return root.add_class("orchard-st-board")


def yes_spend_label(tokens: int) -> str:
    """The label of the button that says yes to spending ``tokens`` rotten tokens (the
    walkthrough quotes it too)."""
    # Translators: stacked trees, the button that says yes to a placement spending rotten
    # tokens (its label is quoted in the question above it)
    return _n("Yes, spend the token", "Yes, spend the tokens", tokens)


def _spend_tip(tokens: int) -> str:
    """The tooltip of that button, for ``tokens`` rotten tokens (the count, as the question
    above it says)."""
    # Translators: stacked trees, the tooltip of the button that says yes to a placement
    # spending {count} rotten tokens
    return _n(
        "place it and spend {count} rotten token",
        "place it and spend {count} rotten tokens",
        tokens,
    ).format(count=tokens)


def _cell(at: tuple[int, int]) -> str:
    """The CSS selector of the grid's cell ``at``."""
    return f'.orchard-st-grid [data-cell="{at[0]},{at[1]}"]'
