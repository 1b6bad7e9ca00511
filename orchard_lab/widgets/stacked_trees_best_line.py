"""How well could I have done? The stacked trees board's search of its deal's best line,
shown beside your game with the other policies' scores on the same deal, and replayed card
by card on the board's grid.

``BestLineBoard`` is the part of ``StackedTreesBoard`` that does it: it makes the widgets
(the "How well could I have done?" button, a progress bar, the two small orchards, the replay
buttons and the comparison chart, ``compare_box``) and the actions (``how_well``, ``replay``,
``replay_forward``, ``replay_backward``, ``stop_replay``). The engine does the work:
``st.best_line`` searches, ``st.deal_scores`` plays the deal by each policy and
``figures.stacked_trees.deal_comparison`` draws the scores.
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any

import ipywidgets as w

from orchard_lab import stacked_trees as st
from orchard_lab.core import require_int
from orchard_lab.figures.stacked_trees import deal_comparison
from orchard_lab.language import _, _n
from orchard_lab.stacked_trees.policies import say
from orchard_lab.widgets.board_base import HUMAN, GameBoard
from orchard_lab.widgets.plotly_state import SharedBundleFigure, fit_to_container, keep_state
from orchard_lab.widgets.stacked_trees_html import orchard_html

__all__ = ["SEARCH_SECONDS", "BestLineBoard", "replay_key_help"]

SEARCH_SECONDS = 8.0  # the best line's time limit (then the other players' scores: < 10 s)


def replay_key_help() -> str:
    """The keys line while the best line is replayed: Tab reaches its buttons, Enter or
    Space presses them, u still takes back your last card (in your own game, waiting).

    >>> replay_key_help().split(" · ")
    ['Keys while you watch the best line: Tab reaches ◀ Back, Next ▶ and Back to my game', \
'Enter or Space presses them', 'u undo your last card']
    """
    said = _(
        "Keys while you watch the best line: Tab reaches {back}, {next} and {mine} · Enter or "
        "Space presses them · u undo your last card"
    )
    return said.format(back=_("◀ Back"), next=_("Next ▶"), mine=_("Back to my game"))


class BestLineBoard(GameBoard):
    """A stacked trees board that searches its deal's best line and replays it; the board
    (``StackedTreesBoard``) lays out ``how_button``, ``progress`` and ``compare_box``."""

    game: Any

    def _make_best_line(self) -> None:
        """Make the widgets, wired to the actions; call it once while building the board."""
        self.how_button = w.Button(
            description=_("How well could I have done?"), button_style="info",
            tooltip=_("search the best line of this deal (up to 10 seconds)"),
        ).add_class("orchard-st-how")  # fmt: skip
        self.progress = w.FloatProgress(
            value=0, min=0, max=SEARCH_SECONDS, description=_("searching"),
            style={"description_width": "initial"}, layout={"display": "none"},
        )  # fmt: skip
        self.yours = w.HTML().add_class("orchard-st-yours")
        self.best_text = w.HTML().add_class("orchard-st-best")
        self.replay_back = w.Button(
            description=_("◀ Back"), tooltip=_("the best line, one card back")
        )
        self.replay_next = w.Button(
            description=_("Next ▶"), tooltip=_("the best line, one card on")
        )
        self.replay_exit = w.Button(description=_("Back to my game"))
        self._figure: SharedBundleFigure | None = None  # made when first shown: ``figure``
        for button, action, hook in (
            (self.how_button, self.how_well, None),
            (self.replay_back, self.replay_backward, "orchard-st-replay-back"),
            (self.replay_next, self.replay_forward, "orchard-st-replay-next"),
            (self.replay_exit, self.stop_replay, "orchard-st-replay-exit"),
        ):
            button.on_click(lambda _b, act=action: self._clicked(act))
            if hook:
                button.add_class(hook)
        replay_nav = w.HBox([self.replay_back, self.replay_next, self.replay_exit])
        self.compare_box = w.VBox(
            [
                w.HBox([self.yours, self.best_text]).add_class("orchard-st-compare"),
                replay_nav.add_class("orchard-st-buttons"),
                w.HTML(_("<b>Your score among other ways to play this deal</b>")),
            ]
        ).add_class("orchard-st-replay")
        self._lock = threading.Lock()
        self._forget_best_line()

    @property
    def figure(self) -> SharedBundleFigure:
        """The chart of your score among other ways to play this deal, at the foot of
        ``compare_box``. Made the first time it is asked for (``how_well`` shows it): a
        chart's view waits for plotly's bundle, and so did the whole board when it held one
        from the start (the app page's board drawn about 0.9 s later than water drops')."""
        if self._figure is None:
            self._figure = SharedBundleFigure(deal_comparison({}, 0, height=230))
            fit_to_container(self._figure)
            self._figure.add_class("orchard-st-figure")
            self.compare_box.children = (*self.compare_box.children, self._figure)
        return self._figure

    def _forget_best_line(self) -> None:
        self.best: st.BestLine | None = None
        self.comparison: dict[str, float] = {}
        self.replay_step: int | None = None

    def how_well(self, wait: bool = False, time_limit: float = SEARCH_SECONDS) -> None:
        """Search the best line of this deal (at most ``time_limit`` s, a bar shows progress),
        then show it beside your game with the scores of random, greedy, lookahead and the
        planner on the same deal. ``wait`` blocks until done (tests, lessons); a click does
        not."""
        if not self._lock.acquire(blocking=False):
            self._say(_("Still searching: the best line is on its way."))
            return
        self.progress.max = time_limit
        self.progress.value = 0
        self.progress.layout.display = None
        self._say(_("Searching the best line of this deal (up to 10 seconds)…"))
        game = self.game
        done = threading.Event()

        def search() -> None:
            try:
                self._search(game, time_limit)
            except Exception as exc:  # a learner's widget must keep working
                failed = _("<b>That did not work:</b> {reason}")
                self._say(failed.format(reason=html.escape(str(exc))))
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
        self.comparison = st.deal_scores(order, rules, best)
        self.replay_step = None
        self._show_comparison()
        if best.optimal:
            said = _n(
                "The best line of this deal scores {count} point (the best possible). Step "
                "through it with Next ▶.",
                "The best line of this deal scores {count} points (the best possible). Step "
                "through it with Next ▶.",
                abs(best.score),
            )
        else:
            said = _n(
                "The best line of this deal scores {count} point (the best found in the time). "
                "Step through it with Next ▶.",
                "The best line of this deal scores {count} points (the best found in the time). "
                "Step through it with Next ▶.",
                abs(best.score),
            )
        self._say(said.format(count=best.score))

    def replay(self, step: int) -> None:
        """Show the best line after ``step`` of its cards on the grid (0: the start card)."""
        if self.best is None:
            self._say(_("Click “How well could I have done?” first."))
            return
        self.replay_step = require_int(step, "step", 0, len(self.best.moves))
        board = self.replay_board()
        assert board is not None
        moves = self.best.moves
        if self.replay_step == 0:
            words = _("The best line starts from the same first card.")
        else:
            move = moves[self.replay_step - 1]  # said in the engine's words: not translated yet
            words = _("Card {card} of {cards}: the {move}.").format(
                card=self.replay_step, cards=len(moves), move=say(move)
            )
        said = _("<b>Best line</b> · {words} Total so far: {total}.")
        self._say(said.format(words=html.escape(words), total=board.total))
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
        self._say(_("Your own game again."))
        self._show_all()

    def _show_keys(self) -> None:
        """While the best line is replayed, the keys line names only the keys that act then
        (``replay_key_help``: r and h would only say you are watching); back in your game,
        the board's own."""
        if self.replay_step is None:
            super()._show_keys()
        else:
            self.board_keys.help = replay_key_help()

    def replay_board(self) -> st.Board | None:
        """The best line's orchard at ``replay_step``, None when not replaying."""
        if self.best is None or self.replay_step is None:
            return None
        return self._best_board(self.replay_step)

    def _best_board(self, step: int) -> st.Board:
        """The best line's orchard after ``step`` of its cards."""
        assert self.best is not None
        board = st.Board(self.game.order[0], self.game.rules)
        for move in self.best.moves[:step]:
            board.place(move.card, move.at, move.rotation, move.rotten)
        return board

    def _show_comparison(self) -> None:
        best = self.best
        if best is None:
            self.compare_box.layout.display = "none"
            return
        self.compare_box.layout.display = None
        board = self.game.boards[HUMAN]
        finished = self.game.finished(HUMAN)
        if finished:
            yours = _n(
                "<b>Your game:</b> {count} point ({rating})",
                "<b>Your game:</b> {count} points ({rating})",
                abs(board.total),
            ).format(count=board.total, rating=html.escape(_(st.rating(board.total))))
        else:  # no rating and no place on the chart for a score halfway through a game
            yours = _n(
                "<b>Your game so far:</b> {count} point, not finished: the chart shows whole "
                "games only",
                "<b>Your game so far:</b> {count} points, not finished: the chart shows whole "
                "games only",
                abs(board.total),
            ).format(count=board.total)
        self.yours.value = f"{yours}{orchard_html(board)}"
        if best.optimal:
            best_said = _n(
                "<b>Best line:</b> {count} point ({rating}, proven best)",
                "<b>Best line:</b> {count} points ({rating}, proven best)",
                abs(best.score),
            )
        else:
            best_said = _n(
                "<b>Best line:</b> {count} point ({rating}, best found in {seconds} s)",
                "<b>Best line:</b> {count} points ({rating}, best found in {seconds} s)",
                abs(best.score),
            )
        best_words = best_said.format(
            count=best.score,
            rating=html.escape(_(st.rating(best.score))),
            seconds=f"{SEARCH_SECONDS:g}",
        )
        replayed = self.replay_board()
        shown = replayed if replayed is not None else self._best_board(len(best.moves))
        self.best_text.value = f"{best_words}{orchard_html(shown)}"
        new = deal_comparison(self.comparison, board.total if finished else None, height=230)
        with self.figure.batch_update():
            self.figure.data[0].update(new.data[0])
            self.figure.layout.xaxis.range = new.layout.xaxis.range
        keep_state(self.figure)
        self._show_replay_buttons()

    def _show_replay_buttons(self) -> None:
        replaying = self.replay_step is not None
        best = self.best
        self.replay_back.disabled = not replaying or not self.replay_step
        self.replay_next.disabled = best is None or (
            replaying and self.replay_step == len(best.moves)
        )
        self.replay_exit.disabled = not replaying
