"""The apple batches board: a class plays a whole game by clicking apples and batches.

A plain class composing stock ipywidgets over ``apple_batches.Game``. Player 0 is the
human; the other players are played by a chosen policy right after each human move. Every
user action is a method (``select_card``, ``choose_batch``, ``undo``, ``hint``,
``new_game``) and every button calls the same method, so tests drive the board without a
browser. Views are updated in place: the same buttons, HTML and plotly FigureWidgets
live for the whole life of the board.

>>> board = AppleBatchesBoard(players=1, seed=3)
>>> board.select_card(0)
>>> board.choose_batch("bad")
>>> board.game.boards[0].batches["bad"] == (board.game.history[0].card,)
True
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab.core import IllegalMove, Score, require_int
from orchard_lab.figures import (
    BATCH_COLOURS,
    BATCH_LABELS,
    breakdown_values,
    next_card_bars,
    next_card_values,
    score_breakdown,
)
from orchard_lab.widgets.guard import guarded

__all__ = ["HINT_POLICIES", "AppleBatchesBoard", "batch_rule"]

HUMAN = 0
HINT_POLICIES = ("greedy", "lookahead")
LOOKAHEAD_ROLLOUTS = 8
CHART_SIZE = {"width": 470, "height": 290}
APPLE_TEXT_COLOUR = {"red": "#fff", "green": "#fff", "gold": "#3b2a00"}


def batch_rule(batch: str, rules: ab.Rules) -> str:
    """The rule of a batch and how it scores, in one short line (AB-4..AB-6).

    >>> batch_rule("steady", ab.Rules(steady_reference="any"))
    'height within 1 of any earlier apple · odd primes 3, 5, 7, 11…'
    """
    if batch == "steady":
        which = "the last" if rules.steady_reference == "last" else "any earlier"
        return f"height within 1 of {which} apple · odd primes 3, 5, 7, 11…"
    if batch == "unlucky":
        bust = "may pass 13 (then 0)" if rules.unlucky_may_bust else "never past 13"
        return f"sweetness adds to exactly 13, {bust} · n²"
    if batch == "special":
        broken = rules.special_broken_points
        return f"one tree; its colour nowhere else · 20 (else {broken})"
    if batch == "bad":
        return "takes anything · free (easy mode)" if rules.easy else "takes anything · −1 each"
    return {
        "monochrome": "one colour only · T(n) = 1, 3, 6, 10…",
        "feather": "match sweetness or height · n(n−1) = 0, 2, 6, 12…",
        "fortepiano": "pairs of different heights · 2×height gap",
        "sweet_couple": "pairs of equal sweetness · 7 a pair",
    }[batch]


_CSS = """
.orchard-ab-board {gap: 6px; font-family: var(--jp-ui-font-family); max-width: 1180px}
.orchard-ab-board .orchard-ab-title {font-size: 22px; font-weight: 700; color: #7a2e12}
.orchard-ab-board .orchard-ab-turn {font-size: 15px}
.orchard-ab-board .orchard-ab-turn b {color: #7a2e12}
.orchard-ab-board .orchard-ab-market {align-items: flex-end; flex-wrap: wrap;
  padding: 6px 10px 10px; border-radius: 14px;
  background: linear-gradient(#f4ecd6, #e7dcbc); border: 1px solid #d5c69a}
.orchard-ab-board .orchard-market-card {width: 78px; height: 80px; margin: 16px 7px 2px;
  border-radius: 46% 46% 50% 50% / 42% 42% 58% 58%; border: 1px solid rgba(0,0,0,.35);
  font-weight: 700; font-size: 12px; line-height: 1.35; white-space: pre; overflow: visible;
  position: relative; padding: 8px 0 0;
  box-shadow: inset -7px -9px 14px rgba(0,0,0,.28), inset 7px 7px 12px rgba(255,255,255,.35),
    0 2px 3px rgba(0,0,0,.25);
  transition: transform .12s}
.orchard-ab-board .orchard-market-card::before {content: ""; position: absolute; top: -11px;
  left: 47%; width: 4px; height: 14px; background: #5b3a1e; border-radius: 2px;
  transform: rotate(10deg)}
.orchard-ab-board .orchard-market-card::after {content: ""; position: absolute; top: -11px;
  left: 53%; width: 17px; height: 9px; background: #3c8d2f; border-radius: 0 100% 0 100%}
.orchard-ab-board .orchard-market-card:hover {transform: translateY(-3px)}
.orchard-ab-board .orchard-selected {transform: translateY(-6px) scale(1.08);
  outline: 4px solid #1565c0; outline-offset: 3px}
.orchard-ab-board .orchard-apple-red {background: radial-gradient(circle at 35% 30%,
  #ff8a80, #d32f2f 55%, #8e1b1b) !important; color: #fff}
.orchard-ab-board .orchard-apple-green {background: radial-gradient(circle at 35% 30%,
  #c5e86c, #5aa02c 55%, #2f6415) !important; color: #fff}
.orchard-ab-board .orchard-apple-gold {background: radial-gradient(circle at 35% 30%,
  #fff2a8, #f2c12e 55%, #b88a0b) !important; color: #3b2a00}
.orchard-ab-board .orchard-ab-batches {gap: 6px; align-items: stretch}
.orchard-ab-board .widget-html-content {line-height: 1.35}
.orchard-ab-board .orchard-batch {flex: 1 1 0; min-width: 0; min-height: 250px;
  border-radius: 10px; border: 2px solid #ddd; background: #fbfaf6; padding: 4px;
  transition: all .12s}
.orchard-ab-board .orchard-batch .orchard-batch-button {width: 100%; font-weight: 700;
  color: #fff; border-radius: 6px; padding: 0 2px; font-size: 13px}
.orchard-ab-board .orchard-batch-rule {font-size: 11px; line-height: 1.25; color: #555;
  min-height: 42px}
.orchard-ab-board .orchard-batch-rule .widget-html-content {white-space: normal}
.orchard-ab-board .orchard-batch-points {font-size: 20px; font-weight: 700; text-align: center}
.orchard-ab-board .orchard-legal {border-color: #2e9d46; background: #eaf8ec;
  box-shadow: 0 0 8px #58c26e}
.orchard-ab-board .orchard-illegal {opacity: .45}
.orchard-ab-board .orchard-hinted {border: 3px dashed #e69f00}
.orchard-ab-board .orchard-chip {display: inline-block; box-sizing: border-box;
  width: 100%; margin: 1px 0; padding: 1px 6px; border-radius: 9px; font-size: 12px;
  font-weight: 600; text-align: center}
.orchard-ab-board .orchard-ab-opponent .orchard-chip {width: auto; font-size: 10px}
.orchard-ab-board .orchard-ab-message {min-height: 24px; font-size: 14px}
.orchard-ab-board .orchard-ab-message .orchard-refused {color: #b3261e; font-weight: 600}
.orchard-ab-board .orchard-ab-score table {border-collapse: collapse; font-size: 12px}
.orchard-ab-board .orchard-ab-score td {padding: 1px 8px; border-bottom: 1px solid #eee}
.orchard-ab-board .orchard-ab-opponent table {border-collapse: collapse; font-size: 11px}
.orchard-ab-board .orchard-ab-opponent td, .orchard-ab-board .orchard-ab-opponent th
  {padding: 1px 5px; text-align: center; border: 1px solid #e4e4e4}
.orchard-ab-board .orchard-ab-hint-text {font-size: 13px; color: #4a3b00; flex: 1;
  padding-left: 10px}
.orchard-ab-board .orchard-ab-details {gap: 24px; align-items: flex-start}
.orchard-ab-board .orchard-ab-charts {gap: 8px}
.orchard-ab-board .orchard-ab-summary {font-size: 15px}
.orchard-ab-board .orchard-ab-result {padding: 8px 12px; border-radius: 10px;
  background: #fff4d6; border: 2px solid #e69f00}
.orchard-ab-board .orchard-ab-settings {flex-wrap: wrap; gap: 2px 16px; padding: 8px 6px;
  border-top: 1px solid #ddd; align-items: center}
"""


def _chip(card: ab.Card) -> str:
    """A card as a coloured pill, 'h3 · s2' on the apple's colour, the words on hover."""
    style = f"background:{_APPLE_FILL[card.colour]};color:{APPLE_TEXT_COLOUR[card.colour]}"
    words = f"{card.colour} apple, height {card.height}, sweetness {card.sweetness}"
    return (
        f'<span class="orchard-chip" style="{style}" title="{html.escape(words)}">'
        f"h{card.height} · s{card.sweetness}</span>"
    )


_APPLE_FILL = {"red": "#d32f2f", "green": "#5aa02c", "gold": "#f2c12e"}


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


class AppleBatchesBoard:
    """Play apple batches by clicking: an apple of the market, then one of your batches.

    ``players`` 1-6 (you are player 0), ``seed`` deals the deck, ``rules`` holds the
    switches, ``policy`` plays the other players ("random", "greedy", "lookahead"),
    ``hint_policy`` answers the hint button. Display it as the last line of a cell.

    >>> board = AppleBatchesBoard(players=2, seed=0, policy="greedy")
    >>> board.select_card(0); board.choose_batch("bad")
    >>> len(board.game.history)  # your move and the other player's answer
    2
    """

    def __init__(
        self,
        players: int = 1,
        seed: int = 0,
        rules: ab.Rules | None = None,
        policy: str = "greedy",
        hint_policy: str = "greedy",
    ) -> None:
        self._build_controls()
        self.hint_choice = w.ToggleButtons(
            options=HINT_POLICIES, value=_hint_name(hint_policy), description="hint by",
            style={"description_width": "initial", "button_width": "96px"},
        )  # fmt: skip
        self.market_buttons: list[w.Button] = []
        self.market_box = w.HBox()
        self.columns = {batch: self._column(batch) for batch in ab.BATCHES}
        self.points_figure = go.FigureWidget(
            score_breakdown(ab.Board().score(), title="Your points by batch", **CHART_SIZE)
        )
        self.next_figure = go.FigureWidget(
            next_card_values(ab.Board(), title="What the next apple adds", **CHART_SIZE)
        )
        self.title = w.HTML("Apple batches")
        self.turn = w.HTML()
        self.message = w.HTML()
        self.hint_text = w.HTML()
        self.score_text = w.HTML()
        self.opponents = w.HTML()
        self.summary = w.HTML()
        self.undo_button = w.Button(
            description="Undo", icon="undo", tooltip="take back your move", layout={"width": "90px"}
        )
        self.hint_button = w.Button(
            description="Hint", icon="lightbulb-o", tooltip="a suggestion", layout={"width": "90px"}
        )
        self.undo_button.on_click(lambda _b: self._clicked(self.undo))
        self.hint_button.on_click(lambda _b: self._clicked(self.hint))
        self.new_button.on_click(lambda _b: self._clicked(self.new_game))
        self.widget = self._layout()
        self.selected_slot: int | None = None
        self._hinted: str | None = None
        self.new_game(players=players, seed=seed, rules=rules, policy=policy)

    # ---- what a player does ------------------------------------------------------------
    def select_card(self, slot: int) -> None:
        """Pick the market apple at ``slot`` (0 = first shown); the batches it fits light up."""
        slot = require_int(slot, "slot", 0)
        if self._refuse_turn():
            return
        if slot >= len(self.game.market):
            raise ValueError(f"slot must be below {len(self.game.market)}, the apples on show")
        self.selected_slot = slot
        self._hinted = None
        card = self.game.market[slot]
        fits = self.game.boards[HUMAN].legal_batches(card)
        names = ", ".join(BATCH_LABELS[b] for b in fits)
        self._say(f"The {html.escape(str(card))} apple fits: {html.escape(names)}. Pick a batch.")
        self._show_selection()
        self._show_next_card()

    def choose_batch(self, batch: str) -> None:
        """Place the selected apple in ``batch``; a refused move only explains why (AB-3..6)."""
        if batch not in ab.BATCHES:
            raise ValueError(f"batch must be one of {', '.join(ab.BATCHES)}, got {batch!r}")
        if self._refuse_turn():
            return
        if self.selected_slot is None:
            self._say("Pick an apple from the market first, then a batch.")
            return
        move = ab.Move(self.game.market[self.selected_slot], batch)
        before = len(self.game.history)
        try:
            self.game.play(move)
        except IllegalMove as refusal:
            self._say(f'<span class="orchard-refused">{html.escape(str(refusal))}</span>')
            return
        self._marks.append(before)
        self.hint_text.value = ""
        placed = f"You put the {html.escape(str(move.card))} apple in {BATCH_LABELS[batch]}."
        if self._opponent_policy == "lookahead" and self.game.players > 1:
            self._say(f"{placed} The other players are looking ahead…")
        self._play_opponents()
        self._say(placed)
        self._forget_selection()
        self._show_all()

    def undo(self) -> None:
        """Take back your last move and the other players' answers to it."""
        if not self._marks:
            self._say("There is no move of yours to take back yet.")
            return
        mark = self._marks.pop()
        while len(self.game.history) > mark:
            self.game.undo()
        self._forget_selection()
        self.hint_text.value = ""
        self._say("Move taken back: it is your turn again.")
        self._show_all()

    def hint(self) -> ab.Move | None:
        """Suggest a move (the hint policy's choice), say why, and select its apple."""
        if self._refuse_turn():
            return None
        if self.hint_choice.value == "lookahead":
            self._say("Looking ahead: playing every possible move to the end a few times…")
        move, why = _advice(self.game, self.hint_choice.value, self._rng)
        self.selected_slot = self.game.market.index(move.card)
        self._hinted = move.batch
        self.hint_text.value = why
        self._show_selection()
        self._show_next_card()
        self._say(f"Hint: the {html.escape(str(move.card))} apple is selected; click a batch.")
        return move

    def new_game(
        self,
        players: int | None = None,
        seed: int | None = None,
        rules: ab.Rules | None = None,
        policy: str | None = None,
    ) -> None:
        """Deal a new game; arguments left out are read from the settings row.

        Every argument is checked before anything changes, so a bad one leaves the game and
        the settings row as they were.
        """
        if players is not None:
            players = require_int(players, "players", 1, 6)
        if seed is not None:
            seed = require_int(seed, "seed", 0, self.seed_choice.max)
        if rules is not None and not isinstance(rules, ab.Rules):
            raise TypeError(f"rules must be an apple_batches Rules, not {type(rules).__name__}")
        if policy is not None:
            policy = _policy_name(policy)
        if players is not None:
            self.players_choice.value = players
        if seed is not None:
            self.seed_choice.value = seed
        if rules is not None:
            self._show_rules(rules)
        if policy is not None:
            self.policy_choice.value = policy
        seed = self.seed_choice.value
        self.game = ab.Game.new(
            players=self.players_choice.value, seed=seed, rules=self.rules_from_settings()
        )
        self._rng = np.random.default_rng(seed)
        self._opponent_policy = self.policy_choice.value
        self._opponent = policies.resolve(self._opponent_policy, seed=self._rng)
        self._marks: list[int] = []
        self._forget_selection()
        self._play_opponents()
        self.hint_text.value = ""
        self._say("New game: pick an apple from the market, then a batch for it.")
        self._show_all()

    # ---- what the board shows ------------------------------------------------------------
    @property
    def selected(self) -> ab.Card | None:
        """The market apple picked and not yet placed."""
        return None if self.selected_slot is None else self.game.market[self.selected_slot]

    def rules_from_settings(self) -> ab.Rules:
        """The rule switches as set in the settings row."""
        return ab.Rules(
            easy=self.easy_choice.value,
            unlucky_may_bust=self.bust_choice.value,
            steady_reference=self.steady_choice.value,
            special_broken_points=self.broken_choice.value,
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return self.widget._repr_mimebundle_(**kwargs)

    # ---- turns ---------------------------------------------------------------------------
    def _refuse_turn(self) -> bool:
        if self.game.is_over:
            self._say("The game is over: start a new game with the button below.")
            return True
        return False

    def _play_opponents(self) -> None:
        while not self.game.is_over and self.game.current_player != HUMAN:
            self.game.play(self._opponent(self.game))

    def _forget_selection(self) -> None:
        self.selected_slot = None
        self._hinted = None

    @guarded
    def _clicked(self, action: Callable[[], Any]) -> None:
        action()

    def _say(self, text: str) -> None:
        self.message.value = text

    # ---- drawing ---------------------------------------------------------------------------
    def _show_all(self) -> None:
        score = self.game.boards[HUMAN].score()  # scored once, shown three ways
        self._show_market()
        self._show_selection()
        self._show_batches(score)
        self._show_charts(score)
        self._show_next_card()
        self._show_score(score)
        self._show_turn()
        self._show_opponents()
        self._show_summary()

    def _show_market(self) -> None:
        market = self.game.market
        while len(self.market_buttons) < len(market):
            self._add_market_button()
        for slot, button in enumerate(self.market_buttons):
            if slot >= len(market):
                button.layout.display = "none"
                continue
            card = market[slot]
            button.layout.display = None
            button.description = f"height {card.height}\nsweet {card.sweetness}"
            button.tooltip = (
                f"{card.colour} apple, height {card.height}, sweetness {card.sweetness}"
            )
            for colour in ab.COLOURS:
                _toggle_class(button, f"orchard-apple-{colour}", colour == card.colour)

    def _add_market_button(self) -> None:
        slot = len(self.market_buttons)
        button = w.Button().add_class("orchard-market-card").add_class(f"orchard-slot-{slot}")
        button.on_click(lambda _b: self._clicked(functools.partial(self.select_card, slot)))
        self.market_buttons.append(button)
        self.market_box.children = (*self.market_box.children, button)

    def _show_selection(self) -> None:
        for slot, button in enumerate(self.market_buttons):
            _toggle_class(button, "orchard-selected", slot == self.selected_slot)
        card = self.selected
        board = self.game.boards[HUMAN]
        for batch, column in self.columns.items():
            legal = card is not None and board.can_place(card, batch)
            _toggle_class(column["box"], "orchard-legal", legal)
            _toggle_class(column["box"], "orchard-illegal", card is not None and not legal)
            _toggle_class(column["box"], "orchard-hinted", batch == self._hinted)

    def _show_batches(self, score: Score) -> None:
        for batch, column in self.columns.items():
            cards = self.game.boards[HUMAN].batches[batch]
            column["rule"].value = html.escape(batch_rule(batch, self.game.rules))
            column["points"].value = f"{score.parts[batch]}"
            column["cards"].value = "<br>".join(_chip(card) for card in cards)
            column["points"].tooltip = score.notes[batch]

    def _show_charts(self, score: Score) -> None:
        with self.points_figure.batch_update():
            self.points_figure.data[0].update(breakdown_values(score))
            self.points_figure.layout.title.text = f"Your points by batch · total {score.total}"

    def _show_next_card(self) -> None:
        card = self.selected
        board = self.game.boards[HUMAN]
        with self.next_figure.batch_update():
            self.next_figure.data[0].update(next_card_bars(board, card))
            what = f"the {card} apple" if card is not None else "the best next apple"
            self.next_figure.layout.title.text = f"What {what} would add"
            self.next_figure.layout.yaxis.title.text = "points it adds"

    def _show_score(self, score: Score) -> None:
        rows = "".join(
            f'<tr><td style="color:{BATCH_COLOURS[name]};font-weight:700">'
            f"{html.escape(BATCH_LABELS[name])}</td>"
            f"<td>{html.escape(score.notes.get(name, ''))}</td>"
            f'<td style="text-align:right">{points}</td></tr>'
            for name, points in score.parts.items()
        )
        self.score_text.value = (
            "<b>Explain my score</b><table>"
            f"{rows}<tr><td><b>total</b></td><td></td>"
            f'<td style="text-align:right"><b>{score.total}</b></td></tr></table>'
        )

    def _show_turn(self) -> None:
        game = self.game
        if game.is_over:
            self.turn.value = "<b>Game over.</b> Undo to try a different last move, or deal anew."
            return
        seats = "solo game" if game.players == 1 else f"you are player {HUMAN} of {game.players}"
        left = len(game.market)
        self.turn.value = (
            f"<b>Your turn</b> · round {game.round + 1} of {game.rounds} · {seats} · "
            f"{left} apple{'s' if left != 1 else ''} left in the market · "
            f"your points: <b>{game.scores()[HUMAN]}</b>"
        )

    def _show_opponents(self) -> None:
        game = self.game
        if game.players == 1:
            self.opponents.value = ""
            return
        head = "".join(f"<th>{html.escape(BATCH_LABELS[b])}</th>" for b in ab.BATCHES)
        blocks = []
        for player in range(1, game.players):
            board = game.boards[player]
            score = board.score()
            cells = "".join(
                f"<td>{' '.join(_chip(card) for card in board.batches[b])}"
                f"<br><b>{score.parts[b]}</b></td>"
                for b in ab.BATCHES
            )
            blocks.append(
                f'<div class="orchard-ab-opponent"><b>Player {player}</b> '
                f"({html.escape(self._opponent_policy)}) · {_points(score.total)}"
                f"<table><tr>{head}</tr><tr>{cells}</tr></table></div>"
            )
        self.opponents.value = "".join(blocks)

    def _show_summary(self) -> None:
        game = self.game
        if not game.is_over:
            self.summary.value = ""
            return
        winners = game.winners()
        if game.players == 1:
            headline = f"You finished with {_points(game.scores()[HUMAN])}."
        elif winners == [HUMAN]:
            headline = "You win!"
        elif HUMAN in winners:
            headline = "You share the win."
        else:
            names = " and ".join(f"player {i}" for i in winners)
            headline = f"The win goes to {names}."
        scores = ", ".join(
            f"player {i}{' (you)' if i == HUMAN else ''}: {s}" for i, s in enumerate(game.scores())
        )
        self.summary.value = (
            f'<div class="orchard-ab-result"><b>{html.escape(headline)}</b>'
            f"<br>{html.escape(game.winner_reason())}"
            f"<br>Final scores: {html.escape(scores)}.</div>"
        )

    # ---- building ------------------------------------------------------------------------
    def _build_controls(self) -> None:
        def fit(width: str) -> dict[str, Any]:
            return {"style": {"description_width": "initial"}, "layout": {"width": width}}

        self.players_choice = w.Dropdown(
            options=list(range(1, 7)), value=1, description="players", **fit("110px")
        )
        self.seed_choice = w.BoundedIntText(
            value=0, min=0, max=2**31 - 1, description="seed", **fit("130px")
        )
        self.policy_choice = w.Dropdown(
            options=list(policies.POLICY_NAMES), value="greedy", description="others play",
            **fit("190px"),
        )  # fmt: skip
        self.easy_choice = w.Checkbox(
            value=False, description="easy: bad batch free", indent=False, **fit("160px")
        )
        self.bust_choice = w.Checkbox(
            value=False, description="unlucky may pass 13", indent=False, **fit("160px")
        )
        self.steady_choice = w.ToggleButtons(
            options=[("steady: last", "last"), ("steady: any", "any")], value="last",
            tooltips=["within 1 of the last apple", "within 1 of any earlier apple"],
            style={"button_width": "100px"},
        )  # fmt: skip
        self.broken_choice = w.IntSlider(
            value=0, min=-20, max=20, step=1, description="broken special scores",
            **fit("330px"),
        )  # fmt: skip
        self.new_button = w.Button(description="New game", icon="refresh", button_style="success")

    def _show_rules(self, rules: ab.Rules) -> None:
        self.easy_choice.value = rules.easy
        self.bust_choice.value = rules.unlucky_may_bust
        self.steady_choice.value = rules.steady_reference
        self.broken_choice.value = rules.special_broken_points

    def _column(self, batch: str) -> dict[str, w.Widget]:
        button = w.Button(
            description=batch.replace("_", " "), tooltip=f"put the apple in {BATCH_LABELS[batch]}"
        )
        button.style.button_color = BATCH_COLOURS[batch]
        button.add_class("orchard-batch-button")
        button.on_click(lambda _b: self._clicked(functools.partial(self.choose_batch, batch)))
        rule = w.HTML().add_class("orchard-batch-rule")
        points = w.HTML().add_class("orchard-batch-points")
        cards = w.HTML().add_class("orchard-batch-cards")
        box = w.VBox([button, rule, points, cards])
        box.add_class("orchard-batch").add_class(f"orchard-batch-{batch}")
        return {"box": box, "button": button, "rule": rule, "points": points, "cards": cards}

    def _layout(self) -> w.Box:
        self.title.add_class("orchard-ab-title")
        self.turn.add_class("orchard-ab-turn")
        self.message.add_class("orchard-ab-message")
        self.hint_text.add_class("orchard-ab-hint-text")
        self.score_text.add_class("orchard-ab-score")
        self.opponents.add_class("orchard-ab-opponents")
        self.summary.add_class("orchard-ab-summary")
        self.market_box.add_class("orchard-ab-market")
        self.points_figure.add_class("orchard-ab-chart")
        self.next_figure.add_class("orchard-ab-next-chart")
        self.undo_button.add_class("orchard-ab-undo")
        self.hint_button.add_class("orchard-ab-hint")
        self.new_button.add_class("orchard-ab-new")
        batches = w.HBox([c["box"] for c in self.columns.values()]).add_class("orchard-ab-batches")
        actions = w.HBox([self.undo_button, self.hint_button, self.hint_choice])
        settings = w.HBox(
            [
                self.players_choice,
                self.seed_choice,
                self.policy_choice,
                self.easy_choice,
                self.bust_choice,
                self.steady_choice,
                self.broken_choice,
                self.new_button,
            ]
        ).add_class("orchard-ab-settings")
        play = w.VBox(
            [
                self.title,
                self.turn,
                self.market_box,
                self.message,
                batches,
                w.HBox([actions, self.hint_text]),
                self.summary,
            ]
        ).add_class("orchard-ab-play")
        charts = w.HBox([self.points_figure, self.next_figure]).add_class("orchard-ab-charts")
        root = w.VBox(
            [
                w.HTML(f"<style>{_CSS}</style>"),
                play,
                charts,
                w.HBox([self.score_text, self.opponents]).add_class("orchard-ab-details"),
                settings,
            ]
        )
        return root.add_class("orchard-ab-board")


def _toggle_class(widget: w.DOMWidget, name: str, on: bool) -> None:
    if on and name not in widget._dom_classes:
        widget.add_class(name)
    elif not on and name in widget._dom_classes:
        widget.remove_class(name)


def _hint_name(policy: Any) -> str:
    if policy not in HINT_POLICIES:
        raise ValueError(f"hint_policy must be one of {HINT_POLICIES}, got {policy!r}")
    return policy


def _policy_name(policy: Any) -> str:
    if policy not in policies.POLICY_NAMES:
        raise ValueError(f"policy must be one of {policies.POLICY_NAMES}, got {policy!r}")
    return policy


def _after(game: ab.Game, move: ab.Move) -> str:
    """The batch's note once ``move`` is made: what the points would be made of."""
    board = game.boards[game.current_player].copy()
    board.place(move.card, move.batch)
    return board.score().notes[move.batch]


def _advice(game: ab.Game, policy: str, rng: np.random.Generator) -> tuple[ab.Move, str]:
    """A suggested move for the player to act, and why, as HTML."""
    moves = game.legal_moves()
    now = game.scores()[game.current_player]
    gains = [game.score_after(move) - now for move in moves]
    order = sorted(range(len(moves)), key=lambda i: -gains[i])  # stable: ties keep move order
    greedy, runner_up = moves[order[0]], (moves[order[1]] if len(moves) > 1 else None)

    def said(move: ab.Move) -> str:
        gain = gains[moves.index(move)]
        return (
            f"the <b>{html.escape(str(move.card))}</b> apple in "
            f"<b>{BATCH_LABELS[move.batch]}</b> ({gain:+d} now: {html.escape(_after(game, move))})"
        )

    if policy == "greedy":
        why = f"<b>Greedy choice:</b> {said(greedy)}. It adds the most points right now."
        if runner_up is not None:
            why += f" Next best: {said(runner_up)}."
        return greedy, why
    chosen = policies.LookaheadPolicy(rollouts=LOOKAHEAD_ROLLOUTS, seed=rng)(game)
    why = (
        f"<b>Lookahead choice:</b> {said(chosen)}. It played every possible move to the end of "
        f"the game {LOOKAHEAD_ROLLOUTS} times with shuffled hidden cards, and this move "
        "finished best on average."
    )
    if chosen != greedy:
        why += f" Greedy would take {said(greedy)}, which pays more now but less by the end."
    return chosen, why
