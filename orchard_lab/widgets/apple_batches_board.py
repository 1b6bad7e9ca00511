"""The apple batches board: a class plays a whole game by clicking apples and batches.

A plain class composing stock ipywidgets over ``apple_batches.Game``. You are player 0;
the other players are played by a chosen policy right after each of your moves. Every
user action is a method (``select_card``, ``choose_batch``, ``undo``, ``hint``,
``new_game``) and every button calls the same method, so tests drive the board without a
browser. Views are updated in place: the same buttons, HTML and plotly FigureWidgets
live for the whole life of the board. Building a board deals a game and plays nothing.

>>> board = AppleBatchesBoard(players=1, seed=3)
>>> board.select_card(0)
>>> board.choose_batch("bad")
>>> len(board.game.boards[0].batches["bad"])
1
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab.apple_batches.board import apple_words
from orchard_lab.contrast import text_colour_on
from orchard_lab.core import Score, require_int
from orchard_lab.figures import (
    BATCH_COLOURS,
    BATCH_LABELS,
    breakdown_values,
    next_card_bars,
    next_card_values,
    score_breakdown,
)
from orchard_lab.figures.apple_batches import label_room
from orchard_lab.fruit_words import colour_name
from orchard_lab.language import N_, _, _n
from orchard_lab.widgets.board_base import (
    BOARD_TEXT_ON,
    HIGHLIGHT,
    HUMAN,
    PolicyBoard,
    seats_words,
    set_classes,
    turn_html,
)
from orchard_lab.widgets.board_parts import SELECTED, legend_html
from orchard_lab.widgets.plotly_state import BoardChart, fit_to_container
from orchard_lab.widgets.styles import style_html, text_properties

__all__ = [
    "APPLE_FILL",
    "APPLE_MARK",
    "FRAMES",
    "HIGHLIGHT",
    "TEXT_ON",
    "AppleBatchesBoard",
    "apples_legend",
    "batch_rule",
    "chip_html",
    "chip_label",
]

CHART_HEIGHT = 290
# Colour-blind-safe apple fills told apart by lightness too (dark red, mid green, light
# gold), and by a shape, so no rule depends on hue alone.
APPLE_FILL = {"red": "#b2182b", "green": "#1b9e77", "gold": "#f0c419"}
APPLE_MARK = {"red": "●", "green": "▲", "gold": "★"}
# Every (text, background) pair the board's CSS uses; a test checks each reaches 4.5:1.
TEXT_ON = {
    "title": ("#7a2e12", "#ffffff"),
    "rule": ("#4d4d4d", "#fbfaf6"),
    "rule on a lit batch": ("#4d4d4d", "#eaf8ec"),
    **BOARD_TEXT_ON,
    "highlight label": ("#1a1a1a", "#fff3c4"),
}


def chip_label(height: int, sweetness: int) -> str:
    """An apple's height and sweetness as its chip shows them: ``h3 · s2`` in English."""
    return _("h{height} · s{sweetness}").format(height=height, sweetness=sweetness)


def batch_rule(batch: str, rules: ab.Rules) -> str:
    """The rule of a batch and how it scores, in one short line (AB-4..AB-6).

    >>> batch_rule("steady", ab.Rules(steady_reference="any"))
    'height within 1 of any earlier apple · odd primes 3, 5, 7, 11…'
    """
    if batch == "steady":
        if rules.steady_reference == "last":
            return _("height within 1 of the last apple · odd primes 3, 5, 7, 11…")
        return _("height within 1 of any earlier apple · odd primes 3, 5, 7, 11…")
    if batch == "unlucky":
        if rules.unlucky_may_bust:
            return _("sweetness adds to exactly 13, may pass 13 (then 0) · n × n")
        return _("sweetness adds to exactly 13, never past 13 · n × n")
    if batch == "special":
        return _(
            "one tree; its colour in no other batch but the bad one · 20 (else {broken})"
        ).format(broken=rules.special_broken_points)
    if batch == "bad":
        if rules.easy:
            return _("takes anything · free (easy mode)")
        return _("takes anything · -1 each")
    return _(_BATCH_RULES[batch])


_BATCH_RULES = {  # the batches whose rule no switch changes
    "monochrome": N_("one colour only · 1, 3, 6, 10…"),
    "feather": N_("match sweetness or height · 0, 2, 6, 12…"),
    "fortepiano": N_("pairs of different heights · 2 × the height gap"),
    "sweet_couple": N_("pairs of equal sweetness · 7 a pair"),
}


def style() -> str:
    """The board's ``<style>``: ``TEXT_ON`` as custom properties, then its CSS file."""
    properties = text_properties("ab", TEXT_ON)
    return style_html("apple_batches_board.css", ".orchard-ab-board", properties)


def chip_html(card: ab.Card, css_class: str, attributes: str = "") -> str:
    """An apple as a pill on its colour, of CSS class ``css_class`` (with the HTML
    ``attributes`` given, if any): its shape, then 'h3 · s2'; the apple in words on hover.
    The board's batches and the printed sheets draw their apples with it.

    >>> chip = chip_html(ab.Card("red", 3, 2), "chip", 'data-card="red h3 s2"')
    >>> chip.startswith('<span class="chip" data-card="red h3 s2" style='), chip.count("h3 · s2")
    (True, 1)
    """
    fill = APPLE_FILL[card.colour]
    style = f"background:{fill};color:{text_colour_on(fill)}"
    words = {
        "red": _("red apple, height {height}, sweetness {sweetness}"),
        "green": _("green apple, height {height}, sweetness {sweetness}"),
        "gold": _("gold apple, height {height}, sweetness {sweetness}"),
    }[card.colour].format(height=card.height, sweetness=card.sweetness)
    label = chip_label(card.height, card.sweetness)
    more = f" {attributes}" if attributes else ""
    return (
        f'<span class="{css_class}"{more} style="{style}" title="{html.escape(words)}">'
        f"{APPLE_MARK[card.colour]} {html.escape(label)}</span>"
    )


# Every frame the board draws around a batch or an apple: the CSS class that draws it (set
# by the board), the legend's sample of it (the same look, in the CSS, a class of its own so
# that nothing mistakes the sample for the real thing) and what it means. A frame says it by
# a mark too (✓, ✗, ➤), never by its colour alone. The highlight's entry shows only while a
# lesson highlights something.
# Translators: the legend under the apple batches board: what each frame round a batch or
# an apple means
FRAMES = (
    ("orchard-legal", "orchard-ab-sample-legal", N_("a batch the picked apple fits")),
    ("orchard-illegal", "orchard-ab-sample-illegal", N_("a batch the picked apple does not fit")),
    ("orchard-hinted", "orchard-ab-sample-hinted", N_("the batch the hint suggests")),
    (SELECTED, "orchard-ab-sample-picked", N_("the apple you picked")),
)
# Translators: the legend of a board in a lesson or a walkthrough: the frame round what the
# text above the board is about
HIGHLIGHT_FRAME = (HIGHLIGHT, "orchard-ab-sample-highlight", N_("what the text above talks about"))


def apples_legend(highlighting: bool = False) -> str:
    """The legend under the batches: each colour's mark on its colour with the colour's name,
    an apple's chip beside the apple in words, so that neither a colour nor the letters of
    'h3 · s2' are left to guess, then each frame the board draws (``FRAMES``), drawn as the
    board draws it, and (when ``highlighting``) the lesson's highlight.

    >>> from orchard_lab.language import speaking
    >>> with speaking("fr"):
    ...     shown = apples_legend()
    >>> "★</span> doré" in shown, "h3 · d2</span> pomme rouge (hauteur 3, douceur 2)" in shown
    (True, True)
    >>> "orchard-ab-sample-hinted" in shown, "orchard-ab-sample-highlight" in shown
    (True, False)
    """
    entries = [
        (
            f'<span class="orchard-chip" style="background:{fill};'
            f'color:{text_colour_on(fill)}">{APPLE_MARK[colour]}</span>',
            colour_name(colour),
        )
        for colour, fill in APPLE_FILL.items()
    ]
    example = ab.Card("red", 3, 2)
    entries.append((chip_html(example, "orchard-chip"), apple_words(example)))
    frames = (*FRAMES, HIGHLIGHT_FRAME) if highlighting else FRAMES
    for state, sample, meaning in frames:
        if state == SELECTED:  # an apple of the market, ringed
            shown = chip_html(example, f"orchard-chip {sample}")
        else:  # a batch's frame, with the mark its button gets (the CSS draws it)
            shown = (
                f'<span class="orchard-ab-sample {sample}">'
                f'<span class="orchard-ab-sample-mark"></span></span>'
            )
        entries.append((shown, _(meaning)))
    return legend_html(entries)


def _chip(card: ab.Card) -> str:
    """An apple on the board, named by its card (``data-card``) for the browser tests."""
    return chip_html(card, "orchard-chip", f'data-card="{card}"')


def _batch(batch: str) -> str:
    """A batch's name in the session's language (the glossary's)."""
    return _(BATCH_LABELS[batch])


class AppleBatchesBoard(PolicyBoard):
    """Play apple batches by clicking: an apple of the market, then one of your batches.

    ``players`` within the game's range (you are the first player), ``seed`` deals the
    deck, ``rules`` holds the switches (default: the standard rules), ``policy`` plays the
    other players ("random", "greedy", "lookahead"), ``hint_policy`` answers the hint
    button. Display it as the last line of a cell.

    >>> board = AppleBatchesBoard(players=2, seed=0, policy="greedy")
    >>> board.select_card(0); board.choose_batch("bad")
    >>> [b.card_count for b in board.game.boards]  # your move and the other player's answer
    [1, 1]
    """

    GAME = ab
    game: ab.Game
    CSS = "ab"
    PLAYERS = 1  # a board opens on a game of your own (the game's default is 2)
    OFFERED = "the apples on show"
    NEW_GAME = N_("New game: pick an apple from the market, then a batch for it.")
    _hinted: str | None  # the hinted move's batch

    def _make_parts(self) -> None:
        """The market, the batches' columns and their legend, the two charts and their titles,
        the title, the turn line, the score table and the other players' tables, each with
        its CSS hook."""
        self._make_market(_market_slot)  # each slot is its apple's button
        self.columns = {batch: self._column(batch) for batch in ab.BATCHES}
        self.points_figure = BoardChart(score_breakdown(Score({}), height=CHART_HEIGHT))
        self.next_figure = BoardChart(next_card_values(ab.Board(), height=CHART_HEIGHT))
        for figure, hook in (
            (self.points_figure, "orchard-ab-chart"),
            (self.next_figure, "orchard-ab-next-chart"),
        ):
            fit_to_container(figure)
            figure.add_class(hook)
        self.points_title = w.HTML().add_class("orchard-ab-chart-title")
        self.next_title = w.HTML().add_class("orchard-ab-chart-title")
        self.title = w.HTML(html.escape(_("Apple batches"))).add_class("orchard-ab-title")
        self.turn = w.HTML().add_class("orchard-ab-turn")
        self.score_text = w.HTML().add_class("orchard-ab-score")
        self.opponents = w.HTML().add_class("orchard-ab-opponents")
        self.legend = w.HTML(apples_legend()).add_class("orchard-ab-legend")  # what each mark is
        self._make_keys(
            _("the apples of the market"),
            _("your batches"),
            rows=[".orchard-ab-market .orchard-market-card", ".orchard-batch-button"],
        )

    # ---- what a player does ------------------------------------------------------------
    def choose_batch(self, batch: str) -> None:
        """Place the selected apple in ``batch``; a refused move only explains why (AB-3..6)."""
        if batch not in ab.BATCHES:
            raise ValueError(f"batch must be one of {', '.join(ab.BATCHES)}, got {batch!r}")
        card = self._picked_card(_("Pick an apple from the market first, then a batch."))
        if card is None:
            return
        self._play_yours(
            ab.Move(card, batch),
            _("You put the {apple} in the {batch}").format(
                apple=html.escape(apple_words(card)), batch=html.escape(_batch(batch))
            ),
            ".orchard-ab-market .orchard-slot-0",
        )

    def highlight(
        self,
        *,
        batches: Iterable[str] = (),
        slots: Iterable[int] = (),
        **flags: bool,
    ) -> None:
        """Mark what a lesson talks about (CSS class ``HIGHLIGHT``); the call replaces the last.

        ``batches`` are batch columns, ``slots`` market apples; the flags mark a whole part:
        ``score`` (the score table), ``market``, ``turn`` (the turn line), ``charts``,
        ``summary`` (the game-over box) and ``opponents`` (the other players' tables).

        >>> board = AppleBatchesBoard()
        >>> board.highlight(batches=["feather"], slots=[0])
        >>> board.highlighted
        {'batches': ('feather',), 'slots': (0,)}
        """
        batches = tuple(batches)
        for batch in batches:
            if batch not in ab.BATCHES:
                raise ValueError(f"batches must be among {', '.join(ab.BATCHES)}, got {batch!r}")
        slots = tuple(require_int(slot, "slot", 0, len(self.game.market) - 1) for slot in slots)
        self._mark({"batches": batches, "slots": slots}, **flags)

    # ---- what the board shows ------------------------------------------------------------
    @property
    def selected(self) -> ab.Card | None:
        """The market apple picked and not yet placed."""
        return None if self.selected_slot is None else self.game.market[self.selected_slot]

    def rules_from_settings(self) -> ab.Rules:
        """The rule switches as set in the settings row."""
        rules: ab.Rules = self.rule_switches.rules
        return rules

    # ---- turns ---------------------------------------------------------------------------
    def _opponent_for(self, policy: str) -> Callable[[Any], Any]:
        return policies.resolve(policy, seed=self._rng, faster=ab.FASTER)

    def _forget_selection(self) -> None:
        self.selected_slot = None
        self._hinted = None

    def _take_card(self, card: ab.Card) -> tuple[str, str | None]:
        """The batches the picked apple fits light up."""
        self._hinted = None
        fits = [m.batch for m in self.game.legal_moves() if m.card == card]
        names = ", ".join(_batch(b) for b in fits)
        said = _("The {apple} fits: {batches}. Pick a batch.")
        said = said.format(apple=html.escape(apple_words(card)), batches=html.escape(names))
        return said, _batch_button(fits[0]) if fits else None

    def _take_hint(self, move: ab.Move) -> tuple[str, str]:
        """The hinted apple's batch is marked."""
        self._hinted = move.batch
        said = _("Hint: the {apple} is picked; click a batch.").format(
            apple=html.escape(apple_words(move.card))
        )
        return said, _batch_button(move.batch)

    # ---- drawing ---------------------------------------------------------------------------
    def _show_all(self) -> None:
        score = self.game.boards[HUMAN].score()  # scored once, shown three ways
        # The charts first: the page redraws them (its longest work) while the kernel sends
        # the rest.
        self._show_charts(score)
        self._show_next_card()
        self._show_market()
        self._show_selection()
        self._show_batches(score)
        self._show_score(score)
        self._show_turn()
        self._show_opponents()
        self._show_summary()
        self._show_keys()
        self._show_highlight()

    def _draw_slot(self, slot: int, card: ab.Card) -> None:
        button = self.market_buttons[slot]
        # the longest line in the middle, where the apple is widest ("sweetness 5" ran over
        # its edge on the third line); the colour, short, under it
        button.description = _("height {height}\nsweetness {sweetness}\n{mark} {colour}").format(
            mark=APPLE_MARK[card.colour],
            colour=colour_name(card.colour),
            height=card.height,
            sweetness=card.sweetness,
        )
        button.tooltip = apple_words(card)
        set_classes(button, {f"orchard-apple-{c}": c == card.colour for c in ab.COLOURS})
        with button.style.hold_sync():
            button.style.button_color = APPLE_FILL[card.colour]
            button.style.text_color = text_colour_on(APPLE_FILL[card.colour])

    def _show_picked(self) -> None:
        self._show_next_card()  # first, as in ``_show_all``
        self._show_selection()

    def _show_selection(self) -> None:
        self.market_row.select(self.selected_slot)
        card = self.selected
        fits = {m.batch for m in self.game.legal_moves() if m.card == card}
        for batch, column in self.columns.items():
            set_classes(
                column["box"],
                {
                    "orchard-legal": batch in fits,
                    "orchard-illegal": card is not None and batch not in fits,
                    "orchard-hinted": batch == self._hinted,
                },
            )

    def _show_highlight(self) -> None:
        marked = self._highlighted
        for batch, column in self.columns.items():
            set_classes(column["box"], {HIGHLIGHT: batch in marked.get("batches", ())})
        self.market_row.highlight(marked.get("slots", ()))
        legend = apples_legend(highlighting=bool(marked))
        if self.legend.value != legend:
            self.legend.value = legend
        super()._show_highlight()

    def _show_batches(self, score: Score) -> None:
        batches = self.game.boards[HUMAN].batches
        for batch, column in self.columns.items():
            apples = "; ".join(apple_words(card) for card in batches[batch]) or _("no apple yet")
            gained = score.parts[batch]
            column["button"].tooltip = _n(
                "put the apple in the {batch} · it holds {apples} · {count} point",
                "put the apple in the {batch} · it holds {apples} · {count} points",
                abs(gained),
            ).format(batch=_batch(batch), apples=apples, count=gained)
            chips = "<br>".join(_chip(card) for card in batches[batch])  # in engine order
            column["content"].value = (
                f'<div class="orchard-batch-rule">'
                f"{html.escape(batch_rule(batch, self.game.rules))}</div>"
                f'<div class="orchard-batch-points" title="{html.escape(score.notes[batch])}">'
                f"{score.parts[batch]}</div>"
                f'<div class="orchard-batch-cards"><div data-batch="{batch}">{chips}</div></div>'
            )

    def _show_charts(self, score: Score) -> None:
        _show_bars(self.points_figure, breakdown_values(score))
        total = _("Your points by batch · total {total}").format(total=score.total)
        self.points_title.value = total

    def _show_next_card(self) -> None:
        """The chart of what the picked apple (or the best apple of the market, one you can
        take now) would add; none once the game is over, when no apple is left to add."""
        shown = (self.points_box,) if self.game.is_over else (self.points_box, self.next_box)
        if self.charts.children != shown:  # a chart shown again is a new view, fitted anew
            self.charts.children = shown
        if self.game.is_over:
            return
        card = self.selected
        board = self.game.boards[HUMAN]
        bars = next_card_bars(board, card, self.game.market)
        _show_bars(self.next_figure, bars)
        if card is None:
            self.next_title.value = html.escape(_("What the best apple of the market would add"))
        else:
            what = _("What the {apple} would add").format(apple=apple_words(card))
            self.next_title.value = html.escape(what)

    def _show_score(self, score: Score) -> None:
        rows = "".join(
            f"<tr><td><b>{html.escape(_batch(name))}</b></td>"
            f"<td>{html.escape(score.notes.get(name, ''))}</td>"
            f'<td style="text-align:right">{points}</td></tr>'
            for name, points in score.parts.items()
        )
        heading, total = html.escape(_("Explain my score")), html.escape(_("total"))
        self.score_text.value = (
            f"<b>{heading}</b><table>"
            f"{rows}<tr><td><b>{total}</b></td><td></td>"
            f'<td style="text-align:right"><b>{score.total}</b></td></tr></table>'
        )

    def _show_turn(self) -> None:
        game = self.game
        left = len(game.market)
        self.turn.value = turn_html(
            game,
            _("round {round} of {rounds}").format(round=game.round + 1, rounds=game.rounds),
            seats_words(game.players),
            _n(
                "{count} apple left in the market", "{count} apples left in the market", left
            ).format(count=left),
            in_tour=self.in_tour,
        )

    def _show_opponents(self) -> None:
        game = self.game
        if game.players == 1:
            self.opponents.value = ""
            return
        blocks = []
        for player in range(1, game.players):
            board = game.boards[player]
            score = board.score()
            batches = board.batches
            rows = "".join(
                f"<tr><td>{html.escape(_batch(b))}</td>"
                f"<td>{' '.join(_chip(card) for card in batches[b])}</td>"
                f'<td style="text-align:right"><b>{score.parts[b]}</b></td></tr>'
                for b in ab.BATCHES
            )
            who = _n(
                "<b>Player {player}</b> ({policy}) · {count} point",
                "<b>Player {player}</b> ({policy}) · {count} points",
                abs(score.total),
            ).format(player=player, policy=html.escape(self._opponent_policy), count=score.total)
            blocks.append(f'<div class="orchard-ab-opponent">{who}<table>{rows}</table></div>')
        self.opponents.value = "".join(blocks)

    # ---- building ------------------------------------------------------------------------
    def _column(self, batch: str) -> dict[str, w.Widget]:
        colour = BATCH_COLOURS[batch]
        button = w.Button(
            description=_batch(batch),
            tooltip=_("put the apple in the {batch}").format(batch=_batch(batch)),
            style={"button_color": colour, "text_color": text_colour_on(colour)},
        )
        button.add_class("orchard-batch-button")
        button.on_click(lambda _b: self._clicked(functools.partial(self.choose_batch, batch)))
        # the batch's rule, its points (what they count as the tooltip) and its apples: one
        # widget: six models fewer for the page to make per batch (two widgets, their layouts
        # and styles)
        content = w.HTML().add_class("orchard-batch-content")
        box = w.VBox([button, content])
        box.add_class("orchard-batch").add_class(f"orchard-batch-{batch}")
        return {"box": box, "button": button, "content": content}

    def _layout(self) -> w.Box:
        batches = w.HBox([c["box"] for c in self.columns.values()]).add_class("orchard-ab-batches")
        actions = w.HBox([self.undo_button, self.hint_button, self.hint_choice, self.hint_help])
        actions.add_class("orchard-ab-actions")
        play = w.VBox(
            [self.title, self.turn, self.market_box, self.message, batches, self.legend,
             actions, self.board_keys, self.hint_text, self.summary]
        ).add_class("orchard-ab-play")  # fmt: skip
        self.points_box = w.VBox([self.points_title, self.points_figure])
        self.next_box = w.VBox([self.next_title, self.next_figure])
        for box in (self.points_box, self.next_box):
            box.add_class("orchard-ab-chart-box")
        self.charts = charts = w.HBox([self.points_box, self.next_box])
        charts.add_class("orchard-ab-charts")
        details = w.HBox([self.score_text, self.opponents]).add_class("orchard-ab-details")
        settings = self._settings_row()
        self._highlightable = {
            "score": self.score_text,
            "market": self.market_box,
            "turn": self.turn,
            "charts": charts,
            "summary": self.summary,
            "opponents": self.opponents,
        }
        root = w.VBox([w.HTML(style()), play, charts, details, settings, self.view_language])
        return root.add_class("orchard-ab-board")


def _show_bars(figure: BoardChart, bars: dict[str, Any]) -> None:
    """Draw ``bars`` (a figure builder's bar properties) on ``figure`` in one message, with
    the axis's room for the numbers of bars below zero when it changes (``label_room``)."""
    room = label_room(bars["x"])
    key = "xaxis.autorangeoptions.include"
    if tuple(figure.layout.xaxis.autorangeoptions.include or ()) == tuple(room[key]):
        room = {}
    figure.plotly_update(_restyle(bars), room or None, trace_indexes=0)


def _restyle(bars: dict[str, Any]) -> dict[str, Any]:
    """The bar properties a figure builder gives (``breakdown_values``, ``next_card_bars``)
    as plotly's restyle data for one trace: a nested property by its dotted path, a list
    wrapped as the one trace's value. ``plotly_update`` with these changes what
    ``data[0].update`` changes, in one message (``BoardChart``), without checking each
    value again against plotly's schema (half the kernel's time for a chart).

    >>> _restyle({"x": [1, 2], "orientation": "h", "marker": {"color": ["red", "blue"]}})
    {'x': [[1, 2]], 'orientation': 'h', 'marker.color': [['red', 'blue']]}
    """
    flat: dict[str, Any] = {}
    for key, value in bars.items():
        if isinstance(value, dict):
            flat.update({f"{key}.{inner}": each for inner, each in value.items()})
        else:
            flat[key] = value
    return {key: [value] if isinstance(value, list) else value for key, value in flat.items()}


def _batch_button(batch: str) -> str:
    """The CSS selector of the button of ``batch``."""
    return f".orchard-batch-{batch} .orchard-batch-button"


def _market_slot(slot: int) -> tuple[w.Button, w.Button]:
    """A market slot: the apple's own button, drawn on the apple's colour."""
    button = w.Button().add_class("orchard-market-card")
    return button, button
