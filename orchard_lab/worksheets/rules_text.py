"""The rules of one game as a class reads them: docs/rules.md, cut per rule id.

The package carries ``docs/rules.md`` as ``orchard_lab/data/rules.md``, a symbolic link to it
in the repository (building the wheel copies the text in), so an installed orchard_lab
prints the same rules as the repository and the two cannot drift apart. The rule ids
come from the engine (each game's ``FACTS.rules``), so a rule the engine has and the text
lacks is an error, not a gap on the sheet.

For a class, each rule keeps its words and its tables of points, without what the class
does not need at the table: the switch tables (the "what if?" choices; the sheet is the
standard rules) and code or file names in brackets, such as ``(`rotten=True`)``.

>>> rules = game_rules("stacked_trees")
>>> list(rules)[:3]
['ST-1', 'ST-2', 'ST-3']
>>> rules["ST-5"].split(".")[0]
'**ST-5 Rotten fruit'
>>> "rotten=True" in rules["ST-5"]
False

Each game's section ends with its readings, for the teacher: a note, then a table of where
the published rules disagree or say nothing (``game_readings``). The catalogues carry each
cell whole, so the teacher's page is drawn in every language from this one text.

>>> readings = game_readings("water drops")
>>> readings.header
('where', 'what the published rules say', 'the standard rules read', 'switch')
>>> readings.rows[0][0], len(readings.rows)
('the turn (WD-2)', 9)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from orchard_lab import games
from orchard_lab.core import check_type

__all__ = ["GameText", "Readings", "game_readings", "game_rules", "game_text", "rules_markdown"]

CODE_IN_BRACKETS = re.compile(r"\s?\(`[^`]*[=(/.][^`]*`[^()]*\)")  # not "(`monochrome`)"
SWITCHES_NOTE = re.compile(r"^(Switches of |\*\*Readings of )")  # notes for the teacher
READINGS = re.compile(r"^\*\*Readings of ([^*]+)\.\*\*", re.MULTILINE)


@dataclass(frozen=True)
class GameText:
    """One game's section of docs/rules.md: its title, the words before the first rule,
    and each rule's text (Markdown) by id, in the engine's order."""

    title: str
    intro: str
    rules: dict[str, str]


def rules_markdown() -> str:
    """The text of docs/rules.md, as the package carries it."""
    return files("orchard_lab").joinpath("data", "rules.md").read_text(encoding="utf-8")


def _for_the_class(block: str) -> bool:
    """False for a switch table (its header has a "standard rules" column) or its note."""
    header = block.splitlines()[0]
    switch_table = header.startswith("|") and "standard rules" in header
    return not (switch_table or SWITCHES_NOTE.match(block))


def game_text(game: str) -> GameText:
    """The section about ``game`` (a registered game: "apple_batches", "water_drops",
    "stacked_trees", ...) of docs/rules.md, or of the game's own ``rules_text``, cut per rule,
    for a class."""
    check_type(game, str, "game")
    entry = games.entry(game)
    facts = entry.module.FACTS
    title = facts.title.capitalize()
    source = "docs/rules.md" if entry.rules_text is None else Path(entry.rules_text).name
    markdown = (
        rules_markdown()
        if entry.rules_text is None
        else Path(entry.rules_text).read_text(encoding="utf-8")
    )
    sections = re.split(r"^-{20,}\n## ", markdown, flags=re.MULTILINE)
    section = next((s for s in sections if s.startswith(f"{title}\n")), None)
    if section is None:
        raise ValueError(f"{source} has no section '## {title}'")
    blocks = [b.strip() for b in section.split("\n\n")[1:] if b.strip()]
    blocks = [CODE_IN_BRACKETS.sub("", b) for b in blocks if _for_the_class(b)]
    starts = {
        rule: i for i, b in enumerate(blocks) for rule in facts.rules if b.startswith(f"**{rule} ")
    }
    missing = [rule for rule in facts.rules if rule not in starts]
    if missing:
        raise ValueError(f"{source} has no text for {', '.join(missing)} of {facts.title}")
    order = sorted(starts.values())
    ends = dict(zip(order, [*order[1:], len(blocks)], strict=True))
    rules = {rule: "\n\n".join(blocks[i : ends[i]]) for rule, i in starts.items()}
    return GameText(title, "\n\n".join(blocks[: order[0]]), {r: rules[r] for r in facts.rules})


def game_rules(game: str) -> dict[str, str]:
    """Each rule of ``game`` by id, as Markdown for a class (``game_text(game).rules``)."""
    return game_text(game).rules


@dataclass(frozen=True)
class Readings:
    """One game's readings in docs/rules.md: the note before the table (Markdown), the
    table's header, and its rows, each cell as written (Markdown)."""

    note: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def game_readings(name: str) -> Readings:
    """The readings of the game called ``name`` ("apple batches", "water drops", ...) in
    docs/rules.md: the block that starts "**Readings of NAME.**"."""
    check_type(name, str, "name")
    text = rules_markdown()
    found = next((m for m in READINGS.finditer(text) if m.group(1) == name), None)
    if found is None:
        raise ValueError(f"docs/rules.md has no '**Readings of {name}.**'")
    note, table = text[found.start() :].split("\n\n---", 1)[0].split("\n\n", 1)
    header, _separator, *rows = table.strip().splitlines()
    cells = tuple(_cells(row) for row in rows)
    if any(len(row) != 4 for row in (_cells(header), *cells)):  # where, words, reading, switch
        raise ValueError(f"docs/rules.md: a row of the readings of {name} has not 4 cells")
    return Readings(note, _cells(header), cells)
