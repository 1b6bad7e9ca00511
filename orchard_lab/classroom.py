"""Checking a class's results: pasted lines of "name: result code", replayed and ranked.

Every code is replayed through the engine (``read_result``), so the scores are verified, not
typed. Pupils who played the same game on the same deal with the same rules form a group;
within a group they are ranked by score. A line that cannot be read is listed with the
reason, and the rest of the class is still checked. For stacked trees each group also gets
the best line of its deal, found by ``stacked_trees.search.best_line`` with a node limit,
so every machine finds the same line.

The sentences a teacher reads (a refused line's reason, the summary, a group's label) are
in the session's language (``orchard_lab.language``) when ``class_results`` or ``summary``
runs; ``Row.at_table`` and ``Group.title`` stay English words, shown with ``_p`` / ``_``
(``at_table_words``, ``orchard_lab.language._``).

>>> from orchard_lab import stacked_trees as st
>>> game = st.Game.new(seed=4)
>>> while not game.is_over:
...     game.play(game.legal_moves()[0])
>>> table = class_results(f"Ana: {result_code(game, seed=4)}\\nBen: S2", best_lines=False)
>>> [(row.name, row.score, row.place) for row in table.rows]
[('Ana', 2, 1)]
>>> table.refused[0].reason
'this code is cut off: it is too short to hold a game'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from orchard_lab import stacked_trees as st
from orchard_lab.core import check_bool, check_type
from orchard_lab.language import _, _n, _p
from orchard_lab.result_codes import Result, read_result, result_code
from orchard_lab.stacked_trees.codes import deal_code

__all__ = [
    "BEST_LINE_NODES",
    "MAX_BEST_LINES",
    "MAX_LINES",
    "NAME_LENGTH",
    "ClassResults",
    "Group",
    "Refused",
    "Row",
    "at_table_words",
    "class_results",
    "clean_name",
    "read_result",
    "result_code",
    "summary",
    "table_headings",
]

BEST_LINE_NODES = 5000  # positions best_line searches per deal: the same line on any machine
MAX_BEST_LINES = 10  # stacked trees deals searched per check (about 0.6 s each), the first ones
MAX_LINES = 500  # lines in one paste
MAX_TEXT = 200_000  # characters in one paste
NAME_LENGTH = 60  # a longer name is cut (the table stays readable)


@dataclass(frozen=True)
class Row:
    """One pupil's verified result: ``place`` is the rank within the group (ties share it)."""

    name: str
    line: int
    group: int
    place: int
    result: Result

    @property
    def score(self) -> int:
        return self.result.score

    @property
    def won(self) -> bool:
        """Whether the pupil won the game at their own table (always, playing solo)."""
        return self.result.won

    @property
    def rating(self) -> str | None:
        return self.result.rating

    @property
    def at_table(self) -> str:
        """How the pupil did at their own table: "solo", "won" or "lost"."""
        if self.result.players == 1:
            return "solo"
        return "won" if self.won else "lost"


def at_table_words(row: Row) -> str:
    """How ``row``'s pupil did at their own table, in the session's language: "solo", "won",
    or "lost" with the table's best score, since the pupils who beat them may have sent no
    code (or not one that counts) and so be missing from the group.

    >>> from orchard_lab import water_drops as wd
    >>> game = wd.Game.new(players=2, seed=1)
    >>> while not game.is_over:
    ...     game.play(game.legal_moves()[0])
    >>> game.scores()
    [38, 24]
    >>> at_table_words(class_results(f"Ana: {result_code(game, player=1)}").rows[0])
    "lost (the table's best: 38)"
    """
    if row.at_table == "lost":
        said = _p(
            "class results: how a pupil did at their table", "lost (the table's best: {best})"
        )
        return said.format(best=max(row.result.scores))
    if row.at_table == "won":
        return _p("class results: how a pupil did at their table", "won")
    return _p("class results: how a pupil did at their table", "solo")


def table_headings() -> tuple[str, str, str, str, str]:
    """The class results table's headings in the session's language: place, name, score,
    at the table, rating."""
    return (
        _p("class results: a column", "place"),
        _p("class results: a column", "name"),
        _p("class results: a column", "score"),
        _p("class results: a column", "at the table"),
        _p("class results: a column", "rating"),
    )


@dataclass(frozen=True)
class Refused:
    """A pasted line that is not a verified result, and why."""

    line: int
    name: str
    text: str
    reason: str


@dataclass(frozen=True)
class Group:
    """Pupils who played one game on one deal with the same rules and table size.

    ``best`` is the best line of the deal for stacked trees (None for the other games or when
    not asked for).
    """

    number: int
    title: str
    deal: str
    label: str
    rows: tuple[Row, ...]
    best: st.BestLine | None


@dataclass(frozen=True)
class ClassResults:
    """The ranked rows (group by group, best score first), the groups and the refused lines.

    ``shared_names`` are the names that more than one counted line gives (in the order they
    first appear): two pupils with one name, or one pupil's name typed twice.
    """

    rows: tuple[Row, ...]
    groups: tuple[Group, ...]
    refused: tuple[Refused, ...]
    shared_names: tuple[str, ...]


def summary(results: ClassResults) -> str:
    """One paragraph on a check: what was verified, what was refused, which names repeat.

    >>> summary(class_results("Ben: S2"))
    '0 results verified in 0 groups; 1 line refused (below).'
    """
    verified, refused = len(results.rows), len(results.refused)
    groups = _n("{count} group", "{count} groups", len(results.groups))
    said = _n(
        "{count} result verified in {groups}", "{count} results verified in {groups}", verified
    ).format(count=verified, groups=groups.format(count=len(results.groups)))
    if refused:
        text = _n(
            "{verified}; {count} line refused (below).",
            "{verified}; {count} lines refused (below).",
            refused,
        ).format(verified=said, count=refused)
    else:
        text = _("{verified}.").format(verified=said)
    names = results.shared_names
    if names:
        text += " " + _n(
            "The name {names} is on more than one line (marked “same name” below): check who "
            "is who.",
            "The names {names} are on more than one line (marked “same name” below): check "
            "who is who.",
            len(names),
        ).format(names=", ".join(names))
    return text


def clean_name(name: str) -> str:
    """A pupil's name as the results keep it: one space between words, at most
    ``NAME_LENGTH`` characters.

    >>> clean_name("  Ana    Lopez ")
    'Ana Lopez'
    """
    return " ".join(name.split())[:NAME_LENGTH]


def _split(line: str, number: int) -> tuple[str, str]:
    """A line's (name, code): the name is what comes before the last colon."""
    name, colon, code = line.rpartition(":")
    name = clean_name(name) if colon else ""
    return name or _("line {number}").format(number=number), code


def _deal_label(result: Result, unseeded: int) -> str:
    """How a group's deal is named: its code (stacked trees), its seed, or, for a deal a code
    writes out, its number among the deals without a seed (so two such groups differ)."""
    if result.name == st.FACTS.name:
        return _("deal {code}").format(code=deal_code(result.game.order))
    if result.seed is not None:
        return _("seed {seed}").format(seed=result.seed)
    return _("deal {number} without a seed").format(number=unseeded)


def _group_label(result: Result, deal: str) -> str:
    game = _(result.title)
    if result.name == st.FACTS.name:  # every orchard is a solo game on the same cards (ST-7)
        return f"{game}, {deal}, {result.rules_text}"
    players = _n("{count} player", "{count} players", result.players)
    return f"{game}, {deal}, {players.format(count=result.players)}, {result.rules_text}"


def _group_key(result: Result) -> tuple[object, ...]:
    """Stacked trees: the cards in play and the rules; the drafting games: the whole deal, the
    rules and the table size (other players change which cards a pupil can take)."""
    if result.name == st.FACTS.name:
        return (result.name, result.rules, result.game.order)
    return (result.name, result.rules, result.players, result.deal)


def _same_game(result: Result) -> tuple[object, ...]:
    """What makes two codes one pupil's game. Stacked trees: the orchard the pupil built (the
    cards, the rules and the pupil's own placements), whatever the table size or seat the code
    names, since each orchard is a game of its own (ST-7). The drafting games: the whole game
    and the seat; two pupils who shared one table have a seat each."""
    if result.name == st.FACTS.name:
        own = tuple(move for player, move in result.game.history if player == result.player)
        return (result.name, result.rules, result.game.order, own)
    return (result.name, result.player, result.game.to_json())


def _places(scores: list[int]) -> list[int]:
    """Competition ranking of scores already sorted from best: 1, 2, 2, 4."""
    return [1 + sum(other > score for other in scores) for score in scores]


def class_results(text: str, *, best_lines: bool = True) -> ClassResults:
    """Check a class: ``text`` holds one "name: code" per line (blank lines are skipped).

    Each code is replayed; lines that fail are listed in ``refused`` with the reason, and the
    same game pasted twice (even written with and without its seed, or a stacked trees orchard
    written for another table size or seat) is refused the second time: each pupil has a game
    of their own. Names given on more than one counted line are in ``shared_names``.
    ``best_lines=False`` skips the stacked trees best-line searches (a fraction of a second
    per deal; only the first ``MAX_BEST_LINES`` deals are searched). TypeError if ``text`` is
    not text; ValueError for a paste of more than ``MAX_LINES`` lines.
    """
    check_type(text, str, "text")
    best_lines = check_bool(best_lines, "best_lines")
    if len(text) > MAX_TEXT:
        raise ValueError(f"text must be at most {MAX_TEXT} characters, got {len(text)}")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise ValueError(f"text must hold at most {MAX_LINES} lines, got {len(lines)}")
    read: list[tuple[str, int, Result]] = []
    refused: list[Refused] = []
    seen: dict[tuple[object, ...], str] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        name, code = _split(line, number)
        try:
            result = read_result(code)
        except ValueError as exc:
            refused.append(Refused(number, name, line.strip()[: NAME_LENGTH * 2], str(exc)))
            continue
        game = _same_game(result)
        if game in seen:
            reason = _("the same game as {name}'s code: each pupil has their own").format(
                name=seen[game]
            )
            refused.append(Refused(number, name, line.strip()[: NAME_LENGTH * 2], reason))
            continue
        seen[game] = name
        read.append((name, number, result))
    return _rank(read, refused, best_lines)


def _rank(
    read: list[tuple[str, int, Result]], refused: list[Refused], best_lines: bool
) -> ClassResults:
    by_key: dict[tuple[object, ...], list[tuple[str, int, Result]]] = {}
    for entry in read:
        by_key.setdefault(_group_key(entry[2]), []).append(entry)
    groups = []
    rows: list[Row] = []
    searched = unseeded = 0
    for number, entries in enumerate(by_key.values(), 1):
        entries.sort(key=lambda entry: (-entry[2].score, entry[1]))
        places = _places([entry[2].score for entry in entries])
        group_rows = tuple(
            Row(name, line, number, place, result)
            for (name, line, result), place in zip(entries, places, strict=True)
        )
        first = entries[0][2]
        named = next((result for _name, _line, result in entries if result.seed is not None), first)
        best = None
        if best_lines and first.name == st.FACTS.name and searched < MAX_BEST_LINES:
            searched += 1
            best = st.best_line(
                first.game.order,
                first.rules,
                node_limit=BEST_LINE_NODES,
            )
        if named.seed is None and named.name != st.FACTS.name:
            unseeded += 1
        deal = _deal_label(named, unseeded)
        group = Group(number, first.title, deal, _group_label(named, deal), group_rows, best)
        groups.append(group)
        rows += group_rows
    names = Counter(name for name, _line, _result in read)
    shared = tuple(name for name in names if names[name] > 1)
    return ClassResults(tuple(rows), tuple(groups), tuple(refused), shared)
