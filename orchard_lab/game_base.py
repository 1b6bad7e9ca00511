"""What every game does the same way, written once: the base class of each game's ``Game``.

A game subclasses ``BaseGame`` and writes only its rules: how a deal is made, whose turn it
is, the legal moves, how a move changes its zones and how it is taken back (``_move`` and
``_take_back``), what it shows (``_zones``), what it saves of its deal (``_deal_to_save`` and
``_from_deal``) and its deal as result codes store it (``standard_parts``, ``deal_parts``,
``from_parts``). The base keeps the history, undo's bookkeeping, scores and winners (most
points, then the game's declared ``tie_breaks``), the winner sentence, copies, snapshots,
the save skeleton with its checks and the replay of saved moves, and ``repr``.

>>> from orchard_lab import water_drops as wd
>>> game = wd.Game.new(players=2, seed=1)
>>> move = game.legal_moves()[0]
>>> game.play(move)
>>> game.undo() == move, game.history
(True, ())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar

import numpy as np
from babel.lists import format_list

from orchard_lab.core import (
    GameFacts,
    IllegalMove,
    RuleSet,
    check_bool,
    check_int,
    check_type,
    count,
    dump_save,
    game_snapshot,
    load_save,
    make_rng,
    move_row,
    read_move_row,
    require,
    require_int,
    rules_from_dict,
    rules_to_dict,
)
from orchard_lab.language import _, _n, language

__all__ = ["BaseGame", "Parts", "SaveLayout", "TieBreak", "listed", "points_words"]

MoveT = TypeVar("MoveT")


class ScoredBoard(Protocol):
    """What the base reads of a board: its points so far and its visible state."""

    @property
    def total(self) -> int: ...

    def snapshot(self) -> dict[str, Any]: ...


BoardT = TypeVar("BoardT", bound=ScoredBoard)
Parts = tuple[tuple[Any, ...], ...]
"""A deal as result codes store it: parts of cards, each in the order it is dealt."""


def listed(items: Sequence[str], style: Literal["standard", "or"] = "standard") -> str:
    """Words joined as a sentence of the session's language lists them (Babel's
    ``format_list``; English as British English writes it, with no comma before "and");
    ``style="or"`` for alternatives.

    >>> listed(["4 points"]), listed(["0", "1", "3"]), listed(["2", "3", "4"], "or")
    ('4 points', '0, 1 and 3', '2, 3 or 4')
    >>> from orchard_lab.language import speaking
    >>> with speaking("fr"):
    ...     listed(["0", "1", "3"]), listed(["2", "3"], "or")
    ('0, 1 et 3', '2 ou 3')
    """
    code = language()
    return format_list(list(items), style=style, locale="en_GB" if code == "en" else code)


def points_words(n: int) -> str:
    """``n`` points in the session's language: '1 point', '-1 point', '3 points'."""
    return _n("{points} point", "{points} points", abs(n)).format(points=n)


@dataclass(frozen=True)
class SaveLayout:
    """How a game's saves are laid out: ``version`` (raised whenever the layout changes), the
    fields that hold its deal, the card type its saved moves name (read with
    ``from_text``), and whether a save must name every rule switch (else a missing switch is
    the standard rule)."""

    version: int
    deal_fields: frozenset[str]
    card: Any
    names_every_switch: bool = False


@dataclass(frozen=True)
class TieBreak:
    """One tie-break of a game's winning rule: what the tied players' counts are called in
    the game's winner sentences (``key``, a field of its ``_tie_shared`` sentences), a
    player's count in words (``words``: "1 rotten token"), and ``fewer``: the lower count
    wins. The game's ``_tie_decided`` writes the sentence for a tie this tie-break decides.

    >>> TieBreak("dice", lambda n: f"{n} dice").words(5)
    '5 dice'
    """

    key: str
    words: Callable[[int], str]
    fewer: bool = False


class BaseGame(Generic[MoveT, BoardT]):
    """What the three games' ``Game`` share; see the module docstring.

    A subclass declares ``facts``, ``rules_type``, ``move_type``, ``saves`` (its
    ``SaveLayout``) and ``tie_breaks``, calls ``_begin`` from ``__init__`` and writes the hooks
    below.
    """

    facts: ClassVar[GameFacts]
    rules_type: ClassVar[type[RuleSet]]
    move_type: ClassVar[type[Any]]
    saves: ClassVar[SaveLayout]
    tie_breaks: ClassVar[tuple[TieBreak, ...]] = ()

    players: int
    rules: Any
    first_player: int
    _boards: list[BoardT]  # one per seat, unless a game keeps its boards elsewhere
    _history: list[tuple[int, MoveT]]
    _steps: list[Any]  # per move, what ``_take_back`` needs

    def _begin(self, players: int, rules: Any, first_player: int) -> None:
        """Set who plays under which rules, with nothing played yet."""
        self.players = players
        self.rules = rules
        self.first_player = first_player
        self._history = []
        self._steps = []

    @classmethod
    def _arguments(
        cls,
        players: int | None,
        seed: int | np.random.Generator | None,
        rules: Any,
        first_player: int,
    ) -> tuple[int, np.random.Generator, Any, int]:
        """``new``'s shared arguments checked (TypeError or ValueError naming the argument):
        players, the seed's generator, rules (``None``: the standard rules), first player."""
        players = cls.facts.check_players(cls.facts.default_players if players is None else players)
        first_player = check_int(first_player, "first_player", 0, players - 1)
        rules = cls.rules_type() if rules is None else check_type(rules, cls.rules_type, "rules")
        return players, make_rng(seed), rules, first_player

    @classmethod
    def new(
        cls,
        players: int | None = None,
        seed: int | np.random.Generator | None = 0,
        rules: Any = None,
        first_player: int = 0,
        deck: Sequence[Any] | None = None,
        shuffle: bool = True,
    ) -> Self:
        """A fresh game for ``players`` (``None``: the game's ``facts.default_players``), its
        cards shuffled with ``seed`` (an int, a ``numpy.random.Generator`` or None), under
        ``rules`` (``None``: the standard rules), ``first_player`` to act first.

        The cards are the game's standard ones (``standard_parts``), each part shuffled in
        turn, or ``deck`` where the game deals a deck of the caller's (apple batches, stacked
        trees); ``shuffle=False`` deals them in the given order, for prepared lessons. Every
        argument is checked before any card is dealt: TypeError or ValueError naming it.
        """
        players, rng, rules, first_player = cls._arguments(players, seed, rules, first_player)
        shuffle = check_bool(shuffle, "shuffle")
        parts = cls.standard_parts() if deck is None else cls._deck_parts(deck)
        cls._check_deal(parts, players, rules)
        if shuffle:
            parts = tuple(tuple(part[i] for i in rng.permutation(len(part))) for part in parts)
        return cls.from_parts(players, rules, first_player, parts)

    @classmethod
    def _deck_parts(cls, deck: Sequence[Any]) -> Parts:
        """``new``'s ``deck`` checked, as the parts it deals (TypeError or ValueError naming
        it); a game that deals only its own cards refuses one."""
        raise ValueError(f"deck: {cls.facts.title} deals only its own cards")

    @classmethod
    def _check_deal(cls, parts: Parts, players: int, rules: Any) -> None:
        """ValueError if ``parts`` cannot deal a game of ``players`` under ``rules``."""

    # -- the hooks each game writes ---------------------------------------------------------
    @property
    def boards(self) -> tuple[BoardT, ...]:
        """Each player's board, in seat order (live: change them only through ``play``)."""
        return tuple(self._boards)

    @property
    def current_player(self) -> int:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_moves(self) -> list[MoveT]:
        raise NotImplementedError

    def _game_over(self) -> IllegalMove:
        """The refusal of a move once the game is over."""
        raise NotImplementedError

    def _move(self, player: int, move: MoveT) -> Any:
        """Play ``move`` for ``player`` on the game's zones (IllegalMove, nothing changed, if
        the rules forbid it); return what ``_take_back`` needs to reverse it."""
        raise NotImplementedError

    def _take_back(self, player: int, move: MoveT, step: Any) -> None:
        """Reverse ``_move`` exactly from what it returned, without replaying."""
        raise NotImplementedError

    def _copy_zones(self, other: Self) -> None:
        """Give ``other`` (a shallow copy of this game) its own copies of the mutable zones."""
        raise NotImplementedError

    def _zones(self) -> dict[str, Any]:
        """What the players see besides the boards (markets, hands, piles), for ``snapshot``."""
        raise NotImplementedError

    def _progress(self) -> str:
        """How far the game is, for ``repr``."""
        raise NotImplementedError

    def _deal_to_save(self) -> dict[str, Any]:
        """The saved fields of the deal (``saves.deal_fields``), as plain JSON data."""
        raise NotImplementedError

    @classmethod
    def _from_deal(
        cls, data: Mapping[str, Any], players: int, rules: Any, first_player: int
    ) -> Self:
        """A fresh game from the checked deal fields of a save (ValueError if they are wrong)."""
        raise NotImplementedError

    @classmethod
    def _most_moves(cls, players: int, rules: Any) -> int:
        """How many moves a game of ``players`` under ``rules`` can hold (checked on load)."""
        raise NotImplementedError

    @classmethod
    def standard_parts(cls) -> Parts:
        """The standard cards part by part, as result codes store a deal."""
        raise NotImplementedError

    def deal_parts(self) -> Parts:
        """This game's deal part by part: the cards of each standard part, in dealt order."""
        raise NotImplementedError

    @classmethod
    def from_parts(cls, players: int, rules: Any, first_player: int, parts: Parts) -> Self:
        """A fresh game of ``players`` dealing the cards of ``parts`` in their order."""
        raise NotImplementedError

    def _tie_counts(self, player: int) -> tuple[int, ...]:
        """``player``'s count for each of ``tie_breaks``."""
        return ()

    def _solo_rating(self, total: int) -> str | None:
        """A solo game's rating of ``total`` points in words, None if the game has none
        (stacked trees: ST-6's)."""
        return None

    def _tie_decided(self, tie: int, over: bool, winners: int) -> str:
        """The winner sentence when ``tie_breaks[tie]`` decides a tie on points, finished
        (``over``) or not, ``winners`` players still level after it: a whole sentence with
        the fields {players} (the tied), {points} (theirs), {winners}, {rule} (the win rule),
        {best} (the winners' count) and {others} (the others' counts). Only games with
        ``tie_breaks`` are asked."""
        raise NotImplementedError

    def _tie_shared(self, over: bool, told: bool = False) -> str:
        """The winner sentence when every one of ``tie_breaks`` leaves the tied players level,
        finished (``over``) or not: a whole sentence with the fields {players}, {points},
        {rule} and each tie-break's ``key`` (its count in words). ``told``: the reader is
        told already that they share the win (``winner_reason``), so a finished game's
        sentence says only the tie. Only games with ``tie_breaks`` are asked."""
        raise NotImplementedError

    # -- playing ------------------------------------------------------------------------------
    @property
    def history(self) -> tuple[tuple[int, MoveT], ...]:
        """The (player, move) pairs played so far, oldest first."""
        return tuple(self._history)

    def play(self, move: MoveT) -> None:
        """Play ``move`` for the player to act; IllegalMove (state unchanged) if not allowed."""
        if not isinstance(move, self.move_type):  # inline: play is the hot path of rollouts
            raise TypeError(f"move must be {self.move_type.__name__}, not {type(move).__name__}")
        if self.is_over:
            raise self._game_over()
        player = self.current_player
        self._steps.append(self._move(player, move))
        self._history.append((player, move))

    def undo(self) -> MoveT:
        """Take back the last move exactly, without replaying, and return it; ValueError when
        no move has been played."""
        if not self._history:
            raise ValueError("nothing to undo: no move has been played")
        player, move = self._history.pop()
        self._take_back(player, move, self._steps.pop())
        return move

    # -- scores and winners -----------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each player's points so far, kept up to date move by move."""
        return [board.total for board in self.boards]

    def _ranking(self) -> list[tuple[int, ...]]:
        """Per player: the points, then each tie-break's count turned so that more is better."""
        ties = self.tie_breaks
        return [
            (board.total, *(-n if tie.fewer else n for tie, n in zip(ties, counts, strict=True)))
            for board, counts in zip(
                self.boards, map(self._tie_counts, range(self.players)), strict=True
            )
        ]

    def winners(self) -> list[int]:
        """The players with the most points; on a tie, the game's ``tie_breaks`` in order;
        players still level share."""
        keys = self._ranking()
        best = max(keys)
        return [player for player, key in enumerate(keys) if key == best]

    def winner_reason(self, shared_told: bool = False) -> str:
        """The result in words, naming the tie-break that decided (``facts.win_rule``), in
        the session's language: a whole sentence for each case (a solo game, one player
        ahead, a tie a tie-break decides, a tie nothing decides), finished or not.
        ``shared_told``: the reader is told already that the win is shared (a board's "You
        share the win."), so a finished tie nothing decides is said without saying so again:
        who, the points and the rule.

        >>> from orchard_lab import apple_batches as ab
        >>> ab.Game.new(players=1).winner_reason()
        'Solo game: 0 points so far.'
        """
        scores, over = self.scores(), self.is_over
        if self.players == 1:
            rating = self._solo_rating(scores[0])
            if rating is None:
                said = _("Solo game: {points}.") if over else _("Solo game: {points} so far.")
            elif over:
                said = _("Solo game: {points} ({rating}).")
            else:
                said = _("Solo game: {points} so far ({rating}).")
            return said.format(points=points_words(scores[0]), rating=rating)
        top = max(scores)
        tied = [player for player, score in enumerate(scores) if score == top]
        if len(tied) == 1:
            next_best = max(score for player, score in enumerate(scores) if player != tied[0])
            if over:
                said = _("Player {player} wins with {points} (next best: {next}).")
            else:
                said = _("Player {player} leads with {points} (next best: {next}).")
            return said.format(
                player=tied[0], points=points_words(top), next=points_words(next_best)
            )
        named = {
            "players": listed([str(player) for player in tied]),
            "points": points_words(top),
            "rule": self.facts.win_rule,
        }
        counts = [self._tie_counts(player) for player in tied]
        for k, tie in enumerate(self.tie_breaks):
            values = {each[k] for each in counts}
            if len(values) > 1:
                winners = self.winners()
                best, *others = sorted(values, reverse=not tie.fewer)
                said = self._tie_decided(k, over, len(winners))
                return said.format(
                    **named,
                    winners=listed([str(player) for player in winners]),
                    best=best,
                    others=listed([str(other) for other in others], "or"),
                )
        if not self.tie_breaks:
            if over and shared_told:
                said = _("Players {players} tie on {points} each ({rule}).")
            elif over:
                said = _(
                    "Players {players} share the win with {points} each ({rule}: ties are shared)."
                )
            else:
                said = _(
                    "Players {players} share the lead with {points} each ({rule}: ties are shared)."
                )
            return said.format(**named)
        words = {tie.key: tie.words(n) for tie, n in zip(self.tie_breaks, counts[0], strict=True)}
        return self._tie_shared(over, over and shared_told).format(**named, **words)

    # -- copies and what is shown -------------------------------------------------------------
    def copy(self) -> Self:
        """An independent game in the same state."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._steps = list(self._steps)
        self._copy_zones(other)
        return other

    def snapshot(self) -> dict[str, Any]:
        """Everything the players see (``core.game_snapshot``) with the game's own zones."""
        return game_snapshot(self, **self._zones())

    def __repr__(self) -> str:
        players = count(self.players, "player", "players")
        return f"<{self.facts.title}: {players}, {self._progress()}, scores {self.scores()}>"

    # -- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as plain JSON: who plays under which rules, the deal and every move;
        ``from_json`` replays it exactly."""
        payload = {
            "players": self.players,
            "first_player": self.first_player,
            "rules": rules_to_dict(self.rules),
            **self._deal_to_save(),
            "moves": [move_row(player, move) for player, move in self._history],
        }
        return dump_save(self.facts.name, self.saves.version, payload)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Load ``to_json`` output, checking every field and every size before any work, then
        replaying and checking every move; ValueError (only) says what is wrong."""
        data = load_save(text, cls.facts.name, cls.saves.version)
        expected = {"game", "format", "players", "first_player", "rules", "moves"}
        expected |= cls.saves.deal_fields
        require(set(data) == expected, f"a saved game has exactly the fields {sorted(expected)}")
        facts = cls.facts
        players = require_int(data["players"], "players", facts.min_players, facts.max_players)
        first_player = require_int(data["first_player"], "first_player", 0, players - 1)
        rules = rules_from_dict(cls.rules_type, data["rules"])
        if cls.saves.names_every_switch:
            switches = {f.name for f in fields(cls.rules_type)}
            require(set(data["rules"]) == switches, "rules must name every switch")
        moves = data["moves"]
        require(isinstance(moves, list), "moves must be a list")
        most = cls._most_moves(players, rules)
        require(len(moves) <= most, f"moves must hold at most {most} moves, got {len(moves)}")
        game = cls._from_deal(data, players, rules, first_player)
        for number, row in enumerate(moves, start=1):
            player, move = read_move_row(row, number, cls.move_type, cls.saves.card)
            turn = game.current_player
            require(
                player == turn,
                f"move {number} is by player {player}, but it was player {turn}'s turn",
            )
            try:
                game.play(move)
            except ValueError as exc:
                raise ValueError(f"move {number} is not allowed: {exc}") from None
        return game
