"""What the three game boards share: the turn flow (picking a card, your move, the other
players' answers, undo, the hint, the highlight), the guarded message (read out to a screen
reader too), the board's keys (the same on every board: ``key_help``), the words of the
turn line and of the game's end, and the parts every board is built from (``board_parts``:
the settings row, the market's row of card slots, class toggling).

A board subclasses ``GameBoard`` (or ``PolicyBoard``) and keeps only what is its own: its
pictures, its moves and its layout.

>>> seats_words(3)
'you against 2 other players'
"""

from __future__ import annotations

import functools
import html
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as w
import numpy as np

from orchard_lab.class_inbox import class_on_this_hub
from orchard_lab.core import IllegalMove, check_type, points, require_int
from orchard_lab.games import GameModule, HintingGameModule
from orchard_lab.language import N_, _, _n
from orchard_lab.policies import POLICY_NAMES, POLICY_WORDS, hint_names
from orchard_lab.result_codes import result_code
from orchard_lab.widgets.board_keys import BoardKeys
from orchard_lab.widgets.board_parts import (
    HIGHLIGHT,
    MarketRow,
    SettingsRow,
    check_policy,
    hint_choice,
    policy_choice,
    set_classes,
)
from orchard_lab.widgets.guard import guarded
from orchard_lab.widgets.result_sender import ResultSender
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = [
    "HIGHLIGHT",
    "HUMAN",
    "GameBoard",
    "MarketRow",
    "PolicyBoard",
    "SettingsRow",
    "check_policy",
    "finished_code",
    "hint_choice",
    "key_help",
    "points",
    "policy_choice",
    "result_words",
    "seats_words",
    "set_classes",
    "turn_html",
]

HUMAN = 0  # you are always player 0
# The (text, background) pairs every board's CSS uses alike (each board adds its own; a test
# checks each pair reaches 4.5:1): a refusal, a hint, the key help, the game-over box.
BOARD_TEXT_ON = {
    "refused": ("#b3261e", "#ffffff"),
    "hint": ("#4a3b00", "#ffffff"),
    "help": ("#595959", "#ffffff"),
    "result": ("#1a1a1a", "#fff4d6"),
}


def result_words(game: Any) -> str:
    """How the game ended for you (player 0), in a sentence or two.

    >>> from orchard_lab import water_drops as wd
    >>> game = wd.Game.new(players=1, seed=0)
    >>> while not game.is_over: game.play(game.legal_moves()[0])
    >>> result_words(game).startswith("You finished with")
    True
    """
    mine = game.scores()[HUMAN]
    if game.players == 1:
        return _n(
            "You finished with {count} point.", "You finished with {count} points.", abs(mine)
        ).format(count=mine)
    winners = game.winners()
    if winners == [HUMAN]:
        headline = _("You win!")
    elif HUMAN in winners:
        headline = _("You share the win.")
    else:
        headline = _("You do not win this time.")
    # the headline says the win is shared: the reason then gives who, the points and the rule
    sentences = [headline, game.winner_reason(shared_told=HUMAN in winners)]
    if mine != game.scores()[winners[0]]:
        you = _n(
            "You (player 0) have {count} point.", "You (player 0) have {count} points.", abs(mine)
        )
        sentences.append(you.format(count=mine))
    return " ".join(sentences)


def finished_code(game: Any, seed: int | None) -> str:
    """The result code of ``game`` for the teacher (``orchard_lab.classroom``); "" while it
    is not over, or when it has none (a deck of your own cards, a walkthrough's game).

    >>> from orchard_lab import apple_batches as ab
    >>> game = ab.Game.new(players=1, seed=2)
    >>> finished_code(game, seed=2)
    ''
    >>> while not game.is_over: game.play(game.legal_moves()[0])
    >>> finished_code(game, seed=2).startswith("AM9J-7")
    True
    """
    try:
        return result_code(game, seed=seed)
    except ValueError:
        return ""


def result_code_html(game: Any, seed: int | None) -> str:
    """``finished_code`` as HTML for the board's summary; empty when there is none."""
    code = finished_code(game, seed)
    if not code:
        return ""
    shown = f'<code style="user-select: all; font-size: 1.15em">{html.escape(code)}</code>'
    said = _("Your result code for the teacher: {code}").format(code=shown)
    return f'<div class="orchard-result-code">{said}</div>'


def turn_html(game: Any, *facts: str, in_tour: bool = False) -> str:
    """The line above a board saying it is your turn, then ``facts`` and your points; once
    the game is over, how to go on, or on a walkthrough's board (``in_tour``, which hides
    Undo and New game) only that it is over.

    >>> from orchard_lab import water_drops as wd
    >>> turn_html(wd.Game.new(players=3, seed=0), seats_words(3))
    '<b>Your turn</b> · you against 2 other players · your points: <b>0</b>'
    """
    if game.is_over and in_tour:
        return _("<b>Game over.</b>")
    if game.is_over:
        return _("<b>Game over.</b> Undo to try a different last move, or deal anew.")
    mine = _("your points: <b>{points}</b>").format(points=game.scores()[HUMAN])
    return " · ".join([_("<b>Your turn</b>"), *facts, mine])


def seats_words(players: int) -> str:
    """Who is at the table, for the turn line.

    >>> seats_words(1), seats_words(2)
    ('solo game', 'you against 1 other player')
    """
    others = players - 1
    if others == 0:
        return _("solo game")
    return _n(
        "you against {count} other player", "you against {count} other players", others
    ).format(count=others)


def key_help(
    cards: str,
    places: str,
    turning: bool = True,
    over: bool = False,
    new_game: bool = True,
    undo: bool = True,
) -> str:
    """The board's keys in one line, shown on the board: Tab reaches ``cards`` and
    ``places``, the arrows move, Enter or Space takes and places, r turns (when ``turning``),
    u undoes, h hints. Once the game is ``over`` only u still acts (it takes back your last
    move); the other keys come back with a new game. Where no New game button is offered
    (``new_game`` off: a walkthrough's board) an ended game's line names only what acts:
    u, when there is a move of yours to take back (``undo``), else no key.

    >>> key_help("the apples", "your batches", turning=False).split(" · ")[1:]
    ['arrows move', 'Enter or Space takes and places', 'u undo', 'h hint']
    >>> key_help("the apples", "your batches", over=True)
    'Keys: u undo your last move · the other keys come back with a new game'
    >>> key_help("the apples", "your batches", over=True, new_game=False)
    'Keys: u undo your last move'
    >>> key_help("the apples", "your batches", over=True, new_game=False, undo=False)
    'Keys: none act now, this game is over'
    """
    if over and not new_game:  # a walkthrough: no New game button to point at
        if undo:
            return _("Keys: u undo your last move")
        return _("Keys: none act now, this game is over")
    if over:
        return _("Keys: u undo your last move · the other keys come back with a new game")
    if turning:
        keys = _(
            "Keys: Tab reaches {cards} and {places} · arrows move · Enter or Space takes and "
            "places · r turn the card · u undo · h hint"
        )
    else:
        keys = _(
            "Keys: Tab reaches {cards} and {places} · arrows move · Enter or Space takes and "
            "places · u undo · h hint"
        )
    return keys.format(cards=cards, places=places)


class GameBoard(ABC):
    """The turn flow of a board: picking a card, your move, the other players' answers,
    undo, the hint, the highlight, the guarded message. A subclass sets ``GAME`` (the game
    module), ``CSS``, ``game``, ``message``, ``hint_text``, ``hint_choice``, ``widget``,
    ``_highlightable`` and ``_opponent``, and draws itself: everything in ``_show_all``,
    what a pick changes in ``_show_picked``, a picked card as ``_take_card`` holds it, a
    hinted move as ``_take_hint`` holds it."""

    GAME_OVER = N_("The game is over: start a new game with the button below.")
    # what an ended game says in a walkthrough (``in_tour``), which offers no New game
    TOUR_OVER = N_("This game of the walkthrough is over: there is nothing more to play here.")
    NEW_GAME: str  # what the board says on a new deal (marked with N_)
    # The board's name in its CSS hooks: its root is of class orchard-<CSS>-board, its parts
    # orchard-<CSS>-<part> (the sentence saying how the game ended: orchard-<CSS>-result).
    CSS: str
    OFFERED = "the cards on show"  # the cards ``select_card`` picks from, in its errors
    result_codes = True  # a finished game shows its result code; a walkthrough's board does not
    in_tour = False  # on a walkthrough's board: no New game button (``key_help``'s ``new_game``)
    NOTHING_TO_UNDO = N_("There is no move of yours to take back yet.")
    UNDONE = N_("Move taken back: it is your turn again.")
    NOTHING_TO_TURN = N_("Cards are not turned in this game.")
    CARDS_TURN = False  # whether r turns the picked card (``_turn_card``)

    GAME: HintingGameModule
    settings: SettingsRow
    game: Any
    message: w.HTML
    hint_text: w.HTML
    hint_choice: w.ToggleButtons
    selected_slot: int | None  # the market (or hand) card picked
    summary: w.HTML
    widget: w.Box
    sender: ResultSender | None = None  # the Send row on a class hub (``shown``)
    _in_class: w.Box | None = None  # the board with that row under it
    board_keys: BoardKeys
    _opponent: Callable[[Any], Any]
    _marks: list[int]
    _highlighted: dict[str, tuple[Any, ...]]
    _highlightable: dict[str, w.DOMWidget]  # what a flag of ``highlight`` marks, by its name

    @abstractmethod
    def new_game(self) -> None:
        """Deal a new game; what is left out is read from the settings row."""

    @abstractmethod
    def _show_all(self) -> None:
        """Draw every view from ``game``."""

    @abstractmethod
    def _forget_selection(self) -> None:
        """Drop the picked card (and whatever goes with it)."""

    @abstractmethod
    def _show_picked(self) -> None:
        """Draw what picking a card changes: the card picked, and where it may go."""

    def _offer(self) -> Sequence[Any]:
        """The cards you pick from: the market (a board picking from your hand says so)."""
        cards: Sequence[Any] = self.game.market
        return cards

    def _pick(self, slot: Any, on_show: str) -> Any:
        """Pick the card at ``slot`` of ``_offer`` (0 = the first) and return it; None when it
        is not your turn (said). ``on_show`` names the cards in the error of a slot beyond
        them."""
        slot = require_int(slot, "slot", 0)
        if self._refuse_turn():
            return None
        cards = self._offer()
        if slot >= len(cards):
            raise ValueError(f"slot must be below {len(cards)}, {on_show}")
        self.selected_slot = slot
        return cards[slot]

    def select_card(self, slot: int) -> None:
        """Pick the card at ``slot`` (0 = the first) of the cards on offer; the board says
        what to do next, shows where the card may go and moves the focus there (the board's
        ``_take_card``)."""
        card = self._pick(slot, self.OFFERED)
        if card is None:
            return
        said, where = self._take_card(card)
        self._say(said)
        self._show_picked()
        if where is not None:
            self._focus(where)

    @abstractmethod
    def _take_card(self, card: Any) -> tuple[str, str | None]:
        """Hold ``card``, just picked, as the board shows it: what to say (HTML), and the CSS
        selector of where it may go first (None: nowhere)."""

    def _picked_card(self, first: str) -> Any:
        """The card picked, for a move now; None when it is not your turn (said) or no card
        is picked (then ``first`` is said: what to do first)."""
        if self._refuse_turn():
            return None
        if self.selected_slot is None:
            self._say(first)
            return None
        return self._offer()[self.selected_slot]

    def _make_settings(self, game: GameModule) -> None:
        """The settings row of ``game``, its widgets also reachable as the board's own."""
        self.settings = SettingsRow(game)
        self.players_choice = self.settings.players_choice
        self.seed_choice = self.settings.seed_choice
        self.rule_switches = self.settings.rule_switches
        self.new_button = self.settings.new_button

    def _make_turn_flow(self, undo_tooltip: str = N_("take back your last move")) -> None:
        """The widgets of the turn flow, each with its CSS hook ``orchard-<CSS>-<part>``: the
        message, the hint's reason (``hint_text``), the game-over box (``summary``), and the
        Undo and Hint buttons, wired like New game (call ``_make_settings`` first)."""
        css = self.CSS
        self.message = w.HTML().add_class(f"orchard-{css}-message")
        self.hint_text = w.HTML().add_class(f"orchard-{css}-hint-text")
        self.summary = w.HTML().add_class(f"orchard-{css}-summary")
        self.undo_button = w.Button(description=_("Undo"), tooltip=_(undo_tooltip))
        self.hint_button = w.Button(description=_("Hint"), tooltip=_("suggest a move and say why"))
        for button, part, action in (
            (self.undo_button, "undo", self.undo),
            (self.hint_button, "hint", self.hint),
            (self.new_button, "new", self.new_game),
        ):
            button.add_class(f"orchard-{css}-{part}")
            button.on_click(lambda _b, act=action: self._clicked(act))

    def _make_keys(self, cards: str, places: str, rows: Iterable[str] = ()) -> None:
        """The board's keys (``board_keys``), on its root element (``orchard-<CSS>-board``):
        their help (``key_help``: Tab reaches ``cards`` and ``places``) shown, r u h pressed
        there handed to ``press``, the arrows stepping along the buttons of each selector in
        ``rows``; and ``view_language``, which gives that root the session's language as its
        ``lang`` (a board's layout puts both on the board). ``_show_keys`` keeps the help
        to the keys that act as the game stands."""
        root = f"orchard-{self.CSS}-board"
        self._key_names = (cards, places)
        self.board_keys = BoardKeys(
            root,
            key_help(cards, places, self.CARDS_TURN),
            lambda key: self._clicked(functools.partial(self.press, key)),
            rows,
        )
        self.view_language = ViewLanguage(root)  # the board's lang: the session's language now

    def _cards_turn(self) -> bool:
        """Whether r turns a card in the game on the board (``CARDS_TURN``; a board whose
        rules switch turning on and off says so by the game's rules)."""
        return self.CARDS_TURN

    def _show_keys(self) -> None:
        """The key help as the game stands (``key_help``): every key of the board while you
        play, only undo once the game is over (the other keys then do nothing; in a
        walkthrough, ``in_tour``, no New game is offered, so none is named). A help that did
        not change is not sent again."""
        cards, places = self._key_names
        self.board_keys.help = key_help(
            cards,
            places,
            self._cards_turn(),
            self.game.is_over,
            new_game=not self.in_tour,
            undo=bool(self._marks),
        )

    def press(self, key: str) -> None:
        """A key pressed on the board: r turns the picked card, u undoes, h hints (the same
        keys on every board)."""
        key = check_type(key, str, "key").lower()
        if key == "r":
            self._turn_card()
        elif key == "u":
            self.undo()
        elif key == "h":
            self.hint()
        else:
            self._say(html.escape(self.board_keys.help))

    def _turn_card(self) -> None:
        """What r does: a board whose cards turn gives the picked card a quarter turn; on
        another board it says so."""
        self._say(_(self.NOTHING_TO_TURN))

    def hint(self) -> Any:
        """Suggest a move, the game's ``hint`` by the chosen policy: its card is picked, its
        reason shown, the board marks the move its own way (``_take_hint``), says so and
        moves the focus to where the card would go. The move; None (and said) when it is not
        your turn."""
        if self._refuse_turn():
            return None
        advice = self.GAME.hint(self.game, self.hint_choice.value, seed=self._rng)
        move = advice.move
        self.selected_slot = list(self._offer()).index(move.card)
        self.hint_text.value = _("<b>Hint:</b> {reason}").format(reason=html.escape(advice.reason))
        said, where = self._take_hint(move)
        self._say(said)
        self._show_picked()
        self._focus(where)
        return move

    @abstractmethod
    def _take_hint(self, move: Any) -> tuple[str, str]:
        """Hold the hinted ``move`` (its card is picked already) as the board shows it: what
        to say (HTML), and the CSS selector of where its card would go."""

    def undo(self) -> None:
        """Take back your last move and the other players' answers to it."""
        if not self._marks:
            self._say(_(self.NOTHING_TO_UNDO))
            return
        mark = self._marks.pop()
        while len(self.game.history) > mark:
            self.game.undo()
        self._forget_selection()
        self.hint_text.value = ""
        self._say(_(self.UNDONE))
        self._show_all()

    def _show_highlight(self) -> None:
        """Mark on the board what ``_highlighted`` holds: here the parts its flags name
        (``_highlightable``); a board marks its own parts (cells, slots...) besides."""
        for name, widget in self._highlightable.items():
            set_classes(widget, {HIGHLIGHT: name in self._highlighted})

    def _mark(self, chosen: Mapping[str, tuple[Any, ...]], **flags: bool) -> None:
        """What ``highlight`` marks from now on: the parts ``chosen`` (kind -> which) and the
        ``flags`` set, each the name of a part in ``_highlightable`` (TypeError naming any
        other); kinds that mark nothing are left out. Then it is shown."""
        for name in flags:
            if name not in self._highlightable:
                said = f"{type(self).__name__}.highlight() got an unexpected keyword argument"
                raise TypeError(f"{said} {name!r}")
        marked = {**chosen, **{name: (True,) for name in self._highlightable if flags.get(name)}}
        self._highlighted = {name: value for name, value in marked.items() if value}
        self._show_highlight()

    @property
    def highlighted(self) -> dict[str, tuple[Any, ...]]:
        """What ``highlight`` marked, by kind (only kinds that mark something)."""
        return dict(self._highlighted)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = self.shown()._repr_mimebundle_(**kwargs)  # ipywidgets
        return bundle

    def shown(self) -> w.Box:
        """The board as a lesson shows it: ``widget``, with a Send row under it on a class hub
        (``class_on_this_hub``) when its games earn result codes, so a pupil's finished game
        reaches the teacher under the name they logged in with."""
        if self.sender is None and self.result_codes:
            hub = class_on_this_hub()
            if hub is not None:
                inbox, name = hub
                self.sender = ResultSender(self, inbox.send, name=name)
                self._in_class = w.VBox([self.widget, self.sender.widget])
        return self._in_class or self.widget

    def finished_code(self) -> str:
        """The result code of the game on the board, "" while there is none
        (``finished_code``)."""
        return finished_code(self.game, self.seed_choice.value)

    def _start(self, game: Any, seed: int) -> None:
        """Play on from ``game``: nothing to undo, nothing marked or picked; ``_rng`` (seeded
        by ``seed``) serves the hints and the other players' policy the subclass then sets."""
        self.game = game
        self._rng = np.random.default_rng(seed)
        self._marks = []
        self._highlighted = {}
        self._forget_selection()
        self.hint_text.value = ""

    def _play(self, move: Any) -> None:
        """Play your ``move`` (IllegalMove changes nothing), then the other players' answers."""
        before = len(self.game.history)
        self.game.play(move)
        self._marks.append(before)
        self.hint_text.value = ""
        while not self.game.is_over and self._others_turn():
            self.game.play(self._opponent(self.game))

    def _play_yours(self, move: Any, done: str, first_card: str) -> None:
        """Play your ``move`` (a refused one is said instead and changes nothing), drop the
        pick, draw every view, then say ``done`` (HTML), what the move gained and your points
        now (``_say_move``: the focus goes to ``first_card``)."""
        before = self.game.scores()[HUMAN]
        if not self._play_or_refuse(move):
            return
        total = self.game.scores()[HUMAN]
        self._forget_selection()
        self._show_all()
        said = _n(
            "{done}: {gain}, {count} point in all.",
            "{done}: {gain}, {count} points in all.",
            abs(total),
        ).format(done=done, gain=f"{total - before:+d}", count=total)
        self._say_move(said, first_card)

    def _play_or_refuse(self, move: Any) -> bool:
        """``_play(move)``, True; a refused move is said instead and changes nothing, False."""
        try:
            self._play(move)
        except IllegalMove as refusal:
            self._say_refused(refusal)
            return False
        return True

    def _result_text(self) -> str:
        """How the game ended for you, in words."""
        return result_words(self.game)

    def _result_html(self) -> str:
        """``_result_text`` as the game-over box shows it (HTML); a board may keep a word of
        it whole there (stacked trees' rating)."""
        return html.escape(self._result_text())

    def _show_summary(self) -> None:
        """At the end: how the game ended (``_result_html``) and (unless ``result_codes`` is
        off) the result code for the teacher; else nothing."""
        if not self.game.is_over:
            self.summary.value = ""
            return
        text = self._result_html()
        code = result_code_html(self.game, self.seed_choice.value) if self.result_codes else ""
        self.summary.value = f'<div class="orchard-{self.CSS}-result">{text}</div>{code}'

    def _others_turn(self) -> bool:
        return bool(self.game.current_player != HUMAN)

    def _refuse_turn(self) -> bool:
        if self.game.is_over:
            self._say(self._game_over_words())
            return True
        return False

    def _game_over_words(self) -> str:
        """What the board says of its ended game: ``GAME_OVER``, which points at New game, or
        in a walkthrough (``in_tour``, no New game there) ``TOUR_OVER``."""
        return _(self.TOUR_OVER if self.in_tour else self.GAME_OVER)

    @guarded
    def _clicked(self, action: Callable[[], Any]) -> None:
        with self.board_keys.hold_sync():  # what it says and where the focus goes: one message
            action()

    def say_where_the_game_stands(self) -> None:
        """Say how to begin while no move is made (``NEW_GAME``), that the game is over once it
        is (``GAME_OVER``; in a walkthrough ``TOUR_OVER``), else nothing: what a board says of
        a game it plays on from (``load``), shown again in another language by the app's
        menu."""
        if self.game.is_over:
            self._say(self._game_over_words())
        else:
            self._say("" if self.game.history else _(self.NEW_GAME))

    def _say(self, text: str) -> None:
        """Show ``text`` (HTML) as the board's message and read it out to a screen reader."""
        self.message.value = text
        if hasattr(self, "board_keys"):
            self.board_keys.say(text)

    def _say_move(self, text: str, first_card: str) -> None:
        """Say what your move did (and, when it ended the game, how the game ended), and move
        the focus to the next thing to do: the card matched by ``first_card``, or New game."""
        if self.game.is_over:
            text = f"{text} {html.escape(self._result_text())}"
        self._say(text)
        self._focus(self._next_after_the_game() if self.game.is_over else first_card)

    def _next_after_the_game(self) -> str:
        """The CSS selector of what the focus moves to when your move ended the game: New
        game, or in a walkthrough (``in_tour``), which hides New game, Undo (where the tour
        hides that too, the focus stays where it is)."""
        return f".orchard-{self.CSS}-undo" if self.in_tour else ".orchard-new-game"

    def _focus(self, selector: str) -> None:
        """Move the keyboard focus to what ``selector`` matches on the board (only while the
        focus is on the board)."""
        self.board_keys.focus(selector)

    def _say_refused(self, refusal: IllegalMove) -> None:
        self._say(f'<span class="orchard-refused">✗ {html.escape(str(refusal))}</span>')


class PolicyBoard(GameBoard):
    """A board whose other players play the policy chosen in the settings row ("random",
    "greedy", "lookahead"): apple batches and water drops. A subclass sets ``GAME`` (the
    game module), ``CSS``, ``NEW_GAME`` (what it says on a new deal), ``_make_parts`` (its
    own widgets), ``_layout`` and ``_opponent_for``.

    Building one deals its first game: ``players`` (you are player 0; left out, the board's
    ``PLAYERS``, else the game's ``FACTS.default_players``), ``seed`` deals the deck,
    ``rules`` holds the switches (default: the standard rules), ``policy`` plays the other
    players ("random", "greedy", "lookahead"), ``hint_policy`` answers the hint button.

    >>> from orchard_lab import water_drops as wd
    >>> from orchard_lab.widgets import WaterDropsBoard
    >>> board = WaterDropsBoard()
    >>> board.game.players, board.policy_choice.value
    (2, 'greedy')
    >>> board.load(wd.Game.new(players=3, seed=5))
    >>> board.game.players, board.players_choice.value
    (3, 3)
    """

    PLAYERS: int | None = None  # players on a new board; None: the game's default_players
    policy_choice: w.Dropdown
    market_row: MarketRow

    def __init__(
        self,
        players: int | None = None,
        seed: int = 0,
        rules: Any = None,
        policy: str = "greedy",
        hint_policy: str = "greedy",
    ) -> None:
        self._make_controls(hint_policy)
        self._make_parts()
        self.widget = self._layout()
        if players is None:
            players = self.GAME.FACTS.default_players if self.PLAYERS is None else self.PLAYERS
        self.new_game(players=players, seed=seed, rules=rules, policy=policy)

    @abstractmethod
    def _make_parts(self) -> None:
        """The board's own widgets, the market (``_make_market``) and the keys
        (``_make_keys``) among them; the controls are made already."""

    @abstractmethod
    def _layout(self) -> w.Box:
        """The board as one box, of CSS class ``orchard-<CSS>-board`` (``widget``)."""

    @abstractmethod
    def _opponent_for(self, policy: str) -> Callable[[Any], Any]:
        """The other players' policy named ``policy``, drawing on ``_rng``."""

    @abstractmethod
    def _draw_slot(self, slot: int, card: Any) -> None:
        """Draw ``card`` in the market's slot ``slot``."""

    def _make_controls(self, hint_policy: str) -> None:
        """The settings row with the 'others play' dropdown, the turn flow's widgets
        (``_make_turn_flow``), the 'hint by' buttons, and what the policies do in words
        (``policy_help``, ``hint_help``, of CSS class ``orchard-<CSS>-help``)."""
        css = self.CSS
        self._make_settings(self.GAME)
        self._make_turn_flow()
        self.policy_choice = policy_choice()
        self.policy_help = w.HTML(
            "<br>".join(html.escape(_(POLICY_WORDS[p])) for p in POLICY_NAMES)
        ).add_class(f"orchard-{css}-help")
        hints = hint_names(self.GAME.POLICY_NAMES)
        self.hint_choice = hint_choice(hints, hint_policy)
        self.hint_help = w.HTML(" · ".join(html.escape(_(POLICY_WORDS[p])) for p in hints))
        self.hint_help.add_class(f"orchard-{css}-help")

    def _make_market(self, make_slot: Callable[[int], tuple[w.DOMWidget, w.Button]]) -> None:
        """The market (``market_row``, its ``market_box`` of CSS class ``orchard-<CSS>-market``
        and its ``market_buttons``): a click on a slot picks its card."""
        self.market_row = MarketRow(
            make_slot,
            lambda slot: self._clicked(functools.partial(self.select_card, slot)),
            f"orchard-{self.CSS}-empty",
        )
        self.market_box = self.market_row.box.add_class(f"orchard-{self.CSS}-market")
        self.market_buttons = self.market_row.buttons

    def _settings_row(self) -> w.HBox:
        """The settings row as the board shows it: players, seed, who plays the others and
        what each policy does (from 2 players on: a game of your own has no others), New
        game; then the rule switches."""
        self.players_choice.observe(lambda change: self._ask_policy(change["new"]), names="value")
        self._ask_policy(self.players_choice.value)
        extra = [self.policy_choice, self.policy_help]
        return self.settings.widget(extra, f"orchard-{self.CSS}-settings")

    def _ask_policy(self, players: int) -> None:
        """Show the 'others play' choice and what each policy does only when there are
        others: ``players`` is the settings row's count, the next New game's."""
        for part in (self.policy_choice, self.policy_help):
            part.layout.display = "none" if players == 1 else None

    def _show_market(self) -> None:
        self.market_row.show(self.game.market, self._draw_slot, self.selected_slot)

    def new_game(
        self,
        players: int | None = None,
        seed: int | None = None,
        rules: Any = None,
        policy: str | None = None,
    ) -> None:
        """Deal a new game; arguments left out are read from the settings row.

        Every argument is checked before anything changes, so a bad one leaves the game and
        the settings row as they were.
        """
        players_now, seed_now, rules_now = self.settings.checked(players, seed, rules)
        policy_now = self.policy_choice.value if policy is None else check_policy(policy)
        # the engine refuses impossible settings (water drops: an orchard box too small)
        game = self.GAME.Game.new(players=players_now, seed=seed_now, rules=rules_now)
        self.settings.show(players_now, seed_now, rules_now)
        self.policy_choice.value = policy_now
        self._begin(game, policy_now)
        self._say(_(self.NEW_GAME))
        self._show_all()

    def load(self, game: Any, policy: str | None = None) -> None:
        """Show a copy of ``game`` (you are player 0) and play on from it; its moves so far
        cannot be undone. A lesson uses it to show a prepared position."""
        check_type(game, self.GAME.Game, "game")
        policy = self.policy_choice.value if policy is None else check_policy(policy)
        self.settings.show(game.players, None, game.rules)
        self.policy_choice.value = policy
        self._begin(game.copy(), policy)
        self._say("")
        self._show_all()

    def _begin(self, game: Any, policy: str) -> None:
        self._opponent_policy = policy
        self._start(game, self.seed_choice.value)
        self._opponent = self._opponent_for(policy)
