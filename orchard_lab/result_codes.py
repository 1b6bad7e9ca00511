"""Result codes: a finished game of any of the three games as a short code a pupil can paste.

A code holds everything needed to replay the game exactly: the game, the rule switches that
differ from the standard rules, the seed (or, when no seed is known, the deal itself), who
sat at the table, which player the pupil was, every move in order, and a check symbol. It
uses the 31 easy symbols of the stacked trees deal codes (2-9 and the letters without I, O
and U); the first symbol names the game (A, W or S), the last is the check symbol
(``codes.check_value``), which catches any single mistyped symbol and any two swapped
neighbours. A pupil's name is not in the code.

Each move is stored as its place in the engine's list of legal moves at that point, so a
code can only describe a game the rules allow, and ``read_result`` replays it through the
engine: the score is worked out, never typed. Why a code is refused is said in the session's
language (``orchard_lab.language``): the teacher reads it beside the pupil's line.

>>> from orchard_lab import stacked_trees as st
>>> game = st.Game.new(seed=4)
>>> while not game.is_over:
...     game.play(game.legal_moves()[0])
>>> code = result_code(game, seed=4)
>>> result = read_result(code)
>>> result.scores == tuple(game.scores()), result.game.to_json() == game.to_json()
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from orchard_lab import games
from orchard_lab import stacked_trees as st
from orchard_lab.core import check_int, check_type, describe_rules, switches
from orchard_lab.games import GameModule
from orchard_lab.language import N_, _
from orchard_lab.stacked_trees.codes import CODE_SYMBOLS, check_value, read_code
from orchard_lab.walkthrough_games import walkthrough_step

__all__ = ["MAX_SYMBOLS", "Result", "kinds", "read_result", "result_code"]

MAX_SYMBOLS = 400  # far more than any game needs (a 6-player apple batches game dealt
# without a seed is the longest, about 150); longer text is refused before any work
MAX_SEED = 2**64  # seeds from 0 up to this are stored; larger ones store the deal instead
MAX_MOVES = st.MAX_PLAYERS * (st.MAX_CARDS - 1)  # the most moves of any game (1088)
MAX_TUPLE = 20  # values in a rule switch that holds several (the stacked trees ladder)
_CHUNK = 32  # a stored whole number is written in chunks of 5 bits
_MAX_CHUNKS = 14  # 70 bits: any seed or rule value
_VALUE = {symbol: i for i, symbol in enumerate(CODE_SYMBOLS)}
_BASE = len(CODE_SYMBOLS)
_GROUP = 4  # symbols between dashes, as in deal codes


# -- the games ------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Kind:
    """What the codes need to know about one registered game (``games``): its letter and its
    engine package, whose ``Game`` gives its deal as parts of cards."""

    letter: str
    module: GameModule

    @property
    def name(self) -> str:
        return self.module.FACTS.name

    @property
    def title(self) -> str:
        return self.module.FACTS.title

    def deal_of(self, game: Any) -> tuple[tuple[Any, ...], ...] | None:
        """``game``'s deal as parts, or None when it is not dealt from the standard cards
        (each part holds the standard part's cards, in any order)."""
        parts = game.deal_parts()
        same = all(
            Counter(part) == Counter(standard)
            for part, standard in zip(parts, self.standard(), strict=True)
        )
        return parts if same else None

    def standard(self) -> tuple[tuple[Any, ...], ...]:
        return self.module.Game.standard_parts()

    def build(self, players: int, rules: Any, first: int, parts: Any) -> Any:
        return self.module.Game.from_parts(players, rules, first, parts)


def kinds() -> dict[str, _Kind]:
    """Each registered game by the letter its codes start with."""
    return {game.letter: _Kind(game.letter, game.module) for game in games.entries()}


def _kind_of(game: Any) -> _Kind | None:
    return next((kind for kind in kinds().values() if type(game) is kind.module.Game), None)


# -- a code is one whole number in mixed radix ----------------------------------------------
class _Writer:
    """Digits, each with its radix; ``number`` packs them so ``_Reader`` takes them in order."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int]] = []

    def put(self, digit: int, radix: int) -> None:
        self.digits.append((digit, radix))

    def put_number(self, value: int) -> None:
        """A whole number >= 0 of any size: 5-bit chunks, each with a "more follows" flag."""
        while True:
            value, chunk = divmod(value, _CHUNK)
            self.put(chunk, _CHUNK)
            self.put(int(value > 0), 2)
            if not value:
                return

    def number(self) -> int:
        total = 0
        for digit, radix in reversed(self.digits):
            total = total * radix + digit
        return total


class _Reader:
    """Takes the digits of a ``_Writer``'s number back, in the order they were put."""

    def __init__(self, number: int) -> None:
        self.rest = number

    def take(self, radix: int) -> int:
        self.rest, digit = divmod(self.rest, radix)
        return digit

    def take_number(self, what: str) -> int:
        """A ``_Writer.put_number``; ``what`` ("rule", "seed" or "number of moves") says
        which, in a damaged code's reason."""
        value: int = 0  # int ** int is typed Any (a negative power is a float)
        for chunk in range(_MAX_CHUNKS):
            value += self.take(_CHUNK) * _CHUNK**chunk
            if not self.take(2):
                return value
        too_large = {
            "rule": _("this code is damaged: its rule is far too large"),
            "seed": _("this code is damaged: its seed is far too large"),
            "number of moves": _("this code is damaged: its number of moves is far too large"),
        }
        raise ValueError(too_large[what])


# -- rules: only the switches that differ from the standard rules ---------------------------
def _put_rules(out: _Writer, rules: Any) -> None:
    changed = [s for s in switches(rules) if getattr(rules, s.name) != s.default]
    out.put(int(bool(changed)), 2)
    if not changed:
        return
    for each in switches(rules):
        value = getattr(rules, each.name)
        out.put(int(each in changed), 2)
        if each not in changed or each.kind == "bool":
            continue
        if each.kind == "int":
            assert each.low is not None and each.high is not None  # int switches are bounded
            out.put(value - each.low, each.high - each.low + 1)
            continue
        values = [v for _, v in each.options]
        index = values.index(value) if value in values else len(values)
        out.put(index, len(values) + 1 if each.open else len(values))
        if index == len(values):  # its own value: ladder and max_size are tuples of ints >= 1
            out.put(len(value), MAX_TUPLE + 1)
            for number in value:
                out.put_number(number)


def _take_rules(reader: _Reader, rules_type: type) -> Any:
    if not reader.take(2):
        return rules_type()
    values: dict[str, Any] = {}
    for each in switches(rules_type):
        if not reader.take(2):
            continue
        if each.kind == "bool":
            values[each.name] = not each.default
        elif each.kind == "int":
            assert each.low is not None and each.high is not None
            values[each.name] = each.low + reader.take(each.high - each.low + 1)
        else:
            options = [v for _, v in each.options]
            index = reader.take(len(options) + 1 if each.open else len(options))
            if index < len(options):
                values[each.name] = options[index]
            else:
                size = reader.take(MAX_TUPLE + 1)
                values[each.name] = tuple(reader.take_number("rule") for _ in range(size))
    try:
        return rules_type(**values)
    except (TypeError, ValueError) as exc:
        said = _("this code is damaged: its rules are not possible ({problem})")
        raise ValueError(said.format(problem=exc)) from None


# -- the deal: a seed, or each part of the deck as a permutation ----------------------------
def _put_permutation(out: _Writer, cards: Sequence[Any], standard: Sequence[Any]) -> None:
    left = list(standard)
    for card in cards:
        index = left.index(card)
        out.put(index, len(left))
        left.pop(index)


def _take_permutation(reader: _Reader, standard: Sequence[Any]) -> tuple[Any, ...]:
    left = list(standard)
    return tuple(left.pop(reader.take(len(left))) for _ in range(len(left)))


def _dealt_by(kind: _Kind, game: Any, seed: int) -> bool:
    fresh = kind.module.Game.new(
        players=game.players, seed=seed, rules=game.rules, first_player=game.first_player
    )
    return bool(kind.deal_of(fresh) == kind.deal_of(game))


# -- the code as text -------------------------------------------------------------------------
def _spell(letter: str, number: int) -> str:
    digits: list[int] = []
    while number:
        number, digit = divmod(number, _BASE)
        digits.append(digit)
    values = [_VALUE[letter], *reversed(digits)]
    symbols = "".join(CODE_SYMBOLS[v] for v in (*values, check_value(values)))
    return "-".join(symbols[i : i + _GROUP] for i in range(0, len(symbols), _GROUP))


def _normal(code: str) -> str:
    return "".join(code.upper().replace("-", " ").split())


# A walkthrough's scripted game has no result code: every pupil's would be the same game
# (``walkthrough_games``). What the pupil making a code is told, and the teacher reading one:
_SCRIPTED_GAME = N_(
    "this is a walkthrough's scripted game ({step}), not a game of your own: it has no result code"
)
_SCRIPTED_CODE = N_(
    "this code comes from a walkthrough's scripted game ({step}), not a game the pupil "
    "played: ask the pupil for the code of a game of their own"
)


def _refuse_scripted(game: Any, said: str) -> None:
    """ValueError ``said`` (marked ``N_``; ``{step}``: the step in words) in the session's
    language when ``game`` is a walkthrough's scripted game."""
    shown = walkthrough_step(game)
    if shown is not None:
        raise ValueError(_(said).format(step=shown))


def result_code(game: Any, player: int = 0, seed: int | None = None) -> str:
    """The result code of a finished game, for the pupil who played ``player`` (default 0,
    the seat a board gives its user).

    ``seed``, when the game was dealt by ``Game.new`` with that seed and the game's players,
    rules and first player, makes the code much shorter; a seed that does not deal this game
    is ignored and the deal itself is stored. Only games dealt from the standard cards, with a
    code of at most ``MAX_SYMBOLS`` symbols (stacked trees tables of up to about 40 players),
    have a code; a game a rule walkthrough plays (``walkthrough_games``) has none.
    TypeError for a value that is not a game, ValueError for a game that is not over.

    >>> from orchard_lab import apple_batches as ab
    >>> game = ab.Game.new(players=1, seed=2)
    >>> while not game.is_over:
    ...     game.play(game.legal_moves()[0])
    >>> result_code(game, seed=2)
    'AM9J-7'
    """
    kind = _kind_of(game)
    if kind is None:
        titles = ", ".join(kind.title for kind in kinds().values())
        raise TypeError(f"game must be a Game of {titles}, not {type(game).__name__}")
    player = check_int(player, "player", 0, game.players - 1)
    if seed is not None:
        seed = check_int(seed, "seed", 0)
    if not game.is_over:
        raise ValueError(_("a result code is for a finished game: finish the game first"))
    _refuse_scripted(game, _SCRIPTED_GAME)
    code = _pack(kind, game, player, seed)
    if len(code.replace("-", "")) > MAX_SYMBOLS:
        said = _(
            "this game is too big for a result code ({players} players): a code holds at most "
            "{symbols} symbols"
        )
        raise ValueError(said.format(players=game.players, symbols=MAX_SYMBOLS))
    return code


def _pack(kind: _Kind, game: Any, player: int, seed: int | None) -> str:
    """The code of ``game`` as it stands (finished or not)."""
    parts = kind.deal_of(game)
    if parts is None:
        said = _("only games dealt from the standard {game} cards have a result code")
        raise ValueError(said.format(game=_(kind.title)))
    facts = kind.module.FACTS
    out = _Writer()
    out.put(game.players - facts.min_players, facts.max_players - facts.min_players + 1)
    out.put(game.first_player, game.players)
    out.put(player, game.players)
    _put_rules(out, game.rules)
    seeded = seed is not None and seed <= MAX_SEED and _dealt_by(kind, game, seed)
    out.put(int(seeded), 2)
    if seeded:
        assert seed is not None
        out.put_number(seed)
    else:
        for cards, standard in zip(parts, kind.standard(), strict=True):
            _put_permutation(out, cards, standard)
    replay = kind.build(game.players, game.rules, game.first_player, parts)
    out.put_number(len(game.history))
    for _player, move in game.history:
        legal = replay.legal_moves()
        out.put(legal.index(move), len(legal))
        replay.play(move)
    return _spell(kind.letter, out.number())


# -- reading a code back ---------------------------------------------------------------------
@dataclass(frozen=True)
class Result:
    """A replayed result code: which game, the rules, the scores, who won, who the pupil was.

    ``game`` is the replayed engine game; ``seed`` is None when the code stores the deal.
    """

    code: str
    name: str
    title: str
    rules: Any
    players: int
    player: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seed: int | None
    deal: tuple[tuple[Any, ...], ...]
    game: Any

    @property
    def score(self) -> int:
        """The pupil's score."""
        return self.scores[self.player]

    @property
    def won(self) -> bool:
        """Whether the pupil is among the winners (a solo game is always won)."""
        return self.player in self.winners

    @property
    def rating(self) -> str | None:
        """The stacked trees rating of the pupil's score (ST-6); None for the other games."""
        return st.rating(self.score) if self.name == st.FACTS.name else None

    @property
    def rules_text(self) -> str:
        """The switches that differ from the standard rules, in words."""
        return describe_rules(self.rules)


def read_result(code: str) -> Result:
    """Replay a result code through the engine. ValueError, in a sentence a teacher can act
    on, for a code with a typing mistake, a cut-off code, an unknown game, a damaged code,
    an unfinished game or a game a rule walkthrough plays (``walkthrough_games``), which is
    no pupil's own; TypeError when ``code`` is not text.

    Upper or lower case, spaces and dashes do not matter.

    >>> read_result("am9j 7").scores
    (15,)
    >>> read_result("AM9J-8")
    Traceback (most recent call last):
    ...
    ValueError: this code has a typing mistake: ...
    """
    check_type(code, str, "code")
    text = _normal(code)
    if len(text) > MAX_SYMBOLS:
        said = _("this is not a result code: it is far too long ({count} symbols)")
        raise ValueError(said.format(count=len(text)))
    if not text:
        raise ValueError(_("this line has no result code"))
    wrong = sorted({symbol for symbol in text if symbol not in _VALUE})
    if wrong:
        said = _(
            "{symbol} is not used in result codes (they use 2-9 and the letters except I, O "
            "and U): check the code"
        )
        raise ValueError(said.format(symbol=repr(wrong[0])))
    if len(text) < 3:
        raise ValueError(_("this code is cut off: it is too short to hold a game"))
    values = [_VALUE[symbol] for symbol in text]
    if check_value(values[:-1]) != values[-1]:
        if _is_deal_code(code):
            raise ValueError(
                _(
                    "this is a stacked trees deal code (it deals the cards of a challenge), "
                    "not a result code: the result code is shown at the end of the game"
                )
            )
        raise ValueError(
            _(
                "this code has a typing mistake: a symbol is wrong or missing, or two are "
                "swapped; ask the pupil to copy it again"
            )
        )
    if values[1] == 0 and len(values) > 2:  # the lab never writes a leading zero
        raise ValueError(_("this code is damaged: ask the pupil to copy it again"))
    known = kinds()
    kind = known.get(text[0])
    if kind is None:
        starts = ", ".join(f"{letter} ({_(k.title)})" for letter, k in known.items())
        said = _(
            "this code starts with {letter}, which names no game: result codes start with {starts}"
        )
        raise ValueError(said.format(letter=repr(text[0]), starts=starts))
    number = 0
    for value in values[1:-1]:
        number = number * _BASE + value
    return _replay(
        kind, _Reader(number), "-".join(text[i : i + _GROUP] for i in range(0, len(text), _GROUP))
    )


def _is_deal_code(code: str) -> bool:
    try:
        read_code(code)
    except ValueError:
        return False
    return True


def _replay(kind: _Kind, reader: _Reader, code: str) -> Result:
    facts = kind.module.FACTS
    players = facts.min_players + reader.take(facts.max_players - facts.min_players + 1)
    first = reader.take(players)
    player = reader.take(players)
    rules = _take_rules(reader, kind.module.Rules)
    seed: int | None = None
    try:
        if reader.take(2):
            seed = reader.take_number("seed")
            game = kind.module.Game.new(players=players, seed=seed, rules=rules, first_player=first)
            parts = kind.deal_of(game)
            assert parts is not None  # Game.new deals the standard cards
        else:
            parts = tuple(_take_permutation(reader, cards) for cards in kind.standard())
            game = kind.build(players, rules, first, parts)
    except ValueError as exc:  # e.g. rules that leave no room for the cards (WD-3)
        said = _("this code is damaged: its game cannot be dealt ({problem})")
        raise ValueError(said.format(problem=exc)) from None
    moves = reader.take_number("number of moves")
    if moves > MAX_MOVES:
        raise ValueError(_("this code is damaged: it holds more moves than any game has"))
    for number in range(1, moves + 1):
        legal = game.legal_moves()
        if not legal:
            said = _(
                "this code is damaged: it goes on after the end of the game (move {number} of "
                "{moves})"
            )
            raise ValueError(said.format(number=number, moves=moves))
        game.play(legal[reader.take(len(legal))])
    if not game.is_over:
        said = _(
            "this {game} game is not finished (it stops after move {moves}): the result code "
            "is shown when the game is over"
        )
        raise ValueError(said.format(game=_(kind.title), moves=moves))
    if reader.rest:
        raise ValueError(
            _(
                "this code is damaged: it is longer than its game (extra symbols, or a symbol "
                "cut off); ask the pupil to copy it again"
            )
        )
    _refuse_scripted(game, _SCRIPTED_CODE)
    return Result(
        code=code,
        name=kind.name,
        title=kind.title,
        rules=rules,
        players=players,
        player=player,
        scores=tuple(game.scores()),
        winners=tuple(game.winners()),
        seed=seed,
        deal=parts,
        game=game,
    )
